"""`make bench`: each workload built by kitgen through the real CLI path, and
by a plain-ReportLab script doing the same drawing, alternating in the same
run so the ratio holds on a noisy machine: a warm-up of each, then pairs of
runs. Each run's time is the child's CPU time (user + system): on a machine
other jobs share, its wall time also counts the time it waited for a CPU.
The ratio is the median of the pairs' ratios (a pair's two runs met the same
load), with the lowest and highest after it. One line per workload:

    bench W3 kitgen=1.02s baseline=1.10s ratio=0.93 (0.90-0.97) wall=1.05s/1.12s ...

With --instructions (`make bench CALLGRIND=1`) each side is also run once under
valgrind's callgrind, and the instructions it executed (the whole process) are
printed with their ratio: a count the machine's load does not change.

    bench W3 instructions kitgen=4550.1M baseline=3394.2M ratio=1.341
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
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


# Instruction counts are the same run to run only if str hashes are: a set's order
# changes which branches run.
COUNT_ENV = {**ENV, "PYTHONHASHSEED": "0"}


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


def callgrind_total(out_file: Path) -> int:
    """The instructions a callgrind run counted: its `summary:` (or `totals:`) line."""
    totals = None
    for line in out_file.read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("summary", "totals"):
            totals = int(value.split()[0])
    if totals is None:
        raise ValueError(f"{out_file}: no summary line (not a callgrind output file?)")
    return totals


def instructions(cmd: list[str]) -> int:
    """The instructions `cmd` executes as a whole process, counted by callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        out_file = Path(tmp) / "callgrind.out"
        grind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out_file}"]
        done = subprocess.run(
            grind + cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=COUNT_ENV
        )
        if done.returncode != 0:
            sys.exit(f"failed under callgrind: {' '.join(cmd)}\n{done.stderr.decode()[-2000:]}")
        return callgrind_total(out_file)


def commands(name: str) -> tuple[list[str], list[str] | None, Path, Path]:
    """kitgen's build of the workload and the baseline's drawing of it (None for no
    baseline), each as a bare process; then kitgen's output folder and the baseline's PDF."""
    games, baseline_args, out_dir = prepare(name, WORK)
    py = sys.executable
    kit_cmd = [
        py,
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
    base_cmd = [py, str(HERE / "baseline.py"), *baseline_args, str(base_pdf)]
    return kit_cmd, base_cmd if baseline_args else None, out_dir, base_pdf


def measure(name: str, runs: int) -> dict:
    kit_bare, base_bare, out_dir, _ = commands(name)
    report = WORK / f"{name}.rss.json"
    wrap = [sys.executable, str(HERE / "measure.py"), str(report)]
    kit_cmd = wrap + kit_bare[1:]
    base_cmd = wrap + base_bare[1:] if base_bare else None
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


def count_line(name: str) -> str:
    """The workload's instructions line: kitgen's build against the baseline's drawing,
    each run once under callgrind (after the timed runs, so .pyc files are written)."""
    kit_cmd, base_cmd, _, _ = commands(name)
    assert base_cmd is not None
    kit, base = instructions(kit_cmd), instructions(base_cmd)
    return (
        f"bench {name} instructions kitgen={kit / 1e6:.1f}M baseline={base / 1e6:.1f}M "
        f"ratio={kit / base:.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*", default=[*WORKLOADS, "serve"])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count each side's instructions under callgrind (needs valgrind)",
    )
    args = parser.parse_args()
    if args.instructions and shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (Debian's package valgrind): not found")
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
            c = serve_edit.measure_cpu(WORK)  # issue 41's target: 1 s of CPU
            print(
                f"bench serve W3 rebuild cpu={c['seconds']:.2f}s (10,000 counters + one "
                f"edited counter; {c['rendered']} of {c['pages']} pages re-rendered)",
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
        if args.instructions and r["baseline"]:  # W5 has nothing to compare with
            print(count_line(name), flush=True)
    if "W1" in results and "W3" in results:  # issue 8's scale targets: about 10 and 1.5
        w1, w3 = results["W1"], results["W3"]
        print(
            f"bench scale W3/W1 time={w3['kitgen'] / w1['kitgen']:.1f}x "
            f"peak={w3['peak_mib'] / w1['peak_mib']:.2f}x"
        )


if __name__ == "__main__":
    main()
