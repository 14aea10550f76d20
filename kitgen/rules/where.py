"""Location tests (`where:`) on the cells of a resolved scenario: targets, distances,
adjacency, lines, areas; and how a test reads in a message."""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from fnmatch import fnmatchcase
from typing import Any

from ..budget import MAX_WHERE_WORK
from ..geometry import Cell, SquareGrid
from ..model.rules import Distance, Target, Where, prop_text
from ..names import as_written
from ..patterns import pattern
from ..records import fields
from .resolved import Placed, Setup

PARTS_ORDER = tuple(f.name for f in fields(Where) if f.name != "span")


class TooMuchWork(Exception):
    """A scenario's location tests are past MAX_WHERE_WORK cells compared: the test or
    rule that takes them over (`first`) is reported (rules/setup.py, rules/scenarios.py);
    every later test stops at once."""

    def __init__(self, first: bool):
        super().__init__(work_message())
        self.first = first


WORK_HINT = "test fewer cells or name a smaller target; see docs/security.md for the caps"


def work_message() -> str:
    return f"the location tests compare more than {MAX_WHERE_WORK:,} cells in this scenario"


def spend(setup: Setup, amount: int) -> None:
    """Count cells compared; past the cap, TooMuchWork (and at once for every later test)."""
    before = setup.work
    setup.work = before + amount
    if setup.work > MAX_WHERE_WORK:
        raise TooMuchWork(first=before <= MAX_WHERE_WORK)


def target_cells(setup: Setup, target: Target, exclude: Placed | None) -> frozenset[Cell]:
    m = setup.map
    if m is None:
        return frozenset()
    spend(setup, 1 + len(target.names))
    if target.kind in ("pieces", "terrain"):  # every placed piece or cell looked at
        spend(setup, len(setup.placed) if target.kind == "pieces" else len(m.cells))
    if target.kind == "pieces":
        assert target.pieces is not None
        return frozenset(
            c
            for p in setup.placed
            if p is not exclude and p.cell is not None and target.pieces.matches(p.values)
            for c in [p.cell]
        )
    names = own_names(target.names, exclude)
    if target.kind == "cell":
        return frozenset(c for n in names if (c := m.cell_or_place(n)) is not None)
    if target.kind == "place":
        return frozenset(m.places[n] for n in named(names, m.places))
    if target.kind == "area":
        return frozenset(c for n in named(names, setup.areas) for c in setup.areas[n])
    if target.kind == "terrain":
        return frozenset(c for c, t in m.cells.items() if t in names)
    assert target.kind == "opposite" and target.inner is not None
    return frozenset(opposite(m, c) for c in target_cells(setup, target.inner, exclude))


NAME_REF = pattern(r"\$(side|unit)\b")  # `$side` / `$unit` inside a name


def own_name(name: str, side: str | None, unit: str | None) -> str:
    """A name with `$side` / `$unit` replaced by a piece's placing side and unit."""
    context = {"side": side, "unit": unit}
    return NAME_REF.sub(lambda m: context[m.group(1)] or m.group(0), name)


def own_names(names: tuple[str, ...], who: Placed | None) -> tuple[str, ...]:
    """Names as they read for the piece tested (unchanged without a piece or a `$`)."""
    if who is None or not any("$" in n for n in names):
        return names
    return tuple(own_name(n, who.side, who.unit) for n in names)


def opposite(m: Any, cell: Cell) -> Cell:
    """The point reflection of a cell through the centre of the board's cells."""
    cols = [c for c, _ in m.cells]
    rows = [r for _, r in m.cells]
    col, row = cell
    return (min(cols) + max(cols) - col, min(rows) + max(rows) - row)


def holds(setup: Setup, where: Where, cells: Iterable[Cell] | None, who: Placed | None) -> bool:
    """Does the test hold for every cell given (None: the piece is off the map)?"""
    if cells is None:
        return _holds_off_map(w=where, box=who.box if who is not None else None)
    cells = list(cells)
    return bool(cells) and all(_holds_cell(setup, where, c, who) for c in cells)


CELL_KEYS = tuple(
    k for k in PARTS_ORDER if k not in ("on_map", "box", "negate", "any_of")
)  # the keys only a cell can pass


def _holds_off_map(w: Where, box: str | None) -> bool:
    """A piece off the map (in ``box``, or simply kept off it) passes `on_map: false` and
    `box:`, fails every cell test, and is walked through `not` and `any_of` like a cell."""
    if any(getattr(w, k) not in (None, ()) for k in CELL_KEYS) or w.on_map is True:
        return False
    if w.box and (box is None or not any(fnmatchcase(box, b) for b in w.box)):
        return False
    if w.negate is not None and _holds_off_map(w.negate, box):
        return False
    return not (w.any_of and not any(_holds_off_map(x, box) for x in w.any_of))


