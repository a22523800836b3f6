"""GameSession: a game, its seats, and a save on disk after every single move.

A game is stored as what replays it exactly — variant id, options, seed, first dealer,
seats and the move list in notation — never as a snapshot of objects. So a save is small, readable,
safe to load (plain JSON), and checked on load by the rules themselves: a save whose
variant is gone or whose moves no longer replay is set aside with the reason, and no game
is offered. A finished game goes to the statistics and its autosave is removed; quitting
mid-game keeps it (it is already on disk). No game is lost without asking: a new game
refuses to replace a saved one (`GameInProgress`) unless the player agreed to abandon it,
and an abandoned game goes to the statistics as unfinished. A save that fails during play
is reported once (`take_save_problem`), when it starts failing, for the table to show.

The same record is also written as a text log (`export_log`) that `ramigui replay FILE`
reads back: header lines, then one move per line with the seat that played it.

Besides the deal's seed, a record holds the game's bot secret (`ramigui.bots.secret`): the
bots draw their randomness from it, never from the seed, so no bot can rebuild the deal,
and a replay can still rebuild the same bots. Saves from before it get one on load.
"""

from __future__ import annotations

import json
import secrets
import uuid
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from ramigui import paths
from ramigui.bots.secret import MAX_SECRET, new_secret
from ramigui.cards import Card, shorten
from ramigui.deal_record import (
    deals_from_json,
    deals_from_log,
    deals_to_json,
    fresh_deals,
    round_lines,
)
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.deals import SEEDED_DEALS, Deals, SealedDeal
from ramigui.rules.variant import VariantError
from ramigui.stats import FinishedGame, add_game
from ramigui.storage import (
    NOTICE_SAVE_FAILED,
    BrokenFile,
    Document,
    Notice,
    Schema,
    StorageError,
    Store,
    check_options,
    expect,
    expect_key,
    expect_list,
    parse_json,
    read_bounded,
)
from ramigui.variants import catalogue, get_variant

BOT_LEVELS = ("random", "easy", "medium", "hard")
MAX_NAME = 24
MAX_SEED = 2**63 - 1
LOG_FORMAT = "ramigui-log 1"
MAX_LOG_BYTES = 2_000_000
LOGS_KEPT = 500
"""The logs kept in the data folder's `logs/`: the newest games; older ones are pruned."""
LOGS_MAX_TOTAL = 50 * 2**20
"""The most bytes the kept logs may take together (the newest are kept first)."""
LOG_SUFFIX = ".txt"
DEMO_MARK = "demo-"
DEMO_LOGS_KEPT = 20
"""The logs of games of bots only (the demo) kept, at most, among the others."""


# --- seats and setups ----------------------------------------------------------------------------


def check_name(name: str) -> str:
    """A seat name, trimmed; one line of printable text so a log line stays readable."""
    cleaned = " ".join(name.split())
    if not cleaned or len(cleaned) > MAX_NAME or not cleaned.isprintable():
        raise ValueError(f"a player name has 1 to {MAX_NAME} printable characters, not {name!r}")
    return cleaned


@dataclass(frozen=True)
class Seat:
    """Who sits at a place: a name, and a bot level (None: a human plays it); `phone`: that
    human holds their hand on their own phone, not on the shared screen."""

    name: str
    bot: str | None = None
    phone: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", check_name(self.name))
        if self.bot is not None and self.bot not in BOT_LEVELS:
            raise ValueError(f"bot level {self.bot!r} is not one of {', '.join(BOT_LEVELS)}")
        if self.phone and self.bot is not None:
            raise ValueError("a bot plays no phone")

    @property
    def is_human(self) -> bool:
        return self.bot is None

    def to_json(self) -> Document:
        body: Document = {"name": self.name, "bot": self.bot}
        if self.phone:
            body["phone"] = True
        return body

    @classmethod
    def from_json(cls, value: Any) -> Seat:
        body = expect(value, dict, "seat")
        bot = body.get("bot")
        if bot is not None:
            bot = expect(bot, str, "seat.bot")
        phone = expect(body.get("phone", False), bool, "seat.phone")
        try:
            return cls(expect_key(body, "name", str), bot, phone)
        except ValueError as error:
            raise BrokenFile("wrong_shape", str(error)) from None


