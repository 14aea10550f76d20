"""Cards fed by a roster: one card per unit of a generator's roster, rolled with the
build's seed, its {field} placeholders filled from the unit's first record (the leader,
when the generator rolls the leader first) and `roster:` blocks listing the unit's records.
No ReportLab here."""

from __future__ import annotations

from collections.abc import Sequence

from ..colours import ColourError, parse_colour
from ..errors import Diagnostics
from ..model.game import Game
from ..model.generator import Generator
from ..model.label import Record
from ..model.table import Card, CardBlock, CardFace, Cell, Column, Row, Table
from ..names import in_words, suggest
from ..records import replace
from .generate import build_roster
from .labels import field_values, fill, placeholders, roster_fields
from .profile import effective_seed

UNIT_FIELDS = ("men",)  # besides the first record's fields: how many records the unit has
BLANK = "___"


def _units(game: Game, card: Card, seed: int | None, use: tuple[str, ...]) -> list[list[Record]]:
    gen = next(g for g in game.generators if g.id == card.roster)
    units: dict[str, list[Record]] = {}
    for rec in build_roster(game, gen, seed, use).records:
        units.setdefault(str(rec["unit"]), []).append(
            {k: "" if v is None else str(v) for k, v in rec.items()}
        )
    return list(units.values())


def _face(
    face: CardFace, values: Record, records: list[Record], ref: str, palette: dict[str, str]
) -> CardFace:
    colour, accent = (_colour(c, values, palette) for c in (face.colour, face.accent))
    blocks = []
    for block in face.blocks:
        if block.kind == "roster":
            blocks.append(CardBlock("table", ref=ref, span=block.span))
            continue
        blocks.append(
            replace(
                block,
                text=fill(block.text, values, BLANK),
                fields=tuple(
                    (fill(k, values, BLANK), None if v is None else fill(v, values, BLANK))
                    for k, v in block.fields
                ),
            )
        )
    return replace(face, blocks=tuple(blocks), colour=colour, accent=accent)


def _colour(text: str, values: Record, palette: dict[str, str]) -> str:
    """A colour the unit's first record fills ('{side}': a palette name); checked by
    check_roster_cards, so every value a field can take is a colour."""
    if not placeholders(text):
        return text
    try:
        return parse_colour(fill(text, values, BLANK), palette)
    except ColourError:
        return text  # said by check_roster_cards


def card_head(field: str, titles: dict[str, str]) -> str:
    """A roster column's head on a card: the data's title for the field (as on the roster
    sheet), never a bare field id; a title that names its own short form, "Fire (F)" for
    field F, prints that short form, the card being narrow."""
    title = titles.get(field) or in_words(field)
    return field if title.endswith(f"({field})") else title


def _table(
    ref: str, columns: tuple[str, ...], records: list[Record], titles: dict[str, str]
) -> Table:
    """The unit's records, a column per field under its head (card_head); the first
    record (the leader) in bold."""
    rows = tuple(
        Row(None, tuple(Cell(rec.get(c) or None, bold=i == 0) for c in columns))
        for i, rec in enumerate(records)
    )
    return Table(
        ref, "", tuple(Column(card_head(c, titles), align="centre", id=c) for c in columns), rows
    )


def expand_roster_cards(
    game: Game, cards: Sequence[Card], seed: int | None, use: tuple[str, ...] = ()
) -> tuple[list[Card], dict[str, Table]]:
    """Every card, a roster card replaced by one card per unit; plus the roster tables."""
    out: list[Card] = []
    tables: dict[str, Table] = {}
    palette = dict(game.palette)
    for card in cards:
        if card.roster is None:
            out.append(card)
            continue
        titles = dict(next(g for g in game.generators if g.id == card.roster).titles)
        for records in _units(game, card, seed, use):
            values = dict(records[0], men=str(len(records)))
            cid = fill(card.id, values, "x")
            ref = f"{cid}.roster"
            columns = next(
                (b.columns for f in (card.front, card.back) if f for b in f.blocks if b.columns),
                (),
            )
            tables[ref] = _table(ref, columns, records, titles)
            out.append(
                replace(
                    card,
                    id=cid,
                    front=_face(card.front, values, records, ref, palette),
                    back=_face(card.back, values, records, ref, palette) if card.back else None,
                    side=fill(card.side, values, BLANK) if card.side else None,
                    roster=None,
                    extra={
                        "roster": card.roster,
                        "unit": values["unit"],
                        "records": len(records),
                        "seed": effective_seed(seed),
                    },
                )
            )
    return out, tables


def check_roster_cards(game: Game, cards: tuple[Card, ...], diags: Diagnostics) -> None:
    """The generator exists; every {field} and roster column names a field of its records;
    a roster block stands only on a roster card."""
    gens = {g.id: g for g in game.generators}
    for card in cards:
        faces = [(s, f) for s, f in (("front", card.front), ("back", card.back)) if f]
        if card.roster is None:
            for side, face in faces:
                for block in face.blocks:
                    if block.kind == "roster":
                        diags.error(
                            block.span,
                            f"cards.{card.id}.{side}",
                            "a roster block needs roster: on the card",
                            "roster: a generator id",
                        )
            continue
        if card.roster not in gens:
            diags.error(
                card.roster_span,
                f"cards.{card.id}.roster",
                f"no generator {card.roster!r}",
                suggest(card.roster, gens) or "the game has no generators: section",
            )
            continue
        known = roster_fields(gens[card.roster]) + list(UNIT_FIELDS)
        hint = "fields: " + ", ".join(known)
        for side, face in faces:
            for block in face.blocks:
                texts = [block.text, *(t for kv in block.fields for t in kv if t)]
                used = [n for t in texts for n in placeholders(t)] + list(block.columns)
                for name in dict.fromkeys(used):
                    if name not in known:
                        diags.error(
                            block.span,
                            f"cards.{card.id}.{side}",
                            f"unknown field {name!r} on a roster card",
                            hint,
                        )
        for name in placeholders(card.id):
            if name not in known:
                diags.error(
                    card.span, f"cards.{card.id}", f"unknown field {name!r} in the id", hint
                )
        _check_filled(card, gens[card.roster], known, diags, dict(game.palette))


def _check_filled(
    card: Card, gen: Generator, known: list[str], diags: Diagnostics, palette: dict[str, str]
) -> None:
    """A roster card's side and colours that a {field} fills: the field is the records',
    and each value it can take (a side of the generator's sides:, a value its lookups
    set) is a colour where a colour is asked for."""
    faces = [f for f in (card.front, card.back) if f]
    said = {("side", card.side or "")}
    said |= {(key, getattr(f, key)) for f in faces for key in ("colour", "accent")}
    for key, text in sorted(said):
        for name in dict.fromkeys(placeholders(text)):
            if name not in known:
                diags.error(
                    card.span,
                    f"cards.{card.id}.{key}",
                    f"unknown field {name!r} on a roster card",
                    "fields: " + ", ".join(known),
                )
            elif key != "side":
                _check_colours(card, gen, (key, text, name), diags, palette)


def _check_colours(
    card: Card, gen: Generator, filled: tuple[str, str, str], diags: Diagnostics, palette
) -> None:
    key, text, name = filled  # the face's key, its text, the field in it
    for value in field_values(gen, name):
        try:
            parse_colour(fill(text, {name: value}, BLANK), palette)
        except ColourError as exc:
            diags.error(
                card.span,
                f"cards.{card.id}.{key}",
                f"{key} {text!r} fills as {value!r}, which is no colour: {exc.message}",
                exc.hint,
            )
            return
