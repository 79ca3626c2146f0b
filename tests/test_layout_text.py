"""pyworker/layout_text: the pasted text form of a position (issue 23).

Round trips on real positions of every named version (random games), the public view with its
unknown cards, the ways a reader may type a card in each language, and errors that name the
line, with a message in every language.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hst

import catalogues
import engine
from pyworker import layout_text
from pyworker.layout_text import LayoutTextError, parse, parse_card

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _positions() -> list[dict[str, Any]]:
    """Positions along random games: every named version, two deals, every 15th ply to 90."""
    out = []
    for name, (prefix, options) in sorted(engine.VERSIONS.items()):
        for deal in ("AAAAAAB", "QWERTYU"):
            game = engine.new_game(f"{prefix}1-{options}-{deal}")
            rng = random.Random(f"{name}{deal}")
            for ply in range(91):
                if ply % 15 == 0:
                    out.append(game.state())
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
    return out


POSITIONS = _positions()


def test_the_positions_cover_every_version_and_both_games() -> None:
    codes = {s["code"].split("-")[1] for s in POSITIONS}
    assert codes == {options for _, options in engine.VERSIONS.values()}
    assert len(POSITIONS) >= 100


@pytest.mark.parametrize("state", POSITIONS, ids=[f"{s['code']}-{s['moves']}" for s in POSITIONS])
def test_format_then_parse_is_the_same_position(state: dict[str, Any]) -> None:
    text = layout_text.format(state)
    parsed = parse(text, state["game"], "en")
    assert parsed == {k: v for k, v in state.items() if k != "status"}  # status is the position's own
    assert engine.from_state(parsed).state() == state


@pytest.mark.parametrize("lang", catalogues.LANGUAGES)
def test_the_round_trip_is_the_same_in_every_language(lang: str) -> None:
    for state in POSITIONS[::7]:
        assert engine.from_state(parse(layout_text.format(state), state["game"], lang)).state() == state


def test_the_public_view_round_trips_with_its_unknown_cards() -> None:
    for code in ("CR1-H-AAAAAAB", "CF1-D1HKP3W-AAAAAAB"):
        view = engine.public_state(engine.new_game(code))
        text = layout_text.format(view)
        assert "?" in text
        parsed = parse(text, view["game"], "en")
        assert parsed == {k: v for k, v in view.items() if k != "status"}
        # ... and the position says which cards are unknown, rather than guessing them.
        assert {p.reason for p in engine.position_problems(parsed)} >= {"bad-card"}


def test_the_text_form_reads_as_documented() -> None:
    state = engine.new_game("CR1-N-AAAAAAB").state()
    lines = layout_text.format(state).splitlines()
    assert lines[:3] == ["game: crescent", "code: CR1-N-AAAAAAB", "1: " + " ".join(state["piles"][0])]
    assert "S+: AS" in lines and "redeals: 3" in lines and lines[-1] == "moves: 0"
    cf = engine.new_game("CF1-D3-AAAAACL").state()
    text = layout_text.format(cf)
    assert f"base: {cf['base_rank']}\ndraw: 3\nstock: " in text and "\nW:\n" in text


def test_lines_are_counted_as_a_text_box_shows_them() -> None:
    with pytest.raises(LayoutTextError) as error:
        parse("1: 8H\r\n2: 9H \u2028 x\r\n3: 8Z", "crescent", "en")
    assert error.value.line in (2, 3)
    with pytest.raises(LayoutTextError) as error:
        parse("1: 8H\r\n2: 9H\r3: TH\n4: 8Z", "crescent", "en")
    assert (error.value.line, error.value.reason) == (4, "bad-card")


def test_a_reader_may_write_a_position_loosely() -> None:
    text = """
    # my table, Sunday
    Game: Crescent
    1: 8h 10♠ qd
    2 : t♣, 9C
    s+: as 2s
    Redeals_left: 2
    """
    state = parse(text, "crescent", "en")
    assert state["piles"][0] == ["8H", "TS", "QD"] and state["piles"][1] == ["TC", "9C"]
    assert state["piles"][2] == [] and state["foundations"]["S+"] == ["AS", "2S"]
    assert state["foundations"]["H-"] == [] and state["redeals_left"] == 2
    cf = parse("waste: 8h\nreserve: 10d\nS: 7s 8s\n1: 9h", "canfield", "en")
    assert (cf["waste"], cf["reserve"], cf["columns"][0]) == (["8H"], ["TD"], ["9H"])
    assert cf["base_rank"] == "7"  # no base line: the first foundation card's rank


@pytest.mark.parametrize(
    ("text", "lang", "card"),
    [
        ("8h", "en", "8H"),
        ("10♠", "en", "TS"),
        ("qd", "en", "QD"),
        ("T♣", "ko", "TC"),
        ("t♥", "ja", "TH"),
        (" 10 ♦ ", "es", "TD"),
        ("KS", "el", "KS"),
        ("a♡", "en", "AH"),
        # the page's own rank letters: French valet, dame, roi; German Bube, Dame, König
        ("Vh", "fr", "JH"),
        ("dc", "fr", "QC"),
        ("R♠", "fr", "KS"),
        ("Qc", "fr", "QC"),  # the engine's letters are read in every language
        ("bd", "de", "JD"),
        ("D♥", "de", "QH"),
        ("K♠", "de", "KS"),
        ("8x", "en", None),
        ("1s", "en", None),
        ("11h", "en", None),
        ("vh", "en", None),  # V is a rank letter in French only
        ("bd", "fr", None),
        ("", "en", None),
        ("♠", "en", None),
        ("10", "en", None),
        ("8H8H", "en", None),
    ],
)
def test_parse_card(text: str, lang: str, card: str | None) -> None:
    assert parse_card(text, lang) == card


@pytest.mark.parametrize(
    ("game", "text", "line", "reason"),
    [
        ("crescent", "1: 8H\n\n3 8H 9H", 3, "line-format"),
        ("crescent", "1: 8H\nR: 9H", 2, "unknown-place"),
        ("crescent", "17: 8H", 1, "unknown-place"),
        ("canfield", "S+: AS", 1, "unknown-place"),
        ("crescent", "# x\n1: 8H\n2: 9H\n1: TH", 4, "repeated-place"),
        ("canfield", "waste: 8H\nW: 9H", 2, "repeated-place"),
        ("crescent", "1: 8H 9Z", 1, "bad-card"),
        ("canfield", "R: 8H\nstock: 10", 2, "bad-card"),
        ("crescent", "redeals: two", 1, "bad-number"),
        ("crescent", "face-down: 1 2 x", 1, "bad-number"),
        ("canfield", "draw: 1 3", 1, "bad-number"),
        ("canfield", "moves: -4", 1, "bad-number"),
        ("canfield", "base: 11", 1, "bad-rank"),
        ("crescent", "game: canfield", 1, "other-game"),
    ],
)
def test_an_unreadable_line_is_named(game: str, text: str, line: int, reason: str) -> None:
    with pytest.raises(LayoutTextError) as error:
        parse(text, game, "en")
    assert (error.value.line, error.value.reason) == (line, reason)
    assert isinstance(error.value, ValueError) and reason in layout_text.REASONS
    for lang in catalogues.LANGUAGES:
        message = catalogues.message(lang, f"layout.{reason}", line=line)
        assert catalogues.number(lang, line) in message and "{" not in message


def test_every_layout_reason_has_a_message_with_the_line_and_one_quoting_the_word() -> None:
    expected = {f"layout.{r}": {"line"} for r in layout_text.REASONS}
    expected |= {f"layout.{r}.word": {"line", "text"} for r in layout_text.QUOTED}
    for lang in catalogues.LANGUAGES:
        messages = catalogues.load(lang)
        assert {k for k in messages if k.startswith("layout.")} == set(expected), lang
        for key, names in expected.items():
            assert catalogues.placeholders(messages[key]) == names, (lang, key)


@pytest.mark.parametrize(
    ("text", "word", "en"),
    [
        ("1: 8H 9Z", "9Z", "Line 1: “9Z” is not a card (cards are written 8H, 10S, QD, …)."),
        ("redeals: 2\nface-down: 1 2 x", "x", "Line 2: “x” is not a whole number"),
        ("pile 3: 8H", "pile 3", "Line 1: “pile 3” is neither a place nor a field of this game."),
        ("1: 8H\n1: 9H", "1", "Line 2: “1” is already given on an earlier line."),
        ("1: " + "Z" * 60, "Z" * 60, "Line 1: “" + "Z" * 23 + "…” is not a card"),
        ("3 8H", "3 8H", "Line 1: write a place, a colon, then its cards, as in “3: 8H 10S QD”."),
    ],
)
def test_the_error_message_quotes_the_word(text: str, word: str, en: str) -> None:
    with pytest.raises(LayoutTextError) as error:
        parse(text, "crescent", "en")
    assert error.value.text == word
    assert layout_text.error_message(error.value, "en").startswith(en)
    for lang in catalogues.LANGUAGES:
        message = layout_text.error_message(error.value, lang)
        assert catalogues.number(lang, error.value.line) in message and "{" not in message
        if error.value.reason in layout_text.QUOTED:
            assert word[:20] in message


@PROPERTY
@given(
    hst.text(max_size=300), hst.sampled_from(["crescent", "canfield"]), hst.sampled_from(catalogues.LANGUAGES)
)
def test_any_text_parses_or_names_a_line(text: str, game: str, lang: str) -> None:
    lines = len(re.split(r"\r\n|\r|\n", text))  # as a text box counts them
    failure: LayoutTextError | None = None
    try:
        state = parse(text, game, lang)
    except LayoutTextError as error:
        failure = error
    if failure is not None:
        assert 1 <= failure.line <= lines and failure.reason in layout_text.REASONS
        return
    assert state["game"] == game
    engine.position_problems(state)  # whatever was read, the engine says what is wrong with it


@PROPERTY
@given(hst.text(max_size=8), hst.sampled_from(catalogues.LANGUAGES))
def test_parse_card_gives_a_card_or_none(text: str, lang: str) -> None:
    card = parse_card(text, lang)
    assert card is None or (len(card) == 2 and card[0] in "A23456789TJQK" and card[1] in "SHDC")
