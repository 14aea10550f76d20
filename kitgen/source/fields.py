"""Reading typed values out of YAML nodes, collecting every problem.

A component reader opens a `Fields` on its mapping and asks for each key by
type. Bad values become diagnostics (with file, line, column and a path like
`counters[3].front.text`) and the reader gets the default back, so one run
reports all the errors. `close()` reports the keys nobody asked for, with a
did-you-mean.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeGuard, TypeVar, overload

from ..budget import MAX_NUMBER, MAX_TEXT
from ..colours import ColourError, parse_colour
from ..errors import Diagnostics, Span
from ..files import real_path
from ..names import close_match, did_you_mean, id_problem, suggest
from ..records import field, record
from ..units import UnitError, parse_length
from .spec import Key, Spec, SpecError
from .yamlnodes import Map, Node, Scalar, Seq, describe

T = TypeVar("T")
R = TypeVar("R")  # what a reader's own function reads a key to
V = TypeVar("V")  # what a key declares
# What a getter gives for a key object: the type its declaration says (None too for a key
# without a default), bounded by what the getter reads
_Text = TypeVar("_Text", bound=str | None)
_Number = TypeVar("_Number", bound=float | None)
_Integer = TypeVar("_Integer", bound=int | None)
_Bool = TypeVar("_Bool", bound=bool | None)
_Path = TypeVar("_Path", bound=Path | None)


@record(frozen=False)
class Context:
    """What every reader needs: where diagnostics go, the game folder, its palette and
    where to ask for the names of the icons the renderer draws (the build hands that
    down, and imports the icons only when a reader meets one: readers never import the
    renderer)."""

    diags: Diagnostics
    folder: Path
    palette: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)  # shared look-ups between sections
    icons: Callable[[], Sequence[str]] = tuple  # sorted names

    def apart(self) -> Context:
        """The same context with diagnostics of its own (thrown away, or read later)."""
        return Context(Diagnostics(), self.folder, self.palette, self.extra, self.icons)

    def known_icon(self, node: Node | None, path: str, name: str) -> bool:
        """Whether `name` is a built-in icon; an error at `node` if not."""
        names = self.icons()
        if name in names:
            return True
        hint = did_you_mean(name, names) or "built-in icons: " + ", ".join(names)
        self.error(node, path, f"unknown icon {name!r}", hint)
        return False

    def error(
        self, node_or_span: Node | Span | None, path: str, message: str, hint: str = ""
    ) -> None:
        self.diags.error(_span_of(node_or_span), path, message, hint)

    def warning(
        self, node_or_span: Node | Span | None, path: str, message: str, hint: str = ""
    ) -> None:
        self.diags.warning(_span_of(node_or_span), path, message, hint)


def _span_of(x: Node | Span | None) -> Span | None:
    if isinstance(x, Node):
        return x.span
    return x


# ---- single-node conversions (usable on list items too) -------------------


def as_text(ctx: Context, node: Node, path: str) -> str | None:
    """Text. Unquoted numbers keep exactly what was typed (0101 stays '0101', 1.10 stays '1.10')."""
    if not isinstance(node, Scalar):
        ctx.error(node, path, f"expected text, got {describe(node)}")
        return None
    v = node.value
    if isinstance(v, bool) or v is None:
        if node.plain and node.raw:
            ctx.error(
                node,
                path,
                f"expected text, got {describe(node)}",
                f'YAML reads unquoted {node.raw} as {str(v).lower()}; write "{node.raw}" in quotes',
            )
        else:
            ctx.error(node, path, f"expected text, got {describe(node)}")
        return None
    if isinstance(v, (int, float)):
        return node.raw
    if len(v) > MAX_TEXT:  # laying out one long text costs far more than its bytes
        ctx.error(
            node,
            path,
            f"a text of {len(v):,} characters, more than the {MAX_TEXT:,} allowed",
            "split it; see docs/security.md for the caps",
        )
        return None
    return str(v)


# Characters that print as nothing: spaces, and format characters such as a zero-width
# space (U+200B), a byte-order mark or a right-to-left mark (Unicode category Cf).
def visible(text: str) -> bool:
    """True when `text` holds a character that prints as something."""
    import unicodedata  # only for text without a plain letter

    if any(ch.isalnum() for ch in text[:64]):
        return True
    return any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in text)


def as_number(
    ctx: Context,
    node: Node,
    path: str,
    lo: float | None = None,
    hi: float | None = None,
    integer: bool = False,
) -> float | int | None:
    kind = "a whole number" if integer else "a number"
    if (
        not isinstance(node, Scalar)
        or isinstance(node.value, bool)
        or not isinstance(node.value, (int, float))
    ):
        hint = ""
        if (
            isinstance(node, Scalar)
            and isinstance(node.value, str)
            and re.match(r"^\s*[-+]?[0-9.]+\s*[a-z]+", node.value)
        ):
            hint = "lengths go in keys that take a unit; this one is a plain number"
        ctx.error(node, path, f"expected {kind}, got {describe(node)}", hint)
        return None
    v = node.value
    if integer and not isinstance(v, int):
        ctx.error(node, path, f"expected {kind}, got {describe(node)}")
        return None
    if not -MAX_NUMBER <= v <= MAX_NUMBER:  # also what a key leaves unbounded
        ctx.error(node, path, f"{v} is out of range (at most {MAX_NUMBER:,} either way)")
        return None
    if lo is not None and v < lo or hi is not None and v > hi:
        rng = (
            f"from {lo:g} to {hi:g}"
            if lo is not None and hi is not None
            else (f"at least {lo:g}" if lo is not None else f"at most {hi:g}")
        )
        ctx.error(node, path, f"{v} is out of range ({rng})")
        return None
    return v


def as_length(
    ctx: Context, node: Node, path: str, positive: bool = True, negative: bool = True
) -> float | None:
    """positive: more than zero; else negative=False still refuses less than zero."""
    if not isinstance(node, Scalar) or isinstance(node.value, bool) or node.value is None:
        ctx.error(node, path, f"expected a length like 3/4in or 19mm, got {describe(node)}")
        return None
    try:
        value = parse_length(node.raw if isinstance(node.value, (int, float)) else node.value)
    except UnitError as exc:
        ctx.error(node, path, exc.message, exc.hint)
        return None
    if positive and value <= 0:
        ctx.error(node, path, f"length must be more than zero, got {node.raw}")
        return None
    if not negative and value < 0:
        ctx.error(node, path, f"length cannot be negative, got {node.raw}")
        return None
    return value


MIN_CELL = 9.0  # points (1/8 in): less, and nothing in a cell can be printed to be read
SMALL_CELL = 18.0  # points (1/4 in): less, and what prints in a cell is under 6 pt


def as_cell_size(
    ctx: Context, node: Node, path: str, noun: str = "cell", inside: str = "coordinates and pieces"
) -> float | None:
    """The side of a cell something prints in (a map's cell, a template's square): under
    1/8 in an error, under 1/4 in a warning. `inside` names what prints in it."""
    size = as_length(ctx, node, path)
    if size is None or size >= SMALL_CELL:
        return size
    if size < MIN_CELL:
        ctx.error(
            node,
            path,
            f"a {noun} {size:.4g} pt across is too small to print anything in",
            f"a {noun} must be at least 1/8 in; 1/2 in or more keeps its {inside} legible",
        )
        return None
    ctx.warning(
        node,
        path,
        f"a {noun} {size:.4g} pt across is under 1/4 in: its {inside} print too small to read",
        "1/2 in or more keeps them legible",
    )
    return size


def as_square(ctx: Context, node: Node, path: str) -> float | None:
    """A template's square (one square of the table's grid): checked as a map's cell."""
    return as_cell_size(ctx, node, path, "square", "values and marks")


