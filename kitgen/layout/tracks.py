"""Track sheets: each track a run of numbered boxes, wrapped into rows; tracks stack down the
page and flow onto further pages."""

from __future__ import annotations

import math

from ..model.track import Track, TrackSet
from ..style import INK
from .env import PlanEnv
from .frame import content_box
from .plan import Document, Font, Item, Page, Rect, Stroke, Text

HEAD = 20.0  # title line above a track
GAP = 18.0  # between tracks


def track_height(t: Track, width: float) -> float:
    per_row = min(t.per_row, max(1, int(width // t.box)))
    rows = math.ceil(len(t.numbers) / per_row)
    return HEAD + rows * t.box


def plan_tracks(tracks: TrackSet, env: PlanEnv) -> list[Document]:
    if not tracks.tracks:
        return []
    x0, y0, x1, y1 = content_box(env.paper)
    regular, bold = env.face(), env.face(bold=True)
    pages: list[Page] = []
    page = Page("Tracks")
    y = y1
    for t in tracks.tracks:
        width = x1 - x0
        h = track_height(t, width)
        if y - h < y0 and page.ops:
            pages.append(page)
            page = Page("Tracks")
            y = y1
        per_row = min(t.per_row, max(1, int(width // t.box)))
        page.ops.append(Text(x0, y - 13, t.title, Font(bold, 12), INK))
        top = y - HEAD
        stroke = Stroke(t.colour, 0.8)
        fs = min(t.box * 0.4, 14.0)
        for i, n in enumerate(t.numbers):
            r, c = divmod(i, per_row)
            bx = x0 + c * t.box
            by = top - (r + 1) * t.box
            shade = t.every and (n - t.start) % (t.every * t.step) == 0 and n != t.start
            page.ops.append(
                Rect(bx, by, t.box, t.box, fill="#e6e6e6" if shade else "#ffffff", stroke=stroke)
            )
            label = t.labels.get(n)
            ny = by + t.box / 2 - fs * 0.35 + (fs * 0.3 if label else 0)
            page.ops.append(Text(bx + t.box / 2, ny, str(n), Font(bold, fs), INK, align="centre"))
            if label:
                ls = max(5.5, min(7.0, t.box * 0.16))
                page.ops.append(
                    Text(
                        bx + t.box / 2, by + ls * 0.7, label, Font(regular, ls), INK, align="centre"
                    )
                )
        rows = math.ceil(len(t.numbers) / per_row)
        page.items.append(
            Item(
                "track",
                t.id,
                f"track-{t.id}",
                "front",
                (x0, top - rows * t.box, x0 + min(per_row, len(t.numbers)) * t.box, top),
                {"from": t.start, "to": t.stop, "step": t.step, "box": round(t.box, 4)},
            )
        )
        y = top - rows * t.box - GAP
    pages.append(page)
    return [Document("tracks", "Tracks", pages)]
