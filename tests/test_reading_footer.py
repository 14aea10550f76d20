"""Every page that carries a reading mark (†2) says in its foot where the marks' words
are: the file and page of the kit's one "Notes on this edition", computed from the build.
Read back from the PDFs: each marked page has the foot, and the page it names holds the
notes' heading (a booklet's page found by its number, as printed)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import CONTENT, build_pdfs, pdf_words, write_game

FOOT = re.compile(r"see Notes on this edition, ([a-z0-9-]+\.pdf) p\. ([0-9]+)")
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


def _check_kit(folder, paper: str) -> set:
    _, pdfs, manifest = build_pdfs(folder, paper)
    named = set()
    for name, data in sorted(pdfs.items()):
        for n, (text, _) in enumerate(_pages(data), start=1):
            found = FOOT.findall(text)
            if "\u2020" in FOOT.sub("", text).replace("\u2020 the kit\u2019s reading:", ""):
                assert found, f"{name} page {n}: a mark, and no foot saying where its words are"
            named.update(found)
    for file, number in named:
        assert _notes_heading_at(pdfs, manifest, file, int(number)), (file, number)
    return named


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
