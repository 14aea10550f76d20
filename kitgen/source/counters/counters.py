"""counters: in game.yaml -> CounterSet.

Each list entry is one design; `for_each` expands it into many, with {name}
placeholders filled in every text, colour, icon and file field. The mapping is
read once as a template, and each copy fills in its placeholders and checks what
they give (counter_copies.py); a problem that every copy shares is reported once.

The readers below take `v`, what reads a text that may hold placeholders:
`v.text(node, path)`, `v.colour(node, path, default)` and `v.then(fn, value, *args)`,
which calls fn(ctx, value, *args) (a check, or what a text gives) once value is known.
"""

from __future__ import annotations

import math
from typing import Any, TypeVar

from ...budget import over, spend
from ...files import FileRefused
from ...model.counters import (
    ALIGNS,
    ANCHORS,
    FACINGS,
    KINDS,
    NO_ATTRS,
    SHAPES,
    UNIT_BRANCHES,
    UNIT_SIZES,
    CounterDef,
    CounterSet,
    Face,
    IconEl,
    ImageEl,
    Picture,
    Place,
    TextEl,
    UnitEl,
)
from ...model.placed import built_in_clash
from ...names import did_you_mean, id_problem, suggest
from ...records import replace
from ...style import PIECE_MIN
from ...units import UnitError, parse_length
from ..expand import (
    FOR_EACH,
    CopyProblems,
    Vars,
    filled_rows,
    id_cell,
    read_for_each_parts,
    unused_columns,
)
from ..fields import Context, Fields, as_id, as_length, check_unique_ids, expect_seq
from ..reading import READING, read_reading
from ..spec import (
    BOOLEAN,
    COLOUR,
    FILE,
    ID,
    INTEGER,
    LENGTH,
    NUMBER,
    TEXT,
    Choice,
    Either,
    Key,
    ListOf,
    Named,
    OneOf,
    OneOrList,
    Spec,
)
from ..spec import Scalar as ScalarType
from ..yamlnodes import Map, Node, Scalar, Seq, describe
from .counter_copies import Filler, Template
from .layouts import (
    FIELDS_KEY,
    LAYOUT_KEY,
    SIDE_MARK_KEY,
    Piece,
    cells_of_parts,
    fill_layout,
    find_layout,
    layout_placeholders,
)

PRESETS = {"1/2": 36.0, "5/8": 45.0, "3/4": 54.0, "1": 72.0}  # inches, the common counter sizes
PRESET_HINT = "presets: 1/2, 5/8, 3/4, 1 (inches); or a length like 3/4in or 19mm"
MAX_QUANTITY = 10_000
BLANK = "___"  # what a null for_each value prints as: a line to write on

