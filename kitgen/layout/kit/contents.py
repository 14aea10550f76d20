"""The kit's table of contents on the cover: every file, its pages, and how to print it.

The advice is read from what each document holds (its manifest kinds, its backs and fold
lines), so a new component kind gets sensible advice without the cover knowing about it."""

from __future__ import annotations

import re

from ...model.reading import unmarked
from ...records import record
from ...style import CONTENTS_TIGHT_LEAD, INK, MUTED, PALE_INK
from ..env import PlanEnv
from ..impose import PIECES, print_mode
from ..plan import Document, Font, Item, Line, Page, Stroke, Text
from ..text import wrap, wrap_hard

RULE = Stroke(PALE_INK, 0.5)

# what each manifest kind is best printed on; the first match in this order wins
STOCK = (
    (tuple(PIECES), "cardstock"),
    (("map", "map-tile", "assembly", "track"), "paper or light card"),
)
FLIP = {"long": "flip on the long edge", "short": "flip on the short edge"}


@record
class Entry:
    file: str
    title: str
    pages: int
    advice: str


def stock(doc: Document) -> str:
    """What to print a document on: its own stock, else the first its kinds of item call
    for (STOCK), else paper."""
    kinds = {item.kind for page in doc.pages for item in page.items}
    return doc.stock or next((s for group, s in STOCK if kinds & set(group)), "paper")


def paper_name(paper: str) -> str:
    """A paper as printers write it: ISO sizes in capitals (A4), others as named."""
    return paper.upper() if re.fullmatch("[abc][0-9]+", paper) else paper


def print_advice(doc: Document, paper: str = "") -> str:
    """How to print one document, from what is on its pages: its one mode, its paper
    (landscape when a sheet is turned), its stock, then what to do with the sheets."""
    kinds = {item.kind for page in doc.pages for item in page.items}
    mode = print_mode(doc)
    turned = [page.size is not None for page in doc.pages]
    lie = ", landscape" if all(turned) else ", some sheets landscape" if any(turned) else ""
    on = " ".join(filter(None, (paper_name(paper), stock(doc)))) + lie
    parts = [f"{mode} on {on}"]
    if mode == "duplex":
        parts.append(FLIP.get(doc.duplex, "each back on the page after its front"))
    elif mode == "fold-and-glue":
        parts.append("fold on the dotted line and glue")
    if any(i.extra.get("imposition") == "booklet" for page in doc.pages for i in page.items):
        parts.append("keep the sheets in order, fold them in half together, staple on the fold")
    if "map-tile" in kinds:
        parts.append("trim at the glue marks and join as the assembly diagram shows")
    copies = alike_sheets(doc)
    if copies > 1:
        parts.append(f"{copies} copies of one sheet")
    return "; ".join(parts)


def alike_sheets(doc: Document) -> int:
    """How many sheets a document prints when every one carries the same pieces (one
    card's copies, a map piece printed 4 times alike), else 0: the cover says they are copies,
    so a player knows nothing differs between them. A duplex sheet is a front page and
    its back; a piece is known by its kind, side, what it is a copy of and what it shows
    where copies differ (a map piece printed as it lies on its board: its own cells)."""

    def piece(item: Item) -> tuple:
        of = item.extra.get("map", item.id) if "copy" in item.extra else item.piece
        name, _, _ = str(of).partition("#")  # "player-aid#2": a copy of player-aid
        return (item.kind, item.side, name, item.extra.get("shows", ""))

    pages = [tuple(sorted(piece(i) for i in page.items)) for page in doc.pages]
    step = 2 if doc.duplex in ("long", "short") else 1
    sheets = [tuple(pages[n : n + step]) for n in range(0, len(pages), step)]
    if len(sheets) < 2 or not any(pages) or len(set(sheets)) != 1:
        return 0
    return len(sheets)


def contents_entries(docs: list[Document], paper: str = "") -> list[Entry]:
    return [
        Entry(f"{doc.name}.pdf", unmarked(doc.title), len(doc.pages), print_advice(doc, paper))
        for doc in docs
        if doc.name != "cover"
    ]


