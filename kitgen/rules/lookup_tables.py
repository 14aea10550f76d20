"""A generator's lookups that read a roll table from `tables:` (`table: ID`, `set:
{field: column}`): the printed key and the generator share one copy of the rows.

Resolved where a generator is checked or rolled; problems are reported by the check.
"""

from __future__ import annotations

from ..chance.roll_labels import RollLabelError, parse_roll_label
from ..errors import Diagnostics
from ..model.game import Game
from ..model.generator import Generator, Lookup, LookupRow, Value
from ..model.threat import Band
from ..patterns import pattern
from ..records import replace
from .table_cells import body_rows, column_ids, column_index, tables_by_id

_WHOLE = pattern(r"^[-+]?[0-9]+$")


def resolve_generator(game: Game, gen: Generator, diags: Diagnostics | None = None) -> Generator:
    """The generator with every table lookup's roll and rows filled in from its table."""
    if not any(lk.source is not None for lk in gen.lookups):
        return gen
    return replace(gen, lookups=tuple(_resolve(game, lk, diags) for lk in gen.lookups))


def _resolve(game: Game, lookup: Lookup, diags: Diagnostics | None) -> Lookup:
    src = lookup.source
    if src is None:
        return lookup
    report = diags.error if diags is not None else (lambda *args: None)
    tables = tables_by_id(game)
    if src.table not in tables:
        from ..names import suggest

        hint = suggest(src.table, tables) or "the game has no tables: section"
        report(src.span, f"{lookup.path}.table", f"no table {src.table!r} in tables:", hint)
        return lookup
    table, table_path = tables[src.table]
    if table.roll is None or table.label is None:
        report(
            src.span,
            f"{lookup.path}.table",
            f"table {src.table!r} is not keyed by a roll",
            "give the table roll: DICE and dice-range row labels",
        )
        return lookup
    index = column_index(table)
    missing = [(field, col, span) for field, col, span in src.fields if col not in index]
    for field, col, span in missing:
        valid = "columns: " + ", ".join(column_ids(table))
        report(
            span, f"{lookup.path}.set.{field}", f"table {src.table!r} has no column {col!r}", valid
        )
    if missing:
        return lookup
    rows = []
    for r, cells in body_rows(table):
        label, span = cells[0].text, cells[0].span
        try:
            rng = parse_roll_label(label or "")
        except RollLabelError:
            continue  # the table's own check reports its labels
        values = tuple((field, _value(cells[index[col]].text)) for field, col, _ in src.fields)
        band = Band(rng.lo, rng.hi, label or "")
        rows.append(LookupRow(band, values, span or table.span, f"{table_path}.rows[{r}]"))
    return replace(lookup, roll=table.roll, rows=tuple(rows))


def _value(text: str | None) -> Value | None:
    """Whole numbers stay numbers (adjustments add to them); None is a write-in blank."""
    if text is not None and _WHOLE.match(text.strip()):
        return int(text)
    return text
