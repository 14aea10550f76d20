"""Templates: sizes at 1:1 read back from the plan and the manifest, coverage derived by hand,
the outline variant, and every error message."""

from __future__ import annotations

import math
from pathlib import Path

import pypdfium2 as pdfium
import pytest
import yaml

from kitgen.build import font_book
from kitgen.layout.plan import Circle, Group, Line, Rect, Text
from kitgen.layout.plan import Path as PathOp

from .conftest import build_pdfs, errors_of, plan_game, write_game

CHECK_BAR = 50 / 25.4 * 72  # 141.7323 pt
ROOT = Path(__file__).resolve().parent.parent


def walk(ops, dx=0.0, dy=0.0, rot=0.0):
    """Every op with the page offset and rotation of the groups around it."""
    for op in ops:
        if isinstance(op, Group):
            # groups here only translate, or translate and turn a quarter; a group inside a
            # turned one (a ruler's part in its block) moves along the turned axes
            c, s = round(math.cos(math.radians(rot))), round(math.sin(math.radians(rot)))
            gx, gy = dx + c * op.dx - s * op.dy, dy + s * op.dx + c * op.dy
            yield from walk(op.ops, gx, gy, rot + op.rotate)
        else:
            yield op, dx, dy, rot


def items(manifest, **match):
    return [i for i in manifest["items"] if all(i.get(k) == v for k, v in match.items())]


def errs(folder: Path) -> list[str]:
    return [e.replace(str(folder / "game.yaml"), "game.yaml") for e in errors_of(folder)]


GAME = """
id: t
title: T
templates:
{body}
"""


def game(folder: Path, body: str, extra: str = "") -> Path:
    return write_game(folder, GAME.format(body=body) + extra)


# ---- sizes at 1:1 ----------------------------------------------------------------------


def test_circle_four_inch_diameter_is_288_pt(game_dir):
    folder = game(
        game_dir,
        "  - {kind: circle, id: opp, diameter: 4in}\n  - {kind: circle, id: big, radius: 1in}",
    )
    _, pdfs, manifest = build_pdfs(folder)
    opp = items(manifest, id="opp", variant="print")[0]
    x0, y0, x1, y1 = opp["bbox"]
    assert (x1 - x0, y1 - y0) == (pytest.approx(288), pytest.approx(288))  # 4 x 72
    big = items(manifest, id="big", variant="print")[0]
    assert big["bbox"][2] - big["bbox"][0] == pytest.approx(144)  # 1 in radius: 2 in across
    assert opp["kind"] == "template" and opp["template"] == "circle"
    assert opp["piece"] == "opp@print"
    assert {"templates.pdf", "templates-outline.pdf"} <= set(pdfs)


def test_every_template_has_a_50mm_check_bar(game_dir):
    body = """
  - {kind: circle, id: c, diameter: 4in}
  - {kind: circle, id: small, radius: 0.5in}
  - {kind: cone, id: k, length: 9in, spread: 1in, per: 10in}
  - {kind: arc, id: a, spread: 90, depth: 4, square: 1.5in, rule: centre}
  - {kind: clock-scatter, id: s, radius: 3in}
  - {kind: grid-scatter, id: g, size: 3, square: 1.5in}
  - {kind: ruler, id: r, bands: {short: 3in, medium: 6in, long: 9in, extreme: 12in}}
"""
    p = plan_game(game(game_dir, body))
    for doc in p.docs:
        bars = 0
        for page in doc.pages:
            for op, *_ in walk(page.ops):
                if isinstance(op, Rect) and op.h == 3 and op.w == pytest.approx(CHECK_BAR):
                    bars += 1
        pieces = sum(len(page.items) for page in doc.pages)
        assert pieces == 8  # the 12 in ruler comes in two 6 in pieces
        assert bars == pieces, doc.name
    assert CHECK_BAR == pytest.approx(141.73, abs=0.005)


def test_cone_widths_one_inch_per_ten(game_dir):
    p = plan_game(game(game_dir, "  - {kind: cone, id: k, length: 9in, spread: 1in, per: 10in}"))
    item = p.docs[0].pages[0].items[0]
    x0, y0, x1, y1 = item.bbox
    # 9 in long, 0.9 in wide at the far end; turned to fit the page: long side upright
    assert sorted([x1 - x0, y1 - y0]) == [pytest.approx(64.8), pytest.approx(648)]
    assert item.extra["near_width"] == 0 and item.extra["far_width"] == pytest.approx(64.8)


def test_cone_piece_further_down_range(game_dir):
    body = "  - {kind: cone, id: k, length: 5in, start: 10in, start_width: 0.5in, spread: 2in}"
    item = plan_game(game(game_dir, body)).docs[0].pages[0].items[0]
    # width(d) = 0.5 + 0.2 d in: 2.5 in at 10 in, 3.5 in at 15 in
    assert item.extra["near_width"] == pytest.approx(2.5 * 72)
    assert item.extra["far_width"] == pytest.approx(3.5 * 72)


def test_a_cone_in_parts_prints_its_parts_in_the_order_they_join(game_dir):
    """Three cone parts laid end to end, and a big circle between them in the file: the
    parts print in their order, each on the sheet of the part before it or the next one
    (never a sheet apart, never before it), while the circle fills what room is left."""
    body = "\n".join(
        [
            "  - {kind: cone, id: a, length: 9in, spread: 4in, per: 10in}",
            "  - {kind: circle, id: c, diameter: 6in}",
            "  - {kind: cone, id: b, length: 8in, start: 9in, spread: 4in, per: 10in}",
            "  - {kind: cone, id: d, length: 7in, start: 17in, spread: 4in, per: 10in}",
        ]
    )
    planned = plan_game(game(game_dir, body))
    pages = {i.id: n for n, page in enumerate(planned.docs[0].pages, start=1) for i in page.items}
    cones = [pages[k] for k in ("a", "b", "d")]
    assert cones == sorted(cones)
    assert all(b - a <= 1 for a, b in zip(cones, cones[1:], strict=False))
    assert len(planned.docs[0].pages) >= 2  # the parts do not all fit one sheet


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_rencounters_cones_print_in_assembly_order(paper):
    """Read back from the kit's manifest: each cone's parts (canister, then grape) on
    consecutive sheets in the order they join, on both papers."""
    _, _, manifest = build_pdfs(ROOT / "content" / "rencounter", paper)
    cones = [i for i in manifest["items"] if i.get("template") == "cone"]
    cones = [i for i in cones if i["file"] == "templates.pdf"]
    written = yaml.safe_load((ROOT / "content" / "rencounter" / "templates.yaml").read_text())
    order = [t["id"] for t in written["templates"] if t["kind"] == "cone"]
    by_page = sorted(cones, key=lambda i: (i["page"], order.index(i["id"])))
    assert [i["id"] for i in by_page] == order  # the file's order, sheet by sheet
    pages = [i["page"] for i in by_page]
    assert pages == sorted(pages) and all(
        b - a <= 1 for a, b in zip(pages, pages[1:], strict=False)
    )


