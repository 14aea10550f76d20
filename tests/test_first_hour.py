"""A newcomer's first hour (issue 42): messages in the author's own words, one message
per mistake, and a counter's own side usable in rules. A fresh game, written here."""

from __future__ import annotations

import json
import re

import pytest

from kitgen.model.rules import agree
from kitgen.names import as_written
from tests.conftest import run_cli, write_game

TAFL = """\
title: Little Tafl
maps:
  - id: board
    cell: 3/4in
    terrains:
      - {id: square, label: Square, fill: "#e8e2c8"}
      - {id: corner, label: "Corner (king only; king wins here)", fill: "#b08040"}
    legend: {".": square, C: corner}
    layout: |
      C...C
      .....
      C...C
    boxes:
      - {id: later, label: Turn 3 reinforcements}
counters:
  - id: king
    side: defender
    size: 3/4in
    attrs: {type: king}
    front: {background: "#d4a017", text: {text: K}}
  - id: guard
    side: defender
    quantity: 4
    size: 3/4in
    attrs: {type: guard}
    front: {background: white, text: {text: G}}
  - id: raider
    side: attacker
    quantity: 6
    size: 3/4in
    attrs: {type: raider}
    front: {background: black, text: {text: R, colour: white}}
rules:
  sides: [attacker, defender]
  constraints:
    - kind: terrain
      name: Only the king stands on a corner
      pieces: {not: {type: king}}
      not_on: [corner]
    - kind: count
      name: Each side places only its own pieces
      per: side
      pieces: {not: {side: $side}}
      max: 0
    - kind: count
      name: The attackers bring two raiders at least
      pieces: {side: attacker}
      min: 2
    - kind: placement
      name: Everyone starts on the board
      pieces: any
      where: {on_map: true}
"""

OPENING = """\
title: Opening
map: board
sides:
  - id: attacker
    placements:
      - {piece: raider, at: B1}
      - {piece: raider, at: B3}
  - id: defender
    placements:
      - {piece: king, at: C2}
      - {piece: guard, at: B2}
"""


def check(tmp_path, monkeypatch, old: str = "", new: str = "", game: str = TAFL) -> list[str]:
    folder = write_game(tmp_path / "tafl", game, {"scenarios/opening.yaml": OPENING})
    monkeypatch.chdir(folder)
    scenario = folder / "scenarios" / "opening.yaml"
    scenario.write_text(OPENING.replace(old, new), encoding="utf-8")
    return run_cli("check", ".").stderr.splitlines()


def test_the_opening_checks_clean(tmp_path, monkeypatch):
    assert check(tmp_path, monkeypatch) == ["ok: 1 game with 1 scenario checked"]


CASES = [
    (
        "a counter's own side: read by {not: {side: $side}} (no attrs: side needed)",
        "guard, at: B2",
        "raider, at: B2",
        "scenarios/opening.yaml:11:9: error: sides[1].placements[1]: side defender has 1 piece "
        "whose side is not the placing side, needs at most 0 (rule at game.yaml:40:7)",
    ),
    (
        "a terrain by the id the rule wrote, its long label left to the cell",
        "raider, at: B1",
        "raider, at: A1",
        "scenarios/opening.yaml:6:9: error: sides[0].placements[0]: raider on cell A1 (Corner "
        "(king only; king wins here)): pieces other than king may not stand on corner (rule at "
        "game.yaml:36:7)",
    ),
    (
        "a box by its id, its label after it",
        "raider, at: B3",
        "raider, at: later",
        "scenarios/opening.yaml:7:9: error: sides[0].placements[1]: raider in box later (Turn 3 "
        "reinforcements) is not on the map (rule at game.yaml:49:7)",
    ),
    (
        "a misspelt box gets a did-you-mean",
        "raider, at: B3",
        "raider, at: latr",
        "scenarios/opening.yaml:7:29: error: sides[0].placements[1].at: no cell 'latr' on map "
        "'board' (did you mean 'later'?)",
    ),
    (
        "a count without noun: names its pieces, agreeing in number",
        "      - {piece: raider, at: B3}\n",
        "",
        "scenarios/opening.yaml:1:1: error: the scenario has 1 attacker piece, needs at least 2 "
        "(rule at game.yaml:45:7)",
    ),
    (
        "a misspelt side: said once, not again by the rules of its pieces",
        "- id: attacker",
        "- id: atacker",
        "scenarios/opening.yaml:4:5: error: sides[0].id: unknown side 'atacker' (did you mean "
        "'attacker'?)",
    ),
]


