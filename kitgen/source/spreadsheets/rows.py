"""The one row reader of spreadsheets: the header row names the columns, and every
other row is read against it, so that no row is lost and no cell shifted.

source/spreadsheets/tabular.py turns a CSV's or XLSX's bytes into rows of cells (`Row`, `Cell`);
here each row becomes one record (or one table row), or an error at its row:

- a CSV row with more or fewer cells than the header (an unquoted comma in a value
  shifts every cell after it) is an error at the first cell too many or too few;
- a value in a column with no header, and a formula with no saved value, are errors
  at the cell;
- a blank row is skipped, and `kitgen check` says so in its summary.

Every cell's span carries its place as the spreadsheet program shows it
(`cards.csv: row 31, column D (Rules)`, `core-set.xlsx[Authority]!B3 (Rules)`;
errors.SheetCell), so a message about a value names the cell it came from.
"""

from __future__ import annotations

import itertools

from ...budget import MAX_TABLE_ROWS
from ...errors import SheetCell, Span, column_letter, display_path
from ...names import did_you_mean
from ...records import record
from ..fields import Context, as_text
from ..yamlnodes import (
    CONTROL_HINT,
    Map,
    Node,
    Scalar,
    ScalarValue,
    Seq,
    hidden_character,
    not_text,
)

# What a column's name may not hold: it is written between braces as a placeholder
# (names.PLACEHOLDER), and a message names it after a colon.
NOT_IN_NAMES = "{}|:,\n\r"
FORMULA = "formula with no saved value: open and save the file in a spreadsheet program"


@record
class Cell:
    """One cell as read: its column (1 is A), the file line it starts on (a CSV's; an
    XLSX row's number), its value (None: empty) and its text as written (so `1.10`
    still prints as 1.10). `formula`: a formula whose value was never saved."""

    column: int
    line: int
    value: ScalarValue
    text: str
    formula: bool = False


@record
class Row:
    """A row as a spreadsheet program numbers it, with its cells left to right."""

    number: int
    cells: tuple[Cell, ...]

    @property
    def blank(self) -> bool:
        return all(c.value is None and not c.formula for c in self.cells)


@record
class Source:
    """Where rows come from: the file (as read, and as shown to the designer) and, for a
    workbook, the sheet."""

    file: str
    shown: str
    sheet: str | None


def _row_number(span: Span) -> int:
    """The row number of a table's row: every span a Table makes names its cell."""
    assert span.cell is not None
    return span.cell.row


def _empty(cell: Node) -> bool:
    """An empty cell of a row (a row's cells are Scalars)."""
    return isinstance(cell, Scalar) and cell.value is None


