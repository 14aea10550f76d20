"""The rules every kit keeps, read back from the PDFs of every kit in content/, on letter
and on A4: a kit never names another kit, every font is embedded, and the rules of
issues 36 and 43 that a command can judge."""

from __future__ import annotations

import functools
import io
import re
from collections import Counter

import pytest
from pypdf import PdfReader

from kitgen.model.reading import NOTES_TITLE

from .conftest import (
    CONTENT,
    PLAIN,
    build_pdfs,
    kit_notes,
    one_kit_fast,
    pdf_text,
    seed_game,
    write_game,
)

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))
PAPERS = ("letter", "a4")


@functools.cache
def kit(game: str, paper: str) -> tuple:
    """A kit planned and drawn once per session on a paper: (planned, pdfs, manifest)."""
    return build_pdfs(CONTENT / game, paper=paper)


@functools.cache
def titles() -> dict[str, str]:
    return {game: seed_game(game).title for game in GAMES}  # loaded, not built


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
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
@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
def test_every_font_of_every_file_is_embedded(game: str, paper: str):
    for name, pdf in kit(game, paper)[1].items():
        fonts = _fonts(pdf)
        assert fonts, f"{game} {name}: no font found"
        bare = [f for f, embedded in fonts.items() if not embedded]
        assert bare == [], f"{game} {name} on {paper}: fonts not embedded: {bare}"


# ---- the playing grid is the strongest line of a map -----------------------------------


def _strokes(stream, reader) -> list[tuple[float, float]]:
    """Every stroke a content stream makes, as (line width, grey lightness 0..1)."""
    from pypdf.generic import ContentStream

    state, saved, found = (1.0, 0.0), [], []
    for operands, op in ContentStream(stream, reader).operations:
        if op == b"q":
            saved.append(state)
        elif op == b"Q":
            state = saved.pop()
        elif op == b"w":
            state = (float(operands[0]), state[1])
        elif op == b"RG":
            r, g, b = (float(v) for v in operands)
            state = (state[0], 0.2126 * r + 0.7152 * g + 0.0722 * b)
        elif op == b"G":
            state = (state[0], float(operands[0]))
        elif op in (b"S", b"s", b"B", b"b", b"B*", b"b*"):
            found.append(state)
    return found


def _forms(pdf: bytes) -> tuple[PdfReader, dict[str, object]]:
    """Every form XObject of a PDF by name, nested ones too."""
    reader = PdfReader(io.BytesIO(pdf))
    forms: dict[str, object] = {}
    stack = [page.get("/Resources") for page in reader.pages]
    while stack:
        res = stack.pop()
        res = res.get_object() if res is not None else None
        for name, ref in (res.get("/XObject", {}) if res else {}).items():
            form = ref.get_object()
            if form.get("/Subtype") == "/Form" and name not in forms:
                forms[name] = form
                stack.append(form.get("/Resources"))
    return reader, forms


@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
def test_the_grid_is_darker_and_wider_than_every_texture(game: str):
    """A map's ground is one form, its terrains' textures forms of their own ("pat_"):
    the grid, the stroke the map draws most (a line round every cell), is wider and darker
    than every stroke of every texture."""
    checked = 0
    for name, pdf in kit(game, "letter")[1].items():
        reader, forms = _forms(pdf)
        maps = [f for n, f in forms.items() if n.startswith("/FormXob.Fmap_")]
        textures = [f for n, f in forms.items() if "Fpat_" in n]
        if not maps or not textures:
            continue
        for ground in maps:
            (grid_w, grid_grey), _ = Counter(_strokes(ground, reader)).most_common(1)[0]
            for texture in textures:
                for width, grey in _strokes(texture, reader):
                    assert width < grid_w and grey > grid_grey, f"{game} {name}"
                    checked += 1
    maps = getattr(kit(game, "letter")[0].game.maps, "maps", ())
    textured = any(  # of the maps that print a sheet (copies: 0 serves diagrams only)
        t.pattern not in ("", "none", "solid")
        for m in maps
        if m.copies
        for t in m.terrains.values()
    )
    assert checked or not textured, f"{game}: a textured map, but no texture found"


# ---- a component in the same file on every paper; sheet fill reported -------------------


def _files_of(manifest: dict) -> dict[tuple[str, str], set[str]]:
    where: dict[tuple[str, str], set[str]] = {}
    for item in manifest["items"]:
        if item["kind"] != "rulebook-page":  # a page of text, as many as the paper takes
            where.setdefault((item["kind"], item["id"]), set()).add(item["file"])
    return where


