"""cover: in game.yaml -> Cover."""

from __future__ import annotations

from ..model.cover import Cover
from .fields import Context, Fields
from .yamlnodes import Node


def read_cover(ctx: Context, node: Node, path: str) -> Cover:
    f = Fields(ctx, node, path)
    cover = Cover(
        span=node.span,
        subtitle=f.text("subtitle", default=""),
        blurb=tuple(f.texts("blurb")),
        needs=tuple(f.texts("needs")),
        credits=tuple(f.texts("credits")),
        contents=f.boolean("contents", default=True),
    )
    f.close()
    return cover
