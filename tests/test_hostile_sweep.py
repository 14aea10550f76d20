# ruff: noqa: E501  (messages are compared whole, one per line)
"""The held-back sweep: every folder of tests/hostile_corpus.py is checked, and each is
either refused with errors that all name a file, line and column inside it (never an
internal error) or, for the few a game may hold, accepted. Then the exact messages of
the classes the sweep found unguarded: links in a loop, SVG copies that multiply,
integers too long to read, images past Pillow's own cap, control characters in a
spreadsheet's cells. (Run by hand under `ulimit -v 2000000` and `timeout 90`, check
and build: `python -m tests.hostile_corpus DIR`.)"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path

import pytest

from tests.conftest import ROOT, diagnostic_lines, run_cli, slow_ones, write_game
from tests.hostile_corpus import CASES, write

# The inputs a game may hold: odd but meaningful (a BOM, CRLF, an untagged anchor, an
# emoji in a title), or a size kitgen takes and reports as a warning.
ACCEPTED = {
    "anchor-no-alias", "bom-start", "colour-10k-palette",
    "colour-short", "combining-marks", "cr-only", "crlf", "dup-id-across-kinds", "emoji-title",
    "img-1000-uses", "img-svg-long-path", "img-uppercase-suffix", "long-word-counter",
    "many-lines-blurb", "placeholder-nested", "placeholder-unclosed", "private-use",
    "ref-lookup-cycle", "row-range-huge",
    "scenarios-is-file", "tab-after-key", "tag-verbatim", "template-circle-huge",
    "yaml-directive-1.2", "scen-at-cell-lowercase", "scen-scenario-notes-huge", "rules-selector-dollar",
    "rules-1000-constraints", "rules-sides-dup", "map-terrain-props-deep", "cards-blocks-many",
    "deck-cycle", "cover-needs-10k", "counter-text-size-huge", "hunt-scen-where-not-deep",
    "hunt-scen-bom-crlf", "hunt-include-empty", "hunt-include-bom-only", "hunt-game-map-cell-small",
    "hunt-game-chance-text", "hunt-game-sides-scalar", "hunt-scen-area-chain-500",
}  # fmt: skip


def test_the_corpus_is_a_hundred_inputs_and_more():
    assert len(CASES) >= 100 and ACCEPTED <= set(CASES)


# Inputs at their caps, seconds each: the slow tier's (the rest show the same paths).
AT_LENGTH = {
    "cards-blocks-many",
    "cover-needs-10k",
    "many-lines-blurb",
    "hunt-scen-area-within-every-cell",
    "hunt-scen-rule-within-every-cell",
    "hunt-scen-placements-10k",
    "img-svg-long-path",
}


@pytest.mark.parametrize("name", slow_ones(sorted(CASES), AT_LENGTH))
def test_each_hostile_input_is_refused_at_its_place_or_accepted(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write(tmp_path / name / "g", CASES[name])
    run = run_cli("check", f"{name}/g")
    assert run.exit_code == (0 if name in ACCEPTED else 1), run.stderr
    errors = [line for line in run.stderr.splitlines() if ": error: " in line]
    assert bool(errors) == (name not in ACCEPTED), run.stderr
    for line in errors:
        # a file's line and column, or a spreadsheet's row and column (its header's name)
        place = r"(:\d+:\d+|: row \d+[^:]*|\]![A-Z]+\d+[^:]*)"
        assert re.match(rf"{re.escape(name)}/g/[^:]+{place}: error: ", line), line


def _check(tmp_path: Path, monkeypatch, files: dict) -> list[str]:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "g", files)
    run = run_cli("check", "g")
    assert run.exit_code == 1
    return diagnostic_lines(run.stderr)


def test_a_loop_of_links_is_an_error_at_the_file_not_a_crash(tmp_path, monkeypatch):
    # Path.resolve() raised RuntimeError on a loop: every path is made real by files.real_path
    files = {"game.yaml": CASES["qty-zero"]["game.yaml"].replace("quantity: 0", "quantity: 4")}
    files |= {"scenarios/a.yaml": ("LINK", "b.yaml"), "scenarios/b.yaml": ("LINK", "a.yaml")}
    assert _check(tmp_path, monkeypatch, files) == [
        "g/scenarios/a.yaml:1:1: error: cannot read file 'scenarios/a.yaml': Too many levels of symbolic links",
        "g/scenarios/b.yaml:1:1: error: cannot read file 'scenarios/b.yaml': Too many levels of symbolic links",
        "2 error(s), 0 warning(s)",
    ]


def test_no_path_is_resolved_but_through_the_one_gate():
    """Path.resolve() raises on a loop of links; kitgen/files.real_path never does."""
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "kitgen").rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if ".resolve()" in line
    ]
    assert found == []


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">{}</svg>'
PIECE = "title: G\ncounters:\n  - {id: p, size: 1in, front: {image: {file: a.svg}}}\n"


def test_svg_copies_are_counted_as_the_elements_they_make(tmp_path, monkeypatch):
    # 80 <use>s (under the 256 allowed) of groups of ten copies made 10^8 rectangles
    groups = "".join(
        f'<g id="g{i + 1}">' + f'<use xlink:href="#g{i}"/>' * 10 + "</g>" for i in range(8)
    )
    bomb = SVG.format('<g id="g0"><rect width="1" height="1"/></g>' + groups)
    write_game(tmp_path / "g", PIECE, {"a.svg": bomb})
    assert _lines(tmp_path / "g") == [
        "g/game.yaml:3:46: error: counters[0].front.image.file: SVG 'a.svg' makes more than 20,000 elements, each <use> counted as the copy it makes (draw the shapes out, or copy fewer times)",
        "1 error(s), 0 warning(s)",
    ]
    loop = SVG.format('<g id="a"><use xlink:href="#a"/><rect width="1" height="1"/></g>')
    write_game(tmp_path / "g", PIECE, {"a.svg": loop})
    assert _lines(tmp_path / "g") == [
        "g/game.yaml:3:46: error: counters[0].front.image.file: SVG 'a.svg' has a <use> that copies an element holding it (a <use> may copy only elements outside it)",
        "1 error(s), 0 warning(s)",
    ]


def _lines(folder: Path) -> list[str]:
    run = run_cli("check", str(folder))
    assert run.exit_code == 1
    return [line.replace(f"{folder.parent}/", "") for line in diagnostic_lines(run.stderr)]


def _png_header(width: int, height: int) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b""))
        + chunk(b"IEND", b"")
    )


def test_an_image_past_pillows_own_cap_is_refused_with_ours(tmp_path):
    # Pillow refuses 10^10 pixels as it opens, in words of its own ("decompression bomb DOS
    # attack", its limit of 178,956,970): the message is the one our cap gives
    write_game(tmp_path / "g", PIECE.replace("a.svg", "a.png"))
    (tmp_path / "g" / "a.png").write_bytes(_png_header(100_000, 100_000))
    assert _lines(tmp_path / "g") == [
        "g/game.yaml:3:46: error: counters[0].front.image.file: image 'a.png' is more than the 40,000,000 pixels allowed (scale it down; 300 dpi at the printed size is plenty)",
        "1 error(s), 0 warning(s)",
    ]


def test_an_integer_too_long_to_read_is_an_error_in_our_words(tmp_path):
    # Python's own message named sys.set_int_max_str_digits()
    write_game(tmp_path / "g", "title: G\ntracks:\n  - {id: t, from: 0, to: " + "9" * 5000 + "}\n")
    assert _lines(tmp_path / "g") == [
        "g/game.yaml:3:26: error: a number written with 5,000 characters, more than the 1,000 read (a number is at most 1,000,000 either way, unless its key says otherwise)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_control_character_in_a_spreadsheet_cell_is_refused_at_the_cell(tmp_path):
    game = "title: G\ncounters:\n  - {id: 'p-{n}', for_each: {file: a.csv}, size: 1in, front: x}\n"
    write_game(tmp_path / "g", game, {"a.csv": "n\n1\n2\x1b[2J\n"})
    assert _lines(tmp_path / "g") == [
        "g/a.csv: row 3, column A (n): error: counters[0].for_each: the cell holds U+001B, a control character, not text (remove it; a text may hold tabs and line breaks, no other control character)",
        "1 error(s), 0 warning(s)",
    ]


def _case(name: str, tmp_path: Path, monkeypatch) -> list[str]:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "g", CASES[name])
    run = run_cli("check", "g")
    assert run.exit_code == 1
    return diagnostic_lines(run.stderr)


def test_a_misspelt_key_on_a_rule_that_failed_is_not_a_crash(tmp_path, monkeypatch):
    # the keys left unread were allowed through the spec, which took 'max' for kitgen's bug
    assert _case("rules-stacking-huge", tmp_path, monkeypatch) == [
        "g/game.yaml:67:7: error: rules.constraints[0]: a stacking rule needs limit (a number) or limit_from (a terrain property)",
        "1 error(s), 0 warning(s)",
    ]


def test_digits_of_other_scripts_are_not_read_as_ascii_ones(tmp_path, monkeypatch):
    # A\u0661 (an Arabic-Indic one) was read as A1: every parser's \\d is [0-9] now
    assert _case("scen-at-cell-unicode-digit", tmp_path, monkeypatch) == [
        "g/scenarios/first-fight.yaml:8:34: error: sides[0].placements[0].at: no cell 'A\u0661' on map 'field' (squares are written column letter then row, A1 to E4)",
        "1 error(s), 0 warning(s)",
    ]
    assert not [
        p
        for p in (ROOT / "kitgen").rglob("*.py")
        if "\\d" in p.read_text()
        and p.relative_to(ROOT / "kitgen").parts[0] != "layout"  # layout/ and its packages
        and p.name != "style.py"
    ]


def test_ten_thousand_roll_rows_are_checked_for_overlaps_at_once(tmp_path, monkeypatch):
    # every row against every other took minutes: a sweep by lower end finds the pairs
    lines = _case("table-rows-10k", tmp_path, monkeypatch)
    assert (
        lines[0]
        == "g/game.yaml:10045:9: error: tables[0].rows[10000].label: roll label '2-6' overlaps '2' (every total must map to exactly one row)"
    )
    assert lines[-1] == "11 error(s), 0 warning(s)"


def test_a_table_named_twice_on_a_sheet_is_an_error_at_the_second(tmp_path, monkeypatch):
    lines = _case("sheet-items-10k", tmp_path, monkeypatch)
    assert (
        lines[0]
        == "g/game.yaml:52:19: error: sheets[0].items: 'fire' is on this sheet already (line 52) (a table or text prints once on a sheet)"
    )
    assert lines[-2:] == [
        "... and 9949 more errors (fix the ones above first)",
        "9999 error(s), 0 warning(s)",
    ]
