"""Sides told apart in greyscale: the pieces of sides whose colours print the same grey
differ by their side's mark, read back from pages rendered to greyscale."""

from __future__ import annotations

from PIL import ImageChops

from kitgen.raster import cut, pages

from .conftest import build_pdfs, errors_of, write_game

# Two colours that print nearly the same grey (luma 92 and 88).
GAME = """
id: g
title: G
colours: {{tribe-red: "#b03a2e", tribe-blue: "#2e5cb0"}}
rules:
  sides: [red, blue]
counters:
  - id: "man-{{tribe}}"
    for_each: {{tribe: [red, blue]}}
    {side}
    size: 3/4
    quantity: 2
    front: {{background: "tribe-{{tribe}}", text: {{text: Man, at: bottom}}, icon: person}}
"""
DPI = 144


def _grey_pieces(game_dir, side: str) -> dict[str, list]:
    """Each design's copies as greyscale pictures, cut from the rendered sheet."""
    write_game(game_dir, GAME.format(side=side))
    _, pdfs, manifest = build_pdfs(game_dir)
    sheets = [page.convert("L") for page in pages(pdfs["counters.pdf"], DPI)]
    faces: dict[str, list] = {}
    for item in manifest["items"]:
        faces.setdefault(item["id"], []).append(cut(sheets[item["page"] - 1], item["bbox"], DPI))
    return faces


def _differing(a, b, box=None) -> int:
    """How many pixels of two greyscale pictures (or of `box` in them) differ by more
    than a quarter of the grey scale: what a reader tells apart at a glance."""
    diff = ImageChops.difference(a, b)
    if box is not None:
        diff = diff.crop(box)
    return sum(diff.histogram()[65:])


def test_sides_differ_in_greyscale_by_their_mark(game_dir):
    marked = _grey_pieces(game_dir, 'side: "{tribe}"')
    red, blue = marked["man-red"], marked["man-blue"]
    assert _differing(red[0], red[1]) == 0  # copies print alike
    apart = _differing(red[0], blue[0])
    # The same game without side: the two tribes print the same grey: what the mark fixes.
    plain = _grey_pieces(game_dir, "")
    assert _differing(plain["man-red"][0], plain["man-blue"][0]) == 0
    assert apart >= 20  # a round mark against a square one: their corners (36 px)
    # All of it is the mark, in the band at the top of the piece.
    w, h = red[0].size
    assert _differing(red[0], blue[0], (0, 0, w, h // 4)) == apart


def test_a_side_the_game_does_not_declare_is_an_error(game_dir):
    write_game(game_dir, GAME.format(side='side: "{tribe}s"'))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:9:11: error: counters[0][tribe=red].side: unknown side 'reds' "
        "(did you mean 'red'? the sides: red, blue)",
        f"{game_dir}/game.yaml:9:11: error: counters[0][tribe=blue].side: unknown side 'blues' "
        "(did you mean 'blue'? the sides: red, blue)",
    ]


CARDS = """
id: g
title: G
rules:
  sides: [red, blue]
cards:
  - id: "unit-{{side}}"
    for_each:
      - {{side: red, accent: "#b03a2e"}}
      - {{side: blue, accent: "#2e5cb0"}}
    accent: "{{accent}}"
    {side}
    front: {{title: Unit, blocks: [{{text: Activate this unit.}}]}}
"""


def _grey_cards(game_dir, side: str) -> dict[str, object]:
    write_game(game_dir, CARDS.format(side=side))
    _, pdfs, manifest = build_pdfs(game_dir)
    sheets = [page.convert("L") for page in pages(pdfs["cards.pdf"], DPI)]
    return {
        item["id"]: cut(sheets[item["page"] - 1], item["bbox"], DPI)
        for item in manifest["items"]
        if item["kind"] == "card"
    }


def test_cards_of_different_owners_differ_in_greyscale_by_their_mark(game_dir):
    marked = _grey_cards(game_dir, 'side: "{side}"')
    plain = _grey_cards(game_dir, "")
    assert _differing(plain["unit-red"], plain["unit-blue"]) == 0
    apart = _differing(marked["unit-red"], marked["unit-blue"])
    assert apart >= 20
    w, h = marked["unit-red"].size
    assert _differing(marked["unit-red"], marked["unit-blue"], (0, 0, w, h // 5)) == apart
