"""A kit as a VASSAL module (.vmod): a zip of buildFile.xml, moduledata, the pictures
under images/ and one saved game per scenario, offered as a predefined set-up.

Written here, not with a library: pywargame (the one maintained writer) needs Python
3.12 to import, and pulls in numpy, ImageMagick's binding and a Sphinx extension; the
parts a kit needs are a small XML file and VASSAL's text encoding of pieces.

What VASSAL reads (VASSAL's own source is the reference):
- a piece is "+/id/type/state": its traits' types and states, each list joined by
  tabs, outermost trait first, the BasicPiece last (SequenceEncoder: a delimiter inside
  a part is escaped with a backslash);
- a two-sided piece is a Layer (emb2) holding its front and back pictures, level 1 the
  front, level 2 the back (a step loss: Ctrl+F flips it);
- the grid: a HexGrid's dy is the distance between hex centres along a column, dx
  between columns, (x0, y0) the centre of the hex its numbering calls column 0, row 0;
  odd columns lie half a hex lower, or (stagger) are numbered as if half a hex higher;
  a sideways grid is the same with x and y swapped;
- a card is an Obscurable (obs) over its BasicPiece: the mask is its back, which a
  face-down deck (a DrawPile whose CardSlots are the cards) shows to everyone;
- a turn tracker counts with a CounterTurnLevel from its start by its step, looping at
  its limit, or steps through a ListTurnLevel's names (a comma-joined sequence);
- a saved game is the line "!VCSK", a key, and each byte of the text XORed with it, in hex.
"""

from __future__ import annotations

import io
import re
import zipfile
from xml.etree import ElementTree as ET

from ..geometry.grid import HexGrid
from ..patterns import pattern
from ..raster import file_stem, png
from ..records import field, record
from .kit import Board, Design, KitPictures, card_back, card_decks

VASSAL_VERSION = "3.6.7"  # the release the module's elements are written for
ESC = "\x1b"  # between the commands of a saved game
SAVE_KEY = 0x2A  # a saved game's XOR key: any key reads back; a fixed one keeps bytes equal
FLIP_KEY = "70,130"  # Ctrl+F, as VASSAL writes a key stroke (key code, modifiers)
FIRST_ID = 1000  # the first id a saved game gives its pieces and stacks
DECKS, DECK_BOARD = "Decks", "decks"  # the deck table's map window and its board
DECK_GAP = 24  # pixels between the decks on the deck table, and round them
TURN_WORDS = pattern(r"\bturns?\b", re.IGNORECASE)  # a track that counts the turns
M = "VASSAL.build.module."


def seq(parts: list[str], delim: str) -> str:
    """VASSAL's SequenceEncoder: the parts joined by `delim`, each `delim` inside a
    part escaped with a backslash (so a piece's name may hold any character)."""
    return delim.join(str(p).replace(delim, "\\" + delim) for p in parts)


@record(frozen=False)
class Piece:
    """A design as VASSAL defines it: its slot's id and its traits' types."""

    design: Design
    gpid: int
    type: str  # the traits' types, tab-joined
    sides: int  # 1, or 2 with a Layer to flip
    card: bool = False  # an Obscurable whose mask is the card's back


@record(frozen=False)
class Module:
    """The files of the module, and what the build file and the saves share."""

    scale: float  # pixels per point: the board pictures' and the pieces' alike
    files: dict[str, bytes] = field(default_factory=dict)
    pieces: dict[tuple[str, str], Piece] = field(default_factory=dict)
    backs: dict[str, str] = field(default_factory=dict)  # a card's back key: its picture

    def picture(self, name: str, image, size: tuple[float, float] | None = None) -> str:
        """Store a picture under images/ (at the module's scale when its `size` in
        points is given); its name, as VASSAL refers to it."""
        if size is not None:
            want = (max(1, round(size[0] * self.scale)), max(1, round(size[1] * self.scale)))
            if image.size != want:
                image = image.resize(want)
        self.files.setdefault(f"images/{name}", png(image))
        return name

    def card_back(self, card: Design) -> str:
        """A card's back picture: one per back its definition gives (a deck's one back
        for all its cards, each drawn a little differently where it was printed)."""
        key = repr((card.back_key, card.size))
        if key not in self.backs:
            name = f"card-back-{len(self.backs) + 1}.png"
            self.backs[key] = self.picture(name, card_back(card), card.size)
        return self.backs[key]


