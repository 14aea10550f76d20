"""A scenario resolved against its game, as the checks and the set-up sheet read it:
the pieces it may use (`PieceInfo`), each placement resolved (`Placed`) and the whole
(`Setup`). rules/setup.py makes one; where.py, names.py and constraints.py read it. It
imports none of them, so they import it, and each other, in one direction only."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import Span
from ..files import real_path
from ..geometry import Cell
from ..model.rules import Placement, RuleBook, Scenario, Selector
from ..names import as_written
from ..records import field, record

if TYPE_CHECKING:  # a game and its map are read before any scenario is resolved
    from ..model.game import Game
    from ..model.map import MapDef


@record
class PieceInfo:
    """A piece the scenario may use: a counter of the kit or a type the rules declare."""

    id: str
    name: str
    attrs: Mapping[str, str]
    quantity: int | None  # None: unlimited
    span: Span | None
    faces: tuple[str, ...] = ()  # a counter's faces by name, front first (steps, or front/back)


@record(frozen=False)
class Placed:
    """One placement entry resolved (its `count` copies share the cell)."""

    index: int  # position in Scenario.all_placements()
    placement: Placement
    piece: PieceInfo
    values: dict[str, str]  # what selectors match on: piece attrs + id, own attrs, context
    cell: Cell | None
    cells: frozenset[Cell] | None  # placed "somewhere in an area": the area's cells
    box: str | None = None  # in one of the map's off-map boxes (a pool, a turn box ...)

    @property
    def side(self) -> str | None:
        """The side that places the piece (never the piece's own `side` attribute)."""
        return self.placement.side

    @property
    def unit(self) -> str | None:
        """The unit the piece is grouped in (never the piece's own `unit` attribute)."""
        return self.placement.unit

    @property
    def count(self) -> int:
        return self.placement.count

    @property
    def who(self) -> str:
        """How messages name the piece: its roster name ("Sgt. Gridley") before the few
        letters its token prints ("E"), which may stand for a whole unit."""
        p = self.placement
        return p.attrs.get("name") or p.label.strip() or self.piece.id  # a blank disc: its id


@record(frozen=False)
class Setup:
    game: Game
    book: RuleBook
    scenario: Scenario
    map: MapDef | None
    pieces: dict[str, PieceInfo]
    placed: list[Placed] = field(default_factory=list)
    areas: dict[str, frozenset[Cell]] = field(default_factory=dict)
    side_colours: dict[str, str] = field(default_factory=dict)
    walks: dict = field(default_factory=dict)  # (targets, through, not crossed) -> steps
    work: int = 0  # cells the location tests compared (where.spend, MAX_WHERE_WORK)
    # No follow-on errors: the paths of placements an error already speaks of are left out
    # of later checks of where they stand and what they hold (`reported`); those whose
    # kind or number is in doubt (`uncounted`: an unknown piece, cell, side, a value
    # reported ...) also make a count of a group holding them untold. `unplaced`: the
    # entries that stand nowhere; `doubtful_values`: sides with a value reported (a
    # misspelt value is not also "missing").
    reported: set[str] = field(default_factory=set)
    uncounted: set[str] = field(default_factory=set)
    unplaced: list[Placement] = field(default_factory=list)
    doubtful_values: set[str] = field(default_factory=set)

    def report(self, path: str, still_counts: bool = False) -> None:
        """An error spoke of the entry at `path`: of what it is or how many copies it
        holds, or (`still_counts`) only of where it stands or of its group's count."""
        self.reported.add(path)
        if not still_counts:
            self.uncounted.add(path)

    def checked(self, sel: Selector) -> list[Placed]:
        """The placed pieces `sel` matches that no error has spoken of yet."""
        return [
            p
            for p in self.placed
            if p.placement.path not in self.reported and sel.matches(p.values)
        ]

    def in_doubt(self, sel: Selector, member: Callable[[Any], bool]) -> bool:
        """Can a count of `sel` in a group (`member` tests a Placed or a Placement) not be
        told? Yes when an entry of the group stands nowhere (it might be one of them), or
        one of them is uncounted: its mistake is said once, not again as a count."""
        if any(member(p) for p in self.unplaced):
            return True
        if not self.uncounted:  # the usual case: looked at in no time, however many entries
            return False
        return any(
            p.placement.path in self.uncounted and member(p) and sel.matches(p.values)
            for p in self.placed
        )

    def counted(self, sel: Selector) -> list[Placed]:
        """The placed pieces `sel` matches, for a count (one reported only for where it
        stands still counts)."""
        return [p for p in self.placed if sel.matches(p.values)]

    @property
    def board(self) -> MapDef:
        """The map, where only a scenario with one gets this far (a check of cells, a
        placement whose cell was found): a scenario without one has no cells to test."""
        assert self.map is not None, "a scenario without a map has no cells"
        return self.map

    # -- naming things in messages
    def cell_text(self, cell: Cell) -> str:
        assert self.map is not None
        t = self.map.terrain_at(cell)
        label = (t.label or t.id) if t is not None else "?"
        return f"cell {self.map.label(cell)} ({label})"

    def terrain_label(self, tid: str) -> str:
        """A terrain as the rules name it: its id, its label after it where that says more."""
        t = self.map.terrains.get(tid) if self.map is not None else None
        return as_written(tid, t.label if t is not None else None)

    def rule_at(self, span: Span | None) -> str:
        """'rule at rules.yaml:12:5': the rule's position relative to the game folder (for a
        scenario kept outside the game, as the working directory shows it)."""
        folder = self.book.folder
        if folder is not None and not real_path(self.scenario.file).is_relative_to(
            real_path(folder)
        ):
            return f"rule at {span}" if span is not None else "rule at ?"
        return f"rule at {relative(span, folder)}"


def relative(span: Span | None, folder: Path | None) -> str:
    if span is None:
        return "?"
    name = span.file
    if folder is not None:
        try:
            name = str(real_path(Path(span.file)).relative_to(real_path(folder)))
        except ValueError:
            pass
    return f"{name}:{span.line}:{span.col}" if span.line else name
