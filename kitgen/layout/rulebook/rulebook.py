"""The rulebook (rulebook.pdf): a title page with how to print it and the contents, then
the sections and cases flowed down one or two columns a page (two where the page is wide
enough), a running head over each page and its number under it; printed as sheets in
reading order or imposed as a saddle-stitched booklet (layout/rulebook/booklet.py).

Everything is measured first as units at the column's width (a heading, a line of a
paragraph, a table's part, a diagram, a slice of a box's ground), then placed top down
(`_Columns`): a heading keeps with what follows it, and a box is drawn as the slices
of its content, so it may run on into the next column as a paragraph does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ...model.counters import Picture
from ...model.reading import GLANCE_TITLE, MARK, NOTES_INTRO, NOTES_TITLE, note
from ...model.rulebook import REF, Block, Rulebook, RuleSection, every_section, numbered, numbers
from ...model.table import TextBlock
from ...records import field, record
from ...style import (
    COLUMN_GUTTER,
    COLUMN_RULE_INK,
    CONTENTS_ENTRY,
    EXAMPLE_BAR_INK,
    EXAMPLE_FILL,
    INK,
    MUTED,
    NOTE_BAR_INK,
    NOTE_FILL,
    PALE_INK,
    RULES_MIN,
    TITLE,
    typeset,
)
from ..env import PlanEnv
from ..plan import Document, Font, Group, Line, Rect, Stroke, Text
from ..rich import Faces, draw_line, parse_markup, wrap_runs
from ..sheets.table_draw import layout_table
from ..textblock import layout_text
from .booklet import BOOKLET_ADVICE, Sheet, impose
from .diagram import diagram_ops

TWO_COLUMNS = 430.0  # points: a body this wide or wider is set in two columns
HEAD_ROOM = 22.0  # points over the body: the running head and its rule
FOOT_ROOM = 18.0  # points under it: the page number
BOX_PAD = 6.0  # points inside a box, round its content
BOX_GROUND = {"example": EXAMPLE_FILL, "note": NOTE_FILL}
BOX_BAR = {"example": EXAMPLE_BAR_INK, "note": NOTE_BAR_INK}
BOX_TITLES = {"example": "Example of play", "note": "Designer's note"}
RULE = Stroke(COLUMN_RULE_INK, 0.5)
HEAD_RULE = Stroke(PALE_INK, 0.5)
Draw = Callable[[float, float, float], list]  # (x, y_top, width) -> ops


@record(frozen=False)
class Unit:
    """One thing placed down a column: `draw(x, y_top, width)` gives its ops."""

    height: float
    draw: Draw
    space: float = 0.0  # room before it, dropped at the top of a column
    keep: bool = False  # kept in one column with the unit after it
    box: str = ""  # a slice of a box's ground (BOX_GROUND's kind)
    head: str = ""  # the running head from here on (a section's number and title)
    anchor: str = ""  # a section's id: the contents list gives its page
    opens: bool = False  # the first slice of a box
    fresh: bool = False  # starts a page of its own
    blanks: int = 0  # blank pages before it (a fresh unit): the back matter ends the book
    turn: bool = False  # starts a column of its own (the rest of a table cut)
    cont: Unit | None = None  # a long box's "continued" line, over a slice atop a column
    # a part that can be cut where a column ends (a table, between its rows): given the
    # room, (the part that fits, the rest) or None; `least` is its smallest first part
    split: Callable[[float], tuple[Unit, Unit] | None] | None = field(default=None, compare=False)
    least: float = 0.0


@record(frozen=False)
class Laid:
    """The book's pages, each a list of ops in the page's own box (origin bottom-left)
    with its units as placed (`_Placed`, drawn by `_drawn`), the running head of each,
    and each anchor's page (1-based)."""

    pages: list[list] = field(default_factory=list)
    heads: list[str] = field(default_factory=list)
    anchors: dict[str, int] = field(default_factory=dict)


