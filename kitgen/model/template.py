"""Measuring and scatter templates laid on the table, drawn at 1:1. No ReportLab here.

Lengths are points. Every template kind shares `TemplateBase`; each kind adds its own numbers.
"""

from __future__ import annotations

from ..errors import Span
from ..records import record


@record
class TemplateBase:
    id: str
    span: Span | None
    title: str
    colour: str  # accent: outlines, shading tints
    notes: tuple[str, ...] = ()  # on the piece where they fit at rules size, else beside it
    outline: bool = True  # also printed in the outline-only (transparency) document


@record
class CircleTemplate(TemplateBase):
    radius: float = 0.0
    label: str = ""  # e.g. "4 in diameter"


@record
class Mark:
    at: float  # distance from the cone's or ruler's zero, points
    label: str


@record
class ConeTemplate(TemplateBase):
    length: float = 0.0
    start_width: float = 0.0  # width at distance 0 (the muzzle)
    spread: float = 0.0  # widens by `spread` ...
    per: float = 720.0  # ... every `per` of length
    start: float = 0.0  # distance of this piece's near edge from the muzzle
    tick: float = 72.0
    unit: str = "in"
    marks: tuple[Mark, ...] = ()


@record
class ArcTemplate(TemplateBase):
    spread_deg: float = 90.0
    depth: float = 4.0  # in squares
    square: float = 72.0
    apex: str = "edge-centre"  # or cell-centre
    rule: str = "centre"  # or half
    covered_label: str = ""
    partial_label: str = ""


@record
class ClockTemplate(TemplateBase):
    sectors: int = 12
    radius: float = 216.0
    ring: float = 72.0  # a distance ring every `ring`
    unit: str = "in"
    throw_label: str = "line of throw"


@record
class GridScatterTemplate(TemplateBase):
    size: int = 3  # N x N
    square: float = 72.0
    cells: tuple[tuple[str | None, ...], ...] = ()  # rows from the far side; None = write-in
    captions: tuple[tuple[str | None, ...], ...] = ()  # small words at each cell's head
    target: tuple[int, int] = (1, 1)  # (col, row), row 0 the far side
    flight: str = "bottom"  # side the line of flight enters from, or none
    flight_label: str = "line of flight"
    legend: str = ""  # what the cell values mean
    roll: str = ""  # the scatter roll, printed as written


@record
class Band:
    name: str
    limit: float  # the band's far end, points from zero


@record
class TableSource:
    """Rulers read from a table: one ruler per row (rows with equal bands share one)."""

    table: str  # the id of an entry of `tables:`
    span: Span | None
    name_column: str  # "" = the table's first column
    band_columns: tuple[str, ...]
    band_names: tuple[str, ...]
    unit: str = "in"
    name_span: Span | None = None  # where name_column is written
    column_spans: tuple[Span | None, ...] = ()  # where each band column is written


@record
class RulerTemplate(TemplateBase):
    bands: tuple[Band, ...] = ()
    names: tuple[str, ...] = ()  # weapons the ruler serves
    source: TableSource | None = None
    width: float = 54.0
    tick: float = 72.0
    unit: str = "in"
    piece: float | None = None  # longest piece; None = what fits the paper
    parts: int = 2  # the most pieces a ruler is cut into; a longer one is charted
    merge: bool = True  # rows of a table with the same bands share one ruler


Template = (
    CircleTemplate
    | ConeTemplate
    | ArcTemplate
    | ClockTemplate
    | GridScatterTemplate
    | RulerTemplate
)


@record
class Templates:
    items: tuple[Template, ...]
    span: Span | None = None
