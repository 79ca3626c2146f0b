"""`<!-- stats: table|chart|sample|times|crosscheck -->`: how often each game can be won.

All are drawn at build time from `data/stats/summary.json`, written by scripts/solve_stats.py
(its docstring gives the schema), with every word from the page language's catalogue
(`site.stats.*` in site.json, `stats.*` in stats.json) and every number from the summary:
`table` and `chart` the win rates, `sample` what each sample is (deals, caps, results, solver
time), `times` a chart of how long deals take to decide, `crosscheck` the comparison of our
draw-three verdicts with Solvitaire's. The chart is an inline SVG (no script, no other host) with
a title and a text description; its colours follow the theme (light or dark) through CSS variables.

Here: the marker, the table, the sample's lists and the cross-check; the charts are
sitegen/stats_charts.py, the summary's reading and the numbers' wording sitegen/stats_format.py
(their names are re-exported here).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from sitegen.context import MarkerContext
from sitegen.errors import SourceError, display_path
from sitegen.stats_charts import _within, chart_svg, times_svg
from sitegen.stats_format import (
    GAME_ORDER,
    ROOT,
    SUMMARY,
    _count,
    _games,
    _msg,
    _number,
    _pct,
    _range,
    _seconds,
    load_summary,
    undecided_range,
)
from sitegen.templating import render

__all__ = [
    "GAME_ORDER",
    "ROOT",
    "SUMMARY",
    "VIEWS",
    "_within",
    "chart_svg",
    "crosscheck_html",
    "in_sample",
    "load_summary",
    "published_outside",
    "sample_html",
    "site_deals",
    "stats_html",
    "table_html",
    "times_svg",
    "undecided_range",
]


# A summary written before a published figure's sample became the fields "won" and "deals"
# carries it in English in the source's text, "Jan Wolter (438,117 of 1,000,000)" (the statistics
# job running when they became fields writes that form once more when it ends).
_SAMPLE_IN_SOURCE = re.compile(r"(?P<source>.+?) \((?P<won>[\d,]+) of (?P<deals>[\d,]+)\)")


def _reference_source(lang: str, ref: dict[str, Any]) -> str:
    """Who published the figure, with its sample ("438 117 sur 1 000 000") in the page's words
    and digit grouping where the source gives one."""
    source, won, deals = ref["source"], ref.get("won"), ref.get("deals")
    if won is None or deals is None:
        found = _SAMPLE_IN_SOURCE.fullmatch(source)
        if found is None:
            return str(source)
        source = found["source"]
        won, deals = (int(found[k].replace(",", "")) for k in ("won", "deals"))
    return _msg(
        lang, "site.stats.reference_sample", source=source, won=_count(lang, won), deals=_count(lang, deals)
    )


def _reference(lang: str, game: dict[str, Any]) -> str:
    ref = game.get("reference")
    if not ref:
        return "–"
    return _msg(
        lang,
        "site.stats.reference_value",
        value=_pct(lang, ref["value"], 3),
        margin=_number(lang, 100 * ref["margin"], 3),
        source=_reference_source(lang, ref),
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
        rows.append(cells)
    return render(
        "stats/table.html",
        caption=_msg(lang, "site.stats.table_caption"),
        heads=[_msg(lang, f"site.stats.col.{h}") for h in heads],
        rows=rows,
    )


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


# A row's note while its sample has no proved loss (a statistics row's name: summary.json).
NO_LOSS_NOTES = {"crescent": "stats.sample.crescent_no_loss"}


def sample_html(summary: dict[str, Any], lang: str, deals: dict[str, list[str]] | None = None) -> str:
    """Per game: the deals, the caps, the results, the share decided within each cap, the
    solver time; a note where some lines were capped by wall time, or no loss is proved yet.
    With `deals` (site_deals), also which example games, lessons and puzzles play a deal of the
    sample, and after the list those that play a deal outside every sample."""
    games: list[tuple[str, list[str]]] = []
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
        if name in NO_LOSS_NOTES and game["losses"] == 0:
            items.append(_msg(lang, NO_LOSS_NOTES[name]))
        if game.get("comparison_only"):
            items.append(_msg(lang, "stats.sample.comparison_only"))
        elif deals is not None:
            inside = {kind: [c for c in codes if in_sample(c, game)] for kind, codes in deals.items()}
            placed.update(c for codes in inside.values() for c in codes)
            items.append(_uses(lang, "stats.sample.used", inside))
        games.append((_msg(lang, f"site.stats.game.{name}"), items))
    text = ""
    if deals is not None:
        outside = {kind: [c for c in codes if c not in placed] for kind, codes in deals.items()}
        if any(outside.values()):
            text = _uses(lang, "stats.sample.outside", outside)
    return render("stats/sample.html", games=games, outside=text)


def crosscheck_html(summary: dict[str, Any], lang: str) -> str:
    """The comparisons with Solvitaire, a paragraph each: on our draw-three deals (a Solvitaire
    changed to our rules), on our sample of its preset's rules, and, where the published figure
    lies outside our interval for those rules, why (published_outside). Empty without either."""
    texts = []
    check = (summary["games"].get("canfield-d3") or {}).get("cross_check")
    if check:
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
        texts.append(text)
    sample = summary["games"].get("solvitaire-canfield") or {}
    preset = sample.get("cross_check")
    if preset:
        # The same solver unchanged, on its own preset's rules (our code letters D3GKN): on the
        # deals both solvers' files hold, the whole sample or (while it grows) a part of it.
        text = _msg(
            lang,
            "stats.crosscheck-preset",
            deals=int(preset["deals"]),
            sample=_count(lang, int(sample.get("deals", preset["deals"]))),
            whole="yes" if preset["deals"] >= sample.get("deals", 0) else "no",
            wins=int(preset["agree_wins"]),
            losses=int(preset["agree_losses"]),
            contradictions=int(preset["contradictions"]),
            seconds=_seconds(lang, preset["seconds"]),
            ours=_count(lang, preset["ours_decided"]),
            theirs=_count(lang, preset["theirs_decided"]),
        )
        texts.append(text)
        outside = published_outside(lang, sample, preset)
        if outside:
            texts.append(outside)
    return render("stats/crosscheck.html", texts=texts) if texts else ""


def _outside(game: dict[str, Any]) -> bool:
    """Whether the published figure (with its margin) lies outside our decided deals' interval."""
    ref, rate = game.get("reference"), game.get("win_rate_decided")
    if not ref or not rate:
        return False
    return bool(ref["value"] + ref["margin"] < rate["low"] or ref["value"] - ref["margin"] > rate["high"])


