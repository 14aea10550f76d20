"""kitgen/patterns.py: kitgen's regular expressions are compiled at their first use,
not as their modules are imported (issue 41: start-up)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys

from kitgen.patterns import bytes_pattern, pattern

from .conftest import ROOT


def test_a_pattern_is_compiled_at_its_first_use_and_then_acts_as_compiled():
    code = pattern(r"^([A-Z]+)([0-9]+)$", re.I)
    assert "search" not in vars(code)  # nothing compiled yet
    assert code.match("ab12").groups() == ("ab", "12")
    assert vars(code)["search"].__self__ is re.compile(r"^([A-Z]+)([0-9]+)$", re.I)
    assert code.sub(r"\2\1", "x9") == "9x" and code.groups == 2
    assert code.findall("q") == [] and code.pattern == r"^([A-Z]+)([0-9]+)$"
    assert bytes_pattern(rb"^game\s*:", re.M).search(b"id: x\ngame: y").start() == 6


def test_no_module_of_kitgen_compiles_a_pattern_as_it_is_imported():
    """Every pattern a module keeps is a `pattern(...)`: re.compile at a module's top
    level (or in a class body) ran at every start, used or not."""
    found = []
    for path in sorted((ROOT / "kitgen").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body + [
            n for c in tree.body if isinstance(c, ast.ClassDef) for n in c.body
        ]:
            for call in (
                ast.walk(node) if not isinstance(node, (ast.FunctionDef, ast.ClassDef)) else ()
            ):
                if (
                    isinstance(call, ast.Call)
                    and isinstance(call.func, ast.Attribute)
                    and call.func.attr == "compile"
                    and isinstance(call.func.value, ast.Name)
                    and call.func.value.id == "re"
                ):
                    found.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert found == []


def test_a_counters_build_compiles_few_patterns(tmp_path):
    """Importing the command compiles none of kitgen's patterns; a counters build then
    compiles only those it uses (not the typesetter's ranges, nor the classes of hidden
    and refused characters an ASCII game never needs)."""
    probe = (
        "import re, sys\n"
        "import re._compiler as c\n"
        "seen = []\n"
        "real = c.compile\n"
        "def counted(p, flags=0):\n"
        "    seen.append(p)\n"
        "    return real(p, flags)\n"
        "c.compile = counted\n"
        "import kitgen.__main__, kitgen.style as s, kitgen.source.yamlnodes as y\n"
        "from kitgen.cli import main\n"
        "try:\n"
        "    main(sys.argv[1:])\n"
        "except SystemExit:\n"
        "    pass\n"
        "mine = [s._RANGE.pattern, s._SPACED_RANGE.pattern, y.YAML_REFUSES, y._HIDDEN.pattern]\n"
        "print(sum(p in seen for p in mine))\n"
    )
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(
        "id: g\ntitle: G\ncounters:\n"
        "  - id: a\n    size: 1in\n    front: {background: '#336699', text: 'Scout'}\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe, "build", str(game), "-o", str(tmp_path / "out"), "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["0"]
    assert (tmp_path / "out" / "g" / "counters.pdf").exists()
