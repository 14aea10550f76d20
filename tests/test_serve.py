"""`kitgen serve`: rebuilds on change, re-renders only what changed, keeps the last
good sheets when an edit breaks, serves it all on 127.0.0.1; and a real browser
that watches the page update itself."""

from __future__ import annotations

import io
import json
import os
import shutil
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from kitgen.progress import Progress
from kitgen.serve.server import KitServer
from kitgen.serve.session import Session
from kitgen.serve.watch import changed, snapshot
from tests.conftest import run_cli, write_game

GAME = """\
id: patrol
title: Patrol
counters:
  - id: "scout-{n}"
    for_each: {n: [%s]}
    size: 1in
    front: {background: "#2e4a7a", text: {text: "Scout {n}", at: bottom}}
  - id: chief
    size: 1in
    front: {background: "#7a2e2e", text: {text: "Chief 7-7", at: bottom}}
"""


def game_text(scouts: int = 80) -> str:
    return GAME % ", ".join(f'"{n}"' for n in range(1, scouts + 1))


@pytest.fixture
def game(tmp_path) -> Path:
    return write_game(tmp_path / "patrol", game_text())


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def counter_pages(state) -> list[dict]:
    (doc,) = [d for d in state.docs if d["file"] == "counters.pdf"]
    return doc["pages"]


# ---- the session ------------------------------------------------------------------


def test_an_edit_re_renders_only_the_page_it_is_on(game):
    session = Session(game, dpi=36)
    first = session.rebuild()
    assert first.ok and not first.stale
    before = counter_pages(first)
    assert len(before) >= 2  # 81 one-inch counters: more than one letter sheet
    assert session.rendered == sum(len(d["pages"]) for d in first.docs)
    edit(game / "game.yaml", "Chief 7-7", "Chief 8-8")
    second = session.rebuild()
    after = counter_pages(second)
    assert session.rendered == 1
    moved = [a["key"] != b["key"] for a, b in zip(before, after, strict=True)]
    assert moved.count(True) == 1
    (page,) = [p for p, m in zip(after, moved, strict=True) if m]
    assert "Chief 8-8" in page["text"] and "Chief 7-7" not in page["text"]
    assert set(session.pictures) == {p["key"] for d in second.docs for p in d["pages"]}


def test_each_page_lists_its_own_items_read_in_one_pass(game, monkeypatch):
    """A page's items are its own (each counter on the sheet that prints it), found in
    one pass over the kit's items: ten thousand counters were read once per page."""
    from kitgen.serve import session as session_module

    read = []
    items = session_module.manifest_items

    def counted(docs):
        for entry in items(docs):
            read.append(entry["id"])
            yield entry

    monkeypatch.setattr(session_module, "manifest_items", counted)
    view = session_module.build_view(game, 36, {})
    pages = [p for v in view["views"] for p in v["pages"]]
    assert len(pages) >= 2  # two counter sheets
    listed = [i["id"] for p in pages for i in p["items"]]
    assert sorted(listed) == sorted(read) and len(read) == len(set(read))
    first = [v for v in view["views"] if v["file"] == "counters.pdf"][0]["pages"]
    assert "chief" in {i["id"] for i in first[-1]["items"]}
    assert "chief" not in {i["id"] for i in first[0]["items"]}


KEYED = """\
id: keyed
title: Keyed
counters:
  - id: "scout-{n}"
    for_each: {n: [%s]}
    size: 1in
    front: {background: "#2e4a7a", text: {text: "Scout {n}", at: bottom}}
  - id: guard
    quantity: 70
    size: 1in
    front: {background: "#4a7a2e", text: {text: "Guard 3-3", at: bottom}}
  - id: banner
    size: 1in
    front: {background: "#7a2e2e", text: {text: "%s", at: centre, min_size: 8pt}}
"""
LONG = " ".join(["Overlong words that never fit a piece"] * 6)


def keyed_game(tmp_path: Path) -> Path:
    """Ten scouts, then seventy guards over two sheets, then a counter whose
    text does not fit (a warning found as its sheet's ops are made)."""
    return write_game(tmp_path / "keyed", KEYED % (", ".join(str(n) for n in range(1, 11)), LONG))


def sheets_holding(view: dict, ident: str) -> set[int]:
    (doc,) = [v for v in view["views"] if v["file"] == "counters.pdf"]
    return {p["number"] for p in doc["pages"] if ident in {i["id"] for i in p["items"]}}


