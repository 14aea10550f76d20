"""What changed in a game folder: a snapshot of its files' sizes and change times,
compared with the last one. Polling a folder of a few dozen YAML files a few times a
second costs next to nothing and works the same on every system and file system."""

from __future__ import annotations

import os
from pathlib import Path

Snapshot = dict[str, tuple[int, int]]  # relative path -> (mtime_ns, size)
IGNORED_DIRS = frozenset({".git", "__pycache__", "output", ".venv", "node_modules"})
MAX_FILES = 5000  # a game folder holds tens of files; past this, stop looking


def snapshot(folder: Path) -> Snapshot:
    """Every file below `folder` (hidden ones and editors' swap files excepted)."""
    found: Snapshot = {}
    for root, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d not in IGNORED_DIRS and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(("~", ".swp", ".swx", ".tmp")):
                continue
            path = Path(root, name)
            try:
                st = path.stat()
            except OSError:  # gone between the listing and the look: the next poll sees it
                continue
            found[path.relative_to(folder).as_posix()] = (st.st_mtime_ns, st.st_size)
            if len(found) >= MAX_FILES:
                return found
    return found


def changed(before: Snapshot, after: Snapshot) -> list[str]:
    """The files added, removed or rewritten between two snapshots."""
    return sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
