"""Paper for player-aid cards (issue 18.4, designer review 6 #6): a half-letter card
took a letter sheet for each face (its fold pair is 792 pt wide, the printable width
756 pt). The seed sources give no card size, so Reshuffled's aids are the kit's 5 x 7
in, marked as the kit's reading: front and back fold side by side on one sheet, letter
or a4, rules text still at least 7 pt. Ryamon's are poker cards, one job each, four a
sheet. Read back from the PDFs."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Text
from kitgen.style import RULES_MIN, typeset

from .conftest import (
    CONTENT,
    build_pdfs,
    kit_notes,
    pdf_text,
    pixel_at,
    plan_game,
    seed_kit,
    unmarked_glyphs,
    write_game,
)
from .test_card_type import face_glyphs


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("game", ["reshuffled"])
def test_a_player_aid_folds_on_one_sheet_a_card(game: str, paper: str):
    p, pdfs, manifest = build_pdfs(CONTENT / game, paper)
    cards = [i for i in manifest["items"] if i["kind"] == "card"]
    folds = {i["piece"] for i in cards if "fold_line" in i}  # each copy of a fold pair
    items = [i for i in cards if i["piece"] in folds]
    assert folds and {i["page"] for i in items} == set(range(1, len(folds) + 1))  # was 2 a card
    x0, y0, x1, y1 = items[0]["bbox"]
    assert (x1 - x0, y1 - y0) == pytest.approx((360, 504), abs=1e-6)  # 5 x 7 in, a face
    faces = face_glyphs(pdfs, manifest)
    # a reading's mark (†2) is a superscript, smaller by design: the rest keeps the minimum
    assert (
        min(g.size for glyphs in faces.values() for g in unmarked_glyphs(glyphs))
        >= RULES_MIN - 0.01
    )
    text, _ = kit_notes(pdfs, manifest)  # the card's reading: on the notes page
    for reading in (r for r in p.game.readings if r.kit.startswith("The player cards and")):
        said = typeset(reading.kit.split(":")[0])
        assert said.replace("\u00a0", " ") in text  # pdf_text reads a no-break space as one


def test_the_cover_and_the_build_say_a_player_aids_sheets_are_copies(game_dir):
    """Review 7 #22: a player aid printed once a player, one fold pair a sheet, makes
    alike sheets, and the build said "one card a sheet". Nothing is dropped; the cover's
    list says the sheets are copies, and the build says what goes on a sheet. Files whose
    sheets differ say nothing of copies. Read back from the cover PDF."""
    aid = """
        title: Aid Test
        cover: {subtitle: A test}
        cards:
          - {id: aid, size: 5in x 7in, quantity: 2, front: [{text: A}], back: [{text: B}]}
    """
    _, pdfs, manifest = build_pdfs(write_game(game_dir, aid))
    cover = " ".join(pdf_text(pdfs["cover.pdf"]))
    cards = cover.split("cards.pdf", 1)[1].split(".pdf", 1)[0]
    assert "fold on the dotted line and glue; 2 copies of one sheet" in cards
    (facts,) = [f["facts"] for f in manifest["files"] if f["path"] == "cards.pdf"]
    (fact,) = [f for f in facts if f.startswith("one card a sheet")]
    assert fact.startswith("one card a sheet, front and back side by side to fold (the pair")
    assert fact.endswith("; the 2 sheets are copies of one card (quantity: 2)")
    # different sheets: Reshuffled's 4 map pieces and its cards (4 round cards and a
    # sheet of unit cards); DUCK!'s and Ryamon's cards
    for kit in ("reshuffled", "duck", "ryamon"):
        _, pdfs, _ = seed_kit(kit)
        assert "copies of one sheet" not in " ".join(pdf_text(pdfs["cover.pdf"])), kit


def test_ryamons_aids_are_four_cards_a_player_in_the_tribes_colour():
    """A reviewer found four alike letter sheets of small table text. Each player now
    has four poker cards, one job each, in his tribe's colour and mark, four pairs a
    sheet, set at one size of at least 9 pt. Counted from the build."""
    p, pdfs, manifest = seed_kit("ryamon")
    cards = list(p.game.cards)
    tribes = {c.side for c in cards}
    assert len(tribes) == 4 and len(cards) == 4 * 4  # four jobs, each once a tribe
    jobs = {c.id.removesuffix(f"-{c.side}") for c in cards}  # aid-turn-red: aid-turn
    assert {(c.id.removesuffix(f"-{c.side}"), c.side) for c in cards} == {
        (job, tribe) for job in jobs for tribe in tribes
    }
    fronts = [i for i in manifest["items"] if i["kind"] == "card" and i["side"] == "front"]
    assert len(fronts) == len(cards)
    pages = {i["page"] for i in fronts}
    assert len(fronts) / len(pages) == 4  # four fold pairs a sheet
    sizes = {i["type_size"] for i in manifest["items"] if i["kind"] == "card"}
    assert len(sizes) == 1 and min(sizes) >= 9  # one size for the set, read at the table


@pytest.mark.parametrize(
    ("decks", "heading"),
    [
        (["scouts", "scouts"], "Scouts deck"),
        (["scouts", "ships"], "Decks: Scouts, Star ships"),
        (["scouts", None], "Scouts deck and reference cards"),
        ([None, None], "Reference cards"),
        (["scouts", "ships", None], "Decks: Scouts, Star ships and reference cards"),
    ],
)
def test_a_card_sheet_names_the_decks_it_holds(game_dir, decks, heading):
    cards = "\n".join(
        f"  - {{id: c{n}, front: {{title: C{n}}}" + (f", deck: {d}}}" if d else "}")
        for n, d in enumerate(decks)
    )
    write_game(
        game_dir,
        "id: t\ntitle: T\ndecks:\n  - {id: scouts, title: Scouts}\n"
        "  - {id: ships, title: Star ships}\ncards:\n" + cards + "\n",
    )
    doc = next(d for d in plan_game(game_dir).docs if d.name == "cards")
    texts = [op.text for op in doc.pages[0].ops if isinstance(op, Text)]
    assert f"T · {heading} · sheet 1 of 1" in texts


FOLDED = """
id: g
title: G
decks:
  - {{id: d, title: Deck, colour: "#203040"{edge}}}
