import pytest

from kitgen.units import PAPERS, UnitError, paper_from_text, parse_length


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("0.75in", 54.0),
        ("3/4in", 54.0),
        ("1 1/2in", 108.0),
        ("54pt", 54.0),
        ("1in", 72.0),
        ("25.4mm", 72.0),
        ("2.54cm", 72.0),
        ("5/8in", 45.0),
        ("1/8in", 9.0),
        ("-2mm", -72 * 2 / 25.4),
    ],
)
def test_lengths_convert_exactly(text, points):
    assert parse_length(text) == pytest.approx(points, abs=1e-9)


def test_three_quarter_inch_is_exactly_54_points():
    # exact, not 53.9: fractions are kept exact until the final float
    assert parse_length("3/4in") == 54.0
    assert parse_length("19.05mm") == pytest.approx(54.0, abs=1e-9)


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        ("3/4inch", "unknown unit 'inch'", "use in, mm, cm or pt"),
        ("5", "a length needs a unit: '5'", "use in, mm, cm or pt"),
        (5, "a length needs a unit: 5", "write 5in, 5mm or 5pt"),
        ("abc", "not a length: 'abc'", "write a number and a unit, e.g. 3/4in, 19mm, 54pt"),
        ("3/0in", "division by zero in '3/0in'", "write e.g. 3/4in"),
    ],
)
def test_bad_lengths_say_why(text, message, hint):
    with pytest.raises(UnitError) as info:
        parse_length(text)
    assert (info.value.message, info.value.hint) == (message, hint)


def test_papers():
    assert PAPERS["letter"].size == (612.0, 792.0)
    assert PAPERS["a4"].size == pytest.approx((595.2756, 841.8898), abs=1e-4)
    # a4-letter: the area common to both, 210 mm x 11 in
    assert PAPERS["a4-letter"].size == (PAPERS["a4"].width, PAPERS["letter"].height)
    assert paper_from_text("200mmx300mm").size == pytest.approx((566.929, 850.394), abs=1e-3)


def test_unknown_paper():
    with pytest.raises(UnitError) as info:
        paper_from_text("folio")
    assert info.value.message == "unknown paper 'folio'"


@pytest.mark.parametrize(
    ("text", "name", "size"),
    [
        ("200mmx300mm", "200mmx300mm", (566.9291, 850.3937)),
        ("8.5x11in", "8.5inx11in", (612.0, 792.0)),
        (" 148mm x 210mm ", "148mmx210mm", (419.5276, 595.2756)),
        ("A4", "a4", (595.2756, 841.8898)),
    ],
)
def test_custom_papers(text: str, name: str, size: tuple):
    paper = paper_from_text(text)
    assert paper.name == name and paper.size == pytest.approx(size, abs=1e-4)


@pytest.mark.parametrize(
    ("text", "message", "hint"),
    [
        (
            "4x6in",
            "custom paper '4x6in' is outside 5 x 5 in to 200 x 200 in",
            "the sheet label and the scale bars need at least 5 in each way",
        ),
        (
            "10x201in",
            "custom paper '10x201in' is outside 5 x 5 in to 200 x 200 in",
            "the sheet label and the scale bars need at least 5 in each way",
        ),
        ("8inx11inch", "custom paper '8inx11inch': unknown unit 'inch'", "use in, mm, cm or pt"),
        (
            "-8x11in",
            "custom paper '-8x11in' is outside 5 x 5 in to 200 x 200 in",
            "the sheet label and the scale bars need at least 5 in each way",
        ),
    ],
)
def test_bad_custom_papers(text: str, message: str, hint: str):
    with pytest.raises(UnitError) as info:
        paper_from_text(text)
    assert (info.value.message, info.value.hint) == (message, hint)
