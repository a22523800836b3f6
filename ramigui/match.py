"""The match engine: how every driver runs a turn, whoever holds the seat.

A driver (the window, `ramigui host`, `simulate`, the ladder, `bench`, `screenshot`) owns a
`Game` and asks the engine for its bots' moves. A bot is asked on its own seat's view, in a
worker thread with a time limit (one long-lived thread per game: a question is a queue
hand-off), so no driver waits on it for ever. Its answer is judged by one rule, the same in
every driver:

* a bot that raises, runs past its time limit, or answers a move the rules refuse is
  reported once (`BotFault`, on stderr, with the game's position in move notation), and
  its seat plays a legal fallback move instead — the random bot's choice for that view;
* the game goes on.

`Match` is the one path of every move, whoever made it: it plays the move through the
driver's path to `Game.play` (a `GameSession` when there is a store, so the move is saved
before anyone is told), then tells each observer; `Match.bot_turn` asks the seat's bot
first. The window paces its bots itself (`BotSeats.start` / `BotSeats.poll`, never
blocking a frame) and plays their moves, its people's and its phones' through its match.
"""

from __future__ import annotations

import json
import queue
import random
import sys
import threading
import time
from collections.abc import Callable, Mapping, Sequence
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


@dataclass(frozen=True)
class _Answer:
    """What a bot gave back to question `number`: its answer, or what it raised."""

    number: int
    answer: object = None
    error: BaseException | None = None


class _Worker:
    """One daemon thread asking bots, one question at a time, for as long as its `BotSeats`
    lives: a question costs two queue hand-offs, never a thread. A worker stuck in a bot
    past its time limit is left behind (it ends when the bot returns) and a new one takes
    over; being a daemon, it never holds the program open."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[int, Chooser, PlayerView] | None] = queue.SimpleQueue()
        self._answers: queue.SimpleQueue[_Answer] = queue.SimpleQueue()
        self.asked = 0
        """The number of the last question put."""
        self.busy = False
        """In a bot now (set before the question is put, cleared once it is answered)."""
        threading.Thread(target=self._run, name="ramigui-bot", daemon=True).start()

    def ask(self, chooser: Chooser, view: PlayerView) -> None:
        self.asked += 1
        self.busy = True
        self._jobs.put((self.asked, chooser, view))

    def answer(self, wait: float) -> _Answer | None:
        """The answer to the last question once it came (waiting at most `wait` seconds;
        0: not at all), else None. An answer to a question given up is dropped."""
        deadline = time.monotonic() + wait
        while True:
            left = deadline - time.monotonic()
            try:
                answer = self._answers.get(timeout=left) if left > 0 else self._answers.get_nowait()
            except queue.Empty:
                return None
            if answer.number == self.asked:
                return answer

    def stop(self) -> None:
        self._jobs.put(None)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            number, chooser, view = job
            try:
                answer = _Answer(number, chooser(view))
            except BaseException as error:  # whatever a bot raises is its fault, reported
                answer = _Answer(number, error=error)
            self._answers.put(answer)
            self.busy = False


@dataclass
class _Question:
    seat: int
    asked: float
    worker: _Worker | None
    """Who thinks it over; None when the seat's bot is still in an earlier question."""

    @property
    def computing(self) -> bool:
        """Its worker is at work on it now (an answer given but not collected is not work)."""
        return self.worker is not None and self.worker.busy


class BotSeats:
    """The bot seats of one game: each asked on its own view in a worker thread (one for
    the game, long-lived), with a time limit; every answer settled into a legal move by the
    one rule (module docstring). The window starts a question and polls it each frame;
    the headless drivers (`simulate`, the ladder, `bench`, `screenshot`, `host`) wait for
    the answer, at most the time limit — a bot that never answers does not stop them."""

    def __init__(self, choosers: Mapping[int, Chooser], fallback: random.Random, *,
                 limit: float | None = None, report: Report | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.choosers = dict(choosers)
        self.rescue = RandomBot(fallback.getrandbits(63))
        self.limit = BOT_TIME_LIMIT if limit is None else limit
        self.report: Report = report if report is not None else FaultLog()
        self.clock = clock
        self._worker: _Worker | None = None
        self._question: _Question | None = None
        self._stuck: dict[int, _Worker] = {}
        """Seats whose bot is still in a question it ran out of time on: not asked again
        (its fallback plays) until that question ends."""

    def __contains__(self, seat: object) -> bool:
        return seat in self.choosers

    @property
    def thinking(self) -> bool:
        return self._question is not None

    @property
    def computing(self) -> bool:
        """A bot is at work on the open question in its thread now; an answer given but not
        yet collected (the window does not poll while a menu is open) does not count. What
        a test's frames wait out on a busy machine."""
        return self._question is not None and self._question.computing

    # --- the window's way: start, then poll each frame ----------------------------------

    def start(self, game: Game) -> None:
        """Ask the bot of the seat to play (its view, now) without waiting for it."""
        seat = game.to_play
        stuck = self._stuck.get(seat)
        if stuck is not None and not stuck.busy:
            del self._stuck[seat]
            stuck = None
        worker = None
        if stuck is None:
            worker = self._worker = self._worker or _Worker()
            worker.ask(self.choosers[seat], game.view(seat))
        self._question = _Question(seat, self.clock(), worker)

    def poll(self, game: Game) -> Move | None:
        """The bot's answer once it came, or its seat's fallback once the bot raised or ran
        out of time (reported); None while it thinks. The rules judge the answer when it is
        played (`play`), or before it is shown (`checked`)."""
        question = self._question
        if question is None:
            return None
        answer = question.worker.answer(0) if question.worker is not None else None
        if answer is None and question.worker is not None and self.clock() - question.asked <= self.limit:
            return None
        return self._judge(game, question, answer)

    def _judge(self, game: Game, question: _Question, answer: _Answer | None) -> Move:
        self._question = None
        if question.worker is None:
            return self._fall_back(game, question.seat, "too_slow", "still thinking over an earlier move")
        if answer is None:
            self._give_up(question.seat, question.worker)
            return self._fall_back(game, question.seat, "too_slow", f"no answer after {self.limit:g} s")
        return self._settle(game, question.seat, answer.error, answer.answer)

    def cancel(self) -> None:
        """Forget the open question (the game it was asked on is gone)."""
        question, self._question = self._question, None
        if question is not None and question.worker is not None and question.computing:
            self._give_up(question.seat, question.worker)  # an answer already given is dropped

    # --- the headless drivers' way: ask and wait -----------------------------------------

    def choose(self, game: Game) -> Move:
        """The answer of the bot to play, waiting for it (at most the time limit): as `poll`."""
        self.start(game)
        question = self._question
        assert question is not None
        answer = question.worker.answer(self.limit) if question.worker is not None else None
        return self._judge(game, question, answer)

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

    def _give_up(self, seat: int, worker: _Worker) -> None:
        """The bot ran out of time: its worker is left to it, a new one asks the others."""
        self._stuck[seat] = worker
        worker.stop()
        if self._worker is worker:
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
