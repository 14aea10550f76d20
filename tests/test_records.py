"""kitgen/records.py, the one record kind (docs/architecture.md "Holding data"): what a
record does, what mypy sees of it, and that kitgen holds its data in no other kind."""

from __future__ import annotations

import ast
import importlib
import pickle
import pkgutil
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import pytest

import kitgen.model
from kitgen.records import FrozenError, field, fields, record, replace

from .conftest import ROOT, parsed


@record
class Box:
    """A test record."""

    label: str
    size: float = 1.0
    tags: dict[str, str] = field(default_factory=dict)
    note: str | None = field(default=None, compare=False)


@record
class Crate(Box):
    lid: bool = False


@record
class Pair:
    label: str
    size: float = 1.0


@record(frozen=False)
class Tally:
    name: str
    seen: list[str] = field(default_factory=list)


def test_made_by_keyword_or_position_with_defaults():
    assert Box("a") == Box(label="a", size=1.0)
    b = Box("a", 2.5, {"k": "v"}, "n")
    assert (b.label, b.size, b.tags, b.note) == ("a", 2.5, {"k": "v"}, "n")
    assert Box("a").tags == {} and Box("a").tags is not Box("a").tags  # a new dict each
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'label'"):
        Box()  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        Box("a", colour="red")  # type: ignore[call-arg]


def test_a_record_cannot_be_changed():
    b = Box("a")
    with pytest.raises(FrozenError, match="^cannot assign to field 'label'$"):
        b.label = "b"  # type: ignore[misc]
    with pytest.raises(FrozenError, match="^cannot delete field 'size'$"):
        del b.size  # type: ignore[misc]
    with pytest.raises(FrozenError):
        b.other = 1  # type: ignore[attr-defined]
    assert isinstance(FrozenError("x"), AttributeError)
    assert not hasattr(b, "__dict__")  # slotted


def test_compared_and_hashed_by_value_within_its_class():
    assert Box("a", note="here") == Box("a", note="there")  # compare=False
    with pytest.raises(TypeError, match="unhashable type: 'dict'"):  # as a dataclass
        hash(Box("a"))
    assert Box("a") != Box("b")
    assert Pair("a") != Box("a")  # same values, another class
    assert Crate("a") != Box("a")
    assert Pair("a") != ("a", 1.0)
    assert len({Pair("a"), Pair("a"), Pair("b")}) == 2
    assert hash(Pair("a", 2.0)) == hash(("a", 2.0))


def test_no_field_is_read_by_position():
    p = Pair("a")
    with pytest.raises(TypeError):
        p[0]  # type: ignore[index]
    with pytest.raises(TypeError):
        iter(p)  # type: ignore[call-overload]


def test_replace_copies_with_changes():
    b = Box("a", tags={"k": "v"})
    c = replace(b, size=3.0)
    assert c == Box("a", 3.0, {"k": "v"}) and b.size == 1.0
    assert c.tags is b.tags  # fields not named are the same objects
    assert type(replace(Crate("a"), lid=True)) is Crate
    with pytest.raises(TypeError, match="^Box has no field 'colour'$"):
        replace(b, colour="red")


def test_fields_in_constructor_order():
    assert [f.name for f in fields(Crate)] == ["label", "size", "tags", "note", "lid"]
    assert [f.name for f in fields(Crate("a"))] == [f.name for f in fields(Crate)]
    assert Crate("a", 2.0, lid=True).lid
    with pytest.raises(TypeError, match="^int is not a record$"):
        fields(int)


def test_repr_names_each_field():
    assert repr(Pair("a")) == "Pair(label='a', size=1.0)"


def test_declaring_mistakes_are_refused():
    with pytest.raises(TypeError, match="^non-default field 'b' follows a field with a default$"):

        @record
        class Bad:
            a: int = 0
            b: int

    with pytest.raises(ValueError, match="^a field takes a default or a default_factory"):
        field(default=1, default_factory=int)


def test_post_init_checks_each_record():
    @record
    class Positive:
        n: int

        def __post_init__(self) -> None:
            if self.n < 0:
                raise ValueError("negative")

    assert Positive(1).n == 1
    with pytest.raises(ValueError, match="negative"):
        Positive(-1)


def test_a_working_record_is_filled_in():
    t = Tally("a")
    t.seen.append("x")
    t.name = "b"
    assert t == Tally("b", ["x"])
    with pytest.raises(TypeError, match="unhashable"):
        hash(t)
    assert not hasattr(t, "__dict__")


def test_pickled_as_its_class_and_every_field():
    """A served page's diagnostics cross between processes pickled, and a sheet's pieces
    are keyed by their pickled bytes: every field goes, those left out of comparing too."""
    box = Crate("a", 2.0, {"k": "v"}, "n", lid=True)
    again = pickle.loads(pickle.dumps(box))
    assert type(again) is Crate and again == box and again.note == "n"
    with pytest.raises(FrozenError):
        again.label = "b"  # type: ignore[misc]
    tally = pickle.loads(pickle.dumps(Tally("t", ["x"])))
    assert tally == Tally("t", ["x"]) and tally.seen is not None
    assert pickle.dumps(Box("a", note="n")) != pickle.dumps(Box("a", note="m"))


