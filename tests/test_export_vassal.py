"""`kitgen export vassal`: the module read back as VASSAL reads it. The grid's numbers
are worked out here as VASSAL's HexGridNumbering / SquareGridNumbering work them out
(VASSAL's source, mirrored below), at the spot the board picture shows a marked cell."""

from __future__ import annotations

import io
import math
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest
from PIL import Image

from kitgen.export.vassal import read_saved_game
from tests.conftest import run_cli, write_game

DPI = 72
M = "VASSAL.build.module."

HEX_GAME = """\
id: ford
title: Ford
counters:
  - id: "{side}-inf"
    name: "{side} infantry"
    for_each: {side: [red, blue]}
    quantity: 2
    size: 1/2
    steps: [full, reduced]
    attrs: {side: "{side}"}
    front: {background: "{side}", text: "4-4"}
    back: {background: "#dddddd", text: "2-2"}
  - id: hq
    name: Headquarters
    size: 1/2
    front: {background: "#aaaaaa", text: HQ}
tables:
  - id: crt
    title: Combat results
    columns: ["Die", "1-1", "2-1"]
    rows:
      - ["1", "AE", "DR"]
      - ["2", "DR", "DE"]
maps:
  - id: land
    title: Land
    grid: hex
    orient: ORIENT
    offset: OFFSET
    cell: 0.6in
    terrains:
      - {id: clear, label: Clear, fill: "#ffffff"}
      - {id: mark, label: Marked, fill: "#ff0000"}
    legend: {".": clear, X: mark}
    layout: |
      .....
      .....
      ...X.
      .....
    margins:
      - {item: crt, side: right}
      - {item: pool}
    boxes:
      - {id: pool, label: Replacement pool}
"""

HEX_SCENARIO = """\
title: First crossing
map: land
sides:
  - id: red
    placements:
      - {piece: red-inf, at: "0101"}
      - {piece: hq, at: "0101"}
      - {piece: red-inf, at: pool}
  - id: blue
    placements:
      - {piece: blue-inf, at: "0503", face: reduced}
"""

MARKED = "0403"  # the cell the layout marks red: column 4, row 3


def hex_game(tmp_path: Path, orient: str, offset: str) -> Path:
    text = HEX_GAME.replace("ORIENT", orient).replace("OFFSET", offset)
    return write_game(tmp_path / "ford", text, {"scenarios/first.yaml": HEX_SCENARIO})


def export(game: Path, out: Path, *more: str) -> zipfile.ZipFile:
    result = run_cli("export", "vassal", str(game), "-o", str(out), "--dpi", str(DPI), "-q", *more)
    assert result.exit_code == 0, result.stderr
    return zipfile.ZipFile(out / f"{game.name}-vassal" / f"{game.name}.vmod")


@pytest.fixture(scope="module", params=[("flat", "odd"), ("flat", "even"), ("pointy", "odd")])
def ford(request, tmp_path_factory) -> zipfile.ZipFile:
    folder = tmp_path_factory.mktemp("ford")
    return export(hex_game(folder, *request.param), folder / "out")


def build_file(vmod: zipfile.ZipFile) -> ET.Element:
    return ET.fromstring(vmod.read("buildFile.xml"))


def unseq(text: str, delim: str) -> list[str]:
    """VASSAL's SequenceEncoder.Decoder: split at each delimiter no backslash escapes."""
    parts = re.split(r"(?<!\\)" + re.escape(delim), text)
    return [p.replace("\\" + delim, delim) for p in parts]


def traits(command: str) -> tuple[list[list[str]], list[list[str]]]:
    """A piece's "+/id/type/state": each trait's type fields and state fields."""
    _, _, kind, state = unseq(command, "/")
    return [unseq(t, ";") for t in unseq(kind, "\t")], [unseq(s, ";") for s in unseq(state, "\t")]


def faces(command: str) -> list[str]:
    """The pictures a piece shows: a Layer's levels, else its BasicPiece's picture."""
    types, _ = traits(command)
    if types[0][0] == "emb2":
        return unseq(types[0][16], ",")
    return [types[-1][3]]


def java_round(v: float) -> int:
    return math.floor(v + 0.5)


