"""Combat results tables: which column an attack reads, and the exact chance of each
result in every column.

The column: odds are the attacker's strength over the defender's, rounded in the
defender's favour (the highest column whose ratio is at most A/D: 11 to 4 is
2.75, read as 2-1); a differential is A - D, read the same way. Odds under the
lowest column read the lowest column, or, when the game declares `below:`, a
column under it that holds only that result. Then the shifts of the terrain,
features, lines and hexsides present are added (shifts of one group do not add:
only the largest applies), and the column is capped: past the highest column is
the highest; past the lowest is the lowest (or `below:`).

The rows are the table's roll rows; the die-roll modifiers combine freely, and
every modified roll must read exactly one row, as in a reaction table (the same
check, rules/reaction.py, with the same out_of_range policy).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import lcm

from ..chance.dice import format_chance, parse_dice
from ..chance.roll_labels import RollLabelError, RollRange, overlapping, parse_roll_label
from ..errors import Diagnostics
from ..model.combat import Combat, Condition, Multiplier, Result, Shift, result_code
from ..model.game import Game
from ..model.map import Cell as MapCell
from ..model.map import MapDef
from ..model.placed import FACE
from ..model.rules import Selector, span_of
from ..model.table import Cell, HeaderGroup, Row, Table
from ..model.threat import Band, Combo, Effect, Modifier, ThreatTable
from ..model.threat import Row as ReactionRow
from ..names import suggest
from ..records import record, replace
from ..style import NONE
from .combat_units import (
    CombatError,
    Situation,
    applied_loss,
    holds,
    loss_words,
    periods_of,
    side_strength,
)
from .reaction import check_table, row_odds

__all__ = ["CombatError", "Resolution", "Situation", "resolve"]

BELOW = -1  # the column under the lowest, when the game declares a result for it
GROUP_TITLES = {
    "odds": "Odds (attacker to defender)",
    "differential": "Difference (attacker \u2212 defender)",
}


@record
class Resolution:
    """One attack worked out: the column read and the exact chance of each result."""

    odds: str  # the attack before shifts, as the table writes it: '2-1', '+3', 'below 1-2'
    shifts: tuple[Shift, ...]  # the shifts that applied
    shift: int  # their total
    column: int  # the column read, after shifts and caps; BELOW: the `below:` result
    title: str  # that column's title, or 'below <lowest>'
    chances: dict[str, Fraction]  # result code -> exact chance, in the order of `results:`
    attack: Fraction = Fraction(0)  # the strengths the odds were taken of (multiplied)
    defence: Fraction = Fraction(0)
    multiplied: tuple[tuple[Multiplier, str], ...] = ()  # each applied, with whom ('' all)
    modifiers: tuple[str, ...] = ()  # die-roll modifiers read, named and by condition
    unknown: tuple[str, ...] = ()  # what conditions needed and the attack did not say
    losses: tuple[tuple[str, str], ...] = ()  # result code -> what it costs here, in words


# ---- the column -------------------------------------------------------------


def base_column(table: Table, attack: Fraction | int, defence: Fraction | int) -> int:
    """The column an attack reads before shifts; BELOW when under the lowest column and
    the game declares a result for that (else the lowest column)."""
    combat = _combat(table)
    if attack < 0 or defence < 0:
        raise CombatError("strengths cannot be negative")
    if combat.kind == "odds":
        if defence == 0:
            raise CombatError("odds need a defender's strength above 0")
        value = Fraction(attack) / Fraction(defence)
    else:
        value = Fraction(attack) - Fraction(defence)
    column = BELOW
    for i, step in enumerate(combat.steps):
        if step <= value:
            column = i
    if column == BELOW and combat.below is None:
        return 0
    return column


def applied_shifts(
    table: Table,
    present: Iterable[tuple[str, str]],
    sit: Situation | None = None,
    unknown: list[str] | None = None,
) -> tuple[Shift, ...]:
    """The shifts that apply where the names present are ('terrain', 'forest'),
    ('feature', 'fort'), ('line', 'road'), ('edge', 'stream') (the attack crosses a
    stream hexside; present_at says 'edge-all' or 'edge-any'), and whose `when:` holds
    in `sit`: in each group only the largest."""
    have = set(present)
    sit = replace(sit or Situation(), present=frozenset(have))
    unknown = [] if unknown is None else unknown
    best: dict[str, Shift] = {}
    out: list[Shift] = []
    for s in _combat(table).shifts:
        named = s.on == "when" or (s.on, s.name) in have or (f"edge-{s.across}", s.name) in have
        if not named or not holds(s.when, sit, unknown):
            continue
        if not s.group:
            out.append(s)
        elif s.group not in best or abs(s.shift) > abs(best[s.group].shift):
            best[s.group] = s
    return (*out, *best.values())


def final_column(table: Table, base: int, shift: int) -> int:
    """The base column moved by shift, capped at the table's ends."""
    combat = _combat(table)
    lowest = BELOW if combat.below is not None else 0
    return max(lowest, min(len(combat.steps) - 1, base + shift))


