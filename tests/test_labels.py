"""Labels from a roster: one 5/8 in label per record of a generated roster (or of records
written in YAML), read back from the plan, the manifest and the PDF; every error message."""

from __future__ import annotations

import io
import math

import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from kitgen.layout.counters.faces import SAFE
from kitgen.layout.plan import Group, Line, Text
from kitgen.rules.generate import generate
from kitgen.style import SIDE_RING

from .conftest import CONTENT, build_fresh, build_pdfs, errors_of, plan_game, seed_kit, write_game
from .page_marks import read_marks

FIVE_EIGHTHS = 45.0  # 5/8 in in points


def label_items(manifest: dict, label: str | None = None) -> list[dict]:
    return [
        i
        for i in manifest["items"]
        if i["kind"] == "label" and (label is None or i["label"] == label)
    ]


def texts_of(planned, item_id: str) -> list[str]:
    """The text drawn on one label (its face form, keyed by the label id), wherever it is
    drawn (a shared sheet holds a file's pieces in a group of their own)."""
    groups = [op for doc in planned.docs for page in doc.pages for op in page.ops]
    while groups:
        op = groups.pop(0)
        if isinstance(op, Group) and op.key and f":{item_id}:" in op.key:
            return [t.text for t in op.ops if isinstance(t, Text)]
        if isinstance(op, Group):
            groups.extend(op.ops)
    raise AssertionError(f"no form for {item_id}")


def label_pages(planned) -> list:
    """The pages that hold labels (Rencounter's share its counter sheet)."""
    return [pg for d in planned.docs for pg in d.pages if any(i.kind == "label" for i in pg.items)]


# ---- the Rencounter kit ---------------------------------------------------------------


def test_rencounter_squad_labels_follow_the_seeded_roster():
    p, pdfs, manifest = build_pdfs(CONTENT / "rencounter", seed=9)
    squad = label_items(manifest, "squad")
    gen = next(g for g in p.game.generators if g.id == "squads")
    roster = generate(gen, 9)
    # one label per figure of the roster the roster sheet prints (each side's units of
    # its own 1d6+4)
    assert len(squad) == len(roster.records) == sum(roster.sizes)
    assert set(roster.sizes) <= set(range(5, 11))
    for item, rec in zip(squad, roster.records, strict=True):
        x0, y0, x1, y1 = item["bbox"]
        # 3/4 in: a side's ring and mark leave a 5/8 in label no room for four lines
        assert (x1 - x0, y1 - y0) == (54.0, 54.0) and item["fields"]["role"]
        # the counters share the labels' sheet: both single-sided on cardstock
        assert item["file"] == "labels.pdf" and item["seed"] == 9
        assert item["fields"] == {k: str(v) for k, v in rec.items()}
        assert {"F", "M", "Ex", "unit", "n", "role"} <= set(item["fields"])
    first = squad[0]
    rec = roster.records[0]
    assert texts_of(p, first["id"]) == [
        f"1.1 {rec['role']}",
        f"F {rec['F']} M {rec['M']}",
        f"Ex {rec['Ex']}",
    ]
    # the same values are printed in the PDF itself
    text = PdfReader(io.BytesIO(pdfs["labels.pdf"])).pages[0].extract_text()
    assert f"Ex {rec['Ex']}" in text and "1.1 Leader" in text


@pytest.mark.slow  # three whole builds
def test_rencounter_labels_differ_by_seed_and_repeat_under_one():
    _, _, a = build_pdfs(CONTENT / "rencounter", seed=3)
    _, _, b = build_fresh(CONTENT / "rencounter", seed=3)  # built again, not shared
    _, _, c = build_pdfs(CONTENT / "rencounter", seed=4)
    fields = [[i["fields"] for i in label_items(m, "squad")] for m in (a, b, c)]
    assert fields[0] == fields[1] and fields[0] != fields[2]


