"""Quick-reference sheets: tables and text blocks flowed into N columns per page.

The blocks between one wide block (or column break) and the next are laid out
as one run (`_paginate`): the places where a column ends are chosen together,
as a paragraph's line breaks are, to take the fewest pages; of the layouts
that do, the one that splits nothing it should keep together (a list item, a
sub-heading and its rows), leaves no token remnant (a part of a split table
keeps KEEP_ROWS rows, of a list KEEP_ITEMS items, of running text KEEP
lines), splits fewest blocks, and fills each column before the next; the
sheet's last run ends with its last page's columns as level as may be. A
split part repeats the block's title, marked "(cont.)", on a later page or at
a column top not level with its first part; in the next column of the same
page level with it only its table head repeats. A block that fits a column
is split only where that lets the type grow (SPLIT_MIN units or more). The
type is set at the largest size from the sheet's max_size down to its
min_size at which everything fits the pages allowed (a sheet with room to
spare grows its type before it leaves paper empty); a band that leaves a
column empty before the next page does not fit. The columns of the last page
are then balanced. If nothing fits even at min_size, the sheet takes more
pages (nothing is ever dropped) and a warning says so.
"""

from __future__ import annotations

from functools import partial

from ...errors import Diagnostics
from ...model.table import Sheet, SheetItem, Table, TextBlock
from ...records import field, record, replace
from ...style import AIR_LEAD, COLUMN_GUTTER, COLUMN_RULE_INK, LEADING, TITLE
from ..env import PlanEnv
from ..frame import content_box
from ..plan import Document, Font, Item, Line, Page, Stroke, Text
from ..search import largest_that_fits, most_air
from ..textblock import PARA_GAP, TextLayout, layout_text
from .table_draw import TableLayout, layout_table

COLUMN_RULE = Stroke(COLUMN_RULE_INK, 0.4)
STEP = 0.25
KEEP = 2  # lines of running text kept together on each side of a split
KEEP_ROWS = 4  # table rows kept on each side of a split (sub-headings not counted)
KEEP_ITEMS = 2  # list items kept on each side of a split
SPLIT_MIN = 6  # a block of fewer rows is never split only to fill a column's foot
SPLIT_COST = 2.0  # lines of type a balanced page gives up to keep a block whole
GAP = 0.7  # the room between blocks, of the size
# A sheet set at its max_size with room left gives the room out as air, in one measure
# for the whole sheet (`Flowed.air`, 0 to 1), up to these at most, each of the size:
AIR_PARA = 0.9  # more room before each paragraph or list item
AIR_ROW = 0.5  # more room in each table row
AIR_GAP = 1.3  # more room between blocks
AIR_STEPS = 7  # halvings in the search for the most air that fits


@record(frozen=False)
class Placed:
    page: int
    x: float
    y_top: float
    layout: TableLayout | TextLayout
    start: int
    end: int
    first: bool
    height: float
    width: float


@record(frozen=False)
class Flowed:
    """One flow of a sheet's blocks at one size."""

    size: float
    placed: list[Placed] = field(default_factory=list)
    pages: int = 1
    fits: bool = True  # every block's columns fit its width
    bands: list[tuple[int, float, float]] = field(default_factory=list)  # (page, top, bottom)
    too_tall: list[str] = field(default_factory=list)  # wide blocks taller than a page
    split: bool = False  # long blocks split to fill the foot of a column
    holes: bool = False  # a band left a column empty and went on to the next page
    breaks: list[int] = field(default_factory=list)  # len(placed) at each column break
    air: float = 0.0  # the room given out on a sheet at its max_size (0 to 1: AIR_*)
    remnants: int = 0  # rows or items short of KEEP_* in the parts of split blocks
    gap: float = 0.0  # the room between blocks


def resolve(item: SheetItem, tables: dict[str, Table], texts: dict[str, TextBlock]):
    """The model a sheet item names (None for a column break or an unknown id)."""
    if item.kind == "inline":
        return item.block
    if item.kind in ("ref", "table") and item.ref in tables:
        return tables[item.ref]
    if item.kind in ("ref", "text") and item.ref in texts:
        return texts[item.ref]
    return None


def _can_end(lay, end: int) -> bool:
    """May a part of a block end before unit `end`? Not after a table's sub-heading row
    (it keeps with the rows under it), and a text block (a list) only between items."""
    if end >= lay.units:
        return True
    table = getattr(lay, "table", None)
    if table is not None:
        return not table.rows[end - 1].heading
    return lay.lines[end].para


