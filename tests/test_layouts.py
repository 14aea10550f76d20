"""Face layouts (issue 34): regions printed where declared, rich text with inline icons
on its baseline, type sizes from the scale and one size per region across a deck, and
each mistake said at its line (or spreadsheet cell). Read back from the PDFs."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.model.layout import TYPE_SCALE
from kitgen.source.counters.layouts import builtin_layouts
from tests.page_marks import marks_of

from .conftest import build_pdfs, errors_of, pixel_at, plan_game, write_game

POKER = (180.0, 252.0)  # 63.5 x 88.9 mm

BOXES = """
id: t
title: T
layouts:
  - id: boxes
    regions:
      - {id: a, at: top-left, width: 20mm, height: 10mm, inset: 3mm, fill: "#ff0000"}
      - {id: b, at: bottom-right, width: 30%, height: 25%, fill: "#00ff00"}
      - {id: c, at: {x: 10mm, y: 40%}, width: 50%, height: 12mm, fill: "#0000ff"}
      - {id: d, at: top, width: 40%, height: 5%, inset: 20pt, fill: "#ffff00"}
cards:
  - {id: one, layout: boxes}
"""


def _card_box(manifest: dict, card: str, side: str = "front") -> tuple[float, ...]:
    return next(
        tuple(i["bbox"]) for i in manifest["items"] if i["id"] == card and i["side"] == side
    )


def _near(a: tuple[float, ...], b: tuple[float, ...], tol: float = 0.5) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def test_regions_print_where_declared(game_dir: Path):
    """Anchored boxes with an inset, shares of the face, an exact place: each fill is
    read back from the PDF within 0.5 pt of where the layout puts it."""
    write_game(game_dir, BOXES)
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "one")
    w, h = x1 - x0, y1 - y0
    assert (w, h) == pytest.approx(POKER, abs=0.01)
    mm = 72 / 25.4
    want = [
        (x0 + 3 * mm, y1 - 3 * mm - 10 * mm, x0 + 23 * mm, y1 - 3 * mm),  # a
        (x1 - 0.3 * w, y0, x1, y0 + 0.25 * h),  # b
        (x0 + 10 * mm, y1 - 0.4 * h - 12 * mm, x0 + 10 * mm + 0.5 * w, y1 - 0.4 * h),  # c
        (x0 + 0.3 * w, y1 - 20 - 0.05 * h, x0 + 0.7 * w, y1 - 20),  # d
    ]
    fills = [f.box for f in marks_of(pdfs["cards.pdf"], 1).fills]
    errors = [min(max(abs(p - q) for p, q in zip(box, got, strict=True)) for got in fills)
              for box in want]  # fmt: skip
    assert max(errors) <= 0.5, errors


ICONS = """
id: t
title: T
type_scale: [7, 8, 9, 10, 12, 14]
layouts:
  - id: words
    regions:
      - {id: rules, at: top, height: 30%, show: {text: "{text}", align: left}, padding: 6pt}
cards:
  - id: "c{n}"
    for_each:
      - {n: "1", text: "HIT {icon:heart} HARD and **bold** and *slant*"}
      - {n: "2", text: "SHORT"}
    layout: words
