"""Plain-ReportLab baselines: the same sheets, shapes, text and image as each
kitgen workload, written the way a person would by hand (one canvas, a loop,
no YAML, no validation, no layout engine). Positions are the ones kitgen's
layout gives (read off its plan once), so both draw the same page; W4's map
sheets are worked out by kitgen's rules for them (the tiling that takes the fewest
sheets, the seams' marks, the badges clear of the hex numbers), written out for this
one map. tests/test_benchmarks.py compares both sides' pages pixel by pixel. Run as a
script:

    python benchmarks/baseline.py W1 --count 1000 OUT.pdf
    python benchmarks/baseline.py W2 --count 1000 --icon icon.png OUT.pdf
    python benchmarks/baseline.py W4 --cols 40 --rows 40 OUT.pdf
"""

from __future__ import annotations

import argparse
import math
import sys
from bisect import bisect_left
from collections.abc import Callable
from itertools import accumulate
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workloads import (  # noqa: E402
    BACK_COLOUR,
    COLOURS,
    back_texts,
    counter_colour,
    counter_texts,
    hex_colour,
)

MARGIN = 18.0  # printer margin
BAND = 20.0  # sheet label / scale bar band and its gap
BLEED = 3.0  # a butted block's background runs this far past its edge
MARK_ROOM = 9.0 + BLEED  # the bleed, then crop marks around a block of butted counters
MARK_START = 1.5 + BLEED  # a mark begins this far off the block
KEYLINE = 0.5  # a darker line just inside each counter's cut
SIZE = 54.0
INK = "#333333"


