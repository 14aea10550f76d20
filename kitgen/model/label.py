"""Labels: one small printed piece per record of a roster (figure bases, unit tags).

The face is written once with {field} placeholders; the records come from a
generator's roster (rolled with the build's seed) or are written out in YAML,
so the same design serves a generated squad and a hand-made one. No ReportLab here.
"""

from __future__ import annotations

from ..errors import Span
from ..records import record
from .counters import Face

Record = dict[str, str]  # field -> text; "" is a value the record lacks (a write-in blank)


@record
class LabelCopy:
    """A record's label, read in full when the records are known as the game is read
    (written in YAML or a spreadsheet's rows): its name, copies and face filled in."""

    name: str
    quantity: int
    face: Face
    cell: Span | None = None  # the spreadsheet cell its row is found at


@record
class LabelDef:
    id: str
    name: str
    shape: str  # square | rect | round | hex
    width: float  # trim size in points
    height: float
    face: Face  # text still holds {field} placeholders
    span: Span | None
    path: str
    roster: str | None = None  # a generator id: its roster, rolled with the build's seed
    roster_span: Span | None = None
    records: tuple[Record, ...] = ()  # written out in YAML (when there is no roster)
    blanks: int = 0  # extra labels with every field a write-in blank
    quantity: int = 1  # copies of each label
    blank: str = "___"  # what a missing value prints as
    bleed: float | None = None
    copies: tuple[LabelCopy, ...] = ()  # one per record when the records are known
    side: str = ""  # a scenario side's id, or a {field} each record fills; "": no side


@record
class Labels:
    """The `labels:` section."""

    items: tuple[LabelDef, ...]
    span: Span | None = None

    def __iter__(self):
        return iter(self.items)
