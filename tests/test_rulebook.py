"""The rulebook component on a game written fresh: numbered sections and cases, cross
references printed as the numbers they name, tables by id, boxes and diagrams drawn from
the game's map and pieces, read back from the PDF: the saddle stitch's page order, the
diagram's cells where the map draws them, no text under 7 pt. Every error at its line."""

from __future__ import annotations

import math
import re

import pytest

from tests.conftest import build_pdfs, errors_of, pdf_words, write_game
from tests.page_marks import marks_of

GAME = """
id: patrol
title: Patrol
cover: {subtitle: A game written for the test}
maps:
  - id: field
    grid: square
    cell: 1in
    coords: true
    terrains:
      - {id: open, label: Open, fill: "#eeeecc"}
    layout: |
      ....
      ....
      ....
      ....
    legend: {".": open}
counters:
  - id: scout
    size: 1/2in
    front: {background: "#aa3322", text: {text: S, size: 12pt, colour: white}}
  - id: guard
    size: 1/2in
    front: {background: "#2244aa", text: {text: G, size: 12pt, colour: white}}
tables:
  - id: fire
    title: Fire table
    roll: d6
    columns: [Result]
    rows: [["1-3", Miss], ["4-6", Hit]]
rulebook:
  title: Patrol rules
  imposition: IMPOSITION
  sections:
    - id: intro
      title: Introduction
      text:
        - "Scouts move first (see {ref:moving}); fire is in {ref:fire-rules}."
    - id: turn
      title: The turn
      cases:
        - id: moving
          title: Moving
          text: ["A scout moves one square. Firing is {ref:aimed}."]
          cases:
            - id: slow
              title: Slow going
              text: ["Nothing slows a scout."]
        - id: fire-rules
          title: Firing
          text:
            - "Roll on the fire table."
            - table: fire
            - example:
                text:
                  - "The scout fires at the guard."
                  - diagram:
                      map: field
                      cells: B2-C3
                      pieces: [{piece: scout, at: B2}, {piece: guard, at: C3}]
                      arrows: [{from: B2, to: C3, kind: fire, label: fire}]
                      caption: A line of fire.
          cases:
            - id: aimed
              title: Aimed fire
              text: ["Aim first; see {ref:intro}."]
FILLER
"""


def _game(folder, imposition="sheets", filler=0, text=None, paras=12):
    more = "".join(
        f"    - id: extra{k}\n      title: Extra {k}\n      text:\n"
        + "".join(f'        - "Paragraph {k}.{j} of filler text."\n' for j in range(paras))
        for k in range(filler)
    )
    yaml = (text or GAME).replace("IMPOSITION", imposition).replace("FILLER", more)
    return write_game(folder, yaml)


def _rulebook(folder, **kw):
    _, pdfs, _ = build_pdfs(_game(folder, **kw))
    return pdfs["rulebook.pdf"]


def test_cross_references_print_the_number_of_the_section_they_name(game_dir):
    words = [w.text for page in pdf_words(_rulebook(game_dir)) for w in page]
    text = " ".join(words)
    # each heading's number as printed, by its title
    printed = {
        title: number
        for number, title in re.findall(
            r"(\d+\.\d+) (Introduction|The turn|Moving|Slow|"
            r"Firing|Aimed)",
            text,
        )  # fmt: skip
    }
    assert printed == {"Introduction": "1.0", "The turn": "2.0", "Moving": "2.1",
                       "Slow": "2.11", "Firing": "2.2", "Aimed": "2.21"}  # fmt: skip
    assert f"(see {printed['Moving']});" in text
    assert f"fire is in {printed['Firing']}." in text
    assert f"Firing is {printed['Aimed']}." in text
    assert f"see {printed['Introduction']}." in text


def test_the_table_is_the_kits_own_and_the_box_and_contents_print(game_dir):
    text = " ".join(w.text for page in pdf_words(_rulebook(game_dir)) for w in page)
    assert "Fire table" in text and "Miss" in text and "Hit" in text
    assert "Example of play" in text and "A line of fire." in text
    assert "Contents" not in text  # a one-page book needs none (test_rulebook_pages)


