"""rulebook: in game.yaml -> the Rulebook model (model/rulebook.py).

A section's `text:` is a list of blocks: a text is a paragraph; a mapping holds one of
`list:`, `steps:`, `table:`, `example:`, `note:` or `diagram:`. Cross-references
`{ref:ID}` are checked once every section is read (a reference may point forward), at
the line of the text that holds them, with a did-you-mean.
"""

from __future__ import annotations

from ..budget import spend
from ..errors import Span
from ..model.counters import Picture
from ..model.layout import ICON_TOKEN
from ..model.rulebook import (
    ARROW_KINDS,
    IMPOSITIONS,
    NUMBERINGS,
    REF,
    SHARED_DRAWINGS,
    Arrow,
    Block,
    Callout,
    Diagram,
    DiagramPiece,
    Rulebook,
    RuleSection,
    every_section,
)
from ..names import did_you_mean
from ..style import RULES_MIN
from .counters.layouts import game_icon
from .fields import Context, Fields, as_text, check_unique_ids, read_list
from .reading import READING, read_reading
from .spec import (
    BOOLEAN,
    ID,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    OneOf,
    OneOrList,
    Spec,
)
from .yamlnodes import Map, Node, Scalar

HEADING = "rulebook: the rules, numbered"

PIECE_PIECE = Key(
    "piece", TEXT, "a piece id (a counter of the kit, or a piece the rules declare)", required=True
)
PIECE_AT = Key(
    "at",
    TEXT,
    "the cell it stands in (or a place of the map); in a spread, its row or the piece it lies on",
    required=True,
)
PIECE_FACE = Key("face", TEXT, "the face up (default: its front)")
PIECE_LABEL = Key("label", TEXT, "a word printed beside it", default="")
PIECE = Spec(
    "diagram-piece",
    PIECE_PIECE,
    PIECE_AT,
    PIECE_FACE,
    PIECE_LABEL,
    heading=HEADING,
)  # fmt: skip
ARROW_FROM = Key("from", TEXT, "the cell it starts in (in a spread: a piece)", required=True)
ARROW_TO = Key("to", TEXT, "the cell it points at (in a spread: a piece)", required=True)
ARROW_KIND = Key(
    "kind", Choice(ARROW_KINDS, "arrow kind"), "move: solid; fire: dashed", default="move"
)
ARROW_LABEL = Key("label", TEXT, "a word printed at its middle", default="")
ARROW = Spec(
    "diagram-arrow",
    ARROW_FROM,
    ARROW_TO,
    ARROW_KIND,
    ARROW_LABEL,
    heading=HEADING,
)
CALLOUT_AT = Key(
    "at",
    TEXT,
    "the point of the piece it names (top-left, top, ... centre), or a "
    "region of its layout by id (outlined, the leader to its side)",
    required=True,
)
CALLOUT_TEXT = Key("text", TEXT, "what that part is", required=True)
CALLOUT = Spec(
    "diagram-callout",
    CALLOUT_AT,
    CALLOUT_TEXT,
    heading=HEADING,
)  # fmt: skip
DIAGRAM_MAP = Key("map", ID, "a map id: draw a window of its cells")
DIAGRAM_CELLS = Key(
    "cells",
    Either(TEXT, ListOf(TEXT)),
    "the window's corners: A1-F6 or [A1, F6]; default: the whole map",
)
DIAGRAM_PIECES = Key(
    "pieces", ListOf(PIECE), "pieces placed on its cells; with no map, a spread of pieces"
)
DIAGRAM_ARROWS = Key("arrows", ListOf(ARROW), "a move or a line of fire, cell to cell")
DIAGRAM_PIECE = Key("piece", ID, "a piece id (a counter or a card): draw it at full size")
DIAGRAM_FACE = Key("face", TEXT, "the piece's face shown (default: its front)")
DIAGRAM_CALLOUTS = Key("callouts", ListOf(CALLOUT), "the piece's parts, named")
DIAGRAM_CAPTION = Key("caption", TEXT, "printed under it", default="")
DIAGRAM_SHARED = Key(
    "shared",
    Choice(SHARED_DRAWINGS, "drawing of a shared cell"),
    "pieces sharing a cell: side-by-side (smaller, each one's words show) or stack (full "
    "size, offset as on a board)",
    default="side-by-side",
)
DIAGRAM = Spec(
    "diagram",
    DIAGRAM_MAP,
    DIAGRAM_CELLS,
    DIAGRAM_PIECES,
    DIAGRAM_ARROWS,
    DIAGRAM_PIECE,
    DIAGRAM_FACE,
    DIAGRAM_CALLOUTS,
    DIAGRAM_CAPTION,
    DIAGRAM_SHARED,
    heading=HEADING,
    one_of=(
        OneOf(
            "map",
            "piece",
            "pieces",
            alone=False,
            hint="a map window (map:), a piece (piece:) or a spread of pieces (pieces:)",
        ),
    ),
)  # fmt: skip
BLOCK = Spec("rule-block", heading=HEADING)  # a box holds blocks: given its keys below
BLOCKS = ListOf(Either(TEXT, BLOCK))
BOX_TITLE = Key("title", TEXT, "printed at its head (default: Example of play, Designer's note)")
BOX_TEXT = Key("text", BLOCKS, "its paragraphs, lists, tables and diagrams", required=True)
BOX = Spec(
    "rule-box",
    BOX_TITLE,
    BOX_TEXT,
    heading=HEADING,
)
BLOCK.add(
    Key("list", OneOrList(TEXT), "bullet points"),
    Key("steps", OneOrList(TEXT), "numbered steps"),
    Key("table", ID, "a table of the kit, by id (never typed twice)"),
    Key("example", BOX, "an example of play, in a shaded box"),
    Key("note", BOX, "a designer's note, in a box"),
    Key("diagram", DIAGRAM, "a map window or a piece, drawn from the game's data"),
)
BLOCK.one_of = (
    OneOf("list", "steps", "table", "example", "note", "diagram",
          hint="a block is a text (a paragraph) or one of these keys"),
)  # fmt: skip
SECTION = Spec("rule-section", heading=HEADING)  # holds itself: its cases
SECTION_ID = Key("id", ID, "unique in the book; how {ref:ID} names it", required=True)
SECTION_TITLE = Key("title", TEXT, "its heading", required=True)
SECTION_TEXT = Key("text", BLOCKS, "paragraphs (texts) and blocks, in order")
SECTION_CASES = Key("cases", ListOf(SECTION), "its numbered cases (7.1, 7.2; a case's own: 7.11)")
SECTION.add(SECTION_ID, SECTION_TITLE, SECTION_TEXT, SECTION_CASES, READING)
RULEBOOK_TITLE = Key("title", TEXT, "its cover title (default: the game's title and 'Rules')")
RULEBOOK_SUBTITLE = Key("subtitle", TEXT, "under the title on its cover", default="")
RULEBOOK_NUMBERING = Key(
    "numbering",
    Choice(NUMBERINGS, "numbering"),
    "cases: 1.0, 1.1, 1.11 as wargames number them; headings: plain headings",
    default="cases",
)
RULEBOOK_IMPOSITION = Key(
    "imposition",
    Choice(IMPOSITIONS, "imposition"),
    "sheets: pages in reading order; booklet: saddle-stitched, four pages a sheet",
    default="sheets",
)
RULEBOOK_SIZE = Key("size", NUMBER, "the body's type size, pt", default=9.0, lo=RULES_MIN, hi=14)
RULEBOOK_SECTIONS = Key(
    "sections", ListOf(SECTION), "its sections, numbered 1.0, 2.0 ...", required=True
)
RULEBOOK_GLANCE = Key(
    "glance",
    OneOrList(ID),
    "tables by id, in order: the book's quick reference, every one printed again at its "
    "end (a booklet adds pages in fours as needed, blank ones before these, so they end on "
    "its back cover); default: a booklet's spare pages hold the tables the rules print, as "
    "many as fit, from the first",
)
RULEBOOK_COVER = Key(
    "cover",
    BOOLEAN,
    "a booklet's covers: its first page the kit cover's title band, art and badges, its "
    "last the cover's blurb and credits (needs cover:)",
    default=False,
)
RULEBOOK = Spec(
    "rulebook",
    RULEBOOK_TITLE,
    RULEBOOK_SUBTITLE,
    RULEBOOK_NUMBERING,
    RULEBOOK_IMPOSITION,
    RULEBOOK_SIZE,
    RULEBOOK_GLANCE,
    RULEBOOK_COVER,
    RULEBOOK_SECTIONS,
    heading=HEADING,
)  # fmt: skip