@pytest.mark.parametrize(("name", "old", "new", "said"), CASES, ids=[c[0] for c in CASES])
def test_each_mistake_once_in_the_authors_words(tmp_path, monkeypatch, name, old, new, said):
    assert check(tmp_path, monkeypatch, old, new) == [said, "1 error(s), 0 warning(s)"]


def test_a_built_in_name_taken_by_the_game_is_an_error_at_its_key(tmp_path, monkeypatch):
    """A game written before step faces used `face` of its own: never silently replaced by
    the built-in (a message saying face is 'front' where the file says half)."""
    game = TAFL.replace("attrs: {type: guard}", "attrs: {type: guard, face: half}")
    game = game.replace("attrs: {type: king}", "attrs: {type: king, id: boss}").replace(
        "  sides: [attacker, defender]\n",
        "  sides: [attacker, defender]\n  attributes: {placed_by: text}\n",
    )
    placed = ("guard, at: B2}", "guard, at: B2, attrs: {in_unit: x}}")
    said = check(tmp_path, monkeypatch, *placed, game)
    face = "the face a counter is placed showing: front, back or one of its steps"
    assert said == [
        "game.yaml:19:25: error: counters[0].attrs.id: 'id' is a built-in name: a piece's own "
        "id, as its counter or piece type gives it (name your attribute otherwise, such as "
        "'code')",
        f"game.yaml:25:26: error: counters[1].attrs.face: 'face' is a built-in name: {face} "
        "(name your attribute otherwise, such as 'facing'; a placement turns a counter to a "
        "step with its own key face:)",
        "game.yaml:35:16: error: rules.attributes.placed_by: 'placed_by' is a built-in name: "
        "the side that places a piece (name your attribute otherwise, such as 'owner')",
        "scenarios/opening.yaml:11:40: error: sides[1].placements[1].attrs.in_unit: 'in_unit' "
        "is a built-in name: the scenario unit a piece is a figure of (name your attribute "
        "otherwise, such as 'squad')",
        "4 error(s), 0 warning(s)",
        "note: the rules and scenarios are checked once the game's own files read without "
        "errors: fix the errors above, then check again",
    ]


@pytest.mark.parametrize(
    ("n", "noun", "said"),
    [
        (1, "units", "unit"),
        (2, "units", "units"),
        (1, "torches", "torch"),
        (1, "pieces of another side", "piece of another side"),
        (1, "people of another tribe", "person of another tribe"),
        (1, "Sentry-Guns on open", "Sentry-Gun on open"),
        (1, "submarine(s) of the player's colour", "submarine of the player's colour"),
        (3, "submarine(s)", "submarines"),
        (1, "Ronin", "Ronin"),
        (1, "armies", "army"),
    ],
)
def test_a_count_agrees_in_number(n, noun, said):
    assert agree(n, noun) == said


def test_a_name_is_the_id_the_author_wrote_with_its_label_after_it():
    assert as_written("water", "Water") == "water"
    assert as_written("open", "Open space") == "open"
    assert as_written("later", "Turn 3 reinforcements") == "later (Turn 3 reinforcements)"
    assert as_written("later", None) == "later"


# ---- build --png: the README's `--png [DPI]` invites a path after it ------------------


