#!/usr/bin/env python3
"""Scans many deals for scripts/find_hard_puzzles.py's puzzles, and measures the yield.

find_hard_puzzles.py looks at a few dozen deals, the last --tail positions of each. Most
positions with many actions have a second winning action (often the same moves in another
order), so a harder puzzle is rare: this scan walks many more deals, every position of each
winning line, and counts what it costs. The test of a position is find_hard_puzzles.examine,
unchanged (every other action PROVED lost or "back" within --max-nodes; a tempting lure lost,
its refutation at least --min-depth actions long), so "unique" means what it always has.

Sources of positions (`--source`):

- `stats`: the won deals of the statistics samples (data/stats/*.jsonl, only read);
- `fresh`: deals numbered from --first-deal on, solved here (a deal not won within
  LINE_NODES positions is passed over);
- `beginner`: off the winning line: from each position of it, the beginner
  (scripts/rate_puzzles.py beginner_move) plays on while the game stays winnable; the last
  winnable position before the beginner's first losing action is examined, with the solver's
  winning action there as the answer (the beginner falls for that puzzle by construction).

`--version KEY` (Canfield, a row of engine.VERSIONS) deals by that version's code, its won deals
being its own sample's (data/stats/KEY.jsonl): the positions carry its rules ("options"), which
the proofs, the page's answers and the card (sitegen/puzzles.py: "Rules of another version")
follow. Under the app's rules nearly every Canfield position with 3 or more actions has a second
win (a card taken back from a foundation, the stock's turns give other orders): 1 puzzle in
2,000-4,000 positions; Solvitaire's preset (`solvitaire-canfield`, no take-backs) gave 1 in
about 600, at 4 or more actions (classic Canfield's fresh deals: 1 in 1,500, most CPU spent
solving deals that are lost).

`--game both` takes the two games' deals in turn. Every puzzle found is written to --out (a
staging folder: docs/ is shared) in the stored layout, and one JSON line per puzzle to --log
with its features, rating and the CPU time at which it was found; every --report deals a line
on stderr gives deals, positions examined, puzzles and the yield per CPU-minute.

Most positions fall at the first, cheap part of the test (a small search finds a second win),
and the deals' lines cost as much again: `--sift FILE` runs only those on the compiled engine
(scripts/compile_solver.py's build/mypyc, 2-3 times faster; its searcher cannot be subclassed,
as the "back" search does) and writes the positions that pass; `--sifted FILE` then runs the
whole test on them with the pure engine, whose verdicts are the stored ones. One process at a
time, niced:

    nice -n 5 .venv/bin/python scripts/scan_puzzles.py --sift /tmp/sift.jsonl --game both \\
        --deals 2000 --per-deal 5 --gap 2 --max-cpu-minutes 5 --out /tmp/scan --log /tmp/unused
    nice -n 5 .venv/bin/python scripts/scan_puzzles.py --sifted /tmp/sift.jsonl --game both \\
        --max-cpu-minutes 10 --out /tmp/scan --log /tmp/scan.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
# --sift runs on the compiled engine (scripts/compile_solver.py's build, 2-3 times faster): its
# searcher cannot be subclassed, as sitegen/puzzle_proofs.py's "back" search does, so that pass
# only rejects (a second win found) and the pure engine proves what is left (--sifted).
if "--sift" in sys.argv:
    sys.path.insert(0, str(ROOT / "build" / "mypyc"))

import engine  # noqa: E402
from engine.codes import deal_letters, parse_code  # noqa: E402
from engine.games import game_kind  # noqa: E402
from scripts.find_hard_puzzles import (  # noqa: E402
    LINE_NODES,
    MIN_LEGAL,
    children_of,
    examine,
    lures,
    puzzle_data,
    second_win,
)
from scripts.find_puzzles import PUZZLE_DIR, won_codes, write_puzzle  # noqa: E402
from scripts.rate_puzzles import beginner_move  # noqa: E402
from sitegen.puzzle_proofs import position_key  # noqa: E402
from sitegen.puzzle_records import data_features, rating_of  # noqa: E402

PREFIX = {"crescent": "CR1-N-", "canfield": "CF1-D3-"}
# The beginner's walk: at most this many of its actions from one position of the line, each
# checked winnable within BEGINNER_NODES positions (a budget, not a time: the machine is shared).
BEGINNER_WALK = 12
BEGINNER_NODES = 20_000


def version_prefix(version: str) -> str:
    """The deal codes' prefix of one of engine.VERSIONS' Canfield rows ("CF1-D3GKN-")."""
    prefix, options = engine.VERSIONS[version]
    return f"{prefix}1-{options}-"


def version_won(version: str) -> list[str]:
    """The won deals of a version's statistics sample (data/stats/VERSION.jsonl, only read)."""
    path = ROOT / "data" / "stats" / f"{version}.jsonl"
    rows = [json.loads(t) for t in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []
    return [r["code"] for r in rows if r.get("status") == "win"]


def deal_codes(kind: str, source: str, first: int, skip: int, deals: int, version: str = "") -> Iterator[str]:
    """A version (Canfield only) deals by its own code; its won deals are its own sample's."""
    own = bool(version) and engine.VERSIONS[version][0] == game_kind(kind).prefix  # the kind's version
    prefix = version_prefix(version) if own else PREFIX[kind]
    if source == "fresh":
        for number in range(first, first + deals):
            yield prefix + deal_letters(number)
    else:
        won = version_won(version) if own else won_codes(kind)
        yield from won[skip : skip + deals]


def puzzle_ident(code: str, where: str) -> str:
    """The file's name: "cf-aakymlv-286"; a version other than the app's draw 3 says its options
    ("cf-d1-…", "cf-d3gkn-…")."""
    parsed = parse_code(code)
    kind = game_kind(parsed.game)
    seeds = next(iter(kind.seeds.values()))  # the seeds' rules (Crescent N, Canfield's draw 3)
    variant = f"-{parsed.options.lower()}" if parsed.options != seeds else ""
    return f"{kind.family}{variant}-{deal_letters(parsed.deal).lower()}-{where}"


def min_legal_of(args: argparse.Namespace, kind: str) -> int:
    """The fewest legal actions a puzzle of `kind` needs: --canfield-min-legal for Canfield,
    else --min-legal, else the finder's own (MIN_LEGAL)."""
    return {"canfield": args.canfield_min_legal}.get(kind, 0) or args.min_legal or MIN_LEGAL[kind]


def line_states(code: str) -> tuple[list[str], list[engine.Game]]:
    """The solver's winning line of the deal and every position of it ([], [] if not won)."""
    start = engine.new_game(code)
    won = engine.solve(start, max_seconds=1e9, max_nodes=LINE_NODES)
    if won.status != "win":
        return [], []
    states = [start]
    for move in won.moves:
        nxt = states[-1].copy()
        nxt.play(move)
        states.append(nxt)
    return list(won.moves), states


def winning_move(game: engine.Game, nodes: int) -> str | None:
    found = engine.solve(game, max_seconds=1e9, max_nodes=nodes)
    return found.moves[0] if found.status == "win" and found.moves else None


def sifted(path: Path) -> Iterator[tuple[str, str, int, str, engine.Game, str, int]]:
    """--sift's survivors: (game, code, actions, where, position, answer, line length)."""
    for text in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(text)
        yield (
            row["game"],
            row["code"],
            row["actions"],
            row["where"],
            engine.from_state(row["state"]),
            row["good"],
            row["line"],
        )


def beginner_fall(game: engine.Game) -> tuple[engine.Game, str, int] | None:
    """From `game` (winnable), the beginner's walk: (the last winnable position, the solver's
    action there, the actions walked) when its next action loses, or None."""
    walk = game.copy()
    good = winning_move(walk, BEGINNER_NODES)
    for k in range(BEGINNER_WALK):
        if good is None or walk.status != "playing":
            return None
        move = beginner_move(walk)
        if move is None:
            return None
        after = walk.copy()
        after.play(move)
        if move == good:
            walk, good = after, winning_move(after, BEGINNER_NODES)
            continue
        proof = engine.solve(after, max_seconds=1e9, max_nodes=BEGINNER_NODES, quick=False)
        if proof.status == "loss":
            return walk, good, k
        if proof.status != "win":
            return None
        walk, good = after, winning_move(after, BEGINNER_NODES)
    return None


TAIL = {"crescent": 60, "canfield": 130}  # where the stored puzzles came from, and a margin
SKIP = {"crescent": lambda a: a.skip_deals, "canfield": lambda a: a.skip_canfield}


def interleaved(args: argparse.Namespace, kinds: list[str]) -> Iterator[tuple[str, str]]:
    """(game, deal code), the games' deals taken in turn."""
    source = "fresh" if args.source == "fresh" else "stats"
    streams = [
        zip(
            [k] * args.deals,
            deal_codes(k, source, args.first_deal, SKIP[k](args), args.deals, getattr(args, "version", "")),
            strict=False,
        )
        for k in kinds
    ]
    while streams:
        for stream in list(streams):
            item = next(stream, None)
            if item is None:
                streams.remove(stream)
            else:
                yield item


def summary(kind: str, tally: dict[str, float], source: str) -> str:
    cpu = tally["cpu"]
    return (
        f"{kind} {source}: {tally['deals']:.0f} deals, {tally['examined']:.0f} positions examined,"
        f" {tally['found']:.0f} puzzles in {cpu:.0f} s of CPU ({tally['line']:.0f} s of it the deals' lines):"
        f" {60 * tally['found'] / max(cpu, 1):.2f} a CPU-minute; load average {os.getloadavg()[0]:.2f}"
    )


def positions(
    args: argparse.Namespace,
    kinds: list[str],
    tallies: dict[str, dict[str, float]],
    done: dict[str, list[int]],
) -> Iterator[tuple[str, str, int, str, engine.Game, str, int]]:
    """(game, code, actions, where, position, answer, line length) of every position to examine
    (at least the game's --min-legal actions, --tail from the line's end, --gap from a puzzle
    found in its deal, --per-deal at most), from the deals or a --sifted file."""
    if args.sifted:
        for item in sifted(args.sifted):
            tallies[item[0]]["deals"] += item[1] not in done
            found = done.setdefault(item[1], [])
            if len(found) < args.per_deal and all(abs(item[2] - n) >= args.gap for n in found):
                yield item
        return
    for kind, code in interleaved(args, kinds):
        tally = tallies[kind]
        min_legal = min_legal_of(args, kind)
        before = time.process_time()
        line, states = line_states(code)
        tally["line"] += time.process_time() - before
        tally["deals"] += 1
        found = done.setdefault(code, [])
        seen: set[Any] = set()
        for n in range(len(line) - 2, max(len(line) - 2 - (args.tail or TAIL[kind]), -1), -1):
            if len(found) >= args.per_deal:
                break
            if any(abs(n - m) < args.gap for m in found):
                continue
            game, good, where = states[n], line[n], f"{n}"
            if args.source == "beginner":
                fall = beginner_fall(game)
                if fall is None:
                    continue
                game, good, walked = fall
                where = f"{n}b{walked}"
                if position_key(game) in seen:  # several positions of the line walk to it
                    continue
                seen.add(position_key(game))
            if len(game.legal_moves()) >= min_legal:
                yield (
                    kind,
                    code,
                    n + (int(where.split("b")[1]) if "b" in where else 0),
                    where,
                    game,
                    good,
                    len(line),
                )
        if tally["deals"] % args.report == 0:
            print(summary(kind, tally, args.source), file=sys.stderr, flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("crescent", "canfield", "both"), required=True)
    parser.add_argument("--source", choices=("stats", "fresh", "beginner"), default="stats")
    parser.add_argument("--first-deal", type=int, default=9_000_000, help="fresh: the first deal's number")
    parser.add_argument(
        "--skip-deals", type=int, default=0, help="stats, beginner: Crescent won deals passed over"
    )
    parser.add_argument(
        "--version",
        default="",
        choices=["", *(k for k, (pre, _) in engine.VERSIONS.items() if pre == "CF")],
        help="Canfield: deals of this version (engine.VERSIONS), its own sample's won ones for stats",
    )
    parser.add_argument("--skip-canfield", type=int, default=0, help="the same for Canfield")
    parser.add_argument("--deals", type=int, default=100, help="deals of each game, at most")
    parser.add_argument("--max-cpu-minutes", type=float, default=10.0, help="this process's CPU time")
    parser.add_argument("--max-nodes", type=int, default=100_000, help="a position's proofs, at most")
    parser.add_argument("--min-legal", type=int, default=0, help="0: 5 for Crescent, 4 for Canfield")
    parser.add_argument("--canfield-min-legal", type=int, default=0, help="with --game both: Canfield's")
    parser.add_argument("--min-depth", type=int, default=3, help="a lost lure's refutation, at least")
    parser.add_argument("--tail", type=int, default=0, help="positions from each line's end (0: TAIL)")
    parser.add_argument("--per-deal", type=int, default=3, help="puzzles from one deal, at most")
    parser.add_argument("--gap", type=int, default=4, help="actions between two puzzles of a deal")
    parser.add_argument("--report", type=int, default=20, help="a progress line every N deals")
    parser.add_argument(
        "--sift", type=Path, help="compiled engine: only write the positions no small search rejects"
    )
    parser.add_argument("--sifted", type=Path, help="examine the positions of a --sift file")
    parser.add_argument("--out", type=Path, required=True, help="a staging folder for the files")
    parser.add_argument("--log", type=Path, required=True, help="one JSON line per puzzle found")
    args = parser.parse_args()
    kinds = ["crescent", "canfield"] if args.game == "both" else [args.game]
    finder = "scan_puzzles" if args.min_depth else "scan_puzzles --min-depth 0"
    args.out.mkdir(parents=True, exist_ok=True)
    taken = {p.stem for p in (*PUZZLE_DIR.glob("*.json"), *args.out.glob("*.json"))}
    stop = args.max_cpu_minutes * 60
    start_cpu = time.process_time()
    tallies = {k: dict.fromkeys(("deals", "examined", "found", "cpu", "line"), 0.0) for k in kinds}
    done: dict[str, list[int]] = {}
    with (args.sift or args.log).open("a", encoding="utf-8") as log:
        mark = time.process_time()
        for kind, code, actions, where, game, good, length in positions(args, kinds, tallies, done):
            tally = tallies[kind]
            if time.process_time() - start_cpu > stop:
                break
            ident = puzzle_ident(code, where)
            if ident in taken or kind not in kinds:
                continue
            tally["examined"] += 1
            if args.sift:
                rejected = (args.min_depth and not lures(kind, game, good)) or second_win(
                    kind, game, children_of(game, good)
                )
                # The CPU since the last position: this one's test, and its deal's line if new.
                tally["cpu"], mark = tally["cpu"] + time.process_time() - mark, time.process_time()
                if rejected:
                    continue
                row = {"game": kind, "code": code, "actions": actions, "where": where, "good": good}
                log.write(json.dumps({**row, "line": length, "state": game.state()}) + "\n")
                log.flush()
                tally["found"] += 1
                done[code].append(int(where.split("b")[0]))  # --per-deal and --gap: survivors here
                continue
            proof = examine(kind, game, good, args.max_nodes, args.min_depth)
            tally["cpu"], mark = tally["cpu"] + time.process_time() - mark, time.process_time()
            if proof is None:
                continue
            min_legal = min_legal_of(args, kind)
            source = {"code": code, "actions": actions, "finder": finder, "min_legal": min_legal}
            if args.source != "stats":
                source["from"] = args.source
            data = puzzle_data(kind, game, source, proof, 1)
            write_puzzle(ident, data, args.out)
            taken.add(ident)
            f = data_features(data)
            row = {
                "id": ident,
                **{k: f[k] for k in ("legal", "nodes", "depth", "beginner_falls")},
                "rating": rating_of(f["legal"], f["nodes"], f["depth"], f["beginner_falls"]),
                "grade": data["difficulty"]["grade"],
                "lures": proof["lures"],
                "back": sorted(m for m, v in proof["alternatives"].items() if v["status"] == "back"),
                "from_end": length - int(where.split("b")[0]),
                "cpu": round(time.process_time() - start_cpu, 1),
            }
            log.write(json.dumps(row) + "\n")
            log.flush()
            tally["found"] += 1
            done[code].append(int(where.split("b")[0]))
    for kind in kinds:
        print(summary(kind, tallies[kind], "sift" if args.sift else args.source), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