def test_an_edit_draws_again_exactly_the_sheets_holding_the_edited_piece(tmp_path, monkeypatch):
    """A sheet is keyed by its pieces and what they are made from: an edit makes, draws
    and renders again only the sheets that hold the edited design, and what making the
    others found (the banner's warning) is still said, in a build's order."""
    from kitgen.layout.counters import counters as sheets_module
    from kitgen.serve import session as session_module

    game = keyed_game(tmp_path)
    made: list[set[str]] = []
    ops = sheets_module.CounterSheets.ops

    def counted(self, pieces, side):
        made.append({slot.d.id for slot, _, _ in pieces})
        return ops(self, pieces, side)

    monkeypatch.setattr(sheets_module.CounterSheets, "ops", counted)
    first = session_module.build_view(game, 36, {})
    holding = sheets_holding(first, "guard")
    assert len(holding) == 2 and len(made) == first["rendered"] == 2  # two sheets, both new
    (warning,) = first["diagnostics"]
    assert warning["message"].startswith("text 'Overlong words") and "banner" in warning["message"]
    edit(game / "game.yaml", "Guard 3-3", "Guard 4-4")
    made.clear()
    second = session_module.build_view(game, 36, first["found"])
    assert len(made) == second["rendered"] == 2 and all("guard" in ids for ids in made)
    assert second["diagnostics"] == first["diagnostics"]
    edit(game / "game.yaml", "Scout {n}", "Scout {n}!")  # on the first sheet only
    made.clear()
    third = session_module.build_view(game, 36, second["found"])
    assert len(made) == third["rendered"] == 1 and "scout-1" in made[0]
    assert "banner" not in made[0] and third["diagnostics"] == first["diagnostics"]
    fresh = session_module.build_view(game, 36, {})
    assert fresh["diagnostics"] == third["diagnostics"]
    assert [v["pages"] for v in fresh["views"]] == [v["pages"] for v in third["views"]]


def test_a_served_page_is_the_fresh_build_s_page_to_the_byte(tmp_path):
    """The pictures (and zooms) of an edited game, drawn only where the edit fell, are the
    pictures of a fresh `kitgen build`'s PDF, byte for byte."""
    from kitgen.budget import MAX_ZOOM_PIXELS
    from kitgen.raster import png, render_box, render_page
    from kitgen.serve.session import ZOOM_DPI, _screen_dpi

    game = keyed_game(tmp_path)
    session = Session(game, dpi=36)
    session.rebuild()
    edit(game / "game.yaml", "Guard 3-3", "Guard 4-4")
    state = session.rebuild()
    assert session.rendered == 2
    out = tmp_path / "out"
    assert run_cli("build", str(game), "-o", str(out), "-q").exit_code == 0
    for view in state.docs:
        pdf = (out / "keyed" / view["file"]).read_bytes()
        for page in view["pages"]:
            dpi = _screen_dpi(tuple(page["size"]), 36)
            image = render_page(pdf, page["number"] - 1, dpi)
            assert session.pictures[page["key"]] == png(image), (view["file"], page["number"])
            box = page["items"][0]["bbox"] if page["items"] else [0, 0, 72, 72]
            zoomed = png(render_box(pdf, page["number"], box, ZOOM_DPI, MAX_ZOOM_PIXELS))
            assert session.zoom(view["file"], page["number"], tuple(box)) == zoomed


def test_a_broken_edit_keeps_the_last_good_sheets_stale(game):
    session = Session(game, dpi=36)
    good = session.rebuild()
    pictures = dict(session.pictures)
    edit(
        game / "game.yaml",
        'size: 1in\n    front: {background: "#7a2e2e"',
        'size: 1inch\n    front: {background: "#7a2e2e"',
    )
    bad = session.rebuild()
    assert not bad.ok and bad.stale
    assert bad.docs == good.docs and session.pictures == pictures
    (d,) = bad.diagnostics
    assert d["where"].endswith("game.yaml:9:11")
    assert d["message"] == "unknown unit 'inch'" and d["hint"] == "use in, mm, cm or pt"
    assert d["line"] == "    size: 1inch"
    assert d["col"] == 11
    edit(game / "game.yaml", "1inch", "1in")
    fixed = session.rebuild()
    assert fixed.ok and not fixed.stale and fixed.diagnostics == []


def test_a_game_that_never_built_is_not_stale(tmp_path):
    folder = write_game(tmp_path / "broken", "id: broken\ntitle: [unclosed\n")
    state = Session(folder, dpi=36).rebuild()
    assert not state.ok and not state.stale and state.docs == []
    assert state.diagnostics and state.diagnostics[0]["severity"] == "error"


def test_the_watcher_sees_writes_new_and_removed_files(tmp_path):
    folder = write_game(tmp_path / "g", "id: g\ntitle: G\n", {"a.yaml": "x: 1\n"})
    first = snapshot(folder)
    assert changed(first, snapshot(folder)) == []
    (folder / "b.yaml").write_text("y: 2\n")
    (folder / "a.yaml").write_text("x: 22\n")
    (folder / ".a.yaml.swp").write_text("editor noise")
    second = snapshot(folder)
    assert changed(first, second) == ["a.yaml", "b.yaml"]
    (folder / "b.yaml").unlink()
    assert changed(second, snapshot(folder)) == ["b.yaml"]


# ---- the server -------------------------------------------------------------------


