# ruff: noqa: E501  (hostile inputs are written out whole, one per line)
"""A corpus of hostile game folders (the held-back sweep): YAML structure, numbers,
unicode, wrong types, references, ids, links, images, fonts and spreadsheets, each a
small change to a frozen copy of the `full` starter (tests/hostile_base/: the cases
name its lines, so the starter itself may change). tests/test_hostile_sweep.py checks
every one.
`python -m tests.hostile_corpus DIR` writes them all to DIR/<name>/g, to run by hand
under limits."""

from __future__ import annotations

import io
import os
import re
import struct
import sys
import zipfile
import zlib
from pathlib import Path

STARTER = Path(__file__).parent / "hostile_base"
BASE = STARTER.joinpath("game.yaml").read_text().replace("$id", "g").replace("$title", "G")
BASE = BASE.replace("$folder", "g")
SCEN = STARTER.joinpath("scenarios/first-fight.yaml").read_text()


def png(w, h, data=None, bad_crc=False):
    def chunk(kind, body):
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc ^ bad_crc)

    raw = (
        data
        if data is not None
        else zlib.compress(b"\x00" * (1 + 3 * w) * h if w * h < 10**7 else b"")
    )
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", raw)
        + chunk(b"IEND", b"")
    )


GOODPNG = png(4, 4)
IMG = "\n  - {id: pic, size: 1in, front: {image: {file: FILE}}}\n"
CASES: dict[str, dict] = {}


def case(name, **files):
    CASES[name] = files


def rep(old, new, scen=False):
    text = SCEN if scen else BASE
    assert old in text, old
    return text.replace(old, new, 1)


def counters_append(snippet):
    return BASE.replace("\ntables:", snippet + "\ntables:", 1)