def module_scale(kit: KitPictures, dpi: float) -> float:
    """Pixels per point shared by every board and piece: a board pictured smaller (a
    large map is capped in pixels) sets the scale for all, so counters fit its hexes."""
    scales = [b.image.size[0] / b.size[0] for b in kit.boards]
    return min([dpi / 72, *scales])


def export_vassal(kit: KitPictures, dpi: float, setups: list) -> dict[str, bytes]:
    """The export folder's one file: the module."""
    mod = Module(module_scale(kit, dpi))
    for n, d in enumerate(kit.designs, start=1):
        mod.pieces[(d.kind, d.id)] = _piece(mod, d, n)
    root = _build_file(mod, kit, setups)
    for setup in setups:
        mod.files[_save_name(setup)] = saved_game(mod, kit, setup)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        _put(z, "buildFile.xml", _xml(root))
        _put(z, "moduledata", _xml(_metadata(kit, "module")))
        for name in sorted(mod.files):
            _put(z, name, mod.files[name])
    return {f"{file_stem(kit.game.id)}.vmod": buffer.getvalue()}


def _put(z: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # equal runs, equal bytes
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data)


def _xml(root: ET.Element) -> bytes:
    ET.indent(root)
    return ET.tostring(root, encoding="UTF-8", xml_declaration=True)


def _save_name(setup) -> str:
    return f"scenario-{file_stem(setup.scenario.id)}.vsav"


def _piece(mod: Module, d: Design, gpid: int) -> Piece:
    """A design's traits: a BasicPiece with its front, or (two-sided) a Layer holding
    front and back over a BasicPiece with no picture of its own."""
    stem = f"{d.kind}-{file_stem(d.id)}"
    front = mod.picture(f"{stem}-front.png", d.front.image, d.size)
    name = d.name.rstrip("\\")  # a trailing backslash would escape VASSAL's delimiter
    if d.kind == "card":  # face down its back shows: a deck's mask, not a face to flip
        back = mod.card_back(d)
        mask = seq(["obs", FLIP_KEY, back, "Flip", "B", "?", "player:", "Peek", "", "true", "", ""],
                   ";")  # fmt: skip
        basic = seq(["piece", "", "", front, name], ";")
        return Piece(d, gpid, seq([mask, basic], "\t"), 1, card=True)
    if d.back is None:
        return Piece(d, gpid, seq(["piece", "", "", front, name], ";"), 1)
    back = mod.picture(f"{stem}-back.png", d.back.image, d.size)
    layer = seq(_layer_fields(seq([front, back], ",")), ";")
    return Piece(d, gpid, seq([layer, seq(["piece", "", "", "", name], ";")], "\t"), 2)


def _layer_fields(images: str) -> list[str]:
    """An always active Layer (VASSAL's Embellishment, emb2) whose levels are the
    faces: Ctrl+F ("Flip") steps to the next face and round again."""
    return [
        "emb2", "", "0", "",  # activate: none (always active)
        "Flip", "130", "F",  # increase: Ctrl+F
        "", "130", "",  # decrease: none
        "", "", "1",  # reset: none, to level 1
        "false", "0", "0",  # drawn over the piece, not offset
        images, ",",  # the pictures, no level names
        "true", "Face", "", "",  # loops; named Face; no random level
        "false", "", "1", "1", "true",  # no property follows; first level 1; v1; always on
        "", FLIP_KEY, "", "", "1.0",  # key strokes; no description; scale 1
    ]  # fmt: skip


def piece_state(piece: Piece, face: int, at: tuple[str, int, int] | None) -> str:
    """A piece's state: the face up (a Layer's level: 0 the front, 1 the back) and where
    it lies (map name, x, y in pixels; None: in the piece palette)."""
    where = [at[0], str(at[1]), str(at[2])] if at is not None else ["null", "0", "0"]
    basic = seq([*where, str(piece.gpid), "0"], ";")
    if piece.card:  # obscured by nobody: face down to all, as a deck deals it
        return seq([seq(["nobody" if face else "null", ""], ";"), basic], "\t")
    return basic if piece.sides == 1 else seq([str(min(face, 1) + 1), basic], "\t")


def slot_text(piece: Piece) -> str:
    return seq(["+", "null", piece.type, piece_state(piece, 0, None)], "/")


def _el(parent: ET.Element | None, tag: str, **attrs) -> ET.Element:
    values = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in attrs.items()}
    return ET.Element(tag, values) if parent is None else ET.SubElement(parent, tag, values)


