"""`make bench`'s serve lines: how long after a designer saves one edited piece of a
1,000-counter game the served page has its new picture (issue 22's 1 s target), and
the CPU time the rebuild of a 10,000-counter game takes for the same edit (issue 41's
1 s target).

The first runs the real loop: the watcher thread polls the folder, the session
rebuilds and re-renders the pages whose plan changed. Timed from the write to the new
state. The second runs the rebuild's own work (session.build_view, what the build's
process does) in this process, timed in CPU seconds: the machine's load does not
count, nor the process the real loop starts.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from workloads import prepare

from kitgen.serve.server import KitServer
from kitgen.serve.session import SCREEN_DPI, Session, build_view

EXTRA = """
  - id: edited
    size: 3/4in
    front: {background: "#444444", text: {text: "Edit 0", at: centre}}
"""


def _edited_game(work: Path, workload: str) -> Path:
    """The workload's game with one more counter, the one the edits change."""
    games, _, _ = prepare(workload, work)
    game = games[0] / "game.yaml"
    game.write_text(game.read_text().rstrip("\n") + "\n" + EXTRA.lstrip("\n"))
    return game


def measure(work: Path, edits: int = 5) -> dict:
    game = _edited_game(work, "W1")
    games = [game.parent]
    session = Session(games[0])
    first = session.rebuild()
    pages = sum(len(d["pages"]) for d in first.docs)
    server = KitServer(session, 0)
    server.start_watching(games[0])
    times, rendered = [], []
    try:
        for n in range(1, edits + 1):
            version = session.state.version
            time.sleep(0.3)  # a designer's pause: the watcher is between polls
            start = time.perf_counter()
            game.write_text(game.read_text().replace(f"Edit {n - 1}", f"Edit {n}"))
            while True:
                state = session.wait(version, 10)
                version = state.version
                if not state.building:
                    break
            times.append(time.perf_counter() - start)
            rendered.append(session.rendered)
    finally:
        server.stop()
    return {"seconds": statistics.median(times), "rendered": max(rendered), "pages": pages}


def measure_cpu(work: Path, workload: str = "W3", edits: int = 3) -> dict:
    """The CPU seconds of the rebuild after one edited counter (the median of `edits`),
    and how many of the pages it rendered again."""
    game = _edited_game(work / "serve", workload)  # not the timed W3 build's folder
    first = build_view(game.parent, SCREEN_DPI, {})
    known = first["found"]
    times, rendered = [], []
    for n in range(1, edits + 1):
        game.write_text(game.read_text().replace(f"Edit {n - 1}", f"Edit {n}"))
        start = time.process_time()
        result = build_view(game.parent, SCREEN_DPI, known)
        times.append(time.process_time() - start)
        rendered.append(result["rendered"])
        known = result["found"]
    return {"seconds": statistics.median(times), "rendered": max(rendered), "pages": len(known)}
