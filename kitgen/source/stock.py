"""`stock:`, what a component's file prints on, where the kind of what it holds would
choose otherwise (a map piece handled in play goes on cardstock, not paper)."""

from __future__ import annotations

from .spec import Choice, Key

# the stocks the cover's contents list may name; a file with none takes the one its
# kinds of item call for (layout/kit/contents.py)
STOCKS = ("paper", "light card", "cardstock", "transparency film")
STOCK = Key(
    "stock",
    Choice(STOCKS, "stock"),
    "what its file prints on; default: what its kind of item calls for",
)
