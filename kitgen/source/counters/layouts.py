"""layouts: in game.yaml -> Layouts; and each piece's faces filled in from its layout.

A layout is a list of regions, each a box on the face (an anchor or an exact place, a
size in units or in % of the face) with a shape, fill, stroke and padding, showing a
text, a number, an icon, an image or a unit symbol. A card, counter or label names one
with `layout: ID` and fills its {placeholders} from its own fields (its for_each row or
spreadsheet row, `fields:`, its id and name). The built-in layouts are YAML shipped in
kitgen/builtin_layouts/, read with this same reader: a game may copy and change them,
or `extends:` one and replace or add regions by id.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ...colours import ColourError, contrast, parse_colour
from ...errors import Diagnostics, Span
from ...model.counters import ALIGNS, ANCHORS, UNIT_BRANCHES, UNIT_SIZES, Picture
from ...model.layout import (
    FITS,
    ICON_TOKEN,
    REGION_SHAPES,
    SIDE_MARKS,
    VALIGNS,
    Dim,
    Filled,
    Layout,
    Region,
    Show,
)
from ...names import FILTERS, PLACEHOLDER, did_you_mean, suggest
from ...records import replace
from ...style import PIECE_CONTRAST
from ...units import UnitError, parse_length
from ..fields import Context, Fields, as_choice, as_text, check_unique_ids, expect_seq
from ..spec import (
    BOOLEAN,
    COLOUR,
    ID,
    LENGTH,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    Named,
    OneOf,
    Spec,
)
from ..spec import Scalar as ScalarType
from ..yamlnodes import Map, Node, Scalar, describe, parse_yaml

HEADING = "layouts: faces designed as regions"
DIM: ScalarType[Any] = ScalarType("length or %", {"type": ["string", "number"]})
OFF = ("", "false", "no", "none", "off")  # a `when:` that hides its region (a 0 is a value)
WHOLE = Dim(100.0, True)
MARK_FIELD = "mark"  # the field a piece's reading mark (†2) fills: a layout shows it as {mark}
ICON_FOLDER = "icons"  # the game's own icons: icons/NAME.svg

POINT_X = Key("x", DIM, "from the face's left edge: a length or % of its width", required=True)
POINT_Y = Key("y", DIM, "from the face's top edge: a length or % of its height", required=True)
POINT = Spec(
    "region-place",
    POINT_X,
    POINT_Y,
    heading=HEADING,
)
SHOW_TEXT = Key(
    "text", TEXT, "words: {placeholders}, **bold**, *italic*, {icon:NAME}, new lines, ---"
)
SHOW_NUMBER = Key("number", TEXT, "a number (or a short word), set as large as the region holds")
SHOW_ICON = Key("icon", TEXT, "a built-in icon, or icons/NAME.svg of the game")
SHOW_IMAGE = Key("image", TEXT, "an image file (PNG, JPEG or SVG) in the game folder")
SHOW_UNIT = Key("unit", TEXT, "a unit symbol's branch words: infantry, armour ...")
SHOW_SIZE = Key("size", LENGTH, "the type size; default: the largest of the type scale that fits")
SHOW_MAX_SIZE = Key("max_size", LENGTH, "the largest size of the type scale it may take")
SHOW_BOLD = Key("bold", BOOLEAN, "bold type (a number is always bold)", default=False)
SHOW_ITALIC = Key("italic", BOOLEAN, "italic type", default=False)
SHOW_ALIGN = Key("align", Choice(ALIGNS, "alignment"), "across the region", default="centre")
SHOW_VALIGN = Key(
    "valign", Choice(VALIGNS, "alignment"), "up and down the region", default="middle"
)
SHOW_COLOUR = Key("colour", COLOUR, "the ink; default: black or white, whichever reads on the fill")
SHOW_FONT = Key("font", TEXT, "the family; default: the game's")
SHOW_FIT = Key(
    "fit", Choice(FITS, "fit"), "an image: fit (whole), fill (cropped), stretch", default="fit"
)
SHOW_ECHELON = Key("echelon", TEXT, "a unit: its size mark (company, division ...)")
SHOW_FRAME = Key("frame", COLOUR, "a unit: the frame's fill")
SHOW_ANGLE = Key(
    "angle", Choice(("0", "90", "270"), "angle"), "90: text reads upwards", default="0"
)
SHOW = Spec(
    "region-show",
    SHOW_TEXT,
    SHOW_NUMBER,
    SHOW_ICON,
    SHOW_IMAGE,
    SHOW_UNIT,
    SHOW_SIZE,
    SHOW_MAX_SIZE,
    SHOW_BOLD,
    SHOW_ITALIC,
    SHOW_ALIGN,
    SHOW_VALIGN,
    SHOW_COLOUR,
    SHOW_FONT,
    SHOW_FIT,
    SHOW_ECHELON,
    SHOW_FRAME,
    SHOW_ANGLE,
    heading=HEADING,
    one_of=(OneOf("text", "number", "icon", "image", "unit", hint="what the region shows"),),
)
REGION_ID = Key("id", ID, "names the region (extends: replaces a region by its id)", required=True)
REGION_AT = Key(
    "at", Either(Choice(ANCHORS, "anchor"), POINT), "an anchor, or {x, y}", default="centre"
)
REGION_WIDTH = Key("width", DIM, "a length or % of the face's width", default="100%")
REGION_HEIGHT = Key("height", DIM, "a length or % of the face's height", default="100%")
REGION_INSET = Key("inset", LENGTH, "an anchored region's room from the face's edges", default=0.0)
REGION_SHAPE = Key("shape", Choice(REGION_SHAPES, "shape"), "the box's outline", default="rect")
REGION_RADIUS = Key("radius", LENGTH, "rounded: the corners' radius")
REGION_FILL = Key("fill", COLOUR, "the box's colour (may be a {placeholder})")
REGION_STROKE = Key("stroke", COLOUR, "the outline's colour")
REGION_STROKE_WIDTH = Key("stroke_width", LENGTH, "the outline's width", default=0.75)
REGION_PADDING = Key("padding", LENGTH, "room inside the box around what it shows", default=0.0)
REGION_SHOW = Key("show", Either(TEXT, SHOW), "what it shows (a text alone is a text)")
REGION_WHEN = Key(
    "when",
    TEXT,
    "shown only when this fills in to something (not false, no, none, off): 0 shows",
)
REGION = Spec(
    "region",
    REGION_ID,
    REGION_AT,
    REGION_WIDTH,
    REGION_HEIGHT,
    REGION_INSET,
    REGION_SHAPE,
    REGION_RADIUS,
    REGION_FILL,
    REGION_STROKE,
    REGION_STROKE_WIDTH,
    REGION_PADDING,
    REGION_SHOW,
    REGION_WHEN,
    heading=HEADING,
)
LAYOUT_ID = Key("id", ID, "how pieces name it (layout: ID)", required=True)
LAYOUT_EXTENDS = Key(
    "extends", ID, "a layout whose regions it starts from (by id: replaced, or added)"
)
LAYOUT_FIELDS = Key(
    "fields",
    Named(TEXT, "fields, each a text"),
    "defaults for its {names}: pieces may give their own",
)
LAYOUT_REGIONS = Key("regions", ListOf(REGION), "the boxes, drawn in this order", required=True)
LAYOUT = Spec(
    "layout",
    LAYOUT_ID,
    LAYOUT_EXTENDS,
    LAYOUT_FIELDS,
    LAYOUT_REGIONS,
    heading=HEADING,
)
LAYOUTS = ListOf(LAYOUT)
# The keys a piece (and a piece's face) uses a layout with: declared once, here.
LAYOUT_KEY = Key("layout", ID, "a layout (layouts:, or built in) the face is drawn with")
FIELDS_KEY = Key("fields", Named(TEXT, "fields, each a text"), "values for the layout's {names}")
SIDE_MARK_KEY = Key(
    "side_mark",
    Choice(SIDE_MARKS, "side mark"),
    "a side's pieces marked by a band at the top, a corner mark, or none",
)
TYPE_SCALE_KEY = Key(
    "type_scale",
    ListOf(NUMBER),
    "the type sizes (pt) layouts set text at; default 7, 8, 9, 10, 12, 14, 18, 24",
)


def read_layouts(ctx: Context, node: Node, path: str) -> tuple[Layout, ...]:
    seq = expect_seq(ctx, node, path)
    out: list[Layout] = []
    known = game_layouts(ctx)
    for i, item in enumerate(seq or ()):
        got = _read_layout(ctx, item, f"{path}[{i}]", known)
        if got is not None:
            out.append(got)
            known.setdefault(got.id, got)
    check_unique_ids(ctx, out, path, "layout")
    return tuple(out)


def game_layouts(ctx: Context) -> dict[str, Layout]:
    """The game's layouts read so far, by id (the pieces' readers look theirs up here)."""
    return ctx.extra.setdefault("layouts", {})


def _read_layout(ctx: Context, node: Node, path: str, known: dict) -> Layout | None:
    f = Fields(ctx, node, path, LAYOUT)
    if f.map is None:
        return None
    ident = f.id(LAYOUT_ID)
    base = f.id(LAYOUT_EXTENDS)
    defaults = f.get(LAYOUT_FIELDS, read_fields) or {}
    regions = f.seq(LAYOUT_REGIONS, _read_region)
    f.close()
    if ident is None:
        return None
    check_unique_ids(ctx, regions, f.sub("regions"), "region")
    if base is not None:
        parent = known.get(base) or builtin_layouts().get(base)
        if parent is None:
            _unknown_layout(ctx, f.node_of(LAYOUT_EXTENDS), f.sub("extends"), base, known)
        else:
            regions = _extend(parent.regions, regions)
            defaults = {**parent.fields, **defaults}
    return Layout(ident, tuple(regions), node.span, path, defaults)


def _extend(base: tuple[Region, ...], own: list[Region]) -> list[Region]:
    """The base's regions in order, each replaced by an own region of its id; the own
    regions that replace none after them."""
    by_id = {r.id: r for r in own}
    out = [by_id.pop(r.id, r) for r in base]
    return out + [r for r in own if r.id in by_id]


def _unknown_layout(ctx: Context, node: Node | None, path: str, name: str, known) -> None:
    names = sorted({*known, *builtin_layouts()})
    ctx.error(node, path, f"unknown layout {name!r}", suggest(name, names))


def _read_region(ctx: Context, node: Node, path: str) -> Region | None:
    f = Fields(ctx, node, path, REGION)
    if f.map is None:
        return None
    ident = f.id(REGION_ID)
    at = f.node_of(REGION_AT)
    anchor: str | None = "centre"
    x = y = None
    if isinstance(at, Map):
        p = Fields(ctx, at, f.sub("at"), POINT)
        x, y = p.get(POINT_X, _dim, True), p.get(POINT_Y, _dim, True)
        p.close()
        anchor = None if x is not None and y is not None else "centre"
    elif at is not None:
        anchor = as_choice(ctx, at, f.sub("at"), ANCHORS, "anchor") or "centre"
    width, height = f.get(REGION_WIDTH, _dim), f.get(REGION_HEIGHT, _dim)
    width = width if isinstance(width, Dim) else WHOLE  # absent, or said why: the default
    height = height if isinstance(height, Dim) else WHOLE
    inset = f.length(REGION_INSET, positive=False, negative=False)
    shape = f.choice(REGION_SHAPE)
    radius = f.length(REGION_RADIUS, positive=False, negative=False)
    fill = f.get(REGION_FILL, _raw_text)
    stroke = f.get(REGION_STROKE, _raw_text)
    stroke_width = f.length(REGION_STROKE_WIDTH, positive=False, negative=False)
    padding = f.length(REGION_PADDING, positive=False, negative=False)
    show = f.get(REGION_SHOW, _read_show)
    when = f.get(REGION_WHEN, _raw_text)
    f.close()
    if ident is None or width is None or height is None:
        return None
    return Region(
        ident,
        path,
        node.span,
        anchor,
        x,
        y,
        width,
        height,
        inset,
        shape,
        radius,
        fill,
        stroke,
        stroke_width,
        padding,
        show,
        when,
    )


def _raw_text(ctx: Context, node: Node, path: str) -> str | None:
    """A text kept with its placeholders (filled per piece)."""
    return as_text(ctx, node, path)


def _dim(ctx: Context, node: Node, path: str, place: bool = False) -> Dim | None:
    """`45%` of the face, or a length; a place (`place`) may be 0."""
    text = as_text(ctx, node, path)
    if text is None:
        return None
    text = text.strip()
    if text.endswith("%"):
        try:
            value = float(text[:-1])
        except ValueError:
            value = -1.0
        if not (0 <= value <= 100 if place else 0 < value <= 100):
            low = "0%" if place else "more than 0%"
            ctx.error(node, path, f"expected a share from {low} to 100%, got {text!r}")
            return None
        return Dim(value, True)
    try:
        length = parse_length(text)
    except UnitError as exc:
        ctx.error(node, path, exc.message, exc.hint or "or a share of the face: 40%")
        return None
    if length < 0 or (length == 0 and not place):
        ctx.error(node, path, f"expected a size more than zero, got {text!r}")
        return None
    return Dim(length)


def _read_show(ctx: Context, node: Node, path: str) -> Show | None:
    if isinstance(node, Scalar):
        text = as_text(ctx, node, path)
        return None if text is None else Show("text", text, span=node.span)
    f = Fields(ctx, node, path, SHOW)
    if f.map is None:
        return None
    shown = [k for k in (SHOW_TEXT, SHOW_NUMBER, SHOW_ICON, SHOW_IMAGE, SHOW_UNIT) if f.has(k.name)]
    kinds = [k.name for k in shown]
    if len(kinds) > 1:
        ctx.error(
            node,
            path,
            f"a region shows one thing, got {' and '.join(kinds)}",
            "give one of text, number, icon, image or unit; a second region for more",
        )
    kind = kinds[0] if kinds else "text"
    content = f.get(shown[0], _raw_text) if shown else None
    if not kinds:
        f.node_of(SHOW_TEXT)  # says what is missing
    size = f.length(SHOW_SIZE)
    max_size = f.length(SHOW_MAX_SIZE)
    bold, italic = f.boolean(SHOW_BOLD), f.boolean(SHOW_ITALIC)
    align, valign = f.choice(SHOW_ALIGN), f.choice(SHOW_VALIGN)
    colour_node = f.node_of(SHOW_COLOUR)
    colour = f.get(SHOW_COLOUR, _raw_text)
    font = f.get(SHOW_FONT, _raw_text)
    fit = f.choice(SHOW_FIT)
    echelon = f.get(SHOW_ECHELON, _raw_text) or ""
    frame = f.get(SHOW_FRAME, _raw_text)
    angle = float(f.choice(SHOW_ANGLE))
    f.close()
    if content is None:
        return None
    return Show(
        kind,
        content,
        size,
        max_size,
        bold or kind == "number",
        italic,
        align,
        valign,
        colour,
        colour_node.span if colour_node is not None else None,
        font,
        fit,
        echelon,
        frame,
        angle,
        node.span,
    )


@lru_cache(maxsize=1)
def builtin_layouts() -> dict[str, Layout]:
    """kitgen's own layouts, read from the YAML shipped beside the code (a mistake in
    one is kitgen's: tests/test_layouts.py reads them all clean)."""
    from importlib.resources import files
    from pathlib import Path

    ctx = Context(Diagnostics(), Path("."))
    out: dict[str, Layout] = {}
    folder = files("kitgen").joinpath("builtin_layouts")
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".yaml"):
            continue
        root = parse_yaml(entry.read_bytes(), f"kitgen/builtin_layouts/{entry.name}")
        node = root.get("layouts") if isinstance(root, Map) else None
        for layout in read_layouts(ctx, node, "layouts") if node is not None else ():
            out[layout.id] = replace(layout, builtin=True)
    ctx.diags.raise_if_errors()
    return out


