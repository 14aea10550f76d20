"""A table's `combat:` mapping -> Combat: a combat results table's columns read as
odds or differentials, the results the game defines, column shifts and die-roll
modifiers. Checks what the table alone can show (column titles, their order, every
cell a defined result); the rules engine checks the rest against the map and the
dice (rules/combat.py)."""

from __future__ import annotations

from fractions import Fraction

from ...model.combat import (
    ACROSS,
    KINDS,
    MULTIPLY,
    ROUND,
    ROUND_PER,
    SIDES,
    Combat,
    Condition,
    Figures,
    Loss,
    Multiplier,
    Result,
    Rounding,
    Shift,
    result_code,
)
from ...model.table import Cell, Column, Row
from ...model.threat import Modifier
from ...names import did_you_mean
from ...patterns import pattern
from ..fields import Context, Fields, as_text, read_list
from ..reading import Marks
from ..spec import (
    BOOLEAN,
    ID,
    INTEGER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    OneOrList,
    Spec,
)
from ..tables.threats import (
    MODIFIER,
    OUT_OF_RANGE,
    read_modifier,
    read_policy,
    unique_modifier_names,
)
from ..yamlnodes import Node, Scalar
from .rule_terms import SELECTOR, read_names, read_selector

HEADING = "Combat results tables (`combat:`)"
WHEN_HEADING = "Conditions, multipliers and result rules"
WHEN_ATTACKER = Key(
    "attacker", SELECTOR, "the attacking units: a side id or attributes ({arm: armour})"
)
WHEN_DEFENDER = Key("defender", SELECTOR, "the defending units: a side id or attributes")
WHEN_UNITS = Key(
    "units", Choice(ACROSS), "a side's test holds when all its units pass, or any", "all"
)
WHEN_TURN = Key("turn", OneOrList(INTEGER), "on these turns")
WHEN_PERIOD = Key("period", TEXT, "on the turns of a period a track names (Mud)")
WHEN_TERRAIN = Key("terrain", OneOrList(ID), "the defender's hex is one of these terrains")
WHEN_FEATURE = Key("feature", OneOrList(ID), "the defender's hex holds one of these features")
WHEN_EDGE = Key("edge", OneOrList(ID), "the attack crosses a hexside of one of these kinds")
WHEN = Spec(
    "combat-when",
    WHEN_ATTACKER,
    WHEN_DEFENDER,
    WHEN_UNITS,
    WHEN_TURN,
    WHEN_PERIOD,
    WHEN_TERRAIN,
    WHEN_FEATURE,
    WHEN_EDGE,
    heading=WHEN_HEADING,
)
WHEN_KEY = Key("when", WHEN, "applies only when every test given holds")
LOSS_STEPS = Key(
    "steps", Either(INTEGER, Choice(("all",))), "steps lost; all: eliminated", lo=0, hi=20
)
LOSS_RETREAT = Key("retreat", INTEGER, "hexes of retreat", default=0, lo=0, hi=20)
LOSS_AT_LEAST = Key(
    "at_least",
    Choice(SIDES),
    "steps whose printed strength at least equals what this side lost (exchange)",
)
LOSS = Spec(
    "combat-loss",
    LOSS_STEPS,
    LOSS_RETREAT,
    LOSS_AT_LEAST,
    heading=WHEN_HEADING,
)
RESULT_CODE = Key("code", TEXT, "as printed in the table's cells (AE, DR, EX)", required=True)
RESULT_MEANING = Key("meaning", TEXT, "what it does, printed under the table", default="")
RESULT_ATTACKER = Key(
    "attacker", LOSS, "what the attacker loses, as data (kitgen combat applies it)"
)
RESULT_DEFENDER = Key("defender", LOSS, "what the defender loses, as data")
RESULT = Spec(
    "combat-result",
    RESULT_CODE,
    RESULT_MEANING,
    RESULT_ATTACKER,
    RESULT_DEFENDER,
    heading=HEADING,
)
MULTIPLIER_SIDE = Key("side", Choice(SIDES), "whose strength", required=True)
MULTIPLIER_MULTIPLY = Key(
    "multiply", TEXT, "halve, double, triple or a number (1/3, 1.5)", required=True
)
MULTIPLIER_LABEL = Key("label", TEXT, "how the notes name it (default: the condition)", default="")
MULTIPLIER = Spec(
    "combat-multiplier",
    MULTIPLIER_SIDE,
    MULTIPLIER_MULTIPLY,
    MULTIPLIER_LABEL,
    WHEN_KEY,
    heading=WHEN_HEADING,
)
ROUNDING_ROUND = Key("round", Choice(ROUND), "a multiplied strength's fractions", required=True)
ROUNDING_PER = Key("per", Choice(ROUND_PER), "rounded for each unit, or once for the side", "unit")
ROUNDING = Spec(
    "combat-rounding",
    ROUNDING_ROUND,
    ROUNDING_PER,
    heading=WHEN_HEADING,
)
FIGURES_ATTR = Key(
    "attr", TEXT, "the attribute holding the figures; {face}: the face shown", "{face}"
)
FIGURES_ATTACK = Key("attack", INTEGER, "the attack figure's place (from 1)", default=1, lo=1, hi=9)
FIGURES_DEFENCE = Key(
    "defence", INTEGER, "the defence figure's place (from 1)", default=2, lo=1, hi=9
)
FIGURES = Spec(
    "combat-figures",
    FIGURES_ATTR,
    FIGURES_ATTACK,
    FIGURES_DEFENCE,
    heading=WHEN_HEADING,
)
COMBAT_MODIFIER = Spec(
    "combat-modifier", *MODIFIER.keys.values(), WHEN_KEY, heading=HEADING, one_of=MODIFIER.one_of
)
SHIFT_TERRAIN = Key("terrain", ID, "the defender's hex is this terrain")
SHIFT_FEATURE = Key("feature", ID, "the defender's hex holds this feature kind")
SHIFT_LINE = Key("line", ID, "a line of this kind runs through the defender's hex")
SHIFT_EDGE = Key("edge", ID, "the attack crosses a hexside of this kind")
SHIFT_SHIFT = Key(
    "shift", INTEGER, "columns: -1 one column left, +1 one right", required=True, lo=-20, hi=20
)
SHIFT_GROUP = Key(
    "group", TEXT, "shifts of one group do not add: only the largest applies", default=""
)
SHIFT_LABEL = Key("label", TEXT, "how the chart names it (default: the id)", default="")
SHIFT_ACROSS = Key(
    "across", Choice(ACROSS), "edge shifts: when all attackers cross it, or any", default="all"
)
_SHIFT_KEYS = (SHIFT_TERRAIN, SHIFT_FEATURE, SHIFT_EDGE, SHIFT_LINE)  # in SHIFT_ON's order
SHIFT = Spec(
    "column-shift",
    SHIFT_TERRAIN,
    SHIFT_FEATURE,
    SHIFT_LINE,
    SHIFT_EDGE,
    SHIFT_SHIFT,
    WHEN_KEY,
    SHIFT_GROUP,
    SHIFT_LABEL,
    SHIFT_ACROSS,
    heading=HEADING,
)
COMBAT_BY = Key("by", Choice(KINDS, "combat table kind"), "how columns are found", required=True)
COMBAT_RESULTS = Key(
    "results", ListOf(Either(TEXT, RESULT)), "the result codes the game defines", required=True
)
COMBAT_BELOW = Key(
    "below", TEXT, "a result for attacks below the lowest column (default: the lowest)"
)
COMBAT_SHIFTS = Key(
    "shifts", ListOf(SHIFT), "column shifts from terrain, features, lines and hexsides"
)
COMBAT_MODIFIERS = Key(
    "modifiers",
    ListOf(COMBAT_MODIFIER),
    "die-roll modifiers; any number apply together; with when: by themselves",
)
COMBAT_MULTIPLIERS = Key(
    "multipliers", ListOf(MULTIPLIER), "strengths halved or doubled before the odds"
)
COMBAT_ROUNDING = Key(
    "rounding", ROUNDING, "how multiplied strengths round (needed with multipliers)"
)
COMBAT_FIGURES = Key("figures", FIGURES, "where a piece's printed attack and defence are read")
COMBAT_CHANCE: Key[bool | str] = Key(
    "chance",
    Either(BOOLEAN, TEXT),
    "each result's chance per column: true, false or a title",
    default=True,
)
COMBAT = Spec(
    "combat",
    COMBAT_BY,
    COMBAT_RESULTS,
    COMBAT_BELOW,
    COMBAT_SHIFTS,
    COMBAT_MODIFIERS,
    COMBAT_MULTIPLIERS,
    COMBAT_ROUNDING,
    COMBAT_FIGURES,
    OUT_OF_RANGE,
    COMBAT_CHANCE,
    heading=HEADING,
)
CHANCE_TITLE = "Chance of each result"
_ODDS = pattern(r"^([0-9]{1,4}(?:\.[0-9]{1,2})?)\s*[-:\u2013]\s*([0-9]{1,4}(?:\.[0-9]{1,2})?)$")
_DIFFERENCE = pattern(r"^([-+\u2212]?)([0-9]{1,4})$")
_HINTS = {"odds": "write odds as 1-2, 1-1, 3-2, 2-1 ...", "differential": "write -2, 0, +3 ..."}


