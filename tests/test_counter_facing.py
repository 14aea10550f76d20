"""A figure counter's facing notch (a face's `facing:` key), read back from the PDF: a filled
triangle at the middle of the named edge, its point outward just inside the frame, in the
frame's colour, with no letter of the face over it. DUCK!'s reviewer found no counter
showed which way it faces, in a game of arcs of fire and rear attacks."""

from __future__ import annotations

import ctypes
import math

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from tests.conftest import CONTENT, build_pdfs, errors_of, plan_game, seed_kit, write_game
from tests.page_marks import _objects, _path, read_marks

Point = tuple[float, float]
Box = tuple[float, float, float, float]

GAME = """
    id: g
    title: G
    counters:
      - id: up
        size: 1
        front: {background: "#1f5fa8", border: {colour: "#a9c8ee", width: 1.5pt},
                facing: top, text: [{text: TOP WORDS, at: top}, {text: MID}]}
      - id: west
        size: 3/4
        front: {background: "#ffffff", facing: left, text: [{text: L, at: left}, {text: MID}]}
      - id: disc
        shape: round
        size: 3/4
        front: {background: "#4b1f4f", border: "#c9a0cf", facing: right, text: RIGHT}
      - id: plain
        size: 3/4
        front: {text: NONE}
"""


def _triangles(pdf: bytes) -> dict[int, list[tuple[str, tuple[Point, ...]]]]:
    """Every filled triangle by page (from 1): its colour and corners in page points."""
    out: dict[int, list] = {}
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    doc = pdfium.PdfDocument(pdf)
    for n, page in enumerate(doc, start=1):
        for obj, m, _ in _objects(page):
            if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_PATH:
                continue
            raw.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
            for points in _path(obj, m) if fill_mode.value else ():
                corners = [q for i, q in enumerate(points) if i == 0 or q != points[i - 1]]
                corners = (
                    corners[:-1] if len(corners) > 1 and corners[0] == corners[-1] else corners
                )
                if len(corners) == 3:
                    raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
                    ink = f"#{r.value:02x}{g.value:02x}{b.value:02x}"
                    out.setdefault(n, []).append((ink, tuple(corners)))
    doc.close()
    return out


def _front_edge(box: Box, edge: str) -> tuple[Point, Point]:
    """The middle of a piece's edge, and the outward direction there."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return {
        "top": ((cx, y1), (0.0, 1.0)),
        "bottom": ((cx, y0), (0.0, -1.0)),
        "left": ((x0, cy), (-1.0, 0.0)),
        "right": ((x1, cy), (1.0, 0.0)),
    }[edge]


def _notch_at(tris: list, box: Box, edge: str) -> list[tuple[str, tuple[Point, ...], float]]:
    """The triangles inside the piece whose point lies on the line through the edge's
    middle and points out of it: (colour, corners, the point's distance inside the trim)."""
    (mx, my), (dx, dy) = _front_edge(box, edge)
    found = []
    for ink, corners in tris:
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        if not (
            box[0] <= min(xs) and max(xs) <= box[2] and box[1] <= min(ys) and max(ys) <= box[3]
        ):
            continue
        tip = max(corners, key=lambda p: p[0] * dx + p[1] * dy)  # the outermost corner
        inside = (mx - tip[0]) * dx + (my - tip[1]) * dy
        across = abs((tip[0] - mx) * dy - (tip[1] - my) * dx)  # off the edge's middle line
        rest = [p for p in corners if p != tip]
        behind = all((tip[0] - p[0]) * dx + (tip[1] - p[1]) * dy > 1.0 for p in rest)
        if across < 0.05 and behind:
            found.append((ink, corners, inside))
    return found


def _pieces(manifest: dict, file: str = "counters.pdf", side: str = "front") -> dict:
    return {
        item["id"]: (item["page"], tuple(item["bbox"]))
        for item in manifest["items"]
        if item.get("file") == file and item.get("side", "front") == side
    }


def test_a_facing_face_prints_its_notch_at_its_front_edge(game_dir):
    _, pdfs, manifest = build_pdfs(write_game(game_dir, GAME))
    tris = _triangles(pdfs["counters.pdf"])
    pieces = _pieces(manifest)
    expect = {"up": ("top", "#a9c8ee"), "west": ("left", None), "disc": ("right", "#c9a0cf")}
    for piece, (edge, ink) in expect.items():
        page, box = pieces[piece]
        (found,) = _notch_at(tris[page], box, edge)
        colour, corners, inside = found
        assert ink is None or colour == ink, piece  # the frame's colour
        short = min(box[2] - box[0], box[3] - box[1])
        # just inside the frame: off the cut, short of the middle
        assert 1.0 <= inside <= short * 0.2, (piece, inside)
        base = max(math.dist(p, q) for p in corners for q in corners)
        assert base >= short * 0.2, (piece, base)  # big enough to read across a table
    page, box = pieces["plain"]
    assert all(_notch_at(tris[page], box, e) == [] for e in ("top", "bottom", "left", "right"))


def test_no_letter_of_the_face_covers_its_notch(game_dir):
    _, pdfs, manifest = build_pdfs(write_game(game_dir, GAME))
    tris = _triangles(pdfs["counters.pdf"])
    marks = read_marks(pdfium.PdfDocument(pdfs["counters.pdf"])[0])
    for piece, edge in (("up", "top"), ("west", "left"), ("disc", "right")):
        page, box = _pieces(manifest)[piece]
        ((_, corners, _),) = _notch_at(tris[page], box, edge)
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        notch = (min(xs), min(ys), max(xs), max(ys))
        over = [
            g.char
            for g in marks.glyphs
            if g.box[0] < notch[2]
            and notch[0] < g.box[2]
            and g.box[1] < notch[3]
            and notch[1] < g.box[3]
        ]
        assert over == [], piece


def test_duck_figure_counters_show_their_facing():
    """Every DUCK! Team and Threat counter front carries its notch at its top edge: the
    kit's figures face one side of their square (arc of fire, rear attacks)."""
    planned, pdfs, manifest = seed_kit("duck")
    facing = {d.id: d.front.facing for d in planned.game.counters.defs if d.front.facing}
    assert facing, "no DUCK! counter declares a facing"
    tris = _triangles(pdfs["counters.pdf"])
    pieces = _pieces(manifest)
    missing = [
        piece
        for piece, edge in facing.items()
        if len(_notch_at(tris.get(pieces[piece][0], []), pieces[piece][1], edge)) != 1
    ]
    assert missing == []


@pytest.mark.parametrize("value", ["up", "[top]"])
def test_an_unknown_facing_is_an_error_at_its_value(game_dir, value):
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        counters:
          - {{id: a, size: 1, front: {{text: A, facing: {value}}}}}
        """,
    )
    g = f"{game_dir}/game.yaml"
    said = "unknown edge 'up'" if value == "up" else "expected text, got a list"
    assert errors_of(game_dir) == [
        f"{g}:4:47: error: counters[0].front.facing: {said} (use top, bottom, left, right)"
    ]


def test_facing_is_read_onto_the_face():
    p = plan_game(CONTENT / "duck")
    defs = {d.id: d for d in p.game.counters.defs}
    assert defs["team-kell"].front.facing == "top"
    assert defs["team-kell"].back is not None and defs["team-kell"].back.facing == "top"
    assert defs["flame-x1"].front.facing is None
