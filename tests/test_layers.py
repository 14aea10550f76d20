"""kitgen's imports follow the stage order of docs/architecture.md: every `import` and
`from ... import` in kitgen/ (at module level, inside functions, under TYPE_CHECKING
alike) is read from the source and checked against the stage each module belongs to."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, parsed

KITGEN = ROOT / "kitgen"

# Each module's stage: the longest matching prefix wins.
STAGES = {
    "kitgen": "shared",  # the package itself: __version__
    "kitgen.errors": "shared",
    "kitgen.units": "shared",
    "kitgen.colours": "shared",
    "kitgen.names": "shared",
    "kitgen.records": "shared",  # the one record kind (frozen models, working records)
    "kitgen.patterns": "shared",  # regular expressions compiled at their first use
    "kitgen.chance": "shared",
    "kitgen.style": "shared",
    "kitgen.files": "shared",  # the one gate every file a game names is read through
    "kitgen.budget": "shared",
    "kitgen.geometry": "shared",
    "kitgen.model": "model",
    "kitgen.source": "source",
    "kitgen.rules": "rules",
    "kitgen.layout": "layout",
    "kitgen.render": "render",
    "kitgen.output": "output",
    "kitgen.raster": "output",
    "kitgen.sections": "pipeline",
    "kitgen.build": "pipeline",
    "kitgen.export": "top",
    "kitgen.serve": "top",
    "kitgen.starters": "top",
    "kitgen.progress": "top",
    "kitgen.cli": "top",
    "kitgen.__main__": "top",
}

# What each stage may import. Data flows source -> model -> rules/layout -> render:
# the models are below every stage that makes or reads them; layout may show what the
# rules work out, never the other way; render draws plans; output writes bytes; the
# pipeline runs the stages; the commands sit on top.
ALLOWED = {
    "shared": {"shared"},
    "model": {"shared", "model"},
    "source": {"shared", "model", "source"},
    "rules": {"shared", "model", "rules"},
    "layout": {"shared", "model", "rules", "layout"},
    "render": {"shared", "layout", "render"},
    "output": {"shared", "output"},
    "pipeline": {"shared", "model", "source", "rules", "layout", "render", "output", "pipeline"},
    "top": {"shared", "model", "source", "rules", "layout", "render", "output", "pipeline", "top"},
}


def stage_of(module: str) -> str:
    parts = module.split(".")
    for n in range(len(parts), 1, -1):  # "kitgen" alone is the package, not a fallback
        stage = STAGES.get(".".join(parts[:n]))
        if stage is not None:
            return stage
    if module in STAGES:
        return STAGES[module]
    raise KeyError(f"{module}: no stage in tests/test_layers.py STAGES")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def kitgen_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every kitgen module the file imports; `from . import x` names x."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(parsed(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if a.name.startswith("kitgen")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("kitgen"):
                continue
            for a in node.names:  # from . import a: the module a, if a is one
                found.append((node.lineno, _module_or_package(f"{target}.{a.name}", target)))
    return found


def _module_or_package(dotted: str, package: str) -> str:
    path = ROOT.joinpath(*dotted.split("."))
    return dotted if path.with_suffix(".py").is_file() or path.is_dir() else package


def against_the_order(root: Path = KITGEN) -> list[str]:
    wrong = []
    for path in sorted(root.rglob("*.py")):
        importer = module_name(path)
        stage = stage_of(importer)
        for line, target in kitgen_imports(path):
            if stage_of(target) not in ALLOWED[stage]:
                wrong.append(
                    f"{path.relative_to(ROOT)}:{line}: {importer} ({stage}) imports "
                    f"{target} ({stage_of(target)})"
                )
    return wrong


def test_every_import_follows_the_stage_order():
    wrong = against_the_order()
    assert not wrong, "imports against the stage order:\n" + "\n".join(wrong)


def test_every_module_has_a_stage():
    for path in KITGEN.rglob("*.py"):
        stage_of(module_name(path))  # KeyError names a module the table misses
    with pytest.raises(KeyError, match="kitgen.newcomer: no stage"):
        stage_of("kitgen.newcomer")


def test_an_import_against_the_order_is_named_with_its_line(tmp_path, monkeypatch):
    package = tmp_path / "kitgen"
    (package / "source").mkdir(parents=True)
    (package / "rules").mkdir()
    (package / "source" / "__init__.py").write_text("")
    (package / "rules" / "__init__.py").write_text("")
    (package / "source" / "reader.py").write_text("from ..model.game import Game\n")
    (package / "rules" / "check.py").write_text(
        "from ..model.game import Game\n\n\ndef f():\n    from ..source.reader import x\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert against_the_order(package) == [
        "kitgen/rules/check.py:5: kitgen.rules.check (rules) imports kitgen.source.reader (source)"
    ]


@pytest.mark.parametrize(
    "module,stage",
    [("kitgen.geometry.grid", "shared"), ("kitgen.layout.plan", "layout"), ("kitgen", "shared")],
)
def test_a_module_takes_the_stage_of_its_longest_prefix(module, stage):
    assert stage_of(module) == stage


# The libraries a stage stands for: only the modules under these prefixes import them
# (docs/architecture.md: render is the only ReportLab user, render never reads YAML).
LIBRARIES = {
    "reportlab": ("kitgen.render",),
    "yaml": ("kitgen.source.yamlnodes",),
    "pypdfium2": ("kitgen.raster",),
    "click": ("kitgen.cli",),
}


def library_imports(root: Path = KITGEN) -> list[str]:
    """Imports of a library in LIBRARIES by a module outside its prefixes, with lines."""
    wrong = []
    for path in sorted(root.rglob("*.py")):
        importer = module_name(path)
        for node in ast.walk(parsed(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                owners = LIBRARIES.get(name.split(".")[0])
                if owners and not any(f"{importer}.".startswith(f"{o}.") for o in owners):
                    wrong.append(
                        f"{path.relative_to(ROOT)}:{node.lineno}: {importer} imports {name}"
                    )
    return wrong


def test_each_library_is_imported_only_by_its_own_stage():
    wrong = library_imports()
    assert not wrong, "libraries imported outside their stage:\n" + "\n".join(wrong)


def test_a_library_imported_elsewhere_is_named_with_its_line(tmp_path, monkeypatch):
    package = tmp_path / "kitgen"
    (package / "layout").mkdir(parents=True)
    (package / "render").mkdir()
    (package / "render" / "pdf.py").write_text("from reportlab.pdfgen.canvas import Canvas\n")
    (package / "layout" / "text.py").write_text(
        "import math\n\n\ndef width():\n    from reportlab.pdfbase import pdfmetrics\n"
    )
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert library_imports(package) == [
        "kitgen/layout/text.py:5: kitgen.layout.text imports reportlab.pdfbase"
    ]
