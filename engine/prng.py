"""The project's own PRNG and shuffle (specified in engine/CODES.md; never Python's `random`).

SplitMix64 (Steele, Lea & Flood, 2014) is tiny, has no bad seeds, and is written out in a few
lines in any language with 64-bit integers, so anyone can re-deal a game code.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
T = TypeVar("T")


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n): rejection sampling, so no value is favoured."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next64()
            if x < limit:
                return x % n


def shuffle(items: MutableSequence[T], rng: SplitMix64) -> None:
    """Fisher-Yates, from the last position down to the second."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
