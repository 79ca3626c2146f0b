"""data/stats/summary.json, written from the results scripts/solve_stats.py appends to
data/stats/<game>.jsonl: each game's counts, Wilson intervals, times and published figure
(sitegen/stats.py words them on the Statistics page).

summary.json schema (read by the site's statistics page):

    {"schema": 1,
     "confidence": 0.95,
     "method": "wilson",
     "games": {
       "<game>": {                      # "canfield-d3", "canfield-d1", "crescent", and
                                        # "canfield-d3-no-takebacks" (see comparison_only)
         "label": "Canfield, draw 3",   # plain English, for logs only; pages use catalogues
         "comparison_only": false,      # true: not our rules (no foundation take-backs), the
                                        # same deals solved to explain the gap to the published
                                        # figure; not a win rate of a game the site offers
         "code_prefix": "CF1-D3-",
         "deals": 300,                   # deals attempted
         "wins": 210, "losses": 80, "unknown": 10,
         "cap_seconds": 10.0,            # the time cap per deal (the largest used, if mixed)
         "caps_used": [10.0, 60.0],      # every cap used: deals left unknown at the first
                                         # cap may have been retried (--retry-unknown) longer
         "decided_share": 0.9667,        # (wins + losses) / deals
         "win_rate_decided": {"value": 0.724, "low": 0.67, "high": 0.77},
             # wins / (wins + losses), Wilson 95% interval over the decided deals only:
             # right if unknown deals are won as often as decided ones
         "win_rate_bounds": {"low": 0.66, "high": 0.76},
             # the honest band: Wilson low with every unknown counted as a loss, Wilson high
             # with every unknown counted as a win (deals in the denominator)
         "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"}
             # present only where a published figure exists (Canfield draw 3); else null;
             # "won" and "deals" where the source gives its sample (Wolter: 438117 of
             # 1000000), which the page words and groups in its language
         "mean_seconds": 1.8, "mean_nodes_per_second": 15000.0,
         "solver_hours": 0.52,           # solver time spent on this game, every attempt counted
                                         # (CPU hours; wall hours for lines without "clock")
         "decided_within": [[10.0, 0.96], [60.0, 0.97]],
             # [cap, share of the deals decided within that many seconds], for each cap used
         "decide_times": {"edges": [0.1, 0.3, 1, 3, 10, 30, 100, 300],
                          "counts": [120, 40, 60, 30, 20, 10, 5, 2, 1]}
             # the decided deals by the time their decision took: counts[i] deals took at
             # most edges[i] seconds (and more than edges[i-1]); the last count, longer
         "searches": ["default"],        # how its lines were searched (stats_games.SEARCHES:
                                         # "default", or Rainfall's "dominance", the pass
                                         # dominance with the complete search only)
         "first_code": "CF1-D3-AAKYMLS", "last_code": "CF1-D3-AAKZBDB",  # the sample's range
         "cross_check": {...} or null   # Canfield draw 3: Solvitaire changed to our rules on
                                         # 100 of our deals (stats_games.CROSS_CHECK, typed in);
             # Solvitaire's preset: computed by cross_check() below from the second solver's
             # lines (data/stats/crosscheck/<game>.jsonl, scripts/cross_check.py) and ours, on
             # the deals both files hold:
             # {"solver": "Solvitaire", "deals": 1139, "agree_wins": 820, "agree_losses": 240,
             #  "contradictions": 0, "ours_decided": 1066, "theirs_decided": 1100,
             #  "seconds": 10.0,                 # the CPU cap of its lines (the largest)
             #  "their_seconds": 480.2,          # the CPU time its lines took
             #  "our_unknown": 73,               # our undecided deals (the whole sample),
             #  "our_unknown_run": 73,           # those it was run on, and its verdicts there:
             #  "our_unknown_their_wins": 5, "our_unknown_their_losses": 50,
             #  "their_unknown_our_wins": 3, "their_unknown_our_losses": 1,
             #  "with_theirs": {"value": 0.73, "low": 0.70, "high": 0.75, "decided": 1121}}
             #    our sample's win rate with its verdict for each deal ours left undecided
       }, ...}}

All rates are fractions (0..1), rounded to 4 decimals.
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from scripts.stats_games import GAMES  # noqa: E402

STATS_DIR = ROOT / "data" / "stats"
Z95 = 1.959963984540054
TIME_EDGES = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0)  # decide_times buckets (seconds)


def wilson(successes: int, total: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (0, 1 when total is 0)."""
    if total <= 0:
        return 0.0, 1.0
    p = successes / total
    denominator = 1 + z * z / total
    centre = (p + z * z / (2 * total)) / denominator
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def read_results(game_name: str) -> list[dict[str, Any]]:
    path = STATS_DIR / f"{game_name}.jsonl"
    if not path.exists():
        return []
    results = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            results.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path}:{number}: not a JSON line ({error.msg})") from None
    return results


