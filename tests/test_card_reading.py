"""A card's `reading:` (the kit's reading of a card, one row's column in a spreadsheet
deck): a small numbered mark where the card's layout shows {mark}, one mark for the
same words wherever they are read (a rule's reading and its card share a note), the
words on the kit's notes page, and the card sheet's foot saying where that page is;
read back from the PDF. Every error path with its exact message."""

from __future__ import annotations

import re

import pytest

from kitgen.style import typeset
from tests.conftest import build_pdfs, errors_of, pdf_text, seed_kit, write_game

OWL = "Any sprite, yours too; you must if there is one"
CSV = f"""\
card,title,text,reading
owl,Owl,Defeat a sprite.,"{OWL}"
frog,Frog,Gain 1 dew.,
"""
GAME = """
id: g
title: G
cards:
  - id: "{card}"
    name: "{title}"
    for_each: {file: cards.csv}
    layout: poker-card
    reading: "{reading}"
"""


def test_a_row_reading_marks_its_card_and_notes_the_words(game_dir):
    p, pdfs, _ = build_pdfs(write_game(game_dir, GAME, {"cards.csv": CSV}))
    (reading,) = p.game.readings
    assert reading.kit == OWL and reading.mark == "\u20201"
    (page,) = pdf_text(pdfs["cards.pdf"])
    # the owl's text carries the mark; the frog's row leaves its column empty: no mark
    assert "Defeat a sprite.\u20201" in page
    assert page.count("\u2020") == 2  # the owl's mark and the foot's "† see ..."
    assert OWL not in page  # the words go on the notes page, never on the card
    assert typeset("notes.pdf p. 1") in page  # the foot says where the words are
    assert typeset(f"\u20201 {OWL}.") in " ".join(pdf_text(pdfs["notes.pdf"]))


def test_a_card_and_a_rule_with_one_reading_share_its_mark(game_dir):
    rules = f"""
rulebook:
  title: R
  sections:
    - id: owl
      title: The owl
      reading: "{OWL}"
      text: ["It defeats a sprite."]
"""
    p, pdfs, _ = build_pdfs(write_game(game_dir, GAME + rules, {"cards.csv": CSV}))
    (reading,) = p.game.readings  # one note for both
    assert "Defeat a sprite.\u20201" in pdf_text(pdfs["cards.pdf"])[0]
    book = " ".join(pdf_text(pdfs["rulebook.pdf"]))
    assert "The owl.\u20201" in book or "The owl\u20201" in book
    assert typeset(f"\u20201 {OWL}.") in book


def test_a_reading_gives_its_source_beside_the_kit_words(game_dir):
    body = GAME.replace(
        'reading: "{reading}"', 'reading: {kit: "{reading}", source: "Defeat a sprite"}'
    )
    p, _, _ = build_pdfs(write_game(game_dir, body, {"cards.csv": CSV}))
    (reading,) = p.game.readings
    assert (reading.kit, reading.source) == (OWL, "Defeat a sprite")


LAYOUT = """
layouts:
  - id: plain
    regions:
      - {id: t, show: "{text}"}
"""


@pytest.mark.parametrize(
    ("card", "message"),
    [
        (
            "layout: plain\n    fields: {text: x}\n    reading: R",
            "12:14: error: cards[0].reading: card 'c' carries a reading, but its layout 'plain' "
            "shows no {mark} (write {mark} after the words it marks, as in show: "
            '{text: "{text}{mark}"})',
        ),
        (
            "front: [{title: C}]\n    reading: R",
            "11:14: error: cards[0].reading: card 'c' carries a reading, but its front is drawn "
            "from blocks (give the reading on the front, beside its title: front: "
            "{title: ..., reading: ...})",
        ),
        (
            "layout: poker-card\n    fields: {title: C}\n    reading: {source: S}",
            "12:14: error: cards[0].reading: missing required key 'kit'",
        ),
        (
            "layout: poker-card\n    fields: {title: C}\n    reading: [R]",
            "12:14: error: cards[0].reading: expected text, got a list",
        ),
        (
            "layout: poker-card\n    fields: {title: C}\n    reading: '{nope}'",
            "12:14: error: cards[0].reading: unknown placeholder {nope} in '{nope}' "
            "(known: none (add for_each))",
        ),
    ],
)
def test_a_card_reading_with_no_place_is_an_error_where_it_is_written(game_dir, card, message):
    body = f"id: g\ntitle: G\n{LAYOUT}cards:\n  - id: c\n    {card}\n"
    errs = errors_of(write_game(game_dir, body))
    assert [e.split("game.yaml:")[1] for e in errs] == [message]


def test_mosslight_cards_carry_the_marks_of_the_rules_they_read():
    """Every card reading of the seed deck is a rule's reading too: one note each, the
    card's mark on the face after its text, and the foot of its sheet saying where."""
    p, pdfs, _ = seed_kit("mosslight")
    marked = {c.id: c.front.regions for c in p.game.cards}
    rows = {c.id: c.columns.get("reading", "") for c in p.game.cards}
    read = {cid for cid, words in rows.items() if words}
    assert {"hollow-owl", "fog-of-dusk", "stone-circle"} <= read
    by_words = {r.kit: r.mark for r in p.game.readings}
    book = " ".join(pdf_text(pdfs["rulebook.pdf"]))
    pages = pdf_text(pdfs["cards.pdf"])
    for cid in read:
        mark = by_words[rows[cid]]
        (text,) = [f.text for f in marked[cid] if f.region.id == "text"]
        assert text.endswith(mark)
        assert book.count(mark + " ") >= 1 and f".{mark}" in book.replace(" ", "")
        title = next(c.title for c in p.game.cards if c.id == cid)
        # the foot names the rulebook's notes pages (the reading footer's test checks which)
        assert any(title in page and mark in page and re.search(r"rulebook\.pdf pp?\. [0-9]", page)
                   for page in pages)  # fmt: skip


BLOCKS = """
id: g
title: G
cards:
  - id: aid
    front:
      title: Fighting
      reading: "Only in the cell"
      blocks:
        - items: ["Roll a d6."]
        - title: Victory
          reading: "{victory}"
        - items: ["25 people win."]
"""


def test_a_block_title_carries_its_own_reading_beside_the_faces(game_dir):
    """A face's second heading (a card's Victory under its Legal warfare) gets its own
    mark: each reading on the card is marked where its rule is, the words noted once."""
    body = BLOCKS.replace("{victory}", "Every tribe is checked")
    p, pdfs, _ = build_pdfs(write_game(game_dir, body))
    assert [r.kit for r in p.game.readings] == ["Only in the cell", "Every tribe is checked"]
    (page,) = pdf_text(pdfs["cards.pdf"])
    assert "Fighting\u20201" in page and "Victory\u20202" in page
    assert "Every tribe is checked" not in page
    assert typeset("\u20202 Every tribe is checked.") in " ".join(pdf_text(pdfs["notes.pdf"]))


def test_a_block_reading_needs_a_title_to_mark(game_dir):
    body = BLOCKS.replace('- items: ["Roll a d6."]', '- {items: ["Roll a d6."], reading: "Why"}')
    (err,) = errors_of(write_game(game_dir, body))
    assert err.endswith(
        "game.yaml:9:44: error: cards[0].front.blocks[0].reading: this items: block has no "
        "title to mark: give reading: to a {title: ...} block"
    )