"""


def test_an_inline_icon_centres_on_the_capitals_at_the_text_s_size(game_dir: Path):
    """{icon:NAME} inside a line of text: its glyph box is centred on the capitals of the
    line (read from the letters either side), its foot a little under the baseline as a
    round letter's is, and no taller than the type's size; every word is set at a size of
    the declared scale."""
    write_game(game_dir, ICONS)
    _, pdfs, manifest = build_pdfs(game_dir)
    marks = marks_of(pdfs["cards.pdf"], 1)
    x0, y0, x1, y1 = _card_box(manifest, "c1")
    glyphs = [g for g in marks.glyphs if x0 <= g.box[0] <= x1 and y0 <= g.box[1] <= y1]
    assert {round(g.size, 2) for g in glyphs} <= {7, 8, 9, 10, 12, 14}
    t = next(g for g in glyphs if g.char == "T")  # the end of HIT
    h = next(g for g in glyphs if g.char == "H" and g.box[0] > t.box[2])  # HARD
    baseline, size = t.box[1], t.size
    assert h.box[1] == pytest.approx(baseline, abs=0.3)
    icon = [f.box for f in marks.fills if f.box[0] > t.box[2] - 0.1 and f.box[2] < h.box[0] + 0.1]
    assert icon, "no icon between the words"
    bottom, top = min(b[1] for b in icon), max(b[3] for b in icon)
    assert bottom >= baseline - size * 0.2  # not hanging below the line
    assert baseline + size * 0.28 <= (bottom + top) / 2 <= baseline + size * 0.45  # on the caps
    assert top <= baseline + size + 0.01


DECK = """
id: t
title: T
layouts:
  - id: words
    regions:
      - {id: rules, at: {x: 10%, y: 10%}, width: 80%, height: 30%, show: "{text}"}
cards:
  - id: "c{n}"
    for_each: {file: cards.csv}
    layout: words
"""
LONG = " ".join(["A long rule that goes on and on."] * 9)


def test_a_deck_sets_a_region_at_one_size_and_a_long_card_alone_smaller(game_dir: Path):
    """Eleven cards of short text and one long one: the deck's region keeps the size
    the short ones fit; the long card is set smaller by itself, with a warning that
    names it and the spreadsheet cell its text came from."""
    rows = "\n".join(f"{n},Gain one." for n in range(1, 12))
    write_game(game_dir, DECK, {"cards.csv": f"n,text\n{rows}\n12,{LONG}\n"})
    p, pdfs, manifest = build_pdfs(game_dir)
    sizes = {}
    marks = marks_of(pdfs["cards.pdf"], 1)
    for item in manifest["items"]:
        if item["side"] != "front":
            continue
        bx0, by0, bx1, by1 = item["bbox"]
        sizes[item["id"]] = {round(g.size, 2) for g in marks.glyphs
                             if bx0 <= g.box[0] <= bx1 and by0 <= g.box[1] <= by1}  # fmt: skip
    assert all(sizes[f"c{n}"] == {24.0} for n in range(1, 10) if f"c{n}" in sizes)
    assert len(sizes) >= 9
    warnings = [str(d) for d in p.diags if d.severity == "warning"]
    assert warnings == [
        f"{game_dir}/cards.csv: row 13, column B (text): warning: cards[0]: card 'c12' "
        "(front): region 'rules' set at 7 pt, under the 24 pt of the rest of its deck, to fit "
        "(shorten its text, or give the region more room)"
    ]


def test_nothing_is_set_under_6_pt(game_dir: Path):
    write_game(game_dir, DECK, {"cards.csv": f"n,text\n1,{LONG * 4}\n"})
    p, pdfs, _ = build_pdfs(game_dir)
    glyphs = marks_of(pdfs["cards.pdf"], 1).glyphs
    assert min(g.size for g in glyphs if g.char.isalpha()) >= 6.0 - 1e-6
    assert "does not fit even at 6 pt" in " ".join(str(d) for d in p.diags)


def test_the_built_in_layouts_read_clean_and_are_data():
    layouts = builtin_layouts()
    assert {"poker-card", "wargame-unit", "marker"} <= set(layouts)
    poker = layouts["poker-card"]
    art = next(r for r in poker.regions if r.id == "art-box")
    assert art.height.percent and 40 <= art.height.value <= 50
    ids = [r.id for r in poker.regions]
    assert {"cost", "title", "art", "type", "text", "attack", "defence"} <= set(ids)


MISTAKES = """
id: t
title: T
layouts:
  - id: mine
    extends: poker-cards
    regions:
      - {id: a, at: middle, widht: 10%}
      - {id: b, show: "x", fill: white}