def read_combat(
    ctx: Context,
    node: Node,
    path: str,
    columns: list[Column],
    columns_path: str,
    rows: list[tuple[Row, str]],
    marks: Marks,
) -> Combat | None:
    """The combat mapping of the table whose columns (written at columns_path) and
    rows are given; the out-of-range policy's reading takes its mark from `marks`."""
    f = Fields(ctx, node, path, COMBAT)
    if f.map is None:
        return None
    kind = f.choice(COMBAT_BY)
    results = f.seq(COMBAT_RESULTS, _result)
    below = f.text(COMBAT_BELOW)
    shifts = tuple(f.seq(COMBAT_SHIFTS, _shift))
    read = f.seq(COMBAT_MODIFIERS, _modifier)
    modifiers = tuple(m for m, _ in read)
    when = tuple((m.name, c) for m, c in read if c is not None)
    unique_modifier_names(ctx, (), modifiers)
    multipliers = tuple(f.seq(COMBAT_MULTIPLIERS, _multiplier))
    rounding = f.get(COMBAT_ROUNDING, _rounding)
    if multipliers and rounding is None:
        ctx.error(
            f.node_of(COMBAT_MULTIPLIERS),
            f.sub("multipliers"),
            "multipliers need the rounding rule declared",
            "add rounding: {round: down, per: unit} (or up, nearest, keep; per unit or side)",
        )
    figures = f.get(COMBAT_FIGURES, _figures)
    low, high, reading = read_policy(ctx, f)
    policy_mark = marks.noted(reading) if reading else ""
    read_chance = f.get(COMBAT_CHANCE, _chance)  # absent: the declared default, true
    chance = CHANCE_TITLE if read_chance is True else read_chance or ""
    f.close()
    if kind is None:
        return None
    steps = _steps(ctx, kind, columns, columns_path)
    codes = [r.code for r in results]
    _check_codes(ctx, f, results, below, columns, rows)
    if steps is None or len(set(codes)) != len(codes):
        return None
    return Combat(
        kind,
        steps,
        tuple(results),
        below,
        shifts,
        modifiers,
        low,
        high,
        chance,
        policy_mark,
        node.span,
        path,
        when,
        multipliers,
        rounding,
        figures,
    )


