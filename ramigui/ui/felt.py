"""The green felt: a radial gradient with a fine grain, rendered once per window size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from ramigui.art.table import FELTS


@lru_cache(maxsize=4)
def felt(size: tuple[int, int], colour: str = "green") -> pygame.Surface:
    """The table background at `size`: lighter in the middle, darker at the rim, grained.

    Drawn small and smooth-scaled up, so even 4K costs a few milliseconds once.
    """
    centre, rim = FELTS.get(colour, FELTS["green"])
    small_w, small_h = 160, max(90, 160 * size[1] // max(1, size[0]))
    small = pygame.Surface((small_w, small_h))
    for y in range(small_h):
        for x in range(small_w):
            dx = (x - small_w / 2) / (small_w / 2)
            dy = (y - small_h * 0.45) / (small_h / 2)
            t = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.35)
            t = t * t
            small.set_at((x, y), tuple(int(c + (r - c) * t) for c, r in zip(centre, rim, strict=True)))
    surf = (
        pygame.transform.smoothscale(small, size).convert()
        if pygame.display.get_surface()
        else pygame.transform.smoothscale(small, size)
    )
    grain = pygame.Surface((64, 64), pygame.SRCALPHA)
    rng = random.Random(7)
    for _ in range(900):
        shade = rng.choice(((0, 0, 0, 14), (255, 255, 255, 9)))
        grain.set_at((rng.randrange(64), rng.randrange(64)), shade)
    for y in range(0, size[1], 64):
        for x in range(0, size[0], 64):
            surf.blit(grain, (x, y))
    return surf
