"""rules: in game.yaml -> RuleBook, and <game>/scenarios/*.yaml -> Scenario.

The vocabulary (constraint kinds, selectors, location tests) is documented in
docs/format.md under "rules and scenarios". Everything here is general: no
terrain, piece or side is known in advance.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ...budget import MAX_SCENARIO_BYTES, MAX_SCENARIO_FILES, MAX_YAML_VALUES
from ...errors import KitError, Span
from ...files import FileRefused, list_folder, list_subfolders, real_path
from ...model.placed import built_in_clash
from ...model.rules import (
    ANY,
    Attribute,
    Constraint,
    CountRule,
    Name,
    Option,
    PieceType,
    PlacementRule,
    RangeRule,
    RuleBook,
    Selector,
    Slot,
    SlotsRule,
    StackingRule,
    TerrainRule,
    bound_text,
    num_text,
)
from ...names import suggest
from ...records import replace
from ...units import finite_number
from ..expand import read_for_each, substitute
from ..fields import Context, Fields, as_id, as_number, as_text, check_unique_ids
from ..game import SCENARIO_DIR, scenario_path  # noqa: F401  (re-exported)
from ..reading import READING, read_reading
from ..spec import ANY as ANY_VALUE
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
    Named,
    OneOrList,
    Spec,
)
from ..yamlnodes import SOURCES, Map, Node, Scalar, describe, load_yaml
from .rule_terms import (
    CONSTRAINT,
    CONSTRAINT_KIND,
    CONSTRAINT_NAME,
    CONSTRAINT_PIECES,
    CONSTRAINT_SEVERITY,
    CONSTRAINT_UNLESS,
    CONSTRAINT_WHEN,
    COUNT_MAX,
    COUNT_MIN,
    COUNT_OF,
    COUNT_PER,
    COUNT_WHERE,
    EACH_SIDE,
    EXACTLY,
    LIMIT,
    LIMIT_FROM,
    NOT_ON,
    NOUN,
    ONLY_ON,
    PLACE_WHERE,
    RANGE_ATTR,
    RANGE_MAX,
    RANGE_MIN,
    RANGE_OF,
    RANGE_ONE_OF,
    RANGE_REQUIRED,
    RANGE_ROWS_OF,
    SLOT,
    SLOT_COUNT,
    SLOT_LABEL,
    SLOT_PIECES,
    SLOTS,
    SLOTS_PER,
    STACK_PER,
    TERRAINS,
    WEIGHT,
    WEIGHT_PIECES,
    WEIGHT_WEIGHT,
    WEIGHTS,
    field_names,
    read_selector,
    read_where,
)
from .scenario import read_scenario

ATTRIBUTE_ONE_OF = Key("one_of", OneOrList(TEXT), "the text values allowed")
ATTRIBUTE_TYPE = Key("type", Choice(("number", "integer", "text")), "number, integer or text")
ATTRIBUTE_MIN = Key("min", NUMBER, "the lowest value")
ATTRIBUTE_MAX = Key("max", NUMBER, "the highest value")
ATTRIBUTE_DEFAULT = Key(
    "default",
    TEXT,
    "the value a roster entry that leaves it out has (checked and printed as written)",
)
ATTRIBUTE = Spec(
    "attribute",
    ATTRIBUTE_ONE_OF,
    ATTRIBUTE_TYPE,
    ATTRIBUTE_MIN,
    ATTRIBUTE_MAX,
    ATTRIBUTE_DEFAULT,
    heading="rules:",
)
OPTION_ID = Key("id", ID, "the option's id, for a scenario's options:", required=True)
OPTION_LABEL = Key("label", TEXT, "its words on the set-up sheet; default: the id")
OPTION = Spec(
    "option",
    OPTION_ID,
    OPTION_LABEL,
    heading="rules:",
)
PIECE_TYPE_FOR_EACH = Key(
    "for_each", ANY_VALUE, "expands the entry as for counters; the variables become attrs"
)
PIECE_TYPE_ID = Key("id", TEXT, "the piece's id", required=True)
PIECE_TYPE_NAME = Key("name", TEXT, "its name; default: the id")
PIECE_TYPE_ATTRS = Key(
    "attrs", Named(TEXT, "attributes, each a text"), "its attributes for selectors"
)
PIECE_TYPE_QUANTITY = Key(
    "quantity", Either(INTEGER, NULL), "the supply; null: as many as you like"
)
PIECE_TYPE = Spec(
    "piece-type",
    PIECE_TYPE_FOR_EACH,
    PIECE_TYPE_ID,
    PIECE_TYPE_NAME,
    PIECE_TYPE_ATTRS,
    PIECE_TYPE_QUANTITY,
    heading="rules:",
)
RULES_SIDES = Key("sides", OneOrList(TEXT), "side ids a scenario may use (omit: any)")
RULES_OPTIONS = Key(
    "options", ListOf(Either(ID, OPTION)), "options and variants a scenario may switch on"
)
RULES_SIDE_VALUES = Key("side_values", OneOrList(TEXT), "values a side may carry (omit: any)")
RULES_PIECES = Key("pieces", ListOf(PIECE_TYPE), "piece types the kit prints no counter for")
RULES_CONSTRAINTS = Key(
    "constraints", ListOf(CONSTRAINT), "the rules scenarios are checked against"
)
RULES_ATTRIBUTES = Key(
    "attributes",
    Named(Either(TEXT, ATTRIBUTE), "attribute names, each a type or its mapping"),
    "the pieces' attributes the rules may name, with their types",
)
RULES = Spec(
    "rules",
    RULES_SIDES,
    RULES_OPTIONS,
    RULES_SIDE_VALUES,
    RULES_PIECES,
    RULES_CONSTRAINTS,
    RULES_ATTRIBUTES,
    heading="rules:",
)


# ---- the rules: section -----------------------------------------------------


def read_rules(ctx: Context, node: Node, path: str) -> RuleBook:
    f = Fields(ctx, node, path, RULES)
    sides = tuple(t for t in (f.texts(RULES_SIDES)) if t)
    options = tuple(f.seq(RULES_OPTIONS, _read_option))
    check_unique_ids(ctx, options, f.sub("options"), "option")
    values = tuple(f.texts(RULES_SIDE_VALUES))
    pieces = tuple(p for group in f.seq(RULES_PIECES, _read_piece_types) for p in group)
    check_unique_ids(ctx, pieces, f.sub("pieces"), "piece")
    constraints = tuple(f.seq(RULES_CONSTRAINTS, read_constraint))
    attributes = f.get(RULES_ATTRIBUTES, _read_attributes) or ()
    f.close()
    book = RuleBook(
        node.span, constraints, pieces, sides, options, values, ctx.folder, (), attributes
    )
    scenarios = tuple(read_scenarios(ctx, ctx.folder / SCENARIO_DIR, book))
    return replace(book, scenarios=scenarios)


ATTRIBUTE_TYPES = ("number", "integer", "text")


def _read_attributes(ctx: Context, node: Node, path: str) -> tuple[Attribute, ...]:
    """attributes: {Ex: {type: integer, min: 1, max: 6}, weapon: {one_of: [...]}, name: text}"""
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of attribute names, got {describe(node)}")
        return ()
    out = []
    for name, value in node.entries.items():
        kspan = node.key_spans[name]
        sub = f"{path}.{name}"
        clash = built_in_clash(name)
        if clash is not None:
            ctx.error(kspan, sub, *clash)
            continue
        if isinstance(value, Scalar):
            kind = as_text(ctx, value, sub)
            if kind not in ATTRIBUTE_TYPES:
                ctx.error(
                    value,
                    sub,
                    f"unknown attribute type {kind!r}",
                    suggest(kind or "", ATTRIBUTE_TYPES),
                )
                continue
            out.append(Attribute(name, kind, span=kspan))
            continue
        f = Fields(ctx, value, sub, ATTRIBUTE)
        one_of = tuple(f.texts(ATTRIBUTE_ONE_OF))
        kind = f.choice(ATTRIBUTE_TYPE, ATTRIBUTE_TYPES, default="text" if one_of else "number")
        low, high = f.number(ATTRIBUTE_MIN), f.number(ATTRIBUTE_MAX)
        if kind == "text" and (low is not None or high is not None):
            key = "min" if low is not None else "max"
            ctx.error(
                f.key_span(key),
                f.sub(key),
                f"a text attribute has no {key}",
                "give one_of, or type: number",
            )
        if kind != "text" and one_of:
            ctx.error(
                f.key_span("one_of"),
                f.sub("one_of"),
                f"a {kind} attribute takes min and max, not one_of",
            )
        _check_order(ctx, f, low, high)
        default = _default(ctx, f, kind, (low, high, one_of))
        f.close()
        if kind is not None:
            out.append(Attribute(name, kind, low, high, one_of, kspan, default))
    return tuple(out)


def _default(ctx: Context, f: Fields, kind: str | None, allowed: tuple) -> str | None:
    """An attribute's `default:`, held to its own type and values: an error at the value
    (and no default) when the attribute could not take it."""
    text = f.text(ATTRIBUTE_DEFAULT)
    if text is None:
        return None
    low, high, one_of = allowed
    span, path = f.value_span("default"), f.sub("default")
    if kind == "text":
        if one_of and text not in one_of:
            ctx.error(span, path, f"default {text!r} is not one of " + ", ".join(one_of))
            return None
        return text
    try:
        value = finite_number(text)
    except ValueError:
        ctx.error(span, path, f"default {text!r} is not a number")
        return None
    if kind == "integer" and not value.is_integer():
        ctx.error(span, path, f"default {text} is not a whole number")
        return None
    if (low is not None and value < low) or (high is not None and value > high):
        ctx.error(span, path, f"default {num_text(value)} {bound_text(low, high)}")
        return None
    return text


def _check_order(ctx: Context, f: Fields, low: float | None, high: float | None) -> bool:
    """min above max can never hold: an error at max."""
    if low is not None and high is not None and low > high:
        ctx.error(f.key_span("max"), f.sub("max"), f"max {high:g} is below min {low:g}")
        return False
    return True


def _nested_scenarios(ctx: Context, folder: str) -> None:
    """A warning at each YAML file in a folder inside scenarios/: a build skips it, and
    the scenario would be lost without a word."""
    try:
        for sub in list_subfolders(ctx.folder, folder):
            for name in list_folder(ctx.folder, sub, (".yaml", ".yml")):
                ctx.warning(
                    Span(str(ctx.folder / name), 1, 1),
                    "",
                    "not read with the game: only scenarios/*.yaml files are its scenarios",
                    "move it up into scenarios/",
                )
    except FileRefused as exc:  # a folder inside that cannot be listed
        ctx.warning(Span(str(ctx.folder / folder), 1, 1), "", exc.message, exc.hint)


def read_scenarios(ctx: Context, folder: Path, book: RuleBook) -> list:
    """Every *.yaml in the game's scenarios/ folder, in name order."""
    # a problem with the folder as a whole is said at the rules: section, else the game's top
    where = book.span or Span(str(ctx.folder / "game.yaml"), 1, 1)
    try:
        names = list_folder(ctx.folder, folder.name, (".yaml",))
        unread = list_folder(ctx.folder, folder.name, (".yml",))
    except FileRefused as exc:
        ctx.error(where, "", exc.message, exc.hint)
        return []
    for name in unread:  # `kitgen check` reads one on its own: a build would skip it
        ctx.warning(
            Span(str(ctx.folder / name), 1, 1),
            "",
            "not read with the game: only scenarios/*.yaml files are its scenarios",
            "rename it to end in .yaml",
        )
    _nested_scenarios(ctx, folder.name)
    if len(names) > MAX_SCENARIO_FILES:
        ctx.error(
            where,
            "",
            f"{len(names)} scenario files, more than the {MAX_SCENARIO_FILES} allowed",
            "see docs/security.md for the caps",
        )
        return []
    out = []
    total = 0
    for name in names:
        file = ctx.folder / name
        scenario = read_scenario_file(ctx, file, book)
        total += len(SOURCES.get(str(file), b""))
        if total > MAX_SCENARIO_BYTES:
            ctx.error(
                Span(str(file), 1, 1),
                "",
                f"the scenario files come to more than the {MAX_SCENARIO_BYTES:,} bytes allowed",
                "see docs/security.md for the caps",
            )
            break
        if scenario is not None:
            out.append(scenario)
    check_unique_ids(ctx, out, "id", "scenario")
    return out


