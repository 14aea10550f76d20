"""Broken scenarios, one mistake each, for every seed game and for a game of our own:
each is rejected at the line of its mistake, with the exact message.

Every scenario is a copy of a good one (checked clean first) with one mistake put in by
replacing one piece of text, kept outside the game's folder in a pack that names its game
with `game:`. A rule's position in a message is looked up in the game's own rules file by
the rule's name, so the seeds' rules may move without these tests going stale."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests.conftest import CONTENT, ROOT, run_cli, write_game

# ---- the good scenarios ----------------------------------------------------------------

RYAMON = """\
title: Four tribes
map: world
sides:
  - id: red
    values: {food: 5}
    placements:
      - {piece: farmer-red, at: B1}
      - {piece: farmer-red, at: A2}
      - {piece: soldier-red, at: B2}
      - {piece: hunter-red, at: A1}
      - {piece: doctor-red, at: B2}
  - id: blue
    values: {food: 5}
    placements:
      - {piece: farmer-blue, at: G1}
      - {piece: farmer-blue, at: H2}
      - {piece: soldier-blue, at: G2}
      - {piece: hunter-blue, at: F1}
      - {piece: hunter-blue, at: F1}
"""

RESHUFFLED = """\
title: Standard set-up
map: station
areas:
  approach:
    label: Approach area
    where: {within: {cells: 3, of: {opposite: {pieces: {token: aguan}}}, through: [open, hatch]}}
placements:
  - {piece: aguan, at: A1, label: Ag}
  - {piece: sentry-gun, at: B1, label: SG}
  - {piece: sentry-gun, at: A2, label: SG}
  - {piece: sentry-gun, at: F6, label: SG}
  - {piece: sentry-gun, at: M13, label: SG}
sides:
  - id: red
    placements:
      - {piece: submarine-red, at: R16, label: Sub}
      - {piece: code-hack-red, count: 5}
      - {piece: ronin-sword-red}
      - {piece: ronin-sword-blue}
      - {piece: ronin-sword-green}
      - {piece: ronin-sword-yellow}
  - id: blue
    placements:
      - {piece: submarine-blue, at: P18, label: Sub}
      - {piece: code-hack-blue, count: 5}
      - {piece: ronin-shotgun-red}
      - {piece: ronin-shotgun-blue}
      - {piece: ronin-shotgun-green}
      - {piece: ronin-shotgun-yellow}
"""

DUCK = """\
title: Cargo bay sweep
map: deck
sides:
  - id: team
    placements:
      - {piece: team-member, at: H2, attrs: {name: Kell, build: strong, weapon: flamer}}
      - {piece: team-member, at: I3, attrs: {name: Roon, build: average, weapon: pistol}}
  - id: threat
    placements:
      - {piece: threat-harpy-1, at: B3}
      - {piece: threat-harpy-2, at: C5}
      - {piece: waiting, at: B3}
constraints:
  - kind: placement
    name: The Team starts in the corridor
    pieces: {unit: team}
    where: {area: corridor}
"""

RENCOUNTER = """\
title: Skirmish at the mill
sides:
  - id: king
    units:
      - id: escort
        figures:
          - {piece: figure, attrs: {name: Aubert, Ex: 5, F: 10, M: 11, armour: 1, leader: "yes"}}
          - {piece: figure, attrs: {name: Gridley, Ex: 4, F: 7, M: 6}}
          - {piece: figure, attrs: {name: Brun, Ex: 4, F: 8, M: 8}}
          - {piece: figure, attrs: {name: Colin, Ex: 3, F: 6, M: 5}}
  - id: cardinal
    units:
      - id: ford
        figures:
          - {piece: figure, attrs: {name: Jussac, Ex: 5, F: 9, M: 10, leader: "yes"}}
          - {piece: figure, attrs: {name: Guard 1, Ex: 4, F: 8, M: 8}}
          - {piece: figure, attrs: {name: Guard 2, Ex: 4, F: 7, M: 9}}
          - {piece: figure, attrs: {name: Guard 3, Ex: 3, F: 6, M: 6}}
