"""The window's entry points: `ramigui` and `ramigui replay` open it on their first scene."""

from __future__ import annotations

import os
from argparse import Namespace
from typing import Any

import pygame

from ramigui import i18n
from ramigui.ui.app import App, Settings, open_window, parse_size
from ramigui.ui.menu import open_menus, open_table
from ramigui.ui.seats import TableConfig


def run_app(options: Any) -> int:
    """The `ramigui` command: the main menu, or (--demo / --variant) a saved game on top of it."""
    settings = Settings(lang=getattr(options, "lang", None))
    i18n.set_language(settings.lang)
    screen = open_window(parse_size(getattr(options, "size", None)), bool(getattr(options, "fullscreen", False)))
    app = App(screen, settings, fullscreen=bool(getattr(options, "fullscreen", False)))
    if getattr(options, "humans", None) == 0:
        options.demo = True  # no person at the table: the bots play it
    if getattr(options, "demo", False) or getattr(options, "variant", None) or getattr(options, "humans", None):
        open_table(app, options, TableConfig.from_options(options))
    else:
        open_menus(app, options)
    app.run(getattr(options, "max_frames", None))
    pygame.quit()
    return 0


def run_replay(session: Any, max_frames: int | None = None) -> int:
    """`ramigui replay FILE`: the table opens on the replayed game (nothing is saved)."""
    # imported here, so that the menus' start-up does not load the table's code
    from ramigui.ui.game_screen import start_table

    options = Namespace(lang=None, size=None, fullscreen=False, demo=False, variant=None)
    settings = Settings()
    i18n.set_language(settings.lang)
    app = App(open_window(None, False), settings, fullscreen=False)
    ctx = open_menus(app, options)
    start_table(app, ctx, session)
    frames = max_frames if max_frames is not None else int(os.environ.get("RAMIGUI_MAX_FRAMES", "0")) or None
    app.run(frames)
    pygame.quit()
    return 0
