"""Court figures — jack, queen, king — as data: flat vector shapes in design units.

Each figure is drawn once for its top half inside a frame that leaves room for the large
corner index, then turned half a turn for the bottom half: double-headed, as real cards are.
Two traditions, chosen with the language: the French *portrait de Paris* (the figures carry
their names, David, Pallas, Ogier…, split on a level line) and the English pattern (swords
and axe, the king of hearts' sword behind his head, the one-eyed jacks and king of diamonds
in profile, split on a slant). The designs are the project's own, built from ovals,
Bézier curves and polygons; nothing is traced from an existing deck.

Coordinates are in *frame units*: 1.0 is the frame's width, y runs down from its top, and
x is measured from the figure's axis; `facing` mirrors the whole figure about that axis.

A figure is a list of `Shape`s (polygons, lines, dots), recorded once by `figure_shapes`;
the table paints them with pygame (`ramigui.ui.courts`) and the phone page writes them as
SVG (`ramigui.phone.court_svg`), so both show the same drawing and this module needs no
drawing library.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

Colour = tuple[int, int, int]
Point = tuple[float, float]

INK: Colour = (34, 30, 40)
SKIN: Colour = (252, 226, 196)
CHEEK: Colour = (240, 170, 150)
LIP: Colour = (196, 52, 56)
GOLD: Colour = (232, 182, 46)
GOLD_DARK: Colour = (176, 124, 30)
ERMINE: Colour = (252, 250, 242)
STEEL: Colour = (214, 222, 232)
WOOD: Colour = (132, 84, 44)
LEAF: Colour = (54, 140, 70)
CREAM: Colour = (250, 244, 226)
BLUE: Colour = (36, 88, 184)
RED: Colour = (200, 32, 46)

HAIR_GOLD: Colour = (226, 176, 64)
HAIR_BROWN: Colour = (116, 70, 38)
HAIR_DARK: Colour = (52, 42, 40)
HAIR_GREY: Colour = (206, 206, 200)
HAIR_AUBURN: Colour = (170, 82, 40)

JACK, QUEEN, KING = 11, 12, 13

HALF = 0.731
"""Height of the frame's top half in frame units (the frame is 0.9 × 0.94 of the card)."""
AXIS = 0.64
"""The figure's axis, right of the centre: the index sits in the top-left notch."""
NOTCH = (0.278, 0.6)
"""The top-left corner cut out of the frame for the index (width, height in frame units)."""
SCALE = 1.3
"""Frame units per design unit: the figures are designed small and drawn close up."""
LIFT = 0.045
"""Design units between the top of the drawing and the frame's top."""


@dataclass(frozen=True)
class Figure:
    """One court figure: what makes it recognisable, not how it is drawn."""

    rank: int
    facing: int = -1
    """-1: turned to the viewer's left (the raised hand on that side), 1: to the right."""
    profile: bool = False
    hair: Colour = HAIR_BROWN
    beard: str = ""
    """"", "short", "long" or "forked"."""
    held: str = ""
    """What the raised hand holds: sword, sceptre, axe, halberd, lance, flower, tulip, fan,
    leaf, arrow, staff, or sword_behind (the English king of hearts')."""
    other: str = ""
    """In the other hand or on that arm (orb, flower, book, shield), or standing in the frame's
    free corner (harp); "" for nothing."""
    cloak: str = "second"
    """Colour of the sleeves and mantle: 'second' (see `Palette.second`) or 'gold'."""
    motif: str = "diamonds"
    """The robe's pattern: diamonds, stripes, dots or checks."""
    name: str = ""
    """The name printed beside the figure in the portrait de Paris."""


PARIS: dict[tuple[str, int], Figure] = {
    ("S", KING): Figure(KING, -1, hair=HAIR_DARK, beard="long", held="sceptre", other="harp", name="DAVID"),
    ("H", KING): Figure(KING, 1, hair=HAIR_GREY, beard="forked", held="sword", other="orb",
                        cloak="gold", motif="checks", name="CHARLES"),
    ("D", KING): Figure(KING, -1, profile=True, hair=HAIR_BROWN, beard="short", held="sceptre",
                        motif="stripes", name="CÉSAR"),
    ("C", KING): Figure(KING, 1, hair=HAIR_AUBURN, beard="short", held="sceptre", other="orb",
                        cloak="gold", motif="dots", name="ALEXANDRE"),
    ("S", QUEEN): Figure(QUEEN, 1, hair=HAIR_GOLD, held="flower", other="shield", motif="stripes", name="PALLAS"),
    ("H", QUEEN): Figure(QUEEN, -1, hair=HAIR_BROWN, held="flower", other="book", cloak="gold",
                         motif="dots", name="JUDITH"),
    ("D", QUEEN): Figure(QUEEN, 1, hair=HAIR_DARK, held="tulip", motif="diamonds", name="RACHEL"),
    ("C", QUEEN): Figure(QUEEN, -1, hair=HAIR_AUBURN, held="fan", other="flower", cloak="gold",
                         motif="checks", name="ARGINE"),
    ("S", JACK): Figure(JACK, -1, hair=HAIR_GOLD, held="halberd", motif="checks", name="OGIER"),
    ("H", JACK): Figure(JACK, 1, hair=HAIR_BROWN, held="axe", cloak="gold", motif="stripes", name="LA HIRE"),
    ("D", JACK): Figure(JACK, -1, profile=True, hair=HAIR_DARK, held="halberd", cloak="gold",
                        motif="dots", name="HECTOR"),
    ("C", JACK): Figure(JACK, 1, hair=HAIR_AUBURN, held="lance", other="shield", motif="diamonds",
                        name="LANCELOT"),
}
"""The portrait de Paris: each figure's name and attributes (David's harp, Charles's sword
and orb, César in profile, Pallas's shield, Lancelot's lance…)."""

