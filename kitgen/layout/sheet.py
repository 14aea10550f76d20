"""Quick-reference sheets: tables and text blocks flowed into N columns per page.

A block goes whole into the column it fits; a block taller than a column is
split between rows (its title repeats, marked "(cont.)", on a later page; in the
next column of the same page only its table head repeats), a list only between
its items, a sub-heading row never last in a column. The type is set at the
largest size from the sheet's max_size down to its min_size at which
everything fits the pages allowed (a sheet with room to spare grows its type
before it leaves paper empty); where whole blocks do not fit, a long block may
split to fill a column's foot. The columns of the last page are then balanced.
If nothing fits even at min_size, the sheet takes more pages (nothing is ever
dropped) and a warning says so.
"""

from __future__ import annotations

from ..model.table import Sheet, SheetItem, Table, TextBlock
from ..records import field, record
from ..style import COLUMN_GUTTER
from .env import PlanEnv
from .frame import content_box
from .plan import Document, Font, Item, Line, Page, Stroke, Text
from .table_draw import TableLayout, layout_table
from .textblock import TextLayout, layout_text

TITLE_SIZE = 13.0
COLUMN_RULE = Stroke("#cfcfc8", 0.4)
STEP = 0.25
KEEP = 2  # rows (or lines) kept together on each side of a split
SPLIT_MIN = 6  # a block of fewer rows is never split only to fill a column's foot
BALANCE_STEPS = 9  # halvings of the last page's height when balancing its columns


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
    return bool(lay.lines[end][2])


def _fit(lay, start: int, first: bool, room: float, whole_items: bool = True) -> int:
    """How many units from `start` fit in `room` and may end a part there."""
    k, best = 0, 0
    while start + k < lay.units:
        end = start + k + 1
        if lay.part_height(start, end, first, end == lay.units) > room + 1e-6:
            break
        k += 1
        if not whole_items or _can_end(lay, end):
            best = k
    return best


def _no_widow(lay, start: int, k: int) -> int:
    """Fewer units in this part when the rest would start the next column with fewer
    than KEEP, if this part keeps KEEP itself."""
    left = lay.units - start
    if not 0 < left - k < KEEP:
        return k
    j = k - 1
    while j >= KEEP and (left - j < KEEP or not _can_end(lay, start + j)):
        j -= 1
    return j if j >= KEEP else k