def test_rencounter_labels_are_the_scenarios_figures_and_blanks():
    """A label for every figure a scenario of the kit names, with the values it gives him,
    in the scenarios' order; then the write-in blanks."""
    p, _, manifest = build_pdfs(CONTENT / "rencounter")
    named = label_items(manifest, "scenario")
    blank = label_items(manifest, "blank")
    # after his Ex, his unit's letter as the plan prints it (a unit of one has none)
    figures = [
        {
            **{k: str(f["attrs"][k]) for k in ("name", "F", "M", "Ex")},
            "unit": f" · {f['label']}" if len(unit["figures"]) > 1 else " ",
            "side": side["id"],
        }
        for path in sorted((CONTENT / "rencounter" / "scenarios").glob("*.yaml"))
        for side in yaml.safe_load(path.read_text())["sides"]
        for unit in side["units"]
        for f in unit["figures"]
    ]
    labels = yaml.safe_load((CONTENT / "rencounter" / "labels.yaml").read_text())["labels"]
    blanks = sum(d.get("blanks", 0) for d in labels)
    assert len(figures) == 29 and blanks > 0 and len(blank) == blanks
    assert [i["fields"] for i in named] == figures
    # a named figure's label is 3/4 in: his name fits at 6 pt beside the ring
    assert all(i["bbox"][2] - i["bbox"][0] == 54.0 for i in named)
    assert all(i["bbox"][2] - i["bbox"][0] == FIVE_EIGHTHS for i in blank)
    assert texts_of(p, named[1]["id"]) == ["Sgt. Gridley", "F 7 M 6", "Ex 4 · E"]
    assert all(i["blank"] for i in blank) and not any(i["blank"] for i in named)
    labels = label_items(manifest)
    assert len({i["piece"] for i in labels}) == len(labels)


def test_round_labels_keep_their_text_clear_of_the_ring():
    # every glyph of every Rencounter label at least SAFE inside its printed ring's inner
    # edge (0.6 pt, or a side's ring, drawn a gap in), read back from the PDF
    _, pdfs, manifest = seed_kit("rencounter")
    doc = pdfium.PdfDocument(pdfs["labels.pdf"])
    pages = {n: read_marks(doc[n]) for n in range(len(doc))}  # on one sheet or more
    nearest = {}
    for item in label_items(manifest):
        x0, y0, x1, y1 = item["bbox"]
        cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
        # the frame's gap inside the cut (3.5 % of the label, 1 pt at least), then its
        # width: 0.6 pt, or the side's ring (the squads' side is the label's own)
        sided = (item["fields"] or {}).get("side") or item["label"] == "squad"
        width = SIDE_RING if sided else 0.6
        ring = r - max(1.0, 2 * r * 0.035) - width
        for g in pages[item["page"] - 1].glyphs:
            a, b, c, d = g.box
            if math.hypot((a + c) / 2 - cx, (b + d) / 2 - cy) < r:
                far = max(math.hypot(x - cx, y - cy) for x in (a, c) for y in (b, d))
                nearest[item["id"]] = min(nearest.get(item["id"], r), ring - far)
    assert len(nearest) == len(label_items(manifest))  # every label, the blanks too
    assert min(nearest.values()) >= SAFE, sorted(nearest.items(), key=lambda kv: kv[1])[:3]


