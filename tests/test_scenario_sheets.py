"""Scenario set-up sheets that fill their pages (issue 18 items 2 and 9), read back from
the PDFs: a sheet takes the fewest pages its text can take at RULES_MIN (its diagram made
smaller down to where every coordinate and token word prints at PIECE_MIN, its sides'
tables narrowed to stand abreast), then its type grows, then its lines open, so its last
page is filled; a side's stacked tables of the same columns print as one table, one head
and one set of widths.

Fullness of each seed scenario's last page (the content box's height above its lowest
mark), before these rules and after (letter, a4):

    ambush at the ford  2 pages, 27 % / 25 %  ->  1 page, 90 % / 83 %
    gunfight            1 page, 67 % / 63 %   ->  1 page, 96 % / 89 %
    four tribes         2 pages, 50 % / 47 %  ->  1 page, 99 % / 99 %
    crossing            2 pages, 65 % / 62 %  ->  2 pages, 100 % / 95 %
    flooded duel        2 pages, 77 % / 73 %  ->  2 pages, 87 % / 99 %
    standard            2 pages, 78 % / 75 %  ->  2 pages, 84 % / 99 %
    cargo bay sweep     1 page, 99 % / 99 %   ->  unchanged
"""

from __future__ import annotations

import shutil
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from kitgen.layout.frame import content_box
from kitgen.style import RULES_MIN
from kitgen.units import PAPERS
from tests.page_marks import Marks, faults, read_marks

from .conftest import CONTENT, build_pdfs, pdf_text, pdf_words, seed_kit, unmarked_glyphs

FIXTURES = Path(__file__).parent / "fixtures"

PAGES = {
    # two pages since it has a ground plan to scale: the plan takes the first, the forces
    # and rules the second (a sheet of rosters alone: rosters_only, below)
    ("rencounter", "ambush-at-the-ford"): 2,
    ("rencounter", "gunfight"): 1,
    ("ryamon", "four-tribes"): 1,
    # the mission values (the other booklets' rules, stood in for) fill a second page
    ("duck", "cargo-bay-sweep"): 2,
    ("ironford", "crossing"): 2,
    ("reshuffled", "flooded-duel"): 2,
    ("reshuffled", "standard"): 2,
}


def _pages(pdf: bytes) -> list[Marks]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [read_marks(page) for page in doc]
    finally:
        doc.close()


def _fullness(marks: Marks, paper: str) -> float:
    """The share of the content box's height above the page's lowest mark in it."""
    x0, y0, x1, y1 = content_box(PAPERS[paper])
    inside = [g.box[1] for g in marks.glyphs if y0 - 1 < g.box[1] and g.box[3] < y1 + 1]
    inside += [f.box[1] for f in marks.fills if y0 - 1 < f.box[1] < y1 + 1]
    inside += [min(s.y0, s.y1) for s in marks.segments if y0 - 1 < min(s.y0, s.y1) < y1 + 1]
    return (y1 - min(inside)) / (y1 - y0)


ROSTER_PARTS = ("cover.yaml", "labels.yaml", "rulebook.yaml")  # nothing a set-up sheet prints


@pytest.fixture(scope="module")
def rosters_only(tmp_path_factory) -> Callable[[str], dict]:
    """Rencounter with the ambush as it was before its ground plan (tests/fixtures): two
    sides of two units each and no map, the case for tables abreast on one page. Built
    once a paper for the tests that read it, without the parts no set-up sheet draws
    from (ROSTER_PARTS: its scenario PDF is byte for byte the whole kit's)."""
    built: dict[str, dict] = {}

    def pdfs(paper: str) -> dict:
        if paper not in built:
            folder = tmp_path_factory.mktemp(paper) / "rencounter"
            shutil.copytree(CONTENT / "rencounter", folder)
            for old in (folder / "scenarios").glob("*.yaml"):
                old.unlink()
            ambush = FIXTURES / "rencounter-rosters" / "ambush-at-the-ford.yaml"
            shutil.copy(ambush, folder / "scenarios")
            game = folder / "game.yaml"
            text = game.read_text(encoding="utf-8")
            for part in ROSTER_PARTS:
                assert part in text, part
                text = text.replace(f"{part}, ", "").replace(f", {part}", "")
                assert part not in text, part
            game.write_text(text, encoding="utf-8")
            built[paper] = build_pdfs(folder, paper)[1]
        return built[paper]

    return pdfs


