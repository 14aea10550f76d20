# ruff: noqa: E501  (messages are compared whole, one per line)
"""Broken copies of the seed games and hostile scenario packs (issue: held-back hostile
input), each refused by `kitgen check` and `kitgen build` at the line of its mistake with
its exact message: no traceback, no silent exit, nothing written.

Each case copies a seed game (or starts empty), replaces one piece of text or adds files,
and names what `kitgen check` prints, paths relative to the case's folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kitgen.errors import KitError
from kitgen.layout.text import wrap_hard
from kitgen.names import id_problem
from kitgen.output import safe_name
from tests.conftest import CONTENT, diagnostic_lines, run_cli

RY_SCEN = "g/scenarios/four-tribes.yaml"
FARMER = "{piece: farmer-red, at: B1}"
IMAGE_PIECE = "  - {{id: imgpiece, size: 1in, front: {{image: {{file: {}}}}}}}\n"
DEVICES = "rename it; CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 are refused, alone or before a dot, in any case"

# (name, seed game or None, {file: [(old, new)] or text}, what to check, stderr lines)
CASES = [
    (
        "a lone surrogate escape in a title (it crashed the PDF writer)",
        "ryamon",
        {"game.yaml": [("title: Ryamon", 'title: "\\ud800"')]},
        "g",
        [
            "g/game.yaml:2:8: error: the escape for U+D800 is half of a UTF-16 pair, not a character (write the character itself, or one escape for it such as \\U0001F600)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a lone surrogate escape in a key",
        "ryamon",
        {"cover.yaml": [("cover:", '"\\udc00x": 1\ncover:')]},
        "g",
        None,  # filled below: the first line is the position of the key
    ),
    (
        "a title of a zero-width space",
        "ryamon",
        {"game.yaml": [("title: Ryamon", 'title: "\\u200b"')]},
        "g",
        [
            "g/game.yaml:2:8: error: the text holds U+200B ZERO WIDTH SPACE, which an editor may show as nothing (delete it: it prints as nothing or as a stray mark, and a name holding it differs from one that looks the same)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a chart item of spaces in a map's margins",
        "ironford",
        {"map.yaml": [("{item: crt, side: right}", "{item: '  ', side: right}")]},
        "g",
        [
            "g/map.yaml:11:16: error: maps[0].margins[0].item: blank text (spaces or invisible characters only) (it is required: write it out)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a piece named with a Cyrillic letter",
        "ryamon",
        {RY_SCEN.removeprefix("g/"): [(FARMER, "{piece: f\u0430rmer-red, at: B1}")]},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:13:17: error: sides[0].placements[0].piece: unknown piece 'f\u0430rmer-red' (did you mean 'farmer-red'? the name holds U+0430 CYRILLIC SMALL LETTER A, which 'farmer-red' does not)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario in one game's folder naming another game",
        "ryamon",
        {
            "scenarios/four-tribes.yaml": [
                ("title: Sample start", "game: ../../duck\ntitle: Sample start")
            ]
        },
        "g",
        [
            "g/scenarios/four-tribes.yaml:2:7: error: game: names the game at '../../duck', not the game whose scenarios/ folder it is in ('g') (move the scenario to its game's scenarios/ folder, or name this game)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario whose game: is a number",
        "ryamon",
        {"scenarios/four-tribes.yaml": [("title: Sample start", "game: 5\ntitle: Sample start")]},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:2:7: error: game: no game at 'g/scenarios/5' (name the game's folder or its game.yaml, relative to this scenario file)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a pack scenario whose game: is a list",
        None,
        {"pack/x.yaml": "game: [a]\ntitle: x\n"},
        "pack/x.yaml",
        [
            "pack/x.yaml:1:7: error: game: expected the game's folder as text, got a list (name the game's folder or its game.yaml, relative to this scenario file)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a pack scenario naming its own folder (no game.yaml there)",
        None,
        {"pack/x.yaml": "game: .\ntitle: x\n"},
        "pack/x.yaml",
        [
            "pack/x.yaml:1:7: error: game: no game at 'pack' (name the game's folder or its game.yaml, relative to this scenario file)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a pack scenario naming itself as its game",
        None,
        {"pack/x.yaml": "game: x.yaml\ntitle: x\n"},
        "pack/x.yaml",
        [
            "pack/x.yaml:1:7: error: game: names this scenario file itself, not its game (name the game's folder or its game.yaml, relative to this scenario file)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenarios/ folder with no game above it",
        None,
        {"orphan/scenarios/a.yaml": "title: x\n"},
        "orphan/scenarios/a.yaml",
        [
            "orphan/scenarios/a.yaml:1:1: error: no game.yaml in the folder above scenarios/ ('orphan') (put the scenario in its game's scenarios/ folder, or name the game with game:)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a broken .yml file in scenarios/ (a build skips it)",
        "ryamon",
        {"scenarios/raid.yml": "title: [\n"},
        "g",
        [
            "g/scenarios/raid.yml:1:1: warning: not read with the game: only scenarios/*.yaml files are its scenarios (rename it to end in .yaml)",
            "0 error(s), 1 warning(s)",
            "ok: 1 game with 1 scenario checked",
        ],
    ),
    (
        "a for_each product past the copy cap (no unknown-placeholder cascade)",
        "ryamon",
        {
            "counters.yaml": [
                (
                    "\ncounters:\n",
                    "\ncounters:\n  - {id: 'x-{a}-{b}', size: 1/2, for_each: {a: ["
                    + ",".join(map(str, range(101)))
                    + "], b: ["
                    + ",".join(map(str, range(100)))
                    + "]}, front: {text: X}}\n",
                )
            ]
        },
        "g",
        [
            "g/counters.yaml:{L}:44: error: counters[0].for_each: expands to 10100 copies, more than 10000",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a for_each value that is a list of lists",
        "ryamon",
        {
            "counters.yaml": [
                (
                    "\ncounters:\n",
                    "\ncounters:\n  - {id: 'x-{a}', size: 1/2, for_each: {a: [[1]]}, front: {text: X}}\n",
                )
            ]
        },
        "g",
        [
            "g/counters.yaml:{L}:45: error: counters[0].for_each.a[0]: expected text, got a list",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a generator adjusting a field no lookup sets",
        "rencounter",
        {"generators.yaml": [("fields: [F, M]", "fields: [F, Mx]")]},
        "g",
        [
            "g/generators.yaml:35:21: error: generators[0].adjust[0].fields[1]: no record field 'Mx' (did you mean 'M'?)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a roster column title for a field no lookup sets",
        "rencounter",
        {
            "generators.yaml": [
                ('titles: {side: Side, n: "No.",', 'titles: {side: Side, nn: "No.",')
            ]
        },
        "g",
        [
            "g/generators.yaml:43:26: error: generators[0].titles.nn: no record field 'nn' (did you mean 'n'?)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a map that tiles past the page cap (it took minutes and gigabytes)",
        "ironford",
        {"map.yaml": [("cell: 0.75in", "cell: 62in")]},
        "g",
        [
            "g/map.yaml:2:5: error: maps.ryn: map 'ryn' takes 10,440 tiles on this paper, more than the 2,000 pages a kit may have (a smaller cell or fewer cells; see docs/security.md for the caps)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a table keyed by a constant roll (a roll must throw a die)",
        "ironford",
        {"charts.yaml": [("roll: 1d6", 'roll: "6"')]},
        "g",
        [
            "g/charts.yaml:19:11: error: tables[0].roll: '6' has no die: it always gives 6 (did you mean 'd6'? a roll throws at least one die: d6, 2d6, d6+2)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a threat type whose dice are a sum of numbers",
        "duck",
        {"threats.yaml": [('roll: "d{2,3,3,4,4,5}"', 'roll: "2+3"')]},
        "g",
        [
            "g/threats.yaml:43:30: error: threats[0].types[3].roll: '2+3' has no die: it always gives 5 (a roll throws at least one die: d6, 2d6, d6+2)",
            "1 error(s), 9 warning(s)",
        ],
    ),
    (
        "a generator lookup rolling a constant (no cascade at the groups that roll it)",
        "rencounter",
        {"generators.yaml": [("id: leader\n        roll: d6", "id: leader\n        roll: 6")]},
        "g",
        [
            "g/generators.yaml:18:15: error: generators[0].lookups[0].roll: '6' has no die: it always gives 6 (did you mean 'd6'? a roll throws at least one die: d6, 2d6, d6+2)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a counter id that is a Windows device name",
        "ryamon",
        {
            "counters.yaml": [
                ("\ncounters:\n", "\ncounters:\n  - {id: CON, size: 1/2, front: {text: X}}\n")
            ]
        },
        "g",
        [
            "g/counters.yaml:18:10: error: counters[0].id: bad id 'CON': CON is a device on Windows, where no file or folder may be named so (rename it; CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 are refused, alone or before a dot, in any case)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a game id that is a device name before a dot (output/nul.kit/)",
        "ryamon",
        {"game.yaml": [("id: ryamon", "id: nul.kit")]},
        "g",
        [
            "g/game.yaml:1:5: error: id: bad id 'nul.kit': NUL is a device on Windows, where no file or folder may be named so (rename it; CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 are refused, alone or before a dot, in any case)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a map id ending in a dot",
        "ironford",
        {"map.yaml": [("  - id: ryn\n", "  - id: ryn.\n")]},
        "g",
        [
            "g/map.yaml:2:9: error: maps[0].id: bad id 'ryn.': Windows drops a name's last '.', so two names could make one file (end it with a letter, a digit, '-' or '_')",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a card id that is a device name in lower case",
        "duck",
        {"reference.yaml": [("  - id: aid-duck\n    name:", "  - id: com1\n    name:")]},
        "g",
        [
            "g/reference.yaml:130:9: error: cards[0].id: bad id 'com1': COM1 is a device on Windows, where no file or folder may be named so (rename it; CON, PRN, AUX, NUL, COM0-COM9 and LPT0-LPT9 are refused, alone or before a dot, in any case)",
            "1 error(s), 9 warning(s)",
        ],
    ),
    (
        "a scenario file named after a device, with no id: (its id would be its name)",
        "ryamon",
        {"scenarios/aux.yaml": "title: x\n"},
        "g",
        [
            "g/scenarios/aux.yaml:1:1: error: id: the file name 'aux' cannot serve as the scenario id: AUX is a device on Windows, where no file or folder may be named so (add id: with letters, digits, '-', '_' or '.')",
            "g/scenarios/aux.yaml:1:1: error: sides: the scenario has 0 sides, needs 2 to 4 (rule at rules.yaml:9:7)",
            "2 error(s), 0 warning(s)",
        ],
    ),
    (
        "two scenario files whose names differ only in case (one PDF on macOS)",
        "ryamon",
        {"scenarios/Four-Tribes.yaml": "title: x\n"},
        "g",
        [
            "g/scenarios/Four-Tribes.yaml:1:1: error: sides: the scenario has 0 sides, needs 2 to 4 (rule at rules.yaml:9:7)",
            "g/scenarios/four-tribes.yaml:2:1: error: id: scenario id 'four-tribes' differs from 'Four-Tribes' (at g/scenarios/Four-Tribes.yaml:1:1) only in case (macOS and Windows read them as one name, so one file would replace the other: make them differ in letters)",
            "2 error(s), 0 warning(s)",
        ],
    ),
    (
        "an empty scenario file (it built an empty set-up)",
        "ryamon",
        {"scenarios/four-tribes.yaml": ""},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:1:1: error: the scenario file is empty (write its title: and sides:)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario file of only a comment",
        "ryamon",
        {"scenarios/four-tribes.yaml": "# to do\n"},
        "g",
        [
            "g/scenarios/four-tribes.yaml:1:1: error: the scenario file is empty (write its title: and sides:)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario with a list of a million values (it took minutes)",
        "ryamon",
        {"scenarios/four-tribes.yaml": "notes: [" + "a," * 999_999 + "a]\n"},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:1:200003: error: more than the 100,000 YAML values a game's files may hold (each key, list item and value counts one) (see docs/security.md for the caps)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario id of 64 characters (its PDF's name is longer: it had no position)",
        "ryamon",
        {
            "scenarios/four-tribes.yaml": [
                ("title: Sample start", "id: " + "x" * 64 + "\ntitle: Sample start")
            ]
        },
        RY_SCEN,
        ["ok: 1 scenario checked"],
    ),
    (
        "a tab in a scenario checked by its path (it was said twice, the file named two ways)",
        "ryamon",
        {"scenarios/four-tribes.yaml": [("sides:\n  - id: red", "sides:\n\t- id: red")]},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:8:1: error: YAML syntax: found character '\\t' that cannot start any token (indent with spaces; YAML does not allow tabs)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a scenario of a list checked by its path",
        "ryamon",
        {"scenarios/four-tribes.yaml": "- a\n- b\n"},
        RY_SCEN,
        [
            "g/scenarios/four-tribes.yaml:1:1: error: expected a mapping of keys, got a list",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "an SVG 1e30 units wide (it passed check and crashed the PDF writer)",
        "ryamon",
        {
            "counters.yaml": [("\ncounters:\n", "\ncounters:\n" + IMAGE_PIECE.format("big.svg"))],
            "big.svg": '<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1e30"><rect width="1e30" height="1e30"/></svg>',
        },
        "g",
        [
            "g/counters.yaml:18:53: error: counters[0].front.image.file: SVG 'big.svg' reaches past the 1,000,000 units a drawing may (scale it down: its width, height, viewBox and coordinates)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a PNG cut short after its header (the message held a memory address)",
        "ryamon",
        {
            "counters.yaml": [("\ncounters:\n", "\ncounters:\n" + IMAGE_PIECE.format("big.png"))],
            "big.png": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\n\x00\x00\x00\n\x08\x00\x00\x00\x00\x02P",
        },
        "g",
        [
            "g/counters.yaml:18:53: error: counters[0].front.image.file: cannot read image 'big.png': cannot identify image file (save it again as a plain PNG or JPEG)",
            "1 error(s), 0 warning(s)",
        ],
    ),
    (
        "a game folder whose game.yaml is a folder (it was read as a pack of scenarios)",
        None,
        {"g/game.yaml/notes.txt": "", "g/counters.yaml": "counters: []\n"},
        "g",
        [
            "g/game.yaml:1:1: error: file 'game.yaml' is a folder, not a file",
            "1 error(s), 0 warning(s)",
        ],
    ),
]


def _make(tmp_path: Path, seed: str | None, edits: dict) -> None:
    if seed is not None:
        shutil.copytree(CONTENT / seed, tmp_path / "g")
    for name, edit in edits.items():
        path = (tmp_path / "g" / name) if seed is not None else tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(edit, bytes):
            path.write_bytes(edit)
            continue
        if isinstance(edit, str):
            path.write_text(edit, encoding="utf-8")
            continue
        text = path.read_text(encoding="utf-8")
        for old, new in edit:
            assert text.count(old) == 1, (name, old)
            text = text.replace(old, new)
        path.write_text(text, encoding="utf-8")


def _lines(stderr: str) -> list[str]:
    """What kitgen says, less build progress and the seeds' own write-in blanks."""
    return [
        line
        for line in diagnostic_lines(stderr)
        if not line.startswith("kitgen: ") and ": write-in blank: " not in line
    ]


