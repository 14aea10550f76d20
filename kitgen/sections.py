"""The component sections a game.yaml may hold, each with its reader, and where it has
them its planner, its rules check and its finisher.

Adding a component kind means adding one class here, registered with @section: the
engine's vocabulary grows in one place, and no section knows about any game.

Each hook imports its stage's function when it is first called, with a plain import
a reader and a type checker follow: a build pays only for the sections its game holds
(importing all of them took longer than drawing a thousand counters).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from .errors import Diagnostics
    from .layout.env import PlanEnv
    from .layout.plan import Document
    from .model.counters import CounterSet
    from .model.cover import Cover
    from .model.game import Game
    from .model.generator import Generator
    from .model.label import Labels
    from .model.layout import Layout
    from .model.map import MapSet
    from .model.rulebook import Rulebook
    from .model.rules import RuleBook
    from .model.table import Card, Deck, Sheet, Table, TextBlock
    from .model.template import Templates
    from .model.threat import ThreatTable
    from .model.track import TrackSet
    from .source.fields import Context
    from .source.yamlnodes import Node


class Section:
    """One key of game.yaml and the model its reader makes. A section without a
    planner, a check or a finisher keeps the one here, which does nothing. Each section
    types its own model in its hooks; the classes are not `Generic`, because
    `Section["CounterSet"]` compiles its text as a ForwardRef when the module is
    imported (16 of them were about 9M instructions of every build's start-up)."""

    key = ""

    def read(self, ctx: Context, node: Node, path: str) -> Any:
        raise NotImplementedError

    def plan(self, model: Any, env: PlanEnv) -> list[Document]:
        """The section's documents."""
        return []

    def check(self, game: Game, model: Any, diags: Diagnostics) -> None:
        """The rules checks that need the whole game."""

    def finish(self, model: Any, docs: list[Document], env: PlanEnv) -> None:
        """Run once every section is planned (the cover lists the kit's contents)."""


SECTIONS: dict[str, Section] = {}

S = TypeVar("S", bound=type[Section])


def section(cls: S) -> S:
    """Register a section class under its key, in the order game.yaml is read."""
    if cls.key in SECTIONS or not cls.key:
        raise ValueError(f"section key {cls.key!r} empty or registered twice")
    SECTIONS[cls.key] = cls()
    return cls


@section
class LayoutsSection(Section):
    key = "layouts"  # read first: the pieces' readers fill their faces from them

    def read(self, ctx: Context, node: Node, path: str) -> tuple[Layout, ...]:
        from .source.counters.layouts import read_layouts

        return read_layouts(ctx, node, path)


@section
class CoverSection(Section):
    key = "cover"

    def read(self, ctx: Context, node: Node, path: str) -> Cover:
        from .source.cover import read_cover

        return read_cover(ctx, node, path)

    def plan(self, model: Cover, env: PlanEnv) -> list[Document]:
        from .layout.kit.cover import plan_cover

        return plan_cover(model, env)

    def finish(self, model: Cover, docs: list[Document], env: PlanEnv) -> None:
        from .layout.kit.cover import finish_cover

        finish_cover(model, docs, env)

    def check(self, game: Game, model: Cover, diags: Diagnostics) -> None:
        from .rules.rulebook import diagram_setup

        art = model.art_map
        if (
            art is not None
            and art.map is not None
            and (game.maps is None or game.maps.get(art.map) is None)
        ):
            known = ", ".join(m.id for m in game.maps.maps) if game.maps else "none"
            diags.error(art.map_span or art.span, "cover.art.map", f"no map {art.map!r}",
                        f"the kit's maps: {known}")  # fmt: skip
        elif art is not None:  # its map, cells and pieces, as a rule's diagram's
            diagram_setup(game, art, diags)


@section
class CountersSection(Section):
    key = "counters"

    def read(self, ctx: Context, node: Node, path: str) -> CounterSet:
        from .source.counters.counters import read_counters

        return read_counters(ctx, node, path)

    def plan(self, model: CounterSet, env: PlanEnv) -> list[Document]:
        from .layout.counters.counters import plan_counters

        return plan_counters(model, env)

    def check(self, game: Game, model: CounterSet, diags: Diagnostics) -> None:
        from .rules.sides import check_counter_sides, check_unmarked_sides

        check_counter_sides(game, model, diags)
        check_unmarked_sides(game, diags)


@section
class MapsSection(Section):
    key = "maps"

    def read(self, ctx: Context, node: Node, path: str) -> MapSet:
        from .source.maps.maps import read_maps

        return read_maps(ctx, node, path)

    def plan(self, model: MapSet, env: PlanEnv) -> list[Document]:
        from .layout.maps.maps import plan_maps

        return plan_maps(model, env)

    def check(self, game: Game, model: MapSet, diags: Diagnostics) -> None:
        from .rules.map_lines import check_line_ends
        from .rules.table_check import check_map_margins

        check_map_margins(game, model, diags)
        check_line_ends(model, diags)


@section
class TracksSection(Section):
    key = "tracks"

    def read(self, ctx: Context, node: Node, path: str) -> TrackSet:
        from .source.tables.tracks import read_tracks

        return read_tracks(ctx, node, path)

    def plan(self, model: TrackSet, env: PlanEnv) -> list[Document]:
        from .layout.sheets.tracks import plan_tracks

        return plan_tracks(model, env)

    def finish(self, model: TrackSet, docs: list[Document], env: PlanEnv) -> None:
        from .layout.sheets.tracks import grow_tracks

        grow_tracks(model, docs, env)


@section
class TablesSection(Section):
    key = "tables"

    def read(self, ctx: Context, node: Node, path: str) -> tuple[Table, ...]:
        from .source.tables.table import read_tables

        return read_tables(ctx, node, path)

    def check(self, game: Game, model: tuple[Table, ...], diags: Diagnostics) -> None:
        from .rules.combat import check_combat
        from .rules.table_check import check_tables
        from .rules.terrain_effects import check_effects

        check_tables(game, model, diags)
        check_combat(game, model, diags)
        check_effects(game, model, diags)


@section
class TextsSection(Section):
    key = "texts"

    def read(self, ctx: Context, node: Node, path: str) -> tuple[TextBlock, ...]:
        from .source.tables.table import read_texts

        return read_texts(ctx, node, path)


@section
class SheetsSection(Section):
    key = "sheets"

    def read(self, ctx: Context, node: Node, path: str) -> tuple[Sheet, ...]:
        from .source.tables.table import read_sheets

        return read_sheets(ctx, node, path)

    def plan(self, model: tuple[Sheet, ...], env: PlanEnv) -> list[Document]:
        from .layout.sheets.sheet import plan_sheets

        return plan_sheets(model, env)

    def check(self, game: Game, model: tuple[Sheet, ...], diags: Diagnostics) -> None:
        from .rules.table_check import check_sheets

        check_sheets(game, model, diags)


@section
class DecksSection(Section):
    key = "decks"

    def read(self, ctx: Context, node: Node, path: str) -> tuple[Deck, ...]:
        from .source.tables.table import read_decks

        return read_decks(ctx, node, path)


@section
class CardsSection(Section):
    key = "cards"

    def read(self, ctx: Context, node: Node, path: str) -> tuple[Card, ...]:
        from .source.tables.table import read_cards

        return read_cards(ctx, node, path)

    def plan(self, model: tuple[Card, ...], env: PlanEnv) -> list[Document]:
        from .layout.cards.cards import plan_cards

        return plan_cards(model, env)

    def check(self, game: Game, model: tuple[Card, ...], diags: Diagnostics) -> None:
        from .rules.table_check import check_cards

        check_cards(game, model, diags)
        if game.counters is None:  # else the counters' check covers the cards too
            from .rules.sides import check_unmarked_sides

            check_unmarked_sides(game, diags)


@section
class ThreatsSection(Section):
    key = "threats"

    def read(self, ctx: Context, node: Node, path: str) -> list[ThreatTable]:
        from .source.tables.threats import read_threats

        return read_threats(ctx, node, path)

    def plan(self, model: list[ThreatTable], env: PlanEnv) -> list[Document]:
        from .layout.cards.threat_card import plan_threats

        return plan_threats(model, env)

    def check(self, game: Game, model: list[ThreatTable], diags: Diagnostics) -> None:
        from .rules.reaction import check_threats

        check_threats(game, model, diags)


@section
class GeneratorsSection(Section):
    key = "generators"

    def read(self, ctx: Context, node: Node, path: str) -> list[Generator]:
        from .source.tables.generators import read_generators

        return read_generators(ctx, node, path)

    def plan(self, model: list[Generator], env: PlanEnv) -> list[Document]:
        from .layout.sheets.roster import plan_rosters

        return plan_rosters(model, env)

    def check(self, game: Game, model: list[Generator], diags: Diagnostics) -> None:
        from .rules.generate import check_generators

        check_generators(game, model, diags)


@section
class LabelsSection(Section):
    key = "labels"

    def read(self, ctx: Context, node: Node, path: str) -> Labels:
        from .source.counters.labels import read_labels

        return read_labels(ctx, node, path)

    def plan(self, model: Labels, env: PlanEnv) -> list[Document]:
        from .layout.counters.labels import plan_labels

        return plan_labels(model, env)

    def check(self, game: Game, model: Labels, diags: Diagnostics) -> None:
        from .rules.labels import check_labels

        check_labels(game, model, diags)


@section
class TemplatesSection(Section):
    key = "templates"

    def read(self, ctx: Context, node: Node, path: str) -> Templates:
        from .source.template import read_templates

        return read_templates(ctx, node, path)

    def plan(self, model: Templates, env: PlanEnv) -> list[Document]:
        from .layout.templates.template import plan_templates

        return plan_templates(model, env)

    def check(self, game: Game, model: Templates, diags: Diagnostics) -> None:
        from .rules.rulers import check_templates

        check_templates(game, model, diags)


@section
class RulesSection(Section):
    key = "rules"

    def read(self, ctx: Context, node: Node, path: str) -> RuleBook:
        from .source.rules.rules import read_rules

        return read_rules(ctx, node, path)

    def plan(self, model: RuleBook, env: PlanEnv) -> list[Document]:
        from .layout.scenarios.scenario import plan_scenarios

        return plan_scenarios(model, env)

    def check(self, game: Game, model: RuleBook, diags: Diagnostics) -> None:
        from .rules.scenarios import check_rules

        check_rules(game, model, diags)


@section
class RulebookSection(Section):
    key = "rulebook"

    def read(self, ctx: Context, node: Node, path: str) -> Rulebook:
        from .source.rulebook import read_rulebook

        return read_rulebook(ctx, node, path)  # type: ignore[return-value]

    def plan(self, model: Rulebook, env: PlanEnv) -> list[Document]:
        from .layout.rulebook.rulebook import plan_rulebook

        return plan_rulebook(model, env)

    def check(self, game: Game, model: Rulebook, diags: Diagnostics) -> None:
        from .rules.rulebook import check_rulebook

        check_rulebook(game, model, diags)
