"""`kitgen serve`: the served page, its pictures and its live updates, on 127.0.0.1.

The standard library's threading HTTP server is enough for one designer's browser:
the page listens on /events (server-sent events) and fetches /state.json whenever a
rebuild finishes, so it updates itself with no reload.
"""

from __future__ import annotations

import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from .session import Session
from .watch import changed, snapshot

POLL = 0.2  # seconds between looks at the game folder
KEEPALIVE = 15.0  # seconds between comments on an idle event stream
HOST = "127.0.0.1"  # never another interface: the kit is the designer's own


class KitServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, session: Session, port: int = 0) -> None:
        self.session = session
        self.stopping = threading.Event()
        self.serving = False
        super().__init__((HOST, port), Handler)

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.server_address[1]}/"

    def start_watching(self, folder: Path) -> threading.Thread:
        """Rebuild whenever a file of the game folder changes from now on, until stopped
        (the folder as it is now is the one the first build read)."""
        thread = threading.Thread(target=self._watch, args=(folder, snapshot(folder)))
        thread.daemon = True
        thread.start()
        return thread

    def _watch(self, folder: Path, seen: dict) -> None:
        while not self.stopping.wait(POLL):
            now = snapshot(folder)
            if changed(seen, now):
                seen = now
                self.session.rebuild()
                seen = snapshot(folder)  # what the build read: edits during it count next

    def handle_error(self, request, client_address) -> None:
        """A browser that closes its tab mid-answer (a broken pipe, a reset) is no error
        of ours: nothing to say, no traceback. Anything else is reported as before."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        self.serving = True
        super().serve_forever(poll_interval)

    def stop(self) -> None:
        self.stopping.set()
        if self.serving:  # shutdown() waits for serve_forever, which may never have run
            self.shutdown()
        self.server_close()


class Handler(BaseHTTPRequestHandler):
    server: KitServer

    def log_message(self, format: str, *args) -> None:  # the terminal shows builds only
        pass

    def do_GET(self) -> None:
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
            file = query["file"][0]
            page = int(query["page"][0])
            x0, y0, x1, y1 = (float(v) for v in query["bbox"][0].split(","))
            if file not in session.pdfs or not (x0 < x1 and y0 < y1):
                raise ValueError(file)
            body = session.zoom(file, page, (x0, y0, x1, y1))
        except (KeyError, ValueError, IndexError):
            self._send(400, "text/plain; charset=utf-8", b"bad zoom request\n")
            return
        self._send(200, "image/png", body)

    def _events(self, session: Session) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        version = -1
        try:
            while not self.server.stopping.is_set():
                state = session.wait(version, KEEPALIVE)
                if state.version > version:
                    version = state.version
                    self.wfile.write(f"data: {version}\n\n".encode())
                else:
                    self.wfile.write(b": still here\n\n")
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return  # the tab was closed


def page_html(state: dict | None = None) -> bytes:
    """The page, with the state it first shows written into it: its sheets are drawn before
    its first paint (a screenshot taken at load shows them), not after a fetch."""
    page = files(__package__).joinpath("page.html").read_bytes()
    if state is None:
        return page
    # inside <script>, "</" could end the element early: JSON may write it "<\/"
    inline = json.dumps(state).replace("</", "<\\/").encode()
    return page.replace(b"/*FIRST_STATE*/null", inline, 1)