@dataclass(frozen=True)
class GameSetup:
    """What the New game screen chose: the variant, its options and the seats in order."""

    variant: str
    seats: tuple[Seat, ...]
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> Document:
        return {
            "variant": self.variant,
            "options": dict(self.options),
            "seats": [seat.to_json() for seat in self.seats],
        }

    @classmethod
    def from_json(cls, value: Any) -> GameSetup:
        body = expect(value, dict, "setup")
        seats = tuple(Seat.from_json(seat) for seat in expect_key(body, "seats", list))
        options = check_options(body.get("options", {}))
        return cls(expect_key(body, "variant", str), seats, options)


# --- the saved record -----------------------------------------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """Everything that replays a game exactly; what the autosave and the log both hold."""

    variant: str
    options: Mapping[str, Any]
    seed: int
    seats: tuple[Seat, ...]
    moves: tuple[str, ...]
    game_id: str = ""
    started: str = ""
    dealer: int | None = None  # who dealt round 1; None: drawn from the seed (Game.new)
    bot_secret: int = field(default_factory=new_secret)
    phones: Mapping[str, Any] = field(default_factory=dict)
    """The phone seats' addresses ({"port": n, "tokens": {"2": token}}): kept in the save
    (the user's private data folder) so a resumed game keeps them and phones need not
    rescan; never in a log, which may be shared."""
    deals: Deals = SEEDED_DEALS
    """Where each round's shuffle comes from (`ramigui.rules.deals`): a keyed game's secret
    is kept in the save only; a log holds the codes of the rounds already over."""

    def new_game(self) -> Game:
        """The game as dealt, before any move. Raises VariantError or ValueError."""
        return Game.new(get_variant(self.variant, **self.options), len(self.seats), self.seed, dealer=self.dealer,
                        deals=self.deals)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first `upto` moves (all by default). Raises on a bad record."""
        game = self.new_game()
        for move in self.moves[:upto]:
            game.play(move)
        return game

    def to_json(self) -> Document:
        return {
            "game_id": self.game_id,
            "started": self.started,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "dealer": self.dealer,
            "bot_secret": self.bot_secret,
            "seats": [seat.to_json() for seat in self.seats],
            "moves": list(self.moves),
            **({"phones": dict(self.phones)} if self.phones else {}),
            **({"deals": deals_to_json(self.deals)} if self.deals.is_keyed else {}),
        }

    @classmethod
    def from_json(cls, body: Document) -> GameRecord:
        """The record of a save; a save without its move list is refused (set aside), never
        read as a game with no moves, which the next save would write over."""
        seed = expect_key(body, "seed", int)
        if not 0 <= seed <= MAX_SEED:
            raise BrokenFile("wrong_shape", f"seed {seed} out of range")
        dealer = body.get("dealer")
        if dealer is not None:
            dealer = expect(dealer, int, "dealer")
        secret = expect_key(body, "bot_secret", int)
        if not 0 <= secret <= MAX_SECRET:
            raise BrokenFile("wrong_shape", f"bot_secret {secret} out of range")
        return cls(
            variant=expect_key(body, "variant", str),
            options=check_options(body.get("options", {})),
            seed=seed,
            seats=tuple(Seat.from_json(seat) for seat in expect_key(body, "seats", list)),
            moves=tuple(expect_list(expect_key(body, "moves", list), str, "moves")),
            game_id=expect(body.get("game_id", ""), str, "game_id"),
            started=expect(body.get("started", ""), str, "started"),
            dealer=dealer,
            bot_secret=secret,
            phones=_phones(body.get("phones", {})),
            deals=deals_from_json(body.get("deals")),
        )


def _phones(body: Any) -> dict[str, Any]:
    """The saved phone addresses, kept only if well formed (anything else: the game's
    phones get new addresses, as a new game would)."""
    from ramigui.phone.tokens import is_token

    if not isinstance(body, dict):
        return {}
    port, tokens = body.get("port"), body.get("tokens")
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536 or not isinstance(tokens, dict):
        return {}
    kept = {
        seat: token
        for seat, token in tokens.items()
        if isinstance(seat, str) and seat.isdigit() and is_token(token)
    }
    return {"port": port, "tokens": kept} if kept else {}


def _game_v0_to_v1(body: Document) -> Document:
    """Version 0 saves (before seats existed) held a player count: seats get default names."""
    count = expect_key(body, "players", int)
    if not 1 <= count <= 8:
        raise ValueError(f"{count} players")
    body["seats"] = [{"name": f"Player {seat + 1}", "bot": None} for seat in range(count)]
    body.pop("players")
    body.setdefault("game_id", uuid.uuid4().hex)
    return body


def _game_v1_to_v2(body: Document) -> Document:
    """Version 1 saves come from before the first dealer was drawn from the seed: the last
    seat dealt round 1, so the game replays as it was played."""
    body["dealer"] = len(expect_key(body, "seats", list)) - 1
    return body


def _game_v2_to_v3(body: Document) -> Document:
    """Version 2 saves seeded their bots from the deal's seed: the game gets a bot secret."""
    body["bot_secret"] = new_secret()
    return body


