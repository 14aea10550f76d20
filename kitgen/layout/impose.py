"""Imposition: where pieces go on sheets. Pure arithmetic on boxes, tested with numbers.

Pieces are packed in shelves (rows) top to bottom, left to right, inside the
content box, `gutter` apart; each sheet's block is centred across the page. Pieces
given the same butt key (counters of one size for a guillotine) touch edge to edge
in rows of their own, a `margin` clear of everything else (room for crop marks).
Duplex backs and fold-and-glue halves are mirror images of boxes about a line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from itertools import groupby
from operator import attrgetter

from ..records import field, record, replace
from ..units import Paper
from .frame import content_box
from .plan import BBox

EPS = 1e-6


@record
class Spot:
    """Where slot `index` landed: its sheet (from 0) and bottom-left corner."""

    index: int
    sheet: int
    x: float
    y: float


class TooBig(ValueError):
    def __init__(self, index: int):
        super().__init__(f"slot {index} does not fit the box")
        self.index = index


_BY_SLOT = attrgetter("index")  # spots in slot order


@record
class Sheet:
    size: tuple[float, float] | None  # the page, when turned landscape; None: the paper
    box: BBox  # where pieces go on it


@record
class Imposition:
    spots: list[Spot]  # in slot order
    sheets: list[Sheet]
    turned: frozenset[int] = frozenset()  # slots laid a quarter turn round


def impose(
    sizes: Sequence[tuple[float, float]],
    paper: Paper,
    gutter: float,
    inset: float = 0.0,
    turn: Sequence[str] = (),
    landscape: bool = True,
    butt: Butts | None = None,
    foot: float = 0.0,
    middle: bool = False,
    kinds: Sequence[object] | None = None,
    balance: bool = False,
) -> Imposition:
    """The one imposer: pieces packed onto as few sheets as they take, the paper portrait
    or, when that takes fewer sheets (or is the only way a piece fits), landscape. `inset`:
    kept clear inside the content box (room for crop marks). `turn`, per slot: "" never
    turned, "fit" turned when it fits only so, "long" also laid along the sheet's long
    side (strips). `landscape=False` keeps the paper portrait: duplex files, whose backs a
    printer turning landscape pages (clockwise or not, as it likes) would shift the wrong
    way by a back offset. `butt` (Butts), per slot: a key shared by pieces laid edge to
    edge, or None. `foot`: kept clear at the bottom of the box (notes printed under the
    pieces). `middle`: each sheet's block centred top to bottom in its box as well as
    across (cards: a sheet of one card, or of a short row, then looks laid out on
    purpose, and a duplex back mirrors it exactly). `kinds`, per slot: what it is (a
    design), to balance rows (see `row_runs`); None packs each row full. `balance`: the
    pieces spread evenly over the sheets they take (`_balanced`). Raises TooBig when a
    piece fits neither way."""
    # the way round with the fewest sheets: (its sheets, its spots when asked, its sheet,
    # the slots turned); only the way taken is centred (its spots made)
    way: tuple[int, Callable[[], list[Spot]], Sheet, frozenset[int]] | None = None
    error: TooBig | None = None
    for size in (None, (paper.height, paper.width)) if landscape else (None,):
        if size is not None and (paper.width == paper.height or (way and way[0] < 2)):
            break  # one sheet cannot be bettered; a square sheet turned is the same
        x0, y0, x1, y1 = content_box(paper.sized(size))
        box = (x0 + inset, y0 + inset + foot, x1 - inset, y1 - inset)
        laid, turned = _turned(sizes, turn, box)
        try:
            count, spots_of = _packed(laid, box, gutter, butt, kinds, bool(turn))
        except TooBig as exc:
            error = error or exc
            continue
        if way is None or count < way[0]:
            way = (count, spots_of, Sheet(size, box), turned)
    best: Imposition | None = None
    if way is not None:
        _, spots_of, sheet, turned = way
        spots = spots_of()
        best = Imposition(spots, [sheet] * (max(s.sheet for s in spots) + 1), turned)
    if landscape and len(sizes) <= MIXED_LIMIT and (best is None or _count(best) > 1):
        mixed = _mixed(sizes, paper, gutter, inset, turn, butt, foot, kinds)
        if mixed is not None and (best is None or _count(mixed) < _count(best)):
            best = mixed
    if turn and landscape and len(sizes) <= SPREAD_LIMIT and best is not None and _count(best) > 1:
        spread = _spread(sizes, paper, gutter, inset, turn, foot)
        if spread is not None and _better(spread, best, sizes):
            best = spread
    if best is None:
        assert error is not None
        raise error
    if balance and not turn:
        best = _balanced(best, sizes, gutter, butt, kinds)
    return _middle(best, sizes) if middle else best


def _packed(
    laid, box: BBox, gutter: float, butt, kinds, turn: bool
) -> tuple[int, Callable[[], list[Spot]]]:
    """One way round's count of sheets, and what gives its spots."""
    if turn:
        spots = _pack_sorted(laid, box, gutter)
        return max(s.sheet for s in spots) + 1, lambda: spots
    sheets, moved = _pack_sheets(laid, box, gutter, butt, kinds)
    return len(sheets), lambda: _spots(sheets, laid, box, moved)


