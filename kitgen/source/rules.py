"""rules: in game.yaml -> RuleBook, and <game>/scenarios/*.yaml -> Scenario.

The vocabulary (constraint kinds, selectors, location tests) is documented in
docs/format.md under "rules and scenarios". Everything here is general: no
terrain, piece or side is known in advance.
"""

from __future__ import annotations

from pathlib import Path

from ..budget import MAX_SCENARIO_BYTES, MAX_SCENARIO_FILES
from ..errors import KitError, Span
from ..files import FileRefused, list_folder
from ..model.rules import (
    ANY,
    KINDS,
    Constraint,
    Option,
    PieceType,
    RuleBook,
    Selector,
)
from .expand import read_for_each, substitute
from .fields import Context, Fields, as_id, as_number, as_text, check_unique_ids
from .game import SCENARIO_DIR, scenario_path  # noqa: F401  (re-exported)
from .rule_terms import field_names, read_selector, read_where
from .scenario import read_scenario
from .yamlnodes import SOURCES, Map, Node, Scalar, describe, load_yaml

SEVERITIES = ("error", "warning")
GROUPS = ("scenario", "side", "unit")


# ---- the rules: section -----------------------------------------------------


def read_rules(ctx: Context, node: Node, path: str) -> RuleBook:
    f = Fields(ctx, node, path)
    sides = tuple(t for t in (f.texts("sides")) if t)
    options = tuple(f.seq("options", _read_option))
    check_unique_ids(ctx, options, f.sub("options"), "option")
    values = tuple(f.texts("side_values"))
    pieces = tuple(p for group in f.seq("pieces", _read_piece_types) for p in group)
    check_unique_ids(ctx, pieces, f.sub("pieces"), "piece")
    constraints = tuple(f.seq("constraints", read_constraint))
    f.close()
    book = RuleBook(node.span, constraints, pieces, sides, options, values, ctx.folder)
    scenarios = tuple(read_scenarios(ctx, ctx.folder / SCENARIO_DIR, book))
    return RuleBook(node.span, constraints, pieces, sides, options, values, ctx.folder, scenarios)


def read_scenarios(ctx: Context, folder: Path, book: RuleBook) -> list:
    """Every *.yaml in the game's scenarios/ folder, in name order."""
    # a problem with the folder as a whole is said at the rules: section, else the game's top
    where = book.span or Span(str(ctx.folder / "game.yaml"), 1, 1)
    try:
        names = list_folder(ctx.folder, folder.name, (".yaml",))
    except FileRefused as exc:
        ctx.error(where, "", exc.message, exc.hint)
        return []
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
    try:
        node = load_yaml(file, ctx.folder)
    except KitError as exc:
        ctx.diags.extend(exc.diagnostics)
        return None
    return read_scenario(ctx, node, file, book)


def _read_option(ctx: Context, node: Node, path: str) -> Option | None:
    if isinstance(node, Scalar):
        oid = as_id(ctx, node, path)
        return Option(oid, oid, node.span) if oid else None
    f = Fields(ctx, node, path)
    oid = f.id()
    label = f.text("label", default=oid or "")
    f.close()
    return Option(oid, label, node.span) if oid else None


def _read_piece_types(ctx: Context, node: Node, path: str) -> list[PieceType]:
    """One entry, expanded over its for_each (like counters): the variables become attrs."""
    f = Fields(ctx, node, path)
    if f.map is None:
        return []
    variants = read_for_each(ctx, f.raw("for_each"), f.sub("for_each"))
    id_node, name_node, amap, qnode = f.raw("id"), f.raw("name"), f.raw("attrs"), f.raw("quantity")
    f.close()
    if id_node is None:
        ctx.error(node, path, "missing required key 'id'")
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
        for key, (_, value) in amap.entries.items() if amap is not None else ():
            text = as_text(ctx, value, f"{path}.attrs.{key}")
            if text is not None:
                attrs[key] = substitute(ctx, text, variables, value, f"{path}.attrs.{key}")
        name = substitute(ctx, name_text, variables, name_node, f.sub("name")) if name_text else pid
        out.append(PieceType(pid, name, attrs, quantity, node.span))
    return out


def read_constraint(ctx: Context, node: Node, path: str) -> Constraint | None:
    f = Fields(ctx, node, path)
    kind = f.choice("kind", KINDS, required=True, what="constraint kind")
    name = f.text("name", default="")
    severity = f.choice("severity", SEVERITIES, default="error")
    when = field_names(f, "when")
    unless = field_names(f, "unless")
    sel_node = f.raw("pieces")
    pieces = (read_selector(ctx, sel_node, f.sub("pieces")) if sel_node is not None else ANY) or ANY
    if kind is None:
        for key in node.keys() if isinstance(node, Map) else []:
            f.allow(key)  # the kind is wrong: do not pile unknown-key errors on top
        f.close()
        return None
    common = dict(
        kind=kind,
        span=node.span,
        path=path,
        name=name,
        severity=severity,
        pieces=pieces,
        when=when,
        unless=unless,
    )
    reader = _KIND_READERS[kind]
    extra = reader(ctx, f)
    f.close()
    if extra is None:
        return None
    return Constraint(**common, **extra)


