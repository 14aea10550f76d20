"""Counters are grouped by side on their sheets: a side's pieces of a size start a row of
their own, so two armies never share a row (a lone piece of a side, an HQ, joins the row
it comes to). Read from the plans and from the imposer's numbers."""

from __future__ import annotations

from collections import defaultdict

from kitgen.layout.impose import Butts, pack
from tests.conftest import CONTENT, plan_game


def test_a_new_group_starts_a_new_row():
    sizes = [(50.0, 50.0)] * 7
    box = (0.0, 0.0, 400.0, 400.0)
    plain = pack(sizes, box, 5.0)
    assert len({s.y for s in plain}) == 1  # seven fit one row
    grouped = pack(sizes, box, 5.0, Butts(groups=["n"] * 3 + ["s"] * 4))
    rows = defaultdict(set)
    for i, s in enumerate(grouped):
        rows[s.y].add("n" if i < 3 else "s")
    assert sorted(map(sorted, rows.values())) == [["n"], ["s"]]
    # the gutter across a row is kept: grouped pieces are not butted
    xs = sorted(s.x for s in grouped[:3])
    assert xs[1] - xs[0] == 55.0


def test_iron_fords_armies_never_share_a_row():
    planned = plan_game(CONTENT / "ironford")
    sides = {d.id: d.side for d in planned.game.counters}
    (doc,) = [d for d in planned.docs if d.name == "counters"]
    rows: dict[tuple, set] = defaultdict(set)
    for p, page in enumerate(doc.pages):
        for item in page.items:
            if item.id in sides and item.side == "front":
                rows[(p, round(item.bbox[3], 1))].add(sides[item.id])
    units = [r for r in rows.values() if len(r) > 1]
    # only the row of single pieces (each army's one HQ, and the turn marker) mixes
    assert len(units) <= 1
    assert len(rows) >= 5
