"""Track sheets: each track a run of numbered boxes, wrapped into rows; tracks stack down the
page and flow onto further pages."""

from __future__ import annotations

import math

from ...errors import Diagnostics
from ...model.track import Track, TrackSet
from ...records import replace
from ...style import INK, PAPER, RULES_MIN, SHADE, SMALL
from ..env import PlanEnv
from ..frame import content_box
from ..plan import Document, Font, Item, Page, Rect, Stroke, Text
from ..sides import side_shapes, token_shape
from ..text import fit_text

HEAD = 20.0  # title line above a track
SIDE_MARK_R = 5.0  # a side's mark before its track's title: its radius ...
SIDE_MARK_GAP = 4.0  # ... and the room between it and the title
GAP = 18.0  # between tracks
GROW = 1.5  # the most a track's boxes grow on a page of its own (tracks.pdf, a map's charts)


def track_height(t: Track, width: float, env: PlanEnv) -> float:
    per_row = min(t.per_row, max(1, int(width // t.box)))
    rows = math.ceil(len(t.numbers) / per_row)
    return HEAD + rows * t.box


def on_maps(env: PlanEnv) -> set[str]:
    """The ids of the charts the kit's printed maps carry in their margins."""
    maps = env.game.maps
    return {
        c.item
        for m in (maps.maps if maps is not None else ())
        if m.printed and m.copies > 0
        for c in m.margins
    }


def grown(t: Track, width: float) -> Track:
    """A track whose boxes grow (up to GROW times) so its rows run ``width`` across."""
    per_row = min(t.per_row, max(1, int(width // t.box)), len(t.numbers))
    # in 1/64 pt, so that per_row boxes measure exactly per_row boxes across
    return replace(t, box=max(t.box, min(t.box * GROW, math.floor(width / per_row * 64) / 64)))


def grow_tracks(tracks: TrackSet, docs: list[Document], env: PlanEnv) -> None:
    """Once the kit's sheets are shared: tracks.pdf, when it kept its pages to itself (no
    guest came onto them, it went onto no other file's), set again with each track's boxes
    grown to run the width of the page (`grown`), when that takes no more pages."""
    doc = next((d for d in docs if d.name == "tracks"), None)
    if doc is None or any(i.kind != "track" for p in doc.pages for i in p.items):
        return
    quiet = replace(env, diags=Diagnostics())  # its warnings were given the first time
    again = plan_tracks(tracks, quiet, grow=True)
    if again and len(again[0].pages) == len(doc.pages):
        doc.pages = again[0].pages


def plan_tracks(tracks: TrackSet, env: PlanEnv, grow: bool = False) -> list[Document]:
    """tracks.pdf: every track, but those a printed map carries in its margins when the
    kit shares its sheets (printed once, on the map). `grow`: the boxes grown to the
    page's width (grow_tracks)."""
    shown = on_maps(env) if env.game.share_sheets else set()
    todo = [t for t in tracks.tracks if t.id not in shown]
    if not todo:
        return []
    x0, y0, x1, y1 = content_box(env.paper)
    pages: list[Page] = []
    page = Page("Tracks")
    y = y1
    for t in todo:
        width = x1 - x0
        big = grown(t, width) if grow else t
        t = big if track_height(big, width, env) <= y1 - y0 else t  # a page still holds it
        h = track_height(t, width, env)
        if y - h < y0 and page.ops:
            pages.append(page)
            page = Page("Tracks")
            y = y1
        ops, box = draw_track(t, x0, y, width, env)
        page.ops.extend(ops)
        page.items.append(
            Item(
                "track",
                t.id,
                f"track-{t.id}",
                "front",
                box,
                {"from": t.start, "to": t.stop, "step": t.step, "box": round(t.box, 4)},
            )
        )
        y = box[1] - GAP
    pages.append(page)
    return [Document("tracks", "Tracks", pages)]


def track_width(t: Track, width: float) -> float:
    """How wide the track's boxes run in ``width``."""
    per_row = min(t.per_row, max(1, int(width // t.box)))
    return min(per_row, len(t.numbers)) * t.box


def draw_track(
    t: Track, x0: float, y: float, width: float, env: PlanEnv
) -> tuple[list, tuple[float, float, float, float]]:
    """The track's title and boxes with their top-left at (x0, y), wrapped to ``width``: the
    ops and the boxes' extent (x0, y0, x1, y1)."""
    regular, bold = env.face(), env.face(bold=True)
    ops: list = []
    per_row = min(t.per_row, max(1, int(width // t.box)))
    # a side's track opens with the side's mark, in the track's ink, as its pieces carry it
    shape = side_shapes(env.game).get(t.side) if t.side else None
    indent = 2 * SIDE_MARK_R + SIDE_MARK_GAP if shape else 0.0
    if shape:
        ops.append(token_shape(shape, x0 + SIDE_MARK_R, y - 9, SIDE_MARK_R, t.colour, None))
    title = fit_text(t.title, bold, 12, 8, width - indent, 14, env.fonts, wrap_lines=False)
    if not title.fits:
        env.warn(
            t.span,
            f"tracks.{t.id}.title",
            f"track title {t.title!r} does not fit the page even at 8pt",
            "shorten it",
        )
    ops.append(Text(x0 + indent, y - 13, title.lines[0], Font(bold, title.size), INK))
    top = y - HEAD
    stroke = Stroke(t.colour, 0.8)
    fs = min(t.box * 0.4, 14.0)
    nfs = min(fs, t.box * 0.28)  # a number moves up and shrinks to make room for notes
    note_size = _note_size(t, nfs, regular, env)
    for i, n in enumerate(t.numbers):
        r, c = divmod(i, per_row)
        bx = x0 + c * t.box
        by = top - (r + 1) * t.box
        shade = t.every and (n - t.start) % (t.every * t.step) == 0 and n != t.start
        fill = t.shade.get(n) or (SHADE if shade else PAPER)
        ops.append(Rect(bx, by, t.box, t.box, fill=fill, stroke=stroke))
        words = _words(t, n)
        if not words:
            ny = by + t.box / 2 - fs * 0.35
            ops.append(Text(bx + t.box / 2, ny, str(n), Font(bold, fs), INK, "centre"))
            continue
        ops.append(
            Text(bx + t.box / 2, by + t.box - nfs * 1.05, str(n), Font(bold, nfs), INK, "centre")
        )
        ops.extend(_notes(t, n, words, bx, by, nfs, note_size, regular, env))
    rows = math.ceil(len(t.numbers) / per_row)
    return ops, (x0, top - rows * t.box, x0 + min(per_row, len(t.numbers)) * t.box, top)


NOTE_MAX = SMALL  # a box's notes grow to this where the boxes have room
NOTE_MIN = RULES_MIN  # and never shrink below it: they are rules (events, turn effects)


def _words(t: Track, n: int) -> str:
    return "\n".join(x for x in (t.labels.get(n), t.events.get(n)) if x)


def _fit_note(t: Track, words: str, nfs: float, size: float, face: str, env: PlanEnv):
    pad = max(1.5, t.box * 0.05)
    room_h = t.box - nfs * 1.3 - pad
    return fit_text(words, face, size, NOTE_MIN, t.box - 2 * pad, room_h, env.fonts, leading=1.1)


def _note_size(t: Track, nfs: float, face: str, env: PlanEnv) -> float:
    """One size for every note of a track, so its boxes read alike: the largest, up to
    NOTE_MAX (and a fifth of a box), at which each box's notes fit, never below NOTE_MIN."""
    size = max(NOTE_MIN, min(NOTE_MAX, t.box * 0.2))
    for n in t.numbers:
        if words := _words(t, n):
            fit = _fit_note(t, words, nfs, size, face, env)
            size = fit.size if fit.fits else size
    return size


def _notes(
    t: Track,
    n: int,
    words: str,
    bx: float,
    by: float,
    nfs: float,
    size: float,
    face: str,
    env: PlanEnv,
) -> list:
    """A box's label and event under its number at the track's note size (_note_size):
    what does not fit even at NOTE_MIN is warned about, naming the box."""
    fit = _fit_note(t, words, nfs, size, face, env)
    if not fit.fits:
        env.warn(
            t.span,
            f"tracks.{t.id}",
            f"the notes of box {n} on track {t.id!r} do not fit even at {NOTE_MIN:g}pt: {words!r}",
            "shorten them or make box larger",
        )
    ops = []
    y = by + t.box - nfs * 1.3 - fit.size
    for line in fit.lines:
        ops.append(Text(bx + t.box / 2, y, line, Font(face, fit.size), INK, "centre"))
        y -= fit.size * 1.1
    return ops
