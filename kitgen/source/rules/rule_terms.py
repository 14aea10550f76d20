"""The terms rules are written in: piece selectors, targets and location tests."""

from __future__ import annotations

from typing import Any

from ...errors import Span
from ...model.rules import ANY, KINDS, Distance, Name, Selector, Target, Where, prop_text
from ...names import suggest
from ..fields import Context, Fields, as_text, read_list
from ..reading import READING
from ..spec import ANY as ANY_VALUE
from ..spec import (
    BOOLEAN,
    INTEGER,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    Named,
    OneOf,
    OneOrList,
    Spec,
)
from ..yamlnodes import Map, Node, Scalar, Seq, describe

# attributes whose value alone names a piece in messages ("farmer", not "type=farmer")
NAMING_KEYS = ("id", "type", "kind", "side")
_REF_WORDS = {"side": "the placing side", "unit": "the unit it is in"}  # `$side` in a message
YES_NO = ("yes", "no", "true", "false")  # values that say nothing without their key

NAMES = OneOrList(TEXT)
# `lancer-red` (an id), `any`, or {attr: value-or-list, ..., not: selector}
SELECTOR = Either(TEXT, Named(ANY_VALUE, "attributes, each a value or a list; not: a selector"))
TARGET = Spec("target", heading="rules and scenarios")  # exactly one key
TARGET.add(
    Key("pieces", SELECTOR, "the cells of placed pieces"),
    Key("cell", NAMES, "cells by label"),
    Key("place", NAMES, "the map's named places"),
    Key("area", NAMES, "areas (the map's or the scenario's)"),
    Key("terrain", NAMES, "cells of these terrains"),
    Key("opposite", TARGET, "the point reflection of a target through the board's centre"),
)
DISTANCE_CELLS = Key("cells", INTEGER, "steps", required=True, lo=0)
DISTANCE_THROUGH = Key("through", NAMES, "terrains walked through (default: any, walls ignored)")
DISTANCE_NOT_CROSSING = Key(
    "not_crossing", NAMES, "hexside or edge kinds the walk never crosses (a river)"
)
DISTANCE_OF = Key("of", TARGET, "the target measured from", required=True)
DISTANCE = Spec(
    "distance",
    DISTANCE_CELLS,
    DISTANCE_THROUGH,
    DISTANCE_NOT_CROSSING,
    DISTANCE_OF,
    heading="rules and scenarios",
)
LINE_FROM = Key("from", TARGET, "one end", required=True)
LINE_TO = Key("to", TARGET, "the other end", required=True)
LINE = Spec(
    "on-line",
    LINE_FROM,
    LINE_TO,
    heading="rules and scenarios",
)
WHERE = Spec("where", heading="rules and scenarios")  # every key given must hold
WHERE.add(
    Key("terrain", NAMES, "has one of these terrains"),
    Key(
        "props",
        Named(ANY_VALUE, "terrain properties and values"),
        "has a terrain with these property values",
    ),
    Key("area", NAMES, "lies in one of these areas"),
    Key("cell", NAMES, "is one of these cells"),
    Key("place", NAMES, "is one of the map's named places"),
    Key("within", DISTANCE, "is at most N steps from the target"),
    Key("beyond", DISTANCE, "is at least N steps from every cell of the target"),
    Key("adjacent_to", TARGET, "is a neighbour of the target"),
    Key("same_area_as", TARGET, "shares an area with the target"),
    Key("on_line", LINE, "lies on the straight line between two targets"),
    Key("on_map", BOOLEAN, "false: the piece is kept off the map"),
    Key("feature", NAMES, "holds one of these map features"),
    Key("line", NAMES, "lies on one of these map lines"),
    Key("box", NAMES, "is one of these off-map boxes"),
    Key("not", WHERE, "fails the inner test", field="negate"),
    Key("any_of", ListOf(WHERE), "passes one of the listed tests"),
)

