"""The bots at the table: when each one thinks (paced by the settings), and its move flown in.

A bot is asked through the match engine (`ramigui.match.BotSeats`): it thinks in a worker
thread on its own seat's view, so the window never freezes, and its answer is judged by the
engine's one rule — a bot that raises, runs past its time limit or answers a move the rules
refuse is reported once on stderr and its seat plays a legal fallback move: a broken bot
never stops the game. The move's card flies to where it goes and is played when it lands,
through the table's `play` (which saves it). Every bot, and the fallback, draws its
randomness from the game's bot secret (`seats.seat_choosers`), never from the deal's seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from ramigui.cards import Card
from ramigui.match import BotSeats, Chooser
from ramigui.rules import Game, IllegalMove, Move, PlayerView
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.cardart import card_height
from ramigui.ui.layout import TableLayout
from ramigui.ui.seats import TableConfig, fallback_rng, seat_choosers

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

    def prepare(self, faces: Sequence[tuple[Card, int]]) -> None: ...


class BotDriver:
    """The bot seats of one table: their choosers, thinking thread and pacing."""

    def __init__(self, scene: BotTable) -> None:
        self.scene = scene
        self.seats = BotSeats(seat_choosers(scene.config), fallback_rng(scene.config))
        self.wait = BOT_PAUSE
        self.pending: tuple[int, Move] | None = None
        """A bot's move whose card is still flying: played when it lands."""
        self._asked: Game | None = None
        """The game the open question was asked on (a new game at the table drops it)."""

    @property
    def choosers(self) -> dict[int, Chooser]:
        """Each bot seat's chooser (a lesson puts its script in their place)."""
        return self.seats.choosers

    def rest(self) -> None:
        """A move was played: the next bot waits its pause (scaled by the bot speed)."""
        self.wait = BOT_PAUSE * self.scene.bot_pace

    def close(self) -> None:
        self.seats.close()

    def busy(self) -> bool:
        """True while a bot is to play, thinks, or its move is in the air."""
        game = self.scene.game
        bot_turn = not game.round_over and not self.scene.config.humans[game.to_play]
        return bool(self.seats.thinking or bot_turn or self.pending)

    def land(self) -> bool:
        """Play the move whose flight has landed, if one is waiting (True: one was)."""
        if not self.pending:
            return False
        seat, move = self.pending
        self.pending = None
        self.apply(seat, move)
        return True

    def drive(self, dt: float) -> None:
        """On a bot's turn: start it thinking once its pause is over, fly its move when chosen."""
        scene = self.scene
        game = scene.game
        if self._asked is not None and self._asked is not game:
            self.seats.cancel()  # asked on a game the table has left
            self._asked = None
        seat = game.to_play
        if scene.config.humans[seat]:
            return
        if self.seats.thinking:
            answer = self.seats.poll(game)
            if answer is not None:
                self._asked = None
                self._animate(seat, self.seats.checked(game, answer))
            return
        self.wait -= dt
        if self.wait <= 0 or scene.bot_pace <= 0:
            self.seats.start(game)
            self._asked = game

    def apply(self, seat: int, move: Move) -> None:
        """Play the bot's move through the table's `play` (the engine's rule: a move the
        rules refuse is reported and the seat's fallback played)."""
        scene = self.scene
        game = scene.game
        if game.to_play != seat or game.round_over:
            return
        self.seats.play(game, move, self.table_play)

    def table_play(self, move: Move) -> None:
        """A bot's move through the table's own `play`; raises IllegalMove if refused."""
        if not self.scene.play(move):
            raise IllegalMove("unknown_move", move=str(move))

    # --- the flight of a bot's card -------------------------------------------------------------

    def _animate(self, seat: int, move: Move) -> None:
        """Fly the card of a bot's move, then play it when it lands."""
        flight = self._flight_for(seat, move)
        if flight is None or self.scene.pace <= 0:
            self.apply(seat, move)
            return
        self.scene.flights.append(flight)
        self.pending = (seat, move)
        self.scene.prepare(self._faces_shown(move, flight))

    def _faces_shown(self, move: Move, flight: Flight) -> list[tuple[Card, int]]:
        """The faces (card, width) the flight and the table after the move show, so the
        table draws them ahead, one a frame, rather than all in the frame the move lands."""
        layout = self.scene.layout
        faces = [] if flight.card is None else [(flight.card, max(flight.start.width, flight.end.width)),
                                                (flight.card, flight.end.width)]
        if layout is not None and move.kind in ("meld", "layoff", "swap"):
            faces += [(card, layout.meld_w or layout.pile_w) for card in move.cards]
        return faces

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
