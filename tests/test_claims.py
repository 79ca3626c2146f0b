"""Sentences the site says about itself stay true (issue 22): each test below fails when the claim
it guards becomes false again, in every language.

- Play pages: the keyboard sentence is the board's own key help (`ui.board-keys`), quoted from
  the catalogue (the browser test tests/browser/test_keys.py presses the keys it names).
- Puzzles: a count of zero positions reads as a person says it (the plural rules' `=0` branch),
  and a redeal is called a redeal, not a move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import catalogues
from sitegen import markers

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGS = catalogues.LANGUAGES


def expand(lang: str, name: str) -> str:
    """A page's Markdown with its inline markers filled (block markers are left as they are)."""
    text = (DOCS / lang / name).read_text(encoding="utf-8")
    lines = [
        markers.expand(line, f"docs/{lang}/{name}", lang, DOCS, root=ROOT)
        if "<!--" in line
        and not re.match(
            r"^\s*<!--\s*(diagram|factdiagram|board|replay|lesson|puzzles|progress|stats|tryit)\s*:", line
        )
        else line
        for line in text.split("\n")
    ]
    return "\n".join(lines)


@cache
def terms(lang: str) -> dict[str, Any]:
    import json

    return json.loads((ROOT / "catalogues" / lang / "terms.json").read_text(encoding="utf-8"))["terms"]


# ---- Play pages: the keyboard sentence ---------------------------------------------------------

