"""What every planner gets: the game, the build settings, fonts to measure
text with, and the diagnostics to add layout warnings to."""

from __future__ import annotations

from typing import Protocol

from ..errors import Diagnostics, Span
from ..model.game import Game, Settings
from ..records import field, record
from ..units import Paper


class TextMeasure(Protocol):
    def face(self, family: str, bold: bool = False, italic: bool = False) -> str: ...
    def width(self, text: str, face: str, size: float) -> float: ...
    def ascent(self, face: str, size: float) -> float: ...
    def __hash__(self) -> int: ...  # a key of the layouts' caches


@record(frozen=False)
class PlanEnv:
    """What every planner is handed: the game, the build's settings, text measure, diagnostics."""

    game: Game
    settings: Settings
    fonts: TextMeasure
    diags: Diagnostics
    # Build facts found while planning or drawing (type set below the scale's floor
    # to fit a piece ...), each with its group or None: the manifest keeps every one;
    # the terminal prints each, but a group's as one line with counts (build.fact_lines).
    facts: dict[str, str | None] = field(default_factory=dict)
    # each side's shape (layout/sides.py), worked out once per build when first asked
    sides: dict[str, str] | None = None
    # each layout face's text sizes by region id, keyed (kind, piece id, side): worked out
    # a deck at a time (layout/counters/regions.py deck_sizes) before the faces are drawn
    region_sizes: dict[tuple[str, str, str], dict[str, float]] = field(default_factory=dict)

    @property
    def paper(self) -> Paper:
        return self.settings.paper

    def face(self, bold: bool = False, italic: bool = False, family: str | None = None) -> str:
        return self.fonts.face(family or self.game.font, bold, italic)

    def side_shape(self, side: str) -> str:
        """The shape that marks a side's pieces (by the game's order of sides); a side only
        a scenario names takes the shape that scenario's plan draws it in."""
        if self.sides is None:
            from .sides import side_shapes

            self.sides = side_shapes(self.game)
            book = self.game.rules
            for sc in book.scenarios if book is not None else ():
                more = side_shapes(self.game, [s.id for s in sc.sides])
                for sid, shape in more.items():
                    self.sides.setdefault(sid, shape)
        return self.sides[side]

    def fact(self, text: str, group: str | None = None) -> None:
        """A build fact; `group` names the kind of a fact a build may find many of (one
        per piece whose ink was adjusted), which the terminal says once, with counts."""
        self.facts[text] = group

    def warn(self, span: Span | None, path: str, message: str, hint: str = "") -> None:
        self.diags.warning(span, path, message, hint)
