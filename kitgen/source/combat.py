"""A table's `combat:` mapping -> Combat: a combat results table's columns read as
odds or differentials, the results the game defines, column shifts and die-roll
modifiers. Checks what the table alone can show (column titles, their order, every
cell a defined result); the rules engine checks the rest against the map and the
dice (rules/combat.py)."""

from __future__ import annotations

import re
from fractions import Fraction

from ..model.combat import ACROSS, KINDS, SHIFT_ON, Combat, Result, Shift, result_code
from ..model.reading import Reading
from ..model.table import Cell, Column, Row
from ..names import did_you_mean
from .fields import Context, Fields, as_text
from .reading import Marks
from .spec import BOOLEAN, ID, INTEGER, TEXT, Choice, Either, Key, ListOf, Spec
from .threats import MODIFIER, OUT_OF_RANGE, read_modifier, read_policy, unique_modifier_names
from .yamlnodes import Node, Scalar

HEADING = "Combat results tables (`combat:`)"
RESULT = Spec(
    "combat-result",
    Key("code", TEXT, "as printed in the table's cells (AE, DR, EX)", required=True),
    Key("meaning", TEXT, "what it does, printed under the table", default=""),
    heading=HEADING,
)
SHIFT = Spec(
    "column-shift",
    Key("terrain", ID, "the defender's hex is this terrain"),
    Key("feature", ID, "the defender's hex holds this feature kind"),
    Key("line", ID, "a line of this kind runs through the defender's hex"),
    Key("edge", ID, "the attack crosses a hexside of this kind"),
    Key(
        "shift", INTEGER, "columns: -1 one column left, +1 one right", required=True, lo=-20, hi=20
    ),
    Key("group", TEXT, "shifts of one group do not add: only the largest applies", default=""),
    Key("label", TEXT, "how the chart names it (default: the id)", default=""),
    Key(
        "across", Choice(ACROSS), "edge shifts: when all attackers cross it, or any", default="all"
    ),
    heading=HEADING,
)
COMBAT = Spec(
    "combat",
    Key("by", Choice(KINDS, "combat table kind"), "how columns are found", required=True),
    Key(
        "results", ListOf(Either(TEXT, RESULT)), "the result codes the game defines", required=True
    ),
    Key("below", TEXT, "a result for attacks below the lowest column (default: the lowest)"),
    Key("shifts", ListOf(SHIFT), "column shifts from terrain, features, lines and hexsides"),
    Key("modifiers", ListOf(MODIFIER), "die-roll modifiers; any number apply together"),
    OUT_OF_RANGE,
    Key(
        "chance",
        Either(BOOLEAN, TEXT),
        "each result's chance per column: true, false or a title",
        default=True,
    ),
    heading=HEADING,
)
CHANCE_TITLE = "Chance of each result"
_ODDS = re.compile(r"^([0-9]{1,4}(?:\.[0-9]{1,2})?)\s*[-:\u2013]\s*([0-9]{1,4}(?:\.[0-9]{1,2})?)$")
_DIFFERENCE = re.compile(r"^([-+\u2212]?)([0-9]{1,4})$")
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
    kind = f.choice("by")
    results = f.seq("results", _result)
    below = f.text("below")
    shifts = tuple(f.seq("shifts", _shift))
    modifiers = tuple(f.seq("modifiers", read_modifier))
    unique_modifier_names(ctx, (), modifiers)
    low, high, reading = read_policy(ctx, f)
    policy_mark = marks.mark(Reading(reading)) if reading else ""
    chance = f.get("chance", _chance)
    chance = CHANCE_TITLE if chance is True else chance or ""
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
    )


def _result(ctx: Context, node: Node, path: str) -> Result | None:
    if isinstance(node, Scalar):
        code = as_text(ctx, node, path)
        return None if code is None else Result(code, "", node.span)
    f = Fields(ctx, node, path, RESULT)
    code = f.text("code")
    meaning = f.text("meaning")
    f.close()
    return None if code is None else Result(code, meaning, node.span)


def _shift(ctx: Context, node: Node, path: str) -> Shift | None:
    f = Fields(ctx, node, path, SHIFT)
    if f.map is None:
        return None
    named = [(on, f.id(on)) for on in SHIFT_ON if f.has(on)]
    shift = f.integer("shift")
    group = f.text("group")
    label = f.text("label")
    across = f.choice("across")
    f.close()
    if len(named) != 1:
        found = ", ".join(on for on, _ in named) or "none"
        ctx.error(
            node,
            path,
            f"a column shift names exactly one of terrain, feature, line or edge (found: {found})",
        )
        return None
    on, name = named[0]
    if name is None or shift is None:
        return None
    if across != "all" and on != "edge":
        ctx.error(node, f"{path}.across", "across: applies to edge shifts only")
    return Shift(on, name, shift, group, label, across, node.span, path)


def _chance(ctx: Context, node: Node, path: str) -> bool | str:
    """true or false, or the column's title ("" when it cannot be read: no column)."""
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return node.value
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
                f.node_of("below"),
                f.sub("below"),
                f"below: {below!r} is not one of the results ({', '.join(known)})",
                did_you_mean(below, known, cutoff=0.5),
            )
    for i, res in enumerate(results):
        if rows and res.code not in used and codes[res.code] is res:
            ctx.warning(res.span, f"{f.sub('results')}[{i}]", f"result {res.code!r} is in no cell")