def _result(ctx: Context, node: Node, path: str) -> Result | None:
    if isinstance(node, Scalar):
        code = as_text(ctx, node, path)
        return None if code is None else Result(code, "", node.span)
    f = Fields(ctx, node, path, RESULT)
    code = f.text(RESULT_CODE)
    meaning = f.text(RESULT_MEANING)
    attacker = f.get(RESULT_ATTACKER, _loss)
    defender = f.get(RESULT_DEFENDER, _loss)
    f.close()
    for side, loss in (("attacker", attacker), ("defender", defender)):
        if loss is not None and loss.at_least == side:
            said = f"at_least: the {side}'s loss matches the other side's, not its own"
            ctx.error(f.value_span(side), f.sub(side), said)
    return None if code is None else Result(code, meaning, node.span, attacker, defender)


def _loss(ctx: Context, node: Node, path: str) -> Loss | None:
    f = Fields(ctx, node, path, LOSS)
    if f.map is None:
        return None
    steps = 0
    raw = f.node_of(LOSS_STEPS)
    if isinstance(raw, Scalar) and raw.value == "all":
        steps = -1
    elif raw is not None:
        steps = f.integer(LOSS_STEPS, default=0)
    retreat = f.integer(LOSS_RETREAT)
    at_least = f.choice(LOSS_AT_LEAST, default="")
    f.close()
    if not (steps or retreat or at_least):
        ctx.error(node, path, "a loss needs steps, retreat or at_least")
        return None
    return Loss(steps, retreat, at_least)


