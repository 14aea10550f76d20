"""Fuzzing the loader and the image and font checks: whatever the bytes, the answer is
a kit or a positioned error, never anything else (issue 21).

Brief in `make test`; `make fuzz` (KITGEN_FUZZ=1) runs many more examples.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kitgen.build import check, load
from kitgen.errors import Diagnostics, KitError
from kitgen.files import FileRefused
from kitgen.render.fonts import FontError, _register_ttf
from kitgen.source.pictures import read_picture

LONG = bool(os.environ.get("KITGEN_FUZZ"))
FUZZ = settings(
    max_examples=2000 if LONG else 40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

SECTIONS = [
    "id", "title", "paper", "font", "colours", "cover", "counters", "maps", "tracks",
    "tables", "texts", "sheets", "cards", "threats", "generators", "labels", "templates",
    "rules", "include",
]  # fmt: skip
KEYS = [
    "id", "size", "quantity", "for_each", "front", "back", "text", "icon", "image", "name",
    "scale", "at", "colour", "shape", "cell", "layout", "legend", "terrains", "compose",
    "columns", "rows", "roll", "items", "from", "to", "step", "blanks", "records", "kind",
    "spread", "depth", "square", "rule", "units", "groups", "count", "role", "pieces",
]  # fmt: skip
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["1in", "3/4", "19mm", "2d6", "red", "#ff0000", "A1", "x", "{a}", "rest",
                     "hex", "square", "person", "0101", "a.png", "../x.yaml", "/dev/zero"]),
    st.text(max_size=30),
)  # fmt: skip
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(KEYS), inner, max_size=5),
    ),
    max_leaves=25,
)
GAMES = st.dictionaries(st.sampled_from(SECTIONS), VALUES, max_size=6)


def _game(folder: Path, text: str | bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    (folder / "game.yaml").write_bytes(data)
    return folder


def _load_and_check(folder: Path) -> list:
    """Only KitError may come out: anything else is what the CLI calls an internal error.
    Returns what was said: nothing or warnings for a game that loads, errors for one that
    is refused."""
    diags = Diagnostics()
    try:
        check(load(folder, diags), diags)
    except KitError as exc:
        assert exc.diagnostics, "an input error with nothing to say"
        return list(exc.diagnostics)
    return list(diags)


@FUZZ
@given(GAMES)
def test_any_game_structure_loads_or_is_refused(tmp_path_factory, game):
    text = yaml.safe_dump(game, allow_unicode=True)
    said = _load_and_check(_game(tmp_path_factory.mktemp("g"), text))
    assert all(d.severity in ("error", "warning") and d.message for d in said)


@FUZZ
@given(st.binary(max_size=400) | st.text(max_size=400))
def test_any_bytes_as_game_yaml_load_or_are_refused(tmp_path_factory, data):
    said = _load_and_check(_game(tmp_path_factory.mktemp("g"), data))
    assert all(d.severity in ("error", "warning") and d.message for d in said)


def _png() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGBA", (16, 12), (10, 20, 30, 128)).save(out, "PNG")
    return out.getvalue()


def _jpeg() -> bytes:
    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (16, 12), "#abcdef").save(out, "JPEG")
    return out.getvalue()


SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
    b'<g><rect width="4" height="4" fill="red"/><circle cx="6" cy="6" r="3"/></g></svg>'
)
SEEDS = {".png": _png(), ".jpg": _jpeg(), ".svg": SVG}


def _mutated(data: bytes, edits: list[tuple[int, int]], cut: int | None) -> bytes:
    out = bytearray(data)
    for at, value in edits:
        out[at % len(out)] = value
    return bytes(out[:cut] if cut is not None else out)


@FUZZ
@given(
    st.sampled_from(sorted(SEEDS)),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=8),
    st.none() | st.integers(0, 2000),
    st.binary(max_size=64),
)
def test_image_bytes_are_verified_or_refused(tmp_path_factory, suffix, edits, cut, tail):
    folder = tmp_path_factory.mktemp("img")
    (folder / f"a{suffix}").write_bytes(_mutated(SEEDS[suffix], edits, cut) + tail)
    try:
        picture = read_picture(folder, f"a{suffix}")
    except FileRefused as exc:
        assert exc.message
        return
    assert picture.data and picture.kind in ("png", "jpeg", "svg")


def _vera() -> bytes:
    import reportlab

    return (Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes()


VERA = _vera()
_FACES = iter(range(10**9))


@FUZZ
@given(
    st.lists(st.tuples(st.integers(0, len(VERA) - 1), st.integers(0, 255)), max_size=6),
    st.none() | st.integers(0, len(VERA)),
    st.booleans(),
)
def test_font_bytes_are_checked_or_refused(tmp_path_factory, edits, cut, head_only):
    """Changes in the table directory and the tables ReportLab walks first."""
    if head_only:
        edits = [(at % 2048, value) for at, value in edits]
    folder = tmp_path_factory.mktemp("font")
    (folder / "F.ttf").write_bytes(_mutated(VERA, edits, cut))
    face = f"Fuzz{next(_FACES)}"
    try:
        _register_ttf(face, str(folder), "F.ttf")
    except FontError as exc:
        assert exc.message
        return
    _draw_with(face)


def _draw_with(face: str) -> None:
    """Glyphs are copied into the PDF when it is saved: a damaged glyph table fails there,
    as the build reports it (build.draw names the font file)."""
    from reportlab.pdfgen.canvas import Canvas

    from kitgen.render.rl_private import font_file_at_fault

    c = Canvas(io.BytesIO())
    c.setFont(face, 10)
    c.drawString(10, 10, "Hello, kit 0123")
    try:
        c.save()
    except Exception as exc:  # noqa: BLE001  # what build.draw turns into an input error
        assert font_file_at_fault(exc) is not None, repr(exc)


# ---- spreadsheets (issue 39): whatever a CSV or XLSX holds, records or an error

SHEET_GAME = """\
id: sheet
title: Sheet
counters:
  - id: "u-{name}"
    for_each: {file: FILE}
    size: 3/4in
    front: {text: "{name}"}