# ---- YAML structure ----
case(
    "deep-block-maps",
    **{
        "game.yaml": BASE
        + "cover2:\n"
        + "".join("  " * i + f"k{i}:\n" for i in range(1, 120))
        + "  " * 120
        + "x: 1\n"
    },
)
case("deep-flow", **{"game.yaml": BASE + "x: " + "[" * 70 + "]" * 70 + "\n"})
case(
    "deep-dash-lists",
    **{
        "game.yaml": BASE
        + "x:\n"
        + "".join(" " * (2 * i) + "-\n" for i in range(100))
        + " " * 200
        + "- 1\n"
    },
)
case("deep-dash-inline", **{"game.yaml": BASE + "x: " + "- " * 100 + "1\n"})
laughs = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n" for i in range(9)
)
case("billion-laughs", **{"game.yaml": BASE + laughs})
case("anchor-no-alias", **{"game.yaml": rep("title: G", "title: &t G")})
case("merge-key", **{"game.yaml": rep("cover:", "cover:\n  <<: {subtitle: x}")})
case("tag-binary", **{"game.yaml": rep("title: G", "title: !!binary R0lGODlh")})
case("tag-python", **{"game.yaml": rep("title: G", "title: !!python/object:os.system x")})
case("tag-set", **{"game.yaml": rep("needs: [two", "needs: !!set {two: null} #[two")})
case("tag-timestamp", **{"game.yaml": rep("title: G", "title: !!timestamp 2001-12-14")})
case("tag-omap", **{"game.yaml": rep("needs: [two", "needs: !!omap [a: 1] #[two")})
case("tag-custom", **{"game.yaml": rep("title: G", "title: !foo G")})
case("tag-verbatim", **{"game.yaml": rep("title: G", "title: !<tag:yaml.org,2002:str> G")})
case(
    "tag-directive",
    **{"game.yaml": "%TAG !e! tag:example.com,2000:\n---\n" + rep("title: G", "title: !e!x G")},
)
case("yaml-directive-1.2", **{"game.yaml": "%YAML 1.2\n---\n" + BASE})
case("two-documents", **{"game.yaml": BASE + "---\ntitle: H\n"})
case("empty-file", **{"game.yaml": ""})
case("only-comment", **{"game.yaml": "# nothing\n"})
case("top-level-list", **{"game.yaml": "- a\n- b\n"})
case("top-level-scalar", **{"game.yaml": "hello\n"})
case("top-level-null", **{"game.yaml": "~\n"})
case("key-is-list", **{"game.yaml": BASE + "[a, b]: 1\n"})
case("key-is-map", **{"game.yaml": BASE + "? {a: 1}\n: 2\n"})
case("key-is-int", **{"game.yaml": BASE + "1: 2\n"})
case("key-is-null", **{"game.yaml": BASE + "~: 2\n"})
case("duplicate-top-key", **{"game.yaml": BASE + "title: Again\n"})
case("duplicate-key-nested", **{"game.yaml": rep("subtitle:", "subtitle: a\n  subtitle:")})
# ---- numbers ----
case("qty-1e309", **{"game.yaml": rep("quantity: 4", "quantity: 1e309")})
case("qty-nan", **{"game.yaml": rep("quantity: 4", "quantity: .nan")})
case("qty-neg-inf", **{"game.yaml": rep("quantity: 4", "quantity: -.inf")})
case("qty-minus-zero", **{"game.yaml": rep("quantity: 4", "quantity: -0")})
case("qty-huge-int", **{"game.yaml": rep("quantity: 4", "quantity: " + "9" * 5000)})
case("qty-1e9", **{"game.yaml": rep("quantity: 4", "quantity: 1000000000")})
case("qty-float", **{"game.yaml": rep("quantity: 4", "quantity: 2.5")})
case("qty-negative", **{"game.yaml": rep("quantity: 4", "quantity: -3")})
case("qty-zero", **{"game.yaml": rep("quantity: 4", "quantity: 0")})
case("qty-hex", **{"game.yaml": rep("quantity: 4", "quantity: 0x7fffffff")})
case("qty-sexagesimal", **{"game.yaml": rep("quantity: 4", "quantity: 190:20:30")})
case("qty-bool", **{"game.yaml": rep("quantity: 4", "quantity: yes")})
case("qty-list", **{"game.yaml": rep("quantity: 4", "quantity: [4]")})
case("qty-null", **{"game.yaml": rep("quantity: 4", "quantity: ~")})
case("qty-string-1e309", **{"game.yaml": rep("quantity: 4", "quantity: '1e309'")})
case("size-zero", **{"game.yaml": rep("size: 3/4in", "size: 0in")})
case("size-negative", **{"game.yaml": rep("size: 3/4in", "size: -1in")})
case("size-huge", **{"game.yaml": rep("size: 3/4in", "size: 1e300in")})
case("size-tiny", **{"game.yaml": rep("size: 3/4in", "size: 1e-300in")})
case("size-nan-text", **{"game.yaml": rep("size: 3/4in", "size: nanin")})
case("size-inf-mm", **{"game.yaml": rep("size: 3/4in", "size: infmm")})
case("size-divzero", **{"game.yaml": rep("size: 3/4in", "size: 3/0in")})
case("size-frac-huge", **{"game.yaml": rep("size: 3/4in", "size: " + "9" * 400 + "/1in")})
case("cell-zero", **{"game.yaml": rep("cell: 1in", "cell: 0in")})
case("cell-huge", **{"game.yaml": rep("cell: 1in", "cell: 999in")})
case("cell-tiny", **{"game.yaml": rep("cell: 1in", "cell: 0.0001in")})
case("paper-zero", **{"game.yaml": rep("title: G", "title: G\npaper: 0x0in")})
case("paper-huge", **{"game.yaml": rep("title: G", "title: G\npaper: 1e9x1e9in")})
case("paper-negative", **{"game.yaml": rep("title: G", "title: G\npaper: -5x-5in")})
case("paper-nan", **{"game.yaml": rep("title: G", "title: G\npaper: nanxnanin")})
case("dice-1000d1000", **{"game.yaml": rep("roll: 2d6", "roll: 1000d1000")})
case("dice-d0", **{"game.yaml": rep("roll: 2d6", "roll: d0")})
case("dice-0d6", **{"game.yaml": rep("roll: 2d6", "roll: 0d6")})
case("dice-d1e9", **{"game.yaml": rep("roll: 2d6", "roll: 1d1000000000")})
case("dice-huge-mod", **{"game.yaml": rep("roll: 2d6", "roll: 2d6+" + "9" * 400)})
case("dice-many-terms", **{"game.yaml": rep("roll: 2d6", "roll: " + "+".join(["d6"] * 3000))})
case("dice-keep-huge", **{"game.yaml": rep("roll: 2d6", "roll: 100d100kh50")})
case("row-range-huge", **{"game.yaml": rep('["10-12", Hit]', '["10-1000000000", Hit]')})
case("track-huge", **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 1000000000}\n"})
case("track-step-zero", **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 10, step: 0}\n"})
case(
    "track-step-wrong-way",
    **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 10, step: -1}\n"},
)
case(
    "track-per-row-zero",
    **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 10, per_row: 0}\n"},
)
case("track-box-zero", **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 10, box: 0in}\n"})
case(
    "track-float-step",
    **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 1, step: 0.0000001}\n"},
)
case(
    "map-1000x1000",
    **{
        "game.yaml": rep(
            "layout: |\n      ..w..",
            "layout: |\n" + ("      " + "." * 1000 + "\n") * 1000 + "      ..w..",
        )
    },
)
case(
    "map-one-row-huge",
    **{
        "game.yaml": rep(
            "layout: |\n      ..w..", "layout: |\n      " + "." * 300000 + "\n      ..w.."
        )
    },
)
case("map-copies-1e9", **{"game.yaml": rep("cell: 1in", "cell: 1in\n    copies: 1000000000")})
case(
    "map-empty-layout",
    **{
        "game.yaml": rep(
            "layout: |\n      ..w..\n      .ww..\n      .....\n      ...w.", "layout: ''"
        )
    },
)
case(
    "map-hex-huge",
    **{
        "game.yaml": rep("cell: 1in", "cell: 1in\n    grid: hex").replace(
            "layout: |\n      ..w..",
            "layout: |\n" + ("      " + "." * 250 + "\n") * 250 + "      ..w..",
        )
    },
)
case(
    "for-each-product-1e9",
    **{
        "game.yaml": rep(
            "for_each: {side: [red, blue]}",
            "for_each: {side: [red, blue], a: ["
            + ",".join(map(str, range(1000)))
            + "], b: ["
            + ",".join(map(str, range(1000)))
            + "]}",
        )
    },
)
case(
    "for-each-10k-qty-100",
    **{
        "game.yaml": rep(
            "for_each: {side: [red, blue]}",
            "for_each: {side: [red, blue], a: [" + ",".join(map(str, range(5000))) + "]}",
        )
        .replace('id: "soldier-{side}"', 'id: "soldier-{side}-{a}"')
        .replace("quantity: 4", "quantity: 100")
    },
)
case(
    "generator-huge",
    **{
        "game.yaml": BASE
        + "generators:\n  - id: gg\n    size: 1000d1000\n    units: 1000000\n    groups: [{role: M, count: rest, roll: [m]}]\n    lookups:\n      - {id: m, roll: d6, rows: [{result: 1-6, set: {a: 1}}]}\n"
    },
)
case(
    "generator-neg-units",
    **{
        "game.yaml": BASE
        + "generators:\n  - id: gg\n    size: 3\n    units: -1\n    groups: [{role: M, count: rest, roll: [m]}]\n    lookups:\n      - {id: m, roll: d6, rows: [{result: 1-6, set: {a: 1}}]}\n"
    },
)
case(
    "scenario-count-1e9",
    **{
        "game.yaml": BASE,
        "scenarios/first-fight.yaml": rep(
            "{piece: soldier-red, at: A1}", "{piece: soldier-red, at: A1, count: 1000000000}", True
        ),
    },
)
case(
    "scenario-count-neg",
    **{
        "game.yaml": BASE,
        "scenarios/first-fight.yaml": rep(
            "{piece: soldier-red, at: A1}", "{piece: soldier-red, at: A1, count: -1}", True
        ),
    },
)
case("cards-qty-1e6", **{"game.yaml": rep("size: poker", "size: poker\n    quantity: 1000000")})
case("cards-size-zero", **{"game.yaml": rep("size: poker", "size: 0mm x 0mm")})
case("cards-size-huge", **{"game.yaml": rep("size: poker", "size: 5000mm x 5000mm")})
case(
    "template-circle-zero",
    **{"game.yaml": BASE + "templates:\n  - {kind: circle, id: c, radius: 0in}\n"},
)
case(
    "template-circle-huge",
    **{"game.yaml": BASE + "templates:\n  - {kind: circle, id: c, radius: 900in}\n"},
)
case(
    "template-ruler-huge",
    **{"game.yaml": BASE + "templates:\n  - {kind: ruler, id: r, bands: [{to: 1000000000}]}\n"},
)
# ---- unicode and text ----
case("rtl-title", **{"game.yaml": rep("title: G", 'title: "\\u202eG evil"')})
case("rtl-in-id", **{"game.yaml": rep("id: g", 'id: "g\\u202e"')})
case("zero-width-id", **{"game.yaml": rep("id: g", 'id: "g\\u200bx"')})
case("nul-escape-title", **{"game.yaml": rep("title: G", 'title: "G\\0x"')})
case("nul-escape-id", **{"game.yaml": rep("id: g", 'id: "g\\0"')})
case("nul-raw-byte", **{"game.yaml": rep("title: G", "title: G\x00x")})
case("surrogate-pair-escapes", **{"game.yaml": rep("title: G", 'title: "\\ud83d\\ude00"')})
case("surrogate-in-counter-text", **{"game.yaml": rep('text: "3-4"', 'text: "\\udfff"')})
case(
    "surrogate-in-scenario",
    **{
        "game.yaml": BASE,
        "scenarios/first-fight.yaml": rep("title: First fight", 'title: "\\ud800"', True),
    },
)
case("long-line-title", **{"game.yaml": rep("title: G", "title: " + "W" * 1_500_000)})
case("long-id", **{"game.yaml": rep("id: g", "id: " + "g" * 100000)})
case("long-word-counter", **{"game.yaml": rep('text: "3-4"', 'text: "' + "X" * 4999 + '"')})
case(
    "many-lines-blurb",
    **{
        "game.yaml": rep(
            "subtitle: A whole",
            "blurb: [" + ", ".join(["word " * 50] * 2000) + "]\n  subtitle: A whole",
        )
    },
)
case("combining-marks", **{"game.yaml": rep("title: G", "title: G" + "\u0301" * 4000)})
case("emoji-title", **{"game.yaml": rep("title: G", "title: G \U0001f600\U0001f4a9")})
case("private-use", **{"game.yaml": rep("title: G", "title: G \U000f0000")})
case("bom-start", **{"game.yaml": "\ufeff" + BASE})
case("bom-middle", **{"game.yaml": rep("title: G", "title: G\ufeffx")})
case("bom-utf16", **{"game.yaml": BASE.encode("utf-16")})
case("utf32", **{"game.yaml": BASE.encode("utf-32")})
case("latin1", **{"game.yaml": rep("title: G", "title: Gé").encode("latin-1")})
case("crlf", **{"game.yaml": BASE.replace("\n", "\r\n")})
case("cr-only", **{"game.yaml": BASE.replace("\n", "\r")})
case("mixed-tabs", **{"game.yaml": rep("  subtitle:", "\tsubtitle:")})
case("tab-after-key", **{"game.yaml": rep("title: G", "title:\tG")})
case("nel-line-sep", **{"game.yaml": rep("title: G", "title: G\u2028x\u0085y")})
case("del-char", **{"game.yaml": rep("title: G", "title: G\x7f")})
case("c1-control", **{"game.yaml": rep("title: G", 'title: "G\\x9b31m"')})
case("esc-sequence", **{"game.yaml": rep("title: G", 'title: "\\e]0;pwned\\a"')})
case("invalid-utf8-mid", **{"game.yaml": rep("title: G", "title: G").encode() + b"x: \xff\xfe\n"})
case("overlong-utf8", **{"game.yaml": rep("title: G", "title: G").encode() + b"x: \xc0\xaf\n"})
# ---- wrong types per section ----
for sec, val in [
    ("cover", "[]"),
    ("counters", "5"),
    ("maps", "x"),
    ("tables", "{a: 1}"),
    ("sheets", "true"),
    ("cards", "~"),
    ("rules", "[1]"),
    ("tracks", "{}"),
    ("texts", "1.5"),
    ("decks", "[[]]"),
    ("threats", "[x]"),
    ("generators", "{}"),
    ("labels", "7"),
    ("templates", "[{}]"),
    ("colours", "[red]"),
    ("include", "{a: b}"),
    ("id", "[x]"),
    ("title", "{}"),
    ("paper", "[a4]"),
    ("font", "12"),
    ("share_sheets", "maybe"),
    ("counter_sheet", "1"),
]:
    text = BASE + f"{sec}: {val}\n"
    if f"\n{sec}:" in "\n" + BASE:
        text = re.sub(rf"(?m)^{sec}:.*(\n[ #].*)*", f"{sec}: {val}", BASE, count=1)
    case(f"type-{sec}", **{"game.yaml": text})
