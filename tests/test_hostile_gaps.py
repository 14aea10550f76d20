# ruff: noqa: E501  (messages are compared whole, one per line)
"""Gaps the held-back checks found: scenario areas written before the areas their test
names, names of the game's rules that no map has, and exact messages for each."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.hostile_corpus import BASE, GOODPNG, SCEN, write

SCEN_RULE = (
    "constraints:\n  - {kind: placement, name: near, pieces: {side: red}, where: {area: near}}\n"
)


def _lines(tmp_path: Path, files: dict, code: int = 1) -> list[str]:
    write(tmp_path / "g", files)
    run = run_cli("check", str(tmp_path / "g"))
    assert run.exit_code == code, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    return [line.replace(f"{tmp_path}/", "") for line in run.stderr.splitlines()]


def _scenario(areas: str) -> dict:
    scen = SCEN.replace("title: First fight", f"areas:\n{areas}title: First fight") + SCEN_RULE
    return {"game.yaml": BASE, "scenarios/s.yaml": scen}


def test_an_area_may_name_an_area_written_after_it(tmp_path):
    # `near` was resolved before `base`, so it came out empty and A1 was "not in area near"
    later = "  near: {where: {adjacent_to: {area: base}}}\n  base: [A1, A2]\n"
    earlier = "  base: [A1, A2]\n  near: {where: {adjacent_to: {area: base}}}\n"
    expected = "g/scenarios/s.yaml:{}:9: error: sides[0].placements[1]: soldier-red on cell B3 (Open ground) is not in area near (rule at scenarios/s.yaml:18:5)"
    assert _lines(tmp_path / "a", _scenario(later)) == [
        expected.format(12),
        "1 error(s), 0 warning(s)",
    ]
    assert _lines(tmp_path / "b", _scenario(earlier)) == [
        expected.format(12),
        "1 error(s), 0 warning(s)",
    ]


def test_areas_defined_by_each_other_are_an_error_at_the_area_that_closes_the_loop(tmp_path):
    areas = (
        "  near: {where: {adjacent_to: {area: base}}}\n"
        "  base: {where: {any_of: [{area: far}, {cell: A1}]}}\n"
        "  far: {where: {beyond: {cells: 2, of: {area: 'ne*'}}}}\n"
        "  me: {where: {area: me}}\n"
    )
    assert _lines(tmp_path, _scenario(areas)) == [
        "g/scenarios/s.yaml:5:8: error: areas.far.where: areas defined by each other: near -> base -> far -> near (define one of them by its cells)",
        "g/scenarios/s.yaml:6:7: error: areas.me.where: areas defined by each other: me -> me (define one of them by its cells)",
        "2 error(s), 0 warning(s)",
    ]


def test_an_area_naming_itself_means_the_maps_area_of_that_name(tmp_path):
    game = BASE.replace("    legend:", "    areas: [{id: camp, cells: [A1, A2]}]\n    legend:")
    scen = SCEN.replace(
        "title: First fight",
        "areas:\n  camp: {where: {area: camp, not: {cell: A2}}}\ntitle: First fight",
    )
    scen += "constraints:\n  - {kind: placement, pieces: {side: red}, where: {area: camp}}\n"
    assert _lines(tmp_path, {"game.yaml": game, "scenarios/s.yaml": scen}) == [
        "g/scenarios/s.yaml:11:9: error: sides[0].placements[1]: soldier-red on cell B3 (Open ground) is not in area camp (rule at scenarios/s.yaml:17:5)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_terrain_no_map_has_is_an_error_at_the_rule_without_a_scenario(tmp_path):
    game = BASE.replace("not_on: [woods]", "not_on: [wods]")
    game += "    - kind: placement\n      where: {within: {cells: 2, of: {terrain: opn}, through: [woods]}, feature: [city], line: [road], box: [pool], props: {cove: 1}}\n"
    assert _lines(tmp_path, {"game.yaml": game}) == [
        "g/game.yaml:70:16: error: rules.constraints[0].not_on: no map of the game has terrain 'wods' (did you mean 'woods'?)",
        "g/game.yaml:72:48: error: rules.constraints[1].where: no map of the game has terrain 'opn' (did you mean 'open'?)",
        "g/game.yaml:72:83: error: rules.constraints[1].where: no map of the game has feature 'city' (no map has any features)",
        "g/game.yaml:72:97: error: rules.constraints[1].where: no map of the game has line 'road' (no map has any lines)",
        "g/game.yaml:72:110: error: rules.constraints[1].where: no map of the game has box 'pool' (no map has any boxes)",
        "g/game.yaml:72:125: error: rules.constraints[1].where: no map of the game has terrain property 'cove' (did you mean 'cover'?)",
        "6 error(s), 0 warning(s)",
    ]


def test_a_scenario_does_not_report_again_what_the_game_check_reported(tmp_path):
    game = BASE.replace("not_on: [woods]", "not_on: [wods]")
    assert _lines(tmp_path, {"game.yaml": game, "scenarios/s.yaml": SCEN}) == [
        "g/game.yaml:70:16: error: rules.constraints[0].not_on: no map of the game has terrain 'wods' (did you mean 'woods'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_cell_too_small_to_read_is_an_error_or_a_warning_at_cell(tmp_path):
    assert _lines(tmp_path / "a", {"game.yaml": BASE.replace("cell: 1in", "cell: 0.0001in")}) == [
        "g/game.yaml:14:11: error: maps[0].cell: a cell 0.0072 pt across is too small to print anything in (a cell must be at least 1/8 in; 1/2 in or more keeps pieces and coordinates legible)",
        "1 error(s), 0 warning(s)",
    ]
    small = {"game.yaml": BASE.replace("cell: 1in", "cell: 0.2in")}
    assert _lines(tmp_path / "b", small, code=0) == [
        "g/game.yaml:14:11: warning: maps[0].cell: a cell 14.4 pt across is under 1/4 in: its coordinates and pieces print too small to read (1/2 in or more keeps them legible)",
        "0 error(s), 1 warning(s)",
        "ok: 1 checked",
    ]
    quarter = {"game.yaml": BASE.replace("cell: 1in", "cell: 1/4in")}
    assert _lines(tmp_path / "c", quarter, code=0) == ["ok: 1 checked"]


def test_a_border_that_fills_the_piece_is_an_error_at_its_width(tmp_path):
    wide = 'background: "{side}"\n      border: {colour: white, width: 100in}'
    game = BASE.replace('background: "{side}"', wide)
    assert _lines(tmp_path / "a", {"game.yaml": game}) == [
        "g/game.yaml:35:38: error: counters[0].front.border.width: a border 7200 pt wide fills the whole 54 x 54 pt piece (a border is drawn inside the cut line: make it narrower than 25.11 pt)",
        "1 error(s), 0 warning(s)",
    ]
    label = "labels:\n  - {id: l, blanks: 1, size: 1in, front: {border: {width: 36pt}, text: x}}\n"
    assert _lines(tmp_path / "b", {"game.yaml": BASE + label}) == [
        "g/game.yaml:72:59: error: labels[0].front.border.width: a border 36 pt wide fills the whole 72 x 72 pt piece (a border is drawn inside the cut line: make it narrower than 33.48 pt)",
        "1 error(s), 0 warning(s)",
    ]
    fine = BASE.replace('background: "{side}"', wide.replace("100in", "25pt"))
    assert _lines(tmp_path / "c", {"game.yaml": fine}, code=0)[-1] == "ok: 1 checked"


# ---- files that cannot be read (we run as root, so chmod cannot stop a read: the error
# each OSError gives is made to happen where kitgen opens, reads or lists) -------------

INCLUDE = BASE.replace("id: g\n", "id: g\ninclude: [more.yaml]\n", 1)
CSV = BASE.replace(
    "\ntables:", "\n  - {id: 'p-{n}', for_each: {file: a.csv}, size: 1in, front: x}\ntables:", 1
)
IMAGE = BASE.replace(
    "\ntables:", "\n  - {id: pic, size: 1in, front: {image: {file: a.png}}}\ntables:", 1
)
FONT = BASE.replace("id: g\n", "id: g\nfont: Foo\n", 1)
READS = {  # what is read: (the game's files, the file that fails, where the error is)
    "game": (
        {"game.yaml": BASE},
        "game.yaml",
        "g/game.yaml:1:1: error: cannot read file 'game.yaml'",
    ),
    "include": (
        {"game.yaml": INCLUDE, "more.yaml": "cover2: {}\n"},
        "more.yaml",
        "g/game.yaml:6:11: error: include[0]: cannot read file 'more.yaml'",
    ),
    "scenario": (
        {"game.yaml": BASE, "scenarios/s.yaml": SCEN},
        "s.yaml",
        "g/scenarios/s.yaml:1:1: error: cannot read file 'scenarios/s.yaml'",
    ),
    "spreadsheet": (
        {"game.yaml": CSV, "a.csv": "n\n1\n"},
        "a.csv",
        "g/game.yaml:38:36: error: counters[1].for_each.file: cannot read spreadsheet 'a.csv'",
    ),
    "image": (
        {"game.yaml": IMAGE, "a.png": GOODPNG},
        "a.png",
        "g/game.yaml:38:48: error: counters[1].front.image.file: cannot read image 'a.png'",
    ),
    "font": (
        {"game.yaml": FONT, "fonts/Foo.ttf": b"\0" * 100},
        "Foo.ttf",
        "g/game.yaml:6:7: error: font: cannot read font file 'fonts/Foo.ttf'",
    ),
}
OS_ERRORS = {
    "Permission denied": PermissionError(errno.EACCES, "Permission denied"),
    "Is a directory": IsADirectoryError(errno.EISDIR, "Is a directory"),
    "Input/output error": OSError(errno.EIO, "Input/output error"),
}


def _both(tmp_path: Path, files: dict) -> list[str]:
    """check's and build's errors, which must be the same lines, and no traceback."""
    write(tmp_path / "g", files)
    out = []
    for args in (("check",), ("build", "-o", str(tmp_path / "out"))):
        run = run_cli(*args, str(tmp_path / "g"))
        assert run.exit_code == 1, run.stderr
        assert "Traceback" not in run.stderr + run.stdout
        lines = [line.replace(f"{tmp_path}/", "") for line in run.stderr.splitlines()]
        out.append([line for line in lines if not line.startswith("kitgen: ")])
    assert out[0] == out[1]
    assert not (tmp_path / "out").exists()
    return out[0]


@pytest.mark.parametrize("reason", sorted(OS_ERRORS))
@pytest.mark.parametrize("what", sorted(READS))
def test_a_file_that_cannot_be_opened_is_an_error_at_the_line_naming_it(
    tmp_path, monkeypatch, what, reason
):
    files, name, where = READS[what]
    real_open = os.open

    def refusing_open(path, flags, *args, **kwargs):
        if str(path).endswith("/" + name):
            raise OS_ERRORS[reason]
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", refusing_open)
    assert _both(tmp_path, files) == [f"{where}: {reason}", "1 error(s), 0 warning(s)"]


def test_a_file_that_opens_but_cannot_be_read_is_an_error_at_it(tmp_path, monkeypatch):
    class Unreadable(io.RawIOBase):
        def read(self, size=-1):
            raise PermissionError(errno.EACCES, "Permission denied")

    real_fdopen = os.fdopen
    monkeypatch.setattr(
        os,
        "fdopen",
        lambda fd, *a, **k: Unreadable() if a[:1] == ("rb",) else real_fdopen(fd, *a, **k),
    )
    assert _both(tmp_path, {"game.yaml": BASE}) == [
        "g/game.yaml:1:1: error: cannot read file 'game.yaml': Permission denied",
        "1 error(s), 0 warning(s)",
    ]


def test_a_scenarios_folder_that_cannot_be_listed_is_an_error_at_the_rules(tmp_path, monkeypatch):
    real_scandir = os.scandir

    def refusing(path="."):
        if str(path).endswith("/scenarios"):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)
    assert _both(tmp_path, {"game.yaml": BASE, "scenarios/s.yaml": SCEN}) == [
        "g/game.yaml:65:3: error: cannot list folder 'scenarios': Permission denied",
        "1 error(s), 0 warning(s)",
    ]


def test_folders_where_files_should_be_are_errors_at_them(tmp_path):
    assert _both(tmp_path / "a", {"game.yaml/x": "x"}) == [
        "g/game.yaml:1:1: error: file 'game.yaml' is a folder, not a file",
        "1 error(s), 0 warning(s)",
    ]
    assert _both(tmp_path / "b", {"game.yaml": BASE, "scenarios/s.yaml/x": "x"}) == [
        "g/scenarios/s.yaml:1:1: error: file 'scenarios/s.yaml' is a folder, not a file",
        "1 error(s), 0 warning(s)",
    ]
    assert _both(tmp_path / "c", {"game.yaml": INCLUDE, "more.yaml/x": "x"}) == [
        "g/game.yaml:6:11: error: include[0]: file 'more.yaml' is a folder, not a file",
        "1 error(s), 0 warning(s)",
    ]


UTF8 = "not UTF-8 text ({} at byte {}) (save the file as UTF-8)"
TEXTS = {  # a text file in another encoding, or not text at all
    "game-utf16": (
        {"game.yaml": BASE.encode("utf-16")},
        "g/game.yaml:1:1: error: " + UTF8.format("invalid start byte", 0),
    ),
    "game-latin1": (
        {"game.yaml": BASE.replace("title: G", "title: Caf\u00e9").encode("latin-1")},
        "g/game.yaml:6:11: error: " + UTF8.format("invalid continuation byte", 239),
    ),
    "game-binary": (
        {"game.yaml": bytes(range(256))},
        "g/game.yaml:2:118: error: " + UTF8.format("invalid start byte", 128),
    ),
    "game-png": (
        {"game.yaml": GOODPNG},
        "g/game.yaml:1:1: error: " + UTF8.format("invalid start byte", 0),
    ),
    "game-nul": (
        {"game.yaml": BASE.encode() + b"\0"},
        "g/game.yaml:71:1: error: YAML syntax: character U+0000 is not allowed (remove it, or write it as an escape inside double quotes)",
    ),
    "include-utf16": (
        {"game.yaml": INCLUDE, "more.yaml": "cover2: {}\n".encode("utf-16")},
        "g/more.yaml:1:1: error: " + UTF8.format("invalid start byte", 0),
    ),
    "scenario-utf16": (
        {"game.yaml": BASE, "scenarios/s.yaml": SCEN.encode("utf-16")},
        "g/scenarios/s.yaml:1:1: error: " + UTF8.format("invalid start byte", 0),
    ),
    "csv-latin1": (
        {"game.yaml": CSV, "a.csv": "n\nCaf\u00e9\n".encode("latin-1")},
        "g/game.yaml:38:36: error: counters[1].for_each.file: a.csv is not UTF-8 text (byte 6 cannot be read) (save it as CSV UTF-8)",
    ),
    "csv-utf16": (
        {"game.yaml": CSV, "a.csv": "n\n1\n".encode("utf-16")},
        "g/game.yaml:38:36: error: counters[1].for_each.file: a.csv is not UTF-8 text (byte 1 cannot be read) (save it as CSV UTF-8)",
    ),
    "font-binary": (
        {"game.yaml": FONT, "fonts/Foo.ttf": bytes(range(256)) * 10},
        "g/game.yaml:6:7: error: font: font file 'fonts/Foo.ttf' cannot be used: it is not a TrueType font",
    ),
}


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_a_file_not_in_utf8_is_an_error_at_its_first_bad_byte(tmp_path, name):
    files, error = TEXTS[name]
    assert _both(tmp_path, files) == [error, "1 error(s), 0 warning(s)"]
