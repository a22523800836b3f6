"""The score sheet: every round's points per player with totals, the leader or winner
highlighted, a chart of the totals over the rounds, and for Yami the 16-box grille.

It reads a `SheetData`, built either from the game at the table (any time during a
game) or from a finished game of the statistics, so both show the same sheet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ramigui import i18n
from ramigui.rules import Game
from ramigui.stats import FinishedGame, YamiSheets
from ramigui.ui.layout import SEAT_COLOURS
from ramigui.ui.screen import Context, Screen
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    Colour,
    blit_text,
    common_size,
    draw_panel,
    ellipsized,
    text_width,
)

SERIES_BOXES = ("7", "8", "9", "10", "J", "Q", "K", "A")
COMBINATION_BOXES = ("paire", "double_paire", "brelan", "full", "carre", "quinte", "couleur", "quinte_floche")
BOX_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 1}
CROSS: Colour = (230, 90, 90)


@dataclass(frozen=True)
class SheetData:
    """What a score sheet shows, whatever it was read from."""

    title: str
    names: tuple[str, ...]
    rounds: tuple[tuple[int, ...], ...]
    reasons: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    lower_wins: bool
    over: bool
    yami: YamiSheets | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def from_game(cls, game: Game, names: Sequence[str]) -> SheetData:
        yami = YamiSheets.of_game(game)
        return cls(
            title=i18n.variant_name(game.variant),
            names=tuple(names),
            rounds=tuple(tuple(r.points) for r in game.results),
            reasons=tuple(r.reason for r in game.results),
            totals=tuple(yami.totals if yami and not game.game_over else game.scores),
            winners=tuple(game.winners),
            lower_wins=game.lower_wins,
            over=game.game_over,
            yami=yami,
        )

    @classmethod
    def from_finished(cls, game: FinishedGame) -> SheetData:
        try:
            from ramigui.variants import get_variant

            title = i18n.variant_name(get_variant(game.variant))
        except Exception:  # noqa: BLE001 - a variant since removed still shows its sheet
            title = game.variant
        return cls(title, game.names, game.rounds, game.reasons, game.totals, game.winners,
                   game.lower_wins, True, game.yami, game.options)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The winners once over; before that, whoever is ahead (nobody before round 1)."""
        if self.over:
            return self.winners
        if not self.rounds and self.yami is None:
            return ()
        best = min(self.totals) if self.lower_wins else max(self.totals)
        if not any(self.totals):
            return ()
        return tuple(i for i, total in enumerate(self.totals) if total == best)

    def running(self) -> list[list[int]]:
        """Each player's total after each round (the chart's lines)."""
        totals = [0] * len(self.names)
        table: list[list[int]] = []
        for points in self.rounds:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            table.append(list(totals))
        return table


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class ScoreSheetScene(Screen):
    """The sheet over the table (or from the statistics). `final`: the game just ended."""

    title_key = "sheet.title"

    def __init__(self, ctx: Context, data: SheetData, final: bool = False) -> None:
        super().__init__(ctx)
        self.data = data
        self.final = final
        self.page = "grid" if data.yami is not None else "rounds"

    def title_text(self) -> str:
        return f"{i18n.tr('sheet.title')} · {self.data.title}"

    def build(self) -> None:
        specs = [("back", "sheet.main_menu" if self.final else "common.back")]
        if self.data.yami is not None:
            specs.insert(0, ("page", "sheet.show_rounds" if self.page == "grid" else "sheet.show_grid"))
        buttons = self.footer_buttons(specs)
        buttons[-1].key = pygame.K_RETURN if self.final else pygame.K_TAB

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "page":
            self.page = "rounds" if self.page == "grid" else "grid"
            self.rebuild()
            return True
        return False

    # --- drawing -----------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        view = self.viewport.inflate(-2 * m.pad, -m.pad)
        y = self._banner(surface, view)
        area = pygame.Rect(view.left, y, view.width, view.bottom - y)
        split = int(area.width * self._split())
        left = pygame.Rect(area.left, area.top, split - m.pad, area.height)
        right = pygame.Rect(area.left + split + m.pad, area.top, area.width - split - m.pad, area.height)
        draw_panel(surface, left, (0, 0, 0, 90), m.pad)
        draw_panel(surface, right, (0, 0, 0, 90), m.pad)
        inner = left.inflate(-m.pad, -m.pad)
        if self.page == "grid" and self.data.yami is not None:
            self._grid(surface, inner, self.data.yami)
        else:
            self._rounds(surface, inner)
        self._chart(surface, right.inflate(-2 * m.pad, -2 * m.pad))

    def _split(self) -> float:
        """The share of the width for the table: more players need wider columns for their
        names, so the chart gives up some room from the fourth player on."""
        crowd = 0.025 * max(0, len(self.data.names) - 3)
        return (0.5 if self.page == "grid" else 0.55) + min(0.08, crowd)

    def _banner(self, surface: pygame.Surface, view: pygame.Rect) -> int:
        """Who won (or leads), one line."""
        m = self.m
        data = self.data
        names = ", ".join(data.names[s] for s in data.leaders)
        if data.over and names:
            text, colour = i18n.tr("sheet.winner", name=names), GOLD
        elif names:
            text, colour = i18n.tr("sheet.leader", name=names), WHITE
        else:
            text, colour = i18n.tr("sheet.no_rounds"), DIM
        rule = i18n.tr("sheet.lower_wins" if data.lower_wins else "sheet.higher_wins")
        rect = blit_text(surface, text, m.text, colour, (view.left, view.top), bold=True)
        blit_text(surface, rule, m.small, DIM, (view.right, rect.centery), "midright")
        return rect.bottom + m.pad // 2

    def _columns(self, area: pygame.Rect, first: int) -> list[int]:
        """Centre x of each player's column after a first column `first` wide."""
        players = len(self.data.names)
        width = (area.width - first) / max(1, players)
        return [int(area.left + first + width * (i + 0.5)) for i in range(players)]

    def _header(self, surface: pygame.Surface, area: pygame.Rect, cols: list[int], size: int, top: int) -> int:
        """The players' names over their columns, all at one size (the largest at which every
        name fits, but no smaller than the small text); a name still too long ends in "…"."""
        width = ((cols[1] - cols[0]) if len(cols) > 1 else area.width // 2) - 6
        shared = common_size(self.data.names, size, width, True, smallest=min(size, self.m.small))
        for seat, x in enumerate(cols):
            name = ellipsized(self.data.names[seat], shared, width, True)
            blit_text(surface, name, shared, seat_colour(seat), (x, top), "midtop", bold=True)
        return top + int(size * 1.5)

    def _highlight(self, surface: pygame.Surface, area: pygame.Rect, cols: list[int], top: int) -> None:
        if len(cols) < 1:
            return
        width = (cols[1] - cols[0]) if len(cols) > 1 else area.width // 2
        for seat in self.data.leaders:
            rect = pygame.Rect(cols[seat] - width // 2 + 2, top, width - 4, area.bottom - top)
            draw_panel(surface, rect, (*GOLD, 45), 8, (*GOLD, 200))

    def _rounds(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        m = self.m
        data = self.data
        label = i18n.tr("sheet.round")
        first = max(int(m.text * 3.2), text_width(label, m.small) + m.pad)
        cols = self._columns(area, first)
        self._highlight(surface, area, cols, area.top)
        y = self._header(surface, area, cols, m.text, area.top + m.pad // 2)
        blit_text(surface, label, m.small, DIM, (area.left + m.pad // 2, area.top + m.pad // 2))
        room = area.bottom - y - int(m.text * 1.8)
        row_h = max(int(m.small * 1.2), min(int(m.text * 1.5), room // max(1, len(data.rounds))))
        size = min(m.text, int(row_h * 0.8))
        fit = max(1, room // row_h)
        shown = list(enumerate(data.rounds))[-fit:]
        if len(shown) < len(data.rounds):
            blit_text(surface, "…", size, DIM, (area.left + m.pad // 2, y - row_h // 2))
        for number, points in shown:
            blit_text(surface, str(number + 1), size, DIM, (area.left + m.pad // 2, y))
            for seat, x in enumerate(cols):
                blit_text(surface, str(points[seat]), size, WHITE, (x, y), "midtop")
            y += row_h
        line_y = area.bottom - int(m.text * 1.7)
        pygame.draw.line(surface, GOLD, (area.left + 4, line_y), (area.right - 4, line_y), 2)
        blit_text(surface, i18n.tr("sheet.total"), m.small, GOLD, (area.left + m.pad // 2, line_y + m.pad // 2), bold=True)
        for seat, x in enumerate(cols):
            blit_text(surface, str(data.totals[seat]), m.text, GOLD, (x, line_y + m.pad // 3), "midtop", bold=True)

    def _grid(self, surface: pygame.Surface, area: pygame.Rect, yami: YamiSheets) -> None:
        """The Yami fiche: 8 séries, their subtotal and bonus, 8 combinaisons, the total."""
        m = self.m
        first = int(m.text * 5.5)
        cols = self._columns(area, first)
        self._highlight(surface, area, cols, area.top)
        y = self._header(surface, area, cols, m.text, area.top + m.pad // 2)
        rows: list[tuple[str, str]] = [("box", box) for box in SERIES_BOXES]
        rows += [("series", ""), ("bonus", "")]
        rows += [("box", box) for box in COMBINATION_BOXES]
        rows += [("total", "")]
        row_h = max(12, (area.bottom - y) // len(rows))
        size = max(11, min(m.small, int(row_h * 0.78)))
        for kind, box in rows:
            if kind in ("series", "total"):
                pygame.draw.line(surface, GOLD, (area.left + 4, y), (area.right - 4, y), 1)
            label, colour = self._row_label(kind, box)
            blit_text(surface, label, size, colour, (area.left + m.pad // 2, y + row_h // 2), "midleft",
                      bold=kind != "box")
            for seat, x in enumerate(cols):
                self._cell(surface, kind, box, seat, yami, (x, y + row_h // 2), size)
            y += row_h

    @staticmethod
    def _row_label(kind: str, box: str) -> tuple[str, Colour]:
        if kind == "box" and box in BOX_RANKS:
            return i18n.tr(f"rank.{BOX_RANKS[box]}"), WHITE
        if kind == "box" and box in SERIES_BOXES:
            return box, WHITE
        if kind == "box":
            return i18n.tr(f"yami.box.{box}"), WHITE
        return i18n.tr(f"sheet.{kind}"), GOLD

    def _cell(self, surface: pygame.Surface, kind: str, box: str, seat: int, yami: YamiSheets,
              centre: tuple[int, int], size: int) -> None:
        if kind == "series":
            text, colour = str(yami.series[seat]), GOLD
        elif kind == "bonus":
            text, colour = (str(yami.bonus[seat]), GOLD) if yami.bonus[seat] else ("–", DIM)
        elif kind == "total":
            text, colour = str(yami.totals[seat]), GOLD
        else:
            marks = yami.marks[seat]
            if box not in marks:
                return
            if marks[box] is None:
                half = size // 2
                x, y = centre
                pygame.draw.line(surface, CROSS, (x - half, y - half), (x + half, y + half), 3)
                pygame.draw.line(surface, CROSS, (x - half, y + half), (x + half, y - half), 3)
                return
            text, colour = str(marks[box]), WHITE
        blit_text(surface, text, size, colour, centre, "center", bold=kind != "box")

    def _chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each player's running total after each round, a line per player."""
        m = self.m
        blit_text(surface, i18n.tr("sheet.chart"), m.small, DIM, area.topleft, bold=True)
        lines = self.data.running()
        legend = self._legend_rows(area.width)
        legend_h = int(m.small * 1.6) * len(legend)
        plot = pygame.Rect(area.left + int(m.small * 2.8), area.top + int(m.small * 1.8),
                           area.width - int(m.small * 3.2), area.height - int(m.small * 3.6) - legend_h)
        if plot.width < 20 or plot.height < 20:
            return
        values = [v for row in lines for v in row] + [0]
        low, high = min(values), max(max(values), 1)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.bottomright, 1)
        pygame.draw.line(surface, DIM, plot.bottomleft, plot.topleft, 1)
        blit_text(surface, str(high), m.small, DIM, (plot.left - 4, plot.top), "midright")
        blit_text(surface, str(low), m.small, DIM, (plot.left - 4, plot.bottom), "midright")
        count = len(lines)
        blit_text(surface, i18n.tr_count("sheet.rounds_axis", count), m.small, DIM, (plot.right, plot.bottom + 4), "topright")

        def point(index: int, value: int) -> tuple[int, int]:
            x = plot.left + (plot.width * (index + 1) // max(1, count))
            y = plot.bottom - int((value - low) / max(1, high - low) * plot.height)
            return x, y

        for seat in range(len(self.data.names)):
            points = [(plot.left, point(0, 0)[1])] + [point(i, row[seat]) for i, row in enumerate(lines)]
            width = 5 if seat in self.data.leaders else 3
            if len(points) > 1:
                pygame.draw.lines(surface, seat_colour(seat), False, points, width)
            for p in points[1:]:
                pygame.draw.circle(surface, seat_colour(seat), p, width + 1)
        self._legend(surface, legend, pygame.Rect(area.left, area.bottom - legend_h, area.width, legend_h))

    def _legend_rows(self, width: int) -> list[list[tuple[int, str]]]:
        """The legend's (seat, name) entries in lines that fit `width`: every player is named,
        on as many lines as it takes; a name wider than a whole line ends in "…"."""
        m = self.m
        swatch = m.small + 4
        rows: list[list[tuple[int, str]]] = [[]]
        x = 0
        for seat, full in enumerate(self.data.names):
            name = ellipsized(full, m.small, width - swatch, True)
            entry = swatch + text_width(name, m.small, True)
            if rows[-1] and x + entry > width:
                rows.append([])
                x = 0
            rows[-1].append((seat, name))
            x += entry + m.pad
        return rows

    def _legend(self, surface: pygame.Surface, rows: list[list[tuple[int, str]]], rect: pygame.Rect) -> None:
        m = self.m
        line_h = rect.height // max(1, len(rows))
        for number, row in enumerate(rows):
            x, y = rect.left, rect.top + line_h * number + line_h // 2
            for seat, name in row:
                pygame.draw.line(surface, seat_colour(seat), (x, y), (x + m.small, y), 4)
                drawn = blit_text(surface, name, m.small, seat_colour(seat), (x + m.small + 4, y), "midleft", bold=True)
                x = drawn.right + m.pad


__all__ = ["ScoreSheetScene", "SheetData", "YamiSheets"]
