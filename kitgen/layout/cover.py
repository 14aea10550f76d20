"""The cover sheet: title, blurb, what you need, credits."""

from __future__ import annotations

from ..model.cover import Cover
from .contents import add_contents
from .env import PlanEnv
from .frame import content_box
from .plan import Document, Font, Line, Page, Stroke, Text
from .text import wrap

INK = "#222222"
RULE = Stroke("#999999", 0.6)


def plan_cover(cover: Cover, env: PlanEnv) -> list[Document]:
    x0, y0, x1, y1 = content_box(env.paper)
    width = x1 - x0
    regular, bold = env.face(), env.face(bold=True)
    ops: list = []
    y = y1 - 60
    ops.append(Text((x0 + x1) / 2, y, env.game.title, Font(bold, 30), INK, align="centre"))
    if cover.subtitle:
        y -= 24
        ops.append(Text((x0 + x1) / 2, y, cover.subtitle, Font(regular, 13), INK, align="centre"))
    y -= 24
    ops.append(Line(x0 + width * 0.2, y, x1 - width * 0.2, y, RULE))
    y -= 28
    body = Font(regular, 11)
    for para in cover.blurb:
        for line in wrap(para, regular, body.size, width * 0.8, env.fonts):
            ops.append(Text(x0 + width * 0.1, y, line, body, INK))
            y -= body.size * 1.35
        y -= 6
    for heading, lines in (("What you need", cover.needs), ("Credits", cover.credits)):
        if not lines:
            continue
        y -= 10
        ops.append(Text(x0 + width * 0.1, y, heading, Font(bold, 12), INK))
        y -= 17
        for entry in lines:
            for i, line in enumerate(wrap(entry, regular, body.size, width * 0.75, env.fonts)):
                prefix = "•  " if i == 0 else "   "
                ops.append(Text(x0 + width * 0.12, y, prefix + line, body, INK))
                y -= body.size * 1.35
    page = Page("Cover", ops=ops)
    return [Document("cover", "Cover", [page])]


def finish_cover(cover: Cover, docs: list[Document], env: PlanEnv) -> None:
    """Put the cover first in the kit and, unless turned off, list what the kit holds."""
    doc = next(d for d in docs if d.name == "cover")
    docs.remove(doc)
    docs.insert(0, doc)
    if cover.contents:
        add_contents(doc, docs, env, content_box(env.paper))
