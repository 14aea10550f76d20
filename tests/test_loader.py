"""YAML loading: positions, exact messages, and the guards against hostile files."""

from pathlib import Path

import pytest

from kitgen.errors import KitError
from kitgen.source.yamlnodes import MAX_FILE_BYTES, Map, Scalar, load_yaml, load_yaml_text

from .conftest import errors_of, write_game


def messages(text: str) -> list[str]:
    with pytest.raises(KitError) as info:
        load_yaml_text(text, "g.yaml")
    return [str(d) for d in info.value.diagnostics]


def test_every_value_knows_its_line_and_column():
    node = load_yaml_text("title: T\ncover:\n  needs: [dice, glue]\n", "g.yaml")
    assert isinstance(node, Map)
    needs = node.get("cover").get("needs")
    assert [(i.span.line, i.span.col) for i in needs] == [(3, 11), (3, 17)]
    assert node.key_span("cover").line == 2


def test_plain_scalars_remember_their_text():
    node = load_yaml_text("a: NO\nb: 1.10\nc: '1.10'\n", "g.yaml")
    a, b, c = node.get("a"), node.get("b"), node.get("c")
    assert isinstance(a, Scalar) and a.value is False and a.raw == "NO" and a.plain
    assert b.value == 1.1 and b.raw == "1.10"
    assert c.value == "1.10" and not c.plain


def test_duplicate_keys_name_both_lines():
    assert messages("title: A\nid: x\ntitle: B\n") == [
        "g.yaml:3:1: error: duplicate key 'title' (first defined at line 1)"
    ]


def test_aliases_are_refused_where_used():
    assert messages("a: &x [1, 2]\nb: *x\n") == [
        "g.yaml:2:4: error: YAML aliases (*name) are not supported "
        "(write the value out, or use for_each to repeat it)"
    ]


def test_billion_laughs_is_refused_quickly():
    lol = "a: &a [x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(20)
    )
    assert "YAML aliases" in messages(lol)[0]


def test_deep_nesting_is_refused_before_parsing():
    assert messages("a: " + "[" * 50_000) == ["g.yaml:1:1: error: nesting deeper than 64 levels"]


def test_deep_block_nesting_is_refused():
    text = "".join("  " * i + f"k{i}:\n" for i in range(80)) + "  " * 80 + "v\n"
    assert messages(text) == ["g.yaml:66:131: error: nesting deeper than 64 levels"]


def test_syntax_errors_have_positions():
    assert messages("a: [1\nb: 2\n") == [
        "g.yaml:2:2: error: YAML syntax: expected ',' or ']', but got ':'"
    ]


def test_merge_keys_are_refused():
    assert messages("a: {x: 1}\nb:\n  <<: {x: 1}\n") == [
        "g.yaml:3:3: error: YAML merge keys (<<) are not supported (write the keys out)"
    ]


def test_big_files_are_refused_before_reading(tmp_path: Path):
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(KitError) as info:
        load_yaml(big)
    assert [str(d) for d in info.value.diagnostics] == [
        f"{big}:1:1: error: file {big.name!r} is more than the {MAX_FILE_BYTES:,} bytes "
        "allowed (see docs/security.md for the caps)"
    ]


