"""`<!-- stats: table -->` and `<!-- stats: chart -->`: how often each game can be won.

Both are drawn at build time from `data/stats/summary.json`, written by scripts/solve_stats.py
(its docstring gives the schema), with every word from the page language's catalogue
(`site.stats.*`). The chart is an inline SVG (no script, no other host) with a title and a text
description; its colours follow the theme (light or dark) through CSS variables.
"""
from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from sitegen.errors import SourceError, display_path
from sitegen.markers import MarkerContext

ROOT = Path(__file__).resolve().parent.parent
SUMMARY = Path("data") / "stats" / "summary.json"
# canfield-d3-no-takebacks is not a game of the site: the solver's figure under the published
# study's rule (no card taken back from a foundation), shown to explain the gap to it.
GAME_ORDER = ("crescent", "canfield-d3", "canfield-d1", "canfield-d3-no-takebacks")


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
        raise SourceError(shown, 1, "expected {\"schema\": 1, \"games\": {...}} with at least one game")
    for name, game in games.items():
        if name not in GAME_ORDER:
            raise SourceError(shown, 1, f"unknown game {name!r} (known: {', '.join(GAME_ORDER)})")
        for key in ("deals", "wins", "losses", "unknown", "cap_seconds", "win_rate_decided",
                    "win_rate_bounds"):
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


def _reference(lang: str, game: dict[str, Any]) -> str:
    ref = game.get("reference")
    if not ref:
        return "–"
    return _msg(lang, "site.stats.reference_value", value=_pct(lang, ref["value"], 3),
                margin=_number(lang, 100 * ref["margin"], 3), source=ref["source"])


def table_html(summary: dict[str, Any], lang: str) -> str:
    heads = ["game", "deals", "wins", "losses", "unknown", "win_rate", "bounds", "cap", "reference"]
    rows = []
    for name, game in _games(summary):
        rate = game["win_rate_decided"]
        bounds = game["win_rate_bounds"]
        cells = [
            _msg(lang, f"site.stats.game.{name}"),
            str(game["deals"]), str(game["wins"]), str(game["losses"]), str(game["unknown"]),
            _msg(lang, "site.stats.rate_with_interval", rate=_pct(lang, rate["value"]),
                 interval=_range(lang, rate["low"], rate["high"])),
            _range(lang, bounds["low"], bounds["high"]),
            _msg(lang, "site.stats.seconds", value=_number(lang, game["cap_seconds"], 0)),
            _reference(lang, game),
        ]
        first, *rest = (html.escape(c) for c in cells)
        rows.append(f"<tr><th scope=\"row\">{first}</th>" + "".join(f"<td>{c}</td>" for c in rest) + "</tr>")
    head = "".join(f"<th scope=\"col\">{html.escape(_msg(lang, f'site.stats.col.{h}'))}</th>" for h in heads)
    caption = html.escape(_msg(lang, "site.stats.table_caption"))
    return (f'<div class="stats-table"><table><caption>{caption}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def chart_svg(summary: dict[str, Any], lang: str) -> str:
    """Horizontal bars: the win rate over decided deals with its 95% interval (whisker), the
    band counting undecided deals either way (pale bar behind), a published figure (tick)."""
    games = _games(summary)
    label_w, plot_w, right, row_h, top = 190, 400, 20, 44, 30
    width = label_w + plot_w + right
    height = top + row_h * len(games) + 30
    x = lambda f: label_w + plot_w * f  # noqa: E731 - fraction -> x coordinate
    title = _msg(lang, "site.stats.chart_title")
    lines = []
    for name, game in games:
        rate = game["win_rate_decided"]
        lines.append(_msg(lang, "site.stats.chart_row", game=_msg(lang, f"site.stats.game.{name}"),
                          rate=_pct(lang, rate["value"]), interval=_range(lang, rate["low"], rate["high"]),
                          deals=game["deals"]))
    desc = " ".join(lines)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-labelledby="stats-chart-t stats-chart-d" '
        f'lang="{lang}" style="max-width:100%;height:auto;font:13px sans-serif;fill:currentColor">',
        f'<title id="stats-chart-t">{html.escape(title)}</title>',
        f'<desc id="stats-chart-d">{html.escape(desc)}</desc>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top - 8}" y2="{height - 24}" '
                     f'style="stroke:currentColor;stroke-opacity:.2"/>')
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">'
                     f'{html.escape(_pct(lang, tick, 0))}</text>')
    for i, (name, game) in enumerate(games):
        y = top + i * row_h
        rate, bounds = game["win_rate_decided"], game["win_rate_bounds"]
        mid = y + 14
        parts.append(f'<text x="{label_w - 10}" y="{mid + 4}" text-anchor="end">'
                     f'{html.escape(_msg(lang, f"site.stats.game.{name}"))}</text>')
        parts.append(f'<rect x="{x(bounds["low"]):.1f}" y="{y + 2}" width="{x(bounds["high"]) - x(bounds["low"]):.1f}" '
                     f'height="24" style="fill:var(--md-accent-fg-color,#fa0);fill-opacity:.35"/>')
        parts.append(f'<rect x="{label_w}" y="{y + 6}" width="{x(rate["value"]) - label_w:.1f}" height="16" '
                     f'style="fill:var(--md-primary-fg-color,#009485)"/>')
        parts.append(f'<path d="M{x(rate["low"]):.1f} {mid}H{x(rate["high"]):.1f}'
                     f'M{x(rate["low"]):.1f} {mid - 6}v12M{x(rate["high"]):.1f} {mid - 6}v12" '
                     f'style="stroke:currentColor;stroke-width:2;fill:none"/>')
        ref = game.get("reference")
        if ref:
            parts.append(f'<path d="M{x(ref["value"]):.1f} {y}v28" '
                         f'style="stroke:currentColor;stroke-width:3;stroke-dasharray:3 2"/>')
        parts.append(f'<text x="{min(x(rate["high"]) + 6, width - right - 40):.1f}" y="{y + 40}" '
                     f'style="font-size:11px">{html.escape(_pct(lang, rate["value"]))}</text>')
    parts.append("</svg>")
    legend = html.escape(_msg(lang, "site.stats.chart_legend"))
    return (f'<figure class="stats-chart">{"".join(parts)}'
            f"<figcaption>{legend}</figcaption></figure>")


def stats_html(args: str, lang: str, ctx: MarkerContext) -> str:
    kind = args.strip()
    if kind not in ("table", "chart"):
        ctx.fail(f"unknown stats view {kind!r} (expected <!-- stats: table --> or <!-- stats: chart -->)")
    summary = load_summary(ctx)
    return table_html(summary, lang) if kind == "table" else chart_svg(summary, lang)
