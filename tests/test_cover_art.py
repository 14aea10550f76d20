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
        f"{game_dir}/game.yaml:5:8: error: cover.art: no counter or card 'green': name a "
        "piece's id or its start"
    ]


CARDS = """
id: g
title: Gamma
cover:
  blurb: [A short game of cards.]
{art}
cards:
  - {{id: moth, size: poker, front: {{title: Lantern Moth, blocks: [{{text: Flits.}}]}}}}
  - {{id: owl, size: poker, front: {{title: Hollow Owl, blocks: [{{text: Hoots.}}]}}}}
  - {{id: oak, size: poker, front: {{title: Old Oak, blocks: [{{text: Stands.}}]}}}}
"""


def _groups(ops) -> list:
    """Every group a page's ops hold, at any depth."""
    from kitgen.layout.plan import Group

    found = []
    for op in ops:
        if isinstance(op, Group):
            found += [op, *_groups(op.ops)]
    return found


def _fan_of(page):
    """The fan: the group whose every op is a turned card."""
    from kitgen.layout.plan import Group

    return next(
        g for g in _groups(page.ops)
        if len(g.ops) > 1 and all(isinstance(o, Group) and o.rotate for o in g.ops[:1] + g.ops[-1:])
    )  # fmt: skip


def test_named_cards_are_fanned_large_under_the_title(game_dir):
    write_game(game_dir, CARDS.format(art="  art: [moth, owl, oak]"))
    planned, pdfs, _ = build_pdfs(game_dir)
    words = {w.text: w.box for w in pdf_words(pdfs["cover.pdf"])[0]}
    assert all(t in words for t in ("Lantern", "Hollow", "Oak"))
    fan = _fan_of(planned.docs[0].pages[0])
    turns = [g.rotate for g in fan.ops]
    assert len(turns) == 3
    assert turns[0] > 0 > turns[-1] and turns[1] == 0  # a hand's fan, the middle upright
    # under the title, above the blurb (boxes: left, bottom, right, top; y up)
    assert words["Gamma"][1] > words["Hollow"][3] and words["Hollow"][1] > words["short"][3]
    assert fan.scale * 252.0 > 150.0  # a poker card's height, drawn large


def test_cards_fan_with_the_kits_other_pieces_in_a_row_under_them(game_dir):
    """Cards and counters named together: the cards fanned as a hand, the counters side
    by side under the fan (each up to ART_SCALE times its size), all above the blurb."""
    from kitgen.layout.kit.cover import ART_SCALE

    token = (
        "counters:\n  - {id: dew, size: 5/8, front: {background: '#dbe8f4', "
        "text: {text: DEW, size: 6pt}}}\n"
    )
    write_game(game_dir, CARDS.format(art="  art: [moth, owl, oak, dew]") + token)
    planned, pdfs, _ = build_pdfs(game_dir)
    page = planned.docs[0].pages[0]
    fan = _fan_of(page)
    (art,) = [g for g in _groups(page.ops) if g.ops and g.ops[0] is fan]
    _, row = art.ops
    assert len(fan.ops) == 3 and len(row.ops) == 1  # three cards in the fan, the token below
    (token_art,) = row.ops
    assert token_art.scale == ART_SCALE  # as large as the cover lets a piece grow
    assert -row.dy > fan.scale * 252.0  # the row starts under a card's height of fan
    words = {w.text: w.box for w in pdf_words(pdfs["cover.pdf"])[0]}
    assert words["Hollow"][1] > words["DEW"][3] and words["DEW"][1] > words["short"][3]


MAP_ART = """
id: g
title: Gamma
cover:
  blurb: [A short game on a map.]
  art:
    map: field
    cells: A1-B2
    pieces:
      - {piece: scout, at: {at}}
maps:
  - id: field
    grid: square
    cell: 1in
    coords: true
    terrains:
      - {id: open, label: Open, fill: "#eeeecc"}
    layout: |
      ...
      ...
    legend: {".": open}
counters:
  - {id: scout, size: 1/2in, front: {background: "#aa3322", text: {text: SCOUT, size: 6pt}}}
"""


def test_a_map_window_with_its_pieces_is_the_cover_art(game_dir):
    write_game(game_dir, MAP_ART.replace("{at}", "A1"))
    _, pdfs, _ = build_pdfs(game_dir)
    words = {w.text: w.box for w in pdf_words(pdfs["cover.pdf"])[0]}
    assert "SCOUT" in words and "B2" in words  # the piece, on the map's labelled cells
    assert "C1" not in words  # only the window's cells
    assert words["Gamma"][1] > words["SCOUT"][3] > words["short"][3]


def test_an_unknown_cell_in_the_covers_map_is_an_error_at_its_line(game_dir):
    write_game(game_dir, MAP_ART.replace("{at}", "Z9"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:9:28: error: cover.art.pieces[0].at: no cell 'Z9' on map "
        "'field' (squares are written column letter then row, A1 to C2)"
    ]
