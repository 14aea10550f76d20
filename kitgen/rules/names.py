"""One resolver for every name a scenario or a rule writes: terrains, areas, places,
cells, terrain properties, sides, units, options, side values. A name that does not
exist is reported where it was written (a `Name` knows its span), with a did-you-mean;
`$side` and `$unit` inside a name are tried for every side and unit of the scenario."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from ..errors import Diagnostics, Span
from ..files import real_path
from ..model.rules import (
    Attribute,
    Constraint,
    Placement,
    RangeRule,
    RuleBook,
    Selector,
    SlotsRule,
    StackingRule,
    TerrainRule,
    Where,
    bound_text,
    num_text,
    span_of,
    where_of,
)
from ..names import did_you_mean, suggest
from ..units import finite_number
from .resolved import Setup
from .where import NAME_REF, inner_tests, named, own_targets

if TYPE_CHECKING:
    from ..model.map import FeatureKind, MapDef, Terrain

MAP_KINDS = ("terrain", "place", "cell", "terrain property", "feature", "line", "edge", "box")
_LAYERS = {"feature": "feature_kinds", "line": "line_kinds", "edge": "edge_kinds", "box": "boxes"}
PATTERNED = ("area", "place")  # names that may use * and ?
_WORDS = {"game side": "side"}  # kinds that read as another word in a message


GAME_MAP_KINDS = ("terrain", "terrain property", "feature", "line", "edge", "box")  # maps' own


def map_names(maps: Iterable[MapDef], kind: str) -> list[str]:
    """The names of one of GAME_MAP_KINDS the maps hold, in order, once each."""
    out: dict[str, None] = {}
    for m in maps:
        if kind == "terrain":
            out.update(dict.fromkeys(m.terrains))
        elif kind == "terrain property":  # a cell's properties: its terrain's and features'
            kinds: list[Terrain | FeatureKind] = [*m.terrains.values(), *m.feature_kinds.values()]
            out.update(dict.fromkeys(sorted({k for t in kinds for k in t.props})))
        else:
            out.update(dict.fromkeys(getattr(m, _LAYERS[kind])))
    return list(out)


def known(setup: Setup, kind: str) -> list[str]:
    """The names of one kind this scenario offers."""
    m, sc, book = setup.map, setup.scenario, setup.book
    if kind in GAME_MAP_KINDS:
        return map_names([m] if m is not None else [], kind)
    if kind == "place":
        return list(m.places) if m is not None else []
    if kind == "area":
        return list(setup.areas)
    if kind == "side":  # a side of this scenario (the game's, when it lists none)
        return [s.id for s in sc.sides] or list(book.sides)
    if kind == "game side":
        return list(book.sides)
    if kind == "unit":
        return [u.id for u in sc.units]
    if kind == "option":
        return [o.id for o in book.options]
    if kind == "side value":
        return list(book.side_values)
    return []


def exists(setup: Setup, kind: str, name: str) -> bool:
    if kind == "cell":  # a cell, a place, or an off-map box
        m = setup.map
        return m is not None and (m.cell_or_place(name) is not None or name in m.boxes)
    names = known(setup, kind)
    if kind in PATTERNED:
        return bool(named([name], names))
    return name in names


def _word(kind: str) -> str:
    return _WORDS.get(kind, kind)


def expansions(setup: Setup, name: str) -> list[tuple[str, str]]:
    """(name, for whom) with `$side` / `$unit` replaced by each side / unit of the scenario."""
    refs = set(NAME_REF.findall(name))
    if not refs:
        return [(name, "")]
    out = []
    ids = {
        "side": [s.id for s in setup.scenario.sides],
        "unit": [u.id for u in setup.scenario.units],
    }
    for ref in sorted(refs):
        for value in ids[ref]:
            out.append((name.replace(f"${ref}", value), f"for {ref} {value}"))
    return out


def check_name(
    setup: Setup,
    diags: Diagnostics,
    kind: str,
    name: str,
    path: str,
    span: Span | None = None,
    rule: Constraint | None = None,
) -> bool:
    """Report `name` if this scenario has no such `kind`, at the name itself; a name the
    game's rules wrote is reported at the scenario's map (the rule may suit other maps)."""
    at = span_of(name, span)
    in_scenario = at is not None and same_file(at.file, setup.scenario.file)
    ok = True
    first: tuple[str, str, list[str]] | None = None  # the error, its hint, the other sides'
    for text, whose in expansions(setup, name):
        if exists(setup, kind, text):
            continue
        ok = False
        m = setup.map
        hint = ""
        if kind == "cell" and m is not None:  # a misspelt place or box is likelier than a cell
            hint = did_you_mean(text, [*m.places, *m.boxes]) or m.why_no_cell(text)
        names = known(setup, kind)
        hint = hint or (suggest(text, names) if names else f"the game has no {_word(kind)}s")
        whose = f" ({whose})" if whose else ""
        if rule is not None and not in_scenario and kind in MAP_KINDS + ("area",):
            if _said_for_game(setup, rule, kind, text):
                continue
            sc = setup.scenario
            diags.error(
                sc.map_span or sc.span,
                "map",
                f"the rule names {kind} {text!r}{whose}, which map {setup.board.id!r} does not have"
                + (f" ({hint})" if hint else ""),
                setup.rule_at(rule.span),
            )
            continue
        if kind == "cell" and m is not None:
            message = f"no cell {text!r} on map {m.id!r}{whose}"
        elif kind in MAP_KINDS and m is None:
            if setup.scenario.map is not None:
                continue  # the map it names is unknown: reported once, at map:
            message, hint = f"{kind} {text!r}: the scenario has no map", ""
        else:
            message = f"unknown {_word(kind)} {text!r}{whose}"
        if whose and first is not None:  # one `$side` name: one error, every side in it
            first[2].append(f"{text!r}{whose}")
            continue
        first = (message, hint, [])
    if first is not None:
        message, hint, more = first
        diags.error(at, path, " nor ".join([message, *more]), hint)
    return ok


def _said_for_game(setup: Setup, rule: Constraint, kind: str, name: str) -> bool:
    """Is this a name of the game's own rules that no map of the game has? Reported once,
    at the rule (scenarios.check_map_names), not again at each scenario's map."""
    if kind not in GAME_MAP_KINDS or "$" in name or rule not in setup.book.constraints:
        return False
    maps = setup.game.maps.maps if setup.game.maps is not None else ()
    return name not in map_names(maps, kind)


