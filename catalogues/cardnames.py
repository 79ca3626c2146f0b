"""A card's noun phrase in each grammatical role, per language: the one place that knows that
French says « l’as de cœur » but « sur le roi de cœur », German „auf die Herz-Dame“ but „auf
der Herz-Dame“, Greek «τον Ρήγα κούπα» and «πάνω στην Ντάμα κούπα».

A message names a card with a formatted argument (catalogues/messageformat.py):

    {card, card, acc}         the card's full name in the role `acc`: "the ace of hearts"
    {target, card, on short}  its short label in the role `on`: "onto the K♥", « sur le R♥ »
    {start, rank, acc}        a rank alone: "the 7", « l’as », „den König“, «τον Ρήγα»
    {card, card, nom cap}     first letter upper-cased (German after a colon: „: Die Kreuz-9 …“)
    {card, gender, f {elle} other {il}}   a pronoun that agrees with the card (m, f, n)

The caller passes the engine's code ("QH", or a rank "Q" for `rank`); the translator picks the
role the sentence needs, so the argument names stay the same in every language while the case
and article are each language's own. Roles (every language defines all of them; where its
grammar does not tell two apart they read the same):

    bare  no article ("ace of hearts", lists, appositions after a label)
    nom   subject, definite article            the / le / el / der / ο
    acc   direct object, definite article      the / le / el / den / τον
    gen   "of the card"                        of the / du / del / des / του
    dat   "to the card"                        to the / au / al / dem / στον
    on    onto the card (movement)             onto the / sur le / sobre el / auf den / πάνω στον
    at    on the card (where it lies)          on the / sur le / sobre el / auf dem / πάνω στον

Korean particles stay in the message, written after the argument (`{card, card, bare}을/를`),
and are chosen by the phrase as read (catalogues/korean.py). Japanese needs no article; `on`
and `at` add の上 ("ハートのキングの上").

The data per language: `GENDER` (m, f, n per rank: the article's choice), `ELIDED` (ranks
that take the elided article, French l’as), `FORMS` (a rank's
name in a case when it differs from core.json's `rank.*`: Greek Άσο, German Buben), `ROLES`
(the pattern per role and gender, `{card}` the name in the role's case) and `CASE` (the case of
the rank's name a role takes). Rank and suit names themselves are core.json's `rank.*`,
`suit.*`, `card` and `rank_short.*`, so a diagram and a sentence never spell a card two ways.

Standard library only (Pyodide).
"""

from __future__ import annotations

from collections.abc import Callable

__all__ = ["KINDS", "ROLES", "ROLE_NAMES", "check_style", "format_value", "gender", "phrase", "rank_phrase"]

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
ROLE_NAMES = ("bare", "nom", "acc", "gen", "dat", "on", "at")
FLAGS = ("short", "cap")
KINDS = ("card", "rank")

_NUMBERS = "23456789T"


def _genders(**by_rank: str) -> dict[str, str]:
    """A gender letter per rank; `n` for the numbers unless given (`numbers=`)."""
    numbers = by_rank.pop("numbers")
    out = dict.fromkeys(_NUMBERS, numbers)
    out.update(by_rank)
    return out


def _same(pattern: str, genders: str) -> dict[str, str]:
    return dict.fromkeys(genders, pattern)


# ---- the tables ---------------------------------------------------------------------------------

GENDER: dict[str, dict[str, str]] = {
    # English: one article for all.
    "en": _genders(numbers="-", A="-", J="-", Q="-", K="-"),
    # French: le 7, le roi, le valet, la dame; l’as (ELIDED).
    "fr": _genders(numbers="m", A="m", J="m", Q="f", K="m"),
    # Spanish: el as, el rey, el 7; la jota, la reina.
    "es": _genders(numbers="m", A="m", J="f", Q="f", K="m"),
    # German: die Sieben (numbers are feminine), die Dame; der König, der Bube; das Ass.
    "de": _genders(numbers="f", A="n", J="m", Q="f", K="m"),
    # Greek: ο Άσος, ο Βαλές, ο Ρήγας; η Ντάμα; το 7 (το επτά).
    "el": _genders(numbers="n", A="m", J="m", Q="f", K="m"),
    "ko": _genders(numbers="-", A="-", J="-", Q="-", K="-"),
    "ja": _genders(numbers="-", A="-", J="-", Q="-", K="-"),
}

# Ranks whose name begins with a vowel sound, where the article is elided: their role pattern
# is the one under "v" (French l’as; « le huit » keeps its article, h aspiré).
ELIDED: dict[str, str] = {"fr": "A"}

