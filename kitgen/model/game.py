"""The game as read from YAML, and the settings of one build. No ReportLab here."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from ..errors import Span
from ..records import Record
from ..units import PAPERS, Paper


class Game(Record):  # a Record, not a dataclass: every run imports it
    __slots__ = (
        "id", "title", "folder", "span", "version", "paper", "font", "palette", "sections",
        "files", "font_span",
    )  # fmt: skip

    def __init__(
        self,
        id: str,
        title: str,
        folder: Path,
        span: Span,
        version: str = "",
        paper: Paper = PAPERS["letter"],  # the game's own paper: named or custom
        font: str = "Vera",  # default family for every component
        palette: Mapping[str, str] | None = None,
        sections: Mapping[str, Any] | None = None,  # section key -> its model
        files: tuple[Path, ...] = (),  # game.yaml and everything it included
        font_span: Span | None = None,  # where font: was set, for font errors
    ) -> None:
        self.id = id
        self.title = title
        self.folder = folder
        self.span = span
        self.version = version
        self.paper = paper
        self.font = font
        self.palette = {} if palette is None else palette
        self.sections = {} if sections is None else sections
        self.files = files
        self.font_span = font_span

    def replace(self, **changes: Any) -> Game:
        """A copy with some fields changed (the game itself is never changed once read)."""
        return Game(**{name: getattr(self, name) for name in self._fields} | changes)

    def section(self, key: str, default: Any = ()) -> Any:
        return self.sections.get(key, default)


class Settings(NamedTuple):
    """What the command line chose for one build. (A named tuple: a tenth of a
    dataclass's start-up cost.)"""

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