ENGLISH: dict[tuple[str, int], Figure] = {
    ("S", KING): Figure(KING, -1, hair=HAIR_GOLD, beard="long", held="sword", motif="checks"),
    ("H", KING): Figure(KING, -1, hair=HAIR_GOLD, beard="short", held="sword_behind", cloak="gold",
                        motif="diamonds"),
    ("D", KING): Figure(KING, 1, profile=True, hair=HAIR_GOLD, beard="short", held="axe", motif="stripes"),
    ("C", KING): Figure(KING, 1, hair=HAIR_GOLD, beard="long", held="sword", other="orb", cloak="gold",
                        motif="dots"),
    ("S", QUEEN): Figure(QUEEN, -1, hair=HAIR_GOLD, held="sceptre", other="flower", motif="stripes"),
    ("H", QUEEN): Figure(QUEEN, 1, hair=HAIR_GOLD, held="flower", cloak="gold", motif="checks"),
    ("D", QUEEN): Figure(QUEEN, -1, hair=HAIR_GOLD, held="flower", motif="dots"),
    ("C", QUEEN): Figure(QUEEN, 1, hair=HAIR_GOLD, held="tulip", cloak="gold", motif="diamonds"),
    ("S", JACK): Figure(JACK, 1, profile=True, hair=HAIR_GOLD, held="staff", motif="diamonds"),
    ("H", JACK): Figure(JACK, -1, profile=True, hair=HAIR_GOLD, held="leaf", cloak="gold", motif="checks"),
    ("D", JACK): Figure(JACK, 1, hair=HAIR_GOLD, held="halberd", cloak="gold", motif="stripes"),
    ("C", JACK): Figure(JACK, -1, hair=HAIR_GOLD, held="arrow", motif="dots"),
}
"""The English pattern: swords for three kings, the king of diamonds' axe, the king of hearts'
sword behind his head, one-eyed jacks of spades and hearts and king of diamonds."""

PATTERNS = {"paris": PARIS, "english": ENGLISH}


def figure_for(pattern: str, suit: str, rank: int) -> Figure:
    """The figure of this court card in `pattern` (unknown patterns fall back to English)."""
    return PATTERNS.get(pattern, ENGLISH)[(suit, rank)]


# --- geometry ------------------------------------------------------------------------------

def bezier(p0: Point, p1: Point, p2: Point, steps: int = 10) -> list[Point]:
    """Points of the quadratic Bézier curve p0 → p2 pulled towards p1 (p0 included, p2 not)."""
    pts = []
    for i in range(steps):
        t = i / steps
        a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
        pts.append((a * p0[0] + b * p1[0] + c * p2[0], a * p0[1] + b * p1[1] + c * p2[1]))
    return pts


def path(*segments: Point | tuple[Point, Point], steps: int = 10) -> list[Point]:
    """A closed outline from corners and curves: a bare point is a corner; a (control, end)
    pair curves from the previous point to `end`."""
    pts: list[Point] = []
    current: Point | None = None
    for seg in segments:
        if isinstance(seg[0], tuple):
            control, end = seg
            assert current is not None
            pts.extend(bezier(current, control, end, steps)[1:])
            pts.append(end)
            current = end
        else:
            point = (float(seg[0]), float(seg[1]))
            pts.append(point)
            current = point
    return pts


def oval(cx: float, cy: float, rx: float, ry: float, steps: int = 28, tilt: float = 0.0) -> list[Point]:
    ct, st = math.cos(tilt), math.sin(tilt)
    pts = []
    for i in range(steps):
        a = 2 * math.pi * i / steps
        x, y = rx * math.cos(a), ry * math.sin(a)
        pts.append((cx + x * ct - y * st, cy + x * st + y * ct))
    return pts


def bar(p0: Point, p1: Point, width: float, width_end: float | None = None) -> list[Point]:
    """A quadrilateral of `width` along p0 → p1 (tapering to `width_end`)."""
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    w0, w1 = width / 2, (width if width_end is None else width_end) / 2
    return [(p0[0] + nx * w0, p0[1] + ny * w0), (p1[0] + nx * w1, p1[1] + ny * w1),
            (p1[0] - nx * w1, p1[1] - ny * w1), (p0[0] - nx * w0, p0[1] - ny * w0)]


def shade(colour: Colour, amount: float) -> Colour:
    """Lighter (amount > 0, towards white) or darker (amount < 0, towards black)."""
    if amount >= 0:
        return tuple(round(c + (255 - c) * amount) for c in colour)  # type: ignore[return-value]
    return tuple(round(c * (1 + amount)) for c in colour)  # type: ignore[return-value]


@dataclass(frozen=True)
class Shape:
    """One piece of a figure in design units: a filled polygon ("fill", outlined in ink when
    `outline`), a line through `points` ("stroke", `width` design units wide, 0 for the fine
    ink line) or a disc of `radius` round `points[0]` ("dot")."""

    kind: str
    points: tuple[Point, ...]
    colour: Colour
    outline: bool = False
    width: float = 0.0
    closed: bool = False
    radius: float = 0.0


class Pen:
    """Records a figure's shapes, in the order they are drawn (back to front)."""

    def __init__(self, facing: int, fine: bool) -> None:
        self.facing = facing
        """The figure's `facing`: what stands in the frame's fixed corner (David's harp) uses it."""
        self.fine = fine
        """Big enough for the small things (eyelids, ermine tails, patterns) to show."""
        self.shapes: list[Shape] = []

    def fill(self, pts: Sequence[Point], colour: Colour, outline: bool = True) -> None:
        self.shapes.append(Shape("fill", tuple(pts), colour, outline=outline))

    def stroke(self, pts: Sequence[Point], colour: Colour = INK, width: float = 0.0, closed: bool = False) -> None:
        self.shapes.append(Shape("stroke", tuple(pts), colour, width=width, closed=closed))

    def dot(self, p: Point, r: float, colour: Colour, outline: bool = False) -> None:
        self.shapes.append(Shape("dot", (p,), colour, outline=outline, radius=r))


@dataclass(frozen=True)
class Placement:
    """Where a figure lands: the frame's top-left corner at (`left`, `top`) in the painter's
    units, `unit` of them per frame width, the axis at `axis` frame widths, mirrored when the
    figure faces right."""

    left: float
    top: float
    unit: float
    axis: float
    facing: int

    @property
    def size(self) -> float:
        """Painter's units per design unit."""
        return self.unit * SCALE

    def at(self, p: Point) -> tuple[float, float]:
        """A point in design units (y from `LIFT` above the frame's top)."""
        return (self.left + self.axis * self.unit - p[0] * self.facing * self.size,
                self.top + (p[1] - LIFT) * self.size)

    def frame_at(self, p: Point) -> tuple[float, float]:
        """A point given in frame units (x from the axis, y from the frame's top), unscaled."""
        return (self.left + (self.axis - p[0] * self.facing) * self.unit, self.top + p[1] * self.unit)


