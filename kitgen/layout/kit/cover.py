"""The cover sheet: title, blurb, what you need, credits, each set with the characters
the data means (style.typeset)."""

from __future__ import annotations

import math

from ...model.counters import CounterDef, TextEl
from ...model.cover import Cover
from ...model.table import Card
from ...style import FAINT, INK, PALE_INK, RULES_MIN, typeset
from ..cards.cards import card_face_ops
from ..counters.faces import face_ops, layout_sizes, outline
from ..env import PlanEnv
from ..flow import PageFlow
from ..frame import content_box
from ..plan import Document, Font, Group, Line, Rect, Stroke, Text
from ..rulebook.diagram import diagram_ops
from ..text import wrap_hard
from .contents import add_contents

RULE = Stroke(FAINT, 0.6)


def plan_cover(cover: Cover, env: PlanEnv) -> list[Document]:
    """The cover with its art at its largest; finish_cover sets it again with the kit's
    contents, the art as large as keeps the cover one page."""
    return [Document("cover", "Cover", _cover_pages(cover, env, art_most(env)), apart=True)]


def _cover_pages(cover: Cover, env: PlanEnv, tall: float) -> list:
    """The cover's pages: title, subtitle, the art at most `tall` high, the blurb, what
    you need and the credits."""
    x0, y0, x1, y1 = content_box(env.paper)
    width = x1 - x0
    regular, bold = env.face(), env.face(bold=True)
    flow = PageFlow("Cover", y0, y1 - 20, y1 - 60)
    mid = (x0 + x1) / 2
    title = Font(bold, 30)
    for line in wrap_hard(typeset(env.game.title), title.face, title.size, width, env.fonts):
        flow.need(title.size * 1.1)
        flow.add(Text(mid, flow.y, line, title, INK, align="centre"))
        flow.y -= title.size * 1.1
    flow.y += title.size * 1.1
    if cover.subtitle:
        sub = Font(regular, 13)
        flow.y -= 24
        for line in wrap_hard(typeset(cover.subtitle), sub.face, sub.size, width, env.fonts):
            flow.need(sub.size)
            flow.add(Text(mid, flow.y, line, sub, INK, align="centre"))
            flow.y -= sub.size * 1.35
        flow.y += sub.size * 1.35
    art, high = art_ops(cover, env, width, tall)
    flow.y -= 24
    if art:
        flow.add(Group(tuple(art), dx=x0, dy=flow.y + 8))
        flow.y -= high + 10
    flow.add(Line(x0 + width * 0.2, flow.y, x1 - width * 0.2, flow.y, RULE))
    flow.y -= 28
    _cover_text(cover, env, flow, x0, width)
    return flow.finish()


Line_ = tuple[str, Font, float, float, float]  # text, font, indent, space before, lead
HEADINGS = ("What you need", "Credits")


def _cover_text(cover: Cover, env: PlanEnv, flow: PageFlow, x0: float, width: float) -> None:
    """The blurb, then what you need and the credits, each under its heading: side by
    side (the blurb on the left) when both fit the page there, else one under the other
    across the page, onto more pages if need be."""
    left = _blurb_lines(cover, env, width * 0.56)
    right = _needs_lines(cover, env, width * 0.38)
    tall = max(_height(left), _height(right))
    if left and right and flow.y - tall >= flow.bottom:
        for lines, x in ((left, x0), (right, x0 + width * 0.62)):
            y = flow.y
            for text, font, indent, before, lead in lines:
                flow.add(Text(x + indent, y - before, text, font, INK))
                y -= before + lead
        flow.y -= tall
        return
    x, inner = x0 + width * 0.1, width * 0.8
    for text, font, indent, before, lead in [
        *_blurb_lines(cover, env, inner),
        *_needs_lines(cover, env, inner - width * 0.02),
    ]:
        flow.y -= before
        flow.need(font.size + (lead if text in HEADINGS else 0.0))  # a heading keeps with a line
        flow.add(Text(x + indent, flow.y, text, font, INK))
        flow.y -= lead


def _height(lines: list[Line_]) -> float:
    return sum(before + lead for _, _, _, before, lead in lines)


def _blurb_lines(cover: Cover, env: PlanEnv, width: float) -> list[Line_]:
    body = Font(env.face(), 11)
    out: list[Line_] = []
    for n, para in enumerate(cover.blurb):
        for i, line in enumerate(wrap_hard(typeset(para), body.face, body.size, width, env.fonts)):
            out.append((line, body, 0.0, 6.0 if n and not i else 0.0, body.size * 1.35))
    return out


