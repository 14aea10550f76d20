"""The terms rules are written in: piece selectors, targets and location tests."""

from __future__ import annotations

from ..model.rules import ANY, Name, Selector, Target, Where, prop_text
from ..names import suggest
from .fields import Context, Fields, as_text, read_list
from .yamlnodes import Map, Node, Scalar, Seq, describe

# attributes whose value alone names a piece in messages ("farmer", not "type=farmer")
NAMING_KEYS = ("id", "type", "kind", "side")
_REF_WORDS = {"side": "placing side"}  # how `$side` reads in a message
YES_NO = ("yes", "no", "true", "false")  # values that say nothing without their key


def read_selector(ctx: Context, node: Node, path: str) -> Selector | None:
    """`farmer-red` (an id), `any`, or {attr: value-or-list, ..., not: selector}."""
    if isinstance(node, Scalar):
        text = as_text(ctx, node, path)
        if text is None:
            return None
        if text == "any":
            return ANY
        return Selector((("id", frozenset([text])),), None, text, node.span)
    if not isinstance(node, Map):
        ctx.error(
            node, path, f"expected a piece id or a mapping of attributes, got {describe(node)}"
        )
        return None
    attrs: list[tuple[str, frozenset[str]]] = []
    words: list[str] = []
    negate = None
    for key, (_, value) in node.entries.items():
        sub = f"{path}.{key}"
        if key == "not":
            negate = read_selector(ctx, value, sub)
            continue
        values = read_names(ctx, value, sub)
        if not values:
            continue
        if values == ["any"]:
            continue  # {type: any}: an "any type" slot
        attrs.append((key, frozenset(values)))
        shown = "/".join(values)
        if any(v.startswith("$") for v in values):
            refs = "/".join(_REF_WORDS.get(v[1:], v[1:]) for v in values)
            words.append(f"with the {key} of its {refs}")
        elif key in NAMING_KEYS or not any(v in YES_NO for v in values):
            words.append(shown)
        else:
            words.append(f"{key}={shown}")
    text = " ".join(words) or "any piece"
    if negate is not None:
        text = f"{text} other than {negate.text}" if words else f"any piece but {negate.text}"
    return Selector(tuple(attrs), negate, text, node.span)


def read_names(ctx: Context, node: Node, path: str) -> list[Name]:
    """A name or a list of names, each kept with where it was written."""
    items = list(enumerate(node)) if isinstance(node, Seq) else [(None, node)]
    out = []
    for i, item in items:
        text = as_text(ctx, item, path if i is None else f"{path}[{i}]")
        if text:
            out.append(Name(text, item.span))
    return out


def field_names(f: Fields, key: str) -> tuple[Name, ...]:
    """The names under one key of a mapping (none when the key is absent)."""
    raw = f.raw(key)
    return tuple(read_names(f.ctx, raw, f.sub(key))) if raw is not None else ()


TARGET_KEYS = ("pieces", "cell", "place", "area", "terrain", "opposite")


def read_target(ctx: Context, node: Node, path: str) -> Target | None:
    """{pieces: sel} | {cell: C4} | {place: p} | {area: a} | {terrain: t} | {opposite: target}."""
    if not isinstance(node, Map) or len(node.entries) != 1:
        ctx.error(
            node,
            path,
            "expected one of " + ", ".join(TARGET_KEYS) + " as a mapping of one key",
            "e.g. {pieces: {type: leader}} or {place: gate}",
        )
        return None
    key = node.keys()[0]
    value = node.get(key)
    assert value is not None
    sub = f"{path}.{key}"
    if key not in TARGET_KEYS:
        ctx.error(node.key_span(key), sub, f"unknown target {key!r}", suggest(key, TARGET_KEYS))
        return None
    if key == "pieces":
        sel = read_selector(ctx, value, sub)
        return Target("pieces", (), sel, None, node.span, sel.text) if sel else None
    if key == "opposite":
        inner = read_target(ctx, value, sub)
        return (
            Target("opposite", (), None, inner, node.span, f"opposite {inner.text}")
            if inner
            else None
        )
    names = tuple(read_names(ctx, value, sub))
    if not names:
        return None
    return Target(key, names, None, None, node.span, f"{key} {'/'.join(names)}")


