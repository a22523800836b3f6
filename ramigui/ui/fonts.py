"""Fonts by pixel size, cached: DejaVu Sans when the system has it (wide coverage: arrows,
quotes, accents), else pygame's bundled font, so the app never fails for lack of a font."""

from __future__ import annotations

import os
from functools import lru_cache

import pygame

_CANDIDATES = {
    True: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/Library/Fonts/Arial Bold.ttf",
        "C:/Windows/Fonts/arialbd.ttf",
    ),
    False: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/Library/Fonts/Arial.ttf",
        "C:/Windows/Fonts/arial.ttf",
    ),
}


@lru_cache(maxsize=2)
def font_path(bold: bool) -> str | None:
    """The first font file found on this system (None: pygame's bundled font)."""
    for path in _CANDIDATES[bold]:
        if os.path.exists(path):
            return path
    return None


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font whose glyphs are about `size` pixels tall."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(bold)
    result = pygame.font.Font(path, max(6, int(size)))
    if path is None and bold:
        result.set_bold(False)  # the bundled font is bold already
    return result


@lru_cache(maxsize=64)
def index_font(size: int) -> pygame.font.Font:
    """The font of card indices: pygame's bundled bold sans, the same on every machine."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(None, max(6, int(size)))


def forget_fonts() -> None:
    """Drop cached Font objects: they die with pygame.font.quit(), so a window opened again
    in the same process (tests, `ramigui replay` after a game) must load them anew."""
    font.cache_clear()
    index_font.cache_clear()
