"""tables:, texts:, sheets: and cards: in game.yaml -> table models.

Every value is read as text exactly as typed (`+1` stays `+1`, `1/2` stays
`1/2`); a null value is a write-in blank. Rows are checked against the columns
(cell counts, spans), roll labels against the dice the table is keyed by.
"""

from __future__ import annotations

import re
from typing import Any

from ...budget import MAX_UNITS, over, spend
from ...chance.roll_labels import RollLabelError, RollRange, overlapping, parse_roll_label
from ...colours import ColourError, parse_colour
from ...errors import Span
from ...model.combat import Combat
from ...model.reading import Reading
from ...model.table import (
    DECK_PATTERNS,
    Card,
    CardBlock,
    CardFace,
    Cell,
    CellValue,
    Column,
    Deck,
    Effects,
    HeaderGroup,
    Row,
    Sheet,
    SheetItem,
    Table,
    TextBlock,
)
from ...names import placeholders, suggest
from ...records import replace
from ...style import RULES_MIN, SHEET_MAX
from ...units import mm
from ..counters.layouts import (
    FIELDS_KEY,
    LAYOUT_KEY,
    MARK_FIELD,
    SIDE_MARK_KEY,
    Piece,
    cells_of,
    field_cells,
    fill_layout,
    find_layout,
    layout_names,
    layout_placeholders,
    read_fields,
)
from ..expand import (
    FOR_EACH,
    CopyProblems,
    file_cells,
    filled_rows,
    id_cell,
    merged,
    read_for_each_parts,
    substitute,
    unused_columns,
)
from ..fields import (
    Context,
    Fields,
    as_roll,
    as_text,
    check_unique_ids,
    is_file_list,
    read_unique_list,
)
from ..reading import (
    KIT_READING,
    KIT_READING_KIT,
    KIT_READING_SOURCE,
    READING,
    Marks,
    kit_readings,
    read_reading,
)
from ..rules.combat import COMBAT, read_combat
from ..spec import (
    BOOLEAN,
    COLOUR,
    ID,
    INTEGER,
    LENGTH,
    NULL,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    Named,
    OneOf,
    OneOrList,
    Spec,
)
from ..spreadsheets.tabular import file_list
from ..stock import STOCK
from ..yamlnodes import Map, Node, Scalar, Seq, describe

ALIGN_WORDS = {
    "left": "left",
    "centre": "centre",
    "center": "centre",
    "right": "right",
    "auto": "auto",
}
MAX_CARD_COPIES = 500  # copies of one card
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (mm(63.5), mm(88.9)),
    "bridge": (mm(57.15), mm(88.9)),
    "mini": (mm(44.45), mm(63.5)),
    "tarot": (mm(70), mm(120)),
    "index": (5 * 72.0, 3 * 72.0),  # a 3x5 in index card, landscape
    "half-letter": (5.5 * 72.0, 8.5 * 72.0),
}
ROLL_HINT = "use a number (7), a range (3-4), or an open end (>6, >=12, <2, <=0, 12+)"

# ---- the keys --------------------------------------------------------------

