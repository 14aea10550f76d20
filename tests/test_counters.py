"""Counter sheets: read back from the plan, the manifest and the PDF."""

from __future__ import annotations

import io

import pytest
from PIL import Image as PILImage
from pypdf import PdfReader

from kitgen.layout.frame import content_box
from kitgen.layout.impose import grow, overlaps
from kitgen.layout.marks import BUTT_BLEED
from kitgen.layout.plan import Group, Line
from kitgen.units import PAPERS, mm

from .conftest import build_pdfs, errors_of, pixel_at, plan_game, write_game

LETTER = PAPERS["letter"]


def _items(manifest, **match):
    return [i for i in manifest["items"] if all(i.get(k) == v for k, v in match.items())]


def _png(path, size):
    path.parent.mkdir(parents=True, exist_ok=True)
    PILImage.new("RGB", size, "#c04000").save(path)


# ---- sizes, packing -------------------------------------------------------------


def _face(p) -> Group:
    """The first piece's face on the first sheet: a keyed group (a butted piece's sits in
    the group that clips its bleed)."""
    form = next(op for op in p.docs[0].pages[0].ops if isinstance(op, Group))
    while form.key is None:
        form = next(op for op in form.ops if isinstance(op, Group))
    return form


def test_three_quarter_inch_counter_is_54_points(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counter_sheet: gutters
        counters:
          - {id: a, size: 3/4, quantity: 2, front: {text: A}}
          - {id: b, size: 19mm, front: {text: B}}
          - {id: c, shape: rect, size: 1in x 1/2in, front: {text: C}}
          - {id: d, shape: round, size: 5/8, front: {text: D}}
    """,
    )
    _, pdfs, manifest = build_pdfs(game_dir)
    sizes = {
        i["id"]: (i["bbox"][2] - i["bbox"][0], i["bbox"][3] - i["bbox"][1])
        for i in manifest["items"]
    }
    assert sizes["a"] == (54.0, 54.0)
    assert sizes["b"] == pytest.approx((mm(19), mm(19)), abs=1e-4)
    assert sizes["c"] == (72.0, 36.0)
    assert sizes["d"] == (45.0, 45.0)
    assert len(_items(manifest, id="a")) == 2
    # The solid cut line in the page stream is a 54 x 54 rectangle.
    content = PdfReader(io.BytesIO(pdfs["counters.pdf"])).pages[0].get_contents().get_data()
    assert b" 54 54 re" in content


def test_many_mixed_pieces_never_overlap_and_stay_in_the_content_box(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, quantity: 40, front: {text: A}}
          - {id: b, shape: round, size: 5/8, quantity: 50, front: {text: B}}
          - {id: c, shape: rect, size: 1in x 1/2in, quantity: 30, bleed: 1/8in, front: {text: C}}
          - {id: d, size: 1, quantity: 20, front: A, back: B}
          - {id: e, shape: hex, size: 1, quantity: 12, front: {text: E}}
    """,
    )
    p, _, manifest = build_pdfs(game_dir)
    x0, y0, x1, y1 = content_box(LETTER)
    pages = {i["page"] for i in manifest["items"]}
    assert len(pages) >= 2  # 152 pieces do not fit one letter sheet
    for page in pages:
        boxes = [tuple(i["bbox"]) for i in _items(manifest, page=page)]
        for b in boxes:
            assert x0 <= b[0] and b[2] <= x1 and y0 <= b[1] and b[3] <= y1
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                assert not overlaps(a, b)
    # Bleed boxes too (1/8 in round the rect pieces) stay inside and apart.
    rects = [grow(tuple(i["bbox"]), 9) for i in _items(manifest, id="c")]
    for r in rects:
        assert x0 <= r[0] and r[2] <= x1 and y0 <= r[1] and r[3] <= y1
    # Every drawn line (cut, fold, crop mark) is inside the content box as well.
    for page in p.docs[0].pages:
        for op in page.ops:
            if isinstance(op, Line) and op.stroke.colour == "#000000":  # crop marks
                assert x0 <= min(op.x0, op.x1) and max(op.x0, op.x1) <= x1
                assert y0 <= min(op.y0, op.y1) and max(op.y0, op.y1) <= y1


