"""Seeded generators: rosters reproducible under a seed, tables applied as written,
`kitgen generate` output usable as a for_each list, the roster sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from kitgen.errors import Diagnostics
from kitgen.rules.generate import generate
from kitgen.rules.lookup_tables import resolve_generator
from kitgen.source.expand import read_for_each
from kitgen.source.fields import Context
from kitgen.source.yamlnodes import load_yaml_text
from tests.conftest import CONTENT, errors_of, plan_game, run_cli, seed_game, write_game

LEADER_EX = {"Newly appointed Novice": 3, "Average": 4, "Veteran": 5, "Hero": 6}
MAN_EX = {"Novice": 3, "Average": 4, "Veteran": 5}


def _squads():
    return seed_game("rencounter").generators[0]  # loaded once, not planned


def test_same_seed_same_roster_other_seed_differs():
    gen = _squads()
    assert generate(gen, 11) == generate(gen, 11)
    assert generate(gen, 1).records != generate(gen, 2).records


def test_squad_follows_the_rules_tables():
    gen = _squads()
    sizes = set()
    for seed in range(200):
        roster = generate(gen, seed)
        sizes.update(roster.sizes)
        # each side's units all the same size, the side's own roll
        for side in gen.sides:
            units = {r["unit"] for r in roster.records if r["side"] == side}
            assert len(units) == gen.units
            counts = {sum(r["unit"] == u for r in roster.records) for u in units}
            assert len(counts) == 1
        for rec in roster.records:
            table = LEADER_EX if rec["n"] == 1 else MAN_EX
            assert rec["role"] == ("Leader" if rec["n"] == 1 else "Man")
            assert rec["Ex"] == table[rec["rating"]]
            assert rec["F"] == rec["M"] == 2 * rec["Ex"]  # double the Exp level
    assert sizes == {5, 6, 7, 8, 9, 10}  # 1d6+4


def test_each_side_rolls_its_own_squads():
    """The rules' "for each side": both sides' units, Blue's numbered first; each side's
    size its own roll (over many seeds the two differ), a side's units alike."""
    gen = _squads()
    assert gen.sides == ("Blue", "Red")
    differ = 0
    for seed in range(50):
        roster = generate(gen, seed)
        sides = [r["side"] for r in roster.records]
        assert sides == sorted(sides, key=gen.sides.index)  # Blue's, then Red's
        assert [r["unit"] for r in roster.records] == sorted(r["unit"] for r in roster.records)
        per_side = {s: roster.sizes[i * gen.units] for i, s in enumerate(gen.sides)}
        differ += per_side["Blue"] != per_side["Red"]
        assert roster.units == gen.units * len(gen.sides)
    assert differ > 0


def test_a_generator_without_sides_keeps_its_seeded_roster():
    """Sides added to a generator leave its first side's roll as it was: the same seed
    rolls the same first side, and a generator without sides carries no side field."""
    gen = _squads()
    from kitgen.records import replace

    alone = generate(replace(gen, sides=()), 5)
    both = generate(gen, 5)
    assert all("side" not in r for r in alone.records)
    first = [
        {k: v for k, v in r.items() if k != "side"} for r in both.records if r["side"] == "Blue"
    ]
    assert first == list(alone.records)


def test_generator_sides_named_twice_is_an_error(tmp_path):
    game = tmp_path / "g"
    write_game(
        game,
        "id: t\ntitle: T\ngenerators:\n  - id: s\n    sides: [Blue, Red, Blue]\n"
        "    groups: [{role: Man, count: rest}]\n",
    )
    assert errors_of(game) == [
        f"{game / 'game.yaml'}:5:24: error: generators[0].sides[2]: side 'Blue' is named twice"
    ]


def test_variation_moves_fire_and_melee_by_minus_two_to_plus_two():
    gen = _squads()
    deltas = set()
    for seed in range(100):
        for rec in generate(gen, seed, use=("variation",)).records:
            deltas.add(rec["F"] - 2 * rec["Ex"])
            deltas.add(rec["M"] - 2 * rec["Ex"])
    assert deltas == {-2, -1, 0, 1, 2}


