"""A game's rulebook as read: numbered sections and cases of paragraphs, lists, tables
named by id, boxed examples and notes, and diagrams drawn from the game's own map and
pieces. No ReportLab here.

Numbering as wargames number their rules: section 7 prints as 7.0, its cases as 7.1,
7.2, and a case's own cases as 7.11, 7.12 (`numbering: cases`); or plain headings
(`numbering: headings`). A cross-reference `{ref:ID}` in a paragraph prints the number
of the section or case whose id it names.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import Span
from ..patterns import pattern
from ..records import record
from .counters import Picture
from .layout import NO_ICONS
from .reading import Reading

NUMBERINGS = ("cases", "headings")
IMPOSITIONS = ("sheets", "booklet")
BOX_KINDS = ("example", "note")  # an example of play; a designer's note
ARROW_KINDS = ("move", "fire")
# how a diagram draws pieces that share a cell: side by side, smaller, so each one's words
# show; or stacked at full size, each offset to show its corner, as on a board
SHARED_DRAWINGS = ("side-by-side", "stack")
# a cross-reference inside a paragraph: {ref:ID}
REF = pattern(r"\{ref:\s*([^}\s]*)\s*\}")


@record
class DiagramPiece:
    piece: str  # a piece id, resolved as a scenario's placements are
    at: str  # a cell label (or a place of the map)
    face: str | None = None
    label: str = ""  # printed beside it (default: none: the piece shows itself)
    span: Span | None = None
    piece_span: Span | None = None
    at_span: Span | None = None


@record
class Arrow:
    start: str  # cell labels
    end: str
    kind: str = "move"  # move (solid, arrow head) or fire (dashed)
    label: str = ""
    span: Span | None = None


CALLOUT_POINTS = (
    "top-left", "top", "top-right", "left", "centre", "right", "bottom-left", "bottom",
    "bottom-right",
)  # fmt: skip  # the points of a piece a callout may name (else a region of its layout)


@record
class Callout:
    at: str  # a point of the piece (CALLOUT_POINTS), or a region of its layout by id
    text: str
    span: Span | None = None


@record
class Diagram:
    """A window of a map's cells with pieces and arrows (`map`), or one piece at full
    size with its parts called out (`piece`)."""

    caption: str = ""
    map: str | None = None
    cells: tuple[str, str] | None = None  # the window's corners (labels); None: the whole map
    pieces: tuple[DiagramPiece, ...] = ()
    arrows: tuple[Arrow, ...] = ()
    piece: str | None = None
    face: str | None = None
    callouts: tuple[Callout, ...] = ()
    span: Span | None = None
    map_span: Span | None = None
    cells_span: Span | None = None
    piece_span: Span | None = None
    path: str = ""  # where it is written: rulebook.sections[2].text[1].diagram
    shared: str = "side-by-side"  # pieces sharing a cell (SHARED_DRAWINGS)


@record
class Block:
    """One thing in a section's text: a paragraph (`kind` para), a bulleted or numbered
    list (bullets, steps), a table by id, a box (example, note) of blocks, a diagram."""

    kind: str  # para, bullets, steps, table, example, note, diagram
    text: str = ""  # a paragraph; a box's title
    items: tuple[str, ...] = ()  # a list's items
    ref: str = ""  # a table id
    blocks: tuple[Block, ...] = ()  # a box's content
    diagram: Diagram | None = None
    span: Span | None = None


@record
class RuleSection:
    id: str
    title: str
    blocks: tuple[Block, ...] = ()
    cases: tuple[RuleSection, ...] = ()
    reading: Reading | None = None  # the kit's own choice: marked, its note printed after
    span: Span | None = None


@record
class Rulebook:
    title: str
    sections: tuple[RuleSection, ...]
    numbering: str = "cases"
    imposition: str = "sheets"
    size: float = 9.0  # the body's type size, points
    subtitle: str = ""
    span: Span | None = None
    icons: Mapping[str, Picture] = NO_ICONS  # the game's own SVGs named by {icon:NAME}
    glance: tuple[str, ...] = ()  # tables for the back cover's quick reference, in order
    glance_span: Span | None = None
    cover: bool = False  # a booklet's first and last pages are its covers (the kit cover's)
    cover_span: Span | None = None


def numbers(book: Rulebook) -> dict[str, str]:
    """Each section's and case's id -> the number it prints with ("7.0", "7.2", "7.21"),
    or its title when the book has plain headings."""
    out: dict[str, str] = {}

    def walk(cases: tuple[RuleSection, ...], prefix: str) -> None:
        for k, case in enumerate(cases, start=1):
            own = f"{prefix}{k}"
            out[case.id] = own if book.numbering == "cases" else case.title
            walk(case.cases, own)

    for n, section in enumerate(book.sections, start=1):
        out[section.id] = f"{n}.0" if book.numbering == "cases" else section.title
        walk(section.cases, f"{n}.")
    return out


def every_section(book: Rulebook) -> list[tuple[RuleSection, int]]:
    """Every section and case in reading order, with its depth (0: a section)."""
    out: list[tuple[RuleSection, int]] = []

    def walk(cases: tuple[RuleSection, ...], depth: int) -> None:
        for case in cases:
            out.append((case, depth))
            walk(case.cases, depth + 1)

    walk(book.sections, 0)
    return out


def numbered(text: str, book: Rulebook | None) -> str:
    """`text` with each {ref:ID} as the rulebook prints it ("rule 7.2"), for words that
    name a section outside the book itself (an edition note)."""
    if book is None:
        return text
    nums = numbers(book)
    word = "rule " if book.numbering == "cases" else ""
    return REF.sub(lambda m: word + nums.get(m.group(1), m.group(1)), text)
