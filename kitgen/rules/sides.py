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