def test_cli_generate_prints_for_each_records():
    r = run_cli("generate", str(CONTENT / "rencounter"), "squads", "--seed", "42", "--units", "1")
    assert r.exit_code == 0
    assert "# seed 42" in r.stdout
    records = yaml.safe_load(r.stdout)
    sides = len(_squads().sides) or 1  # --units 1: one unit a side, 1d6+4 men each
    assert records[0]["role"] == "Leader" and 5 * sides <= len(records) <= 10 * sides
    # the printed list reads back as for_each records
    ctx = Context(Diagnostics(), Path("."))
    node = load_yaml_text(
        "for_each:\n" + "\n".join("  " + ln for ln in r.stdout.splitlines()), "t.yaml"
    ).get("for_each")
    got = read_for_each(ctx, node, "for_each")
    assert not ctx.diags.items
    assert got[0]["role"] == "Leader" and got[0]["F"] == str(records[0]["F"])
    again = run_cli(
        "generate", str(CONTENT / "rencounter"), "squads", "--seed", "42", "--units", "1"
    )
    assert again.stdout == r.stdout


def test_cli_generate_usage_errors():
    r = run_cli("generate", str(CONTENT / "rencounter"), "nope")
    assert r.exit_code == 2
    assert "no generator 'nope' (generators: squads)" in r.stderr
    r = run_cli("generate", str(CONTENT / "rencounter"), "squads", "--with", "boring")
    assert r.exit_code == 2
    assert "no optional adjustment 'boring' (optional: variation)" in r.stderr


def test_birth_type_2d6_key():
    game = seed_game("ryamon")
    gen = resolve_generator(game, game.generators[0])
    key = {2: "Lawyer", 3: "Scientist", 7: "Farmer", 11: "Leader", 12: "Inventor"}
    seen = set()
    for seed in range(300):
        rec = generate(gen, seed).records[0]
        seen.add(rec["roll"])
        if rec["roll"] in key:
            assert rec["type"] == key[rec["roll"]]
    assert seen == set(range(2, 13))


def test_birth_lookup_reads_the_printed_key():
    """The generator's rows are the people-type table's rows: one copy of the key."""
    game = seed_game("ryamon")
    gen = resolve_generator(game, game.generators[0])
    table = next(t for t in game.tables if t.id == "people-types")
    lookup = gen.lookups[0]
    assert lookup.roll == table.roll == "2d6"
    got = [(r.band.text, dict(r.values)) for r in lookup.rows]
    assert got == [(row.label, {"type": row.cells[1], "abbr": row.cells[0]}) for row in table.rows]
    assert len(got) == 11


TABLE_GAME = """
    id: t
    title: T
    tables:
      - id: grades
        roll: d6
        columns: [Grade, Pay]
        rows:
          - ["1-3", low, "1"]
          - ["4-6", high, null]
      - id: names
        columns: [Name]
        rows: [[Ann]]
    generators:
      - id: crew
        groups: [{role: Hand, count: rest, roll: [grade]}]
        lookups: [%s]
"""


def test_table_lookup_copies_its_columns_and_keeps_numbers(tmp_path):
    folder = write_game(
        tmp_path / "g", TABLE_GAME % "{id: grade, table: grades, set: {grade: Grade, pay: Pay}}"
    )
    game = plan_game(folder).game
    gen = resolve_generator(game, game.generators[0])
    rows = [(r.band.lo, r.band.hi, dict(r.values)) for r in gen.lookups[0].rows]
    assert rows == [(1, 3, {"grade": "low", "pay": 1}), (4, 6, {"grade": "high", "pay": None})]
    records = generate(gen, 5, size=40).records
    assert {r["grade"] for r in records} == {"low", "high"}
    assert all(r["pay"] == (1 if r["grade"] == "low" else None) for r in records)


