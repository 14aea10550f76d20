"""The terrain effects chart, made from the data, never typed: a row for every terrain
the map uses and every feature, line and hexside kind with an effect, saying its
movement cost (a rules property), its combat effects (the combat table's column
shifts, multipliers and modifiers that name it, in the words of the CRT's notes) and
its other properties (in the words of the map key)."""

from __future__ import annotations

from ..errors import Diagnostics
from ..model.combat import Combat, Condition
from ..model.game import Game
from ..model.map import EdgeKind, FeatureKind, LineKind, MapDef, Terrain, props_words
from ..model.table import Row, Table
from ..names import suggest
from ..records import replace
from ..style import NONE
from .combat import columns_words, crossing, multiplier_words, said_when, when_words


def effects_table(game: Game, table: Table) -> Table:
    """A table with `effects:` with its rows made (unchanged without it, or when the
    map it names is missing: the check said so)."""
    eff = table.effects
    if eff is None:
        return table
    maps = game.maps.maps if game.maps is not None else ()
    mapdef = next((m for m in maps if m.id == eff.map or not eff.map), None)
    if mapdef is None:
        return table
    combat = combat_of(game, eff.combat)
    rows = tuple(
        Row(name, (move, fight, notes), table.span)
        for name, move, fight, notes in chart_rows(mapdef, combat, eff.move)
    )
    cols = table.columns
    if len(cols) == 3:  # no notes column: the map key says the notes
        rows = tuple(replace(r, cells=r.cells[:2]) for r in rows)
    label = replace(cols[0], id="what", align="left")
    return replace(table, rows=rows, label=label, columns=cols[1:], effects=None)


def combat_of(game: Game, table_id: str = "") -> Combat | None:
    tables = [t for t in game.tables if t.combat is not None and table_id in ("", t.id)]
    return tables[0].combat if len(tables) == 1 else None


def chart_rows(
    m: MapDef, combat: Combat | None, move: str = "move_cost"
) -> list[tuple[str, str, str, str]]:
    """(name, movement, combat, notes) for each terrain the map uses, then each feature,
    line and hexside kind it shows that costs movement or acts in combat (one whose
    properties say something else, victory points, is left to the map key)."""
    out = []
    used = set(m.cells.values())
    kinds: list[tuple[str, Terrain | FeatureKind | LineKind | EdgeKind]]
    kinds = [("terrain", t) for t in m.terrains.values() if t.id in used]
    placed = {f.kind for f in m.features}
    kinds += [("feature", k) for k in m.feature_kinds.values() if k.id in placed]
    drawn = {ln.kind for ln in m.lines}
    kinds += [("line", k) for k in m.line_kinds.values() if k.id in drawn]
    crossed = {e.kind for e in m.edges}
    kinds += [("edge", k) for k in m.edge_kinds.values() if k.id in crossed]
    for on, k in kinds:
        cost = k.props.get(move)
        moving = NONE if cost is None or cost is False else str(cost)
        fight = combat_words(combat, on, k.id) if combat is not None else ""
        notes = props_words(k.props, (move,))
        if getattr(k, "blocks", False):
            notes = "; ".join(w for w in ("blocks movement", notes) if w)
        if on == "terrain" or cost is not None or fight:  # (the key says the rest)
            out.append((k.label or k.id, moving, fight or NONE, notes or NONE))
    return out


def combat_words(combat: Combat, on: str, name: str) -> str:
    """What the combat table does where this terrain, feature, line or hexside is."""
    words = []
    for s in combat.shifts:
        if (s.on, s.name) == (on, name):
            words.append(f"{columns_words(s.shift)}{when_words(s.when, crossing(s))}")
        elif s.on == "when" and _names(s.when, on, name):
            words.append(f"{s.label} {columns_words(s.shift)}{when_words(s.when)}")
    for m in combat.multipliers:
        if _names(m.when, on, name):
            one = replace(combat, multipliers=(m,), rounding=None)
            words.append(multiplier_words(one).removeprefix("Strengths before the odds: ")[:-1])
    for mod in combat.modifiers:
        c = combat.condition(mod.name)
        if c is not None and _names(c, on, name):
            rest = when_words(replace(c, **{on: ()}))  # the row says where: not again
            words.append(f"{mod.name} {mod.states[0].add:+d} to the die{said_when(mod, rest)}")
    return "; ".join(words)


def _names(c: Condition | None, on: str, name: str) -> bool:
    if c is None:
        return False
    return name in {"terrain": c.terrain, "feature": c.feature, "edge": c.edge}.get(on, ())


def check_effects(game: Game, tables: tuple[Table, ...], diags: Diagnostics) -> None:
    """An effects chart names a map and a combat table that exist."""
    maps = [m.id for m in (game.maps.maps if game.maps is not None else ())]
    crts = [t.id for t in game.tables if t.combat is not None]
    for t, table in enumerate(tables):
        eff = table.effects
        if eff is None:
            continue
        path = f"tables[{t}].effects"
        if (eff.map and eff.map not in maps) or not maps:
            hint = suggest(eff.map, maps) if maps else "the game has no map"
            diags.error(eff.span, f"{path}.map", f"no map {eff.map!r}", hint)
        if eff.combat and eff.combat not in crts:
            hint = suggest(eff.combat, crts) if crts else "the game has no combat table"
            diags.error(eff.span, f"{path}.combat", f"no combat table {eff.combat!r}", hint)
        elif not eff.combat and len(crts) > 1:
            diags.error(
                eff.span,
                path,
                f"{len(crts)} combat tables ({', '.join(crts)}): name one",
                "add combat: ID",
            )