def read_scenario_file(ctx: Context, file: Path, book: RuleBook):
    # confined to the game folder; a scenario kept elsewhere (a pack naming its game) is
    # the player's own file, named on the command line: confined to its own folder
    inside = real_path(file).is_relative_to(real_path(Path(ctx.folder)))
    try:
        values = ctx.extra.setdefault("scenario values", [MAX_YAML_VALUES])  # all together
        node = load_yaml(file, ctx.folder if inside else file.parent, values)
    except KitError as exc:
        ctx.diags.extend(exc.diagnostics)
        return None
    return read_scenario(ctx, node, file, book)


def _read_option(ctx: Context, node: Node, path: str) -> Option | None:
    if isinstance(node, Scalar):
        oid = as_id(ctx, node, path)
        return Option(oid, oid, node.span) if oid else None
    f = Fields(ctx, node, path, OPTION)
    oid = f.id(OPTION_ID)
    label = f.text(OPTION_LABEL, default=oid or "")
    f.close()
    return Option(oid, label, node.span) if oid else None


def _read_piece_types(ctx: Context, node: Node, path: str) -> list[PieceType]:
    """One entry, expanded over its for_each (like counters): the variables become attrs."""
    f = Fields(ctx, node, path, PIECE_TYPE)
    if f.map is None:
        return []
    variants = read_for_each(ctx, f.node_of(PIECE_TYPE_FOR_EACH), f.sub("for_each"))
    id_node = f.node_of(PIECE_TYPE_ID)
    name_node, amap, qnode = (
        f.node_of(PIECE_TYPE_NAME),
        f.node_of(PIECE_TYPE_ATTRS),
        f.node_of(PIECE_TYPE_QUANTITY),
    )
    f.close()
    if id_node is None:
        return []
    id_text = as_text(ctx, id_node, f.sub("id"))
    name_text = as_text(ctx, name_node, f.sub("name")) if name_node is not None else None
    if amap is not None and not isinstance(amap, Map):
        ctx.error(amap, f.sub("attrs"), f"expected a mapping of attributes, got {describe(amap)}")
        amap = None
    quantity = None
    if qnode is not None and not (isinstance(qnode, Scalar) and qnode.value is None):
        q = as_number(ctx, qnode, f.sub("quantity"), lo=0, integer=True)
        quantity = int(q) if q is not None else None
    out = []
    for variables in variants:
        pid = substitute(ctx, id_text or "", variables, id_node, f.sub("id"))
        if not id_text or as_id(ctx, Scalar(id_node.span, pid, pid, False), f.sub("id")) is None:
            continue
        attrs = dict(variables)
        key_spans = amap.key_spans if amap is not None else {}
        for key, value in amap.entries.items() if amap is not None else ():
            if (clash := built_in_clash(key)) is not None:
                ctx.error(key_spans[key], f"{path}.attrs.{key}", *clash)
                continue
            text = as_text(ctx, value, f"{path}.attrs.{key}")
            if text is not None:
                attrs[key] = substitute(ctx, text, variables, value, f"{path}.attrs.{key}")
        name = substitute(ctx, name_text, variables, name_node, f.sub("name")) if name_text else pid
        out.append(PieceType(pid, name, attrs, quantity, node.span))
    return out


