"""Set-up sheets: each scenario's map with its pieces drawn in place, then its forces,
rosters, options and special rules. One PDF per scenario (scenario-<id>.pdf).

The map is a set-up diagram, scaled to fit one page: cells tinted by terrain,
blocking edges, the scenario's own areas hatched, and each placed piece as a
labelled token in its side's colour.
"""

from __future__ import annotations

import math
import os
import re
from collections import defaultdict
from collections.abc import Callable, Mapping
from functools import partial

from ...colours import ColourError, mix, parse_colour, readable_on, rgb
from ...errors import Diagnostics
from ...geometry import HexGrid
from ...model.placed import FACE
from ...model.rules import RuleBook, Scenario, Unit
from ...names import in_words
from ...records import record, replace
from ...rules.resolved import Placed, Setup
from ...rules.setup import resolve
from ...style import (
    AREA_INK,
    BODY,
    COLUMN_GUTTER,
    DIVIDER_INK,
    FAINT,
    HEADING,
    INK,
    MID_INK,
    MUTED,
    NEUTRAL_INK,
    PAPER,
    RULER,
    RULES_MIN,
    SET_UP_ZEBRA,
    SHEET_MAX,
    SIDE_PALETTE,
    SMALL,
    sentence,
    typeset,
)
from ..env import PlanEnv
from ..flow import PageFlow
from ..frame import content_box
from ..maps.celldisc import disc_boxes
from ..maps.mapart import (
    MIN_WORD,
    Box,
    axis_names,
    cell_size,
    coord_width,
    map_ops,
)
from ..maps.mapkey import SWATCH, entries
from ..maps.maps import COMPASS, compass, every_coord_scale, reduced_coords
from ..plan import BBox, Document, Font, Group, Item, Line, Page, Path, Rect, Stroke, Text
from ..search import largest_that_fits, most_air
from ..sides import NEUTRAL_SHAPE, side_shapes, token_shape
from ..text import wrap

GRID = Stroke(MID_INK, 0.4)
HATCH_STEP = 4.0  # points printed: between a scenario area's hatch lines
MAP_SHARE = 0.62  # of the content height, for the diagram on the first page
ONE_PAGE_SLACK = 12.0  # points kept free under a one-page sheet's text (a heading's room)
MAX_CELL = 64.0  # points: the largest a cell is drawn on a set-up diagram
LEGEND_SWATCH = 13.0  # points: a swatch of the legend under the diagram
RULER_ROOM = (16.0, 10.0)  # points: the room they take left (and right) of it, and over it
LABEL_GROWTH = 1.6  # the most the map's names (areas, places) grow on a reduced diagram
# A side's token shape by its place in the scenario's list: greyscale keeps them apart.
TABLE_SIZE, MIN_TABLE_SIZE = 9.0, 6.0  # points: a force table's text, and on narrow paper
SIZE_STEP = 0.25  # points: the steps of the body's size tried for a sheet
AIR_LINE, AIR_ROW, AIR_GAP = 0.25, 0.3, 0.5  # the most air opens lines, rows, gaps (x size)
AIR_STEPS = 7  # trials in the search for the most air that fits (search.most_air)


@record
class _Style:
    """How a set-up sheet's text is set: the body's size (the rest of its type moves with
    it, never under RULES_MIN), the air given out at SHEET_MAX (0 to 1: AIR_*), and
    whether a side's tables narrow (closer columns, smaller type) to stand abreast."""

    size: float = BODY
    air: float = 0.0
    narrow: bool = False

    def pt(self, size: float) -> float:
        return max(RULES_MIN, size * self.size / BODY)

    @property
    def k(self) -> float:
        return self.size / BODY


def plan_scenarios(book: RuleBook, env: PlanEnv) -> list[Document]:
    docs = []
    for scenario in book.scenarios:
        setup = resolve(env.game, book, scenario, Diagnostics())  # already checked
        docs.append(_plan_one(setup, env))
    return docs


def _colours(setup: Setup, palette: Mapping[str, str] | None = None) -> dict[str, str]:
    """Each side's token colour: its own `colour:`, else the colour its id names (a side
    called red is drawn red, never blue), else the next palette colour not yet taken."""
    out = {}
    for side in setup.scenario.sides:
        own = setup.side_colours.get(side.id)
        if own is None:
            try:
                own = parse_colour(side.id, palette)
            except ColourError:
                own = None
        if own is not None and own != "none":
            out[side.id] = own
    rest = [s.id for s in setup.scenario.sides if s.id not in out]
    free = [c for c in SIDE_PALETTE if not any(_alike(c, t) for t in out.values())]
    for i, sid in enumerate(rest):
        out[sid] = (free or list(SIDE_PALETTE))[i % len(free or SIDE_PALETTE)]
    return out


def _alike(a: str, b: str) -> bool:
    """Two colours a reader could mistake for each other on a small token."""
    return sum(abs(x - y) for x, y in zip(rgb(a), rgb(b), strict=True)) < 0.45


def turned(p: Placed) -> str:
    """The face a piece shows when it is not its front (a reduced step), else ''."""
    faces = p.piece.faces
    face = p.values.get(FACE, "")
    return face if faces and face != faces[0] else ""


def token_text(p: Placed) -> str:
    """What a token shows: the placement's label, the piece's abbr attribute, else initials."""
    if p.placement.label:
        return p.placement.label
    for key in ("abbr", "short", "code"):
        if p.values.get(key):
            return p.values[key]
    return initials(p.piece.name or p.piece.id)


def initials(name: str) -> str:
    """A token's letters from a name: 'Hill-Fort' HF, 'Soldier (red)' So (a bracket
    qualifies the name: its side shows in the token's colour), never a bracket itself."""
    plain = re.sub(r"\(.*?\)", " ", name).replace("-", " ")
    words = [w for w in (re.sub(r"[^\w]", "", w) for w in plain.split()) if w]
    if not words:  # a name all in brackets or signs: its letters and digits
        words = [re.sub(r"[^\w]", "", name) or "?"]
    if len(words) == 1:
        return words[0][:2].capitalize()
    return "".join(w[0] for w in words[:3]).upper()


def _plan_one(setup: Setup, env: PlanEnv) -> Document:
    sc = setup.scenario
    cache: dict = {}  # the diagram's ops by scale: the search below tries a few
    quiet = replace(env, diags=Diagnostics())  # trials warn nothing
    style = _choose(lambda st: _layout(setup, quiet, st, cache))
    pages, _ = _layout(setup, env, style, cache)
    return Document(f"scenario-{sc.id}", f"Scenario: {sc.title}", pages, apart=True)


