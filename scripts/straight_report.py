#!/usr/bin/env python3
"""Each stored example's length and returns, as a git revision had them and as they are now.

    .venv/bin/python scripts/straight_report.py [--before REV]

For issue 22's note (item 2): REV defaults to 7a33569, the last commit before the lines were
straightened (its seven examples are the ones the issue counted). A return is sitegen/returns.py's
(a card brought back to a place it had left); "unexplained" and "defects" are what the build
refuses on a winning line (scripts/build.py check_returns). A mistake line (`"outcome"`) shows a
beginner's play after its mistake, so its returns are counted but not refused.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sitegen.returns import return_defects, returns  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
BEFORE = "7a33569"


def measure(data: dict[str, Any]) -> dict[str, int]:
    """Actions, returns, unexplained returns and defects (unexplained or repeated) of a line."""
    found = returns(data["code"], data["moves"])
    return {
        "actions": len(data["moves"]),
        "returns": len(found),
        "unexplained": sum(not r.explained for r in found),
        "defects": len(return_defects(data["code"], data["moves"])),
    }


def at_revision(rev: str, name: str) -> dict[str, Any] | None:
    """The example file as `rev` had it, None where it did not exist there."""
    out = subprocess.run(
        ["git", "show", f"{rev}:docs/examples/{name}.json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return json.loads(out.stdout) if out.returncode == 0 else None


def _cell(m: dict[str, int] | None) -> str:
    if m is None:
        return "-"
    plural = "" if m["returns"] == 1 else "s"
    return f"{m['actions']} actions, {m['returns']} return{plural} ({m['unexplained']} unexplained)"


def report(before: str) -> list[str]:
    rows = [f"| example | at {before} | now |", "|---|---|---|"]
    for path in sorted(EXAMPLES.glob("*.json")):
        now = json.loads(path.read_text(encoding="utf-8"))
        old = at_revision(before, path.stem)
        kind = " (mistake line)" if "outcome" in now else ""
        rows.append(f"| {path.stem}{kind} | {_cell(measure(old) if old else None)} | {_cell(measure(now))} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--before", default=BEFORE, help="the git revision to compare with")
    args = parser.parse_args(argv)
    print("\n".join(report(args.before)))


if __name__ == "__main__":
    main()
