"""The format declared as data: readers ask only for declared keys, with the declared
types, defaults and ranges, and report unknown keys with the declared keys they read."""

from __future__ import annotations

from pathlib import Path

import pytest

from kitgen.errors import Diagnostics
from kitgen.source.fields import Context, Fields
from kitgen.source.spec import INTEGER, TEXT, Choice, Key, ListOf, OneOf, Spec, SpecError
from kitgen.source.yamlnodes import Node, load_yaml

BOX = Spec(
    "box",
    Key("width", INTEGER, "across", default=3, lo=1, hi=9),
    Key("label", TEXT, "words", required=True),
    Key("side", Choice(("left", "right"), "side"), "where", default="left"),
    Key("shape", Choice(("square", "round")), "its outline", default="square"),
    kind_key="shape",
    kinds={"round": (Key("radius", INTEGER, "size"),)},
)


def _fields(tmp_path: Path, text: str) -> tuple[Fields, Diagnostics]:
    file = tmp_path / "box.yaml"
    file.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    return Fields(Context(diags, tmp_path), load_yaml(file), "box", BOX), diags


def test_a_key_the_spec_does_not_declare_cannot_be_read(tmp_path: Path) -> None:
    f, _ = _fields(tmp_path, "label: x\n")
    with pytest.raises(SpecError, match="box: key 'height' is not declared"):
        f.integer("height")
    with pytest.raises(SpecError, match="box: key 'radius' is not declared"):
        f.raw("radius")  # a kind's key, before the kind is known


def test_a_key_is_read_as_its_declared_type(tmp_path: Path) -> None:
    f, _ = _fields(tmp_path, "label: x\n")
    with pytest.raises(SpecError, match=r"box.width is declared as whole number, not read by text"):
        f.text("width")


def test_a_default_given_by_a_reader_must_agree_with_the_declaration(tmp_path: Path) -> None:
    f, _ = _fields(tmp_path, "label: x\n")
    with pytest.raises(SpecError, match="box.width: default 4 differs from the declared 3"):
        f.integer("width", default=4)
    with pytest.raises(SpecError, match="box.width: hi 8 differs from the declared 9"):
        f.integer("width", hi=8)


def test_defaults_ranges_choices_and_required_come_from_the_declaration(tmp_path: Path) -> None:
    f, diags = _fields(tmp_path, "width: 12\nside: top\n")
    assert f.integer("width") == 3  # out of range: reported, and the default back
    assert f.text("label") is None
    assert f.choice("side") == "left"
    f.close()
    assert [str(d) for d in diags] == [
        f"{tmp_path}/box.yaml:1:8: error: box.width: 12 is out of range (from 1 to 9)",
        f"{tmp_path}/box.yaml:1:1: error: box: missing required key 'label'",
        f"{tmp_path}/box.yaml:2:7: error: box.side: unknown side 'top' (use left, right)",
    ]


def test_unknown_keys_are_named_with_the_declared_keys_read(tmp_path: Path) -> None:
    f, diags = _fields(tmp_path, "label: x\nwidht: 2\nradius: 3\nzzz: 1\n")
    f.text("label")
    f.integer("width")
    f.close()
    assert [str(d) for d in diags] == [
        f"{tmp_path}/box.yaml:2:1: error: box.widht: unknown key 'widht' (did you mean 'width'?)",
        f"{tmp_path}/box.yaml:3:1: error: box.radius: unknown key 'radius' (valid: label, width)",
        f"{tmp_path}/box.yaml:4:1: error: box.zzz: unknown key 'zzz' (valid: label, width)",
    ]


def test_a_kind_adds_its_own_keys(tmp_path: Path) -> None:
    f, diags = _fields(tmp_path, "label: x\nshape: round\nradius: 3\n")
    f.text("label")
    assert f.choice("shape") == "round"
    f.kind("round")
    assert f.integer("radius") == 3
    f.close()
    assert not diags.items


def test_a_spec_declares_each_key_once() -> None:
    with pytest.raises(SpecError, match="twice: key 'a' declared twice"):
        Spec("twice", Key("a", TEXT, ""), Key("a", TEXT, ""))


def test_a_kinds_key_is_declared() -> None:
    with pytest.raises(SpecError, match="odd: kinds need their key 'kind' declared"):
        Spec("odd", Key("a", TEXT, ""), kind_key="kind", kinds={"x": ()})


