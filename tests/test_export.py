"""Pictures out of a build (`build --png --pieces`) and the exports for screens
(`export tts`, `export images`): files, sizes and positions read back and checked
against the manifest and the map, never against numbers copied from a run."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from kitgen.colours import parse_colour, rgb
from tests.conftest import run_cli, write_game

DPI = 72  # one pixel a point: sizes read back exactly, and the tests stay quick

GAME = """\
id: skirmish
title: Skirmish
counters:
  - id: "trooper-{side}"
    name: "Trooper ({side})"
    for_each: {side: [red, blue]}
    quantity: 3
    size: 1in
    front: {background: "{side}", text: {text: "4-6", at: bottom}}
    back: {background: "#dddddd", text: {text: "{side} spent"}}
  - id: fort
    size: 1in
    front: {background: "#00aa00", text: Fort}
cards:
  - id: "order-{n}"
    for_each: {n: ["1", "2", "3"]}
    size: poker
    front: {title: "Order {n}", blocks: [{text: "Move one trooper."}]}
    back: [{text: "Skirmish orders"}]
maps:
  - id: field
    title: Field
    cell: 1in
    terrains:
      - {id: grass, label: Grass, fill: "#9bc46a"}
    legend: {".": grass}
    layout: |
      ....
      ....
      ....
rules:
  sides: [red, blue]
  pieces:
    - {id: scout, name: Scout}
"""

SCENARIO = """\
title: First clash
map: field
sides:
  - id: red
    placements:
      - {piece: trooper-red, at: A1}
      - {piece: trooper-red, at: A1}
      - {piece: scout, at: D3}
  - id: blue
    placements:
      - {piece: trooper-blue, at: D1}