def test_png_followed_by_a_path_says_where_the_pictures_go(tmp_path):
    folder = write_game(tmp_path / "tafl", TAFL)
    run = run_cli("build", "--png", str(tmp_path / "pictures"), str(folder))
    assert run.exit_code == 2
    assert run.stderr.splitlines()[-1] == (
        f"Error: Invalid value for --png: takes a resolution in dpi (36 to 600), not "
        f"'{tmp_path / 'pictures'}': the PNGs go under png/ in each kit's output folder (choose "
        "it with -o DIR); write --png alone for 150 dpi"
    )


def test_png_followed_by_the_game_builds_it_at_150_dpi(tmp_path):
    folder = write_game(tmp_path / "tafl", TAFL)
    out = tmp_path / "out"
    run = run_cli("build", "--png", str(folder), "-o", str(out), "-q")
    assert run.exit_code == 0, run.stderr
    assert sorted(p.name for p in (out / "tafl" / "png").glob("*.png"))[0] == "map-board-1.png"
    assert json.loads((out / "tafl" / "manifest.json").read_text())["pictures"]["dpi"] == 150


# ---- the full starter's set-up sheet: tokens named by letters, never a bracket ----------


def test_the_full_starters_set_up_map_labels_soldiers_so(tmp_path):
    from pypdf import PdfReader

    from kitgen.layout.scenarios.scenario import initials

    folder = tmp_path / "patrol"
    assert run_cli("new", str(folder), "--template", "full").exit_code == 0
    run = run_cli("build", str(folder), "-o", str(tmp_path / "out"), "-q")
    assert run.exit_code == 0, run.stderr
    sheet = PdfReader(tmp_path / "out" / "patrol" / "scenario-first-fight.pdf")
    text = sheet.pages[0].extract_text()
    assert "Key: So = Soldier" in text and "S(" not in text
    assert [initials(n) for n in ("Soldier (red)", "Sentry-Gun", "Aguan's Hatchway")] == [
        "So",
        "SG",
        "AH",
    ]


# ---- a map row one character short ---------------------------------------------------


def test_a_short_map_row_is_an_error_at_its_end(tmp_path, monkeypatch):
    short = TAFL.replace("      .....\n", "      ....\n")
    folder = write_game(tmp_path / "tafl", short)
    monkeypatch.chdir(folder)
    assert run_cli("check", ".").stderr.splitlines() == [
        "game.yaml:11:11: error: maps[0].layout[1]: layout row 2 has 4 cells, the widest row 5 "
        "(a cell missing at its end is not on the board: add it, or fill the row out with a "
        "space (or a legend character for null) where the map has none)",
        "1 error(s), 0 warning(s)",
        "note: the rules and scenarios are checked once the game's own files read without "
        "errors: fix the errors above, then check again",
    ]
    edged = short.replace('legend: {".": square,', 'legend: {"x": null, ".": square,')
    edged = edged.replace("      ....\n", "      ....x\n")
    write_game(folder, edged)
    assert run_cli("check", ".").stderr.splitlines() == ["ok: 1 game checked"]


# ---- docs/format.md says what within counts, and its code fences close on their own line


def test_within_counts_steps_along_rows_and_columns(tmp_path, monkeypatch):
    game = TAFL.replace("    boxes:\n", "    places: {throne: C2}\n    boxes:\n") + (
        "    - kind: placement\n"
        "      name: Guards stand by the throne\n"
        "      pieces: {type: guard}\n"
        "      where: {within: {cells: 1, of: {place: throne}}}\n"
    )
    # B1 touches C2 at a corner: 1 as the crow flies, 2 steps along rows and columns
    assert check(tmp_path, monkeypatch, "guard, at: B2", "guard, at: B1", game) == [
        "scenarios/opening.yaml:11:9: error: sides[1].placements[1]: guard on cell B1 (Square) "
        "is not within 1 cell of place throne (rule at game.yaml:54:7)",
        "1 error(s), 0 warning(s)",
    ]


def test_every_code_fence_of_the_docs_stands_on_its_own_line():
    from tests.conftest import ROOT

    for doc in sorted((ROOT / "docs").glob("*.md")) + [ROOT / "README.md"]:
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if "```" in line:
                assert re.fullmatch(r"\s*```[\w-]*\s*", line), f"{doc.name}:{n}: {line}"


