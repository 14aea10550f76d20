"""Pictures of a built kit: its PDF pages rendered by pdfium, pieces cut from them.

The PDF the build wrote is the one drawing: a PNG of a page or of a piece is that
PDF rendered (pypdfium2, the maintained binding of the PDF engine Chromium uses),
never a second drawing path that could drift from what prints. A piece's picture
is its trim box (the manifest's `bbox`) cut from its page.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from .budget import MAX_ALL_PICTURE_PIXELS, MAX_PICTURE_PIXELS

if TYPE_CHECKING:
    from PIL.Image import Image

# Kinds whose items are pieces a player cuts out and handles: each gets a picture
# per face. Sheets, tables, maps and set-up diagrams are pictured as whole pages.
PIECE_KINDS = frozenset({"counter", "marker", "card", "label", "template"})
DEFAULT_DPI = 150
MIN_DPI = 36
MAX_DPI = 600


class TooManyPixels(Exception):
    """Pictures asked for at a resolution that would pass a pixel cap: the command
    line's to change (a lower DPI, the largest allowed given in the message)."""


def page_sizes(pdfs: dict[str, bytes]) -> list[tuple[float, float]]:
    """Every page's (width, height) in points, read without rendering a pixel."""
    import pypdfium2 as pdfium

    sizes = []
    for pdf in pdfs.values():
        doc = pdfium.PdfDocument(pdf)
        try:
            sizes += [doc.get_page_size(index) for index in range(len(doc))]
        finally:
            doc.close()
    return sizes


def face_sizes(items: Iterable[dict]) -> list[tuple[float, float]]:
    """(width, height) in points of each piece face pictured (one per design and side)."""
    seen: set[tuple[str, str, str]] = set()
    sizes = []
    for item in items:
        if item["kind"] in PIECE_KINDS and face_key(item) not in seen:
            seen.add(face_key(item))
            x0, y0, x1, y1 = item["bbox"]
            sizes.append((x1 - x0, y1 - y0))
    return sizes


def pixels(size: tuple[float, float], dpi: float) -> int:
    """A picture's pixels at `dpi`, as pdfium rounds each side (up, to be safe)."""
    width, height = size
    return math.ceil(width * dpi / 72) * math.ceil(height * dpi / 72)


def check_pixels(pages: list[tuple[float, float]], faces: list, dpi: float) -> None:
    """Raise TooManyPixels, before anything is rendered, when one picture (a page or a
    piece face) or all of them together would pass their cap at `dpi`; the message
    names the largest resolution this kit allows."""
    sizes = pages + faces
    if not sizes:
        return
    largest = max(sizes, key=lambda size: size[0] * size[1])
    one, total = pixels(largest, dpi), sum(pixels(size, dpi) for size in sizes)
    if one <= MAX_PICTURE_PIXELS and total <= MAX_ALL_PICTURE_PIXELS:
        return
    area = sum(w * h for w, h in sizes)
    best = math.floor(72 * min(math.sqrt(MAX_PICTURE_PIXELS / (largest[0] * largest[1])),
                               math.sqrt(MAX_ALL_PICTURE_PIXELS / area)))  # fmt: skip
    while best >= MIN_DPI and (
        pixels(largest, best) > MAX_PICTURE_PIXELS
        or sum(pixels(size, best) for size in sizes) > MAX_ALL_PICTURE_PIXELS
    ):
        best -= 1  # sides round up: a step or two under the square root's answer
    allowed = (
        f"at most {best} dpi for this kit"
        if best >= MIN_DPI
        else f"too big to picture even at {MIN_DPI} dpi"
    )
    if one > MAX_PICTURE_PIXELS:
        w, h = largest
        raise TooManyPixels(
            f"a picture of {w / 72:.1f} x {h / 72:.1f} in is {one:,} pixels at {dpi:g} dpi, "
            f"more than the {MAX_PICTURE_PIXELS:,} one picture may ({allowed})"
        )
    what = f"{len(pages):,} page(s)" + (f" and {len(faces):,} piece face(s)" if faces else "")
    raise TooManyPixels(
        f"the kit's {what} come to {total:,} pixels at {dpi:g} dpi, more than the "
        f"{MAX_ALL_PICTURE_PIXELS:,} one run may render ({allowed})"
    )


def pages(pdf: bytes, dpi: float) -> Iterator[Image]:
    """Each page of `pdf` as an RGB picture at `dpi`, in page order; its `info["points"]`
    holds the page's size in points (the picture's pixels are rounded)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        for index in range(len(doc)):
            page = doc[index]
            try:
                image = page.render(scale=dpi / 72).to_pil().convert("RGB")
                image.info["points"] = tuple(page.get_size())
                yield image
            finally:
                page.close()
    finally:
        doc.close()


def cut(page: Image, bbox: Iterable[float], dpi: float) -> Image:
    """The part of a page picture inside `bbox` (PDF points, origin bottom-left)."""
    x0, y0, x1, y1 = bbox
    k = dpi / 72
    height = page.height
    box = (round(x0 * k), height - round(y1 * k), round(x1 * k), height - round(y0 * k))
    return page.crop(box)


def png(image: Image) -> bytes:
    """PNG bytes; Pillow writes no date or other varying chunk, so equal pictures give
    equal bytes and a kit's pictures are as reproducible as its PDFs."""
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def face_key(item: dict) -> tuple[str, str, str]:
    """A face is named by its design, not its copy: (kind, id, side)."""
    return (item["kind"], item["id"], item["side"])


