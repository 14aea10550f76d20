"""The commit rule (issue 17, item 8): a subject under 72 characters, and a body that
says why. A merge needs only its subject. Since issue 40 (item 7) the history is straight:
a branch is rebased onto main before it lands, so a merge of main into a branch ("Merge
main into NAME", "Merge branch 'main' into NAME") is a fault too.

    .venv/bin/python tools/commits.py            # commits made since the rule is checked
    .venv/bin/python tools/commits.py --all      # the whole history

tests/test_commits.py runs the same check in `make test`. It holds for commits made
(committer date) from SINCE on; the faults before it are listed in the audit of
session 5 and are history: a subject cannot be mended without rewriting main.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
MAX_SUBJECT = 71  # "under 72 characters"
SINCE = 1795825500  # 2026-11-28 00:25 UTC, main's freeze in session 5
# Back-merges are faults for commits made after main's head when issue 40 began (3f930e3,
# 2026-11-28 10:58:03 UTC); the 102 before it are history.
STRAIGHT_SINCE = 1795863484
# "Merge main into x", "Merge branch 'main' into x", "Merge remote-tracking branch
# 'origin/main' into x": the subjects git and the house write for main merged into a branch
BACK_MERGE = re.compile(r"^Merge (?:remote-tracking )?(?:branch )?'?(?:origin/)?main'? into \S")
_FORMAT = "%H%x1f%P%x1f%ct%x1f%s%x1f%b%x1e"


class Commit(NamedTuple):
    sha: str
    parents: int
    time: int  # committer date, seconds since the epoch
    subject: str
    body: str


def history(root: Path = ROOT) -> list[Commit]:
    """Every commit reachable from HEAD, newest first."""
    out = subprocess.run(
        ["git", "-C", str(root), "log", f"--format={_FORMAT}"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    commits = []
    for record in out.split("\x1e"):
        if not record.strip():
            continue
        sha, parents, time, subject, body = record.strip("\n").split("\x1f")
        commits.append(Commit(sha, len(parents.split()), int(time), subject, body))
    return commits


def faults(
    commits: list[Commit], since: int = SINCE, straight_since: int = STRAIGHT_SINCE
) -> list[str]:
    """What breaks the rule, one line a commit, for commits made at or after `since`
    (back-merges: at or after `straight_since`)."""
    found = []
    for c in commits:
        if c.parents >= 2 and c.time >= straight_since and BACK_MERGE.match(c.subject):
            found.append(
                f"{c.sha[:10]}: main merged into a branch (rebase the branch onto main "
                f"instead): {c.subject}"
            )
        if c.time < since:
            continue
        if len(c.subject) > MAX_SUBJECT:
            found.append(
                f"{c.sha[:10]}: subject of {len(c.subject)} characters (under 72): {c.subject}"
            )
        if c.parents < 2 and not c.body.strip():
            found.append(f"{c.sha[:10]}: no body saying why: {c.subject}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="check the whole history")
    args = parser.parse_args()
    every = args.all
    lines = faults(
        history(), since=0 if every else SINCE, straight_since=0 if every else STRAIGHT_SINCE
    )
    print("\n".join(lines) if lines else "every commit keeps the rule")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
