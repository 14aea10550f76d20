"""The registries a reader can follow: sections, the painter's ops and the template
kinds are each registered by a decorator where they are defined, and complete."""

from __future__ import annotations

import re
import typing

import pytest

from kitgen import records, sections
from kitgen.build import load
from kitgen.errors import Diagnostics
from kitgen.layout import plan
from kitgen.layout.templates.template_draw import KINDS
from kitgen.model.game import Game
from kitgen.model.template import Template
from kitgen.render.pdf import _HANDLERS

from .conftest import CONTENT
from .test_startup import _build, _loaded_after, workloads


def test_sections_are_registered_in_the_order_game_yaml_is_read():
    assert list(sections.SECTIONS) == [
        "layouts", "cover", "counters", "maps", "tracks", "tables", "texts", "sheets", "decks",
        "cards", "threats", "generators", "labels", "templates", "rules", "rulebook",
    ]  # fmt: skip
    assert all(isinstance(s, sections.Section) for s in sections.SECTIONS.values())


def test_a_section_key_is_registered_once():
    with pytest.raises(ValueError, match="'counters' empty or registered twice"):

        @sections.section
        class Again(sections.Section):
            key = "counters"

    assert type(sections.SECTIONS["counters"]).__name__ == "CountersSection"


def test_every_section_has_a_typed_field_on_the_game():
    """Game.<key> holds the model the section's reader makes, typed as the Section's
    model (the class its `read` returns, named in the field's type), so mypy follows
    its callers."""
    fields = {f.name: f for f in records.fields(Game)}
    for key, section in sections.SECTIONS.items():
        assert key in fields, f"Game has no field for {key!r}"
        model = type(section).read.__annotations__["return"]
        declared = Game.__annotations__[key]
        assert re.findall(r"[A-Z]\w+", model)[0] in declared, (key, model, declared)


def test_a_game_s_fields_hold_its_section_models():
    game = load(CONTENT / "ryamon", Diagnostics())
    assert game.sections, "a seed kit with sections"
    for key in sections.SECTIONS:
        if key not in game.sections:
            assert getattr(game, key) in (None, ())
        else:  # the reader's model landed in the section's own field
            assert getattr(game, key) not in (None, ())
            assert game.section(key) is getattr(game, key)


def test_a_section_without_a_planner_or_a_check_plans_and_checks_nothing():
    texts = sections.SECTIONS["texts"]
    assert texts.plan((), None) == []  # type: ignore[arg-type]
    assert texts.check(None, (), None) is None  # type: ignore[arg-type]


def test_a_counters_build_imports_no_other_section(tmp_path):
    others = (
        "kitgen.source.maps.maps", "kitgen.layout.maps.maps", "kitgen.source.tables.table",
        "kitgen.layout.templates.template", "kitgen.rules.scenarios",
        "kitgen.source.tables.threats",
    )  # fmt: skip
    games, _, out = workloads.prepare("W1", tmp_path, count=25)
    assert _loaded_after(_build(games[0], out), others) == []


def test_every_plan_op_has_its_painter():
    ops = {plan.Rect, plan.Circle, plan.Line, plan.Path, plan.Text, plan.Icon, plan.Image,
           plan.Group, plan.Pieces}  # fmt: skip
    assert set(_HANDLERS) == ops
    assert all(h.__name__ == f"op_{op.__name__}" for op, h in _HANDLERS.items())


def test_every_template_model_has_its_kind():
    import kitgen.layout.templates.template  # noqa: F401  (registers the ruler)

    assert set(KINDS) == set(typing.get_args(Template))
    assert sorted(k.name for k in KINDS.values()) == [
        "arc", "circle", "clock-scatter", "cone", "grid-scatter", "ruler",
    ]  # fmt: skip
