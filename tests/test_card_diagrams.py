"""A rulebook's diagram of a card (issue 34: a card's anatomy; the docs' layout
anatomy): the card as it prints, each region a callout names outlined where the
layout puts it, the leader from its middle; a callout naming no point or region is an
error at its line."""

from __future__ import annotations

import pytest

from kitgen.layout.plan import Circle, Group, Rect
from kitgen.layout.rulebook.diagram import OUTLINE
from tests.conftest import errors_of, plan_game, write_game

GAME = """\
id: t
title: T
cards:
  - id: drake
    layout: poker-card
    fields: {title: Drake, cost: "5", type: Dragon, text: "Flies.", attack: "6", defence: "4"}
rulebook:
  numbering: headings
  sections:
    - id: cards
      title: Reading a card
      text:
        - diagram:
            piece: drake
            callouts:
              - {at: cost, text: "Cost"}
              - {at: art-box, text: "Picture"}
              - {at: defence, text: "Defence"}
              - {at: top-right, text: "A corner"}
"""


def _flat(ops, dx=0.0, dy=0.0, k=1.0):
    """Every op with its place on the page: (op, x, y, scale) of its group."""
    for op in ops:
        if isinstance(op, Group):
            yield from _flat(op.ops, dx + op.dx * k, dy + op.dy * k, k * (op.scale or 1.0))
        else:
            yield op, dx, dy, k


def test_each_region_a_callout_names_is_outlined_where_the_layout_puts_it(game_dir):
    write_game(game_dir, GAME)
    doc = next(d for d in plan_game(game_dir).docs if d.name == "rulebook")
    ops = [o for page in doc.pages for o in _flat(page.ops)]
    boxes = [(op.w, op.h) for op, *_ in ops if isinstance(op, Rect) and op.stroke == OUTLINE]
    assert len(boxes) == 3  # cost, art-box, defence; the corner is a point, not a region
    k = boxes[1][0] / (0.86 * 180)  # the art box: 86 % of the card's width
    assert 0.3 < k <= 1.0
    assert boxes[0] == pytest.approx((30 * k, 30 * k), abs=0.01)  # the cost disc
    assert boxes[1][1] == pytest.approx(0.42 * 252 * k, abs=0.01)
    assert boxes[2] == pytest.approx((28 * k, 28 * k), abs=0.01)  # the defence disc
    outlines = [op for op, *_ in ops if isinstance(op, Rect) and op.stroke == OUTLINE]
    dots = [(op.cx, op.cy) for op, *_ in ops if isinstance(op, Circle) and op.r == 1.4]
    # each leader starts halfway up its region's side, the left one for the cost disc on
    # the card's left (its words stand on the left), the right one for the others
    sides = [o.x if n == 0 else o.x + o.w for n, o in enumerate(outlines)]
    for o, x in zip(outlines, sides, strict=True):
        assert any(abs(x - dx) < 0.01 and abs(o.y + o.h / 2 - dy) < 0.01 for dx, dy in dots)