SEVERITIES = ("error", "warning")
GROUPS = ("scenario", "side", "unit")
SLOT_COUNT = Key("count", INTEGER, "how many pieces fill the slot", required=True, lo=1)
SLOT_LABEL = Key("label", TEXT, "names the slot in messages", default="")
SLOT_PIECES = Key(
    "pieces",
    SELECTOR,
    "what fills it; any for an any-type slot",
    required=True,
    missing="write pieces: any for an any-type slot",
)
SLOT = Spec(
    "slot",
    SLOT_COUNT,
    SLOT_LABEL,
    SLOT_PIECES,
    heading="`slots`: a force made of fixed and any-type slots",
)
WEIGHT_WEIGHT = Key("weight", INTEGER, "what each such piece counts for", required=True, lo=0)
WEIGHT_PIECES = Key("pieces", SELECTOR, "the pieces it applies to", required=True)
WEIGHT = Spec(
    "weight",
    WEIGHT_WEIGHT,
    WEIGHT_PIECES,
    heading="rules:",
)
NOUN = Key("noun", TEXT, "what the message counts (default: pieces)", default="")
CONSTRAINT_KIND = Key(
    "kind", Choice(KINDS, "constraint kind"), "what the rule checks", required=True
)
CONSTRAINT_NAME = Key(
    "name", TEXT, "a short line on the set-up sheet's list of checked rules", default=""
)
CONSTRAINT_SEVERITY = Key(
    "severity",
    Choice(SEVERITIES),
    "warning: advice that does not fail the check",
    default="error",
)
CONSTRAINT_WHEN = Key("when", NAMES, "applies only when the scenario uses all these options")
CONSTRAINT_UNLESS = Key(
    "unless", NAMES, "does not apply when the scenario uses any of these options"
)
CONSTRAINT_PIECES = Key("pieces", SELECTOR, "which pieces the rule is about (default: every piece)")
# each kind's own keys
ONLY_ON = Key("only_on", NAMES, "terrains the pieces may stand on")
NOT_ON = Key("not_on", NAMES, "terrains the pieces may not stand on")
LIMIT = Key("limit", INTEGER, "at most this many", lo=0)
LIMIT_FROM = Key("limit_from", TEXT, "a terrain property holding the limit", default="")
STACK_PER = Key(
    "per", Choice(("cell", "area")), "counted per cell or per named area", default="cell"
)
EACH_SIDE = Key("each_side", BOOLEAN, "each side counted on its own", default=False)
TERRAINS = Key("terrains", NAMES, "only cells of these terrains")
WEIGHTS = Key("weights", ListOf(WEIGHT), "pieces that count for more than one")
PLACE_WHERE = Key("where", WHERE, "the test every matching piece must pass")
COUNT_OF = Key("of", Choice(("pieces", "sides", "units")), "what is counted", default="pieces")
COUNT_PER = Key("per", Choice(GROUPS), "counted per scenario, side or unit", default="scenario")
COUNT_WHERE = Key("where", WHERE, "count only pieces that pass this test")
EXACTLY = Key("exactly", INTEGER, "exactly this many", lo=0)
COUNT_MIN = Key("min", INTEGER, "at least this many", lo=0)
COUNT_MAX = Key("max", INTEGER, "at most this many", lo=0)
SLOTS_PER = Key("per", Choice(GROUPS), "a force per scenario, side or unit", default="side")
SLOTS = Key("slots", ListOf(SLOT), "filled in the order written, any-type last", required=True)
RANGE_OF = Key(
    "of", Choice(("pieces", "sides")), "pieces' attributes or sides' values", default="pieces"
)
RANGE_ATTR = Key("attr", TEXT, "the attribute or side value", required=True, default="")
RANGE_MIN = Key("min", NUMBER, "the lowest value allowed")
RANGE_MAX = Key("max", NUMBER, "the highest value allowed")
RANGE_ONE_OF = Key("one_of", NAMES, "the text values allowed")
RANGE_ROWS_OF = Key(
    "rows_of",
    NAMES,
    "tables (ids) whose row names are the text values allowed: a weapon of the weapons table",
)
RANGE_REQUIRED = Key(
    "required", BOOLEAN, "a piece without the attribute is an error", default=False
)
CONSTRAINT = Spec(
    "constraint",
    CONSTRAINT_KIND,
    CONSTRAINT_NAME,
    READING,
    CONSTRAINT_SEVERITY,
    CONSTRAINT_WHEN,
    CONSTRAINT_UNLESS,
    CONSTRAINT_PIECES,
    heading="rules:",
    kind_key="kind",
    kinds={
        "terrain": (ONLY_ON, NOT_ON),
        "stacking": (LIMIT, LIMIT_FROM, STACK_PER, EACH_SIDE, TERRAINS, NOUN, WEIGHTS),
        "placement": (PLACE_WHERE,),
        "count": (COUNT_OF, COUNT_PER, COUNT_WHERE, NOUN, EXACTLY, COUNT_MIN, COUNT_MAX),
        "slots": (SLOTS_PER, NOUN, SLOTS),
        "range": (
            RANGE_OF,
            RANGE_ATTR,
            RANGE_MIN,
            RANGE_MAX,
            RANGE_ONE_OF,
            RANGE_ROWS_OF,
            RANGE_REQUIRED,
        ),
    },
    kind_one_of={
        "terrain": (
            OneOf(
                "only_on",
                "not_on",
                none="a terrain rule needs only_on or not_on",
                both="only_on already keeps the pieces off every other terrain",
                at="not_on",
                on_key=True,
                reader_says=True,
            ),
        ),
        "stacking": (
            OneOf(
                "limit",
                "limit_from",
                none="a stacking rule needs limit (a number) or limit_from (a terrain property)",
                both="give limit (a number) or limit_from (a terrain property), not both",
                at="limit_from",
                on_key=True,
                reader_says=True,
            ),
        ),
        "placement": (OneOf("where", none="a placement rule needs where:"),),
        "count": (
            OneOf(
                "exactly",
                "min",
                "max",
                alone=False,
                none="a count rule needs exactly, min or max",
                reader_says=True,
            ),
            *(
                OneOf(
                    "exactly",
                    other,
                    needed=False,
                    both=f"exactly and {other} together: give exactly, or min and max",
                    at=other,
                    on_key=True,
                )
                for other in ("min", "max")
            ),
        ),
    },
)


