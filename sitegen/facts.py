"""Facts of the stored example games, as text in the page's language.

`<!-- fact: EXAMPLE.KEY [cap] -->` becomes a sentence computed by replaying
`docs/examples/EXAMPLE.json` with the engine (so prose and diagram can never disagree);
`cap` upper-cases its first letter for use at the start of a sentence.
`<!-- fact: reason.CODE -->` quotes the app's own message for a refusal (catalogue core.json).
`<!-- factdiagram: EXAMPLE.KEY [after] -->` draws the step the fact is about (or the one after).

A fact the stored game does not show (no ace played on a king, no redeal...) is a ValueError
naming the example and the key: the build fails rather than print a wrong sentence.

Messages live in catalogues/<lang>/facts.json. A fact's cards and ranks go to the message as
the engine's codes ("AS", "7"); the message names each in the role its sentence needs, short
(`{card, card, nom short}`: « l’A♠ ») or long (`{card, card, on}`: « sur l’as de pique »), and
ranks alone (`{start, rank, acc}`): catalogues/cardnames.py gives article, case and elision.
Korean particles written `을/를`, `이/가`, `은/는`, `과/와`, `으로/로` are resolved by the
catalogue formatter from the word before them as it is read ("A♣" is 클럽 에이스: `A♣를`).

Here: the wording and the markers; the records and the finders of each fact are
sitegen/fact_finders.py (their names are re-exported here).
"""

from __future__ import annotations

import json
from typing import Any

from sitegen.fact_finders import (
    FACTS,
    RANKS,
    SUITS,
    Fact,
    FactDiagram,
    GameRecord,
    _rank,
    _suit,
    find_fact,
)

# The names other modules and the tests take from here, wherever they are defined.
__all__ = [
    "FACTS",
    "RANKS",
    "SUITS",
    "Fact",
    "FactDiagram",
    "GameRecord",
    "fact_diagram",
    "fact_of",
    "fact_step",
    "fact_text",
    "find_fact",
    "ordinal",
    "resolve_particles",
    "sentence",
    "short_card",
]


# ---------------------------------------------------------------------------------------
# Wording


def _msg(lang: str, key: str, **params: Any) -> str:
    import catalogues

    return catalogues.message(lang, key, **params)


def short_card(lang: str, card: str) -> str:
    return _msg(
        lang,
        "facts.card_short",
        rank=_msg(lang, f"rank_short.{_rank(card)}"),
        suit=_msg(lang, f"facts.suit_symbol.{_suit(card)}"),
    )


def _count(lang: str, key: str, n: int) -> str:
    return _msg(lang, key, count=n)  # a plural message: the catalogue picks the CLDR form


def ordinal(lang: str, n: int) -> str:
    return _msg(lang, "facts.ordinal.first" if n == 1 else "facts.ordinal.other", n=n)


def sentence(fact: Fact, lang: str, states: tuple[dict[str, Any], ...] | None = None) -> str:
    params: dict[str, Any] = dict(fact.params)
    if fact.quotes:
        import diagrams

        if states is None:
            raise ValueError(f"{fact.message}: quoting a move needs the game's states")
        for name, (move, index) in fact.quotes.items():
            params[name] = diagrams.caption(move, states[index], lang)
    for key, value in fact.params.items():
        if isinstance(value, list):  # a pile, bottom first
            text = short_card(lang, value[0])
            for card in value[1:]:
                text = _msg(lang, "facts.card_join", cards=text, card=short_card(lang, card))
            params[key] = text
    # Cards and ranks as codes: the message's {name, card, ROLE} / {name, rank, ROLE} words them.
    params.update(fact.cards)
    params.update(fact.ranks)
    for name, (key, n) in fact.counts.items():
        params[name] = _count(lang, key, n)
    if fact.move is not None:
        params["move"] = ordinal(lang, fact.move)
    if "suit" in fact.params:
        params["foundation"] = _msg(lang, f"name.cf.{fact.params['suit']}")
    return _msg(lang, fact.message, **params)  # Korean particles: resolved by the formatter


