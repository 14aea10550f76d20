# ruff: noqa: E501  (messages are compared whole, one per line)
"""Gaps the held-back checks found: scenario areas written before the areas their test
names, names of the game's rules that no map has, and exact messages for each."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from tests.conftest import diagnostic_lines, run_cli, slow_ones
from tests.hostile_corpus import BASE, CASES, GOODPNG, SCEN, write

NOTE = "note: the rules and scenarios are checked once the game's own files read without errors: fix the errors above, then check again"
SCEN_RULE = (
    "constraints:\n  - {kind: placement, name: near, pieces: {side: red}, where: {area: near}}\n"
)


def _lines(tmp_path: Path, files: dict, code: int = 1) -> list[str]:
    write(tmp_path / "g", files)
    run = run_cli("check", str(tmp_path / "g"))
    assert run.exit_code == code, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    return [line.replace(f"{tmp_path}/", "") for line in diagnostic_lines(run.stderr)]


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


def test_same_area_as_reads_every_other_area_whatever_order_they_are_written_in(tmp_path):
    # `near` was resolved before `zone`, so no area held the blue piece and `near` was empty
    near = "  near: {where: {same_area_as: {pieces: soldier-blue}}}\n"
    zone = "  zone: [A1, B3, E2, E4]\n"
    assert _lines(tmp_path / "a", _scenario(near + zone), 0) == [
        "ok: 1 game with 1 scenario checked"
    ]
    assert _lines(tmp_path / "b", _scenario(zone + near), 0) == [
        "ok: 1 game with 1 scenario checked"
    ]
    loop = near + "  zone: {where: {not: {same_area_as: {pieces: soldier-red}}}}\n"
    assert _lines(tmp_path / "c", _scenario(loop)) == [
        "g/scenarios/s.yaml:4:9: error: areas.zone.where: areas defined by each other: near -> zone -> near (define one of them by its cells)",
        "1 error(s), 0 warning(s)",
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
        "g/game.yaml:14:11: error: maps[0].cell: a cell 0.0072 pt across is too small to print anything in (a cell must be at least 1/8 in; 1/2 in or more keeps its coordinates and pieces legible)",
        "1 error(s), 0 warning(s)",
    ]
    small = {"game.yaml": BASE.replace("cell: 1in", "cell: 0.2in")}
    assert _lines(tmp_path / "b", small, code=0) == [
        "g/game.yaml:14:11: warning: maps[0].cell: a cell 14.4 pt across is under 1/4 in: its coordinates and pieces print too small to read (1/2 in or more keeps them legible)",
        "0 error(s), 1 warning(s)",
        "ok: 1 game checked",
    ]
    quarter = {"game.yaml": BASE.replace("cell: 1in", "cell: 1/4in")}
    assert _lines(tmp_path / "c", quarter, code=0) == ["ok: 1 game checked"]


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
    assert _lines(tmp_path / "c", {"game.yaml": fine}, code=0)[-1] == "ok: 1 game checked"


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
        lines = [line.replace(f"{tmp_path}/", "") for line in diagnostic_lines(run.stderr)]
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


def _refuse_listing(monkeypatch, refused) -> None:
    """os.scandir refuses the folders `refused(path)` names, as an unreadable folder does."""
    real_scandir = os.scandir

    def refusing(path="."):
        if refused(path):
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", refusing)


def test_a_scenarios_folder_that_cannot_be_listed_is_an_error_at_the_rules(tmp_path, monkeypatch):
    _refuse_listing(monkeypatch, lambda path: str(path).endswith("/scenarios"))
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


# ---- the hunt: each new hostile folder of tests/hostile_corpus.py and what check says ----
HUNT = {
    "hunt-scen-area-chain-500": [
        "ok: 1 game with 1 scenario checked",
    ],
    "hunt-scen-area-on-line-every-pair": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a.where: the location tests compare more than 5,000,000 cells in this scenario (test fewer cells or name a smaller target; see docs/security.md for the caps)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-within-every-cell": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a.where: the location tests compare more than 5,000,000 cells in this scenario (test fewer cells or name a smaller target; see docs/security.md for the caps)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placements-10k": [
        "g/scenarios/first-fight.yaml:12:9: error: sides[0].placements[4]: 'soldier-red': 10001 placed, the kit provides 4 (piece defined at game.yaml:27:5)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-rule-within-every-cell": [
        "g/scenarios/first-fight.yaml:12:9: error: sides[0].placements[4]: 'soldier-red': 201 placed, the kit provides 4 (piece defined at game.yaml:223:5)",
        "g/scenarios/first-fight.yaml:214:5: error: constraints[0].where: the location tests compare more than 5,000,000 cells in this scenario (test fewer cells or name a smaller target; see docs/security.md for the caps)",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-game-areas-near-unknown": [
        "g/game.yaml:16:27: error: maps[0].areas[0].near: no cell 'gate' on map 'field' (cells run from A1 to E4)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-areas-split-by-unknown": [
        "g/game.yaml:16:44: error: maps[0].areas[0].split_by: unknown edge kind 'wall'",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-attrs-nested": [
        "g/game.yaml:32:35: error: counters[0].attrs.type: expected text, got a mapping",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-back-map": [
        "g/game.yaml:61:12: error: cards[0].back.a: unknown key 'a' (valid: colour, accent, layout, reading, title, blocks)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-blocks-scalar": [
        "g/game.yaml:59:15: error: cards[0].front.blocks: expected a list, got text 'Move'",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-border-fills": [
        "g/game.yaml:35:38: error: counters[0].front.border.width: a border 27 pt wide fills the whole 54 x 54 pt piece (a border is drawn inside the cut line: make it narrower than 25.11 pt)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-border-list": [
        "g/game.yaml:35:15: error: counters[0].front.border: expected a mapping of keys, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-chance-text": [
        "ok: 1 game checked",
    ],
    "hunt-game-columns-scalar": [
        "g/game.yaml:41:11: warning: tables[0].roll: no row for 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 on 2d6 (add rows (or open ends like >6, <=0) so every total has one)",
        "g/game.yaml:43:14: error: tables[0].columns: expected a list, got text 'Result'",
        "g/game.yaml:45:9: error: tables[0].rows[0]: row has 1 cell(s) for 0 column(s) (a null (~) is a write-in blank; a cell may cover several columns with span:)",
        "g/game.yaml:46:9: error: tables[0].rows[1]: row has 1 cell(s) for 0 column(s) (a null (~) is a write-in blank; a cell may cover several columns with span:)",
        "g/game.yaml:47:9: error: tables[0].rows[2]: row has 1 cell(s) for 0 column(s) (a null (~) is a write-in blank; a cell may cover several columns with span:)",
        "4 error(s), 1 warning(s)",
        NOTE,
    ],
    "hunt-game-constraints-map": [
        "g/game.yaml:66:16: error: rules.constraints: expected a list, got a mapping (one entry per line starting with '- ')",
        "g/game.yaml:67:3: error: rules.x: unknown key 'x' (valid: sides, options, side_values, pieces, constraints, attributes)",
        "2 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-icon-colour-number": [
        "g/game.yaml:35:36: error: counters[0].front.icon.colour: unknown colour '7' (use #rrggbb, black, white, red, ...)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-layout-number": [
        "g/game.yaml:20:13: error: maps[0].layout: expected a list, got number 12345",
        "g/game.yaml:20:13: error: maps[0].layout: the layout has no cells (write one character per cell, a row per line)",
        "2 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-legend-value-list": [
        # the character is declared, if wrongly: its cells are not "unknown" too
        "g/game.yaml:19:28: error: maps[0].legend.w: expected text, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-map-cell-list": [
        "g/game.yaml:14:11: error: maps[0].cell: expected a length like 3/4in or 19mm, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-map-cell-small": [
        "g/game.yaml:14:11: warning: maps[0].cell: a cell 14.4 pt across is under 1/4 in: its coordinates and pieces print too small to read (1/2 in or more keeps them legible)",
        "0 error(s), 1 warning(s)",
        "ok: 1 game checked",
    ],
    "hunt-game-map-cell-tiny": [
        "g/game.yaml:14:11: error: maps[0].cell: a cell 7.2 pt across is too small to print anything in (a cell must be at least 1/8 in; 1/2 in or more keeps its coordinates and pieces legible)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-map-title-map": [
        "g/game.yaml:13:12: error: maps[0].title: expected text, got a mapping",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-places-unknown-cell": [
        "g/game.yaml:16:20: error: maps[0].places.gate: no cell 'Z99' on map 'field' (cells run from A1 to E4)",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-roll-bad": [
        "g/game.yaml:41:11: error: tables[0].roll: missing dice term after '+' in '2d6+' (write dice as d6, 2d6, d6+2, 4d6kh3, d6!, d{2,3,3,4,4,5})",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-row-scalar": [
        "g/game.yaml:41:11: warning: tables[0].roll: no row for 7, 8, 9 on 2d6 (add rows (or open ends like >6, <=0) so every total has one)",
        "g/game.yaml:46:9: error: tables[0].rows[1]: expected a row (a list of cells, or a mapping), got text 'Pinned'",
        "1 error(s), 1 warning(s)",
        NOTE,
    ],
    "hunt-game-row-too-long": [
        "g/game.yaml:41:11: warning: tables[0].roll: no row for 7, 8, 9 on 2d6 (add rows (or open ends like >6, <=0) so every total has one)",
        "g/game.yaml:46:9: error: tables[0].rows[1]: row has 3 cell(s) for 1 column(s) (a null (~) is a write-in blank; a cell may cover several columns with span:)",
        "1 error(s), 1 warning(s)",
        NOTE,
    ],
    "hunt-game-rows-mapping": [
        "g/game.yaml:41:11: warning: tables[0].roll: no row for 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 on 2d6 (add rows (or open ends like >6, <=0) so every total has one)",
        "g/game.yaml:45:7: error: tables[0].rows: expected a list, got a mapping",
        "1 error(s), 1 warning(s)",
        NOTE,
    ],
    "hunt-game-rule-not-on-map": [
        "g/game.yaml:67:7: error: rules.constraints[0]: a terrain rule needs only_on or not_on",
        "g/game.yaml:70:15: error: rules.constraints[0].not_on: expected text, got a mapping",
        "2 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-rule-terrain-typo": [
        "g/game.yaml:70:16: error: rules.constraints[0].not_on: no map of the game has terrain 'wood' (did you mean 'woods'?)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-game-rule-where-feature": [
        "g/game.yaml:71:43: error: rules.constraints[1].where: no map of the game has feature 'town' (no map has any features)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-game-rules-options-map": [
        "g/game.yaml:66:12: error: rules.options: expected a list, got a mapping (one entry per line starting with '- ')",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-sheet-item-card": [
        "g/game.yaml:52:13: error: sheets[0].items[0]: no table or text with id 'orders' (valid: fire)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-game-sheet-items-map": [
        "g/game.yaml:52:12: error: sheets[0].items: expected a list, got a mapping (one entry per line starting with '- ')",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-sides-scalar": [
        "ok: 1 game checked",
    ],
    "hunt-game-steps-map": [
        "g/game.yaml:60:18: error: cards[0].front.blocks[0].steps: expected a list, got a mapping (one entry per line starting with '- ')",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-terrain-id-list": [
        "g/game.yaml:18:14: error: maps[0].terrains[1].id: expected text, got a list",
        "g/game.yaml:19:5: error: maps[0].legend.w: unknown terrain 'woods' (valid: open)",
        "2 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-terrain-props-list": [
        "g/game.yaml:18:75: error: maps[0].terrains[1].props: expected a mapping of keys, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-text-list-of-lists": [
        "g/game.yaml:36:14: error: counters[0].front.text[0]: expected a mapping of keys, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-game-text-size-list": [
        "g/game.yaml:36:45: error: counters[0].front.text.size: expected a length like 3/4in or 19mm, got a list",
        "1 error(s), 0 warning(s)",
        NOTE,
    ],
    "hunt-include-bom-only": [
        "ok: 1 game checked",
    ],
    "hunt-include-dup-section": [
        "g/more.yaml:2:1: error: duplicate key 'tables' (first defined at line 1)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-include-empty": [
        "ok: 1 game checked",
    ],
    "hunt-include-tabs": [
        "g/more.yaml:2:1: error: YAML syntax: found character '\\t' that cannot start any token (indent with spaces; YAML does not allow tabs)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-cells-map": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:14: error: areas.a.cells: expected text, got a mapping",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-label-list": [
        "g/scenarios/first-fight.yaml:3:27: error: areas.a.label: expected text, got a list",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-missing": [
        "g/scenarios/first-fight.yaml:9:36: error: sides[0].placements[1].area: unknown area 'nowhere' (the game has no areas)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-pattern-cycle": [
        "g/scenarios/first-fight.yaml:4:7: error: areas.b1.where: areas defined by each other: a1 -> b1 -> a1 (define one of them by its cells)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-same-as-self": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a.where: areas defined by each other: a -> a (define one of them by its cells)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-where-empty": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:14: error: areas.a.where: an empty location test (use terrain, props, area, cell, place, within, beyond, adjacent_to, same_area_as, on_line, on_map, feature, line, box, not, any_of)",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-where-list": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:14: error: areas.a.where: expected a mapping of keys, got a list",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-area-where-unknown-terrain": [
        "g/scenarios/first-fight.yaml:3:24: error: areas.a.where: unknown terrain 'lava' (valid: open, woods)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-areas-list": [
        "g/scenarios/first-fight.yaml:2:8: error: areas: expected a mapping of area names, got a list",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-bom-crlf": [
        "ok: 1 game with 1 scenario checked",
    ],
    "hunt-scen-bom-only": [
        "g/scenarios/first-fight.yaml:1:1: error: the scenario file is empty (write its title: and sides:)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-on-line-one-end": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:24: error: areas.a.where.on_line: missing required key 'to'",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-options-map": [
        "g/scenarios/first-fight.yaml:2:10: error: options: expected text, got a mapping",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placement-attrs-list": [
        "g/scenarios/first-fight.yaml:9:45: error: sides[0].placements[1].attrs: expected a mapping of attributes, got a list",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placement-face-unknown": [
        "g/scenarios/first-fight.yaml:9:44: error: sides[0].placements[1].face: piece 'soldier-red' has no face 'back' (its faces: front)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placement-label-huge": [
        "g/scenarios/first-fight.yaml:9:45: error: sides[0].placements[1].label: a text of 20,000 characters, more than the 5,000 allowed (split it; see docs/security.md for the caps)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placement-side-map": [
        "g/scenarios/first-fight.yaml:9:44: error: sides[0].placements[1].side: expected text, got a mapping",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-placements-scalar": [
        "g/scenarios/first-fight.yaml:11:17: error: sides[1].placements: expected a list, got text 'soldier-blue'",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-rule-min-text": [
        "g/scenarios/first-fight.yaml:4:37: error: constraints[0].min: expected a whole number, got text 'many'",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-rule-where-list": [
        "g/scenarios/first-fight.yaml:4:43: error: constraints[0].where: expected a mapping of keys, got a list",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-scenario-dup-area": [
        "g/scenarios/first-fight.yaml:4:3: error: duplicate key 'a' (first defined at line 3)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-scenario-dup-key": [
        "g/scenarios/first-fight.yaml:3:1: error: duplicate key 'title' (first defined at line 2)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-side-colour-bad": [
        "g/scenarios/first-fight.yaml:7:13: error: sides[0].colour: unknown colour '#zzz' (use #rrggbb, black, white, red, ...)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-side-notes-nested": [
        "g/scenarios/first-fight.yaml:7:13: error: sides[0].notes[0]: expected text, got a list",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-tabs": [
        "g/scenarios/first-fight.yaml:7:1: error: YAML syntax: found character '\\t' that cannot start any token (indent with spaces; YAML does not allow tabs)",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-unit-figures-scalar": [
        "g/scenarios/first-fight.yaml:8:26: error: sides[0].units[0].figures: expected a list, got text 'soldier-red'",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-unit-missing-in-rule": [
        "g/scenarios/first-fight.yaml:2:1: warning: rule 'constraints[0]' selects no piece in this scenario: no piece has in_unit 'ghost'; none has any in_unit (rule at scenarios/first-fight.yaml:4:5)",
        "g/scenarios/first-fight.yaml:2:1: error: the scenario has 0 ghost pieces, needs at least 1 (rule at scenarios/first-fight.yaml:4:5)",
        "1 error(s), 1 warning(s)",
    ],
    "hunt-scen-where-any-of-deep": [
        "g/scenarios/first-fight.yaml:1:1: error: nesting deeper than 64 levels",
        "1 error(s), 0 warning(s)",
    ],
    "hunt-scen-where-not-deep": [
        "ok: 1 game with 1 scenario checked",
    ],
    "hunt-scen-within-cells-text": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:31: error: areas.a.where.within.cells: expected a whole number, got text 'two'",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-within-of-scalar": [
        "g/scenarios/first-fight.yaml:3:6: error: areas.a: an area needs cells or where",
        "g/scenarios/first-fight.yaml:3:38: error: areas.a.where.within.of: expected one of pieces, cell, place, area, terrain, opposite as a mapping of one key (e.g. {pieces: {type: leader}} or {place: gate})",
        "2 error(s), 0 warning(s)",
    ],
    "hunt-scen-within-through-unknown": [
        "g/scenarios/first-fight.yaml:3:60: error: areas.a.where: unknown terrain 'lava' (valid: open, woods)",
        "1 error(s), 0 warning(s)",
    ],
}


def test_the_hunt_covers_every_new_case():
    assert set(HUNT) == {name for name in CASES if name.startswith("hunt-")}


# Inputs at their caps, seconds each: the slow tier's.
AT_LENGTH = {
    "hunt-scen-area-within-every-cell",
    "hunt-scen-rule-within-every-cell",
    "hunt-scen-placements-10k",
    "hunt-scen-area-chain-500",
}


@pytest.mark.parametrize("name", slow_ones(sorted(HUNT), AT_LENGTH))
def test_each_hunted_input_gets_its_exact_message(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / name / "g", CASES[name])
    run = run_cli("check", f"{name}/g")
    assert "Traceback" not in run.stderr + run.stdout
    assert [line.replace(f"{name}/", "") for line in run.stderr.splitlines()] == HUNT[name]


def test_a_template_square_is_checked_as_a_map_cell(tmp_path):
    templates = (
        "templates:\n"
        "  - {kind: grid-scatter, id: g, size: 1, square: 0.001in, cells: [[a]], legend: x}\n"
        "  - {kind: arc, id: a, spread: 90, depth: 4, square: 0.2in, rule: centre}\n"
        "  - {kind: arc, id: b, spread: 90, depth: 4, square: 0.1in, rule: centre}\n"
    )
    # the grid-scatter's cells and legend, left unread after the error, are not "unknown"
    assert _lines(tmp_path, {"game.yaml": BASE + templates}) == [
        "g/game.yaml:72:50: error: templates[0].square: a square 0.072 pt across is too small to print anything in (a square must be at least 1/8 in; 1/2 in or more keeps its values and marks legible)",
        "g/game.yaml:73:54: warning: templates[1].square: a square 14.4 pt across is under 1/4 in: its values and marks print too small to read (1/2 in or more keeps them legible)",
        "g/game.yaml:74:54: error: templates[2].square: a square 7.2 pt across is too small to print anything in (a square must be at least 1/8 in; 1/2 in or more keeps its values and marks legible)",
        "2 error(s), 1 warning(s)",
    ]


def test_a_key_not_reached_after_an_error_is_still_unknown_if_undeclared(tmp_path):
    templates = "templates:\n  - {kind: arc, id: b, spread: 90, depth: 4, square: 0.1in, rule: centre, sqare: 1}\n"
    assert _lines(tmp_path, {"game.yaml": BASE + templates}) == [
        "g/game.yaml:72:54: error: templates[0].square: a square 7.2 pt across is too small to print anything in (a square must be at least 1/8 in; 1/2 in or more keeps its values and marks legible)",
        "g/game.yaml:72:75: error: templates[0].sqare: unknown key 'sqare' (did you mean 'square'?)",
        "2 error(s), 0 warning(s)",
    ]


HIDDEN_HINT = "(delete it: it prints as nothing or as a stray mark, and a name holding it differs from one that looks the same)"
DIRECTION = "a direction control: an editor shows the text around it in another order than the sheet prints (delete it; kitgen prints text left to right, as the file stores it)"


def test_hidden_and_direction_characters_are_refused_at_the_character(tmp_path):
    game = BASE.replace("title: G", "title: G\u202eevil", 1)  # written: at the character
    game = game.replace("subtitle:", '"sub\\u2067title":', 1)  # escaped: at the key
    game += 'notes: [x, \'a\ufeffb\', "\\u200e", "x\\U000E0041"]\n'
    assert _lines(tmp_path, {"game.yaml": game}) == [
        f"g/game.yaml:6:9: error: the text holds U+202E RIGHT-TO-LEFT OVERRIDE, {DIRECTION}",
        f"g/game.yaml:8:3: error: the text holds U+2067 RIGHT-TO-LEFT ISOLATE, {DIRECTION}",
        f"g/game.yaml:71:14: error: the text holds U+FEFF ZERO WIDTH NO-BREAK SPACE, which an editor may show as nothing {HIDDEN_HINT}",
        f"g/game.yaml:71:19: error: the text holds U+200E LEFT-TO-RIGHT MARK, {DIRECTION}",
        f"g/game.yaml:71:29: error: the text holds U+E0041 TAG LATIN CAPITAL LETTER A, which an editor may show as nothing {HIDDEN_HINT}",
        "5 error(s), 0 warning(s)",
    ]


def test_a_zero_width_character_in_a_name_or_a_cell_is_refused(tmp_path):
    scen = SCEN.replace("at: A1}", "at: A\u200d1}", 1)
    assert _lines(tmp_path / "a", {"game.yaml": BASE, "scenarios/s.yaml": scen}) == [
        f"g/scenarios/s.yaml:8:35: error: the text holds U+200D ZERO WIDTH JOINER, which an editor may show as nothing {HIDDEN_HINT}",
        "1 error(s), 0 warning(s)",
    ]
    game = "title: G\ncounters:\n  - {id: 'p-{n}', for_each: {file: a.csv}, size: 1in, front: x}\n"
    files = {"game.yaml": game, "a.csv": "n\n1\n2\u00ad3\n"}
    assert _lines(tmp_path / "b", files) == [
        f"g/a.csv: row 3, column A (n): error: counters[0].for_each: the cell holds U+00AD SOFT HYPHEN, which an editor may show as nothing {HIDDEN_HINT}",
        "1 error(s), 0 warning(s)",
    ]


NOT_INCLUDED = "warning: not read with the game: game.yaml does not include it (add it to include: in game.yaml, or move it out of the game folder)"
NESTED = "warning: not read with the game: only scenarios/*.yaml files are its scenarios (move it up into scenarios/)"


def test_what_a_build_would_skip_in_the_game_folder_is_a_warning_at_it(tmp_path):
    files = {
        "game.yaml": BASE.replace("title: G", "title: G\ninclude: [a.yaml]", 1),
        "a.yaml": "version: '1'\n",
        "b.yaml": "tracks: []\n",  # forgotten in include:
        "c.yml": "tracks: []\n",
        "side.yaml": "game: .\n" + SCEN,  # a scenario kept beside its game: not the game's
        "scenarios/s.yaml": SCEN,
        "scenarios/more/t.yaml": SCEN,  # a folder of scenarios inside scenarios/
    }
    assert _lines(tmp_path / "a", files, 0) == [
        f"g/b.yaml:1:1: {NOT_INCLUDED}",
        f"g/c.yml:1:1: {NOT_INCLUDED}",
        f"g/scenarios/more/t.yaml:1:1: {NESTED}",
        "0 error(s), 3 warning(s)",
        "ok: 1 game with 1 scenario checked",
    ]
    assert _lines(tmp_path / "b", {"game.yaml": BASE, "scenarios": "x"}, 0) == [
        "g/scenarios:1:1: warning: 'scenarios' is not a folder: the game has no scenarios (make scenarios/ a folder of scenario files, or rename the file)",
        "0 error(s), 1 warning(s)",
        "ok: 1 game checked",
    ]


def test_a_game_folder_that_cannot_be_listed_is_a_warning_at_game_yaml(tmp_path, monkeypatch):
    game = os.path.realpath(tmp_path / "g")
    _refuse_listing(monkeypatch, lambda path: os.path.realpath(path) == game)
    assert _lines(tmp_path, {"game.yaml": BASE, "scenarios/s.yaml": SCEN}, 0) == [
        "g/game.yaml:1:1: warning: cannot list folder '.': Permission denied (files game.yaml does not include cannot be looked for)",
        "0 error(s), 1 warning(s)",
        "ok: 1 game with 1 scenario checked",
    ]


def test_odd_entries_of_a_folder_of_scenarios_are_errors_at_them(tmp_path, monkeypatch):
    files = {"game.yaml": BASE, "scenarios/s.yaml": SCEN, "scenarios/d.yaml/x": "x"}
    write(tmp_path / "g", files)
    os.symlink("nowhere.yaml", tmp_path / "g" / "scenarios" / "t.yaml")
    run = run_cli("check", str(tmp_path / "g" / "scenarios"))
    assert run.exit_code == 1
    assert run.stderr.replace(f"{tmp_path}/", "").splitlines() == [
        "g/scenarios/d.yaml:1:1: error: file 'd.yaml' is a folder, not a file",
        "g/scenarios/t.yaml:1:1: error: file not found: 't.yaml'",
        "2 error(s), 0 warning(s)",
    ]
    _refuse_listing(monkeypatch, lambda path: str(path).endswith("/scenarios"))
    run = run_cli("check", str(tmp_path / "g" / "scenarios"))
    assert (run.exit_code, "Traceback" in run.stderr) == (1, False)
    assert run.stderr.replace(f"{tmp_path}/", "").splitlines() == [
        "g/scenarios: error: cannot list folder '.': Permission denied",
        "1 error(s), 0 warning(s)",
    ]


def test_a_card_side_left_empty_is_an_error_not_a_crash(tmp_path):
    # found by a mutation sweep of the seeds: the refused side reached {placeholder} filling
    game = BASE.replace("    size: poker\n", "    size: poker\n    side:\n", 1)
    assert _lines(tmp_path, {"game.yaml": game}) == [
        "g/game.yaml:57:10: error: cards[0].side: expected text, got nothing (null)",
        "1 error(s), 0 warning(s)",
    ]
