"""Exact dice distributions for tables, reference cards and generators.

Parses dice notation (``2d6+1``, ``4d6kh3``, ``d6!``, ``d{2,3,3,4,4,5}``) into a frozen
:class:`Dice` and computes its exact distribution as ``fractions.Fraction`` values.

We deliberately use our own small standard-library code instead of a dependency such as
icepool: it keeps every probability an exact ``Fraction`` end to end and is fast for the
expressions printed games use.  Internally distributions are integer weight lists over a
common denominator; sums are convolutions (packed into one big-integer multiplication), so
``10d6`` never enumerates its 60 million outcomes.  Keep-highest/lowest uses a dynamic
programme over face values, which handles ties exactly.

Semantics:

* ``d6!`` explodes once: on the die's highest face, roll again and add.  ``d6!N`` repeats
  that up to N times.  Exploding is per die, so ``2d6!`` is two exploding d6.
* ``4d6kh3`` / ``2d20kl1`` keep the highest/lowest K dice (at most 8 dice in the pool).
* ``d%`` is a d100; ``d{...}`` is a custom die whose faces may repeat or be negative.

This module is pure: no I/O, no randomness except the ``random.Random`` passed to
:func:`roll`.
"""

from __future__ import annotations

import functools
import random
import re
from collections import defaultdict
from collections.abc import Mapping
from fractions import Fraction
from itertools import accumulate
from math import comb

from ..patterns import pattern
from ..records import record

__all__ = [
    "Constant",
    "Dice",
    "DiceError",
    "Pool",
    "format_chance",
    "parse_dice",
    "parse_roll",
    "prob_at_least",
    "prob_at_most",
    "prob_between",
    "roll",
    "shift",
]

MAX_COUNT = 100
MAX_SIDES = 1000
MAX_KEEP_DICE = 8
MAX_EXPLODE = 10
MAX_CONSTANT = 1_000_000
MAX_FACE = 1000
# Refuse pools whose exact computation would take more than a few seconds.
MAX_KEEP_WORK = 20_000_000  # face values x states x dice, see _pool_cost
MAX_SUM_BITS = 15_000_000  # table size x bits per weight for the big-int convolution
HINT = "(write dice as d6, 2d6, d6+2, 4d6kh3, d6!, d{2,3,3,4,4,5})"


class DiceError(ValueError):
    """A dice expression that cannot be parsed; the message is meant for the game author."""


@record
class Constant:
    """A fixed number in an expression, e.g. the ``2`` in ``d6+2``."""

    value: int

    @property
    def text(self) -> str:
        return str(self.value)


@record
class Pool:
    """``count`` identical dice, optionally exploding or keeping the highest/lowest few."""

    count: int
    faces: tuple[int, ...]
    label: str  # how the die is written after the "d": "6", "%" or "{1,2,2}"
    explode: int = 0  # extra rolls allowed per die on its highest face
    keep: str = ""  # "", "kh" or "kl"
    keep_count: int = 0

    @property
    def text(self) -> str:
        count = str(self.count) if self.count > 1 else ""
        bang = "" if not self.explode else "!" if self.explode == 1 else f"!{self.explode}"
        keep = f"{self.keep}{self.keep_count}" if self.keep else ""
        return f"{count}d{self.label}{bang}{keep}"


Part = Constant | Pool
Term = tuple[int, Part]  # (sign, part): sign is +1 or -1


@record
class Dice:
    """A parsed dice expression; build it with :func:`parse_dice`."""

    text: str
    terms: tuple[Term, ...]

    def distribution(self) -> dict[int, Fraction]:
        """Exact probability of each total, sorted by total; the values sum to exactly 1."""
        return dict(_distribution(self.terms))  # a copy, so callers can't corrupt the cache

    @property
    def min(self) -> int:
        return next(iter(_distribution(self.terms)))

    @property
    def max(self) -> int:
        return next(reversed(_distribution(self.terms)))

    @property
    def mean(self) -> Fraction:
        dist = _distribution(self.terms)
        return sum((total * p for total, p in dist.items()), Fraction(0))


# --------------------------------------------------------------------------- parsing

_POOL_RE = pattern(r"([0-9]+)?d([0-9]+|%|\{[^{}]*\})(.*)", re.IGNORECASE | re.DOTALL)
_EXPLODE_RE = pattern(r"!([0-9]*)")
_KEEP_RE = pattern(r"(k[hl])([0-9]+)", re.IGNORECASE)
_BOTH_RE = pattern(r"![0-9]*k[hl][0-9]+|k[hl][0-9]+![0-9]*", re.IGNORECASE)
_FACE_RE = pattern(r"[+-]?[0-9]{1,4}")
_CONSTANT_RE = pattern(r"[0-9]+")


