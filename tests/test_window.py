"""The window between runs: the first start is maximised over the desktop, later
starts reopen at the last size used, maximised again if it was; 640×400 is the least."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from ramigui import paths
from ramigui.settings import Settings, load_settings, save_settings
from ramigui.storage import Store
from ramigui.ui.app import App, parse_size
from ramigui.ui.window import MIN_SIZE, WindowStart, clamp_size, remembered, window_start


def test_the_smallest_window_is_640_by_400() -> None:
    assert MIN_SIZE == (640, 400)
    assert parse_size("320x200") == (640, 400)
    assert parse_size("640x400") == (640, 400)
    assert clamp_size((5000, 3000), (1920, 1080)) == (1920, 1080)


def test_the_first_start_is_maximised_over_most_of_the_desktop() -> None:
    start = window_start(None, True, None, (3840, 2160))
    assert start.maximise and start.size == (3264, 1836)


def test_a_later_start_reopens_at_the_last_size_and_state() -> None:
    assert window_start((1100, 700), False, None, (1920, 1080)) == WindowStart((1100, 700), False)
    assert window_start((1100, 700), True, None, (1920, 1080)) == WindowStart((1100, 700), True)
    assert window_start((2560, 1440), False, None, (1920, 1080)).size == (1920, 1080)  # a smaller screen now


def test_a_size_on_the_command_line_wins() -> None:
    assert window_start((1100, 700), True, (800, 500), (1920, 1080)) == WindowStart((800, 500), False)


def test_the_window_state_is_stored_and_read_back(store: Store) -> None:
    assert load_settings(store).window_size is None and load_settings(store).window_maximised
    save_settings(store, remembered(Settings(), (1000, 620), False))
    body = json.loads(store.settings_path.read_text())
    assert body["window_size"] == [1000, 620] and body["window_maximised"] is False
    again = load_settings(store)
    assert again.window_size == (1000, 620) and not again.window_maximised


@pytest.mark.parametrize("bad", [[10, 10], [1000], "1000x600", [1000.5, 600], [True, 600]])
def test_a_broken_window_size_takes_the_default(store: Store, bad: object) -> None:
    store.settings_path.parent.mkdir(parents=True, exist_ok=True)
    store.settings_path.write_text(json.dumps({"version": 1, "language": "fr", "window_size": bad}))
    loaded = load_settings(store)
    assert loaded.window_size is None and loaded.language == "fr"


def test_the_app_remembers_the_size_before_maximising() -> None:
    """SDL sends the new size first, then 'maximised': the size kept is the one before."""
    pygame.display.init()
    try:
        app = App(pygame.display.set_mode((900, 560), pygame.RESIZABLE), Settings(), idle_wait=False)
        assert app.windowed_size == (900, 560) and not app.maximised
        app.screen = pygame.display.set_mode((1000, 620), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=620))
        app.step()
        assert app.windowed_size == (1000, 620)
        pygame.display.set_mode((1400, 900), pygame.RESIZABLE)
        pygame.event.post(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1400, y=900))
        pygame.event.post(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        app.step()
        assert app.maximised and app.windowed_size == (1000, 620)
        pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
        app.step()
        assert not app.maximised
    finally:
        pygame.display.quit()


def test_quitting_the_game_keeps_the_window_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`ramigui` run for a few frames writes the window's size into the settings."""
    from ramigui.cli import main

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert main(["--size", "700x450", "--lang", "en", "--max-frames", "2"]) == 0
    body = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert body["window_size"] == [700, 450] and body["window_maximised"] is False


@pytest.mark.parametrize("restored", [False, True])
def test_a_maximised_window_is_remembered_maximised(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                    restored: bool) -> None:
    """A first start maximised under openbox must not save "window_maximised": false (SDL
    maximises a window not yet shown without the event the app listens for), or the next
    start would not be maximised. Asked for, it is remembered;
    a window the player restores (the event SDL does send) is remembered restored."""
    from ramigui.cli import main

    monkeypatch.setenv(paths.DATA_ENV, str(tmp_path / "data"))
    monkeypatch.setenv(paths.CONFIG_ENV, str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    real_step = App.step

    def step(self: App) -> None:
        if restored and self.frames == 0:
            pygame.event.post(pygame.event.Event(pygame.WINDOWRESTORED))
        real_step(self)

    monkeypatch.setattr(App, "step", step)
    assert main(["--lang", "en", "--max-frames", "3"]) == 0  # a first start: maximised
    body = json.loads((tmp_path / "config" / "settings.json").read_text())
    assert body["window_maximised"] is (not restored)