cards:
  - {id: one, layout: mien}
  - {id: two, layout: mine, fields: {tilte: x}}
"""


def test_each_mistake_is_said_at_its_line_with_a_did_you_mean(game_dir: Path):
    write_game(game_dir, MISTAKES)
    g = game_dir / "game.yaml"
    assert errors_of(game_dir) == [
        f"{g}:5:14: error: layouts[0].extends: unknown layout 'poker-cards' (did you mean "
        "'poker-card'?)",
        f"{g}:7:21: error: layouts[0].regions[0].at: unknown anchor 'middle' (use centre, "
        "top, bottom, left, right, top-left, top-right, bottom-left, bottom-right)",
        f"{g}:7:29: error: layouts[0].regions[0].widht: unknown key 'widht' (did you mean "
        "'width'?)",
        f"{g}:10:23: error: cards[0].layout: unknown layout 'mien' (did you mean 'mine'?)",
    ]


def test_a_placeholder_the_piece_lacks_is_an_error_at_the_piece(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        cards:
          - {id: one, layout: poker-card, fields: {tilte: Fire}}
    """)  # fmt: skip
    g = game_dir / "game.yaml"
    assert errors_of(game_dir) == [
        f"{g}:4:5: error: cards[0]: layout region 'title' shows {{title}}, which this piece "
        "does not give (did you mean 'tilte'?; its fields: id, tilte; or give it in fields:)"
    ]


def test_a_missing_image_is_an_error_at_the_cell_that_named_it(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        cards:
          - id: "c{n}"
            for_each: {file: cards.csv}
            layout: poker-card
    """, {"cards.csv": "n,title,art\n1,Fire,\n2,Ice,art/ice.png\n"})  # fmt: skip
    assert errors_of(game_dir) == [
        f"{game_dir}/cards.csv: row 3, column C (art): error: cards[0]: layout region 'art': "
        "image not found: 'art/ice.png'"
    ]


def test_a_colour_that_reads_badly_on_its_fill_is_a_warning_at_its_line(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        layouts:
          - id: pale
            regions:
              - {id: b, fill: white, show: {text: Hello, colour: "#dddddd"}}
        cards:
          - {id: one, layout: pale}
    """)  # fmt: skip
    p = plan_game(game_dir)
    assert [str(d) for d in p.diags] == [
        f"{game_dir}/game.yaml:6:58: warning: layouts[0].regions[0].show.colour: text "
        "colour #dddddd on #ffffff reads at 1.4:1, under the 4.5:1 print needs (card 'one') "
        "(leave colour: out (black or white is chosen), or pick a darker or lighter ink)"
    ]


UNITS = """
id: t
title: T
colours: {north: "#7d9cc4"}
counters:
  - id: "u{n}"
    for_each: [{n: "1", type: infantry, echelon: division, ident: "1"}]
    size: {size}
    layout: wargame-unit
    front: {{background: north, fields: {{factors: "6-5-4"}}}}
    back: {{background: north, fields: {{factors: "3-3-4", reduced: "yes"}}}}
"""


@pytest.mark.parametrize("size", ["1/2", "5/8", "3/4"])
def test_a_wargame_unit_s_symbol_takes_at_least_40_percent_of_its_width(game_dir: Path, size):
    write_game(game_dir, UNITS.replace("{size}", size).replace("{{", "{").replace("}}", "}"))
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "u1")
    w = x1 - x0
    marks = marks_of(pdfs["counters.pdf"], 1)
    inside = [s for s in marks.segments if x0 < s.x0 < x1 and y0 < s.y0 < y1 and s.y0 == s.y1]
    frame = max(abs(s.x1 - s.x0) for s in inside)  # the frame's top and bottom lines
    assert frame >= 0.4 * w
    sizes = {
        round(g.size, 2) for g in marks.glyphs if x0 <= g.box[0] <= x1 and y0 <= g.box[1] <= y1
    }
    assert sizes <= set(TYPE_SCALE) | {6.0}