BALANCE_LIMIT = 2000  # pieces: up to this many, balanced (each try packs them all again)


def _balanced(laid: Imposition, sizes, gutter: float, butt, kinds) -> Imposition:
    """The pieces spread over the sheets they take, no last sheet holding a few: each
    sheet filled to the least height that keeps the count of sheets (found by halving),
    so every sheet is about as full and none looks left over. A cut whose floor a packing
    already tried holds for (`Reach`) is answered by that packing: the same spots."""
    n = len(laid.sheets)
    sheet = laid.sheets[0]
    if n < 2 or laid.turned or len(sizes) > BALANCE_LIMIT or any(s != sheet for s in laid.sheets):
        return laid
    x0, y0, x1, y1 = sheet.box
    lo, hi = 0.0, y1 - y0  # lo: a cut off the box's foot that keeps n sheets
    best = laid
    tallest = max(h for _, h in sizes)
    # n sheets at most hold this much: pieces do not overlap, each in the box to EPS
    area = sum(w * h for w, h in sizes) / n
    tried: list[tuple[Reach, list[Spot]]] = []
    for _ in range(10):
        cut = (lo + hi) / 2
        floor = y0 + cut
        # as pack's TooBig (a piece too tall for the box), or more than n sheets' worth
        if tallest > (y1 - floor) + EPS or area > (x1 - x0 + 2 * EPS) * (y1 - floor + 2 * EPS):
            hi = cut
            continue
        spots = next((spots for reach, spots in tried if reach.holds(floor)), None)
        if spots is None:
            reach = Reach()
            spots = pack(sizes, (x0, floor, x1, y1), gutter, butt, kinds, reach)
            tried.append((reach, spots))
        if max(s.sheet for s in spots) < n:
            lo, best = cut, replace(laid, spots=spots)
        else:
            hi = cut
    return best


class Reach:
    """How far down a packing went against its box's floor: the lowest bottom it laid a
    row at and the highest it turned away (to a new sheet). Every floor under the one and
    over the other answers each of the packing's questions the same way, so packs the
    same spots (the floor is asked nothing else but whether a piece is too tall for the
    box, which `_balanced` asks first)."""

    __slots__ = ("lowest", "refused")

    def __init__(self) -> None:
        self.lowest = math.inf
        self.refused = -math.inf

    def room(self, bottom: float, floor: float) -> bool:
        """Whether a row whose bottom is `bottom` stays above `floor` (and noted)."""
        if bottom < floor - EPS:
            self.refused = max(self.refused, bottom)
            return False
        self.lowest = min(self.lowest, bottom)
        return True

    def holds(self, floor: float) -> bool:
        return not self.lowest < floor - EPS and self.refused < floor - EPS


def _middle(laid: Imposition, sizes: Sequence[tuple[float, float]]) -> Imposition:
    """Each sheet's block moved down to the middle of its box, to the whole point (as
    `_centre` moves it across)."""
    tops: dict[int, float] = {}
    feet: dict[int, float] = {}
    for s in laid.spots:
        w, h = sizes[s.index]
        h = w if s.index in laid.turned else h
        tops[s.sheet] = max(tops.get(s.sheet, s.y + h), s.y + h)
        feet[s.sheet] = min(feet.get(s.sheet, s.y), s.y)
    shift = {}
    for n, sheet in enumerate(laid.sheets):
        _, y0, _, y1 = sheet.box
        shift[n] = math.floor((feet[n] - y0 - (y1 - tops[n])) / 2 + EPS)  # down
    spots = [Spot(s.index, s.sheet, s.x, s.y - shift[s.sheet]) for s in laid.spots]
    return replace(laid, spots=spots)