@pytest.mark.parametrize("case", [c for c in CASES if c[4] is not None], ids=lambda c: c[0])
def test_each_hostile_input_is_refused_at_its_line(case, tmp_path, monkeypatch):
    name, seed, edits, target, expected = case
    monkeypatch.chdir(tmp_path)
    _make(tmp_path, seed, edits)
    counters = tmp_path / "g" / "counters.yaml"
    if "{L}" in expected[0]:  # the line of the definition put in, wherever the seed has it
        lines = counters.read_text(encoding="utf-8").splitlines()
        at = next(i + 1 for i, text in enumerate(lines) if "id: 'x-{a}" in text)
        expected = [e.replace("{L}", str(at)) for e in expected]
    checked = run_cli("check", target)
    assert _lines(checked.stderr) == expected
    failed = any(": error: " in line for line in expected)
    assert checked.exit_code == (1 if failed else 0)
    built = run_cli("build", target, "-o", "out")
    assert built.exit_code == checked.exit_code
    assert "Traceback" not in built.stderr and "internal error" not in built.stderr
    errors = [line for line in _lines(built.stderr) if ": error: " in line]
    assert errors == [line for line in expected if ": error: " in line]
    if failed:
        assert not Path("out").exists() or not any(Path("out").iterdir())  # nothing half


