"""The copies a counter's `for_each` makes, without reading the mapping once per copy.

The definition is read once with its {placeholders} left in place (a template);
each copy then fills in only the fields that hold one: ids, names, attrs, texts,
fonts and colours. Reading key by key cost more than everything else a build of
ten thousand counters does.

A copy the template cannot make without a problem (an unknown placeholder, a
colour or id that is bad once filled) is left to the ordinary reader, which
reports it exactly as before. A template is only used when it makes the first
copy equal to the ordinary reading of it.
"""

from __future__ import annotations

from dataclasses import fields
from functools import lru_cache

from ..colours import ColourError, parse_colour
from ..model.counters import CounterDef, Face, IconEl, TextEl, UnitEl
from ..names import ID_PATTERN, PLACEHOLDER
from .expand import blanked, merged
from .fields import Context, as_colour, as_text
from .yamlnodes import Node


class Unfillable(Exception):
    """A copy the template cannot make: the ordinary reader reports why."""


class Symbolic:
    """Stands in for a copy's variables while the template is read: text keeps its
    placeholders, and colours holding one are parsed per copy instead."""

    def __init__(self, ctx: Context, variables: dict[str, str], blank: str):
        self.ctx = ctx

    def text(self, node: Node, path: str) -> str | None:
        return as_text(self.ctx, node, path)

    def deferred(self, text: str) -> bool:
        return _holes(text)

    def colour(self, node: Node, path: str) -> str | None:
        text = as_text(self.ctx, node, path)
        if text is None or _holes(text):
            return text
        return as_colour(self.ctx, node, path)


def template_context(ctx: Context) -> Context:
    """A context whose diagnostics are thrown away: a template with any is not used."""
    return ctx.apart()


def _holes(text: str) -> bool:
    return "{" in text or "}" in text


class Filler:
    """Makes copies of one template; `fill` raises Unfillable for a copy it cannot make.

    The template is looked over once, here: which fields hold a placeholder (kept as
    str.format strings) and which faces and elements hold none (shared by every copy),
    so a copy only fills in what differs.
    """

    def __init__(self, template: CounterDef, blank: str, palette: dict[str, str]):
        self.t = template
        self._fields = fields_of(template)
        self.blank = blank
        self.palette = palette
        self._colours: dict[str, str] = {}  # filled text -> colour: one string per colour
        self._id = _format_or_none(template.id)
        self._name = None if template.name is template.id else _format_or_none(template.name)
        self._side = None if template.side is None else _format_or_none(template.side)
        attrs = template.own_attrs
        # (key, format or None) per attr; None when no value holds a placeholder, and
        # then every copy shares the template's (read-only) mapping.
        self._attrs = None
        if any(_holes(v) for v in attrs.values()):
            self._attrs = tuple((k, _format_or_none(v)) for k, v in attrs.items())
        self._front = _FacePlan.of(template.front)
        self._back = None if template.back is None else _FacePlan.of(template.back)
        # An icon named by a placeholder is left to the reader, which checks the name.
        faces = (template.front,) if template.back is None else (template.front, template.back)
        self._usable = not any(
            (type(el) is IconEl and _holes(el.name))
            or (
                type(el) is UnitEl
                and any(_holes(t or "") for t in (el.branches, el.size, el.colour, el.fill))
            )
            for face in faces
            for el in face.elements
        )

    def fill(self, parts: tuple[dict[str, str], ...]) -> CounterDef:
        """The copy for_each's rows `parts` make."""
        t = self.t
        if not self._usable:
            raise Unfillable(t.id)
        vals = blanked(merged(parts), self.blank)
        try:  # format_map raises KeyError for a placeholder the copy has no value for
            ident = t.id
            if self._id is not None:
                ident = self._id.format_map(vals)
                if not ID_PATTERN.match(ident) or ".." in ident:
                    raise Unfillable(ident)
            if t.name is t.id:
                name = ident
            else:
                name = (t.name if self._name is None else self._name.format_map(vals)) or ident
            side = t.side if self._side is None else self._side.format_map(vals)
            own_attrs = t.own_attrs
            if self._attrs is not None:
                own_attrs = {
                    k: own_attrs[k] if f is None else f.format_map(vals) for k, f in self._attrs
                }
            front = t.front if self._front is None else self._face(self._front, vals)
            back = t.back if self._back is None else self._face(self._back, vals)
        except KeyError:
            raise Unfillable(t.id) from None
        # The template's other fields as they are, by name (a field added to the model
        # is carried over, never dropped): gathered once, in __init__, where
        # dataclasses.replace would gather them again for every copy.
        changed = {
            "id": ident,
            "name": name,
            "own_attrs": own_attrs,
            "variant": parts,
            "side": side,
        }
        return CounterDef(**{**self._fields, **changed, "front": front, "back": back})

    def _colour(self, fmt: str, vals: dict[str, str]) -> str:
        text = fmt.format_map(vals)
        parsed = self._colours.get(text)
        if parsed is None:
            try:
                parsed = self._colours[text] = parse_colour(text, self.palette)
            except ColourError:
                raise Unfillable(text) from None
        return parsed

    def _face(self, plan: _FacePlan, vals: dict[str, str]) -> Face:
        face = plan.face
        colour = self._colour
        elements = list(face.elements)
        for at, el in plan.elements:
            # The filled values are the key: copies showing the same text share one
            # element (a strength line repeats on hundreds of counters).
            if el.single is not None:  # one field to fill, the usual case
                _, fmt, is_colour = el.single
                key = colour(fmt, vals) if is_colour else fmt.format_map(vals)
            else:
                key = tuple([colour(f, vals) if c else f.format_map(vals) for _, f, c in el.holes])
            made = el.made.get(key)
            elements[at] = el.make(key) if made is None else made
        background = face.background if plan.background is None else colour(plan.background, vals)
        border = face.border if plan.border is None else colour(plan.border, vals)
        return Face(**plan.fields, background=background, border=border, elements=tuple(elements))


