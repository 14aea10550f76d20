"""A kit built in memory for export: its PDFs, its manifest items, its pieces' faces,
its boards and its reference pages as pictures."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ..build import check, draw, font_book, load, manifest_items, plan
from ..errors import Diagnostics
from ..layout.env import PlanEnv
from ..layout.maps.mapmargins import Placed, measure, on_sheet
from ..layout.maps.maps import PAD, art_size, map_group
from ..layout.plan import Document, Group, Page
from ..model.game import Game, Settings
from ..model.map import MarginChart
from ..raster import (
    PIECE_KINDS,
    check_pixels,
    face_key,
    face_sizes,
    page_sizes,
    pages,
    piece_faces,
)
from ..records import field, record, replace
from ..render.pdf import render_document
from ..units import Paper, inch

if TYPE_CHECKING:
    from PIL.Image import Image

    from ..model.map import MapDef

# Documents made only of these kinds are read at the table, not handled: their pages
# go to a virtual table as reference sheets.
REFERENCE_KINDS = frozenset({"sheet", "table", "text", "threat-table", "track", "roster"})
MAX_PIXELS = 4096  # a side of any picture: Tabletop Simulator's advice for images


@record
class Face:
    """One face of a piece design, as printed."""

    kind: str
    id: str
    side: str
    image: Image
    size: tuple[float, float]  # trim size in points


@record
class Design:
    """A piece design: every copy of one id, its faces and how many copies print."""

    kind: str
    id: str
    name: str
    quantity: int
    size: tuple[float, float]  # points
    front: Face
    back: Face | None
    attrs: dict[str, str] = field(default_factory=dict)
    shape: str = "square"
    group: str = ""  # cards: the deck they belong to
    # cards: the spreadsheet row a card was made from, the title of its deck, and what
    # its back is by its definition (cards with equal keys share one back picture)
    columns: dict[str, str] = field(default_factory=dict)
    deck_title: str = ""
    back_key: object = None


@record
class BoardChart:
    """A chart printed beside a board's map (its `margins:`): where it lies on the board
    picture, and (all but an off-map box) the chart drawn alone, for a chart window."""

    id: str  # the chart's item: a table, text or track id, 'key', or an off-map box's id
    kind: str  # table, text, track, key or box
    title: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the picture, points, y up
    image: Image | None = None


@record
class Board:
    """A map as one picture at true scale, with the charts its sheet prints beside it:
    what a virtual table lays down."""

    id: str
    title: str
    image: Image
    size: tuple[float, float]  # points, the picture's whole extent
    map: MapDef  # for placing a scenario's pieces on its cells
    origin: tuple[float, float]  # where the map's own (0, 0) lies in the picture, points
    charts: tuple[BoardChart, ...] = ()


@record
class _BoardArt:
    """A board laid out, before it is drawn: the map and its charts, the picture's size."""

    map: MapDef
    ops: list
    size: tuple[float, float]
    origin: tuple[float, float]
    placed: list[tuple[Placed, tuple[float, float, float, float]]]
    env: PlanEnv  # what the charts are drawn again with, each alone


@record
class Sheet:
    """A reference page as a picture."""

    name: str
    title: str
    image: Image
    size: tuple[float, float]


@record
class KitPictures:
    game: Game
    settings: Settings
    designs: list[Design]
    boards: list[Board]
    sheets: list[Sheet]
    pdfs: dict[str, bytes]
    diagnostics: Diagnostics


def picture_kit(path: Path, settings_for, dpi: float) -> KitPictures:
    """Load, check, plan and draw a game as a build does, then picture it. Raises
    KitError on input errors, as a build would."""
    diags = Diagnostics()
    game = load(path, diags)
    check(game, diags)
    settings = settings_for(game)
    fonts = font_book(game)
    docs = plan(game, settings, fonts, diags)
    pdfs = draw(game, docs, settings)
    items = manifest_items(docs)
    arts = _board_arts(game, settings, fonts)
    boards_at = [(w * _board_dpi(w, h, dpi) / dpi, h * _board_dpi(w, h, dpi) / dpi)
                 for w, h in (a.size for a in arts)]  # fmt: skip
    check_pixels(page_sizes(pdfs) + boards_at, face_sizes(items), dpi)  # before any render
    designs = _designs(game, items, piece_faces(items, pdfs, dpi))
    boards = [_board(game, a, dpi) for a in arts]
    sheets = _sheets(docs, items, pdfs, dpi)
    return KitPictures(game, settings, designs, boards, sheets, pdfs, diags)


