"""A rulebook uses its pages: the rules start under the title, a contents list only in
a book long enough to need one, a rule shows its reading's mark only (the words go on
the notes), a booklet's spare pages hold its notes or its tables at a glance, and the
last page's columns are balanced. Read back from the PDF."""

from __future__ import annotations

import re

import pytest

from tests.conftest import book_pages, build_pdfs, pdf_words
from tests.test_rulebook import GAME, _game
from tests.test_rulebook_flow import _page_words

# the notes' heading and the start of their introduction (a page's foot names the heading too)
NOTES_HEAD = "Notes on this edition Where the source"


def _pages(folder, **kw) -> tuple[list[list], dict]:
    _, pdfs, _ = build_pdfs(_game(folder, **kw))
    return pdf_words(pdfs["rulebook.pdf"]), pdfs


def _text(words) -> str:
    return " ".join(w.text for w in words)


def test_a_short_book_has_no_contents_and_its_rules_start_under_the_title(game_dir):
    pages, _ = _pages(game_dir)
    assert len(pages) == 1
    assert "Contents" not in _text(pages[0])
    words = pages[0]
    title = next(w for w in words if w.text == "Patrol" and w.box[3] - w.box[1] > 15)
    intro = next(w for w in words if w.text == "Introduction")
    assert intro.box[3] < title.box[1]  # the first section, under the title on page 1


def test_a_long_book_lists_its_contents_and_its_rules_follow_on_that_page(game_dir):
    pages, _ = _pages(game_dir, filler=8, paras=60)
    assert len(pages) >= 5
    first = pages[0]
    heading = next(w for w in first if w.text == "Contents")
    intros = [w for w in first if w.text == "Introduction"]
    entry, section = sorted(intros, key=lambda w: -w.box[1])  # listed, then its heading
    assert heading.box[1] > entry.box[1] > section.box[3]
    listed = [w for w in first if w.text == "Extra" and w.box[1] > section.box[3]]
    assert len(listed) == 8  # every section listed, all above the rules


READING = GAME.replace(
    '          text: ["A scout moves one square. Firing is {ref:aimed}."]',
    '          text: ["A scout moves one square. Firing is {ref:aimed}."]\n'
    '          reading: {kit: "One square, not two", source: "moves a square or so"}',
)


def test_a_rule_shows_its_readings_mark_and_the_notes_hold_its_words(game_dir):
    pages, pdfs = _pages(game_dir, text=READING)
    rules, _, notes = " ".join(_text(p) for p in pages).partition(NOTES_HEAD)
    assert "Moving.†1" in rules.replace(" ", "") or "Moving. †1" in rules
    assert "One square" not in rules and "Source" not in rules
    # the book's last section is the kit's one notes page: no notes.pdf beside it
    assert "One square, not two." in notes and "moves a square or so" in notes
    assert "notes.pdf" not in pdfs


def test_a_booklet_ends_with_its_notes_and_spare_pages_hold_its_tables(game_dir):
    pages, _ = _pages(game_dir, text=READING, imposition="booklet")
    # one sheet: pages 4 and 1 on its front, 2 and 3 on its back; the rules take page 1
    text = " ".join(_text(p) for p in pages)
    assert text.index("2.1 Moving.") < text.index(NOTES_HEAD)
    assert "One square, not two." in text.split(NOTES_HEAD, 1)[1]
    back = _text(pages[1])
    assert back.index("At a glance") > back.index("One square")  # the tables after the notes
    assert "Miss" in back.split("At a glance", 1)[1]  # the fire table, again


def test_a_booklets_glance_prints_the_tables_it_names_in_their_order(game_dir):
    """`glance:` names the back cover's tables in order: each is printed, the fire table
    after the spare one as named, though the spare pages held one only."""
    two = READING.replace(
        "tables:\n",
        "tables:\n  - {id: spare, title: Spare table, columns: [Roll, Spare], rows: [[1, Lost]]}\n",
        1,
    ).replace("  imposition: IMPOSITION\n", "  imposition: IMPOSITION\n  glance: [spare, fire]\n")
    pages, _ = _pages(game_dir, text=two, imposition="booklet")
    back = " ".join(_text(p) for p in pages).split("At a glance", 1)[1]
    assert "Spare table" in back and "Miss" in back.split("Spare table", 1)[1]


GLANCE_TABLES = 6  # named at a glance, each too long to share a page with two more


