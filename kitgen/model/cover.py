"""The kit's cover: a box front (title band, hero art, badges, blurb) and what the kit
holds; the composition comes from a cover layout (kitgen/builtin_layouts/covers.yaml)."""

from __future__ import annotations

from ..errors import Span
from ..records import record
from .rulebook import Diagram


@record
class CoverPart:
    """One part of a cover layout, top to bottom: what it is and the share of the page's
    body it takes (0: as much as its words need; the hero takes what is left)."""

    part: str  # band, hero, badges, blurb, credits
    height: float = 0.0


@record
class CoverLayout:
    id: str
    parts: tuple[CoverPart, ...]


@record
class Cover:
    span: Span | None
    subtitle: str = ""  # the tagline under the title
    blurb: tuple[str, ...] = ()  # paragraphs, in the kit author's own words
    needs: tuple[str, ...] = ()  # "2 six-sided dice", ...
    credits: tuple[str, ...] = ()
    contents: bool = True  # list the kit's files with how to print each
    # the pieces (counters or cards) shown large across the cover, by id or an id's start
    # (): the kit's own designs, chosen for it; ("none",): no art)
    art: tuple[str, ...] = ()
    art_span: Span | None = None
    art_map: Diagram | None = None  # or a window of a map with pieces on it, drawn large
    layout: CoverLayout | None = None  # None: the default built-in layout
    colour: str = ""  # the title band's; "": the kit's own colour, else the house's
    players: str = ""  # the badges: "2", "2-4"
    time: str = ""  # "20 minutes"
    ages: str = ""  # "10+"
