"""How the table speaks to the player: an instruction, a passing note, a refusal, a hint.

Each kind has its own look so it is told apart at a glance, even by someone who does not
read the words: an instruction is cream text after a gold arrow; a note (the meld number
being typed) the same on a dark panel; a refusal a red panel with a drawn no-entry sign;
a hint a violet panel with a drawn bulb (its cards wear a dashed violet ring). On those two
coloured panels the suits are drawn white, like the words (a red ♦ would vanish on the red
panel). The icons are shapes, not font glyphs, so they look the same on every machine.
Panels are opaque: no card corner shows through words.

The text always stays in its box: on one line if it fits at a readable size, else on two
lines, shrinking only as far as it must, and shortened with "…" as a last resort.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ramigui.ui.widgets import (
    GOLD,
    WHITE,
    Colour,
    blit_text,
    draw_panel,
    ellipsized,
    fitted_size,
    text_width,
    wrap_lines,
)


@dataclass(frozen=True)
class NoticeStyle:
    fill: tuple[int, int, int, int] | None
    border: tuple[int, int, int, int]
    text: Colour
    icon: str


CREAM: Colour = (255, 246, 210)
REFUSAL = NoticeStyle((128, 22, 28, 255), (255, 196, 190, 255), WHITE, "no_entry")
STYLES: dict[str, NoticeStyle] = {
    "prompt": NoticeStyle(None, (0, 0, 0, 0), CREAM, "arrow"),
    "waiting": NoticeStyle(None, (0, 0, 0, 0), (205, 222, 208), "hourglass"),
    "info": NoticeStyle((18, 46, 34, 255), (*CREAM, 255), CREAM, "arrow"),
    "refusal": REFUSAL,
    "penalty": REFUSAL,  # what a forgotten « Carte ! » cost: kept while the others play on
    "hint": NoticeStyle((54, 30, 92, 255), (196, 150, 255, 255), WHITE, "bulb"),
}
"""The look of each kind of notice (`TableScene.message_kind` and the hint banner)."""
KINDS = tuple(STYLES)
LINE_STEP = 1.15
"""From one line of a notice to the next, in text sizes."""


def fit_lines(text: str, size: int, width: int, height: int, bold: bool = True,
              smallest: int = 11) -> tuple[list[str], int]:
    """`text` in a box `width` × `height`: one line if it fits at 80% of `size` or more, else
    two lines at the largest size that fits, else one line shortened with "…". A line break
    in `text` (a lesson's sentence and how to play it) is a space here: a notice's lines are
    its own, and a third paragraph line was lost between the two drawn."""
    text = text.replace("\n", " ")
    one = fitted_size(text, size, width, bold, smallest)
    if one >= size * 0.8 and text_width(text, one, bold) <= width:
        return [text], one
    for trial in range(size, smallest - 1, -1):
        lines = wrap_lines(text, trial, width, bold)
        if len(lines) <= 2 and len(lines) * trial * LINE_STEP <= height and all(
                text_width(line, trial, bold) <= width for line in lines):
            return lines, trial
    if text_width(text, one, bold) <= width:
        return [text], one
    return [ellipsized(text, one, width, bold)], one


def draw_icon(surface: pygame.Surface, kind: str, centre: tuple[int, int], size: int, colour: Colour) -> pygame.Rect:
    """A drawn icon `size` px tall centred on `centre`: arrow, no-entry sign or bulb."""
    x, y = centre
    half = size // 2
    if kind == "no_entry":
        pygame.draw.circle(surface, (235, 60, 60), centre, half)
        pygame.draw.circle(surface, WHITE, centre, half, max(2, size // 10))
        bar = pygame.Rect(0, 0, int(size * 0.62), max(3, size // 5))
        bar.center = centre
        pygame.draw.rect(surface, WHITE, bar, border_radius=bar.height // 2)
    elif kind == "bulb":
        bulb = (x, y - size // 8)
        pygame.draw.circle(surface, (255, 226, 120), bulb, int(half * 0.78))
        base = pygame.Rect(0, 0, int(size * 0.4), int(size * 0.28))
        base.midtop = (x, bulb[1] + int(half * 0.55))
        pygame.draw.rect(surface, (200, 200, 210), base, border_radius=max(1, size // 14))
        pygame.draw.line(surface, (120, 120, 130), (base.left, base.centery), (base.right - 1, base.centery), 1)
    elif kind == "hourglass":
        top, bottom = y - half * 0.85, y + half * 0.85
        side = half * 0.55
        pygame.draw.polygon(surface, colour, [(x - side, top), (x + side, top), (x, y)])
        pygame.draw.polygon(surface, colour, [(x, y), (x + side, bottom), (x - side, bottom)])
        pygame.draw.line(surface, colour, (x - side * 1.2, top), (x + side * 1.2, top), max(1, size // 10))
        pygame.draw.line(surface, colour, (x - side * 1.2, bottom), (x + side * 1.2, bottom), max(1, size // 10))
    else:  # arrow: a gold chevron pointing at the words
        points = [(x - half * 0.55, y - half * 0.8), (x + half * 0.75, y), (x - half * 0.55, y + half * 0.8)]
        pygame.draw.polygon(surface, GOLD if kind == "arrow" else colour, points)
    return pygame.Rect(x - half, y - half, size, size)


def draw_notice(surface: pygame.Surface, box: pygame.Rect, text: str, kind: str, size: int,
                margin: int, key: str = "") -> list[pygame.Rect]:
    """The notice of `kind` in `box` (icon, then the words fitted inside); returns the rects
    of the words drawn. `key`: a key and what it does ("Enter: play it"), in a key cap at
    the right end, so the notice says how to act on it where the eyes already are."""
    style = STYLES.get(kind, STYLES["info"])
    box = _notice_box(box, text, size, margin, key)
    if style.fill is not None:
        draw_panel(surface, box, style.fill, min(box.height // 3, margin * 2), style.border)
    icon = _icon_size(box, size)
    draw_icon(surface, style.icon, (box.left + margin + icon // 2, box.centery), icon, style.text)
    left = box.left + margin + icon + max(4, margin // 2)
    room = box.right - margin - left
    with_key = _key_beside(box, text, size, margin, key)
    if with_key is not None:
        draw_key_cap(surface, key, int(size * 0.8), with_key[0], style.text)
    lines, fitted = with_key[1] if with_key is not None else fit_lines(text, size, room, box.height - 4)
    step = int(fitted * LINE_STEP)
    top = box.centery - step * len(lines) // 2
    drawn = []
    for k, line in enumerate(lines):
        drawn.append(blit_text(surface, line, fitted, style.text, (left, top + k * step), "topleft", bold=True,
                               light_suits="ink" if style.fill is not None and kind != "info" else True))
    return drawn


def notice_key_cap(box: pygame.Rect, text: str, size: int, margin: int, key: str) -> pygame.Rect | None:
    """Where `draw_notice` puts the key cap of a notice drawn with these words (None where
    it leaves the cap out): a click there does what the key does, as the cap invites."""
    with_key = _key_beside(_notice_box(box, text, size, margin, key), text, size, margin, key)
    return with_key[0] if with_key is not None else None


def _notice_box(box: pygame.Rect, text: str, size: int, margin: int, key: str) -> pygame.Rect:
    """Where a notice is drawn in `box`: one line's height at its bottom when the words fit
    on one line there, else the whole box, tall enough for two lines at nearly full size (a
    long refusal in a small window was two cramped lines in a one-line band)."""
    one = pygame.Rect(box.left, box.bottom, box.width, min(box.height, max(30, int(size * 1.8))))
    one.bottom = box.bottom
    if one.height == box.height:
        return box
    if key and _key_beside(one, text, size, margin, key) is not None:
        return one
    room = one.right - margin - (one.left + margin + _icon_size(one, size) + max(4, margin // 2))
    lines, _ = fit_lines(text, size, room, one.height - 4)
    return one if len(lines) == 1 and _whole(lines, text) else box


def _icon_size(box: pygame.Rect, size: int) -> int:
    return max(12, min(int(size * 1.1), box.height - 6))


def _key_beside(box: pygame.Rect, text: str, size: int, margin: int,
                key: str) -> tuple[pygame.Rect, tuple[list[str], int]] | None:
    """The key cap's rect and the words fitted before it; None without a key or where the
    words do not fit whole beside the cap (a cut hint loses its reason: the cap goes)."""
    if not key:
        return None
    left = box.left + margin + _icon_size(box, size) + max(4, margin // 2)
    cap = key_cap_rect(key, int(size * 0.8), (box.right - margin, box.centery))
    beside = fit_lines(text, size, cap.left - margin - left, box.height - 4)
    return (cap, beside) if _whole(beside[0], text) else None


def key_cap_rect(text: str, size: int, midright: tuple[int, int]) -> pygame.Rect:
    """Where a key cap of `text` whose right edge is at `midright` goes."""
    pad = max(3, size // 3)
    cap = pygame.Rect(0, 0, text_width(text, size, True) + pad * 2, int(size * 1.3) + pad)
    cap.midright = midright
    return cap


def draw_key_cap(surface: pygame.Surface, text: str, size: int, cap: pygame.Rect, colour: Colour) -> None:
    """`text` in an outlined key cap at `cap` (`key_cap_rect`)."""
    pygame.draw.rect(surface, colour, cap, max(1, size // 12), border_radius=max(2, size // 4))
    blit_text(surface, text, size, colour, cap.center, "center", bold=True)


def _whole(lines: list[str], text: str) -> bool:
    """Whether `fit_lines` kept every word of `text` (it shortens with "…" as a last resort)."""
    return " ".join(" ".join(lines).split()) == " ".join(text.split())
