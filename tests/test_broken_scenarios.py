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
      - {id: moss-bank, cells: ["0101:0204"], label: Moss bank}
      - {id: peat-bank, cells: ["0501:0604"], label: Peat bank}
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
      noun: torches
      exactly: $torches
    - kind: count
      name: Each side places only its own pieces
      per: side
      pieces: {not: {side: $side}}
      noun: pieces of another side
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
    - kind: placement
      name: Torches start on their own side's bank
      pieces: {kind: torch}
      where: {area: $side-bank}
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
      - {piece: torch-moss, area: moss-bank}
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
        (
            "a Lawyer outside Urban",
            "doctor-red, at: B2",
            "lawyer-red, at: B2",
            [
                "broken.yaml:12:9: error: sides[0].placements[4]: lawyer-red on cell B2 "
                "(Grassland): scientist/lawyer may stand only on urban ({rule:Place Scientists "
                "and Lawyers in Urban (as newborns are)})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt piece",
            "farmer-red, at: B1",
            "farmer-rde, at: B1",
            [
                "broken.yaml:8:17: error: sides[0].placements[0].piece: unknown piece "
                "'farmer-rde' (did you mean 'farmer-red'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a cell off the map",
            "soldier-red, at: B2",
            "soldier-red, at: B12",
            [
                "broken.yaml:10:34: error: sides[0].placements[2].at: no cell 'B12' on map "
                "'world' (squares are written column letter then row, A1 to H8)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a side the game does not have",
            "- id: blue",
            "- id: bleu",
            [
                "broken.yaml:13:5: error: sides[1].id: unknown side 'bleu' (did you mean 'blue'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt side value",
            "values: {food: 5}\n    placements:\n      - {piece: farmer-red",
            "values: {fod: 5}\n    placements:\n      - {piece: farmer-red",
            [
                "broken.yaml:6:14: error: sides[0].values.fod: unknown side value 'fod' (did "
                "you mean 'food'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a side: inside another side's list",
            "farmer-blue, at: G1}",
            "farmer-blue, at: G1, side: red}",
            [
                "broken.yaml:16:44: error: sides[1].placements[0].side: side 'red' in side "
                "blue's list (move the entry to side red's list, or leave side: out)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt key",
            "farmer-blue, at: H2}",
            "farmer-blue, at: H2, cuont: 2}",
            [
                "broken.yaml:17:38: error: sides[1].placements[1].cuont: unknown key 'cuont' "
                "(did you mean 'count'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "an option the game does not have",
            "map: world\n",
            "map: world\noptions: [pre-flooded]\n",
            [
                "broken.yaml:4:11: error: options: unknown option 'pre-flooded' (the game has "
                "no options)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a farmer on water",
            "farmer-red, at: A2}",
            "farmer-red, at: A1}",
            [
                "broken.yaml:9:9: error: sides[0].placements[1]: farmer-red on cell A1 "
                "(Water): person other than hunter may not stand on water ({rule:Place no one "
                "but Hunters on Water (it is impassable to the rest)})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a scenario area naming a terrain that is not there",
            "map: world\n",
            "map: world\nareas: {shore: {where: {terrain: waters}}}\n",
            [
                "broken.yaml:4:34: error: areas.shore.where: unknown terrain 'waters' (did you "
                "mean 'water'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "food against the rules",
            "values: {food: 5}\n    placements:\n      - {piece: farmer-blue",
            "values: {food: 4}\n    placements:\n      - {piece: farmer-blue",
            [
                "broken.yaml:14:14: error: sides[1].values.food: side blue: food is 4, must be "
                "5 ({rule:Each tribe starts with 5 food})",
                "1 error(s), 0 warning(s)",
            ],
        ),
    ],
    "reshuffled": [
        (
            "a misspelt piece",
            "piece: sentry-gun, at: B1",
            "piece: sentry-gn, at: B1",
            [
                "broken.yaml:10:13: error: placements[1].piece: unknown piece 'sentry-gn' (did "
                "you mean 'sentry-gun'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt place in a scenario area",
            "of: {opposite: {pieces: {token: aguan}}}",
            "of: {place: aproach-hatch}",
            [
                "broken.yaml:7:44: error: areas.approach.where: unknown place 'aproach-hatch' "
                "(did you mean 'approach-hatch'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt terrain in through:",
            "through: [open, hatch]",
            "through: [open, hach]",
            [
                "broken.yaml:7:90: error: areas.approach.where: unknown terrain 'hach' (did "
                "you mean 'hatch'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a unit in blue's list said to be red's",
            "      - {piece: ronin-shotgun-yellow}\n",
            "    units: [{id: boarders, side: red, figures: [{piece: ronin-shotgun-yellow}]}]\n",
            [
                "broken.yaml:30:34: error: sides[1].units[0].side: side 'red' in side blue's "
                "list (move the entry to side red's list, or leave side: out)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a cell named twice over: at and area",
            "piece: aguan, at: A1,",
            "piece: aguan, at: A1, area: approach,",
            [
                "broken.yaml:9:28: error: placements[0].area: give at (a cell) or area, not both",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt area",
            "{piece: code-hack-blue, count: 5}",
            "{piece: code-hack-blue, count: 5, area: aproach}",
            [
                "broken.yaml:26:49: error: sides[1].placements[1].area: unknown area 'aproach' "
                "(did you mean 'approach'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "too many of a piece",
            "{piece: code-hack-red, count: 5}",
            "{piece: code-hack-red, count: 9}",
            [
                "broken.yaml:18:9: error: sides[0].placements[1]: 'code-hack-red': 9 placed, the "
                "kit provides 5 (piece defined at counters.yaml:129:5)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "an unknown map",
            "map: station",
            "map: stations",
            [
                "broken.yaml:3:6: error: map: unknown map 'stations' (did you mean 'station'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a scenario rule with exactly and max",
            "sides:\n",
            "constraints: [{kind: count, pieces: {token: aguan}, exactly: 1, max: 1}]\nsides:\n",
            [
                "broken.yaml:14:65: error: constraints[0].max: exactly and max together: give "
                "exactly, or min and max",
                "1 error(s), 0 warning(s)",
            ],
        ),
    ],
    "duck": [
        (
            "a misspelt attribute the rules read",
            "build: average, weapon: pistol",
            "build: average, wepon: pistol",
            [
                "broken.yaml:8:74: error: sides[0].placements[1].attrs.wepon: unknown "
                "attribute 'wepon' (did you mean 'weapon'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a weapon off the chart",
            "weapon: pistol}",
            "weapon: blaster}",
            [
                "broken.yaml:8:82: error: sides[0].placements[1].attrs.weapon: Roon: weapon is "
                "'blaster', must be one of pistol, heavy automatic rifle, high explosive "
                "machine gun, flamer, dope gun, grenade, incendiary grenade, flechette cannon, "
                "axe, cutlass, directional mine, fire bomb, hot air gun "
                "({rule:Arm each Team member with a weapon of the weapons chart})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a Team member out of the corridor",
            "team-member, at: I3",
            "team-member, at: C3",
            [
                "broken.yaml:8:9: error: sides[0].placements[1]: Roon on cell C3 (Deck) is not "
                "in area corridor (rule at broken.yaml:15:5)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt area in the scenario's rule",
            "where: {area: corridor}",
            "where: {area: coridor}",
            [
                "broken.yaml:18:19: error: constraints[0].where: unknown area 'coridor' (did "
                "you mean 'corridor'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt value in the scenario's rule selector",
            "pieces: {unit: team}\n",
            "pieces: {unit: tema}\n",
            [
                "broken.yaml:17:13: error: constraints[0].pieces: no piece matches tema (no "
                "piece has unit 'tema'; did you mean 'team'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a placement changing a piece's own attribute",
            "{piece: threat-harpy-2, at: C5}",
            "{piece: threat-harpy-2, at: C5, attrs: {unit: team}}",
            [
                "broken.yaml:12:55: error: sides[1].placements[1].attrs.unit: threat-harpy-2 "
                "has unit 'threat' of its own: a placement cannot change it",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a contradictory terrain rule",
            "    where: {area: corridor}\n",
            "    where: {area: corridor}\n  - {kind: terrain, only_on: [deck], not_on: "
            "[cargo-low]}\n",
            [
                "broken.yaml:19:38: error: constraints[1].not_on: only_on already keeps the "
                "pieces off every other terrain",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a unit of a side that is not there",
            "  - id: threat\n",
            "    units: [{id: squad, side: tem, figures: [{piece: team-member, attrs: {name: "
            "Vasq, build: weak, weapon: axe}}]}]\n  - id: threat\n",
            [
                "broken.yaml:9:31: error: sides[0].units[0].side: side 'tem' in side team's "
                "list (move the entry to side tem's list, or leave side: out)",
                "1 error(s), 0 warning(s)",
            ],
        ),
    ],
    "rencounter": [
        (
            "a misspelt attribute (armor)",
            "armour: 1,",
            "armor: 1,",
            [
                "broken.yaml:8:72: error: sides[0].units[0].figures[0].attrs.armor: unknown "
                "attribute 'armor' (did you mean 'armour'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "Ex out of range",
            "name: Brun, Ex: 4",
            "name: Brun, Ex: 9",
            [
                "broken.yaml:10:53: error: sides[0].units[0].figures[2].attrs.Ex: Brun: Ex is "
                "9, must be from 1 to 6 ({rule:# Give each figure an Experience (Ex) of 1 to 6: "
                "Scum, Raw, Green, Average, Veteran, Master})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a figure without a required value",
            "name: Colin, Ex: 3, F: 6, M: 5",
            "name: Colin, Ex: 3, F: 6",
            [
                "broken.yaml:11:13: error: sides[0].units[0].figures[3]: Colin has no M "
                "({rule:# Give each figure a Melee skill (M) of 2 to 14, rolled against on a D12})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "two leaders in a unit",
            "name: Guard 1, Ex: 4",
            'name: Guard 1, leader: "yes", Ex: 4',
            [
                "broken.yaml:17:13: error: sides[1].units[0].figures[1]: unit ford has 2 "
                "leaders, needs exactly 1 ({rule:# Give each unit one leader of its own (an "
                "attached commander is one more)})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "F not a number",
            "name: Guard 2, Ex: 4, F: 7",
            "name: Guard 2, Ex: 4, F: seven",
            [
                "broken.yaml:18:62: error: sides[1].units[0].figures[2].attrs.F: Guard 2: F is "
                "'seven', not a number ({rule:# Give each figure a Fire skill (F) of 2 to 14, "
                "rolled against on a D12})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt piece",
            "{piece: figure, attrs: {name: Guard 2",
            "{piece: figures, attrs: {name: Guard 2",
            [
                "broken.yaml:18:21: error: sides[1].units[0].figures[2].piece: unknown piece "
                "'figures' (did you mean 'figure'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt option",
            "title: Skirmish at the mill\n",
            "title: Skirmish at the mill\noptions: [individual-figure]\n",
            [
                "broken.yaml:3:11: error: options: unknown option 'individual-figure' (did you "
                "mean 'individual-figures'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a side's unit declared for the other side",
            "      - id: ford\n",
            "      - id: ford\n        side: king\n",
            [
                "broken.yaml:15:15: error: sides[1].units[0].side: side 'king' in side "
                "cardinal's list (move the entry to side king's list, or leave side: out)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a scenario rule with min above max",
            "sides:\n",
            "constraints: [{kind: count, per: unit, pieces: {kind: figure}, min: 5, max: "
            "3}]\nsides:\n",
            [
                "broken.yaml:3:72: error: constraints[0].max: max 3 is below min 5",
                "1 error(s), 0 warning(s)",
            ],
        ),
    ],
    "bog": [
        (
            "a misspelt declared attribute",
            "grit: 3, gear: pole",
            "grit: 3, gaer: pole",
            [
                "broken.yaml:11:77: error: sides[0].placements[0].attrs.gaer: unknown "
                "attribute 'gaer' (did you mean 'gear'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a declared attribute out of range",
            "attrs: {grit: 2}",
            "attrs: {grit: 7}",
            [
                "broken.yaml:16:53: error: sides[1].placements[0].attrs.grit: grit is 7, must "
                "be from 1 to 5",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a value not among the choices",
            "gear: pole}",
            "gear: rope}",
            [
                "broken.yaml:11:83: error: sides[0].placements[0].attrs.gear: gear is 'rope', "
                "must be one of pole, net, lamp",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "more torches than the side's value",
            "torch-peat, at: 0601, count: 2",
            "torch-peat, at: 0601, count: 3",
            [
                "broken.yaml:17:9: error: sides[1].placements[1]: side peat has 3 torches, "
                "needs exactly 2 ({rule:A side brings as many torches as its value says})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a side placing the other side's piece",
            "{piece: torch-moss, area: moss-bank}",
            "{piece: torch-peat, area: moss-bank}",
            [
                "broken.yaml:12:9: error: sides[0].placements[1]: side moss has 1 piece of "
                "another side, needs at most 0 ({rule:Each side places only its own pieces})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "two punts over the stacking (a punt weighs two)",
            "{piece: punt, at: 0302}",
            "{piece: punt, at: 0302, count: 2}",
            [
                "broken.yaml:19:5: error: placements[0]: 4 places on cell 0302 (Pool) exceed "
                "its stacking limit of 3 ({rule:Three places to a hex; a punt takes two})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt place in a scenario area",
            "of: {place: jetty}",
            "of: {place: jety}",
            [
                "broken.yaml:6:52: error: areas.landing.where: unknown place 'jety' (did you "
                "mean 'jetty'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a $side area name that is not there",
            "  - {piece: punt, at: 0302}\n",
            "  - {piece: punt, at: 0302}\nconstraints: [{kind: placement, pieces: {kind: "
            "torch}, where: {area: $side-camp}}]\n",
            [
                "broken.yaml:20:70: error: constraints[0].where: unknown area 'moss-camp' (for "
                "side moss) nor 'peat-camp' (for side peat) (did you mean 'moss-bank'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a misspelt side value",
            "values: {torches: 2}",
            "values: {torch: 2}",
            [
                "broken.yaml:14:14: error: sides[1].values.torch: unknown side value 'torch' "
                "(did you mean 'torches'?)",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a torch on the other side's bank",
            "torch-peat, at: 0601",
            "torch-peat, at: 0204",
            [
                "broken.yaml:17:9: error: sides[1].placements[1]: torch-peat on cell 0204 "
                "(Reeds) is not in area peat-bank ({rule:Torches start on their own side's "
                "bank})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a wader on the pool",
            "wader-moss, at: 0101",
            "wader-moss, at: 0301",
            [
                "broken.yaml:11:9: error: sides[0].placements[0]: Ash on cell 0301 (Pool): "
                "wader may not stand on pool ({rule:Waders keep out of pools})",
                "1 error(s), 0 warning(s)",
            ],
        ),
        (
            "a hex that is not on the map",
            "{piece: punt, at: 0302}",
            "{piece: punt, at: 0705}",
            [
                "broken.yaml:19:23: error: placements[0].at: no cell '0705' on map 'bog' "
                "(hexes are numbered column then row, 0101 to 0604; or a place: jetty, "
                "moss-camp, peat-camp)",
                "1 error(s), 0 warning(s)",
            ],
        ),
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
    """'rule at content/<game>/rules.yaml:L:C' for the rule of that name (or, for a rule
    with no name, "# words" of the comment over it), found in the game's files the way
    its position is printed (the first key of its list item)."""
    for file in sorted(game.glob("*.yaml")):
        lines = file.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            # a rule with no name (it prints no line on set-up sheets): the comment over it
            if name.startswith("# ") and line.strip() == name:
                j = i
                while not lines[j].lstrip().startswith("- "):
                    j += 1
            elif re.fullmatch(rf"\s*name: {re.escape(name)}", line):
                j = i
                while not lines[j].lstrip().startswith("- "):
                    j -= 1
            else:
                continue
            shown = os.path.relpath(file, ROOT) if file.is_relative_to(ROOT) else str(file)
            return f"rule at {shown}:{j + 1}:{lines[j].index('- ') + 3}"
    raise AssertionError(f"no rule named {name!r} in {game}")


ALL = [(game, case) for game, cases in CASES.items() for case in cases]


@pytest.mark.parametrize("game", list(BASES))
def test_the_good_scenarios_check_clean(game, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert _check(tmp_path, _games(tmp_path)[game], "good", BASES[game]) == [
        "ok: 1 scenario checked"
    ]


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
    # the first line the mistake changed (the file has game: on line 1) carries an error
    pairs = zip(base.splitlines() + [""], broken.splitlines(), strict=False)
    line = 2 + next(i for i, (a, b) in enumerate(pairs) if a != b)
    assert any(re.match(rf"broken\.yaml:{line}:\d+: error: ", g) for g in got), got


@pytest.mark.parametrize(("game", "case"), ALL, ids=[f"{g}: {c[0]}" for g, c in ALL])
def test_one_message_per_mistake(game, case):
    """No follow-on errors: each scenario above holds one mistake, and kitgen says it once.
    A placement already reported (an unknown piece, cell, side, value ...) is left out of
    later counts and checks; a count that could hold it is not told."""
    name, _, _, expected = case
    said = [line for line in expected if ": error: " in line or ": warning: " in line]
    assert len(said) == 1, name
