"""Mosslight, the card kit of issue 34: what its rulebook says agrees with its data."""

from __future__ import annotations

import csv

import yaml

from tests.conftest import CONTENT


def test_mosslights_card_list_is_its_spreadsheet():
    """The rulebook's card list (a table typed in rules.yaml) says what cards.csv says:
    every card, its copies, cost, attack and defence, under its kind's heading."""
    text = (CONTENT / "mosslight" / "cards.csv").read_text(encoding="utf-8")
    cards = list(csv.DictReader(text.splitlines()))
    rules = yaml.safe_load((CONTENT / "mosslight" / "rules.yaml").read_text(encoding="utf-8"))
    table = next(t for t in rules["tables"] if t["id"] == "card-list")
    listed = [row for row in table["rows"] if isinstance(row, list)]
    want = [
        [c["title"], c["qty"], c["cost"], c["attack"] or "—", c["defence"] or "—"]
        for kind in ("sprite", "charm", "grove")
        for c in cards
        if c["kind"] == kind
    ]
    assert listed == want
    heads = [row["heading"] for row in table["rows"] if isinstance(row, dict)]
    counts = {
        k: sum(int(c["qty"]) for c in cards if c["kind"] == k) for k in ("sprite", "charm", "grove")
    }
    assert heads == [f"Sprites ({counts['sprite']} cards)", f"Charms ({counts['charm']} cards)",
                     f"Groves ({counts['grove']} cards)"]  # fmt: skip
    assert sum(counts.values()) == 61
