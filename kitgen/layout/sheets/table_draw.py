"""Draw a Table inside any box: column widths from content, light rules, zebra rows,
header groups, spanning cells, write-in blanks, notes and footnotes.

`layout_table` measures (and can be split between rows for flowing into
columns); `draw_table` is the one-call form other planners use (cards, solo
tables): it shrinks the type from `size` down to `min_size` until the table fits
the width and returns the ops and the height used.
"""

from __future__ import annotations

from ...model.table import Cell, Column, Row, Table
from ...patterns import pattern
from ...records import record, replace
from ...style import (
    BOX_INK,
    HEAD_FILL,
    HEADING_FILL,
    INK,
    LEADING,
    LINE_INK,
    MID_INK,
    PAPER,
    TABLE_RULE_INK,
    ZEBRA,
)
from ..env import PlanEnv
from ..plan import Line, Rect, Stroke
from ..rich import (
    Faces,
    Run,
    block_title,
    count_lines,
    draw_line,
    parse_markup,
    runs_width,
    title_block_height,
    widest_word,
    word_widths,
    wrap_runs,
)

RULE = Stroke(TABLE_RULE_INK, 0.4)
HEAD_RULE = Stroke(MID_INK, 0.7)
BLANK_LINE = Stroke(LINE_INK, 0.6)
BLANK_BOX = Stroke(BOX_INK, 0.3)
_NUMERIC = pattern(
    r"^[-+\u2212]?[<>=≤≥]*[-+\u2212]?\d[\d.,/:x%\u00bd+\-\u2212 =]*\"?(?:[*#\u2021]|\u2020\d*)*$"
    r"|^[-\u2014\u2013]$"
)
_DASH = pattern(r"^[-\u2014\u2013]$")
_RANGE = pattern(r"\d\s*[-\u2013]\s*[-\u2212]?\d")  # a roll range: "2-3", "10–12"
# a roll or a number in a label column: 4, >6, 1-3, 10–12, 7+
_ROLL = pattern(r"^[<>=≤≥+\-\u2212]*[0-9][0-9.,/x+\-\u2212\u2013 ]*$")
# footnote marks after a number hang past it: *, #, a reading's numbered mark (†2)
_MARKS = pattern(r"(?:[*#\u2021]|\u2020\d*)+$")


@record
class _Cell:
    col: int  # first grid column
    cols: int
    runs: tuple[Run, ...] | None  # None = write-in blank
    align: str
    figure: bool = False  # aligned by its figures: right within the column's widest number