def test_crop_marks_never_touch_a_neighbour(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, quantity: 30, bleed: 3mm, front: {background: navy, text: A}}
        counter_sheet: gutters
    """,
    )
    p = plan_game(game_dir)
    page = p.docs[0].pages[0]
    bleed_boxes = [grow(i.bbox, mm(3)) for i in page.items]
    ticks = [op for op in page.ops if isinstance(op, Line) and op.stroke.colour == "#000000"]
    assert len(ticks) == 8 * len(page.items)
    for t in ticks:
        seg = (min(t.x0, t.x1), min(t.y0, t.y1), max(t.x0, t.x1), max(t.y0, t.y1))
        assert not any(overlaps(grow(seg, 0.01), b) for b in bleed_boxes)


# ---- for_each, attrs, the model contract ----------------------------------------------


def test_for_each_product_ids_attrs_and_placeholders(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        colours: {tribe-red: "#b03a2e", tribe-blue: "#2e5cb0"}
        counters:
          - id: "{type}-{tribe}"
            name: "{type} ({tribe})"
            quantity: 2
            size: 3/4
            for_each: {tribe: [red, blue], type: [farmer, soldier]}
            attrs: {side: people}
            front: {background: "tribe-{tribe}", text: "{type}"}
    """,
    )
    p = plan_game(game_dir)
    defs = p.game.counters.defs
    assert [d.id for d in defs] == ["farmer-red", "soldier-red", "farmer-blue", "soldier-blue"]
    assert defs[0].attrs == {"tribe": "red", "type": "farmer", "side": "people"}
    assert defs[0].name == "farmer (red)"
    assert defs[0].quantity == 2 and defs[0].kind == "counter"
    assert defs[2].front.background == "#2e5cb0"
    assert defs[0].span.line == 5


def test_duplicate_ids_after_expansion(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: tok, size: 3/4, for_each: {n: [1, 2]}, front: "{n}"}
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:5: error: counters: duplicate counter id 'tok' (first at line 4)"
    ]


# ---- text ---------------------------------------------------------------------


def test_text_that_cannot_fit_warns_naming_piece_and_text(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: tiny
            size: 1/2
            front: {text: {text: "Supercalifragilistic expialidocious", min_size: 6pt}}
    """,
    )
    p = plan_game(game_dir)
    assert [str(d) for d in p.diags] == [
        f"{game_dir}/game.yaml:6:19: warning: counters[0].front.text: text "
        "'Supercalifragilistic expialidocious' on piece 'tiny' does not fit even at 6pt "
        "(shorten it, lower min_size or make the piece bigger)"
    ]
    # Still drawn in full, never dropped.
    form = _face(p)
    texts = [op.text for op in form.ops if type(op).__name__ == "Text"]
    assert " ".join(texts) == "Supercalifragilistic expialidocious"


def test_text_shrinks_to_fit_and_is_drawn_as_text(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, front: {text: {text: "<b>Room</b> & Full", size: 30pt}}}
    """,
    )
    p = plan_game(game_dir)
    assert not p.diags.items
    form = _face(p)
    texts = [op for op in form.ops if type(op).__name__ == "Text"]
    assert " ".join(t.text for t in texts) == "<b>Room</b> & Full"
    assert all(t.font.size < 30 for t in texts)


# ---- fold-and-glue ----------------------------------------------------------------


def test_fold_halves_mirror_about_the_fold_line(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counter_sheet: gutters   # each pair apart (butted pairs fold in strips: test_butted)
        counters:
          - id: water
            kind: marker
            size: 3/4
            quantity: 3
            front: {background: "#1f5fbf", text: Chest High}
            back: {background: "#0b2a5a", text: Room Full}
    """,
    )
    _, _, manifest = build_pdfs(game_dir)
    fronts = _items(manifest, id="water", side="front")
    assert len(fronts) == 3
    for f in fronts:
        (b,) = _items(manifest, piece=f["piece"], side="back")
        assert f["kind"] == b["kind"] == "marker" and f["page"] == b["page"]
        fx, fy0, fx1, fy1 = f["fold_line"]
        assert fx == fx1 and b["fold_line"] == f["fold_line"]
        assert (fy0, fy1) == (f["bbox"][1], f["bbox"][3])
        # Mirror the front's box about x = fx: it lands exactly on the back's.
        x0, y0, x1, y1 = f["bbox"]
        assert [2 * fx - x1, y0, 2 * fx - x0, y1] == b["bbox"]
        assert x1 - x0 == 54.0


# ---- duplex -------------------------------------------------------------------


@pytest.mark.parametrize("flip", ["long", "short"])
def test_duplex_backs_sit_behind_their_fronts(game_dir, flip):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, quantity: 7, front: {text: A}, back: {text: a}}
          - {id: b, size: 1, quantity: 3, front: {text: B}}
    """,
    )
    offset = (mm(0.5), mm(-1))
    _, pdfs, manifest = build_pdfs(game_dir, duplex=flip, back_offset=offset)
    w, h = 612.0, 792.0
    fronts = _items(manifest, id="a", side="front")
    assert len(fronts) == 7
    for f in fronts:
        (b,) = _items(manifest, piece=f["piece"], side="back")
        assert b["page"] == f["page"] + 1
        x0, y0, x1, y1 = f["bbox"]
        if flip == "long":
            want = [w - x1, y0, w - x0, y1]
        else:
            want = [x0, h - y1, x1, h - y0]
        want = [want[0] + offset[0], want[1] + offset[1], want[2] + offset[0], want[3] + offset[1]]
        assert b["bbox"] == pytest.approx(want, abs=1e-3)
    assert not _items(manifest, id="b", side="back")
    reader = PdfReader(io.BytesIO(pdfs["counters.pdf"]))
    assert len(reader.pages) == 2
    prefs = reader.trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/Duplex"] == ("/DuplexFlipLongEdge" if flip == "long" else "/DuplexFlipShortEdge")
    assert "duplex-calibration.pdf" in pdfs


