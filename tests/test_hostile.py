# ruff: noqa: E501  (hostile inputs are written out whole, one per line)
"""Hostile game folders (issue 21), one test per class of attack.

Each test writes several hostile games (generated where it can), builds a good kit of
each first, then builds and checks the hostile ones in a child process, and asserts:
exit 1 (or 2 for a bad command line), an error positioned in the hostile game's files,
no traceback and no internal error, the child's peak memory under 1 GiB, and the good
kit left byte-identical.
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import signal
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from kitgen import budget

from .conftest import ROOT, run_cli, write_game

# The CLI in a child that reports its own peak memory as it exits (after main's sys.exit).
KITGEN = [
    sys.executable,
    "-c",
    "import atexit, resource, sys\n"
    "u = lambda: resource.getrusage(resource.RUSAGE_SELF)\n"
    "atexit.register(lambda: sys.stderr.write("
    "'PEAK %d CPU %.2f\\n' % (u().ru_maxrss, u().ru_utime + u().ru_stime)))\n"
    "from kitgen.__main__ import main\nmain()",
]
GiB = 1 << 30
GOOD = "title: Good\ncover: {subtitle: a kit built before the hostile one}\n"


def _limit_memory() -> None:
    # a runaway child must not take the machine with it: four times what the test allows
    resource.setrlimit(resource.RLIMIT_AS, (4 * GiB, 4 * GiB))


def kitgen(*args: str, cwd: Path | None = None, command=KITGEN) -> tuple[int, str, str, int]:
    """Run kitgen in a child process: (exit code, stdout, stderr, peak memory in bytes)."""
    proc = subprocess.run(
        [*command, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        preexec_fn=_limit_memory,
        timeout=600,
    )
    peak = re.search(r"^PEAK (\d+) CPU ([\d.]+)$", proc.stderr, re.M)
    err = re.sub(r"^PEAK .*\n", "", proc.stderr, flags=re.M)
    if peak:
        CPU_SECONDS[0] = float(peak.group(2))
    return proc.returncode, proc.stdout, err, int(peak.group(1)) * 1024 if peak else 0


CPU_SECONDS = [0.0]  # the last child's processor time (user + system)


def _hashes(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def assert_refused(
    tmp_path: Path, games: dict[str, dict[str, object]], expect: dict[str, str]
) -> str:
    """Build a good kit for each game id, then the hostile games (each a dict of file
    name -> text, bytes or a callable making the file); every one must fail as the
    module says. `expect` holds a regex each game's stderr must match. Returns stderr."""
    out = tmp_path / "out"
    good = []
    for name in games:
        good.append(str(write_game(tmp_path / "good" / name, f"id: {name}\n{GOOD}")))
    code, _, err, _ = kitgen("build", *good, "-o", str(out), "-q")
    assert code == 0, err
    before = _hashes(out)
    bad = []
    for name, files in games.items():
        folder = tmp_path / "bad" / name
        folder.mkdir(parents=True)
        for file, content in files.items():
            path = folder / file
            path.parent.mkdir(parents=True, exist_ok=True)
            if callable(content):
                content(path)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(str(content).replace("{ID}", name), encoding="utf-8")
        bad.append(str(folder))
    errs = []
    for command in ("check", "build"):
        args = [command, *bad] + (["-o", str(out)] if command == "build" else [])
        code, _, err, peak = kitgen(*args)
        errs.append(err)
        assert code == 1, err
        assert "Traceback" not in err and "internal error" not in err, err
        assert peak < GiB, f"{command} peaked at {peak >> 20} MiB"
        for name in games:
            own = [line for line in err.splitlines() if f"bad/{name}/" in line and "error" in line]
            assert own, f"{name}: no error\n{err}"
            positioned = [line for line in own if re.search(r":\d+:\d+: error: ", line)]
            assert positioned, f"{name}: no positioned error\n{err}"
            assert re.search(expect[name], "\n".join(own)), f"{name}: {expect[name]!r}\n{err}"
    assert _hashes(out) == before  # every good kit untouched
    return errs[-1]


