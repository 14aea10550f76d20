"""The component sections a game.yaml may hold, each with its reader and planner.

Adding a component kind means adding one Section here: the engine's vocabulary
grows in one place, and no section knows about any particular game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .layout.counters import plan_counters
from .layout.cover import plan_cover
from .layout.maps import plan_maps
from .layout.scenario import plan_scenarios
from .rules.scenarios import check_rules
from .source.counters import read_counters
from .source.cover import read_cover
from .source.maps import read_maps
from .source.rules import read_rules


@dataclass(frozen=True)
class Section:
    key: str  # the key in game.yaml
    read: Callable[..., Any]  # (ctx, node, path) -> model
    plan: Callable[..., list] | None = None  # (model, env) -> [Document]
    check: Callable[..., None] | None = None  # (game, model, diags) -> None: rules checks


SECTIONS: dict[str, Section] = {
    s.key: s
    for s in (
        Section("cover", read_cover, plan_cover),
        Section("counters", read_counters, plan_counters),
        Section("maps", read_maps, plan_maps),
        Section("rules", read_rules, plan_scenarios, check_rules),
    )
}
