"""The map key: every terrain, feature, line, hexside kind and mark the map uses, each with
its swatch, its name and the effects the game declares (its rules properties as words)."""

from __future__ import annotations

import math

from ...errors import Span
from ...model.map import MapDef, prop_words, props_words
from ...records import record, replace
from ...style import (
    DIM_INK,
    INK,
    KEY_EFFECT,
    KEY_MIN,
    KEY_TITLE,
    LINE_INK,
    MARK_INK,
    NONE,
    PAPER,
    SWATCH_FILL,
    TIGHT_LEADING,
)
from ..env import PlanEnv
from ..frame import content_box
from ..plan import Font, Group, Icon, Line, Path, Rect, Stroke, Text
from ..text import fit_text
from .celldisc import RADIUS, disc, disc_size
from .mapart import crossing_ops
from .maplayers import style_ops, symbol_ops

SWATCH = 22.0
GAP = 6.0


@record
class Entry:
    swatch: tuple  # ops about the swatch's centre
    title: str
    effects: str
    span: Span | None  # where the thing was declared (a warning names it)
    path: str


prop_text = prop_words  # one wording of a property: the key's and the chart's


def _effects(props) -> str:
    return props_words(props)


KEY_COLUMN = 175.0  # a key entry's column: its swatch, name and effects
TERSE_COLUMN = 80.0  # the column of a key that names its symbols only


def effects_charted(m: MapDef, env: PlanEnv) -> dict[str, str]:
    """The names a terrain effects chart in the map's margins, made from this map, lists,
    each with what the key still says of it: the chart says movement and combat (said
    once), and its notes too when it has a notes column; else the key says them."""
    from ...rules.terrain_effects import chart_rows, combat_of

    ids = {c.item for c in m.margins}
    for t in env.game.tables:
        if t.effects is not None and t.id in ids and t.effects.map in ("", m.id):
            combat = combat_of(env.game, t.effects.combat)
            noted = len(t.columns) == 4
            return {
                row[0]: ("" if noted else row[3].replace(NONE, ""))
                for row in chart_rows(m, combat, t.effects.move)
            }
    return {}


def key_column(m: MapDef, env: PlanEnv) -> float:
    return TERSE_COLUMN if effects_charted(m, env) else KEY_COLUMN


def entries(m: MapDef, env: PlanEnv, least: float = 0.0, discs: bool = True) -> list[Entry]:
    """What the map uses, in the order a reader looks for it: ground, then what stands on
    it, then the lines across it, then its marks. A terrain's mark smaller than ``least``
    (swatch points: a reduced legend passes its minimum over its scale) is left off its
    swatch: the name beside it says what the mark says. A key beside a terrain effects
    chart made from the map leaves the effects to the chart; ``discs``: whether the
    drawing it keys prints the cells' discs (a reduced one may not)."""
    out = _kind_entries(m, env, least) + _edge_entries(m)
    charted = effects_charted(m, env)
    out = [replace(e, effects=charted[e.title]) if e.title in charted else e for e in out]
    return out + _mark_entries(m, env) + (_disc_entries(m, env) if discs else [])


def _disc_entries(m: MapDef, env: PlanEnv) -> list[Entry]:
    """The cells' discs (a pop limit), once: a disc as the map prints it, its least value."""
    values = sorted(set(m.disc_values().values()), key=lambda v: (len(v), v))
    if m.disc is None or not values:
        return []
    r = SWATCH * 0.4
    fs = disc_size(r / RADIUS, values[0], 0.0)
    body = tuple(disc((-r, -r, r, r), fs[1] if fs else r, values[0], env.face(bold=True)))
    where = "the number in each cell\u2019s corner"
    return [Entry(body, m.disc.label, where, m.disc.span, f"maps.{m.id}.disc")]