WHERE_KEYS = (
    "terrain",
    "props",
    "area",
    "cell",
    "place",
    "within",
    "beyond",
    "adjacent_to",
    "same_area_as",
    "on_line",
    "on_map",
    "feature",
    "line",
    "box",
    "not",
    "any_of",
)


def read_where(ctx: Context, node: Node, path: str) -> Where | None:
    """A location test: every key given must hold for the cell (see docs/format.md)."""
    f = Fields(ctx, node, path)
    if f.map is None:
        return None
    parts: dict = {}
    for key in ("terrain", "area", "cell", "place", "feature", "line", "box"):
        raw = f.raw(key)
        if raw is not None:
            parts[key] = tuple(read_names(ctx, raw, f.sub(key)))
    raw = f.raw("props")
    if raw is not None:
        props = _read_props(ctx, raw, f.sub("props"))
        if props:
            parts["props"] = props
    for key in ("within", "beyond"):
        raw = f.raw(key)
        if raw is not None:
            dist = _read_distance(ctx, raw, f.sub(key))
            if dist is not None:
                parts[key] = dist
    for key in ("adjacent_to", "same_area_as"):
        raw = f.raw(key)
        if raw is not None:
            target = read_target(ctx, raw, f.sub(key))
            if target is not None:
                parts[key] = target
    raw = f.raw("on_line")
    if raw is not None:
        line = _read_line(ctx, raw, f.sub("on_line"))
        if line is not None:
            parts["on_line"] = line
    on_map = f.boolean("on_map")
    if on_map is not None:
        parts["on_map"] = on_map
    raw = f.raw("not")
    if raw is not None:
        negate = read_where(ctx, raw, f.sub("not"))
        if negate is not None:
            parts["negate"] = negate
    raw = f.raw("any_of")
    if raw is not None:
        parts["any_of"] = tuple(read_list(ctx, raw, f.sub("any_of"), read_where))
    f.close()
    if not parts:
        if not f.map.entries:  # otherwise the keys' own errors say what is wrong
            ctx.error(node, path, "an empty location test", "use " + ", ".join(WHERE_KEYS))
        return None
    return Where(span=node.span, **parts)


def _read_props(ctx: Context, node: Node, path: str) -> tuple[tuple[str, str], ...]:
    """{lockable: true, room: true}: the cell's terrain has these property values."""
    if not isinstance(node, Map) or not node.entries:
        ctx.error(node, path, f"expected a mapping of terrain properties, got {describe(node)}")
        return ()
    out = []
    for key, (_, value) in node.entries.items():
        if not isinstance(value, Scalar) or value.value is None:
            ctx.error(value, f"{path}.{key}", f"expected a value, got {describe(value)}")
            continue
        out.append((Name(key, node.key_span(key)), prop_text(value.value)))
    return tuple(out)


def _read_line(ctx: Context, node: Node, path: str) -> tuple[Target, Target] | None:
    """{from: target, to: target}."""
    f = Fields(ctx, node, path)
    ends = []
    for key in ("from", "to"):
        raw = f.raw(key)
        if raw is None:
            if f.map is not None:
                ctx.error(node, path, f"missing required key {key!r}")
            continue
        target = read_target(ctx, raw, f.sub(key))
        if target is not None:
            ends.append(target)
    f.close()
    return (ends[0], ends[1]) if len(ends) == 2 else None


def _read_distance(
    ctx: Context, node: Node, path: str
) -> tuple[int, Target, tuple[str, ...]] | None:
    """{cells: N, of: target, through: [terrain, ...]}."""
    f = Fields(ctx, node, path)
    cells = f.integer("cells", lo=0, required=True)
    raw_through = f.raw("through")
    through = tuple(read_names(ctx, raw_through, f.sub("through"))) if raw_through else ()
    raw = f.raw("of")
    if raw is None and f.map is not None:
        ctx.error(node, path, "missing required key 'of'")
    target = read_target(ctx, raw, f.sub("of")) if raw is not None else None
    f.close()
    if cells is None or target is None:
        return None
    return (int(cells), target, through)
