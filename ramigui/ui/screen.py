"""What every menu screen shares: the context they are given, sizes, focus, scrolling.

A menu screen is a `Scene` that rebuilds its controls from its own model whenever the
window, the language or a value changes (building is cheap; the text is cached), so a
control never holds state the screen does not. The keyboard moves a focus ring through
the controls (Tab / ↑ ↓, ←/→ change a value, Enter activates, Esc goes back); the mouse
wheel scrolls what does not fit, so 1024×600 shows everything that 4K shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from ramigui import i18n
from ramigui.settings import Settings, save_settings
from ramigui.storage import Store
from ramigui.ui.app import App, Scene
from ramigui.ui.controls import FOCUS_RING, Choice, ListRow, TextField
from ramigui.ui.felt import felt
from ramigui.ui.sound import Sounds
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    INPUT_EVENTS,
    OVERLAY_FILL,
    UI_ACTION,
    WHITE,
    Button,
    TextSuits,
    blit_text,
    dim_screen,
    draw_panel,
    share_text_size,
    text_surface,
    text_width,
    wrap_lines,
)

"""The settings' card size as the table's card scale factor."""

Control = Button | Choice | TextField | ListRow


@dataclass(frozen=True)
class Label:
    """A line of text a screen shows; `clip` ones scroll and are cut at the viewport."""

    text: str
    size: int
    colour: tuple[int, int, int]
    pos: tuple[int, int]
    anchor: str = "topleft"
    bold: bool = False
    clip: bool = False


@dataclass
class Context:
    """What the menus need, passed explicitly: the files, the player's settings, the sounds."""

    store: Store | None
    settings: Settings
    sounds: Sounds

    def change(self, app: App | None, **changes: Any) -> Settings:
        """Save changed settings and apply them at once (language, table look, sound)."""
        self.settings = replace(self.settings, **changes)
        if self.store is not None:
            save_settings(self.store, self.settings)
        if app is not None:
            apply_settings(app, self.settings, fullscreen="fullscreen" in changes)
        self.sounds.enabled = self.settings.sound
        return self.settings


def apply_settings(app: App, settings: Settings, fullscreen: bool = False) -> None:
    """Put the settings in force: the window's (`app.settings`, which every screen reads)
    and the language. `fullscreen` also switches the window mode."""
    i18n.set_language(settings.language)
    TextSuits.four_colour = settings.four_colour
    app.settings = settings
    pygame.display.set_caption(i18n.tr("app.title"))
    if fullscreen and settings.fullscreen != app.fullscreen:
        app.toggle_fullscreen()
    for scene in app.scenes:
        scene.resize(app.screen.get_size())
    app.invalidate()


@dataclass(frozen=True)
class Metrics:
    """Sizes derived from the window: big text for the sofa, everything else from it."""

    width: int
    height: int

    @property
    def text(self) -> int:
        return max(16, int(min(self.width / 50, self.height / 28)))

    @property
    def small(self) -> int:
        return max(14, int(self.text * 0.8))

    @property
    def title(self) -> int:
        return int(self.text * 1.7)

    @property
    def pad(self) -> int:
        return max(8, int(self.text * 0.7))

    @property
    def row(self) -> int:
        return int(self.text * 2.1)

    @property
    def header(self) -> int:
        """Height of the title band at the top."""
        return int(self.title * 1.9)

    @property
    def footer(self) -> int:
        """Height of the button band at the bottom."""
        return self.row + self.pad * 2


