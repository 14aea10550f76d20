"""A scenario resolved against its game: which map, which piece each placement
names, which cell it stands on, which cells each named area holds.

Both the checker and the set-up sheet planner start from a `Setup`, so the
drawing shows exactly what was checked. Unknown names become diagnostics here
(the "references" check); the constraint kinds live in rules/constraints.py.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

from ..errors import Diagnostics, Span
from ..geometry import Cell
from ..model.rules import Placement, RuleBook, Scenario, Selector, Target, Where
from ..source.fields import suggest


@dataclass(frozen=True)
class PieceInfo:
    """A piece the scenario may use: a counter of the kit or a type the rules declare."""

    id: str
    name: str
    attrs: Mapping[str, str]
    quantity: int | None  # None: unlimited
    span: Span | None


@dataclass
class Placed:
    """One placement entry resolved (its `count` copies share the cell)."""

    index: int  # position in Scenario.all_placements()
    placement: Placement
    piece: PieceInfo
    values: dict[str, str]  # what selectors match on: piece attrs + id, side, unit, own attrs
    cell: Cell | None
    cells: frozenset[Cell] | None  # placed "somewhere in an area": the area's cells

    @property
    def count(self) -> int:
        return self.placement.count

    @property
    def who(self) -> str:
        p = self.placement
        return p.label or p.attrs.get("name") or self.piece.id


@dataclass
class Setup:
    game: Any
    book: RuleBook
    scenario: Scenario
    map: Any | None  # a MapDef
    pieces: dict[str, PieceInfo]
    placed: list[Placed] = field(default_factory=list)
    areas: dict[str, frozenset[Cell]] = field(default_factory=dict)
    side_colours: dict[str, str] = field(default_factory=dict)

    # -- naming things in messages
    def cell_text(self, cell: Cell) -> str:
        assert self.map is not None
        t = self.map.terrain_at(cell)
        label = (t.label or t.id) if t is not None else "?"
        return f"cell {self.map.label(cell)} ({label})"

    def terrain_label(self, tid: str) -> str:
        t = self.map.terrains.get(tid) if self.map is not None else None
        return (t.label or t.id) if t is not None else tid

    def rule_at(self, span: Span | None) -> str:
        """'rule at rules.yaml:12:5': the rule's position relative to the game folder."""
        return f"rule at {relative(span, self.book.folder)}"


def relative(span: Span | None, folder: Path | None) -> str:
    if span is None:
        return "?"
    name = span.file
    if folder is not None:
        try:
            name = str(Path(span.file).resolve().relative_to(folder.resolve()))
        except ValueError:
            pass
    return f"{name}:{span.line}:{span.col}" if span.line else name


# ---- what the game offers ---------------------------------------------------


def maps_of(game: Any) -> list:
    """The game's MapDefs (the maps section's model may be a MapSet or a list)."""
    model = game.sections.get("maps") if game is not None else None
    if model is None:
        return []
    return list(getattr(model, "maps", model))


def pieces_of(game: Any, book: RuleBook) -> dict[str, PieceInfo]:
    """Counters of the kit, then the piece types the rules declare."""
    out: dict[str, PieceInfo] = {}
    counters = game.sections.get("counters") if game is not None else None
    for d in list(getattr(counters, "defs", counters or ())):
        out[d.id] = PieceInfo(
            d.id,
            getattr(d, "name", d.id) or d.id,
            dict(d.attrs),
            getattr(d, "quantity", None),
            getattr(d, "span", None),
        )
    for p in book.pieces:  # a counter of the same id is the real piece: it wins
        out.setdefault(p.id, PieceInfo(p.id, p.name, dict(p.attrs), p.quantity, p.span))
    return out


# ---- resolution --------------------------------------------------------------


