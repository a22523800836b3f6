"""Form controls for the menus: a value chooser, a text field, a selectable list row.

Kept apart from `widgets.py` (the table's buttons and text) so the two screens can grow
without editing one file. Same contract as `widgets.Button`: a control gets the event
first, says whether it used it, and reports a change by posting `UI_ACTION` with its
`action`, `name` and `value` — it never calls screen or game code.

Hand-made rather than pygame-gui: the table already draws its own widgets with suit
symbols as shapes and sizes computed from the window; these reuse that text cache and
look, scale with the window from 1024×600 to 4K, and add no dependency.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ramigui.ui.widgets import (
    GOLD,
    UI_ACTION,
    WHITE,
    Colour,
    blit_text,
    draw_panel,
    fitted_size,
    pointer_press,
    text_width,
)

INK: Colour = (40, 36, 28)
FIELD_FILL = (250, 246, 232, 250)
FOCUS_RING = (*GOLD, 255)
SELECTION = (170, 200, 250)
MAX_FIELD_CHARS = 24


def post(action: str, **params: Any) -> None:
    pygame.event.post(pygame.event.Event(UI_ACTION, action=action, **params))


@dataclass
class Choice:
    """One value among several, shown as `◀ value ▶`: click a side or press ←/→ when focused.

    `values` are the real values; `text(value)` says each in the player's language.
    Posts UI_ACTION(action, name=name, value=new value).
    """

    action: str
    name: str
    values: Sequence[Any]
    text: Callable[[Any], str]
    rect: pygame.Rect
    index: int = 0
    focused: bool = False
    visible: bool = True
    enabled: bool = True
    wraps: bool = False
    """False (every spinner): ◀ at the least value stays there rather than jumping to the
    greatest (rounds 1 → 30 on one click too many), and its arrow is greyed."""

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def select(self, value: Any) -> None:
        if value in self.values:
            self.index = list(self.values).index(value)

    def step(self, delta: int) -> None:
        """Move to the next (+1) or previous (-1) value, wrapping, and report it."""
        if not self.values:
            return
        if not self.wraps and not 0 <= self.index + delta < len(self.values):
            return
        self.index = (self.index + delta) % len(self.values)
        post(self.action, name=self.name, value=self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.step(-1 if event.pos[0] < self.rect.left + self.rect.width // 3 else 1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            return False  # the wheel scrolls the page, never changes a value by accident
        if self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.step(1 if event.key == pygame.K_RIGHT else -1)
            return True
        return False

    def draw(self, target: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.rect
        radius = rect.height // 3
        draw_panel(target, rect, FIELD_FILL if self.enabled else (255, 255, 255, 60), radius,
                   FOCUS_RING if self.focused else (0, 0, 0, 0))
        size = max(12, int(rect.height * 0.5))
        arrow = max(10, int(rect.height * 0.32))
        last = len(self.values) - 1
        _arrow(target, (rect.left + rect.height // 2, rect.centery), arrow, -1, self.wraps or self.index > 0)
        _arrow(target, (rect.right - rect.height // 2, rect.centery), arrow, 1, self.wraps or self.index < last)
        label = self.text(self.value)
        room = rect.width - rect.height * 2
        blit_text(target, label, fitted_size(label, size, room, True), INK, rect.center, "center",
                  bold=True, light_suits=False)


def _arrow(target: pygame.Surface, centre: tuple[int, int], size: int, direction: int, live: bool = True) -> None:
    """A filled triangle pointing left (-1) or right (+1); greyed when it leads nowhere."""
    x, y = centre
    half = size // 2
    points = [(x + direction * half, y), (x - direction * half, y - half), (x - direction * half, y + half)]
    pygame.draw.polygon(target, (150, 112, 40) if live else (200, 194, 178), points)


def number_values(low: int, high: int, default: int) -> list[int]:
    """Values a number option offers: every one on small ranges, round steps on large ones."""
    span = high - low
    step = 1 if span <= 40 else 5 if span <= 200 else 10
    values = set(range(low, high + 1, step)) | {low, high, default}
    return sorted(v for v in values if v == default or v in (low, high) or v % step == 0)


@dataclass
class TextField:
    """A one-line text entry (a player's name). Click or Tab to focus; type; Enter to leave.

    Posts UI_ACTION(action, name=name, value=text) on every change, and
    UI_ACTION("field_full", name=name, limit=n) when typing goes past its limit (the
    screen says so: the characters past it are not taken).
    """

    action: str
    name: str
    text: str
    rect: pygame.Rect
    focused: bool = False
    visible: bool = True
    enabled: bool = True
    limit: int = MAX_FIELD_CHARS
    placeholder: Callable[[], str] = field(default=lambda: "")
    all_selected: bool = False
    """Ctrl+A selected the whole text: the next character typed replaces it, Backspace
    clears it."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.rect.collidepoint(event.pos):
                post("focus", name=self.name)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(event.pos):
            return True
        if not self.focused:
            self.all_selected = False
            return False
        if event.type == pygame.TEXTINPUT:
            kept = "" if self.all_selected else self.text
            typed = kept + event.text
            self._set(typed[: self.limit])
            if len(typed) > self.limit:
                post("field_full", name=self.name, limit=self.limit)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_a and getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.all_selected = bool(self.text)
            return True
        if event.key == pygame.K_BACKSPACE:
            self._set("" if self.all_selected else self.text[:-1])
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
            self.all_selected = False
        return False

    def _set(self, text: str) -> None:
        if text.isprintable():
            self.all_selected = False
            self.text = text
            post(self.action, name=self.name, value=text)

    def draw(self, target: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.rect
        draw_panel(target, rect, FIELD_FILL, rect.height // 4, FOCUS_RING if self.focused else (120, 110, 90, 255))
        size = max(12, int(rect.height * 0.5))
        pad = rect.height // 3
        shown = self.text or self.placeholder()
        colour: Colour = INK if self.text else (140, 130, 110)
        shown_size = fitted_size(shown + "|", size, rect.width - 2 * pad)
        if self.focused and self.all_selected and self.text:
            width = text_width(shown, shown_size)
            pygame.draw.rect(target, SELECTION, pygame.Rect(rect.left + pad - 2, rect.top + pad // 2, width + 4,
                                                            rect.height - pad))
        text_rect = blit_text(target, shown, shown_size, colour, (rect.left + pad, rect.centery), "midleft",
                              light_suits=False)
        if self.focused:
            x = rect.left + pad + (text_rect.width if self.text else 0) + 2
            pygame.draw.line(target, INK, (x, rect.top + pad // 2 + 2), (x, rect.bottom - pad // 2 - 2), 2)


@dataclass
class ListRow:
    """A selectable row in a list (a variant, a finished game): click or Enter posts its action."""

    action: str
    value: Any
    title: Callable[[], str]
    rect: pygame.Rect
    subtitle: Callable[[], str] = field(default=lambda: "")
    name: str = ""
    trailing: Callable[[], str] = field(default=lambda: "")
    """Words at the row's right end saying what a click does ("Replay ▸"): a past game's row
    did not look clickable."""
    selected: bool = False
    focused: bool = False
    visible: bool = True
    enabled: bool = True
    hot: bool = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not (self.visible and self.enabled):
            return False
        keyed = self.focused and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        return pointer_press(self, event, keyed, lambda: post(self.action, value=self.value))

    def draw(self, target: pygame.Surface) -> None:
        if not self.visible:
            return
        rect = self.rect
        if self.selected:
            fill = (240, 226, 178, 250)
        elif self.hot:
            fill = (255, 255, 255, 50)
        else:
            fill = (0, 0, 0, 70)
        draw_panel(target, rect, fill, rect.height // 4, FOCUS_RING if self.focused else (0, 0, 0, 0))
        colour = INK if self.selected else WHITE
        pad = max(8, rect.height // 4)
        sub = self.subtitle()
        size = max(12, int(rect.height * (0.36 if sub else 0.5)))
        title = self.title()
        sub_colour: Colour = (80, 70, 50) if self.selected else (200, 220, 205)
        room = rect.width - 2 * pad
        tail = self.trailing()
        if tail:
            tail_size = max(11, int(size * 0.85))
            blit_text(target, tail, tail_size, sub_colour, (rect.right - pad, rect.centery), "midright", bold=True)
            room -= text_width(tail, tail_size, True) + pad
        if sub:
            blit_text(target, title, fitted_size(title, size, room, True), colour,
                      (rect.left + pad, rect.top + rect.height // 2 - 1), "bottomleft", bold=True,
                      light_suits=not self.selected)
            small = max(11, int(size * 0.85))
            blit_text(target, sub, fitted_size(sub, small, room), sub_colour,
                      (rect.left + pad, rect.top + rect.height // 2 + 2), "topleft", light_suits=not self.selected)
        else:
            blit_text(target, title, fitted_size(title, size, room, True), colour,
                      (rect.left + pad, rect.centery), "midleft", bold=True, light_suits=not self.selected)
