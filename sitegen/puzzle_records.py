"""Puzzle records: `docs/puzzles/ID.json` read and checked, their rating and grade, their order.

A puzzle file (written by scripts/find_puzzles.py from real games) holds, as CONTRACT.md asks,
`state` and `solution` (a winning line from the state, whose first move is the puzzle's answer),
and besides: `game`, `source` {code, actions}, `proof` (for each other legal move, the solver's
verdict "loss" and the nodes it took; the winning line's nodes), `difficulty` {grade (the band of
the puzzle's rating, GRADE_BOUNDS: checked here), nodes, tempting (the wrong actions that look
like progress), legal} and `refutations` {wrong move: a line from after it}. The build checks what is
cheap to check (the position, the solution wins, every refutation line is legal, the proof
names exactly the other legal moves); tests/test_puzzles.py re-runs the solver's proofs.

A puzzle's rating (`rating`, the element's `data-rating`) is a sum over measured features
(`features`): RATING_BASE, plus RATING_WEIGHTS["legal"] for every legal action beyond two, plus
RATING_WEIGHTS["nodes"] for every doubling of the proof (floor(log2(1 + proof nodes))), plus
RATING_WEIGHTS["depth"] for every action of its longest refutation line (the solver's line
after the wrong action until it finds no new position, at most 10: how late the loss shows),
plus RATING_WEIGHTS["beginner"] when the beginner (scripts/rate_puzzles.py: Crescent's
scripts/greedy.py, a Canfield analogue) plays a wrong action. The first three are the stored
proof's, checked here; `features.beginner_falls` is measured by scripts/rate_puzzles.py, which
also checks the rating against how often the beginner and shallow searches fail.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.sources import read_object

GAMES = ("crescent", "canfield")
GRADES = ("easy", "medium", "hard")
RATING_BASE = 800
# The reader's rating (assets/js/learn/rating.js: K and START there are these).
READER_START = 1200
READER_K = 32
RATING_WEIGHTS = {"legal": 100, "nodes": 60, "depth": 30, "beginner": 200}
# Ratings from the first bound up are medium, from the second up hard (grade_of).
GRADE_BOUNDS = (1150, 1500)


@dataclass(frozen=True)
class Puzzle:
    name: str
    path: str
    game: str
    state: dict[str, Any]
    solution: tuple[str, ...]
    alternatives: dict[str, dict[str, Any]]
    win_nodes: int
    difficulty: dict[str, Any]
    refutations: dict[str, list[str]]
    source: dict[str, Any]
    features: dict[str, Any]

    @property
    def move(self) -> str:
        return self.solution[0]


_cache: dict[str, Puzzle] = {}


def load_puzzle(docs_dir: Path, name: str, root: Path | None = None) -> Puzzle:
    """docs/puzzles/NAME.json, checked with the engine; SourceError names file and line."""
    import engine

    file = read_object(
        docs_dir / "puzzles" / f"{name}.json",
        root,
        "a puzzle",
        ("game", "state", "solution", "proof", "difficulty", "refutations", "features"),
        ("source",),
    )
    if file.digest in _cache:
        return _cache[file.digest]
    shown, data, fail = file.shown, file.data, file.fail
    measured = data["features"]
    if not isinstance(measured, dict) or not isinstance(measured.get("beginner_falls"), bool):
        raise fail("features", "features.beginner_falls must be true or false (scripts/rate_puzzles.py)")
    try:
        game = engine.from_state(data["state"])
    except engine.StateError as e:
        raise fail("state", f"impossible position: {e}") from None
    if game.game != data["game"] or data["game"] not in GAMES:
        raise fail("game", f"the state is a {game.game} position, the puzzle says {data['game']!r}")
    solution = data["solution"]
    if not isinstance(solution, list) or not solution:
        raise fail("solution", "solution must list the winning line's actions")
    walk = game.copy()
    for i, move in enumerate(solution):
        reason = walk.check(move) if isinstance(move, str) else "bad-notation"
        if reason is not None:
            raise fail("solution", f"action {i + 1} {move!r} of the solution is illegal here: {reason}", i)
        walk.play(move)
    if walk.status != "won":
        raise fail("solution", f"the solution ends {walk.status!r}, not won")
    proof = data["proof"]
    alternatives = proof.get("alternatives") if isinstance(proof, dict) else None
    legal = set(game.legal_moves())
    if not isinstance(alternatives, dict) or set(alternatives) != legal - {solution[0]}:
        raise fail(
            "proof",
            "proof.alternatives must name every other legal move: "
            f"{', '.join(sorted(legal - {solution[0]}))}",
        )
    for move, verdict in alternatives.items():
        if not isinstance(verdict, dict) or verdict.get("status") != "loss":
            raise fail("proof", f"the alternative {move!r} is not proved lost")
    difficulty = data["difficulty"]
    if not isinstance(difficulty, dict) or difficulty.get("grade") not in GRADES:
        raise fail("difficulty", f"difficulty.grade must be one of {', '.join(GRADES)}")
    refutations = data["refutations"]
    if not isinstance(refutations, dict) or set(refutations) != set(alternatives):
        raise fail("refutations", "refutations must give a line for every wrong move")
    for move, line in refutations.items():
        twin = game.copy()
        twin.play(move)
        for i, step in enumerate(line):
            reason = twin.check(step) if isinstance(step, str) else "bad-notation"
            if reason is not None:
                raise fail(
                    "refutations", f"refutation of {move!r}: action {i + 1} {step!r} is illegal: {reason}"
                )
            twin.play(step)
    puzzle = Puzzle(
        name,
        shown,
        data["game"],
        game.state(),
        tuple(solution),
        alternatives,
        int(proof.get("win_nodes", 0)),
        difficulty,
        refutations,
        data.get("source", {}),
        measured,
    )
    f = features(puzzle)
    band = grade_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"])
    if difficulty["grade"] != band:
        raise fail(
            "difficulty",
            f"difficulty.grade {difficulty['grade']!r} is not the band of the puzzle's rating "
            f"{rating(puzzle)}: {band!r} (scripts/find_hard_puzzles.py --regrade)",
        )
    _cache[file.digest] = puzzle
    return puzzle


def features(puzzle: Puzzle) -> dict[str, Any]:
    """The measured features the rating sums (see the module's docstring)."""
    return {
        "legal": len(puzzle.alternatives) + 1,
        "nodes": sum(int(a.get("nodes", 0)) for a in puzzle.alternatives.values()),
        "depth": max(len(line) for line in puzzle.refutations.values()),
        "beginner_falls": bool(puzzle.features.get("beginner_falls")),
    }


def rating_of(legal: int, nodes: int, depth: int, beginner_falls: bool) -> int:
    w = RATING_WEIGHTS
    return (
        RATING_BASE
        + w["legal"] * (legal - 2)
        + w["nodes"] * ((1 + nodes).bit_length() - 1)
        + w["depth"] * depth
        + w["beginner"] * int(beginner_falls)
    )


def rating(puzzle: Puzzle) -> int:
    f = features(puzzle)
    return rating_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"])


def grade_of(legal: int, nodes: int, depth: int, beginner_falls: bool) -> str:
    """The grade is the rating's band (GRADE_BOUNDS), so it follows the measured features."""
    r = rating_of(legal, nodes, depth, beginner_falls)
    return GRADES[sum(r >= bound for bound in GRADE_BOUNDS)]


def puzzle_order(docs_dir: Path, root: Path | None = None) -> dict[str, list[Puzzle]]:
    """Each game's puzzles, easiest first (by rating, then by name)."""
    out: dict[str, list[Puzzle]] = {game: [] for game in GAMES}
    for path in sorted((docs_dir / "puzzles").glob("*.json")):
        puzzle = load_puzzle(docs_dir, path.stem, root)
        out[puzzle.game].append(puzzle)
    for puzzles in out.values():
        puzzles.sort(key=lambda p: (rating(p), p.name))
    return out


def puzzle_title(puzzle: Puzzle, lang: str, docs_dir: Path | None = None, number: int | None = None) -> str:
    import catalogues

    if number is None and docs_dir is not None:
        number = [p.name for p in puzzle_order(docs_dir)[puzzle.game]].index(puzzle.name) + 1
    return catalogues.message(
        lang,
        f"learn.puzzle.title.{puzzle.game}",
        number=number or 1,
        grade=catalogues.message(lang, f"learn.grade.{puzzle.difficulty['grade']}"),
    )
