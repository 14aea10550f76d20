"""Fonts by family: built in, shipped with ReportLab, or TTF files beside the game."""

import shutil
from pathlib import Path

import pytest
import reportlab

from kitgen.errors import KitError
from kitgen.layout.plan import Text
from kitgen.render.fonts import FontBook

from .conftest import build_pdfs, errors_of, write_game

pytestmark = pytest.mark.reportlab  # fonts as the installed ReportLab reads and measures them

VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def test_standard_and_vera_families_need_nothing_installed():
    book = FontBook()
    assert book.face("Helvetica", bold=True) == "Helvetica-Bold"
    assert book.face("Times", italic=True) == "Times-Italic"
    vera = book.face("Vera")
    assert book.width("WWW", vera, 10) > book.width("iii", vera, 10)


def _texts(ops) -> list[Text]:
    """Every text of a page's ops, inside groups too (a cover's parts are groups)."""
    from kitgen.layout.plan import Group

    out = []
    for op in ops:
        if isinstance(op, Text):
            out.append(op)
        elif isinstance(op, Group):
            out += _texts(op.ops)
    return out


def test_a_ttf_beside_the_game_is_usable_by_family(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Nice\ncover: {subtitle: hello}\n")
    shutil.copy(VERA, game_dir / "Nice-Regular.ttf")
    planned, pdfs, _ = build_pdfs(game_dir)
    faces = {op.font.face for op in _texts(planned.docs[0].pages[0].ops)}
    assert "Nice-0" in faces  # the game's text uses the family found beside it
    assert b"/FontFile2" in pdfs["cover.pdf"]  # and the TrueType file is embedded


def test_unknown_family_is_an_error_at_its_line(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Comic\n")
    (msg,) = errors_of(game_dir)
    assert msg.startswith(
        f"{game_dir / 'game.yaml'}:2:7: error: font: unknown font family 'Comic' "
        "(available: Courier, Helvetica, Times, Vera"
    )


def test_a_broken_font_file_is_named(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Broken\n")
    (game_dir / "Broken-Regular.ttf").write_bytes(b"\x00\x01\x00\x00" + b"garbage" * 100)
    (msg,) = errors_of(game_dir)
    assert msg == (
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Broken-Regular.ttf' "
        "cannot be used: its table count 26465 is not a real font's"
    )


def test_a_cff_font_is_refused_with_a_hint(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Cff\n")
    (game_dir / "Cff-Regular.otf").write_bytes(b"OTTO" + b"\x00" * 200)
    (msg,) = errors_of(game_dir)
    assert msg == (
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Cff-Regular.otf' cannot be "
        "used: it has PostScript (CFF) outlines, which cannot be embedded "
        "(use a TrueType (.ttf) version of the font)"
    )


def _game_with_font(game_dir: Path, data: bytes | None = None) -> Path:
    write_game(game_dir, "title: T\nfont: Bad\ncover: {subtitle: hello}\n")
    font = game_dir / "Bad-Regular.ttf"
    if data is not None:
        font.write_bytes(data)
    return font


def test_a_truncated_font_is_named(game_dir: Path):
    _game_with_font(game_dir, VERA.read_bytes()[:20_000])
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Bad-Regular.ttf' cannot be "
        "used: a table reaches past the end of the file"
    ]


def test_random_bytes_are_not_a_font(game_dir: Path):
    _game_with_font(game_dir, bytes(range(256)) * 40)
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Bad-Regular.ttf' cannot be "
        "used: it is not a TrueType font"
    ]


def test_a_huge_font_is_refused_before_reading(game_dir: Path, monkeypatch):
    import kitgen.render.fonts as fonts

    monkeypatch.setattr(fonts, "MAX_FONT_BYTES", 1000)
    _game_with_font(game_dir, VERA.read_bytes())
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Bad-Regular.ttf' is more than "
        "the 1,000 bytes allowed (see docs/security.md for the caps)"
    ]


def test_a_folder_named_like_a_font_is_an_error(game_dir: Path):
    font = _game_with_font(game_dir)
    font.mkdir()
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file 'Bad-Regular.ttf' is a folder, "
        "not a file"
    ]


def test_a_font_whose_glyphs_cannot_be_embedded_is_named(game_dir: Path):
    # The glyph table's contents are garbage: the font registers (its tables are all
    # there, metrics are fine) and fails only when the used glyphs are copied into the PDF.
    FontBook().face("Vera")  # a good file of the same font, registered first, must not stand in
    data = bytearray(VERA.read_bytes())
    offset, length = _table(data, b"glyf")
    data[offset : offset + length] = b"\xff" * length
    font = _game_with_font(game_dir, bytes(data))
    with pytest.raises(KitError) as info:
        build_pdfs(game_dir)
    assert [str(d) for d in info.value.diagnostics] == [
        f"{game_dir / 'game.yaml'}:2:7: error: font: broken font file {font}: its glyphs "
        "cannot be embedded (list index out of range) "
        "(replace the file with a good copy of the font)"
    ]


def _table(data: bytes, tag: bytes) -> tuple[int, int]:
    """(offset, length) of a TrueType table, read from the table directory."""
    import struct

    for i in range(struct.unpack_from(">H", data, 4)[0]):
        found, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if found == tag:
            return offset, length
    raise AssertionError(tag)


def test_a_font_in_the_fonts_folder_is_usable_by_family(
    game_dir: Path, tmp_path: Path, monkeypatch
):
    import kitgen.build as build

    shared = tmp_path / "fonts"
    shared.mkdir()
    shutil.copy(VERA, shared / "Shared-Regular.ttf")
    monkeypatch.setattr(build, "FONTS_DIR", shared)
    write_game(game_dir, "title: T\nfont: Shared\ncover: {subtitle: hello}\n")
    planned, pdfs, _ = build_pdfs(game_dir)
    faces = {op.font.face for op in _texts(planned.docs[0].pages[0].ops)}
    assert "Shared-0" in faces and b"/FontFile2" in pdfs["cover.pdf"]


def test_the_repository_fonts_folder_is_searched(game_dir: Path):
    from kitgen.build import font_book, load
    from kitgen.errors import Diagnostics

    from .conftest import ROOT

    write_game(game_dir, "title: T\n")
    (game_dir / "fonts").mkdir()
    book = font_book(load(game_dir, Diagnostics()))
    assert book.places == [(game_dir, "."), (game_dir, "fonts"), (ROOT / "fonts", ".")]


def test_two_games_with_a_family_of_the_same_name_keep_their_own_files(tmp_path: Path):
    # One run builds both: the second game's "Hand" must not be drawn with the first's file.
    a = write_game(tmp_path / "a", "title: A\nfont: Hand\ncover: {subtitle: hello}\n")
    b = write_game(tmp_path / "b", "title: B\nfont: Hand\ncover: {subtitle: hello}\n")
    shutil.copy(VERA, a / "Hand-Regular.ttf")
    shutil.copy(VERA.parent / "VeraBd.ttf", b / "Hand-Regular.ttf")
    _, pdfs_a, _ = build_pdfs(a)
    planned_b, pdfs_b, _ = build_pdfs(b)
    assert b"BitstreamVeraSans-Roman" in pdfs_a["cover.pdf"]
    assert b"BitstreamVeraSans-Bold" in pdfs_b["cover.pdf"]
    assert b"BitstreamVeraSans-Roman" not in pdfs_b["cover.pdf"]