def test_not_utf8(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes("title: T\ncover:\n  subtitle: café ".encode() + b"\xe9\n")
    with pytest.raises(KitError) as info:
        load_yaml(bad)
    # line 3, column 18: columns count characters (é is one), the byte offset counts bytes
    assert [str(d) for d in info.value.diagnostics] == [
        f"{bad}:3:18: error: not UTF-8 text (invalid continuation byte at byte 34) "
        "(save the file as UTF-8)"
    ]


# ---- game.yaml level: every error of a run, did-you-mean, YAML 1.1 surprises ----


def test_all_errors_of_a_game_are_reported(game_dir: Path):
    write_game(
        game_dir,
        """
        id: t
        titel: Typo
        paper: leter
        cover:
          subtitle: yes
          needz: [dice]
        """,
    )
    gy = game_dir / "game.yaml"
    assert errors_of(game_dir) == [  # a misspelt title is one mistake, not also "missing"
        f"{gy}:2:1: error: titel: unknown key 'titel' (did you mean 'title'?)",
        f"{gy}:3:8: error: paper: unknown paper 'leter' "
        "(did you mean 'letter'? use letter, a4, legal, tabloid, a3, a4-letter "
        "or a custom size like 200mmx300mm)",
        f"{gy}:5:13: error: cover.subtitle: expected text, got boolean true "
        '(YAML reads unquoted yes as true; write "yes" in quotes)',
        f"{gy}:6:3: error: cover.needz: unknown key 'needz' (did you mean 'needs'?)",
    ]


def test_numbers_in_text_keep_what_was_typed(game_dir: Path):
    from .conftest import plan_game

    write_game(
        game_dir,
        """
        title: T
        version: 1.10
        cover: {subtitle: 0101}
        """,
    )
    game = plan_game(game_dir).game
    assert game.version == "1.10"
    assert game.cover.subtitle == "0101"


def test_include_merges_lists_and_reports_clashes(game_dir: Path):
    write_game(
        game_dir,
        """
        title: T
        include: [more.yaml, missing.yaml, ../outside.yaml]
        cover: {subtitle: a}
        """,
        {"more.yaml": "title: Again\n"},
    )
    gy, more = game_dir / "game.yaml", game_dir / "more.yaml"
    assert errors_of(game_dir) == [
        f"{gy}:2:22: error: include[1]: file not found: 'missing.yaml'",
        f"{gy}:2:36: error: include[2]: '../outside.yaml' leads outside the game folder "
        "(keep every file the game uses inside its folder; links are followed)",
        f"{more}:1:1: error: title: 'title' is already defined at {gy}:1:1",
    ]


def test_include_cycle_is_reported(game_dir: Path):
    write_game(
        game_dir,
        "title: T\ninclude: [a.yaml]\n",
        {"a.yaml": "include: [b.yaml]\n", "b.yaml": "include: [a.yaml]\n"},
    )
    assert errors_of(game_dir) == [
        f"{game_dir / 'b.yaml'}:1:11: error: include[0]: 'a.yaml' is included twice "
        "(or includes itself)"
    ]


def test_included_sections_concatenate(game_dir: Path):
    from .conftest import plan_game

    write_game(
        game_dir,
        "title: T\ninclude: [c.yaml]\ncover: {needs: [dice]}\n",
        {"c.yaml": "cover: {credits: [me]}\n"},
    )
    cover = plan_game(game_dir).game.cover
    assert cover.needs == ("dice",) and cover.credits == ("me",)


# ---- hostile and broken files: a clean message with a place, never a traceback ----


def test_control_characters_are_refused_at_their_place():
    assert messages("title: T\nid: a\x07b\n") == [
        "g.yaml:2:6: error: YAML syntax: character U+0007 is not allowed "
        "(remove it, or write it as an escape inside double quotes)"
    ]
    assert messages("\x00\x01") == [
        "g.yaml:1:1: error: YAML syntax: character U+0000 is not allowed "
        "(remove it, or write it as an escape inside double quotes)"
    ]


CONTROL_HINT = "(remove it; a text may hold tabs and line breaks, no other control character)"


def test_escapes_that_make_what_yaml_refuses_written_out_are_errors():
    # "\\0", "\\e" (a terminal escape), "\\x9b" (C1) and U+FFFF are each refused written
    # out; escaped, they must not slip through into a PDF or a terminal
    text = 'a: "x\\0y"\nb: "\\e]0;x\\a"\n"\\x9b": 1\nd: "\\uffff"\ne: "\\x85 \\t\\r\\n ok"\n'
    control = f"makes a control character, not text {CONTROL_HINT}"
    assert messages(text) == [
        f"g.yaml:1:4: error: the escape for U+0000 {control}",
        f"g.yaml:2:4: error: the escape for U+001B {control}",
        f"g.yaml:3:1: error: the escape for U+009B {control}",
        f"g.yaml:4:4: error: the escape for U+FFFF makes a noncharacter, not text {CONTROL_HINT}",
    ]


def test_tabs_in_indentation_get_a_hint():
    assert messages("title: T\ncover:\n\tsubtitle: x\n") == [
        "g.yaml:3:1: error: YAML syntax: found character '\\t' that cannot start any token "
        "(indent with spaces; YAML does not allow tabs)"
    ]


TAGS_HINT = (
    "(remove it and write plain YAML; the tags read are "
    "!!str, !!int, !!float, !!bool, !!null, !!map and !!seq)"
)


def test_yaml_tags_are_refused():
    assert messages("title: !foo bar\nrun: !!python/object/apply:os.system [ls]\n") == [
        f"g.yaml:1:8: error: YAML tag '!foo' is not part of the format {TAGS_HINT}",
        "g.yaml:2:6: error: YAML tag '!!python/object/apply:os.system' is not part of the "
        f"format {TAGS_HINT}",
    ]


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("a: !!binary R0lGODlh\n", "!!binary"),
        ("a: !!timestamp 2001-12-14\n", "!!timestamp"),  # the tag a plain date gets
        ("a: &x !!timestamp 2001-12-14\n", "!!timestamp"),
        ("a: !!timestamp '2001-12-14'\n", "!!timestamp"),
        ("a: !!set {x: null}\n", "!!set"),
        ("a: !!omap [b: 1]\n", "!!omap"),
        ("a: !!pairs [b: 1]\n", "!!pairs"),
        ("a: !!value x\n", "!!value"),
        ("a: !!python/name:os.system\n", "!!python/name:os.system"),
        ("%TAG !e! tag:example.com,2000:\n---\na: !e!x G\n", "tag:example.com,2000:x"),
        ("!!binary a: 1\n", "!!binary"),  # on a key
    ],
)
def test_every_tag_plain_yaml_does_not_give_is_refused_where_written(text: str, tag: str):
    line = text.count("\n") if text.startswith("%") else 1
    col = 1 if text.startswith("!") else 4
    assert messages(text) == [
        f"g.yaml:{line}:{col}: error: YAML tag {tag!r} is not part of the format {TAGS_HINT}"
    ]


