"""Counter sheets: every copy of every design packed onto sheets, with cut lines,
crop marks, fold-and-glue pairs, or duplex back pages (and their calibration page).

Each design's face is planned once and placed per copy as a keyed Group, so the
renderer draws it once as a PDF form: the work per copy is a few small ops.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from ...model.counters import CounterDef, CounterSet, IconEl, TextEl
from ...model.reading import Reading
from ...patterns import pattern
from ...records import record, replace
from ...style import (
    BLACK,
    BODY,
    CHROME,
    MUTED,
    PALE_INK,
    PIECE_GUTTER,
    READING,
    READING_LEAD,
    typeset,
)
from ...units import mm
from ..env import PlanEnv
from ..frame import content_box
from ..impose import Butts, TooBig, back_box, impose, printable
from ..marks import (
    BUTT_BLEED,
    BUTT_MARGIN,
    BUTT_MARK_START,
    CUT,
    butted_face,
    fold_line,
    fold_marks,
    grid_marks,
    open_sides,
    piece_room,
    rect_cut,
    trim_corner,
)
from ..plan import (
    Document,
    Font,
    Group,
    Item,
    Line,
    Page,
    Path,
    Pieces,
    Rect,
    Stroke,
    Text,
    as_bytes,
)
from ..sides import side_shapes
from ..text import wrap_hard
from .faces import face_ops, hex_points, outline


@record
class _Slot:
    """One copy of a design on the sheets: folded or not, its bleed, the room it takes
    (one tuple shared by every piece of its size) and whether it is butted to its like."""

    d: CounterDef
    copy: int  # from 1
    fold: bool  # front and back side by side
    bleed: float
    size: tuple[float, float]  # its room on the sheet, bleed and fold included
    butted: bool = False  # edge to edge with its design's size (a guillotine sheet)
    # a butted piece's bleed, printed only where its block's edge is (inside the block
    # each face runs to the shared cut line)
    outer: float = 0.0
    face_bleed: float = 0.0  # the bleed (and safe zone) its face is laid out with

    def order(self) -> tuple:
        """Tallest first; butted pieces of one height first, widest first."""
        w, h = self.size
        return (-h, not self.butted, -w * self.butted)

    @property
    def round(self) -> bool:
        """A round piece in a square grid: each in a cell as wide as it, the cell's
        corners left paper (cut it square at the crop marks, or round on its ring)."""
        return self.butted and self.d.shape == "round"

    @property
    def strip(self) -> bool:
        """A fold-and-glue pair in a butted strip: its front over its back, the fold
        between them, no room of its own for a caption (the sheet's foot says how)."""
        return self.butted and self.fold

    def trim(self, x: float, y: float) -> tuple[float, float, float, float]:
        """What is cut round the piece laid at (x, y): itself, or its fold pair whole."""
        w, h = self.d.width, self.d.height
        if self.strip:
            return (x, y, x + w, y + 2 * h)
        if self.fold:
            return (x, y, x + 2 * w, y + h)
        return (x, y, x + w, y + h)


def plan_counters(
    cs: CounterSet,
    env: PlanEnv,
    name: str = "counters",
    component: str = "Counters",
    butted: bool | None = None,
    balance: bool = True,
) -> list[Document]:
    """Sheets of every piece; `name` and `component` let other pieces (labels) reuse them.
    `butted`: square and rectangular pieces of one size edge to edge (None: as the game's
    `counter_sheet:` says); round ones go in a square grid as its `round_sheet:` says.
    `balance`: the pieces spread evenly over their sheets."""
    if not cs.defs:
        return []
    if butted is None:
        butted = env.game.counter_sheet == "butted"
    if any(d.front.layout is not None or (d.back and d.back.layout) for d in cs.defs):
        from .faces import layout_sizes

        layout_sizes(cs.defs, env)
    duplex = env.settings.duplex in ("long", "short")
    marks = _reading_marks(cs)
    slots, sizes = _slots(cs, duplex, env, butted, env.game.round_sheet == "grid")
    key = _sheet_words(cs, slots)
    has_backs = duplex and any(d.back is not None for d in cs.defs)
    keys, outer, margin, inset = _blocks(slots, butted)
    try:
        laid = impose(
            sizes,
            env.paper,
            PIECE_GUTTER,
            inset,
            landscape=not has_backs,
            butt=Butts(keys, margin, side_groups(slots)),
            foot=_foot(marks, env, key),
            kinds=[s.d.id for s in slots],  # rows balanced, a design's copies together
            balance=balance,  # no last sheet holding a few counters
        )
    except TooBig as exc:
        d = slots[exc.index].d
        w, h = slots[exc.index].size
        env.diags.error(
            d.span,
            d.path,
            f"piece {d.id!r} ({w:g} x {h:g} pt with bleed) is larger than the "
            f"printable area ({printable(env.paper, inset, not has_backs)})",
        )
        return []
    fronts = [Page(component, size=sheet.size) for sheet in laid.sheets]
    backs = [Page(component, side="back") for _ in fronts] if has_backs else []
    _place_all(laid.spots, slots, fronts, backs, env)
    _group_heads(laid.spots, slots, fronts, env)
    in_blocks: list[list] = [[] for _ in fronts]  # each sheet's butted pieces
    for spot in laid.spots:
        if slots[spot.index].butted:
            in_blocks[spot.sheet].append(spot)
    if marks or key:
        _foot_notes(laid, slots, fronts, marks, env, key)
    pages: list[Page] = []
    for n, page in enumerate(fronts):
        # Butted blocks: crop marks in their margin, past the bleed, at every cut line.
        # A sheet's trims are made as it is marked: fifty thousand counters' trims made
        # at once were a seventh of the build's peak memory.
        trims = [slots[s.index].trim(s.x, s.y) for s in in_blocks[n]]
        page.ops.extend(grid_marks(trims, BUTT_MARGIN / 2, outer, _folds(in_blocks[n], slots)))
        pages.append(page)
        if backs:
            pages.append(backs[n])
    docs = [Document(name, component, pages, duplex=env.settings.duplex if backs else "none")]
    if backs:
        docs.append(calibration(env))
    return docs


def _blocks(slots: list[_Slot], butted: bool) -> tuple[list, float, float, float]:
    """The imposer's butt key of each slot (None: laid apart; [] when nothing is butted),
    the blocks' outer bleed, the margin round a block and the sheet's inset."""
    keys: list = []
    if butted or any(s.butted for s in slots):  # a round grid is a block of its own
        keys = [(s.d.size, s.fold, s.round) if s.butted else None for s in slots]
    # A butted block's margin holds its outer bleed, then its crop marks.
    outer = max((s.outer for s in slots), default=0.0)
    margin = BUTT_MARGIN + 2 * outer
    # Crop marks stay inside the content box too: half a gutter in for a piece's own,
    # half the butted blocks' margin for theirs.
    inset = PIECE_GUTTER / 2 if any(s.bleed for s in slots) else 0.0
    if any(keys):
        inset = margin / 2
    return keys, outer, margin, inset


def _folds(spots, slots: list[_Slot]) -> dict[tuple, float]:
    """Each fold strip pair's trim on a sheet -> the height of its fold (grid_marks)."""
    folds = {}
    for spot in spots:
        slot = slots[spot.index]
        if slot.strip:
            trim = slot.trim(spot.x, spot.y)
            _, y0, _, _ = trim
            folds[trim] = y0 + slot.d.height
    return folds


# ---- the kit's readings: their marks at the foot of a sheet, the words on the notes page --

FOOT_GAP = 4.0  # between the pieces' crop marks and the notes


def _reading_marks(cs: CounterSet) -> dict[Reading, str]:
    """Each distinct reading of the designs and its mark, in YAML order: designs that
    share one reading (a count for all of a game's markers) share its mark."""
    return {d.reading: d.reading.mark for d in cs.defs if d.reading is not None}


def _sheet_words(cs: CounterSet, slots: list[_Slot]) -> tuple[str, ...]:
    """What a sheet's foot says beside its readings: how to make its fold strips and cut
    its round grids, and the key to its coded pieces."""
    return tuple(k for k in (*_hows(slots), code_key(cs)) if k)


STRIPS_HOW = (
    "Fold strips: cut the strips apart at the crop marks, fold each on its dotted line "
    "(between its fronts and their backs), glue it back to back, then cut the counters apart."
)
ROUND_HOW = (
    "Round pieces: cut each block into squares along the lines its crop marks give, then "
    "cut each piece round on its ring, or punch it out, the punch centred on the ring."
)
# A sheet of fold strips and of pieces with no back: which fold, by their kind where the
# kinds tell them apart (else by the dotted line a reader sees), and that the rest do not.
MIXED_HOW = (
    "{folds} fold: cut each of their strips out at the crop marks, fold it on its dotted "
    "line (between its fronts and their backs), glue it back to back, then cut the {pieces} "
    "apart. {flats} no backs: just cut them out."
)


def _hows(slots: list[_Slot]) -> tuple[str, ...]:
    """How to make a sheet's pieces, said once on its foot: its fold strips, its round
    grids."""
    rounds = ROUND_HOW if any(s.round for s in slots) else ""
    return tuple(h for h in (strips_how(slots), rounds) if h)


def strips_how(slots: list[_Slot]) -> str:
    """How to make a sheet's fold strips, said block by block: they fold and glue; where
    the sheet also holds square pieces with no back, it says which blocks fold and that the
    others are only cut out (a reader folds nothing that has no back). Empty with no
    strips."""
    folds = {s.d.kind for s in slots if s.strip}
    flats = {s.d.kind for s in slots if not s.fold and not s.round}
    if not folds:
        return ""
    if not flats:
        return STRIPS_HOW
    if len(folds) == len(flats) == 1 and folds != flats:
        fold, flat = f"{folds.pop()}s", f"{flats.pop()}s"
        return MIXED_HOW.format(folds=f"The {fold}", pieces=fold, flats=f"The {flat} have")
    return MIXED_HOW.format(
        folds="Blocks with a dotted line", pieces="pieces", flats="Blocks with none have"
    )


def _note_lines(
    marks: dict[Reading, str], width: float, env: PlanEnv, key: tuple[str, ...] = ()
) -> list[str]:
    """That the counts are the kit's choice, marked (the words are on the kit's notes
    page, never on a player's sheet); then `key`: how to make the sheet's fold strips,
    the key to the codes the faces print."""
    texts = list(key)
    if marks:
        signs = "".join(dict.fromkeys(marks.values()))
        texts.insert(0, f"Counts: the kit's choice{signs}.")
    return [w for t in texts for w in wrap_hard(typeset(t), env.face(), READING, width, env.fonts)]


CODE = pattern(r"^[A-Za-z]{1,3}$")  # a face's code: La, Sc, F
WORD = pattern(r"^([A-Za-z]{4,}|[+-][0-9]+)$")  # a marker's word (FOOD) or signed figure (+60)


def code_key(cs: CounterSet) -> str:
    """The key to a sheet of coded pieces ("Key: Ar = Archer; Sc = Scout"), from the
    data: each design's first face text is a code of 1-3 letters (or it shows one icon
    and no text: "blood icon") and its name says what the code stands for (a side's
    words in brackets left off: "Archer (red side)"). A marker that prints a word (FOOD)
    or a signed figure (+60) is keyed with its back's word, by its name. Empty when any
    other design prints no code, or one code stands for two names."""
    key: dict[str, str] = {}
    for d in cs.defs:
        texts = [e.text.strip() for e in d.front.elements if isinstance(e, TextEl)]
        icons = [e.name for e in d.front.elements if isinstance(e, IconEl)]
        if d.kind == "marker" and texts and WORD.match(texts[0]):
            key.setdefault(_worded(d, texts[0]), re.sub(r"\s*\([^)]*\)$", "", d.name).strip())
            continue
        if texts:
            code = texts[0]
        elif len(icons) == 1:  # a piece that shows only a picture: named by its icon
            code = f"{icons[0]} icon"
        else:
            return ""
        if texts and not CODE.match(code):
            return ""
        name = re.sub(r"\s*\([^)]*\)$", "", d.name).strip()
        if key.setdefault(code, name) != name:
            return ""
    if all(code.lower() == name.lower() for code, name in key.items()):
        return ""
    return "Key: " + "; ".join(f"{code} = {name}" for code, name in key.items())


def _worded(d: CounterDef, word: str) -> str:
    """A worded marker's key entry: its word, and its back's when that says another
    ("FOOD / +60"): a player holding the sheet learns what both sides are."""
    back = [e.text.strip() for e in (d.back.elements if d.back else ()) if isinstance(e, TextEl)]
    return f"{word} / {back[0]}" if back and back[0] != word else word


def _foot(marks: dict[Reading, str], env: PlanEnv, key: tuple[str, ...] = ()) -> float:
    """Room kept under the pieces of every sheet for all the notes and the key, at the
    narrower of the paper's two ways round."""
    if not marks and not key:
        return 0.0
    turned = env.paper.sized((env.paper.height, env.paper.width))
    width = min(x1 - x0 for x0, _, x1, _ in (content_box(env.paper), content_box(turned)))
    return FOOT_GAP + len(_note_lines(marks, width, env, key)) * READING_LEAD


def _foot_notes(
    laid, slots, fronts: list[Page], marks: dict[Reading, str], env, key: tuple[str, ...] = ()
) -> None:
    """On each sheet, the marks of the readings its pieces carry, under its pieces (clear
    of their crop marks), so the room below stays whole for another component."""
    held: list[set] = [set() for _ in fronts]
    on: list[list[_Slot]] = [[] for _ in fronts]  # each sheet's pieces: how to make them
    for spot in laid.spots:
        on[spot.sheet].append(slots[spot.index])
        reading = slots[spot.index].d.reading
        if reading is not None:
            held[spot.sheet].add(reading)
    font = Font(env.face(), READING)
    hows = _hows(slots)  # the whole set's: each sheet says its own
    for n, page in enumerate(fronts):
        x0, y0, x1, _ = content_box(env.paper.sized(laid.sheets[n].size))
        here = {r: m for r, m in marks.items() if r in held[n]}
        said = (*_hows(on[n]), *(k for k in key if k not in hows))
        lines = _note_lines(here, x1 - x0, env, said)
        lowest = min((i.bbox[1] for i in page.items), default=y0)
        top = max(lowest - BUTT_MARGIN - FOOT_GAP, y0 + 2.0 + len(lines) * READING_LEAD)
        for i, line in enumerate(lines):
            page.ops.append(Text(x0, top - (i + 1) * READING_LEAD, line, font, MUTED))


def _slots(
    cs: CounterSet, duplex: bool, env: PlanEnv, butted: bool = False, grid: bool = False
) -> tuple[list[_Slot], list[tuple]]:
    """Every copy of every design, tallest first (which packs mixed sizes into level
    rows), and each one's size; butted pieces of one height first, by width, so each size
    makes one block (with `grid`, round pieces without a fold pair too, in square cells).
    Designs are sorted, not copies: a design's copies sit side by side and share a size,
    and the sort is stable (designs stay in YAML order within a size), so this is the
    order sorting every copy gives, worked out per design."""
    firsts = []  # each design's first copy
    rooms: dict[tuple, tuple] = {}  # one tuple per size, shared by ten thousand designs
    for d in cs.defs:
        fold, bleed = d.back is not None and not duplex, _bleed(d, env)
        cell = grid and d.shape == "round" and not fold  # nothing printed past its cell
        butt = (butted and buttable(d)) or cell
        outer, own = ((bleed or BUTT_BLEED) if butt and not cell else 0.0), bleed
        bleed = 0.0 if butt else bleed  # a butted piece's room is its trim
        # a butted fold pair: its front over its back, in a strip of its like
        room = (
            (d.width, 2 * d.height) if butt and fold else piece_room(d.width, d.height, bleed, fold)
        )
        room = rooms.setdefault(room, room)
        firsts.append(_Slot(d, 1, fold, bleed, room, butt, outer, own))
    if any(d.group for d in cs.defs):  # a side's group together, in the order first met
        rank: dict[tuple, int] = {}
        for d in cs.defs:
            rank.setdefault((d.side, d.group), len(rank))
        firsts.sort(key=lambda s: (*s.order(), rank[(s.d.side, s.d.group)]))
    else:
        firsts.sort(key=_Slot.order)
    slots = []
    for first in firsts:
        slots.append(first)
        slots += [replace(first, copy=n) for n in range(2, first.d.quantity + 1)]
    return slots, [s.size for s in slots]


def side_groups(slots: list[_Slot]) -> list[object]:
    """Each slot's group for the imposer: its side and group, so a side's pieces of a size
    start a row of their own (two armies never share a row), and a headed group (Turn 3)
    rows of its own; a side with one piece of a size joins the row it comes to (a row for
    each HQ would waste the sheet) unless that row is headed. [] when no piece has a side
    or a group."""
    if not any(s.d.side or s.d.group for s in slots):
        return []
    groups: list[object] = []
    i = 0
    while i < len(slots):
        j = i
        mine = (slots[i].d.side, slots[i].d.group, slots[i].size)
        while (
            j + 1 < len(slots)
            and (
                slots[j + 1].d.side,
                slots[j + 1].d.group,
                slots[j + 1].size,
            )
            == mine
        ):
            j += 1
        run = j - i + 1
        # a headed group always starts its rows, even a group of one (a late arrival), and
        # no lone piece joins its rows
        headed = bool(slots[i].d.group or (groups and slots[i - 1].d.group))
        own = run > 1 or not groups or headed
        group = (slots[i].d.side, slots[i].d.group) if own else groups[-1]
        groups += [group] * run
        i = j + 1
    return groups


def _group_heads(spots, slots: list[_Slot], fronts: list[Page], env: PlanEnv) -> None:
    """Over the first piece of each headed group on a sheet, its heading (Turn 3), small,
    in the room a change of group leaves between rows."""
    if not any(s.d.group for s in slots):  # no piece in a group (most kits): no heading
        return
    seen: set[tuple] = set()
    font = Font(env.face(bold=True), READING)
    for spot in sorted(spots, key=lambda s: (s.sheet, -s.y, s.x)):
        d = slots[spot.index].d
        if not d.group or (spot.sheet, d.side, d.group) in seen:
            continue
        seen.add((spot.sheet, d.side, d.group))
        slot = slots[spot.index]
        x, top = spot.x, spot.y + slot.size[1] + 3.0
        if slot.butted:  # over the block's bleed, between the crop marks at its first cut lines
            x, top = x + 2 * BUTT_MARK_START, top + slot.outer - 2.0
        fronts[spot.sheet].ops.append(Text(x, top, d.group, font, MUTED))


def buttable(d: CounterDef) -> bool:
    """Whether a piece may be butted to its like: square or rectangular (a fold pair in
    strips of its like, front row over back row). Its bleed goes where its block's edge
    is; inside the block each face meets the next at the cut, and the fold."""
    return d.shape in ("square", "rect")


def _place_all(spots, slots, fronts: list[Page], backs: list[Page], env: PlanEnv) -> None:
    """Every piece's items now; its ops when its sheet is drawn, by one Pieces op per
    page (made by a CounterSheets), so ten thousand counters' ops are never held at once."""
    sheets: list[list[tuple[_Slot, float, float]]] = [[] for _ in fronts]
    _faces_resolve(slots, env)
    # Every sheet's pieces sit where the first sheet's did: each place and box is kept
    # once, not once per piece (ten thousand counters' numbers were a megabyte).
    places: dict[tuple, tuple] = {}
    for spot in spots:
        slot = slots[spot.index]
        xy = trim_corner(spot.x, spot.y, slot.bleed, slot.fold and not slot.butted)
        x, y = places.setdefault(xy, xy)
        sheets[spot.sheet].append((slot, x, y))
        fronts[spot.sheet].items.extend(_items(slot, x, y, places))
        if backs and slot.d.back is not None:
            backs[spot.sheet].items.append(_back_item(slot, x, y, env))
    maker = CounterSheets(env)
    for n, placed in enumerate(sheets):
        fronts[n].ops.append(Pieces(maker, tuple(placed), "front"))
        if backs:
            backs[n].ops.append(Pieces(maker, tuple(placed), "back"))


class CounterSheets:
    """Makes the ops of a counter sheet's pieces as the sheet is drawn (plan.Pieces:
    each piece is (slot, x, y)). A design's face is made at its first placement and kept
    in `forms` only until its last placement is drawn."""

    __slots__ = ("env", "forms", "left", "_context")

    def __init__(self, env: PlanEnv):
        self.env = env
        self.forms: dict[tuple[str, str], Group] = {}
        self.left: dict[tuple[str, str], int] = {}  # placements not yet drawn, of `forms`
        self._context: tuple | None = None  # what of the game every face reads

    def inputs(self, pieces: tuple, side: str) -> bytes:
        """What a sheet side's ops are made from (plan.PieceMaker): each piece's slot
        (its design whole, spans too: a face's warnings name them), place and layout
        text sizes, and what of the game and build every face reads."""
        env = self.env
        if self._context is None:
            game = env.game
            shapes = side_shapes(game)
            self._context = (game.font, game.side_mark, game.type_scale, shapes, env.settings)
        sizes = env.region_sizes
        if sizes:
            pieces = tuple(
                (
                    s,
                    x,
                    y,
                    sizes.get(("counter", s.d.id, "front")),
                    sizes.get(("counter", s.d.id, "back")),
                )
                for s, x, y in pieces
            )
        return as_bytes((self._context, side, pieces))

    def keys(self, pieces: tuple, side: str) -> list[str]:
        """The keys of the faces a sheet side places (plan.PieceMaker), once each
        placement: on the front each piece's front and a fold pair's back beside it."""
        if side == "back":
            return [
                _form_key(s.d, "back", s.face_bleed) for s, _, _ in pieces if s.d.back is not None
            ]
        keys = [_form_key(s.d, "front", s.face_bleed) for s, _, _ in pieces]
        return keys + [_form_key(s.d, "back", s.face_bleed) for s, _, _ in pieces if s.fold]

    def ops(self, pieces: tuple, side: str) -> list:
        """The front sheet's ops (faces, fold pairs, cut lines, then crop marks) or the
        duplex back sheet's (the backs, where the front's mirror falls)."""
        ops: list = []
        sides = butted_sides(pieces, side, self.env)
        if side == "back":
            for slot, x, y in pieces:
                if slot.d.back is not None:
                    _place_back_ops(slot, x, y, ops, self.forms, self.env, sides)
                    self._done(slot, "back")
            return ops
        marks: list = []
        for slot, x, y in pieces:
            _place_ops(slot, x, y, ops, marks, self.forms, self.env, sides)
            self._done(slot, "front")
            if slot.fold:
                self._done(slot, "back")
        return ops + marks

    def _done(self, slot: _Slot, side: str) -> None:
        # Each side of a design is placed once per copy (a fold pair's back beside its
        # front, a duplex back on the back sheet).
        if slot.d.quantity == 1:  # one copy's faces never went into `forms`: see _placed
            return
        key = (slot.d.id, side)
        n = self.left.get(key, slot.d.quantity) - 1
        if n > 0:
            self.left[key] = n
        else:
            self.forms.pop(key, None)
            self.left.pop(key, None)


def butted_sides(pieces: tuple, side: str, env: PlanEnv) -> dict[tuple, tuple]:
    """On a sheet's front or back, each butted piece's box (on that side) -> which of its
    sides are its block's edge: where its bleed goes. `pieces`: (slot, x, y) each."""
    boxes = [
        _back_box(s, x, y, env) if side == "back" else s.trim(x, y)
        for s, x, y in pieces
        if s.butted and (side == "front" or s.d.back is not None)
    ]
    return dict(zip(boxes, open_sides(boxes), strict=True))


def _faces_resolve(slots, env: PlanEnv) -> None:
    """Every text's font, looked up now: an unknown family is a planning error (a
    FontError the build reports), not a failure halfway through drawing."""
    seen: set = set()
    for slot in slots:
        for face in (slot.d.front, slot.d.back):
            for el in face.elements if face is not None else ():
                if type(el) is TextEl and (el.bold, el.italic, el.family) not in seen:
                    seen.add((el.bold, el.italic, el.family))
                    env.face(el.bold, el.italic, el.family)


def _bleed(d: CounterDef, env: PlanEnv) -> float:
    if env.settings.bleed is not None:
        return env.settings.bleed
    return d.bleed or 0.0


def _placed(d: CounterDef, side: str, bleed: float, x: float, y: float, forms: dict, env) -> Group:
    """A side of a design placed at (x, y): its face as a keyed Group, which the renderer
    draws once (as a PDF form) and places per copy. A design of several copies keeps its
    face, planned once at the origin, in `forms` for the copies still to be placed."""
    if d.quantity == 1:  # each side of one copy is placed once: nothing to keep
        return _face_group(d, side, bleed, x, y, env)
    key = (d.id, side)
    form = forms.get(key)
    if form is None:
        form = forms[key] = _face_group(d, side, bleed, 0.0, 0.0, env)
    return Group(form.ops, x, y, 0.0, 1.0, None, form.key, form.box)  # by position: quicker


def _face_group(d: CounterDef, side: str, bleed: float, x: float, y: float, env) -> Group:
    face = d.front if side == "front" else d.back
    assert face is not None
    # A form's box is its clip, and by default it starts at the form's origin: the
    # bleed lies left of and below that, so give the face room all round (text that
    # overflows, which warns, still shows rather than being cut at an edge).
    w, h = d.width, d.height
    box = (-w / 2 - bleed, -h / 2 - bleed, 1.5 * w + bleed, 1.5 * h + bleed)
    ops = face_ops(d, face, bleed, env)
    return Group(ops, x, y, 0.0, 1.0, None, _form_key(d, side, bleed), box)  # by position


def _form_key(d: CounterDef, side: str, bleed: float) -> str:
    return f"counter:{d.id}{_key_end(side, bleed)}"


@lru_cache(maxsize=64)
def _key_end(side: str, bleed: float) -> str:
    # The same few for every piece: formatting the bleed each time cost more than the rest.
    return f":{side}:{bleed:g}"


def _place_ops(
    slot: _Slot, x: float, y: float, ops: list, marks: list, forms: dict, env, sides: dict
) -> None:
    """A piece's front at (x, y) and its cut or fold marks; `sides`: butted_sides'."""
    d, fold, b = slot.d, slot.fold, slot.bleed
    w, h = d.width, d.height
    if slot.butted:  # its cut lines are shared, marked in the block's margin
        box = slot.trim(x, y)
        if slot.strip:
            ops += _strip_ops(slot, x, y, sides[box], forms, env)
            return
        face = _placed(d, "front", slot.face_bleed, x, y, forms, env)
        bled = slot.face_bleed > 0
        if slot.round:
            ops += _round_cell(face, box, bled)
            return
        ops += butted_face(face, box, sides[box], slot.outer, d.front.background, bled)
        return
    square = d.shape in ("square", "rect")
    front = _placed(d, "front", b, x, y, forms, env)
    if not fold:
        ops.append(front)
    else:
        if not square:
            ops.extend(_hinge_fill(d, x, y, b))
        # Each half's bleed stops at the fold: it must not paint over the other half.
        back = _placed(d, "back", b, x + w, y, forms, env)
        ops.append(Group((front,), clip=(x - b, y - b, x + w, y + h + b)))
        ops.append(Group((back,), clip=(x + w, y - b, x + 2 * w + b, y + h + b)))
    if square:
        # Round the piece, or round the pair: the fold is not a cut.
        over, crops = rect_cut((x, y, x + w * (2 if fold else 1), y + h), b)
        ops.extend(over)
        marks.extend(crops)
    elif fold:
        ops.append(Path(tuple(_hinged_outline(d, x, y)), True, stroke=CUT))
    else:
        ops.append(Group((outline(d.shape, w, h, stroke=CUT),), dx=x, dy=y))
    if fold:
        fx = x + w
        if square:
            # no fold mark past the top: the caption of a pair in the row above sits
            # centred on the same line in the gutter (a card pair's gutter has room)
            ops.extend(fold_line(fx, y - b, y + h + b))
        else:  # only the joining strip folds
            ops.extend(fold_line(fx, y + h / 2 - h * HINGE, y + h / 2 + h * HINGE))
        ops.extend(fold_marks(x, x + 2 * w, fx, y - b, env.fonts, env.face()))


def _strip_ops(slot: _Slot, x: float, y: float, sides: tuple, forms: dict, env) -> list:
    """A fold pair in a butted strip: its front over the fold, its back under it turned
    upside down (folded back over the line and turned like a page, it reads upright,
    exactly behind its front). Each half's background runs to the fold; its bleed goes
    only where the block's edge is (`sides`: the pair's open left, bottom, right, top)."""
    d, b = slot.d, slot.face_bleed
    back = d.back
    assert back is not None
    w, h = d.width, d.height
    left, bottom, right, top = sides
    fy = y + h
    front = _placed(d, "front", b, x, fy, forms, env)
    ops = butted_face(front, (x, fy, x + w, fy + h), (left, False, right, top), slot.outer,
                      d.front.background, b > 0)  # fmt: skip
    form = _placed(d, "back", b, 0.0, 0.0, forms, env)
    turned = Group(form.ops, dx=x + w, dy=fy, rotate=180, key=form.key, box=form.box)
    ops += butted_face(turned, (x, y, x + w, fy), (left, bottom, right, False), slot.outer,
                       back.background, b > 0)  # fmt: skip
    return ops


def _items(slot: _Slot, x: float, y: float, boxes: dict) -> list[Item]:
    """The manifest items of a piece at (x, y): one, or the two halves of a fold pair.
    `boxes` (box -> box) shares one tuple among the pieces that have the same box."""
    d = slot.d
    w, h = d.width, d.height
    piece = f"{d.id}#{slot.copy}"
    if slot.strip:  # front over back, the fold across between them
        fy = y + h
        across = {"fold_line": [round(x, 4), round(fy, 4), round(x + w, 4), round(fy, 4)]}
        return [
            Item(d.kind, d.id, piece, "front", (x, fy, x + w, fy + h), across),
            Item(d.kind, d.id, piece, "back", (x, y, x + w, fy), dict(across)),
        ]
    if not slot.fold:
        box = (x, y, x + w, y + h)
        box = boxes.setdefault(box, box)
        return [Item(d.kind, d.id, piece, "front", box)]
    fx = x + w
    line = [round(fx, 4), round(y, 4), round(fx, 4), round(y + h, 4)]
    return [
        Item(d.kind, d.id, piece, side, (hx, y, hx + w, y + h), {"fold_line": list(line)})
        for hx, side in ((x, "front"), (fx, "back"))
    ]


HINGE = 0.22  # half-height of the strip joining round or hex halves, of the piece's height


def _hinge_fill(d: CounterDef, x: float, y: float, b: float) -> list:
    """The strip that joins two round or hex halves across the fold, in each half's colour."""
    assert d.back is not None
    w, h = d.width, d.height
    hb = h * HINGE + b
    reach = w * 0.3
    return [
        Rect(x + w - reach, y + h / 2 - hb, reach, 2 * hb, fill=d.front.background),
        Rect(x + w, y + h / 2 - hb, reach, 2 * hb, fill=d.back.background),
    ]


def _climbs(a: tuple[float, float], b: tuple[float, float], level: float, cx: float) -> bool:
    """Whether the edge from a to b climbs across y = level right of x = cx."""
    (xa, ya), (xb, yb) = a, b
    return ya < level <= yb and xa + xb > 2 * cx


def _hinged_outline(d: CounterDef, x: float, y: float) -> list[tuple[float, float]]:
    """One cut round both halves and the strip joining them.

    Walk the front's outline from where it meets the strip's top edge, round its
    far side, to the strip's bottom edge; the back's side is that walk mirrored
    about the fold, taken backwards.
    """
    w, h = d.width, d.height
    cx, cy, fx = x + w / 2, y + h / 2, x + w
    if d.shape == "round":
        r = min(w, h) / 2
        pts = [
            (cx + r * math.cos(2 * math.pi * k / 96), cy + r * math.sin(2 * math.pi * k / 96))
            for k in range(96)
        ]
    else:
        pts = [(x + px, y + py) for px, py in hex_points(w, h)]
    hb = h * HINGE
    n = len(pts)

    def crossing(level: float) -> int:
        # The right-hand edge that climbs across y = level (the outline runs anticlockwise).
        return next(i for i in range(n) if _climbs(pts[i], pts[(i + 1) % n], level, cx))

    def at(i: int, level: float) -> tuple[float, float]:
        (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
        t = (level - ay) / (by - ay)
        return (ax + t * (bx - ax), level)

    top, bottom = crossing(cy + hb), crossing(cy - hb)
    walk = [at(top, cy + hb)]
    i = (top + 1) % n
    while i != (bottom + 1) % n:
        walk.append(pts[i])
        i = (i + 1) % n
    walk.append(at(bottom, cy - hb))
    return walk + [(2 * fx - px, py) for px, py in reversed(walk)]


def _back_box(slot: _Slot, x: float, y: float, env: PlanEnv):
    d = slot.d
    trim = (x, y, x + d.width, y + d.height)
    return back_box(trim, env.paper.size, env.settings.duplex, env.settings.back_offset)


def _place_back_ops(
    slot: _Slot, x: float, y: float, ops: list, forms: dict, env, sides: dict
) -> None:
    """A piece's duplex back where its front's mirror falls; `sides`: butted_sides'."""
    back = slot.d.back
    assert back is not None
    box = _back_box(slot, x, y, env)
    if not slot.butted:
        ops.append(_placed(slot.d, "back", slot.bleed, box[0], box[1], forms, env))
        return
    face = _placed(slot.d, "back", slot.face_bleed, box[0], box[1], forms, env)
    if slot.round:
        ops += _round_cell(face, box, slot.face_bleed > 0)
        return
    ops += butted_face(face, box, sides[box], slot.outer, back.background, slot.face_bleed > 0)


def _round_cell(face: Group, cell: tuple, bled: bool) -> list:
    """A round piece in its grid cell: its face (its bleed, if any, kept inside the cell,
    off its neighbours) and its ring as a cut line, to cut round or to centre a punch on.
    The cell's corners stay paper: the crop marks give the square cut."""
    x0, y0, x1, y1 = cell
    ring = Group((outline("round", x1 - x0, y1 - y0, stroke=CUT),), dx=x0, dy=y0)
    return [Group((face,), clip=cell) if bled else face, ring]


def _back_item(slot: _Slot, x: float, y: float, env: PlanEnv) -> Item:
    d = slot.d
    return Item(d.kind, d.id, f"{d.id}#{slot.copy}", "back", _back_box(slot, x, y, env))


# ---- duplex calibration -------------------------------------------------------------

STEPS = [k * 0.5 for k in range(-4, 5)]  # mm: -2.0 .. +2.0
PITCH = 30.0  # between targets: far enough apart to label each one clearly
REACH = 36.0  # length of each target line


def calibration(env: PlanEnv) -> Document:
    """Nine targets across (x) and nine down (y), one per offset from -2 to +2 mm.

    Each target is a line on the front and one on the back, drawn where the
    front's line would fall if the printer shifted backs by minus its offset. So
    held against a light, the target whose two lines coincide is labelled with
    the offset to give as --back-offset X,Y (mm).
    """
    w, h = env.paper.size
    cx, cy = w / 2, h / 2
    flip = env.settings.duplex
    ink = Stroke(BLACK, 0.3)
    label = Font(env.face(), CHROME)
    body = Font(env.face(), BODY)
    x0, y0, x1, y1 = content_box(env.paper)
    front = Page("Duplex calibration")
    back = Page("Duplex calibration", side="back")
    for k, t in enumerate(STEPS):
        d = mm(t)
        # X targets: vertical lines in a row above the centre.
        x = cx + (k - 4) * PITCH
        line = (x, cy + 60, x, cy + 60 + REACH)
        front.ops.append(Line(*line, ink))
        front.ops.append(Text(x, cy + 50, _signed(t), label, BLACK, "centre"))
        bx0, by0, bx1, by1 = back_box(line, (w, h), flip, (d, 0.0))
        back.ops.append(Line(bx0, by0, bx1, by1, ink))
        # Y targets: horizontal lines in a column below the centre.
        y = cy - 40 - k * PITCH * 0.8
        line = (cx - REACH / 2, y, cx + REACH / 2, y)
        front.ops.append(Line(*line, ink))
        front.ops.append(Text(cx + REACH / 2 + 6, y - 2.3, _signed(t), label, BLACK))
        bx0, by0, bx1, by1 = back_box(line, (w, h), flip, (0.0, d))
        back.ops.append(Line(bx0, by0, bx1, by1, ink))
    front.ops += [
        Text(cx, cy + 60 + REACH + 14, "X offset (mm)", body, BLACK, "centre"),
        Text(
            cx - REACH / 2 - 8,
            cy - 40 - 2 * PITCH * 0.8 - 3,
            "Y offset (mm)",
            body,
            BLACK,
            "right",
        ),
        Text(
            cx,
            y1 - 30,
            "Print both sides of this sheet at 100%, then hold it against a light.",
            body,
            BLACK,
            "centre",
        ),
        Text(
            cx,
            y1 - 44,
            "In each set, find the target whose front and back lines coincide; "
            "its number is that offset.",
            body,
            BLACK,
            "centre",
        ),
        Text(
            cx,
            y1 - 58,
            "Build with: kitgen build <game> --duplex " + flip + " --back-offset X,Y",
            body,
            BLACK,
            "centre",
        ),
    ]
    back.ops.append(Rect(x0, y0, x1 - x0, y1 - y0, stroke=Stroke(PALE_INK, 0.3)))
    return Document("duplex-calibration", "Duplex calibration", [front, back], duplex=flip)


def _signed(t: float) -> str:
    return typeset(f"{t:+g}") if t else "0"
