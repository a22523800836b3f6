"""The bots at the table: when each one thinks (paced by the settings), and its move flown in.

A bot thinks in the `BotRunner`'s worker thread on its own seat's view, so the window never
freezes; its move's card flies to where it goes and is played when it lands. A move the
rules refuse is replaced by a legal one: a broken bot never stops the game. Every bot, and
the fallback, draws its randomness from the game's bot secret (`seats.seat_choosers`),
never from the deal's seed.
"""

from __future__ import annotations

from typing import Protocol

import pygame

from ramigui.rules import Game, Move, PlayerView
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.cardart import card_height
from ramigui.ui.layout import TableLayout
from ramigui.ui.seats import (
    BotRunner,
    Chooser,
    TableConfig,
    fallback_choose,
    fallback_rng,
    seat_choosers,
)

BOT_PAUSE = 0.55
"""A bot's pause before it plays, in seconds at the normal bot speed."""


class BotTable(Protocol):
    """What the bots need of the table they play at: its game, the view shown, the layout
    and clock their cards fly by, the paces, and the one way to play a move."""

    config: TableConfig
    game: Game
    view: PlayerView
    layout: TableLayout | None
    flights: list[Flight]
    now: float

    @property
    def pace(self) -> float: ...

    @property
    def bot_pace(self) -> float: ...

    def play(self, move: Move | str) -> bool: ...


class BotDriver:
    """The bot seats of one table: their choosers, thinking thread and pacing."""

    def __init__(self, scene: BotTable) -> None:
        self.scene = scene
        self.choosers: dict[int, Chooser] = seat_choosers(scene.config)
        self.runner = BotRunner()
        self.rng = fallback_rng(scene.config)
        self.wait = BOT_PAUSE
        self.pending: tuple[int, Move] | None = None
        """A bot's move whose card is still flying: played when it lands."""

    def rest(self) -> None:
        """A move was played: the next bot waits its pause (scaled by the bot speed)."""
        self.wait = BOT_PAUSE * self.scene.bot_pace

    def close(self) -> None:
        self.runner.close()

    def busy(self) -> bool:
        """True while a bot is to play, thinks, or its move is in the air."""
        game = self.scene.game
        bot_turn = not game.round_over and not self.scene.config.humans[game.to_play]
        return bool(self.runner.thinking or bot_turn or self.pending)

    def land(self) -> None:
        """Play the move whose flight has landed, if one is waiting."""
        if self.pending:
            seat, move = self.pending
            self.pending = None
            self.apply(seat, move)

    def drive(self, dt: float) -> None:
        """On a bot's turn: start it thinking once its pause is over, fly its move when chosen."""
        scene = self.scene
        seat = scene.game.to_play
        if scene.config.humans[seat]:
            return
        move = self.runner.poll()
        if move is not None:
            self._animate(seat, move)
            return
        if self.runner.thinking:
            return
        self.wait -= dt
        if self.wait <= 0 or scene.bot_pace <= 0:
            self.runner.start(self.choosers[seat], scene.game.view(seat))

    def apply(self, seat: int, move: Move) -> None:
        """Play the bot's move; a move the rules refuse is replaced by a legal one."""
        scene = self.scene
        game = scene.game
        if game.to_play != seat or game.round_over:
            return
        if game.is_legal(move) and scene.play(move):
            return
        view = game.view(seat)
        candidates = [m for m in view.legal_moves if m.kind not in ("undo",)]
        self.rng.shuffle(candidates)
        first = fallback_choose(view, self.rng)
        for candidate in [first, *candidates]:
            if game.is_legal(candidate) and scene.play(candidate):
                return
        scene.play("undo")

    # --- the flight of a bot's card -------------------------------------------------------------

    def _animate(self, seat: int, move: Move) -> None:
        """Fly the card of a bot's move, then play it when it lands."""
        flight = self._flight_for(seat, move)
        if flight is None or self.scene.pace <= 0:
            self.apply(seat, move)
            return
        self.scene.flights.append(flight)
        self.pending = (seat, move)

    def _seat_rect(self, seat: int) -> pygame.Rect:
        layout = self.scene.layout
        assert layout is not None
        if seat in layout.opponents:
            return layout.opponents[seat]
        return layout.hand_area

    def _flight_for(self, seat: int, move: Move) -> Flight | None:
        scene = self.scene
        layout = scene.layout
        if layout is None:
            return None
        src_area = self._seat_rect(seat)
        small = pygame.Rect(0, 0, layout.pile_w, layout.pile_h)
        small.center = src_area.center
        duration = FLIGHT_TIME * scene.pace
        pile = scene.view.public.discard
        if move.kind == "draw":
            return Flight(None, layout.stock.copy(), small, scene.now, duration)
        if move.kind == "take" and move.target is None and pile:
            return Flight(pile[-1], layout.discard.copy(), small, scene.now, duration, ("discard", 0))
        if move.kind in ("discard", "knock", "gin") and move.cards:
            return Flight(move.cards[0], small, layout.discard.copy(), scene.now, duration)
        if move.kind in ("meld", "layoff", "swap") and move.cards:
            dest = self._meld_dest(move)
            return Flight(move.cards[0], small, dest, scene.now, duration)
        return None

    def _meld_dest(self, move: Move) -> pygame.Rect:
        layout = self.scene.layout
        assert layout is not None
        width = layout.meld_w or layout.pile_w
        rect = pygame.Rect(0, 0, width, card_height(width))
        if move.target is not None:
            for spot in layout.melds:
                if spot.number == move.target:
                    rect.topleft = spot.cards[-1].topleft
                    return rect
        if layout.melds:
            last = layout.melds[-1].rect
            rect.topleft = (last.right + layout.margin, last.top)
            return rect.clamp(layout.melds_area)
        rect.topleft = layout.melds_area.topleft
        return rect