@record(frozen=False)
class TableLayout:
    """A table measured at one size for one width; draw() places all or part of it."""

    table: Table
    size: float
    small: float  # footnote size
    widths: list[float]
    fits: bool  # False: even wrapped, the columns are wider than the width
    header: list[_Cell]
    rows: list[list[_Cell]]
    row_lines: list[list[list]]  # per row, per cell: wrapped lines
    row_heights: list[float]
    head_lines: list[list]
    head_height: float
    group_height: float
    title_height: float
    notes: list[tuple[list, float]]  # (lines, size)
    notes_height: float
    env: PlanEnv
    faces: Faces
    figures: list[float | None]  # per column: the widest number's width (figure-aligned columns)
    natural: float = 0.0  # the width the columns want unwrapped (a caller may give less room)
    first_title: float = 0.0  # the title's room on the first part (no "(cont.)" to wrap)
    air: float = 0.0  # points more in each body row, half above and half below its text

    def title_room(self, first: bool) -> float:
        return self.first_title if first else self.title_height

    @property
    def width(self) -> float:
        return sum(self.widths)

    @property
    def height(self) -> float:
        return self.part_height(0, len(self.rows), True, True)

    def part_height(self, start: int, end: int, first: bool, last: bool) -> float:
        # the title repeats on later parts, marked "(cont.)"
        h = self.title_room(first) + self.head_height + self.group_height
        h += sum(self.row_heights[start:end])
        if last:
            h += self.notes_height
        return h

    @property
    def units(self) -> int:
        return len(self.rows)

    def unit_height(self, i: int) -> float:
        return self.row_heights[i]

    def draw(
        self,
        x: float,
        y_top: float,
        start: int = 0,
        end: int | None = None,
        first: bool = True,
        title: bool = True,
    ) -> tuple[list, float]:
        """Ops drawing rows start..end with the top-left corner at (x, y_top), and the
        height used; the title (marked "(cont.)" on a later part), group and column
        headers are drawn on every part, the notes under the last."""
        end = len(self.rows) if end is None else end
        last = end >= len(self.rows)
        ops: list = []
        y = y_top
        lefts = [x + sum(self.widths[:i]) for i in range(len(self.widths))]
        if self.title_height:
            ops += (
                []
                if not title
                else block_title(
                    self.table.title,
                    first,
                    x,
                    y,
                    self.width,
                    self.faces,
                    self.size,
                    self.env.fonts,
                    INK,
                )
            )
            y -= self.title_room(first)
        if self.group_height:
            ops += self._groups(x, y, lefts)
            y -= self.group_height
        ops += self._header(x, y, lefts)
        y -= self.head_height
        ops.append(Line(x, y, x + self.width, y, HEAD_RULE))
        for i in range(0, end - start):
            ops += self._row(start + i, i % 2 == 1, x, y, lefts)
            y -= self.row_heights[start + i]
            ops.append(Line(x, y, x + self.width, y, RULE))
        if last and self.notes:
            ops += self._notes(x, y)
        height = self.part_height(start, end, first, last)
        return ops, height

    def _groups(self, x: float, y: float, lefts: list[float]) -> list:
        """The band of column-group titles, each ruled under its columns."""
        fonts, size = self.env.fonts, self.size
        pad_x, pad_y = _pads(size)
        ops: list = [Rect(x, y - self.group_height, self.width, self.group_height, fill=HEAD_FILL)]
        for g in self.table.groups:
            c0 = g.first + (1 if label_column(self.table) else 0)
            gx = lefts[c0]
            gw = sum(self.widths[c0 : c0 + g.count])
            ops += draw_line(
                parse_markup(g.title, bold=True),
                gx + pad_x,
                y - pad_y - size * 0.8,
                gw - 2 * pad_x,
                "centre",
                self.faces,
                size,
                fonts,
                INK,
            )
            rule_y = y - self.group_height + 0.6
            ops.append(Line(gx + pad_x, rule_y, gx + gw - pad_x, rule_y, RULE))
        return ops

    def _header(self, x: float, y: float, lefts: list[float]) -> list:
        """The column header: its cells' lines set on a shaded band."""
        fonts, size = self.env.fonts, self.size
        pad_x, pad_y = _pads(size)
        line_h = size * LEADING
        ops: list = [Rect(x, y - self.head_height, self.width, self.head_height, fill=HEAD_FILL)]
        for cell, lines in zip(self.header, self.head_lines, strict=True):
            cx, cw = lefts[cell.col], sum(self.widths[cell.col : cell.col + cell.cols])
            ly = y - self.head_height + pad_y + size * 0.22 + (len(lines) - 1) * line_h
            for ln in lines:
                ops += draw_line(
                    ln, cx + pad_x, ly, cw - 2 * pad_x, cell.align, self.faces, size, fonts, INK
                )
                ly -= line_h
        return ops

    def _row(self, r: int, zebra: bool, x: float, y: float, lefts: list[float]) -> list:
        """Row r with its top at y: a shaded band for a sub-heading or a zebra row, then
        each cell (a write-in blank, a figure-aligned number or wrapped lines)."""
        fonts, size = self.env.fonts, self.size
        pad_x, pad_y = _pads(size)
        pad_y += self.air / 2
        line_h = size * LEADING
        h = self.row_heights[r]
        ops: list = []
        if self.table.rows[r].heading:
            ops.append(Rect(x, y - h, self.width, h, fill=HEADING_FILL))
        elif zebra:
            ops.append(Rect(x, y - h, self.width, h, fill=ZEBRA))
        for cell, lines in zip(self.rows[r], self.row_lines[r], strict=True):
            cx, cw = lefts[cell.col], sum(self.widths[cell.col : cell.col + cell.cols])
            if cell.runs is None:
                ops += _blank(cx + pad_x, y - pad_y - size, cw - 2 * pad_x, size, cell.align)
                continue
            ly = y - pad_y - size * 0.8
            fw = self.figures[cell.col] if cell.figure else None
            if fw is not None and len(lines) == 1 and not _DASH.match(_text(cell)):
                ops += self._figure(cell, cx + pad_x, ly, cw - 2 * pad_x, fw)
                continue
            if cell.align == "centre" and len(lines) == 1 and _marked(cell.runs or ()):
                ops += self._hung(cell, cx + pad_x, ly, cw - 2 * pad_x)
                continue
            for ln in lines:
                ops += draw_line(
                    ln, cx + pad_x, ly, cw - 2 * pad_x, cell.align, self.faces, size, fonts, INK
                )
                ly -= line_h
        return ops

    def _notes(self, x: float, y: float) -> list:
        """The notes and footnotes under the last row (whose bottom is at y)."""
        ops: list = []
        y -= self.size * 0.35
        for lines, nsize in self.notes:
            for ln in lines:
                y -= nsize * LEADING
                ops += draw_line(
                    ln,
                    x,
                    y + nsize * 0.25,
                    self.width,
                    "left",
                    self.faces,
                    nsize,
                    self.env.fonts,
                    INK,
                )
        return ops

    def _figure(self, cell: _Cell, x: float, y: float, w: float, fw: float) -> list:
        """A number flush right in a box as wide as the column's widest, centred in the
        column; footnote marks hang to the right of the box."""
        fonts, size = self.env.fonts, self.size
        core, marks = _split_marks(cell.runs or ())
        mark_w = runs_width(marks, self.faces, size, fonts)
        right = min(x + (w + fw) / 2, x + w - mark_w)
        ops = draw_line(core, right - fw, y, fw, "right", self.faces, size, fonts, INK)
        if marks:
            ops += draw_line(marks, right, y, mark_w, "left", self.faces, size, fonts, INK)
        return ops

    def _hung(self, cell: _Cell, x: float, y: float, w: float) -> list:
        """A centred cell's words centred without their footnote marks, which hang after
        them (a roll range's 4†2 stands under the dashes of 2-3, its mark past it)."""
        fonts, size = self.env.fonts, self.size
        core, marks = _split_marks(cell.runs or ())
        core_w = runs_width(core, self.faces, size, fonts)
        left = x + (w - core_w) / 2
        ops = draw_line(core, left, y, core_w, "left", self.faces, size, fonts, INK)
        mark_w = runs_width(marks, self.faces, size, fonts)
        return ops + draw_line(
            marks, left + core_w, y, mark_w, "left", self.faces, size, fonts, INK
        )


