"""Which facts a stored example game shows: the records (a replayed game, a fact, its diagrams)
and one finder per fact key (FACTS), each replaying the game's states. A fact the game does not
show is a ValueError naming the example and the key. The wording and the markers are
sitegen/facts.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.notation import Move
from sitegen.games import site_game

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
    record = site_game(final["game"])
    if record.action == "redeal":  # Crescent: its moves, and its redeals (which are no move)
        redeals = sum(1 for m in game.moves if m == "redeal")
        return Fact(
            "facts.cr.length",
            counts={
                "moves": ("facts.count.moves", final["moves"]),
                "redeals": ("facts.count.redeals", redeals),
            },
        )
    # Canfield: every action counts, draws included.
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
    src = Move.parse(game.moves[k]).src
    record = site_game(game.states[k]["game"])
    if (
        record.refill is None  # the place stays empty
        and src.isdigit()
        and len(game.states[k][record.kind.numbered][int(src) - 1]) == 1
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
        parsed = Move.parse(move)
        src, dst = parsed.src, parsed.dst
        if src in _FOUNDATIONS and parsed.to_pile:
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
        played, alternative = Move.parse(move), Move.parse(other)
        played_dst, other_dst, src = played.dst, alternative.dst, played.src
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
