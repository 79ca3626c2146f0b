"""`<!-- stats: table|chart|sample|times|crosscheck -->`: how often each game can be won.

All are drawn at build time from `data/stats/summary.json`, written by scripts/solve_stats.py
(its docstring gives the schema), with every word from the page language's catalogue
(`site.stats.*` in site.json, `stats.*` in stats.json) and every number from the summary:
`table` and `chart` the win rates, `sample` what each sample is (deals, caps, results, solver
time), `times` a chart of how long deals take to decide, `crosscheck` the comparison of our
draw-three verdicts with Solvitaire's. The chart is an inline SVG (no script, no other host) with
a title and a text description; its colours follow the theme (light or dark) through CSS variables.
"""

from __future__ import annotations

import html
import json
import math
from pathlib import Path
from typing import Any

from sitegen.commentary import join_sentences
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


def _reference(lang: str, game: dict[str, Any]) -> str:
    ref = game.get("reference")
    if not ref:
        return "–"
    return _msg(
        lang,
        "site.stats.reference_value",
        value=_pct(lang, ref["value"], 3),
        margin=_number(lang, 100 * ref["margin"], 3),
        source=ref["source"],
    )


def table_html(summary: dict[str, Any], lang: str) -> str:
    heads = ["game", "deals", "wins", "losses", "unknown", "win_rate", "bounds", "cap", "reference"]
    rows = []
    for name, game in _games(summary):
        rate = game["win_rate_decided"]
        cells = [
            _msg(lang, f"site.stats.game.{name}"),
            _count(lang, game["deals"]),
            _count(lang, game["wins"]),
            _count(lang, game["losses"]),
            _count(lang, game["unknown"]),
            _msg(
                lang,
                "site.stats.rate_with_interval",
                rate=_pct(lang, rate["value"]),
                interval=_range(lang, rate["low"], rate["high"]),
            ),
            _range(lang, *undecided_range(game)),
            _msg(lang, "site.stats.seconds", value=_number(lang, game["cap_seconds"], 0)),
            _reference(lang, game),
        ]
        first, *rest = (html.escape(c) for c in cells)
        rows.append(f'<tr><th scope="row">{first}</th>' + "".join(f"<td>{c}</td>" for c in rest) + "</tr>")
    head = "".join(f'<th scope="col">{html.escape(_msg(lang, f"site.stats.col.{h}"))}</th>' for h in heads)
    caption = html.escape(_msg(lang, "site.stats.table_caption"))
    return (
        f'<div class="stats-table"><table><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


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


def _count(lang: str, n: int) -> str:
    """An integer with the language's digit grouping (2,000 / 2 000 / 2.000)."""
    import catalogues

    return catalogues.number(lang, int(n))


def _seconds(lang: str, value: float) -> str:
    return _msg(lang, "site.stats.seconds", value=_number(lang, value, 0 if value >= 1 else 1))


# What else on the site plays a stored deal: docs/<folder>/*.json, and where its code is.
SITE_DEALS = (("examples", ("code",)), ("lessons", ("source", "code")), ("puzzles", ("source", "code")))


def site_deals(docs_dir: Path) -> dict[str, list[str]]:
    """The game code each stored example game, lesson and puzzle plays (one per file), by kind."""
    found: dict[str, list[str]] = {}
    for folder, where in SITE_DEALS:
        codes = found.setdefault(folder, [])
        for path in sorted((docs_dir / folder).glob("*.json")):
            value: Any = json.loads(path.read_text(encoding="utf-8"))
            for key in where:
                value = value.get(key) if isinstance(value, dict) else None
            if not isinstance(value, str):
                raise SourceError(
                    display_path(path, docs_dir.parent), 1, f"no game code at {'.'.join(where)}"
                )
            codes.append(value)
    return found


def in_sample(code: str, game: dict[str, Any]) -> bool:
    """Whether `code` is one of the sample's consecutive deals (first_code to last_code)."""
    from engine.codes import parse_code

    first, last = game.get("first_code"), game.get("last_code")
    if not first or not last or not code.startswith(game.get("code_prefix", "")):
        return False
    return parse_code(first).deal <= parse_code(code).deal <= parse_code(last).deal


def _uses(lang: str, key: str, codes: dict[str, list[str]]) -> str:
    """The message naming the example deals (each code once: a winning line and its mistake
    line share one) and counting the lessons and puzzles."""
    examples = sorted(set(codes["examples"]))
    return _msg(
        lang,
        key,
        examples=len(examples),
        codes=_msg(lang, "stats.sample.code_sep").join(examples),
        lessons=len(codes["lessons"]),
        puzzles=len(codes["puzzles"]),
    )


def sample_html(summary: dict[str, Any], lang: str, deals: dict[str, list[str]] | None = None) -> str:
    """Per game: the deals, the caps, the results, the share decided within each cap, the
    solver time; a note where some lines were capped by wall time, or no loss is proved yet.
    With `deals` (site_deals), also which example games, lessons and puzzles play a deal of the
    sample, and after the list those that play a deal outside every sample."""
    parts = ['<dl class="stats-sample">']
    placed: set[str] = set()
    for name, game in _games(summary):
        caps = sorted(game.get("caps_used") or [game["cap_seconds"]])
        items = [
            _msg(
                lang,
                "stats.sample.deals",
                deals=_count(lang, game["deals"]),
                first=game.get("first_code", ""),
                last=game.get("last_code", ""),
            ),
            _msg(
                lang,
                "stats.sample.results",
                wins=_count(lang, game["wins"]),
                losses=_count(lang, game["losses"]),
                unknown=_count(lang, game["unknown"]),
            ),
            _msg(lang, "stats.sample.cap", cap=_seconds(lang, caps[0])),
        ]
        if len(caps) > 1:
            items.append(_msg(lang, "stats.sample.retry", cap=_seconds(lang, caps[-1])))
        for cap, share in game.get("decided_within", []):
            items.append(
                _msg(lang, "stats.sample.decided_within", cap=_seconds(lang, cap), share=_pct(lang, share))
            )
        if "solver_hours" in game:
            items.append(
                _msg(
                    lang,
                    "stats.sample.solver_time",
                    hours=_number(lang, game["solver_hours"], 1 if game["solver_hours"] >= 1 else 2),
                )
            )
        if "wall" in game.get("clocks", []):
            items.append(_msg(lang, "stats.sample.wall_lines"))
        if name == "crescent" and game["losses"] == 0:
            items.append(_msg(lang, "stats.sample.crescent_no_loss"))
        if game.get("comparison_only"):
            items.append(_msg(lang, "stats.sample.comparison_only"))
        elif deals is not None:
            inside = {kind: [c for c in codes if in_sample(c, game)] for kind, codes in deals.items()}
            placed.update(c for codes in inside.values() for c in codes)
            items.append(_uses(lang, "stats.sample.used", inside))
        parts.append(f"<dt>{html.escape(_msg(lang, f'site.stats.game.{name}'))}</dt>")
        parts.append("<dd><ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul></dd>")
    parts.append("</dl>")
    if deals is not None:
        outside = {kind: [c for c in codes if c not in placed] for kind, codes in deals.items()}
        if any(outside.values()):
            text = _uses(lang, "stats.sample.outside", outside)
            parts.append(f'<p class="stats-outside">{html.escape(text)}</p>')
    return "".join(parts)


def crosscheck_html(summary: dict[str, Any], lang: str) -> str:
    """The comparison with Solvitaire on our draw-three deals, as a paragraph."""
    game = summary["games"].get("canfield-d3") or {}
    check = game.get("cross_check")
    if not check:
        return ""
    # Counts as numbers: the message chooses its plural forms (and groups the digits) itself.
    text = _msg(
        lang,
        "stats.crosscheck",
        deals=int(check["deals"]),
        their_losses=int(check["their_losses_our_wins"]),
        wins=int(check["agree_wins"]),
        losses=int(check["agree_losses"]),
        seconds=_seconds(lang, check["seconds"]),
        ours=int(check["ours_decided"]),
        theirs=int(check["theirs_decided"]),
    )
    return f'<p class="stats-crosscheck">{html.escape(text)}</p>'


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


VIEWS = {
    "table": table_html,
    "chart": chart_svg,
    "sample": sample_html,
    "times": times_svg,
    "crosscheck": crosscheck_html,
}


def stats_html(args: str, lang: str, ctx: MarkerContext) -> str:
    kind = args.strip()
    if kind not in VIEWS:
        ctx.fail(f"unknown stats view {kind!r} (expected <!-- stats: X --> with X one of {', '.join(VIEWS)})")
    if kind == "sample":
        return sample_html(load_summary(ctx), lang, site_deals(ctx.docs_dir))
    return VIEWS[kind](load_summary(ctx), lang)
