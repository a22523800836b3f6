"""What a screen says, read off the drawing: every text drawn on the window with its size
and rect, recorded by wrapping `blit_text` wherever the ramigui modules use it. Shared by
the tests that check texts fit their boxes, never overlap, and never mix languages."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

from ramigui.ui import widgets
from ramigui.ui.table import forget_kept_layers


@dataclass(frozen=True)
class Drawn:
    text: str
    size: int
    rect: pygame.Rect


@contextmanager
def drawn_texts() -> Iterator[list[Drawn]]:
    """Record every text drawn on the window while inside: on the window itself or on a
    window-sized layer that is put on it whole (a table's kept still layer, composed anew
    for the purpose), not on other off-screen surfaces."""
    original = widgets.blit_text
    drawn: list[Drawn] = []
    forget_kept_layers()

    def spy(target: pygame.Surface, text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = original(target, text, size, *args, **kwargs)
        window = pygame.display.get_surface()
        on_window = target is window or (window is not None and target.get_size() == window.get_size())
        if on_window and text.strip():
            clip = target.get_clip()
            drawn.append(Drawn(text, size, rect.clip(clip) if clip.size != target.get_size() else rect))
        return rect

    modules = [module for name, module in list(sys.modules.items())
               if name.startswith("ramigui.") and getattr(module, "blit_text", None) is original]
    for module in modules:
        module.blit_text = spy
    try:
        yield drawn
    finally:
        for module in modules:
            module.blit_text = original


def overlaps(drawn: list[Drawn], slack: int = 1) -> list[tuple[str, str]]:
    """Pairs of texts whose rects overlap (by more than `slack` pixels each way)."""
    found = []
    for i, a in enumerate(drawn):
        for b in drawn[i + 1:]:
            if a.rect.width and b.rect.width and a.rect.inflate(-2 * slack, -2 * slack).colliderect(b.rect):
                found.append((a.text, b.text))
    return found
