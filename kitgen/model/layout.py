"""Face layouts: named designs of regions that cards, counters and labels fill from their
own fields (docs/format.md "layouts"). No ReportLab here.

A `Layout` is read once (source/counters/layouts.py); each piece that names it gets its faces'
regions filled in (`Filled`): the texts with the piece's values, colours parsed, the
pictures read, and regions whose `when:` is empty left out. The layout stage only
draws them (layout/counters/regions.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..errors import Span
from ..patterns import pattern
from ..records import record
from .counters import ANCHORS, Picture

REGION_SHAPES = ("rect", "rounded", "circle", "ellipse", "hex", "shield", "banner", "diamond")
SHOWS = ("text", "number", "icon", "image", "unit")
FITS = ("fit", "fill", "stretch")
VALIGNS = ("top", "middle", "bottom")
SIDE_MARKS = ("band", "corner", "none")
# The type scale a kit's regions are set from, when the game declares none (points).
TYPE_SCALE = (7.0, 8.0, 9.0, 10.0, 12.0, 14.0, 18.0, 24.0)
NO_FIELDS: Mapping[str, str] = MappingProxyType({})
NO_ICONS: Mapping[str, Picture] = MappingProxyType({})
# An inline icon in any rich text: a built-in icon's name, or a game's icons/NAME.svg.
ICON_TOKEN = pattern(r"\{icon:([A-Za-z0-9_.-]+)\}")
__all__ = ["ANCHORS"]


@record
class Dim:
    """A length in points, or a share of the face's width or height (`45%`)."""

    value: float
    percent: bool = False

    def of(self, whole: float) -> float:
        return whole * self.value / 100.0 if self.percent else self.value


@record
class Show:
    """What a region shows: `kind` (SHOWS) and its words, with their placeholders
    (a text, a number, an icon's name, an image file, a unit's branch words)."""

    kind: str
    content: str
    size: float | None = None  # points; None: from the type scale, the largest that fits
    max_size: float | None = None  # the largest of the scale it may take
    bold: bool = False
    italic: bool = False
    align: str = "centre"
    valign: str = "middle"
    colour: str | None = None  # with placeholders; None: black or white, whichever reads
    colour_span: Span | None = None
    font: str | None = None
    fit: str = "fit"  # an image: FITS
    echelon: str = ""  # a unit: its size mark (division ...), with placeholders
    frame: str | None = None  # a unit: the frame's fill
    angle: float = 0.0  # 90: reads upwards (an id along a counter's side)
    span: Span | None = None


@record
class Region:
    """One box of a layout, in declared order (later ones drawn over earlier ones)."""

    id: str
    path: str
    span: Span | None
    anchor: str | None = "centre"  # None: an exact box at (x, y) from the top-left
    x: Dim | None = None
    y: Dim | None = None
    width: Dim = Dim(100.0, True)
    height: Dim = Dim(100.0, True)
    inset: float = 0.0  # an anchored box's room from the face's edges
    shape: str = "rect"
    radius: float | None = None  # rounded: the corners' radius (default a tenth of the box)
    fill: str | None = None  # with placeholders
    stroke: str | None = None
    stroke_width: float = 0.75
    padding: float = 0.0
    show: Show | None = None
    when: str | None = None  # a text with placeholders: empty, false, no or 0 hides it


@record
class Layout:
    id: str
    regions: tuple[Region, ...]
    span: Span | None
    path: str
    fields: Mapping[str, str] = NO_FIELDS  # defaults for its placeholders
    builtin: bool = False


@record
class Filled:
    """A region of one piece's face with its values in: what the layout stage draws."""

    region: Region
    text: str = ""  # the text, number, icon name, file name or branch words, filled
    fill: str | None = None  # parsed colours
    stroke: str | None = None
    colour: str | None = None
    picture: Picture | None = None  # an image's file
    icons: Mapping[str, Picture] = NO_ICONS  # {icon:NAME} of the game's SVGs in the text
    echelon: str = ""
    frame: str | None = None
    where: str = ""  # the piece, for messages: card 'fireball'
    path: str = ""  # the piece's place: cards[2]
    span: Span | None = None  # where a warning about its text points: its cell, or its line