CURRENT_GAME_SCHEMA = Schema(
    "current_game", 3, {0: _game_v0_to_v1, 1: _game_v1_to_v2, 2: _game_v2_to_v3}, max_bytes=MAX_LOG_BYTES
)


# --- the session ----------------------------------------------------------------------------------


class GameInProgress(Exception):
    """A new game would replace the saved one: the player must agree to abandon it first."""


class GameSession:
    """A game being played at the table, saved after every move.

    The UI (and the demo's bots) call `play` for every move; nothing else changes the game.
    With `store=None` nothing is saved (replays, tests, read-only previews).
    """

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        store: Store | None,
        *,
        game_id: str = "",
        started: str = "",
        bot_secret: int | None = None,
    ) -> None:
        if len(seats) != game.players:
            raise ValueError(f"{len(seats)} seats for a {game.players}-player game")
        self.game = game
        self.seats = tuple(seats)
        self.store = store
        self._logs: Store | None = None
        self.game_id = game_id or uuid.uuid4().hex
        self.started = started or datetime.now().isoformat(timespec="seconds")
        self.bot_secret = new_secret() if bot_secret is None else bot_secret
        self.phones: dict[str, Any] = {}  # the phone seats' port and tokens (GameRecord.phones)
        self.recorded = False
        self.given_up = False
        """Abandoned and filed with no save left: its log reveals the deal it stopped in."""
        self.sealed_round: int | None = None
        """A replayed log's round whose deal is sealed: the replay stops before it."""
        self.save_failing = False
        self._save_problem: Notice | None = None

    @property
    def logs(self) -> Store | None:
        """Where the game's log is kept: the store it is saved in, or the folders given for
        a game that is not saved (a demo beside a family's saved game)."""
        return self._logs if self._logs is not None else self.store

    @logs.setter
    def logs(self, store: Store | None) -> None:
        self._logs = store

    # --- starting -------------------------------------------------------------------------

    @classmethod
    def new(
        cls, setup: GameSetup, store: Store | None, *, seed: int | None = None, dealer: int | None = None,
        abandon_saved: bool = False, deals: Deals | None = None,
    ) -> GameSession:
        """A new game, saved at once. The first dealer is drawn from the seed unless given.
        A game asked for without a seed (a person's new game) is dealt keyed: every round
        from its own secret, so its fingerprint and code can be shown (`ramigui.rules.deals`);
        one asked for at a seed replays that seed's deals.
        Raises VariantError / ValueError for a setup the variant does not allow, and
        GameInProgress when a game is saved, unless the player agreed to abandon it
        (`abandon_saved`): it then goes to the statistics as unfinished first."""
        chosen = secrets.randbelow(2**31) if seed is None else seed
        if deals is None:
            deals = fresh_deals() if seed is None else SEEDED_DEALS
        game = Game.new(get_variant(setup.variant, **setup.options), len(setup.seats), chosen, dealer=dealer,
                        deals=deals)
        if store is not None and cls.has_saved_game(store):
            if not abandon_saved:
                raise GameInProgress(str(store.current_game_path))
            cls.abandon_saved(store)
        session = cls(game, setup.seats, store)
        session.save()
        session.keep_log()
        return session

    @classmethod
    def abandon_saved(cls, store: Store) -> None:
        """Abandon the saved game (the player agreed): filed as unfinished, then removed.
        A save that cannot be read is set aside (kept), as `resume` would."""
        session = cls.resume(store)
        if session is not None:
            session.abandon()

    @classmethod
    def from_record(cls, record: GameRecord, store: Store | None = None) -> GameSession:
        """The session a record replays to (raises IllegalMove, VariantError, ValueError)."""
        game = record.replay()
        session = cls(game, record.seats, store, game_id=record.game_id, started=record.started,
                      bot_secret=record.bot_secret)
        session.phones = dict(record.phones)
        return session

    @classmethod
    def resume(cls, store: Store) -> GameSession | None:
        """The saved game in progress, replayed exactly, or None.

        None when there is no save, or when it was set aside (a notice says why: bad file,
        variant gone, moves that no longer replay). A save of a game that already ended
        (the app died between the last move and filing it) is filed to the statistics now.
        """
        record = store.load(store.current_game_path, CURRENT_GAME_SCHEMA, GameRecord.from_json)
        if record is None:
            return None
        try:
            session = cls.from_record(record, store)
        except BrokenFile as error:
            store.set_aside(store.current_game_path, error)
            return None
        except Exception as error:  # any failure to replay means: the game is not offered
            store.set_aside(store.current_game_path, replay_failure(record, error))
            return None
        if session.game.game_over:
            session.finish()
            return None
        return session

    @staticmethod
    def has_saved_game(store: Store) -> bool:
        """Whether a save exists (cheap; `resume` does the real checks). Anything at its
        place counts, a folder or a pipe too: `resume` sets it aside, never a new game."""
        return store.current_game_path.exists() or store.current_game_path.is_symlink()

    @staticmethod
    def saved_game_played(store: Store) -> bool:
        """Whether the save holds a game with a move played: one without is forgotten when
        abandoned (`_file`), not filed. Read without setting anything aside; a save that
        cannot be read counts as played, so the question asked stays the careful one."""
        try:
            data = read_bounded(store.current_game_path, CURRENT_GAME_SCHEMA.max_bytes)
            return bool(GameRecord.from_json(CURRENT_GAME_SCHEMA.upgrade(parse_json(data))).moves)
        except (OSError, BrokenFile, KeyError, TypeError, ValueError, AttributeError):
            return True

    # --- playing --------------------------------------------------------------------------

    def play(self, move: Move | str) -> Move:
        """Play a move (the one path for humans and bots), then save; file a finished game.

        Raises IllegalMove (nothing changes, nothing is written) for a move the rules refuse.
        """
        played = self.game.play(move)
        self.save()
        if self.game.round_over or played.kind == "next":
            self.keep_log()
        if self.game.game_over:
            self.finish()
        return played

    @property
    def seat_to_play(self) -> Seat:
        return self.seats[self.game.to_play]

    @property
    def is_bot_turn(self) -> bool:
        return not self.game.game_over and not self.seat_to_play.is_human

    @property
    def setup(self) -> GameSetup:
        """This game's setup (what "play again" and the remembered setup use)."""
        return GameSetup(self.game.variant.id, self.seats, dict(self.game.variant.chosen))

    def record(self) -> GameRecord:
        game = self.game
        return GameRecord(
            variant=game.variant.id,
            options=dict(game.variant.chosen),
            seed=game.seed,
            seats=self.seats,
            moves=tuple(game.moves_text()),
            game_id=self.game_id,
            started=self.started,
            dealer=game.first_dealer,
            bot_secret=self.bot_secret,
            phones=self.phones,
            deals=game.deals,
        )

    def drawn_this_turn(self) -> Card | None:
        """The card the seat to play drew or took in the turn under way, still in their hand
        (None before their draw): a game resumed mid-turn marks it again, as it was marked
        before the pause. Found by replaying the record to that draw, since the rules keep
        no trace of which card came from the stock. It is a card of that seat's hand: only
        theirs to see."""
        game = self.game
        seat = game.to_play
        at = _draw_of_turn(game.log, seat)
        if at is None or game.round_over or game.view(seat).public.phase in ("draw", "offer"):
            return None
        replayed = self.record().replay(at)
        before = Counter(replayed.hand(seat))
        replayed.play(game.log[at][1])
        drawn = next(iter(Counter(replayed.hand(seat)) - before), None)
        return drawn if drawn is not None and drawn in game.hand(seat) else None

    # --- saving ---------------------------------------------------------------------------

    def save(self) -> bool:
        """Write the autosave now (atomic). False if there is no store or it failed.

        A failure is kept for the table (`take_save_problem`) the first time only: a disk
        that stays full gives one notice, not one per move; once a save works again, the
        next failure is news again."""
        store = self.store
        if store is None or self.recorded:
            return False
        saved = store.save(store.current_game_path, CURRENT_GAME_SCHEMA, self.record().to_json())
        problems = store.take_notices(NOTICE_SAVE_FAILED)
        if saved:
            self.save_failing = False
        elif problems and not self.save_failing:
            self.save_failing = True
            self._save_problem = problems[-1]
        return saved

    def take_save_problem(self) -> Notice | None:
        """The save failure to tell the player now (once), or None."""
        problem, self._save_problem = self._save_problem, None
        return problem

    def finish(self) -> None:
        """File the finished game: its log, then the statistics (once), then remove the autosave.

        In that order: a crash in between leaves a save that `resume` files again (the log
        is written over under the same name, the statistics ignore a game id they hold).
        """
        if self.recorded or not self.game.game_over:
            return
        self._file(unfinished=False)

    def abandon(self) -> None:
        """Give the game up (the player agreed): its log and its score sheet so far go to
        the statistics as unfinished, then the save is removed. A game already over is
        filed as finished."""
        if self.recorded:
            return
        self._file(unfinished=not self.game.game_over)

    def _file(self, unfinished: bool) -> None:
        """Keep the game's log, add the game to the statistics, then remove the autosave if
        that worked. An abandoned game's log is then written once more with the deal of
        the round it stopped in revealed, so it replays to its last move: only once no
        save is left to resume it from (while one is, that deal stays sealed)."""
        if unfinished and not self.game.log:
            self._forget()
            return
        log = self.keep_log()
        self.recorded = True
        store = self.store
        if store is not None:
            entry = FinishedGame.of_game(self.game, self.game_id, [seat.name for seat in self.seats],
                                         [seat.bot for seat in self.seats], unfinished=unfinished,
                                         log=log.name if log else "")
            if not add_game(store, entry):
                return
            store.remove(store.current_game_path)
        if unfinished and log is not None:
            self.given_up = True
            self.keep_log()

    def _forget(self) -> None:
        """A game given up before anyone played a move was never a game: no statistics,
        no past game to replay; its save and its log go."""
        self.recorded = True
        if self.store is not None:
            self.store.remove(self.store.current_game_path)
        log = self.log_path
        if self.logs is not None and log is not None:
            self.logs.remove(log)

    # --- logs -----------------------------------------------------------------------------

    def log_text(self) -> str:
        """The game as a text log in move notation (see `format_log`)."""
        return format_log(self.record(), [seat for seat, _ in self.game.log], round_lines(self.game, self.given_up))

    @property
    def log_path(self) -> Path | None:
        """Where the game's log is kept (None with nowhere to keep it)."""
        if self.logs is None:
            return None
        return self.logs.logs_dir / log_file_name(self.record(), demo=not any(s.is_human for s in self.seats))

    def export_log(self) -> Path:
        """Write the log into the data folder's `logs/` (atomic), prune the oldest logs, and
        return its path. Raises OSError or StorageError if it cannot be written."""
        path = self.log_path
        if path is None or self.logs is None:
            raise ValueError("no store to export into")
        self.logs.write_bytes(path, self.log_text().encode("utf-8"))
        prune_logs(self.logs, keep=path)
        return path

    def keep_log(self) -> Path | None:
        """Write the game's log now — as it is dealt, at each round's end (its code, nonce
        and points, for `ramigui verify`) and as it ends or is abandoned — under one name
        per game. None when there is nowhere to write (no store, another copy owns the
        folder) or it failed: a log never stops the game (a notice says so)."""
        if self.logs is None or self.logs.read_only:
            return None
        try:
            return self.export_log()
        except (OSError, StorageError, ValueError) as error:
            self.logs.notify(NOTICE_SAVE_FAILED, file=paths.LOGS_FOLDER, reason=str(error))
            return None


