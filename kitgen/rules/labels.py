"""The records behind each `labels:` entry, and their {field} placeholders.

A label's records are a generator's roster, rolled with the build's seed (the same
roster the roster sheet prints and `kitgen generate` writes), or the records written
in YAML, then `blanks` records with every field empty. No ReportLab here.
"""

from __future__ import annotations

import re

from ..errors import Diagnostics
from ..model.counters import Face, TextEl
from ..model.game import Game
from ..model.generator import ROSTER_FIELDS, SIDE_FIELD, Generator
from ..model.label import LabelDef, Labels, Record
from ..names import FILTERS, PLACEHOLDER, placeholders
from ..records import replace
from .generate import build_roster


def fill(text: str, record: Record, blank: str) -> str:
    """{field} -> the record's value ({{ and }} print braces); a missing value is the blank."""

    def one(m: re.Match) -> str:
        if m.group(1) is None:
            return m.group(0)[0]
        value = record.get(m.group(1)) or blank
        return FILTERS[m.group(2)](value) if m.group(2) in FILTERS else value

    return PLACEHOLDER.sub(one, text)


def fill_face(face: Face, record: Record, blank: str) -> Face:
    elements = tuple(
        replace(el, text=fill(el.text, record, blank)) if isinstance(el, TextEl) else el
        for el in face.elements
    )
    regions = tuple(replace(r, text=fill(r.text, record, blank)) for r in face.regions)
    return replace(face, elements=elements, regions=regions)


def _generators(game: Game) -> dict[str, Generator]:
    return {g.id: g for g in game.generators}


def roster_fields(gen: Generator) -> list[str]:
    """Every field a record of this generator's roster can carry."""
    names = ([SIDE_FIELD] if gen.sides else []) + list(ROSTER_FIELDS)
    for lookup in gen.lookups:
        extra = [lookup.keep_roll] if lookup.keep_roll else []
        for name in extra + [k for row in lookup.rows for k, _ in row.values]:
            if name not in names:
                names.append(name)
    return names


def field_values(gen: Generator, name: str) -> list[str]:
    """The values a field of this generator's records can take, as far as its data says:
    its sides, its groups' roles, the values its lookups set (a number for unit and n)."""
    if name == SIDE_FIELD:
        return list(gen.sides)
    if name == "role":
        return [g.role for g in gen.groups]
    if name in ROSTER_FIELDS:
        return ["1"]
    values = [v for lk in gen.lookups for row in lk.rows for k, v in row.values if k == name]
    return [str(v) for v in dict.fromkeys(values) if v is not None]


def label_records(
    game: Game, label: LabelDef, seed: int | None, use: tuple[str, ...] = ()
) -> list[Record]:
    """The label's records in print order: roster or written records, then the blanks."""
    records: list[Record] = []
    if label.roster is not None:
        roster = build_roster(game, _generators(game)[label.roster], seed, use)
        records = [
            {k: "" if v is None else str(v) for k, v in rec.items()} for rec in roster.records
        ]
    else:
        records = [dict(r) for r in label.records]
    return records + [{} for _ in range(label.blanks)]


def check_labels(game: Game, model: Labels, diags: Diagnostics) -> None:
    """The roster exists, and every placeholder names a field the records can have."""
    gens = _generators(game)
    for label in model:
        if label.roster is not None:
            if label.roster not in gens:
                from ..names import suggest

                diags.error(
                    label.roster_span,
                    f"{label.path}.roster",
                    f"no generator {label.roster!r}",
                    suggest(label.roster, gens) or "the game has no generators: section",
                )
                continue
            known = roster_fields(gens[label.roster])
        elif label.copies:
            continue  # each record's label was read in full, its placeholders checked
        elif label.records:
            known = []
            for rec in label.records:
                known += [k for k in rec if k not in known]
        else:
            continue  # blank labels only: every field prints as the blank
        for el in label.face.elements:
            if not isinstance(el, TextEl):
                continue
            for name in placeholders(el.text):
                if name not in known:
                    diags.error(
                        el.span,
                        el.path,
                        f"unknown field {{{name}}} in {el.text!r}",
                        "fields: " + (", ".join(known) or "none (the records are empty)"),
                    )
