"""Rows on a sheet of pieces (issue 18.4, designer review 6 #19): a run of pieces of one
size lies in balanced rows (20 in rows of 9 lie 7, 7, 6, never 9, 9, 2, nor a lone piece
on a row of its own), kinds of one count keep together (5 tokens of each of 4 colours lie
5 a row, one colour each), and blocks sharing a sheet share a left edge. Read back from
the plan's numbers and the seed kits' manifests."""

from __future__ import annotations

from collections import Counter

from kitgen.layout.impose import pack

from .conftest import build_pdfs, seed_kit, write_game

BOX = (0.0, 0.0, 558.0, 700.0)


def _rows(spots, sizes=None) -> list[list[int]]:
    """The slots of each row (hanging from one top), top row first."""
    rows: dict[float, list[int]] = {}
    for s in spots:
        rows.setdefault(s.y + (sizes[s.index][1] if sizes else 0.0), []).append(s.index)
    return [sorted(rows[y]) for y in sorted(rows, reverse=True)]


def test_a_run_of_one_kind_lies_in_even_rows():
    spots = pack([(54.0, 54.0)] * 20, BOX, 9.0, kinds=["token"] * 20)
    assert [len(r) for r in _rows(spots)] == [7, 7, 6]
    drops = pack([(36.0, 36.0)] * 49, BOX, 9.0, kinds=["drop"] * 49)  # 12 a row at most
    assert [len(r) for r in _rows(drops)] == [10, 10, 10, 10, 9]  # not 12, 12, 12, 12, 1
    # without kinds, rows are packed full, as before
    full = pack([(54.0, 54.0)] * 20, BOX, 9.0)
    assert [len(r) for r in _rows(full)] == [9, 9, 2]


def test_kinds_of_one_count_keep_together_a_row_each():
    kinds = [colour for colour in ("red", "blue", "green", "yellow") for _ in range(5)]
    rows = _rows(pack([(54.0, 54.0)] * 20, BOX, 9.0, kinds=kinds))
    assert [{kinds[i] for i in row} for row in rows] == [{"red"}, {"blue"}, {"green"}, {"yellow"}]


def test_a_run_fills_the_row_it_comes_to_when_that_saves_a_row():
    """A big piece and 8 wide ones that lie 4 a row: the 4 that fit beside the big one
    stay there (2 rows, not 3 with the big one alone)."""
    sizes = [(80.0, 80.0)] + [(110.0, 60.0)] * 8
    rows = _rows(pack(sizes, BOX, 9.0, kinds=["big"] + ["pair"] * 8), sizes)
    assert [len(r) for r in rows] == [5, 4]


def test_reshuffled_hack_tokens_lie_a_colour_a_row_and_rencounter_has_no_lone_drop():
    _, _, manifest = seed_kit("reshuffled")
    hacks = [i for i in manifest["items"] if i["id"].startswith("code-hack-")]
    rows: dict[float, set[str]] = {}
    for item in hacks:
        rows.setdefault(item["bbox"][1], set()).add(item["id"])
    # all on one sheet (with their player marks they sit with the other marked pieces,
    # which fill sheet 2): a sheet saved puts the last sheet's rows in the room beside
    # the butted blocks, a colour's row whole where it fits there, else token by token
    on = {item["id"]: {i["bbox"][1] for i in hacks if i["id"] == item["id"]} for item in hacks}
    assert len(hacks) == 20 and len({i["page"] for i in hacks}) == 1, rows
    assert sum(len(ys) == 1 for ys in on.values()) >= 1
    assert all(
        n % 5 == 0
        for n in Counter(item["bbox"][1] for item in hacks if len(on[item["id"]]) == 1).values()
    )
    _, _, manifest = seed_kit("rencounter")
    by_size: dict[tuple, Counter] = {}
    for item in manifest["items"]:
        if item["file"] == "counters.pdf" and item["kind"] in ("counter", "marker", "label"):
            x0, y0, x1, y1 = item["bbox"]
            by_size.setdefault((round(x1 - x0), round(y1 - y0)), Counter())[y0] += 1
    for size, per_row in by_size.items():
        counts = list(per_row.values())
        assert min(counts) * 2 > max(counts), (size, per_row)  # no near-empty last row


PIECES = """
id: g
title: G
counters:
  - {id: w, shape: round, size: 3/4, quantity: 24, front: {background: navy, text: W}}
labels:
  - id: tag
    records: [{who: A}, {who: B}]
    size: 1/2
    front: {text: "{who}"}
"""


