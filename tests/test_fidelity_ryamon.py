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

import pypdfium2 as pdfium
import pytest
import yaml

from kitgen.units import mm, parse_length

from .conftest import CONTENT, build_pdfs, pdf_words

KIT = CONTENT / "ryamon"
PLAY = mm(1)  # room a counter needs around it to be put down and picked up by hand


def _yaml(name: str) -> dict:
    return yaml.safe_load((KIT / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def pdfs() -> dict[str, bytes]:
    return build_pdfs(KIT)[1]


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
        line = sorted(max(lines.values(), key=len))
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
    """Issue 19 item 4: Urban's pop limit is 6, so an Urban square takes 6 counters laid side
    by side at print size (two rows of three), each with a millimetre to spare."""
    (world,) = _yaml("maps.yaml")["maps"]
    across, down = _printed_cell(pdfs["map-world.pdf"])
    assert across == pytest.approx(parse_length(world["cell"]), abs=0.01)
    assert down == pytest.approx(across, abs=0.01)
    sizes = set(_printed_counters(pdfs["counters.pdf"]))
    side = parse_length(str(_yaml("counters.yaml")["counters"][0]["size"]) + "in")
    assert sizes == {(side, side)}
    per_row = math.floor(across / (side + PLAY))
    limits = {t["label"]: t["props"]["pop_limit"] for t in world["terrains"]}
    assert limits == {"Water": 1, "Grassland": 4, "Forest": 3, "Urban": 6}
    for terrain, limit in limits.items():
        assert per_row * per_row >= limit, terrain


def test_every_counter_of_the_mix_is_printed(pdfs):
    """people.csv's mix, per tribe: each type's abbreviation on as many counters as it says."""
    with (KIT / "people.csv").open(encoding="utf-8") as f:
        mix = {row["abbr"]: int(row["count"]) for row in csv.DictReader(f)}
    tribes = _yaml("counters.yaml")["counters"][0]["for_each"]["tribe"]
    printed = [w.text for page in pdf_words(pdfs["counters.pdf"]) for w in page]
    shown = {abbr: printed.count(abbr) for abbr in mix}
    assert shown == {abbr: n * len(tribes) for abbr, n in mix.items()}
    assert len(_printed_counters(pdfs["counters.pdf"])) == sum(mix.values()) * len(tribes)