def as_colour(ctx: Context, node: Node, path: str) -> str | None:
    text = as_text(ctx, node, path)
    if text is None:
        return None
    try:
        return parse_colour(text, ctx.palette)
    except ColourError as exc:
        ctx.error(node, path, exc.message, exc.hint)
        return None


def as_bool(ctx: Context, node: Node, path: str) -> bool | None:
    if isinstance(node, Scalar) and isinstance(node.value, bool):
        return node.value
    ctx.error(node, path, f"expected true or false, got {describe(node)}")
    return None


def as_choice(ctx: Context, node: Node, path: str, options: Iterable[str], what: str) -> str | None:
    options = list(options)
    if not isinstance(node, Scalar):
        ctx.error(node, path, f"expected text, got {describe(node)}", "use " + ", ".join(options))
        return None
    text = as_text(ctx, node, path)
    if text is None:
        return None
    if text not in options:
        hint = did_you_mean(text, options, "use " + ", ".join(options))
        ctx.error(node, path, f"unknown {what} {text!r}", hint)
        return None
    return text


def as_id(ctx: Context, node: Node, path: str) -> str | None:
    """Ids name output files and cross-references, so they are kept file-name safe."""
    text = as_text(ctx, node, path)
    if text is None:
        return None
    problem = id_problem(text)
    if problem is not None:
        ctx.error(node, path, *problem)
        return None
    return text


