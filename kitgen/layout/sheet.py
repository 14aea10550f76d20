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
from .table_draw import layout_table
from .textblock import layout_text

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


def _flow(
    sheet: Sheet,
    blocks: list,
    env: PlanEnv,
    size: float,
    box: tuple[float, float, float, float],
    first_top: float,
):
    """Place every block at one size: (placements, pages used, all widths fit, column bands).

    Columns run side by side inside a band; a wide block closes the band (below
    its lowest column), spans the full width, and a new band starts under it."""
    x0, y0, x1, y1 = box
    n = sheet.columns
    cw = (x1 - x0 - COLUMN_GUTTER * (n - 1)) / n
    full = x1 - x0
    gap = size * 0.9
    placed: list[Placed] = []
    bands: list[tuple[int, float, float]] = []  # (page, top, bottom) of each run of columns
    fits = True
    too_tall: list[str] = []
    page, col = 0, 0
    top = first_top
    y = top
    low = top  # the lowest point any column of this band reached

    def close_band() -> None:
        if low < top - 1e-6:
            bands.append((page, top, low))

    def next_column() -> None:
        nonlocal page, col, y, top, low
        col += 1
        if col >= n:
            close_band()
            col, page = 0, page + 1
            top = low = y1
        y = top

    def new_page() -> None:
        nonlocal page, col, y, top, low
        close_band()
        col, page = 0, page + 1
        y = top = low = y1

    for entry in blocks:
        block, wide = entry
        if block is None:  # a column break
            if y < top:
                next_column()
            continue
        width = full if wide else cw
        if isinstance(block, Table):
            lay = layout_table(block, width, env, size, sheet.min_size)
        else:
            lay = layout_text(block, width, env, size)
        fits = fits and lay.fits
        if wide:
            # below everything placed so far on this page
            start_y = min(low, y)
            if start_y < top or placed and placed[-1].page == page:
                start_y -= gap
            h = lay.height
            if h > start_y - y0 + 1e-6 and any(p.page == page for p in placed):
                new_page()
                start_y = y1
            if h > y1 - y0 + 1e-6:
                too_tall.append(block.id or block.title)  # wide blocks are never split
            close_band()
            placed.append(Placed(page, x0, start_y, lay, 0, lay.units, True, h, full))
            top = low = y = start_y - h - gap
            col = 0
            continue
        start, first = 0, True
        while start < lay.units or (start == 0 and lay.units == 0):
            avail = y - y0 - (gap if y < top else 0.0)
            yy = y - (gap if y < top else 0.0)
            whole = lay.part_height(start, lay.units, first, True)
            if whole <= avail + 1e-6:
                placed.append(
                    Placed(
                        page,
                        x0 + col * (cw + COLUMN_GUTTER),
                        yy,
                        lay,
                        start,
                        lay.units,
                        first,
                        whole,
                        cw,
                    )
                )
                y = yy - whole
                low = min(low, y)
                break
            if whole <= y1 - y0 + 1e-6 and (y < top or top < y1 - 1e-6):
                # it fits a whole column: do not split it, even where this column is
                # short because a wide block sits above it
                next_column()
                continue
            k = 0  # rows that fit here; keep at least two together
            while (
                start + k < lay.units
                and lay.part_height(start, start + k + 1, first, start + k + 1 == lay.units)
                <= avail + 1e-6
            ):
                k += 1
            # a sub-heading row goes with the rows under it, never last in a column
            while k > 1 and _is_heading(lay, start + k - 1):
                k -= 1
            if k < min(2, lay.units - start):
                if y >= top:  # already a fresh column: place what fits, at least one row
                    k = max(k, 1)
                else:
                    next_column()
                    continue
            h = lay.part_height(start, start + k, first, False)
            placed.append(
                Placed(
                    page, x0 + col * (cw + COLUMN_GUTTER), yy, lay, start, start + k, first, h, cw
                )
            )
            low = min(low, yy - h)
            start += k
            first = False
            next_column()
    close_band()
    return placed, page + 1, fits and not too_tall, bands, too_tall


def _is_heading(lay, i: int) -> bool:
    table = getattr(lay, "table", None)
    return table is not None and table.rows[i].heading


def plan_sheet(sheet: Sheet, env: PlanEnv) -> Document:
    tables = {t.id: t for t in env.game.section("tables")}
    texts = {t.id: t for t in env.game.section("texts")}
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
