"""`record`: the one kind of class kitgen's models (`kitgen/model/`) are.

A record is declared like a dataclass, its annotated attributes being its fields:

    @record
    class Place:
        anchor: str = "centre"
        cell: tuple[int, int] | None = None

and behaves like a frozen, slotted dataclass: made by keyword or by position, each
field with its default or `field(default_factory=...)`; its fields cannot be set
(`FrozenError`); compared and hashed by value (`field(compare=False)` leaves a field
out), only with records of its own class; a repr like a dataclass's. `replace` makes
a copy with some fields changed, `fields` lists a record class's fields. mypy checks
fields and constructor calls as for a dataclass (`typing.dataclass_transform`).

Why not `dataclasses` (docs/architecture.md "Holding data", docs/performance.md):
on Python 3.11 a frozen dataclass compiles five generated methods with one `exec`
each, about 1 ms a class (a counters build makes a dozen model classes), and its
`__init__` sets every field through `object.__setattr__`, about 1,300 instructions a
field, where a plain slot store costs a few dozen. A record compiles one function, its
`__new__`, and shares the others among all records; the `__new__` fills a mutable
twin of the class (same slots, the ordinary `__setattr__`) with plain stores, then
gives the object its own, frozen class. The `__new__` is compiled when the class makes
its first record, not when it is declared: a build imports many record classes it never
makes one of (a module's other models, a layout's rare cases), and a compile costs
about 0.5M instructions.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")


class _Missing:
    """No default given."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class FrozenError(AttributeError):
    """A record's field was assigned or deleted."""


class Field:
    """One field of a record class: its name, default (or a function making one) and
    whether it takes part in comparing and hashing."""

    __slots__ = ("name", "default", "default_factory", "compare")

    def __init__(self, default: Any, default_factory: Any, compare: bool):
        self.name = ""
        self.default = default
        self.default_factory = default_factory
        self.compare = compare

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


@overload
def field(*, default: T, compare: bool = True) -> T: ...
@overload
def field(*, default_factory: Callable[[], T], compare: bool = True) -> T: ...
def field(*, default: Any = MISSING, default_factory: Any = MISSING, compare: bool = True) -> Any:
    """A field's default made by `default_factory` for each record (a dict, say), or a
    field left out of comparing and hashing (`compare=False`)."""
    if default is not MISSING and default_factory is not MISSING:
        raise ValueError("a field takes a default or a default_factory, not both")
    return Field(default, default_factory, compare)


def fields(kind: type | object) -> tuple[Field, ...]:
    """A record class's (or a record's) fields, in the order its constructor takes them."""
    cls = kind if isinstance(kind, type) else type(kind)
    try:
        return cls.__record_fields__  # type: ignore[attr-defined]
    except AttributeError:
        raise TypeError(f"{cls.__qualname__} is not a record") from None


def replace(rec: T, /, **changes: Any) -> T:
    """A copy of `rec` with the fields named in `changes` set to their values."""
    cls = type(rec)
    names = cls.__record_names__  # type: ignore[attr-defined]
    for name in changes:
        if name not in names:
            raise TypeError(f"{cls.__qualname__} has no field {name!r}")
    values = {name: getattr(rec, name) for name in names}
    values.update(changes)
    return cls(**values)


# The methods every record shares (a record's own definition of one wins).
def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__record_key__
    return key(self) == key(other)


def _hash(self: Any) -> int:
    return hash(self.__record_key__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__record_fields__)
    return f"{self.__class__.__qualname__}({shown})"


def _reduce(self: Any) -> tuple:
    # pickled as its class and its fields' values: a served page's diagnostics go
    # between processes, and a sheet's pieces are keyed by their pickled bytes
    return (self.__class__, self.__record_values__(self))


def _setattr(self: Any, name: str, value: object) -> None:
    raise FrozenError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenError(f"cannot delete field {name!r}")


_SHARED = {
    "__eq__": _eq,
    "__hash__": _hash,
    "__repr__": _repr,
    "__reduce__": _reduce,
    "__setattr__": _setattr,
    "__delattr__": _delattr,
}
_SHARED_MUTABLE = {"__eq__": _eq, "__hash__": None, "__repr__": _repr, "__reduce__": _reduce}


def _own_fields(cls: type) -> list[Field]:
    """The fields the class body declares: annotated names that are not ClassVars."""
    out = []
    for name, note in cls.__dict__.get("__annotations__", {}).items():
        if "ClassVar" in str(note):
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(value, MISSING, True)
        f.name = name
        out.append(f)
    return out


