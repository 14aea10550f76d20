"""The JSON Schema and the docs' key tables come from the readers' declarations: the
schema accepts every shipped file and refuses mistakes; docs/format.md names only
declared keys and its key tables are current."""

from __future__ import annotations

import ast
import functools
import json
import re
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from kitgen.sections import SECTIONS
from kitgen.source.schema import (
    TABLES_BEGIN,
    TABLES_END,
    key_tables,
    root_spec,
    schema_text,
    section_keys,
)
from kitgen.source.spec import Either, ListOf, Named, OneOrList, Spec, Type, all_specs
from tests.conftest import CONTENT, ROOT, parsed, run_cli

FORMAT = ROOT / "docs" / "format.md"
MODELINE = "# yaml-language-server: $schema="


@functools.cache  # checking the schema against the meta-schema is most of the cost
def _validator(kind: str) -> Draft202012Validator:
    schema = json.loads(schema_text(kind))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _errors(kind: str, document: object) -> list[str]:
    found = [best_match([e]) for e in _validator(kind).iter_errors(document)]  # the deepest
    return sorted(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in found)


def _shipped(kind: str) -> list[Path]:
    files = sorted(CONTENT.glob("*/*.yaml")) if kind == "game" else []
    return files if kind == "game" else sorted(CONTENT.glob("*/scenarios/*.yaml"))


def _starters(kind: str) -> list[Path]:
    """The games `kitgen new` writes."""
    files = sorted((ROOT / "kitgen" / "starters").rglob("*.yaml"))
    return [f for f in files if ("scenarios" in f.parts) == (kind == "scenario")]


@pytest.mark.parametrize("kind", ["game", "scenario"])
def test_the_schema_accepts_every_shipped_file(kind: str) -> None:
    files = _shipped(kind) + _starters(kind)
    assert files
    for file in files:
        document = yaml.safe_load(file.read_text(encoding="utf-8"))
        assert _errors(kind, document) == [], file


def test_the_schema_refuses_an_unknown_key_and_a_wrong_type() -> None:
    game = {
        "title": "T",
        "counters": [{"id": "a", "size": "3/4", "front": {"backgruond": "red"}}],
        "tracks": [{"id": "t", "from": "one", "to": 5}],
    }
    assert _errors("game", game) == [
        "counters/0/front: Additional properties are not allowed ('backgruond' was unexpected)",
        "tracks/0/from: 'one' is not of type 'integer'",
    ]


def test_a_kind_takes_only_its_own_keys() -> None:
    circle = {"kind": "circle", "id": "c", "radius": "2in"}
    assert _errors("game", {"templates": [circle]}) == []
    cone = {**circle, "length": "3in"}  # a cone's key on a circle
    assert _errors("game", {"templates": [cone]}) == [
        "templates/0: False schema does not allow '3in'"  # length: a cone's
    ]
    assert _errors("game", {"templates": [{**circle, "lenght": "3in"}]}) == [
        "templates/0: Additional properties are not allowed ('lenght' was unexpected)"
    ]


def test_a_key_two_kinds_share_takes_each_kinds_values() -> None:
    slots = {"kind": "slots", "per": "side", "slots": [{"count": 1, "pieces": "any"}]}
    assert _errors("scenario", {"constraints": [slots]}) == []
    stacking = {"kind": "stacking", "limit": 2, "per": "side"}
    assert _errors("scenario", {"constraints": [stacking]}) == [
        "constraints/0/per: 'side' is not one of ['cell', 'area']"
    ]


def test_the_scenario_schema_refuses_an_unknown_key() -> None:
    scenario = {"title": "S", "sides": [{"id": "red", "colour": "red", "placement": []}]}
    assert _errors("scenario", scenario) == [
        "sides/0: Additional properties are not allowed ('placement' was unexpected)"
    ]


def test_every_section_has_its_declared_type() -> None:
    assert [k.name for k in section_keys()] == list(SECTIONS)


@pytest.mark.parametrize("kind", ["game", "scenario"])
def test_the_stored_schema_is_current(kind: str) -> None:
    """schema/*.json are what the shipped files' modelines point at (`make schema`)."""
    stored = (ROOT / "schema" / f"{kind}.schema.json").read_text(encoding="utf-8")
    assert stored == schema_text(kind)


