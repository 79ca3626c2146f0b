"""The statistics page's two charts as inline SVG (no script, no other host), each with a title
and a text description, its colours following the theme (light or dark) through CSS variables:
`chart` the win rates, `times` how long deals take to decide."""

from __future__ import annotations

import html
import math
from typing import Any

from sitegen.commentary import join_sentences
from sitegen.stats_format import _games, _msg, _number, _pct, _range, undecided_range


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
        lines.append(
            _msg(
                lang,
                "site.stats.chart_row",
                game=_msg(lang, f"site.stats.game.{name}"),
                rate=_pct(lang, rate["value"]),
                interval=_range(lang, rate["low"], rate["high"]),
                deals=game["deals"],
            )
        )
    desc = join_sentences(lang, lines)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-chart" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-labelledby="stats-chart-t stats-chart-d" '
            f'lang="{lang}" style="max-width:100%;height:auto;font:13px sans-serif;fill:currentColor">'
        ),
        f'<title id="stats-chart-t">{html.escape(title)}</title>',
        f'<desc id="stats-chart-d">{html.escape(desc)}</desc>',
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(
            f'<line x1="{x(tick):.1f}" x2="{x(tick):.1f}" y1="{top - 8}" y2="{height - 24}" '
            f'style="stroke:currentColor;stroke-opacity:.2"/>'
        )
        parts.append(
            f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">'
            f"{html.escape(_pct(lang, tick, 0))}</text>"
        )
    for i, (name, game) in enumerate(games):
        y = top + i * row_h
        rate = game["win_rate_decided"]
        low, high = undecided_range(game)
        mid = y + 14
        parts.append(
            f'<text x="{label_w - 10}" y="{mid + 4}" text-anchor="end">'
            f"{html.escape(_msg(lang, f'site.stats.game.{name}'))}</text>"
        )
        parts.append(
            f'<rect x="{x(low):.1f}" y="{y + 2}" width="{x(high) - x(low):.1f}" '
            f'height="24" style="fill:var(--md-accent-fg-color,#fa0);fill-opacity:.35"/>'
        )
        parts.append(
            f'<rect x="{label_w}" y="{y + 6}" width="{x(rate["value"]) - label_w:.1f}" height="16" '
            f'style="fill:var(--md-primary-fg-color,#009485)"/>'
        )
        parts.append(
            f'<path d="M{x(rate["low"]):.1f} {mid}H{x(rate["high"]):.1f}'
            f'M{x(rate["low"]):.1f} {mid - 6}v12M{x(rate["high"]):.1f} {mid - 6}v12" '
            f'style="stroke:currentColor;stroke-width:2;fill:none"/>'
        )
        ref = game.get("reference")
        if ref:
            parts.append(
                f'<path d="M{x(ref["value"]):.1f} {y}v28" '
                f'style="stroke:currentColor;stroke-width:3;stroke-dasharray:3 2"/>'
            )
        parts.append(
            f'<text x="{min(x(rate["high"]) + 6, width - right - 40):.1f}" y="{y + 40}" '
            f'style="font-size:11px">{html.escape(_pct(lang, rate["value"]))}</text>'
        )
    parts.append("</svg>")
    legend = html.escape(_msg(lang, "site.stats.chart_legend"))
    return f'<figure class="stats-chart">{"".join(parts)}<figcaption>{legend}</figcaption></figure>'


def _within(game: dict[str, Any], seconds: float) -> float:
    """The share of a game's deals decided within `seconds` (bucket edges only)."""
    times = game["decide_times"]
    # counts has one bucket more than edges (beyond the last one): zip leaves it out.
    total = sum(c for edge, c in zip(times["edges"], times["counts"], strict=False) if edge <= seconds)
    return total / game["deals"] if game["deals"] else 0.0