class _Flow:
    """Blocks placed top to bottom, column by column, at one size.

    Columns run side by side inside a band; a wide block closes the band (below
    its lowest column), spans the full width, and a new band starts under it.
    `split` lets a long block split to fill the foot of a column."""

    def __init__(
        self, sheet: Sheet, measure, size: float, box, first_top: float, split, air: float
    ):
        self.sheet, self.measure, self.split = sheet, measure, split
        self.x0, self.y0, self.x1, self.y1 = box
        n = self.n = sheet.columns
        self.cw = (self.x1 - self.x0 - COLUMN_GUTTER * (n - 1)) / n
        self.gap = size * (GAP + AIR_GAP * air)
        self.out = Flowed(size, air=air, gap=self.gap)
        self.page, self.col = 0, 0
        self.used: set[int] = set()  # the columns of this band that hold something
        self.top = self.y = self.low = first_top  # low: the lowest any column of the band reached

    def bottom(self) -> float:
        return self.y0

    def close_band(self) -> None:
        if self.low < self.top - 1e-6:
            self.out.bands.append((self.page, self.top, self.low))

    def next_column(self) -> None:
        self.col += 1
        if self.col >= self.n:
            self.new_page()
        self.y = self.top

    def new_page(self) -> None:
        if self.used and len(self.used) < self.n:
            self.out.holes = True
        self.used = set()
        self.close_band()
        self.col, self.page = 0, self.page + 1
        self.y = self.top = self.low = self.y1

    def run(self, blocks: list) -> Flowed:
        run: list = []  # the column blocks since the last wide block or column break
        for block, wide in blocks:
            if block is None:  # a column break
                self.place_run(run, False)
                run = []
                self.out.breaks.append(len(self.out.placed))
                if self.y < self.top:
                    self.next_column()
                continue
            lay = self.measure(block, self.x1 - self.x0 if wide else self.cw)
            if not lay.fits and not wide and self.n > 1:  # too wide for a column: span them
                wide, lay = True, self.measure(block, self.x1 - self.x0)
            self.out.fits = self.out.fits and lay.fits
            if wide:
                self.place_run(run, False)
                run = []
                self.place_wide(block, lay)
            else:
                run.append(lay)
        self.place_run(run, True)
        self.close_band()
        self.out.pages = self.page + 1
        self.out.fits = self.out.fits and not self.out.too_tall
        return self.out

    def put(self, lay, yy: float, start: int, end: int, first: bool, width: float) -> float:
        x = self.x0 + self.col * (self.cw + COLUMN_GUTTER) if width < self.x1 - self.x0 else self.x0
        h = lay.part_height(start, end, first, end == lay.units)
        if width < self.x1 - self.x0:
            self.used.add(self.col)
        self.out.placed.append(Placed(self.page, x, yy, lay, start, end, first, h, width))
        return h

    def place_wide(self, block, lay) -> None:
        # below everything placed so far on this page
        start_y = min(self.low, self.y)
        if start_y < self.top or self.out.placed and self.out.placed[-1].page == self.page:
            start_y -= self.gap
        h = lay.height
        if h > start_y - self.bottom() + 1e-6 and any(p.page == self.page for p in self.out.placed):
            self.new_page()
            start_y = self.y1
        if h > self.y1 - self.y0 + 1e-6:
            self.out.too_tall.append(block.id or block.title)  # wide blocks are never split
        self.close_band()
        self.col = 0
        self.put(lay, start_y, 0, lay.units, True, self.x1 - self.x0)
        self.used = set()
        self.top = self.low = self.y = start_y - h - self.gap

    def place_run(self, lays: list, final: bool) -> None:
        """A run of column blocks laid on the fewest pages from here (`_paginate`; the
        sheet's `final` run with the columns of its last page balanced), each column's
        parts placed top down."""
        if not lays:
            return
        pieces = [_Piece(lay, 0, lay.units, True) for lay in lays]
        tall = self.column_height()
        may = [
            lay.units >= 2
            and (
                lay.height > tall + 1e-6
                or (self.split or not hasattr(lay, "table"))
                and lay.units >= SPLIT_MIN
            )
            for lay in lays
        ]
        path, cuts = _paginate(pieces, may, self.gap, self.rooms(self.y >= self.top), final)
        for c, (a, b) in enumerate(zip(path, path[1:], strict=False)):
            if c:
                self.next_column()
            for pc, s, e in _parts_between(pieces, cuts[a], cuts[b]):
                fresh = self.y >= self.top
                yy = self.y - (0.0 if fresh else self.gap)
                self.y = yy - self.put(pc.layout, yy, s, e, s == 0, self.cw)
                self.low = min(self.low, self.y)
                self.out.remnants += _short(pc.layout, s, e) if (s, e) != (0, pc.end) else 0

    def rooms(self, fresh: bool):
        """The c-th column from here on: its room (this one's below the cursor, the rest
        of this band's from its top, then whole pages'), its page (0: this one) and
        whether it is a page's whole column."""
        first = self.y - (0.0 if fresh else self.gap) - self.bottom()
        band, page = self.top - self.bottom(), self.y1 - self.bottom()
        left = self.n - 1 - self.col
        whole = self.top >= self.y1 - 1e-6

        def room(c: int) -> tuple[float, int, bool]:
            if c == 0:
                return first, 0, fresh and whole
            if c <= left:
                return band, 0, whole
            return page, 1 + (c - left - 1) // self.n, True

        return room

    def column_height(self) -> float:
        return self.y1 - self.bottom()


