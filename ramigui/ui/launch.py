"""The window's entry points: `ramigui` and `ramigui replay` open it on their first scene."""

from __future__ import annotations

import os
from argparse import Namespace
from typing import Any

import pygame

from ramigui import i18n
from ramigui.settings import Settings, load_settings, save_settings
from ramigui.ui.app import App, open_window, parse_size
from ramigui.ui.menu import open_menus, open_store, open_table
from ramigui.ui.seats import TableConfig
from ramigui.ui.window import desktop_size, remembered, window_start


def run_app(options: Any) -> int:
    """The `ramigui` command: the main menu, or (--demo / --variant) a saved game on top of it.

    The window opens as it was left (size, maximised), and its state is kept on quitting."""
    lang = getattr(options, "lang", None)
    settings = Settings(language=lang) if lang else Settings()
    i18n.set_language(settings.language)
    store = open_store()
    stored = load_settings(store) if store is not None else None
    fullscreen = bool(getattr(options, "fullscreen", False))
    pygame.display.init()
    start = window_start(stored.window_size if stored else None, stored.window_maximised if stored else True,
                         parse_size(getattr(options, "size", None)), desktop_size())
    screen = open_window(start, fullscreen)
    # maximised as asked: SDL sets the flag itself when it maximises a window not yet shown,
    # so no 'maximised' event ever comes (the state was saved as not maximised); restoring
    # the window later does send one (App._maximised)
    app = App(screen, settings, fullscreen=fullscreen, maximised=start.maximise and not fullscreen)
    if getattr(options, "humans", None) == 0:
        options.demo = True  # no person at the table: the bots play it
    if getattr(options, "demo", False) or getattr(options, "variant", None) or getattr(options, "humans", None):
        ctx = open_table(app, options, TableConfig.from_options(options), store, stored)
    else:
        ctx = open_menus(app, options, store, stored)
    app.run(getattr(options, "max_frames", None))
    if ctx.store is not None:
        save_settings(ctx.store, remembered(ctx.settings, app.windowed_size, app.maximised))
    pygame.quit()
    return 0


def run_replay(session: Any, max_frames: int | None = None) -> int:
    """`ramigui replay FILE`: the replay viewer opens on the game (nothing is saved), as
    Statistics → Games opens it."""
    # imported here, so that the menus' start-up does not load the replay's code
    from ramigui.ui.replay_screen import ReplayScreen

    options = Namespace(lang=None, size=None, fullscreen=False, demo=False, variant=None)
    settings = Settings()
    i18n.set_language(settings.language)
    app = App(open_window(None, False), settings, fullscreen=False)
    ctx = open_menus(app, options)
    app.push(ReplayScreen(ctx, session))
    frames = max_frames if max_frames is not None else int(os.environ.get("RAMIGUI_MAX_FRAMES", "0")) or None
    app.run(frames)
    pygame.quit()
    return 0