HEADING = "counters and markers"
SIZE: ScalarType[Any] = ScalarType("size", {"type": ["string", "number"]})
PAIR: ScalarType[Any] = ScalarType(
    "[two whole numbers]",
    {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2},
)
_AT = Key("at", Choice(ANCHORS, "anchor"), "where on the face", default="centre")
_CELL = Key("cell", PAIR, "[row, column] in the face's grid, from 1 (instead of at)")
_PLACE = OneOf("at", "cell", needed=False, both="give either at: or cell:, not both", at="cell")
TEXT_EL_TEXT = Key("text", TEXT, "the words", required=True)
TEXT_EL_FONT = Key("font", TEXT, "the family; default: the game's")
TEXT_EL_SIZE = Key("size", LENGTH, "default: as large as its place allows")
TEXT_EL_MIN_SIZE = Key("min_size", LENGTH, "the smallest it may shrink to", default=PIECE_MIN)
TEXT_EL_BOLD = Key("bold", BOOLEAN, "bold type", default=False)
TEXT_EL_ITALIC = Key("italic", BOOLEAN, "italic type", default=False)
TEXT_EL_ALIGN = Key("align", Choice(ALIGNS, "alignment"), "within its place", default="centre")
TEXT_EL_WRAP = Key(
    "wrap", BOOLEAN, "false keeps each written line whole and shrinks it", default=True
)
TEXT_EL_COLOUR = Key("colour", COLOUR, "default: black or white, whichever reads on the background")
TEXT_EL = Spec(
    "text",
    TEXT_EL_TEXT,
    _AT,
    _CELL,
    TEXT_EL_FONT,
    TEXT_EL_SIZE,
    TEXT_EL_MIN_SIZE,
    TEXT_EL_BOLD,
    TEXT_EL_ITALIC,
    TEXT_EL_ALIGN,
    TEXT_EL_WRAP,
    TEXT_EL_COLOUR,
    heading=HEADING,
    one_of=(_PLACE,),
)
ICON_EL_NAME = Key("name", TEXT, "a built-in icon", required=True)
ICON_EL_COLOUR = Key("colour", COLOUR, "the icon's ink")
ICON_EL_SCALE = Key("scale", NUMBER, "of its place", default=1.0, lo=0.1, hi=1.0)
ICON_EL = Spec(
    "icon",
    ICON_EL_NAME,
    _AT,
    _CELL,
    ICON_EL_COLOUR,
    ICON_EL_SCALE,
    heading=HEADING,
    one_of=(_PLACE,),
)
IMAGE_EL_FILE = Key("file", FILE, "PNG, JPEG or SVG inside the game folder", required=True)
IMAGE_EL_SCALE = Key("scale", NUMBER, "of its place", default=1.0, lo=0.1, hi=1.0)
IMAGE_EL = Spec(
    "image",
    IMAGE_EL_FILE,
    _AT,
    _CELL,
    IMAGE_EL_SCALE,
    heading=HEADING,
    one_of=(_PLACE,),
)
UNIT_EL_TYPE = Key(
    "type",
    TEXT,
    "branch words: infantry, armour ... (one or more)",
    required=True,
    missing="a branch: infantry, armour ...",
)
UNIT_EL_SIZE = Key("size", TEXT, "a size mark: team, squad ... division, army")
UNIT_EL_COLOUR = Key("colour", COLOUR, "the symbol's ink")
UNIT_EL_FILL = Key("fill", COLOUR, "the frame's fill")
UNIT_EL_SCALE = Key("scale", NUMBER, "of its place", default=1.0, lo=0.1, hi=1.0)
UNIT_EL = Spec(
    "unit",
    UNIT_EL_TYPE,
    UNIT_EL_SIZE,
    _AT,
    _CELL,
    UNIT_EL_COLOUR,
    UNIT_EL_FILL,
    UNIT_EL_SCALE,
    heading=HEADING,
    one_of=(_PLACE,),
)
BORDER_COLOUR = Key("colour", COLOUR, "the frame's colour", default="#000000")
BORDER_WIDTH = Key("width", LENGTH, "the frame's width", default=1.0)
BORDER = Spec(
    "border",
    BORDER_COLOUR,
    BORDER_WIDTH,
    heading=HEADING,
)
FACE_BACKGROUND = Key("background", COLOUR, "the face's colour", default="#ffffff")
FACE_BORDER = Key("border", Either(COLOUR, BORDER), "a frame inside the cut line")
FACE_GRID = Key("grid", PAIR, "[rows, columns] of cells for elements' cell:")
FACE_TEXT = Key("text", OneOrList(Either(TEXT, TEXT_EL)), "text elements")
FACE_ICON = Key("icon", OneOrList(Either(TEXT, ICON_EL)), "icon elements")
FACE_IMAGE = Key("image", OneOrList(Either(FILE, IMAGE_EL)), "image elements")
FACE_UNIT = Key("unit", OneOrList(Either(TEXT, UNIT_EL)), "unit symbols (NATO frames)")
FACE_FACING = Key(
    "facing",
    Choice(FACINGS, "edge"),
    "the piece's front edge: a notch there shows which way the figure faces",
)
FACE = Spec(
    "face",
    FACE_BACKGROUND,
    FACE_BORDER,
    FACE_GRID,
    FACE_TEXT,
    FACE_ICON,
    FACE_IMAGE,
    FACE_UNIT,
    FACE_FACING,
    LAYOUT_KEY,
    FIELDS_KEY,
    heading=HEADING,
)
COUNTER_FOR_EACH = Key(
    "for_each", FOR_EACH, "one design, many pieces: {placeholders} filled per copy"
)
COUNTER_BLANK = Key("blank", TEXT, "what a null for_each value prints as", default=BLANK)
COUNTER_ID = Key("id", ID, "unique after expansion; names the piece in the manifest", required=True)
COUNTER_NAME = Key("name", TEXT, "a human label; default: the id")
COUNTER_KIND = Key("kind", Choice(KINDS), "the manifest kind", default="counter")
COUNTER_SHAPE = Key("shape", Choice(SHAPES), "the piece's outline", default="square")
COUNTER_SIZE = Key(
    "size",
    SIZE,
    "a preset 1/2, 5/8, 3/4 or 1 (inches), a length, or W x H",
    required=True,
    missing=PRESET_HINT,
)
COUNTER_QUANTITY = Key(
    "quantity",
    Either(INTEGER, TEXT),
    "copies, or a {placeholder} giving them",
    default=1,
    lo=1,
    hi=MAX_QUANTITY,
)
COUNTER_BLEED = Key("bleed", LENGTH, "art runs this far past the trim; --bleed overrides it")
COUNTER_ATTRS = Key("attrs", Named(TEXT, "attributes, each a text"), "extra attributes for rules")
COUNTER_FRONT = Key(
    "front", Either(TEXT, FACE), "the front face (or its text); required without a layout"
)
COUNTER_BACK = Key("back", Either(TEXT, FACE), "a back face: fold-and-glue, or duplex")
COUNTER_STEPS = Key(
    "steps", OneOrList(TEXT), "a step-loss counter: a name for each face, front first"
)
COUNTER_SIDE = Key(
    "side", TEXT, "the side it belongs to (a rules.sides id): it carries the side's mark"
)
COUNTER_GROUP = Key(
    "group",
    TEXT,
    "a row heading on the counter sheet (Turn 3): a side's pieces of one group share rows",
    default="",
)
COUNTER_READING = Key(
    "reading",
    READING.type,
    "the kit's reading (a count the source does not give): its mark under the pieces",
)
COUNTER = Spec(
    "counter",
    COUNTER_FOR_EACH,
    COUNTER_BLANK,
    COUNTER_ID,
    COUNTER_NAME,
    COUNTER_KIND,
    COUNTER_SHAPE,
    COUNTER_SIZE,
    COUNTER_QUANTITY,
    COUNTER_BLEED,
    COUNTER_ATTRS,
    COUNTER_FRONT,
    COUNTER_BACK,
    COUNTER_STEPS,
    COUNTER_SIDE,
    COUNTER_GROUP,
    COUNTER_READING,
    LAYOUT_KEY,
    FIELDS_KEY,
    SIDE_MARK_KEY,
    heading=HEADING,
)
COUNTERS = ListOf(COUNTER)