def find_layout(ctx: Context, name: str, node: Node | None, path: str) -> Layout | None:
    """The layout a piece names: the game's own, else a built-in one; an error if none."""
    known = game_layouts(ctx)
    got = known.get(name) or builtin_layouts().get(name)
    if got is None:
        _unknown_layout(ctx, node, path, name, known)
    return got


def read_fields(ctx: Context, node: Node, path: str) -> dict[str, str] | None:
    """`fields: {name: value}`: a piece's values for its layout's placeholders."""
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of name: value, got {describe(node)}")
        return None
    out: dict[str, str] = {}
    for key, value in node.entries.items():
        if isinstance(value, Scalar) and value.value is None:
            out[key] = ""
            continue
        text = as_text(ctx, value, f"{path}.{key}")
        if text is not None:
            out[key] = text
    return out


def cells_of(variables: Mapping[str, str]) -> dict[str, Span]:
    """The spreadsheet cells a piece's values came from (none for YAML's)."""
    return dict(getattr(variables, "cells", None) or {})


def field_cells(fields: Node | None, cells: Mapping[str, Span]) -> dict[str, Span]:
    """`cells` and, for each field written as one column's placeholder (`colour:
    "{Colour}"`), that column's cell: a bad value the field gives is said at its cell."""
    out = dict(cells)
    for key, value in fields.entries.items() if isinstance(fields, Map) else ():
        if isinstance(value, Scalar) and isinstance(value.value, str):
            names = [m.group(1) for m in PLACEHOLDER.finditer(value.value) if m.group(1)]
            if len(names) == 1 and names[0] in cells and key not in out:
                out[key] = cells[names[0]]
    return out


