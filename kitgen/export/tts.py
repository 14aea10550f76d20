"""A kit as a Tabletop Simulator save: the structure TTS's save files hold
(docs/vtt.md lists the knowledge-base pages followed).

Sizes: every flat thing (board, counter, marker, label, template, reference sheet) is
a Custom_Tile scaled from its printed size by one factor, so pieces match the board
whatever size TTS gives a tile at scale 1; cards are a DeckCustom cut from deck
sheets of at most 10 x 7 faces. Positions are in TTS units, one to an inch.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..colours import ColourError, parse_colour, rgb
from ..raster import file_stem, png
from ..records import field, record
from .kit import Board, Design, KitPictures, card_back, card_decks, inches

TILE_BASE = 2.0  # units a custom tile spans at scale 1: scale = inches / TILE_BASE
CARD_BASE = 2.5  # units a card spans across at scale 1 (a poker card is 2.5 in)
THICKNESS = 0.1  # counters: about 2.5 mm of board, as in hand
TABLE_Y = 1.0  # the table top
GAP = 1.0  # between things laid out beside the board, units
DECK_COLS, DECK_ROWS = 10, 7  # the largest deck sheet TTS cuts
SHEET_PIXELS = 4096  # the widest deck sheet picture TTS advises


@record(frozen=False)
class Export:
    """The files of an export folder, and the GUIDs handed out so far."""

    base_url: str
    files: dict[str, bytes] = field(default_factory=dict)
    guids: Iterator[int] = field(default_factory=lambda: iter(range(1, 16**6)))

    def url(self, path: str) -> str:
        return self.base_url + path

    def picture(self, path: str, image) -> str:
        """Store a picture once under `path`; its URL."""
        if path not in self.files:
            self.files[path] = png(image)
        return self.url(path)

    def guid(self) -> str:
        return f"{next(self.guids):06x}"


def transform(
    x: float, z: float, y: float = TABLE_Y, sx=1.0, sz=1.0, sy=1.0, face_down: bool = False
) -> dict:
    return {
        "posX": round(x, 4),
        "posY": round(y, 4),
        "posZ": round(z, 4),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,  # a deck lies face down, as it is drawn from
        "scaleX": round(sx, 5),
        "scaleY": round(sy, 5),
        "scaleZ": round(sz, 5),
    }


def base_object(ex: Export, name: str, nickname: str, at: dict, **more) -> dict:
    return {
        "GUID": ex.guid(),
        "Name": name,
        "Transform": at,
        "Nickname": nickname,
        "Description": "",
        "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0},
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Tooltip": True,
        **more,
    }


TILE_TYPES = {"square": 0, "rect": 0, "hex": 1, "round": 2}  # Box, Hex, Circle (Rounded: 3)


def tile(
    ex: Export,
    nickname: str,
    size: tuple[float, float],
    front: str,
    back: str | None,
    x: float,
    z: float,
    shape: str = "square",
    thickness: float = THICKNESS,
    locked: bool = False,
    y: float = TABLE_Y,
) -> dict:
    """A flat two-sided piece: front and back pictures, scaled to its printed size."""
    w, h = inches(size[0]), inches(size[1])
    obj = base_object(
        ex,
        "Custom_Tile",
        nickname,
        transform(x, z, y, w / TILE_BASE, h / TILE_BASE),
        CustomImage={
            "ImageURL": front,
            "ImageSecondaryURL": back or front,
            "ImageScalar": 1.0,
            "WidthScale": 0.0,
            "CustomTile": {
                "Type": TILE_TYPES.get(shape, 0),
                "Thickness": thickness,
                "Stackable": shape != "rect" and abs(w - h) < 1e-6,
                "Stretch": True,
            },
        },
    )
    obj["Locked"] = locked
    return obj


def piece_urls(ex: Export, d: Design) -> tuple[str, str | None]:
    stem = f"images/{d.kind}/{file_stem(d.id)}"
    front = ex.picture(f"{stem}-front.png", d.front.image)
    back = ex.picture(f"{stem}-back.png", d.back.image) if d.back is not None else None
    return front, back


def piece_tile(ex: Export, d: Design, x: float, z: float, y: float = TABLE_Y) -> dict:
    front, back = piece_urls(ex, d)
    return tile(ex, d.name, d.size, front, back, x, z, d.shape, y=y)


def board_tile(ex: Export, b: Board, x: float = 0.0, z: float = 0.0) -> dict:
    url = ex.picture(f"images/board-{file_stem(b.id)}.png", b.image)
    return tile(ex, b.title, b.size, url, None, x, z, thickness=0.2, locked=True)


def bag(ex: Export, nickname: str, contents: list[dict], x: float, z: float) -> dict:
    return base_object(ex, "Bag", nickname, transform(x, z), ContainedObjects=contents)


def deck(ex: Export, name: str, cards: list[Design], number: int, x: float, z: float) -> list:
    """Cards of one size as a DeckCustom, face down, named by its title: faces on deck
    sheets of at most 10 x 7, one back picture for all when their definitions give them
    one back (a deck's, or equal backs; TTS's UniqueBack otherwise). A lone card is a
    Card. Every card may be taken in hand."""
    first = cards[0]
    w_in, h_in = inches(first.size[0]), inches(first.size[1])
    at = transform(x, z, sx=w_in / CARD_BASE, sz=w_in / CARD_BASE, face_down=True)
    unique_back = len({c.back_key for c in cards}) > 1
    backs = [card_back(c) for c in cards] if unique_back else [card_back(first)]
    custom: dict[str, dict] = {}
    card_objects: list[dict] = []
    per_sheet = DECK_COLS * DECK_ROWS
    for sheet_no, start in enumerate(range(0, len(cards), per_sheet), start=1):
        chunk = cards[start : start + per_sheet]
        key = number * 10 + sheet_no  # CustomDeck keys: one per deck sheet
        cols = min(DECK_COLS, len(chunk))
        rows = -(-len(chunk) // cols)
        faces = _sheet([c.front.image for c in chunk], cols, rows)
        if unique_back:
            back = _sheet(backs[start : start + per_sheet], cols, rows)
            back_url = ex.picture(f"images/deck-{key}-backs.png", back)
        else:
            back_url = ex.picture(f"images/deck-{number}-back.png", backs[0])
        custom[str(key)] = {
            "FaceURL": ex.picture(f"images/deck-{key}-faces.png", faces),
            "BackURL": back_url,
            "NumWidth": cols,
            "NumHeight": rows,
            "BackIsHidden": True,
            "UniqueBack": unique_back,
            "Type": 0,
        }
        for index, card in enumerate(chunk):
            for _ in range(card.quantity):
                card_objects.append(
                    base_object(
                        ex,
                        "Card",
                        card.name,
                        dict(at),
                        CardID=key * 100 + index,
                        CustomDeck={str(key): custom[str(key)]},
                        SidewaysCard=w_in > h_in,
                        Hands=True,
                    )
                )
    if len(card_objects) == 1:
        return card_objects
    return [
        base_object(
            ex,
            "DeckCustom",
            name,
            at,
            DeckIDs=[c["CardID"] for c in card_objects],
            CustomDeck=custom,
            ContainedObjects=card_objects,
        )
    ]


def _sheet(images: list, cols: int, rows: int):
    """A deck sheet: the pictures in rows of `cols`, each cell the first's size (shrunk
    so the sheet stays within the widest sheet TTS advises)."""
    from PIL import Image

    w, h = images[0].size
    k = min(1.0, SHEET_PIXELS / (w * cols), SHEET_PIXELS / (h * rows))
    cw, ch = max(1, int(w * k)), max(1, int(h * k))
    sheet = Image.new("RGB", (cw * cols, ch * rows), "white")
    for n, image in enumerate(images):
        sheet.paste(image.resize((cw, ch)), ((n % cols) * cw, (n // cols) * ch))
    return sheet


def side_of(d: Design) -> str:
    return d.attrs.get("side", "")


def kit_objects(ex: Export, kit: KitPictures) -> list[dict]:
    """The whole kit laid out on the table: the first board in the middle, the other
    boards and the reference sheets to its left, bags (one per side, else per kind)
    and decks to its right."""
    objects: list[dict] = []
    boards = kit.boards
    half_w = inches(boards[0].size[0]) / 2 if boards else 0.0
    if boards:
        objects.append(board_tile(ex, boards[0]))
    x = -half_w - GAP
    for b in boards[1:]:
        w = inches(b.size[0])
        objects.append(board_tile(ex, b, x - w / 2, 0.0))
        x -= w + GAP
    for s in kit.sheets:
        w = inches(s.size[0])
        url = ex.picture(f"images/sheet-{file_stem(s.name)}.png", s.image)
        objects.append(tile(ex, s.title, s.size, url, None, x - w / 2, 0.0, locked=True))
        x -= w + GAP
    x = half_w + GAP + 1.5
    z = 0.0
    for nickname, designs in _bags(kit.designs):
        contents = [piece_tile(ex, d, 0.0, 0.0) for d in designs for _ in range(d.quantity)]
        objects.append(bag(ex, nickname, contents, x, z))
        z -= 2.5
    x += 4.0
    for n, (name, cards) in enumerate(card_decks(kit.designs, kit.game.title), start=1):
        objects.extend(deck(ex, name, cards, n, x, 0.0))
        x += 3.5
    return objects


def _bags(designs: list[Design]) -> list[tuple[str, list[Design]]]:
    groups: dict[str, list[Design]] = {}
    for d in designs:
        if d.kind == "card":
            continue
        label = side_of(d) or {"label": "Labels", "template": "Templates"}.get(d.kind, "Pieces")
        groups.setdefault(label, []).append(d)
    return list(groups.items())


def save(ex: Export, name: str, objects: list[dict], note: str = "") -> dict:
    """A TTS save holding `objects`."""
    return {
        "SaveName": name,
        "GameMode": name,
        "Date": "",
        "VersionNumber": "",
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "",
        "Note": note,
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "TabStates": {},
        "ObjectStates": objects,
    }


def scenario_objects(ex: Export, kit: KitPictures, setup) -> list[dict]:
    """A scenario's set-up: its board, each placed piece on its cell (copies stacked) with
    the face the scenario gives up, tagged with its side; pieces in an off-map box laid
    out in the box the board prints, under a zone named by its label (a box the board
    does not print: a bag of its own); other pieces off the map in a bag per side."""
    board = next((b for b in kit.boards if setup.map is not None and b.id == setup.map.id), None)
    objects: list[dict] = []
    if board is not None:
        objects.append(board_tile(ex, board))
    designs = {d.id: d for d in kit.designs if d.kind in ("counter", "marker", "label")}
    boxes = {c.id: c for c in board.charts if c.kind == "box"} if board is not None else {}
    off: dict[str, list[dict]] = {}
    stacked: dict = {}  # cell -> pieces already on it: each new one lies on top
    filled: dict[str, int] = {}  # box -> pieces laid in it so far
    for p in setup.placed:
        side = p.placement.side or ""
        cells = [p.cell] if p.cell is not None else sorted(p.cells or ())
        for n in range(p.count):
            cell = cells[n % len(cells)] if cells and board is not None else None
            height = stacked.get(cell, 0)
            stacked[cell] = height + 1
            x, z = cell_point(board, cell) if cell is not None and board is not None else (0.0, 0.0)
            d = designs.get(p.piece.id)
            chart = boxes.get(p.box or "") if cell is None and d is not None else None
            if chart is not None and board is not None and d is not None:
                x, z = _in_box(board, chart, d, filled)
            y = TABLE_Y + 0.3 + height * THICKNESS * 2
            obj = _token(ex, d, p, side, setup, x, z, y)
            if cell is not None or chart is not None:
                objects.append(obj)
            else:
                off.setdefault(_off_label(board, p.box, side), []).append(obj)
    half_w = inches(board.size[0]) / 2 if board is not None else 0.0
    objects.extend(zone(ex, board, c) for c in boxes.values() if board is not None)
    for n, (label, contents) in enumerate(off.items()):
        objects.append(bag(ex, label, contents, half_w + GAP + 1.5, -2.5 * n))
    return objects


def _off_label(board: Board | None, box_id: str | None, side: str) -> str:
    """The bag a piece off the map goes in: its box's, else its side's."""
    box = board.map.boxes.get(box_id or "") if board is not None else None
    return (box.label or box.id) if box is not None else f"{side or 'Pieces'}: off the map"


def board_point(board: Board, x: float, y: float) -> tuple[float, float]:
    """A point of the board picture (points, y up) in table units, the board centred."""
    return inches(x - board.size[0] / 2), inches(y - board.size[1] / 2)


def _in_box(board: Board, chart, d: Design, filled: dict) -> tuple[float, float]:
    """The next free place in an off-map box, left to right then down, under its name."""
    x0, y0, x1, y1 = chart.box
    w, h = d.size
    per_row = max(1, int((x1 - x0 - 8) // w))
    n = filled.get(chart.id, 0)
    filled[chart.id] = n + 1
    top = y1 - 16  # under the box's name
    return board_point(board, x0 + 4 + (n % per_row + 0.5) * w, top - (n // per_row + 0.5) * h)


def zone(ex: Export, board: Board, chart) -> dict:
    """A scripting zone over an off-map box, named by the box's label."""
    x0, y0, x1, y1 = chart.box
    x, z = board_point(board, (x0 + x1) / 2, (y0 + y1) / 2)
    at = transform(x, z, TABLE_Y + 0.5, inches(x1 - x0), inches(y1 - y0), 1.0)
    obj = base_object(ex, "ScriptingTrigger", chart.title, at)
    obj["Locked"] = True
    return obj


