"""Rencounter against its source (shared/seeds/004): what the rules' own squad creator rolls
passes the kit's rules, and the sheets print the source's figures (read back from the PDFs
and compared with the YAML as written, read with plain PyYAML)."""

from __future__ import annotations

import functools
import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.build import load
from kitgen.errors import Diagnostics
from kitgen.model.game import Game
from kitgen.rules.generate import generate
from kitgen.rules.lookup_tables import resolve_generator
from kitgen.rules.scenarios import check_rules
from kitgen.source.rules import with_scenarios

from .conftest import CONTENT

GAME = CONTENT / "rencounter"


@functools.cache
def rolled_kit() -> tuple[Path, Game]:
    """The kit in a folder of its own, where each rolled scenario is written and read (kept
    out of the test's arguments: hypothesis would print the whole game with a failure)."""
    folder = Path(_KEEP.name) / "rencounter"
    shutil.copytree(GAME, folder)
    return folder, load(folder, Diagnostics())


_KEEP = tempfile.TemporaryDirectory()  # removed when the run ends


def side_yaml(side: str, records) -> dict:
    """One side of a scenario from a rolled roster: a unit per rolled unit, the leader the
    record whose role the generator names Leader."""
    units: dict[int, list] = {}
    for rec in records:
        attrs = {k: v for k, v in rec.items() if k in ("Ex", "F", "M", "rating")}
        attrs["name"] = f"{rec['role']} {rec['unit']}.{rec['n']}"
        if rec["role"] == "Leader":
            attrs["leader"] = "yes"
        units.setdefault(rec["unit"], []).append({"piece": "figure", "attrs": attrs})
    return {
        "id": side,
        "name": side,
        "units": [
            {"id": f"{side}-{n}", "name": f"Unit {n}", "figures": f} for n, f in units.items()
        ],
    }


# "Pick a number of units for each side. 2-5 is good." Each side rolls its own squads.
@settings(max_examples=30, deadline=None)
@given(
    seeds=st.tuples(st.integers(0, 2**31 - 1), st.integers(0, 2**31 - 1)),
    units=st.tuples(st.integers(2, 5), st.integers(2, 5)),
    variation=st.booleans(),
)
def test_every_roster_the_squad_creator_rolls_passes_the_rules(seeds, units, variation):
    folder, game = rolled_kit()
    gen = resolve_generator(game, next(g for g in game.generators if g.id == "squads"))
    use = ("variation",) if variation else ()
    sides = [
        side_yaml(side, generate(gen, seed, n, use).records)
        for side, seed, n in zip(("king", "cardinal"), seeds, units, strict=True)
    ]
    file = folder / "scenarios" / "rolled.yaml"
    file.write_text(yaml.safe_dump({"title": "Rolled", "sides": sides}, sort_keys=False))
    diags = Diagnostics()
    one = with_scenarios(game, file, diags)
    check_rules(one, one.sections["rules"], diags)
    errors = [d for d in diags.items if d.severity == "error"]
    assert errors == [], [str(d) for d in errors]
    # the only advice a rolled force may get: more than one hero on a side (a leader's 6)
    assert {d.message.split(" has ")[1] for d in diags.items} <= {"2 masters, needs at most 1"} | {
        f"{k} masters, needs at most 1" for k in range(3, 6)
    }


def test_the_rolled_extremes_are_inside_the_skill_bounds():
    """The squad creator's own extremes, worked by hand from the source: a Novice's 6 - 2 and a
    Hero's 12 + 2 with the variation; the kit's bounds hold both."""
    rules = yaml.safe_load((GAME / "rules.yaml").read_text())["rules"]["constraints"]
    bounds = {r["attr"]: (r["min"], r["max"]) for r in rules if r["kind"] == "range"}
    gens = yaml.safe_load((GAME / "generators.yaml").read_text())["generators"]
    squads = next(g for g in gens if g["id"] == "squads")
    rows = [r["set"] for lk in squads["lookups"] for r in lk["rows"]]
    adds = [r["add"] for a in squads["adjust"] for r in a["rows"]]
    for skill in ("F", "M"):
        low = min(r[skill] for r in rows) + min(adds)
        high = max(r[skill] for r in rows) + max(adds)
        assert (low, high) == (4, 14)
        assert bounds[skill][0] <= low and high <= bounds[skill][1]
