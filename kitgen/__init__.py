"""kitgen: YAML game definitions to print-and-play kits."""

__version__ = "0.1.0"