class _Refs:
    """The texts read, with where each was written: their {ref:ID}s are checked once
    the whole book is read."""

    def __init__(self) -> None:
        self.texts: list[tuple[str, Span | None, str]] = []

    def text(self, ctx: Context, node: Node, path: str) -> str | None:
        text = as_text(ctx, node, path)
        if text is not None:
            self.texts.append((text, node.span, path))
        return text


def read_rulebook(ctx: Context, node: Node, path: str) -> Rulebook | None:
    f = Fields(ctx, node, path, RULEBOOK)
    if f.map is None:
        return None
    refs = _Refs()
    title = f.text(RULEBOOK_TITLE, default="")
    subtitle = f.text(RULEBOOK_SUBTITLE)
    numbering = f.choice(RULEBOOK_NUMBERING) or "cases"
    imposition = f.choice(RULEBOOK_IMPOSITION) or "sheets"
    size = f.number(RULEBOOK_SIZE)
    glance = tuple(f.texts(RULEBOOK_GLANCE))
    glance_span = _span(f.map, "glance")
    cover = f.boolean(RULEBOOK_COVER)
    cover_span = _span(f.map, "cover")
    if cover and imposition != "booklet":
        said = "cover: true gives a booklet its covers: give imposition: booklet too"
        ctx.error(cover_span, f.sub("cover"), said)
        cover = False
    sections = f.seq(RULEBOOK_SECTIONS, lambda c, n, p: _section(c, n, p, refs))
    f.close()
    icons = _inline_icons(ctx, refs)
    book = Rulebook(title, tuple(sections), numbering, imposition, size, subtitle, node.span, icons,
                    glance, glance_span, cover, cover_span)  # fmt: skip
    found = every_section(book)
    check_unique_ids(ctx, [s for s, _ in found], f"{path}.sections", "section")
    _check_refs(ctx, refs, [s.id for s, _ in found])
    return book


