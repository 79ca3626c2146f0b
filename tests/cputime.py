"""CPU seconds (user + system) of this process and of every process it started, Chromium's and
the Playwright driver's included, read from Linux's /proc (nothing to install).

The suite's timeline (tests/conftest.py, SUITE_TIMELINE) records each test phase's share with it,
for scripts/benchmarks/suite_times.py: on this shared 2-core machine a wall time says more about
the machine's load than about the test. `resource.getrusage(RUSAGE_CHILDREN)` or `time` would
not do: they see only the children that were waited for, and Playwright's Chromium is not (of a
test_live.py run's 274 CPU-s they saw 71).

Each living process counts its own time and that of the children it waited for (its stat's
cutime/cstime), so a process that ended counts once its parent has waited for it, through that
parent, and never twice (Chromium's renderers through the browser, the browser through the
driver, the driver through pytest when it quits). One that nobody waits for leaves the reading
when it ends (Chromium's processes when the browser quits): tests/conftest.py counts no phase
below zero.
"""

from __future__ import annotations

import os
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    except OSError:  # it ended meanwhile, or a system without /proc/*/children
        pass
    return found


def _ticks(pid: int) -> int:
    """utime + stime + cutime + cstime (stat's fields 14-17), 0 for a process already gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0
    # After "pid (name) ": the name may hold spaces and parentheses, so split after its last ")".
    fields = stat[stat.rindex(")") + 2 :].split()
    return sum(int(f) for f in fields[11:15])


def tree_cpu() -> float:
    """CPU seconds so far of this process and its descendants."""
    ticks, todo = 0, [os.getpid()]
    while todo:
        pid = todo.pop()
        ticks += _ticks(pid)
        todo += _children(pid)
    return ticks / _TICK