FINE_FROM = 150
"""Frame width (painter's units) from which the small things are drawn."""


@lru_cache(maxsize=128)
def figure_shapes(figure: Figure, colours: Palette, fine: bool) -> tuple[Shape, ...]:
    """The top half of `figure` as shapes, back to front: what stands behind, mantle, robe,
    arms, head, headwear, then what the hands hold."""
    pen = Pen(figure.facing, fine)
    _behind(pen, figure, colours)
    _mantle(pen, figure, colours)
    _robe(pen, figure, colours)
    _arms(pen, figure, colours)
    if figure.other == "harp":
        _harp(pen)
    _head(pen, figure, colours)
    _headwear(pen, figure, colours)
    _held(pen, figure, colours)
    _other(pen, figure, colours)
    return tuple(pen.shapes)


# --- the figure, designed looking to the viewer's left (facing = -1) -----------------------------
# x < 0 is the side the figure looks to and raises its hand on; the Pen mirrors the rest.
# Design space (SCALE 1.3, LIFT 0.045): the frame's top half spans y 0.045–0.607; the index
# notch covers x < -0.278 above y 0.507; the frame's edges are at x 0.277 and, below the
# notch, -0.49 (for a figure looking left).

HEAD = (0.0, 0.255)
HAND_UP = (-0.165, 0.49)
HAND_DOWN = (0.1, 0.545)
SHAFT_TOP = 0.1
"""Where long things held upright end: below the frame's top, clear of the index."""


@dataclass(frozen=True)
class Palette:
    main: Colour
    """The robe: the suit's colour, so the figure reads as its suit."""
    second: Colour
    """Sleeves, mantle, hat: blue in the two-colour deck; in the four-colour deck (where blue
    and green are suits) a tint of the main colour."""
    trim: Colour


def palette(figure: Figure, suit_colour: Colour, four_colour: bool) -> Palette:
    """The figure's colours: the robe in the suit's colour, so the figure reads as its suit."""
    main = suit_colour
    if sum(main) < 200:  # black: a deep ink-blue reads as black and still shows the folds
        main = (44, 44, 60)
    second = shade(main, 0.5) if four_colour else BLUE
    if figure.cloak == "gold":
        second = GOLD
    return Palette(main, second, GOLD)


def _mantle(pen: Pen, figure: Figure, colours: Palette) -> None:
    """A cloak hanging from the shoulders, its lining (ermine for a king) turned out at the hem."""
    cloth = colours.second
    pen.fill(path((-0.17, 0.37), ((-0.3, 0.4), (-0.33, 0.5)), ((-0.36, 0.56), (-0.55, 0.57)),
                  (-0.55, 0.72), (0.55, 0.72), (0.55, 0.57), ((0.36, 0.56), (0.33, 0.5)),
                  ((0.3, 0.4), (0.17, 0.37))), cloth)
    lining = ERMINE if figure.rank == KING else shade(cloth, -0.2)
    pen.fill(path((-0.33, 0.5), ((-0.36, 0.56), (-0.55, 0.57)), (-0.55, 0.6), ((-0.33, 0.6), (-0.3, 0.52))),
             lining)
    if figure.rank == KING and pen.fine:
        for x, y in ((-0.5, 0.585), (-0.42, 0.58), (-0.345, 0.555)):
            _ermine_tail(pen, (x, y))
    pen.stroke(bezier((-0.3, 0.44), (-0.34, 0.52), (-0.45, 0.56), 6), shade(cloth, -0.3), 0.006)


def _ermine_tail(pen: Pen, p: Point) -> None:
    x, y = p
    pen.fill([(x, y - 0.01), (x + 0.007, y + 0.008), (x, y + 0.015), (x - 0.007, y + 0.008)], INK, outline=False)


def _robe(pen: Pen, figure: Figure, colours: Palette) -> None:
    """The body: shoulders to the middle line in the suit's colour, a gold band down the front,
    and the collar of the rank: ermine (king), a necklace on bare shoulders (queen), a ruff (jack)."""
    body = path((-0.07, 0.355), ((-0.17, 0.37), (-0.22, 0.43)), ((-0.27, 0.52), (-0.28, 0.72)),
                (0.28, 0.72), ((0.27, 0.52), (0.22, 0.43)), ((0.17, 0.37), (0.07, 0.355)))
    pen.fill(body, colours.main)
    _motif(pen, figure.motif, colours)
    band = path((-0.045, 0.38), (0.045, 0.38), ((0.06, 0.5), (0.075, 0.72)), (-0.075, 0.72),
                ((-0.06, 0.5), (-0.045, 0.38)))
    pen.fill(band, colours.trim)
    for i in range(4):
        y = 0.43 + i * 0.06
        pen.fill(oval(0.0, y, 0.02, 0.024, 4), shade(colours.main, 0.45) if i % 2 else colours.main)
    if figure.rank == KING:
        collar = path((-0.2, 0.385), ((0.0, 0.325), (0.2, 0.385)), ((0.215, 0.41), (0.2, 0.435)),
                      ((0.0, 0.39), (-0.2, 0.435)), ((-0.215, 0.41), (-0.2, 0.385)))
        pen.fill(collar, ERMINE)
        if pen.fine:
            for x in (-0.15, -0.08, 0.08, 0.15):
                _ermine_tail(pen, (x, 0.405))
    elif figure.rank == QUEEN:
        pen.fill(path((-0.15, 0.38), ((0.0, 0.47), (0.15, 0.38)), ((0.0, 0.34), (-0.15, 0.38))), SKIN)
        for i in range(9):
            a = math.pi * (0.12 + 0.76 * i / 8)
            pen.dot((0.11 * math.cos(a), 0.372 + 0.05 * math.sin(a)), 0.008, ERMINE, outline=True)
        pen.fill(oval(0.0, 0.43, 0.014, 0.018, 4), RED)
    else:
        ruff = [(-0.13 + 0.026 * i, 0.37 + 0.03 * math.sin(math.pi * i / 10) + (0.022 if i % 2 else 0.0))
                for i in range(11)]
        pen.fill([(-0.13, 0.35), (0.0, 0.34), (0.13, 0.35)] + ruff[::-1], ERMINE)


