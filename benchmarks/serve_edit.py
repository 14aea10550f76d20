"""`make bench`'s serve line: how long after a designer saves one edited piece of a
1,000-counter game the served page has its new picture (issue 22's 1 s target).

The real loop runs: the watcher thread polls the folder, the session rebuilds and
re-renders the pages whose plan changed. Timed from the write to the new state.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from workloads import prepare

from kitgen.serve.server import KitServer
from kitgen.serve.session import Session

EXTRA = """
  - id: edited
    size: 3/4in
    front: {background: "#444444", text: {text: "Edit 0", at: centre}}
"""


def measure(work: Path, edits: int = 5) -> dict:
    games, _, _ = prepare("W1", work)
    game = games[0] / "game.yaml"
    game.write_text(game.read_text().rstrip("\n") + "\n" + EXTRA.lstrip("\n"))
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
