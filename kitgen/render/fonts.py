"""Fonts by family name: the standard PDF families, Vera (shipped with
ReportLab, embedded), and TTF/OTF files found in fonts/ or the game folder.

A file named Family-Bold.ttf (or -Regular, -Italic, -BoldItalic) joins the
family 'Family'. Files are parsed only when their family is asked for, and a
missing or broken file is a FontError naming it.
"""

from __future__ import annotations

import os
import re
import struct
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from .rl_private import is_truetype

MAX_FONT_BYTES = 30 * 1024 * 1024
_STYLES = {
    "": (False, False),
    "regular": (False, False),
    "bold": (True, False),
    "italic": (False, True),
    "oblique": (False, True),
    "bolditalic": (True, True),
    "boldoblique": (True, True),
}
_STANDARD = {
    "Helvetica": ("Helvetica", "Helvetica-Bold", "Helvetica-Oblique", "Helvetica-BoldOblique"),
    "Times": ("Times-Roman", "Times-Bold", "Times-Italic", "Times-BoldItalic"),
    "Courier": ("Courier", "Courier-Bold", "Courier-Oblique", "Courier-BoldOblique"),
}
_VERA_DIR = Path(reportlab.__file__).parent / "fonts"
_VERA = {
    (False, False): "Vera.ttf",
    (True, False): "VeraBd.ttf",
    (False, True): "VeraIt.ttf",
    (True, True): "VeraBI.ttf",
}