def _when(ctx: Context, node: Node, path: str) -> Condition | None:
    """A condition: every test given must hold."""
    f = Fields(ctx, node, path, WHEN)
    if f.map is None:
        return None
    attacker = f.get(WHEN_ATTACKER, read_selector)
    defender = f.get(WHEN_DEFENDER, read_selector)
    units = f.choice(WHEN_UNITS)
    turns = f.get(WHEN_TURN, _turns) or ()
    period = f.text(WHEN_PERIOD, default="")
    terrain, feature, edge = (
        tuple(f.get(k, read_names) or ()) for k in (WHEN_TERRAIN, WHEN_FEATURE, WHEN_EDGE)
    )
    f.close()
    if not f.map.entries:
        ctx.error(node, path, "an empty when: (give a side, a turn, a period or terrain)")
        return None
    return Condition(
        attacker, defender, units, turns, period, terrain, feature, edge, node.span, path
    )


def _turns(ctx: Context, node: Node, path: str) -> tuple[int, ...]:
    """Turn numbers, each read as text and then checked, so a mistake is said as written."""
    one = isinstance(node, Scalar)
    texts = [as_text(ctx, node, path)] if one else read_list(ctx, node, path, as_text)
    turns = []
    for i, text in enumerate(t for t in texts if t is not None):
        if text.lstrip("-").isdigit():
            turns.append(int(text))
        else:
            ctx.error(node, f"{path}[{i}]", f"turn {text!r} is not a number")
    return tuple(turns)


def _modifier(ctx: Context, node: Node, path: str) -> tuple[Modifier, Condition | None] | None:
    when: list[Condition | None] = []
    mod = read_modifier(
        ctx, node, path, COMBAT_MODIFIER, lambda f: when.append(f.get(WHEN_KEY, _when))
    )
    return None if mod is None else (mod, when[0] if when else None)


def _multiplier(ctx: Context, node: Node, path: str) -> Multiplier | None:
    f = Fields(ctx, node, path, MULTIPLIER)
    if f.map is None:
        return None
    side = f.choice(MULTIPLIER_SIDE)
    word = f.text(MULTIPLIER_MULTIPLY)
    label = f.text(MULTIPLIER_LABEL)
    when = f.get(WHEN_KEY, _when)
    f.close()
    if side is None or word is None:
        return None
    factor = MULTIPLY.get(word) or _factor(word)
    if factor is None:
        ctx.error(
            f.node_of(MULTIPLIER_MULTIPLY),
            f.sub("multiply"),
            f"multiply: {word!r} is not halve, double, triple or a number",
            did_you_mean(word, list(MULTIPLY), cutoff=0.5) or "e.g. 1/3 or 1.5",
        )
        return None
    return Multiplier(side, factor, word, when, label, node.span, path)


def _factor(text: str) -> Fraction | None:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        return None
    return value if 0 < value <= 100 else None


def _rounding(ctx: Context, node: Node, path: str) -> Rounding | None:
    f = Fields(ctx, node, path, ROUNDING)
    if f.map is None:
        return None
    rnd = f.choice(ROUNDING_ROUND)
    per = f.choice(ROUNDING_PER)
    f.close()
    return None if rnd is None else Rounding(rnd, per)


def _figures(ctx: Context, node: Node, path: str) -> Figures | None:
    f = Fields(ctx, node, path, FIGURES)
    if f.map is None:
        return None
    attr = f.text(FIGURES_ATTR)
    attack = f.integer(FIGURES_ATTACK)
    defence = f.integer(FIGURES_DEFENCE)
    f.close()
    return Figures(attr, attack, defence)