def published_outside(lang: str, game: dict[str, Any], check: dict[str, Any]) -> str:
    """Where the published figure falls outside our interval for its own rules, why, in the data's
    numbers: how many of the deals our solver left undecided the second solver decided and how
    many of those are lost (where most are, the sentence says that is what our figure, counting
    the decided deals only, leaves out), and our figure with its verdicts, with whether its
    interval then holds the published one, and where it would fall were the deals still undecided
    all lost. Empty when the figure is inside our interval, or the
    second solver has no verdict yet on a deal ours left undecided (or an older summary)."""
    if not _outside(game) or not check.get("our_unknown_run"):
        return ""
    ref, rate, theirs = game["reference"], game["win_rate_decided"], check["with_theirs"]
    lost, won = int(check["our_unknown_their_losses"]), int(check["our_unknown_their_wins"])
    published = (ref["value"] - ref["margin"], ref["value"] + ref["margin"])
    inside = theirs["low"] <= published[1] and published[0] <= theirs["high"]
    return _msg(
        lang,
        "stats.crosscheck-outside",
        published=_pct(lang, ref["value"], 3),
        rate=_pct(lang, rate["value"]),
        interval=_range(lang, rate["low"], rate["high"]),
        unknown=int(check["our_unknown"]),
        ran=_count(lang, check["our_unknown_run"]),
        all_run="yes" if check["our_unknown_run"] >= check["our_unknown"] else "no",
        decided=_count(lang, lost + won),
        lost=lost,
        won=won,
        mostly="lost" if lost > won else "other",
        new_rate=_pct(lang, theirs["value"]),
        new_interval=_range(lang, theirs["low"], theirs["high"]),
        new_decided=int(theirs["decided"]),
        inside="yes" if inside else "no",
        # The deals still undecided (by both, or not yet run there) counted as lost: the floor.
        left=int(check["our_unknown"]) - lost - won,
        floor=_pct(lang, (game["wins"] + won) / game["deals"]),
    )


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
