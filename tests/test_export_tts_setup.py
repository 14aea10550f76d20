"""`kitgen export tts` faithful to the kit: a scenario's pieces show the face it gives,
each off-map box is its own labelled place, the board carries its margins' charts, and
decks lie face down. Read back from the saves and the pictures they point at."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from tests.conftest import run_cli, write_game
from tests.test_export import GAME as SKIRMISH
from tests.test_export_vassal import HEX_GAME

DPI = 72

GAME = (
    HEX_GAME.replace("ORIENT", "flat")
    .replace("OFFSET", "odd")
    .replace(
        "      - {id: pool, label: Replacement pool}",
        "      - {id: pool, label: Replacement pool}\n      - {id: dead, label: Eliminated}",
    )
)

SCENARIO = """\
title: Held at the ford
map: land
sides:
  - id: red
    placements:
      - {piece: red-inf, at: "0403"}
      - {piece: red-inf, at: pool}
  - id: blue
    placements:
      - {piece: blue-inf, at: "0101", face: reduced}
      - {piece: blue-inf, at: dead}
"""


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("ford")
    game = write_game(folder / "ford", GAME, {"scenarios/held.yaml": SCENARIO})
    result = run_cli("export", "tts", str(game), "-o", str(folder), "--dpi", str(DPI), "-q")
    assert result.exit_code == 0, result.stderr
    return folder / "ford-tts"


def objects(path: Path) -> list[dict]:
    return json.loads(path.read_text())["ObjectStates"]


def picture(path: Path) -> Image.Image:
    return Image.open(io.BytesIO(path.read_bytes())).convert("RGB")


def on_board(objs: list[dict], name: str) -> list[dict]:
    return [o for o in objs if o["Name"] == "Custom_Tile" and o["Nickname"] == name]


def test_a_reduced_piece_lies_back_up(tts):
    objs = objects(tts / "scenario-held.json")
    blues = on_board(objs, "blue infantry")  # one reduced on 0101, one in the Eliminated box
    reds = on_board(objs, "red infantry")
    assert sorted(b["Transform"]["rotZ"] for b in blues) == [0.0, 180.0]  # the back up: reduced
    blue = next(b for b in blues if b["Transform"]["rotZ"] == 180.0)
    assert [r["Transform"]["rotZ"] for r in reds] == [0.0, 0.0]
    back = picture(tts / blue["CustomImage"]["ImageSecondaryURL"])
    w, h = back.size
    assert back.getpixel((w // 2, h // 8)) == (0xDD, 0xDD, 0xDD)  # the back shows the grey


def test_each_off_map_box_is_its_own_labelled_place(tts):
    objs = objects(tts / "scenario-held.json")
    zones = {o["Nickname"]: o["Transform"] for o in objs if o["Name"] == "ScriptingTrigger"}
    # the box the margins print, and the one they do not: drawn on the board all the same
    assert sorted(zones) == ["Eliminated", "Replacement pool"]
    pieces = on_board(objs, "red infantry") + on_board(objs, "blue infantry")
    inside = {
        name: [
            p["Nickname"]
            for p in pieces
            if abs(p["Transform"]["posX"] - z["posX"]) < z["scaleX"] / 2
            and abs(p["Transform"]["posZ"] - z["posZ"]) < z["scaleZ"] / 2
        ]
        for name, z in zones.items()
    }
    assert inside == {"Replacement pool": ["red infantry"], "Eliminated": ["blue infantry"]}
    assert not [o for o in objs if o["Name"] == "Bag"]  # nothing left over in a bag


def test_the_board_carries_its_margins_charts_and_pieces_stay_on_their_cells(tts):
    objs = objects(tts / "scenario-held.json")
    board = objs[0]
    image = picture(tts / board["CustomImage"]["ImageURL"])
    w_in, h_in = board["Transform"]["scaleX"] * 2, board["Transform"]["scaleZ"] * 2
    # 5 columns of 0.6 in hexes are about 2.6 in wide: the CRT and the boxes widen it
    assert w_in > 4.0
    assert image.width == pytest.approx(w_in * DPI, abs=1)
    pool = next(o for o in objs if o["Nickname"] == "Replacement pool")["Transform"]
    (on_mark,) = [  # the red infantry not in the pool
        r
        for r in on_board(objs, "red infantry")
        if abs(r["Transform"]["posZ"] - pool["posZ"]) > pool["scaleZ"] / 2
    ]
    x = (on_mark["Transform"]["posX"] + w_in / 2) * DPI
    y = (h_in / 2 - on_mark["Transform"]["posZ"]) * DPI
    assert image.getpixel((round(x), round(y))) == (255, 0, 0)  # the marked hex, 0403


def test_decks_lie_face_down(tmp_path):
    game = write_game(tmp_path / "skirmish", SKIRMISH)
    result = run_cli("export", "tts", str(game), "-o", str(tmp_path), "--dpi", "36", "-q")
    assert result.exit_code == 0, result.stderr
    decks = [
        o for o in objects(tmp_path / "skirmish-tts/skirmish.json") if o["Name"] == "DeckCustom"
    ]
    assert decks and all(d["Transform"]["rotZ"] == 180.0 for d in decks)
    for d in decks:
        assert all(c["Transform"]["rotZ"] == 180.0 for c in d["ContainedObjects"])


IRON_FORD = Path(__file__).parent.parent / "content" / "ironford"


def test_iron_ford_scenario_set_up_on_the_table(tmp_path):
    """Each Iron Ford placement read back from its TTS save: reduced ones back up, those
    in a box inside that box's labelled zone, the rest on the board."""
    import re

    import yaml

    result = run_cli("export", "tts", str(IRON_FORD), "-o", str(tmp_path), "--dpi", "36", "-q")
    assert result.exit_code == 0, result.stderr
    (ryn,) = yaml.safe_load((IRON_FORD / "map.yaml").read_text())["maps"]
    labels = {b["id"]: b["label"] for b in ryn["boxes"]}
    for path in sorted((IRON_FORD / "scenarios").glob("*.yaml")):
        scenario = yaml.safe_load(path.read_text())
        objs = objects(tmp_path / "ironford-tts" / f"scenario-{path.stem}.json")
        zones = {o["Nickname"]: o["Transform"] for o in objs if o["Name"] == "ScriptingTrigger"}
        assert sorted(zones) == sorted(labels.values())  # each box its own labelled zone
        want = sorted(
            (p["piece"], labels.get(p["at"], "map"), p.get("face") == "reduced")
            for side in scenario["sides"]
            for p in side["placements"]
        )
        got = []
        for o in objs[1:]:
            if o["Name"] != "Custom_Tile":
                continue
            (ident,) = re.findall(r"counter/(.+?)-front\.png", o["CustomImage"]["ImageURL"])
            t = o["Transform"]
            inside = [
                name
                for name, z in zones.items()
                if abs(t["posX"] - z["posX"]) < z["scaleX"] / 2
                and abs(t["posZ"] - z["posZ"]) < z["scaleZ"] / 2
            ]
            got.append((ident, inside[0] if inside else "map", t["rotZ"] == 180.0))
        assert sorted(got) == want
