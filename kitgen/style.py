"""The house style: ink, gutters and the type scale, in one place (docs/design.md).
Below every stage (as colours.py is): source, model and layout all read it.

Every planner takes its colours of text and rules, the room between pieces and
columns, and its type sizes from here, so the sheets of a kit read as one design.
All text is set in the game's one family (`game.font`, Vera unless the game names
another), chrome included; the sizes below are the scale.
"""

from __future__ import annotations

import re

# ---- ink -------------------------------------------------------------------------

INK = "#222222"  # text and rules
MUTED = "#5a5a5a"  # captions, notes, keys: still dark enough to read at 7 pt
FAINT = "#999999"  # hair rules under the sheet label
CHROME_INK = "#333333"  # the sheet label and scale bars

# ---- room ------------------------------------------------------------------------

PIECE_GUTTER = 9.0  # 1/8 in between cut-out pieces: room for scissors and crop marks
COLUMN_GUTTER = 14.0  # between the columns of a reference sheet

# ---- the type scale (points) -----------------------------------------------------

TITLE = 18.0  # a sheet's title (scenario, cover heading)
HEADING = 12.5  # a section heading on a sheet
SUBHEADING = 10.0  # a roster's or a block's own heading
BODY = 9.5  # running text on sheets
SMALL = 8.5  # keys, legends, notes under a table
CHROME = 7.0  # the sheet label, scale bars, fold captions: what a sheet is, not the game
RULES_MIN = 7.0  # the least any rules text on a sheet or card is set at
PIECE_MIN = 6.0  # the least anything on a piece is set at (the build says where it goes lower)
SHEET_MAX = 12.0  # the most a reference sheet's type grows to, to fill its pages (max_size)

# ---- typographic characters -----------------------------------------------------

MINUS = "\u2212"
NONE = "\u2014"  # a table cell that holds nothing: a result no roll gives, a value that is none
_NONE_MARKS = ("-", "\u2013", NONE)  # what data writes for one: a hyphen, an en or em dash
_MINUS = re.compile(r"(?<![\w\-\u2212.])-(?=\.?\d)")  # "-2", "(-1)"; not "d6-1", "3-4"
_TIMES = re.compile(r"(?<![\w.])x(?=\d)")  # "x2" (twice); not "Fx3", "6x6"
_SIGNS = (("<=", "\u2264"), (">=", "\u2265"))


def typeset(text: str) -> str:
    """The characters the data means: a real minus sign for a minus ("-2"), a times sign
    for a multiplier ("x2"), and less- or greater-than-or-equal for "<=" and ">=". A
    hyphen in a word, a range ("3-4") or a dice sum ("d6-1") stays as written. A text
    that is only a dash or a hyphen (a cell that holds nothing) prints NONE, the mark
    kitgen prints for a result no roll gives, so a kit marks "none" one way."""
    if text.strip() in _NONE_MARKS:
        return NONE
    if "-" in text:
        text = _MINUS.sub(MINUS, text)
    if "x" in text:
        text = _TIMES.sub("\u00d7", text)
    if "=" in text:
        for plain, sign in _SIGNS:
            text = text.replace(plain, sign)
    return text


_CLOSERS = "\"'\u201d\u2019)]"  # quotes and brackets that may close a sentence's last word
_STOPS = ".!?\u2026:;"  # what ends a printed sentence (or leads into what follows)


def sentence(text: str) -> str:
    """A printed line as a sentence: a full stop added where it ends without one ("Three
    pieces" prints "Three pieces."); a line that ends in a stop, a question or an
    exclamation, even inside a closing quote or bracket, stays as written. Only the
    punctuation changes, never the words."""
    body = text.rstrip()
    if not body:
        return text
    if body.rstrip(_CLOSERS)[-1:] in tuple(_STOPS):
        return body
    return body + "."
