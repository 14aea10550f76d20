"""Plain-ReportLab baselines: the same sheets, shapes, text and image as each
kitgen workload, written the way a person would by hand (one canvas, a loop,
no YAML, no validation, no layout engine). Positions are the ones kitgen's
layout gives (read off its plan once), so both draw the same page. Run as a
script:

    python benchmarks/baseline.py W1 --count 1000 OUT.pdf
    python benchmarks/baseline.py W2 --count 1000 --icon icon.png OUT.pdf
    python benchmarks/baseline.py W4 --cols 40 --rows 40 OUT.pdf
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas

sys.path.insert(0, str(Path(__file__).resolve().parent))
from workloads import BACK_COLOUR, back_texts, counter_colour, counter_texts, hex_colour  # noqa: E402

MARGIN = 18.0  # printer margin
BAND = 20.0  # sheet label / scale bar band and its gap
MARK_ROOM = 9.0  # crop marks around a block of butted counters
MARK_START = 1.5  # a mark begins this far off the block
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
    near, far = MARK_START, MARK_ROOM - MARK_START / 2
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    for x in xs:
        c.line(x, y1 + near, x, y1 + far)
        c.line(x, y0 - far, x, y0 - near)
    for y in ys:
        c.line(x0 - far, y, x0 - near, y)
        c.line(x1 + near, y, x1 + far, y)


def frame(c: Canvas, label: str) -> None:
    """Sheet label, rule, 1 in and 25 mm scale bars."""
    w, h = letter
    c.setFillColorRGB(*hex_rgb(INK))
    c.setFont("Helvetica", 7)
    c.drawString(MARGIN, h - MARGIN - 12, label)
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


def counter(c: Canvas, x: float, y: float, i: int, icon: str | None, back: bool) -> None:
    fill, ink = counter_colour(i) if not back else (BACK_COLOUR, "#000000")
    top, bottom = counter_texts(i) if not back else back_texts(i)
    c.setFillColorRGB(*hex_rgb(fill))
    c.rect(x, y, SIZE, SIZE, stroke=0, fill=1)
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


def counters(c: Canvas, n: int, icon: str | None, duplex: bool) -> None:
    slots = grid_slots()
    per_page = len(slots)
    per_row = sum(1 for _, y in slots if y == slots[0][1])
    pages = math.ceil(n / per_page)
    for p in range(pages):
        chunk = range(p * per_page, min(n, (p + 1) * per_page))
        frame(c, f"Bench · Counters · sheet {p + 1} of {pages} · front")
        # a last sheet of less than a row: the block centred across, as kitgen's
        shift = (per_row - min(per_row, len(chunk))) * SIZE / 2
        spots = [(x + shift, y) for x, y in slots[: len(chunk)]]
        for (x, y), i in zip(spots, chunk, strict=True):
            counter(c, x, y, i, icon, back=False)
        crop_marks(c, spots)
        c.showPage()
        if duplex:  # long-edge flip: columns mirror
            frame(c, f"Bench · Counters · sheet {p + 1} of {pages} · back")
            for (x, y), i in zip(spots, chunk, strict=True):  # no marks: cut from the front
                counter(c, letter[0] - x - SIZE, y, i, icon, back=True)
            c.showPage()


# ---- the hex map --------------------------------------------------------------------


def split(length: float, avail: float, overlap: float) -> list[tuple[float, float]]:
    if length <= avail:
        return [(0.0, length)]
    n = math.ceil((length - overlap) / (avail - overlap))
    span = (length + (n - 1) * overlap) / n
    return [(k * (span - overlap), k * (span - overlap) + span) for k in range(n)]


def draw_hexes(c: Canvas, cols: int, rows: int, window=None) -> None:
    """Flat-top hexes 3/4 in across the flats, fill, grid line, XXYY on a white tab.
    Map coordinates: (0, 0) at the bottom-left; only hexes touching `window` are drawn."""
    r = SIZE / math.sqrt(3)
    height = SIZE * rows + SIZE / 2
    c.setLineWidth(0.5)
    c.setStrokeColorRGB(*hex_rgb("#555555"))
    c.setFont("Helvetica", 5.94)
    for row in range(rows):
        for col in range(cols):
            cx = r + 1.5 * r * col
            cy = height - SIZE / 2 - SIZE * row - (SIZE / 2 if col % 2 else 0)
            if window and not (
                window[0] - r < cx < window[2] + r and window[1] - r < cy < window[3] + r
            ):
                continue
            path = c.beginPath()
            for k in range(6):
                a = math.radians(60 * k)
                pt = (cx + r * math.cos(a), cy + r * math.sin(a))
                path.moveTo(*pt) if k == 0 else path.lineTo(*pt)
            path.close()
            c.setFillColorRGB(*hex_rgb(hex_colour(col, row)))
            c.drawPath(path, stroke=1, fill=1)
            c.setFillColorRGB(1, 1, 1)
            c.roundRect(cx - 9.5, cy + 18.1, 19, 7.7, 1, stroke=0, fill=1)
            c.setFillColorRGB(*hex_rgb("#444444"))
            c.drawCentredString(cx, cy + 20.2, f"{col + 1:02d}{row + 1:02d}")


def hex_map(c: Canvas, cols: int, rows: int) -> None:
    """The map tiled at true size onto letter sheets with a 10 mm overlap (turned a quarter
    turn when that needs fewer sheets), then an assembly sheet with the whole map reduced."""
    r = SIZE / math.sqrt(3)
    width, height = 1.5 * r * (cols - 1) + 2 * r, SIZE * rows + SIZE / 2
    x0, y0 = MARGIN + 10, MARGIN + BAND + 10
    aw, ah = letter[0] - 2 * MARGIN - 20, letter[1] - 2 * MARGIN - 2 * BAND - 24 - 20
    overlap = 28.35
    upright = (split(width, aw, overlap), split(height, ah, overlap))
    turned = (split(height, aw, overlap), split(width, ah, overlap))
    turn = len(turned[0]) * len(turned[1]) < len(upright[0]) * len(upright[1])
    xs, ys = turned if turn else upright
    tw, th = (height, width) if turn else (width, height)
    total = len(xs) * len(ys)
    for ri, (t0, t1) in enumerate(ys):
        for ci, (a, b) in enumerate(xs):
            n = ri * len(xs) + ci + 1
            frame(c, f"Bench · Map: Big hex map · sheet {n} of {total + 1} · front")
            c.setFont("Helvetica-Bold", 13)
            c.drawString(MARGIN, letter[1] - MARGIN - BAND - 14, "Big hex map")
            win = (a, th - t1, b, th - t0)  # in the (turned) map's coordinates
            c.saveState()
            p = c.beginPath()
            p.rect(x0, y0, b - a, t1 - t0)
            c.clipPath(p, stroke=0, fill=0)
            c.translate(x0 - a, y0 - win[1])
            if turn:  # the map turned anticlockwise: map (x, y) -> (tw - y, x)
                c.translate(tw, 0)
                c.rotate(90)
                win = (win[1], tw - win[2], win[3], tw - win[0])
            draw_hexes(c, cols, rows, win)
            c.restoreState()
            c.showPage()
    frame(c, f"Bench · Map: Big hex map · sheet {total + 1} of {total + 1} · front")
    k = min(aw / tw, ah / th)
    c.saveState()
    c.translate(x0, y0)
    c.scale(k, k)
    if turn:
        c.translate(tw, 0)
        c.rotate(90)
    draw_hexes(c, cols, rows)
    c.restoreState()
    c.showPage()


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