def _folios(pdf: bytes) -> list[tuple[int | None, int | None]]:
    """Each sheet side's page numbers as printed under its left and right page (None: a
    page without one), read from the foot of the page."""
    out = []
    for page in pdf_words(pdf):
        width = max(w.box[2] for w in page)
        feet = [w for w in page if re.fullmatch(r"\d+", w.text) and w.box[1] < 50
                and w.box[3] > 25]  # fmt: skip
        left = [int(w.text) for w in feet if w.box[0] < width / 2]
        right = [int(w.text) for w in feet if w.box[0] >= width / 2]
        out.append((left[0] if left else None, right[0] if right else None))
    return out


def test_a_booklet_prints_its_pages_in_saddle_stitch_order(game_dir):
    pdf = _rulebook(game_dir, imposition="booklet", filler=6, paras=30)
    sides = _folios(pdf)
    n = 2 * len(sides)
    assert n % 4 == 0 and n >= 8
    # sheet s carries n - 2s and 2s + 1 on its front, 2s + 2 and n - 2s - 1 on its back;
    # page 1, the cover, stands right of page n on the first side, its rules numbered 1
    for s in range(n // 4):
        front, back = sides[2 * s], sides[2 * s + 1]
        assert front == (n - 2 * s, 2 * s + 1), s
        assert back == (2 * s + 2, n - 2 * s - 1), s
    words = pdf_words(pdf)[0]
    title = next(w for w in words if w.text == "Patrol" and w.box[3] - w.box[1] > 15)
    assert title.box[0] > max(w.box[2] for w in words) / 2  # the cover: right of the fold
    text = " ".join(w.text for w in words)
    assert "print double-sided" in text and "staple" in text


def test_the_kit_cover_says_how_to_make_the_booklet(game_dir):
    _, pdfs, _ = build_pdfs(_game(game_dir, imposition="booklet"))
    text = " ".join(w.text for page in pdf_words(pdfs["cover.pdf"]) for w in page)
    assert "rulebook.pdf" in text
    assert "fold" in text and "staple" in text


def test_diagram_cells_stand_where_the_map_draws_them(game_dir):
    pdf = _rulebook(game_dir)
    page = next(
        k for k, words in enumerate(pdf_words(pdf), start=1)
        if any(w.text == "B2" for w in words)
    )  # fmt: skip
    marks = marks_of(pdf, page)
    words = {w.text: w for w in pdf_words(pdf)[page - 1]}
    cells = [f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 0.5
             and f.box[2] - f.box[0] > 40]  # fmt: skip
    assert len(cells) == 4  # the window B2-C3: four cells of the map
    side = cells[0][2] - cells[0][0]
    xs = sorted({round(c[0], 1) for c in cells})
    ys = sorted({round(c[1], 1) for c in cells})
    assert len(xs) == 2 and len(ys) == 2
    assert xs[1] - xs[0] == pytest.approx(side, abs=0.5)  # a cell's pitch, as the map's
    assert ys[1] - ys[0] == pytest.approx(side, abs=0.5)
    b2 = (xs[0], ys[1])  # the window's top-left cell
    c3 = (xs[1], ys[0])
    # each cell's coordinate printed in its own top-left corner, as on the map
    assert b2[0] <= words["B2"].box[0] <= b2[0] + side / 3
    assert words["B2"].box[3] <= b2[1] + side + 0.5
    # each piece centred on its cell, at the window's scale (a 1/2 in counter: half a cell)
    pieces = [f.box for f in marks.fills
              if abs((f.box[2] - f.box[0]) - side / 2) < 0.5]  # fmt: skip
    centres = sorted(((p[0] + p[2]) / 2, (p[1] + p[3]) / 2) for p in pieces)
    assert len(centres) == 2
    for (cx, cy), (x0, y0) in zip(centres, [b2, c3], strict=True):
        assert cx == pytest.approx(x0 + side / 2, abs=0.5)
        assert cy == pytest.approx(y0 + side / 2, abs=0.5)


def test_no_text_in_a_rulebook_is_under_7_pt(game_dir):
    pdf = _rulebook(game_dir, imposition="booklet", filler=2)
    pages = len(pdf_words(pdf))
    sizes = [g.size for k in range(1, pages + 1) for g in marks_of(pdf, k).glyphs]
    assert sizes and min(sizes) >= 7 - 1e-6


def _errors(folder, old: str, new: str) -> list[str]:
    return errors_of(write_game(folder, GAME.replace("IMPOSITION", "sheets")
                                .replace("FILLER", "").replace(old, new)))  # fmt: skip


def _line_of(folder, text: str) -> int:
    lines = (folder / "game.yaml").read_text().splitlines()
    return next(k for k, line in enumerate(lines, start=1) if text in line)


def test_a_reference_to_no_section_fails_at_its_line(game_dir):
    errors = _errors(game_dir, "{ref:aimed}", "{ref:aimd}")
    line = _line_of(game_dir, "{ref:aimd}")
    assert len(errors) == 1
    assert f"game.yaml:{line}:" in errors[0]
    assert errors[0].endswith(
        "error: rulebook.sections[1].cases[0].text[0]: reference to unknown section 'aimd'"
        " (did you mean 'aimed'? a reference names a section's or a case's id)"
    )


def test_an_unknown_table_fails_at_its_line(game_dir):
    errors = _errors(game_dir, "table: fire", "table: fir")
    line = _line_of(game_dir, "table: fir")
    assert len(errors) == 1
    assert f"game.yaml:{line}:" in errors[0]
    assert errors[0].endswith("error: rulebook: unknown table 'fir' (did you mean 'fire'?)")


def test_an_unknown_table_at_a_glance_fails_at_its_line(game_dir):
    errors = _errors(game_dir, "  imposition: sheets\n", "  imposition: sheets\n  glance: [fir]\n")
    line = _line_of(game_dir, "glance: [fir]")
    assert len(errors) == 1
    assert f"game.yaml:{line}:" in errors[0]
    assert errors[0].endswith("error: rulebook.glance: unknown table 'fir' (did you mean 'fire'?)")


def test_an_unknown_cell_or_piece_in_a_diagram_fails_at_its_line(game_dir):
    errors = _errors(game_dir, "{piece: guard, at: C3}", "{piece: gaurd, at: C9}")
    line = _line_of(game_dir, "gaurd")
    assert len(errors) == 1  # the piece is unknown: its cell is not looked at
    assert f"game.yaml:{line}:" in errors[0]
    assert "unknown piece 'gaurd'" in errors[0] and "did you mean 'guard'?" in errors[0]
    errors = _errors(game_dir, "{piece: guard, at: C3}", "{piece: guard, at: C9}")
    assert len(errors) == 1
    assert f"game.yaml:{_line_of(game_dir, 'C9')}:" in errors[0]
    assert "no cell 'C9' on map 'field'" in errors[0]
    errors = _errors(game_dir, "cells: B2-C3", "cells: B2-Z3")
    assert len(errors) == 1 and "no cell 'Z3' on map 'field'" in errors[0]


def test_a_duplicate_section_id_is_an_error(game_dir):
    errors = _errors(game_dir, "id: slow", "id: moving")
    assert len(errors) == 1 and "duplicate section id 'moving'" in errors[0]


def test_a_long_contents_list_runs_on_to_the_next_page_with_each_page_right(game_dir):
    pdf = _rulebook(game_dir, filler=60, paras=8)  # long enough to need its contents
    pages = pdf_words(pdf)
    listed = {}  # section number -> the page the contents give for it
    for words in pages[:2]:  # the title page and the one the contents run on to
        top = max(w.box[3] for w in words)
        text = [w.text for w in words if w.box[3] < top - 30]  # not the running head
        for k, word in enumerate(text[:-2]):
            if re.fullmatch(r"\d+\.0", word) and text[k + 1] == "Extra":
                listed[word] = int(next(t for t in text[k + 3 :] if t.isdigit()))
    assert len(listed) == 60 and "62.0" in listed  # past the title page's room
    for number, page in listed.items():  # the section's heading is on the page given
        at = [w.text for w in pages[page - 1]]
        heads = [k for k, t in enumerate(at) if t == number and at[k + 1] == "Extra"]
        assert heads, number


BOLT = """<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">
<rect width="10" height="10" fill="#ff00ff"/></svg>
"""


def _icon_line(game_dir, icon: str):
    """The glyphs of "Nothing slows a scout." with an icon written after "slows", and
    the fills between "slows" and "a" (the icon's shapes)."""
    text = GAME.replace("Nothing slows a scout.", f"Nothing **slows {icon}** a scout.")
    write_game(game_dir, text.replace("IMPOSITION", "sheets").replace("FILLER", ""),
               {"icons/bolt.svg": BOLT})  # fmt: skip
    _, pdfs, _ = build_pdfs(game_dir)
    for page in range(1, 4):
        marks = marks_of(pdfs["rulebook.pdf"], page)
        chars = "".join(g.char for g in marks.glyphs)
        if "slows" in chars:
            break
    at = chars.index("slows") + 4
    s, a = marks.glyphs[at], marks.glyphs[at + 1]  # the s of slows, then the a after it
    base = s.box[1]
    icon = [f.box for f in marks.fills if s.box[2] - 0.1 < f.box[0] and f.box[2] < a.box[0]
            and base - s.size < f.box[1] and f.box[3] < base + 2 * s.size]  # fmt: skip
    return s, a, icon


@pytest.mark.parametrize("icon", ["{icon:bolt}", "{icon:heart}"])
def test_an_inline_icon_in_a_rule_sits_in_the_line_at_the_type_s_size(game_dir, icon):
    """The game's own SVG and a built-in icon, inside a bold span of a paragraph: drawn
    between the words, its foot INLINE_DROP under their baseline, INLINE_ICON of the
    type's size tall at most."""
    from kitgen.style import INLINE_DROP, INLINE_ICON

    s, a, boxes = _icon_line(game_dir, icon)
    assert a.char == "a" and boxes, "no icon between the words"
    bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
    foot = s.box[1] - s.size * INLINE_DROP
    assert foot - 0.5 <= bottom <= foot + s.size * 0.2  # in the line, not floating above
    assert top <= foot + s.size * INLINE_ICON + 0.3
    assert top - bottom >= s.size * 0.5


def test_an_unknown_icon_in_a_rule_fails_at_its_line(game_dir):
    """The hint looks among the game's own icons as well as the built-in ones."""
    text = GAME.replace("Nothing slows a scout.", "Nothing {icon:bolts} slows.")
    write_game(game_dir, text.replace("IMPOSITION", "sheets").replace("FILLER", ""),
               {"icons/bolt.svg": BOLT})  # fmt: skip
    errors = errors_of(game_dir)
    line = _line_of(game_dir, "{icon:bolts}")
    assert errors == [
        f"{game_dir}/game.yaml:{line}:22: error: rulebook.sections[1].cases[0].cases[0]"
        ".text[0]: unknown icon 'bolts': not built in, and no icons/bolts.svg in the game "
        "folder (did you mean 'bolt'?)"
    ]


def test_a_piece_with_no_counter_stands_as_a_round_base_with_its_label_in_it(game_dir):
    """A model the rules declare (no counter to print) is drawn as its base: a disc 9/10 of
    its cell, centred there, its label set inside it."""
    text = GAME.replace("tables:", "rules:\n  pieces: [{id: rider, name: Rider}]\ntables:", 1)
    text = text.replace(
        "{piece: guard, at: C3}]", "{piece: guard, at: C3}, {piece: rider, at: C2, label: Rd}]"
    )
    pdf = _rulebook(game_dir, text=text)
    page = next(k for k, words in enumerate(pdf_words(pdf), start=1)
                if any(w.text == "Rd" for w in words))  # fmt: skip
    marks = marks_of(pdf, page)
    label = next(w for w in pdf_words(pdf)[page - 1] if w.text == "Rd")
    cells = [f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 0.5
             and f.box[2] - f.box[0] > 40]  # fmt: skip
    side = cells[0][2] - cells[0][0]
    c2 = next(c for c in cells if c[0] <= label.box[0] and label.box[2] <= c[2]
              and c[1] <= label.box[1] and label.box[3] <= c[3])  # fmt: skip
    bases = [f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - side * 0.9) < 0.5]
    assert len(bases) == 1
    base = bases[0]
    assert (base[0] + base[2]) / 2 == pytest.approx((c2[0] + c2[2]) / 2, abs=0.5)
    assert (base[1] + base[3]) / 2 == pytest.approx((c2[1] + c2[3]) / 2, abs=0.5)
    assert base[0] < label.box[0] and label.box[2] < base[2]  # the label inside the base


