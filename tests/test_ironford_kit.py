"""Iron Ford as a wargamer reads it: the reduced face carries its stripe and the full face
does not; the terrain effects chart gives a movement cost for every row; the rulebook holds
the charts by id and the control markers its victory rule uses."""

from __future__ import annotations

import itertools
import math

import pytest

from kitgen.colours import rgb
from kitgen.rules.terrain_effects import effects_table
from tests.conftest import (
    CONTENT,
    book_pages,
    pdf_text,
    pdf_words,
    pixel_at,
    plan_game,
    seed_kit,
)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    r, g, b = rgb(hex_colour)
    return round(r * 255), round(g * 255), round(b * 255)


def _near(a: tuple, b: tuple) -> bool:
    return all(abs(x - y) <= 8 for x, y in zip(a, b, strict=False))


def test_the_stripe_is_on_every_reduced_face_and_no_full_one():
    planned, pdfs, manifest = seed_kit("ironford")
    counters = {c.id: c for c in planned.game.counters}
    faces = [
        i for i in manifest["items"] if i["kind"] == "counter" and len(counters[i["id"]].steps) == 2
    ]
    assert {i["side"] for i in faces} == {"front", "back"}
    for item in faces:
        x0, y0, x1, y1 = item["bbox"]
        # the stripe runs across at 30-46 % from the top; at 90 % across no symbol is (a
        # back in a fold strip prints upside down, under its front)
        x, y = x0 + 0.9 * (x1 - x0), y1 - 0.38 * (y1 - y0)
        if item["side"] == "back" and item["fold_line"][1] == y1:
            x, y = x1 - 0.9 * (x1 - x0), y0 + 0.38 * (y1 - y0)
        got = pixel_at(pdfs[item["file"]], item["page"] - 1, x, y)
        ground = _rgb(counters[item["id"]].front.background or "")
        if item["side"] == "back":
            assert _near(got, (255, 255, 255)), (item["id"], got)
        else:
            assert _near(got, ground), (item["id"], got)


def test_every_row_of_the_terrain_chart_has_a_movement_cost():
    game = plan_game(CONTENT / "ironford").game
    chart = effects_table(game, next(t for t in game.tables if t.id == "terrain-chart"))
    moves = {r.label: r.cells[0] for r in chart.rows}
    assert "\u2014" not in moves.values(), moves
    assert moves["City"] == moves["Fortification"] == "as the hex's terrain"


def test_the_rulebook_prints_the_charts_and_the_control_rule():
    planned, pdfs, _ = seed_kit("ironford")
    assert "sheet-rules.pdf" not in pdfs  # the rules sheet the rulebook replaced
    text = " ".join(pdf_text(pdfs["rulebook.pdf"]))
    for table in ("crt", "terrain-chart", "sequence"):
        title = next(t.title for t in planned.game.tables if t.id == table)
        assert title in text, title
    assert "Northern control marker" in text
    control = [c for c in planned.game.counters if c.id == "north-control"]
    assert [c.quantity for c in control] == [3]  # Korvel, the Iron Ford, Dast


def test_a_southern_unit_north_of_the_ryn_is_an_error_at_its_line(tmp_path):
    """The set-up rule says south of the Ryn: a walk from Korvel that crosses no Ryn,
    ford or bridge hexside; 0806 holds a city but lies north of the river."""
    import shutil

    from tests.conftest import errors_of

    game = tmp_path / "ironford"
    shutil.copytree(CONTENT / "ironford", game)
    scenario = game / "scenarios" / "crossing.yaml"
    text = scenario.read_text()
    scenario.write_text(text.replace('south-10-inf, at: "0807"', 'south-10-inf, at: "0806"'))
    assert errors_of(game) == [
        f"{scenario}:24:9: error: sides[1].placements[0]: south-10-inf on cell 0806 (Clear) is "
        "neither within 40 cells of cell 1209 without crossing ryn "
        "or ford (The Iron Ford) or bridge (Rail bridge) and on a cell with city or fort or "
        "south-setup (Southern set-up) nor in box reinforcements (rule at rules.yaml:16:7)"
    ]
    rules = game / "rules.yaml"
    rules.write_text(rules.read_text().replace("[ryn, ford, bridge]", "[ryn, frod, bridge]"))
    assert errors_of(game) == [
        f"{rules}:23:73: error: rules.constraints[2].where: no map of the game has edge 'frod' "
        "(did you mean 'ford'?)"
    ]


