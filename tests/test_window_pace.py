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