ROOM = Spec(
    "room",
    Key("door", TEXT, "the way in", required=True, missing="e.g. door: north"),
    Key("shade", TEXT, "its colour", default="grey"),
    Key("rows", INTEGER, "rows of seats"),
    Key("plan", TEXT, "a plan instead of rows"),
    one_of=(OneOf("rows", "plan", hint="or 'plan:'"),),
)


def _room(tmp_path: Path, text: str) -> tuple[Fields, Diagnostics]:
    file = tmp_path / "room.yaml"
    file.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    return Fields(Context(diags, tmp_path), load_yaml(file), "room", ROOM), diags


def _upper(ctx: Context, node: Node, path: str, suffix: str = "") -> str | None:
    return str(node.value).upper() + suffix if node.value != "bad" else None


def test_get_reads_with_the_readers_function_and_the_declared_default(tmp_path: Path) -> None:
    f, diags = _room(tmp_path, "door: west\nplan: x\n")
    assert f.get("door", _upper, "!") == "WEST!"
    assert f.get("shade", _upper) == "grey"  # absent: the declared default
    assert f.default("shade") == "grey"
    f, diags = _room(tmp_path, "door: west\nshade: bad\nplan: x\n")
    assert f.get("shade", _upper) == "grey"  # the reader gave None: the default
    assert not diags.items


def test_a_required_key_left_out_is_reported_with_its_declared_hint(tmp_path: Path) -> None:
    f, diags = _room(tmp_path, "shade: red\nplan: x\n")
    assert f.node_of("door") is None
    assert f.get("door", _upper) is None
    assert [str(d) for d in diags][0] == (
        f"{tmp_path}/room.yaml:1:1: error: room: missing required key 'door' (e.g. door: north)"
    )


def test_a_one_of_group_reports_its_first_key_when_none_is_written(tmp_path: Path) -> None:
    f, diags = _room(tmp_path, "door: n\n")
    assert f.integer("rows") is None
    assert f.node_of("plan") is None  # only the first of the group is reported
    assert [str(d) for d in diags] == [
        f"{tmp_path}/room.yaml:1:1: error: room: missing required key 'rows' (or 'plan:')"
    ]
    f, diags = _room(tmp_path, "door: n\nplan: x\n")
    assert f.integer("rows") is None
    assert not diags.items


def test_a_one_of_group_is_in_the_schema_and_names_declared_optional_keys() -> None:
    assert ROOM.definition()["allOf"] == [
        {"oneOf": [{"required": ["rows"]}, {"required": ["plan"]}]}
    ]
    assert OneOf("a", "b", alone=False).schema() == {
        "anyOf": [{"required": ["a"]}, {"required": ["b"]}]
    }
    with pytest.raises(SpecError, match="bad: one_of key 'b' must be declared, not required"):
        Spec("bad", Key("a", TEXT, ""), one_of=(OneOf("a", "b"),))
    with pytest.raises(SpecError, match="bad: one_of key 'a' must be declared, not required"):
        Spec("bad", Key("a", TEXT, "", required=True), one_of=(OneOf("a"),))


LAMP = Spec(
    "lamp",
    Key("kind", Choice(("wall", "desk")), "where it stands", required=True),
    Key("watts", INTEGER, "its power"),
    Key("lumens", INTEGER, "its light"),
    kind_key="kind",
    kinds={"desk": (Key("arm", INTEGER, "reach"), Key("clamp", INTEGER, "grip")), "wall": ()},
    one_of=(OneOf("watts", "lumens", needed=False, both="watts or lumens, not both", at="lumens"),),
    kind_one_of={
        "desk": (OneOf("arm", "clamp", none="a desk lamp needs arm or clamp", both="arm or clamp"),)
    },
)


def _lamp(tmp_path: Path, text: str) -> tuple[Fields, Diagnostics]:
    file = tmp_path / "lamp.yaml"
    file.write_text(text, encoding="utf-8")
    diags = Diagnostics()
    f = Fields(Context(diags, tmp_path), load_yaml(file), "lamp", LAMP)
    f.kind(f.choice("kind"))
    return f, diags


