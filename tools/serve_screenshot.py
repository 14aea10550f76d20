"""docs/images/serve.png: the page `kitgen serve` shows, taken by headless Chromium.

.venv/bin/python tools/serve_screenshot.py [GAME]   (default content/ryamon)
"""

from __future__ import annotations

import shutil
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

from kitgen.serve.server import KitServer
from kitgen.serve.session import Session

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    game = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "content" / "ryamon"
    session = Session(game)
    session.rebuild()
    server = KitServer(session, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    browser_path = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=browser_path, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1360, "height": 860})
            page.goto(server.url)
            page.wait_for_selector(".sheet img")
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(500)
            out = ROOT / "docs" / "images" / "serve.png"
            page.screenshot(path=str(out))
            browser.close()
            print(f"wrote {out}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
