"""Yami at the table: Expose, the players' score sheets, and the box chooser on the sheet.

The sheets (seed 002: 8 série boxes, 8 combinaison boxes, the bonus) are drawn in the
middle of the table, one row per player, the viewer first. When the viewer must fill a box
(after exposing, or in reply to an exposure) their free boxes that the rules accept light
up with the points they would score — or, with nothing to score, the boxes they may cross
out. A click on a lit box, or ←/→ then Enter, plays `score BOX` / `cross BOX`. The boxes
and points come from `view.legal_moves` and `ramigui.rules.yami_boxes`, never from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ramigui import i18n
from ramigui.rules import Move
from ramigui.rules.public import YamiPublic
from ramigui.rules.yami_boxes import COMBINATIONS, SERIES, SERIES_RANKS, box_choices
from ramigui.ui.layout import SEAT_COLOURS, TableLayout
from ramigui.ui.table_family import SORT_ROWS, ButtonSpec, FamilyTable
from ramigui.ui.widgets import (
    GOLD,
    WHITE,
    Button,
    blit_text,
    common_size,
    draw_panel,
    ellipsized,
    text_width,
    wrap_lines,
)

if TYPE_CHECKING:
    from ramigui.ui.table import TableScene

CHOOSING = ("expose", "reply")
CROSS_COLOUR = (240, 110, 110)
LIT_FILL = (255, 226, 120, 235)
SERIES_EXTRA = ("series", "bonus")
COMBINATION_EXTRA = ("total", "")


@dataclass(frozen=True)
class SheetGrid:
    """Where each cell of the sheets goes: two blocks (séries, combinaisons), one row per
    seat. `cells[(seat, column)]` for box columns and the totals; `headers[column]`;
    `area` is what the grid covers (its panel); `short` says the headers use their short
    names (one line each), in a window too small for the full ones."""

    area: pygame.Rect
    text: int
    name_rect: dict[int, pygame.Rect]
    cells: dict[tuple[int, str], pygame.Rect]
    headers: dict[str, pygame.Rect]
    short: bool = False


def box_label(box: str, short: bool | str = False) -> str:
    """A box's name as players write it: the rank letter in this language, or the
    combinaison (its short form, "2 pairs", in a small window; "tiny", its code "2P", at
    640×400, the full name shown when the pointer is over it)."""
    if box in SERIES:
        return i18n.rank_text(SERIES_RANKS[SERIES.index(box)])
    if not box:
        return ""
    if short == "tiny" and i18n.has_key(f"yami.box_tiny.{box}"):
        return i18n.tr(f"yami.box_tiny.{box}")
    if short and i18n.has_key(f"yami.box_short.{box}"):
        return i18n.tr(f"yami.box_short.{box}")
    if box in ("series", "bonus", "total"):
        return i18n.tr(f"sheet.{box}")
    return i18n.tr(f"yami.box.{box}")


HEADER_SHARE = 0.85
"""The headers' text size, as a share of the cells' text."""
SMALLEST_TEXT = 10


READABLE_HEADER = 12
"""The headers never go under this size: below it their codes ("2P") are used instead."""


def _header_fits(columns: list[str], size: int, width: int, lines: int, short: bool | str) -> bool:
    """Whether every header label fits a cell `width` wide in `lines` lines at `size`."""
    for column in columns:
        label = box_label(column, short)
        if any(text_width(word, size, True) > width - 4 for word in label.split()):
            return False
        if len(wrap_lines(label, size, width - 4, True)) > lines:
            return False
    return True


def sheet_grid(area: pygame.Rect, seats: list[int], base_text: int) -> SheetGrid:
    """The two blocks in `area`, with the largest text that fits (readable at 1024×600);
    in a small window the headers take their short names on one line, and the grid never
    leaves `area`."""
    columns = [*SERIES, *SERIES_EXTRA], [*COMBINATIONS, *COMBINATION_EXTRA]
    labels = [c for block in columns for c in block if c]
    text = int(base_text * 1.4)
    while True:
        name_w = min(int(area.width * 0.18), text * 6)
        cell_w = (area.width - name_w) // 10
        row_h = int(text * 1.5)
        head = max(SMALLEST_TEXT, int(text * HEADER_SHARE))
        short = not any(_header_fits(labels, size, cell_w, 2, False) for size in range(head, SMALLEST_TEXT - 1, -1))
        lines = 1 if short else 2
        header_h = int(head * 1.2) * lines + 4
        block_h = header_h + row_h * len(seats)
        gap = max(4, text // 2)
        fits = 2 * block_h + gap <= area.height and cell_w >= text * 2.3
        if fits or text <= SMALLEST_TEXT:
            break
        text -= 1
    if 2 * block_h + gap > area.height:  # the last resort: rows squeezed to the area
        row_h = max(1, (area.height - gap - 2 * header_h) // (2 * len(seats)))
        block_h = header_h + row_h * len(seats)
    top = area.top + max(0, (area.height - 2 * block_h - gap) // 2)
    name_rect: dict[int, pygame.Rect] = {}
    cells: dict[tuple[int, str], pygame.Rect] = {}
    headers: dict[str, pygame.Rect] = {}
    for block, names in enumerate(columns):
        y = top + block * (block_h + gap)
        for c, column in enumerate(names):
            x = area.left + name_w + c * cell_w
            if column:
                headers[column] = pygame.Rect(x, y, cell_w, header_h)
            for r, seat in enumerate(seats):
                rect = pygame.Rect(x, y + header_h + r * row_h, cell_w, row_h)
                if column:
                    cells[(seat, column)] = rect
                if c == 0:
                    name_rect[seat * 2 + block] = pygame.Rect(area.left, rect.top, name_w, row_h)
    bounds = pygame.Rect(area.left, top, area.width, 2 * block_h + gap)
    return SheetGrid(bounds, text, name_rect, cells, headers, short)


class YamiTable(FamilyTable):
    """Yami's Expose button, prompts, score sheets and box chooser."""

    keys_text = "table.keys.yami"

    def __init__(self, scene: TableScene) -> None:
        super().__init__(scene)
        self._hovered: tuple[str, pygame.Rect] | None = None
        self.pinned: str | None = None
        """The header a tap (or click) asked to name in full, until tapped again: a finger
        cannot hover."""
        self.box_focus = 0

    @property
    def public(self) -> YamiPublic:
        return self.view.public_as(YamiPublic)

    def button_rows(self) -> list[list[ButtonSpec]]:
        return [[("expose", "button.expose", pygame.K_e)], *SORT_ROWS]

    def refresh(self, buttons: Mapping[str, Button]) -> None:
        buttons["expose"].enabled = "expose" in self.legal_kinds()

    def action(self, name: str) -> bool:
        if name == "expose":
            if self.scene.is_human_turn():
                self.scene.human_play("expose")
            return True
        return False

    # --- the chooser ------------------------------------------------------------------------

    def choices(self) -> list[tuple[str, Move, int | None]]:
        """(box, move, points) for each box the viewer may mark now, in sheet order; points
        None for a box that can only be crossed out."""
        if not self.scene.is_human_turn() or self.phase not in CHOOSING:
            return []
        exposing = self.public.exposer == self.view.seat
        return box_choices(self.view.hand, self.view.legal_moves, exposing, self.view.variant.yami)

    def choose(self, index: int) -> None:
        options = self.choices()
        if 0 <= index < len(options):
            self.scene.human_play(options[index][1])

    def key(self, key: int) -> bool:
        options = self.choices()
        if not options:
            return False
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.box_focus = (self.box_focus + step) % len(options)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(min(self.box_focus, len(options) - 1))
            return True
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        grid = self.grid()
        seat = self.view.seat
        if grid is None:
            return False
        for column, rect in grid.headers.items():
            if rect.collidepoint(pos):
                self.pinned = None if self.pinned == column else column
                return True
        for index, (box, _, _) in enumerate(self.choices()):
            rect = grid.cells.get((seat, box))
            if rect is not None and rect.collidepoint(pos):
                self.box_focus = index
                self.choose(index)
                return True
        return False

    # --- words ------------------------------------------------------------------------------

    def prompt(self) -> str:
        phase = self.phase
        if phase == "exchange":
            return i18n.tr("table.yami.exchange_expose") if "expose" in self.legal_kinds() else self.draw_prompt()
        if phase == "discard":
            return i18n.tr("table.yami.discard")
        if phase == "expose":
            return i18n.tr("table.yami.expose")
        if phase == "reply":
            exposer = self.public.exposer
            name = self.scene.name(exposer) if exposer is not None else ""
            crossing = all(points is None for _, _, points in self.choices())
            return i18n.tr("table.yami.cross" if crossing else "table.yami.reply", name=name)
        return ""

    # --- drawing ----------------------------------------------------------------------------

    def seats(self) -> list[int]:
        """The viewer's row first, then the others in seat order."""
        players = self.view.players
        me = self.scene.visible_seat()
        first = me if me is not None else 0
        return [(first + k) % players for k in range(players)]

    def grid(self) -> SheetGrid | None:
        lay = self.scene.layout
        if lay is None:
            return None
        return sheet_grid(lay.melds_area, self.seats(), int(lay.text * 0.9))

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        grid = self.grid()
        if grid is None:
            return
        draw_panel(surface, grid.area.inflate(lay.margin, lay.margin), (0, 0, 0, 70), lay.margin)
        self._draw_headers(surface, grid)
        sheets = self.public.sheets
        for seat in self.seats():
            self._draw_row(surface, grid, seat, sheets[seat] if seat < len(sheets) else {})
        self._draw_choices(surface, grid)
        self._draw_tooltip(surface, grid)

    def _draw_headers(self, surface: pygame.Surface, grid: SheetGrid) -> None:
        lines = 1 if grid.short else 2
        short: bool | str = grid.short
        size = max(SMALLEST_TEXT, READABLE_HEADER, int(grid.text * HEADER_SHARE))
        width = min(r.width for r in grid.headers.values())
        while size > READABLE_HEADER and not _header_fits(list(grid.headers), size, width, lines, short):
            size -= 1
        if not _header_fits(list(grid.headers), size, width, lines, short):
            short = "tiny"  # codes at a readable size rather than words at 8 px
        hovered = None
        named = self._named_column()
        for column, rect in grid.headers.items():
            label = box_label(column, short)
            pointed = self.scene.pointer_at is not None and rect.collidepoint(self.scene.pointer_at)
            if label != box_label(column) and (pointed or (hovered is None and column == named)):
                hovered = (column, rect)
            wrapped = wrap_lines(label, size, rect.width - 4, True)[:lines]
            y = rect.bottom - 2 - len(wrapped) * int(size * 1.2)
            colour = GOLD if column in ("series", "bonus", "total") else (220, 232, 222)
            for line in wrapped:
                line = ellipsized(line, size, rect.width - 2, True)
                y = blit_text(surface, line, size, colour, (rect.centerx, y), "midtop", bold=True).bottom
        self._hovered = hovered

    def _named_column(self) -> str | None:
        """The column whose full name shows without a pointer over it: the one tapped, else
        the box the arrow keys stand on while choosing."""
        if self.pinned is not None:
            return self.pinned
        options = self.choices()
        return options[min(self.box_focus, len(options) - 1)][0] if options else None

    def _draw_tooltip(self, surface: pygame.Surface, grid: SheetGrid) -> None:
        """The full name of the header under the pointer, tapped, or chosen with the arrow
        keys ("Two pairs" under "2P"), on top."""
        if self._hovered is None:
            return
        column, rect = self._hovered
        size = max(14, grid.text)
        label = box_label(column)
        box = pygame.Rect(0, 0, text_width(label, size, True) + size, int(size * 1.6))
        box.midtop = (rect.centerx, rect.bottom + 2)
        pointed = self.scene.pointer_at is not None and rect.collidepoint(self.scene.pointer_at)
        if not pointed:  # tapped or chosen by the keys: above, clear of the cells being chosen
            box.midbottom = (rect.centerx, rect.top - 2)
        box.clamp_ip(surface.get_rect())
        draw_panel(surface, box, (20, 30, 24, 255), size // 3, (*GOLD, 255))
        blit_text(surface, label, size, WHITE, box.center, "center", bold=True)

    def _draw_row(self, surface: pygame.Surface, grid: SheetGrid, seat: int, marks: Mapping[str, int | None]) -> None:
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        name = self.scene.name(seat)
        names = [self.scene.name(s) for s in self.seats()]
        for block in (0, 1):
            rect = grid.name_rect[seat * 2 + block]
            size = common_size(names, grid.text, rect.width - 8, True, smallest=max(SMALLEST_TEXT, int(grid.text * 0.8)))
            shown = ellipsized(name, size, rect.width - 8, True)
            blit_text(surface, shown, size, colour, (rect.left + 6, rect.centery), "midleft", bold=True)
        latest = {box for s, box, _ in self.public.marks if s == seat}
        for column in (*SERIES, *COMBINATIONS):
            cell = grid.cells[(seat, column)].inflate(-2, -2)
            draw_panel(surface, cell, (255, 255, 255, 28), 4, (*GOLD, 255) if column in latest else (0, 0, 0, 0))
            if column not in marks:
                continue
            points = marks[column]
            shown, tint = ("✗", CROSS_COLOUR) if points is None else (str(points), WHITE)
            blit_text(surface, shown, min(grid.text, int(cell.height * 0.8)), tint, cell.center, "center", bold=True)
        self._draw_totals(surface, grid, seat)

    def _draw_totals(self, surface: pygame.Surface, grid: SheetGrid, seat: int) -> None:
        public = self.public
        values = {"series": public.series_totals, "bonus": public.bonus, "total": public.sheet_totals}
        for column, numbers in values.items():
            cell = grid.cells[(seat, column)].inflate(-2, -2)
            value = numbers[seat] if seat < len(numbers) else 0
            draw_panel(surface, cell, (0, 0, 0, 60), 4)
            shown = "–" if column == "bonus" and not value else str(value)
            blit_text(surface, shown, min(grid.text, int(cell.height * 0.8)), GOLD, cell.center, "center", bold=True)

    def _draw_choices(self, surface: pygame.Surface, grid: SheetGrid) -> None:
        seat = self.view.seat
        focus = min(self.box_focus, max(0, len(self.choices()) - 1))
        for index, (box, _, points) in enumerate(self.choices()):
            cell = grid.cells[(seat, box)].inflate(-2, -2)
            draw_panel(surface, cell, LIT_FILL if points is not None else (120, 30, 30, 220), 4)
            label = f"+{points}" if points is not None else "✗"
            blit_text(surface, label, min(grid.text, int(cell.height * 0.8)), (40, 30, 10) if points is not None else WHITE,
                      cell.center, "center", bold=True)
            if index == focus:
                pygame.draw.rect(surface, (120, 210, 255), cell.inflate(4, 4), 3, border_radius=5)
