"""Pure map operations used while reading: cell ranges, derived areas, rotating and composing
pieces, checking geomorphic seams. No I/O, no diagnostics: callers turn results into messages.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..geometry import Cell, HexGrid, SquareGrid
from ..records import record
from .map import Edge, MapDef, Placement

ROTATIONS = (0, 90, 180, 270)


def rect_cells(a: Cell, b: Cell) -> list[Cell]:
    """Every cell of the rectangle with corners a and b (inclusive), row by row."""
    c0, c1 = sorted((a[0], b[0]))
    r0, r1 = sorted((a[1], b[1]))
    return [(c, r) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)]


def step_neighbours(m: MapDef, cell: Cell, separators: Iterable[str] | None = None) -> list[Cell]:
    """Neighbours for connectivity: sides only (never diagonals), not across an edge of a
    separating kind (by default the kinds that block movement)."""
    g = m.grid
    if isinstance(g, SquareGrid):
        around = g.neighbours(cell[0], cell[1], diagonal=False)
    else:
        around = g.neighbours(cell[0], cell[1])
    if separators is None:
        separators = [k for k, v in m.edge_kinds.items() if v.blocks]
    kinds = set(separators)
    blocked = {e.key for e in m.edges if e.kind in kinds}
    return [n for n in around if n in m.cells and frozenset((cell, n)) not in blocked]


def on_edge(m: MapDef, cell: Cell) -> bool:
    """Whether a cell lies on the map's edge: a side of it borders no cell of the map."""
    sides = 4 if isinstance(m.grid, SquareGrid) else 6
    return len(step_neighbours(m, cell, ())) < sides


def components(
    m: MapDef, cells: Iterable[Cell], separators: Iterable[str] | None = None
) -> list[frozenset[Cell]]:
    """Connected groups of ``cells`` (side-adjacent, not across blocking edges), ordered by
    their first cell in reading order (top row first, then left to right)."""
    pool = set(cells)
    seps = None if separators is None else list(separators)
    groups: list[frozenset[Cell]] = []
    for start in sorted(pool, key=lambda c: (c[1], c[0])):
        if start not in pool:
            continue
        pool.discard(start)
        group, todo = {start}, [start]
        while todo:
            cur = todo.pop()
            for n in step_neighbours(m, cur, seps):
                if n in pool:
                    pool.discard(n)
                    group.add(n)
                    todo.append(n)
        groups.append(frozenset(group))
    return groups


def rotated_size(cols: int, rows: int, rotate: int) -> tuple[int, int]:
    return (rows, cols) if rotate in (90, 270) else (cols, rows)


def rotate_cell(cell: Cell, cols: int, rows: int, rotate: int) -> Cell:
    """Where cell (c, r) of a cols x rows piece lands after turning it ``rotate`` degrees
    clockwise (the rotated piece's top-left is (0, 0))."""
    c, r = cell
    if rotate == 0:
        return (c, r)
    if rotate == 90:
        return (rows - 1 - r, c)
    if rotate == 180:
        return (cols - 1 - c, rows - 1 - r)
    if rotate == 270:
        return (r, cols - 1 - c)
    raise ValueError(f"rotation must be one of {ROTATIONS}, not {rotate}")


def placed_cells(piece: MapDef, p: Placement) -> dict[Cell, Cell]:
    """Piece cell -> board cell for one placement."""
    g = piece.grid
    out = {}
    for cell in piece.cells:
        c, r = rotate_cell(cell, g.cols, g.rows, p.rotate)
        out[cell] = (c + p.at[0], r + p.at[1])
    return out


@record
class Overlap:
    copy: int  # index of the later placement
    other: int
    cell: Cell  # board cell claimed twice


@record
class Mismatch:
    copy: int  # index of the later placement
    other: int
    cell: Cell  # board cell in ``copy``
    other_cell: Cell  # its neighbour across the seam, in ``other``
    terrain: str
    other_terrain: str


@record
class Composed:
    cells: dict[Cell, str]
    owner: dict[Cell, int]  # board cell -> placement index
    edges: tuple[Edge, ...]
    cols: int
    rows: int
    overlaps: tuple[Overlap, ...]
    mismatches: tuple[Mismatch, ...]


def compose(pieces: Mapping[str, MapDef], placements: list[Placement]) -> Composed:
    """Lay copies of pieces on one board; report cells claimed twice and seams that differ."""
    cells: dict[Cell, str] = {}
    owner: dict[Cell, int] = {}
    edges: list[Edge] = []
    overlaps: list[Overlap] = []
    for i, p in enumerate(placements):
        piece = pieces[p.map]
        where = placed_cells(piece, p)
        for src, dst in where.items():
            if dst in owner:
                overlaps.append(Overlap(i, owner[dst], dst))
                continue
            cells[dst] = piece.cells[src]
            owner[dst] = i
        for e in piece.edges:
            edges.append(Edge(where[e.a], where[e.b], e.kind, e.span))
    cols = max((c for c, _ in cells), default=-1) + 1
    rows = max((r for _, r in cells), default=-1) + 1
    mismatches: list[Mismatch] = []
    joins = {}
    for p in placements:
        for t in pieces[p.map].terrains.values():
            joins[t.id] = t.join_class
    grid = board_grid(pieces[placements[0].map].grid, max(cols, 1), max(rows, 1)) if cells else None
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        around = grid.neighbours(*cell) if grid is not None else []
        for n in around:
            # each seam pair once: only neighbours later in reading order
            if (n[1], n[0]) <= (cell[1], cell[0]):
                continue
            if n not in cells or owner[n] == owner[cell]:
                continue
            a, b = cells[cell], cells[n]
            if joins.get(a, a) != joins.get(b, b):
                later, earlier = (cell, n) if owner[cell] > owner[n] else (n, cell)
                mismatches.append(
                    Mismatch(
                        owner[later], owner[earlier], later, earlier, cells[later], cells[earlier]
                    )
                )
    return Composed(cells, owner, tuple(edges), cols, rows, tuple(overlaps), tuple(mismatches))


def board_grid(piece_grid: SquareGrid | HexGrid, cols: int, rows: int) -> SquareGrid | HexGrid:
    if isinstance(piece_grid, SquareGrid):
        return SquareGrid(piece_grid.cell, cols, rows)
    return HexGrid(piece_grid.size, cols, rows, piece_grid.orientation, piece_grid.offset)


__all__ = [
    "ROTATIONS",
    "Composed",
    "Mismatch",
    "Overlap",
    "board_grid",
    "components",
    "compose",
    "on_edge",
    "placed_cells",
    "rect_cells",
    "rotate_cell",
    "rotated_size",
    "step_neighbours",
]