@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
def test_a_component_prints_in_the_same_file_on_letter_and_a4(game: str):
    letter, a4 = (_files_of(kit(game, paper)[2]) for paper in PAPERS)
    assert letter.keys() == a4.keys()
    moved = {k: (letter[k], a4[k]) for k in letter if letter[k] != a4[k]}
    assert moved == {}, f"{game}: letter and A4 put these in other files: {moved}"


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
def test_every_sheet_of_pieces_reports_its_fill(game: str, paper: str):
    """The manifest gives each front sheet of pieces or of a map its fill (the build
    prints it on the terminal): one figure a sheet, each a part of the sheet."""
    from kitgen.layout.impose import FILLS

    _, pdfs, manifest = kit(game, paper)
    for entry in manifest["files"]:
        sheets = {
            i["page"]
            for i in manifest["items"]
            if i["file"] == entry["path"] and i["kind"] in FILLS and i.get("side") != "back"
        }
        assert len(entry.get("fill", [])) == len(sheets), entry["path"]
        assert all(0 < f <= 1 for f in entry.get("fill", [])), entry
        assert len(sheets) <= len(PdfReader(io.BytesIO(pdfs[entry["path"]])).pages)


# ---- the kit's readings: a mark where the choice is made, the words on the notes page ----


def _marks_in(text: str) -> set[str]:
    return set(re.findall("\u2020\\d+", text))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", one_kit_fast(GAMES))  # every kit: the slow tier
def test_every_reading_mark_has_its_words_on_the_notes_page_and_nowhere_else(game: str, paper: str):
    planned, pdfs, manifest = kit(game, paper)
    readings = planned.game.readings
    if not readings:
        assert "notes.pdf" not in pdfs
        return
    notes, elsewhere = kit_notes(pdfs, manifest)
    assert NOTES_TITLE in notes[:200]
    marked = set().union(*(_marks_in(text) for text in elsewhere.values()))
    entries = set(re.findall("(\u2020\\d+) ", notes))
    assert marked <= entries, f"{game}: marks without a note: {marked - entries}"
    assert entries <= marked, f"{game}: notes whose mark is printed nowhere: {entries - marked}"
    # a counter sheet says what its counts are where the pieces are (issue 36's second
    # look: "Counts: kit's reading †1" told a player nothing)
    counts = (
        {d.reading for d in planned.game.counters.defs if d.reading}
        if planned.game.counters
        else set()
    )
    for reading in readings:
        words = " ".join(reading.kit.split()[:6])  # the note's first words, as printed
        # the rulebook may keep a case's words after it (its notes, where a player reading
        # the rule looks); pieces, cards, maps, tables and sheets carry the mark only
        plain = {
            name: text.translate(PLAIN)
            for name, text in elsewhere.items()
            if not name.startswith("rulebook")
            and not (reading in counts and name.startswith("counters"))
        }
        on = [name for name, text in plain.items() if words in text]
        assert on == [], f"{game}: the words of {reading.mark} print on {on}"


# ---- a sheet of coded pieces carries its key -------------------------------------------


def test_a_counter_sheet_of_coded_pieces_prints_its_key_from_the_data():
    """Issue 43: Ryamon's people counters print one- or two-letter codes (La, Sc, F) with
    no key on the sheet. The key now prints under the pieces, from the designs' names:
    every code a face prints, once, with what it stands for."""
    from kitgen.layout.counters.counters import code_key

    planned, pdfs, manifest = kit("ryamon", "letter")
    key = code_key(planned.game.counters)
    assert key.startswith("Key: La = Lawyer; Sc = Scientist;")
    files = {i["file"] for i in manifest["items"] if i["kind"] == "counter"}
    for name in files:
        for page in pdf_text(pdfs[name]):
            assert key in page.translate(PLAIN)  # the page sets the name's apostrophe curly
    codes = {d.front.elements[0].text for d in planned.game.counters.defs}
    # a marker that prints a word (FOOD) or a signed figure (+60) is keyed by its name
    assert {part.split(" = ")[0] for part in key.removeprefix("Key: ").split("; ")} == codes
    names = {d.front.elements[0].text: d.name for d in planned.game.counters.defs}
    for marker in ("FOOD", "+60"):
        assert f"{marker} = {names[marker].rsplit(' (', 1)[0]}" in key


def test_a_marker_that_prints_a_signed_figure_is_keyed_by_its_name(tmp_path):
    """A one-sided +60 marker keeps its sheet's key (a figure, not a code): the key says
    what it is for, as it does for a worded marker and the coded pieces."""
    folder = write_game(
        tmp_path,
        """
id: g
title: G
counters:
  - {id: archer, name: Archer, size: 1/2, front: {text: [{text: Ar}]}}
  - {id: food, name: Food marker, kind: marker, size: 1/2, front: {text: [{text: FOOD}]}}
  - {id: more, name: Past the track's end, kind: marker, size: 1/2, front: {text: [{text: "+60"}]}}
""",
    )
    _, pdfs, _ = build_pdfs(folder)
    page = pdf_text(pdfs["counters.pdf"])[0].translate(PLAIN)
    assert "Key: Ar = Archer; FOOD = Food marker; +60 = Past the track's end" in page