def resolve_particles(text: str, lang: str) -> str:
    """Korean particle pairs (`이/가`…) in an already formatted text, chosen by the word before
    them as read (catalogues/korean.py; the catalogue formatter does this for every message)."""
    if lang != "ko":
        return text
    from catalogues import korean

    return korean.resolve("", text)


# ---------------------------------------------------------------------------------------
# Markers


def _record(name: str, ctx: Any) -> GameRecord:
    from sitegen.sources import check_name, load_example

    if not check_name(name):
        raise ValueError(f"malformed example name {name!r}")
    path = ctx.docs_dir / "examples" / f"{name}.json"
    if not path.is_file():
        raise ValueError(f"unknown example {name!r}: no file docs/examples/{name}.json")
    ex = load_example(ctx.docs_dir, name, getattr(ctx, "root", None))
    extra = {
        k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k not in ("code", "moves")
    }
    winning = None
    if isinstance(extra.get("winning"), str) and check_name(extra["winning"]):
        winning = load_example(ctx.docs_dir, extra["winning"], getattr(ctx, "root", None)).moves
    return GameRecord(name, ex.code, tuple(ex.moves), tuple(ex.states), extra, winning)


def _split(args: str) -> tuple[str, str, list[str]]:
    words = args.split()
    if not words or "." not in words[0]:
        raise ValueError(
            f"malformed fact {args.strip()!r}: expected EXAMPLE.KEY, e.g. crescent-example.ace-on-king"
        )
    name, _, key = words[0].partition(".")
    return name, key, words[1:]


def fact_of(args: str, ctx: Any) -> tuple[GameRecord, Fact]:
    name, key, _ = _split(args)
    game = _record(name, ctx)
    return game, find_fact(game, key)


def fact_text(args: str, lang: str, ctx: Any) -> str:
    """The `fact` marker: `EXAMPLE.KEY [cap]`, or `reason.CODE` for the app's message."""
    name, key, options = _split(args)
    for opt in options:
        if opt != "cap":
            raise ValueError(f"unknown fact option {opt!r} (the only option is cap)")
    if name == "reason":
        import engine

        if key not in engine.REASONS:
            raise ValueError(f"unknown reason code {key!r}")
        text = _msg(lang, f"reason.{key}")
    else:
        game = _record(name, ctx)
        text = sentence(find_fact(game, key), lang, game.states)
    if "cap" in options and text:
        text = text[0].upper() + text[1:]
    return text


def fact_step(args: str, ctx: Any) -> int:
    """The step (actions played) at which the fact's diagram is drawn."""
    return fact_of(args, ctx)[1].step


def fact_diagram(args: str, lang: str, ctx: Any) -> str:
    """The `factdiagram` marker, `EXAMPLE.KEY [after]`: the arguments of a `diagram` marker for
    the step the fact is about (sitegen/markers.py draws it). Facts about a change (a redeal, a
    column refilled) have a second diagram, the position after it: the `after` option."""
    name, key, options = _split(args)
    if options not in ([], ["after"]):
        raise ValueError(f"unknown factdiagram option {' '.join(options)!r} (the only option is after)")
    fact = fact_of(args, ctx)[1]
    index = 1 if options else 0
    if index >= len(fact.diagrams):
        raise ValueError(f"fact {key!r} of {name!r} has no diagram" + (" after its step" if index else ""))
    d = fact.diagrams[index]
    spec = [f"{name}@{d.step}", f"id=fact-{name}-{key}" + ("-after" if index else "")]
    if d.highlight:
        spec.append(f"highlight={d.highlight[0]}>{d.highlight[1]}")
    if d.refused:
        spec.append("refused")
    if d.fan:
        spec.append("fan=" + ",".join(d.fan))
    return " ".join(spec)
