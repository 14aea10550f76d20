"""Sheet plans: everything placed, in points, per page. Layout makes them; render draws them.

Coordinates are PDF points with the origin at the page's bottom-left. Ops are
named tuples, compared by type and value, so plans can be compared and tested with
numbers. (A kit of ten thousand counters makes tens of thousands of ops, and a tuple
is made several times faster than a frozen dataclass.)
"""

# No `from __future__ import annotations`: typing.NamedTuple would compile every
# field's annotation text at import (a third of each class's cost).

import io
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Protocol

from ..model.counters import Picture
from ..records import field, record
from ..style import BLACK

BBox = tuple[float, float, float, float]  # x0, y0, x1, y1


class Stroke(NamedTuple):
    colour: str = BLACK
    width: float = 0.5
    dash: tuple[float, ...] = ()  # () solid; (2, 2) dashed; (0.5, 1.5) dotted with round caps


class Font(NamedTuple):
    """A resolved face name (as the FontBook registered it) and a size in points."""

    face: str
    size: float


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: Stroke | None = None
    radius: float = 0.0


class Circle(NamedTuple):
    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: Stroke | None = None


class Line(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float
    stroke: Stroke = Stroke()


class Path(NamedTuple):
    """A polygon (closed) or polyline. Arcs arrive as many points."""

    points: tuple[tuple[float, float], ...]
    closed: bool = True
    fill: str | None = None
    stroke: Stroke | None = None
    hatch: str | None = None  # a colour: hatch the inside with thin diagonal lines
    hatch_step: float = 4.0  # between the hatch lines (each an eighth of it wide)


class Text(NamedTuple):
    """One line of user text, drawn as text (never parsed as markup)."""

    x: float
    y: float  # baseline
    text: str
    font: Font
    colour: str = BLACK
    align: str = "left"  # left, centre, right
    angle: float = 0.0  # degrees, about (x, y)


class Icon(NamedTuple):
    """A built-in vector icon fitted in the square of side `size` centred on (cx, cy)."""

    name: str
    cx: float
    cy: float
    size: float
    colour: str = BLACK
    angle: float = 0.0


class Image(NamedTuple):
    picture: Picture  # the verified file content
    x: float
    y: float
    w: float
    h: float


class Group(NamedTuple):
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


class PieceMaker(Protocol):
    """Makes the ops of the pieces a `Pieces` op places (layout/counters/counters.py's
    CounterSheets is the one maker)."""

    def ops(self, pieces: tuple[Any, ...], side: str) -> list: ...

    def keys(self, pieces: tuple[Any, ...], side: str) -> list[str]:
        """The key of each keyed group the ops of `pieces` will place, once per placement,
        which the renderer needs before drawing (a key placed once is drawn inline)."""
        ...

    def inputs(self, pieces: tuple[Any, ...], side: str) -> bytes:
        """Everything the ops of `pieces` are made from (as `as_bytes` writes it): equal
        bytes make equal ops (and equal diagnostics). A served page is keyed by them, its
        ops made only when they changed."""
        ...


def as_bytes(value: Any) -> bytes:
    """A plain value (records, tuples, mappings, numbers, text) as bytes: values that
    differ in anything give different bytes. Pickled, which is written in C: ten
    thousand designs' reprs took twice as long. (An equal value whose parts are shared
    differently may give other bytes: a served page drawn again for nothing.)"""
    import pickle  # only a served build keys its pages: not at start-up

    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _PICKLE_AS
    pickler.dump(value)
    return buf.getvalue()


# read-only mappings (a record's shared, empty `extra`) pickle as the dicts they show
def _mapping_as_dict(m: Mapping) -> tuple:
    return (dict, (dict(m),))


_PICKLE_AS: dict[type, Callable[[Any], tuple]] = {MappingProxyType: _mapping_as_dict}


class Pieces(NamedTuple):
    """Pieces placed on a sheet, their ops made by `maker.ops(pieces, side)` as the page
    is drawn, so the sheets of a big kit are never all held at once (a design's face
    lives only until its last copy is drawn). `side`: what of them this page shows, as
    the maker reads it. The keys of the groups its ops will place are the maker's to
    say (`maker.keys`) when the renderer counts them: fifty thousand counters' keys
    held from planning on were a twentieth of the build's peak memory."""

    maker: PieceMaker
    pieces: tuple[Any, ...]
    side: str


def _same_op(self, other) -> bool:
    return type(self) is type(other) and tuple.__eq__(self, other)


def _other_op(self, other) -> bool:
    return not _same_op(self, other)


# As frozen dataclasses compared: a Line never equals a Circle with the same numbers.
for _op in (Stroke, Font, Rect, Circle, Line, Path, Text, Icon, Image, Group, Pieces):
    _op.__eq__ = _same_op  # type: ignore[method-assign]
    _op.__ne__ = _other_op  # type: ignore[method-assign]
    _op.__hash__ = tuple.__hash__  # type: ignore[method-assign]


# Most items have nothing extra: they share one read-only empty mapping (ten thousand
# counters held ten thousand empty dicts).
NO_EXTRA: Mapping[str, Any] = MappingProxyType({})


@record(frozen=False)
class Item:
    """One manifest entry: a physical piece's side, a map tile, a table ..."""

    kind: str
    id: str
    piece: str
    side: str  # front or back
    bbox: BBox
    extra: Mapping[str, Any] = NO_EXTRA  # read-only, shared: replaced, not changed


@record(frozen=False)
class Page:
    """One sheet: its ops, the manifest items on it and what its label says."""

    component: str  # what the sheet label calls it: "Counters", "Map: deck"
    side: str = "front"
    ops: list[Any] = field(default_factory=list)
    items: list[Item] = field(default_factory=list)
    trim_box: BBox | None = None  # for print-shop pages
    bleed_box: BBox | None = None
    framed: bool = True  # the sheet label and scale bars (calibration pages may opt out)
    note: str = ""  # for the player, on the sheet label: "map turned a quarter turn"
    # A build fact (the seed a page was generated with, the type size a sheet was set
    # at): for the terminal and the manifest; on the sheet label of proof sheets only.
    proof: str = ""
    # The page (w, h) when not the paper's: a sheet the imposer turned landscape.
    size: tuple[float, float] | None = None


@record(frozen=False)
class Document:
    """One output PDF."""

    name: str  # file stem, validated: counters, map-deck ...
    title: str
    pages: list[Page] = field(default_factory=list)
    duplex: str = "none"  # none, long or short: sets the viewer's Duplex preference
    stock: str = ""  # what to print it on, where its kinds of item do not say (e.g. film)
    apart: bool = False  # a file of its own: never shares its sheets (layout/kit/share.py)
    # the page (as numbered in print) that holds "Notes on this edition", 0 where none does
    notes_page: int = 0
    notes_last: int = 0  # the page they end on, where they run over more than one
    # the file planned again with a height (pt) kept free at the foot of its one page, or
    # None when it then would not fit; set by what can give room back (a grown sheet)
    shorter: "Callable[[float], Document | None] | None" = field(default=None, compare=False)


def make_whole(docs: list[Document]) -> list[Document]:
    """Every page's ops made now, each Pieces op replaced by the ops it makes: a plan
    to read whole (kitgen check's layout warnings, tests), not to draw a big kit from."""
    for doc in docs:
        for page in doc.pages:
            make_whole_page(page)
    return docs


def make_whole_page(page: Page) -> None:
    """The page's ops made now (its Pieces ops replaced by the ops they make)."""
    if any(type(op) is Pieces for op in page.ops):
        whole: list = []
        for op in page.ops:
            if type(op) is Pieces:
                whole.extend(op.maker.ops(op.pieces, op.side))
            else:
                whole.append(op)
        page.ops = whole
