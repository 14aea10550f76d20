"""Cut, crop and fold marks shared by every imposed piece (counters and cards).

One look for all cut-out pieces: a solid cut line round a piece without bleed,
crop marks outside the bleed when there is one, a dotted fold line carried past the
pair's top, and a caption under a fold-and-glue pair. Pieces butted edge to edge (for a guillotine)
share their cut lines, marked only in the margin round their block.
"""

from __future__ import annotations

from functools import lru_cache

from ..colours import mix
from ..style import (
    BLACK,
    DIM_INK,
    LINE_INK,
    MUTED,
    PAPER,
    PIECE_GUTTER,
    PIECE_MIN,
)
from .impose import crop_marks
from .plan import BBox, Font, Group, Line, Rect, Stroke, Text

CAPTION_ROOM = 8.0  # under a fold-and-glue pair: the room for what to do with it

CUT = Stroke(DIM_INK, 0.5)
# The fold line is dotted in two tones, dark and white dots in turn, so it reads on any face.
FOLD = Stroke(LINE_INK, 0.9, (0.6, 2.2))
FOLD_LIGHT = Stroke(PAPER, 0.9, (0.6, 2.2))
FOLD_STEP = 1.4  # half the dot period: the white dots sit between the dark ones
MARK = Stroke(BLACK, 0.3)
NOTE = MUTED
BUTT_MARGIN = 18.0  # 1/4 in round a block of butted pieces: its crop marks sit there
BUTT_MARK_START = 1.5  # off the block's edge (its bleed's): a tick never touches a piece
BUTT_BLEED = 3.0  # about 1 mm: a butted block's bleed at its edge when the game sets none
KEYLINE = 0.5  # the width of the darker line just inside a butted piece's cut
KEYLINE_DARKER = 0.35  # how far toward black a keyline is from its face's colour


def piece_room(
    w: float, h: float, bleed: float, fold: bool, caption: bool = True
) -> tuple[float, float]:
    """The room a piece takes on the sheet: its bleed all round, and for a fold-and-glue
    pair both halves side by side above their caption (without `caption` the caption
    sits in the gutter under the pair's bleed: a card pair with bleed)."""
    b2 = 2 * bleed
    if fold:
        return (2 * w + b2, h + b2 + (CAPTION_ROOM if caption else 0.0))
    return (w + b2, h + b2)


def trim_corner(x: float, y: float, bleed: float, fold: bool) -> tuple[float, float]:
    """The piece's trim corner in the room packed for it at (x, y): inside its bleed,
    and above a fold pair's caption."""
    return x + bleed, y + bleed + (CAPTION_ROOM if fold else 0.0)


def rect_cut(trim: BBox, bleed: float) -> tuple[list, list]:
    """(ops drawn over the piece, crop marks drawn last) for a rectangular trim box.

    Without bleed one solid line runs round the trim; with bleed the edge is
    painted past the trim, so crop marks outside the bleed show where to cut.
    """
    if bleed:
        return [], [Line(*t, MARK) for t in crop_marks(trim, bleed, PIECE_GUTTER)]
    x0, y0, x1, y1 = trim
    return [Rect(x0, y0, x1 - x0, y1 - y0, None, CUT)], []  # no fill (by position: quicker)


def gutter_marks(trim: BBox, inside: BBox) -> list[Line]:
    """Crop marks on the trim lines of a piece without bleed, out in the gutter round it
    (short of half of it, clear of a neighbour's): a card cut on a trimmer lines up on
    them, where its solid cut line lies under the blade. Cut back to `inside` (the
    sheet's printable box): beyond a sheet's outer pieces lies the printer's margin."""
    x0, y0, x1, y1 = inside
    ticks = []
    for a, b, c, d in crop_marks(trim, 0.0, PIECE_GUTTER):
        a, c = max(a, x0), min(c, x1)
        b, d = max(b, y0), min(d, y1)
        if a <= c and b <= d and (a < c or b < d):  # a tick runs along one axis
            ticks.append(Line(a, b, c, d, MARK))
    return ticks