def _inline_icons(ctx: Context, refs: _Refs) -> dict[str, Picture]:
    """The game's own SVGs among the book's {icon:NAME}s (built-in icons need none); an
    unknown name is an error at the line of the text that names it."""
    out: dict[str, Picture] = {}
    for text, span, path in refs.texts:
        for name in dict.fromkeys(m.group(1) for m in ICON_TOKEN.finditer(text)):
            if name in ctx.icons() or name in out:
                continue
            got = game_icon(ctx, name, span, path)
            if got is not None:
                out[name] = got
    return out


def _check_refs(ctx: Context, refs: _Refs, ids: list[str]) -> None:
    for text, span, path in refs.texts:
        for m in REF.finditer(text):
            name = m.group(1)
            if name not in ids:
                hint = did_you_mean(name, ids, "a reference names a section's or a case's id")
                ctx.error(span, path, f"reference to unknown section {name!r}", hint)


def _section(ctx: Context, node: Node, path: str, refs: _Refs) -> RuleSection | None:
    f = Fields(ctx, node, path, SECTION)
    if f.map is None:
        return None
    sid = f.id(SECTION_ID)
    title = f.text(SECTION_TITLE)
    blocks = f.get(SECTION_TEXT, _blocks, refs) or []
    cases = f.seq(SECTION_CASES, lambda c, n, p: _section(c, n, p, refs))
    reading = f.get(READING, read_reading)
    if reading is not None:  # its words may name a section too
        refs.texts.append((reading.kit, _span(f.map, "reading"), f.sub("reading")))
    f.close()
    if not sid or not title:
        return None
    return RuleSection(sid, title, tuple(blocks), tuple(cases), reading, node.span)


def _blocks(ctx: Context, node: Node, path: str, refs: _Refs) -> list[Block]:
    if isinstance(node, Scalar):  # one paragraph
        one = _block(ctx, node, path, refs)
        return [one] if one is not None else []
    return read_list(ctx, node, path, lambda c, n, p: _block(c, n, p, refs))


def _block(ctx: Context, node: Node, path: str, refs: _Refs) -> Block | None:
    if not isinstance(node, Map):
        text = refs.text(ctx, node, path)
        if text is None or not spend(ctx, "text", len(text), node, path):
            return None
        return Block("para", text, span=node.span)
    f = Fields(ctx, node, path, BLOCK)
    given = [k for k in ("list", "steps", "table", "example", "note", "diagram") if f.has(k)]
    if len(given) != 1:
        f.skip_rest()
        f.close()
        ctx.error(node, path, "a block holds one of list:, steps:, table:, example:, note: "
                  "or diagram:", "write each as a block of its own")  # fmt: skip
        return None
    key = given[0]
    at = f.sub(key)
    value = f.node_of(BLOCK.keys[key])
    assert value is not None
    f.close()
    if key in ("list", "steps"):
        items = _items(ctx, value, at, refs)
        return Block("bullets" if key == "list" else "steps", items=tuple(items), span=node.span)
    if key == "table":
        ref = as_text(ctx, value, at)
        return Block("table", ref=ref, span=value.span) if ref else None
    if key == "diagram":
        diagram = _diagram(ctx, value, at, refs)
        return Block("diagram", diagram=diagram, span=value.span) if diagram else None
    return _box(ctx, value, at, key, refs)


