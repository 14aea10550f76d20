"""A map's page of charts of its own (the charts that found no room round the map) is set
out as one column the page's width: every shelf ends at the page's right edge, and a
sparse page lets off-map boxes grow (layout/maps/mapmargins.py, _settle). Read back from the
PDF with tests/page_marks.py."""

from __future__ import annotations

import functools

import pytest

from kitgen.layout.frame import content_box
from tests.page_marks import marks_of

from .conftest import CONTENT, build_pdfs
from .test_map_margins import BIG, _game


@functools.cache
def _a4_kit(game: str):
    """The kit on A4, where Iron Ford's holding boxes join its page of charts."""
    return build_pdfs(CONTENT / game, "a4")


def _charts_page(game: str, file: str) -> tuple[int, dict[str, tuple], tuple]:
    """The page (from 1) of the map's charts of their own, each chart's box there as the
    manifest gives it, and the page's content box."""
    planned, _, manifest = _a4_kit(game)
    charts = [i for i in manifest["items"] if i["kind"] == "map-chart" and i["file"] == file]
    on_page = [c for c in charts if c["side"] == "page"]
    assert on_page, "no chart on a page of its own"
    page = on_page[0]["page"]
    return page, {c["id"]: tuple(c["bbox"]) for c in on_page}, content_box(planned.settings.paper)


def _strokes_in(marks, box: tuple) -> list:
    """The stroked segments lying within a chart's box (a point of slack)."""
    x0, y0, x1, y1 = box
    return [
        s
        for s in marks.segments
        if min(s.x0, s.x1) >= x0 - 1
        and max(s.x0, s.x1) <= x1 + 1
        and min(s.y0, s.y1) >= y0 - 1
        and max(s.y0, s.y1) <= y1 + 1
    ]


@pytest.mark.xdist_group("ironford-a4")  # shares the build (Makefile CORES)
def test_iron_fords_charts_share_one_width():
    """Iron Ford's turn record and key on their page (the tiles keep the CRT and the
    holding boxes): the track's boxes end at the page's right edge, as drawn, and start at
    its left; the key's columns spread across it."""
    page, charts, (x0, y0, x1, y1) = _charts_page("ironford", "map-ryn.pdf")
    _, pdfs, _ = _a4_kit("ironford")
    marks = marks_of(pdfs["map-ryn.pdf"], page)
    strokes = _strokes_in(marks, charts["turns"])
    assert abs(max(max(s.x0, s.x1) for s in strokes) - x1) < 1.0  # half the stroke's width
    assert abs(min(min(s.x0, s.x1) for s in strokes) - x0) < 1.0
    # the key's swatches: in columns spread evenly across the whole width
    lefts = sorted({round(min(s.x0, s.x1)) for s in _strokes_in(marks, charts["key"])})
    assert abs(lefts[0] - x0) < 1.5 and max(lefts) > x0 + (x1 - x0) * 0.75, lefts


def test_a_sparse_charts_page_grows_its_boxes(game_dir):
    """The page had room: an off-map box alone on its page of charts (a map scaled to its
    sheet, --fit, leaves no margins) grows taller than two rows of counters need (up to
    twice), and stays on the page."""
    planned, pdfs, manifest = build_pdfs(_game(game_dir, "[{item: pool}]", layout=BIG), fit=True)
    (pool,) = [i for i in manifest["items"] if i["kind"] == "map-chart" and i["side"] == "page"]
    marks = marks_of(pdfs["map-m.pdf"], pool["page"])
    piece = 54.0  # a game without counters: room for 3/4 in ones (mapmargins._off_map_box)
    natural = 2 * piece + 8.0 + 12
    strokes = _strokes_in(marks, tuple(pool["bbox"]))
    tall = max(max(s.y0, s.y1) for s in strokes) - min(min(s.y0, s.y1) for s in strokes)
    assert natural * 1.1 < tall <= natural * 2 + 1.5
    _, y0, _, _ = content_box(planned.settings.paper)
    assert min(min(s.y0, s.y1) for s in strokes) >= y0 - 1  # above the foot of the page


def test_a_charts_page_of_a_fresh_map_keeps_its_type_and_its_tracks_whole(game_dir):
    """A map whose charts find no room round it (scaled to its sheet, --fit): on their
    page the table is set at the charts' own 8 pt (the 7 pt is for crowded margins), no
    track is wrapped to squeeze in beside another (each runs its 8 boxes on one row,
    grown), and the shelf of the table and the off-map box ends at the page's right edge
    (the box takes the room the table leaves)."""
    many = "[" + ", ".join(["{item: turns}"] * 6 + ["{item: crt}", "{item: pool}"]) + "]"
    folder = _game(game_dir, many, layout=BIG)
    planned, pdfs, manifest = build_pdfs(folder, fit=True)
    later = [i for i in manifest["items"] if i["kind"] == "map-chart" and i["side"] == "page"]
    assert {c["id"] for c in later} == {"turns", "crt", "pool"}
    marks = marks_of(pdfs["map-m.pdf"], later[0]["page"])
    run = next(k for k, text in marks.runs.items() if text.strip() == "AR")
    assert {round(g.size, 2) for g in marks.glyphs if g.run == run} == {8.0}
    for c in (c for c in later if c["id"] == "turns"):
        x0, y0, x1, y1 = c["bbox"]
        digits = [
            g.box
            for g in marks.glyphs
            if g.char.isdigit()
            and x0 <= g.box[0]
            and g.box[2] <= x1
            and y0 <= g.box[1]
            and g.box[3] <= y1
        ]
        assert len(digits) == 8 and max(d[1] for d in digits) - min(d[1] for d in digits) < 0.5
        lefts = sorted(d[0] for d in digits)
        assert lefts[1] - lefts[0] > 0.55 * 72 * 1.2  # the boxes grew (from 0.55 in)
    _, _, right, _ = content_box(planned.settings.paper)
    pool = next(c for c in later if c["id"] == "pool")
    edge = max(max(s.x0, s.x1) for s in _strokes_in(marks, tuple(pool["bbox"])))
    assert abs(edge - right) < 1.0