def read_counters(ctx: Context, node: Node, path: str) -> CounterSet:
    seq = expect_seq(ctx, node, path)
    defs: list[CounterDef] = []
    if seq is not None:
        for i, item in enumerate(seq):
            if over(ctx, "items"):
                break  # said once, at the entry that went over: make no more
            made = _read_entry(ctx, item, f"{path}[{i}]")
            if spend(ctx, "items", sum(d.quantity for d in made), item, f"{path}[{i}]"):
                defs.extend(made)
    check_unique_ids(ctx, defs, path, "counter")
    return CounterSet(tuple(defs), node.span)


def _read_entry(ctx: Context, node: Node, path: str) -> list[CounterDef]:
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {describe(node)}")
        return []
    sets = read_for_each_parts(ctx, node.get("for_each"), f"{path}.for_each")
    each = node.get("for_each")
    named = each.key_spans if isinstance(each, Map) else {}  # its variables are attrs
    for name in each.entries if isinstance(each, Map) else ():
        if name != "id" and (clash := built_in_clash(name)) is not None:
            ctx.error(named[name], f"{path}.for_each.{name}", *clash)
    unused_columns(ctx, node, sets, attrs=True, also=layout_placeholders(ctx, node))
    if not sets:
        return []
    sets = filled_rows(ctx, node, sets, path, "counter")
    if not sets:
        return []
    read = Template(ctx.apart())
    filler = Filler(ctx, read, _read_def(read.ctx, node, path, sets[0], read))
    out: list[CounterDef] = []
    problems = CopyProblems(ctx, node)
    for n, parts in enumerate(sets):
        one, found = filler.fill(parts)
        if one is not None:
            if any(type(part) is not dict for part in parts):  # a spreadsheet's row
                at = id_cell(node, parts)
                one = one if at is None else replace(one, cell=at)
            out.append(fill_faces(ctx, one) if _has_layout(one) else one)
        problems.add(n, parts, found)
    return out