def _marked(runs: tuple[Run, ...]) -> bool:
    """Whether a number's runs end in footnote marks (see `_split_marks`)."""
    _, marks = _split_marks(runs)
    return bool(marks)


def _split_marks(runs: tuple[Run, ...]) -> tuple[list[Run], list[Run]]:
    """A number's runs and the footnote marks after it ('6*' -> '6', '*')."""
    if not runs:
        return [], []
    last = runs[-1]
    m = _MARKS.search(last.text)
    if m is None:
        return list(runs), []
    core = last.text[: m.start()]
    head = list(runs[:-1]) + ([Run(core, last.bold, last.italic)] if core else [])
    return head, [Run(m.group(), last.bold, last.italic)]


def _figure_widths(
    rows: list[list[_Cell]], numeric: list[bool], n: int, faces: Faces, size: float, fonts
) -> list[float | None]:
    """For each column of numbers set centred: the width of its widest number (marks
    excluded). Its numbers are set flush right inside a box that wide, centred in the
    column, so units line up under units and signs under signs."""
    widths: list[float | None] = [None] * n
    for cells in rows:
        for cell in cells:
            if not (cell.figure and numeric[cell.col] and cell.runs):
                continue
            if _DASH.match(_text(cell)):
                continue
            core, _ = _split_marks(cell.runs)
            w = runs_width(core, faces, size, fonts)
            widths[cell.col] = max(widths[cell.col] or 0.0, w)
    return widths