def parse_dice(text: str) -> Dice:
    """Parse dice notation such as ``2d6+1``; raise :class:`DiceError` with a hint if invalid."""
    if not text.strip():
        raise DiceError(f"empty dice expression '{text}' {HINT}")
    raw_terms, ops = _split_terms(text)
    terms: list[Term] = []
    for index, raw in enumerate(raw_terms):
        term = raw.strip()
        if not term:
            raise DiceError(_missing_term_message(text, ops, index))
        sign = -1 if index and ops[index - 1] == "-" else 1
        terms.append((sign, _parse_term(term, text)))
    _check_total_cost(terms, text)
    return Dice(text=_format_terms(terms), terms=tuple(terms))


def parse_roll(text: str) -> Dice:
    """Dice notation where dice are thrown (a table's or a lookup's ``roll:``): as
    :func:`parse_dice`, and it must hold at least one die, since a roll of ``6`` (or
    ``2+3``) always gives one total and keys nothing."""
    dice = parse_dice(text)
    if any(isinstance(part, Pool) for _, part in dice.terms):
        return dice
    total = dice.min
    single = len(dice.terms) == 1 and 2 <= total <= MAX_SIDES
    close = f"did you mean 'd{total}'? " if single else ""
    raise DiceError(
        f"'{text.strip()}' has no die: it always gives {total} "
        f"({close}a roll throws at least one die: d6, 2d6, d6+2)"
    )


_CUSTOM_DIE_RE = pattern(r"\b([0-9]*)d\{([^{}]*)\}(?=([+-]?))")


def for_players(text: str) -> str:
    """Dice notation as a player reads it on a sheet: a custom die's braces become the
    faces a player marks on a plain die (``d{2,3,3,4,4,5}`` -> ``a d6 marked
    2 3 3 4 4 5``, ``2d{-1,0,1}+1`` -> ``2d3 marked −1 0 1, +1``); other notation is
    already what players write."""

    def spoken(m: re.Match[str]) -> str:
        faces = [f.strip() for f in m.group(2).split(",") if f.strip()]
        dice = f"{m.group(1)}d{len(faces)}" if int(m.group(1) or 1) > 1 else f"a d{len(faces)}"
        marked = " ".join(faces).replace("-", "\u2212")  # a real minus sign
        return f"{dice} marked {marked}" + (", " if m.group(3) else "")

    return _CUSTOM_DIE_RE.sub(spoken, text)


def _split_terms(text: str) -> tuple[list[str], list[str]]:
    """Split on top-level + and -; those inside ``{...}`` are signs of custom faces."""
    terms: list[str] = []
    ops: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char in "+-" and depth == 0:
            terms.append("".join(current))
            ops.append(char)
            current = []
            continue
        depth += {"{": 1, "}": -1}.get(char, 0)
        current.append(char)
    terms.append("".join(current))
    return terms, ops


def _missing_term_message(text: str, ops: list[str], index: int) -> str:
    where = f"before '{ops[0]}'" if index == 0 else f"after '{ops[index - 1]}'"
    return f"missing dice term {where} in '{text}' {HINT}"


def _parse_term(term: str, text: str) -> Part:
    if _CONSTANT_RE.fullmatch(term):
        return _parse_constant(term, text)
    match = _POOL_RE.fullmatch(term)
    if not match:
        raise DiceError(_unknown_term_message(term, text))
    count_text, size_text, mods = match.groups()
    count = _parse_count(count_text or "1", text)
    faces, label = _parse_size(size_text, text)
    pool = _apply_modifiers(Pool(count=count, faces=faces, label=label), mods, term, text)
    if _pool_cost(pool) > 1:
        raise DiceError(
            f"dice term '{term}' is too large to compute exactly in '{text}' "
            "(use fewer or smaller dice)"
        )
    return pool


def _check_total_cost(terms: list[Term], text: str) -> None:
    pools = [part for _, part in terms if isinstance(part, Pool)]
    if len(pools) < 2:
        return  # a single pool was already checked on its own
    span = sum(_pool_span(pool) for pool in pools)
    bits = sum(
        pool.count * _single_die(pool.faces, pool.explode).total.bit_length() for pool in pools
    )
    if span * bits > MAX_SUM_BITS:
        raise DiceError(f"'{text}' is too large to compute exactly (use fewer or smaller dice)")


