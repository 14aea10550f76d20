"""Turn record tracks written fresh: shaded turns, events and multi-line labels inside
their boxes, and warnings (never silence) for what does not fit; long table titles wrap."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Rect, Text
from tests.conftest import build_pdfs, errors_of, pdf_words, plan_game, write_game

GAME = """
id: turns
title: Turns
share_sheets: false  # the track's own page, read op by op (tests/test_share.py shares it)
tracks:
  - id: turns
    title: Turn record
    from: 1
    to: 4
    box: 1in
    shade: [3]
    labels: {1: "Night\\nturn"}
    events: {2: "Reinforcements: 2 tanks", 4: EVENT}
tables:
  - id: t
    title: A combat results table whose title is far longer than its narrow column
    columns: [{title: A, width: 1in}]
    rows: [["x"]]
sheets:
  - {id: s, title: S, items: [t]}
"""


def _ops(planned, name):
    doc = next(d for d in planned.docs if d.name == name)
    return doc.pages[0].ops


def test_shading_events_and_multi_line_labels(game_dir):
    planned = plan_game(write_game(game_dir, GAME.replace("EVENT", "Game ends")))
    ops = _ops(planned, "tracks")
    # the data's 1 in boxes grown 1.5 times (tracks.GROW) on a page of their own
    boxes = [o for o in ops if isinstance(o, Rect) and o.w == 108 and o.h == 108]
    assert [b.fill for b in boxes] == ["#ffffff", "#ffffff", "#d9c8a0", "#ffffff"]
    texts = [o.text for o in ops if isinstance(o, Text)]
    # the notes at the track's one size (grown to 8.5 pt in these boxes)
    assert texts[2:11] == ["1", "Night", "turn", "2", "Reinforcements: 2", "tanks", "3", "4",
                           "Game ends"]  # fmt: skip
    inside = [o for o in ops if isinstance(o, Text) and o.text in ("Night", "turn")]
    first = boxes[0]
    assert all(first.y < t.y < first.y + first.h for t in inside)
    assert not planned.diags.warnings


def test_notes_that_cannot_fit_warn(game_dir):
    long = " ".join(["Reinforcements"] * 12)
    planned = plan_game(write_game(game_dir, GAME.replace("EVENT", long)))
    assert [str(d).split(": warning: ")[1] for d in planned.diags.warnings] == [
        f"tracks.turns: the notes of box 4 on track 'turns' do not fit even at 7pt: {long!r} "
        "(shorten them or make box larger)"
    ]


def test_a_track_event_off_the_track_is_an_error(game_dir):
    folder = write_game(game_dir, GAME.replace("4: EVENT", "9: EVENT"))
    assert [e.split(": error: ")[1] for e in errors_of(folder)] == [
        "tracks[0].events.9: 9 is not on the track"
    ]


def test_a_long_table_title_wraps_inside_its_column(game_dir):
    planned = plan_game(write_game(game_dir, GAME.replace("EVENT", "x")))
    ops = _ops(planned, "sheet-s")
    words = [o for o in _flat(ops) if isinstance(o, Text) and o.font.size > 9]
    lines = sorted({round(o.y, 2) for o in words if o.text != "S"})
    assert len(lines) >= 2  # the title took more than one line


def _flat(ops):
    for op in ops:
        if hasattr(op, "ops"):
            yield from _flat(op.ops)
        else:
            yield op


@pytest.mark.parametrize("size", ["1in", "3in"])  # one sheet, and tiles
def test_a_map_note_too_long_for_one_line_wraps_at_7pt_above_the_map(game_dir, size):
    """Read back from the PDF: a map's note is rules text, so a long one wraps to more lines
    at 7 pt (never shrinks below), every word printed, all of it above the map's art, and no
    text crosses a line or other text; nothing warns."""
    import pypdfium2 as pdfium

    from tests.page_marks import faults, read_marks

    note = "A note that goes on " + "and on " * 40 + "to its end."
    text = (
        "id: n\ntitle: N\nmaps:\n  - id: m\n    title: Map\n    note: " + note + "\n"
        f"    cell: {size}\n    terrains: [{{id: a, fill: '#88aa66'}}]\n    legend: {{a: a}}\n"
        "    layout: |\n      aaaa\n      aaaa\n      aaaa\n"
    )
    planned, pdfs, _ = build_pdfs(write_game(game_dir, text))
    assert not planned.diags.warnings
    doc = pdfium.PdfDocument(pdfs["map-m.pdf"])
    (pages,) = [d.pages for d in planned.docs if d.name == "map-m"]
    kinds = ("map", "map-tile")
    maps = [(i, it) for i, page in enumerate(pages) for it in page.items if it.kind in kinds]
    assert len(maps) == (1 if size == "1in" else 2)  # the assembly sheet sets it at SMALL
    for i, item in maps:
        marks = read_marks(doc[i])
        head = doc[i].get_height() - 18 - 16  # under the sheet label
        notes = [g for g in marks.glyphs if g.box[3] < head and g.size < 9]
        notes = [g for g in notes if g.box[1] > item.bbox[3] - 1]  # above the map's art
        lines = {round(g.box[1]) for g in notes if g.char not in "gpqy,"}
        assert len(lines) >= 3  # wrapped, not shrunk
        assert {round(g.size, 2) for g in notes} == {7.0}
        assert "".join(g.char for g in notes) == note.replace(" ", "")  # every word
        assert not faults(marks)


def test_a_tracks_reading_marks_its_title_and_notes_its_words_on_the_notes_page(game_dir):
    reading = "    reading: {kit: Four turns is the kit's count., source: a few turns}\n"
    text = GAME.replace("    title: Turn record\n", "    title: Turn record\n" + reading)
    planned = plan_game(write_game(game_dir, text))
    texts = [o for o in _ops(planned, "tracks") if isinstance(o, Text)]
    assert texts[1].text == "Turn record\u20201"  # after the sheet label
    assert not any("Four turns" in t.text for t in texts)
    notes = [o.text for o in _ops(planned, "notes") if isinstance(o, Text)]
    assert "\u20201" in notes and any(t.startswith("Four turns is the kit") for t in notes)
    assert not planned.diags.warnings


def test_a_tracks_notes_share_one_size_never_below_the_rules_minimum():
    """Read back from Iron Ford's printed turn record: every box's notes at one size (the
    boxes read alike), grown past the 7 pt floor where the boxes have room; and a box too
    small for its notes keeps them at 7 pt and warns, never shrinking rules text below."""
    import pypdfium2 as pdfium

    from kitgen.style import RULES_MIN
    from tests.page_marks import read_marks

    from .conftest import seed_kit

    p, pdfs, manifest = seed_kit("ironford")
    track = next(t for t in p.game.tracks.tracks if t.id == "turns")
    # the map carries the turn record in its margins: printed there, once (not on tracks.pdf)
    assert "tracks.pdf" not in pdfs
    (chart,) = [i for i in manifest["items"] if i["kind"] == "map-chart" and i["id"] == "turns"]
    marks = read_marks(pdfium.PdfDocument(pdfs[chart["file"]])[chart["page"] - 1])
    x0, y0, x1, y1 = chart["bbox"]
    inside = {g.run for g in marks.glyphs if x0 <= g.box[0] and g.box[2] <= x1}
    inside -= {g.run for g in marks.glyphs if not y0 - 1 <= g.box[1] <= y1}
    size_of = {g.run: g.size for g in marks.glyphs}
    numbers = {str(n) for n in track.numbers}
    # the notes: what the track sets under 12 pt (its title) other than the box numbers
    notes = {
        run: text
        for run, text in marks.runs.items()
        if run in inside and size_of[run] < 12 and text not in numbers
    }
    words = "".join(notes.values())
    assert all(w in words for w in ("Northmoves", "Mud", "Gameends:"))
    assert len({round(size_of[run], 2) for run in notes}) == 1  # one size for every box
    # the track's words (the page may hold a reduced map too, whose words go to 6 pt)
    assert not [t for r, t in marks.runs.items() if r in inside and size_of[r] < RULES_MIN]


def test_notes_in_a_small_box_stay_at_the_rules_minimum(game_dir):
    planned = plan_game(write_game(game_dir, GAME.replace("box: 1in", "box: 0.5in")))
    ops = _ops(planned, "tracks")
    sizes = {o.font.size for o in ops if isinstance(o, Text) and not o.text.isdigit()}
    assert min(sizes - {12.0}) == 7.0  # the title aside, nothing under 7 pt
    assert any("do not fit even at 7pt" in str(d) for d in planned.diags.warnings)


SIDES = """
id: g
title: G
share_sheets: false
tracks:
  - {id: food-a, title: Food A, side: a, from: 0, to: 9, colour: "#b03a2e"}
  - {id: food-b, title: Food B, side: b, from: 0, to: 9, colour: "#2e5cb0"}
  - {id: turns, title: Turns, from: 1, to: 9}
