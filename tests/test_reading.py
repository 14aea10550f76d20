"""The kit's reading: a numbered mark (†1, †2 ...) on what a kit chose, on tables, rows,
cells, card faces, threat tables and their out-of-range policy, templates, rules; the words
on the kit's notes page (notes.pdf), nowhere else."""

from __future__ import annotations

import io

from pypdf import PdfReader

from kitgen.model.reading import Reading, note, numbered
from kitgen.style import typeset
from tests.conftest import (
    build_pdfs,
    errors_of,
    pdf_text,
    pdf_words,
    plan_game,
    seed_kit,
    write_game,
)

GAME = """
id: g
title: G
tables:
  - id: costs
    title: Costs
    reading: {kit: "Costs are per square.", source: "HP Cost"}
    columns: [Condition, Cost]
    rows:
      - [Open, "1"]
      - {cells: [Carrying, "1-"], reading: "1- read as: at least 1."}
      - [Hatch, {text: "2", reading: "Two, as the example shows."}]
threats:
  - id: react
    title: React
    reading: {kit: "One modifier per type.", source: "PHILTH -1 ARDZILIANS +1"}
    roll: d6
    out_of_range: {low: clamp, reading: "The source has no row for them."}
    columns: [NEAR]
    rows:
      - {result: 1-3, outcomes: [HIDE]}
      - {result: 4-6, outcomes: [SHOOT]}
    situations:
      - {name: WOUNDED, modifier: -2}
templates:
  - {kind: circle, id: c, diameter: 2in, reading: "The size is the kit's."}
cards:
  - id: aid
    size: tarot
    front:
      title: Aid
      reading: "The card is the kit's."
      blocks:
        - table: costs
"""


def test_marks_and_notes():
    assert [numbered(i) for i in (1, 2, 12)] == ["\u20201", "\u20202", "\u202012"]
    assert note(Reading("Read as 1.")) == "Read as 1."
    assert note(Reading("Read as 1.", "1-")) == "Read as 1. Source: \u201c1-\u201d."
    # a note is printed as sentences: a full stop where the kit's words or the source's
    # end without one (after the closing quote), never a second one
    assert note(Reading("Read as 1", "Up to 4")) == "Read as 1. Source: \u201cUp to 4\u201d."
    assert note(Reading("Read as 1?", "Up to 4.")) == "Read as 1? Source: \u201cUp to 4.\u201d"


def test_table_row_and_cell_readings_get_kit_wide_marks(game_dir):
    game = plan_game(write_game(game_dir, GAME)).game
    table = next(t for t in game.tables if t.id == "costs")
    assert table.title == "Costs\u20201"
    assert table.rows[1].cells[0] == "Carrying\u20202"
    assert table.rows[2].cells[1].text == "2\u20203"
    assert table.footnotes == ()  # the words are on the notes page
    threat = game.threats[0]
    assert threat.title == "React\u20205" and threat.policy_mark == "\u20206"
    assert threat.notes == ()
    template = game.templates.items[0]
    assert template.title == "c\u20207"
    assert [(r.mark, r.kit) for r in game.readings] == [
        ("\u20201", "Costs are per square."),
        ("\u20202", "1- read as: at least 1."),
        ("\u20203", "Two, as the example shows."),
        ("\u20204", "The card is the kit's."),  # the sections in the order they are read
        ("\u20205", "One modifier per type."),
        ("\u20206", "The source has no row for them."),
        ("\u20207", "The size is the kit's."),
    ]


def test_the_words_print_on_the_notes_page_only(game_dir):
    _, pdfs, _ = build_pdfs(write_game(game_dir, GAME))
    notes = " ".join(pdf_text(pdfs["notes.pdf"]))
    for want in (
        "\u20201 Costs are per square. Source: \u201cHP Cost\u201d.",
        "\u20202 1- read as: at least 1.",
        "\u20206 The source has no row for them.",
        "\u20204 The card is the kit's.",
        "\u20207 The size is the kit's.",
    ):
        assert typeset(want) in notes, want  # as printed: ’ and ranges with –
    rest = " ".join(" ".join(pdf_text(pdf)) for name, pdf in pdfs.items() if name != "notes.pdf")
    assert "Costs\u20201" in rest and "Aid\u20204" in rest
    assert "per square" not in rest and "Kit's reading" not in rest