"""

# A game of our own, written from docs/format.md: a hex marsh where boats weigh two in a
# hex, each side brings as many torches as its value says, and figures carry declared stats.
BOG = """
title: Bog Patrol
counters:
  - id: "wader-{side}"
    for_each: {side: [moss, peat]}
    quantity: 6
    size: 5/8in
    attrs: {kind: wader}
    front: {background: "#556b2f", text: {text: W, size: 10pt}}
  - id: "torch-{side}"
    for_each: {side: [moss, peat]}
    quantity: 4
    size: 1/2in
    attrs: {kind: torch}
    front: {background: "#e0a800", text: {text: T, size: 9pt}}
  - id: punt
    quantity: 2
    size: 5/8in
    attrs: {kind: boat}
    front: {background: "#8a5a2b", text: {text: P, size: 10pt}}
maps:
  - id: bog
    grid: hex
    orient: flat
    offset: odd
    cell: 1in
    terrains:
      - {id: reed, label: Reeds, fill: "#cfe3a5"}
      - {id: pool, label: Pool, fill: "#9cc4e4"}
      - {id: hut, label: Hut, fill: "#d9b38c"}
    legend: {".": reed, "~": pool, h: hut}
    layout: |
      h.~~.h
      ..~~..
      ..~~..
      h.~~.h
    places: {jetty: 0302, moss-camp: 0101, peat-camp: 0601}
    areas:
      - {id: west, cells: ["0101:0204"], label: West bank}
      - {id: east, cells: ["0501:0604"], label: East bank}
rules:
  sides: [moss, peat]
  side_values: [torches]
  options: [{id: night, label: Night patrol}]
  attributes:
    name: text
    grit: {type: integer, min: 1, max: 5}
    gear: {one_of: [pole, net, lamp]}
  constraints:
    - kind: count
      name: A side brings as many torches as its value says
      per: side
      pieces: {kind: torch}
      exactly: $torches
    - kind: count
      name: Each side places only its own pieces
      per: side
      pieces: {not: {side: $side}}
      max: 0
    - kind: terrain
      name: Waders keep out of pools
      pieces: {kind: wader}
      not_on: [pool]
    - kind: stacking
      name: Three places to a hex; a punt takes two
      limit: 3
      noun: places
      weights: [{pieces: {kind: boat}, weight: 2}]
    - kind: placement
      name: Punts start on the pool
      pieces: {kind: boat}
      where: {terrain: pool}
"""

BOG_SCENARIO = """\
title: Dawn patrol
map: bog
options: [night]
areas:
  landing: {where: {within: {cells: 1, of: {place: jetty}}}}
sides:
  - id: moss
    values: {torches: 1}
    placements:
      - {piece: wader-moss, at: 0101, count: 2, attrs: {name: Ash, grit: 3, gear: pole}}
      - {piece: torch-moss, area: west}
  - id: peat
    values: {torches: 2}
    placements:
      - {piece: wader-peat, at: 0601, attrs: {grit: 2}}
      - {piece: torch-peat, at: 0601, count: 2}
placements:
  - {piece: punt, at: 0302}
