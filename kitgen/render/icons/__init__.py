"""Built-in vector icons, drawn with canvas paths so they stay crisp at any size.

paint_icon(canvas, name, size, colour) draws an icon centred on the origin,
fitted in a square of side `size`. Icons live in theme modules that register
themselves with the `icon` decorator from `_pen`.
"""

from __future__ import annotations

from ...colours import rgb
from . import nature, symbols, trades, weapons  # noqa: F401  (modules register their icons)
from ._pen import ICONS, Pen

__all__ = ["ICONS", "icon_names", "paint_icon"]


def icon_names() -> list[str]:
    """Every built-in icon name, sorted (for listings and did-you-mean hints)."""
    return sorted(ICONS)


def paint_icon(canvas, name: str, size: float, colour: str) -> None:
    """Draw icon `name` centred on the origin inside a `size` square; KeyError if unknown."""
    painter = ICONS.get(name)
    if painter is None:
        raise KeyError(name)
    canvas.saveState()
    canvas.setFillColorRGB(*rgb(colour))
    canvas.setStrokeColorRGB(*rgb(colour))
    painter(Pen(canvas, size))
    canvas.restoreState()
