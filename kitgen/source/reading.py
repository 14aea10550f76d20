"""Reading ``reading:`` (see :mod:`kitgen.model.reading`) and handing out its marks."""

from __future__ import annotations

from ..model.reading import Reading, dagger, note
from .fields import Context, Fields, as_text
from .spec import TEXT, Either, Key, Spec
from .yamlnodes import Map, Node

KIT_READING = Spec(
    "reading",
    Key("kit", TEXT, "the kit's reading, in its own words", required=True),
    Key("source", TEXT, "what the source says, or that it is silent", default=""),
    heading="The kit's reading (`reading:`)",
)
# `reading:` where a kit chooses what the source does not say: a dagger and a note
READING = Key("reading", Either(TEXT, KIT_READING), "the kit's own reading: marked and noted")


def read_reading(ctx: Context, node: Node | None, path: str) -> Reading | None:
    """``reading: text`` or ``reading: {kit: text, source: text}``."""
    if node is None:
        return None
    if isinstance(node, Map):
        f = Fields(ctx, node, path, KIT_READING)
        kit = f.text("kit")
        source = f.text("source")
        f.close()
        return Reading(kit, source) if kit else None
    kit = as_text(ctx, node, path)
    return Reading(kit) if kit else None


class Marks:
    """Hands out one mark per reading of a thing (a table, a card face) and keeps the notes."""

    def __init__(self) -> None:
        self.notes: list[str] = []
        self.count = 0

    def sign(self) -> str:
        """The next mark, for a note printed elsewhere."""
        self.count += 1
        return dagger(self.count - 1)

    def mark(self, reading: Reading | None) -> str:
        if reading is None:
            return ""
        sign = self.sign()
        self.notes.append(note(reading, sign))
        return sign


__all__ = ["READING", "Marks", "read_reading"]