def log_file_name(record: GameRecord, demo: bool = False) -> str:
    """`<started>-<variant>-<game id>.txt` (`-demo-` before the variant for a game of bots
    only): one name per game (written over as it goes), sorted by when the game began."""
    stamp = "".join(ch for ch in record.started if ch.isdigit())[:14] or "00000000000000"
    stamp = f"{stamp[:8]}-{stamp[8:]}"
    return f"{stamp}-{DEMO_MARK if demo else ''}{record.variant}-{record.game_id}{LOG_SUFFIX}"


def kept_logs(store: Store) -> list[Path]:
    """The logs in `logs/`, newest first (by name, which starts with when the game began;
    ties broken by the file's time)."""
    folder = store.logs_dir
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob(f"*{LOG_SUFFIX}"):
        try:
            info = path.stat()
        except OSError:
            continue
        found.append((path.name[:15], info.st_mtime, path))
    return [path for _, _, path in sorted(found, reverse=True)]


def prune_logs(
    store: Store, keep: Path | None = None, *, count: int | None = None, total: int | None = None
) -> list[Path]:
    """Remove the oldest logs beyond the newest `count` (LOGS_KEPT) or `total` bytes
    (LOGS_MAX_TOTAL), and the demos' beyond the newest DEMO_LOGS_KEPT (a demo left running
    all night never pushes out the family's games); never `keep` (the game being written)
    nor a saved game in progress (the window's or `ramigui host`'s: both keep their logs
    here, and either may prune). Returns what was removed."""
    count = LOGS_KEPT if count is None else count
    total = LOGS_MAX_TOTAL if total is None else total
    kept = kept_bytes = demos = 0
    doomed: list[Path] = []
    for path in kept_logs(store):
        try:
            size = path.stat().st_size
        except OSError:
            continue
        demo = f"-{DEMO_MARK}" in path.name[15:]
        if path == keep or (kept < count and kept_bytes + size <= total and (not demo or demos < DEMO_LOGS_KEPT)):
            kept += 1
            kept_bytes += size
            demos += demo
        else:
            doomed.append(path)
    playing = _games_in_progress(store) if doomed else set()
    removed = []
    for path in doomed:
        if any(path.name.endswith(f"-{game_id}{LOG_SUFFIX}") for game_id in playing):
            continue
        try:
            store.remove(path)
        except (OSError, StorageError):
            continue
        removed.append(path)
    return removed


