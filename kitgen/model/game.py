"""The game as read from YAML, and the settings of one build. No ReportLab here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..errors import Span
from ..units import PAPERS, Paper

COUNTER_SHEETS = ("butted", "gutters")


@dataclass(frozen=True, slots=True)
class Game:
    id: str
    title: str
    folder: Path
    span: Span
    version: str = ""
    paper: Paper = PAPERS["letter"]  # the game's own paper: named or custom
    font: str = "Vera"  # default family for every component
    palette: Mapping[str, str] = field(default_factory=dict)
    sections: Mapping[str, Any] = field(default_factory=dict)  # section key -> its model
    files: tuple[Path, ...] = ()  # game.yaml and everything it included
    font_span: Span | None = None  # where font: was set, for font errors
    # square and rectangular counters of one size: edge to edge for a guillotine, with
    # crop marks round each block ("butted"), or each a gutter apart ("gutters")
    counter_sheet: str = "butted"

    def replace(self, **changes: Any) -> Game:
        """A copy with some fields changed (the game itself is never changed once read)."""
        return replace(self, **changes)

    def section(self, key: str, default: Any = ()) -> Any:
        return self.sections.get(key, default)


@dataclass(frozen=True, slots=True)
class Settings:
    """What the command line chose for one build."""

    paper: Paper
    duplex: str = "none"  # none, long or short
    bleed: float | None = None  # points; None = each component's own default
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, applied to duplex back pages only
    seed: int | None = None
    fit: bool = False  # scale big maps to one sheet instead of tiling
    use: tuple[str, ...] = ()  # optional generator adjustments applied to every roster (--with)
    proof: bool = False  # build facts (seed, type sizes, checks) printed on the sheets too
    # (game title, paper name) of every kit built in one run, when they differ: the cover
    # warns that the kits print on different papers
    papers: tuple[tuple[str, str], ...] = ()
