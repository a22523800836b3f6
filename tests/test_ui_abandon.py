"""A new game never silently replaces the saved one: Start on the New game screen,
a double click on it, and `--variant` on the command line all ask "Abandon the game in
progress?" first; the answer takes a deliberate act; an abandoned game goes to the
statistics as unfinished. Driven through the real loop with posted events."""

from __future__ import annotations

from argparse import Namespace
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from ramigui import i18n
from ramigui.session import GameSession, GameSetup, Seat
from ramigui.settings import Settings
from ramigui.stats import load_stats
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.game_screen import SessionTable
from ramigui.ui.menu import MainMenu, open_menus, open_table
from ramigui.ui.screen import ABANDON_GUARD, ConfirmScene
from ramigui.ui.seats import TableConfig
from ramigui.ui.setup_screen import SetupScreen

SIZE = (1024, 600)
SAVED = GameSetup("rami51", (Seat("Papi"), Seat("Léa")))


@pytest.fixture
def window(store: Store) -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode(SIZE)
    i18n.set_language("en")
    pygame.display.quit()


def _saved_game(store: Store) -> GameSession:
    session = GameSession.new(SAVED, store, seed=4)
    for _ in range(6):
        moves = session.game.legal_moves()
        session.play(next((m for m in moves if m.kind not in ("undo", "meld")), moves[0]))
    return session