def _kit(game: str, paper: str | None) -> tuple[str, dict]:
    if paper is None:
        planned, pdfs, _ = seed_kit(game)
        return planned.settings.paper.name, pdfs
    _, pdfs, _ = build_pdfs(CONTENT / game, paper)
    return paper, pdfs


@pytest.mark.parametrize(
    ("game", "paper"),
    [(g, None) for g in sorted({g for g, _ in PAGES})]
    # shares the A4 build with the cards' test on one worker (Makefile CORES)
    + [pytest.param("rencounter", "a4", marks=pytest.mark.xdist_group("rencounter-a4"))],
)
def test_a_set_up_sheet_takes_its_fewest_pages_and_fills_the_last(game: str, paper):
    """Every seed scenario: the pages it takes (one where it can), its last page at least
    80 % full, its text (everything off the diagram) never under RULES_MIN, nothing
    crossing anything."""
    if paper is None:
        planned, pdfs, manifest = seed_kit(game)
        paper = planned.settings.paper.name
    else:
        _, pdfs, manifest = build_pdfs(CONTENT / game, paper)
    for (g, scenario), count in PAGES.items():
        if g != game:
            continue
        pages = _pages(pdfs[f"scenario-{scenario}.pdf"])
        assert len(pages) == count, scenario
        assert _fullness(pages[-1], paper) >= 0.8, scenario
        for marks in pages:
            assert not faults(marks), scenario
        if game == "rencounter":  # every word off the ground plan is the sheet's text
            plans = {
                i["page"]: i["bbox"]
                for i in manifest["items"]
                if i["kind"] == "setup-map" and i["file"] == f"scenario-{scenario}.pdf"
            }
            text = [
                g.size
                for n, m in enumerate(pages, start=1)
                for g in unmarked_glyphs(m.glyphs)  # a reading's mark is set small by design
                if n not in plans or not _inside(g.box, plans[n])
            ]
            assert len(text) > 500 and min(text) >= RULES_MIN - 1e-3, scenario


def _inside(box: tuple, bbox: list) -> bool:
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return bbox[0] <= x <= bbox[2] and bbox[1] <= y <= bbox[3]


def _runs_at(marks: Marks) -> dict[str, list[tuple[float, float]]]:
    """Each run's words (spaces dropped) -> the (left, baseline) of each place it prints."""
    first: dict[int, tuple[float, float]] = {}
    for g in marks.glyphs:
        if g.run not in first:
            first[g.run] = (g.box[0], g.box[1])
    out: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for run, at in first.items():
        out[marks.runs[run]].append(at)
    return out


# on A4 the sheet fits one page with the sides stacked: nothing to bring abreast
@pytest.mark.parametrize("paper", ["letter"])
def test_a_sides_stacked_tables_share_one_head_and_one_set_of_widths(paper, rosters_only):
    """Rencounter's ambush: each side's two units print as one table (one head, each unit
    a titled group), every Weapon cell of a side at one x (on main: 270, 267, 291, 265 pt),
    and the two sides' tables narrowed to stand abreast, which brings the sheet onto one
    page: their headings on one baseline, their type never under RULES_MIN."""
    pdfs = rosters_only(paper)
    (marks,) = _pages(pdfs["scenario-ambush-at-the-ford.pdf"])
    runs = _runs_at(marks)
    assert len(runs["Weapon"]) == 2 and len(runs["Name"]) == 2
    (king,), (guard,) = runs["TheKing\u2019spatrol"], runs["TheCardinal\u2019sGuard"]
    assert king[1] == pytest.approx(guard[1], abs=0.5) and guard[0] > king[0] + 200
    for side in (king, guard):
        lefts = [
            x
            for word in ("MatchlockMusket", "FlintlockPistol")
            for x, _ in runs[word]
            if (x < guard[0]) == (side is king)
        ]
        assert len(lefts) > 5 and max(lefts) - min(lefts) < 1.5, lefts  # glyphs' bearings
    groups = ["Escort(Lt.Aubert)", "Courier\u2019sguard(Cpl.Mercier)", "Attheford(Capt.Rochefort)"]
    assert all(len(runs[g]) == 1 for g in groups)
    assert min(g.size for g in unmarked_glyphs(marks.glyphs)) >= RULES_MIN - 1e-3


