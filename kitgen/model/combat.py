"""Combat results tables (CRTs) of hex-and-counter games: a table's columns read as
odds (1-2, 1-1, 2-1 ...) or differentials (-3 .. +6), the column shifts the game
declares for terrain, features, hexsides and lines, the results it defines, and
die-roll modifiers. The table itself (its rows, keyed by the roll) is the Table
that holds this; the rules engine (rules/combat.py) picks columns and works out
the exact chance of each result. No ReportLab here."""

from __future__ import annotations

import re
from fractions import Fraction

from ..errors import Span
from ..records import record
from .threat import Modifier

KINDS = ("odds", "differential")
SHIFT_ON = ("terrain", "feature", "edge", "line")
ACROSS = ("all", "any")
_MARKS = re.compile(r"[*#\u2020\u2021\u00a7\u00b6]+$")  # a reading's dagger after a code


def result_code(text: str) -> str:
    """A cell's result code, without a reading's mark after it."""
    return _MARKS.sub("", text.strip())


@record
class Result:
    """A result code the game defines (AE, DR, EX ...) and what it means."""

    code: str
    meaning: str = ""
    span: Span | None = None


@record
class Shift:
    """Columns moved when the defender's hex holds a terrain, a feature or a line, or
    when the attack crosses a hexside kind: -1 is one column left (worse odds)."""

    on: str  # SHIFT_ON
    name: str  # the terrain, feature kind, edge kind or line kind
    shift: int
    group: str = ""  # shifts of one group do not add: only the largest applies
    label: str = ""  # printed in the chart's note (default: the name)
    across: str = "all"  # edge shifts: every attacker crosses it, or any one does
    span: Span | None = None
    path: str = ""

    @property
    def shown(self) -> str:
        return self.label or self.name.replace("-", " ").capitalize()


@record
class Combat:
    """How a table's columns are chosen and what its cells mean."""

    kind: str  # KINDS
    steps: tuple[Fraction, ...]  # per column: its ratio (odds) or difference, ascending
    results: tuple[Result, ...]
    below: str | None = None  # a result code for attacks under the lowest column; None: lowest
    shifts: tuple[Shift, ...] = ()
    modifiers: tuple[Modifier, ...] = ()  # die-roll modifiers, any number together
    low: str = "error"  # modified rolls past the rows: error or clamp (as reaction tables)
    high: str = "error"
    chance: str = ""  # title of the printed chances ("": not printed)
    policy_mark: str = ""  # the dagger of the kit's reading of low/high (its note: footnotes)
    span: Span | None = None
    path: str = ""

    def result(self, code: str) -> Result | None:
        return next((r for r in self.results if r.code == code), None)
