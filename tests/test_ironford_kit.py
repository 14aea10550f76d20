"""Iron Ford as a wargamer reads it: the reduced face carries its stripe and the full face
does not; the terrain effects chart gives a movement cost for every row; the rulebook holds
the charts by id and the control markers its victory rule uses."""

from __future__ import annotations

from kitgen.colours import rgb
from kitgen.rules.terrain_effects import effects_table
from tests.conftest import CONTENT, pdf_text, pixel_at, plan_game, seed_kit


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
        # the stripe runs across at 30-46 % from the top; at 90 % across no symbol is
        x, y = x0 + 0.9 * (x1 - x0), y1 - 0.38 * (y1 - y0)
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
    assert moves["City"] == moves["Fortification"] == "other terrain in hex"


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