def _kind_entries(m: MapDef, env: PlanEnv, least: float = 0.0) -> list[Entry]:
    """The terrains, feature kinds and line kinds the map shows, each on a swatch."""
    half = SWATCH / 2
    square = ((-half, -half), (half, -half), (half, half), (-half, half))
    frame = Path(square, fill=None, stroke=Stroke(LINE_INK, 0.6))
    out: list[Entry] = []
    used = set(m.cells.values())
    for t in m.terrains.values():
        if t.id in used:
            out.append(
                Entry(
                    terrain_swatch(t, square, env, least),
                    t.label or t.id,
                    _effects(t.props),
                    t.span,
                    f"maps.{m.id}.terrains.{t.id}",
                )
            )
    placed = {f.kind for f in m.features}
    for k in m.feature_kinds.values():
        if k.id in placed and k.key:
            body = (
                Path(square, fill=SWATCH_FILL),
                *symbol_ops(k, 0, 0, SWATCH * 0.8, env.face(bold=True)),
                frame,
            )
            out.append(
                Entry(
                    body, k.label or k.id, _effects(k.props), k.span, f"maps.{m.id}.features.{k.id}"
                )
            )
    drawn = {ln.kind for ln in m.lines}
    for lk in m.line_kinds.values():
        if lk.id in drawn:
            body = (
                Path(square, fill=SWATCH_FILL),
                *style_ops(lk, [(-half, -half * 0.3), (half, half * 0.3)], SWATCH * 2.5),
                frame,
            )
            out.append(
                Entry(
                    body,
                    lk.label or lk.id,
                    _effects(lk.props),
                    lk.span,
                    f"maps.{m.id}.line_kinds.{lk.id}",
                )
            )
    return out


def _edge_entries(m: MapDef) -> list[Entry]:
    """The edge kinds (walls, doors ...) the map's edges use."""
    half = SWATCH / 2
    out: list[Entry] = []
    for k in m.edge_kinds.values():
        if any(e.kind == k.id for e in m.edges):
            body: list[Line | Rect] = [
                Line(-half, 0, half, 0, Stroke(k.colour, min(k.width, 5), k.dash))
            ]
            if k.symbol in ("ford", "bridge"):
                body = crossing_ops(k.symbol, (-half, 0), (half, 0), k.colour, min(k.width, 5))
            if k.symbol in ("door", "hatch"):
                body.append(
                    Rect(-half * 0.5, -3, half, 6, fill=PAPER, stroke=Stroke(k.colour, 0.8))
                )
            out.append(
                Entry(
                    tuple(body),
                    k.label or k.id,
                    "; ".join(
                        x for x in ("blocks movement" if k.blocks else "", _effects(k.props)) if x
                    ),
                    k.span,
                    f"maps.{m.id}.edge_kinds.{k.id}",
                )
            )
    return out


def _mark_entries(m: MapDef, env: PlanEnv) -> list[Entry]:
    """The marks' icons, once each; a mark icon without a key entry is warned about."""
    out: list[Entry] = []
    seen: set = set()
    for i, mk in enumerate(m.marks):
        if not mk.icon:
            continue  # a free label names itself
        title = mk.key or mk.text[:1].upper() + mk.text[1:]  # the key's entries are names
        if not title:
            env.warn(
                mk.span,
                f"maps.{m.id}.marks[{i}]",
                f"mark icon {mk.icon!r} on map {m.id!r} has no key entry",
                "give it key: (what it stands for), or text:",
            )
            continue
        if (mk.icon, mk.colour, title) in seen:
            continue
        seen.add((mk.icon, mk.colour, title))
        body = (Icon(mk.icon, 0, 0, SWATCH * 0.85, mk.colour),)
        out.append(Entry(body, title, "", mk.span, f"maps.{m.id}.marks[{i}]"))
    return out


