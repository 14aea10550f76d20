"""The seed games' scenarios: each checks clean as shipped, and broken copies of each
report exactly what is wrong, where, and which rule says so."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import CONTENT, FAST_KIT, kit_notes, pdf_text, plan_game, run_cli

SCENARIOS = {
    "reshuffled": ["flooded-duel", "standard"],
    "ryamon": ["four-tribes"],
    "duck": ["cargo-bay-sweep"],
    "rencounter": ["ambush-at-the-ford", "gunfight"],
}


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_seed_scenarios_check_clean(game):
    run = run_cli("check", str(CONTENT / game))
    lines = run.stderr.splitlines()
    held = len(SCENARIOS[game])
    said = f"ok: 1 game with {held} scenario{'s' if held > 1 else ''} checked"
    assert (run.exit_code, lines[-1]) == (0, said)
    warnings = lines[:-2]  # before the "0 error(s), N warning(s)" summary, when there is one
    assert lines[:-1] == [] or lines[-2] == f"0 error(s), {len(warnings)} warning(s)"
    # the seeds lost some numbers: those print as write-in blanks, the only warnings allowed
    assert all(": warning: " in w and "write-in blank" in w for w in warnings), warnings
    assert sorted(f.stem for f in (CONTENT / game / "scenarios").glob("*.yaml")) == sorted(
        SCENARIOS[game]
    )  # a new scenario file is listed here, so its set-up sheet is tested below


SHIPPED = sorted(CONTENT.glob("*/scenarios/*.yaml"))


@pytest.mark.parametrize(
    "file",
    [
        pytest.param(f, id=f"{f.parts[-3]}/{f.stem}", marks=() if fast else pytest.mark.slow)
        for f, fast in ((f, f.parts[-3] == FAST_KIT) for f in SHIPPED)
    ],
)
def test_every_shipped_scenario_checks_clean_on_its_own(file):
    """Every scenario file in content/ (the seeds' and every other kit's), found on disk."""
    one = run_cli("check", str(file))
    assert (one.exit_code, one.stderr) == (0, "ok: 1 scenario checked\n")


@pytest.mark.parametrize("game", sorted(SCENARIOS))
def test_seed_builds_print_a_setup_per_scenario(game):
    planned = plan_game(CONTENT / game)
    names = [d.name for d in planned.docs if d.name.startswith("scenario-")]
    assert names == [f"scenario-{n}" for n in SCENARIOS[game]]


def broken(tmp_path: Path, monkeypatch, game: str, scenario: str, edits: list[tuple[str, str]]):
    """A copy of the game with the scenario edited; `kitgen check` run on that file."""
    folder = tmp_path / game
    shutil.copytree(CONTENT / game, folder)
    file = folder / "scenarios" / f"{scenario}.yaml"
    text = file.read_text()
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    file.write_text(text)
    monkeypatch.chdir(folder)
    return run_cli("check", f"scenarios/{scenario}.yaml")


def test_reshuffled_standard_setup_broken(tmp_path, monkeypatch):
    run = broken(
        tmp_path,
        monkeypatch,
        "reshuffled",
        "standard",
        [
            ("{piece: sentry-gun, at: B1, label: SG}", "{piece: sentry-gun, at: C1, label: SG}"),
            ("{piece: sentry-gun, at: M13, label: SG}", "{piece: sentry-gun, at: M6, label: SG}"),
            ("{piece: submarine-red, at: R16,", "{piece: submarine-red, at: R18,"),
            ("{piece: submarine-green, at: R15,", "{piece: submarine-green, at: R14,"),
            ("{piece: code-hack-blue, count: 5}", "{piece: code-hack-blue, count: 4}"),
            ("{piece: submarine-yellow, at: O18,", "{piece: submarine-yellow, at: O15,"),
        ],
    )
    assert run.exit_code == 1
    assert run.stderr.splitlines() == [
        # C1 is not beside the Aguan's hatchway A1
        "scenarios/standard.yaml:3:1: error: the scenario has 1 Sentry-Gun on open and "
        "adjacent to aguan, needs exactly 2 (rule at rules.yaml:26:7)",
        # M6 is a room centre off the A1-R18 diagonal; F6 and M13 are on it
        "scenarios/standard.yaml:3:1: error: the scenario has 1 Sentry-Gun at *.room-centre and "
        "on the line from aguan to opposite aguan, needs exactly 2 (rule at rules.yaml:32:7)",
        "scenarios/standard.yaml:23:9: error: sides[0].placements[0]: "
        "submarine-red on cell R18 (Hatchway) "
        "is at *.outer-hatch (rule at rules.yaml:40:7)",
        "scenarios/standard.yaml:26:5: error: sides[1]: side blue has 4 Code-Hack tokens, needs "
        "exactly 5 (rule at rules.yaml:52:7)",
        # R14 is 4 squares from R18, one more than the Approach area's 3
        "scenarios/standard.yaml:37:9: error: sides[2].placements[0]: "
        "submarine-green on cell R14 (Open "
        "space) is not within 3 cells of opposite aguan walking through open or hatch "
        "(rule at rules.yaml:40:7)",
        # O15 is 3 squares from R18 as the crow flies, but inside a room behind the bulkhead
        "scenarios/standard.yaml:44:9: error: sides[3].placements[0]: "
        "submarine-yellow on cell O15 (Open "
        "space) is not within 3 cells of opposite aguan walking through open or hatch "
        "(rule at rules.yaml:40:7)",
        "6 error(s), 0 warning(s)",
    ]


def test_reshuffled_variants_broken(tmp_path, monkeypatch):
    run = broken(
        tmp_path,
        monkeypatch,
        "reshuffled",
        "flooded-duel",
        [
            ("{piece: water-level, at: K15}", "{piece: water-level, at: G5}"),
            (
                '      - {piece: ronin-sword-red, at: B18, label: " "}\n',
                '      - {piece: ronin-sword-blue, at: B18, label: " "}\n',
            ),
        ],
    )
    listing = (
        "1 sword Ronin of his colour, 1 shotgun Ronin of his colour, 1 pistol Ronin of "
        "his colour, 1 AK-47 Ronin of his colour"
    )
    assert run.stderr.splitlines() == [
        # one message: the Ronin in the wrong slot leaves the sword's short and is over
        "scenarios/flooded-duel.yaml:27:9: error: sides[0].placements[3]: side red is missing 1 "
        "sword Ronin of his colour and has 1 Ronin more than its slots allow (its slots: "
        f"{listing}) (rule at rules.yaml:64:7)",
        "scenarios/flooded-duel.yaml:37:9: error: sides[1].placements[2]: 2 water level markers "
        "in area room-4 exceed its stacking limit of 1 (rule at rules.yaml:87:7)",
        "scenarios/flooded-duel.yaml:38:9: error: sides[1].placements[3]: 'ronin-sword-blue': 2 "
        "placed, the kit provides 1 (piece defined at counters.yaml:39:5)",
        "3 error(s), 0 warning(s)",
    ]


def test_ryamon_start_broken(tmp_path, monkeypatch):
    run = broken(
        tmp_path,
        monkeypatch,
        "ryamon",
        "four-tribes",
        [
            ("{piece: farmer-red, at: B1}", "{piece: farmer-red, at: A1}"),
            ("{piece: doctor-red, at: B2}", "{piece: doctor-blue, at: B2}"),
            (
                "values: {food: 5}\n    placements:\n      - {piece: farmer-blue",
                "values: {food: 4}\n    placements:\n      - {piece: farmer-blue",
            ),
            ("{piece: soldier-green, at: G7}", "{piece: artist-green, at: G7}"),
            ("{piece: hunter-green, at: H8}", "{piece: scientist-green, at: G6}"),
            (
                "{piece: farmer-yellow, at: B8}\n      - {piece: farmer-yellow, at: A7}",
                "{piece: farmer-yellow, at: C7, count: 2}",
            ),
            ("{piece: hunter-yellow, at: A8}", "{piece: hunter-yellow, at: C7}"),
            ("{piece: general-yellow, at: B7}", "{piece: general-yellow, at: C7}"),
        ],
    )
    slots = "(its slots: 2 farmer pieces, 1 soldier piece, 2 pieces of any type)"
    assert run.stderr.splitlines() == [
        # the hunter already stands in A1, whose pop limit is 1: the farmer is said to be
        # there once, not again as the pop limit's excess
        "scenarios/four-tribes.yaml:13:9: error: sides[0].placements[0]: farmer-red on cell A1 "
        "(Water): person other than hunter may not stand on water (rule at rules.yaml:29:7)",
        # at the person of another tribe itself
        "scenarios/four-tribes.yaml:17:9: error: sides[0].placements[4]: side red has 1 person "
        "of another tribe, needs at most 0 (rule at rules.yaml:23:7)",
        "scenarios/four-tribes.yaml:21:14: error: sides[1].values.food: side blue: food is 4, "
        "must be 5 (rule at rules.yaml:42:7)",
        # starting Scientists and Lawyers are placed as newborns are: in Urban
        "scenarios/four-tribes.yaml:36:9: error: sides[2].placements[3]: scientist-green on cell "
        "G6 (Forest): scientist/lawyer may stand only on urban (rule at rules.yaml:49:7)",
        # a second artist where the soldier was: one message, short of one slot and over
        "scenarios/four-tribes.yaml:37:9: error: sides[2].placements[4]: side green is missing 1 "
        f"soldier piece and has 1 person more than its slots allow {slots} (rule at "
        "rules.yaml:14:7)",
        # 2 farmers, the hunter and the general in a Forest: 4 > 3
        "scenarios/four-tribes.yaml:46:9: error: sides[3].placements[3]: 4 people on cell C7 "
        "(Forest) exceed its pop limit of 3 (rule at rules.yaml:33:7)",
        "6 error(s), 0 warning(s)",
    ]


def test_duck_mission_broken(tmp_path, monkeypatch):
    run = broken(
        tmp_path,
        monkeypatch,
        "duck",
        "cargo-bay-sweep",
        [
            ("at: H2, label: Ke", "at: G2, label: Ke"),
            ("weapon: heavy automatic rifle}}", "weapon: laser}}"),
            (
                "label: Va, attrs: {name: Vasq, build: strong,",
                "label: Va, attrs: {name: Vasq, build: average,",
            ),
            (
                "{piece: threat-harpy-2, at: C5, label: Hp2}",
                "{piece: threat-harpy-2, at: F5, label: Hp2}",
            ),
        ],
    )
    assert run.stderr.splitlines() == [
        # said once: not again as "not in area corridor" (the mission's own rule); a man is
        # named by his roster name, not his token's letters (Ke)
        "scenarios/cargo-bay-sweep.yaml:12:9: error: sides[0].placements[0]: Sgt Kell on cell G2 "
        "(Cargo load, FULL height): team/threat may not stand on cargo-full (Cargo load, FULL "
        "height) (rule at rules.yaml:10:7)",
        "scenarios/cargo-bay-sweep.yaml:15:18: error: sides[0].placements[1].attrs.weapon: Roon: "
        "weapon is 'laser', must be one of pistol, heavy automatic rifle, high explosive machine "
        "gun, flamer, dope gun, grenade, incendiary grenade, flechette cannon, axe, cutlass, "
        "directional mine, fire bomb, hot air gun (rule at rules.yaml:22:7)",
        # the booklet describes the Flamer as a load for a strong man: advice, not an error
        "scenarios/cargo-bay-sweep.yaml:16:74: warning: sides[0].placements[2].attrs.build: Vasq: "
        "build is 'average', must be one of strong (rule at rules.yaml:43:7)",
        # F5 is 2 squares from Vasq on H5
        "scenarios/cargo-bay-sweep.yaml:25:9: error: sides[1].placements[1]: Hp2 on cell F5 "
        "(Deck) is not at least 3 cells from team (rule at scenarios/cargo-bay-sweep.yaml:35:5)",
        "3 error(s), 1 warning(s)",
    ]


def test_rencounter_rosters_broken(tmp_path, monkeypatch):
    run = broken(
        tmp_path,
        monkeypatch,
        "rencounter",
        "ambush-at-the-ford",
        [
            ("name: Sgt. Gridley, Ex: 4, F: 7,", "name: Sgt. Gridley, Ex: 7, F: 7,"),
            ("{name: Henri, Ex: 5, F: 11,", "{name: Henri, Ex: 5, F: 15,"),
            (
                "          - {piece: figure, at: D5, label: C, attrs: {name: Gautier, Ex: 3, F: 6, "
                "M: 6, armour: 0, weapon: Flintlock Pistol, melee: Sword}}\n",
                "",
            ),
            (
                "          - {piece: figure, at: C5, label: C, attrs: {name: Fabre, Ex: 4, F: 8, "
                "M: 7, armour: 0, weapon: Flintlock Pistol, melee: Sword}}\n",
                "",
            ),
            (
                "{name: Guard 12, Ex: 5, F: 10, M: 10, armour: 1, weapon: Matchlock Musket, "
                "melee: Sword}",
                "{name: Guard 12, Ex: 6, F: 10, M: 10, armour: 1, weapon: Matchlock Musket, "
                'melee: Sword, leader: "yes"}',
            ),
            # a weapon the missile weapons table (rulebook 12.2) has no row for
            (
                "{name: Brun, Ex: 4, F: 8, M: 8, armour: 0, weapon: Matchlock Musket,",
                "{name: Brun, Ex: 4, F: 8, M: 8, armour: 0, weapon: musket,",
            ),
        ],
    )
    assert run.stderr.splitlines() == [
        "scenarios/ambush-at-the-ford.yaml:26:79: error: sides[0].units[0].figures[1].attrs.Ex: "
        "Sgt. Gridley: Ex is 7, must be from 1 to 6 (rule at rules.yaml:27:7)",
        "scenarios/ambush-at-the-ford.yaml:27:105: error: sides[0].units[0].figures[2].attrs."
        "weapon: Brun: weapon is 'musket', which names no row of table missile-weapons (rule at "
        "rules.yaml:54:7)",
        # "the number of figures in a unit is up to you": advice, a warning
        "scenarios/ambush-at-the-ford.yaml:30:9: warning: sides[0].units[1]: unit courier has 3 "
        "figures, needs 4 to 10 (rule at rules.yaml:71:7)",
        "scenarios/ambush-at-the-ford.yaml:35:78: error: sides[0].units[1].figures[2].attrs.F: "
        "Henri: F is 15, must be from 2 to 14 (rule at rules.yaml:38:7)",
        # both at Guard 12, the second leader of his unit and the second master of his side
        "scenarios/ambush-at-the-ford.yaml:61:13: error: sides[1].units[1].figures[6]: unit wood "
        "has 2 leaders, needs exactly 1 (rule at rules.yaml:84:7)",
        # advice, not law: a warning (Rochefort and now Guard 12 are both Ex 6)
        "scenarios/ambush-at-the-ford.yaml:61:13: warning: sides[1].units[1].figures[6]: side "
        "cardinal has 2 masters, needs at most 1 (rule at rules.yaml:97:7)",
        "4 error(s), 2 warning(s)",
    ]


def test_ryamon_setup_sheet_read_back_from_the_pdf(tmp_path):
    run = run_cli("build", str(CONTENT / "ryamon"), "-o", str(tmp_path), "-q")
    assert run.exit_code == 0, run.stderr
    kit = tmp_path / "ryamon"
    reader = PdfReader(io.BytesIO((kit / "scenario-four-tribes.pdf").read_bytes()))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for expected in (
        "Sample start",
        "Red tribe",
        "Yellow tribe",
        "Food: 5",
        "2 × Farmer (red tribe): B1, A2",
        "Set-up rules",
        "Each tribe starts with 5 food.",
    ):
        assert expected in text
    # a rule the kit reads from the source is marked with its number; the words are on
    # the kit's notes page, under the same number
    mark = re.search(
        r"Place Scientists and Lawyers in Urban \(as newborns are\)\.\s?(\u2020\d+)", text
    )
    assert mark is not None
    pdfs = {p.name: p.read_bytes() for p in kit.glob("*.pdf")}
    notes, _ = kit_notes(pdfs, json.loads((kit / "manifest.json").read_text()))
    assert "Starting people are placed as births are" in notes
    items = json.loads((kit / "manifest.json").read_text())["items"]
    setup = [i for i in items if i["kind"] == "setup-map"]
    # 4 tribes x 5 people, every one on the map
    assert [(i["id"], i["tokens"], i["file"]) for i in setup] == [
        ("four-tribes", 20, "scenario-four-tribes.pdf")
    ]


def test_reshuffled_approach_area_is_walked_like_the_maps_own():
    """The scenario's Approach area (3 spaces from the hatchway opposite the Aguan, walked
    through open spaces and hatchways) is the map's own: not the inside room's corner behind
    the bulkhead, which is 3 squares away as the crow flies."""
    from kitgen.errors import Diagnostics
    from kitgen.rules.setup import resolve

    p = plan_game(CONTENT / "reshuffled")
    book = p.game.rules
    board = p.game.maps.get("station")
    standard = next(s for s in book.scenarios if s.id == "standard")
    approach = resolve(p.game, book, standard, Diagnostics()).areas["approach"]
    assert approach == board.areas["approach"] and len(approach) == 11
    assert board.cell_at_label("O15") not in approach
    # the flooded duel turns it all with the Aguan (top-right): the bottom-left corner
    duel = next(s for s in book.scenarios if s.id == "flooded-duel")
    turned = resolve(p.game, book, duel, Diagnostics()).areas["approach"]
    assert sorted(board.label(c) for c in turned) == sorted(
        board.label((17 - c, r)) for c, r in approach
    )


def test_reshuffled_approach_area_is_keyed_on_each_set_up_map_and_not_on_the_board():
    """The Approach area moves with the Aguan's corner: the board and its pieces do not
    print it, and each scenario's set-up map hatches its own and keys it beside the
    terrains, with a hatched swatch (not a line of text)."""
    from tests.conftest import seed_kit

    _, pdfs, _ = seed_kit("reshuffled")
    for file in ("map-station.pdf", "map-station-piece.pdf"):
        text = " ".join(" ".join(pdf_text(pdfs[file])).split())
        assert "Approach" not in text.replace("The Approach area is not printed", ""), file
    for file in ("scenario-standard.pdf", "scenario-flooded-duel.pdf"):
        first = " ".join(pdf_text(pdfs[file])[0].split())
        assert "Bulkhead Water level Approach area" in first, file
        assert "hatched:" not in first, file


def test_set_up_sheets_name_areas_and_pieces_by_their_titles(tmp_path):
    from .conftest import build_pdfs

    # the duel's marker placed in its room by the room's name, not on its space
    folder = tmp_path / "reshuffled"
    shutil.copytree(CONTENT / "reshuffled", folder)
    duel = folder / "scenarios" / "flooded-duel.yaml"
    text = duel.read_text()
    assert "{piece: water-level, at: H4}" in text
    duel.write_text(
        text.replace("{piece: water-level, at: H4}", "{piece: water-level, area: room-4}")
    )
    _, pdfs, _ = build_pdfs(folder)
    text = " ".join(
        page.extract_text()
        for page in PdfReader(io.BytesIO(pdfs["scenario-flooded-duel.pdf"])).pages
    )
    # a map area in words and a weapon as the rules name it, never the ids
    assert "Water Level: Room 4" in text and "Scout (AK-47, red)" in text
    assert "room-4" not in text and "ak47" not in text


def test_set_up_maps_are_drawn_with_the_maps_own_art():
    from kitgen.layout.plan import Group, Rect, Text

    planned = plan_game(CONTENT / "ryamon")
    doc = next(d for d in planned.docs if d.name == "scenario-four-tribes")
    diagram = max(
        (op for op in doc.pages[0].ops if isinstance(op, Group)), key=lambda g: len(g.ops)
    )
    keys = {op.key for op in diagram.ops if isinstance(op, Group) and op.key}
    # the terrain patterns of the map sheet itself, drawn once each as a form
    assert {k.split("-")[-2] for k in keys if k.startswith("setup-pat-")} >= {"water", "forest"}
    # every cell's coordinates, on a white tab, printed at 6 pt whatever the scale
    m = planned.game.maps.maps[0]
    labels = {m.label(c) for c in m.cells}
    coords = [op for op in diagram.ops if isinstance(op, Text) and op.text in labels]
    assert len(coords) == len(labels)
    assert min(op.font.size * diagram.scale for op in coords) >= 6.0 - 1e-6
    tabs = [op for op in diagram.ops if isinstance(op, Rect) and op.fill == "#ffffff"]
    assert len(tabs) >= len(labels)


@pytest.mark.parametrize(
    ("game", "file", "heading", "lines"),
    [
        (
            "ironford",
            "scenario-crossing.pdf",
            "Northern Army",
            ["× 1st Bridging Bn.", "× Northern Army HQ"],
        ),
    ],
)
def test_a_short_set_up_section_is_never_split_across_pages(game, file, heading, lines):
    """Read back from the printed set-up sheets: a side's short section (a heading and a
    few lines) starts the next page whole rather than leave its heading and a line or two
    at the foot of a page, the rest overleaf."""
    from .conftest import seed_kit

    _, pdfs, _ = seed_kit(game)
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(pdfs[file])).pages]
    assert len(pages) > 1  # the sheet runs over: the section could split

    def pages_with(text: str) -> set[int]:
        return {n for n, page in enumerate(pages) if text in page}

    # the heading as a line of its own (the map's key may name the side in passing)
    at = {n for n, page in enumerate(pages) if heading in map(str.strip, page.splitlines())}
    assert len(at) == 1
    for line in lines:
        assert pages_with(line) == at, (line, heading)


def _headings(pdf: bytes) -> list[tuple[int, str, float, float]]:
    """(page from 1, text, left, baseline) of every run over 7 pt (the section headings
    among them, at a size that moves with the sheet's type: looked up by their words)."""
    import pypdfium2 as pdfium

    from tests.page_marks import read_marks

    doc = pdfium.PdfDocument(pdf)
    out = []
    for n in range(len(doc)):
        marks = read_marks(doc[n])
        first: dict[int, tuple[float, float]] = {}
        for g in marks.glyphs:
            if g.size > 7.01 and g.run not in first:
                first[g.run] = (g.box[0], g.box[1])
        out += [(n + 1, marks.runs[r], x, y) for r, (x, y) in first.items()]
    return out


def test_sides_with_short_lines_stand_two_abreast():
    """Reshuffled's four teams list only short lines: they print two abreast (Red beside
    Blue, Green beside Yellow), so the standard set-up takes 2 pages, not 3 with its
    set-up rules alone on the last. Iron Ford's sides have a note too long for half the
    width: they stay one under the other. Read back from the PDFs."""
    from tests.conftest import seed_kit

    _, pdfs, _ = seed_kit("reshuffled")
    heads = {t: (page, x, y) for page, t, x, y in _headings(pdfs["scenario-standard.pdf"])}
    assert max(page for page, _, _ in heads.values()) == 2
    red, blue = heads["Redteam(swords)"], heads["Blueteam(shotguns)"]
    green, yellow = heads["Greenteam(pistols)"], heads["Yellowteam(AK-47s)"]
    assert red[0] == blue[0] and red[2] == pytest.approx(blue[2], abs=1) and blue[1] > 306 > red[1]
    assert green[2] == pytest.approx(yellow[2], abs=1) and yellow[1] > 306 > green[1] < 60
    _, pdfs, _ = seed_kit("ironford")
    heads = {t: (page, x, y) for page, t, x, y in _headings(pdfs["scenario-crossing.pdf"])}
    north, south = heads["NorthernArmy"], heads["SouthernCorps"]
    assert north[1] == pytest.approx(south[1], abs=1) and south[2] < north[2]


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_set_up_sheet_fits_one_page_with_a_smaller_map_that_keeps_its_coordinates(paper):
    """DUCK!'s cargo bay sweep printed its set-up rules alone on a second page (85 % empty):
    its map, made smaller, still prints every cell's coordinates, so the sheet's first page
    holds the map, the Team's table and the Harpies' list beside it. Since the mission
    fills its write-in lines (e839c0d) its rules take a second page of their own, full
    (test_scenario_sheets checks the last page's fill). Read back from the PDF: two
    pages, every cell named (A1 to L8) at 6 pt or more on the first, every section
    there, no text crossing anything on either."""
    import pypdfium2 as pdfium

    from tests.conftest import build_pdfs
    from tests.page_marks import faults, read_marks

    _, pdfs, _ = build_pdfs(CONTENT / "duck", paper)
    doc = pdfium.PdfDocument(pdfs["scenario-cargo-bay-sweep.pdf"])
    assert len(doc) == 2
    marks = read_marks(doc[0])
    assert not faults(marks) and not faults(read_marks(doc[1]))
    words = set(marks.runs.values())
    cells = {f"{c}{r}" for c in "ABCDEFGHIJKL" for r in range(1, 9)}
    assert cells <= words
    assert min(g.size for g in marks.glyphs if marks.runs[g.run] in cells) >= 6.0 - 1e-4
    heads = {t: (x, y) for _, t, x, y in _headings(pdfs["scenario-cargo-bay-sweep.pdf"])}
    assert {"TheTeam", "Harpies(playerB)", "Specialrules", "Set-uprules"} <= set(heads)
    team, harpies = heads["TheTeam"], heads["Harpies(playerB)"]
    beside = harpies[1] == pytest.approx(team[1], abs=1) and harpies[0] > team[0] + 200
    under = harpies[0] == pytest.approx(team[0], abs=2) and harpies[1] < team[1]
    assert beside or under  # A4's taller page keeps the map larger, the lists one above


@pytest.mark.parametrize("scenario", ["flooded-duel", "standard"])
def test_a_set_up_map_shows_its_own_start_and_nothing_of_another(scenario):
    """The flooded duel starts the Aguan on R1 and walks its Approach area from there:
    its map prints no other start (the board carries no Aguan star, no Sentry-Gun icons:
    the rules let the Aguan take any outside corner) and the map's own Approach area, which
    the scenario defines again, is not outlined beside the scenario's hatched one."""
    from tests.conftest import seed_kit
    from tests.page_marks import marks_of

    _, pdfs, _ = seed_kit("reshuffled")
    pdf = pdfs[f"scenario-{scenario}.pdf"]
    runs = set(marks_of(pdf, 1).runs.values())
    assert "Approach" not in runs  # the map's own label for the area
    assert not [r for r in runs if "startshere" in r or r == "AGUAN"]
    assert "Key:Ag=TheAguan;SG=Sentry-Gun" in " ".join(runs).replace(" ", "")


def test_rencounter_commander_attached_to_a_unit_is_one_more_leader(tmp_path, monkeypatch):
    """The source's higher leaders "attach to a unit and just act as an extra normal leader
    in it": a commander (leader: commander) with a unit is allowed; two of the unit's own
    leaders are still one too many."""
    commander = (
        "{name: Guard 12, Ex: 5, F: 10, M: 10, armour: 1, weapon: Matchlock Musket, melee: Sword}",
        "{name: Guard 12, Ex: 5, F: 10, M: 10, armour: 1, weapon: Matchlock Musket, melee: Sword, "
        "leader: commander}",
    )
    run = broken(tmp_path, monkeypatch, "rencounter", "ambush-at-the-ford", [commander])
    assert run.exit_code == 0, run.stderr
    second = (commander[0], '{name: Guard 12, Ex: 5, F: 10, M: 10, armour: 1, leader: "yes"}')
    run = broken(tmp_path / "again", monkeypatch, "rencounter", "ambush-at-the-ford", [second])
    assert run.exit_code == 1
    assert "unit wood has 2 leaders, needs exactly 1" in run.stderr
