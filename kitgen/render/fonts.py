"""Fonts by family name: the standard PDF families, Vera (shipped with
ReportLab, embedded), and TTF/OTF files found in fonts/ or the game folder.

A file named Family-Bold.ttf (or -Regular, -Italic, -BoldItalic) joins the
family 'Family'. Files are parsed only when their family is asked for, and a
missing or broken file is a FontError naming it.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import struct
from functools import cache, lru_cache
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..budget import MAX_FONT_BYTES
from ..files import FileRefused, list_folder, read_file
from ..patterns import pattern
from ..style import MARK_GAP, MARK_RISE, MARK_SCALE, READING_MARK
from .fontcheck import BadFont, check_font
from .rl_private import is_truetype

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


_LOADED: dict[bytes, list[tuple[str, TTFont]]] = {}  # internal font name -> (digest, font)


def _keep_own_glyphs(font: TTFont, digest: str) -> None:
    """ReportLab hands a new font the glyphs of the last one registered with the same
    internal (PostScript) name. Right for the same file under two styles, wrong for
    another version of the font (another game's copy in the same run): share only
    with a file of the same bytes, else keep its own glyphs."""
    shared = getattr(pdfmetrics, "_dynFaceNames", None)
    if shared is None:  # a ReportLab without face sharing: nothing to undo
        return
    same = [f for seen, f in _LOADED.get(font.face.name, []) if seen == digest]
    if same:
        shared[font.face.name] = same[0]
    else:
        shared.pop(font.face.name, None)
        _LOADED.setdefault(font.face.name, []).append((digest, font))


@cache
def _register_ttf(face: str, root: str, name: str) -> str:
    """Register one TTF with ReportLab, once per process. The file is read through
    kitgen.files (confined to `root`) and its tables checked before ReportLab sees it."""
    try:
        found = read_file(Path(root), name, MAX_FONT_BYTES, what="font file")
    except FileRefused as exc:
        raise FontError(exc.message, exc.hint, file=name) from None
    shown = repr(name)
    try:
        check_font(found.data)
    except BadFont as exc:
        hint = "use a TrueType (.ttf) version of the font" if "CFF" in str(exc) else ""
        raise FontError(f"font file {shown} cannot be used: {exc}", hint, file=name) from None
    source = io.BytesIO(found.data)
    source.name = str(found.path)  # ReportLab's name for the file, in its messages
    try:
        font = TTFont(face, source)
        _keep_own_glyphs(font, hashlib.sha256(found.data).hexdigest())
        pdfmetrics.registerFont(font)
    except struct.error:  # a table that ends before its data: a truncated file
        raise FontError(f"broken font file {shown}: it ends too soon", file=name) from None
    except Exception as exc:  # ReportLab on a damaged file raises many kinds  # noqa: BLE001
        raise FontError(f"broken font file {shown}: {_why(exc)}", file=name) from None
    return face


def _why(exc: BaseException) -> str:
    text = str(exc).strip()
    if not text or len(text) > 120 or not text.isprintable():
        return type(exc).__name__
    return text


class FontBook:
    """Resolves (family, bold, italic) to a registered face and measures text.

    Fonts come from `search_dirs` (kitgen's own fonts/, trusted) and, for a game, from
    its folder and its fonts/ folder, every file confined to the game folder."""

    def __init__(self, search_dirs: list[Path] | tuple[Path, ...] = (), game: Path | None = None):
        places = [(game, "."), (game, "fonts")] if game is not None else []
        places += [(d, ".") for d in search_dirs]
        self.places: list[tuple[Path, str]] = places
        self._families: dict[str, dict[tuple[bool, bool], tuple[str, str]]] | None = None
        self._refused: list[str] = []
        # (family, bold, italic) -> face: a card of many blocks asks tens of thousands
        # of times, and each answer made anew walks the file's path (realpath)
        self._faces: dict[tuple[str, bool, bool], str] = {}

    def _found_families(self) -> dict[str, dict[tuple[bool, bool], tuple[str, str]]]:
        if self._families is None:
            found: dict[str, dict[tuple[bool, bool], tuple[str, str]]] = {}
            for root, folder in self.places:
                try:
                    names = list_folder(root, folder, (".ttf", ".otf"))
                except FileRefused as exc:
                    self._refused.append(exc.message)
                    continue
                for name in names:
                    family, _, style = Path(name).stem.partition("-")
                    style_key = re.sub(r"[^a-z]", "", style.lower())
                    if style_key in _STYLES:
                        place = (str(root), name.removeprefix("./"))
                        found.setdefault(family, {}).setdefault(_STYLES[style_key], place)
            self._families = found
        return self._families

    def families(self) -> list[str]:
        return sorted({*_STANDARD, "Vera", *self._found_families()})

    def face(self, family: str, bold: bool = False, italic: bool = False) -> str:
        key = (family, bold, italic)
        if key not in self._faces:
            self._faces[key] = self._face(family, bold, italic)
        return self._faces[key]

    def _face(self, family: str, bold: bool, italic: bool) -> str:
        if family in _STANDARD:
            return _STANDARD[family][_style_index(bold, italic)]
        if family == "Vera":
            file = _VERA[(bold, italic)]
            vera = str(_VERA_DIR / file)
            face = _face_name(f"Vera-{_style_index(bold, italic)}", vera)
            return _register_ttf(face, str(_VERA_DIR), file)
        styles = self._found_families().get(family)
        if not styles:
            hint = "available: " + ", ".join(self.families())
            raise FontError(f"unknown font family {family!r}", "; ".join([*self._refused, hint]))
        place = (
            styles.get((bold, italic)) or styles.get((bold, False)) or styles.get((False, False))
        )
        if place is None:
            place = next(iter(styles.values()))
        base = f"{family}-{_style_index(bold, italic)}"
        root, name = place
        return _register_ttf(_face_name(base, os.path.join(root, name)), root, name)

    @staticmethod
    def width(text: str, face: str, size: float) -> float:
        return text_width(text, face, size)

    @staticmethod
    def ascent(face: str, size: float) -> float:
        """Height of capitals above the baseline, for centring text vertically."""
        return pdfmetrics.getAscent(face, size) * 0.72


@lru_cache(maxsize=1 << 10)
def text_width(text: str, face: str, size: float) -> float:
    """Width of a line as printed (a reading's mark small, as `mark_runs` sets it): asked
    again and again while fitting text and when drawing it centred, so remembered (a face
    name is registered once and never changes). A text is asked again soon or never: a
    thousand entries keep the hits; eight thousand held 1.2 MiB of ten thousand counters'
    one-off labels."""
    if READING_MARK in text:
        return sum(run[3] for run in mark_runs(text, face, size))
    return _plain_width(text, face, size)


_MARKED = pattern("(\u2020[0-9]*)")  # a kit's reading mark: †, †2
Run = tuple[str, tuple[float, float], float, float]


def mark_runs(text: str, face: str, size: float) -> list[Run]:
    """A text's runs as printed: (words, (x from its start, type size), rise, advance).
    A reading's mark (†2) is a small superscript a thin space after the word it marks,
    so "deck†2" never reads as one word nor "1†9" as 19; measured as printed, so the
    words after a mark follow it without a gap."""
    if READING_MARK not in text:
        return [(text, (0.0, size), 0.0, _plain_width(text, face, size))]
    runs: list[Run] = []
    x = 0.0
    small = size * MARK_SCALE
    for n, part in enumerate(_MARKED.split(text)):
        if not part:
            continue
        if n % 2:  # a mark
            x += size * MARK_GAP if runs else 0.0
            wide = _plain_width(part, face, small)
            runs.append((part, (x, small), size * MARK_RISE, wide + size * MARK_GAP * bool(runs)))
        else:
            wide = _plain_width(part, face, size)
            runs.append((part, (x, size), 0.0, wide))
        x += wide
    return runs


def _plain_width(text: str, face: str, size: float) -> float:
    """Width of a text set at one size throughout."""
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
