"""The whole discard pile spread out, oldest first: every card in it was shown face up when it
was thrown, so the rules' public view carries it and any player may look (V, or a right
click / a tap on the pile out of turn). Any key or click closes it; the game is untouched."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.ui.app import Scene
from ramigui.ui.cardart import CardArt, card_height
from ramigui.ui.widgets import DIM, GOLD, OVERLAY_FILL, WHITE, blit_text, dim_screen, draw_panel


def pile_rows(count: int, room: pygame.Rect, text: int) -> tuple[int, int, int]:
    """(card width, cards per row, horizontal step) so that `count` cards fill `room`: the
    widest cards side by side that fit, else overlapping by up to half a card."""
    for overlap in (False, True):
        for width in range(min(text * 5, room.width // 3), 23, -2):
            step = max(1, width // 2) if overlap else int(width * 1.08)
            per_row = max(1, (room.width - width) // step + 1)
            rows = -(-count // per_row)
            if rows * (card_height(width) + text // 2) <= room.height:
                return width, per_row, step
    return 24, max(1, (room.width - 24) // 12 + 1), 12


class PileScene(Scene):
    """The discard pile over the dimmed table: the top card (the one that may be taken)
    is ringed in gold."""

    opaque = False

    def __init__(self, cards: Sequence[Card], art_for: Callable[[int], CardArt]) -> None:
        super().__init__()
        self.cards = tuple(cards)
        self.art_for = art_for  # the table's `art(width)`: the player's deck style and letters
        self.size = (1280, 800)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size

    def _close(self) -> None:
        if self.app is not None:
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP, pygame.FINGERUP):
            self._close()
        return True  # the table below gets nothing while the pile is open

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        dim_screen(surface, 150)
        text = max(16, int(min(width / 50, height / 30)))
        pad = text
        box = pygame.Rect(pad, pad, width - 2 * pad, height - 2 * pad)
        draw_panel(surface, box, OVERLAY_FILL, pad, (*GOLD, 255))
        title = i18n.tr("pile.title", n=len(self.cards))
        blit_text(surface, title, text, GOLD, (box.centerx, box.top + pad // 2), "midtop", bold=True)
        blit_text(
            surface,
            i18n.tr("pile.close"),
            int(text * 0.8),
            DIM,
            (box.centerx, box.bottom - pad // 2),
            "midbottom",
        )
        room = pygame.Rect(box.left + pad, box.top + pad // 2 + int(text * 1.8),
                           box.width - 2 * pad, box.height - pad - int(text * 3.4))
        if not self.cards:
            blit_text(surface, i18n.tr("pile.empty"), text, WHITE, room.center, "center")
            return
        self._draw_cards(surface, room, text)

    def _draw_cards(self, surface: pygame.Surface, room: pygame.Rect, text: int) -> None:
        card_w, per_row, step = pile_rows(len(self.cards), room, text)
        art = self.art_for(card_w)
        card_h = card_height(card_w)
        across = min(len(self.cards), per_row)
        rows = -(-len(self.cards) // per_row)
        left = room.centerx - ((across - 1) * step + card_w) // 2
        top = room.centery - (rows * (card_h + text // 2) - text // 2) // 2
        for index, card in enumerate(self.cards):
            row, col = divmod(index, per_row)
            rect = pygame.Rect(left + col * step, top + row * (card_h + text // 2), card_w, card_h)
            surface.blit(art.face(card), rect.topleft)
            if index == len(self.cards) - 1:
                pygame.draw.rect(surface, GOLD, rect.inflate(6, 6), 3, border_radius=max(4, card_w // 10))
