"""Shortcuts taken for speed give exactly what the plain computation gives."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.geometry import HexGrid, SquareGrid
from kitgen.layout.maps.mapart import _boundary, cell_polygon
from kitgen.layout.plan import Group, Text
from kitgen.layout.text import Fitted, fit_text, wrap
from kitgen.render.fonts import FontBook

FONTS = FontBook([])
FACE = FONTS.face("Helvetica")

# Letters, ordinary and no-break spaces, tabs and line breaks: every case wrapping treats apart.
TEXTS = st.text(alphabet="aW1 \t\n\u00a0", max_size=14)


@settings(max_examples=300, deadline=None)
@given(
    text=TEXTS,
    size=st.sampled_from([4.0, 7.5, 9.0, 14.0]),
    width=st.floats(1, 80),
    height=st.floats(1, 40),
    wrap_lines=st.booleans(),
)
def test_text_fits_as_trying_every_size_in_turn_does(text, size, width, height, wrap_lines):
    args = (text, FACE, size, 3.0, width, height, FONTS, 1.15, wrap_lines, 0.25)
    assert fit_text(*args) == _fit_plainly(*args)


def _fit_plainly(text, face, size, min_size, width, height, fonts, leading, wrap_lines, step):
    """The oracle: no shortcut; every size from `size` down to `min_size` tried in
    turn, the text wrapped in full at each; the smallest when none fits."""
    sizes = [size]
    while sizes[-1] - step >= min_size - 1e-9:
        sizes.append(round(sizes[-1] - step, 4))
    for current in sizes:
        lines = wrap(text, face, current, width, fonts) if wrap_lines else text.split("\n")
        widest = max((fonts.width(line, face, current) for line in lines), default=0.0)
        tall = current * (1 + leading * (len(lines) - 1))
        if widest <= width + 1e-6 and tall <= height + 1e-6:
            return Fitted(tuple(lines), current, True)
    return Fitted(tuple(lines), current, False)


def test_one_line_shortcut_is_taken_and_keeps_the_text():
    fitted = fit_text("1/25", FACE, 9.0, 5.0, 40.0, 20.0, FONTS)
    assert (fitted.lines, fitted.size, fitted.fits) == (("1/25",), 9.0, True)


@settings(max_examples=500, deadline=None)
@given(text=st.text(alphabet="a1/ \t\n\r\f\v\x1c\x85\u00a0\u2028é", max_size=8))
def test_regular_text_is_text_the_irregular_search_does_not_match(text):
    from kitgen.layout.text import IRREGULAR, regular

    assert regular(text) == (IRREGULAR.search(text) is None)


def test_regular_text_shortcut_sees_runs_and_ends_of_spaces():
    from kitgen.layout.text import regular

    assert [regular(t) for t in ("1/25", "8-6-6", "a b", "a  b", " a", "a ", "a\tb")] == [
        True, True, True, False, False, False, False,
    ]  # fmt: skip


STANDARD_FACES = [
    FONTS.face(family, bold, italic)
    for family in ("Helvetica", "Times", "Courier")
    for bold in (False, True)
    for italic in (False, True)
]


@pytest.mark.reportlab
@settings(max_examples=300, deadline=None)
@given(
    text=st.text(alphabet=st.characters(min_codepoint=9, max_codepoint=0x2030), max_size=20),
    face=st.sampled_from([*STANDARD_FACES, FONTS.face("Vera"), FONTS.face("Vera", bold=True)]),
    size=st.one_of(st.sampled_from([4.8, 8.0, 9.0, 13 / 3]), st.floats(0.5, 72)),
)
def test_text_width_is_what_reportlab_measures(text, face, size):
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.render.fonts import text_width

    text = text.replace("\u2020", "")  # a reading's mark is measured small: test_reading_marks
    assert text_width(text, face, size) == stringWidth(text, face, size)


@pytest.mark.reportlab
def test_text_width_of_ascii_labels_is_exact():
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from kitgen.render.fonts import text_width

    labels = ["1/25", "8-6-6", "Hq (A) ~ `x`", " ", "", "WWW@@@", "i.i,i;"]
    for face in STANDARD_FACES:
        for label in labels:
            for size in (5.0, 9.0, 13 / 3):
                assert text_width(label, face, size) == stringWidth(label, face, size)


def _boundary_by_probing(grid, cells):
    """Every side of every cell, kept when the cell across it is not in the set."""
    out = []
    for cell in sorted(cells, key=lambda c: (c[1], c[0])):
        poly = cell_polygon(grid, cell)
        cx, cy = grid.centre(*cell)
        for i, a in enumerate(poly):
            b = poly[(i + 1) % len(poly)]
            across = grid.cell_at((a[0] + b[0] - cx, a[1] + b[1] - cy))
            if across is None or across not in cells:
                out.append((a, b, cell))
    return out


GRIDS = [
    SquareGrid(36, 5, 4),
    HexGrid(54, 5, 4, "flat", "odd"),
    HexGrid(54, 4, 5, "pointy", "even"),
]


@settings(max_examples=120, deadline=None)
@given(grid=st.sampled_from(GRIDS), data=st.data())
def test_boundary_skipping_inner_cells_matches_probing_every_side(grid, data):
    cells = set(data.draw(st.lists(st.sampled_from(grid.cells()), unique=True)))
    assert _boundary(SimpleNamespace(grid=grid), cells) == _boundary_by_probing(grid, cells)


def test_boundary_of_a_whole_grid_is_its_rim():
    grid = SquareGrid(36, 5, 4)
    sides = _boundary(SimpleNamespace(grid=grid), set(grid.cells()))
    assert len(sides) == 2 * (5 + 4)


# ---- for_each copies filled from one template -------------------------------------

COPIES_GAME = """
    id: g
    title: G
    colours: {tribe-red: "#b03a2e", tribe-blue: "#2e5cb0"}
    counters:
      - id: "{type}-{tribe}"
        name: "{type} ({tribe})"
        size: 3/4
        blank: "--"
        for_each:
          tribe: [red, blue]
          type: [{type: farmer, f: "2", font: Times}, {type: soldier, f: null, font: Courier}]
        attrs: {side: people, strength: "{f}"}
        front:
          background: "tribe-{tribe}"
          border: {colour: "{tribe}", width: 2pt}
          text:
            - {text: "{type} {{elite}}", at: top, font: "{font}", colour: "#fff"}
            - {text: "F {f}", at: bottom, bold: true}
          icon: {name: star, colour: "{tribe}"}
        back: "{type}: {f}"
