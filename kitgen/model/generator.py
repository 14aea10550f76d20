"""Seeded set-up generators: roll a group size, then fill each record by rolling
on lookup tables (leader first), with optional adjustment rolls. No ReportLab here."""

from __future__ import annotations

from ..errors import Span
from ..records import record
from .threat import Band

Value = int | float | str
ROSTER_FIELDS = ("unit", "n", "role")  # every roster record has these
SIDE_FIELD = "side"  # a generator with sides: its records name their side here


@record
class LookupRow:
    band: Band
    values: tuple[tuple[str, Value | None], ...]  # None = a write-in blank (lost in the source)
    span: Span | None
    path: str


@record
class TableSource:
    """A lookup read from a roll table in `tables:` (resolved by rules/lookup_tables.py)."""

    table: str  # the table's id
    fields: tuple[tuple[str, str, Span | None], ...]  # (record field, column name, where written)
    span: Span | None


@record
class Lookup:
    id: str
    roll: str  # dice text, checked by the reader ("" until a table source is resolved)
    rows: tuple[LookupRow, ...]
    span: Span | None
    path: str
    keep_roll: str = ""  # a field name: record the roll itself there too
    source: TableSource | None = None  # rows and roll come from a table instead


@record
class Group:
    role: str
    count: int | None  # None: the rest of the group
    rolls: tuple[str, ...]  # lookup ids, rolled in order
    span: Span | None
    path: str


@record
class AdjustRow:
    band: Band
    add: int
    span: Span | None
    path: str


@record
class Adjust:
    """A roll per named field whose result adds to that field (e.g. -2..+2)."""

    id: str
    roll: str
    fields: tuple[str, ...]
    rows: tuple[AdjustRow, ...]
    optional: bool  # optional rules apply only when asked for (--with ID)
    span: Span | None
    path: str


@record
class Generator:
    id: str
    title: str
    size: str  # dice text (or a plain number): records per unit
    units: int  # how many units
    groups: tuple[Group, ...]
    lookups: tuple[Lookup, ...]
    adjust: tuple[Adjust, ...]
    sheet: bool  # print a roster on the sheet at build time
    span: Span | None
    path: str
    notes: tuple[str, ...] = ()
    # A record field's title as a roster's column head ("F" -> "Fire"); a field without
    # one prints as its name in words ("rating" -> "Rating").
    titles: tuple[tuple[str, str], ...] = ()
    size_per: str = "roster"  # roster: one roll every unit shares; unit: a roll per unit
    # Each side rolls its own roster (its own size, `units` units) and each record names
    # its side in the field `side`; () is one side and no such field.
    sides: tuple[str, ...] = ()
