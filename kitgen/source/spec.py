"""The format as data: every mapping's keys declared once, with type, default and help.

A reader opens `Fields(ctx, node, path, SPEC)`; each key it asks for must be
declared in SPEC (asking for another is a `SpecError`, a bug the tests meet),
a typed getter must match the declared type, and its default, range, choices
and required flag come from the declaration. The same declarations give the
valid keys in error messages, the JSON Schema (`kitgen schema`, schema.py) and
the key tables of docs/format.md (tools/format_keys.py).

A key declared as a constant carries the type of its value (`Key[str]` for a text with
a default, `Key[str | None]` for one without), so a reader that asks for it by the
constant (`f.text(TITLE)`) gets that type, checked by mypy, and cannot restate the
declared default or range (the getters take none with a key object).

Plain slotted classes, not dataclasses: every run imports this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

if TYPE_CHECKING:
    from .fields import Fields

V = TypeVar("V")  # the value a type, or a key, reads to
R = TypeVar("R")  # the record a spec builds


class SpecError(Exception):
    """A reader asked for a key its spec does not declare, or as another type."""


class Type(Generic[V]):
    """What a value may be: `doc` names it in the docs, `schema()` gives JSON Schema;
    V is what a getter reads it to."""

    __slots__ = ("doc",)
    doc: str
    getters: tuple[str, ...] = ()  # the Fields getters that read this type

    def schema(self) -> dict[str, Any]:
        raise NotImplementedError

    def specs(self) -> Iterable[Spec]:
        """The mappings declared inside this type (for $defs and the docs)."""
        return ()


class Scalar(Type[V]):
    __slots__ = ("_schema", "getters")

    def __init__(self, doc: str, schema: dict[str, Any], getters: tuple[str, ...] = ()) -> None:
        self.doc = doc
        self._schema = schema
        self.getters = getters

    def schema(self) -> dict[str, Any]:
        return dict(self._schema)


# A text value may be written as an unquoted number (kept as typed), never true/false.
TEXT: Scalar[str] = Scalar("text", {"type": ["string", "number"]}, ("text",))
ID: Scalar[str] = Scalar("id", {"type": ["string", "number"]}, ("id",))
NUMBER: Scalar[float] = Scalar("number", {"type": "number"}, ("number",))
INTEGER: Scalar[int] = Scalar("whole number", {"type": "integer"}, ("integer",))
LENGTH: Scalar[float] = Scalar("length", {"type": ["string", "number"]}, ("length",))
COLOUR: Scalar[str] = Scalar("colour", {"type": "string"}, ("colour",))
BOOLEAN: Scalar[bool] = Scalar("true/false", {"type": "boolean"}, ("boolean",))
FILE: Scalar[Path] = Scalar("file", {"type": "string"}, ("file",))
ANY: Scalar[Any] = Scalar("any value", {})
NULL: Scalar[None] = Scalar("nothing", {"type": "null"})


class Choice(Type[str]):
    """One of fixed words; `what` names them in messages ("unknown anchor 'x'")."""

    __slots__ = ("options", "what")
    getters = ("choice",)

    def __init__(self, options: Iterable[str], what: str = "") -> None:
        self.options = tuple(options)
        self.what = what
        self.doc = "one of " + ", ".join(f"`{o}`" for o in self.options)

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.options)}


class ListOf(Type[list[V]]):
    __slots__ = ("item",)
    getters = ("seq",)

    def __init__(self, item: Type[V]) -> None:
        self.item = item
        self.doc = f"list of {item.doc}"

    def schema(self) -> dict[str, Any]:
        # a list may be kept in a spreadsheet: {file: units.csv} stands for its rows
        return {"anyOf": [{"type": "array", "items": self.item.schema()}, FILE_LIST.schema()]}

    def specs(self) -> Iterable[Spec]:
        yield from self.item.specs()
        yield FILE_LIST


class OneOrList(Type[list[V]]):
    """One item, or a list of them."""

    __slots__ = ("item",)
    getters = ("texts", "seq")

    def __init__(self, item: Type[V]) -> None:
        self.item = item
        self.doc = f"{item.doc} or a list of them"

    def schema(self) -> dict[str, Any]:
        one = self.item.schema()
        return {"anyOf": [one, {"type": "array", "items": one}]}

    def specs(self) -> Iterable[Spec]:
        return self.item.specs()


class Either(Type[Any]):
    __slots__ = ("alternatives", "getters")

    def __init__(self, *alternatives: Type[Any]) -> None:
        self.alternatives = alternatives
        self.doc = " or ".join(a.doc for a in alternatives)
        self.getters = tuple(g for a in alternatives for g in a.getters)

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [a.schema() for a in self.alternatives]}

    def specs(self) -> Iterable[Spec]:
        for a in self.alternatives:
            yield from a.specs()


class Named(Type[Any]):
    """A mapping whose keys are names the game chooses, each holding `value`."""

    __slots__ = ("value",)

    def __init__(self, value: Type[Any], doc: str = "") -> None:
        self.value = value
        self.doc = doc or f"names, each a {value.doc}"

    def schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.value.schema()}

    def specs(self) -> Iterable[Spec]:
        return self.value.specs()


class Key(Generic[V]):
    """One key of a mapping. `default` is the value when the key is absent (None: none,
    or one the reader works out, which `help` then says); `lo`/`hi` bound a number;
    `missing` is the hint printed when a required key is left out; `field` the record
    field it fills when a spec builds one (default: its name). V is what the key reads
    to: its type's value, or None too when it has no default."""

    __slots__ = ("name", "type", "help", "default", "required", "lo", "hi", "missing", "field")

    @overload
    def __init__(
        self: Key[V | None],
        name: str,
        type: Type[V],
        help: str,
        default: None = None,
        required: bool = False,
        lo: float | None = None,
        hi: float | None = None,
        missing: str = "",
        field: str = "",
    ) -> None: ...

    @overload
    def __init__(
        self: Key[V],
        name: str,
        type: Type[V],
        help: str,
        default: V,
        required: bool = False,
        lo: float | None = None,
        hi: float | None = None,
        missing: str = "",
        field: str = "",
    ) -> None: ...

    def __init__(
        self,
        name: str,
        type: Type[Any],
        help: str,
        default: Any = None,
        required: bool = False,
        lo: float | None = None,
        hi: float | None = None,
        missing: str = "",
        field: str = "",
    ) -> None:
        self.field = field or name
        self.name = name
        self.type = type
        self.help = help
        self.default = default
        self.required = required
        self.lo = lo
        self.hi = hi
        self.missing = missing

    def schema(self) -> dict[str, Any]:
        out = self.type.schema()
        if self.lo is not None:
            out["minimum"] = self.lo
        if self.hi is not None:
            out["maximum"] = self.hi
        if self.help:
            out["description"] = self.help
        if isinstance(self.default, (str, int, float, bool)):
            out["default"] = self.default
        return out


