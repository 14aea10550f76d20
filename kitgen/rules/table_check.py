"""Whole-game checks of tables, sheets and cards: write-in blanks listed, references resolved."""

from __future__ import annotations

from ..errors import WRITE_IN, Diagnostics
from ..model.game import Game
from ..model.table import Card, Cell, Sheet, Table
from ..names import suggest
from .sides import check_side


def row_name(table: Table, index: int) -> str:
    """How a person finds the row: its label, else its first cell, else its number."""
    row = table.rows[index]
    if row.label:
        name = row.label
    else:
        first = row.cells[0] if row.cells else None
        text = first.text if isinstance(first, Cell) else first
        name = text if text else f"row {index + 1}"
    # under a sub-heading, name it too: "Defender is: Taking cover"
    for above in reversed(table.rows[:index]):
        if above.heading:
            head = above.cells[0] if above.cells else ""
            head = head.text if isinstance(head, Cell) else head
            return f"{head}: {name}" if head else name
    return name


def check_tables(game: Game, tables: tuple[Table, ...], diags: Diagnostics) -> None:
    """Each write-in blank is a warning naming table, row and column (a value the source lost)."""
    for t, table in enumerate(tables):
        for r, row in enumerate(table.rows):
            if row.heading:
                continue
            col = 0
            for value in row.cells:
                cols = value.cols if isinstance(value, Cell) else 1
                text = value.text if isinstance(value, Cell) else value
                if text is None:
                    title = table.columns[col].title if col < len(table.columns) else "?"
                    span = (value.span if isinstance(value, Cell) else None) or row.span
                    diags.warning(
                        span,
                        f"tables[{t}].rows[{r}]",
                        f"{WRITE_IN}table {table.id!r}, row "
                        f"{row_name(table, r)!r}, column {title!r} has no value",
                    )
                col += cols


def check_sheets(game: Game, sheets: tuple[Sheet, ...], diags: Diagnostics) -> None:
    tables = {t.id for t in game.tables}
    texts = {t.id for t in game.texts}
    for s, sheet in enumerate(sheets):
        for i, item in enumerate(sheet.items):
            path = f"sheets[{s}].items[{i}]"
            if item.kind == "ref" and item.ref not in tables and item.ref not in texts:
                diags.error(
                    item.span,
                    path,
                    f"no table or text with id {item.ref!r}",
                    suggest(item.ref, sorted(tables | texts)),
                )
            elif item.kind == "table" and item.ref not in tables:
                diags.error(
                    item.span,
                    path,
                    f"no table with id {item.ref!r}",
                    suggest(item.ref, sorted(tables)),
                )
            elif item.kind == "text" and item.ref not in texts:
                diags.error(
                    item.span,
                    path,
                    f"no text with id {item.ref!r}",
                    suggest(item.ref, sorted(texts)),
                )


def _check_decks(game: Game, cards: tuple[Card, ...], diags: Diagnostics) -> None:
    """Each card's deck is declared in decks:, and a deck's cards are of one size (one
    back design behind all of them)."""
    decks = {d.id for d in game.decks}
    sizes: dict[str, Card] = {}
    for card in cards:
        if card.deck is None:
            continue
        if card.deck not in decks:
            hint = suggest(card.deck, sorted(decks)) if decks else "declare it under decks:"
            diags.error(card.deck_span, f"cards.{card.id}.deck", f"no deck {card.deck!r}", hint)
            continue
        first = sizes.setdefault(card.deck, card)
        if first.size != card.size:
            diags.error(
                card.span,
                f"cards.{card.id}.size",
                f"card {card.id!r} is {card.size_name}, but deck {card.deck!r} holds "
                f"{first.size_name} cards (like {first.id!r})",
                "a deck's cards share one back: give them one size",
            )


def check_cards(game: Game, cards: tuple[Card, ...], diags: Diagnostics) -> None:
    from .roster_cards import check_roster_cards

    check_roster_cards(game, cards, diags)
    _check_decks(game, cards, diags)
    tables = {t.id for t in game.tables}
    for card in cards:
        if card.side is not None:
            check_side(game, card.side, card.side_span or card.span, f"cards.{card.id}.side", diags)
        for side, face in (("front", card.front), ("back", card.back)):
            if face is None:
                continue
            for block in face.blocks:
                if block.kind == "table" and block.ref not in tables:
                    diags.error(
                        block.span,
                        f"cards.{card.id}.{side}",
                        f"no table with id {block.ref!r}",
                        suggest(block.ref, sorted(tables)),
                    )


def check_map_margins(game: Game, maps, diags: Diagnostics) -> None:
    """Each chart a map's margins name is a table, text or track of the game, or the map's
    key or one of its off-map boxes."""
    tracks = game.tracks
    known = (
        {t.id for t in game.tables}
        | {t.id for t in game.texts}
        | {t.id for t in (tracks.tracks if tracks is not None else ())}
    )
    for m in maps.maps:
        names = known | set(m.boxes) | {"key"}
        for i, chart in enumerate(m.margins):
            if chart.item not in names:
                diags.error(
                    chart.span,
                    f"maps.{m.id}.margins[{i}].item",
                    f"no table, text, track or off-map box with id {chart.item!r}",
                    suggest(chart.item, sorted(names)),
                )
