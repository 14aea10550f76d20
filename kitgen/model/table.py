"""Tables, text blocks, quick-reference sheets and reference cards (no ReportLab here).

A table is columns and rows; a row has an optional label (a dice range like
`3-4` when the table is keyed by a roll) and one cell per column. A cell that
is None is a write-in blank: the source lost the value and the player fills
it in; kitgen never invents it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import Span
from ..records import field, record
from .combat import Combat
from .layout import Filled

ALIGNS = ("left", "centre", "right")


@record
class Column:
    title: str
    align: str = "left"  # left, centre, right
    width: float | None = None  # points: a fixed width; None = from content
    id: str = ""  # how header groups and spans name the column (defaults to the title)
    span: Span | None = None


@record
class Cell:
    """A cell with options; plain cells are str (or None for a write-in blank)."""

    text: str | None  # None = write-in blank
    cols: int = 1  # how many columns the cell covers
    align: str | None = None  # None = the column's
    bold: bool = False
    span: Span | None = None


CellValue = Cell | str | None


@record
class Row:
    label: str | None  # printed in the label column (a dice range for rolled tables)
    cells: tuple[CellValue, ...]
    span: Span | None = None
    heading: bool = False  # a sub-heading row: one cell across the whole table
    cell_spans: tuple[Span | None, ...] = ()  # where each cell is written (for other readers)
    mark: str = ""  # a whole-row reading's dagger, printed after the label (kept out of it:
    # a rolled table's label is its roll range, read as such)


@record
class HeaderGroup:
    """A title over several neighbouring columns (indices into Table.columns)."""

    title: str
    first: int
    count: int
    span: Span | None = None


@record
class Effects:
    """A terrain effects chart's source: its rows are made from a map's terrains,
    features, line and hexside kinds (their `move` property and the rest as words) and
    the column shifts, multipliers and modifiers a combat table declares on them."""

    map: str = ""  # "": the game's first map
    combat: str = ""  # "": the game's one combat table
    move: str = "move_cost"  # the property printed as the movement cost
    span: Span | None = None


@record
class Table:
    id: str
    title: str
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()  # short text printed under the table
    footnotes: tuple[str, ...] = ()  # printed small, after the notes
    roll: str | None = None  # e.g. "2d6": row labels are dice ranges
    span: Span | None = None
    label: Column | None = None  # the row-label column (None: rows have no label)
    groups: tuple[HeaderGroup, ...] = ()
    chance: str | None = None  # title of a computed chance column (needs roll)
    chances: tuple[str, ...] = ()  # computed per row by the rules engine (filled on read)
    combat: Combat | None = None  # a combat results table: columns by odds or differential
    effects: Effects | None = None  # a terrain effects chart: rows made from the map


@record
class TextBlock:
    id: str
    title: str
    paragraphs: tuple[str, ...]  # **bold** and *italic* allowed; everything else literal
    style: str = "plain"  # plain paragraphs, bullets (items:) or numbered steps (steps:)
    span: Span | None = None


@record
class SheetItem:
    kind: str  # ref (a table or text id), table, text, inline, break (start a new column)
    ref: str = ""
    span: Span | None = None
    block: TextBlock | None = None  # an inline text block
    wide: bool = False  # spans every column of the sheet


@record
class Sheet:
    id: str
    title: str
    items: tuple[SheetItem, ...]
    columns: int = 2
    pages: int = 1  # at most this many pages before the overflow warning
    size: float = 9.0  # the type size it is set at when that fills its pages
    min_size: float = 7.0  # the least it shrinks to (RULES_MIN)
    span: Span | None = None
    max_size: float = 12.0  # the most it grows to, to fill its pages
    stock: str = ""  # what its file prints on, where its kind would choose otherwise


@record
class CardBlock:
    """One thing on a card face: a title, text, a table, or label/value fields."""

    kind: str  # title, text, table, fields, roster
    text: str = ""
    ref: str = ""  # table id
    fields: tuple[tuple[str, str | None], ...] = ()
    span: Span | None = None
    columns: tuple[str, ...] = ()  # roster: the record fields to list, one column each


@record
class CardFace:
    blocks: tuple[CardBlock, ...]
    colour: str = "#ffffff"  # background
    accent: str = "#333333"  # title band
    layout: str | None = None  # drawn from this layout's regions (model/layout.py)
    regions: tuple[Filled, ...] = ()  # the layout's regions, filled with the card's values


@record
class Card:
    id: str
    size: tuple[float, float]  # points, width x height
    front: CardFace
    back: CardFace | None = None
    quantity: int = 1
    size_name: str = ""
    span: Span | None = None
    bleed: float | None = None  # points; None: the build's --bleed (or none)
    roster: str | None = None  # a generator: one card per unit of its roster (filled at build)
    roster_span: Span | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)  # for the manifest
    deck: str | None = None  # a deck's id: the card takes the deck's one back
    deck_span: Span | None = None
    side: str | None = None  # the side (owner) it belongs to: its front carries the mark
    side_span: Span | None = None
    side_mark: str | None = None  # band, corner or none; None: the game's
    name: str = ""  # its name as exports give it ('': the id)
    type_group: str | None = None  # cards of one group share one type size
    # the spreadsheet row it was made from, column by column (exports keep it), and the
    # cell its id is made from (span stays the definition's: its cards are set alike)
    columns: Mapping[str, str] = field(default_factory=dict)
    cell: Span | None = None
    cells: Mapping[str, Span] = field(default_factory=dict)  # each column's cell

    @property
    def title(self) -> str:
        """Its name, else its id."""
        return self.name or self.id

    @property
    def two_sided(self) -> bool:
        return self.back is not None or self.deck is not None


DECK_PATTERNS = ("lattice", "stripes", "dots", "plain")


@record
class Deck:
    """Cards shuffled together: one designed back for all of them, so no back tells
    which card is next."""

    id: str
    title: str
    subtitle: str = ""
    colour: str = "#3b4a5a"  # the back's ground
    pattern: str = "lattice"  # DECK_PATTERNS
    span: Span | None = None
    edge: float = 0.0  # points of bare paper round the ground, inside the trim