def _post(kind: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def _click(app: App, pos: tuple[int, int], steps: int = 3) -> None:
    _post(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)
    _post(pygame.MOUSEBUTTONUP, button=1, pos=pos)
    for _ in range(steps):
        app.step()


def _wait(app: App, seconds: float) -> None:
    """Let the loop run for `seconds` of its own time (frames at 60 per second)."""
    for _ in range(int(seconds * 60) + 10):
        app.step()


def _start_button(app: App) -> tuple[int, int]:
    screen = app.top
    assert isinstance(screen, SetupScreen)
    return next(c for c in screen.controls if getattr(c, "action", "") == "start").rect.center


def test_start_with_a_saved_game_asks_and_a_double_click_never_answers(store: Store, window: pygame.Surface) -> None:
    saved = _saved_game(store)
    before = store.current_game_path.read_bytes()
    app = App(window, Settings(), idle_wait=False)
    open_menus(app, Namespace(lang="en"), store)
    app.push(SetupScreen(app.scenes[0].ctx))  # type: ignore[attr-defined]
    app.step()
    start = _start_button(app)
    _post(pygame.MOUSEBUTTONDOWN, button=1, pos=start)  # a double click on Start
    _post(pygame.MOUSEBUTTONUP, button=1, pos=start)
    app.step()
    app.step()
    assert isinstance(app.top, ConfirmScene)
    question = app.top
    assert question.detail == i18n.tr("abandon.detail")  # a game with moves goes to the statistics
    for pos in (start, question.buttons[0].rect.center):  # the second click, wherever it lands
        _click(app, pos, steps=1)
    _post(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y")  # nor a key hit at once
    _post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.step()
    assert app.top is question and question.age < ABANDON_GUARD
    assert store.current_game_path.read_bytes() == before
    _wait(app, ABANDON_GUARD)
    _click(app, question.buttons[1].rect.center)  # "Keep it"
    assert isinstance(app.top, SetupScreen)
    assert store.current_game_path.read_bytes() == before and load_stats(store).history == ()
    # Asked again, and this time the player means it.
    _click(app, start)
    assert isinstance(app.top, ConfirmScene)
    _wait(app, ABANDON_GUARD)
    _click(app, app.top.buttons[0].rect.center)  # "Abandon it"
    for _ in range(3):
        app.step()
    assert isinstance(app.top, SessionTable)
    (abandoned,) = load_stats(store).history
    assert abandoned.game_id == saved.game_id and abandoned.unfinished
    resumed = GameSession.resume(store)
    assert resumed is not None and resumed.game_id != saved.game_id


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_variant_on_the_command_line_asks_before_replacing(store: Store, window: pygame.Surface, lang: str) -> None:
    _saved_game(store)
    before = store.current_game_path.read_bytes()
    store.close()  # the app opens the user's files itself, as at a real start
    app = App(window, Settings(), idle_wait=False)
    config = TableConfig("gin", 2, 9, humans=[True, False])
    open_table(app, Namespace(lang=lang), config)
    app.step()
    assert isinstance(app.top, ConfirmScene) and isinstance(app.scenes[0], MainMenu)
    assert i18n.tr("abandon.question") == app.top.question and app.top.detail
    _wait(app, ABANDON_GUARD)
    _post(pygame.KEYDOWN, key=pygame.K_n, mod=0, unicode="n")  # no: the saved game stays
    for _ in range(3):
        app.step()
    assert isinstance(app.top, MainMenu) and store.current_game_path.read_bytes() == before
    assert app.top.saved and not app.top.ctx.store.read_only  # Continue is offered


def test_variant_on_the_command_line_abandons_when_told(store: Store, window: pygame.Surface) -> None:
    saved = _saved_game(store)
    store.close()
    app = App(window, Settings(), idle_wait=False)
    open_table(app, Namespace(lang="en"), TableConfig("gin", 2, 9, humans=[True, False]))
    _wait(app, ABANDON_GUARD)
    _post(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y")
    for _ in range(4):
        app.step()
    assert isinstance(app.top, SessionTable) and app.top.game.variant.id == "gin"
    assert load_stats(store).history[0].game_id == saved.game_id


def test_a_game_nobody_played_is_said_to_be_removed_not_filed(store: Store, window: pygame.Surface) -> None:
    """Abandoning a game with no move forgets it (no statistics, no past game): the question
    says so rather than promising the statistics a game they will never get."""
    GameSession.new(SAVED, store, seed=4)
    app = App(window, Settings(), idle_wait=False)
    open_menus(app, Namespace(lang="en"), store)
    app.push(SetupScreen(app.scenes[0].ctx))  # type: ignore[attr-defined]
    app.step()
    _click(app, _start_button(app))
    question = app.top
    assert isinstance(question, ConfirmScene)
    assert question.detail == i18n.tr("abandon.detail_unplayed") != i18n.tr("abandon.detail")
    _wait(app, ABANDON_GUARD)
    _click(app, question.buttons[0].rect.center)  # "Abandon it"
    for _ in range(3):
        app.step()
    assert isinstance(app.top, SessionTable) and load_stats(store).history == ()


def test_an_unreadable_save_is_asked_about_as_a_played_game(store: Store) -> None:
    """The careful question where the save cannot be read: it may hold a game worth filing."""
    store.current_game_path.parent.mkdir(parents=True, exist_ok=True)
    store.current_game_path.write_bytes(b"{not json")
    assert GameSession.saved_game_played(store)
    assert store.current_game_path.read_bytes() == b"{not json", "asking sets nothing aside"


def test_a_game_is_given_up_from_the_pause_menu_and_filed_as_abandoned(store: Store,
                                                                      window: pygame.Surface) -> None:
    """A newcomer found no way to give a game up (only a new game asked about the saved one),
    though the statistics count abandoned games: the pause menu's last choice asks, and yes
    files the game as unfinished, removes the save and goes back to the main menu."""
    from ramigui.ui.game_screen import PauseMenu

    saved = GameSession.new(GameSetup("rami51", (Seat("Papi"), Seat("Bot", "easy"))), store, seed=4)
    saved.play("draw" if "draw" in [str(m) for m in saved.game.legal_moves()] else saved.game.legal_moves()[0])
    app = App(window, Settings(), idle_wait=False)
    open_menus(app, Namespace(lang="en"), store)
    resume = next(c for c in app.top.controls if getattr(c, "action", "") == "continue")  # type: ignore[attr-defined]
    _click(app, resume.rect.center)
    assert isinstance(app.top, SessionTable)
    _post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    app.step()
    menu = app.top
    assert isinstance(menu, PauseMenu)
    assert [action for action, _ in menu.items][-1] == "abandon_game"
    _click(app, next(b for b in menu.buttons if b.action == "abandon_game").rect.center)
    question = app.top
    assert isinstance(question, ConfirmScene) and question.question == i18n.tr("pause.abandon_question")
    _wait(app, ABANDON_GUARD)
    _click(app, question.buttons[1].rect.center)  # "Keep it": nothing changes
    assert isinstance(app.top, SessionTable) and store.current_game_path.exists()
    _post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b")
    app.step()
    _click(app, next(b for b in app.top.buttons if b.action == "abandon_game").rect.center)  # type: ignore[attr-defined]
    _wait(app, ABANDON_GUARD)
    _click(app, app.top.buttons[0].rect.center)  # type: ignore[attr-defined]  # "Abandon it"
    for _ in range(3):
        app.step()
    assert isinstance(app.top, MainMenu) and not app.top.saved
    (abandoned,) = load_stats(store).history
    assert abandoned.game_id == saved.game_id and abandoned.unfinished
    assert not store.current_game_path.exists()