_ALIGN = Choice(ALIGN_WORDS, "alignment")
PARAGRAPHS = OneOrList(TEXT)
VALUE = Either(TEXT, NULL)  # null: a write-in blank
COLUMN_TITLE = Key("title", TEXT, "the heading", required=True, default="")
COLUMN_ALIGN = Key("align", _ALIGN, "auto: numbers centred, text left", default="auto")
COLUMN_WIDTH = Key("width", LENGTH, "a fixed width")
COLUMN_ID = Key("id", TEXT, "how groups and spans name it; default: the title")
COLUMN = Spec(
    "column",
    COLUMN_TITLE,
    COLUMN_ALIGN,
    COLUMN_WIDTH,
    COLUMN_ID,
    heading="tables",
)
GROUP_TITLE = Key("title", TEXT, "printed over the columns", required=True, default="")
GROUP_COLUMNS = Key("columns", ListOf(TEXT), "neighbouring column ids", required=True)
GROUP = Spec(
    "header-group",
    GROUP_TITLE,
    GROUP_COLUMNS,
    heading="tables",
)
CELL_TEXT = Key("text", VALUE, "the value; null or absent: a write-in blank")
CELL_SPAN = Key("span", Either(INTEGER, TEXT), "columns covered: a number, or the last column's id")
CELL_ALIGN = Key("align", _ALIGN, "this cell's own alignment")
CELL_BOLD = Key("bold", BOOLEAN, "bold type", default=False)
CELL = Spec(
    "cell",
    CELL_TEXT,
    CELL_SPAN,
    CELL_ALIGN,
    CELL_BOLD,
    READING,
    heading="tables",
)
ROW_HEADING = Key("heading", TEXT, "a sub-heading row across the table")
ROW_LABEL = Key("label", TEXT, "the row's label (tables with a label column)")
ROW_CELLS = Key("cells", ListOf(Either(VALUE, CELL)), "one per column")
ROW = Spec(
    "row",
    ROW_HEADING,
    ROW_LABEL,
    ROW_CELLS,
    READING,
    heading="tables",
    one_of=(OneOf("cells", "heading"),),
)
EFFECTS_MAP = Key(
    "map",
    ID,
    "the map whose terrains, features, lines and hexsides it lists (default: the first)",
)
EFFECTS_COMBAT = Key("combat", ID, "the combat table whose shifts it says (default: the one)")
EFFECTS_MOVE = Key("move", TEXT, "the property printed as the movement cost", default="move_cost")
EFFECTS = Spec(
    "effects",
    EFFECTS_MAP,
    EFFECTS_COMBAT,
    EFFECTS_MOVE,
    heading="Terrain effects charts (`effects:`)",
)
TABLE_ID = Key("id", ID, "unique; how sheets and cards name it", required=True)
TABLE_TITLE = Key("title", TEXT, "printed above the table (bold)", default="")
TABLE_ROLL = Key("roll", TEXT, "the dice the rows are keyed by (2d6)")
TABLE_COLUMNS = Key(
    "columns", ListOf(Either(TEXT, COLUMN)), "a title or a column mapping", required=True
)
TABLE_LABEL = Key("label", Either(TEXT, COLUMN), "the label column (default: the roll)")
TABLE_CHANCE = Key("chance", Either(BOOLEAN, TEXT), "a computed chance column: true or its title")
TABLE_COMBAT = Key("combat", COMBAT, "a combat results table: columns by odds or differential")
TABLE_ROWS = Key(
    "rows",
    ListOf(Either(ListOf(Either(VALUE, CELL)), ROW)),
    "lists or mappings (needed unless effects: makes them)",
)
TABLE_EFFECTS = Key("effects", EFFECTS, "a terrain effects chart: rows made from a map and its CRT")
TABLE_GROUPS = Key("groups", ListOf(GROUP), "header groups over neighbouring columns")
TABLE_NOTES = Key("notes", PARAGRAPHS, "text under the table")
TABLE_FOOTNOTES = Key("footnotes", PARAGRAPHS, "smaller text after the notes")
TABLE = Spec(
    "table",
    TABLE_ID,
    TABLE_TITLE,
    READING,
    TABLE_ROLL,
    TABLE_COLUMNS,
    TABLE_LABEL,
    TABLE_CHANCE,
    TABLE_COMBAT,
    TABLE_ROWS,
    TABLE_EFFECTS,
    TABLE_GROUPS,
    TABLE_NOTES,
    TABLE_FOOTNOTES,
    heading="tables",
    one_of=(OneOf("rows", "effects", both="write rows or effects:, not both", at="rows"),),
)
_BODY = OneOf("text", "items", "steps")  # the reader says so when not one
TEXT_BLOCK_ID = Key("id", ID, "unique; how sheets and cards name it")
TEXT_BLOCK_TITLE = Key("title", TEXT, "printed above it", default="")
TEXT_BLOCK_TEXT = Key("text", PARAGRAPHS, "plain paragraphs")
TEXT_BLOCK_ITEMS = Key("items", PARAGRAPHS, "bullet points")
TEXT_BLOCK_STEPS = Key("steps", PARAGRAPHS, "numbered steps")
TEXT_BLOCK = Spec(
    "text-block",
    TEXT_BLOCK_ID,
    TEXT_BLOCK_TITLE,
    TEXT_BLOCK_TEXT,
    TEXT_BLOCK_ITEMS,
    TEXT_BLOCK_STEPS,
    heading="texts",
    one_of=(_BODY,),
)
SHEET_REF_TABLE = Key("table", TEXT, "a table id")
SHEET_REF_TEXT = Key("text", TEXT, "a text id")
SHEET_REF_BREAK = Key("break", TEXT, "column: continue in the next column")
SHEET_REF_WIDE = Key("wide", BOOLEAN, "spans every column", default=False)
SHEET_REF = Spec(
    "sheet-item",
    SHEET_REF_TABLE,
    SHEET_REF_TEXT,
    SHEET_REF_BREAK,
    SHEET_REF_WIDE,
    heading="sheets: quick-reference pages",
)
SHEET_ID = Key("id", ID, "names sheet-<id>.pdf", required=True)
SHEET_TITLE = Key("title", TEXT, "big title on the first page", default="")
SHEET_COLUMNS = Key("columns", INTEGER, "columns per page", default=2, lo=1, hi=6)
SHEET_PAGES = Key(
    "pages", INTEGER, "the most pages before the overflow warning", default=1, lo=1, hi=50
)
SHEET_SIZE = Key("size", NUMBER, "starting type size, pt", default=9.0, lo=4, hi=36)
SHEET_MIN_SIZE = Key("min_size", NUMBER, "smallest type size, pt", default=RULES_MIN, lo=4, hi=36)
SHEET_MAX_SIZE = Key(
    "max_size",
    NUMBER,
    f"largest type size, pt, grown to fill the pages (default: size or {SHEET_MAX:g})",
    lo=4,
    hi=36,
)
SHEET_ITEMS = Key(
    "items",
    ListOf(Either(TEXT, SHEET_REF, TEXT_BLOCK)),
    "table or text ids, {table:}, {text:}, {break: column} or inline text blocks",
    required=True,
)
SHEET = Spec(
    "sheet",
    SHEET_ID,
    SHEET_TITLE,
    SHEET_COLUMNS,
    SHEET_PAGES,
    SHEET_SIZE,
    SHEET_MIN_SIZE,
    SHEET_MAX_SIZE,
    SHEET_ITEMS,
    STOCK,
    heading="sheets: quick-reference pages",
)
BLOCK_TITLE = Key("title", TEXT, "a title band")
BLOCK_TEXT = Key("text", TEXT, "a paragraph")
BLOCK_TABLE = Key("table", TEXT, "a table id, drawn to the card's width")
BLOCK_FIELDS = Key(
    "fields", Named(VALUE, "labels, each a value; ~ a ruled line"), "label: value lines"
)
BLOCK_ITEMS = Key("items", PARAGRAPHS, "bullet points")
BLOCK_STEPS = Key("steps", PARAGRAPHS, "numbered steps")
BLOCK_ROSTER = Key("roster", PARAGRAPHS, "roster cards: the unit's records, one column per field")
BLOCK_READING = Key(
    "reading",
    READING.type,
    "with title: only, the kit's reading of what the title heads: a small \u2020 on it, "
    "the words on the notes page",
)
BLOCK = Spec(
    "card-block",  # exactly one key (a title may add its reading)
    BLOCK_TITLE,
    BLOCK_TEXT,
    BLOCK_TABLE,
    BLOCK_FIELDS,
    BLOCK_ITEMS,
    BLOCK_STEPS,
    BLOCK_ROSTER,
    BLOCK_READING,
    heading="cards: reference cards",
)
CARD_FACE_COLOUR = Key("colour", COLOUR, "background; default: the card's")
CARD_FACE_ACCENT = Key("accent", COLOUR, "title band colour; default: the card's")
CARD_FACE_TITLE = Key("title", TEXT, "the title band's text")
CARD_FACE_BLOCKS = Key("blocks", ListOf(BLOCK), "the blocks under the title")
CARD_FACE = Spec(
    "card-face",
    CARD_FACE_COLOUR,
    CARD_FACE_ACCENT,
    READING,
    CARD_FACE_TITLE,
    CARD_FACE_BLOCKS,
    LAYOUT_KEY,
    FIELDS_KEY,
    heading="cards: reference cards",
)
_FACE = Either(ListOf(BLOCK), CARD_FACE)
CARD_FOR_EACH = Key("for_each", FOR_EACH, "one card per variable set; {placeholders} filled")
CARD_ROSTER = Key("roster", ID, "a generator: one card per unit of its roster")
CARD_ID = Key("id", TEXT, "unique after expansion", required=True, default="")
CARD_NAME = Key("name", TEXT, "its name in exports and index.json; default: the id")
CARD_SIZE = Key(
    "size", TEXT, "poker, bridge, mini, tarot, index, half-letter or WxH", default="poker"
)
CARD_QUANTITY = Key(
    "quantity",
    Either(INTEGER, TEXT),
    "copies of each, or a {placeholder} giving them",
    default=1,
    lo=1,
    hi=MAX_CARD_COPIES,
)
CARD_BLEED = Key("bleed", LENGTH, "art past the trim; --bleed overrides it")
CARD_COLOUR = Key("colour", COLOUR, "card background", default="#ffffff")
CARD_ACCENT = Key("accent", COLOUR, "title band colour", default="#3b4a5a")
CARD_FRONT = Key(
    "front", _FACE, "the front: a face or a list of blocks (required without a layout)"
)
CARD_BACK = Key("back", _FACE, "a back: fold-and-glue, or duplex")
CARD_DECK = Key("deck", ID, "a deck of decks: the card takes its common back (instead of back)")
CARD_SIDE = Key("side", TEXT, "the side (owner) it belongs to: its front carries the side's mark")
CARD_TYPE_GROUP = Key(
    "type_group", ID, "cards naming one group are set at one type size, the densest's"
)
CARD_READING = Key(
    "reading",
    READING.type,
    "the kit's reading of the card, {placeholders} filled per row (empty: none): a small "
    "\u2020 where its layout shows {mark}, the words on the notes page",
)
CARD = Spec(
    "card",
    CARD_FOR_EACH,
    CARD_ROSTER,
    CARD_ID,
    CARD_NAME,
    CARD_SIZE,
    CARD_QUANTITY,
    CARD_BLEED,
    CARD_COLOUR,
    CARD_ACCENT,
    CARD_FRONT,
    CARD_BACK,
    CARD_DECK,
    CARD_SIDE,
    CARD_TYPE_GROUP,
    CARD_READING,
    LAYOUT_KEY,
    FIELDS_KEY,
    SIDE_MARK_KEY,
    heading="cards: reference cards",
)
DECK_ID = Key("id", ID, "how cards name their deck (deck: ID)", required=True)
DECK_TITLE = Key("title", TEXT, "printed on the deck's common back", required=True, default="")
DECK_SUBTITLE = Key("subtitle", TEXT, "a line under it", default="")
DECK_COLOUR = Key("colour", COLOUR, "the back's colour", default="#3b4a5a")
DECK_PATTERN = Key("pattern", Choice(DECK_PATTERNS), "the back's pattern", default="lattice")
DECK_EDGE = Key(
    "edge",
    LENGTH,
    "a border of bare paper round the back's ground, inside the trim (as the fronts' "
    "frames keep one): a cut a little off shows no sliver",
    default=0.0,
)
DECK = Spec(
    "deck",
    DECK_ID,
    DECK_TITLE,
    DECK_SUBTITLE,
    DECK_COLOUR,
    DECK_PATTERN,
    DECK_EDGE,
    heading="cards: reference cards",
)
DECKS = ListOf(DECK)
TABLES = ListOf(TABLE)
TEXTS = ListOf(TEXT_BLOCK)
SHEETS = ListOf(SHEET)
CARDS = ListOf(CARD)


