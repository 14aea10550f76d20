"""One text rule for the characters a kit prints (style.typeset), read back from the seed
kits' PDFs: number ranges with an en dash ("1–4", as the rulers print "0–9 in"), combat
odds as written ("1-2"), typographic quotes and apostrophes (a figure's inch mark kept),
and a figure kept on one line with its unit ("54 mm")."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from kitgen.layout.rich import Faces, parse_markup, wrap_runs
from kitgen.layout.text import wrap
from kitgen.style import typeset

from .conftest import seed_kit

KITS = ("duck", "ironford", "rencounter", "reshuffled", "ryamon")
SPACED_HYPHEN = re.compile(r"\S - [^\W\d_]|\d - \d")
HYPHEN_RANGE = re.compile(r"(?<![\w.\-\u2212+/])(\d+)-(\d+)(?![\w\-]|[.,]\d)")


def test_typeset_sets_ranges_quotes_and_units_and_leaves_the_rest():
    cases = {
        "1-4": "1\u20134",
        "Phases 1-4.": "Phases 1\u20134.",
        "(0-4)": "(0\u20134)",
        "2-1": "2-1",  # falling: no range
        "1-1-4": "1-1-4",  # a chain of factors
        "2026-11-28": "2026-11-28",  # a date
        "AK-47, B1-0101, d6-1, 2d6-1": "AK-47, B1-0101, d6-1, 2d6-1",  # ids, dice
        "1-2.5": "1-2.5",
        "-2 to scatter": "\u22122 to scatter",
        "12 o'clock, the kit's": "12 o\u2019clock, the kit\u2019s",
        "\"a heavy load\" and 'cut'": "\u201ca heavy load\u201d and \u2018cut\u2019",
        'spread 2" per 10" down range': 'spread 2" per 10" down range',  # inch marks
        'roll a "6" now': "roll a \u201c6\u201d now",  # a figure inside quotes
        "the players' turn": "the players\u2019 turn",
        "54 mm (1/35) figures": "54\u00a0mm (1/35) figures",
        "0-9 in": "0\u20139\u00a0in",
        "2 inches, 3 millions": "2\u00a0inches, 3 millions",
        '3.5 - 6", 6.5 - 12"': '3.5\u20136", 6.5\u201312"',  # spaced ranges close up
        "6 - 3": "6 - 3",  # falling: no range
        "Phase 1 - Hack: go": "Phase 1 \u2013 Hack: go",  # a dash between phrases
        'roll - "hit"': "roll \u2013 \u201chit\u201d",
        "Ex - 1, 2d6 - 2, 1 -": "Ex - 1, 2d6 - 2, 1 -",  # before a figure: maybe a minus
    }
    assert {text: typeset(text) for text in cases} == cases
    # combat odds and a piece's factors are no ranges
    assert typeset("below 1-2 read 1-2", ranges=False) == "below 1-2 read 1-2"
    assert typeset("odds 1 - 2", ranges=False) == "odds 1 - 2"


def test_a_figure_and_its_unit_wrap_as_one_word():
    """Both wrappers keep "54 mm" on one line: the plain one and the one of styled runs."""

    class Measure:
        def width(self, text, face, size):
            return len(text) * size

        def face(self, family, bold, italic):
            return "f"

    text = typeset("the deck tiles for 54 mm figures")
    width = len("the deck tiles for 54") * 1.0  # "54" fits the line, "mm" would not
    assert wrap(text, "f", 1.0, width, Measure()) == ["the deck tiles for", "54\u00a0mm figures"]
    lines = wrap_runs(parse_markup(text), width, Faces(lambda b, i: "f"), 1.0, Measure())
    assert ["".join(r.text for r in line) for line in lines] == [
        "the deck tiles for",
        "54\u00a0mm figures",
    ]


def _lines(pdf: bytes) -> list[tuple[int, list[str]]]:
    doc = pdfium.PdfDocument(pdf)
    return [(i + 1, doc[i].get_textpage().get_text_range().splitlines()) for i in range(len(doc))]


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_prints_ranges_with_an_en_dash_and_odds_as_written(kit):
    """Every hyphen between two rising figures standing alone on any sheet of the kit is
    a combat table's odds (its column titles: "1-2"), never a range."""
    planned, pdfs, _ = seed_kit(kit)
    odds = {
        c.title
        for t in planned.game.tables
        if t.combat is not None and t.combat.kind == "odds"
        for c in t.columns
    }
    rising = [
        (name, page, m.group(0))
        for name, pdf in pdfs.items()
        for page, lines in _lines(pdf)
        for line in lines
        for m in HYPHEN_RANGE.finditer(line)
        if int(m.group(1)) < int(m.group(2))
    ]
    assert [r for r in rising if r[2] not in odds] == []
    dashed = sum(
        len(re.findall(r"\d\u2013\d", line))
        for pdf in pdfs.values()
        for _, lines in _lines(pdf)
        for line in lines
    )
    # every kit prints ranges but Iron Ford, whose combat table prints its odds
    assert dashed > 0 if kit != "ironford" else {r[2] for r in rising} == {"1-2"}


@pytest.mark.parametrize("kit", KITS)
def test_a_kit_prints_typographic_quotes_and_keeps_a_figure_with_its_unit(kit):
    """No straight quote on any sheet but a figure's inch or foot mark ('6"'), and no line
    that ends in a figure whose unit starts the next line ("54 / mm"), and no spaced
    hyphen before a word or between two rising figures (a dash, a range)."""
    _, pdfs, _ = seed_kit(kit)
    straight, split, spaced = [], [], []
    for name, pdf in pdfs.items():
        for page, lines in _lines(pdf):
            for k, line in enumerate(lines):
                straight += [(name, page, line) for m in re.finditer(r"(?<!\d)[\"']", line)]
                spaced += [(name, page, line) for m in SPACED_HYPHEN.finditer(line)]
                after = lines[k + 1] if k + 1 < len(lines) else ""
                if re.search(r"\d$", line) and re.match(r"(mm|cm|in|pt)\b", after):
                    split.append((name, page, line, after))
    assert straight == [] and split == [] and spaced == []