@pytest.mark.parametrize(
    "lookup, message",
    [
        (
            "{id: grade, table: grdaes, set: {grade: Grade}}",
            "16:34: error: generators[0].lookups[0].table: no table 'grdaes' in tables: "
            "(did you mean 'grades'?)",
        ),
        (
            "{id: grade, table: names, set: {name: Name}}",
            "16:34: error: generators[0].lookups[0].table: table 'names' is not keyed by a "
            "roll (give the table roll: DICE and dice-range row labels)",
        ),
        (
            "{id: grade, table: grades, set: {grade: Rank}}",
            "16:55: error: generators[0].lookups[0].set.grade: table 'grades' has no column "
            "'Rank' (columns: d6, Grade, Pay)",
        ),
        (
            "{id: grade, table: grades, roll: d6, set: {grade: Grade}}",
            "16:48: error: generators[0].lookups[0].roll: a lookup with table: takes its roll "
            "from the table (remove roll: or table:)",
        ),
        (
            "{id: grade, table: grades}",
            "16:15: error: generators[0].lookups[0]: missing required key 'set' (the record "
            "fields and the table columns they copy, e.g. set: {type: Type})",
        ),
    ],
)
def test_table_lookup_errors(tmp_path, lookup, message):
    folder = write_game(tmp_path / "g", TABLE_GAME % lookup)
    errors = [d for d in errors_of(folder) if ": error: " in d]  # not the write-in warning
    assert errors == [f"{folder / 'game.yaml'}:{message}"]


def _flat(ops):
    for op in ops:
        if hasattr(op, "ops"):
            yield from _flat(op.ops)
        else:
            yield op


def test_roster_sheet_shows_the_seed(tmp_path):
    # the seed and the roll are build facts: in the manifest always, on proof sheets only
    # (Rencounter's generator alone: its roster sheet without the rest of the kit)
    squads = write_game(
        tmp_path / "squads",
        "id: squads\ntitle: Squads\ninclude: [generators.yaml]\n",
        {"generators.yaml": (CONTENT / "rencounter" / "generators.yaml").read_text("utf-8")},
    )
    for proof in (False, True):
        p = plan_game(squads, seed=9, proof=proof)
        doc = next(d for d in p.docs if d.name == "rosters")
        item = doc.pages[0].items[0]
        assert (item.kind, item.id, item.extra["seed"]) == ("roster", "squads", 9)
        gen = p.game.generators[0]
        sizes = generate(gen, 9).sizes
        assert item.extra["records"] == sum(sizes) and item.extra["size"] == sizes[0]
        assert item.extra["units"] == gen.units * len(gen.sides)
        texts = [op.text for op in _flat(doc.pages[0].ops) if hasattr(op, "text")]
        shown = [t for t in texts if t.startswith("seed 9 · size d6+4 rolled")]
        assert len(shown) == (1 if proof else 0), proof


def test_lookup_gap_is_an_error(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        generators:
          - id: crew
            groups: [{role: Hand, count: rest, roll: [grade]}]
            lookups:
              - id: grade
                roll: d6
                rows:
                  - {result: 1-3, set: {grade: low}}
                  - {result: 5-6, set: {grade: high}}
                  - {result: 7, set: {grade: never}}
        """,
    )
    path = folder / "game.yaml"
    diags = errors_of(folder)
    assert diags == [
        f"{path}:7:9: error: generators[0].lookups[0].rows: roll d6 can come up 4, "
        "which matches no row",
        f"{path}:12:13: warning: generators[0].lookups[0].rows[2]: result '7' can never "
        "come up on d6",
    ]


def test_unknown_lookup_is_an_error(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        generators:
          - id: crew
            groups: [{role: Hand, count: rest, roll: [grdae]}]
            lookups:
              - id: grade
                roll: d6
                rows: [{result: 1-6, set: {grade: any}}]
        """,
    )
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:5:47: error: generators[0].groups[0].roll[0]: no lookup "
        "named 'grdae' (did you mean 'grade'?)"
    ]


@pytest.mark.slow  # two whole builds through the command
def test_build_with_seed_prints_the_roster_sheet(tmp_path):
    import io
    import json

    from pypdf import PdfReader

    r = run_cli("build", str(CONTENT / "rencounter"), "-o", str(tmp_path), "--seed", "9", "-q")
    assert r.exit_code == 0, r.stderr
    kit = tmp_path / "rencounter"
    reader = PdfReader(io.BytesIO((kit / "rosters.pdf").read_bytes()))
    text = reader.pages[0].extract_text()
    assert "seed 9" not in text and "Generic squad creator" in text  # a player's sheet
    proof = run_cli(
        "build", str(CONTENT / "rencounter"), "-o", str(tmp_path / "p"), "--seed", "9", "--proof"
    )
    assert proof.exit_code == 0, proof.stderr
    reader = PdfReader(io.BytesIO((tmp_path / "p/rencounter/rosters.pdf").read_bytes()))
    text = reader.pages[0].extract_text()
    assert "seed 9 · size d6+4 rolled" in text  # a proof sheet says how it was made
    manifest = json.loads((kit / "manifest.json").read_text())
    assert manifest["facts"][0] == "seed 9" and manifest["proof"] is False
    # the rest say where type went below the pieces' floor of 6 pt, and why
    assert all("below 6 pt, to fit its piece" in f for f in manifest["facts"][1:])
    roster = next(i for i in manifest["items"] if i["kind"] == "roster")
    assert roster["seed"] == 9 and manifest["seed"] == 9
    # the sheet shows the same roster `kitgen generate` prints for that seed
    gen = run_cli("generate", str(CONTENT / "rencounter"), "squads", "--seed", "9")
    records = yaml.safe_load(gen.stdout)
    assert len(records) == roster["records"]


