"""Statistics: records per variant and per player name, and the history of finished games.

Three pages: by variant (played, won, best, worst for each name — best and worst in the
variant's own sense, since a low total wins Rami and a high one wins Gin), by player (all
variants together), and the history (newest first; a click opens that game's score
sheet). Reset asks for confirmation first.
"""

from __future__ import annotations

import pygame

from ramigui import i18n
from ramigui.past_games import read_log
from ramigui.people import load_people, rename
from ramigui.session import GameSession, LogError, find_log, replay_log
from ramigui.stats import FinishedGame, Stats, load_stats, reset_stats
from ramigui.storage import Store
from ramigui.ui.controls import Choice, ListRow, TextField
from ramigui.ui.screen import ConfirmScene, Context, Screen
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    blit_text,
    draw_panel,
    ellipsized,
    fitted_size,
    header_lines,
)
from ramigui.variants import all_variants

PAGES = ("variants", "players", "history")


def replayed(store: Store | None, game: FinishedGame) -> GameSession | None:
    """The past game replayed from its kept log (None when no log is kept; LogError when
    it does not replay)."""
    if store is None:
        return None
    path = store.logs_dir / game.log if game.log else find_log(store, game.game_id)
    if path is None or not path.is_file():
        return None
    return replay_log(read_log(path))


def variant_title(variant_id: str) -> str:
    for variant in all_variants():
        if variant.id == variant_id:
            return i18n.variant_name(variant)
    return variant_id


def number(value: int | None) -> str:
    return "–" if value is None else str(value)


