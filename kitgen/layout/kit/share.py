"""Shared sheets: a component of one page prints in the room another file's last page
leaves empty, when both print the same way (mode, stock and sheet), so no sheet goes to
the printer mostly empty while its content could share one.

The rule, as docs/design.md gives it. Files are taken smallest content first; each goes
onto the first file, in kit order, whose last page has room for it below what that page
holds, 1/4 in under it, its own blocks of content closed up to the same gap (a note at its
foot comes up under its pieces); else onto the first that can make the room (a sheet
grown past its size set again smaller, `Document.shorter`). The two files must print the
same way: on one side (single-sided or fold-and-glue; never duplex, whose backs mirror
their fronts), on a stock the cover can name for both (`common`: cardstock with
cardstock; "paper or light card" with paper, the file then printed on paper; paper with
cardstock, the file then on cardstock) and on the same sheet (portrait with portrait).
The cover, a scenario's sheets (files set `apart`) and print-shop
pages (trim boxes) keep their own files. The file that takes another keeps its name; its
title and sheet label name both (`Counters + Labels`). `share_sheets: false` in game.yaml
keeps every component in its own file.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from ...records import record
from ...units import PAPERS, Paper
from ..clearance import Width, placed, text_box
from ..frame import content_box
from ..impose import EPS, PIECES, print_mode
from ..plan import (
    Circle,
    Document,
    Group,
    Icon,
    Image,
    Item,
    Line,
    Page,
    Path,
    Pieces,
    Rect,
    Text,
)
from .contents import stock

GAP = 18.0  # 1/4 in between two components sharing a sheet
JOIN = " + "  # between the names of components sharing a file: "Counters + Labels"

Span = tuple[float, float]  # bottom, top


def share_sheets(docs: list[Document], paper: Paper, width: Width) -> list[Document]:
    """The kit's documents with each one-page component that fits the room on another's
    last page moved there (see the module's rule); the others as they were, in order."""
    out = list(docs)
    ways = {id(d): _way(d) for d in out}  # read once: a big kit's files hold many items
    hosts = [d for d in out if ways[id(d)] is not None]
    guests = [d for d in hosts if len(d.pages) == 1]
    blocks = {
        id(d): _blocks(d.pages[0], width)
        for d in guests
        if any(_alike(h, d, ways) for h in hosts if h is not d)
    }
    hosted: set[int] = set()
    gone: set[int] = set()
    for guest in sorted(
        (d for d in guests if blocks.get(id(d))), key=lambda d: _size(blocks[id(d)])
    ):
        if id(guest) in hosted:
            continue
        can = [h for h in hosts if h is not guest and id(h) not in gone and _alike(h, guest, ways)]
        host = next((h for h in can if _move(guest, blocks[id(guest)], h, paper, width)), None)
        # a sheet set smaller to make room keeps its own stock: a rules sheet is not sent
        # to cardstock to carry a few pieces
        same = [h for h in can if stocks(h) & stocks(guest)]
        host = host or _made_room(guest, blocks[id(guest)], same, paper, width)
        if host is not None:
            gone.add(id(guest))
            hosted.add(id(host))
            ways[id(host)] = (print_mode(host), stocks(host))  # its stock and mode now
    return [d for d in out if id(d) not in gone]


def _made_room(
    guest: Document, blocks: list[Block], hosts: list[Document], paper: Paper, width: Width
) -> Document | None:
    """The first host, in kit order, that can make room for the guest on its one page
    (Document.shorter: a sheet grown past its size sets its type smaller, down to that
    size), the guest then moved there; None when none can."""
    room = _stacked(blocks) + len(blocks) + GAP
    for host in hosts:
        past = _past_common(paper, host.pages[-1].size)  # not counted as room: kept free too
        again = host.shorter(room + past) if host.shorter is not None else None
        if again is not None and len(host.pages) == 1:
            before = host.pages
            host.pages, host.shorter = again.pages, None
            if _move(guest, blocks, host, paper, width):
                return host
            host.pages = before
    return None


Way = tuple[str, set[str]]  # a file's print mode and what it may be printed on


def _way(doc: Document) -> Way | None:
    """How a file prints, when it may share at all: not set apart (the cover, scenarios),
    not duplex, without print-shop pages."""
    if doc.apart or not doc.pages:
        return None
    if any(p.trim_box is not None or p.bleed_box is not None for p in doc.pages):
        return None
    mode = print_mode(doc)
    return None if mode == "duplex" else (mode, stocks(doc))


def _alike(host: Document, guest: Document, ways: dict[int, Way | None]) -> bool:
    """Whether the guest may print on the host's last page: both printed on one side
    (single-sided or fold-and-glue: pieces that fold print on one side too), a stock
    both may be printed on (`common`), the same sheet."""
    a, b = ways[id(host)], ways[id(guest)]
    if a is None or b is None:
        return False
    (_, stocks_a), (_, stocks_b) = a, b
    return bool(common(stocks_a, stocks_b)) and host.pages[-1].size == guest.pages[0].size


STURDY = "cardstock"  # what pieces are printed on; a sheet of paper may be printed on it too
PAPER = "paper"


def common(host: Iterable[str], guest: Iterable[str]) -> list[str]:
    """The stocks a shared file may be printed on, in the host's order: those both may,
    else cardstock when one is printed on it and the other on paper (a rules or charts
    sheet on cardstock is a sturdier aid; pieces never go on paper)."""
    guest = list(guest)
    both = [s for s in host if s in guest]
    if both:
        return both
    pair = {*host, *guest}
    return [STURDY] if STURDY in pair and PAPER in pair else []


def stocks(doc: Document) -> set[str]:
    """What a file may be printed on: its stock's choices ("paper or light card")."""
    return set(stock(doc).split(" or "))


def _move(guest: Document, blocks: list[Block], host: Document, paper: Paper, width: Width) -> bool:
    """The guest's page placed in the room on the host's last page, when it fits there."""
    page, into = guest.pages[0], host.pages[-1]
    _, y0, _, y1 = content_box(paper.sized(into.size))
    free = _free(_taken(into, width), (y0 + _past_common(paper, into.size), y1))
    need = _stacked(blocks)
    both = common(stock(host).split(" or "), stocks(guest))  # before it moves
    for bottom, top in free:
        below = GAP if bottom > y0 + EPS else 0.0
        above = GAP if top < y1 - EPS else 0.0
        if need + len(blocks) <= top - bottom - below - above + EPS:  # a point each to round
            _place(blocks, page, into, top - above, guest.name, _left_edge(blocks, into, paper))
            break
    else:
        return False
    host.stock = " or ".join(both)  # what both may be printed on: the cover says it
    host.title = f"{host.title}{JOIN}{guest.title}"
    into.component = f"{into.component}{JOIN}{page.component}"
    into.note = " · ".join(x for x in (into.note, page.note) if x)
    into.proof = " · ".join(dict.fromkeys(x for x in (into.proof, page.proof) if x))
    return True


# The papers a kit is most often printed on: a component shares a file on one of them only
# where it would on the other, so the cover's list reads the same on both.
ALIKE = ("letter", "a4")


def _past_common(paper: Paper, size: tuple[float, float] | None) -> float:
    """How much taller this sheet is than the other of letter and A4 laid the same way
    (A4 portrait 50 pt, letter landscape 17 pt): room there is not counted, so a
    component shares the same file on both papers. 0 on any other paper."""
    if paper.name not in ALIKE:
        return 0.0
    w, h = size or paper.size
    turned = w > h
    heights = [p.width if turned else p.height for p in (PAPERS[n] for n in ALIKE)]
    return max(0.0, h - min(heights))


@record
class Block:
    """A run of a page's content: the heights it covers, its ops and its items."""

    span: Span
    ops: list
    items: list[Item]


def _blocks(page: Page, width: Width) -> list[Block]:
    """A page's content in blocks top to bottom: runs of content less than GAP apart.
    Its pieces are made now (see _whole)."""
    _whole(page)
    boxes = [(op, _span(op, width)) for op in page.ops]
    runs = _merge([s for _, s in boxes if s is not None], GAP)
    if not runs:
        return []
    blocks = [Block(run, [], []) for run in runs]
    for op, span in boxes:
        _in(blocks, span).ops.append(op)
    for item in page.items:
        _, y0, _, y1 = item.bbox
        _in(blocks, (y0, y1)).items.append(item)
    return blocks


def _in(blocks: list[Block], span: Span | None) -> Block:
    """The block a thing of this extent belongs to (the first, for what has none)."""
    if span is not None:
        bottom, top = span
        mid = (bottom + top) / 2
        for block in blocks:
            low, high = block.span
            if low - EPS <= mid <= high + EPS:
                return block
    return blocks[0]


def _size(blocks: list[Block]) -> tuple[float, float]:
    """How much a page holds, smallest first: the area of its items (pieces keep their size
    on every paper, so the order is the same on letter and A4), then its height."""
    area = sum((b[2] - b[0]) * (b[3] - b[1]) for k in blocks for b in (i.bbox for i in k.items))
    return (round(area), _stacked(blocks))


def _stacked(blocks: list[Block]) -> float:
    """How tall the blocks are stacked GAP apart."""
    if not blocks:
        return 0.0
    heights = (top - bottom for bottom, top in (b.span for b in blocks))
    return sum(heights) + GAP * (len(blocks) - 1)


def _left_edge(blocks: list[Block], into: Page, paper: Paper) -> float:
    """How far the guest's pieces move across so that they start where the host's do:
    blocks of pieces on a sheet share a left edge (0 when either has no pieces, or the
    guest would then cross the content box's right edge)."""
    host = [i.bbox for i in into.items if i.kind in PIECES]
    guest = [i.bbox for block in blocks for i in block.items if i.kind in PIECES]
    if not host or not guest:
        return 0.0
    dx = float(math.floor(min(b[0] for b in host) - min(b[0] for b in guest) + 0.5))
    x0, _, x1, _ = content_box(paper.sized(into.size))
    right = max(b[2] for b in guest) + dx
    return dx if right <= x1 + EPS and min(b[0] for b in guest) + dx >= x0 - EPS else 0.0


def _place(
    blocks: list[Block], page: Page, into: Page, top: float, name: str, dx: float = 0.0
) -> None:
    """The blocks stacked down from `top` on `into` (`dx` across), their keyed drawings
    renamed for the file they join, their items moved with them."""
    for block in blocks:
        bottom, high = block.span
        # moved by whole points: lengths stay exact (a 72 pt box is 72 pt, not 72.00000001)
        # and pieces of a design sit alike on a picture's pixel grid, as the imposer's do
        dy = float(math.floor(top - high))
        moved = any(i.kind in PIECES for i in block.items)
        into.ops.append(Group(tuple(_renamed(block.ops, name)), dx=dx if moved else 0.0, dy=dy))
        for item in block.items:
            b = item.bbox
            x = dx if moved else 0.0
            item.bbox = (b[0] + x, b[1] + dy, b[2] + x, b[3] + dy)
            into.items.append(item)
        top = bottom + dy - GAP


def _renamed(ops: Iterable, name: str) -> list:
    """Keyed groups keyed anew under the file they came from: two files' keys never meet."""
    out = []
    for op in ops:
        if type(op) is Group:
            key = f"{name}/{op.key}" if op.key is not None else None
            op = op._replace(ops=tuple(_renamed(op.ops, name)), key=key)
        out.append(op)
    return out


def _taken(page: Page, width: Width) -> list[Span]:
    """The heights a page's content covers, its pieces made now (see _whole)."""
    _whole(page)
    return _merge([s for op in page.ops if (s := _span(op, width)) is not None], 0.0)


def _whole(page: Page) -> None:
    """The page's pieces made now, once, the page keeping the ops made (drawn as the pieces
    would have been): what they cover is then known exactly, crop marks and captions too."""
    if any(type(op) is Pieces for op in page.ops):
        made: list = []
        for op in page.ops:
            made.extend(op.maker.ops(op.pieces, op.side) if type(op) is Pieces else [op])
        page.ops = made


def _merge(spans: list[Span], gap: float) -> list[Span]:
    """Spans joined where they overlap or lie less than `gap` apart, top first."""
    runs: list[Span] = []
    for bottom, top in sorted(spans, key=_top, reverse=True):
        if runs:
            low, high = runs[-1]
            if top > low - gap:
                runs[-1] = (min(low, bottom), high)
                continue
        runs.append((bottom, top))
    return runs


def _top(span: Span) -> float:
    _, top = span
    return top


def _free(taken: list[Span], room: Span) -> list[Span]:
    """The runs of height in `room` nothing covers, top first."""
    floor, top = room
    free: list[Span] = []
    for bottom, high in taken:
        if high < top - EPS:
            free.append((max(high, floor), top))
        top = min(top, bottom)
    if top > floor + EPS:
        free.append((floor, top))
    return [(b, t) for b, t in free if t > b + EPS]


def _span(op, width: Width) -> Span | None:
    """The height an op covers on its page: (bottom, top); None for an empty group."""
    box = _box(op, width)
    return None if box is None else (box[1], box[3])


def _box(op, width: Width) -> tuple[float, float, float, float] | None:
    kind = type(op)
    if kind is Text:
        return text_box(op, width)
    if kind is Rect:
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    if kind is Circle:
        return (op.cx - op.r, op.cy - op.r, op.cx + op.r, op.cy + op.r)
    if kind is Line:
        half = op.stroke.width / 2
        low, high = min(op.y0, op.y1), max(op.y0, op.y1)
        return (min(op.x0, op.x1), low - half, max(op.x0, op.x1), high + half)
    if kind is Path:
        xs, ys = [p[0] for p in op.points], [p[1] for p in op.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if kind is Icon:
        r = op.size * (0.71 if op.angle else 0.5)
        return (op.cx - r, op.cy - r, op.cx + r, op.cy + r)
    if kind is Image:
        return (op.x, op.y, op.x + op.w, op.y + op.h)
    if kind is Group:
        return _group_box(op, width)
    return None


def _group_box(g: Group, width: Width) -> tuple[float, float, float, float] | None:
    """What a group draws, as its parent sees it (a keyed group's `box` is only room for
    its form, often larger: the ops are read instead), cut to its clip."""
    boxes = [b for op in g.ops if (b := _box(op, width)) is not None]
    if not boxes:
        return None
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    if g.clip is not None:
        c = g.clip
        x0, y0, x1, y1 = max(x0, c[0]), max(y0, c[1]), min(x1, c[2]), min(y1, c[3])
        if x1 < x0 or y1 < y0:
            return None
    return placed((x0, y0, x1, y1), g)


__all__ = ["GAP", "JOIN", "common", "share_sheets", "stocks"]
