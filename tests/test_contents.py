"""The cover's list of what the kit holds, and how to print each file."""

from __future__ import annotations

from kitgen.layout.env import PlanEnv
from kitgen.layout.frame import content_box
from kitgen.layout.kit.contents import add_contents, op_texts, print_advice
from kitgen.layout.plan import Document, Item, Page, Text

from .conftest import build_pdfs, errors_of, plan_game, write_game

GAME = """
    title: Contents Test
    cover: {subtitle: A test}
    counters:
      - {id: plain, size: 3/4in, front: {text: A}}
      - {id: flip, size: 3/4in, front: {text: B}, back: {text: C}}
"""


def _texts(doc: Document) -> list[str]:
    return [t for page in doc.pages for t in op_texts(page.ops)]


def test_the_cover_comes_first_and_lists_every_other_file(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir)
    names = [d.name for d in planned.docs]
    assert names[0] == "cover" and "counters" in names
    texts = _texts(planned.docs[0])
    counters = next(d for d in planned.docs if d.name == "counters")
    assert "cover.pdf" in texts and "counters.pdf" in texts  # every file, the cover's own too
    row = texts[texts.index("counters.pdf") :]
    assert " ".join(row).startswith(
        f"counters.pdf {len(counters.pages)} page Counters cardstock fold-and-glue; fold and "
        "glue the pieces with a dotted line; only cut out the rest"  # the plain one is flat
    )
    # the paper and the scale are said once, above the list
    assert sum("letter" in t for t in texts) == 1
    # the cover's own row counts its pages, the list's page with them ("1 page" was wrong)
    n = len(planned.docs[0].pages)
    assert n >= 2 and texts[texts.index("cover.pdf") + 1] == f"{n} pages"


def test_duplex_backs_say_which_edge_to_flip(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir, duplex="long")
    texts = _texts(planned.docs[0])
    assert "duplex; flip on the long edge" in texts


def test_contents_can_be_turned_off(game_dir):
    write_game(game_dir, GAME.replace("{subtitle: A test}", "{subtitle: A test, contents: no}"))
    texts = _texts(plan_game(game_dir).docs[0])
    assert "In this kit" not in texts and "counters.pdf" not in texts


def test_advice_follows_what_a_document_holds():
    def doc(kind: str, **kw) -> Document:
        item = Item(kind, "x", "x-1", "front", (0, 0, 1, 1), kw.pop("extra", {}))
        return Document("d", "D", [Page("D", items=[item])], **kw)

    assert print_advice(doc("sheet")) == "single-sided on paper"
    assert print_advice(doc("map-tile"), "a4") == (
        "single-sided on A4 paper or light card; trim at the glue marks and join as the "
        "assembly diagram shows"
    )
    film = doc("template", stock="transparency film")
    assert print_advice(film, "letter") == "single-sided on letter transparency film"
    # two layers glued: light card makes a card as stiff as a playing card
    assert print_advice(doc("card", extra={"fold_line": [0, 0, 0, 1]}), "letter") == (
        "fold-and-glue on letter light card; fold on the dotted line and glue"
    )
    assert print_advice(doc("card"), "letter") == "single-sided on letter cardstock"
    own = doc("card", extra={"fold_line": [0, 0, 0, 1]}, stock="cardstock")
    assert print_advice(own, "letter").startswith("fold-and-glue on letter cardstock;")
    # a sheet of fold pairs and one-sided pieces: not all of it folds
    folds = Item("counter", "f", "f-1", "front", (0, 0, 1, 1), {"fold_line": [0, 0, 1, 0]})
    flat = Item("counter", "p", "p-1", "front", (2, 0, 3, 1), {})
    mixed = Document("d", "D", [Page("D", items=[folds, flat])])
    assert print_advice(mixed, "letter") == (
        "fold-and-glue on letter cardstock; fold and glue the pieces with a dotted line; "
        "only cut out the rest"
    )
    turned = Document("d", "D", [Page("D", size=(792, 612))])
    assert print_advice(turned, "letter") == "single-sided on letter paper, landscape"
    turned.pages.insert(0, Page("D"))
    assert print_advice(turned, "letter") == ("single-sided on letter paper, some sheets landscape")


