"""The copies a counter's `for_each` makes: the definition read once, each copy filled in.

The definition is read once (`counters._read_def` with a `Template` reader), its texts
with {placeholders} left as holes. Each hole is a step, in reading order: fill a text
with the copy's variables (`str.format_map`), or work out what a filled text gives
(a colour, an id or icon name checked, a picture, a quantity). The `Filler` runs a
copy's steps and puts their values into the template's model.

This is the only way a counter is read. A step that fails reports what reading the
copy would report, at the same place (an unknown placeholder with its did-you-mean, a
colour, id or icon name bad once filled), and the copy then has what reading it would
give: the default, no element, or no copy. The problems the reading itself found (an
unknown key, a bad size) are every copy's, each in its place among the steps' own.
tests/test_copies_oracle.py reads copies one by one, the plain way, and compares.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter, itemgetter
from typing import Any

from ...colours import ColourError, parse_colour
from ...errors import Diagnostic, Diagnostics
from ...model.counters import CounterDef, Element, Face, merge_rows
from ...names import PLACEHOLDER
from ...records import MISSING, fields
from ..expand import Vars, blanked, fill, substitute
from ..fields import Context, as_text
from ..yamlnodes import Node


class Hole(str):
    """A text with placeholders, as the template holds it: `step` is the step whose value
    takes its place in each copy (a text, a colour, a picture or a quantity)."""

    step: int


class Step:
    """One thing a copy works out, in reading order. A fill (`fn` None) fills `raw` in
    (as `fmt`); otherwise `fn(ctx, *inputs)` is called with each hole among `inputs`
    filled in, unless the first is None (its text could not be filled). `at`: how many
    of the reading's own problems come before it; `default`: its value when it fails."""

    __slots__ = (
        "at", "order", "node", "path", "raw", "fmt", "fn", "inputs", "holes", "source",
        "rest", "default", "memo",
    )  # fmt: skip

    def __init__(self, at: int, node: Node | None = None, path: str = "", raw: str = ""):
        self.at = at
        self.order = 0  # its place in reading order (the Filler runs the fills first)
        self.node = node
        self.path = path
        self.raw = raw
        self.fmt = _format(raw) if node is not None else None  # None: not a fill
        self.fn: Callable[..., Any] | None = None
        self.inputs: tuple = ()
        self.holes: dict[int, int] = {}  # the step filling each input that is a hole, by index
        self.source: int | None = None  # the step, when the first input is the one hole
        self.rest: tuple = ()  # then the other inputs
        self.default: Any = None
        # What fn gave for each filled input: fn reports only when it fails, so what it
        # gave once is taken again without asking.
        self.memo: dict | None = {}

    def remember(self, key: Any, value: Any) -> Any:
        """`value`, kept as what `key` gives (the last few hundred) unless none are."""
        memo = self.memo
        if memo is not None:
            if len(memo) >= 512:
                memo.clear()
            memo[key] = value
        return value