def test_a_callout_naming_no_point_or_region_is_an_error_at_its_line(game_dir):
    write_game(game_dir, GAME.replace("{at: art-box,", "{at: art-bx,"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:17:17: error: rulebook.sections[0].text[0].diagram.callouts[1]"
        ".at: piece 'drake' has no point or region 'art-bx' (did you mean 'art-box'?)"
    ]


def test_a_region_its_when_hides_is_no_region_to_name(game_dir):
    write_game(game_dir, GAME.replace("{at: art-box,", "{at: flavour,"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:17:17: error: rulebook.sections[0].text[0].diagram.callouts[1]"
        ".at: piece 'drake' has no point or region 'flavour' (use top-left, top, top-right, "
        "left, centre, right, bottom-left, bottom, bottom-right, frame, panel, title-band, "
        "title, art-box, type, text, cost, attack, defence)"
    ]


def test_an_unknown_piece_names_the_counters_and_cards(game_dir):
    write_game(game_dir, GAME.replace("piece: drake", "piece: drak"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:14:20: error: rulebook.sections[0].text[0].diagram.piece: "
        "unknown piece 'drak' (did you mean 'drake'?)"
    ]


SPREAD = """\
id: t
title: T
cards:
  - id: drake
    layout: poker-card
    fields: {title: Drake, cost: "5"}
  - id: wyrm
    layout: poker-card
    fields: {title: Wyrm, cost: "3"}
counters:
  - {id: wound, size: 1/2in, front: {background: "#aa3322", text: {text: WOUND, size: 6pt}}}
rulebook:
  numbering: headings
  sections:
    - id: play
      title: A fight
      text:
        - diagram:
            pieces:
              - {piece: drake, at: North, label: hurt}
              - {piece: wound, at: drake}
              - {piece: wyrm, at: South, label: bites}
            arrows:
              - {from: wyrm, to: drake, kind: fire}
"""


def test_a_spread_lays_rows_of_cards_with_tokens_on_them_and_arrows_between(game_dir):
    """A diagram of pieces with no map: a row for each `at` in the order written, named
    over it; a piece whose `at` names a piece of the spread lies on it; one scale (at
    most SPREAD_MOST) for all; an arrow runs from one piece to the other, dashed for
    fire."""
    from kitgen.layout.plan import Line, Text
    from kitgen.layout.rulebook.diagram import SPREAD_MOST

    write_game(game_dir, SPREAD)
    doc = next(d for d in plan_game(game_dir).docs if d.name == "rulebook")
    ops = [o for page in doc.pages for o in _flat(page.ops)]
    at = {op.text: (dx + op.x * k, dy + op.y * k, k) for op, dx, dy, k in ops
          if isinstance(op, Text)}  # fmt: skip
    ny, sy = at["North"][1], at["South"][1]
    assert ny > sy  # North's row over South's
    (drake_x, drake_y, k), (wound_x, wound_y, _) = at["Drake"], at["WOUND"]
    assert k <= SPREAD_MOST
    assert abs(wound_x - drake_x) < 90 * k and drake_y - 252 * k < wound_y < drake_y  # on it
    assert at["Wyrm"][1] < sy < at["hurt"][1] < ny  # the labels under their rows
    fire = [(dy + op.y0 * k, dy + op.y1 * k) for op, dx, dy, k in ops
            if isinstance(op, Line) and op.stroke.dash]  # fmt: skip
    assert len(fire) == 1 and fire[0][0] < fire[0][1]  # from South's Wyrm up to the Drake
    assert at["Wyrm"][1] < fire[0][0] and fire[0][1] < at["hurt"][1]


@pytest.mark.parametrize(
    ("before", "after", "message"),
    [
        ("{piece: wyrm, at: South", "{piece: wurm, at: South",
         "22:25: error: rulebook.sections[0].text[0].diagram.pieces[2].piece: unknown piece "
         "'wurm' (did you mean 'wyrm'?)"),
        ("{from: wyrm, to: drake", "{from: wyrm, to: drak",
         "24:17: error: rulebook.sections[0].text[0].diagram.arrows[0].to: no piece 'drak' "
         "in this spread (did you mean 'drake'?)"),
    ],
)  # fmt: skip
def test_a_spreads_unknown_piece_or_arrow_end_is_an_error_at_its_line(
    game_dir, before: str, after: str, message: str
):
    write_game(game_dir, SPREAD.replace(before, after))
    assert errors_of(game_dir) == [f"{game_dir}/game.yaml:{message}"]


def test_tokens_a_card_cannot_hold_side_by_side_lie_in_a_pile_with_their_count(game_dir):
    """Five wounds and two marks on one card: its width holds fewer side by side, so each
    kind lies in a pile, each token a little up and right of the one under it (only the
    top one's words print: type under a fill is hidden), with its count beside it ("×5"),
    all inside the card's width and below its title (rows of large tokens climbed over
    Mosslight's card names)."""
    from kitgen.layout.plan import Text

    mark = "  - {id: mark, size: 1/2in, front: {background: '#3344aa', text: {text: MARK}}}\n"
    five = "              - {piece: wound, at: drake}\n" * 5
    two = "              - {piece: mark, at: drake}\n" * 2
    body = SPREAD.replace("              - {piece: wound, at: drake}\n", five + two)
    write_game(game_dir, body.replace("rulebook:", mark + "rulebook:"))
    doc = next(d for d in plan_game(game_dir).docs if d.name == "rulebook")
    ops = [o for page in doc.pages for o in _flat(page.ops)]
    at = {}
    for op, dx, dy, k in ops:
        if isinstance(op, Text):
            at.setdefault(op.text, []).append((dx + op.x * k, dy + op.y * k, op.font.size * k))
    wounds, marks = at["WOUND"], at["MARK"]
    assert (len(wounds), len(marks)) == (1, 1)  # under the top token only edges: no words
    assert len(at["\u00d72"]) == 1  # each pile's count
    filled = [(op, dx, dy, k) for op, dx, dy, k in ops if isinstance(op, Rect)]
    grounds = sorted({(round(dx + op.x * k, 1), round(dy + op.y * k, 1))
                      for op, dx, dy, k in filled if op.fill == "#aa3322"})  # fmt: skip
    assert len(grounds) == 5  # five wounds, each a step up and right of the one under it
    assert all(b[0] > a[0] and b[1] > a[1] for a, b in zip(grounds, grounds[1:], strict=False))
    (count,) = at["\u00d75"]
    assert count[0] > wounds[-1][0]  # beside its pile
    (drake,) = at["Drake"]
    (card,) = [o for o in ops if isinstance(o[0], Text) and o[0].text == "Drake"]
    k = card[3]
    left = drake[0] - 90 * k
    assert all(left < x < left + 180 * k for x, _, _ in wounds + marks + [count])
    assert all(y < drake[1] - drake[2] for _, y, _ in wounds + marks)  # under the title
