"""The table as reached from the menus: a saved `GameSession`, hints, the score sheet, F1.

`SessionTable` is the table engineer's `TableScene` with what the menus add around it,
kept in this module so `table.py` stays theirs:

* every move the table accepts is played through `GameSession.play` (the table's match
  engine's path): saved at once, its log kept at each round's end, a finished game filed
  in the statistics;
* three more buttons in the side panel — Hint (H), Score sheet (Tab), Menu (Esc) — and
  F1 for the rules of this variant;
* at the end of the game, the final score sheet, then back to the main menu.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Move
from ramigui.session import GameSession
from ramigui.ui.app import App, Scene
from ramigui.ui.hint import Hint, suggest
from ramigui.ui.notices import draw_notice, fit_lines, notice_key_cap
from ramigui.ui.screen import ABANDON_GUARD, ConfirmScene, Context, Metrics
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene
from ramigui.ui.table_family import ButtonSpec
from ramigui.ui.widgets import (
    GOLD,
    OVERLAY_FILL,
    UI_ACTION,
    Button,
    blit_text,
    dim_screen,
    draw_panel,
)

EXTRA_BUTTONS: tuple[ButtonSpec, ...] = (("hint", "button.hint", pygame.K_h), ("scores", "button.scores", pygame.K_TAB),
                                         ("menu", "button.menu", None))
"""Added to the table's buttons, shown side by side in one row above them."""


def config_for(session: GameSession) -> TableConfig:
    """The table's seat description from the session's seats."""
    seats = session.seats
    return TableConfig(
        variant=session.game.variant.id,
        players=len(seats),
        seed=session.game.seed,
        names=[seat.name for seat in seats],
        humans=[seat.is_human for seat in seats],
        levels=[seat.bot or "medium" for seat in seats],
        options=dict(session.game.variant.chosen),
        phones=[seat.phone for seat in seats],
        bot_secret=session.bot_secret,
    )


def start_table(app: App, ctx: Context, session: GameSession) -> SessionTable:
    scene = SessionTable(session, ctx)
    app.push(scene)
    ctx.sounds.play("turn")
    return scene


HINT_SIZE = 0.95
"""The hint's words beside the table's text size (a touch smaller: they are many)."""