def piece_faces(
    items: Iterable[dict], pdfs: dict[str, bytes], dpi: float
) -> dict[tuple[str, str, str], Image]:
    """One picture per face of every piece design in the manifest's items: the first
    copy's, cut from its page (copies of a design are printed alike)."""
    wanted: dict[tuple[str, int], list[dict]] = {}
    seen: set[tuple[str, str, str]] = set()
    for item in items:
        if item["kind"] not in PIECE_KINDS or face_key(item) in seen:
            continue
        seen.add(face_key(item))
        wanted.setdefault((item["file"], item["page"]), []).append(item)
    faces: dict[tuple[str, str, str], Image] = {}
    for file in dict.fromkeys(f for f, _ in wanted):
        numbers = {n for f, n in wanted if f == file}
        for number, page in enumerate(pages(pdfs[file], dpi), start=1):
            if number in numbers:
                for item in wanted[(file, number)]:
                    faces[face_key(item)] = upright(cut(page, item["bbox"], dpi), item)
    return faces


def upright(image: Image, item: dict) -> Image:
    """A face as a player sees it: a fold-and-glue back folded over a horizontal line is
    printed upside down so that it reads upright once folded; turn it back."""
    fold = item.get("fold_line")
    if item["side"] == "back" and fold and abs(fold[1] - fold[3]) < abs(fold[0] - fold[2]):
        return image.rotate(180)
    return image


def file_stem(text: str) -> str:
    """A file name part from an id: ids are already safe, copies' '#' is not."""
    return "".join(c if c.isalnum() or c in "_.-" else "_" for c in text)


def kit_pictures(
    items: list[dict], pdfs: dict[str, bytes], dpi: float, with_pieces: bool
) -> tuple[dict[str, bytes], dict]:
    """`build --png`: every page as png/<file>-<page>.png and, with pieces, every piece
    face as png/pieces/<kind>/<id>-<side>.png. Returns the files and the manifest's
    `pictures` entry that lists them."""
    check_pixels(page_sizes(pdfs), face_sizes(items) if with_pieces else [], dpi)
    files: dict[str, bytes] = {}
    listed: dict = {"dpi": dpi, "pages": [], "pieces": []}
    for name, pdf in pdfs.items():
        for number, page in enumerate(pages(pdf, dpi), start=1):
            path = f"png/{name.removesuffix('.pdf')}-{number}.png"
            files[path] = png(page)
            listed["pages"].append({"path": path, "file": name, "page": number})
    if with_pieces:
        for (kind, ident, side), image in piece_faces(items, pdfs, dpi).items():
            path = f"png/pieces/{kind}/{file_stem(ident)}-{side}.png"
            files[path] = png(image)
            listed["pieces"].append(
                {"path": path, "kind": kind, "id": ident, "side": side, "pixels": image.size}
            )
    return files, listed


def render_page(pdf: bytes, index: int, dpi: float, with_text: bool = False) -> Image:
    """One page (from 0) of `pdf` as a picture, the others left alone. With
    `with_text`, `info["text"]` holds the page's text as pdfium reads it back: what a
    reader of the page would find (the served page carries it, to be searched)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[index]
        try:
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            image.info["points"] = tuple(page.get_size())
            if with_text:
                text = page.get_textpage()
                image.info["text"] = text.get_text_range()
                text.close()
            return image
        finally:
            page.close()
    finally:
        doc.close()


class OffPage(ValueError):
    """A box asked for that is not on a page of the PDF: the reason, for the asker."""


def render_box(pdf: bytes, number: int, bbox, dpi: float, most: int) -> Image:
    """The box `bbox` (points, origin bottom-left) of page `number` (from 1), rendered
    alone at `dpi`, or lower where it would pass `most` pixels; OffPage when the page
    or the box is not one of the PDF's."""
    import pypdfium2 as pdfium

    x0, y0, x1, y1 = bbox
    if not all(math.isfinite(v) for v in bbox) or not (x0 < x1 and y0 < y1):
        raise OffPage("bbox must be four finite numbers x0,y0,x1,y1 with x0 < x1, y0 < y1")
    doc = pdfium.PdfDocument(pdf)
    try:
        if not 1 <= number <= len(doc):
            raise OffPage(f"page must be from 1 to {len(doc)}")
        width, height = doc.get_page_size(number - 1)
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            raise OffPage(f"bbox must lie on the page: 0,0,{width:g},{height:g}")
        k = min(dpi, 72 * math.sqrt(most / ((x1 - x0) * (y1 - y0)))) / 72
        # only the box (and a point around it) is rendered, then cut exactly
        left, bottom = max(0.0, x0 - 1), max(0.0, y0 - 1)
        right, top = min(width, x1 + 1), min(height, y1 + 1)
        page = doc[number - 1]
        try:
            crop = (left, bottom, width - right, height - top)
            image = page.render(scale=k, crop=crop).to_pil()
        finally:
            page.close()
    finally:
        doc.close()
    box = (
        round((x0 - left) * k),
        round((top - y1) * k),
        round((x1 - left) * k),
        round((top - y0) * k),
    )
    return image.crop(box).convert("RGB")
