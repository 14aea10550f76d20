"""Text fitting shared by every component: wrap to a width, shrink to fit
down to a minimum size, and say so (never clip or drop text silently)."""

from __future__ import annotations

import re

from ..patterns import pattern
from ..records import record
from .env import TextMeasure

# Text that wrapping would change even when it fits: line breaks, tabs, runs of spaces.
IRREGULAR = pattern(r"[\t\n\r\f\v]|  |^ | $")
# Every character wrap() may break a line at: text without one is one line.
BREAKS = pattern(r"[ \t\n\r\f\v]")


def regular(text: str) -> bool:
    """No IRREGULAR match. Text with no space and no control character (most labels:
    "1/25", "8-6-6") has none, and two string methods say so faster than the search."""
    return (" " not in text and text.isprintable()) or not IRREGULAR.search(text)


def wrap(text: str, face: str, size: float, width: float, fonts: TextMeasure) -> list[str]:
    """Greedy word wrap; explicit newlines start new lines. A word wider than
    the width stays whole on its own line (the caller's fit check catches it)."""
    lines: list[str] = []
    for para in text.split("\n"):
        # Ordinary spaces break; a no-break space (U+00A0) keeps "OBJECTIVE -1" together.
        words = [w for w in re.split(r"[ \t\r\f\v]+", para) if w]
        if not words:
            lines.append("")
            continue
        line = words[0]
        for word in words[1:]:
            trial = f"{line} {word}"
            if fonts.width(trial, face, size) <= width:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def wrap_hard(text: str, face: str, size: float, width: float, fonts: TextMeasure) -> list[str]:
    """wrap(), and a word wider than the width (a long URL or file name) is broken
    between characters instead of running off the paper."""
    out: list[str] = []
    for line in wrap(text, face, size, width, fonts):
        while len(line) > 1 and fonts.width(line, face, size) > width:
            cut = _longest_fitting(line, face, size, width, fonts)
            out.append(line[:cut])
            line = line[cut:]
        out.append(line)
    return out


def _longest_fitting(line: str, face: str, size: float, width: float, fonts: TextMeasure) -> int:
    """The longest start of `line` (at least 1 character, less than all of it) that fits
    `width`, found by halving: a prefix is never narrower than a shorter one, and a word
    of thousands of characters must not cost a measure per character per line."""
    lo, hi = 1, len(line) - 1  # line[:lo] is kept even when it does not fit
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fonts.width(line[:mid], face, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


@record
class Fitted:
    lines: tuple[str, ...]
    size: float
    fits: bool  # False: even at the minimum size the text overflows


def fit_text(
    text: str,
    face: str,
    size: float,
    min_size: float,
    width: float,
    height: float,
    fonts: TextMeasure,
    leading: float = 1.15,
    wrap_lines: bool = True,
    step: float = 0.25,
) -> Fitted:
    """The largest size from `size` down to `min_size`, a `step` at a time, at which the
    text fits the box, wrapped to its width (or as its lines are, without `wrap_lines`).
    tests/test_fast_paths.py tries every size in turn as the oracle."""
    # Most labels are one short line that fits at once: one measure, no wrapping.
    if regular(text) and size <= height + 1e-6:
        if fonts.width(text, face, size) <= width + 1e-6:
            return Fitted((text,), size, True)
    current = size
    while True:
        lines = wrap(text, face, current, width, fonts) if wrap_lines else text.split("\n")
        widest = max((fonts.width(ln, face, current) for ln in lines), default=0.0)
        tall = current * (1 + leading * (len(lines) - 1))
        if widest <= width + 1e-6 and tall <= height + 1e-6:
            return Fitted(tuple(lines), current, True)
        if current - step < min_size - 1e-9:
            return Fitted(tuple(lines), current, False)
        current = round(current - step, 4)
