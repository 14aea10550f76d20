"""The benchmark workloads (benchmarks/workloads.py) build through the real CLI, at small
scale, and their output is what the benchmark claims to measure. No timing here."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.conftest import ROOT, run_cli

sys.path.insert(0, str(ROOT / "benchmarks"))
import workloads  # noqa: E402


def _build(name: str, work: Path, **scale) -> tuple[dict, Path, list[str]]:
    games, baseline_args, out = workloads.prepare(name, work, **scale)
    flags = workloads.WORKLOADS[name].get("flags", [])
    r = run_cli("build", *map(str, games), "-o", str(out), "-q", *flags)
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""  # no warnings: the workload is clean input
    return json.loads((out / "bench" / "manifest.json").read_text()), out / "bench", baseline_args


def _xobjects(pdf: Path) -> dict[str, int]:
    """Distinct XObjects reachable from the pages (forms inside forms too), by subtype."""
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    found: dict[int, str] = {}
    stack = [page["/Resources"] for page in reader.pages]
    while stack:
        res = stack.pop().get_object()
        for ref in (res.get("/XObject") or {}).values():
            if ref.idnum not in found:
                obj = ref.get_object()
                found[ref.idnum] = obj["/Subtype"]
                if "/Resources" in obj:
                    stack.append(obj["/Resources"])
    counts: dict[str, int] = {}
    for kind in found.values():
        counts[kind] = counts.get(kind, 0) + 1
    return counts


def _baseline_pages(args: list[str], out: Path) -> int:
    subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "baseline.py"), *args, str(out)],
        check=True,
        capture_output=True,
    )
    return len(PdfReader(str(out)).pages)


def test_w1_counters_all_different_fronts_only(tmp_path):
    manifest, folder, base = _build("W1", tmp_path, count=150)
    items = manifest["items"]
    assert len(items) == 150
    assert {i["side"] for i in items} == {"front"}
    assert len({i["id"] for i in items}) == 150  # every counter its own design
    assert all(i["bbox"][2] - i["bbox"][0] == 54.0 for i in items)  # 3/4 in
    assert manifest["paper"] == "letter"
    pages = [f["pages"] for f in manifest["files"] if f["path"] == "counters.pdf"]
    # 120 counters a letter sheet, butted; the baseline draws the same sheets
    assert pages == [2] == [_baseline_pages(base, tmp_path / "base.pdf")]
    # each design is placed once: drawn inline, no form per counter
    assert _xobjects(folder / "counters.pdf") == {}


def test_w2_icon_embedded_once_with_duplex_backs(tmp_path):
    manifest, folder, base = _build("W2", tmp_path, count=125)
    items = manifest["items"]
    fronts = [i for i in items if i["side"] == "front"]
    backs = [i for i in items if i["side"] == "back"]
    assert len(fronts) == len(backs) == 125
    assert {i["piece"] for i in fronts} == {i["piece"] for i in backs}
    assert manifest["duplex"] == "long"
    assert _xobjects(folder / "counters.pdf") == {"/Image": 1}  # the icon, once for 125
    pages = [f["pages"] for f in manifest["files"] if f["path"] == "counters.pdf"]
    assert pages == [4] == [_baseline_pages(base, tmp_path / "base.pdf")]


def _differing_pixels(a: Path, b: Path) -> list[int]:
    """Per page, how many pixels of the two PDFs differ by more than a quarter of the
    grey scale, rendered at 144 dpi (anti-aliasing aside, the same drawing gives 0)."""
    import pypdfium2
    from PIL import ImageChops

    pages_a, pages_b = pypdfium2.PdfDocument(a), pypdfium2.PdfDocument(b)
    assert len(pages_a) == len(pages_b)
    counts = []
    for page_a, page_b in zip(pages_a, pages_b, strict=True):
        grey_a = page_a.render(scale=2).to_pil().convert("L")
        grey_b = page_b.render(scale=2).to_pil().convert("L")
        diff = ImageChops.difference(grey_a, grey_b).point(lambda v: 255 if v > 64 else 0)
        counts.append(diff.histogram()[255])
    return counts


@pytest.mark.parametrize(("name", "count"), [("W1", 150), ("W2", 125)])
def test_the_baseline_draws_the_sheets_kitgen_draws(tmp_path, name, count):
    """The ratio means something only while both sides draw the same thing: kitgen's
    counter sheets (butted, crop marks on fronts, duplex backs) and the baseline's
    pages look alike pixel for pixel. When kitgen's sheets change, so must the baseline."""
    _, folder, base = _build(name, tmp_path, count=count)
    _baseline_pages(base, tmp_path / "base.pdf")
    assert set(_differing_pixels(folder / "counters.pdf", tmp_path / "base.pdf")) == {0}


