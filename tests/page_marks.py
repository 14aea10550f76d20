"""What a printed page carries, read back from the PDF by pdfium: every glyph's box (with
the text run it belongs to and its size), every stroked line segment and every opaque
fill, in page points, through forms and transforms. `faults(page)` lists text that
crosses a line or an edge, overlaps other text, or lies under a later fill;
`column_bands(page)` finds a reference sheet's columns and where each ends.

    .venv/bin/python -m tests.page_marks output/rencounter/*.pdf

prints each fault with its file, page and the text concerned (exit 1 when any).
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pypdfium2 as pdfium
import pypdfium2.raw as raw

_T = TypeVar("_T")

# Slack before two marks count as touching (points): glyph boxes are tight, so text set
# solid may touch by a hair, and a line drawn along a glyph's edge is not a crossing.
TOUCH = 0.3
CELL = 24.0  # the grid that sorts marks by place, so each is tested against its neighbours

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(slots=True)
class Glyph:
    char: str
    box: tuple[float, float, float, float]  # left, bottom, right, top
    run: int  # the text object it belongs to (its order on the page)
    size: float  # the size it prints at, in points


@dataclass(slots=True)
class Segment:
    x0: float
    y0: float
    x1: float
    y1: float
    width: float
    order: int


@dataclass(slots=True)
class Fill:
    box: tuple[float, float, float, float]  # an axis-aligned filled rectangle
    order: int


@dataclass(slots=True)
class Marks:
    glyphs: list[Glyph]
    runs: dict[int, str]  # order -> the run's text
    segments: list[Segment]
    fills: list[Fill]


def _times(a: Matrix, b: Matrix) -> Matrix:
    """a then b (PDF row-vector convention)."""
    return (
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    )


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _matrix(obj) -> Matrix:
    fs = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, fs)
    return (fs.a, fs.b, fs.c, fs.d, fs.e, fs.f)


Box = tuple[float, float, float, float]  # left, bottom, right, top


def _clip_box(obj, outer: Matrix) -> Box | None:
    """The box of the object's clip path (the intersection of its paths' boxes), in page
    points: pdfium keeps a clip in the space of the content it was set in."""
    clip = raw.FPDFPageObj_GetClipPath(obj)
    if not clip:
        return None
    box: Box | None = None
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFClipPath_CountPaths(clip)):
        points = []
        for j in range(raw.FPDFClipPath_CountPathSegments(clip, i)):
            raw.FPDFPathSegment_GetPoint(raw.FPDFClipPath_GetPathSegment(clip, i, j), x, y)
            points.append(_apply(outer, x.value, y.value))
        if points:
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            box = _meet(box, (min(xs), min(ys), max(xs), max(ys)))
    return box


def _meet(a: Box | None, b: Box | None) -> Box | None:
    if a is None or b is None:
        return a or b
    return (max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _objects(page) -> Iterator[tuple[object, Matrix, Box | None]]:
    """Every object that paints, in painting order, with its matrix to the page and the
    box it is clipped to."""

    def walk(obj, outer: Matrix, clip: Box | None) -> Iterator[tuple[object, Matrix, Box | None]]:
        m = _times(_matrix(obj), outer)
        clip = _meet(clip, _clip_box(obj, outer))
        if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_FORM:
            for i in range(raw.FPDFFormObj_CountObjects(obj)):
                yield from walk(raw.FPDFFormObj_GetObject(obj, i), m, clip)
        else:
            yield obj, m, clip

    for i in range(raw.FPDFPage_CountObjects(page)):
        yield from walk(raw.FPDFPage_GetObject(page, i), IDENTITY, None)


def _path(obj, m: Matrix) -> list[list[tuple[float, float]]]:
    """The path's subpaths as page points (curves by their control points, which hold
    the curve: enough to tell where it runs)."""
    subpaths: list[list[tuple[float, float]]] = []
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(raw.FPDFPath_CountSegments(obj)):
        seg = raw.FPDFPath_GetPathSegment(obj, i)
        raw.FPDFPathSegment_GetPoint(seg, x, y)
        point = _apply(m, x.value, y.value)
        if raw.FPDFPathSegment_GetType(seg) == raw.FPDF_SEGMENT_MOVETO or not subpaths:
            subpaths.append([point])
        else:
            subpaths[-1].append(point)
        if raw.FPDFPathSegment_GetClose(seg):
            subpaths[-1].append(subpaths[-1][0])
    return subpaths


def _clipped(x0: float, y0: float, x1: float, y1: float, box: Box) -> tuple | None:
    """The part of a segment inside a box (Liang-Barsky), or None."""
    dx, dy = x1 - x0, y1 - y0
    lo, hi = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
        else:
            t = q / p
            if p < 0:
                lo = max(lo, t)
            else:
                hi = min(hi, t)
            if lo > hi:
                return None
    return (x0 + lo * dx, y0 + lo * dy, x0 + hi * dx, y0 + hi * dy)


def marks_of(pdf: bytes | str, page: int) -> Marks:
    """`read_marks` of one page (counted from 1) of a PDF given as bytes or a path."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return read_marks(doc[page - 1])
    finally:
        doc.close()