def test_mypy_checks_fields_and_constructor_calls(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from kitgen.records import field, record\n"
        "@record\n"
        "class R:\n"
        "    a: int\n"
        "    b: list[int] = field(default_factory=list)\n"
        "r = R(1)\n"
        "ok: list[int] = r.b\n"
        "r.a = 2\n"
        "R(a='x')\n"
        "R(1, [1], 3)\n"
        "R(c=1)\n"
    )
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--cache-dir", str(tmp_path / "c")]
        + ["--follow-imports=silent", str(probe)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    errors = [line.split(": error: ")[1] for line in run.stdout.splitlines() if ": error: " in line]
    assert errors == [
        'Property "a" defined in "R" is read-only  [misc]',
        'Argument "a" to "R" has incompatible type "str"; expected "int"  [arg-type]',
        'Too many arguments for "R"  [call-arg]',
        'Unexpected keyword argument "c" for "R"  [call-arg]',
    ], run.stdout


def test_every_model_is_a_record():
    plain = []
    for info in pkgutil.iter_modules(kitgen.model.__path__):
        module = importlib.import_module(f"kitgen.model.{info.name}")
        for name, obj in vars(module).items():
            if not isinstance(obj, type) or obj.__module__ != module.__name__:
                continue
            if issubclass(obj, str | Mapping):  # a kind of text (model.rules.Name)
                continue
            if not hasattr(obj, "__record_fields__"):
                plain.append(f"{module.__name__}.{name}")
    assert plain == []


def test_no_module_makes_dataclasses():
    """One record kind: a dataclass anywhere in kitgen is a second one."""
    found = []
    for path in sorted((ROOT / "kitgen").rglob("*.py")):
        for node in ast.walk(parsed(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module == "dataclasses":
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
            if isinstance(node, ast.Import) and any(a.name == "dataclasses" for a in node.names):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_a_record_class_compiles_its_new_at_its_first_record():
    """A class declared but never made costs no compile (kitgen/records.py)."""

    @record
    class Base:
        a: int

    @record
    class Sub(Base):
        b: int = 0

    first_base, first_sub = Base.__dict__["__new__"], Sub.__dict__["__new__"]
    assert Sub(1) == Sub(a=1, b=0)
    assert Sub.__dict__["__new__"] is not first_sub  # compiled, in its place
    assert Base.__dict__["__new__"] is first_base  # not yet: no Base made
    assert Base(2).a == 2 and Base.__dict__["__new__"] is not first_base
    assert Sub(3, 4) == Sub(a=3, b=4) and Base(5) == Base(a=5)
    with pytest.raises(FrozenError):
        Sub(1).b = 2  # type: ignore[misc]


# Named tuples are kept for plan operations only (docs/architecture.md "Holding data"):
# what a page's plan holds, by the ten thousand, and the painter draws, each compared by
# its type and values (kitgen/layout/plan.py). Everything else is a record.
PLAN_OPS = {
    "kitgen/layout/plan.py": {
        # the shapes a page is drawn with, each painted by its own `@paints` method
        "Rect",
        "Circle",
        "Line",
        "Path",
        "Text",
        "Icon",
        "Image",
        "Group",  # ops drawn under a transform; a keyed one drawn once, as a PDF form
        "Pieces",  # a sheet's pieces, whose ops its maker makes as the page is drawn
        # parts of an op (a shape's stroke, a Text's font), made and compared with it
        "Stroke",
        "Font",
    },
}


def _is_named_tuple(node: ast.expr) -> bool:
    """`NamedTuple`, `typing.NamedTuple`, `namedtuple` or `collections.namedtuple`."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name in ("NamedTuple", "namedtuple")


def named_tuples(root: Path, allowed: dict[str, set[str]]) -> list[str]:
    """Each named tuple declared under root/kitgen that `allowed` does not list for its
    file: its file, line and name, and what to do instead."""
    found = []
    for path in sorted((root / "kitgen").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(parsed(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(map(_is_named_tuple, node.bases)):
                name = node.name
            elif isinstance(node, ast.Call) and _is_named_tuple(node.func):
                first = node.args[0] if node.args else None
                name = first.value if isinstance(first, ast.Constant) else "?"
            else:
                continue
            if name not in allowed.get(where, set()):
                found.append(
                    f"{where}:{node.lineno}: {name} is a named tuple, which is kept for plan "
                    "operations only: make it a @record (kitgen/records.py)"
                )
    return found


def test_named_tuples_are_plan_operations_only():
    assert named_tuples(ROOT, PLAN_OPS) == []


def test_every_plan_op_allowed_is_a_named_tuple_of_plan_py():
    import kitgen.layout.plan as plan

    ops = {n for n, v in vars(plan).items() if n[0] != "_" and hasattr(v, "_fields")}
    assert ops == PLAN_OPS["kitgen/layout/plan.py"]


def test_a_named_tuple_outside_the_plan_ops_is_named_with_its_line(tmp_path):
    module = tmp_path / "kitgen" / "layout" / "spots.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "import collections\n"
        "import typing\n"
        "from typing import NamedTuple\n"
        "class Spot(NamedTuple):\n"
        "    x: float\n"
        "Pair = collections.namedtuple('Pair', 'a b')\n"
        "Cell = typing.NamedTuple('Cell', [('c', int)])\n"
        "class Rect(typing.NamedTuple):\n"
        "    w: float\n"
    )
    tail = "is a named tuple, which is kept for plan operations only: make it a @record"
    assert named_tuples(tmp_path, {"kitgen/layout/spots.py": {"Rect"}}) == [
        f"kitgen/layout/spots.py:4: Spot {tail} (kitgen/records.py)",
        f"kitgen/layout/spots.py:6: Pair {tail} (kitgen/records.py)",
        f"kitgen/layout/spots.py:7: Cell {tail} (kitgen/records.py)",
    ]


# Fields read by position (issue 17 item 1): a constant index into what a call gives back
# (`plan_key(...)[0]`, `f(x)[1]`) or into an item of a sequence (`laid[i][0]`,
# `columns[0][0]`) reads a field of a fixed-shape tuple by where it stands. Such a value
# is a @record read by name, or unpacked into named locals where it arrives
# (`ops, height = plan_key(...)`, `w, h = sizes[i]`). Listed here, by file and the
# expression as written: the reads that are of no field, each with why.
NOT_FIELDS = {
    "kitgen/rules/labels.py": {
        "m.group(0)[0]": "the first character of a matched '{{' or '}}', which prints it",
    },
}


def _constant_index(node: ast.expr) -> bool:
    """An index written as a number (`0`, `-1`, `0 if turned else 1`)."""
    if isinstance(node, ast.Constant):
        return type(node.value) is int
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return _constant_index(node.operand)
    if isinstance(node, ast.IfExp):
        return _constant_index(node.body) and _constant_index(node.orelse)
    return False


def positional_reads(root: Path, allowed: dict[str, dict[str, str]]) -> list[str]:
    """Each read of a field by position under root/kitgen (see NOT_FIELDS) that `allowed`
    does not list for its file: its file, line and expression, and what to do instead."""
    found = []
    for path in sorted((root / "kitgen").rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(parsed(path.read_text())):
            if not (
                isinstance(node, ast.Subscript)
                and isinstance(node.ctx, ast.Load)  # a table filled in (`best[0][0] = 0`)
                and isinstance(node.value, ast.Call | ast.Subscript)
                and _constant_index(node.slice)
            ):
                continue
            shown = ast.unparse(node)
            if shown not in allowed.get(where, {}):
                found.append(
                    f"{where}:{node.lineno}: {shown} reads a field by position: return a "
                    "@record (kitgen/records.py) and read it by name, or unpack it into names"
                )
    return sorted(found, key=lambda f: (f.split(":")[0], int(f.split(":")[1])))


def test_no_field_is_read_by_position_in_kitgen():
    assert positional_reads(ROOT, NOT_FIELDS) == []


def test_every_read_allowed_is_still_there():
    """An entry of NOT_FIELDS whose read has gone goes too (the list stays short)."""
    everything = positional_reads(ROOT, {})
    for where, reads in NOT_FIELDS.items():
        for shown in reads:
            assert any(f.startswith(f"{where}:") and f" {shown} reads" in f for f in everything)


def test_a_field_read_by_position_is_named_with_its_line(tmp_path):
    module = tmp_path / "kitgen" / "layout" / "spots.py"
    module.parent.mkdir(parents=True)
    module.write_text(
        "ops = plan_key(m)[0]\n"
        "w = laid[i][0] + sizes[i][-1]\n"
        "h = sizes[s][0 if turned else 1]\n"
        "first = rows[0]\n"  # a sequence's first item: no field
        "cell = grid[0][width - 1]\n"  # a row and a column, not a field
        "best[0][0] = 0\n"  # a table filled in
        "ch = m.group(0)[0]\n"  # allowed below
    )
    tail = "reads a field by position: return a @record (kitgen/records.py) and read it by name"
    assert positional_reads(tmp_path, {"kitgen/layout/spots.py": {"m.group(0)[0]": "why"}}) == [
        f"kitgen/layout/spots.py:1: plan_key(m)[0] {tail}, or unpack it into names",
        f"kitgen/layout/spots.py:2: laid[i][0] {tail}, or unpack it into names",
        f"kitgen/layout/spots.py:2: sizes[i][-1] {tail}, or unpack it into names",
        f"kitgen/layout/spots.py:3: sizes[s][0 if turned else 1] {tail}, or unpack it into names",
    ]