@pytest.mark.parametrize("least", [6.0, 8.2, 9.2])  # the map sheet's, the set-up map's
def test_every_place_name_stays_inside_its_hex(least):
    """A name's plate lies inside its hex at every size a map or set-up sheet sets it
    (a name wider than the hex goes on two lines), so no name straddles a hexside."""
    from kitgen.layout.maps.maplayers import feature_ops
    from kitgen.layout.plan import Rect

    game = plan_game(CONTENT / "ironford").game
    m = game.maps.maps[0]
    size = 54.0
    plates = [op for op in feature_ops(m, size, "bold", 1.5, (), least) if isinstance(op, Rect)]
    named = {f.cell for f in m.features if f.name}
    assert len(plates) == len(named) == 3
    for r in plates:
        mid = (r.x + r.w / 2, r.y + r.h / 2)
        cell = min(named, key=lambda c: math.dist(m.grid.centre(*c), mid))
        poly = m.grid.corners(*cell)
        for x, y in ((r.x, r.y), (r.x + r.w, r.y), (r.x, r.y + r.h), (r.x + r.w, r.y + r.h)):
            assert _inside(poly, x, y), (m.label(cell), least, (x, y))


def _inside(poly, x: float, y: float) -> bool:
    """Is (x, y) inside the convex polygon (either winding)?"""
    signs = set()
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        cross = (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)
        if abs(cross) > 1e-6:
            signs.add(cross > 0)
    return len(signs) == 1


def test_rails_roads_and_the_track_run_from_hex_centre_to_hex_centre():
    """Every vertex of a drawn railway, road or track is the centre of the next hex of
    its path, first to last: no leg cuts across a hex, none starts or stops off a centre,
    but where an end on the map's edge runs on to the edge (the middle of a side of its
    hex that borders no hex of the map)."""
    from kitgen.layout.maps.maplayers import line_ops
    from kitgen.layout.plan import Path

    game = plan_game(CONTENT / "ironford").game
    m = game.maps.maps[0]
    drawn = [op.points for op in line_ops(m, 54.0) if isinstance(op, Path) and not op.closed]
    assert len(m.lines) == 6

    def off_edge(point, cell) -> bool:
        cx, cy = m.grid.centre(*cell)
        return m.grid.cell_at((2 * point[0] - cx, 2 * point[1] - cy)) is None

    def through(p, cells) -> bool:
        centres = [m.grid.centre(*c) for c in cells]
        k = next((i for i, q in enumerate(p) if math.dist(q, centres[0]) < 0.01), None)
        if k is None or k > 1 or len(p) - k - len(centres) not in (0, 1):
            return False
        inner = p[k : k + len(centres)]
        if not all(math.dist(a, b) < 0.01 for a, b in zip(inner, centres, strict=True)):
            return False
        ends = ((k, 0, cells[0]), (len(p) - k - len(centres), -1, cells[-1]))
        return all(not extra or off_edge(p[at], cell) for extra, at, cell in ends)

    for line in m.lines:
        assert any(through(p, line.cells) for p in drawn), line.kind
        for a, b in itertools.pairwise(line.cells):
            assert b in m.grid.neighbours(*a), (m.label(a), m.label(b))  # hex by hex