"""

# ---- the mistakes: (name, the text replaced, the text put in, the messages) -------------------

# {rule:NAME} stands for the rule's position ("rule at content/x/rules.yaml:L:C")
CASES: dict[str, list[tuple[str, str, str, list[str]]]] = {
    "ryamon": [
        ("a misspelt piece", "farmer-red, at: B1", "farmer-rde, at: B1", []),
        ("a cell off the map", "soldier-red, at: B2", "soldier-red, at: B12", []),
        ("a side the game does not have", "- id: blue", "- id: bleu", []),
        (
            "a misspelt side value",
            "values: {food: 5}\n    placements:\n      - {piece: farmer-red",
            "values: {fod: 5}\n    placements:\n      - {piece: farmer-red",
            [],
        ),
        (
            "a side: inside another side's list",
            "farmer-blue, at: G1}",
            "farmer-blue, at: G1, side: red}",
            [],
        ),
        ("a misspelt key", "farmer-blue, at: H2}", "farmer-blue, at: H2, cuont: 2}", []),
        (
            "an option the game does not have",
            "map: world\n",
            "map: world\noptions: [pre-flooded]\n",
            [],
        ),
        ("a farmer on water", "farmer-red, at: A2}", "farmer-red, at: A1}", []),
        (
            "a scenario area naming a terrain that is not there",
            "map: world\n",
            "map: world\nareas:\n  shore: {where: {terrain: waters}}\n",
            [],
        ),
        (
            "food against the rules",
            "values: {food: 5}\n    placements:\n      - {piece: farmer-blue",
            "values: {food: 4}\n    placements:\n      - {piece: farmer-blue",
            [],
        ),
    ],
    "reshuffled": [
        ("a misspelt piece", "piece: sentry-gun, at: B1", "piece: sentry-gn, at: B1", []),
        (
            "a misspelt place in a scenario area",
            "of: {opposite: {pieces: {token: aguan}}}",
            "of: {place: aproach-hatch}",
            [],
        ),
        ("a misspelt terrain in through:", "through: [open, hatch]", "through: [open, hach]", []),
        (
            "a Ronin grouped in a unit is still a Ronin; a unit of another side is not",
            "      - {piece: ronin-shotgun-red}\n",
            "    units:\n"
            "      - {id: boarders, side: red, figures: [{piece: ronin-shotgun-red}]}\n",
            [],
        ),
        (
            "a cell named twice over: at and area",
            "piece: aguan, at: A1,",
            "piece: aguan, at: A1, area: approach,",
            [],
        ),
        (
            "a misspelt area",
            "{piece: code-hack-blue, count: 5}",
            "{piece: code-hack-blue, count: 5, area: aproach}",
            [],
        ),
        (
            "too many of a piece",
            "{piece: code-hack-red, count: 5}",
            "{piece: code-hack-red, count: 9}",
            [],
        ),
        ("an unknown map", "map: station", "map: stations", []),
        (
            "a scenario rule with exactly and max",
            "sides:\n",
            "constraints:\n  - {kind: count, pieces: {token: aguan}, exactly: 1, max: 1}\nsides:\n",
            [],
        ),
    ],
    "duck": [
        (
            "a misspelt attribute the rules read",
            "build: average, weapon: pistol",
            "build: average, wepon: pistol",
            [],
        ),
        ("a weapon off the chart", "weapon: pistol}", "weapon: blaster}", []),
        ("a Team member out of the corridor", "team-member, at: I3", "team-member, at: C3", []),
        (
            "a misspelt area in the scenario's rule",
            "where: {area: corridor}",
            "where: {area: coridor}",
            [],
        ),
        (
            "a rule that selects nothing here",
            "pieces: {unit: team}\n",
            "pieces: {unit: tema}\n",
            [],
        ),
        (
            "a placement changing a piece's own attribute",
            "{piece: threat-harpy-2, at: C5}",
            "{piece: threat-harpy-2, at: C5, attrs: {unit: team}}",
            [],
        ),
        (
            "a contradictory terrain rule",
            "    where: {area: corridor}\n",
            "    where: {area: corridor}\n"
            "  - {kind: terrain, only_on: [deck], not_on: [cargo-low]}\n",
            [],
        ),
        (
            "a unit of a side that is not there",
            "  - id: threat\n",
            "    units:\n      - {id: squad, side: tem, figures: [{piece: team-member, attrs: "
            "{name: Vasq, build: weak, weapon: axe}}]}\n  - id: threat\n",
            [],
        ),
    ],
    "rencounter": [
        ("a misspelt attribute (armor)", "armour: 1,", "armor: 1,", []),
        ("Ex out of range", "name: Brun, Ex: 4", "name: Brun, Ex: 9", []),
        (
            "a figure without a required value",
            "name: Colin, Ex: 3, F: 6, M: 5",
            "name: Colin, Ex: 3, F: 6",
            [],
        ),
        (
            "two leaders in a unit",
            "name: Guard 1, Ex: 4",
            'name: Guard 1, leader: "yes", Ex: 4',
            [],
        ),
        (
            "a unit too small",
            "          - {piece: figure, attrs: {name: Guard 3, Ex: 3, F: 6, M: 6}}\n",
            "",
            [],
        ),
        (
            "a misspelt piece",
            "{piece: figure, attrs: {name: Guard 2",
            "{piece: figures, attrs: {name: Guard 2",
            [],
        ),
        (
            "a misspelt option",
            "title: Skirmish at the mill\n",
            "title: Skirmish at the mill\noptions: [individual-figure]\n",
            [],
        ),
        (
            "a side's unit declared for the other side",
            "      - id: ford\n",
            "      - id: ford\n        side: king\n",
            [],
        ),
        (
            "a scenario rule with min above max",
            "sides:\n",
            "constraints:\n"
            "  - {kind: count, per: unit, pieces: {kind: figure}, min: 5, max: 3}\nsides:\n",
            [],
        ),
    ],
    "bog": [
        ("a misspelt declared attribute", "grit: 3, gear: pole", "grit: 3, gaer: pole", []),
        ("a declared attribute out of range", "attrs: {grit: 2}", "attrs: {grit: 7}", []),
        ("a value not among the choices", "gear: pole}", "gear: rope}", []),
        (
            "fewer torches than the side's value",
            "torch-peat, at: 0601, count: 2",
            "torch-peat, at: 0601",
            [],
        ),
        (
            "a side placing the other side's piece",
            "{piece: torch-moss, area: west}",
            "{piece: torch-peat, area: west}",
            [],
        ),
        (
            "a punt and two waders over the stacking",
            "wader-peat, at: 0601",
            "wader-peat, at: 0302, count: 2",
            [],
        ),
        ("a misspelt place in a scenario area", "of: {place: jetty}", "of: {place: jety}", []),
        (
            "an area by $side that one side lacks",
            "{piece: torch-moss, area: west}",
            "{piece: torch-moss, area: $side-bank}",
            [],
        ),
        ("a misspelt side value", "values: {torches: 2}", "values: {torch: 2}", []),
        ("a wader on the pool", "wader-moss, at: 0101", "wader-moss, at: 0201", []),
        ("a hex that is not on the map", "{piece: punt, at: 0302}", "{piece: punt, at: 0705}", []),
    ],
}


BASES = {
    "ryamon": RYAMON,
    "reshuffled": RESHUFFLED,
    "duck": DUCK,
    "rencounter": RENCOUNTER,
    "bog": BOG_SCENARIO,
}


def _games(tmp_path: Path) -> dict[str, Path]:
    """Each game's folder: the seeds in content/, ours written to tmp_path."""
    games = {name: CONTENT / name for name in BASES if name != "bog"}
    games["bog"] = write_game(tmp_path / "bog-patrol", BOG)
    return games


