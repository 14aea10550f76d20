"""Paper for player-aid cards (issue 18.4, designer review 6 #6): a half-letter card
took a letter sheet for each face (its fold pair is 792 pt wide, the printable width
756 pt). The seed sources give no card size, so Ryamon's and Reshuffled's aids are the
kit's 5 x 7 in, marked as the kit's reading: front and back fold side by side on one
sheet, letter or a4, rules text still at least 7 pt. Read back from the PDFs."""

from __future__ import annotations

import pytest

from kitgen.style import RULES_MIN, typeset

from .conftest import CONTENT, build_pdfs, pdf_text
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
    assert min(g.size for glyphs in faces.values() for g in glyphs) >= RULES_MIN - 0.01
    text = " ".join(pdf_text(pdfs["cards.pdf"]))
    said = typeset("Kit's reading: The card and its size (5 × 7 in) are the kit's")
    assert said.replace("\u00a0", " ") in text  # pdf_text reads a no-break space as one