def test_write_in_blanks_on_a_label_are_drawn_lines(game_dir):
    """A value a record lacks (null) prints as a drawn line to write on, never as '_'."""
    folder = write_game(
        game_dir,
        """
id: g
title: G
labels:
  - id: named
    name: "{name}"
    shape: round
    size: 5/8
    records: [{name: Wilton, F: 5, M: null, Ex: null}]
    front:
      grid: [4, 1]
      text:
        - {text: "{name}", cell: [2, 1], size: 6.5pt}
        - {text: "F {F} M {M}", cell: [3, 1], size: 6.5pt, wrap: false}
        - {text: "Ex {Ex}", cell: [4, 1], size: 6.5pt}
""",
    )
    planned = plan_game(folder)
    forms = [op for doc in planned.docs for page in doc.pages for op in page.ops]
    lines, texts = [], []
    while forms:
        op = forms.pop()
        if isinstance(op, Group) and op.key and ":named-1:" in op.key:
            lines = [o for o in op.ops if isinstance(o, Line)]
            texts = [o for o in op.ops if isinstance(o, Text)]
        elif isinstance(op, Group):
            forms.extend(op.ops)
    assert len(lines) == 2  # Wilton's M and Ex: the record gives neither
    assert not any("_" in t.text for t in texts)
    for line in lines:
        (words,) = [t for t in texts if t.x + 1 < line.x0 and abs(t.y - line.y0) < 1]
        assert line.y0 < words.y  # on the baseline, never under it near the next line


# ---- a game the engine has never seen ---------------------------------------------------


CREW = """
id: g
title: G
generators:
  - id: crew
    size: 3
    units: 2
    groups: [{role: Boss, count: 1, roll: [grade]}, {role: Hand, count: rest, roll: [grade]}]
    lookups:
      - id: grade
        roll: d6
        record_roll: die
        rows:
          - {result: 1-3, set: {grade: green, pay: 1}}
          - {result: 4-6, set: {grade: old, pay: null}}
labels:
{body}
"""


def crew(folder, body: str):
    return write_game(folder, CREW.replace("{body}", body))


def test_a_fresh_game_prints_a_label_per_record(game_dir):
    body = """
  - id: tag
    roster: crew
    shape: rect
    size: 1in x 1/2in
    quantity: 2
    blanks: 1
    blank: "--"
    front: {text: ["{role} {unit}-{n}", "{grade} {pay} ({die})"]}
"""
    p, _, manifest = build_pdfs(crew(game_dir, body), seed=5)
    tags = label_items(manifest, "tag")
    assert len(tags) == (2 * 3 + 1) * 2  # 6 records and a blank, 2 copies each
    assert all(
        (round(i["bbox"][2] - i["bbox"][0], 6), round(i["bbox"][3] - i["bbox"][1], 6)) == (72, 36)
        for i in tags
    )
    firsts = [i for i in tags if i["piece"].endswith("#1")]
    assert [i["fields"]["role"] for i in firsts[:6]] == ["Boss", "Hand", "Hand"] * 2
    for item in firsts[:6]:
        lines = texts_of(p, item["id"])
        f = item["fields"]
        pay = f["pay"] or "--"
        assert lines == [f"{f['role']} {f['unit']}-{f['n']}", f"{f['grade']} {pay} ({f['die']})"]
    assert texts_of(p, firsts[6]["id"]) == ["-- -----", "-- -- (--)"]
    assert firsts[6]["fields"] == {} and "seed" not in firsts[6]


def test_braces_print_literally(game_dir):
    body = '  - {id: t, records: [{a: x}], size: 1/2, front: {text: "{{a}} {a}"}}'
    p = plan_game(crew(game_dir, body))
    assert texts_of(p, "t-1") == ["{a} x"]


# ---- errors -------------------------------------------------------------------------------

