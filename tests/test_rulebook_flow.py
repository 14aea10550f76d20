"""How the rulebook's pages fill, read back from the PDF: an example box that fits a
column is never cut (it moves on whole, and the words after it in its section fill the
column it left), a table that fits a column moves on whole rather than leave a stub of
a few rows at a page turn, a taller one is cut between its rows with its head repeated,
and a running head names the section at the page's
top, with the last one the page starts."""

from __future__ import annotations

import math
import re

import pytest

from kitgen.layout.rulebook.rulebook import TABLE_KEEP
from tests.conftest import book_pages, build_pdfs, pdf_words
from tests.test_rulebook import GAME, _game

HEADING = re.compile(r"^[0-9]+\.0$")
BACK_MATTER = ("At a glance", "Notes on this edition")


def _lines(page) -> list[tuple[float, str]]:
    """A page's lines, top down: (the line's middle, its words left to right); words
    whose middles lie within 3 pt are one line (capitals, descenders and a mark move a
    word's box, never a line's pitch)."""
    rows: list[tuple[float, list]] = []
    for w in sorted(page, key=lambda w: -(w.box[1] + w.box[3])):
        middle = (w.box[1] + w.box[3]) / 2
        if rows and rows[-1][0] - middle < 3.0:
            rows[-1][1].append(w)
        else:
            rows.append((middle, [w]))
    return [(y, " ".join(w.text for w in sorted(ws, key=lambda w: w.box[0]))) for y, ws in rows]


def _pages(folder, **kw) -> list:
    _, pdfs, _ = build_pdfs(_game(folder, **kw))
    return pdf_words(pdfs["rulebook.pdf"])


def _page_words(pdfs: dict, manifest: dict, number: int) -> tuple[list, tuple]:
    """A booklet page's words (by its printed number) and its box on the sheet."""
    (item,) = [i for i in manifest["items"] if i.get("book_page") == number]
    x0, y0, x1, y1 = item["bbox"]
    words = pdf_words(pdfs["rulebook.pdf"])[item["page"] - 1]
    return [w for w in words if x0 - 1 <= w.box[0] and w.box[2] <= x1 + 1
            and y0 - 1 <= w.box[1] and w.box[3] <= y1 + 1], (x0, y0, x1, y1)  # fmt: skip


N_PARAS = 40
LONG_BOX = GAME.replace(
    "                      caption: A line of fire.\n",
    "                      caption: A line of fire.\n"
    + "".join(f'                  - "Step {n} of the example, after the shot."\n' for n in range(8))
    + '                  - "End of the example."\n',
)
LONG_INTRO = LONG_BOX.replace(
    '        - "Scouts move first (see {ref:moving}); fire is in {ref:fire-rules}."',
    '        - "Scouts move first (see {ref:moving}); fire is in {ref:fire-rules}."\n'
    + "".join(
        f'        - "Opening paragraph {n} of the introduction, long enough."\n'
        for n in range(N_PARAS)
    ),  # fmt: skip
)


def _intro(n: int) -> str:
    """The test game with `n` paragraphs in its introduction: the example of play lands
    lower down the page as n grows."""
    lines = LONG_INTRO.split("\n")
    cut = [k for k, line in enumerate(lines) if "Opening paragraph" in line]
    return "\n".join(lines[: cut[0]] + lines[cut[0] : cut[0] + n] + lines[cut[-1] + 1 :])


@pytest.mark.parametrize("n", range(0, N_PARAS, 2))
def test_an_example_box_that_fits_a_column_is_never_cut(game_dir, n):
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=_intro(n), imposition="booklet"))
    pages = book_pages(pdfs, manifest)
    found = [k for k, text in enumerate(pages) if "Example of play" in text]
    assert len(found) == 1
    assert "End of the example." in pages[found[0]], "the box is cut"
    assert "continued" not in " ".join(pages)


TALL_BOX = LONG_INTRO.replace(
    '                  - "End of the example."\n',
    "".join(f'                  - "Step {n} of the longer example."\n' for n in range(8, 16))
    + '                  - "End of the example."\n',
)


