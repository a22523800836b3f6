"""Fonts by pixel size, cached: a sans-serif found the platform's way, else pygame's own.

The text font is looked up as each system does it: fontconfig (`fc-match`) on Linux and
the BSDs, `pygame.font.match_font` (the Windows registry, the macOS font folders) elsewhere,
a few well-known paths last, and pygame's bundled font when nothing is found — so the app
never fails for lack of a font. DejaVu Sans is asked for first (the screenshots are made
with it); any sans the system offers instead will do, because the symbols the table needs
(✓, arrows, suits, no-break spaces) are drawn by ramigui/ui/symbols.py, never taken from a
font. `RAMIGUI_FONT` forces a font file, or `builtin` for pygame's (the look of a machine
without fonts; the tests use it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from functools import lru_cache

import pygame

FONT_ENV = "RAMIGUI_FONT"
BUILTIN = "builtin"
FAMILY = "DejaVu Sans"
"""Asked of fontconfig, which answers with the closest family the system has."""
SYSFONT_NAMES = "dejavusans,segoeui,arial,helveticaneue,helvetica,verdana,liberationsans,notosans"
"""Asked of pygame.font.match_font (Windows, macOS), in order of preference."""
_KNOWN_PATHS = {
    True: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "/usr/share/fonts/TTF/DejaVuSans-Bold.ttf",
        "/Library/Fonts/Arial Bold.ttf",
        "/System/Library/Fonts/Supplemental/Arial Bold.ttf",
        "C:/Windows/Fonts/arialbd.ttf",
    ),
    False: (
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/TTF/DejaVuSans.ttf",
        "/Library/Fonts/Arial.ttf",
        "/System/Library/Fonts/Supplemental/Arial.ttf",
        "C:/Windows/Fonts/arial.ttf",
    ),
}


@lru_cache(maxsize=2)
def font_path(bold: bool) -> str | None:
    """The text font's file on this system (None: pygame's bundled font)."""
    forced = os.environ.get(FONT_ENV, "").strip()
    if forced == BUILTIN:
        return None
    if forced and os.path.isfile(forced):
        return forced
    for found in (_fontconfig(bold), _sysfont(bold), *_KNOWN_PATHS[bold]):
        if found and os.path.isfile(found) and found.lower().endswith((".ttf", ".otf", ".ttc")):
            return found
    return None


def _fontconfig(bold: bool) -> str | None:
    """fontconfig's answer for DejaVu Sans (or the closest sans it has), where it exists."""
    if sys.platform in ("win32", "darwin") or shutil.which("fc-match") is None:
        return None
    pattern = f"{FAMILY}:{'bold' if bold else 'regular'}"
    try:
        done = subprocess.run(["fc-match", "--format=%{file}", pattern], capture_output=True, text=True,
                              timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() or None


def _sysfont(bold: bool) -> str | None:
    """pygame's search of the system's fonts (the registry on Windows, font folders on macOS)."""
    if sys.platform not in ("win32", "darwin"):
        return None  # there it runs fc-list and mistakes condensed faces for the family
    try:
        return pygame.font.match_font(SYSFONT_NAMES, bold=bold)  # type: ignore[no-any-return]
    except Exception:  # a broken font table must not stop the game
        return None


@lru_cache(maxsize=256)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A font whose glyphs are about `size` pixels tall."""
    if not pygame.font.get_init():
        pygame.font.init()
    path = font_path(bold)
    try:
        result = pygame.font.Font(path, max(6, int(size)))
    except (OSError, pygame.error):  # a font file that will not load: pygame's own
        path = None
        result = pygame.font.Font(None, max(6, int(size)))
    if path is None and bold:
        result.set_bold(False)  # the bundled font is bold already
    elif bold and path == font_path(False):
        result.set_bold(True)  # no bold face found: a bold drawn from the regular one
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
    font_path.cache_clear()
