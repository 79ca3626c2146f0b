#!/usr/bin/env python3
"""A second solver as a check (issue 24 item 6): Solvitaire's verdicts on our sample of its rules.

    scripts/solvitaire.sh                              # once: builds build/solvitaire (optional)
    nice -n 10 .venv/bin/python scripts/cross_check.py # every deal of the sample not yet run
    .venv/bin/python scripts/cross_check.py --deals 20 # only the first 20 still to run

Our sample of Solvitaire's `canfield` preset is `data/stats/solvitaire-canfield.jsonl`
(scripts/solve_stats.py, code options D3GKN: engine/CODES.md section 8). Each of its deals is
dealt by our engine, converted to Solvitaire's deal JSON (`to_solvitaire`) and solved by the
unchanged Solvitaire binary with `--type canfield`. One JSON line per deal is appended to
`data/stats/crosscheck/solvitaire-canfield.jsonl` (outside `data/stats/*.jsonl`, which
scripts/stats_summary.py reads as samples):

    {"code": "CF1-D3GKN-AAKYMLS", "deal": 5000000, "status": "win"|"loss"|"unknown",
     "solvitaire": "solved", "phase": "streamliners"|"full", "cap": 10.0, "clock": "cpu",
     "seconds": 0.41, "commit": "2398305…", "echoed": true}

The time limit is CPU time, the child process's own (RLIMIT_CPU, read back with getrusage), so a
busy machine does not change a verdict. It follows Solvitaire's own "smart" mode (the one its
published figures were measured with, `--streamliners smart-solvability`): first a search with
both its streamliners (automatic foundation moves and suit symmetry) within a tenth of the cap,
whose win is a win but whose "unsolvable" proves nothing; then, unless that won, a search with
no streamliner within the rest of the cap, whose "unsolvable" is a proof of loss (Solvitaire's own
smart mode gives that search the whole cap again: here both together stay within the cap, the
same CPU time our solver had on each deal of the sample). The two phases run
as two processes so that each gets its limit in CPU time (Solvitaire's `--timeout` is wall-clock
time; it is given only as a backstop, many times the cap). A run is resumable: deals already in
the output file are skipped.

summary.json's `cross_check` of the preset is computed from this file and our sample by
scripts/stats_summary.py (`cross_check`).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import engine  # noqa: E402

BINARY = ROOT / "build" / "solvitaire" / "cmake-build-release" / "bin" / "solvitaire"
SAMPLE = ROOT / "data" / "stats" / "solvitaire-canfield.jsonl"
OUT = ROOT / "data" / "stats" / "crosscheck" / "solvitaire-canfield.jsonl"
# scripts/solvitaire.sh's pinned commit: every line says which Solvitaire it came from.
COMMIT = "23983059f1d3d67632d5a4f731c803c6b0c8c236"
PREFIX = "CF1-D3GKN-"
# Solvitaire's verdicts (solver.cpp's result types) as ours; the rest (timed-out,
# memory-limit-reached, terminated, or killed at the CPU limit) are "unknown".
VERDICTS = {"solved": "win", "unsolvable": "loss"}


def solvitaire_card(card: str) -> str:
    """Our card code as Solvitaire's deal schema spells it: rank 2-9 or 10, A J Q K, then the suit
    ("TH" -> "10H"; its pattern has no T)."""
    rank, suit = card[:-1], card[-1]
    return ("10" if rank == "T" else rank) + suit


def to_solvitaire(state: dict[str, Any]) -> dict[str, Any]:
    """A Canfield deal's state (before any action) as Solvitaire's deal JSON.

    Both list every pile bottom first, top last (Solvitaire's deal_parser places each listed card
    on the one before): the foundations hold the base card alone (its "base card": "random" takes
    the start rank from it), the four tableau piles are our columns, the stacked reserve ours, and
    the stock ours, its last card drawn first (its make_stock_k_plus_move takes the top card
    first, as our draw does)."""
    prefix, options = engine.VERSIONS["solvitaire-canfield"]
    if str(state.get("code", "")).split("-")[0] != f"{prefix}1" or state.get("options") != options:
        raise ValueError(f"{state.get('code')}: not a deal of Solvitaire's canfield preset (CF1-D3GKN-)")
    if state.get("waste") or state.get("moves"):
        raise ValueError(
            f"{state.get('code')}: not a deal's first position (cards in the waste or moves made)"
        )
    base = [cards for cards in state["foundations"].values() if cards]
    if len(base) != 1 or len(base[0]) != 1:
        raise ValueError(f"{state.get('code')}: the foundations hold more than the base card")
    return {
        "foundations": [solvitaire_card(base[0][0])],
        "tableau piles": [[solvitaire_card(c) for c in column] for column in state["columns"]],
        "reserve": [solvitaire_card(c) for c in state["reserve"]],
        "stock": [solvitaire_card(c) for c in state["stock"]],
    }


def deal_json(code: str) -> dict[str, Any]:
    return to_solvitaire(engine.new_game(code).state())


def _limit(seconds: int) -> Any:
    """The child's CPU limit: SIGXCPU at `seconds`, SIGKILL a second later."""

    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 1))

    return set_limit


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def echoed_deal(stdout: str) -> dict[str, Any] | None:
    """The first position Solvitaire prints (its solution's first state, or the "Deal:" it
    could not solve), read back into the deal JSON's form: what its parser made of our deal.
    Its state printer lists each pile bottom first, the tableau and the stock | waste as columns
    of tab-separated cards ("[]" an empty pile). None when it printed no position."""
    lines = stdout.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("--- Foundations")), None)
    if start is None:
        return None
    sections: dict[str, list[list[str]]] = {}
    name = ""
    for line in lines[start:]:
        if line.startswith("==="):
            break
        if line.startswith("--- "):
            name = line.strip("- ").split(" ")[0].lower()
            sections[name] = []
        else:
            sections[name].append(line.split("\t"))

    def column(rows: list[list[str]], index: int) -> list[str]:
        return [row[index] for row in rows if len(row) > index and row[index] not in ("", "[]")]

    tableau = sections.get("tableau", [])
    width = max((len(row) for row in tableau), default=0)
    return {
        "foundations": [card for row in sections.get("foundations", []) for card in row if card != "[]"],
        "tableau piles": [column(tableau, i) for i in range(width)],
        "reserve": column(sections.get("reserve", []), 0),
        "stock": column(sections.get("stock", []), 0),
    }