def _shift(ctx: Context, node: Node, path: str) -> Shift | None:
    f = Fields(ctx, node, path, SHIFT)
    if f.map is None:
        return None
    named = [(k.name, f.id(k)) for k in _SHIFT_KEYS if f.has(k.name)]
    shift = f.integer(SHIFT_SHIFT)
    group = f.text(SHIFT_GROUP)
    label = f.text(SHIFT_LABEL)
    across = f.choice(SHIFT_ACROSS)
    when = f.get(WHEN_KEY, _when)
    f.close()
    if not named and f.has("when"):  # a shift on a condition alone: in mud turns
        if shift is None or when is None:
            return None  # (said already)
        if not label:
            ctx.error(node, path, "a shift on a condition alone needs a label (how notes name it)")
        return Shift("when", "", shift, group, label, across, node.span, path, when)
    if len(named) != 1:
        found = ", ".join(on for on, _ in named) or "none"
        ctx.error(
            node,
            path,
            f"a column shift names exactly one of terrain, feature, line or edge, or has "
            f"when: (found: {found})",
        )
        return None
    on, name = named[0]
    if name is None or shift is None:
        return None
    if across != "all" and on != "edge":
        ctx.error(node, f"{path}.across", "across: applies to edge shifts only")
    return Shift(on, name, shift, group, label, across, node.span, path, when)


def _chance(ctx: Context, node: Node, path: str) -> str:
    """The chance column's title: true gives the usual one, false none ("" too when it
    cannot be read)."""
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return CHANCE_TITLE if node.value else ""
    return as_text(ctx, node, path) or ""


def column_step(kind: str, title: str) -> Fraction | None:
    """The odds ratio ('3-2' is 3/2) or difference ('+3', '-2', '0') a column title
    names; None when it names neither."""
    text = result_code(title)
    if kind == "odds":
        m = _ODDS.match(text)
        if not m or Fraction(m.group(2)) == 0 or Fraction(m.group(1)) == 0:
            return None
        return Fraction(m.group(1)) / Fraction(m.group(2))
    m = _DIFFERENCE.match(text)
    if not m:
        return None
    return -Fraction(m.group(2)) if m.group(1) in ("-", "\u2212") else Fraction(m.group(2))


def _steps(
    ctx: Context, kind: str, columns: list[Column], path: str
) -> tuple[Fraction, ...] | None:
    """Each column's step, strictly rising from the first column to the last."""
    steps: list[Fraction] = []
    ok = True
    for i, col in enumerate(columns):
        step = column_step(kind, col.title)
        where = f"{path}[{i}]"
        if step is None:
            noun = "odds" if kind == "odds" else "a difference"
            ctx.error(col.span, where, f"column {col.title!r} is not {noun}", _HINTS[kind])
            ok = False
            continue
        if steps and step <= steps[-1]:
            ctx.error(
                col.span,
                where,
                f"column {col.title!r} does not come after {columns[i - 1].title!r}",
                "columns run from the attacker's worst odds to his best",
            )
            ok = False
        steps.append(step)
    return tuple(steps) if ok and steps else None


def _check_codes(
    ctx: Context,
    f: Fields,
    results: list[Result],
    below: str | None,
    columns: list[Column],
    rows: list[tuple[Row, str]],
) -> None:
    """Every cell and `below:` is a result the game defines; a result no cell holds is a
    warning. Codes declared twice are errors."""
    codes: dict[str, Result] = {}
    for i, res in enumerate(results):
        if res.code in codes:
            ctx.error(
                res.span, f"{f.sub('results')}[{i}]", f"result {res.code!r} is declared twice"
            )
        codes.setdefault(res.code, res)
    known = list(codes)
    used: set[str] = set()
    for row, path in rows:
        if row.heading:
            continue
        for c, value in enumerate(row.cells):
            text = value.text if isinstance(value, Cell) else value
            if text is None:
                continue  # a write-in blank: the table check warns about it
            code = result_code(text)
            used.add(code)
            if code not in codes:
                span = row.cell_spans[c] if c < len(row.cell_spans) else row.span
                title = columns[c].title if c < len(columns) else "?"
                ctx.error(
                    span,
                    path,
                    f"unknown result {code!r} in column {title!r} (results: {', '.join(known)})",
                    did_you_mean(code, known, cutoff=0.5),
                )
    if below is not None:
        used.add(below)
        if below not in codes:
            ctx.error(
                f.node_of(COMBAT_BELOW),
                f.sub("below"),
                f"below: {below!r} is not one of the results ({', '.join(known)})",
                did_you_mean(below, known, cutoff=0.5),
            )
    for i, res in enumerate(results):
        if rows and res.code not in used and codes[res.code] is res:
            ctx.warning(res.span, f"{f.sub('results')}[{i}]", f"result {res.code!r} is in no cell")
