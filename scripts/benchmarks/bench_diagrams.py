"""Diagrams: time to render a board (SVG + description) and the SVG's size, both games."""

from __future__ import annotations

import time

import diagrams
import engine


def _states(code: str, count: int) -> list[dict]:
    """States along a deterministic walk through one deal (so boards vary as in a game)."""
    game = engine.new_game(code)
    states = []
    for step in range(count):
        states.append(game.state())
        moves = game.legal_moves()
        if not moves:
            break
        game.play(moves[(step * 7) % len(moves)])
    return states


def run(args) -> None:
    count = 20 if getattr(args, "quick", False) else 200
    for code in ("CR1-N-AAAAAAB", "CF1-D3-AAAAACL"):
        states = _states(code, count)
        for lang in ("ko", "en"):
            start = time.perf_counter()
            sizes = [
                len(diagrams.render_svg(s, lang, diagram_id="b", interactive=True).encode()) for s in states
            ]
            per = (time.perf_counter() - start) / len(states) * 1000
            print(
                f"{code} {lang}: {len(states)} boards, {per:.2f} ms per interactive SVG, "
                f"size {min(sizes)}-{max(sizes)} bytes (mean {sum(sizes) // len(sizes)})"
            )
        start = time.perf_counter()
        for s in states:
            diagrams.describe(s, "el")
        print(f"{code} el: {(time.perf_counter() - start) / len(states) * 1000:.3f} ms per description")