def _holds_cell(setup: Setup, w: Where, cell: Cell, who: Placed | None) -> bool:
    m = setup.map
    assert m is not None
    spend(setup, 1)
    if w.on_map is False or w.box:  # a piece on a cell is in no box
        return False
    if w.terrain and m.cells.get(cell) not in own_names(w.terrain, who):
        return False
    if w.props:
        have = m.props_at(cell)
        if not all(k in have and prop_text(have[k]) == v for k, v in w.props):
            return False
    if w.feature and not any(f.kind in w.feature for f in m.features_at(cell)):
        return False
    if w.line and not (m.lines_at(cell) & set(w.line)):
        return False
    if w.area and not any(
        cell in setup.areas[a] for a in named(own_names(w.area, who), setup.areas)
    ):
        return False
    if w.cell and cell not in {m.cell_or_place(n) for n in own_names(w.cell, who)}:
        return False
    if w.place and cell not in {m.places[n] for n in named(own_names(w.place, who), m.places)}:
        return False
    if w.on_line is not None and not _on_line(setup, w.on_line, cell, who):
        return False
    if w.within is not None:
        d = w.within
        if steps(setup, cell, target_cells(setup, d.of, who), d) > d.cells:
            return False
    if w.beyond is not None:
        d = w.beyond
        if steps(setup, cell, target_cells(setup, d.of, who), d) < d.cells:
            return False
    if w.adjacent_to is not None:  # the cell's neighbours, found once, against the targets
        targets = target_cells(setup, w.adjacent_to, who)
        if not any(n in targets for n in m.neighbours(cell)):
            return False
    if w.same_area_as is not None:
        targets = target_cells(setup, w.same_area_as, who)
        spend(setup, len(setup.areas) * (1 + len(targets)))
        mine = {a for a, cs in setup.areas.items() if cell in cs}
        theirs = {a for t in targets for a, cs in setup.areas.items() if t in cs}
        if not mine & theirs:
            return False
    if w.negate is not None and _holds_cell(setup, w.negate, cell, who):
        return False
    return not (w.any_of and not any(_holds_cell(setup, x, cell, who) for x in w.any_of))


def steps(setup: Setup, cell: Cell, targets: frozenset[Cell], d: Distance) -> float:
    """The fewest steps from the nearest target to `cell` (inf when there is none): the map's
    own distance, or, with `through` or `not_crossing`, a walk over neighbours (blocking
    edges and the edges of the kinds not crossed cut) that enters only cells of those
    terrains (any, without `through`)."""
    m = setup.board
    if not targets:
        return math.inf
    if not d.through and not d.not_crossing:
        spend(setup, len(targets))
        return min(m.distance(cell, t) for t in targets)
    key = (targets, d.through, d.not_crossing)
    walked = setup.walks.get(key)
    if walked is None:  # one walk per target set, shared by every cell tested against it
        spend(setup, len(m.cells))
        cut = {e.key for e in m.edges if e.kind in d.not_crossing}
        walked = {t: 0 for t in targets}
        frontier = list(targets)
        while frontier:
            nxt = []
            for c in frontier:
                for n in m.neighbours(c):
                    if n in walked or frozenset((c, n)) in cut:
                        continue
                    if not d.through or m.cells.get(n, "") in d.through:
                        walked[n] = walked[c] + 1
                        nxt.append(n)
            frontier = nxt
        setup.walks[key] = walked
    return walked.get(cell, math.inf)


def named(patterns: Iterable[str], names: Iterable[str]) -> list[str]:
    """Names matching any pattern; `*` and `?` match like file names ('*.room-centre'
    finds the room centres of every piece of a composed board)."""
    patterns = list(patterns)
    if not any(c in p for p in patterns for c in "*?["):  # plain names: no pattern to match
        if isinstance(names, Mapping):  # looked up, not matched against each name
            return [p for p in dict.fromkeys(patterns) if p in names]
        wanted = set(patterns)
        return [n for n in names if n in wanted]
    return [n for n in names if any(fnmatchcase(n, p) for p in patterns)]


def _on_line(setup: Setup, ends: tuple[Target, Target], cell: Cell, who: Placed | None) -> bool:
    """Does the straight line between the two targets' cell centres pass within half a
    cell of this cell's centre? (Several cells per end: any pair will do.)"""
    g = setup.board.grid
    size = g.cell if isinstance(g, SquareGrid) else g.size
    px, py = g.centre(*cell)
    starts, ends_at = target_cells(setup, ends[0], who), target_cells(setup, ends[1], who)
    spend(setup, len(starts) * len(ends_at))
    for a in starts:
        for b in ends_at:
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


