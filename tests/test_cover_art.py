"""A kit's cover shows its own pieces large under the title: read back from the PDF."""

from __future__ import annotations

from .conftest import build_pdfs, errors_of, pdf_words, write_game
from .test_tables import pdf_font_sizes

GAME = """
id: g
title: Gamma
cover:
  blurb: [A short game of many pieces.]
{art}
counters:
  - {{id: red-a, size: 1/2, front: {{background: "#b03020", text: {{text: ALPHA, size: 6pt}}}}}}
  - {{id: red-b, size: 1/2, front: {{background: "#b03020", text: {{text: ALPHA, size: 6pt}}}}}}
  - {{id: blue, size: 1/2, front: {{background: "#2040b0", text: {{text: BETA, size: 6pt}}}}}}
"""


def test_the_cover_shows_one_of_each_look_of_the_kits_counters_large(game_dir):
    write_game(game_dir, GAME.format(art=""))
    _, pdfs, _ = build_pdfs(game_dir)
    words = {w.text: w.box for w in pdf_words(pdfs["cover.pdf"])[0]}
    sizes = {text: size for size, _, text in pdf_font_sizes(pdfs["cover.pdf"])}
    assert sizes["ALPHA"] == sizes["BETA"] > 6.0  # drawn larger than on the piece
    texts = [w.text for w in pdf_words(pdfs["cover.pdf"])[0]]
    assert texts.count("ALPHA") == 1  # two designs of one look: shown once
    # under the title, above the blurb
    assert words["Gamma"][1] > words["ALPHA"][3] and words["ALPHA"][1] > words["short"][3]


def test_art_names_the_pieces_or_none(game_dir):
    write_game(game_dir, GAME.format(art="  art: [blue]"))
    _, pdfs, _ = build_pdfs(game_dir)
    texts = [w.text for w in pdf_words(pdfs["cover.pdf"])[0]]
    assert "BETA" in texts and "ALPHA" not in texts
    write_game(game_dir, GAME.format(art="  art: none"))
    _, pdfs, _ = build_pdfs(game_dir)
    texts = [w.text for w in pdf_words(pdfs["cover.pdf"])[0]]
    assert "BETA" not in texts and "ALPHA" not in texts


def test_an_unknown_piece_in_art_is_an_error(game_dir):
    write_game(game_dir, GAME.format(art="  art: [blue, green]"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:5:8: error: cover.art: no counter 'green': name a counter's "
        "id or its start"
    ]
