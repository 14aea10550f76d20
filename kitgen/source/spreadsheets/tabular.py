"""Lists of records from spreadsheets: a CSV or XLSX file in the game folder read as
the YAML list it stands for.

    for_each: {file: units.csv}                     # one record per row, keyed by the header
    for_each: {side: [red, blue], unit: {file: units.xlsx, sheet: Units}}
    rows: {file: weapons.csv}                       # a table's rows, cells in column order

source/spreadsheets/rows.py reads the rows against the header: each cell becomes a YAML node
whose place is the cell itself, so a bad value is reported there, as a spreadsheet
program shows it: `units.csv: row 14, column C (strength)` or
`units.xlsx[Units]!C14 (strength)`. Values keep their types (a number
stays a number, an empty cell is empty: a write-in blank where the kit prints one).
Text is UTF-8, with or without a byte-order mark; a CSV's delimiter is found from
the file (comma, semicolon, tab or bar) unless `delimiter:` says. XLSX is read by
openpyxl in read-only mode: formulas give their saved values (nothing is
worked out; one with none is an error at its cell) and links to other workbooks are not followed.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ...budget import MAX_SHEET_COLUMNS, MAX_TABLE_FILE_BYTES, MAX_TABLE_ROWS
from ...errors import SheetCell, Span
from ...files import FileRefused, read_file, real_path
from ...patterns import pattern
from ..fields import Context, Fields
from ..spec import FILE_LIST, LIST_DELIMITER, LIST_FILE, LIST_RANGE, LIST_SHEET, LIST_WHERE
from ..yamlnodes import Map, ScalarValue, Seq
from .rows import Cell, Row, Source, read_rows
from .sheet_bounds import SheetRefused, check_csv, check_number, check_xlsx

FILE_KEYS = tuple(FILE_LIST.keys)  # {file: ...} where a list goes
TYPES = (".csv", ".xlsx")
DELIMITERS = ",;\t|"
_NUMBER = pattern(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")


def file_list(ctx: Context, node: Map, path: str, keyed: bool = True) -> Seq | None:
    """The file's rows as the YAML list they stand for: with `keyed`, records (a
    mapping per row, keyed by the header row); else rows (a list of cells per row,
    the header row first, read by the caller). None, with a diagnostic, if it cannot be
    read. Each cell's span is its place as a spreadsheet program shows it (row, column
    letter and header): every message about a value names the cell it came from."""
    f = Fields(ctx, node, path, FILE_LIST)
    name = f.text(LIST_FILE)
    sheet = f.text(LIST_SHEET)
    cells = f.text(LIST_RANGE)
    delimiter = f.text(LIST_DELIMITER)
    where = f.node_of(LIST_WHERE)
    f.close()
    if name is None:
        return None
    suffix = Path(name).suffix.lower()
    if suffix not in TYPES:
        ctx.error(
            node.get("file"),
            f"{path}.file",
            f"{name!r} is not a spreadsheet kitgen reads",
            "use a .csv or .xlsx file",
        )
        return None
    if suffix == ".csv" and (sheet is not None or cells is not None):
        key = "sheet" if sheet is not None else "range"
        ctx.error(node.get(key), f"{path}.{key}", f"a CSV file has no {key}s", "only .xlsx does")
        return None
    if delimiter is not None and (len(delimiter) != 1 or suffix != ".csv"):
        ctx.error(
            node.get("delimiter"),
            f"{path}.delimiter",
            f"delimiter {delimiter!r} is not one character of a CSV file",
            'e.g. delimiter: ";"',
        )
        return None
    try:
        # beside the YAML file that names it (a scenario's sheet in scenarios/), and
        # inside the game folder like every file a game reads
        base = Path(node.span.file).parent if node.span.file else None
        found = read_file(ctx.folder, name, MAX_TABLE_FILE_BYTES, base=base, what="spreadsheet")
    except FileRefused as exc:
        ctx.error(node.get("file"), f"{path}.file", exc.message, exc.hint)
        return None
    shown = _relative(found.path, ctx.folder)
    try:
        if suffix == ".csv":
            grid = _csv_cells(found.data, str(found.path), delimiter)
            source = Source(str(found.path), shown, None)
        else:
            grid, sheet = _xlsx_cells(found.data, str(found.path), sheet, cells)
            source = Source(str(found.path), shown, sheet)
    except TableError as exc:
        at = exc.span or node.get(exc.key) or node.get("file")
        ctx.error(at, f"{path}.{exc.key}", exc.message, exc.hint)
        return None
    table = read_rows(ctx, source, grid, path, keyed)
    if table is None:
        return None
    if table.header is None:
        ctx.error(
            node.get("file"), f"{path}.file", f"{shown} is empty", "the first row names the columns"
        )
        return None
    if keyed:
        return table.records(ctx, where, path, node.span)
    return table.in_columns(node.span) if table.kept(ctx, where, path) else None


class TableError(Exception):
    """A spreadsheet that cannot be read, at its key (`file`, `sheet`, `range`) or, for
    one cell's mistake, at the cell (`span`)."""

    def __init__(self, key: str, message: str, hint: str = "", span: Span | None = None) -> None:
        super().__init__(message)
        self.key, self.message, self.hint, self.span = key, message, hint, span