def _designs(game: Game, items: list[dict], faces: dict) -> list[Design]:
    copies: dict[tuple[str, str], set[str]] = {}
    sizes: dict[tuple[str, str], tuple[float, float]] = {}
    extras: dict[tuple[str, str], dict] = {}
    for item in items:
        if item["kind"] not in PIECE_KINDS or item["side"] != "front":
            continue
        key = (item["kind"], item["id"])
        copies.setdefault(key, set()).add(item["piece"])
        x0, y0, x1, y1 = item["bbox"]
        sizes.setdefault(key, (x1 - x0, y1 - y0))
        extras.setdefault(key, item)
    defs = {d.id: d for d in game.counters or ()}
    out = []
    for (kind, ident), pieces in copies.items():
        size = sizes[(kind, ident)]
        front = Face(kind, ident, "front", faces[face_key(extras[(kind, ident)])], size)
        back_image = faces.get((kind, ident, "back"))
        back = Face(kind, ident, "back", back_image, size) if back_image is not None else None
        d = defs.get(ident) if kind in ("counter", "marker") else None
        item = extras[(kind, ident)]
        design = Design(
            kind,
            ident,
            (d.name if d is not None else "") or item.get("title") or ident,
            len(pieces),
            size,
            front,
            back,
            dict(d.attrs) if d is not None else {},
            d.shape if d is not None else ("round" if kind == "label" else "square"),
        )
        out.append(_as_card(game, design, item) if kind == "card" else design)
    return out


def _as_card(game: Game, design: Design, item: dict) -> Design:
    """A card's design as its definition says: its name, its row's columns, its deck's
    title, a rectangle, and what its back is (a deck's one back, its own back, or none)."""
    card = _card_of(game, design.id)
    if card is None:
        return replace(design, shape="rect", group=str(item.get("deck") or item.get("size") or ""))
    decks = {d.id: d for d in game.decks}
    deck = decks.get(card.deck) if card.deck else None
    if deck is not None:
        back_key: object = ("deck", deck.id)
    elif card.back is not None and (card.roster is None or "{" not in repr(card.back)):
        back_key = ("back", card.back)  # equal backs, one picture
    else:  # no back (a plain one), or a roster card's back filled per unit
        back_key = ("card", card.id) if card.back is not None else ("plain",)
    return replace(
        design,
        name=card.name or design.name,
        shape="rect",
        group=card.deck or card.size_name,
        columns=dict(card.columns),
        deck_title=deck.title if deck is not None else "",
        back_key=back_key,
    )


def _card_of(game: Game, ident: str):
    """The card definition that printed card `ident` (a roster's, by its id's pattern)."""
    for card in game.cards:
        if card.id == ident:
            return card
    for card in game.cards:
        if card.roster and re.fullmatch(re.sub(r"\\\{[^{}]*\\\}", ".+", re.escape(card.id)), ident):
            return card
    return None


def _board_arts(game: Game, settings: Settings, fonts) -> list[_BoardArt]:
    """Each playable map laid out whole at true scale (a composed board whole, not its
    parts) with the charts its `margins:` print round it, by the build's own drawing;
    the picture is cropped to what is drawn."""
    arts = []
    for m in _board_maps(game):
        env = PlanEnv(game, settings, fonts, Diagnostics())  # the build already warned
        w, h = art_size(m)
        placed: list[Placed] = []
        px = py = 0.0
        # every off-map box is a place on the board, printed in the margins or not
        listed = {c.item for c in m.margins}
        more = tuple(MarginChart(box) for box in m.boxes if box not in listed)
        m = replace(m, margins=m.margins + more) if more else m
        if m.margins:  # room round the map for its widest chart on each side, as on a sheet
            blocks = [measure(c, m, w, env, 0) for c in m.margins if c.item != "key"]
            wide = [b.width for b in blocks if b is not None]  # a key spreads to any width
            side = max(wide, default=0.0) + 2 * PAD
            (px, py), placed, _ = on_sheet(m, env, (0.0, 0.0, w + 2 * side, 2 * h), w, h)
        boxes = [(p.x, p.y_top - p.block.height, p.x + p.block.width, p.y_top) for p in placed]
        # the map's art has its padding; the charts get as much round them
        x0 = min([px] + [b[0] - PAD for b in boxes])
        y0 = min([py] + [b[1] - PAD for b in boxes])
        x1 = max([px + w] + [b[2] + PAD for b in boxes])
        y1 = max([py + h] + [b[3] + PAD for b in boxes])
        b = m.grid.bounds()
        at = (px - x0 - b.x0, py - y0 - b.y0)
        ops: list = [Group((map_group(m, env),), dx=at[0], dy=at[1])]
        ops.extend(Group(tuple(p.block.draw(env, p.x, p.y_top)), dx=-x0, dy=-y0) for p in placed)
        moved = [(p, (bx0 - x0, by0 - y0, bx1 - x0, by1 - y0))
                 for p, (bx0, by0, bx1, by1) in zip(placed, boxes, strict=True)]  # fmt: skip
        arts.append(_BoardArt(m, ops, (x1 - x0, y1 - y0), (at[0] + PAD, at[1] + PAD), moved, env))
    return arts


