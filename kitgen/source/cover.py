"""cover: in game.yaml -> Cover."""

from __future__ import annotations

from ..model.cover import Cover
from .fields import Context, Fields
from .spec import BOOLEAN, TEXT, Key, OneOrList, Spec
from .yamlnodes import Node

COVER = Spec(
    "cover",
    Key("subtitle", TEXT, "a line under the title", default=""),
    Key("blurb", OneOrList(TEXT), "paragraphs about the game, in your own words"),
    Key("needs", OneOrList(TEXT), "what players need besides the kit"),
    Key("credits", OneOrList(TEXT), "credit lines"),
    Key("contents", BOOLEAN, "list the kit's files with print advice", default=True),
    Key(
        "art",
        OneOrList(TEXT),
        "the counters shown large across the cover under the title, by id or an id's "
        "start, in order (default: one of each look of the kit's counters; none: no band)",
    ),
    heading="cover",
)


def read_cover(ctx: Context, node: Node, path: str) -> Cover:
    f = Fields(ctx, node, path, COVER)
    cover = Cover(
        span=node.span,
        subtitle=f.text("subtitle"),
        blurb=tuple(f.texts("blurb")),
        needs=tuple(f.texts("needs")),
        credits=tuple(f.texts("credits")),
        contents=f.boolean("contents"),
        art=tuple(f.texts("art")),
        art_span=art.span if (art := f.node_of("art")) is not None else None,
    )
    f.close()
    return cover