def _games_in_progress(store: Store) -> set[str]:
    """The ids of the saved games whose logs are kept in the store's `logs/`."""
    return {game_id for path in store.saves_sharing_logs if (game_id := _saved_game_id(path))}


def _saved_game_id(path: Path) -> str:
    """The game id of the save at `path` ("" if none can be read)."""
    try:
        body = parse_json(read_bounded(path, CURRENT_GAME_SCHEMA.max_bytes))
    except (OSError, BrokenFile, ValueError):
        return ""
    found = body.get("game_id", "") if isinstance(body, dict) else ""
    return found if isinstance(found, str) else ""


def find_log(store: Store, game_id: str) -> Path | None:
    """The kept log of a game, by its id, or None (pruned, or never written)."""
    if not game_id or not store.logs_dir.is_dir():
        return None
    for path in store.logs_dir.glob(f"*-{game_id}{LOG_SUFFIX}"):
        return path
    return None


@dataclass(frozen=True)
class SavedGame:
    """What Continue resumes, read without changing anything: the game as replayed, its
    seats, and when it was last saved."""

    game: Game
    seats: tuple[Seat, ...]
    saved: datetime


def peek_saved(store: Store) -> SavedGame | None:
    """The saved game, replayed to check it can be resumed, or None without a save.

    Raises BrokenFile (its reason) when it cannot be resumed. Unlike `resume`, nothing is
    set aside: the main menu asks this to say which game Continue resumes, or why not."""
    path = store.current_game_path
    try:
        saved = datetime.fromtimestamp(path.stat().st_mtime)
        data = read_bounded(path, CURRENT_GAME_SCHEMA.max_bytes)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise BrokenFile("unreadable", str(error)) from None
    try:
        record = GameRecord.from_json(CURRENT_GAME_SCHEMA.upgrade(parse_json(data)))
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise BrokenFile("wrong_shape", repr(error)) from None
    try:
        game = record.replay()
    except BrokenFile:
        raise
    except Exception as error:  # any failure to replay: Continue cannot resume it
        raise replay_failure(record, error) from None
    return SavedGame(game, record.seats, saved)


