"""Past games read back: a kept or exported log read safely, and a cursor walking through
a finished game move by move (what `ramigui replay` and the replay viewer stand on).

Below the UI and the commands: `ramigui.replay` (the command) and the viewer
(`ramigui.ui.replay_screen`) both import it, never the reverse.
"""

from __future__ import annotations

from pathlib import Path

from ramigui.rules import Game
from ramigui.session import MAX_LOG_BYTES, GameSession, LogError
from ramigui.storage import BrokenFile, read_bounded


def read_log(path: Path) -> str:
    """The log's text; LogError if unreadable, not a regular file, too big or not UTF-8.

    Read as every file of the app is (`storage.read_bounded`): a pipe, a device or a folder
    is refused before it is read (opening a pipe waits for a writer, and reading a terminal
    or /dev/zero never ends), and never more than the size limit is read."""
    try:
        data = read_bounded(path, MAX_LOG_BYTES)
    except OSError as error:
        raise LogError(None, f"cannot read the file: {error.strerror or error}") from None
    except BrokenFile as broken:
        if broken.reason == "not_a_file":
            raise LogError(None, "not a regular file (a saved log is; a pipe, a device or a folder is not)") from None
        if broken.reason == "too_big":
            raise LogError(None, f"the file is larger than {MAX_LOG_BYTES} bytes") from None
        raise LogError(None, f"cannot read the file: {broken.detail}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise LogError(None, "the file is not UTF-8 text") from None


SNAPSHOT_EVERY = 32
"""Moves between kept copies of the game: stepping back replays at most this many."""


class ReplayCursor:
    """A finished game walked through move by move: forward, back, a round at a time.

    The game is replayed once at the start (copies kept every SNAPSHOT_EVERY moves and at
    each round's first move), so going back replays only from the nearest copy."""

    def __init__(self, session: GameSession) -> None:
        record = session.record()
        self.seats = session.seats
        self.bot_secret = session.bot_secret
        self.moves = record.moves
        start = record.new_game()
        self._copies: dict[int, Game] = {0: start.copy()}
        self.round_starts: list[int] = [0]
        game = start
        for index, move in enumerate(self.moves, start=1):
            before = game.round_no
            game.play(move)
            if game.round_no != before:
                self.round_starts.append(index)  # its deal: the round's first position
            if index % SNAPSHOT_EVERY == 0:
                self._copies[index] = game.copy()
        self.end = game
        self.at = len(self.moves)
        self.game = game.copy()

    @property
    def total(self) -> int:
        return len(self.moves)

    def go(self, index: int) -> Game:
        """The game after the first `index` moves (clamped to the game)."""
        index = max(0, min(self.total, index))
        if index < self.at:
            base = max(k for k in self._copies if k <= index)
            self.game, self.at = self._copies[base].copy(), base
        while self.at < index:
            self.game.play(self.moves[self.at])
            self.at += 1
        return self.game

    def step(self, delta: int) -> Game:
        return self.go(self.at + delta)

    def round_index(self) -> int:
        """Which round (0-based) the cursor stands in."""
        return max(i for i, start in enumerate(self.round_starts) if start <= self.at)

    def next_round(self) -> Game:
        """The start of the next round (the end of the game after the last)."""
        later = [start for start in self.round_starts if start > self.at]
        return self.go(later[0] if later else self.total)

    def previous_round(self) -> Game:
        """The start of this round, or of the one before when already at its start."""
        earlier = [start for start in self.round_starts if start < self.at]
        return self.go(earlier[-1] if earlier else 0)
