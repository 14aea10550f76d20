"""Tests for kitgen.chance.dice; expected values are worked out by hand or by brute force."""

import itertools
import random
import re
from collections import Counter
from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kitgen.chance.dice import (
    HINT,
    DiceError,
    for_players,
    format_chance,
    parse_dice,
    prob_at_least,
    prob_at_most,
    prob_between,
    roll,
    shift,
)


def dist(text: str) -> dict[int, F]:
    return parse_dice(text).distribution()


# --------------------------------------------------------------- hand-computed values


def test_2d6_hand_values():
    d = dist("2d6")
    assert d[7] == F(1, 6)
    assert d[2] == F(1, 36)
    assert d[12] == F(1, 36)
    assert list(d) == list(range(2, 13))  # sorted by total


def test_3d6_ten_is_one_eighth():
    assert dist("3d6")[10] == F(27, 216) == F(1, 8)


def test_10d6_central_value():
    # Coefficient of x^35 in (x + ... + x^6)^10 is 4395456.
    assert dist("10d6")[35] == F(4395456, 6**10)


def test_d6_explode_once():
    d = dist("d6!")
    assert d == {**{v: F(1, 6) for v in range(1, 6)}, **{v: F(1, 36) for v in range(7, 13)}}
    assert 6 not in d
    assert prob_at_least(d, 8) == F(5, 36)


def test_d6_explode_twice():
    d = dist("d6!2")
    assert all(d[v] == F(1, 6) for v in range(1, 6))
    assert all(d[v] == F(1, 36) for v in range(7, 12))
    assert all(d[v] == F(1, 216) for v in range(13, 19))
    assert 6 not in d and 12 not in d
    assert max(d) == 18


def test_two_exploding_dice_are_independent():
    # 2d6! total 2: both dice show 1.  Total 24: both dice 6 then 6.
    d = dist("2d6!")
    assert d[2] == F(1, 36)
    assert d[24] == F(1, 36 * 36)


def test_4d6kh3_top_value():
    # 18 needs three sixes among the top three: 6666 (1 way) or three 6s + one of 1..5 (4*5).
    assert dist("4d6kh3")[18] == F(21, 1296)


def test_keep_lowest_of_two_d20():
    # P(min of 2d20 >= 11) = (10/20)^2.
    assert prob_at_least(dist("2d20kl1"), 11) == F(1, 4)
    assert dist("2d20kh1")[20] == F(39, 400)


def test_custom_average_die():
    dice = parse_dice("d{2,3,3,4,4,5}")
    assert dice.mean == F(7, 2)
    assert dice.distribution() == {2: F(1, 6), 3: F(1, 3), 4: F(1, 3), 5: F(1, 6)}


def test_custom_negative_faces():
    d = dist("4d{-1, 0, 1}")
    assert d[0] == F(19, 81)  # 0000 (1) + one +1, one -1, two 0 (12) + two each (6)
    assert min(d) == -4 and max(d) == 4


def test_min_max_mean_with_constant():
    dice = parse_dice("d6+2")
    assert (dice.min, dice.max, dice.mean) == (3, 8, F(11, 2))


def test_difference_and_constant_only():
    assert dist("d6-d6")[0] == F(1, 6)
    assert dist("3") == {3: F(1)}
    assert dist("d%") == {v: F(1, 100) for v in range(1, 101)}


def test_shift():
    assert shift({1: F(1, 2), 2: F(1, 2)}, 3) == {4: F(1, 2), 5: F(1, 2)}
    assert shift(dist("2d6"), 1) == dist("2d6+1")


def test_probability_queries():
    d = dist("2d6")
    assert prob_at_least(d, 11) == F(1, 12)
    assert prob_at_most(d, 3) == F(1, 12)
    assert prob_between(d, 6, 8) == F(16, 36)
    assert prob_between(d, 8, 6) == 0
    assert prob_at_least(d, 13) == 0


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("2d6 + 1", "2d6+1"),
        ("1d6", "d6"),
        ("2D6 - 1", "2d6-1"),
        ("4d6KH3", "4d6kh3"),
        ("d6!1", "d6!"),
        ("2d6!3", "2d6!3"),
        ("d{ 1, 2 ,-3}", "d{1,2,-3}"),
        ("d%", "d%"),
        ("02d06+007", "2d6+7"),
    ],
)
def test_normalised_text(text, normalised):
    assert parse_dice(text).text == normalised


