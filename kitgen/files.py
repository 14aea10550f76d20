"""Every file kitgen reads from a game, through one gate.

A game folder may come from anyone. A file name written in it (an include, an
image, a font, a scenario, a reference inside an SVG) is resolved here: links
are followed first, and the real file must then lie inside the game folder and
be a regular file (not a folder, a device or a pipe). The bytes are read here
too, at most `limit` of them, from the file that passed the test (opened without
following a link and without waiting on a pipe), so what was checked is what is
read. Readers get bytes, never a path to open themselves.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .records import record

MAX_NAME = 1024  # characters in a file name as written: longer is no real file's name


class FileRefused(ValueError):
    """A file name that cannot be read: the message names it, for a diagnostic."""

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint


@record
class GameFile:
    path: Path  # the real path (links resolved), inside the root
    data: bytes


def confine(root: Path, name: str | Path, base: Path | None = None) -> Path:
    """The real path of `name` (relative to `base`, default `root`), which must lie
    inside `root` once links are resolved. Raises FileRefused. Does not look at what
    the path is: read_file does."""
    text = str(name)
    if "\0" in text:
        raise FileRefused(f"bad file name {_shown(text)}: it holds a NUL character")
    if len(text) > MAX_NAME:
        raise FileRefused(f"bad file name {_shown(text)}: longer than {MAX_NAME} characters")
    real_root = _real(root)
    try:
        target = Path(os.path.realpath(Path(base or root) / text))
    except (OSError, ValueError) as exc:
        raise FileRefused(f"bad file name {_shown(text)}: {exc}") from None
    if not target.is_relative_to(real_root):
        raise FileRefused(
            f"{_shown(text)} leads outside the game folder",
            "keep every file the game uses inside its folder; links are followed",
        )
    return target


def read_file(
    root: Path, name: str | Path, limit: int, base: Path | None = None, what: str = "file"
) -> GameFile:
    """The bytes of a regular file inside `root` (see confine), at most `limit` of them.
    Raises FileRefused naming the file: outside, missing, not a regular file, too big."""
    target = confine(root, name, base)
    shown = _shown(str(name))
    try:
        # O_NONBLOCK: opening a pipe must not wait for a writer; O_NOFOLLOW: the path is
        # already real, so a link here was put in since it was resolved.
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise FileRefused(f"{what} not found: {shown}") from None
    except OSError as exc:
        raise FileRefused(f"cannot read {what} {shown}: {_reason(exc)}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"{what} {shown} is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"{what} {shown} is not a regular file (a device or a pipe)")
        if info.st_size > limit:
            raise FileRefused(_too_big(what, shown, limit), "see docs/security.md for the caps")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(limit + 1)  # a size from stat can lie: read one byte past the cap
    except OSError as exc:
        raise FileRefused(f"cannot read {what} {shown}: {_reason(exc)}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileRefused(_too_big(what, shown, limit), "see docs/security.md for the caps")
    return GameFile(target, data)


def list_folder(root: Path, folder: str, suffixes: tuple[str, ...]) -> list[str]:
    """Names (relative to root, sorted) of the entries of `folder` whose suffix is one
    of `suffixes`; [] when the folder is missing. The folder itself must lie inside
    root: a link to a folder elsewhere is refused (FileRefused). Each name is still
    read through read_file, which checks it on its own."""
    real = confine(root, folder)
    if not real.is_dir():
        return []
    try:
        names = sorted(e.name for e in os.scandir(real) if e.name.lower().endswith(suffixes))
    except OSError as exc:
        raise FileRefused(f"cannot list folder {_shown(folder)}: {_reason(exc)}") from None
    return [f"{folder}/{n}" for n in names]


def list_subfolders(root: Path, folder: str) -> list[str]:
    """Names (relative to root, sorted) of the folders inside `folder` (links to folders
    included); [] when `folder` is missing. Refused like list_folder."""
    real = confine(root, folder)
    if not real.is_dir():
        return []
    try:
        with os.scandir(real) as entries:
            names = sorted(e.name for e in entries if _is_dir(e))
    except OSError as exc:
        raise FileRefused(f"cannot list folder {_shown(folder)}: {_reason(exc)}") from None
    return [f"{folder}/{n}" for n in names]


def _is_dir(entry: os.DirEntry) -> bool:
    """A folder, or a link to one; False for a link that leads nowhere or loops (reading
    it as a file says what is wrong with it)."""
    try:
        return entry.is_dir()
    except OSError:
        return False


def real_path(path: str | os.PathLike[str]) -> Path:
    """`path` made absolute with its links followed as far as they lead. Unlike a
    Path's resolve, a loop of links is left as written, never an exception: reading
    the file is then the error, at the line that names it."""
    return Path(os.path.realpath(path))


_real = real_path


def _too_big(what: str, shown: str, limit: int) -> str:
    return f"{what} {shown} is more than the {limit:,} bytes allowed"


def _reason(exc: OSError) -> str:
    return exc.strerror or type(exc).__name__


def _shown(text: str) -> str:
    """A file name as a message shows it: quoted, control characters escaped, cut short."""
    shown = repr(text)
    return shown if len(shown) <= 80 else shown[:60] + "..." + shown[-12:]