# ---- the arc: coverage derived by hand ---------------------------------------------------
# Shooter's square centred on (0, 0), apex at the front-edge centre (0, 0.5), 90 degrees wide,
# 4 squares deep. A cell centre (dx, dy) is inside when |dx| <= dy - 0.5 and
# dx^2 + (dy - 0.5)^2 <= 16: dy=1 -> dx 0; dy=2 -> |dx|<=1; dy=3 -> |dx|<=2;
# dy=4 -> dx^2 <= 3.75 -> |dx|<=1; dy=5 -> 20.25 > 16, none. 1 + 3 + 5 + 3 = 12 cells.
FLECHETTE_HIT = {
    (0, 1),
    (-1, 2),
    (0, 2),
    (1, 2),
    (-2, 3),
    (-1, 3),
    (0, 3),
    (1, 3),
    (2, 3),
    (-1, 4),
    (0, 4),
    (1, 4),
}
# Overlapped but not counted: the edges of the wedge and the arc.
FLECHETTE_PARTIAL = {
    (-1, 1),
    (1, 1),
    (-2, 2),
    (2, 2),
    (-3, 3),
    (3, 3),
    (-3, 4),
    (-2, 4),
    (2, 4),
    (3, 4),
}


@pytest.mark.parametrize("rule", ["centre", "half"])
def test_flechette_cells_under_both_rules(game_dir, rule):
    body = f"  - {{kind: arc, id: f, spread: 90, depth: 4, square: 1.5in, rule: {rule}}}"
    item = plan_game(game(game_dir, body)).docs[0].pages[0].items[0]
    assert {tuple(c) for c in item.extra["covered"]} == FLECHETTE_HIT
    assert {tuple(c) for c in item.extra["partial"]} == FLECHETTE_PARTIAL
    # the half rule agrees here: (0,1) is 3/4 inside, (2,3) 7/8; (1,1) and (2,2) only 1/8
    assert item.extra["rule"] == rule


def test_half_rule_fractions_by_hand():
    from kitgen.geometry import arc_template_cells

    cov = arc_template_cells(90, 4, "half")
    # (0,1): integral over t in [0,1] of min(2t, 1) = 1/4 + 1/2
    assert cov.fraction[(0, 1)] == pytest.approx(0.75, abs=1e-9)
    # (2,3): x in [1.5, 2.5], t = y - 0.5 in [2, 3]: int (min(2.5, t) - 1.5) dt = 0.375 + 0.5
    assert cov.fraction[(2, 3)] == pytest.approx(0.875, abs=1e-9)
    # (1,1) and (2,2): a corner triangle of half-sides 0.5: 1/8
    assert cov.fraction[(1, 1)] == pytest.approx(0.125, abs=1e-9)
    assert cov.fraction[(2, 2)] == pytest.approx(0.125, abs=1e-9)


def test_arc_drawing_is_the_sector_at_scale(game_dir):
    body = "  - {kind: arc, id: f, spread: 90, depth: 4, square: 1.5in, rule: centre}"
    item = plan_game(game(game_dir, body)).docs[0].pages[0].items[0]
    x0, y0, x1, y1 = item.bbox
    # radius 4 x 1.5 in = 432 pt; chord of 90 degrees = 2 r sin 45 = 610.94 pt; depth 432 pt
    long, short = sorted([x1 - x0, y1 - y0], reverse=True)
    assert long == pytest.approx(2 * 432 * math.sin(math.radians(45)), abs=0.5)
    assert short == pytest.approx(432, abs=0.5)
    assert item.extra["turned"] is True  # 8.49 in does not fit across letter


# ---- clock scatter -----------------------------------------------------------------------


def test_clock_sectors_and_rings(game_dir):
    p = plan_game(game(game_dir, "  - {kind: clock-scatter, id: s, radius: 3in, ring: 1in}"))
    page = p.docs[0].pages[0]
    x0, y0, x1, y1 = page.items[0].bbox
    assert x1 - x0 == pytest.approx(432)  # 3 in radius
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    circles = sorted(round(op.r, 3) for op, *_ in walk(page.ops) if isinstance(op, Circle))
    assert circles == [72, 144, 216]  # rings at 1 and 2 in, the rim at 3 in
    numbers = {
        op.text: (op.x + dx, op.y + dy)
        for op, dx, dy, _ in walk(page.ops)
        if isinstance(op, Text) and op.text.isdigit() and op.font.size == 13
    }
    assert sorted(numbers, key=int) == [str(n) for n in range(1, 13)]
    r = 216 - 15  # numbers sit 15 pt inside the rim, mid-sector, baseline 4.5 pt lower
    for n, (x, y) in numbers.items():
        a = math.radians(90 - 30 * int(n))  # 12 straight up the line of throw, 3 to the right
        assert x == pytest.approx(cx + r * math.cos(a), abs=1e-6)
        assert y == pytest.approx(cy + r * math.sin(a) - 4.5, abs=1e-6)
    assert page.items[0].extra["sectors"] == 12


# ---- rulers ------------------------------------------------------------------------------


def test_ruler_band_positions_at_scale(game_dir):
    body = "  - {kind: ruler, id: r, bands: {short: 3in, medium: 6in, long: 9in, extreme: 12in}}"
    p = plan_game(game(game_dir, body))
    page = p.docs[0].pages[0]
    first, second = page.items
    assert (first.extra["from"], first.extra["to"]) == (0, 432)  # two 6 in pieces
    assert (second.extra["from"], second.extra["to"]) == (432, 864)
    # strips stand upright on a portrait page: 0.75 in wide, 6 in tall, zero at the bottom
    assert first.bbox[2] - first.bbox[0] == pytest.approx(54)
    assert first.bbox[3] - first.bbox[1] == pytest.approx(432)
    assert first.extra["turned"] is True
    limits = []
    for op, dx, dy, rot in walk(page.ops):
        if isinstance(op, Line) and op.stroke.width == 1.2 and rot == 90:
            # a quarter turn: local (x, y) lands on the page at (dx - y, dy + x)
            px, py = dx - op.y0, dy + op.x0
            if first.bbox[0] - 1 <= px <= first.bbox[2] + 1:
                limits.append(round(py - first.bbox[1], 3))
    assert sorted(limits) == [216, 432]  # short ends at 3 in, medium at 6 in (the piece's end)


TABLE = """
tables:
  - id: missiles
    title: Missiles
    columns: [Weapon, short, medium, long, extreme, {title: Reload, id: reload}]
    rows:
      - {heading: Thrown}
      - [Javelin*, 3, 6, 9, 12, 1]
      - [Weak Bow, 4, 8, 12, 20, 1]
      - [Flintlock Pistol, 3, 6, 9, 12, 2]
"""


def test_rulers_from_a_table_share_equal_bands(game_dir):
    folder = game(game_dir, "  - {kind: ruler, id: r, from_table: missiles}", TABLE)
    _, _, manifest = build_pdfs(folder)
    parts = [i for i in items(manifest, id="r", variant="print") if "part" in i]
    first = [i for i in parts if i["part"] == 1]
    assert [i["names"] for i in first] == [["Javelin", "Flintlock Pistol"]]
    assert first[0]["bands"] == [["short", 216], ["medium", 432], ["long", 648], ["extreme", 864]]
    # 12 in: pieces of at most 9.75 in on letter -> 2 pieces of 6 in, each ending on an inch
    assert [(i["from"], i["to"]) for i in parts] == [(0, 432), (432, 864)]
    assert [i["parts"] for i in parts] == [2, 2]
    # 20 in would take 3 pieces: the bow's bands print in the range chart instead
    (chart,) = [i for i in items(manifest, id="r", variant="print") if i.get("chart")]
    assert chart["rulers"] == [
        {
            "names": ["Weak Bow"],
            "bands": [["short", 288], ["medium", 576], ["long", 864], ["extreme", 1440]],
        }
    ]
    assert len({i["piece"] for i in manifest["items"]}) == len(manifest["items"])


