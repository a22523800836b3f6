"""Cards that overlap are drawn only where they show: a card beneath another is left undrawn
under the top card's opaque inside, and a shadow under its own card. The picture is the
same, pixel for pixel, as every card and shadow drawn whole (at 4K a card costs a quarter
of a millisecond, and memory, not arithmetic, bounds it)."""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pygame
import pytest

from ramigui.cards import parse_cards
from ramigui.ui import table_draw
from ramigui.ui.cardart import DeckStyle, card_art, card_height, opaque_inside
from ramigui.ui.widgets import panel_surface

LETTERS = tuple(str(rank) for rank in range(15))


@pytest.fixture
def display() -> Iterator[None]:
    pygame.display.init()
    pygame.display.set_mode((8, 8))
    yield
    pygame.display.quit()


def _frame() -> SimpleNamespace:
    return SimpleNamespace(art=lambda width: card_art(width, DeckStyle(False, "blue"), LETTERS))


def _whole(surface: pygame.Surface, card: object, rect: pygame.Rect) -> None:
    """A card and its shadow drawn whole, as before."""
    offset = max(2, rect.width // 28)
    place = rect.move(offset, offset)
    surface.blit(panel_surface(place.size, (0, 0, 0, table_draw.SHADOW_ALPHA), max(3, rect.width // 12)), place)
    art = _frame().art(rect.width)
    surface.blit(art.face(card) if card is not None else art.back(), rect)


@pytest.mark.parametrize("width", [40, 57, 90, 142, 203, 340])
@pytest.mark.parametrize("step, lift", [(0.3, 0), (0.62, 0), (0.15, 0), (0.3, -20), (0.3, 20), (0.95, 0)])
def test_a_row_of_cards_drawn_in_parts_is_the_row_drawn_whole(display: None, width: int, step: float,
                                                              lift: int) -> None:
    height = card_height(width)
    cards = [*parse_cards("KH 10S QD"), None]  # three faces and a back
    rects = [pygame.Rect(20 + int(k * width * step), 40 + (lift if k == 1 else 0), width, height)
             for k in range(len(cards))]
    size = (rects[-1].right + 40, height + 120)
    whole, parts = pygame.Surface(size), pygame.Surface(size)
    for surface in (whole, parts):
        surface.fill((25, 89, 53))
    for k, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        _whole(whole, card, rect)
        table_draw._card(_frame(), parts, card, rect, table_draw._cover(rects, k))  # type: ignore[arg-type]
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(parts, "RGB")


def test_the_opaque_inside_is_opaque_on_every_card(display: None) -> None:
    """Every pixel of a face or a back within `opaque_inside` has alpha 255."""
    for width in (40, 90, 142, 340):
        art = _frame().art(width)
        for image in (art.face(parse_cards("AS")[0]), art.face(parse_cards("JK")[0]), art.back()):
            inside = opaque_inside(image.get_rect())
            solid = pygame.mask.from_surface(image, 254)  # the pixels of alpha 255
            assert solid.overlap_area(pygame.Mask(inside.size, fill=True), inside.topleft) == inside.w * inside.h


def test_outside_leaves_the_strips_round_the_hole() -> None:
    rect, hole = pygame.Rect(0, 0, 10, 10), pygame.Rect(3, 2, 4, 5)
    strips = table_draw.outside(rect, hole)
    assert sum(strip.width * strip.height for strip in strips) == 100 - 20
    assert all(not strip.colliderect(hole) for strip in strips)
    assert table_draw.outside(rect, None) == [rect] and table_draw.outside(rect, pygame.Rect(20, 20, 3, 3)) == [rect]
