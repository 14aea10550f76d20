"""One scenario file (<game>/scenarios/NAME.yaml) -> Scenario.

Only the shape is read here; whether the names exist and the rules hold is the
rules stage's job (kitgen/rules/scenarios.py), which sees the maps and pieces.
"""

from __future__ import annotations

from pathlib import Path

from ...budget import spend
from ...errors import Span
from ...files import real_path
from ...model.placed import built_in_clash
from ...model.rules import Name, Placement, RuleBook, Scenario, ScenarioArea, Side, Unit
from ...names import default_id_problem
from ..fields import Context, Fields, as_id, as_number, as_text, check_unique_ids
from ..spec import COLOUR, ID, INTEGER, NUMBER, TEXT, Either, Key, ListOf, Named, OneOf, Spec
from ..spec import NULL as BLANK
from ..yamlnodes import Map, Node, Scalar, Seq, describe
from .rule_terms import (
    CONSTRAINT,
    NAMES,
    SELECTOR,
    WHERE,
    field_names,
    read_names,
    read_selector,
    read_where,
)

HEADING = "A scenario file"
PLACEMENT_PIECE = Key(
    "piece", SELECTOR, "a piece id, or attributes that match one piece", required=True
)
PLACEMENT_AT = Key("at", TEXT, "a cell label or a place name")
PLACEMENT_AREA = Key("area", TEXT, "somewhere in this area")
PLACEMENT_COUNT = Key("count", INTEGER, "how many", default=1, lo=1)
PLACEMENT_SIDE = Key("side", TEXT, "the side; implied inside a side's placements")
PLACEMENT_LABEL = Key(
    "label", TEXT, "the token's text (default: the abbr attribute, else initials)", default=""
)
PLACEMENT_FACE = Key("face", TEXT, "a step-loss piece: the face (step name) it is placed on")
PLACEMENT_ATTRS = Key(
    "attrs",
    Named(Either(TEXT, BLANK), "attributes, each a text"),
    "the placed piece's own attributes",
)
PLACEMENT = Spec(
    "placement",
    PLACEMENT_PIECE,
    PLACEMENT_AT,
    PLACEMENT_AREA,
    PLACEMENT_COUNT,
    PLACEMENT_SIDE,
    PLACEMENT_LABEL,
    PLACEMENT_FACE,
    PLACEMENT_ATTRS,
    heading=HEADING,
    one_of=(
        OneOf(
            "at",
            "area",
            needed=False,
            both="give at (a cell) or area, not both",
            at="area",
            on_key=True,
        ),
    ),
)
UNIT_ID = Key("id", ID, "the unit's id", required=True)
UNIT_NAME = Key("name", TEXT, "its name; default: the id")
UNIT_SIDE = Key("side", TEXT, "its side; implied inside a side")
UNIT_FIGURES = Key(
    "figures", ListOf(PLACEMENT), "each figure a placement with attrs", required=True
)
UNIT = Spec(
    "unit",
    UNIT_ID,
    UNIT_NAME,
    UNIT_SIDE,
    UNIT_FIGURES,
    heading=HEADING,
)
SIDE_ID = Key("id", ID, "a side from rules.sides", required=True)
SIDE_NAME = Key("name", TEXT, "its name; default: the id")
SIDE_COLOUR = Key("colour", COLOUR, "token colour on the set-up map")
SIDE_VALUES = Key(
    "values",
    Named(Either(NUMBER, BLANK), "side values, each a number"),
    "from rules.side_values",
)
SIDE_NOTES = Key("notes", NAMES, "lines printed with the side")
SIDE_PLACEMENTS = Key("placements", ListOf(PLACEMENT), "this side's pieces")
SIDE_UNITS = Key("units", ListOf(UNIT), "this side's rosters")
SIDE = Spec(
    "side",
    SIDE_ID,
    SIDE_NAME,
    SIDE_COLOUR,
    SIDE_VALUES,
    SIDE_NOTES,
    SIDE_PLACEMENTS,
    SIDE_UNITS,
    heading=HEADING,
)
AREA_LABEL = Key("label", TEXT, "printed on the set-up map", default="")
AREA_CELLS = Key("cells", NAMES, "cells (or the map's place names)")
AREA_WHERE = Key("where", WHERE, "the cells that pass this test")
AREA = Spec(
    "scenario-area",
    AREA_LABEL,
    AREA_CELLS,
    AREA_WHERE,
    heading=HEADING,
    one_of=(
        OneOf("cells", "where", alone=False, none="an area needs cells or where", reader_says=True),
    ),
)
SCENARIO_GAME = Key("game", TEXT, "the game it is for (read by the loader)")
SCENARIO_ID = Key("id", ID, "default: the file's name")
SCENARIO_TITLE = Key("title", TEXT, "default: the id")
SCENARIO_MAP = Key("map", TEXT, "a map id; may be left out when the game has one map")
SCENARIO_OPTIONS = Key("options", NAMES, "options from rules.options")
SCENARIO_PLACEMENTS = Key("placements", ListOf(PLACEMENT), "pieces of no side")
SCENARIO_UNITS = Key("units", ListOf(UNIT), "rosters of no side")
SCENARIO_SIDES = Key("sides", ListOf(Either(ID, SIDE)), "the sides taking part")
SCENARIO_AREAS = Key(
    "areas",
    Named(Either(NAMES, AREA), "area names, each cells or an area"),
    "areas of the scenario's own",
)
SCENARIO_NOTES = Key("notes", NAMES, "special rules in your own words")
SCENARIO_SUMMARY = Key("summary", TEXT, "printed under the title", default="")
SCENARIO_CONSTRAINTS = Key("constraints", ListOf(CONSTRAINT), "the scenario's own checkable rules")
SCENARIO = Spec(
    "scenario",
    SCENARIO_GAME,
    SCENARIO_ID,
    SCENARIO_TITLE,
    SCENARIO_MAP,
    SCENARIO_OPTIONS,
    SCENARIO_PLACEMENTS,
    SCENARIO_UNITS,
    SCENARIO_SIDES,
    SCENARIO_AREAS,
    SCENARIO_NOTES,
    SCENARIO_SUMMARY,
    SCENARIO_CONSTRAINTS,
    heading=HEADING,
)


