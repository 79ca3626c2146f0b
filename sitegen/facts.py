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
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

RANKS = "A23456789TJQK"
SUITS = "SHDC"


@dataclass(frozen=True)
class FactDiagram:
    """A diagram showing a fact: the state after `step` actions, with its options."""

    step: int
    highlight: tuple[str, str] | None = None
    refused: bool = False
    fan: tuple[str, ...] = ()


@dataclass(frozen=True)
class Fact:
    """What a fact says: a message key, its parameters, and where it happens in the game."""

    message: str
    params: dict[str, Any] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)  # param name -> card ("AS")
    ranks: dict[str, str] = field(default_factory=dict)  # param name -> rank ("7")
    counts: dict[str, tuple[str, int]] = field(default_factory=dict)  # name -> (count key, n)
    quotes: dict[str, tuple[str, int]] = field(default_factory=dict)  # name -> (move, state index)
    move: int | None = None  # the move number in the game (state["moves"] after it)
    step: int = 0  # actions played before the fact's diagram
    diagrams: tuple[FactDiagram, ...] = ()


@dataclass(frozen=True)
class GameRecord:
    """The replay of an example: its name, code, actions and states (states[0] = the deal)."""

    name: str
    code: str
    moves: tuple[str, ...]
    states: tuple[dict[str, Any], ...]
    extra: dict[str, Any] = field(default_factory=dict)  # the file's other keys (outcome, ...)
    winning: tuple[str, ...] | None = None  # a mistake line's winning line


# ---------------------------------------------------------------------------------------
# Finding facts in a replayed game


def _fail(game: GameRecord, key: str, why: str) -> ValueError:
    return ValueError(f"example {game.name!r} has no fact {key!r}: {why}")


def _rank(card: str) -> str:
    return card[:-1]


def _suit(card: str) -> str:
    return card[-1]


def _need(game: GameRecord, key: str, kind: str) -> None:
    if game.states[0].get("game") != kind:
        raise _fail(
            game, key, f"this fact is about {kind} games, the example is {game.states[0].get('game')!r}"
        )


def fact_code(game: GameRecord, key: str) -> Fact:
    return Fact("facts.code", {"code": game.code})


def fact_length(game: GameRecord, key: str) -> Fact:
    final = game.states[-1]
    if final.get("game") == "crescent":
        redeals = sum(1 for m in game.moves if m == "redeal")
        return Fact(
            "facts.cr.length",
            counts={
                "moves": ("facts.count.moves", final["moves"]),
                "redeals": ("facts.count.redeals", redeals),
            },
        )
    return Fact("facts.cf.length", counts={"actions": ("facts.count.actions", final["moves"])})


_PILE_MOVE = re.compile(r"^(\d+)>(\d+)$")


def fact_ace_on_king(game: GameRecord, key: str) -> Fact:
    """The first move that puts an ace on a king of a pile (ranks wrap on the piles)."""
    _need(game, key, "crescent")
    for i, move in enumerate(game.moves):
        m = _PILE_MOVE.match(move)
        if not m:
            continue
        src, dst = int(m.group(1)), int(m.group(2))
        before = game.states[i]
        card, target = before["piles"][src - 1][-1], before["piles"][dst - 1][-1]
        if _rank(card) == "A" and _rank(target) == "K":
            return Fact(
                "facts.cr.ace_on_king",
                {"src": src, "dst": dst},
                cards={"card": card, "target": target},
                move=game.states[i + 1]["moves"],
                step=i,
                diagrams=(FactDiagram(i, (str(src), str(dst))),),
            )
    raise _fail(game, key, "no move puts an ace on a king of a pile")


def fact_redeal(game: GameRecord, key: str) -> Fact:
    """The first redeal, and a pile whose new top card (its old bottom card) can then be played.

    The pile the game plays from next is preferred, else the lowest-numbered one."""
    import engine

    _need(game, key, "crescent")
    try:
        i = game.moves.index("redeal")
    except ValueError:
        raise _fail(game, key, "the game has no redeal") from None
    before, after = game.states[i], game.states[i + 1]
    legal = engine.from_state(after).legal_moves()
    playable = [
        p
        for p in range(1, 17)
        if len(before["piles"][p - 1]) >= 2
        and after["piles"][p - 1][-1] != before["piles"][p - 1][-1]
        and any(mv.startswith(f"{p}>") for mv in legal)
    ]
    if not playable:
        raise _fail(game, key, "no pile's new top card can be played after the first redeal")
    pile = playable[0]
    nxt = _PILE_MOVE.match(game.moves[i + 1]) if i + 1 < len(game.moves) else None
    if nxt is None and i + 1 < len(game.moves):
        nxt = re.match(r"^(\d+)>", game.moves[i + 1])
    if nxt is not None and int(nxt.group(1)) in playable:
        pile = int(nxt.group(1))
    old, new = before["piles"][pile - 1], after["piles"][pile - 1]
    return Fact(
        "facts.cr.redeal",
        {"pile": pile, "before": old, "after": new},
        cards={"card": new[-1]},
        step=i,
        diagrams=(FactDiagram(i, fan=(str(pile),)), FactDiagram(i + 1, fan=(str(pile),))),
    )