def _build_file(mod: Module, kit: KitPictures, setups: list) -> ET.Element:
    game = kit.game
    root = _el(
        None,
        "VASSAL.build.GameModule",
        name=game.title,
        version=game.version or "0",
        VassalVersion=VASSAL_VERSION,
        description=f"{game.title}, exported by kitgen",
        nextPieceSlotId=len(mod.pieces) + _card_count(kit) + 1,
        ModuleOther1="",
        ModuleOther2="",
    )
    _el(root, M + "BasicCommandEncoder")
    _el(root, M + "Documentation")
    _el(root, M + "Chatter")
    _el(root, M + "KeyNamer")
    sides = sorted({s.id for st in setups for s in st.scenario.sides})
    if sides:
        roster = _el(root, M + "PlayerRoster", buttonKeyStroke="", buttonText="Retire",
                     buttonToolTip="Switch sides, become observer, or release faction")  # fmt: skip
        for side in sides:
            _el(roster, "entry").text = side
    _piece_window(root, mod)
    _dice(root, kit)
    for board in kit.boards:
        _map(root, mod, board, map_name(kit, board))
    _deck_table(root, mod, kit)
    _turn_trackers(root, kit)
    _chart_window(root, mod, kit)
    for setup in setups:
        sc = setup.scenario
        _el(root, M + "PredefinedSetup", name=sc.title or sc.id, file=_save_name(setup),
            useFile=True, isMenu=False, description=sc.summary)  # fmt: skip
    return root


def _dice(root: ET.Element, kit: KitPictures) -> None:
    """A dice button for each roll the kit's tables are read with (1d6, 2d6 ...)."""
    rolls = {t.roll: t.roll for t in kit.game.tables if t.roll}
    for roll in rolls:
        got = re.fullmatch(r"([0-9]*)d([0-9]+)", roll.strip().lower())
        if got is None:
            continue
        _el(root, M + "DiceButton", name=roll, text=roll, tooltip=f"Roll {roll}", icon="",
            hotkey="", nDice=int(got[1] or 1), nSides=int(got[2]), plus=0, addToTotal=0,
            keepDice=False, keepOption=">", keepCount=1, prompt=False, reportTotal=True,
            sortDice=False, reportFormat="** $name$ = $result$ *** <$playerName$>",
            canDisable=False, propertyGate="", disabledIcon="", lockAdd=False,
            lockDice=False, lockPlus=False, lockSides=False)  # fmt: skip


def _piece_window(root: ET.Element, mod: Module) -> None:
    """Every piece in the piece palette, a tab per side (else per kind) or deck."""
    if all(p.card for p in mod.pieces.values()):
        return
    window = _el(root, M + "PieceWindow", name="Pieces", hidden=False, hotkey="67,520",
                 scale=1.0, text="Pieces", tooltip="Show/hide the pieces", icon="")  # fmt: skip
    tabs = _el(window, "VASSAL.build.widget.TabWidget", entryName="Pieces")
    groups: dict[str, list[Piece]] = {}
    for piece in mod.pieces.values():
        d = piece.design
        if piece.card:  # in their decks on the deck table
            continue
        label = d.attrs.get("side", "")
        groups.setdefault(label or d.kind.capitalize() + "s", []).append(piece)
    for label, pieces in groups.items():
        panel = _el(tabs, "VASSAL.build.widget.ListWidget", entryName=label, divider=150,
                    height=0, scale=1.0, width=0)  # fmt: skip
        for piece in pieces:
            w, h = (round(v * mod.scale) for v in piece.design.size)
            slot = _el(panel, "VASSAL.build.widget.PieceSlot", entryName=piece.design.name,
                       gpid=piece.gpid, width=w, height=h)  # fmt: skip
            slot.text = slot_text(piece)


def map_name(kit: KitPictures, board: Board) -> str:
    """A board's map window's name: its title, or its id where titles repeat."""
    titles = [b.title for b in kit.boards]
    return board.title if titles.count(board.title) == 1 else board.id