class Table:
    """A file's rows read against its header: `header` (None: the file has no row),
    `names` (each column's name, '' where the header cell is empty) and `rows`, each a
    Seq of the row's cells as Scalars, whose spans name the cell."""

    def __init__(self, source: Source, header: Row | None) -> None:
        self.source = source
        self.header = header
        self.names: dict[int, str] = {}
        if header is not None:
            for cell in header.cells:
                self.names[cell.column] = "" if cell.value is None else cell.text.strip()
        self.rows: list[Seq] = []

    def span(self, row: int, cell: Cell | None, column: int = 0) -> Span:
        """The place of `cell` (or of `column`, or the whole row) of row number `row`."""
        col = cell.column if cell is not None else column
        line = cell.line if cell is not None else 0
        where = SheetCell(row, col, self.names.get(col, ""), self.source.sheet)
        return Span(self.source.file, line, col, where)

    def header_row(self) -> str:
        """`cards.csv, header row 1: Name, Type, Rules` (for a column no one has)."""
        assert self.header is not None
        named = ", ".join(n for n in self.names.values() if n) or "no names"
        sheet = f"[{self.source.sheet}]" if self.source.sheet is not None else ""
        return f"{self.source.shown}{sheet}, header row {self.header.number}: {named}"

    def kept(self, ctx: Context, where: Node | None, path: str) -> bool:
        """Keep only the rows `where:` keeps (their cells in its columns hold one of its
        values); False after an error in `where:` (a column the file has not)."""
        if where is None:
            return True
        keep = _where(ctx, where, f"{path}.where", self)
        if keep is None:
            return False
        self.rows = [
            row
            for row in self.rows
            if all(
                _text(next((c for c in row.items if self.names.get(c.span.col) == k), None))
                in values
                for k, values in keep.items()
            )
        ]
        return True

    def in_columns(self, span: Span) -> Seq:
        """The header and each row as a list of cells, as many as the header names (a
        table's rows, read by position): a missing cell is empty, like an empty one
        (an XLSX row ends at its last value); empty cells past the header are dropped."""
        assert self.header is not None
        width = max((c for c, name in self.names.items() if name), default=0)
        rows = [self._seq(self.header), *self.rows]
        out: list[Node] = []
        for row in rows:
            items = list(row.items)
            while items and items[-1].span.col > width and _empty(items[-1]):
                items.pop()
            have = {item.span.col for item in items}
            first = _row_number(row.span)
            items += [
                _scalar(self.span(first, None, c), None, "")
                for c in range(1, width + 1)
                if c not in have
            ]
            items.sort(key=lambda item: item.span.col)
            out.append(Seq(row.span, items))
        return Seq(span, out)

    def _seq(self, row: Row) -> Seq:
        nodes: list[Node] = [_scalar(self.span(row.number, c), c.value, c.text) for c in row.cells]
        return Seq(self.span(row.number, None), nodes)

    def records(self, ctx: Context, where: Node | None, path: str, span: Span) -> Seq | None:
        """Each row as a mapping keyed by the header's names (a record), the rows that
        `where:` keeps; None after an error in the header or in `where:`."""
        heads = self.heads(ctx, path)
        if heads is None:
            return None
        if not self.kept(ctx, where, path):
            return None
        out: list[Node] = []
        for row in self.rows:
            first = row.span
            entry = Map(first)
            for cell in row.items:
                name = self.names.get(cell.span.col, "")
                if name:
                    entry.put(name, heads[name], cell)
            for column, name in self.names.items():  # a short XLSX row: empty cells
                if name and name not in entry:
                    entry.put(
                        name,
                        heads[name],
                        _scalar(self.span(_row_number(first), None, column), None, ""),
                    )
            out.append(entry)
        return Seq(span, out)

    def heads(self, ctx: Context, path: str) -> dict[str, Span] | None:
        """Each column's header cell by its name; None after an error at a name that
        cannot be one (it holds a brace) or is given twice."""
        assert self.header is not None
        heads: dict[str, Span] = {}
        ok = True
        for cell in self.header.cells:
            name = self.names[cell.column]
            at = self.span(self.header.number, cell)
            if not name:
                continue
            if any(ch in name for ch in NOT_IN_NAMES):
                ctx.error(
                    at,
                    path,
                    f"column name {name!r} cannot be a placeholder",
                    "a column's name holds no braces, '|', ':', ',' or line break",
                )
                ok = False
            elif name in heads:
                ctx.error(at, path, f"column {name!r} is named twice")
                ok = False
            heads[name] = at
        return heads if ok else None


def _text(node: Node | None) -> str:
    return node.raw.strip() if isinstance(node, Scalar) and node.value is not None else ""


def _where(ctx: Context, node: Node, path: str, table: Table) -> dict[str, set[str]] | None:
    """`where: {Type: base}` (or a list of values): the values each column must hold
    for a row to be kept; None after an error (a column the file has not)."""
    if not isinstance(node, Map):
        ctx.error(node, path, "expected a mapping of column: value", "e.g. where: {Type: base}")
        return None
    keep: dict[str, set[str]] = {}
    for name, value in node.entries.items():
        if name not in table.names.values():
            ctx.error(
                node.key_span(name),
                f"{path}.{name}",
                f"no column {name!r} in {table.header_row()}",
                did_you_mean(name, [n for n in table.names.values() if n], cutoff=0.75),
            )
            return None
        items = value.items if isinstance(value, Seq) else [value]
        texts = [as_text(ctx, item, f"{path}.{name}") for item in items]
        if None in texts:
            return None
        keep[name] = {t.strip() for t in texts if t is not None}
    return keep


