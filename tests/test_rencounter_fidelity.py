"""Rencounter against its source (shared/seeds/004): what the rules' own squad creator rolls
passes the kit's rules, and the sheets print the source's figures (read back from the PDFs
and compared with the YAML as written, read with plain PyYAML)."""

from __future__ import annotations

import functools
import re
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.build import load
from kitgen.errors import Diagnostics
from kitgen.model.game import Game
from kitgen.rules.generate import generate
from kitgen.rules.lookup_tables import resolve_generator
from kitgen.rules.scenarios import check_rules
from kitgen.source.rules.rules import with_scenarios

from .conftest import CONTENT, PLAIN, build_pdfs, kit_notes, pdf_text

GAME = CONTENT / "rencounter"


@functools.cache
def rolled_kit() -> tuple[Path, Game]:
    """The kit in a folder of its own, where each rolled scenario is written and read (kept
    out of the test's arguments: hypothesis would print the whole game with a failure)."""
    folder = Path(_KEEP.name) / "rencounter"
    shutil.copytree(GAME, folder)
    return folder, load(folder, Diagnostics())


_KEEP = tempfile.TemporaryDirectory()  # removed when the run ends


def side_yaml(side: str, records) -> dict:
    """One side of a scenario from a rolled roster: a unit per rolled unit, the leader the
    record whose role the generator names Leader."""
    units: dict[int, list] = {}
    for rec in records:
        attrs = {k: v for k, v in rec.items() if k in ("Ex", "F", "M", "rating")}
        attrs["name"] = f"{rec['role']} {rec['unit']}.{rec['n']}"
        if rec["role"] == "Leader":
            attrs["leader"] = "yes"
        units.setdefault(rec["unit"], []).append({"piece": "figure", "attrs": attrs})
    return {
        "id": side,
        "name": side,
        "units": [
            {"id": f"{side}-{n}", "name": f"Unit {n}", "figures": f} for n, f in units.items()
        ],
    }


# "Pick a number of units for each side. 2-5 is good." Each side rolls its own squads.
@settings(max_examples=30, deadline=None)
@given(
    seeds=st.tuples(st.integers(0, 2**31 - 1), st.integers(0, 2**31 - 1)),
    units=st.tuples(st.integers(2, 5), st.integers(2, 5)),
    variation=st.booleans(),
)
def test_every_roster_the_squad_creator_rolls_passes_the_rules(seeds, units, variation):
    folder, game = rolled_kit()
    gen = resolve_generator(game, next(g for g in game.generators if g.id == "squads"))
    use = ("variation",) if variation else ()
    sides = [
        side_yaml(side, generate(gen, seed, n, use).records)
        for side, seed, n in zip(("king", "cardinal"), seeds, units, strict=True)
    ]
    file = folder / "scenarios" / "rolled.yaml"
    file.write_text(yaml.safe_dump({"title": "Rolled", "sides": sides}, sort_keys=False))
    diags = Diagnostics()
    one = with_scenarios(game, file, diags)
    check_rules(one, one.rules, diags)
    errors = [d for d in diags.items if d.severity == "error"]
    assert errors == [], [str(d) for d in errors]
    # the only advice a rolled force may get: more than one hero on a side (a leader's 6)
    assert {d.message.split(" has ")[1] for d in diags.items} <= {"2 masters, needs at most 1"} | {
        f"{k} masters, needs at most 1" for k in range(3, 6)
    }


def test_the_rolled_extremes_are_inside_the_skill_bounds():
    """The squad creator's own extremes, worked by hand from the source: a Novice's 6 - 2 and a
    Hero's 12 + 2 with the variation; the kit's bounds hold both."""
    rules = yaml.safe_load((GAME / "rules.yaml").read_text())["rules"]["constraints"]
    bounds = {r["attr"]: (r["min"], r["max"]) for r in rules if r["kind"] == "range" and "min" in r}
    gens = yaml.safe_load((GAME / "generators.yaml").read_text())["generators"]
    squads = next(g for g in gens if g["id"] == "squads")
    rows = [r["set"] for lk in squads["lookups"] for r in lk["rows"]]
    adds = [r["add"] for a in squads["adjust"] for r in a["rows"]]
    for skill in ("F", "M"):
        low = min(r[skill] for r in rows) + min(adds)
        high = max(r[skill] for r in rows) + max(adds)
        assert (low, high) == (4, 14)
        assert bounds[skill][0] <= low and high <= bounds[skill][1]


