"""The pictures README.md and docs/ show: every link resolves, and tools/docs_images.py makes
every one of them from the kits in content/ (so none goes stale by hand)."""

from __future__ import annotations

import importlib.util
import re

from .conftest import ROOT

LINK = re.compile(r"!\[[^\]]*\]\(([^)\s]+)[^)]*\)|<img[^>]*\bsrc=\"([^\"]+)\"")


def _pages() -> list:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def _links() -> list[tuple[str, str]]:
    """(page, the picture's path as the page gives it) for every picture shown."""
    out = []
    for page in _pages():
        for match in LINK.finditer(page.read_text()):
            target = match.group(1) or match.group(2)
            if not target.startswith(("http:", "https:", "data:")):
                out.append((str(page.relative_to(ROOT)), target))
    return out


def _tool():
    spec = importlib.util.spec_from_file_location("docs_images", ROOT / "tools" / "docs_images.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_picture_link_resolves():
    links = _links()
    assert len(links) >= 20
    missing = [
        (page, target)
        for page, target in links
        if not ((ROOT / page).parent / target.split("#")[0]).is_file()
    ]
    assert missing == []


def test_tools_docs_images_makes_every_picture_shown():
    tool = _tool()
    made = set(tool.PICTURES) | set(tool.CROPS) | {"serve"}  # serve: tools/serve_screenshot.py
    shown = {
        ((ROOT / page).parent / target).resolve().relative_to(ROOT).as_posix()
        for page, target in _links()
    }
    not_made = sorted(
        p for p in shown if p.startswith("docs/images/") and p[12:].removesuffix(".png") not in made
    )
    assert not_made == []
    # the map pictures among them: tile sheets, an assembly sheet, crops at print scale
    assert {"map-ironford", "map-duck-assembly", "crop-map-ironford", "crop-map-duck"} <= made
    assert "serve_screenshot.py" in (ROOT / "tools" / "docs_images.py").read_text()
