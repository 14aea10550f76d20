"""The halving searches sheets and set-up sheets choose their type and air with."""

from kitgen.layout.search import largest_that_fits, most_air


def test_the_largest_that_fits_is_found_in_few_trials():
    for limit in range(-1, 12):
        tried: list[int] = []

        def fits(i: int, limit: int = limit, tried: list[int] = tried) -> bool:
            tried.append(i)
            return i <= limit

        assert largest_that_fits(12, fits) == (None if limit < 0 else limit)
        assert len(tried) <= 5  # the least, then halving 12 candidates


def test_none_fits_where_there_is_nothing_to_try():
    assert largest_that_fits(0, lambda i: True) is None


def test_all_the_air_is_taken_at_once_where_it_fits():
    tried: list[float] = []
    assert most_air(lambda a: tried.append(a) or True, 7) == 1.0
    assert tried == [1.0]


def test_the_most_air_that_fits_is_found_by_halving():
    # tried 1, .5, .25, .375, .3125, .28125, .296875: the last that fit
    assert most_air(lambda a: a <= 0.3, 7) == 0.296875
    assert most_air(lambda a: False, 7) == 0.0
