"""maps: in game.yaml -> MapSet: terrain, cell references, and what a map holds besides
terrain (line and cell features, off-map boxes, hexside runs)."""