def test_plain_yaml_tags_read_and_untagged_dates_stay_text():
    text = (
        "a: !!str 5\nb: !!int '5'\nc: !!float 1\nd: !!bool yes\ne: !!null ''\n"
        "f: !!map {}\ng: !!seq []\nh: 2001-12-14\ni: =\nj: !<tag:yaml.org,2002:str> x\n"
    )
    node = load_yaml_text(text, "g.yaml")
    assert isinstance(node, Map)
    values = {k: v.value for k, v in node.entries.items() if isinstance(v, Scalar)}
    assert values == {
        "a": "5", "b": 5, "c": 1.0, "d": True, "e": None, "h": "2001-12-14", "i": "=", "j": "x"
    }  # fmt: skip
    assert messages("a: !!str [1]\nb: !!int {}\n") == [
        f"g.yaml:1:4: error: YAML tag '!!str' is for a single value, not a list {TAGS_HINT}",
        f"g.yaml:2:4: error: YAML tag '!!int' is for a single value, not a mapping {TAGS_HINT}",
    ]


def test_a_bad_standard_tag_value_is_an_error():
    assert messages("size: !!int abc\n") == [
        "g.yaml:1:7: error: bad !!int value: invalid literal for int() with base 10: 'abc'"
    ]


def test_deep_mappings_are_refused_before_parsing():
    assert messages("title: " + "{a: " * 60_000) == [
        "g.yaml:1:1: error: nesting deeper than 64 levels"
    ]


