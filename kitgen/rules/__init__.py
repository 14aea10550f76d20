"""rules stage of the kitgen pipeline."""