def pad(n: int, leading: int) -> str:
    return ("0" * leading + str(n))[-(leading + 1) :] if n < 10**leading else str(n)


def vassal_hex_name(grid: ET.Element, x: float, y: float) -> str:
    """HexGridNumbering.locationName: VASSAL's number for the hex at pixel (x, y)."""
    n = grid[0].attrib
    if grid.get("sideways") == "true":
        x, y = y, x
    ox, oy = int(grid.get("x0")), int(grid.get("y0"))
    dx, dy = float(grid.get("dx")), float(grid.get("dy"))
    col = java_round((x - ox) / dx)
    row = java_round((y - oy) / dy) if col % 2 == 0 else java_round((y - oy - dy / 2) / dy)
    if n["stagger"] == "true" and col % 2 != 0:
        row += 1
    col_name = pad(col + int(n["hOff"]), int(n["hLeading"]))
    row_name = pad(row + int(n["vOff"]), int(n["vLeading"]))
    return col_name + row_name if n["first"] == "H" else row_name + col_name


def red_centre(image: Image.Image) -> tuple[float, float]:
    """The middle of the board picture's pure red pixels: the marked hex."""
    rgb = image.convert("RGB")
    w, h = rgb.size
    spots = [(x, y) for y in range(h) for x in range(w) if rgb.getpixel((x, y)) == (255, 0, 0)]
    assert spots, "no marked cell on the board picture"
    return sum(x for x, _ in spots) / len(spots), sum(y for _, y in spots) / len(spots)


def the(root: ET.Element, tag: str) -> ET.Element:
    found = root.findall(f".//{tag}")
    assert len(found) == 1, tag
    return found[0]


def test_the_grid_numbers_the_marked_hex_as_the_map_prints_it(ford):
    root = build_file(ford)
    board = the(root, M + "map.boardPicker.Board")
    image = Image.open(io.BytesIO(ford.read(f"images/{board.get('image')}")))
    assert image.size == (int(board.get("width")), int(board.get("height")))
    grid = the(root, M + "map.boardPicker.board.HexGrid")
    assert vassal_hex_name(grid, *red_centre(image)) == MARKED
    dy = float(grid.get("dy"))
    assert dy == pytest.approx(0.6 * DPI)  # 0.6 in across the flats, at the module's scale


def test_every_piece_is_in_the_palette_with_its_faces(ford):
    root = build_file(ford)
    slots = {s.get("entryName"): s for s in root.iter("VASSAL.build.widget.PieceSlot")}
    assert sorted(slots) == ["Headquarters", "blue infantry", "red infantry"]
    names = set(ford.namelist())
    for name, slot in slots.items():
        pictures = faces(slot.text)
        assert len(pictures) == (1 if name == "Headquarters" else 2)  # a step to lose: a flip
        for picture in pictures:
            assert f"images/{picture}" in names
            size = Image.open(io.BytesIO(ford.read(f"images/{picture}"))).size
            assert size == (int(slot.get("width")), int(slot.get("height"))) == (36, 36)
    gpids = [s.get("gpid") for s in slots.values()]
    assert len(set(gpids)) == len(gpids)
    assert int(root.get("nextPieceSlotId")) > max(int(g) for g in gpids)


def test_the_margins_charts_are_chart_windows_and_boxes_are_zones(ford):
    root = build_file(ford)
    charts = root.findall(f".//{M}ChartWindow//VASSAL.build.widget.Chart")
    assert "Combat results" in [c.get("chartName") for c in charts]
    for chart in charts:
        assert f"images/{chart.get('fileName')}" in ford.namelist()
    (zone,) = root.iter(M + "map.boardPicker.board.mapgrid.Zone")
    assert zone.get("name") == "Replacement pool"
    board = the(root, M + "map.boardPicker.Board")
    xs, ys = zone_box(zone)
    assert 0 <= xs[0] < xs[1] <= int(board.get("width"))
    assert 0 <= ys[0] < ys[1] <= int(board.get("height"))


def zone_box(zone: ET.Element) -> tuple[tuple[int, int], tuple[int, int]]:
    points = [tuple(int(v) for v in p.split(",")) for p in zone.get("path").split(";")]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), max(xs)), (min(ys), max(ys))


