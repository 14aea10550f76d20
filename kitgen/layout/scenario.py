"""Set-up sheets: placeholder until drawn."""

from __future__ import annotations


def plan_scenarios(book, env) -> list:
    return []
