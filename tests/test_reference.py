"""The stored reference output (tests/golden/NAME.txt): every seed kit and every benchmark
workload W1-W4 draws what it drew, page by page and operation by operation. A failing
test shows the lines that changed; after a change that alters output on purpose,
`make reference` rewrites the goldens (tools/reference.py) and the commit body says why."""

from __future__ import annotations

import sys

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import reference  # noqa: E402

pytestmark = pytest.mark.reportlab  # the goldens hold on every supported ReportLab

SHOWN = 80  # changed lines a failure prints; `python tools/reference.py NAME` shows all


@pytest.mark.parametrize(
    "name",
    # W3 is W1 ten times over: seconds of building for no path W1 does not take
    [pytest.param(n, marks=pytest.mark.slow) if n == "W3" else n for n in reference.names()],
)
def test_each_kit_draws_what_its_golden_says(name, tmp_path):
    old = reference.stored(name)
    assert old is not None, f"no tests/golden/{name}.txt: run `make reference KITS={name}`"
    lines = reference.difference(name, old, reference.golden_text(name, tmp_path))
    assert not lines, (
        f"{name} draws otherwise than tests/golden/{name}.txt; if the change is meant, run "
        "`make reference` and say so in the commit body:\n" + "\n".join(lines[:SHOWN])
    )


def test_every_golden_is_a_kit_and_every_kit_has_one():
    stored = sorted(p.stem for p in reference.GOLDEN.glob("*.txt"))
    assert stored == sorted(reference.names())


def test_a_difference_shows_the_changed_lines_in_context():
    old = "a\nb\nc\nd\ne\nf\n"
    new = "a\nb\nc\nD\ne\nf\ng\n"
    assert reference.difference("k", old, new, context=1) == [
        "--- tests/golden/k.txt",
        "+++ as built now",
        "@@ -3,4 +3,5 @@",
        " c",
        "-d",
        "+D",
        " e",
        " f",
        "+g",
    ]
    assert reference.difference("k", old, old) == []


def test_a_file_past_its_budget_lists_the_rest_by_page_and_digest():
    """A change on a page past the budget still fails, named by its page."""
    from io import BytesIO

    from reportlab.pdfgen.canvas import Canvas

    def pdf(last: str) -> bytes:
        out = BytesIO()
        c = Canvas(out, pagesize=(200, 100), invariant=1)
        for text in ("one", "two", last):
            c.drawString(10, 10, text)
            c.showPage()
        c.save()
        return out.getvalue()

    listed = reference.pdf_lines(pdf("three"), budget=10_000)
    short = reference.pdf_lines(pdf("three"), budget=0)
    other = reference.pdf_lines(pdf("four"), budget=0)
    assert any("(three) Tj" in line for line in listed)
    assert not any("Tj" in line for line in short)
    changed = [i for i, (a, b) in enumerate(zip(short, other, strict=True)) if a != b]
    page3 = next(i for i, line in enumerate(short) if line.startswith("page 3:"))
    assert changed == [page3 + 2]  # page 3's one content line, under its fonts
    assert "sha256" in short[page3 + 2] and "sha256" in other[page3 + 2]
