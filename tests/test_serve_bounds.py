"""What `kitgen serve` promises against a hostile page or game (issue 39, on loopback
only): its own Host or 403; a 400 with a one-line reason for every bad query; zooms
capped in pixels; connections and event streams bounded, idle ones closed; a rebuild
in a process of its own, under a time limit, stopped at once."""

from __future__ import annotations

import http.client
import io
import multiprocessing
import socket
import threading

import pytest
from PIL import Image

from kitgen.budget import MAX_EVENT_STREAMS, MAX_SERVE_CONNECTIONS, MAX_ZOOM_PIXELS
from kitgen.serve import server as served_module
from kitgen.serve.server import KitServer
from kitgen.serve.session import Session
from tests.conftest import write_game

GAME = """\
id: patrol
title: Patrol
counters:
  - {id: chief, size: 1in, front: {background: "#7a2e2e", text: "Chief"}}
"""
SLOW = """\
id: slow
title: Slow
labels:
  - {id: tag, roster: crew, quantity: 10, size: 1/2, front: {text: "{role}"}}
generators:
  - {id: crew, size: 100, units: 100, groups: [{role: Boss, count: rest}]}
"""


@pytest.fixture
def served(tmp_path):
    session = Session(write_game(tmp_path / "patrol", GAME), dpi=36)
    session.rebuild()
    server = KitServer(session, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server
    server.stop()


def ask(server: KitServer, path: str, host: str | None = None) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=20)
    try:
        conn.putrequest("GET", path, skip_host=True)
        conn.putheader("Host", server.host if host is None else host)
        conn.endheaders()
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def test_only_requests_addressed_to_the_served_address_are_answered(served):
    assert ask(served, "/state.json")[0] == 200
    port = served.server_address[1]
    for host in (f"evil.example:{port}", "127.0.0.1", f"localhost:{port + 1}", ""):
        assert ask(served, "/state.json", host) == (403, b"forbidden: not addressed to it\n")


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("page=1&bbox=0,0,inf,72", "bbox must be four finite numbers x0,y0,x1,y1 with x0 < x1, "
                                   "y0 < y1"),
        ("page=1&bbox=0,0,1e6,72", "bbox must lie on the page: 0,0,612,792"),
        ("page=1&bbox=0,0,3000,3000", "bbox must lie on the page: 0,0,612,792"),
        ("page=0&bbox=0,0,72,72", "page must be from 1 to 1"),
        ("page=-1&bbox=0,0,72,72", "page must be a whole number from 1"),
        ("page=99999&bbox=0,0,72,72", "page must be from 1 to 1"),
        ("page=1&bbox=0,0,72", "bbox must be four numbers x0,y0,x1,y1 (points)"),
        ("page=1", "give file, page and bbox once each"),
    ],
)  # fmt: skip
def test_every_bad_zoom_query_is_a_400_with_its_reason(served, query, reason):
    status, body = ask(served, f"/zoom.png?file=counters.pdf&{query}")
    assert (status, body) == (400, f"bad zoom request: {reason}\n".encode())


def test_a_zoom_of_a_whole_page_is_capped_in_pixels(served):
    status, body = ask(served, "/zoom.png?file=counters.pdf&page=1&bbox=0,0,612,792")
    assert status == 200
    width, height = Image.open(io.BytesIO(body)).size
    assert width * height <= MAX_ZOOM_PIXELS and width > 400


def _idle(server: KitServer) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=20)


def test_connections_past_the_cap_are_closed_and_idle_ones_time_out(served, monkeypatch):
    idle = [_idle(served) for _ in range(MAX_SERVE_CONNECTIONS)]
    try:
        extra = _idle(served)
        assert extra.recv(1) == b""  # closed unanswered
        extra.close()
    finally:
        for s in idle:
            s.close()
    # each closed connection's thread gives its slot back when it sees the close: wait for
    # all of them (asking at once raced those threads and was closed unanswered)
    for _ in range(MAX_SERVE_CONNECTIONS):
        assert served.connections.acquire(timeout=30)
    for _ in range(MAX_SERVE_CONNECTIONS):
        served.connections.release()
    assert ask(served, "/state.json")[0] == 200  # the designer's tab is answered again
    monkeypatch.setattr(served_module.Handler, "timeout", 0.5)
    quiet = _idle(served)
    assert quiet.recv(1) == b""  # said nothing: closed by the server, not by the test
    quiet.close()


def test_event_streams_are_bounded(served):
    port = served.server_address[1]
    streams = []
    try:
        for _ in range(MAX_EVENT_STREAMS):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
            conn.request("GET", "/events", headers={"Host": served.host})
            assert conn.getresponse().status == 200
            streams.append(conn)
        assert ask(served, "/events") == (503, b"too many live-update streams\n")
    finally:
        for conn in streams:
            conn.close()


def test_a_rebuild_past_its_time_limit_is_stopped_and_says_so(tmp_path):
    session = Session(write_game(tmp_path / "slow", SLOW), dpi=36)
    session.limit = 0
    state = session.rebuild()
    assert (state.ok, state.building) == (False, False)
    assert [d["message"] for d in state.diagnostics] == [
        "the build ran for more than 0 s and was stopped"
    ]
    assert multiprocessing.active_children() == []


def test_a_rebuild_is_never_ok_over_old_sheets_and_stops_at_once(tmp_path):
    game = write_game(tmp_path / "g", GAME)
    session = Session(game, dpi=36)
    assert session.rebuild().ok
    (game / "game.yaml").write_text(SLOW)
    done = threading.Thread(target=session.rebuild)
    done.start()
    state = session.wait(session.state.version, 20)
    assert (state.building, state.ok, state.stale) == (True, False, True)
    while state.building_for < 1:  # published each second: the page says so
        state = session.wait(state.version, 20)
    session.stopping.set()
    done.join(20)
    assert not done.is_alive() and multiprocessing.active_children() == []


def test_a_save_during_a_slow_build_starts_it_over(tmp_path):
    """A hostile file saved into the game, then the good one restored: the restore is
    picked up at once, not after the slow build (it is stopped)."""
    game = write_game(tmp_path / "g", GAME)
    session = Session(game, dpi=36)
    assert session.rebuild().ok
    server = KitServer(session, 0)
    server.start_watching(game)
    try:
        (game / "game.yaml").write_text(SLOW)
        state = session.wait(session.state.version, 20)
        while state.building_for < 1:
            state = session.wait(state.version, 20)
        (game / "game.yaml").write_text(GAME.replace("Chief", "Chief 2"))
        while state.building or not state.ok:
            state = session.wait(state.version, 20)
        assert "Chief 2" in state.docs[0]["pages"][0]["text"]
    finally:
        server.stop()