def same_file(a: str, b) -> bool:
    """The same file, links followed; the same name written twice needs no look-up (a
    scenario's every name is checked: 10,000 placements looked their file up 20,000 times)."""
    from pathlib import Path

    return str(a) == str(b) or real_path(Path(a)) == real_path(Path(b))


def rule_names(rule: Constraint) -> Iterator[tuple[str, str, str]]:
    """(kind, name, path) for every name of the map or the scenario a rule writes."""
    if isinstance(rule, TerrainRule):
        for key, terrains in (("only_on", rule.only_on), ("not_on", rule.not_on)):
            for t in terrains:
                yield "terrain", t, f"{rule.path}.{key}"
    if isinstance(rule, StackingRule):
        for t in rule.terrains:
            yield "terrain", t, f"{rule.path}.terrains"
        if rule.limit_from:
            yield "terrain property", rule.limit_from, f"{rule.path}.limit_from"
    for kind, name in where_names(where_of(rule)):
        yield kind, name, f"{rule.path}.where"


def where_names(w: Where | None) -> Iterator[tuple[str, str]]:
    """(kind, name) for every terrain, area, cell, place and terrain property a test names,
    in it, in its targets and in its inner tests."""
    for test in inner_tests(w):
        for kind in ("terrain", "area", "cell", "place", "feature", "line", "box"):
            for name in getattr(test, kind):
                yield kind, name
        for prop, _ in test.props:
            yield "terrain property", prop
        for distance in (test.within, test.beyond):
            for terrain in distance.through if distance else ():
                yield "terrain", terrain
            for edge in distance.not_crossing if distance else ():
                yield "edge", edge
        for t in own_targets(test):
            if t.kind != "pieces":
                for name in t.names:
                    yield t.kind, name


