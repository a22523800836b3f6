"""The score sheet: every round's points per player with totals, the leader or winner
highlighted, a chart of the totals over the rounds, and for Yami the 16-box grille.

It reads a `SheetData`, built either from the game at the table (any time during a
game) or from a finished game of the statistics, so both show the same sheet.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import pygame

from ramigui import i18n
from ramigui.rules import Game
from ramigui.score_words import (
    hand_note,
    leader_text,
    leaders,
    points_parts,
    round_summary,
    rule_text,
)
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
    fitted_size,
    text_width,
    wrap_items,
)

SERIES_BOXES = ("7", "8", "9", "10", "J", "Q", "K", "A")
COMBINATION_BOXES = ("paire", "double_paire", "brelan", "full", "carre", "quinte", "couleur", "quinte_floche")
BOX_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 1}
CROSS: Colour = (230, 90, 90)
WORDS_LINES = 4
"""The most lines a round's words take under its points on the sheet: at four players, a
line each (at two, "Robot 2: 39 po…" was cut; older rounds scroll)."""
POINTS_LINE = 1.4
"""A round's line of points, in text sizes: its words' band starts clear of the digits."""
WORDS_BACK = (14, 40, 28, 255)
"""Behind a round's words, so they never run through the leader's gold column."""


def words_lines(items: list[str], size: int, width: int) -> list[str]:
    """A round's words on at most WORDS_LINES lines; words that do not fit end the last line
    with "…" rather than vanish ("… + 100" lost "never laid down")."""
    lines = wrap_items(items, size, width)
    if len(lines) <= WORDS_LINES:
        return lines
    last = " · ".join(lines[WORDS_LINES - 1:])  # the items' own separator, as wrap_items joins them
    return [*lines[:WORDS_LINES - 1], ellipsized(last, size, width)]



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
    results: tuple[Any, ...] = ()
    """The rounds' results with their details (a game at the table); a finished game of the
    statistics keeps only the points and reasons, so its rounds say only why they ended."""
    variant: Any = None
    target: int = 0
    planned_rounds: int = 0
    abandoned: bool = False
    """Given up before its end: nobody won; the sheet says so, then who was ahead."""
    round_winners: tuple[int | None, ...] = ()
    """Who won each round, where `results` are not kept (a game of the statistics)."""

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
            results=tuple(game.results),
            variant=game.variant,
            target=game.variant.target,
            planned_rounds=game.variant.rounds,
        )

    @classmethod
    def from_finished(cls, game: FinishedGame) -> SheetData:
        try:
            from ramigui.variants import get_variant

            variant = get_variant(game.variant, **dict(game.options))
            title = i18n.variant_name(variant)
        except Exception:  # noqa: BLE001 - a variant since removed still shows its sheet
            variant, title = None, game.variant
        return cls(title, game.names, game.rounds, game.reasons, game.totals, game.winners,
                   game.lower_wins, not game.unfinished, game.yami, game.options, variant=variant,
                   target=getattr(variant, "target", 0), planned_rounds=getattr(variant, "rounds", 0),
                   abandoned=game.unfinished, round_winners=game.round_winners)

    @property
    def leaders(self) -> tuple[int, ...]:
        """The winners once over; before that, whoever is ahead (nobody before round 1)."""
        if self.over:
            return self.winners
        if not self.rounds and self.yami is None:
            return ()
        return leaders(self.totals, self.lower_wins)

    def round_words(self, index: int) -> list[str]:
        """Round `index` in words, piece by piece: who won it and how, then each player's
        points that are more than their cards ("Ann: 33 in hand + 100 never laid down")."""
        names = [i18n.seat_name(name) for name in self.names]
        if index >= len(self.results):
            return self._kept_words(index, names)
        result = self.results[index]
        parts = [points_parts(result, seat, self.variant, plain=False, names=names) for seat in range(len(names))]
        winner = result.winner if result.winner is not None and result.winner < len(names) else None
        said = [round_summary(result, names, short=True)]
        if winner is not None and parts[winner]:  # "Bob: knock, 34 − 6 deadwood"
            said[0] = f"{said[0]}, {parts[winner]}"
        said += [i18n.tr("score.seat_parts", name=name, parts=parts[seat])
                 for seat, name in enumerate(names) if parts[seat] and seat != winner]
        return said

    def note(self) -> str:
        """Why the losers' plain points are what they are ("the others: the points of the
        cards left in their hand"), said once for the sheet under its rounds: the same words
        under every round pushed the first rounds out of a 1366×768 window."""
        return next((note for result in self.results if (note := hand_note(result, self.variant))), "")

    def _kept_words(self, index: int, names: Sequence[str]) -> list[str]:
        """A round of a game of the statistics: why it ended, and who won it where that was
        kept ("Ana: went out")."""
        reason = self.reasons[index] if index < len(self.reasons) else ""
        if not reason:
            return []
        words = i18n.tr(f"round.reason.{reason}")
        winner = self.round_winners[index] if index < len(self.round_winners) else None
        if winner is None or winner >= len(names):
            return [words]
        return [i18n.tr("score.seat_parts", name=names[winner], parts=words)]

    def running(self) -> list[list[int]]:
        """Each player's total after each round (the chart's lines)."""
        totals = [0] * len(self.names)
        table: list[list[int]] = []
        for points in self.rounds:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
            table.append(list(totals))
        return table


def _latest_that_fit(heights: list[int], room: int) -> int:
    """The first of the latest rows whose `heights` fit in `room` (the last row at least)."""
    used, first = 0, len(heights)
    while first > 0 and (used + heights[first - 1] <= room or first == len(heights)):
        first -= 1
        used += heights[first]
    return min(first, max(0, len(heights) - 1))


def seat_colour(seat: int) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


class ScoreSheetScene(Screen):
    """The sheet over the table (or from the statistics). `final`: the game just ended."""

    title_key = "sheet.title"

    def __init__(self, ctx: Context, data: SheetData, final: bool = False,
                 again: Callable[[], None] | None = None) -> None:
        super().__init__(ctx)
        self.data = data
        self.final = final
        self.again = again
        """Play again (the same people and rules, the next dealer), offered on the final sheet."""
        self.page = "grid" if data.yami is not None else "rounds"
        self.saved_picture: Any = None
        """Where the sheet was last saved as a picture (a Path), None before."""
        self.back_rounds = 0
        """How many rounds the view is scrolled back from the latest (the wheel, Page Up/Down)."""
        self.scroll_room = max(0, len(data.rounds) - 1)
        """How far back it may scroll: to the first round at the top (known once drawn)."""

    def title_text(self) -> str:
        return f"{i18n.tr('sheet.title')} · {self.data.title}"

    def build(self) -> None:
        specs = [("back", "sheet.main_menu" if self.final else "common.back")]
        if self.again is not None:
            specs.insert(0, ("play_again", "sheet.play_again"))
        if (self.data.over or self.data.abandoned) and self.ctx.store is not None:
            specs.insert(0, ("picture", "sheet.save_picture"))
        if self.data.yami is not None:
            specs.insert(0, ("page", "sheet.show_rounds" if self.page == "grid" else "sheet.show_grid"))
        buttons = self.footer_buttons(specs)
        buttons[-1].key = pygame.K_RETURN if self.final else pygame.K_TAB

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel and Page Up / Page Down scroll through the rounds when they do not all fit."""
        if event.type == pygame.MOUSEWHEEL and self.page == "rounds":
            self._scroll_rounds(event.y)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and self.page == "rounds":
            self._scroll_rounds(3 if event.key == pygame.K_PAGEUP else -3)
            return True
        return super().handle_event(event)

    def _scroll_rounds(self, delta: int) -> None:
        self.back_rounds = max(0, min(self.scroll_room, self.back_rounds + delta))
        if self.app is not None:
            self.app.invalidate()

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "page":
            self.page = "rounds" if self.page == "grid" else "grid"
            self.rebuild()
            return True
        if action == "play_again" and self.again is not None:
            self.again()
            return True
        if action == "picture":
            self.save_picture()
            return True
        return False

    def picture(self) -> pygame.Surface:
        """The sheet as it shows, without its buttons nor the empty band they leave (a
        newcomer's saved sheet ended in a bare strip of felt)."""
        surface = pygame.Surface(self.size)
        shown = [(control, control.visible) for control in self.controls]
        for control, _ in shown:
            control.visible = False
        try:
            self.draw(surface)
        finally:
            for control, visible in shown:
                control.visible = visible
        bottom = min(self.size[1], self.viewport.bottom + self.m.pad // 2)
        return surface.subsurface((0, 0, self.size[0], bottom)).copy()

    def save_picture(self) -> None:
        """Save the sheet as a PNG in the pictures folder (or the data folder) and say where."""
        from ramigui.storage import StorageError
        from ramigui.ui.screen import MessageScene

        store = self.ctx.store
        assert store is not None
        variant = getattr(self.data.variant, "id", "") or "sheet"
        name = f"ramigui-{variant}-{datetime.now():%Y%m%d-%H%M%S}.png"
        buffer = io.BytesIO()
        try:
            pygame.image.save(self.picture(), buffer, name)
            path = store.save_picture(name, buffer.getvalue())
            text = i18n.tr("sheet.picture_saved", path=str(path))
            self.saved_picture = path
        except (OSError, StorageError, pygame.error) as error:
            text = i18n.tr("sheet.picture_failed", reason=str(error))
        if self.app is not None:
            self.app.push(MessageScene(i18n.tr("sheet.save_picture"), text, self.ctx.sounds))

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

    def shown_names(self) -> list[str]:
        """The players' names as shown now (a default name follows the language)."""
        return [i18n.seat_name(name) for name in self.data.names]

    def _split(self) -> float:
        """The share of the width for the table: more players need wider columns for their
        names, so the chart gives up some room from the fourth player on."""
        crowd = 0.025 * max(0, len(self.data.names) - 3)
        return (0.5 if self.page == "grid" else 0.55) + min(0.08, crowd)

    def _banner(self, surface: pygame.Surface, view: pygame.Rect) -> int:
        """Who won (or leads, with how many points) on the left, how the game is won on the right."""
        m = self.m
        data = self.data
        names = [i18n.seat_name(name) for name in data.names]
        rule = rule_text(data.lower_wins, data.target, data.planned_rounds, len(data.rounds))
        room = view.width - min(text_width(rule, m.small), view.width // 2) - m.pad
        lead = self._lead(names, room) if data.leaders else ""
        if data.abandoned:
            given_up = (i18n.tr_count("sheet.abandoned", len(data.rounds)) if data.rounds
                        else i18n.tr("sheet.abandoned_first"))
            text, colour = (f"{given_up} · {lead}" if lead else given_up), DIM
        elif data.over and lead:
            text, colour = lead, GOLD
        elif lead:
            text, colour = lead, WHITE
        else:
            text, colour = i18n.tr("sheet.no_rounds"), DIM
        size = fitted_size(text, m.text, room, True, m.small)
        rect = blit_text(surface, ellipsized(text, size, room, True), size, colour, (view.left, view.top), bold=True)
        blit_text(surface, ellipsized(rule, m.small, view.width // 2), m.small, DIM, (view.right, rect.centery),
                  "midright")
        return rect.bottom + m.pad // 2

    def _lead(self, names: list[str], room: int) -> str:
        """Who leads and with how many points, in `room`: a long name is shortened rather
        than the points cut off ("In the lead: Anne-Sophie Bartholomew, 25 poi…")."""
        data = self.data
        lead = ""
        for cap in (24, 18, 14, 10, 6):
            short = [name if len(name) <= cap else name[:cap - 1].rstrip() + "…" for name in names]
            lead = leader_text(short, data.totals, data.lower_wins, data.over, data.winners)
            if text_width(lead, self.m.small, True) <= room:
                break
        return lead

    def _columns(self, area: pygame.Rect, first: int) -> list[int]:
        """Centre x of each player's column after a first column `first` wide."""
        players = len(self.data.names)
        width = (area.width - first) / max(1, players)
        return [int(area.left + first + width * (i + 0.5)) for i in range(players)]

    def _header(self, surface: pygame.Surface, area: pygame.Rect, cols: list[int], size: int, top: int) -> int:
        """The players' names over their columns, all at one size (the largest at which every
        name fits, but no smaller than the small text); a name still too long ends in "…"."""
        width = ((cols[1] - cols[0]) if len(cols) > 1 else area.width // 2) - 6
        names = self.shown_names()
        shared = common_size(names, size, width, True, smallest=min(size, self.m.small))
        for seat, x in enumerate(cols):
            name = ellipsized(names[seat], shared, width, True)
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
        """A row per round: its number and each player's points, and under them the round in
        words (who won it and how, the points that are more than cards); the totals below."""
        m = self.m
        data = self.data
        label = i18n.tr("sheet.round")
        first = max(int(m.text * 3.2), text_width(label, m.small) + m.pad)
        cols = self._columns(area, first)
        self._highlight(surface, area, cols, area.top)
        y = self._header(surface, area, cols, m.text, area.top + m.pad // 2)
        blit_text(surface, label, m.small, DIM, (area.left + m.pad // 2, area.top + m.pad // 2))
        bottom = area.bottom - int(m.text * 1.8)
        width = area.width - m.pad
        step = int(m.small * 1.2)
        note = self.data.note()
        if note:  # said once, under the last round shown: room is kept for it above the totals
            bottom -= step
        rows = [(number, points, words_lines(self.data.round_words(number), m.small, width))
                for number, points in enumerate(data.rounds)]
        heights = [int(m.text * POINTS_LINE) + step * len(lines) + m.pad // 3 for _, _, lines in rows]
        latest = _latest_that_fit(heights, bottom - y)
        self.scroll_room = latest
        top_row = max(0, latest - self.back_rounds)  # scrolled back: older rounds from the top down
        shown: list[tuple[int, tuple[int, ...], list[str]]] = []
        used = 0
        for row, height in zip(rows[top_row:], heights[top_row:], strict=True):
            if used + height > bottom - y and shown:
                break
            shown.append(row)
            used += height
        if top_row > 0:
            # in the rounds' column, beside the first row's number: by the last player's
            # score it read as "went up" (a newcomer); over the names it ran into the last one
            blit_text(surface, "▲", m.small, DIM, (area.left + first - m.pad // 3, y), "topright")
        more_below = top_row + len(shown) < len(rows)
        for number, points, lines in shown:
            if more_below and number == shown[-1][0]:  # beside the last row shown, clear of the note
                blit_text(surface, "▼", m.small, DIM, (area.left + first - m.pad // 3, y), "topright")
            blit_text(surface, str(number + 1), m.text, DIM, (area.left + m.pad // 2, y))
            for seat, x in enumerate(cols):
                blit_text(surface, str(points[seat]), m.text, WHITE, (x, y), "midtop")
            y += int(m.text * POINTS_LINE)
            self._words(surface, [ellipsized(line, m.small, width) for line in lines], area, y, step)
            y += step * len(lines) + m.pad // 3
        if note:  # right under the rounds it explains (at the foot, far below one round, it floated);
            # a footnote apart, not on a round's band (a newcomer took it for a round)
            top = min(y + m.pad // 2, bottom - m.pad // 3)
            blit_text(surface, ellipsized(note, m.small, width), m.small, DIM, (area.left + m.pad // 2, top))
        line_y = area.bottom - int(m.text * 1.7)
        pygame.draw.line(surface, GOLD, (area.left + 4, line_y), (area.right - 4, line_y), 2)
        blit_text(
            surface,
            i18n.tr("sheet.total"),
            m.small,
            GOLD,
            (area.left + m.pad // 2, line_y + m.pad // 2),
            bold=True,
        )
        for seat, x in enumerate(cols):
            blit_text(surface, str(data.totals[seat]), m.text, GOLD, (x, line_y + m.pad // 3), "midtop", bold=True)

    def _words(self, surface: pygame.Surface, lines: list[str], area: pygame.Rect, top: int, step: int) -> None:
        """Lines of words under the rounds' points, on one band across the whole sheet: it
        crosses the leader's gold column as a row of its own (boxes the size of the words
        ran through the column in patches, two newcomers found; a band a line, a notch at
        each join, another)."""
        if not lines:
            return
        size = self.m.small
        back = pygame.Rect(area.left + 4, top - 1, area.width - 8, step * (len(lines) - 1) + size + 4)
        draw_panel(surface, back, WORDS_BACK, 4)
        for k, line in enumerate(lines):
            blit_text(surface, line, size, DIM, (area.left + self.m.pad // 2, top + k * step))

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
        blit_text(surface, ellipsized(i18n.tr("sheet.chart"), m.small, area.width, True), m.small, DIM, area.topleft,
                  bold=True)
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

        def point(index: int, value: int) -> tuple[int, int]:
            x = plot.left + (plot.width * (index + 1) // max(1, count))
            y = plot.bottom - int((value - low) / max(1, high - low) * plot.height)
            return x, y

        if count:  # which round a line jumped in: only the last was labelled ("4 rounds")
            for number in round_ticks(count, plot.width, text_width(str(count), m.small) + m.pad):
                x = point(number - 1, low)[0]
                pygame.draw.line(surface, DIM, (x, plot.bottom), (x, plot.bottom + 3), 1)
                blit_text(surface, str(number), m.small, DIM, (x, plot.bottom + 4), "midtop")
        else:
            blit_text(surface, i18n.tr_count("sheet.rounds_axis", count), m.small, DIM,
                      (plot.right, plot.bottom + 4), "topright")

        alike: Counter[tuple[int, ...]] = Counter()
        for seat in range(len(self.data.names)):
            series = tuple(row[seat] for row in lines)
            shift = 4 * alike[series]  # a line equal to one drawn before lies beside it, not hidden under it
            alike[series] += 1
            points = [(plot.left, point(0, 0)[1] - shift)] + [
                (x, y - shift) for x, y in (point(i, value) for i, value in enumerate(series))]
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
        for seat, full in enumerate(self.shown_names()):
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


def round_ticks(count: int, width: int, label_width: int) -> list[int]:
    """The round numbers labelled under the chart, `width` pixels for `count` rounds: every
    one where they fit, else one in 2, 5, 10… from the first (a Gin game runs to twenty
    hands and more)."""
    every = next((step for step in (1, 2, 5, 10, 20, 50, 100) if count / step * label_width <= width), 200)
    return list(range(1, count + 1, every))


__all__ = ["ScoreSheetScene", "SheetData", "YamiSheets", "round_ticks"]
