"""Typesetting, read back from the PDFs every kit in content/ prints (issue 18 item 9):
no text crosses a line or an edge, overlaps other text, or lies under something painted
over it. tests/page_marks.py reads each glyph's box and each stroked line from the page
through pdfium; run it on built PDFs to see the faults of a kit:

    .venv/bin/python -m tests.page_marks output/rencounter/*.pdf
"""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from tests.page_marks import Fault, faults, pdf_faults, read_marks

from .conftest import CONTENT, seed_kit

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))

# Faults known today, each to be fixed where it is made, then taken off this list (the
# test fails on a fault listed here that is gone, so the list only shrinks): (game,
# file, kind, the text at fault with its spaces dropped, as pdfium reads it).
KNOWN = {
    # the tile badges of an assembly diagram and the glue captions of a tile sit over
    # the map's own labels and grid lines
    ("duck", "map-deck.pdf", "crosses", "GLUEundertileA2"),
    ("duck", "map-deck.pdf", "crosses", "GLUEundertileB2"),
    ("duck", "map-deck.pdf", "overlaps", "OPS"),
    ("duck", "map-deck.pdf", "crosses", "OPS"),
    ("duck", "map-deck.pdf", "covered", "OPS"),
    ("ironford", "map-ryn.pdf", "crosses", "GLUEundertileA2"),
    ("ironford", "map-ryn.pdf", "crosses", "GLUEundertileB2"),
    ("ironford", "map-ryn.pdf", "crosses", "0101"),
    ("ironford", "map-ryn.pdf", "crosses", "0201"),
    ("ironford", "map-ryn.pdf", "crosses", "0207"),
    ("ironford", "map-ryn.pdf", "crosses", "0901"),
    ("ironford", "map-ryn.pdf", "crosses", "1001"),
    ("ironford", "map-ryn.pdf", "crosses", "1007"),
    ("ironford", "map-ryn.pdf", "covered", "0201"),
    ("ironford", "map-ryn.pdf", "covered", "0207"),
    ("ironford", "map-ryn.pdf", "covered", "1001"),
    ("ironford", "map-ryn.pdf", "covered", "1007"),
    ("ironford", "map-ryn.pdf", "covered", "IronFord"),
    ("ryamon", "map-world.pdf", "crosses", "GLUEundertileA2"),
    ("ryamon", "map-world.pdf", "crosses", "GLUEundertileB2"),
    ("ryamon", "map-world.pdf", "crosses", "A1"),
    ("ryamon", "map-world.pdf", "crosses", "E1"),
    ("ryamon", "map-world.pdf", "crosses", "A5"),
    ("ryamon", "map-world.pdf", "covered", "A5"),
    ("ryamon", "map-world.pdf", "covered", "E5"),
    # a map key's swatch letters sit on the terrain's pattern lines
    ("duck", "map-deck.pdf", "crosses", "LOW"),
    ("duck", "map-deck.pdf", "crosses", "FULL"),
    ("duck", "map-deck.pdf", "crosses", "L"),
    ("duck", "scenario-cargo-bay-sweep.pdf", "crosses", "LOW"),
    ("duck", "scenario-cargo-bay-sweep.pdf", "crosses", "FULL"),
    ("duck", "scenario-cargo-bay-sweep.pdf", "crosses", "L"),
    ("reshuffled", "map-station-piece.pdf", "crosses", "H"),
    ("reshuffled", "map-station.pdf", "crosses", "H"),
    ("reshuffled", "scenario-flooded-duel.pdf", "crosses", "H"),
    ("reshuffled", "scenario-standard.pdf", "crosses", "H"),
    # place names on lines (roads, the river) and pieces over them
    ("ironford", "map-ryn.pdf", "crosses", "Dast"),
    ("ironford", "map-ryn.pdf", "crosses", "IronFord"),
    # pieces set up on a map cover its set-up marks; a reduced face's ring crosses its text
    ("ironford", "scenario-crossing.pdf", "overlaps", "S"),
    ("ironford", "scenario-crossing.pdf", "overlaps", "N"),
    ("ironford", "scenario-crossing.pdf", "covered", "S"),
    ("ironford", "scenario-crossing.pdf", "covered", "N"),
    ("ironford", "scenario-crossing.pdf", "crosses", "3R"),
    ("reshuffled", "scenario-flooded-duel.pdf", "overlaps", "H"),
    ("reshuffled", "scenario-flooded-duel.pdf", "covered", "H"),
    ("reshuffled", "scenario-flooded-duel.pdf", "covered", "Room5"),
    ("reshuffled", "scenario-flooded-duel.pdf", "covered", "Room6"),
    ("reshuffled", "scenario-standard.pdf", "overlaps", "H"),
    ("reshuffled", "scenario-standard.pdf", "covered", "H"),
    # a mark's caption over the fine grid of its terrain
    ("reshuffled", "map-station.pdf", "crosses", "AGUAN"),
    ("reshuffled", "scenario-flooded-duel.pdf", "crosses", "AGUAN"),
    ("reshuffled", "scenario-standard.pdf", "crosses", "AGUAN"),
    # templates: a check bar's caption on a neighbour's edge; range numbers on the grid
    ("rencounter", "templates.pdf", "crosses", "50mmcheck"),
    ("rencounter", "templates.pdf", "crosses", "25"),
    ("rencounter", "templates.pdf", "crosses", "35"),
}
# set-up maps: cell coordinates wider than their white tab, so area outlines and
# hatching run into them
KNOWN |= {
    ("reshuffled", name, "crosses", f"M{row}")
    for name in ("scenario-flooded-duel.pdf", "scenario-standard.pdf")
    for row in range(1, 19)
}
KNOWN |= {
    ("reshuffled", "scenario-flooded-duel.pdf", "crosses", c)
    for c in "A15 A16 A17 A18 B15 B16 B18 C17 C18 D17 D18".split()
}
KNOWN |= {
    ("reshuffled", "scenario-standard.pdf", "crosses", c)
    for c in "O17 O18 P17 P18 Q15 Q16 Q18 R15 R16 R17 R18 Approach".split()
}


