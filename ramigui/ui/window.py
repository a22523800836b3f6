"""The window between two runs: the first start is maximised, later ones at the last size used.

A table read from a sofa needs the whole screen: a small window in a big black frame is
what a newcomer sees if the game opens at a fixed size. So the size and the maximised
state are kept in the settings when the game closes, and the next start opens the same
way (clamped to the desktop, never below `MIN_SIZE`). A size given on the command line
(`--size`) wins and is not maximised.

Pure decisions (`window_start`, `remembered`) are apart from the one pygame call that
maximises (`maximise`), so the logic is tested without a window manager.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, replace
from typing import Any

import pygame

MIN_SIZE = (640, 400)
"""The smallest window the table is laid out for (every label shows at this size)."""
DESKTOP_SHARE = 0.85
"""A first window's share of the desktop, before it is maximised (and if it cannot be)."""


@dataclass(frozen=True)
class WindowStart:
    """How to open the window: its size, and whether to maximise it once open."""

    size: tuple[int, int]
    maximise: bool


def clamp_size(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """`size` no smaller than MIN_SIZE and, when the desktop is known, no larger than it."""
    width, height = max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])
    if desktop is not None and desktop[0] >= MIN_SIZE[0] and desktop[1] >= MIN_SIZE[1]:
        width, height = min(width, desktop[0]), min(height, desktop[1])
    return width, height


def window_start(stored_size: tuple[int, int] | None, stored_maximised: bool,
                 asked: tuple[int, int] | None, desktop: tuple[int, int] | None) -> WindowStart:
    """Where the window opens: the size asked on the command line; else the last size used
    (maximised again if it was); else, the first time, maximised over most of the desktop."""
    if asked is not None:
        return WindowStart(clamp_size(asked, None), False)
    if stored_size is not None:
        return WindowStart(clamp_size(stored_size, desktop), stored_maximised)
    base = desktop or (1280, 800)
    first = (int(base[0] * DESKTOP_SHARE), int(base[1] * DESKTOP_SHARE))
    return WindowStart(clamp_size(first, desktop), True)


def remembered(settings: Any, windowed_size: tuple[int, int], maximised: bool) -> Any:
    """The settings with the window's state to reopen it as it was (a frozen `Settings`)."""
    size = (max(MIN_SIZE[0], windowed_size[0]), max(MIN_SIZE[1], windowed_size[1]))
    return replace(settings, window_size=size, window_maximised=maximised)


def desktop_size() -> tuple[int, int] | None:
    """The first desktop's size, or None when the video driver cannot say."""
    try:
        return tuple(pygame.display.get_desktop_sizes()[0])  # type: ignore[return-value]
    except (pygame.error, IndexError):
        return None


def _window() -> pygame.Window | None:
    try:
        with warnings.catch_warnings():  # pygame-ce warns about mixing its two window APIs
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()
    except (pygame.error, AttributeError):
        return None


def limit_and_maximise(maximise: bool) -> None:
    """Tell the window manager the smallest size allowed and, if asked, maximise the
    window (a driver without a window manager, like SDL's dummy one, ignores it)."""
    window = _window()
    if window is None:
        return
    try:
        window.minimum_size = MIN_SIZE
        if maximise:
            window.maximize()
    except pygame.error:
        pass
