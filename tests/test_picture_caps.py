"""Pictures are counted before they are rendered (issue 39): one picture's pixels and
every picture's together, at the chosen resolution; over a cap, the command line is
refused (exit 2) with the largest resolution this kit allows."""

from __future__ import annotations

import pytest

from kitgen import raster
from tests.conftest import run_cli, write_game

GAME = """\
id: few
title: Few
paper: a3
counters:
  - id: "u-{n}"
    for_each: {n: [a, b, c]}
    size: 1in
    front: {text: "{n}"}
"""


@pytest.fixture
def game(tmp_path):
    return write_game(tmp_path / "few", GAME)


def test_a_page_over_the_picture_cap_is_a_usage_error_naming_the_largest_dpi(game, tmp_path):
    out = tmp_path / "out"
    result = run_cli("build", str(game), "-o", str(out), "-q", "--png", "600", "--pieces")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "kitgen: error: --png 600: a picture of 11.7 x 16.5 in is 69,612,752 pixels at 600 "
        "dpi, more than the 40,000,000 one picture may (at most 454 dpi for this kit)"
    ]
    assert not out.exists()  # nothing rendered, nothing written


def test_every_picture_together_is_counted_and_the_named_dpi_builds(game, tmp_path, monkeypatch):
    monkeypatch.setattr(raster, "MAX_ALL_PICTURE_PIXELS", 3_000_000)
    out = tmp_path / "out"
    refused = run_cli("build", str(game), "-o", str(out), "-q", "--png", "150", "--pieces")
    assert (refused.exit_code, refused.stderr.splitlines()) == (
        2,
        ["kitgen: error: --png 150: the kit's 1 page(s) and 3 piece face(s) come to 4,419,174 "
         "pixels at 150 dpi, more than the 3,000,000 one run may render (at most 123 dpi for "
         "this kit)"],
    )  # fmt: skip
    built = run_cli("build", str(game), "-o", str(out), "-q", "--png", "123", "--pieces")
    assert built.exit_code == 0
    assert len(list((out / "few" / "png").rglob("*.png"))) == 4


def test_export_counts_its_pictures_too(game, tmp_path):
    result = run_cli("export", "images", str(game), "-o", str(tmp_path / "out"), "--dpi", "600")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "kitgen: error: --dpi 600: a picture of 11.7 x 16.5 in is 69,612,752 pixels at 600 "
        "dpi, more than the 40,000,000 one picture may (at most 454 dpi for this kit)"
    ]


def test_a_kit_too_big_for_any_resolution_says_so():
    with pytest.raises(raster.TooManyPixels) as refused:
        raster.check_pixels([(72_000.0, 72_000.0)], [], 36)
    assert str(refused.value) == (
        "a picture of 1000.0 x 1000.0 in is 1,296,000,000 pixels at 36 dpi, more than the "
        "40,000,000 one picture may (too big to picture even at 36 dpi)"
    )