def test_a_long_contents_list_flows_onto_more_pages(game_dir):
    write_game(game_dir, GAME)
    planned = plan_game(game_dir)
    cover = planned.docs[0]
    many = [cover] + [Document(f"part-{i:02}", f"Part {i}", [Page("P")]) for i in range(60)]
    env = PlanEnv(planned.game, planned.settings, _fonts(planned), planned.diags)
    before = len(cover.pages)
    add_contents(cover, many, env, content_box(planned.settings.paper))
    assert len(cover.pages) > before
    x0, y0, x1, y1 = content_box(planned.settings.paper)
    listed = [t for t in _texts(cover) if t.startswith("part-")]
    assert listed == [f"part-{i:02}.pdf" for i in range(60)]
    texts = _texts(cover)
    last = len(texts) - 1 - texts[::-1].index("cover.pdf")  # the list just added
    assert len(cover.pages) - before >= 2  # it took more than one page...
    assert texts[last + 1] == f"{len(cover.pages)} pages"  # ...each counted
    for page in cover.pages:
        for op in page.ops:
            if isinstance(op, Text) and op.text.startswith(("part-", "Part ", "1 page")):
                assert y0 <= op.y <= y1


def _fonts(planned):
    from kitgen.build import font_book

    return font_book(planned.game)


def _text_boxes(page: Page, fonts) -> list[tuple[float, float, float, str]]:
    """(left, right, baseline, text) of every text on a page, measured with its font."""
    boxes = []
    for op in page.ops:
        if not isinstance(op, Text):
            continue
        w = fonts.width(op.text, op.font.face, op.font.size)
        left = {"left": op.x, "centre": op.x - w / 2, "right": op.x - w}[op.align]
        boxes.append((left, left + w, op.y, op.text))
    return boxes


def _assert_inside_and_apart(planned, paper) -> None:
    from kitgen.build import font_book

    fonts = font_book(planned.game)
    x0, y0, x1, y1 = content_box(paper)
    for n, page in enumerate(planned.docs[0].pages, start=1):
        if n == 1:  # the front: its parts are groups, read back in tests/test_cover.py
            continue
        frame = {"1 in", "25 mm", "print at 100% (no scaling)"}
        body = [b for b in _text_boxes(page, fonts)[1:] if b[3] not in frame]  # [0]: the label
        assert _text_boxes(page, fonts)[0][3].endswith(f"sheet {n} of {len(planned.docs[0].pages)}")
        assert len(body) >= 1, f"page {n} is empty"
        for left, right, y, text in body:
            assert x0 - 1e-6 <= left and right <= x1 + 1e-6, (n, text)
            assert y0 + 2 <= y <= y1, (n, text)  # descenders stay above the footer band
        for i, a in enumerate(body):
            for b in body[i + 1 :]:
                if abs(a[2] - b[2]) < 1:  # same baseline: side by side, never overlapping
                    assert a[1] <= b[0] or b[1] <= a[0], (n, a[3], b[3])


def test_a_long_cover_flows_onto_more_pages_and_stays_inside(game_dir):
    from kitgen.units import PAPERS

    word = "https://example.org/" + "x" * 150  # wider than the page
    write_game(
        game_dir,
        f"""
        title: A Title Long Enough To Need Two Lines At Thirty Points On Letter
        cover:
          subtitle: {"A subtitle that goes on and on " * 6}
          blurb: {[f"Paragraph {i}: " + "words that wrap " * 30 for i in range(12)]}
          needs: [{word}, dice]
          credits: [me]
        """,
    )
    planned = plan_game(game_dir)
    cover = planned.docs[0]
    assert len(cover.pages) >= 3
    texts = _texts(cover)
    assert "Paragraph 11: words that wrap words that wrap" in " ".join(texts)
    assert "".join(t.removeprefix("•  ").strip() for t in texts if "x" * 20 in t).startswith(word)
    _assert_inside_and_apart(planned, PAPERS["letter"])


def test_the_contents_fit_a_narrow_custom_paper(game_dir):
    from kitgen.units import paper_from_text

    write_game(
        game_dir,
        GAME + "    sheets:\n      - {id: a-sheet-with-a-rather-long-identifier, items: []}\n",
    )
    planned = plan_game(game_dir)
    paper = paper_from_text("5x5in")
    from kitgen.build import font_book, plan
    from kitgen.errors import Diagnostics
    from kitgen.model.game import Settings

    settings = Settings(paper=paper)
    docs = plan(planned.game, settings, font_book(planned.game), Diagnostics())
    narrow = type(planned)(planned.game, docs, Diagnostics(), settings)
    assert "sheet-a-sheet-with-a-rather-long-identifier.pdf" in "".join(_texts(docs[0]))
    _assert_inside_and_apart(narrow, paper)