def _map_window(root: ET.Element, name: str) -> tuple[ET.Element, ET.Element]:
    """A map window and its board picker, to put one board in."""
    m = _el(root, M + "Map", mapName=name, allowMultiple=False, backgroundcolor="255,255,255",
            buttonName=name, changeFormat="$message$", color="0,0,0",
            createFormat="$pieceName$ created in $location$", edgeHeight=0, edgeWidth=0,
            hideKey="", hotkey="", icon="", launch=False, markMoved="Always",
            markUnmovedHotkey="", markUnmovedIcon="", markUnmovedText="",
            markUnmovedTooltip="", moveKey="", showKey="", thickness=3,
            moveToFormat="$pieceName$ moves $previousLocation$ -> $location$",
            moveWithinFormat="$pieceName$ moves $previousLocation$ -> $location$")  # fmt: skip
    picker = _el(m, M + "map.BoardPicker", addColumnText="Add column", addRowText="Add row",
                 boardPrompt="Select board", slotHeight=125, slotScale=0.2, slotWidth=350,
                 title="Choose Boards")  # fmt: skip
    return m, picker


def _map_parts(m: ET.Element) -> None:
    """What a map window needs to stack, move, show and zoom pieces."""
    _el(m, M + "map.StackMetrics", bottom="40,0", down="37,0", top="38,0", up="39,0",
        disabled=False, exSepX=16, exSepY=24, unexSepX=4, unexSepY=6)  # fmt: skip
    for part in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
                 "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer",
                 "SelectionHighlighters", "HighlightLastMoved", "CounterDetailViewer"):  # fmt: skip
        _el(m, M + "map." + part)
    _el(m, M + "map.Zoomer", zoomLevels="0.25,0.333,0.5,0.75,1.0,1.5,2.0", zoomStart=3,
        zoomInKey="61,195", zoomOutKey="45,130", zoomPickKey="61,130")  # fmt: skip


def _map(root: ET.Element, mod: Module, board: Board, name: str) -> None:
    """A map window holding the board: its picture, its grid, its off-map boxes as
    zones, and what a map needs to move pieces on it."""
    m, picker = _map_window(root, name)
    image = mod.picture(f"board-{file_stem(board.id)}.png", board.image, board.size)
    w, h = (round(v * mod.scale) for v in board.size)
    b = _el(picker, M + "map.boardPicker.Board", name=board.id, image=image, reversible=False,
            color="255,255,255", width=w, height=h)  # fmt: skip
    _el(picker, "setup").text = seq([f"{name}BoardPicker", board.id, "0", "0"], "\t")
    zoned = _el(b, M + "map.boardPicker.board.ZonedGrid")
    for chart in board.charts:
        if chart.kind == "box":
            _el(zoned, M + "map.boardPicker.board.mapgrid.Zone", name=chart.title,
                path=zone_path(mod, board, chart.box), locationFormat="$name$",
                useHighlight=False, highlightProperty="", useParentGrid=False)  # fmt: skip
    grid_element(zoned, mod, board)
    _map_parts(m)


def _card_count(kit: KitPictures) -> int:
    return sum(d.quantity for d in kit.designs if d.kind == "card")


@record
class DeckPlace:
    """A deck on the deck table: its name, its cards, its cards' size and its centre
    (pixels)."""

    name: str
    cards: list[Design]
    size: tuple[int, int]
    at: tuple[int, int]


