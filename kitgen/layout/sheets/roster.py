"""Roster sheets: each generator rolled with the build's seed, printed as a
table of records. The seed and what was rolled are build facts (the terminal, the
manifest, proof sheets)."""

from __future__ import annotations

from ...model.generator import SIDE_FIELD, Adjust, Generator, Lookup
from ...model.table import Cell, Column, Row, Table
from ...names import in_words
from ...rules.generate import Roster, build_roster
from ...rules.profile import effective_seed
from ...style import HEADING, RULES_MIN, SHEET_MAX, SMALL
from ..cards.threat_card import MUTED, Writer
from ..env import PlanEnv
from ..frame import content_box
from ..plan import Document, Group, Item, Page
from .table_draw import draw_table, fit_table

GAP = 16.0
STEP = 0.5  # the steps a roster sheet's type grows by
KEY_GAP = 10.0  # between the roster and its key, and between the key's tables


def _roster_ops(
    gen: Generator, roster: Roster, env: PlanEnv, x: float, width: float, size: float = SMALL
) -> tuple[list, float]:
    """A roster and its key, its type at `size` (the sheet's: plan_rosters), its heading on
    the scale, its notes a point smaller, never below RULES_MIN."""
    w = Writer(env, x, width)
    keys: list[str] = []
    for rec in roster.records:
        keys += [k for k in rec if k not in keys]
    w.para(gen.title, HEADING, bold=True)
    left = [a.id for a in gen.adjust if a.optional and a.id not in roster.applied]
    info = (
        f"seed {roster.seed} · size {gen.size} rolled {roster.size_text} · {roster.units} unit(s)"
        f" · {len(roster.records)} records"
    )
    if roster.applied:
        info += f" · with {', '.join(roster.applied)}"
    if left:
        info += f" · optional {', '.join(left)} not applied (--with)"
    if env.settings.proof:
        w.para(info, 8, italic=True, colour=MUTED)
    w.gap(3)
    # a row is at least RULES_MIN tall: rows past a sheet's height are cut off unseen,
    # so a roster of 10,000 records is not set nine times over to print a sheet of them
    shown = roster.records[: int(_room(env) / RULES_MIN) + 1]
    unsaid = _unsaid(keys, shown)
    rows = tuple(
        Row(
            None,
            tuple(
                Cell("" if (i, j) in unsaid else _text(rec.get(k)), bold=rec.get("n") == 1)
                for j, k in enumerate(keys)
            ),
        )
        for i, rec in enumerate(shown)
    )
    if keys:
        titles = dict(gen.titles)  # the data's titles as heads, never a bare field id
        heads = tuple(Column(titles.get(k) or in_words(k), align="centre", id=k) for k in keys)
        table = Table(gen.id, "", heads, rows)
        w.table(table, size, RULES_MIN)
    w.gap(KEY_GAP)
    ops, h = _key_ops(gen, env, x, w.y, width, size)
    w.ops.extend(ops)
    w.gap(h)
    for note in gen.notes:
        w.para(note, max(RULES_MIN, size - 1), italic=True, colour=MUTED)
    return w.ops, -w.y


def _room(env: PlanEnv) -> float:
    """The height of a sheet's content box: the tallest a roster can print."""
    _, y0, _, y1 = content_box(env.paper)
    return y1 - y0


def _key_ops(
    gen: Generator, env: PlanEnv, x: float, y: float, width: float, size: float
) -> tuple[list, float]:
    """The generator's own tables beside the roster rolled from them, side by side, so a
    player can roll a roster of his own: the size roll, each lookup and each adjustment."""
    w = Writer(env, x, width)
    w.y = y
    groups = ", then ".join(
        f"{g.role} \u00d7{g.count}" if g.count is not None else f"{g.role} for the rest"
        for g in gen.groups
    )
    once = "rolled once: every unit that size"
    if gen.sides:
        once = f"rolled once for each side ({', '.join(gen.sides)}): every unit of a side that size"
    each = "each unit rolls its own" if gen.size_per == "unit" else once
    w.para(f"To roll your own: size {gen.size} ({each}); in each unit {groups}.", size)
    w.gap(3)
    tables = _key_tables(gen)
    col = _key_column(tables, width)
    size = _key_size(tables, env, col, size)  # the key's tables set alike
    per_row = min(3, len(tables)) or 1
    ops, top = w.ops, w.y
    for start in range(0, len(tables), per_row):
        tallest = 0.0
        for i, table in enumerate(tables[start : start + per_row]):
            drawn, h = draw_table(table, x + i * (col + KEY_GAP), top, col, env, size, size)
            ops += drawn
            tallest = max(tallest, h)
        top -= tallest + KEY_GAP
    return ops, y - top - KEY_GAP


def _key_tables(gen: Generator) -> list[Table]:
    """The tables a player rolls his own roster on: each lookup, then each adjustment."""
    tables = [_lookup_table(gen, lk) for lk in gen.lookups if lk.roll]
    return tables + [_adjust_table(gen, a) for a in gen.adjust]


def _key_column(tables: list[Table], width: float) -> float:
    """The width of one of the key's columns: three tables abreast at most."""
    per_row = min(3, len(tables)) or 1
    return (width - KEY_GAP * (per_row - 1)) / per_row


def _key_size(tables: list[Table], env: PlanEnv, col: float, size: float) -> float:
    """The size every table of the key fits its column at: one size for the key, from
    `size` down to RULES_MIN."""
    return min((fit_table(t, col, env, size, RULES_MIN).size for t in tables), default=size)


