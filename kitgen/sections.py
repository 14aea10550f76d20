"""The component sections a game.yaml may hold, each with its reader and planner.

Adding a component kind means adding one Section here: the engine's vocabulary
grows in one place, and no section knows about any particular game.

Readers, planners and checkers are named as "module:function" and imported on
first use, so a build pays only for the sections its game holds (importing all
of them took longer than drawing a thousand counters).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Ref = Callable[..., Any] | str | None


class Section:
    """key: the key in game.yaml; read: (ctx, node, path) -> model; plan: (model, env) ->
    [Document]; check: (game, model, diags) -> None, the rules checks."""

    __slots__ = ("key", "_refs")

    def __init__(self, key: str, read: Ref, plan: Ref = None, check: Ref = None):
        self.key = key
        self._refs = {"read": read, "plan": plan, "check": check}

    def _get(self, name: str) -> Callable[..., Any] | None:
        ref = self._refs[name]
        if isinstance(ref, str):
            module, _, attr = ref.partition(":")
            ref = getattr(importlib.import_module(module, __package__), attr)
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


def _s(key: str, read: str, plan: str | None = None, check: str | None = None) -> Section:
    return Section(
        key,
        f".source.{read}",
        f".layout.{plan}" if plan else None,
        f".rules.{check}" if check else None,
    )


SECTIONS: dict[str, Section] = {
    s.key: s
    for s in (
        _s("cover", "cover:read_cover", "cover:plan_cover"),
        _s("counters", "counters:read_counters", "counters:plan_counters"),
        _s("maps", "maps:read_maps", "maps:plan_maps"),
        _s("tracks", "tracks:read_tracks", "tracks:plan_tracks"),
        _s("tables", "table:read_tables", None, "table_check:check_tables"),
        _s("texts", "table:read_texts"),
        _s("sheets", "table:read_sheets", "sheet:plan_sheets", "table_check:check_sheets"),
        _s("cards", "table:read_cards", "cards:plan_cards", "table_check:check_cards"),
        _s("threats", "threats:read_threats", "threat_card:plan_threats", "reaction:check_threats"),
        _s(
            "generators",
            "generators:read_generators",
            "roster:plan_rosters",
            "generate:check_generators",
        ),
        _s("range_tables", "template:read_range_tables"),
        _s(
            "templates",
            "template:read_templates",
            "template:plan_templates",
            "rulers:check_templates",
        ),
        _s("rules", "rules:read_rules", "scenario:plan_scenarios", "scenarios:check_rules"),
    )
}