def test_a_lone_surrogate_in_a_key_is_an_error_at_the_key(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _make(tmp_path, "ryamon", {"cover.yaml": [("cover:", '"\\udc00x": 1\ncover:')]})
    line = next(
        i + 1
        for i, text in enumerate((tmp_path / "g/cover.yaml").read_text().splitlines())
        if text.startswith('"\\udc00x"')
    )
    run = run_cli("check", "g")
    assert run.exit_code == 1
    assert _lines(run.stderr)[0] == (
        f"g/cover.yaml:{line}:1: error: the escape for U+DC00 is half of a UTF-16 pair, not a "
        "character (write the character itself, or one escape for it such as \\U0001F600)"
    )


class _Counting:
    """A TextMeasure where every character is 5 pt wide, counting its measures."""

    def __init__(self) -> None:
        self.calls = 0

    def width(self, text: str, face: str, size: float) -> float:
        self.calls += 1
        return 5.0 * len(text)


def test_a_word_thousands_of_characters_long_is_broken_in_few_measures():
    fonts = _Counting()
    lines = wrap_hard("W" * 4000, "Helvetica", 10, 100.0, fonts)
    assert lines == ["W" * 20] * 200
    # halving: about log2(4000) measures a line, where one a character made 1.6 million
    assert fonts.calls < 200 * 16


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("ryn", None),
        ("COM10", None),  # COM0-COM9 only
        ("console", None),
        ("con-1", None),
        (
            "CON",
            (
                "bad id 'CON': CON is a device on Windows, where no file or folder may be named so",
                DEVICES,
            ),
        ),
        (
            "Lpt9",
            (
                "bad id 'Lpt9': LPT9 is a device on Windows, where no file or folder may be named so",
                DEVICES,
            ),
        ),
        (
            "aux.tar.gz",
            (
                "bad id 'aux.tar.gz': AUX is a device on Windows, where no file or folder may be named so",
                DEVICES,
            ),
        ),
        (
            "x.",
            (
                "bad id 'x.': Windows drops a name's last '.', so two names could make one file",
                "end it with a letter, a digit, '-' or '_'",
            ),
        ),
        (
            "a:b",
            (
                "bad id 'a:b'",
                "use letters, digits, '-', '_' or '.', starting with a letter or digit, at most 64",
            ),
        ),
        (
            "x" * 65,
            (
                f"bad id '{'x' * 65}'",
                "use letters, digits, '-', '_' or '.', starting with a letter or digit, at most 64",
            ),
        ),
    ],
)
def test_the_one_name_check(text, problem):
    assert id_problem(text) == problem