def _kit_faults(game: str) -> dict[tuple[str, str, str, str], list[str]]:
    _, pdfs, _ = seed_kit(game)
    found: dict[tuple[str, str, str, str], list[str]] = {}
    for name, data in sorted(pdfs.items()):
        for number, fault in pdf_faults(data):
            key = (game, name, fault.kind, fault.text)
            found.setdefault(key, []).append(f"{name} page {number}: {fault}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_text_crosses_a_line_or_other_text(game: str):
    found = _kit_faults(game)
    new = [m for key, ms in found.items() if key not in KNOWN for m in ms]
    assert new == [], "\n".join(new)
    gone = sorted(k for k in KNOWN if k[0] == game and k not in found)
    assert gone == [], f"fixed: take these off KNOWN in {__name__}: {gone}"


# ---- the reader sees what it should ---------------------------------------------------


def _page(draw) -> pdfium.PdfPage:
    import io

    out = io.BytesIO()
    c = Canvas(out, pagesize=(300, 300), invariant=1)
    draw(c)
    c.showPage()
    c.save()
    return pdfium.PdfDocument(out.getvalue())[0]


def _kinds(draw) -> list[tuple[str, str]]:
    return sorted((f.kind, f.text) for f in faults(read_marks(_page(draw))))


def test_text_on_a_line_is_a_fault_and_text_beside_it_is_not():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50, 100, "Crossed")
        c.line(40, 103, 120, 103)  # through the middle of the letters
        c.drawString(50, 200, "Clear")
        c.line(40, 196, 120, 196)  # under the baseline, below every letter

    assert _kinds(draw) == [("crosses", "Crossed")]


def test_text_on_text_is_a_fault_and_lines_set_solid_are_not():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.drawString(50, 100, "First")
        c.drawString(60, 104, "Second")  # four points up: the letters meet
        c.drawString(50, 200, "Upper")
        c.drawString(50, 188, "Lower")  # 12 pt leading at 10 pt: no ink meets

    assert _kinds(draw) == [("overlaps", "First")]
    assert [f.other for f in faults(read_marks(_page(draw)))] == ["Second"]


def test_a_tab_under_the_text_hides_the_line_and_a_patch_over_it_hides_the_text():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.line(40, 103, 120, 103)
        c.setFillColorRGB(1, 1, 1)
        c.rect(45, 95, 60, 16, stroke=0, fill=1)  # a white tab over the line ...
        c.setFillColorRGB(0, 0, 0)
        c.drawString(50, 100, "Tabbed")  # ... under the text: reads clean
        c.drawString(50, 200, "Hidden")
        c.rect(45, 195, 60, 16, stroke=0, fill=1)  # painted over the text

    assert _kinds(draw) == [("covered", "Hidden")]


def test_what_a_clip_or_the_page_edge_cuts_away_is_not_read():
    def draw(c: Canvas) -> None:
        c.setFont("Helvetica", 10)
        c.saveState()
        path = c.beginPath()
        path.rect(0, 0, 150, 300)
        c.clipPath(path, stroke=0, fill=0)
        c.drawString(200, 100, "Clipped")  # outside the clip: not printed
        c.line(140, 103, 260, 103)  # printed only up to x = 150
        c.restoreState()
        c.drawString(200, -50, "Below")  # off the page

    assert _kinds(draw) == []


def test_a_fault_names_its_text_and_place():
    fault = Fault("crosses", "Crossed", "", (50.0, 99.5))
    assert str(fault) == "text 'Crossed' crosses a line at (50.0, 99.5) pt"
