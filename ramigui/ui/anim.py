"""Flying cards: a card (face or back) moving from one rect to another over a duration.

Flights are pure functions of the scene's clock: `rect_at(now)` is what draw reads, so a
frame depends only on the game time.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ramigui.cards import Card

FLIGHT_TIME = 0.38
"""A card's flight at the normal pace, in seconds (the animation speed scales it)."""


@dataclass(frozen=True)
class Flight:
    """`card` (None: a back) flying from `start` to `end`, from time `t0` for `duration` s."""

    card: Card | None
    start: pygame.Rect
    end: pygame.Rect
    t0: float
    duration: float
    hides: tuple[str, int] | None = None
    """A slot left empty while the card flies (("hand", index) or ("discard", 0))."""

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (now - self.t0) / self.duration))

    def done(self, now: float) -> bool:
        return self.progress(now) >= 1.0

    def rect_at(self, now: float) -> pygame.Rect:
        """Ease-out position and size between start and end."""
        t = self.progress(now)
        t = 1 - (1 - t) ** 3
        x = self.start.x + (self.end.x - self.start.x) * t
        y = self.start.y + (self.end.y - self.start.y) * t
        w = self.start.width + (self.end.width - self.start.width) * t
        h = self.start.height + (self.end.height - self.start.height) * t
        return pygame.Rect(int(x), int(y), max(1, int(w)), max(1, int(h)))