def _text(cell: _Cell) -> str:
    return "".join(r.text for r in cell.runs or ()).strip()


def _pads(size: float) -> tuple[float, float]:
    return size * 0.4, size * 0.22


def _blank(x: float, y: float, w: float, size: float, align: str) -> list:
    """A write-in blank: a light box with a firm underline, for a value the source lost."""
    bw = min(w, size * 3.2)
    bx = x + (w - bw) / 2 if align == "centre" else (x + w - bw if align == "right" else x)
    return [
        Rect(bx, y, bw, size * 1.05, fill=PAPER, stroke=BLANK_BOX),
        Line(bx, y, bx + bw, y, BLANK_LINE),
    ]


def looks_numeric(text: str) -> bool:
    return bool(_NUMERIC.match(text.strip()))


def column_aligns(table: Table) -> list[str]:
    """Each data column's alignment, one per column: 'auto' centres a column whose values
    are all numbers, and sets left one that holds any words, a cell spanning columns
    counting as a value of the column it starts in (its words stand flush left there, so
    the column's figures do too)."""
    out = []
    for c, col in enumerate(table.columns):
        if col.align != "auto":
            out.append(col.align)
            continue
        values = []
        for row in table.rows:
            if row.heading:
                continue
            idx = _cell_index(row, c)
            if idx is not None:
                v = row.cells[idx]
                text = v.text if isinstance(v, Cell) else v
                if text:
                    values.append(text)
        numeric = bool(values) and all(looks_numeric(v) for v in values)
        out.append("centre" if numeric else "left")
    return out


def _cell_index(row: Row, col: int) -> int | None:
    """Which cell of the row starts at data column col (None if covered by a span)."""
    at = 0
    for i, v in enumerate(row.cells):
        if at == col:
            return i
        at += v.cols if isinstance(v, Cell) else 1
        if at > col:
            return None
    return None


def label_column(table: Table) -> Column | None:
    """The row-label column: the table's own, or an untitled one when rows carry labels."""
    if table.label is not None:
        return table.label
    if any(row.label for row in table.rows):
        return Column(table.roll or "", "centre")
    return None


def has_ranges(table: Table) -> bool:
    """Whether figures joined by a hyphen in the table's heads and notes are ranges ("1-4"
    prints with an en dash, style.typeset): not in an odds combat table, whose columns
    and notes write odds ("1-2", "2-1") and keep them as written."""
    return table.combat is None or table.combat.kind != "odds"


