"""Card names that agree (issue 22, item 3): catalogues/cardnames.py against a table written
per language (tests/golden/card_phrases/<lang>.json: every card in every role, full name and
short label, and every rank alone), every message that names a card through it, and no generated
sentence with the calques the language reviews listed (« la carte as de cœur », «la carta 9 de
tréboles», «στο Ρήγας», „lag Kreuz-Dame frei“, „하트 에이스 카드를“).

The golden tables were typed per rank and case (French elision, German case endings, Greek
declension and final ν), not produced by the module: a change to a rank's gender or form in
cardnames.py shows up here as a difference to review.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import catalogues
from catalogues import cardnames, messageformat

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "card_phrases"
RANKS = "A23456789TJQK"
SUITS = "SHDC"
CARDS = [r + s for r in RANKS for s in SUITS]


def _golden(lang: str) -> dict:
    return json.loads((GOLDEN / f"{lang}.json").read_text(encoding="utf-8"))


# ---- the role table -----------------------------------------------------------------------------


def test_every_language_has_a_golden_table_and_a_grammar() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(catalogues.LANGUAGES)
    assert set(cardnames.ROLES) == set(catalogues.LANGUAGES)


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_card_in_every_role_reads_as_the_table(lang: str) -> None:
    table = _golden(lang)
    assert set(table["long"]) == set(cardnames.ROLE_NAMES)
    wrong = {}
    for role in cardnames.ROLE_NAMES:
        for card in CARDS:
            for form, short in (("long", False), ("short", True)):
                got = catalogues.card_phrase(lang, card, role, short=short)
                if got != table[form][role][card]:
                    wrong[(form, role, card)] = (got, table[form][role][card])
        for rank in RANKS:
            got = catalogues.rank_phrase(lang, rank, role)
            if got != table["rank"][role][rank]:
                wrong[("rank", role, rank)] = (got, table["rank"][role][rank])
    assert not wrong, wrong


def test_a_phrase_in_a_message() -> None:
    fr = messageformat.parse(
        "Posez {card, card, acc} {target, card, on} : {card, gender, f {elle} other {il}}"
    )
    out = messageformat.render(
        fr,
        {"card": "AH", "target": "KH"},
        category=lambda n: "other",
        number=str,
        formatter=lambda kind, style, value: cardnames.format_value(
            catalogues.message, "fr", kind, style, value
        ),
    )
    assert out == "Posez l’as de cœur sur le roi de cœur : il"
    assert catalogues.card_phrase("de", "9C", "nom", cap=True) == "Die Kreuz-9"
    assert cardnames.gender("el", "QH") == "f" and cardnames.gender("fr", "AS") == "m"


@pytest.mark.parametrize(
    ("style", "error"),
    [("", "needs a style"), ("onto", "unknown: onto"), ("on acc", "one role"), ("short", "one role")],
)
def test_a_bad_style_is_a_clear_error(style: str, error: str) -> None:

    def check(style: str) -> None:
        nodes = messageformat.parse("{card, card" + (", " + style if style else "") + "}")
        for node in messageformat.formatted(nodes):
            cardnames.check_style("en", node.kind, node.style)

    with pytest.raises((ValueError, messageformat.MessageSyntaxError), match=error):
        check(style)


def test_a_value_that_is_no_card_is_named() -> None:
    with pytest.raises(ValueError, match="'x' is not a card"):
        catalogues.card_phrase("fr", "x", "acc")


# ---- every message that names a card ------------------------------------------------------------


def _card_keys() -> dict[str, dict[str, str]]:
    """key -> {argument: kind} for every message that names a card in some language."""
    out: dict[str, dict[str, str]] = {}
    for lang in catalogues.LANGUAGES:
        for key in catalogues.load(lang):
            found = catalogues.card_arguments(lang, key)
            if found:
                out.setdefault(key, {}).update(found)
    return out


CARD_KEYS = _card_keys()


def test_the_card_naming_templates_are_found() -> None:
    # The lessons (21 goals and results), the commentary (21), the facts (11), the hint and the
    # move captions (13).
    assert len(CARD_KEYS) >= 67, sorted(CARD_KEYS)
    assert {
        "learn.lesson.cr-wrap.goal",
        "commentary.cr.wrap",
        "facts.cf.refill_two",
        "play.hint.move",
        "caption.cr.to_pile",
    } <= set(CARD_KEYS)


def _plain_uses(nodes: tuple, names: set[str]) -> set[str]:
    """Names of `names` that the message writes as a plain `{name}` (or counts with a plural)."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, messageformat.Arg) and node.name in names:
            found.add(node.name)
        elif isinstance(node, messageformat.Plural):
            if node.name in names:
                found.add(node.name)
            for _, body in node.branches:
                found |= _plain_uses(body, names)
        elif isinstance(node, messageformat.Select):
            if node.kind != "gender" and node.name in names:
                found.add(node.name)
            for _, body in node.branches:
                found |= _plain_uses(body, names)
    return found