"""


def _defs(folder):
    from kitgen.build import load
    from kitgen.errors import Diagnostics

    return load(folder, Diagnostics()).counters.defs


def test_copies_from_the_template_equal_reading_each_copy(game_dir, monkeypatch):
    fast, plain = _fast_and_plain(game_dir, monkeypatch, COPIES_GAME)
    assert fast == plain
    assert [d.id for d in fast] == ["farmer-red", "soldier-red", "farmer-blue", "soldier-blue"]
    soldier = fast[3]
    assert soldier.attrs == {
        "tribe": "blue", "type": "soldier", "f": "", "font": "Courier",
        "side": "people", "strength": "--",
    }  # fmt: skip
    assert soldier.front.background == "#2e5cb0" and soldier.front.border == "#1f5fbf"
    assert [e.text for e in soldier.front.elements[:2]] == ["soldier {elite}", "F --"]
    assert soldier.front.elements[0].family == "Courier"
    assert soldier.back.elements[0].text == "soldier: --"
    assert soldier.path == "counters[0][tribe=blue][type=soldier][f=][font=Courier]"


SHARING_GAME = """
    id: g
    title: G
    counters:
      - id: "{side}-{n}"
        size: 3/4
        for_each: {side: [red, blue], unit: [{n: "1", s: "4-4"}, {n: "2", s: "4-4"}]}
        attrs: {army: north}
        front:
          text:
            - {text: "{s}", at: bottom}
            - {text: "{n}", at: top, colour: "{side}"}
            - {text: "fixed", at: centre}
          icon: {name: star, colour: "{side}"}
        back: "spent"
"""


def _fast_and_plain(game_dir, monkeypatch, yaml_text):
    """The defs read with the template filler, and read copy by copy (the oracle)."""
    from kitgen.source.counters import counters

    from .conftest import write_game
    from .test_copies_oracle import plain_entry

    write_game(game_dir, yaml_text)
    fast = _defs(game_dir)
    monkeypatch.setattr(counters, "_read_entry", plain_entry)
    return fast, _defs(game_dir)


def test_copies_share_what_their_template_does_not_change(game_dir, monkeypatch):
    fast, plain = _fast_and_plain(game_dir, monkeypatch, SHARING_GAME)
    assert fast == plain
    first, red2, blue1, blue2 = fast
    assert [d.id for d in fast] == ["red-1", "red-2", "blue-1", "blue-2"]
    # A face with no placeholder, and mappings and elements without one, are the same
    # objects in every copy made from the template.
    assert red2.back is blue1.back is blue2.back and red2.back == first.back
    assert red2.own_attrs is blue2.own_attrs and red2.own_attrs == {"army": "north"}
    assert red2.front.elements[2] is blue2.front.elements[2]
    # Copies with the same filled text share one element; a different colour is another.
    strength = [d.front.elements[0] for d in fast[1:]]
    assert strength[0] is strength[1] is strength[2] and strength[0].text == "4-4"
    number = [d.front.elements[1] for d in fast]
    assert (number[1].text, number[1].colour) == ("2", first.front.elements[1].colour)
    assert number[3].text == "2" and number[3].colour != number[1].colour
    assert number[3] is not number[1]
    icons = [d.front.elements[3] for d in fast]
    assert icons[2] is icons[3] and icons[1] is not icons[2]
    assert icons[1].colour == number[1].colour and icons[3].colour == number[3].colour


def test_an_icon_named_by_a_placeholder_is_checked_copy_by_copy(game_dir, monkeypatch):
    fast, plain = _fast_and_plain(
        game_dir,
        monkeypatch,
        """
        id: g
        title: G
        counters:
          - id: "c-{icon}"
            size: 3/4
            for_each: {icon: [star, shield]}
            front: {icon: "{icon}"}
        """,
    )
    assert fast == plain
    assert [d.front.elements[0].name for d in fast] == ["star", "shield"]


def test_for_each_rows_merge_later_ones_winning():
    from kitgen.model.counters import NO_ATTRS, merge_rows

    a, b, c = {"x": "1", "y": "1"}, {"y": "2", "z": "2"}, {"z": "3"}
    assert merge_rows((a,)) == a and merge_rows((a,)) is not a
    assert merge_rows((a, b)) == {"x": "1", "y": "2", "z": "2"}
    assert merge_rows((a, b, c)) == {"x": "1", "y": "2", "z": "3"}
    assert merge_rows((a, NO_ATTRS)) == a
    assert a == {"x": "1", "y": "1"} and b == {"y": "2", "z": "2"}  # the rows stay as read


def test_a_copy_the_template_cannot_fill_is_reported_as_before(game_dir, monkeypatch):
    from kitgen.source.counters import counters

    from .conftest import errors_of, write_game
    from .test_copies_oracle import plain_entry

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "c{n}"
            size: 3/4
            for_each: [{n: "1", c: red}, {n: "2", c: purpel}, {n: "3"}, {n: "x y", c: red}]
            front: {background: "{c}", text: "{n}"}
        """,
    )
    fast = errors_of(game_dir)
    monkeypatch.setattr(counters, "_read_entry", plain_entry)
    assert fast == errors_of(game_dir)
    where = f"{game_dir}/game.yaml"
    assert fast == [
        f"{where}:4:9: error: counters[0].id: bad id 'cx y' (use letters, digits, '-', "
        "'_' or '.', starting with a letter or digit, at most 64)",
        f"{where}:7:25: error: counters[0].front.background: unknown colour 'purpel' "
        "(did you mean 'purple'? use #rrggbb, black, white, red, ...)",
        f"{where}:7:25: error: counters[0].front.background: unknown placeholder {{c}} in "
        "'{c}' (known: {n})",
    ]