def _grid(table: Table) -> tuple[list[Column], list[str], list[_Cell], list[list[_Cell]]]:
    """All printed columns (label, data, chance), their aligns, the header and the row cells."""
    cols: list[Column] = []
    aligns: list[str] = []
    off = 0
    label = label_column(table)
    # a roll column that holds a range ("2-3") is a column of labels: each centred, the
    # single rolls under the ranges' dashes; one of numbers only sets them as figures
    ranges = any(_RANGE.search(row.label or "") for row in table.rows)
    if label is not None:
        cols.append(label)
        aligns.append("centre" if label.align == "auto" else label.align)
        off = 1
    cols.extend(table.columns)
    aligns.extend(column_aligns(table))
    if table.chance:
        cols.append(Column(table.chance, "right"))
        aligns.append("right")
    header = [
        _Cell(i, 1, tuple(parse_markup(c.title, bold=True, ranges=has_ranges(table))), aligns[i])
        for i, c in enumerate(cols)
    ]
    rows: list[list[_Cell]] = []
    for r, row in enumerate(table.rows):
        if row.heading:
            text = row.cells[0] if row.cells else ""
            text = text.text if isinstance(text, Cell) else text
            rows.append([_Cell(0, len(cols), tuple(parse_markup(text or "", bold=True)), "left")])
            continue
        cells: list[_Cell] = []
        # a row's reading mark never sits on a roll or a number ("1†10" reads as 110): it
        # goes on the row's first words; a named row keeps it on its name
        hang = label is not None and _ROLL.match(row.label or "") is not None
        moved = hang and any(_text_of(v) for v in row.cells)
        if label is not None:
            cells.append(
                _Cell(
                    0,
                    1,
                    tuple(parse_markup((row.label or "") + ("" if moved else row.mark))),
                    aligns[0],
                    aligns[0] == "centre" and not ranges,
                )
            )
        at = off
        for v in row.cells:
            cell = v if isinstance(v, Cell) else Cell(v)
            if moved and cell.text:
                cell, moved = replace(cell, text=cell.text + row.mark), False
            n = max(1, cell.cols)
            align = cell.align or (aligns[at] if n == 1 else "left")
            runs = None if cell.text is None else tuple(parse_markup(cell.text, bold=cell.bold))
            figure = n == 1 and not cell.align and align == "centre"
            cells.append(_Cell(at, n, runs, align, figure))
            at += n
        if table.chance:
            chance = table.chances[r] if r < len(table.chances) else ""
            cells.append(_Cell(len(cols) - 1, 1, tuple(parse_markup(chance)), "right"))
        rows.append(cells)
    return cols, aligns, header, rows


def _text_of(value: Cell | str | None) -> str:
    return (value.text or "") if isinstance(value, Cell) else (value or "")


def _allocate(
    natural: list[float],
    minimum: list[float],
    fixed: list[float | None],
    width: float,
    wide: list[bool],
) -> tuple[list[float], bool]:
    """Column widths: natural widths, then slack shared out, or wrapping columns narrowed."""
    widths = [f if f is not None else n for n, f in zip(natural, fixed, strict=True)]
    total = sum(widths)
    free = [i for i, f in enumerate(fixed) if f is None]
    if total <= width + 1e-6:
        # share the slack (to the text columns if any), so the table fills its box
        takers = [i for i in free if wide[i]] or free
        if takers:
            base = sum(widths[i] for i in takers) or 1.0
            slack = width - total
            for i in takers:
                widths[i] += slack * widths[i] / base
        return widths, True
    # too wide: narrow the columns that can wrap, most room first, no lower than their widest word
    excess = total - width
    room = {i: widths[i] - minimum[i] for i in free if widths[i] > minimum[i]}
    spare = sum(room.values())
    if spare <= 1e-9:
        return widths, False
    cut = min(excess, spare)
    for i, r in room.items():
        widths[i] -= cut * r / spare
    return widths, excess <= spare + 1e-6


def _estimated_height(
    widths: list[float], cell_words: list[list[tuple[int, list]]], pad: float
) -> tuple[int, int]:
    """(the table's lines, row by row its tallest cell's; all its cells' lines), each cell
    wrapped as it will be drawn (count_lines: the words were measured once)."""
    total = every = 0
    for row in cell_words:
        tallest = 1
        for col, words in row:
            n = count_lines(words, widths[col] - pad)
            tallest = max(tallest, n)
            every += n
        total += tallest
    return total, every