# ---- references ----
case("ref-sheet-missing", **{"game.yaml": rep("items: [fire]", "items: [nope]")})
case("ref-sheet-self", **{"game.yaml": rep("items: [fire]", "items: [reference]")})
case(
    "ref-scenario-map",
    **{"game.yaml": BASE, "scenarios/first-fight.yaml": rep("map: field", "map: nope", True)},
)
case(
    "ref-scenario-piece",
    **{
        "game.yaml": BASE,
        "scenarios/first-fight.yaml": rep(
            "piece: soldier-red, at: A1", "piece: nope, at: A1", True
        ),
    },
)
case(
    "ref-scenario-cell",
    **{"game.yaml": BASE, "scenarios/first-fight.yaml": rep("at: A1", "at: ZZ99999999", True)},
)
case("ref-constraint-terrain", **{"game.yaml": rep("not_on: [woods]", "not_on: [nope]")})
case("ref-deck-missing", **{"game.yaml": rep("size: poker", "size: poker\n    deck: nope")})
case(
    "ref-lookup-table",
    **{
        "game.yaml": BASE
        + "generators:\n  - id: gg\n    size: 3\n    groups: [{role: M, count: rest, roll: [m]}]\n    lookups:\n      - {id: m, table: nope}\n"
    },
)
case(
    "ref-lookup-cycle",
    **{
        "game.yaml": BASE
        + "generators:\n  - id: gg\n    size: 3\n    groups: [{role: M, count: rest, roll: [m, m, m]}]\n    lookups:\n      - {id: m, roll: d6, rows: [{result: 1-6, set: {a: 1}}]}\n"
    },
)
case("dup-counter-id", **{"game.yaml": rep('id: "soldier-{side}"', 'id: "soldier"')})
case(
    "dup-map-id",
    **{
        "game.yaml": rep(
            "  - id: field",
            "  - {id: field, layout: '.', legend: {'.': open}, terrains: [{id: open}]}\n  - id: field",
        )
    },
)
case("dup-id-across-kinds", **{"game.yaml": rep("  - id: orders", "  - id: fire")})
case("include-self", **{"game.yaml": rep("title: G", "title: G\ninclude: [game.yaml]")})
case(
    "include-cycle",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [a.yaml]"),
        "a.yaml": "include: [b.yaml]\n",
        "b.yaml": "include: [a.yaml]\n",
    },
)
case("include-absolute", **{"game.yaml": rep("title: G", "title: G\ninclude: [/etc/passwd]")})
case(
    "include-dotdot",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [../../../../etc/hostname]")},
)
case(
    "include-folder",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [scenarios]"),
        "scenarios/first-fight.yaml": SCEN,
    },
)
case("include-nul-name", **{"game.yaml": rep("title: G", 'title: G\ninclude: ["a\\0.yaml"]')})
case(
    "include-url",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [http://example.com/x.yaml]")},
)
case("include-glob", **{"game.yaml": rep("title: G", "title: G\ninclude: ['*']")})
case("include-tilde", **{"game.yaml": rep("title: G", "title: G\ninclude: [~/x.yaml]")})
case(
    "include-100",
    **{
        "game.yaml": rep(
            "title: G", "title: G\ninclude: [" + ", ".join(f"i{n}.yaml" for n in range(100)) + "]"
        ),
        **{f"i{n}.yaml": "{}\n" for n in range(100)},
    },
)
case(
    "include-long-name",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [" + "a" * 5000 + ".yaml]")},
)
case(
    "include-binary",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [a.yaml]"),
        "a.yaml": bytes(range(256)) * 4,
    },
)
case(
    "include-list-root",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [a.yaml]"), "a.yaml": "- 1\n- 2\n"},
)
case(
    "include-redefines-title",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [a.yaml]"), "a.yaml": "title: H\nid: h\n"},
)
# ---- ids ----
for bad in ["CON", "nul.kit", ".", "..", "a/b", "-x", "x.", "Ä", "a b", "a\\\\b"]:
    shown = bad.replace("/", "-slash-").replace(chr(92) * 2, "-backslash-").replace(".", "dot")
    case(f"id-{shown.replace(' ', '-space-')}", **{"game.yaml": rep("id: g", f'id: "{bad}"')})
