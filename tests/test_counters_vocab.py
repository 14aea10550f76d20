"""Counter vocabulary beyond the basics: record products, write-in blanks,
quantities from for_each, hex sizes, one-line text, the seed sheets."""

from __future__ import annotations

import math

import pytest

from kitgen.layout.plan import Group, Text

from .conftest import CONTENT, errors_of, plan_game, write_game


def _texts(group: Group) -> list[Text]:
    return [op for op in group.ops if isinstance(op, Text)]


def test_product_of_a_list_and_records_with_quantities(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "{type}-{tribe}"
            size: 1/2
            quantity: "{count}"
            for_each:
              tribe: [red, blue]
              person:
                - {type: farmer, abbr: F, count: "6"}
                - {type: soldier, abbr: So, count: "4"}
            front: "{abbr}"
    """,
    )
    p = plan_game(game_dir)
    defs = p.game.section("counters").defs
    assert [(d.id, d.quantity) for d in defs] == [
        ("farmer-red", 6),
        ("soldier-red", 4),
        ("farmer-blue", 6),
        ("soldier-blue", 4),
    ]
    assert defs[1].attrs == {"tribe": "red", "type": "soldier", "abbr": "So", "count": "4"}
    assert sum(len(pg.items) for pg in p.docs[0].pages) == 20


def test_bad_quantity_from_for_each(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "t-{n}"
            size: 1/2
            quantity: "{n}"
            for_each: {n: ["2", lots]}
            front: X
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:6:15: error: counters[0].quantity: quantity '{{n}}' gives "
        "'lots', not a whole number from 1 to 10000"
    ]


def test_null_in_a_record_prints_the_write_in_blank(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: "label-{id}"
            shape: round
            size: 5/8
            blank: "__"
            for_each:
              - {id: a, F: 7, M: null}
            front: {text: {text: "F {F}  M {M}", font: Helvetica, size: 7pt, wrap: false}}
    """,
    )
    p = plan_game(game_dir)
    d = p.game.section("counters").defs[0]
    assert d.attrs == {"id": "a", "F": "7", "M": ""}
    form = next(op for op in p.docs[0].pages[0].ops if isinstance(op, Group) and op.key)
    assert [t.text for t in _texts(form)] == ["F 7  M __"]


def test_wrap_false_keeps_a_line_whole(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            size: 1/2
            front: {text: [{text: "AA BB CC", wrap: false}]}
          - id: b
            size: 1/2
            front: {text: [{text: "AA BB CC"}]}
    """,
    )
    p = plan_game(game_dir)
    forms = {
        op.key.split(":")[1]: op
        for op in p.docs[0].pages[0].ops
        if isinstance(op, Group) and op.key
    }
    assert [t.text for t in _texts(forms["a"])] == ["AA BB CC"]
    assert len(_texts(forms["b"])) > 1


def test_hex_is_flat_topped_with_the_size_across_flats(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: h, shape: hex, size: 1, front: H}
    """,
    )
    p = plan_game(game_dir)
    (item,) = p.docs[0].pages[0].items
    x0, y0, x1, y1 = item.bbox
    assert y1 - y0 == 72.0
    assert x1 - x0 == pytest.approx(144 / math.sqrt(3))


def test_unknown_icon_is_an_error_once_icons_exist(game_dir, monkeypatch):
    import kitgen.source.counters as reader

    monkeypatch.setattr(reader, "icon_names", lambda: ["flame", "sword", "skull"])
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, front: {icon: swrd}}
          - {id: b, size: 1, front: {icon: {name: dragon}}}
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:4:36: error: counters[0].front.icon: unknown icon 'swrd' "
        "(did you mean 'sword'?)",
        f"{game_dir}/game.yaml:5:43: error: counters[1].front.icon.name: unknown icon "
        "'dragon' (built-in icons: flame, sword, skull)",
    ]


def test_cell_outside_the_grid_and_both_at_and_cell(game_dir):
    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            size: 1
            front:
              grid: [2, 2]
              text: {text: x, at: top, cell: [1, 1]}
          - id: b
            size: 1
            front: {grid: [0, 2], text: y}
    """,
    )
    assert errors_of(game_dir) == [
        f"{game_dir}/game.yaml:8:38: error: counters[0].front.text.cell: give either at: or "
        "cell:, not both",
        f"{game_dir}/game.yaml:11:19: error: counters[1].front.grid: expected [rows, columns] "
        "from 1 to 12, got a list",
    ]


# ---- the seed kits ---------------------------------------------------------------------


def _pieces(game: str) -> dict[str, int]:
    p = plan_game(CONTENT / game)
    assert not p.diags.items, [str(d) for d in p.diags]
    counts: dict[str, int] = {}
    for page in p.docs[0].pages:
        for item in page.items:
            if item.side == "front":
                counts[item.id] = counts.get(item.id, 0) + 1
    return counts


def test_reshuffled_has_its_32_pieces_plus_tokens():
    counts = _pieces("reshuffled")
    ronin = {k: v for k, v in counts.items() if k.startswith("ronin-")}
    assert len(ronin) == 16 and sum(ronin.values()) == 16
    for weapon in ("sword", "shotgun", "pistol", "ak47"):
        assert sum(v for k, v in ronin.items() if k.startswith(f"ronin-{weapon}-")) == 4
    assert sum(v for k, v in counts.items() if k.startswith("submarine-")) == 4
    assert counts["water-level"] == 8 and counts["sentry-gun"] == 4
    assert 16 + 4 + 8 + 4 == 32
    assert sum(v for k, v in counts.items() if k.startswith("code-hack-")) == 4 * 5
    assert counts["aguan"] == 1


def test_ryamon_has_11_types_in_4_colours():
    counts = _pieces("ryamon")
    assert len(counts) == 44
    tribes = {k.rsplit("-", 1)[1] for k in counts}
    assert tribes == {"red", "blue", "green", "yellow"}
    # ceil(25 x 2d6 odds), at least 2, plus the starting 2 farmers and 1 soldier.
    assert sum(counts.values()) == 4 * 36
    assert (counts["farmer-red"], counts["soldier-red"], counts["lawyer-red"]) == (7, 5, 2)


def test_rencounter_labels_are_five_eighths_round():
    p = plan_game(CONTENT / "rencounter")
    labels = [i for pg in p.docs[0].pages for i in pg.items if i.id.startswith("label-")]
    assert labels and all(i.bbox[2] - i.bbox[0] == 45.0 for i in labels)
    gridley = next(
        op
        for pg in p.docs[0].pages
        for op in pg.ops
        if isinstance(op, Group) and op.key and ":label-gridley:" in op.key
    )
    assert [t.text for t in _texts(gridley)] == ["Sgt. Gridley", "F 7  M 6", "Ex 4"]