def test_distribution_is_a_copy():
    dice = parse_dice("2d6")
    dice.distribution()[7] = F(1)
    assert dice.distribution()[7] == F(1, 6)


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (F(1, 36), "1/36 = 2.8%"),
        (F(1, 3), "1/3 = 33.3%"),
        (F(1), "1 = 100%"),
        (F(0), "0 = 0%"),
        (F(2, 4), "1/2 = 50%"),
        (F(1, 16), "1/16 = 6.3%"),  # 6.25 rounds half up
        (F(1, 100000), "1/100000 = <0.1%"),
        (F(99999, 100000), "99999/100000 = >99.9%"),
    ],
)
def test_format_chance(chance, text):
    assert format_chance(chance) == text


def test_format_chance_rejects_non_probability():
    with pytest.raises(ValueError, match=re.escape("a chance must be between 0 and 1, got 3/2")):
        format_chance(F(3, 2))


# --------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", f"empty dice expression '' {HINT}"),
        ("   ", f"empty dice expression '   ' {HINT}"),
        ("2x6", f"unknown dice term 'x6' in '2x6' {HINT}"),
        ("d6x", f"unknown dice term 'd6x' in 'd6x' {HINT}"),
        ("2 d6", f"unknown dice term '2 d6' in '2 d6' {HINT}"),
        ("4d6k3", f"unknown dice term '4d6k3' in '4d6k3' {HINT}"),
        ("d{1,2", f"unknown dice term 'd{{1,2' in 'd{{1,2' {HINT}"),
        ("d6+", f"missing dice term after '+' in 'd6+' {HINT}"),
        ("d6+-2", f"missing dice term after '+' in 'd6+-2' {HINT}"),
        ("-d6", f"missing dice term before '-' in '-d6' {HINT}"),
        ("0d6", "dice count must be 1..100, got 0 in '0d6'"),
        ("101d6", "dice count must be 1..100, got 101 in '101d6'"),
        ("d1", "die size must be 2..1000, got 1 in 'd1'"),
        ("d0", "die size must be 2..1000, got 0 in 'd0'"),
        ("d1001", "die size must be 2..1000, got 1001 in 'd1001'"),
        ("d{}", "custom die must have 2..1000 faces, got 0 in 'd{}'"),
        ("d{3}", "custom die must have 2..1000 faces, got 1 in 'd{3}'"),
        (
            "d{a,2}",
            "custom die face 'a' must be a whole number from -1000 to 1000 in 'd{a,2}'",
        ),
        (
            "d{1,2001}",
            "custom die face '2001' must be a whole number from -1000 to 1000 in 'd{1,2001}'",
        ),
        ("4d6kh5", "keep count must be 1..4, got 5 in '4d6kh5'"),
        ("4d6kl0", "keep count must be 1..4, got 0 in '4d6kl0'"),
        ("9d6kh3", "keep-highest/lowest supports at most 8 dice, got 9 in '9d6kh3'"),
        ("d6!0", "explode count must be 1..10, got 0 in 'd6!0'"),
        ("d6!11", "explode count must be 1..10, got 11 in 'd6!11'"),
        ("4d6!kh3", "exploding dice can't be combined with keep-highest/lowest in '4d6!kh3'"),
        ("d6+1234567", "constant must be at most 1000000, got 1234567 in 'd6+1234567'"),
        (
            "8d1000kh7",
            "dice term '8d1000kh7' is too large to compute exactly in '8d1000kh7' "
            "(use fewer or smaller dice)",
        ),
        (
            "60d6!10+60d6!10",
            "'60d6!10+60d6!10' is too large to compute exactly (use fewer or smaller dice)",
        ),
    ],
)
def test_dice_errors(text, message):
    with pytest.raises(DiceError) as excinfo:
        parse_dice(text)
    assert str(excinfo.value) == message


def test_dice_error_is_value_error_and_huge_numbers_are_refused_cleanly():
    assert issubclass(DiceError, ValueError)
    with pytest.raises(DiceError, match=re.escape("dice count must be 1..100, got 1")):
        parse_dice("1" + "0" * 5000 + "d6")


# --------------------------------------------------------------- brute-force oracle


def brute_force(count, faces, explode, keep, keep_count):
    """Enumerate every equally likely tape of raw rolls; independent of the module code."""
    top = max(faces)

    def die_value(tape):
        total = 0
        for face in tape:
            total += face
            if face != top:
                break
        return total

    tally = Counter()
    for rolls in itertools.product(faces, repeat=count * (explode + 1)):
        values = [die_value(rolls[i::count]) for i in range(count)]
        if keep:
            values = sorted(values, reverse=keep == "kh")[:keep_count]
        tally[sum(values)] += 1
    outcomes = len(faces) ** (count * (explode + 1))
    return {total: F(n, outcomes) for total, n in tally.items()}