def _read_def(ctx: Context, node: Map, path: str, parts: tuple[Vars, ...], v) -> CounterDef | None:
    """The definition as `v` reads its texts (counter_copies.Template: with its
    placeholders as holes each copy fills)."""
    f = Fields(ctx, node, path, COUNTER)
    f.allow("for_each")
    v.blank = f.text(COUNTER_BLANK)
    ident = f.get(COUNTER_ID, _read_id, v)
    name = f.get(COUNTER_NAME, _text, v) or (ident or "")
    kind = f.choice(COUNTER_KIND)
    shape = f.choice(COUNTER_SHAPE)
    w, h = f.get(COUNTER_SIZE, _read_size, shape) or (None, None)
    quantity = _read_quantity(ctx, v, f, node)
    bleed = f.length(COUNTER_BLEED, positive=False, negative=False)
    own_attrs = f.get(COUNTER_ATTRS, _read_attrs, v)
    front = f.get(COUNTER_FRONT, _read_face, v, (w, h))
    back = f.get(COUNTER_BACK, _read_face, v, (w, h))
    steps = _read_steps(ctx, f, 2 if f.has("back") else 1)
    side = f.get(COUNTER_SIDE, _text, v)
    group = f.get(COUNTER_GROUP, _text, v)
    side_node = f.node_of(COUNTER_SIDE)
    _one_side(ctx, f, side, own_attrs)
    reading = f.get(COUNTER_READING, read_reading)
    layout = f.get(LAYOUT_KEY, _layout_name)
    fields = f.get(FIELDS_KEY, _read_attrs, v) or {}
    side_mark = f.choice(SIDE_MARK_KEY)
    side_mark_node = f.node_of(SIDE_MARK_KEY)
    if not f.has("layout"):
        f.node_of(COUNTER_FRONT, required=True)  # said missing: a piece needs a face
    elif front is None and not f.has("front"):
        front = Face()
    if layout is not None or fields:
        front = _with_layout(front, layout, fields)
        back = _with_layout(back, layout, fields)
    for which, face in (("front", front), ("back", back)):
        if face is not None and face.layout is not None and face.elements:
            ctx.error(
                face.span,
                f.sub(which),
                f"a face drawn with layout {face.layout!r} shows its regions, not "
                + ", ".join(sorted({_ELEMENT_KEY[type(el)] for el in face.elements}))
                + " elements",
                "give the words in fields: for the layout's regions",
            )
    f.close()
    if ident is None or w is None or h is None or front is None:
        return None
    return CounterDef(
        id=ident,
        name=name,
        kind=kind,
        shape=shape,
        width=w,
        height=h,
        quantity=quantity,
        front=front,
        back=back,
        span=node.span,
        entry=path,
        own_attrs=NO_ATTRS if own_attrs is None else own_attrs,
        bleed=bleed,
        variant=parts,
        steps=steps,
        side=side,
        side_span=side_node.span if side_node is not None else None,
        group=group or "",
        reading=reading,
        side_mark=side_mark,
        side_mark_span=side_mark_node.span if side_mark_node is not None else None,
    )


def _layout_name(ctx: Context, node: Node, path: str) -> str | None:
    """A layout's id, checked: the game's own or a built-in one."""
    name = as_id(ctx, node, path)
    if name is None or find_layout(ctx, name, node, path) is None:
        return None
    return name


def _with_layout(face: Face | None, layout: str | None, fields: dict) -> Face | None:
    """A face drawn with the piece's layout (unless it names its own), and the piece's
    fields under its own."""
    if face is None or (layout is None and face.layout is None):
        return face
    return replace(face, layout=face.layout or layout, fields={**fields, **face.fields})


