"""Reaction tables: odds against hand-worked fractions, coverage diagnostics, the
banding generator against brute force, the card and the `kitgen threats` command."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from kitgen.chance.dice import parse_dice, prob_at_least
from kitgen.model.threat import Combo
from kitgen.rules.banding import Totals, band_cost, best_banding
from kitgen.rules.reaction import row_odds, shown_combos
from kitgen.source.tables.bands import parse_band
from kitgen.style import typeset
from tests.conftest import CONTENT, errors_of, plan_game, run_cli, write_game

GAME = """
id: t
title: T
threats:
  - id: react
    title: React
    roll: d6
    columns: [NEAR, FAR]
    rows:
      - {result: 1-2, outcomes: [HIDE, WAIT]}
      - {result: 3-5, outcomes: [SHOOT, MOVE]}
      - {result: 6, outcomes: [CHARGE, null]}
      - {result: ">6", outcomes: [FLEE, RETIRE]}
{extra}
"""


def _game(tmp_path: Path, extra: str) -> Path:
    return write_game(tmp_path / "g", GAME.replace("{extra}", extra))


def _table(tmp_path: Path, extra: str):
    return plan_game(_game(tmp_path, extra)).game.threats[0]


# ---- dice odds, worked by hand -------------------------------------------


def test_two_d6_seven_is_one_sixth():
    assert parse_dice("2d6").distribution()[7] == Fraction(6, 36)


def test_exploding_d6_reaches_eight_with_five_36ths():
    # 8+ needs a 6 then a 2..6: 1/6 * 5/6
    assert prob_at_least(parse_dice("d6!").distribution(), 8) == Fraction(5, 36)


def test_issue_dice_list_parses():
    for text, lo, hi in [
        ("d6", 1, 6),
        ("2d6", 2, 12),
        ("d12", 1, 12),
        ("3d6", 3, 18),
        ("d6+2", 3, 8),
        ("d6!", 1, 12),
        ("4d6kh3", 3, 18),
        ("2d6kl1", 1, 6),
    ]:
        d = parse_dice(text)
        assert (d.min, d.max) == (lo, hi), text


def test_wounded_plus_two_flees_one_third(tmp_path):
    table = _table(
        tmp_path,
        """    out_of_range: {low: clamp}
    situations:
      - {name: WOUNDED, modifier: +2}""",
    )
    wounded = next(c for label, c in shown_combos(table) if label == "WOUNDED +2")
    odds = row_odds(table, wounded)
    # d6+2 is 3..8: rows 1-2 never, 3-5 on 1,2,3, 6 on 4, >6 on 5,6
    assert odds == [0, Fraction(1, 2), Fraction(1, 6), Fraction(1, 3)]


def test_type_that_replaces_the_roll(tmp_path):
    table = _table(
        tmp_path,
        """    types:
      - {name: AVERAGE, roll: "d{2,3,3,4,4,5}"}""",
    )
    avg = next(c for label, c in shown_combos(table) if label.startswith("AVERAGE"))
    assert row_odds(table, avg) == [Fraction(1, 6), Fraction(5, 6), 0, 0]


def test_two_state_modifier_gives_both_and_extremes(tmp_path):
    table = _table(
        tmp_path,
        """    out_of_range: {low: clamp}
    types:
      - name: LIZARD
        states:
          - {when: unseen, modifier: -1}
          - {when: seen, modifier: +1}""",
    )
    labels = [label for label, _ in shown_combos(table)]
    assert labels == ["no modifier", "LIZARD (unseen) -1", "LIZARD (seen) +1"]
    seen = dict(shown_combos(table))["LIZARD (seen) +1"]
    assert row_odds(table, seen) == [Fraction(1, 6), Fraction(1, 2), Fraction(1, 6), Fraction(1, 6)]


def test_clamp_low_reads_as_lowest_row(tmp_path):
    table = _table(
        tmp_path,
        """    out_of_range: {low: clamp}
    situations:
      - {name: DOWN, modifier: -3}""",
    )
    down = dict(shown_combos(table))["DOWN -3"]
    # d6-3 is -2..3: -2..2 read rows 1-2 (5/6), 3 reads 3-5 (1/6)
    assert row_odds(table, down) == [Fraction(5, 6), Fraction(1, 6), 0, 0]


def test_band_syntax():
    assert (parse_band(">6").lo, parse_band(">6").hi) == (7, None)
    assert (parse_band("<=0").lo, parse_band("<=0").hi) == (None, 0)
    assert (parse_band("2-3").lo, parse_band("2-3").hi) == (2, 3)
    assert (parse_band("7+").lo, parse_band("-2").hi) == (7, -2)


# ---- coverage diagnostics ---------------------------------------------------


def test_total_below_the_rows_is_an_error_with_its_combination(tmp_path):
    errs = errors_of(
        _game(
            tmp_path,
            """    situations:
      - {name: DOWN, modifier: -3}
      - {name: HURT, modifier: -1}""",
        )
    )
    path = tmp_path / "g" / "game.yaml"
    assert errs == [
        f"{path}:9:7: error: threats[0].rows: totals -3 to 0 match no row "
        "(e.g. with HURT -1) (add a row such as '<=0' or declare "
        "out_of_range: {low: clamp})",
        f"{path}:12:9: warning: threats[0].rows[3]: result '>6' can never come up "
        "(modified totals run from -3 to 6)",
    ]


def test_gap_and_overlap_are_errors(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: broken
            title: Broken
            roll: d6
            rows:
              - {result: 1-2, outcome: A}
              - {result: 2-3, outcome: B}
              - {result: 5-6, outcome: C}
        """,
    )
    errs = errors_of(folder)
    path = folder / "game.yaml"
    assert errs == [
        f"{path}:8:7: error: threats[0].rows: total 4 matches no row (e.g. with no modifier) "
        "(rows must cover every total between the lowest and the highest)",
        f"{path}:9:9: error: threats[0].rows[1]: result '2-3' overlaps threats[0].rows[0] "
        "('1-2') at total 2",
    ]


