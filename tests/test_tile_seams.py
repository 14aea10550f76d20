"""A big hex map tiled across letter sheets at 3/4 in hexes: no coordinate crosses a tile's
edge, a seam or its registration ticks, and none lies under a glue note (read back from
the PDF with tests/page_marks.py); each is moved inside its cell, or left out and said."""

from __future__ import annotations

import json
import math
import re

import pytest

from kitgen.layout.maps import maps
from kitgen.layout.maps.mapart import Lanes
from tests.page_marks import faults, marks_of, pdf_faults

from .conftest import build_pdfs, pdf_text, plan_game, run_cli, seed_kit, write_game


def _game(cols: int, rows: int, orient: str = "flat") -> str:
    layout = "".join(
        "      " + "".join(".FH"[(c * 7 + r * 3) % 5 % 3] for c in range(cols)) + "\n"
        for r in range(rows)
    )
    return (
        "title: Seams\n"
        "maps:\n"
        "  - id: plain\n"
        "    title: Plain\n"
        "    grid: hex\n"
        f"    orient: {orient}\n"
        "    cell: 0.75in\n"
        "    coords: true\n"
        "    terrains:\n"
        '      - {id: clear, label: Clear, fill: "#f1ecd2"}\n'
        '      - {id: forest, label: Forest, fill: "#b9d3a4", pattern: trees}\n'
        '      - {id: hills, label: Hills, fill: "#dcc59a", pattern: hatch}\n'
        '    legend: {".": clear, F: forest, H: hills}\n'
        "    layout: |\n" + layout
    )


def _printed(pdf: bytes) -> set[str]:
    """The hex numbers printed on the tile sheets (the last page is the assembly sheet)."""
    return {n for page in pdf_text(pdf)[:-1] for n in re.findall(r"\b\d{4}\b", page)}


def _every(cols: int, rows: int) -> set[str]:
    return {f"{c:02d}{r:02d}" for c in range(1, cols + 1) for r in range(1, rows + 1)}


def test_a_tiled_hex_map_prints_every_coordinate_clear_of_its_seams(game_dir):
    write_game(game_dir, _game(26, 20))
    _, pdfs, manifest = build_pdfs(game_dir)
    pdf = pdfs["map-plain.pdf"]
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    assert len(tiles) == 6 and {(t["row"], t["col"]) for t in tiles} == {
        (r, c) for r in (1, 2) for c in (1, 2, 3)
    }
    assert pdf_faults(pdf) == []
    assert _printed(pdf) == _every(26, 20)
    _named_once_cut_alike(pdf, tiles, {"cut"})  # hex rows' ticks 27 pt apart: the short word


def _named_once_cut_alike(pdf: bytes, tiles: list[dict], captions: set[str]) -> None:
    """Each tile sheet names its tile once ("tile I · 1 of 6", at the title line's end;
    the sheet label above does not repeat it), and every cut edge of the map, top and left
    alike, carries one caption: one for each edge a tile is cut along."""
    pages = pdf_text(pdf)
    for t in tiles:
        text = pages[t["index"] - 1]
        assert len(re.findall(rf"tile {t['label']} \u00b7", text)) == 1, text[:200]
        assert f"tile {t['label']} \u00b7 {t['index']} of {len(tiles)}" in text
        cut = re.findall(r"\bcut(?: along this edge)?", text)
        assert set(cut) <= captions
        assert len(cut) == (t["row"] > 1) + (t["col"] > 1)
    on_tiles = [pages[t["index"] - 1] for t in tiles]
    assert {c for page in on_tiles for c in re.findall(r"\bcut(?: along this edge)?", page)} == (
        captions
    )


def test_a_square_maps_tiles_share_the_long_cut_caption():
    """DUCK!'s 1.5 in squares leave room between the ticks for the whole caption on the
    top and the left cut edges alike."""
    _, pdfs, manifest = seed_kit("duck")
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    assert len(tiles) == 4
    _named_once_cut_alike(pdfs["map-deck.pdf"], tiles, {"cut along this edge"})