def _lookup_table(gen: Generator, lookup: Lookup) -> Table:
    """A lookup as printed: its roll beside the values each result sets."""
    fields: list[str] = []
    for row in lookup.rows:
        fields += [k for k, _ in row.values if k not in fields]
    titles = dict(gen.titles)
    roles = [g.role for g in gen.groups if lookup.id in g.rolls]
    rows = tuple(
        Row(row.band.text, tuple(Cell(_text(dict(row.values).get(k))) for k in fields))
        for row in lookup.rows
    )
    heads = tuple(Column(titles.get(k) or in_words(k), align="centre", id=k) for k in fields)
    title = " / ".join(roles) or in_words(lookup.id)
    return Table(lookup.id, title, heads, rows, label=Column(lookup.roll, align="centre"))


def _adjust_table(gen: Generator, adjust: Adjust) -> Table:
    """An adjustment as printed: its roll beside what it adds to each named field."""
    titles = dict(gen.titles)
    named = ", ".join(titles.get(f) or in_words(f) for f in adjust.fields)
    rows = tuple(
        Row(row.band.text, (Cell(f"{row.add:+d}" if row.add else "0"),)) for row in adjust.rows
    )
    title = in_words(adjust.id) + (" (optional)" if adjust.optional else "")
    heads = (Column(f"Add to {named}", align="centre"),)
    return Table(adjust.id, title, heads, rows, label=Column(adjust.roll, align="centre"))


def _unsaid(keys: list[str], records: tuple) -> set[tuple[int, int]]:
    """The (row, column) cells left unprinted: the first column's repeats, and a side's
    unit number's (side, then unit, lead the records of a generator with sides)."""
    unsaid: set[tuple[int, int]] = set()
    for j, key in enumerate(keys):
        if j and (keys[0] != SIDE_FIELD or key != "unit"):
            break
        once = _said_once([tuple(rec.get(k) for k in keys[: j + 1]) for rec in records])
        unsaid |= {(i, j) for i, same in enumerate(once) if same}
    return unsaid


def _said_once(values: list) -> list[bool]:
    """Which of a roster's first column's values go unprinted: where the column comes in
    runs of one value (a unit's number on each of its figures), each run says its value
    once, on its first row, as a printed roster groups its units."""
    same = [bool(i) and v is not None and v == values[i - 1] for i, v in enumerate(values)]
    return same if any(same) else [False] * len(values)


def _text(value: object) -> str | None:
    """None is a value the source lost: a write-in blank."""
    return None if value is None else str(value)


def _sheets(heights: list[float], room: float) -> int:
    """The sheets rosters of these heights take, laid down the page one after another."""
    sheets, y = 1, room
    for h in heights:
        if h > y and y < room:
            sheets, y = sheets + 1, room
        y -= h + GAP
    return sheets


def _sheet_size(rosters: list, env: PlanEnv, width: float, room: float) -> float:
    """The rosters' type size: the largest, SMALL up to SHEET_MAX, at which they take no
    more sheets than at SMALL and the key's tables need not shrink, so a sheet with room
    to spare grows its type to fill it, one size for the roster and its key."""

    def heights(size: float) -> list[float]:
        drawn = (_roster_ops(g, r, env, 0.0, width, size) for g, r in rosters)
        return [h for _, h in drawn]

    def whole(size: float) -> bool:  # the key's tables at the sheet's size, not shrunk
        return all(
            _key_size(t, env, _key_column(t, width), size) >= size
            for t in (_key_tables(g) for g, _ in rosters)
        )

    least = _sheets(heights(SMALL), room)
    size = SHEET_MAX
    while size > SMALL:
        tall = heights(size)
        if _sheets(tall, room) <= least and max(tall) <= room and whole(size):
            return size
        size -= STEP
    return SMALL


def plan_rosters(gens: list[Generator], env: PlanEnv) -> list[Document]:
    shown = [g for g in gens if g.sheet]
    if not shown:
        return []
    seed = effective_seed(env.settings.seed)
    x0, y0, x1, y1 = content_box(env.paper)
    # the run's facts say "seed N" when one was given; say which seed otherwise
    note = "" if env.settings.seed is not None else f"generated with seed {seed} (default)"
    rosters = [(gen, build_roster(env.game, gen, seed, env.settings.use)) for gen in shown]
    size = _sheet_size(rosters, env, x1 - x0, y1 - y0)
    pages: list[Page] = []
    page = Page("Rosters", proof=note)
    y = y1
    for gen, roster in rosters:
        ops, h = _roster_ops(gen, roster, env, x0, x1 - x0, size)
        if y - h < y0 and page.ops:
            pages.append(page)
            page = Page("Rosters", proof=note)
            y = y1
        if h > y1 - y0:
            env.warn(
                gen.span,
                gen.path,
                "the roster is taller than the sheet and is cut off",
                "use fewer units",
            )
        page.ops.append(Group(tuple(ops), dy=y))  # laid out with y = 0 at its top
        page.items.append(
            Item(
                "roster",
                gen.id,
                f"roster-{gen.id}",
                "front",
                (x0, y - h, x1, y),
                {
                    "seed": seed,
                    "records": len(roster.records),
                    "size": roster.size,
                    "units": roster.units,
                    "with": list(roster.applied),
                },
            )
        )
        y -= h + GAP
    pages.append(page)
    return [Document("rosters", "Rosters", pages)]