def per_deal(results: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """One result per deal: a deal solved twice keeps its decided result, else the last."""
    by_deal: dict[int, dict[str, Any]] = {}
    for r in results:
        if r["deal"] not in by_deal or r["status"] != "unknown":
            by_deal[r["deal"]] = r
    return by_deal


def cross_check(
    solver: str, ours: list[dict[str, Any]], theirs: list[dict[str, Any]]
) -> dict[str, Any] | None:
    """A second solver's verdicts against ours (None: none on a deal of ours). The agreement is
    counted on the deals both lists hold (a contradiction: one proves lost what the other wins);
    `with_theirs` is our whole sample's win rate when each deal ours left undecided takes the
    second solver's verdict (where it has one), so it does not depend on which deals it ran."""
    our_deals, their_deals = per_deal(ours), per_deal(theirs)
    common = sorted(our_deals.keys() & their_deals.keys())
    if not common:
        return None
    pairs = [(our_deals[d]["status"], their_deals[d]["status"]) for d in common]

    def count(mine: str, other: str) -> int:
        return sum(pair == (mine, other) for pair in pairs)

    statuses = [r["status"] for r in our_deals.values()]
    wins = statuses.count("win") + count("unknown", "win")
    decided = len(statuses) - statuses.count("unknown") + count("unknown", "win") + count("unknown", "loss")
    low, high = wilson(wins, decided)
    return {
        "solver": solver,
        "deals": len(common),
        "agree_wins": count("win", "win"),
        "agree_losses": count("loss", "loss"),
        "contradictions": count("win", "loss") + count("loss", "win"),
        "ours_decided": sum(o != "unknown" for o, _ in pairs),
        "theirs_decided": sum(t != "unknown" for _, t in pairs),
        "seconds": max(their_deals[d]["cap"] for d in common),
        "their_seconds": round(sum(their_deals[d]["seconds"] for d in common), 1),
        "our_unknown": statuses.count("unknown"),
        "our_unknown_run": sum(o == "unknown" for o, _ in pairs),
        "our_unknown_their_wins": count("unknown", "win"),
        "our_unknown_their_losses": count("unknown", "loss"),
        "their_unknown_our_wins": count("win", "unknown"),
        "their_unknown_our_losses": count("loss", "unknown"),
        "with_theirs": {
            "value": round(wins / decided, 4) if decided else 0.0,
            "low": round(low, 4),
            "high": round(high, 4),
            "decided": decided,
        },
    }


def read_check(game_name: str) -> list[dict[str, Any]]:
    """The second solver's lines for a game (its `cross_check_file` under data/stats/), or []."""
    name = GAMES[game_name].get("cross_check_file")
    return read_results(str(Path(name).with_suffix(""))) if name else []


def summarise(
    game_name: str, results: list[dict[str, Any]], check: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A game's entry of summary.json; `check`: the second solver's lines (read_check), counted
    against `results` where the game names a `cross_check_file`."""
    from engine.codes import deal_letters

    info = GAMES[game_name]
    by_deal = per_deal(results)
    rows = list(by_deal.values())
    deals = len(rows)
    wins = sum(r["status"] == "win" for r in rows)
    losses = sum(r["status"] == "loss" for r in rows)
    unknown = deals - wins - losses
    decided = wins + losses
    low_d, high_d = wilson(wins, decided)
    low_all, _ = wilson(wins, deals)
    _, high_all = wilson(wins + unknown, deals)
    seconds = sum(r["seconds"] for r in rows)
    nodes = sum(r["nodes"] for r in rows)
    caps = sorted({r["cap"] for r in results})
    decided_rows = [r for r in rows if r["status"] != "unknown"]
    counts = [0] * (len(TIME_EDGES) + 1)
    for r in decided_rows:
        counts[next((i for i, edge in enumerate(TIME_EDGES) if r["seconds"] <= edge), len(TIME_EDGES))] += 1

    def r4(x: float) -> float:
        return round(x, 4)

    return {
        "label": info["label"],
        "comparison_only": not info.get("takebacks", True),
        "code_prefix": info["prefix"],
        "deals": deals,
        "wins": wins,
        "losses": losses,
        "unknown": unknown,
        "cap_seconds": max((r["cap"] for r in rows), default=0.0),
        "caps_used": caps,
        "decided_share": r4(decided / deals) if deals else 0.0,
        "win_rate_decided": {
            "value": r4(wins / decided) if decided else 0.0,
            "low": r4(low_d),
            "high": r4(high_d),
        },
        "win_rate_bounds": {"low": r4(low_all), "high": r4(high_all)},
        "reference": info["reference"],
        "mean_seconds": round(seconds / deals, 3) if deals else 0.0,
        "mean_nodes_per_second": round(nodes / seconds, 1) if seconds else 0.0,
        "solver_hours": round(sum(r["seconds"] for r in results) / 3600, 3),
        "clocks": sorted({r.get("clock", "wall") for r in results}),
        "decided_within": [
            [cap, r4(sum(r["seconds"] <= cap for r in decided_rows) / deals) if deals else 0.0]
            for cap in caps
        ],
        "decide_times": {"edges": list(TIME_EDGES), "counts": counts},
        "searches": sorted({r.get("search", "default") for r in results}),
        "first_code": info["prefix"] + deal_letters(min(by_deal)) if rows else "",
        "last_code": info["prefix"] + deal_letters(max(by_deal)) if rows else "",
        "cross_check": (
            cross_check(info["cross_check_solver"], results, check or [])
            if "cross_check_file" in info
            else info.get("cross_check")
        ),
    }


def write_summary() -> dict[str, Any]:
    games = {}
    for name in GAMES:
        results = read_results(name)
        if results:
            games[name] = summarise(name, results, read_check(name))
    summary = {"schema": 1, "confidence": 0.95, "method": "wilson", "games": games}
    path = STATS_DIR / "summary.json"
    STATS_DIR.mkdir(parents=True, exist_ok=True)
    text = json.dumps(summary, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")
    return summary