def test_lost_values_stay_write_in_blanks(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        generators:
          - id: crew
            size: 2
            groups: [{role: Hand, count: rest, roll: [grade]}]
            lookups:
              - id: grade
                roll: d6
                rows: [{result: 1-6, set: {grade: any, pay: null}}]
        """,
    )
    r = run_cli("generate", str(folder), "crew", "--seed", "1")
    assert r.exit_code == 0
    assert yaml.safe_load(r.stdout) == [
        {"unit": 1, "n": 1, "role": "Hand", "grade": "any", "pay": ""},
        {"unit": 1, "n": 2, "role": "Hand", "grade": "any", "pay": ""},
    ]


def test_size_per_unit_rolls_each_units_size():
    from collections import Counter

    from kitgen.records import replace

    gen = replace(_squads(), size_per="unit")
    mixed = 0
    for seed in range(100):
        roster = generate(gen, seed)
        per_unit = Counter(rec["unit"] for rec in roster.records)
        assert tuple(per_unit[u] for u in sorted(per_unit)) == roster.sizes
        assert all(5 <= s <= 10 for s in roster.sizes)  # 1d6+4 each
        assert roster.size_text == ", ".join(map(str, roster.sizes))
        mixed += len(set(roster.sizes)) > 1
        # the first unit rolls first, as in a shared roll: same seed, same first unit
        shared = generate(_squads(), seed)
        assert [r for r in roster.records if r["unit"] == 1][: shared.size] == [
            r for r in shared.records if r["unit"] == 1
        ][: roster.sizes[0]]
    assert mixed > 50  # sizes differ between units in most rosters
    # the default still rolls once for all (once a side): a side's units alike
    sizes = generate(_squads(), 3).sizes
    per = _squads().units
    assert all(len(set(sizes[i : i + per])) == 1 for i in range(0, len(sizes), per))
    assert generate(replace(_squads(), sides=()), 3).sizes == ()


def test_roster_columns_are_headed_by_the_datas_titles():
    p = plan_game(CONTENT / "rencounter")
    doc = next(d for d in p.docs if d.name == "rosters")
    texts = [op.text for op in _flat(doc.pages[0].ops) if hasattr(op, "text")]
    # `titles:` where the game gives them, else the field's name in words: never an id
    heads = ["Unit", "No.", "Role", "Rating", "Exp. (Ex)", "Fire (F)", "Melee (M)"]
    start = texts.index("Unit")
    assert texts[start : start + len(heads)] == heads


def test_generator_titles_must_be_a_mapping_of_titles(tmp_path):
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        generators:
          - id: crew
            groups: [{role: Hand, count: 2}]
            titles: {role: 3}
          - id: band
            groups: [{role: Hand, count: 2}]
            titles: [role]
    """,
    )
    path = folder / "game.yaml"
    assert errors_of(folder) == [
        f"{path}:6:20: error: generators[0].titles.role: expected a title, got number 3",
        f"{path}:9:13: error: generators[1].titles: expected a mapping of field: title, got a list",
    ]