def test_the_contents_heading_never_lands_in_the_footer(game_dir):
    # Whatever the cover holds above it, "In this kit" (with its advice wrapped under it
    # on narrow paper) goes on a fresh page when it and one entry do not fit above the
    # footer band; it used to be drawn over the scale bars.
    from kitgen.build import font_book, plan
    from kitgen.errors import Diagnostics
    from kitgen.model.game import Settings
    from kitgen.units import paper_from_text

    paper = paper_from_text("5x7in")
    settings = Settings(paper=paper)
    pages_seen = set()
    for lines in range(0, 26):
        blurb = ["One line." for _ in range(lines)]
        write_game(
            game_dir, GAME.replace("cover: {subtitle: A test}", f"cover: {{blurb: {blurb}}}")
        )
        planned = plan_game(game_dir)
        docs = plan(planned.game, settings, font_book(planned.game), Diagnostics())
        pages_seen.add(len(docs[0].pages))
        _assert_inside_and_apart(type(planned)(planned.game, docs, Diagnostics(), settings), paper)
    assert min(pages_seen) == 2  # the list starts on the page after the front


def test_a_page_flow_turns_the_page_when_full_but_never_leaves_one_empty():
    from kitgen.layout.flow import PageFlow
    from kitgen.layout.plan import Line

    flow = PageFlow("Cover", bottom=100.0, top=700.0, y=650.0)
    flow.need(600.0)  # too tall even for a fresh page: it goes on this empty one
    assert (flow.y, len(flow.pages)) == (650.0, 0)
    flow.add(Line(0, flow.y, 10, flow.y))
    flow.need(500.0)  # fits above the bottom
    assert (flow.y, len(flow.pages)) == (650.0, 0)
    flow.need(560.0)  # does not: a fresh page, the cursor at its top
    assert (flow.y, len(flow.pages)) == (700.0, 1)
    flow.add(Line(0, flow.y, 10, flow.y))
    pages = flow.finish()
    assert [len(p.ops) for p in pages] == [1, 1]
    assert all(p.component == "Cover" for p in pages)


# ---- kits of one build on different papers ---------------------------------------------


def test_a_build_of_kits_on_different_papers_warns_on_the_terminal_only(tmp_path):
    from kitgen.units import papers_warning

    from .conftest import run_cli
    from .test_tables import pdf_text

    assert papers_warning((("A", "letter"), ("B", "letter"))) == ""
    a = write_game(tmp_path / "a", "id: a\ntitle: Alpha\npaper: a4\ncover: {subtitle: S}\n")
    b = write_game(tmp_path / "b", "id: b\ntitle: Beta\ncover: {subtitle: S}\n")
    out = tmp_path / "out"
    result = run_cli("build", str(a), str(b), "-o", str(out))
    warning = (
        "Papers differ in this build: a4 for Alpha; letter for Beta. Print each kit on its "
        "own paper."
    )
    assert result.exit_code == 0, result.stderr
    assert f"kitgen: warning: {warning}" in result.stderr
    # a kit never mentions another kit: no cover names the other game or the note
    for kit, other in (("a", "Beta"), ("b", "Alpha")):
        text = " ".join(pdf_text((out / kit / "cover.pdf").read_bytes()).split())
        assert "Papers differ" not in text and other not in text
    # one paper for all (--paper): no warning
    result = run_cli("build", str(a), str(b), "-o", str(out), "--paper", "a4")
    assert result.exit_code == 0 and "Papers differ" not in result.stderr


def test_the_contents_list_names_files_without_a_reading_mark():
    """A map whose title carries the kit's-reading dagger (its note is on the map's own
    sheets) is listed on the cover by its title alone: no mark the cover cannot explain."""
    from .conftest import pdf_text, seed_kit

    for game in ("duck", "reshuffled", "ryamon"):
        _, pdfs, _ = seed_kit(game)
        cover = " ".join(pdf_text(pdfs["cover.pdf"]))
        assert "\u2020" not in cover and "\u2021" not in cover, game
        title = {"duck": "cargo deck", "reshuffled": "map piece", "ryamon": "the land"}[game]
        assert title in cover, game