class _Flow:
    """Blocks placed top to bottom, column by column, at one size.

    Columns run side by side inside a band; a wide block closes the band (below
    its lowest column), spans the full width, and a new band starts under it.
    `floor` = (page, y) raises the foot of that page's columns (to balance them);
    `split` lets a long block split to fill the foot of a column."""

    def __init__(self, sheet: Sheet, measure, size: float, box, first_top: float, split, floor):
        self.sheet, self.measure, self.split, self.floor = sheet, measure, split, floor
        self.x0, self.y0, self.x1, self.y1 = box
        n = self.n = sheet.columns
        self.cw = (self.x1 - self.x0 - COLUMN_GUTTER * (n - 1)) / n
        self.gap = size * 0.7
        self.out = Flowed(size)
        self.page, self.col = 0, 0
        self.top = self.y = self.low = first_top  # low: the lowest any column of the band reached

    def bottom(self) -> float:
        if self.floor is not None and self.floor[0] == self.page:
            return self.floor[1]
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
        self.close_band()
        self.col, self.page = 0, self.page + 1
        self.y = self.top = self.low = self.y1

    def run(self, blocks: list) -> Flowed:
        for block, wide in blocks:
            if block is None:  # a column break
                if self.y < self.top:
                    self.next_column()
                continue
            lay = self.measure(block, self.x1 - self.x0 if wide else self.cw)
            if not lay.fits and not wide and self.n > 1:  # too wide for a column: span them
                wide, lay = True, self.measure(block, self.x1 - self.x0)
            self.out.fits = self.out.fits and lay.fits
            if wide:
                self.place_wide(block, lay)
            else:
                self.place_in_columns(lay)
        self.close_band()
        self.out.pages = self.page + 1
        self.out.fits = self.out.fits and not self.out.too_tall
        return self.out

    def put(self, lay, yy: float, start: int, end: int, first: bool, width: float) -> float:
        x = self.x0 + self.col * (self.cw + COLUMN_GUTTER) if width < self.x1 - self.x0 else self.x0
        h = lay.part_height(start, end, first, end == lay.units)
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
        self.top = self.low = self.y = start_y - h - self.gap

    def place_in_columns(self, lay) -> None:
        start, first = 0, True
        while start < lay.units or (start == 0 and lay.units == 0):
            fresh = self.y >= self.top
            yy = self.y - (0.0 if fresh else self.gap)
            room = yy - self.bottom()
            if lay.part_height(start, lay.units, first, True) <= room + 1e-6:
                self.y = yy - self.put(lay, yy, start, lay.units, first, self.cw)
                self.low = min(self.low, self.y)
                return
            left = lay.units - start
            k = _fit(lay, start, first, room)
            whole_column = lay.part_height(start, lay.units, first, True) <= self.column_height()
            balancing = self.floor is not None and self.floor[0] == self.page
            short = left < SPLIT_MIN or (hasattr(lay, "table") and not self.split)
            if balancing and short:
                if lay.part_height(start, lay.units, first, True) <= self.y1 - self.y0:
                    self.out.fits = False  # balancing splits no short block, nor a table
            if whole_column and not fresh or (whole_column and self.top < self.y1 - 1e-6):
                # it fits a whole column: keep it whole, unless it is long and splitting it
                # fills this column's foot (both parts at least KEEP rows); running text
                # and lists always may, tables only when whole tables do not fit
                flows = self.split or not hasattr(lay, "table")
                if not (flows and left >= SPLIT_MIN and KEEP <= k <= left - KEEP):
                    self.next_column()
                    continue
            elif k < min(KEEP, left):
                if not fresh:
                    self.next_column()
                    continue
                if self.floor is not None and self.floor[0] == self.page:
                    self.out.fits = False  # a floor that leaves a lone row is too high
                # a fresh column: place what fits, at least one unit
                k = max(k, _fit(lay, start, first, room, whole_items=False), 1)
            k = _no_widow(lay, start, k)
            h = self.put(lay, yy, start, start + k, first, self.cw)
            self.low = min(self.low, yy - h)
            start += k
            first = False
            self.next_column()

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
    """The sheet at the largest size that fits its pages (whole blocks first, then long
    blocks split to fill columns), its last page's columns balanced. The sizes are
    searched by halving: a larger size never fits where a smaller one does not."""
    layouts: dict[tuple, TableLayout | TextLayout] = {}
    size = sheet.min_size  # the size being tried, shared by measure, flow and largest

    def measure(block, width: float) -> TableLayout | TextLayout:
        key = (id(block), width, size)
        if key not in layouts:
            layouts[key] = (
                layout_table(block, width, env, size, sheet.min_size)
                if isinstance(block, Table)
                else layout_text(block, width, env, size)
            )
        return layouts[key]

    def flow(split: bool, floor=None) -> Flowed:
        return _Flow(sheet, measure, size, box, first_top, split, floor).run(blocks)

    def largest(split: bool, pages: int) -> Flowed | None:
        """The flow at the largest size that fits `pages`, halving between the sizes."""
        nonlocal size
        lo, hi = 0, len(sizes) - 1  # sizes[hi] is the smallest
        size = sizes[hi]
        best = flow(split)
        if best.pages > pages or not best.fits:
            return None
        while lo < hi:
            mid = (lo + hi) // 2
            size = sizes[mid]
            got = flow(split)
            if got.pages <= pages and got.fits:
                best, hi = got, mid
            else:
                lo = mid + 1
        best.split = split
        return best

    sizes = _sizes(sheet)
    # whole blocks if they fit at any size; else long blocks split to fill columns; else
    # the pages the sheet takes at min_size, filled
    best = largest(False, sheet.pages) or largest(True, sheet.pages)
    if best is None:
        size = sizes[-1]
        least = flow(True)
        best = (largest(True, least.pages) if least.fits else None) or least
    size = best.size
    return _balanced(best, flow, box, first_top) if sheet.columns > 1 else best


def _balanced(best: Flowed, flow, box, first_top: float) -> Flowed:
    """Raise the foot of the last page's columns as far as everything still fits on the
    same pages: the columns then end level."""
    last = best.pages - 1
    top = first_top if last == 0 else box[3]
    lo, hi = box[1], top  # the floor fits at lo; find the highest that does
    for _ in range(BALANCE_STEPS):
        mid = (lo + hi) / 2
        got = flow(best.split, (last, mid))
        if got.pages == best.pages and got.fits:
            got.split, best, lo = best.split, got, mid
        else:
            hi = mid
    return best


def plan_sheet(sheet: Sheet, env: PlanEnv) -> Document:
    tables = {t.id: t for t in env.game.tables}
    texts = {t.id: t for t in env.game.texts}
    blocks = [(resolve(item, tables, texts), item.wide) for item in sheet.items]
    box = content_box(env.paper)
    x0, y0, x1, y1 = box
    title_face = env.face(bold=True)
    first_top = y1 - (TITLE_SIZE * 1.6 if sheet.title else 0.0)
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
    doc = Document(f"sheet-{sheet.id}", sheet.title or sheet.id)
    n = sheet.columns
    cw = (x1 - x0 - COLUMN_GUTTER * (n - 1)) / n
    for p in range(pages):
        label = sheet.title or "Quick reference"
        page = Page(f"Reference: {label}", proof=f"type {size:g} pt")
        if p == 0 and sheet.title:
            page.ops.append(Text(x0, y1 - TITLE_SIZE, sheet.title, Font(title_face, TITLE_SIZE)))
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
    return doc


def _draw_parts(doc: Document, placed: list[Placed], sheet: Sheet, size: float) -> None:
    """Each placed part of a block drawn on its page, with its manifest item."""
    seen: dict[int, int] = {}  # a block's layout -> the page its last part went on
    for pl in placed:
        # a later part repeats the title, marked "(cont.)", over the leaf only: in the
        # next column of the same page the reader's eye runs on without it (its room stays,
        # so the lines go on level with the first part's)
        title = pl.first or seen.get(id(pl.layout)) != pl.page
        seen[id(pl.layout)] = pl.page
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