"""
CSV_PIECES = st.sampled_from(
    ["name", ",", ";", "\t", "|", '"', '""', "\n", "\r", "\r\n", "a", "1", "0", ".", "-", "e",
     "1e999", " ", "\x00", "\ufeff", "\u202e", "9" * 40, ",,,,,,,,"]
)  # fmt: skip
CSV_BYTES = (
    st.binary(max_size=400)
    | st.lists(CSV_PIECES, max_size=60).map(lambda parts: "".join(parts).encode("utf-8"))
    | st.tuples(st.integers(0, 3000), st.sampled_from([",", '","', "1,", ";"])).map(
        lambda wide: ("name\n" + wide[1] * wide[0] + "\n").encode()
    )
)
XML_PIECES = st.sampled_from(
    ["<row>", "</row>", '<row r="2">', '<row r="0">', '<row r="1e9">', "<c>", "</c>",
     '<c r="B2">', '<c r="XFD2">', '<c r="XFE2">', '<c r="A">', '<c r="A1048577">', '<c t="s">',
     '<c t="b">', '<c t="d">', '<c t="e">', '<c t="str">', '<c t="inlineStr">', '<c s="7">',
     '<c s="x">', "<v>", "</v>", "<is><t>", "</t></is>", "<f>A1</f>", "1", "-1", "2.5", "x",
     "1e999", "99999999999", "&amp;", "&#0;", "&#x1b;", "<![CDATA[1]]>"]
)  # fmt: skip


def _xlsx_bytes(rows: str, strings: str, edits, cut) -> bytes:
    from tests.test_sheet_bounds import HEAD, workbook

    return _mutated(workbook(HEAD + rows, "<si><t>name</t></si>" + strings), edits, cut)


XLSX_BYTES = st.builds(
    _xlsx_bytes,
    st.lists(XML_PIECES, max_size=40).map("".join),
    st.lists(st.sampled_from(["<si><t>a</t></si>", "<si>", "</si>", "<si/>", "<r><t>b</t></r>"]),
             max_size=6).map("".join),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), max_size=3),
    st.none() | st.integers(0, 3000),
)  # fmt: skip


@FUZZ
@given(st.one_of(CSV_BYTES.map(lambda d: ("u.csv", d)), XLSX_BYTES.map(lambda d: ("u.xlsx", d))))
def test_any_spreadsheet_bytes_give_records_or_errors(tmp_path_factory, sheet):
    """Broken zips, odd XML, wide rows, long numbers: never an internal error."""
    name, data = sheet
    folder = _game(tmp_path_factory.mktemp("sheet"), SHEET_GAME.replace("FILE", name))
    (folder / name).write_bytes(data)
    said = _load_and_check(folder)
    # refused or read: whatever is said is a placed error or warning in words, never silence
    # about a refused file (an error with no message) nor an unplaced one
    assert all(d.severity in ("error", "warning") and d.message and d.span for d in said)
