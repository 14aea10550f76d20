"""tracks: in game.yaml -> TrackSet."""

from __future__ import annotations

from ...budget import spend
from ...model.track import Track, TrackSet
from ..fields import Context, Fields, as_text, expect_map, read_unique_list
from ..reading import READING, Marks, read_reading
from ..spec import COLOUR, ID, INTEGER, LENGTH, TEXT, Key, ListOf, Named, OneOrList, Spec
from ..yamlnodes import Node, Scalar, Seq, describe

TRACK_ID = Key("id", ID, "names the track", required=True)
FROM = Key("from", INTEGER, "the first box's number", required=True)
TO = Key("to", INTEGER, "the last box's number", required=True)
STEP = Key("step", INTEGER, "between boxes; negative counts down", default=1)
LABELS = Key("labels", Named(TEXT, "box numbers, each with a label"), "words on numbered boxes")
BOX = Key("box", LENGTH, "the side of a box", default=36.0)
PER_ROW = Key("per_row", INTEGER, "boxes per row before wrapping", default=10, lo=1, hi=100)
EVERY = Key("every", INTEGER, "shade every n-th box (0: none)", default=0, lo=0)
INK = Key("colour", COLOUR, "the boxes' ink", default="#333333")
TITLE = Key("title", TEXT, "printed over the track; default: the id")
SIDE = Key("side", TEXT, "the side whose track it is: its title carries the side's mark")
EVENTS = Key("events", Named(TEXT, "box numbers, each a note"), "notes on numbered boxes")
SHADE_COLOUR = Key("shade_colour", COLOUR, "the shaded boxes' colour", default="#d9c8a0")
SHADE = Key("shade", OneOrList(TEXT), "numbers of boxes to shade")
PERIODS = Key(
    "periods",
    Named(OneOrList(INTEGER), "period names, each a turn or a list of turns"),
    "named turns (Mud: [4, 5]) that combat conditions read; shaded and labelled",
)
TRACK = Spec(
    "track",
    TRACK_ID,
    FROM,
    TO,
    STEP,
    LABELS,
    BOX,
    PER_ROW,
    EVERY,
    INK,
    TITLE,
    READING,
    EVENTS,
    SHADE_COLOUR,
    SHADE,
    PERIODS,
    SIDE,
    heading="tracks",
)
TRACKS = ListOf(TRACK)


def _labels(ctx: Context, node: Node | None, path: str) -> dict[int, str]:
    m = expect_map(ctx, node, path)
    if m is None:
        return {}
    out: dict[int, str] = {}
    for key, value in m.entries.items():
        kspan = m.key_spans[key]
        try:
            n = int(key)
        except ValueError:
            ctx.error(kspan, f"{path}.{key}", f"track labels are keyed by number, not {key!r}")
            continue
        text = as_text(ctx, value, f"{path}.{key}")
        if text is not None:
            out[n] = text
    return out


def _periods(ctx: Context, node: Node, path: str) -> dict[str, tuple[int, ...]]:
    m = expect_map(ctx, node, path)
    if m is None:
        return {}
    out: dict[str, tuple[int, ...]] = {}
    for name, value in m.entries.items():
        items = list(value) if isinstance(value, Seq) else [value]
        turns = []
        for item in items:
            if isinstance(item, Scalar) and type(item.value) is int:
                turns.append(item.value)
            else:
                said = f"period {name!r}: {describe(item)} is not a turn"
                ctx.error(item, f"{path}.{name}", said)
        out[str(name)] = tuple(turns)
    return out


def _read_track(ctx: Context, node: Node, path: str) -> Track | None:
    f = Fields(ctx, node, path, TRACK)
    tid = f.id(TRACK_ID)
    start = f.integer(FROM)
    stop = f.integer(TO)
    step = f.integer(STEP)
    if step == 0:
        ctx.error(f.node_of(STEP), f.sub("step"), "step must not be 0")
        step = 1
    t = None
    labels = f.get(LABELS, _labels) or {}
    box = f.length(BOX)
    per_row = f.integer(PER_ROW)
    every = f.integer(EVERY)
    colour = f.colour(INK)
    title = f.text(TITLE, default=tid or "")
    marks = Marks(ctx)
    title += marks.mark(f.get(READING, read_reading))
    events = f.get(EVENTS, _labels) or {}
    shade_colour = f.colour(SHADE_COLOUR)
    shade: dict[int, str] = {}
    for i, value in enumerate(f.texts(SHADE)):
        try:
            shade[int(value)] = shade_colour
        except ValueError:
            ctx.error(f.node_of(SHADE), f"{f.sub('shade')}[{i}]", f"{value!r} is not a number")
    periods = f.get(PERIODS, _periods) or {}
    side = f.text(SIDE) or None
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
    on_track = range(start, stop + (1 if step > 0 else -1), step)
    for name, turns in periods.items():  # a period's boxes are shaded and named
        for n in turns:
            if n not in on_track:
                where = f"{f.sub('periods')}.{name}"
                ctx.error(f.node_of(PERIODS), where, f"{n} is not on the track")
            else:
                shade.setdefault(n, shade_colour)
                labels.setdefault(n, name)
    t = Track(
        id=tid,
        title=title,
        start=start,
        stop=stop,
        step=step,
        box=box,
        per_row=per_row,
        every=every,
        labels=labels,
        colour=colour,
        span=node.span,
        shade=shade,
        events=events,
        periods=periods,
        side=side,
    )
    for key, given in (("labels", labels), ("events", events), ("shade", shade)):
        for n in given:
            if n not in t.numbers:
                ctx.error(f.value_span(key), f"{f.sub(key)}.{n}", f"{n} is not on the track")
    return t


def read_tracks(ctx: Context, node: Node, path: str) -> TrackSet:
    if isinstance(node, Scalar) and node.value is None:
        return TrackSet()
    tracks = read_unique_list(ctx, node, path, _read_track, "track")
    return TrackSet(tuple(tracks))
