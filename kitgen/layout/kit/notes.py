"""The kit's notes page ("Notes on this edition", notes.pdf, for a kit with no rulebook to
hold it): the words of every reading the kit made where its source is silent or unclear,
each after the mark (†1, †2 ...) that stands where the choice is made, so an auditor finds
them all in one place."""

from __future__ import annotations

from ...model.game import Game
from ...model.reading import NOTES_INTRO, NOTES_TITLE, note
from ...style import BODY, INK, MUTED, NOTES_APART, NOTES_LEAD, SMALL, TITLE, typeset
from ..env import PlanEnv
from ..flow import PageFlow
from ..frame import content_box
from ..plan import Document, Font, Text
from ..text import wrap_hard


def plan_notes(game: Game, env: PlanEnv) -> list[Document]:
    """The notes page(s) of a kit with readings and no rulebook; none for a kit without
    readings, and none beside a rulebook, whose last section they are (one home)."""
    if not game.readings or game.rulebook is not None:
        return []
    # Imported only for a kit with readings: the rulebook's model is a counters-only
    # build's largest module it would not otherwise load.
    from ...model.rulebook import numbered

    x0, y0, x1, y1 = content_box(env.paper)
    regular, bold = env.face(), env.face(bold=True)
    flow = PageFlow(NOTES_TITLE, y0, y1 - 20, y1 - 20)
    flow.add(Text(x0, flow.y, NOTES_TITLE, Font(bold, TITLE), INK))
    flow.y -= TITLE * 1.2
    for line in wrap_hard(NOTES_INTRO, regular, SMALL, x1 - x0, env.fonts):
        flow.add(Text(x0, flow.y, line, Font(regular, SMALL), MUTED))
        flow.y -= SMALL * NOTES_LEAD
    flow.y -= BODY
    hang = max(env.fonts.width(r.mark, bold, BODY) for r in game.readings) + 6
    for reading in game.readings:
        words = numbered(note(reading), game.rulebook)  # a rule's note may cite a rule
        lines = wrap_hard(typeset(words), regular, BODY, x1 - x0 - hang, env.fonts)
        flow.need(len(lines) * BODY * NOTES_LEAD)
        flow.add(Text(x0, flow.y, reading.mark, Font(bold, BODY), INK))
        for line in lines:
            flow.add(Text(x0 + hang, flow.y, line, Font(regular, BODY), INK))
            flow.y -= BODY * NOTES_LEAD
        flow.y -= BODY * NOTES_APART
    pages = flow.finish()
    return [Document("notes", NOTES_TITLE, pages, apart=True, notes_page=1, notes_last=len(pages))]


__all__ = ["plan_notes"]
