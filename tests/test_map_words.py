"""Words on reduced map drawings, read back from the PDFs (issue 18 items 2 and 7): a
scenario's set-up map and a map's assembly diagram print no word below MIN_WORD (6 pt),
and their coordinates print on every cell at that size, on the four corner cells only, or
not at all; never smaller. tests/page_marks.py reads each glyph's size from the page."""

from __future__ import annotations

import pytest

from kitgen.layout.maps.mapart import MIN_WORD, axis_names
from kitgen.layout.maps.maps import BADGE_MIN
from kitgen.layout.scenarios.scenario import RULER_ROOM
from tests.page_marks import Marks, marks_of

from .conftest import CONTENT, build_pdfs, seed_kit, unmarked_glyphs, write_game

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))
REDUCED = ("setup-map", "assembly")  # the manifest's kinds of reduced map drawings


def _small(marks: Marks) -> list[str]:
    """Each run with a glyph below MIN_WORD, with its size."""
    out = {}
    for g in unmarked_glyphs(marks.glyphs):  # a reading's mark is set small by design
        if g.size < MIN_WORD - 0.01:
            out.setdefault(g.run, f"{marks.runs[g.run]!r} at {g.size:.2f} pt")
    return sorted(out.values())


def _runs_in(marks: Marks, box) -> dict[str, list[float]]:
    """The runs whose glyphs lie inside box, with their sizes."""
    x0, y0, x1, y1 = box
    out: dict[str, list[float]] = {}
    for g in marks.glyphs:
        cx, cy = (g.box[0] + g.box[2]) / 2, (g.box[1] + g.box[3]) / 2
        if x0 <= cx <= x1 and y0 <= cy <= y1:
            out.setdefault(marks.runs[g.run], []).append(g.size)
    return out


def _map_of(planned, name: str):
    return planned.game.maps.get(name)


@pytest.mark.parametrize("game", GAMES)
def test_no_word_on_a_set_up_map_or_assembly_diagram_is_below_6pt(game: str):
    _, pdfs, manifest = seed_kit(game)
    pages = {(i["file"], i["page"]) for i in manifest["items"] if i["kind"] in REDUCED}
    small = {
        f"{name} page {page}": found
        for name, page in sorted(pages)
        if (found := _small(marks_of(pdfs[name], page)))
    }
    assert small == {}


@pytest.mark.parametrize("game", GAMES)
def test_a_set_up_map_prints_every_cell_s_coordinates_at_6pt(game: str):
    planned, pdfs, manifest = seed_kit(game)
    for item in (i for i in manifest["items"] if i["kind"] == "setup-map"):
        m = _map_of(planned, item["map"])
        runs = _runs_in(marks_of(pdfs[item["file"]], item["page"]), item["bbox"])
        labels = {m.label(c) for c in m.cells}
        missing = sorted(labels - set(runs))
        assert missing == [], f"{item['file']}: no coordinates on {missing[:8]}"
        assert min(min(runs[t]) for t in labels) >= MIN_WORD - 0.01


# ---- a map the seed kits do not have: cells too small for every coordinate --------------

WIDE = """
id: wide
title: Wide
maps:
  - id: plain
    title: The plain
    grid: GRID
    cell: 0.75in
    coords: true
    terrains:
      - {id: grass, label: Grass, fill: "#e8f0d8", pattern: grass, mark: GRASSLAND}
      - {id: wood, label: Wood, fill: "#c8dcb0", pattern: trees}
    marks:
      - {at: AT, icon: flag, text: the old standing stones, key: Standing stones}
    areas:
      - {id: camp, cells: ["CAMP"], label: The camp of the northern clans}
    legend: {".": grass, W: wood}
    layout: |
LAYOUT
rules:
  sides: [blue]
  pieces: [{id: scout, name: Scout of the plains, attrs: {kind: scout}, quantity: 2}]
"""

SCENARIO = """
title: Scouting
sides:
  - id: blue
    placements:
      - {piece: scout, at: AT}
      - {piece: scout, at: FROM}
"""

# 26 x 26 cells across the page: too small for every cell's coordinates at 6 pt, room
# enough for the corners' (square: A1 ... Z26, hex: 0101 ... 2626)
NAMES = {
    "square": {"AT": "M13", "FROM": "C3", "CAMP": "B2:D4"},
    "hex": {"AT": "1313", "FROM": "0303", "CAMP": "0202:0404"},
}


