"""The cover sheet: title, blurb, what you need, credits, each set with the characters
the data means (style.typeset)."""

from __future__ import annotations

from ...model.counters import CounterDef, TextEl
from ...model.cover import Cover
from ...style import FAINT, INK, PALE_INK, typeset
from ..counters.faces import face_ops, layout_sizes, outline
from ..env import PlanEnv
from ..flow import PageFlow
from ..frame import content_box
from ..plan import Document, Font, Group, Line, Stroke, Text
from ..text import wrap_hard
from .contents import add_contents

RULE = Stroke(FAINT, 0.6)


def plan_cover(cover: Cover, env: PlanEnv) -> list[Document]:
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
    art = art_band(cover, env, x0, x1, flow.y - 16)
    flow.y -= 24
    if art:
        flow.y -= ART_HEIGHT + 6
        for op in art:
            flow.add(op)
    flow.add(Line(x0 + width * 0.2, flow.y, x1 - width * 0.2, flow.y, RULE))
    flow.y -= 28
    body = Font(regular, 11)
    for para in cover.blurb:
        for line in wrap_hard(typeset(para), body.face, body.size, width * 0.8, env.fonts):
            flow.need(body.size)
            flow.add(Text(x0 + width * 0.1, flow.y, line, body, INK))
            flow.y -= body.size * 1.35
        flow.y -= 6
    for heading, lines in (("What you need", cover.needs), ("Credits", cover.credits)):
        if not lines:
            continue
        flow.y -= 10
        flow.need(12 + 17 + body.size)  # a heading never ends a page
        flow.add(Text(x0 + width * 0.1, flow.y, heading, Font(bold, 12), INK))
        flow.y -= 17
        for entry in lines:
            for i, line in enumerate(
                wrap_hard(typeset(entry), body.face, body.size, width * 0.75, env.fonts)
            ):
                prefix = "•  " if i == 0 else "   "
                flow.need(body.size)
                flow.add(Text(x0 + width * 0.12, flow.y, prefix + line, body, INK))
                flow.y -= body.size * 1.35
    return [Document("cover", "Cover", flow.finish(), apart=True)]


def finish_cover(cover: Cover, docs: list[Document], env: PlanEnv) -> None:
    """Put the cover first in the kit and, unless turned off, list what the kit holds."""
    doc = next(d for d in docs if d.name == "cover")
    docs.remove(doc)
    docs.insert(0, doc)
    if cover.contents:
        add_contents(doc, docs, env, content_box(env.paper))


ART_HEIGHT = 54.0  # the band of pieces under the title
ART_GAP = 12.0  # between its pieces
ART_SCALE = 2.0  # a piece drawn at most this many times its size
OUTLINE = Stroke(PALE_INK, 0.4)


def art_band(cover: Cover, env: PlanEnv, x0: float, x1: float, top: float) -> list:
    """The cover's art: a band of the kit's own counters drawn large under the title
    (the pieces `art:` names, else one of each look the kit has, spread through its
    designs), as many as fit across, centred. [] when the kit has no counters or says
    `art: none`."""
    chosen = _art_pieces(cover, env)
    if not chosen:
        return []
    shown: list[tuple[CounterDef, float]] = []
    room = x1 - x0
    for d in chosen:
        scale = min(ART_SCALE, ART_HEIGHT / d.height)
        widths = sum(e.width * k for e, k in shown) + len(shown) * ART_GAP
        if widths + d.width * scale > room:
            break
        shown.append((d, scale))
    across = sum(d.width * k for d, k in shown) + (len(shown) - 1) * ART_GAP
    x = (x0 + x1 - across) / 2
    ops: list = []
    for d, k in shown:
        y = top - ART_HEIGHT + (ART_HEIGHT - d.height * k) / 2
        drawn = (
            *face_ops(d, d.front, 0.0, env),
            outline(d.shape, d.width, d.height, stroke=OUTLINE),
        )
        ops.append(Group(drawn, dx=x, dy=y, scale=k))
        x += d.width * k + ART_GAP
    return ops


def _art_pieces(cover: Cover, env: PlanEnv) -> list[CounterDef]:
    """The counters the cover shows: those `art:` names (each an id or an id's start; an
    unknown one is an error), else one of each look (background and first words), taken
    evenly through the kit's designs so every kind of piece shows."""
    counters = env.game.counters
    defs = list(counters.defs) if counters else []
    if cover.art == ("none",) or not defs:
        return []
    if any(d.front.layout is not None for d in defs):  # sized as on the counter sheet
        layout_sizes(defs, env)
    if cover.art:
        picked = []
        for name in cover.art:
            found = next((d for d in defs if d.id == name), None) or next(
                (d for d in defs if d.id.startswith(name)), None
            )
            if found is None:
                env.diags.error(
                    cover.art_span,
                    "cover.art",
                    f"no counter {name!r}: name a counter's id or its start",
                )
            else:
                picked.append(found)
        return picked
    looks: dict[tuple, CounterDef] = {}
    for d in defs:
        words = next((e.text for e in d.front.elements if isinstance(e, TextEl)), "")
        looks.setdefault((d.front.background, words), d)
    unique = list(looks.values())
    step = max(1, len(unique) // 9)
    return unique[::step]
