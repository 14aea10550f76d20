"""Readers take defaults, ranges, choices and required keys from the declaration only.

Every getter is asked by the key object its mapping's spec declares: mypy holds kitgen/
to it, because no getter has an overload that takes a key's name. A getter asked by a
key object takes no default, range or choices of its own (a default only for a key
declared without one), so a reader cannot restate its declaration, and one that asks
for a key its spec does not hold fails at once (tests/test_spec.py). What typing cannot
see is checked here, by reading the source: no reader says "missing required key" in its
own words, and none reads a key's node raw."""

from __future__ import annotations

import re
import typing
from pathlib import Path

from kitgen.source.fields import Fields

SOURCE = Path(__file__).resolve().parents[1] / "kitgen" / "source"
# the getters that read a key's value (or its node, for the reader to read itself)
GETTERS = ("text", "id", "number", "integer", "length", "colour", "boolean", "choice", "file")
GETTERS += ("get", "default", "seq", "texts", "node_of")


def _key_annotations(name: str) -> list[str]:
    method = getattr(Fields, name)
    signatures = typing.get_overloads(method) or [method]
    return [str(sig.__annotations__["key"]) for sig in signatures]


def test_every_getter_is_asked_by_a_declared_key_object() -> None:
    by_name = {
        name: note
        for name in GETTERS
        for note in _key_annotations(name)
        if not note.startswith("Key[")
    }
    assert not by_name, f"getters that take a key's name (mypy cannot type them): {by_name}"


def _lines(pattern: str, folder: Path = SOURCE) -> list[str]:
    """'file:line: text' of each line of the readers matching `pattern` (Fields and the
    spec excepted: they say it, and read the nodes)."""
    found = []
    for file in sorted(folder.rglob("*.py")):
        if file.name in ("fields.py", "spec.py"):
            continue
        for n, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(pattern, line):
                found.append(f"{file.relative_to(folder.parents[1])}:{n}: {line.strip()}")
    return found


def test_no_reader_says_a_key_is_missing_in_its_own_words() -> None:
    found = _lines("missing required key")
    assert not found, (
        "declare the key required (or in a OneOf group) and read it with a getter:\n"
        + "\n".join(found)
    )


def test_no_reader_reads_a_node_raw() -> None:
    found = _lines(r"\.raw\(")
    assert not found, "read the key with a getter, f.get(KEY, reader) or f.node_of(KEY):\n" + (
        "\n".join(found)
    )


def test_the_source_checks_find_what_they_look_for(tmp_path: Path) -> None:
    """Old code, as it was before the readers were driven by the spec, is found."""
    folder = tmp_path / "kitgen" / "source"
    folder.mkdir(parents=True)
    (folder / "counters.py").write_text(
        "def read(f, v):\n"
        '    background = v.colour(f.raw("background"), f.sub("background"), "#ffffff")\n'
        "    if background is None:\n"
        "        f.ctx.error(f.node, f.path, \"missing required key 'background'\")\n",
        encoding="utf-8",
    )
    assert _lines(r"\.raw\(", folder) == [
        'kitgen/source/counters.py:2: background = v.colour(f.raw("background"), '
        'f.sub("background"), "#ffffff")'
    ]
    assert _lines("missing required key", folder) == [
        "kitgen/source/counters.py:4: "
        "f.ctx.error(f.node, f.path, \"missing required key 'background'\")"
    ]