def read_constraint(ctx: Context, node: Node, path: str) -> Constraint | None:
    f = Fields(ctx, node, path, CONSTRAINT)
    kind = f.choice(CONSTRAINT_KIND)
    name = f.text(CONSTRAINT_NAME)
    reading = f.get(READING, read_reading)
    if reading is not None and not name:
        ctx.error(
            f.key_span("reading"),
            f.sub("reading"),
            "a rule with a reading needs a name: the set-up sheet marks it with the reading's mark",
        )
    severity = f.choice(CONSTRAINT_SEVERITY)
    when = field_names(f, CONSTRAINT_WHEN)
    unless = field_names(f, CONSTRAINT_UNLESS)
    pieces = f.get(CONSTRAINT_PIECES, read_selector) or ANY
    if kind is None:
        f.skip_rest()  # the kind is wrong: do not pile unknown-key errors on top
        f.close()
        return None
    f.kind(kind)
    common: dict[str, Any] = dict(
        span=node.span,
        path=path,
        name=name,
        reading=reading,
        severity=severity,
        pieces=pieces,
        when=when,
        unless=unless,
    )
    reader, made = _KINDS[kind]
    extra = reader(ctx, f)
    if extra is None:  # reported: the keys it did not get to read are not unknown
        f.skip_rest()  # (allow() would take a misspelt key for a bug in kitgen's spec)
        f.close()
        return None
    f.close()
    return made(**common, **extra)


