"""Layout: the game model turned into sheet plans (layout/plan.py), everything placed in
points per page, for render to draw. This folder holds what every component shares: the
plan ops, the planning environment, the sheet frame, text fitting and rich text, the
imposition of pieces onto sheets with their cut marks, side marks, flowing down a page and
the searches for the largest fit. Each component is planned in its own package: maps,
counters (and labels), cards, sheets (quick-reference sheets, tables, rosters, tracks),
templates, scenarios, rulebook, and kit (the cover, contents, notes and shared sheets)."""
