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
    assert str(info.value.diagnostics[0]).endswith(
        f"error: file is {MAX_FILE_BYTES + 1} bytes, more than the {MAX_FILE_BYTES} allowed "
        "(split it and use include:)"
    )


def test_not_utf8(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"title: \xff\xfe\n")
    with pytest.raises(KitError) as info:
        load_yaml(bad)
    assert str(info.value.diagnostics[0]).endswith(
        "error: not UTF-8 text (invalid start byte at byte 7)"
    )


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
    assert errors_of(game_dir) == [
        f"{gy}:1:1: error: missing required key 'title'",
        f"{gy}:2:1: error: titel: unknown key 'titel' (did you mean 'title'?)",
        f"{gy}:3:8: error: paper: unknown paper 'leter' "
        "(did you mean 'letter'? use letter, a4, legal, tabloid, a3, a4-letter)",
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
    assert game.section("cover").subtitle == "0101"


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
        f"{gy}:2:36: error: include[2]: '../outside.yaml' is outside the game folder",
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
    cover = plan_game(game_dir).game.section("cover")
    assert cover.needs == ("dice",) and cover.credits == ("me",)
