"""Exit codes and messages of the command line: 0 ok, 1 input errors, 2 usage."""

import os
import re
import shutil
from pathlib import Path

import pytest

from kitgen import __version__

from .conftest import ROOT, run_cli, write_game

TINY = str(ROOT / "tests" / "fixtures" / "tiny")


def test_version():
    result = run_cli("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"kitgen, version {__version__}"


def test_help_has_examples():
    for args in (["--help"], ["build", "--help"], ["check", "--help"]):
        result = run_cli(*args)
        assert result.exit_code == 0
        assert "kitgen build content/mygame" in result.stdout
        assert "kitgen check content/mygame/scenarios/raid.yaml" in result.stdout
    assert "letter|a4|legal|tabloid|a3|a4-letter|WxH" in run_cli("build", "--help").stdout


def test_check_ok_writes_nothing(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("check", TINY)
    assert result.exit_code == 0
    assert result.stderr.strip() == "ok: 1 game checked"
    assert list(tmp_path.iterdir()) == []


def test_input_error_exits_1_with_the_place(game_dir: Path):
    write_game(game_dir, "title: T\npaper: inch\n")
    result = run_cli("check", str(game_dir))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game_dir / 'game.yaml'}:2:8: error: paper: unknown paper 'inch' "
        "(use letter, a4, legal, tabloid, a3, a4-letter or a custom size like 200mmx300mm)",
        "1 error(s), 0 warning(s)",
    ]
    assert "Traceback" not in result.stderr


def test_missing_game_folder_exits_1(tmp_path: Path):
    result = run_cli("check", str(tmp_path / "nope"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == f"{tmp_path / 'nope'}: error: no such file or folder"


def test_folder_without_game_yaml(tmp_path: Path):
    result = run_cli("build", str(tmp_path), "-o", str(tmp_path / "o"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == f"{tmp_path}: error: no game.yaml in this folder"


def test_usage_errors_exit_2(tmp_path: Path):
    assert run_cli("build").exit_code == 2
    assert run_cli("build", TINY, "--paper", "folio").exit_code == 2
    assert run_cli("build", TINY, "--duplex", "sideways").exit_code == 2
    bad_bleed = run_cli("build", TINY, "--bleed", "3inch", "-o", str(tmp_path))
    assert bad_bleed.exit_code == 2
    assert "unknown unit 'inch' (use in, mm, cm or pt)" in bad_bleed.stderr
    bad_offset = run_cli("build", TINY, "--back-offset", "1;2", "-o", str(tmp_path))
    assert bad_offset.exit_code == 2
    assert "'1;2': write X,Y in millimetres, e.g. 0.5,-1" in bad_offset.stderr
    assert run_cli("frobnicate").exit_code == 2


def test_garbage_input_never_shows_a_traceback(game_dir: Path):
    for text in ("\x00\x01", "- a\n- b\n", ": :\n", "title: {a: [}\n", "title: T\ncover: 5\n"):
        write_game(game_dir, text)
        result = run_cli("check", str(game_dir))
        assert result.exit_code == 1, text
        assert "Traceback" not in result.stderr


def test_several_games_report_all_errors(tmp_path: Path):
    a = write_game(tmp_path / "a", "title: A\npaper: x\n")
    b = write_game(tmp_path / "b", "title: B\nfont: 3\ncolours: {x: nope}\n")
    result = run_cli("check", str(a), str(b))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == "2 error(s), 0 warning(s)"


# ---- papers: the six named ones and a custom WIDTHxHEIGHT ----


def test_a_custom_paper_on_the_command_line(tmp_path: Path):
    import io

    from pypdf import PdfReader

    from .conftest import read_manifest

    result = run_cli("build", TINY, "-o", str(tmp_path), "-q", "--paper", "148mmx210mm")
    assert result.exit_code == 0, result.stderr
    manifest = read_manifest(tmp_path / "tiny")
    assert manifest["paper"] == "148mmx210mm"
    assert manifest["page_size"] == [419.5276, 595.2756]
    box = PdfReader(io.BytesIO((tmp_path / "tiny/cover.pdf").read_bytes())).pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((419.5276, 595.2756), abs=1e-3)


def test_a_custom_paper_in_game_yaml(tmp_path: Path, game_dir: Path):
    from .conftest import read_manifest

    write_game(game_dir, "id: g\ntitle: T\npaper: 8.5x11in\n")
    assert run_cli("build", str(game_dir), "-o", str(tmp_path / "o"), "-q").exit_code == 0
    manifest = read_manifest(tmp_path / "o" / "g")
    assert (manifest["paper"], manifest["page_size"]) == ("8.5inx11in", [612.0, 792.0])


def test_bad_custom_papers_say_why(game_dir: Path):
    result = run_cli("build", TINY, "--paper", "3x3in")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        "Error: Invalid value for '--paper': custom paper '3x3in' is outside 5 x 5 in to "
        "200 x 200 in (the sheet label and the scale bars need at least 5 in each way)"
    )
    write_game(game_dir, "title: T\npaper: 200x300\n")
    result = run_cli("check", str(game_dir))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"{game_dir / 'game.yaml'}:2:8: error: paper: custom paper '200x300': "
        "a length needs a unit: '200' (use in, mm, cm or pt)"
    )


# ---- the output folder: a file, unwritable, or holding a file where the kit goes ----


def test_an_output_folder_that_is_a_file_is_a_usage_error(tmp_path: Path):
    (tmp_path / "afile").write_text("x")
    result = run_cli("build", TINY, "-o", str(tmp_path / "afile"))
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '-o' / '--output': Directory '{tmp_path / 'afile'}' is a file."
    )
    result = run_cli("build", TINY, "-o", str(tmp_path / "afile" / "sub"), "-q")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"kitgen: error: cannot write {tmp_path / 'afile' / 'sub'}: Not a directory "
        "(choose another folder with -o)"
    ]


