"""The house style: ink, gutters and the type scale, in one place (docs/design.md).
Below every stage (as colours.py is): source, model and layout all read it.

Every planner takes its colours of text and rules, the room between pieces and
columns, and its type sizes from here, so the sheets of a kit read as one design.
All text is set in the game's one family (`game.font`, Vera unless the game names
another), chrome included; the sizes below are the scale.
"""

from __future__ import annotations

import re

from .patterns import pattern

# ---- ink -------------------------------------------------------------------------

INK = "#222222"  # text and rules
MUTED = "#5a5a5a"  # captions, notes, keys: still dark enough to read at 7 pt
FAINT = "#999999"  # hair rules (sheet label, cover, set-up table head), glue strips
CHROME_INK = "#333333"  # the sheet label and scale bars
PAPER = "#ffffff"  # the paper: knock-outs behind labels, blank boxes, white on a dark band
BLACK = "#000000"  # cut lines, crop marks, the calibration sheet's targets
MARK_INK = "#111111"  # marks and names printed on map art and in its key
EDGE_INK = "#1f1f1f"  # a threat card's border
LINE_INK = "#333333"  # swatch frames, pattern strokes, fold dots, write-in lines
DIM_INK = "#444444"  # piece cut lines, map coordinates, a map key's notes
MAP_GRID_INK = "#1a1a1a"  # a map's playing grid: the darkest line of its ground
MID_INK = "#555555"  # grids, seams, write-in fields, a table head's rule, piece notes
NEUTRAL_INK = "#6b6b6b"  # set-up tokens of pieces that belong to no side
GRID_INK = "#9aa5b1"  # a template's measuring grid
DIVIDER_INK = "#aaaaaa"  # the rule under a set-up sheet's section heading
TABLE_RULE_INK = "#b4b4b4"  # rules between a table's rows
PALE_INK = "#bbbbbb"  # the contents list's rules, the calibration back's outline
BOX_INK = "#c8c8c8"  # a table's write-in box
COLUMN_RULE_INK = "#cfcfc8"  # the rule between a reference sheet's columns
HEAD_FILL = "#e2e2dc"  # a table's head row
HEADING_FILL = "#ebe7dc"  # a heading row inside a table
ZEBRA = "#f1f1ec"  # every other row of a table
SET_UP_ZEBRA = "#f0f0f0"  # every other row of a set-up sheet's table
SHADE = "#e6e6e6"  # a shaded track box
SWATCH_FILL = "#f4f1e8"  # a map key's swatch behind a symbol
ROAD_CASING = "#3b2a1a"  # the dark edge under a road's colour
FORD_FILL = "#dcc58c"  # a ford's shallow sandy bed across a river's side
BADGE_INK = "#c0392b"  # an assembly sheet's tile badges
AREA_INK = "#c0392b"  # areas on a set-up diagram
ASSEMBLY_INK = "#1f4e9c"  # outlines and arrows on a map's assembly diagram
MOVE_INK = "#1f4e9c"  # a rulebook diagram's move arrow
FIRE_INK = "#b0281c"  # a rulebook diagram's line of fire
EXAMPLE_FILL = "#eef0f3"  # a rulebook's example-of-play box
EXAMPLE_BAR_INK = "#56708c"  # the bar down its left edge
NOTE_FILL = "#f5f1e6"  # a rulebook's designer's-note box
NOTE_BAR_INK = "#a08a4a"
COVER_BAND = "#2e3a46"  # a cover's title band where the kit names no colour of its own
CONTENTS_ENTRY = 9.5  # points: a line of a rulebook's contents list
# The least contrast (WCAG 2 ratio) text on a piece keeps with the face under it: the
# content's ink is made lighter or darker, in its own hue, where it falls short.
PIECE_CONTRAST = 4.5  # WCAG AA for body text
PIECE_CONTRAST_SMALL = 7.0  # text set under RULES_MIN: WCAG AAA, as print spreads fine type
SIDE_RING = 2.4  # points: a base label's ring in its side's colour
SIDE_PALETTE = ("#1f5fa8", "#b03a2e", "#2e7d32", "#c99a06", "#6a3d9a", "#00838f")  # sides' marks

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
READING = 7.5  # a kit's-reading note under a track's title or at a counter sheet's foot
READING_LEAD = READING * 1.3
NOTES_LEAD = 1.3  # the edition notes page's lines, times the size
NOTES_APART = 0.6  # between two of its notes, times the size
REGION_LEAD = 1.2  # a layout region's line pitch, of its type size
INLINE_ICON = 1.0  # an inline icon's square, of the type size: as tall as the type
INLINE_DROP = 0.14  # of the type size: its foot under the baseline, centring it on the caps
CARD_BASE = 8.0  # a poker card's body size, scaled by a card's area (a table face's cap)
CARD_MAX = 12.0  # the most a card face's text grows to, to fill its face
CARD_TITLE_MAX = 16.0  # the most a card back's title grows to
CARD_SUBTITLE = 8.0  # a card back's subtitle
CHART_SIZE = 7.5  # a template chart's names and numbers: rules text, never under 7 pt
KEY_TITLE = 8.5  # an entry's name in a map key
KEY_EFFECT = 7.0  # an entry's effect in a map key
KEY_MIN = 6.0  # the least a map key's text shrinks to
RULES_LEAD = RULES_MIN * 1.3  # instruction notes on or beside a template
RULER = 6.5  # the names of the columns and rows along a set-up diagram's edges

# ---- leading (line pitch, of the type size) ---------------------------------------

LEADING = 1.2  # running text and table cells
TIGHT_LEADING = 1.15  # text on pieces and in a map key, where room is short
NOTE_LEADING = 1.25  # an assembly sheet's note, wrapped at SMALL
AIR_LEAD = 0.2  # the most a sheet at its max_size opens its lines by (1.2 to 1.4)

