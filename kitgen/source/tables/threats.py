"""threats: in game.yaml -> reaction tables (ThreatTable), read with spans.

Rows may be written out, or generated from a behaviour profile (`generate:`);
the coverage and odds checks live in rules/reaction.py.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...model.threat import Behaviour, Gloss, Modifier, Priority, Profile, Row, State, ThreatTable
from ..fields import Context, Fields, as_roll, as_text, read_list, read_unique_list
from ..reading import READING, Marks, read_reading
from ..spec import (
    ID,
    INTEGER,
    NULL,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    OneOf,
    OneOrList,
    Spec,
)
from ..yamlnodes import Map, Node, Scalar, Seq, describe
from .bands import BandError, parse_band

POLICIES = ("error", "clamp")
HEADING = "Reaction tables (`threats:`)"
_POLICY = Choice(POLICIES, "out-of-range policy")
_DICE = Key("roll", TEXT, "dice that replace the roll (d{2,3,3,4,4,5})")
_MODIFIER = Key("modifier", INTEGER, "added to the roll")
POLICY_LOW = Key("low", _POLICY, "totals under the first row: error or clamp", default="error")
POLICY_HIGH = Key("high", _POLICY, "totals over the last row: error or clamp", default="error")
POLICY_READING = Key(
    "reading", TEXT, "why the kit chose the policy when the source is silent", default=""
)
POLICY = Spec(
    "out-of-range",
    POLICY_LOW,
    POLICY_HIGH,
    POLICY_READING,
    heading=HEADING,
)
OUT_OF_RANGE = Key("out_of_range", Either(_POLICY, POLICY), "totals past the rows: error or clamp")
RESULT_ROW_RESULT = Key(
    "result",
    TEXT,
    "the total(s): 4, 2-3, >6, <=0, 7+",
    required=True,
    missing="e.g. 1, 2-3, >6 or <=0",
)
RESULT_ROW_OUTCOME = Key("outcome", Either(TEXT, NULL), "the outcome (one column)")
RESULT_ROW_OUTCOMES = Key(
    "outcomes", ListOf(Either(TEXT, NULL)), "one per column; null a write-in blank"
)
RESULT_ROW_READING = Key(
    "reading", READING.type, "the kit's reading of this row: its mark by the row's result"
)
RESULT_ROW = Spec(
    "reaction-row",
    RESULT_ROW_RESULT,
    RESULT_ROW_OUTCOME,
    RESULT_ROW_OUTCOMES,
    RESULT_ROW_READING,
    heading=HEADING,
    one_of=(
        OneOf(
            "outcomes",
            "outcome",
            hint="one entry per column; null prints a write-in blank",
            both="write outcome or outcomes, not both",
            at="outcomes",
        ),
    ),
)
STATE_WHEN = Key("when", TEXT, "the state's label", required=True, default="")
STATE = Spec(
    "state",
    STATE_WHEN,
    _MODIFIER,
    _DICE,
    heading=HEADING,
)
MODIFIER_NAME = Key("name", TEXT, "the modifier's name", required=True)
MODIFIER_NOTE = Key("note", TEXT, "a note printed with it", default="")
MODIFIER_STATES = Key("states", ListOf(STATE), "two or more states, instead of modifier or roll")
MODIFIER = Spec(
    "modifier",
    MODIFIER_NAME,
    MODIFIER_NOTE,
    MODIFIER_STATES,
    _MODIFIER,
    _DICE,
    heading=HEADING,
    one_of=(
        OneOf(
            "modifier",
            "states",
            needed=False,
            both="write modifier or states, not both",
            at="modifier",
        ),
    ),
)
BEHAVIOUR_OUTCOME = Key("outcome", TEXT, "the outcome", required=True)
BEHAVIOUR_WEIGHT = Key("weight", NUMBER, "its share of the rows", required=True, lo=0)
BEHAVIOUR = Spec(
    "behaviour",
    BEHAVIOUR_OUTCOME,
    BEHAVIOUR_WEIGHT,
    heading="Generated tables (`generate:` instead of `rows:`)",
)
PROFILE_WEIGHTS = Key("weights", ListOf(BEHAVIOUR), "outcomes with weights")
PROFILE_PRIORITY = Key("priority", ListOf(TEXT), "outcomes in order, weighted n..1")
PROFILE = Spec(
    "profile",
    PROFILE_WEIGHTS,
    PROFILE_PRIORITY,
    heading="Generated tables (`generate:` instead of `rows:`)",
    one_of=(
        OneOf(
            "weights",
            "priority",
            hint="or 'priority' (an order)",
            both="write weights or a priority order, not both",
            at="priority",
        ),
    ),
)
GLOSS_TERM = Key("term", TEXT, "the term", required=True)
GLOSS_MEANING = Key("meaning", TEXT, "what it means", required=True)
GLOSS = Spec(
    "gloss",
    GLOSS_TERM,
    GLOSS_MEANING,
    heading=HEADING,
)
PRIORITY_TITLE = Key("title", TEXT, "the list's title", required=True)
PRIORITY_INTRO = Key("intro", TEXT, "a line before the list", default="")
PRIORITY_ITEMS = Key("items", OneOrList(TEXT), "the order", required=True)
PRIORITY = Spec(
    "priority",
    PRIORITY_TITLE,
    PRIORITY_INTRO,
    PRIORITY_ITEMS,
    heading=HEADING,
)
THREAT_ID = Key("id", ID, "unique", required=True)
THREAT_ROLL = Key(
    "roll",
    TEXT,
    "the dice thrown, e.g. d6 or 2d6",
    required=True,
    missing="the dice thrown, e.g. d6 or 2d6",
)
THREAT_COLUMNS: Key[Any] = Key("columns", OneOrList(TEXT), "outcome columns", default="OUTCOME")
THREAT_GENERATE = Key(
    "generate", PROFILE, "rows generated from a behaviour profile, instead of rows"
)
THREAT_ROWS = Key("rows", ListOf(RESULT_ROW), "the table's rows")
THREAT_TYPES = Key("types", ListOf(MODIFIER), "one of these applies")
THREAT_TYPES_READING = Key(
    "types_reading",
    READING.type,
    "the kit's reading of the types line (e.g. a species line): its mark on that line",
)
THREAT_SITUATIONS = Key("situations", ListOf(MODIFIER), "any number apply together")
THREAT_EXCLUSIVE = Key(
    "exclusive", ListOf(ListOf(TEXT)), "groups of situations that exclude each other"
)
THREAT_ODDS = Key("odds", ListOf(ListOf(TEXT)), "extra combinations to print, by modifier label")
THREAT_TITLE = Key("title", TEXT, "the card's title", required=True)
THREAT_SUBTITLE = Key("subtitle", TEXT, "a line under it", default="")
THREAT_ROLL_LABEL = Key("roll_label", TEXT, "the roll column's heading", default="")
THREAT_GLOSSARY = Key("glossary", ListOf(GLOSS), "terms explained on the card")
THREAT_PRIORITIES = Key("priorities", ListOf(PRIORITY), "ordered lists printed on the card")
THREAT_NOTES = Key("notes", OneOrList(TEXT), "lines under the table")
THREAT = Spec(
    "threat",
    THREAT_ID,
    THREAT_ROLL,
    THREAT_COLUMNS,
    READING,
    OUT_OF_RANGE,
    THREAT_GENERATE,
    THREAT_ROWS,
    THREAT_TYPES,
    THREAT_TYPES_READING,
    THREAT_SITUATIONS,
    THREAT_EXCLUSIVE,
    THREAT_ODDS,
    THREAT_TITLE,
    THREAT_SUBTITLE,
    THREAT_ROLL_LABEL,
    THREAT_GLOSSARY,
    THREAT_PRIORITIES,
    THREAT_NOTES,
    heading=HEADING,
    one_of=(
        OneOf(
            "rows",
            "generate",
            hint="or 'generate:' from a profile",
            both="write rows or generate them, not both",
            at="rows",
        ),
    ),
)
THREATS = ListOf(THREAT)


def read_threats(ctx: Context, node: Node, path: str) -> list[ThreatTable]:
    return read_unique_list(ctx, node, path, read_threat, "threat table")


def read_threat(ctx: Context, node: Node, path: str) -> ThreatTable | None:
    f = Fields(ctx, node, path, THREAT)
    if f.map is None:
        return None
    table_id = f.id(THREAT_ID)
    roll = f.get(THREAT_ROLL, as_roll)
    columns = tuple(f.texts(THREAT_COLUMNS)) or (THREAT_COLUMNS.default,)
    marks = Marks(ctx)
    sign = marks.mark(f.get(READING, read_reading))
    types_mark = marks.mark(f.get(THREAT_TYPES_READING, read_reading))
    low, high, policy_reading = read_policy(ctx, f)
    policy_mark = marks.noted(policy_reading) if policy_reading else ""
    profile = f.get(THREAT_GENERATE, _profile)
    rows_node = f.node_of(THREAT_ROWS)
    rows: list[Row] = []
    if rows_node is not None:
        f.both("rows", True, profile is not None)
        rows = read_list(ctx, rows_node, f.sub("rows"), lambda c, n, p: _row(c, n, p, len(columns)))
    types = tuple(f.seq(THREAT_TYPES, read_modifier))
    if types_mark and not types:
        ctx.error(
            f.node_of(THREAT_TYPES_READING),
            f.sub("types_reading"),
            "a types reading marks the Threat-type line: this table has no types",
            "add types:, or mark the whole table with reading:",
        )
    situations = tuple(f.seq(THREAT_SITUATIONS, read_modifier))
    unique_modifier_names(ctx, types, situations)
    exclusive = f.get(THREAT_EXCLUSIVE, _exclusive, {m.name for m in situations}) or ()
    effect_labels = {_label(m.name, st.label) for m in (*types, *situations) for st in m.states}
    odds = f.get(THREAT_ODDS, _odds, effect_labels) or ()
    table = ThreatTable(
        id=table_id or "",
        title=f.text(THREAT_TITLE, default=table_id or "") + sign,
        subtitle=f.text(THREAT_SUBTITLE),
        roll=roll or "d6",
        roll_label=f.text(THREAT_ROLL_LABEL),
        columns=columns,
        rows=tuple(rows),
        types=types,
        types_mark=types_mark,
        situations=situations,
        exclusive=exclusive,
        low=low,
        high=high,
        glossary=tuple(f.seq(THREAT_GLOSSARY, _gloss)),
        priorities=tuple(f.seq(THREAT_PRIORITIES, _priority)),
        notes=tuple(f.texts(THREAT_NOTES)),
        policy_reading=policy_reading,
        policy_mark=policy_mark,
        odds=odds,
        profile=profile,
        span=node.span,
        path=path,
        rows_span=rows_node.span if rows_node is not None else None,
    )
    f.close()
    if roll is None or table_id is None:
        return None
    return table


def _label(name: str, state: str) -> str:
    return f"{name} ({state})" if state else name


def read_policy(ctx: Context, f: Fields) -> tuple[str, str, str]:
    """The low and high policies, and why the kit chose them when the source is silent."""
    node = f.node_of(OUT_OF_RANGE)
    path = f.sub("out_of_range")
    if node is None:
        return "error", "error", ""
    if isinstance(node, Scalar):
        one = _one_policy(ctx, node, path)
        return one, one, ""
    g = Fields(ctx, node, path, POLICY)
    low = g.choice(POLICY_LOW)
    high = g.choice(POLICY_HIGH)
    reading = g.text(POLICY_READING)
    g.close()
    return low, high, reading


def _one_policy(ctx: Context, node: Node, path: str) -> str:
    from ..fields import as_choice

    return as_choice(ctx, node, path, POLICIES, "out-of-range policy") or "error"


def _row(ctx: Context, node: Node, path: str, ncols: int) -> Row | None:
    f = Fields(ctx, node, path, RESULT_ROW)
    if f.map is None:
        return None
    band = None
    result = f.node_of(RESULT_ROW_RESULT)
    if result is not None:
        text = as_text(ctx, result, f.sub("result"))
        if text is not None:
            try:
                band = parse_band(text)
            except BandError as exc:
                ctx.error(
                    result,
                    f.sub("result"),
                    str(exc),
                    "write a result as 4, 2-3, >6, >=7, <=0, <1 or 7+",
                )
    outcomes = _outcomes(ctx, f, ncols)
    mark = Marks(ctx).mark(f.get(RESULT_ROW_READING, read_reading))
    f.close()
    if band is None or outcomes is None:
        return None
    return Row(band, outcomes, node.span, path, mark)


def _outcomes(ctx: Context, f: Fields, ncols: int) -> tuple[str | None, ...] | None:
    """`outcome: X` (one column) or `outcomes: [X, Y]`; null is a write-in blank."""
    many, one = f.node_of(RESULT_ROW_OUTCOMES), f.node_of(RESULT_ROW_OUTCOME)
    if f.both("outcome"):
        return None
    if one is not None:
        values: list[Node] = [one]
        where = f.sub("outcome")
    elif isinstance(many, Seq):
        values = list(many)
        where = f.sub("outcomes")
    elif many is not None:
        ctx.error(many, f.sub("outcomes"), f"expected a list, got {describe(many)}")
        return None
    else:
        return None
    if len(values) != ncols:
        node = many if many is not None else one
        ctx.error(node, where, f"{len(values)} outcome(s) for {ncols} column(s)")
        return None
    out: list[str | None] = []
    for i, v in enumerate(values):
        if isinstance(v, Scalar) and v.value is None and v.raw in ("", "null", "~"):
            out.append(None)
        else:
            out.append(as_text(ctx, v, f"{where}[{i}]" if many is not None else where))
    return tuple(out)


def read_modifier(
    ctx: Context,
    node: Node,
    path: str,
    spec: Spec = MODIFIER,
    more: Callable[[Fields], object] | None = None,
) -> Modifier | None:
    """A modifier; a spec that declares more keys (a combat modifier's `when:`) has
    them read by `more` before the mapping is closed."""
    f = Fields(ctx, node, path, spec)
    if f.map is None:
        return None
    if more is not None:
        more(f)
    name = f.text(MODIFIER_NAME)
    note = f.text(MODIFIER_NOTE)
    states: list[State] = []
    if f.has("states"):
        f.both("states")
        states = f.seq(MODIFIER_STATES, _state)
        if len(states) < 2:
            ctx.error(
                f.node_of(MODIFIER_STATES),
                f.sub("states"),
                "a modifier with states needs two or more",
            )
    else:
        st = _state_fields(ctx, f, "")
        if st is not None:
            states = [st]
    f.close()
    if name is None or not states:
        return None
    return Modifier(name, tuple(states), node.span, path, note)


def _state(ctx: Context, node: Node, path: str) -> State | None:
    f = Fields(ctx, node, path, STATE)
    if f.map is None:
        return None
    label = f.text(STATE_WHEN)
    st = _state_fields(ctx, f, label)
    f.close()
    return st


def _state_fields(ctx: Context, f: Fields, label: str) -> State | None:
    add = f.integer(_MODIFIER)
    roll = f.get(_DICE, as_roll)
    if add is None and roll is None:
        if f.map is not None and "modifier" not in f.map and "roll" not in f.map:
            ctx.error(
                f.node,
                f.path,
                "needs 'modifier' (a number added to the roll) "
                "or 'roll' (dice that replace the roll)",
            )
        return None
    return State(label, add or 0, roll)


def unique_modifier_names(
    ctx: Context, types: tuple[Modifier, ...], situations: tuple[Modifier, ...]
) -> None:
    seen: dict[str, Modifier] = {}
    for m in (*types, *situations):
        if m.name in seen:
            first = seen[m.name]
            ctx.error(m.span, m.path, f"modifier {m.name!r} is already named at {first.path}")
        else:
            seen[m.name] = m


def _exclusive(ctx: Context, node: Node, path: str, names: set[str]) -> tuple[tuple[str, ...], ...]:
    groups: list[tuple[str, ...]] = []
    used: dict[str, str] = {}
    for i, group in enumerate(read_list(ctx, node, path, lambda c, n, p: n)):
        gpath = f"{path}[{i}]"
        members = read_list(ctx, group, gpath, as_text)
        for j, name in enumerate(members):
            sub = group.items[j] if isinstance(group, Seq) else group
            if name not in names:
                from ...names import suggest

                ctx.error(
                    sub,
                    f"{gpath}[{j}]",
                    f"no situation named {name!r}",
                    suggest(name, sorted(names)),
                )
            elif name in used:
                ctx.error(sub, f"{gpath}[{j}]", f"{name!r} is already in {used[name]}")
            else:
                used[name] = gpath
        if len(members) < 2:
            ctx.error(group, gpath, "an exclusive group names two or more situations")
        groups.append(tuple(members))
    return tuple(groups)


def _odds(ctx: Context, node: Node, path: str, labels: set[str]) -> tuple[tuple[str, ...], ...]:
    out: list[tuple[str, ...]] = []
    for i, combo in enumerate(read_list(ctx, node, path, lambda c, n, p: n)):
        cpath = f"{path}[{i}]"
        names = read_list(ctx, combo, cpath, as_text)
        for j, name in enumerate(names):
            if name not in labels:
                from ...names import suggest

                sub = combo.items[j] if isinstance(combo, Seq) else combo
                ctx.error(
                    sub,
                    f"{cpath}[{j}]",
                    f"no modifier named {name!r}",
                    suggest(name, sorted(labels)),
                )
        out.append(tuple(names))
    return tuple(out)


def _gloss(ctx: Context, node: Node, path: str) -> Gloss | None:
    f = Fields(ctx, node, path, GLOSS)
    term = f.text(GLOSS_TERM)
    meaning = f.text(GLOSS_MEANING)
    f.close()
    return Gloss(term, meaning) if term is not None and meaning is not None else None


def _priority(ctx: Context, node: Node, path: str) -> Priority | None:
    f = Fields(ctx, node, path, PRIORITY)
    title = f.text(PRIORITY_TITLE)
    intro = f.text(PRIORITY_INTRO)
    items = f.texts(PRIORITY_ITEMS)
    f.close()
    return Priority(title, tuple(items), intro) if title is not None and items else None


def _profile(ctx: Context, node: Node, path: str) -> Profile | None:
    """generate: {weights: [{outcome, weight}]} or {priority: [A, B, C]} (read as n..1)."""
    f = Fields(ctx, node, path, PROFILE)
    if f.map is None:
        return None
    weights_node, priority_node = f.node_of(PROFILE_WEIGHTS), f.node_of(PROFILE_PRIORITY)
    behaviours: list[Behaviour] = []
    from_priority = False
    if f.both("priority"):
        pass
    elif weights_node is not None:
        behaviours = read_list(ctx, weights_node, f.sub("weights"), _behaviour)
    elif priority_node is not None:
        names = read_list(ctx, priority_node, f.sub("priority"), as_text)
        items = priority_node.items if isinstance(priority_node, Seq) else []
        behaviours = [
            Behaviour(name, len(names) - i, items[i].span if i < len(items) else None)
            for i, name in enumerate(names)
        ]
        from_priority = True
    f.close()
    if not behaviours:
        return None
    if sum(b.weight for b in behaviours) <= 0:
        ctx.error(node, path, "the weights add up to nothing")
        return None
    return Profile(tuple(behaviours), node.span, path, from_priority)


def _behaviour(ctx: Context, node: Node, path: str) -> Behaviour | None:
    f = Fields(ctx, node, path, BEHAVIOUR)
    if not isinstance(node, Map):
        return None
    outcome = f.text(BEHAVIOUR_OUTCOME)
    weight = f.number(BEHAVIOUR_WEIGHT)
    f.close()
    if outcome is None or weight is None:
        return None
    return Behaviour(outcome, weight, node.span)