def test_a_diagrams_counters_stand_inside_their_hexes(game_dir):
    """Issue 38: Iron Ford's diagrams drew 5/8 in counters in 3/4 in hexes, their corners
    over the next hexes, so which hex a unit stood in was not clear. A counter larger than
    the square inside its hex is drawn that square's size (less a little, so the hex's edge
    shows round it): read back, its side is at most 1.27 times the hex's side."""
    hexes = (
        GAME.replace("grid: square", "grid: hex")
        .replace("size: 1/2in", "size: 1in")
        .replace("cells: B2-C3", "cells: 0202-0303")
        .replace("at: B2}", 'at: "0202"}')
        .replace("at: C3}", 'at: "0303"}')
        .replace("from: B2, to: C3", 'from: "0202", to: "0303"')
    )
    pdf = _rulebook(game_dir, text=hexes)
    page = next(k for k, ws in enumerate(pdf_words(pdf), 1) if any(w.text == "fire." for w in ws))
    marks = marks_of(pdf, page)
    lengths = [round(math.hypot(s.x1 - s.x0, s.y1 - s.y0), 1) for s in marks.segments]
    side = max(set(lengths), key=lengths.count)  # the hexes' sides, most of the lines drawn
    counters = [
        f.box
        for f in marks.fills
        if side * 0.9 < f.box[2] - f.box[0] < side * 2
        and abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 1
    ]
    assert len(counters) == 2
    for x0, y0, x1, y1 in counters:
        assert x1 - x0 == pytest.approx(y1 - y0, abs=0.1)  # square counters stay square
        # a centred square fits a flat-topped hex of side R when its side is at most
        # 2R / (1 + 1/sqrt(3)) = 1.268 R; drawn at 90 % of that
        assert x1 - x0 == pytest.approx(0.9 * 2 * side / (1 + 1 / math.sqrt(3)), rel=0.02)


