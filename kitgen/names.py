"""Names shared by every stage: what an id may look like, and the did-you-mean hint a
diagnostic gives for a name it does not know."""

from __future__ import annotations

import re
from collections.abc import Iterable

from .patterns import pattern

ID_PATTERN = pattern(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
ID_HINT = "use letters, digits, '-', '_' or '.', starting with a letter or digit, at most 64"
# Names Windows keeps for its devices: no file or folder there may be named so, whatever
# follows a dot (NUL.txt is NUL too), in any case.
DEVICES = frozenset(
    ["CON", "PRN", "AUX", "NUL", *(f"{port}{n}" for port in ("COM", "LPT") for n in range(10))]
)
# The longest output file name kitgen makes from an id: a prefix, the id and a suffix.
FILE_NAME = pattern(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,119}$")
# A {name} in a text that a record or for_each row fills, and the {{ and }} that print a
# brace (group 1: the name, a spreadsheet column's as written, spaces and all: {Card
# Text}; group 2: a filter after a bar, {Name|slug}). A name holds no brace, bar, colon,
# comma or line break ({2,3,3,4,4,5} is a die's faces, not a name). The one pattern of
# the readers, the copies and the rosters.
PLACEHOLDER = pattern(r"\{\{|\}\}|\{([A-Za-z0-9_][^{}|:,\n]*?)(?:\|([A-Za-z]+))?\}")


def slug(text: str) -> str:
    """`{Name|slug}`: a name made fit for an id ("Blob, Ship" -> "blob-ship")."""
    import unicodedata  # only for a game that makes ids from names

    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


# What a filter after a placeholder's bar does to the value.
FILTERS = {"slug": slug}


def id_problem(text: str) -> tuple[str, str] | None:
    """The one name check: why `text` cannot be an id, as (message, hint), or None. Ids
    name output files and folders (output/<game>/, map-<id>.pdf, an export's pictures),
    which must be made alike on Linux, macOS and Windows."""
    if not ID_PATTERN.match(text) or ".." in text:
        return f"bad id {text!r}", ID_HINT
    return file_name_problem(text, "id")


def default_id_problem(name: str, source: str, what: str) -> tuple[str, str] | None:
    """id_problem for an id taken from a name where the YAML gives none (a game's folder,
    a scenario's file): `source` says which, `what` whose id it would be."""
    problem = id_problem(name)
    if problem is None:
        return None
    message, _ = problem
    _, _, reason = message.partition(": ")
    return (
        f"the {source} {name!r} cannot serve as the {what} id" + (f": {reason}" if reason else ""),
        "add id: with letters, digits, '-', '_' or '.'",
    )


def file_name_problem(name: str, what: str = "file name") -> tuple[str, str] | None:
    """Why `name` cannot name a file on every system, as (message, hint), or None: the
    characters and length of FILE_NAME, a device name of Windows, a last '.'."""
    if not FILE_NAME.match(name) or ".." in name:
        return f"bad {what} {name!r}", ID_HINT.replace("64", "120")
    stem, _, _ = name.partition(".")
    device = stem.upper()
    if device in DEVICES:
        return (
            f"bad {what} {name!r}: {device} is a device on Windows, where no file or "
            "folder may be named so",
            "rename it; CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 are refused, "
            "alone or before a dot, in any case",
        )
    if name.endswith("."):
        return (
            f"bad {what} {name!r}: Windows drops a name's last '.', so two names could "
            "make one file",
            "end it with a letter, a digit, '-' or '_'",
        )
    return None


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
    """`hint`, after "did you mean 'x'?" when an option is close to `word`; when the two
    differ by a character that looks like another or shows as nothing (a Cyrillic 'а',
    a zero-width space), that character is named, since the message cannot show it."""
    close = close_match(word, options, cutoff)
    mean = f"did you mean {close!r}?" if close else ""
    return " ".join(filter(None, [mean, _unlike(word, close) if close else "", hint]))


def _unlike(word: str, close: str) -> str:
    """'the name holds U+0430 CYRILLIC SMALL LETTER A, ...' for the first character of
    `word` that is not plain ASCII and not in `close`; '' when there is none."""
    import unicodedata  # only when a word is wrong

    for ch in word:
        if ord(ch) > 0x7E and ch not in close:
            name = unicodedata.name(ch, "a character with no name")
            return f"the name holds U+{ord(ch):04X} {name}, which {close!r} does not"
    return ""


def _plain(text: str) -> str:
    return re.sub(r"[\s_-]+", " ", text).strip().casefold()


def as_written(name: str, label: str | None) -> str:
    """A name as a message gives it: the id the author wrote, its label after it in
    brackets where the label says more ('later (Turn 3 reinforcements)'; 'water', not
    'water (Water)')."""
    if not label or _plain(label).startswith(_plain(name)):
        return name
    return f"{name} ({label})"
