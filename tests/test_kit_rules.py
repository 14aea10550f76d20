"""The rules every kit keeps, read back from the PDFs of every kit in content/, on letter
and on A4: a kit never names another kit, every font is embedded, and the rules of
issues 36 and 43 that a command can judge."""

from __future__ import annotations

import functools
import io

import pytest
from pypdf import PdfReader

from .conftest import CONTENT, build_pdfs, pdf_text

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))
PAPERS = ("letter", "a4")


@functools.cache
def kit(game: str, paper: str) -> tuple:
    """A kit planned and drawn once per session on a paper: (planned, pdfs, manifest)."""
    return build_pdfs(CONTENT / game, paper=paper)


@functools.cache
def titles() -> dict[str, str]:
    return {game: kit(game, "letter")[0].game.title for game in GAMES}


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_no_cover_names_another_kit(game: str, paper: str):
    text = " ".join(pdf_text(kit(game, paper)[1]["cover.pdf"]))
    others = [t for g, t in titles().items() if g != game and t in text]
    assert others == [], f"{game}'s cover names {others}"
    assert "Papers differ" not in text


def _fonts(pdf: bytes) -> dict[str, bool]:
    """Every font object of a PDF: its base name -> whether its program is embedded."""
    found: dict[str, bool] = {}
    reader = PdfReader(io.BytesIO(pdf))
    numbers = {n for table in reader.xref.values() for n in table} | set(reader.xref_objStm)
    for number in sorted(numbers):
        obj = reader.get_object(number)
        if not hasattr(obj, "get") or obj.get("/Type") != "/Font":
            continue
        fonts = [obj, *[f.get_object() for f in obj.get("/DescendantFonts", [])]]
        desc = [f["/FontDescriptor"].get_object() for f in fonts if "/FontDescriptor" in f]
        embedded = any(k in d for d in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        found[str(obj.get("/BaseFont"))] = embedded
    return found


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_font_of_every_file_is_embedded(game: str, paper: str):
    for name, pdf in kit(game, paper)[1].items():
        fonts = _fonts(pdf)
        assert fonts, f"{game} {name}: no font found"
        bare = [f for f, embedded in fonts.items() if not embedded]
        assert bare == [], f"{game} {name} on {paper}: fonts not embedded: {bare}"
