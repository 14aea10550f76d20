"""Rolling a generator into a roster (a list of records), reproducibly from a seed.

One random.Random(seed) drives every roll in a fixed order (size, then each
unit's members in group order, each member's lookups, then its adjustments),
so the same seed and options always give the same roster.
"""

from __future__ import annotations

import random

from ..budget import MAX_RECORDS
from ..chance.dice import parse_dice, roll
from ..errors import Diagnostics
from ..model.game import Game
from ..model.generator import SIDE_FIELD, Adjust, Generator, Lookup, Value
from ..model.threat import Band
from ..records import record
from .lookup_tables import resolve_generator
from .profile import effective_seed

Record = dict[str, Value | None]


class RosterTooBig(ValueError):
    """--units or --count ask for more records than a roster may hold (read-time checks
    keep a generator's own size and units within it)."""


@record
class Roster:
    generator: str
    seed: int
    size: int  # the rolled group size (the first unit's, when each unit rolls its own)
    rolled: bool  # False when --count set it
    units: int
    applied: tuple[str, ...]  # optional adjustments used
    records: tuple[Record, ...]
    sizes: tuple[int, ...] = ()  # each unit's size, when each rolls its own (size_per: unit)

    @property
    def size_text(self) -> str:
        """'7', or '7, 5, 9' when each unit rolled its own size."""
        return ", ".join(map(str, self.sizes)) if self.sizes else str(self.size)


def _row_for(bands: list[Band], total: int) -> int | None:
    hits = [i for i, b in enumerate(bands) if total in b]
    return hits[0] if len(hits) == 1 else None


def generate(
    gen: Generator,
    seed: int,
    units: int | None = None,
    use: tuple[str, ...] = (),
    size: int | None = None,
) -> Roster:
    """Roll a roster; `size` replaces the size roll, `use` names optional adjustments.
    With sides, each side in turn rolls its own size and `units` units, numbered on
    from the last side's, each record naming its side."""
    rng = random.Random(seed)
    rolled = size is None
    units = gen.units if units is None else units
    sides: tuple[str | None, ...] = gen.sides or (None,)
    records: list[Record] = []
    sizes: list[int] = []
    for i, side in enumerate(sides):
        sizes += _roll_side(gen, rng, (side, i * units), units, use, size, records)
    return Roster(
        gen.id,
        seed,
        sizes[0] if sizes else size or 0,
        rolled,
        units * len(sides),
        tuple(a.id for a in gen.adjust if a.optional and a.id in use),
        tuple(records),
        tuple(sizes) if gen.size_per == "unit" or len(sides) > 1 else (),
    )


def _roll_side(
    gen: Generator,
    rng: random.Random,
    place: tuple[str | None, int],  # the side, and the units rolled before it
    units: int,
    use: tuple[str, ...],
    size: int | None,
    records: list[Record],
) -> list[int]:
    """One side's units added to `records` (numbered on from them); each unit's size."""
    rolled = size is None
    size = max(0, roll(parse_dice(gen.size), rng)) if size is None else size
    if len(records) + size * units > MAX_RECORDS:
        raise RosterTooBig(
            f"{len(records) + size * units:,} records, more than the {MAX_RECORDS:,} a roster "
            "may hold"
        )
    lookups = {lk.id: lk for lk in gen.lookups}
    adjust = [a for a in gen.adjust if not a.optional or a.id in use]
    side, first = place
    sizes = []
    for unit in range(1, units + 1):
        if gen.size_per == "unit" and rolled and unit > 1:  # the first was rolled above
            size = max(0, roll(parse_dice(gen.size), rng))
            if len(records) + size * (units - unit + 1) > MAX_RECORDS:
                raise ValueError(f"more than {MAX_RECORDS} records")
        sizes.append(size)
        n = 0
        for group in gen.groups:
            count = size - n if group.count is None else min(group.count, size - n)
            for _ in range(count):
                n += 1
                rec: Record = {} if side is None else {SIDE_FIELD: side}
                rec.update({"unit": first + unit, "n": n, "role": group.role})
                for lid in group.rolls:
                    _apply_lookup(lookups[lid], rec, rng)
                for a in adjust:
                    _apply_adjust(a, rec, rng)
                records.append(rec)
    return sizes


