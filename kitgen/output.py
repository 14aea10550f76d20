"""Writing a kit: staged in a hidden folder beside the target, then swapped in.

A failed or interrupted build leaves the previous output byte-identical and
no temporary files behind. Nothing is written outside the output folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .errors import Diagnostic, KitError, Span
from .files import real_path
from .names import file_name_problem

MANIFEST = "manifest.json"


class OutputError(Exception):
    """The output folder cannot be written (read-only, not a folder, disk full)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"cannot write {path}: {reason}")
        self.path = path
        self.reason = reason


def safe_name(name: str) -> str:
    """`name` when it can name an output file or folder on every system. The readers' id
    check makes every name kitgen derives from ids pass: this is the last guard."""
    problem = file_name_problem(name, "output file name")
    if problem is not None:
        raise KitError(Diagnostic("error", None, "", *problem))
    return name


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def write_kit(out_root: Path, game_id: str, files: dict[str, bytes | Iterable[bytes]]) -> Path:
    """files: relative name -> bytes, or its chunks. Returns the kit folder. Raises OutputError when
    the folder cannot be written; the previous kit is then left as it was."""
    target = out_root / safe_name(game_id)
    try:
        return _swap_in(out_root, game_id, target, files)
    except OSError as exc:
        where = Path(exc.filename) if exc.filename else out_root
        raise OutputError(where, exc.strerror or str(exc)) from None


def _swap_in(
    out_root: Path, game_id: str, target: Path, files: dict[str, bytes | Iterable[bytes]]
) -> Path:
    out_root.mkdir(parents=True, exist_ok=True)
    staging = out_root / f".{game_id}.staging-{os.getpid()}"
    retired = out_root / f".{game_id}.old-{os.getpid()}"
    _recover(out_root, game_id, target)
    try:
        staging.mkdir()
        for name, data in files.items():
            path = real_path(staging / name)
            if not path.is_relative_to(real_path(staging)):
                raise KitError(
                    Diagnostic("error", Span(str(out_root)), "", f"bad output path {name!r}")
                )
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(data, bytes):
                path.write_bytes(data)
            else:  # chunks, made as they are written
                with path.open("wb") as f:
                    f.writelines(data)
        with _interrupt_held() as held:
            if target.exists() or target.is_symlink():
                os.replace(target, retired)
            os.replace(staging, target)
            _remove(retired)
    except BaseException:
        _remove(staging)
        if (retired.exists() or retired.is_symlink()) and not target.exists():
            os.replace(retired, target)
        raise
    if held:
        raise Interrupted([target])
    return target


class Interrupted(KeyboardInterrupt):
    """Ctrl-C came while a new kit was swapped in: the swap finished, and `written`
    says which kit is new (the CLI reports it, not "previous output left")."""

    def __init__(self, written: list[Path]):
        super().__init__()
        self.written = written


@contextmanager
def _interrupt_held() -> Iterator[list]:
    """SIGINT is noted, not raised, inside the block (the two renames and the tidying
    must not be cut between them); the list it yields is non-empty if one came."""
    held: list = []
    if threading.current_thread() is not threading.main_thread():
        yield held  # signals reach only the main thread: nothing to hold here
        return
    previous = signal.signal(signal.SIGINT, lambda *_: held.append(True))
    try:
        yield held
    finally:
        signal.signal(signal.SIGINT, previous)


def _remove(path: Path) -> None:
    """Delete a file, a symlink (never what it points to) or a folder tree, if there."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)
    elif path.is_dir():
        shutil.rmtree(path, ignore_errors=True)


def _recover(out_root: Path, game_id: str, target: Path) -> None:
    """Tidy what a killed earlier run may have left: restore its old output, drop its staging."""
    for leftover in sorted(out_root.glob(f".{game_id}.old-*")):
        if not target.exists() and not target.is_symlink():
            os.replace(leftover, target)
        else:
            _remove(leftover)
    for leftover in out_root.glob(f".{game_id}.staging-*"):
        _remove(leftover)


class Encoded(str):
    """A value already written as JSON text (manifest_json writes it as it is)."""


def manifest_json(manifest: dict) -> bytes:
    """Top-level keys one per line, each file and item on a line of its own: as easy to
    read and diff as indented JSON, and written by json's C encoder (indent= is not)."""
    return b"".join(manifest_chunks(manifest))


def manifest_chunks(manifest: dict) -> Iterator[bytes]:
    """manifest_json's bytes a few thousand lines at a time, made as they are written:
    ten thousand items' text is never held whole (a build's peak memory)."""
    parts = ["{\n"]
    for n, (key, value) in enumerate(manifest.items()):
        if n:
            parts.append(",\n")
        parts.append(f"  {json.dumps(key)}: ")
        if isinstance(value, Iterator) or (isinstance(value, list) and value):
            encode = _json_of if isinstance(value, Iterator) else to_json  # items: one at a time
            first = True
            for v in value:
                parts.append("[\n    " if first else ",\n    ")
                parts.append(encode(v))
                first = False
                if len(parts) >= FLUSH_PARTS:
                    yield "".join(parts).encode("utf-8")
                    parts.clear()
            parts.append("[]" if first else "\n  ]")
        else:
            parts.append(json.dumps(value))
    parts.append("\n}\n")
    yield "".join(parts).encode("utf-8")


FLUSH_PARTS = 4096


def _json_encoder():
    """json.dumps with its default settings, but with json's C encoder made once, not
    per call (a third of the cost of ten thousand item lines). Falls back to json.dumps
    where the C encoder is missing."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return json.dumps
    plain = json.JSONEncoder()
    encode = make(
        {}, plain.default, json.encoder.encode_basestring_ascii, None, ": ", ", ",
        False, False, True,
    )  # fmt: skip
    return lambda value: "".join(encode(value, 0))


to_json = _json_encoder()
json_text = json.encoder.encode_basestring_ascii  # a str as json.dumps writes it


def _json_of(value: object) -> str:
    return value if type(value) is Encoded else to_json(value)