def test_no_ruler_prints_in_more_than_two_parts(game_dir):
    """Whatever the piece length, a ruler is one or two parts; what would take more is
    charted, every band of it, and a two-part ruler's parts meet end to end."""
    for piece in ("4in", "6in", "9in"):
        folder = game(
            game_dir, f"  - {{kind: ruler, id: r, from_table: missiles, piece: {piece}}}", TABLE
        )
        p = plan_game(folder)
        placed = [i for d in p.docs[:1] for pg in d.pages for i in pg.items]
        strips = [i for i in placed if "part" in i.extra]
        charted = [r for i in placed if i.extra.get("chart") for r in i.extra["rulers"]]
        assert all(i.extra["parts"] <= 2 for i in strips)
        longest = float(piece[:-2]) * 72
        for i in strips:
            assert i.extra["to"] - i.extra["from"] <= longest + 1e-6
        names = sorted(n for i in strips if i.extra["part"] == 1 for n in i.extra["names"])
        names += sorted(n for r in charted for n in r["names"])
        assert sorted(names) == ["Flintlock Pistol", "Javelin", "Weak Bow"], piece
        for r in charted:  # charted because two pieces would not reach its last band
            assert r["bands"][-1][1] > 2 * longest


def test_ruler_merge_false_keeps_one_ruler_per_row(game_dir):
    folder = game(game_dir, "  - {kind: ruler, id: r, from_table: missiles, merge: false}", TABLE)
    p = plan_game(folder)
    placed = [i for pg in p.docs[0].pages for i in pg.items]
    names = [i.extra["names"] for i in placed if i.extra.get("part") == 1]
    assert names == [["Javelin"], ["Flintlock Pistol"]]
    (chart,) = [i for i in placed if i.extra.get("chart")]
    assert [r["names"] for r in chart.extra["rulers"]] == [["Weak Bow"]]


# ---- grid scatter ------------------------------------------------------------------------


def test_grid_scatter_cells_target_and_blanks(game_dir):
    body = """
  - kind: grid-scatter
    id: g
    size: 3
    square: 1.5in
    target: [1, 1]
    cells: [["4/6", ~, "4/6"], ["4/6", "2/4", "4/6"], ["4/6", "4/6", ~]]
"""
    p = plan_game(game(game_dir, body))
    page = p.docs[0].pages[0]
    item = page.items[0]
    assert item.extra["cells"] == [
        ["4/6", None, "4/6"],
        ["4/6", "2/4", "4/6"],
        ["4/6", "4/6", None],
    ]
    texts = [op.text for op, *_ in walk(page.ops) if isinstance(op, Text)]
    assert texts.count("4/6") == 6 and texts.count("2/4") == 1 and "TARGET" in texts
    # every write-in is listed, at its own cell
    assert [str(d).split("game.yaml:")[1] for d in p.diags.warnings] == [
        "10:21: warning: templates[0].cells[0][1]: write-in blank: template 'g', row 1, "
        "column 2 has no value",
        "10:70: warning: templates[0].cells[2][2]: write-in blank: template 'g', row 3, "
        "column 3 has no value",
    ]
    # the target's heavy frame is one square (1.5 in) across
    frames = [
        op
        for op, *_ in walk(page.ops)
        if isinstance(op, Rect) and op.stroke and op.stroke.width == 2.0
    ]
    assert [(f.w, f.h) for f in frames] == [(108, 108)]