# ---- tables ----------------------------------------------------------------


def read_tables(ctx: Context, node: Node, path: str) -> tuple[Table, ...]:
    tables = read_unique_list(ctx, node, path, read_table, "table")
    return tuple(tables)


def read_value(ctx: Context, node: Node, path: str) -> tuple[bool, str | None]:
    """(ok, text); text None = write-in blank (null in YAML)."""
    if isinstance(node, Scalar) and node.value is None:
        return True, None
    text = as_text(ctx, node, path)
    return text is not None, text


def read_column(ctx: Context, node: Node, path: str) -> Column | None:
    if isinstance(node, Scalar):
        title = as_text(ctx, node, path)
        return None if title is None else Column(title, "auto", None, title, node.span)
    f = Fields(ctx, node, path, COLUMN)
    if f.map is None:
        return None
    title = f.text(COLUMN_TITLE)
    col = Column(
        title=title,
        align=ALIGN_WORDS[f.choice(COLUMN_ALIGN)],
        width=f.length(COLUMN_WIDTH),
        id=f.text(COLUMN_ID, default=title),
        span=node.span,
    )
    f.close()
    return col


def read_table(ctx: Context, node: Node, path: str) -> Table | None:
    f = Fields(ctx, node, path, TABLE)
    if f.map is None:
        return None
    # Any: a table whose id is missing is still made (with None), so its other mistakes
    # are said too; Table.id is a str for every table a build goes on with
    tid: Any = f.id(TABLE_ID)
    marks = Marks(ctx)
    title = f.text(TABLE_TITLE)
    title += marks.mark(f.get(READING, read_reading))
    roll = f.text(TABLE_ROLL)
    rolled = bool(roll) and f.get(TABLE_ROLL, as_roll) is not None
    columns = f.seq(TABLE_COLUMNS, read_column)
    cols_node = f.node_of(TABLE_COLUMNS)
    if isinstance(cols_node, Seq) and not cols_node.items:
        ctx.error(cols_node, f.sub("columns"), "a table needs at least one column")
    label = f.get(TABLE_LABEL, read_column)
    if label is None and roll:
        label = Column(roll, "centre", None, roll)
    chance_node = f.node_of(TABLE_CHANCE)
    chance = None
    if chance_node is not None:
        if isinstance(chance_node, Scalar) and isinstance(chance_node.value, bool):
            chance = "Chance" if chance_node.value else None
        else:
            chance = as_text(ctx, chance_node, f.sub("chance"))
        if chance and not roll:
            ctx.error(
                chance_node,
                f.sub("chance"),
                "a chance column needs the roll the table is keyed by",
                "add e.g. roll: 2d6",
            )
            chance = None
    ids = [c.id for c in columns]
    effects = f.get(TABLE_EFFECTS, _effects)
    rows_node = _rows_node(ctx, f, effects, len(columns))
    if is_file_list(rows_node):  # rows kept in a spreadsheet: its header names the columns
        rows_node = _file_rows(ctx, rows_node, f.sub("rows"), columns, label)
    read_rows = _read_rows(ctx, rows_node, f.sub("rows"), columns, label is not None, ids, marks)
    rows = [row for row, _ in read_rows]
    groups = tuple(
        g
        for g in (
            _read_group(ctx, n, f"{f.sub('groups')}[{i}]", ids)
            for i, n in enumerate(f.get(TABLE_GROUPS, _items) or [])
        )
        if g is not None
    )
    notes = tuple(f.texts(TABLE_NOTES))
    combat = _combat(ctx, f, columns, read_rows, marks, roll)
    footnotes = tuple(f.texts(TABLE_FOOTNOTES))
    f.close()
    chances: tuple[str, ...] = ()
    if rolled and roll:
        # a combat table's coverage is checked with its modifiers
        chances = _roll_rows(ctx, f, roll, read_rows, chance is not None, combat is None)
    if not chances:
        chance = None  # nothing computed: no empty column
    return Table(
        tid,
        title,
        tuple(columns),
        tuple(rows),
        notes,
        footnotes,
        roll,
        node.span,
        label,
        groups,
        chance,
        chances,
        combat,
        effects,
    )


