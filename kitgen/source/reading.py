"""Reading ``reading:`` (see :mod:`kitgen.model.reading`) and numbering the kit's readings."""

from __future__ import annotations

from ..model.reading import Reading, numbered
from ..records import replace
from .fields import Context, Fields, as_text
from .spec import TEXT, Either, Key, Spec
from .yamlnodes import Map, Node

KIT_READING_KIT = Key("kit", TEXT, "the kit's reading, in its own words", required=True)
KIT_READING_SOURCE = Key("source", TEXT, "what the source says, or that it is silent", default="")
KIT_READING = Spec(
    "reading",
    KIT_READING_KIT,
    KIT_READING_SOURCE,
    heading="The kit's reading (`reading:`)",
)
# `reading:` where a kit chooses what the source does not say: a mark, and a note on the
# kit's notes page
READING = Key("reading", Either(TEXT, KIT_READING), "the kit's own reading: marked and noted")


class Readings:
    """The kit's readings in the order they are read, each numbered once: the same words
    read again (a card's copies, designs that share one count) keep their first mark."""

    def __init__(self) -> None:
        self.notes: list[Reading] = []

    def add(self, reading: Reading) -> Reading:
        for seen in self.notes:
            if (seen.kit, seen.source) == (reading.kit, reading.source):
                return seen
        marked = replace(reading, mark=numbered(len(self.notes) + 1))
        self.notes.append(marked)
        return marked


def kit_readings(ctx: Context) -> Readings:
    """The readings of the game being read (kept with the reading context)."""
    found = ctx.extra.get("readings")
    if not isinstance(found, Readings):
        found = ctx.extra["readings"] = Readings()
    return found


def read_reading(ctx: Context, node: Node | None, path: str) -> Reading | None:
    """``reading: text`` or ``reading: {kit: text, source: text}``, numbered in the kit."""
    if node is None:
        return None
    if isinstance(node, Map):
        f = Fields(ctx, node, path, KIT_READING)
        kit = f.text(KIT_READING_KIT)
        source = f.text(KIT_READING_SOURCE)
        f.close()
        return kit_readings(ctx).add(Reading(kit, source)) if kit else None
    kit = as_text(ctx, node, path)
    return kit_readings(ctx).add(Reading(kit)) if kit else None


class Marks:
    """A reader's handle on the kit's readings: the mark each puts on its thing."""

    def __init__(self, ctx: Context) -> None:
        self.readings = kit_readings(ctx)

    def mark(self, reading: Reading | None) -> str:
        return reading.mark if reading is not None else ""

    def noted(self, text: str) -> str:
        """The mark of a reading given as plain text (an out-of-range policy's why)."""
        return self.readings.add(Reading(text)).mark


__all__ = ["READING", "Marks", "Readings", "kit_readings", "read_reading"]
