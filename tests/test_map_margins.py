"""Charts on a map sheet's margins (maps[].margins): tables, texts, tracks and the key placed
round a map written fresh, on one sheet and on the tiles of a big map. Positions are read
back from the PDF: each chart's words lie in its box, no box touches the map or another box,
all stay in the printable area, and the cells keep their exact size."""

from __future__ import annotations

import math

import pypdfium2 as pdfium

from kitgen.layout.frame import content_box
from kitgen.layout.maps import mapmargins, maptiles
from kitgen.layout.maps.mapmargins import Block
from kitgen.model.map import MarginChart
from kitgen.units import PAPERS
from tests.conftest import build_pdfs, errors_of, write_game

FIELD = """
id: field
title: Field
maps:
  - id: m
    title: Field
    grid: hex
    cell: CELL
    coords: true
    terrains:
      - {id: clear, label: Clear, props: {move_cost: 1}}
      - {id: wood, label: Woods, pattern: trees, props: {move_cost: 2, defence: 1}}
    legend: {".": clear, W: wood}
    layout: |
LAYOUT
    margins: MARGINS
    boxes: [{id: pool, label: Replacement pool}]
tracks:
  - {id: turns, title: Turn record, from: 1, to: 8, per_row: 8, box: 0.55in}
tables:
  - id: crt
    title: Combat results
    columns: [Die, "1-1", "2-1", "3-1"]
    rows:
      - ["1", AR, DR, DE]
      - ["2", EX, DR, DE]
      - ["3", AR, EX, DR]
    notes: ["**AR** attacker retreats, **DR** defender retreats, **EX** both lose a step."]
texts:
  - id: notes
    title: Victory
    text: ["Hold the woods at the end of turn 8."]
"""
SMALL = "\n".join("      " + row for row in ("..W...", ".WW...", "......", "...W.."))
BIG = "\n".join("      " + ("..W..." * 3) for _ in range(12))
TALL = "\n".join("      " + ("..W..." * 3) for _ in range(16))  # 2 x 2 tiles on letter


def _game(folder, margins: str, cell: str = "0.6in", layout: str = SMALL):
    text = FIELD.replace("MARGINS", margins).replace("CELL", cell).replace("LAYOUT", layout)
    return write_game(folder, text)


def _words(pdf: bytes, page: int, word: str) -> list[tuple[float, float, float, float]]:
    """The boxes (x0, y0, x1, y1, points) of every place ``word`` is printed on the page."""
    tp = pdfium.PdfDocument(pdf)[page].get_textpage()
    search = tp.search(word, match_case=True)
    out = []
    while (hit := search.get_next()) is not None:
        boxes = [tp.get_charbox(i) for i in range(hit[0], hit[0] + hit[1])]
        out.append(
            (
                min(b[0] for b in boxes),
                min(b[1] for b in boxes),
                max(b[2] for b in boxes),
                max(b[3] for b in boxes),
            )
        )
    return out


def _inside(inner, outer, slack: float = 0.5) -> bool:
    return (
        inner[0] >= outer[0] - slack
        and inner[1] >= outer[1] - slack
        and inner[2] <= outer[2] + slack
        and inner[3] <= outer[3] + slack
    )


def _apart(a, b) -> bool:
    return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


ALL = (
    "[{item: crt, side: right}, {item: turns, side: bottom}, {item: key}, "
    "{item: notes, side: auto}]"
)


def test_charts_round_a_single_sheet_never_touch_the_map(game_dir):
    planned, pdfs, manifest = build_pdfs(_game(game_dir, ALL))
    assert not [d for d in planned.diags if d.severity == "warning"]
    pdf = pdfs["map-m.pdf"]
    assert len(pdfium.PdfDocument(pdf)) == 1  # every chart found room on the sheet
    (art,) = [i for i in manifest["items"] if i["kind"] == "map"]
    charts = {i["id"]: i for i in manifest["items"] if i["kind"] == "map-chart"}
    assert sorted(charts) == ["crt", "key", "notes", "turns"]
    assert (charts["crt"]["side"], charts["turns"]["side"]) == ("right", "bottom")
    printable = content_box(PAPERS["letter"])
    boxes = {k: c["bbox"] for k, c in charts.items()}
    for name, box in boxes.items():
        assert _apart(box, art["bbox"]), name
        assert _inside(box, printable), name
        for other, box2 in boxes.items():
            assert other == name or _apart(box, box2), (name, other)
    # read back from the PDF: each chart's words are printed inside its box, off the map
    for name, word in (("crt", "Combat results"), ("turns", "Turn record"), ("notes", "Victory")):
        (found,) = _words(pdf, 0, word)
        assert _inside(found, boxes[name]) and _apart(found, art["bbox"]), name
    (woods,) = _words(pdf, 0, "Woods")  # the key is printed once: in its chart box
    assert _inside(woods, boxes["key"])
    # the cells keep their true size: hex 0101 to 0201 is 3/4 of a hex's width across
    (a,) = _words(pdf, 0, "0101")
    (b,) = _words(pdf, 0, "0201")
    size = 0.6 * 72
    assert math.isclose((b[0] + b[2]) / 2 - (a[0] + a[2]) / 2, size * math.sqrt(3) / 2, abs_tol=0.3)
    assert _inside(a, art["bbox"]) and _inside(b, art["bbox"])


