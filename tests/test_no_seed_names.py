"""Games are data: no file in kitgen/ (code, comments, docstrings, templates) names a
seed game, its title or one of its pieces. The names are read from content/*/ as the
test runs, so a seed added or renamed is covered at once."""

from __future__ import annotations

import re

from kitgen.build import load
from kitgen.errors import Diagnostics
from tests.conftest import ROOT

# name (lower case) -> (why it may appear, the only files it may appear in; None: any)
ALLOWED = {
    "duck": (
        "the generic duck icon, a built-in any game may use",
        {"kitgen/render/icons/nature.py"},
    ),
    "door": ("an English word: the edge kind of maps, with its own symbol", None),
    "turn": ("an English word: turns of play, turn tracks", None),
    "waiting": ("an English word", None),
    "wound": ("an English word", None),
    "hidden": ("an English word: hidden rows, pieces, layers", None),
    "soldier-red": ("the full starter's own piece, a generic noun and colour", None),
    "soldier-blue": ("the full starter's own piece, a generic noun and colour", None),
}


def seed_names() -> dict[str, str]:
    """Each seed's folder name, its title and its pieces' ids and names, lower case, with
    what each is ('ryamon: piece id')."""
    names: dict[str, str] = {}
    for folder in sorted((ROOT / "content").iterdir()):
        if not (folder / "game.yaml").is_file():
            continue
        game = load(folder, Diagnostics())
        found = [(folder.name, "folder"), (game.title, "title")]
        for d in game.counters.defs if game.counters is not None else ():
            found += [(d.id, "piece id"), (d.name, "piece name")]
        for name, what in found:
            if len(name.strip()) >= 3:
                names.setdefault(name.strip().lower(), f"{folder.name}: {what}")
    return names


def _texts() -> dict[str, str]:
    out = {}
    for path in sorted((ROOT / "kitgen").rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            try:
                out[path.relative_to(ROOT).as_posix()] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # not text (a font, a picture): nothing a person reads
    return out


def test_the_seeds_give_names_to_look_for():
    names = seed_names()
    assert len(names) > 100
    assert {"ryamon", "duck", "ironford", "rencounter", "reshuffled"} <= set(names)


def scan(texts: dict[str, str], names: dict[str, str]) -> list[str]:
    """'file:line: name (what it is)' for every seed name found, word-bounded, in any case."""
    found = []
    for rel, text in texts.items():
        low = text.lower()
        for name, what in names.items():
            allowed = ALLOWED.get(name)
            if allowed is not None and (allowed[1] is None or rel in allowed[1]):
                continue
            if name not in low:
                continue  # the quick test; the word-bounded one below finds the line
            pattern = r"(?<![a-z0-9])" + re.escape(name) + r"(?![a-z0-9])"
            for m in re.finditer(pattern, low):
                line = low.count("\n", 0, m.start()) + 1
                found.append(f"{rel}:{line}: {name!r} ({what})")
    return found


def test_no_file_in_kitgen_names_a_seed_game_or_its_pieces():
    assert scan(_texts(), seed_names()) == []


def test_the_scan_finds_a_seed_name_where_it_is_not_allowed():
    names = seed_names()
    texts = {"kitgen/x.py": "import os\n# the Ryamon map (a duck icon)\n"}
    assert scan(texts, names) == [
        "kitgen/x.py:2: 'duck' (duck: folder)",
        "kitgen/x.py:2: 'ryamon' (ryamon: folder)",
    ]
    assert scan({"kitgen/render/icons/nature.py": "duck"}, names) == []


def test_each_allowance_is_still_needed():
    names, texts = seed_names(), _texts()
    for name in ALLOWED:
        assert name in names, f"{name!r} is no longer a seed's name: drop it from ALLOWED"
        assert any(name in text.lower() for text in texts.values()), (
            f"{name!r} no longer appears in kitgen/: drop it from ALLOWED"
        )
