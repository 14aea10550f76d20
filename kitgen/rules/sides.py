"""Pieces and cards that belong to a side: the side must be one the game declares."""

from __future__ import annotations

from ..errors import Diagnostics, Span
from ..model.counters import CounterSet
from ..model.game import Game
from ..names import did_you_mean


def check_counter_sides(game: Game, counters: CounterSet, diags: Diagnostics) -> None:
    """Each counter's `side:` names one of rules.sides (when the game declares them):
    a mistyped side would give its pieces a mark of their own. Said once per entry."""
    said: set[tuple[str, str]] = set()
    for d in counters:
        if d.side is not None and (d.entry, d.side) not in said:
            said.add((d.entry, d.side))
            check_side(game, d.side, d.side_span or d.span, f"{d.path}.side", diags)


def check_side(game: Game, side: str, span: Span | None, path: str, diags: Diagnostics) -> None:
    """`side` is one of rules.sides, when the game declares them."""
    rules = game.rules
    sides = rules.sides if rules is not None else ()
    if sides and side not in sides:
        diags.error(
            span,
            path,
            f"unknown side {side!r}",
            did_you_mean(side, sides, "the sides: " + ", ".join(sides)),
        )


GREY_APART = 1.6  # the least contrast at which two grounds print as different greys


def check_unmarked_sides(game: Game, diags: Diagnostics) -> None:
    """`side_mark: none` only where a greyscale print still tells the sides' pieces apart
    by something besides the mark: their grounds print as clearly different greys, or
    their shapes or layouts differ. Otherwise an error at the `side_mark` that asked for
    it (the piece's, else the game's), once per pair of sides."""
    looks: dict[str, list[tuple[str, str, str | None, Span | None, str]]] = {}
    for d in game.counters or ():
        if d.side is not None and (d.side_mark or game.side_mark) == "none":
            grounds = [f.background for f in (d.front, d.back) if f is not None]
            span = d.side_mark_span or game.side_mark_span or d.span
            for ground in grounds:
                looks.setdefault(d.side, []).append(
                    (ground, d.shape, d.front.layout, span, d.entry)
                )
    for card in game.cards:
        if card.side is not None and (card.side_mark or game.side_mark) == "none":
            span = card.span if card.side_mark else game.side_mark_span or card.span
            entry = (card.front.colour, "card", card.front.layout, span, f"cards.{card.id}")
            looks.setdefault(card.side, []).append(entry)
    sides = list(looks)
    for i, a in enumerate(sides):
        for b in sides[i + 1 :]:
            _told_apart(looks[a], looks[b], a, b, diags)


def _told_apart(one: list, other: list, a: str, b: str, diags: Diagnostics) -> None:
    """An error when no pair of the two sides' pieces is told apart in greyscale."""
    from ..colours import contrast

    for ground, shape, layout, span, path in other:
        for ground2, shape2, layout2, _, _ in one:
            ratio = contrast(ground, ground2)
            if ratio < GREY_APART and shape == shape2 and layout == layout2:
                diags.error(
                    span,
                    f"{path}.side_mark",
                    f"no mark leaves sides {a!r} and {b!r} apart by colour alone: "
                    f"in greyscale their grounds ({ground2} and {ground}, {ratio:.1f}:1) print "
                    "as one grey, on pieces of one shape and layout",
                    "keep a mark (side_mark: corner or band), or tell the sides apart by "
                    "grounds of clearly different lightness, shape or layout",
                )
                return
