"""Searches by halving for the most a layout can take: the largest type size, the most
air. Each trial is a whole layout, so the searches try as few as they can; a caller keeps
what a trial made (keyed by what it tried) to use the one chosen."""

from __future__ import annotations

from collections.abc import Callable


def largest_that_fits(count: int, fits: Callable[[int], bool]) -> int | None:
    """The largest i in range(count) for which `fits(i)` holds, where it holds for every
    i up to some point and for none past it (a size never fits where a smaller one does
    not); None where it holds for none. The least is tried first: where it does not fit,
    nothing does."""
    if count <= 0 or not fits(0):
        return None
    lo, hi = 0, count - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def most_air(fits: Callable[[float], bool], steps: int) -> float:
    """The most air (0 to 1) at which `fits` holds, in `steps` trials: all of it first,
    then halving between the most that fits and the least that does not (0 where none
    tried fits)."""
    lo, hi, air = 0.0, 1.0, 1.0
    for _ in range(steps):
        if fits(air):
            lo = air
            if air == 1.0:
                break
        else:
            hi = air
        air = (lo + hi) / 2
    return lo