class SessionTable(TableScene):
    """The table playing a saved session, with the menus' buttons and keys."""

    def __init__(self, session: GameSession, ctx: Context) -> None:
        self.session = session
        self.ctx = ctx
        self.hint: Hint | None = None
        self.hint_language = ""
        super().__init__(config_for(session), session.game)
        self.fresh = self.drawn_this_turn()

    def drawn_this_turn(self) -> Card | None:
        """A game resumed after the draw marks the card drawn again (`GameSession.drawn_this_turn`)."""
        return self.session.drawn_this_turn()

    # --- the session saves every accepted move (the table's match plays through it) ----

    def apply_move(self, move: Move | str) -> Move:
        """The session plays it: saved, its log kept at each round's end, filed at the end."""
        return self.session.play(move)

    def play(self, move: Move | str) -> bool:
        seat = self.game.to_play
        ok = super().play(move)
        if not ok:
            self.ctx.sounds.play("refused")
            return False
        self.hint = None
        self.tell_save_problem()
        if self.game.game_over:
            self.ctx.sounds.play("win")
        elif self.game.round_over:
            self.ctx.sounds.play("round")
        else:
            self.ctx.sounds.play(
                "turn"
                if self.game.to_play != seat and self.config.humans[self.game.to_play]
                else "card"
            )
        return True

    def tell_save_problem(self) -> None:
        """A save that just started failing is said at once, at the table, with what to do
        (once: the session reports a failure when it starts, not at every move)."""
        problem = self.session.take_save_problem()
        if problem is None or self.app is None:
            return
        from ramigui.ui.screen import MessageScene

        folder = str(self.session.store.data_dir) if self.session.store is not None else ""
        text = i18n.tr("save_failed.text", file=problem.params.get("file", ""),
                       reason=problem.params.get("reason", ""), folder=folder)
        self.app.push(MessageScene(i18n.tr("save_failed.title"), text, self.ctx.sounds))

    def _next_round(self) -> None:
        """After the last round: the final score sheet (the game is already filed)."""
        if not self.game.game_over:
            super()._next_round()
            return
        from ramigui.ui.scoresheet import ScoreSheetScene, SheetData

        app = self.app
        if app is None:
            return
        app.pop()
        if not any(self.config.humans):  # the demo plays on: a new game with the same seats
            # its own game is over and filed: nothing of a family's is abandoned here
            again = GameSession.new(self.session.setup, self.session.store, seed=self.game.seed + 1,
                                    abandon_saved=True)
            again.logs = self.session.logs
            start_table(app, self.ctx, again)
            return
        app.push(ScoreSheetScene(self.ctx, SheetData.from_game(self.game, self.config.names), final=True,
                                 again=lambda: self.play_again(app)))

    def play_again(self, app: App) -> None:
        """A new game with the same people and rules, the next player dealing first, in
        place of the final sheet (this game is filed: nothing is abandoned)."""
        game = self.game
        dealer = game.variant.seat_after(game.first_dealer, game.players)
        again = GameSession.new(self.session.setup, self.session.store, dealer=dealer, abandon_saved=True)
        again.logs = self.session.logs
        app.pop()
        start_table(app, self.ctx, again)

    def enter(self, app: App) -> None:
        super().enter(app)
        self.tell_save_problem()  # the very first save (a new game) may have failed already

    # --- the extra buttons --------------------------------------------------------------

    def _button_rows(self) -> list[list[ButtonSpec]]:
        """The menus' three buttons share one row above the table's own (no Hint when nobody
        plays at this screen)."""
        extra = [spec for spec in EXTRA_BUTTONS if self.played_here or spec[0] != "hint"]
        return [extra, *super()._button_rows()]

    def key_items(self) -> list[str]:
        """The family's keys, with H for a hint where a game is played here."""
        items = super().key_items()
        if self.played_here:
            items.insert(-1, i18n.tr("table.keys.hint"))
        return items

    def _refresh_buttons(self) -> None:
        super()._refresh_buttons()
        for button in self.buttons:
            if button.action == "hint":
                button.enabled = self.is_human_turn()
            elif button.action in ("scores", "menu"):
                button.enabled = True

    # --- events -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and event.action in ("hint", "scores", "menu", "rules", "leave_game",
                                                          "abandon_game", "abandon_confirmed"):
            return self._menu_action(event.action)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 0) == 1:
            cap = self._hint_cap()
            if cap is not None and cap.collidepoint(event.pos):
                # The cap reads "Enter: play it": a click does it, on release as a button does,
                # so the question a move may raise ("Go out?") is not closed by that release.
                return self._key(pygame.K_RETURN) if event.type == pygame.MOUSEBUTTONUP else True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F1:
                return self._menu_action("rules")
            if event.key == pygame.K_ESCAPE and self.hint is not None:
                self.hint = None  # Esc puts the hint away first, as it does a selection
                self.changed()
                return True
            if (
                event.key == pygame.K_ESCAPE
                and not self.selected
                and self.drag is None
                and self.keys.meld_entry is None
            ):
                return self._menu_action("menu")
        return super().handle_event(event)

    def _menu_action(self, action: str) -> bool:
        app = self.app
        if app is None:
            return False
        if action == "hint":
            self.show_hint()
        elif action == "scores":
            from ramigui.ui.scoresheet import ScoreSheetScene, SheetData

            app.push(ScoreSheetScene(self.ctx, SheetData.from_game(self.game, self.config.names)))
        elif action == "rules":
            from ramigui.ui.rules_screen import RulesScreen

            app.push(RulesScreen(self.ctx, self.game.variant.id))
        elif action == "menu":
            app.push(PauseMenu(self.ctx, phones=self.phones.active, opener=self._menu_action))
        elif action == "leave_game":
            app.pop()  # the game stays saved: Continue on the main menu brings it back
        elif action == "abandon_game":
            app.push(ConfirmScene(i18n.tr("pause.abandon_question"), "abandon_confirmed", self.ctx.sounds,
                                  detail=i18n.tr("pause.abandon_detail" if self.game.log else "abandon.detail_gone"),
                                  yes_key="abandon.yes", no_key="abandon.no", guard=ABANDON_GUARD))
        elif action == "abandon_confirmed":
            self.session.abandon()  # to the statistics as unfinished, the save removed
            app.pop()
        return True

    def show_hint(self) -> None:
        """Ask a medium bot what it would play here and say why; its cards are ringed
        (`hinted`), never selected: what the player chose stays as it was. The hint stays
        until the next move: a player who reads slowly, or looks for the cards, still finds
        it there, and Enter still plays it."""
        if not self.is_human_turn() or self.viewer is None:
            return
        self._ask_hint(self.viewer)
        if self.hint is not None:
            self.family.hint_shown(self.hint.move, self.frame())
        self.message = ""  # the hint was asked for: its words show now, over any earlier note

    def _ask_hint(self, viewer: int) -> None:
        """The medium bot's advice for `viewer`, in the words of the language of the moment."""
        self.hint = suggest(self.game, viewer, self.session.bot_secret)
        self.hint_language = i18n.language()

    def hint_move(self) -> Move | None:
        """The hint's move while it shows: Enter plays it."""
        return self.hint.move if self.hint is not None else None

    def hinted(self) -> set[int]:
        """The hand cards of the hint's move, ringed apart from the selection."""
        if self.hint is None:
            return set()
        wanted = list(self.hint.move.cards)
        found = set()
        for index, card in enumerate(self.order):
            if card in wanted:
                wanted.remove(card)
                found.add(index)
        return found

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.hint is not None and self.viewer is not None and self.hint_language != i18n.language():
            self._ask_hint(self.viewer)  # the language changed: the same advice in the new words
            if self.app is not None:
                self.app.invalidate()

    def notes_key(self) -> object:
        return (self.hint.text, self._hint_key()) if self.hint is not None and not self.message else None

    def draw_notes(self, surface: pygame.Surface) -> None:
        """The hint, in the status line while no message is shown, with the key that plays it."""
        words = self._hint_words()
        if words is not None and self.layout is not None:
            lay = self.layout
            draw_notice(surface, lay.status, words, "hint", int(lay.text * HINT_SIZE), lay.margin, key=self._hint_key())

    def _hint_cap(self) -> pygame.Rect | None:
        """Where the hint's "Enter: play it" cap is drawn, if it is."""
        words = self._hint_words()
        if words is None or self.layout is None:
            return None
        lay = self.layout
        return notice_key_cap(lay.status, words, int(lay.text * HINT_SIZE), lay.margin, self._hint_key())

    def _hint_words(self) -> str | None:
        """The hint's words while they show in the status line (no message over them)."""
        return i18n.tr("hint.says", text=self.hint.text) if self.hint is not None and not self.message else None

    def _hint_key(self) -> str:
        """"Enter: play it" while Enter plays the hint (`Keys.enter_plays`): not once a card
        is selected, a meld number typed or Yami's box cursor moved to another box."""
        hint = self.hint
        return i18n.tr("hint.enter") if hint is not None and self.keys.enter_plays(self.frame()) == hint.move else ""


