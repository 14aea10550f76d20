"""A scenario resolved against its game: which map, which piece each placement
names, which cell it stands on, which cells each named area holds.

Both the checker and the set-up sheet planner start from a `Setup`, so the
drawing shows exactly what was checked. Unknown names become diagnostics here
(the "references" check); the constraint kinds live in rules/constraints.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..errors import Diagnostics
from ..geometry import Cell
from ..model.mapbuild import rect_cells
from ..model.placed import CONTEXT, FACE, IN_UNIT, PLACED_BY
from ..model.rules import Placement, RuleBook, Scenario, ScenarioArea, Selector
from ..names import close_match, did_you_mean, suggest
from .names import areas_read, check_attrs, check_name, same_file
from .resolved import PieceInfo, Placed, Setup
from .where import WORK_HINT, TooMuchWork, holds, named, own_name, work_message

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.map import MapDef


# ---- what the game offers ---------------------------------------------------


def maps_of(game: Game) -> list[MapDef]:
    """The game's MapDefs."""
    return list(game.maps.maps) if game.maps is not None else []


def pieces_of(game: Game, book: RuleBook) -> dict[str, PieceInfo]:
    """Counters of the kit, then the piece types the rules declare."""
    out: dict[str, PieceInfo] = {}
    for d in game.counters.defs if game.counters is not None else ():
        own = {"side": d.side} if d.side else {}  # its side: a rule's {side: $side} reads it
        out[d.id] = PieceInfo(
            d.id,
            d.name or d.id,
            {**own, **d.attrs},
            d.quantity,
            d.span,
            d.steps or (("front", "back") if d.back is not None else ("front",)),
        )
    for p in book.pieces:  # a counter of the same id is the real piece: it wins
        out.setdefault(p.id, PieceInfo(p.id, p.name, dict(p.attrs), p.quantity, p.span))
    return out


# ---- resolution --------------------------------------------------------------


def resolve(game: Game, book: RuleBook, scenario: Scenario, diags: Diagnostics) -> Setup:
    maps = maps_of(game)
    setup = Setup(game, book, scenario, _pick_map(scenario, maps, diags), pieces_of(game, book))
    sides = {s.id: s for s in scenario.sides}
    for side in scenario.sides:
        if side.colour:
            setup.side_colours[side.id] = side.colour
        if book.sides:
            check_name(setup, diags, "game side", side.id, f"{side.path}.id", side.span)
        for key in side.values:
            if book.side_values:
                check_name(
                    setup,
                    diags,
                    "side value",
                    key,
                    f"{side.path}.values.{key}",
                    side.value_spans.get(key),
                )
    for name, span in scenario.options:
        check_name(setup, diags, "option", name, "options", span)
    for unit in scenario.units:
        if unit.side is not None and sides:
            check_name(setup, diags, "side", unit.side, f"{unit.path}.side", unit.span)
    map_areas = dict(setup.map.areas) if setup.map is not None else {}
    setup.areas.update(map_areas)
    # placements first (areas may be defined relative to placed pieces), then areas
    pending = []
    for index, p in enumerate(scenario.all_placements()):
        info = _resolve_piece(setup, p, diags)
        if p.side is not None and sides and p.unit is None:
            check_name(setup, diags, "side", p.side, f"{p.path}.side", p.span_of("side"))
        if info is None:
            continue
        where = _where_placed(setup, p, diags)
        if where is None:
            continue
        cells, box = where
        if p.face is not None and p.face not in info.faces:
            what = ", ".join(info.faces) if info.faces else "none: it is not a counter"
            diags.error(
                p.span_of("face"),
                f"{p.path}.face",
                f"piece {info.id!r} has no face {p.face!r}",
                did_you_mean(p.face, info.faces, f"its faces: {what}"),
            )
            continue
        check_attrs(setup, diags, p, info.attrs)
        values = placed_values(info, p, book.attributes)
        for cell in cells:  # a range `at: A5:G5` places `count` on each of its cells
            placed = Placed(index, p, info, values, cell, None, box)
            setup.placed.append(placed)
            if p.area is not None:
                pending.append(placed)
    for area in area_order(scenario, map_areas, diags):
        in_area: set[Cell] = set()
        for i, label in enumerate(area.cells):
            if check_name(setup, diags, "cell", label, f"{area.path}[{i}]", area.span):
                cell = setup.board.cell_or_place(label)
                if cell is not None:  # an off-map box passes as a cell name, holds none
                    in_area.add(cell)
        if area.where is not None and setup.map is not None:
            try:
                in_area.update(
                    c for c in setup.map.cells if holds(setup, area.where, frozenset([c]), None)
                )
            except TooMuchWork as over:  # the area that takes the tests over the cap
                if over.first:
                    diags.error(area.span, f"{area.path}.where", work_message(), WORK_HINT)
        setup.areas[area.name] = frozenset(in_area)
    for placed in pending:
        p = placed.placement
        name = own_name(p.area or "", p.side, p.unit)
        ok = check_name(setup, diags, "area", name, f"{p.path}.area", p.span_of("area"))
        if not ok or name not in setup.areas:  # a pattern names no one area to stand in
            setup.placed.remove(placed)
        else:
            placed.cells = setup.areas[name]
    note_reported(setup, diags)
    return setup