def test_duplex_columns_reverse_on_long_edge(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 3, front: {text: A}, back: {text: a}}
    """,
    )
    _, _, manifest = build_pdfs(game_dir, duplex="long")
    fronts = sorted(_items(manifest, side="front"), key=lambda i: i["bbox"][0])
    backs = sorted(_items(manifest, side="back"), key=lambda i: i["bbox"][0])
    # A B C on the front is C B A on the back.
    assert [b["piece"] for b in backs] == [f["piece"] for f in reversed(fronts)]


@pytest.mark.parametrize("flip", ["long", "short"])
def test_calibration_targets_step_half_a_millimetre(game_dir, flip):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, front: A, back: B}
    """,
    )
    p = plan_game(game_dir, duplex=flip)
    (cal,) = [d for d in p.docs if d.name == "duplex-calibration"]
    assert [pg.side for pg in cal.pages] == ["front", "back"]
    assert cal.duplex == flip

    def verticals(page):
        return sorted(
            op.x0
            for op in page.ops
            if isinstance(op, Line) and op.x0 == op.x1 and op.y1 - op.y0 == 36
        )

    # Letter: targets 30 pt apart about x = 306; the +0.5 mm target's front line
    # is at 336. Long flip: behind it is 612 - 336 = 276, plus 0.5 mm; short flip
    # keeps x: 336 plus 0.5 mm.
    front = verticals(cal.pages[0])
    assert front == [306 + 30 * k for k in range(-4, 5)]
    back = verticals(cal.pages[1])
    if flip == "long":
        want = [276 - 30 * (k - 1) + mm(k / 2) for k in range(-4, 5)]
    else:
        want = [336 + 30 * (k - 1) + mm(k / 2) for k in range(-4, 5)]
    assert back == pytest.approx(sorted(want))
    labels = [op.text for op in cal.pages[0].ops if type(op).__name__ == "Text"]
    labels = [t for t in labels if t[:1] in "+\u22120" and len(t) <= 4]
    # real minus signs (U+2212), as every signed figure kitgen prints
    assert labels[:4] == ["\u22122", "\u22122", "\u22121.5", "\u22121.5"]
    assert "0" in labels and "+2" in labels


def test_no_duplex_document_without_backs(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, front: A}
    """,
    )
    p = plan_game(game_dir, duplex="long")
    assert [d.name for d in p.docs] == ["counters"]
    assert p.docs[0].duplex == "none"


# ---- drawn once ------------------------------------------------------------------


def _xobjects(pdf: bytes, subtype: str) -> int:
    """Distinct XObjects of a subtype reachable from the pages (forms inside forms too)."""
    reader = PdfReader(io.BytesIO(pdf))
    found: dict[int, str] = {}
    stack = [page["/Resources"] for page in reader.pages]
    while stack:
        res = stack.pop().get_object()
        for ref in (res.get("/XObject") or {}).values():
            if ref.idnum in found:
                continue
            obj = ref.get_object()
            found[ref.idnum] = obj["/Subtype"]
            if "/Resources" in obj:
                stack.append(obj["/Resources"])
    return sum(1 for kind in found.values() if kind == subtype)


def test_images_are_embedded_once(game_dir):
    _png(game_dir / "art" / "crest.png", (300, 300))
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "c-{n}"
            size: 1
            quantity: 4
            for_each: {n: [a, b, c]}
            front: {image: art/crest.png, text: "{n}"}
    """,
    )
    _, pdfs, manifest = build_pdfs(game_dir)
    assert len(manifest["items"]) == 12
    assert _xobjects(pdfs["counters.pdf"], "/Image") == 1


def test_each_design_is_one_form(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1/2, quantity: 25, front: {text: A}}
          - {id: b, size: 1/2, quantity: 25, front: {text: B}}
    """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    assert _xobjects(pdfs["counters.pdf"], "/Form") == 2


def test_a_design_placed_once_is_drawn_inline(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1/2, front: {text: A}}
          - {id: b, size: 1/2, quantity: 2, front: {text: B}}
    """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    assert _xobjects(pdfs["counters.pdf"], "/Form") == 1