# ---- YAML by libyaml --------------------------------------------------------------


def test_libyaml_gives_the_nodes_pyyaml_gives(monkeypatch):
    from kitgen.source import yamlnodes

    from .conftest import CONTENT

    files = sorted(CONTENT.glob("*/*.yaml")) + sorted(CONTENT.glob("*/scenarios/*.yaml"))
    assert yamlnodes._FAST_LOADER is not None and len(files) > 10
    extra = "a: NO\nb: 1.10\nc: '1.10'\nd: |\n  x {y}\ne: [0101, ~, 2.5e3, yes]\nf: {g: -1}\n"
    fast = [yamlnodes.load_yaml(f) for f in files] + [yamlnodes.load_yaml_text(extra, "x")]
    monkeypatch.setattr(yamlnodes, "_FAST_LOADER", None)
    slow = [yamlnodes.load_yaml(f) for f in files] + [yamlnodes.load_yaml_text(extra, "x")]
    assert fast == slow
    assert fast[-1].get("a").plain and not fast[-1].get("c").plain


# ---- an image drawn again ---------------------------------------------------------


@pytest.mark.reportlab
def test_an_image_drawn_again_writes_what_drawimage_writes(tmp_path, monkeypatch):
    from PIL import Image as PILImage
    from reportlab.lib.utils import ImageReader

    from kitgen.layout.plan import Document, Group, Image, Page
    from kitgen.render import pdf
    from kitgen.source.pictures import read_picture
    from kitgen.units import PAPERS

    png = tmp_path / "i.png"
    PILImage.new("RGBA", (8, 8), (200, 0, 0, 128)).save(png)
    picture = read_picture(tmp_path, "i.png")
    ops = [Image(picture, 10.0 + 20 * k, 30.5, 17.46, 12.0) for k in range(3)]
    ops.append(Group((Image(picture, 0.0, 0.0, 5.0, 5.0),), dx=100.0, dy=100.0, key="k"))
    ops.append(Group((Image(picture, 0.0, 0.0, 5.0, 5.0),), dx=200.0, dy=100.0, key="k"))
    doc = Document("d", "D", [Page("x", ops=ops), Page("y", ops=list(ops))])
    fast = pdf.render_document(doc, PAPERS["letter"], "T")

    def plain(self, o):
        self.c.drawImage(ImageReader(io.BytesIO(o.picture.data)), o.x, o.y, o.w, o.h, mask="auto")

    monkeypatch.setattr(pdf.Painter, "op_Image", plain)
    assert fast == pdf.render_document(doc, PAPERS["letter"], "T")
    assert fast.count(b"/Subtype /Image") == 2  # the image and its soft mask, once


# ---- a face's boxes and one-line texts, worked out once -----------------------------

FACES_GAME = """
    id: g
    title: G
    counters:
      - id: "c{k}"
        size: 3/4
        for_each:
          - {k: "1", n: "1"}
          - {k: "2", n: "22"}
          - {k: "3", n: "A long name that wraps"}
          - {k: "4", n: "x\\ty"}
          - {k: "5", n: "WWWWWWWWWWW"}
        front:
          background: "#2e5cb0"
          border: black
          text:
            - {text: "{n}", at: top, size: 9pt, bold: true}
            - {text: "{n}/{n}", at: bottom-left, align: left}
            - {text: "{k}", at: bottom-right, align: right}
      - id: "h{k}"
        size: 5/8
        shape: hex
        for_each: [{k: "1", n: "1"}, {k: "2", n: "Two words"}]
        front:
          text: [{text: "{n}", at: top, size: 7pt}, {text: "{n} {n}", at: bottom, size: 6pt}]
          icon: star
      - id: "t{k}"
        size: 3/4
        for_each:
          - {k: "1", n: "One", m: "x"}
          - {k: "2", n: "Two", m: "y"}
          - {k: "3", n: "Some long words to wrap", m: "a\\nb"}
          - {k: "4", n: "Other long words that wrap", m: "c\\nd"}
          - {k: "5", n: "Two words", m: "e\\tf\\rg"}
        front:
          border: black
          text:
            - {text: "{n}", at: top, size: 7pt}
            - {text: "{m}", at: bottom, size: 6pt, wrap: false}
          icon: star
"""