def _terrain(ctx: Context, f: Fields) -> dict | None:
    only_on = field_names(f, ONLY_ON)
    not_on = field_names(f, NOT_ON)
    if f.none("only_on", bool(only_on), bool(not_on)):
        return None
    if f.both("only_on", bool(only_on), bool(not_on)):
        return None
    return dict(only_on=only_on, not_on=not_on)


def _against(f: Fields, key: str, why: str, hint: str = "") -> None:
    """A setting that contradicts another, or that nothing reads here: an error at it."""
    f.ctx.error(f.key_span(key), f.sub(key), why, hint)


def _stacking(ctx: Context, f: Fields) -> dict | None:
    limit = f.integer(LIMIT)
    limit_from = f.text(LIMIT_FROM)
    per = f.choice(STACK_PER)
    weights = tuple(f.seq(WEIGHTS, _read_weight))
    if f.both("limit", limit is not None, bool(limit_from)):
        return None
    if f.none("limit", limit is not None, bool(limit_from)):
        return None
    if per == "area" and limit_from:
        _against(
            f,
            "limit_from",
            "a stacking rule per area needs limit (a number)",
            "limit_from reads a terrain, and an area has many",
        )
        return None
    if per == "area" and f.has("terrains"):
        _against(f, "terrains", "terrains picks cells: a stacking rule per area does not read it")
        return None
    return dict(
        limit=limit,
        limit_from=Name(limit_from, f.value_span("limit_from")) if limit_from else "",
        per=per,
        each_side=f.boolean(EACH_SIDE),
        terrains=field_names(f, TERRAINS),
        noun=f.text(NOUN),
        weights=weights,
    )