def read_rows(
    ctx: Context, source: Source, grid: list[Row], path: str, keyed: bool
) -> Table | None:
    """The file's rows read against its header (the first row that is not blank): each
    row whole, or left out after an error at its row (the others are read on, so that
    one run says every mistake); blank rows skipped, as `kitgen check` notes. None
    when a character in the header cannot be read."""
    body = [row for row in grid if not row.blank]
    table = Table(source, body[0] if body else None)
    if table.header is None:
        return table
    header, *body = body
    _note_blank_rows(ctx, source, [header.number] + [row.number for row in body])
    if len(body) > MAX_TABLE_ROWS:  # the reader stopped at this row: said, not dropped
        stop = body[MAX_TABLE_ROWS]
        ctx.error(
            table.span(stop.number, stop.cells[0]),
            path,
            f"more than {MAX_TABLE_ROWS:,} rows under the header: the reading stopped at "
            f"row {stop.number}",
            "split the file, or keep only the rows the game uses; docs/security.md lists the caps",
        )
        return None
    width = len(header.cells)
    if not _all_text(ctx, table, [header], path):
        return None
    for row in body:
        if _row_whole(ctx, table, row, width, path, keyed) and _all_text(ctx, table, [row], path):
            table.rows.append(table._seq(row))
    return table


def _note_blank_rows(ctx: Context, source: Source, numbers: list[int]) -> None:
    """The note for the blank rows between the header and the last row (the row numbers
    the reader skipped): `cards.csv: 2 blank rows skipped (rows 3, 4)`, a long run as a
    range (`rows 3 to 20002`)."""
    runs = [(a + 1, b - 1) for a, b in itertools.pairwise(numbers) if b > a + 1]
    if not runs:
        return
    count = sum(last - first + 1 for first, last in runs)
    shown = [
        str(first)
        if first == last
        else f"{first}, {last}"
        if last == first + 1
        else f"{first} to {last}"
        for first, last in runs[:10]
    ]
    rows = ", ".join(shown) + (" ..." if len(runs) > 10 else "")
    many = "s" if count > 1 else ""
    where = display_path(source.file)
    ctx.diags.note(f"{where}: {count:,} blank row{many} skipped (row{many} {rows})")


def _row_whole(ctx: Context, table: Table, row: Row, width: int, path: str, keyed: bool) -> bool:
    """False, with an error at the cell, for a row that would lose or shift a value: a
    CSV row with more or fewer cells than the header, a value under no header (in a
    file of records), a formula with no saved value."""
    cells = row.cells
    if table.source.sheet is None and len(cells) != width:
        more = len(cells) > width
        column = width + 1 if more else len(cells) + 1
        cell = cells[width] if more else None
        ctx.error(
            table.span(row.number, cell, column),
            path,
            f"row {row.number} has {len(cells)} cells, the header {width}"
            + (
                ": a comma in a value not in quotes splits it, shifting every cell after it"
                if more
                else f": column {column_letter(column)} and after are missing"
            ),
            'put a value holding a comma in double quotes ("Blob, Ship"), '
            "or save the file again from a spreadsheet program"
            if more
            else "a row has a cell for every column, empty ones too (a,,c)",
        )
        return False
    for cell in cells:
        if cell.formula:
            ctx.error(table.span(row.number, cell), path, FORMULA)
            return False
        if keyed and cell.value is not None and not table.names.get(cell.column):
            ctx.error(
                table.span(row.number, cell),
                path,
                f"a value in column {column_letter(cell.column)}, which has no header",
                f"name the column in row {table.header.number if table.header else 1}, "
                "or clear the cell",
            )
            return False
    return True


def _all_text(ctx: Context, table: Table, rows: list[Row], path: str) -> bool:
    """False, with an error at the cell, when a cell holds a character no text may hold
    (a control character, half of a UTF-16 pair; a hidden character, as in YAML): YAML
    refuses them, and so does a sheet."""
    for row in rows:
        for cell in row.cells:
            if not isinstance(cell.value, str):
                continue
            bad = not_text(cell.value)
            if bad is not None:
                code, kind = bad
                ctx.error(
                    table.span(row.number, cell),
                    path,
                    f"the cell holds {code}, {kind}, not text",
                    CONTROL_HINT,
                )
                return False
            hidden = None if cell.value.isascii() else hidden_character(cell.value)
            if hidden is not None:
                _, problem, hint = hidden
                ctx.error(
                    table.span(row.number, cell),
                    path,
                    problem.replace("the text", "the cell", 1),
                    hint,
                )
                return False
    return True


def _scalar(span: Span, value: ScalarValue, raw: str) -> Scalar:
    if value is None:
        return Scalar(span, None, "", True)
    return Scalar(
        span, value, raw.strip() if not isinstance(value, str) else raw, not isinstance(value, str)
    )
