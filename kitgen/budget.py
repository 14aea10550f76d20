"""The caps on what one game may ask for: a small file must not demand gigabytes or
minutes. Each is checked where the value that spends it is read, so `kitgen check`
reports a breach at the line that causes it, before any work is done. The figures
are documented in docs/security.md (tests/test_hostile.py keeps the two in step).
"""

from __future__ import annotations

MiB = 1024 * 1024

MAX_YAML_BYTES = 2 * MiB  # one YAML file (game.yaml, an include, a scenario)
MAX_GAME_BYTES = 4 * MiB  # game.yaml and every file it includes, together
MAX_INCLUDES = 64  # files included, all levels together
MAX_SCENARIO_FILES = 200  # files in scenarios/
MAX_FONT_BYTES = 30 * MiB  # one font file
MAX_IMAGE_BYTES = 20 * MiB  # one PNG or JPEG file
MAX_IMAGE_PIXELS = 40_000_000  # one PNG or JPEG, width x height (160 MB decoded)
MAX_SVG_BYTES = 1 * MiB  # one SVG file
MAX_SVG_ELEMENTS = 20_000  # elements in one SVG
MAX_TABLE_FILE_BYTES = 8 * MiB  # one CSV or XLSX file of records
MAX_TABLE_ROWS = 10_000  # records in one CSV or XLSX file (as many as for_each makes)