case(
    "counter-id-con",
    **{
        "game.yaml": rep('id: "soldier-{side}"', 'id: "{side}"').replace(
            "for_each: {side: [red, blue]}", "for_each: {side: [CON, aux]}"
        )
    },
)
case("map-id-dotdot", **{"game.yaml": rep("  - id: field", "  - id: ../../x")})
case("scenario-file-name-odd", **{"game.yaml": BASE, "scenarios/CON.yaml": SCEN})
case("scenario-file-name-unicode", **{"game.yaml": BASE, "scenarios/\u202eevil.yaml": SCEN})
case(
    "scenario-300-files",
    **{"game.yaml": BASE, **{f"scenarios/s{n}.yaml": SCEN for n in range(300)}},
)
case("scenario-binary", **{"game.yaml": BASE, "scenarios/x.yaml": bytes(range(256))})
case("scenario-list", **{"game.yaml": BASE, "scenarios/x.yaml": "- a\n"})
case("scenario-empty", **{"game.yaml": BASE, "scenarios/x.yaml": ""})
case("scenario-dir-named-yaml", **{"game.yaml": BASE, "scenarios/x.yaml/y.yaml": SCEN})
case("scenarios-is-file", **{"game.yaml": BASE, "scenarios": "not a folder"})
# ---- colours ----
case("colour-bad-hex", **{"game.yaml": rep('fill: "#e8e2c8"', 'fill: "#gggggg"')})
case("colour-short", **{"game.yaml": rep('fill: "#e8e2c8"', 'fill: "#e8e"')})
case("colour-number", **{"game.yaml": rep('fill: "#e8e2c8"', "fill: 0xe8e2c8")})
case(
    "colour-palette-cycle",
    **{
        "game.yaml": rep("title: G", "title: G\ncolours: {a: b, b: a}").replace(
            'fill: "#e8e2c8"', "fill: a"
        )
    },
)
case(
    "colour-palette-self",
    **{
        "game.yaml": rep("title: G", "title: G\ncolours: {a: a}").replace(
            'fill: "#e8e2c8"', "fill: a"
        )
    },
)
case(
    "colour-10k-palette",
    **{
        "game.yaml": rep(
            "title: G",
            "title: G\ncolours: {" + ", ".join(f"c{n}: '#000000'" for n in range(10000)) + "}",
        )
    },
)
# ---- placeholders ----
case(
    "placeholder-unknown",
    **{"game.yaml": rep('name: "Soldier ({side})"', 'name: "Soldier ({nope})"')},
)
case(
    "placeholder-nested",
    **{"game.yaml": rep('name: "Soldier ({side})"', 'name: "Soldier ({{side}{side}})"')},
)
case(
    "placeholder-unclosed",
    **{"game.yaml": rep('name: "Soldier ({side})"', 'name: "Soldier ({side"')},
)
case(
    "placeholder-recursive-value",
    **{
        "game.yaml": rep(
            "for_each: {side: [red, blue]}", "for_each: {side: ['{side}', '{{side}}']}"
        )
    },
)
case(
    "for-each-empty", **{"game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {side: []}")}
)
case("for-each-scalar", **{"game.yaml": rep("for_each: {side: [red, blue]}", "for_each: 5")})
case(
    "for-each-csv-missing",
    **{"game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: nope.csv}")},
)
case(
    "for-each-csv-binary",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.csv}"),
        "x.csv": bytes(range(256)) * 10,
    },
)
case(
    "for-each-csv-nul",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.csv}"),
        "x.csv": "side\nred\x00\nblue\n",
    },
)
case(
    "for-each-csv-huge-field",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.csv}"),
        "x.csv": "side\n" + "r" * 200000 + "\n",
    },
)
case(
    "for-each-csv-20k-rows",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.csv}"),
        "x.csv": "side\n" + "red\n" * 20000,
    },
)
case(
    "for-each-csv-quote-bomb",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.csv}"),
        "x.csv": 'side\n"' + "a" * 100000 + "\n",
    },
)
case(
    "for-each-xlsx-not-zip",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.xlsx}"),
        "x.xlsx": b"PK\x03\x04garbage",
    },
)
case(
    "for-each-xlsx-zip-bomb",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.xlsx}"),
        "x.xlsx": "ZIPBOMB",
    },
)
case(
    "for-each-xlsx-empty-zip",
    **{
        "game.yaml": rep("for_each: {side: [red, blue]}", "for_each: {file: x.xlsx}"),
        "x.xlsx": "EMPTYZIP",
    },
)
# ---- images ----
for name, data in [
    ("text-as-png", b"hello, not a png"),
    ("empty-png", b""),
    ("truncated-png", GOODPNG[:30]),
    ("png-bad-crc", png(4, 4, bad_crc=True)),
    ("png-zero-size", png(0, 0, data=zlib.compress(b""))),
    ("png-huge-header", png(100000, 100000, data=zlib.compress(b"\x00" * 1000))),
    ("png-bomb", png(6000, 6000)),
    ("png-2e31", png(2**31 - 1, 1, data=zlib.compress(b""))),
    ("png-short-idat", png(50, 50, data=zlib.compress(b"\x00" * 10))),
    (
        "gif-as-png",
        b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;",
    ),
    ("jpeg-truncated", b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01"),
    ("pdf-as-png", b"%PDF-1.4\n%%EOF\n"),
]:
    case(
        f"img-{name}", **{"game.yaml": counters_append(IMG.replace("FILE", "a.png")), "a.png": data}
    )
SVG_LAUGHS = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&c;</text></svg>'
for name, data in [
    ("svg-laughs", SVG_LAUGHS),
    (
        "svg-xxe",
        '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&x;</text></svg>',
    ),
    (
        "svg-external-href",
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><use xlink:href="/etc/passwd#x"/></svg>',
    ),
    ("svg-empty", ""),
    (
        "svg-huge-size",
        '<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="1e308"><rect width="1e308" height="1e308"/></svg>',
    ),
    (
        "svg-nan-size",
        '<svg xmlns="http://www.w3.org/2000/svg" width="nan" height="nan" viewBox="0 0 nan nan"><rect width="5" height="5"/></svg>',
    ),
    (
        "svg-use-bomb",
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><g id="a"><rect width="1" height="1"/></g>'
        + "".join(
            f'<g id="{chr(98 + i)}">' + f'<use xlink:href="#{chr(97 + i)}"/>' * 10 + "</g>"
            for i in range(8)
        )
        + "</svg>",
    ),
    (
        "svg-use-self",
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"><g id="a"><use xlink:href="#a"/><rect width="1" height="1"/></g></svg>',
    ),
    (
        "svg-deep",
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        + "<g>" * 5000
        + '<rect width="1" height="1"/>'
        + "</g>" * 5000
        + "</svg>",
    ),
    (
        "svg-long-path",
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="M0 0'
        + " L1 1" * 200000
        + '"/></svg>',
    ),
    ("svg-not-xml", "<svg <<<"),
    (
        "svg-script",
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="1" height="1"/></svg>',
    ),
]:
    case(
        f"img-{name}", **{"game.yaml": counters_append(IMG.replace("FILE", "a.svg")), "a.svg": data}
    )
case("img-missing", **{"game.yaml": counters_append(IMG.replace("FILE", "nope.png"))})
case("img-folder", **{"game.yaml": counters_append(IMG.replace("FILE", "d.png")), "d.png/x": "x"})
case(
    "img-symlink-zero",
    **{"game.yaml": counters_append(IMG.replace("FILE", "z.png")), "z.png": ("LINK", "/dev/zero")},
)
case(
    "img-symlink-out",
    **{
        "game.yaml": counters_append(IMG.replace("FILE", "o.png")),
        "o.png": ("LINK", "/etc/passwd"),
    },
)
case(
    "img-symlink-loop",
    **{
        "game.yaml": counters_append(IMG.replace("FILE", "l1.png")),
        "l1.png": ("LINK", "l2.png"),
        "l2.png": ("LINK", "l1.png"),
    },
)
case(
    "img-symlink-dangling",
    **{
        "game.yaml": counters_append(IMG.replace("FILE", "d.png")),
        "d.png": ("LINK", "nothere.png"),
    },
)
case(
    "img-bmp-suffix",
    **{"game.yaml": counters_append(IMG.replace("FILE", "a.bmp")), "a.bmp": b"BM" + b"\x00" * 60},
)
case("img-no-suffix", **{"game.yaml": counters_append(IMG.replace("FILE", "a")), "a": GOODPNG})
case(
    "img-uppercase-suffix",
    **{"game.yaml": counters_append(IMG.replace("FILE", "a.PNG")), "a.PNG": GOODPNG},
)
case(
    "img-1000-uses",
    **{
        "game.yaml": counters_append(
            "".join(
                IMG.replace("FILE", "a.png").replace("id: pic", f"id: pic{n}") for n in range(1000)
            )
        ),
        "a.png": png(2000, 2000),
    },
)
# ---- fonts ----
for name, data in [
    ("garbage", b"not a font at all" * 10),
    ("empty", b""),
    ("truncated", b"\x00\x01\x00\x00\x00\x10\x00\x80\x00\x03\x00\x00"),
    ("png-as-ttf", GOODPNG),
    ("huge-table-count", b"\x00\x01\x00\x00\xff\xff\x00\x80\x00\x03\x00\x00" + b"\x00" * 100),
]:
    case(
        f"font-{name}",
        **{"game.yaml": rep("title: G", "title: G\nfont: Evil"), "Evil-Regular.ttf": data},
    )
case(
    "font-symlink-zero",
    **{
        "game.yaml": rep("title: G", "title: G\nfont: Evil"),
        "Evil-Regular.ttf": ("LINK", "/dev/zero"),
    },
)
case(
    "font-symlink-out",
    **{
        "game.yaml": rep("title: G", "title: G\nfont: Evil"),
        "Evil-Regular.ttf": ("LINK", "/usr/share/fonts"),
    },
)
case("font-name-traversal", **{"game.yaml": rep("title: G", "title: G\nfont: ../../../etc/passwd")})
case("font-name-empty", **{"game.yaml": rep("title: G", "title: G\nfont: ''")})
case(
    "font-in-counter-missing",
    **{"game.yaml": rep('text: "3-4"', 'text: "3-4"\n        font: Nope')},
)
case(
    "fonts-dir-symlink-root",
    **{"game.yaml": rep("title: G", "title: G\nfont: Evil"), "fonts": ("LINK", "/")},
)
# ---- links for game files ----
case("game-yaml-symlink-out", **{"game.yaml": ("LINK", "/etc/passwd")})
case("game-yaml-symlink-zero", **{"game.yaml": ("LINK", "/dev/zero")})
case(
    "include-symlink-zero",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [z.yaml]"),
        "z.yaml": ("LINK", "/dev/zero"),
    },
)
case(
    "include-symlink-urandom",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [z.yaml]"),
        "z.yaml": ("LINK", "/dev/urandom"),
    },
)
case(
    "include-symlink-proc",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [z.yaml]"),
        "z.yaml": ("LINK", "/proc/self/environ"),
    },
)
case("scenarios-symlink-root", **{"game.yaml": BASE, "scenarios": ("LINK", "/")})
case("scenario-symlink-zero", **{"game.yaml": BASE, "scenarios/z.yaml": ("LINK", "/dev/zero")})
case("scenario-symlink-fifo", **{"game.yaml": BASE, "scenarios/f.yaml": "FIFO"})
case(
    "scenario-symlink-loop",
    **{
        "game.yaml": BASE,
        "scenarios/a.yaml": ("LINK", "b.yaml"),
        "scenarios/b.yaml": ("LINK", "a.yaml"),
    },
)