def resolve(game: Any, book: RuleBook, scenario: Scenario, diags: Diagnostics) -> Setup:
    maps = maps_of(game)
    setup = Setup(game, book, scenario, _pick_map(scenario, maps, diags), pieces_of(game, book))
    sides = {s.id: s for s in scenario.sides}
    for side in scenario.sides:
        if side.colour:
            setup.side_colours[side.id] = side.colour
        if book.sides and side.id not in book.sides:
            diags.error(
                side.span,
                f"{side.path}.id",
                f"unknown side {side.id!r}",
                suggest(side.id, book.sides),
            )
        for key in side.values:
            if book.side_values and key not in book.side_values:
                diags.error(
                    side.value_spans.get(key),
                    f"{side.path}.values.{key}",
                    f"unknown side value {key!r}",
                    suggest(key, book.side_values),
                )
    options = [o.id for o in book.options]
    for name, span in scenario.options:
        if name not in options:
            diags.error(span, "options", f"unknown option {name!r}", suggest(name, options))
    for unit in scenario.units:
        if unit.side is not None and sides and unit.side not in sides:
            diags.error(
                unit.span,
                f"{unit.path}.side",
                f"unknown side {unit.side!r}",
                suggest(unit.side, sides),
            )
    map_areas = dict(setup.map.areas) if setup.map is not None else {}
    setup.areas.update(map_areas)
    # placements first (areas may be defined relative to placed pieces), then areas
    pending = []
    for index, p in enumerate(scenario.all_placements()):
        info = _resolve_piece(setup, p, diags)
        if p.side is not None and sides and p.side not in sides and p.unit is None:
            diags.error(
                p.span, f"{p.path}.side", f"unknown side {p.side!r}", suggest(p.side, sides)
            )
        if info is None:
            continue
        cell = None
        if p.at is not None:
            if setup.map is None:
                diags.error(p.span, f"{p.path}.at", f"cell {p.at!r}: the scenario has no map")
                continue
            cell = setup.map.cell_at_label(p.at)
            if cell is None:
                diags.error(p.span, f"{p.path}.at", f"no cell {p.at!r} on map {setup.map.id!r}")
                continue
        values = dict(info.attrs)
        values.update(p.attrs)
        values["id"] = info.id
        if p.side is not None:
            values["side"] = p.side
        if p.unit is not None:
            values["unit"] = p.unit
        placed = Placed(index, p, info, values, cell, None)
        setup.placed.append(placed)
        if p.area is not None:
            pending.append(placed)
    for area in scenario.areas:
        cells: set[Cell] = set()
        for label in area.cells:
            cell = setup.map.cell_at_label(label) if setup.map is not None else None
            if cell is None:
                where = (
                    f"map {setup.map.id!r}" if setup.map is not None else "the scenario (no map)"
                )
                diags.error(area.span, area.path, f"no cell {label!r} on {where}")
            else:
                cells.add(cell)
        if area.where is not None and setup.map is not None:
            cells.update(
                c for c in setup.map.cells if holds(setup, area.where, frozenset([c]), None)
            )
        setup.areas[area.name] = frozenset(cells)
    for placed in pending:
        name = placed.placement.area
        if name not in setup.areas:
            diags.error(
                placed.placement.span,
                f"{placed.placement.path}.area",
                f"unknown area {name!r}",
                suggest(name or "", setup.areas),
            )
            setup.placed.remove(placed)
        else:
            placed.cells = setup.areas[name]
    return setup


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
    if len(maps) == 1:
        return maps[0]
    if len(maps) > 1 and uses_cells:
        diags.error(
            scenario.span,
            "map",
            f"the game has {len(maps)} maps: name one with map:",
            "valid: " + ", ".join(m.id for m in maps),
        )
    return None


def _resolve_piece(setup: Setup, p: Placement, diags: Diagnostics) -> PieceInfo | None:
    if p.select is None:
        info = setup.pieces.get(p.ref)
        if info is None:
            diags.error(
                p.span, f"{p.path}.piece", f"unknown piece {p.ref!r}", suggest(p.ref, setup.pieces)
            )
        return info
    found = [i for i in setup.pieces.values() if p.select.matches({**i.attrs, "id": i.id})]
    if len(found) == 1:
        return found[0]
    if not found:
        diags.error(p.span, f"{p.path}.piece", f"no piece matches {p.ref}")
    else:
        ids = ", ".join(i.id for i in found[:4]) + (" ..." if len(found) > 4 else "")
        diags.error(
            p.span,
            f"{p.path}.piece",
            f"{p.ref} matches {len(found)} pieces ({ids})",
            "add attributes until one piece matches",
        )
    return None


# ---- location tests -------------------------------------------------------------


def target_cells(setup: Setup, target: Target, exclude: Placed | None) -> frozenset[Cell]:
    m = setup.map
    if m is None:
        return frozenset()
    if target.kind == "pieces":
        assert target.pieces is not None
        return frozenset(
            c
            for p in setup.placed
            if p is not exclude and p.cell is not None and target.pieces.matches(p.values)
            for c in [p.cell]
        )
    if target.kind == "cell":
        return frozenset(c for n in target.names if (c := m.cell_at_label(n)) is not None)
    if target.kind == "place":
        return frozenset(m.places[n] for n in named(target.names, m.places))
    if target.kind == "area":
        return frozenset(c for n in named(target.names, setup.areas) for c in setup.areas[n])
    if target.kind == "terrain":
        return frozenset(c for c, t in m.cells.items() if t in target.names)
    assert target.kind == "opposite" and target.inner is not None
    return frozenset(opposite(m, c) for c in target_cells(setup, target.inner, exclude))


def opposite(m: Any, cell: Cell) -> Cell:
    """The point reflection of a cell through the centre of the board's cells."""
    cols = [c for c, _ in m.cells]
    rows = [r for _, r in m.cells]
    return (min(cols) + max(cols) - cell[0], min(rows) + max(rows) - cell[1])


def holds(setup: Setup, where: Where, cells: Iterable[Cell] | None, who: Placed | None) -> bool:
    """Does the test hold for every cell given (None: the piece is off the map)?"""
    if cells is None:
        return where.on_map is False  # cell tests need a cell: off-map pieces pass none
    cells = list(cells)
    if where.on_map is False:
        return False
    return bool(cells) and all(_holds_cell(setup, where, c, who) for c in cells)


