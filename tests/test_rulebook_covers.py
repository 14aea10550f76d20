"""A booklet's covers (`rulebook.cover: true`), read back from the PDF: its first page is
a front cover (the kit cover's title band, art and badges, the book's title, how to print
it; no contents, no running head, no number), the contents open the next page, and its
last page is a back cover (the blurb, the badges, the credits; never a rule or a note).
Every error path with its exact message."""

from __future__ import annotations

from tests.conftest import build_pdfs, errors_of, pdf_words
from tests.test_rulebook import GAME, _game

COVERED = GAME.replace(
    "cover: {subtitle: A game written for the test}",
    "cover:\n  subtitle: A game written for the test\n  players: 2\n"
    "  blurb: [Scouts creep past the guards at night.]\n  credits: [Made by the test suite.]",
).replace("  imposition: IMPOSITION\n", "  imposition: IMPOSITION\n  cover: true\n")


def _pages(pdfs: dict, manifest: dict) -> dict[int, list[str]]:
    """Each booklet page's words, by its printed number, in reading order."""
    sheets = pdf_words(pdfs["rulebook.pdf"])
    out = {}
    for item in manifest["items"]:
        if item["kind"] == "rulebook-page":
            x0, y0, x1, y1 = item["bbox"]
            out[item["book_page"]] = [
                w.text
                for w in sheets[item["page"] - 1]
                if x0 - 1 <= w.box[0] and w.box[2] <= x1 + 1 and y0 <= w.box[1] <= y1
            ]
    return out


def test_a_booklet_with_covers_opens_on_its_front_and_ends_on_its_back(game_dir):
    folder = _game(game_dir, text=COVERED, imposition="booklet", filler=8)  # long: contents
    planned, pdfs, manifest = build_pdfs(folder)
    pages = _pages(pdfs, manifest)
    last = max(pages)
    assert last % 4 == 0
    front, back = " ".join(pages[1]), " ".join(pages[last])
    # the front: the game's title in its band, the counters as its art (S and G), the
    # players' badge, the book's title and how to print it; no contents, no page number
    assert "Patrol" in pages[1] and {"S", "G"} <= set(pages[1])
    assert "PLAYERS" in front and "Patrol rules" in front and "double-sided" in front
    assert "Contents" not in front and "1" not in pages[1]
    assert "Contents" in pages[2]  # the contents open the next page
    # the back: the blurb, the badges and the credits; no rule, note, head or number
    assert "Scouts creep past the guards at night." in back
    assert "Made by the test suite." in back and "PLAYERS" in back
    assert str(last) not in pages[last] and "Notes" not in back and "\u2020" not in back
    assert "Patrol rules" not in back  # no running head
    # the rules are all inside: the last section's case is on a page before the back
    inner = " ".join(" ".join(pages[n]) for n in range(2, last))
    assert "Aim first" in inner


def test_covers_need_a_booklet(game_dir):
    (err,) = errors_of(_game(game_dir, text=COVERED, imposition="sheets"))
    assert err.endswith(
        "rulebook.cover: cover: true gives a booklet its covers: give imposition: booklet too"
    )


def test_covers_need_the_kits_cover(game_dir):
    bare = COVERED.replace(COVERED[COVERED.index("cover:\n") : COVERED.index("maps:")], "")
    (err,) = errors_of(_game(game_dir, text=bare, imposition="booklet"))
    assert err.endswith(
        "rulebook.cover: the booklet's covers show the kit's cover: add a cover: section "
        "(its art, blurb and credits)"
    )
