"""Pieces that belong to a side: the side must be one the game declares."""

from __future__ import annotations

from ..errors import Diagnostics
from ..model.counters import CounterSet
from ..names import did_you_mean


def check_counter_sides(game, counters: CounterSet, diags: Diagnostics) -> None:
    """Each counter's `side:` names one of rules.sides (when the game declares them):
    a mistyped side would give its pieces a mark of their own. Said once per entry."""
    rules = game.section("rules", None)
    sides = rules.sides if rules is not None else ()
    if not sides:
        return
    said: set[tuple[str, str]] = set()
    for d in counters:
        if d.side is None or d.side in sides or (d.entry, d.side) in said:
            continue
        said.add((d.entry, d.side))
        diags.error(
            d.side_span or d.span,
            f"{d.path}.side",
            f"unknown side {d.side!r}",
            did_you_mean(d.side, sides, "the sides: " + ", ".join(sides)),
        )
