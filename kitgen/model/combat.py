"""Combat results tables (CRTs) of hex-and-counter games: a table's columns read as
odds (1-2, 1-1, 2-1 ...) or differentials (-3 .. +6), the column shifts the game
declares for terrain, features, hexsides and lines, the results it defines, and
die-roll modifiers. The table itself (its rows, keyed by the roll) is the Table
that holds this; the rules engine (rules/combat.py) picks columns and works out
the exact chance of each result. No ReportLab here."""

from __future__ import annotations

from fractions import Fraction

from ..errors import Span
from ..patterns import pattern
from ..records import record
from .rules import Selector
from .threat import Modifier

KINDS = ("odds", "differential")
SHIFT_ON = ("terrain", "feature", "edge", "line")
ACROSS = ("all", "any")
SIDES = ("attacker", "defender")
# strength multipliers by name; a number (1/2, 1.5) is also accepted
MULTIPLY = {"halve": Fraction(1, 2), "double": Fraction(2), "triple": Fraction(3)}
ROUND = ("up", "down", "nearest", "keep")  # fractions of a multiplied strength
ROUND_PER = ("unit", "side")  # rounded for each unit, or the side's total once
_MARKS = pattern(r"(?:[*#\u00a7\u00b6]|\u2020[0-9]*)+$")  # a reading's mark (†2) after a code


def result_code(text: str) -> str:
    """A cell's result code, without a reading's mark after it."""
    return _MARKS.sub("", text.strip())


@record
class Condition:
    """When a shift, a die-roll modifier or a multiplier applies: every test given holds.
    `attacker`/`defender` test that side's units (its side id or attributes: every unit
    passes, or with units='any' one does); `turns` are turn numbers, `period` a named
    set of turns on a track (Mud); `terrain`, `feature`, `edge` what the defender's hex
    holds or the attack crosses."""

    attacker: Selector | None = None
    defender: Selector | None = None
    units: str = "all"  # ACROSS
    turns: tuple[int, ...] = ()
    period: str = ""
    terrain: tuple[str, ...] = ()
    feature: tuple[str, ...] = ()
    edge: tuple[str, ...] = ()
    span: Span | None = None
    path: str = ""


@record
class Multiplier:
    """A side's strength multiplied (halved in mud, doubled in a city) before the odds
    are taken: of the units the side's own test picks, when the condition holds."""

    side: str  # SIDES
    factor: Fraction
    word: str  # halve, double, or the number as written
    when: Condition | None = None
    label: str = ""
    span: Span | None = None
    path: str = ""


@record
class Rounding:
    """How a multiplied strength's fractions go: up, down, nearest (half up) or kept,
    for each unit or once for the side's total."""

    round: str = "down"
    per: str = "unit"


@record
class Loss:
    """What a result costs one side: steps (-1: every step, eliminated), hexes of
    retreat, and `at_least`: steps whose printed strength at least equals what the
    other side lost (the exchange rule)."""

    steps: int = 0
    retreat: int = 0
    at_least: str = ""  # "", or the side whose loss it matches (SIDES)


@record
class Result:
    """A result code the game defines (AE, DR, EX ...), what it means, and what it
    costs each side as data (applied by `kitgen combat`)."""

    code: str
    meaning: str = ""
    span: Span | None = None
    attacker: Loss | None = None
    defender: Loss | None = None


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
    when: Condition | None = None

    @property
    def shown(self) -> str:
        return self.label or self.name.replace("-", " ").capitalize()


@record
class Figures:
    """Where a piece's printed strengths are read: the attribute named by `attr` (its
    `{face}` the step the piece shows: full, reduced), a text of figures such as
    6-5-4, with attack and defence at these places (from 1)."""

    attr: str = "{face}"
    attack: int = 1
    defence: int = 2


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
    when: tuple[tuple[str, Condition], ...] = ()  # modifiers that apply by themselves
    multipliers: tuple[Multiplier, ...] = ()
    rounding: Rounding | None = None
    figures: Figures | None = None

    def condition(self, modifier: str) -> Condition | None:
        return next((c for name, c in self.when if name == modifier), None)

    def result(self, code: str) -> Result | None:
        return next((r for r in self.results if r.code == code), None)
