"""Built-in vector icons, drawn with canvas paths so they stay crisp at any size.

paint_icon(canvas, name, size, colour) draws an icon centred on the origin,
fitted in a square of side `size`.
"""

from __future__ import annotations

from ..colours import rgb

ICONS: dict = {}


def icon_names() -> list[str]:
    return sorted(ICONS)


def paint_icon(canvas, name: str, size: float, colour: str) -> None:
    painter = ICONS.get(name)
    if painter is None:
        raise KeyError(name)
    canvas.setFillColorRGB(*rgb(colour))
    canvas.setStrokeColorRGB(*rgb(colour))
    painter(canvas, size)