def fill_faces(ctx: Context, d: CounterDef) -> CounterDef:
    """The copy with its layout faces' regions filled from its values: its for_each
    variables and attrs, its id and name, and each face's fields."""
    faces = {}
    for side, face in (("front", d.front), ("back", d.back)):
        if face is None or face.layout is None:
            continue
        layout = find_layout(ctx, face.layout, None, f"{d.entry}.{side}.layout")
        if layout is None:
            continue
        values = {**d.attrs, "id": d.id, "name": d.name, **face.fields}
        where = f"counter {d.id!r}"
        piece = Piece(values, cells_of_parts(d.variant), where, d.span, d.entry, face.background)
        faces[side] = replace(face, regions=fill_layout(ctx, layout, piece))
    return replace(d, **faces) if faces else d


def _read_steps(ctx: Context, f: Fields, faces: int) -> tuple[str, ...]:
    """`steps: [full, reduced]`: a name for each face, front first (a step-loss counter)."""
    node = f.node_of(COUNTER_STEPS)
    if node is None:
        return ()
    names = f.texts(COUNTER_STEPS)
    if len(names) != faces or len(set(names)) != len(names):
        what = "a back" if faces == 2 else "no back"
        ctx.error(
            node,
            f.sub("steps"),
            f"steps names each face once, front first: this piece has {what}, so "
            f"{faces} name{'s' if faces == 2 else ''}, not {len(names)}"
            + (" (a name twice)" if len(names) == faces else ""),
        )
        return ()
    return tuple(names)


def _one_side(ctx: Context, f: Fields, side: str | None, attrs: dict | None) -> None:
    """A counter's `side:` is the side its rules read: an attribute `side` saying
    otherwise would leave the piece on two sides at once."""
    other = (attrs or {}).get("side")
    if side is None or other is None or str(other) == side:
        return
    attrs_node = f.node_of(COUNTER_ATTRS)
    node = attrs_node.get("side") if isinstance(attrs_node, Map) else None
    ctx.error(
        node or attrs_node,
        f"{f.sub('attrs')}.side",
        f"attribute side {other!r} contradicts the counter's side {side!r}",
        "rules read the counter's own side: drop side from attrs",
    )


def _read_quantity(ctx: Context, v, f: Fields, parent: Map) -> int:
    """A whole number, or a {placeholder} that for_each fills with one (per-record counts)."""
    node = f.node_of(COUNTER_QUANTITY)
    if not (isinstance(node, Scalar) and isinstance(node.value, str) and "{" in node.value):
        return f.integer(COUNTER_QUANTITY)
    text = v.text(node, f.sub("quantity"))
    return v.then(_quantity_of, text, node, f.sub("quantity"), default=1)


def _quantity_of(ctx: Context, text: str, node: Scalar, path: str) -> int | None:
    if not text.strip().isdigit() or not 1 <= int(text) <= MAX_QUANTITY:
        ctx.error(
            node,
            path,
            f"quantity {node.value!r} gives {text!r}, not a whole number from 1 to {MAX_QUANTITY}",
        )
        return None
    return int(text)


def _text(ctx: Context, node: Node, path: str, v) -> str | None:
    """A text that may hold placeholders (a Fields.get reader)."""
    return v.text(node, path)


_Colour = TypeVar("_Colour", bound=str | None)  # a colour key's value: None without a default


def _colour(f: Fields, v, key: Key[_Colour]) -> str | _Colour:
    """A colour that may hold placeholders; absent or unreadable, the declared default."""
    read: str | None = f.get(key, lambda ctx, node, path: v.colour(node, path, key.default))
    return key.default if read is None else read


def _read_id(ctx: Context, node: Node, path: str, v) -> str | None:
    return v.then(_id_of, v.text(node, path), node, path, keep=False)


def _id_of(ctx: Context, text: str, node: Node, path: str) -> str | None:
    problem = id_problem(text)
    if problem is not None:
        ctx.error(node, path, *problem)
        return None
    return text