class Template:
    """The reader a counter's definition is read with: its texts with placeholders come
    back as `Hole`s, and what depends on them (checks, colours, pictures) becomes a step
    each copy runs. Everything else is read, and reported, once."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.blank = ""  # what a null for_each value prints as: _read_def sets it
        self.steps: list[Step] = []
        self.holes: list[Hole] = []  # the hole each step's value takes the place of

    def text(self, node: Node, path: str) -> str | None:
        text = as_text(self.ctx, node, path)
        if text is None or not _holes(text):
            return text
        return self._hole(Step(len(self.ctx.diags.items), node, path, text))

    def colour(self, node: Node | None, path: str, default: str | None = None) -> str | None:
        if node is None:
            return default
        return self.then(colour_at, self.text(node, path), node, path, default=default)

    def then(
        self, fn: Callable[..., Any], value: Any, *args: Any, default: Any = None, keep=True
    ) -> Any:
        """fn(ctx, value, *args), or `default` when value is None or fn gives None; a
        step, worked out copy by copy, when a hole is among them. keep=False: what fn
        gives is not kept for the next copy (each copy's id is its own)."""
        if value is None:
            return default
        inputs = (value, *args)
        holes = {i: x.step for i, x in enumerate(inputs) if type(x) is Hole}
        if not holes:
            got = fn(self.ctx, *inputs)
            return default if got is None else got
        step = Step(len(self.ctx.diags.items), raw=str(value))
        step.fn, step.inputs, step.holes, step.default = fn, inputs, holes, default
        step.memo = {} if keep else None
        step.source = holes.get(0) if len(holes) == 1 else None
        step.rest = inputs[1:]
        return self._hole(step)

    def _hole(self, step: Step) -> Hole:
        hole = Hole(step.raw)
        hole.step = step.order = len(self.steps)
        self.steps.append(step)
        self.holes.append(hole)
        return hole


def colour_at(ctx: Context, text: str, node: Node, path: str) -> str | None:
    """The colour `text` names, or None with the problem reported at `node`."""
    try:
        return parse_colour(text, ctx.palette)
    except ColourError as exc:
        ctx.error(node, path, exc.message, exc.hint)
        return None


def _holes(text: str) -> bool:
    return "{" in text or "}" in text


class Filler:
    """Makes the copies of one read definition: `fill` gives a copy (None when reading it
    would give none) and its problems, in the order reading it reports them.

    The fills run first, all at once (each copy's texts filled in by C code), then the
    steps that work something out, in reading order: the holes are numbered so (a copy's
    values in one list), and each step keeps its place in reading order for reporting.
    """

    def __init__(self, ctx: Context, read: Template, template: CounterDef | None):
        steps = sorted(read.steps, key=lambda step: step.fmt is None)  # fills first
        number = {step.order: n for n, step in enumerate(steps)}
        for hole in read.holes:
            hole.step = number[hole.step]
        for step in steps:
            step.holes = {i: number[at] for i, at in step.holes.items()}
            step.source = None if step.source is None else number[step.source]
        self.fills = [step for step in steps if step.fmt is not None]
        self.formats = [_filling(step.raw, step.fmt) for step in self.fills]  # type: ignore[arg-type]
        # the others, in reading order: (the step its one hole is, its memo, the step);
        # None first when the hole is not fn's first input, or there are more
        self.thens = [(step.source, step.memo, step) for step in steps[len(self.fills) :]]
        self.static = read.ctx.diags.items  # the reading's own problems: every copy's
        self.blank = read.blank
        self.scratch = ctx.apart()  # where the steps report, copy by copy
        self.plan = None if template is None else _CopyPlan(template)

    def fill(self, parts: tuple[Vars, ...]) -> tuple[CounterDef | None, list[Diagnostic]]:
        """The copy for_each's rows `parts` make, and its problems.

        Each step's value goes into `vals` (its default when it fails; a text not
        filled is None); `emitted` holds what failing steps reported, by step."""
        variables = parts[0] if len(parts) == 1 else merge_rows(parts)  # expand.merged
        if "" in variables.values():
            variables = blanked(variables, self.blank)
        emitted = None
        vals: list = []
        add = vals.append
        try:  # KeyError: a placeholder the copy has no value for
            for fill in self.formats:
                add(fill(variables))
        except KeyError:
            vals, emitted = self._fill_reporting(variables)
            add = vals.append
        for source, memo, step in self.thens:
            if source is None:  # holes besides the first input, or not it
                value, emitted = self._work_out(step, vals, emitted)
            else:  # the usual case: one hole, fn's first input
                key = vals[source]
                value = None if memo is None else memo.get(key)
                if value is None:
                    value = step.default  # when key is None: its text was not filled
                    if key is not None:
                        got = step.fn(self.scratch, key, *step.rest)  # type: ignore[misc]
                        if got is None:
                            emitted = self._found(emitted, step)
                        elif memo is None:
                            value = got
                        else:
                            if len(memo) >= 512:  # the last few hundred
                                memo.clear()
                            value = memo[key] = got
            add(value)
        found = self.static if emitted is None else self._in_order(emitted)
        # The copy: the template's model with the values in its holes (made here, not
        # in a method of the plan: this runs for every copy).
        plan = self.plan
        if plan is None:  # the reading made no counter
            return None, found
        t = plan.t
        ident = t.id if plan.id is None else vals[plan.id]
        if ident is None:  # a bad id, or one not filled
            return None, found
        if plan.same_name:
            name = ident
        else:  # a name that fills in empty is the id, as read
            name = t.name if plan.name is None else (vals[plan.name] or ident)
        front = t.front if plan.front is None else plan.front.make(vals)
        if front is None:  # the front's one text not filled
            return None, found
        # the fields in the constructor's order, given by position (a call by name
        # matches each of twenty names)
        made = plan.values.copy()
        made[_ID], made[_NAME], made[_VARIANT], made[_FRONT] = ident, name, parts, front
        if plan.back is not None:
            made[_BACK] = plan.back.make(vals)
        if plan.attrs is not None:  # an attr not filled is left out
            made[_ATTRS] = {
                k: value
                for k, at, v in plan.attrs
                if (value := v if at is None else vals[at]) is not None
            }
        if plan.quantity is not None:
            made[_QUANTITY] = vals[plan.quantity]
        if plan.side is not None:
            made[_SIDE] = vals[plan.side]
        if plan.group is not None:  # a group not filled is no group
            made[_GROUP] = vals[plan.group] or ""
        return CounterDef(*made), found

    def _fill_reporting(self, variables: Vars) -> tuple[list, dict | None]:
        """The fills one by one: a placeholder the copy has no value for is reported
        (with the names it has) and its text left unfilled (None)."""
        vals: list = []
        emitted = None
        for step in self.fills:
            try:
                vals.append(_filling(step.raw, step.fmt)(variables))  # type: ignore[arg-type]
            except KeyError:
                substitute(self.scratch, step.raw, variables, step.node, step.path)
                emitted = self._found(emitted, step)
                vals.append(None)
        return vals, emitted

    def _work_out(self, step: Step, vals: list, emitted: dict | None):
        """The value of a step with holes besides its first input, and what it reported."""
        inputs = list(step.inputs)
        for i, at in step.holes.items():
            inputs[i] = vals[at]
        key = tuple([vals[at] for at in step.holes.values()])
        got = None if step.memo is None else step.memo.get(key)
        if got is not None:
            return got, emitted
        if inputs[0] is None:  # its text could not be filled: reported there
            return step.default, emitted
        got = step.fn(self.scratch, *inputs)  # type: ignore[misc]
        if got is None:
            return step.default, self._found(emitted, step)
        return step.remember(key, got), emitted

    def _found(self, emitted: dict | None, step: Step) -> dict | None:
        """`emitted` with what `step` reported as it failed: the copy's scratch problems
        not yet claimed (a step reports only when it fails, once a copy)."""
        claimed = sum(len(found) for found in (emitted or {}).values())
        found = self.scratch.diags.items[claimed:]
        if not found:
            return emitted
        return {**(emitted or {}), step: found}

    def _in_order(self, emitted: dict) -> list[Diagnostic]:
        """The steps' problems among the reading's own, where reading the copy finds them."""
        self.scratch.diags = Diagnostics()  # the next copy's are its own
        out: list[Diagnostic] = []
        done = 0
        for step in sorted(emitted, key=attrgetter("order")):
            out += self.static[done : step.at]
            done = max(done, step.at)
            out += emitted[step]
        out += self.static[done:]
        return out


def _step(value: object) -> int | None:
    """The step that fills a field in, if the template holds a hole there."""
    return value.step if type(value) is Hole else None


# Where each field a copy fills in stands among CounterDef's, in its constructor's order.
_AT = {f.name: i for i, f in enumerate(fields(CounterDef))}
_ID, _NAME, _VARIANT, _FRONT, _BACK = (
    _AT["id"],
    _AT["name"],
    _AT["variant"],
    _AT["front"],
    _AT["back"],
)
_ATTRS, _QUANTITY, _SIDE, _GROUP = _AT["own_attrs"], _AT["quantity"], _AT["side"], _AT["group"]


class _CopyPlan:
    """Where a copy's step values go in the template's model (Filler.fill puts them
    there); what holds no hole is shared by every copy. `values`: the template's fields
    in its constructor's order, gathered once (records.replace would gather them per copy)."""

    def __init__(self, t: CounterDef):
        self.t = t
        self.values = list(fields_of(t).values())
        self.id = _step(t.id)
        self.same_name = t.name is t.id  # no name: the id
        self.name = _step(t.name)
        self.quantity = _step(t.quantity)
        self.side = _step(t.side)
        self.group = _step(t.group)
        self.attrs = None  # (key, step or None, value) when a value holds a hole
        if any(type(v) is Hole for v in t.own_attrs.values()):
            self.attrs = tuple((k, _step(v), v) for k, v in t.own_attrs.items())
        self.front = _FacePlan.of(t.front, f"{t.entry}.front")
        self.back = None if t.back is None else _FacePlan.of(t.back, f"{t.entry}.back")


class _FacePlan:
    """A face with something to fill: its colours' steps (None: as the template's) and
    (index, _ElementPlan) for each element with something to fill."""

    __slots__ = ("face", "values", "background", "border", "elements", "whole", "filled")

    def __init__(self, face: Face, elements: list, path: str):
        self.face = face
        self.values = list(fields_of(face).values())  # by position: those kept, and room
        # the layout's values (fields:) that hold a hole: (name, its step or None, value)
        self.filled = None
        if any(type(v) is Hole for v in face.fields.values()):
            self.filled = tuple((k, _step(v), v) for k, v in face.fields.items())
        self.background = _step(face.background)
        self.border = _step(face.border)
        self.elements = elements
        # `front: "{name}"`: the face is its one text, read at the face's own path;
        # a text not filled is then no face
        self.whole = len(face.elements) == 1 and face.elements[0].path == path

    @classmethod
    def of(cls, face: Face, path: str) -> _FacePlan | None:
        """The plan for `face`; None when it holds no hole (copies share it)."""
        plans = [(at, _ElementPlan.of(el)) for at, el in enumerate(face.elements)]
        plan = cls(face, [(at, el) for at, el in plans if el is not None], path)
        has = plan.background is not None or plan.border is not None or plan.elements
        return plan if has or plan.filled is not None else None

    def make(self, vals: list) -> Face | None:
        face = self.face
        elements: list = list(face.elements)
        dropped = False
        for at, el in self.elements:
            if el.single is not None:  # one hole, the usual case: its value is the key
                key = vals[el.single]
            else:
                key = tuple([vals[step] for step in el.steps])
            # Copies showing the same values share one element (a strength line repeats
            # on hundreds of counters).
            made = el.made.get(key)
            if made is None:
                made = el.make(key)
                dropped = dropped or made is None
            elements[at] = made
        if dropped:  # an element whose text, name, picture or type is not filled
            if self.whole:
                return None
            elements = [el for el in elements if el is not None]
        background = face.background if self.background is None else vals[self.background]
        border = face.border if self.border is None else vals[self.border]
        values = face.fields
        if self.filled is not None:  # a value not filled is left out
            values = {
                k: x for k, at, v in self.filled if (x := v if at is None else vals[at]) is not None
            }
        made = self.values.copy()  # the face's fields by position, as _CopyPlan's
        made[_BACKGROUND], made[_BORDER] = background, border
        made[_ELEMENTS], made[_VALUES] = tuple(elements), values
        return Face(*made)


def _required(kind: type) -> frozenset[str]:
    """An element's fields with no default: one not filled leaves the element out (once
    per element with holes of a definition: no cache needed)."""
    return frozenset(f.name for f in fields(kind) if f.default is MISSING)


class _ElementPlan:
    """An element with holes: its fields that hold one (`names`) and the step filling
    each (`steps`), which of them it cannot go without, and the copies made so far by
    their filled values."""

    __slots__ = ("el", "values", "at", "names", "steps", "single", "needed", "made")

    def __init__(self, el: Element, holes: dict[str, int]):
        self.el = el
        values = fields_of(el)
        self.values = list(values.values())  # by position, as _CopyPlan's
        self.at = [list(values).index(name) for name in holes]  # each hole's position
        self.names = tuple(holes)
        self.steps = tuple(holes.values())
        # The hole when it is the only one: its value is then the key by itself.
        self.single = self.steps[0] if len(self.steps) == 1 else None
        required = _required(type(el))
        self.needed = [i for i, name in enumerate(self.names) if name in required]
        self.made: dict = {}

    @classmethod
    def of(cls, el: Element) -> _ElementPlan | None:
        """None for an element with no hole."""
        holes = {k: v.step for k, v in fields_of(el).items() if type(v) is Hole}
        return cls(el, holes) if holes else None

    def make(self, key: Any) -> Any:
        """The element with the values `key` holds filled in; None without one it needs."""
        filled = self.values.copy()
        if self.single is not None:
            if key is None and self.needed:
                return None
            filled[self.at[0]] = key
        else:
            if self.needed and any(key[i] is None for i in self.needed):
                return None
            for at, value in zip(self.at, key, strict=True):
                filled[at] = value
        if len(self.made) >= 512:  # the last few hundred
            self.made.clear()
        made = self.made[key] = type(self.el)(*filled)
        return made


def _filling(raw: str, fmt: str) -> Callable[[Vars], str]:
    """What fills `raw` in from a copy's variables (KeyError for one it lacks, or for a
    filter kitgen has not): a text that is one placeholder is that variable's value,
    looked up; others, str.format where every name is one it reads as a name, else
    expand.fill."""
    whole = PLACEHOLDER.fullmatch(raw)
    if whole is not None and whole.group(1) and not whole.group(2):
        return itemgetter(whole.group(1))
    if all(
        m.group(1) is None or (m.group(1).isidentifier() and not m.group(2))
        for m in PLACEHOLDER.finditer(raw)
    ):
        return fmt.format_map
    return lambda variables: fill(raw, variables)


@lru_cache(maxsize=4096)
def _format(text: str) -> str:
    """The text as a str.format string: its {name}s kept, every other brace doubled,
    so format_map (C code) fills it just as expand.substitute would."""
    out, at = [], 0
    for m in PLACEHOLDER.finditer(text):
        out.append(text[at : m.start()].replace("{", "{{").replace("}", "}}"))
        out.append(m.group(0))
        at = m.end()
    out.append(text[at:].replace("{", "{{").replace("}", "}}"))
    return "".join(out)


_FACE = {f.name: i for i, f in enumerate(fields(Face))}
_BACKGROUND, _BORDER, _ELEMENTS, _VALUES = (
    _FACE["background"], _FACE["border"], _FACE["elements"], _FACE["fields"]
)  # fmt: skip


def fields_of(record: object) -> dict[str, Any]:
    """A record's fields by name, as records.replace gathers them (of the record's
    own types: what a copy's constructor call is checked against at run time)."""
    return {f.name: getattr(record, f.name) for f in fields(record)}
