"""A counter's for_each copies, filled from one reading (source/counters/counter_copies.py), are
what reading each copy on its own gives: the same models, and the same diagnostics at
the same places in the same order, for good and broken definitions alike.

The oracle is the plain way: every copy read key by key with its variables
substituted (`PlainVars`), the first copy's problems reported as found and each later
copy's only when new, a spreadsheet row's at its cells."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PIL import Image as PILImage

from kitgen import budget
from kitgen.errors import Diagnostics
from kitgen.records import replace
from kitgen.render.icons import icon_names
from kitgen.source.counters import counters
from kitgen.source.counters.counter_copies import colour_at
from kitgen.source.expand import (
    at_cells,
    blanked,
    file_cells,
    filled_rows,
    id_cell,
    merged,
    placeholder_spans,
    read_for_each_parts,
    substitute,
    unused_columns,
)
from kitgen.source.fields import Context, as_text
from kitgen.source.yamlnodes import Map, load_yaml_text

ICONS = tuple(sorted(icon_names()))


class PlainVars:
    """Reads text through one copy's variables, at once: the plain reading."""

    def __init__(self, ctx: Context, variables: dict[str, str]):
        self.ctx = ctx
        self.variables = variables
        self.blank = counters.BLANK  # _read_def sets the definition's

    def text(self, node, path):
        raw = as_text(self.ctx, node, path)
        if raw is None:
            return None
        errors = len(self.ctx.diags.items)
        text = substitute(self.ctx, raw, blanked(self.variables, self.blank), node, path)
        # An unfilled placeholder is reported once, not again as a bad colour or id.
        return text if len(self.ctx.diags.items) == errors else None

    def colour(self, node, path, default=None):
        if node is None:
            return default
        return self.then(colour_at, self.text(node, path), node, path, default=default)

    def then(self, fn, value, *args, default=None, keep=True):
        got = None if value is None else fn(self.ctx, value, *args)
        return default if got is None else got


def plain_entry(ctx: Context, node, path: str):
    """counters._read_entry the plain way: each copy read on its own."""
    if not isinstance(node, Map):
        ctx.error(node, path, f"expected a mapping of keys, got {counters.describe(node)}")
        return []
    sets = read_for_each_parts(ctx, node.get("for_each"), f"{path}.for_each")
    unused_columns(ctx, node, sets, attrs=True)
    sets = filled_rows(ctx, node, sets, path, "counter")
    out = []
    seen = {str(d) for d in ctx.diags}
    where = None
    for n, parts in enumerate(sets):
        cells = file_cells(parts)
        # Copies after the first report only problems the first did not; a copy from a
        # spreadsheet row reports its bad values at their cells.
        own = n > 0 or bool(cells)
        sub = ctx.apart() if own else ctx
        one = counters._read_def(sub, node, path, parts, PlainVars(sub, merged(parts)))
        if not own:
            seen = {str(d) for d in ctx.diags}
        else:
            found = list(sub.diags)
            if cells:
                where = placeholder_spans(node) if where is None else where
                found = at_cells(found, where, cells)
            for d in found:
                if str(d) not in seen:
                    seen.add(str(d))
                    ctx.diags.extend([d])
        if one is not None:
            at = id_cell(node, parts)  # a row's counter is found at its id's cell
            out.append(one if at is None else replace(one, cell=at))
    return out


def _png(path: Path, size: tuple[int, int]) -> None:
    PILImage.new("RGB", size, "#c04000").save(path)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    """Pictures (two small ones that together go over the test's pixel cap) and
    spreadsheets of records, good and broken."""
    root = tmp_path_factory.mktemp("copies")
    _png(root / "a.png", (4, 4))
    _png(root / "b.png", (5, 5))
    (root / "rows.csv").write_text("a,col,q\n1,red,2\nx y,purpel,0\n3,,x\n", encoding="utf-8")
    (root / "icons.csv").write_text("icon,unit\nstar,armour\nsttar,bogus\n", encoding="utf-8")
    return root


def read_both(folder: Path, text: str):
    """(defs, diagnostics) read with the filler, and read the plain way."""
    node = load_yaml_text(text, str(folder / "game.yaml"))
    counters_node = node.get("counters")
    got = []
    caps = {**budget.TOTALS, "pixels": (30, "pixels")}
    with mock.patch.dict(budget.TOTALS, caps):
        for entry in (counters._read_entry, plain_entry):
            ctx = Context(Diagnostics(), folder, {"tribe-red": "#b03a2e"}, icons=lambda: ICONS)
            with mock.patch.object(counters, "_read_entry", entry):
                made = counters.read_counters(ctx, counters_node, "counters")
            got.append((made.defs, ctx.diags.items))
    return got


# ---- definitions, good and broken ---------------------------------------------------


