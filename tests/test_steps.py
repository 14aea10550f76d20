"""Step-loss counters written fresh: faces named as steps, a scenario placing a piece on
its reduced face, rules that check the face, the set-up map showing it."""

from __future__ import annotations

from kitgen.build import load
from kitgen.errors import Diagnostics
from kitgen.layout.plan import Circle
from kitgen.rules.scenarios import check_rules
from tests.conftest import errors_of, plan_game, write_game

GAME = """
id: steps
title: Steps
counters:
  - id: "rifles-{side}"
    for_each: {side: [red, blue]}
    quantity: 3
    size: 5/8
    steps: [full, reduced]
    front: {background: "{side}", text: "4-4"}
    back: {background: "{side}", text: "2-4"}
  - {id: hq, size: 5/8, front: HQ}
maps:
  - {id: m, cell: 1in, terrains: [{id: a}], legend: {a: a}, layout: aaa}
rules:
  sides: [red, blue]
  constraints:
    - kind: count
      name: At most one reduced unit a side
      pieces: {face: reduced}
      noun: reduced units
      per: side
      max: 1
"""


def _messages(folder) -> list[str]:
    diags = Diagnostics()
    game = load(folder, diags)
    check_rules(game, game.rules, diags)
    return [str(d).replace(f"{folder}/", "") for d in diags]


SCENARIO = """
sides:
  - id: red
    placements:
      - {piece: rifles-red, at: A1}
      - {piece: rifles-red, at: B1, face: reduced}
      - {piece: rifles-red, at: C1, face: reduced}
  - id: blue
    placements:
      - {piece: rifles-blue, at: A1, face: redcued}
      - {piece: hq, at: B1, face: back}
      - {piece: hq, at: C1, face: front}
"""


def test_faces_are_named_placed_and_checked(game_dir):
    folder = write_game(game_dir, GAME, {"scenarios/s.yaml": SCENARIO})
    assert _messages(folder) == [
        "scenarios/s.yaml:9:44: error: sides[1].placements[0].face: piece 'rifles-blue' has no "
        "face 'redcued' (did you mean 'reduced'? its faces: full, reduced)",
        "scenarios/s.yaml:10:35: error: sides[1].placements[1].face: piece 'hq' has no face "
        "'back' (its faces: front)",
        "scenarios/s.yaml:6:9: error: sides[0].placements[2]: side red has 2 reduced units, "
        "needs at most 1 (rule at game.yaml:17:7)",
    ]


def test_steps_name_every_face(game_dir):
    folder = write_game(
        game_dir, GAME.replace("steps: [full, reduced]", "steps: [full]").split("maps:")[0]
    )
    assert [e.replace(f"{folder}/", "") for e in errors_of(folder)] == [
        "game.yaml:8:12: error: counters[0].steps: steps names each face once, front first: "
        "this piece has a back, so 2 names, not 1",
    ]


def test_the_set_up_map_shows_a_reduced_piece_as_a_ring(game_dir):
    scenario = SCENARIO.split("  - id: blue")[0].replace(
        "      - {piece: rifles-red, at: C1, face: reduced}\n", ""
    )
    folder = write_game(game_dir, GAME, {"scenarios/s.yaml": scenario})
    planned = plan_game(folder)
    doc = next(d for d in planned.docs if d.name.startswith("scenario-"))

    def circles(ops):
        for op in ops:
            if isinstance(op, Circle):
                yield op
            elif hasattr(op, "ops"):
                yield from circles(op.ops)

    # the map's tokens (the side's heading swatch, a round token too, is outlined in ink)
    tokens = [c for c in circles(doc.pages[0].ops) if c.stroke.colour != "#222222"]
    red = "#d62728"  # the palette's red
    assert [(c.fill, c.stroke.colour) for c in tokens] == [(red, "#ffffff"), ("#ffffff", red)]
    texts = [t for t in _texts(doc.pages) if "Rifles" in t or "rifles" in t]
    assert any("(reduced)" in t for t in texts), texts


def _texts(pages):
    out = []

    def walk(ops):
        for op in ops:
            if hasattr(op, "text") and isinstance(op.text, str):
                out.append(op.text)
            elif hasattr(op, "ops"):
                walk(op.ops)

    for page in pages:
        walk(page.ops)
    return out
