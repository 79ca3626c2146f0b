"""The statistics summary (data/stats/summary.json, written by scripts/solve_stats.py) read and
checked, and its numbers said in the page's language: what sitegen/stats.py's table and lists
and sitegen/stats_charts.py's charts share."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.errors import SourceError, display_path

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = Path("data") / "stats" / "summary.json"
# canfield-d3-no-takebacks is not a game of the site: the solver's figure under the published
# study's rule (no card taken back from a foundation), shown to explain the gap to it.
# The versions of issue 24 (engine/CODES.md section 8) follow their game; a row appears once its
# sample has results.
GAME_ORDER = (
    "crescent",
    "crescent-four",
    "crescent-face-down",
    "canfield-d3",
    "canfield-d1",
    "canfield-classic",
    "rainfall",
    "storehouse",
    "superior-canfield",
    "solvitaire-canfield",
    "canfield-d3-no-takebacks",
)


def _msg(lang: str, key: str, **params: Any) -> str:
    import catalogues

    return catalogues.message(lang, key, **params)


def load_summary(ctx: MarkerContext) -> dict[str, Any]:
    root = ctx.root or ROOT
    path = root / SUMMARY
    shown = display_path(path, root)
    if not path.is_file():
        ctx.fail(f"{shown} is missing: run scripts/solve_stats.py (or --summary-only) first")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as e:
        raise SourceError(shown, e.lineno, f"malformed JSON: {e.msg}") from None
    games = data.get("games") if isinstance(data, dict) else None
    if data.get("schema") != 1 or not isinstance(games, dict) or not games:
        raise SourceError(shown, 1, 'expected {"schema": 1, "games": {...}} with at least one game')
    for name, game in games.items():
        if name not in GAME_ORDER:
            raise SourceError(shown, 1, f"unknown game {name!r} (known: {', '.join(GAME_ORDER)})")
        for key in (
            "deals",
            "wins",
            "losses",
            "unknown",
            "cap_seconds",
            "win_rate_decided",
            "win_rate_bounds",
        ):
            if key not in game:
                raise SourceError(shown, 1, f"game {name!r} lacks {key!r}")
    return data


def _games(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return [(name, summary["games"][name]) for name in GAME_ORDER if name in summary["games"]]


def _number(lang: str, value: float, decimals: int) -> str:
    text = f"{value:.{decimals}f}"
    return text.replace(".", _msg(lang, "site.number.decimal_mark"))


def _pct(lang: str, fraction: float | None, decimals: int = 1) -> str:
    if fraction is None:
        return "–"
    return _msg(lang, "site.stats.percent", value=_number(lang, 100 * fraction, decimals))


def _range(lang: str, low: float, high: float) -> str:
    return _msg(lang, "site.stats.range", low=_pct(lang, low), high=_pct(lang, high))


def undecided_range(game: dict[str, Any]) -> tuple[float, float]:
    """The share of all the sample's deals won if every undecided deal were lost, and if every
    one were won: what the table's column and the chart's pale band say they show. (The
    summary's `win_rate_bounds` are Wilson bounds around those, not the range itself: 99.5% for
    1,996 wins in 2,000 deals instead of 99.8%.)"""
    deals = game["deals"]
    if not deals:
        return 0.0, 0.0
    return game["wins"] / deals, (game["wins"] + game["unknown"]) / deals


def _count(lang: str, n: int) -> str:
    """An integer with the language's digit grouping (2,000 / 2 000 / 2.000)."""
    import catalogues

    return catalogues.number(lang, int(n))


def _seconds(lang: str, value: float) -> str:
    return _msg(lang, "site.stats.seconds", value=_number(lang, value, 0 if value >= 1 else 1))