def _mostly(good: list, bad: list):
    """One of `good` about nine times in ten, else one of `bad`."""
    return st.sampled_from(good * (9 * len(bad)) + bad)


TEXTS = _mostly(["{a}", "x {b}", "{{lit}} {a}", "plain", "{a}{c}", "}"], ["{zz}", "", "a {b"])
COLOURS = _mostly(["{col}", "red", "#abc", "tribe-{b}"], ["purpel", "{zz}", "{{x}}"])
IDS = _mostly(["c{a}", "{a}-{b}"], ["c{a}-{b}-{c}", "c{zz}", "fixed", "c {a}", "c{a}..{c}"])
VALUES = {
    "a": ["1", "2", "3", "4", "x y", None],
    "b": ["red", "blue", "red", "q"],
    "c": ["z", "y", ""],
    "col": ["red", "#fff", "tribe-red", "purpel", None],
    "icon": ["star", "shield", "sttar"],
    "unit": ["armour", "infantry armour", "bogus"],
    "usize": ["squad", "division", "huge", None],
    "q": ["2", "1", "3", "0", "x"],
    "img": ["a.png", "a.png", "b.png", "nope.png"],
}


def _text_el():
    return st.one_of(
        TEXTS,
        st.fixed_dictionaries(
            {"text": TEXTS},
            optional={
                "font": st.sampled_from(["{c}", "Times", "{zz}"]),
                "colour": COLOURS,
                "at": st.sampled_from(["top", "bottom", "nowhere"]),
                "size": st.sampled_from(["8pt", "{a}"]),
            },
        ),
        st.fixed_dictionaries({"colour": COLOURS}),  # no text
    )


def _icon_el():
    names = st.sampled_from(["{icon}", "star", "sttar", "{zz}", "{icon}{c}"])
    return st.one_of(
        names,
        st.fixed_dictionaries({"name": names}, optional={"colour": COLOURS, "scale": st.just(2)}),
    )


def _unit_el():
    types = st.sampled_from(["{unit}", "infantry", "infantry {unit}", "bogus", "{zz}"])
    return st.one_of(
        types,
        st.fixed_dictionaries(
            {"type": types},
            optional={
                "size": st.sampled_from(["{usize}", "division", "huge", "{zz}"]),
                "colour": COLOURS,
                "fill": COLOURS,
                "bogus": st.just(1),
            },
        ),
    )


def _image_el():
    files = st.sampled_from(["{img}", "a.png", "nope.png", "{zz}.png"])
    return st.one_of(files, st.fixed_dictionaries({"file": files}, optional={"scale": st.just(3)}))


def _some(element):
    return st.one_of(element, st.lists(element, min_size=1, max_size=3))


def _face():
    border = st.one_of(
        COLOURS,
        st.fixed_dictionaries({}, optional={"colour": COLOURS, "width": st.just("1pt")}),
    )
    mapping = st.fixed_dictionaries(
        {},
        optional={
            "background": COLOURS,
            "border": border,
            "text": _some(_text_el()),
            "icon": _some(_icon_el()),
            "unit": _some(_unit_el()),
            "image": _some(_image_el()),
            "colour": st.just("red"),  # not a face's key
        },
    )
    return st.one_of(TEXTS, mapping)


def _for_each():
    others = {k: v for k, v in VALUES.items() if k not in ("a", "b")}

    def values(name):
        return st.lists(st.sampled_from(VALUES[name]), min_size=1, max_size=3)

    product = st.fixed_dictionaries({"a": values("a"), "b": values("b")}).flatmap(
        lambda ab: (
            st.dictionaries(st.sampled_from(sorted(others)), st.just(0), max_size=2)
            .flatmap(lambda keys: st.fixed_dictionaries({k: values(k) for k in keys}))
            .map(lambda more: {**ab, **more})
        )
    )
    record = st.fixed_dictionaries(
        {"b": st.sampled_from(VALUES["b"])},
        optional={k: st.sampled_from(v) for k, v in VALUES.items() if k != "b"},
    )
    records = st.lists(record, min_size=1, max_size=5)
    mixed = st.tuples(product, records).map(lambda pr: {**pr[0], "row": pr[1]})
    files = st.sampled_from(
        [{"file": "rows.csv"}, {"b": ["red", "blue"], "r": {"file": "icons.csv"}}]
    )
    return st.one_of(product, product, records, records, mixed, files)


