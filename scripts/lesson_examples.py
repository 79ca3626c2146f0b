"""The example games chosen for a lesson (scripts/find_examples.py runs them by name): from the
statistics run's deals (data/stats), a short Crescent win, a Canfield deal lost without
take-backs, the steps of a line where the other choice loses, and a mistake line beside its
winning line. Each search is the solver's, with its claims proved by scripts/proofs.py.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

import engine
from engine.notation import Move
from scripts import clean_line
from scripts.proofs import canfield_choices, proved_lost, quickly_won

ROOT = clean_line.ROOT
EXAMPLES = ROOT / "docs" / "examples"
STATS = ROOT / "data" / "stats"


def stats_rows(game: str) -> list[dict[str, Any]]:
    """The statistics run's results (data/stats/GAME.jsonl), one dict per deal."""
    path = STATS / f"{game}.jsonl"
    if not path.is_file():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def best_line(
    code: str,
    seconds: float,
    seeds: int = 3,
    game: engine.Game | None = None,
    prefix: list[str] | None = None,
) -> list[str] | None:
    """The most human-like clean winning line found by `seeds` solver runs from the deal (or
    from `game` after `prefix`, whose line then starts with the prefix)."""
    prefix = prefix or []
    best: tuple[int, list[str]] | None = None
    for seed in range(1, seeds + 1):
        start = game if game is not None else engine.new_game(code)
        solution = engine.solve(start, max_seconds=seconds, seed=seed)
        if solution.status != "win":
            continue
        line = clean_line.clean(code, prefix + solution.moves)
        cost = clean_line.human_cost(code, line)
        print(
            f"    seed {seed}: {len(prefix) + len(solution.moves)} -> {len(line)} actions, cost {cost}",
            flush=True,
        )
        if best is None or cost < best[0]:
            best = (cost, line)
    return best[1] if best else None


def find_crescent_short(seconds: float, budget: float) -> dict[str, object] | None:
    """Among the statistics deals with the shortest solver lines, the shortest clean win with
    no redeal (else the fewest)."""
    end = time.monotonic() + budget
    rows = sorted((r for r in stats_rows("crescent") if r["status"] == "win"), key=lambda r: r["moves"])
    best: tuple[tuple[int, int], dict[str, object]] | None = None
    for row in rows[:12]:
        if time.monotonic() > end:
            break
        code = str(row["code"])
        print(f"  {code} ({row['moves']} in the statistics run)", flush=True)
        line = best_line(code, seconds)
        if line is None:
            continue
        key = (line.count("redeal"), clean_line.human_cost(code, line))
        if best is None or key < best[0]:
            best = (key, {"code": code, "moves": line})
    return best[1] if best else None


def find_canfield_takeback(seconds: float, budget: float) -> dict[str, object] | None:
    """A draw-three deal proved lost without take-backs and won with them; the most human line."""
    end = time.monotonic() + budget
    without = {r["deal"]: r for r in stats_rows("canfield-d3-no-takebacks")}
    rows = [
        r
        for r in stats_rows("canfield-d3")
        if r["status"] == "win" and without.get(r["deal"], {}).get("status") == "loss"
    ]
    best: tuple[int, dict[str, object]] | None = None
    for row in sorted(rows, key=lambda r: r["moves"]):
        if time.monotonic() > end:
            break
        code = str(row["code"])
        proof = engine.solve(engine.new_game(code), max_seconds=4 * seconds, takebacks=False)
        print(f"  {code}: without take-backs {proof.status} ({proof.seconds:.1f} s)", flush=True)
        if proof.status != "loss":
            continue
        line = best_line(code, seconds)
        if line is None:
            continue
        cost = clean_line.human_cost(code, line)
        if best is None or cost < best[0]:
            best = (cost, {"code": code, "without_takebacks": "loss", "moves": line})
    return best[1] if best else None


def find_choices(name: str, seconds: float, budget: float) -> dict[str, object] | None:
    """The steps of a stored example where the other choice (home or column) loses, proved."""
    end = time.monotonic() + budget
    data = json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    code, moves = data["code"], data["moves"]
    game = engine.new_game(code)
    found = []
    for i, move in enumerate(moves):
        if time.monotonic() > end:
            break
        for alt in canfield_choices(game, move):
            twin = game.copy()
            twin.play(alt)
            lost = proved_lost(twin)
            print(f"  step {i}: {move} / {alt}: {'loss' if lost else 'not proved lost'}", flush=True)
            if lost:
                found.append({"step": i, "move": alt})
        game.play(move)
    if not found:
        return None
    data["alternatives"] = found
    return data


