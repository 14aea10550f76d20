"""Counter vocabulary beyond the basics: record products, write-in blanks,
quantities from for_each, hex sizes, one-line text, the seed sheets."""

from __future__ import annotations

import math

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from kitgen.layout.plan import Group, Line, Text

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
    defs = p.game.counters.defs
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
    d = p.game.counters.defs[0]
    assert d.attrs == {"id": "a", "F": "7", "M": ""}
    form = next(op for op in p.docs[0].pages[0].ops if isinstance(op, Group) and op.key)
    # the blank is a drawn line to write on, on the baseline, as long as the underscores
    (words,) = _texts(form)
    assert words.text == "F 7  M "
    (line,) = [op for op in form.ops if isinstance(op, Line)]
    assert line.y0 == line.y1 and words.y - 1 < line.y0 < words.y
    assert line.x0 == pytest.approx(words.x + stringWidth("F 7  M ", "Helvetica", 7))
    assert line.x1 - line.x0 == pytest.approx(stringWidth("__", "Helvetica", 7))


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
    import kitgen.build as build

    monkeypatch.setattr(build, "icon_names", lambda: ["flame", "sword", "skull"])
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
    # Other sections may warn (write-in blanks); the counters must be clean.
    counter_diags = [str(d) for d in p.diags if d.path.startswith("counters")]
    assert not counter_diags, counter_diags
    ids = {d.id for d in p.game.counters.defs}
    counts: dict[str, int] = {}
    for doc in p.docs:  # counters may share another component's sheet (labels.pdf)
        for page in doc.pages:
            for item in page.items:
                if item.side == "front" and item.id in ids:
                    counts[item.id] = counts.get(item.id, 0) + 1
    return counts


def test_reshuffled_has_its_32_pieces_plus_tokens():
    """The base game's 16 Ronin, 4 of each weapon picture (a team), and the Unit
    designations variant's set: one of each picture in each player's colour."""
    counts = _pieces("reshuffled")
    weapons = ("sword", "shotgun", "pistol", "ak47")
    assert {w: counts[f"ronin-{w}"] for w in weapons} == dict.fromkeys(weapons, 4)
    variant = {k: v for k, v in counts.items() if k.startswith("ronin-") and k.count("-") == 2}
    assert len(variant) == 16 and set(variant.values()) == {1}
    assert sum(v for k, v in counts.items() if k.startswith("submarine-")) == 4
    assert counts["water-level"] == 8 and counts["sentry-gun"] == 4
    assert 16 + 4 + 8 + 4 == 32
    assert sum(v for k, v in counts.items() if k.startswith("code-hack-")) == 4 * 5
    assert counts["aguan"] == 1


def test_ryamon_has_11_types_in_4_colours():
    counts = {k: n for k, n in _pieces("ryamon").items() if not k.startswith("food-")}
    assert len(counts) == 44
    tribes = {k.rsplit("-", 1)[1] for k in counts}
    assert tribes == {"red", "blue", "green", "yellow"}
    # ceil(25 x 2d6 odds), at least 2, plus the starting 2 farmers and 1 soldier.
    assert sum(counts.values()) == 4 * 36
    assert (counts["farmer-red"], counts["soldier-red"], counts["lawyer-red"]) == (7, 5, 2)