def test_unreachable_row_is_a_warning(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: r
            title: R
            roll: d6
            rows:
              - {result: "<=0", outcome: NEVER}
              - {result: 1-6, outcome: ALWAYS}
        """,
    )
    p = plan_game(folder)
    assert [str(d) for d in p.diags] == [
        f"{folder / 'game.yaml'}:8:9: warning: threats[0].rows[0]: result '<=0' can never "
        "come up (modified totals run from 1 to 6)"
    ]


def test_reader_errors_have_exact_messages(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: r
            title: R
            roll: 2x6
            rows:
              - {result: one, outcome: A}
              - {result: 2, outcomes: [A, B]}
            situations:
              - {name: X}
        """,
    )
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:6:11: error: threats[0].roll: unknown dice term 'x6' in '2x6' "
        "(write dice as d6, 2d6, d6+2, 4d6kh3, d6!, d{2,3,3,4,4,5})",
        f"{path}:8:18: error: threats[0].rows[0].result: cannot read result 'one' "
        "(write a result as 4, 2-3, >6, >=7, <=0, <1 or 7+)",
        f"{path}:9:31: error: threats[0].rows[1].outcomes: 2 outcome(s) for 1 column(s)",
        f"{path}:11:9: error: threats[0].situations[0]: needs 'modifier' (a number added "
        "to the roll) or 'roll' (dice that replace the roll)",
    ]


# ---- generation -------------------------------------------------------------


def _brute(dist, weights):
    from kitgen.rules.banding import targets_of

    targets = targets_of(weights)
    m, n = len(dist), len(targets)
    return min(
        band_cost(dist, cuts, targets) for cuts in itertools.combinations(range(1, m), n - 1)
    )


