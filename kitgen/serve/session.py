"""One game being served: rebuilt when its files change, its sheets pictured.

A rebuild runs the build's own stages in memory (nothing is written to output/), in a
process of its own: under the build's caps, a memory limit and a time limit, and
stopped at once when a later save makes it moot or the server stops, so a hostile
file saved into the game can neither wedge the server nor hold the sheets of the
build before it up as current. Only pages whose plan changed are rendered again: a
page is keyed by a digest of its planned operations, so one edited counter
re-renders the one sheet it is on. A build that fails keeps the last good pictures
on screen, marked stale, with the diagnostics beside them.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import threading
import time
from pathlib import Path

from ..budget import (
    MAX_PICTURE_PIXELS,
    MAX_SERVE_BUILD_BYTES,
    MAX_SERVE_BUILD_SECONDS,
    MAX_ZOOM_PIXELS,
)
from ..build import check, draw, font_book, load, manifest_items, plan
from ..errors import Diagnostic, Diagnostics, KitError
from ..layout.plan import make_whole
from ..model.game import Settings
from ..raster import OffPage, png, render_box, render_page
from ..records import field, record, replace
from ..source.yamlnodes import source_line

SCREEN_DPI = 100  # sheets on screen; a piece's zoom renders its own box sharper
ZOOM_DPI = 400
AGAIN = "again"  # a rebuild's outcome when a later save made it moot
STOPPED = "stopped"


class BadQuery(ValueError):
    """A request the server cannot answer: its one-line reason goes back as a 400."""


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
    building_for: int = 0  # whole seconds the build under way has run
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
            "building_for": self.building_for,
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
        self._one_render = threading.Lock()  # zooms render one at a time: bounded memory
        self.again = threading.Event()  # a save since the build began: build again
        self.stopping = threading.Event()
        self.limit = MAX_SERVE_BUILD_SECONDS

    def rebuild(self) -> State:
        """Build again; on success replace the pages, else keep them, marked stale. A
        save during the build starts it over (the build of the files as they are now)."""
        with self._one_build:
            while True:
                self.again.clear()
                outcome = self._run()
                if outcome == AGAIN:
                    continue
                if isinstance(outcome, dict):  # not STOPPED
                    self._finish(outcome)
                return self.state

    def _run(self) -> dict | str:
        """The build in a process of its own: its result, or AGAIN or STOPPED, or an
        error once it has run past the time limit or died."""
        start = time.monotonic()
        self._publish(building=True, building_for=0, ok=False, stale=bool(self.state.docs))
        context = _context()
        receive, send = context.Pipe(duplex=False)
        worker = context.Process(
            target=build_apart,
            args=(Path.cwd(), self.path, self.dpi, set(self.pictures), send),
            daemon=True,
        )
        worker.start()
        send.close()
        shown = 0
        try:
            while not receive.poll(0.1):
                elapsed = time.monotonic() - start
                if self.stopping.is_set():
                    return STOPPED
                if self.again.is_set():
                    return AGAIN
                if elapsed > self.limit:
                    return _failed(
                        f"the build ran for more than {self.limit:g} s and was stopped",
                        "a game within the caps of docs/security.md builds in well under that",
                    )
                if int(elapsed) > shown:  # the page says how long it has been building
                    shown = int(elapsed)
                    self._publish(building_for=shown)
            try:
                result = receive.recv()
            except EOFError:  # it died before it said anything: killed, or out of memory
                worker.join(1)
                return _failed(f"the build stopped without a result (exit code {worker.exitcode})")
        finally:
            if worker.is_alive():
                worker.kill()
            worker.join(1)
            receive.close()
        result["seconds"] = time.monotonic() - start
        return result

    def _finish(self, result: dict) -> None:
        seconds = result.get("seconds", 0.0)
        if not result["ok"]:
            self._publish(
                ok=False,
                stale=bool(self.state.docs),
                building=False,
                seconds=seconds,
                diagnostics=result["diagnostics"],
            )
            return
        keys = [page["key"] for view in result["views"] for page in view["pages"]]
        fresh, texts = result["pictures"], result["texts"]
        self.pictures = {k: fresh[k] if k in fresh else self.pictures[k] for k in keys}
        self.texts = {k: texts[k] if k in texts else self.texts[k] for k in keys}
        self.pdfs, self.rendered = result["pdfs"], result["rendered"]
        for view in result["views"]:
            for page in view["pages"]:
                page["text"] = self.texts[page["key"]]
        self._publish(
            ok=True,
            stale=False,
            building=False,
            title=result["title"],
            seconds=seconds,
            docs=result["views"],
            diagnostics=result["diagnostics"],
        )

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
        """A piece's box on its page, rendered sharp for a close look: at the zoom's
        resolution, or less where the box would pass MAX_ZOOM_PIXELS."""
        pdf = self.pdfs.get(file)
        if pdf is None:
            raise BadQuery(f"no file {file!r} in the kit")
        with self._one_render:
            try:
                image = render_box(pdf, page, bbox, ZOOM_DPI, MAX_ZOOM_PIXELS)
            except OffPage as exc:
                raise BadQuery(str(exc)) from None
        return png(image)


def _context():
    """forkserver where there is one: a clean process to fork builds from, quick to
    start, that never copies the server's threads; spawn elsewhere."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])  # each build forks with kitgen imported
    return context


