"""The phone seats' join codes over the table: one QR code per phone seat, with its address.

Shown when a game with phone seats starts, and again from the pause menu (a phone that slept
or reloaded joins its seat again by the same code). It closes by itself once every phone
seat has joined, or with a click, a tap, Enter or Esc. The QR modules come from
`ramigui.phone.qr` (segno) and are painted here, square and crisp at any size.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import pygame

from ramigui import i18n
from ramigui.phone.qr import QUIET_ZONE, qr_modules
from ramigui.ui.app import Scene
from ramigui.ui.layout import SEAT_COLOURS
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    blit_text,
    dim_screen,
    draw_panel,
    ellipsized,
    fitted_size,
    text_width,
    wrap_lines,
)

JOINED = (150, 240, 160)
READABLE = 12
"""The least text size of the codes' screen: its help and the addresses are read from a sofa."""
INK = (0, 0, 0)
PAPER = (255, 255, 255)


@dataclass(frozen=True)
class SeatCode:
    """One phone seat's code: who, where, and whether a phone has joined it."""

    seat: int
    name: str
    url: str


@lru_cache(maxsize=16)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """The QR code of `text` with its quiet zone, as large as fits in `size` pixels while
    every module stays a whole number of pixels (so it stays sharp for the camera)."""
    modules = qr_modules(text)
    total = len(modules) + 2 * QUIET_ZONE
    small = pygame.Surface((total, total))
    small.fill(PAPER)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if dark:
                small.set_at((x + QUIET_ZONE, y + QUIET_ZONE), INK)
    scale = max(1, size // total)
    return pygame.transform.scale(small, (total * scale, total * scale))


class PhoneCodesScene(Scene):
    """The codes of every phone seat; `joined()` says which seats a phone has opened."""

    opaque = False

    def __init__(self, codes: Sequence[SeatCode], joined: Callable[[], set[int]], notice: str = "",
                 on_close: Callable[[], None] | None = None, auto_close: bool = True) -> None:
        super().__init__()
        self.codes = list(codes)
        self.joined = joined
        self.notice = notice
        self.on_close = on_close
        self.auto_close = auto_close
        """At the start: closes once every seat joined. From the pause menu (to re-join a
        seat) every seat has joined already: it stays until dismissed."""
        self._seen: set[int] = set()

    def update(self, dt: float) -> None:
        joined = self.joined()
        if joined != self._seen:
            self._seen = joined
            if self.app is not None:
                self.app.invalidate()
        if self.auto_close and self.codes and all(code.seat in joined for code in self.codes):
            self.close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        done = (event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER,
                                                               pygame.K_SPACE, pygame.K_ESCAPE)) \
            or (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or event.type == pygame.FINGERUP
        if done:
            self.close()
        return done or event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN)

    def close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()
        if self.on_close is not None:
            self.on_close()
            self.on_close = None

    # --- drawing ----------------------------------------------------------------------------

    def tiles(self, size: tuple[int, int]) -> tuple[pygame.Rect, list[pygame.Rect], int]:
        """The panel, one tile per code (one row, or two when more than three), the text size."""
        width, height = size
        text = max(14, int(min(width / 60, height / 34)))
        panel = pygame.Rect(0, 0, int(width * 0.94), int(height * 0.92))
        panel.center = (width // 2, height // 2)
        count = max(1, len(self.codes))
        rows = 1 if count <= 3 else 2
        per_row = -(-count // rows)
        gap = text
        help_size, help_lines = self.help_lines(panel.width - 2 * text, text)
        top = panel.top + int(text * 3.0) + int(help_size * 1.25) * len(help_lines) + int(text * 0.5)
        notice_h = self.notice_height(panel.width - 2 * text, text)
        bottom = panel.bottom - (notice_h + text if notice_h else text)
        tile_w = (panel.width - gap * (per_row + 1)) // per_row
        tile_h = (bottom - top - gap * (rows - 1)) // rows
        tiles = []
        for index in range(count):
            row, col = divmod(index, per_row)
            in_row = min(per_row, count - row * per_row)
            left = panel.centerx - (in_row * tile_w + (in_row - 1) * gap) // 2
            tiles.append(pygame.Rect(left + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h))
        return panel, tiles, text

    @staticmethod
    def help_lines(width: int, text: int) -> tuple[int, list[str]]:
        """The help under the title: on one line if it fits at a readable size (12 px at
        least: 8 px at 640×400 is too small to read), else on two."""
        help_text = i18n.tr("codes.help")
        size = fitted_size(help_text, text, width, smallest=READABLE)
        if text_width(help_text, size) <= width:
            return size, [help_text]
        return READABLE, wrap_lines(help_text, READABLE, width)[:2]

    def notice_lines(self, width: int, text: int) -> tuple[int, list[str]]:
        """The warning under the tiles, wrapped (in its bold font) inside the panel: on two
        lines at most, smaller down to the readable size if two lines are not enough."""
        if not self.notice:
            return text, []
        size = text
        lines = wrap_lines(self.notice, size, width, True)
        while len(lines) > 2 and size > READABLE:
            size -= 1
            lines = wrap_lines(self.notice, size, width, True)
        return size, lines

    def notice_height(self, width: int, text: int) -> int:
        size, lines = self.notice_lines(width, text)
        return len(lines) * int(size * 1.2)

    def draw(self, surface: pygame.Surface) -> None:
        dim_screen(surface, 170)
        panel, tiles, text = self.tiles(surface.get_size())
        draw_panel(surface, panel, (12, 44, 28, 245), text, (*GOLD, 255))
        # one phone seat (a lesson on the phone): "each player's phone" spoke to a crowd
        title = i18n.tr("codes.title" if len(self.codes) > 1 else "codes.title_one")
        size = fitted_size(title, int(text * 1.5), panel.width - 2 * text, True)
        blit_text(surface, title, size, GOLD, (panel.centerx, panel.top + text), "midtop", bold=True)
        small, lines = self.help_lines(panel.width - 2 * text, text)
        for k, line in enumerate(lines):
            blit_text(surface, line, small, DIM, (panel.centerx, panel.top + int(text * 3.0) + k * int(small * 1.25)),
                      "midtop")
        joined = self.joined()
        for code, tile in zip(self.codes, tiles, strict=False):
            self._tile(surface, code, tile, text, code.seat in joined)
        size, lines = self.notice_lines(panel.width - 2 * text, text)
        top = panel.bottom - text // 2 - self.notice_height(panel.width - 2 * text, text)
        for k, line in enumerate(lines):
            blit_text(
                surface,
                line,
                size,
                (255, 180, 160),
                (panel.centerx, top + k * int(size * 1.2)),
                "midtop",
                bold=True,
            )

    def _tile(self, surface: pygame.Surface, code: SeatCode, tile: pygame.Rect, text: int, joined: bool) -> None:
        """Name, code, address and whether a phone joined, centred in the seat's tile."""
        colour = SEAT_COLOURS[code.seat % len(SEAT_COLOURS)]
        draw_panel(surface, tile, (0, 0, 0, 90), text // 2, (*(JOINED if joined else colour), 255))
        name_size = int(text * 1.2)
        url_size, url_lines = address_lines(code.url, max(READABLE, int(text * 0.8)), tile.width - text)
        url_h = int(url_size * 1.25) * len(url_lines) + url_size // 3
        texts_h = int(name_size * 1.5) + url_h + int(text * 1.3)
        side = max(40, min(tile.width - text, tile.height - texts_h - text))
        code_surface = qr_surface(code.url, side)
        block = int(name_size * 1.5) + code_surface.get_height() + url_h + int(text * 1.3)
        top = tile.top + max(text // 2, (tile.height - block) // 2)
        name = ellipsized(code.name, name_size, tile.width - text, True)
        blit_text(surface, name, name_size, colour, (tile.centerx, top), "midtop", bold=True)
        spot = code_surface.get_rect(midtop=(tile.centerx, top + int(name_size * 1.5)))
        surface.blit(code_surface, spot)
        for k, line in enumerate(url_lines):
            blit_text(
                surface,
                line,
                url_size,
                WHITE,
                (tile.centerx, spot.bottom + url_size // 3 + k * int(url_size * 1.25)),
                "midtop",
            )
        status = i18n.tr("codes.joined" if joined else "codes.waiting")
        blit_text(surface, status, text, JOINED if joined else DIM,
                  (tile.centerx, spot.bottom + url_h + 2), "midtop", bold=joined)


def address_lines(url: str, size: int, width: int) -> tuple[int, list[str]]:
    """The address as typed by hand: on one line when it fits at 12 px or more, else cut
    after the host ("http://192.168.1.23:8765/" then the token) so no part gets smaller."""
    fitted = fitted_size(url, size, width, smallest=READABLE)
    if text_width(url, fitted) <= width:
        return fitted, [url]
    cut = url.find("/", url.find("//") + 2) + 1
    parts = [url[:cut], url[cut:]] if 0 < cut < len(url) else [url]
    return min(fitted_size(part, size, width, smallest=8) for part in parts), parts
