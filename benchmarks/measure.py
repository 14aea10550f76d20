"""Run a Python entry point in this process and report its peak memory.

    python measure.py REPORT.json -m kitgen build ...
    python measure.py REPORT.json script.py args...

Timing is taken from outside (the whole process, start-up included); this
wrapper only adds the child's own peak resident size, which
getrusage(RUSAGE_CHILDREN) cannot give per run.
"""

from __future__ import annotations

import json
import resource
import runpy
import sys


def main() -> None:
    report, *args = sys.argv[1:]
    code = 0
    try:
        if args[0] == "-m":
            sys.argv = [args[1], *args[2:]]
            runpy.run_module(args[1], run_name="__main__", alter_sys=True)
        else:
            sys.argv = args
            runpy.run_path(args[0], run_name="__main__")
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    with open(report, "w") as f:
        json.dump({"exit": code, "peak_kib": peak_kib}, f)
    sys.exit(code)


if __name__ == "__main__":
    main()