def test_two_keys_of_a_one_of_group_are_refused_in_its_declared_words(tmp_path: Path) -> None:
    f, diags = _lamp(tmp_path, "kind: wall\nwatts: 4\nlumens: 9\n")
    assert f.both("watts")
    f.close()  # both() read the group's keys: none is unknown
    assert [str(d) for d in diags] == [
        f"{tmp_path}/lamp.yaml:3:9: error: lamp.lumens: watts or lumens, not both"
    ]
    f, diags = _lamp(tmp_path, "kind: wall\nwatts: 4\nlumens: 9\n")
    assert not f.both("watts", True, False)  # the reader refused lumens: not two
    f, diags = _lamp(tmp_path, "kind: desk\narm: 1\nclamp: 2\n")
    assert f.both("clamp")
    assert [str(d) for d in diags] == [f"{tmp_path}/lamp.yaml:1:1: error: lamp: arm or clamp"]


def test_a_kinds_group_with_its_own_words_says_them_when_none_is_written(tmp_path: Path) -> None:
    f, diags = _lamp(tmp_path, "kind: desk\n")
    assert f.integer("arm") is None
    assert [str(d) for d in diags] == [
        f"{tmp_path}/lamp.yaml:1:1: error: lamp: a desk lamp needs arm or clamp"
    ]
    f, diags = _lamp(tmp_path, "kind: wall\n")
    assert f.integer("watts") is None and not diags.items  # not needed


def test_groups_of_a_kind_and_at_most_one_are_in_the_schema_and_docs() -> None:
    definition = LAMP.definition()
    assert definition["allOf"][0] == {"not": {"required": ["watts", "lumens"]}}
    assert definition["allOf"][1]["then"]["allOf"] == [
        {"oneOf": [{"required": ["arm"]}, {"required": ["clamp"]}]}
    ]
    three = OneOf("a", "b", "c", needed=False).schema()
    assert three == {
        "not": {"anyOf": [{"required": p} for p in (["a", "b"], ["a", "c"], ["b", "c"])]}
    }
    assert LAMP.one_of[0].doc == "Give at most one of `watts`, `lumens`."
    with pytest.raises(SpecError, match="not needed must be alone"):
        OneOf("a", "b", needed=False, alone=False)
    with pytest.raises(SpecError, match="no one_of group with `both` holds 'arm'"):
        LAMP.group_of("arm")


def test_a_missing_key_is_said_once_however_often_its_node_is_asked_for(tmp_path: Path) -> None:
    f, diags = _room(tmp_path, "shade: red\nplan: x\n")
    assert f.text("door") is None
    assert f.node_of("door") is None  # to point at it: nothing more is said
    assert [str(d) for d in diags] == [
        f"{tmp_path}/room.yaml:1:1: error: room: missing required key 'door' (e.g. door: north)"
    ]


def test_a_spec_builds_its_record_from_its_keys_and_their_hooks(tmp_path: Path) -> None:
    f, diags = _room(tmp_path, "door: west\nplan: x\n")
    made = ROOM.build(f, dict, {"door": _upper}, seat="A1")
    # door by its hook, shade its declared default, rows absent: left to the record
    assert made == {"door": "WEST", "shade": "grey", "plan": "x", "seat": "A1"}
    assert not diags.items
    f, diags = _room(tmp_path, "door: west\nplan: x\nzzz: 1\n")
    ROOM.build(f, dict)
    assert [str(d) for d in diags] == [  # build closes the mapping
        f"{tmp_path}/room.yaml:3:1: error: room.zzz: unknown key 'zzz' (valid: door, shade, "
        "rows, plan)"
    ]


def test_a_key_fills_the_field_it_names(tmp_path: Path) -> None:
    gate = Spec("gate", Key("not", TEXT, "", field="negate"))
    file = tmp_path / "gate.yaml"
    file.write_text("not: x\n", encoding="utf-8")
    f = Fields(Context(Diagnostics(), tmp_path), load_yaml(file), "gate", gate)
    assert gate.build(f, dict) == {"negate": "x"}


def test_a_spec_builds_only_with_hooks_for_its_own_keys_and_its_lists(tmp_path: Path) -> None:
    f, _ = _room(tmp_path, "door: west\nplan: x\n")
    with pytest.raises(SpecError, match=r"room: hooks for undeclared keys \['window'\]"):
        ROOM.build(f, dict, {"window": _upper})
    shelf = Spec("shelf", Key("books", ListOf(TEXT), "in order"))
    with pytest.raises(SpecError, match="shelf.books is list of text: give it a hook"):
        shelf.build(Fields(Context(Diagnostics(), tmp_path), None, "shelf", shelf), dict)
