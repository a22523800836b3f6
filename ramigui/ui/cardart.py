"""Card faces and backs drawn by the project: vector shapes at any size, no image files.

Every card is drawn once per (width, style, language) at three times its size with plain
polygons and circles, then smooth-scaled down: that is the antialiasing. Suit symbols are
shapes, not font glyphs, so they look the same on every machine and are reused inline
in text (ramigui/ui/symbols.py). Indices are large (a third of the card's width) because the hand is
fanned and read from a sofa; court cards show the French letters V D R in French. Their
figures (ramigui/art/courts.py) follow the language too: the portrait de Paris in French, the
English pattern in English.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ramigui.art.cards import (
    BACK_COLOURS,
    BLACK,
    BLUE,
    EDGE,
    GOLD,
    GREEN,
    PAPER,
    PIP_ROWS,
    RED,
    Colour,
    court_pattern,
    suit_shapes,
)
from ramigui.art.cards import RATIO as RATIO
from ramigui.art.cards import rank_letters as rank_letters
from ramigui.art.cards import suit_colour as suit_colour
from ramigui.cards import Card
from ramigui.ui import courts
from ramigui.ui.fonts import index_font

SS = 3
"""Supersampling factor: shapes drawn this many times larger, then smooth-scaled."""
TINY_PIP = 8
"""Below this many pixels a card's pips are one suit in its middle, larger than a pip: a
spade pip five pixels tall is a cross, and a newcomer read the 9♠ and 10♠ of the replay as
clubs (the ace's suit stays larger still)."""
SMALL_SHAPE = 16
"""Below this many pixels tall a suit is drawn in its small shapes (`suit_shapes`): the card's
spade and club, scaled down, both read as a dark blob (an index on a card 70 pixels wide,
the pips on most hand cards below 1080p)."""


@dataclass(frozen=True)
class DeckStyle:
    """How cards look: two- or four-colour suits and the back design."""

    four_colour: bool = False
    back: str = "blue"


def card_height(width: int) -> int:
    return round(width * RATIO)


def draw_suit(surface: pygame.Surface, suit: str, center: tuple[float, float], size: float,
              colour: Colour, flip: bool = False, small: bool = False) -> None:
    """Draw a suit symbol `size` pixels tall centred on `center` (upside down if `flip`;
    `small`: the shape that still reads when it ends up a dozen pixels tall)."""
    cx, cy = center
    sign = -1.0 if flip else 1.0
    for shape in suit_shapes(suit, small):
        points = [(cx + x * size, cy + y * size * sign) for x, y in shape.points]
        if shape.kind == "circle":
            pygame.draw.circle(surface, colour, points[0], shape.radius * size)
        else:
            pygame.draw.polygon(surface, colour, points)


# --- card faces --------------------------------------------------------------------------

def _rounded_card(w: int, h: int, fill: Colour, edge: Colour) -> pygame.Surface:
    """A blank card to draw on (a copy: the blank of each size is drawn once, a quarter of
    the cost of a face at 4K)."""
    return _blank_card(w, h, fill, edge).copy()


@lru_cache(maxsize=6)
def _blank_card(w: int, h: int, fill: Colour, edge: Colour) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(2, int(w * 0.075))
    pygame.draw.rect(surf, edge, surf.get_rect(), border_radius=radius)
    border = max(1, int(w * 0.008) + 1)
    pygame.draw.rect(surf, fill, surf.get_rect().inflate(-2 * border, -2 * border),
                     border_radius=max(1, radius - border))
    return surf


@lru_cache(maxsize=1)
def _cap_ratio() -> float:
    """Cap height / font size of the index font, measured once (fonts differ)."""
    probe = index_font(200).render("8", True, BLACK)
    return max(0.3, probe.get_bounding_rect().height / 200)


def _fit_text(text: str, px_height: int, max_width: int, colour: Colour) -> pygame.Surface:
    """Text whose capitals are about `px_height` tall, squeezed to `max_width` if wider."""
    fnt = index_font(int(px_height / _cap_ratio()))
    surf = fnt.render(text, True, colour)
    crop = surf.get_bounding_rect()
    surf = surf.subsurface(crop).copy() if crop.width and crop.height else surf
    if surf.get_width() > max_width:
        surf = pygame.transform.smoothscale(surf, (max_width, surf.get_height()))
    return surf


def _draw_index(surf: pygame.Surface, card: Card, rank: str, colour: Colour) -> None:
    """The large top-left index (rank over suit) and its upside-down copy bottom-right."""
    w, h = surf.get_size()
    corner = pygame.Surface((int(w * 0.27), int(h * 0.4)), pygame.SRCALPHA)
    cw = corner.get_width()
    if card.is_joker:
        _joker_index(corner, colour)
    else:
        text = _fit_text(rank, int(w * 0.25), int(cw * 0.98), colour)
        corner.blit(text, ((cw - text.get_width()) // 2, int(h * 0.03)))
        small = w * 0.2 / SS < SMALL_SHAPE
        size = w * (0.23 if small else 0.2)  # a few pixels more where every pixel is a shape's
        draw_suit(corner, card.suit, (cw / 2, h * 0.03 + text.get_height() + w * 0.035 + size / 2),
                  size, colour, small=small)
    surf.blit(corner, (int(w * 0.03), int(h * 0.015)))
    turned = pygame.transform.rotate(corner, 180)
    surf.blit(turned, (w - int(w * 0.03) - turned.get_width(), h - int(h * 0.015) - turned.get_height()))


def _joker_index(corner: pygame.Surface, colour: Colour) -> None:
    cw, ch = corner.get_size()
    y = int(ch * 0.05)
    for letter in "JOKER":
        glyph = _fit_text(letter, int(ch * 0.13), cw, colour)
        corner.blit(glyph, ((cw - glyph.get_width()) // 2, y))
        y += int(ch * 0.18)


def _draw_pips(surf: pygame.Surface, card: Card, colour: Colour) -> None:
    w, h = surf.get_size()
    if card.rank == 1:
        draw_suit(surf, card.suit, (w * 0.5, h * 0.5), w * 0.42, colour)
        return
    xs = (w * 0.405, w * 0.5, w * 0.595)
    top, bottom = h * 0.17, h * 0.83
    size = w * 0.12
    if size / SS < TINY_PIP:  # one suit that reads, not ten that do not
        big = w * 0.34
        draw_suit(surf, card.suit, (w * 0.5, h * 0.5), big, colour, small=big / SS < SMALL_SHAPE)
        return
    for col, row in PIP_ROWS[card.rank]:
        y = top + (bottom - top) * row
        draw_suit(surf, card.suit, (xs[col], y), size, colour, flip=row > 0.5, small=size / SS < SMALL_SHAPE)


def _draw_court(surf: pygame.Surface, card: Card, pattern: str, colour: Colour, four_colour: bool) -> None:
    """The court figure of `pattern` (portrait de Paris or English), framed in the suit's colour."""
    courts.draw_court(surf, card.suit, card.rank, pattern, colour, four_colour, draw_suit, _name_text)


def _name_text(text: str, px_height: int, colour: Colour) -> pygame.Surface:
    """The small capitals of a figure's name (portrait de Paris)."""
    return _fit_text(text, px_height, px_height * 40, colour)


def _draw_joker(surf: pygame.Surface) -> None:
    """A jester's cap with three bells, in the deck's red, blue and gold."""
    w, h = surf.get_size()
    cx, cy = w * 0.54, h * 0.5
    s = w * 0.34
    tips = [(cx - s * 0.85, cy - s * 0.55), (cx, cy - s * 1.05), (cx + s * 0.85, cy - s * 0.55)]
    colours = (RED, BLUE, GREEN)
    for (tx, ty), col in zip(tips, colours, strict=True):
        pygame.draw.polygon(surf, col, [(cx - s * 0.45, cy + s * 0.2), (tx, ty), (cx + s * 0.45, cy + s * 0.2)])
    for tx, ty in tips:
        pygame.draw.circle(surf, GOLD, (tx, ty), s * 0.11)
    band = pygame.Rect(0, 0, int(s * 1.1), int(s * 0.26))
    band.center = (int(cx), int(cy + s * 0.25))
    pygame.draw.rect(surf, GOLD, band, border_radius=int(s * 0.08))
    for i in range(3):
        pygame.draw.circle(surf, RED, (band.left + band.width * (i + 1) / 4, band.centery), s * 0.06)
    face = (cx, cy + s * 0.62)
    pygame.draw.circle(surf, (250, 224, 196), face, s * 0.3)
    pygame.draw.arc(surf, RED, (face[0] - s * 0.17, face[1] - s * 0.12, s * 0.34, s * 0.28),
                    math.pi * 1.1, math.pi * 1.9, max(2, int(s * 0.04)))
    for dx in (-0.1, 0.1):
        pygame.draw.circle(surf, BLACK, (face[0] + dx * s, face[1] - s * 0.06), s * 0.035)


def render_face(card: Card, width: int, style: DeckStyle, letters: tuple[str, ...]) -> pygame.Surface:
    """The face of `card`, `width` pixels wide. `letters` are the index texts of ranks 0–13
    and the court pattern (`rank_letters`)."""
    w, h = width * SS, card_height(width) * SS
    surf = _rounded_card(w, h, PAPER, EDGE)
    colour = RED if card.is_joker else suit_colour(card.suit, style.four_colour)
    if card.is_joker:
        _draw_joker(surf)
    elif card.rank >= 11:
        _draw_court(surf, card, court_pattern(letters), colour, style.four_colour)
    else:
        _draw_pips(surf, card, colour)
    _draw_index(surf, card, letters[card.rank], colour)
    return _opaque(pygame.transform.smoothscale(surf, (width, card_height(width))))


def opaque_inside(rect: pygame.Rect) -> pygame.Rect:
    """Where a card drawn at `rect` is wholly opaque (`_opaque`): inside its rim and clear
    of its rounded corners. What lies under that part of a card on top never shows, so the
    card beneath need not be drawn there (a fanned hand at 4K drew every card whole)."""
    radius = max(1, int(rect.width * 0.075) - 1)
    return rect.inflate(-2 * (radius + 2), -2 * 2)


def _opaque(face: pygame.Surface) -> pygame.Surface:
    """The scaled card made fully opaque within its edge. Scaling down leaves the paper at
    alpha 253, and in a fanned hand the card below showed through the one above it (a
    faint upside-down index on every card); only the rounded rim keeps its soft alpha."""
    w, h = face.get_size()
    solid = pygame.Surface((w, h), pygame.SRCALPHA)
    inset = 1
    pygame.draw.rect(solid, (0, 0, 0, 255), solid.get_rect().inflate(-2 * inset, -2 * inset),
                     border_radius=max(1, int(w * 0.075) - inset))
    face.blit(solid, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return face


def _back_pattern(surf: pygame.Surface, inner: pygame.Rect, name: str, dark: Colour, light: Colour) -> None:
    step = max(6, inner.width // 9)
    line = max(1, step // 8)
    if name in ("blue", "red"):
        for off in range(-inner.height, inner.width + inner.height, step):
            pygame.draw.line(
                surf,
                light,
                (inner.left + off, inner.top),
                (inner.left + off + inner.height, inner.bottom),
                line,
            )
            pygame.draw.line(
                surf,
                light,
                (inner.left + off, inner.bottom),
                (inner.left + off + inner.height, inner.top),
                line,
            )
    elif name == "green":
        for y in range(inner.top, inner.bottom + step, step):
            for x in range(inner.left, inner.right + step, step):
                shift = step // 2 if ((y - inner.top) // step) % 2 else 0
                pygame.draw.circle(surf, light, (x + shift, y), step * 0.3, line)
    else:
        for y in range(inner.top - step, inner.bottom + step, step // 2 + 1):
            pts = [
                (inner.left + i * step / 2, y + (step / 3 if i % 2 else 0))
                for i in range(inner.width * 2 // step + 3)
            ]
            pygame.draw.lines(surf, light, False, pts, line)


def render_back(width: int, back: str) -> pygame.Surface:
    """A card back: white margin, a patterned field and a medallion with the four suits."""
    w, h = width * SS, card_height(width) * SS
    surf = _rounded_card(w, h, PAPER, EDGE)
    dark, light = BACK_COLOURS.get(back, BACK_COLOURS["blue"])
    inner = surf.get_rect().inflate(-int(w * 0.16), -int(w * 0.16))
    field = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(field, dark, field.get_rect(), border_radius=int(w * 0.05))
    pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
    _back_pattern(pattern, pattern.get_rect(), back, dark, light)
    mask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(w * 0.05))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    field.blit(pattern, (0, 0))
    surf.blit(field, inner)
    cx, cy, r = w / 2, h / 2, w * 0.25
    pygame.draw.circle(surf, PAPER, (cx, cy), r)
    pygame.draw.circle(surf, GOLD, (cx, cy), r, max(2, int(w * 0.015)))
    for i, suit in enumerate("SHDC"):
        angle = math.pi / 4 + i * math.pi / 2
        colour = RED if suit in "HD" else dark
        draw_suit(surf, suit, (cx + math.cos(angle) * r * 0.45, cy + math.sin(angle) * r * 0.45), r * 0.55, colour)
    return _opaque(pygame.transform.smoothscale(surf, (width, card_height(width))))


class CardArt:
    """Faces and backs at one width, drawn on first use and kept (the per-size cache)."""

    def __init__(self, width: int, style: DeckStyle, letters: tuple[str, ...]) -> None:
        self.width = width
        self.height = card_height(width)
        self.style = style
        self.letters = letters
        self._faces: dict[Card, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    def face(self, card: Card) -> pygame.Surface:
        surf = self._faces.get(card)
        if surf is None:
            surf = render_face(card, self.width, self.style, self.letters)
            self._faces[card] = surf
        return surf

    def has_face(self, card: Card) -> bool:
        """Whether `card`'s face is drawn already (a later `face` costs nothing)."""
        return card in self._faces

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = render_back(self.width, self.style.back)
        return self._back

    def size(self) -> tuple[int, int]:
        return self.width, self.height


ART_CACHE_SIZE = 32
"""CardArts kept, least recently used dropped first. A card flying to a meld changes width
every frame and leaves a dozen one-frame sizes behind; dropping them first keeps the
table's own sizes (hand, piles, melds, opponents), whose loss meant redrawing every card
on screen in one frame (tens of milliseconds)."""
_ART: OrderedDict[tuple[int, DeckStyle, tuple[str, ...]], CardArt] = OrderedDict()


def card_art(width: int, style: DeckStyle, letters: tuple[str, ...]) -> CardArt:
    """The shared CardArt of this size, style and index letters (kept while in use)."""
    key = (width, style, letters)
    art = _ART.get(key)
    if art is None:
        art = _ART[key] = CardArt(width, style, letters)
        while len(_ART) > ART_CACHE_SIZE:
            _ART.popitem(last=False)
    else:
        _ART.move_to_end(key)
    return art