# ---- scenarios, maps and rules ----
def scen(old, new):
    return {"game.yaml": BASE, "scenarios/first-fight.yaml": rep(old, new, True)}


def with_rules(extra):
    return rep("  constraints:\n", "  constraints:\n" + extra)


for name, (old, new) in {
    "at-cell-zero": ("at: A1", "at: A0"),
    "at-cell-negative": ("at: A1", "at: A-1"),
    "at-cell-lowercase": ("at: A1", "at: a1"),
    "at-cell-number": ("at: A1", "at: 11"),
    "at-cell-list": ("at: A1", "at: [A1, B1]"),
    "at-cell-map": ("at: A1", "at: {x: 1}"),
    "at-cell-empty": ("at: A1", "at: ''"),
    "at-cell-huge": ("at: A1", "at: A" + "9" * 400),
    "at-cell-unicode-digit": ("at: A1", "at: A\u0661"),
    "at-cell-fullwidth": ("at: A1", "at: \uff21\uff11"),
    "piece-null": ("piece: soldier-red, at: A1", "piece: ~, at: A1"),
    "piece-list": ("piece: soldier-red, at: A1", "piece: [soldier-red], at: A1"),
    "piece-selector-empty": ("piece: soldier-red, at: A1", "piece: {}, at: A1"),
    "piece-selector-deep-not": (
        "piece: soldier-red, at: A1",
        "piece: " + "{not: " * 60 + "{side: red}" + "}" * 60 + ", at: A1",
    ),
    "count-zero": ("{piece: soldier-red, at: A1}", "{piece: soldier-red, at: A1, count: 0}"),
    "count-float": ("{piece: soldier-red, at: A1}", "{piece: soldier-red, at: A1, count: 1.5}"),
    "count-1e6-off-map": ("{piece: soldier-red, at: A1}", "{piece: soldier-red, count: 1000000}"),
    "side-unknown": ("  - id: red", "  - id: green"),
    "side-twice": ("  - id: blue", "  - id: red"),
    "side-id-con": ("  - id: blue", "  - id: CON"),
    "sides-map": ("sides:", "sides: {}\nx:"),
    "sides-empty": ("sides:", "sides: []\nx:"),
    "scenario-map-list": ("map: field", "map: [field]"),
    "scenario-map-null": ("map: field", "map: ~"),
    "scenario-game-dotdot": ("title: First fight", "game: ../..\ntitle: First fight"),
    "scenario-game-abs": ("title: First fight", "game: /etc\ntitle: First fight"),
    "scenario-game-self": (
        "title: First fight",
        "game: ../scenarios/first-fight.yaml\ntitle: First fight",
    ),
    "scenario-options-unknown": ("title: First fight", "options: [nope]\ntitle: First fight"),
    "scenario-areas-within-huge": (
        "title: First fight",
        "areas:\n  a: {where: {within: {cells: 1000000000, of: A1}}}\ntitle: First fight",
    ),
    "scenario-areas-deep": (
        "title: First fight",
        "areas:\n  a: {where: "
        + "{within: {cells: 1, of: " * 40
        + "A1"
        + "}}" * 40
        + "}\ntitle: First fight",
    ),
    "scenario-areas-self": (
        "title: First fight",
        "areas:\n  a: {where: {area: a}}\ntitle: First fight",
    ),
    "scenario-areas-cycle": (
        "title: First fight",
        "areas:\n  a: {where: {area: b}}\n  b: {where: {area: a}}\ntitle: First fight",
    ),
    "scenario-notes-huge": (
        "title: First fight",
        "notes: [" + ", ".join(["x" * 4000] * 100) + "]\ntitle: First fight",
    ),
    "scenario-units-many": (
        "    placements:\n      - {piece: soldier-blue, at: E4}",
        "    units:\n"
        + "".join(
            f"      - {{id: u{n}, figures: [{{piece: soldier-blue}}]}}\n" for n in range(3000)
        )
        + "    placements:\n      - {piece: soldier-blue, at: E4}",
    ),
}.items():
    case(f"scen-{name}", **scen(old, new))