def _refused(exc: SheetRefused, file: str) -> TableError:
    """A count over its cap (at the file), or one cell's mistake (at the cell)."""
    span = Span(f"{file}{exc.cell}") if exc.cell else None
    return TableError("file", exc.message, exc.hint, span)


def _relative(path: Path, folder: Path) -> str:
    try:
        return path.relative_to(real_path(folder)).as_posix()
    except ValueError:
        return path.name


# A grid is the file's rows that hold something, in order, to the sheet's last row
# (source/spreadsheets/rows.py reads them; a row number missing between two is a blank row). The
# readers stop at the row past the cap: rows.py says so there, nothing is dropped.
Grid = list[Row]
READ_ROWS = MAX_TABLE_ROWS + 2  # the header, the cap's rows, and the row that stops the read


def _csv_cells(data: bytes, file: str, delimiter: str | None) -> Grid:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise TableError(
            "file",
            f"{Path(file).name} is not UTF-8 text (byte {exc.start + 1} cannot be read)",
            "save it as CSV UTF-8",
        ) from None
    if delimiter is None:
        delimiter = _sniff(text)
    try:
        check_csv(text, delimiter, Path(file).name)
    except SheetRefused as exc:
        raise _refused(exc, file) from None
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    grid: Grid = []
    try:
        start = 1
        for number, row in enumerate(reader, start=1):
            read = Row(number, _csv_row(file, start, number, row))
            start = reader.line_num + 1
            if not read.blank:
                grid.append(read)
                if len(grid) == READ_ROWS:
                    break
    except csv.Error as exc:
        raise TableError("file", f"{Path(file).name}:{reader.line_num}: {exc}") from None
    return grid


def _csv_row(file: str, line: int, number: int, row: list[str]) -> tuple[Cell, ...]:
    """A CSV record's cells, each on the file line where it starts (a quoted cell may
    hold line breaks, which move the cells after it down)."""
    cells = []
    for column, text in enumerate(row, start=1):
        try:
            cells.append(Cell(column, line, _typed(text), text))
        except SheetRefused as exc:
            hint = "write a plain number, or make the cell text"
            at = Span(file, line, column, SheetCell(number, column))
            raise TableError("file", exc.message, hint, at) from None
        if "\n" in text or "\r" in text:
            line += text.count("\n") + text.replace("\r\n", "\n").count("\r")
    return tuple(cells)


def _sniff(text: str) -> str:
    sample = "\n".join(text[:65536].splitlines()[:20])  # the first lines tell
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        return ","  # one column, or nothing to tell by: a comma is the usual


def _typed(text: str) -> ScalarValue:
    """A CSV cell's value: a number where it is one, None where empty, else the text
    (`NO` is not false; `0101`, a hex's number, keeps its zero; the text as written
    is kept beside it, so `1.10` still prints as 1.10)."""
    stripped = text.strip()
    if stripped == "":
        return None
    digits = stripped.lstrip("+-")
    if _NUMBER.match(stripped) and not (len(digits) > 1 and digits[0] == "0" and digits[1] != "."):
        problem = check_number(stripped)  # 5,000 digits: Python will not read them
        if problem is not None:
            raise SheetRefused(problem)
        return float(stripped) if "." in stripped else int(stripped)
    return text