@pytest.mark.parametrize("n", range(0, N_PARAS, 8))
def test_a_box_taller_than_half_a_page_that_fits_a_column_starts_a_fresh_one(game_dir, n):
    text = "\n".join(line for line in TALL_BOX.split("\n")
                     if "Opening paragraph" not in line or int(line.split()[3]) < n)  # fmt: skip
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=text, imposition="booklet"))
    pages = book_pages(pdfs, manifest)
    (k,) = [k for k, t in enumerate(pages) if "Example of play" in t]
    assert "End of the example." in pages[k] and "continued" not in " ".join(pages)
    words, box = _page_words(pdfs, manifest, k + 1)
    top = max(w.box[3] for w in words if w.text == "Example")
    end = min(w.box[1] for w in words if w.text == "End")
    assert top - end > 0.75 * (box[3] - box[1])  # most of a column: never cut all the same


PICTURED = LONG_INTRO.replace(
    """              text: ["Aim first; see {ref:intro}."]""",
    """              text:
                - "Aim first, then look at the picture below."
                - diagram:
                    map: field
                    cells: A1-D4
                    pieces: [{piece: scout, at: A1}]
                    caption: The aiming scout.""",
)


@pytest.mark.parametrize("n", range(0, N_PARAS, 3))
def test_a_cases_words_stay_in_sight_of_the_diagram_after_them(game_dir, n):
    text = "\n".join(line for line in PICTURED.split("\n")
                     if "Opening paragraph" not in line or int(line.split()[3]) < n)  # fmt: skip
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=text, imposition="booklet"))
    pages = book_pages(pdfs, manifest)
    (k,) = [k for k, t in enumerate(pages) if "The aiming scout." in t]
    assert "2.21 Aimed fire. Aim first, then look at the picture below." in pages[k]


def _heading(line: str) -> bool:
    """Whether a line is a section's heading: "2.0 The turn", or back matter's."""
    return bool(HEADING.match(line.split()[0])) or line in BACK_MATTER


@pytest.mark.parametrize("n", range(0, N_PARAS, 2))
def test_the_running_head_names_the_section_at_the_pages_top(game_dir, n):
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=_intro(n), imposition="booklet"))
    in_force = ""
    for k in range(len(book_pages(pdfs, manifest))):
        words, box = _page_words(pdfs, manifest, k + 1)
        lines = _lines(words)
        body = [t for y, t in lines if box[1] + 12 < y < box[3] - 22]
        if k and body:  # the title page has no running head
            head = next(t for y, t in lines if y > box[3] - 20).split("Patrol rules ", 1)[1]
            atop = body[0] if _heading(body[0]) else in_force
            assert head.split(" \u2013 ")[0] == atop, (k + 1, head, body[0])
        in_force = next((t for t in reversed(body) if _heading(t)), in_force)


TALL_TABLE = GAME.replace(
    '    rows: [["1-3", Miss], ["4-6", Hit]]',
    "    roll: d100\n    rows:\n"
    + "".join(f'      - ["{n * 4 + 1}-{n * 4 + 4}", "Result {n}"]\n' for n in range(25)),
).replace("    roll: d6\n", "")


def _filled(table: str, fill: int) -> str:
    """The game with `fill` paragraphs before its table: the table lands lower as it grows."""
    return table.replace(
        '        - "Scouts move first (see {ref:moving}); fire is in {ref:fire-rules}."',
        '        - "Scouts move first (see {ref:moving}); fire is in {ref:fire-rules}."\n'
        + "".join(
            f'        - "Opening paragraph {n}, long enough to fill."\n' for n in range(fill)
        ),
    )


def _rows_by_page(pages: list[str], rows: int) -> list[int]:
    """How many of the table's rows ("Result N") each page of the rules holds (not the
    back matter's quick reference, which prints it again), pages without none."""
    rules = " \f ".join(pages).partition(BACK_MATTER[0])[0].split(" \f ")
    counts = [sum(f"Result {n} " in t + " " for n in range(rows)) for t in rules]
    return [c for c in counts if c]