def test_a_read_only_output_folder_is_a_usage_error(tmp_path: Path, monkeypatch):
    # Tests may run as root, whom chmod does not stop: the refusal is simulated.
    real_mkdir = Path.mkdir

    def read_only(self, *args, **kwargs):
        if self.parent == tmp_path:
            raise PermissionError(13, "Permission denied", str(self))
        return real_mkdir(self, *args, **kwargs)

    monkeypatch.setattr(Path, "mkdir", read_only)
    result = run_cli("build", TINY, "-o", str(tmp_path), "-q")
    assert result.exit_code == 2
    staging = tmp_path / f".tiny.staging-{os.getpid()}"
    assert result.stderr.splitlines() == [
        f"kitgen: error: cannot write {staging}: Permission denied (choose another folder with -o)"
    ]
    assert list(tmp_path.iterdir()) == []


def test_a_file_or_link_where_the_kit_goes_is_replaced_without_leftovers(tmp_path: Path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (elsewhere / "keep.txt").write_text("mine")
    for squatter in ("file", "link"):
        kit = out / "tiny"
        if kit.is_dir() and not kit.is_symlink():
            shutil.rmtree(kit)
        if squatter == "file":
            kit.write_text("not a kit")
        else:
            kit.symlink_to(elsewhere)
        assert run_cli("build", TINY, "-o", str(out), "-q").exit_code == 0
        assert sorted(p.name for p in out.iterdir()) == ["tiny"], squatter
        assert kit.is_dir() and not kit.is_symlink()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["keep.txt"]  # written only in out/


# ---- hostile input through the real command line: exit 1, a place, no traceback ----

HOSTILE = {
    "empty": "",
    "binary": bytes(range(256)) * 8,
    "nul bytes": b"\x00\x01\x02",
    "top-level list": "- a\n- b\n",
    "tabs": "title: T\ncover:\n\tsubtitle: x\n",
    "invalid utf-8": b"title: T\ncover:\n  subtitle: caf\xe9\n",
    "60000 brackets": "title: " + "[" * 60_000 + "\n",
    "60000 braces": "title: " + "{a: " * 60_000 + "\n",
    "huge": "title: T\n" + "# padding\n" * 300_000,
    "billion laughs": "a: &a [x, x]\n"
    + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(20)
    ),
    "duplicate keys": "title: A\ntitle: B\n",
    "label NO": "title: NO\n",
    "include outside": "title: T\ninclude: ../x.yaml\n",
    "include itself": "title: T\ninclude: game.yaml\n",
    "unknown key": "title: T\ntitel: x\n",
    "unknown unit": "title: T\ncounters:\n  - id: a\n    size: 3/4inch\n    front: {}\n",
    "bare number": "title: T\ncounters:\n  - id: a\n    size: 19\n    front: {}\n",
    "negative size": "title: T\ncounters:\n  - id: a\n    size: -19mm\n    front: {}\n",
    "zero size": "title: T\ncounters:\n  - id: a\n    size: 0mm\n    front: {}\n",
    "id with ../": "id: ../evil\ntitle: T\n",
    "id with /": "title: T\nsheets:\n  - id: a/b\n    items: []\n",
    "python tag": "title: !!python/object/apply:os.system [ls]\n",
    "custom tag": "title: !foo bar\n",
    "two documents": "title: T\n---\ntitle: U\n",
    "merge key": "a: {x: 1}\nb:\n  <<: {x: 1}\n",
    "huge number": "title: T\ncounters:\n  - id: a\n    quantity: 99999999999999999999\n",
}
PLACE = re.compile(r"^\S+:\d+:\d+: error: \S")


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_input_gets_placed_errors_and_no_traceback(tmp_path: Path, case: str):
    game = tmp_path / "g"
    game.mkdir()
    data = HOSTILE[case]
    (game / "game.yaml").write_bytes(data if isinstance(data, bytes) else data.encode())
    for command in ("check", "build"):
        result = run_cli(command, str(game), *(["-o", str(tmp_path / "o")] * (command == "build")))
        assert result.exit_code == 1, (case, result.stderr)
        lines = result.stderr.splitlines()
        assert "Traceback" not in result.stderr
        assert lines[-1].endswith("warning(s)"), case
        assert lines[:-1] and all(PLACE.match(line) for line in lines[:-1]), (case, lines)
    assert not (tmp_path / "o").exists()  # nothing written for a game with errors