def _same_game(ctx: Context, node: Node | None, named: str | None, file: Path) -> None:
    """`game:` is read by the loader (source/game.scenario_path) to find the game; here it
    must name the game the scenario is read with: a scenario in one game's scenarios/
    folder that names another game is in the wrong folder."""
    if node is None or named is None:
        return
    game = real_path(file.parent / named)
    if game.name == "game.yaml":
        game = game.parent
    if game != real_path(ctx.folder):
        ctx.error(
            node,
            "game",
            f"names the game at {named!r}, not the game whose scenarios/ folder it is in "
            f"({real_path(ctx.folder).name!r})",
            "move the scenario to its game's scenarios/ folder, or name this game",
        )


def read_scenario(ctx: Context, node: Node, file: Path, book: RuleBook) -> Scenario | None:
    f = Fields(ctx, node, "", SCENARIO)
    if f.map is None:
        return None
    if not f.map.entries:  # saved empty, or only comments: a build would print nothing
        ctx.error(node, "", "the scenario file is empty", "write its title: and sides:")
        return None
    _same_game(ctx, f.node_of(SCENARIO_GAME), f.text(SCENARIO_GAME), file)
    sid = f.id(SCENARIO_ID, default=file.stem)
    problem = None if f.has("id") else default_id_problem(file.stem, "file name", "scenario")
    if problem is not None:  # the id names scenario-<id>.pdf
        ctx.error(node, "id", *problem)
    title = f.text(SCENARIO_TITLE, default=sid)
    map_node = f.node_of(SCENARIO_MAP)
    map_id = f.text(SCENARIO_MAP)
    options = f.get(SCENARIO_OPTIONS, _read_options) or []
    placements: list[Placement] = list(f.seq(SCENARIO_PLACEMENTS, _placement_reader(None, None)))
    units: list[Unit] = list(f.seq(SCENARIO_UNITS, _unit_reader(None)))
    sides: list[Side] = f.get(SCENARIO_SIDES, _read_sides, placements, units) or []
    check_unique_ids(ctx, sides, "sides", "side")
    check_unique_ids(ctx, units, "units", "unit")
    areas = f.get(SCENARIO_AREAS, _read_areas) or []
    notes = tuple(f.texts(SCENARIO_NOTES))
    summary = f.text(SCENARIO_SUMMARY)
    from .rules import read_constraint  # the same vocabulary as game.yaml's rules

    constraints = tuple(f.seq(SCENARIO_CONSTRAINTS, read_constraint))
    f.close()
    return Scenario(
        sid,
        title,
        file,
        node.span,
        map_id,
        map_node.span if map_node else None,
        tuple(sides),
        tuple(placements),
        tuple(units),
        tuple(areas),
        tuple(options),
        notes=notes,
        summary=summary,
        constraints=constraints,
    )


