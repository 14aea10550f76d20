"""A rulebook's names checked against the game: its tables by id, and each diagram's map,
cells and pieces through the resolver scenarios use (rules/setup.py, rules/names.py),
so an unknown cell or piece is reported where the diagram names it, as in a scenario."""

from __future__ import annotations

from pathlib import Path

from ..errors import Diagnostics, Span
from ..model.game import Game
from ..model.rulebook import CALLOUT_POINTS, Block, Diagram, Rulebook, every_section
from ..model.rules import Placement, RuleBook, Scenario
from ..names import did_you_mean, suggest
from .names import check_name
from .resolved import Setup
from .setup import resolve


def check_rulebook(game: Game, book: Rulebook | None, diags: Diagnostics) -> None:
    if book is None:
        return
    if book.cover and game.cover is None:
        diags.error(book.cover_span, "rulebook.cover",
                    "the booklet's covers show the kit's cover: add a cover: section "
                    "(its art, blurb and credits)")  # fmt: skip
    tables = [t.id for t in game.tables]
    for ref in book.glance:
        if ref not in tables:
            hint = suggest(ref, tables) if tables else "the game has no tables:"
            diags.error(book.glance_span, "rulebook.glance", f"unknown table {ref!r}", hint)
    for block in _blocks(book):
        if block.kind == "table" and block.ref not in tables:
            hint = suggest(block.ref, tables) if tables else "the game has no tables:"
            diags.error(block.span, "rulebook", f"unknown table {block.ref!r}", hint)
        elif block.diagram is not None:
            if block.diagram.map is not None:
                diagram_setup(game, block.diagram, diags)
            elif block.diagram.piece is not None:
                _check_piece(game, block.diagram, diags)
            else:
                _check_spread(game, block.diagram, diags)


def _blocks(book: Rulebook) -> list[Block]:
    out: list[Block] = []

    def walk(blocks: tuple[Block, ...]) -> None:
        for b in blocks:
            out.append(b)
            walk(b.blocks)

    for section, _ in every_section(book):
        walk(section.blocks)
    return out


def diagram_blocks(book: Rulebook) -> list[Block]:
    """Every block of the book that is a diagram, in reading order."""
    return [b for b in _blocks(book) if b.diagram is not None]


def diagram_setup(game: Game, d: Diagram, diags: Diagnostics) -> Setup:
    """The diagram as a scenario of its own: its map and pieces resolved as a scenario's
    placements are (an unknown piece, cell or face is an error at its line), its window's
    corners and its arrows' cells as a scenario's cells."""
    rules = game.rules or RuleBook(None)
    placements = tuple(
        Placement(
            p.piece,
            p.span,
            f"{d.path}.pieces[{i}]",
            at=p.at,
            face=p.face,
            label=p.label,
            key_spans=_spans(piece=p.piece_span or p.span, at=p.at_span or p.span),
        )
        for i, p in enumerate(d.pieces)
    )
    file = Path(d.span.file) if d.span is not None else game.folder
    scenario = Scenario("diagram", d.caption, file, d.span, d.map, d.map_span or d.span,
                        placements=placements)  # fmt: skip
    setup = resolve(game, rules, scenario, diags)
    if setup.map is None:
        return setup
    for corner in d.cells or ():
        check_name(setup, diags, "cell", corner, f"{d.path}.cells", d.cells_span)
    for i, arrow in enumerate(d.arrows):
        for end in (arrow.start, arrow.end):
            check_name(setup, diags, "cell", end, f"{d.path}.arrows[{i}]", arrow.span)
    return setup


def _spans(**spans: Span | None) -> dict[str, Span]:
    """The spans known, by key (a placement names the rest at its entry)."""
    return {key: span for key, span in spans.items() if span is not None}


def _check_piece(game: Game, d: Diagram, diags: Diagnostics) -> None:
    """The piece is a counter or a card of the kit; its face is one it has; each
    callout names a point of the piece or a region of its face's layout."""
    defs = {c.id: c for c in (game.counters.defs if game.counters is not None else ())}
    cards = {c.id: c for c in game.cards}
    counter, card = defs.get(d.piece or ""), cards.get(d.piece or "")
    if counter is None and card is None:
        known = {**defs, **cards}
        hint = suggest(d.piece or "", known) if known else "the game has no counters or cards"
        diags.error(d.piece_span or d.span, f"{d.path}.piece", f"unknown piece {d.piece!r}",
                    hint)  # fmt: skip
        return
    if counter is not None:
        faces = counter.steps or (("front", "back") if counter.back is not None else ("front",))
    else:
        faces = ("front", "back") if card is not None and card.back is not None else ("front",)
    if d.face is not None and d.face not in faces:
        diags.error(d.span, f"{d.path}.face", f"piece {d.piece!r} has no face {d.face!r}",
                    did_you_mean(d.face, faces, "its faces: " + ", ".join(faces)))  # fmt: skip
        return
    regions = [r.region.id for r in piece_face(counter or card, d.face).regions]
    for i, callout in enumerate(d.callouts):
        if callout.at not in CALLOUT_POINTS and callout.at not in regions:
            names = [*CALLOUT_POINTS, *regions]
            hint = did_you_mean(callout.at, names, "") or "use " + ", ".join(names)
            message = f"piece {d.piece!r} has no point or region {callout.at!r}"
            diags.error(callout.span, f"{d.path}.callouts[{i}].at", message, hint)


def _check_spread(game: Game, d: Diagram, diags: Diagnostics) -> None:
    """A spread's pieces are counters or cards of the kit, and its arrows run from a piece
    of the spread to another."""
    defs = [c.id for c in (game.counters.defs if game.counters is not None else ())]
    known = [*defs, *(c.id for c in game.cards)]
    unknown = [(i, p) for i, p in enumerate(d.pieces) if p.piece not in known]
    for i, p in unknown:
        hint = suggest(p.piece, known) if known else "the game has no counters or cards"
        diags.error(p.piece_span or p.span, f"{d.path}.pieces[{i}].piece",
                    f"unknown piece {p.piece!r}", hint)  # fmt: skip
    if unknown:  # an arrow to a misspelt piece is the same mistake: said once
        return
    here = [p.piece for p in d.pieces]
    for i, a in enumerate(d.arrows):
        for key, name in (("from", a.start), ("to", a.end)):
            if name not in here:
                diags.error(a.span, f"{d.path}.arrows[{i}].{key}",
                            f"no piece {name!r} in this spread",
                            suggest(name, here))  # fmt: skip


def piece_face(piece, face: str | None):  # a CounterDef or a Card
    """The face of a diagram's piece it shows: its front, else the face named (a
    counter's steps name its faces, front first)."""
    steps = getattr(piece, "steps", ())
    if face is None or face == "front" or (steps and face == steps[0]):
        return piece.front
    return piece.back
