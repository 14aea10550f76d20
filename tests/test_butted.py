"""Butted counter sheets (for a guillotine): positions read back from the PDF."""

from __future__ import annotations

import pytest

from kitgen.layout.frame import content_box
from kitgen.layout.impose import grow, overlaps
from kitgen.units import PAPERS

from .conftest import build_pdfs, errors_of, write_game

FORM, PATH = 5, 2  # pdfium's page object types

GAME = """
id: g
title: G
{sheet}
counters:
  - {{id: a, size: 3/4, quantity: 17, front: {{background: navy, text: A}}, back: {{text: a}}}}
  - {{id: b, size: 3/4, quantity: 6, front: {{background: "#c03020", text: B}}}}
  - {{id: w, shape: rect, size: 1in x 1/2in, quantity: 5, front: {{background: teal}}}}
  - {{id: r, shape: round, size: 5/8, quantity: 3, front: {{background: navy}}}}
"""


def _objects(pdf: bytes, page: int) -> tuple[list, list]:
    """(the boxes of the forms placed on the page: one per piece of a design printed more
    than once; the thin lines drawn on the page itself: crop marks), in PDF points."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    forms, ticks = [], []
    for obj in doc[page].get_objects(max_depth=1):
        box = tuple(round(v, 3) for v in obj.get_bounds())
        if obj.type == FORM:
            forms.append(box)
        elif obj.type == PATH and obj.level == 0 and _tick(box[2] - box[0], box[3] - box[1]):
            # a line's bounds reach past it by its width (0.3 pt): back to the line itself
            if box[2] - box[0] < box[3] - box[1]:
                x = round((box[0] + box[2]) / 2, 3)
                ticks.append((x, box[1] + 0.3, x, box[3] - 0.3))
            else:
                y = round((box[1] + box[3]) / 2, 3)
                ticks.append((box[0] + 0.3, y, box[2] - 0.3, y))
    return forms, ticks


def _tick(w: float, h: float) -> bool:
    """A crop mark's bounds: thin, and short (not a rule or a scale bar)."""
    return min(w, h) < 1 and max(w, h) < 8


def _block(boxes):
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def test_butted_counters_touch_and_every_cut_line_has_crop_marks_in_the_margin(game_dir):
    write_game(game_dir, GAME.format(sheet=""))  # butted is the default
    _, pdfs, manifest = build_pdfs(game_dir, duplex="long")
    forms, ticks = _objects(pdfs["counters.pdf"], 0)
    squares = sorted((b for b in forms if b[2] - b[0] == b[3] - b[1] == 54.0), key=lambda b: b[:2])
    rects = [b for b in forms if (b[2] - b[0], b[3] - b[1]) == (72.0, 36.0)]
    assert len(squares) == 23 and len(rects) == 5  # sizes exact
    # One grid: every piece's neighbour starts exactly where it ends, no gap.
    columns = sorted({b[0] for b in squares})
    rows = sorted({b[1] for b in squares})
    assert [b - a for a, b in zip(columns, columns[1:], strict=False)] == [54.0] * (
        len(columns) - 1
    )
    assert [b - a for a, b in zip(rows, rows[1:], strict=False)] == [54.0] * (len(rows) - 1)
    assert len(columns) > 3 and len(rows) > 2
    for box in squares:
        right = [b for b in squares if b[0] == box[2] and b[1] == box[1]]
        last = max(squares, key=lambda b: (-b[1], b[0]))  # the bottom row's last piece
        assert right or box[2] == max(columns) + 54 or box == last
    # Crop marks: at every cut line, beyond the block's edges, never on a piece.
    for block in (squares, rects):
        x0, y0, x1, y1 = _block(block)
        xs = {v for b in block for v in (b[0], b[2])}
        ys = {v for b in block for v in (b[1], b[3])}
        near = [t for t in ticks if overlaps(grow((x0, y0, x1, y1), 9.0), _seg(t))]
        above = {t[0] for t in near if t[0] == t[2] and t[1] > y1}
        below = {t[0] for t in near if t[0] == t[2] and t[3] < y0}
        left = {t[1] for t in near if t[1] == t[3] and t[2] < x0}
        right = {t[1] for t in near if t[1] == t[3] and t[0] > x1}
        assert above == below == xs
        assert left == right == ys
    pieces = forms + [tuple(i["bbox"]) for i in manifest["items"] if i["page"] == 1]
    x0, y0, x1, y1 = content_box(PAPERS["letter"])
    for t in ticks:
        assert not any(overlaps(grow(_seg(t), 0.5), p) for p in pieces), t
        assert x0 <= t[0] and t[2] <= x1 and y0 <= t[1] and t[3] <= y1
    # Round pieces keep their gutter and their own cut line.
    rounds = [i["bbox"] for i in manifest["items"] if i["id"] == "r"]
    gaps = sorted(b[0] - a[2] for a, b in zip(rounds, rounds[1:], strict=False) if a[1] == b[1])
    assert gaps and gaps[0] >= 9.0


