"""Counters and markers: pieces cut from a sheet, with a front and an optional back face.

One YAML definition may expand (for_each) into many `CounterDef`s; each is one
design printed `quantity` times. No ReportLab here.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..errors import Span
from ..records import record
from ..style import PIECE_MIN
from .reading import Reading

if TYPE_CHECKING:
    from .layout import Filled

NO_ATTRS: Mapping[str, str] = MappingProxyType({})  # read-only, so one empty one is shared
SHAPES = ("square", "rect", "round", "hex")
KINDS = ("counter", "marker")
ANCHORS = (
    "centre",
    "top",
    "bottom",
    "left",
    "right",
    "top-left",
    "top-right",
    "bottom-left",
    "bottom-right",
)
ALIGNS = ("left", "centre", "right")
FACINGS = ("top", "bottom", "left", "right")  # a face's front edge


@record
class Place:
    """Where an element sits on a face: an anchor, or a cell of the face's grid."""

    anchor: str = "centre"
    cell: tuple[int, int] | None = None  # (row, col), from 1; row 1 at the top


@record
class TextEl:
    """A line (or wrapped lines) of text on a face."""

    text: str
    place: Place
    span: Span | None
    path: str
    family: str | None = None  # None: the game's font
    size: float | None = None  # points; None: as large as the place allows
    min_size: float = PIECE_MIN  # the least anything on a piece is set at
    bold: bool = False
    italic: bool = False
    align: str = "centre"
    colour: str | None = None  # None: readable on the background
    wrap: bool = True  # False: one line per written line, shrunk rather than broken


@record
class IconEl:
    """A built-in vector icon on a face."""

    name: str
    place: Place
    span: Span | None
    path: str
    colour: str | None = None
    scale: float = 1.0  # of the place's room


@record
class Picture:
    """An image file's verified content (kitgen/source/pictures.py): what is drawn."""

    name: str  # the file's name, for messages
    kind: str  # "png", "jpeg" or "svg"
    data: bytes
    pixels: tuple[int, int]  # (0, 0) for SVG, which has none
    digest: str  # sha256 of data: names the image in the PDF, wherever the game lies
    size: tuple[float, float] = (0.0, 0.0)  # an SVG's drawing size in points

    def __repr__(self) -> str:
        return f"Picture({self.name!r}, {self.kind}, {self.digest[:12]})"


@record
class ImageEl:
    """An image file's picture on a face."""

    picture: Picture
    place: Place
    span: Span | None
    path: str
    scale: float = 1.0


# Unit symbols (NATO / APP-6 manner): the branch icons that combine inside a frame, and
# the size marks above it, smallest first. layout/counters/unitsymbol.py draws them.
UNIT_BRANCHES = (
    "infantry", "armour", "mechanised", "motorised", "cavalry", "reconnaissance", "artillery",
    "rocket", "anti-tank", "anti-aircraft", "headquarters", "engineers", "airborne", "mountain",
    "marines", "signals", "supply", "medical", "transport", "machine-gun", "mortar",
)  # fmt: skip
UNIT_SIZES = (
    "team", "squad", "section", "platoon", "company", "battalion", "regiment", "brigade",
    "division", "corps", "army", "army-group",
)  # fmt: skip


@record
class UnitEl:
    """A unit symbol: branch icons (space separated: "infantry armour") in a frame, and
    the unit's size mark above it."""

    branches: str
    place: Place
    span: Span | None
    path: str
    size: str | None = None  # a UNIT_SIZES name
    colour: str | None = None  # the lines (default: the ink that reads on the face)
    fill: str | None = None  # inside the frame (default: the face shows through)
    scale: float = 1.0


Element = TextEl | IconEl | ImageEl | UnitEl


@record
class Face:
    """One side of a piece: its background, frame and elements; or a layout's regions."""

    background: str = "#ffffff"
    border: str | None = None  # colour of a printed frame inside the cut line
    border_width: float = 0.0
    grid: tuple[int, int] | None = None  # rows, cols for `cell:` placing
    elements: tuple[Element, ...] = ()
    span: Span | None = None
    layout: str | None = None  # drawn from this layout's regions (model/layout.py)
    fields: Mapping[str, str] = NO_ATTRS  # the face's own values for the layout
    regions: tuple[Filled, ...] = ()  # the layout's regions, filled with the piece's values
    facing: str | None = None  # the front edge (top, bottom, left, right): a notch marks it


@record
class CounterDef:
    """One design after expansion; printed `quantity` times."""

    id: str
    name: str
    kind: str  # counter | marker
    shape: str  # square | rect | round | hex
    width: float  # trim size in points (hex: across flats horizontally)
    height: float
    quantity: int
    front: Face
    back: Face | None
    span: Span | None
    entry: str  # the definition's place, counters[3]; `path` adds the for_each values
    own_attrs: Mapping[str, str] = NO_ATTRS  # attrs:, filled (read-only, shared)
    bleed: float | None = None  # None: the build's --bleed (or none)
    # The for_each rows that made this copy, later ones winning, shared with every copy
    # made from them: `attrs` and `path` are worked out from them when asked, not held
    # by each of ten thousand copies.
    variant: tuple[Mapping[str, str], ...] = ()
    # the faces named as steps (full, reduced ...): front first; () when not named
    steps: tuple[str, ...] = ()
    side: str | None = None  # the side it belongs to: it carries the side's mark
    side_span: Span | None = None
    group: str = ""  # a row heading on the counter sheet: its side's pieces of it share rows
    side_mark: str | None = None  # band, corner or none; None: the game's
    side_mark_span: Span | None = None
    # the kit's reading of the definition (a count the source does not give): a dagger and
    # its note at the foot of each counter sheet that holds a copy
    reading: Reading | None = None
    cell: Span | None = None  # a spreadsheet row's copy: the cell its id is made from

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    @property
    def attrs(self) -> dict[str, str]:
        """What rules match on: the for_each values, and the attrs: key's over them."""
        return merge_rows((*self.variant, self.own_attrs))

    @property
    def path(self) -> str:
        """Where the copy comes from, for diagnostics: counters[3][side=red][n=2]."""
        return self.entry + "".join([f"[{k}={v}]" for k, v in merge_rows(self.variant).items()])


def merge_rows(parts: tuple[Mapping[str, str], ...]) -> dict[str, str]:
    """for_each rows in one new dict, later rows winning."""
    if len(parts) == 2:  # a product of two lists, the usual case: no loop (half the time)
        return {**parts[0], **parts[1]}
    out: dict[str, str] = {}
    for part in parts:
        out.update(part)
    return out


@record
class CounterSet:
    """The `counters:` section: every expanded definition, in YAML order."""

    defs: tuple[CounterDef, ...]
    span: Span | None = None

    def __iter__(self) -> Iterator[CounterDef]:
        return iter(self.defs)

    def __len__(self) -> int:
        return len(self.defs)