"""


def test_a_sides_track_opens_with_the_sides_mark_in_its_ink(game_dir):
    """A track that belongs to a side (a tribe's food) carries the side's shape before its
    title, as its pieces do, so four like tracks stay apart in greyscale; read back from
    the PDF: a filled shape in the track's ink left of its title, none on a shared track."""
    import ctypes

    import pypdfium2 as pdfium

    from kitgen.layout.sides import side_shapes

    planned, pdfs, _ = build_pdfs(write_game(game_dir, SIDES))
    assert side_shapes(planned.game) == {"a": "round", "b": "square"}
    words = pdf_words(pdfs["tracks.pdf"])[0]
    doc = pdfium.PdfDocument(pdfs["tracks.pdf"])
    marks = []  # (box, fill) of each small filled shape: a box of a track is 36 pt
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for o in doc[0].get_objects(max_depth=2):
        box = o.get_bounds()
        if o.type == pdfium.raw.FPDF_PAGEOBJ_PATH and 6 < box[2] - box[0] < 12:
            pdfium.raw.FPDFPageObj_GetFillColor(o.raw, r, g, b, a)
            marks.append((box, (r.value, g.value, b.value)))
    doc.close()
    left = min(w.box[0] for w in words if w.text == "Food")  # a marked title's first word
    for title, ink in (("A", (0xB0, 0x3A, 0x2E)), ("B", (0x2E, 0x5C, 0xB0)), ("Turns", None)):
        (word,) = [w for w in words if w.text == title]
        on_line = [(b, f) for b, f in marks if b[1] < word.box[3] and b[3] > word.box[1]]
        if ink is None:
            assert on_line == [] and word.box[0] < left - 8  # no mark: where the marks stand
            continue
        (food,) = [w for w in words if w.text == "Food" and abs(w.box[1] - word.box[1]) < 1]
        ((box, fill),) = on_line
        assert fill == ink and box[2] < food.box[0]  # the mark before the title's first word
