"""A text block (title, paragraphs or bullet items) measured for one width and size,
drawable whole or a line range at a time (so a sheet can flow it into columns)."""

from __future__ import annotations

from collections.abc import Mapping

from ..model.counters import Picture
from ..model.table import TextBlock
from ..records import field, record
from ..style import INK, LEADING
from .env import PlanEnv
from .rich import (
    Faces,
    Line_,
    block_title,
    draw_line,
    parse_markup,
    runs_width,
    title_block_height,
    wrap_runs,
)

BULLET = "\u2022"
PARA_GAP = 0.3  # the room before a paragraph or list item, of the size


@record
class TextLine:
    """One line of a wrapped block: its runs, its indent and whether it starts a
    paragraph (or a list item)."""

    runs: Line_
    indent: float
    para: bool


@record(frozen=False)
class TextLayout:
    block: TextBlock
    size: float
    width: float
    lines: list[TextLine]
    title_height: float
    env: PlanEnv
    faces: Faces
    fits: bool = True
    numbers: dict[int, int] = field(default_factory=dict)  # line index -> step number
    first_title: float = 0.0  # the title's room on the first part (no "(cont.)" to wrap)
    lead: float = LEADING  # the line pitch, of the size
    para: float = PARA_GAP  # the room before a paragraph or item (not the first), of the size
    icons: Mapping[str, Picture] | None = None  # {icon:NAME} read (the game's own SVGs)

    def title_room(self, first: bool) -> float:
        return self.first_title if first else self.title_height

    @property
    def units(self) -> int:
        return len(self.lines)

    def unit_height(self, i: int) -> float:
        gap = self.size * self.para if self.lines[i].para and i > 0 else 0.0
        return self.size * self.lead + gap

    def part_height(self, start: int, end: int, first: bool, last: bool) -> float:
        return self.title_room(first) + sum(self.unit_height(i) for i in range(start, end))

    @property
    def height(self) -> float:
        return self.part_height(0, self.units, True, True)

    def draw(
        self,
        x: float,
        y_top: float,
        start: int = 0,
        end: int | None = None,
        first: bool = True,
        title: bool = True,
    ) -> tuple[list, float]:
        end = self.units if end is None else end
        fonts, size = self.env.fonts, self.size
        ops: list = []
        y = y_top
        if self.title_height:
            ops += (
                []
                if not title
                else block_title(
                    self.block.title, first, x, y, self.width, self.faces, size, fonts, INK
                )
            )
            y -= self.title_room(first)
        for i in range(start, end):
            line = self.lines[i]
            runs, indent, para = line.runs, line.indent, line.para
            y -= self.unit_height(i)
            base = y + size * 0.28
            if para and self.block.style != "plain":
                mark = BULLET if self.block.style == "bullets" else f"{self.numbers[i]}."
                ops += draw_line(
                    parse_markup(mark, bold=self.block.style == "steps"),
                    x + size * 0.2,
                    base,
                    indent - size * 0.5,
                    "right" if self.block.style == "steps" else "left",
                    self.faces,
                    size,
                    fonts,
                    INK,
                )
            ops += draw_line(
                runs, x + indent, base, self.width - indent, "left", self.faces, size, fonts, INK,
                self.icons or {},
            )  # fmt: skip
        return ops, y_top - y


def layout_text(
    block: TextBlock,
    width: float,
    env: PlanEnv,
    size: float,
    title: bool = True,
    lead: float = LEADING,
    para: float = PARA_GAP,
    icons: Mapping[str, Picture] | None = None,
) -> TextLayout:
    """The block wrapped to the width at the size; its lines `lead` times the size apart,
        `para` times the size more before each paragraph or item but the first (a sheet with
        room to spare opens both: sheet.py). With `icons` (the game's own SVGs; a reader has
    checked every name), {icon:NAME} draws inline."""
    faces = Faces(lambda b, i: env.face(bold=b, italic=i))
    if block.style == "steps":
        widest = len(str(len(block.paragraphs)))
        indent = runs_width(parse_markup("0" * widest + ".", bold=True), faces, size, env.fonts)
        indent += size * 0.9
    else:
        indent = size * 1.1 if block.style == "bullets" else 0.0
    lines: list[TextLine] = []
    numbers: dict[int, int] = {}
    fits = True
    for n, text in enumerate(block.paragraphs, start=1):
        numbers[len(lines)] = n
        runs = parse_markup(text, icons=icons is not None)
        wrapped = wrap_runs(runs, width - indent, faces, size, env.fonts)
        for k, ln in enumerate(wrapped):
            if runs_width(ln, faces, size, env.fonts) > width - indent + 1e-6:
                fits = False  # one word wider than the box
            lines.append(TextLine(ln, indent, k == 0))
    titled = bool(title and block.title)
    title_h = title_block_height(block.title, width, faces, size, env.fonts) if titled else 0.0
    first_h = (
        title_block_height(block.title, width, faces, size, env.fonts, cont=False)
        if titled
        else 0.0
    )
    return TextLayout(
        block, size, width, lines, title_h, env, faces, fits, numbers, first_h, lead, para, icons
    )