def areas_read(w: Where | None, own_name: str, areas: Iterable[str]) -> list[str]:
    """The area names (or patterns) a test reads, for the area `own_name` it defines: the
    areas it names, in itself and its targets, and for `same_area_as` every other area
    (a cell shares an area with a target through any area but the one being defined)."""
    names = [n for k, n in where_names(w) if k == "area"]
    if any(t.same_area_as is not None for t in inner_tests(w)):
        names += [n for n in areas if n != own_name]
    return names


def check_all(
    setup: Setup,
    diags: Diagnostics,
    names: Iterable[tuple[str, str, str]],
    rule: Constraint | None = None,
) -> bool:
    ok = True
    for kind, name, path in names:
        ok &= check_name(setup, diags, kind, name, path, rule=rule)
    return ok


def check_attrs(setup: Setup, diags: Diagnostics, p: Placement, own: Mapping[str, str]) -> None:
    """A placement's `attrs:` against the piece's own attributes (never changed) and the
    game's declared attributes (names with a did-you-mean, values at the value). A game
    that declares none still has a misspelling of an attribute its rules read caught."""
    declared = {a.name: a for a in setup.book.attributes}
    read = attributes_read(setup.book)
    for key, text in p.attrs.items():
        at = p.attr_spans.get(key, p.span)
        path = f"{p.path}.attrs.{key}"
        if key in own:
            if own[key] != text:
                diags.error(
                    at,
                    path,
                    f"{p.ref} has {key} {own[key]!r} of its own: a placement cannot change it",
                )
            continue
        spec = declared.get(key)
        if spec is not None:
            _check_value(diags, spec, text, at, path)
            continue
        if declared:
            names = [*declared, *own]
            diags.error(span_of(key, at), path, f"unknown attribute {key!r}", suggest(key, names))
        elif key not in read and (guess := did_you_mean(key, read)):
            diags.error(span_of(key, at), path, f"unknown attribute {key!r}", guess)


def _check_value(diags: Diagnostics, spec: Attribute, text: str, at, path: str) -> None:
    if spec.type == "text":
        if spec.one_of and text not in spec.one_of:
            diags.error(
                at,
                path,
                f"{spec.name} is {text!r}, must be one of " + ", ".join(spec.one_of),
                did_you_mean(text, spec.one_of),
            )
        return
    try:
        value = finite_number(text)
    except ValueError:
        diags.error(at, path, f"{spec.name} is {text!r}, not a number")
        return
    if spec.type == "integer" and not value.is_integer():
        diags.error(at, path, f"{spec.name} is {text}, not a whole number")
    elif (spec.low is not None and value < spec.low) or (
        spec.high is not None and value > spec.high
    ):
        diags.error(
            at, path, f"{spec.name} is {num_text(value)}, {bound_text(spec.low, spec.high)}"
        )


def attributes_read(book: RuleBook) -> list[str]:
    """The attribute names the game's rules and pieces read (for a game without
    declarations: a scenario's misspelling of one of them is still caught)."""
    out: dict[str, None] = {"name": None}
    for rule in book.constraints:
        if isinstance(rule, RangeRule) and rule.attr:
            out[rule.attr] = None
        for _, sel in selectors_of(rule):
            for key in _selector_keys(sel):
                out[key] = None
    for piece in book.pieces:
        out.update(dict.fromkeys(piece.attrs))
    return list(out)


def _selector_keys(sel: Selector) -> Iterator[str]:
    for key, _ in sel.attrs:
        yield key
    if sel.negate is not None:
        yield from _selector_keys(sel.negate)


def selectors_of(rule: Constraint) -> Iterator[tuple[str, Selector]]:
    """Every piece selector of a rule, with the key it is under."""
    yield "pieces", rule.pieces
    for i, slot in enumerate(rule.slots if isinstance(rule, SlotsRule) else ()):
        yield f"slots[{i}].pieces", slot.pieces
    for test in inner_tests(where_of(rule)):
        for target in own_targets(test):
            if target.kind == "pieces" and target.pieces is not None:
                yield "where", target.pieces