def test_an_output_name_no_id_could_make_is_refused_at_the_last_guard():
    with pytest.raises(KitError) as raised:
        safe_name("scenario-" + "x" * 120)
    assert str(raised.value.diagnostics[0]) == (
        f"error: bad output file name 'scenario-{'x' * 120}' (use letters, digits, '-', '_' or "
        "'.', starting with a letter or digit, at most 120)"
    )
    with pytest.raises(KitError) as raised:
        safe_name("PRN")
    assert str(raised.value.diagnostics[0]) == (
        "error: bad output file name 'PRN': PRN is a device on Windows, where no file or folder "
        f"may be named so ({DEVICES})"
    )


def test_a_second_game_with_a_case_only_different_id_does_not_replace_the_first(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    shutil.copytree(CONTENT / "ryamon", tmp_path / "a")
    shutil.copytree(CONTENT / "ryamon", tmp_path / "b")
    game = tmp_path / "b" / "game.yaml"
    game.write_text(game.read_text().replace("id: ryamon\ntitle: Ryamon", "title: R\nid: Ryamon"))
    built = run_cli("build", "a", "b", "-o", "out")
    assert built.exit_code == 1
    assert _lines(built.stderr) == [  # at the second game's id, naming the first's
        "b/game.yaml:2:5: error: id: game id 'Ryamon' names the kit folder 'out/ryamon' of the "
        "game at a/game.yaml:1:5, built before it in this run (give one of the two games another "
        "id:, or build them with different -o folders)",
        "1 error(s), 0 warning(s)",
    ]
    assert [p.name for p in Path("out").iterdir()] == ["ryamon"]  # the first kit, kept
    assert (Path("out") / "ryamon" / "manifest.json").is_file()


def test_two_games_named_by_their_folders_clash_at_their_titles(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for parent in ("a", "b"):
        (tmp_path / parent / "g").mkdir(parents=True)
        (tmp_path / parent / "g" / "game.yaml").write_text("# a game\n\ntitle: G\n")
    built = run_cli("build", "a/g", "b/g", "-o", "out")
    assert built.exit_code == 1
    assert _lines(built.stderr) == [
        "b/g/game.yaml:3:8: error: id: game id 'g' names the kit folder 'out/g' of the game at "
        "a/g/game.yaml:3:8, built before it in this run (give one of the two games another id:, "
        "or build them with different -o folders)",
        "1 error(s), 0 warning(s)",
    ]
