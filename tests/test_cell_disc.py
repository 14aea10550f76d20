"""A map's `disc:` prints a cell property (a pop limit) as a number in a disc in each
cell's top-right corner, the way published maps print stacking limits; read back from
the PDF: the number, where it stands, the key's entry, and the mistakes."""

from __future__ import annotations

from kitgen.layout.maps.maps import PAD

from .conftest import build_pdfs, errors_of, pdf_words, seed_kit, write_game

GAME = """
    id: t
    title: T
    maps:
      - id: land
        title: Land
        cell: 1in
        coords: true
        DISC
        terrains:
          - {id: field, props: {pop_limit: 4}}
          - {id: hill, props: {pop_limit: 2}}
          - {id: lake}
        legend: {".": field, h: hill, w: lake}
        layout: |
          .hw
          h..
        features:
          - {id: town, label: Town, text: T, props: {pop_limit: 12}, at: [C2]}
"""


def _digits_by_cell(pdf: bytes, item: dict, cell: float) -> dict[tuple[int, int], list]:
    """The numbers printed on the map, by the cell their middle lies in: (column, row),
    with where in the cell (0 to 1 from its left, 0 to 1 from its top)."""
    px, _, _, top = item["bbox"]
    out: dict[tuple[int, int], list] = {}
    for w in pdf_words(pdf)[item["page"] - 1]:
        if not w.text.isdigit():
            continue
        x = ((w.box[0] + w.box[2]) / 2 - px - PAD) / cell
        y = (top - PAD - (w.box[1] + w.box[3]) / 2) / cell
        if 0 <= x < item["cols"] and 0 <= y < item["rows"]:
            out.setdefault((int(x), int(y)), []).append((w.text, x % 1, y % 1))
    return out


def test_each_cell_prints_its_value_in_its_top_right_corner(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("DISC", "disc: {prop: pop_limit}"))
    _, pdfs, manifest = build_pdfs(folder)
    (item,) = [i for i in manifest["items"] if i["kind"] == "map"]
    got = _digits_by_cell(pdfs["map-land.pdf"], item, 72.0)
    # the terrain's value, a feature's over it (the town's 12), none on the lake
    values = {cell: [t for t, _, _ in found] for cell, found in got.items()}
    assert values == {
        (0, 0): ["4"],
        (1, 0): ["2"],
        (0, 1): ["2"],
        (1, 1): ["4"],
        (2, 1): ["12"],
    }
    for found in got.values():
        (_, x, y) = found[0]
        assert x > 0.6 and y < 0.4  # the top-right corner, clear of the coordinate (top left)
    # the key says what the disc is: the property in words, by default
    words = [w.text for w in pdf_words(pdfs["map-land.pdf"])[0]]
    assert {"Pop", "limit", "number", "corner", "cell\u2019s"} <= set(words)


def test_a_map_without_a_disc_prints_no_numbers_in_its_cells(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("DISC", ""))
    _, pdfs, manifest = build_pdfs(folder)
    (item,) = [i for i in manifest["items"] if i["kind"] == "map"]
    assert _digits_by_cell(pdfs["map-land.pdf"], item, 72.0) == {}


def test_a_disc_property_no_cell_has_is_an_error(tmp_path):
    folder = write_game(tmp_path / "g", GAME.replace("DISC", "disc: {prop: pop_limt}"))
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:8:18: error: maps[0].disc.prop: no cell of map 'land' has "
        "a property 'pop_limt' to print in its disc (did you mean 'pop_limit'?)"
    ]


def test_ryamons_cells_show_their_pop_limits():
    """Every cell of Ryamon's map shows its terrain's pop limit on the tiles: Water 1,
    Grassland 4, Forest 3, Urban 6 (issue 36)."""
    planned, pdfs, manifest = seed_kit("ryamon")
    m = planned.game.maps.get("world")
    want = {c: str(m.terrains[t].props["pop_limit"]) for c, t in m.cells.items()}
    height = m.grid.rows * m.grid.cell + 2 * PAD  # the drawing's, in map points (y up)
    seen: dict = {}
    for t in [i for i in manifest["items"] if i["kind"] == "map-tile"]:
        x0, y0, x1, y1 = t["bbox"]
        wx0, wy0, _, _ = t["window"]
        for w in pdf_words(pdfs["map-world.pdf"])[t["page"] - 1]:
            cx, cy = (w.box[0] + w.box[2]) / 2, (w.box[1] + w.box[3]) / 2
            if w.text.isdigit() and x0 < cx < x1 and y0 < cy < y1:
                col = int((cx - x0 + wx0 - PAD) // t["cell"])
                row = int((height - PAD - (cy - y0 + wy0)) // t["cell"])
                seen.setdefault((col, row), set()).add(w.text)
    assert {c: v for c, v in seen.items() if c in want} == {c: {v} for c, v in want.items()}


def test_tufts_trees_and_dots_keep_clear_of_the_disc(tmp_path):
    """A terrain's tufts, trees and dots are left out where a cell's disc goes, so no tree
    peeks out from under a pop limit; a terrain whose cells have no disc keeps them all."""
    from kitgen.layout.maps.celldisc import disc_room, disc_spots
    from kitgen.layout.maps.mapart import _local_polygon, pattern_ops
    from kitgen.layout.plan import Circle, Line, Path, Stroke

    from .conftest import plan_game

    folder = write_game(tmp_path / "g", GAME.replace("DISC", "disc: {prop: pop_limit}"))
    m = plan_game(folder).game.maps.get("land")
    local = _local_polygon(m.grid)
    (cx, cy), ((x0, y0, x1, y1), _, _) = m.grid.centre(0, 0), disc_spots(m, 72.0, 0.0)[0]
    disc = (x0 - cx, y0 - cy, x1 - cx, y1 - cy)  # cell A1's disc, about its centre

    def points(op) -> list:
        if isinstance(op, Circle):
            return [(op.cx + dx * op.r, op.cy + dy * op.r) for dx in (-1, 1) for dy in (-1, 1)]
        if isinstance(op, Line):
            return [(op.x0, op.y0), (op.x1, op.y1)]
        assert isinstance(op, Path)
        return list(op.points)

    for pattern in ("trees", "grass", "dots"):
        ink = Stroke("#336633", 0.3)
        every = pattern_ops(pattern, local, 72.0, ink)
        kept = pattern_ops(pattern, local, 72.0, ink, clear=disc_room(m, "field", 72.0))
        under = [
            op
            for op in every
            if any(disc[0] < x < disc[2] and disc[1] < y < disc[3] for x, y in points(op))
        ]
        assert under, pattern  # the pattern would reach under the disc ...
        assert not any(
            disc[0] < x < disc[2] and disc[1] < y < disc[3] for op in kept for x, y in points(op)
        ), pattern  # ... and is kept clear of it
    assert disc_room(m, "lake", 72.0) == ()  # the lake has no pop limit: no disc