def _motif(pen: Pen, motif: str, colours: Palette) -> None:
    """Small repeated marks on the robe: enough texture to read as cloth."""
    if not pen.fine:
        return
    light = shade(colours.main, 0.3)
    if motif == "stripes":
        for x in (-0.22, -0.15, -0.08, 0.08, 0.15, 0.22):
            top = 0.44 if abs(x) > 0.2 else 0.41
            pen.stroke([(x, top), (x * 1.12, 0.72)], light, 0.012)
        return
    for row in range(5):
        y = 0.44 + row * 0.045
        for col in range(-3, 4):
            x = col * 0.07 + (0.035 if row % 2 else 0.0)
            if abs(x) < 0.08 or abs(x) > 0.2 + row * 0.015:
                continue
            if motif == "dots":
                pen.dot((x, y), 0.01, light)
            elif motif == "diamonds":
                pen.fill(oval(x, y, 0.014, 0.02, 4), light, outline=False)
            else:  # checks
                pen.fill([(x - 0.012, y - 0.012), (x + 0.012, y - 0.012), (x + 0.012, y + 0.012),
                          (x - 0.012, y + 0.012)], light, outline=False)


def _arms(pen: Pen, figure: Figure, colours: Palette) -> None:
    """The raised arm (towards the look), the other arm across the body, gold cuffs."""
    sleeve = colours.second if colours.second != colours.trim else shade(colours.main, 0.25)
    if figure.held == "sword_behind":  # the arm goes up behind the head
        pen.fill(path((-0.17, 0.41), ((-0.23, 0.33), (-0.19, 0.22)), (-0.14, 0.225), ((-0.16, 0.31), (-0.11, 0.38))),
                 sleeve)
        pen.fill(bar((-0.195, 0.235), (-0.135, 0.24), 0.03), colours.trim)
    else:
        pen.fill(path((-0.19, 0.4), ((-0.29, 0.46), (-0.23, 0.55)), (-0.165, 0.53), ((-0.17, 0.47), (-0.11, 0.44))),
                 sleeve)
        pen.fill(bar((-0.225, 0.54), (-0.16, 0.515), 0.032), colours.trim)
    pen.fill(path((0.19, 0.4), ((0.27, 0.5), (0.15, 0.575)), (0.08, 0.56), ((0.16, 0.5), (0.12, 0.44))), sleeve)
    pen.fill(bar((0.145, 0.58), (0.085, 0.55), 0.032), colours.trim)


def _hand(pen: Pen, p: Point, turned: bool = False) -> None:
    """A closed hand round a grip: a rounded fist with knuckle creases when large enough."""
    x, y = p
    pen.fill(path((x - 0.026, y - 0.02), ((x - 0.005, y - 0.032), (x + 0.024, y - 0.018)),
                  ((x + 0.036, y + 0.004), (x + 0.02, y + 0.024)), ((x - 0.01, y + 0.032), (x - 0.028, y + 0.016)),
                  ((x - 0.036, y - 0.004), (x - 0.026, y - 0.02)), steps=6), SKIN)
    if pen.fine:
        side = 1 if turned else -1
        for k in (-0.006, 0.008):
            pen.stroke([(x + side * 0.022, y + k), (x + side * 0.008, y + k + 0.002)], shade(SKIN, -0.35), 0.004)


# --- heads ------------------------------------------------------------------------------------

def _head(pen: Pen, figure: Figure, colours: Palette) -> None:
    """Hair behind, neck, face and its features, beard, hair in front."""
    hx, hy = HEAD
    if figure.rank == QUEEN:  # veil and long hair behind
        cloth = CREAM if colours.second in (GOLD, colours.trim) else shade(colours.second, 0.55)
        pen.fill(path((-0.06, 0.15), ((-0.15, 0.18), (-0.16, 0.32)), ((-0.18, 0.4), (-0.24, 0.44)),
                      (0.24, 0.44), ((0.18, 0.4), (0.16, 0.32)), ((0.15, 0.18), (0.06, 0.15))), cloth)
        pen.fill(path((-0.09, 0.2), ((-0.11, 0.33), (-0.08, 0.4)), ((0.0, 0.42), (0.08, 0.4)),
                      ((0.11, 0.33), (0.09, 0.2))), figure.hair)
    elif figure.rank == JACK:  # a bob to the jaw
        pen.fill(path((-0.085, 0.2), ((-0.105, 0.3), (-0.09, 0.34)), ((0.0, 0.355), (0.1, 0.34)),
                      ((0.115, 0.29), (0.09, 0.19))), figure.hair)
    else:
        pen.fill(oval(hx + 0.012, hy + 0.012, 0.086, 0.092), figure.hair)
    pen.fill([(-0.028, hy + 0.06), (0.028, hy + 0.06), (0.032, 0.38), (-0.032, 0.38)], SKIN)  # neck
    if figure.profile:
        _profile_face(pen, figure)
    else:
        _front_face(pen, figure)


def _front_face(pen: Pen, figure: Figure) -> None:
    """A three-quarter face turned towards the look: the features sit off-centre."""
    hx, hy = HEAD
    pen.fill(
        path(
            (0.0, hy - 0.09),
            ((-0.078, hy - 0.088), (-0.072, hy + 0.01)),
            ((-0.068, hy + 0.072), (-0.018, hy + 0.09)),
            ((0.048, hy + 0.09), (0.068, hy + 0.02)),
            ((0.078, hy - 0.088), (0.0, hy - 0.09)),
        ),
        SKIN,
    )
    for ex, rx in ((-0.034, 0.015), (0.02, 0.013)):
        _eye(pen, (hx + ex, hy - 0.008), rx, figure)
    nose = [(-0.012, hy - 0.006), (-0.022, hy + 0.03), (-0.012, hy + 0.036), (-0.002, hy + 0.032)]
    pen.stroke(nose, shade(SKIN, -0.45), 0.0045)
    if figure.rank != KING and pen.fine:
        for cx in (-0.045, 0.036):
            pen.dot((cx, hy + 0.036), 0.011, shade(CHEEK, 0.45))
    _beard(pen, figure, hx - 0.01, hy, profile=False)
    _mouth(pen, (hx - 0.012, hy + 0.058), figure)
    _fringe(pen, figure)