def _choose(layout: Callable[[_Style], tuple[list[Page], bool]]) -> _Style:
    """The style a set-up sheet is set in: first the fewest pages its text can take at
    RULES_MIN (with its tables narrowed to stand abreast, where that saves a page); then
    the largest body size that still takes no more, up to SHEET_MAX (BODY where tables
    narrow: the body grows no larger than it stands over its narrowed tables; a diagram
    made smaller for a one-page sheet never shrinks further for larger type); then, at
    that cap, the most air that still fits."""
    least = min(
        len(pages) for pages, _ in (layout(_Style(RULES_MIN, narrow=n)) for n in (False, True))
    )

    def fits(st: _Style) -> bool:
        pages, shrunk = layout(st)
        return len(pages) <= least and not (shrunk and st.size > BODY)

    best, cap = _Style(RULES_MIN, narrow=not fits(_Style(RULES_MIN))), SHEET_MAX
    for narrow, most in ((False, SHEET_MAX), (True, BODY)):

        def fits_at(i: int, narrow: bool = narrow) -> bool:
            return fits(_Style(RULES_MIN + i * SIZE_STEP, narrow=narrow))

        i = largest_that_fits(int((most - RULES_MIN) / SIZE_STEP) + 1, fits_at)
        if i is not None and RULES_MIN + i * SIZE_STEP > best.size:
            best, cap = _Style(RULES_MIN + i * SIZE_STEP, narrow=narrow), most
    if best.size < cap:
        return best
    return replace(best, air=most_air(lambda air: fits(replace(best, air=air)), AIR_STEPS))


def _layout(setup: Setup, env: PlanEnv, style: _Style, cache: dict) -> tuple[list[Page], bool]:
    """The sheet's pages set in `style`, and whether its diagram was made smaller than its
    share of the first page to bring the whole sheet onto it."""
    sc = setup.scenario
    x0, y0, x1, y1 = content_box(env.paper)
    colours = _colours(setup, env.game.palette)
    bold, italic = env.face(bold=True), env.face(italic=True)
    page = Page(f"Scenario: {sc.title}")
    y = y1 - 20
    page.ops.append(Text(x0, y, sc.title, Font(bold, 18), INK))
    after = x0 + env.fonts.width(sc.title, bold, 18) + 12
    if setup.map is not None and setup.map.north and after + COMPASS <= x1:
        page.ops.extend(compass(setup.map.north, after, y + 5, bold))  # as on the map sheet
    y -= 8
    if sc.summary:
        for line in wrap(typeset(sc.summary), italic, 10, x1 - x0, env.fonts):
            y -= 13
            page.ops.append(Text(x0, y, line, Font(italic, 10), MUTED))
    y -= 10
    shrunk = False
    if setup.map is not None:
        if "least" not in cache:
            cache["least"] = _least_scale(setup, env)
        scale, shrunk = _scale(setup, colours, env, style, (y, cache["least"]))
        if scale not in cache:
            cache[scale] = _map_ops(setup, colours, scale, (x0, x1, y), env)
        ops, box = cache[scale]
        page.ops.extend(ops)
        page.items.append(
            Item(
                "setup-map",
                sc.id,
                f"setup-{sc.id}",
                "front",
                box,
                {
                    "scenario": sc.id,
                    "map": setup.map.id,
                    "tokens": sum(p.count for p in setup.placed if p.cell),
                },
            )
        )
        y = box[1] - 14
        y = _map_legend(setup, page, (x0, x1), y, env, scale)
    flow = _Flow(env, page, y, (x0, y0, x1, y1), f"Scenario: {sc.title}", sc, style)
    _sheet(setup, colours, flow)
    return flow.finish(), shrunk


def _scale(
    setup: Setup, colours: dict[str, str], env: PlanEnv, style: _Style, under: tuple
) -> tuple[float, bool]:
    """The diagram's scale under `y`, and whether it was made smaller than its share of
    the page (never under `least`, _least_scale) to bring the whole sheet onto one page."""
    y, least = under
    x0, y0, x1, y1 = content_box(env.paper)
    legend_h = y - _map_legend(setup, Page(""), (x0, x1), y, env)
    scale = _fit(setup, (x0, y - (y1 - y0) * MAP_SHARE, x1, y))
    # the whole sheet on one page where the diagram, made smaller for it, still
    # prints every cell's coordinates: else as large as its share of the page
    text = _text_height(setup, colours, env, style)
    one = _fit(setup, (x0, y0 + legend_h + 14 + text + ONE_PAGE_SLACK, x1, y))
    if least <= one < scale:
        return one, True
    if scale < every_coord_scale(setup.board):
        # its coordinates would not all print at the least size: the map takes the
        # page (the sheet's text continues overleaf), as large as it will go
        scale = max(scale, _fit(setup, (x0, y0 + legend_h + 6, x1, y)))
    hexes = isinstance(setup.board.grid, HexGrid)  # named in lattice hexes, not at its edges
    if scale < every_coord_scale(setup.board) and not hexes:  # too small still: edge names
        room_x, room_y = RULER_ROOM
        scale = max(scale, _fit(setup, (x0 + room_x, y0 + legend_h + 6, x1 - room_x, y - room_y)))
    return scale, False


def _least_scale(setup: Setup, env: PlanEnv) -> float:
    """The least scale a diagram is made smaller to for a one-page sheet: every cell's
    coordinates (every_coord_scale) and every token's words print at MIN_WORD."""
    size = cell_size(setup.board.grid)

    def prints(scale: float) -> bool:
        tokens = _token_spots(setup, size, MIN_WORD / scale, env)
        return all(_text_size(t, env) * scale >= MIN_WORD - 1e-6 for t in tokens)

    lo = hi = every_coord_scale(setup.board)
    if prints(lo):
        return lo
    for _ in range(16):  # a scale at which they print, then the least between
        lo, hi = hi, hi * 1.5
        if prints(hi):
            break
    for _ in range(10):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if prints(mid) else (mid, hi)
    return hi