def _check(tmp_path: Path, game: Path, name: str, text: str) -> list[str]:
    """`kitgen check` on one scenario kept in a pack, run from the repository's root."""
    pack = tmp_path / "pack"
    pack.mkdir(exist_ok=True)
    file = pack / f"{name}.yaml"
    file.write_text(f"game: {os.path.relpath(game, pack)}\n{text}", encoding="utf-8")
    return [
        line.replace(f"{pack}/", "") for line in run_cli("check", str(file)).stderr.splitlines()
    ]


def _rule_at(game: Path, name: str) -> str:
    """'rule at content/<game>/rules.yaml:L:C' for the rule of that name, found in the game's
    files the way its position is printed (the first key of its list item)."""
    for file in sorted(game.glob("*.yaml")):
        lines = file.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if re.fullmatch(rf"\s*name: {re.escape(name)}", line):
                j = i
                while not lines[j].lstrip().startswith("- "):
                    j -= 1
                shown = os.path.relpath(file, ROOT) if file.is_relative_to(ROOT) else str(file)
                return f"rule at {shown}:{j + 1}:{lines[j].index('- ') + 3}"
    raise AssertionError(f"no rule named {name!r} in {game}")


ALL = [(game, case) for game, cases in CASES.items() for case in cases]


@pytest.mark.parametrize("game", list(BASES))
def test_the_good_scenarios_check_clean(game, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert _check(tmp_path, _games(tmp_path)[game], "good", BASES[game]) == ["ok: 1 checked"]


def test_at_least_eight_mistakes_a_game_each_of_a_different_kind():
    for game, cases in CASES.items():
        assert len(cases) >= 8, game
        assert len({name for name, *_ in cases}) == len(cases), game


@pytest.mark.parametrize(("game", "case"), ALL, ids=[f"{g}: {c[0]}" for g, c in ALL])
def test_each_mistake_is_rejected_at_its_line(game, case, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    name, old, new, expected = case
    base = BASES[game]
    assert base.count(old) == 1, "the text replaced must be in the good scenario once"
    broken = base.replace(old, new)
    folder = _games(tmp_path)[game]
    got = _check(tmp_path, folder, "broken", broken)
    want = [
        re.sub(r"\{rule:([^}]*)\}", lambda m: _rule_at(folder, m.group(1)), e) for e in expected
    ]
    assert got == want
    # the line of the mistake (the file has game: on line 1) carries an error
    line = (
        1 + broken[: broken.index(new) if new else broken.index(old.split("\n")[0])].count("\n") + 1
    )
    assert any(re.match(rf"broken\.yaml:{line}:\d+: error: ", g) for g in got), got