def test_a_diagrams_arrow_is_heavy_and_leaves_and_meets_its_pieces_in_the_open(game_dir):
    """The arrow is the diagram's heaviest line; it starts past the
    piece it leaves and its head stops short of the piece it reaches, so neither end hides
    under a counter (a reader saw only a thin line ending under the pieces)."""
    from kitgen.layout.rulebook.diagram import ARROW_GAP, ARROW_HEAD, ARROW_WIDTH

    pdf = _rulebook(game_dir)
    page = next(
        k for k, words in enumerate(pdf_words(pdf), start=1)
        if any(w.text == "B2" for w in words)
    )  # fmt: skip
    marks = marks_of(pdf, page)
    cells = [f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 0.5
             and f.box[2] - f.box[0] > 40]  # fmt: skip
    side = cells[0][2] - cells[0][0]
    scale = side / 72  # the map's 1 in cells as the window prints them
    pieces = sorted(
        (f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - side / 2) < 0.5),
        key=lambda b: b[0],
    )
    scout, guard = pieces  # B2's scout left of C3's guard
    heaviest = max(s.width for s in marks.segments)
    [line] = [s for s in marks.segments if s.width == pytest.approx(ARROW_WIDTH, abs=0.05)]
    assert heaviest == pytest.approx(ARROW_WIDTH, abs=0.05)  # the heaviest line drawn
    start, end = sorted([(line.x0, line.y0), (line.x1, line.y1)])  # B2 to C3: left to right

    def outside(p, box) -> float:
        """How far the point is outside the box (its nearest side)."""
        dx = max(box[0] - p[0], 0.0, p[0] - box[2])
        dy = max(box[1] - p[1], 0.0, p[1] - box[3])
        return math.hypot(dx, dy)

    gap = ARROW_GAP * scale
    assert outside(start, scout) >= gap - 0.1  # the start dot lies past the scout's edge
    # the line stops inside its head; the head's tip stops short of the guard's edge
    tip = outside(end, guard) - ARROW_HEAD * 0.8 * scale
    assert tip >= gap * 0.5, tip
    assert outside(end, guard) <= side  # and the arrow reaches the guard's cell


