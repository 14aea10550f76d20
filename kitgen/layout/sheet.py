"""Quick-reference sheets: tables and text blocks flowed into N columns per page.

A block goes whole into the column it fits; a block taller than a column is
split between rows (its title repeats, marked "(cont.)"). The type shrinks from
the sheet's size down to its min_size until everything fits the pages allowed;
if it still does not, the sheet takes more pages (nothing is ever dropped)
and a warning says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.table import Sheet, SheetItem, Table, TextBlock
from ..style import COLUMN_GUTTER
from .env import PlanEnv
from .frame import content_box
from .plan import Document, Font, Item, Line, Page, Stroke, Text
from .table_draw import TableLayout, layout_table
from .textblock import TextLayout, layout_text

TITLE_SIZE = 13.0
COLUMN_RULE = Stroke("#cfcfc8", 0.4)
STEP = 0.25


@dataclass
class Placed:
    page: int
    x: float
    y_top: float
    layout: object
    start: int
    end: int
    first: bool
    height: float
    width: float


def resolve(item: SheetItem, tables: dict[str, Table], texts: dict[str, TextBlock]):
    """The model a sheet item names (None for a column break or an unknown id)."""
    if item.kind == "inline":
        return item.block
    if item.kind in ("ref", "table") and item.ref in tables:
        return tables[item.ref]
    if item.kind in ("ref", "text") and item.ref in texts:
        return texts[item.ref]
    return None


class _Flow:
    """Blocks placed one after another at one type size: the column, page and band
    the next block goes into. A wide block closes the band of columns above it."""

    def __init__(self, sheet: Sheet, env: PlanEnv, size: float, box, first_top: float):
        self.sheet, self.env, self.size = sheet, env, size
        self.x0, self.y0, self.x1, self.y1 = box
        self.n = sheet.columns
        self.cw = (self.x1 - self.x0 - COLUMN_GUTTER * (self.n - 1)) / self.n
        self.full = self.x1 - self.x0
        self.gap = size * 0.9
        self.placed: list[Placed] = []
        self.bands: list[tuple[int, float, float]] = []  # (page, top, bottom) of each run
        self.fits = True
        self.too_tall: list[str] = []
        self.page, self.col = 0, 0
        self.top = self.y = first_top
        self.low = first_top  # the lowest point any column of this band reached

    def close_band(self) -> None:
        if self.low < self.top - 1e-6:
            self.bands.append((self.page, self.top, self.low))

    def next_column(self) -> None:
        self.col += 1
        if self.col >= self.n:
            self.close_band()
            self.col, self.page = 0, self.page + 1
            self.top = self.low = self.y1
        self.y = self.top

    def new_page(self) -> None:
        self.close_band()
        self.col, self.page = 0, self.page + 1
        self.y = self.top = self.low = self.y1

    def add(self, block, wide: bool) -> None:
        """Place one block (None: a column break)."""
        if block is None:
            if self.y < self.top:
                self.next_column()
            return
        width = self.full if wide else self.cw
        lay: TableLayout | TextLayout
        if isinstance(block, Table):
            lay = layout_table(block, width, self.env, self.size, self.sheet.min_size)
        else:
            lay = layout_text(block, width, self.env, self.size)
        self.fits = self.fits and lay.fits
        if wide:
            self.add_wide(block, lay)
        else:
            self.add_in_columns(lay)

    def add_wide(self, block, lay) -> None:
        """A wide block: below everything placed so far on this page, never split."""
        start_y = min(self.low, self.y)
        if start_y < self.top or self.placed and self.placed[-1].page == self.page:
            start_y -= self.gap
        h = lay.height
        if h > start_y - self.y0 + 1e-6 and any(p.page == self.page for p in self.placed):
            self.new_page()
            start_y = self.y1
        if h > self.y1 - self.y0 + 1e-6:
            self.too_tall.append(block.id or block.title)
        self.close_band()
        self.placed.append(
            Placed(self.page, self.x0, start_y, lay, 0, lay.units, True, h, self.full)
        )
        self.top = self.low = self.y = start_y - h - self.gap
        self.col = 0

    def add_in_columns(self, lay) -> None:
        """A column block: whole where it fits, else split between rows over columns."""
        start, first = 0, True
        while start < lay.units or (start == 0 and lay.units == 0):
            avail = self.y - self.y0 - (self.gap if self.y < self.top else 0.0)
            yy = self.y - (self.gap if self.y < self.top else 0.0)
            x = self.x0 + self.col * (self.cw + COLUMN_GUTTER)
            whole = lay.part_height(start, lay.units, first, True)
            if whole <= avail + 1e-6:
                self.placed.append(
                    Placed(self.page, x, yy, lay, start, lay.units, first, whole, self.cw)
                )
                self.y = yy - whole
                self.low = min(self.low, self.y)
                return
            if whole <= self.y1 - self.y0 + 1e-6 and (
                self.y < self.top or self.top < self.y1 - 1e-6
            ):
                # it fits a whole column: do not split it, even where this column is
                # short because a wide block sits above it
                self.next_column()
                continue
            k = _rows_that_fit(lay, start, first, avail)
            if k < min(2, lay.units - start):
                if self.y >= self.top:  # already a fresh column: place at least one row
                    k = max(k, 1)
                else:
                    self.next_column()
                    continue
            h = lay.part_height(start, start + k, first, False)
            self.placed.append(Placed(self.page, x, yy, lay, start, start + k, first, h, self.cw))
            self.low = min(self.low, yy - h)
            start += k
            first = False
            self.next_column()


def _rows_that_fit(lay, start: int, first: bool, avail: float) -> int:
    """How many rows from `start` fit in `avail`; a sub-heading row goes with the rows
    under it, never last in a column."""
    k = 0
    while (
        start + k < lay.units
        and lay.part_height(start, start + k + 1, first, start + k + 1 == lay.units) <= avail + 1e-6
    ):
        k += 1
    while k > 1 and _is_heading(lay, start + k - 1):
        k -= 1
    return k


def _flow(
    sheet: Sheet,
    blocks: list,
    env: PlanEnv,
    size: float,
    box: tuple[float, float, float, float],
    first_top: float,
):
    """Place every block at one size: (placements, pages used, all widths fit, column
    bands, wide blocks taller than a page).

    Columns run side by side inside a band; a wide block closes the band (below
    its lowest column), spans the full width, and a new band starts under it."""
    flow = _Flow(sheet, env, size, box, first_top)
    for block, wide in blocks:
        flow.add(block, wide)
    flow.close_band()
    return flow.placed, flow.page + 1, flow.fits and not flow.too_tall, flow.bands, flow.too_tall


def _is_heading(lay, i: int) -> bool:
    table = getattr(lay, "table", None)
    return table is not None and table.rows[i].heading


def plan_sheet(sheet: Sheet, env: PlanEnv) -> Document:
    tables = {t.id: t for t in env.game.tables}
    texts = {t.id: t for t in env.game.texts}
    blocks = [(resolve(item, tables, texts), item.wide) for item in sheet.items]
    box = content_box(env.paper)
    x0, y0, x1, y1 = box
    title_face = env.face(bold=True)
    first_top = y1 - (TITLE_SIZE * 1.6 if sheet.title else 0.0)
    size = sheet.size
    while True:
        placed, pages, fits, bands, too_tall = _flow(sheet, blocks, env, size, box, first_top)
        if (pages <= sheet.pages and fits) or size - STEP < sheet.min_size - 1e-9:
            break
        size = round(size - STEP, 4)
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
    for pl in placed:
        ops, h = pl.layout.draw(pl.x, pl.y_top, pl.start, pl.end, pl.first)
        page = doc.pages[pl.page]
        page.ops.extend(ops)
        model = pl.layout.table if hasattr(pl.layout, "table") else pl.layout.block
        kind = "table" if hasattr(pl.layout, "table") else "text"
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
    return doc


def plan_sheets(sheets: tuple[Sheet, ...], env: PlanEnv) -> list[Document]:
    return [plan_sheet(s, env) for s in sheets]
