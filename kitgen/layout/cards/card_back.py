"""A deck's back: one design behind every card of the deck, so no back tells which card
comes next. A ground of the deck's colour carried into the bleed, a pattern over it, a
double frame inside the safe zone, and the deck's title in a plaque at the centre: the
same upside down (the plaque is centred), as a shuffled card may lie either way."""

from __future__ import annotations

from ...colours import mix, readable_on
from ...model.table import Deck
from ...style import CARD_SUBTITLE, CARD_TITLE_MAX
from ..env import PlanEnv
from ..plan import Circle, Font, Group, Line, Rect, Stroke, Text
from ..text import fit_text

PITCH = 9.0  # the pattern's repeat, points


def deck_back(deck: Deck, w: float, h: float, bleed: float, env: PlanEnv) -> tuple[list, float]:
    """The back's ops in card coordinates (origin bottom-left), bleed included, and the
    title's type size."""
    ink = readable_on(deck.colour)
    line = mix(deck.colour, ink, 0.22)  # the pattern: a quiet tone of the ground
    e = deck.edge
    if e:  # the ground inside a border of bare paper
        ops: list = [Rect(e, e, w - 2 * e, h - 2 * e, fill=deck.colour)]
        edge = (e, e, w - e, h - e)
    else:
        ops = [Rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=deck.colour)]
        edge = (-bleed, -bleed, w + bleed, h + bleed)
    ops.append(Group(tuple(_pattern(deck.pattern, edge, line)), clip=edge))
    m = min(9.0, w * 0.07)  # the safe zone, as the fronts keep it
    frame = Stroke(mix(deck.colour, ink, 0.6), 1.2)
    ops.append(Rect(m, m, w - 2 * m, h - 2 * m, stroke=frame, radius=4.0))
    ops.append(Rect(m + 3, m + 3, w - 2 * m - 6, h - 2 * m - 6, stroke=Stroke(frame.colour, 0.5)))
    bold, regular = env.face(bold=True), env.face()
    width = w * 0.68
    title = fit_text(
        deck.title, bold, CARD_TITLE_MAX, 7.0, width - 16, CARD_TITLE_MAX * 2.6, env.fonts
    )
    size = title.size
    lines = title.lines
    sub = fit_text(
        deck.subtitle, regular, CARD_SUBTITLE, 7.0, width - 16, CARD_SUBTITLE * 4, env.fonts
    )
    below = sub.lines if deck.subtitle else ()
    plaque_h = len(lines) * size * 1.2 + len(below) * sub.size * 1.25 + 14
    px, py = round((w - width) / 2), round((h - plaque_h) / 2)  # whole points: crisp edges
    width = w - 2 * px
    ops.append(Rect(px, py, width, plaque_h, fill=deck.colour, stroke=frame, radius=3.0))
    y = py + plaque_h - 7 - size * 0.9
    for text in lines:
        ops.append(Text(w / 2, y, text, Font(bold, size), ink, "centre"))
        y -= size * 1.2
    y += size * 1.2 - sub.size * 0.4
    for text in below:
        y -= sub.size * 1.25
        ops.append(Text(w / 2, y, text, Font(regular, sub.size), ink, "centre"))
    return ops, size


def _pattern(pattern: str, box: tuple, colour: str) -> list:
    """The ground's pattern over box: a diagonal lattice, stripes one way, a grid of dots,
    or nothing."""
    x0, y0, x1, y1 = box
    span = (x1 - x0) + (y1 - y0)
    thin = Stroke(colour, 0.6)
    ops: list = []
    if pattern in ("lattice", "stripes"):
        k = 0.0
        while k <= span:
            ops.append(Line(x0 + k, y0, x0 + k - (y1 - y0), y1, thin))  # rising to the left
            if pattern == "lattice":
                ops.append(Line(x1 - k, y0, x1 - k + (y1 - y0), y1, thin))  # and to the right
            k += PITCH
    elif pattern == "dots":
        y = y0 + PITCH / 2
        row = 0
        while y < y1:
            x = x0 + (PITCH / 2 if row % 2 else 0.0)
            while x < x1:
                ops.append(Circle(x, y, 0.9, fill=colour))
                x += PITCH
            y += PITCH * 0.866
            row += 1
    return ops