@pytest.mark.parametrize("bleed", ["-3mm", "2in"])
def test_a_bleed_out_of_range_is_a_usage_error(bleed: str):
    result = run_cli("build", TINY, f"--bleed={bleed}")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (
        f"Error: Invalid value for '--bleed': '{bleed}': a bleed from 0 to 1in "
        "(1/8in or 3mm are usual)"
    )


def test_a_negative_bleed_in_yaml_is_an_error(game_dir: Path):
    write_game(
        game_dir,
        """
        title: T
        counters:
          - {id: a, size: 3/4in, bleed: -3mm, front: {background: red}}
        cards:
          - {id: c, size: poker, bleed: -1/8in, front: {title: x}}
        """,
    )
    result = run_cli("check", str(game_dir))
    gy = game_dir / "game.yaml"
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{gy}:3:33: error: counters[0].bleed: length cannot be negative, got -3mm",
        f"{gy}:5:33: error: cards[0].bleed: length cannot be negative, got -1/8in",
        "2 error(s), 0 warning(s)",
    ]


@pytest.mark.slow  # whole builds through the command
def test_build_counts_write_in_blanks_and_check_lists_each(tmp_path: Path):
    """The blanks are by design: build says how many in one line, so a warning that
    needs a fix is not lost among them; check lists every one with its place."""
    kit = ROOT / "content" / "reshuffled"
    checked = run_cli("check", str(kit))
    listed = [ln for ln in checked.stderr.splitlines() if ": warning: " in ln]
    n = len(listed)  # as many as the kit's tables leave blank
    assert n >= 10 and all("write-in blank: " in ln for ln in listed)
    built = run_cli("build", str(kit), "-o", str(tmp_path))
    assert built.exit_code == 0
    assert "write-in blank: " not in built.stderr
    assert built.stderr.splitlines()[-1] == (
        f"{n} write-in blank(s): values the source lost print as lines to fill in "
        "(kitgen check lists each)"
    )
    quiet = run_cli("build", str(kit), "-o", str(tmp_path), "-q")
    assert quiet.stderr == ""


