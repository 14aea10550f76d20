"""The cover: a box front (the title band in the kit's colour, the hero art, badges,
the blurb, the credits) composed as its cover layout says, and the kit's contents after
it; words set with the characters the data means (style.typeset)."""

from __future__ import annotations

import math

from ...colours import legible, mix, readable_on
from ...model.counters import CounterDef, TextEl
from ...model.cover import Cover, CoverLayout
from ...model.table import Card, CardFace
from ...patterns import pattern
from ...records import record, replace
from ...style import (
    COVER_BAND,
    INK,
    MUTED,
    PALE_INK,
    PAPER,
    PIECE_CONTRAST,
    READING_MARK,
    RULES_MIN,
    typeset,
)
from ..cards.cards import card_face_ops
from ..counters.faces import face_ops, layout_sizes, outline
from ..env import PlanEnv
from ..flow import PageFlow
from ..frame import content_box
from ..plan import Document, Font, Group, Page, Rect, Stroke, Text
from ..rulebook.diagram import diagram_ops, window_cells, window_scale
from ..text import wrap, wrap_hard
from .contents import add_contents


def plan_cover(cover: Cover, env: PlanEnv) -> list[Document]:
    """The cover's front; finish_cover adds the kit's contents on the pages after it."""
    return [Document("cover", "Cover", front_pages(cover, env), apart=True)]


def finish_cover(cover: Cover, docs: list[Document], env: PlanEnv) -> None:
    """Put the cover first in the kit and, unless turned off, list what the kit holds on
    the pages after its front."""
    doc = next(d for d in docs if d.name == "cover")
    docs.remove(doc)
    docs.insert(0, doc)
    doc.pages = front_pages(cover, env)
    if cover.contents:
        add_contents(doc, docs, env, content_box(env.paper), band_colour(cover))


def band_colour(cover: Cover) -> str:
    return cover.colour or COVER_BAND


def front_box(env: PlanEnv) -> tuple[float, float, float, float]:
    """Where the front draws: inside its sheet label and scale bars, as every sheet."""
    return content_box(env.paper)


PART_GAP = 14.0  # between the front's parts
HERO_PAD = 12.0  # round the hero art inside its panel
TITLE_MOST, TITLE_LEAST = 46.0, 26.0  # the title's type: as large as fits in two lines
TAGLINE = 13.0
BLURB = 11.5
CREDIT = 8.0
BADGE_LABEL, BADGE_VALUE, BADGE_TEXT = 7.5, 16.0, 9.0
BADGE_PAD = 8.0


def front_pages(cover: Cover, env: PlanEnv) -> list[Page]:
    """The front, one page, as its layout composes it; when the blurb and credits leave
    the hero less than HERO_LEAST of the page, they go on framed pages after it."""
    layout = cover.layout or CoverLayout("none", ())  # a mistaken name: the build stops
    names = [p.part for p in layout.parts]
    page, fits = _front(cover, env, names)
    if fits:
        return [page]
    page, _ = _front(cover, env, [n for n in names if n not in ("blurb", "credits")])
    return [page, *_words_after(cover, env)]


HERO_LEAST = 0.3  # of the page's body: less, and the blurb moves off the front


@record
class Drawn:
    """A part of the front as drawn: its ops (origin bottom-left) and its height."""

    ops: list
    height: float


def composed_ops(cover: Cover, env: PlanEnv, names: list[str], box: tuple) -> list:
    """The parts named, composed as the front composes them, inside `box` (x0, y0, x1, y1):
    a booklet's covers."""
    page, _ = _front(cover, env, names, box)
    return page.ops


