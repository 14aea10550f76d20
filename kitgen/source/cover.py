"""cover: in game.yaml -> Cover."""

from __future__ import annotations

from ..model.cover import Cover
from .fields import Context, Fields
from .rulebook import DIAGRAM, read_diagram
from .spec import BOOLEAN, TEXT, Either, Key, OneOrList, Spec
from .yamlnodes import Map, Node

SUBTITLE = Key("subtitle", TEXT, "a line under the title", default="")
BLURB = Key("blurb", OneOrList(TEXT), "paragraphs about the game, in your own words")
NEEDS = Key("needs", OneOrList(TEXT), "what players need besides the kit")
CREDITS = Key("credits", OneOrList(TEXT), "credit lines")
CONTENTS = Key("contents", BOOLEAN, "list the kit's files with print advice", default=True)
ART = Key(
    "art",
    Either(OneOrList(TEXT), DIAGRAM),
    "what the cover shows large under the title: pieces (counters or cards) by id or "
    "an id's start, in order; or a window of a map with pieces on it, written as a "
    "rulebook diagram (map:, cells:, pieces:, arrows:). Default: one of each look of "
    "the kit's counters, else of its cards; none: no art",
)
COVER = Spec("cover", SUBTITLE, BLURB, NEEDS, CREDITS, CONTENTS, ART, heading="cover")


def read_cover(ctx: Context, node: Node, path: str) -> Cover:
    f = Fields(ctx, node, path, COVER)
    art = f.node_of(ART)
    window = read_diagram(ctx, art, f.sub("art")) if isinstance(art, Map) else None
    cover = Cover(
        span=node.span,
        subtitle=f.text(SUBTITLE),
        blurb=tuple(f.texts(BLURB)),
        needs=tuple(f.texts(NEEDS)),
        credits=tuple(f.texts(CREDITS)),
        contents=f.boolean(CONTENTS),
        art=() if isinstance(art, Map) else tuple(f.texts(ART)),
        art_span=art.span if art is not None else None,
        art_map=window,
    )
    f.close()
    return cover
