"""The Makefile's set-up: `make kits` installs only what building needs; the test tools
come with the developer targets. Read with `make -n` (what would run), in a copy."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import ROOT


def dry_run(tmp_path: Path, target: str) -> str:
    """The commands `make TARGET` would run on a fresh clone (no .venv yet)."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / "content" / "patrol").mkdir(parents=True)
    (tmp_path / "content" / "patrol" / "game.yaml").write_text("title: Patrol\n")
    done = subprocess.run(
        ["make", "-n", target], cwd=tmp_path, capture_output=True, text=True, check=True
    )
    return done.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_make_kits_installs_only_what_building_needs(tmp_path: Path) -> None:
    commands = dry_run(tmp_path, "kits")
    installs = [line for line in commands.splitlines() if "pip install" in line]
    assert installs == [
        ".venv/bin/python -m pip install --disable-pip-version-check --progress-bar off -e ."
    ]
    assert "kitgen build content/patrol -o output" in commands
    # pip's own lines (not -q) are the progress a newcomer sees while it fetches
    assert " -q " not in installs[0]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
def test_the_test_tools_come_with_the_developer_targets(tmp_path: Path) -> None:
    commands = dry_run(tmp_path, "lint")
    installs = [line for line in commands.splitlines() if "pip install" in line]
    assert installs[-1].endswith("-e '.[dev]'")
    said = "make: adding the test tools to .venv (first run only): pytest, ruff, mypy"
    assert said in commands