LONE_MARK = 12.0  # the length of the crop marks round a piece alone on its sheet
LONE_GAP = 3.0  # between such a piece's edge (its bleed's) and its marks


def lone_marks(trim: BBox, bleed: float, room: float) -> list[Line]:
    """Crop marks on the trim lines round a piece alone on its sheet (it fits no more
    than one): out in the margin `room` leaves round its trim, up to LONE_MARK long, so
    the page reads as laid out on purpose and a trimmer's blade lines up on them. None
    when the room is too narrow for a mark a third that long."""
    start = bleed + LONE_GAP
    reach = min(LONE_MARK, room - start)
    if reach < LONE_MARK / 3:
        return []
    ticks = crop_marks(trim, start - 0.5, 2 * (reach + 1.0), 0.5, reach)  # gutter: no limit
    return [Line(*t, MARK) for t in ticks]


def fold_line(fx: float, y0: float, y1: float) -> list[Line]:
    return [Line(fx, y0 + FOLD_STEP, fx, y1, FOLD_LIGHT), Line(fx, y0, fx, y1, FOLD)]


def fold_across(x0: float, x1: float, fy: float) -> list[Line]:
    """A fold line across, from x0 to x1 at fy, dotted in two tones as `fold_line`."""
    return [Line(x0 + FOLD_STEP, fy, x1, fy, FOLD_LIGHT), Line(x0, fy, x1, fy, FOLD)]


FOLD_CAPTION = "fold · glue back to back"
FOLD_CAPTION_SHORT = "fold · glue"
CAPTION_SIZE = PIECE_MIN  # the caption sits in the gutter under the pair
FOLD_TICK = 4.0  # the fold line's run past the pair's top, in the gutter: a printer's fold mark


def fold_marks(
    x0: float, x1: float, fx: float, y_bottom: float, fonts, face: str, room: bool = True
) -> list:
    """Everything under a fold-and-glue pair from x0 to x1 folded at fx: the caption,
    centred on the fold (in the game's `face`, measured by `fonts`, a TextMeasure; the
    short one where the pair is too narrow for the long). Nothing hatched: a hatched strip
    reads as a tab to glue down, and the pair's whole back is glued."""
    caption = FOLD_CAPTION
    if fonts.width(caption, face, CAPTION_SIZE) > x1 - x0 - 6.0:
        caption = FOLD_CAPTION_SHORT
    font = Font(face, CAPTION_SIZE)
    if room:  # centred on the fold, in the room under the pair
        return [Text(fx, y_bottom - CAPTION_ROOM + 2.2, caption, font, NOTE, "centre")]
    # in the gutter under its bleed, ending short of the fold: the fold mark of a pair
    # below it (fold_tick) rises there
    return [Text(fx - FOLD_TICK, y_bottom - CAPTION_SIZE, caption, font, NOTE, "right")]


def fold_tick(fx: float, y_top: float) -> list[Line]:
    """The fold line carried FOLD_TICK past the pair's top edge (or its bleed's), dotted
    as the fold is: where to fold reads from outside the faces, as a printer marks it."""
    return fold_line(fx, y_top + 0.5, y_top + 0.5 + FOLD_TICK)


def grid_marks(
    trims: list[BBox], room: float, bleed: float = 0.0, folds: dict[BBox, float] | None = None
) -> list[Line]:
    """Crop marks for pieces butted edge to edge: for each block of touching pieces, a
    tick at every cut line beyond the block's edges (above and below it at each column
    line, left and right of it at each row line), from BUTT_MARK_START past the block's
    `bleed` to short of `room` beyond that, so no tick lies on a piece or its bleed.
    Cutting a block's lines through from tick to tick frees every piece. `folds`: the
    trims of fold-and-glue pairs (front over back) -> the height of their fold, marked
    by dotted ticks left and right of the block, as a printer marks a fold."""
    lines: list[Line] = []
    start, end = bleed + BUTT_MARK_START, bleed + room - BUTT_MARK_START / 2
    for block in touching(trims):
        bx0, by0 = min(b[0] for b in block), min(b[1] for b in block)
        bx1, by1 = max(b[2] for b in block), max(b[3] for b in block)
        for fy in sorted({round(folds[b], 4) for b in block if b in folds} if folds else ()):
            lines += fold_across(bx0 - end, bx0 - start, fy)
            lines += fold_across(bx1 + start, bx1 + end, fy)
        # each distinct edge rounded once (`round` to places is slow, and a sheet's
        # pieces share a few edges)
        for x in sorted({round(v, 4) for v in {v for b in block for v in (b[0], b[2])}}):
            lines.append(Line(x, by1 + start, x, by1 + end, MARK))
            lines.append(Line(x, by0 - end, x, by0 - start, MARK))
        for y in sorted({round(v, 4) for v in {v for b in block for v in (b[1], b[3])}}):
            lines.append(Line(bx0 - end, y, bx0 - start, y, MARK))
            lines.append(Line(bx1 + start, y, bx1 + end, y, MARK))
    return lines


