"""Reaction tables as cards: the rows with their outcomes, the modifiers, the
exact odds of every row under the combinations a player meets, the glossary
and attack priorities. Cards flow down the sheet, a new sheet when one is full.

Kept self-contained (a small grid drawer of its own) so it can move onto the
shared table drawer later without changing what it prints.
"""

from __future__ import annotations

from fractions import Fraction

from ...chance.dice import for_players, format_chance
from ...model.table import Column, Row, Table
from ...model.threat import Combo, ThreatTable
from ...rules.banding import Banding
from ...rules.profile import effective_seed, resolve
from ...rules.reaction import count_combos, effects_of, policy_notes, row_odds, shown_combos
from ...style import EDGE_INK, INK, MUTED, NBSP, NONE, typeset
from ..env import PlanEnv
from ..frame import content_box
from ..plan import Document, Font, Group, Item, Page, Rect, Stroke, Text
from ..sheets.table_draw import SAID_ONCE_ROWS, draw_table, fit_table
from ..text import wrap

BORDER = Stroke(EDGE_INK, 1.0)
PAD = 10.0
GAP = 14.0  # between cards


class Writer:
    """Ops for one card, laid top-down from y; measures with the plan env's fonts."""

    def __init__(self, env: PlanEnv, x: float, width: float):
        self.env = env
        self.x = x
        self.width = width
        self.y = 0.0  # relative: 0 at the top of the card, negative downwards
        self.ops: list = []

    def face(self, bold: bool = False, italic: bool = False) -> str:
        return self.env.face(bold, italic)

    def lines(
        self, text: str, size: float, width: float, bold: bool = False, italic: bool = False
    ) -> list[str]:
        return wrap(typeset(text), self.face(bold, italic), size, width, self.env.fonts)

    def para(
        self,
        text: str,
        size: float,
        bold: bool = False,
        italic: bool = False,
        colour: str = INK,
        indent: float = 0.0,
        lead: float = 1.3,
    ) -> None:
        for line in self.lines(text, size, self.width - indent, bold, italic):
            self.y -= size * lead
            self.ops.append(
                Text(
                    self.x + indent,
                    self.y + size * 0.25,
                    line,
                    Font(self.face(bold, italic), size),
                    colour,
                )
            )

    def labelled(self, label: str, text: str, size: float) -> None:
        """'LABEL  text that wraps under itself', the label in bold. A label wider than
        0.4 of the card stands on its own line, the text indented under it."""
        bold = self.face(True)
        label = typeset(label)
        lw = self.env.fonts.width(label + "  ", bold, size)
        pending = True  # the label still to be drawn, on the text's first line
        if lw > self.width * 0.4:
            self.y -= size * 1.3
            self.ops.append(Text(self.x, self.y + size * 0.25, label, Font(bold, size), INK))
            lw, pending = size * 1.5, False
        for line in self.lines(text, size, self.width - lw):
            self.y -= size * 1.3
            if pending:
                self.ops.append(Text(self.x, self.y + size * 0.25, label, Font(bold, size), INK))
                pending = False
            self.ops.append(
                Text(self.x + lw, self.y + size * 0.25, line, Font(self.face(), size), INK)
            )

    def table(self, table: Table, size: float, min_size: float) -> None:
        """A table drawn by the shared table drawer (shrinks to fit the width)."""
        if not fit_table(table, self.width, self.env, size, min_size, title=False).fits:
            self.env.warn(None, table.id, "a table is wider than its card even at the minimum size")
        ops, h = draw_table(
            table, self.x, self.y, self.width, self.env, size, min_size, title=False
        )
        self.ops.extend(ops)
        self.y -= h

    def gap(self, h: float) -> None:
        self.y -= h


def _keep(text: str) -> str:
    """A name and the modifier after it never part at a line break: 'OBJECTIVE IDENTIFIED -1'."""
    words = text.split(" ")
    for i in range(1, len(words)):
        if words[i][:1] in "+-" and words[i][1:2].isdigit():
            words[i - 1] += NBSP + words.pop(i)
            break
    return " ".join(words)


