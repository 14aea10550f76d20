"""A progress line for builds that take a while: shown on a terminal only, and only
once a build has run for about a second (a quick build stays a quiet one)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

DELAY = 1.0  # seconds before the first line: most builds are done by then


class Progress:
    """Call with a message per step; `done()` clears the line. Writes nothing unless
    `stream` is a terminal."""

    def __init__(
        self, stream: TextIO, delay: float = DELAY, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.stream = stream
        self.live = bool(getattr(stream, "isatty", lambda: False)())
        self.delay = delay
        self.clock = clock
        self.start = clock()
        self.shown = False

    def __call__(self, message: str) -> None:
        if not self.live or self.clock() - self.start < self.delay:
            return
        self.stream.write(f"\r\x1b[Kkitgen: {message}")
        self.stream.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
