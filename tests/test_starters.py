"""`kitgen new`: every template makes a game that checks and builds with no warning,
whose comments point at sections docs/format.md really has."""

from __future__ import annotations

import re

import pytest

from kitgen.starters import TEMPLATES, starter_files
from tests.conftest import ROOT, read_manifest, run_cli


def anchors() -> set[str]:
    """GitHub's anchors for docs/format.md's headings."""
    out = set()
    for line in (ROOT / "docs/format.md").read_text().splitlines():
        m = re.match(r"^#+ (.*)", line)
        if m:
            text = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
            out.add(text)
    return out


@pytest.mark.parametrize("template", TEMPLATES)
def test_a_new_game_checks_and_builds_clean(tmp_path, template):
    folder = tmp_path / "my-game"
    made = run_cli("new", str(folder), "--template", template)
    assert made.exit_code == 0, made.stderr
    assert f"kitgen: next: kitgen serve {folder}" in made.stderr
    checked = run_cli("check", str(folder))
    held = " with 1 scenario" if template == "full" else ""  # the full one has a scenario
    assert checked.exit_code == 0 and checked.stderr == f"ok: 1 game{held} checked\n"
    built = run_cli("build", str(folder), "-o", str(tmp_path / "out"))
    assert built.exit_code == 0 and "warning" not in built.stderr, built.stderr
    manifest = read_manifest(tmp_path / "out" / "my-game")
    assert manifest["title"] == "My Game" and manifest["files"]


@pytest.mark.parametrize("template", TEMPLATES)
def test_template_comments_point_at_real_sections(tmp_path, template):
    known = anchors()
    for name, text in starter_files(template, tmp_path / "g").items():
        for anchor in re.findall(r"docs/format\.md#([\w-]+)", text):
            assert anchor in known, f"{template}/{name}: no section #{anchor} in docs/format.md"


def test_new_refuses_a_folder_with_anything_in_it(tmp_path):
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    result = run_cli("new", str(tmp_path / "taken"))
    assert result.exit_code == 2
    assert f"Error: {tmp_path / 'taken'} already exists and is not empty: choose a new folder" in (
        result.stderr
    )
    assert (tmp_path / "taken" / "notes.txt").read_text() == "mine"


def test_new_refuses_a_name_that_cannot_be_an_id(tmp_path):
    result = run_cli("new", str(tmp_path / "wé ird!"))
    assert result.exit_code == 2
    assert "'wé ird!' cannot be a game id: use letters, digits" in result.stderr


def test_a_new_game_where_no_folder_can_be_made_is_a_usage_error(tmp_path):
    (tmp_path / "file").write_text("")
    made = run_cli("new", str(tmp_path / "file" / "game"))
    assert made.exit_code == 2
    assert made.stderr.splitlines()[-1] == (
        f"Error: cannot write {tmp_path / 'file' / 'game'}: Not a directory"
    )
