"""Measuring maths checked against hand-worked numbers (72 pt = 1 in)."""

import pytest

from kitgen.geometry.measure import band_spans, cone_width, ring_radii, split_length, ticks


def test_ring_radii_every_inch_to_three_inches():
    assert ring_radii(216, 72) == [72, 144, 216]
    assert ring_radii(200, 72) == [72, 144]  # 2.78 in: the 3 in ring would fall outside


def test_cone_width_one_inch_per_ten():
    # 1 in wider per 10 in: 5 in down range a point cone is 0.5 in wide = 36 pt
    assert cone_width(0, 72, 720, 360) == pytest.approx(36)
    # grape: 2 in per 10 in, 9 in down range = 1.8 in = 129.6 pt
    assert cone_width(0, 144, 720, 648) == pytest.approx(129.6)
    assert cone_width(18, 72, 720, 720) == pytest.approx(90)


def test_band_spans_from_zero():
    assert band_spans([3, 6, 9, 12]) == [(0, 3), (3, 6), (6, 9), (9, 12)]
    with pytest.raises(ValueError, match="increase"):
        band_spans([3, 3])


def test_split_length_pieces():
    # a 25 in ruler in 9 in pieces: 0-9, 9-18, 18-25
    assert split_length(25 * 72, 9 * 72) == [(0, 648), (648, 1296), (1296, 1800)]
    assert split_length(648, 648) == [(0, 648)]


def test_ticks_include_whole_steps_only():
    assert ticks(648, 1296, 72) == [648 + 72 * k for k in range(10)]
    assert ticks(10, 80, 36) == [36, 72]
