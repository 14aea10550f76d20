"""One game being served: rebuilt when its files change, its sheets pictured.

A rebuild runs the build's own stages in memory (nothing is written to output/), in a
process of its own: under the build's caps, a memory limit and a time limit, and
stopped at once when a later save makes it moot or the server stops, so a hostile
file saved into the game can neither wedge the server nor hold the sheets of the
build before it up as current. Only pages whose plan changed are made, drawn and
rendered again: a page is keyed by a digest of what it is made from (its own ops, and
its pieces with what their ops are made from), so one edited counter draws again only
the sheets it is on. A build that fails keeps the last good pictures on screen, marked
stale, with the diagnostics beside them.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import threading
import time
from collections.abc import Mapping
from pathlib import Path

from ..budget import (
    MAX_PICTURE_PIXELS,
    MAX_SERVE_BUILD_BYTES,
    MAX_SERVE_BUILD_SECONDS,
    MAX_ZOOM_PIXELS,
)
from ..build import check, draw, font_book, load, manifest_items, no_cycle_collection, plan
from ..errors import Diagnostic, Diagnostics, KitError
from ..layout.plan import Document, Page, Pieces, make_whole_page
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
        # each page's PDF and its place in it, by key, for zooming: a rebuild draws only
        # its new pages, the others' are kept
        self.pdfs: dict[str, tuple[bytes, int]] = {}
        # what making each page found (diagnostics), by key: said again when it is kept
        self.found: dict[str, list[Diagnostic]] = {}
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
            args=(Path.cwd(), self.path, self.dpi, self.found, send),
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
        drawn = {k: (result["pdfs"][name], n) for k, (name, n) in result["at"].items()}
        self.found, self.rendered = result["found"], result["rendered"]
        for view in result["views"]:
            for page in view["pages"]:
                page["text"] = self.texts[page["key"]]
        with self.changed:  # a zoom reads the pages and their PDFs together
            self.pdfs = {k: drawn[k] if k in drawn else self.pdfs[k] for k in keys}
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
        with self.changed:  # the pages and their PDFs of one build
            views = [view for view in self.state.docs if view["file"] == file]
            if not views:
                raise BadQuery(f"no file {file!r} in the kit")
            pages = views[0]["pages"]
            if not 1 <= page <= len(pages):
                raise BadQuery(f"page must be from 1 to {len(pages)}")
            pdf, number = self.pdfs[pages[page - 1]["key"]]
        with self._one_render:
            try:
                image = render_box(pdf, number + 1, bbox, ZOOM_DPI, MAX_ZOOM_PIXELS)
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


def build_apart(cwd: Path, path: Path, dpi: float, known: dict, send) -> None:
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


def build_view(path: Path, dpi: float, known: Mapping[str, list[Diagnostic]]) -> dict:
    """What the page shows of a build: its documents and pages, with the pictures and
    texts of the pages not among `known` (those are kept from the build before). A page
    is keyed by what it is made from (page_key): only the pages whose keys are new are
    made, drawn and rendered; `known` holds, by key, what making each page found (a
    face's warnings), said again for the pages not made again."""
    diags = Diagnostics()
    try:
        with no_cycle_collection():  # as a build: ten thousand pieces, next to no cycles
            game = load(path, diags)
            check(game, diags)
            settings = Settings(paper=game.paper)
            docs = plan(game, settings, font_book(game), diags)
            keys = [
                [page_key(doc.name, n, page) for n, page in enumerate(doc.pages)] for doc in docs
            ]
            found, only = _make_new_pages(docs, keys, known, diags)
            pdfs = draw(game, docs, settings, only=only)
    except KitError as exc:
        diags.extend(exc.diagnostics)
        return {"ok": False, "diagnostics": [diagnostic_view(d) for d in diags]}
    except Exception as exc:  # a bug in kitgen: say so on the page, keep serving
        return _failed(f"internal error: {type(exc).__name__}: {exc}")
    pictures: dict[str, bytes] = {}
    texts: dict[str, str] = {}
    at: dict[str, tuple[str, int]] = {}  # a new page's file and place in the PDF drawn
    for doc, doc_keys in zip(docs, keys, strict=True):
        name = f"{doc.name}.pdf"
        for drawn, index in enumerate(only.get(name, ())):
            key = doc_keys[index]
            size = doc.pages[index].size or settings.paper.size
            image = render_page(pdfs[name], drawn, _screen_dpi(size, dpi), with_text=True)
            pictures[key] = png(image)
            # one line: words a layout broke over lines are found as typed
            texts[key] = " ".join(image.info["text"].split())
            at[key] = (name, drawn)
    return {
        "ok": True,
        "views": _views(docs, keys, settings),
        "pictures": pictures,
        "texts": texts,
        "pdfs": pdfs,
        "at": at,
        "found": found,
        "title": game.title,
        "rendered": len(pictures),
        "diagnostics": [diagnostic_view(d) for d in diags],
    }


def _make_new_pages(
    docs: list[Document], keys: list[list[str]], known: Mapping, diags: Diagnostics
) -> tuple[dict[str, list[Diagnostic]], dict[str, list[int]]]:
    """Each new page's ops made, in the kit's order, as a build makes them (so the
    diagnostics come in a build's order); a known page's diagnostics said again. What
    each page found, by key, and the new pages' indices by file."""
    found: dict[str, list[Diagnostic]] = {}
    only: dict[str, list[int]] = {}
    for doc, doc_keys in zip(docs, keys, strict=True):
        for index, key in enumerate(doc_keys):
            if key in known:
                found[key] = list(known[key])
                diags.extend(found[key])
                continue
            with diags.collected() as found[key]:
                make_whole_page(doc.pages[index])
            only.setdefault(f"{doc.name}.pdf", []).append(index)
    return found, only


def _views(docs: list[Document], keys: list[list[str]], settings: Settings) -> list[dict]:
    """Each document's pages as the page lists them: key, size and items (found in one
    pass over the kit's items), the text filled in by the session."""
    on_page: dict[tuple[str, int], list[dict]] = {}
    for i in manifest_items(docs):
        entry = {k: i[k] for k in ("kind", "id", "piece", "side", "bbox")}
        on_page.setdefault((i["file"], i["page"]), []).append(entry)
    views = []
    for doc, doc_keys in zip(docs, keys, strict=True):
        name = f"{doc.name}.pdf"
        pages = [
            {"number": n, "key": key, "items": on_page.get((name, n), []), "text": "",
             "size": list(settings.paper.size)}
            for n, key in enumerate(doc_keys, start=1)
        ]  # fmt: skip
        views.append({"file": name, "title": doc.title, "pages": pages})
    return views


def _screen_dpi(size: tuple[float, float], dpi: float) -> float:
    """The page's resolution on screen: `dpi`, or less for a page that would pass
    MAX_PICTURE_PIXELS (a custom paper of many feet)."""
    return min(dpi, 72 * math.sqrt(MAX_PICTURE_PIXELS / (size[0] * size[1])) * 0.99)


def page_key(doc: str, index: int, page: Page) -> str:
    """A digest of what a page is made from: equal keys give equal pictures. Its own ops
    as they are, a sheet's pieces by what their ops are made from (PieceMaker.inputs:
    making ten thousand counters' ops only to key their sheets was a fifth of a served
    edit). A page whose operations cannot be read gets a key of its own every time."""
    digest = hashlib.sha1()
    try:
        ops = [("pieces", op.side) if type(op) is Pieces else op for op in page.ops]
        token = repr(
            (doc, index, page.component, page.side, page.size, page.trim_box, page.bleed_box,
             page.framed, page.note, page.proof, ops)
        )  # fmt: skip
        digest.update(token.encode("utf-8", "replace"))
        for op in page.ops:
            if type(op) is Pieces:
                digest.update(op.maker.inputs(op.pieces, op.side))
    except Exception:  # pragma: no cover - plans are plain values
        digest.update(f"{doc}/{index}/{id(page)}".encode())
    return digest.hexdigest()[:20]


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
