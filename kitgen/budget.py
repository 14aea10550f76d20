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
# values written in YAML (each key, list item and value counts one): one file; game.yaml
# and its includes together; the scenario files together. A value is a few bytes, so
# the byte caps alone let a file hold a million (minutes to read).
MAX_YAML_VALUES = 100_000
MAX_SCENARIO_FILES = 200  # files in scenarios/
MAX_FONT_BYTES = 30 * MiB  # one font file
MAX_IMAGE_BYTES = 20 * MiB  # one PNG or JPEG file
MAX_IMAGE_PIXELS = 40_000_000  # one PNG or JPEG, width x height (160 MB decoded)
MAX_SVG_BYTES = 1 * MiB  # one SVG file
MAX_ALL_PIXELS = 60_000_000  # every PNG and JPEG a game uses, together
MAX_ALL_SVG_BYTES = 4 * MiB  # every SVG a game uses, together
MAX_SVG_ELEMENTS = 20_000  # elements in one SVG
MAX_TABLE_FILE_BYTES = 8 * MiB  # one CSV or XLSX file of records
MAX_TABLE_ROWS = 10_000  # records in one CSV or XLSX file (as many as for_each makes)
# A spreadsheet is counted on its bytes before a parser reads it
# (source/spreadsheets/sheet_bounds.py): 8 MiB of zip can unpack to gigabytes, and a row of
# a few bytes can stand for 16,384 cells.
MAX_SHEET_PARTS = 1_000  # files packed in one XLSX
MAX_SHEET_PART_BYTES = 16 * MiB  # one file packed in an XLSX, unpacked
MAX_SHEET_UNPACKED_BYTES = 32 * MiB  # every file packed in one XLSX, unpacked, together
MAX_SHEET_ELEMENTS = 1_000_000  # XML elements in one XLSX, all its files together
MAX_SHEET_OTHER_ELEMENTS = 50_000  # of those, outside its cells and shared strings
MAX_SHARED_STRINGS = 200_000  # texts in one XLSX's shared-string table
MAX_SHEET_COLUMNS = 1_000  # cells in one row of a CSV or XLSX, counted to its last cell
MAX_SHEET_CELLS = 200_000  # cells in one CSV or XLSX file, each row counted to its last cell
MAX_DIGITS = 1_000  # characters of a number written in YAML or a cell: quick to read
MAX_ITEMS = 100_000  # pieces and boxes printed: counters x quantity, labels, cards, track boxes
MAX_MAP_CELLS = 40_000  # cells of one map: columns x rows (a composed board's whole extent)
MAX_ALL_MAP_CELLS = 200_000  # cells of every map printed, copies counted
MAX_PLACED = 100_000  # figures a game's scenarios place, counts summed
MAX_PAGES = 2_000  # pages of one kit
MAX_TEXT = 5_000  # characters of one text (a table cell, a counter's text, a paragraph)
MAX_TABLE_TEXT = 200_000  # characters of every table cell and text block, together
MAX_SCENARIO_BYTES = 4 * MiB  # the files in scenarios/, together
MAX_RECORDS = 10_000  # records one generator may roll: its largest size roll x units
MAX_LENGTH_IN = 1000  # any length, in inches
MAX_NUMBER = 1_000_000  # any number a key does not bound otherwise, either way
MAX_WHERE_WORK = 5_000_000  # cells a scenario's location tests compare, all told
# Pictures of a kit (`build --png/--pieces`, `export`, `serve`): counted from the page and
# piece sizes at the chosen resolution before anything is rendered (raster.py).
MAX_PICTURE_PIXELS = 40_000_000  # one picture: a page, a board or a piece face
MAX_ALL_PICTURE_PIXELS = 250_000_000  # every picture one command renders, together
# `kitgen serve` (serve/): what one designer's browser needs, and no more
MAX_SERVE_CONNECTIONS = 32  # connections answered at once; more are closed unanswered
MAX_EVENT_STREAMS = 8  # live-update streams open at once
MAX_IDLE_SECONDS = 10  # a connection that sends or reads nothing this long is closed
MAX_ZOOM_PIXELS = 4_000_000  # one zoomed picture: a larger box renders at a lower resolution
MAX_SERVE_BUILD_SECONDS = 120  # a rebuild running longer is stopped, and says so
MAX_SERVE_BUILD_BYTES = 3072 * MiB  # a rebuild's process may take no more memory

# The running totals a game's readers spend, each with its cap and how it reads.
TOTALS = {
    "items": (MAX_ITEMS, "pieces and boxes printed"),
    "map cells": (MAX_ALL_MAP_CELLS, "map cells printed"),
    "placed": (MAX_PLACED, "figures placed by the scenarios"),
    "text": (MAX_TABLE_TEXT, "characters of table and text-block text"),
    "pixels": (MAX_ALL_PIXELS, "pixels of PNG and JPEG images"),
    "svg": (MAX_ALL_SVG_BYTES, "bytes of SVG images"),
}


def spend(ctx, total: str, amount: int, where, path: str) -> bool:
    """Add `amount` to the game's running `total` (kept in ctx.extra); False when it is
    past its cap, with an error at `where` (a node or span) the first time: the entry
    that takes the total over is the line to fix. Readers stop making what is over."""
    cap, what = TOTALS[total]
    spent = ctx.extra.setdefault("budget", {})
    before = spent.get(total, 0)
    spent[total] = before + amount
    if spent[total] <= cap:
        return True
    if before <= cap:
        ctx.error(
            where,
            path,
            f"this takes the game to {spent[total]:,} {what}, more than the {cap:,} allowed",
            "see docs/security.md for the caps",
        )
    return False


def over(ctx, total: str) -> bool:
    """True once the game's `total` is past its cap: readers make no more of it."""
    cap, _ = TOTALS[total]
    return ctx.extra.get("budget", {}).get(total, 0) > cap


MAX_UNITS = 100  # units one generator rolls