def _pool_span(pool: Pool) -> int:
    dice = pool.keep_count if pool.keep else pool.count
    return dice * (len(_single_die(pool.faces, pool.explode).counts) - 1) + 1


def _pool_cost(pool: Pool) -> float:
    """Rough work estimate as a fraction of the allowed budget (1 = a few seconds)."""
    die = _single_die(pool.faces, pool.explode)
    if pool.keep:
        values = sum(1 for weight in die.counts if weight)
        work = values * pool.keep_count**2 * len(die.counts) * pool.count / 2
        return work / MAX_KEEP_WORK
    if len(set(die.counts)) == 1:
        return 0  # ordinary dice use the linear sliding-window path
    bits = pool.count * die.total.bit_length()
    return pool.count * len(die.counts) * bits / MAX_SUM_BITS


def _unknown_term_message(term: str, text: str) -> str:
    # "2x6" reads as a count followed by an unknown die, so name the part after the count.
    digits = len(term) - len(term.lstrip("0123456789"))
    rest = term[digits:]
    if digits and rest[:1].isalpha() and rest[:1].lower() != "d":
        term = rest
    return f"unknown dice term '{term}' in '{text}' {HINT}"


def _parse_constant(term: str, text: str) -> Constant:
    if len(term) > 7 or int(term) > MAX_CONSTANT:
        raise DiceError(f"constant must be at most {MAX_CONSTANT}, got {term} in '{text}'")
    return Constant(int(term))


def _parse_count(digits: str, text: str) -> int:
    if not _in_range(digits, 1, MAX_COUNT):
        raise DiceError(f"dice count must be 1..{MAX_COUNT}, got {digits} in '{text}'")
    return int(digits)


def _parse_size(size: str, text: str) -> tuple[tuple[int, ...], str]:
    if size == "%":
        return tuple(range(1, 101)), "%"
    if size.startswith("{"):
        faces = _parse_faces(size[1:-1], text)
        return faces, "{" + ",".join(map(str, faces)) + "}"
    if not _in_range(size, 2, MAX_SIDES):
        raise DiceError(f"die size must be 2..{MAX_SIDES}, got {size} in '{text}'")
    return tuple(range(1, int(size) + 1)), str(int(size))


def _parse_faces(inner: str, text: str) -> tuple[int, ...]:
    items = [item.strip() for item in inner.split(",")] if inner.strip() else []
    if not 2 <= len(items) <= MAX_SIDES:
        raise DiceError(f"custom die must have 2..{MAX_SIDES} faces, got {len(items)} in '{text}'")
    for item in items:
        if not _FACE_RE.fullmatch(item) or abs(int(item)) > MAX_FACE:
            raise DiceError(
                f"custom die face '{item}' must be a whole number from -{MAX_FACE} "
                f"to {MAX_FACE} in '{text}'"
            )
    return tuple(int(item) for item in items)


def _apply_modifiers(pool: Pool, mods: str, term: str, text: str) -> Pool:
    if not mods:
        return pool
    if explode := _EXPLODE_RE.fullmatch(mods):
        times = explode.group(1) or "1"
        if not _in_range(times, 1, MAX_EXPLODE):
            raise DiceError(f"explode count must be 1..{MAX_EXPLODE}, got {times} in '{text}'")
        return Pool(pool.count, pool.faces, pool.label, explode=int(times))
    if keep := _KEEP_RE.fullmatch(mods):
        return _apply_keep(pool, keep.group(1).lower(), keep.group(2), text)
    if _BOTH_RE.fullmatch(mods):
        raise DiceError(f"exploding dice can't be combined with keep-highest/lowest in '{text}'")
    raise DiceError(_unknown_term_message(term, text))


def _apply_keep(pool: Pool, kind: str, digits: str, text: str) -> Pool:
    if pool.count > MAX_KEEP_DICE:
        raise DiceError(
            f"keep-highest/lowest supports at most {MAX_KEEP_DICE} dice, "
            f"got {pool.count} in '{text}'"
        )
    if not _in_range(digits, 1, pool.count):
        raise DiceError(f"keep count must be 1..{pool.count}, got {digits} in '{text}'")
    return Pool(pool.count, pool.faces, pool.label, keep=kind, keep_count=int(digits))


def _in_range(digits: str, low: int, high: int) -> bool:
    # Length check first: int() on thousands of digits is slow or refused by Python.
    return len(digits) <= 9 and low <= int(digits) <= high