def column_title(table: Table, column: int) -> str:
    if column == BELOW:
        return f"below {table.columns[0].title}"
    return table.columns[column].title


# ---- the chances --------------------------------------------------------------


def roll_view(table: Table, path: str = "") -> ThreatTable:
    """The table's roll rows seen as a reaction table (an outcome per column), its
    die-roll modifiers as situations: coverage and odds are worked out as for one."""
    combat = _combat(table)
    rows = []
    for r, row in enumerate(table.rows):
        if row.heading:
            continue
        try:
            rng = parse_roll_label(row.label or "")
        except RollLabelError:
            continue  # the table's reader reported it
        outcomes = tuple(v.text if isinstance(v, Cell) else v for v in row.cells)
        band = Band(rng.lo, rng.hi, row.label or "")
        rows.append(ReactionRow(band, outcomes, row.span, f"{path}.rows[{r}]"))
    return ThreatTable(
        id=table.id,
        title=table.title,
        roll=table.roll or "d6",
        columns=tuple(c.title for c in table.columns),
        rows=tuple(rows),
        types=(),
        situations=combat.modifiers,
        exclusive=(),
        low=combat.low,
        high=combat.high,
        span=table.span,
        path=path,
        rows_span=table.rows[0].span if table.rows else table.span,
    )


def chances(table: Table, column: int, modifiers: Iterable[str] = ()) -> dict[str, Fraction]:
    """The exact chance of each result in a column, with the named die-roll modifiers
    (an unknown name is a CombatError). Rolls no row reads count for no result."""
    combat = _combat(table)
    out = {r.code: Fraction(0) for r in combat.results}
    if column == BELOW:
        assert combat.below is not None
        out[combat.below] = Fraction(1)
        return out
    view = roll_view(table)
    for row, p in zip(view.rows, row_odds(view, _combo(view, modifiers)), strict=True):
        text = row.outcomes[column]
        if text is not None and p:
            code = result_code(text)
            out[code] = out.get(code, Fraction(0)) + p
    return out


def resolve(
    table: Table,
    attack: Fraction | int | None,
    defence: Fraction | int | None,
    present: Iterable[tuple[str, str]] = (),
    modifiers: Iterable[str] = (),
    sit: Situation | None = None,
) -> Resolution:
    """An attack of `attack` strength on `defence` (None: the units of `sit` give it)
    where the names `present` are (see applied_shifts), with the named die-roll
    modifiers and those whose `when:` holds in `sit`: the strengths after multipliers,
    the column, every result's exact chance and what each result costs."""
    combat = _combat(table)
    sit = replace(sit or Situation(), present=frozenset(present))
    unknown: list[str] = []
    a, a_used = side_strength(combat, "attacker", _given(attack), sit, unknown)
    d, d_used = side_strength(combat, "defender", _given(defence), sit, unknown)
    base = base_column(table, a, d)
    shifts = applied_shifts(table, sit.present, sit, unknown)
    shift = sum(s.shift for s in shifts)
    column = final_column(table, base, shift)
    named = [m for m in modifiers if combat.condition(m) is None]
    auto = [n for n, c in combat.when if holds(c, sit, unknown)]
    return Resolution(
        column_title(table, base),
        shifts,
        shift,
        column,
        column_title(table, column),
        chances(table, column, (*named, *auto)),
        a,
        d,
        (*a_used, *d_used),
        (*named, *auto),
        tuple(dict.fromkeys(unknown)),
        _losses(combat, sit),
    )