def cells_of_parts(parts: tuple[Mapping[str, str], ...]) -> dict[str, Span]:
    """The cells of the spreadsheet rows among a copy's for_each rows."""
    out: dict[str, Span] = {}
    for part in parts:
        out.update(cells_of(part))
    return out


# ---- filling a piece's face -------------------------------------------------------


class Piece:
    """What a face is filled from: its values, the spreadsheet cells some came from (a
    bad value is reported at its cell), how messages name it, where it is written, and
    the colour under the regions (for the contrast check)."""

    def __init__(
        self,
        values: Mapping[str, str],
        cells: Mapping[str, Span],
        where: str,
        span: Span | None,
        path: str,
        ground: str,
    ):
        self.values = values
        self.cells = cells
        self.where = where
        self.span = span
        self.path = path
        self.ground = ground
        self.defaults: Mapping[str, str] = {}  # the layout's own values, under the piece's


def fill_layout(ctx: Context, layout: Layout, piece: Piece) -> tuple[Filled, ...]:
    """The layout's regions with the piece's values in; each problem said once per
    layout and message (a layout's mistake is not repeated for each of 60 cards)."""
    out: list[Filled] = []
    piece.defaults = {MARK_FIELD: "", **layout.fields}  # a piece with no reading: no mark
    for region in layout.regions:
        filled = _fill_region(ctx, region, piece)
        if filled is not None:
            out.append(filled)
    return tuple(out)