def _read_size(
    ctx: Context, node: Node, path: str, shape: str
) -> tuple[float | None, float | None]:
    if not isinstance(node, Scalar) or node.value is None or isinstance(node.value, bool):
        ctx.error(node, path, f"expected a size like 3/4in or 1in x 1/2in, got {describe(node)}")
        return None, None
    text = node.raw if isinstance(node.value, (int, float)) else str(node.value)
    parts = [p.strip() for p in text.lower().split("x")]
    if shape == "rect" and len(parts) != 2:
        ctx.error(node, path, f"a rect takes width x height, got {text!r}", "e.g. 1in x 1/2in")
        return None, None
    if shape != "rect" and len(parts) != 1:
        ctx.error(
            node,
            path,
            f"a {shape} piece takes one size, got {text!r}",
            "use shape: rect for width x height",
        )
        return None, None
    read = [_one_size(ctx, node, path, p) for p in parts]
    sizes = [s for s in read if s is not None]
    if len(sizes) < len(read):
        return None, None
    if shape == "rect":
        return sizes[0], sizes[1]
    if shape == "hex":  # flat-topped, the size across the flats
        return sizes[0] * 2 / math.sqrt(3), sizes[0]
    return sizes[0], sizes[0]


def _one_size(ctx: Context, node: Node, path: str, text: str) -> float | None:
    bare = text.replace(" ", "")
    if bare in PRESETS:
        return PRESETS[bare]
    if bare and bare[-1].isdigit():  # no unit: only a preset may go without one
        hint = did_you_mean(bare, PRESETS, PRESET_HINT, cutoff=0.5)
        ctx.error(node, path, f"unknown size preset {text!r}", hint)
        return None
    try:
        value = parse_length(text)
    except UnitError as exc:
        ctx.error(node, path, exc.message, exc.hint)
        return None
    if value <= 0:
        ctx.error(node, path, f"size must be more than zero, got {text!r}")
        return None
    return value


def _read_attrs(ctx: Context, node: Node, path: str, v) -> dict[str, str]:
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {describe(node)}")
        return {}
    out: dict[str, str] = {}
    for key, value in node.entries.items():
        if (clash := built_in_clash(key)) is not None:
            ctx.error(node.key_spans[key], f"{path}.{key}", *clash)
            continue
        text = v.text(value, f"{path}.{key}")
        if text is not None:
            out[key] = text
    return out


# ---- faces ------------------------------------------------------------------

ELEMENT_KEYS = ("text", "icon", "image", "unit")


def _read_face(ctx: Context, node: Node, path: str, v, size: Size = (None, None)) -> Face | None:
    if isinstance(node, Scalar):  # front: "Room Full" is a face with one centred text
        text = v.text(node, path)
        if text is None:
            return None
        return Face(elements=(TextEl(text, Place(), node.span, path),), span=node.span)
    f = Fields(ctx, node, path, FACE)
    if f.map is None:
        return None
    background = _colour(f, v, FACE_BACKGROUND)
    border, border_width = f.get(FACE_BORDER, _read_border, v, size) or (None, 0.0)
    grid = f.get(FACE_GRID, _read_grid)
    facing = f.choice(FACE_FACING)
    elements: list = []
    # Elements stack in the order their keys are written.
    for key in f.map.keys():
        if key not in ELEMENT_KEYS:
            continue
        sub = f.sub(key)
        raw = f.node_of(FACE.keys[key])
        if raw is None:  # a key of this mapping: never
            continue
        items = list(enumerate(raw)) if isinstance(raw, Seq) else [(None, raw)]
        for i, item in items:
            ipath = sub if i is None else f"{sub}[{i}]"
            el = _READERS[key](ctx, v, item, ipath, grid)
            if el is not None:
                elements.append(el)
    f.allow(*ELEMENT_KEYS)
    layout = f.get(LAYOUT_KEY, _layout_name)
    fields = f.get(FIELDS_KEY, _read_attrs, v)
    f.close()
    return Face(
        background=background,
        border=border,
        border_width=border_width,
        grid=grid,
        elements=tuple(elements),
        span=node.span,
        layout=layout,
        facing=facing,
        fields=NO_ATTRS if fields is None else fields,
    )


Size = tuple[float | None, float | None]  # a piece's width and height, when they read