def find_canfield_choice(draw: int, seconds: float, budget: float) -> dict[str, object] | None:
    """The first statistics deal (shortest lines first) whose clean line has a step where the
    other choice, home or column, is proved lost."""
    end = time.monotonic() + budget
    rows = sorted(
        (r for r in stats_rows(f"canfield-d{draw}") if r["status"] == "win"), key=lambda r: r["moves"]
    )
    # Deals that are lost without take-backs first: their winning lines have little room.
    without = {r["deal"]: r["status"] for r in stats_rows(f"canfield-d{draw}-no-takebacks")}
    rows.sort(key=lambda r: without.get(r["deal"]) != "loss")
    skip = int(os.environ.get("CHOICE_SKIP", "0"))
    for row in rows[skip:]:
        if time.monotonic() > end:
            break
        code = str(row["code"])
        print(f"  {code}", flush=True)
        line = best_line(code, 5.0, seeds=1)
        if line is None:
            continue
        game = engine.new_game(code)
        found = []
        for i, move in enumerate(line):
            for alt in canfield_choices(game, move):
                twin = game.copy()
                twin.play(alt)
                if not quickly_won(twin) and proved_lost(twin):
                    print(f"  step {i}: {move} / {alt}: loss", flush=True)
                    found.append({"step": i, "move": alt})
            game.play(move)
        if found:
            return {"code": code, "alternatives": found, "moves": line}
    return None


def find_canfield_choice_classic(draw: int, seconds: float, budget: float) -> dict[str, object] | None:
    """With take-backs (the app's rule) a card sent home can come back onto the same column,
    so "home or column" is almost never decisive: scanning the statistics deals found no such
    proof. Under the traditional rule (no take-backs) it often is. So: a deal won without any
    take-back, its clean line containing none, and a step where the other choice (home or
    column) is proved lost under the traditional rule (`"rules": "no-takebacks"`)."""
    end = time.monotonic() + budget
    rows = sorted(
        (r for r in stats_rows(f"canfield-d{draw}-no-takebacks") if r["status"] == "win"),
        key=lambda r: r["moves"],
    )
    skip = int(os.environ.get("CHOICE_SKIP", "0"))
    for row in rows[skip:]:
        if time.monotonic() > end:
            break
        code = str(row["code"])
        solution = engine.solve(engine.new_game(code), max_seconds=seconds, takebacks=False)
        if solution.status != "win":
            continue

        def still(line: list[str], code: str = code) -> bool:
            return clean_line.wins(code, line) and clean_line.counts(code, line)["takebacks"] == 0

        line = clean_line.clean(code, solution.moves, still)
        if not clean_line.is_clean(code, line):
            continue  # a shorter line needs a take-back: the stored line must be clean under both
        print(f"  {code}: {len(solution.moves)} -> {len(line)} actions", flush=True)
        game = engine.new_game(code)
        found = []
        for i, move in enumerate(line):
            for alt in canfield_choices(game, move):
                twin = game.copy()
                twin.play(alt)
                if not quickly_won(twin, takebacks=False) and proved_lost(twin, takebacks=False):
                    print(f"  step {i}: {move} / {alt}: loss without take-backs", flush=True)
                    found.append({"step": i, "move": alt, "rules": "no-takebacks"})
            game.play(move)
        if found:
            return {"code": code, "alternatives": found, "moves": line}
    return None


def find_mistake(winning: str, seconds: float, budget: float, start: int = 0) -> dict[str, object] | None:
    """The winning line up to the first step where an obvious alternative (the beginner's move
    of scripts/greedy.py, a card sent home, or a pile emptied) is proved lost, then that move
    and the beginner's play until blocked."""
    from scripts.greedy import greedy_line, greedy_move

    end = time.monotonic() + budget
    path = EXAMPLES / f"{winning}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    code, moves = data["code"], data["moves"]
    game = engine.new_game(code)
    seen = {clean_line.position_key(game.state())}
    for i, move in enumerate(moves):
        if time.monotonic() > end:
            break
        if i < start:  # early positions are seldom proved lost within seconds: skip them
            game.play(move)
            seen.add(clean_line.position_key(game.state()))
            continue
        options = []
        first = greedy_move(game, seen)
        if first and first != move:
            options.append(first)
        piles = game.state()["piles"]
        for m in game.legal_moves():
            parsed = Move.parse(m)
            src, dst = parsed.src, parsed.dst
            if (
                m != move
                and m not in options
                and src.isdigit()
                and (not dst.isdigit() or len(piles[int(src) - 1]) == 1)
            ):
                options.append(m)
        for alt in options:
            twin = game.copy()
            twin.play(alt)
            lost = proved_lost(twin)
            print(f"  step {i}: {move} / {alt}: {'loss' if lost else 'not proved lost'}", flush=True)
            if not lost:
                continue
            after = greedy_line(twin, seen | {clean_line.position_key(twin.state())})
            line = [*moves[:i], alt, *after]
            end_game = clean_line.replay(code, line)
            if end_game is None or end_game.status != "blocked":
                continue
            data.setdefault("alternatives", [])
            if {"step": i, "move": alt} not in data["alternatives"]:
                data["alternatives"].append({"step": i, "move": alt})
                clean_line.write_example(path, data)
            return {"code": code, "outcome": "blocked", "winning": winning, "moves": line}
        game.play(move)
        seen.add(clean_line.position_key(game.state()))
    return None
