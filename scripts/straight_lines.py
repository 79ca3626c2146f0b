"""What a straightened example line must keep, and the checks on lines (scripts/straighten.py
searches with them; tests/test_example_returns.py asserts `shortcut_defects` on every straight
stored line): the points the pages quote (`KEEPS`, `Example`), bad returns (`first_bad`), the
positions a line passes through, and the shortcuts between them (`shortcuts`, `take_shortcuts`).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402
from engine.notation import Move  # noqa: E402
from scripts import clean_line  # noqa: E402

EXAMPLES = ROOT / "docs" / "examples"
Line = list[str]

RADIUS = 2  # shortcut search depth: the guarantee tests/test_example_returns.py re-checks


# ---- what a stored line must keep ----------------------------------------------------------------


def _first_ace_on_king(code: str, line: Line) -> int | None:
    st = clean_line.states(code, line)
    for i, move in enumerate(line):
        src, dst = (parsed := Move.parse(move)).src, parsed.dst
        if parsed.from_pile and parsed.to_pile:
            card, target = st[i]["piles"][int(src) - 1][-1], st[i]["piles"][int(dst) - 1][-1]
            if {card[0], target[0]} == {"A", "K"} and card[0] == "A":
                return i
    return None


def _redeals_needed(code: str, line: Line) -> bool:
    """Every redeal comes when no card can reach a foundation even after one more move (the
    commentary says so at each), and the first brings up a card that plays at once."""
    from types import SimpleNamespace

    from sitegen.commentary import notes

    st = clean_line.states(code, line)
    example = SimpleNamespace(moves=tuple(line), states=tuple(st))
    stuck = {
        n.step
        for n in notes(example)
        if n.fact.message in ("commentary.cr.stuck", "commentary.cr.stuck_home")
    }
    redeals = {i for i, m in enumerate(line) if m == "redeal"}
    if not redeals or stuck != redeals:
        return False
    i = min(redeals)
    before, after = st[i], st[i + 1]
    legal = engine.from_state(after).legal_moves()
    return any(
        len(before["piles"][p]) >= 2
        and after["piles"][p][-1] != before["piles"][p][-1]
        and any(m.startswith(f"{p + 1}>") for m in legal)
        for p in range(16)
    )


def first_refill(code: str, line: Line) -> int | None:
    """The index of the first action that empties a column which the reserve refills at once."""
    st = clean_line.states(code, line)
    for i, move in enumerate(line):
        before, after = st[i], st[i + 1]
        if move.startswith("R>") or not before["reserve"]:
            continue
        for c in range(4):
            if (
                after["columns"][c] == [before["reserve"][-1]]
                and before["columns"][c]
                and len(after["reserve"]) == len(before["reserve"]) - 1
            ):
                return i
    return None


def _takebacks(code: str, line: Line) -> int:
    return clean_line.counts(code, line)["takebacks"]


# Each example's points the pages and tests/test_examples.py quote (besides its alternatives).
KEEPS: dict[str, list[Callable[[str, Line], bool]]] = {
    "crescent-example": [
        lambda c, m: len(m) >= 100,
        lambda c, m: (i := _first_ace_on_king(c, m)) is not None and i < 15,
        _redeals_needed,
    ],
    "canfield-d3-example": [
        lambda c, m: len(m) >= 100,
        lambda c, m: (i := first_refill(c, m)) is not None and i < 30,
    ],
    "canfield-d1-example": [
        lambda c, m: len(m) >= 100,
        lambda c, m: (i := first_refill(c, m)) is not None and i < 30,
    ],
    "canfield-d3-takeback": [lambda c, m: _takebacks(c, m) >= 1],
    "canfield-choice": [lambda c, m: _takebacks(c, m) == 0],
}


def alternative_positions(data: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """(position before the step, the line's move there, the alternative) of each alternative."""
    st = clean_line.states(data["code"], data["moves"])
    return [
        (clean_line.position_key(st[a["step"]]), data["moves"][a["step"]], a)
        for a in data.get("alternatives", [])
    ]


class Example:
    """A stored winning line and what any replacement must keep."""

    def __init__(self, name: str, free: bool = False) -> None:
        self.name = name
        self.free = free  # the alternatives' positions may go (they are found again after)
        self.data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
        self.code: str = self.data["code"]
        self.alts = [] if free else alternative_positions(self.data)
        self.takebacks = not any(a.get("rules") == "no-takebacks" for a in self.data.get("alternatives", []))

    def alt_steps(self, line: Line) -> list[int] | None:
        """The step of each alternative's position in `line` (the line's move there must stay the
        one it was, so that the alternative is still "the other choice"), None if one is gone."""
        keys = [clean_line.position_key(s) for s in clean_line.states(self.code, line)]
        out = []
        for key, move, _ in self.alts:
            if key not in keys[:-1] or line[keys.index(key)] != move:
                return None
            out.append(keys.index(key))
        return out

    def keeps(self, line: Line) -> bool:
        if self.alt_steps(line) is None:
            return False
        return all(keep(self.code, line) for keep in KEEPS.get(self.name, []))

    def acceptable(self, line: Line) -> bool:
        return (
            clean_line.wins(self.code, line)
            and not clean_line.return_defects(self.code, line)
            and self.keeps(line)
        )

    def frozen(self, line: Line) -> int:
        """Steps before this index must keep their positions (a stored alternative's)."""
        steps = self.alt_steps(line) or []
        return max(steps, default=-1) + 1


# ---- bad returns ---------------------------------------------------------------------------------


def first_bad(code: str, line: Line) -> int | None:
    """The step of the first unexplained return or repeated return, None if there is none."""
    made: set[tuple[str, str]] = set()
    for r in clean_line.returns(code, line):
        if not r.explained or any((card, r.place) in made for card in r.ids):
            return r.step
        made.update((card, r.place) for card in r.ids)
    return None


def _bad_count(code: str, line: Line) -> int:
    return len(clean_line.return_defects(code, line))


# ---- breadth-first searches from a position ----------------------------------------------------


def reach(
    game: Any,
    depth: int,
    targets: dict[str, int],
    limit: int = 200_000,
    only: set[str] | None = None,
) -> dict[int, Line]:
    """The shortest path (engine move order, breadth-first) from `game` to each position of
    `targets` (position key -> step) within `depth` actions (`only`: among these actions)."""
    found: dict[int, Line] = {}
    seen = {clean_line.position_key(game.state())}
    frontier: list[tuple[Any, Line]] = [(game, [])]
    for _ in range(depth):
        nxt: list[tuple[Any, Line]] = []
        for g, path in frontier:
            if g.status == "won":
                continue
            for move in g.legal_moves():
                if only is not None and move not in only:
                    continue
                child = g.copy()
                child.play(move)
                key = clean_line.position_key(child.state())
                if key in seen:
                    continue
                seen.add(key)
                step = targets.get(key)
                if step is not None and step not in found:
                    found[step] = [*path, move]
                nxt.append((child, [*path, move]))
                if len(seen) > limit:
                    return found
        frontier = nxt
    return found


def line_keys(code: str, line: Line) -> list[str]:
    return [clean_line.position_key(s) for s in clean_line.states(code, line)]


def shortcuts(code: str, line: Line, radius: int = RADIUS) -> list[tuple[int, int, Line]]:
    """(i, j, path): `path` (at most `radius` actions) leads from the position after i actions
    to the one after j, in fewer than the line's j - i actions."""
    keys = line_keys(code, line)
    index = {k: n for n, k in enumerate(keys)}
    game = engine.new_game(code)
    out = []
    for i in range(len(line)):
        later = {k: n for k, n in index.items() if n > i + 1}
        for j, path in sorted(reach(game, radius, later).items()):
            if len(path) < j - i:
                out.append((i, j, path))
        game.play(line[i])
    return out


def shortcut_defects(ex: Example, line: Line, radius: int = RADIUS) -> list[str]:
    """Every shortcut of at most `radius` actions whose spliced line is still acceptable: what the
    search guarantees there is none of."""
    out = []
    for i, j, path in shortcuts(ex.code, line, radius):
        spliced = line[:i] + path + line[j:]
        if ex.acceptable(spliced):
            out.append(f"actions {i + 1}-{j} ({j - i}) can be {len(path)}: {' '.join(path)}")
    return out


def take_shortcuts(ex: Example, line: Line) -> Line:
    """The shortest line over the line's positions and its shortcuts (dynamic programming), or,
    when that is not acceptable, the best single acceptable shortcut; repeated to a fixpoint."""
    while True:
        cuts = shortcuts(ex.code, line)
        if not cuts:
            return line
        n = len(line)
        best: list[tuple[int, int, Line | None]] = [(0 if j == 0 else 10**9, -1, None) for j in range(n + 1)]
        edges: dict[int, list[tuple[int, Line]]] = {}
        for i, j, path in cuts:
            edges.setdefault(j, []).append((i, path))
        for j in range(1, n + 1):
            best[j] = (best[j - 1][0] + 1, j - 1, None)
            for i, path in edges.get(j, []):
                if best[i][0] + len(path) < best[j][0]:
                    best[j] = (best[i][0] + len(path), i, path)
        out: Line = []
        j = n
        while j > 0:
            _, i, via = best[j]
            out[:0] = via if via is not None else [line[i]]
            j = i
        if ex.acceptable(out):
            line = out
            continue
        for i, j, path in sorted(cuts, key=lambda c: (len(c[2]) - (c[1] - c[0]), c[0])):
            spliced = line[:i] + path + line[j:]
            if ex.acceptable(spliced):
                line = spliced
                break
        else:
            return line