@pytest.mark.parametrize("fill", range(6, 36, 3))
def test_a_table_that_fits_a_column_moves_on_whole_or_is_cut_in_thirds(game_dir, fill):
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=_filled(TALL_TABLE, fill),
                                         imposition="booklet"))  # fmt: skip
    pages = book_pages(pdfs, manifest)
    counts = _rows_by_page(pages, 25)
    assert sum(counts) == 25
    if len(counts) > 1:  # cut: a third of the rows or more each side, never a stub
        least = max(TABLE_KEEP, math.ceil(25 / 3))
        assert len(counts) == 2 and min(counts) >= least, counts
        k = next(k for k, t in enumerate(pages) if "Result 24" in t)
        assert pages[k].startswith("Fire table (cont.)")  # the head said again


LONG_TABLE = GAME.replace(
    '    rows: [["1-3", Miss], ["4-6", Hit]]',
    "    roll: d100\n    rows:\n"
    + "".join(f'      - ["{n + 1}", "Result {n}"]\n' for n in range(100)),
).replace("    roll: d6\n", "")


@pytest.mark.parametrize("fill", range(6, 36, 6))
def test_a_table_taller_than_a_column_is_cut_between_rows_leaving_no_stub(game_dir, fill):
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=_filled(LONG_TABLE, fill),
                                         imposition="booklet"))  # fmt: skip
    pages = book_pages(pdfs, manifest)
    counts = _rows_by_page(pages, 100)
    assert sum(counts) == 100 and len(counts) >= 2
    assert min(counts) >= TABLE_KEEP, counts
    starts = [t for t in pages if "Result" in t and "Fire table (cont.)" in t]
    assert len(starts) == len(counts) - 1  # each part after the first repeats the head


def test_a_box_taller_than_a_column_runs_on_and_says_so(game_dir):
    text = GAME.replace(
        "                      caption: A line of fire.\n",
        "                      caption: A line of fire.\n"
        + "".join(f'                  - "Step {n} of a long example."\n' for n in range(60))
        + '                  - "End of the example."\n',
    )
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=text, imposition="booklet"))
    pages = book_pages(pdfs, manifest)
    first = next(k for k, t in enumerate(pages) if "Example of play" in t)
    assert "End of the example." not in pages[first]
    assert pages[first + 1].startswith("Example of play (continued) Step")


def _noted(n: int) -> str:
    """The test game with 14 sections, each with a reading of four lines or so (words that
    name the note: opens3 ... closes3), after `n` paragraphs of introduction."""
    said = " ".join(["the kit reads this rule its own way"] * 9)
    more = "".join(
        f'    - id: noted{k}\n      title: Noted {k}\n      reading: "opens{k} {said} closes{k}"\n'
        f'      text: ["Rule {k}."]\n'
        for k in range(14)
    )
    return _intro(n).replace("    - id: turn\n", more + "    - id: turn\n", 1)


@pytest.mark.parametrize("n", range(0, 40, 3))
def test_a_note_on_this_edition_is_never_cut(game_dir, n):
    """Issue 36's reviewer: a note's mark stood at a column's foot, its words on the next
    page. Each note (its mark and all its words) stays in one column of one page."""
    planned, pdfs, manifest = build_pdfs(_game(game_dir, text=_noted(n), imposition="booklet"))
    where: dict[str, tuple[int, bool]] = {}
    numbers = [i["book_page"] for i in manifest["items"] if i["kind"] == "rulebook-page"]
    for number in numbers:
        words, (x0, _, x1, _) = _page_words(pdfs, manifest, number)
        for w in words:
            if re.fullmatch(r"(opens|closes)[0-9]+\.?", w.text):  # a note ends a sentence
                where[w.text.rstrip(".")] = (number, w.box[0] > (x0 + x1) / 2)
    assert len(where) == 28
    for k in range(14):
        assert where[f"opens{k}"] == where[f"closes{k}"], k
