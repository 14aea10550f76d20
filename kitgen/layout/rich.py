"""Short rich text: **bold** and *italic* runs, and {icon:NAME} drawn at the type's size
centred on the capitals, wrapped and drawn as plain Text, Icon and Image ops.

User text is never handed to a markup engine: `<`, `&` and anything that looks
like HTML print literally. Only paired `**` / `*` change the style; `\\*`
prints an asterisk; an unpaired `*` prints as itself. Icons are read only where the
caller asks (`icons=True`: a reader has checked their names).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from ..model.counters import Picture
from ..model.layout import ICON_TOKEN, NO_ICONS
from ..patterns import pattern
from ..records import record
from ..style import INLINE_DROP, INLINE_ICON, typeset
from .env import TextMeasure
from .plan import BBox, Font, Group, Icon, Image, Text

# Where a line may break: white space, but not a no-break space ("54 mm": style.typeset).
_SPACES = pattern(r"([^\S\u00a0]+)")
_STYLE = pattern(r"\\([\\*])|\*\*(?=\S)(.+?)(?<=\S)\*\*|\*(?=[^\s*])(.+?)(?<=[^\s*])\*")


@record
class Run:
    text: str
    bold: bool = False
    italic: bool = False
    icon: str = ""  # an inline icon's name (its text empty): part of the word it touches


def parse_markup(
    text: str, bold: bool = False, italic: bool = False, ranges: bool = True, icons: bool = False
) -> list[Run]:
    """Split text into styled runs, set with the characters the data means (style.typeset;
    `ranges=False` where figures joined by a hyphen are no range: combat odds); with
    `icons`, each {icon:NAME} is a run of its own."""
    if icons and "{icon:" in text:
        return _with_icons(text, bold, italic, ranges)
    text = typeset(text, ranges)
    runs: list[Run] = []
    pos = 0
    for m in _STYLE.finditer(text):
        if m.start() > pos:
            runs.append(Run(text[pos : m.start()], bold, italic))
        if m.group(1) is not None:
            runs.append(Run(m.group(1), bold, italic))
        elif m.group(2) is not None:
            runs.extend(parse_markup(m.group(2), True, italic, ranges))
        else:
            runs.extend(parse_markup(m.group(3), bold, True, ranges))
        pos = m.end()
    if pos < len(text):
        runs.append(Run(text[pos:], bold, italic))
    return _merge(runs)


_PRIVATE = pattern("[\ue000-\uf8ff]")  # private-use characters: icons stand as these


def _with_icons(text: str, bold: bool, italic: bool, ranges: bool) -> list[Run]:
    """Each {icon:NAME} stands in the text as one private-use character (past any the
    author wrote) while styles are read, so **a {icon:x} b** stays bold round it and
    typeset leaves its name alone; then it becomes a run of its own in that style."""
    base = max((ord(c) + 1 for c in _PRIVATE.findall(text)), default=0xE000)
    names: list[str] = []

    def mark(m: re.Match) -> str:
        names.append(m.group(1))
        return chr(base + len(names) - 1)

    out: list[Run] = []
    for run in parse_markup(ICON_TOKEN.sub(mark, text), bold, italic, ranges):
        at = 0
        for m in _PRIVATE.finditer(run.text):
            if ord(m.group()) < base:
                continue  # the author's own private-use character: printed as it is
            out.append(Run(run.text[at : m.start()], run.bold, run.italic))
            out.append(Run("", run.bold, run.italic, names[ord(m.group()) - base]))
            at = m.end()
        out.append(Run(run.text[at:], run.bold, run.italic))
    return _merge(out)


def _merge(runs: list[Run]) -> list[Run]:
    out: list[Run] = []
    for r in runs:
        if r.icon:
            out.append(r)
        elif out and not out[-1].icon and (out[-1].bold, out[-1].italic) == (r.bold, r.italic):
            out[-1] = Run(out[-1].text + r.text, r.bold, r.italic)
        elif r.text:
            out.append(r)
    return out


def plain(text: str) -> str:
    """The text as printed, markup removed (for measuring and tests)."""
    return "".join(r.text for r in parse_markup(text))


class Faces:
    """The four faces of one family, resolved once."""

    def __init__(self, face_of):
        self._faces = {(b, i): face_of(b, i) for b in (False, True) for i in (False, True)}
        self.key = tuple(self._faces.values())  # what a cache of measures is keyed by

    def __call__(self, bold: bool, italic: bool) -> str:
        return self._faces[(bold, italic)]


Line_ = list[Run]  # one printed line: runs in order


def words_of(runs: list[Run]) -> list[list[Run] | None]:
    """Words as lists of runs (a word may change style midway); None = forced line break."""
    words: list[list[Run] | None] = []
    current: list[Run] = []
    for run in runs:
        if run.icon:
            current.append(run)
            continue
        parts = _SPACES.split(run.text)
        for k, part in enumerate(parts):
            if not part:
                continue
            if k % 2:  # a break between words
                if current:
                    words.append(current)
                    current = []
                for _ in range(part.count("\n")):
                    words.append(None)
            else:
                current.append(Run(part, run.bold, run.italic))
    if current:
        words.append(current)
    return _glue_icons(words)


def _glue_icons(words: list[list[Run] | None]) -> list[list[Run] | None]:
    """A figure and the inline icon beside it ("gain 1 {icon:coin}", "{icon:coin} +3"),
    and an icon standing alone and the word it labels ("{icon:coin} **Coins**"), are one
    word, their space kept: a line never ends on the one and starts with the other."""
    out: list[list[Run] | None] = []
    for word in words:
        last = out[-1] if out else None
        if word is None or last is None or not _joined(last, word):
            out.append(word)
            continue
        if word[0].icon:  # the space joins the figure's text
            group = [*_spaced(last), *word]
        else:  # the space leads the next word's text
            head = word[0]
            group = [*last, Run(" " + head.text, head.bold, head.italic), *word[1:]]
        out[-1] = group
        lead = out[-2] if len(out) > 1 else None
        if lead is not None and _leads_figure(lead, group):  # "gain" stays with "1 {icon}"
            out[-2:] = [[*_spaced(lead), *group]]
    return out


def _spaced(word: list[Run]) -> list[Run]:
    """The word with the space after it kept in its last run's text."""
    tail = word[-1]
    return [*word[:-1], Run(tail.text + " ", tail.bold, tail.italic)]