def read_marks(page: pdfium.PdfPage) -> Marks:
    """The glyphs, stroked segments and fills of one page, as far as they show: what a
    clip path or the page's edge cuts away is left out."""
    width, height = page.get_size()
    page_box: Box = (0.0, 0.0, width, height)
    order_of: dict[int, int] = {}
    shown: dict[int, tuple[float, Box]] = {}  # a text object's order -> (size, clip)
    segments: list[Segment] = []
    fills: list[Fill] = []
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    stroke_width, size = ctypes.c_float(), ctypes.c_float()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for order, (obj, m, clip) in enumerate(_objects(page)):
        kind = raw.FPDFPageObj_GetType(obj)
        box = _meet(page_box, clip)
        assert box is not None
        scale = abs(m[0] * m[3] - m[1] * m[2]) ** 0.5
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            order_of[ctypes.cast(obj, ctypes.c_void_p).value or 0] = order
            raw.FPDFTextObj_GetFontSize(obj, size)
            shown[order] = (size.value * scale, box)
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            raw.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
            subpaths = _path(obj, m)
            if stroke.value:
                raw.FPDFPageObj_GetStrokeColor(obj, r, g, b, a)
                raw.FPDFPageObj_GetStrokeWidth(obj, stroke_width)
                if a.value and (r.value, g.value, b.value) != (255, 255, 255):
                    for points in subpaths:
                        for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
                            part = _clipped(x0, y0, x1, y1, box)
                            if part:
                                segments.append(Segment(*part, stroke_width.value * scale, order))
            if fill_mode.value:
                raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
                if a.value == 255:
                    for points in subpaths:
                        if len(points) >= 3:
                            xs, ys = [p[0] for p in points], [p[1] for p in points]
                            cover = _meet(box, (min(xs), min(ys), max(xs), max(ys)))
                            if cover and cover[0] < cover[2] and cover[1] < cover[3]:
                                fills.append(Fill(cover, order))
    glyphs: list[Glyph] = []
    runs: dict[int, list[str]] = {}
    text = page.get_textpage()
    try:
        for i in range(text.count_chars()):
            code = raw.FPDFText_GetUnicode(text, i)
            char = chr(code) if code else ""
            if not char.strip() or raw.FPDFText_IsGenerated(text, i) == 1:
                continue
            obj = raw.FPDFText_GetTextObject(text, i)
            order = order_of.get(ctypes.cast(obj, ctypes.c_void_p).value or 0, -1)
            glyph_size, clip = shown.get(order, (0.0, page_box))
            box = text.get_charbox(i)
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if not (clip[0] <= cx <= clip[2] and clip[1] <= cy <= clip[3]):
                continue  # clipped away: it does not print
            runs.setdefault(order, []).append(char)
            if box[2] - box[0] > 0 and box[3] - box[1] > 0:
                glyphs.append(Glyph(char, box, order, glyph_size))
    finally:
        text.close()
    return Marks(glyphs, {k: "".join(v) for k, v in runs.items()}, segments, fills)