# ---- the printed sheets, read back with pdfium and compared with the YAML -----------


def printed(data: bytes) -> str:
    """All the text of a PDF as printed, read back as the YAML writes it (conftest.PLAIN:
    the real minus and a range's en dash as the hyphen, ’ as ')."""
    return " ".join(pdf_text(data)).translate(PLAIN)


@functools.cache
def built() -> dict[str, str]:
    """Each file's text, and "notes": the kit's notes page (the rulebook's last section)."""
    _, pdfs, manifest = build_pdfs(GAME)
    texts = {name: printed(data) for name, data in pdfs.items() if name.endswith(".pdf")}
    texts["notes"] = kit_notes(pdfs, manifest)[0].translate(PLAIN)
    return texts


def source_tables() -> dict[str, dict]:
    tables = yaml.safe_load((GAME / "reference.yaml").read_text())["tables"]
    return {t["id"]: t for t in tables}


def cells(row) -> list[str]:
    """A row's label and cells as written: a list, or a mapping with label: and cells:."""
    if isinstance(row, dict):
        return ([row["label"]] if "label" in row else []) + cells(row.get("cells", []))
    return [c["text"] if isinstance(c, dict) else c for c in row]


def test_the_cannister_and_grape_tables_print_the_sources_figures():
    text = built()["rulebook.pdf"]
    tables = source_tables()
    rows = [cells(r) for r in tables["cannister-grape"]["rows"]]
    # the source's table, as it reads: range in inches, to-hit and damage modifiers
    assert [r[1:] for r in rows] == [
        ["5", "+3", "-6"],
        ["12", "0", "-5"],
        ["24", "-2", "-4"],
        ["48", "-4", "-3"],
        ["96", "-6", "-2"],
    ]
    for row in rows:
        assert " ".join(row) in text, row
    mods = {
        cells(r)[0]: cells(r)[1] for r in tables["artillery-mods"]["rows"] if isinstance(r, list)
    }
    assert mods == {
        "Out to medium range": "-1",
        "Long and extreme range": "-2",
        "Hard rocky ground": "+2",
        "Wet, marshy or muddy ground, soft sand": "-2",
        "3 lb": "-1",
        "6 lb": "0",
        "9 lb": "+1",
        "12 lb": "+2",
    }
    for label, value in mods.items():
        assert f"{label} {value}" in text
    assert re.search("Canister and grape fire\u2020\\d+", text)
    assert "Source: \u201cRange in inches\u201d" in built()["notes"]


def test_the_remaining_source_tables_are_on_the_reference():
    text = built()["rulebook.pdf"]
    tables = source_tables()
    expected = {
        "armour-ratings": ["0", "1", "2", "3", "4"],
        "misfires": ["1-2", "3", "4", "5", "6-8", "9-12"],
        "wound-locations": ["1", "2", "3", "4", "5", "6"],
        "wound-recovery": ["1", "2", "3-6"],
    }
    for table_id, labels in expected.items():
        table = tables[table_id]
        assert [cells(r)[0] for r in table["rows"]] == labels, table_id
        assert table["title"].split(" (")[0] in text
        for row in table["rows"]:
            assert cells(row)[1].split(":")[0].split(",")[0] in text, (table_id, row)
    # the whole row's reading, on its words, never on its roll (4†9 reads as 49)
    assert re.search("4 As 3, but 1 crew wound\u2020\\d+", text)
    locations = [cells(r)[1] for r in tables["wound-locations"]["rows"]]
    assert locations == ["Left leg", "Right leg", "Left arm", "Right arm", "Body", "Head"]
    falls = [cells(r) for r in tables["falling"]["rows"] if isinstance(r, list)]
    assert [f[1] for f in falls] == ["+6", "+4", "+2", "0", "-1", "+2 or thereabouts"]
    for fall in falls:
        assert " ".join(fall) in text, fall