def test_low_resolution_image_warns(game_dir):
    _png(game_dir / "low.png", (50, 50))
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, front: {image: low.png}}
    """,
    )
    p = plan_game(game_dir)
    (d,) = p.diags
    # 1 in less 2 x 4.32 pt of padding = 63.36 pt = 0.88 in: 50 px / 0.88 in = 57 dpi.
    assert str(d) == (
        f"{game_dir}/game.yaml:4:37: warning: counters[0].front.image: image "
        "'low.png' prints at 57 dpi on piece 'a' (below 150 dpi) "
        "(use a larger image or print it smaller)"
    )


def test_svg_image_is_drawn_as_vectors_once(game_dir):
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">'
        '<rect width="40" height="20" fill="#c33"/></svg>'
    )
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 3, front: {image: art.svg}}
          - {id: b, size: 3/4, front: {image: art.svg}}
    """,
        {"art.svg": svg},
    )
    _, pdfs, _ = build_pdfs(game_dir)
    # One face form (a's, placed 3 times; b's face is placed once, so drawn inline)
    # and one SVG form used by both, no raster image.
    assert _xobjects(pdfs["counters.pdf"], "/Form") == 2
    assert _xobjects(pdfs["counters.pdf"], "/Image") == 0


# ---- places --------------------------------------------------------------------------


def test_anchors_put_text_where_asked(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            size: 1
            front:
              text:
                - {text: T, at: top}
                - {text: B, at: bottom}
                - {text: L, at: top-left, align: left}
    """,
    )
    p = plan_game(game_dir)
    form = _face(p)
    pos = {op.text: (op.x, op.y) for op in form.ops if type(op).__name__ == "Text"}
    assert pos["T"][1] > 36 > pos["B"][1]
    assert pos["T"][0] == pytest.approx(36)
    assert pos["L"][0] < 20 and pos["L"][1] > 36


def test_grid_cells(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            size: 1
            front:
              grid: [2, 2]
              text: [{text: "1", cell: [1, 1]}, {text: "4", cell: [2, 2]}]
    """,
    )
    p = plan_game(game_dir)
    form = _face(p)
    pos = {op.text: (op.x, op.y) for op in form.ops if type(op).__name__ == "Text"}
    assert pos["1"][0] < 36 < pos["4"][0]
    assert pos["1"][1] > 36 > pos["4"][1]


# ---- errors ---------------------------------------------------------------------------