case("rules-unknown-kind", **{"game.yaml": with_rules("    - {kind: nope, name: x}\n")})
case(
    "rules-stacking-huge",
    **{"game.yaml": with_rules("    - {kind: stacking, name: s, max: 1000000000}\n")},
)
case(
    "rules-stacking-negative",
    **{"game.yaml": with_rules("    - {kind: stacking, name: s, max: -1}\n")},
)
case(
    "rules-count-min-over-max",
    **{"game.yaml": with_rules("    - {kind: count, name: c, pieces: any, min: 5, max: 1}\n")},
)
case(
    "rules-range-nan",
    **{"game.yaml": with_rules("    - {kind: range, name: r, pieces: any, attr: x, min: .nan}\n")},
)
case(
    "rules-selector-dollar",
    **{"game.yaml": with_rules("    - {kind: count, name: c, pieces: {side: $nope}, max: 1}\n")},
)
case(
    "rules-1000-constraints",
    **{
        "game.yaml": with_rules(
            "".join(
                f"    - {{kind: count, name: c{n}, pieces: any, max: 100}}\n" for n in range(1000)
            )
        ),
        "scenarios/first-fight.yaml": SCEN,
    },
)
case("rules-sides-dup", **{"game.yaml": rep("sides: [red, blue]", "sides: [red, red]")})
case(
    "rules-pieces-for-each-huge",
    **{
        "game.yaml": rep(
            "  sides: [red, blue]",
            "  sides: [red, blue]\n  pieces:\n    - {id: 'f-{n}', for_each: {n: ["
            + ",".join(map(str, range(20000)))
            + "]}}",
        )
    },
)
case(
    "map-legend-multichar",
    **{"game.yaml": rep('legend: {".": open, w: woods}', 'legend: {"..": open, w: woods}')},
)
case(
    "map-legend-unknown-terrain",
    **{"game.yaml": rep('legend: {".": open, w: woods}', 'legend: {".": nope, w: woods}')},
)
case("map-layout-unknown-char", **{"game.yaml": rep("..w..\n      .ww..", "..w..\n      .wZ..")})
case(
    "map-layout-tabs",
    **{
        "game.yaml": rep(
            "layout: |\n      ..w..", 'layout: "..w..\\t\\n..w.."\n    x: |\n      ..w..'
        )
    },
)
case(
    "map-hex-odd-offset",
    **{"game.yaml": rep("cell: 1in", "cell: 1in\n    grid: hex\n    offset: sideways")},
)
case("map-places-off-map", **{"game.yaml": rep("cell: 1in", "cell: 1in\n    places: {gate: Z99}")})
case(
    "map-edges-huge",
    **{
        "game.yaml": rep(
            "cell: 1in",
            "cell: 1in\n    edge_kinds: [{id: wall}]\n    edges: {wall: ["
            + ", ".join(["A1/A2"] * 20000)
            + "]}",
        )
    },
)
case(
    "map-lines-off-map",
    **{
        "game.yaml": rep(
            "cell: 1in",
            "cell: 1in\n    line_kinds: [{id: road}]\n    lines: [{kind: road, path: [A1, Z99]}]",
        )
    },
)
case(
    "map-compose-self",
    **{
        "game.yaml": rep(
            "  - id: field", "  - {id: board, compose: [{map: board, at: A1}]}\n  - id: field"
        )
    },
)
case(
    "map-compose-many",
    **{
        "game.yaml": rep(
            "  - id: field",
            "  - {id: board, compose: ["
            + ", ".join(f"{{map: field, at: A{1 + 4 * n}}}" for n in range(3000))
            + "]}\n  - id: field",
        )
    },
)
case(
    "map-compose-rotate-odd",
    **{
        "game.yaml": rep(
            "  - id: field",
            "  - {id: board, compose: [{map: field, at: A1, rotate: 45}]}\n  - id: field",
        )
    },
)
case(
    "map-compose-far",
    **{
        "game.yaml": rep(
            "  - id: field",
            "  - {id: board, compose: [{map: field, at: A1}, {map: field, at: ZZZZ99999}]}\n  - id: field",
        )
    },
)
case(
    "map-terrain-props-deep",
    **{
        "game.yaml": rep(
            "props: {cover: 1}", "props: {cover: " + "{a: " * 50 + "1" + "}" * 50 + "}"
        )
    },
)
case(
    "map-margins-unknown",
    **{"game.yaml": rep("cell: 1in", "cell: 1in\n    margins: [{item: nope, side: right}]")},
)
case("map-north-odd", **{"game.yaml": rep("cell: 1in", "cell: 1in\n    north: sideways")})
case(
    "table-rows-10k",
    **{
        "game.yaml": rep(
            '      - ["2-6", Miss]',
            "".join(f'      - ["{n}", x]\n' for n in range(10000)) + '      - ["2-6", Miss]',
        )
    },
)
case(
    "table-columns-1000",
    **{
        "game.yaml": rep(
            "columns: [Result]", "columns: [" + ", ".join(f"c{n}" for n in range(1000)) + "]"
        )
    },
)
case("table-cell-huge", **{"game.yaml": rep('["2-6", Miss]', '["2-6", "' + "M " * 2600 + '"]')})
case(
    "table-combat-odd",
    **{
        "game.yaml": rep(
            "chance: true", "chance: true\n    combat: {by: odds, columns: ['1:0', '0:1', 'x:y']}"
        )
    },
)
case(
    "sheet-items-10k",
    **{"game.yaml": rep("items: [fire]", "items: [" + ", ".join(["fire"] * 10000) + "]")},
)
case(
    "cards-blocks-many",
    **{
        "game.yaml": rep(
            "        - steps: [Move, Fire, Rally]",
            "".join("        - steps: [Move, Fire, Rally]\n" for _ in range(2000)),
        )
    },
)
case("deck-cycle", **{"game.yaml": BASE + "decks:\n  - {id: orders, title: x}\n"})
case(
    "threats-generate-huge",
    **{"game.yaml": BASE + "threats:\n  - {id: t, roll: 100d100, generate: {rows: 1000000}}\n"},
)
case("labels-roster-missing", **{"game.yaml": BASE + "labels:\n  - {id: l, roster: nope}\n"})
case(
    "labels-quantity-huge",
    **{
        "game.yaml": BASE
        + "generators:\n  - id: gg\n    size: 3\n    groups: [{role: M, count: rest, roll: [m]}]\n    lookups:\n      - {id: m, roll: d6, rows: [{result: 1-6, set: {a: 1}}]}\nlabels:\n  - {id: l, roster: gg, quantity: 1000000000}\n"
    },
)
case(
    "templates-grid-scatter-huge",
    **{"game.yaml": BASE + "templates:\n  - {kind: grid-scatter, id: g, size: 1000}\n"},
)
case(
    "templates-cone-negative",
    **{
        "game.yaml": BASE
        + "templates:\n  - {kind: cone, id: c, length: -5in, start: -1in, end: 0in}\n"
    },
)
case(
    "templates-arc-360",
    **{"game.yaml": BASE + "templates:\n  - {kind: arc, id: a, radius: 1000, angle: 100000}\n"},
)
case(
    "tracks-labels-huge",
    **{
        "game.yaml": BASE
        + "tracks:\n  - {id: t, from: 0, to: 10, labels: {"
        + ", ".join(f"{n}: x" for n in range(5000))
        + "}}\n"
    },
)
case(
    "tracks-events-off",
    **{"game.yaml": BASE + "tracks:\n  - {id: t, from: 0, to: 10, events: {99: boom}}\n"},
)
case(
    "cover-needs-10k",
    **{
        "game.yaml": rep(
            "needs: [two six-sided dice, cardstock, scissors]",
            "needs: [" + ", ".join(["x"] * 10000) + "]",
        )
    },
)
case(
    "counter-back-steps-many",
    **{
        "game.yaml": rep(
            "    quantity: 4",
            "    quantity: 4\n    steps: [" + ", ".join(f"{{id: s{n}}}" for n in range(500)) + "]",
        )
    },
)
case("counter-icon-unknown", **{"game.yaml": rep("icon: {name: person", "icon: {name: nope")})
case(
    "counter-shape-odd", **{"game.yaml": rep("    quantity: 4", "    quantity: 4\n    shape: star")}
)
case(
    "counter-bleed-huge",
    **{"game.yaml": rep("    quantity: 4", "    quantity: 4\n    bleed: 10in")},
)
case("counter-text-size-huge", **{"game.yaml": rep("size: 8pt}", "size: 5000pt}")})
case("counter-text-size-zero", **{"game.yaml": rep("size: 8pt}", "size: 0pt}")})
case(
    "counter-border-width-huge",
    **{
        "game.yaml": rep(
            'background: "{side}"',
            'background: "{side}"\n      border: {colour: white, width: 100in}',
        )
    },
)


