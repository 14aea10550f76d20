"""Ops placed top to bottom down the content box, onto a fresh page when it is full:
the cover's text and a scenario's set-up sheet."""

from __future__ import annotations

from .plan import Page


class PageFlow:
    """`y` is the cursor: callers move it down as they place ops on `page`. `pages`
    holds the pages filled so far; `finish` adds the last one."""

    def __init__(
        self, component: str, bottom: float, top: float, y: float, page: Page | None = None
    ):
        self.component = component
        self.bottom, self.top = bottom, top  # a fresh page starts at `top`
        self.pages: list[Page] = []
        self.page = Page(component) if page is None else page
        self.y = y

    def need(self, height: float) -> None:
        """Room for `height` below the cursor, else a fresh page (unless this one has
        nothing on it yet: what does not fit an empty page goes there all the same)."""
        if self.y - height < self.bottom and self.page.ops:
            self.pages.append(self.page)
            self.page = Page(self.component)
            self.y = self.top

    def add(self, op) -> None:
        self.page.ops.append(op)

    def finish(self) -> list[Page]:
        self.pages.append(self.page)
        return self.pages
