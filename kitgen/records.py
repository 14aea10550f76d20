"""Record: a plain slotted class compared and shown by its fields, as a dataclass is.

For classes every run imports: a dataclass compiles its __init__, __repr__ and __eq__
when its module loads (about 0.6 ms a class on Python 3.11, and a build imports dozens);
a Record costs no more than its class statement. Each Record writes its own __init__
and names its fields in __slots__ (a subclass only its own): `_fields` lists them all,
base class first, for __eq__ and __repr__.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Record:
    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._fields = tuple(
            name for klass in reversed(cls.__mro__) for name in klass.__dict__.get("__slots__", ())
        )

    def _values(self) -> tuple:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]  # mutable, as a plain dataclass

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"