@pytest.mark.slow  # a big tiled map drawn and read back
def test_without_lanes_the_seams_cut_coordinates(game_dir, monkeypatch):
    """The check can fail: drawn as before (no lanes), coordinates lie under the glue
    notes and across the tiles' edges."""
    monkeypatch.setattr(maps, "_lanes", lambda *args: None)
    write_game(game_dir, _game(26, 20))
    _, pdfs, _ = build_pdfs(game_dir)
    found = [str(f) for _, f in pdf_faults(pdfs["map-plain.pdf"])]
    assert "text '0906' overlaps text 'GLUEundertileII' at (497.8, 392.9) pt" in found
    assert sum("crosses a line" in f for f in found) == 3  # across a tile's edge
    assert len(found) == 7  # (those cut by a tile's edge on its glue strip are left off)


@pytest.mark.slow  # a big tiled map built and read back
def test_a_coordinate_with_no_room_is_left_out_and_said(game_dir, tmp_path):
    """Where a glue note lies over a column of hexes at every place along its strip, the
    one coordinate under it has no room to move: it is left out, and the build says so."""
    write_game(game_dir, _game(35, 22))
    run = run_cli("build", str(game_dir), "-o", str(tmp_path / "out"))
    assert run.exit_code == 0, run.stderr
    kit = tmp_path / "out" / "game"
    pdf = (kit / "map-plain.pdf").read_bytes()
    assert pdf_faults(pdf) == []
    assert _every(35, 22) - _printed(pdf) == {"1806", "1817"}
    fact = "map plain: no room for coordinates 1806, 1817 clear of the seams"
    assert fact in json.loads((kit / "manifest.json").read_text())["facts"]
    assert f"game: {fact}" in run.stdout + run.stderr


def test_lanes_move_a_tab_the_least_way_inside_its_cell():
    square = [(0.0, 0.0), (54.0, 0.0), (54.0, 54.0), (0.0, 54.0)]
    tab = (0.5, 45.9, 17.5, 53.7)
    inf = math.inf
    # clear of everything: where it is
    assert Lanes(((30.0, -inf, 30.0, inf),)).clear(tab, square) == (0.0, 0.0)
    # across a seam at x = 10: the least move is left... out of the cell, so right
    assert Lanes(((10.0, -inf, 10.0, inf),)).clear(tab, square) == pytest.approx((10.0, 0.0))
    # across a band along y = 50: down, just below it
    assert Lanes(((-inf, 49.0, inf, 51.0),)).clear(tab, square) == pytest.approx((0.0, -5.2))
    # no room anywhere in the cell
    assert Lanes(((-1.0, -1.0, 55.0, 55.0),)).clear(tab, square) is None


@pytest.mark.parametrize(("game", "file"), [("ironford", "map-ryn.pdf"), ("duck", "map-deck.pdf")])
def test_tile_badges_lie_off_the_map(game, file):
    """An assembly sheet's badges name the tiles of its top row above the diagram and of
    its bottom row below it, each at the left of its tile's own part: none covers the map
    (Iron Ford's A1 and A2 lay over the half hexes at the map's foot)."""
    _, pdfs, manifest = seed_kit(game)
    (item,) = [i for i in manifest["items"] if i["kind"] == "assembly" and i["file"] == file]
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile" and i["file"] == file]
    rows = max(t["row"] for t in tiles)
    x0, y0, x1, y1 = item["bbox"]
    marks = marks_of(pdfs[file], item["page"])
    assert [str(f) for f in faults(marks)] == []
    for t in tiles:
        # the badge's run: its name at BADGE_MIN or more (a square's coordinate may read
        # the same, smaller)
        (run,) = {g.run for g in marks.glyphs if marks.runs[g.run] == t["label"] and g.size >= 10}
        boxes = [g.box for g in marks.glyphs if g.run == run]
        low, high = min(b[1] for b in boxes), max(b[3] for b in boxes)
        if t["row"] == 1:
            assert low > y1, (t["label"], low, y1)  # above the diagram
        else:
            assert t["row"] == rows and high < y0, (t["label"], high, y0)  # below it
        left = x0 + (t["window"][0] + (t["overlap"] if t["col"] > 1 else 0)) * item["scale"]
        # the badge's tab is 2.6 of its size wide, its numeral centred in it
        assert left < min(b[0] for b in boxes) < left + 40, t["label"]