def _eye(pen: Pen, p: Point, rx: float, figure: Figure, profile: bool = False) -> None:
    x, y = p
    if profile:  # the eye seen from the side: a wedge opening forwards
        white = [(x - rx, y), (x + rx * 0.6, y - rx * 0.55), (x + rx * 0.6, y + rx * 0.4)]
        iris: Point = (x - rx * 0.15, y - rx * 0.05)
    else:
        white = path((x - rx, y), ((x, y - rx * 0.9), (x + rx, y)), ((x, y + rx * 0.6), (x - rx, y)), steps=6)
        iris = (x - rx * 0.25, y - rx * 0.05)
    pen.fill(white, ERMINE, outline=False)
    pen.dot(iris, rx * 0.42, INK)
    if profile:
        lid = [(x - rx * 1.1, y - rx * 0.1), (x + rx * 0.7, y - rx * 0.65)]
    else:
        lid = bezier((x - rx * 1.15, y + rx * 0.05), (x, y - rx * 1.05), (x + rx * 1.1, y), 6) + [(x + rx * 1.1, y)]
    pen.stroke(lid, INK, 0.005)
    brow_colour = shade(figure.hair, -0.35)
    by = y - rx * 1.6
    pen.stroke(bezier((x - rx * 1.2, by + rx * 0.3), (x, by - rx * 0.5), (x + rx * 1.1, by + rx * 0.2), 5)
               + [(x + rx * 1.1, by + rx * 0.2)], brow_colour, 0.0055)


def _mouth(pen: Pen, p: Point, figure: Figure) -> None:
    x, y = p
    w = 0.016 if figure.rank != QUEEN else 0.014
    pen.fill(path((x - w, y), ((x, y - 0.008), (x + w, y)), ((x, y + 0.011), (x - w, y)), steps=6), LIP, outline=False)
    pen.stroke([(x - w, y), (x + w, y)], shade(LIP, -0.45), 0.003)


def _fringe(pen: Pen, figure: Figure) -> None:
    """Hair over the forehead under the headwear: a parting (queen), a fringe (jack), temples (king)."""
    hx, hy = HEAD
    top = hy - 0.095
    if figure.rank == QUEEN:
        pen.fill(path((0.0, top), ((-0.07, top), (-0.08, hy - 0.0)), (-0.07, hy - 0.01),
                      ((-0.05, hy - 0.065), (0.0, hy - 0.07)), ((0.05, hy - 0.065), (0.07, hy - 0.01)),
                      (0.08, hy - 0.0), ((0.07, top), (0.0, top))), figure.hair)
    elif figure.rank == JACK:
        pen.fill(
            path(
                (-0.078, hy - 0.02),
                ((-0.08, top), (0.0, top)),
                ((0.08, top), (0.075, hy - 0.02)),
                (0.05, hy - 0.05),
                (0.02, hy - 0.035),
                (-0.01, hy - 0.05),
                (-0.04, hy - 0.035),
                (-0.06, hy - 0.05),
            ),
            figure.hair,
        )
    else:
        for side in (-1, 1):
            pen.fill(path((side * 0.075, hy - 0.075), ((side * 0.085, hy - 0.02), (side * 0.072, hy + 0.02)),
                          ((side * 0.062, hy - 0.03), (side * 0.055, hy - 0.075))), figure.hair)


def _profile_face(pen: Pen, figure: Figure) -> None:
    """A face in profile, looking left: one eye shows (the one-eyed figures)."""
    hx, hy = HEAD
    face = path((0.035, hy - 0.09), ((-0.045, hy - 0.1), (-0.064, hy - 0.035)), (-0.068, hy - 0.012),
                ((-0.08, hy + 0.012), (-0.094, hy + 0.03)), (-0.072, hy + 0.038), (-0.075, hy + 0.05),
                (-0.069, hy + 0.058), (-0.073, hy + 0.068), ((-0.07, hy + 0.09), (-0.035, hy + 0.092)),
                ((0.02, hy + 0.09), (0.045, hy + 0.04)), ((0.06, hy - 0.06), (0.035, hy - 0.09)), steps=6)
    pen.fill(face, SKIN)
    back = path((0.015, hy - 0.095), ((0.095, hy - 0.095), (0.095, hy)), ((0.09, hy + 0.07), (0.05, hy + 0.08)),
                ((0.04, hy + 0.02), (0.03, hy - 0.02)), ((0.02, hy - 0.06), (0.0, hy - 0.07)))
    pen.fill(back, figure.hair)
    _eye(pen, (-0.046, hy - 0.008), 0.014, figure, profile=True)
    pen.stroke([(-0.07, hy - 0.01), (-0.08, hy + 0.022)], shade(SKIN, -0.35), 0.004)
    _beard(pen, figure, -0.035, hy, profile=True)
    pen.fill(path((-0.074, hy + 0.052), (-0.06, hy + 0.048), ((-0.058, hy + 0.058), (-0.071, hy + 0.062))), LIP,
             outline=False)
    pen.fill(oval(0.022, hy + 0.012, 0.013, 0.021), SKIN)  # ear
    if pen.fine:
        pen.stroke(bezier((0.018, hy + 0.0), (0.026, hy + 0.01), (0.02, hy + 0.024), 4), shade(SKIN, -0.35), 0.003)
    if figure.rank == JACK:
        pen.fill(path((0.04, hy - 0.092), ((-0.05, hy - 0.1), (-0.064, hy - 0.035)), (-0.04, hy - 0.055),
                      (-0.015, hy - 0.04), (0.005, hy - 0.06)), figure.hair)