def test_the_scenario_is_a_predefined_setup_read_back_in_place(ford):
    root = build_file(ford)
    (setup,) = root.iter(M + "PredefinedSetup")
    assert setup.get("name") == "First crossing" and setup.get("useFile") == "true"
    grid = the(root, M + "map.boardPicker.board.HexGrid")
    (zone,) = root.iter(M + "map.boardPicker.board.mapgrid.Zone")
    (xs, ys) = zone_box(zone)
    lines = read_saved_game(ford.read(setup.get("file")))
    assert lines[0] == "begin_save" and lines[-1] == "end_save"
    pieces = [
        line.rstrip("\\") for line in lines if line.startswith("+/") and "/stack/" not in line
    ]
    where = []
    for line in pieces:
        types, states = traits(line)
        name = types[-1][4]
        map_name, x, y = states[-1][:3]
        assert map_name == "Land"
        level = int(states[0][0]) if types[0][0] == "emb2" else 1
        if xs[0] <= int(x) <= xs[1] and ys[0] <= int(y) <= ys[1]:
            where.append((name, "pool", level))
        else:
            where.append((name, vassal_hex_name(grid, int(x), int(y)), level))
    assert sorted(where) == [
        ("Headquarters", "0101", 1),
        ("blue infantry", "0503", 2),  # placed reduced: the Layer's second level, its back
        ("red infantry", "0101", 1),
        ("red infantry", "pool", 1),
    ]
    stacks = [line for line in lines if "/stack/" in line]
    assert len(stacks) == 3  # 0101 holds two pieces in one stack


SQUARE_GAME = """\
id: squares
title: Squares
counters:
  - id: pawn
    size: 1/2
    front: {background: "#0000ff", text: P}
maps:
  - id: field
    title: Field
    cell: 0.5in
    terrains:
      - {id: grass, label: Grass, fill: "#9bc46a"}
      - {id: mark, label: Marked, fill: "#ff0000"}
    legend: {".": grass, X: mark}
    layout: |
      ....
      ..X.
      ....
"""


def vassal_square_name(grid: ET.Element, x: float, y: float) -> str:
    """SquareGridNumbering.locationName for an alphabetic column, numeric row."""
    n = grid[0].attrib
    col = math.floor((x - int(grid.get("x0"))) / float(grid.get("dx")) + 0.5)
    row = int((y - int(grid.get("y0"))) / float(grid.get("dy")) + 0.5)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[col + int(n["hOff"])] + pad(row + int(n["vOff"]), int(n["vLeading"]))


def test_a_square_grid_names_cells_as_the_map_prints_them(tmp_path):
    vmod = export(write_game(tmp_path / "squares", SQUARE_GAME), tmp_path / "out")
    root = build_file(vmod)
    board = the(root, M + "map.boardPicker.Board")
    image = Image.open(io.BytesIO(vmod.read(f"images/{board.get('image')}")))
    grid = the(root, M + "map.boardPicker.board.SquareGrid")
    assert vassal_square_name(grid, *red_centre(image)) == "C2"
    assert not list(root.iter(M + "PredefinedSetup"))  # no scenario, no set-up


def test_the_module_is_the_same_bytes_each_run(tmp_path):
    game = write_game(tmp_path / "squares", SQUARE_GAME)
    first = (export(game, tmp_path / "a").filename or "", export(game, tmp_path / "b").filename)
    assert Path(first[0]).read_bytes() == Path(first[1] or "").read_bytes()


def test_an_unwritable_output_folder_is_one_line_and_exit_2(tmp_path):
    game = write_game(tmp_path / "squares", SQUARE_GAME)
    (tmp_path / "afile").write_text("x")
    out = tmp_path / "afile" / "sub"
    result = run_cli("export", "vassal", str(game), "-o", str(out), "--dpi", "36", "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"kitgen: error: cannot write {out}: Not a directory (choose another folder with -o)"
    ]


def test_a_missing_game_is_an_input_error(tmp_path):
    result = run_cli("export", "vassal", str(tmp_path / "nowhere"), "-o", str(tmp_path), "-q")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{tmp_path / 'nowhere'}: error: no such file or folder",
        "1 error(s), 0 warning(s)",
    ]


IRON_FORD = Path(__file__).parent.parent / "content" / "ironford"