def _rows_node(ctx: Context, f: Fields, effects: Effects | None, columns: int) -> Node | None:
    """The rows as written; none for a terrain effects chart (its rows are made from
    the map), which has the four columns it fills."""
    rows_node = f.node_of(TABLE_ROWS)  # missing when effects: is not written either (the spec)
    if effects is None:
        return rows_node
    f.both("rows")
    if columns not in (3, 4):
        ctx.error(
            f.node_of(TABLE_COLUMNS),
            f.sub("columns"),
            "a terrain effects chart has 3 or 4 columns (what, movement, combat and notes), "
            f"not {columns}",
        )
    return None


def _effects(ctx: Context, node: Node, path: str) -> Effects | None:
    f = Fields(ctx, node, path, EFFECTS)
    if f.map is None:
        return None
    mid = f.id(EFFECTS_MAP, default="")
    cid = f.id(EFFECTS_COMBAT, default="")
    move = f.text(EFFECTS_MOVE)
    f.close()
    return Effects(mid, cid, move, node.span)


def _combat(
    ctx: Context,
    f: Fields,
    columns: list[Column],
    rows: list[tuple[Row, str]],
    marks: Marks,
    roll: str | None,
) -> Combat | None:
    """A combat results table's `combat:` (needs the roll its rows are keyed by)."""
    node = f.node_of(TABLE_COMBAT)
    if node is None:
        return None
    if not roll:
        ctx.error(
            node,
            f.sub("combat"),
            "a combat results table needs the roll its rows are keyed by",
            "add e.g. roll: 1d6",
        )
    return read_combat(ctx, node, f.sub("combat"), columns, f.sub("columns"), rows, marks)


def _items(ctx: Context, node: Node | None, path: str) -> list[Node]:
    if node is None:
        return []
    if not isinstance(node, Seq):
        ctx.error(node, path, f"expected a list, got {describe(node)}")
        return []
    return list(node)


def _column_index(ctx: Context, node: Node, path: str, ids: list[str], what: str) -> int | None:
    name = as_text(ctx, node, path)
    if name is None:
        return None
    if name not in ids:
        ctx.error(node, path, f"unknown column {name!r} in {what}", suggest(name, ids))
        return None
    return ids.index(name)


def _read_group(ctx: Context, node: Node, path: str, ids: list[str]) -> HeaderGroup | None:
    f = Fields(ctx, node, path, GROUP)
    if f.map is None:
        return None
    title = f.text(GROUP_TITLE)
    cols_node = f.node_of(GROUP_COLUMNS)
    f.close()
    if cols_node is None:
        return None
    idx = [
        _column_index(ctx, n, f"{path}.columns[{i}]", ids, "header group")
        for i, n in enumerate(_items(ctx, cols_node, f"{path}.columns"))
    ]
    found = [i for i in idx if i is not None]
    if not idx or len(found) < len(idx):
        return None
    first = min(found)
    if sorted(found) != list(range(first, first + len(found))):
        ctx.error(
            cols_node, f"{path}.columns", "the columns of a header group must be side by side"
        )
        return None
    return HeaderGroup(title, first, len(found), node.span)


def _file_rows(
    ctx: Context, node: Map, path: str, columns: list[Column], label: Column | None
) -> Seq | None:
    """A table's rows from a CSV or XLSX file: each row's cells in column order, after a
    header row that names the label column (if any) and the columns, as the table does."""
    rows = file_list(ctx, node, path, keyed=False)
    if rows is None or not rows.items:
        return None
    header, *body = rows.items
    expected = ([label.title] if label is not None else []) + [c.title for c in columns]
    names = [c.raw for c in header if isinstance(c, Scalar)] if isinstance(header, Seq) else []
    for i, want in enumerate(expected):
        got = names[i] if i < len(names) else None
        if got is None or got.strip().lower() != want.strip().lower():
            at = (
                header.items[i].span
                if isinstance(header, Seq) and i < len(header.items)
                else header.span
            )
            ctx.error(
                at,
                path,
                f"column {i + 1} of the file's header is {got!r}, the table's is {want!r}",
                "the header row names the columns in the table's order: " + ", ".join(expected),
            )
            return None
    return Seq(rows.span, body)


def _read_rows(
    ctx: Context,
    node: Node | None,
    path: str,
    columns: list[Column],
    labelled: bool,
    ids: list[str],
    marks: Marks,
) -> list[tuple[Row, str]]:
    """The rows that read cleanly, each with its path (for later diagnostics)."""
    rows: list[tuple[Row, str]] = []
    for r, item in enumerate(_items(ctx, node, path)):
        row = _read_row(ctx, item, f"{path}[{r}]", columns, labelled, ids, marks)
        if row is not None:
            rows.append((row, f"{path}[{r}]"))
    return rows


def _read_row(
    ctx: Context,
    node: Node,
    path: str,
    columns: list[Column],
    labelled: bool,
    ids: list[str],
    marks: Marks,
) -> Row | None:
    label: str | None = None
    reading: Reading | None = None
    if isinstance(node, Map):
        f = Fields(ctx, node, path, ROW)
        heading = f.node_of(ROW_HEADING)
        if heading is not None:
            text = as_text(ctx, heading, f.sub("heading"))
            f.close()
            return None if text is None else Row(None, (text,), node.span, heading=True)
        if labelled:
            label = f.text(ROW_LABEL, required=True)
        cell_nodes = _items(ctx, f.node_of(ROW_CELLS), f.sub("cells"))
        reading = f.get(READING, read_reading)
        cells_path = f.sub("cells")
        f.close()
        offset = 0
    elif isinstance(node, Seq):
        cell_nodes = list(node)
        cells_path = path
        offset = 0
        if labelled:
            if not cell_nodes:
                ctx.error(node, path, "row is empty (expected a label and its cells)")
                return None
            label = as_text(ctx, cell_nodes[0], f"{path}[0]")
            cell_nodes = cell_nodes[1:]
            offset = 1
    else:
        ctx.error(
            node, path, f"expected a row (a list of cells, or a mapping), got {describe(node)}"
        )
        return None
    written = sum(len(cn.raw) for cn in cell_nodes if isinstance(cn, Scalar))
    if not spend(ctx, "text", written, node, path):
        return None
    cells: list[CellValue] = []
    spans = []
    at = 0
    ok = True
    for i, cn in enumerate(cell_nodes):
        cp = f"{cells_path}[{i + offset}]"
        cell = _read_cell(ctx, cn, cp, ids, at, marks)
        if cell is _BAD:
            ok = False
            at += 1
            continue
        cells.append(cell)
        spans.append(cn.span)
        at += cell.cols if isinstance(cell, Cell) else 1
    if ok and at != len(columns):
        ctx.error(
            node,
            path,
            f"row has {at} cell(s) for {len(columns)} column(s)",
            "a null (~) is a write-in blank; a cell may cover several columns with span:",
        )
        return None
    if not ok:
        return None
    # A row's mark is printed after its label (kept apart: a roll label stays a roll), else
    # after its first cell.
    mark = ""
    if reading is not None:
        if label is not None:
            mark = marks.mark(reading)
        elif cells:
            cells[0] = _with_mark(cells[0], marks.mark(reading))
    return Row(label, tuple(cells), node.span, cell_spans=tuple(spans), mark=mark)