def test_every_error_is_reported_with_its_place(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            shape: hexx
            size: 3/4
            front: {text: {text: hi, at: topp}}
          - id: b
            size: 3/8
            front: {image: ../x.png}
          - id: c
            shape: rect
            size: 3/4in
            colour: red
            front: {text: {text: x, cell: [1, 1]}}
          - id: d
            size: 3/4in x 1in
            front: {image: missing.png, grid: [2, 2], text: {text: y, cell: [3, 1]}}
          - {id: e, size: 3/4, front: {image: notes.txt}}
          - {id: f, size: 3/4}
          - {id: g, size: 3/4 inch, quantity: 0, front: A}
    """,
        {"notes.txt": "hello"},
    )
    g = f"{game_dir}/game.yaml"
    assert errors_of(game_dir) == [
        f"{g}:5:12: error: counters[0].shape: unknown shape 'hexx' "
        "(did you mean 'hex'? use square, rect, round, hex)",
        f"{g}:7:34: error: counters[0].front.text.at: unknown anchor 'topp' (did you mean "
        "'top'? use centre, top, bottom, left, right, top-left, top-right, bottom-left, "
        "bottom-right)",
        f"{g}:9:11: error: counters[1].size: unknown size preset '3/8' (did you mean '5/8'? "
        "presets: 1/2, 5/8, 3/4, 1 (inches); or a length like 3/4in or 19mm)",
        f"{g}:10:20: error: counters[1].front.image: '../x.png' leads outside the game folder{H}",
        f"{g}:13:11: error: counters[2].size: a rect takes width x height, got '3/4in' "
        "(e.g. 1in x 1/2in)",
        f"{g}:14:5: error: counters[2].colour: unknown key 'colour' (valid: for_each, blank, id, "
        "name, kind, shape, size, quantity, bleed, attrs, front, back, steps, side, group, "
        "reading, layout, fields, side_mark)",
        f"{g}:15:35: error: counters[2].front.text.cell: cell: needs a grid: [rows, columns] "
        "on the face",
        f"{g}:17:11: error: counters[3].size: a square piece takes one size, got '3/4in x 1in' "
        "(use shape: rect for width x height)",
        f"{g}:18:20: error: counters[3].front.image: image not found: 'missing.png'",
        f"{g}:18:69: error: counters[3].front.text.cell: expected [row, column] inside the "
        "2 x 2 grid, got a list",
        f"{g}:19:39: error: counters[4].front.image: unsupported image type '.txt' "
        "(use PNG, JPEG or SVG)",
        f"{g}:20:5: error: counters[5]: missing required key 'front'",
        f"{g}:21:19: error: counters[6].size: unknown unit 'inch' (use in, mm, cm or pt)",
        f"{g}:21:39: error: counters[6].quantity: 0 is out of range (from 1 to 10000)",
    ]


def test_piece_larger_than_the_page(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: big, size: 9in, front: A}
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:5: error: counters[0]: piece 'big' (648 x 648 pt with bleed) "
        "is larger than the printable area (552 x 692 pt or 732 x 512 pt)"
    ]  # a butted piece keeps 3 pt for its block's bleed and 1/4 in for its crop marks


def test_a_problem_shared_by_every_copy_is_reported_once(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "t-{n}"
            size: 3/4
            for_each: {n: [1, 2, 3]}
            front: {background: "{colour}", text: "{n}"}
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:7:25: error: counters[0].front.background: unknown placeholder "
        "{colour} in '{colour}' (known: {n})",
    ]


def test_counter_pdf_bytes_do_not_depend_on_the_process(game_dir, tmp_path):
    import os
    import subprocess
    import sys

    from .conftest import ROOT

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, quantity: 3, front: {text: A}, back: {text: B}}
    """,
    )
    outs = []
    for seed in ("1", "2"):
        out = tmp_path / f"out{seed}"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run(
            [sys.executable, "-m", "kitgen", "build", str(game_dir), "-o", str(out), "-q"],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        outs.append((out / "g" / "counters.pdf").read_bytes())
    assert outs[0] == outs[1]


def test_more_errors_each_with_its_place(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - just text
          - {size: 1, front: A}
          - {id: "a b", size: 1, front: A}
          - {id: c, front: A}
          - {id: d, size: [1], front: A}
          - {id: e, size: 0mm, front: A}
          - {id: f, size: 1, attrs: [x], front: A}
          - {id: g, size: 1, front: {text: {size: 8pt}, icon: {colour: red}, image: {scale: 1}}}
          - {id: h, size: 1, front: {image: broken.png}}
    """,
        {"broken.png": "not really a png"},
    )
    g = f"{game_dir}/game.yaml"
    assert errors_of(game_dir) == [
        f"{g}:4:5: error: counters[0]: expected a mapping of keys, got text 'just text'",
        f"{g}:5:5: error: counters[1]: missing required key 'id'",
        f"{g}:6:10: error: counters[2].id: bad id 'a b' (use letters, digits, '-', '_' or '.', "
        "starting with a letter or digit, at most 64)",
        f"{g}:7:5: error: counters[3]: missing required key 'size' (presets: 1/2, 5/8, 3/4, 1 "
        "(inches); or a length like 3/4in or 19mm)",
        f"{g}:8:19: error: counters[4].size: expected a size like 3/4in or 1in x 1/2in, got a list",
        f"{g}:9:19: error: counters[5].size: size must be more than zero, got '0mm'",
        f"{g}:10:29: error: counters[6].attrs: expected a mapping of keys, got a list",
        f"{g}:11:36: error: counters[7].front.text: missing required key 'text'",
        f"{g}:11:55: error: counters[7].front.icon: missing required key 'name'",
        f"{g}:11:77: error: counters[7].front.image: missing required key 'file'",
        f"{g}:12:37: error: counters[8].front.image: image 'broken.png' is not PNG: it holds "
        "no image format kitgen knows (use PNG, JPEG or SVG, named for what it holds)",
    ]


# ---- audit: duplex over several sheets, the back offset, the fold line drawn ---------------


def test_back_offset_moves_back_pages_only_on_every_sheet(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 70, front: {text: A}, back: {text: a}}
    """,
    )
    offset = (mm(1.5), mm(-0.5))
    _, _, plain = build_pdfs(game_dir, duplex="long")
    _, _, shifted = build_pdfs(game_dir, duplex="long", back_offset=offset)
    fronts = {i["piece"]: i for i in _items(plain, side="front")}
    assert {i["page"] for i in fronts.values()} == {1, 3}  # 70 one-inch pieces: 2 sheets
    for f in _items(shifted, side="front"):
        assert f["bbox"] == fronts[f["piece"]]["bbox"] and f["page"] == fronts[f["piece"]]["page"]
    backs = {i["piece"]: i for i in _items(plain, side="back")}
    for b in _items(shifted, side="back"):
        before = backs[b["piece"]]
        assert b["page"] == fronts[b["piece"]]["page"] + 1
        moved = [v - w for v, w in zip(b["bbox"], before["bbox"], strict=True)]
        assert moved == pytest.approx([offset[0], offset[1]] * 2, abs=1e-4)


def test_duplex_rows_reverse_on_short_edge(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 14, front: {text: A}, back: {text: a}}
    """,
    )
    _, _, manifest = build_pdfs(game_dir, duplex="short")
    fronts = _items(manifest, side="front")
    rows = sorted({f["bbox"][1] for f in fronts}, reverse=True)
    assert len(rows) == 2  # two rows on the front: top, then bottom
    back_of = {b["piece"]: b for b in _items(manifest, side="back")}
    for f in fronts:
        b = back_of[f["piece"]]
        # the top row's backs are in the bottom row; columns keep their order
        assert b["bbox"][0] == f["bbox"][0]
        assert b["bbox"][1] == pytest.approx(792 - f["bbox"][3])


def test_fold_line_is_dotted_along_the_whole_fold_and_the_pair_is_captioned(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counter_sheet: gutters   # each pair apart, captioned (butted: in strips)
        counters:
          - {id: m, size: 3/4, front: {background: navy, text: A}, back: {text: B}}
    """,
    )
    p = plan_game(game_dir)
    page = p.docs[0].pages[0]
    front = next(i for i in page.items if i.side == "front")
    fx, fy0, _, fy1 = front.extra["fold_line"]
    folds = [op for op in page.ops if isinstance(op, Line) and op.x0 == op.x1 == fx]
    # dotted (never solid: solid is a cut), in a dark and a light tone so it reads on any face
    assert len(folds) == 2 and all(op.stroke.dash for op in folds)
    assert {op.stroke.colour for op in folds} == {"#333333", "#ffffff"}
    # the whole fold, and not past the pair's top: the caption of a pair in the row above
    # sits on that line in the gutter
    assert all(op.y0 <= fy0 + 1.5 and op.y1 == fy1 for op in folds)
    # one solid cut round the pair, not across the fold
    (cut,) = [op for op in page.ops if type(op).__name__ == "Rect" and op.stroke is not None]
    assert (cut.x, cut.w, cut.h) == (front.bbox[0], 108.0, 54.0)
    texts = [op for op in page.ops if type(op).__name__ == "Text"]
    (caption,) = [t for t in texts if t.text == "fold · glue back to back" and t.y < fy0]
    assert caption.x == pytest.approx(fx)  # centred on the fold, under the pair
    assert caption.font.size == 6.0  # style.PIECE_MIN: nothing round a piece below 6 pt
    # nothing hatched: a hatched strip reads as a tab to glue down (the whole back is glued)
    assert not [op for op in page.ops if type(op).__name__ == "Path" and op.hatch]