def note_reported(setup: Setup, diags: Diagnostics) -> None:
    """Mark what an error of this scenario's file already speaks of: a placement (an error
    at or inside its entry, or one at its side's or unit's id), a placement that stands
    nowhere, a side whose values hold a mistake. Later checks leave them out."""
    sc = setup.scenario
    entries = {p.path: p for p in sc.all_placements()}
    placed = {p.placement.path for p in setup.placed}
    setup.unplaced = [p for path, p in entries.items() if path not in placed]
    for p in setup.unplaced:
        setup.report(p.path)
    by_side: dict[str | None, list[str]] = {}  # one pass over the entries, not one a group
    by_unit: dict[str | None, list[str]] = {}
    for key, p in entries.items():
        by_side.setdefault(p.side, []).append(key)
        by_unit.setdefault(p.unit, []).append(key)
    members: dict[str, list[str]] = {}  # a side's or unit's id path -> its entries
    for s in sc.sides:
        members[f"{s.path}.id"] = by_side.get(s.id, [])
    for u in sc.units:
        members[f"{u.path}.id"] = members[f"{u.path}.side"] = by_unit.get(u.id, [])
    values = {f"{s.path}.values": s.id for s in sc.sides}
    for d in diags.errors:
        if d.span is None or not same_file(d.span.file, sc.file):
            continue
        for path in members.get(d.path, ()):
            setup.report(path)
        owner, _, _ = d.path.rpartition(".")
        side = values.get(owner)
        if side is not None:
            setup.doubtful_values.add(side)
        for path in enclosing(d.path):
            if path in entries:
                setup.report(path)


def enclosing(path: str) -> list[str]:
    """A path and every path it lies inside: a.b[1].c -> a.b[1].c, a.b[1], a.b, a."""
    return [path] + [path[:i] for i, ch in enumerate(path) if ch in ".["]


def _where_placed(
    setup: Setup, p: Placement, diags: Diagnostics
) -> tuple[list[Cell | None], str | None] | None:
    """The cells `at:` names (one, or each of a range's) and the off-map box it names;
    ([None], None) for a placement in an area or nowhere; None when `at` is reported."""
    if p.at is None:
        return [None], None
    at = own_name(p.at, p.side, p.unit)
    corners = at.split(":") if ":" in at else [at]
    if not all(
        check_name(setup, diags, "cell", c.strip(), f"{p.path}.at", p.span_of("at"))
        for c in corners
    ):
        return None
    ends = [setup.board.cell_or_place(c.strip()) for c in corners]
    cells = _cells_between(setup, ends) if len(ends) == 2 else ends
    return cells, (at if ends[0] is None and at in setup.board.boxes else None)


def _cells_between(setup: Setup, ends: list[Cell | None]) -> list[Cell | None]:
    """The map's cells in the rectangle two corner cells span, row by row (a range of
    `at:`); blanks in the layout are left out, as a range anywhere else leaves them."""
    a, b = ends
    if a is None or b is None:
        return [a if a is not None else b]
    return [
        c for c in sorted(rect_cells(a, b), key=lambda c: (c[1], c[0])) if c in setup.board.cells
    ]


def area_order(
    scenario: Scenario, map_areas: Mapping[str, Any], diags: Diagnostics
) -> list[ScenarioArea]:
    """The scenario's areas, each after the areas its `where:` reads (`areas_read`: so the
    order they are written in does not matter); a loop of areas is an error at the area
    that closes it. An area's test naming its own name means the map's area of that name."""
    own = {a.name: a for a in scenario.areas}

    def needs(area: ScenarioArea) -> list[ScenarioArea]:
        names = areas_read(area.where, area.name, own)
        found = named(names, own)
        if area.name in names and area.name not in map_areas:
            return [own[n] for n in found]  # itself too: a loop of one
        return [own[n] for n in found if n != area.name]

    order: list[ScenarioArea] = []
    state: dict[str, int] = {}  # 1: being resolved, 2: done
    for first in scenario.areas:
        stack = [(first, iter(needs(first)))]
        state[first.name] = state.get(first.name) or 1
        if state[first.name] == 2:
            continue
        while stack:
            area, todo = stack[-1]
            nxt = next(todo, None)
            if nxt is None:
                stack.pop()
                state[area.name] = 2
                order.append(area)
            elif state.get(nxt.name) == 1:
                loop = [a.name for a, _ in stack[[a for a, _ in stack].index(nxt) :]]
                diags.error(
                    area.span,
                    f"{area.path}.where",
                    "areas defined by each other: " + " -> ".join([*loop, nxt.name]),
                    "define one of them by its cells",
                )
            elif state.get(nxt.name) is None:
                state[nxt.name] = 1
                stack.append((nxt, iter(needs(nxt))))
    return order