def _with_mark(cell: CellValue, sign: str) -> CellValue:
    if isinstance(cell, Cell):
        return replace(cell, text=(cell.text or "") + sign)
    return (cell or "") + sign


_BAD = Cell("")


def _read_cell(
    ctx: Context, node: Node, path: str, ids: list[str], at: int, marks: Marks
) -> CellValue:
    if isinstance(node, Map):
        f = Fields(ctx, node, path, CELL)
        text_node = f.node_of(CELL_TEXT)
        ok, text = (True, None) if text_node is None else read_value(ctx, text_node, f.sub("text"))
        cols = 1
        span_node = f.node_of(CELL_SPAN)
        if span_node is not None:
            if (
                isinstance(span_node, Scalar)
                and isinstance(span_node.value, int)
                and not isinstance(span_node.value, bool)
            ):
                cols = span_node.value
                if cols < 1 or at + cols > len(ids):
                    ctx.error(
                        span_node,
                        f.sub("span"),
                        f"span of {cols} runs past the last column ({len(ids)} in all)",
                    )
                    ok = False
            else:
                last = _column_index(ctx, span_node, f.sub("span"), ids, "span")
                if last is None:
                    ok = False
                elif last < at:
                    ctx.error(
                        span_node,
                        f.sub("span"),
                        f"span ends at column {ids[last]!r}, before the cell's own column "
                        f"{ids[at] if at < len(ids) else '?'!r}",
                    )
                    ok = False
                else:
                    cols = last - at + 1
        align = f.choice(CELL_ALIGN)
        bold = f.boolean(CELL_BOLD)
        reading = f.get(READING, read_reading)
        f.close()
        if not ok:
            return _BAD
        if reading is not None:
            text = (text or "") + marks.mark(reading)
        return Cell(
            text,
            cols,
            ALIGN_WORDS.get(align) if align not in (None, "auto") else None,
            bold,
            node.span,
        )
    ok, text = read_value(ctx, node, path)
    return text if ok else _BAD


def _roll_rows(
    ctx: Context,
    f: Fields,
    roll: str,
    read_rows: list[tuple[Row, str]],
    chance: bool,
    coverage: bool = True,
) -> tuple[str, ...]:
    """Check the roll labels (parse, no overlaps) and compute each row's chance."""
    roll_node, roll_path = f.node_of(TABLE_ROLL), f.sub("roll")
    ranges: list[RollRange] = []
    parsed: list[tuple[Row, str]] = []
    ok = True
    rows = [row for row, _ in read_rows]
    for row, path in read_rows:
        if row.heading:
            continue
        try:
            ranges.append(parse_roll_label(row.label or ""))
        except RollLabelError as exc:
            ctx.error(row.span, f"{path}.label", str(exc), ROLL_HINT)
            ok = False
            continue
        parsed.append((row, path))
    for i, j in overlapping(ranges):
        (row, path), (other, _) = parsed[i], parsed[j]
        ctx.error(
            row.span,
            f"{path}.label",
            f"roll label {row.label!r} overlaps {other.label or ''!r}",
            "every total must map to exactly one row",
        )
        ok = False
    if not ok:
        return ()
    from ...chance.table_odds import row_chances, uncovered

    missing = uncovered(roll, ranges)  # the roll was read with as_roll: it parses
    per_row = iter(row_chances(roll, ranges)) if chance else None
    if missing and coverage:  # every total the dice can make should find its row
        shown = ", ".join(str(t) for t in missing)
        ctx.warning(
            roll_node,
            roll_path,
            f"no row for {shown} on {roll}",
            "add rows (or open ends like >6, <=0) so every total has one",
        )
    if per_row is None:
        return ()
    return tuple("" if row.heading else next(per_row) for row in rows)


# ---- text blocks -----------------------------------------------------------


def read_texts(ctx: Context, node: Node, path: str) -> tuple[TextBlock, ...]:
    texts = read_unique_list(ctx, node, path, read_text_block, "text")
    return tuple(texts)


def read_text_block(ctx: Context, node: Node, path: str, need_id: bool = True) -> TextBlock | None:
    f = Fields(ctx, node, path, TEXT_BLOCK)
    if f.map is None:
        return None
    tid = f.id(TEXT_BLOCK_ID, "", required=need_id)
    title = f.text(TEXT_BLOCK_TITLE)
    body = (TEXT_BLOCK_TEXT, TEXT_BLOCK_ITEMS, TEXT_BLOCK_STEPS)  # _BODY's keys
    given = [(k.name, f.texts(k)) for k in body if f.has(k.name) and k.name in f.map]
    f.allow(*_BODY.keys)
    f.close()
    if len(given) != 1:
        ctx.error(
            node, path, "a text block needs one of text:, items: (bullets) or steps: (numbered)"
        )
        return None
    key, paras = given[0]
    if not spend(ctx, "text", sum(len(p) for p in paras), node, path):
        return None
    style = {"text": "plain", "items": "bullets", "steps": "steps"}[key]
    return TextBlock(tid, title, tuple(paras), style, node.span)


# ---- sheets ----------------------------------------------------------------


def read_sheets(ctx: Context, node: Node, path: str) -> tuple[Sheet, ...]:
    sheets = read_unique_list(ctx, node, path, read_sheet, "sheet")
    return tuple(sheets)


def read_sheet(ctx: Context, node: Node, path: str) -> Sheet | None:
    f = Fields(ctx, node, path, SHEET)
    if f.map is None:
        return None
    sid: Any = f.id(SHEET_ID)  # Any: as a table's id (read_table)
    title = f.text(SHEET_TITLE)
    columns = f.integer(SHEET_COLUMNS)
    pages = f.integer(SHEET_PAGES)
    size = f.number(SHEET_SIZE)
    min_size = f.number(SHEET_MIN_SIZE)
    max_size = f.number(SHEET_MAX_SIZE, default=max(size, SHEET_MAX))
    items = f.seq(SHEET_ITEMS, _read_sheet_item)
    stock = f.choice(STOCK) or ""
    f.close()
    _once_each(ctx, items, f.sub("items"))
    if min_size > size:
        ctx.error(node, path, f"min_size {min_size:g} is larger than size {size:g}")
    if max_size < size:
        ctx.error(node, path, f"max_size {max_size:g} is smaller than size {size:g}")
    return Sheet(
        sid,
        title,
        tuple(items),
        columns,
        pages,
        float(size),
        float(min_size),
        node.span,
        float(max(max_size, size)),
        stock,
    )


