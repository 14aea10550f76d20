"""A spreadsheet's size, counted on its bytes before any parser reads it.

A CSV or XLSX of a few kilobytes can stand for gigabytes: a zip member that unpacks
to hundreds of megabytes, a shared-string table of millions of texts, a row of
millions of cells, a declared `<dimension>` a reader pads every row to. So the
reader's parsers (Python's csv module, openpyxl) only see a file these counts have
passed: an XLSX's parts are unpacked and read here by a streaming XML parser that
keeps nothing but counts, and a CSV's delimiters are counted outside its quotes.
Each cap is in kitgen/budget.py; a breach is refused at the file, naming the sheet
and row, or at the cell (a column past XFD, a number too long to read).
"""

from __future__ import annotations

import io
import math
import posixpath
import re
import zipfile
import zlib
from xml.parsers import expat

from ...budget import (
    MAX_DIGITS,
    MAX_SHARED_STRINGS,
    MAX_SHEET_CELLS,
    MAX_SHEET_COLUMNS,
    MAX_SHEET_ELEMENTS,
    MAX_SHEET_OTHER_ELEMENTS,
    MAX_SHEET_PART_BYTES,
    MAX_SHEET_PARTS,
    MAX_SHEET_UNPACKED_BYTES,
)
from ...errors import column_letter
from ...patterns import pattern

CAPS_HINT = "see docs/security.md for the caps"
# what reading a broken zip's part raises (a password-protected part: RuntimeError)
UNREADABLE = (
    zipfile.BadZipFile,
    zlib.error,
    OSError,
    EOFError,
    NotImplementedError,
    RuntimeError,
    ValueError,
)
LAST_COLUMN = 16_384  # XFD, the last column a sheet has
LAST_ROW = 1_048_576  # the last row a sheet has: a reader walks every empty row to a cell
_CELL_REF = pattern(r"^\$?([A-Za-z]{1,7})\$?([0-9]{1,10})$")
_NUMBER = pattern(r"^\s*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?\s*$")


class SheetRefused(Exception):
    """A spreadsheet over a cap or broken where it is counted: `cell` names the cell
    (`[Sheet]!B7`) when the mistake is one cell's, else the message names the file."""

    def __init__(self, message: str, hint: str = CAPS_HINT, cell: str | None = None) -> None:
        super().__init__(message)
        self.message, self.hint, self.cell = message, hint, cell


def column_index(letters: str) -> int:
    index = 0
    for char in letters.upper():
        index = index * 26 + ord(char) - ord("A") + 1
    return index


# ---- CSV


def _quoted(delimiter: str) -> re.Pattern[str]:
    """A quoted field, as the csv module reads one: a quote opening a field, to the
    quote that closes it (`""` inside is a quote). Possessive, so it runs in one pass."""
    d = re.escape(delimiter)
    return re.compile(rf'(?<![^{d}\r\n])"(?:[^"]++|"")*+"')


def check_csv(text: str, delimiter: str, name: str) -> None:
    """Refuse a CSV with more cells in a row or in the file than the caps allow,
    counted on the text (delimiters outside quoted fields) before it is parsed."""
    unquoted = _quoted(delimiter).sub("", text)
    delimiters = unquoted.count(delimiter)
    if delimiters + unquoted.count("\n") + unquoted.count("\r") < MAX_SHEET_COLUMNS:
        return  # too few delimiters and line breaks to reach either cap
    rows = unquoted.splitlines()
    cells = delimiters + sum(1 for row in rows if row)
    if cells > MAX_SHEET_CELLS:
        raise SheetRefused(
            f"{name} has {cells:,} cells, more than the {MAX_SHEET_CELLS:,} a spreadsheet may hold"
        )
    for number, row in enumerate(rows, start=1):
        width = row.count(delimiter) + 1
        if width > MAX_SHEET_COLUMNS:
            raise SheetRefused(
                f"{name}: row {number} has {width:,} cells, more than the "
                f"{MAX_SHEET_COLUMNS:,} a row may hold"
            )


def check_number(text: str, length: int | None = None) -> str | None:
    """Why a cell's number cannot be read (too long to read, or not finite), or None.
    `length`: the whole text's, when `text` is its start."""
    digits = len(text.strip()) if length is None else length
    if not text.strip():
        return None  # an empty value (a formula never worked out): an empty cell
    if digits > MAX_DIGITS:
        return f"a number written with {digits:,} characters, more than the {MAX_DIGITS:,} read"
    if _NUMBER.match(text) is None or not math.isfinite(float(text)):
        shown = text.strip() if digits <= 20 else text.strip()[:20] + "..."
        return f"{shown!r} is not a finite number"
    return None