def _sizes(sheet: Sheet) -> list[float]:
    """The sizes a sheet may be set at, largest first, in STEP steps."""
    out, size = [], sheet.max_size
    while size >= sheet.min_size - 1e-9:
        out.append(round(size, 4))
        size -= STEP
    return out or [sheet.min_size]


def _set(sheet: Sheet, blocks: list, env: PlanEnv, box, first_top: float) -> Flowed:
    """The sheet at the largest size that fits its pages (blocks whole, or long blocks
    split to fill the foot of a column where that lets the type grow), its last page's
    columns balanced. The sizes are searched by halving: a larger size never fits where
    a smaller one does not."""
    layouts: dict[tuple, TableLayout | TextLayout] = {}
    size = sheet.min_size  # the size being tried, shared by measure, flow and largest
    air = 0.0  # the air being tried (AIR_*), likewise

    def measure(block, width: float) -> TableLayout | TextLayout:
        key = (id(block), width, size, air)
        if key not in layouts:
            layouts[key] = (
                layout_table(block, width, env, size, sheet.min_size, air=size * AIR_ROW * air)
                if isinstance(block, Table)
                else layout_text(
                    block,
                    width,
                    env,
                    size,
                    lead=LEADING + AIR_LEAD * air,
                    para=PARA_GAP + AIR_PARA * air,
                )
            )
        return layouts[key]

    def flow(split: bool, more: float = 0.0) -> Flowed:
        nonlocal air
        air = more
        return _Flow(sheet, measure, size, box, first_top, split, air).run(blocks)

    def largest(split: bool, pages: int, smallest: int) -> Flowed | None:
        """The flow at the largest of sizes[:smallest + 1] that fits `pages`."""
        tried: dict[int, Flowed] = {}

        def fits(i: int) -> bool:  # i counts up from the smallest size, sizes[smallest]
            nonlocal size
            size = sizes[smallest - i]
            got = tried[i] = flow(split)
            return got.pages <= pages and got.fits and not got.holes

        i = largest_that_fits(smallest + 1, fits)
        if i is None:
            return None
        best = tried[i]
        best.split = split
        return best

    sizes = _sizes(sheet)
    # the largest size at which the blocks fit whole, or a larger one at which long blocks
    # split to fill the foot of a column; else the pages the sheet takes at min_size, filled
    whole = largest(False, sheet.pages, len(sizes) - 1)
    larger = sizes.index(whole.size) - 1 if whole else len(sizes) - 1
    best = largest(True, sheet.pages, larger) or whole
    if best is None:
        size = sizes[-1]
        least = flow(True)
        best = (largest(True, least.pages, len(sizes) - 1) if least.fits else None) or least
    size = best.size
    grown = sheet.min_size < sheet.max_size <= size + 1e-9  # to its cap (not pinned there)
    if grown and best.pages <= sheet.pages and best.fits:
        best = _aired(best, flow)
    return _balanced(best, box, sheet.columns) if sheet.columns > 1 else best


def _aired(best: Flowed, flow) -> Flowed:
    """A sheet at its max_size with room left: the flow with the most air (AIR_*: all of
    it, else halving) at which it still fits its pages as it does with none."""
    tried: dict[float, Flowed] = {}

    def fits(air: float) -> bool:
        more = tried[air] = flow(best.split, air)
        return more.pages <= best.pages and more.fits and not more.holes

    air = most_air(fits, AIR_STEPS)
    return replace(tried[air], split=best.split) if air else best


