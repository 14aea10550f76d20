"""Lists of records from spreadsheets: a CSV or XLSX file in the game folder read as
the YAML list it stands for.

    for_each: {file: units.csv}                     # one record per row, keyed by the header
    for_each: {side: [red, blue], unit: {file: units.xlsx, sheet: Units}}
    rows: {file: weapons.csv}                       # a table's rows, cells in column order

Each cell becomes a YAML node whose place is the cell itself, so a bad value is
reported there: `units.csv:14:3` (row 14, the 3rd column) or
`units.xlsx[Units]!C14`, with the column's name. Values keep their types (a number
stays a number, an empty cell is empty: a write-in blank where the kit prints one).
Text is UTF-8, with or without a byte-order mark; a CSV's delimiter is found from
the file (comma, semicolon, tab or bar) unless `delimiter:` says. XLSX is read by
openpyxl in read-only mode: formulas give their cached values (nothing is
evaluated) and links to other workbooks are not followed.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ..budget import MAX_SHEET_COLUMNS, MAX_TABLE_FILE_BYTES, MAX_TABLE_ROWS
from ..errors import Span
from ..files import FileRefused, read_file, real_path
from ..records import record
from .fields import Context, Fields
from .sheet_bounds import SheetRefused, check_csv, check_number, check_xlsx
from .spec import FILE_LIST
from .yamlnodes import CONTROL_HINT, Map, Scalar, Seq, hidden_character, not_text

FILE_KEYS = tuple(FILE_LIST.keys)  # {file: ...} where a list goes
TYPES = (".csv", ".xlsx")
DELIMITERS = ",;\t|"
_NUMBER = re.compile(r"^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)$")


def file_list(ctx: Context, node: Map, path: str, keyed: bool = True) -> Seq | None:
    """The file's rows as the YAML list they stand for: with `keyed`, records (a
    mapping per row, keyed by the header row); else rows (a list of cells per row,
    the header row read by the caller). None, with a diagnostic, if it cannot be read."""
    f = Fields(ctx, node, path, FILE_LIST)
    name = f.text("file")
    sheet = f.text("sheet")
    cells = f.text("range")
    delimiter = f.text("delimiter")
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
        else:
            grid = _xlsx_cells(found.data, str(found.path), sheet, cells)
    except TableError as exc:
        where = exc.span or node.get(exc.key) or node.get("file")
        ctx.error(where, f"{path}.{exc.key}", exc.message, exc.hint)
        return None
    if len(grid) > MAX_TABLE_ROWS + 1:  # the readers stop one past the cap
        ctx.error(
            node.get("file"),
            f"{path}.file",
            f"{shown} has {len(grid) - 1} rows, more than {MAX_TABLE_ROWS}",
            "see docs/security.md for the caps",
        )
        return None
    if not grid:
        ctx.error(
            node.get("file"), f"{path}.file", f"{shown} is empty", "the first row names the columns"
        )
        return None
    if not _all_text(ctx, grid, path):
        return None
    if keyed:
        return _records(ctx, grid, node.span, path)
    width = len(grid[0])
    while width and grid[0][width - 1].value is None:
        width -= 1
    return Seq(node.span, [_row(r, width) for r in grid])


def _all_text(ctx: Context, grid: Grid, path: str) -> bool:
    """False, with an error at the cell, when a cell holds a character no text may hold
    (a control character, half of a UTF-16 pair; a hidden character, as in YAML): YAML
    refuses them, and so does a sheet."""
    for row in grid:
        for cell in row:
            if not isinstance(cell.value, str):
                continue
            bad = not_text(cell.value)
            if bad is not None:
                code, kind = bad
                ctx.error(cell.span, path, f"the cell holds {code}, {kind}, not text", CONTROL_HINT)
                return False
            hidden = None if cell.value.isascii() else hidden_character(cell.value)
            if hidden is not None:
                _, problem, hint = hidden
                ctx.error(cell.span, path, problem.replace("the text", "the cell", 1), hint)
                return False
    return True


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


@record
class Cell:
    """One cell of a spreadsheet: where it is, its value (None: empty) and its text as
    written (so `1.10` still prints as 1.10)."""

    span: Span
    value: object
    text: str


# A grid is a list of rows, the header first; a row a list of cells.
Grid = list[list[Cell]]


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
        for row in reader:
            grid.append(_csv_row(file, start, row))
            start = reader.line_num + 1
            if len(grid) > MAX_TABLE_ROWS + 1:  # the readers stop one past the cap
                break
    except csv.Error as exc:
        raise TableError("file", f"{Path(file).name}:{reader.line_num}: {exc}") from None
    return [r for r in grid if any(cell.value is not None for cell in r)]  # blank lines: no rows


def _csv_row(file: str, line: int, row: list[str]) -> list[Cell]:
    cells = []
    for column, text in enumerate(row, start=1):
        try:
            cells.append(Cell(Span(file, line, column), _typed(text), text))
        except SheetRefused as exc:
            hint = "write a plain number, or make the cell text"
            raise TableError("file", exc.message, hint, Span(file, line, column)) from None
    return cells


def _sniff(text: str) -> str:
    sample = "\n".join(text[:65536].splitlines()[:20])  # the first lines tell
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        return ","  # one column, or nothing to tell by: a comma is the usual


def _typed(text: str) -> object:
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


def _xlsx_cells(data: bytes, file: str, sheet: str | None, cells: str | None) -> Grid:
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
            from .fields import did_you_mean

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
        grid = _xlsx_rows(ws, file, sheet, (min_col, min_row, max_col, max_row))
    finally:
        book.close()
    return [r for r in grid if any(cell.value is not None for cell in r)]


def _xlsx_rows(ws, file: str, sheet: str, bounds: tuple) -> Grid:  # type: ignore[no-untyped-def]
    """The sheet's rows, to one past the cap. openpyxl parses as it goes: a cell it
    cannot read (a style number that is not one, a broken reference) is the file's
    mistake, reported at the row it was reading."""
    from openpyxl.utils import get_column_letter

    min_col, min_row, max_col, max_row = bounds
    grid: Grid = []
    rows = ws.iter_rows(
        min_row=min_row, max_row=max_row, min_col=min_col, max_col=max_col, values_only=True
    )
    r = min_row - 1
    try:
        for r, values in enumerate(rows, start=min_row):
            grid.append(
                [
                    Cell(Span(f"{file}[{sheet}]!{get_column_letter(c)}{r}"), *_xlsx_value(v))
                    for c, v in enumerate(values, start=min_col)
                ]
            )
            if len(grid) > MAX_TABLE_ROWS + 1:  # the readers stop one past the cap
                break
    except Exception as exc:  # openpyxl's own parsing: a broken or foreign file
        raise TableError(
            "file",
            f"{Path(file).name} is not a readable .xlsx workbook "
            f"({type(exc).__name__} near row {r + 1})",
            "save the workbook again from a spreadsheet program",
        ) from None
    return grid


def _xlsx_value(value: object) -> tuple[object, str]:
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


def _scalar(span: Span, value: object, raw: str) -> Scalar:
    if value is None:
        return Scalar(span, None, "", True)
    return Scalar(
        span, value, raw.strip() if not isinstance(value, str) else raw, not isinstance(value, str)
    )


def _row(cells: list[Cell], width: int) -> Seq:
    """A row of cells, as many as the header names: an empty cell is a null (a
    write-in blank), a missing one too; cells past the header stay, to be counted."""
    span = cells[0].span if cells else Span("")
    while len(cells) > width and cells[-1].value is None:
        cells = cells[:-1]
    nodes = [_scalar(cell.span, cell.value, cell.text) for cell in cells]
    nodes += [_scalar(span, None, "") for _ in range(width - len(cells))]
    return Seq(span, nodes)


def _records(ctx: Context, grid: Grid, span: Span, path: str) -> Seq | None:
    header, *body = grid
    names: list[str | None] = []
    ok = True
    for head in header:
        if head.value is None:
            names.append(None)
            continue
        name = str(head.value).strip()
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_-]*$", name):
            ctx.error(
                head.span,
                path,
                f"column name {name!r} cannot be a placeholder",
                "start with a letter; letters, digits, '_' and '-' (e.g. strength, unit_id)",
            )
            ok = False
        elif name in names:
            ctx.error(head.span, path, f"column {name!r} is named twice")
            ok = False
        names.append(name)
    if not ok:
        return None
    heads = {name: head.span for head, name in zip(header, names, strict=True) if name}
    records = []
    for row in body:
        # each entry's key span is its column's header cell, its value's span its own cell
        first = row[0].span
        entry = Map(first)
        for cell, name in zip(row, names, strict=False):
            if name is not None:
                entry.put(name, heads[name], _scalar(cell.span, cell.value, cell.text))
        for name in names[len(row) :]:  # a short row: its missing cells are empty
            if name is not None:
                entry.put(name, heads[name], _scalar(first, None, ""))
        records.append(entry)
    return Seq(span, records)


def grid_of(data: bytes, name: str) -> list[list[object]]:
    """A spreadsheet's first sheet as rows of values, the header first (for `kitgen new
    --from`, which reads a file the designer names, not one of a game)."""
    if len(data) > MAX_TABLE_FILE_BYTES:
        raise TableError("file", f"more than {MAX_TABLE_FILE_BYTES:,} bytes, too big to read")
    if name.lower().endswith(".xlsx"):
        grid = _xlsx_cells(data, name, None, None)
    elif name.lower().endswith(".csv"):
        grid = _csv_cells(data, name, None)
    else:
        raise TableError("file", "not a spreadsheet kitgen reads", "use a .csv or .xlsx file")
    return [[cell.value for cell in row] for row in grid]