def _balance(
    widths: list[float],
    minimum: list[float],
    cell_words: list[list[tuple[int, list]]],
    free: list[int],
    pad: float,
    rounds: int = 80,
) -> list[float]:
    """Move width between wrapping text columns while that makes the table shorter, or as
    short with fewer lines in all (no column wraps far more than it must: a cell of 5
    lines beside cells of 2 in a row its neighbour holds to 4 gets the width to take 4)."""
    if len(free) < 2:
        return widths
    widths = list(widths)
    room = sum(widths[i] for i in free)
    deltas = [room * f for f in (0.2, 0.1, 0.05, 0.02, 0.01)]  # big steps cross plateaus
    best = _estimated_height(widths, cell_words, pad)
    for _ in range(rounds):
        move = None
        for delta in deltas:
            for give in free:
                if widths[give] - delta < minimum[give] - 1e-6:
                    continue
                for take in free:
                    if take == give:
                        continue
                    widths[give] -= delta
                    widths[take] += delta
                    h = _estimated_height(widths, cell_words, pad)
                    widths[give] += delta
                    widths[take] -= delta
                    if h < best:
                        best, move = h, (give, take, delta)
        if move is None:
            break
        widths[move[0]] -= move[2]
        widths[move[1]] += move[2]
    return widths


SAID_ONCE_ROWS = 3  # a column the same on at least this many rows is said once instead


def said_once(table: Table) -> Table:
    """The table without the columns whose every row holds the same words (a Chance
    column of 1/6 on every row), each said once in a note under it ("Chance: 1/6 on
    every row."): a column that tells nothing row by row is not printed row by row."""
    rows = [r for r in table.rows if not r.heading]
    if len(rows) < SAID_ONCE_ROWS or any(len(r.cells) != len(table.columns) for r in rows):
        return table

    def plain(v) -> str | None:
        if isinstance(v, Cell):
            return v.text if v.cols == 1 and not v.bold else None
        return v

    same = [
        i
        for i in range(len(table.columns))
        if len({plain(r.cells[i]) for r in rows}) == 1 and plain(rows[0].cells[i])
    ]
    notes = [f"{table.columns[i].title}: {plain(rows[0].cells[i])} on every row." for i in same]
    if table.chance and len(set(table.chances)) == 1 and len(table.chances) == len(rows):
        notes.append(f"{table.chance}: {table.chances[0]} on every row.")
        table = replace(table, chance=None, chances=())
    if not notes or len(same) == len(table.columns):
        return table
    keep = [i for i in range(len(table.columns)) if i not in same]
    return replace(
        table,
        columns=tuple(table.columns[i] for i in keep),
        rows=tuple(
            r if r.heading else replace(r, cells=tuple(r.cells[i] for i in keep))
            for r in table.rows
        ),
        notes=(*notes, *table.notes),
    )


def layout_table(
    table: Table,
    width: float,
    env: PlanEnv,
    size: float,
    min_size: float | None = None,
    title: bool = True,
    air: float = 0.0,
) -> TableLayout:
    """Measure the table at one type size for one width (a combat table as printed, with
    its chances and notes); `air` points more in each body row (a sheet with room to
    spare: sheet.py)."""
    if table.combat is not None:
        from ...rules.combat import printed

        table = printed(table)
    if table.effects is not None:
        from ...rules.terrain_effects import effects_table

        table = effects_table(env.game, table)
    table = said_once(table)
    fonts = env.fonts
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    small = max(min_size if min_size is not None else size, round(size * 0.88, 2))
    pad_x, pad_y = _pads(size)
    line_h = size * LEADING
    cols, aligns, header, rows = _grid(table)
    widths, fits, figures, natural = _column_widths(
        cols, aligns, header, rows, width, faces, size, fonts
    )

    def wrap_cell(cell: _Cell) -> list:
        if cell.runs is None:
            return []
        cw = sum(widths[cell.col : cell.col + cell.cols]) - 2 * pad_x
        return _wrapped(cell.runs, cw, faces, size, fonts)

    head_lines = [wrap_cell(c) for c in header]
    head_height = max(len(ls) for ls in head_lines) * line_h + 2 * pad_y
    row_lines, row_heights = [], []
    for cells in rows:
        lines = [wrap_cell(c) for c in cells]
        row_lines.append(lines)
        tall = max(max(len(ls), 1) for ls in lines) * line_h
        row_heights.append(tall + 2 * pad_y + air)
    group_height = line_h + 2 * pad_y if table.groups else 0.0
    titled = bool(title and table.title)
    title_height = title_block_height(table.title, width, faces, size, fonts) if titled else 0.0
    first_title = (
        title_block_height(table.title, width, faces, size, fonts, cont=False) if titled else 0.0
    )
    notes, notes_height = _wrap_notes(table, sum(widths), faces, size, small, fonts)
    return TableLayout(
        table,
        size,
        small,
        widths,
        fits,
        header,
        rows,
        row_lines,
        row_heights,
        head_lines,
        head_height,
        group_height,
        title_height,
        notes,
        notes_height,
        env,
        faces,
        figures,
        natural,
        first_title,
        air,
    )


