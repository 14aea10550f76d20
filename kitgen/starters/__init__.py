"""`kitgen new`: game folders to start from, one per template, each building at once.

The templates are YAML files beside this module; `$id`, `$title` and `$folder` in
them are filled in (YAML's own `{placeholders}` are left alone)."""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from string import Template

TEMPLATES = ("counters", "map", "cards", "full")
ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


class StarterError(Exception):
    """The new game cannot be made there (a usage error)."""


def game_id(folder: Path) -> str:
    """A game's id from its folder name: lower case, spaces as hyphens."""
    ident = re.sub(r"\s+", "-", folder.name.strip()).lower()
    if not ID.match(ident):
        raise StarterError(
            f"{folder.name!r} cannot be a game id: use letters, digits, '-', '_' or '.' "
            "(at most 64, starting with a letter or digit)"
        )
    return ident


def starter_files(template: str, folder: Path) -> dict[str, str]:
    """Each file of a template, relative path -> text, filled in for `folder`."""
    ident = game_id(folder)
    title = ident.replace("-", " ").replace("_", " ").title()
    values = {"id": ident, "title": title, "folder": folder.as_posix()}
    root = files(__package__).joinpath(template)
    out: dict[str, str] = {}

    def walk(node, prefix: str) -> None:
        for entry in sorted(node.iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".yaml"):
                out[prefix + entry.name] = Template(entry.read_text("utf-8")).substitute(values)

    walk(root, "")
    return out


def make_game(folder: Path, template: str) -> list[Path]:
    """Write a new game folder; refuses to write into a folder that holds anything."""
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise StarterError(f"{folder} already exists and is not empty: choose a new folder")
    written = []
    for name, text in starter_files(template, folder).items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
