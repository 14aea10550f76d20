"""Start-up stays light: a counters build imports only what it uses (no timings here;
benchmarks/ measures). Each check runs in a fresh interpreter, as the command does."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import workloads  # noqa: E402

# Modules a build has no use for unless something goes wrong (difflib: a did-you-mean;
# traceback: KITGEN_DEBUG) or that cost start-up time to use (fractions and decimal,
# 2 ms: units.py works lengths out in whole numbers). Nothing a plain design needs is
# here: models are records. (Pillow's core loads with ReportLab, which imports it: a
# lazy loader that spared it saved 2.7 % of W1's instructions and none of W2's, under
# the 3 % a home-made shortcut must earn; docs/performance.md.)
# Nor the readers and painters of what a plain counter does not show: spreadsheets
# (csv), image files, unit symbols; each is imported where a game first uses it.
UNNEEDED = (
    "difflib",
    "traceback",
    "fractions",
    "decimal",
    "csv",
    "kitgen.source.spreadsheets.tabular",
    "kitgen.source.pictures",
    "kitgen.layout.counters.unitsymbol",
    "kitgen.model.rulebook",  # the notes page's, for a kit with readings
    "kitgen.model.rules",  # a rules: section's; counters check built-in names (placed.py)
)


def _loaded_after(code: str, modules: tuple[str, ...] = UNNEEDED) -> list[str]:
    """Which of `modules` a fresh interpreter has imported after running `code`."""
    loaded = f"[m for m in {modules!r} if m in sys.modules]"
    probe = f"{code}\nimport sys, json\nprint(json.dumps({loaded}))"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_the_command_imports_nothing_it_does_not_need() -> None:
    assert _loaded_after("import kitgen.__main__") == []


def _build(game: Path, out: Path) -> str:
    """Code running `kitgen build` as the command does, failing on a non-zero exit.
    Long options only: click looks a short one (-o, -q) up among the long ones first,
    and its did-you-mean for the miss imports difflib (click's doing, not kitgen's)."""
    return (
        "import sys\nfrom kitgen.__main__ import main\n"
        f"sys.argv = ['kitgen', 'build', {str(game)!r}, '--output', {str(out)!r}]\n"
        "try:\n    main()\nexcept SystemExit as exc:\n    assert not exc.code, exc.code\n"
    )


def test_a_counters_build_imports_nothing_it_does_not_need(tmp_path: Path) -> None:
    games, _, out = workloads.prepare("W1", tmp_path, count=25)
    assert _loaded_after(_build(games[0], out)) == []
    assert (out / "bench" / "counters.pdf").exists()


# Counts the ForwardRefs kitgen's own modules make: a text where typing wants a type
# (`Section["CounterSet"]`, `TypeVar(bound="str | None")`) is compiled as it is made,
# about half a million instructions each. The libraries' own are theirs: they are
# imported first.
_FORWARD_REFS = """
import reportlab.pdfgen.canvas, click, yaml, PIL.Image, typing, sys
made = []
_init = typing.ForwardRef.__init__
def _counted(self, arg, *args, **kwargs):
    frame = sys._getframe(1)
    while frame is not None and "typing" in frame.f_code.co_filename:
        frame = frame.f_back
    made.append((frame.f_code.co_filename if frame else "?", arg))
    _init(self, arg, *args, **kwargs)
typing.ForwardRef.__init__ = _counted
"""


def _forward_refs(code: str) -> list:
    done = subprocess.run(
        [sys.executable, "-c", f"{_FORWARD_REFS}\n{code}\nimport json\nprint(json.dumps(made))"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.splitlines()[-1])


def test_a_counters_build_compiles_no_type_written_as_text(tmp_path: Path) -> None:
    games, _, out = workloads.prepare("W1", tmp_path, count=25)
    made = _forward_refs(_build(games[0], out))
    assert [(file, arg) for file, arg in made if "kitgen" in file] == []


def test_the_forward_reference_count_sees_one() -> None:
    code = "import typing\nT = typing.TypeVar('T', bound='int | None')"
    assert [arg for _, arg in _forward_refs(code)] == ["int | None"]


def test_raster_art_is_embedded_once(tmp_path: Path) -> None:
    """A PNG shown on every counter is one image object in the PDF."""
    from pypdf import PdfReader

    games, _, out = workloads.prepare("W2", tmp_path, count=25)
    _loaded_after(_build(games[0], out), ())  # built as the command builds
    pdf = PdfReader(out / "bench" / "counters.pdf")
    images = {
        obj.idnum
        for page in pdf.pages
        for obj in page["/Resources"].get("/XObject", {}).values()
        if obj.get_object()["/Subtype"] == "/Image"
    }
    assert len(images) == 1


def test_a_did_you_mean_still_finds_its_word(tmp_path: Path) -> None:
    """difflib, imported on demand, still answers when a word is wrong."""
    from kitgen.names import close_match, suggest

    assert close_match("colur", ["colour", "size"]) == "colour"
    assert close_match("zzz", ["colour", "size"]) is None
    assert suggest("colur", ["colour", "size"]) == "did you mean 'colour'?"


def test_yamls_printable_class_is_compiled_the_short_way() -> None:
    """PyYAML's reader takes the class of what YAML refuses from re's cache, where
    kitgen put it under PyYAML's own pattern: that pattern is still the reader's."""
    probe = (
        "import kitgen.source.yamlnodes as y, yaml\n"
        "print(yaml.reader.Reader.NON_PRINTABLE.pattern == y.YAML_REFUSES)"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True"]


def test_the_two_classes_hold_the_same_characters() -> None:
    import re

    from kitgen.source.yamlnodes import YAML_ALLOWS, YAML_REFUSES

    every = "".join(map(chr, range(0x110000)))
    # re.UNICODE spells the flags apart from the cached key: both compile afresh
    refused = re.compile(YAML_ALLOWS, re.UNICODE).findall(every)
    assert refused == re.compile(YAML_REFUSES, re.UNICODE).findall(every)
    assert len(refused) == 2111  # C0 and C1 controls but tab and breaks, surrogates, two


def test_an_ascii_text_is_checked_for_refused_characters_without_the_class() -> None:
    """A game's text is read by libyaml unless it holds a character YAML refuses: an
    ASCII text is checked in C without compiling the class, with the same answer."""
    import re

    from kitgen.source.yamlnodes import YAML_REFUSES, _refused_in

    refuses = re.compile(YAML_REFUSES)
    for code in [*range(0x100), 0x2028, 0xD800, 0xFFFE, 0x1F600]:
        for text in (chr(code), f"id: a{chr(code)}b\n"):
            assert _refused_in(text) == bool(refuses.search(text)), hex(code)
