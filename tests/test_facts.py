"""sitegen/facts.py: facts of example games as sentences in every language.

The fixtures in tests/fixtures/facts/examples/ are short games played from real codes:
mini-crescent (CR1-N-AAAAAAN): 16>15 puts the A♣ on the K♣, then a redeal, then 3>D- plays the
Q♦ that the redeal brought to the top of pile 3; mini-canfield (CF1-D3-AAAAABI, base card 6♦,
A♠ alone in column 4): 1>2 empties column 1, which the reserve refills with the 9♣.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import catalogues
import engine
from sitegen import facts
from sitegen.markers import MarkerContext

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "facts"
LANGS = catalogues.LANGUAGES  # EXPECTED below needs a sentence in each


@pytest.fixture
def ctx() -> MarkerContext:
    return MarkerContext(path="page.md", lang="en", docs_dir=FIXTURES, root=ROOT)


EXPECTED: dict[str, dict[str, str]] = {
    "mini-crescent.code": dict.fromkeys(LANGS, "`CR1-N-AAAAAAN`"),
    "mini-crescent.length": {
        "en": "2 moves and 1 redeal",
        "ko": "2수, 재배치 1회",
        "el": "2 κινήσεις και 1 ανακατανομή",
        "fr": "2 coups et 1 redistribution",
        "de": "2 Züge und 1 Neuverteilung",
        "es": "2 jugadas y 1 redistribución",
        "ja": "2手、配り直し1回",
    },
    "mini-crescent.ace-on-king": {
        "en": "at move 1, the A♣ of pile 16 goes onto the K♣ of pile 15.",
        "ko": "첫 번째 수에서 16번 더미의 A♣를 15번 더미의 K♣ 위에 놓습니다.",
        "el": "στην 1η κίνηση, ο A♣ της στοίβας 16 μπαίνει πάνω στον K♣ της στοίβας 15.",
        "fr": "au 1er coup, l’A♣ de la pile 16 se pose sur le R♣ de la pile 15.",
        "de": "Im 1. Zug kommt das A♣ von Stapel 16 auf den K♣ von Stapel 15.",
        "es": "en la 1.ª jugada, el A♣ del montón 16 va sobre el K♣ del montón 15.",
        "ja": "1手目で、16番の山のA♣を15番の山のK♣の上に置きます。",
    },
    "mini-crescent.redeal": {
        "en": "in the first redeal of the winning game, pile 3 goes from Q♦ 6♠ 4♠ Q♣ 9♠ 3♥ "
        "(bottom to top) to 6♠ 4♠ Q♣ 9♠ 3♥ Q♦: the Q♦ that was at the bottom is now on top.",
        "ko": "승리 진행의 첫 번째 재배치에서 3번 더미는 Q♦ 6♠ 4♠ Q♣ 9♠ 3♥(맨 아래부터 맨 위 순서)에서 "
        "6♠ 4♠ Q♣ 9♠ 3♥ Q♦으로 바뀝니다. 맨 아래에 있던 Q♦이 이제 맨 위에 놓입니다.",
        "el": "στην πρώτη ανακατανομή της νικηφόρας παρτίδας, η στοίβα 3 από Q♦ 6♠ 4♠ Q♣ 9♠ 3♥ "
        "(από κάτω προς τα πάνω) γίνεται 6♠ 4♠ Q♣ 9♠ 3♥ Q♦: η Q♦ που ήταν κάτω είναι τώρα πάνω.",
        "fr": "lors de la première redistribution de la partie gagnante, la pile 3 passe de "
        "D♦ 6♠ 4♠ D♣ 9♠ 3♥ (de bas en haut) à 6♠ 4♠ D♣ 9♠ 3♥ D♦\u00a0: la D♦, qui était dessous, "
        "est maintenant dessus.",
        "de": "Bei der ersten Neuverteilung der gewonnenen Partie wird Stapel 3 von D♦ 6♠ 4♠ D♣ 9♠ 3♥ "
        "(von unten nach oben) zu 6♠ 4♠ D♣ 9♠ 3♥ D♦: Jetzt liegt die D♦, vorher die unterste "
        "Karte, ganz oben.",
        "es": "en la primera redistribución de la partida ganada, el montón 3 pasa de Q♦ 6♠ 4♠ Q♣ 9♠ "
        "3♥ (de abajo arriba) a 6♠ 4♠ Q♣ 9♠ 3♥ Q♦: la Q♦, que estaba abajo, ahora está encima.",
        "ja": "勝ち筋の最初の配り直しで、3番の山はQ♦ 6♠ 4♠ Q♣ 9♠ 3♥（下から上へ）から"
        "6♠ 4♠ Q♣ 9♠ 3♥ Q♦に変わります。いちばん下にあったQ♦が、いちばん上に来ます。",
    },
    "mini-canfield.length": {
        "en": "2 actions, draws and recycles included",
        "ko": "동작 2개(뽑기와 다시 넘기기 포함)",
        "el": "2 ενέργειες, μαζί με τα τραβήγματα και τις ανακυκλώσεις",
        "fr": "2 actions, pioches et recyclages compris",
        "de": "2 Aktionen, Ziehen und neue Durchgänge eingeschlossen",
        "es": "2 acciones, robos y vueltas al mazo incluidos",
        "ja": "2回の操作（めくりとリサイクルを含む）",
    },
    "mini-canfield.base-card": {
        "en": "In game CF1-D3-AAAAABI the base card is the 6 of diamonds. Each foundation goes up "
        "from the 6 to the king, then continues from the ace to the 5.",
        "ko": "CF1-D3-AAAAABI 게임에서 기초 카드는 다이아몬드 6입니다. 각 파운데이션은 6에서 킹까지 "
        "올라간 다음 에이스에서 5까지 이어집니다.",
        "el": "Στην παρτίδα CF1-D3-AAAAABI το φύλλο βάσης είναι το 6 καρό. Κάθε θεμέλιο ανεβαίνει από "
        "το 6 μέχρι τον Ρήγα και συνεχίζει από τον Άσο μέχρι το 5.",
        "fr": "Dans la partie CF1-D3-AAAAABI, la carte de base est le 6 de carreau. Chaque fondation "
        "commence par le 6, monte jusqu’au roi, puis reprend à l’as et finit par le 5.",
        "de": "Im Spiel CF1-D3-AAAAABI ist die Grundkarte die Karo-6. Jeder Grundstapel hat die 6 "
        "als erste Karte, steigt bis zum König und erreicht dann vom Ass aus zuletzt die 5.",
        "es": "En la partida CF1-D3-AAAAABI, la carta inicial es el 6 de diamantes. Cada base sube "
        "desde el 6 hasta el rey y luego sigue desde el as hasta el 5.",
        "ja": "CF1-D3-AAAAABI のゲームでは、基準札はダイヤの6です。各組札は6からキングまで上がり、"
        "その後エースから5まで続きます。",
    },
    "mini-canfield.column-ace": {
        "en": "So the ace of spades in column 4 cannot start the spade foundation; only the 6 of spades can.",
        "ko": "그래서 4번 열의 스페이드 에이스로는 스페이드 파운데이션을 시작할 수 없고, 스페이드 6만 "
        "시작할 수 있습니다.",
        "el": "Γι’ αυτό ο Άσος μπαστούνι της στήλης 4 δεν μπορεί να ξεκινήσει το θεμέλιο μπαστούνι· "
        "μόνο το 6 μπαστούνι μπορεί.",
        "fr": "Ainsi, l’as de pique de la colonne 4 ne peut pas commencer la fondation de pique\u00a0: "
        "il faut le 6 de pique.",
        "de": "Deshalb kann das Pik-Ass in Spalte 4 den Pik-Grundstapel nicht eröffnen; das kann "
        "nur die Pik-6.",
        "es": "Por eso, el as de picas de la columna 4 no puede empezar la base de picas; solo puede "
        "hacerlo el 6 de picas.",
        "ja": "そのため、4列目のスペードのエースではスペードの組札を始められず、始められるのは"
        "スペードの6だけです。",
    },
    "mini-canfield.column-refill": {
        "en": "At move 1 of the winning game, the 2 of clubs moves from column 1 onto the 3 of "
        "hearts: column 1 empties and the reserve fills it at once with the 9 of clubs.",
        "ko": "이긴 게임의 첫 번째 수에서 1번 열의 클럽 2가 하트 3 위로 이동하면, 1번 열이 비고 "
        "리저브가 클럽 9로 그 열을 채웁니다.",
        "el": "Στην 1η κίνηση της νικηφόρας παρτίδας, το 2 σπαθί της στήλης 1 μετακινείται πάνω στο "
        "3 κούπα: η στήλη 1 αδειάζει και η εφεδρεία τη γεμίζει αμέσως με το 9 σπαθί.",
        "fr": "Au 1er coup de la partie gagnante, le 2 de trèfle de la colonne 1 va sur le 3 de cœur\u00a0: "
        "la colonne 1 se vide et la réserve la remplit aussitôt avec le 9 de trèfle.",
        "de": "Im 1. Zug der gewonnenen Partie kommt die Kreuz-2 aus Spalte 1 auf die Herz-3: "
        "Spalte 1 wird leer, und die Reserve legt sofort die Kreuz-9 hinein.",
        "es": "En la 1.ª jugada de la partida ganada, el 2 de tréboles de la columna 1 va sobre el 3 de "
        "corazones: la columna 1 se vacía y la reserva la llena en el acto con el 9 de tréboles.",
        "ja": "勝ち筋の1手目で、1列目のクラブの2がハートの3の上に移ると、1列目が空になり、"
        "予備札がすぐにクラブの9でその列を埋めます。",
    },
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", sorted(EXPECTED))
def test_fact_sentence(args: str, lang: str, ctx: MarkerContext) -> None:
    assert facts.fact_text(args, lang, ctx) == EXPECTED[args][lang]


@pytest.mark.parametrize("lang", LANGS)
def test_cap_option_capitalises_the_first_letter(lang: str, ctx: MarkerContext) -> None:
    plain = facts.fact_text("mini-crescent.redeal", lang, ctx)
    capped = facts.fact_text("mini-crescent.redeal cap", lang, ctx)
    assert capped == plain[0].upper() + plain[1:]


@pytest.mark.parametrize("lang", LANGS)
def test_reason_quotes_the_apps_message(lang: str, ctx: MarkerContext) -> None:
    for code in ("pile-full", "same-suit", "adjacent-rank", "empty-pile", "base-locked", "no-redeals"):
        assert facts.fact_text(f"reason.{code}", lang, ctx) == catalogues.message(lang, f"reason.{code}")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ("mini-crescent-no-redeal.redeal", ["mini-crescent-no-redeal", "redeal"]),
        ("mini-crescent-deal.ace-on-king", ["mini-crescent-deal", "ace-on-king"]),
        ("mini-crescent.column-ace", ["mini-crescent", "column-ace", "canfield"]),
        ("mini-canfield.redeal", ["mini-canfield", "redeal", "crescent"]),
        ("mini-crescent.no-such-fact", ["mini-crescent", "no-such-fact"]),
        ("no-such-example.code", ["no-such-example", "docs/examples/no-such-example.json"]),
        ("mini-crescent", ["EXAMPLE.KEY"]),
        ("mini-crescent.code loud", ["loud"]),
        ("reason.no-such-reason", ["no-such-reason"]),
    ],
)
def test_missing_fact_is_a_clear_error(args: str, words: list[str], ctx: MarkerContext) -> None:
    with pytest.raises(ValueError, match=re.escape(words[0])) as err:
        facts.fact_text(args, "en", ctx)
    for word in words:
        assert word in str(err.value)


def test_fact_steps(ctx: MarkerContext) -> None:
    # The diagram of a fact shows the position before its action (step = actions before it).
    assert facts.fact_step("mini-crescent.ace-on-king", ctx) == 0
    assert facts.fact_step("mini-crescent.redeal", ctx) == 1
    assert facts.fact_step("mini-canfield.column-refill", ctx) == 0
    assert facts.fact_step("mini-canfield.column-ace", ctx) == 0


def test_factdiagram_names_the_facts_steps(ctx: MarkerContext) -> None:
    assert (
        facts.fact_diagram("mini-crescent.ace-on-king", "en", ctx)
        == "mini-crescent@0 id=fact-mini-crescent-ace-on-king highlight=16>15"
    )
    assert (
        facts.fact_diagram("mini-crescent.redeal", "en", ctx)
        == "mini-crescent@1 id=fact-mini-crescent-redeal fan=3"
    )
    assert (
        facts.fact_diagram("mini-crescent.redeal after", "en", ctx)
        == "mini-crescent@2 id=fact-mini-crescent-redeal-after fan=3"
    )
    assert (
        facts.fact_diagram("mini-canfield.column-ace", "en", ctx)
        == "mini-canfield@0 id=fact-mini-canfield-column-ace highlight=4>S refused"
    )
    assert (
        facts.fact_diagram("mini-canfield.column-refill after", "en", ctx)
        == "mini-canfield@1 id=fact-mini-canfield-column-refill-after"
    )
    with pytest.raises(ValueError, match="no diagram after"):
        facts.fact_diagram("mini-canfield.column-ace after", "en", ctx)
    with pytest.raises(ValueError, match="option"):
        facts.fact_diagram("mini-canfield.column-ace before", "en", ctx)


def test_factdiagram_marker_draws_the_step(ctx: MarkerContext) -> None:
    from sitegen import markers

    html = markers.expand(
        "<!-- factdiagram: mini-crescent.redeal -->\n<!-- factdiagram: mini-crescent.redeal after -->",
        "page.md",
        "ko",
        FIXTURES,
        root=ROOT,
    )
    assert html.count("<figure") == 2
    states = [
        json.loads(s.replace("&#39;", "'").replace("&amp;", "&"))
        for s in re.findall(r"data-state='([^']+)'", html)
    ]
    assert [s["redeals_left"] for s in states] == [3, 2]


def _canfield_record(state: dict[str, Any], moves: list[str]) -> facts.GameRecord:
    game = engine.from_state(state)
    states = [game.state()]
    for move in moves:
        game.play(move)
        states.append(game.state())
    return facts.GameRecord("built", "CF1-D3-AAAAACL", tuple(moves), tuple(states))


def test_refill_by_a_run_of_two_reads_like_the_seed() -> None:
    # The seed's own teaching point: the K♥ with the Q♣ on it goes onto the A♠, its column
    # empties, and the reserve fills it with the Q♠.
    ranks = "A23456789TJQK"
    deck = [r + s for s in "SHDC" for r in ranks]
    placed = {"KH", "QC", "AS", "6C", "QH", "7H", "QS", "JS", "TD"}
    rest = [c for c in deck if c not in placed]
    state = {
        "game": "canfield",
        "draw": 3,
        "base_rank": "7",
        "stock": rest,
        "waste": [],
        "reserve": ["TD", "JS", "QS"],
        "foundations": {"S": [], "H": ["7H"], "D": [], "C": []},
        "columns": [["6C"], ["KH", "QC"], ["QH"], ["AS"]],
        "score": 0,
        "moves": 2,
        "status": "playing",
    }
    record = _canfield_record(state, ["2:2>4"])
    fact = facts.find_fact(record, "column-refill")
    assert fact.message == "facts.cf.refill_two"
    assert facts.sentence(fact, "en") == (
        "At move 3 of the winning game, the king of hearts with the queen of clubs on it moves "
        "onto the ace of spades: column 2 empties and the reserve fills it at once with the "
        "queen of spades."
    )
    assert facts.sentence(fact, "ko") == (
        "이긴 게임의 3번째 수에서 클럽 퀸이 올려진 하트 킹이 스페이드 에이스 위로 이동하면, "
        "2번 열이 비고 리저브가 스페이드 퀸으로 그 열을 채웁니다."
    )
    assert facts.sentence(fact, "el") == (
        "Στην 3η κίνηση της νικηφόρας παρτίδας, ο Ρήγας κούπα με την Ντάμα σπαθί από πάνω "
        "μετακινείται πάνω στον Άσο μπαστούνι: η στήλη 2 αδειάζει και η εφεδρεία τη γεμίζει "
        "αμέσως με την Ντάμα μπαστούνι."
    )
    assert facts.sentence(fact, "fr") == (
        "Au 3e coup de la partie gagnante, le roi de cœur, avec la dame de trèfle dessus, va sur "
        "l’as de pique\u00a0: la colonne 2 se vide et la réserve la remplit aussitôt avec la dame de pique."
    )
    # And the base card of that position: start rank 7, as in the seed's CF1-D3-AAAAACL text.
    base = facts.find_fact(record, "base-card")
    assert facts.sentence(base, "ko").endswith(
        "기초 카드는 하트 7입니다. 각 파운데이션은 7에서 킹까지 올라간 다음 에이스에서 6까지 이어집니다."
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("클럽 2이/가", "클럽 2가"),
        ("하트 3을/를", "하트 3을"),
        ("하트 킹으로/로", "하트 킹으로"),
        ("스페이드 에이스으로/로", "스페이드 에이스로"),
        ("하트 7으로/로", "하트 7로"),  # 칠: a final ㄹ takes 로
        ("A♣이/가", "A♣가"),  # read suit first, rank last: 클럽 에이스
        ("6♦이/가", "6♦이"),  # 다이아몬드 육
        ("2♥이/가", "2♥가"),  # 하트 이
        ("10♠을/를", "10♠을"),  # 스페이드 십
        ("카드 3장({cards})을/를", "카드 3장({cards})을"),  # the word before the parenthesis
        ("파운데이션을/를", "파운데이션을"),
        ("Q♦은/는", "Q♦은"),  # 다이아몬드 퀸
    ],
)
def test_korean_particles(text: str, expected: str) -> None:
    assert facts.resolve_particles(text, "ko") == expected


def test_facts_catalogue_has_the_same_keys_and_placeholders_everywhere() -> None:
    loaded = {}
    for lang in catalogues.LANGUAGES:
        with open(ROOT / "catalogues" / lang / "facts.json", encoding="utf-8") as fh:
            loaded[lang] = json.load(fh)
    reference = loaded["en"]
    for lang, data in loaded.items():
        assert set(data) == set(reference), lang
        for key, text in data.items():
            assert catalogues.placeholders(text) == catalogues.placeholders(reference[key]) or key.startswith(
                ("facts.ordinal.",)
            ), (lang, key)


def test_every_fact_key_used_by_the_finders_exists() -> None:
    # Each finder's message (all variants) must be in the catalogue of every language.
    keys = {
        "facts.code",
        "facts.cr.length",
        "facts.cf.length",
        "facts.cr.ace_on_king",
        "facts.cr.redeal",
        "facts.cf.base_card",
        "facts.cf.base_card_ace",
        "facts.cf.base_card_two",
        "facts.cf.base_card_king",
        "facts.cf.column_ace",
        "facts.cf.refill_one",
        "facts.cf.refill_two",
        "facts.cf.refill_run",
        "facts.cf.refill_to_foundation",
    }
    # The finders are sitegen/fact_finders.py (sitegen/facts.py re-exports them).
    source = (ROOT / "sitegen" / "fact_finders.py").read_text(encoding="utf-8")
    for key in keys:
        assert f'"{key}"' in source, key
        for lang in catalogues.LANGUAGES:
            assert key in catalogues.load(lang), (lang, key)