# A rank's name in a case, where it is not core.json's rank.* (the nominative).
FORMS: dict[str, dict[str, dict[str, str]]] = {
    "de": {
        "acc": {"J": "Buben"},
        "dat": {"J": "Buben"},
        "gen": {"J": "Buben", "K": "Königs", "A": "Asses"},
    },
    "el": {
        "acc": {"A": "Άσο", "J": "Βαλέ", "K": "Ρήγα"},
        "gen": {"A": "Άσου", "J": "Βαλέ", "K": "Ρήγα", "Q": "Ντάμας"},
    },
}

# The case of the rank's name each role takes.
CASE: dict[str, dict[str, str]] = {
    "de": {"bare": "nom", "nom": "nom", "acc": "acc", "gen": "gen", "dat": "dat", "on": "acc", "at": "dat"},
    # Greek: σε takes the accusative (στον Ρήγα, πάνω στον Ρήγα).
    "el": {"bare": "nom", "nom": "nom", "acc": "acc", "gen": "gen", "dat": "acc", "on": "acc", "at": "acc"},
}

ROLES: dict[str, dict[str, dict[str, str]]] = {
    "en": {
        "bare": _same("{card}", "-"),
        "nom": _same("the {card}", "-"),
        "acc": _same("the {card}", "-"),
        "gen": _same("of the {card}", "-"),
        "dat": _same("to the {card}", "-"),
        "on": _same("onto the {card}", "-"),
        "at": _same("on the {card}", "-"),
    },
    "fr": {
        "bare": _same("{card}", "mfv"),
        "nom": {"m": "le {card}", "f": "la {card}", "v": "l’{card}"},
        "acc": {"m": "le {card}", "f": "la {card}", "v": "l’{card}"},
        "gen": {"m": "du {card}", "f": "de la {card}", "v": "de l’{card}"},
        "dat": {"m": "au {card}", "f": "à la {card}", "v": "à l’{card}"},
        "on": {"m": "sur le {card}", "f": "sur la {card}", "v": "sur l’{card}"},
        "at": {"m": "sur le {card}", "f": "sur la {card}", "v": "sur l’{card}"},
    },
    "es": {
        "bare": _same("{card}", "mf"),
        "nom": {"m": "el {card}", "f": "la {card}"},
        "acc": {"m": "el {card}", "f": "la {card}"},
        "gen": {"m": "del {card}", "f": "de la {card}"},
        "dat": {"m": "al {card}", "f": "a la {card}"},
        "on": {"m": "sobre el {card}", "f": "sobre la {card}"},
        "at": {"m": "sobre el {card}", "f": "sobre la {card}"},
    },
    "de": {
        "bare": _same("{card}", "mfn"),
        "nom": {"m": "der {card}", "f": "die {card}", "n": "das {card}"},
        "acc": {"m": "den {card}", "f": "die {card}", "n": "das {card}"},
        "gen": {"m": "des {card}", "f": "der {card}", "n": "des {card}"},
        "dat": {"m": "dem {card}", "f": "der {card}", "n": "dem {card}"},
        "on": {"m": "auf den {card}", "f": "auf die {card}", "n": "auf das {card}"},
        "at": {"m": "auf dem {card}", "f": "auf der {card}", "n": "auf dem {card}"},
    },
    "el": {
        # την/στην keep their ν before Ντάμα (ντ), the only feminine rank; τον always keeps it.
        "bare": _same("{card}", "mfn"),
        "nom": {"m": "ο {card}", "f": "η {card}", "n": "το {card}"},
        "acc": {"m": "τον {card}", "f": "την {card}", "n": "το {card}"},
        "gen": {"m": "του {card}", "f": "της {card}", "n": "του {card}"},
        "dat": {"m": "στον {card}", "f": "στην {card}", "n": "στο {card}"},
        "on": {"m": "πάνω στον {card}", "f": "πάνω στην {card}", "n": "πάνω στο {card}"},
        "at": {"m": "πάνω στον {card}", "f": "πάνω στην {card}", "n": "πάνω στο {card}"},
    },
    # Korean: no article; the message writes the particle after the argument.
    "ko": {role: _same("{card}", "-") for role in ROLE_NAMES},
    # Japanese: no article; on/at name the place on top of the card.
    "ja": {
        **{role: _same("{card}", "-") for role in ("bare", "nom", "acc", "gen", "dat")},
        "on": _same("{card}の上", "-"),
        "at": _same("{card}の上", "-"),
    },
}


# ---- formatting ---------------------------------------------------------------------------------


