"""Reference cards: each face drawn from blocks (title, text, items, fields, a table),
type shrunk to fit, then imposed in a grid per card size with shared cut lines
and crop marks in the margin, backs mirrored for duplex.

A small grid imposition of its own (the counters' imposition may replace it).
"""

from __future__ import annotations

import math

from ..model.table import Card, CardBlock, CardFace, Table, TextBlock
from ..rules.roster_cards import expand_roster_cards
from .env import PlanEnv
from .frame import content_box
from .labels import DEFAULT_SEED_NOTE
from .plan import Document, Group, Item, Line, Page, Rect, Stroke
from .rich import Faces, draw_line, parse_markup, runs_width, wrap_runs
from .table_draw import fit_table
from .textblock import layout_text

INK = "#1e1e1e"
CUT = Stroke("#7a7a7a", 0.4)
CROP = Stroke("#333333", 0.4)
CROP_LEN = 9.0
FIELD_LINE = Stroke("#555555", 0.5)
CARD_SIZE = 8.0
CARD_MAX = 12.0
CARD_MIN = 5.5
STEP = 0.25


def _face_ops(
    face: CardFace, w: float, h: float, env: PlanEnv, size: float, tables: dict[str, Table]
) -> tuple[list, float]:
    """Ops in card coordinates (origin bottom-left) and the height the content needs."""
    m = min(9.0, w * 0.07)  # the safe zone: 1/8 in on a card, less on a tiny one
    inner = w - 2 * m
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    fonts = env.fonts
    ops: list = [Rect(0, 0, w, h, fill=face.colour)]
    y = h - m
    gap = size * 0.6
    for n, block in enumerate(face.blocks):
        if n:
            y -= gap
        if block.kind == "title":
            tsize = size * 1.35
            lines = wrap_runs(
                parse_markup(block.text, bold=True), inner - 2 * size * 0.4, faces, tsize, fonts
            )
            band = len(lines) * tsize * 1.2 + tsize * 0.6
            ops.append(Rect(m * 0.5, y - band, w - m, band, fill=face.accent, radius=2.0))
            ty = y - tsize * 0.3 - tsize
            for ln in lines:
                ops += draw_line(ln, m, ty, inner, "centre", faces, tsize, fonts, "#ffffff")
                ty -= tsize * 1.2
            y -= band
        elif block.kind in ("text", "items", "steps"):
            paras = tuple(block.text.split("\n")) if block.kind != "text" else (block.text,)
            style = {"items": "bullets", "steps": "steps"}.get(block.kind, "plain")
            tb = TextBlock("", "", paras, style)
            lay = layout_text(tb, inner, env, size)
            part, hh = lay.draw(m, y)
            ops += part
            y -= hh
        elif block.kind == "table":
            table = tables.get(block.ref)
            if table is None:
                continue
            # under a card title of the same words, the table's own title would only repeat it
            repeat = (
                n > 0
                and face.blocks[n - 1].kind == "title"
                and (face.blocks[n - 1].text == table.title)
            )
            lay = fit_table(table, inner, env, size, size, title=not repeat)
            part, hh = lay.draw(m, y)
            ops += part
            y -= hh
        elif block.kind == "fields":
            part, hh = _fields(block, m, y, inner, size, faces, env)
            ops += part
            y -= hh
    return ops, h - m - y


def _fields(
    block: CardBlock, x: float, y_top: float, width: float, size: float, faces: Faces, env: PlanEnv
) -> tuple[list, float]:
    """label: value lines; a null value is a ruled write-in line."""
    fonts = env.fonts
    label_w = (
        max(
            (runs_width(parse_markup(k, bold=True), faces, size, fonts) for k, _ in block.fields),
            default=0.0,
        )
        + size * 0.6
    )
    ops: list = []
    y = y_top
    row_h = size * 1.75
    for label, value in block.fields:
        base = y - row_h + size * 0.45
        ops += draw_line(
            parse_markup(label, bold=True), x, base, label_w, "left", faces, size, fonts, INK
        )
        if value is None:
            ops.append(Line(x + label_w, base - 1.5, x + width, base - 1.5, FIELD_LINE))
        else:
            lines = wrap_runs(parse_markup(value), width - label_w, faces, size, fonts)
            ops += draw_line(
                lines[0], x + label_w, base, width - label_w, "left", faces, size, fonts, INK
            )
            for ln in lines[1:]:
                y -= size * 1.2
                base -= size * 1.2
                ops += draw_line(
                    ln, x + label_w, base, width - label_w, "left", faces, size, fonts, INK
                )
        y -= row_h
    return ops, y_top - y