def hint_lines(text: str, size: int, width: int, height: int) -> tuple[list[str], int]:
    """The hint on one line if it fits at a readable size, else on two (the box is wide but
    low); the size shrinks only as far as it must."""
    return fit_lines(text, size, width, height)


class PauseMenu(Scene):
    """Esc at the table: resume, score sheet, rules, settings, or back to the main menu."""

    opaque = False
    ITEMS = (("resume", "pause.resume"), ("scores", "button.scores"), ("rules", "menu.rules"),
             ("settings", "menu.settings"), ("leave_game", "pause.leave"), ("abandon_game", "pause.abandon"))
    """Abandon is last, under the way out that keeps the game: a newcomer found no way to give
    a game up (only starting a new one asked), yet the statistics count abandoned games."""

    PHONES = ("phones", "pause.phones")
    """Shown when the game has phone seats: their codes again, to re-join a seat."""

    OVER = ("settings", "scores", "rules")
    """Opened over the menu, so that their Back comes back to it: Back from Settings did and
    Back from Scores or Rules went to the table (a newcomer's finding)."""

    def __init__(self, ctx: Context, phones: bool = False, opener: Callable[[str], object] | None = None) -> None:
        super().__init__()
        self.ctx = ctx
        self.opener = opener
        """The table's way to open its scores and rules (over whatever is on top: this menu)."""
        self.items = (self.ITEMS[0], self.PHONES, *self.ITEMS[1:]) if phones else self.ITEMS
        self.buttons: list[Button] = []
        self.box = pygame.Rect(0, 0, 0, 0)

    def resize(self, size: tuple[int, int]) -> None:
        m = Metrics(*size)
        width = min(int(m.text * 15), size[0] - 4 * m.pad)
        gap = m.pad // 2
        height = len(self.items) * (m.row + gap) + m.row + 2 * m.pad
        self.box = pygame.Rect(0, 0, width + 2 * m.pad, height)
        self.box.center = (size[0] // 2, size[1] // 2)
        top = self.box.top + m.row + m.pad
        self.buttons = [
            Button(
                action,
                (lambda k=key: i18n.tr(k)),
                pygame.Rect(self.box.left + m.pad, top + i * (m.row + gap), width, m.row),
            )
            for i, (action, key) in enumerate(self.items)
        ]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and self.app is not None:
            self.ctx.sounds.play("click")
            return self._act(event.action)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.app is not None:
            self.app.pop()
            return True
        return any(button.handle_event(event) for button in self.buttons)

    def _act(self, action: str) -> bool:
        app = self.app
        assert app is not None
        if action == "settings":
            from ramigui.ui.settings_screen import SettingsScreen

            app.push(SettingsScreen(self.ctx))
            return True
        if action in self.OVER and self.opener is not None:
            self.opener(action)
            return True
        app.pop()
        if action != "resume":
            pygame.event.post(pygame.event.Event(UI_ACTION, action=action))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        m = Metrics(*surface.get_size())
        dim_screen(surface, 140)
        draw_panel(surface, self.box, OVERLAY_FILL, m.pad, (*GOLD, 255))
        blit_text(surface, i18n.tr("pause.title"), m.text, GOLD, (self.box.centerx, self.box.top + m.pad),
                  "midtop", bold=True)
        for button in self.buttons:
            button.draw(surface)
