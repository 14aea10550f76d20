"""A book's pages put on sheets: in reading order, one page a sheet (`sheets`), or as a
saddle-stitched booklet (`booklet`): two pages side by side on each side of a sheet
turned landscape, printed duplex (flip on the short edge), the sheets stacked in order,
folded in half together and stapled on the fold, so the first page is the cover.

Sheet s of a booklet of n pages (n a multiple of 4, pages counted from 1) carries pages
n - 2s and 2s + 1 on its front, left to right, and 2s + 2 and n - 2s - 1 on its back."""

from __future__ import annotations

from ...records import record
from ...units import Paper
from ..frame import content_box
from ..plan import Document, Group, Item, Page

FOLD_GUTTER = 36.0  # points between the two pages of a sheet, the fold in its middle
BOOKLET_ADVICE = (
    "**To make the booklet:** print double-sided at 100 %, flipping on the short edge; "
    "keep the sheets in order, fold them in half together and staple twice on the fold."
)


@record
class Sheet:
    """How a book's pages lie on paper: the page's size, and where each page of a sheet
    stands (its bottom-left corner), left to right."""

    imposition: str
    paper: Paper
    page: tuple[float, float]
    spots: tuple[tuple[float, float], ...]
    turned: tuple[float, float] | None = None  # the sheet's size when turned landscape

    @staticmethod
    def of(paper: Paper, imposition: str) -> Sheet:
        if imposition != "booklet":
            x0, y0, x1, y1 = content_box(paper)
            return Sheet(imposition, paper, (x1 - x0, y1 - y0), ((x0, y0),))
        turned = (paper.size[1], paper.size[0])
        x0, y0, x1, y1 = content_box(paper.sized(turned))
        middle = turned[0] / 2
        w = min(middle - x0, x1 - middle) - FOLD_GUTTER / 2  # the fold in the sheet's middle
        spots = ((middle - FOLD_GUTTER / 2 - w, y0), (middle + FOLD_GUTTER / 2, y0))
        return Sheet(imposition, paper, (w, y1 - y0), spots, turned)


def booklet_order(n: int) -> list[tuple[int, ...]]:
    """Each side of each sheet, in print order, as the page numbers on it left to right."""
    out: list[tuple[int, ...]] = []
    for s in range(n // 4):
        out.append((n - 2 * s, 2 * s + 1))
        out.append((2 * s + 2, n - 2 * s - 1))
    return out


def impose(sheet: Sheet, pages: list[list], title: str) -> Document:
    """The document: each page's ops (in its own box, origin bottom-left) placed."""
    booklet = sheet.imposition == "booklet"
    order = booklet_order(len(pages)) if booklet else [(n,) for n in range(1, len(pages) + 1)]
    doc = Document("rulebook", title, duplex="short" if booklet else "none", apart=True)
    w, h = sheet.page
    for k, numbers in enumerate(order):
        side = "back" if booklet and k % 2 else "front"
        out = Page("Rulebook", side=side, size=sheet.turned)
        for n, (x, y) in zip(numbers, sheet.spots, strict=True):
            out.ops.append(Group(tuple(pages[n - 1]), dx=x, dy=y))
            extra = {"book_page": n, "imposition": sheet.imposition}
            out.items.append(Item("rulebook-page", f"page-{n}", f"rulebook:{n}", side,
                                  (x, y, x + w, y + h), extra))  # fmt: skip
        doc.pages.append(out)
    return doc