def _link(target: str | Path):
    return lambda path: path.symlink_to(target)


# ---- 1. nothing read from outside the game folder ------------------------------------


def test_class_1_nothing_is_read_from_outside_the_game_folder(tmp_path: Path):
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "s.yaml").write_text("id: leaked\ntitle: SECRET-TEXT\n")
    import reportlab

    (secret / "F-Regular.ttf").write_bytes(
        (Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes()
    )
    counter = "counters:\n  - {id: a, size: 1, front: {image: %s}}\n"
    svg = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="9" height="9"><image %s="%s" width="5" height="5"/><rect width="3" height="3"/></svg>'
    games = {
        "scenario-link": {
            "game.yaml": "id: {ID}\ntitle: T\nrules: {}\n",
            "scenarios/s.yaml": _link(secret / "s.yaml"),
        },
        "scenarios-dir": {
            "game.yaml": "id: {ID}\ntitle: T\nrules: {}\n",
            "scenarios": _link(secret),
        },
        "include-link": {
            "game.yaml": "id: {ID}\ntitle: T\ninclude: x.yaml\n",
            "x.yaml": _link(secret / "s.yaml"),
        },
        "include-fifo": {"game.yaml": "id: {ID}\ntitle: T\ninclude: p.yaml\n", "p.yaml": os.mkfifo},
        "font-passwd": {
            "game.yaml": "id: {ID}\ntitle: T\nfont: X\ncover: {subtitle: s}\n",
            "X-Regular.ttf": _link("/etc/passwd"),
        },
        "fonts-dir": {
            "game.yaml": "id: {ID}\ntitle: T\nfont: F\ncover: {subtitle: s}\n",
            "fonts": _link(secret),
        },
        "image-zero": {
            "game.yaml": "id: {ID}\ntitle: T\n" + counter % "z.png",
            "z.png": _link("/dev/zero"),
        },
        "image-abs": {
            "game.yaml": "id: {ID}\ntitle: T\n" + counter % (secret / "s.yaml").with_suffix(".png")
        },
        "svg-href": {
            "game.yaml": "id: {ID}\ntitle: T\n" + counter % "a.svg",
            "a.svg": svg % ("xlink:href", "../../../etc/passwd"),
        },
        "svg-abs": {
            "game.yaml": "id: {ID}\ntitle: T\n" + counter % "a.svg",
            "a.svg": svg.replace("<image", "<use") % ("href", "/dev/zero"),
        },
        "image-folder": {"game.yaml": "id: {ID}\ntitle: T\n" + counter % "d.png", "d.png/x": "x"},
    }
    outside = r"leads outside the game folder"
    expect = {
        "scenario-link": outside, "scenarios-dir": outside, "include-link": outside,
        "include-fifo": r"not a regular file", "font-passwd": outside, "fonts-dir": r"outside|unknown font",
        "image-zero": outside, "image-abs": outside, "svg-href": r"<image> element",
        "svg-abs": r"outside itself", "image-folder": r"is a folder",
    }  # fmt: skip
    err = assert_refused(tmp_path, games, expect)
    assert "SECRET-TEXT" not in err and "root:" not in err


# ---- 2. every build bounded -------------------------------------------------------------


def _blank_png(path: Path) -> None:
    """6,000 x 6,000 pixels (36 million, under the cap for one image) in a small file."""
    from PIL import Image

    Image.new("1", (6000, 6000)).save(path, "PNG")


def _big_include(path: Path) -> None:
    path.write_text("cover:\n  needs:\n" + "    - filler text to spend the budget\n" * 40_000)


@pytest.mark.slow  # builds at the caps
def test_class_2_every_build_is_bounded_and_refused_at_its_line(tmp_path: Path):
    values = "[" + ", ".join(f"v{i}" for i in range(100)) + "]"
    many = "\n".join(f"      - {{map: t, at: {chr(65 + i % 26)}{1 + i}}}" for i in range(60))
    games = {
        "product": {"game.yaml": f"id: {{ID}}\ntitle: T\ncounters:\n  - id: 'c-{{a}}-{{b}}'\n"
                    f"    for_each: {{a: {values}, b: {values}}}\n    quantity: 10000\n"
                    "    size: 1/2\n    front: {text: x}\n"},
        "labels": {"game.yaml": "id: {ID}\ntitle: T\nlabels:\n  - {id: l, size: 1, blanks: 10000,"
                   " quantity: 10000, records: [" + ", ".join(["{a: b}"] * 200) + "],"
                   " front: {text: x}}\n"},
        "placements": {"game.yaml": "id: {ID}\ntitle: T\nrules: {pieces: [{id: p}]}\n",
                       "scenarios/s.yaml": "id: s\nplacements:\n  - {piece: p, count: 200000}\n"},
        "big-map": {"game.yaml": "id: {ID}\ntitle: T\nmaps:\n  - id: m\n    cell: 1in\n"
                    "    terrains: [{id: a, fill: red}]\n    legend: {x: a}\n    layout: |\n"
                    + ("      " + "x" * 300 + "\n") * 300},
        "composed": {"game.yaml": "id: {ID}\ntitle: T\nmaps:\n  - id: t\n    cell: 1in\n"
                     "    terrains: [{id: a, fill: red}]\n    legend: {x: a}\n"
                     "    layout: |\n      xx\n      xx\n  - id: b\n    compose:\n"
                     "      - {map: t, at: A1}\n      - {map: t, at: ZZZ9999}\n"},
        "includes": {"game.yaml": "id: {ID}\ntitle: T\ninclude: [a.yaml, b.yaml, c.yaml]\n",
                     "a.yaml": _big_include, "b.yaml": _big_include, "c.yaml": _big_include},
        "svg": {"game.yaml": "id: {ID}\ntitle: T\ncounters:\n  - {id: a, size: 1, front: {image: a.svg}}\n",
                "a.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9">'
                + '<rect width="1" height="1"/>' * 60_000 + "</svg>"},
        "cell": {"game.yaml": "id: {ID}\ntitle: T\ntables:\n  - id: t\n    title: T\n"
                 "    columns: [A]\n    rows:\n      - [\"" + "word " * 80_000 + "\"]\n"},
        "track": {"game.yaml": "id: {ID}\ntitle: T\ntracks:\n"
                  + "".join(f"  - {{id: t{i}, from: 1, to: 500}}\n" for i in range(300))},
        "generator": {"game.yaml": "id: {ID}\ntitle: T\ngenerators:\n  - id: g\n    size: 100d100\n"
                      "    units: 100\n    groups: [{role: r, count: rest}]\n"},
        "many-copies": {"game.yaml": "id: {ID}\ntitle: T\nmaps:\n  - id: t\n    cell: 1in\n"
                        "    terrains: [{id: a, fill: red}]\n    legend: {x: a}\n"
                        "    layout: |\n" + ("      " + "x" * 150 + "\n") * 150
                        + "  - id: b\n    compose:\n" + many + "\n"},
    }  # fmt: skip
    two_images = "".join(
        f"  - {{id: p{i}, size: 1, front: {{image: p{i}.png}}}}\n" for i in range(2)
    )
    games["pixels"] = {
        "game.yaml": "id: {ID}\ntitle: T\ncounters:\n" + two_images,
        "p0.png": _blank_png,
        "p1.png": _blank_png,
    }
    over = r"more than the [\d,]+"
    expect = dict.fromkeys(games, over)
    expect["composed"] = r"more than the [\d,]+|cell label"
    assert_refused(tmp_path, games, expect)


def test_the_caps_are_documented_as_they_are():
    """Every cap in kitgen/budget.py has its row in docs/security.md, with its figure."""
    doc = (ROOT / "docs" / "security.md").read_text()
    names = [name for name in dir(budget) if name.startswith("MAX_")]
    assert len(names) > 30
    for name in names:
        value = getattr(budget, name)
        shown = f"{value // budget.MiB} MiB" if value % budget.MiB == 0 else f"{value:,}"
        assert f"| `{name}` | {shown}" in doc, name


def test_the_bounds_kept_beside_their_code_are_documented_as_they_are():
    """Caps outside kitgen/budget.py are named in docs/security.md with their figure."""
    import importlib

    doc = " ".join((ROOT / "docs" / "security.md").read_text().split())
    for module, names in {
        "kitgen.source.counters.counters": ["MAX_QUANTITY"],
        "kitgen.source.counters.labels": ["MAX_LABELS"],
        "kitgen.chance.dice": ["MAX_COUNT", "MAX_SIDES", "MAX_FACE", "MAX_CONSTANT",
                               "MAX_KEEP_DICE", "MAX_EXPLODE", "MAX_KEEP_WORK", "MAX_SUM_BITS"],
        "kitgen.source.pictures": ["MAX_SVG_USES"],
        "kitgen.files": ["MAX_NAME"],
        "kitgen.render.fontcheck": ["MAX_TABLES"],
        "kitgen.rules.reaction": ["MAX_COMBOS"],
        "kitgen.rules.banding": ["MAX_OPTIMA"],
        "kitgen.serve.watch": ["MAX_FILES"],
        "kitgen.export.kit": ["MAX_PIXELS"],
        "kitgen.raster": ["MAX_DPI"],
        "kitgen.source.expand": ["MAX_EXPANSION"],
        "kitgen.source.yamlnodes": ["MAX_DEPTH"],
    }.items():  # fmt: skip
        for name in names:
            value = getattr(importlib.import_module(module), name)
            said = re.search(rf"(\d[\d,]*)[^\d(]*\(`{name}`", doc)
            assert said and said.group(1) == f"{value:,}", name


# ---- 3. images and fonts that lie -------------------------------------------------------


def _png(width: int, height: int, rows: bytes | None = None) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    raw = rows if rows is not None else zlib.compress(b"\0" * (width + 1) * 4, 9)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def _good_png() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 64), "#336699").save(out, "PNG")
    return out.getvalue()


