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
