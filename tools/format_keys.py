"""Rewrite what is generated from the format's declarations (kitgen/source/*.py specs):
schema/game.schema.json, schema/scenario.schema.json and the key tables at the end of
docs/format.md. Run as `make schema` after declaring or changing a key; the tests fail
until it has been run.
"""

from __future__ import annotations

from pathlib import Path

from kitgen.source.schema import KINDS, TABLES_BEGIN, TABLES_END, key_tables, schema_text

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    for kind in KINDS:
        (ROOT / "schema" / f"{kind}.schema.json").write_text(schema_text(kind), encoding="utf-8")
    docs = ROOT / "docs" / "format.md"
    text = docs.read_text(encoding="utf-8")
    start = text.index(TABLES_BEGIN)
    end = text.index(TABLES_END) + len(TABLES_END) + 1
    docs.write_text(text[:start] + key_tables() + text[end:], encoding="utf-8")


if __name__ == "__main__":
    main()
