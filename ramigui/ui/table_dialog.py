"""A question asked at the table before a move: "Knock with 7♥?", "Discard or knock?".

The table opens a `QuestionScene` over itself; the scene reports the answer by posting
`UI_ACTION(action="answer", index=i)` and pops itself. Escape (or a click outside the
box) answers nothing, so the game stays exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import pygame

from ramigui.rules import Move
from ramigui.ui.app import Scene
from ramigui.ui.controls import FOCUS_RING
from ramigui.ui.widgets import (
    GOLD,
    OVERLAY_FILL,
    UI_ACTION,
    WHITE,
    Button,
    blit_text,
    dim_screen,
    draw_panel,
    share_text_size,
    wrap_lines,
)


@dataclass(frozen=True)
class Question:
    """The question, and each answer's label with the move it plays (None: play nothing)."""

    text: str
    answers: tuple[tuple[str, Move | None], ...]


ANSWER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class QuestionScene(Scene):
    """The question in a box over the dimmed table, one button per answer.

    Keys: Enter picks the answer in the focus ring, at first the first one (the one the
    player was heading for); ←/→ and Tab move the ring, 1–4 pick by position, Esc cancels."""

    opaque = False

    def __init__(self, question: Question) -> None:
        super().__init__()
        self.question = question
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.text_size = 18
        self.focus = 0
        """The answer Enter picks, ringed (no ring said which one Enter would pick)."""

    def resize(self, size: tuple[int, int]) -> None:
        width, height = size
        self.text_size = max(16, int(min(width / 48, height / 27)))
        row = int(self.text_size * 2.2)
        pad = max(8, int(self.text_size * 0.8))
        count = len(self.question.answers)
        box_w = min(width - 2 * pad, max(int(self.text_size * 26), count * int(self.text_size * 8.5)))
        lines = wrap_lines(self.question.text, self.text_size, box_w - 2 * pad, True)
        box_h = pad * 3 + len(lines) * int(self.text_size * 1.35) + row
        self.box = pygame.Rect(0, 0, box_w, box_h)
        self.box.center = (width // 2, height // 2)
        gap = pad
        button_w = (box_w - 2 * pad - gap * (count - 1)) // max(1, count)
        top = self.box.bottom - pad - row
        self.buttons = [
            Button(
                f"answer:{i}",
                partial(str, label),
                pygame.Rect(self.box.left + pad + i * (button_w + gap), top, button_w, row),
                ANSWER_KEYS[i] if i < len(ANSWER_KEYS) else None,
            )
            for i, (label, _) in enumerate(self.question.answers)
        ]
        share_text_size(self.buttons)

    def _answer(self, index: int | None) -> None:
        if self.app is not None:
            self.app.pop()
        if index is not None:
            pygame.event.post(pygame.event.Event(UI_ACTION, action="answer", index=index))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and str(event.action).startswith("answer:"):
            self._answer(int(event.action.split(":")[1]))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._answer(None)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._answer(self.focus)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB) and self.buttons:
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.focus = (self.focus + (-1 if back else 1)) % len(self.buttons)
                return True
        if any(button.handle_event(event) for button in self.buttons):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos):
            self._answer(None)
        return True  # the table below gets nothing while the question is open

    def draw(self, surface: pygame.Surface) -> None:
        dim_screen(surface, 140)
        pad = max(8, int(self.text_size * 0.8))
        draw_panel(surface, self.box, OVERLAY_FILL, pad, (*GOLD, 255))
        y = self.box.top + pad
        for line in wrap_lines(self.question.text, self.text_size, self.box.width - 2 * pad, True):
            y = blit_text(surface, line, self.text_size, WHITE, (self.box.centerx, y), "midtop", bold=True).bottom
        for index, button in enumerate(self.buttons):
            button.draw(surface)
            if index == self.focus:
                ring = button.rect.inflate(6, 6)
                pygame.draw.rect(surface, FOCUS_RING, ring, 3, border_radius=button.rect.height // 3)
