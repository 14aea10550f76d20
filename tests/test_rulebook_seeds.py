"""docs/seeds/*.md say where in each seed kit's rulebook every part of its source is: each
section named there ('rulebook.pdf 2.3 *Who goes first*') is found, number and title
together, in the built PDF. And every cross-reference of a seed rulebook prints the number
of the section it names."""

from __future__ import annotations

import re

import pytest

from kitgen.model.rulebook import REF, every_section, numbers
from tests.conftest import PLAIN, ROOT, pdf_text, seed_kit

KITS = ("ryamon", "reshuffled", "duck", "rencounter")
PLACE = re.compile(r"(\d+\.\d+) \*([^*]+)\*")


def _rows(kit: str) -> list[tuple[str, str]]:
    """Each table row's source part and its rulebook column."""
    out = []
    for line in (ROOT / "docs" / "seeds" / f"{kit}.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) == 4 and cells[0] != "Source part":
            if not set(cells[0]) <= {"-", " "}:
                out.append((cells[0], cells[3]))
    return out


@pytest.mark.parametrize("kit", KITS)
def test_every_row_names_a_rulebook_section_the_pdf_prints(kit: str):
    _, pdfs, _ = seed_kit(kit)
    text = " ".join(pdf_text(pdfs["rulebook.pdf"])).translate(PLAIN)
    rows = _rows(kit)
    assert len(rows) >= 10
    missing, named = [], 0
    for part, where in rows:
        if where == "—":
            continue
        assert where.startswith("rulebook.pdf "), part
        places = PLACE.findall(where)
        assert places, part
        for number, title in places:
            named += 1
            if f"{number} {title}" not in text:
                missing.append((part, number, title))
    assert missing == [] and named >= 10


@pytest.mark.parametrize("kit", KITS)
def test_every_cross_reference_of_a_seed_rulebook_prints_its_number(kit: str):
    planned, pdfs, _ = seed_kit(kit)
    book = planned.game.rulebook
    nums = numbers(book)
    text = " ".join(pdf_text(pdfs["rulebook.pdf"])).translate(PLAIN)
    for section, _ in every_section(book):
        assert f"{nums[section.id]} " in text
    refs = [m.group(1) for s, _ in every_section(book) for b in s.blocks for m in
            REF.finditer(b.text)]  # fmt: skip
    assert refs
    assert "{ref:" not in text


@pytest.mark.parametrize("kit", KITS)
def test_an_edition_note_that_cites_a_rule_prints_its_number(kit: str):
    """A case's reading may name another section ({ref:ID}): on the notes page, as in the
    book, it prints the number, never the raw reference."""
    planned, pdfs, _ = seed_kit(kit)
    text = " ".join(pdf_text(pdfs["rulebook.pdf"]))
    assert "{ref:" not in text
    book = planned.game.rulebook
    cited = [m.group(1) for r in planned.game.readings for m in REF.finditer(r.kit)]
    for sid in cited:
        assert f"rule {numbers(book)[sid]}" in text, sid
    if kit == "reshuffled":
        assert cited  # the kit that cites one keeps this test able to fail
