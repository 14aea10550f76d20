"""Rules as data and the scenarios checked against them. No ReportLab, no game names.

A `RuleBook` is the game's `rules:` section: the piece types the rules know
about (beyond the kit's counters), the sides and options a scenario may use,
and a list of `Constraint`s of a few general kinds. A `Scenario` is one file in
<game>/scenarios/: sides, placements of pieces on cells or areas, units with
rosters, options. Every part keeps its Span so a broken rule can name both the
scenario entry and the rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..errors import Span
from ..records import field, record
from .placed import CONTEXT
from .reading import Reading


class Name(str):
    """A name as a scenario or a rule wrote it, with where it was written: a name that
    does not exist is reported there. Compares, hashes and prints as the plain text."""

    span: Span | None

    def __new__(cls, text: str, span: Span | None = None) -> Name:
        self = super().__new__(cls, text)
        self.span = span
        return self


def span_of(name: str, default: Span | None = None) -> Span | None:
    """Where a name was written (a Name knows), else `default`."""
    return getattr(name, "span", None) or default


def prop_text(value: object) -> str:
    """Property values compared as text: true/false lower case, numbers as YAML wrote them."""
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


def num_text(v: float) -> str:
    return f"{v:g}"


def bound_text(lo: float | None, hi: float | None, exactly: float | None = None) -> str:
    """'must be from 1 to 6', 'must be at least 2', 'must be 5'."""
    if exactly is not None or (lo is not None and lo == hi):
        return f"must be {num_text(exactly if exactly is not None else lo)}"  # type: ignore[arg-type]
    if lo is not None and hi is not None:
        return f"must be from {num_text(lo)} to {num_text(hi)}"
    if lo is not None:
        return f"must be at least {num_text(lo)}"
    return f"must be at most {num_text(hi)}"  # type: ignore[arg-type]


# Words that end a noun's head ("torches of the side": the head is "torches")
_AFTER_HEAD = frozenset(
    "of on in at with from to for that which who whose adjacent within beyond other not "
    "but than and or".split()
)
_IRREGULAR = {"people": "person", "men": "man", "women": "woman", "children": "child"}


def agree(n: int, noun: str) -> str:
    """The noun a count of `n` takes: nouns are written in the plural ('torches', 'pieces
    of another side'); for 1 the head word is made singular ('1 torch', '1 piece of
    another side', '1 submarine' from 'submarine(s)')."""
    if n != 1:
        return noun.replace("(s)", "s")
    words = noun.split(" ")
    end = next((i for i, w in enumerate(words) if i and w.lower() in _AFTER_HEAD), len(words))
    words[end - 1] = _singular(words[end - 1])
    return " ".join(words).replace("(s)", "")


def _singular(word: str) -> str:
    low = word.lower()
    if low in _IRREGULAR:
        one = _IRREGULAR[low]
        return one.capitalize() if word[:1].isupper() else one
    if word.endswith("(s)") or not low.endswith("s") or low.endswith(("ss", "us", "is")):
        return word
    if low.endswith("ies") and len(low) > 4:
        return word[:-3] + "y"
    if low.endswith(("ches", "shes", "xes", "sses", "zes")):
        return word[:-2]
    return word[:-1]


def context_value(values: Mapping[str, str], ref: str) -> str | None:
    """The value `$ref` stands for in a placed piece's values: `$side` its placing side,
    `$unit` its unit, `$other` its own attribute `other`."""
    return values.get(CONTEXT.get(ref, ref))


# The constraint kinds the engine knows, in the order docs/format.md lists them.
KINDS = ("terrain", "stacking", "placement", "count", "slots", "range")


@record
class Selector:
    """Which pieces a rule is about: by id, by attributes, or everything ('any').

    `attrs` maps an attribute to the values it may take; `negate` excludes what
    another selector matches. Attributes of a placed piece are its counter's
    attrs plus `id`, the placement's own attrs, `placed_by` (its side) and `in_unit`.
    """

    attrs: tuple[tuple[str, frozenset[str]], ...] = ()
    negate: Selector | None = None
    text: str = "any piece"  # how messages name what it matches
    span: Span | None = field(default=None, compare=False)  # where it was written
    # `text` in parts, for a count that agrees in number: the words before "piece(s)"
    # ("farmer") and after it ("other than king", "whose side is its placing side")
    words: str = field(default="", compare=False)
    tail: str = field(default="", compare=False)

    def noun(self, n: int) -> str:
        """What `n` of them are called: '1 farmer piece', '2 pieces other than king'."""
        head = "piece" if n == 1 else "pieces"
        return " ".join(part for part in (self.words, head, self.tail) if part)

    def matches(self, values: Mapping[str, str]) -> bool:
        for key, allowed in self.attrs:
            value = values.get(key)
            if value is None:
                return False
            # "$side" stands for the piece's placing side (or any attribute named after the $)
            if value not in allowed and not any(
                a.startswith("$") and context_value(values, a[1:]) == value for a in allowed
            ):
                return False
        return not (self.negate is not None and self.negate.matches(values))


ANY = Selector()


@record
class Target:
    """A set of cells named by a rule: cells of placed pieces, named cells, places,
    areas, terrains, or the point reflection (`opposite`) of another target."""

    kind: str  # pieces | cell | place | area | terrain | opposite
    names: tuple[str, ...] = ()
    pieces: Selector | None = None
    inner: Target | None = None
    span: Span | None = None
    text: str = ""


@record
class Distance:
    """`cells` steps from the target `of`: the map's own distance, or with `through`
    terrains the steps of a walk entering only cells of those terrains (walls and
    blocking edges cut it), so "3 spaces from the gate" never reaches through a wall."""

    cells: int
    of: Target
    through: tuple[str, ...] = ()
    not_crossing: tuple[str, ...] = ()  # edge kinds the walk never crosses (a river's banks)


@record
class Slot:
    """A slots rule's place for `count` pieces matching `pieces`; `label` names them in
    its messages (else the selector does)."""

    count: int
    pieces: Selector
    label: str = ""


@record
class Where:
    """A location test on one cell; every part given must hold (AND)."""

    terrain: tuple[str, ...] = ()
    props: tuple[tuple[str, str], ...] = ()  # the cell's terrain and feature properties
    area: tuple[str, ...] = ()
    cell: tuple[str, ...] = ()
    place: tuple[str, ...] = ()
    within: Distance | None = None  # at most this far
    beyond: Distance | None = None  # at least this far
    adjacent_to: Target | None = None
    same_area_as: Target | None = None
    on_line: tuple[Target, Target] | None = None  # the straight line between two targets
    on_map: bool | None = None
    feature: tuple[str, ...] = ()  # the cell holds one of these features (city, fort ...)
    line: tuple[str, ...] = ()  # one of these line kinds (road, rail ...) runs through it
    box: tuple[str, ...] = ()  # the piece is in one of these off-map boxes
    negate: Where | None = None
    any_of: tuple[Where, ...] = ()
    span: Span | None = None


@record
class Constraint:
    """A rule scenarios are checked against: what every kind of rule has. Each kind is
    a record of its own (below); its check is chosen by the record's type
    (rules/constraints.check_rule)."""

    span: Span | None  # the rule's own position, quoted in every message it causes
    path: str  # rules.constraints[4]
    name: str = ""  # a short label for the set-up sheet
    reading: Reading | None = None  # the kit's reading: a dagger on the name, its note under
    severity: str = "error"
    pieces: Selector = ANY
    # applies only when the scenario uses all the `when` options and none of the `unless` ones
    when: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()

    def applies(self, options: set[str] | frozenset[str]) -> bool:
        return all(w in options for w in self.when) and not any(u in options for u in self.unless)


@record
class TerrainRule(Constraint):
    """`kind: terrain`: the terrains the pieces may (only) or may not stand on."""

    only_on: tuple[str, ...] = ()
    not_on: tuple[str, ...] = ()


@record
class StackingRule(Constraint):
    """`kind: stacking`: how many pieces a cell (or an area) holds."""

    limit: int | None = None
    limit_from: str = ""  # a terrain property holding the limit (null there = no limit known)
    per: str = "cell"  # cell | area
    each_side: bool = False
    terrains: tuple[str, ...] = ()  # only cells of these terrains
    noun: str = ""  # what messages call the counted pieces ("people")
    # (pieces, weight): the first that matches says what a piece counts as
    weights: tuple[tuple[Selector, int], ...] = ()


@record
class PlacementRule(Constraint):
    """`kind: placement`: where the pieces must stand."""

    where: Where | None = None  # the reader makes none without it


@record
class CountRule(Constraint):
    """`kind: count`: how many pieces (or sides, or units) a scenario, side or unit has."""

    of: str = "pieces"  # pieces | sides | units
    per: str = "scenario"  # scenario | side | unit
    where: Where | None = None  # counts only the pieces that stand so
    noun: str = ""  # what messages call the counted pieces
    exactly: int | None = None
    at_least: int | None = None
    at_most: int | None = None
    # a bound given as `$name`, read from the values of the side counted: exactly | min | max
    bound_refs: Mapping[str, Name] = field(default_factory=dict)


@record
class SlotsRule(Constraint):
    """`kind: slots`: the places a scenario, side or unit fills, each with its pieces."""

    per: str = "scenario"  # scenario | side | unit
    noun: str | None = ""  # what messages call the pieces over the slots
    slots: tuple[Slot, ...] = ()


@record
class RangeRule(Constraint):
    """`kind: range`: the values an attribute of the pieces (or of the sides) may take."""

    of: str = "pieces"  # pieces | sides
    attr: str = ""
    low: float | None = None
    high: float | None = None
    one_of: tuple[str, ...] = ()  # the values allowed, for text attributes
    rows_of: tuple[str, ...] = ()  # or: the row names of these tables (`tables:` ids)
    required: bool = False  # the attribute must be given


def where_of(rule: Constraint) -> Where | None:
    """The location test of a placement or count rule (None for the other kinds)."""
    return rule.where if isinstance(rule, (PlacementRule, CountRule)) else None


@record
class PieceType:
    """A piece the rules know about when the kit prints no counter for it."""

    id: str
    name: str
    attrs: Mapping[str, str]
    quantity: int | None  # None: as many as you like (miniatures, chips)
    span: Span | None


@record
class Attribute:
    """An attribute the game declares (`rules.attributes`): what a scenario's `attrs:`
    may set, and the values it may take."""

    name: str
    type: str  # number | integer | text
    low: float | None = None
    high: float | None = None
    one_of: tuple[str, ...] = ()
    span: Span | None = None
    default: str | None = None  # what a roster entry that leaves it out has


@record
class Option:
    id: str
    label: str
    span: Span | None


@record
class RuleBook:
    span: Span | None
    constraints: tuple[Constraint, ...] = ()
    pieces: tuple[PieceType, ...] = ()
    sides: tuple[str, ...] = ()  # allowed side ids; () = any
    options: tuple[Option, ...] = ()
    side_values: tuple[str, ...] = ()  # values a side may carry (food, points ...)
    folder: Path | None = None  # the game folder, for showing rule positions
    scenarios: tuple[Scenario, ...] = ()
    attributes: tuple[Attribute, ...] = ()  # () = not declared: attrs are free


# ---- scenarios -------------------------------------------------------------


@record
class Placement:
    """One entry of a scenario: `count` copies of a piece, on a cell, in an area or off map."""

    ref: str  # the piece id, or the text of `select`, as the author wrote it
    span: Span | None
    path: str
    select: Selector | None = None  # `piece: {type: farmer, tribe: red}`: must match one piece
    at: str | None = None  # a cell label
    area: str | None = None  # placed somewhere in a named area (cell not chosen)
    count: int = 1
    side: str | None = None
    unit: str | None = None
    attrs: Mapping[str, str] = field(default_factory=dict)
    label: str = ""  # a token's text on the set-up map (default: the piece's)
    attr_spans: Mapping[str, Span] = field(default_factory=dict)
    key_spans: Mapping[str, Span] = field(default_factory=dict)  # piece/at/area values
    face: str | None = None  # the face up: one of the counter's steps (default: its front)

    def span_of(self, key: str) -> Span | None:
        """Where the value of `key` was written (a name error points there), else the entry."""
        return self.key_spans.get(key, self.span)


@record
class Unit:
    id: str
    name: str
    side: str | None
    span: Span | None
    path: str
    figures: tuple[Placement, ...] = ()


@record
class Side:
    id: str
    name: str
    colour: str | None
    span: Span | None
    path: str
    values: Mapping[str, float] = field(default_factory=dict)
    value_spans: Mapping[str, Span] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@record
class ScenarioArea:
    """An area the scenario names itself: listed cells, or cells passing a test."""

    name: str
    cells: tuple[str, ...]
    where: Where | None
    span: Span | None
    path: str
    label: str = ""


@record
class Scenario:
    id: str
    title: str
    file: Path
    span: Span | None
    map: str | None
    map_span: Span | None
    sides: tuple[Side, ...] = ()
    placements: tuple[Placement, ...] = ()  # top level and per side, in file order
    units: tuple[Unit, ...] = ()
    areas: tuple[ScenarioArea, ...] = ()
    options: tuple[tuple[str, Span | None], ...] = ()
    notes: tuple[str, ...] = ()  # special rules, in the author's own words
    constraints: tuple[Constraint, ...] = ()  # the scenario's own checkable special rules
    summary: str = ""

    def all_placements(self) -> list[Placement]:
        out = list(self.placements)
        for unit in self.units:
            out.extend(unit.figures)
        return out