def add_contents(cover: Document, docs: list[Document], env: PlanEnv, box: tuple) -> None:
    """Append the contents list below whatever the cover page holds, onto more pages if long."""
    x0, y0, x1, y1 = box
    page: Page = cover.pages[-1]
    lowest = min((op.y for op in page.ops if isinstance(op, Text)), default=y1)
    regular, bold = env.face(), env.face(bold=True)
    size, lead = 9.5, 12.5
    entries = contents_entries(docs, env.paper.name)
    # The file column is as wide as the longest name needs, within a third to a half.
    widest = max((env.fonts.width(e.file, bold, size) for e in entries), default=0.0)
    file_w = min(max(widest + 10, (x1 - x0) * 0.34), (x1 - x0) * 0.5)
    top = lowest - 34
    if top - _heading_height(box, regular, bold, env) - 2 * lead < y0:
        # no room for the heading and an entry under it: start on a fresh page
        page = Page(page.component)
        cover.pages.append(page)
        top = y1 - 20
    y = _heading(page, top, box, regular, bold, env)
    wrapped = [
        (
            wrap_hard(e.file, bold, size, file_w - 8, env.fonts),
            wrap_hard(f"{e.title}: {e.advice}", regular, size, x1 - x0 - file_w, env.fonts),
        )
        for e in entries
    ]
    rows_all = [max(len(n) + 1, len(w)) for n, w in wrapped]
    pad = 8.0
    if y - sum(r * lead + pad for r in rows_all) < y0:  # closer rows keep the list on one page
        lead, pad = CONTENTS_TIGHT_LEAD, TIGHT_PAD
    for entry, (names, lines), rows in zip(entries, wrapped, rows_all, strict=True):
        pages = f"{entry.pages} page{'s' if entry.pages != 1 else ''}"
        height = rows * lead + pad
        if y - height < y0:
            page = Page(page.component)
            cover.pages.append(page)
            y = _heading(page, y1 - 20, box, regular, bold, env)
        y -= lead + 2
        for i, name in enumerate(names):
            page.ops.append(Text(x0, y - i * lead, name, Font(bold, size), INK))
        page.ops.append(Text(x0, y - len(names) * lead, pages, Font(regular, size - 1), MUTED))
        for i, line in enumerate(lines):
            page.ops.append(Text(x0 + file_w, y - i * lead, line, Font(regular, size), INK))
        y -= rows * lead - lead + pad - 2
        page.ops.append(Line(x0, y, x1, y, RULE))


TIGHT_PAD = 4.0  # under a contents list's row when it would spill a page (and CONTENTS_TIGHT_LEAD)

HEADING = "In this kit"
ADVICE = "print at 100% (actual size); check the scale bars with a ruler"


def _heading(page: Page, y: float, box: tuple, regular: str, bold: str, env: PlanEnv) -> float:
    """'In this kit' with the printing advice beside it, or under it on narrow paper."""
    x0, _, x1, _ = box
    page.ops.append(Text(x0, y, HEADING, Font(bold, 12), INK))
    under = _advice_under(box, regular, bold, env)
    if not under:
        page.ops.append(Text(x1, y, ADVICE, Font(regular, 9), MUTED, align="right"))
    for line in under:
        y -= 12
        page.ops.append(Text(x0, y, line, Font(regular, 9), MUTED))
    page.ops.append(Line(x0, y - 8, x1, y - 8, RULE))
    return y - 8


def _heading_height(box: tuple, regular: str, bold: str, env: PlanEnv) -> float:
    """How far below its baseline the heading's rule ends (what _heading returns, less y)."""
    return 8 + 12 * len(_advice_under(box, regular, bold, env))


def _advice_under(box: tuple, regular: str, bold: str, env: PlanEnv) -> list[str]:
    """The advice's lines when it goes under the heading; none when it fits beside it."""
    x0, _, x1, _ = box
    beside = env.fonts.width(HEADING, bold, 12) + 12 + env.fonts.width(ADVICE, regular, 9)
    return [] if beside <= x1 - x0 else wrap(ADVICE, regular, 9, x1 - x0, env.fonts)