def _front(cover: Cover, env: PlanEnv, names: list[str], box: tuple | None = None
           ) -> tuple[Page, bool]:  # fmt: skip
    """The front with the parts named, top to bottom, each at its share of the page (or
    what its words need), the hero in what is left; and whether the hero had its least.
    `box`: where it draws (default: the front's sheet)."""
    x0, y0, x1, y1 = box or front_box(env)
    width, body = x1 - x0, y1 - y0
    shares = {p.part: p.height for p in (cover.layout.parts if cover.layout else ())}
    drawn = {name: Drawn(*_part(name, cover, env, width)) for name in names}
    fixed = {n: max(shares.get(n, 0.0) * body, drawn[n].height) for n in names}
    parts = [n for n in names if n == "hero" or fixed[n] > 0]
    rest = body - sum(h for n, h in fixed.items() if n != "hero") - PART_GAP * (len(parts) - 1)
    hero, high = _hero(cover, env, width, rest) if rest > 0 and "hero" in names else ([], 0.0)
    fits = rest >= body * HERO_LEAST or not high and rest >= 0
    if not high and "hero" in parts:
        parts.remove("hero")
    page = Page("Cover")
    y = y1
    spare = max(0.0, rest) / max(1, len(parts) - 1) if not high else 0.0  # shared out as gaps
    for name in parts:
        if name == "hero":
            page.ops.append(Group(tuple(hero), dx=x0, dy=y))
            y -= high + PART_GAP + spare
            continue
        ops, tall = drawn[name].ops, fixed[name]
        if name == "band":  # on the kit's colour, its words centred in the band's height
            ops = [Rect(0, 0, width, tall, fill=band_colour(cover), radius=4),
                   Group(tuple(ops), dy=(tall - drawn[name].height) / 2)]  # fmt: skip
        page.ops.append(Group(tuple(ops), dx=x0, dy=y - tall))
        y -= tall + PART_GAP + spare
    return page, fits


def _words_after(cover: Cover, env: PlanEnv) -> list[Page]:
    """The blurb and the credits on framed pages after the front, when the front has no
    room for them."""
    x0, y0, x1, y1 = content_box(env.paper)
    flow = PageFlow("Cover", y0, y1 - 20, y1 - 20)
    for paras, size, ink in ((cover.blurb, BLURB, INK), (cover.credits, CREDIT, MUTED)):
        font = Font(env.face(), size)
        for para in paras:
            for line in wrap_hard(typeset(para), font.face, size, x1 - x0, env.fonts):
                flow.need(size * 1.4)
                flow.add(Text(x0, flow.y, line, font, ink))
                flow.y -= size * 1.4
            flow.y -= size * 0.6
    return flow.finish()


def _part(name: str, cover: Cover, env: PlanEnv, width: float) -> tuple[list, float]:
    """A part's ops, origin bottom-left, and its height (the hero is drawn apart)."""
    if name == "band":
        return _band(cover, env, width)
    if name == "badges":
        return _badges(cover, env, width)
    if name == "blurb":
        return _lines_block(cover.blurb, Font(env.face(), BLURB), 1.4, INK, width * 0.82,
                            width, env, "left", BLURB * 0.6)  # fmt: skip
    if name == "credits":
        return _lines_block(cover.credits, Font(env.face(), CREDIT), 1.3, MUTED, width,
                            width, env, "centre", 0.0)  # fmt: skip
    return [], 0.0


def _hero(cover: Cover, env: PlanEnv, width: float, tall: float) -> tuple[list, float]:
    """The art on a panel of the band's colour, lightly tinted, filling `tall`; origin at
    its top-left."""
    inner = width - 2 * HERO_PAD
    art, high = art_ops(cover, env, inner, tall - 2 * HERO_PAD)
    if not art:
        return [], 0.0
    panel = mix(band_colour(cover), PAPER, HERO_TINT)
    top = -(tall - high) / 2
    return [Rect(0, -tall, width, tall, fill=panel, radius=4),
            Group(tuple(art), dx=HERO_PAD, dy=top)], tall  # fmt: skip


HERO_TINT = 0.88  # the hero's panel: the band's colour this far toward the paper