def _glance_game(folder, filler: int):
    """A booklet whose glance names GLANCE_TABLES long tables, and `filler` sections."""
    tables = "".join(
        f"  - {{id: g{k}, title: Glance {k}, columns: [Roll, Says], "
        f"rows: [{', '.join(f'[{r}, Row{k}x{r}]' for r in range(1, 25))}]}}\n"
        for k in range(GLANCE_TABLES)
    )
    names = ", ".join(f"g{k}" for k in range(GLANCE_TABLES))
    text = READING.replace("tables:\n", "tables:\n" + tables, 1).replace(
        "  imposition: IMPOSITION\n", f"  imposition: IMPOSITION\n  glance: [{names}]\n"
    )
    return _game(folder, text=text, imposition="booklet", filler=filler, paras=14)


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("filler", [3, 6])
def test_a_booklet_prints_every_table_at_a_glance_and_ends_with_them(game_dir, paper, filler):
    """Every table the glance names is printed, on every paper, whole and in order, though
    they need more pages than the booklet had to spare: it grows by whole sheets, its
    blank pages before the glance, so the glance ends the book on its back cover."""
    _, pdfs, manifest = build_pdfs(_glance_game(game_dir, filler), paper=paper)
    pages = book_pages(pdfs, manifest)
    assert len(pages) % 4 == 0
    first = next(n for n, t in enumerate(pages) if t.startswith("At a glance"))
    glance = " ".join(pages[first:])
    at = [glance.find(f"Glance {k}") for k in range(GLANCE_TABLES)]
    assert -1 not in at and at == sorted(at)  # each named table, in the order named
    rows = re.findall("Row([0-9]+)x([0-9]+)", glance)
    assert sorted(set(rows)) == sorted((str(k), str(r)) for k in range(GLANCE_TABLES)
                                       for r in range(1, 25))  # fmt: skip
    assert f"Row{GLANCE_TABLES - 1}x24" in pages[-1]  # the last row on the back cover
    notes_end = max(n for n, t in enumerate(pages) if "One square, not two." in t)
    assert all(not t for t in pages[notes_end + 1 : first])  # any blanks: before the glance


# the fire table's reading is numbered first (†1); a later rule repeats it after †2
ORDERED = READING.replace(
    "    title: Fire table\n", "    title: Fire table\n    reading: Four and up hits\n"
).replace(
    '              text: ["Nothing slows a scout."]',
    '              text: ["Nothing slows a scout."]\n              reading: Four and up hits',
)


def test_a_booklets_notes_follow_the_kits_numbering_each_once(game_dir):
    pages, _ = _pages(game_dir, text=ORDERED, imposition="booklet")
    notes = " ".join(_text(p) for p in pages).split(NOTES_HEAD, 1)[1]
    assert notes.count("Four and up hits.") == 1
    assert notes.index("Four and up hits.") < notes.index("One square, not two.")


def test_the_last_pages_columns_are_balanced(game_dir):
    pages, _ = _pages(game_dir, filler=3, paras=14)
    last = pages[-1]
    mid = max(w.box[2] for w in last) / 2
    body = [w for w in last if 60 < w.box[1] < 700]
    left = [w.box[1] for w in body if w.box[2] < mid]
    right = [w.box[1] for w in body if w.box[0] > mid]
    assert left and right  # both columns hold text
    assert abs(min(left) - min(right)) < 60  # and end near one another


@pytest.mark.parametrize("filler", [6, 10, 12, 20, 28])
def test_the_books_contents_list_its_notes_and_its_tables_at_a_glance(game_dir, filler):
    """The booklet's own contents name the back matter, each at the page it starts on,
    and the rows it adds keep their room: every entry above the first rule."""
    _, pdfs, manifest = build_pdfs(_game(game_dir, text=READING, imposition="booklet",
                                         filler=filler, paras=14))  # fmt: skip
    pages = book_pages(pdfs, manifest)
    assert len(pages) >= 5 and "Contents" in pages[0]
    contents = " ".join(pages[: 1 + (pages[0].find("1.0 Introduction Scouts") < 0)])
    back = {"Notes on this edition": NOTES_HEAD, "At a glance": "At a glance Fire table"}
    listed = {t: int(m.group(1)) for t in back if (m := re.search(f"{t} ([0-9]+)", contents))}
    assert "Notes on this edition" in listed
    for title, head in back.items():
        at = [n + 1 for n, t in enumerate(pages) if head in t]
        assert listed.get(title) == (at[0] if at else None), title
    start = next(n for n, t in enumerate(pages, 1) if "Scouts move first" in t)
    found = 0
    for n in range(1, start + 1):  # the contents' pages, to the one the rules start on
        words, box = _page_words(pdfs, manifest, n)
        rows = [w for w in words if w.text in ("edition", "glance") and w.box[1] > box[1] + 14]
        first = [w.box[3] for w in words if w.text == "Scouts"]
        assert all(w.box[1] > max(first, default=0) for w in rows)  # over the rules
        found += len(rows)
    assert found == len(listed)
