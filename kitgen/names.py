"""Names shared by every stage: what an id may look like, and the did-you-mean hint a
diagnostic gives for a name it does not know."""

from __future__ import annotations

import re
from collections.abc import Iterable

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
# A {name} in a text that a record or for_each row fills, and the {{ and }} that print a
# brace (group 1: the name). The one pattern of the readers, the copies and the rosters.
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_-]*)\}")


def placeholders(text: str) -> list[str]:
    """The names of the {placeholders} in `text`, in order."""
    return [m.group(1) for m in PLACEHOLDER.finditer(text) if m.group(1)]


def in_words(key: str) -> str:
    """An id as a person reads it, where the data gives no title: "room-4" reads
    "Room 4", "victory_points" "Victory points"."""
    text = key.replace("_", " ").replace("-", " ")
    return text[:1].upper() + text[1:]


def close_match(word: str, options: Iterable[str], cutoff: float = 0.6) -> str | None:
    """The option most like `word`, if any is close enough."""
    import difflib  # only when a word is wrong: most runs never need it

    close = difflib.get_close_matches(word, list(options), n=1, cutoff=cutoff)
    return close[0] if close else None


def suggest(word: str, options: Iterable[str]) -> str:
    """'did you mean 'x'?' or a list of the valid options."""
    options = list(options)
    return did_you_mean(word, options) or ("valid: " + ", ".join(options) if options else "")


def did_you_mean(word: str, options: Iterable[str], hint: str = "", cutoff: float = 0.6) -> str:
    """`hint`, after "did you mean 'x'?" when an option is close to `word`."""
    close = close_match(word, options, cutoff)
    return " ".join(filter(None, [f"did you mean {close!r}?" if close else "", hint]))