def test_blocks_sharing_a_sheet_share_a_left_edge(game_dir):
    _, _, manifest = build_pdfs(write_game(game_dir, PIECES))
    lefts = {
        kind: min(i["bbox"][0] for i in manifest["items"] if i["kind"] == kind)
        for kind in ("counter", "label")
    }
    assert {i["file"] for i in manifest["items"] if i["kind"] == "label"} == {"counters.pdf"}
    assert lefts["label"] == lefts["counter"], lefts


def test_balanced_sheets_leave_no_last_sheet_of_a_few():
    """120 one-inch counters take three letter sheets: packed full they lie 56, 56, 8;
    balanced, each sheet is cut to the least height that keeps three, 42, 42, 36."""
    from kitgen.layout.impose import impose
    from kitgen.units import PAPERS

    sizes = [(72.0, 72.0)] * 120

    def counts(balance: bool) -> list[int]:
        laid = impose(sizes, PAPERS["letter"], 9.0, landscape=False, balance=balance)
        return sorted(Counter(s.sheet for s in laid.spots).values())

    assert counts(False) == [8, 56, 56]
    assert len(counts(True)) == 3 and min(counts(True)) >= 30


def test_duck_counter_sheets_are_each_well_used():
    """DUCK!'s third counter sheet held 9 counters (then 2): its sheets now share them."""
    _, _, manifest = seed_kit("duck")
    per = Counter(
        i["page"] for i in manifest["items"] if i["file"] == "counters.pdf" and i["side"] == "front"
    )
    assert len(per) == 3 and min(per.values()) * 2 > max(per.values()), per


def test_labels_and_markers_take_two_sheets():
    """Labels are not balanced: Rencounter's labels and its markers take two sheets in
    all (balanced labels once left the markers no room on a shared sheet: three)."""
    _, _, manifest = seed_kit("rencounter")
    files = Counter(
        (i["file"], i["page"]) for i in manifest["items"] if i["kind"] in ("label", "marker")
    )
    assert len(files) == 2, files


def _balanced_plainly(laid, sizes, gutter, butt, kinds):
    """The oracle of `impose._balanced`: the same halving, every cut packed."""
    from kitgen.layout.impose import TooBig, replace

    n = len(laid.sheets)
    x0, y0, x1, y1 = laid.sheets[0].box
    lo, hi, best = 0.0, y1 - y0, laid
    for _ in range(10):
        cut = (lo + hi) / 2
        try:
            spots = pack(sizes, (x0, y0 + cut, x1, y1), gutter, butt, kinds)
        except TooBig:
            hi = cut
            continue
        if max(s.sheet for s in spots) < n:
            lo, best = cut, replace(laid, spots=spots)
        else:
            hi = cut
    return best


def test_balancing_packs_a_floor_once_and_lays_what_packing_every_cut_lays(monkeypatch):
    """A cut whose floor an earlier packing holds for takes that packing's spots
    (`Reach`): the same sheets as packing every cut, in fewer packings."""
    from kitgen.layout import impose as imp
    from kitgen.units import PAPERS

    butted = imp.Butts(keys=[((54.0, 54.0), False)] * 1000, margin=24.0)
    cases = [  # sizes, butt, kinds
        ([(54.0, 54.0)] * 1000, butted, [f"u{i}" for i in range(1000)]),
        ([(72.0, 72.0)] * 120, None, None),
        ([(54.0, 54.0)] * 90 + [(36.0, 36.0)] * 49 + [(90.0, 126.0)] * 7, None, None),
        ([(54.0, 54.0)] * 160 + [(36.0, 72.0)] * 25, None, ["a"] * 160 + ["b"] * 25),
    ]
    packed = []
    plain_pack = imp.pack
    monkeypatch.setattr(imp, "pack", lambda *a, **k: packed.append(1) or plain_pack(*a, **k))
    for sizes, butt, kinds in cases:
        laid = imp.impose(sizes, PAPERS["letter"], 9.0, landscape=False, butt=butt, kinds=kinds)
        assert len(laid.sheets) > 1
        packed.clear()
        fast = imp._balanced(laid, sizes, 9.0, butt, kinds)
        assert fast == _balanced_plainly(laid, sizes, 9.0, butt, kinds)
        assert len(packed) <= 10
    # 1,000 counters: most cuts fall between floors an earlier packing reached
    laid = imp.impose(cases[0][0], PAPERS["letter"], 9.0, landscape=False, butt=butted)
    packed.clear()
    imp._balanced(laid, cases[0][0], 9.0, butted, cases[0][2])
    assert len(packed) < 10