@pytest.mark.parametrize(
    "dice,weights",
    [
        ("d6", [2, 1]),
        ("2d6", [2, 1]),
        ("2d6", [1, 1, 1]),
        ("2d6", [5, 3, 1, 1]),
        ("3d6", [1, 2, 3, 2, 1]),
        ("d6!", [3, 1]),
        ("4d6kh3", [1, 1, 1, 1]),
        ("d12", [0.5, 0.3, 0.2]),
    ],
)
def test_banding_is_as_good_as_brute_force(dice, weights):
    dist = parse_dice(dice).distribution()
    got = best_banding(dist, weights, random.Random(1))
    assert got.error == _brute(dist, weights)
    totals = sorted(dist)
    assert got.bands[0].lowest == totals[0] and got.bands[-1].highest == totals[-1]
    assert sum(got.achieved) == 1


def test_banding_two_to_one_on_2d6_by_hand():
    # 2-8 is 26/36 (off by 2/36 each way) beats 2-7 at 21/36 (off by 3/36)
    got = best_banding(parse_dice("2d6").distribution(), [2, 1], random.Random(0))
    assert got.bands == (Totals(2, 8), Totals(9, 12))
    assert got.achieved == (Fraction(26, 36), Fraction(10, 36))
    assert got.error == Fraction(4, 36)


def test_ties_are_broken_by_the_seed():
    # five equal behaviours on a d6: one of them must get two faces, any one will do
    dist = parse_dice("d6").distribution()
    picks = {best_banding(dist, [1] * 5, random.Random(s)).bands for s in range(20)}
    assert len(picks) > 1  # several equally good tables
    again = [best_banding(dist, [1] * 5, random.Random(7)).bands for _ in range(3)]
    assert len(set(again)) == 1


def test_generated_table_card_and_seed(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: beast
            title: Beast
            roll: d6
            generate:
              weights:
                - {outcome: HUNT, weight: 1}
                - {outcome: HIDE, weight: 1}
                - {outcome: ROAR, weight: 1}
                - {outcome: FLEE, weight: 1}
                - {outcome: EAT, weight: 1}
        """,
    )
    a = run_cli("threats", str(folder), "--seed", "3")
    b = run_cli("threats", str(folder), "--seed", "3")
    assert a.exit_code == 0 and a.stdout == b.stdout
    assert "generated with seed 3" in a.stdout
    p = plan_game(folder, seed=3)
    item = p.docs[0].pages[0].items[0]
    assert (item.kind, item.extra["seed"], item.extra["rows"]) == ("threat-table", 3, 5)


def test_too_many_behaviours_for_the_roll(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: beast
            title: Beast
            roll: d{1,2}
            generate:
              priority: [A, B, C]
        """,
    )
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:8:7: error: threats[0].generate: the roll has only 2 results, "
        "fewer than the 3 behaviours (use a roll with more results, or fewer behaviours)"
    ]


# ---- the seed content and the command line ----------------------------------


def test_duck_matrix_odds_and_extremes():
    table = plan_game(CONTENT / "duck").game.threats[0]
    shown = dict(shown_combos(table))
    assert row_odds(table, Combo(()))[-1] == 0
    wounded = row_odds(table, shown["WOUNDED +2"])
    assert wounded[-1] == Fraction(1, 3)  # >6 on a 5 or 6
    lowest = [label for label in shown if label.startswith("lowest")][0]
    assert row_odds(table, shown[lowest])[0] == 1  # clamped: everything reads row 1
    highest = [label for label in shown if label.startswith("highest")][0]
    assert row_odds(table, shown[highest])[-1] == Fraction(4, 6)  # d6+4 > 6 on 3..6