def _read_options(ctx: Context, node: Node, path: str) -> list[tuple[str, Span]]:
    """Option names, one or a list, each kept with where it is written."""
    items = node.items if isinstance(node, Seq) else [node]
    options = []
    for i, item in enumerate(items):
        text = as_text(ctx, item, f"{path}[{i}]" if isinstance(node, Seq) else path)
        if text is not None:
            options.append((text, item.span))
    return options


def _read_sides(
    ctx: Context, node: Node, path: str, placements: list, units: list
) -> list[Side] | None:
    if not isinstance(node, Seq):
        ctx.error(node, path, f"expected a list, got {describe(node)}")
        return None
    sides = []
    for i, item in enumerate(node):
        side = _read_side(ctx, item, f"{path}[{i}]", placements, units)
        if side is not None:
            sides.append(side)
    return sides


def _read_side(ctx: Context, node: Node, path: str, placements: list, units: list) -> Side | None:
    if isinstance(node, Scalar):
        sid = as_id(ctx, node, path)
        return Side(sid, sid, None, node.span, path) if sid else None
    f = Fields(ctx, node, path, SIDE)
    sid = f.id(SIDE_ID)
    name = f.text(SIDE_NAME, default=sid or "")
    colour = f.colour(SIDE_COLOUR)
    values, spans = f.get(SIDE_VALUES, _read_values) or ({}, {})
    notes = tuple(f.texts(SIDE_NOTES))
    placements.extend(f.seq(SIDE_PLACEMENTS, _placement_reader(sid, None)))
    units.extend(f.seq(SIDE_UNITS, _unit_reader(sid)))
    f.close()
    if sid is None:
        return None
    return Side(sid, name, colour, node.span, path, values, spans, notes)


def _unit_reader(side: str | None):
    def read(ctx: Context, node: Node, path: str) -> Unit | None:
        f = Fields(ctx, node, path, UNIT)
        uid = f.id(UNIT_ID)
        name = f.text(UNIT_NAME, default=uid or "")
        own_side = _own_side(ctx, f, UNIT_SIDE, side, None)
        figures = tuple(f.seq(UNIT_FIGURES, _placement_reader(own_side, uid)))
        f.close()
        if uid is None:
            return None
        return Unit(uid, name, own_side, node.span, path, figures)

    return read


def _placement_reader(side: str | None, unit: str | None):
    def read(ctx: Context, node: Node, path: str) -> Placement | None:
        f = Fields(ctx, node, path, PLACEMENT)
        if f.map is None:
            return None
        pnode = f.node_of(PLACEMENT_PIECE)
        ref, select = "", None
        if pnode is None:
            pass
        elif isinstance(pnode, Map):
            select = read_selector(ctx, pnode, f.sub("piece"))
            ref = select.text if select else ""
        else:
            ref = as_text(ctx, pnode, f.sub("piece")) or ""
        at = _name(f, PLACEMENT_AT)
        area = _name(f, PLACEMENT_AREA)
        f.both("at", at is not None, area is not None)
        count = f.integer(PLACEMENT_COUNT)
        if not spend(ctx, "placed", count, f.node_of(PLACEMENT_COUNT) or node, f.sub("count")):
            count = 1  # the error is said; the rules still check the rest
        own_side = _own_side(ctx, f, PLACEMENT_SIDE, side, f"unit {unit}" if unit else None)
        label = f.text(PLACEMENT_LABEL)
        face = f.text(PLACEMENT_FACE)
        attrs, spans = f.get(PLACEMENT_ATTRS, _read_attrs) or ({}, {})
        key_spans = {
            key: span
            for key in ("piece", "at", "area", "side", "face")
            if (span := f.value_span(key)) is not None
        }
        f.close()
        if not ref:
            return None
        return Placement(
            ref,
            node.span,
            path,
            select,
            at,
            area,
            count,
            own_side,
            unit,
            attrs,
            label,
            spans,
            key_spans,
            face,
        )

    return read