def _column_widths(
    cols: list[Column],
    aligns: list[str],
    header: list[_Cell],
    rows: list[list[_Cell]],
    width: float,
    faces: Faces,
    size: float,
    fonts,
) -> tuple[list[float], bool, list[float | None], float]:
    """(column widths, whether they fit the width, figure widths, the width the columns
    want unwrapped): each column between its widest word and its text on one line, fixed
    widths kept, text columns balanced so rows wrap evenly."""
    pad_x, _ = _pads(size)
    n = len(cols)
    natural = [0.0] * n
    minimum = [0.0] * n
    for cell in header:
        runs = list(cell.runs or ())
        natural[cell.col] = max(natural[cell.col], runs_width(runs, faces, size, fonts) + 2 * pad_x)
        minimum[cell.col] = max(
            minimum[cell.col], widest_word(runs, faces, size, fonts) + 2 * pad_x
        )
    for cells in rows:
        for cell in cells:
            if cell.cols != 1:
                continue
            if cell.runs is None:
                w = size * 3.2 + 2 * pad_x
                natural[cell.col] = max(natural[cell.col], w)
                minimum[cell.col] = max(minimum[cell.col], w)
                continue
            one_line, widest, _ = _measured(cell.runs, faces, size, fonts)
            natural[cell.col] = max(natural[cell.col], one_line + 2 * pad_x)
            minimum[cell.col] = max(minimum[cell.col], widest + 2 * pad_x)
    fixed = [c.width for c in cols]
    # numbers and ranges in centred or right-aligned columns never wrap; text does
    body_natural = [0.0] * n
    cell_words: list[list[tuple[int, list]]] = []  # per row: (column, its words measured)
    for cells in rows:
        row_words = []
        for cell in cells:
            if cell.cols == 1 and cell.runs is not None:
                w, _, words = _measured(cell.runs, faces, size, fonts)
                body_natural[cell.col] = max(body_natural[cell.col], w + 2 * pad_x)
                row_words.append((cell.col, words))
        cell_words.append(row_words)
    numeric = _numeric_columns(rows, n)
    for i in range(n):
        if aligns[i] != "left" and numeric[i]:  # numbers and ranges never break
            minimum[i] = max(minimum[i], body_natural[i])
    figures = _figure_widths(rows, numeric, n, faces, size, fonts)
    widths, fits = _allocate(natural, minimum, fixed, width, [a == "left" for a in aligns])
    if fits and sum(natural) > width + 1e-6:
        free = [i for i in range(n) if fixed[i] is None and not numeric[i]]
        widths = _balance(widths, minimum, cell_words, free, 2 * pad_x)
    want = sum(w if f is None else f for w, f in zip(natural, fixed, strict=True))
    return widths, fits, figures, want


