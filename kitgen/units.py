"""Lengths and paper sizes, converted to PDF points in one place.

An unknown unit or a bare number is an error, never passed through.
"""

from __future__ import annotations

import re
from functools import lru_cache

from .budget import MAX_LENGTH_IN
from .patterns import pattern
from .records import record

# Points per unit as exact ratios (72 per inch, 25.4 mm per inch). Lengths are worked out
# in whole numbers and divided once: int / int is correctly rounded, so '3/4in' is exactly
# 54.0 and every length the float nearest its true value (as fractions.Fraction gives,
# without importing it for every build).
_RATIO = {"in": (72, 1), "mm": (360, 127), "cm": (3600, 127), "pt": (1, 1)}
POINTS_PER = {unit: n / d for unit, (n, d) in _RATIO.items()}
UNIT_HINT = "use in, mm, cm or pt"

_LENGTH = pattern(
    r"""^\s*(?P<sign>[-+]?)\s*
        (?:(?P<whole>[0-9]+)\s+(?=[0-9]+/))?          # 1 1/2in
        (?P<num>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)
        (?:/(?P<den>[0-9]+(?:\.[0-9]*)?))?           # 3/4in
        \s*(?P<unit>[A-Za-z"]*)\s*$""",
    re.VERBOSE,
)


MAX_LENGTH_PT = 72 * MAX_LENGTH_IN


def finite_number(text: str) -> float:
    """A number written in text (a table cell, an attribute): ValueError unless it is a
    plain finite number ('nan', 'inf' and '1e999' are not)."""
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise ValueError(text)
    return value


class UnitError(ValueError):
    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


def parse_length(text: str | int | float) -> float:
    """'0.75in', '3/4in', '19mm', '1.9cm', '54pt' -> points (float)."""
    if isinstance(text, str):
        return _parse_text_length(text)
    return _parse_length(text)


@lru_cache(maxsize=4096)
def _parse_text_length(text: str) -> float:
    # Pure and exact: the same few lengths recur thousands of times under for_each.
    return _parse_length(text)


def _parse_length(text: str | int | float) -> float:
    if isinstance(text, bool) or not isinstance(text, str):
        raise UnitError(f"a length needs a unit: {text!r}", f"write {text}in, {text}mm or {text}pt")
    m = _LENGTH.match(text)
    if not m:
        raise UnitError(
            f"not a length: {text!r}", "write a number and a unit, e.g. 3/4in, 19mm, 54pt"
        )
    unit = m["unit"].lower()
    if not unit:
        raise UnitError(f"a length needs a unit: {text.strip()!r}", UNIT_HINT)
    if unit not in _RATIO:
        raise UnitError(f"unknown unit {m['unit']!r}", UNIT_HINT)
    num, den = _decimal(m["num"])
    if m["den"]:
        over, under = _decimal(m["den"])
        if over == 0:
            raise UnitError(f"division by zero in {text.strip()!r}", "write e.g. 3/4in")
        num, den = num * under, den * over
    if m["whole"]:
        num += int(m["whole"]) * den
    if m["sign"] == "-":
        num = -num
    per, per_den = _RATIO[unit]
    # compared as whole numbers: a length of 400 digits must not overflow a float
    if abs(num) * per > MAX_LENGTH_PT * den * per_den:
        raise UnitError(
            f"length {text.strip()!r} is more than {MAX_LENGTH_IN:,}in",
            "no sheet, map or template is that big",
        )
    return (num * per) / (den * per_den)


def _decimal(text: str) -> tuple[int, int]:
    """'1.25' -> (125, 100), exactly."""
    whole, _, part = text.partition(".")
    return int(whole + part or "0"), 10 ** len(part)


def mm(value: float) -> float:
    if value == int(value):  # the usual case, exact without fractions
        return (int(value) * 360) / 127
    from fractions import Fraction  # a decimal such as 63.5: its nearest plain ratio

    return float(Fraction(value).limit_denominator(10**6) * Fraction(360, 127))


def inch(value: float) -> float:
    return value * 72.0


@record
class Paper:
    name: str
    width: float  # points, portrait
    height: float

    @property
    def size(self) -> tuple[float, float]:
        return (self.width, self.height)

    def sized(self, size: tuple[float, float] | None) -> Paper:
        """This paper as a page of `size` lays it (turned landscape), or as it is."""
        return self if size is None else Paper(self.name, *size)


PAPERS: dict[str, Paper] = {
    "letter": Paper("letter", inch(8.5), inch(11)),
    "a4": Paper("a4", mm(210), mm(297)),
    "legal": Paper("legal", inch(8.5), inch(14)),
    "tabloid": Paper("tabloid", inch(11), inch(17)),
    "a3": Paper("a3", mm(297), mm(420)),
    # The area common to A4 and Letter: one PDF that prints unscaled on both.
    "a4-letter": Paper("a4-letter", mm(210), inch(11)),
}
PAPER_NAMES = tuple(PAPERS)

# Home printers leave 3-5 mm unprinted; nothing is placed nearer the edge than this.
PRINTER_MARGIN = inch(0.25)


CUSTOM_PAPER_MIN = inch(5)  # the sheet label and both scale bars need about 5 in
CUSTOM_PAPER_MAX = inch(200)  # the largest page PDF viewers and printers accept


def paper_from_text(text: str) -> Paper:
    """A named paper or a custom 'WIDTHxHEIGHT' such as '200mmx300mm' or '8.5x11in'."""
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    if "x" in key:
        w_text, _, h_text = (part.strip() for part in key.partition("x"))
        unit = re.search(r"[a-z\"]+$", h_text)
        if unit and re.fullmatch(r"[-+0-9./ ]+", w_text):
            w_text += unit.group()  # 8.5x11in: one unit serves both
        try:
            w, h = parse_length(w_text), parse_length(h_text)
        except UnitError as exc:
            raise UnitError(f"custom paper {text!r}: {exc.message}", exc.hint) from None
        if min(w, h) < CUSTOM_PAPER_MIN or max(w, h) > CUSTOM_PAPER_MAX:
            raise UnitError(
                f"custom paper {text!r} is outside 5 x 5 in to 200 x 200 in",
                "the sheet label and the scale bars need at least 5 in each way",
            )
        return Paper(f"{w_text}x{h_text}", w, h)
    raise UnitError(
        f"unknown paper {text!r}",
        f"use {', '.join(PAPER_NAMES)} or a custom size like 200mmx300mm",
    )


def papers_warning(papers: tuple[tuple[str, str], ...]) -> str:
    """When the kits of one build print on different papers, which kit takes which:
    "Papers differ in this build: a4 for Alpha; letter for Beta, Gamma. Print each kit
    on its own paper." Empty when they agree."""
    by_paper: dict[str, list[str]] = {}
    for title, paper in papers:
        by_paper.setdefault(paper, []).append(title)
    if len(by_paper) < 2:
        return ""
    # sorted: the same words whichever order the kits were named in
    which = "; ".join(
        f"{paper} for {', '.join(sorted(titles))}" for paper, titles in sorted(by_paper.items())
    )
    return f"Papers differ in this build: {which}. Print each kit on its own paper."
