"""The symbols the table writes in text, painted as shapes: ✓ ✗ ← → ↑ ↓ ◀ ▶ and ♠ ♥ ♦ ♣.

A font found on one machine has them and the next one's does not: pygame's own font (the
last resort when no system font is found) draws ✓, the arrows and the suits as empty boxes,
and no-break spaces (French « … » and « ! ») as boxes too. So every piece of text goes
through `render` and `width`: runs of ordinary characters go to the font, each symbol is
painted here at the font's size, and a no-break space is a gap — never a glyph a font may
lack. Painted 4× large and smoothed down, like the suits on the cards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from ramigui.ui.cardart import draw_suit

Colour = tuple[int, int, int]
Point = tuple[float, float]

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
"""Suit symbols and their suit letters (painted in the suit's colour)."""
GAPS = {"\u00a0": 1.0, "\u202f": 0.5}
"""No-break spaces, as a share of the font's space: drawn as nothing, never as a glyph."""
WIDTHS = {"✓": 0.9, "✗": 0.75, "←": 1.15, "→": 1.15, "↑": 0.62, "↓": 0.62, "◀": 0.75, "▶": 0.75}
"""Painted symbols (other than suits), each with its width as a share of its height."""
SYMBOLS = frozenset(SUITS) | frozenset(GAPS) | frozenset(WIDTHS)
SCALE = 4
SMALL_SUIT = 24
"""Below this height a club is painted with its lobes apart (at 12 px, ♣ read as ♠)."""


def split(text: str) -> list[str]:
    """`text` as runs of font text and single symbols: "7♥ ✓ ok" → ["7", "♥", " ", "✓", " ok"]."""
    pieces: list[str] = []
    run = ""
    for char in text:
        if char in SYMBOLS:
            if run:
                pieces.append(run)
                run = ""
            pieces.append(char)
        else:
            run += char
    if run:
        pieces.append(run)
    return pieces


def symbol_height(fnt: pygame.font.Font, char: str = "♠") -> int:
    """How tall a symbol is beside this font's letters: as tall as the capitals, so a ✓ or
    → reads at a glance, and a suit too (a little under them, ♠ and ♣ in the last moves
    were told apart only on close inspection)."""
    return max(6, int(fnt.get_ascent() * 0.95))


def _symbol_width(char: str, fnt: pygame.font.Font) -> int:
    if char in GAPS:
        return max(1, round(fnt.size(" ")[0] * GAPS[char]))
    height = symbol_height(fnt, char)
    return height if char in SUITS else max(1, round(height * WIDTHS[char]))


def width(fnt: pygame.font.Font, text: str) -> int:
    """The width `render` gives `text` (no surface is made)."""
    return sum(_symbol_width(piece, fnt) if piece in SYMBOLS else fnt.size(piece)[0] for piece in split(text))


def render(fnt: pygame.font.Font, text: str, colour: Colour,
           suit_tint: Callable[[str], Colour] | None = None) -> pygame.Surface:
    """`text` on one transparent line: the font's glyphs for runs, shapes for symbols
    (suits in `suit_tint(suit)` when given, else in `colour`)."""
    height = fnt.get_height()
    parts: list[pygame.Surface] = []
    for piece in split(text) or [""]:
        if piece in GAPS:
            parts.append(pygame.Surface((_symbol_width(piece, fnt), 1), pygame.SRCALPHA))
        elif piece in SUITS:
            tint = suit_tint(SUITS[piece]) if suit_tint is not None else colour
            parts.append(painted(piece, symbol_height(fnt), tint))
        elif piece in WIDTHS:
            parts.append(painted(piece, symbol_height(fnt, piece), colour))
        else:
            parts.append(fnt.render(piece, True, colour))
    line = pygame.Surface((sum(p.get_width() for p in parts) or 1, height), pygame.SRCALPHA)
    x = 0
    for part in parts:
        # symbols sit on the middle of the line, like the letters' x-height
        y = (height - part.get_height()) // 2 if part.get_height() < height else 0
        line.blit(part, (x, y))
        x += part.get_width()
    return line


@lru_cache(maxsize=512)
def painted(char: str, height: int, colour: Colour) -> pygame.Surface:
    """One symbol `height` px tall, antialiased, on a transparent surface."""
    wide = height if char in SUITS else max(1, round(height * WIDTHS[char]))
    big = pygame.Surface((wide * SCALE, height * SCALE), pygame.SRCALPHA)
    w, h = big.get_size()
    if char in SUITS:
        draw_suit(big, SUITS[char], (w / 2, h / 2), h * 0.9, colour, small=height < SMALL_SUIT)
    else:
        _PAINTERS[char](big, colour, w, h)
    return pygame.transform.smoothscale(big, (wide, height))


def _stroke(surface: pygame.Surface, colour: Colour, points: list[Point], thickness: float) -> None:
    """A thick polyline with round joints and ends."""
    for start, end in zip(points, points[1:], strict=False):
        pygame.draw.line(surface, colour, start, end, max(1, round(thickness)))
    for x, y in points:
        pygame.draw.circle(surface, colour, (x, y), thickness / 2)


def _check(surface: pygame.Surface, colour: Colour, w: int, h: int) -> None:
    _stroke(surface, colour, [(w * 0.1, h * 0.55), (w * 0.38, h * 0.85), (w * 0.9, h * 0.12)], h * 0.17)


def _cross(surface: pygame.Surface, colour: Colour, w: int, h: int) -> None:
    _stroke(surface, colour, [(w * 0.12, h * 0.15), (w * 0.88, h * 0.85)], h * 0.16)
    _stroke(surface, colour, [(w * 0.88, h * 0.15), (w * 0.12, h * 0.85)], h * 0.16)


def _arrow(dx: int, dy: int) -> Callable[[pygame.Surface, Colour, int, int], None]:
    """An arrow pointing (dx, dy): a shaft and a filled head."""

    def paint(surface: pygame.Surface, colour: Colour, w: int, h: int) -> None:
        cx, cy = w / 2, h / 2
        reach = (w if dx else h) * 0.45  # from the centre to the tip
        head = min(w, h) * 0.5
        tip = (cx + dx * reach, cy + dy * reach)
        base = (tip[0] - dx * head, tip[1] - dy * head)
        tail = (cx - dx * reach * 0.9, cy - dy * reach * 0.9)
        _stroke(surface, colour, [tail, (base[0] + dx * head * 0.3, base[1] + dy * head * 0.3)], min(w, h) * 0.17)
        side = (dy * head * 0.8, dx * head * 0.8)  # perpendicular to the arrow
        pygame.draw.polygon(surface, colour, [tip, (base[0] + side[0], base[1] + side[1]),
                                              (base[0] - side[0], base[1] - side[1])])

    return paint


def _triangle(direction: int) -> Callable[[pygame.Surface, Colour, int, int], None]:
    """A filled triangle pointing left (-1) or right (+1)."""

    def paint(surface: pygame.Surface, colour: Colour, w: int, h: int) -> None:
        point, back = (w * 0.95, w * 0.08) if direction > 0 else (w * 0.05, w * 0.92)
        pygame.draw.polygon(surface, colour, [(point, h * 0.5), (back, h * 0.1), (back, h * 0.9)])

    return paint


_PAINTERS: dict[str, Callable[[pygame.Surface, Colour, int, int], None]] = {
    "✓": _check, "✗": _cross,
    "←": _arrow(-1, 0), "→": _arrow(1, 0), "↑": _arrow(0, -1), "↓": _arrow(0, 1),
    "◀": _triangle(-1), "▶": _triangle(1),
}
