"""The game as read from YAML, and the settings of one build. No ReportLab here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Span
from ..records import field, record, replace
from ..units import PAPERS, Paper
from .reading import Reading

COUNTER_SHEETS = ("butted", "gutters")
ROUND_SHEETS = ("grid", "gutters")

if TYPE_CHECKING:  # the section models, for the fields' types (a build loads only its own)
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
    # the keys of the sections game.yaml holds, in reading order: the build hands each
    # section's field below to its registered Section (kitgen/sections.py)
    sections: tuple[str, ...] = ()
    files: tuple[Path, ...] = ()  # game.yaml and everything it included
    font_span: Span | None = None  # where font: was set, for font errors
    # where the id was written (else the title, else the file): a clash of ids names it
    id_span: Span | None = None
    # square and rectangular counters of one size: edge to edge for a guillotine, with
    # crop marks round each block ("butted"), or each a gutter apart ("gutters")
    counter_sheet: str = "butted"
    # round counters and labels of one size: in a square grid, each in a cell as wide as
    # it, crop marks at the grid's lines ("grid"), or each a gutter apart ("gutters")
    round_sheet: str = "gutters"
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

    # One field per section: its model, or None (one model) or () (a list of them) when
    # the game has none. The reader registered for the key made it (sections.py).
    cover: Cover | None = None
    layouts: tuple[Layout, ...] = ()
    counters: CounterSet | None = None
    maps: MapSet | None = None
    tracks: TrackSet | None = None
    tables: tuple[Table, ...] = ()
    texts: tuple[TextBlock, ...] = ()
    sheets: tuple[Sheet, ...] = ()
    decks: tuple[Deck, ...] = ()
    cards: tuple[Card, ...] = ()
    threats: Sequence[ThreatTable] = ()
    generators: Sequence[Generator] = ()
    labels: Labels | None = None
    templates: Templates | None = None
    rules: RuleBook | None = None
    rulebook: Rulebook | None = None

    def replace(self, **changes: Any) -> Game:
        """A copy with some fields changed (the game itself is never changed once read)."""
        return replace(self, **changes)

    def section(self, key: str) -> object:
        """The model of the section under `key` (a key of `sections`), for its Section."""
        return getattr(self, key)


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
