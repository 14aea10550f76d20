"""The units of one attack and the conditions a combat table declares on them: which
shifts, die-roll modifiers and strength multipliers apply (by side, unit attributes,
turn or period, and what the defender's hex holds), the strengths after multipliers
and the declared rounding, and what a result costs each side in steps and strength
(the exchange rule: the attacker loses at least as much as the defender).

A condition that needs what the attack does not say (the units, when strengths are
given as numbers; the turn) does not hold, and is named in `Situation.unknown` so
the terminal can say so."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import product
from math import ceil, floor

from ..model.combat import Combat, Condition, Figures, Loss, Multiplier
from ..model.game import Game
from ..model.placed import FACE
from ..model.rules import Selector
from ..names import suggest
from ..records import field, record


class CombatError(ValueError):
    """Strengths or names a combat cannot be resolved with; the message is for people."""


@record
class Unit:
    """One unit in an attack: what selectors see of it and its printed strength on each
    face from the one it shows to its last (a two-step unit at full: (6, 3))."""

    id: str
    name: str
    values: Mapping[str, str]
    strengths: tuple[Fraction, ...]

    @property
    def strength(self) -> Fraction:
        return self.strengths[0]


@record
class Situation:
    """Everything conditions may test: the units of each side (empty: given as numbers),
    the turn (None: not given), the periods the tracks name, and what the defender's
    hex holds (as rules.combat.present_at gives it)."""

    attackers: tuple[Unit, ...] = ()
    defenders: tuple[Unit, ...] = ()
    turn: int | None = None
    periods: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    present: frozenset[tuple[str, str]] = frozenset()


def periods_of(game: Game) -> dict[str, tuple[int, ...]]:
    """Every period the game's tracks name (Mud -> (4, 5))."""
    out: dict[str, tuple[int, ...]] = {}
    for t in game.tracks.tracks if game.tracks is not None else ():
        out.update(t.periods)
    return out


# ---- conditions -----------------------------------------------------------------


def holds(
    c: Condition | None,
    sit: Situation,
    unknown: list[str],
    unit: Unit | None = None,
    side: str = "",
) -> bool:
    """Whether every test of `c` holds; a test that needs what `sit` lacks is false, and
    its need goes to `unknown` when every test that can be judged holds (a condition
    false anyway needs nothing more). With `unit`, that side's own test is of this unit
    alone (a multiplier halving only armour)."""
    if c is None:
        return True
    for on, names in (("terrain", c.terrain), ("feature", c.feature)):
        if names and not any((on, n) in sit.present for n in names):
            return False
    crossed = "edge-all" if c.units == "all" else "edge-any"
    if c.edge and not any(
        (crossed, n) in sit.present or ("edge", n) in sit.present for n in c.edge
    ):
        return False
    needs = []
    if c.turns or c.period:
        turns = set(c.turns) | set(sit.periods.get(c.period, ()))
        if sit.turn is None:
            needs.append("the turn (--turn)")
        elif sit.turn not in turns:
            return False
    for who, sel in (("attacker", c.attacker), ("defender", c.defender)):
        if sel is None:
            continue
        units = sit.attackers if who == "attacker" else sit.defenders
        if who == side and unit is not None:
            units = (unit,)
        if not units:
            needs.append(f"the {who}'s units")
        elif not _side_passes(sel, units, c.units):
            return False
    unknown.extend(needs)
    return not needs


def _side_passes(sel: Selector, units: tuple[Unit, ...], quantity: str) -> bool:
    passed = [sel.matches(u.values) for u in units]
    return all(passed) if quantity == "all" else any(passed)


# ---- strengths --------------------------------------------------------------------


def side_strength(
    combat: Combat, side: str, given: Fraction | None, sit: Situation, unknown: list[str]
) -> tuple[Fraction, list[tuple[Multiplier, str]]]:
    """A side's strength after the multipliers that apply, rounded as declared; and
    each multiplier applied with whom it touched ('' for the whole side)."""
    mults = [m for m in combat.multipliers if m.side == side]
    units = sit.attackers if side == "attacker" else sit.defenders
    rounding = combat.rounding
    used: list[tuple[Multiplier, str]] = []
    if given is not None:  # strengths as numbers: the whole side, rounded once
        total = Fraction(given)
        for m in mults:
            if holds(m.when, sit, unknown):
                total *= m.factor
                used.append((m, ""))
        return (_round(total, rounding.round) if rounding and used else total), used
    sums = Fraction(0)
    parts = []
    for u in units:
        value = u.strength
        for m in mults:
            if holds(m.when, sit, unknown, u, side):
                value *= m.factor
                used.append((m, u.name))
        parts.append(value)
    if rounding is not None and rounding.per == "unit":
        parts = [_round(v, rounding.round) for v in parts]
    sums = sum(parts, Fraction(0))
    if rounding is not None and rounding.per == "side":
        sums = _round(sums, rounding.round)
    return sums, used