# ---- the last page's columns balanced -------------------------------------------------


@record
class _Piece:
    """A run of a block's units in the flow (its parts on the last page, joined)."""

    layout: TableLayout | TextLayout
    start: int
    end: int
    first: bool  # it starts the block


def _pieces(parts: list[Placed]) -> list[_Piece]:
    out: list[_Piece] = []
    for p in parts:
        if out and out[-1].layout is p.layout and out[-1].end == p.start:
            out[-1] = _Piece(p.layout, out[-1].start, p.end, out[-1].first)
        else:
            out.append(_Piece(p.layout, p.start, p.end, p.first))
    return out


def _cuts(pieces: list[_Piece]) -> list[tuple[int, int]]:
    """Where a column may end, in flow order, as (piece, unit): before each piece, and
    inside a long one where a split may fall (neither side short of KEEP_*, never
    after a sub-heading row nor inside a list item); (len(pieces), 0) is the end."""
    out: list[tuple[int, int]] = []
    for k, pc in enumerate(pieces):
        out.append((k, pc.start))
        if pc.end - pc.start >= SPLIT_MIN:
            lay = pc.layout
            for u in range(pc.start + 1, pc.end):
                if _can_end(lay, u) and not _short(lay, pc.start, u) + _short(lay, u, pc.end):
                    out.append((k, u))
    out.append((len(pieces), 0))
    return out


def _parts_between(pieces: list[_Piece], a: tuple[int, int], b: tuple[int, int]):
    """The (piece, start, end) runs of a column from cut a to cut b."""
    for k in range(a[0], min(b[0], len(pieces) - 1) + 1):
        pc = pieces[k]
        s = a[1] if k == a[0] else pc.start
        e = b[1] if k == b[0] else pc.end
        if e > s or (k < b[0] and pc.start == pc.end):  # an empty table still prints its head
            yield pc, s, e


def _column(pieces: list[_Piece], a: tuple[int, int], b: tuple[int, int], gap: float) -> float:
    """The height of a column holding the flow from cut a to cut b."""
    hs = [
        pc.layout.part_height(s, e, pc.first and s == pc.start, e == pc.layout.units)
        for pc, s, e in _parts_between(pieces, a, b)
    ]
    return sum(hs) + gap * max(len(hs) - 1, 0)


def _least(cuts, height, room: float, n: int, splits: int) -> dict:
    """For each (first cut, columns, splits): the least height of the tallest column when
    the flow from that cut on is laid in that many columns, ending `splits` of them inside
    a block (inf where it cannot be)."""
    inf = float("inf")
    end = len(cuts) - 1
    inside = _inside(cuts)
    memo: dict[tuple[int, int, int], float] = {}
    for c in range(1, n + 1):
        for i in range(end, -1, -1):
            for s in range(splits + 1):
                h = height(i, end)
                best = h if s == 0 and h <= room + 1e-6 else inf  # later columns left empty
                if c > 1:
                    for j in range(i + 1, end):
                        h = height(i, j)
                        if h > room + 1e-6:
                            break
                        rest = s - inside[j]
                        if rest >= 0:
                            best = min(best, max(h, memo[(j, c - 1, rest)]))
                memo[(i, c, s)] = best
    return memo


def _inside(cuts: list[tuple[int, int]]) -> list[bool]:
    """Whether each cut falls inside a block (not at its piece's first unit)."""
    return [u != first for (_, u), first in zip(cuts, _starts(cuts), strict=True)]


def _starts(cuts: list[tuple[int, int]]) -> list[int]:
    """Each cut's piece's first unit (a cut there falls between blocks)."""
    first: dict[int, int] = {}
    for k, u in cuts:
        first.setdefault(k, u)
    return [first[k] for k, _ in cuts]