def _failed(message: str, hint: str = "") -> dict:
    return {
        "ok": False,
        "diagnostics": [diagnostic_view(Diagnostic("error", None, "", message, hint))],
    }


def build_apart(cwd: Path, path: Path, dpi: float, known: set[str], send) -> None:
    """The build, in its own process, under a memory limit; its result sent back whole.
    It reads `path` from the server's working folder (a forked server's may differ)."""
    os.chdir(cwd)
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MAX_SERVE_BUILD_BYTES, MAX_SERVE_BUILD_BYTES))
    except (ImportError, ValueError, OSError):  # not on this system: the caps still hold
        pass
    try:
        result = build_view(path, dpi, known)
    except MemoryError:
        result = _failed(
            f"the build needed more than {MAX_SERVE_BUILD_BYTES // 2**20:,} MiB and was stopped"
        )
    send.send(result)
    send.close()


def build_view(path: Path, dpi: float, known: set[str]) -> dict:
    """What the page shows of a build: its documents and pages, with the pictures and
    texts of the pages not among `known` (those are kept from the build before)."""
    diags = Diagnostics()
    try:
        game = load(path, diags)
        check(game, diags)
        settings = Settings(paper=game.paper)
        # made whole: a page's key is the digest of the ops it draws
        docs = make_whole(plan(game, settings, font_book(game), diags))
        keys = [[page_key(doc.name, n, page) for n, page in enumerate(doc.pages)] for doc in docs]
        pdfs = draw(game, docs, settings)
    except KitError as exc:
        diags.extend(exc.diagnostics)
        return {"ok": False, "diagnostics": [diagnostic_view(d) for d in diags]}
    except Exception as exc:  # a bug in kitgen: say so on the page, keep serving
        return _failed(f"internal error: {type(exc).__name__}: {exc}")
    on_page: dict[tuple[str, int], list[dict]] = {}  # each page's items, found in one pass
    for i in manifest_items(docs):
        entry = {k: i[k] for k in ("kind", "id", "piece", "side", "bbox")}
        on_page.setdefault((i["file"], i["page"]), []).append(entry)
    pictures: dict[str, bytes] = {}
    texts: dict[str, str] = {}
    views = []
    for doc, doc_keys in zip(docs, keys, strict=True):
        name = f"{doc.name}.pdf"
        pages = []
        for index, key in enumerate(doc_keys):
            if key not in known and key not in pictures:
                size = doc.pages[index].size or settings.paper.size
                image = render_page(pdfs[name], index, _screen_dpi(size, dpi), with_text=True)
                pictures[key] = png(image)
                # one line: words a layout broke over lines are found as typed
                texts[key] = " ".join(image.info["text"].split())
            page_items = on_page.get((name, index + 1), [])
            pages.append(
                {"number": index + 1, "key": key, "items": page_items, "text": "",
                 "size": list(settings.paper.size)}
            )  # fmt: skip
        views.append({"file": name, "title": doc.title, "pages": pages})
    return {
        "ok": True,
        "views": views,
        "pictures": pictures,
        "texts": texts,
        "pdfs": pdfs,
        "title": game.title,
        "rendered": len(pictures),
        "diagnostics": [diagnostic_view(d) for d in diags],
    }


def _screen_dpi(size: tuple[float, float], dpi: float) -> float:
    """The page's resolution on screen: `dpi`, or less for a page that would pass
    MAX_PICTURE_PIXELS (a custom paper of many feet)."""
    return min(dpi, 72 * math.sqrt(MAX_PICTURE_PIXELS / (size[0] * size[1])) * 0.99)


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