# ---- XLSX


def check_xlsx(data: bytes, name: str) -> None:
    """Refuse an XLSX whose parts unpack, or whose XML counts, past the caps. A file
    that is not a zip is left to openpyxl, which says so."""
    try:
        book = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return
    with book:
        parts = book.infolist()
        if len(parts) > MAX_SHEET_PARTS:
            raise SheetRefused(
                f"{name} holds {len(parts):,} files, more than the {MAX_SHEET_PARTS:,} "
                "a workbook may hold"
            )
        total = 0
        for part in parts:
            total += part.file_size  # zipfile stops reading a part at the size it declares
            if part.file_size > MAX_SHEET_PART_BYTES:
                raise SheetRefused(
                    f"{name}: its part {part.filename} unpacks to {part.file_size:,} bytes, "
                    f"more than the {MAX_SHEET_PART_BYTES:,} one part may"
                )
        if total > MAX_SHEET_UNPACKED_BYTES:
            raise SheetRefused(
                f"{name} unpacks to {total:,} bytes, more than the "
                f"{MAX_SHEET_UNPACKED_BYTES:,} a workbook may"
            )
        counter = _Counter(name)
        for part in sorted(parts, key=_reading_order):
            try:
                counter.read(book, part)
            except UNREADABLE as exc:  # a broken zip: a bad CRC, an unknown compression
                raise SheetRefused(
                    f"{name} is not a readable .xlsx workbook ({type(exc).__name__})",
                    "save the workbook again from a spreadsheet program",
                ) from None


def _reading_order(part: zipfile.ZipInfo) -> tuple[bool, bool, str]:
    """Relationships first, then the workbook, so a sheet's part has its name by then."""
    base = posixpath.basename(part.filename)
    return (not base.endswith(".rels"), not base.startswith("workbook"), part.filename)


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main "  # openpyxl's tags
_DATA = {MAIN + "sheetData", MAIN + "si"}  # cells and shared strings: each counted apart


def _local(name: str) -> str:
    _, _, local = name.rpartition(" ")  # "namespace local" from the namespace-aware parser
    return local