@settings(max_examples=300, deadline=None)
@given(text=TEXTS | st.text(alphabet="a \r\f\v", max_size=6), width=st.floats(1, 80))
def test_a_sized_rows_line_count_is_the_lines_its_text_takes(text, width):
    from kitgen.layout.counters import faces
    from kitgen.layout.text import wrap
    from kitgen.model.counters import Place, TextEl

    env = SimpleNamespace(face=lambda bold, italic, family: FACE, fonts=FONTS)
    for wrap_lines in (True, False):
        el = TextEl(text, Place("top"), None, "", size=7.5, wrap=wrap_lines)
        lines = wrap(text, FACE, 7.5, width, FONTS) if wrap_lines else text.split("\n")
        assert faces._line_count(el, width, env) == len(lines)


class _Forgetful(dict):
    """A cache that never keeps anything."""

    def __setitem__(self, key, value):
        pass


def test_face_shortcuts_plan_what_the_full_fitting_plans(game_dir, monkeypatch):
    from kitgen.layout.counters import faces

    from .conftest import plan_game, write_game

    write_game(game_dir, FACES_GAME)

    def ops(p):
        return [op for doc in p.docs for page in doc.pages for op in page.ops]

    faces._LAYOUTS.clear()
    fast = plan_game(game_dir)
    assert faces._LAYOUTS  # the shared layouts were used
    fast_layouts = dict(faces._LAYOUTS)
    monkeypatch.setattr(faces, "_one_line", lambda *a: None)
    monkeypatch.setattr(faces, "_LAYOUTS", _Forgetful())
    slow = plan_game(game_dir)
    assert ops(fast) == ops(slow)
    assert [str(d) for d in fast.diags] == [str(d) for d in slow.diags]
    assert any("does not fit" in str(d) for d in fast.diags)  # long names took the full way
    # Rows sized by their texts: t1, t2 and t5 (one line over one) share a layout, t3 and
    # t4 (three over two) another, h1 and h2 one each.
    sized = [v for v in fast_layouts.values() if type(v) is faces._TextSized]
    assert sorted(len(v.layouts) for v in sized) == [2, 2]


def test_faces_laid_out_alike_share_a_layout_only_in_the_same_font(game_dir):
    from kitgen.build import load, plan
    from kitgen.errors import Diagnostics
    from kitgen.layout.counters import faces
    from kitgen.layout.plan import make_whole
    from kitgen.model.game import Settings
    from kitgen.units import PAPERS

    from .conftest import write_game

    fonts = FontBook([])  # one book for both games: only the game's font tells them apart

    def text_fonts(font: str) -> list[tuple[str, str]]:
        write_game(game_dir, f"id: g\ntitle: G\nfont: {font}\n" + SHARED_LAYOUT)
        game = load(game_dir, Diagnostics())
        docs = make_whole(plan(game, Settings(paper=PAPERS["letter"]), fonts, Diagnostics()))
        groups = [op for op in docs[0].pages[0].ops if type(op) is Group and op.key]
        return [(t.text, t.font.face) for g in groups for t in g.ops if type(t) is Text]

    faces._LAYOUTS.clear()
    assert text_fonts("Helvetica") == [("1", "Helvetica-Bold"), ("2", "Helvetica-Bold")]
    assert len(faces._LAYOUTS) == 1  # both designs took the one layout
    # The same pieces in another game's font: their own layout, not the first game's faces.
    assert text_fonts("Times") == [("1", "Times-Bold"), ("2", "Times-Bold")]
    assert len(faces._LAYOUTS) == 2


SHARED_LAYOUT = """
counters:
  - id: "c{k}"
    size: 3/4
    for_each: [{k: "1"}, {k: "2"}]
    front: {text: [{text: "{k}", at: top, size: 9pt, bold: true}]}
"""


# ---- manifest lines ---------------------------------------------------------------


def test_manifest_lines_are_what_json_dumps_writes():
    import json

    from kitgen.output import to_json

    values = [
        {"kind": "counter", "id": "u1-1", "page": 1, "bbox": [1.5, 2.25, -0.0, 1e-7, 1e22]},
        {"label": 'Größe "q" \\ \n', "turned": True, "seed": None, "window": [], "x": {}},
        {"nested": [{"a": [1, [2, {"b": "ü"}]]}], "big": 10**30, "neg": -3},
        [],
        "text",
    ]
    assert [to_json(v) for v in values] == [json.dumps(v) for v in values]


# ---- ASCII text in a standard font -------------------------------------------------


@pytest.mark.reportlab
def test_ascii_text_is_written_as_unicode2t1_writes_it(monkeypatch):
    from kitgen.layout.plan import Document, Font, Page, Text
    from kitgen.render import pdf
    from kitgen.units import PAPERS

    texts = ["1/25", "a (b) \\ c", "tab\there", "Größe", "x · y", "~`'\"{}", ""]
    ops = [
        Text(20.0, 20.0 + 12 * k, t, Font(face, size), "#000000", align)
        for k, t in enumerate(texts)
        for face in ("Helvetica", "Times-Bold", "Courier")
        for size in (9.0, 6.5)  # one face at two sizes: each selects its own
        for align in ("left", "centre")
    ]
    doc = Document("d", "D", [Page("x", ops=ops)])
    fast = pdf.render_document(doc, PAPERS["letter"], "T")
    plain_font = pdf.Painter._font

    def no_shortcut(self, face):
        font, names, _ = plain_font(self, face)
        return font, names, False

    monkeypatch.setattr(pdf.Painter, "_font", no_shortcut)
    assert fast == pdf.render_document(doc, PAPERS["letter"], "T")