def _beard(pen: Pen, figure: Figure, cx: float, hy: float, profile: bool) -> None:
    """A moustache and a beard (short, long, or forked) round the chin."""
    if figure.beard == "":
        return
    chin = {"short": 0.115, "long": 0.165, "forked": 0.155}[figure.beard]
    left, right = (cx - 0.042, cx + 0.06) if profile else (cx - 0.065, cx + 0.075)
    tip: tuple[Point | tuple[Point, Point], ...]
    if figure.beard == "forked":
        tip = (((cx - 0.05, hy + chin), (cx - 0.022, hy + chin)), (cx, hy + chin - 0.035),
               (cx + 0.022, hy + chin), ((cx + 0.05, hy + chin), (right, hy + 0.02)))
    else:
        tip = (((left + 0.005, hy + chin), (cx, hy + chin)), ((right - 0.005, hy + chin), (right, hy + 0.02)))
    mouth_y = hy + 0.05
    pts = path((left, hy + 0.02), *tip, ((right - 0.01, mouth_y), (cx + 0.02, mouth_y)),
               ((cx, mouth_y + 0.03), (cx - 0.02, mouth_y)), ((left + 0.005, mouth_y), (left, hy + 0.02)))
    pen.fill(pts, figure.hair)
    if pen.fine:  # a few strands
        strand = shade(figure.hair, -0.3)
        for dx in (-0.025, 0.0, 0.025):
            pen.stroke([(cx + dx, mouth_y + 0.04), (cx + dx * 1.3, hy + chin - 0.03)], strand, 0.003)
    pen.fill(path((cx, hy + 0.04), ((cx - 0.025, hy + 0.03), (cx - 0.045, hy + 0.055)),
                  ((cx - 0.02, hy + 0.048), (cx, hy + 0.05)), ((cx + 0.02, hy + 0.048), (cx + 0.045, hy + 0.055)),
                  ((cx + 0.025, hy + 0.03), (cx, hy + 0.04)), steps=6), figure.hair)


# --- headwear ---------------------------------------------------------------------------------

def _headwear(pen: Pen, figure: Figure, colours: Palette) -> None:
    if figure.rank == KING:
        _crown(pen, colours, width=0.095, height=0.11, points=5)
    elif figure.rank == QUEEN:
        _crown(pen, colours, width=0.075, height=0.08, points=3)
    else:
        _jack_hat(pen, figure, colours)


def _crown(pen: Pen, colours: Palette, width: float, height: float, points: int) -> None:
    """A gold crown: a velvet cap in the suit's colour, fleurons with pearls, jewels on the band."""
    base = HEAD[1] - 0.07
    top = base - height
    pen.fill(path((-width * 0.85, base - 0.02), ((0.0, top - 0.03), (width * 0.85, base - 0.02))), colours.main)
    pts: list[Point] = [(-width, base)]
    for i in range(points * 2 + 1):
        x = -width + 2 * width * i / (points * 2)
        high = i % 2 == 0
        pts.append((x * (0.9 if high else 1.0), top if high else top + height * 0.55))
    pts.append((width, base))
    pen.fill(pts, colours.trim)
    pen.fill([(-width * 1.02, base - 0.032), (width * 1.02, base - 0.032), (width * 1.04, base + 0.004),
              (-width * 1.04, base + 0.004)], colours.trim)
    for i in range(points):
        x = (-width + 2 * width * i / (points - 1)) * 0.9
        pen.dot((x, top), 0.011, ERMINE, outline=True)
    for i, x in enumerate((-width * 0.62, 0.0, width * 0.62)):
        pen.fill(oval(x, base - 0.014, 0.012, 0.01, 12), RED if i == 1 else BLUE)


def _jack_hat(pen: Pen, figure: Figure, colours: Palette) -> None:
    """A soft flat cap worn aslant, a gold band, a plume sweeping up and back."""
    hy = HEAD[1]
    plume_colour = ERMINE if colours.second in (GOLD, colours.trim) else colours.second
    plume = path((0.04, hy - 0.1), ((0.12, hy - 0.12), (0.13, hy - 0.22)), ((0.15, hy - 0.14), (0.16, hy - 0.12)),
                 ((0.13, hy - 0.1), (0.07, hy - 0.08)))
    pen.fill(plume, plume_colour)
    if pen.fine:
        pen.stroke(bezier((0.05, hy - 0.095), (0.12, hy - 0.11), (0.13, hy - 0.2), 6), shade(plume_colour, -0.4), 0.003)
    cap = path((-0.1, hy - 0.08), ((-0.15, hy - 0.125), (-0.04, hy - 0.148)), ((0.11, hy - 0.165), (0.135, hy - 0.11)),
               ((0.14, hy - 0.085), (0.1, hy - 0.08)))
    pen.fill(cap, colours.main)
    band = path((-0.1, hy - 0.07), ((-0.1, hy - 0.1), (0.0, hy - 0.105)), ((0.1, hy - 0.1), (0.1, hy - 0.075)),
                ((0.0, hy - 0.065), (-0.1, hy - 0.07)))
    pen.fill(band, colours.trim)
    pen.dot((0.05, hy - 0.09), 0.012, RED if colours.main[0] < 150 else BLUE, outline=True)


# --- what they hold ---------------------------------------------------------------------------

def _behind(pen: Pen, figure: Figure, colours: Palette) -> None:
    """Long things held upright pass behind the body."""
    hx, hy = HAND_UP
    held = figure.held
    top = (hx - 0.06, SHAFT_TOP)
    foot = (hx + 0.035, 0.72)
    if held == "sword_behind":
        _sword(pen, (-0.16, 0.2), (0.21, 0.5))
    elif held == "sceptre":
        top = (hx - 0.04, SHAFT_TOP + 0.05)
        pen.fill(bar((hx + 0.01, hy + 0.08), top, 0.015), GOLD)
        _fleur(pen, top)
    elif held in ("halberd", "axe", "lance", "staff"):
        pen.fill(bar(foot, top, 0.017), WOOD if held != "staff" else GOLD)
        _shaft_head(pen, held, top, colours)