def test_at_most_fifty_diagnostics_are_listed_then_counted(tmp_path: Path):
    pieces = "".join(f"  - {{id: p{n}, quantity: 0, size: 1/2, front: x}}\n" for n in range(60))
    write_game(tmp_path / "g", "title: G\ncounters:\n" + pieces)
    run = run_cli("check", str(tmp_path / "g"))
    lines = run.stderr.splitlines()
    assert run.exit_code == 1 and len(lines) == 52
    assert lines[49].endswith(
        "game.yaml:52:25: error: counters[49].quantity: 0 is out of range (from 1 to 10000)"
    )
    assert lines[50:] == [
        "... and 10 more errors (fix the ones above first)",
        "60 error(s), 0 warning(s)",
    ]


def test_warnings_alone_are_all_listed(tmp_path: Path):
    rows = "".join(f"      - ['{n}', ~]\n" for n in range(60))
    write_game(
        tmp_path / "g", "title: G\ntables:\n  - id: t\n    columns: [A, B]\n    rows:\n" + rows
    )
    lines = run_cli("check", str(tmp_path / "g")).stderr.splitlines()
    assert len(lines) == 62 and lines[-2:] == ["0 error(s), 60 warning(s)", "ok: 1 game checked"]
    assert lines[59].endswith(
        "game.yaml:65:9: warning: tables[0].rows[59]: write-in blank: table 't', row '59', "
        "column 'B' has no value"
    )


def _ryamon_with(tmp_path: Path, old: str, new: str, file: str = "game.yaml") -> Path:
    folder = tmp_path / "ryamon"
    shutil.copytree(ROOT / "content" / "ryamon", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder


def test_check_says_the_rules_wait_for_the_games_own_errors(tmp_path: Path):
    """A misspelt key in the game's own file stops the rules and scenarios being checked;
    the check says so after its errors, lest the short list be read as all there is."""
    folder = _ryamon_with(tmp_path, "paper:", "papr:")
    run = run_cli("check", str(folder))
    assert run.exit_code == 1
    assert run.stderr.splitlines()[-2:] == [
        "1 error(s), 0 warning(s)",
        "note: the rules and scenarios are checked once the game's own files read without "
        "errors: fix the errors above, then check again",
    ]


def test_no_waiting_note_for_a_game_without_rules_or_for_a_broken_scenario(tmp_path: Path):
    broken_scenario = tmp_path / "a"
    shutil.copytree(ROOT / "content" / "ryamon", broken_scenario)
    scenario = next((broken_scenario / "scenarios").glob("*.yaml"))
    scenario.write_text(scenario.read_text(encoding="utf-8") + "bogus_key: 1\n", "utf-8")
    run = run_cli("check", str(broken_scenario))
    assert run.exit_code == 1 and "note:" not in run.stderr
    no_rules = write_game(tmp_path / "b", "id: t\ntitle: T\nbogus: 1\n")
    run = run_cli("check", str(no_rules))
    assert run.exit_code == 1 and "note:" not in run.stderr


def test_a_misspelt_required_key_is_one_error_not_two(tmp_path: Path):
    folder = _ryamon_with(tmp_path, "title:", "titel:")
    run = run_cli("check", str(folder))
    assert [line.replace(f"{folder}/", "") for line in run.stderr.splitlines()[:2]] == [
        "game.yaml:2:1: error: titel: unknown key 'titel' (did you mean 'title'?)",
        "1 error(s), 0 warning(s)",
    ]
