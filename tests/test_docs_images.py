"""The pictures README.md and docs/ show: every link resolves, and tools/docs_images.py makes
every one of them from the kits in content/ (so none goes stale by hand)."""

from __future__ import annotations

import importlib.util
import re
import sys

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
    sys.modules[spec.name] = module  # its dataclass looks its module up by name
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


def test_crops_follow_the_items_the_kits_place():
    """Each crop named by items finds them in the kit as it prints now, and stays on the
    page: a layout change moves the crop with it instead of leaving it on empty paper."""
    import pypdfium2 as pdfium

    from .conftest import seed_kit

    tool = _tool()
    anchored = {n: c for n, c in tool.CROPS.items() if isinstance(c[3], tool.Around)}
    assert len(anchored) >= 10
    for name, (game, file, page, around) in anchored.items():
        _, pdfs, manifest = seed_kit(game)
        width, height = pdfium.PdfDocument(pdfs[file])[page - 1].get_size()
        left, top, right, bottom = tool.anchor_box(manifest, file, page, height, around)
        assert -1 <= left < right <= width + 1 and -1 <= top < bottom <= height + 1, name
        assert right - left > 100 and bottom - top > 60, name


def test_a_crop_whose_items_are_gone_says_which():
    tool = _tool()
    manifest = {"items": [{"kind": "card", "id": "a", "file": "cards.pdf", "page": 1}]}
    around = tool.Around((("card", "b"), ("label", None)))
    try:
        tool.anchor_box(manifest, "cards.pdf", 1, 792.0, around)
    except SystemExit as e:
        message = str(e)
    else:
        raise AssertionError("no error")
    assert message == "docs_images: no card 'b', label 'any' on cards.pdf page 1: update CROPS"
    found = tool.anchor_box(
        manifest | {"items": [manifest["items"][0] | {"bbox": [10, 20, 110, 220]}]},
        "cards.pdf",
        1,
        792.0,
        tool.Around((("card", None),), (0, 0.5, 1, 1), pad=0),
    )
    assert found == (10, 672, 110, 772)
