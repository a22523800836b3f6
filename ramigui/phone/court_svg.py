"""The table's court figures as SVG, for the phone page: one drawing, two outputs.

`ramigui.art.courts` holds each figure as shapes in design units; the table paints them
with pygame and this module writes them as SVG elements, so a phone's K♥ is the table's
K♥ (portrait de Paris in French, English pattern in English), never a second hand-drawn
copy. The result is a whole card face's figure in the page's card coordinates (100 × 140):
the framed top half, turned half a turn for the bottom half, the split line, the frame and
the suit beside the head.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ramigui.art import courts
from ramigui.art.cards import suit_colour
from ramigui.phone.look import suit_svg

CARD_W, CARD_H = 100.0, 140.0
FRAME = (CARD_W * 0.05, CARD_H * 0.03, CARD_W * 0.9, CARD_H * 0.94)
"""The figure's frame on the card, as the table places it (`ramigui.ui.courts.draw_court`)."""


def _hex(colour: courts.Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _element(shape: courts.Shape, place: courts.Placement, line: float) -> str:
    """One shape as an SVG element; `line` is the width of the fine ink line."""
    ink = f' stroke="{_hex(courts.INK)}" stroke-width="{line:.2f}"' if shape.outline else ""
    if shape.kind == "dot":
        x, y = place.at(shape.points[0])
        radius = max(0.3, shape.radius * place.size)
        return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{radius:.2f}" fill="{_hex(shape.colour)}"{ink}/>'
    points = _points([place.at(p) for p in shape.points])
    if shape.kind == "fill":
        return f'<polygon points="{points}" fill="{_hex(shape.colour)}"{ink}/>'
    width = shape.width * place.size if shape.width else line
    tag = "polygon" if shape.closed else "polyline"
    return (f'<{tag} points="{points}" fill="none" stroke="{_hex(shape.colour)}" stroke-width="{width:.2f}" '
            'stroke-linejoin="round"/>')


def _suit(suit: str, centre: tuple[float, float], size: float, colour: str, turned: bool) -> str:
    x, y = centre
    pieces = "".join(f'<path d="{piece["path"]}"/>' if "path" in piece else
                     '<circle cx="{}" cy="{}" r="{}"/>'.format(*piece["circle"]) for piece in suit_svg(suit))
    flip = -size if turned else size
    return f'<g transform="translate({x:.2f} {y:.2f}) scale({size:.3f} {flip:.3f})" fill="{colour}">{pieces}</g>'


@lru_cache(maxsize=64)
def court_svg(pattern: str, suit: str, rank: int, four_colour: bool = False) -> str:
    """The figure of a court card as a standalone SVG document over the whole card
    (viewBox 0 0 100 140, the page's card coordinates), drawn from the table's own shapes."""
    left, top, width, height = FRAME
    colour = suit_colour(suit, four_colour)
    figure = courts.figure_for(pattern, suit, rank)
    place = courts.Placement(0.0, 0.0, width, courts.AXIS, figure.facing)
    shapes = courts.figure_shapes(figure, courts.palette(figure, colour, four_colour), width >= courts.FINE_FROM)
    line = max(0.4, width * 0.006)
    half = "".join(_element(shape, place, line) for shape in shapes)
    region = courts.half_region((width, height), width, courts.slant(pattern))
    ink = _hex(colour)
    frame_line = max(0.5, width * 0.008)
    (x0, y0), (x1, y1) = region[2], region[3]
    frame = courts.frame_outline(left, top, left + width, top + height, width)
    cx, cy = place.frame_at(courts.SUIT_AT)
    corner = (left + cx, top + cy)
    far = (2 * left + width - corner[0], 2 * top + height - corner[1])
    size = width * courts.SUIT_SIZE
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CARD_W:g} {CARD_H:g}">'
        f'<defs><clipPath id="h"><polygon points="{_points(region)}"/></clipPath></defs>'
        f'<g id="t" transform="translate({left:.2f} {top:.2f})"><g clip-path="url(#h)">{half}</g></g>'
        f'<use href="#t" transform="rotate(180 {left + width / 2:.2f} {top + height / 2:.2f})"/>'
        f'<line x1="{left + x0:.2f}" y1="{top + y0:.2f}" x2="{left + x1:.2f}" y2="{top + y1:.2f}" '
        f'stroke="{ink}" stroke-width="{frame_line / 2:.2f}"/>'
        f'<polygon points="{_points(frame)}" fill="none" stroke="{ink}" stroke-width="{frame_line:.2f}"/>'
        f'{_suit(suit, corner, size, ink, False)}{_suit(suit, far, size, ink, True)}'
        '</svg>'
    )


def court_figures(pattern: str, four_colour: bool = False) -> dict[str, str]:
    """Every court card of `pattern` (keys like "13H"), for the page's data."""
    return {f"{rank}{suit}": court_svg(pattern, suit, rank, four_colour) for suit in "SHDC" for rank in (11, 12, 13)}
