"""Text on a piece keeps a contrast floor with the colour under it (docs/design.md, "Ink
on a piece"): read back from the PDFs, the ink from the text layer and the colour under
it from the page as it renders."""

from __future__ import annotations

import ctypes
import io
import json
from collections import Counter

import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from kitgen.colours import contrast, legible
from kitgen.layout.counters.faces import ink_on
from kitgen.style import PIECE_CONTRAST, PIECE_CONTRAST_SMALL, RULES_MIN

from .conftest import one_kit_fast, run_cli, seed_kit, write_game

SEEDS = ("duck", "ironford", "rencounter", "reshuffled", "ryamon")
PIECES = ("counter", "marker", "label")
DPI = 288
RING = 0.5  # points round a glyph where the colour under it is read


def _hex(rgb) -> str:
    return "#" + "".join(f"{v:02x}" for v in rgb[:3])


def _floor(size: float) -> float:
    return PIECE_CONTRAST_SMALL if size < RULES_MIN - 1e-9 else PIECE_CONTRAST


def _covered(x: float, y: float, boxes: list) -> bool:
    return any(c[0] <= x <= c[2] and c[1] <= y <= c[3] for c in boxes)


def _near(boxes: list, left: float, bottom: float, right: float, top: float) -> list:
    """The boxes that reach into a rectangle: the only ones that can cover a point in it."""
    return [c for c in boxes if c[0] <= right and c[2] >= left and c[1] <= top and c[3] >= bottom]


def faint_text(pdf: bytes, boxes: dict[int, list[tuple]]) -> list[tuple]:
    """(page, char, size, ink, under, ratio) for every glyph inside one of a page's boxes
    (page counted from 1) whose fill colour reads below the floor for its size on the
    colour most common in a thin ring round it (other glyphs left out)."""
    doc = pdfium.PdfDocument(pdf)
    faint = []
    k = DPI / 72
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    for number, wanted in boxes.items():
        page = doc[number - 1]
        height = page.get_height()
        image = page.render(scale=k).to_pil().convert("RGB")
        text = page.get_textpage()
        chars = []
        for i in range(text.count_chars()):
            char = text.get_text_range(i, 1)
            if char.strip():
                chars.append((i, char, text.get_charbox(i)))
        pixels = image.load()
        boxes_here = [c for _, _, c in chars]
        for i, char, box in chars:
            cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            if not any(w[0] <= cx <= w[2] and w[1] <= cy <= w[3] for w in wanted):
                continue
            raw.FPDFText_GetFillColor(text, i, r, g, b, a)
            ink = _hex((r.value, g.value, b.value))
            size = raw.FPDFText_GetFontSize(text, i)
            x0, x1 = round((box[0] - RING) * k), round((box[2] + RING) * k)
            y0, y1 = round((height - box[3] - RING) * k), round((height - box[1] + RING) * k)
            near = _near(boxes_here, x0 / k, height - y1 / k, x1 / k, height - y0 / k)
            ring = Counter(
                pixels[px, py]
                for px in range(x0, x1 + 1)
                for py in range(y0, y1 + 1)
                if not _covered(px / k, height - py / k, near)
            )
            under = _hex(ring.most_common(1)[0][0])
            ratio = contrast(ink, under)
            if ratio < _floor(size) - 0.005:
                faint.append((number, char, round(size, 2), ink, under, round(ratio, 2)))
        text.close()
    doc.close()
    return faint


def _piece_boxes(manifest: dict, file: str) -> dict[int, list[tuple]]:
    boxes: dict[int, list[tuple]] = {}
    for item in manifest["items"]:
        if item["kind"] in PIECES and item.get("file") == file and "bbox" in item:
            boxes.setdefault(item["page"], []).append(tuple(item["bbox"]))
    return boxes


@pytest.mark.parametrize("game", one_kit_fast(SEEDS))
def test_seed_piece_text_reads_at_the_floor(game):
    _, pdfs, manifest = seed_kit(game)
    files = {item["file"] for item in manifest["items"] if item["kind"] in PIECES}
    assert files, "the kit has pieces"
    faint = []
    for name in sorted(files):
        faint += [(name, *f) for f in faint_text(pdfs[name], _piece_boxes(manifest, name))]
    assert faint == []