class _Counter:
    """Reads an XLSX's parts as XML, keeping only counts: elements (those outside the
    cells and shared strings, which openpyxl reads whole, on their own), shared
    strings, and every row's cells out to its furthest one."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.elements = self.other = self.strings = self.cells = 0
        self.links: dict[tuple[str, str], str] = {}  # (part, relationship id): target
        self.sheets: dict[str, str] = {}  # part: sheet name
        self.workbook_sheets: list[tuple[str, str, str]] = []  # (workbook part, id, name)

    def read(self, book: zipfile.ZipFile, part: zipfile.ZipInfo) -> None:
        with book.open(part) as stream:
            head = stream.read(1 << 16)
            if not _looks_like_xml(head):
                return  # a picture or a binary part: no parser reads it as XML
            self.part, self.depth, self.data = part.filename, 0, 0
            self.row = self.column = self.widest = 0
            self.number: list[str] | None = None
            parser = expat.ParserCreate(namespace_separator=" ")
            parser.StartElementHandler = self.start
            parser.EndElementHandler = self.end
            parser.CharacterDataHandler = self.text
            parser.StartDoctypeDeclHandler = self.doctype
            parser.EntityDeclHandler = self.doctype
            try:
                chunk = head
                while chunk:
                    parser.Parse(chunk, False)
                    chunk = stream.read(1 << 20)
                parser.Parse(b"", True)
            except expat.ExpatError as exc:
                raise SheetRefused(
                    f"{self.name}: its part {part.filename} is not well-formed XML "
                    f"(line {exc.lineno}: {expat.ErrorString(exc.code)})",
                    "save the workbook again from a spreadsheet program",
                ) from None
            self.end_row()

    def doctype(self, *_args: object) -> None:
        raise SheetRefused(
            f"{self.name}: its part {self.part} declares a DOCTYPE or entity, "
            "which a workbook never does",
            "save the workbook again from a spreadsheet program",
        )

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        self.elements += 1
        if self.elements > MAX_SHEET_ELEMENTS:
            raise SheetRefused(
                f"{self.name} holds more than {MAX_SHEET_ELEMENTS:,} XML elements, "
                "the most a workbook may"
            )
        if not self.data and tag in _DATA:
            self.data = self.depth
        if tag == MAIN + "si":
            self.strings += 1
            if self.strings > MAX_SHARED_STRINGS:
                raise SheetRefused(
                    f"{self.name} has more than {MAX_SHARED_STRINGS:,} shared strings, "
                    "the most a workbook may"
                )
        elif tag == MAIN + "row":
            self.end_row()
            written = attrs.get("r", "")
            self.row = (
                int(written)
                if written.isascii() and written.isdigit() and len(written) < 10
                else self.row + 1
            )
            self.past_last_row(f"[{self.sheet_name()}]!A{self.row}")
        elif tag == MAIN + "c":
            self.cell(attrs)
        elif tag == MAIN + "v" and self.numeric:
            self.number, self.length = [], 0  # a number's text, checked at </v>
        if not self.data:
            self.other_element(_local(tag), attrs)

    def other_element(self, local: str, attrs: dict[str, str]) -> None:
        """Styles, theme, workbook, relationships: openpyxl makes an object of each."""
        self.other += 1
        if self.other > MAX_SHEET_OTHER_ELEMENTS:
            raise SheetRefused(
                f"{self.name} holds more than {MAX_SHEET_OTHER_ELEMENTS:,} XML elements "
                "besides its cells and shared strings, the most a workbook may"
            )
        if local == "Relationship" and "Id" in attrs and "Target" in attrs:
            self.links[(self.part, attrs["Id"])] = attrs["Target"]
        elif local == "sheet":
            ident = next((v for k, v in attrs.items() if _local(k) == "id"), "")
            self.workbook_sheets.append((self.part, ident, attrs.get("name", "")))

    def cell(self, attrs: dict[str, str]) -> None:
        ref = _CELL_REF.match(attrs.get("r", ""))
        self.column = column_index(ref.group(1)) if ref else self.column + 1
        if ref:
            self.row = int(ref.group(2))
        self.where = f"[{self.sheet_name()}]!{column_letter(self.column)}{self.row}"
        if self.column > LAST_COLUMN:
            raise SheetRefused(
                f"column {column_letter(self.column)} is past XFD, the last column a sheet has",
                "a sheet has at most 16,384 columns",
                cell=self.where,
            )
        self.past_last_row(self.where)
        self.widest = max(self.widest, self.column)
        if self.widest > MAX_SHEET_COLUMNS:
            raise SheetRefused(
                f"{self.name}[{self.sheet_name()}]: row {self.row} has cells out to column "
                f"{column_letter(self.widest)} ({self.widest:,}), more than the "
                f"{MAX_SHEET_COLUMNS:,} a row may hold"
            )
        if self.cells + self.widest > MAX_SHEET_CELLS:
            raise SheetRefused(
                f"{self.name} has more than {MAX_SHEET_CELLS:,} cells, the most a "
                "spreadsheet may hold (each row counted to its last cell)"
            )
        self.numeric = attrs.get("t", "n") == "n"

    numeric = False

    def past_last_row(self, where: str) -> None:
        if self.row > LAST_ROW:
            raise SheetRefused(
                f"row {self.row:,} is past row {LAST_ROW:,}, the last row a sheet has",
                "save the workbook again from a spreadsheet program",
                cell=where,
            )

    def text(self, data: str) -> None:
        if self.number is not None:
            self.length += len(data)
            if self.length <= MAX_DIGITS + 1:  # enough to tell; the length is kept
                self.number.append(data)

    def end(self, tag: str) -> None:
        if tag == MAIN + "v" and self.number is not None:
            problem = check_number("".join(self.number), self.length)
            if problem is not None:
                raise SheetRefused(
                    problem, "write a plain number, or make the cell text", self.where
                )
            self.number = None
        elif tag == MAIN + "c":
            self.numeric = False
        if self.data == self.depth:
            self.data = 0
        self.depth -= 1

    def end_row(self) -> None:
        self.cells += self.widest
        self.widest = self.column = 0

    def sheet_name(self) -> str:
        if not self.sheets:
            for workbook, ident, sheet in self.workbook_sheets:
                target = self.links.get((_rels_of(workbook), ident), "")
                folder = posixpath.dirname(workbook)
                path = target[1:] if target.startswith("/") else posixpath.join(folder, target)
                self.sheets[posixpath.normpath(path)] = sheet
        return self.sheets.get(self.part, self.part)


def _rels_of(part: str) -> str:
    """The relationships part that holds `part`'s links: xl/_rels/workbook.xml.rels."""
    folder, base = posixpath.split(part)
    return posixpath.join(folder, "_rels", base + ".rels")


def _looks_like_xml(head: bytes) -> bool:
    start = head.lstrip(b" \t\r\n")
    return start.startswith((b"<", b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff"))
