"""`make bench`: each workload built by kitgen through the real CLI path, and
by a plain-ReportLab script doing the same drawing, alternating in the same
run so the ratio holds on a noisy machine. Median of several runs after a
warm-up. One line per workload:

    bench W3 kitgen=1.02s baseline=1.10s ratio=0.93 peak=31MiB pdf=512KiB
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / "work"
sys.path.insert(0, str(HERE))

from workloads import WORKLOADS, prepare  # noqa: E402

# Children may write .pyc files, as any installed package has them: otherwise every
# run would time compiling kitgen's source rather than running it.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(cmd: list[str], report: Path) -> tuple[float, int]:
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, env=ENV)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return elapsed, json.loads(report.read_text())["peak_kib"]


def measure(name: str, runs: int) -> dict:
    games, baseline_args, out_dir = prepare(name, WORK)
    report = WORK / f"{name}.rss.json"
    py = sys.executable
    kit_cmd = [
        py,
        str(HERE / "measure.py"),
        str(report),
        "-m",
        "kitgen",
        "build",
        *map(str, games),
        "-o",
        str(out_dir),
        "-q",
        *WORKLOADS[name].get("flags", []),
    ]
    base_pdf = WORK / f"{name}-baseline.pdf"
    base_cmd = (
        [
            py,
            str(HERE / "measure.py"),
            str(report),
            str(HERE / "baseline.py"),
            *baseline_args,
            str(base_pdf),
        ]
        if baseline_args
        else None
    )
    kit_times, base_times, peaks = [], [], []
    timed(kit_cmd, report)  # warm-up: file caches, .pyc
    if base_cmd:
        timed(base_cmd, report)
    for _ in range(runs):
        t, peak = timed(kit_cmd, report)
        kit_times.append(t)
        peaks.append(peak)
        if base_cmd:
            base_times.append(timed(base_cmd, report)[0])
    pdf_bytes = sum(p.stat().st_size for p in out_dir.rglob("*.pdf"))
    return {
        "kitgen": statistics.median(kit_times),
        "baseline": statistics.median(base_times) if base_times else None,
        "peak_mib": max(peaks) / 1024,
        "pdf_kib": pdf_bytes / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*", default=[*WORKLOADS, "serve"])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    WORK.mkdir(exist_ok=True)
    results = {}
    for name in args.workloads:
        if name == "serve":  # not a build: the designer's edit-to-page loop
            import serve_edit

            s = serve_edit.measure(WORK)
            print(
                f"bench serve edit->page={s['seconds']:.2f}s (W1 + one edited counter; "
                f"{s['rendered']} of {s['pages']} pages re-rendered)",
                flush=True,
            )
            continue
        r = results[name] = measure(name, args.runs)
        base = (
            f"baseline={r['baseline']:.2f}s ratio={r['kitgen'] / r['baseline']:.2f}"
            if r["baseline"]
            else "baseline=n/a"
        )
        print(
            f"bench {name} kitgen={r['kitgen']:.2f}s {base} peak={r['peak_mib']:.0f}MiB "
            f"pdf={r['pdf_kib']:.0f}KiB",
            flush=True,
        )
    if "W1" in results and "W3" in results:  # issue 8's scale targets: about 10 and 1.5
        w1, w3 = results["W1"], results["W3"]
        print(
            f"bench scale W3/W1 time={w3['kitgen'] / w1['kitgen']:.1f}x "
            f"peak={w3['peak_mib'] / w1['peak_mib']:.2f}x"
        )


if __name__ == "__main__":
    main()