def _shaft_head(pen: Pen, held: str, top: Point, colours: Palette) -> None:
    """The steel of a halberd, an axe or a lance (blades turned inwards, away from the frame's
    edge), or the knob of a staff."""
    tx, ty = top
    if held == "halberd":
        pen.fill([(tx, ty - 0.055), (tx + 0.011, ty + 0.01), (tx - 0.01, ty + 0.01)], STEEL)
        pen.fill(path((tx - 0.004, ty + 0.015), ((tx + 0.06, ty - 0.005), (tx + 0.068, ty + 0.045)),
                      ((tx + 0.04, ty + 0.085), (tx - 0.008, ty + 0.075))), STEEL)
        pen.fill([(tx - 0.008, ty + 0.03), (tx - 0.04, ty + 0.05), (tx - 0.01, ty + 0.06)], STEEL)
    elif held == "axe":
        pen.fill(
            path(
                (tx, ty + 0.015),
                ((tx + 0.04, ty + 0.012), (tx + 0.075, ty - 0.028)),
                ((tx + 0.11, ty + 0.04), (tx + 0.075, ty + 0.105)),
                ((tx + 0.04, ty + 0.062), (tx, ty + 0.06)),
            ),
            STEEL,
        )
        pen.fill([(tx - 0.006, ty + 0.03), (tx - 0.035, ty + 0.045), (tx - 0.006, ty + 0.06)], STEEL)
    elif held == "lance":
        pen.fill([(tx, ty - 0.05), (tx + 0.014, ty + 0.01), (tx - 0.012, ty + 0.01)], STEEL)
        flag = colours.second if colours.second != GOLD else RED
        pen.fill(path((tx + 0.002, ty + 0.02), ((tx + 0.06, ty + 0.01), (tx + 0.1, ty + 0.04)),
                      (tx + 0.065, ty + 0.055), ((tx + 0.05, ty + 0.075), (tx + 0.004, ty + 0.085))), flag)
    elif held == "staff":
        pen.dot(top, 0.02, GOLD, outline=True)
        pen.dot(top, 0.008, RED)


def _fleur(pen: Pen, p: Point) -> None:
    """A fleur-de-lis on the sceptre's tip."""
    x, y = p
    pen.fill(path((x, y - 0.05), ((x + 0.017, y - 0.027), (x, y)), ((x - 0.017, y - 0.027), (x, y - 0.05))), GOLD)
    for side in (-1, 1):
        pen.fill(path((x + side * 0.004, y - 0.004), ((x + side * 0.038, y - 0.036), (x + side * 0.033, y - 0.008)),
                      ((x + side * 0.024, y + 0.01), (x + side * 0.004, y - 0.004))), GOLD)
    pen.fill([(x - 0.02, y - 0.002), (x + 0.02, y - 0.002), (x + 0.02, y + 0.009), (x - 0.02, y + 0.009)], GOLD)