def _chance(p: Fraction, stacked: bool = False) -> str:
    """'1/6 = 16.7%' on one line, or the fraction over the percentage in narrow grids."""
    if p == 0:
        return NONE
    text = format_chance(p)
    return text.replace(" = ", "\n") if stacked else text


def _odds_grid(w: Writer, table: ThreatTable, shown: list, inner: float) -> None:
    """Exact odds of every row under no modifier, each single one and the extremes."""
    w.gap(8)
    w.para("Exact odds of each result", 9, bold=True)
    w.gap(2)
    # The label column as wide as its labels (at most 0.3 of the card: long ones wrap);
    # the results share the rest, on one line ("1/6 = 16.7%") when that fits, else stacked.
    fonts, size = w.env.fonts, 7.0
    label_w = max(fonts.width(label, w.face(True), size) for label, _ in shown) + 12
    label_w = min(max(label_w, inner * 0.2), inner * 0.3)
    cw = (inner - label_w) / len(table.rows)
    odds = [row_odds(table, combo) for _, combo in shown]
    widest = max(fonts.width(_chance(p), w.face(), size) for ps in odds for p in ps)
    stacked = widest + 6 > cw
    grid = Table(
        id=f"{table.id}-odds",
        title="",
        columns=tuple(Column(r.band.text, align="centre", width=cw) for r in table.rows),
        rows=tuple(
            Row(
                f"**{label}**" if not combo.effects else label,
                tuple(_chance(p, stacked=stacked) for p in ps),
            )
            for (label, combo), ps in zip(shown, odds, strict=True)
        ),
        label=Column("With", width=inner - cw * len(table.rows)),
    )
    w.table(grid, size, 6.5)


def _card(
    table: ThreatTable, banding: Banding | None, env: PlanEnv, x: float, width: float
) -> tuple[list, float, dict]:
    """Ops of one card relative to its top-left corner (y <= 0), its height and manifest info."""
    w = Writer(env, x + PAD, width - 2 * PAD)
    inner = w.width
    w.gap(4)
    w.para(table.title, 15, bold=True)
    if table.subtitle:
        w.para(table.subtitle, 9, italic=True, colour=MUTED)
    w.gap(4)
    dice = for_players(table.roll)
    roll = f"{table.roll_label}: roll {dice}" if table.roll_label else f"Roll {dice}"
    w.para(roll, 10, bold=True)
    if table.types:
        w.labelled(f"Threat type{table.types_mark} (one applies):", _types_text(table), 8.5)
    w.gap(6)
    w.table(_with_chances(table), 9.5, 7.5)
    notes = policy_notes(table)
    if notes:  # the kit's reading of the policy is marked here, not on a roll
        text = " ".join(notes) + table.policy_mark
        w.gap(2)
        w.para(text, 7.5, italic=True, colour=MUTED)
    if table.situations:
        w.gap(4)
        parts = [_keep(for_players(e.short)) for m in table.situations for e in effects_of(m)]
        groups = [" or ".join(g) for g in table.exclusive]
        text = " · ".join(parts) + (f" (never together: {'; '.join(groups)})" if groups else "")
        w.labelled("Modifiers to the throw (they add up):", text, 8.5)
    if banding is not None and env.settings.proof:  # how the rows were made: a build fact
        w.gap(4)
        w.labelled(*_generated(table, banding, env), 8)
    # exact odds under the combinations a player meets
    shown = (
        [(for_players(label), c) for label, c in shown_combos(table)]
        if count_combos(table) > 1
        else []
    )
    if shown:
        _odds_grid(w, table, shown, inner)
    for g in table.glossary:
        if g is table.glossary[0]:
            w.gap(6)
        w.labelled(g.term, g.meaning, 8.5)
    for pr in table.priorities:
        w.gap(4)
        items = "  ".join(f"{i}. {t}" for i, t in enumerate(pr.items, start=1))
        w.labelled(pr.title, (f"{pr.intro}: " if pr.intro else "") + items, 8.5)
    for note in table.notes:
        w.gap(2)
        w.para(note, 8, italic=True, colour=MUTED)
    w.gap(PAD)
    info = {"roll": table.roll, "rows": len(table.rows), "combinations": count_combos(table)}
    if banding is not None:
        info["seed"] = effective_seed(env.settings.seed)
    return w.ops, -w.y, info


