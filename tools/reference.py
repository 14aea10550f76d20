"""The stored reference output: one text golden a kit, tests/golden/NAME.txt, for every
seed kit in content/ and for the benchmark workloads W1-W4 at full size. A golden says
what was drawn: each PDF's pages with their size, fonts and pictures, and the page's
content stream as kitgen's painter wrote it, one PDF operation a line; and the manifest,
one item a line. A seed kit is built alone on its own paper (as `make kits` prints it)
and again on letter, whose pages are listed in short. tests/test_reference.py builds
each kit again and shows the lines that changed; a change that alters output on purpose
rewrites them with

    make reference              # = .venv/bin/python tools/reference.py --write
    make reference KITS=duck    # only the goldens named

and says so in its commit body. Without --write it prints what differs and exits 1.

The goldens hold on every supported ReportLab: kitgen writes the content streams itself,
and what ReportLab writes of its own (its banner, and so each file's sha256 in the
manifest) is left out. A file lists BUDGET lines of content; past them each page or form
is one line, its length and the sha256 of its content (and the manifest's items past
BUDGET one line, their digest), so a change anywhere is still caught, named by page.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import json
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from kitgen.cli import main as kitgen

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"
sys.path.insert(0, str(ROOT / "benchmarks"))
import workloads  # noqa: E402

WORKLOAD_BUILDS = ["W1", "W2", "W3", "W4"]
BUDGET = 600  # content lines a PDF lists; past them a page or form is its digest


def names() -> list[str]:
    """Every golden: the seed kits in content/, then W1-W4."""
    seeds = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
    return seeds + WORKLOAD_BUILDS


def _build(games: list[Path], out: Path, flags: list[str]) -> None:
    result = CliRunner().invoke(
        kitgen, ["build", *map(str, games), "-o", str(out), "-q", *flags], catch_exceptions=False
    )
    if result.exit_code != 0:
        raise RuntimeError(f"kitgen build {games} {flags} failed:\n{result.stderr}")


def golden_text(name: str, work: Path) -> str:
    """Build the kit `name` under `work` and say what it drew."""
    if name in WORKLOAD_BUILDS:
        games, _, out = workloads.prepare(name, work)
        flags = workloads.WORKLOADS[name].get("flags", [])
        _build(games, out, flags)
        head = f"# {name} (benchmarks/workloads.py): kitgen build {' '.join(flags)}".rstrip()
        (kit,) = (p for p in out.iterdir() if p.is_dir())  # the workload's one game
        return "\n".join([head, *_kit_lines(kit, BUDGET)]) + "\n"
    game = ROOT / "content" / name
    _build([game], work / "own", [])
    paper = json.loads((work / "own" / name / "manifest.json").read_text())["paper"]
    lines = [f"# content/{name}, built alone: on its own paper, then on letter", ""]
    lines += [f"=== own paper: {paper}", *_kit_lines(work / "own" / name, BUDGET), ""]
    if paper == "letter":  # the same build: built once
        lines += ["=== --paper letter: the build above"]
    else:
        _build([game], work / "letter", ["--paper", "letter"])
        letter = _kit_lines(work / "letter" / name, 0)
        lines += ["=== --paper letter: each page by what it draws, in short", *letter]
    return "\n".join(lines) + "\n"


def _kit_lines(kit: Path, budget: int) -> list[str]:
    """Every file of a kit; PDFs listed in full up to `budget` lines each."""
    out: list[str] = []
    for path in sorted(kit.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(kit).as_posix()
        if path.suffix == ".pdf":
            out += ["", f"--- {rel}", *pdf_lines(path.read_bytes(), budget)]
        elif path.name == "manifest.json":
            out += ["", f"--- {rel}", *manifest_lines(path.read_text(encoding="utf-8"), budget)]
        else:
            out += ["", f"--- {rel}: {_digest(path.read_bytes())}"]
    return out


def manifest_lines(text: str, budget: int = BUDGET) -> list[str]:
    """The manifest as written, but for the files' sha256 (ReportLab's banner is in the
    bytes). One item a line; the items past `budget` by their digest."""
    manifest = json.loads(text)
    for entry in manifest.get("files", []):
        entry.pop("sha256", None)
    items = manifest.pop("items", [])
    head = []
    for key, value in manifest.items():  # a list of entries: one line each
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            head += [f"{key}:", *(f"  {json.dumps(v, ensure_ascii=False)}" for v in value)]
        else:
            head.append(f"{key}: {json.dumps(value, ensure_ascii=False)}")
    head.append(f"items: {len(items)}")
    lines = [f"  {json.dumps(i, ensure_ascii=False)}" for i in items]
    if len(lines) > budget:
        rest = "\n".join(lines[budget:]).encode()
        return head + lines[:budget] + [f"  ... {len(lines) - budget} items more: {_digest(rest)}"]
    return head + lines


class _Budget:
    """Content lines a file may still list in full."""

    def __init__(self, lines: int) -> None:
        self.left = lines

    def listed(self, code: str, indent: str) -> list[str]:
        """The content's lines while the budget lasts; past it, the digest of the whole."""
        lines = code.splitlines()
        shown, self.left = lines[: self.left], max(0, self.left - len(lines))
        out = [f"{indent}{line}" for line in shown]
        digest = _digest(code.encode("latin-1"))
        if not shown and lines:
            out.append(f"{indent}{len(lines)} lines: {digest}")
        elif len(shown) < len(lines):
            out.append(
                f"{indent}... {len(lines) - len(shown)} lines more; all {len(lines)}: {digest}"
            )
        return out