def test_the_reader_finds_faint_text():
    """The check can fail: a page of pale text on a mid colour, drawn with ReportLab."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=(200, 100))
    c.setFillColor("#7d9cc4")
    c.rect(10, 10, 80, 80, stroke=0, fill=1)
    c.setFillColor("#2c4a73")
    c.setFont("Helvetica-Bold", 8.5)
    c.drawString(20, 40, "3-3-4")
    c.setFillColor("#000000")
    c.drawString(110, 40, "OK")  # outside the box: not a piece's
    c.save()
    faint = faint_text(out.getvalue(), {1: [(10, 10, 90, 90)]})
    assert [f[1] for f in faint] == list("3-3-4")
    assert faint[0][2:] == (8.5, "#2c4a73", "#7d9cc4", 3.18)


def test_contrast_ratio_exact_figures():
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#2c4a73", "#7d9cc4") == pytest.approx(3.181, abs=5e-4)
    assert contrast("#c9a0cf", "#4b1f4f") == pytest.approx(5.853, abs=5e-4)


def test_legible_moves_lightness_in_the_ink_s_own_hue():
    # a dark ink on a mid face goes darker, just to the floor
    assert legible("#2c4a73", "#7d9cc4", 4.5) == "#1f3350"
    assert contrast("#1f3350", "#7d9cc4") == pytest.approx(4.506, abs=5e-4)
    # a light ink on a dark face goes lighter
    assert legible("#c9a0cf", "#4b1f4f", 7.0) == "#d4b4d9"
    # enough already: unchanged
    assert legible("#000000", "#7d9cc4", 4.5) == "#000000"
    # white cannot go lighter
    assert legible("#ffffff", "#2f8a3e", 4.5) is None


def test_ink_on_takes_the_floor_by_size_and_plates_white():
    assert ink_on("#c9a0cf", "#4b1f4f", 6.0) == ("#d4b4d9", None)  # under 7 pt: 7:1
    assert ink_on("#c9a0cf", "#4b1f4f", 8.0) == ("#c9a0cf", None)  # 5.9:1 >= 4.5:1
    assert ink_on("#ffffff", "#2f8a3e", 8.0) == ("#ffffff", "#2e873d")  # a plate behind
    assert contrast("#ffffff", "#2e873d") >= 4.5
    assert ink_on("#777777", "none", 8.0) == ("#767676", None)  # "none": the paper


GAME = """
    title: Contrast Test
    counters:
      - id: faint
        name: Faint
        size: 3/4
        front:
          background: "#7d9cc4"
          text:
            - {text: "3-3-4", at: bottom, size: 8.5pt, bold: true, colour: "#2c4a73"}
            - {text: PALE, at: top, size: 6pt, colour: "#9db4d6"}
      - id: white
        name: White
        size: 3/4
        front:
          background: "#2f8a3e"
          text: {text: SUB, at: centre, size: 8pt, bold: true, colour: white}
"""


def test_a_fresh_game_s_faint_inks_are_lifted_and_said(game_dir, tmp_path):
    """Built through the CLI: the build says on the terminal and in the manifest where
    it moved an ink or set a plate, and the PDF reads at the floor."""
    write_game(game_dir, GAME)
    run = run_cli("build", str(game_dir), "-o", str(tmp_path / "out"))
    assert run.exit_code == 0, run.stderr
    kit = tmp_path / "out" / "game"
    manifest = json.loads((kit / "manifest.json").read_text())
    pdf = (kit / "counters.pdf").read_bytes()
    assert faint_text(pdf, _piece_boxes(manifest, "counters.pdf")) == []
    facts = [f for f in manifest["facts"] if " ink " in f]
    # the terminal: one line for the kit, with counts; the manifest: every adjustment
    said = [ln for ln in (run.stderr + run.stdout).splitlines() if "contrast" in ln]
    assert said == [
        "kitgen: game: ink adjusted for contrast on 3 piece texts (counters[0], counters[1]); "
        "manifest.json lists each"
    ]
    assert facts == [
        "counters[0].front.text[0]: ink #2c4a73 on #7d9cc4 reads 3.2:1 at 8.5 pt, "
        "printed #1f3350 (4.5:1)",
        "counters[0].front.text[1]: ink #9db4d6 on #7d9cc4 reads 1.3:1 at 6 pt, "
        "printed on a plate of #1b283a (7.0:1)",
        "counters[1].front.text: ink #ffffff on #2f8a3e reads 4.4:1 at 8 pt, "
        "printed on a plate of #2e873d (4.5:1)",
    ]
