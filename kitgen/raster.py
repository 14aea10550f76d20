"""Pictures of a built kit: its PDF pages rendered by pdfium, pieces cut from them.

The PDF the build wrote is the one drawing: a PNG of a page or of a piece is that
PDF rendered (pypdfium2, the maintained binding of the PDF engine Chromium uses),
never a second drawing path that could drift from what prints. A piece's picture
is its trim box (the manifest's `bbox`) cut from its page.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PIL.Image import Image

# Kinds whose items are pieces a player cuts out and handles: each gets a picture
# per face. Sheets, tables, maps and set-up diagrams are pictured as whole pages.
PIECE_KINDS = frozenset({"counter", "marker", "card", "label", "template"})
DEFAULT_DPI = 150
MAX_DPI = 600


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