class Screen(Scene):
    """Base of the menu screens: subclasses fill `build()` and `on_action()`."""

    title_key = "app.title"
    scrollable = False
    chooser_row = False
    """A row of choosers (variant, view) sits under the title and does not scroll."""

    def __init__(self, ctx: Context) -> None:
        super().__init__()
        self.ctx = ctx
        self.controls: list[Control] = []
        self.labels: list[Label] = []
        self.focus = -1
        self.scroll = 0
        self.content_height = 0
        self.size = (1280, 800)

    # --- building ----------------------------------------------------------------------

    @property
    def m(self) -> Metrics:
        return Metrics(*self.size)

    @property
    def viewport(self) -> pygame.Rect:
        """The scrolling part of the screen: between the title band (and the row of choosers
        under it, on screens that have one) and the footer."""
        m = self.m
        top = m.header + (m.row + m.pad if self.chooser_row else 0)
        return pygame.Rect(0, top, m.width, m.height - top - m.footer)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.rebuild()

    def rebuild(self) -> None:
        self.controls = []
        self.labels = []
        self.content_height = 0
        self.build()
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        if self.focus >= len(self.controls):
            self.focus = len(self.controls) - 1
        for index, control in enumerate(self.controls):
            if hasattr(control, "focused"):
                control.focused = index == self.focus
        if self.app is not None:
            self.app.invalidate()

    def build(self) -> None:
        """Create `self.controls` for the current size, language, values and scroll."""

    def add(self, control: Control) -> Control:
        self.controls.append(control)
        return control

    def label(self, text: str, size: int, colour: tuple[int, int, int], pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, clip: bool = False) -> None:
        self.labels.append(Label(text, size, colour, pos, anchor, bold, clip))

    def paragraph(self, text: str, size: int, colour: tuple[int, int, int], left: int, top: int,
                  width: int, clip: bool = False) -> int:
        """Wrapped text from (left, top) in content coordinates; returns the bottom."""
        from ramigui.ui.widgets import wrap_lines

        y = top
        step = int(size * 1.3)
        for line in wrap_lines(text, size, width):
            self.label(line, size, colour, (left, y - (self.scroll if clip else 0)), clip=clip)
            y += step
        return y

    def scrolled(self, rect: pygame.Rect) -> pygame.Rect:
        """A rect given in content coordinates, moved by the scroll; hidden outside the view."""
        return rect.move(0, -self.scroll)

    def shown(self, rect: pygame.Rect) -> bool:
        """Whether a scrolled control shows: even partly (it is drawn cut at the viewport)."""
        return self.viewport.colliderect(rect) or not self.scrollable

    def cut_off(self, control: Any, pos: tuple[int, int]) -> bool:
        """A press on the hidden part of a scrolled control (over the title or the footer)."""
        rect = control.rect
        view = self.viewport
        return self.scrollable and view.colliderect(rect) and not view.collidepoint(pos)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.viewport.height)

    def footer_buttons(self, specs: list[tuple[str, str]]) -> list[Button]:
        """Buttons spread along the bottom band, left to right (action, label key)."""
        m = self.m
        count = max(1, len(specs))
        room = m.width - m.pad * (count + 1)
        size = max(12, int(m.row * 0.42))  # a button's own text size (`Button.fitted_size`)
        natural = [max(int(m.text * 8), text_width(i18n.tr(key), size, True) + 2 * m.pad) for _, key in specs]
        # each as wide as its words where all fit: "Enregistrer la feuille en image" made every
        # label of the final sheet's row small, squeezed into equal widths
        widths = natural if sum(natural) <= room else [min(int(m.text * 11), room // count)] * count
        left = (m.width - sum(widths) - (count - 1) * m.pad) // 2
        top = m.height - m.footer + m.pad
        made = []
        for (action, key), width in zip(specs, widths, strict=True):
            made.append(Button(action, (lambda k=key: i18n.tr(k)), pygame.Rect(left, top, width, m.row)))
            left += width + m.pad
        share_text_size(made)  # "Enregistrer la feuille en image" stood smaller than "Retour"
        for button in made:
            self.add(button)
        return made

    # --- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION:
            self.ctx.sounds.play("click")
            if event.action == "back":
                self.back()
                return True
            if event.action == "focus":
                self.focus_named(event.name)
                return True
            return self.on_action(event.action, event)
        if event.type == pygame.MOUSEWHEEL and self.scrollable:
            self.scroll_by(-event.y * self.m.row)
            return True
        pos = getattr(event, "pos", None)
        for control in self.controls:
            if pos is not None and self.cut_off(control, pos):
                continue
            if control.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self.on_key(event)
        return False

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        return False

    def on_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if isinstance(self.focused_control(), TextField):
                self.leave_field()  # Esc leaves the field being typed in, not the screen
            else:
                self.back()
            return True
        if key in (pygame.K_TAB, pygame.K_DOWN):
            back = key == pygame.K_TAB and bool(event.mod & pygame.KMOD_SHIFT)
            self.move_focus(-1 if back else 1)
            return True
        if key == pygame.K_UP:
            self.move_focus(-1)
            return True
        if key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.scrollable:
            self.scroll_by(self.viewport.height * (1 if key == pygame.K_PAGEDOWN else -1) * 3 // 4)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            control = self.focused_control()
            if isinstance(control, Button) and control.enabled:
                pygame.event.post(pygame.event.Event(UI_ACTION, action=control.action))
                return True
        return False

    def focused_control(self) -> Control | None:
        return self.controls[self.focus] if 0 <= self.focus < len(self.controls) else None

    def move_focus(self, delta: int) -> None:
        """Next enabled, visible control; scroll it into view."""
        count = len(self.controls)
        if not count:
            return
        index = self.focus
        for _ in range(count):
            index = (index + delta) % count
            control = self.controls[index]
            if control.enabled and self._reachable(control):
                break
        self.focus = index
        self.scroll_into_view(self.controls[index].rect)
        self.rebuild()

    def _reachable(self, control: Control) -> bool:
        return control.visible or (self.scrollable and getattr(control, "scrolls", True))

    def scroll_into_view(self, rect: pygame.Rect) -> None:
        """Scroll so that `rect` (a control the keyboard reached) shows; a screen with a list
        of its own may scroll the list instead."""
        self.scroll_page_to(rect)

    def scroll_page_to(self, rect: pygame.Rect) -> None:
        """Scroll the page itself so that `rect` shows."""
        view = self.viewport
        if not self.scrollable or view.top <= rect.top and rect.bottom <= view.bottom:
            return
        if rect.top < view.top:
            self.scroll -= view.top - rect.top + self.m.pad
        else:
            self.scroll += rect.bottom - view.bottom + self.m.pad
        self.scroll = max(0, min(self.scroll, self.max_scroll))

    def focus_named(self, name: str) -> None:
        for index, control in enumerate(self.controls):
            if getattr(control, "name", None) == name:
                self.focus = index
        self.rebuild()

    def scroll_by(self, delta: int) -> None:
        self.scroll = max(0, min(self.scroll + delta, self.max_scroll))
        self.rebuild()

    def back(self) -> None:
        if self.app is not None:
            self.app.pop()

    def leave_field(self) -> None:
        """Stop typing in the focused field (what was typed stays); no control is focused
        until Tab or a click, so a second Esc goes back as usual."""
        self.focus = -1
        self.rebuild()

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size(), self.ctx.settings.table_colour), (0, 0))
        self.draw_title(surface)
        self.draw_labels(surface)
        self.draw_content(surface)
        view = self.viewport
        for control in self.controls:
            scrolled = self.scrollable and view.colliderect(control.rect)
            surface.set_clip(view if scrolled else None)
            control.draw(surface)
        surface.set_clip(None)
        focused = self.focused_control()
        if isinstance(focused, Button) and focused.visible:
            pygame.draw.rect(surface, FOCUS_RING, focused.rect.inflate(6, 6), 3, border_radius=focused.rect.height // 3)
        self.draw_scrollbar(surface)

    def title_text(self) -> str:
        return i18n.tr(self.title_key)

    def draw_title(self, surface: pygame.Surface) -> None:
        m = self.m
        band = pygame.Rect(0, 0, m.width, m.header)
        draw_panel(surface, band, (0, 0, 0, 90), 0)
        blit_text(surface, self.title_text(), m.title, GOLD, band.center, "center", bold=True)

    def draw_labels(self, surface: pygame.Surface) -> None:
        for item in self.labels:
            if item.clip and not self.scrolled_in(item):
                continue  # a scrolled line shows whole or not at all, never half under the header
            blit_text(surface, item.text, item.size, item.colour, item.pos, item.anchor, bold=item.bold)

    def scrolled_in(self, item: Label) -> bool:
        """Whether a scrolled label lies wholly inside the viewport."""
        rect = text_surface(item.text, item.size, item.colour, item.bold).get_rect(**{item.anchor: item.pos})
        return self.viewport.contains(rect)

    def draw_content(self, surface: pygame.Surface) -> None:
        """Whatever the screen shows besides its controls (text, tables, charts)."""

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        if not self.scrollable or self.max_scroll <= 0:
            return
        view = self.viewport
        width = max(6, self.m.pad // 2)
        track = pygame.Rect(view.right - width - 4, view.top + 4, width, view.height - 8)
        draw_panel(surface, track, (0, 0, 0, 80), width // 2)
        share = view.height / max(1, self.content_height)
        thumb_h = max(width * 3, int(track.height * share))
        top = track.top + int((track.height - thumb_h) * self.scroll / self.max_scroll)
        draw_panel(surface, pygame.Rect(track.left, top, width, thumb_h), (*WHITE, 180), width // 2)


ABANDON_GUARD = 0.8
"""Seconds an abandon question ignores clicks and keys once open."""


class ConfirmScene(Scene):
    """A yes / no question over the current screen; posts UI_ACTION(action) on yes.

    `detail` says what yes will do, under the question. `guard` is how long (seconds) the
    question ignores every click and key once open, so the end of a double click or a
    second Enter meant for the screen below cannot answer it: answering takes a
    deliberate act (Y/N, or a click on a button pressed after the guard). The keyboard
    answers too: ←/→ or Tab move the ring between the buttons, Enter or Space press the
    ringed one — "no" at first, the answer that changes nothing."""

    opaque = False

    def __init__(self, question: str, action: str, sounds: Sounds | None = None, *, detail: str = "",
                 yes_key: str = "common.yes", no_key: str = "common.no", guard: float = 0.0) -> None:
        super().__init__()
        self.question = question
        self.detail = detail
        self.action = action
        self.sounds = sounds
        self.yes_key, self.no_key = yes_key, no_key
        self.guard = guard
        self.age = 0.0
        self.buttons: list[Button] = []
        self.focus = 1
        self.box = pygame.Rect(0, 0, 0, 0)
        self.size = (1280, 800)

    def _lines(self, m: Metrics, width: int) -> list[tuple[str, int, bool]]:
        lines = [(line, m.text, True) for line in wrap_lines(self.question, m.text, width, True)]
        if self.detail:
            lines += [(line, m.small, False) for line in wrap_lines(self.detail, m.small, width)]
        return lines

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        m = Metrics(*size)
        labels = (i18n.tr(self.yes_key), i18n.tr(self.no_key))
        button_w = max(int(m.text * 8), *(text_width(label, m.text, True) + 2 * m.pad for label in labels))
        width = min(m.width - 2 * m.pad, max(int(m.text * 30), 2 * button_w + 3 * m.pad))
        button_w = min(button_w, (width - 3 * m.pad) // 2)
        lines = self._lines(m, width - 2 * m.pad)
        height = 3 * m.pad + sum(int(size * 1.35) for _, size, _ in lines) + m.pad + m.row
        self.box = pygame.Rect(0, 0, width, height)
        self.box.center = (m.width // 2, m.height // 2)
        top = self.box.bottom - m.pad - m.row
        yes = pygame.Rect(self.box.centerx - button_w - m.pad // 2, top, button_w, m.row)
        no = pygame.Rect(self.box.centerx + m.pad // 2, top, button_w, m.row)
        self.buttons = [Button("confirm_yes", lambda: i18n.tr(self.yes_key), yes, pygame.K_y),
                        Button("confirm_no", lambda: i18n.tr(self.no_key), no, pygame.K_n)]
        share_text_size(self.buttons)

    def update(self, dt: float) -> None:
        self.age += dt

    def busy(self) -> bool:
        return self.age < self.guard  # keep the loop ticking until the guard is over

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and event.action in ("confirm_yes", "confirm_no"):
            if self.app is not None:
                self.app.pop()
            if event.action == "confirm_yes":
                pygame.event.post(pygame.event.Event(UI_ACTION, action=self.action))
            return True
        if self.age < self.guard and event.type in INPUT_EVENTS:
            return True  # too soon: meant for the screen below, not an answer
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.app is not None:
                self.app.pop()
            return True
        if event.type == pygame.KEYDOWN and self._keyboard(event.key):
            return True
        return any(button.handle_event(event) for button in self.buttons)

    def _keyboard(self, key: int) -> bool:
        """←/→/Tab move the focus ring between the buttons; Enter or Space press it."""
        if not self.buttons:
            return False
        self.focus = min(self.focus, len(self.buttons) - 1)
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_LEFT else 1)) % len(self.buttons)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            pygame.event.post(pygame.event.Event(UI_ACTION, action=self.buttons[self.focus].action))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        m = Metrics(*surface.get_size())
        dim_screen(surface, 150)
        draw_panel(surface, self.box, OVERLAY_FILL, m.pad, (*GOLD, 255))
        y = self.box.top + m.pad * 3 // 2
        for line, size, bold in self._lines(m, self.box.width - 2 * m.pad):
            blit_text(surface, line, size, WHITE if bold else DIM, (self.box.centerx, y), "midtop", bold=bold)
            y += int(size * 1.35)
        for button in self.buttons:
            button.draw(surface)
        if self.buttons:
            ringed = self.buttons[min(self.focus, len(self.buttons) - 1)].rect
            pygame.draw.rect(surface, FOCUS_RING, ringed.inflate(6, 6), 3, border_radius=ringed.height // 3)


class MessageScene(ConfirmScene):
    """Something the player must read now, over the current screen, and one OK button
    (Enter, Space and Esc close it too, once the guard is over). Posts nothing."""

    def __init__(self, title: str, text: str, sounds: Sounds | None = None, *, guard: float = 0.5) -> None:
        super().__init__(title, "", sounds, detail=text, yes_key="common.ok", guard=guard)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        ok = self.buttons[0]
        ok.rect.centerx = self.box.centerx
        ok.key = pygame.K_RETURN
        self.buttons = [ok]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and event.action == "confirm_yes" or (
                self.age >= self.guard and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_KP_ENTER)):
            if self.app is not None and self.app.top is self:
                self.app.pop()
            return True
        return super().handle_event(event)

