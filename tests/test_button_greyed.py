"""A greyed button is still read from across the room: its words stand out from the felt
it lies on (a newcomer found them faint, grey-green on green), and its outline keeps its
shape, so a greyed button reads as a button, not as a smear."""

from __future__ import annotations

import pygame
import pytest

from ramigui.ui.felt import felt
from ramigui.ui.widgets import Button


def _luminance(colour: tuple[int, ...]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)])
def test_a_greyed_buttons_words_and_outline_stand_out_from_the_felt(size: tuple[int, int]) -> None:
    pygame.init()
    table = felt(size)
    rect = pygame.Rect(size[0] - 300, size[1] - 260, 160, 52)
    ground = table.get_at((rect.centerx, rect.top - 30))
    button = Button("meld", lambda: "Poser", rect, enabled=False)
    button.draw(table)
    inside = [table.get_at((x, y)) for x in range(rect.left + 8, rect.right - 8)
              for y in range(rect.top + 8, rect.bottom - 8)]
    words = max(inside, key=_luminance)
    assert _contrast(words, ground) >= 4.5, (words, ground)
    edge = table.get_at((rect.centerx, rect.top))
    assert _contrast(edge, ground) >= 1.6, (edge, ground)
