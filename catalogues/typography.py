"""Typography and grammar the catalogue formatter applies per language, standard library only.

- French: a no-break space before `:` and a narrow no-break space (U+202F) before `; ! ?`,
  inside « », and before `%` after a number; a straight apostrophe inside a word becomes ’.
  A translator writes an ordinary space (or none); the formatter puts the right one, so a line
  never breaks before the punctuation. Colons in
  URLs and times ("http://", "10:30") are untouched: a space is added only where the mark ends
  a clause (followed by a space or the end).
- Greek: final sigma (σ at the end of a word of a message's text becomes ς), and
  `upper()` writes capitals the Greek way: no accents (ΚΑΝΟΝΕΣ, not ΚΑΝΌΝΕΣ), a diaeresis where
  an accent kept two vowels apart (Μάιος → ΜΑΪΟΣ), the disjunctive ή kept as Ή.
- Korean: particles by the final sound of the word as read (catalogues/korean.py).

`LITERAL_TEXT[lang]` typesets the literal text of each message once, when it is parsed;
`FINISH[lang]` runs on every formatted message; `LITERAL[lang]` on each literal piece of a
message as it is rendered, with the text before it (Korean particles); `PAGES[lang]` on the
text of the built pages. A language with no rule is one with no entry.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from catalogues import korean

__all__ = ["FINISH", "LITERAL", "NBSP", "NNBSP", "french", "greek_final_sigma", "upper"]

NBSP = "\u00a0"
NNBSP = "\u202f"
_SPACES = " \u00a0\u202f"

# A mark that ends a clause: followed by whitespace, the end, or a closing quote/bracket.
_FR_SPACED = re.compile(r"[ \u00a0\u202f]*([;!?:])(?=$|[\s»”’)\]!?])")
_FR_OPEN = re.compile(r"«[ \u00a0\u202f]*")
_FR_CLOSE = re.compile(r"[ \u00a0\u202f]*»")
_FR_PERCENT = re.compile(r"(?<=\d)[ \u00a0\u202f]?%|^[ \u00a0\u202f]%")


_FR_MARKS = frozenset(";!?:«»%'")
# A straight apostrophe inside a word (l'as, aujourd'hui) is the typographic one: pages typed
# with ' and messages typed with ’ would otherwise mix in one paragraph.
_FR_APOSTROPHE = re.compile(r"(?<=\w)'(?=\w)")


def french(text: str) -> str:
    if _FR_MARKS.isdisjoint(text):
        return text
    if "'" in text:
        text = _FR_APOSTROPHE.sub("\u2019", text)

    def before(m: re.Match[str]) -> str:
        mark = m.group(1)
        spaced = len(m.group(0)) > 1
        prev = text[m.start() - 1] if m.start() else ""
        # "?!" and "!!" stay together; a mark glued to nothing (the start of a text) is left as
        # it is; a space before the mark (even at the start: text after an inline tag) is fixed.
        if prev in (";", "!", "?", ":") or (not spaced and not prev):
            return m.group(0)
        return (NBSP if mark == ":" else NNBSP) + mark

    text = _FR_SPACED.sub(before, text)
    text = _FR_OPEN.sub("«" + NNBSP, text)
    text = _FR_CLOSE.sub(NNBSP + "»", text)
    return _FR_PERCENT.sub(NNBSP + "%", text)


_GREEK = "\u0370-\u03ff\u1f00-\u1fff"
_FINAL_SIGMA = re.compile(rf"(?<=[{_GREEK}])σ(?![\w\u0300-\u036f])")


def greek_final_sigma(text: str) -> str:
    return _FINAL_SIGMA.sub("ς", text) if "σ" in text else text


_ACCENTS = {"\u0301", "\u0300", "\u0342", "\u0313", "\u0314", "\u0345"}  # tonos/oxia, varia,
# perispomeni, breathings, ypogegrammeni: none is written on Greek capitals in running text.
_DIPHTHONG_FIRST = set("αεηουΑΕΗΟΥ")
_DIPHTHONG_SECOND = set("ιυΙΥ")


def upper(lang: str, text: str) -> str:
    """`text` in capitals as the language writes them (Greek drops accents; others: str.upper)."""
    if lang != "el":
        return text.upper()
    decomposed = unicodedata.normalize("NFD", text)
    out: list[str] = []
    i = 0
    while i < len(decomposed):
        ch = decomposed[i]
        if ch in _ACCENTS:
            base = out[-1] if out else ""
            nxt = decomposed[i + 1] if i + 1 < len(decomposed) else ""
            after = decomposed[i + 2] if i + 2 < len(decomposed) else ""
            # Disjunctive ή (a word of its own) keeps its accent: Ή.
            word_alone = base in "ηΗ" and (len(out) < 2 or not out[-2].isalpha()) and not nxt.isalpha()
            if word_alone:
                out.append(ch)
            elif (
                base in _DIPHTHONG_FIRST
                and nxt in _DIPHTHONG_SECOND
                and after != "\u0308"
                and not unicodedata.combining(after or "a")
            ):
                # The accent kept the vowels apart (Μάιος): the capitals show it with ¨.
                out.append(nxt)
                out.append("\u0308")
                i += 2
                continue
            i += 1
            continue
        out.append(ch)
        i += 1
    return unicodedata.normalize("NFC", "".join(out).upper())


# Applied to the text of the built pages of a language too (sitegen/page_typography.py).
PAGES: dict[str, Callable[[str], str]] = {
    "fr": french,
}
# Applied once to the literal text of every message when it is parsed (the punctuation a
# translator types is there; arguments are data, or messages already typeset).
LITERAL_TEXT: dict[str, Callable[[str], str]] = {
    "fr": french,
    "el": greek_final_sigma,
}
# Applied to every formatted message (none needs it today: kept for a rule that must see the
# arguments' text).
FINISH: dict[str, Callable[[str], str]] = {}
LITERAL: dict[str, Callable[[str, str], str]] = {
    "ko": korean.resolve,
}
