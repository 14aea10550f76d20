"""Colours as '#rrggbb' strings: hex, a small set of CSS names, or the game's palette."""

from __future__ import annotations

import colorsys
from collections.abc import Mapping
from functools import lru_cache

from .names import did_you_mean
from .patterns import pattern

NAMED = {
    "black": "#000000",
    "white": "#ffffff",
    "red": "#d62728",
    "green": "#2ca02c",
    "blue": "#1f5fbf",
    "yellow": "#f2c80f",
    "orange": "#f28e1c",
    "purple": "#7b3fa0",
    "brown": "#8c564b",
    "grey": "#808080",
    "gray": "#808080",
    "lightgrey": "#d3d3d3",
    "lightgray": "#d3d3d3",
    "darkgrey": "#404040",
    "darkgray": "#404040",
    "navy": "#1b2a4a",
    "teal": "#1a8080",
    "olive": "#6b6b1e",
    "maroon": "#7a1f1f",
    "pink": "#e377c2",
    "cyan": "#17becf",
    "tan": "#d2b48c",
    "none": "none",
}
_HEX = pattern(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")


class ColourError(ValueError):
    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


def parse_colour(text: str, palette: Mapping[str, str] | None = None) -> str:
    """'#abc', '#aabbcc', a CSS name or a palette name -> '#aabbcc' ('none' stays 'none')."""
    key = text.strip()
    if palette and key in palette:
        return palette[key]
    low = key.lower()
    if low in NAMED:
        return NAMED[low]
    if _HEX.match(key):
        if len(key) == 4:
            key = "#" + "".join(c * 2 for c in key[1:])
        return key.lower()
    names = sorted(palette or {}) + ["#rrggbb", "black", "white", "red", "..."]
    hint = did_you_mean(key, [*sorted(palette or {}), *NAMED], "use " + ", ".join(names))
    raise ColourError(f"unknown colour {text!r}", hint)


def rgb(colour: str) -> tuple[float, float, float]:
    """'#rrggbb' -> floats 0..1."""
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


def luminance(colour: str) -> float:
    r, g, b = rgb(colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def readable_on(background: str) -> str:
    """Black or white text, whichever reads better on the background."""
    if background == "none":
        return "#000000"
    return "#000000" if luminance(background) > 0.5 else "#ffffff"


def mix(a: str, b: str, t: float) -> str:
    """Blend colour a toward b by t (0..1): tints for zebra rows and light fills."""
    ra, rb = rgb(a), rgb(b)
    return "#" + "".join(
        f"{round((x + (y - x) * t) * 255):02x}" for x, y in zip(ra, rb, strict=True)
    )


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


@lru_cache(maxsize=1024)  # a kit has a few dozen colours, asked about per piece
def relative_luminance(colour: str) -> float:
    """WCAG 2 relative luminance of '#rrggbb' (0 black .. 1 white): how light it prints,
    in colour and in grey alike."""
    r, g, b = (_linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=4096)  # the same few pairs for every piece's text
def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two colours: 1 (the same) to 21 (black on white)."""
    hi, lo = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _hls_hex(h: float, lightness: float, s: float) -> str:
    return "#" + "".join(f"{round(v * 255):02x}" for v in colorsys.hls_to_rgb(h, lightness, s))


def legible(ink: str, background: str, floor: float) -> str | None:
    """`ink`, or the nearest colour of its hue and saturation that reads on `background`
    at `floor`:1 or more, its lightness moved away from the background's (a dark ink
    darker, a light ink lighter); None where even black or white that way falls short."""
    if contrast(ink, background) >= floor:
        return ink
    h, lightness, s = colorsys.rgb_to_hls(*rgb(ink))
    end = 0.0 if relative_luminance(ink) <= relative_luminance(background) else 1.0
    if contrast(_hls_hex(h, end, s), background) < floor:
        return None
    short, enough = lightness, end  # the search keeps `enough` reading at the floor
    for _ in range(20):
        mid = (short + enough) / 2
        if contrast(_hls_hex(h, mid, s), background) >= floor:
            enough = mid
        else:
            short = mid
    return _hls_hex(h, enough, s)


def lightness(colour: str) -> float:
    """CIE L* of '#rrggbb' (0 black .. 100 white): how dark it prints, on a scale the eye
    reads evenly, so a difference of lightness is how far a line stands off its ground."""
    y = relative_luminance(colour)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def stand_off(ink: str, ground: str) -> float:
    """How far a line of `ink` stands off the `ground` it is drawn on, in L*."""
    return abs(lightness(ink) - lightness(ground))


def faint_on(ink: str, ground: str, most: float) -> str:
    """`ink`, or the least blend of it toward `ground` that stands off it by `most` L* or
    less (a map's texture kept fainter than its grid)."""
    if stand_off(ink, ground) <= most:
        return ink
    short, far = 0.0, 1.0
    for _ in range(20):
        mid = (short + far) / 2
        if stand_off(mix(ink, ground, mid), ground) <= most:
            far = mid
        else:
            short = mid
    return mix(ink, ground, far)
