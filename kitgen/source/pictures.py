"""Image files named in a game, verified by their content before anything draws them.

Only PNG, JPEG and SVG are accepted, each known by its first bytes (the name's suffix
must agree): a GIF, an EPS or a PDF named .png is refused, never handed to Pillow's
other decoders or to Ghostscript. A PNG or JPEG is decoded once, whole, under a pixel
cap (a truncated file fails here, not in the PDF). An SVG is parsed without entities
or network, and only drawing elements are allowed: no <image>, no reference to
anything but its own elements, so drawing it reads no other file; it must draw
something, at a size above zero. The verified bytes travel with the Picture: the
renderer never opens the file again.
"""

from __future__ import annotations

import hashlib
import io
import math
import re
from pathlib import Path

from ..budget import (
    MAX_IMAGE_BYTES,
    MAX_IMAGE_PIXELS,
    MAX_NUMBER,
    MAX_SVG_BYTES,
    MAX_SVG_ELEMENTS,
)
from ..files import FileRefused, read_file
from ..model.counters import Picture
from ..patterns import bytes_pattern

SUFFIXES = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg"}
_NAMES = {"png": "PNG", "jpeg": "JPEG", "svg": "SVG"}
_MAGIC = (  # first bytes -> what the file is
    (b"\x89PNG\r\n\x1a\n", "png"),
    (b"\xff\xd8\xff", "jpeg"),
    (b"GIF8", "a GIF image"),
    (b"BM", "a BMP image"),
    (b"II*\x00", "a TIFF image"),
    (b"MM\x00*", "a TIFF image"),
    (b"%!PS", "PostScript"),
    (b"\xc5\xd0\xd3\xc6", "PostScript"),
    (b"%PDF", "a PDF"),
    (b"RIFF", "a RIFF (WebP) file"),
    (b"\x00\x00\x01\x00", "an icon file"),
)
_SVG_START = bytes_pattern(rb"^(\xef\xbb\xbf)?\s*(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*<svg[\s>]", re.S)


def read_picture(root: Path, name: str) -> Picture:
    """The verified content of image file `name` in the game folder `root`. Raises
    FileRefused with a message for the YAML line that names it."""
    kind = SUFFIXES.get(Path(name).suffix.lower())
    if kind is None:
        raise FileRefused(f"unsupported image type {Path(name).suffix!r}", "use PNG, JPEG or SVG")
    limit = MAX_SVG_BYTES if kind == "svg" else MAX_IMAGE_BYTES
    found = read_file(root, name, limit, what="image")
    data = found.data
    shown = repr(Path(name).name)
    content = _content(data)
    if content != kind:
        what = _NAMES.get(content, content)
        raise FileRefused(
            f"image {shown} is not {_NAMES[kind]}: it holds {what}",
            "use PNG, JPEG or SVG, named for what it holds",
        )
    digest = hashlib.sha256(data).hexdigest()
    if kind == "svg":
        size = check_svg(data, shown)
        return Picture(found.path.name, kind, data, (0, 0), digest, size)
    return Picture(found.path.name, kind, data, _raster_size(data, kind, shown), digest)


def _content(data: bytes) -> str:
    for magic, what in _MAGIC:
        if data.startswith(magic):
            return what
    if _SVG_START.match(data[:4096]):
        return "svg"
    return "no image format kitgen knows" if data else "nothing (an empty file)"


def _raster_size(data: bytes, kind: str, shown: str) -> tuple[int, int]:
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a decompression-bomb warning is an error here
            with Image.open(io.BytesIO(data), formats=[kind.upper()]) as im:
                w, h = im.size
                if w * h > MAX_IMAGE_PIXELS:
                    raise FileRefused(
                        f"image {shown} is {w} x {h} pixels, more than the "
                        f"{MAX_IMAGE_PIXELS:,} allowed",
                        "scale it down; 300 dpi at the printed size is plenty",
                    )
                if w < 1 or h < 1:
                    raise FileRefused(f"image {shown} has no pixels")
                im.load()  # the whole file decodes: a truncated one fails here
    except FileRefused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        # Pillow's own cap, past ours, refuses it as it opens: the same message as ours
        raise FileRefused(
            f"image {shown} is more than the {MAX_IMAGE_PIXELS:,} pixels allowed",
            "scale it down; 300 dpi at the printed size is plenty",
        ) from None
    except Exception as exc:  # Pillow raises many kinds for a broken file  # noqa: BLE001
        raise FileRefused(
            f"cannot read image {shown}: {_why(exc)}", "save it again as a plain PNG or JPEG"
        ) from None
    return (w, h)


def _why(exc: BaseException) -> str:
    text = re.sub(r" ?<[^<>]* at 0x[0-9a-f]+>", "", str(exc)).strip()  # no object's address
    if not text or len(text) > 120:
        return type(exc).__name__
    return text.encode("ascii", "backslashreplace").decode("ascii")


# ---- SVG ------------------------------------------------------------------------------

_SVG_NS = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_ALLOWED = frozenset(
    "svg g defs symbol use title desc metadata style path rect circle ellipse line "
    "polyline polygon text tspan textPath clipPath mask linearGradient radialGradient "
    "stop pattern marker switch a".split()
)
_URL = bytes_pattern(rb"url\(\s*['\"]?\s*([^)'\"\s]*)", re.I)
MAX_SVG_USES = 256


def check_svg(data: bytes, shown: str) -> tuple[float, float]:
    """The SVG's drawing size in points; FileRefused when it is not a plain drawing."""
    from lxml import etree

    if b"<!ENTITY" in data or b"<!DOCTYPE" in data:
        raise FileRefused(f"SVG {shown} declares a DOCTYPE or entities", "remove them")
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
        remove_comments=True, remove_pis=True,
    )  # fmt: skip
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise FileRefused(f"SVG {shown} is not well-formed XML: {_why(exc)}") from None
    _check_tree(root, shown)
    _check_copies(root, shown)
    return _draw_size(data, shown)