MIXED_LIMIT = 400  # pieces: up to this many, each sheet may be turned on its own


def _mixed(
    sizes, paper: Paper, gutter, inset: float, turn, butt, foot: float = 0.0, kinds=None
) -> Imposition | None:
    """Sheet by sheet, portrait or landscape, whichever takes the larger share of the
    pieces left (its area): a few big pieces of different shapes (templates) need this.
    None when a piece fits neither way."""
    ways = []
    for size in (None, (paper.height, paper.width)):
        x0, y0, x1, y1 = content_box(paper.sized(size))
        box = (x0 + inset, y0 + inset + foot, x1 - inset, y1 - inset)
        laid, turned = _turned(sizes, turn, box)
        ways.append(_Way(Sheet(size, box), laid, turned))
    left = list(range(len(sizes)))
    spots: list[Spot] = []
    sheets: list[Sheet] = []
    turned_all: set[int] = set()
    while left:
        best, most, placed = None, 0.0, []
        for way in ways:
            box, laid = way.sheet.box, way.laid
            width, height = box[2] - box[0], box[3] - box[1]
            fit = [i for i in left if _within(laid[i], width, height)]
            if not fit:
                continue
            order = _tallest_first(fit, laid) if turn else fit
            keys = _reordered(butt, order) if butt else None
            kind = [kinds[i] for i in order] if kinds is not None else None
            packed = pack([laid[i] for i in order], box, gutter, keys, kind)
            first = [s for s in packed if s.sheet == 0]
            area = sum(w * h for w, h in (laid[order[s.index]] for s in first))
            if best is None or area > most + EPS:
                best, most, placed = way, area, [(order[s.index], s) for s in first]
        if best is None:
            return None
        for i, s in placed:
            spots.append(Spot(i, len(sheets), s.x, s.y))
            if i in best.turned:
                turned_all.add(i)
        sheets.append(best.sheet)
        taken = {i for i, _ in placed}
        left = [i for i in left if i not in taken]
    spots.sort(key=_BY_SLOT)
    return Imposition(spots, sheets, frozenset(turned_all))


SPREAD_LIMIT = 24  # pieces that may turn (templates): up to this many, also spread (_spread)


def _better(a: Imposition, b: Imposition, sizes) -> bool:
    """Whether imposition `a` beats `b`: fewer sheets, or as many with its emptiest
    sheet fuller (no sheet left mostly empty while another is full)."""
    if _count(a) != _count(b):
        return _count(a) < _count(b)
    return min(_fills(a, sizes)) > min(_fills(b, sizes)) + 0.01


def _fills(laid: Imposition, sizes) -> list[float]:
    """How much of each sheet's box its pieces cover."""
    used = [0.0] * len(laid.sheets)
    for s in laid.spots:
        w, h = sizes[s.index]
        used[s.sheet] += w * h
    fills = []
    for n, sheet in enumerate(laid.sheets):
        x0, y0, x1, y1 = sheet.box
        fills.append(used[n] / ((x1 - x0) * (y1 - y0)))
    return fills


def _area(size: tuple[float, float]) -> float:
    w, h = size
    return w * h


def _spread(sizes, paper: Paper, gutter, inset: float, turn, foot: float) -> Imposition | None:
    """Largest first, each piece onto the emptiest sheet it still fits on with the pieces
    already there (each sheet packed again, portrait or landscape, pieces turned where
    they may), else onto a new sheet: as a designer spreads a few big pieces of mixed
    shapes, pairing a long one with a wide one rather than leaving the long ones to a
    sheet of their own. None when a piece fits no sheet alone."""
    ways = []
    for size in (None, (paper.height, paper.width)):
        x0, y0, x1, y1 = content_box(paper.sized(size))
        ways.append(Sheet(size, (x0 + inset, y0 + inset + foot, x1 - inset, y1 - inset)))
    bins: list[list[int]] = []
    packed: list[tuple[Sheet, list[Spot], frozenset[int]]] = []
    for i in sorted(range(len(sizes)), key=lambda k: -_area(sizes[k])):
        tries = [(n, _one_sheet([*b, i], sizes, turn, ways, gutter)) for n, b in enumerate(bins)]
        fit = [(n, got) for n, got in tries if got is not None]
        if fit:
            n, got = min(fit, key=lambda t: sum(_area(sizes[k]) for k in bins[t[0]]))
            bins[n].append(i)
            packed[n] = got
            continue
        alone = _one_sheet([i], sizes, turn, ways, gutter)
        if alone is None:
            return None
        bins.append([i])
        packed.append(alone)
    spots = [Spot(s.index, n, s.x, s.y) for n, (_, got, _) in enumerate(packed) for s in got]
    turned = frozenset(k for _, _, t in packed for k in t)
    return Imposition(sorted(spots, key=_BY_SLOT), [sheet for sheet, _, _ in packed], turned)