# ---- YAML's own words for an unquoted colon get a hint ---------------------------------


def test_an_unquoted_colon_in_a_value_says_to_quote_it(tmp_path, monkeypatch):
    folder = write_game(tmp_path / "g", "title: Patrol\ncover:\n  subtitle: Rules: read them\n")
    monkeypatch.chdir(folder)
    assert run_cli("check", ".").stderr.splitlines() == [
        "game.yaml:3:18: error: YAML syntax: mapping values are not allowed here (a value "
        'holding ": " is read as a new key: quote it, "Rules: read them")',
        "1 error(s), 0 warning(s)",
    ]


# ---- serve: a closed tab says nothing; the first paint shows the sheets -----------------


@pytest.fixture
def served(tmp_path):
    import threading

    from kitgen.serve.server import KitServer
    from kitgen.serve.session import Session

    session = Session(write_game(tmp_path / "tafl", TAFL), dpi=36)
    session.rebuild()
    server = KitServer(session, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.stop()


def test_a_browser_closing_its_tab_prints_no_traceback(served, capsys):
    try:
        raise BrokenPipeError(32, "Broken pipe")
    except BrokenPipeError:
        served.handle_error(None, ("127.0.0.1", 1))
    assert capsys.readouterr().err == ""
    try:
        raise ValueError("a fault of ours")
    except ValueError:
        served.handle_error(None, ("127.0.0.1", 1))
    assert "ValueError: a fault of ours" in capsys.readouterr().err  # still said


def test_the_page_holds_its_first_sheets_before_any_fetch(served):
    import urllib.request

    with urllib.request.urlopen(served.url, timeout=10) as answer:
        page = answer.read().decode()
    keys = [p["key"] for d in served.session.state.docs for p in d["pages"]]
    assert keys and all(f'"key": "{k}"' in page for k in keys)
    assert "const first = {" in page and "/*FIRST_STATE*/" not in page
    assert 'loading = (shownSheets++ < EAGER) ? "eager" : "lazy"' in page


def test_serve_help_says_it_opens_a_browser():
    said = run_cli("serve", "--help").stdout
    assert "Open a page in your web browser with every sheet of a kit" in said
    assert "--no-open: only print the page's address" in said


def test_a_misspelt_option_is_said_once_not_again_by_the_rules_it_switches(tmp_path, monkeypatch):
    game = TAFL.replace(
        "  sides: [attacker, defender]\n",
        "  sides: [attacker, defender]\n  options: [{id: night, label: Night}]\n",
    ) + (
        "    - kind: count\n"
        "      name: By day the attackers bring three\n"
        "      unless: [night]\n"
        "      pieces: {side: attacker}\n"
        "      min: 3\n"
    )
    opened = ("map: board\n", "map: board\noptions: [night]\n")
    assert check(tmp_path, monkeypatch, *opened, game) == ["ok: 1 game with 1 scenario checked"]
    assert check(tmp_path, monkeypatch, "map: board\n", "map: board\noptions: [nigth]\n", game) == [
        "scenarios/opening.yaml:3:11: error: options: unknown option 'nigth' (did you mean "
        "'night'?)",
        "1 error(s), 0 warning(s)",
    ]


def test_a_for_each_variable_named_face_is_a_built_in_clash_too(tmp_path, monkeypatch):
    game = TAFL.replace(
        "  - id: guard\n", '  - id: "guard-{face}"\n    for_each: {face: [half, full]}\n'
    ).replace("quantity: 4", "quantity: 2")
    folder = write_game(tmp_path / "tafl", game)
    monkeypatch.chdir(folder)
    assert run_cli("check", ".").stderr.splitlines()[0] == (
        "game.yaml:22:16: error: counters[1].for_each.face: 'face' is a built-in name: the face "
        "a counter is placed showing: front, back or one of its steps (name your attribute "
        "otherwise, such as 'facing'; a placement turns a counter to a step with its own key "
        "face:)"
    )