@st.composite
def pools(draw):
    """A small valid pool term and the parameters the oracle needs."""
    if draw(st.booleans()):
        faces = tuple(range(1, draw(st.integers(2, 6)) + 1))
        label = str(len(faces))
    else:
        faces = tuple(draw(st.lists(st.integers(-3, 5), min_size=2, max_size=4)))
        label = "{" + ",".join(map(str, faces)) + "}"
    count = draw(st.integers(1, 3))
    explode, keep, keep_count = 0, "", 0
    modifier = draw(st.sampled_from(["", "explode", "keep"]))
    if modifier == "explode" and len(faces) ** (count * 3) <= 20_000:
        explode = draw(st.integers(1, 2))
    elif modifier == "keep":
        keep = draw(st.sampled_from(["kh", "kl"]))
        keep_count = draw(st.integers(1, count))
    mods = (f"!{explode}" if explode else "") + (f"{keep}{keep_count}" if keep else "")
    text = f"{count}d{label}{mods}"
    return text, brute_force(count, faces, explode, keep, keep_count)


def convolve(a, b, sign):
    out = Counter()
    for x, p in a.items():
        for y, q in b.items():
            out[x + sign * y] += p * q
    return dict(out)


@st.composite
def expressions(draw):
    """Random valid expression text with its brute-force distribution."""
    text, expected = draw(pools())
    for _ in range(draw(st.integers(0, 2))):
        sign = draw(st.sampled_from(["+", "-"]))
        if draw(st.booleans()):
            value = draw(st.integers(0, 20))
            term, term_dist = str(value), {value: F(1)}
        else:
            term, term_dist = draw(pools())
        text += f" {sign} {term}"
        expected = convolve(expected, term_dist, 1 if sign == "+" else -1)
    return text, expected


@settings(max_examples=150, deadline=None, database=None)
@given(expressions())
def test_distribution_matches_brute_force(case):
    text, expected = case
    d = dist(text)
    assert sum(d.values()) == 1
    assert d == {total: expected[total] for total in sorted(expected) if expected[total]}
    assert list(d) == sorted(d)


@pytest.mark.parametrize(
    "text",
    [
        *("4d6kh3", "2d20kl1", "3d6!2", "d6+d4-d8+3", "d%"),
        pytest.param("100d1000", marks=pytest.mark.slow),  # the big sum: seconds alone
    ],
)
def test_probabilities_sum_to_one(text):
    assert sum(dist(text).values()) == 1


# --------------------------------------------------------------- rolling


@settings(max_examples=60, deadline=None, database=None)
@given(expressions(), st.integers(0, 2**32))
def test_roll_reproducible_and_possible(case, seed):
    dice = parse_dice(case[0])
    d = dice.distribution()
    first = [roll(dice, random.Random(seed)) for _ in range(1)]
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    rolls_a = [roll(dice, rng_a) for _ in range(30)]
    rolls_b = [roll(dice, rng_b) for _ in range(30)]
    assert rolls_a == rolls_b
    assert rolls_a[0] == first[0]
    for value in rolls_a:
        assert dice.min <= value <= dice.max
        assert d.get(value, 0) > 0


def test_roll_matches_distribution_roughly():
    # d6! never shows 6, and about 1/6 of rolls explode past 6.
    dice = parse_dice("d6!")
    rng = random.Random(1234)
    values = [roll(dice, rng) for _ in range(6000)]
    assert 6 not in values
    assert 800 < sum(v > 6 for v in values) < 1200
    kept = parse_dice("4d6kh3")
    assert all(3 <= roll(kept, rng) <= 18 for _ in range(200))


@pytest.mark.parametrize(
    ("notation", "printed"),
    [
        ("d{2,3,3,4,4,5}", "a d6 marked 2 3 3 4 4 5"),
        ("2d{-1,0,1}+1", "2d3 marked \u22121 0 1, +1"),
        ("d{1,2}", "a d2 marked 1 2"),
        ("2d6+1", "2d6+1"),
        ("d%", "d%"),
    ],
)
def test_custom_dice_are_printed_as_the_faces_a_player_marks(notation, printed):
    # players read "d{...}" as a program's notation; a sheet says which faces to mark
    assert for_players(notation) == printed
