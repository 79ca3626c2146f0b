"""Whole numbers written each language's way (CLDR's group separator), standard library only.

Used for `#` in plural branches (plain `{n}` arguments are written as given), so "1000 moves" reads
"1,000" in English, "1 000" (narrow no-break space) in French, "1.000" in Greek and German.
`MIN_GROUPING` is CLDR's minimumGroupingDigits: Spanish writes 1000 but 10.000.
Adding a language is one entry in `GROUP` (and in `MIN_GROUPING` when CLDR says 2).
"""

from __future__ import annotations

__all__ = ["DECIMAL", "GROUP", "MIN_GROUPING", "integer"]

GROUP: dict[str, str] = {
    "de": ".",
    "el": ".",
    "en": ",",
    "es": ".",
    "fr": "\u202f",
    "ja": ",",
    "ko": ",",
    "it": ".",
    "nl": ".",
    "pt": ".",
    "pl": "\u00a0",
    "ru": "\u00a0",
    "zh": ",",
}
DECIMAL: dict[str, str] = {
    "de": ",",
    "el": ",",
    "en": ".",
    "es": ",",
    "fr": ",",
    "ja": ".",
    "ko": ".",
    "it": ",",
    "nl": ",",
    "pt": ",",
    "pl": ",",
    "ru": ",",
    "zh": ".",
}
MIN_GROUPING: dict[str, int] = {"es": 2, "pl": 2}


def integer(lang: str, value: int) -> str:
    """`value` with the language's thousands separator (none for a language not in GROUP)."""
    digits = str(abs(value))
    sep = GROUP.get(lang, "")
    if sep and len(digits) >= 3 + MIN_GROUPING.get(lang, 1):
        head = len(digits) % 3 or 3
        digits = digits[:head] + "".join(sep + digits[i : i + 3] for i in range(head, len(digits), 3))
    return ("-" if value < 0 else "") + digits