class StatsScreen(Screen):
    """The records and the history; pages chosen with the chooser at the top."""

    title_key = "stats.title"
    scrollable = True
    chooser_row = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.stats: Stats = load_stats(ctx.store) if ctx.store is not None else Stats()
        self.page = "variants"
        self.stale = False
        """A person may have been renamed above: read the statistics again on coming back."""
        self.variant_id = self._first_shown()

    def _first_shown(self) -> str:
        """The game last played (finished or abandoned), else the first with records, else
        the first of the list: never an empty page while the history holds games."""
        ids = self.variant_ids()
        recent = [game.variant for game in reversed(self.stats.history) if game.variant in ids and not game.redeal]
        played = [v for v in ids if self.stats.played(v)]
        return (recent or played or ids)[0]

    @staticmethod
    def variant_ids() -> list[str]:
        return [v.id for v in all_variants()]

    # --- building ----------------------------------------------------------------------

    def build(self) -> None:
        m = self.m
        half = min(int(m.text * 16), (m.width - 3 * m.pad) // 2)
        top = m.header + m.pad // 2
        height = int(m.row * 0.9)
        # the page chooser keeps its place whatever the page: centred alone on some pages and
        # beside the game chooser on one, its arrows moved under a finger clicking through them
        left = m.width // 2 - half - m.pad // 2
        page = Choice("page", "page", list(PAGES), lambda p: i18n.tr(f"stats.page.{p}"),
                      pygame.Rect(left, top, half, height))
        page.select(self.page)
        self.add(page)
        if self.page == "variants":
            variant = Choice("variant", "variant", self.variant_ids(), self._variant_label,
                             pygame.Rect(m.width // 2 + m.pad // 2, top, half, height))
            variant.select(self.variant_id)
            self.add(variant)
        if self.page == "history":
            self._history_rows()
        else:
            self.content_height = (len(self._table_rows()) + 2) * self._row_h()
        footer = [("back", "common.back"), ("reset", "stats.reset")]
        if self.page == "players":
            footer.insert(1, ("rename_people", "stats.rename"))
        self.footer_buttons(footer)
        if self.focus < 0:
            self.focus = 0

    def _variant_label(self, variant_id: str) -> str:
        """The game and how many of its games are on record, abandoned ones too: "Rami 51 (0)"
        stood over a table saying "Abandoned 1", and a bare "(2)" said nothing of what it
        counted: "Rami 51 · 1 game"."""
        given_up = sum(1 for game in self.stats.history if game.variant == variant_id and game.unfinished)
        count = self.stats.played(variant_id) + given_up
        return i18n.tr("stats.variant_games", n=count, game=variant_title(variant_id))

    def _row_h(self) -> int:
        return int(self.m.text * 1.6)

    def _history_rows(self) -> None:
        m = self.m
        view = self.viewport
        height = int(m.row * 1.5)
        width = min(m.width - 4 * m.pad, int(m.text * 44))
        left = (m.width - width) // 2
        games = list(reversed(self.stats.history))
        for index, game in enumerate(games):
            rect = pygame.Rect(left, view.top + m.pad // 2 + index * (height + m.pad // 2) - self.scroll, width, height)
            row = ListRow("open_game", index, (lambda g=game: self._game_title(g)), rect,
                          subtitle=(lambda g=game: self._game_line(g)), name=f"game:{index}",
                          trailing=lambda: i18n.tr("stats.replay_row"))
            row.visible = self.shown(rect)
            self.add(row)
        self.content_height = len(games) * (height + m.pad // 2) + m.pad

    @staticmethod
    def _game_title(game: FinishedGame) -> str:
        title = StatsScreen._plain_title(game)
        return f"{title} · {i18n.tr('stats.redeal')}" if game.redeal else title

    @staticmethod
    def _plain_title(game: FinishedGame) -> str:
        date = i18n.date_text(game.finished)
        if game.unfinished:
            return i18n.tr("stats.game_title_unfinished", date=date, variant=variant_title(game.variant))
        winners = ", ".join(i18n.name_within(game.names[s]) for s in game.winners)
        return i18n.tr("stats.game_title", date=date, variant=variant_title(game.variant), name=winners)

    @staticmethod
    def _game_line(game: FinishedGame) -> str:
        """Each player's total: "Vous : 30 · Robot 1 : 41" ("Robot 1 41" ran a name ending
        in a number into its score)."""
        return "  ·  ".join(
            i18n.tr("stats.name_total", who=i18n.seat_name(name), total=total)
            for name, total in zip(game.names, game.totals, strict=True)
        )

    def people(self) -> list[str]:
        """Who the tables list: people, not bots, with at least one game (played or
        abandoned) on this page."""
        bots = self.stats.bot_names()
        if self.page == "variants":
            table = self.stats.records.get(self.variant_id, {})
            return [name for name, r in table.items() if name not in bots and (r.played or r.abandoned)]
        return [name for name in self.stats.names()
                if name not in bots and (self.stats.overall(name).played or self.stats.overall(name).abandoned)]

    def _table_rows(self) -> list[tuple[str, ...]]:
        """By game: name, played, won, won %, best round, average round, abandoned, last
        played; by person: the same over every game, without the rounds (they do not mix)."""
        rows = []
        for name in self.people():
            r = self.stats.record(self.variant_id, name) if self.page == "variants" else self.stats.overall(name)
            share = "–" if r.win_rate is None else f"{r.win_rate} %"
            last = i18n.day_text(r.last) if r.last else "–"
            if self.page == "variants":
                average = "–" if r.average_round is None else i18n.decimal_text(r.average_round)
                rows.append((i18n.seat_name(name), str(r.played), str(r.won), share, number(r.best_round), average,
                             str(r.abandoned), last))
            else:
                rows.append((i18n.seat_name(name), str(r.played), str(r.won), share, str(r.abandoned), last))
        return sorted(rows, key=lambda row: (-int(row[2]), -int(row[1]), row[0]))

    def update(self, dt: float) -> None:
        if self.stale and self.app is not None and self.app.top is self and self.ctx.store is not None:
            self.stale = False
            self.stats = load_stats(self.ctx.store)
            self.rebuild()

    # --- events ------------------------------------------------------------------------

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "page":
            self.page, self.scroll = event.value, 0
        elif action == "variant":
            self.variant_id, self.scroll = event.value, 0
        elif action == "open_game":
            self._open(event.value)
            return True
        elif action == "rename_people":
            if self.app is not None:
                self.app.push(RenameScreen(self.ctx))
                self.stale = True
            return True
        elif action == "reset":
            if self.app is not None:
                self.app.push(ConfirmScene(i18n.tr("stats.reset_question"), "reset_confirmed", self.ctx.sounds))
            return True
        elif action == "reset_confirmed":
            if self.ctx.store is not None:
                self.stats = reset_stats(self.ctx.store)
        else:
            return False
        self.rebuild()
        return True

    def _open(self, index: int) -> None:
        """A past game replayed on the table from its kept log; its score sheet alone when
        the log is gone (pruned, or from before logs were kept), with a word saying why."""
        from ramigui.ui.replay_screen import ReplayScreen
        from ramigui.ui.scoresheet import ScoreSheetScene, SheetData
        from ramigui.ui.screen import MessageScene

        games = list(reversed(self.stats.history))
        if self.app is None or not 0 <= index < len(games):
            return
        game = games[index]
        try:
            session = replayed(self.ctx.store, game)
        except LogError as error:
            self.app.push(ScoreSheetScene(self.ctx, SheetData.from_finished(game)))
            self.app.push(MessageScene(i18n.tr("replay.title"), i18n.tr("replay.bad_log", reason=error.message),
                                       self.ctx.sounds))
            return
        if session is None:
            self.app.push(ScoreSheetScene(self.ctx, SheetData.from_finished(game)))
            self.app.push(MessageScene(i18n.tr("replay.title"), i18n.tr("replay.no_log"), self.ctx.sounds))
            return
        self.app.push(ReplayScreen(self.ctx, session))

    # --- drawing -----------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        view = self.viewport
        if self.page == "history":
            if not self.stats.history:
                blit_text(surface, i18n.tr("stats.empty"), m.text, DIM, view.center, "center")
            return
        rows = self._table_rows()
        if not rows:
            blit_text(surface, i18n.tr("stats.empty"), m.text, DIM, view.center, "center")
            return
        width = min(m.width - 2 * m.pad, int(m.text * 52))
        left = (m.width - width) // 2
        head_keys: tuple[str, ...] = ("stats.name", "stats.played", "stats.won", "stats.share", "stats.best_round",
                                      "stats.average_round", "stats.abandoned", "stats.last")
        if self.page == "players":
            head_keys = ("stats.name", "stats.played", "stats.won", "stats.share", "stats.abandoned", "stats.last")
        cols = [left + m.pad] + [left + int(width * (0.22 + 0.78 * i / (len(head_keys) - 1))) - m.pad
                                 for i in range(1, len(head_keys))]
        row_h = self._row_h()
        y = view.top + m.pad // 2 - self.scroll
        column_w = int(width * 0.78 / (len(head_keys) - 1) - m.pad // 2)
        heads, head_size = header_lines([i18n.tr(key) for key in head_keys[1:]], m.small, column_w)
        head_h = max(row_h, int(head_size * 1.2) * max(len(lines) for lines in heads) + m.pad // 3)
        draw_panel(surface, pygame.Rect(left, view.top, width, min(view.height, len(rows) * row_h + head_h + m.pad)),
                   (0, 0, 0, 90), m.pad)
        if y >= view.top:
            blit_text(surface, i18n.tr(head_keys[0]), m.small, GOLD, (cols[0], y), bold=True)
            for i, lines in enumerate(heads, start=1):
                for k, line in enumerate(lines):
                    blit_text(surface, line, head_size, GOLD, (cols[i], y + k * int(head_size * 1.2)), "topright",
                              bold=True)
        y += head_h
        for row in rows:
            if view.top <= y and y + row_h <= view.bottom:
                middle = y + int(m.text * 0.65)  # a cell shrunk to fit (a date) stays on the row's line
                for i, cell in enumerate(row):
                    shown = ellipsized(cell, m.text, int(width * 0.22) - m.pad, True) if i == 0 else cell
                    size = m.text if i == 0 else fitted_size(cell, m.text, int(column_w) - m.pad // 2)
                    blit_text(surface, shown, size, WHITE, (cols[i], middle), "midleft" if i == 0 else "midright",
                              bold=i == 0)
            y += row_h
        if self.page == "variants":
            lower = any(g.lower_wins for g in self.stats.history if g.variant == self.variant_id)
            note = i18n.tr("sheet.lower_wins" if lower else "sheet.higher_wins")
            if self.stats.redeals.get(self.variant_id):
                note += "  ·  " + i18n.tr("stats.redeals", n=self.stats.redeals[self.variant_id])
            blit_text(surface, note, m.small, DIM, (m.width // 2, view.bottom), "midbottom")


class RenameScreen(Screen):
    """Rename a person ("You" first of all): their records and past games follow the name."""

    title_key = "people.rename_title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.people = list(load_people(ctx.store).names)
        self.person = self.people[0]
        self.new_name = i18n.seat_name(self.person)
        self.error = ""

    def build(self) -> None:
        m = self.m
        width = min(int(m.text * 22), m.width - 4 * m.pad)
        left = (m.width - width) // 2
        y = self.viewport.top + m.pad
        height = int(m.row * 0.9)
        self.label(i18n.tr("people.who"), m.text, WHITE, (left, y), clip=True)
        y += int(m.text * 1.6)
        who = Choice("person", "person", self.people, i18n.seat_name, pygame.Rect(left, y, width, height), wraps=True)
        who.select(self.person)
        self.add(who)
        y += height + m.pad
        self.label(i18n.tr("people.new_name"), m.text, WHITE, (left, y), clip=True)
        y += int(m.text * 1.6)
        self.add(TextField("new_name", "new_name", self.new_name, pygame.Rect(left, y, width, height)))
        self.footer_buttons([("back", "common.back"), ("rename", "stats.rename")])

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "person":
            self.person = event.value
            self.new_name = i18n.seat_name(self.person)
            self.error = ""
        elif action == "new_name":
            self.new_name = event.value
            self.error = ""
        elif action == "field_full":
            self.error = i18n.tr("setup.name_full", n=event.limit)
        elif action == "rename":
            self.rename()
            return True
        else:
            return False
        self.rebuild()
        return True

    def rename(self) -> None:
        """Rename, or say why not (a name already someone's, an empty one): nothing changes then."""
        try:
            if self.new_name.strip() != i18n.seat_name(self.person):
                rename(self.ctx.store, self.person, self.new_name)
        except ValueError:
            self.error = i18n.tr("people.name_taken" if self.new_name.strip() else "people.name_empty")
            self.rebuild()
            return
        if self.app is not None:
            self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.error:
            m = self.m
            blit_text(surface, self.error, m.small, (255, 170, 150), (m.width // 2, self.viewport.bottom - m.pad),
                      "midbottom", bold=True)