def _seg(t):
    return (min(t[0], t[2]), min(t[1], t[3]), max(t[0], t[2]), max(t[1], t[3]))


@pytest.mark.parametrize("flip", ["long", "short"])
def test_butted_backs_stay_registered_with_their_fronts(game_dir, flip):
    write_game(game_dir, GAME.format(sheet=""))
    _, pdfs, manifest = build_pdfs(game_dir, duplex=flip)
    fronts, _ = _objects(pdfs["counters.pdf"], 0)
    backs, back_ticks = _objects(pdfs["counters.pdf"], 1)
    w, h = PAPERS["letter"].size
    faced = [tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "a" and i["side"] == "front"]
    assert len(faced) == 17 and set(faced) <= set(fronts)
    for x0, y0, x1, y1 in faced:
        want = (w - x1, y0, w - x0, y1) if flip == "long" else (x0, h - y1, x1, h - y0)
        assert tuple(round(v, 3) for v in want) in backs
    # The backs touch as the fronts do; a back page carries no crop marks.
    assert sorted(b[2] - b[0] for b in backs) == [54.0] * 17
    assert back_ticks == []


def test_fold_pairs_and_the_gutters_sheet_keep_their_room(game_dir):
    write_game(game_dir, GAME.format(sheet="counter_sheet: gutters"))
    _, pdfs, manifest = build_pdfs(game_dir)
    forms, _ = _objects(pdfs["counters.pdf"], 0)
    b = sorted(tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "b")
    assert set(b) <= set(forms)
    assert {q[0] - p[2] for p, q in zip(b, b[1:], strict=False) if p[1] == q[1]} == {9.0}
    # Butted (the default), a fold-and-glue pair folds in strips of its own, a margin
    # clear of the one-sided block (test_fold_pairs_lie_in_butted_strips...).
    write_game(game_dir, GAME.format(sheet=""))
    _, _, manifest = build_pdfs(game_dir)
    pairs = [i["bbox"] for i in manifest["items"] if i["id"] == "a"]
    assert len(pairs) == 34 and all("fold_line" in i for i in manifest["items"] if i["id"] == "a")
    block = _block([i["bbox"] for i in manifest["items"] if i["id"] == "b"])
    assert not any(overlaps(grow(block, 18.0 - 1e-6), p) for p in pairs)
    b = sorted(tuple(i["bbox"]) for i in manifest["items"] if i["id"] == "b")
    assert {q[0] - p[2] for p, q in zip(b, b[1:], strict=False) if p[1] == q[1]} == {0.0}