def _measured(runs: tuple[Run, ...], faces: Faces, size: float, fonts) -> tuple[float, float, list]:
    """A cell's text measured at one size, whatever width it is given: (its widest line
    unwrapped, its widest word, its words' widths for count_lines). A rulebook lays each
    table out many times (sizes tried, widths searched), each time with these the same:
    they were half of planning a kit with a long back matter. Read the words, never
    change them (they are shared)."""
    key = (runs, faces.key, size, fonts)
    got = _MEASURED.get(key)
    if got is None:
        lines = wrap_runs(list(runs), 1e9, faces, size, fonts)
        one_line = max(runs_width(ln, faces, size, fonts) for ln in lines)
        widest = widest_word(list(runs), faces, size, fonts)
        got = (one_line, widest, word_widths(list(runs), faces, size, fonts))
        if len(_MEASURED) >= 8192:  # bounded: a test run lays out many games
            _MEASURED.clear()
        _MEASURED[key] = got
    return got


_MEASURED: dict[tuple, tuple[float, float, list]] = {}


def _wrapped(runs: tuple[Run, ...], width: float, faces: Faces, size: float, fonts) -> list:
    """A cell's lines at one width and size, wrapped once for every layout that asks (a
    table's columns come out at the same widths again and again): read, never change."""
    key = (runs, width, faces.key, size, fonts)
    got = _WRAPPED.get(key)
    if got is None:
        got = wrap_runs(list(runs), width, faces, size, fonts)
        if len(_WRAPPED) >= 8192:  # bounded, as _MEASURED
            _WRAPPED.clear()
        _WRAPPED[key] = got
    return got


_WRAPPED: dict[tuple, list] = {}


def _numeric_columns(rows: list[list[_Cell]], n: int) -> list[bool]:
    """Per column: every single-column cell with text looks like a number or a range."""
    numeric = [True] * n
    for cells in rows:
        for cell in cells:
            if cell.cols == 1 and cell.runs is not None:
                text = "".join(r.text for r in cell.runs)
                if text and not looks_numeric(text):
                    numeric[cell.col] = False
    return numeric


def _wrap_notes(
    table: Table, width: float, faces: Faces, size: float, small: float, fonts
) -> tuple[list[tuple[list, float]], float]:
    """The notes (at the table's size) and footnotes (small) wrapped to the width, and
    the height they take under the table."""
    notes: list[tuple[list, float]] = []
    notes_height = 0.0
    for text, nsize in [(t, size) for t in table.notes] + [(t, small) for t in table.footnotes]:
        lines = wrap_runs(parse_markup(text, ranges=has_ranges(table)), width, faces, nsize, fonts)
        notes.append((lines, nsize))
        notes_height += len(lines) * nsize * LEADING
    if notes:
        notes_height += size * 0.35
    return notes, notes_height


def fit_table(
    table: Table,
    width: float,
    env: PlanEnv,
    size: float = 8.0,
    min_size: float = 6.5,
    step: float = 0.25,
    title: bool = True,
) -> TableLayout:
    """The largest size from `size` down to `min_size` at which the columns fit the width."""
    current = size
    while True:
        lay = layout_table(table, width, env, current, min_size, title)
        if lay.fits or current - step < min_size - 1e-9:
            return lay
        current = round(current - step, 4)


def draw_table(
    table: Table,
    x: float,
    y_top: float,
    width: float,
    env: PlanEnv,
    size: float = 8.0,
    min_size: float = 6.5,
    title: bool = True,
) -> tuple[list, float]:
    """Ops drawing the whole table with its top-left corner at (x, y_top), and its height.

    The type shrinks from size to min_size until the columns fit the width; a
    table that still does not fit is drawn at min_size (wider than asked, never
    clipped) and the caller may check `fit_table(...).fits` to warn."""
    lay = fit_table(table, width, env, size, min_size, title=title)
    return lay.draw(x, y_top)