SIDES = """
id: t
title: T
colours: {{north: "#7d9cc4", south: "{south}"}}
side_mark: {mark}
counters:
  - id: "u-{{side}}"
    for_each: {{side: [north, south]}}
    side: "{{side}}"
    size: 5/8
    layout: wargame-unit
    fields: {{type: infantry, factors: "4-4-4"}}
    front: {{background: "{{side}}"}}
"""


def test_no_side_mark_is_refused_where_the_sides_print_as_one_grey(game_dir: Path):
    write_game(game_dir, SIDES.format(south="#c98b6b", mark="none"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:12: error: counters[0].side_mark: no mark leaves sides "
        "'north' and 'south' apart by colour alone: in greyscale their grounds (#7d9cc4 and "
        "#c98b6b, 1.0:1) print as one grey, on pieces of one shape and layout (keep a mark "
        "(side_mark: corner or band), or tell the sides apart by grounds of clearly "
        "different lightness, shape or layout)"
    ]


def test_no_side_mark_is_allowed_where_the_greys_differ(game_dir: Path):
    write_game(game_dir, SIDES.format(south="#3a1f14", mark="none"))
    p, pdfs, manifest = build_pdfs(game_dir)
    assert not [d for d in p.diags if d.severity == "error"]


@pytest.mark.parametrize("mark", ["corner", "none"])
def test_a_corner_mark_sits_in_the_top_right_corner(game_dir: Path, mark: str):
    """The side's mark in ink at the top right corner (with `corner`), and the
    counter's own ground there with `none`."""
    write_game(game_dir, SIDES.format(south="#3a1f14", mark=mark))
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "u-north")
    r = max(2.6, 45 * 0.07 * 0.9)
    pad = 45 * 0.05 + r
    got = pixel_at(pdfs["counters.pdf"], 0, x1 - pad, y1 - pad)
    ground = (0x7D, 0x9C, 0xC4)
    if mark == "corner":
        assert max(got) < 60  # black ink on the light blue
    else:
        assert all(abs(a - b) <= 3 for a, b in zip(got, ground, strict=True))


ART = """
id: t
title: T
layouts:
  - id: art
    regions:
      - {id: band, at: top, height: 20%, fill: "#00aa00"}
      - {id: art, at: {x: 20%, y: 40%}, width: 60%, height: 40%, fill: "#0000ff",
         show: {image: wide.png, fit: "{fit}"}}
cards:
  - {id: one, layout: art, bleed: 3mm}
"""


@pytest.mark.parametrize("fit", ["fit", "fill", "stretch"])
def test_an_image_fits_fills_or_stretches_its_art_box(game_dir: Path, fit: str):
    """A 4:1 red picture in a 3:2 box: `fit` shows it whole with the box's fill above
    and below, `fill` covers the box (cropped at its sides), `stretch` covers it too.
    The top band touches the trim: it runs into the bleed."""
    from PIL import Image as PILImage

    write_game(game_dir, ART.replace("{fit}", fit))
    PILImage.new("RGB", (400, 100), (255, 0, 0)).save(game_dir / "wide.png")
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "one")
    w, h = x1 - x0, y1 - y0
    pdf = pdfs["cards.pdf"]
    near_top = pixel_at(pdf, 0, x0 + w / 2, y1 - 0.4 * h - 3)  # inside the box, at its top
    middle = pixel_at(pdf, 0, x0 + w / 2, y1 - 0.6 * h)
    assert middle[0] > 200 and middle[2] < 60  # red
    if fit == "fit":
        assert near_top[2] > 200 and near_top[0] < 60  # the box's blue shows
    else:
        assert near_top[0] > 200 and near_top[2] < 60
    outside = pixel_at(pdf, 0, x0 + w / 2, y1 + 4)  # in the bleed, above the trim
    assert outside[1] > 120 and outside[0] < 60  # the band's green ran on