def _text_height(setup: Setup, colours: dict[str, str], env: PlanEnv, style: _Style) -> float:
    """The height the sheet's text (key, forces, rules) takes under the diagram, set in
    one run at the page's width: measured, nothing kept."""
    box = content_box(env.paper)
    probe = _Flow(env, Page(""), 0.0, box, "", setup.scenario, style)
    height, _ = probe._measure(lambda: _sheet(setup, colours, probe))
    return height


# ---- the map diagram --------------------------------------------------------------


def _map_legend(
    setup: Setup,
    page: Page,
    across: tuple[float, float],
    y: float,
    env: PlanEnv,
    scale: float | None = None,
) -> float:
    """A small swatch and a name for everything the map shows (terrains, features, lines,
    hexsides, marks: the map key's entries, and the scenario's own hatched areas), in one
    or more rows; a swatch's own word (a
    terrain's mark) only where it prints at the least size; the cells' discs only where
    the diagram at ``scale`` prints them (not known yet: as if it did)."""
    x0, x1 = across
    font = Font(env.face(), 8.5)
    x = x0
    k = LEGEND_SWATCH / SWATCH
    quiet = replace(env, diags=Diagnostics())  # the key warns
    m = setup.board
    discs = scale is None or bool(disc_boxes(m, cell_size(m.grid), MIN_WORD / scale))
    shown = [(e.swatch, e.title) for e in entries(m, quiet, least=MIN_WORD / k, discs=discs)]
    for swatch, title in shown + _area_entries(setup):
        width = LEGEND_SWATCH + 4 + env.fonts.width(title, font.face, font.size) + 14
        if x + width > x1 and x > x0:
            x, y = x0, y - LEGEND_SWATCH - 4
        page.ops.append(Group(swatch, dx=x + LEGEND_SWATCH / 2, dy=y + 3, scale=k))
        page.ops.append(Text(x + LEGEND_SWATCH + 4, y, title, font, INK))
        x += width
    return y - LEGEND_SWATCH / 2 - 12


def _hatched(corners: tuple, step: float = HATCH_STEP) -> Path:
    """A cell of a scenario's own area as the set-up map draws it, and its key's swatch;
    ``step`` between its hatch lines (HATCH_STEP printed, however reduced the plan)."""
    return Path(
        corners,
        True,
        None,
        Stroke(AREA_INK, 1.2, (3, 2)),
        hatch=mix(AREA_INK, PAPER, 0.45),
        hatch_step=step,
    )


def _area_entries(setup: Setup) -> list[tuple[tuple, str]]:
    """The scenario's own areas (an Approach area found from where its pieces stand) for
    the legend: a hatched square and the area's name."""
    h = SWATCH / 2
    square = ((-h, -h), (h, -h), (h, h), (-h, h))
    areas = setup.scenario.areas
    return [((_hatched(square),), typeset(area.label or area.name)) for area in areas]


def _fit(setup: Setup, box) -> float:
    """The scale that fits the map into box, no larger than MAX_CELL a cell."""
    b = setup.board.grid.bounds()
    scale = min((box[2] - box[0]) / (b.x1 - b.x0), (box[3] - box[1]) / (b.y1 - b.y0))
    return min(scale, MAX_CELL / cell_size(setup.board.grid))  # a diagram, not a poster


def _map_ops(
    setup: Setup, colours: dict[str, str], scale: float, across: tuple, env: PlanEnv
) -> tuple[list, BBox]:
    """The diagram at ``scale``, centred across (x0, x1) under top, and the box it takes
    (with the names along its edges, when it has them). The map's own art (terrain fills
    and patterns, edges, doors, marks), every word at MIN_WORD printed or more, its
    coordinates on white tabs in every cell (reduced_coords), else its columns' and rows'
    names along its edges."""
    m = _diagram_map(setup)
    g = m.grid
    b = g.bounds()
    bw, bh = b.x1 - b.x0, b.y1 - b.y0
    size = cell_size(g)
    x0, x1, top = across
    coords, coord_cells = reduced_coords(m, scale, every=True)
    ruled = coord_cells is not None  # no room in every cell: the edges name the cells
    if ruled and isinstance(g, HexGrid) and coords is not None:
        # hexes are named as the map prints them (0101), never by column and row
        coord_cells, ruled = hex_numbers(setup, m, coords, scale), False
    if ruled:
        top, coord_cells = top - RULER_ROOM[1], ()
    dx = x0 + ((x1 - x0) - bw * scale) / 2 - b.x0 * scale
    dy = top - bh * scale - b.y0 * scale
    # the scenario's own areas hatched over the cells, under the map's words
    hatched = tuple(
        _hatched(tuple(g.corners(*cell)), HATCH_STEP / scale)  # as far apart printed
        for area in setup.scenario.areas
        for cell in setup.areas.get(area.name, ())
    )
    faces = (env.face(), env.face(bold=True))
    tokens = _token_spots(setup, size, MIN_WORD / scale, env)
    # the pieces stand on the map: what they cover of its marks is left out, its area
    # labels keep clear of them
    hide = tuple(_token_box(t) for t in tokens)
    ops: list = map_ops(
        m,
        faces,
        key_prefix="setup-",
        text_scale=min(LABEL_GROWTH, 1 / scale),
        coords=coords,
        under=hatched,
        hide=hide,
        least=MIN_WORD / scale,
        coord_cells=coord_cells,
        printed=scale,
    )
    ops.extend(_area_labels(setup, g, (scale, hide), env, (b.x0, b.x1)))
    ops.extend(_token_ops(tokens, colours, env))
    out: list = [Group(tuple(ops), dx=dx, dy=dy, scale=scale)]
    left, right = dx + b.x0 * scale, dx + b.x1 * scale
    if ruled:
        out.extend(_rulers(m, (dx, dy, scale), top, env))
        left, top = left - RULER_ROOM[0], top + RULER_ROOM[1]
    return out, (left, top - bh * scale - (RULER_ROOM[1] if ruled else 0.0), right, top)