def _good_jpeg() -> bytes:
    import io

    from PIL import Image

    out = io.BytesIO()
    Image.new("RGB", (64, 64), "#336699").save(out, "JPEG")
    return out.getvalue()


def _font_with_cmap_bomb() -> bytes:
    """Vera with its Unicode cmap made a format-12 map of one group over all codes."""
    import reportlab

    data = bytearray((Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes())
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            sub = struct.pack(">HHIIIIII", 12, 0, 28, 0, 1, 0, 0x7FFFFFF0, 1)
            table = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
            data[offset : offset + len(table)] = table
            struct.pack_into(">I", data, 12 + 16 * i + 12, max(length, len(table)))
    return bytes(data)


def test_class_3_images_and_fonts_are_checked_by_content(tmp_path: Path):
    image = "id: {ID}\ntitle: T\ncounters:\n  - {id: a, size: 1, front: {image: %s}}\n"
    font = "id: {ID}\ntitle: T\nfont: X\ncover: {subtitle: s}\n"
    games = {
        "bomb": {"game.yaml": image % "a.png", "a.png": _png(60_000, 60_000)},
        "truncated-png": {"game.yaml": image % "a.png", "a.png": _good_png()[:-30]},
        "truncated-jpeg": {"game.yaml": image % "a.jpg", "a.jpg": _good_jpeg()[:300]},
        "eps": {"game.yaml": image % "a.png", "a.png": b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 9 9\n"},
        "gif": {"game.yaml": image % "a.png", "a.png": b"GIF89a" + b"\0" * 40},
        "bmp": {"game.yaml": image % "a.png", "a.png": b"BM" + b"\0" * 60},
        "tiff": {"game.yaml": image % "a.png", "a.png": b"II*\0" + b"\0" * 60},
        "svg-raster": {"game.yaml": image % "a.svg", "a.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><image href="data:image/png;base64,AAAA" width="9" height="9"/></svg>'},
        "svg-garbage": {"game.yaml": image % "a.svg", "a.svg": "<svg><<<>>>"},
        "svg-empty": {"game.yaml": image % "a.svg", "a.svg": ""},
        "font-cmap": {"game.yaml": font, "X-Regular.ttf": _font_with_cmap_bomb()},
        "font-noise": {"game.yaml": font, "X-Regular.ttf": os.urandom(5000)},
    }  # fmt: skip
    expect = dict.fromkeys(games, r"image|SVG|font file")
    assert_refused(tmp_path, games, expect)


# ---- 4. NaN and other numbers -----------------------------------------------------------


def test_class_4_numbers_are_finite_and_in_range(tmp_path: Path):
    head = "id: {ID}\ntitle: T\n"
    games = {
        "icon-scale": {"game.yaml": head + "counters:\n  - {id: a, size: 1, front: {icon: {name: person, scale: .nan}}}\n"},
        "sheet-size": {"game.yaml": head + "sheets:\n  - {id: s, size: .NaN, items: []}\n"},
        "arc-spread": {"game.yaml": head + "templates:\n  - {id: t, kind: arc, spread: .inf, depth: 3, square: 1in, rule: centre}\n"},
        "overflow": {"game.yaml": head + "counters:\n  - {id: a, size: " + "9" * 400 + "pt, front: {text: x}}\n"},
        "huge-length": {"game.yaml": head + "counters:\n  - {id: a, size: 100000in, front: {text: x}}\n"},
        "unbounded": {"game.yaml": head + "tracks:\n  - {id: t, from: 1, to: 10, every: 99999999999}\n"},
        "exponent": {"game.yaml": head + "counters:\n  - {id: a, size: 1, front: {icon: {name: person, scale: 1.0e+999}}}\n"},
        # check plans as build does: a length in range that no sheet can hold fails both
        "giant-piece": {"game.yaml": head + "counters:\n  - {id: a, size: 900in, front: {text: x}}\n"},
    }  # fmt: skip
    expect = dict.fromkeys(games, r"finite number|out of range|more than 1,000in")
    expect["giant-piece"] = r"larger than the printable area"
    assert_refused(tmp_path, games, expect)


@pytest.mark.parametrize("offset", ["nan,nan", "inf,0", "0,-inf", "1e999,0"])
def test_a_back_offset_that_is_not_a_number_is_a_usage_error(tmp_path: Path, offset: str):
    game = write_game(tmp_path / "g", f"id: g\n{GOOD}")
    run = run_cli("build", str(game), "-o", str(tmp_path / "out"), "--back-offset", offset)
    assert run.exit_code == 2
    assert "write X,Y in millimetres" in run.stderr and "Traceback" not in run.stderr


# ---- 5. no code from the working folder -------------------------------------------------


@pytest.mark.parametrize("how", ["module", "script"])
def test_class_5_code_in_the_working_folder_never_runs(tmp_path: Path, how: str):
    marker = tmp_path / "ran"
    evil = f"open({str(marker)!r}, 'a').write(__name__ + '\\n')\n"
    work = tmp_path / "work"
    work.mkdir()
    for name in (
        "yaml.py",
        "reportlab_settings.py",
        "click.py",
        "svglib.py",
        "typing_extensions.py",
    ):
        (work / name).write_text(evil)
    for package in ("PIL", "reportlab", "lxml"):
        (work / package).mkdir()
        (work / package / "__init__.py").write_text(evil)
    write_game(work / "g", f"id: g\n{GOOD}counters:\n  - {{id: a, size: 1, front: {{text: x}}}}\n")
    command = (
        [sys.executable, "-m", "kitgen"]
        if how == "module"
        else [str(Path(sys.executable).parent / "kitgen")]
    )
    if how == "script" and not Path(command[0]).exists():
        pytest.skip("no console script beside this Python")
    code, _, err, _ = kitgen("build", "g", "-o", "out", "-q", cwd=work, command=command)
    assert code == 0, err
    assert not marker.exists(), marker.read_text()
    assert (work / "out" / "g" / "counters.pdf").exists()


def test_the_docs_show_only_the_console_script():
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        assert "python -m kitgen" not in doc.read_text(), doc.name


# ---- 6. no input reaches an internal error ----------------------------------------------


@pytest.mark.slow  # many builds of hostile input
def test_class_6_no_input_reaches_an_internal_error(tmp_path: Path):
    image = "id: {ID}\ntitle: T\ncounters:\n  - {id: a, size: 1, front: {image: %s}}\n"
    games = {
        "nul-byte": {"game.yaml": b"id: nul-byte\ntitle: T\x00\n"},  # (nul is a device name)
        "nul-quoted": {"game.yaml": 'id: {ID}\ntitle: "a\\0b"\ninclude: "x\\0.yaml"\n'},
        "long-name": {"game.yaml": image % ("a" * 5000 + ".png")},
        "long-include": {"game.yaml": "id: {ID}\ntitle: T\ninclude: " + "b/" * 2500 + "x.yaml\n"},
        "zero-svg": {"game.yaml": image % "a.svg", "a.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"><rect width="1" height="1"/></svg>'},
        "generator": {"game.yaml": "id: {ID}\ntitle: T\ngenerators:\n  - {id: g, size: 10d1000, units: 100, groups: [{role: r, count: rest}]}\n"},
    }  # fmt: skip
    expect = dict.fromkeys(games, r"error")
    assert_refused(tmp_path, games, expect)


def test_a_long_path_on_the_command_line_is_an_input_error(tmp_path: Path):
    run = run_cli("check", str(tmp_path / ("x" * 5000)))
    assert run.exit_code == 1 and "cannot read this path" in run.stderr


def test_generate_over_the_record_cap_is_a_usage_error(tmp_path: Path):
    game = write_game(
        tmp_path / "g",
        "id: g\ntitle: T\ngenerators:\n  - {id: r, size: 2d6, units: 1, groups: [{role: a, count: rest}]}\n",
    )
    run = run_cli("generate", str(game), "r", "--units", "100", "--count", "1000")
    assert run.exit_code == 2 and "more than the 10,000 a roster may hold" in run.stderr


def test_terminal_escapes_from_a_game_are_shown_escaped(tmp_path: Path):
    esc = '"\\e]0;owned\\a\\e[2J\\x9b31mred"'  # retitle, clear the screen, a C1 CSI
    game = write_game(
        tmp_path / "g",
        f"id: g\ntitle: T\ngenerators:\n  - {{id: r, size: 2, units: 1, groups: "
        f"[{{role: {esc}, count: rest}}]}}\n",
    )
    run = run_cli("generate", str(game), "r")  # a YAML escape of a control is refused
    assert run.exit_code == 1
    assert run.stderr.splitlines()[0].endswith(
        "game.yaml:4:48: error: the escape for U+001B makes a control character, not text "
        "(remove it; a text may hold tabs and line breaks, no other control character)"
    )
    # a file's name may still hold them, and every diagnostic names its file
    (game / "game.yaml").write_text("id: g\ntitle: T\n")
    (game / "scenarios").mkdir()
    (game / "scenarios" / "\x1b]0;owned\x07\x9b31m.yaml").write_text("title: [\n")
    run = run_cli("check", str(game))
    shown = run.stdout + run.stderr
    assert run.exit_code == 1 and not any(ch in shown for ch in "\x1b\x07\x9b"), repr(shown)
    assert "scenarios/\\x1b]0;owned\\x07\\x9b31m.yaml:2:1: error: YAML syntax" in run.stderr


def test_an_interrupt_during_the_swap_reports_the_new_kit(tmp_path: Path, monkeypatch):
    from kitgen import output

    out = tmp_path / "out"
    output.write_kit(out, "g", {"a.txt": b"old"})
    real = os.replace
    sent = []

    def replace_and_interrupt(a, b):
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)  # between the two renames
        return real(a, b)

    monkeypatch.setattr(output.os, "replace", replace_and_interrupt)
    with pytest.raises(KeyboardInterrupt) as info:
        output.write_kit(out, "g", {"a.txt": b"new"})
    assert info.value.written == [out / "g"]
    assert (out / "g" / "a.txt").read_bytes() == b"new"
    assert sorted(p.name for p in out.iterdir()) == ["g"]


def test_the_kit_does_not_depend_on_where_the_game_lies(tmp_path: Path):
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><circle cx="4" cy="4" r="3"/></svg>'
    text = "id: g\ntitle: T\ncounters:\n  - {id: a, size: 1, front: {image: a.svg}}\n  - {id: b, size: 1, front: {image: b.png}}\n"
    pdfs = []
    for where in ("one", "two/deeper"):
        game = write_game(tmp_path / where / "g", text, {"a.svg": svg})
        (game / "b.png").write_bytes(_good_png())
        out = tmp_path / where / "out"
        assert run_cli("build", str(game), "-o", str(out), "-q").exit_code == 0
        pdfs.append((out / "g" / "counters.pdf").read_bytes())
    assert pdfs[0] == pdfs[1]


# ---- at the caps: bounded memory and time (make fuzz) -----------------------------------

LONG = bool(os.environ.get("KITGEN_FUZZ"))


def _at_the_caps(folder: Path) -> None:
    """A game as big as the caps allow, in the ways that cost the most to build."""
    letters = "ABCDEFGHIJ"
    counters = "".join(
        f"  - id: 'c{k}-{{n}}'\n    for_each: {{n: [{', '.join(map(str, range(10_000)))}]}}\n"
        f"    size: 1/2\n    front: {{background: '#{k}{k}4466', text: '{letters[k]} {{n}}'}}\n"
        for k in range(10)
    )
    cell = " ".join(["caps"] * 999)  # 4,994 characters
    rows = "".join(f'      - ["r{i}", "{cell}"]\n' for i in range(40))
    layout = "".join("      " + "x" * 200 + "\n" for _ in range(200))
    write_game(
        folder,
        "id: caps\ntitle: At the caps\n"
        f"counters:\n{counters}"
        "maps:\n  - id: m\n    cell: 1/2in\n    copies: 5\n    terrains: [{id: a, fill: '#88aa66'}]\n"
        f"    legend: {{x: a}}\n    layout: |\n{layout}"
        f"tables:\n  - id: t\n    title: T\n    columns: [A, B]\n    rows:\n{rows}"
        "sheets:\n  - {id: s, title: S, pages: 50, items: [t]}\n",
    )


@pytest.mark.skipif(not LONG, reason="minutes of CPU: make fuzz")
def test_a_build_at_the_caps_stays_under_a_gibibyte_and_a_minute(tmp_path: Path):
    # processor time, not the clock: on a shared machine the clock counts the others' work
    _at_the_caps(tmp_path / "caps")
    code, _, err, peak = kitgen("build", str(tmp_path / "caps"), "-o", str(tmp_path / "out"), "-q")
    assert code in (0, 1) and "internal error" not in err, err
    assert peak < GiB, f"peak {peak >> 20} MiB"
    assert CPU_SECONDS[0] < 60, f"{CPU_SECONDS[0]:.0f} s of CPU, peak {peak >> 20} MiB"