def _fill_region(ctx: Context, region: Region, piece: Piece) -> Filled | None:
    fill = lambda text: _fill(ctx, text, region, piece)  # noqa: E731
    if region.when is not None:
        when = fill(region.when)
        if when is None or when.strip().lower() in OFF:
            return None
    colours = [
        _colour(ctx, fill(c), region, piece, c) if c else None for c in (region.fill, region.stroke)
    ]
    show = region.show
    made: dict[str, Any] = {}
    if show is not None:
        text = fill(show.content)
        if text is None:
            return None
        made["text"] = text
        ground = colours[0] or piece.ground
        if show.colour is not None:
            made["colour"] = _ink(ctx, fill(show.colour), region, piece, ground)
        if show.frame is not None:
            made["frame"] = _colour(ctx, fill(show.frame), region, piece, show.frame)
        if show.kind in ("text", "number"):
            made["icons"] = _inline_icons(ctx, text, region, piece)
        elif show.kind == "icon":
            if not text.strip():
                return None
            made["picture"] = _icon(ctx, text.strip(), region, piece, show.content)
            if made["picture"] is None and text.strip() not in ctx.icons():
                return None
        elif show.kind == "image":
            if not text.strip():
                return None
            made["picture"] = _image(ctx, text.strip(), region, piece, show.content)
            if made["picture"] is None:
                return None
        elif show.kind == "unit":
            made["echelon"] = fill(show.echelon) or ""
            if not _unit_ok(ctx, text, made["echelon"], region, piece, show.content):
                return None
    return Filled(
        region,
        fill=colours[0],
        stroke=colours[1],
        where=piece.where,
        path=piece.path,
        span=_value_span(show.content if show else "", region, piece),
        **made,
    )