def test_units_of_one_figure_print_as_one_table_with_their_head_once():
    """Rencounter's gunfight: five units of one figure each printed a table of one row
    with a head of its own; now each side's units are one table, a row each, the unit
    named in a first column where its name is not its figure's (the Marshal's men), and
    no such column where every unit is named as its figure (the Dalby brothers)."""
    _, pdfs, _ = seed_kit("rencounter")
    (marks,) = _pages(pdfs["scenario-gunfight.pdf"])
    runs = _runs_at(marks)
    assert len(runs["Name"]) == 2 and len(runs["Weapon"]) == 2 and len(runs["Unit"]) == 1
    assert len(runs["JedDalby"]) == 1 and len(runs["TheMarshal"]) == 1
    names = ["MarshalCole", "DeputyHale", "Ames"]
    lefts = [runs[n][0][0] for n in names]
    assert max(lefts) - min(lefts) < 1.5  # one column (the glyphs' own bearings apart)
    baselines = [runs[n][0][1] for n in names]
    assert baselines == sorted(baselines, reverse=True)
    assert baselines[0] - baselines[1] == pytest.approx(baselines[1] - baselines[2], abs=0.01)


def _rows(bottoms: list[float]) -> list[float]:
    """Glyph bottoms gathered into rows, top first: each row's highest bottom (a round
    figure overshoots its baseline by a hair, a flat one sits on it)."""
    rows: list[float] = []
    for y in sorted(bottoms, reverse=True):
        if rows and rows[-1] - y < 1.0:
            continue
        rows.append(y)
    return rows


@pytest.mark.parametrize("paper", ["letter"])  # abreast on letter only (see above)
def test_two_sides_tables_abreast_share_one_size_and_their_rows_line_up(paper, rosters_only):
    """Rencounter's ambush (review7 fault 21): the patrol's table was set at 8.1 pt on a
    14.3 pt row pitch beside the Guard's at 7.5 pt on 13.0 pt, so no row lined up across
    the page. Tables abreast now share the smaller size: every cell of both at one size,
    and each of the patrol's rows on a baseline of one of the Guard's."""
    pdfs = rosters_only(paper)
    (marks,) = _pages(pdfs["scenario-ambush-at-the-ford.pdf"])
    runs = _runs_at(marks)
    (guard,) = runs["TheCardinal\u2019sGuard"]
    sizes = {
        g.size for g in marks.glyphs if marks.runs[g.run] in ("MatchlockMusket", "FlintlockPistol")
    }
    assert len(sizes) == 1, sizes
    # the figures' cells (digits sit on the baseline), each side's rows and the pitch
    digits = [(x, y) for text, ats in runs.items() if text.isdigit() for x, y in ats]
    left = _rows([y for x, y in digits if x < guard[0]])
    right = _rows([y for x, y in digits if x >= guard[0]])
    assert len(left) == 10 and len(right) == 14
    pitch = min(a - b for a, b in zip(right, right[1:], strict=False))
    steps = [(right[0] - y) / pitch for y in left]
    assert all(abs(k - round(k)) < 0.03 for k in steps), (left, right, pitch)


def test_a_pieces_name_on_a_set_up_sheet_is_its_title_not_its_faces_capitals():
    """DUCK!'s cargo bay sweep printed "1 × HARPY 1: B3" and "H1 = HARPY 1": the Threat
    counters were named from the label their face prints in capitals. A name is the piece's
    title (counters' `name:`), the face keeps its capitals."""
    _, pdfs, _ = seed_kit("duck")
    text = " ".join(pdf_text(pdfs["scenario-cargo-bay-sweep.pdf"]))
    assert "HARPY" not in text
    assert "Hp1 = Harpy 1" in text and "Harpy 1: B3" in text
    faces = " ".join(pdf_text(pdfs["counters.pdf"]))
    assert "HARPY BULL" in faces and "SCORPION 1" in faces


def test_a_key_name_cut_inside_a_bracket_closes_it():
    """Reshuffled's flooded duel keyed its Ronin "Ro = Ronin (sword,": the common start of
    "Ronin (sword, red)" and "Ronin (sword, blue)" was cut inside the bracket. A cut
    inside a bracket drops the comma and closes it."""
    from kitgen.layout.scenarios.scenario import _common_name

    assert _common_name(["Ronin (sword, red)", "Ronin (sword, blue)"]) == "Ronin (sword)"
    assert _common_name(["Rover (red)", "Rover (blue)"]) == "Rover"


def test_a_blank_roster_cell_prints_the_attributes_declared_default():
    """DUCK!'s Protection cells were blank for Roon and Vasq (blank meant the usual
    PROTECTED, not said): the game declares `protection: {default: protected}` and the
    sheet prints it."""
    _, pdfs, _ = seed_kit("duck")
    text = " ".join(pdf_text(pdfs["scenario-cargo-bay-sweep.pdf"]))
    assert "Roon average heavy automatic rifle protected I3" in text
    assert "Vasq strong flamer protected H5" in text
    assert "Otto weak pistol unprotected I6" in text


