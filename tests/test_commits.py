"""The commit rule in the gate (tools/commits.py): subjects under 72 characters, and a
body saying why on every commit but a merge, for commits made since the rule is checked."""

from __future__ import annotations

import subprocess
import sys
import time

import pytest

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
import commits  # noqa: E402
from commits import Commit  # noqa: E402

LATER = commits.SINCE + 60


def test_every_commit_since_the_rule_keeps_it():
    try:
        history = commits.history()
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    assert history, "git log found no commits"
    found = commits.faults(history)
    assert not found, "commits breaking the rule (see tools/commits.py):\n" + "\n".join(found)


def test_a_long_subject_and_a_missing_body_are_named():
    subject = "x" * 72
    found = commits.faults(
        [
            Commit("a" * 40, 1, LATER, subject, "Why: because.\n"),
            Commit("b" * 40, 1, LATER, "Short and clear", " \n"),
            Commit("c" * 40, 1, LATER, "y" * 71, "Why.\n"),
        ]
    )
    assert found == [
        f"aaaaaaaaaa: subject of 72 characters (under 72): {subject}",
        "bbbbbbbbbb: no body saying why: Short and clear",
    ]


def test_a_merge_needs_only_its_subject_and_old_commits_are_history():
    found = commits.faults(
        [
            Commit("a" * 40, 2, LATER, "Merge main into audit17", ""),
            Commit("b" * 40, 2, LATER, "Merge " + "z" * 70, ""),
            Commit("c" * 40, 1, commits.SINCE - 1, "w" * 120, ""),
        ]
    )
    assert found == [f"bbbbbbbbbb: subject of 76 characters (under 72): Merge {'z' * 70}"]


def test_main_merged_into_a_branch_after_issue_40_is_named():
    after = commits.STRAIGHT_SINCE
    found = commits.faults(
        [
            Commit("a" * 40, 2, after, "Merge main into fixr", ""),
            Commit("b" * 40, 2, after + 9, "Merge branch 'main' into scen4", ""),
            Commit("c" * 40, 2, after, "Merge remote-tracking branch 'origin/main' into x", ""),
            Commit("d" * 40, 2, after, "Merge fixr into main", ""),  # a branch landing
            Commit("e" * 40, 2, after, "Merge mainland into fixr", ""),  # not main
            Commit("f" * 40, 1, after, "Merge main into fixr", "Why: a squash, one parent.\n"),
            Commit("0" * 40, 2, after - 1, "Merge main into review8", ""),  # history
        ]
    )
    why = "main merged into a branch (rebase the branch onto main instead)"
    assert found == [
        f"aaaaaaaaaa: {why}: Merge main into fixr",
        f"bbbbbbbbbb: {why}: Merge branch 'main' into scen4",
        f"cccccccccc: {why}: Merge remote-tracking branch 'origin/main' into x",
    ]


def test_a_back_merge_git_made_is_found_in_the_history(tmp_path):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "First", "-m", "Why.")
    _git(tmp_path, "checkout", "-q", "-b", "side")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "Side", "-m", "Why.")
    _git(tmp_path, "checkout", "-q", "main")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "Main", "-m", "Why.")
    _git(tmp_path, "checkout", "-q", "side")
    _git(tmp_path, "merge", "-q", "--no-ff", "--no-edit", "main")  # git's own subject
    history = commits.history(tmp_path)
    merge = history[0]
    assert (merge.subject, merge.parents) == ("Merge branch 'main' into side", 2)
    assert commits.faults(history, since=0, straight_since=0) == [
        f"{merge.sha[:10]}: main merged into a branch (rebase the branch onto main instead): "
        "Merge branch 'main' into side"
    ]


def _git(repo, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", "-C", str(repo), *args],
        check=True,
        capture_output=True,
    )


def test_the_history_is_read_with_parents_bodies_and_dates(tmp_path):
    _git(tmp_path, "init", "-q", "-b", "main")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "First", "-m", "Why, line 1.\nLine 2.")
    _git(tmp_path, "checkout", "-q", "-b", "side")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "Side")
    _git(tmp_path, "checkout", "-q", "main")
    _git(tmp_path, "commit", "-q", "--allow-empty", "-m", "Main")
    _git(tmp_path, "merge", "-q", "--no-ff", "side", "-m", "Merge side into main")
    history = commits.history(tmp_path)
    assert [(c.subject, c.parents) for c in history][0] == ("Merge side into main", 2)
    assert sorted(c.subject for c in history) == ["First", "Main", "Merge side into main", "Side"]
    first = next(c for c in history if c.subject == "First")
    assert (first.parents, first.body.strip()) == (0, "Why, line 1.\nLine 2.")
    assert all(abs(c.time - time.time()) < 3600 for c in history)  # made just now
    bare = [c for c in history if c.subject in ("Main", "Side")]
    expected = [f"{c.sha[:10]}: no body saying why: {c.subject}" for c in bare]
    assert sorted(commits.faults(history, since=0)) == sorted(expected)
