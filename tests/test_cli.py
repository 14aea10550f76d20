"""Exit codes and messages of the command line: 0 ok, 1 input errors, 2 usage."""

from pathlib import Path

from kitgen import __version__

from .conftest import ROOT, run_cli, write_game

TINY = str(ROOT / "tests" / "fixtures" / "tiny")


def test_version():
    result = run_cli("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"kitgen, version {__version__}"


def test_help_has_examples():
    result = run_cli("build", "--help")
    assert result.exit_code == 0
    assert "kitgen build content/mygame" in result.stdout


def test_check_ok_writes_nothing(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run_cli("check", TINY)
    assert result.exit_code == 0
    assert result.stderr.strip() == "ok: 1 checked"
    assert list(tmp_path.iterdir()) == []


def test_input_error_exits_1_with_the_place(game_dir: Path):
    write_game(game_dir, "title: T\npaper: inch\n")
    result = run_cli("check", str(game_dir))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"{game_dir / 'game.yaml'}:2:8: error: paper: unknown paper 'inch' "
        "(use letter, a4, legal, tabloid, a3, a4-letter)",
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
