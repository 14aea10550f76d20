"""Numbered tracks (score, food stockpile, turn): boxes numbered from a range."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import Span
from ..records import field, record


@record
class Track:
    id: str
    title: str
    start: int
    stop: int  # inclusive
    step: int = 1
    box: float = 36.0  # side of one box, points
    per_row: int = 10
    every: int = 0  # shade every n-th number (0 = none)
    labels: Mapping[int, str] = field(default_factory=dict)  # 5 -> "start"
    colour: str = "#333333"
    span: Span | None = None
    shade: Mapping[int, str] = field(default_factory=dict)  # n -> fill: special turns (mud)
    events: Mapping[int, str] = field(default_factory=dict)  # n -> what happens that turn
    periods: Mapping[str, tuple[int, ...]] = field(default_factory=dict)  # Mud -> (4, 5)
    side: str | None = None  # the side whose track it is: its title carries the side's mark

    @property
    def numbers(self) -> list[int]:
        return list(range(self.start, self.stop + (1 if self.step > 0 else -1), self.step))


@record
class TrackSet:
    tracks: tuple[Track, ...] = ()