def test_devices_and_pipes_are_not_read(tmp_path: Path):
    import os

    pipe = tmp_path / "pipe.yaml"
    os.mkfifo(pipe)
    for path in (Path("/dev/zero"), pipe, tmp_path):
        with pytest.raises(KitError) as info:
            load_yaml(path)
        assert [str(d) for d in info.value.diagnostics] == [
            f"{path}:1:1: error: file {path.name!r} is "
            + (
                "a folder, not a file"
                if path.is_dir()
                else "not a regular file (a device or a pipe)"
            )
        ]


def test_a_file_that_grows_past_its_size_is_still_capped(tmp_path: Path, monkeypatch):
    # /proc files report size 0 whatever they hold: the cap counts bytes actually read
    import kitgen.source.yamlnodes as yamlnodes

    monkeypatch.setattr(yamlnodes, "MAX_FILE_BYTES", 10)
    small = tmp_path / "g.yaml"
    small.write_text("title: Eleven chars\n")
    with pytest.raises(KitError) as info:
        load_yaml(small)
    assert [str(d) for d in info.value.diagnostics] == [
        f"{small}:1:1: error: file {small.name!r} is more than the 10 bytes allowed "
        "(see docs/security.md for the caps)"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "1:1: error: missing required key 'title'"),
        ("- a\n- b\n", "1:1: error: a game file must be a mapping of keys"),
        ("just text\n", "1:1: error: a game file must be a mapping of keys"),
        (
            "title: NO\n",
            "1:8: error: title: expected text, got boolean false "
            '(YAML reads unquoted NO as false; write "NO" in quotes)',
        ),
        (
            "title: T\nversion: [1]\n",
            "2:10: error: version: expected text, got a list",
        ),
        ("title: T\n? [a]\n: x\n", "2:3: error: a key must be plain text"),
    ],
)
def test_game_file_shapes_have_exact_messages(game_dir: Path, text: str, message: str):
    write_game(game_dir, text)
    assert errors_of(game_dir) == [f"{game_dir / 'game.yaml'}:{message}"]


def test_include_of_a_symlink_out_of_the_folder_is_refused(game_dir: Path, tmp_path: Path):
    (tmp_path / "secret.yaml").write_text("title: S\n")
    write_game(game_dir, "title: T\ninclude: link.yaml\n")
    (game_dir / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    assert errors_of(game_dir) == [
        f"{game_dir / 'game.yaml'}:2:10: error: include: 'link.yaml' leads outside the game folder "
        "(keep every file the game uses inside its folder; links are followed)"
    ]


def test_an_include_that_is_a_folder_or_not_text(game_dir: Path):
    write_game(game_dir, "title: T\ninclude: [sub, 5, {a: 1}]\n", {"sub/x.yaml": "a: 1\n"})
    gy = game_dir / "game.yaml"
    assert errors_of(game_dir) == [
        f"{gy}:2:11: error: include[0]: file 'sub' is a folder, not a file",
        f"{gy}:2:16: error: include[1]: file not found: '5'",
        f"{gy}:2:19: error: include[2]: expected text, got a mapping",
    ]


def test_diagnostics_say_each_thing_once_and_forget_what_they_drop():
    from kitgen.errors import Diagnostics, Span

    diags = Diagnostics()
    here, there = Span("a.yaml", 1, 1), Span("b.yaml", 2, 3)
    diags.error(here, "x", "bad x")
    diags.error(here, "x", "bad x")  # found again, by a second pass over the same part
    diags.warning(there, "y", "odd y")
    assert [d.message for d in diags] == ["bad x", "odd y"]
    diags.keep(lambda d: d.span.file != "a.yaml")
    assert [d.message for d in diags] == ["odd y"]
    diags.error(here, "x", "bad x")  # dropped, so said again when found again
    assert [d.message for d in diags] == ["odd y", "bad x"]
