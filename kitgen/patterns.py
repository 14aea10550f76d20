"""Regular expressions compiled at their first use, not as their module is imported.

Python's `re` parses and compiles a pattern in Python code: a class of a few scattered
characters costs a few hundred thousand instructions, a class of Unicode ranges millions.
A build of a thousand counters imports 23 of kitgen's patterns and uses 9 of them; each
`pattern(...)` below is compiled when a match first asks for it (`kitgen build`'s start-up
was 1.5 times ReportLab's, issue 41). tests/test_patterns.py checks that no module of
kitgen compiles a pattern as it is imported.
"""

from __future__ import annotations

import re
from typing import Any, cast

# What a compiled pattern offers that kitgen's code reads: each is copied onto the lazy
# pattern at its first use, so later uses cost what the compiled pattern's own do.
_OFFERED = (
    "search",
    "match",
    "fullmatch",
    "sub",
    "subn",
    "split",
    "findall",
    "finditer",
    "groups",
    "groupindex",
)


class _Lazy:
    """re.compile(pattern, flags) when first used; until then only its text."""

    def __init__(self, pattern: str | bytes, flags: int) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:
        # only asked for what the instance does not hold yet: the compiled pattern's own
        compiled = re.compile(self.pattern, self.flags)
        for offered in _OFFERED:
            setattr(self, offered, getattr(compiled, offered))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"pattern({self.pattern!r})"


def pattern(text: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(text, flags)`, compiled at its first use."""
    return cast("re.Pattern[str]", _Lazy(text, flags))


def bytes_pattern(text: bytes, flags: int = 0) -> re.Pattern[bytes]:
    """`re.compile(text, flags)` of bytes, compiled at its first use."""
    return cast("re.Pattern[bytes]", _Lazy(text, flags))