def test_grid_scatter_captions_name_each_cell_clear_of_the_line_of_flight(game_dir):
    """A caption prints small inside its own cell, at the edge away from the target (the foot
    in rows below it), and the line of flight breaks around the caption and the write-in
    line it crosses, so both stay readable."""
    body = """
  - kind: grid-scatter
    id: g
    size: 3
    square: 1.5in
    captions: [[LONG LEFT, LONG, LONG RIGHT], [LEFT, ~, RIGHT], [SHORT LEFT, SHORT, SHORT RIGHT]]
"""
    p = plan_game(game(game_dir, body))
    page = p.docs[0].pages[0]
    (item,) = page.items
    assert item.extra["captions"][1] == ["LEFT", None, "RIGHT"]
    texts = {op.text: (op, dx, dy) for op, dx, dy, _ in walk(page.ops) if isinstance(op, Text)}
    squares = [
        (op.x + dx, op.y + dy)
        for op, dx, dy, _ in walk(page.ops)
        if isinstance(op, Rect) and (op.w, op.h) == (108, 108) and op.fill
    ]
    left, foot = min(x for x, _ in squares), min(y for _, y in squares)

    def cell_of(word):
        op, dx, dy = texts[word]
        return int((op.x + dx - left) // 108), 2 - int((op.y + dy - foot) // 108)

    for r, row in enumerate(item.extra["captions"]):
        for c, word in enumerate(row):
            if word:
                assert cell_of(word) == (c, r), word
                assert texts[word][0].font.size >= 6
    short, dx, dy = texts["SHORT"]
    assert short.y + dy - foot < 20  # at the foot of its cell: the arrow's tip is at the top
    dashes = [
        (op, ody)
        for op, _, ody, _ in walk(page.ops)
        if isinstance(op, Line) and op.stroke.dash and op.x0 == op.x1
    ]
    lo, hi = short.y + dy - 1, short.y + dy + short.font.size
    for line, ody in dashes:  # no dash of the line of flight runs through the caption
        a, b = sorted((line.y0 + ody, line.y1 + ody))
        assert b <= lo or a >= hi


def test_grid_scatter_captions_take_the_grid_shape(game_dir):
    body = "  - {kind: grid-scatter, id: x, size: 2, square: 1in, captions: [[a, b], [c]]}"
    assert errs(game(game_dir, body)) == [
        "game.yaml:4:74: error: templates[0].captions[1]: expected 2 cells, got 1"
    ]


# ---- the outline variant -----------------------------------------------------------------


def test_outline_variant_has_no_fills(game_dir):
    body = """
  - {kind: circle, id: c, diameter: 4in}
  - {kind: cone, id: k, length: 9in, spread: 1in, per: 10in}
  - {kind: arc, id: a, spread: 90, depth: 4, square: 1.5in, rule: centre}
  - {kind: clock-scatter, id: s, radius: 3in}
  - {kind: grid-scatter, id: g, size: 3, square: 1.5in, cells: [[a, b, c], [d, e, f], [g, h, i]]}
  - {kind: ruler, id: r, bands: {short: 3in}, outline: false}
"""
    p = plan_game(game(game_dir, body))
    printed, film = p.docs
    assert film.name == "templates-outline"
    fills = [
        op
        for page in film.pages
        for op, *_ in walk(page.ops)
        if isinstance(op, (Rect, Circle, PathOp)) and op.fill is not None
    ]
    hatches = [
        op
        for page in film.pages
        for op, *_ in walk(page.ops)
        if isinstance(op, PathOp) and op.hatch
    ]
    # the sheet frame's scale bars are the only inked fills on a film page; white is no
    # ink: the pads that keep grid lines and rings out of the words
    inked = [op for op in fills if op.fill != "#ffffff"]
    assert all(isinstance(op, Rect) and op.h == 3 and op.fill == "#333333" for op in inked)
    assert hatches == []
    assert len(inked) == 2 * len(film.pages)
    pads = 0
    for page in film.pages:
        ops = [(op, dx, dy) for op, dx, dy, rot in walk(page.ops) if rot == 0]
        for n, (pad, px, py) in enumerate(ops):
            if not (isinstance(pad, Rect) and pad.fill == "#ffffff"):
                continue
            pads += 1
            box = (pad.x + px, pad.y + py, pad.x + pad.w + px, pad.y + pad.h + py)
            for op, dx, dy in ops[n + 1 :]:
                if isinstance(op, PathOp | Circle):
                    # drawn over the pad: only its own legend, wholly inside it
                    b = _extent(op, dx, dy)
                    apart = b[2] <= box[0] or b[0] >= box[2] or b[3] <= box[1] or b[1] >= box[3]
                    within = box[0] <= b[0] and b[2] <= box[2] and box[1] <= b[1] and b[3] <= box[3]
                    assert apart or within, (op, box)
    assert pads >= 2  # the arc's legend and the clock's notes
    film_ids = [i.id for page in film.pages for i in page.items]
    assert "r" not in film_ids and film_ids.count("a") == 1
    assert any(
        isinstance(op, PathOp) and op.hatch for page in printed.pages for op, *_ in walk(page.ops)
    )


# ---- seed content builds ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["duck", "rencounter"])
def test_seed_templates_build(name):
    p, pdfs, manifest = build_pdfs(ROOT / "content" / name)
    # The only warnings: write-in blanks, values the seeds lost.
    assert all("write-in blank" in d.message for d in p.diags.warnings)
    assert items(manifest, kind="template")


def test_duck_flechette_and_scatter_from_content():
    _, _, manifest = build_pdfs(ROOT / "content" / "duck")
    fle = items(manifest, id="flechette", variant="print")[0]
    assert len(fle["covered"]) == 12 and len(fle["partial"]) == 10
    # at the kit's square size: the deck map's own cell
    deck = next(i for i in manifest["items"] if i["kind"] in ("map", "map-tile"))
    assert fle["square"] == deck["cell"] == 108
    blast = items(manifest, id="grenade-blast", variant="print")[0]
    assert blast["cells"][1] == ["4/6", "2/4", "4/6"]
    scatter = items(manifest, id="grenade-scatter", variant="print")[0]
    assert scatter["cells"] == [[None] * 3] * 3  # lost in the seed: write-in blanks
    # drawn from the rule: each square named by where it lies from the thrower
    assert scatter["captions"][0] == ["LONG LEFT", "LONG", "LONG RIGHT"]
    assert scatter["captions"][2][1] == "SHORT"


def test_rencounter_rulers_cover_the_missile_table():
    _, _, manifest = build_pdfs(ROOT / "content" / "rencounter")
    strips = [i for i in items(manifest, id="missile-ranges") if i.get("part") == 1]
    chart = items(manifest, id="missile-ranges", variant="print", chart=True)[0]
    rulers = strips + chart["rulers"]
    names = [n for r in rulers for n in r["names"]]
    assert len(names) == 27 and len(rulers) == 14  # 27 weapons, 14 distinct band sets
    # the rulers read the quick reference's own table: every weapon, footnote marks dropped
    source = yaml.safe_load((ROOT / "content" / "rencounter" / "reference.yaml").read_text())
    table = next(t for t in source["tables"] if t["id"] == "missile-weapons")
    assert sorted(names) == sorted(row[0].rstrip("*#") for row in table["rows"])
    braced = next(r for r in rulers if "Lt. MG braced" in r["names"])
    assert braced["bands"][-1] == ["extreme", 125 * 72]
    # parts: 7 -> every ruler out to 60 in is printed (the cover says so); only the
    # rifles, breechloaders and the braced machine gun (72, 80, 125 in) are charted
    assert sorted(r["bands"][-1][1] // 72 for r in chart["rulers"]) == [72, 80, 125]
    assert all(i["parts"] <= 7 for i in strips) and len(strips) == 11
    opp = items(manifest, id="opportunity-fire", variant="print")[0]
    assert opp["bbox"][2] - opp["bbox"][0] == pytest.approx(288)  # the seed's 4 in diameter
    # cannister widens 1 in and grape 2 in per 10 in, to 24 in in three pieces (0-9, 9-17,
    # 17-24 in), each starting as wide as the one before it ends
    for cone, per_in in (("cannister", 7.2), ("grape", 14.4)):
        parts = [
            items(manifest, id=i, variant="print")[0] for i in (cone, f"{cone}-2", f"{cone}-3")
        ]
        ends = [(p["near_width"], p["far_width"]) for p in parts]
        assert ends == [
            (pytest.approx(a * per_in), pytest.approx(b * per_in))
            for a, b in ((0, 9), (9, 17), (17, 24))
        ]
    scatter = items(manifest, id="grenade-scatter", variant="print")[0]
    assert scatter["sectors"] == 12 and scatter["rings"] == [72, 144]  # 1 and 2 in
    assert scatter["bbox"][2] - scatter["bbox"][0] == pytest.approx(432)  # the 3 in rim


# ---- errors ------------------------------------------------------------------------------

ERROR_CASES = [
    (
        "  - {kind: blob, id: x}",
        "game.yaml:4:12: error: templates[0].kind: unknown template kind 'blob' "
        "(use grid-scatter, arc, clock-scatter, circle, cone, ruler)",
    ),
    (
        "  - {kind: circle, id: x, radius: 1in, diameter: 2in}",
        "game.yaml:4:5: error: templates[0]: give radius or diameter, not both",
    ),
    (
        "  - {kind: circle, id: x}",
        "game.yaml:4:5: error: templates[0]: a circle needs radius or diameter",
    ),
    (
        "  - {kind: cone, id: x, length: 2in, spread: 0in}",
        "game.yaml:4:5: error: templates[0]: a cone with no start width and no spread has no area",
    ),
    (
        "  - {kind: cone, id: x, length: 2in, spread: -1in}",
        "game.yaml:4:5: error: templates[0]: spread, start_width and start cannot be negative",
    ),
    (
        "  - {kind: cone, id: x, length: 2in, spread: 1in, marks: [{at: 3in}]}",
        "game.yaml:4:64: error: templates[0].marks[0].at: "
        "mark lies outside the cone (from start to start + length)",
    ),
    (
        "  - {kind: arc, id: x, spread: 90, depth: 4, square: 1in}",
        "game.yaml:4:5: error: templates[0]: missing required key 'rule'",
    ),
    (
        "  - {kind: arc, id: x, spread: 90, depth: 4, square: 1in, rule: middle}",
        "game.yaml:4:65: error: templates[0].rule: unknown rule 'middle' (use centre, half)",
    ),
    (
        "  - {kind: clock-scatter, id: x, radius: 1in, ring: 2in}",
        "game.yaml:4:53: error: templates[0].ring: ring spacing is larger than the radius",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, cells: [[a, b]]}",
        "game.yaml:4:62: error: templates[0].cells: expected 2 rows, got 1",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, cells: [[a, b], [c]]}",
        "game.yaml:4:71: error: templates[0].cells[1]: expected 2 cells, got 1",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, cells: [[a, b], c]}",
        "game.yaml:4:71: error: templates[0].cells[1]: expected a list of 2 cells, got text 'c'",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, target: [2, 0]}",
        "game.yaml:4:63: error: templates[0].target: cell [2, 0] is outside the 2 x 2 grid",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, target: middle}",
        "game.yaml:4:63: error: templates[0].target: "
        "expected [column, row] counted from 0, got text 'middle'",
    ),
    (
        "  - {kind: grid-scatter, id: x, size: 2, square: 1in, flight: up}",
        "game.yaml:4:63: error: templates[0].flight: unknown side 'up' "
        "(use bottom, top, left, right, none)",
    ),
    (
        "  - {kind: ruler, id: x, bands: {short: 4in, medium: 3in}}",
        "game.yaml:4:54: error: templates[0].bands.medium: "
        "each band must reach further than the one before it",
    ),
    (
        "  - {kind: ruler, id: x, bands: {}}",
        "game.yaml:4:33: error: templates[0].bands: a ruler needs at least one band",
    ),
    (
        "  - {kind: ruler, id: x}",
        "game.yaml:4:5: error: templates[0]: a ruler needs bands or from_table",
    ),
    (
        "  - {kind: ruler, id: x, bands: {short: 1in}, from_table: t}",
        "game.yaml:4:5: error: templates[0]: give bands or from_table, not both",
    ),
    (
        "  - {kind: ruler, id: x, from_table: t, band_columns: [a, b], band_names: [s]}",
        "game.yaml:4:75: error: templates[0].band_names: "
        "expected 2 names, one per band column, got 1",
    ),
    (
        "  - {kind: circle, id: x, radius: 1in, size: 2}",
        "game.yaml:4:40: error: templates[0].size: unknown key 'size' "
        "(valid: kind, id, title, colour, notes, outline, reading, radius, diameter, label)",
    ),
    (
        "  - {kind: circle, id: x, radius: 1in}\n  - {kind: circle, id: x, radius: 2in}",
        "game.yaml:5:5: error: templates: duplicate template id 'x' (first at line 4)",
    ),
]