def test_w3_is_w1_scaled(tmp_path):
    manifest, _, _ = _build("W3", tmp_path, count=250)
    assert len(manifest["items"]) == 250
    assert workloads.spec("W3")["count"] == 10 * workloads.spec("W1")["count"]


def test_w4_hex_map_tiles_share_one_drawing(tmp_path):
    games, _, out = workloads.prepare("W4", tmp_path, cols=12, rows=12)
    r = run_cli("build", *map(str, games), "-o", str(out), "-q")
    assert r.exit_code == 0, r.stderr
    folder = out / "bench-map"
    manifest = json.loads((folder / "manifest.json").read_text())
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    assert len(tiles) > 1 and all(t["cell"] == 54.0 for t in tiles)
    # the map is drawn once as a form, placed under each tile's clip and, reduced, on
    # the assembly sheet
    assert _xobjects(folder / "map-big.pdf") == {"/Form": 1}


@pytest.mark.parametrize(("cols", "rows"), [(24, 14), (50, 10)])
def test_the_w4_baseline_draws_the_pages_kitgen_draws(tmp_path, cols, rows):
    """W4's baseline draws kitgen's tiled map page for page: landscape tiles with their cut
    edges, glue strips and notes, ticks and locator (24 x 14: two rows of two tiles), the
    map turned a quarter turn (50 x 10), and the assembly sheet with its badges and key.
    When kitgen's map sheets change, so must the baseline."""
    games, base, out = workloads.prepare("W4", tmp_path, cols=cols, rows=rows)
    r = run_cli("build", *map(str, games), "-o", str(out), "-q")
    assert r.exit_code == 0, r.stderr
    manifest = json.loads((out / "bench-map" / "manifest.json").read_text())
    tiles = [i for i in manifest["items"] if i["kind"] == "map-tile"]
    assert len(tiles) == 4 and {t["turned"] for t in tiles} == {cols == 50}
    assert bool(manifest["files"][0].get("landscape")) == (cols == 24)
    assert _baseline_pages(base, tmp_path / "base.pdf") == 5  # and the assembly sheet
    assert set(_differing_pixels(out / "bench-map" / "map-big.pdf", tmp_path / "base.pdf")) == {0}


def test_w5_is_every_game_in_content():
    games, baseline, _ = workloads.prepare("W5", Path("/nonexistent"))
    assert games == sorted(p.parent for p in (ROOT / "content").glob("*/game.yaml"))
    assert games and baseline == []


def test_counts_must_fill_whole_divisions(tmp_path):
    with pytest.raises(ValueError, match="multiple of 25"):
        workloads.prepare("W1", tmp_path, count=30)


def test_instructions_are_read_from_callgrinds_summary(tmp_path):
    import run

    out = tmp_path / "callgrind.out"
    out.write_text("version: 1\ncmd: python -c pass\nevents: Ir\nsummary: 87870196\nfn=x\n1 5\n")
    assert run.callgrind_total(out) == 87870196
    out.write_text("version: 1\nevents: Ir\n")
    with pytest.raises(ValueError, match="no summary line"):
        run.callgrind_total(out)


@pytest.mark.slow  # a Python start-up under valgrind: a few seconds
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_instructions_count_a_whole_process():
    import run

    bare = run.instructions([sys.executable, "-c", "pass"])
    more = run.instructions([sys.executable, "-c", "sum(range(200_000))"])
    assert 1_000_000 < bare < more  # a start-up is millions; a loop adds to it
