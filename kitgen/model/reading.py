"""The kit's reading: what a kit chose where its source is silent or unclear, marked.

Any table, row, cell, card face, map, track, counter design, rule, threat table (and its
out-of-range policy) or template may carry ``reading:``: a short text saying what the kit
chose, or ``{kit: ..., source: ...}`` to give the source's own wording beside it. The
marked thing carries a small numbered mark (†1, †2 ...), one number per reading in the
whole kit; the words go on the kit's one "Notes on this edition" page (in its rulebook,
else notes.pdf), where an auditor finds every choice together, and every page that carries
a mark says in its foot where that page is (layout/frame.py). No ReportLab here.
"""

from __future__ import annotations

from ..patterns import pattern
from ..records import record
from ..style import READING_MARK, sentence

MARK = READING_MARK  # †, numbered: †1, †2 ...
NOTES_TITLE = "Notes on this edition"
NOTES_INTRO = (
    "Where the source is silent or unclear, this kit made a choice. Each is marked where "
    "it is made (a small \u2020 and its number, on a piece, a card, a map, a table or a rule); "
    "its words are here."
)
GLANCE_TITLE = "At a glance"  # the rulebook's summary page: the kit's contents names both
_TRAILING = pattern("\u2020[0-9]+$")


@record
class Reading:
    kit: str  # what the kit chose, in its own words
    source: str = ""  # the source's own wording, where it is ambiguous
    mark: str = ""  # its mark in the kit (†3): the note is on the notes page


def numbered(n: int) -> str:
    """The mark of the kit's n-th reading (1-based): †1, †2 ..."""
    return f"{MARK}{n}"


def unmarked(title: str) -> str:
    """A title without the reading mark it ends in ("Game — the map†2" -> "Game — the
    map"): for where the title is named away from the mark (a kit's contents list, another
    sheet's instructions, a sheet's label)."""
    return _TRAILING.sub("", title)


def note(reading: Reading) -> str:
    """The note on the notes page, after its mark (the page's title says what it is): the
    kit's reading, the source's words, each printed as a sentence (`style.sentence`)."""
    text = sentence(reading.kit)
    if reading.source:
        quoted = f"\u201c{reading.source}\u201d"
        text += f" Source: {sentence(quoted)}"
    return text


__all__ = [
    "GLANCE_TITLE",
    "MARK",
    "NOTES_INTRO",
    "NOTES_TITLE",
    "Reading",
    "note",
    "numbered",
    "unmarked",
]