@pytest.mark.parametrize(("body", "message"), ERROR_CASES)
def test_error_messages(game_dir, body, message):
    assert errs(game(game_dir, body)) == [message]


CHECK_ERRORS = [
    (
        "  - {kind: ruler, id: x, from_table: missile}",
        "game.yaml:4:38: error: templates[0].from_table: no table 'missile' in tables: "
        "(did you mean 'missiles'?)",
    ),
    (
        "  - {kind: ruler, id: x, from_table: missiles, name_column: gun}",
        "game.yaml:4:61: error: templates[0].name_column: table 'missiles' has no column 'gun' "
        "(columns: Weapon, short, medium, long, extreme, reload)",
    ),
    (
        "  - {kind: ruler, id: x, from_table: missiles, band_columns: [short, med, long]}",
        "game.yaml:4:70: error: templates[0].band_columns[1]: table 'missiles' has no column "
        "'med' (columns: Weapon, short, medium, long, extreme, reload)",
    ),
]


@pytest.mark.parametrize(("body", "message"), CHECK_ERRORS)
def test_table_errors(game_dir, body, message):
    assert errs(game(game_dir, body, TABLE)) == [message]


def test_ruler_table_in_a_game_without_tables(game_dir):
    assert errs(game(game_dir, "  - {kind: ruler, id: x, from_table: missiles}")) == [
        "game.yaml:4:38: error: templates[0].from_table: no table 'missiles' in tables: "
        "(the game has no tables: section)"
    ]


def test_range_tables_section_is_gone(game_dir):
    """Rulers read `tables:`; the old duplicate section is an unknown key."""
    extra = "range_tables:\n  - {id: m, columns: [weapon], rows: []}\n"
    got = errs(game(game_dir, "  - {kind: circle, id: c, radius: 1in}", extra))
    assert got == [
        "game.yaml:5:1: error: range_tables: unknown key 'range_tables' (did you mean 'tables'?)"
    ]


def test_table_value_errors(game_dir):
    table = TABLE.replace("[Weak Bow, 4, 8, 12, 20, 1]", "[Weak Bow, 4, Var, 12, 20, 1]").replace(
        "[Javelin*, 3, 6, 9, 12, 1]", "[Javelin*, 3, 6, 6, 12, 1]"
    )
    got = errs(game(game_dir, "  - {kind: ruler, id: x, from_table: missiles}", table))
    assert got == [
        "game.yaml:12:26: error: tables[0].rows[1]: "
        "Javelin: range 6 in column 'long' does not reach further than the band before it",
        "game.yaml:13:23: error: tables[0].rows[2]: Weak Bow: range 'Var' in column 'medium' "
        "is not a number (ranges are numbers, in inches)",
    ]


def test_too_big_template_is_a_warning_naming_it(game_dir):
    p = plan_game(game(game_dir, "  - {kind: circle, id: huge, radius: 6in}"))
    warnings = [str(w).replace(str(game_dir / "game.yaml"), "game.yaml") for w in p.diags.warnings]
    # said once, though both the printed sheet and the film variant leave it out
    assert warnings == [
        "game.yaml:4:5: warning: templates[0]: template 'huge' (12.00 x 12.00 in) does not fit "
        "on letter paper even turned; it was left out (make it smaller or use larger paper)"
    ]


def test_rulers_read_labels_spans_and_skip_headings(game_dir):
    """A table keyed by a label column, with a cell spanning two band columns and a
    sub-heading row: the label column is the default name column, the spanning cell
    counts under each column it covers, headings are skipped, footnote marks dropped."""
    table = """
tables:
  - id: arms
    label: {title: Arm}
    columns: [{title: Short, id: s}, {title: Med, id: m}, {title: Long, id: l}]
    rows:
      - {heading: Slings}
      - [Sling#, 2, 4, 6]
      - {label: Bolas, cells: [1, {text: "4", span: m}, 6]}
"""
    body = (
        "  - {kind: ruler, id: r, from_table: arms, band_columns: [s, Med, l],"
        " band_names: [short, medium, long]}"
    )
    p = plan_game(game(game_dir, body, table))
    first = [i.extra for pg in p.docs[0].pages for i in pg.items if i.extra["part"] == 1]
    assert [(e["names"], e["bands"]) for e in first] == [
        (["Sling"], [["short", 144], ["medium", 288], ["long", 432]]),
        (["Bolas"], [["short", 72], ["medium", 288], ["long", 432]]),
    ]


def test_sizes_read_back_from_the_pdf(game_dir):
    """The PDF itself: the circle's path spans 288 pt (4 in) and every piece carries a
    141.7323 pt (50 mm) bar."""
    import io
    import re

    from pypdf import PdfReader

    body = "  - {kind: circle, id: c, diameter: 4in}\n  - {kind: circle, id: d, radius: 1in}"
    _, pdfs, manifest = build_pdfs(game(game_dir, body))
    for name in ("templates.pdf", "templates-outline.pdf"):
        page = PdfReader(io.BytesIO(pdfs[name])).pages[0]
        stream = page.get_contents().get_data().decode("latin-1")
        assert len(re.findall(r"\b141\.7323 3 re\b", stream)) == 2
        # the first circle is drawn in its own frame: four Bezier quarters from (288, 144)
        first = stream.split(" cm\n", 1)[1].split("B" if name == "templates.pdf" else "S", 1)[0]
        xs = [
            float(v)
            for line in first.splitlines()
            if line.endswith((" m", " c"))
            for v in line.split()[0:-1:2]
        ]
        assert max(xs) - min(xs) == pytest.approx(288)