def _fill(ctx: Context, text: str, region: Region, piece: Piece) -> str | None:
    """`text` with the piece's values in; None (said once) when one is not there."""
    values, defaults = piece.values, piece.defaults
    missing: list[str] = []

    def one(m: re.Match) -> str:
        token = m.group(0)
        if token in ("{{", "}}"):
            return token[0]
        name = m.group(1)
        if name in values or name in defaults:
            value = values[name] if name in values else defaults[name]
            return FILTERS[m.group(2)](value) if m.group(2) in FILTERS else value
        missing.append(name)
        return token

    filled = PLACEHOLDER.sub(one, text) if "{" in text or "}" in text else text
    for name in missing:
        own = sorted(values)
        hint = did_you_mean(name, sorted({*values, *defaults}), "")
        hint = "; ".join(filter(None, [hint, f"its fields: {', '.join(own) or 'none'}"]))
        _once(
            ctx,
            "error",
            piece.span,
            piece.path,
            f"layout region {region.id!r} shows {{{name}}}, which this piece does not give",
            f"{hint}; or give it in fields:",
        )
    return None if missing else filled


def _value_span(text: str, region: Region, piece: Piece) -> Span | None:
    """Where a value's problem is said: the cell it came from when one placeholder of a
    spreadsheet's gave it, else the piece."""
    names = [m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1)]
    cells = [piece.cells[n] for n in names if n in piece.cells]
    return cells[0] if len(cells) == 1 else piece.span


