"""Returns: an action that brings a card back to a place it had left earlier in a line.

A reader follows a line card by card. A card that leaves a place and later comes back to it
(the same pile or column, the same foundation) makes the reader follow a trip that, unless it
is the point, looks like wandering. Precisely:

- a card's *places* are the piles (Crescent), the columns, the reserve (Canfield) and every
  foundation; an action *moves* the cards it carries from its source to its destination (a
  single card, or every card of a Canfield run), and a Canfield column emptied by it moves the
  reserve's top card from the reserve to that column;
- a draw or a recycle (the stock turning onto the waste and back, as the rules do it) and a
  Crescent redeal (each card stays in its pile) move no card between places;
- an action is a *return* when one of the cards it moves goes to a place that very card left
  earlier in the line (Crescent has two copies of each card: each copy is followed on its own).

The one return that is the point: a Canfield take-back (a foundation's top card onto a column)
whose remark says what then lands on it (sitegen/commentary.py, `commentary.cf.takeback`), and
that card's next trip back to the foundation it was taken from (every card ends at home; the
take-back's remark is why it left). Every other return is *unexplained*.

Used by scripts/clean_line.py, scripts/straighten.py and scripts/straight_search.py (which find
the stored lines), scripts/build.py (which refuses a stored winning line with an unexplained or
repeated return, with no exception), scripts/straight_report.py and the tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.notation import cards_at, split_move
from sitegen.games import site_game

Line = list[str]


def states(code: str, moves: Line) -> list[dict[str, Any]]:
    """The state before each action and after the last (moves must be legal)."""
    import engine

    game = engine.new_game(code)
    out = [game.state()]
    for move in moves:
        game.play(move)
        out.append(game.state())
    return out


@dataclass(frozen=True)
class Return:
    """Action `step` (0-based) `move` brings `cards` back to `place`, which each had left; `ids`
    tells the two copies of a Crescent card apart ("6H", "6H#2")."""

    step: int
    move: str
    cards: tuple[str, ...]
    place: str
    explained: bool = False
    ids: tuple[str, ...] = ()


def _moves_of_cards(
    code: str, moves: Line, st: list[dict[str, Any]]
) -> list[list[tuple[tuple[str, int], str, str]]]:
    """For each action, the cards it moves between places as (card id, source, destination); a
    card id is (card, copy) and follows one physical card (Crescent deals two decks)."""
    first = st[0]
    layout: dict[str, list[tuple[str, int]]] = {}
    seen: dict[str, int] = {}

    def ids(cards: list[str]) -> list[tuple[str, int]]:
        out = []
        for card in cards:
            seen[card] = seen.get(card, 0) + 1
            out.append((card, seen[card]))
        return out

    game = site_game(first["game"])
    # The named places the rule follows (Canfield's reserve; its stock and waste: one deck, so a
    # card's name is its id, and they are not followed), then the numbered ones.
    for place in game.followed:
        layout[place] = ids(first[game.places[place]])
    for p, cards in enumerate(first[game.kind.numbered], 1):
        layout[str(p)] = ids(cards)
    for name, cards in first["foundations"].items():
        layout[name] = ids(cards)
    out: list[list[tuple[tuple[str, int], str, str]]] = []
    for k, move in enumerate(moves):
        before, after = st[k], st[k + 1]
        events: list[tuple[tuple[str, int], str, str]] = []
        split = split_move(move)
        if move == "redeal":
            for p in range(1, 17):
                pile = layout[str(p)]
                if len(pile) >= 2:
                    pile.append(pile.pop(0))
        elif split is not None:
            src, count, dst = split
            if src == "W":
                card = before["waste"][-1]
                carried = [(card, 1)]
            else:
                carried = layout[src][-count:]
                del layout[src][-count:]
            layout.setdefault(dst, []).extend(carried)
            events += [(card, src, dst) for card in carried]
            source = game.refill
            if source is not None and src.isdigit() and not layout[src] and layout[source]:
                refill = layout[source].pop()
                layout[src].append(refill)
                events.append((refill, source, src))
        for place, cards in layout.items():  # the ids must follow the engine's own states
            assert [c for c, _ in cards] == cards_at(after, place), (code, k, move, place)
        out.append(events)
    return out


def returns(code: str, moves: Line, st: list[dict[str, Any]] | None = None) -> list[Return]:
    """Every action of the (legal) line that brings a card back to a place it had left (`st`:
    its states, when the caller has them)."""
    st = st if st is not None else states(code, moves)
    took_back = _explained_takebacks(code, moves, st)
    left: dict[tuple[str, int], set[str]] = {}
    owed: dict[tuple[str, int], str] = {}  # a card taken back for a point -> its foundation
    out: list[Return] = []
    for k, events in enumerate(_moves_of_cards(code, moves, st)):
        back = [(card, dst) for card, src, dst in events if dst in left.get(card, set())]
        if back:
            explained = True if k in took_back else all(owed.get(card) == dst for card, dst in back)
            out.append(
                Return(
                    k,
                    moves[k],
                    tuple(card for (card, _), _ in back),
                    back[0][1],
                    explained,
                    tuple(card if n == 1 else f"{card}#{n}" for (card, n), _ in back),
                )
            )
            for card, dst in back:
                if owed.get(card) == dst:
                    del owed[card]
        for card, src, _ in events:
            left.setdefault(card, set()).add(src)
            if k in took_back:
                owed[card] = src
    return out


def takeback_landing(moves: Sequence[str], st: Sequence[dict[str, Any]], i: int) -> str | None:
    """For a Canfield take-back at action `i` (a foundation's card onto a column), the card that
    lands on it within the next three actions, or None. The commentary's remark names that card
    (commentary.cf.takeback, sitegen/commentary.py), and it makes the take-back an explained return."""
    split = split_move(moves[i])
    if split is None or split[0] not in st[i]["foundations"] or not split[2].isdigit():
        return None
    src, count, dst = split
    card = cards_at(st[i], src)[-count]
    for j in range(i + 1, min(i + 4, len(moves))):
        sj = split_move(moves[j])
        column = st[j]["columns"][int(dst) - 1]
        if sj and sj[2] == dst and column and column[-1] == card:
            return cards_at(st[j], sj[0])[-sj[1]]
    return None


def _explained_takebacks(code: str, moves: Line, st: list[dict[str, Any]]) -> set[int]:
    """The steps of take-backs whose remark says which card lands on the card taken back."""
    if not site_game(st[0]["game"]).takebacks:
        return set()
    return {i for i in range(len(moves)) if takeback_landing(moves, st, i) is not None}


def return_defects(code: str, moves: Line) -> list[str]:
    """What breaks the returns rule: an unexplained return, or a card making one return twice."""
    out: list[str] = []
    made: dict[tuple[str, str], int] = {}
    for r in returns(code, moves):
        cards = " ".join(r.cards)
        if not r.explained:
            out.append(f"action {r.step + 1} {r.move!r} brings {cards} back to {r.place}, unexplained")
        for card in r.ids:
            if (card, r.place) in made:
                out.append(
                    f"action {r.step + 1} {r.move!r}: {card} comes back to {r.place} again "
                    f"(first at action {made[card, r.place] + 1})"
                )
            made.setdefault((card, r.place), r.step)
    return out
