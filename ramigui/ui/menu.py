"""The start screen: Continue, New game, Learn to play, Rules, Statistics, Settings, Quit.

`open_menus(app, options)` is what `launch.run_app` calls when no `--demo` / `--variant` is
given: it opens the user's files, loads the settings, applies them and shows this menu.
Notices from the files (a save set aside, a read-only second copy) are shown here once.
"""

from __future__ import annotations

import atexit
from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.session import GameSession, GameSetup, SavedGame, Seat, peek_saved
from ramigui.settings import Settings, load_settings
from ramigui.storage import NOTICE_IGNORED, NOTICE_SET_ASIDE, BrokenFile, Notice, Store
from ramigui.ui.app import App
from ramigui.ui.cardart import DeckStyle, card_art, rank_letters
from ramigui.ui.screen import Context, Screen, apply_settings
from ramigui.ui.seats import TableConfig
from ramigui.ui.sound import Sounds
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    Button,
    blit_text,
    draw_panel,
    fitted_size,
    wrap_lines,
)

MENU_ITEMS = (
    ("continue", "menu.continue", pygame.K_c),
    ("new_game", "menu.new_game", pygame.K_n),
    ("learn", "menu.learn", pygame.K_l),
    ("rules", "menu.rules", pygame.K_r),
    ("stats", "menu.stats", pygame.K_s),
    ("settings", "menu.settings", pygame.K_o),
    ("quit", "menu.quit", pygame.K_q),
)

MENU_FANS = (parse_cards("7H 8H 9H JK"), parse_cards("AS AD AC AH"))
"""The two hands fanned beside the buttons: a run with its joker, and a set of aces."""


def open_store() -> Store | None:
    """The user's files, or None if even a read-only store cannot be made (play unsaved)."""
    try:
        store = Store.open()
    except Exception:  # noqa: BLE001 - the menus must open whatever the disk does
        return None
    atexit.register(store.close)
    return store


def open_menus(app: App, options: Any = None, store: Store | None = None,
               settings: Settings | None = None) -> Context:
    """Load the settings (unless given, already loaded), apply them (a `--lang` given on
    the command line wins) and show the main menu. Returns the context the screens share."""
    store = store if store is not None else open_store()
    if settings is None:
        settings = load_settings(store) if store is not None else None
    if settings is None:
        settings = Settings()
    lang = getattr(options, "lang", None)
    if lang:
        settings = replace(settings, language=lang)
    ctx = Context(store, settings, Sounds(settings.sound))
    apply_settings(app, settings, fullscreen=settings.fullscreen)
    app.push(MainMenu(ctx))
    return ctx


def open_table(app: App, options: Any, config: TableConfig, store: Store | None = None,
               settings: Settings | None = None) -> Context:
    """`--demo` / `--variant`: the menus, and the table at once on a saved session.

    A demo (no human seat) never replaces the family's saved game: if one exists, the demo
    plays unsaved. A game for people asks first whether to abandon the saved one; until
    they say yes, the main menu (with Continue) is what they see.
    """
    ctx = open_menus(app, options, store, settings)
    seats = tuple(Seat(name, None if human else level)
                  for name, human, level in zip(config.names, config.humans, config.levels, strict=True))
    store = ctx.store
    setup = GameSetup(config.variant, seats, dict(config.options))
    # people who asked for no seed get a keyed deal (GameSession.new), as from New game
    seed = None if getattr(options, "seed", None) is None and any(config.humans) else config.seed
    if store is not None and GameSession.has_saved_game(store):
        if any(config.humans):
            menu = app.top
            if isinstance(menu, MainMenu):
                menu.waiting = (setup, seed)
                from ramigui.ui.setup_screen import ask_abandon

                app.push(ask_abandon(ctx, "abandon_for_new"))
            return ctx
        store = None
    from ramigui.ui.game_screen import start_table

    session = GameSession.new(setup, store, seed=seed)
    session.logs = ctx.store  # an unsaved demo still leaves its log
    start_table(app, ctx, session)
    return ctx


def notice_text(notice: Notice) -> str:
    """A notice in the player's words: a file's problem is said plainly (`not_json` is
    "its content is damaged"), never by its code."""
    key = f"notice.{notice.key}"
    if not i18n.has_key(key):
        return i18n.tr("notice.generic", detail=", ".join(f"{k}={v}" for k, v in notice.params.items()))
    params = dict(notice.params)
    if notice.key in (NOTICE_SET_ASIDE, NOTICE_IGNORED):
        params["reason"] = reason_text(params.get("reason", ""))
    return i18n.tr(key, **params)


def reason_text(reason: str) -> str:
    """Why a file could not be used, in plain words."""
    key = f"notice.reason.{reason}"
    return i18n.tr(key if i18n.has_key(key) else "notice.reason.unknown")