@pytest.fixture
def served(game):
    session = Session(game, dpi=36)
    session.rebuild()
    server = KitServer(session, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.start_watching(game)
    yield server
    server.stop()


def get(server: KitServer, path: str) -> tuple[int, str, bytes]:
    try:
        with urllib.request.urlopen(server.url + path.lstrip("/"), timeout=10) as r:
            return r.status, r.headers["Content-Type"], r.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers["Content-Type"], exc.read()


def test_the_server_listens_on_loopback_only(served):
    assert served.server_address[0] == "127.0.0.1"
    assert served.url.startswith("http://127.0.0.1:")


def test_the_server_serves_the_page_state_pictures_and_zoom(served):
    status, kind, body = get(served, "/")
    assert status == 200 and kind.startswith("text/html") and b"EventSource" in body
    status, kind, body = get(served, "/state.json")
    state = json.loads(body)
    assert state["ok"] and state["title"] == "Patrol"
    page = counter_pages(served.session.state)[0]
    status, kind, body = get(served, f"/page/{page['key']}.png")
    assert status == 200 and kind == "image/png" and body[:8] == b"\x89PNG\r\n\x1a\n"
    item = page["items"][0]
    bbox = ",".join(str(v) for v in item["bbox"])
    status, kind, body = get(served, f"/zoom.png?file=counters.pdf&page=1&bbox={bbox}")
    assert status == 200 and kind == "image/png"
    import io

    from PIL import Image

    assert Image.open(io.BytesIO(body)).size == (400, 400)  # 1 in at the zoom's 400 dpi
    assert get(served, "/zoom.png?file=../etc/passwd&page=1&bbox=0,0,1,1")[0] == 400
    assert get(served, "/page/nothing.png")[0] == 404
    assert get(served, "/elsewhere")[0] == 404


def test_a_saved_edit_reaches_the_state_by_itself(served, game):
    version = served.session.state.version
    edit(game / "game.yaml", "Chief 7-7", "Chief 9-9")
    deadline = time.monotonic() + 30
    state = served.session.state
    while time.monotonic() < deadline:
        state = served.session.wait(version, 1.0)
        version = state.version
        if not state.building and any("Chief 9-9" in p["text"] for p in counter_pages(state)):
            break
    assert any("Chief 9-9" in p["text"] for p in counter_pages(state))


# ---- a real browser ---------------------------------------------------------------


def chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.mark.skipif(
    chromium() is None and not os.environ.get("CI"),
    reason="no Chromium here (`make test` installs Debian's chromium where it can)",
)
def test_a_browser_sees_an_edit_and_an_error_without_reloading(served, game):
    sync_api = pytest.importorskip("playwright.sync_api")
    assert chromium() is not None, "CI must have Chromium: the Makefile installs it"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        try:
            page = browser.new_page()
            page.goto(served.url)
            page.wait_for_function("document.body.innerText.includes('Chief 7-7')", timeout=20000)
            page.evaluate("window.loadedOnce = true")  # gone if the page ever reloads
            edit(game / "game.yaml", "Chief 7-7", "Chief 8-8")
            page.wait_for_function(
                "[...document.querySelectorAll('.sheet .text')]"
                ".some(e => e.textContent.includes('Chief 8-8'))",
                timeout=20000,
            )
            edit(
                game / "game.yaml",
                'size: 1in\n    front: {background: "#7a2e2e"',
                'size: 1inch\n    front: {background: "#7a2e2e"',
            )
            page.wait_for_selector(".diag.error", timeout=20000)
            shown = page.text_content("#diagnostics")
            assert "game.yaml:9:11" in shown and "unknown unit 'inch'" in shown
            assert "size: 1inch" in shown  # the offending line of YAML
            assert page.is_visible("#stale")
            assert page.evaluate("window.loadedOnce") is True
        finally:
            browser.close()


# ---- progress and the serve command's own errors ---------------------------------


class Terminal(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def test_progress_shows_on_a_terminal_after_a_second_only():
    now = [0.0]
    term = Terminal(tty=True)
    progress = Progress(term, clock=lambda: now[0])
    progress("duck: drawing cover.pdf (1 of 9)")
    assert term.getvalue() == ""  # a quick build stays quiet
    now[0] = 1.5
    progress("duck: drawing counters.pdf (2 of 9)")
    assert term.getvalue() == "\r\x1b[Kkitgen: duck: drawing counters.pdf (2 of 9)"
    progress.done()
    assert term.getvalue().endswith("\r\x1b[K")
    piped = Terminal(tty=False)
    quiet = Progress(piped, clock=lambda: now[0] + 5)
    quiet("duck: drawing counters.pdf (2 of 9)")
    quiet.done()
    assert piped.getvalue() == ""


def test_a_piped_build_shows_no_progress_line(game, tmp_path):
    result = run_cli("build", str(game), "-o", str(tmp_path))
    assert result.exit_code == 0
    assert "\r" not in result.stderr and "drawing" not in result.stderr


def test_serve_on_a_taken_port_is_a_usage_error(game):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_cli("serve", str(game), "--port", str(port), "--no-open")
    assert result.exit_code == 2
    assert f"Invalid value: cannot listen on port {port}: Address already in use" in result.stderr


def test_serve_a_missing_game_is_an_input_error(tmp_path):
    result = run_cli("serve", str(tmp_path / "nothing"), "--no-open")
    assert result.exit_code == 1
    assert "nothing" in result.stderr and "Traceback" not in result.stderr
