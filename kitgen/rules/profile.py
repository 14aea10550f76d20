"""A threat profile (behaviours with target weights) -> a reaction table's rows."""

from __future__ import annotations

import random

from ..chance.dice import parse_dice
from ..model.threat import Band, Row, ThreatTable
from ..records import replace
from .banding import Banding, best_banding

DEFAULT_SEED = 0  # used when no --seed is given, so builds stay reproducible


def effective_seed(seed: int | None) -> int:
    return DEFAULT_SEED if seed is None else seed


def _band_text(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}-{hi}"


def resolve(table: ThreatTable, seed: int | None) -> tuple[ThreatTable, Banding | None]:
    """The table with its rows generated from its profile (unchanged if it has none).

    Ties between equally good bandings are broken by random.Random(seed) and by
    nothing else, so the same seed always gives the same table.
    """
    profile = table.profile
    if profile is None:
        return table, None
    rng = random.Random(effective_seed(seed))
    dist = parse_dice(table.roll).distribution()
    banding = best_banding(dist, [b.weight for b in profile.behaviours], rng)
    wpath = "priority" if profile.from_priority else "weights"
    rows = []
    for i, (b, band) in enumerate(zip(profile.behaviours, banding.bands, strict=True)):
        cells = (b.outcome,) + (None,) * (len(table.columns) - 1)
        lo, hi = band.lowest, band.highest
        rows.append(
            Row(Band(lo, hi, _band_text(lo, hi)), cells, b.span, f"{profile.path}.{wpath}[{i}]")
        )
    return replace(table, rows=tuple(rows), rows_span=profile.span), banding
