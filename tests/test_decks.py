"""Decks: every card of a deck prints one designed back, whatever its front (issue 18)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from kitgen.layout.plan import Group, Line, Text
from kitgen.raster import cut, pages

from .conftest import CONTENT, build_pdfs, errors_of, plan_game, write_game

DECK = """
id: t
title: T
decks:
  - {id: orders, title: Orders, subtitle: Draw one, colour: "#2e4a7a"}
cards:
  - id: "order-{n}"
    for_each: [{n: "1", c: "#7a2e2e"}, {n: "2", c: "#2e7a4a"}, {n: "3", c: "#333333"}]
    accent: "{c}"
    deck: orders
    front: {title: "Order {n}"}
"""


def _alike(pictures: list) -> bool:
    """The same picture, but for anti-aliasing: no pixel a visible step apart anywhere
    beyond a few hundredths of the picture (a different title or colour is thousands)."""
    first = pictures[0]
    for other in pictures[1:]:
        diff = ImageChops.difference(first, other).convert("L").point(lambda v: 255 * (v > 24))
        if diff.histogram()[255] > first.width * first.height * 0.002:
            return False
    return True


def _pictures(pdfs: dict, manifest: dict, side: str, dpi: int = 72) -> dict:
    """Each card side as printed, cut from its page at its manifest box."""
    rendered: dict[str, list] = {}
    out = {}
    for item in manifest["items"]:
        if item["kind"] == "card" and item["side"] == side:
            if item["file"] not in rendered:
                rendered[item["file"]] = list(pages(pdfs[item["file"]], dpi))
            page = rendered[item["file"]][item["page"] - 1]
            out[item["piece"]] = cut(page, item["bbox"], dpi)
    return out


@pytest.mark.parametrize("duplex", ["none", "long", "short"])
def test_every_card_of_a_deck_prints_the_one_back(game_dir: Path, duplex: str):
    write_game(game_dir, DECK)
    _, pdfs, manifest = build_pdfs(game_dir, duplex=duplex)
    backs = _pictures(pdfs, manifest, "back")
    fronts = _pictures(pdfs, manifest, "front")
    assert sorted(backs) == ["order-1#1", "order-2#1", "order-3#1"]
    assert _alike(list(backs.values()))  # one back
    assert not _alike(list(fronts.values())[:2])  # the fronts may differ
    cards = [i for i in manifest["items"] if i["kind"] == "card"]
    assert {i["deck"] for i in cards} == {"orders"}


def test_a_deck_back_is_designed_pattern_frame_and_title(game_dir: Path):
    write_game(game_dir, DECK)
    page = plan_game(game_dir).docs[0].pages[0]
    forms = [op for op in _groups(page.ops) if op.key and op.key.startswith("card:deck:orders")]
    assert len({f.key for f in forms}) == 1 and len(forms) == 3  # one form, placed thrice
    ops = forms[0].ops
    pattern = [op for g in ops if isinstance(g, Group) for op in g.ops if isinstance(op, Line)]
    assert len(pattern) > 40  # the lattice over the whole ground
    texts = [op.text for op in ops if isinstance(op, Text)]
    assert texts == ["Orders", "Draw one"]
    plain = DECK.replace('colour: "#2e4a7a"', 'colour: "#2e4a7a", pattern: plain')
    write_game(game_dir, plain)
    page = plan_game(game_dir).docs[0].pages[0]
    form = next(op for op in _groups(page.ops) if op.key and op.key.startswith("card:deck:"))
    assert not [op for g in form.ops if isinstance(g, Group) for op in g.ops]


def _groups(ops):
    for op in ops:
        if isinstance(op, Group):
            yield op
            yield from _groups(op.ops)


def test_rencounters_activation_cards_share_one_back():
    """The seed's activation deck: squads, blank units and the Reshuffle card, whose
    fronts differ in colour, and whose backs no player can tell apart."""
    _, pdfs, manifest = build_pdfs(CONTENT / "rencounter")
    backs = _pictures(pdfs, manifest, "back")
    # a back for every card of the deck: the squads, the scenarios' units, the blank
    # units and the Reshuffle card
    fronts = [i for i in manifest["items"] if i["kind"] == "card" and i["side"] == "front"]
    assert len(backs) == len(fronts) > 1 and _alike(list(backs.values()))


def test_a_deck_card_with_a_back_of_its_own_is_an_error(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        decks:
          - {id: orders, title: Orders}
        cards:
          - {id: b, deck: orders, front: {title: B}, back: {title: Own back}}
        """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:6:52: error: cards[0].back: card 'b' is in deck 'orders', "
        "whose cards share one back (remove back: here; the deck's back prints behind each "
        "of its cards)"
    ]


def test_an_unknown_deck_or_a_card_of_another_size_is_an_error(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        title: T
        decks:
          - {id: orders, title: Orders}
        cards:
          - {id: a, deck: order, front: {title: A}}
          - {id: c, deck: orders, front: {title: C}}
          - {id: d, deck: orders, size: bridge, front: {title: D}}
        """,
    )
    game = game_dir / "game.yaml"
    assert errors_of(game_dir) == [
        f"{game}:6:19: error: cards.a.deck: no deck 'order' (did you mean 'orders'?)",
        f"{game}:8:5: error: cards.d.size: card 'd' is bridge, but deck 'orders' holds poker "
        "cards (like 'c') (a deck's cards share one back: give them one size)",
    ]
    write_game(game_dir, "id: t\ntitle: T\ncards:\n  - {id: a, deck: x, front: {title: A}}\n")
    assert errors_of(game_dir) == [
        f"{game}:4:19: error: cards.a.deck: no deck 'x' (declare it under decks:)"
    ]