def test_the_range_chart_names_every_weapon_at_7pt_clear_of_the_bars():
    """The rifles that share a ruler too long for seven parts print their names in the
    chart's name column at 7 pt or more (wrapped where need be), left of where the bars
    start."""
    p = plan_game(ROOT / "content" / "rencounter")
    page, item = next(
        (pg, i)
        for d in p.docs
        if d.name == "templates"
        for pg in d.pages
        for i in pg.items
        if i.extra.get("chart")
    )
    rifles = ["Flintlock Rifle", "Cap and Ball Rifle"]
    assert rifles in [r["names"] for r in item.extra["rulers"]]
    texts = [(op, dx) for op, dx, _, _ in walk(page.ops) if isinstance(op, Text)]
    bars = [op.x + dx for op, dx, _, _ in walk(page.ops) if isinstance(op, Rect) and op.h == 11.0]
    start = next(k for k, (op, _) in enumerate(texts) if op.text.startswith(rifles[0]))
    lines = []
    for op, _ in texts[start:]:
        lines.append(op.text)
        if op.text.endswith(rifles[-1]):
            break
    assert " ".join(lines) == ", ".join(rifles)
    fonts = font_book(p.game)
    for op, dx in texts[start : start + len(lines)]:
        assert op.font.size >= 7
        assert op.x + dx + fonts.width(op.text, op.font.face, op.font.size) < min(bars)


def test_grid_scatter_without_cells_is_all_write_ins_and_says_so(game_dir):
    p = plan_game(game(game_dir, "  - {kind: grid-scatter, id: g, size: 3, square: 1in}\n"))
    assert [str(d).split("game.yaml:")[1] for d in p.diags.warnings] == [
        "4:5: warning: templates[0].cells: write-in blank: template 'g' has no cells: "
        "all 9 print as write-in blanks"
    ]


@pytest.mark.parametrize("rule", ["centre", "half"])
def test_the_cell_rule_decides_shaded_or_hatched(game_dir, rule):
    # 45 degrees, 4 squares: the cell ahead of the shooter has its centre on the axis but
    # only sqrt 2 - 1 = 41 % of its area inside, so the rules disagree on it alone.
    body = f"  - {{kind: arc, id: n, spread: 45, depth: 4, square: 1in, rule: {rule}}}"
    page = plan_game(game(game_dir, body)).docs[0].pages[0]
    (item,) = page.items
    assert item.extra["turned"] is False
    covered = {tuple(c) for c in item.extra["covered"]}
    partial = {tuple(c) for c in item.extra["partial"]}
    assert ((0, 1) in covered) == (rule == "centre") and ((0, 1) in partial) == (rule == "half")
    cells = [
        op
        for op, *_ in walk(page.ops)
        if isinstance(op, PathOp) and (op.fill or op.hatch) and not _is_swatch(op)
    ]
    shaded = [op for op in cells if op.fill]
    hatched = [op for op in cells if op.hatch]
    assert (len(shaded), len(hatched)) == (len(covered), len(partial))
    # the part nearest the apex is the cell ahead: shaded under one rule, hatched under the other
    ahead = min(cells, key=lambda op: min(y for _, y in op.points))
    assert (ahead in shaded) == (rule == "centre")


def _is_swatch(op) -> bool:
    """The legend's 8 pt squares."""
    xs, ys = [x for x, _ in op.points], [y for _, y in op.points]
    return len(op.points) == 4 and max(xs) - min(xs) == max(ys) - min(ys) == 8.0


def _extent(op, dx: float, dy: float) -> tuple[float, float, float, float]:
    if isinstance(op, Circle):
        return (op.cx - op.r + dx, op.cy - op.r + dy, op.cx + op.r + dx, op.cy + op.r + dy)
    xs, ys = [x + dx for x, _ in op.points], [y + dy for _, y in op.points]
    return (min(xs), min(ys), max(xs), max(ys))


def test_band_limit_lines_break_round_the_weapon_names(game_dir):
    # A 1 in short band: its limit falls inside the names, which run for several inches.
    names = ", ".join(f"Weapon number {n}" for n in range(1, 5))
    body = (
        "  - {kind: ruler, id: r, width: 0.75in, names: ["
        + names
        + "], bands: {short: 1in, medium: 6in}}"
    )
    page = plan_game(game(game_dir, body)).docs[0].pages[0]
    texts = [op for op, *_ in walk(page.ops) if isinstance(op, Text) and "Weapon" in op.text]
    assert texts and max(op.x + 5 for op in texts) < 72  # the words start left of 1 in...
    limit = [
        op
        for op, *_ in walk(page.ops)
        if isinstance(op, Line) and op.x0 == op.x1 == pytest.approx(72) and op.stroke.width == 1.2
    ]
    assert len(limit) == 2  # ... so the 1 in line is drawn in two pieces, below and above
    low, high = sorted((min(op.y0, op.y1), max(op.y0, op.y1)) for op in limit)
    assert low[0] == 0 and high[1] == pytest.approx(54)
    for op in texts:  # no piece of it crosses a line of names (baseline to cap height)
        assert low[1] < op.y - 0.2 * op.font.size and op.y + 0.75 * op.font.size < high[0]


# ---- type on template pages (issue 18 item 2) -----------------------------------------

SEED_GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))


def _runs(pdf: bytes) -> list[list[tuple[str, list]]]:
    """Per page: each text run (spaces dropped, as pdfium reads it) with its glyphs."""
    import pypdfium2 as pdfium

    from tests.page_marks import read_marks

    doc = pdfium.PdfDocument(pdf)
    pages = []
    for number in range(len(doc)):
        marks = read_marks(doc[number])
        runs: dict[int, list] = {}
        for g in marks.glyphs:
            runs.setdefault(g.run, []).append(g)
        pages.append([(marks.runs[k], gs) for k, gs in runs.items()])
    return pages


@pytest.mark.parametrize("game_id", SEED_GAMES)
def test_seed_template_and_label_pages_set_nothing_under_6pt_and_notes_at_7pt(game_id):
    from kitgen.style import PIECE_MIN, RULES_MIN

    from .conftest import seed_kit

    planned, pdfs, manifest = seed_kit(game_id)
    section = planned.game.templates
    notes = [n for t in (section.items if section else ()) for n in t.notes]
    lines = [n.replace(" ", "") for n in notes]
    read = 0
    for name, pdf in pdfs.items():
        if not (name.startswith("templates") or name.startswith("labels")):
            continue
        kinds = {i["kind"] for i in manifest["items"] if i["file"] == name}
        if name.startswith("labels") and kinds - {"label"}:
            continue  # a labels sheet that takes the counters: the counters' floor is theirs
        for number, runs in enumerate(_runs(pdf), start=1):
            for text, glyphs in runs:
                read += len(glyphs)
                if text.startswith("\u2020"):
                    continue  # a reading's mark: a superscript, set small by design
                least = min(g.size for g in glyphs)
                assert least >= PIECE_MIN - 0.01, (game_id, name, number, text, least)
                if name.startswith("templates") and any(len(text) > 8 and text in n for n in lines):
                    assert least >= RULES_MIN - 0.01, (game_id, name, number, text, least)
    assert read or not (section or planned.game.labels)
    # and no piece of these needed type under the floor: the build reports none
    assert not [f for f in manifest["facts"] if "below" in f and ("label" in f or "templ" in f)]