def test_kitgen_schema_writes_the_schema(tmp_path: Path) -> None:
    shown = run_cli("schema")
    assert shown.exit_code == 0
    assert shown.stdout == schema_text("game")
    out = tmp_path / "scenario.schema.json"
    written = run_cli("schema", "--scenario", "-o", str(out))
    assert (written.exit_code, written.stdout) == (0, "")
    assert out.read_text(encoding="utf-8") == schema_text("scenario")


def test_every_shipped_file_points_at_its_schema() -> None:
    """The modeline is the last line: a comment anywhere serves the editor, and at the end
    it leaves the line numbers of every message about the file as they were."""
    for kind in ("game", "scenario"):
        for file in _shipped(kind):
            last = file.read_text(encoding="utf-8").splitlines()[-1]
            target = (file.parent / last.removeprefix(MODELINE)).resolve()
            assert last.startswith(MODELINE), file
            assert target == ROOT / "schema" / f"{kind}.schema.json", file


# ---- the readers and docs/format.md -------------------------------------------------------


def test_every_reader_opens_its_mapping_with_a_spec() -> None:
    """A Fields without a spec could ask for any key: every one in kitgen/ names its spec."""
    bare = []
    for file in sorted((ROOT / "kitgen").rglob("*.py")):
        for node in ast.walk(parsed(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Fields":
                if len(node.args) + len(node.keywords) < 4:
                    bare.append(f"{file.name}:{node.lineno}")
    assert bare == []


def test_the_key_tables_in_the_docs_are_current() -> None:
    text = FORMAT.read_text(encoding="utf-8")
    start, end = text.index(TABLES_BEGIN), text.index(TABLES_END) + len(TABLES_END) + 1
    assert text[start:end] == key_tables(), "run `make schema`"


def _undeclared(value: object, t: Type, path: str) -> list[str]:
    """Keys in an example that the type (walked like a reader) does not declare."""
    if isinstance(t, Spec) and isinstance(value, dict):
        keys = {k.name: k for k in t.all_keys()}
        out = []
        for name, inner in value.items():
            if name in ("...", "…"):  # an elision in an example
                continue
            key = keys.get(str(name))
            if key is None:
                out.append(f"{path}.{name} ({t.name})")
            else:
                out += _undeclared(inner, key.type, f"{path}.{name}")
        return out
    if isinstance(t, (ListOf, OneOrList)):
        if isinstance(value, list):
            return [m for i, v in enumerate(value) for m in _undeclared(v, t.item, f"{path}[{i}]")]
        return _undeclared(value, t.item, path) if isinstance(t, OneOrList) else []
    if isinstance(t, Either):
        fits = sorted(t.alternatives, key=lambda a: not isinstance(a, Spec))  # named keys first
        return min((_undeclared(value, a, path) for a in fits), key=len)
    if isinstance(t, Named) and isinstance(value, dict):
        return [m for k, v in value.items() for m in _undeclared(v, t.value, f"{path}.{k}")]
    takes = t.schema()
    if isinstance(value, dict) and takes and "object" not in str(takes.get("type")):
        return [f"{path}: a mapping where {t.doc} goes"]
    return []


def _examples() -> list[tuple[int, object]]:
    """The YAML examples of docs/format.md that parse, with their line numbers."""
    text = FORMAT.read_text(encoding="utf-8")
    out = []
    for match in re.finditer(r"```yaml\n(.*?)```", text, re.S):
        try:
            out.append((text.count("\n", 0, match.start()) + 1, yaml.safe_load(match.group(1))))
        except yaml.YAMLError:
            continue
    return out


def test_every_key_in_the_docs_examples_is_declared() -> None:
    """Each example is read from the game's (or a scenario's) top, or, for a fragment,
    as the mapping it fits best."""
    roots = [root_spec("game"), root_spec("scenario")]
    candidates: list[Type] = [*roots]
    for root in roots:
        candidates += [ListOf(s) for s in all_specs(root).values()]
        candidates += list(all_specs(root).values())
    examples = _examples()
    assert len(examples) > 30
    wrong = []
    for line, example in examples:
        best = min((_undeclared(example, t, "") for t in candidates), key=len)
        wrong += [f"docs/format.md:{line}: {key}" for key in best]
    assert wrong == []


def test_kitgen_schema_into_a_missing_folder_is_a_usage_error(tmp_path: Path) -> None:
    out = tmp_path / "missing" / "x.json"
    written = run_cli("schema", "-o", str(out))
    assert written.exit_code == 2
    assert written.stderr.splitlines()[-1] == (
        f"Error: Invalid value for -o: cannot write {out}: No such file or directory"
    )
    assert not (tmp_path / "missing").exists()