# ---- bleed as printed ---------------------------------------------------------------


@pytest.mark.parametrize("shape", ["square", "round"])
def test_bleed_is_printed_on_all_four_sides(game_dir, shape):
    # Faces repeat, so they are PDF forms: a form clips to its box, which starts at its
    # own origin unless told otherwise, and the bleed lies left of and below that origin.
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        counters:
          - {{id: a, shape: {shape}, size: 1, quantity: 3, bleed: 1/8in,
              front: {{background: "#1060c0"}}}}
          - {{id: f, size: 1, quantity: 2, bleed: 1/8in, front: {{background: "#1060c0"}},
              back: {{background: "#1060c0"}}}}
    """,
    )
    _, pdfs, manifest = build_pdfs(game_dir)
    pdf = pdfs["counters.pdf"]
    blue = (0x10, 0x60, 0xC0)
    for item in manifest["items"]:
        x0, y0, x1, y1 = item["bbox"]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        out = 4.5  # half the 9 pt bleed, outside the trim
        probes = {"below": (cx, y0 - out), "above": (cx, y1 + out)}
        if "fold_line" not in item:
            probes |= {"left": (x0 - out, cy), "right": (x1 + out, cy)}
        elif item["side"] == "front":  # a fold pair's bleed stops at the fold
            probes["left"] = (x0 - out, cy)
        else:
            probes["right"] = (x1 + out, cy)
        for where, (x, y) in probes.items():
            got = pixel_at(pdf, item["page"] - 1, x, y)
            assert max(abs(a - b) for a, b in zip(got, blue, strict=True)) < 8, (
                item["piece"],
                item["side"],
                where,
                got,
            )


# ---- images: every kind, once; never outside the game folder -------------------------


H = " (keep every file the game uses inside its folder; links are followed)"


def test_png_jpeg_and_svg_each_embedded_once_however_often_used(game_dir):
    _png(game_dir / "art" / "crest.png", (300, 300))
    (game_dir / "art").mkdir(exist_ok=True)
    PILImage.new("RGB", (300, 200), "#204080").save(game_dir / "art" / "photo.jpg", "JPEG")
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<circle cx="5" cy="5" r="4"/></svg>'
    )
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 5, front: {image: art/crest.png},
             back: {image: art/photo.jpg}}
          - {id: b, size: 3/4, quantity: 5, front: {image: art/photo.jpg, text: B}}
          - {id: c, size: 1/2, quantity: 5, front: {image: art/crest.png},
             back: {image: art/dot.svg}}
          - {id: d, size: 5/8, quantity: 5, front: {image: art/dot.svg, text: D}}
    """,
        {"art/dot.svg": svg},
    )
    p, pdfs, manifest = build_pdfs(game_dir)
    assert not p.diags.items  # 300 px over at most 1 in: above 150 dpi
    assert len(manifest["items"]) == 5 * 4 + 5 * 2  # fold pairs add their backs
    reader = PdfReader(io.BytesIO(pdfs["counters.pdf"]))
    images: dict[int, str] = {}
    stack = [page["/Resources"] for page in reader.pages]
    while stack:
        res = stack.pop().get_object()
        for ref in (res.get("/XObject") or {}).values():
            obj = ref.get_object()
            if ref.idnum not in images and obj["/Subtype"] == "/Image":
                images[ref.idnum] = obj.get("/Filter")
            if "/Resources" in obj:
                stack.append(obj["/Resources"])
    # one raster XObject per file (the JPEG kept as DCT data), the SVG drawn as vectors
    assert len(images) == 2
    assert any("/DCTDecode" in str(f) for f in images.values())


