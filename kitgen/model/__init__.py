"""model stage of the kitgen pipeline."""
