"""Ryamon's kit against its YAML, read back from the built PDFs (docs/seeds/ryamon.md).

Numbers come from what the PDFs print (pypdfium2's text layer and object boxes), and are
compared with the YAML files themselves, never with the kit's own model of them."""

from __future__ import annotations

import csv
import itertools
import math
import re
import statistics
from collections import defaultdict
from fractions import Fraction

import pypdfium2 as pdfium
import pytest
import yaml

from kitgen.units import mm, parse_length

from .conftest import CONTENT, pdf_words, seed_kit

KIT = CONTENT / "ryamon"
PLAY = mm(1)  # room a counter needs around it to be put down and picked up by hand


def _yaml(name: str) -> dict:
    return yaml.safe_load((KIT / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pdfs() -> dict[str, bytes]:
    return seed_kit("ryamon")[1]


def _printed_cell(pdf: bytes) -> tuple[float, float]:
    """The map's square as printed on its first tile, from its cells' coordinates: the step
    from one label to the next along a row (A1 to B1) and down a column (A1 to A2)."""
    labels = [w for w in pdf_words(pdf)[0] if re.fullmatch(r"[A-H][1-8]", w.text)]
    rows: dict[float, list[float]] = defaultdict(list)
    columns: dict[float, list[float]] = defaultdict(list)
    for w in labels:
        rows[round(w.box[1], 1)].append(w.box[0])
        columns[round(w.box[0], 1)].append(w.box[1])

    def step(lines: dict[float, list[float]]) -> float:
        # a tile's art may be drawn more than once, under clips that part it: each place once
        line = sorted({round(v, 1) for v in max(lines.values(), key=lambda v: len(set(v)))})
        return statistics.median(b - a for a, b in itertools.pairwise(line))

    return step(rows), step(columns)


def _printed_counters(pdf: bytes) -> list[tuple[float, float]]:
    """The size of every counter on the counter sheets: each is drawn as one form."""
    sizes = []
    doc = pdfium.PdfDocument(pdf)
    for page in doc:
        for obj in page.get_objects(max_depth=1):
            if obj.type == pdfium.raw.FPDF_PAGEOBJ_FORM:
                m = obj.get_matrix()
                assert (m.a, m.b, m.c, m.d) == (1, 0, 0, 1)  # drawn at print size, not scaled
                left, bottom, right, top = obj.get_bounds()
                sizes.append((round(right - left, 3), round(top - bottom, 3)))
    doc.close()
    return sizes


def test_a_cell_holds_its_pop_limit_of_counters_side_by_side(pdfs):
    """Issue 19 item 4, and issue 36's reviewer ("the counters don't fit the cells"): a
    square holds its whole pop limit of counters at print size, side by side, each with a
    millimetre to spare, in the rows under the disc in its corner: Urban's 6 in two rows
    of three. Nothing is stacked (the map takes 4 sheets for it)."""
    (world,) = _yaml("maps.yaml")["maps"]
    across, down = _printed_cell(pdfs["map-world.pdf"])
    assert across == pytest.approx(parse_length(world["cell"]), abs=0.01)
    assert down == pytest.approx(across, abs=0.01)
    side = parse_length(str(_yaml("counters.yaml")["counters"][0]["size"]) + "in")
    assert max(_printed_counters(pdfs["counters.pdf"])) == (side, side)  # the people
    per_row = math.floor(across / (side + PLAY))
    limits = {t["label"]: t["props"]["pop_limit"] for t in world["terrains"]}
    assert limits == {"Water": 1, "Grassland": 4, "Forest": 3, "Urban": 6}
    for terrain, limit in limits.items():
        assert per_row * (per_row - 1) >= limit, terrain  # a row's room kept for the disc


def _printed_box(pdf: bytes) -> float:
    """A track box's side as printed: the step from one number to the next along a row."""
    words = {w.text: w.box for w in pdf_words(pdf)[0] if w.text in ("1", "2", "3")}
    return words["3"][0] - words["2"][0]


def test_a_food_marker_fits_inside_a_track_box(pdfs):
    """Issue 36's reviewer: the 1/2 in food marker was bigger than a 0.45 in track box. The
    markers (FOOD and +60, one-sided) are smaller than the people, and each sits inside a
    box of the printed track with a millimetre to spare."""
    box = _printed_box(pdfs["tracks.pdf"])
    markers = [c for c in _yaml("counters.yaml")["counters"] if c.get("kind") == "marker"]
    (side,) = {parse_length(str(c["size"])) for c in markers}
    # each marker's ground is one square of its size (a marker is drawn once, not a form)
    doc = pdfium.PdfDocument(pdfs["counters.pdf"])
    grounds = [
        o
        for page in doc
        for o in page.get_objects(max_depth=1)
        if o.type == pdfium.raw.FPDF_PAGEOBJ_PATH
        and (lambda b: (round(b[2] - b[0], 3), round(b[3] - b[1], 3)))(o.get_bounds())
        == (side, side)
    ]
    assert len(grounds) == sum(len(c["for_each"]) * c["quantity"] for c in markers)
    doc.close()
    assert all(not c.get("back") for c in markers)  # nothing printed upside down to fold
    assert side + PLAY <= box


def test_every_counter_of_the_mix_is_printed(pdfs):
    """people.csv's mix, per tribe: each type's abbreviation on as many counters as it says."""
    with (KIT / "people.csv").open(encoding="utf-8") as f:
        mix = {row["abbr"]: int(row["count"]) for row in csv.DictReader(f)}
    tribes = _yaml("counters.yaml")["counters"][0]["for_each"]["tribe"]
    printed = [w.text for page in pdf_words(pdfs["counters.pdf"]) for w in page]
    shown = {abbr: printed.count(abbr) for abbr in mix}
    # each code on its counters, and once more in the sheet's key ("La = Lawyer")
    assert shown == {abbr: n * len(tribes) + 1 for abbr, n in mix.items()}
    assert len(_printed_counters(pdfs["counters.pdf"])) == sum(mix.values()) * len(tribes)


# ---- every printed value of the reference, the cards, the map key and the track -------------


def _printed(text: str) -> str:
    """A YAML text as the sheets print it: markup dropped, a real minus before a figure,
    an en dash in a rising range ("3-5"), ’ for an apostrophe, <= and >= as signs, runs
    of white space as one space."""
    text = text.replace("**", "")
    text = re.sub(r"(?<![\w)])-(?=\d)", "\u2212", text)
    rising = re.compile(r"(?<![\w-])(\d+)-(\d+)(?![\w-])")
    text = rising.sub(
        lambda m: m[0].replace("-", "\u2013") if int(m[1]) < int(m[2]) else m[0], text
    )
    text = re.sub(r"(?<=\w)'(?=\w)", "\u2019", text)
    text = text.replace("<=", "\u2264").replace(">=", "\u2265")
    return " ".join(text.split())


def _chance(p: Fraction) -> str:
    """'1/36 = 2.8%', '1/2 = 50%': how a roll table's chance column prints."""
    return f"{p} = {f'{float(p) * 100:.1f}'.removesuffix('.0')}%"


def _two_d6(total: int) -> Fraction:
    return Fraction(6 - abs(total - 7), 36)


def _d6(band: str) -> Fraction:
    """The chance of an unmodified d6 falling in '<=2', '3-5' or '>=6'."""
    faces = range(1, 7)
    if band.startswith("<="):
        hits = [f for f in faces if f <= int(band[2:])]
    elif band.startswith(">="):
        hits = [f for f in faces if f >= int(band[2:])]
    else:
        lo, hi = band.split("-")
        hits = [f for f in faces if int(lo) <= f <= int(hi)]
    return Fraction(len(hits), 6)


def _pages(pdfs: dict[str, bytes], name: str) -> list[str]:
    return [" ".join(w.text for w in page) for page in pdf_words(pdfs[name])]


def _tables() -> dict[str, dict]:
    return {t["id"]: t for t in _yaml("reference.yaml")["tables"]}


def _rows_read_in_order(page: str, rows: list[str]) -> None:
    at = 0
    for row in rows:
        found = page.find(row, at)
        assert found >= 0, (row, page[at : at + 300])
        at = found + len(row)


def test_the_people_type_key_prints_every_row_with_its_2d6_chance(pdfs):
    key = _tables()["people-types"]
    # a row with a reading (Engineer, Inventor) is a mapping: its roll, then its cells,
    # a cell with a reading a mapping of its text
    plain = [[r["label"], *r["cells"]] if isinstance(r, dict) else r for r in key["rows"]]
    plain = [[c["text"] if isinstance(c, dict) else c for c in row] for row in plain]
    rows = [_printed(" ".join([*row, _chance(_two_d6(int(row[0])))])) for row in plain]
    assert [int(row[0]) for row in plain] == list(range(2, 13))  # every total of 2d6
    sheet = _pages(pdfs, "sheet-reference.pdf")
    assert _printed(key["title"]) in sheet[0]
    _rows_read_in_order(re.sub("\u2020[0-9]+", "", sheet[0]), rows)  # a row's mark apart
    # each player's People types card lists every total with the key's code and type
    card = next(c for c in _yaml("reference.yaml")["cards"] if "People" in c["front"]["title"])
    (items,) = [b["items"] for b in card["front"]["blocks"] if "items" in b]
    assert [_printed(i).split(":")[0] for i in items] == [
        f"{row[0]} {row[1]} {row[2].split('/')[0]}" for row in plain
    ]


def test_the_terrain_key_prints_the_maps_pop_limits(pdfs):
    terrain = _tables()["terrain"]
    (world,) = _yaml("maps.yaml")["maps"]
    limits = {t["label"]: str(t["props"]["pop_limit"]) for t in world["terrains"]}
    # the table's pop limit column is the map's own figure, terrain by terrain
    assert {row[0]: row[1] for row in terrain["rows"]} == limits
    rows = [_printed(" ".join(cell for cell in row if cell)) for row in terrain["rows"]]
    _rows_read_in_order(_pages(pdfs, "sheet-reference.pdf")[0], rows)
    # and the key under the map says the same, terrain by terrain
    key = _pages(pdfs, "map-world.pdf")[-1]
    _rows_read_in_order(key, [f"{name} pop limit {n}" for name, n in limits.items()])


def test_the_soldier_attack_table_prints_its_d6_bands_and_chances(pdfs):
    table = _tables()["soldier-attack"]
    rows = [_printed(f"{band} {result} {_chance(_d6(band))}") for band, result in table["rows"]]
    assert sum(_d6(band) for band, _ in table["rows"]) == 1  # the bands cover the die once
    page = _pages(pdfs, "sheet-reference.pdf")[0]
    _rows_read_in_order(page, rows)
    assert _printed(table["notes"][0]) in page


def test_the_turn_sequence_prints_its_seven_steps_in_order(pdfs):
    (sequence,) = _yaml("reference.yaml")["texts"]
    steps = [_printed(f"{n}. {step}") for n, step in enumerate(sequence["steps"], start=1)]
    assert len(steps) == 7  # eating, food production, births, movement, 2 warfares, victory
    _rows_read_in_order(_pages(pdfs, "sheet-reference.pdf")[0], steps)


def test_every_player_aid_prints_its_words_once_for_each_tribe(pdfs):
    """Each aid card's title and every line of its faces print on the cards, once for each
    tribe the card is made for (its for_each)."""
    text = re.sub("\u2020[0-9]+", "", " ".join(_pages(pdfs, "cards.pdf")))
    for card in _yaml("reference.yaml")["cards"]:
        copies = len(card["for_each"])
        for face in (card["front"], card["back"]):
            lines = [_printed(face["title"])]
            for block in face["blocks"]:
                said = block.get("items") or block.get("steps") or [block.get("text") or ""]
                said = [f"{n}. {s}" for n, s in enumerate(said, 1)] if "steps" in block else said
                lines += [_printed(line) for line in [block.get("title", ""), *said] if line]
            for line in lines:  # a write-in blank prints as a rule, not as its text
                assert text.count(line.split(" ___")[0]) >= copies, line


def test_the_food_track_prints_every_box_and_the_start(pdfs):
    tracks = _yaml("maps.yaml")["tracks"]  # one for each tribe
    (page,) = _pages(pdfs, "tracks.pdf")
    rows = []
    for track in tracks:
        boxes = [str(n) for n in range(track["from"], track["to"] + 1)]
        for value, label in track["labels"].items():
            boxes.insert(boxes.index(str(value)) + 1, label)
        rows += [_printed(track["title"]), " ".join(boxes)]
    _rows_read_in_order(page, rows)
    # every tribe starts with 5 food: the rule, the scenario and the tracks agree
    (start,) = [r for r in _yaml("rules.yaml")["rules"]["constraints"] if r.get("attr") == "food"]
    assert start["min"] == start["max"]
    assert all(t["labels"] == {start["min"]: "start"} for t in tracks)


def test_the_cover_prints_the_sources_title_line_and_credits(pdfs):
    cover = _yaml("cover.yaml")["cover"]
    page = _pages(pdfs, "cover.pdf")[0]  # the front; the contents follow it
    _rows_read_in_order(page, [_printed(cover["subtitle"]), *map(_printed, cover["credits"])])
    # the source's own figures on the badges: players, ages, playing time; its designer
    # and publisher
    said = ("PLAYERS 2\u20134", "PLAYING TIME about an hour", "AGES 10+", "Mike Kramlich",
            "ZodLogic Games")  # fmt: skip
    for words in said:
        assert words in page


def test_the_set_up_sheet_prints_each_tribes_food_and_places(pdfs):
    """Each tribe's food and its people, '2 × Farmer (red tribe): B1, A2', as the scenario
    file places them (names from people.csv), then every rule of rules.yaml by name."""
    scenario = yaml.safe_load((KIT / "scenarios" / "four-tribes.yaml").read_text("utf-8"))
    with (KIT / "people.csv").open(encoding="utf-8") as f:
        names = {row["type"]: row["name"] for row in csv.DictReader(f)}
    text = " ".join(_pages(pdfs, "scenario-four-tribes.pdf"))
    heads = [f"{side['name']} Food: {side['values']['food']}" for side in scenario["sides"]]
    starts = [text.index(head) for head in [*heads, "Special rules"]]
    assert starts == sorted(starts)
    for side, start, end in zip(scenario["sides"], starts, starts[1:], strict=False):
        cells: dict[str, dict[str, int]] = defaultdict(dict)
        for p in side["placements"]:
            spots = cells[p["piece"]]
            spots[p["at"]] = spots.get(p["at"], 0) + p.get("count", 1)
        lines = [
            f"{sum(spots.values())} \u00d7 {names[piece.split('-')[0]]} ({side['id']} tribe): "
            + ", ".join(cell + (f" \u00d7{k}" if k > 1 else "") for cell, k in spots.items())
            for piece, spots in cells.items()
        ]
        _rows_read_in_order(text[start:end], lines)
    for rule in _yaml("rules.yaml")["rules"]["constraints"]:
        assert _printed(rule["name"]) in text[starts[-1] :]
