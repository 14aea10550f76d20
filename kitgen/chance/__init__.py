"""Dice and odds, pure maths shared by every stage: dice notation and exact
distributions (dice.py), roll-range row labels (roll_labels.py), a roll table's
chance column and uncovered totals (table_odds.py)."""