cards:
  - id: c
    quantity: 4
    deck: d
    front: {{title: C, colour: "#ffffff", blocks: [{{text: Words.}}]}}
"""


def test_fold_pairs_have_crop_marks_a_fold_mark_and_no_glue_tab(game_dir):
    from kitgen.layout.plan import Line, Path
    from kitgen.style import PIECE_GUTTER

    write_game(game_dir, FOLDED.format(edge=""))
    doc = next(d for d in plan_game(game_dir).docs if d.name == "cards")
    page = doc.pages[0]
    fronts = [i for i in page.items if i.side == "front"]
    assert len(fronts) > 1  # not a lone pair: its marks are the gutter's
    assert not [op for op in page.ops if isinstance(op, Path) and op.hatch]  # no glue tab
    lines = [op for op in page.ops if isinstance(op, Line)]
    for item in fronts:
        fx, fy0, _, fy1 = item.extra["fold_line"]
        x0, y0 = item.bbox[0], item.bbox[1]
        x1 = 2 * fx - x0  # the back's far edge
        # the fold carried past the pair's top, dotted, into the gutter
        assert [op for op in lines if op.x0 == op.x1 == fx and op.y0 > fy1 and op.stroke.dash]
        # a crop mark on each trim line at each corner, outside the trim, in the gutter
        for x, y in ((x0, y0), (x1, y0), (x0, fy1), (x1, fy1)):
            ticks = [op for op in lines if not op.stroke.dash and _tick_at(op, x, y)]
            assert len(ticks) == 2, (x, y)
            for t in ticks:
                assert max(abs(t.x1 - t.x0), abs(t.y1 - t.y0)) <= PIECE_GUTTER / 2


def _tick_at(op, x: float, y: float) -> bool:
    """A line on the trim line through (x, y) that starts or ends within 1 pt of it."""
    if op.x0 == op.x1 == x:
        return min(abs(op.y0 - y), abs(op.y1 - y)) < 1
    return op.y0 == op.y1 == y and min(abs(op.x0 - x), abs(op.x1 - x)) < 1


def test_a_decks_edge_leaves_bare_paper_round_its_backs_ground(game_dir):
    write_game(game_dir, FOLDED.format(edge=", edge: 4pt"))
    planned, pdfs, manifest = build_pdfs(game_dir)
    back = next(i for i in manifest["items"] if i["kind"] == "card" and i["side"] == "back")
    x0, y0, x1, y1 = back["bbox"]
    pdf = pdfs["cards.pdf"]
    assert pixel_at(pdf, back["page"] - 1, x1 - 2, (y0 + y1) / 2) == (255, 255, 255)
    assert pixel_at(pdf, back["page"] - 1, x1 - 6, y0 + 20) != (255, 255, 255)
    write_game(game_dir, FOLDED.format(edge=""))  # without: the ground runs to the trim
    _, pdfs, _ = build_pdfs(game_dir)
    assert pixel_at(pdfs["cards.pdf"], back["page"] - 1, x1 - 2, (y0 + y1) / 2) != (255,) * 3


def _thin_lines(pdf: bytes, page: int) -> list[tuple[float, float, float, float]]:
    """The short thin lines drawn on a page (crop marks), as (x0, y0, x1, y1) in points,
    read back from the PDF (pypdfium2): each path's bounds, less its 0.3 pt width."""
    import pypdfium2 as pdfium

    lines = []
    for obj in pdfium.PdfDocument(pdf)[page].get_objects(max_depth=1):
        if obj.type != 2:  # a path
            continue
        x0, y0, x1, y1 = obj.get_bounds()
        if min(x1 - x0, y1 - y0) < 1 and 2 < max(x1 - x0, y1 - y0) < 8:
            if x1 - x0 < y1 - y0:
                x = (x0 + x1) / 2
                lines.append((x, y0 + 0.3, x, y1 - 0.3))
            else:
                y = (y0 + y1) / 2
                lines.append((x0 + 0.3, y, x1 - 0.3, y))
    return lines


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_mosslight_card_faces_bleed_past_the_cut_and_across_the_fold(paper: str):
    """A reviewer found each face stopping 1 mm inside the crop line, white each side of
    the fold, and on A4 crop marks at one corner of each pair only: every face now runs
    past its cut and to the fold, and every corner of every pair has its two marks."""
    _, pdfs, manifest = build_pdfs(CONTENT / "mosslight", paper)
    pdf = pdfs["cards.pdf"]
    fronts = [i for i in manifest["items"] if i["file"] == "cards.pdf" and i["side"] == "front"]
    first = [i for i in fronts if i["page"] == 1]
    assert len(first) == 4 and len({i["page"] for i in fronts}) == 16  # four pairs a sheet
    ticks = _thin_lines(pdf, 0)
    white = (255, 255, 255)
    for item in first:
        back = next(
            i for i in manifest["items"] if i["piece"] == item["piece"] and i["side"] == "back"
        )
        fx0, fy0, fx1, fy1 = item["fold_line"]
        boxes = [item["bbox"], back["bbox"]]
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        # the pair's trim: two marks at each corner, on its cut lines, outside its bleed
        for cx, cy in ((x0, y0), (x0, y1), (x1, y0), (x1, y1)):
            on_x = [t for t in ticks if abs(t[0] - cx) < 0.05 and abs(t[2] - cx) < 0.05]
            on_y = [t for t in ticks if abs(t[1] - cy) < 0.05 and abs(t[3] - cy) < 0.05]
            near_x = [t for t in on_x if min(abs(t[1] - cy), abs(t[3] - cy)) < 7]
            near_y = [t for t in on_y if min(abs(t[0] - cx), abs(t[2] - cx)) < 7]
            assert near_x and near_y, (paper, item["piece"], cx, cy)
        # past the cut, 1.5 pt out, every side of the pair prints a face's colour (a
        # quarter along: the fold's two-tone dotted line runs on over the middle)
        mx, my = x0 + (x1 - x0) / 4, y0 + (y1 - y0) / 4
        for x, y in ((x0 - 1.5, my), (x1 + 1.5, my), (mx, y0 - 1.5), (mx, y1 + 1.5)):
            assert pixel_at(pdf, 0, x, y) != white, (paper, item["piece"], x, y)
        # across the fold, no white either side of it
        across = fx0 == fx1  # the fold runs up the pair (letter) or across it (turned)
        for d in (-1.2, 1.2):
            x, y = (fx0 + d, (fy0 + fy1) / 2) if across else ((fx0 + fx1) / 2, fy0 + d)
            assert pixel_at(pdf, 0, x, y, dpi=288) != white, (paper, item["piece"], d)


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_a_deck_cards_front_takes_its_backs_colour_next_to_the_fold(paper: str):
    """A reviewer: a card's kind colour reached the fold and could show round a face-down
    card's edge. Next to the fold each deck card's front prints its deck's back colour,
    whatever its kind's colour; a hair further in, its own frame's."""
    from kitgen.colours import parse_colour
    from kitgen.layout.cards.cards import FOLD_GUARD

    p, pdfs, manifest = build_pdfs(CONTENT / "mosslight", paper)
    (deck,) = p.game.decks
    want = parse_colour(deck.colour)
    back = tuple(int(want[i : i + 2], 16) for i in (1, 3, 5))
    colours = set()
    for item in manifest["items"]:
        if item["file"] != "cards.pdf" or item["side"] != "front" or item["page"] > 8:
            continue
        fx0, fy0, fx1, fy1 = item["fold_line"]
        inward = -1 if item["bbox"][0] < fx0 or item["bbox"][1] < fy0 else 1
        for d, same in ((FOLD_GUARD / 2, True), (FOLD_GUARD + 1.5, False)):
            at = (
                (fx0 + inward * d, (fy0 + fy1) / 2)
                if fx0 == fx1
                else ((fx0 + fx1) / 2, fy0 + inward * d)
            )
            got = pixel_at(pdfs["cards.pdf"], item["page"] - 1, *at, dpi=288)[:3]
            if same:
                assert max(abs(a - b) for a, b in zip(got, back, strict=True)) < 12, (
                    item["piece"],
                    got,
                )
            else:
                colours.add(got)
    assert len(colours) >= 2  # the kinds' own frames differ further in (sprite, charm)