def _read_weight(ctx: Context, node: Node, path: str) -> tuple[Selector, int] | None:
    """{pieces: selector, weight: 2}: each such piece counts as 2 towards the limit."""
    f = Fields(ctx, node, path, WEIGHT)
    weight = f.integer(WEIGHT_WEIGHT)
    sel_node = f.node_of(WEIGHT_PIECES)
    sel = read_selector(ctx, sel_node, f.sub("pieces")) if sel_node is not None else None
    f.close()
    return (sel, weight) if sel is not None and weight is not None else None


def _placement(ctx: Context, f: Fields) -> dict | None:
    wnode = f.node_of(PLACE_WHERE)  # absent: the spec's "needs where:"
    if wnode is None:
        return None
    where = read_where(ctx, wnode, f.sub("where"))
    return dict(where=where) if where is not None else None


def _bound(f: Fields, key: Key[int | None]) -> tuple[int | None, Name | None]:
    """A count's bound: a number, or `$name`, a value of the side counted."""
    node = f.node_of(key)
    if isinstance(node, Scalar) and isinstance(node.value, str) and node.value.startswith("$"):
        return None, Name(node.value[1:], node.span)
    return f.integer(key), None


def _bounds(ctx: Context, f: Fields, per: str) -> dict | None:
    (exactly, e_ref), (at_least, lo_ref), (at_most, hi_ref) = (
        _bound(f, k) for k in (EXACTLY, COUNT_MIN, COUNT_MAX)
    )
    refs = {k: r for k, r in (("exactly", e_ref), ("min", lo_ref), ("max", hi_ref)) if r}
    if f.none("exactly") or f.both("min") or f.both("max"):  # written, whatever their values
        return None
    if at_least is not None and at_most is not None and at_least > at_most:
        _against(f, "max", f"max {at_most} is below min {at_least}")
        return None
    if refs and per == "scenario":
        key = next(iter(refs))
        _against(f, key, f"{key}: ${refs[key]} reads a side's value: give per: side (or unit)")
        return None
    return dict(exactly=exactly, at_least=at_least, at_most=at_most, bound_refs=refs)


_OF_SIDES_SKIPS = ("pieces", "where", "per", "noun")  # what a count of sides does not read