def _once_each(ctx: Context, items: list[SheetItem], path: str) -> None:
    """A table or text named twice on one sheet is an error at the second: a slip (and
    ten thousand of one are minutes of layout, past what the caps bound)."""
    first: dict[tuple[str, str], Span | None] = {}
    for item in items:
        if item.kind in ("inline", "break"):
            continue
        key = (item.kind, item.ref)  # {text: x} beside {table: x} is another slip's to report
        if key in first:
            at = first[key]
            line = at.line if at else 0
            ctx.error(
                item.span,
                path,
                f"{item.ref!r} is on this sheet already (line {line})",
                "a table or text prints once on a sheet",
            )
        first.setdefault(key, item.span)


def _read_sheet_item(ctx: Context, node: Node, path: str) -> SheetItem | None:
    if isinstance(node, Scalar):
        ref = as_text(ctx, node, path)
        return None if ref is None else SheetItem("ref", ref, node.span)
    f = Fields(ctx, node, path, SHEET_REF)
    if f.map is None:
        return None
    text_node = f.map.get("text")
    inline = (
        any(k in f.map for k in ("title", "items", "steps"))
        or (isinstance(text_node, Scalar) and " " in str(text_node.value or "").strip())
        or isinstance(text_node, Seq)
    )
    kinds = [k for k in ("table", "text", "break") if k in f.map]
    if inline and "table" not in f.map and "break" not in f.map:
        block = read_text_block(ctx, node, path, need_id=False)
        return None if block is None else SheetItem("inline", "", node.span, block)
    if len(kinds) != 1:
        f.allow("table", "text", "break")
        f.close()
        ctx.error(
            node,
            path,
            "a sheet item is a table id, {table: id}, {text: id}, "
            "{break: column} or an inline {title:, text:}",
        )
        return None
    kind = kinds[0]
    if kind == "break":
        f.allow("break")
        f.close()
        return SheetItem("break", "", node.span)
    ref = f.text(SHEET_REF_TABLE if kind == "table" else SHEET_REF_TEXT, "", required=True)
    wide = f.boolean(SHEET_REF_WIDE)
    f.close()
    return SheetItem(kind, ref, node.span, wide=wide)


# ---- cards -----------------------------------------------------------------


def read_cards(ctx: Context, node: Node, path: str) -> tuple[Card, ...]:
    cards: list[Card] = []
    for i, item in enumerate(_items(ctx, node, path)):
        if over(ctx, "items"):
            break
        made = read_card(ctx, item, f"{path}[{i}]")
        # a roster's cards are one per unit: at most MAX_UNITS
        printed = sum(c.quantity * (MAX_UNITS if c.roster else 1) for c in made)
        if spend(ctx, "items", printed, item, f"{path}[{i}]"):
            cards.extend(made)
    check_unique_ids(ctx, cards, path, "card")
    return tuple(cards)


def card_size(ctx: Context, node: Node, path: str) -> tuple[str, tuple[float, float]] | None:
    """A named size or WxH with units ('63.5mm x 88.9mm', '3in x 5in')."""
    text = as_text(ctx, node, path)
    if text is None:
        return None
    if text in CARD_SIZES:
        return text, CARD_SIZES[text]
    if "x" in text and not text.strip().isalpha():
        from ...units import UnitError, parse_length

        parts = [p.strip() for p in text.split("x")]
        if len(parts) == 2:
            try:
                w, h = parse_length(parts[0]), parse_length(parts[1])
            except UnitError as exc:
                ctx.error(node, path, exc.message, exc.hint)
                return None
            if w > 0 and h > 0:
                return "custom", (w, h)
    ctx.error(
        node,
        path,
        f"unknown card size {text!r}",
        suggest(text, list(CARD_SIZES)) + " or WxH like 63.5mm x 88.9mm",
    )
    return None


def read_card(ctx: Context, node: Node, path: str) -> list[Card]:
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {describe(node)}")
        return []
    sets = read_for_each_parts(ctx, node.get("for_each"), f"{path}.for_each")
    unused_columns(ctx, node, sets, attrs=False, also=layout_placeholders(ctx, node))
    sets = filled_rows(ctx, node, sets, path, "card")
    out: list[Card] = []
    problems = CopyProblems(ctx, node)
    for n, parts in enumerate(sets):
        # every copy's problems: a bad value on any row is said at its cell
        sub_ctx = ctx.apart()
        card = _read_one_card(sub_ctx, node, path, merged(parts), ctx)
        problems.add(n, parts, sub_ctx.diags.items)
        if card is not None:
            at = id_cell(node, parts)
            if at is not None:  # a spreadsheet's row: the card is found at its id's cell
                columns = {k: v for part in parts for k, v in part.items()}
                card = replace(card, cell=at, columns=columns, cells=file_cells(parts))
            out.append(card)
    return out


