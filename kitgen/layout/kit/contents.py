"""The kit's table of contents after the cover's front: every file, its pages, what it
holds, and how to print it.

The advice is read from what each document holds (its manifest kinds, its backs and fold
lines), so a new component kind gets sensible advice without the cover knowing about it."""

from __future__ import annotations

import re

from ...colours import readable_on
from ...model.reading import GLANCE_TITLE, NOTES_TITLE, unmarked
from ...records import record
from ...style import COVER_BAND, INK, MUTED, PALE_INK, ZEBRA, typeset
from ..env import PlanEnv
from ..impose import PIECES, print_mode
from ..plan import Document, Font, Group, Item, Line, Page, Rect, Stroke, Text
from ..text import wrap_hard

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


# cards that fold and glue are two layers: light card makes one as stiff as a playing
# card, where two of cardstock make one too thick to shuffle
FOLDED_CARDS = "light card"


def stock(doc: Document) -> str:
    """What to print a document on: its own stock, else light card for cards that all
    fold, else the first its kinds of item call for (STOCK), else paper."""
    items = [item for page in doc.pages for item in page.items]
    kinds = {item.kind for item in items}
    if not doc.stock and kinds == {"card"} and all(FOLD in i.extra for i in items):
        return FOLDED_CARDS
    return doc.stock or next((s for group, s in STOCK if kinds & set(group)), "paper")


def paper_name(paper: str) -> str:
    """A paper as printers write it: ISO sizes in capitals (A4), others as named."""
    return paper.upper() if re.fullmatch("[abc][0-9]+", paper) else paper


def print_advice(doc: Document, paper: str = "") -> str:
    """How to print one document, in a line: its mode on its paper and stock, then what to
    do with the sheets."""
    mode, on, steps = advice(doc, paper)
    return "; ".join([f"{mode} on {on}", *steps])


FOLD = "fold_line"  # an item folds: the manifest gives its fold line


def advice(doc: Document, paper: str = "") -> tuple[str, str, list[str]]:
    """How to print one document, from what is on its pages: its one mode, what it
    prints on (its paper, its stock, landscape when a sheet is turned) and what to do
    with the sheets."""
    kinds = {item.kind for page in doc.pages for item in page.items}
    mode = print_mode(doc)
    turned = [page.size is not None for page in doc.pages]
    lie = ", landscape" if all(turned) else ", some sheets landscape" if any(turned) else ""
    on = " ".join(filter(None, (paper_name(paper), stock(doc)))) + lie
    steps = []
    if mode == "duplex":
        steps.append(FLIP.get(doc.duplex, "each back on the page after its front"))
    elif mode == "fold-and-glue" and all(FOLD in i.extra for p in doc.pages for i in p.items):
        steps.append("fold on the dotted line and glue")
    elif mode == "fold-and-glue":  # its sheet says which blocks fold (counters.py)
        steps.append("fold and glue the pieces with a dotted line; only cut out the rest")
    if any(i.extra.get("imposition") == "booklet" for page in doc.pages for i in page.items):
        steps.append("keep the sheets in order, fold them in half together, staple on the fold")
    if "map-tile" in kinds:
        steps.append("trim at the glue marks and join as the assembly diagram shows")
    copies = alike_sheets(doc)
    if copies > 1:
        steps.append(f"{copies} copies of one sheet")
    return mode, on, steps


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


# the pages a player looks for, wherever a kit puts them: the contents says where
LANDMARKS = (GLANCE_TITLE, NOTES_TITLE)


def landmarks(doc: Document) -> list[str]:
    """The landmark pages a document holds, in its order (a booklet's sheets are imposed
    out of reading order, so no page number is given)."""
    found: dict[str, None] = {}
    for page in doc.pages:
        for text in op_texts(page.ops):
            if text in LANDMARKS and text != unmarked(doc.title):
                found[text] = None
    return list(found)


def op_texts(ops: list | tuple) -> list[str]:
    """Every text the ops draw, groups opened, in order."""
    out: list[str] = []
    for op in ops:
        if isinstance(op, Text):
            out.append(op.text)
        elif isinstance(op, Group):
            out += op_texts(op.ops)
    return out


@record
class Row:
    """One file as the contents list sets it: each cell's lines, and its height."""

    cells: tuple[tuple[tuple[str, Font, str], ...], ...]  # per column: (text, font, colour)
    height: float


SIZE, LEAD, PAD = 9.0, 11.5, 5.0  # the list's type, line pitch and padding in a row
COLUMNS = ("File", "What it holds", "Print on", "How")