@pytest.mark.parametrize(
    ("game", "scenario", "gone", "read"),
    [
        (
            "duck",
            "cargo-bay-sweep",
            "Three Harpies.",
            "Place three Harpies in the cargo bay, more than 2 squares from the Team",
        ),
        (
            "reshuffled",
            "standard",
            "One Aguan.",
            "Place the Aguan on one outside-corner Hatchway.",
        ),
        ("reshuffled", "standard", "4 Ronin per player.", "Give each player 4 Ronin."),
        ("ryamon", "four-tribes", "2 to 4 tribes.", "Play with 2 to 4 tribes, one a player."),
    ],
)
def test_set_up_rules_read_as_instructions_not_checker_fragments(game, scenario, gone, read):
    """Review7 (Scores): set-up lists read like checker rules, bare fragments such as
    "Three Harpies." and "One Aguan.". The rules' names are now what a player does, in the
    seeds' words ("Place the Aguan on one outside corner Hatchway"); a count that the line
    of another rule already says ("three", "the Aguan") has no name, so prints no line."""
    _, pdfs, _ = seed_kit(game)
    text = " ".join(pdf_text(pdfs[f"scenario-{scenario}.pdf"]))
    rules = text.split("Set-up rules", 1)[1]
    assert gone not in rules
    assert read in rules


def test_a_plans_key_of_units_is_a_list_a_line_for_each_token():
    """Issue 36 (second look): the ambush plan's key ran on as one paragraph of 29 names.
    A key whose tokens stand for units lists them, a line each: the token, the unit it
    marks, its men; a key of short pairs (a farmer's F) still runs on in one line."""
    planned = seed_kit("rencounter")[0]
    doc = next(d for d in planned.docs if d.name == "scenario-ambush-at-the-ford")
    texts = [op.text for op in doc.pages[0].ops if type(op).__name__ == "Text"]
    start = texts.index("Key")
    lines = [t for t in texts[start + 1 :] if t.startswith("•  ")]
    # the Guard starts hidden (19ddde6): its men are not on the shared plan nor its key
    assert lines == [
        "•  E = Escort (Lt. Aubert): Lt. Aubert, Sgt. Gridley, Brun, Colin, Dufour",
        "•  C = Courier\u2019s guard (Cpl. Mercier): Cpl. Mercier, The courier, Fabre, "
        "Gautier, Henri",
    ]
    ryamon = seed_kit("ryamon")[0]
    sheet = next(d for d in ryamon.docs if d.name.startswith("scenario-"))
    keys = [op.text for op in sheet.pages[0].ops if type(op).__name__ == "Text"]
    assert [t for t in keys if t.startswith("Key: F = Farmer; So = Soldier;")]


def _roster_heads(pdf: bytes) -> list[list[str]]:
    """Each roster's head as printed, its column titles left to right: the words on the
    baseline of each "Name" that opens a head."""
    heads = []
    for words in pdf_words(pdf):
        for name in (w for w in words if w.text == "Name"):
            row = [w for w in words
                   if abs(w.box[1] - name.box[1]) < 0.5 and w.box[0] >= name.box[0]]  # fmt: skip
            heads.append([w.text for w in sorted(row, key=lambda w: w.box[0])])
    return heads


@pytest.mark.parametrize("game", ["rencounter", "duck", "reshuffled", "ironford", "ryamon"])
def test_every_roster_of_a_kit_prints_its_columns_in_one_order(game):
    """Rencounter's ambush printed the Guard's two units as two tables, Weapon before
    Melee in one and after Leader in the other: each unit took the order its first figure
    gave. Every roster of every scenario now takes one order (as the scenario first gives
    its attributes): any two heads list the columns they share in the same order."""
    _, pdfs, _ = seed_kit(game)
    heads = [h for n, pdf in pdfs.items() if n.startswith("scenario-") for h in _roster_heads(pdf)]
    for a in heads:
        for b in heads:
            shared = [c for c in a if c in b]
            assert shared == [c for c in b if c in a], (a, b)
    if game == "rencounter":  # each side's units share one head: the sides' two tables
        ford = _roster_heads(pdfs["scenario-ambush-at-the-ford.pdf"])
        assert len(ford) == 2 and ford[0] == ford[1], ford
