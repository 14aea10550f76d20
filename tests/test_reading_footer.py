"""Every page that carries a reading mark (†2) says in its foot where the marks' words
are: the file and page of the kit's one "Notes on this edition", computed from the build.
Read back from the PDFs: each marked page has the foot, and the page it names holds the
notes' heading (a booklet's page found by its number, as printed)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CONTENT, build_pdfs, pdf_words, write_game

FOOT = re.compile(
    r"see Notes(?: on this edition)?, ([a-z0-9-]+\.pdf)(?: sheets? ([0-9]+)(?:\u2013([0-9]+))?,"
    r" booklet)? pp?\. ([0-9]+)(?:\u2013([0-9]+))?"
)
KITS = ["duck", "mosslight", "rencounter", "reshuffled", "ryamon"]  # the kits with readings
HEADING = "Notes on this edition"


def _pages(pdf: bytes) -> list[tuple[str, list]]:
    """Each page's words joined (the foot's words in print order), and its words."""
    return [(" ".join(w.text for w in words), words) for words in pdf_words(pdf)]


def _notes_heading_at(pdfs: dict, manifest: dict, file: str, number: int) -> bool:
    """Whether printed page `number` of `file` holds the notes' heading in its body (a
    booklet's page is one half of a sheet: its manifest item gives which and where)."""
    halves = [i for i in manifest["items"] if i["file"] == file and i.get("book_page") == number]
    page, box = (halves[0]["page"], halves[0]["bbox"]) if halves else (number, None)
    words = pdf_words(pdfs[file])[page - 1]
    if box is not None:
        words = [w for w in words if box[0] <= w.box[0] and w.box[2] <= box[2]
                 and box[1] <= w.box[1] and w.box[3] <= box[3]]  # fmt: skip
    text = " ".join(w.text for w in words)
    return f"{HEADING} Where the source" in text  # the heading over its introduction


def _book_text(pdfs: dict, manifest: dict, file: str, number: int) -> tuple[str, str]:
    """Printed page `number` of `file`: its words, and its sheet's label ("" when the
    file is not a booklet)."""
    halves = [i for i in manifest["items"] if i["file"] == file and i.get("book_page") == number]
    if not halves:
        return " ".join(w.text for w in pdf_words(pdfs[file])[number - 1]), ""
    page, box = halves[0]["page"], halves[0]["bbox"]
    words = pdf_words(pdfs[file])[page - 1]
    inside = [w for w in words if box[0] <= w.box[0] and w.box[2] <= box[2]
              and box[1] <= w.box[1] and w.box[3] <= box[3]]  # fmt: skip
    return " ".join(w.text for w in inside), " ".join(w.text for w in words)


def _check_where(pdfs: dict, manifest: dict, where: tuple, last_mark: str) -> None:
    """The pages named hold the notes from their heading to the last reading's words,
    and in a booklet the sheets named (by their labels) carry those pages."""
    file, low, high, first, last = where
    last = last or first
    assert _notes_heading_at(pdfs, manifest, file, int(first)), where
    assert last_mark in _book_text(pdfs, manifest, file, int(last))[0].split(), where
    booklet = any(i.get("imposition") == "booklet" for i in manifest["items"] if i["file"] == file)
    assert booklet == bool(low), where  # sheets named exactly where pages are out of order
    if booklet:
        labels = [_book_text(pdfs, manifest, file, n)[1] for n in range(int(first), int(last) + 1)]
        sheets = {int(m) for label in labels for m in re.findall(r"sheet ([0-9]+) of", label)}
        assert {min(sheets), max(sheets)} == {int(low), int(high or low)}, (where, sheets)


def _check_kit(folder, paper: str) -> set:
    _, pdfs, manifest = build_pdfs(folder, paper)
    named, marks = set(), set()
    for name, data in sorted(pdfs.items()):
        for n, (text, _) in enumerate(_pages(data), start=1):
            found = FOOT.findall(text)
            if "\u2020" in FOOT.sub("", text).replace("\u2020 the kit\u2019s reading:", ""):
                assert found, f"{name} page {n}: a mark, and no foot saying where its words are"
            named.update(found)
            marks.update(int(m) for m in re.findall("\u2020([0-9]+)", text))
    last_mark = f"\u2020{max(marks)}" if marks else "\u2020"
    for where in named:
        _check_where(pdfs, manifest, where, last_mark)
    return {(w[0], w[3]) for w in named}


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("kit", KITS)
def test_every_marked_page_says_where_the_notes_are(kit, paper):
    named = _check_kit(CONTENT / kit, paper)
    assert len(named) == 1  # one home for the notes, named alike on every page
    assert "notes.pdf" not in {f for f, _ in named}  # a kit with a rulebook holds them


GAME = """
id: g
title: G
counters:
  - {id: a, size: 1, front: A, quantity: 3, reading: "Three is the kit's count."}
tables:
  - id: t
    title: Hits
    reading: Four and up hits
    columns: [Roll, Result]
    rows:
      - [1, Miss]
      - [4, Hit]
"""


def test_a_kit_without_a_rulebook_points_to_its_notes_file(game_dir):
    named = _check_kit(write_game(game_dir, GAME), "letter")
    assert named == {("notes.pdf", "1")}


def test_notes_over_two_pages_are_named_as_both(game_dir):
    """Notes that run onto a second page: the foot names the pages they run over."""
    words = "for want of the source's own figure, the kit reads this row so. " * 12
    tables = "".join(
        f'\n  - {{id: t{n}, title: T{n}, reading: "Row {n}: {words}", columns: [Roll, Result],'
        f" rows: [[1, Miss]]}}"
        for n in range(30)
    )
    game = GAME.replace("tables:\n", "tables:" + tables + "\n")
    _, pdfs, _ = build_pdfs(write_game(game_dir, game), "letter")
    pages = len(pdf_words(pdfs["notes.pdf"]))
    assert pages >= 2
    text = " ".join(w.text for w in pdf_words(pdfs["counters.pdf"])[0])
    assert f"notes.pdf pp. 1\u2013{pages}" in text