# ---- the hunt of session 7 (tests/test_hostile_gaps.py names each one's exact message) ----
T = "title: First fight"
for name, (old, new) in {
    "area-missing": ("{piece: soldier-red, at: B3}", "{piece: soldier-red, area: nowhere}"),
    "area-where-list": (T, "areas:\n  a: {where: [1]}\n" + T),
    "area-cells-map": (T, "areas:\n  a: {cells: {x: 1}}\n" + T),
    "area-where-unknown-terrain": (T, "areas:\n  a: {where: {terrain: lava}}\n" + T),
    "area-where-empty": (T, "areas:\n  a: {where: {}}\n" + T),
    "area-pattern-cycle": (
        T,
        "areas:\n  a1: {where: {area: 'b*'}}\n  b1: {where: {area: 'a*'}}\n" + T,
    ),
    "area-same-as-self": (T, "areas:\n  a: {where: {same_area_as: {area: a}}}\n" + T),
    "area-label-list": (T, "areas:\n  a: {cells: [A1], label: [x]}\n" + T),
    "areas-list": (T, "areas: [a, b]\n" + T),
    "within-of-scalar": (T, "areas:\n  a: {where: {within: {cells: 2, of: A1}}}\n" + T),
    "within-cells-text": (T, "areas:\n  a: {where: {within: {cells: two, of: {cell: A1}}}}\n" + T),
    "within-through-unknown": (
        T,
        "areas:\n  a: {where: {within: {cells: 2, of: {cell: A1}, through: [lava]}}}\n" + T,
    ),
    "where-any-of-deep": (
        T,
        "areas:\n  a: {where: " + "{any_of: [" * 60 + "{cell: A1}" + "]}" * 60 + "}\n" + T,
    ),
    "where-not-deep": (
        T,
        "areas:\n  a: {where: " + "{not: " * 60 + "{cell: A1}" + "}" * 60 + "}\n" + T,
    ),
    "on-line-one-end": (T, "areas:\n  a: {where: {on_line: {from: {cell: A1}}}}\n" + T),
    "placement-face-unknown": (
        "{piece: soldier-red, at: B3}",
        "{piece: soldier-red, at: B3, face: back}",
    ),
    "placement-attrs-list": (
        "{piece: soldier-red, at: B3}",
        "{piece: soldier-red, at: B3, attrs: [a]}",
    ),
    "placement-label-huge": (
        "{piece: soldier-red, at: B3}",
        "{piece: soldier-red, at: B3, label: " + "W" * 20000 + "}",
    ),
    "placement-side-map": (
        "{piece: soldier-red, at: B3}",
        "{piece: soldier-red, at: B3, side: {a: 1}}",
    ),
    "placements-scalar": (
        "    placements:\n      - {piece: soldier-blue, at: E4}\n      - {piece: soldier-blue, at: E2}",
        "    placements: soldier-blue",
    ),
    "side-colour-bad": ("  - id: red", "  - id: red\n    colour: '#zzz'"),
    "side-notes-nested": ("  - id: red", "  - id: red\n    notes: [[[x]]]"),
    "unit-figures-scalar": (
        "  - id: red",
        "  - id: red\n    units:\n      - {id: u, figures: soldier-red}",
    ),
    "unit-missing-in-rule": (
        T,
        T + "\nconstraints:\n  - {kind: count, pieces: {in_unit: ghost}, min: 1}",
    ),
    "options-map": (T, "options: {a: 1}\n" + T),
    "rule-where-list": (T, T + "\nconstraints:\n  - {kind: placement, pieces: any, where: [x]}"),
    "rule-min-text": (T, T + "\nconstraints:\n  - {kind: count, pieces: any, min: many}"),
    "scenario-dup-key": (T, T + "\n" + T),
    "scenario-dup-area": (T, "areas:\n  a: [A1]\n  a: [A2]\n" + T),
}.items():
    case(f"hunt-scen-{name}", **scen(old, new))
