"""The constraint kinds, each a function (setup, rule, diags) -> None, for its record's
type (`check_rule` chooses).

Every message names the scenario entry at fault (its span and path) and ends
with the rule's own position, "(rule at rules.yaml:12:5)". All violations are
reported; nothing stops at the first.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from ..errors import Diagnostics, Span
from ..geometry import Cell
from ..model.rules import (
    ANY,
    Constraint,
    CountRule,
    PlacementRule,
    RangeRule,
    Slot,
    SlotsRule,
    StackingRule,
    TerrainRule,
    agree,
    bound_text,
    num_text,
    span_of,
)
from ..names import as_written, did_you_mean, suggest
from ..units import finite_number
from .resolved import Placed, Setup, relative
from .rulers import FOOTNOTE_MARKS
from .table_cells import body_rows, tables_by_id
from .where import describe_where, failing, holds, inner_tests, own_targets


def _say(
    diags: Diagnostics,
    rule: Constraint,
    span: Span | None,
    path: str,
    message: str,
    setup: Setup,
    still_counts: bool = False,
) -> None:
    """Report a broken rule at a scenario entry. `still_counts`: the message is about where
    a piece stands or how many a group holds, not what the piece is: later counts count it."""
    hint = setup.rule_at(rule.span)
    if rule.severity == "warning":
        diags.warning(span, path, message, hint)
    else:
        diags.error(span, path, message, hint)
        setup.report(path, still_counts)  # a placement said wrong is left out of later checks


Bounds = tuple[int | None, int | None, int | None]  # exactly, at least, at most


def _needs(bounds: Bounds) -> str:
    exactly, at_least, at_most = bounds
    if exactly is not None:
        return f"needs exactly {exactly}"
    if at_least is not None and at_most is not None:
        return f"needs {at_least} to {at_most}"
    if at_least is not None:
        return f"needs at least {at_least}"
    return f"needs at most {at_most}"


def _fits(n: int, bounds: Bounds) -> bool:
    exactly, at_least, at_most = bounds
    if exactly is not None and n != exactly:
        return False
    if at_least is not None and n < at_least:
        return False
    return not (at_most is not None and n > at_most)


def _bounds(
    setup: Setup, rule: CountRule, side: str | None, group: str, span, path: str, diags
) -> Bounds | None:
    """The rule's bounds for one group; a `$name` bound read from the side's values
    (None, reported at the group, when the side has no such value)."""
    given = {"exactly": rule.exactly, "min": rule.at_least, "max": rule.at_most}
    values = next((s.values for s in setup.scenario.sides if s.id == side), {})
    for key, ref in rule.bound_refs.items():
        value = values.get(ref)
        if value is None and side in setup.doubtful_values:
            return None  # its values hold a mistake already reported (a misspelt name)
        if value is None:
            who = f"side {side}" if side else f"{group} (of no side)"
            _say(diags, rule, span, path, f"{who} has no {ref} ({key}: ${ref})", setup)
            return None
        given[key] = int(value)
    return given["exactly"], given["min"], given["max"]


# ---- terrain: which pieces may stand on which terrain ----------------------


def check_terrain(setup: Setup, rule: TerrainRule, diags: Diagnostics) -> None:
    for p in setup.checked(rule.pieces):
        if p.cell is None:
            continue
        tid = setup.board.cells.get(p.cell)
        where = setup.cell_text(p.cell)
        if rule.only_on and tid not in rule.only_on:
            allowed = " or ".join(setup.terrain_label(t) for t in rule.only_on)
            _say(
                diags,
                rule,
                p.placement.span,
                p.placement.path,
                f"{p.who} on {where}: {rule.pieces.text} may stand only on {allowed}",
                setup,
                still_counts=True,
            )
        elif tid in rule.not_on:
            _say(
                diags,
                rule,
                p.placement.span,
                p.placement.path,
                f"{p.who} on {where}: {rule.pieces.text} may not stand on "
                f"{setup.terrain_label(tid)}",
                setup,
                still_counts=True,
            )


# ---- stacking: how many pieces a cell or an area holds ----------------------


def check_stacking(setup: Setup, rule: StackingRule, diags: Diagnostics) -> None:
    groups: dict[tuple, list[Placed]] = defaultdict(list)
    for p in setup.checked(rule.pieces):
        if rule.per == "cell":
            if p.cell is None:
                continue
            if rule.terrains and setup.board.cells.get(p.cell, "") not in rule.terrains:
                continue
            keys: list[Cell | str] = [p.cell]
        else:
            cells = {p.cell} if p.cell is not None else set(p.cells or ())
            # the areas the piece is surely in (one placed "in an area" may be anywhere there)
            keys = sorted(a for a, cs in setup.areas.items() if cells and cells <= cs)
        side = p.side if rule.each_side else None
        for key in keys:
            groups[(key, side)].append(p)
    noun = rule.noun or "pieces"
    for (key, side), members in groups.items():
        if rule.per == "cell":
            limit = _cell_limit(setup, rule, key)
            what = f"on {setup.cell_text(key)}"
        else:
            limit, what = rule.limit, f"in area {key}"
        if limit is None:
            continue  # a write-in blank on the terrain: no limit to check
        total = 0
        for p in members:
            total += p.count * _weight(rule, p)
            if total > limit:
                break
        if total <= limit:
            continue
        n = sum(m.count * _weight(rule, m) for m in members)
        whose = f" of side {side}" if side else ""
        name = rule.limit_from.replace("_", " ") if rule.limit_from else "stacking limit"
        _say(
            diags,
            rule,
            p.placement.span,
            p.placement.path,
            f"{n} {agree(n, noun)}{whose} {what} {'exceeds' if n == 1 else 'exceed'} its {name} "
            f"of {limit}",
            setup,
            still_counts=True,
        )


def _weight(rule: StackingRule, p: Placed) -> int:
    """What one copy of a piece counts as towards a stacking limit (1 unless weighed)."""
    return next((w for sel, w in rule.weights if sel.matches(p.values)), 1)


def _cell_limit(setup: Setup, rule: StackingRule, cell: Cell) -> int | None:
    if not rule.limit_from:
        return rule.limit
    value = setup.board.props_at(cell).get(rule.limit_from)  # a feature's overrides the terrain's
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return int(value)


# ---- placement: where a piece must stand -------------------------------------


def check_placement(setup: Setup, rule: PlacementRule, diags: Diagnostics) -> None:
    assert rule.where is not None
    if _targets_in_doubt(setup, rule):
        return
    for p in setup.checked(rule.pieces):
        cells = [p.cell] if p.cell is not None else p.cells
        if holds(setup, rule.where, cells, p):
            continue
        if p.cell is not None:
            at = f"on {setup.cell_text(p.cell)}"
        elif p.cells is not None:
            at = f"in area {p.placement.area}"
        elif p.box is not None:
            at = f"in box {as_written(p.box, setup.board.boxes[p.box].label)}"
        else:
            at = "off the map"
        _say(
            diags,
            rule,
            p.placement.span,
            p.placement.path,
            f"{p.who} {at} {failing(setup, rule.where, cells, p)}",
            setup,
            still_counts=True,
        )


# ---- count and slots: how many of what, per scenario, side or unit ----------


def _groups(
    setup: Setup, per: str
) -> list[tuple[str, Span | None, str, Callable[[Placed], bool], str | None]]:
    """(name, span, path, membership test, side id) for each scenario, side or unit."""
    sc = setup.scenario
    if per == "side":
        return [(f"side {s.id}", s.span, s.path, _of_side(s.id), s.id) for s in sc.sides]
    if per == "unit":
        return [(f"unit {u.id}", u.span, u.path, _of_unit(u.id), u.side) for u in sc.units]
    return [("the scenario", sc.span, "", lambda p: True, None)]


def _of_side(side: str) -> Callable[[Placed], bool]:
    return lambda p: p.side == side


def _of_unit(unit: str) -> Callable[[Placed], bool]:
    return lambda p: p.unit == unit


def check_count(setup: Setup, rule: CountRule, diags: Diagnostics) -> None:
    sc = setup.scenario
    if rule.of == "sides":
        n = len(sc.sides)
        wanted = (rule.exactly, rule.at_least, rule.at_most)
        if not _fits(n, wanted):
            _say(
                diags,
                rule,
                sc.span,
                "sides",
                f"the scenario has {n} {agree(n, 'sides')}, {_needs(wanted)}",
                setup,
            )
        return
    for name, span, path, member, side in _groups(setup, rule.per):
        if rule.of == "pieces" and (
            setup.in_doubt(rule.pieces, member) or _targets_in_doubt(setup, rule)
        ):
            continue  # an entry it might count is already reported: its count is not known
        bounds = _bounds(setup, rule, side, name, span, path, diags)
        if bounds is None:
            continue
        if rule.of == "units":
            n = sum(1 for u in sc.units if rule.per != "side" or u.side == side)
            noun = agree(n, rule.noun or "units")
        else:
            n, over = 0, None
            top = bounds[0] if bounds[0] is not None else bounds[2]
            for p in setup.counted(rule.pieces):
                if not member(p):
                    continue
                if rule.where is not None and not holds(
                    setup, rule.where, [p.cell] if p.cell is not None else p.cells, p
                ):
                    continue
                n += p.count
                if over is None and top is not None and n > top:
                    over = p.placement  # too many: the entry that went over is at fault
            if over is not None:
                span, path = over.span, over.path
            noun = agree(n, rule.noun) if rule.noun else rule.pieces.noun(n)
            if rule.where is not None:
                noun = f"{noun} {describe_where(setup, rule.where)}"
        if not _fits(n, bounds):
            message = f"{name} has {n} {noun}, {_needs(bounds)}"
            _say(diags, rule, span, path, message, setup, still_counts=True)


def check_slots(setup: Setup, rule: SlotsRule, diags: Diagnostics) -> None:
    """Fill the slots in the order written, any-type slots last; report what is short or over."""
    order = sorted(rule.slots, key=lambda s: s.pieces is ANY or not s.pieces.attrs)
    listing = ", ".join(f"{s.count} {_slot(s, s.count)}" for s in rule.slots)
    for name, span, path, member, _ in _groups(setup, rule.per):
        if setup.in_doubt(rule.pieces, member):
            continue  # an entry that might fill a slot is already reported
        left: list[Placed] = []
        for p in setup.counted(rule.pieces):
            if member(p):
                left.extend([p] * p.count)
        missing = []
        for slot in order:
            count, sel = slot.count, slot.pieces
            taken = [p for p in left if sel.matches(p.values)][:count]
            for p in taken:
                left.remove(p)
            if len(taken) < count:
                missing.append(f"{count - len(taken)} {_slot(slot, count - len(taken))}")
        # one message a group: a piece in the wrong slot is both short there and over
        said = [f"is missing {' and '.join(missing)}"] if missing else []
        if left:
            noun = agree(len(left), rule.noun or "pieces")
            said.append(f"has {len(left)} {noun} more than its slots allow")
            span, path = left[0].placement.span, left[0].placement.path
        if said:
            message = f"{name} {' and '.join(said)} (its slots: {listing})"
            _say(diags, rule, span, path, message, setup, still_counts=True)


def _targets_in_doubt(setup: Setup, rule: PlacementRule | CountRule) -> bool:
    """Does the rule's test measure from pieces while an entry stands nowhere (it might be
    one of them, a misspelt target piece)? Then the test cannot be told for anyone."""
    if not setup.unplaced or rule.where is None:
        return False
    return any(t.kind == "pieces" for w in inner_tests(rule.where) for t in own_targets(w))


def _slot(slot: Slot, n: int) -> str:
    """What `n` of a slot's pieces are called: its label, else its selector's words."""
    if slot.label:
        return agree(n, slot.label)
    sel = slot.pieces
    return (
        f"{agree(n, 'pieces')} of any type"
        if sel is ANY or not sel.attrs and sel.negate is None
        else sel.noun(n)
    )


# ---- range: attribute values -------------------------------------------------


def check_range(setup: Setup, rule: RangeRule, diags: Diagnostics) -> None:
    if rule.of == "sides":
        for side in setup.scenario.sides:
            value = side.values.get(rule.attr)
            if value is None:
                if rule.required and side.id not in setup.doubtful_values:
                    _say(
                        diags,
                        rule,
                        side.span,
                        side.path,
                        f"side {side.id} has no {rule.attr}",
                        setup,
                    )
                continue
            if not _in(value, rule):
                _say(
                    diags,
                    rule,
                    side.value_spans.get(rule.attr),
                    f"{side.path}.values.{rule.attr}",
                    f"side {side.id}: {rule.attr} is {num_text(value)}, "
                    + bound_text(rule.low, rule.high),
                    setup,
                )
        return
    for p in setup.checked(rule.pieces):
        text = p.values.get(rule.attr)
        pl = p.placement
        span = pl.attr_spans.get(rule.attr, pl.span)
        path = f"{pl.path}.attrs.{rule.attr}" if rule.attr in pl.attr_spans else pl.path
        if text is None:
            if rule.required:
                _say(diags, rule, pl.span, pl.path, f"{p.who} has no {rule.attr}", setup)
            continue
        if rule.one_of:
            if text not in rule.one_of:
                _say(
                    diags,
                    rule,
                    span,
                    path,
                    f"{p.who}: {rule.attr} is {text!r}, must be one of " + ", ".join(rule.one_of),
                    setup,
                )
            continue
        if rule.rows_of:
            rows = table_rows(setup, rule, diags)
            if rows is not None and text not in rows:
                tables = " or ".join(rule.rows_of)
                close = did_you_mean(text, rows)
                _say(
                    diags,
                    rule,
                    span,
                    path,
                    f"{p.who}: {rule.attr} is {text!r}, which names no row of table {tables}"
                    + (f" ({close})" if close else ""),
                    setup,
                )
            continue
        try:
            value = finite_number(text)
        except ValueError:
            _say(diags, rule, span, path, f"{p.who}: {rule.attr} is {text!r}, not a number", setup)
            continue
        if not _in(value, rule):
            _say(
                diags,
                rule,
                span,
                path,
                f"{p.who}: {rule.attr} is {num_text(value)}, {bound_text(rule.low, rule.high)}",
                setup,
            )


def table_rows(setup: Setup, rule: RangeRule, diags: Diagnostics) -> list[str] | None:
    """The row names of the tables a range rule's `rows_of` names (their first column,
    footnote marks left off: "Javelin*" is "Javelin"); None, said once at the rule, when
    one of them is no table of the game."""
    tables = tables_by_id(setup.game)
    names: list[str] = []
    for table_id in rule.rows_of:
        if table_id not in tables:
            where = f"{rule.path}.rows_of"
            message = f"no table {str(table_id)!r} in tables:"
            hint = suggest(str(table_id), tables) or "the game has no tables: section"
            diags.error(span_of(table_id, rule.span), where, message, hint)  # said once
            return None
        table, _ = tables[table_id]
        for _, cells in body_rows(table):
            if cells and cells[0].text:
                names.append(FOOTNOTE_MARKS.sub("", cells[0].text))
    return names


def _in(value: float, rule: RangeRule) -> bool:
    return not (
        rule.low is not None and value < rule.low or rule.high is not None and value > rule.high
    )


def check_rule(setup: Setup, rule: Constraint, diags: Diagnostics) -> None:
    """The check of the rule's kind, chosen by the type of its record."""
    match rule:
        case TerrainRule():
            check_terrain(setup, rule, diags)
        case StackingRule():
            check_stacking(setup, rule, diags)
        case PlacementRule():
            check_placement(setup, rule, diags)
        case CountRule():
            check_count(setup, rule, diags)
        case SlotsRule():
            check_slots(setup, rule, diags)
        case RangeRule():
            check_range(setup, rule, diags)
        case _:
            raise TypeError(f"no check for a {type(rule).__name__}")


# ---- built in: the kit's supply ----------------------------------------------


def check_supply(setup: Setup, diags: Diagnostics) -> None:
    """A scenario may not use more of a piece than the kit provides."""
    used: Counter[str] = Counter()
    reported: set[str] = set()
    for p in setup.placed:
        used[p.piece.id] += p.count
        q = p.piece.quantity
        if q is not None and used[p.piece.id] > q and p.piece.id not in reported:
            reported.add(p.piece.id)
            total = sum(x.count for x in setup.placed if x.piece.id == p.piece.id)
            diags.error(
                p.placement.span,
                p.placement.path,
                f"{p.piece.id!r}: {total} placed, the kit provides {q}",
                f"piece defined at {relative(p.piece.span, setup.book.folder)}",
            )
            setup.report(p.placement.path)
