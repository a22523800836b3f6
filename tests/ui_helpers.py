"""Driving the real table loop with posted pygame events (dummy video driver), shared by the
table tests of every family: what a hand on a mouse, a keyboard or a finger does."""

from __future__ import annotations

import time
from argparse import Namespace
from collections.abc import Iterator
from contextlib import contextmanager

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Game
from ramigui.settings import Settings
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.fonts import forget_fonts
from ramigui.ui.menu import open_menus
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene

SIZE = (1280, 800)


@contextmanager
def open_app(size: tuple[int, int] = SIZE, **settings: object) -> Iterator[App]:
    """A window under the dummy driver; animations and bots instant unless told otherwise,
    and the loop's time frame by frame (`FrameClock`): a test that needs the wall clock
    (real pacing, a bot's thread given real time) sets `app.clock` itself."""
    pygame.display.init()
    pygame.font.init()
    forget_fonts()  # fonts made before an earlier test's pygame.quit() are dead
    i18n.set_language("en")
    screen = pygame.display.set_mode(size)
    pygame.event.clear()
    chosen = {"animation_speed": "instant", "bot_speed": "instant", **settings}
    app = App(screen, Settings(**chosen), idle_wait=False)  # type: ignore[arg-type]
    app.clock = FrameClock()
    try:
        yield app
    finally:
        pygame.display.quit()


@contextmanager
def open_menus_app(store: Store, size: tuple[int, int] = SIZE, lang: str | None = "en") -> Iterator[App]:
    """The real start: a window, the stored settings put in force and the main menu
    (`open_menus`, `lang` as `--lang` gives it); every scene is left at the end."""
    pygame.display.init()
    pygame.font.init()
    made = App(pygame.display.set_mode(size), Settings(), idle_wait=False)
    open_menus(made, Namespace(lang=lang), store)
    pygame.event.clear()
    try:
        yield made
    finally:
        while made.scenes:
            made.pop()
        i18n.set_language("en")
        pygame.display.quit()


def table(app: App, game: Game, humans: list[bool] | None = None) -> TableScene:
    players = game.players
    config = TableConfig(variant=game.variant.id, players=players, seed=1,
                         humans=humans or [seat == 0 for seat in range(players)])
    scene = TableScene(config, game)
    app.push(scene)
    app.step()
    return scene


def post(kind: int, **fields: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press, move in steps, release."""
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    for k in range(1, 6):
        pos = (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5)
        post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    post(pygame.MOUSEBUTTONUP, button=1, pos=end)
    app.step()


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    settle(app, 3)  # a button's UI_ACTION is handled on the next iterations


def press(app: App, *keys: int) -> None:
    for key in keys:
        post(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        settle(app, 3)  # a key → a button's UI_ACTION → a question's answer


def hand_point(scene: TableScene, card: Card) -> tuple[int, int]:
    """A point on the visible part of `card` in the fanned hand."""
    index = scene.order.index(card)
    rect = scene.hand_rect(index)
    return rect.left + 10, rect.top + 20


def button_point(scene: TableScene, action: str) -> tuple[int, int]:
    button = next(b for b in scene.buttons if b.action == action)
    assert button.visible and button.enabled, f"{action} is not clickable"
    return button.rect.center


def settle(app: App, frames: int = 60, wall: float = 30.0) -> None:
    """Let bots and flights finish: `frames` frames of the table's own time, not counting
    the frames in which a bot is still thinking in its thread (wall-clock time, longer on a
    busy machine), for at most `wall` seconds of those."""
    deadline = time.monotonic() + wall
    done = 0
    while done < frames:
        app.step()
        if not (_bot_computing(app) and time.monotonic() < deadline):
            done += 1


def _bot_computing(app: App) -> bool:
    return any(isinstance(scene, TableScene) and scene.bots.seats.computing for scene in app.scenes)


def claim_handoff(app: App, limit: int = 400) -> None:
    """The next player's deliberate act at the hand-off: wait until it takes input (its
    guard), then press its named key, as a person would."""
    from ramigui.ui.overlays import HANDOFF_KEY, HandoffScene

    for _ in range(limit):
        top = app.top
        if isinstance(top, HandoffScene) and top.ready:
            break
        app.step()
    assert isinstance(app.top, HandoffScene) and app.top.ready, "no hand-off waiting"
    press(app, HANDOFF_KEY)


class FrameClock:
    """A loop clock whose every frame lasts 1/60 s without the wait: the table's own time
    (the hand-off's guard, the bots' pauses, a hint's life) runs frame by frame, at full
    speed. `app.clock = FrameClock()`."""

    def tick(self, fps: int = 60) -> int:
        # Let the bot's thread run, as the real clock's wait does: without it a loop that
        # never sleeps holds the GIL and a bot importing its module takes seconds of frames.
        time.sleep(0)
        return 1000 // 60

    def present(self) -> None:
        """A frame shows as soon as it is drawn."""


def frames(app: App, seconds: float) -> None:
    """Run the loop for `seconds` of its own time (with a FrameClock: 60 frames a second)."""
    for _ in range(int(seconds * 60) + 2):
        app.step()