def test_reinforcements_lie_in_rows_of_their_own_under_their_turn():
    """Each side's reinforcements print in rows of their own, headed by the turn they
    arrive (`group:`), read back from the counter sheet: the heading's words sit just
    over the group's first piece, and no other piece shares the group's rows."""
    planned, pdfs, manifest = seed_kit("ironford")
    groups = {c.id: c.group for c in planned.game.counters}
    assert {g for g in groups.values() if g} == {"Turn 2", "Turn 3"}
    fronts = [i for i in manifest["items"] if i["file"] == "counters.pdf" and i["side"] == "front"]
    rows: dict[tuple, set] = {}
    for i in fronts:
        rows.setdefault((i["page"], round(i["bbox"][3], 1)), set()).add(groups[i["id"]])
    for group in ("Turn 2", "Turn 3"):
        mine = [k for k, g in rows.items() if group in g]
        assert mine and all(rows[k] == {group} for k in mine), rows
        first = min(
            (i for i in fronts if groups[i["id"]] == group),
            key=lambda i: (i["page"], -i["bbox"][3], i["bbox"][0]),
        )
        words = pdf_words(pdfs["counters.pdf"])[first["page"] - 1]
        (turn,) = [w for w in words if w.text == "Turn" and 0 < w.box[1] - first["bbox"][3] < 14]
        # over the first piece, near its left edge (clear of the crop mark on that cut line)
        assert 0 < turn.box[0] - first["bbox"][0] < 4
        assert any(w.text == group.split()[1] and abs(w.box[1] - turn.box[1]) < 1 for w in words)


def test_the_map_sheets_print_the_rules_that_change_movement():
    """The third reviewer found the map's charts left out mud's +1 (7.6), bridging
    (10.3), HQ support's once a phase and where 2T arrives; the charts carry them as data
    and print them on the map's sheets, on letter as on tabloid's one sheet."""
    import io

    from pypdf import PdfReader

    from tests.conftest import build_pdfs

    wanted = (
        "Mud (turns 4, 5): every hex costs 1 more",
        "for +1, not +2",
        "once a combat phase",
        "2T arrives on an N set-up hex",
    )
    for paper in ("letter", "tabloid"):
        _, pdfs, _ = build_pdfs(CONTENT / "ironford", paper)
        pages = PdfReader(io.BytesIO(pdfs["map-ryn.pdf"])).pages
        text = "".join("".join(p.extract_text().split()) for p in pages)
        missing = [w for w in wanted if "".join(w.split()) not in text]
        assert missing == [], paper
        assert paper != "tabloid" or len(pages) == 1


def test_every_statement_of_the_exchange_says_what_the_exchange_case_says():
    """The second reviewer found the CRT's key (rulebook and map sheet) saying something
    other than 9.7. The key is made from the result's data; 9.7 counts losses by
    difference, as `kitgen combat` does, and its worked example (9.14) loses what the
    engine works out on the same units."""
    import re

    from kitgen.rules.combat import resolve
    from kitgen.rules.combat_units import Situation, loss_words, periods_of, units_of

    planned, pdfs, manifest = seed_kit("ironford")
    game = planned.game
    crt = next(t for t in game.tables if t.id == "crt")
    ex = next(r for r in crt.combat.results if r.code == "EX")
    said = f"EX {loss_words(ex.defender, 'defender')}; {loss_words(ex.attacker, 'attacker')}"
    assert "by difference" in said
    flat = "".join(said.split())
    for name in ("rulebook.pdf", "map-ryn.pdf"):
        text = "".join(" ".join(pdf_text(pdfs[name])).replace("\u2019", "'").split())
        assert flat in text, name
    book = " ".join(book_pages(pdfs, manifest)).replace("\u2019", "'")
    case = re.search(r"9\.7 Exchange\. (.*?)9\.8", book)
    assert case is not None
    assert "counted by difference, never by the printed face" in case.group(1)
    # 9.14: the reduced Recon eliminated; the 1st Tank Bde. and 3rd Rifle Div. attack
    sit = Situation(
        units_of(game, crt.combat, ["north-1-tank", "north-3-inf"], "attacker"),
        units_of(game, crt.combat, ["south-3-recon:reduced"], "defender"),
        6,
        periods_of(game),
    )
    costs = dict(resolve(crt, None, None, set(), (), sit).losses)
    assert costs["EX"].endswith("(here: 1 step, 3 strength)")  # the 3rd Rifle Div.'s 5 to 2
    assert "turned to its reduced face, 5 to 2, and loses 3" in book