def _board(game: Game, art: _BoardArt, dpi: float) -> Board:
    """A laid out board drawn as a picture, and each of its charts drawn alone."""
    m = art.map
    w, h = art.size
    doc = Document(f"board-{m.id}", m.title or m.id, [Page("board", ops=art.ops, framed=False)])
    pdf = render_document(doc, Paper("board", w, h), game.title, _paint_icon)
    image = next(pages(pdf, _board_dpi(w, h, dpi)))
    charts = []
    for p, box in art.placed:
        b = p.block
        picture = None
        if b.kind != "box":  # a box is a place for pieces, not a chart to read
            cw, ch = b.width + 2 * PAD, b.height + 2 * PAD
            ops = [Group(tuple(b.draw(art.env, PAD, ch - PAD)))]
            alone = Page("chart", ops=ops, framed=False)
            one = render_document(Document(f"chart-{b.chart.item}", "", [alone]),
                                  Paper("chart", cw, ch), game.title, _paint_icon)  # fmt: skip
            picture = next(pages(one, _board_dpi(cw, ch, dpi)))
        charts.append(BoardChart(b.chart.item, b.kind, _chart_title(game, m, b), box, picture))
    return Board(m.id, m.title or m.id, image, (w, h), m, art.origin, tuple(charts))


def _board_maps(game: Game) -> list[MapDef]:
    """Each map pictured as a board: a printed map or a composed board, not its parts."""
    maps = game.maps
    if maps is None:
        return []
    parts = {p.map for m in maps.maps for p in m.pieces}
    return [m for m in maps.maps if m.id not in parts and (m.printed or m.pieces)]


def _chart_title(game: Game, m: MapDef, block) -> str:
    """What a chart is called: its table's, text's or track's title, the map's key, or
    the off-map box's label."""
    item = block.chart.item
    if block.kind == "box":
        return m.boxes[item].label or item
    if block.kind == "key":
        return f"Key: {m.title or m.id}"
    tracks = game.tracks.tracks if game.tracks is not None else ()
    titles = {t.id: t.title for t in game.tables}
    titles.update((t.id, t.title) for t in game.texts)
    titles.update((t.id, t.title) for t in tracks)
    return titles.get(item) or item


def _board_dpi(width: float, height: float, dpi: float) -> float:
    return min(dpi, MAX_PIXELS * 72 / max(width, height))


def _paint_icon(*args) -> None:
    from ..render.icons import paint_icon

    paint_icon(*args)


def _sheets(docs: list[Document], items: list[dict], pdfs: dict, dpi: float) -> list[Sheet]:
    """The pages of every document whose items are all read, not handled."""
    kinds: dict[str, set[str]] = {}
    for item in items:
        kinds.setdefault(item["file"], set()).add(item["kind"])
    out = []
    for doc in docs:
        name = f"{doc.name}.pdf"
        if not kinds.get(name) or not kinds[name] <= REFERENCE_KINDS:
            continue
        for number, image in enumerate(pages(pdfs[name], dpi), start=1):
            out.append(Sheet(f"{doc.name}-{number}", doc.title, image, image.info["points"]))
    return out


def inches(points: float) -> float:
    return points / inch(1)


def card_back(card: Design) -> Image:
    """A card's back picture; a card printed without one gets a plain grey back, never
    its own face (a face down card must not show what it is)."""
    if card.back is not None:
        return card.back.image
    from PIL import Image as pil

    return pil.new("RGB", card.front.image.size, "#8a8a8a")


def card_decks(designs: list[Design], title: str) -> list[tuple[str, list[Design]]]:
    """The cards by deck (or, outside a deck, by size), each named by its deck's title;
    cards in no deck by the game's title (with their size when the game has more)."""
    groups: dict[tuple, list[Design]] = {}
    for d in designs:
        if d.kind == "card":
            key = (d.group, round(d.size[0], 1), round(d.size[1], 1))
            groups.setdefault(key, []).append(d)
    loose = sum(1 for cards in groups.values() if not cards[0].deck_title)
    out = []
    for (group, _, _), cards in groups.items():
        name = cards[0].deck_title or (title if loose == 1 else f"{title} ({group or 'cards'})")
        out.append((name, cards))
    return out
