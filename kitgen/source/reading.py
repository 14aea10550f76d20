"""Reading ``reading:`` (see :mod:`kitgen.model.reading`) and handing out its marks."""

from __future__ import annotations

from ..model.reading import Reading, dagger, note
from .fields import Context, Fields, as_text
from .yamlnodes import Map, Node


def read_reading(ctx: Context, node: Node | None, path: str) -> Reading | None:
    """``reading: text`` or ``reading: {kit: text, source: text}``."""
    if node is None:
        return None
    if isinstance(node, Map):
        f = Fields(ctx, node, path)
        kit = f.text("kit", required=True)
        source = f.text("source", default="")
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


__all__ = ["Marks", "read_reading"]
