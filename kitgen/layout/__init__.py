"""layout stage of the kitgen pipeline."""