def _band(cover: Cover, env: PlanEnv, width: float) -> tuple[list, float]:
    """The title as large as fits one line (two at TITLE_LEAST), the tagline under it, in
    the colour that reads on the band; origin bottom-left."""
    ink = readable_on(band_colour(cover))
    bold, regular = env.face(bold=True), env.face()
    room = width - 2 * PART_GAP
    title = typeset(env.game.title)
    size = TITLE_MOST
    while size > TITLE_LEAST and len(wrap(title, bold, size, room, env.fonts)) > 1:
        size -= 2
    ops: list = []
    y = -PART_GAP * 0.7 + size * 0.05
    for text in wrap_hard(title, bold, size, room, env.fonts):
        y -= size * 1.05
        ops.append(Text(width / 2, y, text, Font(bold, size), ink, align="centre"))
    soft = mix(ink, band_colour(cover), 0.18)  # the tagline a little quieter than the title
    y -= TAGLINE * 0.5 if cover.subtitle else 0.0  # the tagline stands apart from the title
    for text in wrap_hard(typeset(cover.subtitle), regular, TAGLINE, room, env.fonts):
        y -= TAGLINE * 1.3
        ops.append(Text(width / 2, y, text, Font(regular, TAGLINE), soft, align="centre"))
    tall = -y + PART_GAP * 0.7 + TAGLINE * 0.3
    return [Group(tuple(ops), dy=tall)], tall


def _badges(cover: Cover, env: PlanEnv, width: float) -> tuple[list, float]:
    """Players, playing time and ages, each a box with its word over its value, and what
    you need in a box across the rest of the row (or a row of its own on narrow paper);
    origin bottom-left."""
    bold = env.face(bold=True)
    facts = [(w, typeset(v)) for w, v in (("PLAYERS", cover.players),
             ("PLAYING TIME", cover.time), ("AGES", cover.ages)) if v]  # fmt: skip
    sizes = [max(env.fonts.width(w, bold, BADGE_LABEL), env.fonts.width(v, bold, BADGE_VALUE))
             + 2 * BADGE_PAD + 8 for w, v in facts]  # fmt: skip
    gap = PART_GAP * 0.6
    left = width - sum(sizes) - gap * len(facts)
    apart = left < NEEDS_LEAST  # the needs on a row of their own, under the facts
    needs = _needs_box(cover, env, width if apart else left)
    if not facts and not needs[0]:
        return [], 0.0
    tall = BADGE_LABEL + BADGE_VALUE + 2 * BADGE_PAD + 6
    row = tall if apart or not facts else max(tall, needs[1])
    ops: list = []
    x = 0.0
    for (word, value), w in zip(facts, sizes, strict=True):
        ops += _badge(cover, env, x, 0.0, w, row, word)
        ops.append(Text(x + w / 2, BADGE_PAD + 3 + (row - tall) / 2, value,
                        Font(bold, BADGE_VALUE), INK, align="centre"))  # fmt: skip
        x += w + gap
    if not needs[0]:
        return ops, row
    if apart and facts:  # the facts above, the needs under them
        ops = [Group(tuple(ops), dy=needs[1] + gap)]
        return [*ops, *needs[0]], row + gap + needs[1]
    return [*ops, Group(tuple(needs[0]), dx=x, dy=row - needs[1])], max(row, needs[1])


NEEDS_LEAST = 150.0  # points: a narrower needs box goes on a row of its own


def _badge(cover: Cover, env: PlanEnv, x: float, y: float, w: float, h: float,
           word: str) -> list:  # fmt: skip
    """A badge's box, in the band's colour, and its word at its top."""
    colour = band_colour(cover)
    label = legible(colour, PAPER, PIECE_CONTRAST) or INK
    fill, frame = mix(colour, PAPER, BADGE_TINT), Stroke(colour, 1.0)
    font = Font(env.face(bold=True), BADGE_LABEL)
    top = y + h - BADGE_PAD - BADGE_LABEL
    return [Rect(x, y, w, h, fill=fill, stroke=frame, radius=5),
            Text(x + w / 2, top, word, font, label, align="centre")]  # fmt: skip