def _terrain(ctx: Context, f: Fields) -> dict | None:
    only_on = field_names(f, "only_on")
    not_on = field_names(f, "not_on")
    if not only_on and not not_on:
        ctx.error(f.node, f.path, "a terrain rule needs only_on or not_on")
        return None
    return dict(only_on=only_on, not_on=not_on)


def _stacking(ctx: Context, f: Fields) -> dict | None:
    limit = f.integer("limit", lo=0)
    limit_from = f.text("limit_from", default="")
    per = f.choice("per", ("cell", "area"), default="cell")
    if per == "area" and limit_from:
        ctx.error(
            f.node,
            f.path,
            "a stacking rule per area needs limit (a number)",
            "limit_from reads a terrain, and an area has many",
        )
        return None
    if (limit is None) == (not limit_from):
        ctx.error(
            f.node,
            f.path,
            "a stacking rule needs limit (a number) or limit_from (a terrain property), not both",
        )
        return None
    return dict(
        limit=limit,
        limit_from=limit_from,
        per=per,
        each_side=f.boolean("each_side", default=False),
        terrains=field_names(f, "terrains"),
        noun=f.text("noun", default=""),
    )


def _placement(ctx: Context, f: Fields) -> dict | None:
    wnode = f.raw("where")
    if wnode is None:
        ctx.error(f.node, f.path, "a placement rule needs where:")
        return None
    where = read_where(ctx, wnode, f.sub("where"))
    return dict(where=where) if where is not None else None


def _bounds(ctx: Context, f: Fields) -> dict | None:
    exactly = f.integer("exactly", lo=0)
    at_least = f.integer("min", lo=0)
    at_most = f.integer("max", lo=0)
    if exactly is None and at_least is None and at_most is None:
        ctx.error(f.node, f.path, "a count rule needs exactly, min or max")
        return None
    return dict(exactly=exactly, at_least=at_least, at_most=at_most)


def _count(ctx: Context, f: Fields) -> dict | None:
    of = f.choice("of", ("pieces", "sides", "units"), default="pieces")
    per = f.choice("per", GROUPS, default="scenario")
    wnode = f.raw("where")
    where = read_where(ctx, wnode, f.sub("where")) if wnode is not None else None
    noun = f.text("noun", default="")
    bounds = _bounds(ctx, f)
    if bounds is None:
        return None
    return dict(of=of, per=per, where=where, noun=noun, **bounds)


def _slots(ctx: Context, f: Fields) -> dict | None:
    per = f.choice("per", GROUPS, default="side")
    noun = f.text("noun", default="")
    slots = tuple(f.seq("slots", _read_slot, required=True))
    if not slots:
        return None
    return dict(per=per, noun=noun, slots=slots)


def _read_slot(ctx: Context, node: Node, path: str) -> tuple[int, Selector, str] | None:
    f = Fields(ctx, node, path)
    count = f.integer("count", lo=1, required=True)
    label = f.text("label", default="")
    sel_node = f.raw("pieces")
    sel = read_selector(ctx, sel_node, f.sub("pieces")) if sel_node is not None else None
    if sel_node is None and f.map is not None:
        ctx.error(
            node, path, "missing required key 'pieces'", "write pieces: any for an any-type slot"
        )
    f.close()
    if count is None or sel is None:
        return None
    return (count, sel, label)


def _range(ctx: Context, f: Fields) -> dict | None:
    of = f.choice("of", ("pieces", "sides"), default="pieces")
    attr = f.text("attr", required=True, default="")
    low = f.number("min")
    high = f.number("max")
    one_of = field_names(f, "one_of")
    required = f.boolean("required", default=False)
    if not attr:
        return None
    if low is None and high is None and not one_of:
        ctx.error(f.node, f.path, "a range rule needs min, max or one_of")
        return None
    return dict(of=of, attr=attr, low=low, high=high, one_of=one_of, required=required)


_KIND_READERS = {
    "terrain": _terrain,
    "stacking": _stacking,
    "placement": _placement,
    "count": _count,
    "slots": _slots,
    "range": _range,
}


# ---- `kitgen check scenarios/NAME.yaml` -----------------------------------------


def with_scenarios(game, file: Path | None, diags):
    """The game with the scenarios to check: only `file` when one was named; every file in
    scenarios/ even when the game has no rules: section (names and supply are still checked)."""
    import dataclasses

    book = game.sections.get("rules")
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
        target = file.resolve()
        chosen = tuple(s for s in book.scenarios if s.file.resolve() == target)
        if not chosen:
            one = read_scenario_file(ctx, file, book)
            chosen = (one,) if one is not None else ()
    sections = dict(game.sections)
    sections["rules"] = dataclasses.replace(book, scenarios=chosen)
    return game.replace(sections=sections)
