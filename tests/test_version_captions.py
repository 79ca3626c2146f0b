"""Captions that a version's figure says (issue 22 item 6, fresh review revD):

- a redeal is counted against the version's own number of redeals: Crescent Four's third redeal
  is "3 of 4" (it was "2 of 3", the app's count, in the version's figure on the rules page, in
  every language), and its first redeal has a caption at all (it raised: 4 left > 3);
- a refused move's caption quoted after the figure's colon keeps its mid-sentence form
  (en "refused: the waste …", not "The waste …"); a caption alone still opens with a capital.
"""

from __future__ import annotations

import pytest

import catalogues
import diagrams
import engine
from diagrams import point


def _crescent_four_before_redeal(number: int) -> dict[str, object]:
    game = engine.new_game(engine.normalise_code("CR1-F-AAAAAAB"))
    for _ in range(number - 1):
        game.play("redeal")
    return game.state()


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_crescent_four_redeals_are_counted_of_four(number: int) -> None:
    state = _crescent_four_before_redeal(number)
    for lang in catalogues.LANGUAGES:
        want = catalogues.message(lang, "caption.cr.redeal", n=number, total=4)
        got = diagrams.caption("redeal", state, lang)
        assert got == want[:1].upper() + want[1:], (lang, got)


def test_the_apps_redeals_are_counted_of_three() -> None:
    game = engine.new_game(engine.normalise_code("CR1-N-AAAAAAB"))
    game.play("redeal")
    got = diagrams.caption("redeal", game.state(), "en")
    assert got.startswith("Redeal 2 of 3:"), got


def test_a_refused_recycle_is_quoted_mid_sentence() -> None:
    game = engine.new_game(engine.normalise_code("CF1-D1HKP3W-AAAAAAB"))
    while game.state()["stock"]:
        game.play("draw")
    state = game.state()
    alone = diagrams.caption("draw", state, "en")
    assert alone.startswith("The waste"), alone
    alt = point.title(state, "en", highlight=("stock", "W"), refused=False)
    assert ": the waste (" in alt, alt
