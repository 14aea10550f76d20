"""The cover sheet: title, blurb, what you need, credits, each set with the characters
the data means (style.typeset)."""

from __future__ import annotations

from ..model.cover import Cover
from ..style import FAINT, INK, typeset
from .contents import add_contents
from .env import PlanEnv
from .flow import PageFlow
from .frame import content_box
from .plan import Document, Font, Line, Stroke, Text
from .text import wrap_hard

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
    flow.y -= 24
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