def test_a_card_argument_is_named_by_the_grammar_in_every_language() -> None:
    """A card passed as a code must never be printed raw: where one language names an argument
    as a card, every language names it so (a plain `{card}` would print "QH")."""
    bad = {}
    for key, kinds in CARD_KEYS.items():
        for lang in catalogues.LANGUAGES:
            plain = _plain_uses(catalogues.parsed(lang, key), set(kinds))
            if plain:
                bad[(lang, key)] = sorted(plain)
    assert not bad, bad


def _params(lang: str, key: str, card: str) -> dict[str, object]:
    nodes = catalogues.parsed(lang, key)
    params: dict[str, object] = dict.fromkeys(catalogues.placeholders(catalogues.load(lang)[key]), "X")
    params |= {b.name: 3 for b in messageformat.plural_blocks(nodes)}
    params |= {name: card if kind == "card" else card[0] for name, kind in CARD_KEYS[key].items()}
    return params


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_every_card_naming_template_says_the_table_phrase_for_every_card(lang: str) -> None:
    table = _golden(lang)
    wrong = []
    for key in sorted(CARD_KEYS):
        nodes = catalogues.parsed(lang, key)
        for card in CARDS:
            out = catalogues.message(lang, key, **_params(lang, key, card))
            for node in messageformat.formatted(nodes):
                role, flags = cardnames.check_style(lang, node.kind, node.style)
                if node.kind == "rank":
                    want = table["rank"][role][card[0]]
                else:
                    want = table["short" if "short" in flags else "long"][role][card]
                if "cap" in flags:
                    want = want[:1].upper() + want[1:]
                if want not in out:
                    wrong.append((key, card, want, out))
            if re.search(r"(?<![A-Za-z0-9])[AKQJT2-9][SHDC](?![A-Za-z])", out):
                wrong.append((key, card, "a raw card code", out))
    assert not wrong, wrong[:5]


# ---- no calque in a generated sentence ----------------------------------------------------------

# A card's name, long or short, per language; each must follow an article (or, in Korean and
# Japanese, stand without the calque "카드"/its own particle).
_SHORT = r"(?:10|[2-9AKQJDRVB])[♠♥♦♣]"
_CORE = {
    "fr": rf"(?:(?:as|[2-9]|10|valet|dame|roi) de (?:pique|cœur|carreau|trèfle)|{_SHORT})",
    "es": rf"(?:(?:as|[2-9]|10|jota|reina|rey) de (?:picas|corazones|diamantes|tréboles)|{_SHORT})",
    "de": rf"(?:(?:Pik|Herz|Karo|Kreuz)-(?:Ass|Asses|[2-9]|10|Bube|Buben|Dame|König|Königs)|{_SHORT})",
    "el": (
        r"(?:(?:Άσος|Άσο|Άσου|[2-9]|10|Βαλές|Βαλέ|Ντάμα|Ντάμας|Ρήγας|Ρήγα)"
        rf" (?:μπαστούνι|κούπα|καρό|σπαθί)|{_SHORT})"
    ),
}
_ARTICLE = {
    "fr": r"(?:\b[Ll]e |\b[Ll]a |\b[Ll]’|\b[Dd]u |\b[Aa]u )$",
    "es": r"(?:\b[Ee]l |\b[Ll]a |\bdel |\bal )$",
    "de": r"(?:\b[Dd](?:er|ie|as|en|em|es) )$",
    "el": r"(?:\b(?:[οΟ]|[ηΗ]|[τΤ]ο|[τΤ]ον|[τΤ]ην|[τΤ]ου|[τΤ]ης|στο|στον|στην) )$",
}
_QUOTED = re.compile(r"«[^»]*»|„[^“]*“|“[^”]*”|‘[^’]*’|「[^」]*」")
CALQUES = {
    "fr": [r"\bla carte (?:as|[2-9]|10|valet|dame|roi)\b"],
    "es": [r"\bla carta (?:as|[2-9]|10|jota|reina|rey)\b"],
    "de": [r"\bKarte (?:Pik|Herz|Karo|Kreuz)-", r"-mal Ziehen\b"],
    "el": [
        r"\b(?:[Ττ]ο|στο) (?:Άσος|Ρήγας|Ρήγα|Βαλές|Ντάμα)\b",
        r"φύλλο (?:Άσος|Ρήγας|Βαλές|Ντάμα|[2-9]|10) ",
        r"\bτη Ντάμα",
    ],
    "ko": [r"(?:스페이드|하트|다이아몬드|클럽) (?:에이스|킹|퀸|잭|10|[2-9]) 카드", r"[0-9AJQK]+[♠♥♦♣] 카드"],
    "ja": [r"その組札", r"このめくりで"],
    "en": [r"\bthe the\b"],
}