def times_svg(summary: dict[str, Any], lang: str) -> str:
    """How long deals take to decide: per game, the share of its deals decided within t seconds
    (a step line over a logarithmic time axis, one dash pattern per game, named at its end)."""
    games = [
        (n, g)
        for n, g in _games(summary)
        if g.get("decide_times") and g["deals"] and not g.get("comparison_only")
    ]
    edges = list(games[0][1]["decide_times"]["edges"]) if games else [1.0]
    left, plot_w, label_w, top, plot_h, bottom = 56, 400, 210, 16, 220, 44
    width, height = left + plot_w + label_w, top + plot_h + bottom
    lo, hi = math.log10(edges[0]), math.log10(edges[-1])
    x = lambda t: left + plot_w * (math.log10(t) - lo) / (hi - lo)  # noqa: E731
    y = lambda f: top + plot_h * (1 - f)  # noqa: E731
    title = _msg(lang, "stats.times.title")
    rows = [
        _msg(
            lang,
            "stats.times.row",
            game=_msg(lang, f"site.stats.game.{n}"),
            s1=_pct(lang, _within(g, 1)),
            s10=_pct(lang, _within(g, 10)),
            s30=_pct(lang, _within(g, 30)),
            all=_pct(
                lang, g["decided_share"] if "decided_share" in g else (g["wins"] + g["losses"]) / g["deals"]
            ),
        )
        for n, g in games
    ]
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="stats-times" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-labelledby="stats-times-t stats-times-d" '
            f'lang="{lang}" style="max-width:100%;height:auto;font:12px sans-serif;fill:currentColor">'
        ),
        f'<title id="stats-times-t">{html.escape(title)}</title>',
        f'<desc id="stats-times-d">{html.escape(join_sentences(lang, rows))}</desc>',
    ]
    for f in (0, 0.25, 0.5, 0.75, 1):
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(f):.1f}" y2="{y(f):.1f}" '
            f'style="stroke:currentColor;stroke-opacity:.2"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y(f) + 4:.1f}" text-anchor="end">'
            f"{html.escape(_pct(lang, f, 0))}</text>"
        )
    for t in edges:
        parts.append(
            f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="{top}" y2="{top + plot_h}" '
            f'style="stroke:currentColor;stroke-opacity:.12"/>'
        )
        parts.append(
            f'<text x="{x(t):.1f}" y="{top + plot_h + 16}" text-anchor="middle">'
            f"{html.escape(_number(lang, t, 0 if t >= 1 else 1))}</text>"
        )
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">'
        f"{html.escape(_msg(lang, 'stats.times.axis'))}</text>"
    )
    dashes = ("", "7 4", "2 3")
    colours = ("var(--md-primary-fg-color,#009485)", "var(--md-accent-fg-color,#e65100)", "currentColor")
    for i, (name, game) in enumerate(games):
        times = game["decide_times"]
        cumulative, d = 0, [f"M{x(edges[0]):.1f} {y(0):.1f}"]
        # Deals decided within the first edge are drawn at it (the axis starts there).
        for edge, count in zip(times["edges"], times["counts"], strict=False):  # not the bucket past the last
            cumulative += count
            d.append(f"V{y(cumulative / game['deals']):.1f}")
            nxt = times["edges"][times["edges"].index(edge) + 1] if edge != times["edges"][-1] else None
            if nxt is not None:
                d.append(f"H{x(nxt):.1f}")
        dash = dashes[i % len(dashes)]
        style = f"fill:none;stroke:{colours[i % len(colours)]};stroke-width:2.5" + (
            f";stroke-dasharray:{dash}" if dash else ""
        )
        parts.append(f'<path d="{"".join(d)}" style="{style}" data-game="{name}"/>')
        # The key: a sample of the line, then the game's name, one row each.
        key_y = top + 10 + 20 * i
        parts.append(f'<path d="M{left + plot_w + 12} {key_y}h28" style="{style}"/>')
        parts.append(
            f'<text x="{left + plot_w + 46}" y="{key_y + 4}">'
            f"{html.escape(_msg(lang, f'site.stats.game.{name}'))}</text>"
        )
    parts.append("</svg>")
    legend = html.escape(_msg(lang, "stats.times.legend"))
    return f'<figure class="stats-times">{"".join(parts)}<figcaption>{legend}</figcaption></figure>'