class _FacePlan:
    """A face with something to fill: its colours' format strings (None: as the
    template's) and (index, _ElementPlan) for each element with something to fill."""

    __slots__ = ("face", "fields", "background", "border", "elements")

    def __init__(self, face: Face, elements: list):
        self.face = face
        self.fields = {  # the fields every copy keeps
            k: v
            for k, v in fields_of(face).items()
            if k not in ("background", "border", "elements")
        }
        self.background = _format_or_none(face.background)
        self.border = _format_or_none(face.border)
        self.elements = elements

    @classmethod
    def of(cls, face: Face) -> _FacePlan | None:
        """The plan for `face`; None when it holds no placeholder (copies share it)."""
        plans = [(at, _ElementPlan.of(el)) for at, el in enumerate(face.elements)]
        plan = cls(face, [(at, el) for at, el in plans if el is not None])
        return plan if plan.background or plan.border or plan.elements else None


class _ElementPlan:
    """A text or icon element with placeholders: (field index, format string, is a
    colour) per field to fill, by name, and the copies made so far by their filled values."""

    __slots__ = ("el", "fields", "holes", "single", "made")

    def __init__(self, el: TextEl | IconEl, holes: list[tuple[str, str, bool]]):
        self.el = el
        self.fields = fields_of(el)
        self.holes = holes
        # The hole when it is the only one: its filled value is then the key by itself.
        self.single = holes[0] if len(holes) == 1 else None
        self.made: dict = {}

    @classmethod
    def of(cls, el) -> _ElementPlan | None:
        """None for an element with nothing to fill (an image's file name held no
        placeholder, or the template would have failed)."""
        if type(el) is TextEl:
            fields = (("text", False), ("family", False), ("colour", True))
        elif type(el) is IconEl:
            fields = (("colour", True),)  # a placeholder name: the Filler is not used
        else:
            return None
        holes = []
        for name, is_colour in fields:
            fmt = _format_or_none(getattr(el, name))
            if fmt is not None:
                holes.append((name, fmt, is_colour))
        return cls(el, holes) if holes else None

    def make(self, key) -> TextEl | IconEl:
        """The element with `key`'s values filled in, remembered (the last few hundred)."""
        if len(self.made) >= 512:
            self.made.clear()
        if self.single is not None:
            changes = {self.single[0]: key}
        else:
            changes = {name: value for (name, _, _), value in zip(self.holes, key, strict=True)}
        made = self.made[key] = type(self.el)(**{**self.fields, **changes})
        return made


def _format_or_none(text: str | None) -> str | None:
    """The str.format string that fills `text`; None when it holds no placeholder."""
    return None if text is None or not _holes(text) else _format(text)


@lru_cache(maxsize=4096)
def _format(text: str) -> str:
    """The template as a str.format string: its {name}s kept, every other brace doubled,
    so format_map (C code) fills it just as expand.substitute would."""
    out, at = [], 0
    for m in PLACEHOLDER.finditer(text):
        out.append(text[at : m.start()].replace("{", "{{").replace("}", "}}"))
        out.append(m.group(0))
        at = m.end()
    out.append(text[at:].replace("{", "{{").replace("}", "}}"))
    return "".join(out)


def fields_of(record: object) -> dict[str, object]:
    """A dataclass's fields by name, as dataclasses.replace gathers them."""
    return {f.name: getattr(record, f.name) for f in fields(record)}  # type: ignore[arg-type]
