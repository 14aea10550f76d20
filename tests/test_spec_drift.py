"""Readers take defaults, ranges, choices and required keys from the declaration only:
a reader that writes one out again fails here, named by file and line (spec_drift.py)."""

from __future__ import annotations

from pathlib import Path

from tests.spec_drift import SOURCE, count_raw, scan

# The readers' f.raw(key) calls: 190 when the scan came, 119 after readers moved to
# get()/node_of(), none since every key is read by a getter, get(key, reader) or, for a
# node to point at or read by hand, node_of(key). A new raw read is what the scan cannot see.
RAW_READS = 0


def test_no_reader_restates_its_declaration() -> None:
    found = scan()
    assert not found, "take these from the spec (source/spec.py):\n" + "\n".join(found)


def test_raw_reads_do_not_grow() -> None:
    assert count_raw() <= RAW_READS, "read the key with a getter, or f.get(key, reader)"


def test_the_scan_finds_a_restated_default_and_a_hand_written_missing_key(
    tmp_path: Path,
) -> None:
    """Old code, as it was before the readers were driven by the spec, fails the scan."""
    folder = tmp_path / "kitgen" / "source"
    (folder / "counters").mkdir(parents=True)
    text = (SOURCE / "counters" / "counters.py").read_text(encoding="utf-8")
    text = text.replace(
        '    background = _colour(f, v, "background")',
        '    background = v.colour(f.raw("background"), f.sub("background"), "#ffffff")',
    )
    text = text.replace(
        "    shape = f.choice(COUNTER_SHAPE)", '    shape = f.choice("shape", default="square")'
    )
    text = text.replace(
        "    front = f.get(COUNTER_FRONT, _read_face, v, (w, h))",
        "    front = f.get(COUNTER_FRONT, _read_face, v, (w, h))\n"
        "    if front is None:\n"
        "        ctx.error(node, path, \"missing required key 'front'\")",
    )
    (folder / "counters" / "counters.py").write_text(text, encoding="utf-8")
    lines = text.splitlines()
    shape, colour, missing = (
        next(i for i, line in enumerate(lines, 1) if what in line)
        for what in ('"shape", default=', 'f.raw("background")', "missing required key")
    )
    assert scan(folder) == [
        f"kitgen/source/counters/counters.py:{shape}: choice('shape') restates the declared "
        "default 'square': leave it out",
        f"kitgen/source/counters/counters.py:{colour}: 'background' read with its declared "
        "default '#ffffff': use a getter",
        f"kitgen/source/counters/counters.py:{missing}: writes its own 'missing required key': "
        "declare the key required (or in a OneOf group) and read it with a getter",
    ]
