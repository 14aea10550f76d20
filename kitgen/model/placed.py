"""The names kitgen itself gives every placed piece (its placing side, unit and face),
which a game's own attributes may not take. Apart from the rules' model, so reading
counters checks them without importing it."""

from __future__ import annotations

# The placing context of a piece, as selectors name it: the side that places it and the
# unit it is grouped in. Own names, so a piece's declared `side` or `unit` stays its own.
PLACED_BY = "placed_by"
IN_UNIT = "in_unit"
# `$side` and `$unit` in a rule stand for the placing context
CONTEXT = {"side": PLACED_BY, "unit": IN_UNIT}
FACE = "face"  # the face a piece is placed showing: a counter's step (full, reduced ...)


# Names kitgen itself gives every placed piece. A game attribute by one of these names
# would be hidden by the built-in, so declaring or writing one is an error at the
# author's key (never a later message that contradicts the file).
BUILT_IN = {
    "id": ("a piece's own id, as its counter or piece type gives it", "code"),
    PLACED_BY: ("the side that places a piece", "owner"),
    IN_UNIT: ("the scenario unit a piece is a figure of", "squad"),
    FACE: ("the face a counter is placed showing: front, back or one of its steps", "facing"),
}


def built_in_clash(name: str) -> tuple[str, str] | None:
    """(message, hint) when a game's own attribute takes a built-in name, else None."""
    if name not in BUILT_IN:
        return None
    meaning, instead = BUILT_IN[name]
    hint = f"name your attribute otherwise, such as {instead!r}"
    if name == FACE:
        hint += "; a placement turns a counter to a step with its own key face:"
    return f"{name!r} is a built-in name: {meaning}", hint