def _leads_figure(before: list[Run], group: list[Run]) -> bool:
    """A plain word before a figure and its icon ("gain 1 {icon:coin}"): the space between
    them does not break, so a line never ends on the verb with the pair alone below."""
    if any(r.icon for r in before) or len(group) < 2 or group[0].icon or not group[1].icon:
        return False
    return group[0].text.rstrip()[-1:] in _DIGITS


_DIGITS = frozenset("0123456789")


def _joined(before: list[Run], after: list[Run]) -> bool:
    """A word ending in a figure followed by one starting with an icon; a word ending in
    an icon followed by a figure (its sign counts with it: "{icon:coin} +3"); a lone icon
    followed by any word."""
    if after[0].icon:
        return not before[-1].icon and before[-1].text[-1:] in _DIGITS
    if all(r.icon for r in before):
        return True
    return bool(before[-1].icon) and after[0].text.lstrip("+-\u2212\u00b1")[:1] in _DIGITS


def runs_width(runs: list[Run], faces: Faces, size: float, fonts: TextMeasure) -> float:
    return sum(
        size * INLINE_ICON if r.icon else fonts.width(r.text, faces(r.bold, r.italic), size)
        for r in runs
    )


def wrap_runs(
    runs: list[Run], width: float, faces: Faces, size: float, fonts: TextMeasure
) -> list[Line_]:
    """Greedy word wrap of styled runs. A word wider than the width stays whole."""
    words = words_of(runs)
    lines: list[Line_] = []
    for members in _breaks(_measure(words, faces, size, fonts), width):
        line: Line_ = []
        for i in members:
            word = words[i]
            assert word is not None  # a forced break is never a member of a line
            if line:
                line.append(Run(" ", word[0].bold, word[0].italic))
            line.extend(word)
        lines.append(_merge(line))
    return lines


Measures = list[tuple[float, float] | None]


def word_widths(runs: list[Run], faces: Faces, size: float, fonts: TextMeasure) -> Measures:
    """Each word's width and the space before it (None: a forced break), measured once:
    `count_lines` then counts wrap_runs' lines at any width without measuring again."""
    return _measure(words_of(runs), faces, size, fonts)


def _measure(
    words: list[list[Run] | None], faces: Faces, size: float, fonts: TextMeasure
) -> Measures:
    out: Measures = []
    space: dict[tuple[bool, bool], float] = {}
    for word in words:
        if word is None:
            out.append(None)
            continue
        key = (word[0].bold, word[0].italic)
        if key not in space:
            space[key] = fonts.width(" ", faces(*key), size)
        out.append((runs_width(word, faces, size, fonts), space[key]))
    return out


