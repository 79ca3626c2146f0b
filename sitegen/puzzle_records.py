"""Puzzle records: `docs/puzzles/ID.json` read and checked, their rating and grade, their order.

A puzzle file (written by scripts/find_puzzles.py from real games) holds, as CONTRACT.md asks,
`state` and `solution` (a winning line from the state, whose first move is the puzzle's answer),
and besides: `game`, `source` {code, actions}, `proof` (for each other legal move, the solver's
verdict, "loss" or "back" (sitegen/puzzle_proofs.py: lost, or every win after it passes again
through this position), and the nodes it took; the winning line's nodes), `difficulty` {grade
(the band of the puzzle's rating, GRADE_BOUNDS: checked here), nodes, tempting (the wrong actions
that look like progress), legal} and `refutations` {wrong move: a line from after it; for a
"back" one, the line that comes back to this position}. A "win in N" puzzle (the hard band) adds
`steps` N and `later`, one {alternatives, refutations} per step 2..N, at the position after the
solution's first 1..N-1 actions: the solution's next action is the only one there too, every
other proved lost or back. The build checks what is cheap to check (the position, the solution
wins, every refutation line is legal and a "back" one ends at its position again, the proofs
name exactly the other legal moves, at every step); tests/test_puzzles.py re-runs the proofs.

A puzzle's rating (`rating`, the element's `data-rating`) is a sum over measured features
(`features`, `rating_of`): RATING_BASE, plus RATING_WEIGHTS["legal"] for every legal action beyond
two, plus RATING_WEIGHTS["nodes"] for every doubling of the proofs (floor(log2(1 + proof nodes))),
plus RATING_WEIGHTS["depth"] for every action of its longest refutation line of a lost action
(the solver's line after it until it finds no new position, at most 10: how late the loss shows),
plus RATING_WEIGHTS["beginner"] when the beginner (scripts/rate_puzzles.py: Crescent's
scripts/greedy.py, a Canfield analogue) plays a wrong action, plus RATING_WEIGHTS["steps"] for
every step beyond the first. The proofs' figures are the stored ones, checked here;
`features.beginner_falls` is measured by scripts/rate_puzzles.py, which also checks the rating
against how often the beginner and shallow searches fail.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitegen.games import GAMES as SITE_GAMES
from sitegen.sources import read_object

GAMES = tuple(SITE_GAMES)  # the games' names, in the registry's order (sitegen/games.py)
GRADES = ("easy", "medium", "hard")
RATING_BASE = 800
# The reader's rating (assets/js/learn/rating.js: K and START there are these).
READER_START = 1200
READER_K = 32
# Weighed against the check (scripts/rate_puzzles.py) on the 64 puzzles of session 5: with the
# former 100/60/30/200/150 (legal/nodes/depth/beginner/steps) the ratings ranked as the beginner's
# and shallow searches' failures with Spearman 0.43 (Crescent 0.21: the big proofs of the new
# puzzles of 3 to 5 actions said "hard" where the searches failed no more often), with these 0.67.
# With 49 Canfield puzzles (most of 4 actions, Solvitaire's rules) and the check counting every
# step of a "win in N" one: 0.53 across the 93 (Canfield 0.37: most are failed by all four).
# Session 8's set (Crescent: 41 of 5 actions, 4 "win in N" of 4; Canfield: the 41 of 4 or more
# actions): 0.53 with nodes at 20 (Crescent 0.68, Canfield 0.19), 0.69 with 10 (Crescent 0.70,
# Canfield 0.23): the new puzzles' big proofs again said "hard" where the searches failed no
# more often (the proof's size alone ranks against the failures: Spearman -0.2). Session 9's
# check adds shallow searches of depths 4 and 5 (fewer puzzles failed by every checker): with
# the same weights, 0.71 (Crescent 0.67, Canfield 0.39); 0.73 (Canfield 0.44) without
# cf-aakyoik-128, dropped: no lure of its first step lost more than one action deep, and its
# second step was a choice of two.
RATING_WEIGHTS = {"legal": 100, "nodes": 10, "depth": 10, "beginner": 300, "steps": 100}
# Per game, ratings from the first bound up are medium, from the second up hard (grade_of): the
# bounds split the game's stored ratings nearest to thirds (ties stay in one band; the thirds
# are in scripts/rate_puzzles.py's report), so each grade holds about a third of its puzzles
# (tests/test_puzzles.py). Canfield's moved up (from 1060, 1340) when its set of 49 became
# mostly positions of 4 or more actions with a lure (Solvitaire's rules, issue 25). Both moved
# again with session 8's set and weights: Crescent 15 / 15 / 15, Canfield 14 / 12 / 15 (14 / 12 /
# 14 once cf-aakyoik-128 was dropped; its thirds, 1430 and 1550, would split five puzzles rated
# 1430 from their ties' band).
GRADE_BOUNDS = {"crescent": (1330, 1520), "canfield": (1440, 1550)}


@dataclass(frozen=True)
class Step:
    """A later step of a "win in N" puzzle: its position (after the solution's first actions),
    the solution's action there, and the other actions' verdicts and lines, as at step 1."""

    state: dict[str, Any]
    move: str
    alternatives: dict[str, dict[str, Any]]
    refutations: dict[str, list[str]]


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
    steps: int = 1  # the reader's steps, each with one winning action ("win in N")
    later: tuple[Step, ...] = ()  # steps 2..N

    @property
    def move(self) -> str:
        return self.solution[0]


_cache: dict[str, Puzzle] = {}


def _check_step(fail: Any, game: Any, good: str, alternatives: Any, refutations: Any, where: str) -> None:
    """One step's claim, checked cheaply: its verdicts name exactly the other legal actions,
    each "loss" or "back" (sitegen/puzzle_proofs.py; `_reprove` proves them again), and
    each has a legal refutation line; a "back" one's line ends at the step's position again."""
    from sitegen.puzzle_proofs import VERDICTS, same_position

    legal = set(game.legal_moves())
    if not isinstance(alternatives, dict) or set(alternatives) != legal - {good}:
        raise fail(
            "later" if where else "proof",
            f"{where}proof.alternatives must name every other legal move: "
            f"{', '.join(sorted(legal - {good}))}",
        )
    if not alternatives:
        raise fail("later" if where else "proof", f"{where}only one action is legal here: no choice to make")
    field = "later" if where else "refutations"
    for move, verdict in alternatives.items():
        if not isinstance(verdict, dict) or verdict.get("status") not in VERDICTS:
            raise fail(
                field if where else "proof", f"{where}the alternative {move!r} is not proved lost or back"
            )
        if not isinstance(verdict.get("nodes"), int) or verdict["nodes"] < 0:
            raise fail(field if where else "proof", f"{where}the alternative {move!r} has no node count")
    if not isinstance(refutations, dict) or set(refutations) != set(alternatives):
        raise fail(field, f"{where}refutations must give a line for every wrong move")
    for move, line in refutations.items():
        twin = game.copy()
        twin.play(move)
        if not isinstance(line, list):
            raise fail(field, f"{where}refutation of {move!r} must be a list of actions")
        for i, step in enumerate(line):
            reason = twin.check(step) if isinstance(step, str) else "bad-notation"
            if reason is not None:
                raise fail(
                    field, f"{where}refutation of {move!r}: action {i + 1} {step!r} is illegal: {reason}"
                )
            twin.play(step)
        if alternatives[move]["status"] == "back" and not (line and same_position(twin, game)):
            raise fail(
                field, f"{where}the line of {move!r}, said to come back, does not end at this position"
            )


def _reprove(fail: Any, game: Any, alternatives: dict[str, Any], where: str) -> None:
    """The step's stored verdicts proved again by the complete search (issue 25: the build
    re-proves every puzzle; the whole set takes about 5 CPU-s, and a step that held is not
    searched again until its position, verdicts or the code that proves them change:
    sitegen/puzzle_proofs.py `disproved_cached`)."""
    from sitegen.puzzle_proofs import disproved_cached

    wrong = disproved_cached(game, alternatives)
    if wrong is not None:
        raise fail("later" if where else "proof", where + wrong)


def load_puzzle(docs_dir: Path, name: str, root: Path | None = None) -> Puzzle:
    """docs/puzzles/NAME.json, checked with the engine; SourceError names file and line."""
    import engine

    file = read_object(
        docs_dir / "puzzles" / f"{name}.json",
        root,
        "a puzzle",
        ("game", "state", "solution", "proof", "difficulty", "refutations", "features"),
        ("source", "steps", "later"),
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
    refutations = data["refutations"]
    _check_step(fail, game, solution[0], alternatives, refutations, "")
    assert isinstance(alternatives, dict)  # _check_step raised otherwise
    _reprove(fail, game, alternatives, "")
    difficulty = data["difficulty"]
    if not isinstance(difficulty, dict) or difficulty.get("grade") not in GRADES:
        raise fail("difficulty", f"difficulty.grade must be one of {', '.join(GRADES)}")
    steps = data.get("steps", 1)
    later_data = data.get("later", [])
    if not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= len(solution):
        raise fail("steps", f"steps must be a whole number from 1 to the solution's {len(solution)} actions")
    if not isinstance(later_data, list) or len(later_data) != steps - 1:
        raise fail("later", f"later must hold one object per step after the first: {steps - 1}")
    later: list[Step] = []
    walk = game.copy()
    for k, item in enumerate(later_data, start=1):
        walk.play(solution[k - 1])
        if not isinstance(item, dict) or set(item) != {"alternatives", "refutations"}:
            raise fail("later", f"later[{k - 1}] must hold exactly alternatives and refutations")
        where = f"step {k + 1} (after {' '.join(solution[:k])}): "
        _check_step(fail, walk, solution[k], item["alternatives"], item["refutations"], where)
        _reprove(fail, walk, item["alternatives"], where)
        later.append(Step(walk.state(), solution[k], item["alternatives"], item["refutations"]))
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
        steps,
        tuple(later),
    )
    f = features(puzzle)
    band = grade_of(data["game"], f["legal"], f["nodes"], f["depth"], f["beginner_falls"], f["steps"])
    if difficulty["grade"] != band:
        raise fail(
            "difficulty",
            f"difficulty.grade {difficulty['grade']!r} is not the band of the puzzle's rating "
            f"{rating(puzzle)}: {band!r} (scripts/find_hard_puzzles.py --regrade)",
        )
    _cache[file.digest] = puzzle
    return puzzle


def features(puzzle: Puzzle) -> dict[str, Any]:
    """The measured features the rating sums (see rating_of)."""
    return step_features(
        [(puzzle.alternatives, puzzle.refutations), *((s.alternatives, s.refutations) for s in puzzle.later)],
        bool(puzzle.features.get("beginner_falls")),
    )


def data_features(data: dict[str, Any]) -> dict[str, Any]:
    """features() of a puzzle file's JSON object, before it is loaded (scripts' regrade)."""
    steps = [(data["proof"]["alternatives"], data["refutations"])]
    steps += [(item["alternatives"], item["refutations"]) for item in data.get("later", [])]
    return step_features(steps, bool(data["features"]["beginner_falls"]))


def step_features(
    steps: list[tuple[dict[str, dict[str, Any]], dict[str, list[str]]]], beginner_falls: bool
) -> dict[str, Any]:
    """From each step's (alternatives, refutations): the first step's legal actions, the nodes
    of every step's proofs, the longest refutation line of a lost action at any step (a
    "back" line only shows an undo, not how late a loss shows; 0 when none is lost), the
    beginner's fall at the first step, and the number of steps."""
    lost = [
        len(refutations[move])
        for alternatives, refutations in steps
        for move, verdict in alternatives.items()
        if verdict.get("status") == "loss"
    ]
    return {
        "legal": len(steps[0][0]) + 1,
        "nodes": sum(int(v.get("nodes", 0)) for alternatives, _ in steps for v in alternatives.values()),
        "depth": max(lost, default=0),
        "beginner_falls": beginner_falls,
        "steps": len(steps),
    }


