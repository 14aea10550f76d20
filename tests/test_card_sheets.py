"""Paper for player-aid cards (issue 18.4, designer review 6 #6): a half-letter card
took a letter sheet for each face (its fold pair is 792 pt wide, the printable width
756 pt). The seed sources give no card size, so Ryamon's and Reshuffled's aids are the
kit's 5 x 7 in, marked as the kit's reading: front and back fold side by side on one
sheet, letter or a4, rules text still at least 7 pt. Read back from the PDFs."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Text
from kitgen.style import RULES_MIN, typeset

from .conftest import (
    CONTENT,
    build_pdfs,
    pdf_text,
    plan_game,
    seed_kit,
    unmarked_glyphs,
    write_game,
)
from .test_card_type import face_glyphs


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize(("game", "cards"), [("ryamon", 4), ("reshuffled", 2)])
def test_a_player_aid_folds_on_one_sheet_a_card(game: str, cards: int, paper: str):
    _, pdfs, manifest = build_pdfs(CONTENT / game, paper)
    items = [i for i in manifest["items"] if i["kind"] == "card"]
    assert {i["page"] for i in items} == set(range(1, cards + 1))  # was 2 pages a card
    assert all("fold_line" in i for i in items if i["side"] == "front")
    x0, y0, x1, y1 = items[0]["bbox"]
    assert (x1 - x0, y1 - y0) == pytest.approx((360, 504), abs=1e-6)  # 5 x 7 in, a face
    faces = face_glyphs(pdfs, manifest)
    # a reading's mark (†2) is a superscript, smaller by design: the rest keeps the minimum
    assert (
        min(g.size for glyphs in faces.values() for g in unmarked_glyphs(glyphs))
        >= RULES_MIN - 0.01
    )
    text = " ".join(pdf_text(pdfs["notes.pdf"]))  # the card's reading: on the notes page
    said = typeset("The card and its size (5 × 7 in) are the kit's")
    assert said.replace("\u00a0", " ") in text  # pdf_text reads a no-break space as one


def test_the_cover_and_the_build_say_a_player_aids_sheets_are_copies():
    """Review 7 #22: Ryamon prints its aid four times, one per player, on four alike
    sheets, and the build said "one card a sheet" of a fold pair. Nothing is dropped;
    the cover's list says the sheets are copies, and the build says what goes on a sheet.
    Files whose sheets differ say nothing of copies. Read back from the cover PDF."""
    _, pdfs, manifest = seed_kit("ryamon")
    cover = " ".join(pdf_text(pdfs["cover.pdf"]))
    cards = cover.split("cards.pdf", 1)[1].split(".pdf", 1)[0]
    assert "fold on the dotted line and glue; 4 copies of one sheet" in cards
    assert cover.count("copies of one sheet") == 1  # not the map's four different tiles
    (facts,) = [f["facts"] for f in manifest["files"] if f["path"] == "cards.pdf"]
    (fact,) = [f for f in facts if f.startswith("one card a sheet")]
    assert fact.startswith("one card a sheet, front and back side by side to fold (the pair")
    assert fact.endswith("; the 4 sheets are copies of one card (quantity: 4)")
    _, pdfs, _ = seed_kit("reshuffled")  # its map piece printed 4 times: a map's copies
    cover = " ".join(pdf_text(pdfs["cover.pdf"]))
    assert cover.count("copies of one sheet") == 2, cover
    _, pdfs, _ = seed_kit("duck")  # different cards on each sheet
    assert "copies of one sheet" not in " ".join(pdf_text(pdfs["cover.pdf"]))


@pytest.mark.parametrize(
    ("decks", "heading"),
    [
        (["scouts", "scouts"], "Scouts deck"),
        (["scouts", "ships"], "Decks: Scouts, Star ships"),
        (["scouts", None], "Reference cards"),
    ],
)
def test_a_card_sheet_names_the_decks_it_holds(game_dir, decks, heading):
    cards = "\n".join(
        f"  - {{id: c{n}, front: {{title: C{n}}}" + (f", deck: {d}}}" if d else "}")
        for n, d in enumerate(decks)
    )
    write_game(
        game_dir,
        "id: t\ntitle: T\ndecks:\n  - {id: scouts, title: Scouts}\n"
        "  - {id: ships, title: Star ships}\ncards:\n" + cards + "\n",
    )
    doc = next(d for d in plan_game(game_dir).docs if d.name == "cards")
    texts = [op.text for op in doc.pages[0].ops if isinstance(op, Text)]
    assert f"T · {heading} · sheet 1 of 1" in texts