def _cells(box: tuple[float, float, float, float]) -> Iterator[tuple[int, int]]:
    for i in range(int(box[0] // CELL), int(box[2] // CELL) + 1):
        for j in range(int(box[1] // CELL), int(box[3] // CELL) + 1):
            yield i, j


def _crosses(s: Segment, box: Box) -> bool:
    """Does the stroked segment run through the box's inside (less TOUCH a side)?"""
    half = s.width / 2
    x0, y0 = box[0] + TOUCH - half, box[1] + TOUCH - half
    x1, y1 = box[2] - TOUCH + half, box[3] - TOUCH + half
    return x0 < x1 and y0 < y1 and _clipped(s.x0, s.y0, s.x1, s.y1, (x0, y0, x1, y1)) is not None


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (
        outer[0] <= inner[0] + TOUCH
        and outer[1] <= inner[1] + TOUCH
        and inner[2] <= outer[2] + TOUCH
        and inner[3] <= outer[3] + TOUCH
    )


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """The boxes share more than a touch both ways (a fill over any part of a glyph)."""
    return min(a[2], b[2]) - max(a[0], b[0]) > TOUCH and min(a[3], b[3]) - max(a[1], b[1]) > TOUCH


@dataclass(frozen=True, slots=True)
class Fault:
    kind: str  # "overlaps" (other text), "crosses" (a line), "covered" (by a later fill)
    text: str  # the text run at fault
    other: str  # the other run ("overlaps"), else ""
    at: tuple[float, float]  # where, in page points

    def __str__(self) -> str:
        what = {
            "overlaps": f"overlaps text {self.other!r}",
            "crosses": "crosses a line",
            "covered": "is covered by a fill painted over it",
        }[self.kind]
        return f"text {self.text!r} {what} at ({self.at[0]:.1f}, {self.at[1]:.1f}) pt"


def faults(marks: Marks) -> list[Fault]:
    """Text crossing a stroked line, overlapping another run's text, or under a fill
    painted after it, in whole or in part (a tab over the top of a word cuts it as surely
    as one over all of it): one fault per run and kind (per pair of runs for overlaps)."""
    found: dict[tuple, Fault] = {}
    grid: dict[tuple[int, int], list[Glyph]] = {}
    for glyph in marks.glyphs:
        for cell in _cells(glyph.box):
            grid.setdefault(cell, []).append(glyph)

    def fault(kind: str, g: Glyph, other: int | None = None) -> Fault:
        text = marks.runs.get(g.run, "?")
        where = (g.box[0], g.box[1])
        return Fault(kind, text, "" if other is None else marks.runs.get(other, "?"), where)

    for glyphs in grid.values():
        for i, a in enumerate(glyphs):
            for b in glyphs[i + 1 :]:
                key = ("overlaps", min(a.run, b.run), max(a.run, b.run))
                if a.run == b.run or key in found:
                    continue
                if _overlap(a.box, b.box):
                    first, second = sorted((a, b), key=lambda g: g.run)
                    found[key] = fault("overlaps", first, second.run)
    for s in marks.segments:
        box = (min(s.x0, s.x1), min(s.y0, s.y1), max(s.x0, s.x1), max(s.y0, s.y1))
        for g in {id(g): g for c in _cells(box) for g in grid.get(c, ())}.values():
            key = ("crosses", g.run)
            if key in found or not _crosses(s, g.box):
                continue
            lo, hi = sorted((s.order, g.run))
            if any(lo < f.order < hi and _inside(g.box, f.box) for f in marks.fills):
                continue  # a fill painted between them hides the line under the text
            found[key] = fault("crosses", g)
    for f in marks.fills:
        for g in {id(g): g for c in _cells(f.box) for g in grid.get(c, ())}.values():
            key = ("covered", g.run)
            if key not in found and f.order > g.run and _overlap(g.box, f.box):
                found[key] = fault("covered", g)
    return list(found.values())


@dataclass(frozen=True, slots=True)
class Band:
    """A band of columns on a reference sheet page: its top and bottom (its column rules'
    ends) and the foot of each column, left to right (its lowest glyph, fill or line; None
    for a column with nothing in it)."""

    top: float
    bottom: float
    feet: tuple[float | None, ...]

    @property
    def heights(self) -> tuple[float, ...]:
        return tuple(0.0 if f is None else self.top - f for f in self.feet)


RULE_MIN = 20.0  # a column rule is a vertical line at least this long in a gutter


def column_bands(marks: Marks) -> list[Band]:
    """The bands of columns on a page, top first, found by their column rules: vertical
    lines in the gutters that no text crosses, running from the band's top to its lowest
    column's foot. A mark belongs to the column its centre lies in; a mark that spans a
    gutter (a block set across the columns) belongs to none."""

    def is_rule(s: Segment) -> bool:
        if abs(s.x0 - s.x1) > 0.01 or abs(s.y0 - s.y1) < RULE_MIN:
            return False
        lo, hi = min(s.y0, s.y1), max(s.y0, s.y1)
        return not any(
            g.box[0] < s.x0 < g.box[2] and g.box[1] < hi and g.box[3] > lo for g in marks.glyphs
        )

    rules: dict[tuple[float, float], list[float]] = {}
    for s in marks.segments:
        if is_rule(s):
            key = (round(max(s.y0, s.y1), 2), round(min(s.y0, s.y1), 2))
            rules.setdefault(key, []).append(s.x0)
    boxes = [g.box for g in marks.glyphs] + [f.box for f in marks.fills]
    boxes += [
        (min(s.x0, s.x1), min(s.y0, s.y1), max(s.x0, s.x1), max(s.y0, s.y1))
        for s in marks.segments
        if not is_rule(s)
    ]
    bands = []
    for (top, bottom), xs in sorted(rules.items(), reverse=True):
        xs = sorted(xs)
        feet: list[float | None] = [None] * (len(xs) + 1)
        for box in boxes:
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if not bottom - 2 <= cy <= top + 2 or any(box[0] < x < box[2] for x in xs):
                continue
            c = sum(cx > x for x in xs)
            foot = feet[c]
            feet[c] = box[1] if foot is None else min(foot, box[1])
        bands.append(Band(top, bottom, tuple(feet)))
    return bands


def each_page(pdf: bytes | str, read: Callable[[Any], _T]) -> Iterator[tuple[int, _T]]:
    """(page from 1, what `read` makes of it) for every page of a PDF, each page closed
    after it is read and the document at the end."""
    doc = pdfium.PdfDocument(pdf)
    try:
        for number in range(len(doc)):
            page = doc[number]
            try:
                found = read(page)
            finally:
                page.close()
            yield number + 1, found
    finally:
        doc.close()


def pdf_faults(pdf: bytes | str) -> list[tuple[int, Fault]]:
    """(page from 1, fault) for every page of a PDF."""
    return [(n, f) for n, found in each_page(pdf, lambda p: faults(read_marks(p))) for f in found]


def main(paths: list[str]) -> int:
    bad = 0
    for path in paths:
        for number, fault in pdf_faults(Path(path).read_bytes()):
            print(f"{path}: page {number}: {fault}")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
