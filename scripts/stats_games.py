"""The samples scripts/solve_stats.py runs, as data: each game's code prefix, label and published
figure (with its source), and the cross-checks with a second solver that were run by hand
(Solvitaire, built outside the project: the tool rules keep fetched code and its build scripts
out of the repository). summary.json carries these fields per game; sitegen/stats.py words them.
"""

from __future__ import annotations

from typing import Any

# Solvitaire (Blake & Gent, C++) built and run on 100 of our draw-3 deals (issue 13): with its
# Canfield options as close to ours as they go, 12 deals it proves lost are wins for us (each
# winning line puts a base-1 card on a base card in a column, which its preset forbids); with
# Solvitaire changed to our exact rules the solvers agree on every deal both decide. Decided
# within 10 s of wall time: ours 96 of 100, the changed Solvitaire 82.
CROSS_CHECK = {
    "solver": "Solvitaire",
    "deals": 100,
    "their_losses_our_wins": 12,
    "agree_wins": 72,
    "agree_losses": 9,
    "contradictions": 0,
    "seconds": 10,
    "ours_decided": 96,
    "theirs_decided": 82,
}
# Solvitaire unchanged, its `canfield` preset (`--type canfield --timeout 10000`, its default
# "smart" streamliners), on the 352 deals of our sample of that preset's rules (CF1-D3GKN-,
# deals 5,000,000 to 5,000,351), each deal given as its JSON (foundations, tableau piles, reserve
# and stock, each listed bottom first): the solvers agree on every deal both decide. Ours (10 s of
# CPU per deal, compiled) decided 325 in 480 s of CPU; Solvitaire 318 in 122 s. Session 3 (issue 24).
PRESET_CROSS_CHECK = {
    "solver": "Solvitaire",
    "deals": 352,
    "agree_wins": 236,
    "agree_losses": 79,
    "contradictions": 0,
    "seconds": 10,
    "ours_decided": 325,
    "theirs_decided": 318,
}
GAMES: dict[str, dict[str, Any]] = {
    "canfield-d3": {
        "prefix": "CF1-D3-",
        "label": "Canfield, draw 3",
        "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"},
        "cross_check": CROSS_CHECK,
    },
    "canfield-d1": {"prefix": "CF1-D1-", "label": "Canfield, draw 1", "reference": None},
    # The same deals under a rule set with no foundation take-backs (the solver's
    # takebacks=False): not our game, only to explain the gap to the published figure.
    "canfield-d3-no-takebacks": {
        "prefix": "CF1-D3-",
        "label": "Canfield, draw 3, no take-backs",
        "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"},
        "takebacks": False,
    },
    "crescent": {"prefix": "CR1-N-", "label": "Crescent", "reference": None},
    # The versions of issue 24 (engine/CODES.md section 8). No run yet: summary.json lists a game
    # only once it has results. Face-down Crescent's verdicts are open-card values.
    "crescent-four": {"prefix": "CR1-F-", "label": "Crescent Four", "reference": None},
    "crescent-face-down": {
        "prefix": "CR1-H-",
        "label": "Crescent, face down (open cards)",
        "reference": None,
    },
    "canfield-classic": {"prefix": "CF1-D3KW-", "label": "Canfield, classic", "reference": None},
    "rainfall": {"prefix": "CF1-D1HKP3W-", "label": "Rainfall", "reference": None},
    "storehouse": {
        "prefix": "CF1-D1HKP3STW-",
        "label": "Storehouse",
        "reference": {
            "value": 0.438117,
            "margin": 0.00097,
            "source": "Jan Wolter",
            "won": 438_117,
            "deals": 1_000_000,
        },
    },
    "superior-canfield": {"prefix": "CF1-D3EKW-", "label": "Superior Canfield", "reference": None},
    "solvitaire-canfield": {
        "prefix": "CF1-D3GKN-",
        "label": "Canfield, Solvitaire's preset",
        "reference": {"value": 0.71245, "margin": 0.00031, "source": "Solvitaire (Blake & Gent)"},
        "cross_check": PRESET_CROSS_CHECK,
    },
}
