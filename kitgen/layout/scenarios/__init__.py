"""Set-up sheets: each scenario's map with its pieces in place, its forces, rosters, options
and special rules."""