def _key(names: list[str]) -> Callable[[object], tuple]:
    """The values a record is compared and hashed by, as a tuple."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda rec: (one(rec),)
    return lambda rec: ()


def _new_source(all_fields: list[Field], frozen: bool, check: bool) -> tuple[str, dict]:
    """The source of a record class's `__new__`, and the names it uses: it stores each
    field by name into a new object (of the mutable twin, when frozen), then gives it
    its own class and runs `__post_init__` (`check`)."""
    used: dict[str, Any] = {"_new": object.__new__, "_FACTORY": MISSING}
    params, stores = [], []
    defaulted = False
    for f in all_fields:
        value = f.name
        if f.default_factory is not MISSING:
            used[f"_make_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_FACTORY")
            value = f"_make_{f.name}() if {f.name} is _FACTORY else {f.name}"
        elif f.default is not MISSING:
            used[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif defaulted:
            raise TypeError(f"non-default field {f.name!r} follows a field with a default")
        else:
            params.append(f.name)
        defaulted = defaulted or params[-1] != f.name
        stores.append(f"    o.{f.name} = {value}")
    lines = [f"def __new__(cls, {', '.join(params)}):"]
    lines.append("    o = _new(_fill)" if frozen else "    o = _new(cls)")
    lines += stores
    lines += ["    o.__class__ = cls"] if frozen else []
    lines += ["    o.__post_init__()"] if check else []
    lines.append("    return o")
    return "\n".join(lines), used


@overload
def record(cls: type[T], /) -> type[T]: ...
@overload
def record(*, frozen: bool = True) -> Callable[[type[T]], type[T]]: ...
@dataclass_transform(frozen_default=True, field_specifiers=(field, Field))
def record(cls: Any = None, /, *, frozen: bool = True) -> Any:
    """Make `cls` a record (see the module's docstring); `frozen=False`: a working
    record, whose fields a stage fills in (not hashable, as a mutable dataclass)."""
    if cls is None:
        return lambda cls: _make(cls, frozen)
    return _make(cls, frozen)


def _make(cls: type, frozen: bool) -> type:
    inherited: list[Field] = []
    for base in reversed(cls.__mro__[1:]):
        inherited += getattr(base, "__record_fields__", ())
    own = _own_fields(cls)
    names = [f.name for f in own]
    all_fields = [f for f in inherited if f.name not in names] + own
    source, used = _new_source(all_fields, frozen, hasattr(cls, "__post_init__"))
    extra = tuple(cls.__dict__.get("__slots__", ()))  # e.g. a cache, not a field
    dropped = {*names, *extra, "__dict__", "__weakref__"}
    body = {k: v for k, v in cls.__dict__.items() if k not in dropped}
    body["__slots__"] = (*names, *extra)
    body["__new__"] = _first_new(source, used, frozen)
    body["__record_fields__"] = tuple(all_fields)
    body["__record_names__"] = frozenset(f.name for f in all_fields)
    body["__record_key__"] = staticmethod(_key([f.name for f in all_fields if f.compare]))
    body["__record_values__"] = staticmethod(_key([f.name for f in all_fields]))
    for name, method in (_SHARED if frozen else _SHARED_MUTABLE).items():
        body.setdefault(name, method)
    made = type(cls)(cls.__name__, cls.__bases__, body)
    used["_made"] = made
    return made


def _twin(made: type) -> type:
    """The class a frozen record's `__new__` fills: the same slots, assignable (both
    `__setattr__` and `__delattr__`: they share one type slot, which is a plain store
    only when neither is a Python function). Made with the `__new__`, at the first record."""
    twin = {"__slots__": (), "__setattr__": object.__setattr__, "__delattr__": object.__delattr__}
    return type(made.__name__, (made,), twin)


def _first_new(source: str, used: dict, frozen: bool) -> Callable[..., Any]:
    """A record class's `__new__` until its first record: it compiles the class's own
    `__new__` (one function a class, storing the fields by name) and, for a frozen
    class, the twin it fills; puts it in its place and makes the record with it."""

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        if "__new__" not in used:
            if frozen:
                used["_fill"] = _twin(used["_made"])
            exec(source, used)
            used["_made"].__new__ = staticmethod(used["__new__"])  # as a class body makes it
        return used["__new__"](cls, *args, **kwargs)

    return __new__