def _xlsx_cells(data: bytes, file: str, sheet: str | None, cells: str | None) -> tuple[Grid, str]:
    """The sheet's rows (the first sheet unless `sheet` names one) and its name."""
    import openpyxl  # only for a game with a spreadsheet
    from openpyxl.utils import range_boundaries

    try:
        check_xlsx(data, Path(file).name)  # its size, counted before openpyxl reads it
    except SheetRefused as exc:
        raise _refused(exc, file) from None
    try:
        book = openpyxl.load_workbook(
            io.BytesIO(data), read_only=True, data_only=True, keep_links=False
        )
    except Exception as exc:  # any file openpyxl cannot open: a broken or foreign file
        raise TableError(
            "file", f"{Path(file).name} is not a readable .xlsx workbook ({type(exc).__name__})"
        ) from None
    try:
        names = book.sheetnames
        if sheet is None:
            sheet = names[0]
        elif sheet not in names:
            from ..fields import did_you_mean

            raise TableError(
                "sheet",
                f"no sheet {sheet!r} in {Path(file).name}",
                did_you_mean(sheet, names, "sheets: " + ", ".join(names)),
            )
        ws = book[sheet]
        ws.reset_dimensions()  # a declared <dimension> would pad every row to its width
        if cells is not None:
            try:
                min_col, min_row, max_col, max_row = range_boundaries(cells)
            except (ValueError, TypeError):
                raise TableError("range", f"{cells!r} is not a cell range", "e.g. A1:F40") from None
            if max_col is not None and max_col - (min_col or 1) >= MAX_SHEET_COLUMNS:
                raise TableError(
                    "range",
                    f"{cells!r} spans {max_col - (min_col or 1) + 1:,} columns, more than the "
                    f"{MAX_SHEET_COLUMNS:,} a row may hold",
                    "see docs/security.md for the caps",
                )
        else:
            min_col = min_row = 1
            max_col = max_row = None
        bounds = (min_col, min_row, max_col, max_row)
        grid = _xlsx_rows(ws, file, bounds, _formulas(data, sheet, bounds))
    finally:
        book.close()
    return grid, sheet


def _xlsx_rows(ws, file: str, bounds: tuple, formulas: set) -> Grid:
    """The sheet's rows, to its last row or the row past the cap, however many empty
    rows lie between (an empty row costs no cell). openpyxl parses as it goes: a cell it
    cannot read (a style number that is not one, a broken reference) is the file's
    mistake, reported at the row it was reading. A cell in `formulas` that reads empty
    is a formula saved with no value."""
    min_col, min_row, max_col, max_row = bounds
    grid: Grid = []
    rows = ws.iter_rows(
        min_row=min_row, max_row=max_row, min_col=min_col, max_col=max_col, values_only=True
    )
    r = min_row - 1
    try:
        for r, values in enumerate(rows, start=min_row):
            read = Row(
                r,
                tuple(
                    Cell(c, r, *_xlsx_value(v), formula=v is None and (r, c) in formulas)
                    for c, v in enumerate(values, start=min_col)
                ),
            )
            if not read.blank:
                grid.append(read)
                if len(grid) == READ_ROWS:
                    break
    except Exception as exc:  # openpyxl's own parsing: a broken or foreign file
        raise TableError(
            "file",
            f"{Path(file).name} is not a readable .xlsx workbook "
            f"({type(exc).__name__} near row {r + 1})",
            "save the workbook again from a spreadsheet program",
        ) from None
    return grid


def _formulas(data: bytes, sheet: str, bounds: tuple) -> set[tuple[int, int]]:
    """(row, column) of each formula cell of the sheet: one with no saved value reads as
    empty, and would print as a blank where the designer sees a value."""
    import openpyxl

    min_col, min_row, max_col, max_row = bounds
    book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, keep_links=False)
    try:
        ws = book[sheet]
        ws.reset_dimensions()  # as the values' reading: no row padded to a declared width
        rows = ws.iter_rows(
            min_row=min_row, max_row=max_row, min_col=min_col, max_col=max_col, values_only=True
        )
        return {
            (r, c)
            for r, values in enumerate(rows, start=min_row)
            for c, v in enumerate(values, start=min_col)
            if isinstance(v, str) and v.startswith("=") or type(v).__name__ == "ArrayFormula"
        }
    except Exception:  # noqa: BLE001 - the values' reading says what is broken
        return set()
    finally:
        book.close()


def _xlsx_value(value: object) -> tuple[ScalarValue, str]:
    """(value, text) of a cell: its cached value, never a formula to work out."""
    if value is None or (isinstance(value, str) and value.strip() == ""):
        return None, ""
    if isinstance(value, bool):
        return value, "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return int(value), str(int(value))  # 3.0 as Excel stores 3
    if isinstance(value, (int, float, str)):
        return value, str(value)
    if hasattr(value, "isoformat"):
        return value.isoformat(), value.isoformat()  # dates and times as text
    return str(value), str(value)


def grid_of(data: bytes, name: str) -> list[list[object]]:
    """A spreadsheet's first sheet as rows of values, the header first (for `kitgen new
    --from`, which reads a file the designer names, not one of a game)."""
    if len(data) > MAX_TABLE_FILE_BYTES:
        raise TableError("file", f"more than {MAX_TABLE_FILE_BYTES:,} bytes, too big to read")
    if name.lower().endswith(".xlsx"):
        grid, _ = _xlsx_cells(data, name, None, None)
    elif name.lower().endswith(".csv"):
        grid = _csv_cells(data, name, None)
    else:
        raise TableError("file", "not a spreadsheet kitgen reads", "use a .csv or .xlsx file")
    return [[cell.value for cell in row.cells] for row in grid]