def as_roll(ctx: Context, node: Node | None, path: str, dice: bool = True) -> str | None:
    """The one reader of dice notation: the expression in its normal form (``1d6`` reads
    ``d6``), or None after an error at `node`. Where dice are thrown (`dice`, every
    `roll:`) the expression must hold a die; a generator's `size` may be a number."""
    from ..chance.dice import DiceError, parse_dice, parse_roll

    if node is None:
        return None
    text = as_text(ctx, node, path)
    if text is None:
        return None
    try:
        return (parse_roll if dice else parse_dice)(text).text
    except DiceError as exc:
        ctx.error(node, path, str(exc))
        return None


def as_path(ctx: Context, node: Node, path: str) -> Path | None:
    """A file inside the game folder; never outside it."""
    text = as_text(ctx, node, path)
    if text is None:
        return None
    root = real_path(ctx.folder)
    target = real_path(root / text)
    if not target.is_relative_to(root):
        ctx.error(node, path, f"path {text!r} leads outside the game folder")
        return None
    if not target.is_file():
        ctx.error(node, path, f"file not found: {text!r}")
        return None
    return target


def expect_map(ctx: Context, node: Node | None, path: str) -> Map | None:
    if node is None:
        return None
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {describe(node)}")
        return None
    return node


def is_file_list(node: Node | None) -> TypeGuard[Map]:
    """A mapping with `file:` where a list is expected: the list is in that file
    (source/spreadsheets/tabular.py reads it)."""
    return isinstance(node, Map) and "file" in node


def expect_seq(ctx: Context, node: Node | None, path: str) -> Seq | None:
    """A list; `{file: x.csv}` (or .xlsx) in its place is the list of the file's rows,
    each a record keyed by the header row (placements, rosters, rows ...)."""
    if node is None:
        return None
    if is_file_list(node):
        from .spreadsheets.tabular import file_list  # only for a game with a spreadsheet

        return file_list(ctx, node, path)
    if not isinstance(node, Seq):
        ctx.error(node, path, f"expected a list, got {describe(node)}", _list_hint(node))
        return None
    return node


def _list_hint(node: Node) -> str:
    """A mapping of entries keyed by id is the likeliest slip: show the list form."""
    if isinstance(node, Map) and node.entries:
        first = next(iter(node.entries))
        if all(isinstance(v, Map) for v in node.entries.values()):
            return (
                f"one entry per line starting with '- ', each with its id: - {{id: {first}, ...}}"
            )
        return "one entry per line starting with '- '"
    return ""


# ---- a mapping read key by key --------------------------------------------


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Any = _Unset()  # a getter setting left to the declaration


