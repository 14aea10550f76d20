"""The commit rule (issue 17, item 8): a subject under 72 characters, and a body that
says why. A merge needs only its subject ("Merge main into NAME" says what it is).

    .venv/bin/python tools/commits.py            # commits made since the rule is checked
    .venv/bin/python tools/commits.py --all      # the whole history

tests/test_commits.py runs the same check in `make test`. It holds for commits made
(committer date) from SINCE on; the faults before it are listed in the audit of
session 5 and are history: a subject cannot be mended without rewriting main.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
MAX_SUBJECT = 71  # "under 72 characters"
SINCE = 1795825500  # 2026-11-28 00:25 UTC, main's freeze in session 5
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


def faults(commits: list[Commit], since: int = SINCE) -> list[str]:
    """What breaks the rule, one line a commit, for commits made at or after `since`."""
    found = []
    for c in commits:
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
    lines = faults(history(), since=0 if args.all else SINCE)
    print("\n".join(lines) if lines else "every commit keeps the rule")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
