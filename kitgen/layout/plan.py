"""Sheet plans: everything placed, in points, per page. Layout makes them; render draws them.

Coordinates are PDF points with the origin at the page's bottom-left. Ops are
plain frozen dataclasses so plans can be compared and tested with numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

BBox = tuple[float, float, float, float]  # x0, y0, x1, y1


@dataclass(frozen=True, slots=True)
class Stroke:
    colour: str = "#000000"
    width: float = 0.5
    dash: tuple[float, ...] = ()  # () solid; (2, 2) dashed; (0.5, 1.5) dotted with round caps


@dataclass(frozen=True, slots=True)
class Font:
    """A resolved face name (as the FontBook registered it) and a size in points."""

    face: str
    size: float


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: Stroke | None = None
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Circle:
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: Stroke | None = None


@dataclass(frozen=True, slots=True)
class Line:
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: Stroke = Stroke()


@dataclass(frozen=True, slots=True)
class Path:
    """A polygon (closed) or polyline. Arcs arrive as many points."""

    points: tuple[tuple[float, float], ...]
    closed: bool = True
    fill: str | None = None
    stroke: Stroke | None = None
    hatch: str | None = None  # a colour: hatch the inside with thin diagonal lines


@dataclass(frozen=True, slots=True)
class Text:
    """One line of user text, drawn as text (never parsed as markup)."""

    x: float
    y: float  # baseline
    text: str
    font: Font
    colour: str = "#000000"
    align: str = "left"  # left, centre, right
    angle: float = 0.0  # degrees, about (x, y)


@dataclass(frozen=True, slots=True)
class Icon:
    """A built-in vector icon fitted in the square of side `size` centred on (cx, cy)."""

    name: str
    cx: float
    cy: float
    size: float
    colour: str = "#000000"
    angle: float = 0.0


@dataclass(frozen=True, slots=True)
class Image:
    path: str  # absolute path inside the game folder
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Group:
    """Ops drawn with a transform (translate, then rotate and scale about the new origin).

    A `key` marks groups whose drawing repeats: the renderer draws each key once
    as a PDF form and places it many times.
    """

    ops: tuple[Any, ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    scale: float = 1.0
    clip: BBox | None = None  # in the group's own coordinates
    key: str | None = None
    box: BBox | None = None  # a keyed group's extent in its own coordinates (default: the page)


@dataclass(slots=True)
class Item:
    """One manifest entry: a physical piece's side, a map tile, a table ..."""

    kind: str
    id: str
    piece: str
    side: str  # front or back
    bbox: BBox
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Page:
    component: str  # what the sheet label calls it: "Counters", "Map: deck"
    side: str = "front"
    ops: list[Any] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    trim_box: BBox | None = None  # for print-shop pages
    bleed_box: BBox | None = None
    framed: bool = True  # the sheet label and scale bars (calibration pages may opt out)
    note: str = ""  # extra text for the sheet label, e.g. "seed 42"


@dataclass
class Document:
    """One output PDF."""

    name: str  # file stem, validated: counters, map-deck ...
    title: str
    pages: list[Page] = field(default_factory=list)
    duplex: str = "none"  # none, long or short: sets the viewer's Duplex preference
    stock: str = ""  # what to print it on, where its kinds of item do not say (e.g. film)
