"""Plain-ReportLab baselines: the same sheets, shapes, text and image as each
kitgen workload, written the way a person would by hand (one canvas, a loop,
no YAML, no validation, no layout engine). Run as a script:

    python benchmarks/baseline.py W1 OUT.pdf
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

from reportlab.lib.pagesizes import letter
from reportlab.pdfgen.canvas import Canvas
from workloads import COLOURS, ICON_PNG, counter_texts, spec

MARGIN = 18.0
BAND = 20.0
GUTTER = 9.0
SIZE = 54.0


def hex_rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))


def grid_slots():
    """Positions of 3/4 in counters on a letter page, row by row."""
    w, h = letter
    cols = int((w - 2 * MARGIN + GUTTER) // (SIZE + GUTTER))
    rows = int((h - 2 * MARGIN - 2 * BAND + GUTTER) // (SIZE + GUTTER))
    for r in range(rows):
        for c in range(cols):
            yield MARGIN + c * (SIZE + GUTTER), h - MARGIN - BAND - (r + 1) * SIZE - r * GUTTER


def frame(c: Canvas, label: str) -> None:
    c.setFont("Helvetica", 7)
    c.setFillColorRGB(0, 0, 0)
    c.drawString(MARGIN, letter[1] - MARGIN - 12, label)
    c.rect(MARGIN, MARGIN + 4, 72, 3, stroke=0, fill=1)
    c.rect(MARGIN + 102, MARGIN + 4, 70.866, 3, stroke=0, fill=1)


def counter(c: Canvas, x: float, y: float, i: int, with_icon: bool, back: bool = False) -> None:
    top, bottom = counter_texts(i)
    c.setFillColorRGB(*hex_rgb(COLOURS[i % len(COLOURS)] if not back else "#dddddd"))
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.5)
    c.rect(x, y, SIZE, SIZE, stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(x + SIZE / 2, y + SIZE - 13, top if not back else "BACK")
    c.setFont("Helvetica", 8)
    c.drawCentredString(x + SIZE / 2, y + 6, bottom)
    if with_icon and not back:
        c.drawImage(str(ICON_PNG), x + SIZE / 2 - 12, y + SIZE / 2 - 12, 24, 24, mask="auto")


def counters(c: Canvas, n: int, with_icon: bool, duplex: bool) -> None:
    slots = list(grid_slots())
    per_page = len(slots)
    pages = math.ceil(n / per_page)
    for p in range(pages):
        frame(c, f"Bench - Counters - sheet {p + 1} of {pages} - front")
        chunk = range(p * per_page, min(n, (p + 1) * per_page))
        for slot, i in zip(slots, chunk, strict=False):
            counter(c, *slot, i, with_icon)
        c.showPage()
        if duplex:
            frame(c, f"Bench - Counters - sheet {p + 1} of {pages} - back")
            for (x, y), i in zip(slots, chunk, strict=False):
                counter(c, letter[0] - x - SIZE, y, i, with_icon, back=True)
            c.showPage()


def hex_map(c: Canvas, cols: int, rows: int) -> None:
    """Flat-top hexes 3/4 in across flats with XXYY labels, tiled on letter sheets."""
    size = SIZE
    radius = size / math.sqrt(3)
    width = 1.5 * radius * (cols - 1) + 2 * radius
    height = size * rows + size / 2
    inner_w, inner_h = letter[0] - 2 * MARGIN, letter[1] - 2 * MARGIN - 2 * BAND
    overlap = 28.35
    tiles_x = math.ceil((width - overlap) / (inner_w - overlap))
    tiles_y = math.ceil((height - overlap) / (inner_h - overlap))
    for ty in range(tiles_y):
        for tx in range(tiles_x):
            frame(c, f"Bench - Map - tile {ty * tiles_x + tx + 1}")
            ox = MARGIN - tx * (inner_w - overlap)
            oy = MARGIN + BAND + inner_h - height + ty * (inner_h - overlap)
            c.saveState()
            p = c.beginPath()
            p.rect(MARGIN, MARGIN + BAND, inner_w, inner_h)
            c.clipPath(p, stroke=0, fill=0)
            c.setLineWidth(0.5)
            c.setFont("Helvetica", 5)
            for col in range(cols):
                for row in range(rows):
                    cx = ox + radius + 1.5 * radius * col
                    cy = oy + height - size / 2 - size * row - (size / 2 if col % 2 else 0)
                    if not (
                        MARGIN - size < cx < MARGIN + inner_w + size
                        and MARGIN + BAND - size < cy < MARGIN + BAND + inner_h + size
                    ):
                        continue
                    path = c.beginPath()
                    for k in range(6):
                        a = math.radians(60 * k)
                        pt = (cx + radius * math.cos(a), cy + radius * math.sin(a))
                        path.moveTo(*pt) if k == 0 else path.lineTo(*pt)
                    path.close()
                    c.setFillColorRGB(*hex_rgb(COLOURS[(col * 7 + row * 3) % len(COLOURS)]))
                    c.drawPath(path, stroke=1, fill=1)
                    c.setFillColorRGB(0, 0, 0)
                    c.drawCentredString(cx, cy + size / 2 - 8, f"{col + 1:02d}{row + 1:02d}")
            c.restoreState()
            c.showPage()


def main(name: str, out: str) -> None:
    s = spec(name)
    c = Canvas(out, pagesize=letter, invariant=1)
    if s["kind"] == "counters":
        counters(c, s["count"], s["icon"], s["duplex"])
    else:
        hex_map(c, s["cols"], s["rows"])
    c.save()


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    main(sys.argv[1], sys.argv[2])
