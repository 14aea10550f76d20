"""The frame every sheet carries: what it is (game, component, sheet n of m, and
front or back in a file printed duplex) and a scale check (a 1 in and a 25 mm bar),
all inside the 0.25 in printer margin. The header and footer bands are the same height so
the content box is symmetric, and duplex backs mirror onto it exactly.
"""

from __future__ import annotations

from ..model.reading import MARK, NOTES_TITLE, unmarked
from ..style import CHROME, FAINT, typeset
from ..style import CHROME_INK as INK
from ..units import PRINTER_MARGIN, Paper, inch, mm
from .env import TextMeasure
from .plan import BBox, Document, Font, Group, Line, Rect, Stroke, Text

BAND = 16.0  # height of the header and of the footer band, points
GAP = 4.0  # between a band and the content
SCALE_NOTE = "print at 100% (no scaling)"


def content_box(paper: Paper, margin: float = PRINTER_MARGIN) -> BBox:
    """Where components may draw: inside the margin, clear of the two bands."""
    w, h = paper.size
    return (margin, margin + BAND + GAP, w - margin, h - margin - BAND - GAP)


def frame_document(
    doc: Document,
    game_title: str,
    paper: Paper,
    face: str,
    proof: str | None = None,
    margin: float = PRINTER_MARGIN,
) -> None:
    """Add the sheet label and scale bars, in the game's `face`, to every framed page of
    a document. The label's right end carries the page's note (a tile's place, ...) and,
    on proof sheets only (`proof` not None), the build's facts: `proof`, the run's, and
    each page's own."""
    fronts = [p for p in doc.pages if p.side == "front"]
    total = len(fronts)
    duplex = any(p.side == "back" for p in doc.pages)  # else "front" tells a reader nothing
    number = 0
    for page in doc.pages:
        if page.side == "front":
            number += 1
        if not page.framed:
            continue
        parts = [
            game_title,
            unmarked(page.component),  # the mark's note is on the sheet, not in its label
            f"sheet {max(number, 1)} of {max(total, 1)}",
            *([page.side] if duplex else []),
        ]
        facts = (page.proof, proof) if proof is not None else ()
        extra = " · ".join(x for x in (page.note, *facts) if x)
        sheet = paper.sized(page.size)
        page.ops[:0] = sheet_label(sheet, " · ".join(parts), extra, margin, face)
        page.ops.extend(scale_bars(sheet, margin, face))


def sheet_label(paper: Paper, text: str, right: str, margin: float, face: str) -> list:
    w, h = paper.size
    y = h - margin - BAND + 4
    font = Font(face, CHROME)
    ops: list = [Text(margin, y, text, font, INK)]
    if right:
        ops.append(Text(w - margin, y, right, font, INK, align="right"))
    ops.append(Line(margin, y - 3, w - margin, y - 3, Stroke(FAINT, 0.3)))
    return ops


def scale_bars(paper: Paper, margin: float, face: str) -> list:
    """A 1 in and a 25 mm bar, ticked at the ends, for a user to check the printer did not scale."""
    font = Font(face, CHROME)
    thin = Stroke(INK, 0.5)
    ops: list = []
    x = margin
    y = margin + 4
    for length, label in ((inch(1), "1 in"), (mm(25), "25 mm")):
        ops.append(Rect(x, y, length, 3, fill=INK))
        ops.append(Line(x, y - 2, x, y + 6, thin))
        ops.append(Line(x + length, y - 2, x + length, y + 6, thin))
        ops.append(Text(x + length + 3, y, label, font, INK))
        x += length + 30
    ops.append(Text(paper.width - margin, y, SCALE_NOTE, font, INK, align="right"))
    return ops


# ---- where a reading mark leads: a line in the foot of every page that carries one ----

BARS_END = 2 * 30.0 + inch(1) + mm(25) + 12.0  # the scale bars and their labels, from the margin
NOTE_SIZES = (CHROME, 6.0)  # the foot's type, and the least it shrinks to before it says less


def mark_footers(docs: list[Document], paper: Paper, face: str, fonts: TextMeasure,
                 margin: float = PRINTER_MARGIN) -> None:  # fmt: skip
    """Every framed page that carries a reading mark (†2) says in its foot, between the
    scale bars and the scale note, where the marks' words are: the file and page of the
    kit's one "Notes on this edition" (as built), so no mark leads nowhere."""
    home = next((d for d in docs if d.notes_page), None)
    if home is None:
        return
    where, short = f"{NOTES_TITLE}, {notes_where(home)}", f"Notes, {notes_where(home)}"
    said = tuple(typeset(f"{MARK} {t}") for t in
                 (f"the kit's reading: see {where}", f"see {where}", f"see {short}"))  # fmt: skip
    seen: dict[int, bool] = {}
    for doc in docs:
        for page in doc.pages:
            if page.framed and _marked(page.ops, seen):
                sheet = paper.sized(page.size)
                page.ops.extend(_foot_line(sheet, said, margin, face, fonts))


def notes_where(doc: Document) -> str:
    """Where a buyer finds the notes in `doc`: its file and the page or pages they run
    over ("pp. 9\u201310"); in a booklet, whose pages are imposed out of order, first the
    sheets that carry them, numbered as each sheet's label numbers it ("sheet 2")."""
    first, last = doc.notes_page, max(doc.notes_last, doc.notes_page)
    pages = f"p. {first}" if first == last else f"pp. {first}\u2013{last}"
    sheets: list[int] = []
    number = 0
    for page in doc.pages:
        number += page.side == "front"
        if any(i.extra.get("imposition") == "booklet"
               and first <= i.extra.get("book_page", 0) <= last for i in page.items):  # fmt: skip
            sheets.append(max(number, 1))
    if not sheets:
        return f"{doc.name}.pdf {pages}"
    low, high = min(sheets), max(sheets)
    on = f"sheet {low}" if low == high else f"sheets {low}\u2013{high}"
    return f"{doc.name}.pdf {on}, booklet {pages}"


def _foot_line(paper: Paper, said: tuple[str, ...], margin: float, face: str,
               fonts: TextMeasure) -> list:  # fmt: skip
    """The first of the `said` texts that fits between the scale bars and the scale note,
    at the first size of NOTE_SIZES it fits at, centred there (the last, smallest, else)."""
    left = margin + BARS_END
    right = paper.width - margin - fonts.width(SCALE_NOTE, face, CHROME) - 12.0
    text, size = said[-1], NOTE_SIZES[-1]
    fits = [(t, z) for z in NOTE_SIZES for t in said if fonts.width(t, face, z) <= right - left]
    if fits:
        text, size = fits[0]
    return [Text((left + right) / 2, margin + 4, text, Font(face, size), INK, align="centre")]


def _marked(ops, seen: dict[int, bool]) -> bool:
    """Whether any text among the ops (groups' included, each group looked into once)
    carries a reading mark."""
    for op in ops:
        if type(op) is Text and MARK in op.text:
            return True
        if type(op) is Group:
            if id(op) not in seen:
                seen[id(op)] = _marked(op.ops, seen)
            if seen[id(op)]:
                return True
    return False