def hex_rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def grid_slots() -> list[tuple[float, float]]:
    """Positions of 3/4 in counters on a letter page, butted edge to edge row by row
    (kitgen's counter sheets: one guillotine cut frees a row), centred across, with room
    for the crop marks around the block."""
    w, h = letter
    cols = int((w - 2 * MARGIN - 2 * MARK_ROOM) // SIZE)
    rows = int((h - 2 * MARGIN - 2 * BAND - 2 * MARK_ROOM) // SIZE)
    left = (w - cols * SIZE) / 2
    top = h - MARGIN - BAND - MARK_ROOM
    return [(left + c * SIZE, top - (r + 1) * SIZE) for r in range(rows) for c in range(cols)]


def crop_marks(c: Canvas, spots: list[tuple[float, float]]) -> None:
    """A tick at every cut line beyond the block's edges, clear of the pieces."""
    xs = sorted({x for x, _ in spots} | {x + SIZE for x, _ in spots})
    ys = sorted({y for _, y in spots} | {y + SIZE for _, y in spots})
    x0, x1, y0, y1 = xs[0], xs[-1], ys[0], ys[-1]
    near, far = MARK_START, MARK_ROOM - (MARK_START - BLEED) / 2
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    for x in xs:
        c.line(x, y1 + near, x, y1 + far)
        c.line(x, y0 - far, x, y0 - near)
    for y in ys:
        c.line(x0 - far, y, x0 - near, y)
        c.line(x1 + near, y, x1 + far, y)


def roman(n: int) -> str:
    """A tile's name: its place in reading order in roman numerals."""
    out = ""
    for value, letters in zip(
        (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1),
        "M CM D CD C XC L XL X IX V IV I".split(),
        strict=True,
    ):
        count, n = divmod(n, value)
        out += letters * count
    return out


def frame(c: Canvas, label: str, note: str = "", size: tuple[float, float] = letter) -> None:
    """Sheet label (and the page's note at its right end), rule, 1 in and 25 mm scale bars."""
    w, h = size
    c.setFillColorRGB(*hex_rgb(INK))
    c.setFont("Helvetica", 7)
    c.drawString(MARGIN, h - MARGIN - 12, label)
    if note:
        c.drawRightString(w - MARGIN, h - MARGIN - 12, note)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.3)
    c.line(MARGIN, h - MARGIN - 15, w - MARGIN, h - MARGIN - 15)
    c.setStrokeColorRGB(*hex_rgb(INK))
    c.setLineWidth(0.5)
    c.setFont("Helvetica", 7)
    x, y = MARGIN, MARGIN + 4
    for length, text in ((72.0, "1 in"), (70.866, "25 mm")):
        c.rect(x, y, length, 3, stroke=0, fill=1)
        c.line(x, y - 2, x, y + 6)
        c.line(x + length, y - 2, x + length, y + 6)
        c.drawString(x + length + 3, y, text)
        x += length + 30
    c.drawRightString(w - MARGIN, y, "print at 100% (no scaling)")


def open_sides(spots: list[tuple[float, float]]) -> list[tuple[bool, ...]]:
    """Per counter, whether its left, bottom, right and top edges are the block's edge."""
    taken = {(round(x, 2), round(y, 2)) for x, y in spots}
    steps = ((-SIZE, 0.0), (0.0, -SIZE), (SIZE, 0.0), (0.0, SIZE))
    return [
        tuple((round(x + dx, 2), round(y + dy, 2)) not in taken for dx, dy in steps)
        for x, y in spots
    ]


def counter(
    c: Canvas, x: float, y: float, i: int, icon: str | None, back: bool, sides: tuple
) -> None:
    fill, ink = counter_colour(i) if not back else (BACK_COLOUR, "#000000")
    top, bottom = counter_texts(i) if not back else back_texts(i)
    c.setFillColorRGB(*hex_rgb(fill))
    left, low, right, high = (BLEED if s else 0.0 for s in sides)
    c.rect(x - left, y - low, SIZE + left + right, SIZE + low + high, stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(1)
    c.rect(x + 2.39, y + 2.39, 49.22, 49.22, stroke=1, fill=0)
    c.setFillColorRGB(*hex_rgb(ink))
    c.setFont("Helvetica-Bold", 9)
    if icon and not back:
        c.drawCentredString(x + SIZE / 2, y + 38.58, top)
        c.setFont("Helvetica", 8)
        c.drawCentredString(x + SIZE / 2, y + 9.33, bottom)
        c.drawImage(icon, x + 18.27, y + 18.13, 17.46, 17.46, mask="auto")
    else:
        c.drawCentredString(x + SIZE / 2, y + 34.285, top)
        c.setFont("Helvetica", 8)
        c.drawCentredString(x + SIZE / 2, y + 13.765, bottom)
    # the keyline: the face's colour 35 % of the way to black
    c.setStrokeColorRGB(*(round(v * 0.65 * 255) / 255 for v in hex_rgb(fill)))
    c.setLineWidth(KEYLINE)
    k = KEYLINE / 2
    c.rect(x + k, y + k, SIZE - KEYLINE, SIZE - KEYLINE, stroke=1, fill=0)


def counters(c: Canvas, n: int, icon: str | None, duplex: bool) -> None:
    slots = grid_slots()
    per_page = len(slots)
    per_row = sum(1 for _, y in slots if y == slots[0][1])
    pages = math.ceil(n / per_page)
    # kitgen balances counter sheets: each takes the fewest rows that keep the count of
    # sheets, so no last sheet holds a few
    per_page = math.ceil(math.ceil(n / per_row) / pages) * per_row
    for p in range(pages):
        chunk = range(p * per_page, min(n, (p + 1) * per_page))
        side = " · front" if duplex else ""  # kitgen says the side only in a duplex file
        frame(c, f"Bench · Counters · sheet {p + 1} of {pages}{side}")
        # a last sheet of less than a row: the block centred across, as kitgen's
        shift = (per_row - min(per_row, len(chunk))) * SIZE / 2
        spots = [(x + shift, y) for x, y in slots[: len(chunk)]]
        for (x, y), i, sides in zip(spots, chunk, open_sides(spots), strict=True):
            counter(c, x, y, i, icon, False, sides)
        crop_marks(c, spots)
        c.showPage()
        if duplex:  # long-edge flip: columns mirror
            frame(c, f"Bench · Counters · sheet {p + 1} of {pages} · back")
            backs = [(letter[0] - x - SIZE, y) for x, y in spots]  # no marks: cut from the front
            for (x, y), i, sides in zip(backs, chunk, open_sides(backs), strict=True):
                counter(c, x, y, i, icon, True, sides)
            c.showPage()


# ---- the hex map --------------------------------------------------------------------
# kitgen's tiled map: the map at true size cut into overlapping tiles on whichever
# sheets (portrait or landscape, the map as drawn or turned a quarter turn) take the
# fewest; each tile with its cut edges, glue strips, registration ticks and a locator
# of the tile grid; then an assembly sheet with the map reduced, each tile outlined and
# badged where its badge covers no hex number, and the terrain key.

TITLE_INK = "#222222"
GRID_INK = "#555555"  # seams and their dashes
MAP_GRID_INK = "#1a1a1a"  # the map's grid: kitgen's strongest line of a map's ground
EDGE_INK = "#111111"
COORD_INK = "#444444"
BADGE = "#c0392b"
PAD = 3.0  # round the map, so its edge line is not clipped
TITLE_H = 24.0  # the title line above the tiles
TILE_MARGIN = 10.0  # beside a seam: room for the ticks and the glue strip
TICK = 9.0
OVERLAP = 7200 / 254  # 10 mm
COORD_SIZE = max(6.0, SIZE * 0.11)  # the hex numbers' type: 6 pt at least (kitgen's)
MIN_WORD = 6.0  # the least a word prints at, on a reduced map too
NOTE_SIZE = 6.5  # "cut", "GLUE under tile III"
KEY_COLUMN = 175.0
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def content(size: tuple[float, float]) -> Box:
    """Inside the printer margin, clear of the sheet label and the scale bars."""
    return MARGIN, MARGIN + BAND, size[0] - MARGIN, size[1] - MARGIN - BAND


def tab_width(text: str, fs: float) -> float:
    """A label's tab: generous, as for the widest capitals of a sans face (kitgen's)."""
    return fs * sum(0.87 if ch in "MWmw" else 0.74 if ch.isupper() else 0.64 for ch in text)


class HexMap:
    """Flat-top hexes 3/4 in across the flats, odd columns half a hex lower; points in
    the map's drawing (PAD round the hexes, y up, row 0 at the top)."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.r = SIZE / math.sqrt(3)
        self.grid_h = SIZE * rows + (SIZE / 2 if cols > 1 else 0.0)
        self.width = 1.5 * self.r * (cols - 1) + 2 * self.r + 2 * PAD
        self.height = self.grid_h + 2 * PAD

    def centre(self, col: int, row: int) -> tuple[float, float]:
        y = PAD + self.grid_h - SIZE / 2 - SIZE * row - (SIZE / 2 if col % 2 else 0.0)
        return PAD + self.r + 1.5 * self.r * col, y

    def corners(self, col: int, row: int) -> list[tuple[float, float]]:
        cx, cy = self.centre(col, row)
        angles = [math.radians(60 * k) for k in range(6)]
        return [(cx + self.r * math.cos(a), cy + self.r * math.sin(a)) for a in angles]

    def has_hex_at(self, x: float, y: float) -> bool:
        col = round((x - PAD - self.r) / (1.5 * self.r))
        if not 0 <= col < self.cols:
            return False
        top = PAD + self.grid_h - SIZE / 2 - (SIZE / 2 if col % 2 else 0.0)
        return 0 <= round((top - y) / SIZE) < self.rows

    def edges(self) -> list[tuple[float, float, float, float]]:
        """The sides of the border hexes with no hex beyond them: the map's edge."""
        out = []
        for row in range(self.rows):
            for col in range(self.cols):
                if 0 < row < self.rows - 1 and 0 < col < self.cols - 1:
                    continue
                cx, cy = self.centre(col, row)
                pts = self.corners(col, row)
                for (ax, ay), (bx, by) in zip(pts, pts[1:] + pts[:1], strict=True):
                    if not self.has_hex_at(ax + bx - cx, ay + by - cy):
                        out.append((ax, ay, bx, by))
        return out

    def labels(self, cells=None, lanes=None) -> list[tuple[str, float, float]]:
        """Each hex's number (XXYY) and the middle of its top edge (only ``cells``');
        with ``lanes`` (the boxes of a tiled map's seams), each number moved clear of them
        inside its hex, or left out where it has no room (kitgen's rule)."""
        out = []
        every = [(col, row) for row in range(self.rows) for col in range(self.cols)]
        for col, row in every if cells is None else cells:
            cx, cy = self.centre(col, row)
            text, top = f"{col + 1:02d}{row + 1:02d}", cy + SIZE / 2
            if lanes is not None:
                half = (tab_width(text, COORD_SIZE) + COORD_SIZE * 0.4) / 2
                tab = (cx - half, top - COORD_SIZE * 1.75, cx + half, top - COORD_SIZE * 0.45)
                shift = clear_of_lanes(tab, self.corners(col, row), lanes)
                if shift is None:
                    continue
                cx, top = cx + shift[0], top + shift[1]
            out.append((text, cx, top))
        return out

    def reduced(self, scale: float) -> tuple[float, list | None]:
        """The hex numbers' size and cells on the map drawn at ``scale`` (kitgen's rule):
        their own when they print at MIN_WORD; else MIN_WORD printed, on every hex where
        the widest takes at most 0.55 of a hex (its tab 0.3 high), on the four corner hexes
        where it fits one, on none where it does not."""
        if COORD_SIZE * scale >= MIN_WORD - 1e-6:
            return COORD_SIZE, None
        fs = MIN_WORD / scale
        wide = max(tab_width(t, 1.0) for t, _, _ in self.labels()) + 0.4
        if scale >= MIN_WORD * max(wide / (SIZE * 0.55), 1.3 / (SIZE * 0.3)) - 1e-9:
            return fs, None
        if wide * fs > SIZE * 0.9 or fs * 1.3 > SIZE * 0.4:
            return fs, []
        last_c, last_r = self.cols - 1, self.rows - 1
        corners = [(0, 0), (last_c, 0), (0, last_r), (last_c, last_r)]
        return fs, list(dict.fromkeys(corners))

    def word_boxes(self, fs: float = COORD_SIZE, cells=None, lanes=None) -> list[Box]:
        """What a note or badge laid on the map must not cover: each number's tab, and
        the number itself with a little room round it."""
        out = []
        for text, cx, top in self.labels(cells, lanes):
            half = (tab_width(text, fs) + fs * 0.4) / 2
            out.append((cx - half, top - fs * 1.75, cx + half, top - fs * 0.45))
            half = stringWidth(text, "Helvetica", fs) / 2 + fs * 0.3
            base = top - fs * 1.4
            out.append((cx - half, base - fs * 0.55, cx + half, base + fs * 1.1))
        return out


def draw_map(
    c: Canvas, m: HexMap, outlines=None, coords=(COORD_SIZE, None), lanes=None, printed=1.0
) -> None:
    """Fills, grid lines, then (`outlines`, under the words) the map's edge and numbers
    (`coords`: their size and cells, as HexMap.reduced gives them; `lanes`: the seams
    they keep clear of). `printed`: the scale it prints at: the grid keeps 0.75 pt, and
    0.5 pt at least reduced, the edge 1.6 pt and twice that least (kitgen's weights)."""
    paths = []
    for row in range(m.rows):
        for col in range(m.cols):
            path = c.beginPath()
            (x, y), *rest = m.corners(col, row)
            path.moveTo(x, y)
            for x, y in rest:
                path.lineTo(x, y)
            path.close()
            paths.append(path)
            c.setFillColorRGB(*hex_rgb(hex_colour(col, row)))
            c.drawPath(path, stroke=0, fill=1)
    c.setStrokeColorRGB(*hex_rgb(MAP_GRID_INK))
    c.setLineWidth(max(0.5, 0.75 * printed) / printed)
    for path in paths:
        c.drawPath(path, stroke=1, fill=0)
    if outlines:
        outlines(c)
    c.setStrokeColorRGB(*hex_rgb(EDGE_INK))
    c.setLineWidth(max(1.6 * printed, 1.0) / printed)
    c.setDash([])
    for x0, y0, x1, y1 in m.edges():
        c.line(x0, y0, x1, y1)
    fs, cells = coords
    c.setFont("Helvetica", fs)
    for text, cx, top in m.labels(cells, lanes):
        w = tab_width(text, fs) + fs * 0.4
        c.setFillColorRGB(1, 1, 1)
        # the tab keeps 0.45 of its size off the hexside over it (kitgen's rule)
        c.roundRect(cx - w / 2, top - fs * 1.75, w, fs * 1.3, 1, stroke=0, fill=1)
        c.setFillColorRGB(*hex_rgb(COORD_INK))
        c.drawCentredString(cx, top - fs * 1.4, text)


def meets(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] - gap < a[2] and a[1] < b[3] + gap and b[1] - gap < a[3]


def inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    x, y = p
    odd = False
    for (xi, yi), (xj, yj) in zip(poly, poly[-1:] + poly[:-1], strict=True):
        if (yi > y) != (yj > y) and x < xi + (y - yi) * (xj - xi) / (yj - yi):
            odd = not odd
    return odd


def clear_of_lanes(box: Box, hexagon: list, lanes: list[Box]) -> tuple[float, float] | None:
    """The least move (dx, dy) that takes a number's tab clear of every lane box and keeps
    it inside its hex, trying the places just clear of each box near it, and down the hex
    by up to three tabs' height; None where there is none."""
    gap = 0.5
    if not any(meets(box, b, gap) for b in lanes):
        return 0.0, 0.0
    w, h = box[2] - box[0], box[3] - box[1]
    dxs, dys = [0.0], [0.0] + [-h * k for k in (1, 2, 3)]
    reach = (box[0] - 2 * w, box[1] - 4 * h, box[2] + 2 * w, box[3] + h)
    for b in [b for b in lanes if meets(reach, b, 0.0)]:
        dxs += [v for v in (b[2] + gap - box[0], b[0] - gap - box[2]) if math.isfinite(v)]
        dys += [v for v in (b[3] + gap - box[1], b[1] - gap - box[3]) if math.isfinite(v)]
    for dx, dy in sorted(((a, b) for a in dxs for b in dys), key=lambda s: abs(s[0]) + abs(s[1])):
        x0, y0, x1, y1 = box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy
        if not any(meets((x0, y0, x1, y1), b, gap) for b in lanes) and all(
            inside(p, hexagon) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        ):
            return dx, dy
    return None


def lanes_of(m: HexMap, way: Tiling) -> list[Box]:
    """What the hex numbers keep clear of on the tiles, in the map's drawing (worked out
    once for the map): each tile's right and bottom edges, the seams where neighbours lie
    with their ticks either side, and each glue note, put where the numbers under it can
    move (nearest the strip's middle between two ticks)."""
    inf, o = math.inf, OVERLAP
    bands: set[Box] = set()
    for (row, col), (_, y0, x1, _) in way.windows.items():
        if col < way.cols - 1:
            bands |= {(x1, -inf, x1, inf), (x1 - o - 3, -inf, x1 - o + 3, inf)}
        if row < way.rows - 1:
            bands |= {(-inf, y0, inf, y0), (-inf, y0 + o - 3, inf, y0 + o + 3)}

    def unturned(b: Box) -> Box:  # a box of the turned drawing in the drawing as drawn
        return (b[1], m.height - b[2], b[3], m.height - b[0]) if way.turned else b

    boxes = [unturned(b) for b in sorted(bands)]
    tabs = tabs_of(m.labels())
    for (row, col), (x0, y0, x1, y1) in sorted(way.windows.items()):
        for right in (True, False):
            if not ((col < way.cols - 1) if right else (row < way.rows - 1)):
                continue
            label = (
                roman(row * way.cols + col + 2) if right else roman((row + 1) * way.cols + col + 1)
            )
            nw, nh = note_size(f"GLUE under tile {label}")
            if right:
                cx = x1 - o / 2

                def at(v: float, cx=cx, nw=nw, nh=nh) -> Box:
                    return unturned((cx - nh / 2, v - nw / 2, cx + nh / 2, v + nw / 2))

                lines, middle = ticks(m, way.turned, False, y0, y1), (y0 + y1) / 2
            else:
                cy = y0 + o / 2

                def at(v: float, cy=cy, nw=nw, nh=nh) -> Box:
                    return unturned((v - nw / 2, cy - nh / 2, v + nw / 2, cy + nh / 2))

                lines, middle = ticks(m, way.turned, True, x0, x1), (x0 + x1) / 2

            def room(v: float, at=at) -> bool:
                note = at(v)
                return all(
                    clear_of_lanes(tab, m.corners(*hexes), [*boxes, note]) is not None
                    for tab, hexes in tabs
                    if meets(tab, note, 0.5)
                )

            boxes.append(at(between(lines, middle, room)))
    return boxes


def tabs_of(numbers: list[tuple[str, float, float]]) -> list[tuple[Box, tuple[int, int]]]:
    """Each number's tab and its hex (col, row)."""
    out = []
    for text, cx, top in numbers:
        half = (tab_width(text, COORD_SIZE) + COORD_SIZE * 0.4) / 2
        tab = (cx - half, top - COORD_SIZE * 1.5, cx + half, top - COORD_SIZE * 0.2)
        out.append((tab, (int(text[:2]) - 1, int(text[2:]) - 1)))
    return out


def turn(box: Box, height: float) -> Box:
    """A box of the map's drawing, the drawing turned a quarter turn anticlockwise."""
    x0, y0, x1, y1 = box
    return height - y1, x0, height - y0, x1


def spans_needed(length: float, room: float, margin: float) -> int:
    """The fewest equal, overlapping spans covering `length`, each within `room` less a
    margin on each side that meets a neighbour."""
    n = 1
    while (length + (n - 1) * OVERLAP) / n > room - margin * min(2, n - 1) + 1e-6:
        n += 1
    return n


def split(length: float, n: int) -> list[tuple[float, float]]:
    if n == 1:
        return [(0.0, length)]
    each = (length + (n - 1) * OVERLAP) / n
    out = [(i * (each - OVERLAP), i * (each - OVERLAP) + each) for i in range(n)]
    out[-1] = (out[-1][0], length)
    return out


class Tiling:
    """The fewest tiles: on portrait or landscape sheets, the map as drawn or turned."""

    def __init__(self, m: HexMap):
        best = None
        for turned in (False, True):
            w, h = (m.height, m.width) if turned else (m.width, m.height)
            for size in (letter, letter[::-1]):
                x0, y0, x1, y1 = content(size)
                cols = spans_needed(w, x1 - x0, TILE_MARGIN)
                rows = spans_needed(h, y1 - y0 - TITLE_H, TILE_MARGIN)
                key = (rows * cols, turned, size != letter)
                if best is None or key < best[0]:
                    best = (key, turned, size, rows, cols, w, h)
        assert best is not None
        _, self.turned, self.size, self.rows, self.cols, self.w, self.h = best
        self.count = self.rows * self.cols
        xs, ys = split(self.w, self.cols), split(self.h, self.rows)
        # (row, col) -> window in the (turned) drawing; row 0 at the top
        self.windows = {
            (r, k): (x0, self.h - t1, x1, self.h - t0)
            for r, (t0, t1) in enumerate(ys)
            for k, (x0, x1) in enumerate(xs)
        }


def ticks(m: HexMap, turned: bool, along_x: bool, lo: float, hi: float) -> list[float]:
    """Where the hex columns' (along x) or rows' middles fall in the tile's drawing."""
    if turned:
        if along_x:
            return sorted(
                m.height - v for v in ticks(m, False, False, m.height - hi, m.height - lo)
            )
        along_x = True
    if along_x:
        out = {round(m.centre(k, 0)[0], 4) for k in range(m.cols)}
    else:
        out = {round(m.centre(k, r)[1], 4) for r in range(m.rows) for k in range(min(2, m.cols))}
    return sorted(v for v in out if lo - 1e-6 <= v <= hi + 1e-6)


def between(lines: list[float], middle: float, free=None) -> float:
    """The midpoint of two neighbouring lines nearest `middle` (where `free` holds)."""
    mids = sorted(
        ((a + b) / 2 for a, b in zip(lines, lines[1:], strict=False)), key=lambda v: abs(v - middle)
    )
    return next((v for v in mids if free is None or free(v)), mids[0] if mids else middle)


def clash(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def clear_of(words: list[Box], box_at: Callable[[float], Box]) -> Callable[[float], bool]:
    """Whether a box placed at a position along a strip covers none of the words."""

    def clear(v: float) -> bool:
        box = box_at(v)  # once, then against each word
        return not any(clash(box, w) for w in words)

    return clear


def seam_line(c: Canvas, x0: float, y0: float, x1: float, y1: float, words: list[Box]) -> None:
    """A dashed line along x or y where a neighbour's edge will lie, broken round the
    map's words (1 pt clear)."""
    along_x = y0 == y1
    lo, hi = (x0, x1) if along_x else (y0, y1)
    gaps = sorted(
        (w[0] - 1, w[2] + 1) if along_x else (w[1] - 1, w[3] + 1)
        for w in words
        if (w[1] < y0 < w[3] if along_x else w[0] < x0 < w[2])
    )
    c.setStrokeColorRGB(*hex_rgb(GRID_INK))
    c.setLineWidth(0.6)
    c.setDash([3, 2])
    for a, b in [*gaps, (hi, hi)]:
        if lo >= hi:
            break
        if a > lo:
            c.line(lo, y0, min(a, hi), y0) if along_x else c.line(x0, lo, x0, min(a, hi))
        lo = max(lo, b)
    c.setDash([])


def note_size(text: str) -> tuple[float, float]:
    return tab_width(text, NOTE_SIZE) + 6, NOTE_SIZE + 4


def glue_note(c: Canvas, text: str, cx: float, cy: float, vertical: bool) -> None:
    """A note on a white tab in the middle of a glue strip."""
    w, h = note_size(text)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.4)
    c.setFillColorRGB(1, 1, 1)
    if vertical:
        c.rect(cx - h / 2, cy - w / 2, h, w, stroke=1, fill=1)
    else:
        c.rect(cx - w / 2, cy - h / 2, w, h, stroke=1, fill=1)
    c.setFillColorRGB(*hex_rgb(TITLE_INK))
    c.setFont("Helvetica", NOTE_SIZE)
    if vertical:  # read turned a quarter clockwise
        rotated_text(c, cx - NOTE_SIZE * 0.35, cy, -90, text)
    else:
        c.drawCentredString(cx, cy - NOTE_SIZE * 0.35, text)


def rotated_text(c: Canvas, x: float, y: float, angle: float, text: str) -> None:
    c.saveState()
    c.translate(x, y)
    c.rotate(angle)
    c.drawCentredString(0, 0, text)
    c.restoreState()


def cut_caption(m: HexMap, way: Tiling) -> str:
    """One caption for every cut edge of the map: "cut along this edge" where it fits
    between two ticks on each kind of cut edge the tiles have, else "cut"."""
    gaps = []
    for along_x, cut in ((True, way.rows > 1), (False, way.cols > 1)):
        lines = ticks(m, way.turned, along_x, 0.0, way.w if along_x else way.h)
        if cut:
            gaps += [b - a for a, b in zip(lines, lines[1:], strict=False)]
    room = min(gaps, default=math.inf)
    return "cut along this edge" if 19 * NOTE_SIZE * 0.56 + 4 < room else "cut"


def seams(c: Canvas, m: HexMap, way: Tiling, row: int, col: int, at, words: list[Box]) -> None:
    """Cut lines where this tile lies on a neighbour, glue strips where one lies on it,
    and ticks where the hex rows and columns cross a seam, so the tiles register."""
    px, py = at
    wx0, wy0, wx1, wy1 = way.windows[row, col]
    tw, th, o = wx1 - wx0, wy1 - wy0, OVERLAP
    left, right = col > 0, col < way.cols - 1
    top, bottom = row > 0, row < way.rows - 1
    xs = [px + v - wx0 for v in ticks(m, way.turned, True, wx0, wx1)]
    ys = [py + v - wy0 for v in ticks(m, way.turned, False, wy0, wy1)]
    c.setFont("Helvetica", NOTE_SIZE)
    caption = cut_caption(m, way)
    if left:
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.line(px, py, px, py + th)
        c.setFillColorRGB(*hex_rgb(TITLE_INK))
        rotated_text(c, px - 4, between(ys, py + th / 2), 90, caption)
    if top:
        c.setStrokeColorRGB(0, 0, 0)
        c.setLineWidth(0.6)
        c.line(px, py + th, px + tw, py + th)
        c.setFillColorRGB(*hex_rgb(TITLE_INK))
        c.setFont("Helvetica", NOTE_SIZE)
        c.drawCentredString(between(xs, px + tw / 2), py + th + 4, caption)
    if right:
        seam_line(c, px + tw - o, py, px + tw - o, py + th, words)
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(3)
        c.line(px + tw + 5, py, px + tw + 5, py + th)
        note = f"GLUE under tile {roman(row * way.cols + col + 2)}"
        cx, (nw, nh) = px + tw - o / 2, note_size(note)
        strip = [b for b in words if b[0] < cx + nh / 2 and cx - nh / 2 < b[2]]
        clear = clear_of(strip, lambda v: (cx - nh / 2, v - nw / 2, cx + nh / 2, v + nw / 2))
        glue_note(c, note, cx, between(ys, py + th / 2, clear), True)
    if bottom:
        seam_line(c, px, py + o, px + tw, py + o, words)
        c.setStrokeColorRGB(0.6, 0.6, 0.6)
        c.setLineWidth(3)
        c.line(px, py - 5, px + tw, py - 5)
        note = f"GLUE under tile {roman((row + 1) * way.cols + col + 1)}"
        cy, (nw, nh) = py + o / 2, note_size(note)
        strip = [b for b in words if b[1] < cy + nh / 2 and cy - nh / 2 < b[3]]
        clear = clear_of(strip, lambda v: (v - nw / 2, cy - nh / 2, v + nw / 2, cy + nh / 2))
        glue_note(c, note, between(xs, px + tw / 2, clear), cy, False)
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.6)
    for x in xs if top or bottom else ():
        if top:
            c.line(x, py + th, x, py + th + TICK)
        if bottom:
            c.line(x, py + o - 3, x, py + o + 3)
            c.line(x, py, x, py - TICK)
    for y in ys:
        if left:
            c.line(px, y, px - TICK, y)
        if right:
            c.line(px + tw - o - 3, y, px + tw - o + 3, y)
            c.line(px + tw, y, px + tw + TICK, y)


def title(c: Canvas, size: tuple[float, float], right: str) -> None:
    x0, _, x1, y1 = content(size)
    c.setFillColorRGB(*hex_rgb(TITLE_INK))
    c.setFont("Helvetica-Bold", 13)
    c.drawString(x0, y1 - 12, "Big hex map")
    c.setFont("Helvetica-Bold", 10)
    c.drawRightString(x1, y1 - 12, right)


def tile_page(c: Canvas, m: HexMap, way: Tiling, row: int, col: int, words: list[Box]) -> None:
    """One tile at true size, centred in the room its seams leave under the title."""
    x0, y0, x1, y1 = content(way.size)
    wx0, wy0, wx1, wy1 = way.windows[row, col]
    n = row * way.cols + col + 1
    left, right = (TILE_MARGIN if col > 0 else 0.0), (TILE_MARGIN if col < way.cols - 1 else 0.0)
    top, bottom = (TILE_MARGIN if row > 0 else 0.0), (TILE_MARGIN if row < way.rows - 1 else 0.0)
    px = x0 + left + (x1 - x0 - left - right - (wx1 - wx0)) / 2
    py = y0 + bottom + (y1 - TITLE_H - top - y0 - bottom - (wy1 - wy0)) / 2
    label = roman(n)
    c.setPageSize(way.size)
    note = "map turned a quarter turn" if way.turned else ""  # the title line names the tile
    frame(c, f"Bench · Map: Big hex map · sheet {n} of {way.count + 1}", note, way.size)
    title(c, way.size, f"tile {label} · {n} of {way.count}")
    c.saveState()
    c.translate(px - wx0, py - wy0)
    clip = c.beginPath()
    clip.rect(wx0, wy0, wx1 - wx0, wy1 - wy0)
    c.clipPath(clip, stroke=0, fill=0)
    if way.turned:
        c.translate(m.height, 0)
        c.rotate(90)
    c.doForm("map")
    c.restoreState()
    # the locator: the tile grid beside the title, this tile filled
    lx, ly = x1 - 40 - way.cols * 9 - 60, y1 - 3 - way.rows * 7
    c.setStrokeColorRGB(*hex_rgb(INK))
    c.setLineWidth(0.4)
    for r in range(way.rows):
        for k in range(way.cols):
            c.setFillColorRGB(*hex_rgb(INK if (r, k) == (row, col) else "#ffffff"))
            c.rect(lx + k * 9, ly + (way.rows - 1 - r) * 7, 9, 7, stroke=1, fill=1)
    shifted = [(a + px - wx0, b + py - wy0, e + px - wx0, d + py - wy0) for a, b, e, d in words]
    seams(c, m, way, row, col, (px, py), shifted)
    c.showPage()


def clear_spot(w: float, h: float, region: Box, taken: list[Box], gap: float) -> Box | None:
    """The w x h box in `region`, `gap` clear of every taken box, nearest the region's
    top-left corner. Such a box slid left and up until it meets something stays clear,
    so the lefts to try are the region's and the taken boxes' right sides, the tops the
    region's and the taken boxes' bottoms. Each left's boxes across it are sorted by
    their bottoms once, with the highest top so far: a spot is clear when no box whose
    bottom lies below its top reaches above its bottom (one bisect a spot)."""
    x0, y0, x1, y1 = region
    if w > x1 - x0 or h > y1 - y0:
        return None
    near = [
        (b[0] - gap, b[1] - gap, b[2] + gap, b[3] + gap)
        for b in taken
        if b[0] - gap < x1 and x0 < b[2] + gap and b[1] - gap < y1 and y0 < b[3] + gap
    ]
    lefts = {x0} | {b[2] for b in near if x0 < b[2] <= x1 - w}
    tops = {y1} | {b[1] for b in near if y0 + h <= b[1] < y1}
    index = {}
    for lf in lefts:
        spans = sorted((b[1], b[3]) for b in near if lf < b[2] and b[0] < lf + w)
        index[lf] = ([s[0] for s in spans], list(accumulate((s[1] for s in spans), max)))
    for _, left, top in sorted(
        (math.hypot(lf - x0, y1 - tp), lf, tp) for lf in lefts for tp in tops
    ):
        bottoms, highest = index[left]
        k = bisect_left(bottoms, top)
        if k == 0 or highest[k - 1] <= top - h:
            return (left, top - h, left + w, top)
    return None


def key_layout(size: tuple[float, float]) -> tuple[int, float, float]:
    """The terrain key across the page: entries a row, column width, height."""
    x0, _, x1, _ = content(size)
    per_row = max(1, int((x1 - x0) // KEY_COLUMN))
    col_w = (x1 - x0) / per_row if len(COLOURS) >= per_row else KEY_COLUMN
    return per_row, col_w, math.ceil(len(COLOURS) / per_row) * 28 + 14


def terrain_key(c: Canvas, size: tuple[float, float], top: float) -> None:
    """The key with its top at ``top`` (right under the assembly diagram)."""
    x0, _, _, _ = content(size)
    per_row, col_w, height = key_layout(size)
    y0 = top - height
    c.setFillColorRGB(*hex_rgb(TITLE_INK))
    c.setFont("Helvetica-Bold", 9)
    c.drawString(x0, y0 + height - 8, "Key")
    c.setStrokeColorRGB(*hex_rgb(INK))
    c.setLineWidth(0.6)
    for i, colour in enumerate(COLOURS):
        r, k = divmod(i, per_row)
        ex, ey = x0 + k * col_w, y0 + height - 16 - r * 28
        c.setFillColorRGB(*hex_rgb(colour))
        c.rect(ex, ey - 24, 22, 22, stroke=1, fill=1)
        c.setFillColorRGB(*hex_rgb(TITLE_INK))
        c.setFont("Helvetica-Bold", 8.5)
        c.drawString(ex + 28, ey - 8.5, f"Terrain {i}")


def assembly_lines(way: Tiling, width: float) -> list[str]:
    """The assembly sheet's instructions, wrapped word by word to ``width`` at 9 pt."""
    rows = f"{way.rows} row" + ("s" if way.rows > 1 else "")
    cols = f"{way.cols} column" + ("s" if way.cols > 1 else "")
    edges = [side for side, n in (("left", way.cols), ("top", way.rows)) if n > 1]
    cut = f"{'edges' if len(edges) > 1 else 'edge'} ({' and '.join(edges)})"
    paras = [
        f"{way.count} tiles, {rows} \u00d7 {cols}, printed at true size; neighbours overlap "
        f"by 10 mm. Cut each tile along its solid \u2018cut\u2019 {cut}, lay "
        "it over its neighbour so the grid lines meet the ticks and glue it on the "
        "grey-marked strip; work from tile I outwards."
    ]
    if way.turned:
        paras.append("The map is turned a quarter turn on the sheets: that needs fewer of them.")
    lines: list[str] = []
    for para in paras:
        words = para.split()
        line = words[0]
        for word in words[1:]:
            if stringWidth(f"{line} {word}", "Helvetica", 9) <= width:
                line = f"{line} {word}"
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def assembly_size(way: Tiling) -> tuple[float, float]:
    """The way the tiles lie, or the other way when that draws the diagram clearly larger."""
    best: tuple[float, tuple[float, float]] | None = None
    for size in (way.size, way.size[::-1]):
        x0, y0, x1, y1 = content(size)
        head = 12 * len(assembly_lines(way, x1 - x0))
        room_h = y1 - TITLE_H - 10 - head - y0 - 10 - key_layout(size)[2]
        scale = min((x1 - x0) / way.w, room_h / way.h)
        if best is None or scale > best[0] * 1.02:
            best = (scale, size)
    assert best is not None
    return best[1]


def badge_size(way: Tiling, scale: float) -> float:
    first = way.windows[0, 0]
    return max(10.0, min(20.0, (first[2] - first[0]) * scale / 6))


def badge_bands(way: Tiling, scale: float) -> tuple[float, float]:
    """The room above the diagram (the top row's badges) and below it (the bottom row's)."""
    band = badge_size(way, scale) * 1.35 + 4
    return band, (band if way.rows > 1 else 0.0)


def room_scale(way: Tiling, w: float, h: float) -> float:
    """The diagram's scale in w x h, less the badges' bands."""
    above, below = badge_bands(way, min(w / way.w, h / way.h))
    return min(w / way.w, (h - above - below) / way.h)


def assembly_page(c: Canvas, m: HexMap, way: Tiling, words: list[Box]) -> None:
    """The map reduced, each tile outlined (under the numbers) and badged, and the key."""
    size = assembly_size(way)
    x0, y0, x1, y1 = content(size)
    c.setPageSize(size)
    sheets = way.count + 1
    frame(c, f"Bench · Map: Big hex map · sheet {sheets} of {sheets}", "", size)
    title(c, size, "assembly")
    y = y1 - TITLE_H - 10
    c.setFont("Helvetica", 9)
    for line in assembly_lines(way, x1 - x0):
        c.drawString(x0, y, line)
        y -= 12
    scale = room_scale(way, x1 - x0, y - y0 - 10 - key_layout(size)[2])
    above, below = badge_bands(way, scale)
    px, py = x0 + (x1 - x0 - way.w * scale) / 2, y - 6 - above - way.h * scale

    def outlines(c: Canvas) -> None:
        c.setStrokeColorRGB(*hex_rgb(BADGE))
        c.setLineWidth(1.2 / scale)
        c.setDash([5 / scale, 3 / scale])
        for a, b, e, d in way.windows.values():
            if way.turned:  # the window in the drawing as it was before turning
                a, b, e, d = b, m.height - e, d, m.height - a
            c.rect(a, b, e - a, d - b, stroke=1, fill=0)

    c.saveState()
    c.translate(px, py)
    c.scale(scale, scale)
    if way.turned:
        c.translate(m.height, 0)
        c.rotate(90)
    coords = m.reduced(scale)
    draw_map(c, m, outlines, coords, printed=scale)
    c.restoreState()
    if coords != (COORD_SIZE, None):  # the badges keep clear of the numbers it prints
        words = m.word_boxes(*coords)
        if way.turned:
            words = [turn(b, m.height) for b in words]
    badges(c, way, (px, py, scale), words)
    terrain_key(c, size, py - below - 4)  # 4 pt under the badges, as kitgen's KEY_GAP
    c.showPage()


def badges(c: Canvas, way: Tiling, at: tuple[float, float, float], words: list[Box]) -> None:
    """Each tile's name on a badge at the left of the part of it no neighbour covers: off
    the map above it (top row) or below it (bottom row); a tile between rows has it on
    the map nearest its top-left corner where it covers no hex number, as large as finds
    room (down to 10 pt)."""
    px, py, scale = at
    taken = [
        (px + a * scale, py + b * scale, px + e * scale, py + d * scale) for a, b, e, d in words
    ]
    largest = badge_size(way, scale)
    o, gap = OVERLAP, 2.0
    for (row, col), (wx0, wy0, wx1, wy1) in way.windows.items():
        region = (
            px + (wx0 + (o if col > 0 else 0)) * scale + gap,
            py + (wy0 + (o if row < way.rows - 1 else 0)) * scale + gap,
            px + (wx1 - (o if col < way.cols - 1 else 0)) * scale - gap,
            py + (wy1 - (o if row > 0 else 0)) * scale - gap,
        )
        label = roman(row * way.cols + col + 1)
        fs, box = largest, None
        if row in (0, way.rows - 1):  # off the map: above it, or below it
            w = max(fs * 2.6, stringWidth(label, "Helvetica-Bold", fs) + fs * 0.8)
            y = py + way.h * scale + gap if row == 0 else py - gap - fs * 1.35
            box = (region[0], y, region[0] + w, y + fs * 1.35)
        while box is None and fs >= 10.0 - 1e-9:
            w = max(fs * 2.6, stringWidth(label, "Helvetica-Bold", fs) + fs * 0.8)
            box = clear_spot(w, fs * 1.35, region, taken, gap)
            fs = fs if box is not None else fs - 1
        if box is None:  # nowhere clear: the corner
            fs = largest
            w = max(fs * 2.6, stringWidth(label, "Helvetica-Bold", fs) + fs * 0.8)
            box = (region[0] + 4, region[3] - 4 - fs * 1.35, region[0] + 4 + w, region[3] - 4)
        x0, y0, x1, y1 = box
        c.setStrokeColorRGB(*hex_rgb(BADGE))
        c.setLineWidth(0.8)
        c.setFillColorRGB(1, 1, 1)
        c.roundRect(x0, y0, x1 - x0, y1 - y0, 3, stroke=1, fill=1)
        c.setFillColorRGB(*hex_rgb(BADGE))
        c.setFont("Helvetica-Bold", fs)
        c.drawCentredString((x0 + x1) / 2, y0 + fs * 0.4, label)


def hex_map(c: Canvas, cols: int, rows: int) -> None:
    """The map drawn once as a form, placed under each tile's clip; then the assembly sheet."""
    m = HexMap(cols, rows)
    way = Tiling(m)
    lanes = lanes_of(m, way)  # once for the map, whatever its tiles
    c.beginForm("map", 0, 0, m.width, m.height)
    draw_map(c, m, lanes=lanes)
    c.endForm()
    words = m.word_boxes(lanes=lanes)
    if way.turned:
        words = [turn(b, m.height) for b in words]
    for row in range(way.rows):
        for col in range(way.cols):
            tile_page(c, m, way, row, col, words)
    assembly_page(c, m, way, words)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("workload")
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--icon")
    parser.add_argument("--cols", type=int, default=40)
    parser.add_argument("--rows", type=int, default=40)
    args = parser.parse_args()
    c = Canvas(args.out, pagesize=letter, invariant=1)
    if args.workload == "W4":
        hex_map(c, args.cols, args.rows)
    else:
        counters(c, args.count, args.icon, duplex=args.workload == "W2")
    c.save()


if __name__ == "__main__":
    main()
