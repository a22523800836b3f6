"""The table's court figures as SVG, for the phone page: one drawing, two outputs.

`ramigui.ui.courts` draws each figure through a `Pen` (polygons, lines, dots in design
units). Here a pen that writes SVG elements instead of pixels replays exactly the same
drawing code, so a phone's K♥ is the table's K♥ (portrait de Paris in French, English
pattern in English), never a second hand-drawn copy. The result is a whole card face's
figure in the page's card coordinates (100 × 140): the framed top half, turned half a turn
for the bottom half, the split line, the frame and the suit beside the head.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from ramigui.phone.look import suit_svg
from ramigui.ui import cardart, courts

CARD_W, CARD_H = 100.0, 140.0
FRAME = (CARD_W * 0.05, CARD_H * 0.03, CARD_W * 0.9, CARD_H * 0.94)
"""The figure's frame on the card, as the table places it (`courts.draw_court`)."""


def _hex(colour: courts.Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


class SvgPen(courts.Pen):
    """A `courts.Pen` that writes SVG elements (in frame units × `unit`) instead of pixels."""

    def __init__(self, unit: float, axis: float, facing: int) -> None:
        super().__init__(pygame.Surface((1, 1)), 0.0, 0.0, unit, axis, facing)
        self.width = max(0.4, unit * 0.006)
        self.parts: list[str] = []

    def fill(self, pts: Sequence[courts.Point], colour: courts.Colour, outline: bool = True) -> None:
        stroke = f' stroke="{_hex(courts.INK)}" stroke-width="{self.width:.2f}"' if outline else ""
        self.parts.append(f'<polygon points="{_points([self.at(p) for p in pts])}" fill="{_hex(colour)}"{stroke}/>')

    def stroke(self, pts: Sequence[courts.Point], colour: courts.Colour = courts.INK, width: float = 0.0,
               closed: bool = False) -> None:
        px = width * self.size if width else self.width
        tag = "polygon" if closed else "polyline"
        self.parts.append(f'<{tag} points="{_points([self.at(p) for p in pts])}" fill="none" '
                          f'stroke="{_hex(colour)}" stroke-width="{px:.2f}" stroke-linejoin="round"/>')

    def dot(self, p: courts.Point, r: float, colour: courts.Colour, outline: bool = False) -> None:
        x, y = self.at(p)
        stroke = f' stroke="{_hex(courts.INK)}" stroke-width="{self.width:.2f}"' if outline else ""
        self.parts.append(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{max(0.3, r * self.size):.2f}" '
                          f'fill="{_hex(colour)}"{stroke}/>')


def _suit(suit: str, centre: tuple[float, float], size: float, colour: str, turned: bool) -> str:
    x, y = centre
    pieces = "".join(f'<path d="{piece["path"]}"/>' if "path" in piece else
                     '<circle cx="{}" cy="{}" r="{}"/>'.format(*piece["circle"]) for piece in suit_svg(suit))
    flip = -size if turned else size
    return f'<g transform="translate({x:.2f} {y:.2f}) scale({size:.3f} {flip:.3f})" fill="{colour}">{pieces}</g>'


@lru_cache(maxsize=64)
def court_svg(pattern: str, suit: str, rank: int, four_colour: bool = False) -> str:
    """The figure of a court card as a standalone SVG document over the whole card
    (viewBox 0 0 100 140, the page's card coordinates), drawn by the table's own code."""
    left, top, width, height = FRAME
    colour = cardart.suit_colour(suit, four_colour)
    figure = courts.figure_for(pattern, suit, rank)
    pen = SvgPen(width, courts.AXIS, figure.facing)
    courts.draw_half(pen, figure, courts.palette(figure, colour, four_colour))
    region = courts._half_region((width, height), width, courts.SLANT.get(pattern, courts.SLANT["english"]))  # type: ignore[arg-type]
    ink = _hex(colour)
    line = max(0.5, width * 0.008)
    (x0, y0), (x1, y1) = region[2], region[3]
    nx, ny = courts.NOTCH[0] * width, courts.NOTCH[1] * width
    frame = [(left + nx, top), (left + width, top), (left + width, top + height - ny),
             (left + width - nx, top + height - ny), (left + width - nx, top + height),
             (left, top + height), (left, top + ny), (left + nx, top + ny)]
    cx, cy = pen.frame_at((0.29, 0.07))
    corner = (left + cx, top + cy)
    far = (2 * left + width - corner[0], 2 * top + height - corner[1])
    half = "".join(pen.parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W:g} {CARD_H:g}">'
        f'<defs><clipPath id="h"><polygon points="{_points(region)}"/></clipPath></defs>'
        f'<g id="t" transform="translate({left:.2f} {top:.2f})"><g clip-path="url(#h)">{half}</g></g>'
        f'<use href="#t" transform="rotate(180 {left + width / 2:.2f} {top + height / 2:.2f})"/>'
        f'<line x1="{left + x0:.2f}" y1="{top + y0:.2f}" x2="{left + x1:.2f}" y2="{top + y1:.2f}" '
        f'stroke="{ink}" stroke-width="{line / 2:.2f}"/>'
        f'<polygon points="{_points(frame)}" fill="none" stroke="{ink}" stroke-width="{line:.2f}"/>'
        f'{_suit(suit, corner, width * 0.09, ink, False)}{_suit(suit, far, width * 0.09, ink, True)}'
        '</svg>'
    )


def court_figures(pattern: str, four_colour: bool = False) -> dict[str, str]:
    """Every court card of `pattern` (keys like "13H"), for the page's data."""
    return {f"{rank}{suit}": court_svg(pattern, suit, rank, four_colour) for suit in "SHDC" for rank in (11, 12, 13)}
