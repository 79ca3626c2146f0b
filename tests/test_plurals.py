"""Plural categories, numbers and the message syntax of the catalogues.

The stdlib plural table (catalogues/plurals.py) must agree with Babel's CLDR rules for every
language of the site, for de/es/ja explicitly, and for every other language in the table, for
every n from 0 to 1000 (and some decimals); every plural message of every catalogue must parse,
use only its language's categories, and come out right for 0…1000.
"""

from __future__ import annotations

from decimal import Decimal

import pytest
from babel import Locale
from babel.numbers import format_decimal

import catalogues
from catalogues import messageformat, numbers, plurals

PLURAL_LANGUAGES = sorted(set(catalogues.LANGUAGES) | {"de", "es", "ja"} | set(plurals.RULES))
DECIMALS = ["0.0", "0.5", "1.0", "1.5", "2.0", "2.50", "11.1", "21.0", "1000000", "2000000"]


@pytest.mark.parametrize("lang", PLURAL_LANGUAGES)
def test_categories_match_babel_for_0_to_1000(lang: str) -> None:
    rule = Locale.parse(lang).plural_form
    wrong = [
        (n, plurals.category(lang, n), rule(n)) for n in range(1001) if plurals.category(lang, n) != rule(n)
    ]
    assert not wrong, f"{lang}: (n, ours, Babel's) {wrong[:10]}"
    wrong = [
        (d, plurals.category(lang, d), rule(Decimal(d)))
        for d in DECIMALS
        if plurals.category(lang, d) != rule(Decimal(d))
    ]
    assert not wrong, f"{lang}: (n, ours, Babel's) {wrong}"
    assert set(plurals.categories(lang)) == set(rule.tags) | {"other"}


def test_every_site_language_has_plural_rules() -> None:
    for lang in catalogues.LANGUAGES:
        assert lang in plurals.RULES, f"add {lang}'s CLDR rules to catalogues/plurals.py"


def test_known_categories() -> None:
    assert [plurals.category("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [plurals.category("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plurals.category("ru", n) for n in (1, 2, 5, 11, 21, 22)] == [
        "one",
        "few",
        "many",
        "many",
        "one",
        "few",
    ]
    assert plurals.category("es", 1000000) == "many"
    assert plurals.categories("ko") == ("other",)
    with pytest.raises(KeyError, match="xx"):
        plurals.category("xx", 1)
    with pytest.raises(TypeError):
        plurals.category("en", True)


@pytest.mark.parametrize("lang", sorted(numbers.GROUP))
def test_integers_are_written_like_babel(lang: str) -> None:
    for n in [0, 7, 999, 1000, 1234, 10000, 65536, 1234567, -4321]:
        ours = numbers.integer(lang, n)
        theirs = format_decimal(n, locale=lang, group_separator=True)
        if numbers.MIN_GROUPING.get(lang, 1) == 2 and 1000 <= abs(n) < 10000:
            # CLDR's minimumGroupingDigits = 2 (Babel ignores it): 1000, not 1.000.
            theirs = theirs.replace(numbers.GROUP[lang], "")
        assert ours == theirs.replace("\u2212", "-"), (lang, n)


# ---- the syntax --------------------------------------------------------------------------------


def fmt(text: str, lang: str = "en", **params: object) -> str:
    return messageformat.render(
        messageformat.parse(text),
        params,
        category=lambda n: plurals.category(lang, n),
        number=lambda v: catalogues.number(lang, v),
    )


def test_plural_syntax() -> None:
    msg = "{n, plural, =0 {no card} one {# card} other {# cards}} left"
    assert [fmt(msg, n=n) for n in (0, 1, 2, 1000)] == [
        "no card left",
        "1 card left",
        "2 cards left",
        "1,000 cards left",
    ]
    assert fmt("{n, plural, one {# carte} other {# cartes}}", "fr", n=0) == "0 carte"
    assert (
        fmt("{n, plural, offset:1 one {you and # other} other {you and # others}}", n=3) == "you and 2 others"
    )
    assert fmt("{g, select, a {A {n, plural, one {#x} other {#y}}} other {O}}", g="a", n=2) == "A 2y"
    assert fmt("{{literal}} {x}", x=1) == "{literal} 1"
    assert fmt("it's #1 {x}", x="ok") == "it's #1 ok"  # apostrophe and # are plain text here
    assert messageformat.arguments(messageformat.parse("{a} {n, plural, one {{b}} other {# {c}}}")) == {
        "a",
        "n",
        "b",
        "c",
    }


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("{n, plural, one {# card}}", "needs an 'other' branch"),
        ("{n, plural, one {a} one {b} other {c}}", "appears twice"),
        ("{n, plural, single {a} other {b}}", "not a plural category"),
        ("{n, plurl, one {a} other {b}}", "unknown type"),
        ("{n, plural, one {a} other {b}", "is not closed|expected a selector"),
        ("a } b", "lone"),
        ("{ }", "argument name"),
        ("{n", "not closed"),
    ],
)
def test_syntax_errors_say_what_and_where(text: str, error: str) -> None:
    with pytest.raises(messageformat.MessageSyntaxError, match=error) as err:
        messageformat.parse(text)
    assert "column" in str(err.value)