def _said_at(text: str, region: Region, piece: Piece) -> tuple[Span | None, str, str]:
    """Where a problem with what `text` gives is said: (span, path, the column words).
    The cell a spreadsheet's value came from; the layout's line when the layout wrote
    it all; else the piece."""
    names = [m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1)]
    cells = [(n, piece.cells[n]) for n in names if n in piece.cells]
    about = f"{piece.path}: layout region {region.id!r}"
    if len(cells) == 1:
        ((_, cell),) = cells
        return cell, about, ""  # the cell's place names its column
    if not names:
        return region.span, region.path, ""
    return piece.span, about, ""


def _colour(ctx: Context, text: str | None, region: Region, piece: Piece, raw: str) -> str | None:
    if text is None or not text.strip():
        return None
    try:
        return parse_colour(text, ctx.palette)
    except ColourError as exc:
        span, path, column = _said_at(raw, region, piece)
        _once(ctx, "error", span, path, exc.message + column, exc.hint)
        return None


def _ink(ctx: Context, text: str | None, region: Region, piece: Piece, ground: str) -> str | None:
    """A declared text colour; a warning at its line when it reads on its fill at less
    than WCAG's 4.5:1."""
    assert region.show is not None
    ink = _colour(ctx, text, region, piece, region.show.colour or "")
    if ink is None or ground == "none":
        return ink
    ratio = contrast(ink, ground)
    if ratio < PIECE_CONTRAST:
        _once(
            ctx,
            "warning",
            region.show.colour_span or region.span,
            f"{region.path}.show.colour",
            f"text colour {text} on {ground} reads at {ratio:.1f}:1, under the 4.5:1 "
            f"print needs ({piece.where})",
            "leave colour: out (black or white is chosen), or pick a darker or lighter ink",
        )
    return ink


def _inline_icons(ctx: Context, text: str, region: Region, piece: Piece) -> Mapping[str, Picture]:
    """The game's own SVGs among the text's {icon:NAME}s (built-in ones need none); an
    unknown name is an error where it was written."""
    out: dict[str, Picture] = {}
    assert region.show is not None
    for name in {m.group(1) for m in ICON_TOKEN.finditer(text)}:
        got = _icon(ctx, name, region, piece, region.show.content)
        if got is not None:
            out[name] = got
    return out


def _icon(ctx: Context, name: str, region: Region, piece: Piece, raw: str) -> Picture | None:
    """None for a built-in icon (drawn by name) or a name neither built in nor an SVG in
    icons/ (an error)."""
    if name in ctx.icons():
        return None
    span, path, column = _said_at(raw, region, piece)
    return game_icon(ctx, name, span, path, column, region.path)