def _counter():
    return st.fixed_dictionaries(
        {
            "id": IDS,
            "size": _mostly(["3/4", "1/2"], ["7/8", "1in x 2in"]),
            "front": _face(),
            "for_each": st.one_of(*[_for_each()] * 5, st.just(None)),  # None: no for_each
        },
        optional={
            "name": _mostly(["{b} {a}", "", "Named"], ["{zz}"]),
            "blank": st.sampled_from(["--", "{a}"]),
            "quantity": _mostly([1, 2, "{q}"], ["{zz}", "{{2}}", 0]),
            "attrs": st.dictionaries(
                st.sampled_from(["s", "t"]), st.sampled_from(["{a}", "fixed", "{zz}"]), max_size=2
            ),
            "side": _mostly(["{b}", "north"], ["{zz}"]),
            "back": _face(),
            "steps": st.sampled_from([["full", "reduced"], ["full"]]),
            "colour": st.just("red"),  # not a counter's key
        },
    ).map(lambda d: {k: v for k, v in d.items() if v is not None})


class _Plain(yaml.SafeDumper):
    """Writes a value used twice out twice (the loader refuses aliases)."""

    def ignore_aliases(self, data):
        return True


@pytest.mark.slow  # 300 games read both ways: the slow tier's
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(entries=st.lists(_counter(), min_size=1, max_size=3))
def test_copies_are_what_reading_each_copy_gives(folder, entries):
    text = yaml.dump({"counters": entries}, Dumper=_Plain, sort_keys=False)
    (filled, filled_diags), (plain, plain_diags) = read_both(folder, text)
    event("problems" if plain_diags else "no problem")
    event(f"{min(len(plain), 4)} copies or more" if plain else "no copy")
    if _crossed_cap(plain_diags):
        # A game-wide cap is charged in reading order: the filler reads a definition's
        # fixed pictures once, before its copies' own, so a cap crossed by two pictures
        # may be reported at the other of the two. The build stops on it either way.
        assert _crossed_cap(filled_diags) == _crossed_cap(plain_diags)
        return
    assert filled_diags == plain_diags
    assert filled == plain


def _crossed_cap(diags) -> list[str]:
    """The messages of the game-wide caps the diagnostics report crossed."""
    return [d.message for d in diags if d.message.startswith("this takes the game to ")]


# ---- cases named --------------------------------------------------------------------

BROKEN = [
    # an id bad once filled, a colour unknown once filled, a placeholder a row lacks
    """
    - id: "c{n}"
      size: 3/4
      for_each: [{n: "1", c: red}, {n: "2", c: purpel}, {n: "3"}, {n: "x y", c: red}]
      front: {background: "{c}", text: "{n}"}
    """,
    # an icon and a unit named by placeholders, some unknown; a face of one text
    """
    - id: "c-{i}-{u}"
      size: 3/4
      for_each: {i: [star, sttar], u: [armour, bogus], s: [squad, huge]}
      front: {icon: "{i}", unit: {type: "{u}", size: "{s}"}}
      back: "{i} {zz}"
    """,
    # problems of the reading itself, among the copies' own
    """
    - id: "c{n}"
      size: 7/8
      kind: thing
      for_each: {n: ["1", "2"], c: [red, purpel]}
      front: {background: "{c}", text: {text: "{n}", at: nowhere, colour: "{c}"}, tint: 1}
    """,
    # a quantity per row; a picture per row, one missing, two over the pixel cap
    """
    - id: "c{n}"
      size: 3/4
      quantity: "{q}"
      for_each:
        [{n: "1", q: "2", f: a.png}, {n: "2", q: "0", f: nope.png}, {n: "3", q: "x", f: b.png}]
      front: {image: "{f}", text: "{q}"}
    """,
    # spreadsheet rows: bad values at their cells
    """
    - id: "c{a}"
      size: 3/4
      quantity: "{q}"
      for_each: {file: rows.csv}
      front: {background: "{col}", text: "{a} {zz}"}
    """,
]


@pytest.mark.parametrize("entries", BROKEN)
def test_broken_copies_report_what_reading_each_copy_reports(folder, entries):
    import textwrap

    text = "counters:\n" + textwrap.indent(textwrap.dedent(entries).strip("\n"), "  ")
    (filled, filled_diags), (plain, plain_diags) = read_both(folder, text)
    assert filled_diags and filled_diags == plain_diags
    assert filled == plain


def test_the_oracle_sees_a_copy_report_go_missing(folder):
    from kitgen.source.counters.counter_copies import Filler

    text = "counters:\n  - {id: 'c{n}', size: 3/4, for_each: {n: ['1', 'x y']}, front: '{n}'}\n"
    (filled, filled_diags), (plain, plain_diags) = read_both(folder, text)
    assert [d.message for d in plain_diags] == ["bad id 'cx y'"]
    assert filled_diags == plain_diags and [d.id for d in filled] == [d.id for d in plain]
    with mock.patch.object(Filler, "_in_order", lambda self, emitted: self.static):
        (filled, filled_diags), (plain, plain_diags) = read_both(folder, text)
    assert filled_diags == [] and plain_diags != []
