"""The cover as a box front, read back from the PDF: the title band, the hero art large,
the badges; every file of the kit listed after it; nothing outside the margins and no
type under 7 pt. And the cover layouts and their mistakes."""

from __future__ import annotations

import functools

import pypdfium2 as pdfium
import pytest

from kitgen.model.reading import NOTES_TITLE
from kitgen.units import PRINTER_MARGIN

from .conftest import CONTENT, build_pdfs, errors_of, one_kit_fast, pdf_text, write_game
from .test_tables import pdf_font_sizes

GAMES = sorted(p.parent.name for p in CONTENT.glob("*/game.yaml"))
DPI = 36  # enough to measure the art's box to a fiftieth of an inch
HERO_LEAST = 0.3  # of the page's area: the art's box on the front, at least


@functools.cache
def kit(game: str, paper: str) -> tuple:
    return build_pdfs(CONTENT / game, paper=paper)


def _pixels(pdf: bytes, page: int):
    """A page rendered at DPI: (RGB image, pixels per point)."""
    doc = pdfium.PdfDocument(pdf)
    return doc[page].render(scale=DPI / 72).to_pil().convert("RGB"), DPI / 72


def art_box(pdf: bytes, panel: str) -> tuple[int, int, int, int]:
    """The box (pixels) of what the hero panel holds: the panel found by its colour, and
    in it every pixel of another colour."""
    image, _ = _pixels(pdf, 0)
    ground = tuple(int(panel[i : i + 2], 16) for i in (1, 3, 5))
    w, h = image.size
    px = image.load()

    def near(c) -> bool:
        return all(abs(a - b) <= 3 for a, b in zip(c, ground, strict=True))

    panel_px = [(x, y) for y in range(h) for x in range(w) if near(px[x, y])]
    assert panel_px, "no hero panel"
    x0, x1 = min(p[0] for p in panel_px), max(p[0] for p in panel_px)
    y0, y1 = min(p[1] for p in panel_px), max(p[1] for p in panel_px)
    inner = [(x, y) for y in range(y0 + 3, y1 - 2) for x in range(x0 + 3, x1 - 2)
             if not near(px[x, y])]  # fmt: skip
    return (min(p[0] for p in inner), min(p[1] for p in inner),
            max(p[0] for p in inner), max(p[1] for p in inner))  # fmt: skip


def _chars(pdf: bytes) -> list[tuple[int, float, str, tuple]]:
    """(page, size in points, character, box) of every printed character."""
    import pypdfium2.raw as raw

    out = []
    for n, page in enumerate(pdfium.PdfDocument(pdf)):
        text = page.get_textpage()
        for i in range(text.count_chars()):
            c = text.get_text_range(i, 1)
            if c.strip():
                size = raw.FPDFText_GetFontSize(text.raw, i)
                out.append((n, round(size, 2), c, text.get_charbox(i)))
    return out


def _inside(box: tuple, area: tuple) -> bool:
    return (
        area[0] - 1 <= box[0]
        and box[2] <= area[2] + 1
        and area[1] - 1 <= box[1]
        and box[3] <= area[3] + 1
    )


def _panel(game: str) -> str:
    from kitgen.colours import mix
    from kitgen.layout.kit.cover import HERO_TINT, band_colour
    from kitgen.style import PAPER

    planned, _, _ = kit(game, "letter")
    return mix(band_colour(planned.game.cover), PAPER, HERO_TINT)


@pytest.mark.parametrize("paper", ("letter", "a4"))
@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_the_front_is_a_box_front(game: str, paper: str):
    """The title is the largest type, 26 pt or more; the hero art covers HERO_LEAST of
    the page or more; no type under 7 pt; nothing inside the printer's margin on any
    page of the cover."""
    planned, pdfs, _ = kit(game, paper)
    pdf = pdfs["cover.pdf"]
    sizes = pdf_font_sizes(pdf)
    title = max(size for size, _, text in sizes if text in planned.game.title)
    assert title >= 26 and title == max(size for size, _, _ in sizes)
    x0, y0, x1, y1 = art_box(pdf, _panel(game))
    image, k = _pixels(pdf, 0)
    area = (x1 - x0) * (y1 - y0) / (image.size[0] * image.size[1])
    assert area >= HERO_LEAST, f"the hero art covers {area:.0%} of the front"
    # the pieces and maps the art pictures keep their own type; every word round them
    # (and on the pages after the front) is 7 pt or more
    height = image.size[1] / k
    art = (x0 / k, height - y1 / k, x1 / k, height - y0 / k)
    page = (0, 0, image.size[0] / k, height)  # a map's words past the page: clipped away
    small = [(n, size, c) for n, size, c, box in _chars(pdf) if size < 7 - 1e-3
             and _inside(box, page) and not (n == 0 and _inside(box, art))]  # fmt: skip
    assert small == [], small[:5]
    edge = round(PRINTER_MARGIN * k) - 1
    for n in range(len(pdfium.PdfDocument(pdf))):
        image, _ = _pixels(pdf, n)
        w, h = image.size
        band = [image.getpixel((x, y)) for x in range(w) for y in range(h)
                if x < edge or y < edge or x >= w - edge or y >= h - edge]  # fmt: skip
        assert all(min(c) > 245 for c in band), f"page {n + 1} draws inside the margin"