def pdf_lines(data: bytes, budget: int = BUDGET) -> list[str]:
    """Each page of a PDF: its boxes, fonts and pictures, then its content stream, one
    operation a line (past `budget` lines in the file: its size and digest alone)."""
    reader = PdfReader(io.BytesIO(data))
    prefs = reader.trailer["/Root"].get("/ViewerPreferences", {})
    info = reader.metadata or {}
    out = [
        f"{len(reader.pages)} pages; title {info.get('/Title', '')!r}, "
        f"subject {info.get('/Subject', '')!r}; viewer {_plain(prefs)}"
    ]
    left = _Budget(budget)
    seen: set[str] = set()  # form XObjects are listed once a file, where first used
    for number, page in enumerate(reader.pages, 1):
        content = page.get_contents()
        code = content.get_data().decode("latin-1") if content is not None else ""
        boxes = [
            f"{b[1:]} {_box(page[b])}" for b in ("/MediaBox", "/TrimBox", "/BleedBox") if b in page
        ]
        out.append(f"page {number}: {', '.join(boxes)}; rotate {page.get('/Rotate', 0)}")
        out += _resources(page.get("/Resources"), seen, "  ", left)
        out += left.listed(code, "  ")
    return out


def _resources(resources, seen: set[str], indent: str, left: _Budget) -> list[str]:
    """Fonts by name and base font; pictures by size and digest; forms by their own
    content and resources (once a file)."""
    if resources is None:
        return []
    resources = resources.get_object()
    out = []
    fonts = resources.get("/Font")
    if fonts:
        named = sorted(
            f"{k}={v.get_object().get('/BaseFont')}" for k, v in fonts.get_object().items()
        )
        out.append(f"{indent}fonts {' '.join(named)}")
    xobjects = resources.get("/XObject")
    for key, ref in sorted((xobjects.get_object() if xobjects else {}).items()):
        obj = ref.get_object()
        data = obj.get_data()
        if obj.get("/Subtype") == "/Image":
            size = f"{obj.get('/Width')}x{obj.get('/Height')}"
            kind = f"{obj.get('/ColorSpace')} {obj.get('/BitsPerComponent')} bits"
            smask = " with a mask" if "/SMask" in obj else ""
            out.append(f"{indent}image {key} {size} {kind}{smask}: {_digest(data)}")
            continue
        out.append(f"{indent}form {key} box {_box(obj.get('/BBox', []))}")
        if key in seen:
            continue
        seen.add(key)
        out += _resources(obj.get("/Resources"), seen, indent + "  ", left)
        out += left.listed(data.decode("latin-1"), indent + "  ")
    return out


def _box(box) -> str:
    return " ".join(f"{float(v):g}" for v in box)


def _plain(value) -> str:
    """A PDF dictionary as plain text, in key order."""
    if isinstance(value, IndirectObject):
        value = value.get_object()
    if hasattr(value, "items"):
        return "{" + ", ".join(f"{k}: {_plain(v)}" for k, v in sorted(value.items())) + "}"
    return str(value)


def _digest(data: bytes) -> str:
    return "sha256 " + hashlib.sha256(data).hexdigest()[:16]


def current(wanted: list[str]) -> dict[str, str]:
    """Build each named kit in a temporary folder: {name: golden text}."""
    found = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in wanted:
            work = Path(tmp) / name
            work.mkdir()
            found[name] = golden_text(name, work)
    return found


def stored(name: str) -> str | None:
    path = GOLDEN / f"{name}.txt"
    return path.read_text(encoding="utf-8") if path.is_file() else None


def difference(name: str, old: str | None, new: str, context: int = 2) -> list[str]:
    """The changed lines of a golden, as a unified diff (empty: the same)."""
    if old == new:
        return []
    before = (old or "").splitlines()
    label = f"tests/golden/{name}.txt"
    return list(
        difflib.unified_diff(
            before, new.splitlines(), label, "as built now", n=context, lineterm=""
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the goldens of this build")
    parser.add_argument("names", nargs="*", help="only these goldens (default: every one)")
    args = parser.parse_args()
    wanted = args.names or names()
    unknown = sorted(set(wanted) - set(names()))
    if unknown:
        parser.error(f"no golden named {', '.join(unknown)} (goldens: {', '.join(names())})")
    new = current(wanted)
    if args.write:
        GOLDEN.mkdir(exist_ok=True)
        if not args.names:  # a kit gone from content/ takes its golden with it
            for old in GOLDEN.glob("*.txt"):
                if old.stem not in new:
                    old.unlink()
        for name, text in new.items():
            (GOLDEN / f"{name}.txt").write_text(text, encoding="utf-8")
        print(f"stored {len(new)} goldens in {GOLDEN.relative_to(ROOT)}")
        return 0
    lines = [line for name in wanted for line in difference(name, stored(name), new[name])]
    print("\n".join(lines) or f"all {len(new)} goldens as stored")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