def _check_tree(root, shown: str) -> None:
    count = uses = 0
    for el in root.iter():
        count += 1
        if count > MAX_SVG_ELEMENTS:
            raise FileRefused(f"SVG {shown} has more than {MAX_SVG_ELEMENTS:,} elements")
        if not isinstance(el.tag, str):
            continue  # an entity or a processing instruction left in: no content
        tag = el.tag[len(_SVG_NS) :] if el.tag.startswith(_SVG_NS) else el.tag
        if tag not in _ALLOWED:
            raise FileRefused(
                f"SVG {shown} holds a <{tag}> element, which kitgen does not draw",
                "keep to shapes, paths and text: no images, scripts or foreign content",
            )
        uses += tag == "use"
        if uses > MAX_SVG_USES:
            raise FileRefused(f"SVG {shown} has more than {MAX_SVG_USES} <use> elements")
        for key, value in el.attrib.items():
            if key in ("href", _XLINK_HREF) and not value.strip().startswith("#"):
                raise FileRefused(
                    f"SVG {shown} refers to {value[:60]!r}, outside itself",
                    "an SVG may only refer to its own elements, as #id",
                )
            _check_css(value.encode("utf-8", "replace"), shown)
        if tag == "style" and el.text:
            _check_css(el.text.encode("utf-8", "replace"), shown)


def _check_copies(root, shown: str) -> None:
    """The elements the drawing makes, each <use> counted as the copy it makes, are at
    most MAX_SVG_ELEMENTS, and no <use> copies an element that holds it: ten <use>s of
    a group of ten <use>s of ... make billions from a few hundred. Each element's count
    is worked out once, depth first (an explicit stack: a chain of copies may be deep)."""
    ids = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
    made: dict = {}  # element -> elements it makes, itself and its copies counted
    path: set = set()  # the elements being counted: a copy of one of them is a loop
    stack = [(root, False)]
    while stack:
        el, counted = stack.pop()
        if counted:
            path.discard(el)
            made[el] = min(MAX_SVG_ELEMENTS + 1, 1 + sum(made[p] for p in _parts(el, ids)))
            if made[el] > MAX_SVG_ELEMENTS:
                raise FileRefused(
                    f"SVG {shown} makes more than {MAX_SVG_ELEMENTS:,} elements, "
                    "each <use> counted as the copy it makes",
                    "draw the shapes out, or copy fewer times",
                )
        elif el in path:
            raise FileRefused(
                f"SVG {shown} has a <use> that copies an element holding it",
                "a <use> may copy only elements outside it",
            )
        elif el not in made:
            path.add(el)
            stack.append((el, True))
            stack.extend((p, False) for p in _parts(el, ids))


def _parts(el, ids: dict) -> list:
    """What an element draws: its child elements, and the element a <use> copies."""
    parts = [c for c in el if isinstance(c.tag, str)]
    href = el.get("href") or el.get(_XLINK_HREF) or ""
    if el.tag in (_SVG_NS + "use", "use") and href.strip()[1:] in ids:
        parts.append(ids[href.strip()[1:]])
    return parts


def _check_css(text: bytes, shown: str) -> None:
    if b"@import" in text.lower():
        raise FileRefused(f"SVG {shown} imports a style sheet", "write the styles out")
    for target in _URL.findall(text):
        if not target.startswith(b"#"):
            raise FileRefused(
                f"SVG {shown} refers to {target[:60].decode('utf-8', 'replace')!r}, outside itself",
                "an SVG may only refer to its own elements, as #id",
            )


def _draw_size(data: bytes, shown: str) -> tuple[float, float]:
    """Converted once here so that a file that draws nothing is an error now."""
    drawing = svg_drawing(data)
    if drawing is None or not _draws(drawing):
        raise FileRefused(f"SVG {shown} draws nothing", "check the file in a browser")
    w, h = drawing.width, drawing.height
    if not (math.isfinite(w) and math.isfinite(h) and w > 0 and h > 0):
        raise FileRefused(
            f"SVG {shown} has no usable size ({w:g} x {h:g})",
            "give the <svg> a width and height, or a viewBox, above zero",
        )
    reach = max(abs(v) for v in (w, h, *_bounds(drawing)))
    if not reach <= MAX_NUMBER:  # the PDF writer cannot write 1e30 (nor .nan)
        # no figure in the message: svglib's releases convert the file's units differently
        raise FileRefused(
            f"SVG {shown} reaches past the {MAX_NUMBER:,} units a drawing may",
            "scale it down: its width, height, viewBox and coordinates",
        )
    return (float(w), float(h))


def _bounds(drawing) -> tuple[float, ...]:
    try:
        return tuple(float(v) for v in drawing.getBounds())
    except Exception:  # no bounds to give (svglib's shapes on an odd file)  # noqa: BLE001
        return ()


def svg_drawing(data: bytes):
    """svglib's drawing of checked SVG bytes (None when it cannot make one)."""
    import logging

    from svglib.svglib import svg2rlg

    logging.getLogger("svglib").setLevel(logging.CRITICAL)  # its messages are ours here
    try:
        return svg2rlg(io.BytesIO(data))
    except Exception:  # svglib on a checked but odd file  # noqa: BLE001
        return None


def _draws(node, depth: int = 0) -> bool:
    contents = getattr(node, "contents", None)
    if contents is None:
        return True  # a shape
    return depth < 64 and any(_draws(c, depth + 1) for c in contents)