def test_no_tile_prints_a_word_cut_by_its_edge():
    """A name that lies on a tile's glue strip across its edge was cut ("Iro" of Iron
    Ford): that tile leaves it off (the tile glued over the strip prints it whole)."""
    _, pdfs, manifest = seed_kit("ironford")
    pdf = pdfs["map-ryn.pdf"]
    tiles = {i["label"]: i for i in manifest["items"] if i["kind"] == "map-tile"}

    def shown(page: int) -> str:
        marks = marks_of(pdf, page)
        # the name may print on one line or two ("Iron" over "Ford")
        words = {"Iron", "Ford", "IronFord"}
        runs = {k for k, text in marks.runs.items() if text.replace(" ", "") in words}
        return "".join(g.char for g in marks.glyphs if g.run in runs)

    # never cut (was "Iro" on A1 when the name lay across its glue strip): whole or none
    on = [shown(t["index"]).replace(" ", "") for t in tiles.values()]
    assert set(on) <= {"", "IronFord"} and "IronFord" in on, on
    assert pdf_faults(pdf) == []


def test_the_box_index_finds_every_box_a_place_meets():
    """BoxIndex answers, in order, at least every box a place meets: finite boxes, bands
    endless one way (a tile's edges and seams) and a box endless both ways."""
    import math
    import random

    from kitgen.layout.maps.mapart import BoxIndex, _meets

    rnd = random.Random(41)
    inf = math.inf
    boxes = []
    for _ in range(300):
        x, y = rnd.uniform(-50, 900), rnd.uniform(-50, 900)
        kind = rnd.random()
        if kind < 0.2:
            boxes.append((x, -inf, x + rnd.uniform(0, 20), inf))
        elif kind < 0.4:
            boxes.append((-inf, y, inf, y + rnd.uniform(0, 20)))
        else:
            boxes.append((x, y, x + rnd.uniform(0, 80), y + rnd.uniform(0, 30)))
    boxes.append((-inf, -inf, inf, inf))
    index = BoxIndex(boxes)
    queries = [
        (x, y, x + rnd.uniform(0, 60), y + rnd.uniform(0, 60))
        for x, y in ((rnd.uniform(-80, 950), rnd.uniform(-80, 950)) for _ in range(300))
    ]
    queries += [(100.0, -inf, 130.0, inf), (-inf, 400.0, inf, 420.0)]
    for q in queries:
        for gap in (0.0, 0.5, 12.0):
            found = index.near(q, gap)
            assert found == sorted(set(found))
            assert {i for i, b in enumerate(boxes) if _meets(q, b, gap)} <= set(found)


def test_the_box_index_answers_a_place_with_the_boxes_near_it():
    """A question about one place gets back the boxes near it, not its whole row or
    column: a big map's coordinates grew as the square of its size when each tested
    every tab or note in its column."""
    from kitgen.layout.maps.mapart import BoxIndex

    tabs = [
        (x * 40.0, y * 40.0, x * 40.0 + 20, y * 40.0 + 8) for x in range(100) for y in range(100)
    ]
    index = BoxIndex(tabs)
    found = index.near((2000.0, 2000.0, 2020.0, 2008.0), 0.5)
    assert 1 <= len(found) <= 4, found
    index.add((2001.0, 2001.0, 2002.0, 2002.0))  # filed next, found as the rest are
    assert index.near((2000.0, 2000.0, 2020.0, 2008.0), 0.5)[-1] == len(tabs)


def test_a_tiled_maps_seams_read_the_words_near_each_tile(game_dir, monkeypatch):
    """Each tile's seams and glue notes are placed against the words on or beside that
    tile, not every word of the map (tiles x words grew as the square of the map)."""
    given: list[int] = []
    seams = maps._seams

    def counting(*args, **kw):
        given.append(len(args[6]))
        return seams(*args, **kw)

    monkeypatch.setattr(maps, "_seams", counting)
    every: list[int] = []
    word_boxes = maps.word_boxes

    def counted(*args, **kw):
        out = word_boxes(*args, **kw)
        every.append(len(out))
        return out

    monkeypatch.setattr(maps, "word_boxes", counted)
    write_game(game_dir, _game(26, 20))
    plan_game(game_dir)
    assert len(given) == 6  # six tiles
    assert sum(given) < 2.5 * every[0], (given, every)