def read_selector(ctx: Context, node: Node, path: str) -> Selector | None:
    """`lancer-red` (an id), `any`, or {attr: value-or-list, ..., not: selector}."""
    if isinstance(node, Scalar):
        text = as_text(ctx, node, path)
        if text is None:
            return None
        if text == "any":
            return ANY
        return Selector((("id", frozenset([text])),), None, text, node.span, text)
    if not isinstance(node, Map):
        ctx.error(
            node, path, f"expected a piece id or a mapping of attributes, got {describe(node)}"
        )
        return None
    attrs: list[tuple[str, frozenset[str]]] = []
    words: list[str] = []  # before "piece(s)": values that name a kind of piece
    clauses: list[tuple[str, str]] = []  # after it: (attribute, the `$` names it must equal)
    negate = None
    for key, value in node.entries.items():
        sub = f"{path}.{key}"
        if key == "not":
            negate = read_selector(ctx, value, sub)
            continue
        values = read_names(ctx, value, sub)
        if not values:
            continue
        if values == ["any"]:
            continue  # {type: any}: an "any type" slot
        attrs.append((key, frozenset(values)))
        shown = "/".join(values)
        if any(v.startswith("$") for v in values):
            refs = " or ".join(_REF_WORDS.get(v[1:], f"its own {v[1:]}") for v in values)
            clauses.append((key, refs))
        elif key in NAMING_KEYS or not any(v in YES_NO for v in values):
            words.append(shown)
        else:
            words.append(f"{key}={shown}")
    tail = " and ".join(f"whose {key} is {refs}" for key, refs in clauses)
    if negate is not None:
        tail = " and ".join(t for t in (tail, _excluding(negate)) if t)
    head = " ".join(words)
    text = head if head and not tail else " ".join(p for p in (head or "pieces", tail) if p)
    return Selector(tuple(attrs), negate, text or "any piece", node.span, head, tail)


def _excluding(negate: Selector) -> str:
    """How `not:` reads after the pieces it leaves: 'other than king', or, for a test of
    the placing context alone, 'whose side is not its placing side'."""
    if negate.tail.startswith("whose ") and not negate.words and " and " not in negate.tail:
        return negate.tail.replace(" is ", " is not ", 1)
    return f"other than {negate.text}"


def read_names(ctx: Context, node: Node, path: str) -> list[Name]:
    """A name or a list of names, each kept with where it was written."""
    items = list(enumerate(node)) if isinstance(node, Seq) else [(None, node)]
    out = []
    for i, item in items:
        text = as_text(ctx, item, path if i is None else f"{path}[{i}]")
        if text:
            out.append(Name(text, item.span))
    return out


def field_names(f: Fields, key: Key[list[str] | None]) -> tuple[Name, ...]:
    """The names under one key of a mapping (none when the key is absent)."""
    return tuple(f.get(key, read_names) or ())


TARGET_KEYS = tuple(TARGET.keys)