def test_an_unknown_counter_sheet_is_an_error(game_dir):
    write_game(game_dir, GAME.format(sheet="counter_sheet: guillotine"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:3:16: error: counter_sheet: unknown counter_sheet "
        "'guillotine' (use butted, gutters)"
    ]


# ---- fold-and-glue pairs butted in strips: front row, fold, back row ----------------

TOP, FACE, BACK_TOP, BACK_FACE = (
    (0xE0, 0xB0, 0x10),
    (0xC0, 0x20, 0x20),
    (0x20, 0x90, 0x40),
    (0x20, 0x40, 0xC0),
)

STRIPS = """
id: g
title: G
layouts:
  - id: banded   # a band across the top of the face: which way up a face prints
    fields: {{band: ""}}
    regions:
      - {{id: band, at: {{x: 0%, y: 0%}}, width: 100%, height: 30%, fill: "{{band}}"}}
counters:
  - {{id: a, size: 3/4, quantity: 17, layout: banded,
     front: {{background: "{face}", fields: {{band: "{top}"}}}},
     back: {{background: "{back}", fields: {{band: "{back_top}"}}}}}}
  - {{id: b, size: 3/4, quantity: 4, front: {{background: "#808080"}}}}
"""


def _hexed(c) -> str:
    return "#" + "".join(f"{v:02x}" for v in c)


def _strips_game(game_dir):
    colours = {"face": FACE, "top": TOP, "back": BACK_FACE, "back_top": BACK_TOP}
    write_game(game_dir, STRIPS.format(**{k: _hexed(v) for k, v in colours.items()}))


def _close(got, want, tol=12) -> bool:
    return max(abs(a - b) for a, b in zip(got, want, strict=True)) < tol


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_fold_pairs_lie_in_butted_strips_with_their_backs_registered(game_dir, paper):
    from .conftest import pixel_at

    _strips_game(game_dir)
    _, pdfs, manifest = build_pdfs(game_dir, paper=paper)
    pdf = pdfs["counters.pdf"]
    items = [i for i in manifest["items"] if i["id"] == "a"]
    fronts = {i["piece"]: i for i in items if i["side"] == "front"}
    backs = {i["piece"]: i for i in items if i["side"] == "back"}
    assert len(fronts) == len(backs) == 17
    pairs = []
    for piece, f in fronts.items():
        b = backs[piece]
        x0, y0, x1, y1 = f["bbox"]
        # the back under its front, the fold exactly between them: the front's box mirrored
        # about the fold lands on the back's, to a tenth of a point
        fx0, fy, fx1, fy1 = f["fold_line"]
        assert b["fold_line"] == f["fold_line"] and fy == fy1 and (fx0, fx1) == (x0, x1)
        assert fy == pytest.approx(y0, abs=0.1)
        want = (x0, 2 * fy - y1, x1, 2 * fy - y0)
        assert all(abs(p - q) <= 0.1 for p, q in zip(b["bbox"], want, strict=True))
        assert (x1 - x0, y1 - y0) == (54.0, 54.0)
        pairs.append((x0, b["bbox"][1], x1, y1))
        page = f["page"] - 1
        cx = (x0 + x1) / 2
        # the front upright (its band at its top), the back upside down (its band at the
        # foot of its half, far from the fold): folded back and turned over, the back's
        # band lies behind the front's
        assert _close(pixel_at(pdf, page, cx, y1 - 4), TOP), piece
        assert _close(pixel_at(pdf, page, cx, y0 + 4), FACE), piece
        assert _close(pixel_at(pdf, page, cx, fy - 4), BACK_FACE), piece
        assert _close(pixel_at(pdf, page, cx, 2 * fy - y1 + 4), BACK_TOP), piece
    # every pair edge to edge with its neighbours: one grid of pair columns and strips
    xs = sorted({p[0] for p in pairs})
    ys = sorted({p[1] for p in pairs})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == [54.0] * (len(xs) - 1)
    assert [b - a for a, b in zip(ys, ys[1:], strict=False)] == [108.0] * (len(ys) - 1)
    assert len(xs) > 3 and len(ys) >= 2
    # crop marks at every cut line beyond the block, none at a fold (its marks are dotted:
    # the next test)
    _, ticks = _objects(pdf, 0)
    x0, y0, x1, y1 = _block(pairs)
    cuts = {p[1] for p in pairs} | {p[3] for p in pairs}
    folds = {round(f["fold_line"][1], 3) for f in fronts.values()}
    near = [t for t in ticks if overlaps(grow((x0, y0, x1, y1), 12.0), _seg(t))]
    above = {t[0] for t in near if t[0] == t[2] and t[1] > y1}
    below = {t[0] for t in near if t[0] == t[2] and t[3] < y0}
    left = {round(t[1], 3) for t in near if t[1] == t[3] and t[2] < x0}
    right = {round(t[1], 3) for t in near if t[1] == t[3] and t[0] > x1}
    assert above == below == {p[0] for p in pairs} | {p[2] for p in pairs}
    assert left == right == {round(v, 3) for v in cuts}
    assert not folds & left


def test_a_fold_strip_sheet_marks_its_folds_dotted_and_says_how_to_make_it(game_dir):
    from kitgen.layout.plan import Line, Text

    from .conftest import plan_game

    _strips_game(game_dir)
    page = plan_game(game_dir).docs[0].pages[0]
    folds = {i.extra["fold_line"][1] for i in page.items if i.side == "front" and i.id == "a"}
    lines = [op for op in page.ops if isinstance(op, Line) and op.y0 == op.y1]
    at_folds = [op for op in lines if round(op.y0, 4) in folds]
    assert at_folds and all(op.stroke.dash for op in at_folds)  # dotted: a fold, not a cut
    assert {round(op.y0, 4) for op in at_folds} == folds
    cuts = [op for op in lines if round(op.y0, 4) not in folds]
    assert cuts and not any(op.stroke.dash for op in cuts)  # solid: a cut
    texts = " ".join(op.text for op in page.ops if isinstance(op, Text))
    # the sheet holds fold strips and one-sided pieces of one kind: its dotted lines say which
    assert "Blocks with a dotted line fold: cut each of their strips out" in texts
    assert "then cut the pieces apart. Blocks with none have no backs: just cut them out." in texts
    assert "fold · glue" not in texts
    # a sheet of one-sided pieces alone says nothing of strips
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: b, size: 3/4, quantity: 6, front: {background: "#c03020", text: B}}
        """,
    )
    page = plan_game(game_dir).docs[0].pages[0]
    assert not [op for op in page.ops if isinstance(op, Text) and "strips" in op.text]


def _foot_words(game_dir, text: str) -> list[str]:
    """The words at the foot of each counter sheet of a game, a sheet's lines joined."""
    from kitgen.layout.plan import Text

    from .conftest import plan_game

    write_game(game_dir, text)
    pages = plan_game(game_dir).docs[0].pages
    return [" ".join(op.text for op in p.ops if isinstance(op, Text)) for p in pages if p.items]