def _balanced(best: Flowed, box, n: int) -> Flowed:
    """The last band of columns on the last page laid again so its columns end as nearly
    level as they can: the cuts between columns chosen (between blocks, or inside a long
    table between rows, or a list between items) to make the tallest column as short as
    may be, a block split only where that saves SPLIT_COST lines or more, and a column at
    least as tall as the next where both choices are as good."""
    x0, y0, x1, _ = box
    full = x1 - x0
    i = len(best.placed)
    while i and best.placed[i - 1].page == best.pages - 1 and best.placed[i - 1].width < full:
        i -= 1
    band = best.placed[i:]
    if not band or any(i < b < len(best.placed) for b in best.breaks):
        return best  # nothing in columns, or the sheet breaks a column itself
    top = max(p.y_top for p in band)
    pieces = _pieces(band)
    cuts = _cuts(pieces)
    gap, line = best.gap, best.size * 1.2
    heights: dict[tuple[int, int], float] = {}

    def height(a: int, b: int) -> float:
        if (a, b) not in heights:
            heights[(a, b)] = _column(pieces, cuts[a], cuts[b], gap)
        return heights[(a, b)]

    memo = _least(cuts, height, top - y0, n, n - 1)
    costs = [(memo[(0, n, s)] + s * SPLIT_COST * line, s) for s in range(n)]
    cost, splits = min(costs)
    if cost == float("inf"):
        return best  # the flow split where no cut here may fall: keep it
    chosen = _choose(cuts, height, memo, n, splits, memo[(0, n, splits)])
    cw = (full - COLUMN_GUTTER * (n - 1)) / n
    placed, low = best.placed[:i], top
    for c, (a, b) in enumerate(zip(chosen, chosen[1:], strict=False)):
        y = top
        for pc, s, e in _parts_between(pieces, cuts[a], cuts[b]):
            y -= 0.0 if y == top else gap
            first = pc.first and s == pc.start
            h = pc.layout.part_height(s, e, first, e == pc.layout.units)
            placed.append(
                Placed(
                    best.pages - 1, x0 + c * (cw + COLUMN_GUTTER), y, pc.layout, s, e, first, h, cw
                )
            )
            y -= h
        low = min(low, y)
    bands = [(p, t, low if (p, t) == (best.pages - 1, top) else b) for p, t, b in best.bands]
    return replace(best, placed=placed, bands=bands)


def _choose(cuts, height, memo: dict, n: int, splits: int, target: float) -> list[int]:
    """The cuts that reach `target`, each column as full as it may be (the last cut
    that still reaches it)."""
    end = len(cuts) - 1
    inside = _inside(cuts)
    chosen, i, s = [0], 0, splits
    for c in range(n, 1, -1):
        for j in range(end - 1, i, -1):
            rest = s - inside[j]
            if (
                rest >= 0
                and height(i, j) <= target + 1e-6
                and memo[(j, c - 1, rest)] <= target + 1e-6
            ):
                chosen.append(j)
                i, s = j, rest
                break
        else:
            break
    chosen.append(end)
    return chosen


# ---- a run of column blocks paginated ----------------------------------------------


def _counted(lay) -> tuple[int, list[int]]:
    """What a part of a split block keeps at least (KEEP_ROWS rows of a table, KEEP_ITEMS
    items of a list, KEEP lines of running text), and which of its units count to it
    (1: a table's row that is no sub-heading, a list line that starts an item)."""
    table = getattr(lay, "table", None)
    if table is not None:
        return KEEP_ROWS, [int(not row.heading) for row in table.rows]
    if lay.block.style == "plain":
        return KEEP, [1] * lay.units
    return KEEP_ITEMS, [int(line.para) for line in lay.lines]


def _short(lay, start: int, end: int) -> int:
    """How many rows, items or lines a part of a split block has fewer than it keeps."""
    keep, counts = _counted(lay)
    return max(0, keep - sum(counts[start:end]))


class _Heights:
    """The height of a column from one cut of a run of whole blocks to a later one, from
    sums kept per block (each part: its fixed room, title and head, plus its units),
    and how short of what they keep its parts are."""

    def __init__(self, pieces: list[_Piece], cuts: list[tuple[int, int]], gap: float):
        self.pieces, self.cuts, self.gap = pieces, cuts, gap
        self.sums: list[list[float]] = []
        self.counts: list[list[float]] = []
        self.keep: list[int] = []
        self.fixed: list[dict[tuple[bool, bool], float]] = []
        self.whole = [0.0]  # whole blocks' heights, summed
        for pc in pieces:
            lay = pc.layout
            keep, counts = _counted(lay)
            self.keep.append(keep)
            self.sums.append(_running([lay.unit_height(i) for i in range(lay.units)]))
            self.counts.append(_running([float(c) for c in counts]))
            self.fixed.append(
                {(f, t): lay.part_height(0, 0, f, t) for f in (False, True) for t in (False, True)}
            )
            self.whole.append(self.whole[-1] + lay.height)

    def part(self, k: int, s: int, e: int) -> float:
        fixed = self.fixed[k][(s == 0, e == self.pieces[k].end)]
        return fixed + self.sums[k][e] - self.sums[k][s]

    def short(self, k: int, s: int, e: int) -> int:
        return max(0, self.keep[k] - round(self.counts[k][e] - self.counts[k][s]))

    def column(self, a: int, b: int) -> float:
        (k0, u0), (k, u) = self.cuts[a], self.cuts[b]
        if k == k0:
            return self.part(k0, u0, u)
        h = self.part(k0, u0, self.pieces[k0].end) + self.whole[k] - self.whole[k0 + 1]
        count = k - k0
        if u > 0:
            h += self.part(k, 0, u)
            count += 1
        return h + self.gap * (count - 1)