def _wide(folder, grid: str = "square"):
    rows = "\n".join(" " * 6 + ("..W" * 9)[:26] for _ in range(26))
    text = WIDE.replace("LAYOUT", rows).replace("GRID", grid)
    scenario = SCENARIO
    for key, name in NAMES[grid].items():
        text, scenario = text.replace(key, name), scenario.replace(key, name)
    return write_game(folder, text, {"scenarios/s.yaml": scenario})


def _coords(marks: Marks, box, m) -> dict[str, list[float]]:
    """The cells' coordinates printed inside box (a tile's badge, A1 to C3 in red at
    BADGE_MIN or more, names tiles the way cells are named: it is not counted)."""
    labels = {m.label(c) for c in m.cells}
    runs = _runs_in(marks, box).items()
    kept = {t: [x for x in s if x < BADGE_MIN] for t, s in runs if t in labels}
    return {t: s for t, s in kept.items() if s}


@pytest.mark.parametrize("grid", ["square", "hex"])
def test_small_cells_keep_their_words_at_6pt_and_name_cells_at_the_edges(game_dir, grid):
    planned, pdfs, manifest = build_pdfs(_wide(game_dir, grid))
    m = _map_of(planned, "plain")
    corners = {m.label((0, 0)), m.label((25, 0)), m.label((0, 25)), m.label((25, 25))}
    kinds = {i["kind"]: i for i in manifest["items"] if i["kind"] in REDUCED}
    assert set(kinds) == set(REDUCED)  # the map is tiled: it has an assembly sheet
    pages = {k: marks_of(pdfs[i["file"]], i["page"]) for k, i in kinds.items()}
    for kind, marks in pages.items():
        assert _small(marks) == [], kind
    # the assembly diagram labels its corner cells only, at 6 pt
    coords = _coords(pages["assembly"], kinds["assembly"]["bbox"], m)
    assert set(coords) == corners
    assert min(min(s) for s in coords.values()) >= MIN_WORD - 0.01
    item, marks = kinds["setup-map"], pages["setup-map"]
    x0, y0, x1, y1 = item["bbox"]
    named = _coords(marks, item["bbox"], m)
    if grid == "hex":
        # hexes are named as the map prints them (0101), never by column and row: the
        # hexes the pieces stand on and every second column and row, at 6 pt
        lattice = {m.label((c, r)) for c in range(0, 26, 2) for r in range(0, 26, 2)}
        assert set(named) == lattice | {"1313", "0303"}
        assert min(min(s) for s in named.values()) >= MIN_WORD - 0.01
        assert set(axis_names(m)[0].values()).isdisjoint(_runs_in(marks, item["bbox"]))
    else:
        # a square set-up map, read at the table, names every column over it and every
        # row left of it instead: a player finds M13 by its column and row
        assert named == {}
        cols, rows = axis_names(m)
        over = {t for t, s in _runs_in(marks, (x0, y1 - RULER_ROOM[1], x1, y1)).items()}
        left = {t for t, s in _runs_in(marks, (x0, y0, x0 + RULER_ROOM[0], y1)).items()}
        assert set(cols.values()) <= over and set(rows.values()) <= left
    # its own words: the area's name and the tokens' words stay, at 6 pt or more; the
    # icon's long caption, with no room in its cell, is left to the legend
    text = "".join(_runs_in(marks, item["bbox"]))
    assert "Thecampofthenorthernclans" in text
    assert "theoldstandingstones" not in text
    assert "Standingstones" in marks.runs.values()  # the legend names the icon


def test_a_map_fitted_onto_one_sheet_keeps_its_words_at_6pt(game_dir):
    # --fit scales the 26 x 26 map onto one sheet (about 1:3.7): its words and coordinates
    # follow the assembly sheet's rule, never the 2 pt the scale would make of them
    planned, pdfs, manifest = build_pdfs(_wide(game_dir), fit=True)
    m = _map_of(planned, "plain")
    (item,) = [i for i in manifest["items"] if i["kind"] == "map"]
    assert item["true_size"] is False
    marks = marks_of(pdfs[item["file"]], item["page"])
    assert _small(marks) == []
    coords = _coords(marks, item["bbox"], m)
    assert set(coords) <= {m.label((0, 0)), m.label((25, 0)), m.label((0, 25)), m.label((25, 25))}