def test_a_sheet_of_folding_and_flat_pieces_says_which_fold_by_their_kind(game_dir):
    from kitgen.layout.counters.counters import MIXED_HOW

    [words] = _foot_words(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: f, kind: marker, size: 3/4, quantity: 4, front: {text: F}, back: {text: f}}
          - {id: p, size: 1/2, quantity: 12, front: {background: "#c03020"}}
        """,
    )
    said = MIXED_HOW.format(folds="The markers", pieces="markers", flats="The counters have")
    assert said.startswith("The markers fold: cut each of their strips out at the crop marks")
    assert said.endswith("The counters have no backs: just cut them out.")
    assert " ".join(said.split()) in " ".join(words.split())
    assert "Fold strips:" not in words  # no word says the one-sided counters fold


def test_a_sheet_of_fold_strips_alone_says_fold_them_all(game_dir):
    from kitgen.layout.counters.counters import STRIPS_HOW

    [words] = _foot_words(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: f, kind: marker, size: 3/4, quantity: 4, front: {text: F}, back: {text: f}}
        """,
    )
    assert STRIPS_HOW.startswith("Fold strips: cut the strips apart at the crop marks")
    assert " ".join(STRIPS_HOW.split()) in " ".join(words.split())
    assert "no backs" not in words


@pytest.mark.parametrize("bleed", [None, 9.0])
def test_fold_strips_bleed_at_the_block_edge_and_meet_at_the_fold(game_dir, bleed):
    from kitgen.layout.marks import BUTT_BLEED

    from .conftest import pixel_at

    _strips_game(game_dir)
    _, pdfs, manifest = build_pdfs(game_dir, **({"bleed": bleed} if bleed else {}))
    pdf = pdfs["counters.pdf"]
    items = [i for i in manifest["items"] if i["id"] == "a"]
    pairs = {}
    for i in items:
        pairs.setdefault(i["piece"], {})[i["side"]] = i["bbox"]
    out = (bleed or BUTT_BLEED) / 2
    tops = {p["front"][3] for p in pairs.values()}
    feet = {p["back"][1] for p in pairs.values()}
    lefts = {p["front"][0] for p in pairs.values()}
    for piece, p in pairs.items():
        fx0, fy, fx1, fy1 = p["front"]
        cx = (fx0 + fx1) / 2
        # each half's face runs to the fold, and no further: no white, no overpaint
        assert _close(pixel_at(pdf, 0, fx0 + 4, fy + 1.2, dpi=288), FACE), piece
        assert _close(pixel_at(pdf, 0, fx0 + 4, fy - 1.2, dpi=288), BACK_FACE), piece
        # the top of the block: the front runs on past the cut (its band, laid out with a
        # bleed; else its ground), the foot likewise its back, upside down
        if fy1 == max(tops):
            assert _close(pixel_at(pdf, 0, cx, fy1 + out), TOP if bleed else FACE), piece
        by0 = p["back"][1]
        if by0 == min(feet):
            want = BACK_TOP if bleed else BACK_FACE
            assert _close(pixel_at(pdf, 0, cx, by0 - out), want), piece
        if fx0 == min(lefts):
            assert _close(pixel_at(pdf, 0, fx0 - out, fy - 8), BACK_FACE), piece
            assert _close(pixel_at(pdf, 0, fx0 - out, fy + 8), FACE), piece


