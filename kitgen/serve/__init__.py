"""`kitgen serve`: see the kit while writing it (watch, rebuild, picture, show)."""