def test_a_reading_needs_the_kits_words(game_dir):
    body = GAME.replace(
        'reading: {kit: "Costs are per square.", source: "HP Cost"}', "reading: {source: x}"
    )
    errs = errors_of(write_game(game_dir, body))
    assert [e.split("game.yaml:")[1] for e in errs] == [
        "6:14: error: tables[0].reading: missing required key 'kit'"
    ]


RULES_GAME = """
id: r
title: R
rules:
  pieces: [{id: man, attrs: {kind: man}}]
  constraints:
    - kind: range
      name: Skill 1 to 9
      reading: {kit: "1 to 9 is the kit's.", source: "typically 3-7"}
      attr: skill
      min: 1
      max: 9
    - kind: range
      name: Nerve 0 to 3
      reading: "The source gives no bound."
      attr: nerve
      min: 0
      max: 3
    - {kind: count, name: Two sides, of: sides, min: 2}
"""

RULES_SCENARIO = """
title: Test
sides:
  - {id: a, placements: [{piece: man, attrs: {skill: 4, nerve: 1}}]}
  - {id: b, placements: [{piece: man, attrs: {skill: 9, nerve: 0}}]}
"""


def test_a_rule_reading_marks_its_line_on_the_setup_sheet(game_dir):
    folder = write_game(game_dir, RULES_GAME, {"scenarios/test.yaml": RULES_SCENARIO})
    planned, pdfs, _ = build_pdfs(folder)
    rules = planned.game.rules.constraints
    assert [r.reading for r in rules] == [
        Reading("1 to 9 is the kit's.", "typically 3-7", "\u20201"),
        Reading("The source gives no bound.", "", "\u20202"),
        None,
    ]
    reader = PdfReader(io.BytesIO(pdfs["scenario-test.pdf"]))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    text = text.replace(" \u2020", "\u2020")  # pypdf reads the mark's thin space as a space
    assert "Skill 1 to 9.\u20201" in text and "Nerve 0 to 3.\u20202" in text
    assert "Two sides.\u2020" not in text and "typically" not in text
    notes = " ".join(pdf_text(pdfs["notes.pdf"]))
    want = "\u20201 1 to 9 is the kit's. Source: \u201ctypically 3-7\u201d."
    assert typeset(want) in notes
    bad = write_game(game_dir / "bad", RULES_GAME.replace('"The source gives no bound."', "{}"))
    assert [e.split("game.yaml:")[1] for e in errors_of(bad)] == [
        "14:16: error: rules.constraints[1].reading: missing required key 'kit'"
    ]


ROLLED_GAME = """
id: d
title: D
tables:
  - id: misfires
    title: Misfires
    roll: D6
    chance: true
    columns: [Result]
    rows:
      - ["1-3", Boom]
      - {label: "4", cells: [Fizz], reading: {kit: "Read as a fizz.", source: "4 Same as 3"}}
      - ["5-6", Bang]
sheets:
  - {id: reference, title: Reference, items: [misfires]}
"""


def test_a_whole_row_reading_on_a_rolled_row_marks_its_words_not_its_roll(game_dir):
    """The dagger never prints after the roll number ("4†1" reads as 41): it hangs on the
    row's first words; the 4 is still read as the roll 4, the chance column counts it, and
    the number keeps its place in its column."""
    planned, pdfs, _ = build_pdfs(write_game(game_dir, ROLLED_GAME))
    assert [str(d) for d in planned.diags.items] == []  # no refusal, no uncovered total
    table = planned.game.tables[0]
    assert [(r.label, r.mark) for r in table.rows] == [("1-3", ""), ("4", "\u20201"), ("5-6", "")]
    assert table.chances == ("1/2 = 50%", "1/6 = 16.7%", "1/3 = 33.3%")
    words = pdf_words(pdfs["sheet-reference.pdf"])[0]
    text = " ".join(w.text for w in words)
    assert (
        typeset(
            "D6 Result Chance 1-3 Boom 1/2 = 50% 4 Fizz\u20201 1/6 = 16.7% 5-6 Bang 1/3 = 33.3%"
        )
        in text
    )
    assert not [w.text for w in words if w.text[:1].isdigit() and "\u2020" in w.text]
    label = {w.text: w.box for w in words if w.text in ("1\u20133", "4", "5\u20136")}
    mid = {w: (box[0] + box[2]) / 2 for w, box in label.items()}
    assert abs(mid["4"] - mid["1\u20133"]) < 1  # the 4 keeps its place, centred


