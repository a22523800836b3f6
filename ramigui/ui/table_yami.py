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

import pygame

from ramigui import i18n
from ramigui.movetext import yami_exchange_prompt
from ramigui.rules import Move
from ramigui.rules.public import YamiPublic
from ramigui.rules.variant import Variant
from ramigui.rules.yami_boxes import COMBINATIONS, SERIES, SERIES_RANKS, box_choices
from ramigui.ui.layout import SEAT_COLOURS
from ramigui.ui.table_family import ButtonSpec, FamilyTable
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.table_intents import Intents, PlayMove, Refuse
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
    wrapped_size,
)

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


def _header_labels(columns: list[str], short: bool | str) -> list[str]:
    return [box_label(column, short) for column in columns]


def _header_size(columns: list[str], grid: SheetGrid, lines: int) -> tuple[int, bool | str]:
    """The size one row of headers is drawn at, and the names it uses: the largest readable
    size at which every name fits its cell in `lines` lines, else the codes ("tiny")."""
    short: bool | str = grid.short
    size = max(SMALLEST_TEXT, READABLE_HEADER, int(grid.text * HEADER_SHARE))
    width = min(grid.headers[c].width for c in columns)
    fitting = wrapped_size(_header_labels(columns, short), size, width - 4, lines, smallest=READABLE_HEADER)
    if fitting is None:
        return READABLE_HEADER, "tiny"  # codes at a readable size rather than words at 8 px
    return fitting, short


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
        short = wrapped_size(_header_labels(labels, False), head, cell_w - 4, smallest=SMALLEST_TEXT) is None
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


PLAIN_SORT_ROWS: list[list[ButtonSpec]] = [[("sort_suit", "button.sort_by_suit", pygame.K_s)],
                                           [("sort_rank", "button.sort_by_rank", pygame.K_r)]]
"""Yami's sorts: a Yami hand holds no melds to put first, so "Melds, then suits" left the
four 9s apart and puzzled a newcomer; the buttons say what they do, as the settings do."""


