"""Counter sheets: every copy of every design packed onto sheets, with cut lines,
crop marks, fold-and-glue pairs, or duplex back pages (and their calibration page).

Each design's face is planned once and placed per copy as a keyed Group, so the
renderer draws it once as a PDF form: the work per copy is a few small ops.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.counters import CounterDef, CounterSet
from ..units import mm
from .env import PlanEnv
from .faces import face_ops, outline
from .frame import content_box
from .impose import TooBig, back_box, crop_marks, pack
from .plan import Document, Font, Group, Item, Line, Page, Rect, Stroke, Text

GUTTER = 9.0  # 1/8 in between pieces: room for scissors and crop marks
CAPTION = 8.0  # under a fold-and-glue pair: what to do with it
CUT = Stroke("#444444", 0.5)
FOLD = Stroke("#8a8a8a", 0.9, (0.6, 2.2))  # mid grey: reads on dark and light faces
MARK = Stroke("#000000", 0.3)
NOTE = "#555555"
NOTE_FACE = "Helvetica"


@dataclass(frozen=True, slots=True)
class _Slot:
    d: CounterDef
    copy: int  # from 1
    fold: bool  # front and back side by side
    bleed: float

    @property
    def size(self) -> tuple[float, float]:
        b2 = 2 * self.bleed
        if self.fold:
            return (2 * self.d.width + b2, self.d.height + b2 + CAPTION)
        return (self.d.width + b2, self.d.height + b2)


def plan_counters(cs: CounterSet, env: PlanEnv) -> list[Document]:
    if not cs.defs:
        return []
    duplex = env.settings.duplex in ("long", "short")
    slots = [
        _Slot(d, n, d.back is not None and not duplex, _bleed(d, env))
        for d in cs.defs
        for n in range(1, d.quantity + 1)
    ]
    # Tallest first packs mixed sizes into level rows; the sort is stable, so
    # designs stay in YAML order within a size.
    slots.sort(key=lambda s: -s.size[1])
    x0, y0, x1, y1 = content_box(env.paper)
    # Half a gutter in from the content box, so crop marks stay inside it too.
    box = (x0 + GUTTER / 2, y0 + GUTTER / 2, x1 - GUTTER / 2, y1 - GUTTER / 2)
    try:
        spots = pack([s.size for s in slots], box, GUTTER)
    except TooBig as exc:
        d = slots[exc.index].d
        w, h = slots[exc.index].size
        env.diags.error(
            d.span,
            d.path,
            f"piece {d.id!r} ({w:g} x {h:g} pt with bleed) is larger than the "
            f"printable area ({box[2] - box[0]:g} x {box[3] - box[1]:g} pt)",
        )
        return []
    forms: dict[tuple[str, str], Group] = {}
    sheets = max(s.sheet for s in spots) + 1
    fronts = [Page("Counters") for _ in range(sheets)]
    backs = (
        [Page("Counters", side="back") for _ in range(sheets)]
        if duplex and any(d.back is not None for d in cs.defs)
        else []
    )
    marks: list[list] = [[] for _ in range(sheets)]
    for spot in spots:
        slot = slots[spot.index]
        page = fronts[spot.sheet]
        x, y = spot.x + slot.bleed, spot.y + slot.bleed + (CAPTION if slot.fold else 0.0)
        _place(slot, x, y, page, marks[spot.sheet], forms, env)
        if backs and slot.d.back is not None:
            _place_back(slot, x, y, backs[spot.sheet], forms, env)
    pages: list[Page] = []
    for n, page in enumerate(fronts):
        page.ops.extend(marks[n])
        pages.append(page)
        if backs:
            pages.append(backs[n])
    docs = [
        Document("counters", "Counters", pages, duplex=env.settings.duplex if backs else "none")
    ]
    if backs:
        docs.append(calibration(env))
    return docs


def _bleed(d: CounterDef, env: PlanEnv) -> float:
    if env.settings.bleed is not None:
        return env.settings.bleed
    return d.bleed or 0.0


def _form(d: CounterDef, side: str, bleed: float, forms: dict, env: PlanEnv) -> Group:
    key = (d.id, side)
    if key not in forms:
        face = d.front if side == "front" else d.back
        assert face is not None
        forms[key] = Group(face_ops(d, face, bleed, env), key=f"counter:{d.id}:{side}:{bleed:g}")
    return forms[key]


def _placed(form: Group, x: float, y: float) -> Group:
    return Group(form.ops, dx=x, dy=y, key=form.key)


def _place(
    slot: _Slot, x: float, y: float, page: Page, marks: list, forms: dict, env: PlanEnv
) -> None:
    d, b = slot.d, slot.bleed
    w, h = d.width, d.height
    piece = f"{d.id}#{slot.copy}"
    front = _placed(_form(d, "front", b, forms, env), x, y)
    if not slot.fold:
        page.ops.append(front)
        halves = [(x, "front")]
    else:
        # Each half's bleed stops at the fold: it must not paint over the other half.
        back = _placed(_form(d, "back", b, forms, env), x + w, y)
        page.ops.append(Group((front,), clip=(x - b, y - b, x + w, y + h + b)))
        page.ops.append(Group((back,), clip=(x + w, y - b, x + 2 * w + b, y + h + b)))
        halves = [(x, "front"), (x + w, "back")]
    if d.shape in ("square", "rect") and b:
        right = x + (2 * w if slot.fold else w)
        marks.extend(Line(*t, MARK) for t in crop_marks((x, y, right, y + h), b, GUTTER))
    elif d.shape in ("square", "rect"):
        # One solid cut around the piece (around the pair: the fold is not a cut).
        page.ops.append(Rect(x, y, w * len(halves), h, stroke=CUT))
    else:
        for hx, _ in halves:
            page.ops.append(Group((outline(d.shape, w, h, stroke=CUT),), dx=hx, dy=y))
    extra: dict = {}
    if slot.fold:
        fx = x + w
        extra = {"fold_line": [round(fx, 4), round(y, 4), round(fx, 4), round(y + h, 4)]}
        page.ops.append(Line(fx, y - b, fx, y + h + b, FOLD))
        page.ops.append(
            Text(
                fx,
                y - b - CAPTION + 2.2,
                "fold · glue back to back",
                Font(NOTE_FACE, 4.8),
                NOTE,
                "centre",
            )
        )
    for hx, side in halves:
        page.items.append(Item(d.kind, d.id, piece, side, (hx, y, hx + w, y + h), dict(extra)))


def _place_back(slot: _Slot, x: float, y: float, page: Page, forms: dict, env: PlanEnv) -> None:
    d = slot.d
    size = env.paper.size
    bx0, by0, bx1, by1 = back_box(
        (x, y, x + d.width, y + d.height), size, env.settings.duplex, env.settings.back_offset
    )
    page.ops.append(_placed(_form(d, "back", slot.bleed, forms, env), bx0, by0))
    page.items.append(Item(d.kind, d.id, f"{d.id}#{slot.copy}", "back", (bx0, by0, bx1, by1)))


# ---- duplex calibration -------------------------------------------------------------

STEPS = [k * 0.5 for k in range(-4, 5)]  # mm: -2.0 .. +2.0


def calibration(env: PlanEnv) -> Document:
    """Front: a cross through the page centre. Back: scales of offsets, mirrored to
    sit behind it. Held against a light, the cross meets the scale at the offset to
    give as --back-offset (x, y in mm)."""
    w, h = env.paper.size
    cx, cy = w / 2, h / 2
    ink = Stroke("#000000", 0.25)
    small = Font(NOTE_FACE, 5.0)
    body = Font(NOTE_FACE, 9.0)
    x0, y0, x1, y1 = content_box(env.paper)
    front = Page("Duplex calibration")
    front.ops += [Line(cx, cy - 90, cx, cy + 90, ink), Line(cx - 90, cy, cx + 90, cy, ink)]
    front.ops += [
        Text(
            cx,
            y1 - 30,
            "Print this sheet on both sides (no scaling), then hold it against a light.",
            body,
            "#000000",
            "centre",
        ),
        Text(
            cx,
            y1 - 44,
            "Where the cross meets each scale is the offset: "
            "kitgen build ... --back-offset X,Y (mm).",
            body,
            "#000000",
            "centre",
        ),
    ]
    back = Page("Duplex calibration", side="back")
    # A back-page scale tick at offset t sits where a front mark lands if the
    # printer shifts backs by -t; so the tick it meets is the correction to give.
    for t in STEPS:
        d = mm(t)
        major = t == int(t)
        ln = 16 if major else 10
        back.ops.append(Line(cx + d, cy + 40, cx + d, cy + 40 + ln, ink))  # x scale
        back.ops.append(Line(cx + 40, cy + d, cx + 40 + ln, cy + d, ink))  # y scale
        if major:
            back.ops.append(Text(cx + d, cy + 60, f"{t:+g}", small, "#000000", "centre"))
            back.ops.append(Text(cx + 60, cy + d - 1.7, f"{t:+g}", small, "#000000"))
    back.ops += [
        Text(cx, cy + 72, "X offset (mm)", small, "#000000", "centre"),
        Text(cx + 60, cy - mm(2) - 10, "Y offset (mm)", small, "#000000"),
        Rect(x0, y0, x1 - x0, y1 - y0, stroke=Stroke("#bbbbbb", 0.3)),
    ]
    return Document(
        "duplex-calibration", "Duplex calibration", [front, back], duplex=env.settings.duplex
    )
