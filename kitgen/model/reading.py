"""The kit's reading: what a kit chose where its source is silent or unclear, marked.

Any table, row, cell, card face, threat table (and its out-of-range policy) or template may
carry ``reading:``: a short text saying what the kit chose, or ``{kit: ..., source: ...}``
to print the source's own wording beside the kit's reading. The marked thing gets a dagger;
its note prints under it and names itself, so the legend travels with the mark:
'† Kit's reading: ... Source: "..."'. No ReportLab here.
"""

from __future__ import annotations

from ..records import record
from ..style import sentence

DAGGERS = ("\u2020", "\u2021")  # †, ‡; then doubled: ††, ‡‡ ...
LEGEND = "Kit's reading"


@record
class Reading:
    kit: str  # what the kit chose, in its own words
    source: str = ""  # the source's own wording, where it is ambiguous


def dagger(index: int) -> str:
    """The mark of a thing's index-th reading (0-based): †, ‡, ††, ‡‡ ..."""
    return DAGGERS[index % 2] * (index // 2 + 1)


def unmarked(title: str) -> str:
    """A title without the reading mark it ends in ("Game — the map†" -> "Game — the map"):
    for where the title is named away from the note the mark points to (a kit's
    contents list, another sheet's instructions)."""
    return title.rstrip("".join(DAGGERS))


def note(reading: Reading, mark: str = DAGGERS[0]) -> str:
    """The printed note: the mark, the legend, the kit's reading, the source's words, each
    printed as a sentence (`style.sentence`: a full stop where the words end without one),
    so every note under a table, a card or a sheet reads one way."""
    text = f"{mark} {LEGEND}: {sentence(reading.kit)}"
    if reading.source:
        quoted = f"\u201c{reading.source}\u201d"
        text += f" Source: {sentence(quoted)}"
    return text


__all__ = ["DAGGERS", "LEGEND", "Reading", "dagger", "note", "unmarked"]
