"""The card design as data: colours, suit shapes, pip layout and index letters.

Everything here is plain numbers: the table paints it with pygame (`ramigui.ui.cardart`)
and the phone page receives it as SVG data (`ramigui.phone.look`), so a heart has one curve
and a red one colour wherever a card is shown.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ramigui import i18n

RATIO = 1.4
"""Height / width of a card (poker size, 63 × 88 mm)."""

Colour = tuple[int, int, int]
BLACK: Colour = (28, 28, 34)
RED: Colour = (200, 24, 40)
BLUE: Colour = (22, 84, 196)
GREEN: Colour = (18, 128, 58)
PAPER: Colour = (253, 252, 247)
EDGE: Colour = (150, 150, 150)
GOLD: Colour = (214, 168, 52)

BACKS = ("blue", "red", "green", "purple")
BACK_COLOURS: dict[str, tuple[Colour, Colour]] = {
    "blue": ((30, 70, 150), (92, 140, 220)),
    "red": ((150, 26, 36), (224, 96, 96)),
    "green": ((18, 96, 60), (96, 180, 120)),
    "purple": ((80, 40, 120), (170, 120, 210)),
}


def suit_colour(suit: str, four_colour: bool = False) -> Colour:
    """Black and red, or the four-colour deck's black, red, blue (♦) and green (♣)."""
    if four_colour:
        return {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN}.get(suit, BLACK)
    return RED if suit in ("H", "D") else BLACK


# --- suit shapes -------------------------------------------------------------------------

def _heart_outline(steps: int = 64) -> list[tuple[float, float]]:
    """The classic heart curve, normalised to a unit box centred on (0, 0)."""
    pts = []
    for i in range(steps):
        t = 2 * math.pi * i / steps
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        pts.append((x, y))
    return _normalise(pts)