def test_a_cones_reading_marks_it_and_its_words_are_on_the_notes_page():
    from .conftest import seed_kit

    planned, pdfs, manifest = seed_kit("rencounter")
    for cone, title in (("cannister", "Canister"), ("grape", "Grape")):  # the id keeps the
        # source's spelling; the piece prints the word's
        item = items(manifest, id=cone, variant="print")[0]
        assert not any("Cut at 9 in" in line for line in item.get("caption", []))
        x0, y0, x1, y1 = item["bbox"]
        runs = _runs(pdfs["templates.pdf"])[item["page"] - 1]
        # the cone's name, its mark the run after it (a superscript, set small)
        titles = [
            (text + runs[k + 1][0], gs)
            for k, (text, gs) in enumerate(runs[:-1])
            if text == f"{title}1/3" and runs[k + 1][0].startswith("\u2020")
        ]
        inside = [
            gs
            for _, gs in titles
            if all(x0 <= g.box[0] and g.box[2] <= x1 and y0 <= g.box[1] <= y1 for g in gs)
        ]
        assert len(titles) == 2 and len(inside) == 1  # on the piece, and over its caption
        mark = titles[0][0].removeprefix(f"{title}1/3")
        (reading,) = [r for r in planned.game.readings if r.mark == mark]
        assert reading.kit.startswith("Printed to 24 in")


def test_notes_go_beside_a_template_when_they_do_not_fit_on_it_at_7pt(game_dir):
    note = "All targets in the cone, friend and foe"
    body = f"""
  - {{kind: cone, id: thin, length: 9in, spread: 1in, per: 10in, notes: ["{note}"]}}
  - {{kind: cone, id: wide, length: 9in, spread: 3in, per: 10in, notes: ["{note}"]}}
  - {{kind: circle, id: c, diameter: 4in, notes: ["{note}"], reading: "The size is the kit's."}}
  - kind: ruler
    id: r
    bands: {{short: 3in, long: 6in}}
    notes: ["Lay it from the base's front edge"]
"""
    p = plan_game(game(game_dir, body))
    got = {i.id: i for d in p.docs[:1] for page in d.pages for i in page.items}
    assert got["thin"].extra["caption"] == [note]
    # the wide cone has room for it, but cones place their notes one way: beside
    assert got["wide"].extra["caption"] == [note]
    assert "caption" not in got["c"].extra  # its reading's words: on the notes page
    assert got["r"].extra["caption"] == ["Lay it from the base's front edge"]
    texts = [op for page in p.docs[0].pages for op, *_ in walk(page.ops) if isinstance(op, Text)]
    printed = [t for t in texts if t.text == note]
    assert len(printed) == 3 and all(t.font.size >= 7 for t in printed)
    assert all(t.font.size >= 6 for t in texts)
    # with no thin cone beside it, the wide one prints its note on the piece
    p = plan_game(game(game_dir, body.replace("  - {kind: cone, id: thin", "  # ")))
    got = {i.id: i for d in p.docs[:1] for page in d.pages for i in page.items}
    assert "thin" not in got and "caption" not in got["wide"].extra


# ---- read back from the PDF ----------------------------------------------------------------

LONG_RANGES = """
tables:
  - id: missiles
    title: Missiles
    columns: [Weapon, short, medium, long, extreme]
    rows:
      - [Weak Bow, 4, 8, 12, 20]
      - [Long Gun, 25, 50, 75, 125]
"""
BANDS = {"SHORT", "MEDIUM", "LONG", "EXTREME", "S", "M", "L", "E"}


def test_the_range_chart_names_every_band_at_7pt_keying_short_forms(game_dir):
    """Both rulers are too long for two parts, so both chart on one scale to 125 in: the
    bow's 4 in bands have no room for SHORT at 7 pt, so they print S M L E, keyed under the
    chart's title; the gun's wide bands print their whole names. No band goes unnamed."""
    from .page_marks import read_marks

    folder = game(game_dir, "  - {kind: ruler, id: r, from_table: missiles}", LONG_RANGES)
    _, pdfs, _ = build_pdfs(folder)
    doc = pdfium.PdfDocument(pdfs["templates.pdf"])
    marks = read_marks(doc[0])
    sizes = {g.run: g.size for g in marks.glyphs}
    bands = [(marks.runs[r], sizes[r]) for r in sizes if marks.runs[r] in BANDS]
    assert sorted(t for t, _ in bands) == sorted(["S", "M", "L", "E", *BANDS - set("SMLE")])
    assert min(s for _, s in bands) >= 7
    # the key shares the line under the title when it fits (the chart grows no taller)
    (line,) = [t for t in marks.runs.values() if t.startswith("Longerthan2")]
    assert line.endswith("Nottoscale.Bands:Sshort·Mmedium·Llong·Eextreme.")


def test_template_notes_print_a_real_minus(game_dir):
    """A template's notes are set as the sheets' text is (style.typeset): "-2" prints
    with a minus sign, a range "3-4" with an en dash."""
    body = (
        "  - {kind: grid-scatter, id: g, size: 3, square: 1in, roll: 'Scatter roll: D6+6/-1',"
        " notes: ['Chart: -2 to scatter, 3-4 squares']}"
    )
    _, pdfs, _ = build_pdfs(game(game_dir, body))
    text = pdfium.PdfDocument(pdfs["templates.pdf"])[0].get_textpage().get_text_range()
    assert "Chart: \u22122 to scatter, 3\u20134 squares" in text
    assert "Scatter roll: D6+6/\u22121" in text
    assert "-2" not in text


def test_a_cone_mark_labelled_with_its_distance_is_not_numbered_twice(game_dir):
    """A band mark at 5 in labelled "5" says what the tick's number would: the tick there
    prints no number of its own (the marks at 4 and 6 in keep theirs). Read from the PDF."""
    body = (
        "  - {kind: cone, id: k, length: 9in, spread: 3in, per: 10in,"
        " marks: [{at: 5in, label: '5'}]}"
    )
    _, pdfs, _ = build_pdfs(game(game_dir, body))
    words = pdfium.PdfDocument(pdfs["templates.pdf"])[0].get_textpage().get_text_range().split()
    assert words.count("5") == 1
    assert words.count("4") == 1 and words.count("6") == 1


# ---- issue 18 (review6 #18): check bars, cone numbers, one order ------------------------


def _bars(marks) -> list[tuple[float, float, float, float]]:
    """The 50 mm check bars on a page: filled 50 x 3 pt rectangles, either way round."""
    out = []
    for f in marks.fills:
        x0, y0, x1, y1 = f.box
        w, h = x1 - x0, y1 - y0
        if {round(w, 1), round(h, 1)} == {round(CHECK_BAR, 1), 3.0}:
            out.append(f.box)
    return out


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_no_band_limit_runs_across_a_rulers_check_bar(paper):
    """Each ruler piece's check bar lies inside one band, toward the piece's far end: no
    band limit's line (1.2 pt) crosses it. Rencounter's part 1 ran its bar across the
    MEDIUM/LONG limit at 8 in."""
    from tests.page_marks import read_marks

    from .conftest import CONTENT

    _, pdfs, manifest = build_pdfs(CONTENT / "rencounter", paper)
    doc = pdfium.PdfDocument(pdfs["templates.pdf"])
    crossed, bars = [], 0
    for n in sorted({i["page"] for i in items(manifest, kind="template", template="ruler")}):
        marks = read_marks(doc[n - 1])
        for x0, y0, x1, y1 in _bars(marks):
            bars += 1
            for s in marks.segments:
                if abs(s.width - 1.2) > 0.05:
                    continue
                sx0, sx1 = sorted((s.x0, s.x1))
                sy0, sy1 = sorted((s.y0, s.y1))
                if sx0 < x1 - 0.1 and sx1 > x0 + 0.1 and sy0 < y1 - 0.1 and sy1 > y0 + 0.1:
                    crossed.append((n, (x0, y0), (s.x0, s.y0, s.x1, s.y1)))
    assert bars >= 4 and crossed == []