# What the false sentence said, in each language (issue 22): it must not come back.
TAB_MOVES = {
    "en": "Tab moves between places",
    "fr": "Tab passe d'une place à l'autre",
    "es": "Tab pasa de un sitio a otro",
    "de": "wechselt die Tabulatortaste zwischen den Plätzen",
    "el": "το Tab περνά από θέση σε θέση",
    "ko": "Tab으로 자리 사이를 이동하고",
    "ja": "Tab キーで場所を移動し",
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", ["play-crescent.md", "play-canfield.md"])
def test_play_page_says_the_boards_key_help(lang: str, name: str) -> None:
    source = (DOCS / lang / name).read_text(encoding="utf-8")
    assert "<!-- label: ui.board-keys -->" in source, f"docs/{lang}/{name}: the key help is not quoted"
    page = expand(lang, name)
    assert catalogues.message(lang, "ui.board-keys") in page
    assert TAB_MOVES[lang] not in page
    # The message names the keys the board answers (board.js: Tab to its one stop, the arrows,
    # Home/End, Enter/Space), in the language's own names for them.
    help_text = catalogues.message(lang, "ui.board-keys")
    assert "Tab" in help_text
    assert re.search(r"Home|Pos1|Début|Inicio", help_text), help_text
    assert re.search(r"End|Ende|Fin", help_text), help_text


# ---- Puzzles: zero positions, and a redeal named as one -----------------------------------------


def _wrong(lang: str, **params: Any) -> str:
    base = {"move": "«X»", "kind": "move", "nodes": 5, "steps": 2, "end": "«END»"}
    return catalogues.message(lang, "learn.puzzle.wrong", **{**base, **params})


def _redeal_term(lang: str) -> str:
    preferred = terms(lang)["redeal"]["preferred"]
    return preferred if isinstance(preferred, str) else preferred["crescent"]


@pytest.mark.parametrize("lang", LANGS)
def test_puzzle_messages_for_zero_one_many_and_a_redeal(lang: str) -> None:
    zero, one, many = (_wrong(lang, nodes=n) for n in (0, 1, 1234))
    # Zero is said in words, never as a count ("checking 0 positions").
    assert not re.search(r"(?<![\d,.])0(?![\d,.])", zero), zero
    assert zero not in (one, many)
    assert catalogues.number(lang, 1234) in many and "1" in one
    # A redeal is called one; a move is not called a redeal.
    redeal, move = _wrong(lang, kind="redeal"), _wrong(lang, kind="move")
    term = _redeal_term(lang).lower()
    assert term[:6] in redeal.lower(), redeal
    assert term[:6] not in move.lower(), move
    # With nothing to step through, the message ends with how the game ends (no "step through").
    lost_at_once, with_steps = _wrong(lang, nodes=0, steps=0), _wrong(lang, nodes=0, steps=3)
    assert lost_at_once.endswith("«END»") and "«END»" not in with_steps
    # The two other puzzle messages that count positions say zero in words too.
    for key, params in (
        ("learn.puzzle.solved", {"move": "«X»", "count": 2}),
        (
            "learn.puzzle.facts",
            {"game": "crescent", "code": "CR1-N-AAAAAAA", "actions": 12, "legal": 3, "tempting": 1},
        ),
    ):
        text0 = catalogues.message(lang, key, nodes=0, **params)
        text7 = catalogues.message(lang, key, nodes=7, **params)
        assert "7" in text7 and text0 != text7.replace("7", "0"), (key, text0)


def _puzzle_names() -> list[str]:
    return sorted(p.stem for p in (DOCS / "puzzles").glob("*.json"))


@pytest.mark.parametrize("lang", LANGS)
def test_every_puzzle_refutation_counts_and_names_its_action(
    lang: str, puzzle_answers: Callable[[str, str], dict[str, Any]]
) -> None:
    """The messages the Puzzles page shows for each wrong action of each stored puzzle."""
    import engine
    from sitegen.puzzle_answers import steps_of
    from sitegen.puzzles import load_puzzle

    term = _redeal_term(lang).lower()[:6]
    seen_zero = seen_redeal = 0
    for name in _puzzle_names():
        puzzle = load_puzzle(DOCS, name, ROOT)
        data = puzzle_answers(name, lang)  # sitegen.puzzles.answers(puzzle, lang, ...), once per run
        for line in data["refutations"]:
            move, start = line["move"], line["start"]
            step = steps_of(puzzle)[line["step"] - 1]  # a "win in N" puzzle's later steps too
            nodes = int(step.alternatives[move]["nodes"])
            kind = "redeal" if move == "redeal" else "move"
            if step.alternatives[move]["status"] == "back":
                back = catalogues.message(lang, "learn.puzzle.back", move="\0", kind=kind, nodes=nodes)
                assert start.endswith(back.split("\0", 1)[1]), (name, move, start)
                continue
            game = engine.from_state(step.state)
            for action in [move, *step.refutations[move]]:
                game.play(action)
            end = catalogues.message(
                lang, "learn.puzzle.blocked" if game.status == "blocked" else "learn.puzzle.no-win"
            )
            steps = len(line["captions"])
            if not steps and game.status != "blocked":
                end = ""  # "from here no line wins" would repeat the message's opening
            # Everything after the action's name is the message for this count, kind and line.
            tail = _wrong(lang, move="\0", kind=kind, nodes=nodes, steps=steps, end=end).rstrip()
            assert start.endswith(tail.split("\0", 1)[1]), (name, move, start)
            assert catalogues.message(lang, "learn.puzzle.no-win") not in start, (name, start)
            if nodes == 0:
                seen_zero += 1
                assert not re.search(r"(?<![\d,.])0(?![\d,.])", start), (name, start)
            else:
                assert catalogues.number(lang, nodes) in start, (name, start)
            if move == "redeal":
                seen_redeal += 1
                assert start.lower().count(term) >= 2, start  # its name, and "after this redeal"
    # The claims are exercised: the stored puzzles have both kinds of line.
    assert seen_zero and seen_redeal


# ---- Statistics: where the site's deals come from, and the range column -------------------------

# What the false clause said, in each language (issue 22): it must not come back.
FAR_FROM = {
    "en": "far from the deals",
    "fr": "loin des donnes",
    "es": "lejos de los repartos",
    "de": "weit weg von den Spielen",
    "el": "μακριά από τις διανομές",
    "ko": "멀리 떨어진 곳에서",
    "ja": "遠く離れた",
}


def _summary() -> dict[str, Any]:
    import json

    return json.loads((ROOT / "data" / "stats" / "summary.json").read_text(encoding="utf-8"))


def _deal_number(code: str) -> int:
    from engine.codes import parse_code

    return parse_code(code).deal


def _sample_of(code: str, summary: dict[str, Any]) -> str | None:
    """The site game whose statistics sample holds `code`, worked out here from the codes."""
    for name, game in summary["games"].items():
        if game.get("comparison_only") or not code.startswith(game["code_prefix"]):
            continue
        if _deal_number(game["first_code"]) <= _deal_number(code) <= _deal_number(game["last_code"]):
            return name
    return None


def _stored_codes() -> dict[str, str]:
    """file -> game code, for every stored example game, lesson and puzzle."""
    import json

    codes = {}
    for path in sorted((DOCS / "examples").glob("*.json")):
        codes[f"examples/{path.stem}"] = json.loads(path.read_text(encoding="utf-8"))["code"]
    for kind in ("lessons", "puzzles"):
        for path in sorted((DOCS / kind).glob("*.json")):
            codes[f"{kind}/{path.stem}"] = json.loads(path.read_text(encoding="utf-8"))["source"]["code"]
    return codes


@pytest.mark.parametrize("lang", LANGS)
def test_statistics_page_says_which_deals_of_the_site_come_from_its_samples(lang: str) -> None:
    from html import unescape

    from sitegen import stats

    source = (DOCS / lang / "statistics.md").read_text(encoding="utf-8")
    assert FAR_FROM[lang] not in source
    assert "<!-- stats: sample -->" in source
    summary = _summary()
    html = stats.sample_html(summary, lang, stats.site_deals(DOCS))
    blocks = dict(re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", html))
    outside = re.findall(r'<p class="stats-outside">(.*?)</p>', html)
    names = {catalogues.message(lang, f"site.stats.game.{n}"): n for n in summary["games"]}
    by_game = {names[unescape(title)]: unescape(body) for title, body in blocks.items()}
    for where, code in _stored_codes().items():
        home = _sample_of(code, summary)
        if where.startswith("examples/"):
            # Each example's code is named under its own sample, or in the paragraph after the list.
            text = by_game[home] if home else " ".join(unescape(p) for p in outside)
            assert code in text, (lang, where, code, home)
            for other, body in by_game.items():
                if other != home:
                    assert code not in body, (lang, where, other)
    # The whole item, with the membership worked out here: example deals, lessons, puzzles.
    sep = catalogues.message(lang, "stats.sample.code_sep")
    for name, body in by_game.items():
        if summary["games"][name].get("comparison_only"):
            continue
        mine = {w: c for w, c in _stored_codes().items() if _sample_of(c, summary) == name}
        examples = sorted({c for w, c in mine.items() if w.startswith("examples/")})
        expected = catalogues.message(
            lang,
            "stats.sample.used",
            examples=len(examples),
            codes=sep.join(examples),
            lessons=sum(w.startswith("lessons/") for w in mine),
            puzzles=sum(w.startswith("puzzles/") for w in mine),
        )
        assert f"<li>{expected}</li>" in body, (lang, name, expected)


def test_the_examples_page_claim_about_the_short_win_is_true() -> None:
    """examples.md: the short Crescent win is 'among the deals with the shortest solver wins in its
    statistics run': its deal is in the Crescent sample, and the sample's list names it."""
    import json

    code = json.loads((DOCS / "examples" / "crescent-short.json").read_text(encoding="utf-8"))["code"]
    assert _sample_of(code, _summary()) == "crescent"


@pytest.mark.parametrize("lang", LANGS)
def test_the_undecided_column_shows_the_range_its_header_names(lang: str) -> None:
    """'Counting undecided deals as lost or won': the share of all the deals won with every
    undecided deal lost, then with every one won (not Wilson bounds around them)."""
    from html import unescape

    from sitegen import stats

    summary = _summary()
    table = stats.table_html(summary, lang)
    heads = [unescape(h) for h in re.findall(r'<th scope="col">(.*?)</th>', table)]
    column = heads.index(catalogues.message(lang, "site.stats.col.bounds")) - 1  # after the row header
    rows = re.findall(r'<tr><th scope="row">(.*?)</th>(.*?)</tr>', table)
    names = {catalogues.message(lang, f"site.stats.game.{n}"): n for n in summary["games"]}
    mark = catalogues.message(lang, "site.number.decimal_mark")
    for title, cells in rows:
        game = summary["games"][names[unescape(title)]]
        cell = unescape(re.findall(r"<td>(.*?)</td>", cells)[column])
        shown = [float(x.replace(mark, ".")) for x in re.findall(rf"\d+(?:{re.escape(mark)}\d+)?", cell)]
        low = 100 * game["wins"] / game["deals"]
        high = 100 * (game["wins"] + game["unknown"]) / game["deals"]
        assert shown == [round(low, 1), round(high, 1)], (lang, title, cell)
    # Crescent, 1,996 wins of 2,000 deals and 4 undecided: 99.8% to 100.0% (Wilson gave 99.5%).
    crescent = summary["games"]["crescent"]
    if (crescent["wins"], crescent["deals"], crescent["unknown"]) == (1996, 2000, 4) and lang == "en":
        assert "99.8%–100.0%" in table


# ---- Home page: how Crescent's 104 cards are dealt --------------------------------------------

# What the false clause said (all 104 cards in the 16 piles), in each language.
ALL_IN_PILES = {
    "en": "104 cards from two decks in 16 piles",
    "fr": "104 cartes de deux jeux en 16 piles",
    "es": "104 cartas de dos barajas en 16 montones",
    "de": "104 Karten aus zwei Kartenspielen in 16 Stapeln",
    "el": "104 φύλλα από δύο τράπουλες σε 16 στοίβες",
    "ko": "104장을 16개의 더미에 나누고",
    "ja": "104枚を16の山に配ります",
}


def test_deal_counts_are_the_engines_on_every_deal() -> None:
    """The deal marker counts one fixed deal; every deal has that shape (counted here directly)."""
    import engine
    from sitegen import deal_facts

    for code in ("CR1-N-AAAAAAA", "CR1-N-AAKYMMO", "CR1-N-ZZZZZZZ"):
        state = engine.new_game(code).state()
        piles = [len(p) for p in state["piles"]]
        bases = [len(f) for f in state["foundations"].values()]
        assert deal_facts.count("crescent", "cards", code) == sum(piles) + sum(bases) == 104
        assert deal_facts.count("crescent", "pile-cards", code) == sum(piles) == 96
        assert deal_facts.count("crescent", "piles", code) == len(piles) == 16
        assert deal_facts.count("crescent", "foundations", code) == len(bases) == 8
        assert deal_facts.count("crescent", "base-cards", code) == sum(bases) == 8
    state = engine.new_game("CF1-D3-AAKYMRO").state()
    assert deal_facts.count("canfield", "reserve", "CF1-D3-AAKYMRO") == len(state["reserve"]) == 13
    with pytest.raises(ValueError, match="unknown count"):
        deal_facts.count("crescent", "tableau")


@pytest.mark.parametrize("lang", LANGS)
def test_home_page_deals_crescent_as_the_engine_does(lang: str) -> None:
    source = (DOCS / lang / "index.md").read_text(encoding="utf-8")
    bullet = next(line for line in source.split("\n") if line.startswith("- **") and "crescent.md" in line)
    # The numbers come from the engine's deal, each from its own count.
    for count in ("cards", "pile-cards", "piles", "foundations"):
        assert f"<!-- deal: crescent.{count} -->" in bullet, (lang, count)
    page = expand(lang, "index.md")
    assert ALL_IN_PILES[lang] not in page
    text = next(line for line in page.split("\n") if line.startswith("- **") and "crescent.md" in line)
    # 104 cards, of which 96 are in the 16 piles: both numbers are said, in that order.
    assert re.search(r"104\D[^.。]*?96\D[^.。]*?16\D", text), text


def _results(name: str) -> list[dict[str, Any]]:
    import json

    path = ROOT / "data" / "stats" / f"{name}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("name", ["crescent", "canfield-d3", "canfield-d1"])
def test_the_statistics_figures_are_what_the_stored_results_give(name: str) -> None:
    """The page says how each figure is computed (the samples' list, the table, the 'How a deal is
    decided' list); recomputed here from the solver's stored lines, they match the summary."""
    game = _summary()["games"][name]
    rows = _results(name)
    final: dict[int, dict[str, Any]] = {}
    for r in rows:  # a deal's decided line wins over its undecided attempts
        if r["deal"] not in final or r["status"] != "unknown":
            final[r["deal"]] = r
    deals = list(final.values())
    wins = sum(r["status"] == "win" for r in deals)
    losses = sum(r["status"] == "loss" for r in deals)
    assert (game["deals"], game["wins"], game["losses"]) == (len(deals), wins, losses)
    assert game["unknown"] == len(deals) - wins - losses
    # A run of consecutive deals, first_code to last_code.
    numbers = sorted(final)
    assert numbers == list(range(numbers[0], numbers[-1] + 1))
    assert (_deal_number(game["first_code"]), _deal_number(game["last_code"])) == (numbers[0], numbers[-1])
    # The win rate is over the decided deals; the solver time counts every attempt, retries too.
    assert game["win_rate_decided"]["value"] == round(wins / (wins + losses), 4)
    assert game["solver_hours"] == pytest.approx(sum(r["seconds"] for r in rows) / 3600, abs=0.001)
    for cap, share in game["decided_within"]:
        within = sum(r["status"] != "unknown" and r["seconds"] <= cap for r in deals)
        assert share == round(within / len(deals), 4), (name, cap)


@pytest.mark.parametrize("lang", LANGS)
def test_home_page_deals_canfield_as_the_engine_does(lang: str) -> None:
    import engine

    source = (DOCS / lang / "index.md").read_text(encoding="utf-8")
    bullet = next(line for line in source.split("\n") if line.startswith("- **") and "canfield.md" in line)
    for count in ("reserve", "columns"):
        assert f"<!-- deal: canfield.{count} -->" in bullet, (lang, count)
    state = engine.new_game("CF1-D1-AAKYMLS").state()
    page = expand(lang, "index.md")
    text = next(line for line in page.split("\n") if line.startswith("- **") and "canfield.md" in line)
    reserve, columns = len(state["reserve"]), len(state["columns"])
    assert re.search(rf"\b{reserve}\D[^.。]*?\b{columns}\D", text), text
    # Any other number it says (a deck of 52) is a count of the same deal.
    counts = {reserve, columns, len(state["foundations"]), 52}
    assert sum(len(c) for c in state["columns"]) + len(state["stock"]) + reserve + 1 == 52  # 1: the base card
    assert {int(n) for n in re.findall(r"(?<![\w-])\d+(?![\w-])", text)} <= counts, text