def _running(values: list[float]) -> list[float]:
    """The running sums of values, from 0."""
    out = [0.0]
    for v in values:
        out.append(out[-1] + v)
    return out


def _run_cuts(pieces: list[_Piece], may: list[bool]) -> list[tuple[int, int]]:
    """Where a column may end in a run of whole blocks, as (block, unit): before each
    block, and between any two units of a block that may split; (len(pieces), 0) is
    the end."""
    out: list[tuple[int, int]] = []
    for k, pc in enumerate(pieces):
        out.append((k, 0))
        if may[k]:
            out.extend((k, u) for u in range(1, pc.end))
    out.append((len(pieces), 0))
    return out


def _step(pieces, cuts, heights: _Heights, a: int, b: int, h: float, room: float) -> tuple:
    """What a column from cut a to cut b, `h` tall, costs, worst first: units cut apart
    that keep together (a list item, a sub-heading and its rows) or the column over-full;
    rows and items short of KEEP_* in split blocks; splits; then the room it leaves."""
    if b == a:
        return (0, 0, 0, round(room, 2))
    (k0, u0), (k, u) = cuts[a], cuts[b]
    bad, short = int(h > room + 1e-6), 0
    if u > 0:
        bad += not _can_end(pieces[k].layout, u)
        short += heights.short(k, u0 if k == k0 else 0, u)
    if u0 > 0 and k > k0:
        short += heights.short(k0, u0, pieces[k0].end)
    return (bad, short, int(u > 0), round(room - h, 2))


def _paginate(pieces: list[_Piece], may: list[bool], gap: float, room, final: bool):
    """A run of whole blocks laid into columns on the fewest pages (`room(c)`: the room,
    the page and whether it is a page's whole column, of the c-th column from here), and
    of those layouts the one costing least (`_step`): nothing kept together cut apart,
    no part of a split block short of KEEP_*, the fewest splits, then each column as
    full as it may be before the next; in the `final` run of a sheet, the columns of its
    last page as level as may be (`_last_page`; a run before a wide block or a column
    break stays in the columns it fills). A column ends only where a part may
    (`_can_end`), unless nothing fits a page's whole column: then one unit goes there
    all the same. Returns the cuts (indices into the cuts, returned too) where the
    columns begin and end."""
    cuts = _run_cuts(pieces, may)
    heights = _Heights(pieces, cuts, gap)
    page, path, layers = _layers(pieces, cuts, heights, room)
    if final:
        c0 = next(c for c in range(len(layers)) if _page(room, c) == page)
        path = _last_page(pieces, cuts, heights, room, c0, layers[c0]) or path
    return path, cuts


@record
class _Way:
    """A path of cuts through a run (`path`) and what it costs (`_step`'s costs summed,
    the room each column leaves in order)."""

    cost: tuple
    path: list[int]

    def order(self) -> tuple:
        """Cost first, then the path, as the paths are compared."""
        return (self.cost, self.path)


def _page(room, c: int) -> int:
    """The page the c-th column from here stands on (`room(c)`: room, page, whole)."""
    _, page, _ = room(c)
    return page


def _layers(pieces, cuts, heights: _Heights, room) -> tuple[int, list[int], list[dict]]:
    """Column by column, the least costly path of cuts to each cut (the room each
    column leaves compared column by column: the first as full as may be, then the
    next); the page the run ends on first, the least costly path that ends there, and
    the paths to each cut at the start of each column (`layers[c]`: cut -> (cost,
    path))."""
    end = len(cuts) - 1
    layer: dict[int, _Way] = {0: _Way((0, 0, 0, ()), [0])}
    layers, done = [], []
    c, ends_on = 0, None
    while layer and (ends_on is None or _page(room, c) == ends_on):
        layers.append(layer)
        best: dict[int, _Way] = {}
        r, pg, whole = room(c)
        for a, way in layer.items():
            was_bad, was_short, was_split, feet = way.cost
            for b, h in _ends(pieces, cuts, heights, a, r, whole):
                bad, short, split, left = _step(pieces, cuts, heights, a, b, h, r)
                got = (was_bad + bad, was_short + short, was_split + split, (*feet, left))
                if b not in best or got < best[b].cost:
                    best[b] = _Way(got, [*way.path, b])
        if end in best:
            done.append(best.pop(end))
            ends_on = pg
        layer, c = best, c + 1
    return ends_on or 0, min(done, key=_Way.order).path, layers


