"""Rebuild the docs' pictures of the seed kits' sheets.

    python tools/docs_images.py            # every picture, serve.png too
    python tools/docs_images.py --no-serve # not serve.png (it needs Chromium)

Builds the kits in content/ into a temporary folder and writes docs/images/*.png:
whole pages at 100 dpi (single, or side by side divided by a grey bar), and crops
at 200 dpi that show pieces, map art and type at a readable scale (docs/design.md);
then serve.png through tools/serve_screenshot.py. Every picture README.md and docs/
show is made here (tests/test_readme.py checks). Needs pypdfium2 (a dev dependency).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
EXAMPLES = ROOT / "docs" / "examples"  # games built only for the docs' pictures (layouts)
BOX = (850, 1100)  # a letter page at 100 dpi; other papers fit inside it
GAP, GAP_COLOUR = 16, (154, 160, 166)

# picture -> [(game, file, page from 1), ...]
PICTURES = {
    "counters-reshuffled": [("reshuffled", "counters.pdf", 1)],
    "counters-duck": [("duck", "counters.pdf", 1)],
    "counters-ryamon": [("ryamon", "counters.pdf", 1)],
    "counters-rencounter": [("rencounter", "labels.pdf", 1)],
    "counters-ironford": [("ironford", "counters.pdf", 1)],
    "counters-mosslight": [("mosslight", "counters.pdf", 1)],
    # maps: tile sheets, and the assembly sheet (page -1: the last, however many tiles)
    "map-ironford": [("ironford", "map-ryn.pdf", n) for n in (1, 2)],
    "map-duck": [("duck", "map-deck.pdf", 1)],
    "map-duck-assembly": [("duck", "map-deck.pdf", -1)],
    "map-ryamon": [("ryamon", "map-world.pdf", -1)],
    "map-reshuffled": [("reshuffled", "map-station-piece.pdf", 1)],
    "map-reshuffled-assembly": [("reshuffled", "map-station.pdf", -1)],
    "cards-rencounter": [("rencounter", "cards.pdf", 1)],  # the squad cards
    # the base labels share the counter sheet (docs/design.md, shared sheets)
    "labels-rencounter": [("rencounter", "labels.pdf", 1), ("rencounter", "cards.pdf", 1)],
    "templates-duck": [("duck", "templates.pdf", n) for n in (1, 2)],
    "templates-rencounter": [("rencounter", "templates.pdf", n) for n in (1, 2, 3)],
    "reference-duck": [("duck", "sheet-reference.pdf", n) for n in (1, 2)],
    "cards-duck": [("duck", "cards.pdf", n) for n in (1, 2)],
    "cards-mosslight": [("mosslight", "cards.pdf", 9)],  # charms
    "reference-rencounter": [("rencounter", "sheet-quick-reference.pdf", 1)],
    "reference-reshuffled": [("reshuffled", "sheet-reference.pdf", 1)],
    "reference-ryamon": [("ryamon", "sheet-reference.pdf", 1)],
    "threats-duck": [("duck", "threats.pdf", 1)],
    "setup-reshuffled": [("reshuffled", "scenario-standard.pdf", 1)],
    "setup-ryamon": [("ryamon", "scenario-four-tribes.pdf", 1)],
    "rulebook-ryamon": [("ryamon", "rulebook.pdf", 3)],  # sheet 2's front: the diagram
}

CROP_DPI = 200


@dataclass(frozen=True)
class Around:
    """A crop found from the kit's manifest.json, so it follows the layout: the box round
    the named items ((kind, id) pairs on the crop's file and page, any side; id None for
    every item of the kind), cut to `part` (fractions of that box's width and height,
    from its top-left), `pad` points wider each way."""

    items: tuple[tuple[str, str | None], ...]  # id None: every item of the kind
    part: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    pad: float = 8.0


# picture -> (game, file, page from 1, where): `where` is an Around, or (left, top, right,
# bottom) in points from the page's top-left (a page's chrome, which no item names): a
# part of a page at a scale where pieces and type can be read
CROPS: dict[str, tuple[str, str, int, Around | tuple[float, float, float, float]]] = {
    "crop-setup-ryamon": (
        "ryamon",
        "scenario-four-tribes.pdf",
        1,
        Around((("setup-map", "four-tribes"),)),
    ),
    "crop-setup-duck": (
        "duck",
        "scenario-cargo-bay-sweep.pdf",
        1,
        Around((("setup-map", "cargo-bay-sweep"),), (0.0, 0.0, 0.585, 0.62)),
    ),
    "crop-counters-ryamon": (
        "ryamon",
        "counters.pdf",
        1,
        Around((("counter", None),), (0.0, 0.0, 0.5, 0.45)),
    ),
    # a tile's seam up close: the map art at true size, the glue strip, its note and the ticks
    "crop-map-ironford": (
        "ironford",
        "map-ryn.pdf",
        1,
        Around((("map-tile", "ryn-I"),), (0.33, 0.17, 1.0, 0.55), pad=14),
    ),
    "crop-map-duck": (
        "duck",
        "map-deck.pdf",
        1,
        Around((("map-tile", "deck-I"),), (0.58, 0.65, 1.0, 1.0), pad=20),
    ),
    "crop-cards-duck": (
        "duck",
        "cards.pdf",
        2,
        Around((("card", "aid-grapple"),)),
    ),
    # named and write-in labels beside the roster's own
    "crop-labels-rencounter": (
        "rencounter",
        "labels.pdf",
        1,
        Around((("label", "squad-21"), ("label", "blank-4"))),
    ),
    "crop-reference-rencounter": (
        "rencounter",
        "sheet-quick-reference.pdf",
        1,
        (18, 30, 306, 330),
    ),
    # fold-and-glue pairs with their captions, and butted markers with crop marks
    "crop-counters-ironford": (
        "ironford",
        "counters.pdf",
        1,
        Around((("counter", None), ("marker", "turn")), (0.0, 0.0, 0.52, 1.0)),
    ),
    "crop-counters-duck": (
        "duck",
        "counters.pdf",
        1,
        Around((("marker", "flame-x1"),), (0.0, 0.0, 0.6, 1.0), pad=14),
    ),
    # the range chart: every band named at 7 pt, short forms keyed under the title
    "crop-templates-rencounter": (
        "rencounter",
        "templates.pdf",
        4,
        Around((("template", "missile-ranges"),), (0.0, 0.0, 1.0, 0.5)),
    ),
    # the built-in layouts, and the anatomy of a region, from docs/examples/layouts
    "layouts-cards": (
        "layouts",
        "cards.pdf",
        1,
        Around((("card", "drake-poker"), ("card", "drake-tarot"), ("card", "drake-mini"))),
    ),
    # the anatomy of a layout: a rulebook diagram, each region outlined and named
    "layout-anatomy": ("layouts", "rulebook.pdf", 2, (14, 82, 300, 282)),
    "layouts-counters": (
        "layouts",
        "counters.pdf",
        1,
        Around((("counter", None), ("marker", None))),
    ),
    "crop-threats-duck": (
        "duck",
        "threats.pdf",
        1,
        Around((("threat-table", "response-matrix"),), (0.0, 0.0, 1.0, 0.49)),
    ),
}


def anchor_box(manifest: dict, file: str, page: int, height: float, around: Around) -> tuple:
    """`around`'s crop in points from the page's top-left (`height` tall), from the boxes
    the manifest gives its items (PDF points, origin bottom-left)."""
    boxes = [
        item["bbox"]
        for item in manifest["items"]
        if item["file"] == file
        and item["page"] == page
        and any(item["kind"] == kind and name in (None, item["id"]) for kind, name in around.items)
    ]
    if not boxes:
        names = ", ".join(f"{kind} {name or 'any'!r}" for kind, name in around.items)
        raise SystemExit(f"docs_images: no {names} on {file} page {page}: update CROPS")
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    w, h = x1 - x0, y1 - y0
    left, top, right, bottom = around.part
    return (
        x0 + w * left - around.pad,
        height - y1 + h * top - around.pad,
        x0 + w * right + around.pad,
        height - y1 + h * bottom + around.pad,
    )


def _page(pdf: Path, number: int) -> pdfium.PdfPage:
    """Page ``number`` from 1, or from the end when negative (-1: the last)."""
    doc = pdfium.PdfDocument(str(pdf))
    return doc[number - 1 if number > 0 else len(doc) + number]


def page_image(pdf: Path, number: int) -> Image.Image:
    page = _page(pdf, number)
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


def crop_image(pdf: Path, number: int, where: Around | tuple) -> Image.Image:
    page = _page(pdf, number)
    box = where
    if isinstance(where, Around):
        manifest = json.loads((pdf.parent / "manifest.json").read_text())
        box = anchor_box(manifest, pdf.name, number, page.get_height(), where)
    k = CROP_DPI / 72
    image = page.render(scale=k).to_pil().convert("RGB")
    return image.crop(tuple(round(v * k) for v in box))


def main(argv: list[str]) -> None:
    games = sorted(
        {game for pages in PICTURES.values() for game, _, _ in pages}
        | {game for game, _, _, _ in CROPS.values()}
    )
    # this checkout's kitgen, whichever one the environment installed
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
    }
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            folder = ROOT / "content" / game
            folder = folder if folder.is_dir() else EXAMPLES / game
            subprocess.run(
                [sys.executable, "-m", "kitgen", "build", str(folder), "-o", tmp] + ["-q"],
                check=True,
                env=env,
            )
        for name, pages in PICTURES.items():
            images = [page_image(Path(tmp) / game / file, n) for game, file, n in pages]
            side_by_side(images).save(IMAGES / f"{name}.png", optimize=True)
            print(f"docs/images/{name}.png")
        for name, (game, file, n, box) in CROPS.items():
            crop_image(Path(tmp) / game / file, n, box).save(IMAGES / f"{name}.png", optimize=True)
            print(f"docs/images/{name}.png")
    if "--no-serve" not in argv:  # the page kitgen serve shows, by its own tool
        subprocess.run(
            [sys.executable, str(ROOT / "tools" / "serve_screenshot.py")], check=True, env=env
        )


if __name__ == "__main__":
    main(sys.argv[1:])