def _format_terms(terms: list[Term]) -> str:
    pieces = []
    for index, (sign, part) in enumerate(terms):
        if index:
            pieces.append("-" if sign < 0 else "+")
        pieces.append(part.text)
    return "".join(pieces)


# --------------------------------------------------------------------------- distributions


@record
class _Weights:
    """Integer weights for totals low, low+1, ...; probability = weight / total."""

    low: int
    counts: tuple[int, ...]
    total: int


@functools.cache
def _distribution(terms: tuple[Term, ...]) -> dict[int, Fraction]:
    parts = [
        _part_weights(part) if sign > 0 else _negate(_part_weights(part)) for sign, part in terms
    ]
    # Pairwise (tree) addition keeps the big multiplications balanced.
    while len(parts) > 1:
        pairs = zip(parts[::2], parts[1::2], strict=False)
        parts = [_add(a, b) for a, b in pairs] + parts[len(parts) - len(parts) % 2 :]
    result = parts[0]
    return {
        result.low + i: Fraction(count, result.total)
        for i, count in enumerate(result.counts)
        if count
    }


@functools.cache
def _part_weights(part: Part) -> _Weights:
    if isinstance(part, Constant):
        return _Weights(part.value, (1,), 1)
    die = _single_die(part.faces, part.explode)
    if part.keep:
        return _keep(die, part.count, part.keep_count, highest=part.keep == "kh")
    return _sum_of(die, part.count)


@functools.cache
def _single_die(faces: tuple[int, ...], explode: int) -> _Weights:
    return _explode(_die_weights(faces), explode)


def _die_weights(faces: tuple[int, ...]) -> _Weights:
    low = min(faces)
    counts = [0] * (max(faces) - low + 1)
    for face in faces:
        counts[face - low] += 1
    return _Weights(low, tuple(counts), len(faces))


def _explode(die: _Weights, times: int) -> _Weights:
    """Highest face rolls again and adds, up to ``times`` extra rolls."""
    top = die.low + len(die.counts) - 1
    top_weight = die.counts[-1]
    result = die
    for _ in range(times):
        # Other faces keep their value; the top face adds a die with one explosion fewer.
        weights: defaultdict[int, int] = defaultdict(int)
        for value, weight in _items(die):
            if value != top:
                weights[value] += weight * result.total
        for value, weight in _items(result):
            weights[top + value] += top_weight * weight
        result = _from_dict(weights, die.total * result.total)
    return result


def _sum_of(die: _Weights, count: int) -> _Weights:
    """Total of ``count`` independent dice, by repeated squaring of the convolution."""
    if len(set(die.counts)) == 1:
        return _sum_of_uniform(die, count)
    result = _Weights(0, (1,), 1)
    power = die
    while count:
        if count & 1:
            result = _add(result, power)
        count >>= 1
        if count:
            power = _add(power, power)
    return result


def _sum_of_uniform(die: _Weights, count: int) -> _Weights:
    """Fast path for ordinary dice (consecutive faces, equal weights), e.g. ``100d1000``.

    Adding such a die is a sliding-window sum, so each step is linear in the table size
    instead of a big multiplication; this keeps the largest legal sums to about a second.
    """
    sides, weight = len(die.counts), die.counts[0]
    counts = [1]
    for _ in range(count):
        prefix = [0, *accumulate(counts)]
        size = len(counts) + sides - 1
        counts = [
            weight * (prefix[min(i + 1, len(counts))] - prefix[max(i - sides + 1, 0)])
            for i in range(size)
        ]
    return _Weights(die.low * count, tuple(counts), die.total**count)


def _keep(die: _Weights, count: int, keep: int, highest: bool) -> _Weights:
    """Sum of the best ``keep`` of ``count`` dice, walking face values best-first.

    State is (dice placed so far, sum of kept dice); once ``keep`` dice are placed the
    rest only need to land on worse faces, which we count in one power.
    """
    faces = list(_items(die))
    if highest:
        faces.reverse()
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    final: defaultdict[int, int] = defaultdict(int)
    worse = die.total  # weight of faces not yet walked past
    for value, weight in faces:
        worse -= weight
        new_states: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (placed, kept_sum), ways in states.items():
            free = count - placed
            for here in range(free + 1):
                new_ways = ways * comb(free, here) * weight**here
                new_placed = placed + here
                new_sum = kept_sum + value * min(here, keep - placed)
                if new_placed >= keep:
                    final[new_sum] += new_ways * worse ** (count - new_placed)
                else:
                    new_states[(new_placed, new_sum)] += new_ways
        states = new_states
    return _from_dict(final, die.total**count)