def _read_border(
    ctx: Context, node: Node, path: str, v, size: Size
) -> tuple[str | None, float] | None:
    if isinstance(node, Scalar):
        return v.colour(node, path), 1.0
    f = Fields(ctx, node, path, BORDER)
    colour = _colour(f, v, BORDER_COLOUR)
    width = f.get(BORDER_WIDTH, _border_width, size)
    f.close()
    return None if width is None else (colour, width)


def _border_width(ctx: Context, node: Node, path: str, size: Size) -> float | None:
    """A border is drawn a little inside the cut line: one as wide as half the piece's
    narrower side (less that gap, layout/counters/faces.py's) leaves nothing inside it."""
    width = as_length(ctx, node, path)
    w, h = size
    if width is None or w is None or h is None:
        return width
    small = min(w, h)
    room = small / 2 - max(1.0, small * 0.035)
    if width >= room:
        ctx.error(
            node,
            path,
            f"a border {width:g} pt wide fills the whole {w:g} x {h:g} pt piece",
            f"a border is drawn inside the cut line: make it narrower than {room:.4g} pt",
        )
        return None
    return width


def _read_grid(ctx: Context, node: Node, path: str) -> tuple[int, int] | None:
    pair = _int_pair(node)
    if pair is None or min(pair) < 1 or max(pair) > 12:
        ctx.error(node, path, f"expected [rows, columns] from 1 to 12, got {describe(node)}")
        return None
    return pair


def _int_pair(node: Node) -> tuple[int, int] | None:
    if not isinstance(node, Seq) or len(node) != 2:
        return None
    vals = [n.value if isinstance(n, Scalar) else None for n in node]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in vals):
        return None
    return vals[0], vals[1]  # type: ignore[return-value]


def _read_place(ctx: Context, f: Fields, grid: tuple[int, int] | None) -> Place:
    at = f.choice(_AT)
    cell_node = f.node_of(_CELL)
    if cell_node is None:
        return Place(at)
    if f.both("cell"):
        return Place(at)
    pair = _int_pair(cell_node)
    if grid is None:
        ctx.error(cell_node, f.sub("cell"), "cell: needs a grid: [rows, columns] on the face")
        return Place(at)
    if pair is None or not (1 <= pair[0] <= grid[0] and 1 <= pair[1] <= grid[1]):
        ctx.error(
            cell_node,
            f.sub("cell"),
            f"expected [row, column] inside the {grid[0]} x {grid[1]} grid, "
            f"got {describe(cell_node)}",
        )
        return Place(at)
    return Place(at, pair)


def _read_text(ctx: Context, v, node: Node, path: str, grid) -> TextEl | None:
    if isinstance(node, Scalar):
        text = v.text(node, path)
        return None if text is None else TextEl(text, Place(), node.span, path)
    f = Fields(ctx, node, path, TEXT_EL)
    if f.map is None:
        return None
    text = f.get(TEXT_EL_TEXT, _text, v)
    place = _read_place(ctx, f, grid)
    family = f.get(TEXT_EL_FONT, _text, v)
    size = f.length(TEXT_EL_SIZE)
    min_size = f.length(TEXT_EL_MIN_SIZE)
    bold = f.boolean(TEXT_EL_BOLD)
    italic = f.boolean(TEXT_EL_ITALIC)
    align = f.choice(TEXT_EL_ALIGN)
    wrap = f.boolean(TEXT_EL_WRAP)
    colour = _colour(f, v, TEXT_EL_COLOUR)
    f.close()
    if text is None:
        return None
    if size is not None and min_size > size:
        min_size = size
    return TextEl(
        text, place, node.span, path, family, size, min_size, bold, italic, align, colour, wrap
    )


def _read_icon(ctx: Context, v, node: Node, path: str, grid) -> IconEl | None:
    if isinstance(node, Scalar):
        name = v.then(_icon_of, v.text(node, path), node, path)
        return None if name is None else IconEl(name, Place(), node.span, path)
    f = Fields(ctx, node, path, ICON_EL)
    if f.map is None:
        return None
    name = f.get(ICON_EL_NAME, _text, v)
    name_node = f.node_of(ICON_EL_NAME)
    place = _read_place(ctx, f, grid)
    colour = _colour(f, v, ICON_EL_COLOUR)
    scale = f.number(ICON_EL_SCALE)
    f.close()
    name = v.then(_icon_of, name, name_node, f.sub("name"))
    if name is None:
        return None
    return IconEl(name, place, node.span, path, colour, scale)