def terrain_swatch(t, square, env: PlanEnv, least: float = 0.0) -> tuple:
    from .mapart import grid_line, pattern_ops, rim_op, texture_line

    body: list = [Path(square, fill=t.fill or PAPER)]
    if t.pattern:
        body.extend(pattern_ops(t.pattern, list(square), SWATCH, texture_line(t, SWATCH)))
    if t.outline:
        body.append(rim_op(t, square, SWATCH))
    body.append(Path(square, fill=None, stroke=grid_line()))  # framed as the map's cells
    size = SWATCH * (0.5 if len(t.mark) == 1 else 0.3)
    if t.mark and size >= least:
        # on a white tab, as on the map: the pattern's lines never run through the letters
        face = env.face(bold=True)
        w = env.fonts.width(t.mark, face, size) + size * 0.5
        base = -SWATCH * 0.18
        body.append(Rect(-w / 2, base - size * 0.3, w, size * 1.15, fill=PAPER, radius=size * 0.2))
        body.append(Text(0, base, t.mark, Font(face, size), MARK_INK, align="centre"))
    return tuple(body)


def plan_key(
    m: MapDef, env: PlanEnv, x: float, width: float, y0: float | None = None
) -> tuple[list, float]:
    """The key laid out in columns from ``x`` across ``width``, its bottom at ``y0`` (default:
    the content box's); returns the ops and the height used. Names and effects that do not
    fit their column shrink, then wrap, and warn when they cannot."""
    items = entries(m, env)
    if not items:
        return [], 0.0
    regular, bold = env.face(), env.face(bold=True)
    col_w = key_column(m, env)
    per_row = max(1, int(width // col_w))
    col_w = width / per_row if len(items) >= per_row else col_w
    text_w = col_w - SWATCH - GAP - 4
    fitted = []
    for e in items:
        title = fit_text(
            e.title,
            bold,
            KEY_TITLE,
            KEY_MIN,
            text_w,
            KEY_TITLE * (1 + TIGHT_LEADING),
            env.fonts,
            TIGHT_LEADING,
        )
        effects = (
            fit_text(
                e.effects,
                regular,
                KEY_EFFECT,
                KEY_MIN,
                text_w,
                KEY_EFFECT * (1 + 2 * TIGHT_LEADING),
                env.fonts,
                TIGHT_LEADING,
            )
            if e.effects
            else None
        )
        for what, fit in (("name", title), ("effects", effects)):
            if fit is not None and not fit.fits:
                env.warn(
                    e.span,
                    e.path,
                    f"map key {what} {e.title!r} does not fit its column even at {KEY_MIN:g}pt",
                    "shorten it",
                )
        fitted.append((title, effects))
    heights = []
    for r in range(math.ceil(len(items) / per_row)):
        row = fitted[r * per_row : (r + 1) * per_row]
        heights.append(max(SWATCH + 6, *(_text_h(t, e) + 6 for t, e in row)))
    height = sum(heights) + 14
    if y0 is None:
        _, y0, _, _ = content_box(env.paper)
    ops: list = [Text(x, y0 + height - 8, "Key", Font(bold, 9), INK)]
    top = y0 + height - 16
    for i, (e, (title, effects)) in enumerate(zip(items, fitted, strict=True)):
        r, c = divmod(i, per_row)
        ex = x + c * col_w
        ey = top - sum(heights[:r])  # the row's top
        ops.append(Group(e.swatch, dx=ex + SWATCH / 2, dy=ey - SWATCH / 2 - 2))
        ty = ey - title.size
        for line in title.lines:
            ops.append(Text(ex + SWATCH + GAP, ty, line, Font(bold, title.size), INK))
            ty -= title.size * TIGHT_LEADING
        if effects is not None:
            ty += title.size * TIGHT_LEADING - effects.size * 1.3  # under the name's last line
            for line in effects.lines:
                ops.append(Text(ex + SWATCH + GAP, ty, line, Font(regular, effects.size), DIM_INK))
                ty -= effects.size * TIGHT_LEADING
    return ops, height


def _text_h(title, effects) -> float:
    h = title.size * (1 + TIGHT_LEADING * (len(title.lines) - 1))
    if effects is not None:
        h += 3 + effects.size * (1 + TIGHT_LEADING * (len(effects.lines) - 1))
    return h


__all__ = ["entries", "key_column", "plan_key", "prop_text", "terrain_swatch"]