@pytest.mark.reportlab
def test_rects_and_texts_kept_by_value_write_what_painting_each_afresh_writes():
    """op_Rect keeps each rect's colours and path, op_Text each text's operators, by the
    op's values: what they write must be what setting the colours and writing the path
    or text afresh writes, whatever was drawn before (equal ops made apart included)."""
    import io

    from reportlab.lib.rl_accel import fp_str
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.layout.plan import Font, Rect, Stroke
    from kitgen.render.pdf import Painter, _round_rect

    strokes = [
        None,
        Stroke("#444444", 0.5),
        Stroke("#444444", 0.5),  # equal, another object
        Stroke("none", 1.0),
        Stroke("#000000", 0.0),
        Stroke("#333333", 0.9, (0.6, 2.2)),
    ]
    rects = [
        Rect(1.0, 2.0, 30.0, 40.0, fill, stroke, radius)
        for fill in (None, "none", "#c0392b", "#2e86c1")
        for stroke in strokes
        for radius in (0.0, 3.0)
    ]
    texts = [
        Text(5.0, 6.0, "1/25", font, colour, align)
        for font in (Font("Helvetica", 9.0), Font("Helvetica", 9.0), Font("Courier", 9.0))
        for colour in ("#000000", "#ffffff")
        for align in ("left", "centre")
    ]
    ops = [*rects, *texts, *rects[::-1], *texts[::-1], *rects, *texts]
    fast = Painter(Canvas(io.BytesIO(), invariant=1))
    fast.draw(ops)
    plain = Painter(Canvas(io.BytesIO(), invariant=1))
    for op in ops:
        if type(op) is Text:
            plain._set_fill(op.colour)
            plain.code.append(plain._text(op))
            continue
        paint = plain._paint(op.fill, op.stroke)
        if paint:
            path = (
                _round_rect(op.x, op.y, op.w, op.h, op.radius)
                if op.radius
                else f"n {fp_str(op.x, op.y, op.w, op.h)} re"
            )
            plain.code.append(f"{path} {paint}")
    assert fast.code == plain.code
    assert len(fast.code) > len(ops)  # colours were set between the ops: a real test


@pytest.mark.reportlab
def test_hatching_drawn_again_writes_what_it_wrote_first(monkeypatch):
    from kitgen.layout.plan import Document, Line, Page, Path, Stroke
    from kitgen.render import pdf
    from kitgen.units import PAPERS

    band = ((10.0, 10.0), (60.0, 10.0), (60.0, 13.0), (10.0, 13.0))
    dark = Stroke("#000000", 1.0)

    grey = Stroke("#8c8c8c", 0.3)
    bands = [Path(((a, 92.0), (b, 92.0), (b, 95.0), (a, 95.0)), True, stroke=grey,
                  hatch="#8c8c8c") for a, b in ((1.5, 30.0), (78.0, 106.5))]  # fmt: skip

    def sheet(name):  # hatched bands at the same places on every sheet (a map's shading)
        return Page(name, ops=[
            *bands,
            Path(band, True, stroke=dark, hatch="#ff0000"),
            Line(0.0, 0.0, 9.0, 9.0, dark),  # the hatch's stroke must not be taken as set
            Path(band, True, stroke=dark, hatch="#0000ff"),  # same place, another colour
            *bands,
        ])  # fmt: skip

    doc = Document("d", "D", [sheet("a"), sheet("b")])
    fast = pdf.render_document(doc, PAPERS["letter"], "T")
    plain_init = pdf.Painter.__init__

    def forgetful(self, *args, **kwargs):
        plain_init(self, *args, **kwargs)
        self._hatches = _Forgetful()

    monkeypatch.setattr(pdf.Painter, "__init__", forgetful)
    assert fast == pdf.render_document(doc, PAPERS["letter"], "T")


# ---- counter sheets made as they are drawn -----------------------------------------

STREAM_GAME = """
    id: g
    title: G
    counters:
      - id: "c{n}"
        size: 3/4
        quantity: 2
        for_each: {n: ["1", "2", "3"]}
        front: {background: "#2e5cb0", text: "{n}"}
        back: {text: "back {n}"}
      - id: "h{n}"
        size: 5/8
        shape: hex
        for_each: {n: ["1", "2"]}
        front: {text: "{n}", icon: star}
      - {id: solo, size: 1, front: {text: "only one"}, back: "its back"}
"""


def _sheets_placed_whole(docs, env) -> list:
    """The oracle: each counter sheet planned whole, the plain way (every piece placed
    at once, its faces made with one mapping that forgets nothing, crop marks after
    the pieces), from the pieces each Pieces op holds. Documents of new pages."""
    from kitgen.layout.counters.counters import _place_back_ops, _place_ops, butted_sides
    from kitgen.layout.plan import Pieces
    from kitgen.records import replace

    out = []
    for doc in docs:
        forms: dict = {}
        pages = []
        for page in doc.pages:
            ops: list = []
            for op in page.ops:
                if type(op) is not Pieces:
                    ops.append(op)
                    continue
                placed: list = []
                marks: list = []
                sides = butted_sides(op.pieces, op.side, env)
                for slot, x, y in op.pieces:
                    if op.side == "front":
                        _place_ops(slot, x, y, placed, marks, forms, env, sides)
                    elif slot.d.back is not None:
                        _place_back_ops(slot, x, y, placed, forms, env, sides)
                ops += placed + marks
            pages.append(replace(page, ops=ops))
        out.append(replace(doc, pages=pages))
    return out


def _keys(ops) -> list[str]:
    """The key of every keyed group the ops place, nested ones too."""
    found, stack = [], [op for op in ops if type(op) is Group]
    while stack:
        g = stack.pop()
        if g.key is not None:
            found.append(g.key)
        stack.extend(op for op in g.ops if type(op) is Group)
    return found