def open_sides(boxes: list[BBox]) -> list[tuple[bool, bool, bool, bool]]:
    """For each box of butted blocks of like boxes: whether its left, bottom, right and top
    edges are its block's edge (no box beyond them), where its bleed goes."""
    spots = [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in boxes]
    # each distinct coordinate rounded once (`round` to places is slow, and a sheet's
    # pieces share a few rows and columns)
    near = {
        v: round(v, 2)
        for v in {v for x, y, w, h in spots for v in (x - w, x, x + w, y - h, y, y + h)}
    }
    corners = {(near[x], near[y]) for x, y, _, _ in spots}
    return [
        (
            (near[x - w], near[y]) not in corners,
            (near[x], near[y - h]) not in corners,
            (near[x + w], near[y]) not in corners,
            (near[x], near[y + h]) not in corners,
        )
        for x, y, w, h in spots
    ]


def butted_face(
    face: Group, trim: BBox, sides, bleed: float, background: str, bled: bool = False
) -> list:
    """A butted piece's face (a Group), its background run `bleed` past the sides that
    are its block's edge (`sides`: open left, bottom, right, top), the face clipped there
    when it is `bled` (laid out with a bleed of its own, which would paint over its
    neighbours), and over it a thin keyline just inside its cut in a darker shade of its
    colour, so a cut a hair off shows an edge, not a sliver of the neighbour's colour."""
    x0, y0, x1, y1 = trim
    left, bottom, right, top = sides
    clip = (
        x0 - (bleed if left else 0.0),
        y0 - (bleed if bottom else 0.0),
        x1 + (bleed if right else 0.0),
        y1 + (bleed if top else 0.0),
    )
    under = Rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1], background)
    k = KEYLINE / 2
    line = Rect(x0 + k, y0 + k, x1 - x0 - KEYLINE, y1 - y0 - KEYLINE, None, _keyline(background))
    return [under, Group((face,), clip=clip) if bled else face, line]


@lru_cache(maxsize=256)
def _keyline(background: str) -> Stroke:
    """A keyline's stroke, one per colour: a kit has a few dozen, its pieces thousands
    (mixing the colour again for each cost a tenth of their marks)."""
    return Stroke(mix(background, BLACK, KEYLINE_DARKER), KEYLINE)


def touching(boxes: list[BBox]) -> list[list[BBox]]:
    """The boxes in groups that touch (share a corner), each group in the given order."""
    parent = list(range(len(boxes)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    # each distinct coordinate rounded once: a sheet's pieces share a few edges
    near = {v: round(v, 3) for v in {v for box in boxes for v in box}}
    seen: dict[tuple[float, float], int] = {}
    for i, (x0, y0, x1, y1) in enumerate(boxes):
        x0, y0, x1, y1 = near[x0], near[y0], near[x1], near[y1]
        top = i  # box i's root, kept as it joins others (the groups are what count)
        for key in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
            other = seen.get(key)
            if other is None:
                seen[key] = i
            elif (found := root(other)) != top:
                parent[top] = found
                top = found
    groups: dict[int, list[BBox]] = {}
    for i, box in enumerate(boxes):
        groups.setdefault(root(i), []).append(box)
    return list(groups.values())