def _needs_lines(cover: Cover, env: PlanEnv, width: float) -> list[Line_]:
    """What you need and the credits, each a heading over its bullets."""
    body, head = Font(env.face(), 11), Font(env.face(bold=True), 12)
    out: list[Line_] = []
    for heading, entries in zip(HEADINGS, (cover.needs, cover.credits), strict=True):
        if not entries:
            continue
        out.append((heading, head, 0.0, 10.0 if out else 0.0, 17.0))
        for entry in entries:
            for i, line in enumerate(
                wrap_hard(typeset(entry), body.face, body.size, width - 12, env.fonts)
            ):
                out.append(("•  " + line if i == 0 else "   " + line, body, 2.0, 0.0,
                            body.size * 1.35))  # fmt: skip
    return out


def finish_cover(cover: Cover, docs: list[Document], env: PlanEnv) -> None:
    """Put the cover first in the kit and, unless turned off, list what the kit holds
    under it; the art shrinks, down to ART_LEAST, until the cover is one page."""
    doc = next(d for d in docs if d.name == "cover")
    docs.remove(doc)
    docs.insert(0, doc)
    tall = art_most(env)
    while True:
        doc.pages = _cover_pages(cover, env, tall)
        if cover.contents:
            add_contents(doc, docs, env, content_box(env.paper))
        if len(doc.pages) == 1 or tall <= ART_LEAST:
            return
        tall = max(ART_LEAST, tall - ART_STEP)


def art_most(env: PlanEnv) -> float:
    """The most height the cover's art takes: ART_SHARE of the page's body."""
    _, y0, _, y1 = content_box(env.paper)
    return (y1 - y0) * ART_SHARE


ART_SHARE = 0.4  # the most of a page's body the art takes
ART_LEAST = 54.0  # points: the art shrinks no further to keep the cover one page
ART_STEP = 18.0  # points: how much it shrinks at a time
ART_GAP = 12.0  # between its pieces
ART_SCALE = 2.0  # a piece drawn at most this many times its size
ART_LOOKS = 6  # the most pieces the cover chooses on its own
OUTLINE = Stroke(PALE_INK, 0.4)


def art_ops(cover: Cover, env: PlanEnv, width: float, tall: float) -> tuple[list, float]:
    """The cover's art, origin at its top-left, centred in `width`, at most `tall` high,
    and its height: the map window `art:` draws, else its pieces (those it names, else one
    of each look of the kit's counters, or of its cards): three cards or more fanned as a
    hand holds them, with the other pieces in a row under the fan, else all in one row,
    each as large as fits, up to ART_SCALE times its printed size. ([], 0) for `art: none`
    or nothing to show."""
    if cover.art_map is not None:
        drawn, high = diagram_ops(env.game, cover.art_map, width, RULES_MIN * 1.2, env)
        k = min(1.0, tall / high)
        if k < 1.0:  # drawn again, its map's lines weighed at the scale it prints at
            drawn, high = diagram_ops(env.game, cover.art_map, width, RULES_MIN * 1.2, env, k)
        return [Group(tuple(drawn), dx=width * (1 - k) / 2, scale=k)], high * k
    hand, rest = _art_pieces(cover, env)
    if len(hand) < 3:
        return _row(hand + rest, width, tall)
    if not rest:
        return _fan(hand, width, tall)
    below = min(tall * ROW_SHARE, max(h for _, h, _ in rest) * ART_SCALE)
    fan, high = _fan(hand, width, tall - below - ART_GAP)
    row, low = _row(rest, width, below)
    return [*fan, Group(tuple(row), dy=-(high + ART_GAP))], high + ART_GAP + low


ROW_SHARE = 0.35  # the most of the art's height a row of pieces under a fan of cards takes


def _row(pieces: list[Piece], width: float, tall: float) -> tuple[list, float]:
    """Pieces side by side, centred in `width`, each as large as fits `tall` (up to
    ART_SCALE times its size), and the row's height."""
    if not pieces:
        return [], 0.0
    row = min(tall, max(h for _, h, _ in pieces) * ART_SCALE)
    scales = [min(ART_SCALE, row / h) for _, h, _ in pieces]
    across = sum(w * k for (w, _, _), k in zip(pieces, scales, strict=True))
    fit = min(1.0, (width - ART_GAP * (len(pieces) - 1)) / across)
    high = max(h * k for (_, h, _), k in zip(pieces, scales, strict=True)) * fit
    x = (width - across * fit - ART_GAP * (len(pieces) - 1)) / 2
    ops: list = []
    for (w, h, drawn), k in zip(pieces, scales, strict=True):
        k *= fit
        ops.append(Group(drawn, dx=x, dy=-high + (high - h * k) / 2, scale=k, clip=(0, 0, w, h)))
        x += w * k + ART_GAP
    return ops, high


FAN_DEGREES = 2.0  # between a fan's cards: a slight splay, every card's words upright
FAN_GAP = 6.0  # between neighbouring cards' upright boxes, at their printed size