BOLT = """<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">
<rect width="10" height="10" fill="#ff00ff"/></svg>
"""


def test_the_game_s_own_svg_icons_sit_inline_on_the_capitals(game_dir: Path):
    """{icon:bolt} with icons/bolt.svg in the game folder: drawn in the line of text, its
    square's foot INLINE_DROP under the baseline (centred on the capitals), INLINE_ICON
    of the type's size high."""
    from kitgen.style import INLINE_DROP, INLINE_ICON

    write_game(game_dir, ICONS.replace("{icon:heart}", "{icon:bolt}"), {"icons/bolt.svg": BOLT})
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "c1")
    marks = marks_of(pdfs["cards.pdf"], 1)
    glyphs = [g for g in marks.glyphs if x0 <= g.box[0] <= x1 and y0 <= g.box[1] <= y1]
    t = next(g for g in glyphs if g.char == "T")
    h = next(g for g in glyphs if g.char == "H" and g.box[0] > t.box[2])
    icon = [f.box for f in marks.fills if t.box[2] - 0.1 < f.box[0] and f.box[2] < h.box[0]]
    assert len(icon) == 1
    bottom, top = icon[0][1], icon[0][3]
    assert bottom == pytest.approx(t.box[1] - t.size * INLINE_DROP, abs=0.5)
    assert top - bottom == pytest.approx(t.size * INLINE_ICON, abs=0.3)


FIGURES = """
id: t
title: T
layouts:
  - id: words
    regions:
      - {id: rules, at: {x: 10%, y: 10%}, width: 60%, height: 60%,
         show: {text: "{text}", align: left, size: 10pt}}
cards:
  - id: "c{n}"
    for_each: {file: cards.csv}
    layout: words
"""


def test_an_inline_icon_never_breaks_from_its_figure_or_its_word(game_dir: Path):
    """Cards reading "gain 1 {icon:bolt}.", "{icon:bolt} 2" and "{icon:bolt} **Zed**"
    after lead-ins one letter longer each, so on some card a line would end between the
    pair: on every card each icon prints on its figure's or word's line, one space from
    it."""
    from kitgen.style import INLINE_DROP, INLINE_ICON

    rows = "\n".join(f"{k},{'a' * k} gain 1 {{icon:bolt}}. {'b' * k} {{icon:bolt}} 2 "
                     f"{'c' * k} {{icon:bolt}} **Zed**" for k in range(1, 25))  # fmt: skip
    write_game(game_dir, FIGURES, {"cards.csv": f"n,text\n{rows}\n", "icons/bolt.svg": BOLT})
    _, pdfs, manifest = build_pdfs(game_dir)
    starts = 0
    for item in (i for i in manifest["items"] if i["side"] == "front"):
        x0, y0, x1, y1 = item["bbox"]
        marks = marks_of(pdfs["cards.pdf"], item["page"])
        inside = [g for g in marks.glyphs if x0 <= g.box[0] <= x1 and y0 <= g.box[1] <= y1]
        one, two, zed = (next(g for g in inside if g.char == c) for c in "12Z")
        side = one.size * INLINE_ICON
        squares = [f.box for f in marks.fills if x0 <= f.box[0] <= x1 and y0 <= f.box[1] <= y1
                   and abs(f.box[2] - f.box[0] - side) < 0.3]  # fmt: skip
        icons = sorted(squares, key=lambda b: (-round(b[1]), b[0]))  # in reading order
        assert len(icons) == 3, item["id"]
        for glyph, icon, before in ((one, icons[0], True), (two, icons[1], False),
                                    (zed, icons[2], False)):  # fmt: skip
            assert icon[1] == pytest.approx(glyph.box[1] - glyph.size * INLINE_DROP, abs=0.5)
            gap = icon[0] - glyph.box[2] if before else glyph.box[0] - icon[2]
            assert 0 < gap < glyph.size * 0.5, item["id"]  # one space between
        gain = next(g for g in inside if g.char == "g")  # the word that stays with the 1
        starts += gain.box[0] < min(g.box[0] for g in inside) + 1.5  # its side bearing
    assert starts, "no lead-in length put the 1 at a line's start: the test tests nothing"