def _base_card(game: GameRecord) -> str:
    for cards in game.states[0]["foundations"].values():
        if cards:
            return cards[0]
    raise ValueError(f"example {game.name!r}: the deal has no base card")


def fact_base_card(game: GameRecord, key: str) -> Fact:
    """The deal's base card and the order of the foundations. `base-card` names the game's code
    (a rules page quoting the example); `base-card-here` does not, for a page whose sentence
    before it has just given the code (the Examples page)."""
    _need(game, key, "canfield")
    base = _base_card(game)
    start = _rank(base)
    below = RANKS[(RANKS.index(start) - 1) % 13]
    cards, ranks = {"card": base}, {"start": start, "below": below}
    if key == "base-card-here":
        here = {
            "A": "facts.cf.base_card_ace_here",
            "2": "facts.cf.base_card_two_here",
            "K": "facts.cf.base_card_king_here",
        }.get(start, "facts.cf.base_card_here")
        return Fact(here, cards=cards, ranks=ranks)
    variant = {
        "A": "facts.cf.base_card_ace",
        "2": "facts.cf.base_card_two",
        "K": "facts.cf.base_card_king",
    }.get(start, "facts.cf.base_card")
    return Fact(variant, {"code": game.code}, cards=cards, ranks=ranks)


_COLUMN_MOVE = re.compile(r"^([1-4])(?::(\d+))?>(.+)$")


def fact_column_ace(game: GameRecord, key: str) -> Fact:
    """The first position where an ace tops a column, its foundation empty, and the engine
    refuses it there because the start rank is not the ace."""
    import engine

    _need(game, key, "canfield")
    start = game.states[0]["base_rank"]
    if start == "A":
        raise _fail(game, key, "the start rank is the ace, so a column ace can start its foundation")
    for i, state in enumerate(game.states):
        for c, column in enumerate(state["columns"], start=1):
            if not column or _rank(column[-1]) != "A" or state["foundations"][_suit(column[-1])]:
                continue
            ace = column[-1]
            reason = engine.from_state(state).check(f"{c}>{_suit(ace)}")
            if reason != "foundation-start":
                continue
            return Fact(
                "facts.cf.column_ace",
                {"column": c, "suit": _suit(ace)},
                cards={"card": ace, "start_card": start + _suit(ace)},
                step=i,
                diagrams=(FactDiagram(i, (str(c), _suit(ace)), refused=True),),
            )
    raise _fail(game, key, "no column ace is ever refused by an empty foundation")


def fact_column_refill(game: GameRecord, key: str) -> Fact:
    """The first action that empties a column, and the reserve card that refills it."""
    _need(game, key, "canfield")
    for i, move in enumerate(game.moves):
        m = _COLUMN_MOVE.match(move)
        if not m:
            continue
        c, n, dst = int(m.group(1)), int(m.group(2) or 1), m.group(3)
        before, after = game.states[i], game.states[i + 1]
        column = before["columns"][c - 1]
        if len(column) != n or not before["reserve"]:
            continue
        refill = before["reserve"][-1]
        if after["columns"][c - 1] != [refill]:
            continue
        cards = {"card": column[0], "refill": refill}
        params: dict[str, Any] = {"column": c, "count": n}
        if dst in SUITS:
            variant = "facts.cf.refill_to_foundation"
            params["suit"] = dst
        else:
            cards["target"] = before["columns"][int(dst) - 1][-1]
            cards["top"] = column[-1]
            variant = {1: "facts.cf.refill_one", 2: "facts.cf.refill_two"}.get(n, "facts.cf.refill_run")
        return Fact(
            variant,
            params,
            cards=cards,
            move=after["moves"],
            step=i,
            diagrams=(FactDiagram(i, (str(c), dst)), FactDiagram(i + 1)),
        )
    raise _fail(game, key, "no action empties a column while the reserve still has cards")


