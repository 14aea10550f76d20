"""The chance of each row of a table keyed by a dice roll, from the dice engine."""

from __future__ import annotations

from fractions import Fraction

from .roll_labels import RollRange


def row_chances(roll: str, ranges: list[RollRange]) -> list[str]:
    """'1/36 = 2.8%' per row: the sum of the roll's distribution over the row's range.

    Raises the dice engine's DiceError for a roll it cannot read."""
    from .dice import format_chance, parse_dice

    dist = parse_dice(roll).distribution()
    out = []
    for rng in ranges:
        p = sum((q for total, q in dist.items() if total in rng), Fraction(0))
        out.append(format_chance(p))
    return out


def uncovered(roll: str, ranges: list[RollRange]) -> list[int]:
    """Totals the roll can make that no row covers."""
    from .dice import parse_dice

    return sorted(t for t in parse_dice(roll).distribution() if not any(t in r for r in ranges))