def _normalise(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    scale = 1 / max(w, h)
    return [((x - cx) * scale, (y - cy) * scale) for x, y in pts]


_HEART = _heart_outline()


def _place(pts: list[tuple[float, float]], cx: float, cy: float, size: float,
           sx: float = 1.0, sy: float = 1.0, dy: float = 0.0) -> list[tuple[float, float]]:
    return [(cx + x * size * sx, cy + (y * sy + dy) * size) for x, y in pts]


@dataclass(frozen=True)
class SuitShape:
    """One filled piece of a suit symbol, in a unit box centred on (0, 0): a polygon
    (`points`) or a circle (`points[0]` its centre, `radius`). The table draws them with
    pygame; the phone page gets them as SVG (ramigui.phone.look): one design, two painters."""

    kind: str  # "polygon" | "circle"
    points: tuple[tuple[float, float], ...]
    radius: float = 0.0


@lru_cache(maxsize=8)
def suit_shapes(suit: str, small: bool = False) -> tuple[SuitShape, ...]:
    """The pieces of a suit symbol one unit tall, upright (y grows downwards). `small`: a
    spade or club drawn a dozen pixels tall or less (a small card's index, a line of text),
    where the card's shapes both blur into a dark blob: the spade a sharp point on round
    shoulders, the club three lobes set apart on a thin stem (two newcomers read ♠ as ♣ on
    the replay's cards and a bot's hand laid face up at 1024×600)."""
    if suit == "H":
        return (SuitShape("polygon", tuple(_place(_HEART, 0, 0, 1, 1.05, 0.95))),)
    if suit == "D":
        return (SuitShape("polygon", tuple(_diamond_points())),)
    if suit == "S" and small:
        return SuitShape("polygon", _SMALL_SPADE), SuitShape("polygon", tuple(_stem(0, 0, 1, 1.0)))
    if suit == "S":
        body = SuitShape("polygon", tuple(_place(_HEART, 0, 0, 1, 1.0, -0.78, -0.1)))
        return body, SuitShape("polygon", tuple(_stem(0, 0, 1, 1.0)))
    if suit == "C" and small:
        r = 0.21
        lobes = tuple(SuitShape("circle", ((dx, dy),), r) for dx, dy in ((0.0, -0.3), (-0.31, 0.08), (0.31, 0.08)))
        return (*lobes, SuitShape("polygon", ((-0.05, -0.1), (0.05, -0.1), (0.2, 0.5), (-0.2, 0.5))))
    if suit == "C":
        r = 0.235
        lobes = tuple(SuitShape("circle", ((dx, dy),), r) for dx, dy in ((0.0, -0.24), (-0.25, 0.06), (0.25, 0.06)))
        return (*lobes, SuitShape("circle", ((0.0, -0.02),), r * 0.6), SuitShape("polygon", tuple(_stem(0, 0, 1, 1.0))))
    return ()


_SMALL_SPADE: tuple[tuple[float, float], ...] = (
    (0.0, -0.5), (0.16, -0.3), (0.36, -0.08), (0.46, 0.08), (0.42, 0.2), (0.3, 0.25),
    (0.12, 0.18), (0.0, 0.1), (-0.12, 0.18), (-0.3, 0.25), (-0.42, 0.2), (-0.46, 0.08),
    (-0.36, -0.08), (-0.16, -0.3),
)
"""The small spade's body: straight flanks up to a point (the card's curved heart shape
turned over rounds off at a dozen pixels into the club's blob)."""


def _diamond_points(steps: int = 12) -> list[tuple[float, float]]:
    """A lozenge with gently curved sides, unit height."""
    corners = [(0.0, -0.5), (0.38, 0.0), (0.0, 0.5), (-0.38, 0.0)]
    pts: list[tuple[float, float]] = []
    for i in range(4):
        (x0, y0), (x1, y1) = corners[i], corners[(i + 1) % 4]
        for s in range(steps):
            t = s / steps
            bow = 0.06 * math.sin(math.pi * t)
            mx, my = x0 + (x1 - x0) * t, y0 + (y1 - y0) * t
            pts.append((mx - math.copysign(bow, mx), my - math.copysign(bow, my) * 0.5))
    return pts


def _stem(cx: float, cy: float, size: float, sign: float) -> list[tuple[float, float]]:
    """The flared foot of a spade or a club."""
    top = cy + 0.05 * size * sign
    bottom = cy + 0.5 * size * sign
    return [(cx - 0.05 * size, top), (cx + 0.05 * size, top),
            (cx + 0.2 * size, bottom), (cx - 0.2 * size, bottom)]


PIP_ROWS: dict[int, list[tuple[int, float]]] = {
    # rank -> (column 0/1/2, row 0..1) of each pip
    1: [(1, 0.5)],
    2: [(1, 0.0), (1, 1.0)],
    3: [(1, 0.0), (1, 0.5), (1, 1.0)],
    4: [(0, 0.0), (2, 0.0), (0, 1.0), (2, 1.0)],
    5: [(0, 0.0), (2, 0.0), (1, 0.5), (0, 1.0), (2, 1.0)],
    6: [(0, 0.0), (2, 0.0), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)],
    7: [(0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1.0), (2, 1.0)],
    8: [(0, 0.0), (2, 0.0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1.0), (2, 1.0)],
    9: [(0, 0.0), (2, 0.0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3),
        (0, 1.0), (2, 1.0)],
    10: [(0, 0.0), (2, 0.0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3), (0, 2 / 3), (2, 2 / 3),
         (1, 5 / 6), (0, 1.0), (2, 1.0)],
}


COURT_PATTERN = 14
"""Where `rank_letters` puts the court pattern, after the index texts of ranks 0–13."""


def rank_letters(tr: Callable[[str], str]) -> tuple[str, ...]:
    """Index texts of ranks 0–13 from the translation layer (`rank.N` keys), then the court
    pattern that goes with them (`card.court_pattern`: R D V with the portrait de Paris,
    K Q J with the English pattern). Faces are cached by this tuple, so a change of
    language redraws the figures too.

    The table asks for them for every card of every frame: with the project's `tr` they
    are kept per language (fourteen look-ups per card were a millisecond a frame)."""
    if tr is i18n.tr:
        return _letters_in(i18n.language())
    return _face_texts(tr)


@lru_cache(maxsize=4)
def _letters_in(language: str) -> tuple[str, ...]:
    """The index texts in `language` (the key of the cache; `tr` reads the current one)."""
    return _face_texts(i18n.tr)


def _face_texts(tr: Callable[[str], str]) -> tuple[str, ...]:
    return tuple(tr(f"rank.{rank}") for rank in range(14)) + (tr("card.court_pattern"),)


def court_pattern(letters: tuple[str, ...]) -> str:
    """The court pattern carried by `letters` (English when they do not say)."""
    return letters[COURT_PATTERN] if len(letters) > COURT_PATTERN else "english"
