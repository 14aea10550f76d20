"""Label sheets: one label per record, filled in and imposed like counters (cut lines,
packing, forms drawn once), in labels.pdf. Manifest kind `label`."""

from __future__ import annotations

from ...colours import ColourError, parse_colour
from ...model.counters import CounterDef, CounterSet, Face
from ...model.label import LabelDef, Labels
from ...records import replace
from ...rules.labels import fill, fill_face, label_records
from ...rules.profile import effective_seed
from ...style import SIDE_RING
from ..env import PlanEnv
from ..plan import Document
from ..sides import side_order
from .counters import plan_counters

DEFAULT_SEED_NOTE = f"generated with seed {effective_seed(None)} (default)"


def plan_labels(model: Labels, env: PlanEnv) -> list[Document]:
    defs: list[CounterDef] = []
    extra: dict[str, dict] = {}
    colours = label_sides(env)
    for label in model:
        for k, record in enumerate(
            label_records(env.game, label, env.settings.seed, env.settings.use), start=1
        ):
            did = f"{label.id}-{k}"
            copy = label.copies[k - 1] if k <= len(label.copies) else None
            front = copy.face if copy else fill_face(label.face, record, label.blank)
            side = _side(label, record, k, colours, env)
            defs.append(
                CounterDef(
                    id=did,
                    name=copy.name if copy else fill(label.name, record, label.blank),
                    kind="label",
                    shape=label.shape,
                    width=label.width,
                    height=label.height,
                    quantity=copy.quantity if copy else label.quantity,
                    front=_ringed(front, colours.get(side)) if side else front,
                    back=None,
                    span=label.span,
                    entry=f"{label.path}[{k}]",
                    own_attrs=record,
                    bleed=label.bleed,
                    side=side or None,
                )
            )
            extra[did] = {
                "label": label.id,
                "record": k,
                "fields": {key: (value or None) for key, value in record.items()},
                "blank": not record,
            }
            if label.roster is not None and record:
                extra[did]["roster"] = label.roster
                extra[did]["seed"] = effective_seed(env.settings.seed)
    # Labels are cut one by one (round ones mostly): always a gutter apart. Their last
    # sheet is not balanced: the room it leaves takes the counters (kit/share.py), where
    # balanced sheets would send them to a sheet of their own.
    docs = plan_counters(
        CounterSet(tuple(defs)), env, "labels", "Labels", butted=False, balance=False
    )
    for doc in docs:
        for page in doc.pages:
            for item in page.items:
                if item.id in extra:
                    item.extra = {**item.extra, **extra[item.id]}
            if env.settings.seed is None and any("seed" in i.extra for i in page.items):
                page.proof = DEFAULT_SEED_NOTE  # with --seed the run's facts say it
    return docs


def label_sides(env: PlanEnv) -> dict[str, str | None]:
    """Each side a label may be on, with its ring's colour (or None): the sides the game's
    scenarios name, with the colour each declares; then the game's own sides (rules.sides,
    the counters' and cards' sides), ringed where the id is a colour (a palette name works:
    `blue: "#2e4a7a"`), so a roster's labels can be on the side its cards are."""
    book = env.game.rules
    sides = [s for sc in (book.scenarios if book is not None else ()) for s in sc.sides]
    out: dict[str, str | None] = {s.id: s.colour for s in sides}
    for side in side_order(env.game):
        if side not in out:
            try:
                out[side] = parse_colour(side, env.game.palette)
            except ColourError:
                out[side] = None
    return out


def _side(
    label: LabelDef, record: dict[str, str], k: int, sides: dict[str, str | None], env: PlanEnv
) -> str:
    """The side a label's record is on ("" for none, or a blank label); one no scenario
    names is warned at the label, which prints without a side (a kit built with one of its
    scenarios left out still builds)."""
    side = fill(label.side, record, "").strip() if label.side and record else ""
    if side and side not in sides:
        known = ", ".join(sides) or "none"
        env.warn(
            label.span,
            f"{label.path}.side",
            f"label {label.id}-{k}: side {side!r} is no side of the game's (its scenarios' "
            f"and pieces' sides: {known}); it prints without a side's ring and mark",
        )
        return ""
    return side


def _ringed(face: Face, colour: str | None) -> Face:
    """The face ringed in its side's colour (a frame as wide as SIDE_RING), when the side
    declares one; its shape marks the top (the counters' side mark)."""
    if colour is None:
        return face
    return replace(face, border=colour, border_width=max(face.border_width, SIDE_RING))