def _needs_box(cover: Cover, env: PlanEnv, width: float) -> tuple[list, float]:
    """What you need: a badge `width` wide, its things one after another; origin
    bottom-left."""
    if not cover.needs:
        return [], 0.0
    regular = env.face()
    said = " · ".join(typeset(n) for n in cover.needs)
    lines = wrap_hard(said, regular, BADGE_TEXT, width - 2 * BADGE_PAD, env.fonts)
    tall = BADGE_LABEL + len(lines) * BADGE_TEXT * 1.3 + 2 * BADGE_PAD + 5
    ops = _badge(cover, env, 0.0, 0.0, width, tall, "YOU NEED")
    y = tall - BADGE_PAD - BADGE_LABEL - 3
    for line in lines:
        y -= BADGE_TEXT * 1.3
        ops.append(Text(width / 2, y, line, Font(regular, BADGE_TEXT), INK, align="centre"))
    return ops, tall


BADGE_TINT = 0.93  # a badge's ground: the band's colour this far toward the paper


def _lines_block(
    paras: tuple[str, ...], font: Font, lead: float, colour: str, measure: float,
    width: float, env: PlanEnv, align: str, apart: float,
) -> tuple[list, float]:  # fmt: skip
    """Paragraphs set `measure` wide, centred in `width` (each line centred, or the block
    centred with its lines left), `apart` between paragraphs; origin bottom-left."""
    lines: list[tuple[str, float]] = []
    for n, para in enumerate(paras):
        for i, line in enumerate(
            wrap_hard(typeset(para), font.face, font.size, measure, env.fonts)
        ):
            lines.append((line, apart if n and not i else 0.0))
    if not lines:
        return [], 0.0
    tall = sum(font.size * lead + gap for _, gap in lines)
    left = (width - measure) / 2
    ops, y = [], tall
    for line, gap in lines:
        y -= gap + font.size * lead
        at = width / 2 if align == "centre" else left
        ops.append(Text(at, y + font.size * (lead - 1), line, font, colour, align=align))
    return ops, tall


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
        return _window(cover, env, width, tall)
    hand, rest = _art_pieces(cover, env)
    if len(hand) < 3:
        return _row(hand + rest, width, tall)
    if not rest:
        return _fan(hand, width, tall)
    below = min(tall * ROW_SHARE, max(h for _, h, _ in rest) * ART_SCALE)
    fan, high = _fan(hand, width, tall - below - ART_GAP)
    row, low = _row(rest, width, below)
    return [*fan, Group(tuple(row), dy=-(high + ART_GAP))], high + ART_GAP + low


def _window(cover: Cover, env: PlanEnv, width: float, tall: float) -> tuple[list, float]:
    """The map window (or spread) `art:` draws, as large as fits `width` and `tall`, up to
    ART_SCALE times the size a rulebook draws it at: its map's lines weighed at the
    scale it prints at."""
    assert cover.art_map is not None
    drawn, high = diagram_ops(env.game, cover.art_map, width, RULES_MIN * 1.2, env)
    wide = width
    if cover.art_map.map is not None and env.game.maps is not None:
        m = env.game.maps.get(cover.art_map.map)
        if m is not None:
            scale, (x0, _, x1, _) = window_scale(m, window_cells(m, cover.art_map.cells), width)
            wide = (x1 - x0) * scale
    k = min(ART_SCALE, width / wide, tall / high)
    drawn, high = diagram_ops(env.game, cover.art_map, width / k, RULES_MIN * 1.2, env, k)
    return [Group(tuple(drawn), scale=k)], high * k  # centred in width / k: in width


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
    return w, h, (*card_face_ops(p, _unmarked(p.front), env), Rect(0, 0, w, h, stroke=OUTLINE))


_READING = pattern(f"{READING_MARK}[0-9]*")  # a reading's mark (†4) in a card's words


def _unmarked(face: CardFace) -> CardFace:
    """A card's face without its reading marks: the cover is a shop window, and a †4
    there points at a notes page the buyer has not opened."""
    regions = tuple(replace(f, text=_READING.sub("", f.text)) for f in face.regions)
    blocks = tuple(replace(b, text=_READING.sub("", b.text)) for b in face.blocks)
    return replace(face, regions=regions, blocks=blocks)
