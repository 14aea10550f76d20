"""The stored reference output: the sha256 of every file kitgen writes for the seed
kits in content/ (on letter and on each kit's own paper) and for the benchmark
workloads W1-W4 at full size. tests/test_reference.py builds them all again and
compares; a change that alters output on purpose regenerates the store with

    make reference          # = .venv/bin/python tools/reference.py --write

and says so in its commit body. Without --write it prints what differs and exits 1.

ReportLab writes its own banner into every PDF, and the banner changed between
releases: the hashes hold for the ReportLab version stored with them (the one
`make test` installs); the run on the lowest supported version skips the check.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
from pathlib import Path

import reportlab
from click.testing import CliRunner

from kitgen.cli import main as kitgen

ROOT = Path(__file__).resolve().parent.parent
STORE = ROOT / "tests" / "reference.json"
sys.path.insert(0, str(ROOT / "benchmarks"))
import workloads  # noqa: E402

# (name, kitgen build arguments after the game folders); None: the game's own paper
SEED_BUILDS = [("letter", ["--paper", "letter"]), ("default", [])]
WORKLOAD_BUILDS = ["W1", "W2", "W3", "W4"]


def _build(games: list[Path], out: Path, flags: list[str]) -> None:
    result = CliRunner().invoke(
        kitgen, ["build", *map(str, games), "-o", str(out), "-q", *flags], catch_exceptions=False
    )
    if result.exit_code != 0:
        raise RuntimeError(f"kitgen build {games} {flags} failed:\n{result.stderr}")


def _hashes_under(folder: Path, prefix: str) -> dict[str, str]:
    return {
        f"{prefix}/{path.relative_to(folder).as_posix()}": hashlib.sha256(
            path.read_bytes()
        ).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def current() -> dict[str, str]:
    """Build every reference kit into a temporary folder: {label/game/file: sha256}."""
    found: dict[str, str] = {}
    seeds = sorted(p.parent for p in (ROOT / "content").glob("*/game.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for label, flags in SEED_BUILDS:
            out = work / f"seeds-{label}"
            _build(seeds, out, flags)
            found.update(_hashes_under(out, f"seeds-{label}"))
        for name in WORKLOAD_BUILDS:
            games, _, out = workloads.prepare(name, work)
            _build(games, out, workloads.WORKLOADS[name].get("flags", []))
            found.update(_hashes_under(out, name))
    return found


def stored() -> tuple[str, dict[str, str]]:
    """(the ReportLab version the hashes were made with, the hashes)."""
    data = json.loads(STORE.read_text())
    return data["reportlab"], data["files"]


def differences(old: dict[str, str], new: dict[str, str]) -> list[str]:
    """One line per file that is new, gone or changed."""
    lines = [f"changed: {k}" for k in sorted(old.keys() & new.keys()) if old[k] != new[k]]
    lines += [f"new:     {k}" for k in sorted(new.keys() - old.keys())]
    lines += [f"gone:    {k}" for k in sorted(old.keys() - new.keys())]
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the hashes of this build")
    args = parser.parse_args()
    new = current()
    if args.write:
        data = {"reportlab": reportlab.Version, "files": new}
        STORE.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"stored {len(new)} hashes in {STORE.relative_to(ROOT)}")
        return 0
    version, old = stored()
    if version != reportlab.Version:
        print(f"note: the hashes are of ReportLab {version}'s output; this is {reportlab.Version}")
    lines = differences(old, new)
    print("\n".join(lines) or f"all {len(new)} files as stored")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