ERRORS = [
    (
        "  - {id: t, roster: crews, size: 5/8, front: X}",
        "game.yaml:16:21: error: labels[0].roster: no generator 'crews' (did you mean 'crew'?)",
    ),
    (
        '  - {id: t, roster: crew, size: 5/8, front: {text: "F {fire}"}}',
        "game.yaml:16:52: error: labels[0].front.text: unknown field {fire} in 'F {fire}' "
        "(fields: unit, n, role, die, grade, pay)",
    ),
    (
        '  - {id: t, records: [{F: 1}, {M: 2}], size: 5/8, front: {text: ["{F}", "{X}"]}}',
        "game.yaml:16:73: error: labels[0].front.text[1]: unknown placeholder {X} in '{X}' "
        "(known: {F}, {M})",
    ),
    (
        "  - {id: t, roster: crew, records: [{a: 1}], size: 5/8, front: X}",
        "game.yaml:16:5: error: labels[0]: give roster or records, not both",
    ),
    (
        "  - {id: t, size: 5/8, front: X}",
        "game.yaml:16:5: error: labels[0]: a label needs roster, records or blanks "
        "(roster: a generator id; records: a list of mappings; blanks: a number)",
    ),
    (
        '  - {id: t, roster: crew, size: 5/8, front: {background: "{grade}"}}',
        "game.yaml:16:58: error: labels[0].front.background: a label's colour cannot hold a "
        "placeholder ('{grade}') (record fields fill text only)",
    ),
    (
        "  - {id: t, records: {a: 1}, size: 5/8, front: X}",
        "game.yaml:16:22: error: labels[0].records: expected a list of records (mappings), "
        "got a mapping",
    ),
    (
        "  - {id: t, records: [a], size: 5/8, front: X}",
        "game.yaml:16:23: error: labels[0].records[0]: expected a record (a mapping), got text 'a'",
    ),
    (
        "  - {id: t, blanks: 2, front: X}",
        "game.yaml:16:5: error: labels[0]: missing required key 'size' "
        "(presets: 1/2, 5/8, 3/4, 1 (inches); or a length like 3/4in or 19mm)",
    ),
    (
        "  - {id: t, blanks: 2, size: 5/8, front: X, back: Y}",
        "game.yaml:16:45: error: labels[0].back: unknown key 'back' (did you mean 'blank'?)",
    ),
    (
        "  - {id: t, blanks: 2, size: 5/8, front: X}\n  - {id: t, blanks: 1, size: 5/8, front: Y}",
        "game.yaml:17:5: error: labels: duplicate label id 't' (first at line 16)",
    ),
]


@pytest.mark.parametrize(("body", "message"), ERRORS)
def test_error_messages(game_dir, body, message):
    folder = crew(game_dir, body)
    got = [e.replace(str(folder / "game.yaml"), "game.yaml") for e in errors_of(folder)]
    assert got == [message]


# ---- unit cards from the same roster ----------------------------------------------------


def _card_texts(planned, card_id: str) -> list[str]:
    for page in (page for d in planned.docs for page in d.pages):  # cards may share a file
        for group in _groups(page.ops):  # a fold-and-glue half sits inside its clip group
            if (group.key or "").split("/")[-1].startswith(f"card:{card_id}:front:"):
                return [t.text for t in _flat(group.ops) if isinstance(t, Text)]
    raise AssertionError(card_id)


def _groups(ops):
    for op in ops:
        if isinstance(op, Group):
            yield op
            yield from _groups(op.ops)


def _flat(ops):
    for op in ops:
        if isinstance(op, Group):
            yield from _flat(op.ops)
        else:
            yield op


def test_rencounter_squad_cards_follow_the_seeded_roster():
    p, _, manifest = build_pdfs(CONTENT / "rencounter", seed=9)
    gen = next(g for g in p.game.generators if g.id == "squads")
    roster = generate(gen, 9)
    cards = [i for i in manifest["items"] if i["kind"] == "card" and i.get("roster") == "squads"]
    fronts = [i for i in cards if i["side"] == "front"]
    units = list(dict.fromkeys(r["unit"] for r in roster.records))
    assert [i["id"] for i in fronts] == [f"squad-{u}" for u in units]
    assert len(units) == gen.units * len(gen.sides)  # both sides' squads
    for item in fronts:
        unit = int(item["unit"])
        members = [r for r in roster.records if r["unit"] == unit]
        assert item["seed"] == 9 and item["records"] == len(members)
        leader = members[0]
        texts = _card_texts(p, item["id"])
        assert f"Squad {unit}" in texts
        assert leader["rating"] in texts and leader["side"] in texts
        assert any(t.startswith(f"{len(members)}\u00a0in all") for t in texts)  # "in" kept with it
        # the roster table: one row per member, F and M as rolled
        for rec in members:
            assert str(rec["n"]) in texts and str(rec["F"]) in texts
    # and the labels of the same build carry the same figures
    labels = [i["fields"] for i in label_items(manifest, "squad")]
    assert [(f["unit"], f["n"], f["F"]) for f in labels] == [
        (str(r["unit"]), str(r["n"]), str(r["F"])) for r in roster.records
    ]


