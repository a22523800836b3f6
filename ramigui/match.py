"""The match engine: how every driver runs a turn, whoever holds the seat.

A driver (the window, `ramigui host`, `simulate`, the ladder, `bench`, `screenshot`) owns a
`Game` and asks the engine for its bots' moves. A bot is asked on its own seat's view, in a
worker thread with a time limit, so neither a window nor a server waits on it for ever. Its
answer is judged by one rule, the same in every driver:

* a bot that raises, runs past its time limit, or answers a move the rules refuse is
  reported once (`BotFault`, on stderr, with the game's position in move notation), and
  its seat plays a legal fallback move instead — the random bot's choice for that view;
* the game goes on.

`Match` is the turn loop of the headless drivers: it asks the seat's bot, plays the move
through the driver's one path to `Game.play` (a `GameSession` when there is a store, so the
move is saved before anyone is told), then tells each observer. The window paces its bots
itself (`BotSeats.start` / `BotSeats.poll`, never blocking a frame) and plays their moves
through its own `play`, which saves the same way.
"""

from __future__ import annotations

import json
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent import futures
from concurrent.futures import Future
from dataclasses import dataclass
from typing import TextIO

from ramigui.bots.random_bot import RandomBot
from ramigui.rules import Game, IllegalMove, Move, PlayerView

Chooser = Callable[[PlayerView], Move]
"""A bot's `choose`: a move from the seat's view, nothing else."""
BOT_TIME_LIMIT = 30.0
"""Seconds a bot may think over one move (the hard bots' p99 is tens of milliseconds)."""


# --- what went wrong ----------------------------------------------------------------------


@dataclass(frozen=True)
class BotFault:
    """A bot's answer the game could not use; its seat played `instead`."""

    seat: int
    kind: str
    """"raised", "too_slow" or "illegal"."""
    detail: str
    instead: Move
    at: Position

    @property
    def position(self) -> str:
        return self.at.text()

    def text(self) -> str:
        """The report: what the bot did, the move played instead, and the position."""
        what = {"raised": "raised", "too_slow": "ran past its time limit", "illegal": "answered an illegal move"}
        return (f"ramigui: the bot at seat {self.seat + 1} {what.get(self.kind, self.kind)} ({self.detail}); "
                f"it plays {self.instead} instead and the game goes on. Position: {self.position}")


@dataclass(frozen=True)
class Position:
    """Where a game stood: what replays it exactly (variant, options, seed, first dealer,
    every move with its seat) and whose turn it was. Written out only when told."""

    variant: str
    options: str
    seed: int
    dealer: int
    log: tuple[tuple[int, Move], ...]
    round_no: int
    to_play: int

    @classmethod
    def of(cls, game: Game) -> Position:
        return cls(game.variant.id, json.dumps(dict(game.variant.chosen), sort_keys=True), game.seed,
                   game.first_dealer, tuple(game.log), game.round_no, game.to_play)

    def text(self) -> str:
        """The position in move notation; names no card in a hand."""
        moves = "; ".join(f"{seat + 1} {move}" for seat, move in self.log) or "none"
        return (f"variant {self.variant}, options {self.options}, seed {self.seed}, dealer {self.dealer + 1}, "
                f"moves: {moves}; round {self.round_no}, seat {self.to_play + 1} to play")


Report = Callable[[BotFault], None]


def position(game: Game) -> str:
    """The game in move notation (`Position.text`)."""
    return Position.of(game).text()


class FaultLog:
    """Where faults go: each seat's first fault of each kind written to `stream` (later
    ones only counted), every fault kept for a driver that counts them (`simulate`)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream
        self.faults: list[BotFault] = []
        self._told: set[tuple[int, str]] = set()

    def __call__(self, fault: BotFault) -> None:
        self.faults.append(fault)
        if (fault.seat, fault.kind) in self._told:
            return
        self._told.add((fault.seat, fault.kind))
        print(fault.text(), file=self.stream if self.stream is not None else sys.stderr, flush=True)


# --- thinking in a worker thread ----------------------------------------------------------


class _Worker:
    """One daemon thread asking bots, one question at a time. A worker stuck in a bot past
    its time limit is left behind (it ends when the bot returns) and a new one takes over;
    being a daemon, it never holds the program open."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[Chooser, PlayerView, Future[Move]] | None] = queue.SimpleQueue()
        threading.Thread(target=self._run, name="ramigui-bot", daemon=True).start()

    def ask(self, chooser: Chooser, view: PlayerView) -> Future[Move]:
        future: Future[Move] = Future()
        self._jobs.put((chooser, view, future))
        return future

    def stop(self) -> None:
        self._jobs.put(None)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            chooser, view, future = job
            try:
                future.set_result(chooser(view))
            except BaseException as error:  # whatever a bot raises is its fault, reported
                future.set_exception(error)