def rating_of(legal: int, nodes: int, depth: int, beginner_falls: bool, steps: int = 1) -> int:
    """RATING_BASE, plus RATING_WEIGHTS["legal"] per legal action beyond two, ["nodes"] per
    doubling of the proofs' nodes (floor(log2(1 + nodes))), ["depth"] per action of the longest
    refutation line of a lost action, ["beginner"] when the beginner plays a wrong action, and ["steps"] per
    step beyond the first of a "win in N" puzzle. A later step counts twice over: once by its
    weight, once by what its own proofs add to `nodes` and `depth` (features sums every step's
    proofs and takes the longest line of any step); its own legal actions are not counted, as
    the reader who got step 1 right has already seen the position's kind."""
    w = RATING_WEIGHTS
    return (
        RATING_BASE
        + w["legal"] * (legal - 2)
        + w["nodes"] * ((1 + nodes).bit_length() - 1)
        + w["depth"] * depth
        + w["beginner"] * int(beginner_falls)
        + w["steps"] * (steps - 1)
    )


def rating(puzzle: Puzzle) -> int:
    f = features(puzzle)
    return rating_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"], f["steps"])


def grade_of(game: str, legal: int, nodes: int, depth: int, beginner_falls: bool, steps: int = 1) -> str:
    """The grade is the rating's band in its game (GRADE_BOUNDS), so it follows the measured
    features."""
    r = rating_of(legal, nodes, depth, beginner_falls, steps)
    return GRADES[sum(r >= bound for bound in GRADE_BOUNDS[game])]


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