def _types_text(table: ThreatTable) -> str:
    """The threat types in a line: each with what its states do to the roll."""
    parts = []
    for m in table.types:
        states = []
        for st in m.states:
            bits = []
            if st.roll:
                bits.append(f"roll {for_players(st.roll)} instead")
            if st.add or not st.roll:
                bits.append(f"{st.add:+d}")
            states.append(" ".join(bits) + (f" {st.label}" if st.label else ""))
        note = f" ({m.note})" if m.note else ""
        parts.append(_keep(f"{m.name} " + ", ".join(states) + note))
    return " · ".join(parts)


CHANCE = Column("Chance", align="centre")


def _with_chances(table: ThreatTable) -> Table:
    """The table itself, with the chance of each row when nothing modifies the roll; a
    row's reading mark hangs on its words, never on its roll."""
    base = row_odds(table, Combo(()))
    # every row a roll reaches unmodified equally likely (1/6 on each of 1-6): the chance
    # is said once under the table, not printed row by row
    live = {p for p in base if p > 0}
    once = len(live) == 1 and len(base) >= SAID_ONCE_ROWS
    notes = (f"Chance, unmodified: {_chance(next(iter(live)))} on every row it can reach.",)
    return Table(
        id=table.id,
        title="",
        columns=(*[Column(c) for c in table.columns], *([] if once else [CHANCE])),
        rows=tuple(
            Row(
                r.band.text,
                (*r.outcomes, *(() if once else (_chance(p),))),
                mark=r.mark,
            )
            for r, p in zip(table.rows, base, strict=True)
        ),
        label=Column("Roll", align="centre"),
        notes=notes if once else (),
    )


def _generated(table: ThreatTable, banding: Banding, env: PlanEnv) -> tuple[str, str]:
    """(label, text) saying how generated rows were made: basis, seed, chances got."""
    seed = effective_seed(env.settings.seed)
    basis = (
        "priority order, weights n..1"
        if table.profile and table.profile.from_priority
        else "weights"
    )
    bits = []
    assert table.profile is not None
    for b, got, want in zip(
        table.profile.behaviours, banding.achieved, banding.targets, strict=True
    ):
        bits.append(f"{b.outcome}: {format_chance(got)} (target {format_chance(want)})")
    return f"Generated ({basis}, seed {seed}):", " · ".join(bits)


def plan_threats(tables: list[ThreatTable], env: PlanEnv) -> list[Document]:
    if not tables:
        return []
    x0, y0, x1, y1 = content_box(env.paper)
    width = x1 - x0
    pages: list[Page] = []
    page = Page("Reaction tables")
    y = y1
    for table in tables:
        resolved, banding = resolve(table, env.settings.seed)
        ops, h, info = _card(resolved, banding, env, x0, width)
        if y - h < y0 and page.ops:
            pages.append(page)
            page = Page("Reaction tables")
            y = y1
        if h > y1 - y0:
            env.warn(
                table.span,
                table.path,
                "the card is taller than the sheet and is cut off",
                "move the glossary into notes or split the table",
            )
        top = y
        page.ops.append(Rect(x0, top - h, width, h, stroke=BORDER, radius=6))
        page.ops.append(Group(tuple(ops), dy=top))  # card laid out with y = 0 at its top
        page.items.append(
            Item(
                "threat-table",
                table.id,
                f"threat-{table.id}",
                "front",
                (x0, top - h, x1, top),
                info,
            )
        )
        combos = count_combos(resolved)
        facts = [f"{table.id}: {combos} modifier combinations checked"] if combos > 1 else []
        if banding is not None and env.settings.seed is None:  # else the run's facts say it
            facts.insert(0, f"generated with seed {effective_seed(None)} (default)")
        page.proof = " · ".join(dict.fromkeys([*filter(None, [page.proof]), *facts]))
        y = top - h - GAP
    pages.append(page)
    return [Document("threats", "Reaction tables", pages)]