@dataclass
class _Question:
    seat: int
    future: Future[Move]
    asked: float


class BotSeats:
    """The bot seats of one game: each asked on its own view in a worker thread, with a
    time limit; every answer settled into a legal move by the one rule (module docstring).

    With `threaded=False` a bot is asked in the caller's thread (`simulate`, the ladder,
    `bench`: headless runs of thousands of moves a second that serve nobody meanwhile, where
    a thread hand-off would triple the time of a random bot's game): an answer that came
    after the limit is then set aside as too slow, the same as one that never came."""

    def __init__(self, choosers: Mapping[int, Chooser], fallback: random.Random, *,
                 limit: float | None = None, threaded: bool = True, report: Report | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.choosers = dict(choosers)
        self.rescue = RandomBot(fallback.getrandbits(63))
        self.limit = BOT_TIME_LIMIT if limit is None else limit
        self.threaded = threaded
        self.report: Report = report if report is not None else FaultLog()
        self.clock = clock
        self._worker: _Worker | None = None
        self._question: _Question | None = None
        self._stuck: dict[int, Future[Move]] = {}
        """Seats whose bot is still in a question it ran out of time on: not asked again
        (its fallback plays) until that question ends."""

    def __contains__(self, seat: object) -> bool:
        return seat in self.choosers

    @property
    def thinking(self) -> bool:
        return self._question is not None

    # --- the window's way: start, then poll each frame ----------------------------------

    def start(self, game: Game) -> None:
        """Ask the bot of the seat to play (its view, now) without waiting for it."""
        seat = game.to_play
        stuck = self._stuck.get(seat)
        if stuck is not None and stuck.done():
            del self._stuck[seat]
            stuck = None
        future: Future[Move]
        if stuck is not None:
            future = Future()
            future.set_exception(TimeoutError("still thinking over an earlier move"))
        elif not self.threaded:
            future = Future()
            future.set_result(self._ask_here(game))
        else:
            if self._worker is None:
                self._worker = _Worker()
            future = self._worker.ask(self.choosers[seat], game.view(seat))
        self._question = _Question(seat, future, self.clock())

    def poll(self, game: Game) -> Move | None:
        """The bot's answer once it came, or its seat's fallback once the bot raised or ran
        out of time (reported); None while it thinks. The rules judge the answer when it is
        played (`play`), or before it is shown (`checked`)."""
        question = self._question
        if question is None:
            return None
        if not question.future.done() and self.clock() - question.asked <= self.limit:
            return None
        return self._judge(game, question)

    def _judge(self, game: Game, question: _Question) -> Move:
        self._question = None
        if not question.future.done():
            self._give_up(question)
            return self._fall_back(game, question.seat, "too_slow", f"no answer after {self.limit:g} s")
        error = question.future.exception()
        return self._settle(game, question.seat, error, None if error else question.future.result())

    def cancel(self) -> None:
        """Forget the open question (the game it was asked on is gone)."""
        if self._question is not None and not self._question.future.done():
            self._give_up(self._question)
        self._question = None

    # --- the headless drivers' way: ask and wait -----------------------------------------

    def choose(self, game: Game) -> Move:
        """The answer of the bot to play, waiting for it (at most the time limit): as `poll`."""
        if not self.threaded:
            return self._ask_here(game)
        self.start(game)
        question = self._question
        assert question is not None
        futures.wait([question.future], timeout=self.limit)
        return self._judge(game, question)

    def close(self) -> None:
        self.cancel()
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    # --- the one rule ---------------------------------------------------------------------

    def play(self, game: Game, move: Move, play: Callable[[Move], object]) -> Move:
        """Play the seat's answer through `play` (the driver's path to `Game.play`); one the
        rules refuse is reported and the seat's fallback played instead. The move played."""
        seat = game.to_play
        try:
            play(move)
        except IllegalMove as refusal:
            move = self._fall_back(game, seat, "illegal", f"{move}: {refusal}")
            play(move)
        return move

    def checked(self, game: Game, move: Move) -> Move:
        """The answer if the rules accept it now (asked of a copy), else the seat's fallback
        (reported): for a driver that shows a move before playing it."""
        try:
            game.copy().play(move)
        except IllegalMove as refusal:
            return self._fall_back(game, game.to_play, "illegal", f"{move}: {refusal}")
        return move

    def turn(self, game: Game, play: Callable[[Move], object]) -> Move:
        """Ask the bot to play, wait, play its move (or its seat's fallback): one turn."""
        return self.play(game, self.choose(game), play)

    def _settle(self, game: Game, seat: int, error: BaseException | None, answer: object) -> Move:
        if error is not None:
            kind = "too_slow" if isinstance(error, TimeoutError) else "raised"
            return self._fall_back(game, seat, kind, f"{type(error).__name__}: {error}")
        if not isinstance(answer, Move):
            return self._fall_back(game, seat, "illegal", f"not a move: {answer!r}")
        return answer

    def _fall_back(self, game: Game, seat: int, kind: str, detail: str) -> Move:
        move = fallback_move(game, self.rescue)
        self.report(BotFault(seat, kind, detail, move, Position.of(game)))
        return move

    def _ask_here(self, game: Game) -> Move:
        """The bot asked in this thread (`threaded=False`): an answer that came after the
        limit is set aside as too slow."""
        seat = game.to_play
        asked = self.clock()
        try:
            answer = self.choosers[seat](game.view(seat))
        except Exception as error:  # a bot's raise is its fault, reported
            return self._settle(game, seat, error, None)
        took = self.clock() - asked
        if took > self.limit:
            return self._fall_back(game, seat, "too_slow", f"answered after {took:.1f} s, past {self.limit:g} s")
        return self._settle(game, seat, None, answer)

    def _give_up(self, question: _Question) -> None:
        """The bot ran out of time: its worker is left to it, a new one asks the others."""
        self._stuck[question.seat] = question.future
        if self._worker is not None:
            self._worker.stop()
        self._worker = None


def fallback_move(game: Game, rescue: RandomBot) -> Move:
    """A legal move for the seat to play: the random bot's, or the first legal move if even
    that one is refused (never `undo` when anything else is legal)."""
    view = game.view(game.to_play)
    try:
        move = rescue.choose(view)
        game.copy().play(move)
    except Exception:  # the floor of the ladder failing too: the first legal move
        moves = [m for m in view.legal_moves if m.kind != "undo"] or list(view.legal_moves)
        move = moves[0]
    return move


# --- the turn loop of the headless drivers ------------------------------------------------

Play = Callable[[Move | str], Move]
"""The driver's one path to `Game.play` (a `GameSession.play` saves the move first); the
move played, in its one writing."""
Observer = Callable[[], None]
"""Told after every move; it reads from the game what its viewer may see."""


class Match:
    """One game run turn by turn, whoever holds each seat: every move — a person's at the
    screen, a phone's, a bot's — is played through `play` (the driver's path to
    `Game.play`, saving when there is a store) and every observer told. The headless
    drivers let `bot_turn` ask the bot to play; the window paces its bots itself and plays
    their answers through `play` too."""

    def __init__(self, game: Game, bots: BotSeats, *, play: Play | None = None,
                 observers: Sequence[Observer] = ()) -> None:
        self.game = game
        self.bots = bots
        self._play = play
        self.observers = list(observers)

    def is_bot_turn(self) -> bool:
        game = self.game
        return not game.round_over and game.to_play in self.bots

    def play(self, move: Move | str) -> Move:
        """Play a move (raises IllegalMove, changing nothing), then tell every observer.
        The move played, in its one writing."""
        played = self._play(move) if self._play is not None else self.game.play(move)
        for observer in self.observers:
            observer()
        return played

    def bot_turn(self) -> Move | None:
        """Play the move of the bot to play (its own, or its seat's fallback); None when no
        bot is to play."""
        if not self.is_bot_turn():
            return None
        return self.bots.turn(self.game, self.play)

    def close(self) -> None:
        self.bots.close()
