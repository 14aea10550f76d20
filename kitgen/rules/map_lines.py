"""Roads and railways that go somewhere: a line of a road or rail style ends in a town (a
cell holding a named feature), on another road or railway, or at the map's edge, where it
runs on off the map. One that stops in open country reads as a mistake on the printed map,
so the build warns."""

from __future__ import annotations

from ..errors import Diagnostics
from ..model.map import MapSet
from ..model.mapbuild import on_edge

GOING = ("road", "rail")  # the line styles that lead somewhere (a trail may stop at a farm)


def check_line_ends(maps: MapSet, diags: Diagnostics) -> None:
    """A warning for each end of a road or railway in a cell with no town that is not on
    the map's edge and meets no other road or railway (a branch starts at a junction)."""
    for m in maps.maps:
        towns = {f.cell for f in m.features if f.name}
        going = [
            (i, line)
            for i, line in enumerate(m.lines)
            if line.kind in m.line_kinds and m.line_kinds[line.kind].style in GOING
        ]
        for i, line in going:
            kind = m.line_kinds[line.kind]
            others = {c for k, other in going if k != i for c in other.cells}
            for end in dict.fromkeys((line.cells[0], line.cells[-1])):
                if end in towns or end in others or on_edge(m, end):
                    continue
                diags.warning(
                    line.span,
                    f"maps.{m.id}.lines[{i}].path",
                    f"the {kind.label or kind.id} ends in {m.label(end)}, which holds no "
                    "town, meets no other road or railway and is not on the map's edge",
                    "run it on to a town, another road or off the map's edge",
                )


__all__ = ["check_line_ends"]
