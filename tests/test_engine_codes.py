"""Game codes: parsing, normalisation, every CodeError reason, deal numbers, the PRNG and the
shuffle checked against an independent re-implementation of engine/CODES.md, golden deals."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

import engine
from engine.codes import DEAL_COUNT, deal_letters
from engine.prng import SplitMix64
from tests.engine_support import RefSplitMix64, ref_deal, ref_seed, ref_shuffled

ROOT = Path(__file__).resolve().parent.parent
GOLDEN_DEALS = sorted((ROOT / "tests" / "golden" / "deals").glob("*.json"))
CODES_MD = ROOT / "engine" / "CODES.md"


# --- parsing and normalisation -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("CR1-N-AAAAAAB", "CR1-N-AAAAAAB"),
        (" cf1-d3-aaaaacl ", "CF1-D3-AAAAACL"),
        ("\tCf1-D1-qwertyu\n", "CF1-D1-QWERTYU"),
        ("cr1-n-zzzzzzz", "CR1-N-ZZZZZZZ"),
    ],
)
def test_code_is_trimmed_and_upper_cased(text: str, normal: str) -> None:
    assert engine.normalise_code(text) == normal
    assert str(engine.parse_code(text)) == normal
    game = engine.new_game(text)
    assert game.code == normal and game.state()["code"] == normal
    assert game.state() == engine.new_game(normal).state()


def test_code_parts() -> None:
    code = engine.parse_code("CF1-D1-AAAAACL")
    assert (code.prefix, code.version, code.options, code.deal) == ("CF", "1", "D1", 63)
    assert code.game == "canfield"
    assert engine.parse_code("CR1-N-AAAAAAB").game == "crescent"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "code-format"),
        ("CR1N-AAAAAAB", "code-format"),
        ("CR1-N", "code-format"),
        ("CR1-N-AAAAAAB-X", "code-format"),
        ("CR1-N-AAAAAAB ", None),  # trailing space is trimmed: fine
        (" - - ", "code-format"),
        ("XX1-N-AAAAAAB", "unknown-game"),
        ("FC1-D3-AAAAAAB", "unknown-game"),
        ("CR2-N-AAAAAAB", "unknown-version"),
        ("CF0-D3-AAAAAAB", "unknown-version"),
        ("CR1-D3-AAAAAAB", "unknown-options"),
        ("CF1-N-AAAAAAB", "unknown-options"),
        ("CF1-D2-AAAAAAB", "unknown-options"),
        ("CR1-F-AAAAAAB", None),  # Crescent Four (issue 24)
        ("CR1-HF-AAAAAAB", "unknown-options"),  # Crescent's options are rows: FH, not HF
        ("CF1-D3KK-AAAAAAB", "unknown-options"),  # a letter twice
        ("CF1-D3GW-AAAAAAB", "unknown-options"),  # two rules on runs at once
        ("CF1-D1P0-AAAAAAB", "unknown-options"),  # passes are 1 to 9
        ("CF1-D1P-AAAAAAB", "unknown-options"),
        ("CF1-D3X-AAAAAAB", "unknown-options"),
        ("CF1-D3WK-AAAAAAB", None),  # letters in any order (normalised to D3KW)
        ("CR1-N-AAAAAB", "deal-length"),
        ("CR1-N-AAAAAAAB", "deal-length"),
        ("CR1-N-", "deal-length"),
        ("CR1-N-AAAAAA1", "deal-character"),
        ("CR1-N-AAA AAA", "deal-character"),
        ("CF1-D3-ÄAAAAAA", "deal-character"),
    ],
)
def test_code_error_reasons(text: str, reason: str | None) -> None:
    if reason is None:
        engine.parse_code(text)
        return
    with pytest.raises(engine.CodeError) as error:
        engine.new_game(text)
    assert error.value.reason == reason
    assert error.value.code == text
    assert isinstance(error.value, ValueError)


def test_every_code_reason_is_listed_and_reachable() -> None:
    reached = set()
    for text in ("nonsense", "XX1-N-AAAAAAB", "CR9-N-AAAAAAB", "CR1-Q-AAAAAAB", "CR1-N-AB", "CR1-N-AAAAAA!"):
        with pytest.raises(engine.CodeError) as error:
            engine.parse_code(text)
        reached.add(error.value.reason)
    assert reached == set(engine.CODE_REASONS)
    assert set(engine.CODE_REASONS) <= set(engine.REASONS)


@pytest.mark.parametrize("value", [None, 123, b"CR1-N-AAAAAAB", ["CR1-N-AAAAAAB"]])
def test_code_that_is_not_text_is_a_code_error(value: object) -> None:
    with pytest.raises(engine.CodeError) as error:
        engine.new_game(value)  # type: ignore[arg-type]
    assert error.value.reason == "code-format"


@pytest.mark.parametrize("text", ["CR1-N-AAAAAAı", "CR1-N-AAAAAAß", "CF1-D3-AAAAAAﬀ"])
def test_code_non_ascii_letters_are_refused_not_folded(text: str) -> None:
    # Only ASCII a-z are upper-cased: "ı".upper() is "I" and "ß".upper() is "SS" in Python,
    # which would turn a mistyped code into another deal (or another length).
    with pytest.raises(engine.CodeError) as error:
        engine.parse_code(text)
    assert error.value.reason == "deal-character"


# --- deal numbers ------------------------------------------------------------------------------
def test_deal_number_boundaries() -> None:
    assert engine.parse_code("CR1-N-AAAAAAA").deal == 0
    assert engine.parse_code("CR1-N-AAAAAAB").deal == 1
    assert engine.parse_code("CR1-N-AAAAABA").deal == 26
    assert engine.parse_code("CF1-D3-AAAAACL").deal == 2 * 26 + 11 == 63
    assert engine.parse_code("CR1-N-ZZZZZZZ").deal == 26**7 - 1 == DEAL_COUNT - 1 == 8_031_810_175
    for text in ("CR1-N-AAAAAAA", "CR1-N-ZZZZZZZ", "CF1-D3-AAAAAAA", "CF1-D1-ZZZZZZZ"):
        assert engine.new_game(text).state() == ref_deal(text)


@settings(max_examples=60, deadline=None)
@given(hst.integers(0, DEAL_COUNT - 1), hst.sampled_from(["CR1-N", "CF1-D3", "CF1-D1"]))
def test_deal_number_round_trip(number: int, head: str) -> None:
    letters = deal_letters(number)
    assert re.fullmatch("[A-Z]{7}", letters)
    code = engine.parse_code(f"{head}-{letters}")
    assert code.deal == number and str(code) == f"{head}-{letters}"
    assert str(engine.parse_code(str(code).lower())) == str(code)


# --- the PRNG and the shuffle against CODES.md -------------------------------------------------
def test_codes_md_exists_and_its_test_vectors_hold() -> None:
    text = CODES_MD.read_text(encoding="utf-8")
    rows = re.findall(
        r"\|\s*(0x[0-9A-Fa-f]{16})\s*\|\s*(0x[0-9a-fA-F]{16})\s*\|\s*(0x[0-9a-fA-F]{16})"
        r"\s*\|\s*(0x[0-9a-fA-F]{16})\s*\|",
        text,
    )
    assert len(rows) >= 2
    for seed, *outputs in rows:
        ref, eng = RefSplitMix64(int(seed, 16)), SplitMix64(int(seed, 16))
        expected = [int(o, 16) for o in outputs]
        assert [ref.next() for _ in range(3)] == expected
        assert [eng.next64() for _ in range(3)] == expected


def test_codes_md_seeds_and_worked_examples() -> None:
    text = CODES_MD.read_text(encoding="utf-8")
    assert ref_seed("CR1-N-AAAAAAB") == 0x4352310000000001 and "0x4352310000000001" in text
    assert ref_seed("CF1-D3-AAAAACL") == 0x434631000000003F and "0x434631000000003F" in text
    assert ref_shuffled("CR1-N-AAAAAAB")[:18] == [
        "AC",
        "6S",
        "7C",
        "QD",
        "JC",
        "8D",
        "7D",
        "6S",
        "8S",
        "5H",
        "3C",
        "KD",
        "JH",
        "JS",
        "KS",
        "TH",
        "9S",
        "9H",
    ]
    order = ref_shuffled("CF1-D3-AAAAACL")
    assert order[:18] == [
        "2C",
        "TD",
        "7S",
        "AH",
        "QS",
        "9H",
        "AD",
        "KH",
        "TC",
        "6S",
        "2D",
        "7C",
        "8C",
        "4C",
        "5D",
        "8H",
        "TH",
        "7H",
    ]
    assert order[-1] == "JC" and order[18:21] == ["7D", "JH", "TS"]
    state = engine.new_game("CF1-D3-AAAAACL").state()
    assert state["base_rank"] == "4" and state["stock"][-1] == "JC"
    assert state["columns"] == [["5D"], ["8H"], ["TH"], ["7H"]] and state["reserve"][-1] == "8C"


@settings(max_examples=40, deadline=None)
@given(hst.integers(0, 2**64 - 1), hst.integers(1, 200))
def test_prng_matches_the_specification(seed: int, n: int) -> None:
    ref, eng = RefSplitMix64(seed), SplitMix64(seed)
    assert [ref.next() for _ in range(5)] == [eng.next64() for _ in range(5)]
    assert [ref.below(n) for _ in range(20)] == [eng.below(n) for _ in range(20)]


def test_prng_below_rejects_the_biased_tail() -> None:
    # With n = 2**63 + 1 almost half the outputs fall in the rejected tail: below() must
    # skip them (not fold them with %), exactly as the specification says.
    n = 2**63 + 1
    ref, eng = RefSplitMix64(7), SplitMix64(7)
    assert [ref.below(n) for _ in range(50)] == [eng.below(n) for _ in range(50)]
    assert all(0 <= SplitMix64(s).below(n) < n for s in range(50))


@settings(max_examples=40, deadline=None)
@given(hst.integers(0, DEAL_COUNT - 1), hst.sampled_from(["CR1-N", "CF1-D3", "CF1-D1"]))
def test_deal_matches_the_specification(number: int, head: str) -> None:
    code = f"{head}-{deal_letters(number)}"
    assert engine.new_game(code).state() == ref_deal(code)


def test_options_do_not_change_the_cards() -> None:
    for letters in ("AAAAAAA", "AAAAACL", "MNBVCXZ"):
        d3, d1 = engine.new_game(f"CF1-D3-{letters}").state(), engine.new_game(f"CF1-D1-{letters}").state()
        for key in ("stock", "reserve", "columns", "foundations", "base_rank"):
            assert d3[key] == d1[key]


def test_deals_differ_between_codes() -> None:
    deals = {json.dumps(engine.new_game(f"CR1-N-{deal_letters(n)}").state()["piles"]) for n in range(30)}
    assert len(deals) == 30
    # Crescent and Canfield with the same deal number do not share a seed either.
    assert ref_seed("CR1-N-AAAAAAB") != ref_seed("CF1-D3-AAAAAAB")


def test_deal_does_not_use_python_random(monkeypatch: pytest.MonkeyPatch) -> None:
    expected = engine.new_game("CF1-D3-AAAAACL").state()

    def forbidden(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the deal must not use Python's random module")

    for name in ("random", "randrange", "randint", "shuffle", "choice", "seed", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
        monkeypatch.setattr(random.Random, name, forbidden)
    assert engine.new_game("CF1-D3-AAAAACL").state() == expected
    assert engine.new_game("CR1-N-AAAAAAB").state() == ref_deal("CR1-N-AAAAAAB")


def test_crescent_bases_come_from_the_first_deck() -> None:
    # Removing the first copy of each base card, then shuffling: the second copies stay in play.
    order = ref_shuffled("CR1-N-AAAAAAB")
    assert len(order) == 96
    for base in ("AS", "AH", "AD", "AC", "KS", "KH", "KD", "KC"):
        assert order.count(base) == 1


# --- golden deals ------------------------------------------------------------------------------
def test_golden_deals_are_there() -> None:
    names = {p.stem for p in GOLDEN_DEALS}
    assert {"CR1-N-AAAAAAB", "CF1-D3-AAAAACL", "CF1-D1-AAAAACL"} <= names
    assert sum(n.startswith("CR") for n in names) >= 3 and sum(n.startswith("CF") for n in names) >= 4


@pytest.mark.parametrize("path", GOLDEN_DEALS, ids=[p.stem for p in GOLDEN_DEALS])
def test_golden_deal(path: Path) -> None:
    """A code deals the same cards for ever (regenerate: tests/golden/regenerate_engine.py --write)."""
    pinned = json.loads(path.read_text(encoding="utf-8"))
    assert pinned["code"] == path.stem
    assert engine.new_game(path.stem).state() == pinned
    assert ref_deal(path.stem) == pinned