def test_the_roster_sheet_prints_the_generators_own_tables(tmp_path):
    """Under the rolled roster: the size roll and groups, each lookup titled with the groups
    that roll it, each adjustment with the fields it adds to (a game of its own)."""
    folder = write_game(
        tmp_path / "g",
        """
        id: t
        title: T
        generators:
          - id: crew
            title: Crew
            size: 2d4
            size_per: unit
            units: 2
            groups:
              - {role: Mate, count: 1, roll: [grade]}
              - {role: Hand, count: rest, roll: [grade]}
            lookups:
              - id: grade
                roll: d6
                rows:
                  - {result: 1-4, set: {grade: Green, pay: 2}}
                  - {result: 5-6, set: {grade: Able, pay: ~}}
            adjust:
              - id: luck
                roll: d6
                fields: [pay]
                rows: [{result: 1-3, add: -1}, {result: 4-6, add: 0}]
            titles: {pay: Pay (d)}
        """,
    )
    p = plan_game(folder)
    doc = next(d for d in p.docs if d.name == "rosters")
    texts = [op.text for op in _flat(doc.pages[0].ops) if hasattr(op, "text")]
    # the sheet's type grows to fill the page, so the sentence may wrap: read it joined
    assert (
        "To roll your own: size 2d4 (each unit rolls its own); in each unit Mate \u00d71, "
        "then Hand for the rest." in " ".join(texts)
    )
    for want in ("Mate / Hand", "Green", "Able", "Luck", "Add to Pay (d)", "\u22121", "Pay (d)"):
        assert want in texts, want
    assert texts.count("1\u20134") == 1 and texts.count("4\u20136") == 1  # ranges: en dash


def test_a_rosters_unit_column_says_each_unit_once():
    """Read back from Rencounter's rosters.pdf: the Unit column printed 1 on each of a
    unit's eight rows; a first column that comes in runs says each value once, on the
    run's first row (the leader's), as a printed roster groups its units."""
    from tests.conftest import seed_kit
    from tests.page_marks import marks_of

    _, pdfs, _ = seed_kit("rencounter")
    marks = marks_of(pdfs["rosters.pdf"], 1)
    boxes: dict[int, list[float]] = {}  # each run's box: left, bottom, right
    for g in marks.glyphs:
        box = boxes.setdefault(g.run, [g.box[0], g.box[1], g.box[2]])
        box[0], box[1], box[2] = min(box[0], g.box[0]), min(box[1], g.box[1]), max(box[2], g.box[2])
    head = next(b for r, b in boxes.items() if marks.runs[r] == "Unit")
    foot = next(b for r, b in boxes.items() if marks.runs[r].startswith("Torollyourown"))
    centre = (head[0] + head[2]) / 2
    column = [
        marks.runs[r]
        for r, b in sorted(boxes.items(), key=lambda rb: -rb[1][1])
        if foot[1] < b[1] < head[1] and abs((b[0] + b[2]) / 2 - centre) < 6
    ]
    gen = seed_game("rencounter").generators[0]
    assert column == [str(u) for u in range(1, gen.units * len(gen.sides) + 1)]
    # the Side column likewise says each side once, on its first unit's leader's row
    side = next(b for r, b in boxes.items() if marks.runs[r] == "Side")
    centre = (side[0] + side[2]) / 2
    sides = [
        marks.runs[r]
        for r, b in sorted(boxes.items(), key=lambda rb: -rb[1][1])
        if foot[1] < b[1] < side[1] and abs((b[0] + b[2]) / 2 - centre) < 6
    ]
    assert sides == list(gen.sides)


def test_a_roster_taller_than_a_sheet_sets_only_the_rows_a_sheet_can_show(tmp_path):
    """10,000 records: the rows past the sheet are cut off unseen, so they are not set
    (issue 39: a roster's sheet was set nine times over, a minute for one check)."""
    from kitgen.layout.frame import content_box
    from kitgen.layout.plan import Group, Text
    from kitgen.style import RULES_MIN
    from kitgen.units import PAPERS

    game = write_game(
        tmp_path / "g",
        """\
        id: g
        title: G
        generators:
          - {id: crew, size: 100, units: 100, groups: [{role: Boss, count: rest}]}
        """,
    )
    planned = plan_game(game)
    assert [d.message for d in planned.diags] == [
        "the roster is taller than the sheet and is cut off"
    ]
    ops = [op for doc in planned.docs for page in doc.pages for op in page.ops]
    bosses = 0
    while ops:
        op = ops.pop()
        ops += op.ops if isinstance(op, Group) else []
        bosses += isinstance(op, Text) and op.text == "Boss"
    _, y0, _, y1 = content_box(PAPERS["letter"])
    assert 0 < bosses <= int((y1 - y0) / RULES_MIN) + 1