class Fields:
    """One mapping, read key by key against its spec. Call close() to report unknown keys.

    Every key asked for must be declared in `spec` (a SpecError otherwise: a bug).
    A getter left without a default, range, choices or required flag takes the
    declared ones; one given must agree with the declaration, except a default
    the declaration leaves to the reader (declared None) and required=True for a
    key needed only in some cases (the schema leaves it optional)."""

    def __init__(self, ctx: Context, node: Node | None, path: str, spec: Spec | None = None):
        self.ctx = ctx
        self.path = path
        self.node = node
        self.spec = spec
        self.map = expect_map(ctx, node, path) if node is not None else None
        self.known: dict[str, None] = {}  # keys asked for, in order (a dict: O(1) lookups)
        self.said_missing: set[str] = set()  # said once, however often a reader asks
        self.opened = len(ctx.diags.items)  # diagnostics before this mapping was read

    # -- plumbing
    def sub(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    @property
    def span(self) -> Span | None:
        return self.node.span if self.node is not None else None

    def has(self, key: str) -> bool:
        if key not in self.known:
            if self.spec is not None and key not in self.spec.keys:
                self.spec.key(key)  # raises: undeclared
            self.known[key] = None
        return self.map is not None and key in self.map

    def kind(self, kind: str) -> None:
        """Read on with the keys of this kind as well as the shared ones."""
        assert self.spec is not None
        self.spec = self.spec.of_kind(kind)

    def skip_rest(self) -> None:
        """Leave the other keys unread and unreported (the mapping is wrong as a whole)."""
        if self.map is not None:
            for key in self.map.keys():
                self.known[key] = None

    def raw(self, key: str) -> Node | None:
        """The node under key (and marks the key known)."""
        if not self.has(key) or self.map is None:  # has(): no key of no mapping
            return None
        return self.map.get(key)

    def key_span(self, key: str) -> Span | None:
        """Where `key` itself is written (a key read from this mapping: it is there)."""
        return self.map.key_span(key) if self.map is not None else None

    def value_span(self, key: str) -> Span | None:
        """Where the value of a key already read is written (None: not written)."""
        node = self.map.get(key) if self.map is not None else None
        return node.span if node is not None else None

    def allow(self, *keys: str) -> None:
        """Keys read elsewhere (or ignored on purpose), so close() accepts them."""
        for key in keys:
            self.has(key)

    def _declared(self, key: str, getter: str, **given: Any) -> dict[str, Any]:
        """The getter's settings: given ones checked against the declaration, the rest
        taken from it (without a spec, the old defaults: None and not required)."""
        if self.spec is None:
            return {
                name: (None if name != "required" else False) if value is UNSET else value
                for name, value in given.items()
            }
        decl = self.spec.key(key, getter)
        out = {}
        for name, value in given.items():
            declared = _declared_setting(decl, name)
            if value is UNSET:
                value = declared
            elif name == "options" and set(value) <= set(declared):
                pass  # the choices that apply here (a hex map's sides), in the reader's order
            elif value != declared and not (
                (name == "default" and declared is None) or (name == "required" and value)
            ):
                raise SpecError(
                    f"{self.spec.name}.{key}: {name} {value!r} differs from the declared "
                    f"{declared!r}"
                )
            out[name] = value
        return out

    def _missing(self, key: str, required: bool) -> None:
        """Report `key` missing (it is absent) if it is required here, or leads a OneOf
        group none of whose keys is written; with the declared hint. Once: a reader
        that asks again for the node (to point at it) says nothing more."""
        if self.map is None or key in self.said_missing:
            return
        hint, message = "", f"missing required key {key!r}"
        if self.spec is not None and key in self.spec.keys:
            hint = self.spec.keys[key].missing
            group = self.spec.group_led_by(key)
            if group is not None and not any(k in self.map for k in group.keys):
                required, hint, message = True, group.hint, group.none or message
        if required and not self._misspelt_here(key):
            self.said_missing.add(key)
            self.ctx.error(self.node, self.path, message, hint)

    def _misspelt_here(self, key: str) -> bool:
        """A key written in this mapping that close() will report as unknown with "did
        you mean `key`?": one message for the one mistake, not a second "missing"."""
        assert self.map is not None
        declared = list(self.spec.keys) if self.spec is not None else [key]
        return any(k not in declared and close_match(k, declared) == key for k in self.map.keys())

    def _get(
        self, key: str, required: bool, default: Any, convert: Callable[[Node, str], Any]
    ) -> Any:
        node = self.raw(key)
        if node is None:
            self._missing(key, required)
            return default
        value = convert(node, self.sub(key))
        if required and isinstance(value, str) and not visible(value):
            self.ctx.error(
                node,
                self.sub(key),
                "blank text (spaces or invisible characters only)",
                "it is required: write it out",
            )
            return default
        return default if value is None else value

    def _read(
        self, key: str, getter: str, default: Any, required: Any, convert: Callable[..., Any]
    ) -> Any:
        d = self._declared(key, getter, default=default, required=required)
        return self._get(key, d["required"], d["default"], convert)

    # -- keys read by the reader's own function, against the declaration
    def node_of(self, key: Key[Any], required: Any = UNSET) -> Node | None:
        """The node under `key` for the reader to read itself; if it is absent and
        declared required (or leads a OneOf group none of whose keys is written),
        reported missing with the declared hint."""
        return self._node(self._name(key), required)

    def _node(self, name: str, required: Any = UNSET) -> Node | None:
        node = self.raw(name)
        if node is None:
            self._missing(name, self._declared(name, "", required=required)["required"])
        return node

    @overload
    def get(self, key: Key[V | None], read: Callable[..., R | None], *args: Any) -> R | None: ...
    @overload
    def get(self, key: Key[V], read: Callable[..., R | None], *args: Any) -> R | V: ...
    def get(self, key: str | Key[Any], read: Callable[..., Any], *args: Any) -> Any:
        """`read(ctx, node, path, *args)` on the node under `key`. Absent, or when read
        gives None (having said why): the declared default. Absent and required: as
        node_of() says."""
        name = self._name(key)
        node = self._node(name)
        value = None if node is None else read(self.ctx, node, self.sub(name), *args)
        return self._default(name) if value is None else value

    def both(self, key: str, *given: bool) -> bool:
        """Whether two keys of the OneOf group holding `key` are given together: written,
        or as `given` says (one flag per key of the group, in its order: a reader that
        drops a value it refused). If so, the group's declared `both` is said where it
        says (`OneOf.at`)."""
        assert self.spec is not None and self.map is not None
        group = self.spec.group_of(key)
        self.allow(*group.keys)
        if not given:
            given = tuple(k in self.map for k in group.keys)
        if sum(given) < 2:
            return False
        if not group.at:
            self.ctx.error(self.node, self.path, group.both)
        elif group.on_key:
            self.ctx.error(self.map.key_span(group.at), self.sub(group.at), group.both)
        else:
            self.ctx.error(self.map.get(group.at), self.sub(group.at), group.both)
        return True

    def none(self, key: str, *given: bool) -> bool:
        """Whether no key of the needed OneOf group holding `key` (declared with
        `reader_says`) is given: written, or as `given` says (one flag per key of the
        group, in its order: a value read as empty, or refused, is not given). If so,
        the group's `none` is said at the mapping, with its hint. False for a value
        that is not a mapping (said already)."""
        assert self.spec is not None
        group = self.spec.needed_group_of(key)
        if self.map is None:
            return False
        if not given:
            given = tuple(k in self.map for k in group.keys)
        if any(given):
            return False
        self.ctx.error(self.node, self.path, group.none, group.hint)
        return True

    def default(self, key: Key[V]) -> V:
        """The declared default of `key` (None without a spec)."""
        return self._default(self._name(key))

    def _default(self, key: str) -> Any:
        return self._declared(key, "", default=UNSET)["default"]

    def _name(self, key: str | Key[Any]) -> str:
        """The name of a key asked for by name or by its declaration (which must be the
        one in this mapping's spec)."""
        if isinstance(key, str):
            return key
        if self.spec is None or self.spec.keys.get(key.name) is not key:
            raise SpecError(f"key {key.name!r} is not declared in this mapping's spec")
        return key.name

    # -- typed getters: asked by a key object, the value its declaration says (settings
    # and all from it). Readers ask by key objects only (mypy holds them to it); the
    # implementations take a name too, for the spec's own tests.
    @overload
    def text(self, key: Key[_Text], *, required: bool = ...) -> _Text: ...
    @overload
    def text(self, key: Key[str | None], default: str, required: bool = ...) -> str: ...
    def text(self, key: str | Key[Any], default: Any = UNSET, required: Any = UNSET) -> Any:
        convert = lambda n, p: as_text(self.ctx, n, p)  # noqa: E731
        return self._read(self._name(key), "text", default, required, convert)

    @overload
    def id(self, key: Key[_Text], *, required: bool = ...) -> _Text: ...
    @overload
    def id(self, key: Key[str | None], default: str, required: bool = ...) -> str: ...
    def id(self, key: str | Key[Any], default: Any = UNSET, required: Any = UNSET) -> Any:
        if self.spec is None and required is UNSET:
            required = True
        convert = lambda n, p: as_id(self.ctx, n, p)  # noqa: E731
        return self._read(self._name(key), "id", default, required, convert)

    @overload
    def number(self, key: Key[_Number], *, required: bool = ...) -> _Number: ...
    @overload
    def number(self, key: Key[float | None], default: float, *, required: bool = ...) -> float: ...
    def number(
        self,
        key: str | Key[Any],
        default: Any = UNSET,
        lo: Any = UNSET,
        hi: Any = UNSET,
        required: Any = UNSET,
    ) -> Any:
        key = self._name(key)
        d = self._declared(key, "number", default=default, lo=lo, hi=hi, required=required)
        return self._get(
            key,
            d["required"],
            d["default"],
            lambda n, p: as_number(self.ctx, n, p, d["lo"], d["hi"]),
        )

    @overload
    def integer(self, key: Key[_Integer], *, required: bool = ...) -> _Integer: ...
    @overload
    def integer(self, key: Key[int | None], default: int, *, required: bool = ...) -> int: ...
    def integer(
        self,
        key: str | Key[Any],
        default: Any = UNSET,
        lo: Any = UNSET,
        hi: Any = UNSET,
        required: Any = UNSET,
    ) -> Any:
        key = self._name(key)
        d = self._declared(key, "integer", default=default, lo=lo, hi=hi, required=required)
        return self._get(
            key,
            d["required"],
            d["default"],
            lambda n, p: as_number(self.ctx, n, p, d["lo"], d["hi"], integer=True),
        )

    @overload
    def length(
        self, key: Key[_Number], *, required: bool = ..., positive: bool = ..., negative: bool = ...
    ) -> _Number: ...
    @overload
    def length(
        self,
        key: Key[float | None],
        default: float,
        required: bool = ...,
        positive: bool = ...,
        negative: bool = ...,
    ) -> float: ...
    def length(
        self,
        key: str | Key[Any],
        default: Any = UNSET,
        required: Any = UNSET,
        positive: bool = True,
        negative: bool = True,
    ) -> Any:
        return self._read(
            self._name(key),
            "length",
            default,
            required,
            lambda n, p: as_length(self.ctx, n, p, positive, negative),
        )

    @overload
    def colour(self, key: Key[_Text], *, required: bool = ...) -> _Text: ...
    @overload
    def colour(self, key: Key[str | None], default: str, required: bool = ...) -> str: ...
    def colour(self, key: str | Key[Any], default: Any = UNSET, required: Any = UNSET) -> Any:
        convert = lambda n, p: as_colour(self.ctx, n, p)  # noqa: E731
        return self._read(self._name(key), "colour", default, required, convert)

    @overload
    def boolean(self, key: Key[_Bool]) -> _Bool: ...
    @overload
    def boolean(self, key: Key[bool | None], default: bool) -> bool: ...
    def boolean(self, key: str | Key[Any], default: Any = UNSET) -> Any:
        convert = lambda n, p: as_bool(self.ctx, n, p)  # noqa: E731
        return self._read(self._name(key), "boolean", default, False, convert)

    @overload
    def choice(
        self, key: Key[_Text], options: Any = ..., *, required: bool = ..., what: str | None = ...
    ) -> _Text: ...
    @overload
    def choice(
        self,
        key: Key[str | None],
        options: Any = ...,
        *,
        default: str,
        required: bool = ...,
        what: str | None = ...,
    ) -> str: ...
    def choice(
        self,
        key: str | Key[Any],
        options: Any = UNSET,
        default: Any = UNSET,
        required: Any = UNSET,
        what: str | None = None,
    ) -> Any:
        key = self._name(key)
        d = self._declared(key, "choice", default=default, options=options, required=required)
        opts = list(d["options"])
        if what is None and self.spec is not None:
            what = self.spec.keys[key].type.what or None  # type: ignore[attr-defined]
        return self._get(
            key,
            d["required"],
            d["default"],
            lambda n, p: as_choice(self.ctx, n, p, opts, what or key),
        )

    @overload
    def file(self, key: Key[_Path], *, required: bool = ...) -> _Path: ...
    @overload
    def file(self, key: Key[Path | None], default: Path, required: bool = ...) -> Path: ...
    def file(self, key: str | Key[Any], default: Any = UNSET, required: Any = UNSET) -> Any:
        convert = lambda n, p: as_path(self.ctx, n, p)  # noqa: E731
        return self._read(self._name(key), "file", default, required, convert)

    def seq(
        self,
        key: Key[Any],
        read_item: Callable[[Context, Node, str], T | None],
        required: Any = UNSET,
    ) -> list[T]:
        """A list; read_item(ctx, node, path) returns None for an item it rejected."""
        name = self._name(key)
        required = self._declared(name, "seq", required=required)["required"]
        node = self.raw(name)
        if node is None:
            self._missing(name, required)
            return []
        return read_list(self.ctx, node, self.sub(name), read_item)

    def texts(self, key: Key[list[str] | None], required: Any = UNSET) -> list[str]:
        """A list of text, or a single text taken as a list of one."""
        name = self._name(key)
        required = self._declared(name, "texts", required=required)["required"]
        node = self.raw(name)
        if node is None:
            self._missing(name, required)
            return []
        if isinstance(node, Scalar):
            one = as_text(self.ctx, node, self.sub(name))
            return [one] if one is not None else []
        return read_list(self.ctx, node, self.sub(name), as_text)

    def close(self) -> None:
        """Report keys that no reader asked for. The valid ones are those asked for, in
        that order: declared keys (has() refuses others) that apply here (a kind's keys
        are not valid for another kind)."""
        if self.map is None:
            return
        valid = None
        for key in self.map.keys():
            if key not in self.known and not self._left_after_error(key):
                if valid is None:
                    valid = list(self.known)
                self.ctx.error(
                    self.map.key_span(key),
                    self.sub(key),
                    f"unknown key {key!r}",
                    suggest(key, valid),
                )

    def _left_after_error(self, key: str) -> bool:
        """A declared key the reader did not reach because an error in this mapping
        stopped it: valid, so not reported as unknown (the error says what is wrong)."""
        if self.spec is None or key not in self.spec.keys:
            return False
        return any(d.is_error for d in self.ctx.diags.items[self.opened :])


def _declared_setting(key: Key, name: str) -> Any:
    if name == "options":
        return key.type.options  # type: ignore[attr-defined]
    return getattr(key, name)


def read_list(
    ctx: Context, node: Node, path: str, read_item: Callable[[Context, Node, str], T | None]
) -> list[T]:
    seq = expect_seq(ctx, node, path)
    if seq is None:
        return []
    out: list[T] = []
    for i, item in enumerate(seq):
        value = read_item(ctx, item, f"{path}[{i}]")
        if value is not None:
            out.append(value)
    return out


def read_unique_list(
    ctx: Context,
    node: Node,
    path: str,
    read_item: Callable[[Context, Node, str], T | None],
    what: str,
) -> list[T]:
    """A list of items with ids (read_list), each id used once (check_unique_ids: `what`
    names the item in the message)."""
    items = read_list(ctx, node, path, read_item)
    check_unique_ids(ctx, items, path, what)
    return items


def check_unique_ids(ctx: Context, items: Iterable[Any], path: str, what: str) -> None:
    """Items with .id and .span: a second use of an id is an error naming the first. Ids
    that differ only in case are one id too: they name one file where case is not told
    apart (macOS and Windows), and the second kit file would replace the first."""
    seen: dict[str, Any] = {}
    for item in items:
        if item.id is None:  # a bad id, reported where it is written
            continue
        first = seen.get(item.id.casefold())
        if first is None:
            seen[item.id.casefold()] = item
            continue
        # a spreadsheet row's piece is placed at the cell its id is made from
        at, first_at = _id_place(item), _id_place(first)
        where = "elsewhere" if not first_at else f"line {first_at.line}"
        if first_at and first_at.cell is not None:  # a spreadsheet's row
            where = f"row {first_at.cell.row}"
        if first_at and at and first_at.file != at.file:
            where = str(first_at)  # another file (a scenario, an include)
        if first.id == item.id:
            ctx.error(at, path, f"duplicate {what} id {item.id!r} (first at {where})")
        else:
            ctx.error(
                at,
                path,
                f"{what} id {item.id!r} differs from {first.id!r} (at {where}) only in case",
                "macOS and Windows read them as one name, so one file would replace the "
                "other: make them differ in letters",
            )


def _id_place(item: Any) -> Span | None:
    """Where an item's id is written: the cell a spreadsheet row's id is made from, else
    the item's own place."""
    return getattr(item, "cell", None) or item.span