def _icon_of(ctx: Context, name: str, node: Node, path: str) -> str | None:
    return name if ctx.known_icon(node, path, name) else None


def _read_image(ctx: Context, v, node: Node, path: str, grid) -> ImageEl | None:
    file_node: Node | None = node
    if isinstance(node, Scalar):
        f = None
        fpath = path
    else:
        f = Fields(ctx, node, path, IMAGE_EL)
        if f.map is None:
            return None
        file_node = f.node_of(IMAGE_EL_FILE)
        fpath = f.sub("file")
    place = _read_place(ctx, f, grid) if f is not None else Place()
    scale = f.number(IMAGE_EL_SCALE) if f is not None else 1.0
    if f is not None:
        f.close()
    if file_node is None:
        return None
    picture = v.then(_picture, v.text(file_node, fpath), file_node, fpath)
    if picture is None:
        return None
    return ImageEl(picture, place, node.span, path, scale)


def _picture(ctx: Context, name: str, node: Node | None, path: str) -> Picture | None:
    """The file's verified content, read once per game however many pieces show it."""
    seen = ctx.extra.setdefault("pictures", {})
    if name not in seen:
        from ..pictures import read_picture  # only for a game whose pieces show images

        try:
            seen[name] = got = read_picture(ctx.folder, name)
        except FileRefused as exc:
            seen[name] = exc
        else:  # what drawing them holds in memory: decoded pixels, SVG drawings
            w, h = got.pixels
            if not (
                spend(ctx, "pixels", w * h, node, path)
                and spend(ctx, "svg", len(got.data) if got.kind == "svg" else 0, node, path)
            ):
                seen[name] = None
    got = seen[name]
    if got is None:
        return None
    if isinstance(got, FileRefused):
        ctx.error(node, path, got.message, got.hint)
        return None
    return got


def _read_unit(ctx: Context, v, node: Node, path: str, grid) -> UnitEl | None:
    """`unit: infantry` or {type: "infantry armour", size: division, colour, fill, scale}."""
    f = None if isinstance(node, Scalar) else Fields(ctx, node, path, UNIT_EL)
    if f is not None and f.map is None:
        return None
    type_node = node if f is None else f.node_of(UNIT_EL_TYPE)
    tpath = path if f is None else f.sub("type")
    branches = v.text(type_node, tpath) if type_node is not None else None
    size = size_node = place = colour = fill = None
    scale = 1.0
    if f is not None:
        size = f.get(UNIT_EL_SIZE, _text, v)
        size_node = f.node_of(UNIT_EL_SIZE)
        place = _read_place(ctx, f, grid)
        colour = _colour(f, v, UNIT_EL_COLOUR)
        fill = _colour(f, v, UNIT_EL_FILL)
        scale = f.number(UNIT_EL_SCALE)
        f.close()
    branches = v.then(_unit_of, branches, type_node, tpath, size, size_node, f"{path}.size")
    if branches is None:
        return None
    return UnitEl(branches, place or Place(), node.span, path, size, colour, fill, scale)


def _unit_of(
    ctx: Context, branches: str, node: Node, path: str, size, size_node, size_path: str
) -> str | None:
    """The branch words, if each is known and so is the size mark (when there is one)."""
    ok = True
    for word in branches.split() or [""]:
        if word not in UNIT_BRANCHES:
            ctx.error(node, path, f"unknown unit type {word!r}", suggest(word, UNIT_BRANCHES))
            ok = False
    if size is not None and size not in UNIT_SIZES:
        ctx.error(size_node, size_path, f"unknown unit size {size!r}", suggest(size, UNIT_SIZES))
        ok = False
    return branches if ok else None


_ELEMENT_KEY = {TextEl: "text", IconEl: "icon", ImageEl: "image", UnitEl: "unit"}
_READERS = {"text": _read_text, "icon": _read_icon, "image": _read_image, "unit": _read_unit}


def _has_layout(d: CounterDef) -> bool:
    return d.front.layout is not None or (d.back is not None and d.back.layout is not None)
