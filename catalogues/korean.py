"""Korean particles chosen by the final sound of the word before them, as it is read aloud.

A message writes both forms, consonant form first: `{card}이/가`, `{place}을/를`, `{n}열은/는`,
`{x}과/와`, `{x}으로/로`, `{x}이나/나`, `{x}이라/라`, `{x}이에요/예요`, `{x}아/야`. The formatter
keeps the first form after a final consonant (받침) and the second after a vowel; for 으로/로
a final ㄹ counts as a vowel (서울로, 칠로).

What counts is the *reading*: "6♦" and "다이아몬드 6" are read 다이아몬드 육 (final ㄱ → 이),
"A♠" 스페이드 에이스 (vowel → 가), "10" 십 (ㅂ), "3장(…)" ignores the parenthesis. Numbers are
read in Sino-Korean (일 이 삼 … 십 백 천 만), Latin letters by their Korean letter names, and a
few Latin words the site uses by their Korean spelling (`WORDS`).
"""

from __future__ import annotations

import re

__all__ = ["PARTICLES", "final_sound", "resolve"]

# (after a consonant, after a vowel). 으로/로 is special-cased for ㄹ.
PARTICLES: tuple[tuple[str, str], ...] = (
    ("이에요", "예요"),
    ("이라는", "라는"),
    ("이라고", "라고"),
    ("이나", "나"),
    ("이라", "라"),
    ("으로", "로"),
    ("을", "를"),
    ("이", "가"),
    ("은", "는"),
    ("과", "와"),
    ("아", "야"),
)
_PAIR_RE = re.compile("(" + "|".join(re.escape(f"{a}/{b}") for a, b in PARTICLES) + ")")

# Final sound of each digit read alone (0 영, 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구)
_DIGIT = {
    "0": "ㅇ",
    "1": "ㄹ",
    "2": "",
    "3": "ㅁ",
    "4": "",
    "5": "",
    "6": "ㄱ",
    "7": "ㄹ",
    "8": "ㄹ",
    "9": "",
}
# Trailing zeros read as a unit: 10 십, 100 백, 1000 천, 10000 만 (then 십만, 백만, 천만, 억…)
_UNIT = {1: "ㅂ", 2: "ㄱ", 3: "ㄴ", 4: "ㄴ", 5: "ㅂ", 6: "ㄱ", 7: "ㄴ", 8: "ㄱ"}
# Latin letter names: A 에이, B 비, … L 엘, M 엠, N 엔, R 알
_LETTER = dict.fromkeys("ABCDEFGHIJKOPQSTUVWXYZ", "")
_LETTER.update({"L": "ㄹ", "M": "ㅁ", "N": "ㄴ", "R": "ㄹ"})
# Latin words of the site read by their Korean spelling.
WORDS = {
    "Crescent": "크레센트",
    "Canfield": "캔필드",
    "Python": "파이썬",
    "Pyodide": "파이오다이드",
    "FAQ": "에프에이큐",
    "SVG": "에스브이지",
    "URL": "유알엘",
}
# Symbols read as words: suits (when alone), percent.
SYMBOLS = {"♠": "스페이드", "♥": "하트", "♦": "다이아몬드", "♣": "클럽", "%": "퍼센트"}
# A short card ("6♦", "K♣") is read suit first, then rank: its rank decides.
_CARD_RE = re.compile(r"(10|[2-9AJQK])[♠♥♦♣]$")
_RANK_READING = {"A": "에이스", "J": "잭", "Q": "퀸", "K": "킹"}
_CLOSERS = " \u00a0\u202f\"'’”»」』)]`*_."


def _hangul_final(char: str) -> str:
    jong = (ord(char) - 0xAC00) % 28
    return "" if jong == 0 else ("ㄹ" if jong == 8 else "x")


def _number_final(digits: str) -> str:
    digits = digits.lstrip("0") or "0"
    if digits == "0":
        return "ㅇ"
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros:
        return _UNIT.get(zeros, "ㄱ" if zeros % 4 == 0 else "ㄴ")  # 억 (ㄱ) beyond 만
    return _DIGIT[digits[-1]]


def final_sound(text: str) -> str:
    """ "" (vowel), "ㄹ", or another final consonant ("x" or the jamo) of `text` read aloud."""
    text = text.rstrip(_CLOSERS.replace(")", ""))
    while text.endswith(")") and "(" in text:  # "3장(…)" is read "3장"
        depth, i = 0, len(text) - 1
        while i >= 0:
            depth += {")": 1, "(": -1}.get(text[i], 0)
            if depth == 0:
                break
            i -= 1
        text = text[: max(i, 0)].rstrip(_CLOSERS.replace(")", ""))
    if not text:
        return ""
    card = _CARD_RE.search(text)
    if card:
        rank = card.group(1)
        return final_sound(_RANK_READING.get(rank, rank))
    last = text[-1]
    if "가" <= last <= "힣":
        return _hangul_final(last)
    if last.isdigit():
        digits = re.search(r"[\d,]+$", text)
        assert digits is not None  # the text ends in a digit
        return _number_final(digits.group(0).replace(",", ""))
    if last in SYMBOLS:
        return final_sound(SYMBOLS[last])
    m = re.search(r"[A-Za-z]+$", text)
    if m:
        word = m.group(0)
        if word in WORDS:
            return final_sound(WORDS[word])
        return _LETTER.get(last.upper(), "")
    return ""


def resolve(before: str, literal: str) -> str:
    """`literal` with every particle pair written `X/Y` chosen by the sound of what precedes it
    (`before` for a pair at the start, the literal's own text for a pair further in)."""
    if "/" not in literal:
        return literal
    out: list[str] = []
    i = 0
    while i < len(literal):
        m = _PAIR_RE.match(literal, i) if i or before else None
        if m and i > 0 and not _attached(literal[i - 1]):
            m = None
        if m is None and i == 0 and before and not _attached(before[-1]):
            m = None
        if m:
            consonant, vowel = m.group(1).split("/")
            final = final_sound(before + "".join(out))
            if consonant == "으로":
                out.append("으로" if final not in ("", "ㄹ") else "로")
            else:
                out.append(consonant if final else vowel)
            i = m.end()
        else:
            out.append(literal[i])
            i += 1
    return "".join(out)


def _attached(char: str) -> bool:
    """A particle attaches to the word before it: never after a space or an opening mark."""
    return not char.isspace() and char not in "([“‘«"
