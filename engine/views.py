"""What a player may see of a position: `public_state(game)`, the state with hidden cards masked.

`game.state()` keeps every card (from_state needs them to rebuild the position). The page, its
pictures, descriptions, hints and verdicts work from this view instead, where each card the
version deals face down and nobody has seen yet is `None` (JSON null) in its place, so that
sizes and positions stay as they are and no hidden card is ever named:

- face-down Crescent (`H`, `FH`): the bottom `face_down[i]` cards of pile i;
- Canfield with the reserve face down (letter `H`): every reserve card under its top.

Not masked: Canfield's stock. It is face down in every version, but the draws deal it in the
same order on every pass, so a player knows it after the first one; the site's solver and the
published figures it is compared with (Solvitaire's, Wolter's) treat it as known.
"""

from __future__ import annotations

from typing import Any

from .base import Game
from .canfield import Canfield
from .crescent import Crescent

HIDDEN = None  # what a face-down card is in the public view


def hidden_count(game: Game) -> int:
    """How many cards of the position a player cannot see (0 in the open versions)."""
    if isinstance(game, Crescent):
        return sum(game.face_down) if game.face_down is not None else 0
    if isinstance(game, Canfield) and not game.rules.reserve_face_up:
        return max(len(game.lists[0]) - 1, 0)
    return 0


def public_state(game: Game) -> dict[str, Any]:
    """The state as a player sees it: hidden cards are None (module docstring)."""
    state = game.state()
    if isinstance(game, Crescent) and game.face_down is not None:
        state["piles"] = [
            [HIDDEN] * down + pile[down:] for pile, down in zip(state["piles"], game.face_down, strict=True)
        ]
    elif isinstance(game, Canfield) and not game.rules.reserve_face_up and state["reserve"]:
        reserve = state["reserve"]
        state["reserve"] = [HIDDEN] * (len(reserve) - 1) + reserve[-1:]
    return state