@pytest.mark.parametrize("game", one_kit_fast(GAMES))
def test_the_contents_lists_every_file_and_its_landmarks(game: str):
    """Every file of the kit is named on the cover, and "At a glance" and "Notes on
    this edition" wherever a file of the kit holds them."""
    from kitgen.model.reading import GLANCE_TITLE

    _, pdfs, _ = kit(game, "letter")
    cover = " ".join(pdf_text(pdfs["cover.pdf"]))
    missing = [name for name in pdfs if name.endswith(".pdf") and name not in cover]
    assert missing == []
    for landmark in (GLANCE_TITLE, NOTES_TITLE):
        held = [
            n for n, pdf in pdfs.items() if n != "cover.pdf" and landmark in " ".join(pdf_text(pdf))
        ]
        if held:
            assert landmark in cover, (landmark, held)


GAME = """
id: g
title: Gamma
cover:
  subtitle: A game of many pieces
  blurb: [A short game of many pieces.]
  players: 2-4
  time: 30 minutes
  ages: 12+
  needs: [two dice]
{more}
counters:
  - {{id: red, size: 1/2, front: {{background: "#b03020", text: {{text: ALPHA, size: 6pt}}}}}}
"""


def test_the_badges_say_players_time_ages_and_needs(game_dir):
    write_game(game_dir, GAME.format(more="  colour: '#203040'"))
    _, pdfs, _ = build_pdfs(game_dir)
    front = pdf_text(pdfs["cover.pdf"])[0]
    for said in ("PLAYERS 2–4", "PLAYING TIME 30 minutes", "AGES 12+", "YOU NEED two dice"):
        assert said in front


def test_a_layout_orders_the_parts(game_dir):
    """box-front: the band above the hero; poster: the hero above the band."""
    from .conftest import pdf_words

    tops = {}
    for layout in ("box-front", "poster"):
        write_game(game_dir, GAME.format(more=f"  layout: {layout}"))
        _, pdfs, _ = build_pdfs(game_dir)
        words = {w.text: w.box for w in pdf_words(pdfs["cover.pdf"])[0]}
        tops[layout] = words["Gamma"][1] > words["ALPHA"][3]  # the title above the art
    assert tops == {"box-front": True, "poster": False}


def test_an_unknown_cover_layout_is_an_error_at_its_line(game_dir):
    write_game(game_dir, GAME.format(more="  layout: boxfront"))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:10:11: error: cover.layout: no cover layout 'boxfront' "
        "(kitgen's are box-front, poster)"
    ]


MAP = """
  art:
    map: {map}
    cells: A1-B2
    pieces:
      - {{piece: {piece}, at: A1}}
maps:
  - id: field
    grid: square
    cell: 1in
    terrains:
      - {{id: open, label: Open, fill: "#eeeecc"}}
    layout: |
      ...
      ...
    legend: {{".": open}}"""


def test_a_cover_map_or_piece_that_does_not_exist_is_an_error_at_its_line(game_dir):
    write_game(game_dir, GAME.format(more=MAP.format(map="fields", piece="red")))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:12:10: error: cover.art.map: no map 'fields' (the kit's maps: field)"
    ]
    write_game(game_dir, GAME.format(more=MAP.format(map="field", piece="blue")))
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:15:17: error: cover.art.pieces[0].piece: unknown piece 'blue' "
        "(valid: red)"
    ]


def test_the_built_in_cover_layouts_read_clean():
    from kitgen.source.cover import PARTS, cover_layouts

    layouts = cover_layouts()
    assert list(layouts)[0] == "box-front"
    for layout in layouts.values():
        assert {p.part for p in layout.parts} == set(PARTS), layout.id


def test_a_cover_fits_a_small_paper(game_dir):
    """On A5 the needs take a row of their own under the badges, and the front stays one
    page (the contents on the next), every word inside its box."""
    from kitgen.build import font_book, plan
    from kitgen.errors import Diagnostics
    from kitgen.layout.kit.cover import front_box
    from kitgen.layout.plan import Group, Text
    from kitgen.model.game import Settings
    from kitgen.units import paper_from_text

    from .conftest import plan_game

    write_game(game_dir, GAME.format(more=""))
    game = plan_game(game_dir).game
    settings = Settings(paper=paper_from_text("148mmx210mm"))
    fonts = font_book(game)
    docs = plan(game, settings, fonts, Diagnostics())

    def texts(ops, dx=0.0, dy=0.0):
        for op in ops:
            if isinstance(op, Group) and op.scale == 1:
                yield from texts(op.ops, dx + op.dx, dy + op.dy)
            elif isinstance(op, Text):
                yield op, dx, dy

    front = docs[0].pages[:1]
    assert "In this kit" in [t.text for t, _, _ in texts(docs[0].pages[1].ops)]  # one front

    class Env:
        paper = settings.paper

    x0, y0, x1, y1 = front_box(Env)  # type: ignore[arg-type]
    frame = ("Gamma · Cover", "1 in", "25 mm", "print at 100%")  # the label and scale bars
    placed = [(t, dx, dy) for t, dx, dy in texts(front[0].ops) if not t.text.startswith(frame)]
    assert {"PLAYERS", "YOU NEED", "Gamma"} <= {t.text for t, _, _ in placed}
    for t, dx, dy in placed:
        w = fonts.width(t.text, t.font.face, t.font.size)
        left = t.x + dx - {"left": 0, "centre": w / 2, "right": w}[t.align]
        assert x0 - 0.01 <= left and left + w <= x1 + 0.01, t.text
        assert y0 <= t.y + dy <= y1, t.text
