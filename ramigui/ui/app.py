"""The window, the scene stack and the main loop.

A scene has a life cycle (enter, handle_event, update(dt), draw, leave) and says whether
something is moving (`busy`). When nothing moves the loop sleeps in `pygame.event.wait`,
so an idle table costs almost no CPU; while cards fly or a bot thinks it runs at 60 fps.
`draw` changes no state: a frame depends only on the scene's state after `update`.

This module knows no scene: the entry point (`launch`) pushes the first one, and each
scene pushes the next, so everything here sits below every screen.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import pygame

from ramigui import i18n
from ramigui.settings import Settings
from ramigui.ui.fonts import forget_fonts
from ramigui.ui.window import MIN_SIZE, WindowStart, desktop_size, limit_and_maximise, window_start

FPS = 60
IDLE_WAIT_MS = 400
PRESENT_S = 0.010
"""While things move, a frame reaches the screen this long after it began (LoopClock)."""
GIL_SWITCH_S = 0.001
"""How long a bot thinking in its thread may keep Python's lock once the window's thread
wants it back (Python's default, 5 ms, made a frame late whenever a bot thought): set for
the process by `open_window` (and `ramigui bench ui`), never by an App a test makes."""
NATIVE_FRAMEBUFFER = ("SDL_FRAMEBUFFER_ACCELERATION", "0")
"""On Linux the window's pixels go to X11 as they are (MIT-SHM), only the rectangles a
frame updates: SDL's default there copies the whole window into an OpenGL texture at every
update, whatever changed. Under Xvfb (Mesa's software OpenGL) a full 4K frame cost 43-67 ms
that way against 4.9 ms, and a card's rectangles 43 ms against 0.13 ms. Set the variable
to "1" to have SDL's way back."""
FIRST_FRAME_ENV = "RAMIGUI_FIRST_FRAME_FILE"
"""When set, the time (epoch seconds) of the first flip is written to this file: how
`ramigui bench ui` measures start-up from outside the process."""


def wait_for_event(timeout_ms: int, nap: float = 0.008) -> pygame.event.Event:
    """The next event, or NOEVENT after `timeout_ms`, napping `nap` seconds between looks.

    pygame's own `event.wait` looks for input every millisecond, which alone costs about
    2% of a core while a human thinks; an 8 ms nap costs a third of that and stays well
    under a frame of input delay."""
    deadline = time.perf_counter() + timeout_ms / 1000
    while True:
        event = pygame.event.poll()
        if event.type != pygame.NOEVENT or time.perf_counter() >= deadline:
            return event
        time.sleep(nap)


class LoopClock:
    """The loop's pace: a frame lasts at least 1000 // fps whole milliseconds (16 ms at 60
    fps, pygame's `Clock.tick` pace), measured and waited to the microsecond, and while
    things move each frame reaches the screen PRESENT_S after it began, however long it
    took to draw (up to then): the frames show at a steady pace. pygame's clock counted
    whole milliseconds (0.9 ms of work counted as 0 and every frame ran 16-17 ms), and a
    frame shown as soon as drawn came late by its own work (a move landing, a card's
    face drawn the first time)."""

    def __init__(self) -> None:
        self._begun = time.perf_counter()
        self._work_ms = 0.0
        self._held = 0.0

    def tick(self, fps: int = 0) -> float:
        """Wait until the frame begun at the last tick has lasted its time (no wait when
        `fps` is 0); the milliseconds since that tick."""
        now = time.perf_counter()
        self._work_ms = (now - self._begun - self._held) * 1000
        self._held = 0.0
        if fps > 0:
            left = self._begun + (1000 // fps) / 1000 - now
            if left > 0:
                time.sleep(left)
                now = time.perf_counter()
        elapsed = (now - self._begun) * 1000
        self._begun = now
        return elapsed

    def present(self) -> None:
        """Wait until this frame's time to reach the screen (PRESENT_S after it began)."""
        now = time.perf_counter()
        left = self._begun + PRESENT_S - now
        if left > 0:
            time.sleep(left)
            self._held += time.perf_counter() - now

    def get_rawtime(self) -> float:
        """The work of the last frame, in milliseconds: from the end of its wait to the start
        of the next one (the loop's events, updates, drawing and display update), its wait
        for its time to reach the screen left out."""
        return self._work_ms


class Scene:
    """Base scene: override what you need. `app` is set by the App when pushed."""

    opaque = True
    """An opaque scene hides the scenes below it (they are not drawn at all)."""

    def __init__(self) -> None:
        self.app: App | None = None

    def enter(self, app: App) -> None:
        self.app = app

    def leave(self) -> None:
        """Called when the scene is popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any state."""

    def busy(self) -> bool:
        """True while something moves, so the loop must keep running at full rate."""
        return False


@dataclass
class App:
    """The window and the scene stack. `step()` runs one iteration (tests call it)."""

    screen: pygame.Surface
    settings: Settings = field(default_factory=Settings)
    scenes: list[Scene] = field(default_factory=list)
    running: bool = True
    frames: int = 0
    idle_wait: bool = True
    fullscreen: bool = False
    windowed_size: tuple[int, int] = (1280, 800)
    """The last size of the window when neither maximised nor full screen (kept between runs)."""
    maximised: bool = False
    _dirty: bool = True
    _flipped: bool = False
    _last_drawn: tuple[tuple[Scene, ...], pygame.Surface | None] = ((), None)
    """The scenes the last frame drew, and on which screen: a scene drawn alone again on the
    same screen may redraw only what changed (`draw_changes`)."""
    clock: Any = None

    def __post_init__(self) -> None:
        self.clock = LoopClock()
        self._size_before = self.windowed_size
        if not self.fullscreen:
            self.windowed_size = self._size_before = self.screen.get_size()
        forget_fonts()  # fonts loaded before a pygame.font.quit() (an earlier window) are dead

    # --- the stack ----------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.enter(self)
        scene.resize(self.screen.get_size())
        self._dirty = True

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if not self.scenes:
            self.running = False
        self._dirty = True
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.push(scene)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def invalidate(self) -> None:
        """Ask for a redraw on the next iteration."""
        self._dirty = True

    # --- the loop -----------------------------------------------------------------------

    def run(self, max_frames: int | None = None) -> int:
        while self.running and self.scenes:
            self.step()
            if max_frames is not None and self.frames >= max_frames:
                break
        return 0

    def step(self) -> None:
        """Wait for an event when idle, handle events, update, and redraw if needed."""
        busy = any(scene.busy() for scene in self.scenes)
        events = []
        if self.idle_wait and not busy and not self._dirty:
            first = wait_for_event(IDLE_WAIT_MS)
            if first.type != pygame.NOEVENT:
                events.append(first)
        events.extend(pygame.event.get())
        dt = min(0.1, self.clock.tick(FPS) / 1000)
        for event in events:
            self._dispatch(event)
        for scene in list(self.scenes):
            scene.update(dt)
        if busy or self._dirty or events:
            self.draw(paced=busy)
        self.frames += 1

    def draw(self, paced: bool = False) -> None:
        """Draw from the lowest visible scene upwards, then flip; a scene alone on screen
        that drew the last frame too and can redraw only what changed does so, and only its
        changed rectangles are updated."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        shown = tuple(self.scenes[start:])
        changes = getattr(shown[0], "draw_changes", None) if len(shown) == 1 else None
        if changes is not None and self._last_drawn == (shown, self.screen):
            rects = changes(self.screen)
        else:
            rects = None
            for scene in shown:
                scene.draw(self.screen)
        self._last_drawn = (shown, self.screen)
        if paced:  # things move: the frame shows at its steady time
            self.clock.present()
        if rects is None:
            pygame.display.flip()
        elif rects:
            pygame.display.update(rects)
        self._dirty = False
        if not self._flipped:
            self._flipped = True
            _note_first_frame()

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self._resized()
            return
        if event.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self._maximised(event.type == pygame.WINDOWMAXIMIZED)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top is not None:
            self.top.handle_event(event)
        self._dirty = True

    def _resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        if not self.fullscreen and not self.maximised and self.screen.get_size() != self.windowed_size:
            self._size_before, self.windowed_size = self.windowed_size, self.screen.get_size()
        for scene in self.scenes:
            scene.resize(self.screen.get_size())
        self._dirty = True

    def _maximised(self, maximised: bool) -> None:
        """The window manager maximised or restored the window. The size change comes first,
        so on maximising the size to remember is the one before it."""
        if maximised and not self.maximised and self.screen.get_size() == self.windowed_size:
            self.windowed_size = self._size_before
        self.maximised = maximised
        self._dirty = True

    def toggle_fullscreen(self) -> None:
        """F11: fullscreen at the desktop size, or back to the last window size."""
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.screen.get_size()
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self._resized()


def _note_first_frame() -> None:
    """Write the time of the first flip where FIRST_FRAME_ENV asks (for the benchmark)."""
    path = os.environ.get(FIRST_FRAME_ENV)
    if path:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(f"{time.time():.6f}\n")


def parse_size(text: str | None) -> tuple[int, int] | None:
    """`1920x1080` → (1920, 1080); None or unreadable → None."""
    if not text:
        return None
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        return None
    return max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)


def open_window(start: WindowStart | None, fullscreen: bool) -> pygame.Surface:
    """Init pygame (audio is optional: never fail for lack of it) and open the window, at
    `start` (None: as a first start does, maximised over the desktop)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.setswitchinterval(GIL_SWITCH_S)
    if sys.platform.startswith("linux"):
        os.environ.setdefault(*NATIVE_FRAMEBUFFER)
    pygame.display.init()
    pygame.font.init()
    forget_fonts()
    pygame.display.set_caption(i18n.tr("app.title"))
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    start = start or window_start(None, True, None, desktop_size())
    screen = pygame.display.set_mode(start.size, pygame.RESIZABLE)
    limit_and_maximise(start.maximise)
    return screen
