"""Marks drawn on cards at the table, over their art: rings (focus, hint), the tab on the
card just drawn, and on a joker in a meld the card it stands for.

The card art itself (ramigui/ui/cardart.py) is never changed: these are drawn on top, at
the table's sizes, so they read at a glance from 2 m.
"""

from __future__ import annotations

from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules.melds import JokerStand, Meld
from ramigui.ui.cardart import suit_colour
from ramigui.ui.symbols import painted
from ramigui.ui.widgets import WHITE, blit_text, fitted_size

BADGE_FILL = (255, 244, 196)
BADGE_EDGE = (196, 150, 40)


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int,
         dashed: bool = False) -> None:
    """A ring just inside `rect` (so it covers nothing beside it): solid, or dashed (the
    hint's look)."""
    outer = rect
    if not dashed:
        pygame.draw.rect(surface, colour, outer, width, border_radius=max(3, rect.width // 12))
        return
    dash = max(4, width * 2)
    for x in range(outer.left, outer.right, dash * 2):
        end = min(x + dash, outer.right)
        pygame.draw.line(surface, colour, (x, outer.top + width // 2), (end, outer.top + width // 2), width)
        pygame.draw.line(
            surface,
            colour,
            (x, outer.bottom - 1 - width // 2),
            (end, outer.bottom - 1 - width // 2),
            width,
        )
    for y in range(outer.top, outer.bottom, dash * 2):
        end = min(y + dash, outer.bottom)
        pygame.draw.line(surface, colour, (outer.left + width // 2, y), (outer.left + width // 2, end), width)
        pygame.draw.line(surface, colour, (outer.right - 1 - width // 2, y), (outer.right - 1 - width // 2, end), width)


def fresh_tab(surface: pygame.Surface, rect: pygame.Rect, card_w: int, card_h: int,
              colour: tuple[int, int, int]) -> None:
    """A tab on the top edge of the card just drawn or taken (`rect`: the part of it that
    shows), with a white arrow pointing down at it."""
    height = max(10, card_h // 9)
    width = max(height, min(rect.width - 4, int(card_w * 0.5)))
    tab = pygame.Rect(0, 0, width, height)
    tab.midbottom = (rect.left + min(rect.width, card_w) // 2, rect.top + max(2, card_h // 40))
    pygame.draw.rect(surface, colour, tab, border_radius=height // 3)
    pygame.draw.rect(surface, WHITE, tab, 1, border_radius=height // 3)
    half = height * 0.32
    cx, cy = tab.centerx, tab.centery
    pygame.draw.polygon(
        surface,
        WHITE,
        [(cx - half, cy - half * 0.6), (cx + half, cy - half * 0.6), (cx, cy + half * 0.9)],
    )


JokerMark = JokerStand
"""What a joker's badge says (`Meld.joker_stands`)."""


def joker_marks(meld: Any) -> tuple[JokerMark | None, ...]:
    """Per card of a meld on the table, its joker's badge (None for a card that is no joker):
    the table and the end-of-round panel mark jokers alike (Gin's melds have no jokers)."""
    if isinstance(meld, Meld):
        return meld.joker_stands()
    return (None,) * len(meld.cards)


def joker_badge(surface: pygame.Surface, card: pygame.Rect, shown: int, stands: Card | None, rank: int,
                suits: tuple[str, ...], smallest: int = 6) -> None:
    """On a joker in a meld, below its index, a small cream label with the card it stands
    for: rank over suit (a run's joker), or the set's rank over the suits it may be (a set's
    joker stands for any suit the set lacks). `shown` is how much of the joker shows. No
    label at all where its letter would be under `smallest` px (a panel whose words must
    all read from the sofa)."""
    if stands is not None:
        rank, suits = stands.rank, (stands.suit,)
    letter = i18n.rank_text(rank) if rank else ""
    wide = 0.42 if len(letter) > 1 else 0.34  # "10" takes two figures: a joker for 10♣ lost its label
    width = max(10, min(int(card.width * wide), shown - 3))
    height = int(card.height * 0.42)
    size = fitted_size(letter, min(int(width * 0.8), int(height * 0.5)), width - 2, True, smallest=6) if rank else 0
    if rank and size < smallest:
        return
    badge = pygame.Rect(card.left + max(2, int(card.width * 0.03)), card.top + int(card.height * 0.47), width, height)
    pygame.draw.rect(surface, BADGE_FILL, badge, border_radius=max(2, width // 5))
    pygame.draw.rect(surface, BADGE_EDGE, badge, max(1, width // 14), border_radius=max(2, width // 5))
    if not rank:
        return
    colour = suit_colour(suits[0]) if len(suits) == 1 else (40, 40, 48)
    top = blit_text(surface, letter, size, colour, (badge.centerx, badge.top + 1), "midtop", bold=True,
                    light_suits=False).bottom
    icon = min(width - 4, (badge.bottom - top - 2) // max(1, len(suits)))
    if icon < 4:
        return  # no room for the suit inside the label: never drawn hanging below the card
    y = top
    for suit in suits[:2]:
        surface.blit(painted(i18n.SUIT_SYMBOLS[suit], icon, suit_colour(suit)), (badge.centerx - icon // 2, y))
        y += icon