@pytest.mark.parametrize(
    "settings",
    [{}, {"duplex": "long"}, {"duplex": "short", "bleed": 9.0}, {"bleed": 4.5}],
)
def test_sheets_made_when_drawn_are_the_sheets_planned_whole(game_dir, settings):
    from collections import Counter

    from kitgen.build import draw, font_book, load, manifest_for, plan
    from kitgen.errors import Diagnostics
    from kitgen.layout.env import PlanEnv
    from kitgen.layout.plan import Pieces, make_whole
    from kitgen.model.game import Settings
    from kitgen.units import PAPERS

    from .conftest import write_game

    write_game(game_dir, STREAM_GAME)
    game = load(game_dir, Diagnostics())
    s = Settings(paper=PAPERS["letter"], **settings)
    fonts = font_book(game)
    docs = plan(game, s, fonts, Diagnostics())
    pieces = [op for doc in docs for page in doc.pages for op in page.ops if type(op) is Pieces]
    assert pieces and all(len(op.pieces) for op in pieces)
    whole = _sheets_placed_whole(docs, PlanEnv(game, s, fonts, Diagnostics()))
    # What the renderer is told before drawing is what the ops place.
    for op in pieces:
        assert Counter(op.maker.keys(op.pieces, op.side)) == Counter(
            _keys(op.maker.ops(op.pieces, op.side))
        )
    maker = pieces[0].maker
    assert maker.forms == {}  # each face let go once its last copy was placed
    pdfs = draw(game, whole, s)
    made_pdfs = draw(game, docs, s, release=True)
    assert made_pdfs == pdfs
    assert maker.forms == {} and maker.left == {}
    assert manifest_for(game, s, docs, made_pdfs) == manifest_for(game, s, whole, pdfs)
    # drawn with release, no page keeps its ops
    assert all(p.ops == [] for doc in docs for p in doc.pages)
    again = make_whole(plan(game, s, fonts, Diagnostics()))
    assert [p.ops for d in again for p in d.pages] == [p.ops for d in whole for p in d.pages]
    assert not any(type(op) is Pieces for d in again for p in d.pages for op in p.ops)


def _plain_entries(docs) -> list[dict]:
    """The oracle: each item's manifest entry built as a mapping, the plain way."""
    entries = []
    for doc in docs:
        for number, page in enumerate(doc.pages, start=1):
            for item in page.items:
                entry = {
                    "kind": item.kind,
                    "id": item.id,
                    "piece": item.piece,
                    "file": f"{doc.name}.pdf",
                    "page": number,
                    "side": item.side,
                    "bbox": [round(v, 4) for v in item.bbox],
                }
                entry.update(item.extra)
                entries.append(entry)
    return entries


def test_manifest_written_item_by_item_is_the_whole_manifest(game_dir):
    import json

    from kitgen.build import manifest_head, manifest_item_lines
    from kitgen.output import manifest_chunks, manifest_json

    from .conftest import build_pdfs, write_game

    write_game(game_dir, STREAM_GAME)
    planned, pdfs, whole = build_pdfs(game_dir, duplex="long")
    head = manifest_head(planned.game, planned.settings, planned.docs, pdfs)
    plain = manifest_json({**head, "items": _plain_entries(planned.docs)})
    written = b"".join(manifest_chunks({**head, "items": manifest_item_lines(planned.docs)}))
    assert written == plain
    assert json.loads(plain) == json.loads(manifest_json(whole))  # manifest_for: the same
    assert len(whole["items"]) > 10
    empty = manifest_json({**head, "items": iter([])})
    assert empty == manifest_json({**head, "items": []})


