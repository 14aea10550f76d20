"""The kit's cover sheet: what the game is, what a player needs, who made it."""

from __future__ import annotations

from ..errors import Span
from ..records import record
from .rulebook import Diagram


@record
class Cover:
    span: Span | None
    subtitle: str = ""
    blurb: tuple[str, ...] = ()  # paragraphs, in the kit author's own words
    needs: tuple[str, ...] = ()  # "2 six-sided dice", ...
    credits: tuple[str, ...] = ()
    contents: bool = True  # list the kit's files with how to print each
    # the pieces (counters or cards) shown large across the cover, by id or an id's start
    # (): the kit's own designs, chosen for it; ("none",): no art)
    art: tuple[str, ...] = ()
    art_span: Span | None = None
    art_map: Diagram | None = None  # or a window of a map with pieces on it, drawn large
