"""Small hand-made widgets: text (with suit symbols drawn as shapes), panels, buttons.

Widgets get events first and say whether they used them; a button reports a click by
posting a `UI_ACTION` event with its `action` name, never by calling game code. Rendered
text is cached, so redrawing a frame costs blits only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pygame

from ramigui.art.table import GOLD as GOLD
from ramigui.art.table import WHITE as WHITE
from ramigui.ui import symbols
from ramigui.ui.cardart import suit_colour
from ramigui.ui.fonts import font

UI_ACTION = pygame.event.custom_type()
"""Posted by widgets: `event.action` names what was asked (undo, sort_suit, …)."""
INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.FINGERDOWN, pygame.FINGERUP, pygame.TEXTINPUT})
"""What a person does (as opposed to a window or timer event): what a guard ignores."""

Colour = tuple[int, int, int]
CREAM: Colour = (255, 248, 220)
SHADOW = (0, 0, 0, 90)
DIM: Colour = (190, 210, 196)
OVERLAY_FILL = (12, 44, 28, 255)
"""The panel of every dialog and overlay: opaque, so no card corner shows through its words."""


class TextSuits:
    """The colours of the suits in text: the deck's, two or four (`apply_settings` sets it
    with the deck). A blue ♦ lay on the pile while the last moves said "discarded 5♦" in red."""

    four_colour = False


def text_surface(text: str, size: int, colour: Colour, bold: bool = False,
                 four_colour: bool | None = None, suit_light: bool | str = False) -> pygame.Surface:
    """`text` rendered at `size` px; symbols (♠♥♦♣ in their colours, ✓, arrows) are drawn
    as shapes by `symbols`, never left to a font that may lack them. The suits take the
    deck's colours (`TextSuits`) unless `four_colour` says.

    `suit_light` lightens black suits so they stay visible on the dark felt; "ink" draws
    every suit in the text's own colour (white words on the red refusal panel, where a red
    ♦ would vanish).
    """
    four = TextSuits.four_colour if four_colour is None else four_colour
    return _text_surface(text, size, colour, bold, four, suit_light)


def forget_texts() -> None:
    """Drop the texts drawn so far (a test that changes the font)."""
    _text_surface.cache_clear()


@lru_cache(maxsize=2048)
def _text_surface(text: str, size: int, colour: Colour, bold: bool, four_colour: bool,
                  suit_light: bool | str) -> pygame.Surface:

    def tint(suit: str) -> Colour:
        if suit_light == "ink":
            return colour
        found = suit_colour(suit, four_colour)
        return _lighten(found) if suit_light else found

    return symbols.render(font(size, bold), text, colour, tint)


def _lighten(colour: Colour) -> Colour:
    if sum(colour) < 150:
        return (235, 235, 235)
    r, g, b = colour
    return (min(255, r + 60), min(255, g + 60), min(255, b + 60))


def wrap_lines(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` pixels at this font size; a line
    break in `text` always ends a line (a word holding one was drawn as two lines, over
    the line that followed it)."""
    return [line for paragraph in text.split("\n") for line in _wrapped(paragraph, size, width, bold)]


@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    """wrap_lines, remembered: panels re-wrap the same lines every frame (0.5 ms)."""
    fnt = font(size, bold)
    lines: list[str] = []
    current = ""
    for word in _kept_together(text, fnt, width):
        trial = f"{current} {word}".strip()
        if current and symbols.width(fnt, trial) > width:
            lines.append(current)
            current = word
        else:
            current = trial
        while symbols.width(fnt, current) > width and len(current) > 1:  # a word wider than a line is cut
            cut = max(
                1,
                max(
                    k
                    for k in range(1, len(current) + 1)
                    if symbols.width(fnt, current[:k]) <= width or k == 1
                ),
            )
            lines.append(current[:cut])
            current = current[cut:]
    if current:
        lines.append(current)
    return tuple(lines)


CARD_WORD = re.compile(r"^(?:(?:10|[2-9AJQKRDV])[♠♥♦♣]|Joker)[,.:;)]?$")
"""A card as the table writes it (7♥, V♠, 10♦, Joker), perhaps with the punctuation after it."""
BARE_CARD = re.compile(r"^(?:(?:10|[2-9AJQKRDV])[♠♥♦♣]|Joker)$")
"""A card with nothing after it: the group it begins goes on."""