class OneOf:
    """Keys of which a mapping takes one.

    `needed`: one must be written. With none, the first is reported when the reader
    asks for it: "missing required key 'rows'" with `hint`, or `none` (its own words,
    said at the mapping). With `reader_says`, the reader says `none` itself, through
    `Fields.none()` once it has read the values: then a value read as empty (an empty
    list or text, a zero) or refused counts as not given. `alone`: no two together
    (with `needed`, exactly one). A reader that meets two calls `Fields.both()`, which
    says `both` at `at`: the value of that key (its name, with `on_key`), or the
    mapping when `at` is empty."""

    __slots__ = (
        "keys",
        "hint",
        "alone",
        "needed",
        "none",
        "both",
        "at",
        "on_key",
        "reader_says",
    )

    def __init__(
        self,
        *keys: str,
        hint: str = "",
        alone: bool = True,
        needed: bool = True,
        none: str = "",
        both: str = "",
        at: str = "",
        on_key: bool = False,
        reader_says: bool = False,
    ) -> None:
        if not (needed or alone):
            raise SpecError(f"one_of {keys}: a group that is not needed must be alone")
        if reader_says and not (needed and none):
            raise SpecError(f"one_of {keys}: a reader says `none` only of a needed group")
        if at and at not in keys or both and not alone:
            raise SpecError(f"one_of {keys}: `both` is said at one of its keys, if alone")
        self.keys = keys
        self.hint = hint
        self.alone = alone
        self.needed = needed
        self.none = none
        self.both = both
        self.at = at
        self.on_key = on_key
        self.reader_says = reader_says

    def schema(self) -> dict[str, Any]:
        each = [{"required": [k]} for k in self.keys]
        if self.needed:
            return {"oneOf" if self.alone else "anyOf": each}
        pairs = [[a, b] for i, a in enumerate(self.keys) for b in self.keys[i + 1 :]]
        if len(pairs) == 1:
            return {"not": {"required": pairs[0]}}
        return {"not": {"anyOf": [{"required": pair} for pair in pairs]}}

    @property
    def doc(self) -> str:
        names = ", ".join(f"`{k}`" for k in self.keys)
        if len(self.keys) == 1:  # a required key with words of its own when missing
            return f"Give {names}."
        if not self.needed:
            return f"Give at most one of {names}."
        return f"Give {'exactly' if self.alone else 'at least'} one of {names}."