def test_a_cover_writes_100_percent_one_way():
    """The contents' advice and every page's foot say "100%" alike (one habit a kit)."""
    from .conftest import pdf_text, seed_kit

    for game in ("duck", "ironford", "rencounter", "reshuffled", "ryamon"):
        _, pdfs, _ = seed_kit(game)
        cover = " ".join(pdf_text(pdfs["cover.pdf"]))
        assert "print at 100% (actual size)" in cover and "100 %" not in cover, game


def test_a_sheet_label_names_its_component_without_a_reading_mark():
    """Every page's label (the line over the header rule: game · component · sheet n of
    m, the first text a page prints) names a map by its title alone: the dagger's note
    prints on the sheet under the title, and a mark in the label points nowhere."""
    import pypdfium2 as pdfium

    from .conftest import seed_kit
    from .page_marks import marks_of

    for game in ("duck", "reshuffled", "ryamon"):
        _, pdfs, _ = seed_kit(game)
        maps = []
        for name, pdf in pdfs.items():
            for number in range(1, len(pdfium.PdfDocument(pdf)) + 1):
                runs = marks_of(pdf, number).runs
                label = runs[min(runs)]
                assert "\u2020" not in label and "\u2021" not in label, (game, name, number, label)
                maps += [label] if name.startswith("map-") else []
        assert maps and all("Map:" in label for label in maps), (game, maps)


STOCKED = """
    title: Stock Test
    cover: {subtitle: A test}
    maps:
      - id: board
        title: Board
        stock: cardstock
        cell: 3/4in
        terrains: [{id: open}]
        legend: {".": open}
        layout: |
          ...
    tables:
      - {id: t, title: T, columns: [A], rows: [[x]]}
    sheets:
      - {id: aid, title: Aid, items: [t], stock: light card}
"""


def _row(texts: list[str], file: str) -> str:
    """A file's row of the contents list, as read: its name to the next file's."""
    at = texts.index(file)
    end = next((i for i in range(at + 1, len(texts)) if texts[i].endswith(".pdf")), len(texts))
    return " ".join(texts[at:end])


def test_a_component_names_its_own_stock_and_the_cover_prints_it(game_dir):
    write_game(game_dir, STOCKED)
    planned = plan_game(game_dir)
    texts = _texts(planned.docs[0])
    # a map handled in play goes on cardstock (a map without `stock:` goes on paper or
    # light card: test_advice_follows_what_a_document_holds), a sheet on what it names
    assert _row(texts, "map-board.pdf").startswith("map-board.pdf 1 page Board cardstock single")
    aid = next(d for d in planned.docs if d.name == "sheet-aid")
    assert aid.stock == "light card"
    assert _row(texts, "sheet-aid.pdf").startswith("sheet-aid.pdf 1 page Aid light card single")


def test_an_unknown_stock_is_an_error_at_its_value(game_dir):
    folder = write_game(game_dir, STOCKED.replace("stock: cardstock", "stock: card stock"))
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:6:12: error: maps[0].stock: unknown stock 'card stock' "
        "(did you mean 'cardstock'? use paper, light card, cardstock, transparency film)"
    ]


def test_folded_cards_go_on_light_card_in_the_cover_list_and_the_manifest(game_dir):
    """A deck that folds and glues is two layers a card: the cover's list and the
    manifest both say light card for it, and cardstock for the counters beside it."""
    write_game(game_dir, GAME + """
    decks:
      - {id: d, title: D}
    cards:
      - {id: c, deck: d, quantity: 2, front: {title: C}}
    """)  # fmt: skip
    planned, _, manifest = build_pdfs(game_dir)
    stocks = {f["path"]: f["stock"] for f in manifest["files"]}
    modes = {f["path"]: f["mode"] for f in manifest["files"]}
    assert modes["cards.pdf"] == "fold-and-glue"
    assert stocks["cards.pdf"] == "light card" and stocks["counters.pdf"] == "cardstock"
    texts = _texts(planned.docs[0])
    assert "light card" in _row(texts, "cards.pdf")
    assert "cardstock" in _row(texts, "counters.pdf")
