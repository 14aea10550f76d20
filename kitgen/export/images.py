"""`kitgen export images`: a picture per piece face, per board and per page, and an
index.json that any virtual table (Tabletop Playground, Screentop ...) can import."""

from __future__ import annotations

import json

from ..raster import file_stem, pages, png
from .kit import KitPictures

MM_PER_POINT = 25.4 / 72
INDEX = "index.json"


def mm_size(size: tuple[float, float]) -> list[float]:
    return [round(v * MM_PER_POINT, 2) for v in size]


def export_images(kit: KitPictures, dpi: float) -> dict[str, bytes]:
    files: dict[str, bytes] = {}

    def put(path: str, image) -> str:
        files[path] = png(image)
        return path

    pieces = []
    for d in kit.designs:
        stem = f"pieces/{d.kind}/{file_stem(d.id)}"
        entry = {
            "id": d.id,
            "kind": d.kind,
            "name": d.name,
            "size_mm": mm_size(d.size),
            "shape": d.shape,
            "quantity": d.quantity,
            "front": put(f"{stem}-front.png", d.front.image),
            "back": put(f"{stem}-back.png", d.back.image) if d.back is not None else None,
        }
        if d.attrs:
            entry["attrs"] = d.attrs
        if d.group:
            entry["deck"] = d.group
        if d.columns:  # the spreadsheet row the card was made from, as written
            entry["columns"] = d.columns
        pieces.append(entry)
    boards = [
        {
            "id": b.id,
            "title": b.title,
            "size_mm": mm_size(b.size),
            "image": put(f"boards/{file_stem(b.id)}.png", b.image),
        }
        for b in kit.boards
    ]
    sheets = []
    for name, pdf in kit.pdfs.items():
        stem = name.removesuffix(".pdf")
        for number, image in enumerate(pages(pdf, dpi), start=1):
            sheets.append(
                {
                    "file": name,
                    "page": number,
                    "size_mm": mm_size(image.info["points"]),
                    "image": put(f"pages/{stem}-{number}.png", image),
                }
            )
    index = {
        "game": kit.game.id,
        "title": kit.game.title,
        "dpi": dpi,
        "pieces": pieces,
        "boards": boards,
        "pages": sheets,
    }
    files[INDEX] = (json.dumps(index, indent=2, ensure_ascii=False) + "\n").encode()
    return files