def _one_sheet(slots: list[int], sizes, turn, ways: list[Sheet], gutter: float):
    """The slots packed on one sheet, portrait else landscape: (the sheet, their spots by
    slot, the slots turned), or None when they take more than one sheet either way."""
    for sheet in ways:
        laid, turned = _turned([sizes[k] for k in slots], [turn[k] for k in slots], sheet.box)
        try:
            got = _pack_sorted(laid, sheet.box, gutter)
        except TooBig:
            continue
        if all(s.sheet == 0 for s in got):
            spots = [Spot(slots[s.index], 0, s.x, s.y) for s in got]
            return sheet, spots, frozenset(slots[k] for k in turned)
    return None


def _within(size: tuple[float, float], width: float, height: float) -> bool:
    w, h = size
    return w <= width + EPS and h <= height + EPS


def _tallest_first(slots: Iterable[int], laid: list[tuple[float, float]]) -> list[int]:
    """The slots, tallest as laid first (a stable sort: ties keep their order)."""
    heights = [h for _, h in laid]
    return sorted(slots, key=lambda i: -heights[i])


def _reordered(butt: Butts, order: list[int]) -> Butts:
    """The butt keys and groups of the slots in `order`, for packing them in that order
    (a loose piece's key kept loose: it keeps its gutter)."""
    keys = [butt.keys[i] for i in order] if butt.keys else []
    groups = [butt.groups[i] for i in order] if butt.groups else []
    return Butts(keys, butt.margin, groups)


@record
class _Way:
    """A way round for a sheet of mixed imposition: the sheet, each slot's size as laid
    on it, and which slots are turned."""

    sheet: Sheet
    laid: list[tuple[float, float]]
    turned: frozenset[int]


def printable(paper: Paper, inset: float = 0.0, landscape: bool = True) -> str:
    """The room for one piece, as an error message gives it: "576 x 716 pt", and turned
    landscape "756 x 536 pt" too when the imposer may turn the sheet."""
    x0, y0, x1, y1 = content_box(paper)
    w, h = x1 - x0 - 2 * inset, y1 - y0 - 2 * inset
    turned = f" or {w + paper.height - paper.width:g} x {h - paper.height + paper.width:g} pt"
    return f"{w:g} x {h:g} pt" + (turned if landscape and paper.width != paper.height else "")


def _pack_sorted(laid: list[tuple[float, float]], box: BBox, gutter: float) -> list[Spot]:
    """Pieces that may turn cannot come tallest first from the caller (turning changes
    heights): packed tallest first as laid, the spots given back by the caller's index."""
    order = _tallest_first(range(len(laid)), laid)
    spots = pack([laid[i] for i in order], box, gutter)
    return sorted((Spot(order[s.index], s.sheet, s.x, s.y) for s in spots), key=_BY_SLOT)


def fits(size: tuple[float, float], paper: Paper, inset: float = 0.0, turn: bool = False) -> bool:
    """Whether a piece fits the content box, the sheet portrait or turned landscape (and
    with `turn`, the piece turned a quarter too)."""
    x0, y0, x1, y1 = content_box(paper)
    rw, rh = x1 - x0 - 2 * inset, y1 - y0 - 2 * inset
    rooms = ((rw, rh), (rw + paper.height - paper.width, rh - paper.height + paper.width))
    ways = (size, size[::-1]) if turn else (size,)
    return any(w <= a + EPS and h <= b + EPS for w, h in ways for a, b in rooms)


def _count(imposition: Imposition) -> int:
    return len(imposition.sheets)