def test_a_roster_cards_side_and_accent_are_its_units():
    """A roster card's `side: "{side}"` and `accent: "{side}"` take each unit's side:
    the card carries that side's mark and its title band the side's palette colour, as
    the unit's labels carry its ring."""
    p, _, manifest = build_pdfs(CONTENT / "rencounter", seed=3)
    roster = generate(next(g for g in p.game.generators if g.id == "squads"), 3)
    side_of = {str(r["unit"]): r["side"] for r in roster.records}
    fronts = [i for i in manifest["items"] if i.get("roster") == "squads" and i["kind"] == "card"]
    for item in (i for i in fronts if i["side"] == "front"):
        side = side_of[item["unit"]]
        texts = _card_texts(p, item["id"])
        assert side in texts
        band = _title_band_fill(p, item["id"])
        assert band == p.game.palette[side]
    labels = label_items(manifest, "squad")
    assert {i["fields"]["side"] for i in labels} == set(p.game.generators[0].sides)


def _title_band_fill(planned, card_id: str) -> str:
    for page in (page for d in planned.docs for page in d.pages):
        for group in _groups(page.ops):
            if (group.key or "").split("/")[-1].startswith(f"card:{card_id}:front:"):
                fills = [getattr(op, "fill", None) for op in _flat(group.ops)]
                return next(f for f in fills if f and f not in ("#ffffff", "none"))
    raise AssertionError(card_id)


ROSTER_CARD_SIDES = """
    id: t
    title: T
    colours: {Blue: "#2e4a7a"}
    generators:
      - id: crew
        sides: [Blue, Ours]
        size: 2
        groups: [{role: Hand, count: rest}]
    cards:
      - id: "crew-{unit}"
        roster: crew
        accent: "%s"
        side: "%s"
        front: {title: "Crew {unit}"}
"""


@pytest.mark.parametrize(
    ("accent", "side", "message"),
    [
        (
            "{side}",
            "{side}",
            "game.yaml:10:5: error: cards.crew-{unit}.accent: accent '{side}' fills as 'Ours', "
            "which is no colour: unknown colour 'Ours' (use Blue, #rrggbb, black, white, "
            "red, ...)",
        ),
        (
            "{team}",
            "{side}",
            "game.yaml:10:5: error: cards.crew-{unit}.accent: unknown field 'team' on a roster "
            "card (fields: side, unit, n, role, men)",
        ),
        (
            "#2e4a7a",
            "{crew}",
            "game.yaml:10:5: error: cards.crew-{unit}.side: unknown field 'crew' on a roster "
            "card (fields: side, unit, n, role, men)",
        ),
    ],
)
def test_roster_card_side_and_colour_errors(game_dir, accent, side, message):
    folder = write_game(game_dir, ROSTER_CARD_SIDES % (accent, side))
    got = [e.replace(str(folder / "game.yaml"), "game.yaml") for e in errors_of(folder)]
    assert got == [message]


