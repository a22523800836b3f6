"""Settings: every field of `ramigui.settings.CHOICES`, each a ◀ value ▶ chooser.

A change is saved and applied at once — the language switches every text on the spot,
the table's look and pace follow — so there is no OK button to forget. The direction of
play is a house rule of the variants that allow it, chosen on the New game screen.
"""

from __future__ import annotations

from typing import Any

import pygame

from ramigui import i18n
from ramigui.settings import CHOICES
from ramigui.ui.controls import Choice
from ramigui.ui.screen import Screen
from ramigui.ui.widgets import DIM, GOLD, WHITE, blit_text, ellipsized, text_width, wrap_lines

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("settings.section.general", ("language", "sound", "fullscreen")),
    ("settings.section.look", ("card_size", "deck_style", "card_back", "table_colour")),
    ("settings.section.play", ("animation_speed", "bot_speed", "hand_sort", "confirm_knock", "confirm_go_out")),
)
"""The fields, grouped; a test checks every field of CHOICES is here."""


def value_text(name: str, value: Any) -> str:
    """A setting's value in words (languages are named in their own language)."""
    if isinstance(value, bool):
        return i18n.tr("common.on" if value else "common.off")
    if name == "language":
        return i18n.tr(f"language.{value}")
    key = f"setting.{name}.{value}"
    return (
        i18n.tr(key)
        if i18n.has_key(key)
        else i18n.tr(f"speed.{value}")
        if i18n.has_key(f"speed.{value}")
        else str(value)
    )


class SettingsScreen(Screen):
    """Two columns of labelled choosers at large sizes, one column (scrolling) when small."""

    title_key = "settings.title"
    scrollable = True

    def build(self) -> None:
        m = self.m
        view = self.viewport
        columns = 2 if m.width >= m.text * 44 else 1
        col_w = (m.width - (columns + 1) * m.pad * 2) // columns
        field_h = int(m.row * 0.9)
        tops = [view.top + m.pad // 2 - self.scroll] * columns
        column_of = [0 if columns == 1 or index < len(SECTIONS) - 1 else 1 for index in range(len(SECTIONS))]
        choice_ws = [self._chooser_width([n for (_, names), c in zip(SECTIONS, column_of, strict=True) if c == col
                                          for n in names], col_w, field_h) for col in range(columns)]
        bottom = 0
        for (section, names), col in zip(SECTIONS, column_of, strict=True):
            left = m.pad * 2 + col * (col_w + m.pad * 2)
            y = tops[col]
            self.label(i18n.tr(section), m.text, GOLD, (left, y), bold=True, clip=True)
            y += int(m.text * 1.6)
            for name in names:
                y = self._row(name, left, y, col_w, field_h, choice_ws[col])
            tops[col] = y + m.pad
            bottom = max(bottom, tops[col])
        self.content_height = bottom + self.scroll - view.top
        self.footer_buttons([("back", "common.back")])

    def _chooser_width(self, names: list[str], width: int, height: int) -> int:
        """One chooser width for a column: it gives up room to the longest label, but never
        so much that a value would have to shrink."""
        m = self.m
        widest_label = max(text_width(i18n.tr(f"settings.{name}"), m.text) for name in names)
        value_size = max(12, int(height * 0.5))  # as Choice draws its value
        widest_value = max(text_width(value_text(name, value), value_size, True)
                           for name in names for value in CHOICES[name])
        return min(int(m.text * 11), width // 2, max(widest_value + 2 * height + 4, width - widest_label - m.pad))

    def _row(self, name: str, left: int, y: int, width: int, height: int, choice_w: int) -> int:
        """A label and its chooser. Every label keeps the one text size; a label too long for
        its room wraps onto a second line (the row grows) rather than shrinking on its own."""
        m = self.m
        room = width - choice_w - m.pad
        lines = [ellipsized(line, m.text, room) for line in wrap_lines(i18n.tr(f"settings.{name}"), m.text, room)]
        step = int(m.text * 1.25)
        row_h = max(height, step * len(lines) + m.pad // 2)
        top = y + row_h // 2 - (step * len(lines)) // 2 + (step - m.text) // 2
        for number, line in enumerate(lines):
            self.label(line, m.text, WHITE, (left, top + step * number), clip=True)
        choice = Choice("setting", name, list(CHOICES[name]), (lambda v, n=name: value_text(n, v)),
                        pygame.Rect(left + width - choice_w, y + (row_h - height) // 2, choice_w, height))
        choice.select(getattr(self.ctx.settings, name))
        choice.visible = self.shown(choice.rect)
        self.add(choice)
        return y + row_h + m.pad // 2

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action != "setting":
            return False
        self.ctx.change(self.app, **{event.name: event.value})
        self.rebuild()
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        if self.ctx.store is None or self.ctx.store.read_only:
            blit_text(surface, i18n.tr("settings.not_saved"), m.small, DIM, (m.width // 2, m.height - m.footer),
                      "midbottom")