def test_a_cone_numbers_every_tick_and_its_check_bar_covers_none():
    """Rencounter's cones number 7, 8 and 9 in too (they were left out under the check
    bar), each outside the bar; both cones place their notes one way (beside, as the
    narrow one must), and both files show the cones in the kit's order."""
    from tests.page_marks import read_marks

    from .conftest import CONTENT

    _, pdfs, manifest = build_pdfs(CONTENT / "rencounter")
    doc = pdfium.PdfDocument(pdfs["templates.pdf"])
    note = "All targets in the cone, friend and foe"
    for cone in ("cannister", "grape"):
        item = items(manifest, id=cone, variant="print")[0]
        assert item["caption"][0] == note
        x0, y0, x1, y1 = item["bbox"]
        marks = read_marks(doc[item["page"] - 1])
        bars = [b for b in _bars(marks) if x0 <= b[0] and b[2] <= x1 and y0 <= b[1] <= y1]
        assert len(bars) == 1, cone
        numbers = {
            marks.runs[g.run]
            for g in marks.glyphs
            if x0 <= g.box[0] and g.box[2] <= x1 + 0.5 and y0 <= g.box[1] and g.box[3] <= y1
        }
        assert {"3", "4", "6", "7", "8", "9"} <= numbers, (cone, numbers)
        inside = [
            g
            for g in marks.glyphs
            if marks.runs[g.run] in ("7", "8", "9")
            and g.box[0] < bars[0][2]
            and g.box[2] > bars[0][0]
            and g.box[1] < bars[0][3]
            and g.box[3] > bars[0][1]
        ]
        assert inside == [], cone

    def order(variant: str) -> list[str]:
        cones = [i for i in items(manifest, template="cone", variant=variant)]
        cones.sort(key=lambda i: (i["page"], -i["bbox"][3], i["bbox"][0]))  # as read
        return [i["id"] for i in cones]

    # the imposer packs the parts where they fit (on the print, round the rulers' blocks):
    # both files hold all six, and the sheets come in the kit's order of their first pieces
    assert sorted(order("print")) == sorted(order("outline")) and len(order("print")) == 6
    source = yaml.safe_load((CONTENT / "rencounter" / "templates.yaml").read_text())
    kit = [t["id"] for t in source["templates"]]
    for variant in ("print", "outline"):
        first: dict[int, str] = {}
        for i in sorted(items(manifest, kind="template", variant=variant), key=lambda i: i["page"]):
            first.setdefault(i["page"], i["id"])
        leads = [kit.index(first[n]) for n in sorted(first)]
        assert leads == sorted(leads), variant


def test_a_template_of_blank_cells_says_on_its_face_it_is_to_be_written_in():
    """Issue 43: DUCK!'s grenade scatter (values lost in the source) printed nine blanks
    with nothing saying so; a grid whose every cell is blank now says it is a write-in
    template and how to fill it, on its face; one with values does not."""
    from kitgen.layout.templates.template_draw import WRITE_IN

    from .conftest import pdf_text, seed_kit

    _, pdfs, manifest = seed_kit("duck")
    pages = pdf_text(pdfs["templates.pdf"])
    scatter = items(manifest, id="grenade-scatter", variant="print")[0]
    blast = items(manifest, id="grenade-blast", variant="print")[0]
    said = " ".join(WRITE_IN.split()[:6])
    assert said in pages[scatter["page"] - 1]
    assert pages[blast["page"] - 1].count(said) == (blast["page"] == scatter["page"])


def _across(marks, at: float, lo: float, hi: float, width: float, turned: bool) -> bool:
    """Whether a stroked segment `width` wide runs across a strip from `lo` to `hi` (give or
    take a point) at `at` along it: horizontal on an upright strip, else vertical."""
    for s in marks.segments:
        if abs(s.width - width) > 0.05:
            continue
        a0, a1, b0, b1 = (s.y0, s.y1, s.x0, s.x1) if turned else (s.x0, s.x1, s.y0, s.y1)
        if abs(a0 - at) <= 0.5 and abs(a1 - at) <= 0.5 and min(b0, b1) <= lo + 1:
            if max(b0, b1) >= hi - 1:
                return True
    return False


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_rulers_parts_glue_together_on_one_sheet(paper):
    """Rencounter's rulers, read back from the PDF: each ruler's parts on one sheet, butted
    side by side in order (one cut parts two); each labelled "part k of N"; each but the
    last with a glue tab lettered GLUE past its far end, the dashed line the next part
    butts against exactly the part's length from its zero edge (to 0.5 pt), and the tab's
    end half an inch past it; the parts add up to the ruler's last band."""
    from kitgen.layout.templates.template_draw import BUTT, CUT, GLUE_TAB
    from tests.page_marks import read_marks

    from .conftest import CONTENT

    _, pdfs, manifest = build_pdfs(CONTENT / "rencounter", paper)
    doc = pdfium.PdfDocument(pdfs["templates.pdf"])
    rulers: dict[str, list] = {}
    for i in items(manifest, template="ruler", variant="print"):
        if "part" in i:
            rulers.setdefault(i["ruler"], []).append(i)
    assert len(rulers) == 11 and max(len(p) for p in rulers.values()) >= 6
    for parts in rulers.values():
        parts.sort(key=lambda i: i["part"])
        assert len({i["page"] for i in parts}) == 1
        assert sum(i["to"] - i["from"] for i in parts) == parts[0]["bands"][-1][1]
        marks = read_marks(doc[parts[0]["page"] - 1])
        for k, (a, b) in enumerate(zip(parts, parts[1:], strict=False)):
            # across the strips: turned, left to right; else top down, in reading order
            if a["turned"]:
                assert b["bbox"][0] == pytest.approx(a["bbox"][2], abs=0.5), k
            else:
                assert b["bbox"][3] == pytest.approx(a["bbox"][1], abs=0.5), k
        for i in parts:
            x0, y0, x1, y1 = i["bbox"]
            turned = i["turned"]
            zero, lo, hi = (y0, x0, x1) if turned else (x0, y0, y1)
            length = i["to"] - i["from"]
            assert (y1 - y0 if turned else x1 - x0) == pytest.approx(length, abs=0.5)
            assert _across(marks, zero, lo, hi, CUT, turned)  # the zero end: a cut
            label = f"part{i['part']}of{i['parts']}"
            assert any(t.startswith(label) for t in _runs_in(marks, i["bbox"])), label
            if i["part"] == i["parts"]:
                assert _across(marks, zero + length, lo, hi, CUT, turned)  # no tab: a cut
                continue
            assert _across(marks, zero + length, lo, hi, BUTT.width, turned)
            assert _across(marks, zero + length + GLUE_TAB, lo + 6, hi - 6, CUT, turned)
            tab = (x0, y1, x1, y1 + GLUE_TAB) if turned else (x1, y0, x1 + GLUE_TAB, y1)
            assert "GLUE" in _runs_in(marks, tab)


def _runs_in(marks, box) -> set[str]:
    """The text runs with a glyph inside `box`."""
    x0, y0, x1, y1 = box
    return {
        marks.runs[g.run]
        for g in marks.glyphs
        if x0 - 0.5 <= g.box[0] and g.box[2] <= x1 + 0.5 and y0 - 0.5 <= g.box[1] <= y1
    }
