"""cover: in game.yaml -> Cover."""

from __future__ import annotations

from ..model.cover import Cover
from .fields import Context, Fields
from .spec import BOOLEAN, TEXT, Key, OneOrList, Spec
from .yamlnodes import Node

SUBTITLE = Key("subtitle", TEXT, "a line under the title", default="")
BLURB = Key("blurb", OneOrList(TEXT), "paragraphs about the game, in your own words")
NEEDS = Key("needs", OneOrList(TEXT), "what players need besides the kit")
CREDITS = Key("credits", OneOrList(TEXT), "credit lines")
CONTENTS = Key("contents", BOOLEAN, "list the kit's files with print advice", default=True)
ART = Key(
    "art",
    OneOrList(TEXT),
    "the counters shown large across the cover under the title, by id or an id's "
    "start, in order (default: one of each look of the kit's counters; none: no band)",
)
COVER = Spec("cover", SUBTITLE, BLURB, NEEDS, CREDITS, CONTENTS, ART, heading="cover")


def read_cover(ctx: Context, node: Node, path: str) -> Cover:
    f = Fields(ctx, node, path, COVER)
    cover = Cover(
        span=node.span,
        subtitle=f.text(SUBTITLE),
        blurb=tuple(f.texts(BLURB)),
        needs=tuple(f.texts(NEEDS)),
        credits=tuple(f.texts(CREDITS)),
        contents=f.boolean(CONTENTS),
        art=tuple(f.texts(ART)),
        art_span=art.span if (art := f.node_of(ART)) is not None else None,
    )
    f.close()
    return cover