def _items(weights: _Weights) -> list[tuple[int, int]]:
    """(total, weight) pairs with non-zero weight, lowest total first."""
    return [(weights.low + i, w) for i, w in enumerate(weights.counts) if w]


def _from_dict(weights: Mapping[int, int], total: int) -> _Weights:
    low, high = min(weights), max(weights)
    return _Weights(low, tuple(weights.get(v, 0) for v in range(low, high + 1)), total)


def _negate(weights: _Weights) -> _Weights:
    high = weights.low + len(weights.counts) - 1
    return _Weights(-high, weights.counts[::-1], weights.total)


def _add(a: _Weights, b: _Weights) -> _Weights:
    """Distribution of the sum of two independent totals."""
    return _Weights(a.low + b.low, _convolve(a.counts, b.counts), a.total * b.total)


def _convolve(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Polynomial product of non-negative integer lists via one big-integer multiply.

    Each list is packed into an int with fixed-width slots wide enough that no slot of the
    product can overflow (Kronecker substitution); CPython's multiply does the rest.
    """
    if len(a) == 1 or len(b) == 1:
        scale, other = (a[0], b) if len(a) == 1 else (b[0], a)
        return tuple(scale * x for x in other)
    bound = max(a) * max(b) * min(len(a), len(b))
    width = (bound.bit_length() + 8) // 8  # bytes per slot
    product = _pack(a, width) * _pack(b, width)
    data = product.to_bytes(width * (len(a) + len(b) - 1), "little")
    return tuple(int.from_bytes(data[i : i + width], "little") for i in range(0, len(data), width))


def _pack(values: tuple[int, ...], width: int) -> int:
    return int.from_bytes(b"".join(v.to_bytes(width, "little") for v in values), "little")


# --------------------------------------------------------------------------- queries


def shift(dist: Mapping[int, Fraction], k: int) -> dict[int, Fraction]:
    """The distribution after adding modifier ``k`` to every total."""
    return {total + k: p for total, p in dist.items()}


def prob_at_least(dist: Mapping[int, Fraction], n: int) -> Fraction:
    return sum((p for total, p in dist.items() if total >= n), Fraction(0))


def prob_at_most(dist: Mapping[int, Fraction], n: int) -> Fraction:
    return sum((p for total, p in dist.items() if total <= n), Fraction(0))


def prob_between(dist: Mapping[int, Fraction], lo: int, hi: int) -> Fraction:
    """Chance of lo <= total <= hi (both inclusive); 0 when lo > hi."""
    return sum((p for total, p in dist.items() if lo <= total <= hi), Fraction(0))


def format_chance(f: Fraction) -> str:
    """``1/36 = 2.8%``: reduced fraction, then percent to one decimal (halves round up).

    Trailing ``.0`` is dropped (``1/2 = 50%``), and chances that are possible but would
    print as 0% or 100% show as ``<0.1%`` / ``>99.9%`` so a table never lies.
    """
    f = Fraction(f)
    if not 0 <= f <= 1:
        raise ValueError(f"a chance must be between 0 and 1, got {f}")
    tenths = int(f * 1000 + Fraction(1, 2))  # floor of x + 1/2: exact half-up rounding
    if f and tenths == 0:
        percent = "<0.1"
    elif f != 1 and tenths == 1000:
        percent = ">99.9"
    else:
        whole, tenth = divmod(tenths, 10)
        percent = f"{whole}.{tenth}" if tenth else str(whole)
    return f"{f} = {percent}%"


# --------------------------------------------------------------------------- rolling


def roll(dice: Dice, rng: random.Random) -> int:
    """One physical roll of ``dice`` using ``rng`` (seed it for reproducible generators)."""
    return sum(sign * _roll_part(part, rng) for sign, part in dice.terms)


def _roll_part(part: Part, rng: random.Random) -> int:
    if isinstance(part, Constant):
        return part.value
    rolls = [_roll_die(part, rng) for _ in range(part.count)]
    if part.keep:
        rolls = sorted(rolls, reverse=part.keep == "kh")[: part.keep_count]
    return sum(rolls)


def _roll_die(pool: Pool, rng: random.Random) -> int:
    top = max(pool.faces)
    total = 0
    for _ in range(pool.explode + 1):
        face = rng.choice(pool.faces)
        total += face
        if face != top:
            break
    return total
