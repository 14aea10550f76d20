"""tracks: in game.yaml -> TrackSet."""

from __future__ import annotations

from ..budget import spend
from ..model.track import Track, TrackSet
from .fields import Context, Fields, as_text, check_unique_ids, expect_map, read_list
from .yamlnodes import Node, Scalar


def _labels(ctx: Context, node: Node | None, path: str) -> dict[int, str]:
    m = expect_map(ctx, node, path)
    if m is None:
        return {}
    out: dict[int, str] = {}
    for key, (kspan, value) in m.entries.items():
        try:
            n = int(key)
        except ValueError:
            ctx.error(kspan, f"{path}.{key}", f"track labels are keyed by number, not {key!r}")
            continue
        text = as_text(ctx, value, f"{path}.{key}")
        if text is not None:
            out[n] = text
    return out


def _read_track(ctx: Context, node: Node, path: str) -> Track | None:
    f = Fields(ctx, node, path)
    tid = f.id("id")
    start = f.integer("from", required=True, default=None)
    stop = f.integer("to", required=True, default=None)
    step = f.integer("step", default=1)
    if step == 0:
        ctx.error(f.raw("step"), f.sub("step"), "step must not be 0")
        step = 1
    t = None
    labels = _labels(ctx, f.raw("labels"), f.sub("labels"))
    box = f.length("box", default=36.0)
    per_row = f.integer("per_row", default=10, lo=1, hi=100)
    every = f.integer("every", default=0, lo=0)
    colour = f.colour("colour", default="#333333")
    title = f.text("title", default=tid or "")
    events = _labels(ctx, f.raw("events"), f.sub("events"))
    shade_colour = f.colour("shade_colour", default="#d9c8a0")
    shade: dict[int, str] = {}
    for i, value in enumerate(f.texts("shade")):
        try:
            shade[int(value)] = shade_colour
        except ValueError:
            ctx.error(f.raw("shade"), f"{f.sub('shade')}[{i}]", f"{value!r} is not a number")
    f.close()
    if tid is None or start is None or stop is None:
        return None
    if (stop - start) * step < 0:
        ctx.error(node, path, f"a track from {start} to {stop} needs a step of the other sign")
        return None
    count = abs(stop - start) // abs(step) + 1
    if count > 500:
        ctx.error(node, path, f"a track of {count} boxes is too long (at most 500)")
        return None
    if not spend(ctx, "items", count, node, path):
        return None
    t = Track(
        tid, title, start, stop, step, box, per_row, every, labels, colour, node.span, shade, events
    )
    for key, given in (("labels", labels), ("events", events), ("shade", shade)):
        for n in given:
            if n not in t.numbers:
                ctx.error(f.raw(key), f"{f.sub(key)}.{n}", f"{n} is not on the track")
    return t


def read_tracks(ctx: Context, node: Node, path: str) -> TrackSet:
    if isinstance(node, Scalar) and node.value is None:
        return TrackSet()
    tracks = read_list(ctx, node, path, _read_track)
    check_unique_ids(ctx, tracks, path, "track")
    return TrackSet(tuple(tracks))
