"""Cutting a roll's results into contiguous bands whose chances match target weights.

Exact: a dynamic programme over the roll's totals minimises the total absolute
error (sum over behaviours of |achieved - target|) in Fractions. When several
bandings are equally good, a seeded random.Random picks one, so a given seed
always gives the same table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction

from ..records import record

MAX_OPTIMA = 10_000  # equally good bandings considered for the seeded tie-break


class BandingError(ValueError):
    pass


@record
class Totals:
    """The roll's totals one behaviour's band takes, lowest to highest (inclusive)."""

    lowest: int
    highest: int


@record
class Banding:
    bands: tuple[Totals, ...]  # each behaviour's band
    achieved: tuple[Fraction, ...]
    targets: tuple[Fraction, ...]
    error: Fraction  # sum of |achieved - target|
    ties: int  # how many bandings were equally good


def targets_of(weights: Sequence[int | float]) -> tuple[Fraction, ...]:
    exact = [Fraction(str(w)) for w in weights]
    total = sum(exact, Fraction(0))
    if total <= 0 or any(w < 0 for w in exact):
        raise BandingError("weights must be zero or more, and not all zero")
    return tuple(w / total for w in exact)


def band_cost(
    dist: Mapping[int, Fraction], cuts: Sequence[int], targets: Sequence[Fraction]
) -> Fraction:
    """Error of the banding that starts band j at index cuts[j-1] of the sorted totals."""
    probs = [dist[t] for t in sorted(dist)]
    edges = [0, *cuts, len(probs)]
    return sum(
        (
            abs(sum(probs[a:b], Fraction(0)) - targets[j])
            for j, (a, b) in enumerate(zip(edges, edges[1:], strict=False))
        ),
        Fraction(0),
    )


def best_banding(
    dist: Mapping[int, Fraction], weights: Sequence[int | float], rng: random.Random
) -> Banding:
    """The contiguous banding, in the given order, closest to the weights."""
    totals = sorted(t for t, p in dist.items() if p)
    probs = [dist[t] for t in totals]
    targets = targets_of(weights)
    n, m = len(targets), len(totals)
    if n > m:
        raise BandingError(f"the roll has only {m} results, fewer than the {n} behaviours")
    prefix = [Fraction(0)]
    for p in probs:
        prefix.append(prefix[-1] + p)
    inf = None
    # best[j][i]: least error putting the first i totals into the first j bands (none empty)
    best: list[list[Fraction | None]] = [[inf] * (m + 1) for _ in range(n + 1)]
    argmins: list[list[list[int]]] = [[[] for _ in range(m + 1)] for _ in range(n + 1)]
    best[0][0] = Fraction(0)
    for j in range(1, n + 1):
        for i in range(j, m - (n - j) + 1):
            for k in range(j - 1, i):
                prev = best[j - 1][k]
                if prev is None:
                    continue
                cost = prev + abs(prefix[i] - prefix[k] - targets[j - 1])
                cur = best[j][i]
                if cur is None or cost < cur:
                    best[j][i] = cost
                    argmins[j][i] = [k]
                elif cost == cur:
                    argmins[j][i].append(k)
    optima: list[tuple[int, ...]] = []
    _collect(argmins, n, m, (), optima)
    cuts = optima[0] if len(optima) == 1 else rng.choice(optima)
    edges = [0, *cuts, m]
    bands = tuple(Totals(totals[a], totals[b - 1]) for a, b in zip(edges, edges[1:], strict=False))
    achieved = tuple(prefix[b] - prefix[a] for a, b in zip(edges, edges[1:], strict=False))
    error = best[n][m]
    assert error is not None
    return Banding(bands, achieved, targets, error, len(optima))


def _collect(
    argmins: list[list[list[int]]],
    j: int,
    i: int,
    tail: tuple[int, ...],
    out: list[tuple[int, ...]],
) -> None:
    """Every optimal list of cut indices, in a fixed order (capped)."""
    if len(out) >= MAX_OPTIMA:
        return
    if j == 0:
        out.append(tail[1:] if tail else ())
        return
    for k in argmins[j][i]:
        _collect(argmins, j - 1, k, (k, *tail), out)
