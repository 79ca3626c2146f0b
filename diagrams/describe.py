"""Text descriptions of a board, in the seeds' form (what a screen reader reads out).

Crescent (the Korean seed's first form): each foundation with its top card and count, in the
order S+ H+ D+ C+ S- H- D- C-, then each pile 1-16 with its count and top card.
Canfield (the Korean seed's form): stock, waste, reserve with its top card; the foundations
with the start rank (the ones holding cards first, then the empty ones, each group in S H D C
order, as the seed lists them); then the columns, every card bottom first.
"""

from __future__ import annotations

from typing import Any

import catalogues

from . import cards
from .canfield import FOUNDATIONS as CF_FOUNDATIONS
from .crescent import FOUNDATIONS as CR_FOUNDATIONS


def crescent(state: dict[str, Any], lang: str) -> str:
    msg = catalogues.message

    def entry(key: str, place: str, seq: list[str]) -> str:
        if not seq:
            return msg(lang, "describe.empty", place=place)
        return msg(lang, key, place=place, card=cards.name(seq[-1], lang), cards=cards.count(lang, len(seq)))

    sep = msg(lang, "describe.list_sep")
    founds = sep.join(
        entry("describe.cr.foundation", msg(lang, f"place.cr.{f}"), state["foundations"][f])
        for f in CR_FOUNDATIONS
    )
    piles = sep.join(
        entry("describe.cr.pile", msg(lang, "place.cr.pile", n=n), pile)
        for n, pile in enumerate(state["piles"], 1)
    )
    return msg(lang, "describe.cr.board", foundations=founds, piles=piles)


def canfield(state: dict[str, Any], lang: str) -> str:
    msg = catalogues.message

    def short(n: int) -> str:
        return cards.count(lang, n, "short")  # '34장', not '카드 34장'

    def top_entry(key: str, seq: list[str]) -> str:
        if not seq:
            return msg(lang, key + "_empty")
        return msg(lang, key, cards=short(len(seq)), card=cards.name(seq[-1], lang))

    stock = state["stock"]
    stock_text = (
        msg(lang, "describe.cf.stock", cards=short(len(stock)))
        if stock
        else msg(lang, "describe.cf.stock_empty")
    )
    comma = msg(lang, "describe.cf.card_sep")
    filled = [f for f in CF_FOUNDATIONS if state["foundations"][f]]
    empty = [f for f in CF_FOUNDATIONS if not state["foundations"][f]]
    found_items = [
        msg(
            lang,
            f"describe.cf.foundation.{f}",
            card=cards.name(state["foundations"][f][-1], lang),
            cards=short(len(state["foundations"][f])),
        )
        for f in filled
    ]
    found_items += [msg(lang, "describe.cf.foundation_empty", suit=msg(lang, f"suit.{f}")) for f in empty]
    founds = msg(
        lang,
        "describe.cf.foundations",
        rank=msg(lang, f"rank.{state['base_rank']}"),
        list=comma.join(found_items),
    )
    cols = []
    for n, col in enumerate(state["columns"], 1):
        if col:
            cols.append(
                msg(lang, "describe.cf.column", n=n, cards=comma.join(cards.name(c, lang) for c in col))
            )
        else:
            cols.append(msg(lang, "describe.cf.column_empty", n=n))
    # The catalogue writes the parts in their mid-sentence form; those that open a sentence
    # get a capital letter here.
    return msg(
        lang,
        "describe.cf.board",
        stock=cards.cap(stock_text),
        waste=top_entry("describe.cf.waste", state["waste"]),
        reserve=top_entry("describe.cf.reserve", state["reserve"]),
        foundations=cards.cap(founds),
        columns=cards.cap(msg(lang, "describe.cf.column_sep").join(cols)),
    )