class YamiTable(FamilyTable):
    """Yami's Expose button, prompts, score sheets and box chooser."""

    keys_text = "table.keys.yami"
    reads_pointer = True  # a header under the pointer shows its full name

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self._hovered: tuple[str, pygame.Rect] | None = None
        self.pinned: str | None = None
        """The header a tap (or click) asked to name in full, until tapped again: a finger
        cannot hover."""
        self.box_focus = 0
        self._focus_for: tuple[object, ...] = ()
        """The choice of boxes the cursor was put in (a new one moves it to the best box)."""
        self._grid: tuple[object, SheetGrid | None] = (None, None)

    def button_rows(self) -> list[list[ButtonSpec]]:
        return [[("expose", "button.expose", pygame.K_e)], *PLAIN_SORT_ROWS]

    def refresh(self, buttons: Mapping[str, Button], frame: TableFrame) -> None:
        buttons["expose"].enabled = "expose" in frame.legal_kinds()

    def action(self, name: str, frame: TableFrame) -> Intents | None:
        if name == "expose":
            return (PlayMove("expose", otherwise=()),) if frame.human_turn else ()
        return None

    # --- the chooser ------------------------------------------------------------------------

    def choices(self, frame: TableFrame) -> list[tuple[str, Move, int | None]]:
        """(box, move, points) for each box the viewer may mark now, in sheet order; points
        None for a box that can only be crossed out."""
        if not frame.human_turn or frame.phase not in CHOOSING:
            return []
        exposing = frame.view.public_as(YamiPublic).exposer == frame.view.seat
        options = box_choices(frame.view.hand, frame.view.legal_moves, exposing, frame.view.variant.yami)
        self._focus_best(options)
        return options

    def _focus_best(self, options: list[tuple[str, Move, int | None]]) -> None:
        """A new choice of boxes puts the cursor on the one worth the most (it stayed where
        the last choice left it: on Paire +5 beside a series +15)."""
        key = tuple(options)
        if key != self._focus_for:
            self._focus_for = key
            best = max(range(len(options)), key=lambda i: (options[i][2] or 0, -i), default=0)
            self.box_focus = best

    @staticmethod
    def choose(options: list[tuple[str, Move, int | None]], index: int) -> Intents:
        """Mark the box of option `index` (nothing when there is no such option)."""
        return (PlayMove(options[index][1], otherwise=()),) if 0 <= index < len(options) else ()

    def key(self, key: int, frame: TableFrame) -> Intents | None:
        options = self.choices(frame)
        if not options:
            return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            step = 1 if key in (pygame.K_RIGHT, pygame.K_DOWN) else -1
            self.box_focus = (self.box_focus + step) % len(options)
            return ()
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            move = self.own_enter(frame)
            return (PlayMove(move, otherwise=()),) if move is not None else ()
        return None

    def own_enter(self, frame: TableFrame) -> Move | None:
        """While a box is to be chosen, Enter (and Space) fill the box under the cursor."""
        options = self.choices(frame)
        return options[min(self.box_focus, len(options) - 1)][1] if options else None

    def hint_shown(self, move: Move, frame: TableFrame) -> None:
        """The box cursor goes to the hinted box: Enter then fills it, and the arrows still
        move it to another."""
        moves = [option[1] for option in self.choices(frame)]
        if move in moves:
            self.box_focus = moves.index(move)

    def click(self, pos: tuple[int, int], frame: TableFrame) -> Intents | None:
        grid = self.grid(frame)
        seat = frame.view.seat
        if grid is None:
            return None
        for column, rect in grid.headers.items():
            if rect.collidepoint(pos):
                self.pinned = None if self.pinned == column else column
                return ()
        options = self.choices(frame)
        for index, (box, _, _) in enumerate(options):
            rect = grid.cells.get((seat, box))
            if rect is not None and rect.collidepoint(pos):
                self.box_focus = index
                return self.choose(options, index)
        for box in (*SERIES, *COMBINATIONS):  # one of the player's own boxes, not markable now: say so
            rect = grid.cells.get((seat, box))
            if rect is not None and rect.collidepoint(pos):
                why = "table.yami.box_not_this" if options else "table.yami.box_not_now"
                return (Refuse(i18n.tr(why, box=i18n.box_text(box))),)
        return None

    # --- words ------------------------------------------------------------------------------

    def prompt(self, frame: TableFrame) -> str:
        phase = frame.phase
        if phase == "exchange":
            return yami_exchange_prompt(frame.view)
        if phase == "discard":
            return i18n.tr("table.yami.discard")
        if phase == "expose":
            return i18n.tr("table.yami.expose")
        if phase == "reply":
            exposer = frame.view.public_as(YamiPublic).exposer
            name = frame.name(exposer) if exposer is not None else ""
            crossing = all(points is None for _, _, points in self.choices(frame))
            return i18n.tr("table.yami.cross" if crossing else "table.yami.reply", name=name)
        return ""

    # --- drawing ----------------------------------------------------------------------------

    @staticmethod
    def seats(frame: TableFrame) -> list[int]:
        """The viewer's row first, then the others in seat order."""
        players = frame.view.players
        first = frame.viewer if frame.viewer is not None else 0
        return [(first + k) % players for k in range(players)]

    def grid(self, frame: TableFrame) -> SheetGrid | None:
        """The sheets' cells (remembered while the area, the seats and the language stay:
        the kept table asks for them at every change, and the fitting is costly)."""
        lay = frame.layout
        if lay is None:
            return None
        key = (lay.melds_area, tuple(self.seats(frame)), lay.text, i18n.language())
        if self._grid[0] != key:
            self._grid = (key, sheet_grid(lay.melds_area, self.seats(frame), int(lay.text * 0.9)))
        return self._grid[1]

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        grid = self.grid(frame)
        lay = frame.layout
        if grid is None or lay is None:
            return
        draw_panel(surface, grid.area.inflate(lay.margin, lay.margin), (0, 0, 0, 70), lay.margin)
        self._draw_headers(surface, grid, frame.pointer_at, self._named_column(frame))
        sheets = frame.view.public_as(YamiPublic).sheets
        for seat in self.seats(frame):
            self._draw_row(surface, grid, seat, sheets[seat] if seat < len(sheets) else {}, frame)
        self._draw_choices(surface, grid, frame)
        self._draw_tooltip(surface, grid, frame.pointer_at)

    def panel_key(self, frame: TableFrame) -> object:
        """The sheets as drawn: the public table, the boxes offered and the one keyed, the
        header tapped or under the pointer."""
        lay = frame.layout
        grid = self.grid(frame)
        if lay is None or grid is None:
            return None
        pointed = next((column for column, rect in grid.headers.items()
                        if frame.pointer_at is not None and rect.collidepoint(frame.pointer_at)), None)
        return (lay.melds_area, lay.margin, lay.text, frame.size, tuple(self.seats(frame)), frame.view.public,
                tuple(self.choices(frame)), self.box_focus, self.pinned, pointed)

    def panel_area(self, frame: TableFrame) -> pygame.Rect:
        """The sheets' panel, and wherever a header's full name may show beside it."""
        lay = frame.layout
        grid = self.grid(frame)
        if lay is None or grid is None:
            return pygame.Rect(0, 0, 0, 0)
        bounds = pygame.Rect((0, 0), frame.size)
        tips = [_tooltip_box(column, rect, grid, below, bounds)
                for column, rect in grid.headers.items() for below in (True, False)]
        return grid.area.inflate(lay.margin, lay.margin).unionall(tips)

    def _named_column(self, frame: TableFrame) -> str | None:
        """The column whose full name shows without a pointer over it: the one tapped, else
        the box the arrow keys stand on while choosing."""
        if self.pinned is not None:
            return self.pinned
        options = self.choices(frame)
        return options[min(self.box_focus, len(options) - 1)][0] if options else None

    def _draw_headers(self, surface: pygame.Surface, grid: SheetGrid, pointer_at: tuple[int, int] | None,
                      named: str | None = None) -> None:
        hovered = None
        ranks = [c for c in grid.headers if c in SERIES]
        for block in (ranks, [c for c in grid.headers if c not in ranks]):
            # the ranks (7 … A) at their own size: they were drawn as small as "Straight
            # flush" needs, 13 px at 1920×1080; Series, Bonus and Total stay alike
            lines = 1 if grid.short else 2
            size, short = _header_size(block, grid, lines)
            for column in block:
                rect = grid.headers[column]
                label = box_label(column, short)
                pointed = pointer_at is not None and rect.collidepoint(pointer_at)
                if label != box_label(column) and (pointed or (hovered is None and column == named)):
                    hovered = (column, rect)
                wrapped = wrap_lines(label, size, rect.width - 4, True)[:lines]
                y = rect.bottom - 2 - len(wrapped) * int(size * 1.2)
                colour = GOLD if column in ("series", "bonus", "total") else (220, 232, 222)
                for line in wrapped:
                    line = ellipsized(line, size, rect.width - 2, True)
                    y = blit_text(surface, line, size, colour, (rect.centerx, y), "midtop", bold=True).bottom
        self._hovered = hovered

    def _draw_tooltip(self, surface: pygame.Surface, grid: SheetGrid, pointer_at: tuple[int, int] | None) -> None:
        """The full name of the header under the pointer, tapped, or chosen with the arrow
        keys ("Two pairs" under "2P"), on top."""
        if self._hovered is None:
            return
        column, rect = self._hovered
        size = max(14, grid.text)
        below = pointer_at is not None and rect.collidepoint(pointer_at)  # tapped or keyed: above, clear of the cells
        box = _tooltip_box(column, rect, grid, below, surface.get_rect())
        draw_panel(surface, box, (20, 30, 24, 255), size // 3, (*GOLD, 255))
        blit_text(surface, box_label(column), size, WHITE, box.center, "center", bold=True)

    def _draw_row(self, surface: pygame.Surface, grid: SheetGrid, seat: int, marks: Mapping[str, int | None],
                  frame: TableFrame) -> None:
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        name = frame.name(seat)
        names = [frame.name(s) for s in self.seats(frame)]
        for block in (0, 1):
            rect = grid.name_rect[seat * 2 + block]
            size = common_size(
                names,
                grid.text,
                rect.width - 8,
                True,
                smallest=max(SMALLEST_TEXT, int(grid.text * 0.8)),
            )
            shown = ellipsized(name, size, rect.width - 8, True)
            blit_text(surface, shown, size, colour, (rect.left + 6, rect.centery), "midleft", bold=True)
        latest = {box for s, box, _ in frame.view.public_as(YamiPublic).marks if s == seat}
        for column in (*SERIES, *COMBINATIONS):
            cell = grid.cells[(seat, column)].inflate(-2, -2)
            draw_panel(surface, cell, (255, 255, 255, 28), 4, (*GOLD, 255) if column in latest else (0, 0, 0, 0))
            if column not in marks:
                continue
            points = marks[column]
            shown, tint = ("✗", CROSS_COLOUR) if points is None else (str(points), WHITE)
            blit_text(surface, shown, min(grid.text, int(cell.height * 0.8)), tint, cell.center, "center", bold=True)
        self._draw_totals(surface, grid, seat, frame)

    @staticmethod
    def _draw_totals(surface: pygame.Surface, grid: SheetGrid, seat: int, frame: TableFrame) -> None:
        public = frame.view.public_as(YamiPublic)
        values = {"series": public.series_totals, "bonus": public.bonus, "total": public.sheet_totals}
        for column, numbers in values.items():
            cell = grid.cells[(seat, column)].inflate(-2, -2)
            value = numbers[seat] if seat < len(numbers) else 0
            draw_panel(surface, cell, (0, 0, 0, 60), 4)
            shown = "–" if column == "bonus" and not value else str(value)
            blit_text(surface, shown, min(grid.text, int(cell.height * 0.8)), GOLD, cell.center, "center", bold=True)

    def _draw_choices(self, surface: pygame.Surface, grid: SheetGrid, frame: TableFrame) -> None:
        seat = frame.view.seat
        options = self.choices(frame)
        focus = min(self.box_focus, max(0, len(options) - 1))
        for index, (box, _, points) in enumerate(options):
            cell = grid.cells[(seat, box)].inflate(-2, -2)
            # a box that may be crossed out reads "✗?" on a lighter red: "✗" alone, as a
            # crossed box reads, made every free box look already crossed
            draw_panel(surface, cell, LIT_FILL if points is not None else (150, 40, 40, 150), 4)
            label = f"+{points}" if points is not None else "✗?"
            blit_text(
                surface,
                label,
                min(grid.text, int(cell.height * 0.8)),
                (40, 30, 10) if points is not None else WHITE,
                cell.center,
                "center",
                bold=True,
            )
            if index == focus:
                pygame.draw.rect(surface, (120, 210, 255), cell.inflate(4, 4), 3, border_radius=5)


def _tooltip_box(column: str, header: pygame.Rect, grid: SheetGrid, below: bool, bounds: pygame.Rect) -> pygame.Rect:
    """Where a header's full name shows: under the header (the pointer is over it), else
    above it; inside `bounds`."""
    size = max(14, grid.text)
    box = pygame.Rect(0, 0, text_width(box_label(column), size, True) + size, int(size * 1.6))
    if below:
        box.midtop = (header.centerx, header.bottom + 2)
    else:
        box.midbottom = (header.centerx, header.top - 2)
    return box.clamp(bounds)