def _draw_of_turn(log: Sequence[tuple[int, Move]], seat: int) -> int | None:
    """The index in the game's log of `seat`'s draw or take in the turn under way (the
    moves since another seat's last move or the round's start), None if there is none."""
    for index in range(len(log) - 1, -1, -1):
        mover, move = log[index]
        if mover != seat or move.kind == "next":
            return None
        if move.kind in ("draw", "take"):
            return index
    return None


def replay_failure(record: GameRecord, error: Exception) -> BrokenFile:
    """Why a record does not replay, as a set-aside reason."""
    if isinstance(error, VariantError):
        if record.variant not in catalogue().ids():
            return BrokenFile("variant_gone", f"no variant {record.variant!r} any more")
        return BrokenFile("options_invalid", str(error))
    if isinstance(error, IllegalMove):
        return BrokenFile("moves_fail", str(error))
    return BrokenFile("moves_fail", f"{type(error).__name__}: {error}")


# --- the text log ---------------------------------------------------------------------------------


class LogError(ValueError):
    """A game log that cannot be read or replayed, with the line it went wrong on."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        self.message = message
        super().__init__(f"line {line}: {message}" if line else message)


def format_log(record: GameRecord, movers: Sequence[int], rounds: Sequence[str] = ()) -> str:
    """The text log: header lines, then `<seat> <move>` lines; seats numbered from 1.

        # ramigui game log — replay it with: ramigui replay FILE
        format: ramigui-log 1
        variant: rami51
        options: {"opening": 51}
        seed: 1234
        players: 3
        dealer: 2
        seat 1: human Ana
        seat 2: bot medium Bob
        bot secret: 9876543210
        round 1 fingerprint: 3fa2… (64 hexadecimal digits)
        round 1 code: 38v9-knkvt-nru8y
        round 1 nonce: 0c1d… (32 hexadecimal digits)
        round 1 points: 12 0 35
        round 1 totals: 12 0 35
        moves:

    `rounds`: the deal lines (`ramigui.deal_record.round_lines`): a round's fingerprint
    from its deal on, its code, nonce and points once it is over; a keyed game adds
    `deals: keyed`.
        1 draw
        1 discard KS
    """
    lines = [
        "# ramigui game log — replay it with: ramigui replay FILE",
        "# seats are numbered from 1; moves are in the ramigui move notation",
        f"format: {LOG_FORMAT}",
        f"variant: {record.variant}",
        f"options: {json.dumps(dict(record.options), sort_keys=True, ensure_ascii=False)}",
        f"seed: {record.seed}",
        f"players: {len(record.seats)}",
    ]
    if record.dealer is not None:
        lines.append(f"dealer: {record.dealer + 1}")
    for number, seat in enumerate(record.seats, start=1):
        who = "human" if seat.bot is None else f"bot {seat.bot}"
        lines.append(f"seat {number}: {who} {seat.name}")
    lines.append(f"bot secret: {record.bot_secret}")
    if record.deals.is_keyed:
        lines.append("deals: keyed")
    if record.deals.redeal:
        lines.append(f"redeal: {record.deals.redeal}")
    lines.extend(rounds)
    lines.append("moves:")
    lines.extend(f"{mover + 1} {move}" for mover, move in zip(movers, record.moves, strict=True))
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class ParsedLog:
    """A log as read: the record and, per move, the seat the log says played it and its line."""

    record: GameRecord
    movers: tuple[int, ...]
    lines: tuple[int, ...]
    header: Mapping[str, tuple[int, str]] = field(default_factory=dict)
    """Every `name: value` header line with its line number (the deal lines among them)."""


def parse_log(text: str) -> ParsedLog:
    """Read a text log (format_log's output, comments and blank lines allowed).

    Raises LogError naming the line. Only reads; `replay_log` checks it against the rules.
    """
    header: dict[str, tuple[int, str]] = {}
    seats: list[Seat] = []
    moves: list[tuple[int, int, str]] = []
    in_moves = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if in_moves:
            moves.append(_move_line(number, line))
        elif line == "moves:":
            in_moves = True
        elif line.startswith("seat "):
            seats.append(_seat_line(number, line, len(seats) + 1))
        else:
            key, sep, value = line.partition(":")
            if not sep:
                raise LogError(number, f"expected 'name: value', found {shorten(line)!r}")
            header[key.strip()] = (number, value.strip())
    return _build_log(header, seats, moves, in_moves)


def _whole_number(text: str, digits: int = 19) -> int | None:
    """`text` as a whole number written in ASCII digits (at most `digits` of them), or None.

    Not `str.isdigit` alone: it accepts "²", which int() refuses, and int() refuses more
    than 4300 digits — neither may turn a bad line into a traceback."""
    if not (text.isascii() and text.isdigit() and len(text) <= digits):
        return None
    return int(text)


def _move_line(number: int, line: str) -> tuple[int, int, str]:
    seat_text, _, move = line.partition(" ")
    seat = _whole_number(seat_text, 3)
    if seat is None or not move.strip():
        raise LogError(number, f"expected '<seat> <move>', found {shorten(line)!r}")
    return number, seat - 1, move.strip()



def _seat_line(number: int, line: str, expected: int) -> Seat:
    label, sep, rest = line.partition(":")
    if not sep or label.split() != ["seat", str(expected)]:
        raise LogError(number, f"expected 'seat {expected}: human NAME' or 'seat {expected}: bot LEVEL NAME'")
    words = rest.split()
    try:
        if words[:1] == ["human"]:
            return Seat(" ".join(words[1:]))
        if words[:1] == ["bot"] and len(words) >= 3:
            return Seat(" ".join(words[2:]), words[1])
    except ValueError as error:
        raise LogError(number, str(error)) from None
    raise LogError(number, f"expected 'human NAME' or 'bot LEVEL NAME', found {shorten(rest.strip())!r}")


def _header(header: Mapping[str, tuple[int, str]], key: str) -> tuple[int, str]:
    if key not in header:
        raise LogError(None, f"the header has no '{key}:' line")
    return header[key]


def _build_log(
    header: Mapping[str, tuple[int, str]],
    seats: list[Seat],
    moves: list[tuple[int, int, str]],
    saw_moves: bool,
) -> ParsedLog:
    line, form = _header(header, "format")
    if form != LOG_FORMAT:
        raise LogError(line, f"unknown format {shorten(form)!r} (this ramigui reads {LOG_FORMAT!r})")
    if not saw_moves:
        raise LogError(None, "no 'moves:' line")
    line, seed_text = _header(header, "seed")
    seed = _whole_number(seed_text)
    if seed is None or seed > MAX_SEED:
        raise LogError(line, f"seed {shorten(seed_text)!r} is not a whole number from 0 to {MAX_SEED}")
    line, count = _header(header, "players")
    if count != str(len(seats)):
        raise LogError(line, f"players: {shorten(count)}, but {len(seats)} seat lines")
    line, options_text = _header(header, "options")
    try:
        options = check_options(json.loads(options_text))
    except RecursionError:
        raise LogError(line, "options are not a JSON object of simple values: nested too deep") from None
    except (ValueError, BrokenFile) as error:
        raise LogError(line, f"options are not a JSON object of simple values: {shorten(str(error), 120)}") from None
    record = GameRecord(
        variant=_header(header, "variant")[1],
        options=options,
        seed=seed,
        seats=tuple(seats),
        moves=tuple(move for _, _, move in moves),
        dealer=_dealer(header, len(seats)),
        bot_secret=_bot_secret(header),
        deals=_deals(header),
    )
    _check_movers(moves, len(seats))
    return ParsedLog(record, tuple(seat for _, seat, _ in moves), tuple(line for line, _, _ in moves), dict(header))


def _bot_secret(header: Mapping[str, tuple[int, str]]) -> int:
    """The log's bot secret; a log written before secrets existed gets a fresh one."""
    if "bot secret" not in header:
        return new_secret()
    line, text = header["bot secret"]
    secret = _whole_number(text, 20)
    if secret is None or secret > MAX_SECRET:
        raise LogError(line, f"bot secret {shorten(text)!r} is not a whole number from 0 to {MAX_SECRET}")
    return secret


def _deals(header: Mapping[str, tuple[int, str]]) -> Deals:
    try:
        return deals_from_log(header)
    except ValueError as error:
        line = getattr(error, "line", None)
        raise LogError(line, str(error)) from None


def _dealer(header: Mapping[str, tuple[int, str]], players: int) -> int:
    """The seat that dealt round 1 (0-based). Logs written before the first dealer was
    drawn from the seed have no `dealer:` line: the last seat dealt."""
    if "dealer" not in header:
        return players - 1
    line, text = header["dealer"]
    seat = _whole_number(text, 3)
    if seat is None or not 1 <= seat <= players:
        raise LogError(line, f"dealer {shorten(text)!r} is not a seat number from 1 to {players}")
    return seat - 1


def _check_movers(moves: list[tuple[int, int, str]], players: int) -> None:
    for line, seat, _ in moves:
        if not 0 <= seat < players:
            raise LogError(line, f"seat {seat + 1} does not exist ({players} players)")


def replay_log(text: str) -> GameSession:
    """A session (not saved anywhere) replaying a text log; LogError on any problem.

    A log written while a round was being played (a game that stopped there without
    being filed) keeps that round's deal sealed: the replay stops at the end of the round
    before it and says so (`GameSession.sealed_round`). With nothing before it, nothing
    replays: LogError."""
    parsed = parse_log(text)
    record = parsed.record
    try:
        game = record.new_game()
    except SealedDeal as error:
        raise LogError(None, f"{error}; the log was written during it, so no round can be replayed") from None
    except (VariantError, ValueError) as error:
        raise LogError(None, f"cannot set up the game: {error}") from None
    sealed: int | None = None
    for move, seat, line in zip(record.moves, parsed.movers, parsed.lines, strict=True):
        if seat != game.to_play:
            raise LogError(line, f"seat {seat + 1} played {shorten(move)!r}, but it was seat {game.to_play + 1}'s turn")
        try:
            game.play(move)
        except IllegalMove as error:
            raise LogError(line, f"{shorten(move)!r}: {error}") from None
        except SealedDeal as error:
            sealed = error.round_no
            break
    session = GameSession(game, record.seats, None, bot_secret=record.bot_secret)
    session.sealed_round = sealed
    return session