def hex_numbers(setup: Setup, m, fs: float, scale: float) -> tuple:
    """The hexes a set-up map too small for every hex number names, as the map prints
    them: the hexes pieces stand on, then a lattice of every k-th column and row (k
    even, so the lattice keeps the columns' half-hex offset), k as small as keeps two
    numbers from meeting; a number that would meet one already kept is left out."""
    g = m.grid
    cols = sorted({c for c, _ in m.cells})
    rows = sorted({r for _, r in m.cells})
    c0, r0 = cols[0], rows[0]
    (x0, y0), (x1, _), (_, y1) = g.centre(c0, r0), g.centre(c0 + 1, r0), g.centre(c0, r0 + 1)
    pitch_c, pitch_r = abs(x1 - x0), abs(y1 - y0)
    wide = coord_width(m, fs) + 2 / scale
    steps = (2, 4, 6, 8, 10, 20, 40)
    k = next((k for k in steps if wide <= k * pitch_c and fs * 2 <= k * pitch_r), steps[-1])
    across = math.ceil(wide / pitch_c)  # columns a number spans
    held = sorted({p.cell for p in setup.placed if p.cell is not None}, key=_reading)
    lattice = [(c, r) for r in rows[::k] for c in cols[::k] if (c, r) in m.cells]
    kept: list = []
    for cell in (*held, *lattice):
        if all(abs(cell[0] - c) >= across or abs(cell[1] - r) >= 2 for c, r in kept):
            kept.append(cell)
    return tuple(sorted(kept, key=_reading))


def _reading(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]


def _diagram_map(setup: Setup):
    """The map as its set-up diagram draws it: an area the scenario defines again under
    the map's name for it (its own Approach area, found from where its pieces stand) is
    shown once, hatched as the scenario's, never also outlined where the map has it."""
    own = {area.name for area in setup.scenario.areas}
    styles = tuple(s for s in setup.board.area_styles if s.area not in own)
    if len(styles) == len(setup.board.area_styles):
        return setup.board
    return replace(setup.board, area_styles=styles)


def _rulers(m, at: tuple, top: float, env: PlanEnv) -> list:
    """The columns' names over the diagram and the rows' names left of it, at RULER (every
    second, fifth ... where one each would not fit its column or row)."""
    dx, dy, scale = at
    g = m.grid
    cols, rows = axis_names(m)
    font = Font(env.face(), RULER)
    c0, r0 = min(cols), min(rows)
    left = dx + g.bounds().x0 * scale
    (x_0, y_0), (x_1, _), (_, y_1) = g.centre(c0, r0), g.centre(c0 + 1, r0), g.centre(c0, r0 + 1)
    pitch_c, pitch_r = abs(x_1 - x_0) * scale, abs(y_1 - y_0) * scale
    widest = max(env.fonts.width(t, font.face, RULER) for t in cols.values())
    every_c = next((k for k in (1, 2, 5, 10, 20) if widest + 2 <= k * pitch_c), 50)
    every_r = next((k for k in (1, 2, 5, 10, 20) if RULER * 1.2 <= k * pitch_r), 50)
    ops: list = []
    for c, name in cols.items():
        if (c - c0) % every_c == 0:
            cx, _ = g.centre(c, r0)
            x = dx + cx * scale
            ops.append(Text(x, top + 3, name, font, MUTED, "centre"))
    for r, name in rows.items():
        if (r - r0) % every_r == 0:
            _, cy = g.centre(c0, r)
            y = dy + cy * scale - RULER * 0.35
            ops.append(Text(left - 3, y, name, font, MUTED, "right"))
    return ops


def _central(g, cells) -> tuple[int, int]:
    pts = {c: g.centre(*c) for c in cells}
    mx = sum(x for x, _ in pts.values()) / len(pts)
    my = sum(y for _, y in pts.values()) / len(pts)
    return min(sorted(pts), key=lambda c: _far(pts[c], mx, my))


def _far(point: tuple[float, float], mx: float, my: float) -> float:
    """The square of a point's distance from (mx, my)."""
    x, y = point
    return (x - mx) ** 2 + (y - my) ** 2


def scenario_shapes(setup: Setup) -> dict[str, str]:
    """Each side's token shape, the shape its counters are marked with (layout/sides.py):
    sides differ by shape as well as colour, so they stay apart printed in greyscale."""
    return side_shapes(setup.game, [s.id for s in setup.scenario.sides])


@record
class _Token:
    """A placed piece's token on the diagram: centre, radius about, its side's shape."""

    p: Placed
    x: float
    y: float
    r: float
    shape: str


