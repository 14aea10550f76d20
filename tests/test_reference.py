"""The stored reference output (tests/reference.json): every file of every seed kit
and of the benchmark workloads W1-W4 is the bytes it was. After a change that alters
output on purpose, `make reference` stores the new hashes (tools/reference.py)."""

from __future__ import annotations

import sys

import pytest
import reportlab

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import reference  # noqa: E402

pytestmark = pytest.mark.reportlab  # the kits as the installed ReportLab writes them


def test_every_reference_file_is_the_bytes_it_was():
    version, old = reference.stored()
    if version != reportlab.Version:
        pytest.skip(f"the stored hashes are of ReportLab {version}'s output (its banner differs)")
    lines = reference.differences(old, reference.current())
    assert not lines, (
        "output differs from tests/reference.json; if the change is meant, run "
        "`make reference` and say so in the commit body:\n" + "\n".join(lines)
    )


def test_the_differences_name_every_changed_new_and_gone_file():
    old = {"a/x.pdf": "1", "a/y.pdf": "2", "a/gone.pdf": "3"}
    new = {"a/x.pdf": "1", "a/y.pdf": "9", "a/new.pdf": "4"}
    assert reference.differences(old, new) == [
        "changed: a/y.pdf",
        "new:     a/new.pdf",
        "gone:    a/gone.pdf",
    ]
    assert reference.differences(old, old) == []