def test_every_footnote_mark_is_explained_where_it_is_printed():
    """A cell ending in *, ** or # has a footnote starting with exactly that mark, printed
    under its table; the kit's readings (daggers) carry their own notes."""
    text = built()["rulebook.pdf"]
    checked = 0
    for table in source_tables().values():
        notes = [n.replace("\\*", "*") for n in table.get("footnotes", [])]
        for row in table["rows"]:
            for cell in cells(row) if isinstance(row, list) else ():
                found = re.search(r"(\*+|#)$", str(cell))
                if not found:
                    continue
                mark = found.group(1)
                note = [n for n in notes if re.match(re.escape(mark) + r"[^*#]", n)]
                assert len(note) == 1, (table["id"], cell)
                assert " ".join(note[0].split()) in text, note[0]
                checked += 1
    assert checked == 7  # Too Close*, Javelin*, 2 x **, 2 x #, 6*


def test_armour_takes_one_sign_everywhere():
    text = built()["rulebook.pdf"]
    assert "add armour" not in text
    assert text.count("-armour (0-4)") == 2  # fire (thrown, bows, crossbows) and melee
    notes = built()["notes"]
    assert "Source: \u201cThrown weapons, bows, and crossbows add target armor\u201d" in notes


def test_the_roster_sheet_prints_the_squad_creator_beside_its_roster():
    text = built()["rosters.pdf"]
    gens = yaml.safe_load((GAME / "generators.yaml").read_text())["generators"]
    squads = next(g for g in gens if g["id"] == "squads")
    for lookup in squads["lookups"]:
        for row in lookup["rows"]:
            values = " ".join(str(v) for v in row["set"].values())
            assert f"{row['result']} {values}" in text, row
    variation = squads["adjust"][0]
    assert [(r["result"], r["add"]) for r in variation["rows"]] == [
        (1, -2),
        (2, -1),
        (3, 0),
        (4, 0),
        (5, 1),
        (6, 2),
    ]
    for row in variation["rows"]:
        add = f"{row['add']:+d}" if row["add"] else "0"
        assert f"{row['result']} {add}" in text, row
    # the pre-rolled roster above it: seed 0, as the build rolls it
    _, game = rolled_kit()
    gen = resolve_generator(game, next(g for g in game.generators if g.id == "squads"))
    unit = side = None  # side and unit printed once, on their first row (sheets/roster.py)
    for rec in generate(gen, 0).records:
        line = " ".join(str(rec[k]) for k in ("n", "role", "rating", "Ex", "F", "M"))
        if rec["unit"] != unit:
            line, unit = f"{rec['unit']} {line}", rec["unit"]
        if rec["side"] != side:
            line, side = f"{rec['side']} {line}", rec["side"]
        assert line in text, line
    # "For each side: roll 1D6 + 4 for group size. Use this size for all groups of the
    # same side."
    assert (
        "To roll your own: size d6+4 (rolled once for each side (Blue, Red): every unit of "
        "a side that size)"
    ) in text


def test_the_rulebook_marks_the_kits_skill_bounds():
    """The kit's 2 to 14 (the rules give only typical skills) is marked where players read
    it, the rulebook's fire skill case; set-up sheets list no force rules (their rosters
    are given)."""
    text = built()["rulebook.pdf"]
    mark = re.search("2.2 Fire skill.(\u2020\\d+)", text)
    assert mark and "fire and melee skills stay within 2 to 14" in text
    assert f"{mark.group(1)} Fire and melee skills 2 to 14" in built()["notes"]
    assert "2 to 14" not in built()["scenario-ambush-at-the-ford.pdf"]