def test_a_kit_with_images_is_the_same_bytes_wherever_its_folder_lives(tmp_path):
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>'
    built = []
    for folder in (tmp_path / "one" / "g", tmp_path / "another" / "deeper" / "g"):
        _png(folder / "crest.png", (200, 200))
        PILImage.new("RGB", (200, 100), "#204080").save(folder / "photo.jpg", "JPEG")
        write_game(
            folder,
            """
            id: g
            title: G
            counters:
              - {id: a, size: 1, quantity: 2, front: {image: crest.png}, back: {image: art.svg}}
              - {id: b, size: 1, quantity: 2, front: {image: photo.jpg}}
        """,
            {"art.svg": svg},
        )
        built.append(build_pdfs(folder)[1]["counters.pdf"])
    assert built[0] == built[1]


def test_image_paths_outside_the_game_folder_are_refused(game_dir, tmp_path):
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    _png(outside / "x.png", (300, 300))
    (game_dir).mkdir(parents=True, exist_ok=True)
    (game_dir / "link.png").symlink_to(outside / "x.png")
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        counters:
          - {{id: a, size: 1, front: {{image: {outside / "x.png"}}}}}
          - {{id: b, size: 1, front: {{image: link.png}}}}
          - {{id: c, size: 1, front: {{image: art/../../elsewhere/x.png}}}}
    """,
    )
    g = f"{game_dir}/game.yaml"
    shown = repr(str(outside / "x.png"))  # a long path is cut short, as files.py shows it
    shown = shown if len(shown) <= 80 else shown[:60] + "..." + shown[-12:]
    a = f"{shown} leads outside the game folder{H}"
    assert errors_of(game_dir) == [
        f"{g}:4:37: error: counters[0].front.image: {a}",
        f"{g}:5:37: error: counters[1].front.image: 'link.png' leads outside the game folder{H}",
        f"{g}:6:37: error: counters[2].front.image: 'art/../../elsewhere/x.png' "
        f"leads outside the game folder{H}",
    ]


def test_user_text_prints_literally_in_the_pdf(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, quantity: 2,
             front: {text: {text: "<b>x</b> **y** &amp;", wrap: false}}}
    """,
    )
    _, pdfs, _ = build_pdfs(game_dir)
    text = PdfReader(io.BytesIO(pdfs["counters.pdf"])).pages[0].extract_text()
    assert "<b>x</b> **y** &amp;" in text