def _glyphs(pdf: bytes) -> list[list[tuple[str, tuple]]]:
    """Every page's printed characters and their boxes (pypdfium2's text layer)."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    pages = []
    for page in doc:
        text = page.get_textpage()
        chars = [
            (text.get_text_range(i, 1), text.get_charbox(i)) for i in range(text.count_chars())
        ]
        pages.append([(c, box) for c, box in chars if c.strip()])
    return pages


# Ryamon's pieces are all one-sided now (its +60 marker a piece of its own, not a back)
@pytest.mark.parametrize("kit", ["duck", "ironford", "reshuffled"])
def test_seed_kits_fold_counters_in_strips_and_no_word_sits_against_a_fold(kit):
    """Every seed kit's fold-and-glue counters lie front over back in butted strips, and
    no letter of a face (Iron Ford's arrival turn, T2) lies within 1.5 pt of its fold, as
    of any cut (its keyline is 0.5 pt): the old pairs folded 0.9 pt from the T2."""
    from .conftest import seed_kit

    _, pdfs, manifest = seed_kit(kit)
    items = [i for i in manifest["items"] if i["file"] == "counters.pdf" and "fold_line" in i]
    assert items, kit
    glyphs = _glyphs(pdfs["counters.pdf"])
    for item in items:
        x0, y0, x1, y1 = item["bbox"]
        fx0, fy, fx1, fy1 = item["fold_line"]
        assert fy == fy1 and (fx0, fx1) == (x0, x1)  # across, the width of the face
        assert fy == (y0 if item["side"] == "front" else y1)
        for char, (a, b, c, d) in glyphs[item["page"] - 1]:
            if x0 < (a + c) / 2 < x1 and y0 < (b + d) / 2 < y1:
                gap = b - fy if item["side"] == "front" else fy - d
                assert gap >= 1.5, (item["piece"], item["side"], char, gap)
