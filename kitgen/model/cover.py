"""The kit's cover sheet: what the game is, what a player needs, who made it."""

from __future__ import annotations

from ..errors import Span
from ..records import record


@record
class Cover:
    span: Span | None
    subtitle: str = ""
    blurb: tuple[str, ...] = ()  # paragraphs, in the kit author's own words
    needs: tuple[str, ...] = ()  # "2 six-sided dice", ...
    credits: tuple[str, ...] = ()
    contents: bool = True  # list the kit's files with how to print each