def _sword(pen: Pen, hilt: Point, tip: Point) -> None:
    """A straight sword: steel blade from the hilt to the tip, gold cross-guard and pommel."""
    pen.fill(bar(hilt, tip, 0.026, 0.006), STEEL)
    pen.stroke([hilt, (hilt[0] * 0.2 + tip[0] * 0.8, hilt[1] * 0.2 + tip[1] * 0.8)], shade(STEEL, -0.3), 0.004)
    dx, dy = tip[0] - hilt[0], tip[1] - hilt[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    pen.fill(bar((hilt[0] - uy * 0.048, hilt[1] + ux * 0.048), (hilt[0] + uy * 0.048, hilt[1] - ux * 0.048), 0.016),
             GOLD)
    pommel = (hilt[0] - ux * 0.06, hilt[1] - uy * 0.06)
    pen.fill(bar(hilt, pommel, 0.014), WOOD)
    pen.dot(pommel, 0.014, GOLD, outline=True)


def _flower(pen: Pen, stem_from: Point, bloom: Point, colour: Colour, tulip: bool = False) -> None:
    """A rose (five petals round a gold heart) or a tulip on a curved stem with a leaf."""
    mid = ((stem_from[0] + bloom[0]) / 2 + 0.03, (stem_from[1] + bloom[1]) / 2)
    pen.stroke(bezier(stem_from, mid, bloom, 8) + [bloom], LEAF, 0.009)
    pen.fill(oval(mid[0] - 0.005, mid[1] + 0.01, 0.026, 0.01, 14, tilt=-0.7), LEAF)
    bx, by = bloom
    if tulip:
        pen.fill(path((bx - 0.03, by - 0.035), (bx - 0.012, by - 0.014), (bx, by - 0.04), (bx + 0.012, by - 0.014),
                      (bx + 0.03, by - 0.035), ((bx + 0.034, by + 0.022), (bx, by + 0.024)),
                      ((bx - 0.034, by + 0.022), (bx - 0.03, by - 0.035))), colour)
        return
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        pen.fill(oval(bx + 0.02 * math.cos(a), by + 0.02 * math.sin(a), 0.017, 0.017, 12), colour)
    pen.dot(bloom, 0.012, GOLD, outline=True)


def _flower_colour(colours: Palette) -> Colour:
    return RED if colours.main != RED else (240, 240, 236)


def _held(pen: Pen, figure: Figure, colours: Palette) -> None:
    """What the raised hand holds in front: a sword, a flower, a fan, a leaf, an arrow; then the hand."""
    hx, hy = HAND_UP
    held = figure.held
    if held == "sword":
        _sword(pen, (hx, hy - 0.025), (hx - 0.06, SHAFT_TOP - 0.03))
    elif held in ("flower", "tulip"):
        _flower(pen, (hx + 0.01, hy + 0.03), (hx - 0.035, hy - 0.14), _flower_colour(colours), tulip=held == "tulip")
    elif held == "fan":
        cx, cy = hx, hy - 0.01
        angles = [math.pi * (1.08 + 0.55 * i / 10) for i in range(11)]
        pen.fill([(cx, cy)] + [(cx + 0.13 * math.cos(a), cy + 0.13 * math.sin(a)) for a in angles],
                 colours.second if colours.second != GOLD else RED)
        for a in angles[1:-1:2]:
            pen.stroke([(cx, cy), (cx + 0.13 * math.cos(a), cy + 0.13 * math.sin(a))], GOLD, 0.004)
    elif held == "leaf":
        base, tip = (hx - 0.005, hy - 0.02), (hx - 0.09, hy - 0.2)
        pen.fill(path(base, ((hx - 0.1, hy - 0.07), tip), ((hx - 0.02, hy - 0.13), base)), LEAF)
        pen.stroke([base, (hx - 0.075, hy - 0.17)], shade(LEAF, -0.4), 0.004)
        if pen.fine:
            for t in (0.3, 0.5, 0.7):
                x, y = base[0] + (tip[0] - base[0]) * t, base[1] + (tip[1] - base[1]) * t
                pen.stroke([(x, y), (x - 0.02, y - 0.005)], shade(LEAF, -0.4), 0.003)
    elif held == "arrow":
        tail, head = (hx + 0.05, hy + 0.1), (hx - 0.07, hy - 0.22)
        pen.fill(bar(tail, head, 0.011), WOOD)
        pen.fill([(head[0] - 0.01, head[1] - 0.035), (head[0] + 0.02, head[1] + 0.012),
                  (head[0] - 0.018, head[1] + 0.006)], STEEL)
        pen.fill([tail, (tail[0] - 0.035, tail[1] - 0.015), (tail[0] - 0.028, tail[1] - 0.05),
                  (tail[0] + 0.006, tail[1] - 0.032)], ERMINE)
    if held == "sword_behind":
        _hand(pen, (-0.165, 0.205))
    else:
        _hand(pen, HAND_UP)


def _other(pen: Pen, figure: Figure, colours: Palette) -> None:
    """What the other hand holds (an orb, a flower, a book), then the hand; or the shield
    on that arm."""
    hx, hy = HAND_DOWN
    if figure.other == "orb":
        centre = (hx - 0.02, hy - 0.045)
        pen.dot(centre, 0.042, GOLD, outline=True)
        pen.stroke([(centre[0] - 0.042, centre[1]), (centre[0] + 0.042, centre[1])], INK)
        pen.stroke([(centre[0], centre[1] - 0.042), (centre[0], centre[1])], INK)
        pen.fill(bar((centre[0], centre[1] - 0.04), (centre[0], centre[1] - 0.085), 0.01), GOLD)
        pen.fill(bar((centre[0] - 0.016, centre[1] - 0.068), (centre[0] + 0.016, centre[1] - 0.068), 0.009), GOLD)
    elif figure.other == "flower":
        _flower(pen, (hx - 0.01, hy + 0.02), (hx + 0.045, hy - 0.11), _flower_colour(colours))
    elif figure.other == "shield":
        _hand(pen, (hx - 0.015, hy + 0.005), turned=True)
        _shield(pen, (hx + 0.06, hy - 0.02), colours)
        return
    elif figure.other == "book":
        pen.fill(
            [
                (hx - 0.035, hy - 0.085),
                (hx + 0.045, hy - 0.095),
                (hx + 0.055, hy - 0.005),
                (hx - 0.025, hy + 0.005),
            ],
            BLUE if colours.main != BLUE else RED,
        )
        pen.stroke([(hx - 0.02, hy - 0.075), (hx - 0.012, hy - 0.005)], GOLD, 0.006)
    _hand(pen, (hx - 0.015, hy + 0.005), turned=True)


def _harp(pen: Pen) -> None:
    """David's harp, standing in the frame's free corner below the index (on the left
    whichever way he looks)."""
    sx, sy, k = 0.39 * pen.facing, 0.55, 0.8
    frame = path((sx - 0.06 * k, sy + 0.07 * k), ((sx - 0.1 * k, sy - 0.03 * k), (sx - 0.04 * k, sy - 0.08 * k)),
                 ((sx + 0.02 * k, sy - 0.03 * k), (sx + 0.08 * k, sy - 0.07 * k)), (sx + 0.065 * k, sy + 0.07 * k))
    pen.fill(frame, GOLD)
    inner = path((sx - 0.04 * k, sy + 0.055 * k), ((sx - 0.07 * k, sy - 0.02 * k), (sx - 0.035 * k, sy - 0.055 * k)),
                 ((sx + 0.01 * k, sy - 0.01 * k), (sx + 0.05 * k, sy - 0.04 * k)), (sx + 0.048 * k, sy + 0.055 * k))
    pen.fill(inner, CREAM)
    for i in range(5):
        x = sx + (-0.03 + i * 0.017) * k
        pen.stroke([(x, sy + (-0.045 + abs(i - 2) * 0.006) * k), (x, sy + 0.055 * k)], INK, 0.003)


def _shield(pen: Pen, centre: Point, colours: Palette) -> None:
    """A shield on the other arm, quartered in the suit's colour and gold."""
    x, y = centre
    outer = path((x - 0.062, y - 0.06), ((x, y - 0.075), (x + 0.062, y - 0.06)), ((x + 0.065, y + 0.03), (x, y + 0.07)),
                 ((x - 0.065, y + 0.03), (x - 0.062, y - 0.06)))
    pen.fill(outer, colours.trim)
    inner = path(
        (x - 0.045, y - 0.045),
        ((x, y - 0.056), (x + 0.045, y - 0.045)),
        ((x + 0.047, y + 0.022), (x, y + 0.05)),
        ((x - 0.047, y + 0.022), (x - 0.045, y - 0.045)),
    )
    pen.fill(inner, colours.main)
    pen.fill(bar((x, y - 0.052), (x, y + 0.05), 0.014), colours.trim, outline=False)
    pen.fill(bar((x - 0.046, y - 0.01), (x + 0.046, y - 0.01), 0.014), colours.trim, outline=False)
    pen.dot((x, y - 0.01), 0.012, RED if colours.main != RED else BLUE, outline=True)


# --- the frame around the figures --------------------------------------------------------------

SLANT = {"paris": 0.0, "english": 0.16}
"""How far the dividing line drops across the frame (frame heights per frame width):
level in the portrait de Paris, aslant in the English pattern."""
SUIT_AT = (0.29, 0.07)
"""The suit's symbol in the frame's top corner beside the head (frame units from the axis)."""
SUIT_SIZE = 0.09
"""The suit symbol's height in frame widths."""
NAME_AT = (0.31, 0.14)
"""The middle of the top of a figure's name along the frame (portrait de Paris)."""


def slant(pattern: str) -> float:
    return SLANT.get(pattern, SLANT["english"])


def half_region(size: tuple[float, float], unit: float, slant: float) -> list[tuple[float, float]]:
    """The top figure's part of the frame: below the top edge, right of the index notch,
    above the dividing line."""
    fw, fh = size
    nx, ny = NOTCH[0] * unit, NOTCH[1] * unit
    mid = fh / 2
    return [(nx, 0), (fw, 0), (fw, mid + slant * fw / 2), (0, mid - slant * fw / 2), (0, ny), (nx, ny)]


def frame_outline(left: float, top: float, right: float, bottom: float, unit: float) -> list[tuple[float, float]]:
    """The frame, cut at the top-left and bottom-right corners around the indices."""
    nx, ny = NOTCH[0] * unit, NOTCH[1] * unit
    return [(left + nx, top), (right, top), (right, bottom - ny), (right - nx, bottom - ny), (right - nx, bottom),
            (left, bottom), (left, top + ny), (left + nx, top + ny)]