def fit_face(
    card: Card, face: CardFace, side: str, env: PlanEnv, tables: dict[str, Table]
) -> tuple[list, float]:
    """The face's ops at the largest size that fits; warns (never clips) when none does."""
    w, h = card.size
    m = min(9.0, w * 0.07)
    # bigger cards start with bigger type (8 pt on a poker card, up to 12 pt), then shrink to fit
    scale = math.sqrt((w * h) / (180.0 * 252.0))
    size = min(CARD_MAX, max(CARD_SIZE, round(CARD_SIZE * scale * 4) / 4))
    while True:
        ops, need = _face_ops(face, w, h, env, size, tables)
        if need <= h - 2 * m + 1e-6:
            return ops, size
        if size - STEP < CARD_MIN - 1e-9:
            env.warn(
                card.span,
                f"cards.{card.id}.{side}",
                f"card {card.id!r} ({side}): the content does not fit even at {CARD_MIN:g} pt",
                "shorten the text or use a larger card size",
            )
            return ops, size
        size = round(size - STEP, 4)


def plan_cards(cards: tuple[Card, ...] | list[Card], env: PlanEnv) -> list[Document]:
    if not cards:
        return []
    cards, roster_tables = expand_roster_cards(env.game, cards, env.settings.seed)
    tables = {t.id: t for t in env.game.section("tables")} | roster_tables
    bx0, by0, bx1, by1 = content_box(env.paper)
    room = CROP_LEN + 2  # crop marks stay inside the printable box
    x0, y0, x1, y1 = bx0 + room, by0 + room, bx1 - room, by1 - room
    pw, ph = env.paper.size
    duplex = env.settings.duplex
    ox, oy = env.settings.back_offset if duplex != "none" else (0.0, 0.0)
    doc = Document("cards", "Reference cards", duplex=duplex)
    by_size: dict[tuple[float, float], list[tuple[Card, int]]] = {}
    for card in cards:
        by_size.setdefault(card.size, []).extend((card, k) for k in range(card.quantity))
    drawn: dict[tuple[str, str], tuple[str, float]] = {}  # the face art, drawn once as a form
    for (w, h), copies in by_size.items():
        cols = max(1, int((x1 - x0 + 1e-6) // w))
        rows = max(1, int((y1 - y0 + 1e-6) // h))
        per = cols * rows
        gx = x0 + (x1 - x0 - cols * w) / 2
        gy = y1 - (y1 - y0 - rows * h) / 2  # top of the grid
        for start in range(0, len(copies), per):
            chunk = copies[start : start + per]
            front = Page("Reference cards")
            back = Page("Reference cards", side="back")
            has_back = False
            for i, (card, k) in enumerate(chunk):
                r, c = divmod(i, cols)
                x, y = gx + c * w, gy - (r + 1) * h
                for side, face in (("front", card.front), ("back", card.back)):
                    if face is None:
                        continue
                    if (card.id, side) not in drawn:
                        ops, size = fit_face(card, face, side, env, tables)
                        drawn[(card.id, side)] = (ops, size)
                    ops, size = drawn[(card.id, side)]
                    if side == "back":
                        has_back = True
                        bx = pw - x - w if duplex != "short" else x
                        by = y if duplex != "short" else ph - y - h
                        bx, by = bx + ox, by + oy
                        target = back
                    else:
                        bx, by, target = x, y, front
                    target.ops.append(
                        Group(tuple(ops), bx, by, clip=(0, 0, w, h), key=f"card-{card.id}-{side}")
                    )
                    target.items.append(
                        Item(
                            "card",
                            card.id,
                            f"{card.id}#{k + 1}",
                            side,
                            (bx, by, bx + w, by + h),
                            {"size": card.size_name, "type_size": size, **card.extra},
                        )
                    )
            if env.settings.seed is None and any("seed" in c.extra for c, _ in chunk):
                front.note = DEFAULT_SEED_NOTE  # with --seed the frame prints it
            n_rows = (len(chunk) + cols - 1) // cols
            used_cols = min(cols, len(chunk))
            front.ops += _cuts(gx, gy, w, h, used_cols, n_rows)
            doc.pages.append(front)
            if has_back:
                bgx = pw - gx - used_cols * w if duplex != "short" else gx
                bgy = gy if duplex != "short" else ph - gy + n_rows * h
                back.ops += _cuts(bgx + ox, bgy + oy, w, h, used_cols, n_rows)
                doc.pages.append(back)
    return [doc]


def _cuts(gx: float, gy_top: float, w: float, h: float, cols: int, rows: int) -> list:
    """Shared solid cut lines on every card edge, and crop marks outside the grid."""
    ops: list = []
    bottom = gy_top - rows * h
    right = gx + cols * w
    for c in range(cols + 1):
        x = gx + c * w
        ops.append(Line(x, bottom, x, gy_top, CUT))
        ops.append(Line(x, gy_top + 2, x, gy_top + 2 + CROP_LEN, CROP))
        ops.append(Line(x, bottom - 2, x, bottom - 2 - CROP_LEN, CROP))
    for r in range(rows + 1):
        y = gy_top - r * h
        ops.append(Line(gx, y, right, y, CUT))
        ops.append(Line(gx - 2, y, gx - 2 - CROP_LEN, y, CROP))
        ops.append(Line(right + 2, y, right + 2 + CROP_LEN, y, CROP))
    return ops