class FontError(ValueError):
    def __init__(self, message: str, hint: str = "", file: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.file = file


def _style_index(bold: bool, italic: bool) -> int:
    return (1 if bold else 0) + (2 if italic else 0)


_FACE_FILES: dict[str, str] = {}  # face name -> the file registered under it


def _face_name(base: str, path: str) -> str:
    """A face name for this file: the plain one unless another file (another game's
    family of the same name, in the same run) already holds it."""
    real = os.path.realpath(path)
    name, n = base, 1
    while _FACE_FILES.setdefault(name, real) != real:
        n += 1
        name = f"{base}~{n}"
    return name


_LOADED: dict[bytes, list[tuple[str, TTFont]]] = {}  # internal font name -> (file, font)


def _keep_own_glyphs(font: TTFont, path: str) -> None:
    """ReportLab hands a new font the glyphs of the last one registered with the same
    internal (PostScript) name. Right for the same file under two styles, wrong for
    another version of the font (another game's copy in the same run): share only
    with a file of the same bytes, else keep its own glyphs."""
    shared = getattr(pdfmetrics, "_dynFaceNames", None)
    if shared is None:  # a ReportLab without face sharing: nothing to undo
        return
    real = os.path.realpath(path)
    same = [f for file, f in _LOADED.get(font.face.name, []) if _same_bytes(file, real)]
    if same:
        shared[font.face.name] = same[0]
    else:
        shared.pop(font.face.name, None)
        _LOADED.setdefault(font.face.name, []).append((real, font))


def _same_bytes(a: str, b: str) -> bool:
    try:
        return a == b or (
            os.path.getsize(a) == os.path.getsize(b)
            and Path(a).read_bytes() == Path(b).read_bytes()
        )
    except OSError:
        return False


@cache
def _register_ttf(face: str, path: str) -> str:
    """Register one TTF with ReportLab, once per process."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError:
        raise FontError(f"font file not found: {path}", file=path) from None
    if not p.is_file():  # a folder, a device or a pipe named like a font
        raise FontError(f"font file {path} is not a regular file", file=path)
    if size > MAX_FONT_BYTES:
        raise FontError(
            f"font file {path} is {size} bytes, over the {MAX_FONT_BYTES} allowed", file=path
        )
    try:
        with open(p, "rb") as f:
            head = f.read(4)
    except OSError as exc:
        raise FontError(f"cannot read font file {path}: {exc.strerror}", file=path) from None
    if head == b"OTTO":
        raise FontError(
            f"font file {path} has PostScript (CFF) outlines, which cannot be embedded",
            "use a TrueType (.ttf) version of the font",
            file=path,
        )
    try:
        font = TTFont(face, path)
        _keep_own_glyphs(font, path)
        pdfmetrics.registerFont(font)
    except (TTFError, OSError, ValueError, KeyError, IndexError, AssertionError) as exc:
        raise FontError(f"broken font file {path}: {exc}", file=path) from None
    except struct.error:  # a table that ends before its data: a truncated file
        raise FontError(f"broken font file {path}: it ends too soon", file=path) from None
    return face


class FontBook:
    """Resolves (family, bold, italic) to a registered face and measures text."""

    def __init__(self, search_dirs: list[Path] | tuple[Path, ...] = ()):
        self.search_dirs = [d for d in search_dirs if d.is_dir()]
        self._families: dict[str, dict[tuple[bool, bool], Path]] | None = None

    def _found_families(self) -> dict[str, dict[tuple[bool, bool], Path]]:
        if self._families is None:
            found: dict[str, dict[tuple[bool, bool], Path]] = {}
            for folder in self.search_dirs:
                for path in sorted(folder.iterdir()):
                    if path.suffix.lower() not in (".ttf", ".otf"):
                        continue
                    family, _, style = path.stem.partition("-")
                    style_key = re.sub(r"[^a-z]", "", style.lower())
                    if style_key in _STYLES:
                        found.setdefault(family, {}).setdefault(_STYLES[style_key], path)
            self._families = found
        return self._families

    def families(self) -> list[str]:
        return sorted({*_STANDARD, "Vera", *self._found_families()})

    def face(self, family: str, bold: bool = False, italic: bool = False) -> str:
        if family in _STANDARD:
            return _STANDARD[family][_style_index(bold, italic)]
        if family == "Vera":
            file = _VERA[(bold, italic)]
            vera = str(_VERA_DIR / file)
            return _register_ttf(_face_name(f"Vera-{_style_index(bold, italic)}", vera), vera)
        styles = self._found_families().get(family)
        if not styles:
            raise FontError(
                f"unknown font family {family!r}", "available: " + ", ".join(self.families())
            )
        path = styles.get((bold, italic)) or styles.get((bold, False)) or styles.get((False, False))
        if path is None:
            path = next(iter(styles.values()))
        base = f"{family}-{_style_index(bold, italic)}"
        return _register_ttf(_face_name(base, str(path)), str(path))

    @staticmethod
    def width(text: str, face: str, size: float) -> float:
        return text_width(text, face, size)

    @staticmethod
    def ascent(face: str, size: float) -> float:
        """Height of capitals above the baseline, for centring text vertically."""
        return pdfmetrics.getAscent(face, size) * 0.72


@lru_cache(maxsize=1 << 10)
def text_width(text: str, face: str, size: float) -> float:
    """Width of a line: asked again and again while fitting text and when drawing it
    centred, so remembered (a face name is registered once and never changes). A text is
    asked again soon or never: a thousand entries keep the hits; eight thousand held
    1.2 MiB of ten thousand counters' one-off labels."""
    font, ascii_widths = font_of(face)
    if ascii_widths is not None and plain_ascii(text):
        # The glyph widths ReportLab sums, summed here without its encoding into chunks
        # per font (most labels are such text).
        return sum(map(ascii_widths.__getitem__, text.encode("ascii"))) * 0.001 * size
    return font.stringWidth(text, size, "utf8")  # what pdfmetrics.stringWidth does


def plain_ascii(text: str) -> bool:
    """Printable ASCII: in a standard (WinAnsi) font its codes are its bytes, so it is
    measured and written without ReportLab's encoding into chunks per font."""
    return text.isascii() and text.isprintable()


_FONTS: dict[str, tuple] = {}


def font_of(face: str) -> tuple:
    """(ReportLab font, its widths by WinAnsi code; None when the font is not a standard
    one in WinAnsi, whose codes are not plain ASCII's bytes)."""
    got = _FONTS.get(face)
    if got is None:
        font = pdfmetrics.getFont(face)
        winansi = not is_truetype(font) and font.encoding.name == "WinAnsiEncoding"
        got = _FONTS[face] = (font, font.widths if winansi else None)
    return got