@pytest.mark.parametrize("shape", ["round", "hex"])
def test_round_and_hex_fold_pairs_are_joined_by_a_hinge(game_dir, shape):
    from kitgen.layout.plan import Path

    write_game(
        game_dir,
        f"""
        id: g
        title: G
        counters:
          - {{id: m, shape: {shape}, size: 3/4, front: A, back: B}}
    """,
    )
    p = plan_game(game_dir)
    page = p.docs[0].pages[0]
    front, back = page.items
    fx = front.bbox[2]  # the manifest's fold_line is this, rounded to 4 decimals
    assert front.extra["fold_line"][0] == round(fx, 4) and fx == back.bbox[0]
    (cut,) = [op for op in page.ops if isinstance(op, Path) and not op.hatch]  # not glue marks
    xs = [pt[0] for pt in cut.points]
    ys = [pt[1] for pt in cut.points]
    # One outline round both halves: it spans both boxes and is its own mirror image.
    assert min(xs) == pytest.approx(front.bbox[0]) and max(xs) == pytest.approx(back.bbox[2])
    assert min(ys) >= front.bbox[1] - 1e-9 and max(ys) <= front.bbox[3] + 1e-9
    mirrored = sorted((round(2 * fx - x, 6), round(y, 6)) for x, y in cut.points)
    assert mirrored == sorted((round(x, 6), round(y, 6)) for x, y in cut.points)
    # The strip crosses the fold 0.22 of the height either side of the centre (54 pt: 11.88).
    at_fold = [pt for pt in cut.points if abs(pt[0] - fx) < 1e-6]
    assert at_fold == []  # the strip's edges run straight across; no vertex on the fold
    strip = sorted(
        {
            round(y - (front.bbox[1] + 27), 4)
            for x, y in cut.points
            if abs(abs(x - fx) - min(abs(a - fx) for a in xs)) < 1e-6
        }
    )
    assert strip == [-11.88, 11.88]


