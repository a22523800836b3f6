"""The window's pace and its way to the screen: the loop's clock waits to the microsecond,
and on Linux the window's pixels go to X11 as they are, only the rectangles updated."""

from __future__ import annotations

import sys

import pygame
import pytest

from ramigui.ui import app as app_module


def test_the_loop_clock_waits_out_the_frame_to_the_microsecond(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [100.0]
    slept: list[float] = []

    def sleep(seconds: float) -> None:
        slept.append(seconds)
        now[0] += seconds

    monkeypatch.setattr(app_module.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(app_module.time, "sleep", sleep)
    clock = app_module.LoopClock()
    now[0] += 0.0009  # a frame's work of 0.9 ms: pygame's clock counted 0 and waited 16 ms more
    assert clock.tick(60) == pytest.approx(16.0)
    assert slept == [pytest.approx(0.0151)]
    assert clock.get_rawtime() == pytest.approx(0.9)
    now[0] += 0.020  # a slow frame: no wait at all
    assert clock.tick(60) == pytest.approx(20.0)
    assert len(slept) == 1 and clock.get_rawtime() == pytest.approx(20.0)




def test_a_moving_frame_shows_at_its_time_and_its_wait_is_not_work(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [50.0]

    def sleep(seconds: float) -> None:
        now[0] += seconds

    monkeypatch.setattr(app_module.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(app_module.time, "sleep", sleep)
    clock = app_module.LoopClock()
    clock.tick(60)
    begun = now[0]
    now[0] += 0.003  # drawn in 3 ms: shown at 10 ms
    clock.present()
    assert now[0] == pytest.approx(begun + app_module.PRESENT_S)
    now[0] += 0.001
    clock.tick(60)
    assert now[0] == pytest.approx(begun + 0.016)
    assert clock.get_rawtime() == pytest.approx(4.0)  # 3 ms drawing + 1 ms after the display update
    now[0] += 0.012  # drawn in 12 ms: shown at once, late
    clock.present()
    assert now[0] == pytest.approx(begun + 0.016 + 0.012)


def test_the_loop_paces_the_display_update_only_while_things_move(monkeypatch: pytest.MonkeyPatch) -> None:
    presented: list[bool] = []

    class Clock:
        def tick(self, fps: int = 0) -> float:
            return 16.0

        def present(self) -> None:
            presented.append(True)

    pygame.display.init()
    app = app_module.App(pygame.display.set_mode((320, 200)), idle_wait=False)
    app.clock = Clock()

    class Still(app_module.Scene):
        moving = False

        def busy(self) -> bool:
            return self.moving

    scene = Still()
    app.push(scene)
    app.step()
    assert presented == []
    scene.moving = True
    app.step()
    assert presented == [True]
    pygame.display.quit()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the native framebuffer is chosen on Linux")
def test_the_window_asks_sdl_for_the_native_framebuffer_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SDL_FRAMEBUFFER_ACCELERATION", raising=False)
    monkeypatch.setattr(app_module.sys, "setswitchinterval", lambda seconds: None)  # the process's, not a test's
    app_module.open_window(None, False)
    assert app_module.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "0"
    pygame.display.quit()
    monkeypatch.setenv("SDL_FRAMEBUFFER_ACCELERATION", "1")  # a person's own choice stays
    app_module.open_window(None, False)
    assert app_module.os.environ["SDL_FRAMEBUFFER_ACCELERATION"] == "1"
    pygame.display.quit()
