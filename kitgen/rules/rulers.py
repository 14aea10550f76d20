"""Range rulers resolved against the game's `tables:`: each row of a weapon table becomes a
ruler's bands. Used by the check stage (to report) and by layout (to draw)."""

from __future__ import annotations

from ..errors import Diagnostics, Span
from ..model.game import Game
from ..model.template import Band, RulerTemplate
from ..patterns import pattern
from ..records import record
from ..units import POINTS_PER, finite_number
from .table_cells import body_rows, column_ids, column_index, tables_by_id


@record
class Ruler:
    """One ruler to draw: the weapons it serves and its bands (limits in points)."""

    id: str
    names: tuple[str, ...]
    bands: tuple[Band, ...]


UNIT_WORDS = {"in": "inches", "cm": "centimetres", "mm": "millimetres"}
# Footnote marks after a name point at the table's footnotes; a ruler has none.
FOOTNOTE_MARKS = pattern(r"\s*(?:[*#‡§]|†[0-9]*)+$")


def resolve_rulers(
    game: Game, ruler: RulerTemplate, path: str, diags: Diagnostics | None = None
) -> list[Ruler]:
    """The rulers a `ruler` template stands for; problems go to diags when given."""
    if ruler.source is None:
        return [Ruler(ruler.id, ruler.names, ruler.bands)]
    src = ruler.source

    def error(span: Span | None, where: str, message: str, hint: str = "") -> None:
        if diags is not None:
            diags.error(span, where, message, hint)

    tables = tables_by_id(game)
    if src.table not in tables:
        from ..names import suggest

        hint = suggest(src.table, tables) or "the game has no tables: section"
        error(src.span, f"{path}.from_table", f"no table {src.table!r} in tables:", hint)
        return []
    table, table_path = tables[src.table]
    columns = column_ids(table)
    index = column_index(table)
    name_column = src.name_column or columns[0]
    valid = "columns: " + ", ".join(columns)
    wanted = [(name_column, src.name_span or src.span, f"{path}.name_column")]
    spans = src.column_spans or (src.span,) * len(src.band_columns)
    wanted += [
        (c, s or src.span, f"{path}.band_columns[{i}]")
        for i, (c, s) in enumerate(zip(src.band_columns, spans, strict=True))
    ]
    missing = [(c, s, where) for c, s, where in wanted if c not in index]
    for col, span, where in missing:
        error(span, where, f"table {src.table!r} has no column {col!r}", valid)
    if missing:
        return []
    scale = float(POINTS_PER[src.unit])
    groups: list[tuple[tuple[Band, ...], list[str]]] = []
    for r, cells in body_rows(table):
        if len(cells) < len(columns):
            continue  # a row the table's reader has already reported
        name = FOOTNOTE_MARKS.sub("", cells[index[name_column]].text or "") or f"row {r + 1}"
        bands: list[Band] = []
        last = 0.0
        for col, band_name in zip(src.band_columns, src.band_names, strict=True):
            text, span = cells[index[col]].text, cells[index[col]].span
            where = f"{table_path}.rows[{r}]"
            try:
                value = finite_number(text) if text is not None else None
            except ValueError:
                value = None
            if value is None:
                error(
                    span or src.span,
                    where,
                    f"{name}: range {text!r} in column {col!r} is not a number",
                    f"ranges are numbers, in {UNIT_WORDS[src.unit]}",
                )
                break
            if value * scale <= last:
                error(
                    span or src.span,
                    where,
                    f"{name}: range {text} in column {col!r} does not reach further "
                    "than the band before it",
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


def check_templates(game: Game, model: object, diags: Diagnostics) -> None:
    """Rulers that read a table: the table and its columns must exist and hold numbers."""
    for i, template in enumerate(getattr(model, "items", ())):
        if isinstance(template, RulerTemplate) and template.source is not None:
            resolve_rulers(game, template, f"templates[{i}]", diags)