def deck_places(mod: Module, kit: KitPictures) -> list[DeckPlace]:
    """The game's decks side by side on the deck table, DECK_GAP apart and round."""
    out, x = [], DECK_GAP
    for name, cards in card_decks(kit.designs, kit.game.title):
        w, h = (round(v * mod.scale) for v in cards[0].size)
        out.append(DeckPlace(name, cards, (w, h), (x + w // 2, DECK_GAP + h // 2)))
        x += w + DECK_GAP
    return out


def _deck_table(root: ET.Element, mod: Module, kit: KitPictures) -> None:
    """A map window, Decks, with each deck of the game's cards as a VASSAL deck (a
    DrawPile): every copy of its cards, face down, shuffled and drawn as VASSAL's
    decks are; decks side by side on a plain table."""
    places = deck_places(mod, kit)
    if not places:
        return
    width = places[-1].at[0] + places[-1].size[0] // 2 + DECK_GAP
    height = max(p.size[1] for p in places) + 2 * DECK_GAP
    m, picker = _map_window(root, DECKS)
    _el(picker, M + "map.boardPicker.Board", name=DECK_BOARD, image="", reversible=False,
        color="255,255,255", width=width, height=height)  # fmt: skip
    _el(picker, "setup").text = seq([f"{DECKS}BoardPicker", DECK_BOARD, "0", "0"], "\t")
    gpid = len(mod.pieces) + 1  # card slots number on after the palette's
    for place in places:
        (w, h), (x, y) = place.size, place.at
        pile = _el(m, M + "map.DrawPile", name=place.name, owningBoard=DECK_BOARD, x=x, y=y,
                   width=w, height=h, allowMultiple=True, allowSelect=False,
                   faceDown="Always", drawFaceUp=False, shuffle="Always",
                   shuffleCommand="Shuffle", shuffleFormat="$playerName$ shuffles $deckName$",
                   shuffleHotkey="", reversible=False, draw=True, color="0,0,0",
                   reshufflable=False, canSave=False, maxStack=10, expressionCounting=False,
                   countExpressions="", restrictOption=False, restrictExpression="")  # fmt: skip
        for d in place.cards:
            piece = mod.pieces[(d.kind, d.id)]
            for _ in range(d.quantity):
                slot = _el(pile, "VASSAL.build.widget.CardSlot", entryName=d.name,
                           gpid=gpid, width=w, height=h)  # fmt: skip
                slot.text = slot_text(piece)
                gpid += 1
    _map_parts(m)


def deck_commands(mod: Module, kit: KitPictures, next_id: int) -> list[str]:
    """A saved game's decks, as a new game deals them from the DrawPiles: each card a
    piece on the deck table, then the deck (named as its DrawPile, face down) holding
    them. A saved game replaces what a new game sets up, so a set-up must hold them."""
    lines = []
    for place in deck_places(mod, kit):
        (w, h), (x, y) = place.size, place.at
        ids = []
        for d in place.cards:
            piece = mod.pieces[(d.kind, d.id)]
            for _ in range(d.quantity):
                ids.append(str(next_id))
                state = piece_state(piece, 0, (DECKS, x, y))
                lines.append(seq(["+", str(next_id), piece.type, state], "/") + "\\")
                next_id += 1
        kind = seq(["deck", "true", "0,0,0", str(w), str(h), "Always", "Always", "true",
                    "false", "false", "", "", "", place.name], ";")  # fmt: skip
        state = seq([DECKS, str(x), str(y), "true", seq(ids, ",")], ";")
        lines.append(seq(["+", str(next_id), kind, state], "/") + "\\")
        next_id += 1
    return lines


def turn_tracks(kit: KitPictures) -> list:
    """The game's turn record tracks: those named for turns, or marking what happens
    in them (events, named periods)."""
    tracks = kit.game.tracks.tracks if kit.game.tracks is not None else ()
    return [t for t in tracks
            if t.events or t.periods or TURN_WORDS.search(f"{t.id} {t.title}")]  # fmt: skip


def turn_names(track) -> list[str]:
    """A track's turns as the game names them: the number, and the periods it falls in
    ("4 (Mud)")."""
    out = []
    for n in track.numbers:
        periods = [name for name, turns in track.periods.items() if n in turns]
        out.append(f"{n} ({', '.join(periods)})" if periods else str(n))
    return out


def _turn_trackers(root: ET.Element, kit: KitPictures) -> None:
    """A turn tracker per turn track, counting its turns from the first to the last
    (the next after the last turn is the first again); a track that names some of its
    turns (periods) lists every turn by its name instead of counting."""
    for t in turn_tracks(kit):
        name = t.title or t.id
        tracker = _el(root, M + "turn.TurnTracker", name=name, description="",
                      buttonText=name, icon="", hotkey="", nexthotkey="", prevhotkey="",
                      turnFormat="Turn $level1$", reportFormat="* <$playerName$> Turn $newTurn$",
                      tooltip=name, lengthStyle="Maximum", length=-1, fwdOnly=False)  # fmt: skip
        if t.periods:
            _el(tracker, M + "turn.ListTurnLevel", name="Turn", property="Turn",
                turnFormat="$value$", list=seq(turn_names(t), ","), configList=False,
                configFirst=False, prompt="")  # fmt: skip
            continue
        last = t.numbers[-1] if t.numbers else t.start
        _el(tracker, M + "turn.CounterTurnLevel", name="Turn", property="Turn",
            turnFormat="$value$", start=t.start, incr=t.step, loop=True,
            loopLimit=last)  # fmt: skip


def picture_point(mod: Module, board: Board, x: float, y: float) -> tuple[float, float]:
    """A point of the board picture (points, y up) in the module's pixels (y down)."""
    return x * mod.scale, (board.size[1] - y) * mod.scale


def cell_pixel(mod: Module, board: Board, cell) -> tuple[float, float]:
    """A cell's centre in the board picture's pixels."""
    cx, cy = board.map.grid.centre(*cell)
    return picture_point(mod, board, board.origin[0] + cx, board.origin[1] + cy)


def zone_path(mod: Module, board: Board, box) -> str:
    x0, y0 = picture_point(mod, board, box[0], box[3])
    x1, y1 = picture_point(mod, board, box[2], box[1])
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return ";".join(f"{round(x)},{round(y)}" for x, y in corners)


def grid_element(parent: ET.Element, mod: Module, board: Board) -> ET.Element:
    """The board's grid, numbered as the printed map numbers its cells: hexes 0101
    (column then row, zero-padded as wide as the map needs), squares A1."""
    g = board.map.grid
    x0, y0 = cell_pixel(mod, board, (0, 0))  # numbering's column 0, row 0: cell A1 / 0101
    grids = M + "map.boardPicker.board."
    common = dict(snapTo=True, edgesLegal=False, cornersLegal=False, visible=False,
                  dotsVisible=False, color="0,0,0")  # fmt: skip
    numbering = dict(color="0,0,0", fontSize=12, hDescend=False, vDescend=False, hDrawOff=0,
                     vDrawOff=0, locationFormat="$gridLocation$", rotateText=0, sep="",
                     visible=False)  # fmt: skip
    if not isinstance(g, HexGrid):
        el = _el(parent, grids + "SquareGrid", dx=g.cell * mod.scale, dy=g.cell * mod.scale,
                 x0=round(x0), y0=round(y0), range="Metric", **common)  # fmt: skip
        _el(el, grids + "mapgrid.SquareGridNumbering", first="H", hType="A", hLeading=0,
            hOff=0, vType="N", vLeading=0, vOff=1, **numbering)  # fmt: skip
        return el
    across = 1.5 * g.radius * mod.scale  # from one column (a flat grid's) to the next
    wc, wr = max(2, len(str(g.cols))), max(2, len(str(g.rows)))
    if g.flat:  # odd columns lower: VASSAL's own layout, else numbered as staggered
        origin, leading = (round(x0), round(y0)), dict(hLeading=wc - 1, vLeading=wr - 1)
    else:  # sideways: VASSAL's columns are the map's rows, so rows are named first
        origin, leading = (round(y0), round(x0)), dict(hLeading=wr - 1, vLeading=wc - 1)
    el = _el(parent, grids + "HexGrid", dx=across, dy=g.size * mod.scale, x0=origin[0],
             y0=origin[1], sideways=not g.flat, **common)  # fmt: skip
    _el(el, grids + "mapgrid.HexGridNumbering", first="H" if g.flat else "V", hType="N",
        hOff=1, vType="N", vOff=1, stagger=g.offset == "even", **leading, **numbering)  # fmt: skip
    return el


def _chart_window(root: ET.Element, mod: Module, kit: KitPictures) -> None:
    """The charts printed beside the maps (tables, texts, tracks, keys) and the kit's
    reference sheets, a tab each."""
    charts = [(c.title, f"chart-{file_stem(b.id)}-{file_stem(c.id)}.png", c.image)
              for b in kit.boards for c in b.charts if c.image is not None]  # fmt: skip
    charts += [(s.title, f"sheet-{file_stem(s.name)}.png", s.image) for s in kit.sheets]
    if not charts:
        return
    window = _el(root, M + "ChartWindow", name="Charts", hotkey="", description="",
                 text="Charts", tooltip="Show/hide the charts", icon="")  # fmt: skip
    tabs = _el(window, "VASSAL.build.widget.TabWidget", entryName="Charts")
    for title, name, image in charts:
        _el(tabs, "VASSAL.build.widget.Chart", chartName=title, description="",
            fileName=mod.picture(name, image))  # fmt: skip


def _metadata(kit: KitPictures, what: str, description: str = "") -> ET.Element:
    """A module's or a saved game's metadata, as VASSAL writes it beside the content."""
    root = _el(None, "data", version="1")
    _el(root, "version").text = kit.game.version or "0"
    _el(root, "VassalVersion").text = VASSAL_VERSION
    _el(root, "dateSaved").text = "0"
    _el(root, "description").text = description or f"{kit.game.title}, exported by kitgen"
    if what == "module":
        _el(root, "name").text = kit.game.title
    _el(root, "extra1")
    _el(root, "extra2")
    return root


def placements(
    mod: Module, kit: KitPictures, setup
) -> list[tuple[Piece, int, tuple[float, float]]]:
    """Each copy the scenario places as (piece, face, pixel): on its cell, or laid out in
    a row in its off-map box; pieces the kit prints no counter for are left out."""
    board = next((b for b in kit.boards if setup.map is not None and b.id == setup.map.id), None)
    if board is None:
        return []
    kinds = {d_id: kind for kind, d_id in mod.pieces}
    boxes = {c.id: c for c in board.charts if c.kind == "box"}
    filled: dict[str, int] = {}
    out = []
    for p in setup.placed:
        piece = mod.pieces.get((kinds.get(p.piece.id, ""), p.piece.id))
        if piece is None:
            continue
        faces = p.piece.faces
        face = faces.index(p.placement.face) if p.placement.face in faces else 0
        cells = [p.cell] if p.cell is not None else sorted(p.cells or ())
        for n in range(p.count):
            if cells:
                at = cell_pixel(mod, board, cells[n % len(cells)])
            else:
                at = _in_box(mod, board, boxes.get(p.box or ""), piece, filled, p.box or "")
            out.append((piece, face, at))
    return out


def _in_box(mod: Module, board: Board, chart, piece: Piece, filled: dict, box: str):
    """The next free place in an off-map box, left to right then down (the board draws
    every box; a scenario on a map with no board: the picture's top-left corner)."""
    w, h = (v * mod.scale for v in piece.design.size)
    if chart is None:
        return w, h
    x0, y0 = picture_point(mod, board, chart.box[0], chart.box[3])
    x1, _ = picture_point(mod, board, chart.box[2], chart.box[1])
    per_row = max(1, int((x1 - x0 - 8 * mod.scale) // w))
    n = filled.get(box, 0)
    filled[box] = n + 1
    top = y0 + 16 * mod.scale  # under the box's name
    return x0 + 4 * mod.scale + (n % per_row + 0.5) * w, top + (n // per_row + 0.5) * h


def saved_game(mod: Module, kit: KitPictures, setup) -> bytes:
    """A scenario's set-up as a VASSAL saved game: every placed piece on its map, the
    face the scenario gives up, copies on one cell in one stack."""
    board = next((b for b in kit.boards if setup.map is not None and b.id == setup.map.id), None)
    name = map_name(kit, board) if board is not None else ""
    lines = ["begin_save", "", "\\"]
    stacks: dict[tuple[int, int], list[str]] = {}
    next_id = FIRST_ID
    for piece, face, (x, y) in placements(mod, kit, setup):
        at = (round(x), round(y))
        ident = str(next_id)
        next_id += 1
        state = piece_state(piece, face, (name, *at))
        lines.append(seq(["+", ident, piece.type, state], "/") + "\\")
        stacks.setdefault(at, []).append(ident)
    for (x, y), ids in stacks.items():
        state = seq([name, str(x), str(y), *ids, "@@-1"], ";")
        lines.append(seq(["+", str(next_id), "stack", state], "/") + "\\")
        next_id += 1
    decks = deck_commands(mod, kit, next_id)
    lines.extend(decks)
    lines.append("UNMASK\tnull")
    if board is not None:
        lines.append("\t".join([f"{name}BoardPicker", board.id, "0", "0"]))
    if decks:
        lines.append("\t".join([f"{DECKS}BoardPicker", DECK_BOARD, "0", "0"]))
    lines.append("end_save")
    text = ESC.join(lines).encode()
    body = (
        b"!VCSK"
        + f"{SAVE_KEY:02x}".encode()
        + "".join(f"{c ^ SAVE_KEY:02x}" for c in text).encode()
    )
    sc = setup.scenario
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        _put(z, "savedGame", body)
        _put(z, "savedata", _xml(_metadata(kit, "save", sc.title or sc.id)))
        _put(z, "moduledata", _xml(_metadata(kit, "module")))
    return buffer.getvalue()


def read_saved_game(data: bytes) -> list[str]:
    """A saved game's commands: its text read back (for tests and for people curious
    what a module's set-up holds)."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        body = z.read("savedGame")
    if not body.startswith(b"!VCSK"):
        raise ValueError("not a VASSAL saved game (no !VCSK header)")
    key = int(body[5:7], 16)
    raw = bytes(int(body[i : i + 2], 16) ^ key for i in range(7, len(body), 2))
    return raw.decode().split(ESC)