def calques(lang: str, text: str, label: bool = False) -> list[str]:
    """What in `text` reads as a calque of a card name: a listed pattern, or a card's name (full
    or short) with no article where the language needs one (not in a `label`: a move's caption
    is move-list notation, "A♠ de la pile 10 sur R♠ de la pile 14")."""
    found = [m.group(0) for p in CALQUES.get(lang, []) for m in re.finditer(p, text)]
    core = _CORE.get(lang)
    if core and not label:
        # A move quoted as the board captions it (« 6♣ de la défausse sur 5♣ … ») is a label in
        # the notation of the move list, not running text: its cards go without articles.
        prose = _QUOTED.sub(lambda m: "\u2026" * len(m.group(0)), text)
        for m in re.finditer(core, prose):
            if not re.search(_ARTICLE[lang], prose[: m.start()]):
                found.append(m.group(0))
    return found


@pytest.mark.parametrize(
    ("lang", "text"),
    [  # the reviews' own examples (fr-es-en.md, el-de.md, ko-ja.md)
        ("fr", "Posez la carte as de cœur sur la carte roi de cœur."),
        ("fr", "Les fondations qui commencent par un roi descendent : valet de cœur suit dame de cœur."),
        ("es", "Ponga la carta 9 de tréboles donde pueda ir."),
        ("el", "Βάλτε το φύλλο Άσος κούπα πάνω στο Ρήγας κούπα."),
        ("el", "…μετά από 3 τραβήγματα ήταν το Ρήγας καρό."),
        ("de", "Als die Karte Kreuz-6 wegging, lag Kreuz-Dame frei und konnte auf ihren Ablagestapel."),
        ("de", "Gleiche Farbe, ein Wert Abstand: Kreuz-9 liegt jetzt auf Kreuz-10, auf Stapel 5."),
        ("ko", "목표: 15번 더미의 마지막 카드인 다이아몬드 7 카드를 완성 더미로 옮기세요."),
        ("ja", "このめくりで3♠が出て、次にその組札に置かれます。"),
    ],
)
def test_the_calque_check_catches_the_reviewed_defects(lang: str, text: str) -> None:
    assert calques(lang, text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Posez l’as de cœur sur le roi de cœur : la dame de trèfle suit."),
        ("de", "Gleiche Farbe: Die Kreuz-9 liegt jetzt auf der Kreuz-10."),
        ("el", "Βάλτε τον Άσο κούπα πάνω στον Ρήγα κούπα."),
        ("es", "El 9 de tréboles va sobre el 10 de tréboles."),
    ],
)
def test_the_calque_check_passes_native_sentences(lang: str, text: str) -> None:
    assert not calques(lang, text)


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_no_card_naming_template_makes_a_calque(lang: str) -> None:
    bad = {}
    for key in sorted(CARD_KEYS):
        for card in CARDS:
            out = catalogues.message(lang, key, **_params(lang, key, card))
            found = calques(lang, out, label=key.startswith("caption."))
            if found:
                bad[(key, card)] = (found, out)
    assert not bad, list(bad.items())[:5]


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_no_lesson_or_commentary_text_makes_a_calque(lang: str) -> None:
    """The texts the build shows: every lesson's title, goal and result, and every note of every
    stored example's replay."""
    from sitegen import commentary
    from sitegen.lessons import _params as lesson_params
    from sitegen.lessons import load_lesson
    from sitegen.sources import load_example

    docs = ROOT / "docs"
    texts = []
    for path in sorted((docs / "lessons").glob("*.json")):
        lesson = load_lesson(docs, path.stem, ROOT)
        for key in lesson.text.values():
            texts.append(catalogues.message(lang, key, **lesson_params(lesson.params, lang, lesson.game)))
    for path in sorted((docs / "examples").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        example = load_example(docs, path.stem, ROOT)
        winning = load_example(docs, data["winning"], ROOT) if isinstance(data.get("winning"), str) else None
        for text in commentary.step_texts(example, lang, data, winning):
            if text:
                texts.append(text)
    assert len(texts) > 13 * 3
    bad = [(t, calques(lang, t)) for t in texts if calques(lang, t)]
    assert not bad, bad[:5]