def _last_page(pieces, cuts, heights: _Heights, room, c0: int, starts: dict) -> list[int] | None:
    """The path whose last page (its columns from the c0-th on) has its lowest column
    foot as high as may be, then its highest foot as near it as may be, among those
    no worse in what `_step` puts first: each start of that page (`starts`: cut ->
    (cost, path) to it) tried, the rest laid going back from the end (later columns
    may stay empty)."""
    end = len(cuts) - 1
    count = 1
    while _page(room, c0 + count) == _page(room, c0):
        count += 1
    after: dict[int, _Way] = {end: _Way((0, 0, 0, ()), [])}
    for c in range(c0 + count - 1, c0 - 1, -1):
        r, _, whole = room(c)
        now: dict[int, _Way] = {end: after[end]}
        for a in range(min(starts), end):
            for b, h in _ends(pieces, cuts, heights, a, r, whole):
                if b in after:
                    bad, short, split, left = _step(pieces, cuts, heights, a, b, h, r)
                    was_bad, was_short, was_split, feet = after[b].cost
                    got = (bad + was_bad, short + was_short, split + was_split, (-left, *feet))
                    if a not in now or _level(got) < _level(now[a].cost):
                        now[a] = _Way(got, [b, *after[b].path])
        after = now
    ways = []
    for a, way in starts.items():
        if a in after and a != end:
            bad, short, split, feet = way.cost
            rest = after[a]
            rest_bad, rest_short, rest_split, rest_feet = rest.cost
            level = _level((bad + rest_bad, short + rest_short, split + rest_split, rest_feet))
            ways.append((level, feet, [*way.path, *rest.path]))
    if not ways:
        return None
    _, _, path = min(ways)
    return path


def _level(cost: tuple) -> tuple:
    """A last page's cost to compare: what `_step` puts first, then its lowest column
    foot, then how far its highest stands above it (cost[3]: how far each column's
    foot stands below the foot of the page's room, less than 0 above it)."""
    feet = cost[3] or (0.0,)
    return (*cost[:3], max(feet), max(feet) - min(feet))


def _ends(pieces, cuts, heights: _Heights, a: int, room: float, whole: bool) -> list:
    """The cuts a column from cut a may end at, with its height: each that fits and may
    end a part; in a column short of a page's (begun, or under a wide block or the
    title), also a (the column left as it is); in a page's whole column where none
    fits, the next cut all the same."""
    out = [] if whole else [(a, 0.0)]
    for b in range(a + 1, len(cuts)):
        h = heights.column(a, b)
        if h > room + 1e-6:
            break
        k, u = cuts[b]
        if u == 0 or _can_end(pieces[k].layout, u):
            out.append((b, h))
    return out if out or not whole else [(a + 1, heights.column(a, a + 1))]


def _shorter(sheet: Sheet, env: PlanEnv, room: float) -> Document | None:
    """The one-page sheet set again with `room` pt kept free at its foot, its type given
    back down to its `size` at the least (what layout/kit/share.py asks before a component
    shares the page): None when it would not then fit its page."""
    least = max(sheet.min_size, sheet.size)
    top, first = sheet.max_size, None
    while top >= least - 1e-9:  # blocks kept whole where a smaller size allows
        quiet = replace(env, diags=Diagnostics())
        tight = replace(sheet, pages=1, min_size=least, max_size=max(top, least))
        again, size = _set_sheet(tight, quiet, foot=room)
        if len(again.pages) != 1 or quiet.diags.warnings:
            break
        first = first or again
        parts = [i.id for i in again.pages[0].items if i.kind in ("table", "text")]
        if len(parts) == len(set(parts)):
            return again
        top = size - 2 * STEP
    return first


def plan_sheet(sheet: Sheet, env: PlanEnv, foot: float = 0.0) -> Document:
    """The sheet's pages; `foot`: kept free at the foot of the content box. A sheet of one
    page set above its `size` may make room for another component (Document.shorter)."""
    doc, _ = _set_sheet(sheet, env, foot)
    return doc