def test_the_word_before_a_figure_and_its_icon_stays_on_their_line(game_dir: Path):
    """Cards reading "win 1 {icon:bolt}." after lead-ins one letter longer each: on some
    card the line would end after "win", leaving the figure and icon alone below; on
    every card "win" prints on the 1's line."""
    rows = "\n".join(f"{k},{'a' * k} win 1 {{icon:bolt}}." for k in range(1, 25))
    write_game(game_dir, FIGURES, {"cards.csv": f"n,text\n{rows}\n", "icons/bolt.svg": BOLT})
    _, pdfs, manifest = build_pdfs(game_dir)
    starts = 0
    for item in (i for i in manifest["items"] if i["side"] == "front"):
        x0, y0, x1, y1 = item["bbox"]
        marks = marks_of(pdfs["cards.pdf"], item["page"])
        inside = [g for g in marks.glyphs if x0 <= g.box[0] <= x1 and y0 <= g.box[1] <= y1]
        verb, one = (next(g for g in inside if g.char == c) for c in "w1")
        assert verb.box[1] == pytest.approx(one.box[1], abs=0.5), item["id"]
        starts += verb.box[0] < min(g.box[0] for g in inside) + 1.5
    assert starts, "no lead-in length put the verb at a line's start: the test tests nothing"


def test_an_unknown_inline_icon_is_an_error_at_the_cell_that_names_it(game_dir: Path):
    write_game(game_dir, DECK, {"cards.csv": "n,text\n1,Gain {icon:hart}.\n"})
    assert errors_of(game_dir) == [
        f"{game_dir}/cards.csv: row 2, column B (text): error: cards[0]: layout region "
        "'rules': unknown icon 'hart': not built in, and no icons/hart.svg in the game "
        "folder (did you mean 'heart'?)"
    ]


def test_text_on_a_fill_takes_the_ink_that_reads_best(game_dir: Path):
    """No colour given: white on a dark band, black on a pale one, each at 4.5:1 or
    more (WCAG), read from the printed glyphs' runs."""
    write_game(game_dir, """
        id: t
        title: T
        layouts:
          - id: two
            regions:
              - {id: dark, at: top, height: 50%, fill: "#2e4a7a", show: "**DARK**"}
              - {id: pale, at: bottom, height: 50%, fill: "#f2c94c", show: "**PALE**"}
        cards:
          - {id: one, layout: two}
    """)  # fmt: skip
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "one")
    marks = marks_of(pdfs["cards.pdf"], 1)
    d = next(g for g in marks.glyphs if g.char == "D")
    p = next(g for g in marks.glyphs if g.char == "P")
    pdf = pdfs["cards.pdf"]
    # the stem of each first letter: its left edge, half way up
    dark_ink = pixel_at(pdf, 0, d.box[0] + 0.6, (d.box[1] + d.box[3]) / 2, dpi=600)
    pale_ink = pixel_at(pdf, 0, p.box[0] + 0.6, (p.box[1] + p.box[3]) / 2, dpi=600)
    assert min(dark_ink) > 200 and max(pale_ink) < 60