def test_roster_card_columns_print_the_datas_titles_never_field_ids():
    """Read back from the printed cards: the roster table's heads are the generator's
    titles (or the field in words), a title's own short form where it names one ("Fire
    (F)" prints "F"); never a bare field id such as "role" or "rating"."""
    import pypdfium2 as pdfium

    from .conftest import seed_kit

    _, pdfs, manifest = seed_kit("rencounter")
    doc = pdfium.PdfDocument(pdfs["cards.pdf"])
    lines = doc[0].get_textpage().get_text_range().split("\r\n")
    heads = [line.split() for line in lines if line.split()[:1] == ["No."]]
    on_sheet = [
        i
        for i in manifest["items"]
        if i.get("roster") == "squads" and i["file"] == "cards.pdf" and i["page"] == 1
    ]
    squads = sum(i["kind"] == "card" and i["side"] == "front" for i in on_sheet)
    assert heads == [["No.", "Role", "Rating", "Ex", "F", "M"]] * squads
    words = {w for line in lines for w in line.split()}
    assert not words & {"n", "role", "rating"}


@pytest.mark.slow  # two whole builds
def test_build_with_variation_prints_the_varied_roster_everywhere():
    import yaml

    from .conftest import run_cli

    plain_build = build_pdfs(CONTENT / "rencounter", seed=7)[2]
    p, pdfs, manifest = build_pdfs(CONTENT / "rencounter", seed=7, use=("variation",), proof=True)
    # the same records `kitgen generate ... --seed 7 --with variation` prints
    out = run_cli("generate", str(CONTENT / "rencounter"), "squads", "--seed", "7")
    varied = run_cli(
        "generate", str(CONTENT / "rencounter"), "squads", "--seed", "7", "--with", "variation"
    )
    assert out.exit_code == varied.exit_code == 0
    base, records = yaml.safe_load(out.stdout), yaml.safe_load(varied.stdout)
    assert [(r["F"], r["M"]) for r in base] != [(r["F"], r["M"]) for r in records]
    labels = [i["fields"] for i in label_items(manifest, "squad")]
    assert labels == [{k: str(v) for k, v in r.items()} for r in records]
    assert [i["fields"] for i in label_items(plain_build, "squad")] == [
        {k: str(v) for k, v in r.items()} for r in base
    ]
    # the roster sheet and the squad cards of the same build
    roster = next(i for i in manifest["items"] if i["kind"] == "roster")
    assert (roster["seed"], roster["with"], roster["records"]) == (7, ["variation"], len(records))
    sheet = " ".join(PdfReader(io.BytesIO(pdfs["rosters.pdf"])).pages[0].extract_text().split())
    assert "seed 7 · with variation" in sheet  # a proof sheet's frame says so
    assert "optional variation not applied" not in sheet
    leader = records[0]
    texts = _card_texts(p, "squad-1")
    assert str(leader["M"]) in texts and leader["rating"] in texts


PLAIN_GENERATOR = """
    id: plain
    title: Plain
    generators:
      - id: crew
        size: 4
        groups: [{role: Hand, count: rest, roll: [grade]}]
        lookups:
          - id: grade
            roll: d6
            rows: [{result: 1-6, set: {grade: Able}}]
"""


def test_build_with_an_unknown_adjustment_is_a_usage_error(tmp_path):
    from .conftest import run_cli

    # Rencounter's generator alone (its optional adjustment) and a game with none: the
    # same paths as the whole kits, at a small share of the build
    squads = write_game(
        tmp_path / "squads",
        "id: squads\ntitle: Squads\ninclude: [generators.yaml]\n",
        {"generators.yaml": (CONTENT / "rencounter" / "generators.yaml").read_text("utf-8")},
    )
    plain = write_game(tmp_path / "plain", PLAIN_GENERATOR)
    out = tmp_path / "out"
    r = run_cli("build", str(squads), "-o", str(out), "--with", "variaton", "-q")
    assert r.exit_code == 2
    assert (
        "Invalid value for --with: no generator has an optional adjustment 'variaton' "
        "(optional: variation)" in r.stderr
    )
    assert not out.exists()  # checked before anything is written
    # a game without the adjustment builds beside one that has it
    r = run_cli("build", str(squads), str(plain), "-o", str(out), "--with", "variation", "-q")
    assert r.exit_code == 0, r.stderr
    assert (out / "plain" / "manifest.json").exists()
    assert (out / "squads" / "manifest.json").exists()


