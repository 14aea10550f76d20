"""The component sections a game.yaml may hold, each with its reader and planner.

Adding a component kind means adding one Section here: the engine's vocabulary
grows in one place, and no section knows about any particular game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .layout.cards import plan_cards
from .layout.counters import plan_counters
from .layout.cover import plan_cover
from .layout.labels import plan_labels
from .layout.maps import plan_maps
from .layout.roster import plan_rosters
from .layout.scenario import plan_scenarios
from .layout.sheet import plan_sheets
from .layout.template import plan_templates
from .layout.threat_card import plan_threats
from .layout.tracks import plan_tracks
from .rules.generate import check_generators
from .rules.labels import check_labels
from .rules.reaction import check_threats
from .rules.rulers import check_templates
from .rules.scenarios import check_rules
from .rules.table_check import check_cards, check_sheets, check_tables
from .source.counters import read_counters
from .source.cover import read_cover
from .source.generators import read_generators
from .source.labels import read_labels
from .source.maps import read_maps
from .source.rules import read_rules
from .source.table import read_cards, read_sheets, read_tables, read_texts
from .source.template import read_templates
from .source.threats import read_threats
from .source.tracks import read_tracks


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
        Section("tracks", read_tracks, plan_tracks),
        Section("tables", read_tables, None, check_tables),
        Section("texts", read_texts),
        Section("sheets", read_sheets, plan_sheets, check_sheets),
        Section("cards", read_cards, plan_cards, check_cards),
        Section("threats", read_threats, plan_threats, check_threats),
        Section("generators", read_generators, plan_rosters, check_generators),
        Section("labels", read_labels, plan_labels, check_labels),
        Section("templates", read_templates, plan_templates, check_templates),
        Section("rules", read_rules, plan_scenarios, check_rules),
    )
}