class MainMenu(Screen):
    """The first screen: a column of big buttons; Continue only when a game is saved."""

    title_key = "app.title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.saved = False
        self.saved_game: SavedGame | None = None
        """The saved game as Continue would resume it (None: no save, or it cannot be)."""
        self.saved_problem = ""
        """Why the saved game cannot be resumed, in plain words ("" when it can)."""
        self._saved_key: tuple[int, int] | None = None
        self.notices: list[str] = []
        self.focus = 1
        self._on_top = False
        self.waiting: tuple[GameSetup, int | None] | None = None
        """A game asked for on the command line, waiting for "abandon the saved one?"."""

    def enter(self, app: App) -> None:
        super().enter(app)
        self._check()

    def _check(self) -> None:
        store = self.ctx.store
        self.saved = store is not None and GameSession.has_saved_game(store)
        self._read_saved()
        if store is not None:
            self.notices.extend(notice_text(n) for n in store.take_notices())
            self.notices = self.notices[-4:]
        if self.resumable and self.focus == 1 and not self.controls:
            self.focus = 0
        if not self.resumable and self.focus == 0:
            self.focus = 1  # the game just finished (or its save broke): Continue is greyed, New game is next

    @property
    def resumable(self) -> bool:
        return self.saved and self.saved_game is not None

    def _read_saved(self) -> None:
        """Read the save again when it changed (its time and size): which game it is, or
        why it cannot be resumed — said before Continue is clicked, not after."""
        store = self.ctx.store
        key = None
        if store is not None and self.saved:
            try:
                info = store.current_game_path.stat()
                key = (info.st_mtime_ns, info.st_size)
            except OSError:
                key = (0, 0)
        if key == self._saved_key:
            return
        self._saved_key = key
        self.saved_game, self.saved_problem = None, ""
        if store is None or key is None:
            return
        try:
            self.saved_game = peek_saved(store)
        except BrokenFile as error:
            self.saved_problem = reason_text(error.reason)

    def current_variant(self) -> str | None:
        """The game the family is at: the one Continue resumes, else the last one set up (the
        Rules opened on the first of the list, four clicks from the Rami 40 being played)."""
        if self.resumable and self.saved_game is not None:
            return self.saved_game.game.variant.id
        last = self.ctx.settings.last_setup
        return last.variant if last is not None else None

    def saved_line(self) -> str:
        """What Continue resumes: the game, the people, round n of m, when it was saved."""
        if self.saved_problem:
            return i18n.tr("menu.saved_unusable", reason=self.saved_problem)
        if not self.resumable or self.saved_game is None:
            return ""
        saved = self.saved_game
        game = saved.game
        people = ", ".join(i18n.name_within(seat.name) for seat in saved.seats)
        rounds = game.variant.rounds
        key = "menu.saved_game" if rounds and not game.variant.target else "menu.saved_game_open"
        return i18n.tr(key, variant=i18n.variant_name(game.variant), people=people, round=game.round_no,
                       rounds=rounds, date=i18n.date_text(saved.saved))

    def update(self, dt: float) -> None:
        """Re-check the save when a game above us ended or was left (cheap: one stat)."""
        on_top = self.app is not None and self.app.top is self
        if on_top and not self._on_top and self.resumable and self.controls:
            self.focus = 0  # back from a game that is saved: Continue is what comes next
            self.rebuild()
        self._on_top = on_top
        if on_top:
            before = (self.resumable, self.saved_problem, len(self.notices))
            self._check()
            if (self.resumable, self.saved_problem, len(self.notices)) != before:
                if self.resumable and not before[0]:
                    self.focus = 0
                self.rebuild()

    def build(self) -> None:
        m = self.m
        width = min(int(m.text * 16), m.width - 4 * m.pad)
        height = min(m.row, (m.height - m.header - 3 * m.pad) // (len(MENU_ITEMS) + 1))
        gap = max(6, height // 4)
        top = m.header + m.pad * 2 + int(m.text * 1.2)
        for i, (action, key, shortcut) in enumerate(MENU_ITEMS):
            rect = pygame.Rect((m.width - width) // 2, top + i * (height + gap), width, height)
            button = Button(action, (lambda k=key: i18n.tr(k)), rect, shortcut)
            button.enabled = action != "continue" or self.resumable
            self.add(button)

    def back(self) -> None:
        """Esc on the first screen does nothing: leaving is the Quit button's job."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A click on the greyed Continue (or its key) says why it is grey, as the table's
        greyed buttons do: it said nothing (a newcomer's finding)."""
        if not self.resumable and self._asks_to_continue(event):
            said = i18n.tr("menu.nothing_to_continue")
            self.notices = [*(n for n in self.notices if n != said), said][-4:]
            return True
        return super().handle_event(event)

    def _asks_to_continue(self, event: pygame.event.Event) -> bool:
        button = next((c for c in self.controls if isinstance(c, Button) and c.action == "continue"), None)
        if button is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return button.rect.collidepoint(event.pos)
        return event.type == pygame.KEYDOWN and event.key == button.key

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if self.app is None:
            return False
        if action == "quit":
            self.app.running = False
        elif action == "continue":
            self._continue()
        elif action == "new_game":
            from ramigui.ui.setup_screen import SetupScreen

            self.app.push(SetupScreen(self.ctx))
        elif action == "learn":
            from ramigui.ui.lesson_table import LearnScreen

            self.app.push(LearnScreen(self.ctx))
        elif action == "rules":
            from ramigui.ui.rules_screen import RulesScreen

            self.app.push(RulesScreen(self.ctx, self.current_variant()))
        elif action == "stats":
            from ramigui.ui.stats_screen import StatsScreen

            self.app.push(StatsScreen(self.ctx))
        elif action == "settings":
            from ramigui.ui.settings_screen import SettingsScreen

            self.app.push(SettingsScreen(self.ctx))
        elif action == "real_game":
            self._real_game(event.setup)
        elif action == "abandon_for_new" and self.waiting is not None:
            self._start_waiting()
        else:
            return False
        return True

    def _real_game(self, setup: GameSetup) -> None:
        """A real game after a lesson; a saved game is not replaced without asking."""
        from ramigui.ui.game_screen import start_table

        store = self.ctx.store
        if store is not None and GameSession.has_saved_game(store) and self.app is not None:
            from ramigui.ui.setup_screen import ask_abandon

            self.waiting = (setup, None)
            self.app.push(ask_abandon(self.ctx, "abandon_for_new"))
            return
        if self.app is not None:
            start_table(self.app, self.ctx, GameSession.new(setup, store))

    def _start_waiting(self) -> None:
        """The player agreed to abandon the saved game for the one the command line asked."""
        from ramigui.ui.game_screen import start_table

        assert self.waiting is not None and self.app is not None
        (setup, seed), self.waiting = self.waiting, None
        session = GameSession.new(setup, self.ctx.store, seed=seed, abandon_saved=True)
        self._check()
        self.rebuild()
        start_table(self.app, self.ctx, session)

    def _continue(self) -> None:
        from ramigui.ui.game_screen import start_table

        store = self.ctx.store
        session = GameSession.resume(store) if store is not None else None
        self._check()
        self.rebuild()
        if session is not None and self.app is not None:
            start_table(self.app, self.ctx, session)

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        line = self.saved_line()
        if line:
            size = fitted_size(line, m.small, m.width - 2 * m.pad)
            blit_text(surface, line, size, GOLD, (m.width // 2, m.header + m.pad), "midtop")
        else:
            blit_text(surface, i18n.tr("menu.subtitle"), m.small, DIM, (m.width // 2, m.header + m.pad), "midtop")
        self._draw_fans(surface)
        if not self.notices:
            return
        width = min(m.width - 2 * m.pad, int(m.text * 40))
        lines = [line for text in self.notices for line in wrap_lines(text, m.small, width - 2 * m.pad)]
        height = len(lines) * int(m.small * 1.3) + 2 * m.pad
        box = pygame.Rect((m.width - width) // 2, m.height - height - m.pad, width, height)
        draw_panel(surface, box, (60, 20, 10, 200), m.pad, (*GOLD, 255))
        y = box.top + m.pad
        for line in lines:
            blit_text(surface, line, m.small, WHITE, (box.left + m.pad, y))
            y += int(m.small * 1.3)

    def _draw_fans(self, surface: pygame.Surface) -> None:
        """Two fanned hands in the margins beside the buttons, when the window leaves room."""
        buttons = [c.rect for c in self.controls]
        if not buttons:
            return
        column = buttons[0].unionall(buttons[1:])
        room = min(column.left, self.m.width - column.right) - 2 * self.m.pad
        width = min(room * 8 // 25, column.height // 3)
        if width < 48:
            return
        settings = self.app.settings if self.app is not None else None
        style = DeckStyle(settings.four_colour if settings else False, settings.card_back if settings else "blue")
        for side, faces in zip((-1, 1), _fan_faces(width, style, rank_letters(i18n.tr)), strict=True):
            centre_x = column.left - room // 2 - self.m.pad if side < 0 else column.right + room // 2 + self.m.pad
            middle = (len(faces) - 1) / 2
            for k, face in enumerate(faces):
                x = centre_x + int((k - middle) * width * 0.42)
                y = column.centery + int(abs(k - middle) * width * 0.12)
                surface.blit(face, face.get_rect(center=(x, y)))


@lru_cache(maxsize=4)
def _fan_faces(width: int, style: DeckStyle, letters: tuple[str, ...]) -> list[list[pygame.Surface]]:
    """The menu fans' card faces, turned once per size (rotating every frame costs)."""
    art = card_art(width, style, letters)
    fans = []
    for cards in MENU_FANS:
        middle = (len(cards) - 1) / 2
        fans.append([pygame.transform.rotozoom(art.face(card), (k - middle) * -12, 1.0)
                     for k, card in enumerate(cards)])
    return fans
