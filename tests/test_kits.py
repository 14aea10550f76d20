"""Every kit in content/, read back from the PDFs it prints: the promises of every sheet hold
for every component, not only for the fixture games of each feature's own tests."""

from __future__ import annotations

import io
import re

import pypdfium2 as pdfium
import pytest
from pypdf import PdfReader

from kitgen.layout.plan import Rect, Text
from kitgen.units import PAPERS, PRINTER_MARGIN, mm

from .conftest import CONTENT, build_pdfs, one_kit_fast, pdf_text, plan_game, seed_kit

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))
SEEDS = ["duck", "rencounter", "reshuffled", "ryamon"]  # the kits of the seed source texts
DPI = 36  # coarse is enough: 0.25 in is 9 px
LABEL = re.compile(r"^.+ · .+ · sheet (\d+) of (\d+)(?: · (front|back))?$")  # the side: duplex


def _ink_near_edges(page: pdfium.PdfPage) -> list[str]:
    """Sides of the page with ink inside the printer margin (minus 1 px for anti-aliasing)."""
    image = page.render(scale=DPI / 72).to_pil().convert("L")
    w, h = image.size
    band = int(PRINTER_MARGIN * DPI / 72) - 1
    strips = {
        "left": (0, 0, band, h),
        "right": (w - band, 0, w, h),
        "top": (0, 0, w, band),
        "bottom": (0, h - band, w, h),
    }
    return [side for side, box in strips.items() if image.crop(box).getextrema()[0] < 250]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "paper,duplex",
    [
        ("letter", "none"),  # the fast tier's; the other papers and sides: the slow tier's
        pytest.param("a4", "long", marks=pytest.mark.slow),
        pytest.param("letter", "short", marks=pytest.mark.slow),
        pytest.param("a4-letter", "none", marks=pytest.mark.slow),
    ],
)
def test_every_page_keeps_its_ink_inside_the_printer_margin(game: str, paper: str, duplex: str):
    _, pdfs, manifest = build_pdfs(CONTENT / game, paper=paper, duplex=duplex)
    portrait = PAPERS[paper].size
    turned = {(f["path"], n) for f in manifest["files"] for n in f["landscape"]}

    def size_of(name: str, number: int) -> tuple[float, float]:
        # the imposer turns a sheet landscape when it takes fewer sheets so
        return portrait[::-1] if (name, number) in turned else portrait

    for name, data in pdfs.items():
        doc = pdfium.PdfDocument(data)
        for number, page in enumerate(doc, start=1):
            assert page.get_size() == pytest.approx(size_of(name, number))
            assert _ink_near_edges(page) == [], f"{game} {name} page {number}"
        doc.close()
    m = PRINTER_MARGIN - 1e-3  # the manifest rounds to 4 decimals
    for item in manifest["items"]:
        x0, y0, x1, y1 = item["bbox"]
        width, height = size_of(item["file"], item["page"])
        assert m <= x0 < x1 <= width - m, item
        assert m <= y0 < y1 <= height - m, item
    # no two pieces on a counter sheet overlap (the halves of a fold pair touch at the fold)
    pages: dict = {}
    for item in manifest["items"]:
        if item["file"] == "counters.pdf":
            pages.setdefault(item["page"], []).append(item["bbox"])
    for boxes in pages.values():
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_the_margin_check_sees_ink_at_the_edge():
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    c = Canvas(out, pagesize=(612, 792))
    c.rect(300, 792 - 14, 20, 6, fill=1)  # 8 pt from the top edge: inside the 18 pt margin
    c.showPage()
    c.rect(300, 300, 20, 20, fill=1)
    c.save()
    doc = pdfium.PdfDocument(out.getvalue())
    assert [_ink_near_edges(page) for page in doc] == [["top"], []]


@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_every_sheet_is_labelled_and_numbered(game: str):
    planned = plan_game(CONTENT / game)
    for doc in planned.docs:
        labels = []
        for page in doc.pages:
            found = [m for op in page.ops if isinstance(op, Text) and (m := LABEL.match(op.text))]
            assert len(found) == 1, f"{doc.name}: one sheet label per page"
            # and the two scale bars, exact: 1 in = 72 pt, 25 mm
            bars = [op.w for op in page.ops if isinstance(op, Rect) and op.h == 3]
            assert 72.0 in bars and any(abs(w - mm(25)) < 1e-9 for w in bars), doc.name
            texts = {op.text for op in page.ops if isinstance(op, Text)}
            assert {"1 in", "25 mm"} <= texts, doc.name
            labels.append(found[0])
        # a sheet is a piece of paper: with backs, two pages share its number
        numbers = [int(m.group(1)) for m in labels]
        assert numbers == sorted(numbers) and numbers[0] == 1, doc.name
        assert {int(m.group(2)) for m in labels} == {numbers[-1]}, doc.name
        assert sorted(set(numbers)) == list(range(1, numbers[-1] + 1)), doc.name
        # front or back only in a file with backs, there on every page as the page is
        duplex = any(page.side == "back" for page in doc.pages)
        sides = [m.group(3) for m in labels]
        assert sides == ([p.side for p in doc.pages] if duplex else [None] * len(sides)), doc.name