class Spec(Type[Any]):
    """The keys of one kind of mapping, in the order readers ask for them.

    `name` is unique (the schema's $defs and the docs name it); `heading` the
    docs/format.md heading that explains it. A mapping whose keys depend on
    one of them (`kind: circle`) declares the shared keys, `kind_key`, and per
    value of it the keys of its own (`kinds`); the reader, once it knows the
    kind, reads on with `Fields.kind(value)`. `one_of` declares the groups of keys
    of which one is written (`OneOf`), and `kind_one_of` those of one kind."""

    __slots__ = (
        "name",
        "keys",
        "heading",
        "kind_key",
        "kinds",
        "one_of",
        "kind_one_of",
        "_combined",
    )

    def __init__(
        self,
        name: str,
        *keys: Key[Any],
        heading: str = "",
        kind_key: str = "",
        kinds: dict[str, tuple[Key[Any], ...]] | None = None,
        one_of: tuple[OneOf, ...] = (),
        kind_one_of: dict[str, tuple[OneOf, ...]] | None = None,
    ) -> None:
        self.name = name
        self.doc = f"a {name} mapping"
        self.heading = heading
        self.kind_key = kind_key
        self.kinds = kinds or {}
        self.one_of = one_of
        self.kind_one_of = kind_one_of or {}
        self.keys: dict[str, Key] = {}
        self._combined: dict[str, Spec] = {}
        self.add(*keys)
        if self.kinds and kind_key not in self.keys:
            raise SpecError(f"{name}: kinds need their key {kind_key!r} declared")
        for kind, groups in [("", one_of), *self.kind_one_of.items()]:
            own = {k.name: k for k in self.kinds.get(kind, ())}
            for group in groups:
                for key in group.keys:
                    decl = own.get(key) or self.keys.get(key)
                    if decl is None or decl.required:
                        raise SpecError(
                            f"{name}: one_of key {key!r} must be declared, not required"
                        )

    def add(self, *keys: Key) -> None:
        """More keys (a spec that holds itself is declared first, then given its keys)."""
        for key in keys:
            if key.name in self.keys:
                raise SpecError(f"{self.name}: key {key.name!r} declared twice")
            self.keys[key.name] = key

    def of_kind(self, kind: str) -> Spec:
        """The shared keys and those of `kind`, as one spec."""
        spec = self._combined.get(kind)
        if spec is None:
            keys = (*self.keys.values(), *self.kinds[kind])
            groups = (*self.one_of, *self.kind_one_of.get(kind, ()))
            spec = Spec(f"{self.name}-{kind}", *keys, one_of=groups)
            self._combined[kind] = spec
        return spec

    def key(self, name: str, getter: str = "") -> Key:
        """The declaration of `name`, read by `getter` (a Fields method) if given."""
        key = self.keys.get(name)
        if key is None:
            raise SpecError(f"{self.name}: key {name!r} is not declared")
        if getter and getter not in key.type.getters:
            raise SpecError(
                f"{self.name}.{name} is declared as {key.type.doc}, not read by {getter}()"
            )
        return key

    def group_led_by(self, name: str) -> OneOf | None:
        """The needed OneOf group that `name` comes first in (the one reported missing
        when the reader asks for it; not one whose reader says so itself)."""
        return next(
            (g for g in self.one_of if g.needed and not g.reader_says and g.keys[0] == name),
            None,
        )

    def needed_group_of(self, name: str) -> OneOf:
        """The needed OneOf group holding `name` whose reader says when none is given."""
        group = next((g for g in self.one_of if name in g.keys and g.reader_says), None)
        if group is None:
            raise SpecError(f"{self.name}: no one_of group with reader_says holds {name!r}")
        return group

    def group_of(self, name: str) -> OneOf:
        """The OneOf group holding `name` that says when two are given together."""
        group = next((g for g in self.one_of if name in g.keys and g.both), None)
        if group is None:
            raise SpecError(f"{self.name}: no one_of group with `both` holds {name!r}")
        return group

    def all_keys(self) -> list[Key]:
        """The shared keys, then every kind's own."""
        return [*self.keys.values(), *(k for keys in self.kinds.values() for k in keys)]

    def schema(self) -> dict[str, Any]:
        return {"$ref": f"#/$defs/{self.name}"}

    def definition(self) -> dict[str, Any]:
        """This mapping's own JSON Schema (the body of its $defs entry). Kept to what
        draft-07 editors understand too: a kind's keys are refused on another kind by
        `if`/`then` (no unevaluatedProperties, which yaml-language-server ignores)."""
        props = {k.name: k.schema() for k in self.keys.values()}
        for name, schemas in self._kind_schemas().items():
            props[name] = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        out: dict[str, Any] = {"type": "object", "properties": props}
        required = [k.name for k in self.keys.values() if k.required]
        if required:
            out["required"] = required
        out["additionalProperties"] = False
        rules = [g.schema() for g in self.one_of]
        rules += [self._kind_rule(kind, keys) for kind, keys in self.kinds.items()]
        if rules:
            out["allOf"] = rules
        return out

    def _kind_schemas(self) -> dict[str, list[dict[str, Any]]]:
        """Each kind's own key, with the schemas the kinds declaring it give it."""
        out: dict[str, list[dict[str, Any]]] = {}
        for keys in self.kinds.values():
            for key in keys:
                schemas = out.setdefault(key.name, [])
                if key.schema() not in schemas:
                    schemas.append(key.schema())
        return out

    def _kind_rule(self, kind: str, keys: tuple[Key, ...]) -> dict[str, Any]:
        own = {k.name for k in keys}
        then: dict[str, Any] = {
            "properties": {
                **{k.name: k.schema() for k in keys},
                **{name: False for name in self._kind_schemas() if name not in own},
            }
        }
        required = [k.name for k in keys if k.required]
        if required:
            then["required"] = required
        groups = self.kind_one_of.get(kind, ())
        if groups:
            then["allOf"] = [g.schema() for g in groups]
        return {
            "if": {"properties": {self.kind_key: {"const": kind}}, "required": [self.kind_key]},
            "then": then,
        }

    def specs(self) -> Iterable[Spec]:
        return (self,)  # its keys' specs are walked by all_specs (a spec may hold itself)

    def build(
        self,
        f: Fields,
        make: Callable[..., R],
        hooks: Mapping[str, Callable[..., Any]] | None = None,
        **given: Any,
    ) -> R:
        """The record `make` builds from the mapping `f` reads: each of this spec's keys
        (in declared order) read by its type's getter, or, where the reader must do more,
        by its hook (`f.get(key, hook)`), into the record field the key names; a key
        read to None leaves the record's default. `given`: fields the reader works out.
        Closes `f`."""
        hooks = hooks or {}
        unknown = set(hooks) - set(self.keys)
        if unknown:
            raise SpecError(f"{self.name}: hooks for undeclared keys {sorted(unknown)}")
        values = dict(given)
        for key in self.keys.values():
            hook = hooks.get(key.name)
            if hook is not None:
                value = f.get(key, hook)
            elif key.type.getters and key.type.getters[0] not in ("seq", "texts"):
                value = getattr(f, key.type.getters[0])(key)
            else:  # a list or a mapping: the reader says how it is read
                raise SpecError(f"{self.name}.{key.name} is {key.type.doc}: give it a hook")
            if value is not None:
                values[key.field] = value
        f.close()
        return make(**values)


