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
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from ramigui.bots.random_bot import RandomBot
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

if TYPE_CHECKING:
    from ramigui.bots.explain import Reason

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
            self._policy, self._family = bot_family(family).bot(self.level, self.seed), family
        return self._policy.choose(view)


@dataclass(frozen=True)
class BotFamily:
    """What the bots know of one family of games. Each part is imported when first used,
    so a game loads only its own family's bot."""

    bot: Callable[[str, int], Bot]
    """The family's bot at a level, from a seed."""
    why: Callable[[PlayerView, Move], Reason | None]
    """Why a move is good, in one sentence (None: nothing better than the plain one)."""


def _rummy_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.rummy_bot import RummyBot

    return RummyBot(level, seed)


def _rummy_why(view: PlayerView, move: Move) -> Reason | None:
    from ramigui.bots.explain import rummy_reason

    return rummy_reason(view, move)


def _gin_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.gin_bot import GinBot

    return GinBot(level, seed)


def _gin_why(view: PlayerView, move: Move) -> Reason | None:
    from ramigui.bots.explain import gin_reason

    return gin_reason(view, move)


def _yami_bot(level: str, seed: int) -> Bot:
    from ramigui.bots.yami_bot import YamiBot

    return YamiBot("medium" if level == "baseline" else level, seed)


def _yami_why(view: PlayerView, move: Move) -> Reason | None:
    from ramigui.bots.explain import yami_reason

    return yami_reason(view, move)


BOT_FAMILIES: Mapping[str, BotFamily] = MappingProxyType({
    "rummy": BotFamily(_rummy_bot, _rummy_why),
    "gin": BotFamily(_gin_bot, _gin_why),
    "yami": BotFamily(_yami_bot, _yami_why),
})
"""Every family the bots play, by family id (the ids of `rules.families.FAMILIES`)."""


def bot_family(family: str) -> BotFamily:
    """What the bots know of one family."""
    try:
        return BOT_FAMILIES[family]
    except KeyError:
        raise ValueError(f"no bot for the family {family!r} (one of {', '.join(BOT_FAMILIES)})") from None


def reason_for(view: PlayerView, move: Move) -> Reason:
    """The key and params of one sentence saying why `move` is good for `view`'s seat (the
    Hint button's reason, `ramigui.bots.explain`)."""
    from ramigui.bots.explain import plain

    return bot_family(view.variant.family).why(view, move) or plain(view, move)


def make_bot(variant_id: str, level: str = "medium", rng: random.Random | int = 0) -> Bot:
    """A bot for a variant at a level drawing its randomness from `rng` (a generator, or a
    number that seeds one). The bot keeps a generator of its own seeded from it."""
    seed = rng.getrandbits(63) if isinstance(rng, random.Random) else rng
    if level not in LEVELS + EXTRA_LEVELS:
        raise ValueError(f"unknown bot level {level!r} (one of {', '.join(LEVELS + EXTRA_LEVELS)})")
    if level == "random":
        return RandomBot(seed)
    return FamilyBot(level, seed)