CARD_ERRORS = [
    (
        '  - {id: "u-{unit}", roster: crews, front: {title: U}}',
        "game.yaml:16:30: error: cards.u-{unit}.roster: no generator 'crews' "
        "(did you mean 'crew'?)",
    ),
    (
        '  - {id: "u-{unit}", roster: crew, front: {blocks: [{text: "{rank}"}]}}',
        "game.yaml:16:53: error: cards.u-{unit}.front: unknown field 'rank' on a roster card "
        "(fields: unit, n, role, die, grade, pay, men)",
    ),
    (
        '  - {id: "u-{unit}", roster: crew, front: {blocks: [{roster: [n, wage]}]}}',
        "game.yaml:16:53: error: cards.u-{unit}.front: unknown field 'wage' on a roster card "
        "(fields: unit, n, role, die, grade, pay, men)",
    ),
    (
        '  - {id: "u-{team}", roster: crew, front: {title: U}}',
        "game.yaml:16:5: error: cards.u-{team}: unknown field 'team' in the id "
        "(fields: unit, n, role, die, grade, pay, men)",
    ),
    (
        "  - {id: u, front: {blocks: [{roster: [n]}]}}",
        "game.yaml:16:30: error: cards.u.front: a roster block needs roster: on the card "
        "(roster: a generator id)",
    ),
]


@pytest.mark.parametrize(("body", "message"), CARD_ERRORS)
def test_roster_card_errors(game_dir, body, message):
    folder = write_game(game_dir, CREW.replace("labels:\n{body}", "cards:\n" + body))
    got = [e.replace(str(folder / "game.yaml"), "game.yaml") for e in errors_of(folder)]
    assert got == [message]


def test_a_fresh_game_gets_a_card_per_unit(game_dir):
    body = """
  - id: "crew-{unit}"
    roster: crew
    size: poker
    front:
      title: "Crew {unit}: {men} hands"
      blocks:
        - fields: {Boss: "{grade} ({pay})"}
        - roster: [n, role, grade]
"""
    folder = write_game(game_dir, CREW.replace("labels:\n{body}", "cards:\n" + body))
    p, _, manifest = build_pdfs(folder, seed=2)
    fronts = [i for i in manifest["items"] if i["kind"] == "card" and i["side"] == "front"]
    assert [i["id"] for i in fronts] == ["crew-1", "crew-2"]
    texts = _card_texts(p, "crew-1")
    assert "Crew 1: 3 hands" in texts and "Boss" in texts
    # the roster's heads: the field in words (the game gives no titles), never its id
    assert "Grade" in texts and "grade" not in texts
    assert texts.count("Hand") == 2 and "Boss" in texts


@pytest.mark.slow  # plans Rencounter twice
def test_without_seed_the_build_facts_say_seed_0():
    p = plan_game(CONTENT / "rencounter")
    notes = {d.name: {pg.proof for pg in d.pages} for d in p.docs if d.name == "cards"}
    rolled = [pg for pg in label_pages(p) if any("seed" in i.extra for i in pg.items)]
    assert rolled and {pg.proof for pg in rolled} == {"generated with seed 0 (default)"}
    assert "generated with seed 0 (default)" in notes["cards"]  # the squad cards' sheet
    # a build fact, not for players: never on the sheet label unless --proof
    assert all(pg.note == "" for pg in label_pages(p))
    with_seed = plan_game(CONTENT / "rencounter", seed=4)
    assert label_pages(with_seed) and all(pg.proof == "" for pg in label_pages(with_seed))


def test_a_null_field_prints_a_write_in_and_is_listed(game_dir):
    body = '  - {id: t, records: [{F: 1, M: ~}], size: 5/8, front: {text: "F {F} M {M}"}}'
    p = plan_game(crew(game_dir, body))
    assert texts_of(p, "t-1") == ["F 1 M"]  # the blank (___) a drawn line under it
    assert [str(d).split("game.yaml:")[1] for d in p.diags.warnings] == [
        "16:33: warning: labels[0].records[0].M: write-in blank: record 1 has no value for 'M'"
    ]