def _read_attrs(ctx: Context, node: Node, path: str) -> tuple[dict, dict[str, Span]] | None:
    """A placement's own attributes (text), and where each value is written."""
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of attributes, got {describe(node)}")
        return None
    attrs: dict[str, str] = {}
    spans: dict[str, Span] = {}
    for key, value in node.entries.items():
        kspan = node.key_spans[key]
        if isinstance(value, Scalar) and value.value is None:
            continue  # a write-in blank: no value to check
        if (clash := built_in_clash(key)) is not None:
            ctx.error(kspan, f"{path}.{key}", *clash)
            continue
        text = as_text(ctx, value, f"{path}.{key}")
        if text is not None:
            attrs[Name(key, kspan)] = text
            spans[key] = value.span
    return attrs, spans


def _read_values(
    ctx: Context, node: Node, path: str
) -> tuple[dict[str, float], dict[str, Span]] | None:
    """A side's values (numbers), and where each key is written."""
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of numbers, got {describe(node)}")
        return None
    values: dict[str, float] = {}
    spans: dict[str, Span] = {}
    for key, value in node.entries.items():
        kspan = node.key_spans[key]
        if isinstance(value, Scalar) and value.value is None:
            continue  # a write-in blank
        number = as_number(ctx, value, f"{path}.{key}")
        if number is not None:
            values[key] = number
            spans[key] = kspan
    return values, spans


def _name(f: Fields, key: Key[str | None]) -> Name | None:
    """A name under `key`, kept with where it was written."""
    return f.get(key, _read_name)


def _read_name(ctx: Context, node: Node, path: str) -> Name | None:
    text = as_text(ctx, node, path)
    return Name(text, node.span) if text is not None else None


def _own_side(
    ctx: Context, f: Fields, key: Key[str | None], side: str | None, group: str | None
) -> str | None:
    """The side an entry is placed by: the list it is in, or its own `side:` (`key`). A
    `side:` that names another side than the list it stands in is a mistake, said at it."""
    own = _name(f, key)
    if own is None:
        return side
    if side is not None and own != side:
        where = f"{group} of side {side}" if group else f"side {side}'s list"
        ctx.error(
            own.span,
            f.sub("side"),
            f"side {own!r} in {where}",
            f"move the entry to side {own}'s list, or leave side: out",
        )
        return side
    return own


def _read_areas(ctx: Context, node: Node | None, path: str) -> list[ScenarioArea]:
    """areas: {name: [C4, C5] | {cells: [...], label: ...} | {where: test, label: ...}}."""
    if node is None:
        return []
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of area names, got {describe(node)}")
        return []
    out = []
    for name, value in node.entries.items():
        sub = f"{path}.{name}"
        if isinstance(value, Seq):
            cells = tuple(read_names(ctx, value, sub))
            out.append(ScenarioArea(name, cells, None, value.span, sub))
            continue
        f = Fields(ctx, value, sub, AREA)
        label = f.text(AREA_LABEL)
        cells = field_names(f, AREA_CELLS)
        where = f.get(AREA_WHERE, read_where)
        f.close()
        if f.none("cells", bool(cells), where is not None):  # empty or refused: not given
            continue
        out.append(ScenarioArea(name, cells, where, value.span, sub, label))
    return out
