"""The real game in a real X window: Xvfb for a screen, xdotool for a hand on the mouse.

The other UI tests post pygame events into the dummy driver; this one checks the whole
path a player's mouse takes — X11 input, SDL, the App loop, the table's drag and click —
by launching `python -m ramigui` as a user would and reading the game's autosave back.
Where to point is computed by building the same table in this process (same variant, seed,
window size and default settings), so no coordinate is hard-coded.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pygame
import pytest

from ramigui.cards import Card
from ramigui.rules import Game, Move
from ramigui.session import GameRecord, GameSession
from ramigui.settings import Settings as UserSettings
from ramigui.ui.app import FIRST_FRAME_ENV, App
from ramigui.ui.game_screen import SessionTable, start_table
from ramigui.ui.layout import TableLayout
from ramigui.ui.screen import Context, apply_settings
from ramigui.ui.sound import Sounds

MISSING = [tool for tool in ("Xvfb", "xdotool") if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(
    bool(MISSING), reason=f"needs {' and '.join(MISSING)} (Debian packages xvfb, xdotool; .ci/run installs them)")

SIZE = (1280, 800)
VARIANT = "rami51"
SEED = 4
TIMEOUT = 60.0
T = TypeVar("T")


# --- the X server and the game --------------------------------------------------------------

@pytest.fixture
def display() -> Iterator[str]:
    """A private Xvfb; it picks a free display number itself and tells us (-displayfd)."""
    read_end, write_end = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1600x1000x24",
                               "-nolisten", "tcp"], pass_fds=(write_end,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_end)
    try:
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()
        assert number, "Xvfb did not report a display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


class Window:
    """The launched game: its process, its X window and the files it writes."""

    def __init__(self, display: str, folder: Path) -> None:
        self.display = display
        self.folder = folder
        self.first_frame = folder / "first-frame"
        self.save = folder / "data" / "current_game.json"
        self.log = (folder / "game.log").open("w")
        env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy",
               "RAMIGUI_CONFIG_DIR": str(folder / "config"), "RAMIGUI_DATA_DIR": str(folder / "data"),
               FIRST_FRAME_ENV: str(self.first_frame), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
        command = [sys.executable, "-m", "ramigui", "--variant", VARIANT, "--players", "4", "--humans", "1",
                   "--seed", str(SEED), "--size", f"{SIZE[0]}x{SIZE[1]}", "--lang", "en"]
        self.process = subprocess.Popen(command, env=env, cwd=folder, stdout=self.log, stderr=subprocess.STDOUT)
        self.id = ""

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.log.close()

    def output(self) -> str:
        self.log.flush()
        return (self.folder / "game.log").read_text(errors="replace")[-3000:]

    def xdotool(self, *args: str) -> str:
        done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": self.display},
                              capture_output=True, text=True, timeout=30, check=False)
        assert done.returncode == 0, f"xdotool {' '.join(args)} failed: {done.stderr}"
        return done.stdout

    def wait_until(self, found: Callable[[], T | None], what: str) -> T:
        """Poll `found` until it returns something (not None/False), or fail saying `what`."""
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the game exited while waiting for {what}:\n{self.output()}"
            result = found()
            if result is not None and result is not False:
                return result
            time.sleep(0.05)
        pytest.fail(f"timed out after {TIMEOUT:g} s waiting for {what}\n{self.output()}")

    def find_window(self) -> None:
        """The game's window, once it has drawn its first frame."""
        self.wait_until(self.first_frame.is_file, "the first frame")

        def search() -> str | None:
            done = subprocess.run(["xdotool", "search", "--pid", str(self.process.pid)],
                                  env={**os.environ, "DISPLAY": self.display},
                                  capture_output=True, text=True, timeout=30, check=False)
            ids = done.stdout.split()
            return ids[0] if ids else None

        self.id = self.wait_until(search, "the game's X window")

    def saved(self) -> GameRecord | None:
        """The autosave (None while it is missing; it is replaced atomically)."""
        try:
            return GameRecord.from_json(json.loads(self.save.read_text()))
        except (OSError, ValueError):
            return None

    def drag(self, start: tuple[int, int], end: tuple[int, int]) -> None:
        """Press, move in steps (past the drag threshold), release: a hand on a mouse."""
        steps = ["mousemove", "--window", self.id, str(start[0]), str(start[1]), "sleep", "0.1", "mousedown", "1"]
        for k in range(1, 9):
            x = start[0] + (end[0] - start[0]) * k // 8
            y = start[1] + (end[1] - start[1]) * k // 8
            steps += ["sleep", "0.03", "mousemove", "--window", self.id, str(x), str(y)]
        self.xdotool(*steps, "sleep", "0.1", "mouseup", "1")

    def click(self, point: tuple[int, int]) -> None:
        self.xdotool("mousemove", "--window", self.id, str(point[0]), str(point[1]), "sleep", "0.1", "click", "1")