"""


@pytest.fixture(scope="module")
def game(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("skirmish") / "skirmish"
    return write_game(folder, GAME, {"scenarios/first-clash.yaml": SCENARIO})


@pytest.fixture(scope="module")
def built(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("built")
    result = run_cli("build", str(game), "-o", str(out), "--png", str(DPI), "--pieces", "-q")
    assert result.exit_code == 0, result.stderr
    return out / "skirmish"


@pytest.fixture(scope="module")
def tts(game, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = run_cli("export", "tts", str(game), "-o", str(out), "--dpi", str(DPI), "-q")
    assert result.exit_code == 0, result.stderr
    return out / "skirmish-tts"


def picture(path: Path) -> Image.Image:
    return Image.open(io.BytesIO(path.read_bytes()))


# ---- build --png --pieces -----------------------------------------------------------


def test_png_pages_are_the_pdf_pages_at_the_dpi(built):
    from pypdf import PdfReader

    manifest = json.loads((built / "manifest.json").read_text())
    pages = manifest["pictures"]["pages"]
    for entry in manifest["files"]:
        reader = PdfReader(built / entry["path"])
        listed = [p for p in pages if p["file"] == entry["path"]]
        assert [p["page"] for p in listed] == list(range(1, len(reader.pages) + 1))
        for p, page in zip(listed, reader.pages, strict=True):
            w, h = float(page.mediabox.width), float(page.mediabox.height)
            assert picture(built / p["path"]).size == (round(w), round(h))


def test_every_piece_face_has_a_png_of_its_trim_size(built):
    manifest = json.loads((built / "manifest.json").read_text())
    faces = {(p["kind"], p["id"], p["side"]): p for p in manifest["pictures"]["pieces"]}
    pieces = [i for i in manifest["items"] if i["kind"] in ("counter", "card")]
    assert {(i["kind"], i["id"], i["side"]) for i in pieces} == set(faces)
    for item in pieces:
        face = faces[(item["kind"], item["id"], item["side"])]
        x0, y0, x1, y1 = item["bbox"]
        image = picture(built / face["path"])
        assert image.size == tuple(face["pixels"])
        assert abs(image.width - (x1 - x0)) <= 1 and abs(image.height - (y1 - y0)) <= 1


def test_a_piece_png_shows_its_own_face(built):
    red = picture(built / "png/pieces/counter/trooper-red-front.png").convert("RGB")
    back = picture(built / "png/pieces/counter/trooper-red-back.png").convert("RGB")
    w, h = red.size
    expected = tuple(round(v * 255) for v in rgb(parse_colour("red")))
    assert red.getpixel((w // 2, h // 4)) == expected
    assert back.getpixel((w // 2, h // 8)) == (0xDD, 0xDD, 0xDD)


def test_pieces_without_png_is_png_at_150(game, tmp_path):
    result = run_cli("build", str(game), "-o", str(tmp_path), "--pieces", "-q")
    assert result.exit_code == 0, result.stderr
    manifest = json.loads((tmp_path / "skirmish/manifest.json").read_text())
    assert manifest["pictures"]["dpi"] == 150
    assert manifest["pictures"]["pieces"]


def test_png_dpi_out_of_range_is_a_usage_error(game, tmp_path):
    result = run_cli("build", str(game), "-o", str(tmp_path), "--png", "5000")
    assert result.exit_code == 2
    assert "5000 is not in the range 36<=x<=600" in result.stderr


# ---- export tts ---------------------------------------------------------------------


def objects(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ObjectStates"]


def walk(objs: list[dict]):
    for o in objs:
        yield o
        yield from walk(o.get("ContainedObjects", []))


def test_tts_save_has_the_structure_tts_reads(tts):
    save = json.loads((tts / "skirmish.json").read_text())
    assert isinstance(save["ObjectStates"], list) and save["SaveName"] == "Skirmish"
    guids = [o["GUID"] for o in walk(save["ObjectStates"])]
    assert len(guids) == len(set(guids)) and all(len(g) == 6 for g in guids)
    for o in walk(save["ObjectStates"]):
        assert set(o["Transform"]) == {
            "posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"
        }  # fmt: skip
        assert o["Name"] in {"Custom_Tile", "Bag", "DeckCustom", "Card", "BlockSquare"}


def test_tts_deck_ids_match_their_deck_sheets(tts):
    decks = [o for o in objects(tts / "skirmish.json") if o["Name"] == "DeckCustom"]
    assert len(decks) == 1
    deck = decks[0]
    cards = deck["ContainedObjects"]
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert len(cards) == 3
    for card in cards:
        key = str(card["CardID"] // 100)
        sheet = deck["CustomDeck"][key]
        assert card["CustomDeck"] == {key: sheet}
        assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"]
        assert 1 <= sheet["NumWidth"] <= 10 and 1 <= sheet["NumHeight"] <= 7
        assert sheet["UniqueBack"] is False  # every order card has the one back
        faces = picture(tts / sheet["FaceURL"])
        assert faces.width % sheet["NumWidth"] == 0 and faces.height % sheet["NumHeight"] == 0
        cell = (faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"])
        assert picture(tts / sheet["BackURL"]).size == cell  # a poker card at the DPI
        assert abs(cell[0] - 63.5 / 25.4 * DPI) <= 1 and abs(cell[1] - 88.9 / 25.4 * DPI) <= 1


def test_tts_counters_match_the_manifest_with_both_faces(tts, built):
    manifest = json.loads((built / "manifest.json").read_text())
    fronts = [i for i in manifest["items"] if i["kind"] == "counter" and i["side"] == "front"]
    tiles = [
        o
        for o in walk(objects(tts / "skirmish.json"))
        if o["Name"] == "Custom_Tile" and "/counter/" in o["CustomImage"]["ImageURL"]
    ]
    assert len(tiles) == len(fronts) == 7
    for t in tiles:
        front = picture(tts / t["CustomImage"]["ImageURL"])
        back = picture(tts / t["CustomImage"]["ImageSecondaryURL"])
        assert front.size == back.size == (72, 72)  # 1 in at 72 dpi
        assert t["Transform"]["scaleX"] == t["Transform"]["scaleZ"] == 0.5  # 1 in / 2 units
    troopers = [t for t in tiles if "trooper" in t["CustomImage"]["ImageURL"]]
    assert all(t["CustomImage"]["ImageSecondaryURL"].endswith("-back.png") for t in troopers)


def test_tts_bags_by_side(tts):
    bags = {o["Nickname"]: o for o in objects(tts / "skirmish.json") if o["Name"] == "Bag"}
    assert sorted(bags) == ["Pieces", "blue", "red"]
    assert len(bags["red"]["ContainedObjects"]) == 3
    assert len(bags["Pieces"]["ContainedObjects"]) == 1  # the fort has no side


def test_tts_board_and_pieces_share_one_scale(tts):
    board = objects(tts / "skirmish.json")[0]
    image = picture(tts / board["CustomImage"]["ImageURL"])
    # 4 x 3 cells of 1 in plus the map's 3 pt padding, at 72 dpi
    assert image.size == (4 * 72 + 6, 3 * 72 + 6)
    assert board["Transform"]["scaleX"] == pytest.approx((4 * 72 + 6) / 72 / 2, abs=1e-5)
    assert board["Locked"] is True


def test_tts_scenario_pieces_stand_on_their_cells(tts):
    objs = objects(tts / "scenario-first-clash.json")
    placed = [o for o in objs if o.get("Tags")]
    at = {
        (o["Nickname"], o["Tags"][0], o["Transform"]["posX"], o["Transform"]["posZ"])
        for o in placed
    }
    # the board (4 x 3 in) lies centred at the origin; A1 is the top-left cell
    assert at == {
        ("Trooper (red)", "red", -1.5, 1.0),
        ("Scout", "red", 1.5, -1.0),
        ("Trooper (blue)", "blue", 1.5, 1.0),
    }
    heights = sorted(o["Transform"]["posY"] for o in placed if o["Transform"]["posX"] == -1.5)
    assert len(heights) == 2 and heights[0] < heights[1]  # two troopers stacked on A1


def test_tts_base_url_prefixes_every_picture(game, tmp_path):
    url = "https://example.org/kits/skirmish-tts/"
    result = run_cli(
        "export", "tts", str(game), "-o", str(tmp_path), "--dpi", "36", "--base-url", url, "-q"
    )
    assert result.exit_code == 0, result.stderr
    text = (tmp_path / "skirmish-tts/skirmish.json").read_text()
    urls = [v for o in walk(json.loads(text)["ObjectStates"]) for v in _urls(o)]
    assert urls and all(u.startswith(url) for u in urls)
    for u in urls:
        assert (tmp_path / "skirmish-tts" / u.removeprefix(url)).is_file()


def _urls(o: dict):
    image = o.get("CustomImage", {})
    yield from (image[k] for k in ("ImageURL", "ImageSecondaryURL") if k in image)
    for sheet in o.get("CustomDeck", {}).values():
        yield sheet["FaceURL"]
        yield sheet["BackURL"]


def test_exports_are_deterministic_and_atomic(game, tmp_path):
    args = ["export", "tts", str(game), "-o", str(tmp_path), "--dpi", "36", "-q"]
    assert run_cli(*args).exit_code == 0
    first = {p: p.read_bytes() for p in (tmp_path / "skirmish-tts").rglob("*") if p.is_file()}
    assert run_cli(*args).exit_code == 0
    again = {p: p.read_bytes() for p in (tmp_path / "skirmish-tts").rglob("*") if p.is_file()}
    assert first == again
    broken = tmp_path / "broken" / "skirmish"
    write_game(
        broken,
        GAME.replace(
            'size: 1in\n    front: {background: "#00aa00"',
            'size: 1inch\n    front: {background: "#00aa00"',
        ),
    )
    result = run_cli("export", "tts", str(broken), "-o", str(tmp_path), "--dpi", "36")
    assert result.exit_code == 1
    assert "unknown unit 'inch'" in result.stderr
    assert {
        p: p.read_bytes() for p in (tmp_path / "skirmish-tts").rglob("*") if p.is_file()
    } == first


def test_a_deck_past_70_cards_takes_a_second_sheet(tmp_path):
    game = write_game(
        tmp_path / "big",
        """\
        id: big
        title: Big deck
        cards:
          - id: "c-{n}"
            for_each: {n: NUMBERS}
            size: mini
            front: {title: "{n}"}
            back: [{text: Back}]
        """.replace("NUMBERS", "[" + ", ".join(f'"{n}"' for n in range(1, 76)) + "]"),
    )
    result = run_cli("export", "tts", str(game), "-o", str(tmp_path), "--dpi", "36", "-q")
    assert result.exit_code == 0, result.stderr
    (deck,) = [o for o in objects(tmp_path / "big-tts/big.json") if o["Name"] == "DeckCustom"]
    sheets = deck["CustomDeck"]
    assert [(s["NumWidth"], s["NumHeight"]) for s in sheets.values()] == [(10, 7), (5, 1)]
    assert len(deck["DeckIDs"]) == 75
    assert {str(i // 100) for i in deck["DeckIDs"]} == set(sheets)


# ---- export images ------------------------------------------------------------------


def test_export_images_index(game, built, tmp_path):
    result = run_cli("export", "images", str(game), "-o", str(tmp_path), "--dpi", str(DPI), "-q")
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "skirmish-images"
    index = json.loads((folder / "index.json").read_text())
    manifest = json.loads((built / "manifest.json").read_text())
    fronts = [
        i for i in manifest["items"] if i["kind"] in ("counter", "card") and i["side"] == "front"
    ]
    assert sum(p["quantity"] for p in index["pieces"]) == len(fronts)
    by_id = {p["id"]: p for p in index["pieces"]}
    assert by_id["trooper-red"]["size_mm"] == [25.4, 25.4]
    assert by_id["trooper-red"]["quantity"] == 3
    assert by_id["fort"]["back"] is None
    assert by_id["order-1"]["size_mm"] == [63.5, 88.9]
    for p in index["pieces"]:
        for key in ("front", "back"):
            if p[key]:
                w, h = picture(folder / p[key]).size
                assert abs(w - p["size_mm"][0] / 25.4 * DPI) <= 1
                assert abs(h - p["size_mm"][1] / 25.4 * DPI) <= 1
    assert [b["id"] for b in index["boards"]] == ["field"]
    assert len(index["pages"]) == sum(f["pages"] for f in manifest["files"])
    assert all((folder / p["image"]).is_file() for p in index["pages"])