def test_a_row_reading_on_a_roll_with_no_words_stays_on_the_roll(game_dir):
    body = ROLLED_GAME.replace("cells: [Fizz]", "cells: [~]")
    planned, pdfs, _ = build_pdfs(write_game(game_dir, body))
    assert "4\u20201" in pdf_text(pdfs["sheet-reference.pdf"])[0]


def test_a_whole_row_reading_on_a_named_row_marks_its_label(game_dir):
    body = ROLLED_GAME.replace("roll: D6\n    chance: true\n", "label: {title: Event}\n")
    body = body.replace('"1-3"', "Early").replace('"4"', "Late").replace('"5-6"', "Never")
    planned, pdfs, _ = build_pdfs(write_game(game_dir, body))
    row = planned.game.tables[0].rows[1]
    assert (row.label, row.mark, row.cells) == ("Late", "\u20201", ("Fizz",))
    assert "Late\u20201 Fizz Never Bang" in pdf_text(pdfs["sheet-reference.pdf"])[0]


TYPES_GAME = """
id: s
title: S
threats:
  - id: react
    title: React
    roll: d6
    columns: [NEAR]
    rows:
      - {result: 1-3, outcomes: [HIDE]}
      - {result: 4-6, outcomes: [SHOOT]}
    out_of_range: {low: clamp, high: clamp, reading: "No rows past the die."}
    types_reading: {kit: "Each species is a type.", source: "MOVE 1xD6 GOBLINS -1"}
    types:
      - {name: GOBLINS, modifier: -1}
"""


def test_a_types_reading_marks_the_threat_type_line(game_dir):
    planned, pdfs, _ = build_pdfs(write_game(game_dir, TYPES_GAME))
    threat = planned.game.threats[0]
    marks = (threat.title, threat.types_mark, threat.policy_mark)
    assert marks == ("React", "\u20201", "\u20202")
    text = pdf_text(pdfs["threats.pdf"])[0]
    assert "Roll d6 Threat type\u20201 (one applies): GOBLINS \u22121" in text
    assert "Totals below 1 are read as 1" in text and "species" not in text
    notes = " ".join(pdf_text(pdfs["notes.pdf"]))
    want = "\u20201 Each species is a type. Source: \u201cMOVE 1xD6 GOBLINS \u22121\u201d"
    assert typeset(want) in notes
    assert "\u20202 No rows past the die." in notes


def test_a_types_reading_needs_types(game_dir):
    body = TYPES_GAME.replace("    types:\n      - {name: GOBLINS, modifier: -1}\n", "")
    errs = errors_of(write_game(game_dir, body))
    assert [e.split("game.yaml:")[1] for e in errs] == [
        "12:20: error: threats[0].types_reading: a types reading marks the Threat-type line: "
        "this table has no types (add types:, or mark the whole table with reading:)"
    ]


def test_every_seed_kit_reading_prints_as_a_sentence_on_its_notes_page():
    """The seed kits' notes read back from their notes pages (their rulebooks' last
    section): each ends with a stop, after the source's quote."""
    seen = 0
    for kit in ("duck", "ironford", "rencounter", "reshuffled", "ryamon"):
        p, pdfs, _ = seed_kit(kit)
        assert "notes.pdf" not in pdfs  # one home: the rulebook
        printed = " ".join(pdf_text(pdfs["rulebook.pdf"]))
        for reading in p.game.readings:
            text = note(reading)
            seen += 1
            assert text.rstrip("\u201d\u2019)")[-1] in ".!?", text
            assert " ".join(typeset(text).split()[-3:]) in printed, text
    assert seen >= 5