def read_target(ctx: Context, node: Node, path: str) -> Target | None:
    """{pieces: sel} | {cell: C4} | {place: p} | {area: a} | {terrain: t} | {opposite: target}."""
    if not isinstance(node, Map) or len(node.entries) != 1:
        ctx.error(
            node,
            path,
            "expected one of " + ", ".join(TARGET_KEYS) + " as a mapping of one key",
            "e.g. {pieces: {type: leader}} or {place: gate}",
        )
        return None
    key = next(iter(node.entries))  # its one key
    value = node.get(key)
    assert value is not None
    sub = f"{path}.{key}"
    if key not in TARGET_KEYS:
        ctx.error(node.key_span(key), sub, f"unknown target {key!r}", suggest(key, TARGET_KEYS))
        return None
    if key == "pieces":
        sel = read_selector(ctx, value, sub)
        return Target("pieces", (), sel, None, node.span, sel.text) if sel else None
    if key == "opposite":
        inner = read_target(ctx, value, sub)
        return (
            Target("opposite", (), None, inner, node.span, f"opposite {inner.text}")
            if inner
            else None
        )
    names = tuple(read_names(ctx, value, sub))
    if not names:
        return None
    return Target(key, names, None, None, node.span, f"{key} {'/'.join(names)}")


WHERE_KEYS = tuple(WHERE.keys)


def read_where(ctx: Context, node: Node, path: str) -> Where | None:
    """A location test: every key given must hold for the cell (see docs/format.md)."""
    f = Fields(ctx, node, path, WHERE)
    if f.map is None:
        return None
    where = WHERE.build(f, _where, _WHERE_HOOKS, span=node.span)
    if where is None and not f.map.entries:  # else the keys' own errors say what is wrong
        ctx.error(node, path, "an empty location test", "use " + ", ".join(WHERE_KEYS))
    return where


def _where(span: Span | None, **parts: Any) -> Where | None:
    """The test, if any of its keys was read to a value."""
    return Where(span=span, **parts) if parts else None


def _name_tuple(ctx: Context, node: Node, path: str) -> tuple[Name, ...]:
    return tuple(read_names(ctx, node, path))


def _where_list(ctx: Context, node: Node, path: str) -> tuple[Where, ...]:
    return tuple(read_list(ctx, node, path, read_where))


def _read_props(ctx: Context, node: Node, path: str) -> tuple[tuple[str, str], ...]:
    """{lockable: true, room: true}: the cell's terrain has these property values."""
    if not isinstance(node, Map) or not node.entries:
        ctx.error(node, path, f"expected a mapping of terrain properties, got {describe(node)}")
        return ()
    out = []
    for key, value in node.entries.items():
        if not isinstance(value, Scalar) or value.value is None:
            ctx.error(value, f"{path}.{key}", f"expected a value, got {describe(value)}")
            continue
        out.append((Name(key, node.key_span(key)), prop_text(value.value)))
    return tuple(out)


def _read_line(ctx: Context, node: Node, path: str) -> tuple[Target, Target] | None:
    """{from: target, to: target}."""
    f = Fields(ctx, node, path, LINE)
    ends = []
    for key in (LINE_FROM, LINE_TO):
        raw = f.node_of(key)
        if raw is None:
            continue
        target = read_target(ctx, raw, f.sub(key.name))
        if target is not None:
            ends.append(target)
    f.close()
    return (ends[0], ends[1]) if len(ends) == 2 else None


def _read_distance(ctx: Context, node: Node, path: str) -> Distance | None:
    """{cells: N, of: target, through: [terrain, ...], not_crossing: [edge kind, ...]}."""
    f = Fields(ctx, node, path, DISTANCE)
    cells = f.integer(DISTANCE_CELLS)
    through = tuple(f.get(DISTANCE_THROUGH, read_names) or ())
    not_crossing = tuple(f.get(DISTANCE_NOT_CROSSING, read_names) or ())
    raw = f.node_of(DISTANCE_OF)
    target = read_target(ctx, raw, f.sub("of")) if raw is not None else None
    f.close()
    if cells is None or target is None:
        return None
    return Distance(int(cells), target, through, not_crossing)


# How each key of a location test is read (every key of WHERE has one: none is a plain value)
_WHERE_HOOKS = {
    **{k: _name_tuple for k in ("terrain", "area", "cell", "place", "feature", "line", "box")},
    "props": lambda ctx, node, path: _read_props(ctx, node, path) or None,
    "within": _read_distance,
    "beyond": _read_distance,
    "adjacent_to": read_target,
    "same_area_as": read_target,
    "on_line": _read_line,
    "not": read_where,
    "any_of": _where_list,
}
