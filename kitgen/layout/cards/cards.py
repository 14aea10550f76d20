"""Reference cards: each face drawn from blocks (title, text, items, fields, a table),
type shrunk to fit, then imposed exactly like counters (kitgen/layout/impose.py):
packed with gutters, a solid cut line or crop marks outside the bleed, two-sided
cards as fold-and-glue pairs, or with --duplex their backs on the following page.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ...colours import contrast, readable_on
from ...model.table import Card, CardBlock, CardFace, Deck, Table, TextBlock
from ...records import record, replace
from ...rules.roster_cards import expand_roster_cards
from ...style import (
    BODY,
    CARD_BASE,
    CARD_MAX,
    INK,
    MID_INK,
    PAPER,
    PIECE_CONTRAST,
    PIECE_GUTTER,
    RULES_MIN,
)
from ..counters.labels import DEFAULT_SEED_NOTE
from ..counters.regions import DECK_SHARE
from ..env import PlanEnv
from ..impose import Imposition, TooBig, back_box, fits, impose, printable
from ..marks import (
    fold_line,
    fold_marks,
    fold_tick,
    gutter_marks,
    lone_marks,
    piece_room,
    rect_cut,
    trim_corner,
)
from ..plan import BBox, Document, Group, Item, Line, Page, Rect, Stroke
from ..rich import Faces, draw_line, parse_markup, runs_width, wrap_runs
from ..sheets.table_draw import fit_table
from ..sides import token_shape
from ..textblock import layout_text
from .card_back import deck_back

FIELD_LINE = Stroke(MID_INK, 0.5)
CARD_MIN = RULES_MIN  # rules text on a card is never set smaller
STEP = 0.25


@record
class Spread:
    """Room a face with space to spare gives out: more height for each write-in row of its
    fields (room to write) and more air between its blocks (set_face)."""

    row: float = 0.0
    gap: float = 0.0  # between blocks (a titled face: the title's gap too)


def _face_ops(
    face: CardFace,
    w: float,
    h: float,
    env: PlanEnv,
    size: float,
    tables: dict[str, Table],
    mark: str | None = None,
    spread: Spread | None = None,
    title: float | None = None,
) -> tuple[list, float]:
    """Ops in card coordinates (origin bottom-left) and the height the content needs.
    `mark`: the shape of the side the card belongs to, drawn in its title band (or, with
    no title first, in a row of its own at the top). `title`: the title's type size (its
    deck's; None: TITLE_SCALE times the face's)."""
    m = _safe(w)
    inner = w - 2 * m
    ops: list = [Rect(0, 0, w, h, fill=face.colour)]
    y = h - m
    spread = spread or Spread()
    gap = size * 0.6 + spread.gap
    r = size * 0.45  # a side's mark: about a capital's height across
    if mark is not None and (not face.blocks or face.blocks[0].kind != "title"):
        ops.append(token_shape(mark, w - m - r, y - r, r, readable_on(face.colour), None))
        y -= 2 * r + gap
        mark = None
    for n, block in enumerate(face.blocks):
        if n:
            y -= gap
        if block.kind == "title":
            tsize = title or size * TITLE_SCALE
            part, hh = _title(block.text, face, w, y, (size, tsize), mark, env)
            mark = None
        elif block.kind in ("text", "items", "steps"):
            paras = tuple(block.text.split("\n")) if block.kind != "text" else (block.text,)
            style = {"items": "bullets", "steps": "steps"}.get(block.kind, "plain")
            tb = TextBlock("", "", paras, style)
            part, hh = layout_text(tb, inner, env, size).draw(m, y)
        elif block.kind == "table":
            table = tables.get(block.ref)
            if table is None:
                continue
            # under a card title of the same words, the table's own title would only repeat it
            repeat = (
                n > 0
                and face.blocks[n - 1].kind == "title"
                and (face.blocks[n - 1].text == table.title)
            )
            part, hh = fit_table(table, inner, env, size, size, title=not repeat).draw(m, y)
        elif block.kind == "fields":
            part, hh = _fields(block, m, y, inner, size, env, spread.row)
        else:
            continue
        ops += part
        y -= hh
    return ops, h - m - y


def _safe(w: float) -> float:
    """The safe zone: 1/8 in on a card, less on a tiny one."""
    return min(9.0, w * 0.07)


TITLE_SCALE = 1.35  # a card title's type, of its face's


def _title(
    text: str, face: CardFace, w: float, y: float, sizes, mark: str | None, env: PlanEnv
) -> tuple[list, float]:
    """A face's title band: white type on the accent (dark on a light one), the side's
    mark at its left end; a title of two lines or more is set in balanced lines, never a
    word left on its own. `sizes`: the face's type size and the title's."""
    m = _safe(w)
    inner = w - 2 * m
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    fonts = env.fonts
    size, tsize = sizes
    r = size * 0.45
    room = inner - 2 * size * 0.4 - (4 * r + 2 * size if mark else 0.0)
    runs = parse_markup(text, bold=True)
    lines = wrap_runs(runs, room, faces, tsize, fonts)
    if len(lines) > 1:  # balanced: the narrowest measure that keeps as few lines
        narrow = room
        while narrow > room / 2:
            tried = wrap_runs(runs, narrow - tsize, faces, tsize, fonts)
            if len(tried) > len(lines):
                break
            narrow, lines = narrow - tsize, tried
    band = len(lines) * tsize * 1.2 + tsize * 0.6
    ink = band_ink(face.accent)
    ops: list = [Rect(m * 0.5, y - band, w - m, band, fill=face.accent, radius=2.0)]
    if mark is not None:  # at the band's left end, clear of the centred title
        ops.append(token_shape(mark, m + size * 0.4 + r, y - band / 2, r, ink, None))
    ty = y - tsize * 0.3 - tsize
    for ln in lines:
        ops += draw_line(ln, m, ty, inner, "centre", faces, tsize, fonts, ink)
        ty -= tsize * 1.2
    return ops, band


def band_ink(accent: str) -> str:
    """A title band's type: white, as a dark band has it; on a band too light for white to
    read (a yellow) the dark ink, whichever of the two reads better."""
    if contrast(PAPER, accent) >= PIECE_CONTRAST:
        return PAPER
    return max((PAPER, INK), key=lambda ink: contrast(ink, accent))


def _fields(
    block: CardBlock, x: float, y_top: float, width: float, size: float, env: PlanEnv, more: float
) -> tuple[list, float]:
    """label: value lines; a null value is a ruled write-in line, `more` points taller
    than a filled one when the face has room to give."""
    fonts = env.fonts
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    label_w = (
        max(
            (runs_width(parse_markup(k, bold=True), faces, size, fonts) for k, _ in block.fields),
            default=0.0,
        )
        + size * 0.6
    )
    ops: list = []
    y = y_top
    for label, value in block.fields:
        row_h = size * 1.75 + (more if value is None else 0.0)
        base = y - row_h + size * 0.45
        ops += draw_line(
            parse_markup(label, bold=True), x, base, label_w, "left", faces, size, fonts, INK
        )
        if value is None:
            ops.append(Line(x + label_w, base - 1.5, x + width, base - 1.5, FIELD_LINE))
        else:
            lines = wrap_runs(parse_markup(value), width - label_w, faces, size, fonts)
            ops += draw_line(
                lines[0], x + label_w, base, width - label_w, "left", faces, size, fonts, INK
            )
            for ln in lines[1:]:
                y -= size * 1.2
                base -= size * 1.2
                ops += draw_line(
                    ln, x + label_w, base, width - label_w, "left", faces, size, fonts, INK
                )
        y -= row_h
    return ops, y_top - y


def _top_size(card: Card, face: CardFace) -> float:
    """The most a face's type grows to: CARD_MAX, so a face of text, steps or fields fills
    its card; a face holding a table only the format's body size (BODY, more on a larger
    card: 8 pt for a poker card's area, growing with the area), as a table's columns do
    not widen with its type: past that its cells wrap into narrow, ragged columns."""
    if not any(b.kind == "table" for b in face.blocks):
        return CARD_MAX
    w, h = card.size
    scale = math.sqrt((w * h) / (180.0 * 252.0))
    return min(CARD_MAX, max(BODY, round(CARD_BASE * scale * 4) / 4))


def _faces(card: Card) -> list[tuple[str, CardFace]]:
    """The faces a card's type is set on: its front, and its back unless its deck's back
    stands in for it."""
    faces = [("front", card.front)]
    if card.back is not None and card.deck is None:
        faces.append(("back", card.back))
    return faces


def _mark(card: Card, side: str, env: PlanEnv) -> str | None:
    """The shape of the side the card belongs to, on its front (None: no mark)."""
    if card.side is None or side != "front" or (card.side_mark or env.game.side_mark) == "none":
        return None
    return env.side_shape(card.side)


def _fits(card: Card, face: CardFace, side: str, env: PlanEnv, tables, size: float) -> bool:
    w, h = card.size
    _, need = _face_ops(face, w, h, env, size, tables, _mark(card, side, env))
    return need <= h - 2 * _safe(w) + 1e-6


def _largest(card: Card, face: CardFace, side: str, env: PlanEnv, tables, top: float) -> float:
    """The largest size, CARD_MIN to `top` in STEPs, at which the face fits; CARD_MIN with
    a warning (never a clip) when none does."""
    size = top
    while not _fits(card, face, side, env, tables, size):
        if size - STEP < CARD_MIN - 1e-9:
            env.warn(
                card.span,
                f"cards.{card.id}.{side}",
                f"card {card.id!r} ({side}): the content does not fit even at {CARD_MIN:g} pt",
                "shorten the text or use a larger card size",
            )
            return size
        size = round(size - STEP, 4)
    return size


def shared_sizes(
    cards: Sequence[Card], env: PlanEnv, tables: dict[str, Table]
) -> dict[tuple[str, str], float]:
    """Each card face's type size, keyed (card id, side): the largest at which the face
    fits, from CARD_MAX down to CARD_MIN, so a face with few words grows its type into
    its room (a card is read at arm's length) instead of leaving its foot blank. Each
    face is set on its own (a short back is not held down to a dense front), but every
    card one definition makes in a deck (of one format: a roster's or for_each's cards
    share a layout) is set alike, side by side: its fronts at the size the densest front
    fits, its backs likewise. Cards written apart in a deck take their own, unless they
    name one `type_group` (play aids read side by side): then all of them, fronts and
    backs, take the size the group's densest face fits."""
    groups: dict[tuple, list[Card]] = {}
    _layout_sizes(cards, env)
    for card in cards:
        # a card's definition (its place in the YAML: a roster's or for_each's cards share it)
        key = (card.deck or f"card:{card.id}", card.span, card.size)
        if card.type_group is not None:
            key = (f"group:{card.type_group}", None, card.size)
        groups.setdefault(key, []).append(card)
    sizes: dict[tuple[str, str], float] = {}
    for key, members in groups.items():
        for side in ("front", "back"):
            faces = [(c, f) for c in members for s, f in _faces(c) if s == side]
            for card, face in faces:
                if face.layout is not None:
                    got = env.region_sizes["card", card.id, side]
                    sizes[card.id, side] = max(got.values(), default=CARD_MIN)
            faces = [(c, f) for c, f in faces if f.layout is None]
            sizes.update(_alike(faces, side, env, tables))
        if key[0].startswith("group:"):  # a group's fronts and backs alike: the smaller
            least = min((sizes[c.id, s] for c in members for s, _ in _faces(c)), default=0.0)
            sizes.update({(c.id, s): least for c in members for s, _ in _faces(c)})
    for card in cards:  # a loose card's two faces read as one sheet: one type size
        both = [(card.id, s) for s, f in _faces(card) if f.layout is None]
        if card.deck is None and len(both) == 2:
            sizes[both[0]] = sizes[both[1]] = min(sizes[k] for k in both)
    _deck_titles(cards, sizes, env)
    return sizes


def _deck_titles(cards: Sequence[Card], sizes: dict[tuple[str, str], float], env) -> None:
    """A deck's title bands share one type size (a deck of headings in four sizes reads
    as careless): the title size of its most tightly set face, which keeps every face's
    title in the room it was fitted with. Into env.region_sizes, as each face's "title"."""
    decks: dict[str, list[tuple[str, str]]] = {}
    for card in cards:
        for side, face in _faces(card):
            if face.layout is None and any(b.kind == "title" for b in face.blocks):
                decks.setdefault(card.deck or "", []).append((card.id, side))
    for keys in decks.values():
        title = min(sizes[k] for k in keys) * TITLE_SCALE
        for card_id, side in keys:
            env.region_sizes["card", card_id, side] = {"title": title}


def _alike(
    faces: list[tuple[Card, CardFace]], side: str, env: PlanEnv, tables: dict[str, Table]
) -> dict[tuple[str, str], float]:
    """One definition's faces set alike: at the size nine in ten of them fit (fewer than
    ten cards: all of them), so one long card does not drag its deck down. A card that
    fits only smaller is set smaller itself, with a warning naming it and the
    spreadsheet cell its longest text came from."""
    top = min((_top_size(c, f) for c, f in faces), default=CARD_MAX)
    if len(faces) < 10:  # the densest card sets them all: each search starts from it
        size = top
        for card, face in faces:
            size = min(size, _largest(card, face, side, env, tables, size))
        return {(card.id, side): size for card, _ in faces}
    own = [_largest(c, f, side, env, tables, top) for c, f in faces]
    deck = sorted(own, reverse=True)[math.ceil(len(own) * DECK_SHARE) - 1]
    for (card, face), size in zip(faces, own, strict=True):
        if size < deck:
            env.warn(
                _text_cell(card, face) or card.span,
                f"cards.{card.id}.{side}",
                f"card {card.id!r} ({side}): set at {size:g} pt, under the {deck:g} pt of "
                "the rest of its deck, to fit",
                "shorten its text, or use a larger card size",
            )
    return {(card.id, side): min(size, deck) for (card, _), size in zip(faces, own, strict=True)}


def _text_cell(card: Card, face: CardFace):
    """The cell of the longest spreadsheet value the face shows (None: none does)."""
    shown = "\n".join(
        [b.text for b in face.blocks if b.text]
        + [v or "" for b in face.blocks for _, v in b.fields]
    )
    longest = max(
        (k for k, v in card.columns.items() if v and v in shown and k in card.cells),
        key=lambda k: len(card.columns[k]),
        default=None,
    )
    return card.cells[longest] if longest is not None else None


def card_face_ops(card: Card, face: CardFace, env: PlanEnv) -> list:
    """One face of a card as it prints, at its deck's type size, without bleed (a
    rulebook's picture of it)."""
    tables = {t.id: t for t in env.game.tables}
    side = "back" if face is card.back else "front"
    if face.layout is not None:
        return _layout_face(card, face, side, env, _mark(card, side, env))
    size = shared_sizes([card], env, tables).get((card.id, side), CARD_BASE)
    return set_face(card, face, side, env, tables, size)


def _layout_face(card: Card, face: CardFace, side: str, env: PlanEnv, mark: str | None) -> list:
    """A face drawn from its layout's regions, with its side's mark: in the top right
    corner over the art (`corner`), or in a band across the top, in the card's colour,
    that the regions are laid under (`band`)."""
    from ..counters.regions import regions_ops

    w, h = card.size
    b = _bleed(card, env)
    top = _region_top(card, side, env)
    sizes = env.region_sizes.get(("card", card.id, side))
    drawn = regions_ops(face.regions, w, top, b, face.colour, env, sizes)
    if top < h:  # laid under the band, their bleed stopping at it
        drawn = [Group(tuple(drawn), clip=(-b, -b, w + b, top))]
    ops = [Rect(-b, -b, w + 2 * b, h + 2 * b, fill=face.colour), *drawn]
    if mark is None:
        return ops
    r = size_of_mark(w, h)
    if top < h:  # in the middle of the band, in the ink that reads on it
        ops.append(token_shape(mark, w / 2, (top + h) / 2, r, readable_on(face.colour), None))
    else:  # in the top right corner, inside the safe zone, over the art
        at = _safe(w) + r
        ops.append(token_shape(mark, w - at, h - at, r, PAPER, Stroke(INK, r * 0.25)))
    return ops


def _region_top(card: Card, side: str, env: PlanEnv) -> float:
    """How high a layout face's regions reach: the card's top, or the foot of its side's
    band (the mark's height with the safe zone above and below it)."""
    w, h = card.size
    if _mark(card, side, env) is None or (card.side_mark or env.game.side_mark) != "band":
        return h
    return h - 2 * (_safe(w) + size_of_mark(w, h))


def size_of_mark(w: float, h: float) -> float:
    """A side's mark on a layout card: its radius, a capital's height of body text."""
    return max(3.5, min(w, h) * 0.025)


def _layout_sizes(cards: Sequence[Card], env: PlanEnv) -> None:
    """The text sizes of every layout face, region by region (regions.deck_sizes): the
    faces of one deck (else of one definition) drawn with one layout at one size, side by
    side, into env.region_sizes."""
    from ..counters.regions import deck_sizes

    groups: dict[tuple, list[tuple[Card, CardFace]]] = {}
    for card in cards:
        for side, face in _faces(card):
            if face.layout is not None:
                key = (card.deck or card.span, side, face.layout, card.size)
                groups.setdefault(key, []).append((card, face))
    for (_, side, _, _), faces in groups.items():
        named = [
            (f"card {c.id!r} ({side})", f.regions, c.size[0], _region_top(c, side, env))
            for c, f in faces
        ]
        for (card, _), got in zip(faces, deck_sizes(named, env), strict=True):
            env.region_sizes["card", card.id, side] = got


def set_face(
    card: Card, face: CardFace, side: str, env: PlanEnv, tables: dict[str, Table], size: float
) -> list:
    """The face's ops at `size` (its deck's), the room it does not need given out: write-in
    rows and the gaps between blocks (the title's too) grow alike up to a line, then
    write-in rows up to 1.25 lines; what is still left stays at the foot, so the blocks
    read as one column under the title with modest, even gaps (the type has already
    grown as far as its cap and its definition allow: shared_sizes)."""
    w, h = card.size
    mark = _mark(card, side, env)
    if face.layout is not None:
        return _layout_face(card, face, side, env, mark)
    title = env.region_sizes.get(("card", card.id, side), {}).get("title")
    ops, need = _face_ops(face, w, h, env, size, tables, mark, title=title)
    spare = h - 2 * _safe(w) - need
    rows = sum(v is None for b in face.blocks if b.kind == "fields" for _, v in b.fields)
    gaps = max(0, len(face.blocks) - 1)
    if spare <= 0.5 or not rows + gaps:
        return ops
    gap = min(spare / (rows + gaps), size)  # alike at first
    row = min(gap + (spare - gap * (rows + gaps)) / rows, size * 1.25) if rows else 0.0
    ops, _ = _face_ops(face, w, h, env, size, tables, mark, Spread(row, gap), title)
    return ops


@record
class _Slot:
    card: Card
    copy: int  # from 1
    fold: bool  # front and back side by side
    bleed: float

    @property
    def size(self) -> tuple[float, float]:
        return piece_room(*self.card.size, self.bleed, self.fold, self.caption)

    @property
    def caption(self) -> bool:
        """Whether a fold pair keeps room for its caption under it: not with bleed (the
        caption goes in the gutter under the bleed), which keeps four poker-card pairs a
        sheet on letter and A4 with their faces past the cut."""
        return self.fold and not self.bleed


def plan_cards(cards: Sequence[Card], env: PlanEnv) -> list[Document]:
    """Every card imposed; one printing mode per file. Two-sided cards fold and glue, or
    with --duplex all cards print duplex. A card whose fold pair is larger than the paper
    takes a back page instead: it goes to a duplex file of its own (cards-duplex.pdf)
    when other cards fold, so no file mixes modes; the folding cards join it when that
    takes fewer sheets of paper (`_join_duplex`)."""
    if not cards:
        return []
    cards, roster_tables = expand_roster_cards(env.game, cards, env.settings.seed, env.settings.use)
    tables = {t.id: t for t in env.game.tables} | roster_tables
    sizes = shared_sizes(cards, env, tables)
    duplex = env.settings.duplex in ("long", "short")
    bleeds = {c.id: _bleed(c, env) for c in cards}
    inset = PIECE_GUTTER / 2 if any(bleeds.values()) else 0.0

    def folds(card: Card) -> bool:
        # A pair wider than the paper (half-letter on letter) takes a back page instead.
        pair = piece_room(*card.size, bleeds[card.id], True, not bleeds[card.id])
        return card.two_sided and not duplex and fits(pair, env.paper, inset)

    single: list[_Slot] = []
    paired: list[_Slot] = []
    for c in cards:
        group = single if duplex or not c.two_sided or folds(c) else paired
        group.extend(_Slot(c, k, folds(c), bleeds[c.id]) for k in range(1, c.quantity + 1))
    if paired and not duplex:
        single, paired = _join_duplex(single, paired, inset, env)
    flip = env.settings.duplex if duplex else "long"
    groups = [(single, flip if duplex else ""), (paired, flip)]
    forms: dict[tuple[str, str], tuple[Group, float]] = {}
    docs: list[Document] = []
    for slots, backs in groups:
        if not slots:
            continue
        name = "cards" if not docs else "cards-duplex"
        doc = _document(slots, name, backs, inset, forms, (tables, sizes), env)
        if doc is None:
            return []
        docs.append(doc)
    return docs


def _join_duplex(
    single: list[_Slot], paired: list[_Slot], inset: float, env: PlanEnv
) -> tuple[list[_Slot], list[_Slot]]:
    """(single-sided and fold slots, duplex slots): the two-sided cards that fold join
    the duplex file the larger cards need anyway, printed duplex too, when that takes
    fewer sheets of paper in all (a fold sheet is one sheet, and so is a duplex front
    with its back). A fold pair then never sits alone on a sheet of its own beside a
    duplex file whose sheets could hold it."""
    folding = [s for s in single if s.fold]
    if not folding:
        return single, paired
    rest = [s for s in single if not s.fold]
    joined = paired + [replace(s, fold=False) for s in folding]
    before = _sheets(single, "", inset, env) + _sheets(paired, "long", inset, env)
    after = _sheets(rest, "", inset, env) + _sheets(joined, "long", inset, env)
    return (rest, joined) if after < before else (single, paired)


def _sheets(slots: list[_Slot], flip: str, inset: float, env: PlanEnv) -> int:
    """The sheets `_document` lays these slots on (a large number when one is too big:
    the document then reports it)."""
    if not slots:
        return 0
    slots = sorted(slots, key=lambda s: -s.size[1])
    try:
        laid = impose([s.size for s in slots], env.paper, PIECE_GUTTER, inset, landscape=not flip)
    except TooBig:
        return 1 << 20
    across = None if flip else _across(slots, len(laid.sheets), inset, env)
    return len((across or laid).sheets)


def _document(
    slots: list[_Slot],
    name: str,
    flip: str,
    inset: float,
    forms: dict,
    setting: tuple[dict[str, Table], dict[tuple[str, str], float]],
    env: PlanEnv,
) -> Document | None:
    """One file of cards in one mode: `flip` "" for single-sided and fold-and-glue
    sheets, else duplex with each front's back page after it (long- or short-edge)."""
    # Tallest first packs mixed sizes into level rows (stable: YAML order within a size).
    slots.sort(key=lambda s: -s.size[1])
    try:
        laid = impose(
            [s.size for s in slots], env.paper, PIECE_GUTTER, inset, landscape=not flip, middle=True
        )
    except TooBig as exc:
        _too_big(slots[exc.index], inset, flip, env)
        return None
    across = None if flip else _across(slots, len(laid.sheets), inset, env)
    turned = across is not None
    laid = across or laid
    decks = {d.id: d for d in env.game.decks}
    sheets = len(laid.sheets)
    heading = _heading(slots, decks)
    fronts = [Page(heading, size=sheet.size) for sheet in laid.sheets]
    backs = [Page(heading, side="back") for _ in range(sheets)]
    crops: list[list] = [[] for _ in range(sheets)]
    lone = [[s.sheet for s in laid.spots].count(n) == 1 for n in range(sheets)]

    def form(card: Card, side: str, b: float) -> tuple[Group, float]:
        return _face_form(card, side, b, forms, decks, setting, env)

    for spot in laid.spots:
        slot = slots[spot.index]
        card, b = slot.card, slot.bleed
        w, h = card.size
        page = fronts[spot.sheet]
        # a turned slot is drawn upright in a frame of its own, then laid a quarter turn
        into = Page("") if turned else page
        x, y = trim_corner(*((0.0, 0.0) if turned else (spot.x, spot.y)), b, slot.caption)
        piece = f"{card.id}#{slot.copy}"
        front, size = form(card, "front", b)
        extra = {"size": card.size_name, "type_size": size, **card.extra}
        if card.deck is not None:
            extra["deck"] = card.deck
        if env.settings.seed is None and "seed" in card.extra:
            page.proof = DEFAULT_SEED_NOTE  # with --seed the run's facts say it
        if slot.fold:
            pair = (*form(card, "back", b), _back_ground(card, decks))
            trim = _folded(into, card, piece, extra, front, pair, x, y, b, env)
        else:
            into.ops.append(_at(front, x, y))
            into.items.append(Item("card", card.id, piece, "front", (x, y, x + w, y + h), extra))
            trim = (x, y, x + w, y + h)
            if card.two_sided:
                back = form(card, "back", b)
                _duplex_back(backs[spot.sheet], card, piece, extra, back, trim, b, flip, env)
        over, marks = rect_cut(trim, b)
        into.ops += over
        box = laid.sheets[spot.sheet].box
        if turned:  # laid a quarter turn; its gutter marks cut back to the sheet as laid
            marks = _lay_turned(page, into, marks, spot.x + slot.size[1], spot.y)
            trim = _turned_box(trim, spot.x + slot.size[1], spot.y)
        if lone[spot.sheet] and not (turned or slot.fold):
            marks += lone_marks(trim, b, _room(trim, box))
        elif not b:  # a cut line on the edge, and crop marks a trimmer's blade lines up on
            marks += gutter_marks(trim, box)
        crops[spot.sheet] += marks
    pages: list[Page] = []
    for n, page in enumerate(fronts):
        page.ops += crops[n]
        pages.append(page)
        if flip:  # every front has its back page, blank or not, so sides stay paired
            pages.append(backs[n])
    _one_a_sheet(fronts, slots, printable(env.paper, inset, not flip))
    return Document(name, heading, pages, duplex=flip or "none")


def _heading(slots: list[_Slot], decks: dict[str, Deck]) -> str:
    """What a file's sheets say they hold: its decks by title (`Star Cargo deck`), and
    reference cards where some cards belong to no deck (a playing deck is never called
    reference cards because its aids share its file)."""
    ids = list(dict.fromkeys(s.card.deck for s in slots))
    titles = [decks[i].title if i in decks else i for i in ids if i is not None]
    if not titles:
        return "Reference cards"
    named = f"{titles[0]} deck" if len(titles) == 1 else "Decks: " + ", ".join(titles)
    return named + (" and reference cards" if None in ids else "")


def _one_a_sheet(fronts: list[Page], slots: list[_Slot], room: str) -> None:
    """A build fact on a file whose cards go one a sheet, as no two fit one (the terminal
    and the manifest say why so much paper: the card's size, or its fold pair's, against
    the printable area), and that the sheets are copies when they carry one card."""
    if len(fronts) < 2 or len(slots) != len(fronts):
        return
    w, h = slots[0].size
    what = "one card a sheet"
    if all(s.fold for s in slots):
        what += f", front and back side by side to fold (the pair {w:g} x {h:g} pt"
    else:
        what += f" ({w:g} x {h:g} pt"
    fact = f"{what}; printable area {room})"
    if len({s.card.id for s in slots}) == 1:
        fact += f"; the {len(slots)} sheets are copies of one card (quantity: {len(slots)})"
    for page in fronts:
        page.proof = " · ".join(filter(None, (page.proof, fact)))


def _room(trim: BBox, box: BBox) -> float:
    """The least room between a trim and the edges of the box it is laid in."""
    return min(trim[0] - box[0], trim[1] - box[1], box[2] - trim[2], box[3] - trim[3])


def _too_big(slot: _Slot, inset: float, flip: str, env: PlanEnv) -> None:
    """The error for a card larger than the printable area."""
    card = slot.card
    w, h = slot.size
    env.diags.error(
        card.span,
        f"cards.{card.id}",
        f"card {card.id!r} ({w:g} x {h:g} pt with bleed) is larger than the "
        f"printable area ({printable(env.paper, inset, not flip)})",
        "use a smaller card size or a larger --paper",
    )


def _face_form(
    card: Card,
    side: str,
    b: float,
    forms: dict,
    decks: dict[str, Deck],
    setting: tuple[dict[str, Table], dict[tuple[str, str], float]],
    env: PlanEnv,
) -> tuple[Group, float]:
    """The face drawn once (a PDF form), its background carried into the bleed `b`, and
    its type size (`setting`: the tables cards show and each card's size, shared_sizes);
    a deck's cards share one back."""
    w, h = card.size
    deck = decks.get(card.deck) if side == "back" and card.deck else None
    name = (f"deck:{deck.id}", f"{w:g}x{h:g}") if deck else (card.id, side)
    if name not in forms:
        edge = (-b, -b, w + b, h + b)  # the form's box too: by default it starts at 0, 0
        if deck is not None:  # one back for the whole deck, drawn once
            ops, size = deck_back(deck, w, h, b, env)
        else:
            face = card.front if side == "front" else card.back
            assert face is not None
            tables, sizes = setting
            size = sizes[card.id, side]
            ops = set_face(card, face, side, env, tables, size)
            if b:
                ops = [Rect(-b, -b, w + 2 * b, h + 2 * b, fill=face.colour), *ops]
        key = f"card:{':'.join(name)}:{b:g}"
        forms[name] = (Group(tuple(ops), clip=edge, key=key, box=edge), size)
    return forms[name]


FOLD_GUARD = 2.25  # 1/32 in of the front next to the fold, in the back's own colour


def _back_ground(card: Card, decks: dict[str, Deck]) -> str | None:
    """The colour a deck's back shows at its edge (bare paper round a back with an edge);
    None for a card of no deck, whose back is its own and hides nothing."""
    deck = decks.get(card.deck) if card.deck else None
    if deck is None:
        return None
    return PAPER if deck.edge else deck.colour


def _folded(
    page: Page,
    card: Card,
    piece: str,
    extra: dict,
    front: Group,
    back: tuple[Group, float, str | None],
    x: float,
    y: float,
    b: float,
    env: PlanEnv,
) -> BBox:
    """A fold-and-glue card: front and back side by side, the fold between them; its trim.
    A deck card's front takes its back's colour for FOLD_GUARD before the fold, so a
    fold a little off shows the back's colour round a face-down card's edge, never the
    front's (a card's kind, told by its frame's colour, would show from behind)."""
    w, h = card.size
    back_form, back_size, ground = back
    fx = x + w
    # Each half's bleed stops at the fold: it must not paint over the other half.
    page.ops.append(Group((_at(front, x, y),), clip=(x - b, y - b, fx, y + h + b)))
    if ground is not None:
        page.ops.append(Rect(fx - FOLD_GUARD, y - b, FOLD_GUARD, h + 2 * b, fill=ground))
    page.ops.append(Group((_at(back_form, fx, y),), clip=(fx, y - b, fx + w + b, y + h + b)))
    page.ops += fold_line(fx, y - b, y + h + b)
    page.ops += fold_tick(fx, y + h + b)
    page.ops += fold_marks(x, fx + w, fx, y - b, env.fonts, env.face(), not b)
    fold = [round(fx, 4), round(y, 4), round(fx, 4), round(y + h, 4)]
    page.items.append(
        Item("card", card.id, piece, "front", (x, y, fx, y + h), {**extra, "fold_line": fold})
    )
    page.items.append(
        _back_item(card, piece, (fx, y, fx + w, y + h), extra, back_size, fold_line=fold)
    )
    return (x, y, fx + w, y + h)


def _across(slots: list[_Slot], sheets: int, inset: float, env: PlanEnv) -> Imposition | None:
    """Every piece laid a quarter turn, when that takes fewer sheets than upright (else
    None): fold-and-glue pairs are wide and short, and on a4 two fit a sheet upright but
    four turned."""
    if sheets < 2:
        return None
    try:
        across = impose([s.size[::-1] for s in slots], env.paper, PIECE_GUTTER, inset, middle=True)
    except TooBig:
        return None
    return across if len(across.sheets) < sheets else None


def _lay_turned(page: Page, frame: Page, marks: list, dx: float, dy: float) -> list:
    """A slot drawn upright in `frame` laid on `page` a quarter turn anticlockwise, its
    frame's origin at (dx, dy); its items' boxes and fold lines turned with it. Returns its
    crop marks, turned too."""
    page.ops.append(Group(tuple(frame.ops), dx=dx, dy=dy, rotate=90))

    def box(b: Sequence[float]) -> tuple[float, float, float, float]:
        return _turned_box(b, dx, dy)

    for item in frame.items:
        extra = dict(item.extra)
        if "fold_line" in extra:
            fx, fy0, _, fy1 = extra["fold_line"]
            extra["fold_line"] = [round(v, 4) for v in (dx - fy1, dy + fx, dx - fy0, dy + fx)]
        page.items.append(replace(item, bbox=box(item.bbox), extra=extra))
    return [Group(tuple(marks), dx=dx, dy=dy, rotate=90)] if marks else []


def _turned_box(b: Sequence[float], dx: float, dy: float) -> tuple[float, float, float, float]:
    """A box of a frame laid a quarter turn anticlockwise, its origin at (dx, dy)."""
    x0, y0, x1, y1 = b
    return (dx - y1, dy + x0, dx - y0, dy + x1)


def _back_item(card: Card, piece: str, box: BBox, extra: dict, size: float, **more) -> Item:
    """The manifest entry of a card's back: where it lies and the type size it was set at."""
    return Item("card", card.id, piece, "back", box, {**extra, "type_size": size, **more})


def _duplex_back(
    page: Page,
    card: Card,
    piece: str,
    extra: dict,
    back: tuple[Group, float],
    trim: BBox,
    b: float,
    flip: str,
    env: PlanEnv,
) -> None:
    """A duplex card's back on the back page: behind the front, mirrored for the flip,
    shifted by the back offset."""
    offset = env.settings.back_offset if env.settings.duplex == flip else (0.0, 0.0)
    bx0, by0, bx1, by1 = back_box(trim, env.paper.size, flip, offset)
    back_form, back_size = back
    page.ops.append(_at(back_form, bx0, by0))
    cut, _ = rect_cut((bx0, by0, bx1, by1), b)
    page.ops += cut
    page.items.append(_back_item(card, piece, (bx0, by0, bx1, by1), extra, back_size))


def _bleed(card: Card, env: PlanEnv) -> float:
    if env.settings.bleed is not None:
        return env.settings.bleed
    return card.bleed or 0.0


def _at(form: Group, x: float, y: float) -> Group:
    return Group(form.ops, dx=x, dy=y, clip=form.clip, key=form.key, box=form.box)