SIDE_SCENARIO = {
    "scenarios/s.yaml": """
title: S
sides:
  - {id: blue, name: Blue, colour: "#1f5fa8"}
  - {id: grey, name: Grey}
"""
}
SIDED = """
id: g
title: G
rules: {}
labels:
  - id: men
    name: "{name}"
    shape: round
    size: 3/4
    side: "{side}"
    records: [{name: Ann, side: blue}, {name: Bo, side: grey}, {name: Cy, side: %s}]
    front: {border: {colour: "#6b4f2a", width: 0.6pt}, text: "{name}"}
"""


def _label_faces(planned) -> dict[str, tuple]:
    groups = [op for doc in planned.docs for page in doc.pages for op in page.ops]
    out = {}
    while groups:
        op = groups.pop()
        if isinstance(op, Group):
            groups.extend(op.ops)
            for name in ("men-1", "men-2", "men-3"):
                if op.key and f":{name}:" in op.key:
                    out[name] = op.ops
    return out


def test_a_labels_side_rings_it_in_the_sides_colour_and_marks_its_shape(game_dir):
    """Issue 36: base labels told the sides apart by nothing. A label's `side:` (a field
    each record fills) rings it in the colour its scenario declares for the side, and
    marks its top with the side's shape, as the scenario's plan draws its tokens; a side
    with no colour keeps the label's frame and takes the mark only."""
    from kitgen.layout.plan import Circle, Path, Rect

    planned = plan_game(write_game(game_dir, SIDED % "blue", SIDE_SCENARIO))
    assert not planned.diags.errors
    faces = _label_faces(planned)
    rings = {
        name: [(o.stroke.colour, o.stroke.width) for o in ops if getattr(o, "stroke", None)]
        for name, ops in faces.items()
    }
    assert (("#1f5fa8", SIDE_RING)) in rings["men-1"]
    assert ("#6b4f2a", 0.6) in rings["men-2"] and all(w < 1 for _, w in rings["men-2"])
    shapes = {
        n: [type(o) for o in ops if isinstance(o, (Circle, Rect, Path))] for n, ops in faces.items()
    }
    # the first side round, the second square, as side_shapes deals them
    assert Rect in shapes["men-2"] and shapes["men-1"].count(Circle) >= 2


def test_a_labels_side_no_scenario_names_is_warned_at_the_label(game_dir):
    planned = plan_game(write_game(game_dir, SIDED % "bleu", SIDE_SCENARIO))
    assert [str(d).split("game.yaml:")[1] for d in planned.diags.warnings] == [
        "5:5: warning: labels[0].side: label men-3: side 'bleu' is no side of the game's (its "
        "scenarios' and pieces' sides: blue, grey); it prints without a side's ring and mark"
    ]
    faces = _label_faces(planned)
    assert not [o for o in faces["men-3"] if getattr(o, "stroke", None) and o.stroke.width > 1]


def test_a_label_may_be_on_a_side_only_the_cards_name(game_dir):
    """A roster's labels on the side its cards are on (no scenario names it): ringed in the
    colour the side's id names in the palette, and marked with the cards' side shape."""
    game = SIDED.replace("rules: {}", 'rules: {}\ncolours: {navy: "#2e4a7a"}') % "navy"
    game += """cards:
  - {id: c, size: poker, side: navy, front: {title: C}}
"""
    planned = plan_game(write_game(game_dir, game, SIDE_SCENARIO))
    assert not planned.diags.warnings
    faces = _label_faces(planned)
    rings = [
        (o.stroke.colour, o.stroke.width) for o in faces["men-3"] if getattr(o, "stroke", None)
    ]
    assert ("#2e4a7a", SIDE_RING) in rings