def test_a_chart_that_does_not_fit_its_side_moves_with_a_warning(game_dir):
    folder = _game(game_dir, "[{item: crt, side: left}]", cell="1.4in")
    planned, _, manifest = build_pdfs(folder)
    (chart,) = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert chart["side"] != "left"
    assert [str(d) for d in planned.diags if d.severity == "warning"] == [
        f"{folder / 'game.yaml'}:18:15: warning: maps.m.margins[0].side: chart 'crt' does not "
        "fit on the left of map 'm' even at 7pt; it goes on the "
        f"{chart['side']} (give it side: auto, or make room (a smaller chart or a larger paper))"
    ]


def test_a_chart_with_no_room_goes_on_a_page_after_the_map(game_dir):
    many = "[" + ", ".join(["{item: turns}"] * 9) + "]"
    folder = _game(game_dir, many, cell="1.1in")
    planned, pdfs, manifest = build_pdfs(folder)
    warned = [str(d) for d in planned.diags if d.severity == "warning"]
    assert warned and all("it is printed on a page of charts after the map" in w for w in warned)
    pages = len(pdfium.PdfDocument(pdfs["map-m.pdf"]))
    assert pages == 2
    charts = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert len(charts) == 9  # nothing dropped
    later = [c for c in charts if c["side"] == "page"]
    assert len(later) == len(warned)
    boxes = [c["bbox"] for c in later]
    assert all(_apart(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def test_an_unknown_chart_is_an_error_with_a_suggestion(game_dir):
    folder = _game(game_dir, "[{item: crtt}]")
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:18:15: error: maps.m.margins[0].item: no table, text, track or "
        "off-map box with id 'crtt' (did you mean 'crt'?)"
    ]


def test_charts_on_a_tiled_map_sit_on_the_outer_margins(game_dir):
    margins = "[{item: turns, side: bottom, tile: IV}, {item: crt, side: right}, {item: key}]"
    folder = _game(game_dir, margins, cell="0.75in", layout=TALL)
    planned, pdfs, manifest = build_pdfs(folder)
    assert not [d for d in planned.diags if d.severity == "warning"]
    tiles = {i["label"]: i for i in manifest["items"] if i["kind"] == "map-tile"}
    assert sorted(tiles) == ["I", "II", "III", "IV"]
    rows = max(t["row"] for t in tiles.values())
    cols = max(t["col"] for t in tiles.values())
    charts = {i["id"]: i for i in manifest["items"] if i["kind"] == "map-chart"}
    assert charts["turns"]["tile"] == "IV"
    printable = content_box(PAPERS["letter"])
    for name, c in charts.items():
        tile = tiles[c["tile"]]
        tx0, ty0, tx1, ty1 = tile["bbox"]
        box = c["bbox"]
        assert _apart(box, tile["bbox"]) and _inside(box, printable), name
        # only where no neighbour is glued over it: below the bottom row, right of the
        # right column, and clear of the overlap a neighbour covers
        if c["side"] == "bottom":
            assert tile["row"] == rows and box[3] <= ty0
            if tile["col"] < cols:
                assert box[2] <= tx1 - tile["overlap"]
        else:
            assert tile["col"] == cols and box[0] >= tx1
            if tile["row"] < rows:
                assert box[1] >= ty0 + tile["overlap"]
        # read back from the PDF, on that tile's sheet
        word = {"turns": "Turn record", "crt": "Combat results", "key": "Key"}[name]
        page = tile["index"] - 1
        assert any(_inside(w, box) for w in _words(pdfs["map-m.pdf"], page, word)), name
        assert tile["cell"] == 54.0  # true size kept


def test_an_unknown_tile_warns_and_the_chart_goes_where_it_fits(game_dir):
    folder = _game(game_dir, "[{item: crt, tile: C9}]", cell="0.75in", layout=BIG)
    planned, _, manifest = build_pdfs(folder)
    tiles = [i["label"] for i in manifest["items"] if i["kind"] == "map-tile"]
    assert len(tiles) > 1 and "C9" not in tiles
    assert [str(d) for d in planned.diags if d.severity == "warning"] == [
        f"{folder / 'game.yaml'}:26:15: warning: maps.m.margins[0].tile: map 'm' has no tile "
        f"'C9' on this paper (its tiles: {', '.join(tiles)}); the chart goes where it fits "
        "(name one of its tiles, or leave tile: out)"
    ]
    (chart,) = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert chart["tile"] in tiles


def test_with_fit_the_charts_go_on_a_page_after_the_map(game_dir):
    folder = _game(game_dir, "[{item: crt}, {item: key}]", cell="0.75in", layout=BIG)
    planned, pdfs, manifest = build_pdfs(folder, fit=True)
    assert not [d for d in planned.diags if d.severity == "warning"]  # asked for: no warning
    assert len(pdfium.PdfDocument(pdfs["map-m.pdf"])) == 2
    charts = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert [(c["id"], c["side"]) for c in charts] == [("crt", "page"), ("key", "page")]
    assert _apart(charts[0]["bbox"], charts[1]["bbox"])
    (crt,) = _words(pdfs["map-m.pdf"], 1, "Combat results")
    assert _inside(crt, charts[0]["bbox"])


def test_an_off_map_box_is_printed_as_room_for_counters(game_dir):
    planned, pdfs, manifest = build_pdfs(_game(game_dir, "[{item: pool, side: right}]"))
    assert not [d for d in planned.diags if d.severity == "warning"]
    (art,) = [i for i in manifest["items"] if i["kind"] == "map"]
    (box,) = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert (box["id"], box["chart"], box["side"]) == ("pool", "box", "right")
    x0, y0, x1, y1 = box["bbox"]
    # two rows of three pieces (a game without counters: 3/4 in ones)
    assert x1 - x0 >= 3 * 54 and y1 - y0 >= 2 * 54
    assert _apart(box["bbox"], art["bbox"])
    (label,) = _words(pdfs["map-m.pdf"], 0, "Replacement pool")
    assert _inside(label, box["bbox"])


HOLDS = """
id: holds
title: Holds
maps:
  - id: m
    title: Holds
    grid: square
    cell: 0.95in
    terrains:
      - {id: clear, label: Clear}
    legend: {".": clear}
    layout: |
ROWS
    margins: [{item: a}, {item: b}, {item: c}, {item: d, side: bottom}]
    boxes: [{id: a, label: Box A}, {id: b, label: Box B}, {id: c, label: Box C},
            {id: d, label: Box D}]
"""


def test_charts_are_tried_in_another_order_where_the_declared_one_fails(game_dir, monkeypatch):
    """Under the map there is room for one row of three holding boxes. In the declared
    order the three that go anywhere fill it and the fourth, which asks for the bottom,
    is moved with a warning; tried with it first, all four fit where they ask, at their
    own size, and the manifest keeps the declared order."""
    rows = "\n".join("      " + "." * 5 for _ in range(7))
    folder = write_game(game_dir, HOLDS.replace("ROWS", rows))
    with monkeypatch.context() as only:  # the declared order alone, as before
        for module in (mapmargins, maptiles):
            only.setattr(module, "orders", lambda charts, size: [list(charts)])
        planned, _, _ = build_pdfs(folder)
    assert [d.message for d in planned.diags if d.severity == "warning"] == [
        "chart 'd' does not fit on the bottom of map 'm' even at 7pt; it goes on the right"
    ]
    planned, pdfs, manifest = build_pdfs(folder)
    assert not [d for d in planned.diags if d.severity == "warning"]
    charts = [i for i in manifest["items"] if i["kind"] == "map-chart"]
    assert [(c["id"], c["side"]) for c in charts] == [
        ("a", "bottom"),
        ("b", "bottom"),
        ("c", "right"),
        ("d", "bottom"),
    ]
    assert len(pdfium.PdfDocument(pdfs["map-m.pdf"])) == 1
    (art,) = [i for i in manifest["items"] if i["kind"] == "map"]
    for c in charts:  # read back: each box's name printed in its box, off the map
        (label,) = _words(pdfs["map-m.pdf"], 0, f"Box {c['id'].upper()}")
        assert _inside(label, c["bbox"]) and _apart(c["bbox"], art["bbox"])
        assert c["bbox"][2] - c["bbox"][0] >= 3 * 54  # two rows of three: the own size


def test_the_orders_tried_are_few_and_start_with_the_declared():
    charts = list(enumerate(MarginChart(item=x) for x in "abcdefgh"))
    sizes = {c.item: (10.0, float(k)) for k, (_, c) in enumerate(charts)}  # h grows

    def size(i, c):
        return Block(c, "box", *sizes[c.item], lambda e, x, y: [])

    tried = [[c.item for _, c in order] for order in mapmargins.orders(charts, size)]
    assert tried[0] == list("abcdefgh")
    assert tried[1] == list("hgfedcba")  # tallest first
    assert len(tried) == mapmargins.ORDERS == len({tuple(t) for t in tried})
