"""Diagnostics: every problem names a place (file, line, column) and a path.

Library code collects diagnostics and raises KitError; only cli.py decides
how the process exits.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from .records import record


@record
class SheetCell:
    """A spreadsheet cell as the spreadsheet program shows it: the row number (a CSV's
    record, whatever lines its cells span), the column (1 is A; 0 the whole row), the
    column's header as written and the sheet (XLSX; None for a CSV)."""

    row: int
    column: int = 0
    header: str = ""
    sheet: str | None = None

    def where(self, shown: str, line: int) -> str:
        """`cards.csv: row 31, column D (Rules)`, with `, file line 145` when the file
        line differs from the row (a multi-line cell above); `core-set.xlsx[Authority]!B3
        (Rules)` for a workbook."""
        letter = column_letter(self.column) if self.column > 0 else ""
        named = f" ({self.header})" if self.header else ""
        if self.sheet is not None:
            if not letter:
                return f"{shown}[{self.sheet}] row {self.row}"
            return f"{shown}[{self.sheet}]!{letter}{self.row}{named}"
        out = f"{shown}: row {self.row}" + (f", column {letter}{named}" if letter else "")
        return out + (f", file line {line}" if line and line != self.row else "")


def column_letter(column: int) -> str:
    """A spreadsheet's name for column `column` (1 -> A, 27 -> AA)."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@record
class Span:
    """A place in a source file; line and col are 1-based. A spreadsheet cell also
    carries its `cell` (row, column letter and header), which is how it is shown."""

    file: str
    line: int = 0
    col: int = 0
    cell: SheetCell | None = None

    def __str__(self) -> str:
        shown = display_path(self.file)
        if self.cell is not None:
            return self.cell.where(shown, self.line)
        if self.line <= 0:
            return shown
        return f"{shown}:{self.line}:{self.col}"


def display_path(path: str) -> str:
    """Relative to the working directory when that is shorter, so messages stay readable."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return rel if not rel.startswith("..") else path


# Starts the warning for each value a source lost and the kit prints as a line to fill
# in: `kitgen check` lists every one; `kitgen build` counts them (see is_write_in).
WRITE_IN = "write-in blank: "


@record
class Diagnostic:
    severity: str  # "error" or "warning"
    span: Span | None
    path: str  # where in the document: counters[3].front.text
    message: str
    hint: str = ""

    def __str__(self) -> str:
        where = f"{self.span}: " if self.span else ""
        what = f"{self.path}: " if self.path else ""
        hint = f" ({self.hint})" if self.hint else ""
        return f"{where}{self.severity}: {what}{self.message}{hint}"

    @property
    def is_error(self) -> bool:
        return self.severity == "error"

    @property
    def is_write_in(self) -> bool:
        return self.message.startswith(WRITE_IN)


class Diagnostics:
    """A run's collected diagnostics, in the order they were found."""

    __slots__ = ("items", "_seen", "notes")

    def __init__(self) -> None:
        self.items: list[Diagnostic] = []
        self._seen: set[Diagnostic] = set()
        # What the reading did that is no mistake but worth a line in `kitgen check`'s
        # summary (blank rows of a spreadsheet skipped), once each.
        self.notes: list[str] = []

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def __repr__(self) -> str:
        return f"Diagnostics(items={self.items!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Diagnostics):
            return NotImplemented
        return self.items == other.items

    __hash__ = None  # type: ignore[assignment]  # mutable, as the dataclass was

    def add(self, diagnostic: Diagnostic) -> None:
        """Once each: a component planned into two files (a template and its film
        variant) finds the same problem twice, and the user needs it said once."""
        if diagnostic not in self._seen:
            self._seen.add(diagnostic)
            self.items.append(diagnostic)

    def error(self, span: Span | None, path: str, message: str, hint: str = "") -> None:
        self.add(Diagnostic("error", span, path, message, hint))

    def warning(self, span: Span | None, path: str, message: str, hint: str = "") -> None:
        self.add(Diagnostic("warning", span, path, message, hint))

    def keep(self, wanted) -> None:
        """Drop the diagnostics `wanted` says no to (they may then be added again)."""
        self.items = [d for d in self.items if wanted(d)]
        self._seen = set(self.items)

    def extend(self, more: Iterable[Diagnostic]) -> None:
        for diagnostic in more:
            self.add(diagnostic)

    @contextmanager
    def collected(self) -> Iterator[list[Diagnostic]]:
        """Every diagnostic found meanwhile, those said before among them (a served page
        keeps what drawing it found, to say again when it is not drawn again); they are
        added here as well, once each, after those already here."""
        items, seen = self.items, self._seen
        self.items, self._seen = [], set()
        found: list[Diagnostic] = []
        try:
            yield found
        finally:
            found.extend(self.items)
            self.items, self._seen = items, seen
            self.extend(found)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.items if not d.is_error]

    def has_errors(self) -> bool:
        return any(d.is_error for d in self.items)

    def raise_if_errors(self) -> None:
        if self.has_errors():
            raise KitError(self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)


class KitError(Exception):
    """The input has errors. Carries every diagnostic of the run."""

    def __init__(self, diagnostics: Iterable[Diagnostic] | Diagnostic):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = in_reading_order(diagnostics)
        super().__init__("\n".join(str(d) for d in self.diagnostics))


class GameUnread(KitError):
    """The game's own files have errors, so its rules and scenarios wait unchecked: a
    check says so, lest a short list of errors be read as all there is."""


def in_reading_order(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """Top to bottom through each file: the order a person fixes them in."""
    return sorted(diagnostics, key=_position)


def _position(d: Diagnostic) -> tuple:
    if d.span is None:
        return (1, "", 0, 0)
    return (0, d.span.file, d.span.line, d.span.col)


def fail(span: Span | None, path: str, message: str, hint: str = "") -> KitError:
    """A KitError with a single error, for places that cannot go on."""
    return KitError(Diagnostic("error", span, path, message, hint))