def test_a_label_fills_its_layout_from_each_record(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        labels:
          - id: tag
            size: 3/4
            shape: square
            records: [{name: Ana, F: "4"}, {name: Bo, F: "2"}]
            front:
              layout: marker
              fields: {icon: person, word: "{name} {F}"}
    """)  # fmt: skip
    _, pdfs, _ = build_pdfs(game_dir)
    from .conftest import pdf_text

    text = " ".join(pdf_text(pdfs["labels.pdf"]))
    assert "Ana 4" in text and "Bo 2" in text


UNITS_CSV = "n,type,echelon,factors,ident,colour\n1,infantry,division,4-4-4,1,red\n"


def test_a_column_only_a_built_in_layout_shows_is_used(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        counters:
          - id: "u{n}"
            for_each: {file: units.csv}
            size: 5/8
            layout: wargame-unit
    """, {"units.csv": UNITS_CSV})  # fmt: skip
    p = plan_game(game_dir)
    assert [str(d) for d in p.diags] == [
        f"{game_dir}/units.csv: row 1, column F (colour): warning: column 'colour' is not "
        "used: no placeholder or rule of the game names it (use it as {colour}, or leave it "
        "out of the file)"
    ]


def test_a_layout_face_with_elements_of_its_own_is_an_error_at_the_face(game_dir: Path):
    write_game(game_dir, """
        id: t
        title: T
        counters:
          - {id: c, size: 1/2, layout: marker, fields: {word: A}, front: Hello}
    """)  # fmt: skip
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:66: error: counters[0].front: a face drawn with layout "
        "'marker' shows its regions, not text elements (give the words in fields: for the "
        "layout's regions)"
    ]


BAND_CARDS = """
id: t
title: T
side_mark: band
colours: {north: "#7d9cc4", south: "#c98b6b"}
rules: {sides: [north, south]}
layouts:
  - id: boxes
    regions:
      - {id: top, at: top, height: 20%, fill: "#00aa00"}
      - {id: foot, at: bottom, height: 10%, fill: "#0000ff"}
cards:
  - id: "c-{side}"
    for_each: {side: [north, south]}
    side: "{side}"
    layout: boxes
    colour: "{side}"
"""


def test_a_band_mark_on_a_layout_card_is_a_band_the_regions_lie_under(game_dir: Path):
    """`side_mark: band` on a layout card: a band across the top in the card's colour
    (the safe zone, the mark, the safe zone), its mark in the middle in readable ink;
    the regions laid out in the room under it."""
    write_game(game_dir, BAND_CARDS)
    _, pdfs, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = _card_box(manifest, "c-north")
    w, h = x1 - x0, y1 - y0
    band = 2 * (min(9.0, w * 0.07) + max(3.5, min(w, h) * 0.025))
    top = y1 - band
    fills = {f.box for f in marks_of(pdfs["cards.pdf"], 1).fills}
    room = top - y0
    assert any(_near(b, (x0, top - 0.2 * room, x1, top)) for b in fills), sorted(fills)
    assert any(_near(b, (x0, y0, x1, y0 + 0.1 * room)) for b in fills)
    mark = pixel_at(pdfs["cards.pdf"], 0, x0 + w / 2, top + band / 2)
    beside = pixel_at(pdfs["cards.pdf"], 0, x0 + w / 4, top + band / 2)
    assert max(mark) < 60  # black ink on the light blue band
    assert all(abs(a - b) <= 3 for a, b in zip(beside, (0x7D, 0x9C, 0xC4), strict=True))


@pytest.mark.parametrize(
    ("value", "shown"),
    [("0", True), ("3", True), ("", False), ("no", False), ("false", False), ("off", False)],
)
def test_when_hides_a_region_on_no_value_and_a_0_is_a_value(game_dir: Path, value, shown):
    """A stat badge of 0 prints (a 0 attack is a value); empty, no, false, off hide it."""
    write_game(
        game_dir,
        f"""
        id: t
        title: T
        layouts:
          - id: badge
            regions:
              - {{id: attack, at: bottom-left, width: 30pt, height: 30pt, when: "{{attack}}",
                 fill: "#a83226", show: {{number: "{{attack}}"}}}}
        cards:
          - {{id: one, layout: badge, fields: {{attack: "{value}"}}}}
        """,
    )
    p = plan_game(game_dir)
    card = next(c for c in p.game.cards if c.id == "one")
    assert [r.region.id for r in card.front.regions] == (["attack"] if shown else [])