def test_with_bleed_text_stays_in_the_safe_zone(game_dir):
    from kitgen.render.fonts import FontBook

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - {id: a, size: 1, bleed: 1/8in, front: {text: [WIDE WORDS HERE, {text: X, at: top}]}}
    """,
    )
    p = plan_game(game_dir)
    form = next(op for op in p.docs[0].pages[0].ops if isinstance(op, Group))
    while form.key is None:  # a butted face with bleed sits in the group that clips it
        form = next(op for op in form.ops if isinstance(op, Group))
    texts = _texts(form)
    assert len(texts) >= 2
    for t in texts:
        half = FontBook.width(t.text, t.font.face, t.font.size) / 2
        # 1/8 in = 9 pt inside the 72 pt trim on every side.
        assert 9 - 1e-6 <= t.x - half and t.x + half <= 63 + 1e-6
        assert 9 <= t.y and t.y + t.font.size * 0.72 <= 63


def test_a_sized_caption_takes_only_its_lines(game_dir):
    from kitgen.layout.plan import Icon

    write_game(
        game_dir,
        """
        id: g
        title: G
        counters:
          - id: a
            size: 1
            front: {icon: flame, text: {text: FIRE, at: bottom, size: 8pt}}
    """,
    )
    p = plan_game(game_dir)
    form = next(op for op in p.docs[0].pages[0].ops if isinstance(op, Group) and op.key)
    (icon,) = [op for op in form.ops if isinstance(op, Icon)]
    # 72 pt less 2 x 4.32 pt padding = 63.36; the caption takes 8 pt plus half a
    # line of air (12 pt), so the icon gets the remaining 51.36 pt square.
    assert icon.size == pytest.approx(51.36)
    assert icon.cy == pytest.approx(72 - 4.32 - 51.36 / 2)
    (text,) = _texts(form)
    assert text.font.size == 8


def _faces(game: str) -> dict[tuple[str, str], tuple[list[str], list[str]]]:
    """(design id, side) -> (texts, icon names) drawn on that face, read from the plan."""
    from kitgen.layout.plan import Icon

    p = plan_game(CONTENT / game)
    out: dict = {}

    def walk(ops):
        for op in ops:
            if isinstance(op, Group):
                own = (op.key or "").rpartition("/")[2]  # "counters/..." on a shared sheet
                if own.startswith("counter:"):
                    _, did, side, _ = own.split(":")
                    # wrapped lines joined back: one string per face
                    texts = [" ".join(t.text for t in op.ops if isinstance(t, Text))]
                    icons = [i.name for i in op.ops if isinstance(i, Icon)]
                    out[(did, side)] = (texts, icons)
                else:
                    walk(op.ops)

    for doc in p.docs:  # counters may share another component's sheet (labels.pdf)
        for page in doc.pages:
            walk(page.ops)
    return out


def test_reshuffled_faces_say_what_the_rules_say():
    faces = _faces("reshuffled")
    pictures = {"sword": "sword", "shotgun": "shotgun", "pistol": "pistol", "ak47": "rifle"}
    units = {"sword": "RONIN", "shotgun": "HEAVY", "pistol": "HACKER", "ak47": "SCOUT"}
    for weapon, icon in pictures.items():
        assert icon in faces[(f"ronin-{weapon}", "front")][1]  # a team: its picture
        for player in ("red", "blue", "green", "yellow"):  # the variant's: its unit too
            assert icon in faces[(f"ronin-{weapon}-{player}", "front")][1]
            assert faces[(f"ronin-{weapon}-{player}", "front")][0] == [units[weapon]]
    assert faces[("water-level", "front")][0] == ["CHEST HIGH"]  # one per room: 8 rooms
    assert faces[("water-level", "back")][0] == ["ROOM FULL"]
    texts, icons = faces[("sentry-gun", "front")]
    assert icons == ["turret"]  # the picture of a large gun; the back says TAMED
    assert faces[("sentry-gun", "back")][0] == ["TAMED"]
    assert faces[("aguan", "front")][0] == ["AGUAN"]
    assert all(faces[(f"code-hack-{c}", "front")][0] == ["HACK"] for c in ("red", "blue"))


def test_duck_has_its_markers_and_threat_counters():
    counts = _pieces("duck")
    faces = _faces("duck")
    for n in (1, 2, 3):  # flame markers x1 to x3 (1 to 3 squirts in a square)
        assert counts[f"flame-x{n}"] >= 3 and faces[(f"flame-x{n}", "front")][0] == [
            f"FLAME \u00d7{n}"
        ]
    assert faces[("flame-x1", "front")][1] == ["flame"]
    assert faces[("grenade-explosion", "front")][1] == ["blast"]
    assert faces[("blood-splash", "front")][1] == ["splash"]
    assert faces[("duck", "front")] == (["DUCK!"], ["duck"])
    assert faces[("waiting", "front")][1] == ["eye"]  # hiding: "mark with eye", now WAITING
    # hazardous cargo: a countdown from 6 (the red die set at 6) to 1
    assert [faces[(f"cargo-{n}", "front")][0][0] for n in range(6, 0, -1)] == [
        f"{n} HAZARD CARGO" for n in range(6, 0, -1)
    ]
    assert faces[("door", "front")][0] == ["CLOSED"] and faces[("door", "back")][0] == ["OPEN"]
    threats = {k for k in counts if k.startswith("threat-")}
    kinds = {k.removeprefix("threat-").rsplit("-", 1)[0] for k in threats}
    # every Threat the matrix names, and every one the grappling summary gives dice for
    assert kinds == {
        "harpy",
        "harpy-bull",
        "steel-scorpion",
        "philth",
        "ardzilian",
        "ceratopian",
        "cybot",
    }
    assert len(threats) == 7 * 4  # numbered 1-4 of each kind


def test_ryamon_people_show_the_key_abbreviations():
    faces = _faces("ryamon")
    abbr = {
        "lawyer": "La", "scientist": "Sc", "artist": "A", "engineer": "E", "hunter": "H",
        "farmer": "F", "soldier": "So", "general": "G", "doctor": "D", "leader": "Le",
        "inventor": "I",
    }  # fmt: skip
    for tribe in ("red", "blue", "green", "yellow"):
        for kind, short in abbr.items():
            texts, icons = faces[(f"{kind}-{tribe}", "front")]
            assert texts[0].split()[0] == short and len(icons) == 1


def test_rencounter_has_wound_markers_for_each_severity():
    counts = _pieces("rencounter")
    faces = _faces("rencounter")
    # minor, serious and crippling wounds are one, two and three markers: plenty of plain
    # ones, and a labelled marker per severity to read at a glance
    assert counts["wound"] >= 3 * 8 and faces[("wound", "front")][1] == ["blood"]
    for code, label in (("mw", "MW Minor"), ("sw", "SW Serious"), ("cw", "CW Crippling")):
        assert counts[f"wound-{code}"] >= 1
        assert faces[(f"wound-{code}", "front")][0] == [label]


def _wcag_luminance(colour: str) -> float:
    from kitgen.colours import rgb

    def linear(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((_wcag_luminance(a), _wcag_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_ratio_by_hand():
    assert contrast("#ffffff", "#000000") == pytest.approx(21.0)
    assert contrast("#ffffff", "#d9a520") == pytest.approx(2.25, abs=0.01)  # too faint


@pytest.mark.parametrize("game", ["reshuffled", "duck", "ryamon", "rencounter"])
def test_seed_counters_read_at_arm_s_length(game):
    """Every word and icon on every seed piece stands out from its background by at least
    3:1 (the WCAG ratio for large or bold text and for graphics)."""
    from kitgen.build import load
    from kitgen.colours import readable_on
    from kitgen.errors import Diagnostics
    from kitgen.model.counters import IconEl, TextEl

    loaded = load(CONTENT / game, Diagnostics())
    counters = loaded.counters
    faces = [(d.id, "front", d.front) for d in (counters.defs if counters else ())]
    faces += [(d.id, "back", d.back) for d in (counters.defs if counters else ()) if d.back]
    faces += [(d.id, "front", d.face) for d in loaded.labels or ()]  # base labels
    faint = []
    for piece, side, face in faces:
        for el in face.elements:
            if isinstance(el, TextEl | IconEl):
                ink = el.colour or readable_on(face.background)
                if contrast(ink, face.background) < 3.0:
                    faint.append((piece, side, getattr(el, "text", None) or el.name))
    assert faint == []


def test_a_misspelt_colour_gets_a_did_you_mean(game_dir):
    folder = write_game(
        game_dir,
        """
        id: t
        title: T
        colours: {goose: "#f4f1e8"}
        counters:
          - {id: g, size: 3/4in, front: {background: gose, text: G}}
        """,
    )
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:5:46: error: counters[0].front.background: unknown colour "
        "'gose' (did you mean 'goose'? use goose, #rrggbb, black, white, red, ...)"
    ]


def test_an_attribute_side_that_contradicts_the_counters_side_is_an_error(game_dir):
    folder = write_game(
        game_dir,
        """
        id: t
        title: T
        counters:
          - {id: g, size: 3/4in, side: geese, attrs: {side: fox}, front: {text: G}}
          - {id: f, size: 3/4in, side: fox, attrs: {side: fox}, front: {text: F}}
        """,
    )
    assert errors_of(folder) == [
        f"{folder / 'game.yaml'}:4:53: error: counters[0].attrs.side: attribute side 'fox' "
        "contradicts the counter's side 'geese' (rules read the counter's own side: drop side "
        "from attrs)"
    ]


def test_a_reshuffled_teams_ronin_are_told_by_picture_not_colour():
    """Issues 36 and 43: in the standard game a team is a weapon picture. Ronin in the
    players' colours read as the players' own, and the variant's unit pieces looked like
    them: the base game's 16 Ronin now share one ground that is no player's colour, and
    each variant piece adds its unit's sign, no weapon's picture, to its weapon."""
    from kitgen.model.counters import IconEl

    p = plan_game(CONTENT / "reshuffled")
    faces = {d.id: d.front for d in p.game.counters.defs}
    players = {faces[f"submarine-{c}"].background for c in ("red", "blue", "green", "yellow")}
    base = {faces[f"ronin-{w}"].background for w in ("sword", "shotgun", "pistol", "ak47")}
    assert len(base) == 1 and not base & players
    pictures = {"sword", "shotgun", "pistol", "rifle"}
    signs = set()
    for w in ("sword", "shotgun", "pistol", "ak47"):
        for c in ("red", "blue", "green", "yellow"):
            face = faces[f"ronin-{w}-{c}"]
            assert face.background in players
            icons = [e.name for e in face.elements if isinstance(e, IconEl)]
            assert len(icons) == 2 and len(set(icons) & pictures) == 1, icons
            signs |= set(icons) - pictures
    assert len(signs) == 4