def test_iron_ford_exports_with_its_scenario_set_up(tmp_path):
    """Every placement of each Iron Ford scenario read back from the module: on the hex
    its `at:` names (by VASSAL's numbering) or in the zone of the box it names, reduced
    where it says `face: reduced`."""
    import yaml

    vmod = export(IRON_FORD, tmp_path, "--dpi", "36")
    root = build_file(vmod)
    grid = the(root, M + "map.boardPicker.board.HexGrid")
    zones = {
        z.get("name"): zone_box(z) for z in root.iter(M + "map.boardPicker.board.mapgrid.Zone")
    }
    (ryn,) = yaml.safe_load((IRON_FORD / "map.yaml").read_text())["maps"]
    labels = {b["id"]: b["label"] for b in ryn["boxes"]}
    tables = yaml.safe_load((IRON_FORD / "charts.yaml").read_text())["tables"]
    rolls = {t["roll"] for t in tables if t.get("roll")}
    dice = {d.get("name"): d for d in root.iter(M + "DiceButton")}
    assert set(dice) == rolls  # a button for each roll the CRT is read with
    for roll, d in dice.items():
        assert f"{d.get('nDice')}d{d.get('nSides')}" == roll
    setups = {s.get("file"): s for s in root.iter(M + "PredefinedSetup")}
    scenarios = sorted((IRON_FORD / "scenarios").glob("*.yaml"))
    assert len(setups) == len(scenarios) >= 1
    for path in scenarios:
        scenario = yaml.safe_load(path.read_text())
        want = sorted(
            (p["piece"], labels.get(p["at"], p["at"]), 2 if p.get("face") == "reduced" else 1)
            for side in scenario["sides"]
            for p in side["placements"]
        )
        lines = read_saved_game(vmod.read(f"scenario-{path.stem}.vsav"))
        got = []
        for line in (x.rstrip("\\") for x in lines if x.startswith("+/") and "/stack/" not in x):
            types, states = traits(line)
            (ident,) = re.findall(r"counter-(.+?)-front\.png", line)
            x, y = (int(v) for v in states[-1][1:3])
            level = int(states[0][0]) if types[0][0] == "emb2" else 1
            box = [
                n for n, (xs, ys) in zones.items() if xs[0] <= x <= xs[1] and ys[0] <= y <= ys[1]
            ]
            got.append((ident, box[0] if box else vassal_hex_name(grid, x, y), level))
        assert sorted(got) == want


CARD_GAME = """\
id: hand
title: Hand
counters:
  - id: pawn
    size: 1/2
    front: {background: "#aaaaaa", text: P}
decks:
  - {id: market, title: Market}
  - {id: events, title: Events}
cards:
  - id: "coin-{n}"
    for_each: {n: ["1", "2"]}
    deck: market
    quantity: 3
    size: poker
    front: {title: "Coin {n}"}
  - id: storm
    deck: events
    size: poker
    front: {title: Storm}
tracks:
  - id: turns
    title: Turn record
    from: 2
    to: 9
    step: 1
  - id: score
    title: Score
    from: 0
    to: 20
maps:
  - id: table
    title: Table
    cell: 1in
    terrains:
      - {id: felt, label: Felt, fill: "#9bc46a"}
    legend: {".": felt}
    layout: |
      ..
rules:
  sides: [east, west]
"""

CARD_SCENARIO = """\
title: Opening
map: table
sides:
  - id: east
    placements:
      - {piece: pawn, at: A1}
"""


@pytest.fixture(scope="module")
def hand(tmp_path_factory) -> zipfile.ZipFile:
    folder = tmp_path_factory.mktemp("hand")
    game = write_game(folder / "hand", CARD_GAME, {"scenarios/opening.yaml": CARD_SCENARIO})
    return export(game, folder / "out")