def test_the_scenarios_say_their_table_start_length_and_victory():
    """The outside review: "rosters with no game around them: no map, table size,
    terrain, deployment or turn limit; generic set-up filler". Each set-up sheet now
    draws its ground plan, gives every man's start square, the table, the length and
    how it is won, and lists none of the force rules its given rosters already meet.
    A later review: the ambush's hidden men were printed on the shared plan, so the
    Guard's units are off it (the Guard player writes their squares) and only the
    patrol's men are drawn."""
    for name, table, turns in (
        ("ambush-at-the-ford", "6 × 4 ft", 20),
        ("gunfight", "2 × 2 ft", 10),
    ):
        text = built()[f"scenario-{name}.pdf"]
        assert f"Table: {table}" in text and f"Length: {turns} turns." in text, name
        assert "Victory:" in text and "Set-up:" in text, name
        assert "Set-up rules" not in text and "Give each figure" not in text, name
        hidden = "off map" in text  # the ambushers are off the shared plan
        assert hidden == (name == "ambush-at-the-ford"), name
    manifest = build_pdfs(GAME)[2]
    plans = {i["scenario"]: i for i in manifest["items"] if i["kind"] == "setup-map"}
    assert {p["map"] for p in plans.values()} == {"ford", "square"}
    assert plans["ambush-at-the-ford"]["tokens"] == 10 and plans["gunfight"]["tokens"] == 5


def test_every_scenario_weapon_is_a_row_of_its_table():
    """Each man's missile weapon names a row of the missile weapons table (12.2), his hand
    weapon a row of the melee weapons table: the rules engine checks it (rows_of)."""
    tables = source_tables()
    rows = {
        "weapon": {re.sub("[*#]+$", "", r[0]) for r in tables["missile-weapons"]["rows"]},
        "melee": {r[0] for r in tables["melee-weapons"]["rows"]},
    }
    checked = 0
    for path in sorted((GAME / "scenarios").glob("*.yaml")):
        for side in yaml.safe_load(path.read_text())["sides"]:
            for unit in side["units"]:
                for figure in unit["figures"]:
                    for attr, names in rows.items():
                        if attr in figure["attrs"]:
                            assert figure["attrs"][attr] in names, (path.name, figure["attrs"])
                            checked += 1
    assert checked == 29 + 29 - 2  # the courier and the sergeant carry no gun


def _texts(node, out: list[str]) -> list[str]:
    """Every string of a rulebook node except the kit's readings (the notes page's words,
    which may name the source)."""
    if isinstance(node, str):
        out.append(node)
    elif isinstance(node, list):
        for n in node:
            _texts(n, out)
    elif isinstance(node, dict):
        for key, n in node.items():
            if key != "reading":
                _texts(n, out)
    return out


def test_the_rules_state_rules_not_their_sources():
    """Issue 43: the running text states the rule; what the kit made of its source is said
    once, in a reading (its mark in the rules, its words on the notes page)."""
    book = yaml.safe_load((GAME / "rulebook.yaml").read_text(encoding="utf-8"))["rulebook"]
    found = [t for t in _texts(book["sections"], []) if re.search("[Ss]ource", t)]
    assert found == []


def test_the_rulebook_answers_a_turns_open_questions_as_marked_choices():
    """Issue 37: attached commanders, when spotting is rolled and the men's order inside
    an activation have rules of their own; where the source is silent each is the kit's
    reading, marked, with its words in the notes (the rulebook's last pages)."""
    book = yaml.safe_load((GAME / "rulebook.yaml").read_text(encoding="utf-8"))["rulebook"]
    cases = {c["id"]: c for s in book["sections"] for c in s.get("cases", [])}
    notes = " ".join(" ".join(pdf_text(build_pdfs(GAME)[1]["rulebook.pdf"])).split())
    for cid in ("attached", "spotting-when", "activation-order"):
        kit = cases[cid]["reading"]["kit"]
        assert " ".join(kit.split())[:60] in notes.replace("’", "'"), cid