def game_icon(
    ctx: Context, name: str, span: Span | None, path: str, column: str = "", at: str = ""
) -> Picture | None:
    """The game's own icons/NAME.svg for an {icon:NAME} that is not built in; an error
    at `span` (once) when there is none."""
    from .counters import _picture

    file = f"{ICON_FOLDER}/{name}.svg"
    if (ctx.folder / file).is_file():
        return _picture(ctx, file, None, at or path)
    folder = ctx.folder / ICON_FOLDER
    own = sorted(p.stem for p in folder.glob("*.svg")) if folder.is_dir() else []
    hint = did_you_mean(name, [*own, *ctx.icons()], "")
    _once(
        ctx,
        "error",
        span,
        path,
        f"unknown icon {name!r}{column}: not built in, and no {file} in the game folder",
        hint or "built-in icons are listed in docs/format.md (Icons)",
    )
    return None


def _image(ctx: Context, name: str, region: Region, piece: Piece, raw: str) -> Picture | None:
    from .counters import _picture

    span, path, column = _said_at(raw, region, piece)
    sub = Context(Diagnostics(), ctx.folder, ctx.palette, ctx.extra, ctx.icons)
    got = _picture(sub, name, None, path)
    for d in sub.diags.items:
        _once(ctx, d.severity, span, path, d.message + column, d.hint)
    return got


def _unit_ok(ctx, branches: str, echelon: str, region: Region, piece: Piece, raw: str) -> bool:
    span, path, column = _said_at(raw, region, piece)
    for word in branches.split():
        if word not in UNIT_BRANCHES:
            _once(
                ctx,
                "error",
                span,
                path,
                f"unknown unit type {word!r}{column}",
                suggest(word, UNIT_BRANCHES),
            )
            return False
    if echelon and echelon not in UNIT_SIZES:
        _once(
            ctx,
            "error",
            span,
            path,
            f"unknown unit size {echelon!r}{column}",
            suggest(echelon, UNIT_SIZES),
        )
        return False
    return bool(branches.split())


def _once(ctx: Context, severity: str, span: Span | None, path: str, message: str, hint: str):
    seen = ctx.extra.setdefault("layout problems", set())
    key = (severity, span, message)
    if key in seen:
        return
    seen.add(key)
    if severity == "error":
        ctx.error(span, path, message, hint)
    else:
        ctx.warning(span, path, message, hint)


def read_type_scale(ctx: Context, node: Node, path: str) -> tuple[float, ...] | None:
    """`type_scale: [7, 8, 9, 10, 12]`: sizes in points, 6 or more (the floor of print)."""
    from ..fields import as_number

    seq = expect_seq(ctx, node, path)
    if seq is None:
        return None
    sizes = []
    for i, item in enumerate(seq):
        size = as_number(ctx, item, f"{path}[{i}]")
        if size is None:
            continue
        if not 6 <= size <= 96:
            ctx.error(
                item,
                f"{path}[{i}]",
                f"a type size from 6 to 96 pt, got {size:g}",
                "nothing on a piece is set under 6 pt",
            )
            continue
        sizes.append(float(size))
    if not sizes:
        ctx.error(node, path, "a type scale needs at least one size")
        return None
    return tuple(sorted(set(sizes)))


def layout_placeholders(ctx: Context, node: Node) -> set[str]:
    """The {names} of the layouts a piece's definition (or its faces) names: its
    spreadsheet's columns that only a layout shows are used (a built-in layout's
    words are in no file of the game)."""
    if not isinstance(node, Map):
        return set()
    names: set[str] = set()
    faces = [node, *(f for f in (node.get("front"), node.get("back")) if isinstance(f, Map))]
    for where in faces:
        named = where.get("layout")
        if isinstance(named, Scalar) and isinstance(named.value, str):
            layout = game_layouts(ctx).get(named.value) or builtin_layouts().get(named.value)
            if layout is not None:
                names |= layout_names(layout)
    return names


def layout_names(layout: Layout) -> set[str]:
    """The {names} a layout's fields and regions use."""
    texts: list[str] = list(layout.fields.values())
    for r in layout.regions:
        texts += [t for t in (r.fill, r.stroke, r.when) if t]
        if r.show is not None:
            texts += [r.show.content, r.show.echelon, r.show.colour or "", r.show.frame or ""]
    return {m.group(1) for t in texts for m in PLACEHOLDER.finditer(t) if m.group(1)}