def _rows(docs: list[Document], env: PlanEnv, widths: list[float], cover_pages: int) -> list[Row]:
    """Every file of the kit, the cover first: its name and pages (the cover's counted with
    the list's own pages, `cover_pages`), what it holds (its landmark pages named), what it
    prints on, and how."""
    regular, bold = Font(env.face(), SIZE), Font(env.face(bold=True), SIZE)
    rows = []
    for doc in docs:
        count = cover_pages if doc.name == "cover" else len(doc.pages)
        pages = f"{count} page{'s' if count != 1 else ''}"
        if doc.name == "cover":
            what, on, how = "This cover, and this list", stock(doc), "single-sided"
        else:
            mode, on, steps = advice(doc)
            what = unmarked(doc.title)
            if marks := landmarks(doc):
                what += ", with " + " and ".join(marks)
            how = "; ".join([mode, *steps])
        cells = []
        said = ((f"{doc.name}.pdf", bold), (what, regular), (on, regular), (how, regular))
        for n, (text, font) in enumerate(said):
            room = widths[n] - PAD * 2
            lines = [
                (t, font, INK) for t in wrap_hard(typeset(text), font.face, SIZE, room, env.fonts)
            ]
            if n == 0:
                lines.append((pages, Font(env.face(), SIZE - 1), MUTED))
            cells.append(tuple(lines))
        rows.append(Row(tuple(cells), max(len(c) for c in cells) * LEAD + PAD * 2))
    return rows


def _widths(docs: list[Document], env: PlanEnv, width: float) -> list[float]:
    """The columns' widths: the file's as its longest name needs (within a quarter to
    two fifths), the rest shared out."""
    bold = env.face(bold=True)
    widest = max(env.fonts.width(f"{d.name}.pdf", bold, SIZE) for d in docs) + 2 * PAD + 2
    file_w = min(max(widest, width * 0.25), width * 0.4)
    rest = width - file_w
    return [file_w, rest * 0.42, rest * 0.24, rest * 0.34]


def add_contents(
    cover: Document, docs: list[Document], env: PlanEnv, box: tuple, colour: str = COVER_BAND
) -> None:
    """The kit's files, on pages after the cover's front: a heading band, how to print
    stated once, then a row for every file; onto more pages if long."""
    widths = _widths(docs, env, box[2] - box[0])
    front, extra = len(cover.pages), 1
    while True:  # the cover's own row counts the list's pages: lay out until it says true
        _lay_rows(cover, _rows(docs, env, widths, front + extra), env, box, colour, widths)
        if len(cover.pages) - front == extra:
            return
        extra = len(cover.pages) - front
        del cover.pages[front:]


def _lay_rows(
    cover: Document, rows: list[Row], env: PlanEnv, box: tuple, colour: str, widths: list[float]
) -> None:
    """The list's rows on pages added to the cover, more pages as they fill."""
    x0, y0, x1, _ = box
    width = x1 - x0
    page, y = _contents_page(cover, env, box, colour)
    y = _head_row(page, y, x0, widths, env, colour)
    for n, row in enumerate(rows):
        if y - row.height < y0:
            page, y = _contents_page(cover, env, box, colour, more=True)
            y = _head_row(page, y, x0, widths, env, colour)
        if n % 2:
            page.ops.append(Rect(x0, y - row.height, width, row.height, fill=ZEBRA))
        x = x0
        for w, lines in zip(widths, row.cells, strict=True):
            for i, (text, font, ink) in enumerate(lines):
                page.ops.append(Text(x + PAD, y - PAD - SIZE * 0.9 - i * LEAD, text, font, ink))
            x += w
        y -= row.height
    page.ops.append(Line(x0, y, x1, y, RULE))


def _contents_page(
    cover: Document, env: PlanEnv, box: tuple, colour: str, more: bool = False
) -> tuple[Page, float]:
    """A fresh page of the list: its heading on a band of the cover's colour and, on the
    first, how to print, said once for every file."""
    x0, _, x1, y1 = box
    page = Page(cover.pages[0].component)
    cover.pages.append(page)
    band = 30.0
    page.ops.append(Rect(x0, y1 - band, x1 - x0, band, fill=colour, radius=3))
    heading = HEADING + (" (continued)" if more else "")
    page.ops.append(Text(x0 + 10, y1 - band + 10, heading, Font(env.face(bold=True), 15),
                         readable_on(colour)))  # fmt: skip
    y = y1 - band - 16
    if not more:
        regular = env.face()
        paper = paper_name(env.paper.name) if env.paper.name else "your paper"
        said = ADVICE.format(paper=paper)
        for line in wrap_hard(said, regular, 10, x1 - x0, env.fonts):
            y -= 12.5
            page.ops.append(Text(x0, y, line, Font(regular, 10), INK))
        y -= 12
    return page, y


def _head_row(
    page: Page, y: float, x0: float, widths: list[float], env: PlanEnv, colour: str
) -> float:
    """The list's column heads over a rule; the y under them."""
    bold = env.face(bold=True)
    x = x0
    for w, name in zip(widths, COLUMNS, strict=True):
        page.ops.append(Text(x + PAD, y - SIZE, name, Font(bold, SIZE), INK))
        x += w
    y -= SIZE + 5
    page.ops.append(Line(x0, y, x0 + sum(widths), y, Stroke(colour, 1.0)))
    return y


HEADING = "In this kit"
ADVICE = (
    "Every file prints on {paper} sheets: print at 100% (actual size), never “fit to "
    "page”; a scale bar at the foot of each sheet checks it with a ruler. Each file says what it "
    "prints on (paper, or cardstock for pieces you handle) and how: single-sided, duplex "
    "(front and back on one sheet) or fold-and-glue (print one side, fold, glue the halves)."
)
