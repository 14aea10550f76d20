"""Reaction tables: every modifier combination a player can meet, the totals
it reaches, which row each total reads, and the exact odds of every row.

A combination is at most one threat type (in one of its states) plus any set
of situations, except that situations named in one `exclusive` group never
apply together. A type's state may replace the roll (e.g. average dice).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..chance.dice import parse_dice
from ..errors import Diagnostics
from ..model.threat import Combo, Effect, Modifier, ThreatTable

if TYPE_CHECKING:
    from ..model.game import Game

MAX_COMBOS = 4096  # 12 independent situations; more is not a table a person reads

# ---- combinations ----------------------------------------------------------


def effects_of(mod: Modifier) -> list[Effect]:
    return [Effect(mod.name, st) for st in mod.states]


def combos(table: ThreatTable) -> list[Combo]:
    """Every allowed combination, fewest modifiers first (so examples stay simple)."""
    type_choices: list[list[Effect]] = [[]] + [[e] for m in table.types for e in effects_of(m)]
    groups = _situation_groups(table)
    per_group: list[list[list[Effect]]] = []
    for group in groups:
        if len(group) == 1:  # independent: absent, or one of its states
            per_group.append([[]] + [[e] for e in effects_of(group[0])])
        else:  # exclusive: none, or exactly one member in one state
            per_group.append([[]] + [[e] for m in group for e in effects_of(m)])
    out: list[Combo] = []
    for t in type_choices:
        for picks in itertools.product(*per_group):
            out.append(Combo(tuple(t) + tuple(e for p in picks for e in p)))
            if len(out) > MAX_COMBOS:
                raise ValueError(f"more than {MAX_COMBOS} modifier combinations")
    out.sort(key=lambda c: len(c.effects))
    return out


def count_combos(table: ThreatTable) -> int:
    n = 1 + sum(len(m.states) for m in table.types)
    for group in _situation_groups(table):
        n *= 1 + sum(len(m.states) for m in group)
    return n


def _situation_groups(table: ThreatTable) -> list[list[Modifier]]:
    by_name = {m.name: m for m in table.situations}
    grouped: set[str] = set()
    groups: list[list[Modifier]] = []
    for names in table.exclusive:
        members = [by_name[n] for n in names if n in by_name and n not in grouped]
        grouped.update(m.name for m in members)
        if members:
            groups.append(members)
    groups.extend([m] for m in table.situations if m.name not in grouped)
    return groups


def totals_of(table: ThreatTable, combo: Combo) -> dict[int, Fraction]:
    dist = parse_dice(combo.roll(table.roll)).distribution()
    return {t + combo.add: p for t, p in dist.items()}


# ---- reading a total -------------------------------------------------------


def rows_for(table: ThreatTable, total: int) -> list[int]:
    """Indices of the rows a modified total reads, after the out-of-range policy."""
    hits = [i for i, r in enumerate(table.rows) if total in r.band]
    if hits:
        return hits
    lows = [r.band.lo for r in table.rows if r.band.lo is not None]
    highs = [r.band.hi for r in table.rows if r.band.hi is not None]
    if table.low == "clamp" and lows and all(r.band.lo is not None for r in table.rows):
        floor = min(lows)
        if total < floor:
            return [i for i, r in enumerate(table.rows) if floor in r.band]
    if table.high == "clamp" and highs and all(r.band.hi is not None for r in table.rows):
        ceiling = max(highs)
        if total > ceiling:
            return [i for i, r in enumerate(table.rows) if ceiling in r.band]
    return []


def row_odds(table: ThreatTable, combo: Combo) -> list[Fraction]:
    """The exact chance of each row under a combination (rows read by no total get 0)."""
    odds = [Fraction(0)] * len(table.rows)
    for total, p in totals_of(table, combo).items():
        hits = rows_for(table, total)
        if len(hits) == 1:
            odds[hits[0]] += p
    return odds


def policy_notes(table: ThreatTable) -> list[str]:
    """How out-of-range totals are read, in words for the card and the terminal."""
    notes = []
    lows = [r.band.lo for r in table.rows if r.band.lo is not None]
    highs = [r.band.hi for r in table.rows if r.band.hi is not None]
    if table.low == "clamp" and lows:
        notes.append(f"Totals below {min(lows)} are read as {min(lows)}.")
    if table.high == "clamp" and highs:
        notes.append(f"Totals above {max(highs)} are read as {max(highs)}.")
    return notes


# ---- which combinations get printed ---------------------------------------


def shown_combos(table: ThreatTable) -> list[tuple[str, Combo]]:
    """No modifier, each single modifier state, any the author asked for, and the two
    extremes (the lowest and highest mean total), without repeats."""
    every = combos(table)
    shown: list[tuple[str, Combo]] = [("no modifier", Combo(()))]
    for m in (*table.types, *table.situations):
        for e in effects_of(m):
            shown.append((e.short, Combo((e,))))
    by_label = {e.label: e for m in (*table.types, *table.situations) for e in effects_of(m)}
    for names in table.odds:
        effects = tuple(by_label[n] for n in names if n in by_label)
        shown.append((" + ".join(e.short for e in effects), Combo(effects)))
    lo = min(every, key=lambda c: (_mean(table, c), len(c.effects)))
    hi = max(every, key=lambda c: (_mean(table, c), -len(c.effects)))
    shown.append(("lowest: " + lo.label, lo))
    shown.append(("highest: " + hi.label, hi))
    seen: set[frozenset] = set()
    out = []
    for label, c in shown:
        key = frozenset(c.effects)
        if key not in seen:
            seen.add(key)
            out.append((label, c))
    return out


def _mean(table: ThreatTable, combo: Combo) -> Fraction:
    return parse_dice(combo.roll(table.roll)).mean + combo.add


# ---- validation ------------------------------------------------------------


def _ranges(values: Iterable[int]) -> list[tuple[int, int]]:
    """The values as runs of consecutive numbers, (lowest, highest) each."""
    out: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if out:
            lo, hi = out[-1]
            if v == hi + 1:
                out[-1] = (lo, v)
                continue
        out.append((v, v))
    return out


def _span_text(lo: int, hi: int) -> str:
    return f"total {lo}" if lo == hi else f"totals {lo} to {hi}"


def check_table(table: ThreatTable, diags: Diagnostics) -> None:
    """Every reachable total reads exactly one row; rows nothing reaches are warnings."""
    try:
        every = combos(table)
    except ValueError as exc:
        diags.error(table.span, table.path, str(exc), "declare exclusive groups or split the table")
        return
    reach = [(c, set(totals_of(table, c))) for c in every]
    reached = sorted(set().union(*(r for _, r in reach)))
    missing = [t for t in reached if not rows_for(table, t)]
    where = table.rows_span or table.span
    rows_path = f"{table.path}.rows"
    for lo, hi in _ranges(missing):
        # the simplest combination that lands in the gap, so the author sees why
        combo = next(c for c, r in reach if any(lo <= t <= hi for t in r))
        verb = "matches" if lo == hi else "match"
        hint = _missing_hint(table, lo, hi)
        diags.error(
            where, rows_path, f"{_span_text(lo, hi)} {verb} no row (e.g. with {combo.label})", hint
        )
    double: dict[tuple[int, int], list[int]] = {}
    for t in reached:
        hits = rows_for(table, t)
        if len(hits) > 1:
            double.setdefault((hits[0], hits[1]), []).append(t)
    for (a, b), totals in double.items():
        ra, rb = table.rows[a], table.rows[b]
        for lo, hi in _ranges(totals):
            diags.error(
                rb.span,
                rb.path,
                f"result {rb.band.text!r} overlaps {ra.path} ({ra.band.text!r}) "
                f"at {_span_text(lo, hi)}",
            )
    used = {h for t in reached for h in rows_for(table, t)}
    lo_all, hi_all = reached[0], reached[-1]
    for i, row in enumerate(table.rows):
        if i not in used:
            diags.warning(
                row.span,
                row.path,
                f"result {row.band.text!r} can never come up "
                f"(modified totals run from {lo_all} to {hi_all})",
            )


def _missing_hint(table: ThreatTable, lo: int, hi: int) -> str:
    finite_lo = [r.band.lo for r in table.rows if r.band.lo is not None]
    finite_hi = [r.band.hi for r in table.rows if r.band.hi is not None]
    if finite_lo and hi < min(finite_lo):
        return f"add a row such as '<={hi}' or declare out_of_range: {{low: clamp}}"
    if finite_hi and lo > max(finite_hi):
        return f"add a row such as '>{lo - 1}' or declare out_of_range: {{high: clamp}}"
    return "rows must cover every total between the lowest and the highest"


def check_threats(game: Game, tables: Sequence[ThreatTable], diags: Diagnostics) -> None:
    """Section check: generated rows first (seed 0 suffices: ties never change coverage)."""
    from .banding import BandingError
    from .profile import resolve

    for table in tables:
        try:
            resolved, _ = resolve(table, None)
        except BandingError as exc:
            assert table.profile is not None
            diags.error(
                table.profile.span,
                table.profile.path,
                str(exc),
                "use a roll with more results, or fewer behaviours",
            )
            continue
        check_table(resolved, diags)