def _set_sheet(sheet: Sheet, env: PlanEnv, foot: float) -> tuple[Document, float]:
    """plan_sheet's pages and the type size they are set in."""
    tables = {t.id: t for t in env.game.tables}
    texts = {t.id: t for t in env.game.texts}
    blocks = [(resolve(item, tables, texts), item.wide) for item in sheet.items]
    x0, y0, x1, y1 = content_box(env.paper)
    box = (x0, y0 + foot, x1, y1)
    title_face = env.face(bold=True)
    first_top = y1 - (TITLE * 1.6 if sheet.title else 0.0)
    flowed = _set(sheet, blocks, env, box, first_top)
    size, placed, pages, bands = flowed.size, flowed.placed, flowed.pages, flowed.bands
    fits, too_tall = flowed.fits, flowed.too_tall
    if pages > sheet.pages:
        env.warn(
            sheet.span,
            f"sheets.{sheet.id}",
            f"sheet {sheet.id!r} does not fit on {sheet.pages} page(s) even at "
            f"{sheet.min_size:g} pt; it takes {pages} page(s)",
            "cut content, add columns, allow more pages, or lower min_size",
        )
    for name in too_tall:
        env.warn(
            sheet.span,
            f"sheets.{sheet.id}",
            f"sheet {sheet.id!r}: wide item {name!r} is taller than a page even at {size:g} pt",
            "drop wide: so it can split between columns",
        )
    if not fits and not too_tall:
        env.warn(
            sheet.span,
            f"sheets.{sheet.id}",
            f"sheet {sheet.id!r}: a table or text is wider than a column even at {size:g} pt",
            "use fewer columns or shorter cell text",
        )
    doc = Document(f"sheet-{sheet.id}", sheet.title or sheet.id, stock=sheet.stock)
    if pages == 1 and size > sheet.size and not foot:
        doc.shorter = partial(_shorter, sheet, env)
    n = sheet.columns
    cw = (x1 - x0 - COLUMN_GUTTER * (n - 1)) / n
    for p in range(pages):
        label = sheet.title or "Quick reference"
        page = Page(f"Reference: {label}", proof=f"type {size:g} pt")
        if p == 0 and sheet.title:
            page.ops.append(Text(x0, y1 - TITLE, sheet.title, Font(title_face, TITLE)))
        for bp, btop, bottom in bands:
            if bp != p:
                continue
            for c in range(1, n):
                gx = x0 + c * (cw + COLUMN_GUTTER) - COLUMN_GUTTER / 2
                page.ops.append(Line(gx, bottom, gx, btop, COLUMN_RULE))
        page.items.append(
            Item(
                "sheet",
                sheet.id,
                f"{sheet.id}-{p + 1}",
                "front",
                box,
                {"size": size, "columns": n, "pages": pages},
            )
        )
        doc.pages.append(page)
    _draw_parts(doc, placed, sheet, size)
    return doc, size


def _draw_parts(doc: Document, placed: list[Placed], sheet: Sheet, size: float) -> None:
    """Each placed part of a block drawn on its page, with its manifest item."""
    seen: dict[int, tuple[int, float]] = {}  # a block's layout -> its last part's page, top
    for pl in placed:
        # a later part repeats the title, marked "(cont.)", except in the next column of
        # the same page level with the part before: there the reader's eye runs on without
        # it (its room stays, so the lines go on level with the first part's)
        before = seen.get(id(pl.layout))
        title = (
            pl.first or before is None or before[0] != pl.page or abs(before[1] - pl.y_top) > 0.5
        )
        seen[id(pl.layout)] = (pl.page, pl.y_top)
        ops, h = pl.layout.draw(pl.x, pl.y_top, pl.start, pl.end, pl.first, title)
        page = doc.pages[pl.page]
        page.ops.extend(ops)
        is_table = isinstance(pl.layout, TableLayout)
        model = pl.layout.table if isinstance(pl.layout, TableLayout) else pl.layout.block
        kind = "table" if is_table else "text"
        mid = model.id or "text"
        page.items.append(
            Item(
                kind,
                mid,
                f"{sheet.id}:{mid}",
                "front",
                (pl.x, pl.y_top - h, pl.x + pl.width, pl.y_top),
                {"sheet": sheet.id, "size": size, "rows": [pl.start, pl.end]},
            )
        )


def plan_sheets(sheets: tuple[Sheet, ...], env: PlanEnv) -> list[Document]:
    return [plan_sheet(s, env) for s in sheets]