def _apply_adjust(adjust: Adjust, rec: Record, rng: random.Random) -> None:
    for name in adjust.fields:
        total = roll(parse_dice(adjust.roll), rng)
        i = _row_for([r.band for r in adjust.rows], total)
        value = rec.get(name)
        if i is not None and isinstance(value, int):
            rec[name] = value + adjust.rows[i].add


def build_roster(game: Game, gen: Generator, seed: int | None, use: tuple[str, ...] = ()) -> Roster:
    """The roster a build prints (roster sheet, labels and roster cards all roll this
    one): the generator's own units and size, the build's seed (0 if none), and those
    of the build's --with adjustments that this generator declares as optional."""
    own = {a.id for a in gen.adjust if a.optional}
    gen = resolve_generator(game, gen)
    return generate(gen, effective_seed(seed), use=tuple(u for u in use if u in own))


def _apply_lookup(lookup: Lookup, rec: Record, rng: random.Random) -> None:
    if not lookup.roll:
        return  # a table lookup that did not resolve: the check has reported it
    total = roll(parse_dice(lookup.roll), rng)
    if lookup.keep_roll:
        rec[lookup.keep_roll] = total
    i = _row_for([r.band for r in lookup.rows], total)
    if i is not None:
        rec.update(lookup.rows[i].values)


def check_generators(game: Game, gens: list[Generator], diags: Diagnostics) -> None:
    """Table lookups resolve; every total a lookup or adjustment roll can reach reads
    exactly one row."""
    for gen in gens:
        gen = resolve_generator(game, gen, diags)
        tables: tuple[Lookup | Adjust, ...] = (*gen.lookups, *gen.adjust)
        for table in tables:
            if not table.roll:
                continue
            dist = parse_dice(table.roll).distribution()
            bands = [r.band for r in table.rows]
            missing = [t for t in dist if not any(t in b for b in bands)]
            for t in missing:
                diags.error(
                    table.span,
                    f"{table.path}.rows",
                    f"roll {table.roll} can come up {t}, which matches no row",
                )
            for t in dist:
                hits = [r for r in table.rows if t in r.band]
                if len(hits) > 1:
                    diags.error(
                        hits[1].span,
                        hits[1].path,
                        f"result {hits[1].band.text!r} overlaps {hits[0].path} "
                        f"({hits[0].band.text!r}) at total {t}",
                    )
            for r in table.rows:
                if not any(t in r.band for t in dist):
                    diags.warning(
                        r.span, r.path, f"result {r.band.text!r} can never come up on {table.roll}"
                    )


def roster_yaml(gen: Generator, roster: Roster, command: str = "") -> str:
    """The roster as a YAML list of flow records, usable as a `for_each:` list."""
    lines = [
        f"# {gen.id}: {gen.title}",
        f"# seed {roster.seed}" + (f" ({command})" if command else ""),
        (
            f"# size {gen.size} rolled {roster.size_text}"
            if roster.rolled
            else f"# size set to {roster.size}"
        )
        + f"; {roster.units} unit(s)"
        + (f"; with {', '.join(roster.applied)}" if roster.applied else ""),
    ]
    for rec in roster.records:
        lines.append("- {" + ", ".join(f"{k}: {_yaml_value(v)}" for k, v in rec.items()) + "}")
    if not roster.records:
        lines.append("[]")
    return "\n".join(lines) + "\n"


def _yaml_value(v: Value | None) -> str:
    if v is None:
        return '""'  # a write-in blank: the source lost this value
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return str(v)
    text = str(v)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
