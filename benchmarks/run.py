"""`make bench`: each workload built by kitgen through the real CLI path, and
by a plain-ReportLab script doing the same drawing, alternating in the same
run so the ratio holds on a noisy machine: a warm-up of each, then pairs of
runs. Each run's time is the child's CPU time (user + system): on a machine
other jobs share, its wall time also counts the time it waited for a CPU.
The ratio is the median of the pairs' ratios (a pair's two runs met the same
load), with the lowest and highest after it. One line per workload:

    bench W3 kitgen=1.02s baseline=1.10s ratio=0.93 (0.90-0.97) wall=1.05s/1.12s ...
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = HERE / "work"
sys.path.insert(0, str(HERE))

from workloads import WORKLOADS, prepare  # noqa: E402

# Children may write .pyc files, as any installed package has them: otherwise every
# run would time compiling kitgen's source rather than running it.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


class Run(NamedTuple):
    cpu: float  # the child's user + system time, seconds
    wall: float
    peak_kib: int


def timed(cmd: list[str], report: Path) -> Run:
    """Run `cmd` (through measure.py) to its end: its CPU and wall time and peak memory."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=err, env=ENV)
        _, status, usage = os.wait4(child.pid, 0)  # the child's own resource use
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            sys.exit(f"failed: {' '.join(cmd)}\n{err.read().decode()[-2000:]}")
    peak = json.loads(report.read_text())["peak_kib"]
    return Run(usage.ru_utime + usage.ru_stime, wall, peak)


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
    kits: list[Run] = []
    bases: list[Run] = []
    timed(kit_cmd, report)  # warm-up: file caches, .pyc
    if base_cmd:
        timed(base_cmd, report)
    for _ in range(runs):
        kits.append(timed(kit_cmd, report))
        if base_cmd:
            bases.append(timed(base_cmd, report))
    pdf_bytes = sum(p.stat().st_size for p in out_dir.rglob("*.pdf"))
    ratios = sorted(k.cpu / b.cpu for k, b in zip(kits, bases, strict=True)) if bases else []
    return {
        "kitgen": statistics.median(k.cpu for k in kits),
        "baseline": statistics.median(b.cpu for b in bases) if bases else None,
        "ratio": statistics.median(ratios) if ratios else None,
        "spread": (ratios[0], ratios[-1]) if ratios else None,
        "wall": (
            statistics.median(k.wall for k in kits),
            statistics.median(b.wall for b in bases) if bases else None,
        ),
        "peak_mib": max(k.peak_kib for k in kits) / 1024,
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
        kit_wall, base_wall = r["wall"]
        base = (
            f"baseline={r['baseline']:.2f}s ratio={r['ratio']:.2f} "
            f"({r['spread'][0]:.2f}-{r['spread'][1]:.2f}) wall={kit_wall:.2f}s/{base_wall:.2f}s"
            if r["baseline"]
            else f"baseline=n/a wall={kit_wall:.2f}s"
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
