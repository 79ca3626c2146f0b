"""The statistics page's two charts as inline SVG (no script, no other host), each with a title
and a text description, its colours following the theme (light or dark) through CSS variables:
`chart` the win rates, `times` how long deals take to decide."""

from __future__ import annotations

import math
from typing import Any

from sitegen.commentary import join_sentences
from sitegen.stats_format import _games, _msg, _number, _pct, _range, undecided_range
from sitegen.templating import render


def chart_svg(summary: dict[str, Any], lang: str) -> str:
    """Horizontal bars: the win rate over decided deals with its 95% interval (whisker), the
    band counting undecided deals either way (pale bar behind), a published figure (tick)."""
    games = _games(summary)
    label_w, plot_w, right, row_h, top = 190, 400, 20, 44, 30
    width = label_w + plot_w + right
    height = top + row_h * len(games) + 30
    x = lambda f: label_w + plot_w * f  # noqa: E731 - fraction -> x coordinate
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
    ticks = [
        _upright(f"{x(t):.1f}", top - 8, height - 24, height - 8, _pct(lang, t, 0))
        for t in (0, 0.25, 0.5, 0.75, 1)
    ]
    rows = []
    for i, (name, game) in enumerate(games):
        y = top + i * row_h
        rate = game["win_rate_decided"]
        low, high = undecided_range(game)
        mid = y + 14
        ref = game.get("reference")
        rows.append(
            {
                "name": _msg(lang, f"site.stats.game.{name}"),
                "label_x": label_w - 10,
                "label_y": mid + 4,
                "band_x": f"{x(low):.1f}",
                "band_y": y + 2,
                "band_w": f"{x(high) - x(low):.1f}",
                "bar_x": label_w,
                "bar_y": y + 6,
                "bar_w": f"{x(rate['value']) - label_w:.1f}",
                "whisker": (
                    f"M{x(rate['low']):.1f} {mid}H{x(rate['high']):.1f}"
                    f"M{x(rate['low']):.1f} {mid - 6}v12M{x(rate['high']):.1f} {mid - 6}v12"
                ),
                "reference": f"M{x(ref['value']):.1f} {y}v28" if ref else "",
                "rate_x": f"{min(x(rate['high']) + 6, width - right - 40):.1f}",
                "rate_y": y + 40,
                "rate": _pct(lang, rate["value"]),
            }
        )
    frame = _frame(lang, width, height, "site.stats.chart_title", lines, "site.stats.chart_legend")
    return render("stats/chart.html", frame=frame, ticks=ticks, rows=rows)


# A grid line of an axis and its label, as stats/frame.html's grid_line draws it; coordinates
# as the SVG says them (numbers or text already formatted).


def _upright(x: object, y1: object, y2: object, label_y: object, label: str) -> dict[str, object]:
    """An upright grid line at `x`, its label under it at `label_y`."""
    return {"x1": x, "x2": x, "y1": y1, "y2": y2, "label_x": x, "label_y": label_y, "label": label}


def _level(
    x1: object, x2: object, y: object, label_x: object, label_y: object, label: str
) -> dict[str, object]:
    """A level grid line at `y`, its label before it at (`label_x`, `label_y`)."""
    return {"x1": x1, "x2": x2, "y1": y, "y2": y, "label_x": label_x, "label_y": label_y, "label": label}


def _frame(
    lang: str, width: float, height: float, title: str, sentences: list[str], legend: str
) -> dict[str, Any]:
    """What a chart's frame (sitegen/templates/stats/frame.html) holds: its size, its title and
    legend (catalogue keys) and its description, the chart's rows as sentences."""
    return {
        "width": width,
        "height": height,
        "lang": lang,
        "title": _msg(lang, title),
        "desc": join_sentences(lang, sentences),
        "legend": _msg(lang, legend),
    }


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
    shares = [
        _level(left, left + plot_w, f"{y(f):.1f}", left - 6, f"{y(f) + 4:.1f}", _pct(lang, f, 0))
        for f in (0, 0.25, 0.5, 0.75, 1)
    ]
    times = [
        _upright(f"{x(t):.1f}", top, top + plot_h, top + plot_h + 16, _number(lang, t, 0 if t >= 1 else 1))
        for t in edges
    ]
    axis = {"x": f"{left + plot_w / 2:.1f}", "y": height - 6, "label": _msg(lang, "stats.times.axis")}
    dashes = ("", "7 4", "2 3")
    colours = ("var(--md-primary-fg-color,#009485)", "var(--md-accent-fg-color,#e65100)", "currentColor")
    lines = []
    for i, (name, game) in enumerate(games):
        decide = game["decide_times"]
        cumulative, d = 0, [f"M{x(edges[0]):.1f} {y(0):.1f}"]
        # Deals decided within the first edge are drawn at it (the axis starts there).
        for edge, count in zip(
            decide["edges"], decide["counts"], strict=False
        ):  # not the bucket past the last
            cumulative += count
            d.append(f"V{y(cumulative / game['deals']):.1f}")
            nxt = decide["edges"][decide["edges"].index(edge) + 1] if edge != decide["edges"][-1] else None
            if nxt is not None:
                d.append(f"H{x(nxt):.1f}")
        dash = dashes[i % len(dashes)]
        style = f"fill:none;stroke:{colours[i % len(colours)]};stroke-width:2.5" + (
            f";stroke-dasharray:{dash}" if dash else ""
        )
        key_y = top + 10 + 20 * i
        lines.append(
            {
                "name": name,
                "d": "".join(d),
                "style": style,
                "key_d": f"M{left + plot_w + 12} {key_y}h28",
                "key_x": left + plot_w + 46,
                "key_y": key_y + 4,
                "label": _msg(lang, f"site.stats.game.{name}"),
            }
        )
    frame = _frame(lang, width, height, "stats.times.title", rows, "stats.times.legend")
    return render("stats/times.html", frame=frame, shares=shares, times=times, axis=axis, games=lines)
