"""A counter definition's `reading:` (a count the source does not give): one numbered mark
per distinct reading, printed under the pieces of each counter sheet holding them (that
the counts are the kit's choice), at rules size; the words on the kit's notes page only,
never on a player's sheet; read back from the PDF."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Text
from kitgen.style import typeset
from tests.conftest import build_pdfs, errors_of, pdf_text, pdf_words, seed_kit, write_game

MARKERS = "Three of each marker is the kit's count."
LEGEND = typeset("Counts: the kit's choice")  # as printed, with a typographic apostrophe
GAME = f"""
id: g
title: G
counters:
  - id: "m-{{n}}"
    kind: marker
    size: 1
    quantity: 3
    for_each: {{n: ["1", "2"]}}
    reading: {{kit: "{MARKERS}", source: "Place a marker"}}
    front: "M{{n}}"
  - id: plain
    size: 1
    front: P
  - id: flag
    size: 1
    quantity: 2
    reading: {{kit: "{MARKERS}", source: "Place a marker"}}
    front: F
  - id: other
    size: 1/2
    quantity: 2
    reading: "Two is the kit's count."
    front: O
"""


def test_counter_readings_mark_the_sheet_under_the_pieces(game_dir):
    p, pdfs, _ = build_pdfs(write_game(game_dir, GAME))
    (text,) = pdf_text(pdfs["counters.pdf"])
    # one mark for the one reading three definitions share, the next for the other; the
    # words on the notes page, never on the sheet (the maker's words stay off the pieces)
    assert f"{LEGEND}\u20201\u20202." in text
    assert MARKERS not in text and "Two is the kit's count" not in text
    notes = " ".join(pdf_text(pdfs["notes.pdf"]))
    assert typeset(f"\u20201 {MARKERS} Source: \u201cPlace a marker\u201d.") in notes
    assert typeset("\u20202 Two is the kit's count.") in notes
    (words,) = pdf_words(pdfs["counters.pdf"])
    note_tops = [w.box[3] for w in words if w.text.startswith("Counts:")]
    (doc,) = [d for d in p.docs if d.name == "counters"]
    lowest = min(item.bbox[1] for item in doc.pages[0].items)
    assert len(note_tops) == 1 and max(note_tops) < lowest  # under every piece
    sizes = {op.font.size for op in doc.pages[0].ops if isinstance(op, Text) and LEGEND in op.text}
    assert sizes and min(sizes) >= 7.0


def test_a_sheet_marks_only_the_readings_its_pieces_carry(game_dir):
    body = GAME.replace("quantity: 3", "quantity: 60")  # 120 markers: two sheets
    _, pdfs, _ = build_pdfs(write_game(game_dir, body))
    first, second = pdf_text(pdfs["counters.pdf"])
    assert f"{LEGEND}\u20201." in first
    assert f"{LEGEND}\u20201\u20202." in second


def test_a_counter_without_a_reading_prints_no_note(game_dir):
    _, pdfs, _ = build_pdfs(
        write_game(game_dir, "id: g\ntitle: G\ncounters: [{id: a, size: 1, front: A}]\n")
    )
    assert LEGEND not in " ".join(pdf_text(pdfs["counters.pdf"]))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("{source: x}", "6:14: error: counters[0].reading: missing required key 'kit'"),
        ("[a]", "6:14: error: counters[0].reading: expected text, got a list"),
    ],
)
def test_a_bad_counter_reading_is_reported_where_it_is_written(game_dir, value, message):
    body = f"""
id: g
title: G
counters:
  - id: m
    size: 1
    reading: {value}
    front: M
"""
    errs = errors_of(write_game(game_dir, body))
    assert [e.split("game.yaml:")[1] for e in errs] == [message]


@pytest.mark.parametrize(
    ("game", "words"),
    [
        ("duck", "The counts (8 FLAME ×1, 4 each ×2 and ×3"),
        ("ryamon", "Each tribe gets every type's 2d6 share of the 25 people"),
        ("rencounter", "The markers' counts are the kit's (48 blood drops; 8 each of MW"),
    ],
)
def test_the_seed_kits_mark_their_chosen_counter_counts(game, words):
    p, pdfs, manifest = seed_kit(game)
    (reading,) = [r for r in p.game.readings if r.kit.startswith(words)]
    files = {i["file"] for i in manifest["items"] if i["kind"] in ("counter", "marker")}
    pages = [page for name in sorted(files) for page in pdf_text(pdfs[name])]
    assert any(f"{LEGEND}{reading.mark}" in page for page in pages)
    assert not any(typeset(words) in page for page in pages)  # the words: the notes only
    assert typeset(f"{reading.mark} {words}") in " ".join(pdf_text(pdfs["rulebook.pdf"]))
