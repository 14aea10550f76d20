"""One game being served: rebuilt when its files change, its sheets pictured.

A rebuild runs the build's own stages in memory (nothing is written to output/).
Only pages whose plan changed are rendered again: a page is keyed by a digest of its
planned operations, so one edited counter re-renders the one sheet it is on. A
build that fails keeps the last good pictures on screen, marked stale, with the
diagnostics beside them.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path

from ..build import check, draw, font_book, load, manifest_items, plan
from ..errors import Diagnostic, Diagnostics, KitError
from ..layout.plan import make_whole
from ..model.game import Settings
from ..raster import png, render_page
from ..records import field, record, replace
from ..source.yamlnodes import source_line

SCREEN_DPI = 100  # sheets on screen; a piece's zoom renders its own box sharper
ZOOM_DPI = 400


@record(frozen=False)
class PageView:
    doc: str  # the file, counters.pdf
    number: int  # from 1
    key: str  # the picture's name: a digest of what the page draws
    size: tuple[float, float]  # points
    items: list[dict]
    text: str


@record(frozen=False)
class State:
    """What the served page shows; replaced whole after every build."""

    version: int = 0
    title: str = ""
    ok: bool = False
    stale: bool = False  # the last build failed: these pages are the last good ones
    building: bool = False
    seconds: float = 0.0
    docs: list[dict] = field(default_factory=list)
    diagnostics: list[dict] = field(default_factory=list)

    def as_json(self) -> dict:
        return {
            "version": self.version,
            "title": self.title,
            "ok": self.ok,
            "stale": self.stale,
            "building": self.building,
            "seconds": round(self.seconds, 3),
            "docs": self.docs,
            "diagnostics": self.diagnostics,
        }


class Session:
    """The served game: its last good build's pictures and PDFs, and its state."""

    def __init__(self, path: Path, dpi: float = SCREEN_DPI) -> None:
        self.path = path
        self.dpi = dpi
        self.state = State()
        self.pictures: dict[str, bytes] = {}  # key -> PNG, for every page on screen
        self.texts: dict[str, str] = {}  # key -> the page's text, read back from its PDF
        self.pdfs: dict[str, bytes] = {}  # the last good build's, for zooming
        self.changed = threading.Condition()
        self.rendered = 0  # pages rendered by the last build (the others were kept)
        self._one_build = threading.Lock()  # the watcher's and the first build never overlap

    def rebuild(self) -> State:
        """Build again; on success replace the pages, else keep them, marked stale."""
        with self._one_build:
            return self._rebuild()

    def _rebuild(self) -> State:
        import time

        start = time.perf_counter()
        self._publish(building=True)
        diags = Diagnostics()
        try:
            docs_view, pictures, pdfs, title = self._build(diags)
        except KitError as exc:
            diags.extend(exc.diagnostics)
            self._publish(
                ok=False,
                stale=bool(self.state.docs),
                building=False,
                seconds=time.perf_counter() - start,
                diagnostics=[diagnostic_view(d) for d in diags],
            )
            return self.state
        except Exception as exc:  # a bug in kitgen: say so on the page, keep serving
            bug = Diagnostic("error", None, "", f"internal error: {type(exc).__name__}: {exc}")
            self._publish(
                ok=False,
                stale=bool(self.state.docs),
                building=False,
                seconds=time.perf_counter() - start,
                diagnostics=[diagnostic_view(bug)],
            )
            return self.state
        (self.pictures, self.texts), self.pdfs = pictures, pdfs
        self._publish(
            ok=True,
            stale=False,
            building=False,
            title=title,
            seconds=time.perf_counter() - start,
            docs=docs_view,
            diagnostics=[diagnostic_view(d) for d in diags],
        )
        return self.state

    def _build(self, diags: Diagnostics):
        game = load(self.path, diags)
        check(game, diags)
        settings = Settings(paper=game.paper)
        # made whole: a page's key is the digest of the ops it draws
        docs = make_whole(plan(game, settings, font_book(game), diags))
        keys = [[page_key(doc.name, n, page) for n, page in enumerate(doc.pages)] for doc in docs]
        pdfs = draw(game, docs, settings)
        items = manifest_items(docs)
        pictures: dict[str, bytes] = {}
        page_texts: dict[str, str] = {}
        views = []
        self.rendered = 0
        for doc, doc_keys in zip(docs, keys, strict=True):
            name = f"{doc.name}.pdf"
            pages = []
            for index, key in enumerate(doc_keys):
                if key in self.pictures:
                    pictures[key], page_texts[key] = self.pictures[key], self.texts[key]
                else:
                    image = render_page(pdfs[name], index, self.dpi, with_text=True)
                    pictures[key] = png(image)
                    # one line: words a layout broke over lines are found as typed
                    page_texts[key] = " ".join(image.info["text"].split())
                    self.rendered += 1
                page_items = [
                    {k: i[k] for k in ("kind", "id", "piece", "side", "bbox")}
                    for i in items
                    if i["file"] == name and i["page"] == index + 1
                ]
                pages.append(
                    {
                        "number": index + 1,
                        "key": key,
                        "items": page_items,
                        "text": page_texts[key],
                        "size": list(settings.paper.size),
                    }
                )
            views.append({"file": name, "title": doc.title, "pages": pages})
        return views, (pictures, page_texts), pdfs, game.title

    def _publish(self, **changes) -> None:
        with self.changed:
            self.state = replace(self.state, **changes, version=self.state.version + 1)
            self.changed.notify_all()

    def wait(self, version: int, timeout: float) -> State:
        """The state once its version passes `version` (or as it is after `timeout`)."""
        with self.changed:
            self.changed.wait_for(lambda: self.state.version > version, timeout)
            return self.state

    def zoom(self, file: str, page: int, bbox: tuple[float, float, float, float]) -> bytes:
        """A piece's box cut from its page, rendered sharp for a close look."""
        from ..raster import cut

        image = render_page(self.pdfs[file], page - 1, ZOOM_DPI)
        return png(cut(image, bbox, ZOOM_DPI))


def page_key(doc: str, index: int, page) -> str:
    """A digest of what a page draws: equal plans give equal pictures. A page whose
    operations cannot be hashed gets a key of its own every time (drawn again)."""
    try:
        token = repr((doc, index, page.component, page.side, tuple(page.ops), page.note))
    except Exception:  # pragma: no cover - plans are plain values
        token = f"{doc}/{index}/{id(page)}"
    return hashlib.sha1(token.encode("utf-8", "replace")).hexdigest()[:20]


def diagnostic_view(d: Diagnostic) -> dict:
    """A diagnostic for the page: its place, its words, and the line of YAML it names."""
    where = str(d.span) if d.span else ""
    line = ""
    if d.span and d.span.line > 0:
        # the line as kitgen read it: a file it refused (a link out of the game) is never
        # opened to show it
        line = source_line(d.span.file, d.span.line).decode("utf-8", "replace")[:300]
    return {
        "severity": d.severity,
        "where": where,
        "path": d.path,
        "message": d.message,
        "hint": d.hint,
        "line": line,
        "col": d.span.col if d.span else 0,
        "text": str(d),
    }