def test_duck_matrix_every_modifier_by_hand():
    # Rows 1, 2, 3, 4, 5, 6, >6 of the booklet's matrix; totals below 1 read row 1.
    s = Fraction(1, 6)
    by_hand = {
        "no modifier": [s, s, s, s, s, s, 0],
        "PHILTH -1": [2 * s, s, s, s, s, 0, 0],  # d6-1: 0 and 1 read row 1
        "ARDZILIANS +1": [0, s, s, s, s, s, s],
        "CERATOPIANS (until NME ID'd) -1": [2 * s, s, s, s, s, 0, 0],
        "CERATOPIANS (once NME ID'd) +1": [0, s, s, s, s, s, s],
        # the average die 2 3 3 4 4 5 replaces the d6
        "CYBOTS roll d{2,3,3,4,4,5}": [0, s, 2 * s, 2 * s, s, 0, 0],
        "WOUNDED +2": [0, 0, s, s, s, s, 2 * s],  # FLEE on 5 or 6: 1/3
        "FACING AWAY +1": [0, s, s, s, s, s, s],
        "OBJECTIVE ON TILE -3": [4 * s, s, s, 0, 0, 0, 0],  # d6-3: -2..1 read row 1
        "OBJECTIVE IDENTIFIED -1": [2 * s, s, s, s, s, 0, 0],
    }
    table = plan_game(CONTENT / "duck").game.threats[0]
    shown = dict(shown_combos(table))
    for label, odds in by_hand.items():
        assert row_odds(table, shown[label]) == odds, label
    # the extremes: all three minus modifiers, and ARDZILIANS with both plus situations
    assert [label for label in shown if label.startswith(("lowest", "highest"))] == [
        "lowest: PHILTH -1 + OBJECTIVE ON TILE -3 + OBJECTIVE IDENTIFIED -1",
        "highest: ARDZILIANS +1 + WOUNDED +2 + FACING AWAY +1",
    ]
    # (1 + 5 type states) x 2^4 situation sets
    from kitgen.rules.reaction import count_combos

    assert count_combos(table) == 96


def test_cli_threats_prints_exact_odds():
    r = run_cli("threats", str(CONTENT / "duck"), "--table", "response-matrix")
    assert r.exit_code == 0
    line = next(ln for ln in r.stdout.splitlines() if ln.startswith("WOUNDED +2"))
    assert line.split()[-1] == "33.3%" and "1/3 = 33.3%" in line
    assert "96 modifier combinations checked" in r.stdout


def test_cli_threats_lists_its_own_warnings_and_counts_the_rest():
    """The DUCK! kit's write-in blanks belong to its weapons chart and scatter template:
    `threats` counts them in one line instead of listing them above the odds."""
    r = run_cli("threats", str(CONTENT / "duck"))
    assert r.exit_code == 0
    other = run_cli("check", str(CONTENT / "duck")).stderr.count(": warning: ")
    assert other > 0
    lines = r.stderr.splitlines()
    assert "write-in blank" not in r.stderr
    assert lines[-1].endswith(f"kitgen check {CONTENT / 'duck'} lists them")
    assert lines[-1].startswith(f"{other} other warning(s) in the game")


def test_cli_threats_all_lists_every_combination():
    r = run_cli("threats", str(CONTENT / "duck"), "--table", "response-matrix", "--all")
    odds_lines = r.stdout.split("exact odds", 1)[1].splitlines()[2:]
    assert len(odds_lines) == 96


def test_cli_threats_exit_codes(tmp_path):
    broken = write_game(
        tmp_path / "b",
        GAME.replace(
            "{extra}",
            """    situations:
      - {name: DOWN, modifier: -3}""",
        ),
    )
    r = run_cli("threats", str(broken))
    assert r.exit_code == 1
    assert "totals -2 to 0 match no row (e.g. with DOWN -3)" in r.stderr
    r = run_cli("threats", str(CONTENT / "duck"), "--table", "nope")
    assert r.exit_code == 2
    assert "no reaction table 'nope' (tables: response-matrix, harpy-profile)" in r.stderr


