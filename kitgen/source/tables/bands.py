"""Bands: the totals a row of a reaction table or a generator answers ('4', '2-3',
'>6', '7+', '12 or more'), read into the model's Band."""

from __future__ import annotations

from ...model.threat import Band
from ...patterns import pattern

_RANGE = pattern(r"^(-?[0-9]+)\s*(?:-|–|to)\s*(-?[0-9]+)$")
_OPEN = pattern(r"^(>=|<=|>|<|≥|≤)\s*(-?[0-9]+)$")
_PLUS = pattern(r"^(-?[0-9]+)\s*(\+|or more|or less)$")
_ONE = pattern(r"^-?[0-9]+$")


class BandError(ValueError):
    pass


def parse_band(text: str) -> Band:
    """'4', '2-3', '>6', '>=7', '<=0', '<1', '7+', '12 or more' -> Band."""
    t = text.strip()
    if _ONE.match(t):
        return Band(int(t), int(t), t)
    if m := _RANGE.match(t):
        lo, hi = int(m.group(1)), int(m.group(2))
        if lo > hi:
            raise BandError(f"range {t!r} runs backwards (write {hi}-{lo})")
        return Band(lo, hi, t)
    if m := _OPEN.match(t):
        op, n = m.group(1), int(m.group(2))
        return {
            ">": Band(n + 1, None, t),
            ">=": Band(n, None, t),
            "≥": Band(n, None, t),
            "<": Band(None, n - 1, t),
            "<=": Band(None, n, t),
            "≤": Band(None, n, t),
        }[op]
    if m := _PLUS.match(t):
        n = int(m.group(1))
        return Band(None, n, t) if m.group(2) == "or less" else Band(n, None, t)
    raise BandError(f"cannot read result {t!r}")
