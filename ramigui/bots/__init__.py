"""Bots: players that see only a PlayerView and answer a Move through the checked path.

`make_bot(variant_id, level, rng)` is the one way to get one; `rng` is the bot's own
`random.Random` (at the table: `ramigui.bots.secret.bot_rng`, keyed by the game's bot
secret, never by the deal's seed), or a whole number for tests and matches. Levels: random, easy,
medium, hard — named for players Débutant, Moyen, Expert (`LEVEL_NAMES`) — plus, for Gin
only, `baseline`: the well-known "simple gin player" that other gin bots are measured
against. A bot's family is read from the first view it is given, so `make_bot` needs no
file or catalogue access, and the bot of a user-defined variant works the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Protocol

from ramigui.bots.random_bot import RandomBot
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

LEVELS = ("random", "easy", "medium", "hard")
EXTRA_LEVELS = ("baseline",)
LEVEL_NAMES = {
    "random": {"fr": "Hasard", "en": "Random"},
    "easy": {"fr": "Débutant", "en": "Beginner"},
    "medium": {"fr": "Moyen", "en": "Intermediate"},
    "hard": {"fr": "Expert", "en": "Expert"},
    "baseline": {"fr": "Gin simple", "en": "Simple gin"},
}


class Bot(Protocol):
    level: str

    def choose(self, view: PlayerView) -> Move: ...


class FamilyBot:
    """A level-named bot that hands each view to the policy of the view's family."""

    def __init__(self, level: str, seed: int) -> None:
        self.level = level
        self.seed = seed
        self._policy: Bot | None = None
        self._family = ""

    def choose(self, view: PlayerView) -> Move:
        family = view.variant.family
        if self._policy is None or family != self._family:
            self._policy, self._family = policy_for(family, self.level, self.seed), family
        return self._policy.choose(view)


def _rummy_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.rummy_bot import RummyBot

    return RummyBot(level, seed)


def _gin_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.gin_bot import GinBot

    return GinBot(level, seed)


def _yami_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.yami_bot import YamiBot

    return YamiBot("medium" if level == "baseline" else level, seed)


POLICIES: Mapping[str, Callable[[str, int], Bot]] = MappingProxyType(
    {"rummy": _rummy_bot, "gin": _gin_bot, "yami": _yami_bot})
"""Each family's bot maker (level, seed) by family id; each bot is imported when first
made, so a game loads only its own family's bot."""


def policy_for(family: str, level: str, seed: int) -> Bot:
    """The bot of one family at one level."""
    maker = POLICIES.get(family)
    if maker is None:
        raise ValueError(f"no bot for the family {family!r} (one of {', '.join(POLICIES)})")
    return maker(level, seed)


def make_bot(variant_id: str, level: str = "medium", rng: random.Random | int = 0) -> Bot:
    """A bot for a variant at a level drawing its randomness from `rng` (a generator, or a
    number that seeds one). The bot keeps a generator of its own seeded from it."""
    seed = rng.getrandbits(63) if isinstance(rng, random.Random) else rng
    if level not in LEVELS + EXTRA_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS + EXTRA_LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    return FamilyBot(level, seed)