def _reload_turns(reload: str) -> int:
    """A weapon's reload in whole turns to tick off: "1 1/2" takes 2, "1/2" takes 1."""
    whole, _, frac = reload.partition(" ")
    if "/" in whole:
        return 1
    return int(whole) + (1 if frac else 0)


def test_the_play_rosters_are_the_scenarios_figures():
    """The roster sheet's rows are the scenarios' figures, in order, with their unit's
    letter (the plan's, the base label's and the card's), skills and arms; five wound
    boxes each, and a box for each turn his gun takes to load (the missile table's)."""
    ref = yaml.safe_load((GAME / "reference.yaml").read_text(encoding="utf-8"))
    tables = {t["id"]: t for t in ref["tables"]}
    reloads = {r[0].rstrip("*#"): _reload_turns(r[6]) for r in tables["missile-weapons"]["rows"]}
    rows = [
        r
        for tid in ("roster-ambush-king", "roster-ambush-cardinal", "roster-gunfight")
        for r in tables[tid]["rows"]
    ]
    figures = [
        (unit, f)
        for path in sorted((GAME / "scenarios").glob("*.yaml"), key=lambda p: p.name)
        for side in yaml.safe_load(path.read_text())["sides"]
        for unit in side["units"]
        for f in unit["figures"]
    ]
    assert len(rows) == len(figures) == 29
    for row, (unit, f) in zip(rows, figures, strict=True):
        a = f["attrs"]
        assert row[0].split(" (")[0] == a["name"]
        own = len(unit["figures"]) == 1  # a unit of one: no letter column
        cells = row[1:] if own else row[2:]
        assert own or row[1] == f["label"]
        assert [int(v) for v in cells[:3]] == [a["Ex"], a["F"], a["M"]]
        arms = [x for x in (a.get("weapon"), a.get("melee")) if x]
        said = [re.sub(r" \(2\)", "", c) if isinstance(c, str) else c for c in cells]
        assert ", ".join(arms) in said
        boxes = cells[said.index(", ".join(arms)) + 1 :]
        assert boxes[:5] == [None] * 5
        # a unit of one (the gunfight) keeps his guns' reloads on the guns table
        want = 0 if own else reloads.get(a.get("weapon"), 0)
        assert boxes[5:].count(None) == want, a["name"]


def test_the_gunfight_tracks_every_guns_shots_and_reloads():
    """The gunfight's guns table: a row for each gun a man carries (two for a man whose
    arms say (2)), a shot box for each round it holds (the missile table's Shots, or the
    scenario's choice within its range) and a box for each turn it takes to reload."""
    ref = yaml.safe_load((GAME / "reference.yaml").read_text(encoding="utf-8"))
    tables = {t["id"]: t for t in ref["tables"]}
    weapons = {r[0].rstrip("*#"): r for r in tables["missile-weapons"]["rows"]}
    guns = tables["roster-gunfight-guns"]
    ids = [c["id"] if isinstance(c, dict) and "id" in c else None for c in guns["columns"]]
    shots = [i for i, c in enumerate(ids) if c and c.startswith("s")]
    loads = [i for i, c in enumerate(ids) if c and c.startswith("r")]
    scenario = yaml.safe_load((GAME / "scenarios" / "gunfight.yaml").read_text())
    men = [f["attrs"] for side in scenario["sides"] for u in side["units"] for f in u["figures"]]
    arms = {r[0]: r[4] for r in tables["roster-gunfight"]["rows"]}
    for man in men:
        if "weapon" not in man:
            continue
        rows = [r for r in guns["rows"] if r[0].split(":")[0] == man["name"]]
        assert len(rows) == (2 if "(2)" in arms[man["name"]] else 1), man["name"]
        table = weapons[man["weapon"]]
        for row in rows:
            rounds = int(row[1])
            low, _, high = table[7].partition("-")
            assert int(low) <= rounds <= int(high or low), row[0]
            assert [row[i] for i in shots].count(None) == rounds, row[0]
            assert [row[i] for i in loads].count(None) == _reload_turns(table[6]), row[0]