def test_an_unknown_font_on_a_streamed_sheet_is_an_input_error(game_dir):
    from .conftest import run_cli, write_game

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 3/4, front: {text: [{text: A, font: Comic}]}}
        """,
    )
    r = run_cli("build", str(game_dir), "-o", str(game_dir.parent / "out"), "-q")
    assert r.exit_code == 1  # an input error, not kitgen's own (3)
    assert "unknown font family 'Comic'" in r.stderr


def test_manifest_item_lines_are_the_entries_encoded():
    """manifest_item_lines writes each entry from a template; json writes the same text
    for every kind of item: extra fields, a key reused by an extra, text json must
    escape, a field that is not text, boxes shared and odd."""
    import json

    from kitgen.build import manifest_item_lines, manifest_items
    from kitgen.layout.plan import Document, Item, Page

    box = (27.0, 700.123456, 81.0, 754.0)
    items = [
        Item("counter", "u1-1", "u1-1#1", "front", box),
        Item("counter", "u1-2", "u1-2#1", "front", box),  # the same box again
        Item("tile", "map/é", 'a "quoted"\\piece', "back", (0.1, 0.2, 1e-9, 3), {"scale": 0.5}),
        Item("map", "m", "m#1", "front", [1, 2, 3, 4], {"side": "both", "true_size": False}),
        Item("card", None, "c#1", "front", box, {"n": [1, {"x": None}], 7: "seven"}),  # type: ignore[arg-type]
    ]
    docs = [
        Document("counters", "t", [Page("Counters", items=items[:3]), Page("Maps")]),
        Document("extra", "t", [Page("More", items=items[3:])]),
    ]
    lines = list(manifest_item_lines(docs))
    assert lines == [json.dumps(entry) for entry in _plain_entries(docs)]
    values = manifest_items(docs)  # read back: JSON's values (a tuple is a list)
    assert values[0]["bbox"] == [27.0, 700.1235, 81.0, 754.0] and values[2]["scale"] == 0.5
    assert '"page": 1' in lines[0] and '"file": "extra.pdf"' in lines[3]


def test_manifest_written_in_chunks_is_the_text_joined_whole():
    # manifest_chunks yields its text every FLUSH_PARTS pieces: with items enough for
    # several flushes, it must still be the plain joining of the same lines.
    import json

    from kitgen.output import FLUSH_PARTS, Encoded, manifest_json

    items = [{"id": f"p{i}", "box": [i, i / 3], "name": "é"} for i in range(FLUSH_PARTS + 7)]
    head = {"game": "g", "files": [{"path": "a.pdf", "pages": 2}], "seed": None}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in head.items()]
    lines[1] = '  "files": [\n    ' + json.dumps(head["files"][0]) + "\n  ]"
    body = ",\n".join("    " + json.dumps(v) for v in items)
    plain = "{\n" + ",\n".join([*lines, f'  "items": [\n{body}\n  ]']) + "\n}\n"
    encoded = iter([Encoded(json.dumps(v)) for v in items])
    assert manifest_json({**head, "items": encoded}) == plain.encode("utf-8")
    assert manifest_json({**head, "items": items}) == plain.encode("utf-8")
    assert json.loads(manifest_json({**head, "items": iter(items)}))["items"] == items


# ---- what a big build keeps while it draws (issue 8, memory) ------------------------


@pytest.mark.reportlab
def test_pages_compressed_as_drawn_are_the_bytes_reportlab_writes(game_dir, monkeypatch):
    # Each page is compressed as soon as it is finished, not held as text until the
    # document is written: the PDF must be byte for byte what ReportLab writes itself.
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.build import draw
    from kitgen.render import pdf

    from .conftest import plan_game, write_game

    write_game(game_dir, STREAM_GAME)
    planned = plan_game(game_dir, duplex="long")
    held: list = []
    real_save = Canvas.save

    def save(canvas):
        held.extend(p.stream for p in canvas._doc.Pages.pages)
        real_save(canvas)

    monkeypatch.setattr(Canvas, "save", save)
    sealed = draw(planned.game, planned.docs, planned.settings)
    assert len(held) > 2 and held == [None] * len(held)  # no page kept as text
    monkeypatch.setattr(pdf, "seal_page", lambda canvas: None)
    held.clear()
    assert draw(planned.game, planned.docs, planned.settings) == sealed
    assert held and all(held)  # the plain run did hold them: the comparison means something


def test_a_key_placed_once_is_drawn_inline_and_let_go():
    import io

    from reportlab.pdfgen.canvas import Canvas

    from kitgen.layout.plan import Group, Rect
    from kitgen.render.pdf import Painter

    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=0)
    painter = Painter(c, once={"solo"})
    art = (Rect(0, 0, 9, 9, fill="#ff0000"),)
    painter.draw([Group(art, dx=5, key="solo"), Group(art, dx=20, key="twice")])
    painter.draw([Group(art, dx=35, key="twice")])
    assert painter.once == set()  # nothing of a drawn piece outlives it
    c.showPage()
    c.save()
    assert buf.getvalue().count(b"/Subtype /Form") == 1  # "twice" only
    assert buf.getvalue().count(b" Do") == 2


def test_copies_share_their_for_each_rows_and_work_out_attrs_and_path(game_dir):
    # A product's rows are held once and shared by its copies: no dict of attrs and no
    # path text per copy (ten thousand copies held 2.8 MiB of them).
    from .conftest import write_game

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "{side}-{n}"
            size: 1/2
            for_each: {side: [red, blue], unit: [{n: "1", q: A}, {n: "2", q: B}]}
            attrs: {label: "{q}{n}", side: overridden}
            front: {text: "{n}"}
          - {id: solo, size: 1, front: {text: "only one"}}
        """,
    )
    defs = _defs(game_dir)
    red2, blue2 = defs[1], defs[3]  # made from the template
    assert (red2.id, blue2.id) == ("red-2", "blue-2")
    assert red2.variant[1] is blue2.variant[1]  # one row {n: 2, q: B}, not a copy each
    assert red2.variant[0] is defs[0].variant[0]  # and one {side: red}
    assert red2.attrs == {"side": "overridden", "n": "2", "q": "B", "label": "B2"}
    assert red2.path == "counters[0][side=red][n=2][q=B]" and red2.entry == "counters[0]"
    red2.attrs["n"] = "changed"  # a fresh dict each time: the shared rows stay as read
    assert blue2.attrs["n"] == "2"
    solo = defs[-1]
    assert solo.path == "counters[1]" and solo.attrs == {} and solo.variant == ({},)


def test_items_with_nothing_extra_share_one_read_only_mapping(game_dir):
    from kitgen.layout.plan import NO_EXTRA

    from .conftest import plan_game, write_game

    write_game(game_dir, STREAM_GAME)
    items = [i for doc in plan_game(game_dir).docs for p in doc.pages for i in p.items]
    plain = [i for i in items if not i.extra]
    folds = [i for i in items if "fold_line" in i.extra]
    assert len(plain) == 2 and all(i.extra is NO_EXTRA for i in plain)  # h1, h2
    assert len(folds) == 2 * 7  # c1-c3 two copies each, and solo: front and back halves
    with pytest.raises(TypeError):
        NO_EXTRA["x"] = 1  # type: ignore[index]


# ---- lengths in whole numbers, not fractions.Fraction (start-up) --------------------


def _length_by_fractions(sign: str, whole: int | None, num: str, den: str | None, unit: str):
    from fractions import Fraction

    per = {"in": Fraction(72), "mm": Fraction(720, 254), "cm": Fraction(7200, 254)}
    value = Fraction(num) / (Fraction(den) if den else 1) + (whole or 0)
    return float((-value if sign == "-" else value) * per.get(unit, Fraction(1)))