def _round(value: Fraction, how: str) -> Fraction:
    if how == "up":
        return Fraction(ceil(value))
    if how == "down":
        return Fraction(floor(value))
    if how == "nearest":
        return Fraction(floor(value + Fraction(1, 2)))
    return value


# ---- units from the kit's pieces ----------------------------------------------------


def units_of(game: Game, combat: Combat, specs: Iterable[str], side: str) -> tuple[Unit, ...]:
    """Units named as piece ids, each optionally with its face (`b-10-inf:reduced`),
    their printed strengths read as `combat.figures` says."""
    figures = combat.figures or Figures()
    counters = {d.id: d for d in (game.counters.defs if game.counters is not None else ())}
    out = []
    for spec in specs:
        pid, _, face = spec.partition(":")
        d = counters.get(pid)
        if d is None:
            raise CombatError(f"no piece {pid!r} ({suggest(pid, sorted(counters))})")
        faces = d.steps or (("front", "back") if d.back is not None else ("front",))
        face = face or faces[0]
        if face not in faces:
            raise CombatError(
                f"piece {pid!r} has no face {face!r} ({suggest(face, list(faces))}; "
                f"its faces: {', '.join(faces)})"
            )
        values = {**d.attrs, "id": d.id, FACE: face}
        if d.side is not None:
            values.setdefault("side", d.side)
        place = figures.attack if side == "attacker" else figures.defence
        left = faces[faces.index(face) :]
        strengths = tuple(_figure(d.attrs, figures.attr, f, place, pid) for f in left)
        out.append(Unit(d.id, d.name or d.id, values, strengths))
    return tuple(out)


def _figure(attrs: Mapping[str, str], attr: str, face: str, place: int, pid: str) -> Fraction:
    name = attr.replace("{face}", face)
    text = attrs.get(name)
    if text is None:
        raise CombatError(
            f"piece {pid!r} has no attribute {name!r} to read its figures from "
            "(combat: figures: attr)"
        )
    parts = [p for p in str(text).replace("\u2212", "-").split("-") if p.strip()]
    try:
        return Fraction(parts[place - 1].strip())
    except (IndexError, ValueError):
        raise CombatError(
            f"piece {pid!r}: figure {place} of {name} {text!r} is not a number"
        ) from None


# ---- what a result costs ----------------------------------------------------------


FIGURE = {"attacker": "attack", "defender": "defence"}  # the figure a side's loss is read in


def loss_words(loss: Loss, side: str) -> str:
    """A loss in words, for the CRT's notes and the terminal."""
    other = "defender" if side == "attacker" else "attacker"
    parts = []
    if loss.steps == -1:
        parts.append("is eliminated")
    elif loss.steps:
        parts.append(f"loses {loss.steps} step{'s' if loss.steps > 1 else ''}")
    if loss.at_least:  # strength as step_losses counts it: what each step takes off
        mine, theirs = FIGURE[side], FIGURE[other]
        parts.append(f"loses steps worth at least the {theirs} lost, in {mine}, by difference")
    if loss.retreat:
        parts.append(f"retreats {loss.retreat} hex{'es' if loss.retreat > 1 else ''}")
    return f"{side} " + " and ".join(parts)


def step_losses(units: tuple[Unit, ...]) -> list[tuple[int, Fraction]]:
    """Every (steps, strength) a side could lose, one choice of steps per unit."""
    options = []
    for u in units:
        s = (*u.strengths, Fraction(0))
        options.append([(k, s[0] - s[k]) for k in range(len(s))])
    seen = set()
    for choice in product(*options):
        seen.add((sum(k for k, _ in choice), sum((v for _, v in choice), Fraction(0))))
    return sorted(seen)


def applied_loss(
    loss: Loss, units: tuple[Unit, ...], lost_by_other: tuple[Fraction, ...]
) -> tuple[int, Fraction, Fraction] | None:
    """A loss applied to units: (least steps, least strength, most strength); for
    `at_least`, the fewest steps whose strength reaches the other side's largest loss.
    None when nothing can be said (no units, or no steps lost)."""
    if not units:
        return None
    every = step_losses(units)
    if loss.steps == -1:
        total = sum((u.strength for u in units), Fraction(0))
        return sum(len(u.strengths) for u in units), total, total
    if loss.at_least and lost_by_other:
        need = max(lost_by_other)
        fits = [(k, v) for k, v in every if v >= need and k > 0] or [every[-1]]
        k, v = min(fits, key=lambda kv: (kv[1], kv[0]))
        return k, v, v
    if loss.steps:
        most, _ = every[-1]  # every way to lose, fewest steps first
        lost = [v for k, v in every if k == min(loss.steps, most)]
        return min(loss.steps, most), min(lost), max(lost)
    return None
