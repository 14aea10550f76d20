"""tables:, texts:, sheets:, cards:, threats:, generators: and tracks: in game.yaml -> table
models, reaction tables, generators (with their bands) and tracks."""
