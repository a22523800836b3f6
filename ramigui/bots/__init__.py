"""Bots: players that see only a PlayerView and answer a Move through the checked path.

`make_bot(variant_id, level, seed)` is the one way to get one. Levels: random, easy,
medium, hard (the levels above random come with the bots issue; until a family has them,
they fall back to the random bot).
"""

from __future__ import annotations

from typing import Protocol

from ramigui.bots.random_bot import RandomBot
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

LEVELS = ("random", "easy", "medium", "hard")


class Bot(Protocol):
    level: str

    def choose(self, view: PlayerView) -> Move: ...


def make_bot(variant_id: str, level: str = "medium", seed: int = 0) -> Bot:
    """A bot for a variant at a level, with its own seeded random generator."""
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS)})")
    return RandomBot(seed)