def test_crop_marks_clear_every_neighbour_with_mixed_sizes_pairs_and_shapes(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, quantity: 9, front: {background: navy, text: A}}
          - {id: r, shape: round, size: 5/8, quantity: 7, front: {background: navy, text: R}}
          - {id: w, shape: rect, size: 1in x 1/2in, quantity: 6, front: {background: navy}}
          - {id: f, size: 1, quantity: 5, front: {background: navy}, back: {background: red}}
          - {id: s, size: 1/2, quantity: 4, front: {background: navy}, back: {text: S}}
          - {id: h, shape: hex, size: 1, quantity: 3, front: {background: navy, text: H}}
    """,
    )
    b = mm(3)
    p = plan_game(game_dir, bleed=b)
    for page in p.docs[0].pages:
        pieces = {}  # piece -> its inked box: trim plus bleed (a pair's halves as one)
        for item in page.items:
            box = grow(item.bbox, b)
            old = pieces.get(item.piece, box)
            pieces[item.piece] = (
                min(old[0], box[0]),
                min(old[1], box[1]),
                max(old[2], box[2]),
                max(old[3], box[3]),
            )
        # the fold marks carried past each pair's top (dotted): no crop mark crosses one
        folds = [op for op in page.ops if isinstance(op, Line) and op.stroke.dash]
        fold_boxes = [(min(o.x0, o.x1), min(o.y0, o.y1), max(o.x0, o.x1), max(o.y0, o.y1))
                      for o in folds]  # fmt: skip
        ticks = [op for op in page.ops if isinstance(op, Line) and op.stroke.colour == "#000000"]
        assert ticks and fold_boxes
        for t in ticks:
            seg = grow((min(t.x0, t.x1), min(t.y0, t.y1), max(t.x0, t.x1), max(t.y0, t.y1)), 0.01)
            hit = [k for k, box in pieces.items() if overlaps(seg, box)]
            assert hit == [], (t, hit)  # outside its own bleed and every other piece's
            assert not any(overlaps(seg, g) for g in fold_boxes)


# ---- butted counters: bleed at the block's edge, keylines, registered backs ----------


RED, BLUE, GREEN, GOLD = (
    (0xC0, 0x20, 0x20),
    (0x20, 0x40, 0xC0),
    (0x20, 0x90, 0x40),
    (0xE0, 0xB0, 0x10),
)


def _near(got, want, tol=10) -> bool:
    return max(abs(a - b) for a, b in zip(got, want, strict=True)) < tol


def _hex(c) -> str:
    return "#" + "".join(f"{v:02x}" for v in c)


@pytest.mark.parametrize("bleed", [None, 9.0])
def test_butted_counters_bleed_at_the_block_edge_and_backs_mirror(game_dir, bleed):
    write_game(
        game_dir,
        f"""
        id: g
        title: G
        counters:
          - {{id: a, size: 3/4, quantity: 6, front: {{background: "{_hex(RED)}"}},
              back: {{background: "{_hex(BLUE)}"}}}}
          - {{id: b, size: 3/4, quantity: 6, front: {{background: "{_hex(GREEN)}"}},
              back: {{background: "{_hex(GOLD)}"}}}}
    """,
    )
    settings = {"duplex": "long"} | ({"bleed": bleed} if bleed else {})
    _, pdfs, manifest = build_pdfs(game_dir, **settings)
    pdf = pdfs["counters.pdf"]
    colours = {("a", "front"): RED, ("a", "back"): BLUE, ("b", "front"): GREEN}
    colours[("b", "back")] = GOLD
    items = manifest["items"]
    fronts = [i for i in items if i["side"] == "front"]
    edges = {round(v, 2) for i in fronts for v in (i["bbox"][0], i["bbox"][2])}
    # butted, with or without --bleed: a piece's right edge is the next one's left
    assert any(round(i["bbox"][0], 2) in edges for i in fronts if i["bbox"][0] > min(edges))
    out = (bleed or BUTT_BLEED) / 2
    boxes = [tuple(round(v, 2) for v in i["bbox"]) for i in fronts]
    for item in items:
        x0, y0, x1, y1 = item["bbox"]
        want = colours[(item["id"], item["side"])]
        page = item["page"] - 1
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        # the face runs to its cut on every side (inside the keyline)
        for x, y in ((x0 + 1.2, cy), (x1 - 1.2, cy), (cx, y0 + 1.2), (cx, y1 - 1.2)):
            assert _near(pixel_at(pdf, page, x, y, dpi=288), want), (item["piece"], x, y)
        # the keyline: darker than the face, just inside the cut
        dark = pixel_at(pdf, page, x0 + 0.25, cy, dpi=576)
        assert sum(dark) < sum(want) - 40, (item["piece"], dark)
        if item["side"] == "front":  # where no like piece is beyond the edge, the bleed
            w = x1 - x0
            left_open = (round(x0 - w, 2), round(y0, 2)) not in {b[:2] for b in boxes}
            if left_open:
                assert _near(pixel_at(pdf, page, x0 - out, cy), want), item["piece"]
    # backs registered: each front's mirror on the back page shows that design's back
    page_w = 612.0
    for item in fronts:
        x0, y0, x1, y1 = item["bbox"]
        mx, my = page_w - (x0 + x1) / 2, (y0 + y1) / 2
        got = pixel_at(pdf, item["page"], mx, my)
        assert _near(got, colours[(item["id"], "back")]), (item["piece"], got)