def _items(ctx: Context, node: Node, path: str, refs: _Refs) -> list[str]:
    if isinstance(node, Scalar):
        one = refs.text(ctx, node, path)
        return [one] if one is not None else []
    return read_list(ctx, node, path, refs.text)


def _box(ctx: Context, node: Node, path: str, kind: str, refs: _Refs) -> Block | None:
    f = Fields(ctx, node, path, BOX)
    if f.map is None:
        return None
    title = f.text(BOX_TITLE, default="")
    blocks = f.get(BOX_TEXT, _blocks, refs) or []
    f.close()
    return Block(kind, title, blocks=tuple(blocks), span=node.span)


def read_diagram(ctx: Context, node: Node, path: str) -> Diagram | None:
    """A diagram written outside the rulebook (a cover's art), with no rules to cite."""
    return _diagram(ctx, node, path, _Refs())


def _diagram(ctx: Context, node: Node, path: str, refs: _Refs) -> Diagram | None:
    f = Fields(ctx, node, path, DIAGRAM)
    if f.map is None:
        return None
    map_id = f.id(DIAGRAM_MAP)
    piece = f.id(DIAGRAM_PIECE)
    cells = f.get(DIAGRAM_CELLS, _window)
    pieces = f.seq(DIAGRAM_PIECES, _piece)
    arrows = f.seq(DIAGRAM_ARROWS, _arrow)
    face = f.text(DIAGRAM_FACE)
    callouts = f.seq(DIAGRAM_CALLOUTS, _callout)
    caption = f.text(DIAGRAM_CAPTION)
    shared = f.choice(DIAGRAM_SHARED)
    if caption:
        refs.texts.append((caption, _span(f.map, "caption"), f.sub("caption")))
    f.close()
    spread = map_id is None and piece is None and bool(pieces)
    if not spread and (map_id is None) == (piece is None) or (piece is not None and pieces):
        ctx.error(node, path, "a diagram draws a map window (map:), a piece (piece:) or a "
                  "spread of pieces (pieces: alone)", "give one of them")  # fmt: skip
        return None
    return Diagram(
        caption,
        map_id,
        cells,
        tuple(pieces),
        tuple(arrows),
        piece,
        face,
        tuple(callouts),
        node.span,
        _span(f.map, "map"),
        _span(f.map, "cells"),
        _span(f.map, "piece"),
        path,
        shared=shared,
    )


def _span(m: Map, key: str) -> Span | None:
    value = m.get(key)
    return value.span if value is not None else None


def _window(ctx: Context, node: Node, path: str) -> tuple[str, str] | None:
    """`A1-F6` (the hyphen in the middle of the hyphens: `B1-0101-B1-0506` too) or a list
    of the two corners."""
    if isinstance(node, Scalar):
        text = as_text(ctx, node, path)
        if text is None:
            return None
        parts = text.split("-")
        if len(parts) % 2:
            ctx.error(node, path, f"cells {text!r}: write two corners, A1-F6",
                      "or a list of the two: [A1, F6]")  # fmt: skip
            return None
        half = len(parts) // 2
        return "-".join(parts[:half]).strip(), "-".join(parts[half:]).strip()
    corners = [c for c in read_list(ctx, node, path, as_text)]
    if len(corners) != 2:
        ctx.error(node, path, f"cells: {len(corners)} corners given", "give two: [A1, F6]")
        return None
    return corners[0], corners[1]


def _piece(ctx: Context, node: Node, path: str) -> DiagramPiece | None:
    f = Fields(ctx, node, path, PIECE)
    if f.map is None:
        return None
    piece, at = f.text(PIECE_PIECE), f.text(PIECE_AT)
    face, label = f.text(PIECE_FACE), f.text(PIECE_LABEL)
    f.close()
    if not piece or not at:
        return None
    return DiagramPiece(piece, at, face, label, node.span, _span(f.map, "piece"),
                        _span(f.map, "at"))  # fmt: skip


def _arrow(ctx: Context, node: Node, path: str) -> Arrow | None:
    f = Fields(ctx, node, path, ARROW)
    if f.map is None:
        return None
    start, end = f.text(ARROW_FROM), f.text(ARROW_TO)
    kind, label = f.choice(ARROW_KIND), f.text(ARROW_LABEL)
    f.close()
    if not start or not end or not kind:
        return None
    return Arrow(start, end, kind, label, node.span)


def _callout(ctx: Context, node: Node, path: str) -> Callout | None:
    f = Fields(ctx, node, path, CALLOUT)
    if f.map is None:
        return None
    at, text = f.text(CALLOUT_AT), f.text(CALLOUT_TEXT)
    f.close()
    return Callout(at, text, node.span) if at and text else None


__all__ = ["DIAGRAM", "RULEBOOK", "read_diagram", "read_rulebook"]
