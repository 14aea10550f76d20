from pathlib import Path

from kitgen.errors import Diagnostics
from kitgen.source.expand import read_for_each, substitute
from kitgen.source.fields import Context
from kitgen.source.yamlnodes import load_yaml_text


def _ctx() -> Context:
    return Context(Diagnostics(), Path("."))


def _node(text: str):
    return load_yaml_text(text, "t.yaml").get("for_each")


def test_product_of_lists_in_order():
    ctx = _ctx()
    got = read_for_each(ctx, _node("for_each: {colour: [red, blue], n: [1, 2]}"), "for_each")
    assert got == [
        {"colour": "red", "n": "1"},
        {"colour": "red", "n": "2"},
        {"colour": "blue", "n": "1"},
        {"colour": "blue", "n": "2"},
    ]
    assert not ctx.diags.items


def test_records_keep_typed_text():
    ctx = _ctx()
    got = read_for_each(
        ctx, _node("for_each:\n  - {name: Ana, F: 4}\n  - {name: Bo, F: 05}\n"), "for_each"
    )
    assert got == [{"name": "Ana", "F": "4"}, {"name": "Bo", "F": "05"}]


def test_no_for_each_is_one_copy():
    assert read_for_each(_ctx(), None, "for_each") == [{}]


def test_substitute_and_escapes():
    ctx = _ctx()
    assert substitute(ctx, "{colour} {{x}}", {"colour": "red"}, None, "p") == "red {x}"
    assert not ctx.diags.items


def test_unknown_placeholder_is_an_error():
    ctx = _ctx()
    substitute(ctx, "{weapon}", {"colour": "red"}, None, "counters[0].text")
    assert [str(d) for d in ctx.diags] == [
        "error: counters[0].text: unknown placeholder {weapon} in '{weapon}' (known: {colour})"
    ]


def test_too_many_copies_is_an_error():
    ctx = _ctx()
    values = "[" + ", ".join(str(i) for i in range(101)) + "]"
    read_for_each(ctx, _node(f"for_each: {{a: {values}, b: {values}}}"), "for_each")
    assert [d.message for d in ctx.diags] == ["expands to 10201 copies, more than 10000"]


def test_empty_list_is_an_error():
    ctx = _ctx()
    read_for_each(ctx, _node("for_each: {a: []}"), "for_each")
    assert [str(d) for d in ctx.diags] == [
        "t.yaml:1:15: error: for_each.a: needs at least one value"
    ]