def placed_values(info: PieceInfo, p: Placement, declared: tuple = ()) -> dict[str, str]:
    """What a selector sees of a placed piece: the piece's own attributes (never rewritten),
    the placement's added attrs (a roster entry's, with the declared attributes' defaults
    for those it leaves out), its id, and the placing context under names of its own."""
    defaults = {a.name: a.default for a in declared if a.default is not None} if p.attrs else {}
    values = {**defaults, **p.attrs, **info.attrs, "id": info.id}
    if p.side is not None:
        values[PLACED_BY] = p.side
    if p.unit is not None:
        values[IN_UNIT] = p.unit
    if p.face is not None or info.faces:
        values[FACE] = p.face if p.face is not None else info.faces[0]
    return values


def _pick_map(scenario: Scenario, maps: list, diags: Diagnostics):
    if scenario.map is not None:
        for m in maps:
            if m.id == scenario.map:
                return m
        diags.error(
            scenario.map_span,
            "map",
            f"unknown map {scenario.map!r}",
            suggest(scenario.map, [m.id for m in maps]),
        )
        return None
    uses_cells = any(p.at is not None for p in scenario.all_placements())
    # A map that prints no sheet (copies: 0) is drawn only where it is named (a rulebook's
    # diagram): it is no table a scenario is set up on unless the scenario says so.
    tables = [m for m in maps if m.copies != 0]
    if len(tables) == 1:
        return tables[0]
    if len(tables) > 1 and uses_cells:
        diags.error(
            scenario.span,
            "map",
            f"the game has {len(tables)} maps: name one with map:",
            "valid: " + ", ".join(m.id for m in tables),
        )
    return None


def _resolve_piece(setup: Setup, p: Placement, diags: Diagnostics) -> PieceInfo | None:
    if p.select is None:
        info = setup.pieces.get(p.ref)
        if info is None:
            diags.error(
                p.span_of("piece"),
                f"{p.path}.piece",
                f"unknown piece {p.ref!r}",
                suggest(p.ref, setup.pieces),
            )
        return info
    found = [i for i in setup.pieces.values() if p.select.matches({**i.attrs, "id": i.id})]
    if len(found) == 1:
        return found[0]
    if not found:
        diags.error(
            p.span_of("piece"),
            f"{p.path}.piece",
            f"no piece matches {p.ref}",
            why_none_match(p.select, attribute_values(setup.pieces.values())),
        )
    else:
        ids = ", ".join(i.id for i in found[:4]) + (" ..." if len(found) > 4 else "")
        diags.error(
            p.span_of("piece"),
            f"{p.path}.piece",
            f"{p.ref} matches {len(found)} pieces ({ids})",
            "add attributes until one piece matches",
        )
    return None


def attribute_values(pieces, placed=()) -> dict[str, set[str]]:
    """Every attribute a selector could test, with the values it takes: the kit's pieces
    (their attrs and id) and, for rules, the placed pieces (side, unit, placement attrs)."""
    out: dict[str, set[str]] = {"id": set()}
    for info in pieces:
        out["id"].add(info.id)
        if info.faces:
            out.setdefault(FACE, set()).update(info.faces)
        for key, value in info.attrs.items():
            out.setdefault(key, set()).add(str(value))
    for p in placed:
        for key, value in p.values.items():
            out.setdefault(key, set()).add(str(value))
    return out


def why_none_match(
    sel: Selector,
    universe: dict[str, set[str]],
    open_keys: frozenset[str] = frozenset(),
    unknown_open: bool = False,
) -> str:
    """The first attribute or value of `sel` (or of its `not:`) that nothing has, with a
    did-you-mean; '' when every name exists. Values of `open_keys` (attributes a scenario
    writes itself, such as a figure's Ex) are not checked: a rule may name one no piece
    of this scenario has yet; with `unknown_open`, nor are attributes nothing has."""
    for key, allowed in sel.attrs:
        seen = universe.get(key)
        if seen is None and unknown_open and not close_match(key, universe):
            continue  # an attribute a scenario's placements may write (not a misspelling)
        if seen is None:
            if key in CONTEXT:
                return f"no piece has an attribute {key!r}; {_CONTEXT_HINT[key]}"
            hint = suggest(key, sorted(universe)) or "no piece has any attribute"
            return f"no piece has an attribute {key!r}; {hint}"
        if key in open_keys:
            continue
        for value in sorted(allowed):
            if value not in seen and not value.startswith("$"):
                hint = suggest(value, sorted(seen)) or f"none has any {key}"
                return f"no piece has {key} {value!r}; {hint}"
    if sel.negate is None:
        return ""
    return why_none_match(sel.negate, universe, open_keys, unknown_open)


_CONTEXT_HINT = {
    "side": f"the side that places a piece is {PLACED_BY}",
    "unit": f"the unit a piece is grouped in is {IN_UNIT}",
}
