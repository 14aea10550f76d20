"""No cell text is cut off or runs into its neighbour: every line of every table cell a
seed kit prints, on letter and A4, is no wider than its cell less the cell's padding
(a word too long for its column stays whole and would spill past the rule)."""

from __future__ import annotations

import pytest

from kitgen.layout.rich import runs_width
from kitgen.layout.sheets import table_draw

from .conftest import CONTENT, one_kit_fast, plan_fresh, write_game

KITS = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").is_file())


def _drawn(monkeypatch, folder, paper: str) -> list:
    """The table layouts a build draws, each once."""
    drawn: list = []
    real = table_draw.TableLayout.draw

    def draw(self, *args, **kwargs):
        drawn.append(self)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(table_draw.TableLayout, "draw", draw)
    plan_fresh(folder, paper)  # planned here, not shared: the spy sees every table
    return list({id(t): t for t in drawn}.values())


def _spills(lay) -> list[str]:
    """Every cell line (header or body) wider than its cell less the cell's padding."""
    pad_x, _ = table_draw._pads(lay.size)
    spills = []
    cells = [(lay.header, lay.head_lines)] + list(zip(lay.rows, lay.row_lines, strict=True))
    for row, lines in cells:
        for cell, cell_lines in zip(row, lines, strict=True):
            room = sum(lay.widths[cell.col : cell.col + cell.cols]) - 2 * pad_x
            for ln in cell_lines:
                w = runs_width(ln, lay.faces, lay.size, lay.env.fonts)
                if w > room + 0.01:
                    text = "".join(r.text for r in ln)
                    spills.append(f"{lay.table.id}: {text!r} {w:.1f} pt in {room:.1f} pt")
    return spills


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("kit", one_kit_fast(KITS))
def test_every_seed_table_cell_fits_its_cell(monkeypatch, kit: str, paper: str):
    layouts = _drawn(monkeypatch, CONTENT / kit, paper)
    assert layouts  # every seed kit prints tables
    assert [s for lay in layouts for s in _spills(lay)] == []


def test_a_line_wider_than_its_cell_is_found(monkeypatch, game_dir):
    """The check can fail: the same table with its Effect column cut narrow."""
    body = """
id: t
title: T
sheets:
  - {id: s, title: S, items: [w]}
tables:
  - id: w
    title: W
    columns: [Weapon, Effect]
    rows:
      - [Flamer, "Phases D6 of 5,6 in"]
"""
    (lay,) = _drawn(monkeypatch, write_game(game_dir, body), "letter")
    assert _spills(lay) == []
    lay.widths[1] = 60.0  # as if the column were cut: its heading fits, its line does not
    (spill,) = _spills(lay)
    assert spill.startswith("w: 'Phases D6 of 5,6") and spill.endswith(" pt in 50.4 pt")
