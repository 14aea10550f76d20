"""Range rulers resolved against the game's tables: each row of a weapon table becomes a
ruler's bands. Used by the check stage (to report) and by layout (to draw)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import Diagnostics
from ..model.game import Game
from ..model.template import Band, RulerTemplate
from ..units import POINTS_PER


@dataclass(frozen=True)
class Ruler:
    """One ruler to draw: the weapons it serves and its bands (limits in points)."""

    id: str
    names: tuple[str, ...]
    bands: tuple[Band, ...]


UNIT_WORDS = {"in": "inches", "cm": "centimetres", "mm": "millimetres"}


def _tables(game: Game) -> dict[str, tuple[Any, str]]:
    """Tables a ruler may read, with their YAML path: `range_tables:` and, when present, a
    `tables:` section whose entries carry id, columns and rows."""
    found: dict[str, tuple[Any, str]] = {}
    for key in ("tables", "range_tables"):
        section = game.section(key, ())
        entries = getattr(section, "items", section)
        for i, table in enumerate(entries or ()):
            if hasattr(table, "id") and hasattr(table, "columns") and hasattr(table, "rows"):
                found.setdefault(table.id, (table, f"{key}[{i}]"))
    return found


def _cell_text(cell: Any) -> tuple[str | None, Any]:
    """(text, span) of a cell: a (text, span) pair, an object with .text, or plain text."""
    if isinstance(cell, tuple) and len(cell) == 2:
        return cell[0], cell[1]
    if hasattr(cell, "text"):
        return cell.text, getattr(cell, "span", None)
    return (None if cell is None else str(cell)), None


def _aliases(column: Any) -> list[str]:
    """The names a column answers to: its id and its title (or itself, if plain text)."""
    if isinstance(column, str):
        return [column]
    names = [getattr(column, k, None) for k in ("id", "title", "name")]
    found = [n for n in names if isinstance(n, str) and n]
    return found or [str(column)]


def _normalise(table: Any) -> tuple[list[list[str]], list[tuple[int, list[tuple[Any, Any]]]]]:
    """Columns (each a list of names) and (row index, cells) pairs; a row-label column, when
    the table has one, comes first; sub-heading rows are skipped."""
    columns = [_aliases(c) for c in table.columns]
    label = getattr(table, "label", None)
    if label is not None:
        columns.insert(0, _aliases(label))
    rows = []
    for r, row in enumerate(table.rows):
        if getattr(row, "heading", False):
            continue
        cells = list(getattr(row, "cells", row))
        if label is not None:
            cells.insert(0, (getattr(row, "label", None), getattr(row, "span", None)))
        rows.append((r, [_cell_text(c) for c in cells]))
    return columns, rows


def resolve_rulers(
    game: Game, ruler: RulerTemplate, path: str, diags: Diagnostics | None = None
) -> list[Ruler]:
    """The rulers a `ruler` template stands for; problems go to diags when given."""
    if ruler.source is None:
        return [Ruler(ruler.id, ruler.names, ruler.bands)]
    src = ruler.source

    def error(span: Any, where: str, message: str, hint: str = "") -> None:
        if diags is not None:
            diags.error(span, where, message, hint)

    tables = _tables(game)
    table, table_path = tables.get(src.table, (None, ""))
    if table is None:
        from ..source.fields import suggest

        error(src.span, f"{path}.from_table", f"no table {src.table!r}", suggest(src.table, tables))
        return []
    columns, rows = _normalise(table)
    index = {name: i for i, names in enumerate(columns) for name in reversed(names)}
    wanted = (src.name_column, *src.band_columns)
    missing = [c for c in wanted if c not in index]
    if missing:
        error(
            src.span,
            f"{path}.from_table",
            f"table {src.table!r} has no column {missing[0]!r}",
            "columns: " + ", ".join(names[0] for names in columns),
        )
        return []
    scale = float(POINTS_PER[src.unit])
    groups: list[tuple[tuple[Band, ...], list[str]]] = []
    for r, cells in rows:
        if len(cells) < len(columns):
            continue  # a row the table's reader has already reported
        name = cells[index[src.name_column]][0] or f"row {r + 1}"
        bands: list[Band] = []
        last = 0.0
        for col, band_name in zip(src.band_columns, src.band_names, strict=True):
            text, span = cells[index[col]]
            where = f"{table_path}.rows[{r}].{col}"
            try:
                value = float(text) if text is not None else None
            except ValueError:
                value = None
            if value is None:
                error(
                    span or src.span,
                    where,
                    f"{name}: range {text!r} is not a number",
                    f"ranges are numbers, in {UNIT_WORDS[src.unit]}",
                )
                break
            if value * scale <= last:
                error(
                    span or src.span,
                    where,
                    f"{name}: each band must reach further than the one before it",
                )
                break
            last = value * scale
            bands.append(Band(band_name, last))
        else:
            key = tuple(bands)
            same = [names for b, names in groups if b == key] if ruler.merge else []
            if same:
                same[0].append(name)
            else:
                groups.append((key, [name]))
    return [
        Ruler(f"{ruler.id}.{n}", tuple(names), bands)
        for n, (bands, names) in enumerate(groups, start=1)
    ]


def check_templates(game: Game, model: Any, diags: Diagnostics) -> None:
    """Rulers that read a table: the table and its columns must exist and hold numbers."""
    for i, template in enumerate(getattr(model, "items", ())):
        if isinstance(template, RulerTemplate) and template.source is not None:
            resolve_rulers(game, template, f"templates[{i}]", diags)