def _kept_together(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """The words of `text` (split at plain spaces only: never at no-break spaces), with the
    cards of one group ("5♥ 6♥ 7♥ 8♥", a meld) and a closing number ("to meld 1") kept on
    one line with what they belong to, as long as they fit in a line. A group wider than a
    line is cut between its cards, never leaving its last card alone ("… D♥ / R♥")."""
    words = [w for w in text.split(" ") if w]
    kept: list[str] = []
    for number, word in enumerate(words):
        card = CARD_WORD.match(word) and BARE_CARD.match(kept[-1].rsplit(" ", 1)[-1]) if kept else None
        closing = number == len(words) - 1 and word.isdigit() and len(word) <= 2
        if kept and (card or closing) and symbols.width(fnt, f"{kept[-1]} {word}") <= width:
            kept[-1] = f"{kept[-1]} {word}"
        elif card and " " in kept[-1] and (len(words) == number + 1 or not CARD_WORD.match(words[number + 1])):
            head, _, moved = kept[-1].rpartition(" ")  # the group's last card: never alone
            kept[-1:] = [head, f"{moved} {word}"]
        else:
            kept.append(word)
    return kept


def fits_lines(texts: Sequence[str], size: int, width: int, lines: int = 2, bold: bool = True) -> bool:
    """Whether every text wraps into at most `lines` lines of `width` at `size`, no word
    wider than the line (never "Abandonné / es")."""
    return all(
        all(text_width(word, size, bold) <= width for word in text.split())
        and len(wrap_lines(text, size, width, bold)) <= lines
        for text in texts
    )


def wrapped_size(texts: Sequence[str], size: int, width: int, lines: int = 2, smallest: int = 10,
                 bold: bool = True) -> int | None:
    """The largest size from `size` down to `smallest` at which every text fits `width` in
    `lines` lines (`fits_lines`); None when none does. Headings, row labels and Yami's box
    names share it, each with its own floor and fallback."""
    return next((trial for trial in range(size, smallest - 1, -1) if fits_lines(texts, trial, width, lines, bold)),
                None)


def header_lines(heads: list[str], size: int, width: int) -> tuple[list[list[str]], int]:
    """Column headings in one or two lines each, all at one size: the largest, from `size`
    down, at which every heading fits `width` in two lines. Each shrunk on its own line,
    "Meilleure manche" and "Dernière partie" came out at half the others' size."""
    trial = wrapped_size(heads, size, width)
    if trial is not None:
        return [wrap_lines(head, trial, width, True) for head in heads], trial
    return [[head] for head in heads], fitted_size(max(heads, key=len), size, width, True)


def wrap_items(items: list[str] | tuple[str, ...], size: int, width: int, bold: bool = False,
               separator: str = " · ") -> list[str]:
    """Items joined by `separator` into lines no wider than `width`, breaking between items
    so an item is never split from itself ("T / take"); an item wider than a whole line
    wraps on its own."""
    lines: list[str] = []
    fnt = font(size, bold)
    for item in items:
        trial = f"{lines[-1]}{separator}{item}" if lines else item
        if lines and symbols.width(fnt, trial) <= width:
            lines[-1] = trial
        else:
            lines.extend(wrap_lines(item, size, width, bold))
    return lines


def fitted_size(text: str, size: int, width: int, bold: bool = False, smallest: int = 10) -> int:
    """The largest font size up to `size` at which `text` fits in `width` pixels."""
    while size > smallest and text_width(text, size, bold) > width:
        size -= 1
    return size


def text_width(text: str, size: int, bold: bool = False) -> int:
    """How many pixels `text` takes at this size, as `blit_text` draws it (symbols too)."""
    return symbols.width(font(size, bold), text)


ELLIPSIS = "…"


@lru_cache(maxsize=1024)
def ellipsized(text: str, size: int, width: int, bold: bool = False) -> str:
    """`text` cut and ended with "…" so it fits in `width` pixels at this size (unchanged if it
    fits). Used once a shared size is chosen for a row of labels: shrinking each label on its
    own would make neighbours unequal, so the long ones are shortened instead."""
    fnt = font(size, bold)
    if symbols.width(fnt, text) <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        mid = (low + high + 1) // 2
        if symbols.width(fnt, text[:mid].rstrip(" -") + ELLIPSIS) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip(" -") + ELLIPSIS if low else ELLIPSIS


def common_size(texts: list[str] | tuple[str, ...], size: int, width: int, bold: bool = False,
                smallest: int = 10) -> int:
    """One font size for a row or column of labels: the largest up to `size` at which every
    text fits in `width`, never below `smallest` (labels still too wide get `ellipsized`)."""
    return min((fitted_size(text, size, width, bold, smallest) for text in texts), default=size)


def blit_text(target: pygame.Surface, text: str, size: int, colour: Colour, pos: tuple[int, int],
              anchor: str = "topleft", bold: bool = False, light_suits: bool | str = True) -> pygame.Rect:
    """Draw text anchored at `pos` (any pygame.Rect attribute name); returns its rect."""
    surf = text_surface(text, size, colour, bold, None, light_suits)
    rect = surf.get_rect(**{anchor: pos})
    target.blit(surf, rect)
    return rect


@lru_cache(maxsize=256)
def panel_surface(size: tuple[int, int], fill: tuple[int, int, int, int], radius: int,
                  border: tuple[int, int, int, int] = (0, 0, 0, 0)) -> pygame.Surface:
    """A translucent rounded panel's picture, drawn once per size and colour."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    if border[3]:
        pygame.draw.rect(surf, border, surf.get_rect(), width=max(1, radius // 6), border_radius=radius)
    return surf


def dim_screen(target: pygame.Surface, alpha: int = 140) -> None:
    """Darken everything drawn so far: what sits under a dialog or an overlay."""
    target.blit(_shade(target.get_size(), alpha), (0, 0))


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int], alpha: int) -> pygame.Surface:
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    return shade


def draw_panel(target: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int, int] = (0, 0, 0, 80),
               radius: int = 12, border: tuple[int, int, int, int] = (0, 0, 0, 0)) -> None:
    """A translucent rounded panel (cached per size and colour)."""
    if rect.width > 0 and rect.height > 0:
        target.blit(panel_surface(rect.size, fill, radius, border), rect)


def pointer_press(control: Any, event: pygame.event.Event, keyed: bool, fire: Callable[[], None]) -> bool:
    """What a clickable control does with an event: hover lights it, a left-button release on
    it (or `keyed`, its key) fires it, a press on it is kept from the controls beneath.
    Returns whether the event was used."""
    if event.type == pygame.MOUSEMOTION:
        control.hot = control.rect.collidepoint(event.pos)
        return False
    released = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and control.rect.collidepoint(event.pos)
    if released or keyed:
        fire()
        return True
    return event.type == pygame.MOUSEBUTTONDOWN and control.rect.collidepoint(event.pos)


@dataclass
class Button:
    """A button with a shortcut key; clicking or pressing the key posts UI_ACTION(action)."""

    action: str
    label: Callable[[], str]
    rect: pygame.Rect
    key: int | None = None
    enabled: bool = True
    visible: bool = True
    hot: bool = False
    text_size: int = 0
    """The size its row agreed on (`share_text_size`); 0: the largest its own label fits."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """True when the event was used (a click on the button or its shortcut)."""
        if not (self.visible and self.enabled):
            return False
        pressed = event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key
        return pointer_press(self, event, pressed, lambda: pygame.event.post(
            pygame.event.Event(UI_ACTION, action=self.action)))

    def _shadow(self) -> pygame.Rect:
        return self.rect.move(0, max(2, self.rect.height // 14))

    def area(self) -> pygame.Rect:
        """What `draw` may paint: the button and its shadow."""
        return self.rect.union(self._shadow())

    def draw(self, target: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = self.rect.height // 3
        border = (0, 0, 0, 0)
        if self.enabled:
            fill = (250, 236, 190, 255) if self.hot else (240, 226, 178, 245)
            text_colour: Colour = (40, 36, 28)
        else:  # greyed, yet read from the sofa: an outline keeps its shape, the words stay light
            fill, text_colour, border = (255, 255, 255, 30), (226, 236, 228), (226, 236, 228, 110)
        shadow = self._shadow()
        draw_panel(target, shadow, (0, 0, 0, 70 if self.enabled else 0), radius)
        draw_panel(target, self.rect, fill, radius, border)
        size = min(self.text_size, self.fitted_size()) if self.text_size else self.fitted_size()
        blit_text(target, self.label(), size, text_colour, self.rect.center, "center", bold=True, light_suits=False)

    def fitted_size(self) -> int:
        """The largest text size (within the button's height) at which its label fits across it."""
        size = max(12, int(self.rect.height * 0.42))
        label = self.label()
        while size > 10 and text_width(label, size, True) > self.rect.width - 12:
            size -= 1
        return size


def share_text_size(row: Sequence[Button]) -> None:
    """Buttons side by side say their words at one size, the largest at which every shown
    label fits: each shrinking on its own, "Conseil" stood larger beside a squeezed "Scores"."""
    shown = [button for button in row if button.visible]
    size = min((button.fitted_size() for button in shown), default=0)
    for button in row:
        button.text_size = size
