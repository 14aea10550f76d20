"""Render every page of every built kit to PNG, for looking at what we make.

    python tools/previews.py [OUTPUT_DIR] [--dpi 100]

Writes output/<game>/previews/<file>-<page>.png. Needs pypdfium2 (a dependency of
kitgen itself: installed by `make kits`).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pypdfium2 as pdfium


def render_kit(kit: Path, dpi: int) -> int:
    out = kit / "previews"
    out.mkdir(exist_ok=True)
    count = 0
    for pdf_path in sorted(kit.glob("*.pdf")):
        pdf = pdfium.PdfDocument(str(pdf_path))
        for number in range(len(pdf)):
            image = pdf[number].render(scale=dpi / 72).to_pil()
            image.save(out / f"{pdf_path.stem}-{number + 1}.png")
            count += 1
        pdf.close()
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", nargs="?", default="output", type=Path)
    parser.add_argument("--dpi", type=int, default=100)
    args = parser.parse_args()
    for kit in sorted(p for p in args.output.iterdir() if (p / "manifest.json").is_file()):
        print(f"{kit}: {render_kit(kit, args.dpi)} page(s) -> {kit / 'previews'}")


if __name__ == "__main__":
    main()
