"""The pipeline end to end on a tiny fixture game: PDF, manifest, atomic output."""

import hashlib
import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from kitgen.layout.frame import content_box
from kitgen.layout.plan import Rect, Text
from kitgen.units import PAPERS, PRINTER_MARGIN, mm

from .conftest import (
    ROOT,
    build_pdfs,
    pdf_text,
    plan_game,
    read_manifest,
    run_cli,
    seed_kit,
    write_game,
)

TINY = ROOT / "tests" / "fixtures" / "tiny"


def build_tiny(out: Path, *extra: str):
    return run_cli("build", str(TINY), "-o", str(out), "-q", *extra)


def test_tiny_game_builds_and_manifest_matches_pdf(tmp_path: Path):
    result = build_tiny(tmp_path)
    assert result.exit_code == 0, result.stderr
    kit = tmp_path / "tiny"
    manifest = read_manifest(kit)
    assert manifest["game"] == "tiny" and manifest["paper"] == "letter"
    assert manifest["page_size"] == [612.0, 792.0]
    for entry in manifest["files"]:
        data = (kit / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        reader = PdfReader(io.BytesIO(data))
        assert len(reader.pages) == entry["pages"]
        box = reader.pages[0].mediabox
        assert [float(box.width), float(box.height)] == manifest["page_size"]
    assert sorted(p.name for p in kit.iterdir()) == ["cover.pdf", "manifest.json"]


def test_pdf_is_version_17_and_asks_printers_not_to_scale(tmp_path: Path):
    build_tiny(tmp_path)
    data = (tmp_path / "tiny" / "cover.pdf").read_bytes()
    assert data.startswith(b"%PDF-1.7")
    prefs = PdfReader(io.BytesIO(data)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert "/Duplex" not in prefs


def test_builds_are_byte_identical(tmp_path: Path):
    build_tiny(tmp_path / "a")
    build_tiny(tmp_path / "b")
    for name in ("cover.pdf", "manifest.json"):
        assert (tmp_path / "a/tiny" / name).read_bytes() == (
            tmp_path / "b/tiny" / name
        ).read_bytes()


def test_every_sheet_says_what_it_is_and_carries_scale_bars():
    planned = plan_game(TINY)
    page = planned.docs[0].pages[0]
    texts = [op.text for op in page.ops if isinstance(op, Text)]
    assert "Tiny Test Game · Cover · sheet 1 of 2" in texts  # the front; its contents next
    bars = [op for op in page.ops if isinstance(op, Rect) and op.h == 3]
    assert [b.w for b in bars] == [72.0, pytest.approx(mm(25), abs=1e-9)]
    assert "1 in" in texts and "25 mm" in texts


def test_front_and_back_are_said_only_in_a_file_printed_duplex(game_dir: Path):
    """Half-letter cards on letter print duplex: each sheet label says which side it is.
    A single-sided or fold-and-glue file has no backs, so "front" would tell a reader
    nothing."""
    card = "{id: c%d, size: half-letter, front: {title: F}, back: {title: B}}"
    cards = "\n".join(f"  - {card % n}" for n in (1, 2))
    _, built, _ = build_pdfs(write_game(game_dir, f"id: t\ntitle: T\ncards:\n{cards}\n"))
    sides = ["front", "back", "front", "back"]
    for n, (text, side) in enumerate(zip(pdf_text(built["cards.pdf"]), sides, strict=True)):
        assert f"Reference cards · sheet {n // 2 + 1} of 2 · {side}" in text
    _, pdfs, _ = seed_kit("duck")
    assert "· front" not in " ".join(pdf_text(pdfs["cards.pdf"]))  # fold-and-glue aids
    for name in ("cover.pdf", "counters.pdf", "sheet-reference.pdf", "map-deck.pdf"):
        for n, text in enumerate(pdf_text(pdfs[name]), start=1):
            assert f"sheet {n} of" in text and "· front" not in text, (name, n)


@pytest.mark.parametrize("paper", ["letter", "a4", "a4-letter", "legal", "tabloid", "a3"])
def test_everything_stays_inside_the_printer_margin(paper: str):
    planned = plan_game(TINY, paper=paper)
    w, h = PAPERS[paper].size
    m = PRINTER_MARGIN
    for page in planned.docs[0].pages:
        for op in page.ops:
            if isinstance(op, Rect):
                assert m <= op.x and op.x + op.w <= w - m and m <= op.y and op.y + op.h <= h - m
            if isinstance(op, Text):
                assert m - 1e-6 <= op.y <= h - m
                if op.align == "left":
                    assert op.x >= m - 1e-6
                if op.align == "right":
                    assert op.x <= w - m + 1e-6


def test_a4_letter_content_fits_both_papers():
    x0, y0, x1, y1 = content_box(PAPERS["a4-letter"])
    assert x1 + PRINTER_MARGIN <= mm(210) + 1e-9
    assert y1 + PRINTER_MARGIN <= 11 * 72 + 1e-9


def test_a_failed_build_keeps_the_previous_output(tmp_path: Path, monkeypatch):
    build_tiny(tmp_path)
    kit = tmp_path / "tiny"
    before = {p.name: p.read_bytes() for p in kit.iterdir()}

    import kitgen.output as output

    real_write = Path.write_bytes
    calls = []

    def failing_write(self, data):  # the second file fails: a build dying halfway
        calls.append(self)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return real_write(self, data)

    monkeypatch.setattr(output.Path, "write_bytes", failing_write)
    with pytest.raises(output.OutputError) as info:
        output.write_kit(tmp_path, "tiny", {"cover.pdf": b"new", "manifest.json": b"new"})
    assert str(info.value) == f"cannot write {tmp_path}: No space left on device"
    monkeypatch.undo()
    assert {p.name: p.read_bytes() for p in kit.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]  # no staging left behind


def test_an_interrupted_build_keeps_the_previous_output(tmp_path: Path, monkeypatch):
    build_tiny(tmp_path)
    kit = tmp_path / "tiny"
    before = {p.name: p.read_bytes() for p in kit.iterdir()}
    import kitgen.build as build

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(build, "render_document", interrupted)
    result = build_tiny(tmp_path)
    assert result.exit_code == 130
    assert {p.name: p.read_bytes() for p in kit.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]


def test_leftovers_of_a_killed_run_are_recovered(tmp_path: Path):
    build_tiny(tmp_path)
    kit = tmp_path / "tiny"
    old = tmp_path / ".tiny.old-99999"
    kit.rename(old)  # killed between the two renames: only the retired copy exists
    (tmp_path / ".tiny.staging-99999").mkdir()
    build_tiny(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]


def test_input_errors_leave_output_untouched(tmp_path: Path, game_dir: Path):
    shutil.copytree(TINY, game_dir)
    assert run_cli("build", str(game_dir), "-o", str(tmp_path / "out"), "-q").exit_code == 0
    before = (tmp_path / "out/tiny/cover.pdf").read_bytes()
    (game_dir / "game.yaml").write_text("id: tiny\ntitle: [broken\n")
    result = run_cli("build", str(game_dir), "-o", str(tmp_path / "out"), "-q")
    assert result.exit_code == 1
    assert (tmp_path / "out/tiny/cover.pdf").read_bytes() == before


PIECES = """
id: pieces
title: Pieces
cover: {contents: false}
counters:
  - id: red
    quantity: 3
    size: 3/4in
    front: {background: "#ff0000"}
    back: {background: "#0000ff"}
  - id: green
    size: 1in
    front: {background: "#00ff00"}
"""


def _pixel(image, x: float, y: float, page_h: float, dpi: int) -> tuple:
    """The colour at PDF point (x, y), origin bottom-left as in the manifest."""
    return image.getpixel((int(x * dpi / 72), int((page_h - y) * dpi / 72)))[:3]


@pytest.mark.parametrize("duplex", ["none", "long"])
def test_the_manifest_is_read_back_against_the_pdf(tmp_path: Path, game_dir: Path, duplex: str):
    import pypdfium2 as pdfium

    game_dir.mkdir()
    (game_dir / "game.yaml").write_text(PIECES)
    result = run_cli("build", str(game_dir), "-o", str(tmp_path), "-q", "--duplex", duplex)
    assert result.exit_code == 0, result.stderr
    kit = tmp_path / "pieces"
    manifest = read_manifest(kit)
    w, h = manifest["page_size"]
    assert sorted(f["path"] for f in manifest["files"]) == sorted(p.name for p in kit.glob("*.pdf"))
    colours = {("red", "front"): (255, 0, 0), ("red", "back"): (0, 0, 255)}
    colours[("green", "front")] = (0, 255, 0)
    counters = [i for i in manifest["items"] if i["kind"] == "counter"]
    sides = {(i["id"], i["side"]) for i in counters}
    assert sides == set(colours)  # without duplex the backs are fold-and-glue halves
    assert len({i["piece"] for i in counters}) == 4  # three red, one green
    backs = [i for i in counters if i["side"] == "back"]
    assert all(("fold_line" in i) == (duplex == "none") for i in backs)
    assert {i["page"] % 2 for i in backs} == ({0} if duplex == "long" else {1})
    dpi = 72
    pages = {}
    for entry in manifest["files"]:
        data = (kit / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        doc = pdfium.PdfDocument(data)
        assert len(doc) == entry["pages"]
        for n, page in enumerate(doc, start=1):
            assert page.get_size() == pytest.approx((w, h))
            pages[(entry["path"], n)] = page.render(scale=dpi / 72).to_pil().convert("RGB")
    for item in counters:
        x0, y0, x1, y1 = item["bbox"]
        assert 0 <= x0 < x1 <= w and 0 <= y0 < y1 <= h
        assert x1 - x0 == pytest.approx(72.0 if item["id"] == "green" else 54.0, abs=1e-3)
        image = pages[(item["file"], item["page"])]
        want = colours[(item["id"], item["side"])]
        # inside the trim box: the piece's colour, at its centre and near each corner
        for fx, fy in ((0.5, 0.5), (0.15, 0.15), (0.85, 0.15), (0.15, 0.85), (0.85, 0.85)):
            got = _pixel(image, x0 + fx * (x1 - x0), y0 + fy * (y1 - y0), h, dpi)
            assert max(abs(a - b) for a, b in zip(got, want, strict=True)) < 40, (item, got)


@pytest.mark.slow  # whole builds in fresh interpreters
def test_builds_in_separate_processes_are_byte_identical(tmp_path: Path):
    """Another process, another hash seed, another game built first: the same bytes.
    (Both runs build the same kits, whose covers warn that their papers differ.)"""
    import os
    import subprocess
    import sys

    from .conftest import CONTENT

    duck, ryamon = str(CONTENT / "duck"), str(CONTENT / "ryamon")
    runs = {"a": ("1", [duck, ryamon]), "b": ("4242", [ryamon, duck])}
    for name, (seed, games) in runs.items():
        env = {**os.environ, "PYTHONHASHSEED": seed}
        command = [
            sys.executable,
            "-m",
            "kitgen",
            "build",
            *games,
            "-o",
            str(tmp_path / name),
            "-q",
        ]
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
    a, b = tmp_path / "a" / "duck", tmp_path / "b" / "duck"
    names = sorted(p.name for p in a.iterdir())
    assert names == sorted(p.name for p in b.iterdir()) and "manifest.json" in names
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes(), name


def test_a_file_given_as_chunks_is_written_whole_or_not_at_all(tmp_path: Path):
    # The manifest is written as it is made, chunk by chunk; a failure halfway through
    # leaves the previous kit, as a failing write of whole bytes does.
    from kitgen import output

    output.write_kit(tmp_path, "tiny", {"a.pdf": b"pdf", "m.json": iter([b"{\n", b"}\n"])})
    kit = tmp_path / "tiny"
    assert {p.name: p.read_bytes() for p in kit.iterdir()} == {"a.pdf": b"pdf", "m.json": b"{\n}\n"}

    def broken():
        yield b"{\n"
        raise OSError(28, "No space left on device")

    with pytest.raises(output.OutputError) as info:
        output.write_kit(tmp_path, "tiny", {"a.pdf": b"new", "m.json": broken()})
    assert str(info.value) == f"cannot write {tmp_path}: No space left on device"
    assert {p.name: p.read_bytes() for p in kit.iterdir()} == {"a.pdf": b"pdf", "m.json": b"{\n}\n"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tiny"]