def _token_spots(setup: Setup, cell_size: float, least: float, env: PlanEnv) -> list[_Token]:
    """Each placed piece's token, side by side in its cell, as large as its words need to
    print at ``least`` (map points) while the cell holds them all."""
    g = setup.board.grid
    shapes = scenario_shapes(setup)
    by_cell: dict = defaultdict(list)
    for p in setup.placed:
        if p.cell is not None:
            by_cell[p.cell].extend([p] * p.count)
        elif p.cells:  # "somewhere in this area": shown on the area's most central cell
            by_cell[_central(g, p.cells)].extend([p] * p.count)
    out: list[_Token] = []
    for cell, pieces in by_cell.items():
        n = len(pieces)
        per_row = 1 if n == 1 else 2 if n <= 4 else 3
        rows = -(-n // per_row)
        r = cell_size * (0.3 if n == 1 else 0.19 if n <= 4 else 0.13)
        most = cell_size * (0.4 if n == 1 else 0.23 if n <= 4 else 0.155)
        cx, cy = g.centre(*cell)
        cy -= cell_size * 0.07  # clear of the cell's label
        if any(f.name for f in setup.board.features_at(cell)):
            r *= 0.75  # smaller and higher: the town's name under them stays readable
            most *= 0.75
            cy += cell_size * 0.12
        kinds = [(p, shapes.get(p.side or "", NEUTRAL_SHAPE)) for p in pieces]
        while r < most and any(_text_size(_Token(p, 0, 0, r, s), env) < least for p, s in kinds):
            r = min(most, r * 1.05)  # the words need a larger token
        step = r * 2.15
        for i, (p, shape) in enumerate(kinds):
            row, col = divmod(i, per_row)
            in_row = min(per_row, n - row * per_row)
            tx = cx + (col - (in_row - 1) / 2) * step
            ty = cy + ((rows - 1) / 2 - row) * step
            out.append(_Token(p, tx, ty, r, shape))
    return out


# how far a token's shape reaches from its centre, and the circle (or square) inside it
# that its words keep to, as parts of its radius
_REACH = {"diamond": 1.1, "triangle": 1.22}
_INSIDE = {"round": 1.0, "square": 0.9, "tab": 0.9, "diamond": 0.78, "hex": 0.87, "octagon": 0.92}
_SQUARE = ("square", "tab")


def _token_box(t: _Token) -> Box:
    reach = t.r * (_REACH.get(t.shape, 1.0) + 0.06)  # with half its white edge
    return (t.x - reach, t.y - reach, t.x + reach, t.y + reach)


def _token_ops(tokens: list[_Token], colours: dict[str, str], env: PlanEnv) -> list:
    ops: list = []
    face = env.face(bold=True)
    for t in tokens:
        p, tx, ty, r = t.p, t.x, t.y, t.r
        fill = colours.get(p.side, NEUTRAL_INK) if p.side else NEUTRAL_INK
        ink = readable_on(fill)
        size_r, edge = _ring(t)
        if turned(p):  # on a later face (a reduced step): an outline in the side's colour
            ops.append(token_shape(t.shape, tx, ty, size_r, PAPER, Stroke(fill, edge)))
            ink = fill
        else:
            ops.append(token_shape(t.shape, tx, ty, r, fill, Stroke(PAPER, edge)))
        size = _text_size(t, env)
        ops.append(Text(tx, ty - size * 0.35, token_text(p), Font(face, size), ink, "centre"))
    return ops


def _ring(t: _Token) -> tuple[float, float]:
    """A token's drawn radius and edge width: a reduced face is a thick ring."""
    return (t.r * 0.86, t.r * 0.28) if turned(t.p) else (t.r, max(0.4, t.r * 0.12))


def _text_size(t: _Token, env: PlanEnv) -> float:
    """The size of a token's words: large for two letters, smaller for more, and inside the
    token's edge whatever its shape."""
    face, r, text = env.face(bold=True), t.r, token_text(t.p)
    size_r, edge = _ring(t)
    size = r * (0.95 if len(text) <= 2 else 0.7)
    width = env.fonts.width(text, face, size)
    if width > r * 1.7:
        size *= r * 1.7 / width
    # the words keep inside the token's edge (a reduced face's ring is thick)
    inside = _INSIDE.get(t.shape, 0.61 - 0.2) * size_r - edge / 2 - r * 0.04
    per = env.fonts.width(text, face, size) / size  # width per point of size
    if t.shape in _SQUARE:
        most = min(2 * inside / per, inside / 0.36)
    else:  # the box of the words (cap height 0.72 of the size) inside the circle
        most = inside / math.hypot(per / 2, 0.36)
    return min(size, most)


# ---- the set-up sheet: forces, rosters, options, special rules ------------------


class _Flow(PageFlow):
    """The set-up sheet's headings, paragraphs and tables flowing down the content box."""

    def __init__(
        self,
        env: PlanEnv,
        page: Page,
        y: float,
        box: BBox,
        component: str,
        scenario: Scenario,
        style: _Style | None = None,
    ):
        super().__init__(component, box[1], box[3] - 10, y, page)
        self.env = env
        self.box = self.full = box
        self.scenario = scenario
        self.style = style or _Style()
        self.dry = False  # measuring a section: nothing is kept, nothing warns
        self.tables = 0  # tables drawn since the last measure began
        self.squeezed = False  # a table that would not fit its box at the least size
        self.sizes: list[float] = []  # the type size of each table drawn or measured
        self.cap: float | None = None  # the most a table's type is set at (tables abreast)

    def _height(self, draw: Callable[[], None], box: BBox | None = None) -> float:
        """A section's height drawn at the width of `box` (see `_measure`)."""
        height, _ = self._measure(draw, box)
        return height

    def _measure(self, draw: Callable[[], None], box: BBox | None = None) -> tuple[float, int]:
        """A section's height drawn at the width of `box` (the content box if none), and
        how many tables it holds: nothing is kept, nothing warns."""
        page, pages, y, bottom, whole = self.page, self.pages, self.y, self.bottom, self.box
        self.page, self.pages, self.y, self.bottom, self.dry = Page(""), [], 0.0, -1e9, True
        self.box, self.tables = box or whole, 0
        try:
            draw()
            return -self.y, self.tables
        finally:
            self.page, self.pages, self.y, self.bottom, self.dry = page, pages, y, bottom, False
            self.box = whole

    def section(self, draw: Callable[[], None]) -> None:
        """One section: a heading and what follows it. A short one (at most half a page)
        that does not fit the room left starts the next page whole, rather than leave its
        heading and a line or two at the foot of this one."""
        height, _ = self._measure(draw)
        if height <= (self.top - self.bottom) / 2:
            self.need(height)
        draw()

    def halves(self) -> tuple[BBox, BBox]:
        x0, y0, x1, y1 = self.box
        mid = (x0 + x1) / 2
        return (x0, y0, mid - COLUMN_GUTTER / 2, y1), (mid + COLUMN_GUTTER / 2, y0, x1, y1)

    def width_of(self, draw: Callable[[], None]) -> float:
        """How far right of the box's left edge a section's words and table rows reach,
        set at the full width (its rules run the box's width wherever it stands)."""
        page, y, bottom, dry = self.page, self.y, self.bottom, self.dry
        self.page, self.y, self.bottom, self.dry = Page(""), 0.0, -1e9, True
        try:
            draw()
            edges = [self.box[0]]
            for op in self.page.ops:
                if isinstance(op, Text):
                    edges.append(op.x + self.env.fonts.width(op.text, op.font.face, op.font.size))
                elif isinstance(op, Rect):
                    edges.append(op.x + op.w)
            return max(edges) - self.box[0]
        finally:
            self.page, self.y, self.bottom, self.dry = page, y, bottom, dry

    def abreast(self, a: Callable[[], None], b: Callable[[], None]) -> tuple[BBox, BBox] | None:
        """The boxes two sections stand side by side in, or None: each in half the width
        when neither holds a table; else the first as wide as it reaches (a table's own
        width) and the second in what is left. Either way no line of either wraps more
        than at the full width, and both fit one page. A sheet whose tables narrow
        (`_Style.narrow`) sets two sections with tables in the halves, each table narrowed
        to its half, never under RULES_MIN."""
        (ha, ta), (hb, tb) = self._measure(a), self._measure(b)
        x0, y0, x1, y1 = self.box
        left, right = self.halves()
        if self.style.narrow and (ta or tb):
            return self._narrowed(a, b)
        wa = self.width_of(a) if ta or tb else 0.0
        if wa > left[2] - left[0] or self.width_of(b) > right[2] - right[0]:
            left = (x0, y0, x0 + wa, y1)  # a table wider than half: the other beside it
            right = (x0 + wa + COLUMN_GUTTER, y0, x1, y1)
            if right[2] - right[0] < (x1 - x0) / 4:
                return None
        same = (self._height(a, left), self._height(b, right)) == (ha, hb)
        return (left, right) if same and max(ha, hb) <= self.top - self.bottom else None

    def _narrowed(self, a: Callable[[], None], b: Callable[[], None]) -> tuple[BBox, BBox] | None:
        """The halves two sections with tables stand in, their tables narrowed to fit, or
        None when a table would not fit its half at RULES_MIN or they take over a page."""
        boxes = self.halves()
        heights = []
        for draw, box in zip((a, b), boxes, strict=True):
            self.squeezed = False
            heights.append(self._height(draw, box))
            if self.squeezed:
                self.squeezed = False
                return None
        return boxes if max(heights) <= self.top - self.bottom else None

    def pair(self, a: Callable[[], None], b: Callable[[], None]) -> None:
        """Two sections side by side (abreast) where they fit: short lists (two sides'
        pieces) then take half the height, a side's table keeps the other's list beside
        it. Else one after the other."""
        boxes = self.abreast(a, b)
        if boxes is None:
            self.section(a)
            self.section(b)
            return
        left, right = boxes
        self.cap = self._shared_size((a, left), (b, right))
        ha, hb = self._height(a, left), self._height(b, right)
        self.need(max(ha, hb))
        whole, y = self.box, self.y
        lows = []
        for draw, box in ((a, left), (b, right)):
            self.box, self.y = box, y
            draw()
            lows.append(self.y)
        self.box, self.y, self.cap = whole, min(lows), None

    def _shared_size(self, *sections: tuple[Callable[[], None], BBox]) -> float | None:
        """The one type size the tables of sections standing abreast are set at: the
        smallest any of them takes in its box, so their rows share one pitch and line up
        across the page (None where they hold no table)."""
        self.sizes = []
        for draw, box in sections:
            self._height(draw, box)
        return min(self.sizes, default=None)

    def heading(self, text: str, swatch: str | None = None, shape: str = "square") -> None:
        """A section heading, kept with what follows; a side's swatch is its token."""
        size = self.style.pt(HEADING)
        k = size / HEADING
        self.need(44 * k)
        self.y -= 24 * k + size * AIR_GAP * self.style.air
        x = self.box[0]
        if swatch:
            self.page.ops.append(
                token_shape(shape, x + 6 * k, self.y + 4 * k, 5.0 * k, swatch, Stroke(INK, 0.4))
            )
            x += 16 * k
        self.page.ops.append(
            Text(x, self.y, typeset(text), Font(self.env.face(bold=True), size), INK)
        )
        self.y -= 5 * k
        self.page.ops.append(
            Line(self.box[0], self.y, self.box[2], self.y, Stroke(DIVIDER_INK, 0.5))
        )
        self.y -= 4 * k

    def para(
        self,
        text: str,
        indent: float = 0.0,
        size: float = BODY,
        colour: str = INK,
        bullet: bool = False,
    ) -> None:
        face = self.env.face()
        size = self.style.pt(size)
        pitch = size * (1.35 + AIR_LINE * self.style.air)
        width = self.box[2] - self.box[0] - indent - 12
        for i, line in enumerate(wrap(typeset(text), face, size, width, self.env.fonts)):
            self.need(pitch + size * 0.05)
            self.y -= pitch
            prefix = ("•  " if i == 0 else "   ") if bullet else ""
            self.page.ops.append(
                Text(self.box[0] + indent, self.y, prefix + line, Font(face, size), colour)
            )

    def _widths(self, head: list[str], rows: list[list[str]], indent: float) -> tuple:
        """A table's type size and its columns' widths: each as wide as its widest cell
        (in every group), 12 pt apart; where the box is too narrow, 8 pt apart, then
        smaller type (never under MIN_TABLE_SIZE, or RULES_MIN in a narrowed half)."""
        face, bold, pad = self.env.face(), self.env.face(bold=True), 12.0
        size = base = self.style.pt(TABLE_SIZE)
        texts = [
            max(
                [self.env.fonts.width(h, bold, base)]
                + [self.env.fonts.width(r[i], face, base) for r in rows]
            )
            for i, h in enumerate(head)
        ]
        room = self.box[2] - self.box[0] - indent
        half = self.style.narrow and self.box[2] - self.box[0] < self.full[2] - self.full[0]
        least = RULES_MIN if half else MIN_TABLE_SIZE
        if sum(texts) + pad * len(head) > room:  # narrow paper: closer columns, smaller text
            pad = 8.0
            size = max(least, min(base, base * (room - pad * len(head)) / sum(texts)))
        if self.cap is not None:
            size = min(size, self.cap)
        self.sizes.append(size)
        widths = [w * size / base + pad for w in texts]  # text width grows with size
        if sum(widths) - pad > room + 1e-6:
            self.squeezed = True
            if not self.dry:
                sc = self.scenario
                self.env.warn(
                    sc.span,
                    f"scenarios.{sc.id}",
                    f"a table on the set-up sheet of scenario {sc.id!r} is wider than the "
                    f"page even at {least:g}pt",
                    "use larger paper, or shorter names and values",
                )
        return size, widths

    def table(self, head: list[str], groups: list[tuple], indent: float = 12.0) -> None:
        """One table under one head: each group (a title, or None, and its rows) in turn,
        every group's rows in the same columns; a group's title a row of its own in bold
        (its note after it in the muted ink)."""
        self.tables += 1
        groups = [(title, [[typeset(c) for c in row] for row in rows]) for title, rows in groups]
        size, widths = self._widths(head, [r for _, rows in groups for r in rows], indent)
        face, bold, total = self.env.face(), self.env.face(bold=True), sum(widths)
        row_h = size * (1.45 + AIR_ROW * self.style.air)
        x0 = self.box[0] + indent
        titled = any(title for title, _ in groups[:1])  # the first group's title: a row
        self.need(size * 1.5 + row_h * (2 if titled else 1) + 4)
        self.y -= size * 1.5
        x = x0
        for h, w in zip(head, widths, strict=True):
            self.page.ops.append(Text(x, self.y, h, Font(bold, size), INK))
            x += w
        self.page.ops.append(Line(x0, self.y - 3, x0 + total, self.y - 3, Stroke(FAINT, 0.4)))
        for title, rows in groups:
            if title:
                # a title takes one row of the pitch: tables abreast keep their rows level
                self.need(row_h * 2)
                self.y -= row_h
                name, note = typeset(title[0]), title[1]
                self.page.ops.append(Text(x0, self.y, name, Font(bold, size), INK))
                if note:
                    at = x0 + self.env.fonts.width(name + " ", bold, size)
                    self.page.ops.append(Text(at, self.y, note, Font(face, size), MUTED))
            for n, row in enumerate(rows):
                self.need(row_h + 3)
                self.y -= row_h
                if n % 2:
                    low = self.y - size / 3 - (row_h - size * 1.45) / 2
                    self.page.ops.append(Rect(x0 - 2, low, total + 4, row_h, SET_UP_ZEBRA))
                x = x0
                for cell, w in zip(row, widths, strict=True):
                    self.page.ops.append(Text(x, self.y, cell, Font(face, size), INK))
                    x += w
        self.y -= 4


def _where(setup: Setup, p: Placed) -> str:
    if p.cell is not None:
        return setup.board.label(p.cell)
    if p.placement.area:
        return _area_name(setup, p.placement.area)
    if p.box is not None:
        box = setup.board.boxes[p.box]
        return box.label or box.id
    return "off map"


def _sheet(setup: Setup, colours: dict[str, str], flow: _Flow) -> None:
    sc = setup.scenario
    shapes = scenario_shapes(setup)
    lines = _key_lines(setup) if setup.map is not None else []
    if lines and max(map(len, lines)) <= KEY_RUN_ON:  # short pairs read as one line
        flow.para("Key: " + "; ".join(lines), size=SMALL, colour=MUTED)
    elif lines:  # a token standing for a unit's men: a list, a line for each
        flow.para("Key", size=SMALL, colour=MUTED)
        for line in lines:
            flow.para(line, indent=6, size=SMALL, colour=MUTED, bullet=True)
    drawn = [partial(_side, setup, side, colours, shapes[side.id], flow) for side in sc.sides]
    for k in range(0, len(drawn) - 1, 2):  # sides two abreast where their lines are short
        flow.pair(drawn[k], drawn[k + 1])
    if len(drawn) % 2:
        flow.section(drawn[-1])
    neutral = [p for p in setup.placed if not p.side]
    if neutral:
        flow.section(lambda: _pieces(setup, "Other pieces", neutral, flow))
    for unit in (u for u in sc.units if u.side is None):
        flow.section(partial(_pieces, setup, unit.name or unit.id, [], flow, unit))
    if sc.options:
        labels = {o.id: o.label for o in setup.book.options}
        options = [sentence(labels.get(name, name)) for name, _ in sc.options]
        flow.section(lambda: _bullets("Options in play", options, flow))
    if sc.notes:
        flow.section(lambda: _bullets("Special rules", [sentence(n) for n in sc.notes], flow))
    used = {name for name, _ in sc.options}
    named = [r for r in (*setup.book.constraints, *sc.constraints) if r.name and r.applies(used)]
    if named:
        flow.section(lambda: _setup_rules(named, flow))


KEY_RUN_ON = 40  # characters: a plan's key whose every entry is this short runs on


def _key_lines(setup: Setup) -> list[str]:
    """The plan's key, a line for each token's text: the unit its figures make and their
    names (or the pieces' common name: "Farmer"), then the faces a ring marks."""
    names: dict[str, list[str]] = defaultdict(list)
    units: dict[str, set] = defaultdict(set)
    for p in setup.placed:  # a type's own name ("Farmer") reads better than a colour's
        if (p.cell is not None or p.cells) and token_text(p).strip():  # a blank disc: no key
            name = p.values.get("name") or p.piece.name or p.piece.id
            units[token_text(p)].add(p.unit)
            if name not in names[token_text(p)]:
                names[token_text(p)].append(name)
    unit_names = {u.id: u.name or u.id for u in setup.scenario.units}
    lines = []
    for k, v in names.items():
        (unit, *more) = units[k]
        if not more and unit in unit_names and len(v) > 1:
            lines.append(f"{k} = {unit_names[unit]}: {', '.join(v)}")
        else:
            lines.append(f"{k} = {_common_name(v)}")
    faces = sorted({turned(p) for p in setup.placed if turned(p)})
    if faces:
        lines.append("ring: on its " + " or ".join(faces) + " face")
    return lines


def _side(setup: Setup, side, colours: dict[str, str], shape: str, flow: _Flow) -> None:
    """A side's section: its values, notes, pieces where they start, and its rosters."""
    flow.heading(side.name or side.id, colours.get(side.id), shape)
    if side.values:
        # side values are ids (food, victory_points): print them as words
        flow.para(", ".join(f"{in_words(k)}: {v:g}" for k, v in side.values.items()))
    for note in side.notes:
        flow.para(sentence(note), indent=6, bullet=True)
    own = [p for p in setup.placed if p.side == side.id and not p.unit]
    described = [p for p in own if p.placement.attrs]  # figures with a roster entry
    _placement_lines(setup, [p for p in own if not p.placement.attrs], flow)
    blocks: list[tuple[Unit | None, list[Placed]]] = [(None, described)] if described else []
    for unit in (u for u in setup.scenario.units if u.side == side.id):
        blocks.append((unit, [p for p in setup.placed if p.unit == unit.id]))
    _tables(setup, blocks, flow)


def _pieces(setup: Setup, title: str, placed: list[Placed], flow: _Flow, unit=None) -> None:
    """Pieces of no side where they start, or a roster of no side, under its heading."""
    if unit is None:
        flow.heading(title, NEUTRAL_INK, NEUTRAL_SHAPE)
        _placement_lines(setup, placed, flow)
    else:
        flow.heading(title)
        _roster(setup, unit, flow)


def _bullets(title: str, items: list[str], flow: _Flow) -> None:
    flow.heading(title)
    for item in items:
        flow.para(item, indent=6, bullet=True)


def _setup_rules(named: list, flow: _Flow) -> None:
    """The set-up rules the scenario is checked against, in the body's type, each printed
    as a sentence as the special rules are (style.sentence); a kit's reading marked on
    its rule (its words on the kit's notes page)."""
    flow.heading("Set-up rules")
    for rule in named:
        mark = rule.reading.mark if rule.reading else ""
        flow.para(sentence(rule.name) + mark, indent=6, bullet=True, size=BODY)


def _common_name(names: list[str]) -> str:
    """'Rover' for 'Rover (red)' and 'Rover (blue)', 'Rover (scout)' for 'Rover (scout,
    red)' and 'Rover (scout, blue)'; else the names joined."""
    if len(names) == 1:
        return names[0]
    prefix = os.path.commonprefix(names).rstrip(" (,")
    if prefix.count("(") > prefix.count(")"):  # cut inside a bracket: close it
        prefix += ")"
    return prefix if len(prefix) >= 3 else " / ".join(names)


def _placement_lines(setup: Setup, placed: list[Placed], flow: _Flow) -> None:
    groups: dict[str, list[Placed]] = defaultdict(list)
    for p in placed:
        face = f" ({turned(p)})" if turned(p) else ""
        groups[(p.piece.name or p.piece.id) + face].append(p)
    for name, ps in groups.items():
        n = sum(p.count for p in ps)
        spots: dict[str, int] = {}
        for p in ps:
            if p.cell is not None or p.placement.area or p.box is not None:
                spots[_where(setup, p)] = spots.get(_where(setup, p), 0) + p.count
        where = ", ".join(w + (f" ×{k}" if k > 1 else "") for w, k in spots.items())
        off = n - sum(spots.values())
        if off and spots:
            where += f"; {off} off the map"
        elif off:
            where = "off the map"
        flow.para(f"{n} × {name}: {where}", indent=6, bullet=True)


def _roster(setup: Setup, unit, flow: _Flow) -> None:
    _tables(setup, [(unit, [p for p in setup.placed if p.unit == unit.id])], flow)


def _figures(figures: list[Placed]) -> str:
    n = sum(p.count for p in figures)
    return "(1 figure)" if n == 1 else f"({n} figures)"


def _tables(setup: Setup, blocks: list[tuple], flow: _Flow) -> None:
    """Rosters (a unit, or None for figures of no unit, and its figures), one row per
    figure, a column per attribute given, in one order on the whole sheet (as the
    scenario first gives them), whatever order a unit's figures give. Blocks in a row
    with the same columns print as one table, their widths shared and the head printed
    once: each unit a titled group; units of one figure each a row, the unit named in a
    first column (left out where every unit is named as its figure)."""
    runs: list[tuple[list[str], list[tuple]]] = []
    order = _keys([p for p in setup.placed if p.placement.attrs])  # one for every roster
    for unit, figures in blocks:
        keys = sorted(_keys(figures), key=order.index)
        head = ["Name", *map(in_words, keys)] + (["At"] if setup.map is not None else [])
        rows = [_row(setup, p, keys) for p in figures]
        title = None if unit is None else (unit.name or unit.id, _figures(figures))
        last_head, last_run = runs[-1] if runs else ([], [])
        if runs and last_head == head:
            last_run.append((unit, rows, title))
        else:
            runs.append((head, [(unit, rows, title)]))
    for head, run in runs:
        singles = len(run) > 1 and all(t and t[1] == "(1 figure)" for _, _, t in run)
        if not singles:
            flow.table(head, [(t, r) for _, r, t in run])
            continue
        rows = [r[0] for _, r, _ in run]
        if any(t[0] != r[0] for (_, _, t), r in zip(run, rows, strict=True)):
            rows = [[t[0], *r] for (_, _, t), r in zip(run, rows, strict=True)]
            head = ["Unit", *head]
        flow.table(head, [(None, rows)])


def _keys(figures: list[Placed]) -> list[str]:
    keys: list[str] = []
    for p in figures:
        for k in p.placement.attrs:
            if k not in keys and k != "name":
                keys.append(k)
    return keys


def _row(setup: Setup, p: Placed, keys: list[str]) -> list[str]:
    """A figure's row: its name, its attributes (a declared default where it leaves one
    out: the rules read it so), where it starts (on a map)."""
    return (
        [p.placement.attrs.get("name", p.piece.name or p.piece.id)]
        + [p.placement.attrs.get(k, p.values.get(k, "")) for k in keys]
        + ([_where(setup, p)] if setup.map is not None else [])
    )


def _area_labels(
    setup: Setup, g, at: tuple[float, tuple[Box, ...]], env: PlanEnv, across: tuple[float, float]
) -> list:
    """Each of the scenario's own areas named on the map, on a white plate at its cell
    nearest its middle where the plate covers no token (`at`: the scale and the tokens'
    boxes), so hatched areas side by side are told apart (a deployment zone of each
    side) and the pieces in them show. A plate stays within the map's width (`across`):
    an area along the map's edge would otherwise put it in the printer's margin."""
    scale, tokens = at
    ops: list = []
    for area in setup.scenario.areas:
        cells = sorted(setup.areas.get(area.name, ()))
        if not cells:
            continue
        centres = [g.centre(*c) for c in cells]
        mx = sum(x for x, _ in centres) / len(centres)
        my = sum(y for _, y in centres) / len(centres)
        text = typeset(_area_name(setup, area.name))
        font = Font(env.face(bold=True), max(MIN_WORD, 7.5) / scale)
        w = env.fonts.width(text, font.face, font.size)
        half, rise = w / 2 + font.size * 0.3, font.size * 0.6  # the plate about its centre
        by_middle = sorted(centres, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        xs = [min(max(x, across[0] + half), across[1] - half) for x, _ in by_middle]
        plates = [(x - half, y - rise, x + half, y + rise + font.size * 0.1)
                  for x, (_, y) in zip(xs, by_middle, strict=True)]  # fmt: skip
        x0, y0, x1, y1 = next((b for b in plates if not _covers(b, tokens)), plates[0])
        x, y = (x0 + x1) / 2, y0 + rise
        ops += [Rect(x0, y0, x1 - x0, y1 - y0, fill=PAPER, stroke=Stroke(AREA_INK, 0.8 / scale)),
                Text(x, y - font.size * 0.3, text, font, AREA_INK, "centre")]  # fmt: skip
    return ops


def _covers(box: Box, others: tuple[Box, ...]) -> bool:
    return any(box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in others)


def _area_name(setup: Setup, name: str) -> str:
    """An area as players read it: the scenario's label for it, else its name in words
    ("room-4" reads "Room 4"), never the id as written."""
    for area in setup.scenario.areas:
        if area.name == name and area.label:
            return area.label
    return in_words(name)
