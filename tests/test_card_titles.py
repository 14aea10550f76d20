"""A deck's title bands share one type size, and a loose card's two faces one body
size: read back from the PDF."""

from __future__ import annotations

from .conftest import build_pdfs, write_game
from .test_tables import pdf_font_sizes

LONG = " ".join(["Every word of this rule is read at the table, line after line."] * 9)


def test_a_decks_titles_share_one_size(game_dir):
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        cards:
          - id: dense
            size: poker
            front: {{title: Dense heading, blocks: [{{text: "{LONG}"}}]}}
          - id: airy
            size: poker
            front: {{title: Airy heading, blocks: [{{text: Short.}}]}}
        """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    runs = pdf_font_sizes(pdfs["cards.pdf"])
    titles = {size for size, _, text in runs if text.endswith("heading")}
    bodies = {size for size, _, text in runs if text.startswith(("Short", "Every"))}
    assert len(bodies) == 2  # the faces are set at their own sizes
    assert len(titles) == 1, titles  # their titles at one


def test_a_loose_cards_two_faces_share_one_size(game_dir):
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        cards:
          - id: aid
            size: poker
            front: {{title: Front heading, blocks: [{{text: "{LONG}"}}]}}
            back: {{title: Back heading, blocks: [{{text: Short.}}]}}
        """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    runs = pdf_font_sizes(pdfs["cards.pdf"])
    bodies = {size for size, _, text in runs if text.startswith(("Short", "Every"))}
    assert len(bodies) == 1, bodies  # a fold card reads as one sheet: one size


def _title_inks(pdf: bytes, title: str) -> set[tuple[float, ...]]:
    """The fill colour each run of `title` is set in, read from the PDF's content: the
    last `r g b rg` before the run's text, in the card forms and the pages alike."""
    import io
    import re

    from pypdf import PdfReader

    inks = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        streams = [page.get_contents().get_data()]
        forms = page["/Resources"].get("/XObject", {})
        streams += [forms[name].get_object().get_data() for name in forms]
        for data in streams:
            text = data.decode("latin-1")
            for run in re.finditer(re.escape(f"({title}) Tj"), text):
                fills = re.findall(r"([0-9.]+) ([0-9.]+) ([0-9.]+) rg", text[: run.start()])
                inks.add(tuple(round(float(v), 2) for v in fills[-1]))
    return inks


def test_a_title_band_too_light_for_white_type_sets_its_title_dark(game_dir):
    from kitgen.colours import contrast, rgb
    from kitgen.layout.cards.cards import band_ink
    from kitgen.style import INK, PAPER, PIECE_CONTRAST

    yellow, navy = "#e0a800", "#2e5cb0"
    assert contrast(PAPER, yellow) < PIECE_CONTRAST <= contrast(PAPER, navy)
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        cards:
          - {{id: pale, size: poker, accent: "{yellow}", front: {{title: Pale band}}}}
          - {{id: dark, size: poker, accent: "{navy}", front: {{title: Dark band}}}}
        """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    dark = tuple(round(v, 2) for v in rgb(INK))
    white = tuple(round(v, 2) for v in rgb(PAPER))
    assert band_ink(yellow) == INK and band_ink(navy) == PAPER
    assert _title_inks(pdfs["cards.pdf"], "Pale band") == {dark}
    assert _title_inks(pdfs["cards.pdf"], "Dark band") == {white}