class _RosterVars(dict):
    """Variables of a roster card: for_each values now, every other {field} kept for the
    build, which fills it from the unit's records (the check stage validates the names)."""

    def __contains__(self, key: object) -> bool:
        return True

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _read_one_card(
    ctx: Context, node: Map, path: str, variables: dict, root: Context
) -> Card | None:
    f = Fields(ctx, node, path, CARD)
    f.allow("for_each")
    roster = f.id(CARD_ROSTER)
    if roster is not None:
        variables = _RosterVars(variables)
    raw_id = f.text(CARD_ID)
    said = len(ctx.diags.items)
    cid = substitute(ctx, raw_id, variables, f.node_of(CARD_ID), f.sub("id"))
    filled = len(ctx.diags.items) == said  # else said: not a bad id as well
    size_node = f.node_of(CARD_SIZE)
    size_name = CARD_SIZE.default
    size = CARD_SIZES[size_name]
    if size_node is not None:
        got = card_size(ctx, size_node, f.sub("size"))
        if got is not None:
            size_name, size = got
    quantity = _quantity(ctx, f, variables)
    name = _name(ctx, f, variables)
    bleed = f.length(CARD_BLEED, positive=False, negative=False)
    colour = _colour(ctx, f, CARD_COLOUR, variables)
    accent = _colour(ctx, f, CARD_ACCENT, variables)
    design = _card_design(ctx, f, cid, variables, root)
    front_node = f.node_of(CARD_FRONT, required=design.layout is None)
    front = _read_face(ctx, front_node, f.sub("front"), variables, colour, accent, design)
    if front_node is None and design.layout is not None:
        front = design.face(ctx, CardFace((), colour, accent), None, f.sub("front"), {})
    _mark_shown(ctx, f, cid, design.values.get(MARK_FIELD, ""), front)
    back_node = f.node_of(CARD_BACK)
    back = _read_face(ctx, back_node, f.sub("back"), variables, colour, accent, design)
    deck = f.id(CARD_DECK)
    if deck is not None and back_node is not None:
        ctx.error(
            back_node,
            f.sub("back"),
            f"card {cid!r} is in deck {deck!r}, whose cards share one back",
            "remove back: here; the deck's back prints behind each of its cards",
        )
    side_mark = f.choice(SIDE_MARK_KEY)
    type_group = f.id(CARD_TYPE_GROUP)
    side_node = f.node_of(CARD_SIDE)
    side = None
    side_text = f.text(CARD_SIDE) if side_node is not None else None  # None: refused, said
    if side_text is not None:
        side = substitute(ctx, side_text, variables, side_node, f.sub("side"))
    f.close()
    if front is None:
        return None
    from ...names import id_problem

    probe = re.sub(r"\{[^{}]*\}", "x", cid) if roster else cid  # a roster's: as filled
    problem = id_problem(probe)
    if problem is not None and not filled:
        return None
    if problem is not None:
        message, hint = problem
        ctx.error(f.node_of(CARD_ID), f.sub("id"), message.replace(repr(probe), repr(cid)), hint)
        return None
    roster_node = f.node_of(CARD_ROSTER)
    return Card(
        cid,
        size,
        front,
        back,
        quantity,
        size_name,
        node.span,
        bleed,
        roster,
        roster_node.span if roster_node is not None else None,
        deck=deck,
        deck_span=f.node_of(CARD_DECK).span if deck is not None else None,  # type: ignore[union-attr]
        side=side,
        side_span=side_node.span if side_node is not None else None,
        side_mark=side_mark,
        name=name,
        type_group=type_group,
    )


class CardDesign:
    """A card's layout and its values (for_each's, fields:, its id): each face fills the
    layout (or its own) with them and its own fields."""

    def __init__(
        self,
        values: dict,
        cells: dict,
        path: str,
        span: Span | None,
        root: Context,
        layout: str | None = None,
        node: Node | None = None,
    ):
        self.values = values
        self.cells = cells
        self.path = path
        self.span = span
        self.root = root  # a copy's values are its own: each copy says its problems
        self.layout = layout
        self.node = node

    def face(
        self,
        ctx: Context,
        face: CardFace,
        name: str | None,
        path: str,
        own: dict,
        node: Node | None = None,
    ) -> CardFace:
        """`face` drawn with layout `name` (else the card's), its regions filled."""
        if name is None:
            node, path = self.node, f"{self.path}.layout"
        name = name or self.layout
        layout = find_layout(ctx, name, node, path) if name is not None else None
        if layout is None:
            return face
        cid = self.values.get("id", "")
        piece = Piece(
            {**self.values, **own}, self.cells, f"card {cid!r}", self.span, self.path, face.colour
        )
        return replace(face, layout=layout.id, regions=fill_layout(self.root, layout, piece))


def _card_mark(ctx: Context, f: Fields, variables: dict, root: Context) -> str:
    """The mark of the card's reading (`reading:`, its {placeholders} filled from the
    card's row), numbered among the kit's readings; "" when it has none or its row
    leaves it empty (a spreadsheet's reading column is filled only where the kit chose)."""
    node = f.node_of(CARD_READING)
    if node is None:
        return ""
    path = f.sub(CARD_READING.name)
    if isinstance(node, Map):
        g = Fields(ctx, node, path, KIT_READING)
        kit, source = g.text(KIT_READING_KIT, ""), g.text(KIT_READING_SOURCE)
        g.close()
        kit = substitute(ctx, kit, variables, node.get("kit"), f"{path}.kit")
        source = substitute(ctx, source, variables, node.get("source"), f"{path}.source")
    else:
        kit = substitute(ctx, as_text(ctx, node, path) or "", variables, node, path)
        source = ""
    if not kit.strip():
        return ""
    return kit_readings(root).add(Reading(kit.strip(), source.strip())).mark


def _mark_shown(ctx: Context, f: Fields, cid: str, mark: str, front: CardFace | None) -> None:
    """A card's reading mark needs a place: its front's layout shows {mark} (a face of
    blocks takes its reading on the face, by its title)."""
    if not mark or front is None:
        return
    layout_id = front.layout
    node, path = f.node_of(CARD_READING), f.sub(CARD_READING.name)
    if layout_id is None:
        ctx.error(
            node,
            path,
            f"card {cid!r} carries a reading, but its front is drawn from blocks",
            "give the reading on the front, beside its title: front: {title: ..., reading: ...}",
        )
        return
    layout = find_layout(ctx, layout_id, node, path)
    if layout is not None and MARK_FIELD not in layout_names(layout):
        ctx.error(
            node,
            path,
            f"card {cid!r} carries a reading, but its layout {layout_id!r} shows no "
            f"{{{MARK_FIELD}}}",
            f'write {{{MARK_FIELD}}} after the words it marks, as in show: {{text: "{{text}}'
            f'{{{MARK_FIELD}}}"}}',
        )


def _card_design(ctx: Context, f: Fields, cid: str, variables: dict, root: Context) -> CardDesign:
    """The card's layout (None: its faces may name their own) and its values: the row's,
    its id and its reading's mark."""
    mark = _card_mark(ctx, f, variables, root)
    name = f.id(LAYOUT_KEY)
    own = f.get(FIELDS_KEY, read_fields) or {}
    values = {**variables, "id": cid, **({MARK_FIELD: mark} if mark else {})}
    for key, text in own.items():
        values[key] = substitute(
            ctx, text, variables, f.node_of(FIELDS_KEY), f"{f.sub('fields')}.{key}"
        )
    cells = field_cells(f.node_of(FIELDS_KEY), cells_of(variables))
    return CardDesign(values, cells, f.path, f.span, root, name, f.node_of(LAYOUT_KEY))


def _name(ctx: Context, f: Fields, variables: dict) -> str:
    """Its name as exports give it ('' when not given: the id stands for it)."""
    node = f.node_of(CARD_NAME)
    text = f.text(CARD_NAME) if node is not None else None
    return "" if text is None else substitute(ctx, text, variables, node, f.sub("name"))


