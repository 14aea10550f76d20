"""Reaction tables as cards: the rows with their outcomes, the modifiers, the
exact odds of every row under the combinations a player meets, the glossary
and attack priorities. Cards flow down the sheet, a new sheet when one is full.

Kept self-contained (a small grid drawer of its own) so it can move onto the
shared table drawer later without changing what it prints.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..model.threat import Combo, ThreatTable
from ..rules.banding import Banding
from ..rules.dice import format_chance
from ..rules.profile import effective_seed, resolve
from ..rules.reaction import count_combos, effects_of, policy_notes, row_odds, shown_combos
from .env import PlanEnv
from .frame import content_box
from .plan import Document, Font, Item, Line, Page, Rect, Stroke, Text
from .text import wrap

INK = "#1f1f1f"
MUTED = "#555555"
HEAD_FILL = "#2f3e4e"
HEAD_INK = "#ffffff"
ZEBRA = "#eef1f4"
RULE = Stroke("#8a949e", 0.5)
BORDER = Stroke("#1f1f1f", 1.0)
PAD = 10.0
GAP = 14.0  # between cards


@dataclass
class Cell:
    text: str
    bold: bool = False
    italic: bool = False
    align: str = "left"
    colour: str = INK


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
        return wrap(text, self.face(bold, italic), size, width, self.env.fonts)

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
        """'LABEL  text that wraps under itself', the label in bold."""
        bold = self.face(True)
        lw = self.env.fonts.width(label + "  ", bold, size)
        lw = min(lw, self.width * 0.4)
        first = True
        for line in self.lines(text, size, self.width - lw):
            self.y -= size * 1.3
            if first:
                self.ops.append(Text(self.x, self.y + size * 0.25, label, Font(bold, size), INK))
                first = False
            self.ops.append(
                Text(self.x + lw, self.y + size * 0.25, line, Font(self.face(), size), INK)
            )

    def grid(
        self, widths: list[float], rows: list[list[Cell]], size: float, header_rows: int = 1
    ) -> None:
        """A ruled table; header rows dark, body rows zebra-striped; cells wrap."""
        pad = 3.0
        lead = size * 1.2
        for r, row in enumerate(rows):
            wrapped = [
                self.lines(c.text, size, w - 2 * pad, c.bold, c.italic) if c.text else [""]
                for c, w in zip(row, widths, strict=True)
            ]
            h = max(len(ls) for ls in wrapped) * lead + 2 * pad
            top = self.y
            fill = HEAD_FILL if r < header_rows else (ZEBRA if (r - header_rows) % 2 else None)
            if fill:
                self.ops.append(Rect(self.x, top - h, sum(widths), h, fill=fill))
            cx = self.x
            for c, w, ls in zip(row, widths, wrapped, strict=True):
                colour = HEAD_INK if r < header_rows else c.colour
                face = Font(self.face(c.bold or r < header_rows, c.italic), size)
                for i, line in enumerate(ls):
                    by = top - pad - size * 0.85 - i * lead
                    tx = {"left": cx + pad, "centre": cx + w / 2, "right": cx + w - pad}[c.align]
                    self.ops.append(Text(tx, by, line, face, colour, align=c.align))
                if not c.text and r >= header_rows:  # write-in blank: a line to write on
                    self.ops.append(
                        Line(
                            cx + pad,
                            top - h + pad + 1,
                            cx + w - pad,
                            top - h + pad + 1,
                            Stroke(MUTED, 0.4),
                        )
                    )
                cx += w
            self.y = top - h
            self.ops.append(Line(self.x, self.y, self.x + sum(widths), self.y, RULE))

    def gap(self, h: float) -> None:
        self.y -= h


def _chance_cell(p: Fraction, stacked: bool = False) -> Cell:
    """'1/6 = 16.7%' on one line, or the fraction over the percentage in narrow grids."""
    if p == 0:
        return Cell("–", align="centre", colour=MUTED)
    text = format_chance(p)
    return Cell(text.replace(" = ", "\n") if stacked else text, align="centre")


def _odds_grid(w: Writer, table: ThreatTable, shown: list, inner: float) -> None:
    """Exact odds of every row under no modifier, each single one and the extremes."""
    w.gap(8)
    w.para(
        f"Exact odds of each result ({count_combos(table)} modifier combinations checked)",
        9,
        bold=True,
    )
    w.gap(2)
    label_w = min(190.0, inner * 0.34)
    cw = (inner - label_w) / len(table.rows)
    grid = [[Cell("With"), *[Cell(r.band.text, align="centre") for r in table.rows]]]
    for label, combo in shown:
        grid.append(
            [
                Cell(label, bold=not combo.effects),
                *[_chance_cell(p, stacked=True) for p in row_odds(table, combo)],
            ]
        )
    w.grid([label_w, *[cw] * len(table.rows)], grid, 7.5)


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
    roll = f"{table.roll_label}: roll {table.roll}" if table.roll_label else f"Roll {table.roll}"
    w.para(roll, 10, bold=True)
    if table.types:
        parts = []
        for m in table.types:
            states = []
            for st in m.states:
                bits = []
                if st.roll:
                    bits.append(f"roll {st.roll} instead")
                if st.add or not st.roll:
                    bits.append(f"{st.add:+d}")
                states.append(" ".join(bits) + (f" {st.label}" if st.label else ""))
            note = f" ({m.note})" if m.note else ""
            parts.append(f"{m.name} " + ", ".join(states) + note)
        w.labelled("Threat type (one applies):", " · ".join(parts), 8.5)
    w.gap(6)
    # the table itself, with the chance of each row when nothing modifies the roll
    base = row_odds(table, _no_mod())
    res_w, odds_w = 46.0, 76.0
    col_w = (inner - res_w - odds_w) / len(table.columns)
    rows = [
        [
            Cell("Roll", align="centre"),
            *[Cell(c) for c in table.columns],
            Cell("Chance", align="centre"),
        ]
    ]
    for row, p in zip(table.rows, base, strict=True):
        rows.append(
            [
                Cell(row.band.text, bold=True, align="centre"),
                *[Cell(o or "") for o in row.outcomes],
                _chance_cell(p),
            ]
        )
    w.grid([res_w, *[col_w] * len(table.columns), odds_w], rows, 9)
    notes = policy_notes(table)
    if notes:
        w.gap(2)
        w.para(" ".join(notes), 7.5, italic=True, colour=MUTED)
    if table.situations:
        w.gap(4)
        parts = [e.short for m in table.situations for e in effects_of(m)]
        groups = [" or ".join(g) for g in table.exclusive]
        text = " · ".join(parts) + (f" (never together: {'; '.join(groups)})" if groups else "")
        w.labelled("Modifiers to the throw (they add up):", text, 8.5)
    if banding is not None:
        w.gap(4)
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
        w.labelled(f"Generated ({basis}, seed {seed}):", " · ".join(bits), 8)
    # exact odds under the combinations a player meets
    shown = shown_combos(table) if count_combos(table) > 1 else []
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


def _no_mod() -> Combo:
    return Combo(())


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
        page.ops.extend(_moved(op, top) for op in ops)
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
        if banding is not None and env.settings.seed is None:  # else the frame says it
            page.note = f"generated with seed {effective_seed(None)} (default)"
        y = top - h - GAP
    pages.append(page)
    return [Document("threats", "Reaction tables", pages)]


def _moved(op, top: float):
    """Card ops are laid with y relative to the card's top; put them on the page."""
    from dataclasses import replace

    if isinstance(op, Text):
        return replace(op, y=op.y + top)
    if isinstance(op, Rect):
        return replace(op, y=op.y + top)
    if isinstance(op, Line):
        return replace(op, y0=op.y0 + top, y1=op.y1 + top)
    return op
