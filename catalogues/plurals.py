"""CLDR cardinal plural categories, standard library only (this package also runs in Pyodide).

`category(lang, n)` says which of CLDR's categories (zero, one, two, few, many, other) a number
falls in for a language, so that a message `{n, plural, one {…} other {…}}` picks the right
branch. The rules are CLDR's own text (`common/supplemental/plurals.xml`, the part before the
`@integer` samples), copied verbatim: adding a language is adding one entry to `RULES`.
A language with no entry has only `other` (Korean, Japanese, Chinese…) and is listed in
`RULES` with an empty dict so that an unknown language is an error, not a silent `other`.

The rule grammar (UTS #35, Language Plural Rules):

    condition  = and_condition ('or' and_condition)*
    and_condition = relation ('and' relation)*
    relation   = operand ('%' value)? ('=' | '!=') range_list
    range_list = (value | value'..'value) (',' range_list)*

with the operands n (absolute value), i (integer digits), v / w (number of visible fraction
digits with / without trailing zeros), f / t (visible fraction digits with / without trailing
zeros, as an integer), e / c (compact decimal exponent, always 0 here).

tests/test_plurals.py checks every entry against Babel's rules for n = 0…1000 (and some
decimals).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal
from functools import cache

__all__ = ["CATEGORIES", "RULES", "categories", "category", "operands"]

# CLDR's order; `other` is always present and never has a rule.
CATEGORIES = ("zero", "one", "two", "few", "many", "other")

_MANY_MILLION = "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5"

# lang -> {category: CLDR rule}. CLDR 46 (the data Babel 2.18 ships).
RULES: dict[str, dict[str, str]] = {
    # Languages of the site.
    "de": {"one": "i = 1 and v = 0"},
    "el": {"one": "n = 1"},
    "en": {"one": "i = 1 and v = 0"},
    "es": {"one": "n = 1", "many": _MANY_MILLION},
    "fr": {"one": "i = 0,1", "many": _MANY_MILLION},
    "ja": {},
    "ko": {},
    # Ready for more languages (and proof that the evaluator handles every kind of rule).
    "ar": {
        "zero": "n = 0",
        "one": "n = 1",
        "two": "n = 2",
        "few": "n % 100 = 3..10",
        "many": "n % 100 = 11..99",
    },
    "cs": {"one": "i = 1 and v = 0", "few": "i = 2..4 and v = 0", "many": "v != 0"},
    "cy": {"zero": "n = 0", "one": "n = 1", "two": "n = 2", "few": "n = 3", "many": "n = 6"},
    "da": {"one": "n = 1 or t != 0 and i = 0,1"},
    "fi": {"one": "i = 1 and v = 0"},
    "ga": {"one": "n = 1", "two": "n = 2", "few": "n = 3..6", "many": "n = 7..10"},
    "it": {"one": "i = 1 and v = 0", "many": _MANY_MILLION},
    "lt": {
        "one": "n % 10 = 1 and n % 100 != 11..19",
        "few": "n % 10 = 2..9 and n % 100 != 11..19",
        "many": "f != 0",
    },
    "lv": {
        "zero": "n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19",
        "one": "n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11"
        " or v != 2 and f % 10 = 1",
    },
    "nl": {"one": "i = 1 and v = 0"},
    "pl": {
        "one": "i = 1 and v = 0",
        "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
        "many": "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14",
    },
    "pt": {"one": "i = 0..1", "many": _MANY_MILLION},
    "ru": {
        "one": "v = 0 and i % 10 = 1 and i % 100 != 11",
        "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
        "many": "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
    },
    "sv": {"one": "i = 1 and v = 0"},
    "tr": {"one": "n = 1"},
    "zh": {},
}

Number = int | float | Decimal | str


def operands(number: Number) -> dict[str, int | Decimal]:
    """CLDR's operands of a number. Give decimals as str or Decimal to keep trailing zeros
    ("1.50" has v = 2, f = 50, t = 5); a float goes through its shortest repr."""
    if isinstance(number, bool):
        raise TypeError("a plural count must be a number, not a bool")
    if isinstance(number, int):
        i = abs(number)
        return {"n": Decimal(i), "i": i, "v": 0, "w": 0, "f": 0, "t": 0, "e": 0, "c": 0}
    text = str(number).strip().lstrip("-+")
    if not re.fullmatch(r"\d+(\.\d+)?", text):
        raise ValueError(f"not a plain decimal number: {number!r}")
    whole, _, frac = text.partition(".")
    stripped = frac.rstrip("0")
    return {
        "n": abs(Decimal(text)),
        "i": int(whole),
        "v": len(frac),
        "w": len(stripped),
        "f": int(frac or 0),
        "t": int(stripped or 0),
        "e": 0,
        "c": 0,
    }


# ---- the rule language -------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(\.\.|!=|=|%|,|[a-z]+|\d+)")
Predicate = Callable[[dict[str, int | Decimal]], bool]  # operands (n, i, v, f, t, e) -> match


def _tokens(rule: str) -> list[str]:
    out, pos = [], 0
    rule = rule.strip()
    while pos < len(rule):
        m = _TOKEN.match(rule, pos)
        if not m:
            raise ValueError(f"plural rule {rule!r}: cannot read {rule[pos:]!r}")
        out.append(m.group(1))
        pos = m.end()
    return out


def _compile(rule: str) -> Predicate:
    toks = _tokens(rule)
    pos = 0

    def take(expected: str | None = None) -> str:
        nonlocal pos
        if pos >= len(toks):
            raise ValueError(f"plural rule {rule!r} ends too early")
        tok = toks[pos]
        if expected is not None and tok != expected:
            raise ValueError(f"plural rule {rule!r}: expected {expected!r}, found {tok!r}")
        pos += 1
        return tok

    def peek() -> str | None:
        return toks[pos] if pos < len(toks) else None

    def relation() -> Predicate:
        operand = take()
        if operand not in "nivwftec" or len(operand) != 1:
            raise ValueError(f"plural rule {rule!r}: unknown operand {operand!r}")
        modulus = None
        if peek() == "%":
            take()
            modulus = int(take())
        op = take()
        if op not in ("=", "!="):
            raise ValueError(f"plural rule {rule!r}: expected = or !=, found {op!r}")
        ranges: list[tuple[int, int]] = []
        while True:
            low = int(take())
            high = low
            if peek() == "..":
                take()
                high = int(take())
            ranges.append((low, high))
            if peek() != ",":
                break
            take()
        negate = op == "!="

        def test(ops: dict[str, int | Decimal]) -> bool:
            value = ops[operand]
            if modulus is not None:
                value = value % modulus
            # A decimal n (1.5) is in no integer range: ranges hold integers only.
            hit = any(value == int(value) and low <= value <= high for low, high in ranges)
            return hit != negate

        return test

    def conjunction() -> Predicate:
        parts = [relation()]
        while peek() == "and":
            take()
            parts.append(relation())
        return lambda ops: all(p(ops) for p in parts)

    alternatives = [conjunction()]
    while peek() == "or":
        take()
        alternatives.append(conjunction())
    if peek() is not None:
        raise ValueError(f"plural rule {rule!r}: unexpected {peek()!r}")
    return lambda ops: any(a(ops) for a in alternatives)


@cache
def _compiled(lang: str) -> tuple[tuple[str, Predicate], ...]:
    try:
        rules = RULES[lang]
    except KeyError:
        raise KeyError(
            f"no plural rules for language {lang!r}: add its CLDR rules to "
            f"catalogues/plurals.py (known: {', '.join(sorted(RULES))})"
        ) from None
    for name in rules:
        if name not in CATEGORIES[:-1]:
            raise ValueError(f"plural rules of {lang!r}: unknown category {name!r}")
    # CLDR: the categories are tested in their canonical order, the first that holds wins.
    return tuple((name, _compile(rules[name])) for name in CATEGORIES if name in rules)


def categories(lang: str) -> tuple[str, ...]:
    """The categories a language distinguishes, in CLDR's order, `other` last."""
    return (*(name for name, _ in _compiled(lang)), "other")


def category(lang: str, number: Number) -> str:
    """The CLDR cardinal plural category of `number` in `lang` ("one", "few", "other"…)."""
    ops = operands(number)
    for name, test in _compiled(lang):
        if test(ops):
            return name
    return "other"
