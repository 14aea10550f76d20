"""Reading a game's `tables:` as data: columns by name, rows as cells with their spans.

Other sections read tables by reference (range rulers from a weapon table, a
generator's lookup from a roll table), so the table stays the one copy of a truth.
"""

from __future__ import annotations

from ..errors import Span
from ..model.game import Game
from ..model.table import Cell, Column, Table
from ..records import record


@record
class CellText:
    """A body cell as data: its text (None: a write-in blank) and where it is written."""

    text: str | None
    span: Span | None


def tables_by_id(game: Game) -> dict[str, tuple[Table, str]]:
    """The game's `tables:` entries by id, with their YAML path."""
    return {t.id: (t, f"tables[{i}]") for i, t in enumerate(game.tables)}


def column_names(column: Column) -> list[str]:
    """The names a column answers to: its id, then its title."""
    return [n for n in dict.fromkeys((column.id, column.title)) if n]


def table_columns(table: Table) -> list[list[str]]:
    """Each column's names; a row-label column, when the table has one, comes first."""
    columns = [column_names(c) for c in table.columns]
    if table.label is not None:
        columns.insert(0, column_names(table.label))
    return columns


def column_ids(table: Table) -> list[str]:
    """Each column's first name (its id, else its title), as `table_columns` orders them."""
    return [first for first, *_ in table_columns(table)]


def column_index(table: Table) -> dict[str, int]:
    """Column name -> position in a row of `body_rows` (ids win over titles)."""
    return {name: i for i, names in enumerate(table_columns(table)) for name in reversed(names)}


def body_rows(table: Table) -> list[tuple[int, list[CellText]]]:
    """(row index, a `CellText` per column) of every row but the sub-headings.

    A cell spanning several columns is repeated under each, as it reads on the page."""
    out = []
    for r, row in enumerate(table.rows):
        if row.heading:
            continue
        cells: list[CellText] = []
        if table.label is not None:
            cells.append(CellText(row.label, row.span))
        spans = row.cell_spans or (row.span,) * len(row.cells)
        for cell, span in zip(row.cells, spans, strict=True):
            if isinstance(cell, Cell):
                cells += [CellText(cell.text, span)] * cell.cols
            else:
                cells.append(CellText(cell, span))
        out.append((r, cells))
    return out