def _given(value: Fraction | int | None) -> Fraction | None:
    return None if value is None else Fraction(value)


def _losses(combat: Combat, sit: Situation) -> tuple[tuple[str, str], ...]:
    """What each result costs, worked out on the units when they are known."""
    out = []
    for r in combat.results:
        words = []
        d_got = applied_loss(r.defender, sit.defenders, ()) if r.defender else None
        a_got = None
        if r.attacker is not None:
            other = (d_got[1], d_got[2]) if d_got else ()
            a_got = applied_loss(r.attacker, sit.attackers, other)
        for side, loss, got in (("defender", r.defender, d_got), ("attacker", r.attacker, a_got)):
            if loss is None:
                continue
            text = loss_words(loss, side)
            if got is not None:
                steps, lo, hi = got
                amount = f"{_num(lo)}" if lo == hi else f"{_num(lo)} to {_num(hi)}"
                text += f" (here: {steps} step{'s' if steps != 1 else ''}, {amount} strength)"
            words.append(text)
        if words:
            out.append((r.code, "; ".join(words)))
    return tuple(out)


def _num(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(value)


def present_at(
    mapdef: MapDef, cell: MapCell, attackers: Iterable[MapCell] = ()
) -> set[tuple[str, str]]:
    """What a defender's hex holds for the shifts: its terrain, its features and lines,
    and the hexside kinds between it and the attackers' hexes: ('edge-all', kind) when
    every attacker crosses one, ('edge-any', kind) when at least one does."""
    out: set[tuple[str, str]] = set()
    terrain = mapdef.cells.get(cell)
    if terrain is not None:
        out.add(("terrain", terrain))
    out.update(("feature", f.kind) for f in mapdef.features_at(cell))
    out.update(("line", kind) for kind in mapdef.lines_at(cell))
    crossed: list[set[str]] = []
    for a in attackers:
        key = frozenset((a, cell))
        crossed.append({e.kind for e in mapdef.edges if e.key == key})
    if crossed:
        out.update(("edge-all", k) for k in set.intersection(*crossed))
        out.update(("edge-any", k) for k in set.union(*crossed))
    return out


# ---- what gets printed ---------------------------------------------------------


def printed(table: Table) -> Table:
    """A combat table as printed: its roll rows, then (unless `chance: false`) each
    result's exact chance per column at no modifier, and notes that say how a column
    is found and what each result means."""
    combat = table.combat
    if combat is None:
        return table
    rows = table.rows
    if combat.chance:
        rows = (*rows, *chance_rows(table))
    columns = tuple(replace(c, align="centre") if c.align == "auto" else c for c in table.columns)
    groups = table.groups or (HeaderGroup(GROUP_TITLES[combat.kind], 0, len(columns)),)
    notes = (*rules_notes(table), *table.notes)
    return replace(table, columns=columns, rows=rows, notes=notes, groups=groups)


def chance_rows(table: Table) -> tuple[Row, ...]:
    """A sub-heading, then a row per result: its chance in each column over the roll's
    outcomes ('2/6'), '—' where it cannot come up."""
    combat = _combat(table)
    per_column = [chances(table, c) for c in range(len(combat.steps))]
    outcomes = parse_dice(table.roll or "d6").distribution().values()  # 2d6: in 36
    whole = lcm(*(p.denominator for p in outcomes))
    whole = lcm(whole, *(p.denominator for col in per_column for p in col.values()))
    heading = f"{combat.chance} (in {whole}, no modifier)"
    out = [Row(None, (heading,), table.span, heading=True)]
    for res in combat.results:
        cells = tuple(
            f"{col[res.code] * whole}/{whole}" if col[res.code] else NONE for col in per_column
        )
        if any(col[res.code] for col in per_column):
            out.append(Row(res.code, cells, res.span))
    return tuple(out)


def rules_notes(table: Table) -> list[str]:
    """How to find the column, the shifts and modifiers, and what the results mean."""
    combat = _combat(table)
    first, last = table.columns[0].title, table.columns[-1].title
    under = f"**{combat.below}**" if combat.below is not None else first
    if combat.kind == "odds":
        found = (
            "Odds are the attacker's strength to the defender's, rounded in the defender's "
            "favour (11 to 4 is 2-1)"
        )
    else:
        found = "The difference is the attacker's strength minus the defender's"
    notes = [f"{found}; below {first} read {under}, above {last} read {last}."]
    if combat.multipliers:
        notes.append(multiplier_words(combat))
    if combat.shifts:
        notes.append("Column shifts: " + _shift_words(combat) + ".")
    if combat.modifiers:
        words = [
            f"{m.name} {m.states[0].add:+d}{said_when(m, when_words(combat.condition(m.name)))}"
            for m in combat.modifiers
        ]
        notes.append("Die-roll modifiers: " + "; ".join(words) + ".")
    clamped = [w for w, p in (("below", combat.low), ("above", combat.high)) if p == "clamp"]
    if clamped:
        ends = {"below": "the first row", "above": "the last row"}
        said = " and ".join(f"{w} the rows read {ends[w]}" for w in clamped)
        notes.append(f"Modified rolls {said}.{combat.policy_mark}")
    meanings = [f"**{r.code}** {_meaning(r)}" for r in combat.results if _meaning(r)]
    if meanings:
        notes.append(", ".join(meanings) + ".")
    return notes


def _meaning(r: Result) -> str:
    """A result's meaning: its loss data in words (one source with `kitgen combat`),
    then the author's own words."""
    said = [
        loss_words(loss, side)
        for side, loss in (("defender", r.defender), ("attacker", r.attacker))
        if loss is not None
    ]
    return "; ".join([w for w in (r.meaning, *said) if w])


def when_words(c: Condition | None, also: tuple[str, ...] = ()) -> str:
    """A condition in words for the notes, one plain clause: where or when first, then who
    (' in Woods when every attacker is armour'); ``also``: more of the who ('all attackers
    cross it')."""
    where: list[str] = []
    who = list(also)
    if c is not None:
        if c.turns:
            turns = ", ".join(map(str, c.turns))
            where.append(f"on turn{'s' if len(c.turns) > 1 else ''} {turns}")
        if c.period:
            where.append(f"in {c.period} turns")
        for names, word in ((c.terrain, "in"), (c.feature, "with a"), (c.edge, "across a")):
            if names:
                where.append(f"{word} " + " or ".join(_shown(n) for n in names))
        for side, sel in (("attacker", c.attacker), ("defender", c.defender)):
            if sel is not None:
                every = "every" if c.units == "all" else "any"
                who.append(f"{every} {side} is {sel.text}")
    clause = " and ".join(where)
    if who:
        clause += (" " if clause else "") + "when " + " and ".join(who)
    return f" {clause}" if clause else ""


def said_when(m: Modifier, generated: str) -> str:
    """When a die-roll modifier applies: the author's note where one is given (a condition
    the selectors cannot say), else the words made from its condition."""
    return f" {m.note}" if m.note else generated


def _shown(name: str) -> str:
    return name.replace("-", " ").capitalize()


def multiplier_words(combat: Combat) -> str:
    """'Strengths before the odds: attacker halved (when ...); round down, each unit.'"""
    verbs = {"halve": "halved", "double": "doubled", "triple": "tripled"}
    words = []
    for m in combat.multipliers:
        verb = verbs.get(m.word, f"times {m.word}")
        label = f"{m.label}: " if m.label else ""
        words.append(f"{label}{m.side} {verb}{when_words(m.when)}")
    rounding = combat.rounding
    text = "Strengths before the odds: " + "; ".join(words)
    if rounding is not None:
        how = {
            "up": "fractions round up",
            "down": "fractions round down",
            "nearest": "fractions round to the nearest (half up)",
            "keep": "fractions are kept",
        }[rounding.round]
        per = "for each unit" if rounding.per == "unit" else "on each side's total"
        text += f"; {how}, {per}"
    return text + "."


def _shift_words(combat: Combat) -> str:
    """Each group of shifts as a sentence, its shifts apart by semicolons, each one plain
    clause ('Fortification 3 left when every defender is south'); a group whose shifts do
    not add says so after it."""
    groups: dict[str, list[Shift]] = {}
    for s in combat.shifts:
        groups.setdefault(s.group, []).append(s)
    sentences = []
    for group, shifts in groups.items():
        by_amount: dict[tuple[int, str], list[str]] = {}  # "Forest or Hills 1 left"
        for s in shifts:
            shown = s.shown if s.on != "when" else s.label
            said = when_words(s.when, crossing(s))
            by_amount.setdefault((s.shift, said), []).append(shown)
        said_once = [f"{' or '.join(n)} {columns_words(k)}{w}" for (k, w), n in by_amount.items()]
        text = "; ".join(said_once)
        if group and len(shifts) > 1:
            text += ". Only the largest of these applies"
        sentences.append(text)
    return ". ".join(sentences)


def crossing(s: Shift) -> tuple[str, ...]:
    """Who must cross a hexside for its shift to apply, as a clause of when_words."""
    if s.on != "edge":
        return ()
    return ("all attackers cross it",) if s.across == "all" else ("any attacker crosses it",)


def _crossing(s: Shift) -> str:
    """A hexside shift's crossing rule as `kitgen combat` lists it: ' (all attackers across)'."""
    if s.on != "edge":
        return ""
    return " (all attackers across)" if s.across == "all" else " (any attacker across)"


def columns_words(shift: int) -> str:
    n = abs(shift)
    side = "left" if shift < 0 else "right"
    return f"{n} {side}" if n else "none"


def format_resolution(table: Table, attack: str, defence: str, got: Resolution) -> str:
    """An attack worked out, for the terminal: odds, shifts, column, exact chances
    (`attack` and `defence`: the strengths as the command line wrote or added them)."""
    combat = _combat(table)
    sign = " to " if combat.kind == "odds" else " - "
    lines = []
    for m, who in got.multiplied:
        verb = {"halve": "halved", "double": "doubled", "triple": "tripled"}.get(m.word, m.word)
        lines.append(f"  {m.label or m.side}: {who or m.side} {verb}")
    if got.multiplied:
        lines.insert(0, f"{table.id}: strengths {attack}{sign}{defence} before multipliers")
        attack, defence = _num(got.attack), _num(got.defence)
    lines.append(f"{table.id}: {attack}{sign}{defence} reads {got.odds}")
    for s in got.shifts:
        lines.append(
            f"  {s.shown if s.on != 'when' else s.label}{_crossing(s)}: {columns_words(s.shift)}"
        )
    if got.shifts:
        lines.append(f"  shifts in all: {columns_words(got.shift)}")
    lines.append(f"column: {got.title}")
    if got.modifiers:
        lines.append("die-roll modifiers: " + ", ".join(got.modifiers))
    width = max(len(r.code) for r in combat.results)
    costs = dict(got.losses)
    for res in combat.results:
        p = got.chances.get(res.code, Fraction(0))
        chance = format_chance(p) if p else "0"
        said = costs.get(res.code) or res.meaning
        lines.append(f"  {res.code:<{width}}  {chance:<16} {said}".rstrip())
    for need in got.unknown:
        lines.append(f"not known: {need}; the conditions that need it were not applied")
    return "\n".join(lines)


# ---- checks --------------------------------------------------------------------


def check_combat(game: Game, tables: tuple[Table, ...], diags: Diagnostics) -> None:
    """Every modified roll reads exactly one row (the reaction tables' check); every
    shift names a terrain, feature, line or hexside kind a map declares."""
    maps = game.maps
    known: dict[str, set[str]] = {"terrain": set(), "feature": set(), "line": set(), "edge": set()}
    for m in maps.maps if maps is not None else ():
        known["terrain"].update(m.terrains)
        known["feature"].update(m.feature_kinds)
        known["line"].update(m.line_kinds)
        known["edge"].update(m.edge_kinds)
    for t, table in enumerate(tables):
        if table.combat is None or not table.roll:
            continue
        view = roll_view(table, f"tables[{t}]")
        if not _overlapping(view):  # the table's reader reported overlaps
            check_table(view, diags)
        _check_conditions(game, table.combat, known, diags)
        for s in table.combat.shifts:
            if s.on != "when" and s.name not in known[s.on]:
                noun = {"edge": "hexside kind", "line": "line kind", "feature": "feature kind"}
                what = noun.get(s.on, s.on)
                diags.error(
                    s.span,
                    s.path,
                    f"no {what} {s.name!r} on any map",
                    suggest(s.name, sorted(known[s.on])),
                )


def _check_conditions(
    game: Game, combat: Combat, known: dict[str, set[str]], diags: Diagnostics
) -> None:
    """Every name a `when:` uses exists: terrains, features and hexside kinds on a map,
    periods on a track, and the attributes and values a side's test names on a piece."""
    conditions = [s.when for s in combat.shifts] + [m.when for m in combat.multipliers]
    conditions += [c for _, c in combat.when]
    periods = periods_of(game)
    values = _piece_values(game)
    nouns = {"terrain": "terrain", "feature": "feature kind", "edge": "hexside kind"}
    for c in conditions:
        if c is None:
            continue
        for on, names in (("terrain", c.terrain), ("feature", c.feature), ("edge", c.edge)):
            for n in names:
                if n not in known[on]:
                    where = span_of(n, c.span)
                    hint = suggest(n, sorted(known[on]))
                    diags.error(where, f"{c.path}.{on}", f"no {nouns[on]} {n!r} on any map", hint)
        if c.period and c.period not in periods:
            hint = suggest(c.period, sorted(periods)) if periods else "no track declares periods:"
            diags.error(c.span, f"{c.path}.period", f"no period {c.period!r} on any track", hint)
        for side, sel in (("attacker", c.attacker), ("defender", c.defender)):
            if sel is not None:
                _check_selector(sel, values, f"{c.path}.{side}", c, diags)


def _piece_values(game: Game) -> dict[str, set[str]]:
    """Every attribute of the kit's pieces with the values it takes (side included)."""
    out: dict[str, set[str]] = {"id": set(), FACE: set()}
    for d in game.counters.defs if game.counters is not None else ():
        out["id"].add(d.id)
        out[FACE].update(d.steps or ("front", "back"))
        for key, value in d.attrs.items():
            out.setdefault(key, set()).add(str(value))
        if d.side is not None:
            out.setdefault("side", set()).add(d.side)
    return out


def _check_selector(
    sel: Selector, values: dict[str, set[str]], path: str, c: Condition, diags: Diagnostics
) -> None:
    for key, allowed in sel.attrs:
        if key not in values:
            diags.error(
                c.span, path, f"no piece has the attribute {key!r}", suggest(key, sorted(values))
            )
            continue
        for v in sorted(allowed):
            if v not in values[key]:
                diags.error(
                    span_of(v, c.span),
                    f"{path}.{key}",
                    f"no piece has {key} {v!r}",
                    suggest(v, sorted(values[key])),
                )


def _overlapping(view: ThreatTable) -> bool:
    ranges = [RollRange(r.band.lo, r.band.hi) for r in view.rows]
    return bool(overlapping(ranges, most=1))


# ---- helpers -------------------------------------------------------------------


def _combat(table: Table) -> Combat:
    if table.combat is None:
        raise CombatError(f"table {table.id!r} is not a combat results table")
    return table.combat


def _combo(view: ThreatTable, names: Iterable[str]) -> Combo:
    by_name = {m.name: m for m in view.situations}
    effects: list[Effect] = []
    for name in names:
        mod = by_name.get(name)
        if mod is None:
            hint = suggest(name, sorted(by_name)) if by_name else "the table declares none"
            raise CombatError(f"no die-roll modifier {name!r} ({hint})")
        effects.extend(Effect(mod.name, st) for st in mod.states[:1])
    return Combo(tuple(effects))