_DIVISOR = st.from_regex(r"\A[0-9]{1,4}(\.[0-9]{0,4})?\Z")  # as units._LENGTH reads them
_DECIMAL = _DIVISOR | st.from_regex(r"\A\.[0-9]{1,4}\Z")


@settings(max_examples=400, deadline=None)
@given(
    sign=st.sampled_from(["", "-", "+"]),
    whole=st.none() | st.integers(0, 99),
    num=_DECIMAL,
    den=st.none() | _DIVISOR.filter(lambda t: float(t) != 0),
    unit=st.sampled_from(["in", "mm", "cm", "pt"]),
)
def test_lengths_are_the_floats_exact_fractions_give(sign, whole, num, den, unit):
    from kitgen.units import MAX_LENGTH_PT, UnitError, parse_length

    if whole is not None and (den is None or "." in num):
        whole = None  # "1 1/2in" only: a whole number before a plain fraction
    head = "" if whole is None else f"{whole} "
    text = f"{sign}{head}{num}{'' if den is None else '/' + den}{unit}"
    exact = _length_by_fractions(sign, whole, num, den, unit)
    if abs(exact) > MAX_LENGTH_PT:  # past the cap (docs/security.md): refused, never rounded
        with pytest.raises(UnitError, match="is more than 1,000in"):
            parse_length(text)
        return
    assert parse_length(text) == exact


@given(st.integers(-2000, 2000) | st.sampled_from([63.5, 88.9, 57.15, 44.45, 0.3, 2.5, 1e-3]))
def test_mm_is_the_float_exact_fractions_give(value):
    from fractions import Fraction

    from kitgen.units import mm

    assert mm(value) == float(Fraction(value).limit_denominator(10**6) * Fraction(720, 254))


# ---- counter sheets: work per design, not per copy ----------------------------------


@pytest.mark.parametrize("settings", [{}, {"duplex": "long"}, {"bleed": 4.5}])
def test_copies_sorted_by_design_are_in_the_order_sorting_every_copy_gives(game_dir, settings):
    from kitgen.layout.counters.counters import _bleed, _Slot, _slots
    from kitgen.layout.env import PlanEnv
    from kitgen.layout.marks import piece_room

    from .conftest import plan_game, write_game

    big = "      - {id: big, size: 1, quantity: 3, front: {text: B}}\n"  # taller, listed last
    write_game(game_dir, STREAM_GAME + big)
    p = plan_game(game_dir, **settings)
    cs = p.game.counters
    env = PlanEnv(p.game, p.settings, None, p.diags)
    duplex = "duplex" in settings
    slots, sizes = _slots(cs, duplex, env)
    plain = []
    for d in cs.defs:
        fold, bleed = d.back is not None and not duplex, _bleed(d, env)
        room = piece_room(d.width, d.height, bleed, fold)
        plain += [
            _Slot(d, n, fold, bleed, room, face_bleed=bleed) for n in range(1, d.quantity + 1)
        ]
    plain.sort(key=lambda s: -s.size[1])
    assert slots == plain
    assert sizes == [s.size for s in plain]
    assert len({s.size for s in plain}) > 2  # sizes to sort: a real test
    # Equal sizes are one tuple (ten thousand designs of one size held one each: 1 MiB).
    assert len({id(size) for size in sizes}) == len(set(sizes))


@settings(max_examples=200, deadline=None)
@given(
    sizes=st.lists(st.tuples(st.floats(1, 100), st.floats(1, 100)), max_size=40),
    gutter=st.sampled_from([0.0, 9.0]),
)
def test_packed_spots_come_in_slot_order_unsorted(sizes, gutter):
    from kitgen.layout.impose import pack

    spots = pack(sizes, (0.0, 0.0, 200.0, 150.0), gutter)
    assert [s.index for s in spots] == list(range(len(sizes)))


def test_form_keys_are_the_keys_formatted_whole():
    from kitgen.layout.counters.counters import _form_key

    for ident in ("u1-1", "a:b", "é"):
        d = SimpleNamespace(id=ident)
        for side in ("front", "back"):
            for bleed in (0.0, 4.5, 9.0, 1 / 3, 2.0, 0.0):  # again: from the cache
                assert _form_key(d, side, bleed) == f"counter:{ident}:{side}:{bleed:g}"


# ---- ordinary dice summed by a sliding window -------------------------------------


def _sum_by_convolving(faces: tuple[int, ...], count: int) -> dict[int, int]:
    """The oracle: `count` dice added one at a time, every pair of totals multiplied out."""
    totals = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, ways in totals.items():
            for face in faces:
                step[total + face] = step.get(total + face, 0) + ways
        totals = step
    return totals


@settings(max_examples=200, deadline=None)
@given(
    low=st.integers(-3, 5),
    sides=st.integers(1, 9),
    copies=st.integers(1, 3),
    count=st.integers(1, 7),
)
def test_ordinary_dice_sum_as_adding_each_die_does(low, sides, copies, count):
    """`_sum_of_uniform` (each face `copies` times: equal weights) is the only way kitgen
    adds ordinary dice; adding the dice plainly, one by one, gives the same weights."""
    from kitgen.chance import dice

    faces = tuple(f for f in range(low, low + sides) for _ in range(copies))
    die = dice._die_weights(faces)
    assert len(set(die.counts)) == 1  # ordinary: what _sum_of sends the fast way
    fast = dice._sum_of(die, count)
    assert fast.total == len(faces) ** count
    got = {fast.low + i: w for i, w in enumerate(fast.counts) if w}
    assert got == _sum_by_convolving(faces, count)