def run_phase(binary: Path, deal_file: Path, streamliners: str, cpu_seconds: int) -> tuple[str, float, str]:
    """One Solvitaire search: its result type ("solved", "unsolvable", "timed-out", ..., or
    "cpu-limit" when the CPU limit killed it), the CPU seconds it took and what it printed."""
    before = _children_cpu()
    done = subprocess.run(
        [
            str(binary),
            "--type",
            "canfield",
            "--streamliners",
            streamliners,
            "--timeout",
            str(cpu_seconds * 50_000),  # wall-clock backstop only (milliseconds)
            str(deal_file),
        ],
        capture_output=True,
        text=True,
        preexec_fn=_limit(cpu_seconds),
        check=False,
    )
    cpu = _children_cpu() - before
    if done.returncode in (-signal.SIGXCPU, -signal.SIGKILL):
        return "cpu-limit", cpu, done.stdout
    found = [line for line in done.stdout.splitlines() if line.startswith("Solution Type: ")]
    if done.returncode != 0 or not found:
        raise RuntimeError(f"{deal_file}: solvitaire exited {done.returncode}: {done.stderr.strip()[-500:]}")
    return found[-1].removeprefix("Solution Type: ").strip(), cpu, done.stdout


def solve_deal(binary: Path, code: str, deal: int, cap: float) -> dict[str, Any]:
    """Solvitaire's verdict on one deal, as its JSON line (the module docstring's two phases)."""
    with tempfile.TemporaryDirectory(prefix="solvitaire-") as tmp:
        deal_file = Path(tmp) / f"{code}.json"
        sent = deal_json(code)
        deal_file.write_text(json.dumps(sent), encoding="utf-8")
        quick = max(1, round(cap / 10))
        first, cpu, printed = run_phase(binary, deal_file, "both", quick)
        phase, result = "streamliners", first
        if first != "solved":
            result, more, printed_again = run_phase(binary, deal_file, "none", max(1, round(cap) - quick))
            phase, cpu, printed = "full", cpu + more, printed + printed_again
    # Card by card, the deal Solvitaire solved is the deal we sent (a search killed at its CPU
    # limit prints nothing: "echoed" says whether this line was checked).
    echoed = echoed_deal(printed)
    if echoed is not None and echoed != sent:
        raise RuntimeError(f"{code}: Solvitaire read another deal: sent {sent}, it printed {echoed}")
    return {
        "code": code,
        "deal": deal,
        "status": VERDICTS.get(result, "unknown"),
        "solvitaire": result,
        "phase": phase,
        "cap": cap,
        "clock": "cpu",
        "seconds": round(cpu, 3),
        "commit": COMMIT,
        "echoed": echoed is not None,
    }


def read_lines(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip():
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as error:
                raise SystemExit(f"{path}:{number}: not a JSON line ({error.msg})") from None
    return rows


def todo(sample: list[dict[str, Any]], done: list[dict[str, Any]]) -> list[tuple[int, str]]:
    """The sample's deals (each once) not yet in the output file, those our solver left undecided
    (what the statistics page asks Solvitaire about, and the costly ones: most take the whole
    cap) spread evenly among the decided ones, each kind in deal order: a run stopped at any
    point has run a like share of both."""
    seen = {row["deal"] for row in done}
    codes = {row["deal"]: row["code"] for row in sample if row["code"].startswith(PREFIX)}
    decided = {row["deal"] for row in sample if row["status"] != "unknown"}
    undecided = [d for d in sorted(codes) if d not in decided and d not in seen]
    rest = [d for d in sorted(codes) if d in decided and d not in seen]
    # Undecided deal i goes before the decided deals from position i * len(rest) / len(undecided).
    place = {d: (i * len(rest) / len(undecided), 0) for i, d in enumerate(undecided)}
    place.update({d: (float(i), 1) for i, d in enumerate(rest)})
    return [(deal, codes[deal]) for deal in sorted(place, key=lambda d: place[d])]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--binary", type=Path, default=BINARY)
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds per deal (default 10)")
    parser.add_argument("--deals", type=int, default=0, help="at most this many deals (0: all still to run)")
    args = parser.parse_args(argv)
    if not args.binary.exists():
        raise SystemExit(f"{args.binary}: no Solvitaire binary (build it with scripts/solvitaire.sh)")
    jobs = todo(read_lines(args.sample), read_lines(args.out))
    if args.deals:
        jobs = jobs[: args.deals]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    start, cpu = time.monotonic(), 0.0
    for number, (deal, code) in enumerate(jobs, 1):
        row = solve_deal(args.binary, code, deal, args.seconds)
        cpu += row["seconds"]
        with args.out.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row, sort_keys=True) + "\n")
            out.flush()
            os.fsync(out.fileno())
        print(f"\r{number}/{len(jobs)} {code} {row['status']:7} cpu {cpu:.0f} s", end="", file=sys.stderr)
    print(f"\n{len(jobs)} deals, {cpu:.1f} s CPU, {time.monotonic() - start:.0f} s wall", file=sys.stderr)


if __name__ == "__main__":
    main()