# Build facts a default build keeps off player sheets (issue 18): seeds, type sizes,
# checks made; the terminal and the manifest carry them (`--proof` prints them too).
# "checked" as a build's count of what it checked ("96 combinations checked"), not as the
# rules' own word ("when a waiting Threat is checked")
BUILD_WORDS = re.compile(
    r"\bseed\b|\b[0-9][0-9,]* [a-z]+ checked\b|checked by kitgen|generated with"
    r"|\b[0-9]+(\.[0-9]+)? ?pt\b",
    re.I,
)


@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_no_build_facts_on_player_sheets(game: str):
    _, pdfs, _ = seed_kit(game)
    found = [
        f"{name} p{n}: {m.group(0)}"
        for name, pdf in pdfs.items()
        for n, page in enumerate(pdf_text(pdf), 1)
        for m in BUILD_WORDS.finditer(page)
    ]
    assert found == []


def test_the_build_facts_check_sees_a_seed():
    assert BUILD_WORDS.search("These figures (same seed).")
    assert BUILD_WORDS.search("type 10.5 pt") and BUILD_WORDS.search("96 combinations checked")
    assert not BUILD_WORDS.search("Kit laid out by kitgen; 12 points of damage")
    assert not BUILD_WORDS.search("When a waiting Threat is checked, it attacks")


@pytest.mark.parametrize("game", GAMES)
def test_the_manifest_lists_every_file_with_its_page_count(game: str):
    _, pdfs, manifest = seed_kit(game)
    assert sorted(f["path"] for f in manifest["files"]) == sorted(pdfs)
    for entry in manifest["files"]:
        reader = PdfReader(io.BytesIO(pdfs[entry["path"]]))
        assert len(reader.pages) == entry["pages"], entry["path"]
    for item in manifest["items"]:
        assert item["file"] in pdfs
        pages = next(f["pages"] for f in manifest["files"] if f["path"] == item["file"])
        assert 1 <= item["page"] <= pages


# ---- imposition: the seed kits' sheets of pieces --------------------------------------

PIECE_KINDS = {"counter", "marker", "label", "card", "template"}


def _piece_pages(docs) -> int:
    """Pages that carry pieces (the film variant of templates is a reprint, not counted)."""
    return sum(
        1
        for doc in docs
        if doc.stock != "transparency film"
        for page in doc.pages
        if any(i.kind in PIECE_KINDS for i in page.items)
    )


@pytest.mark.slow  # plans every seed kit on letter
def test_the_seed_kits_print_their_pieces_on_40_pages_or_fewer():
    """Issue 18: 43 pages of counters, markers, labels, cards and templates (letter, the
    default build) before one imposer chose orientation and n-up per file, then 30; nothing
    is dropped on the way (every counter copy placed, nothing left out for size). Issue 37
    added range rulers for every missile weapon and cones to 24 in (Rencounter's templates,
    3 sheets to 10) and DUCK!'s mission two Source markers (a third counter sheet): 36. Issue
    43's reviewers asked for player aids: Reshuffled's round card one a player and its unit
    card (cards, 2 sheets to 5) less a template sheet saved: 38; its HACK tokens with each
    player's shape mark (a second counter sheet): 39. Rencounter's cones printed in the
    order their parts join (a cone's parts on one sheet or the next, issue 43): 40."""
    total = 0
    for game in SEEDS:
        planned = plan_game(CONTENT / game)
        total += _piece_pages(planned.docs)
        assert not [d for d in planned.diags.warnings if "left out" in d.message]
        wanted = sum(d.quantity for d in planned.game.counters.defs)
        placed = [
            i
            for doc in planned.docs
            for page in doc.pages
            for i in page.items
            # the counters may share another file's sheet (labels.pdf)
            if i.side == "front" and i.kind in ("counter", "marker")
        ]
        assert len(placed) == wanted, game
    assert total <= 40


@pytest.mark.parametrize("duplex", ["none", "long"])
@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_each_file_prints_in_one_mode(game: str, duplex: str):
    """A file is all duplex (each front page followed by its back, portrait), or prints on
    one side (fold-and-glue pairs, single pieces): never a back page among fold sheets."""
    from kitgen.layout.impose import print_mode

    for doc in plan_game(CONTENT / game, duplex=duplex).docs:
        sides = [p.side for p in doc.pages]
        if print_mode(doc) == "duplex":
            assert sides == ["front", "back"] * (len(sides) // 2), doc.name
            # portrait, but for a saddle-stitched booklet: landscape, folded in the middle
            booklet = any(i.extra.get("imposition") == "booklet" for i in doc.pages[0].items)
            assert all(p.size is None for p in doc.pages) or booklet, doc.name
            assert not any("fold_line" in i.extra for p in doc.pages for i in p.items)
        else:
            assert set(sides) == {"front"}, doc.name
