"""The README's first game builds, and its error example is what kitgen really prints."""

from __future__ import annotations

import re

from .conftest import ROOT, read_manifest, run_cli

README = (ROOT / "README.md").read_text()


def _example_yaml() -> str:
    return re.search(r"```yaml\n(.*?)```", README, re.S).group(1)


def test_the_readme_game_builds(tmp_path):
    game = tmp_path / "patrol"
    game.mkdir()
    (game / "game.yaml").write_text(_example_yaml())
    run = run_cli("build", str(game), "-o", str(tmp_path / "out"), "-q")
    assert run.exit_code == 0, run.stderr
    manifest = read_manifest(tmp_path / "out" / "patrol")
    # the counters fit the room under the table: one sheet, on cardstock
    assert [f["path"] for f in manifest["files"]] == ["cover.pdf", "sheet-reference.pdf"]
    counters = [i for i in manifest["items"] if i["kind"] == "counter"]
    assert len(counters) == 8 and {i["file"] for i in counters} == {"sheet-reference.pdf"}
    assert {round(i["bbox"][2] - i["bbox"][0], 4) for i in counters} == {54.0}


def test_the_readme_error_example_is_real(tmp_path, monkeypatch):
    shown = re.search(r"^    (content/patrol/game\.yaml:.*)$", README, re.M).group(1)
    game = tmp_path / "content" / "patrol"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(_example_yaml().replace("size: 3/4in", "size: 3/4inch"))
    monkeypatch.chdir(tmp_path)
    run = run_cli("check", "content/patrol")
    assert run.exit_code == 1
    assert run.stderr.splitlines()[0] == shown


def test_docs_picture_every_seed_counter_sheet_and_template_set():
    """tools/docs_images.py writes them; a kit that gains counters or templates needs one."""
    for game in sorted(p for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file()):
        text = "\n".join(f.read_text() for f in game.glob("*.yaml"))
        for section in ("counters", "templates"):
            if re.search(rf"^{section}:", text, re.M):
                assert (ROOT / "docs" / "images" / f"{section}-{game.name}.png").is_file()
