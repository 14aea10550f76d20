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


def _rules() -> dict:
    return yaml.safe_load((CONTENT / "mosslight" / "rules.yaml").read_text(encoding="utf-8"))


def _cards() -> dict[str, dict]:
    text = (CONTENT / "mosslight" / "cards.csv").read_text(encoding="utf-8")
    return {c["card"]: c for c in csv.DictReader(text.splitlines())}


def test_the_blocked_fight_is_drawn_as_the_cards_fight_it():
    """The second reviewer: "the rules never show a blocked fight". The drawn example
    lays the attacker and its blocker side by side, each with the thorns the other's
    attack deals it (the blocker's "When it blocks" thorn too), and both are defeated
    as their defence says."""
    fights = next(s for s in _rules()["rulebook"]["sections"] if s["id"] == "fights")
    case = next(c for c in fights["cases"] if c["id"] == "blocked-fight")
    (diagram,) = [b["diagram"] for b in case["text"] if isinstance(b, dict) and "diagram" in b]
    pieces = diagram["pieces"]
    attacker, blocker = (p["piece"] for p in pieces if p["piece"] != "thorn")
    thorns = {c: sum(1 for p in pieces if p["piece"] == "thorn" and p["at"] == c)
              for c in (attacker, blocker)}  # fmt: skip
    cards = _cards()
    block_thorn = 1 if "When it blocks: deal 1" in cards[blocker]["text"] else 0
    assert thorns[blocker] == int(cards[attacker]["attack"])
    assert thorns[attacker] == int(cards[blocker]["attack"]) + block_thorn
    assert all(thorns[c] >= int(cards[c]["defence"]) for c in (attacker, blocker))
    assert "both are defeated" in diagram["caption"]


def test_the_turn_summary_names_the_turn_steps_in_order():
    """One aid holds the sequence of play: the summary's steps are the turn's cases."""
    rules = _rules()
    turn = next(s for s in rules["rulebook"]["sections"] if s["id"] == "turn")
    assert {"table": "turn-summary"} in turn["text"]
    summary = next(t for t in rules["tables"] if t["id"] == "turn-summary")
    steps = [row[0] for row in summary["rows"]]
    assert steps[:-1] == [c["title"] for c in turn["cases"]] and steps[-1] == "Win"