# The catalogues' message lookup, catalogues.message(lang, key, **params), passed in by the
# package (which imports this module: importing it back would close an import circle).
Message = Callable[..., str]


def check_style(lang: str, kind: str, style: str) -> tuple[str, frozenset[str]]:
    """(role, flags) of a formatted argument's style ("on short"); ValueError naming what is
    wrong: an unknown kind, role or flag, or no role."""
    if kind not in KINDS:
        raise ValueError(f"unknown argument type {kind!r} (known: {', '.join(KINDS)})")
    if lang not in ROLES:
        raise ValueError(f"no card grammar for language {lang!r} (catalogues/cardnames.py)")
    words = style.split()
    roles = [w for w in words if w in ROLE_NAMES]
    flags = frozenset(w for w in words if w in FLAGS)
    unknown = [w for w in words if w not in ROLE_NAMES and w not in FLAGS]
    if unknown or len(roles) != 1:
        raise ValueError(
            f"{{…, {kind}, {style}}}: the style must be one role of {', '.join(ROLE_NAMES)}"
            f" and optionally {' / '.join(FLAGS)}" + (f"; unknown: {', '.join(unknown)}" if unknown else "")
        )
    if kind == "rank" and "short" in flags:
        raise ValueError(f"{{…, rank, {style}}}: a rank has no short form")
    return roles[0], flags


def _rank_name(message: Message, lang: str, rank: str, case: str) -> str:
    form = FORMS.get(lang, {}).get(case, {}).get(rank)
    return form if form is not None else message(lang, f"rank.{rank}")


def _apply(lang: str, rank: str, role: str, name: str, cap: bool) -> str:
    key = "v" if rank in ELIDED.get(lang, "") else GENDER[lang][rank]
    text = ROLES[lang][role][key].replace("{card}", name)
    return text[:1].upper() + text[1:] if cap else text


def phrase(
    message: Message, lang: str, card: str, role: str = "bare", *, short: bool = False, cap: bool = False
) -> str:
    """The card `card` ("QH") as `role` needs it in `lang`: phrase("fr", "AH", "on") is
    « sur l’as de cœur »; short=True uses the label (« sur l’A♥ »)."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS or card[1] not in SUITS:
        raise ValueError(f"{card!r} is not a card (rank of {RANKS}, then suit of {SUITS})")
    if role not in ROLE_NAMES:
        raise ValueError(f"unknown card role {role!r} (known: {', '.join(ROLE_NAMES)})")
    rank, suit = card[0], card[1]
    if short:
        name = message(lang, "rank_short." + rank) + SUIT_SYMBOL[suit]
    else:
        case = CASE.get(lang, {}).get(role, "nom")
        name = message(
            lang, "card", rank=_rank_name(message, lang, rank, case), suit=message(lang, f"suit.{suit}")
        )
    return _apply(lang, rank, role, name, cap)


def rank_phrase(message: Message, lang: str, rank: str, role: str = "bare", *, cap: bool = False) -> str:
    """A rank alone ("7", "K") as `role` needs it: rank_phrase("el", "K", "acc") is «τον Ρήγα»."""
    if not isinstance(rank, str) or len(rank) != 1 or rank not in RANKS:
        raise ValueError(f"{rank!r} is not a rank (one of {RANKS})")
    if role not in ROLE_NAMES:
        raise ValueError(f"unknown card role {role!r} (known: {', '.join(ROLE_NAMES)})")
    case = CASE.get(lang, {}).get(role, "nom")
    return _apply(lang, rank, role, _rank_name(message, lang, rank, case), cap)


def gender(lang: str, value: str) -> str:
    """The grammatical gender of a card ("QH") or rank ("Q") in `lang`: "m", "f", "n", or "-"
    where the language has none (a `{card, gender, …}` select then takes `other`)."""
    rank = value[0] if isinstance(value, str) and value else ""
    if rank not in RANKS or len(value) > 2 or (len(value) == 2 and value[1] not in SUITS):
        raise ValueError(f"{value!r} is not a card or a rank")
    return GENDER[lang][rank]


def format_value(message: Message, lang: str, kind: str, style: str, value: object) -> str:
    """A formatted argument's text: `{name, card, style}` or `{name, rank, style}`, or the
    gender a `{name, gender, …}` select picks its branch by."""
    if kind == "gender":
        return gender(lang, value)  # type: ignore[arg-type]
    role, flags = check_style(lang, kind, style)
    if kind == "card":
        return phrase(message, lang, value, role, short="short" in flags, cap="cap" in flags)  # type: ignore[arg-type]
    return rank_phrase(message, lang, value, role, cap="cap" in flags)  # type: ignore[arg-type]
