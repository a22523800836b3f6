"""The guide of a lesson at the table: its bubble (one sentence, Show me / Next / Leave) and
the cards it lights on the table, the stock and the discard pile.

It gets the little it needs: the step asked now, the table's layout and what the table
shows; it draws and hit-tests, and its buttons post UI_ACTION like every other button
("guide_show", "guide_next", "guide_leave", "guide_real"). The hand's lit cards are drawn by
the table itself, as a hint's are (the scene's `hinted`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.lessons import Step
from ramigui.rules.view import PlayerView
from ramigui.ui.card_marks import ring
from ramigui.ui.layout import TableLayout
from ramigui.ui.widgets import (
    GOLD,
    UI_ACTION,
    WHITE,
    Button,
    blit_text,
    draw_panel,
    text_width,
    wrap_lines,
)

GUIDE_FILL = (24, 40, 70, 255)
LIGHT = (255, 214, 90)
SHOW_KEY = pygame.K_F2
NEXT_KEY = pygame.K_RETURN


@dataclass
class GuideBubble:
    """The bubble's box and buttons, placed over the lower part of the table's middle."""

    box: pygame.Rect = field(default_factory=pygame.Rect)
    text_box: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: list[Button] = field(default_factory=list)

    @classmethod
    def make(cls) -> GuideBubble:
        actions = (("guide_show", "guide.show_me_key", SHOW_KEY), ("guide_next", "guide.next_key", NEXT_KEY),
                   ("guide_real", "guide.play_real", None), ("guide_leave", "guide.leave", None))
        return cls(buttons=[Button(action, partial(i18n.tr, key), pygame.Rect(0, 0, 0, 0), shortcut)
                            for action, key, shortcut in actions])

    def show_for(self, step: Step | None, finished: bool) -> None:
        """Which buttons the step offers: Show me for a move, Next for a note, the real game
        at the end; Leave always."""
        for button in self.buttons:
            if button.action == "guide_show":
                button.visible = step is not None and step.move is not None
            elif button.action == "guide_next":
                button.visible = step is not None and step.move is None
            elif button.action == "guide_real":
                button.visible = finished

    def place(self, lay: TableLayout) -> None:
        """The bubble takes the side panel's last-moves box (the guide says more to a
        learner than the log), so nothing of the table is hidden: the words on top, the
        buttons at the bottom, side by side when they fit, else one above the other."""
        self.box = lay.log_panel.copy()
        margin = max(4, lay.margin // 2)
        row = max(26, int(lay.text * 1.7))
        shown = [b for b in self.buttons if b.visible]
        inner = self.box.width - 2 * margin
        per_row = len(shown) if self._fit_side_by_side(shown, inner, row, margin) else 1
        rows = -(-len(shown) // per_row) if shown else 0
        width = (inner - margin * (per_row - 1)) // max(1, per_row)
        top = self.box.bottom - margin - rows * row - (rows - 1) * margin
        for i, button in enumerate(shown):
            r, c = divmod(i, per_row)
            button.rect = pygame.Rect(self.box.left + margin + c * (width + margin), top + r * (row + margin),
                                      width, row)
        self.text_box = pygame.Rect(self.box.left + margin, self.box.top + margin, inner,
                                    top - self.box.top - 2 * margin)

    @staticmethod
    def _fit_side_by_side(shown: list[Button], inner: int, row: int, margin: int) -> bool:
        """Whether every label fits at the button's own size with the buttons on one row."""
        if not shown:
            return True
        width = (inner - margin * (len(shown) - 1)) // len(shown)
        size = max(12, int(row * 0.42))
        return all(text_width(button.label(), size, True) <= width - 12 for button in shown)

    def handle_event(self, event: pygame.event.Event, size: tuple[int, int]) -> bool:
        """A click, key or finger on a button fires it; any press on the bubble is kept from
        the table beneath. A finger is read from its own events (the mouse events SDL makes
        of it are left alone, or a tap would fire twice)."""
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(event.x * size[0]), int(event.y * size[1]))
            if event.type == pygame.FINGERUP:
                for button in self.buttons:
                    if button.visible and button.enabled and button.rect.collidepoint(pos):
                        pygame.event.post(pygame.event.Event(UI_ACTION, action=button.action))
                        return True
            return self.box.collidepoint(pos)
        if getattr(event, "touch", False):
            return self.box.collidepoint(event.pos) if hasattr(event, "pos") else False
        if any(button.handle_event(event) for button in self.buttons):
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.box.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface, sentence: str, progress: str, text_size: int, margin: int) -> None:
        draw_panel(surface, self.box, GUIDE_FILL, margin, (*GOLD, 255))
        small = max(10, int(text_size * 0.75))
        blit_text(surface, progress, small, GOLD, self.text_box.topleft)
        room = self.text_box.height - int(small * 1.4)
        size = text_size
        lines = self._lines(sentence, size)
        while size > 10 and len(lines) * int(size * 1.25) > room:
            size -= 1
            lines = self._lines(sentence, size)
        y = self.text_box.top + int(small * 1.4)
        for line in lines:
            blit_text(surface, line, size, WHITE, (self.text_box.left, y), bold=True)
            y += int(size * 1.25)
        for button in self.buttons:
            button.draw(surface)

    def _lines(self, sentence: str, size: int) -> list[str]:
        """The sentence wrapped to the bubble, each of its lines ("how to" under the
        sentence) starting a line of its own."""
        return [line for part in sentence.split("\n") for line in wrap_lines(part, size, self.text_box.width, True)]


def lit_on_table(lay: TableLayout, view: PlayerView, cards: Sequence[Card], draws: bool) -> list[pygame.Rect]:
    """Where the step's cards lie on the table (in the melds, on top of the discard pile);
    the stock too when the step asks to draw. A meld's lit cards side by side get one ring:
    a ring each, over cards that overlap, cut a run into strips that read as more cards."""
    rects: list[pygame.Rect] = []
    wanted = set(cards)
    melds = view.public.melds
    for spot in lay.melds:
        if not 1 <= spot.number <= len(melds):
            continue
        group: list[pygame.Rect] = []  # lit cards side by side: one ring round them all
        for card, rect in zip(melds[spot.number - 1].cards, spot.cards, strict=False):
            if card in wanted:
                group.append(rect)
            elif group:
                rects.append(group[0].unionall(group))
                group = []
        if group:
            rects.append(group[0].unionall(group))
    pile = view.public.discard
    if pile and pile[-1] in wanted:
        rects.append(lay.discard)
    if draws:
        rects.append(lay.stock)
    return rects


def draw_lights(surface: pygame.Surface, rects: Sequence[pygame.Rect], thick: int) -> None:
    for rect in rects:
        ring(surface, rect.inflate(thick * 2, thick * 2), LIGHT, thick)