LIST_FILE = Key("file", TEXT, "a CSV or XLSX file in the game folder", required=True)
LIST_SHEET = Key("sheet", TEXT, "XLSX: the sheet")
LIST_RANGE = Key("range", TEXT, "XLSX: the cells")
LIST_DELIMITER = Key("delimiter", TEXT, "CSV: the delimiter (default: found from the file)")
LIST_WHERE = Key(
    "where",
    Named(OneOrList(TEXT), "columns, each a value or a list of them"),
    "keep only the rows whose columns hold these values",
)
FILE_LIST = Spec(
    "file-list",
    LIST_FILE,
    LIST_SHEET,
    LIST_RANGE,
    LIST_DELIMITER,
    LIST_WHERE,
    heading="Records from spreadsheets: CSV and XLSX",
)


def all_specs(root: Type) -> dict[str, Spec]:
    """Every mapping spec reachable from `root`, by name (a name used twice must be one spec)."""
    found: dict[str, Spec] = {}
    todo = list(root.specs())
    while todo:
        spec = todo.pop(0)
        seen = found.get(spec.name)
        if seen is spec:
            continue
        if seen is not None:
            raise SpecError(f"two specs are named {spec.name!r}")
        found[spec.name] = spec
        for key in spec.all_keys():
            todo.extend(key.type.specs())
    return found
