"""The court figures painted with pygame: the shapes of `ramigui.art.courts` in pixels, the
top half keyed out of its region and turned half a turn for the bottom half, the frame, the
suit beside the head and, in the portrait de Paris, the figure's name."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from ramigui.art.courts import (
    AXIS,
    FINE_FROM,
    INK,
    NAME_AT,
    SUIT_AT,
    SUIT_SIZE,
    Colour,
    Figure,
    Placement,
    Shape,
    figure_for,
    figure_shapes,
    frame_outline,
    half_region,
    palette,
    slant,
)


def paint(surface: pygame.Surface, shapes: Sequence[Shape], place: Placement) -> None:
    """Draw a figure's shapes on `surface`; the ink line is 0.6 % of the frame, a pixel at least."""
    line = max(1, round(place.unit * 0.006))
    for shape in shapes:
        if shape.kind == "dot":
            centre = place.at(shape.points[0])
            radius = max(1.0, shape.radius * place.size)
            pygame.draw.circle(surface, shape.colour, centre, radius)
            if shape.outline:
                pygame.draw.circle(surface, INK, centre, radius, line)
            continue
        points = [place.at(p) for p in shape.points]
        if shape.kind == "fill":
            pygame.draw.polygon(surface, shape.colour, points)
            if shape.outline:
                pygame.draw.polygon(surface, INK, points, line)
        else:
            width = max(1, round(shape.width * place.size)) if shape.width else line
            pygame.draw.lines(surface, shape.colour, shape.closed, points, width)


# --- the card: frame, two halves, suit marks, name ---------------------------------------------

SuitDrawer = Callable[[pygame.Surface, str, tuple[float, float], float, Colour, bool], None]
TextRenderer = Callable[[str, int, Colour], pygame.Surface]

KEY: Colour = (1, 2, 3)
"""The colour left transparent when a half is blitted (never used by the drawing)."""
NAME_FROM = 320
"""Frame width (supersampled pixels) from which the names are printed: a card about 120
pixels wide, where the letters are 4 pixels tall; smaller they would be a grey smudge."""


def draw_court(surface: pygame.Surface, suit: str, rank: int, pattern: str, colour: Colour,
               four_colour: bool, draw_suit: SuitDrawer, text: TextRenderer) -> None:
    """The framed, double-headed figure of a court card on a card-sized surface.

    The frame is cut at the top-left and bottom-right corners around the index, outlined in
    the suit's colour; the suit's symbol sits in the frame's top corner beside the head.
    The top half is drawn once on an opaque surface keyed out around its region, then blitted
    as it is and turned half a turn (cheaper than per-pixel alpha at 4K sizes)."""
    w, h = surface.get_size()
    frame = pygame.Rect(round(w * 0.05), round(h * 0.03), round(w * 0.9), round(h * 0.94))
    unit = float(frame.width)
    figure = figure_for(pattern, suit, rank)
    region = half_region(frame.size, unit, slant(pattern))
    half = pygame.Surface((frame.width, math.ceil(max(y for _, y in region)) + 1))
    half.fill(KEY)
    place = Placement(0.0, 0.0, unit, AXIS, figure.facing)
    paint(half, figure_shapes(figure, palette(figure, colour, four_colour), unit >= FINE_FROM), place)
    for outside in _outside(region, half.get_size()):
        pygame.draw.polygon(half, KEY, outside)
    half.set_colorkey(KEY)
    turned = pygame.transform.flip(half, True, True)
    turned.set_colorkey(KEY)
    surface.blit(half, frame.topleft)
    surface.blit(turned, (frame.left, frame.bottom - turned.get_height()))
    line = max(1, round(unit * 0.008))
    pygame.draw.lines(surface, colour, False, _split_line(frame, region), max(1, line // 2))
    pygame.draw.polygon(surface, colour, _frame_outline(frame, unit), line)
    _marks(surface, frame, place, figure, suit, colour, draw_suit, text if pattern == "paris" else None)


def _outside(region: list[tuple[float, float]], size: tuple[int, int]) -> list[list[tuple[float, float]]]:
    """The parts of the half's surface outside its region: the index notch, and below the line."""
    fw, hh = size
    nx, ny = region[-1]
    (_, right), (_, left) = region[2], region[3]
    return [[(-1, -1), (nx, -1), (nx, ny), (-1, ny)],
            [(-1, left), (fw + 1, right), (fw + 1, hh + 1), (-1, hh + 1)]]


def _split_line(frame: pygame.Rect, region: list[tuple[float, float]]) -> list[tuple[float, float]]:
    (x0, y0), (x1, y1) = region[2], region[3]
    return [(frame.left + x0, frame.top + y0), (frame.left + x1, frame.top + y1)]


def _frame_outline(frame: pygame.Rect, unit: float) -> list[tuple[float, float]]:
    return frame_outline(frame.left, frame.top, frame.right - 1, frame.bottom - 1, unit)


def _marks(surface: pygame.Surface, frame: pygame.Rect, place: Placement, figure: Figure, suit: str, colour: Colour,
           draw_suit: SuitDrawer, text: TextRenderer | None) -> None:
    """The suit's symbol in the frame's top corner beside the head and, in the portrait de
    Paris, the figure's name along the frame; each again upside down in the bottom half."""
    def turned(p: tuple[float, float]) -> tuple[float, float]:
        return (frame.left + frame.right - 1 - p[0], frame.top + frame.bottom - 1 - p[1])

    x, y = place.frame_at(SUIT_AT)
    corner = (frame.left + x, frame.top + y)
    size = place.unit * SUIT_SIZE
    draw_suit(surface, suit, corner, size, colour, False)
    draw_suit(surface, suit, turned(corner), size, colour, True)
    if text is None or not figure.name or place.unit < NAME_FROM:
        return
    label = pygame.transform.rotate(text(figure.name, max(6, round(place.unit * 0.034)), colour), 90 * place.facing)
    x, y = place.frame_at(NAME_AT)
    top_left = (frame.left + x - label.get_width() / 2, frame.top + y)
    surface.blit(label, top_left)
    far = turned((top_left[0] + label.get_width() - 1, top_left[1] + label.get_height() - 1))
    surface.blit(pygame.transform.rotate(label, 180), far)