def test_each_deck_is_a_face_down_draw_pile_holding_every_copy(hand):
    import yaml

    game = yaml.safe_load(CARD_GAME)
    want = {d["title"]: 0 for d in game["decks"]}
    titles = {d["id"]: d["title"] for d in game["decks"]}
    for card in game["cards"]:
        copies = card.get("quantity", 1) * len(card.get("for_each", {"n": [1]})["n"])
        want[titles[card["deck"]]] += copies
    root = build_file(hand)
    piles = {p.get("name"): p for p in root.iter(M + "map.DrawPile")}
    assert {name: len(list(p)) for name, p in piles.items()} == want
    for pile in piles.values():
        assert pile.get("faceDown") == "Always" and pile.get("drawFaceUp") == "false"
        assert pile.get("shuffle") == "Always"
        for slot in pile:
            assert slot.tag == "VASSAL.build.widget.CardSlot"
            mask, basic = traits(slot.text or "")[0]
            assert mask[0] == "obs" and basic[0] == "piece"
            back, front = mask[2], basic[3]
            assert back != front and f"images/{back}" in hand.namelist()
            assert f"images/{front}" in hand.namelist()
    # the cards are in their decks, not loose in the palette with the pawn
    palette = [traits(s.text or "")[0][0][0] for s in root.iter("VASSAL.build.widget.PieceSlot")]
    assert palette == ["piece"]


def test_a_decks_cards_share_its_one_back_picture(hand):
    (market,) = [p for p in build_file(hand).iter(M + "map.DrawPile") if p.get("name") == "Market"]
    backs = {traits(slot.text or "")[0][0][2] for slot in market}
    assert len(backs) == 1


def test_the_turn_track_is_a_turn_tracker_over_the_games_turns(hand):
    trackers = list(build_file(hand).iter(M + "turn.TurnTracker"))
    assert [t.get("name") for t in trackers] == ["Turn record"]  # the score track is not
    (level,) = list(trackers[0])
    assert level.tag == M + "turn.CounterTurnLevel"
    assert (level.get("start"), level.get("incr"), level.get("loopLimit")) == ("2", "1", "9")


def test_a_card_module_is_the_same_bytes_each_run(tmp_path):
    game = write_game(tmp_path / "hand", CARD_GAME)
    first = (export(game, tmp_path / "a").filename or "", export(game, tmp_path / "b").filename)
    assert Path(first[0]).read_bytes() == Path(first[1] or "").read_bytes()


def test_a_set_up_deals_the_decks_as_a_new_game_does(hand):
    """A saved game replaces what a new game sets up: each DrawPile's cards are in it,
    as a deck of the pile's name holding as many cards, face down."""
    root = build_file(hand)
    piles = {p.get("name"): len(list(p)) for p in root.iter(M + "map.DrawPile")}
    (setup,) = list(root.iter(M + "PredefinedSetup"))
    commands = read_saved_game(hand.read(setup.get("file") or ""))
    added = {unseq(c.rstrip("\\"), "/")[1]: c for c in commands if c.startswith("+/")}
    decks = {}
    for command in added.values():
        _, _, kind, state = unseq(command.rstrip("\\"), "/")
        if kind.startswith("deck;"):
            ids = unseq(unseq(state, ";")[4], ",")
            assert all(traits(added[i])[0][0][0] == "obs" for i in ids)
            assert unseq(state, ";")[3] == "true"  # face down
            decks[unseq(kind, ";")[13]] = len(ids)
    assert decks == piles
    assert "DecksBoardPicker\tdecks\t0\t0" in commands


def test_a_turn_track_naming_its_turns_lists_them_by_name(tmp_path):
    """A track with periods (mud turns) steps through every turn named as the track
    names it; the level's list is VASSAL's comma-joined StringArray."""
    import yaml

    periods = "    periods: {Mud: [4, 5], Snow: [5]}\n"
    text = CARD_GAME.replace("    step: 1\n", "    step: 1\n" + periods)
    track = yaml.safe_load(text)["tracks"][0]
    game = write_game(tmp_path / "hand", text)
    (tracker,) = list(build_file(export(game, tmp_path / "out")).iter(M + "turn.TurnTracker"))
    (level,) = list(tracker)
    assert level.tag == M + "turn.ListTurnLevel"
    names = unseq(level.get("list") or "", ",")
    assert len(names) == track["to"] - track["from"] + 1
    for n, name in zip(range(track["from"], track["to"] + 1), names, strict=True):
        periods = [p for p, turns in track["periods"].items() if n in turns]
        assert name.split(" ")[0] == str(n)
        assert all(p in name for p in periods) and ("(" in name) == bool(periods)