def cell_point(board: Board, cell) -> tuple[float, float]:
    """A cell's centre in table units, the board lying centred at the origin."""
    cx, cy = board.map.grid.centre(*cell)
    px, py = board.origin[0] + cx, board.origin[1] + cy
    return inches(px - board.size[0] / 2), inches(py - board.size[1] / 2)


def _token(ex: Export, d: Design | None, p, side: str, setup, x, z, y) -> dict:
    if d is not None:
        obj = piece_tile(ex, d, x, z, y)
        faces = p.piece.faces  # a face past the front (a reduced step) is the back, up
        if d.back is not None and p.placement.face in faces[1:]:
            obj["Transform"]["rotZ"] = 180.0
    else:  # a piece the rules name but the kit prints no counter for: a plain block
        obj = base_object(ex, "BlockSquare", "", transform(x, z, y, 0.4, 0.4, 0.4))
        obj["ColorDiffuse"] = _colour(setup.side_colours.get(side) or side)
    own = p.placement.attrs.get("name")
    obj["Nickname"] = own or (d.name if d is not None else p.piece.name or p.who)
    if side:
        obj["Tags"] = [side]
        obj["Description"] = f"side: {side}"
    return obj


def _colour(text: str) -> dict:
    try:
        r, g, b = rgb(parse_colour(text))
    except (ColourError, ValueError):
        r, g, b = (0.6, 0.6, 0.6)
    return {"r": round(r, 4), "g": round(g, 4), "b": round(b, 4)}


def export_tts(kit: KitPictures, base_url: str, setups: list) -> dict[str, bytes]:
    """Every file of the export folder: the kit's save, one save per scenario, and the
    pictures they point at."""
    import json

    ex = Export(base_url)
    title = kit.game.title
    name = f"{file_stem(kit.game.id)}.json"
    saves = {name: save(ex, title, kit_objects(ex, kit), "Every piece of the kit.")}
    for setup in setups:
        sc = setup.scenario
        saves[f"scenario-{file_stem(sc.id)}.json"] = save(
            ex, f"{title}: {sc.title}", scenario_objects(ex, kit, setup), sc.title
        )
    for path, data in saves.items():
        ex.files[path] = (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode()
    return ex.files