@pytest.fixture
def window(display: str, tmp_path: Path) -> Iterator[Window]:
    launched = Window(display, tmp_path)
    try:
        launched.find_window()
        yield launched
    finally:
        launched.close()


# --- where to point: the same table, built here -------------------------------------------------

@pytest.fixture(autouse=True)
def headless_display() -> Iterator[None]:
    """The mirror tables below live on this process's dummy display (they never draw)."""
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.display.quit()


class Mirror:
    """The table the window shows, built here by the same code (same record, size and default
    settings) and fed the same moves, so its hand order and layout are the window's."""

    def __init__(self, record: GameRecord) -> None:
        app = App(pygame.display.set_mode(SIZE), UserSettings())
        ctx = Context(None, replace(UserSettings(), language="en"), Sounds(False))
        apply_settings(app, ctx.settings)
        start = replace(record, moves=())
        self.table: SessionTable = start_table(app, ctx, GameSession.from_record(start, None))

    def catch_up(self, record: GameRecord) -> Game:
        """Play the moves the window played since last time, through the table."""
        for move in record.moves[len(self.table.game.log):]:
            assert self.table.play(move), f"the mirror refused {move}"
        return self.table.game

    @property
    def layout(self) -> TableLayout:
        assert self.table.layout is not None
        return self.table.layout

    def last_hand_card(self) -> tuple[Card, tuple[int, int]]:
        """The rightmost card of the hand (drawn in full) and a point on it."""
        index = len(self.table.order) - 1
        point = self.layout.hand[index].center
        assert self.table.pointer.hit_hand(point, self.table.frame()) == index
        return self.table.order[index], point


def moves_of(record: GameRecord | None, seat: int) -> list[Move]:
    """The moves `seat` has played in the saved game."""
    return [move for who, move in record.replay().log if who == seat] if record is not None else []


# --- the test -------------------------------------------------------------------------------------

@pytest.mark.long  # nine seconds of a real window: the long step, beside the kill -9 runs
def test_mouse_in_a_real_window_discards_draws_and_discards(window: Window) -> None:
    record = window.wait_until(window.saved, "the autosave of the new game")
    mirror = Mirror(record)
    game = mirror.catch_up(record)
    assert game.to_play == 0 and len(game.hand(0)) == 15  # Rami 51: the first player discards first
    card, point = mirror.last_hand_card()
    assert game.is_legal(Move("discard", (card,)))

    window.drag(point, mirror.layout.discard.center)
    played = window.wait_until(lambda: moves_of(window.saved(), 0) or None, "the human's discard")
    assert played == [Move("discard", (card,))]

    def human_to_draw() -> GameRecord | None:
        saved = window.saved()
        game = saved.replay() if saved is not None else None
        if game is None or game.round_over or game.to_play != 0 or len(game.log) < 2:
            return None
        return saved if game.view(0).public.phase == "draw" else None

    game = mirror.catch_up(window.wait_until(human_to_draw, "the bots' turns, then the human's again"))
    hand_before = Counter(game.hand(0))
    window.click(mirror.layout.stock.center)
    record = window.wait_until(lambda: (r := window.saved()) and len(moves_of(r, 0)) == 2 and r,
                               "the human's draw from the stock")
    assert moves_of(record, 0)[-1] == Move("draw")
    game = mirror.catch_up(record)
    assert sum((Counter(game.hand(0)) - hand_before).values()) == 1

    card, point = mirror.last_hand_card()
    window.drag(point, mirror.layout.discard.center)
    record = window.wait_until(lambda: (r := window.saved()) and len(moves_of(r, 0)) == 3 and r,
                               "the human's second discard")
    assert moves_of(record, 0)[-1] == Move("discard", (card,))
