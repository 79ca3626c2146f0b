"""Japanese in the search index: extra prefixes so that a word typed anywhere in a sentence
is found, although Japanese writes no spaces between words.

Material's search (lunr) matches each query term as a *prefix* of the indexed tokens, and cuts
text into tokens only at the separator (mkdocs.yml: every character that is not a letter or digit
of a site language; kana and kanji count as letters, Japanese punctuation 、。「」 separates).
A Japanese sentence therefore indexes as one long token per clause
(「2組のトランプ104枚を16の山に配ります」), which a query finds only when typed from the
clause's start.

Material's own Japanese support (`lang: ja`) segments the text in the browser with
TinySegmenter, but not the query: a reader typing 「捨て札」, 「空の山」 or 「手詰まり」
(TinySegmenter indexes 捨て|札, 空|の|山, 手詰|まり) gets no result, because no indexed token
starts with the whole query. So the site keeps one index configuration for every language and,
at build time, adds to the hidden `plain` field the tail of each Japanese clause from every
place a searched word can begin: at each kanji and at the start of each katakana run or number
(hiragana after a word are its ending or a particle). A query typed from such a word start is
then a prefix of one of these tokens. Tokens are cut at `SUFFIX_CHARS` characters
(longer queries still match the clause tokens when typed from the clause's start).

Standard library only; the browser needs nothing beyond Material's own search worker.
"""

from __future__ import annotations

import re

# Kana (with the prolonged sound mark), kanji, the iteration marks 々 〆, half-width katakana.
JAPANESE_LETTERS = (
    "\u3005\u3006\u3040-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
)
# A clause as the browser tokenizes it: Japanese letters and digits (Latin letters too, as the
# separator keeps them, but a token is only made here for runs holding Japanese).
CLAUSE_RE = re.compile(f"[0-9A-Za-z{JAPANESE_LETTERS}]+")
_JAPANESE_RE = re.compile(f"[{JAPANESE_LETTERS}]")
SUFFIX_CHARS = 12
MIN_CHARS = 2  # a lone kanji at a clause's end: a one-letter query matches too much to help


def _hiragana(ch: str) -> bool:
    return "\u3040" <= ch <= "\u309f"


def _katakana(ch: str) -> bool:
    return "\u30a1" <= ch <= "\u30ff" or "\uff66" <= ch <= "\uff9f"


def _word_start(clause: str, i: int) -> bool:
    """Can a searched word begin at clause[i]? At a kanji, at the first letter of a katakana
    run or a number. Not at hiragana: after a word, kana are its ending or a particle
    (置く, の, を), which nobody starts a search with."""
    ch, before = clause[i], clause[i - 1]
    if _hiragana(ch):
        return False
    if _katakana(ch):
        return not _katakana(before)
    if ch.isascii() and ch.isalnum():
        return not (before.isascii() and before.isalnum())
    return bool(_JAPANESE_RE.match(ch))


def has_japanese(text: str) -> bool:
    return _JAPANESE_RE.search(text) is not None


def clause_tails(text: str) -> list[str]:
    """The tails (at most SUFFIX_CHARS long) of every Japanese clause of `text`, from every
    word start but the clause's own start (the clause itself is already a token), in order."""
    tails: list[str] = []
    for clause in CLAUSE_RE.findall(text):
        if not has_japanese(clause):
            continue
        tails.extend(
            clause[i : i + SUFFIX_CHARS].lower()
            for i in range(1, len(clause))
            if _word_start(clause, i) and len(clause) - i >= MIN_CHARS
        )
    return tails