def _quantity(ctx: Context, f: Fields, variables: dict) -> int:
    """A whole number, or a {placeholder} a for_each record (a spreadsheet's column)
    fills with one."""
    node = f.node_of(CARD_QUANTITY)
    if not (isinstance(node, Scalar) and isinstance(node.value, str)):
        return f.integer(CARD_QUANTITY)
    text = f.text(CARD_QUANTITY)
    filled = substitute(ctx, text, variables, node, f.sub("quantity"))
    if filled.strip().isdigit() and 1 <= int(filled) <= MAX_CARD_COPIES:
        return int(filled)
    ctx.error(
        node,
        f.sub("quantity"),
        f"quantity {text!r} gives {filled!r}, not a whole number from 1 to {MAX_CARD_COPIES}",
    )
    return 1


def read_decks(ctx: Context, node: Node, path: str) -> tuple[Deck, ...]:
    decks = read_unique_list(ctx, node, path, _read_deck, "deck")
    return tuple(decks)


def _read_deck(ctx: Context, node: Node, path: str) -> Deck | None:
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {describe(node)}")
        return None
    f = Fields(ctx, node, path, DECK)
    did = f.id(DECK_ID)
    title = f.text(DECK_TITLE)
    subtitle = f.text(DECK_SUBTITLE)
    colour = f.colour(DECK_COLOUR)
    pattern = f.choice(DECK_PATTERN)
    edge = f.length(DECK_EDGE, positive=False, negative=False)
    f.close()
    if did is None:
        return None
    return Deck(did, title, subtitle, colour, pattern, node.span, edge)


def _colour(ctx: Context, f: Fields, key: Key[str], variables: dict) -> str:
    """A colour that may come from a for_each variable ('{colour}'); absent or
    unreadable, the declared default."""
    node, path = f.node_of(key), f.sub(key.name)
    if node is None:
        return key.default
    text = as_text(ctx, node, path)
    if text is None:
        return key.default
    text = substitute(ctx, text, variables, node, path)
    if isinstance(variables, _RosterVars) and placeholders(text):
        return text  # a roster card's: each unit's card fills it (check_roster_cards)
    try:
        return parse_colour(text, ctx.palette)
    except ColourError as exc:
        ctx.error(node, path, exc.message, exc.hint)
        return key.default


def _read_face(
    ctx: Context,
    node: Node | None,
    path: str,
    variables: dict,
    colour: str,
    accent: str,
    design: CardDesign | None = None,
) -> CardFace | None:
    if node is None:
        return None
    if isinstance(node, Seq):
        read = [_read_block(ctx, n, f"{path}[{i}]", variables) for i, n in enumerate(node)]
        return CardFace(tuple(b for b in read if b is not None), colour, accent)
    f = Fields(ctx, node, path, CARD_FACE)
    if f.map is None:
        return None
    face_colour = f.colour(CARD_FACE_COLOUR, default=colour)
    face_accent = f.colour(CARD_FACE_ACCENT, default=accent)
    layout_name = f.id(LAYOUT_KEY)
    if design is not None and (layout_name is not None or design.layout is not None):
        own = f.get(FIELDS_KEY, read_fields) or {}
        own = {k: substitute(ctx, v, variables, node, f"{path}.fields.{k}") for k, v in own.items()}
        face = design.face(
            ctx,
            CardFace((), face_colour, face_accent),
            layout_name,
            f.sub("layout"),
            own,
            f.node_of(LAYOUT_KEY),
        )
        for key in ("title", "blocks", "reading"):
            if f.has(key):
                ctx.error(
                    f.value_span(key),
                    f.sub(key),
                    f"a face drawn with a layout shows its regions, not {key}:",
                    "give its words in fields: for the layout",
                )
        f.close()
        return face
    sign = Marks(ctx).mark(f.get(READING, read_reading))
    blocks: list[CardBlock] = []
    title = f.node_of(CARD_FACE_TITLE)
    if title is not None:
        t = as_text(ctx, title, f.sub("title"))
        if t is not None:
            t = substitute(ctx, t, variables, title, f.sub("title"))
            blocks.append(CardBlock("title", t + sign, span=title.span))
    for i, n in enumerate(f.get(CARD_FACE_BLOCKS, _items) or []):
        b = _read_block(ctx, n, f"{f.sub('blocks')}[{i}]", variables)
        if b is not None:
            blocks.append(b)
    f.close()
    return CardFace(tuple(blocks), face_colour, face_accent)


def _read_block(ctx: Context, node: Node, path: str, variables: dict) -> CardBlock | None:
    f = Fields(ctx, node, path, BLOCK)
    if f.map is None:
        return None
    names = tuple(k for k in BLOCK.keys if k != "reading")
    kinds = [k for k in names if k in f.map]
    if len(kinds) != 1:
        f.allow(*names, "reading")
        f.close()
        ctx.error(
            node,
            path,
            "a card block is one of {title: ...}, {text: ...}, {items: [...]}, {steps: [...]}, "
            "{table: id}, {fields: {label: value}} or {roster: [field, ...]}",
        )
        return None
    kind = kinds[0]
    sign = Marks(ctx).mark(f.get(BLOCK_READING, read_reading))
    if sign and kind != "title":
        ctx.error(
            f.value_span("reading"),
            f"{path}.reading",
            f"this {kind}: block has no title to mark: give reading: to a {{title: ...}} block",
        )
    if kind == "roster":
        columns = tuple(f.texts(BLOCK_ROSTER, required=True))
        f.close()
        return CardBlock("roster", span=node.span, columns=columns) if columns else None
    if kind == "fields":
        m = f.node_of(BLOCK_FIELDS)
        f.close()
        if not isinstance(m, Map):
            assert m is not None  # the block's one key
            ctx.error(m, f"{path}.fields", f"expected a mapping of label: value, got {describe(m)}")
            return None
        pairs = []
        for name, value in m.entries.items():
            ok, text = read_value(ctx, value, f"{path}.fields.{name}")
            if ok:
                label = substitute(ctx, name, variables, value, f"{path}.fields")
                pairs.append(
                    (
                        label,
                        None
                        if text is None
                        else substitute(ctx, text, variables, value, f"{path}.fields.{name}"),
                    )
                )
        return CardBlock("fields", fields=tuple(pairs), span=node.span)
    if kind in ("items", "steps"):
        items = f.texts(BLOCK_ITEMS if kind == "items" else BLOCK_STEPS)
        f.close()
        text = "\n".join(substitute(ctx, t, variables, node, f"{path}.{kind}") for t in items)
        return CardBlock(kind, text, span=node.span)
    one = {"title": BLOCK_TITLE, "text": BLOCK_TEXT, "table": BLOCK_TABLE}[kind]
    written = f.text(one, "", required=True)
    f.close()
    written = substitute(ctx, written, variables, node, f"{path}.{kind}")
    if kind == "table":
        return CardBlock("table", ref=written, span=node.span)
    return CardBlock(kind, written + (sign if kind == "title" else ""), span=node.span)
