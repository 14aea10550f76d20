"""Start-up stays light: a counters build imports only what it uses (no timings here;
benchmarks/ measures). Each check runs in a fresh interpreter, as the command does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import workloads  # noqa: E402

# Modules a build has no use for unless something goes wrong (difflib: a did-you-mean;
# traceback: KITGEN_DEBUG) or that cost start-up time to use (dataclasses: every class
# compiles its methods at import; kitgen/records.py is the light alternative; fractions
# and decimal, 2 ms: units.py works lengths out in whole numbers).
UNNEEDED = ("difflib", "traceback", "dataclasses", "fractions", "decimal")


def _loaded_after(code: str) -> list[str]:
    """Which of UNNEEDED a fresh interpreter has imported after running `code`."""
    loaded = f"[m for m in {UNNEEDED!r} if m in sys.modules]"
    probe = f"{code}\nimport sys, json\nprint(json.dumps({loaded}))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_the_command_imports_nothing_it_does_not_need() -> None:
    assert _loaded_after("import kitgen.__main__") == []


def test_a_counters_build_imports_nothing_it_does_not_need(tmp_path: Path) -> None:
    games, _, out = workloads.prepare("W1", tmp_path, count=25)
    # Long options only: click looks a short one (-o, -q) up among the long ones first,
    # and its did-you-mean for the miss imports difflib (click's doing, not kitgen's).
    build = (
        "import sys\nfrom kitgen.__main__ import main\n"
        f"sys.argv = ['kitgen', 'build', {str(games[0])!r}, '--output', {str(out)!r}]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
    )
    assert _loaded_after(build) == []
    assert (out / "bench" / "counters.pdf").exists()


def test_a_did_you_mean_still_finds_its_word(tmp_path: Path) -> None:
    """difflib, imported on demand, still answers when a word is wrong."""
    from kitgen.source.fields import close_match, suggest

    assert close_match("colur", ["colour", "size"]) == "colour"
    assert close_match("zzz", ["colour", "size"]) is None
    assert suggest("colur", ["colour", "size"]) == "did you mean 'colour'?"