# ---- typographic characters -----------------------------------------------------

MINUS = "\u2212"
NONE = "\u2014"  # a table cell that holds nothing: a result no roll gives, a value that is none
_NONE_MARKS = ("-", "\u2013", NONE)  # what data writes for one: a hyphen, an en or em dash
_MINUS = pattern(r"(?<![\w\-\u2212.])-(?=\.?\d)")  # "-2", "(-1)"; not "d6-1", "3-4"
_TIMES = pattern(r"(?<![\w.])x(?=\d)")  # "x2" (twice); not "Fx3", "6x6"
_SIGNS = (("<=", "\u2264"), (">=", "\u2265"))
EN_DASH = "\u2013"
NBSP = "\u00a0"
# A number range, "3-4" or "8-12": two whole numbers, the first the lower, joined by a
# hyphen and standing alone: not inside a word or id ("AK-47", "B1-0101", "d6-1"), a
# chain ("1-1-4", a date "2026-11-28") or a decimal. A falling pair ("2-1") is no range.
_RANGE = pattern(r"(?<![\w.\-\u2013\u2212+/])(\d+)-(\d+)(?![\w\-\u2013]|[.,]\d)")
# A range written with spaces, "3.5 - 6": two figures (decimals too) around a spaced
# hyphen, closed up like any other range when the first is the lower.
_FIGURE = r"(\d+(?:\.\d+)?)"
_SPACED_RANGE = pattern(rf"(?<![\w.\-\u2212+/]){_FIGURE} - {_FIGURE}(?![\w\-]|[.,]\d)")
# A spaced hyphen before a word is a dash between phrases ("Phase 1 - Hack"): a spaced
# en dash. Before a figure it may be a minus ("Ex - 1") and stays as written.
_SPACED_DASH = pattern(r"(?<=\S) - (?=[^\W\d_]|[\"'(*\u201c\u2018])")
# A figure and its unit, or a figure beside a slash, keep to one line ("54 mm", "1 / 2").
_UNITS = r"mm|cm|km|m|in|inch|inches|ft|feet|foot|yd|yards?|pt|kg|g|lb|oz|%|\u00b0"
_KEEP = pattern(rf"(?<=\d) (?=(?:{_UNITS})(?!\w)|/)|(?<=\d /) (?=\d)")
# Quotes: an apostrophe inside a word ("o'clock", "6's"); an opening quote at the start or
# after a space, a bracket or a dash; any other a closing one, but a quote straight after
# a figure with no quote of its kind open is an inch or foot mark ('2"', "6'"): as written.
_OPENERS = "([{/\u2013\u2014"
_CURLY = {'"': ("\u201c", "\u201d"), "'": ("\u2018", "\u2019")}


def _quotes(text: str) -> str:
    out, is_open = [], {'"': False, "'": False}
    for i, c in enumerate(text):
        if c not in _CURLY:
            out.append(c)
            continue
        before, after = text[i - 1 : i], text[i + 1 : i + 2]
        opening, closing = _CURLY[c]
        if c == "'" and before.isalnum() and after.isalnum():
            out.append(closing)
        elif not before or before.isspace() or before in _OPENERS:
            out.append(opening)
            is_open[c] = True
        elif before.isdigit() and not is_open[c]:
            out.append(c)
        else:
            out.append(closing)
            is_open[c] = False
    return "".join(out)


def _range(m: re.Match) -> str:
    low, high = m.group(1), m.group(2)
    return f"{low}{EN_DASH}{high}" if float(low) < float(high) else m.group(0)


def typeset(text: str, ranges: bool = True) -> str:
    """The characters the data means: a real minus sign for a minus ("-2"), a times sign
    for a multiplier ("x2"), less- or greater-than-or-equal for "<=" and ">=", an en dash
    in a number range ("3-4" and "3.5 - 6" print "3\u20134", "3.5\u20136"; not with
    `ranges=False`: a combat table's odds "1-2" and a piece's factors "3-4" are no
    ranges), a spaced en dash for a spaced hyphen before a word ("Phase 1 \u2013 Hack"),
    typographic quotes and apostrophes, and a no-break space that keeps a figure with its
    unit ("54 mm"). A
    hyphen in a word, an id, a chain of figures ("1-1-4") or a dice sum ("d6-1") stays
    as written. A text that is only a dash or a hyphen (a cell that holds nothing) prints
    NONE, the mark kitgen prints for a result no roll gives, so a kit marks "none" one
    way."""
    if text.strip() in _NONE_MARKS:
        return NONE
    if "-" in text:
        text = _MINUS.sub(MINUS, text)
        if ranges:
            text = _RANGE.sub(_range, text)
            text = _SPACED_RANGE.sub(_range, text)
        text = _SPACED_DASH.sub(f" {EN_DASH} ", text)
    if "x" in text:
        text = _TIMES.sub("\u00d7", text)
    if "=" in text:
        for plain, sign in _SIGNS:
            text = text.replace(plain, sign)
    if " " in text:
        text = _KEEP.sub(NBSP, text)
    if "'" in text or '"' in text:
        text = _quotes(text)
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


# A kit's reading mark (†2) as printed: a superscript of its text's size, a thin space
# after the word it marks.
READING_MARK = "\u2020"  # †, numbered: †1, †2 ...
MARK_SCALE = 0.6
MARK_RISE = 0.38  # its baseline above the text's, of the text's size
MARK_GAP = 0.17  # a thin space, of the text's size
CONTENTS_TIGHT_LEAD = 11.5  # a cover's contents list, closer set when it would spill a page