def _turned(sizes, turn: Sequence[str], box: BBox) -> tuple[list, frozenset[int]]:
    """Each slot's size as laid on sheets of this box, and which slots are turned."""
    if not turn:
        return list(sizes), frozenset()
    width, height = box[2] - box[0], box[3] - box[1]
    laid, turned = [], set()
    for i, ((w, h), how) in enumerate(zip(sizes, turn, strict=True)):
        fits = w <= width + EPS and h <= height + EPS
        across = (w > h) != (width > height)  # long side across the sheet's long side
        if how and (not fits or (how == "long" and across)):
            w, h = h, w
            turned.add(i)
        laid.append((w, h))
    return laid, frozenset(turned)


@record
class Butts:
    """Which slots are butted: `keys[i]` is shared by slots laid edge to edge (None: kept
    a gutter apart), and `margin` the room round a butted block (for its crop marks)."""

    keys: Sequence[object] = ()
    margin: float = 0.0
    # a group per slot (a side's pieces): a slot of another group than the one before it
    # starts a row of its own, a gutter apart as usual
    groups: Sequence[object] = ()

    @property
    def shelved(self) -> bool:
        """Whether a change of key starts a new shelf."""
        return bool(self.keys) or bool(self.groups)

    def key(self, i: int) -> object:
        own = self.keys[i] if self.keys else None
        return (own, self.groups[i]) if self.groups else own

    def per_slot(self, n: int, gutter: float) -> tuple[list, list[float]]:
        """Each of `n` slots' key and the room after it in its row (`key` and `across`),
        worked out once for a packing: asked slot by slot, they were a tenth of it."""
        owns = list(self.keys) if self.keys else [None] * n
        keys = [(own, self.groups[i]) for i, own in enumerate(owns)] if self.groups else owns
        return keys, [gutter if own is None else 0.0 for own in owns]

    def _own(self, key: object) -> object:
        return key[0] if self.groups and isinstance(key, tuple) else key

    def across(self, key: object, gutter: float) -> float:
        """The room after a slot of `key` before the next one in its row."""
        return gutter if self._own(key) is None else 0.0

    def beside(self, shelf_key: object, key: object) -> bool:
        """Whether a loose piece (of `key`) may end a row of butted pieces (of `shelf_key`),
        a margin clear of their block, rather than start a row of its own: a big round
        piece beside a short strip, not on a row alone. Only within one group."""
        if self._own(key) is not None or self._own(shelf_key) is None:
            return False
        if not self.groups:
            return True
        return isinstance(key, tuple) and isinstance(shelf_key, tuple) and key[1] == shelf_key[1]

    def between(self, upper: object, lower: object, gutter: float) -> float:
        """The room between a row of `upper` slots and a row of `lower` under it."""
        if self._own(upper) is None and self._own(lower) is None:
            return gutter
        return 0.0 if upper == lower else max(self.margin, gutter)


def pack(
    sizes: Sequence[tuple[float, float]],
    box: BBox,
    gutter: float,
    butt: Butts | None = None,
    kinds: Sequence[object] | None = None,
    reach: Reach | None = None,
) -> list[Spot]:
    """Shelf packing in the given order; as many sheets as needed; the spots in slot
    order. With `kinds`, rows balanced (row_runs) unless that takes more sheets.
    `reach` hears how far down the box's floor it went. Raises TooBig."""
    sheets, moved = _pack_sheets(sizes, box, gutter, butt, kinds, reach)
    return _spots(sheets, sizes, box, moved)


def _pack_sheets(
    sizes, box: BBox, gutter: float, butt=None, kinds=None, reach: Reach | None = None
) -> tuple[Sheets, bool]:
    """pack's shelves on their sheets, and whether its last sheet's slots moved up."""
    butt = butt or NO_BUTTS
    reach = reach or Reach()
    sheets = _shelves(sizes, box, gutter, butt, reach)
    if kinds is not None:
        runs = row_runs(sizes, kinds, box[2] - box[0], gutter, butt)
        balanced = _shelves(sizes, box, gutter, butt, reach, runs) if runs else sheets
        sheets = balanced if len(balanced) <= len(sheets) else sheets
    moved = len(sheets) > 1 and _fold_last_sheet(sheets, sizes, box, gutter, butt, reach)
    return sheets, moved


def _spots(sheets: Sheets, sizes, box: BBox, moved: bool) -> list[Spot]:
    """Packed sheets' spots, each sheet's block centred across, in slot order."""
    spots = _centre(sizes, sheets, box[0], box[2] - box[0])
    if moved:
        spots.sort(key=_BY_SLOT)  # slot order: the moved slots came last
    return spots


