"""Who sits at the table (names, humans, bot levels) and how a bot's move is obtained.

Bots are asked through the match engine (`ramigui.match`), in a worker thread so the
window keeps drawing while they think; they receive an immutable PlayerView, so the thread
cannot touch the game. Their randomness comes from the game's bot secret
(`TableConfig.bot_secret`, see `ramigui.bots.secret`), never from the deal's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ramigui import i18n
from ramigui.bots.secret import bot_rng, new_secret
from ramigui.match import Chooser

DEFAULT_VARIANT = "rami51"


@dataclass
class TableConfig:
    """The game to play and its seats. `humans[i]` says whether seat i is a person;
    `phones[i]` that this person plays on their own phone, never on the shared screen."""

    variant: str = DEFAULT_VARIANT
    players: int = 4
    seed: int = 1
    names: list[str] = field(default_factory=list)
    humans: list[bool] = field(default_factory=list)
    levels: list[str] = field(default_factory=list)
    options: dict[str, Any] = field(default_factory=dict)
    phones: list[bool] = field(default_factory=list)
    bot_secret: int = field(default_factory=new_secret)
    """Where the bots' and hints' randomness comes from (saved with the game)."""

    def __post_init__(self) -> None:
        if not self.humans:
            self.humans = [seat == 0 for seat in range(self.players)]
        if not self.phones:
            self.phones = [False] * self.players
        if not self.levels:
            self.levels = ["medium"] * self.players
        if not self.names:
            self.names = [self.default_name(seat) for seat in range(self.players)]
        self.names = [self._shown_name(seat, name) for seat, name in enumerate(self.names)]

    def _shown_name(self, seat: int, name: str) -> str:
        """"You" names the one person at the screen: where several share it or a seat plays
        on a phone, a seat named "You" is called by its number ("Pass the computer to
        Player 1", never "to You"). The game's records keep the person's name."""
        if i18n.is_you(name) and self.humans[seat] and (len(self.screen_seats) > 1 or any(self.phones)):
            return i18n.tr("table.player", n=seat + 1)
        return name

    def default_name(self, seat: int) -> str:
        if self.humans[seat]:
            if sum(self.humans) == 1 and not self.phones[seat]:
                return i18n.tr("table.you")
            return i18n.tr("table.player", n=seat + 1)
        return i18n.tr("table.bot_name", n=seat)

    def at_screen(self, seat: int) -> bool:
        """A person who plays this seat on the shared screen (not a bot, not a phone)."""
        return self.humans[seat] and not self.phones[seat]

    @property
    def screen_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.at_screen(seat)]

    @property
    def phone_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if self.phones[seat]]

    @property
    def hot_seat(self) -> bool:
        """Several people share the screen: hands must be hidden between their turns."""
        return len(self.screen_seats) > 1

    @classmethod
    def from_options(cls, options: Any) -> TableConfig:
        """From the command line: `--demo` makes every seat a bot; `humans` (if any) counts people."""
        from ramigui.variants import get_variant

        variant_id = getattr(options, "variant", None) or DEFAULT_VARIANT
        variant = get_variant(variant_id)
        low, high = variant.players
        players = getattr(options, "players", None) or min(high, max(low, 4))
        players = min(high, max(low, players))
        seed = getattr(options, "seed", None)
        if seed is None:
            seed = random.randrange(1_000_000)
        people = 0 if getattr(options, "demo", False) else int(getattr(options, "humans", 1) or 1)
        humans = [seat < people for seat in range(players)]
        return cls(variant=variant_id, players=players, seed=seed, humans=humans)


def make_chooser(variant_id: str, level: str, rng: random.Random | int) -> Chooser:
    """The project's bot for a seat, drawing its randomness from `rng`."""
    from ramigui.bots import make_bot

    bot = make_bot(variant_id, level, rng)
    return bot.choose


def seat_choosers(config: TableConfig) -> dict[int, Chooser]:
    """A bot for every seat no person holds, each with its generator from the bot secret."""
    return {seat: make_chooser(config.variant, config.levels[seat], bot_rng(config.bot_secret, seat))
            for seat in range(config.players) if not config.humans[seat]}


def fallback_rng(config: TableConfig) -> random.Random:
    """The generator that picks a replacement when a bot's move is refused."""
    return bot_rng(config.bot_secret, -1, "fallback")
