"""Fonts by family: built in, shipped with ReportLab, or TTF files beside the game."""

import shutil
from pathlib import Path

import reportlab

from kitgen.layout.plan import Text
from kitgen.render.fonts import FontBook

from .conftest import build_pdfs, errors_of, write_game

VERA = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"


def test_standard_and_vera_families_need_nothing_installed():
    book = FontBook()
    assert book.face("Helvetica", bold=True) == "Helvetica-Bold"
    assert book.face("Times", italic=True) == "Times-Italic"
    vera = book.face("Vera")
    assert book.width("WWW", vera, 10) > book.width("iii", vera, 10)


def test_a_ttf_beside_the_game_is_usable_by_family(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Nice\ncover: {subtitle: hello}\n")
    shutil.copy(VERA, game_dir / "Nice-Regular.ttf")
    planned, pdfs, _ = build_pdfs(game_dir)
    faces = {op.font.face for op in planned.docs[0].pages[0].ops if isinstance(op, Text)}
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
    assert msg.startswith(
        f"{game_dir / 'game.yaml'}:2:7: error: font: broken font file "
        f"{game_dir / 'Broken-Regular.ttf'}"
    )


def test_a_cff_font_is_refused_with_a_hint(game_dir: Path):
    write_game(game_dir, "title: T\nfont: Cff\n")
    (game_dir / "Cff-Regular.otf").write_bytes(b"OTTO" + b"\x00" * 200)
    (msg,) = errors_of(game_dir)
    assert msg == (
        f"{game_dir / 'game.yaml'}:2:7: error: font: font file "
        f"{game_dir / 'Cff-Regular.otf'} has PostScript (CFF) outlines, which cannot "
        "be embedded (use a TrueType (.ttf) version of the font)"
    )
