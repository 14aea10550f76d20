"""The rules stage for scenarios: resolve each scenario, check the names it and
the rules use, the kit's supply, then every constraint that applies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import Diagnostic, Diagnostics
from ..model.rules import IN_UNIT, PLACED_BY, Constraint, RuleBook, Scenario, Selector, Target, Where
from ..source.fields import suggest
from .constraints import CHECKS, check_supply
from .setup import Setup, attribute_values, resolve, why_none_match
from .where import named


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
    m = setup.map
    if m is None:
        return True  # without a map no piece stands on a cell: nothing to test there
    ok = True
    sc = setup.scenario

    def bad(kind: str, name: str, options) -> None:
        nonlocal ok
        ok = False
        hint = suggest(name, options)
        diags.error(
            sc.map_span or sc.span,
            "map",
            f"the rule names {kind} {name!r}, which map {m.id!r} does not have"
            + (f" ({hint})" if hint else ""),
            setup.rule_at(rule.span),
        )

    for t in (*rule.only_on, *rule.not_on, *rule.terrains):
        if t not in m.terrains:
            bad("terrain", t, m.terrains)
    if rule.limit_from and not any(rule.limit_from in t.props for t in m.terrains.values()):
        props = sorted({k for t in m.terrains.values() for k in t.props})
        bad("terrain property", rule.limit_from, props)
    for kind, name in _where_names(rule.where):
        if kind == "terrain" and name not in m.terrains:
            bad("terrain", name, m.terrains)
        elif kind == "area" and not named([name], setup.areas):
            bad("area", name, setup.areas)
        elif kind == "place" and not named([name], m.places):
            bad("place", name, m.places)
        elif kind == "cell" and m.cell_or_place(name) is None:
            bad("cell", name, [])
        elif kind == "terrain property" and not any(name in t.props for t in m.terrains.values()):
            bad(kind, name, sorted({k for t in m.terrains.values() for k in t.props}))
    return ok


def _where_names(w: Where | None) -> Iterator[tuple[str, str]]:
    """(kind, name) for every terrain, area, cell, place and terrain property a test names,
    in it, in its targets and in its inner tests."""
    for test in _tests(w):
        for kind in ("terrain", "area", "cell", "place"):
            for name in getattr(test, kind):
                yield kind, name
        for prop, _ in test.props:
            yield "terrain property", prop
        for distance in (test.within, test.beyond):
            for terrain in distance[2] if distance else ():
                yield "terrain", terrain
        for t in _own_targets(test):
            if t.kind != "pieces":
                for name in t.names:
                    yield t.kind, name


def _where_targets(w: Where | None) -> Iterator[Target]:
    """The targets of a test and of its inner tests."""
    for test in _tests(w):
        yield from _own_targets(test)


def _tests(w: Where | None) -> Iterator[Where]:
    """A test and every test inside it (`not`, `any_of`), outer first."""
    if w is None:
        return
    yield w
    yield from _tests(w.negate)
    for x in w.any_of:
        yield from _tests(x)


def _own_targets(w: Where) -> Iterator[Target]:
    """The targets a test measures from, `opposite` unwrapped."""
    for t in (
        w.within[1] if w.within else None,
        w.beyond[1] if w.beyond else None,
        w.adjacent_to,
        w.same_area_as,
        *(w.on_line or ()),
    ):
        while t is not None and t.kind == "opposite":
            t = t.inner
        if t is not None:
            yield t