# ---- every catalogue ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_message_parses_and_uses_only_its_languages_categories(lang: str) -> None:
    allowed = set(plurals.categories(lang))
    for key in catalogues.load(lang):
        nodes = catalogues.parsed(lang, key)  # ValueError names file and key
        for block in messageformat.plural_blocks(nodes):
            used = {sel for sel, _ in block.branches if not sel.startswith("=")}
            assert used <= allowed, (
                f"{lang}: {key} has branches {sorted(used - allowed)} that {lang} never uses "
                f"(its categories: {', '.join(plurals.categories(lang))})"
            )


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_plural_message_formats_for_0_to_1000(lang: str) -> None:
    for key, text in catalogues.load(lang).items():
        blocks = messageformat.plural_blocks(catalogues.parsed(lang, key))
        if not blocks:
            continue
        names = catalogues.placeholders(text)
        # An exact branch (`=0 {no search}`) may say its number in words (issue 22).
        exact = {int(sel[1:]) for b in blocks for sel, _ in b.branches if sel.startswith("=")}
        for n in range(1001):
            params = dict.fromkeys(names, "x") | {b.name: n for b in blocks}
            params |= {
                n: ("6D" if k == "card" else "6") for n, k in catalogues.card_arguments(lang, key).items()
            }
            out = catalogues.message(lang, key, **params)
            assert catalogues.number(lang, n) in out or "#" not in text or n in exact, (lang, key, n, out)


def test_counted_nouns_in_english_are_plural_messages() -> None:
    """A number followed by a counted noun ("{n} cards") must be a plural message: the English
    catalogue is the reference, so a count missed there is missed everywhere."""
    import re

    counts = "n|count|total|moves|deals|wins|losses|steps|number|redeals|actions"
    nouns = "cards?|moves?|redeals?|actions?|deals?|games?|steps?|times?"
    bare = re.compile(rf"\{{({counts})\}} ({nouns})\b")
    offenders = {
        key: text for key, text in catalogues.load("en").items() if bare.search(_outside_plurals(text))
    }
    assert not offenders, f"use {{n, plural, one {{# …}} other {{# …s}}}}: {offenders}"


def _outside_plurals(text: str) -> str:
    nodes = messageformat.parse(text)
    return "".join(
        n if isinstance(n, str) else ("{" + n.name + "}" if isinstance(n, messageformat.Arg) else "{…}")
        for n in nodes
    )


@pytest.mark.parametrize(
    ("n", "fr", "el", "en"),
    [
        (0, "0 carte", "0 φύλλα", "0 cards"),
        (1, "1 carte", "1 φύλλο", "1 card"),
        (2, "2 cartes", "2 φύλλα", "2 cards"),
    ],
)
def test_card_counts(n: int, fr: str, el: str, en: str) -> None:
    assert catalogues.message("fr", "count.cards", count=n) == fr
    assert catalogues.message("el", "count.cards", count=n) == el
    assert catalogues.message("en", "count.cards", count=n) == en


def test_the_findings_plurals() -> None:
    assert catalogues.message("en", "ui.redealt", n=1) == "Redealt: 1 redeal left."
    assert catalogues.message("fr", "ui.redeal", n=1) == "Redistribuer (1 restante)"
    assert catalogues.message("el", "ui.redeal", n=1) == "Ανακατανομή (απομένει 1)"
    assert catalogues.message("el", "ui.redeal", n=2) == "Ανακατανομή (απομένουν 2)"
    assert "1 move!" in catalogues.message("en", "ui.won", moves=1)


def test_messages_for_page_scripts_have_no_plural_or_select() -> None:
    """The page's scripts fill `{name}`s themselves and cannot choose a branch or a particle."""
    from sitegen import lessons, live, progress

    keys = set(live.JS_MESSAGES + live.REPLAY_MESSAGES + lessons.LEARN_MESSAGES + progress.PROGRESS_MESSAGES)
    for lang in catalogues.LANGUAGES:
        for key in sorted(keys):
            catalogues.pattern(lang, key)  # ValueError names the message


def test_pattern_keeps_arguments_and_applies_typography() -> None:
    assert catalogues.pattern("fr", "ui.replay-counter").count("{") >= 2
    with pytest.raises(ValueError, match="plural"):
        catalogues.pattern("en", "count.cards")