def _holds_cell(setup: Setup, w: Where, cell: Cell, who: Placed | None) -> bool:
    m = setup.map
    assert m is not None
    if w.terrain and m.cells.get(cell) not in w.terrain:
        return False
    if w.area and not any(cell in setup.areas[a] for a in named(w.area, setup.areas)):
        return False
    if w.cell and cell not in {m.cell_at_label(n) for n in w.cell}:
        return False
    if w.place and cell not in {m.places[n] for n in named(w.place, m.places)}:
        return False
    if w.on_line is not None and not _on_line(setup, w.on_line, cell, who):
        return False
    if w.within is not None:
        n, target = w.within
        if not any(m.distance(cell, t) <= n for t in target_cells(setup, target, who)):
            return False
    if w.beyond is not None:
        n, target = w.beyond
        if any(m.distance(cell, t) < n for t in target_cells(setup, target, who)):
            return False
    if w.adjacent_to is not None and not any(
        m.adjacent(cell, t) for t in target_cells(setup, w.adjacent_to, who)
    ):
        return False
    if w.same_area_as is not None:
        mine = {a for a, cs in setup.areas.items() if cell in cs}
        theirs = {
            a
            for t in target_cells(setup, w.same_area_as, who)
            for a, cs in setup.areas.items()
            if t in cs
        }
        if not mine & theirs:
            return False
    if w.negate is not None and _holds_cell(setup, w.negate, cell, who):
        return False
    return not (w.any_of and not any(_holds_cell(setup, x, cell, who) for x in w.any_of))


def named(patterns: Iterable[str], names: Iterable[str]) -> list[str]:
    """Names matching any pattern; `*` and `?` match like file names ('*.room-centre'
    finds the room centres of every piece of a composed board)."""
    names = list(names)
    return [n for n in names if any(fnmatchcase(n, p) for p in patterns)]


def _on_line(setup: Setup, ends: tuple[Target, Target], cell: Cell, who: Placed | None) -> bool:
    """Does the straight line between the two targets' cell centres pass within half a
    cell of this cell's centre? (Several cells per end: any pair will do.)"""
    g = setup.map.grid
    size = getattr(g, "cell", None) or getattr(g, "size", 1.0)
    px, py = g.centre(*cell)
    for a in target_cells(setup, ends[0], who):
        for b in target_cells(setup, ends[1], who):
            (ax, ay), (bx, by) = g.centre(*a), g.centre(*b)
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = (
                0.0
                if length2 == 0
                else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
            )
            if math.hypot(px - (ax + t * dx), py - (ay + t * dy)) <= size / 2 + 1e-9:
                return True
    return False


def describe_where(setup: Setup, w: Where) -> str:
    """How a location test reads in a message: 'on Hatchway and in area approach'."""
    parts: list[str] = []
    if w.terrain:
        parts.append("on " + " or ".join(setup.terrain_label(t) for t in w.terrain))
    if w.area:
        parts.append("in area " + " or ".join(w.area))
    if w.cell:
        parts.append("on cell " + " or ".join(w.cell))
    if w.place:
        parts.append("at " + " or ".join(w.place))
    if w.within is not None:
        parts.append(f"within {_cells(w.within[0])} of {w.within[1].text}")
    if w.beyond is not None:
        parts.append(f"at least {_cells(w.beyond[0])} from {w.beyond[1].text}")
    if w.adjacent_to is not None:
        parts.append(f"adjacent to {w.adjacent_to.text}")
    if w.same_area_as is not None:
        parts.append(f"in the same area as {w.same_area_as.text}")
    if w.on_line is not None:
        parts.append(f"on the line from {w.on_line[0].text} to {w.on_line[1].text}")
    if w.on_map is True:
        parts.append("on the map")
    if w.on_map is False:
        parts.append("off the map")
    if w.any_of:
        parts.append("either " + " or ".join(describe_where(setup, x) for x in w.any_of))
    if w.negate is not None:
        parts.append("not " + describe_where(setup, w.negate))
    return " and ".join(parts)


def failing(setup: Setup, w: Where, cells: Iterable[Cell] | None, who: Placed | None) -> str:
    """What a piece fails of a test, part by part: 'is not adjacent to X and is in area Y'."""
    if cells is None:
        return "is not " + describe_where(setup, w)
    cells = list(cells)
    out = []
    for part in _parts(w):
        if holds(setup, part, cells, who):
            continue
        if part.negate is not None:
            out.append("is " + describe_where(setup, part.negate))
        else:
            out.append("is not " + describe_where(setup, part))
    return " and ".join(out) or "is not " + describe_where(setup, w)


def _parts(w: Where) -> list[Where]:
    """A test split into one test per key (they are ANDed)."""
    out = []
    for name in (
        "terrain",
        "area",
        "cell",
        "place",
        "within",
        "beyond",
        "adjacent_to",
        "same_area_as",
        "on_line",
        "on_map",
        "negate",
        "any_of",
    ):
        value = getattr(w, name)
        if value is not None and value != ():
            out.append(Where(**{name: value}, span=w.span))
    return out


def _cells(n: int) -> str:
    return f"{n} cell" if n == 1 else f"{n} cells"


def selected(setup: Setup, sel: Selector) -> list[Placed]:
    return [p for p in setup.placed if sel.matches(p.values)]
