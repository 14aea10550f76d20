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

import re
from functools import lru_cache

from ..colours import ColourError, parse_colour
from ..errors import Diagnostics
from ..model.counters import CounterDef, Face, IconEl, TextEl
from .expand import blanked, merged
from .fields import ID_PATTERN, Context, as_colour, as_text
from .yamlnodes import Node

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}")


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
    return Context(Diagnostics(), ctx.folder, ctx.palette, ctx.extra)


def _holes(text: str) -> bool:
    return "{" in text or "}" in text


class Filler:
    """Makes copies of one template; `fill` raises Unfillable for a copy it cannot make."""

    def __init__(self, template: CounterDef, blank: str, palette: dict[str, str]):
        self.t = template
        self.blank = blank
        self.palette = palette
        self._colours: dict[str, str] = {}  # filled text -> colour: one string per colour
        self._texts: dict[tuple, TextEl] = {}  # (template element id, filled fields) -> copy

    def fill(self, parts: tuple[dict[str, str], ...]) -> CounterDef:
        """The copy for_each's rows `parts` make."""
        t = self.t
        vals = blanked(merged(parts), self.blank)
        text = self._text
        ident = text(t.id, vals)
        if ident is not t.id and (not ID_PATTERN.match(ident) or ".." in ident):
            raise Unfillable(ident)
        own_attrs = t.own_attrs
        if own_attrs:
            own_attrs = {k: text(v, vals) for k, v in own_attrs.items()}
        # Constructors called with every field in order: a field added to the model and
        # not passed here makes the first copy differ from its reading, and then the
        # template is not used (see counters._filler), so nothing is silently dropped.
        return CounterDef(
            ident,
            ident if t.name is t.id else (text(t.name, vals) or ident),
            t.kind,
            t.shape,
            t.width,
            t.height,
            t.quantity,
            self._face(t.front, vals),
            None if t.back is None else self._face(t.back, vals),
            t.span,
            t.entry,
            own_attrs,
            t.bleed,
            parts,
        )

    @staticmethod
    def _text(text: str, vals: dict[str, str]) -> str:
        """The text filled in; the very same object when it holds no placeholder."""
        if "{" not in text and "}" not in text:
            return text
        try:
            return _format(text).format_map(vals)
        except KeyError:
            raise Unfillable(text) from None

    def _colour(self, colour: str | None, vals: dict[str, str]) -> str | None:
        if colour is None or not _holes(colour):
            return colour
        text = self._text(colour, vals)
        parsed = self._colours.get(text)
        if parsed is None:
            try:
                parsed = self._colours[text] = parse_colour(text, self.palette)
            except ColourError:
                raise Unfillable(colour) from None
        return parsed

    def _face(self, face: Face, vals: dict[str, str]) -> Face:
        return Face(
            self._colour(face.background, vals),
            self._colour(face.border, vals),
            face.border_width,
            face.grid,
            tuple([self._element(el, vals) for el in face.elements]),
            face.span,
        )

    def _element(self, el, vals: dict[str, str]):
        if type(el) is TextEl:
            text = self._text(el.text, vals)
            family = None if el.family is None else self._text(el.family, vals)
            colour = self._colour(el.colour, vals)
            if text is el.text and family is el.family and colour is el.colour:
                return el  # nothing to fill: share the template's element
            # Copies showing the same text share one element (a strength line repeats
            # on hundreds of counters); the last few hundred are remembered.
            key = (id(el), text, family, colour)
            made = self._texts.get(key)
            if made is None:
                if len(self._texts) >= 512:
                    self._texts.clear()
                made = self._texts[key] = TextEl(
                    text, el.place, el.span, el.path, family, el.size, el.min_size,
                    el.bold, el.italic, el.align, colour, el.wrap,
                )  # fmt: skip
            return made
        if type(el) is IconEl:
            if _holes(el.name):
                raise Unfillable(el.name)
            colour = self._colour(el.colour, vals)
            if colour is el.colour:
                return el
            return IconEl(el.name, el.place, el.span, el.path, colour, el.scale)
        return el  # an image: its file name held no placeholder (or the template failed)


@lru_cache(maxsize=4096)
def _format(text: str) -> str:
    """The template as a str.format string: its {name}s kept, every other brace doubled,
    so format_map (C code) fills it just as expand.substitute would."""
    out, at = [], 0
    for m in _PLACEHOLDER.finditer(text):
        out.append(text[at : m.start()].replace("{", "{{").replace("}", "}}"))
        out.append(m.group(0))
        at = m.end()
    out.append(text[at:].replace("{", "{{").replace("}", "}}"))
    return "".join(out)
