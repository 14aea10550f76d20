"""Placement context, attribute declarations, counts and stacking of the rules engine.

The game here is written for the tests (no seed): a square board where each side's
counters carry their own `side` and `unit` attributes, which the placing side and a
scenario's units must never rewrite."""

from __future__ import annotations

from tests.conftest import run_cli, write_game

SKIRMISH = """
title: Skirmish
counters:
  - id: "ronin-{side}"
    for_each: {side: [red, blue]}
    quantity: 4
    size: 5/8in
    attrs: {unit: ronin}
    front: {background: "{side}", text: {text: R, size: 10pt}}
maps:
  - id: yard
    grid: square
    cell: 1in
    terrains:
      - {id: open, label: Open, fill: "#eeeeee"}
    legend: {".": open}
    layout: |
      ....
      ....
rules:
  sides: [red, blue]
  constraints:
    - kind: count
      name: 2 Ronin a side
      per: side
      pieces: {unit: ronin}
      noun: Ronin
      exactly: 2
    - kind: count
      name: Each side places only its own pieces
      per: side
      pieces: {not: {side: $side}}
      noun: pieces of another side
      max: 0
"""


def _check(tmp_path, scenario: str, game: str = SKIRMISH) -> list[str]:
    folder = write_game(tmp_path / "skirmish", game, {"scenarios/s.yaml": scenario})
    run = run_cli("check", str(folder / "scenarios" / "s.yaml"))
    return [line.replace(f"{folder}/", "") for line in run.stderr.splitlines()]


def test_units_keep_the_pieces_own_unit_attribute(tmp_path):
    # grouped in a unit called "left", each Ronin is still unit: ronin to the rules
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            units:
              - id: left
                figures: [{piece: ronin-red, at: A1}, {piece: ronin-red, at: B1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
    ) == ["ok: 1 checked"]


def test_the_placing_side_never_rewrites_the_pieces_own_side(tmp_path):
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1}, {piece: ronin-blue, at: B1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
    ) == [
        "scenarios/s.yaml:2:5: error: sides[0]: side red has 1 pieces of another side, needs "
        "at most 0 (rule at game.yaml:28:7)",
        "1 error(s), 0 warning(s)",
    ]


def test_placed_by_and_in_unit_name_the_context(tmp_path):
    game = (
        SKIRMISH.replace("pieces: {not: {side: $side}}", "pieces: {placed_by: red, in_unit: left}")
        .replace("max: 0", "min: 2")
        .replace("pieces of another side", "Ronin of red's left")
    )
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: B1}]
            units:
              - id: left
                figures: [{piece: ronin-red, at: A1}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
        game,
    ) == [
        # the unit's figure counts, the one red places outside the unit does not
        "scenarios/s.yaml:2:5: error: sides[0]: side red has 1 Ronin of red's left, needs "
        "at least 2 (rule at game.yaml:28:7)",
        "scenarios/s.yaml:7:5: error: sides[1]: side blue has 0 Ronin of red's left, needs "
        "at least 2 (rule at game.yaml:28:7)",
        "2 error(s), 0 warning(s)",
    ]


def test_a_selector_on_side_where_no_piece_has_one_says_placed_by(tmp_path):
    game = SKIRMISH.replace("for_each: {side: [red, blue]}", "for_each: {colour: [red, blue]}")
    game = game.replace("{side}", "{colour}")
    assert _check(
        tmp_path,
        """
        sides:
          - id: red
            placements: [{piece: ronin-red, at: A1, count: 2}]
          - id: blue
            placements: [{piece: ronin-blue, at: A2, count: 2}]
        """,
        game,
    )[0] == (
        "game.yaml:28:7: error: rules.constraints[1].pieces: no piece matches any piece but "
        "with the side of its placing side (no piece has an attribute 'side'; the side that "
        "places a piece is placed_by)"
    )