def row_runs(
    sizes: Sequence[tuple[float, float]],
    kinds: Sequence[object],
    width: float,
    gutter: float,
    butt: Butts,
) -> dict[int, tuple[int, int, int]]:
    """Rows balanced: each run of pieces of one size (and butt key) that takes more than
    a row, by its first slot: (its length, the most a row holds, how many each row holds
    when the run starts a row of its own). Its rows hold as many each as they can evenly
    (20 in rows of 9 lie 7, 7, 6, never 9, 9, 2); a run of kinds of one count (5 tokens
    in each of 4 colours) holds whole kinds a row (5 a row), so a kind stays together.
    `_shelves` starts the run on a row of its own unless filling the row it comes to
    saves a row (then the rest is balanced)."""
    runs: dict[int, tuple[int, int, int]] = {}
    i, n = 0, len(sizes)
    keys, acrosses = butt.per_slot(n, gutter)
    while i < n:
        j = i
        while j + 1 < n and sizes[j + 1] == sizes[i] and keys[j + 1] == keys[i]:
            j += 1
        run = j - i + 1
        across = acrosses[i]
        w, _ = sizes[i]
        most = int((width + across + EPS) // (w + across))  # a full row
        if most >= 1 and run > most:
            counts = [len(list(g)) for _, g in groupby(kinds[i : j + 1])]
            if len(set(counts)) == 1 and 1 < counts[0] <= most:
                runs[i] = (run, most, counts[0] * (most // counts[0]))
            else:
                runs[i] = (run, most, _even(run, most))
        i = j + 1
    return runs


def _even(count: int, most: int) -> int:
    """How many a row holds when `count` pieces lie in as few rows of up to `most` as
    they take, the rows as even as they can be."""
    return math.ceil(count / math.ceil(count / most))


def _run_breaks(first: int, run: tuple[int, int, int], room: int) -> range:
    """The slots of a run (row_runs) that start a row, `room` of them fitting on the row
    it comes to: that row filled when it saves a row, else the run on rows of its own."""
    count, most, each = run
    room = min(room, count)
    if room and math.ceil((count - room) / most) < math.ceil(count / most):
        rest = count - room
        return range(first + room, first + count, _even(rest, most) if rest else 1)
    return range(first, first + count, each)


NO_BUTTS = Butts()


@record(frozen=False)
class Shelf:
    """A row of slots on a sheet, hanging from its `top`: as tall as its tallest slot,
    each slot (index, x, top, h); `key` the butt key its slots share (or None)."""

    top: float
    height: float
    key: object = None
    slots: list[tuple[int, float, float, float]] = field(default_factory=list)


Sheets = list[list[Shelf]]  # sheet > shelf


def _shelves(
    sizes: Sequence[tuple[float, float]],
    box: BBox,
    gutter: float,
    butt: Butts,
    reach: Reach,
    runs: dict[int, tuple[int, int, int]] | None = None,
) -> Sheets:
    """Every slot on a shelf of a sheet, in order. A butted slot starts a new shelf when
    the key changes, so a shelf holds one key (or none); `runs` (row_runs) balance rows."""
    x0, y0, x1, y1 = box
    width, height = x1 - x0, y1 - y0
    sheets: Sheets = [[]]
    shelf = Shelf(y1, 0.0)  # the current shelf (none yet: a first slot starts one)
    cursor = x0
    key = None
    breaks: set[int] = set()
    keys, acrosses = butt.per_slot(len(sizes), gutter)
    shelved = butt.shelved
    for i, (w, h) in enumerate(sizes):
        if w > width + EPS or h > height + EPS:
            raise TooBig(i)
        shelves = sheets[-1]
        last, key = key, keys[i]
        across = acrosses[i]
        # a loose piece ends a row of butted ones, a margin clear of them, when it fits
        beside = shelved and key != last and butt.beside(shelf.key, key) and h <= shelf.height + EPS
        if beside and last == shelf.key:  # clear of the whole block's right edge and marks
            cursor = _block_right(shelves, shelf.key, sizes, keys.__getitem__) + butt.margin
        if runs and i in runs:
            joins = bool(shelf.slots) and h <= shelf.height + EPS and not (shelved and key != last)
            room = int((x1 - cursor + across + EPS) // (w + across)) if joins else 0
            breaks.update(_run_breaks(i, runs[i], room))
        if (
            not shelves
            or cursor + w > x1 + EPS
            or (shelved and key != last and not beside)
            or (i in breaks and shelf.slots)
        ):
            # New shelf below the current one, or a new sheet.
            gap = butt.between(shelf.key if shelved else last, key, gutter)
            top = shelf.top - shelf.height - gap if shelves else y1
            if not reach.room(top - h, y0):
                sheets.append([])
                shelves = sheets[-1]
                top = y1
            shelf = Shelf(top, 0.0, key)
            shelves.append(shelf)
            cursor = x0
        elif h > shelf.height and not reach.room(shelf.top - h, y0):
            # Too tall for the last shelf's room on this sheet: start a new sheet.
            shelf = Shelf(y1, 0.0, key)
            sheets.append([shelf])
            cursor = x0
        shelf.slots.append((i, cursor, shelf.top, h))
        cursor += w + across
        if h > shelf.height:
            shelf.height = h
    return sheets


def _fold_last_sheet(
    sheets: Sheets, sizes, box: BBox, gutter: float, butt: Butts, reach: Reach
) -> bool:
    """Move the last sheet's slots to the ends of earlier shelves, or to new shelves
    under them, when every one of them finds room: a sheet saved, and no piece left alone
    on a sheet when it fits on another. A row whole where it can go whole (a kind's row
    stays together), else slot by slot, tallest first (the order they came in), so the
    first that finds no room ends the attempt quickly. True when the sheet went."""
    trial = [[replace(s, slots=list(s.slots)) for s in shelves] for shelves in sheets[:-1]]
    for shelf in sheets[-1]:
        ids = [i for i, *_ in shelf.slots]
        if any(_fit(shelves, ids, sizes, box, gutter, butt, reach) for shelves in trial):
            continue
        for i in ids:
            if not any(_fit(shelves, [i], sizes, box, gutter, butt, reach) for shelves in trial):
                return False
    sheets[:] = trial
    return True


def _fit(
    shelves,
    ids: list[int],
    sizes,
    box: BBox,
    gutter: float,
    butt: Butts,
    reach: Reach,
    beside: bool = True,
) -> bool:
    """Slots `ids` (of one key) placed in a row at the end of a shelf tall enough (of
    their key, or with `beside` loose pieces beside a butted block: Butts.beside), or on
    a new shelf at the bottom."""
    x0, y0, x1, _ = box
    key = butt.key(ids[0])
    if any(butt.key(i) != key for i in ids):
        return False
    across = butt.across(key, gutter)
    laid = [sizes[i] for i in ids]
    width = sum(w for w, _ in laid) + across * (len(ids) - 1)
    h = max(h for _, h in laid)
    for shelf in shelves:
        last, x, _, _ = shelf.slots[-1]
        last_w, _ = sizes[last]
        if key == shelf.key == butt.key(last):
            cursor = x + last_w + across
        elif beside and butt.beside(shelf.key, key):  # after a butted block, clear of it
            cursor = x + last_w + gutter
            if butt.key(last) == shelf.key:
                cursor = _block_right(shelves, shelf.key, sizes, butt.key) + butt.margin
        else:
            continue
        if h <= shelf.height + EPS and cursor + width <= x1 + EPS:
            _lay_row(shelf, ids, cursor, sizes, across)
            return True
    lowest = shelves[-1]
    top = lowest.top - lowest.height - butt.between(lowest.key, key, gutter)
    if not reach.room(top - h, y0) or x0 + width > x1 + EPS:
        return False
    shelves.append(Shelf(top, h, key))
    _lay_row(shelves[-1], ids, x0, sizes, across)
    return True


def _block_right(shelves: list[Shelf], key: object, sizes, key_of) -> float:
    """The right edge of the butted block of `key` on a sheet: the end of its widest row
    (`key_of`: a slot's key)."""
    ends = [0.0]
    for shelf in shelves:
        if shelf.key == key:
            for i, x, _, _ in shelf.slots:
                w, _ = sizes[i]
                if key_of(i) == key:
                    ends.append(x + w)
    return max(ends)


def _lay_row(shelf: Shelf, ids: list[int], cursor: float, sizes, across: float) -> None:
    for i in ids:
        w, h = sizes[i]
        shelf.slots.append((i, cursor, shelf.top, h))
        cursor += w + across


def _centre(sizes, sheets, x0: float, width: float) -> list[Spot]:
    spots: list[Spot] = []
    for n, shelves in enumerate(sheets):
        ends = []
        for shelf in shelves:
            for i, x, _, _ in shelf.slots[-1:]:
                w, _ = sizes[i]
                ends.append(x + w)
        used = max(ends, default=x0) - x0
        # Centred to the whole point: pieces of a design then sit alike on the pixel grid
        # of a picture at 72 dpi (or a multiple), and their pictures come out identical.
        shift = math.floor((width - used) / 2 + EPS)
        for shelf in shelves:
            for i, x, top, h in shelf.slots:
                # Shelf slots hang from the shelf's top edge, so rows read level.
                spots.append(Spot(i, n, x + shift, top - h))
    return spots


def overlaps(a: BBox, b: BBox) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def grow(b: BBox, d: float) -> BBox:
    return (b[0] - d, b[1] - d, b[2] + d, b[3] + d)


def mirror_x(b: BBox, axis: float) -> BBox:
    """Mirror a box about the vertical line x = axis."""
    return (2 * axis - b[2], b[1], 2 * axis - b[0], b[3])


def mirror_y(b: BBox, axis: float) -> BBox:
    """Mirror a box about the horizontal line y = axis."""
    return (b[0], 2 * axis - b[3], b[2], 2 * axis - b[1])


def back_box(
    b: BBox, page: tuple[float, float], flip: str, offset: tuple[float, float] = (0.0, 0.0)
) -> BBox:
    """Where a front's back goes on the next duplex page.

    Long-edge flip turns the sheet about its centre line parallel to its long edge,
    short-edge flip about the other: on a portrait page long-edge mirrors the columns
    (A B C becomes C B A) and short-edge the rows; on a landscape page (the printer turns
    it onto the paper) the other way round, whichever way the printer turns it. The
    printer's measured offset is then added (kitgen keeps duplex files portrait: which
    way an offset points on a turned page depends on the printer).
    """
    columns = (flip == "long") == (page[0] <= page[1])
    m = mirror_x(b, page[0] / 2) if columns else mirror_y(b, page[1] / 2)
    dx, dy = offset
    return (m[0] + dx, m[1] + dy, m[2] + dx, m[3] + dy)


def crop_marks(
    trim: BBox, bleed: float, gutter: float, neighbours_gap: float = 0.5, length: float = 6.0
) -> list[tuple[float, float, float, float]]:
    """Eight ticks on the trim lines, outside the bleed, inside half the gutter.

    A neighbour's bleed starts a full gutter beyond ours, so ticks that stop
    short of half the gutter never reach into it (nor meet its own ticks).
    """
    start = bleed + neighbours_gap
    reach = min(length, gutter / 2 - neighbours_gap - EPS)
    if reach <= 0:
        return []
    end = start + reach
    x0, y0, x1, y1 = trim
    return [
        (x0 - end, y0, x0 - start, y0),
        (x0, y0 - end, x0, y0 - start),
        (x1 + start, y0, x1 + end, y0),
        (x1, y0 - end, x1, y0 - start),
        (x0 - end, y1, x0 - start, y1),
        (x0, y1 + start, x0, y1 + end),
        (x1 + start, y1, x1 + end, y1),
        (x1, y1 + start, x1, y1 + end),
    ]


PIECES = frozenset({"counter", "marker", "label", "card", "template"})  # what is imposed


# what a sheet's fill counts: its pieces, or a map (whole or a tile) and the map's charts
FILLS = PIECES | {"map", "map-tile", "map-chart"}


def sheet_fill(doc, paper: Paper) -> list[float]:
    """How full each front sheet of pieces or of a map is: their area over the content
    box's (what the build reports). Empty for a document of neither."""
    fills = []
    for page in doc.pages:
        boxes = [i.bbox for i in page.items if i.kind in FILLS]
        if page.side == "front" and boxes:
            x0, y0, x1, y1 = content_box(paper.sized(page.size))
            used = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
            fills.append(round(used / ((x1 - x0) * (y1 - y0)), 4))
    return fills


def print_mode(doc) -> str:
    """How a file prints, one way for all of it: duplex (each front page followed by its
    back page), fold-and-glue (one side; pairs fold), or single-sided."""
    if any(page.side == "back" for page in doc.pages):
        return "duplex"
    if any("fold_line" in item.extra for page in doc.pages for item in page.items):
        return "fold-and-glue"
    return "single-sided"
