"""The rules stage for scenarios: resolve each scenario, check the names it and
the rules use, the kit's supply, then every constraint that applies."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import Diagnostic, Diagnostics
from ..model.placed import IN_UNIT, PLACED_BY
from ..model.rules import Constraint, RuleBook, Scenario, span_of
from ..names import suggest
from .constraints import check_rule, check_supply
from .names import GAME_MAP_KINDS, check_all, map_names, rule_names, selectors_of, where_names
from .resolved import Setup
from .setup import attribute_values, maps_of, resolve, why_none_match
from .where import WORK_HINT, TooMuchWork, work_message

if TYPE_CHECKING:
    from ..model.game import Game
    from ..model.map import MapDef


def check_rules(game: Game, book: RuleBook, diags: Diagnostics) -> None:
    """The `rules` section's check: the rule book itself, then every scenario."""
    options = [o.id for o in book.options]
    check_map_names(maps_of(game), book, diags)
    for scenario in (None, *book.scenarios):
        rules = book.constraints if scenario is None else scenario.constraints
        for rule in rules:
            for key in ("when", "unless"):
                for name in getattr(rule, key):
                    if name not in options:
                        diags.error(
                            rule.span,
                            f"{rule.path}.{key}",
                            f"unknown option {name!r}",
                            suggest(name, options),
                        )
        if scenario is not None:
            check_scenario(game, book, scenario, diags)


PLURAL = {"box": "boxes", "terrain property": "terrain properties"} | {
    k: f"{k}s" for k in ("terrain", "feature", "line")
}


def check_map_names(maps: list[MapDef], book: RuleBook, diags: Diagnostics) -> None:
    """The terrains, terrain properties, features, lines and boxes the game's own rules
    name: each must be on one of its maps, whether or not a scenario is checked (an error
    at the name; a scenario's map then does not report it again)."""
    for rule in book.constraints:
        for kind, name, path in rule_names(rule):
            if kind in GAME_MAP_KINDS and "$" not in name:
                offered = map_names(maps, kind)
                if name not in offered:
                    diags.error(
                        span_of(name, rule.span),
                        path,
                        f"no map of the game has {kind} {name!r}",
                        suggest(name, offered) if offered else f"no map has any {PLURAL[kind]}",
                    )


def check_scenario(game: Game, book: RuleBook, scenario: Scenario, diags: Diagnostics) -> Setup:
    setup = resolve(game, book, scenario, diags)
    if setup.map is not None:
        for area in scenario.areas:
            names = where_names(area.where)
            check_all(setup, diags, ((k, n, f"{area.path}.where") for k, n in names))
    used = {name for name, _ in scenario.options}
    rules = [r for r in (*book.constraints, *scenario.constraints) if r.applies(used)]
    if used - {o.id for o in book.options}:  # a misspelt option, reported: which rules
        rules = [r for r in rules if not (r.when or r.unless)]  # it switches is not known
    sound = [r for r in rules if _pieces_ok(setup, r, diags) & _names_ok(setup, r, diags)]
    check_supply(setup, diags)
    for rule in sound:
        try:
            check_rule(setup, rule, diags)
        except TooMuchWork as over:  # the rule that takes the tests over the cap
            if over.first:
                diags.error(rule.span, f"{rule.path}.where", work_message(), WORK_HINT)
            break
    return setup


# ---- references: every name a rule uses must exist for this scenario ------------


Universe = tuple[dict[str, set[str]], frozenset[str]]  # attribute values, open keys


def _universes(setup: Setup, book: RuleBook) -> tuple[Universe, Universe]:
    """What a rule's selectors may name: in the game (the kit's attributes and values, the
    declared attributes, the placing context) and in this scenario (plus what its
    placements write; their values open: see why_none_match)."""
    game = attribute_values(setup.pieces.values())
    closed = set(game)
    for a in book.attributes:  # declared: a rule may name one no piece has yet
        game.setdefault(a.name, set()).update(a.one_of)
        if a.one_of:
            closed.add(a.name)
    game[PLACED_BY] = {*book.sides, *(s.id for s in setup.scenario.sides)}
    game[IN_UNIT] = set()
    here = attribute_values(setup.pieces.values(), setup.placed)
    for key, values in game.items():
        here.setdefault(key, set()).update(values)
    if book.sides:
        closed.add(PLACED_BY)
    here[IN_UNIT] = {u.id for u in setup.scenario.units}  # this scenario's units, no other
    return (game, frozenset(k for k in game if k not in closed)), (
        here,
        frozenset(k for k in here if k not in closed | {IN_UNIT}),
    )


def _pieces_ok(setup: Setup, rule: Constraint, diags: Diagnostics) -> bool:
    """Every piece selector of the rule names attributes and values the game has: a typo
    would otherwise make the rule hold for nothing, silently (an error, once, at the rule).
    One that names what this scenario lacks is a warning at the scenario."""
    (game, game_open), (here, here_open) = _universes(setup, setup.book)
    declared = bool(setup.book.attributes)  # else a placement may write any attribute
    ok = True
    for path, sel in selectors_of(rule):
        why = why_none_match(sel, game, game_open, unknown_open=not declared)
        if why:
            ok = False
            # Added once (Diagnostics.add): each scenario's check asks again.
            message = f"no piece matches {sel.text}"
            at = sel.span or rule.span
            diags.add(Diagnostic(rule.severity, at, f"{rule.path}.{path}", message, why))
            continue
        why = why_none_match(sel, here, here_open)
        if why:
            sc = setup.scenario
            diags.warning(
                sc.span,
                "",
                f"rule {rule.name or rule.path!r} selects no piece in this scenario: {why}",
                setup.rule_at(rule.span),
            )
    return ok


def _names_ok(setup: Setup, rule: Constraint, diags: Diagnostics) -> bool:
    """Terrains, areas, places, cells and properties the rule names, on this scenario's map."""
    if setup.map is None:
        return True  # without a map no piece stands on a cell: nothing to test there
    return check_all(setup, diags, rule_names(rule), rule)
