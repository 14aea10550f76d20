"""render stage of the kitgen pipeline."""
