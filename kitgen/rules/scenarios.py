"""The rules stage for scenarios: resolve each scenario, check the names it and
the rules use, the kit's supply, then every constraint that applies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import Diagnostic, Diagnostics
from ..model.rules import (
    IN_UNIT,
    PLACED_BY,
    Constraint,
    RuleBook,
    Scenario,
    Selector,
    Target,
    Where,
)
from ..names import suggest
from .constraints import CHECKS, check_supply
from .names import check_all, rule_names, where_names
from .setup import Setup, attribute_values, resolve, why_none_match
from .where import inner_tests, own_targets


def check_rules(game: Any, book: RuleBook, diags: Diagnostics) -> None:
    """The `rules` section's check: the rule book itself, then every scenario."""
    options = [o.id for o in book.options]
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


def check_scenario(game: Any, book: RuleBook, scenario: Scenario, diags: Diagnostics) -> Setup:
    setup = resolve(game, book, scenario, diags)
    if setup.map is not None:
        for area in scenario.areas:
            names = where_names(area.where)
            check_all(setup, diags, ((k, n, f"{area.path}.where") for k, n in names))
    used = {name for name, _ in scenario.options}
    rules = [r for r in (*book.constraints, *scenario.constraints) if r.applies(used)]
    universe = _universe(setup, book)
    sound = [r for r in rules if _pieces_ok(universe, r, diags) & _names_ok(setup, r, diags)]
    check_supply(setup, diags)
    for rule in sound:
        CHECKS[rule.kind](setup, rule, diags)
    return setup


# ---- references: every name a rule uses must exist for this scenario ------------


def _universe(setup: Setup, book: RuleBook) -> tuple[dict[str, set[str]], frozenset[str]]:
    """What a rule's selectors may name: the kit's attributes and values, plus the keys the
    scenario's placements write (their values open: see why_none_match)."""
    kit = attribute_values(setup.pieces.values())
    out = attribute_values(setup.pieces.values(), setup.placed)
    out.setdefault(PLACED_BY, set()).update((*book.sides, *(s.id for s in setup.scenario.sides)))
    out.setdefault(IN_UNIT, set()).update(u.id for u in setup.scenario.units)
    return out, frozenset(k for k in out if k not in kit)


def _pieces_ok(
    universe: tuple[dict[str, set[str]], frozenset[str]], rule: Constraint, diags: Diagnostics
) -> bool:
    """Every piece selector of the rule names attributes and values some piece has: a typo
    would otherwise make the rule hold for nothing, silently. Reported once, at the rule."""
    ok = True
    for path, sel in _selectors(rule):
        why = why_none_match(sel, *universe)
        if why:
            ok = False
            # Added once (Diagnostics.add): each scenario's check asks again.
            message = f"no piece matches {sel.text}"
            diags.add(Diagnostic(rule.severity, rule.span, f"{rule.path}.{path}", message, why))
    return ok


def _selectors(rule: Constraint) -> Iterator[tuple[str, Selector]]:
    yield "pieces", rule.pieces
    for i, (_, sel, _) in enumerate(rule.slots):
        yield f"slots[{i}].pieces", sel
    for target in _where_targets(rule.where):
        if target.kind == "pieces" and target.pieces is not None:
            yield "where", target.pieces


def _names_ok(setup: Setup, rule: Constraint, diags: Diagnostics) -> bool:
    """Terrains, areas, places, cells and properties the rule names, on this scenario's map."""
    if setup.map is None:
        return True  # without a map no piece stands on a cell: nothing to test there
    return check_all(setup, diags, rule_names(rule), rule)


def _where_targets(w: Where | None) -> Iterator[Target]:
    """The targets of a test and of its inner tests."""
    for test in inner_tests(w):
        yield from own_targets(test)
