"""Solo-threat reaction tables: a roll, rows by result, outcomes per situation
column, and the modifiers a player applies to the roll. No ReportLab here."""

from __future__ import annotations

from ..errors import Span
from ..records import record


@record
class Band:
    """Totals lo..hi inclusive; None is open-ended (`>6` is Band(7, None))."""

    lo: int | None
    hi: int | None
    text: str  # as the author wrote it, printed on the card

    def __contains__(self, total: int) -> bool:
        return (self.lo is None or total >= self.lo) and (self.hi is None or total <= self.hi)


@record
class Row:
    band: Band
    outcomes: tuple[str | None, ...]  # one per column; None = write-in blank
    span: Span | None
    path: str
    mark: str = ""  # the dagger of the kit's reading of this row


@record
class State:
    """One way a modifier can apply: a number added, and/or a roll that replaces the table's."""

    label: str  # "" for a single-state modifier; else e.g. "until identified"
    add: int = 0
    roll: str | None = None  # dice text, already checked by the reader


@record
class Modifier:
    name: str
    states: tuple[State, ...]
    span: Span | None
    path: str
    note: str = ""


@record
class Effect:
    """A modifier in one of its states, as a player meets it."""

    name: str
    state: State

    @property
    def label(self) -> str:
        return f"{self.name} ({self.state.label})" if self.state.label else self.name

    @property
    def short(self) -> str:
        """Label with its effect: 'WOUNDED +2', 'CYBOTS roll d{2,3,3,4,4,5}'."""
        parts = [self.label]
        if self.state.roll is not None:
            parts.append(f"roll {self.state.roll}")
        if self.state.add or self.state.roll is None:
            parts.append(f"{self.state.add:+d}")
        return " ".join(parts)


@record
class Combo:
    """One combination a player can meet: at most one type, any allowed situations."""

    effects: tuple[Effect, ...]

    @property
    def add(self) -> int:
        return sum(e.state.add for e in self.effects)

    def roll(self, base: str) -> str:
        for e in self.effects:
            if e.state.roll is not None:
                return e.state.roll
        return base

    @property
    def label(self) -> str:
        return " + ".join(e.short for e in self.effects) if self.effects else "no modifier"


@record
class Gloss:
    term: str
    meaning: str


@record
class Priority:
    title: str
    items: tuple[str, ...]
    intro: str = ""


@record
class Behaviour:
    outcome: str
    weight: int | float  # target share (any scale); read from a priority order as n..1
    span: Span | None


@record
class Profile:
    """Behaviours with target weights, from which rows are generated."""

    behaviours: tuple[Behaviour, ...]
    span: Span | None
    path: str
    from_priority: bool = False


@record
class ThreatTable:
    id: str
    title: str
    roll: str  # dice text, already checked by the reader
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    types: tuple[Modifier, ...]  # exclusive: a threat is at most one type
    situations: tuple[Modifier, ...]  # combine freely, except within an exclusive group
    exclusive: tuple[tuple[str, ...], ...]
    low: str  # out-of-range policy below the lowest row: "error" or "clamp"
    high: str
    span: Span | None
    path: str
    subtitle: str = ""
    roll_label: str = ""  # e.g. "BASIC MOVE"
    glossary: tuple[Gloss, ...] = ()
    priorities: tuple[Priority, ...] = ()
    notes: tuple[str, ...] = ()
    policy_reading: str = ""  # why the kit reads out-of-range totals so (the source is silent)
    policy_mark: str = ""  # its dagger
    types_mark: str = ""  # the dagger of the kit's reading of its types line
    odds: tuple[tuple[str, ...], ...] = ()  # extra combinations (modifier labels) to print
    profile: Profile | None = None  # rows generated from this when set
    rows_span: Span | None = None
