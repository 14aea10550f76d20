"""source stage of the kitgen pipeline."""
