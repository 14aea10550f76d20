"""The game as read from YAML, and the settings of one build. No ReportLab here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ..errors import Span
from ..records import field, record, replace
from ..units import PAPERS, Paper
from .reading import Reading

COUNTER_SHEETS = ("butted", "gutters")

if TYPE_CHECKING:  # the section models, for the accessors' types (a build loads only its own)
    from .counters import CounterSet
    from .cover import Cover
    from .generator import Generator
    from .label import Labels
    from .layout import Layout
    from .map import MapSet
    from .rulebook import Rulebook
    from .rules import RuleBook
    from .table import Card, Deck, Sheet, Table, TextBlock
    from .template import Templates
    from .threat import ThreatTable
    from .track import TrackSet


@record
class Game:
    """A game as read: its identity, paper, font, palette and component sections."""

    id: str
    title: str
    folder: Path
    span: Span
    version: str = ""
    paper: Paper = PAPERS["letter"]  # the game's own paper: named or custom
    font: str = "Vera"  # default family for every component
    palette: Mapping[str, str] = field(default_factory=dict)
    # section key -> its model, in reading order: what the build hands to each registered
    # Section (kitgen/sections.py). Everything else reads a section through its typed
    # accessor below, so the type checker follows what is done with the model.
    sections: Mapping[str, object] = field(default_factory=dict)
    files: tuple[Path, ...] = ()  # game.yaml and everything it included
    font_span: Span | None = None  # where font: was set, for font errors
    # where the id was written (else the title, else the file): a clash of ids names it
    id_span: Span | None = None
    # square and rectangular counters of one size: edge to edge for a guillotine, with
    # crop marks round each block ("butted"), or each a gutter apart ("gutters")
    counter_sheet: str = "butted"
    # a one-page component prints in the room on another file's last page printed the
    # same way (layout/kit/share.py); false: every component in its own file
    share_sheets: bool = True
    # how a side's pieces are marked (band, corner or none; a piece may say otherwise)
    side_mark: str = "band"
    side_mark_span: Span | None = None
    type_scale: tuple[float, ...] = ()  # the sizes layouts set text at; () the default
    # the kit's readings, numbered in the order read (†1, †2 ...): their words print on
    # the kit's notes page (layout/kit/notes.py), their marks where each choice is made
    readings: tuple[Reading, ...] = ()

    def replace(self, **changes: Any) -> Game:
        """A copy with some fields changed (the game itself is never changed once read)."""
        return replace(self, **changes)

    # One accessor per section: its model, or None (one model) or () (a list of them)
    # when the game has none. The reader registered for the key made it (sections.py).
    @property
    def cover(self) -> Cover | None:
        return cast("Cover | None", self.sections.get("cover"))

    @property
    def layouts(self) -> tuple[Layout, ...]:
        return cast("tuple[Layout, ...]", self.sections.get("layouts", ()))

    @property
    def counters(self) -> CounterSet | None:
        return cast("CounterSet | None", self.sections.get("counters"))

    @property
    def maps(self) -> MapSet | None:
        return cast("MapSet | None", self.sections.get("maps"))

    @property
    def tracks(self) -> TrackSet | None:
        return cast("TrackSet | None", self.sections.get("tracks"))

    @property
    def tables(self) -> tuple[Table, ...]:
        return cast("tuple[Table, ...]", self.sections.get("tables", ()))

    @property
    def texts(self) -> tuple[TextBlock, ...]:
        return cast("tuple[TextBlock, ...]", self.sections.get("texts", ()))

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        return cast("tuple[Sheet, ...]", self.sections.get("sheets", ()))

    @property
    def decks(self) -> tuple[Deck, ...]:
        return cast("tuple[Deck, ...]", self.sections.get("decks", ()))

    @property
    def cards(self) -> tuple[Card, ...]:
        return cast("tuple[Card, ...]", self.sections.get("cards", ()))

    @property
    def threats(self) -> Sequence[ThreatTable]:
        return cast("Sequence[ThreatTable]", self.sections.get("threats", ()))

    @property
    def generators(self) -> Sequence[Generator]:
        return cast("Sequence[Generator]", self.sections.get("generators", ()))

    @property
    def labels(self) -> Labels | None:
        return cast("Labels | None", self.sections.get("labels"))

    @property
    def templates(self) -> Templates | None:
        return cast("Templates | None", self.sections.get("templates"))

    @property
    def rules(self) -> RuleBook | None:
        return cast("RuleBook | None", self.sections.get("rules"))

    @property
    def rulebook(self) -> Rulebook | None:
        return cast("Rulebook | None", self.sections.get("rulebook"))


@record
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
