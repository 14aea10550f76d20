"""cover: in game.yaml -> Cover; the built-in cover layouts (covers.yaml) -> CoverLayout."""

from __future__ import annotations

import re
from functools import lru_cache

from ..errors import Diagnostics
from ..model.cover import Cover, CoverLayout, CoverPart
from .fields import Context, Fields
from .rulebook import DIAGRAM, read_diagram
from .spec import BOOLEAN, COLOUR, ID, TEXT, Choice, Either, Key, ListOf, OneOrList, Spec
from .yamlnodes import Map, Node, Seq, parse_yaml

SUBTITLE = Key("subtitle", TEXT, "the tagline under the title", default="")
BLURB = Key("blurb", OneOrList(TEXT), "paragraphs about the game, in your own words")
NEEDS = Key("needs", OneOrList(TEXT), "what players need besides the kit (a badge)")
CREDITS = Key("credits", OneOrList(TEXT), "credit lines")
CONTENTS = Key("contents", BOOLEAN, "list the kit's files with print advice", default=True)
ART = Key(
    "art",
    Either(OneOrList(TEXT), DIAGRAM),
    "the hero art: pieces (counters or cards) by id or an id's start, in order (three "
    "cards or more fanned as a hand); or a rulebook diagram (map:, cells:, pieces:, "
    "arrows:): a map window with pieces on it, or pieces: alone, a spread. Default: one "
    "of each look of the kit's counters, else of its cards; none: no art",
)
LAYOUT = Key(
    "layout", ID, "a cover layout: box-front (the title band on top) or poster (the hero "
    "first); kitgen/builtin_layouts/covers.yaml", default="box-front",
)  # fmt: skip
BAND = Key("colour", COLOUR, "the title band's colour (the game's own); default: a dark slate")
PLAYERS = Key("players", TEXT, "a badge: how many play (2, 2-4)", default="")
TIME = Key("time", TEXT, "a badge: how long a game takes (20 minutes)", default="")
AGES = Key("ages", TEXT, "a badge: the ages it is for (10+)", default="")
COVER = Spec(
    "cover", SUBTITLE, BLURB, NEEDS, CREDITS, CONTENTS, ART, LAYOUT, BAND, PLAYERS, TIME,
    AGES, heading="cover",
)  # fmt: skip


def read_cover(ctx: Context, node: Node, path: str) -> Cover:
    f = Fields(ctx, node, path, COVER)
    art = f.node_of(ART)
    window = read_diagram(ctx, art, f.sub("art")) if isinstance(art, Map) else None
    name = f.id(LAYOUT)
    layout = cover_layouts().get(name)
    if layout is None:
        known = ", ".join(cover_layouts())
        ctx.error(f.value_span("layout"), f.sub("layout"), f"no cover layout {name!r}",
                  f"kitgen's are {known}")  # fmt: skip
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
        layout=layout,
        colour=f.colour(BAND) or "",
        players=f.text(PLAYERS),
        time=f.text(TIME),
        ages=f.text(AGES),
    )
    f.close()
    return cover


PARTS = ("band", "hero", "badges", "blurb", "credits")
PART_NAME = Key("part", Choice(PARTS, "cover part"), "what the part shows", required=True)
PART_HEIGHT = Key("height", TEXT, "its share of the page's body (17%); default: what it needs")
PART = Spec("cover part", PART_NAME, PART_HEIGHT)
LAYOUT_ID = Key("id", ID, "the layout's name", required=True)
LAYOUT_PARTS = Key("parts", ListOf(PART), "its parts, top to bottom", required=True)
LAYOUT_SPEC = Spec("cover layout", LAYOUT_ID, LAYOUT_PARTS)


@lru_cache(maxsize=1)
def cover_layouts() -> dict[str, CoverLayout]:
    """kitgen's own cover layouts, read from covers.yaml beside the code (a mistake in it
    is kitgen's: tests/test_cover.py reads it clean)."""
    from importlib.resources import files
    from pathlib import Path

    ctx = Context(Diagnostics(), Path("."))
    data = files("kitgen").joinpath("builtin_layouts/covers.yaml").read_bytes()
    root = parse_yaml(data, "kitgen/builtin_layouts/covers.yaml")
    covers = root.get("covers") if isinstance(root, Map) else None
    out: dict[str, CoverLayout] = {}
    for n, item in enumerate(covers if isinstance(covers, Seq) else ()):
        f = Fields(ctx, item, f"covers[{n}]", LAYOUT_SPEC)
        layout = CoverLayout(f.id(LAYOUT_ID) or "", tuple(f.seq(LAYOUT_PARTS, _part)))
        f.close()
        out[layout.id] = layout
    ctx.diags.raise_if_errors()
    return out


def _part(ctx: Context, node: Node, path: str) -> CoverPart | None:
    f = Fields(ctx, node, path, PART)
    part = f.choice(PART_NAME)
    height = f.text(PART_HEIGHT, "")
    f.close()
    share = re.fullmatch("([0-9]+)%", height)
    if part is None:
        return None
    if height and share is None:
        ctx.error(node, f"{path}.height", f"{height!r} is no share of the page", "write it as 17%")
        return None
    return CoverPart(part, int(share.group(1)) / 100 if share else 0.0)
