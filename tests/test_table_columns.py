"""One alignment per table column and column widths balanced by content (issue 18.2,
designer review 6 #5 and #22), read back from the PDFs: a column that holds any words
(a cell spanning from it counts) sets its figures flush left with them; and no cell
wraps to more lines than its row needs when a neighbour can spare the width."""

from __future__ import annotations

from pathlib import Path

from .conftest import CONTENT, build_pdfs, pdf_words, seed_kit, write_game
from .page_marks import marks_of

ALIGN = """
id: t
title: T
sheets:
  - {id: s, title: S, items: [dice]}
tables:
  - id: dice
    title: Dice
    columns: [Individual, Attacks, Range]
    rows:
      - [Weak, "7", "5"]
      - [Strong, "12", "11"]
      - [Encumbered, {text: Minus 1 die, span: 2}]
      - [Armoured, {text: "Throw incoming attacks twice", span: 2}]
"""

FUMBLE = """
id: t
title: T
cards:
  - id: fumble
    size: tarot
    front:
      title: Fumble tests
      blocks:
        - table: fumble
tables:
  - id: fumble
    title: Fumble tests
    columns: [Situation, Test, On a failure]
    rows:
      - [Anything other than shoot or move, Score less than the Fumble Factor, The task is not done]
      - [Wounded, "-1 to the score needed", ""]
      - [Throwing a grenade while DUCK!ed, Fumble Test, Goes only 2 squares (3 at most)]
      - - Shooting or hacking a Threat off an adjacent comrade (handgun, HAR, cutlass or axe only)
        - Fumble Test
        - The comrade must pass a Fumble Test or be WOUNDED
"""


def _left(words, text: str) -> float:
    return next(w.box[0] for w in words if w.text == text)


def test_a_column_holding_words_sets_its_figures_flush_left_with_them(game_dir: Path):
    """Words spanning from the Attacks column make it a column of words: its figures stand
    at the same left edge as "Minus" and "Throw"; a column of figures only (Range) still
    centres them, units under units."""
    _, pdfs, _ = build_pdfs(write_game(game_dir, ALIGN))
    words = pdf_words(pdfs["sheet-s.pdf"])[0]
    lefts = {round(_left(words, t), 1) for t in ("7", "12", "Minus", "Throw", "Attacks")}
    assert max(lefts) - min(lefts) < 1.5, lefts  # ink boxes: a figure's side bearing
    rights = [next(w.box[2] for w in words if w.text == t) for t in ("5", "11")]
    assert abs(rights[0] - rights[1]) < 0.6  # flush right in a centred box of figures
    assert _left(words, "5") > _left(words, "Range") + 3  # ... not flush left


def test_duck_grappling_dice_column_reads_one_way_on_the_sheet_and_the_cards():
    _, pdfs, _ = seed_kit("duck")
    for name in ("sheet-reference.pdf", "cards.pdf"):
        for words in pdf_words(pdfs[name]):
            if not any(w.text == "Minus" for w in words):
                continue
            minus = [w for w in words if w.text == "Minus"]
            for m in minus:  # each copy of the table: the figures of its column line up
                near = [
                    w
                    for w in words
                    if w.text in ("1×2", "1×1×4", "Attacks") and abs(w.box[0] - m.box[0]) < 40
                ]
                assert near and all(abs(w.box[0] - m.box[0]) < 1.5 for w in near), (name, near)


def _cell_lines(words, col_left: float, col_right: float, top: float, bottom: float) -> int:
    """The lines a cell prints: its words' feet (ink boxes) more than 4 pt apart."""
    feet = sorted(
        w.box[1]
        for w in words
        if col_left - 1.5 <= w.box[0] < col_right - 1.5 and bottom < w.box[1] < top
    )
    return sum(1 for n, y in enumerate(feet) if n == 0 or y - feet[n - 1] > 4)


def test_a_text_column_gets_the_width_to_wrap_no_more_than_its_row_needs(game_dir: Path):
    """ "Score less than the Fumble Factor" wrapped to 5 lines beside a 4-line Situation
    and a 2-line "On a failure": widths are now balanced by the lines each cell wraps to,
    so it takes no more lines than the row's tallest other cell."""
    _, pdfs, _ = build_pdfs(write_game(game_dir, FUMBLE))
    words = pdf_words(pdfs["cards.pdf"])[0]
    heads: dict = {}
    for w in words:  # the header's words: each one's first print
        if w.text in ("Situation", "Test", "On"):
            heads.setdefault(w.text, w)
    test_left, fail_left = heads["Test"].box[0], heads["On"].box[0]
    sit_left = heads["Situation"].box[0]
    top = heads["Situation"].box[1]
    bottom = next(w.box[3] for w in words if w.text == "Wounded")
    test = _cell_lines(words, test_left, fail_left, top, bottom)
    situation = _cell_lines(words, sit_left, test_left, top, bottom)
    assert 2 <= test <= situation, (test, situation)


def test_duck_fumble_card_wraps_no_cell_deeper_than_six_lines(game_dir: Path):
    """Review 7 #10: on DUCK!'s Fumble tests card one cell wrapped to 8 lines beside a
    1-line "Fumble Test". Its columns stand at their narrowest (each its widest word), so
    no width moves shorten the table: the weapons the last row allows now stand with its
    test (the data), and every row reads in at most 6 lines. Rows are found by the table's
    rules, lines by the words' feet, read back from the PDF. The kit's aids no longer
    carry the table: it is set here on a tarot card from the kit's own tables."""
    reference = (CONTENT / "duck" / "reference.yaml").read_text(encoding="utf-8")
    tables = reference.split("\ncards:", 1)[0].split("\nsheets:", 1)[0]
    back = "{title: Fumble tests, blocks: [{table: fumble-tests}]}"
    card = f"{{id: housekeeping, size: tarot, front: {{title: F}}, back: {back}}}"
    game = f"id: t\ntitle: T\ninclude: [reference.yaml]\ncards:\n  - {card}\n"
    _, pdfs, manifest = build_pdfs(write_game(game_dir, game, {"reference.yaml": tables}))
    item = next(
        i for i in manifest["items"] if (i["piece"], i["side"]) == ("housekeeping#1", "back")
    )
    x0, y0, x1, y1 = item["bbox"]
    words = [
        w
        for w in pdf_words(pdfs["cards.pdf"])[item["page"] - 1]
        if x0 <= w.box[0] <= x1 and y0 <= w.box[1] <= y1
    ]
    heads = {}  # the header's words: the highest of each
    for w in sorted(words, key=lambda w: -w.box[1]):
        if w.text in ("Situation", "Test", "On"):
            heads.setdefault(w.text, w)
    lefts = [heads[t].box[0] for t in ("Situation", "Test", "On")] + [x1]
    rules = sorted(
        {
            round(s.y0, 1)
            for s in marks_of(pdfs["cards.pdf"], item["page"]).segments
            if abs(s.y0 - s.y1) < 0.01
            and x0 < s.x0 < s.x1 < x1
            and s.x1 - s.x0 > 0.7 * (x1 - x0)
            and y0 + 1 < s.y0 < y1 - 1  # inside the card: not its cut line
        },
        reverse=True,
    )
    rows = [(a, b) for a, b in zip(rules, rules[1:], strict=False) if a < heads["Situation"].box[1]]
    assert len(rows) == 4, rules  # the header's rule, then four rows
    depth = [
        [_cell_lines(words, lefts[c], lefts[c + 1], top, bottom) for c in range(3)]
        for top, bottom in rows
    ]
    assert max(max(r) for r in depth) <= 6, depth
    assert depth[3][1] >= 3  # the weapons stand with the test
