"""The house style lives in kitgen/style.py: no layout or render module writes its own ink
(a hex colour) or defines its own type size or leading. A module may give a style value a
local name (`NOTE = MUTED`); the value itself is style.py's. Colours a game's data gives
(a side's colour, a terrain's fill) are read from the model, never written here."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "kitgen"
HEX = re.compile(r"#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?([0-9a-fA-F]{2})?")
# a module-level name whose last word says it is an ink or a type size or a leading
STYLE_WORD = re.compile(
    r"(^|_)(INK|COLOUR|COLOR|FILL|ZEBRA|SHADE|PALETTE|SIZE|LEAD|LEADING|TITLE|SUBTITLE|"
    r"CAPTION|EFFECT|NOTE|RULER)$"
)
# Justified exceptions, each with its reason: (file, name) -> why.
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("kitgen/layout/sides.py", "MARK_SIZE"): "a side mark's radius as a share of the piece: "
    "geometry, not type",
}


def style_faults(source: str, where: str) -> list[str]:
    """Each hex colour literal, and each module-level ink/size/leading that is not a bare
    name imported from style.py, as 'where:line: what'."""
    tree = ast.parse(source)
    from_style = {
        a.asname or a.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "style"
        for a in node.names
    }
    faults = [
        f"{where}:{n.lineno}: colour literal {n.value!r} (name it in kitgen/style.py)"
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and HEX.fullmatch(n.value)
    ]
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign):
            targets = [node.target]
        value = getattr(node, "value", None)
        for t in targets:
            if not isinstance(t, ast.Name) or not STYLE_WORD.search(t.id):
                continue
            if (where, t.id) in EXCEPTIONS:
                continue
            if isinstance(value, ast.Name) and value.id in from_style:
                continue
            if isinstance(value, ast.JoinedStr):
                continue  # wording
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                if not HEX.fullmatch(value.value):
                    continue  # wording (a caption's text), not a style value
            faults.append(f"{where}:{node.lineno}: {t.id} is a style value (move it to style.py)")
    return faults


def _modules() -> list[Path]:
    return sorted([*(ROOT / "layout").rglob("*.py"), *(ROOT / "render").rglob("*.py")])


def test_layout_and_render_take_inks_and_type_sizes_from_style() -> None:
    faults = [
        f
        for p in _modules()
        for f in style_faults(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT.parent)))
    ]
    assert faults == [], "\n".join(faults)


def test_the_check_finds_a_colour_literal_and_a_size_constant() -> None:
    source = (
        "from ..style import MUTED, INK\n"
        "NOTE = MUTED\n"  # a local name for a style value: fine
        "READING_SIZE = 7.5\n"
        "RULE_INK = INK if True else INK\n"
        "PAD = 3.0\n"  # room, not type: fine
        "SCALE_NOTE = 'print at 100%'\n"  # wording: fine
        "def f():\n"
        "    return Stroke('#555555', 0.5)\n"
    )
    assert style_faults(source, "x.py") == [
        "x.py:8: colour literal '#555555' (name it in kitgen/style.py)",
        "x.py:3: READING_SIZE is a style value (move it to style.py)",
        "x.py:4: RULE_INK is a style value (move it to style.py)",
    ]


def test_the_exceptions_name_modules_that_exist() -> None:
    names = {str(p.relative_to(ROOT.parent)) for p in _modules()}
    assert all(where in names and why for (where, _), why in EXCEPTIONS.items())