def test_card_in_the_pdf_and_manifest():
    import io

    from pypdf import PdfReader

    from tests.conftest import build_pdfs

    _, pdfs, manifest = build_pdfs(CONTENT / "duck", seed=4)
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdfs["threats.pdf"])).pages)
    assert "Contingent Ethological Response Matrix" in text
    assert "modifier combinations checked" not in text  # a build fact: terminal, manifest
    (threats,) = [f for f in manifest["files"] if f["path"] == "threats.pdf"]
    assert threats["facts"] == ["response-matrix: 96 modifier combinations checked"]
    assert "Totals below 1 are read as 1." in text
    assert "1/6 = 16.7%" in text
    flat = " ".join(text.split())
    for modifier in [
        "PHILTH -1",
        "ARDZILIANS +1",
        "CERATOPIANS -1 until NME ID'd, +1 once NME ID'd",
        "CYBOTS roll a d6 marked 2 3 3 4 4 5 instead (average dice)",
        "WOUNDED +2",
        "FACING AWAY +1",
        "OBJECTIVE ON TILE -3",
        "OBJECTIVE IDENTIFIED -1",
    ]:
        assert typeset(modifier) in flat, modifier
    # the odds grid rows as printed: WOUNDED +2 reads >6 (FLEE) on 1/3
    assert "WOUNDED +2 — — 1/6 = 16.7% 1/6 = 16.7% 1/6 = 16.7% 1/6 = 16.7% 1/3 = 33.3%" in flat
    assert "OBJECTIVE ON TILE \u22123 2/3 = 66.7% 1/6 = 16.7% 1/6 = 16.7% — — — —" in flat
    items = {i["id"]: i for i in manifest["items"] if i["kind"] == "threat-table"}
    assert items["response-matrix"]["rows"] == 7
    assert items["response-matrix"]["combinations"] == 96  # (1 + 5 type states) * 2**4
    assert items["harpy-profile"]["seed"] == 4
    x0, y0, x1, y1 = items["response-matrix"]["bbox"]
    assert x0 == 18 and x1 == 612 - 18  # the full width inside the 0.25 in margin


def test_exclusive_situations_never_combine(tmp_path):
    from kitgen.rules.reaction import combos, count_combos

    table = _table(
        tmp_path,
        """    out_of_range: clamp
    situations:
      - {name: UP, modifier: +1}
      - {name: DOWN, modifier: -1}
      - {name: HURT, modifier: +2}
    exclusive: [[UP, DOWN]]
    odds: [[UP, HURT]]""",
    )
    assert count_combos(table) == 3 * 2 == len(combos(table))
    assert not any({"UP", "DOWN"} <= {e.name for e in c.effects} for c in combos(table))
    labels = [label for label, _ in shown_combos(table)]
    assert "UP +1 + HURT +2" in labels


def test_exclusive_and_odds_name_real_modifiers(tmp_path):
    folder = _game(
        tmp_path,
        """    situations:
      - {name: UP, modifier: +1}
      - {name: DOWN, modifier: -1}
    out_of_range: clamp
    exclusive: [[UP, DWON]]
    odds: [[UPP]]""",
    )
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:17:22: error: threats[0].exclusive[0][1]: no situation named 'DWON' "
        "(did you mean 'DOWN'?)",
        f"{path}:18:13: error: threats[0].odds[0][0]: no modifier named 'UPP' (did you mean 'UP'?)",
    ]


