"""Rebuild the README's pictures of counter sheets, labels, cards and templates.

    python tools/docs_images.py

Builds the kits in content/ into a temporary folder and writes docs/images/*.png at
100 dpi: single pages, or pages side by side divided by a grey bar. Needs pypdfium2
(a dev dependency). Maps, reference sheets and threat tables keep their own pictures.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
BOX = (850, 1100)  # a letter page at 100 dpi; other papers fit inside it
GAP, GAP_COLOUR = 16, (154, 160, 166)

# picture -> [(game, file, page from 1), ...]
PICTURES = {
    "counters-reshuffled": [("reshuffled", "counters.pdf", 1)],
    "counters-duck": [("duck", "counters.pdf", 1)],
    "counters-ryamon": [("ryamon", "counters.pdf", 1)],
    "counters-rencounter": [("rencounter", "counters.pdf", 1)],
    "counters-ironford": [("ironford", "counters.pdf", 1)],
    "map-ironford": [("ironford", "map-ryn.pdf", 5)],
    "cards-rencounter": [("rencounter", "cards.pdf", 3)],
    "labels-rencounter": [("rencounter", "labels.pdf", 1), ("rencounter", "cards.pdf", 1)],
    "templates-duck": [("duck", "templates.pdf", n) for n in (1, 2, 3)],
    "templates-rencounter": [("rencounter", "templates.pdf", n) for n in (1, 2, 10)],
}


def page_image(pdf: Path, number: int) -> Image.Image:
    page = pdfium.PdfDocument(str(pdf))[number - 1]
    if (page.get_width(), page.get_height()) == (612, 792):
        return page.render(scale=BOX[0] / 612).to_pil().convert("RGB")
    # A4 and others: 100 dpi, as it prints
    return page.render(scale=100 / 72).to_pil().convert("RGB")


def side_by_side(images: list[Image.Image]) -> Image.Image:
    if len(images) == 1:
        return images[0]
    height = BOX[1]
    scaled = [im.resize((round(im.width * height / im.height), height)) for im in images]
    out = Image.new("RGB", (sum(im.width for im in scaled) + GAP * (len(scaled) - 1), height))
    x = 0
    for n, im in enumerate(scaled):
        if n:
            out.paste(GAP_COLOUR, (x, 0, x + GAP, height))
            x += GAP
        out.paste(im, (x, 0))
        x += im.width
    return out


def main() -> None:
    games = sorted({game for pages in PICTURES.values() for game, _, _ in pages})
    with tempfile.TemporaryDirectory() as tmp:
        kitgen = Path(sys.executable).with_name("kitgen")
        for game in games:
            subprocess.run(
                [str(kitgen), "build", str(ROOT / "content" / game), "-o", tmp, "-q"], check=True
            )
        for name, pages in PICTURES.items():
            images = [page_image(Path(tmp) / game / file, n) for game, file, n in pages]
            side_by_side(images).save(IMAGES / f"{name}.png", optimize=True)
            print(f"docs/images/{name}.png")


if __name__ == "__main__":
    main()