def describe_where(setup: Setup, w: Where, who: Placed | None = None) -> str:
    """How a location test reads in a message: 'on Hatchway and in area approach'."""
    parts: list[str] = []
    if w.terrain:
        parts.append("on " + " or ".join(setup.terrain_label(t) for t in own_names(w.terrain, who)))
    if w.props:
        parts.append("on a cell with " + ", ".join(f"{k}: {v}" for k, v in w.props))
    if w.area:
        parts.append("in area " + " or ".join(own_names(w.area, who)))
    if w.cell:
        parts.append("on cell " + " or ".join(own_names(w.cell, who)))
    if w.place:
        parts.append("at " + " or ".join(own_names(w.place, who)))
    if w.within is not None:
        d = w.within
        parts.append(f"within {_cells(d.cells)} of {d.of.text}{_walk(setup, d)}")
    if w.beyond is not None:
        d = w.beyond
        parts.append(f"at least {_cells(d.cells)} from {d.of.text}{_walk(setup, d)}")
    if w.adjacent_to is not None:
        parts.append(f"adjacent to {w.adjacent_to.text}")
    if w.same_area_as is not None:
        parts.append(f"in the same area as {w.same_area_as.text}")
    if w.on_line is not None:
        start, end = w.on_line
        parts.append(f"on the line from {start.text} to {end.text}")
    if w.feature:
        parts.append(
            "on a cell with "
            + " or ".join(_kind_label(setup, "feature_kinds", k) for k in w.feature)
        )
    if w.line:
        parts.append("on a " + " or ".join(_kind_label(setup, "line_kinds", k) for k in w.line))
    if w.box:
        parts.append("in box " + " or ".join(_kind_label(setup, "boxes", b) for b in w.box))
    if w.on_map is True:
        parts.append("on the map")
    if w.on_map is False:
        parts.append("off the map")
    if w.any_of:
        parts.append("either " + " or ".join(describe_where(setup, x, who) for x in w.any_of))
    if w.negate is not None:
        parts.append("not " + describe_where(setup, w.negate, who))
    return " and ".join(parts)


def failing(setup: Setup, w: Where, cells: Iterable[Cell] | None, who: Placed | None) -> str:
    """What a piece fails of a test, part by part: 'is not adjacent to X and is in area Y'."""
    if cells is not None:
        cells = list(cells)
    out = []
    for part in _parts(w):
        if holds(setup, part, cells, who):
            continue
        if part.negate is not None:
            out.append("is " + describe_where(setup, part.negate, who))
        elif len(part.any_of) > 1:  # 'is neither in A nor in B', not 'is not either A or B'
            options = [describe_where(setup, x, who) for x in part.any_of]
            out.append("is neither " + (" nor " if len(options) == 2 else ", nor ").join(options))
        else:
            out.append("is not " + describe_where(setup, part, who))
    return " and ".join(out) or "is not " + describe_where(setup, w, who)


PARTS = PARTS_ORDER  # the keys of a test


def _parts(w: Where) -> list[Where]:
    """A test split into one test per key (they are ANDed)."""
    out = []
    for name in PARTS:
        value = getattr(w, name)
        if value is not None and value != ():
            out.append(Where(**{name: value}, span=w.span))
    return out


def _kind_label(setup: Setup, table: str, name: str) -> str:
    """A feature, line kind or box by the id the author wrote, the map key's label after it
    where that says more ('later (Turn 3 reinforcements)')."""
    kind = getattr(setup.map, table, {}).get(name) if setup.map is not None else None
    return as_written(name, kind.label if kind is not None else None)


def _walk(setup: Setup, distance: Distance) -> str:
    through, banks = distance.through, distance.not_crossing
    out = ""
    if through:
        out += " walking through " + " or ".join(setup.terrain_label(t) for t in through)
    if banks:
        out += " without crossing " + " or ".join(
            _kind_label(setup, "edge_kinds", k) for k in banks
        )
    return out


def _cells(n: int) -> str:
    return f"{n} cell" if n == 1 else f"{n} cells"


def inner_tests(w: Where | None) -> Iterator[Where]:
    """A test and every test inside it (`not`, `any_of`), outer first."""
    if w is None:
        return
    yield w
    yield from inner_tests(w.negate)
    for x in w.any_of:
        yield from inner_tests(x)


def own_targets(w: Where) -> Iterator[Target]:
    """The targets a test measures from, `opposite` unwrapped."""
    for t in (
        w.within.of if w.within else None,
        w.beyond.of if w.beyond else None,
        w.adjacent_to,
        w.same_area_as,
        *(w.on_line or ()),
    ):
        while t is not None and t.kind == "opposite":
            t = t.inner
        if t is not None:
            yield t
