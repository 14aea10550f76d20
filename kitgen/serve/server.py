"""`kitgen serve`: the served page, its pictures and its live updates, on 127.0.0.1.

The standard library's threading HTTP server is enough for one designer's browser:
the page listens on /events (server-sent events) and fetches /state.json whenever a
rebuild finishes, so it updates itself with no reload.

What it promises (docs/security.md): it answers only requests addressed to it by
its own address and port (a page elsewhere that points its name at 127.0.0.1 is
refused, 403); a request it cannot answer gets a 400 with a one-line reason, never
a traceback; it answers at most MAX_SERVE_CONNECTIONS connections and
MAX_EVENT_STREAMS live-update streams at once, and closes any that idle for
MAX_IDLE_SECONDS; a zoom renders at most MAX_ZOOM_PIXELS.
"""

from __future__ import annotations

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from ..budget import MAX_EVENT_STREAMS, MAX_IDLE_SECONDS, MAX_SERVE_CONNECTIONS
from .session import BadQuery, Session
from .watch import changed, snapshot

POLL = 0.2  # seconds between looks at the game folder
KEEPALIVE = 5.0  # seconds between comments on an idle event stream (under the idle cap)
STREAM_SECONDS = 300.0  # an event stream ends after this; the browser opens a new one
HOST = "127.0.0.1"  # never another interface: the kit is the designer's own


class KitServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 64

    def __init__(self, session: Session, port: int = 0) -> None:
        self.session = session
        self.stopping = threading.Event()
        self.serving = False
        self.connections = threading.BoundedSemaphore(MAX_SERVE_CONNECTIONS)
        self.streams = threading.BoundedSemaphore(MAX_EVENT_STREAMS)
        super().__init__((HOST, port), Handler)
        self.host = f"{HOST}:{self.server_address[1]}"  # the one Host header answered

    @property
    def url(self) -> str:
        return f"http://{self.host}/"

    def process_request(self, request, client_address) -> None:
        """A thread for the connection while fewer than the cap are open; else it is
        closed unanswered (a browser retries; the designer's own tab holds a few)."""
        if not self.connections.acquire(blocking=False):
            self.shutdown_request(request)
            return
        request.settimeout(MAX_IDLE_SECONDS)
        super().process_request(request, client_address)

    def process_request_thread(self, request, client_address) -> None:
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.connections.release()

    def start_watching(self, folder: Path) -> threading.Thread:
        """Rebuild whenever a file of the game folder changes from now on, until stopped
        (the folder as it is now is the one the first build read). The watcher keeps
        looking while a build runs: a save then starts the build over."""
        watcher = threading.Thread(target=self._watch, args=(folder, snapshot(folder)))
        watcher.daemon = True
        watcher.start()
        builder = threading.Thread(target=self._build_on_change, daemon=True)
        builder.start()
        return watcher

    def _watch(self, folder: Path, seen: dict) -> None:
        while not self.stopping.wait(POLL):
            now = snapshot(folder)
            if changed(seen, now):
                seen = now
                self.session.again.set()

    def _build_on_change(self) -> None:
        while not self.stopping.is_set():
            if self.session.again.wait(POLL) and not self.stopping.is_set():
                self.session.rebuild()

    def handle_error(self, request, client_address) -> None:
        """A browser that closes its tab mid-answer (a broken pipe, a reset) is no error
        of ours: nothing to say, no traceback; nor is one that idled past the time-out.
        Anything else is reported as before."""
        _, exc, _ = sys.exc_info()
        if isinstance(exc, OSError):
            return
        super().handle_error(request, client_address)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self.serving = True
        super().serve_forever(poll_interval)

    def stop(self) -> None:
        self.stopping.set()
        self.session.stopping.set()  # a build under way is stopped, its process ended
        if self.serving:  # shutdown() waits for serve_forever, which may never have run
            self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: KitServer
    timeout = MAX_IDLE_SECONDS  # a connection that sends or reads nothing is closed

    def log_message(self, format: str, *args) -> None:  # the terminal shows builds only
        pass

    def do_GET(self) -> None:
        if self.headers.get("Host") != self.server.host:
            # a page on another site whose name now points here (DNS rebinding)
            self._send(403, "text/plain; charset=utf-8", b"forbidden: not addressed to it\n")
            return
        url = urlparse(self.path)
        route = url.path
        session = self.server.session
        if route == "/":
            self._send(200, "text/html; charset=utf-8", page_html(session.state.as_json()))
        elif route == "/state.json":
            body = json.dumps(session.state.as_json()).encode()
            self._send(200, "application/json", body, cache=False)
        elif route == "/events":
            self._events(session)
        elif route.startswith("/page/") and route.endswith(".png"):
            data = session.pictures.get(route[len("/page/") : -len(".png")])
            self._send(200, "image/png", data, cache=True) if data else self._missing()
        elif route == "/zoom.png":
            self._zoom(session, parse_qs(url.query))
        else:
            self._missing()

    def _send(self, status: int, kind: str, body: bytes, cache: bool = False) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        # a page picture's name is a digest of what it draws: it never changes
        self.send_header("Cache-Control", "max-age=31536000, immutable" if cache else "no-store")
        self.end_headers()
        self.wfile.write(body)

    def _missing(self) -> None:
        self._send(404, "text/plain; charset=utf-8", b"not found\n")

    def _zoom(self, session: Session, query: dict) -> None:
        try:
            body = session.zoom(*zoom_query(query))
        except BadQuery as exc:
            self._send(400, "text/plain; charset=utf-8", f"bad zoom request: {exc}\n".encode())
            return
        self._send(200, "image/png", body)

    def _events(self, session: Session) -> None:
        if not self.server.streams.acquire(blocking=False):
            self._send(503, "text/plain; charset=utf-8", b"too many live-update streams\n")
            return
        try:
            self._stream(session)
        except OSError:  # the tab was closed, or stopped reading (the idle time-out)
            return
        finally:
            self.server.streams.release()

    def _stream(self, session: Session) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = -1
        ends = time.monotonic() + STREAM_SECONDS
        while not self.server.stopping.is_set() and time.monotonic() < ends:
            state = session.wait(version, KEEPALIVE)
            if state.version > version:
                version = state.version
                self.wfile.write(f"data: {version}\n\n".encode())
            else:
                self.wfile.write(b": still here\n\n")
            self.wfile.flush()


def zoom_query(query: dict) -> tuple[str, int, tuple[float, float, float, float]]:
    """`file`, `page` and `bbox` of a zoom request, or BadQuery saying what is wrong."""
    try:
        (file,), (page,), (bbox,) = query["file"], query["page"], query["bbox"]
    except (KeyError, ValueError):
        raise BadQuery("give file, page and bbox once each") from None
    if not (page.isascii() and page.isdigit() and len(page) < 7):
        raise BadQuery("page must be a whole number from 1")
    try:
        x0, y0, x1, y1 = (float(v) for v in bbox.split(",") if len(v) < 32)
    except ValueError:
        raise BadQuery("bbox must be four numbers x0,y0,x1,y1 (points)") from None
    return file, int(page), (x0, y0, x1, y1)


def page_html(state: dict | None = None) -> bytes:
    """The page, with the state it first shows written into it: its sheets are drawn before
    its first paint (a screenshot taken at load shows them), not after a fetch."""
    page = files(__package__).joinpath("page.html").read_bytes()
    if state is None:
        return page
    # inside <script>, "</" could end the element early: JSON may write it "<\/"
    inline = json.dumps(state).replace("</", "<\\/").encode()
    return page.replace(b"/*FIRST_STATE*/null", inline, 1)