def plan_rulebook(book: Rulebook, env: PlanEnv) -> list[Document]:
    """The book: its contents only when it runs to CONTENTS_FROM pages or more, its rules
    under the title on the first page, its notes (Notes on this edition) and every table
    it names at a glance; a booklet's pages made up to a multiple of four with blank pages
    before its tables at a glance (they end the book, on its back cover), else with the
    tables the rules print, as many as fit, else blank."""
    sheet = Sheet.of(env.paper, book.imposition)
    w, h = sheet.page
    cols = 2 if w >= TWO_COLUMNS else 1
    frame = _Frame(w, h, cols, (w - COLUMN_GUTTER * (cols - 1)) / cols)
    title = book.title or f"{env.game.title}: rules"
    units = _book_units(book, frame.cw, env) + _notes_units(book, frame.cw, env)
    units += _glance_units(book, list(book.glance), frame.cw, env)  # never one left off
    bare, _ = _book_pages(book, title, units, frame, env, contents=False)
    long = len(bare) >= CONTENTS_FROM
    pages, anchors = _book_pages(book, title, units, frame, env, contents=long)
    back = int(_covered(book, env))  # a back cover of its own after the rest
    if book.imposition == "booklet" and (len(pages) + back) % 4 and book.glance:
        glance = next(u for u in units if u.anchor == GLANCE_ANCHOR)
        glance.blanks = -(len(pages) + back) % 4
        pages, anchors = _book_pages(book, title, units, frame, env, contents=long)
    elif book.imposition == "booklet" and (len(pages) + back) % 4:  # to fill: back matter
        pages, anchors = _back_matter(book, title, units, frame, env, long) or (pages, anchors)
    while book.imposition == "booklet" and (len(pages) + back) % 4:
        pages.append(_furniture(len(pages) + 1, title, "", frame, None, env))
    if back:
        pages.append(_back_cover(frame, env))
    doc = impose(sheet, [_drawn(ops) for ops in pages], title)
    doc.notes_page = anchors.get(NOTES_ANCHOR, 0)
    doc.notes_last = anchors.get(NOTES_END, 0)
    return [doc]


