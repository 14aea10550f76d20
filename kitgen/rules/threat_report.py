"""Reaction tables as plain text for the terminal (`kitgen threats GAME`)."""

from __future__ import annotations

from ..chance.dice import format_chance
from ..model.threat import Combo, ThreatTable
from .profile import effective_seed, resolve
from .reaction import combos, count_combos, policy_notes, row_odds, shown_combos


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 0 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(header), "  ".join("-" * w for w in widths), *[line(r) for r in rows]]


def _cell(p) -> str:
    return format_chance(p) if p else "-"


def format_table(table: ThreatTable, seed: int | None, every: bool = False) -> str:
    resolved, banding = resolve(table, seed)
    out = [
        f"{resolved.id}: {resolved.title}",
        f"roll {resolved.roll} · {count_combos(resolved)} modifier combinations checked",
    ]
    out += policy_notes(resolved)
    out.append("")
    rows = [[r.band.text, *[o or "____" for o in r.outcomes]] for r in resolved.rows]
    out += _outcome_table(["result", *resolved.columns], rows)
    if banding is not None and resolved.profile is not None:
        out.append("")
        out.append(f"generated with seed {effective_seed(seed)}: achieved (target)")
        for b, got, want in zip(
            resolved.profile.behaviours, banding.achieved, banding.targets, strict=True
        ):
            out.append(f"  {b.outcome}: {format_chance(got)} ({format_chance(want)})")
        out.append(f"  total error {banding.error}; {banding.ties} equally good banding(s)")
    out.append("")
    chosen: list[tuple[str, Combo]] = (
        [(c.label, c) for c in combos(resolved)] if every else shown_combos(resolved)
    )
    header = ["exact odds", *[r.band.text for r in resolved.rows]]
    grid = [[label, *[_cell(p) for p in row_odds(resolved, c)]] for label, c in chosen]
    out += _table(header, grid)
    return "\n".join(out)


def _outcome_table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return " | ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    return [line(header), "-+-".join("-" * w for w in widths), *[line(r) for r in rows]]


def format_threats(tables: list[ThreatTable], seed: int | None, every: bool = False) -> str:
    return "\n\n".join(format_table(t, seed, every) for t in tables)