def _breaks(words: Measures, width: float) -> list[list[int]]:
    """The words (indexes) on each line of a greedy wrap at `width`: the one wrap rule
    wrap_runs sets and count_lines counts."""
    lines: list[list[int]] = []
    line: list[int] = []
    line_w = 0.0
    for i, word in enumerate(words):
        if word is None:
            lines.append(line)
            line, line_w = [], 0.0
            continue
        ww, space = word
        if line and line_w + space + ww > width + 1e-6:
            lines.append(line)
            line, line_w = [], 0.0
        line_w += space + ww if line else ww
        line.append(i)
    if line or not lines:
        lines.append(line)
    return lines


def count_lines(words: Measures, width: float) -> int:
    """The lines wrap_runs breaks these words (word_widths) into at `width`."""
    return len(_breaks(words, width))


def widest_word(runs: list[Run], faces: Faces, size: float, fonts: TextMeasure) -> float:
    return max((runs_width(w, faces, size, fonts) for w in words_of(runs) if w), default=0.0)


def draw_line(
    line: Line_,
    x: float,
    y: float,
    width: float,
    align: str,
    faces: Faces,
    size: float,
    fonts: TextMeasure,
    colour: str,
    icons: Mapping[str, Picture] = NO_ICONS,
) -> list:
    """Text ops for one wrapped line inside [x, x + width], baseline y; an inline icon is
    the game's own picture (`icons`) or the built-in icon of that name."""
    total = runs_width(line, faces, size, fonts)
    if align == "right":
        cx = x + width - total
    elif align == "centre":
        cx = x + (width - total) / 2
    else:
        cx = x
    ops: list = []
    for run in line:
        if run.icon:
            ops += icon_ops(run.icon, cx, y, size, colour, icons)
            cx += size * INLINE_ICON
            continue
        face = faces(run.bold, run.italic)
        if run.text.strip():
            ops.append(Text(cx, y, run.text, Font(face, size), colour))
        cx += fonts.width(run.text, face, size)
    return ops


def icon_ops(
    name: str, x: float, baseline: float, size: float, ink: str, icons: Mapping[str, Picture]
) -> list:
    """An inline icon: a square of INLINE_ICON type sizes at x, centred on the capitals
    (its foot INLINE_DROP under the baseline), as a glyph of the line would sit."""
    side = size * INLINE_ICON
    foot = baseline - size * INLINE_DROP
    picture = icons.get(name)
    if picture is not None:
        return picture_ops(picture, (x, foot, x + side, foot + side), "fit")
    return [Icon(name, x + side / 2, foot + side / 2, side, ink)]


def picture_ops(picture: Picture, box: BBox, fit: str) -> list:
    """An image in a box: whole and centred (fit), covering it cropped (fill), or
    stretched to it."""
    x0, y0, x1, y1 = box
    bw, bh = x1 - x0, y1 - y0
    pw, ph = picture.size if picture.kind == "svg" else picture.pixels
    if fit == "stretch" or not pw or not ph:
        return [Image(picture, x0, y0, bw, bh)]
    scale = (max if fit == "fill" else min)(bw / pw, bh / ph)
    w, h = pw * scale, ph * scale
    placed = Image(picture, x0 + (bw - w) / 2, y0 + (bh - h) / 2, w, h)
    return [Group((placed,), clip=box)] if fit == "fill" else [placed]


def block_title(
    title: str,
    first: bool,
    x: float,
    y: float,
    width: float,
    faces: Faces,
    size: float,
    fonts: TextMeasure,
    colour: str,
) -> list[Text]:
    """A table's or text block's bold title (first baseline 1.15 sizes under y), marked
    "(cont.)" on the parts after the first; a title wider than its column wraps."""
    text = title + ("" if first else " (cont.)")
    tsize = size * 1.15
    ops: list[Text] = []
    for i, line in enumerate(wrap_runs(parse_markup(text, bold=True), width, faces, tsize, fonts)):
        ops += draw_line(line, x, y - tsize * (1 + 1.15 * i), width, "left", faces, tsize, fonts,
                         colour)  # fmt: skip
    return ops


def title_block_height(
    title: str, width: float, faces: Faces, size: float, fonts: TextMeasure, cont: bool = True
) -> float:
    """The room block_title takes (marked "(cont.)" unless `cont` is False): 1.5 title
    sizes, and 1.15 more for each wrapped line (a title is drawn whole, never run into the
    next column)."""
    tsize = size * 1.15
    text = title + (" (cont.)" if cont else "")
    lines = len(wrap_runs(parse_markup(text, bold=True), width, faces, tsize, fonts))
    return tsize * (1.5 + 1.15 * (lines - 1))
