"""What every planner gets: the game, the build settings, fonts to measure
text with, and the diagnostics to add layout warnings to."""

from __future__ import annotations

from typing import Protocol

from ..errors import Diagnostics, Span
from ..model.game import Game, Settings
from ..records import Record
from ..units import Paper


class TextMeasure(Protocol):
    def face(self, family: str, bold: bool = False, italic: bool = False) -> str: ...
    def width(self, text: str, face: str, size: float) -> float: ...
    def ascent(self, face: str, size: float) -> float: ...


class PlanEnv(Record):  # a Record, not a dataclass: every run imports it
    __slots__ = ("game", "settings", "fonts", "diags", "stream", "facts")

    def __init__(
        self,
        game: Game,
        settings: Settings,
        fonts: TextMeasure,
        diags: Diagnostics,
        # Pages may make their ops when drawn (plan.Later): the build does, as it draws
        # each page once; plans kept for reading (tests, tools) hold every op.
        stream: bool = False,
    ) -> None:
        self.game = game
        self.settings = settings
        self.fonts = fonts
        self.diags = diags
        self.stream = stream
        # Build facts found while planning or drawing (type set below the scale's floor
        # to fit a piece ...): the build prints them and keeps them in the manifest.
        self.facts: dict[str, None] = {}

    @property
    def paper(self) -> Paper:
        return self.settings.paper

    def face(self, bold: bool = False, italic: bool = False, family: str | None = None) -> str:
        return self.fonts.face(family or self.game.font, bold, italic)

    def fact(self, text: str) -> None:
        self.facts[text] = None

    def warn(self, span: Span | None, path: str, message: str, hint: str = "") -> None:
        self.diags.warning(span, path, message, hint)