case("hunt-scen-bom-only", **{"game.yaml": BASE, "scenarios/first-fight.yaml": "\ufeff"})
case(
    "hunt-scen-tabs",
    **{
        "game.yaml": BASE,
        "scenarios/first-fight.yaml": SCEN.replace("    placements", "\tplacements"),
    },
)
case(
    "hunt-scen-bom-crlf",
    **{"game.yaml": BASE, "scenarios/first-fight.yaml": "\ufeff" + SCEN.replace("\n", "\r\n")},
)
case(
    "hunt-include-empty",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [more.yaml]"), "more.yaml": ""},
)
case(
    "hunt-include-bom-only",
    **{"game.yaml": rep("title: G", "title: G\ninclude: [more.yaml]"), "more.yaml": "\ufeff"},
)
case(
    "hunt-include-tabs",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [more.yaml]"),
        "more.yaml": "tracks:\n\t- {id: t, from: 0, to: 3}\n",
    },
)
case(
    "hunt-include-dup-section",
    **{
        "game.yaml": rep("title: G", "title: G\ninclude: [more.yaml]"),
        "more.yaml": "tables: []\ntables: []\n",
    },
)
for name, (old, new) in {
    "terrain-props-list": ("props: {cover: 1}", "props: [cover]"),
    "terrain-id-list": ("{id: woods,", "{id: [woods],"),
    "legend-value-list": ("w: woods}", "w: [woods]}"),
    "layout-number": (
        "    layout: |\n      ..w..\n      .ww..\n      .....\n      ...w.",
        "    layout: 12345",
    ),
    "places-unknown-cell": ("    coords: true", "    coords: true\n    places: {gate: Z99}"),
    "areas-near-unknown": (
        "    coords: true",
        "    coords: true\n    areas: [{id: a, near: gate, within: 2}]",
    ),
    "areas-split-by-unknown": (
        "    coords: true",
        "    coords: true\n    areas: [{id: a, split: true, split_by: [wall]}]",
    ),
    "map-title-map": ("title: G map", "title: {a: 1}"),
    "map-cell-list": ("cell: 1in", "cell: [1in]"),
    "map-cell-small": ("cell: 1in", "cell: 0.2in"),
    "map-cell-tiny": ("cell: 1in", "cell: 0.1in"),
    "text-list-of-lists": ('text: {text: "3-4", at: bottom, size: 8pt}', "text: [[a]]"),
    "text-size-list": ("size: 8pt}", "size: [8pt]}"),
    "icon-colour-number": ("colour: white}", "colour: 7}"),
    "attrs-nested": (
        'attrs: {side: "{side}", type: soldier}',
        'attrs: {side: "{side}", type: {a: b}}',
    ),
    "border-fills": (
        'background: "{side}"',
        'background: "{side}"\n      border: {colour: white, width: 27pt}',
    ),
    "border-list": ('background: "{side}"', 'background: "{side}"\n      border: [white]'),
    "rows-mapping": (
        '      - ["2-6", Miss]\n      - ["7-9", Pinned]\n      - ["10-12", Hit]',
        "      a: b",
    ),
    "row-scalar": ('      - ["7-9", Pinned]', "      - Pinned"),
    "row-too-long": ('["7-9", Pinned]', '["7-9", Pinned, extra, more]'),
    "columns-scalar": ("columns: [Result]", "columns: Result"),
    "roll-bad": ("roll: 2d6", "roll: 2d6+"),
    "chance-text": ("chance: true", "chance: maybe"),
    "sheet-items-map": ("items: [fire]", "items: {fire: 1}"),
    "sheet-item-card": ("items: [fire]", "items: [orders]"),
    "blocks-scalar": ("      blocks:\n        - steps: [Move, Fire, Rally]", "      blocks: Move"),
    "steps-map": ("steps: [Move, Fire, Rally]", "steps: {a: 1}"),
    "back-map": ('    back:\n      - text: "G"', "    back: {a: 1}"),
    "constraints-map": ("  constraints:\n", "  constraints: {a: 1}\n  x:\n"),
    "rule-not-on-map": ("not_on: [woods]", "not_on: {woods: 1}"),
    "rule-terrain-typo": ("not_on: [woods]", "not_on: [wood]"),
    "rule-where-feature": (
        "not_on: [woods]",
        "not_on: [woods]\n    - {kind: placement, where: {feature: [town]}}",
    ),
    "sides-scalar": ("sides: [red, blue]", "sides: red"),
    "rules-options-map": ("  sides: [red, blue]", "  sides: [red, blue]\n  options: {a: 1}"),
}.items():
    case(f"hunt-game-{name}", **{"game.yaml": rep(old, new)})

BIG_MAP = rep(
    "    layout: |\n      ..w..\n      .ww..\n      .....\n      ...w.",
    "    layout: |\n" + "\n".join("      " + "." * 200 for _ in range(200)),
)
BIG_MAP = BIG_MAP.replace("cell: 1in", "cell: 0.5in").replace("coords: true", "coords: false")
case(
    "hunt-scen-area-within-every-cell",
    **{
        "game.yaml": BIG_MAP,
        "scenarios/first-fight.yaml": rep(
            T, "areas:\n  a: {where: {within: {cells: 3, of: {terrain: open}}}}\n" + T, True
        ),
    },
)
case(
    "hunt-scen-area-on-line-every-pair",
    **{
        "game.yaml": BIG_MAP,
        "scenarios/first-fight.yaml": rep(
            T,
            "areas:\n  a: {where: {on_line: {from: {terrain: open}, to: {terrain: open}}}}\n" + T,
            True,
        ),
    },
)
case(
    "hunt-scen-rule-within-every-cell",
    **{
        "game.yaml": BIG_MAP,
        "scenarios/first-fight.yaml": SCEN.replace(
            "      - {piece: soldier-red, at: B3}",
            "".join("      - {piece: soldier-red, at: B3}\n" for _ in range(200)).rstrip("\n"),
        )
        + "constraints:\n  - {kind: placement, pieces: any, where: {within: {cells: 3, of: {terrain: open}}}}\n",
    },
)
case(
    "hunt-scen-area-chain-500",
    **scen(
        T,
        "areas:\n  a0: [A1]\n"
        + "".join(
            f"  a{n}: {{where: {{adjacent_to: {{area: a{n - 1}}}}}}}\n" for n in range(500, 0, -1)
        )
        + T,
    ),
)
case(
    "hunt-scen-placements-10k",
    **scen(
        "      - {piece: soldier-red, at: B3}",
        "".join("      - {piece: soldier-red, at: B3}\n" for _ in range(10000)).rstrip("\n"),
    ),
)


def zipbomb() -> bytes:
    """An .xlsx whose sheet unpacks to 64 MiB, from a file of about 64 KiB."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("xl/workbook.xml", "<workbook/>")
        z.writestr("xl/worksheets/sheet1.xml", b"<" + b"a" * (64 * 1024 * 1024))
    return buf.getvalue()


def write(folder: Path, files: dict) -> Path:
    """One case's files into `folder` (made): text, bytes, ("LINK", target), "FIFO",
    "ZIPBOMB" or "EMPTYZIP"."""
    folder.mkdir(parents=True)
    for rel, data in files.items():
        p = folder / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, tuple):
            os.symlink(data[1], p)
        elif data == "FIFO":
            os.mkfifo(p)
        elif data == "ZIPBOMB":
            p.write_bytes(zipbomb())
        elif data == "EMPTYZIP":
            zipfile.ZipFile(p, "w").close()
        elif isinstance(data, bytes):
            p.write_bytes(data)
        else:
            p.write_bytes(data.encode("utf-8", "surrogatepass"))
    return folder


if __name__ == "__main__":
    out = Path(sys.argv[1])
    for name, files in CASES.items():
        write(out / name / "g", files)
    print(len(CASES), "cases")