def _count(ctx: Context, f: Fields) -> dict | None:
    of = f.choice(COUNT_OF)
    per = f.choice(COUNT_PER)
    where = f.get(COUNT_WHERE, read_where)
    noun = f.text(NOUN)
    skips = {"sides": _OF_SIDES_SKIPS, "units": ("pieces", "where")}.get(of or "", ())
    for key in skips:
        if f.map is not None and key in f.map:
            _against(f, key, f"a count of {of} does not read {key}")
            return None
    if of == "units" and per == "unit":
        _against(f, "per", "a count of units is per side or per scenario")
        return None
    bounds = _bounds(ctx, f, per or "scenario")
    if bounds is None:
        return None
    return dict(of=of, per=per, where=where, noun=noun, **bounds)


def _slots(ctx: Context, f: Fields) -> dict | None:
    per = f.choice(SLOTS_PER)
    noun = f.text(NOUN)
    slots = tuple(f.seq(SLOTS, _read_slot))
    if not slots:
        return None
    return dict(per=per, noun=noun, slots=slots)


def _read_slot(ctx: Context, node: Node, path: str) -> Slot | None:
    f = Fields(ctx, node, path, SLOT)
    count = f.integer(SLOT_COUNT)
    label = f.text(SLOT_LABEL)
    sel_node = f.node_of(SLOT_PIECES)
    sel = read_selector(ctx, sel_node, f.sub("pieces")) if sel_node is not None else None
    f.close()
    if count is None or sel is None:
        return None
    return Slot(count, sel, label)


def _range(ctx: Context, f: Fields) -> dict | None:
    of = f.choice(RANGE_OF)
    attr = f.text(RANGE_ATTR)
    low = f.number(RANGE_MIN)
    high = f.number(RANGE_MAX)
    one_of = field_names(f, RANGE_ONE_OF)
    rows_of = field_names(f, RANGE_ROWS_OF)
    required = f.boolean(RANGE_REQUIRED)
    if not attr:
        return None
    if low is None and high is None and not one_of and not rows_of:
        ctx.error(f.node, f.path, "a range rule needs min, max, one_of or rows_of")
        return None
    if one_of and rows_of:
        _against(f, "rows_of", "give the values allowed once: one_of or rows_of")
        return None
    text = "one_of" if one_of else "rows_of"
    if (one_of or rows_of) and (low is not None or high is not None):
        _against(f, text, f"{text} is for text values, min and max for numbers: give one")
        return None
    if of == "sides" and f.map is not None and "pieces" in f.map:
        _against(f, "pieces", "a range of sides reads each side's values: pieces does not apply")
        return None
    if not _check_order(ctx, f, low, high):
        return None
    return dict(
        of=of, attr=attr, low=low, high=high, one_of=one_of, rows_of=rows_of, required=required
    )


# Each `kind:` of rule: the reader of its own keys, and its record.
_KINDS: dict[str, tuple[Callable[[Context, Fields], dict | None], type[Constraint]]] = {
    "terrain": (_terrain, TerrainRule),
    "stacking": (_stacking, StackingRule),
    "placement": (_placement, PlacementRule),
    "count": (_count, CountRule),
    "slots": (_slots, SlotsRule),
    "range": (_range, RangeRule),
}


# ---- `kitgen check scenarios/NAME.yaml` -----------------------------------------


def with_scenarios(game, file: Path | None, diags):
    """The game with the scenarios to check: only `file` when one was named; every file in
    scenarios/ even when the game has no rules: section (names and supply are still checked)."""
    book = game.rules
    if file is None and book is not None:
        return game
    if book is None:
        book = RuleBook(None, folder=game.folder)
    ctx = Context(diags, game.folder, dict(game.palette))
    if file is None:
        chosen = tuple(read_scenarios(ctx, game.folder / SCENARIO_DIR, book))
        if not chosen:
            return game
    else:
        target = real_path(file)
        chosen = tuple(s for s in book.scenarios if real_path(s.file) == target)
        if not chosen:
            one = read_scenario_file(ctx, file, book)
            chosen = (one,) if one is not None else ()
    written = game.sections if "rules" in game.sections else (*game.sections, "rules")
    return game.replace(sections=written, rules=replace(book, scenarios=chosen))