def test_cli_threats_shows_warnings_and_needs_tables(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        threats:
          - id: r
            title: R
            roll: d6
            rows:
              - {result: "<=0", outcome: NEVER}
              - {result: 1-6, outcome: ALWAYS}
        """,
    )
    r = run_cli("threats", str(folder))
    assert r.exit_code == 0
    assert "warning: threats[0].rows[0]: result '<=0' can never come up" in r.stderr
    empty = write_game(tmp_path / "e", "id: e\ntitle: E\n")
    r = run_cli("threats", str(empty))
    assert r.exit_code == 2 and "e has no reaction tables (threats:)" in r.stderr


def test_banding_matches_brute_force_on_random_dice():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    faces = st.lists(st.integers(-3, 9), min_size=2, max_size=7)
    weights = st.lists(st.integers(0, 9), min_size=1, max_size=4).filter(lambda w: sum(w) > 0)

    @settings(max_examples=60, deadline=None)
    @given(faces, weights, st.integers(0, 2**31 - 1))
    def check(fs, ws, seed):
        dist = parse_dice("d{" + ",".join(map(str, fs)) + "}").distribution()
        if len(dist) < len(ws):
            return
        got = best_banding(dist, ws, random.Random(seed))
        assert got.error == _brute(dist, ws)
        cuts = [sorted(dist).index(band.lowest) for band in got.bands[1:]]
        assert band_cost(dist, cuts, got.targets) == got.error  # the bands it reports

    check()


# ---- the card's layout, read back from the plan ------------------------------------------


def _card_texts(planned) -> list:
    from kitgen.layout.plan import Group, Text

    def flat(ops, dy=0.0):
        for op in ops:
            if isinstance(op, Group):
                yield from flat(op.ops, dy + op.dy)
            elif isinstance(op, Text):
                yield op, op.y + dy

    doc = next(d for d in planned.docs if d.name == "threats")
    return [(op, y) for page in doc.pages for op, y in flat(page.ops)]


def test_duck_cards_odds_on_one_line_and_modifiers_kept_whole():
    planned = plan_game(CONTENT / "duck")
    texts = [op.text for op, _ in _card_texts(planned)]
    # wide enough result columns: each chance is one line, "1/3 = 33.3%", not stacked
    assert texts.count("1/3 = 33.3%") >= 6 and "16.7%" not in texts
    # a modifier never parts from its name at a line break
    assert not [t for t in texts if t.endswith("IDENTIFIED") or t.startswith("\u22121")]
    assert any("IDENTIFIED\u00a0\u22121" in t for t in texts)  # a real minus sign
    # both cards fit one sheet
    doc = next(d for d in planned.docs if d.name == "threats")
    assert len(doc.pages) == 1 and len(doc.pages[0].items) == 2


def test_a_long_card_label_stands_on_its_own_line():
    planned = plan_game(CONTENT / "duck", proof=True)  # how the rows were made: proof only
    ops = _card_texts(planned)
    label, ly = next((op, y) for op, y in ops if op.text.startswith("Generated (priority"))
    first, fy = next((op, y) for op, y in ops if op.text.startswith("PROTECT THE SOURCE: 2/3"))
    assert fy < ly - 5  # the text starts on the next line ...
    assert first.x > label.x  # ... indented under the label, never over it


def test_wrap_keeps_no_break_spaces():
    from kitgen.layout.text import wrap

    class Mono:
        def width(self, text, face, size):
            return len(text) * size

    assert wrap("AB CD\u00a0-1", "f", 1.0, 5.0, Mono()) == ["AB", "CD\u00a0-1"]


def test_a_custom_die_prints_as_faces_not_notation_on_the_reaction_sheet():
    # DUCK!'s CYBOTS throw the average die: the sheet names the faces to mark, no braces
    from .conftest import pdf_text, seed_kit

    _, files, _ = seed_kit("duck")
    text = " ".join(pdf_text(files["threats.pdf"]))
    assert "d{" not in text
    assert "CYBOTS roll a d6 marked 2 3 3 4 4 5 instead" in text


def test_the_clamp_reading_mark_stands_on_its_note_not_on_a_roll(tmp_path):
    """A kit's reading of how low totals are read: its mark stands on the line that says
    how they are read, never on a roll ("1-2†1" would read as a roll of 1 to 21); its words
    on the notes page. Read back from the PDF."""
    import pypdfium2 as pdfium

    from tests.conftest import build_pdfs

    folder = _game(
        tmp_path,
        """    situations:
      - {name: DOWN, modifier: -2}
    out_of_range: {low: clamp, reading: "The source has no row below 1."}""",
    )
    _, pdfs, _ = build_pdfs(folder)
    text = pdfium.PdfDocument(pdfs["threats.pdf"])[0].get_textpage().get_text_range()
    lines = text.replace(" \u2020", "\u2020").splitlines()  # a mark sits a thin space apart
    mark = "\u20201"  # the kit's first reading: its words on the notes page
    assert f"Totals below 1 are read as 1.{mark}" in lines
    notes = pdfium.PdfDocument(pdfs["notes.pdf"])[0].get_textpage().get_text_range()
    assert f"{mark} The source has no row below 1." in notes.splitlines()
    low, mid = "1\u20132", "3\u20135"  # ranges print with an en dash
    rows = [ln for ln in lines if ln.split()[0] in (low, mid, "6", ">6")]
    assert [ln.split()[0] for ln in rows[:4]] == [low, mid, "6", ">6"]
    assert "\u2020" not in " ".join(rows)