# ---- facts of the lesson examples (messages in catalogues/<lang>/commentary.json) ----------


def fact_parting(game: GameRecord, key: str) -> Fact:
    """A mistake line: the move where it leaves its winning line, and what each played."""
    if game.winning is None:
        raise _fail(game, key, 'only a mistake line (with "winning") has a parting move')
    k = next((i for i, (a, b) in enumerate(zip(game.moves, game.winning, strict=False)) if a != b), None)
    if k is None:
        raise _fail(game, key, "the line never leaves its winning line")
    params: dict[str, Any] = {"number": game.states[k + 1]["moves"]}
    message = "commentary.fact.parting"
    src = game.moves[k].split(">")[0]
    if (
        game.states[k].get("game") == "crescent"
        and src.isdigit()
        and len(game.states[k]["piles"][int(src) - 1]) == 1
    ):
        message, params["pile"] = "commentary.fact.parting_empties", int(src)
    return Fact(message, params, quotes={"mistake": (game.moves[k], k), "win": (game.winning[k], k)}, step=k)


def fact_mistake_end(game: GameRecord, key: str) -> Fact:
    """A blocked mistake line: its last move, and the cards left on the piles."""
    final = game.states[-1]
    if final.get("status") != "blocked":
        raise _fail(game, key, "the line does not end blocked")
    left = sum(len(p) for p in final["piles"])
    return Fact(
        "commentary.fact.blocked",
        {"number": final["moves"]},
        counts={"cards": ("count.cards", left)},
        step=len(game.moves),
    )


_FOUNDATIONS = ("S", "H", "D", "C")


def fact_takeback(game: GameRecord, key: str) -> Fact:
    """The first card taken back from a foundation onto a column."""
    _need(game, key, "canfield")
    for i, move in enumerate(game.moves):
        src, _, dst = move.partition(">")
        if src in _FOUNDATIONS and dst.isdigit():
            before = game.states[i]
            card = before["foundations"][src][-1]
            target = before["columns"][int(dst) - 1]
            cards = {"card": card}
            if target:
                cards["target"] = target[-1]
            return Fact(
                "commentary.fact.takeback" if target else "commentary.fact.takeback_empty",
                {"number": game.states[i + 1]["moves"], "column": int(dst)},
                cards=cards,
                step=i,
            )
    raise _fail(game, key, "no card comes back from a foundation")


def fact_choice(game: GameRecord, key: str) -> Fact:
    """The first stored alternative (home or column) that the solver proved lost."""
    _need(game, key, "canfield")
    for alt in game.extra.get("alternatives", []):
        i, other = int(alt["step"]), str(alt["move"])
        move = game.moves[i]
        before = game.states[i]
        played_dst, other_dst = move.split(">")[1], other.split(">")[1]
        src = move.split(">")[0]
        card = (
            before["reserve"]
            if src == "R"
            else before["waste"]
            if src == "W"
            else before["columns"][int(src) - 1]
        )[-1]
        column = played_dst if played_dst.isdigit() else other_dst
        target = before["columns"][int(column) - 1]
        if not target:
            continue
        variant = "commentary.fact.choice_column" if played_dst.isdigit() else "commentary.fact.choice_home"
        if alt.get("rules") == "no-takebacks":
            variant += "_classic"
        return Fact(
            variant,
            {"number": game.states[i + 1]["moves"], "column": int(column)},
            cards={"card": card, "target": target[-1]},
            step=i,
        )
    raise _fail(game, key, 'no stored "alternatives" entry puts a card home or on a column')


FACTS: dict[str, Callable[[GameRecord, str], Fact]] = {
    "parting": fact_parting,
    "mistake-end": fact_mistake_end,
    "takeback": fact_takeback,
    "choice": fact_choice,
    "code": fact_code,
    "length": fact_length,
    "ace-on-king": fact_ace_on_king,
    "redeal": fact_redeal,
    "base-card": fact_base_card,
    "base-card-here": fact_base_card,
    "column-ace": fact_column_ace,
    "column-refill": fact_column_refill,
}


def find_fact(game: GameRecord, key: str) -> Fact:
    finder = FACTS.get(key)
    if finder is None:
        raise ValueError(
            f"example {game.name!r}: unknown fact {key!r} (known facts: {', '.join(sorted(FACTS))})"
        )
    return finder(game, key)


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