def _fan(pieces: list[Piece], width: float, tall: float) -> tuple[list, float]:
    """Cards spread in a fan about a pivot below their feet, scaled to fit `width` and
    `tall` (at most ART_SCALE). The pivot lies far enough below that neighbours' upright
    boxes stay FAN_GAP apart: no card hides another's words or art (a cover shows each
    card whole)."""
    radius = max(w for w, _, _ in pieces) / (2 * math.sin(math.radians(FAN_DEGREES) / 2))
    boxes = _fanned(pieces, radius)
    while any(a[2] + FAN_GAP > b[0] for a, b in zip(boxes, boxes[1:], strict=False)):
        radius *= 1.1
        boxes = _fanned(pieces, radius)
    placed = []
    for i, (w, h, drawn) in enumerate(pieces):
        x, y, turn = _fan_foot(i, len(pieces), radius)
        card = Group(drawn, dx=-w / 2, clip=(0, 0, w, h))
        placed.append(Group((card,), dx=x, dy=y, rotate=-math.degrees(turn)))
    x0, x1 = min(b[0] for b in boxes), max(b[2] for b in boxes)
    y0, y1 = min(b[1] for b in boxes), max(b[3] for b in boxes)
    k = min(ART_SCALE, width / (x1 - x0), tall / (y1 - y0))
    left = (width - k * (x1 - x0)) / 2 - k * x0
    return [Group(tuple(placed), dx=left, dy=-k * y1, scale=k)], k * (y1 - y0)


def _fan_foot(i: int, n: int, radius: float) -> tuple[float, float, float]:
    """Card ``i`` of ``n`` in a fan: its foot's middle and its turn (radians)."""
    turn = math.radians((i - (n - 1) / 2) * FAN_DEGREES)
    return radius * math.sin(turn), radius * (math.cos(turn) - 1), turn


def _fanned(pieces: list[Piece], radius: float) -> list[tuple[float, float, float, float]]:
    """Each fanned card's upright box (left, bottom, right, top)."""
    boxes = []
    for i, (w, h, _) in enumerate(pieces):
        x, y, turn = _fan_foot(i, len(pieces), radius)
        cos, sin = math.cos(-turn), math.sin(-turn)
        corners = [(x + px * cos - py * sin, y + px * sin + py * cos)
                   for px, py in ((-w / 2, 0), (w / 2, 0), (-w / 2, h), (w / 2, h))]  # fmt: skip
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


Piece = tuple[float, float, tuple]  # a piece's width, height and ops (origin bottom-left)


def _art_pieces(cover: Cover, env: PlanEnv) -> tuple[list[Piece], list[Piece]]:
    """The pieces the cover shows, its cards apart from the rest: those `art:` names (each
    a counter's or a card's id, or an id's start; an unknown one is an error), else one of
    each look of the kit's counters (background and first words), taken evenly through
    its designs, or failing counters, the first card of each of its card definitions."""
    if cover.art == ("none",):
        return [], []
    counters = list(env.game.counters.defs) if env.game.counters else []
    if any(d.front.layout is not None for d in counters):  # sized as on the counter sheet
        layout_sizes(counters, env)
    cards = list(env.game.cards)
    chosen: list = []
    if cover.art:
        for name in cover.art:
            found = _named(name, counters) or _named(name, cards)
            if found is None:
                env.diags.error(
                    cover.art_span,
                    "cover.art",
                    f"no counter or card {name!r}: name a piece's id or its start",
                )
            else:
                chosen.append(found)
    else:
        looks: dict[tuple, CounterDef] = {}
        for d in counters:
            words = next((e.text for e in d.front.elements if isinstance(e, TextEl)), "")
            looks.setdefault((d.front.background, words), d)
        unique: list = list(looks.values())
        if not unique:  # one card of each definition (a roster's or for_each's cards share it)
            unique = list({(c.span, c.size): c for c in cards}.values())
        chosen = unique[:: max(1, -(-len(unique) // ART_LOOKS))]
    hand = [_piece(p, env) for p in chosen if isinstance(p, Card)]
    return hand, [_piece(p, env) for p in chosen if not isinstance(p, Card)]


def _named(name: str, pieces: list):
    """The piece whose id is `name`, else the first whose id starts with it, or None."""
    return next((p for p in pieces if p.id == name), None) or next(
        (p for p in pieces if p.id.startswith(name)), None
    )


def _piece(p: CounterDef | Card, env: PlanEnv) -> Piece:
    """A counter's front or a card's front as it prints, with its cut outline."""
    if isinstance(p, CounterDef):
        drawn = (
            *face_ops(p, p.front, 0.0, env),
            outline(p.shape, p.width, p.height, stroke=OUTLINE),
        )
        return p.width, p.height, drawn
    w, h = p.size
    return w, h, (*card_face_ops(p, p.front, env), Rect(0, 0, w, h, stroke=OUTLINE))