def _shared_counters(game_dir, shared: str) -> tuple[float, list]:
    """A cell's side and the boxes of the 1/2 in counters drawn in the diagram, with the
    scout and the guard both in B2."""
    text = GAME.replace("{piece: guard, at: C3}]", "{piece: guard, at: B2}]")
    if shared:
        text = text.replace(
            "caption: A line of fire.", f"caption: A line of fire.\n{' ' * 22}shared: {shared}"
        )
    pdf = _rulebook(game_dir, text=text)
    page = next(k for k, ws in enumerate(pdf_words(pdf), 1) if any(w.text == "B2" for w in ws))
    marks = marks_of(pdf, page)
    cells = [f.box for f in marks.fills if abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 0.5
             and f.box[2] - f.box[0] > 40]  # fmt: skip
    side = cells[0][2] - cells[0][0]
    counters = [f.box for f in marks.fills if side * 0.3 < f.box[2] - f.box[0] < side * 0.75
                and abs((f.box[2] - f.box[0]) - (f.box[3] - f.box[1])) < 0.5]  # fmt: skip
    return side, counters


def test_pieces_sharing_a_cell_stack_at_the_maps_scale_when_the_diagram_says_stack(game_dir):
    """Review: DUCK!'s diagrams drew two pieces in one square at half size. With `shared:
    stack` each is drawn at the map's scale (a 1/2 in counter: half a cell), offset as a
    stack on a board is, both inside the cell; by default they stand side by side, smaller."""
    side, stacked = _shared_counters(game_dir, "stack")
    assert len(stacked) == 2
    for x0, y0, x1, y1 in stacked:
        assert x1 - x0 == pytest.approx(side / 2, abs=0.3)
        assert y1 - y0 == pytest.approx(side / 2, abs=0.3)
    (a, b) = sorted(stacked)
    assert b[0] - a[0] == pytest.approx(0.3 * side / 2, abs=0.3)  # each shows its corner
    assert abs(b[1] - a[1]) == pytest.approx(0.3 * side / 2, abs=0.3)
    left, bottom = min(c[0] for c in stacked), min(c[1] for c in stacked)
    assert max(c[2] for c in stacked) - left < side and max(c[3] for c in stacked) - bottom < side
    _, beside = _shared_counters(game_dir, "")
    assert len(beside) == 2 and all(c[2] - c[0] < side / 2 - 1 for c in beside)


def test_an_unknown_shared_drawing_fails_at_its_line(game_dir):
    errors = _errors(game_dir, "caption: A line of fire.",
                     f"caption: A line of fire.\n{' ' * 22}shared: pile")  # fmt: skip
    line = _line_of(game_dir, "shared: pile")
    assert errors == [
        f"{game_dir / 'game.yaml'}:{line}:31: error: "
        "rulebook.sections[1].cases[1].text[2].example.text[1].diagram.shared: "
        "unknown drawing of a shared cell 'pile' (use side-by-side, stack)"
    ]
