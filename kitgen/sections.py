"""The component sections a game.yaml may hold, each with its reader and planner.

Adding a component kind means adding one Section here: the engine's vocabulary
grows in one place, and no section knows about any particular game.

Readers, planners and checkers are named as "package.module:function" and
imported on first use, so a build pays only for the sections its game holds
(importing all of them took longer than drawing a thousand counters).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

HOOKS = ("read", "plan", "check", "finish")


class Section:
    """key: the key in game.yaml. Hooks, each "package.module:function" or None:
    read (ctx, node, path) -> model; plan (model, env) -> [Document];
    check (game, model, diags) -> None, the rules checks;
    finish (model, docs, env) -> None, run once every section is planned (a contents list)."""

    __slots__ = ("key", "_refs")

    def __init__(self, key: str, read: str, plan=None, check=None, finish=None):
        self.key = key
        self._refs: dict[str, Any] = dict(zip(HOOKS, (read, plan, check, finish), strict=True))

    def _get(self, name: str) -> Callable[..., Any] | None:
        ref = self._refs[name]
        if isinstance(ref, str):
            module, _, attr = ref.partition(":")
            ref = getattr(importlib.import_module(f".{module}", __package__), attr)
            self._refs[name] = ref
        return ref

    @property
    def read(self) -> Callable[..., Any]:
        return self._get("read")  # type: ignore[return-value]

    @property
    def plan(self) -> Callable[..., list] | None:
        return self._get("plan")

    @property
    def check(self) -> Callable[..., None] | None:
        return self._get("check")

    @property
    def finish(self) -> Callable[..., None] | None:
        return self._get("finish")


SECTIONS: dict[str, Section] = {
    s.key: s
    for s in (
        Section(
            "cover", "source.cover:read_cover", "layout.cover:plan_cover",
            finish="layout.cover:finish_cover",
        ),
        Section("counters", "source.counters:read_counters", "layout.counters:plan_counters"),
        Section("maps", "source.maps:read_maps", "layout.maps:plan_maps"),
        Section("tracks", "source.tracks:read_tracks", "layout.tracks:plan_tracks"),
        Section("tables", "source.table:read_tables", None, "rules.table_check:check_tables"),
        Section("texts", "source.table:read_texts"),
        Section(
            "sheets", "source.table:read_sheets", "layout.sheet:plan_sheets",
            "rules.table_check:check_sheets",
        ),
        Section(
            "cards", "source.table:read_cards", "layout.cards:plan_cards",
            "rules.table_check:check_cards",
        ),
        Section("decks", "source.table:read_decks"),
        Section(
            "threats", "source.threats:read_threats", "layout.threat_card:plan_threats",
            "rules.reaction:check_threats",
        ),
        Section(
            "generators", "source.generators:read_generators", "layout.roster:plan_rosters",
            "rules.generate:check_generators",
        ),
        Section(
            "labels", "source.labels:read_labels", "layout.labels:plan_labels",
            "rules.labels:check_labels",
        ),
        Section(
            "templates", "source.template:read_templates", "layout.template:plan_templates",
            "rules.rulers:check_templates",
        ),
        Section(
            "rules", "source.rules:read_rules", "layout.scenario:plan_scenarios",
            "rules.scenarios:check_rules",
        ),
    )
}  # fmt: skip
