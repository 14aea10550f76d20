"""Row labels of tables keyed by a dice roll: `7`, `3-4`, `>6`, `>=12`, `<2`, `<=0`.

A label is a closed range of totals; open ends are None. Pure maths, no I/O.
"""

from __future__ import annotations

import heapq

from ..patterns import pattern
from ..records import record

_SINGLE = pattern(r"^([-+]?[0-9]+)$")
_RANGE = pattern(r"^([-+]?[0-9]+)\s*[-\u2013]\s*([-+]?[0-9]+)$")
_OPEN = pattern(r"^(<=|>=|<|>|\u2264|\u2265)\s*([-+]?[0-9]+)$")
_PLUS = pattern(r"^([-+]?[0-9]+)\s*\+$")  # 12+ = 12 or more


class RollLabelError(ValueError):
    pass


@record
class RollRange:
    lo: int | None  # None: no lower end
    hi: int | None  # None: no upper end

    def __contains__(self, total: int) -> bool:
        return (self.lo is None or total >= self.lo) and (self.hi is None or total <= self.hi)

    def overlaps(self, other: RollRange) -> bool:
        lo = max(x for x in (self.lo, other.lo, -(10**9)) if x is not None)
        his = [x for x in (self.hi, other.hi) if x is not None]
        hi = min(his) if his else 10**9
        return lo <= hi


_FAR = 10**18  # past every total: an open end


def overlapping(ranges: list[RollRange], most: int = 1000) -> list[tuple[int, int]]:
    """The pairs (i, j), j < i, of ranges that share a total, ordered by i then j; at
    most `most` of them. In n log n (a sweep by lower end), not n x n: a table of
    10,000 rows is checked at once."""
    lows = [-_FAR if r.lo is None else r.lo for r in ranges]
    open_: list[tuple[int, int]] = []  # (upper end, index) of the ranges begun so far
    pairs: list[tuple[int, int]] = []
    for k in sorted(range(len(ranges)), key=lows.__getitem__):
        lo = lows[k]
        while open_ and _upper(open_) < lo:
            heapq.heappop(open_)
        for _, other in open_:
            pairs.append((max(k, other), min(k, other)))
            if len(pairs) >= most:
                return sorted(pairs)
        hi = ranges[k].hi
        heapq.heappush(open_, (_FAR if hi is None else hi, k))
    return sorted(pairs)


def _upper(heap: list[tuple[int, int]]) -> int:
    """The least upper end of the ranges begun: the heap's first (upper end, index)."""
    upper, _ = heap[0]
    return upper


def parse_roll_label(text: str) -> RollRange:
    """'3-4' -> RollRange(3, 4); '>6' -> RollRange(7, None); '<=0' -> RollRange(None, 0)."""
    t = text.strip()
    if m := _SINGLE.match(t):
        n = int(m.group(1))
        return RollRange(n, n)
    if m := _RANGE.match(t):
        lo, hi = int(m.group(1)), int(m.group(2))
        if lo > hi:
            raise RollLabelError(f"range {text!r} runs backwards")
        return RollRange(lo, hi)
    if m := _PLUS.match(t):
        return RollRange(int(m.group(1)), None)
    if m := _OPEN.match(t):
        op, n = m.group(1), int(m.group(2))
        return {
            "<": RollRange(None, n - 1),
            "<=": RollRange(None, n),
            "\u2264": RollRange(None, n),
            ">": RollRange(n + 1, None),
            ">=": RollRange(n, None),
            "\u2265": RollRange(n, None),
        }[op]
    raise RollLabelError(f"bad roll label {text!r}")
