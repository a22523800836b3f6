"""Where bots and hints get their randomness: a secret of the game, never its deal seed.

The deal is shuffled from the game's seed. A bot seeded from that seed (as bots once were,
`seed * 31 + seat`) could rebuild every hand and the order of the stock from its own
generator and its view. So each game also draws a `bot secret` (64 random bits from the
`secrets` module, independent of the seed); every bot, hint and fallback move takes a
generator keyed by a hash of (secret, purpose, seat). The secret is saved with the game
(and written in exported logs), so a replay can rebuild the same bots and they make the
same moves again.
"""

from __future__ import annotations

import hashlib
import random
import secrets

SECRET_BITS = 64
MAX_SECRET = 2**SECRET_BITS - 1


def new_secret() -> int:
    """A fresh bot secret, unrelated to anything in the game."""
    return secrets.randbits(SECRET_BITS)


def derived_secret(*parts: object) -> int:
    """A secret derived from other values by a hash (simulations that must be reproducible
    from their --seed): nothing about the parts can be read back from a bot's generator."""
    text = ":".join(str(part) for part in ("ramigui-secret", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def bot_rng(secret: int, seat: int, purpose: str = "bot") -> random.Random:
    """The generator of one seat's bot (or hint, or fallback move) in a game with `secret`."""
    text = f"ramigui:{purpose}:{secret}:{seat}"
    return random.Random(int.from_bytes(hashlib.sha256(text.encode()).digest(), "big"))