def _back_matter(book: Rulebook, title: str, units: list[Unit], frame: _Frame, env: PlanEnv,
                 contents: bool) -> tuple[list[list], dict[str, int]] | None:  # fmt: skip
    """The booklet's pages (and anchors) with the most back matter that keeps its count of
    pages (up to the next multiple of four), for a book that names no tables at a glance:
    the tables its rules print, the most from the first; None when none fits."""
    bare, _ = _book_pages(book, title, units, frame, env, contents)
    back = int(_covered(book, env))  # the back cover's page is kept for it
    most = -(-(len(bare) + back) // 4) * 4 - back

    def with_tables(refs: list[str]) -> tuple[list[list], dict[str, int]] | None:
        more = _glance_units(book, refs, frame.cw, env)
        fuller, anchors = _book_pages(book, title, units + more, frame, env, contents)
        return (fuller, anchors) if len(fuller) <= most else None

    refs = _table_refs(book)
    return next((laid for n in range(len(refs), 0, -1) if (laid := with_tables(refs[:n]))), None)


@record
class _Placed:
    """A unit where it was placed, drawn once the pages are final: the book is laid out
    many times over (with and without its contents and back matter, each last page
    balanced again), and only the last layout is drawn."""

    draw: Draw
    x: float
    y: float
    w: float


def _drawn(ops: list) -> list:
    """A page's ops with each unit placed on it drawn, in place."""
    out: list = []
    for op in ops:
        if type(op) is _Placed:
            out.extend(op.draw(op.x, op.y, op.w))
        else:
            out.append(op)
    return out


@record
class _Frame:
    """A book page's size, its columns and their width."""

    w: float
    h: float
    cols: int
    cw: float


CONTENTS_FROM = 5  # pages: a book this long or longer opens with its contents
BODY_UNDER = 0.3  # the rules start under the contents when this much of the page is left


def _book_pages(book: Rulebook, title: str, units: list[Unit], frame: _Frame, env: PlanEnv,
                contents: bool) -> tuple[list[list], dict[str, int]]:  # fmt: skip
    """The book's pages: the title (and the contents), the rules under them where room is
    left, each page's running head and number; with the page of each anchor."""
    back = [u.anchor for u in units if u.anchor in BACK_MATTER]  # listed after the sections
    front, top = _title_page(book, len(back), title, frame, env, contents)
    start = len(front) - (top is not None)  # the page the rules start on, 0-based
    laid = _Columns(frame, start, top).place(units)
    pages = [*front, *laid.pages[len(front) :]]
    for n in range(start, len(front)):  # the rules on the title page (or the last contents page)
        pages[n] = [*front[n], *laid.pages[n]]
    for n, ops in enumerate(pages, start=1):
        if n == 1 and (top is None or _covered(book, env)):
            continue  # the title page alone, or the front cover: no furniture
        head = laid.heads[n - 1] if n > start else "Contents"
        body_top = top if n == start + 1 else None
        cols = frame.cols if n > start and laid.pages[n - 1] else 1  # a blank page: no rule
        ops.extend(_furniture(n, title, head if n > 1 else "", frame, body_top, env, cols=cols))
    if contents:
        _contents(pages, book, back, laid.anchors, frame, env)
    return pages, laid.anchors


def _glance_units(book: Rulebook, refs: list[str], cw: float, env: PlanEnv) -> list[Unit]:
    """Tables the rules print (`refs`), again, from a page of their own at the back: the
    book's quick reference (those it names at a glance, or a booklet's spare pages')."""
    if not refs:
        return []
    units = _heading_units(GLANCE_TITLE, cw, book.size, env)
    units[0].fresh, units[0].anchor = True, GLANCE_ANCHOR
    for ref in refs:
        units += _table_units(ref, cw, book.size, env)
    return units


def _table_refs(book: Rulebook) -> list[str]:
    """The tables the book's sections and cases print, boxes included, in order, once."""
    out: list[str] = []

    def walk(blocks: tuple[Block, ...]) -> None:
        for b in blocks:
            if b.kind == "table" and b.ref not in out:
                out.append(b.ref)
            walk(b.blocks)

    for s, _ in every_section(book):
        walk(s.blocks)
    return out


def _heading_units(title: str, cw: float, size: float, env: PlanEnv) -> list[Unit]:
    """A back-matter section's heading and its rule, kept with what follows."""
    hs = size * 1.35
    units = _text_units(f"**{title}**", cw, hs, env, space=size * 1.2)
    units[0].head = title
    units[-1].keep = True
    units.append(Unit(hs * 0.35, lambda x, y, w: [Line(x, y, x + w, y, RULE)], keep=True))
    return units


NOTES_ANCHOR = "\u2020notes"  # the notes' heading among the anchors (no section id has a †)
NOTES_END = "\u2020notes-end"  # the notes' last line: the page they end on
GLANCE_ANCHOR = "\u2020glance"  # the back cover's quick reference, likewise
BACK_MATTER = {NOTES_ANCHOR: NOTES_TITLE, GLANCE_ANCHOR: GLANCE_TITLE}  # anchor: its title


def _notes_units(book: Rulebook, cw: float, env: PlanEnv) -> list[Unit]:
    """Notes on this edition, as the rules' last section: the kit's one notes page, with
    the words of every reading the kit makes (on a rule, a piece, a card, a map), each
    after its mark, in the order numbered (the pieces show their marks only)."""
    readings = env.game.readings
    if not readings:
        return []
    size = book.size
    units = _heading_units(NOTES_TITLE, cw, size, env)
    units[0].anchor = NOTES_ANCHOR
    small = max(RULES_MIN, size * 0.85)
    units += _text_units(f"*{NOTES_INTRO}*", cw, small, env, space=size * 0.3, colour=MUTED)
    for r in readings:
        said = f"**{r.mark or MARK}** {numbered(note(r), book)}"  # "rule 7.2", as a note says
        lines = _text_units(said, cw, small, env, space=size * 0.3)
        for line in lines[:-1]:  # a note is never cut: its mark stays with all its words
            line.keep = True
        units += lines
    units[-1].anchor = NOTES_END
    return units


# ---- units ------------------------------------------------------------------------


def _book_units(book: Rulebook, cw: float, env: PlanEnv) -> list[Unit]:
    nums = numbers(book)
    units: list[Unit] = []
    for section in book.sections:
        units += _section_units(section, 0, nums, cw, book.size, env)
    return units


def _section_units(
    s: RuleSection, depth: int, nums: dict[str, str], cw: float, size: float, env: PlanEnv
) -> list[Unit]:
    numbered = nums[s.id] != s.title
    label = f"{nums[s.id]} {s.title}" if numbered else s.title
    mark = (s.reading.mark or MARK) if s.reading is not None else ""  # its words: the notes
    units: list[Unit] = []
    blocks = list(s.blocks)
    if depth == 0:
        hs = size * 1.35
        units += _text_units(f"**{label}**{mark}", cw, hs, env, space=size * 1.2)
        units[0].head, units[0].anchor = label, s.id
        units[-1].keep = True
        units.append(Unit(hs * 0.35, lambda x, y, w: [Line(x, y, x + w, y, RULE)], keep=True))
    elif blocks and blocks[0].kind == "para":  # the case's number and title run in
        first = blocks.pop(0)
        text = f"**{label}.**{mark} {_refs(first.text, nums)}"
        units += _text_units(text, cw, size, env, space=size * 0.6)
        units[0].anchor = s.id
        if blocks and blocks[0].kind == "diagram":
            _keep_before_picture(units)
    else:
        units += _text_units(f"**{label}**{mark}", cw, size, env, space=size * 0.6)
        units[0].anchor, units[-1].keep = s.id, True
    units += _blocks_units(blocks, nums, cw, size, env)
    for case in s.cases:
        units += _section_units(case, depth + 1, nums, cw, size, env)
    return units


def _refs(text: str, nums: dict[str, str]) -> str:
    """The text with each {ref:ID} replaced by the number it names (checked on read)."""
    return REF.sub(lambda m: nums.get(m.group(1), m.group(1)), text)


def _blocks_units(blocks: list[Block], nums: dict[str, str], cw: float, size: float, env):
    """The blocks' units in order; what comes just before a diagram keeps with it (the
    words that point at a picture stay in sight of it, `_keep_before_picture`)."""
    units: list[Unit] = []
    last: list[Unit] = []
    for block in blocks:
        if block.kind == "diagram":
            _keep_before_picture(last)
        last = _block_units(block, nums, cw, size, env)
        units += last
    return units


def _keep_before_picture(units: list[Unit]) -> None:
    """The words just before a diagram kept with it: a short text whole, else its end."""
    for u in units if len(units) <= 6 else units[-2:]:
        u.keep = True


def _block_units(block: Block, nums: dict[str, str], cw: float, size: float, env) -> list:
    if block.kind == "para":
        return _text_units(_refs(block.text, nums), cw, size, env, space=size * 0.45)
    if block.kind in ("bullets", "steps"):
        items = tuple(_refs(t, nums) for t in block.items)
        icons = _icons(env)
        lay = layout_text(TextBlock("", "", items, block.kind), cw, env, size, False, icons=icons)
        return _layout_units(lay, size * 0.45)
    if block.kind == "table":
        return _table_units(block.ref, cw, size, env)
    if block.kind == "diagram":
        assert block.diagram is not None
        ops, height = diagram_ops(env.game, block.diagram, cw, size, env)
        return [Unit(height, lambda x, y, w: [Group(tuple(ops), dx=x, dy=y)], space=size * 0.6)]
    return _box_units(block, nums, cw, size, env)


def _text_units(
    text: str, width: float, size: float, env: PlanEnv, space: float = 0.0, colour: str = INK
) -> list[Unit]:
    """A paragraph's lines, one unit each; its first two lines kept together."""
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    icons = _icons(env)
    lines = wrap_runs(parse_markup(text, icons=True), width, faces, size, env.fonts)
    lead = size * 1.25

    def draw(line) -> Draw:
        return lambda x, y, w: draw_line(line, x, y - size * 0.97, w, "left", faces, size,
                                         env.fonts, colour, icons)  # fmt: skip

    units = [Unit(lead, draw(line)) for line in lines]
    units[0].space = space
    units[0].keep = len(units) > 1
    return units


def _icons(env: PlanEnv) -> Mapping[str, Picture]:
    """The game's own SVGs the book's {icon:NAME}s name (built-in icons are drawn by name)."""
    book = env.game.rulebook
    return book.icons if book is not None else {}


def _layout_units(lay, space: float) -> list[Unit]:
    """A list laid out by textblock: one unit per line."""

    def draw(i: int) -> Draw:
        def ops(x: float, y: float, w: float) -> list:
            drawn, _ = lay.draw(x, y, i, i + 1, title=False)
            return drawn

        return ops

    units = [Unit(lay.unit_height(i) if i else lay.size * lay.lead, draw(i))
             for i in range(lay.units)]  # fmt: skip
    units[0].space = space
    return units


def _table_units(ref: str, cw: float, size: float, env: PlanEnv) -> list[Unit]:
    """The kit's table (never typed twice), as one unit that is cut between its rows
    where a column ends (each part repeats its head)."""
    table = next(t for t in env.game.tables if t.id == ref)
    lay = layout_table(table, cw, env, size, RULES_MIN)
    return [_table_rows(lay, 0, size * 0.7, _column_height(env))]


# A cut table leaves TABLE_KEEP rows or more on each side of the cut. A table (or the
# rest of one) that fits whole in a fresh column is cut only where each side keeps a
# third of its rows as well: a smaller piece reads as a stub at a page turn, so the
# table moves on whole. A table taller than a column is cut wherever TABLE_KEEP allows.
TABLE_KEEP = 5


def _table_rows(lay, start: int, space: float, column: float) -> Unit:
    """Rows `start` to the end of a laid-out table, as a unit that splits between rows
    (`column`: the height of a fresh column)."""
    first, rows = start == 0, lay.units
    tall = lay.part_height(start, rows, first, True)
    side = TABLE_KEEP if tall > column else max(TABLE_KEEP, -(-(rows - start) // 3))

    def split(room: float) -> tuple[Unit, Unit] | None:
        end = _cut(lay, start, side, room)
        if end is None and room >= column:  # atop a fresh column any cut beats none
            end = _cut(lay, start, 1, room)
        if end is None:
            return None
        part = Unit(lay.part_height(start, end, first, False), _table_part(lay, start, end, first),
                    space=space)  # fmt: skip
        rest = _table_rows(lay, end, space, column)
        rest.turn = True
        return part, rest

    cut = rows - start >= 2 * side
    least = lay.part_height(start, start + side, first, False) if cut else tall
    return Unit(tall, _table_part(lay, start, rows, first), space=space, split=split, least=least)


def _cut(lay, start: int, keep: int, room: float) -> int | None:
    """Where rows `start` on are cut to fill `room`, `keep` rows or more each side; None
    when no such cut fits."""
    first, rows, end = start == 0, lay.units, start + keep
    if rows - start < 2 * keep or lay.part_height(start, end, first, False) > room:
        return None
    while end + 1 <= rows - keep and lay.part_height(start, end + 1, first, False) <= room:
        end += 1
    return end


def _table_part(lay, start: int, end: int, first: bool) -> Draw:
    def ops(x: float, y: float, w: float) -> list:
        drawn, _ = lay.draw(x, y, start, end, first)
        return drawn

    return ops


def _column_height(env: PlanEnv) -> float:
    """The height of a fresh column: a whole page's, under its running head."""
    book = env.game.rulebook
    _, h = Sheet.of(env.paper, book.imposition if book is not None else "sheets").page
    return h - HEAD_ROOM - FOOT_ROOM


def _box_units(block: Block, nums: dict[str, str], cw: float, size: float, env) -> list[Unit]:
    """An example of play or a designer's note: its title and content on a shaded
    ground, drawn slice by slice with the units inside it."""
    inner = cw - 2 * BOX_PAD - 2
    title = block.text or BOX_TITLES[block.kind]
    units = [Unit(BOX_PAD, lambda x, y, w: [], space=size * 0.8, keep=True, opens=True)]
    units += _text_units(f"**{title}**", inner, size, env)
    units[-1].keep = True
    units += _blocks_units(list(block.blocks), nums, inner, size * 0.95, env)
    units.append(Unit(BOX_PAD, lambda x, y, w: []))
    whole = sum(u.space + u.height for u in units) <= _column_height(env)
    (cont,) = _text_units(f"*{title} (continued)*", inner, size * 0.9, env, colour=MUTED)[:1]
    for u in units:
        u.box = block.kind
        if whole:  # kept in one column: moved on whole, never cut, where it does not fit
            u.keep, u.split = True, None
        else:  # cut where a column ends, and said to go on atop the next
            u.cont = cont
    units[-1].keep = False
    return units


# ---- placing ----------------------------------------------------------------------


HEAD_JOIN = " \u2013 "  # a running head's two sections: the one atop the page, the last it starts
BALANCE_STEP = 12.0  # points: how much lower a balanced page's columns end at each try


def _balanced_bottoms(top: float, share: float, bottom: float) -> list[float]:
    """Where a balanced page's columns may end, highest first: from `share` (a column's
    even share of the height its units take) under its top, down to the page's foot."""
    start = top - share
    return [start - n * BALANCE_STEP for n in range(int((start - bottom) // BALANCE_STEP) + 1)]


class _Columns:
    """Units placed top down, column by column, page by page, from page `start` + 1,
    whose columns start at `first` (under the title) when given."""

    def __init__(self, frame: _Frame, start: int, first: float | None = None):
        self.w, self.cols, self.cw = frame.w, frame.cols, frame.cw
        self.bottom = FOOT_ROOM
        self.laid = Laid([[] for _ in range(start)], ["" for _ in range(start)])
        self.lasts = ["" for _ in range(start)]  # each page's last section heading
        self.tops = ["" for _ in range(start)]  # the section in force at each page's top
        self.head = ""  # the section in force
        self.box = ""  # the kind of box the last unit was a slice of
        self.top = frame.h - HEAD_ROOM if first is None else first
        self._new_page()
        self.top = frame.h - HEAD_ROOM  # every page after the first

    def _new_page(self) -> None:
        self.laid.pages.append([])
        self.laid.heads.append("")
        self.lasts.append("")
        self.tops.append("")
        self.page_top, self.page_head = self.top, self.head
        self.col, self.y = 0, self.top

    def _next_column(self) -> None:
        self.col += 1
        self.y = self.page_top
        if self.col >= self.cols:
            self._new_page()

    def place(self, units: list[Unit]) -> Laid:
        last = self._place(units)  # the units on the last page, as placed
        if self.cols > 1 and len(last) > 1:
            self._balance(last)
        for n, (top, end) in enumerate(zip(self.tops, self.lasts, strict=True)):
            # the section at the page's top, and the last one it starts when another
            self.laid.heads[n] = top if end in ("", top) else f"{top}{HEAD_JOIN}{end}"
        return self.laid

    def _place(self, units: list[Unit]) -> list[Unit]:
        """Place the units on from here in order, but for a box moved on past the words
        after it in its section (`_float`) and a table cut where a column ends; the units
        placed on the last page, in their order there."""
        queue, i = list(units), 0
        last: list[Unit] = []  # the last page's units, a table cut on it as one, uncut
        whole: dict[int, Unit] = {}  # a cut table's parts: the table as it came to the page
        page = 0
        while i < len(queue):
            if page != len(self.laid.pages):
                page, last, whole = len(self.laid.pages), [], {}
            u = queue[i]
            if u.fresh and (self.laid.pages[-1] or u.blanks):
                for _ in range(u.blanks + bool(self.laid.pages[-1])):
                    self._new_page()
                page, last, whole = len(self.laid.pages), [], {}
            elif u.turn and self.y < self.page_top:
                self._next_column()
                continue
            elif not self._fits(queue, i):
                cut = u.split(self._room(u)) if u.split is not None else None
                if cut is not None:
                    whole.update((id(part), whole.get(id(u), u)) for part in cut)
                    queue[i : i + 1] = cut
                    continue
                if self.y < self.page_top:  # at a column's top it goes in as it is
                    if not (u.opens and self._float(queue, i)):
                        self._next_column()
                    continue
            self._put(u)
            if not last or last[-1] is not whole.get(id(u), u):
                last.append(whole.get(id(u), u))
            i += 1
        return last

    def _room(self, u: Unit) -> float:
        """The height left in the column for `u` (its space dropped at a column's top)."""
        return self.y - self.bottom - (0.0 if self.y >= self.page_top else u.space)

    def _fits(self, queue: list[Unit], i: int) -> bool:
        """Whether unit i and what it keeps with fit the column (of a table it keeps with,
        the least part it may be cut to)."""
        u, j = queue[i], i
        need = (u.space if self.y < self.page_top else 0.0) + u.height
        while queue[j].keep and j + 1 < len(queue):
            j += 1
            if queue[j].split is not None:
                need += queue[j].space + queue[j].least
                break
            need += queue[j].space + queue[j].height
        return self.y - need >= self.bottom

    def _float(self, queue: list[Unit], i: int) -> bool:
        """A box (opening at unit i) that does not fit where it stands moved on past the
        units after it that fill the column, up to its section's next heading or box:
        the column is filled, and the box starts the next whole. False when none fits."""
        end = i + 1
        while end < len(queue) and queue[end].box and not queue[end].opens:
            end += 1
        room, took, n = self.y - self.bottom, 0, end
        while n < len(queue):
            f = queue[n]
            if f.head or f.opens or f.fresh or f.box or f.split is not None:
                break
            room -= f.space + f.height
            if room < 0:
                break
            n += 1
            if not f.keep:
                took = n - end
        if not took:
            return False
        queue[i : end + took] = queue[end : end + took] + queue[i:end]
        return True

    def _restart_page(self, top: float) -> None:
        self.laid.pages[-1], self.laid.heads[-1], self.lasts[-1] = [], "", ""
        self.tops[-1], self.head = "", self.page_head
        self.col, self.y, self.box, self.page_top = 0, top, "", top

    def _balance(self, units: list[Unit]) -> None:
        """The last page's units set again across its columns as evenly as they go: its
        columns end higher, BALANCE_STEP at a time, from their even share of the height
        the units take, until they fit the page (else as they were)."""
        pages, top, bottom = len(self.laid.pages), self.page_top, self.bottom
        used = self.col * (top - bottom) + top - self.y  # its columns' heights, end to end
        for end in _balanced_bottoms(top, used / self.cols, bottom):
            self.bottom = end
            self._restart_page(top)
            self._place(units)
            if len(self.laid.pages) == pages:
                break
            self._drop_after(pages)
        else:
            self.bottom = bottom
            self._restart_page(top)
            self._place(units)
        self.bottom = bottom

    def _drop_after(self, pages: int) -> None:
        del self.laid.pages[pages:], self.laid.heads[pages:], self.lasts[pages:]
        del self.tops[pages:]

    def _put(self, u: Unit) -> None:
        at_top = self.y >= self.page_top
        y = self.y if at_top else self.y - u.space
        x = self.col * (self.cw + COLUMN_GUTTER)
        ops = self.laid.pages[-1]
        if u.box:  # a slice of the box's ground, through the room since the slice before
            top = self.y if self.box and not u.opens and not at_top else y
            inner = (x + BOX_PAD + 2, self.cw - 2 * BOX_PAD - 2)
            said: list = []
            if at_top and u.cont is not None and self.box == u.box and not u.opens:
                said = [_Placed(u.cont.draw, inner[0], y - BOX_PAD, inner[1])]  # "(continued)"
                y -= BOX_PAD + u.cont.height
            tall = top - y + u.height
            ops.append(Rect(x, y - u.height, self.cw, tall, fill=BOX_GROUND[u.box]))
            ops.append(Rect(x, y - u.height, 2.0, tall, fill=BOX_BAR[u.box]))
            ops.extend(said)
            ops.append(_Placed(u.draw, inner[0], y, inner[1]))
        else:
            ops.append(_Placed(u.draw, x, y, self.cw))
        self.box = u.box
        if not self.tops[-1]:
            self.tops[-1] = u.head or self.head
        if u.head:
            self.head = self.lasts[-1] = u.head
        if u.anchor:
            self.laid.anchors[u.anchor] = len(self.laid.pages)
        self.y = y - u.height


# ---- the title page, the contents and each page's furniture -------------------------


CONTENTS_PITCH = CONTENTS_ENTRY * 1.7
CONTENTS_TIGHT = CONTENTS_ENTRY * 1.35  # the closest pitch, to keep a list on its first page


def _contents_pitch(rows: int, first: float) -> float:
    """The contents' line pitch for `rows` rows from the baseline `first` down: closed up
    (to CONTENTS_TIGHT at most) where that keeps the whole list on its page, so a row or
    two never runs on alone above the rules."""
    fit = (first - FOOT_ROOM - 0.01) / max(1, rows - 1)  # a hair over: the last row fits
    return CONTENTS_PITCH if fit >= CONTENTS_PITCH or fit < CONTENTS_TIGHT else fit


def _title_page(book: Rulebook, back: int, title: str, frame: _Frame, env: PlanEnv,
                contents: bool):  # fmt: skip
    """The first page's head: the title, how to print the book, then (`contents`) the
    contents heading, with as many pages after it as the list runs on to (_contents fills
    them: a row a section, and `back` rows for the back matter). With the y the rules
    start at under it all, or None when too little of the page is left (BODY_UNDER):
    they start on a page of their own."""
    w, h = frame.w, frame.h
    bold = env.face(bold=True)
    if _covered(book, env):  # the front cover, then the contents from the next page's top
        ops: list = []
        pages = [_front_cover(book, title, frame, env), ops]
        y = h - HEAD_ROOM
    else:
        ops = [Text(0, h - TITLE * 1.6, typeset(title), Font(bold, TITLE * 1.3), INK)]
        pages = [ops]
        y = _title_words(book, ops, h - TITLE * 2.6, w, env)
    if contents:
        ops.append(Text(0, y - 14, "Contents", Font(bold, 12.0), INK))
        ops.append(Line(0, y - 19, w, y - 19, HEAD_RULE))
        y -= 34  # the first entry's baseline, as _contents sets it
        pitch = _contents_pitch(len(book.sections) + back, y)
        for _ in range(len(book.sections) + back):
            if y < FOOT_ROOM:  # the contents run on, from under a running head
                pages.append([])
                y = h - HEAD_ROOM - CONTENTS_ENTRY
            y -= pitch
        y += pitch - CONTENTS_ENTRY  # under the last entry
    top = y - 10
    if top - FOOT_ROOM < (h - HEAD_ROOM - FOOT_ROOM) * BODY_UNDER:
        return pages, None
    pages[-1].append(Line(0, top + 4, w, top + 4, HEAD_RULE))
    return pages, top


def _title_words(book: Rulebook, ops: list, y: float, w: float, env: PlanEnv) -> float:
    """The subtitle and how to print the book under the title, from `y` down; the y
    under them."""
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    for text, size in ((book.subtitle, 11.0), (_advice(book), 8.5)):
        for line in wrap_runs(parse_markup(text), w, faces, size, env.fonts) if text else ():
            ops += draw_line(line, 0, y, w, "left", faces, size, env.fonts, MUTED)
            y -= size * 1.3
        y -= 6
    return y


def _covered(book: Rulebook, env: PlanEnv) -> bool:
    """Whether the book has covers: a booklet asking for them, in a kit with a cover."""
    return book.cover and book.imposition == "booklet" and env.game.cover is not None


COVER_FOOT = 8.5  # the front cover's foot: how to print the book


def _front_cover(book: Rulebook, title: str, frame: _Frame, env: PlanEnv) -> list:
    """The booklet's first page: the kit cover's title band, art and badges, the book's
    title under them and how to print it at its foot; no running head, no number."""
    from ..kit.cover import composed_ops

    w, h = frame.w, frame.h
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    lines = wrap_runs(parse_markup(_advice(book)), w, faces, COVER_FOOT, env.fonts)
    ops: list = []
    y = 2.0
    for line in reversed(lines):
        ops += draw_line(line, 0, y, w, "left", faces, COVER_FOOT, env.fonts, MUTED)
        y += COVER_FOOT * 1.3
    y += TITLE * 0.6
    ops.append(Text(0, y, typeset(title), Font(env.face(bold=True), TITLE), INK))
    cover = env.game.cover
    assert cover is not None  # _covered
    return [*composed_ops(cover, env, ["band", "hero", "badges"], (0, y + TITLE * 1.4, w, h)),
            *ops]  # fmt: skip


def _back_cover(frame: _Frame, env: PlanEnv) -> list:
    """The booklet's last page: the kit cover's title band, blurb, badges and credits; no
    rules, no notes, no number."""
    from ..kit.cover import composed_ops

    cover = env.game.cover
    assert cover is not None  # _covered
    names = ["band", "blurb", "badges", "credits"]
    return composed_ops(cover, env, names, (0, FOOT_ROOM, frame.w, frame.h))


def _advice(book: Rulebook) -> str:
    if book.imposition == "booklet":
        return BOOKLET_ADVICE
    return "Print single-sided at 100 % and read the pages in order."


def _contents(pages: list[list], book: Rulebook, back: list[str], anchors: dict[str, int],
              frame: _Frame, env: PlanEnv) -> None:  # fmt: skip
    """Each section's number, title and page, then the back matter's (`back`, its
    anchors: the notes, the quick reference), under the heading on the title page and on
    down the pages kept for them."""
    nums = numbers(book)
    w, h, size = frame.w, frame.h, CONTENTS_ENTRY
    font, bold = Font(env.face(), size), Font(env.face(bold=True), size)
    page, heading = next((k, op) for k, ops in enumerate(pages) for op in ops
                         if type(op) is Text and op.text == "Contents")  # fmt: skip
    y = heading.y - 20
    rows = [(s.id, f"{nums[s.id]}  {s.title}" if nums[s.id] != s.title else s.title)
            for s in book.sections]  # fmt: skip
    rows += [(a, BACK_MATTER[a]) for a in back]
    pitch = _contents_pitch(len(rows), y)
    for anchor, text in rows:
        if y < FOOT_ROOM:
            y, page = h - HEAD_ROOM - size, page + 1
        ops = pages[page]
        label = typeset(text)
        number = str(anchors.get(anchor, ""))
        ops.append(Text(0, y, label, bold if book.numbering == "cases" else font, INK))
        ops.append(Text(w, y, number, font, INK, "right"))
        left = env.fonts.width(label, bold.face, size) + 6
        right = w - env.fonts.width(number, font.face, size) - 6
        if right > left:
            ops.append(Line(left, y + 1, right, y + 1, Stroke(PALE_INK, 0.6, (0.5, 2.5))))
        y -= pitch


def _furniture(n: int, title: str, head: str, frame: _Frame, top: float | None, env,
               cols: int = 1) -> list:  # fmt: skip
    """A page's running head (the book's title; the section in force) and its number;
    on the title page (`top`: where its rules start under the title) the number only."""
    w, h = frame.w, frame.h
    size = 7.5
    font, bold = Font(env.face(italic=True), size), Font(env.face(bold=True), 9.0)
    ops: list = [Text(w / 2, 4, str(n), bold, INK, "centre")]
    if env.fonts.width(typeset(title + head), font.face, size) > w - 24:
        head, _, _ = head.partition(
            HEAD_JOIN
        )  # two sections' names too long: the one atop the page
    if n > 1:
        ops += [
            Text(0, h - 10, typeset(title), font, MUTED),
            Text(w, h - 10, typeset(head), font, MUTED, "right"),
            Line(0, h - 14, w, h - 14, HEAD_RULE),
        ]
    if cols > 1:
        gx = (w - COLUMN_GUTTER) / 2 + COLUMN_GUTTER / 2
        ops.append(Line(gx, FOOT_ROOM, gx, (h - HEAD_ROOM) if top is None else top, RULE))
    return ops
