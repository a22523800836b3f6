"""`ramigui host`: a game whose first K seats are played on phones, the rest by bots, no window.

    ramigui host --variant V --players N --phones K [--port P] [--seed S] [--bind ADDR] [--new]
    ramigui host --resume [--bind ADDR]

It prints `seat I: URL` for each phone seat (seats numbered from 1, as in game logs) and
serves them until the game ends: the phone page at URL, `GET URL/state` (the seat's view as
JSON), `POST URL/move` with `{"move": "<notation>"}` (200 and the new state, or 400 with
the refusal's reason), `GET URL/events` (Server-Sent Events). A wrong token gets 403.
The contract is in the README; it is how the phone side is checked headless.

This loop owns the game: bots' moves and phones' moves are all played here, in one thread,
each one a turn of the match engine (`ramigui.match`). A round's end waits for a phone to
send `next` (in its `legal` moves then).

The game is saved after every move in the `host` folder of the user's data folder (its
own lock: the window may run beside it), before the phone hears its move was accepted.
`ramigui host --resume` continues it after a crash, kill -9 or Ctrl-C, with the same seat
addresses; a new `ramigui host` refuses to replace a saved game unless given `--new`.
Its log and, once it ends or is abandoned, its result go where the window keeps every
game's (the data folder's `logs/` and statistics): Statistics → Past games lists it.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import sys
import threading
from collections.abc import Sequence

from ramigui import i18n, paths
from ramigui.arguments import Parser, check_players, known_variant, seconds, seed, whole
from ramigui.bots import LEVELS, make_bot
from ramigui.bots.secret import bot_rng
from ramigui.match import BotSeats, Match
from ramigui.phone.bridge import Bridge
from ramigui.phone.network import lan_address, listen_addresses
from ramigui.phone.relay import PhoneRelay
from ramigui.phone.server import PhoneServer
from ramigui.phone.tokens import PhoneSeats
from ramigui.rules import Game, Move
from ramigui.session import LOG_SUFFIX, GameSession, GameSetup, Seat
from ramigui.stats import STATS_SCHEMA, Stats, update_stats
from ramigui.storage import StorageError, Store, fsync_folder

WAKE_EVERY = 1.0
HOST_FOLDER = paths.HOST_FOLDER
"""The host's folder inside the user's data folder (its save and its lock)."""
MAX_BOT_DELAY = 60
"""The longest wait asked of a bot: longer, the table looks stuck."""
MAX_LINGER = 3600
"""The longest the phones are served after the game's end (they show the final scores)."""


def host_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="ramigui host",
        description="A game with phone seats (the first K) and bots, served on the network, no window.")
    parser.add_argument("--variant", default="rami51", metavar="ID", help="the game (default rami51)")
    parser.add_argument("--players", type=whole(2, 8, "a number of players"), default=None, metavar="N",
                        help="players (default: the game's usual number)")
    parser.add_argument("--phones", type=whole(1, 8, "a number of phones"), default=1, metavar="K",
                        help="how many seats are played on phones (the first ones)")
    parser.add_argument("--port", type=whole(0, 65535, "a port"), default=0,
                        help="the port to listen on (0: any free one)")
    parser.add_argument("--bind", default=None,
                        help="the address to listen on (default: the LAN address the codes name, and 127.0.0.1; "
                             "0.0.0.0: every network)")
    parser.add_argument("--seed", type=seed, default=None, metavar="S", help="the game's seed (default: random)")
    parser.add_argument("--bots", choices=LEVELS, default="medium", help="the bots' level (default medium)")
    parser.add_argument("--bot-delay", type=seconds(MAX_BOT_DELAY), default=0.0, metavar="S",
                        help=f"seconds a bot waits before its move (0 to {MAX_BOT_DELAY})")
    parser.add_argument("--linger", type=seconds(MAX_LINGER), default=3.0, metavar="S",
                        help=f"seconds the phones are still served after the game ends (0 to {MAX_LINGER})")
    parser.add_argument("--lang", choices=("fr", "en"), default=None, help="the phones' language")
    parser.add_argument("--resume", action="store_true",
                        help="continue the saved host game: its seats, seat addresses and port")
    parser.add_argument("--new", action="store_true", help="start a new game even if a host game is saved "
                        "(the saved one goes to the statistics as unfinished)")
    return parser


class PhoneHost:
    """One headless game: the game, its bots, its phone server; `run()` plays it to the end.

    Every move — a phone's or a bot's — is one turn of the match engine (`ramigui.match`),
    played through the game's `GameSession`: with a store, the move is saved (atomically)
    before any phone hears of it, so kill -9 at any moment loses no move a phone was told
    was accepted. The seats' tokens and the port are kept in the save, so a resumed game
    (`ramigui host --resume`) keeps its addresses."""

    def __init__(self, variant: str, players: int, phones: int, seed: int, *, bind: str | list[str] = "127.0.0.1",
                 port: int = 0, public_host: str | None = None, bots: str = "medium",
                 bot_delay: float = 0.0, game: Game | None = None, store: Store | None = None,
                 session: GameSession | None = None) -> None:
        if session is None:
            if not 1 <= phones <= players:
                raise ValueError(f"--phones must be 1 to {players}, not {phones}")
            session = new_host_session(variant, players, phones, seed, bots, store, game)
        self.session = session
        self.game = session.game
        self.names = [seat.name for seat in session.seats]
        phone_seats = [s for s, seat in enumerate(session.seats) if seat.phone]
        choosers = {s: make_bot(self.game.variant.id, seat.bot, bot_rng(session.bot_secret, s)).choose
                    for s, seat in enumerate(session.seats) if seat.bot is not None}
        self.bots = BotSeats(choosers, bot_rng(session.bot_secret, -1, "fallback"))
        self.bot_delay = bot_delay
        saved = session.phones.get("tokens", {}) if session.phones else {}
        self.seats = PhoneSeats(phone_seats, {int(s): token for s, token in saved.items() if int(s) in phone_seats})
        self.woken = threading.Event()
        self.bridge = Bridge(self.seats.seats, wake=self.woken.set)
        self.relay = PhoneRelay(self.game, self.names, self.seats, self.bridge)
        self.match = Match(self.game, self.bots, play=session.play, observers=[self.relay.publish])
        self.server = PhoneServer(self.seats, self.bridge, bind, port, public_host=public_host)
        self.stopping = threading.Event()

    def start(self) -> PhoneHost:
        self.relay.publish()
        self.server.start()
        self.session.phones = {"port": self.server.port,
                               "tokens": {str(seat): token for seat, token in self.seats.tokens().items()}}
        self.session.save()
        return self

    def play(self, seat: int, move: Move) -> None:
        """A phone's move, checked by the relay: one turn of the engine (saved, then told)."""
        self.match.play(move)

    def step(self, timeout: float = WAKE_EVERY) -> None:
        """Play what is due: phones' waiting moves, then a bot's move if it is a bot's turn."""
        self.relay.serve(self.play)
        if self.game.game_over:
            return  # the last move was just played: no wait before the end
        if not self.match.is_bot_turn():
            self.woken.wait(timeout)
            self.woken.clear()
            return
        if self.bot_delay and self.stopping.wait(self.bot_delay):
            return
        self.match.bot_turn()

    def run(self, linger: float = 3.0) -> int:
        try:
            while not self.game.game_over and not self.stopping.is_set():
                self.step()
            if self.game.game_over:
                self.relay.publish()
                self.stopping.wait(linger)
        finally:
            self.server.stop()
            self.close()
        return 0

    def close(self) -> None:
        self.match.close()


def new_host_session(variant: str, players: int, phones: int, seed: int | None, bots: str, store: Store | None,
                     game: Game | None = None) -> GameSession:
    """A new host game: the first `phones` seats on phones, the others bots of level `bots`,
    saved at once when there is a store (raises GameInProgress if a host game is saved).
    Without a seed, it is dealt keyed (`GameSession.new`)."""
    seats = [Seat(i18n.tr("table.player", n=s + 1), phone=True) if s < phones
             else Seat(i18n.tr("table.bot_name", n=s), bots) for s in range(players)]
    if game is not None:
        return GameSession(game, seats, store)
    return GameSession.new(GameSetup(variant, tuple(seats)), store, seed=seed)


def host_store() -> Store:
    """The host's own folder in the user's data folder, with its own lock: a host game is
    saved beside the window's, never over it, and both may run at once. Its log and its
    result are kept with the window's (the data folder's records: `Store.records_dir`)."""
    return Store.open(paths.data_dir() / HOST_FOLDER, paths.config_dir(), records_dir=paths.data_dir())


def carry_over_records(store: Store) -> None:
    """Host games filed when a host kept its logs and statistics in its own folder join the
    window's: their logs move to the shared `logs/`, their results to the shared statistics
    (a game already there is not counted twice). The old statistics file goes last, so a
    carry-over cut short is done again at the next start."""
    if store.read_only or store.records_dir == store.data_dir:
        return
    old_logs = store.data_dir / paths.LOGS_FOLDER
    try:
        if old_logs.is_dir():
            store.logs_dir.mkdir(parents=True, exist_ok=True)
            for path in old_logs.glob(f"*{LOG_SUFFIX}"):
                store.check_writable(store.logs_dir / path.name)
                os.replace(path, store.logs_dir / path.name)
            fsync_folder(store.logs_dir)
        old_stats = store.data_dir / paths.STATS_FILE
        if not old_stats.exists():
            return
        old = store.load(old_stats, STATS_SCHEMA, Stats.from_json)  # a damaged one is set aside
        if old is None or update_stats(store, lambda stats: _with_games(stats, old)) is not None:
            store.remove(old_stats)
    except (OSError, StorageError) as error:
        _say(f"the games of an older host in {store.data_dir} are not carried over yet: {error}")


def _with_games(stats: Stats, old: Stats) -> Stats:
    for game in old.history:
        stats = stats.with_game(game)
    return stats


def host_main(argv: Sequence[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = host_parser()
    args = parser.parse_args(list(argv))
    i18n.set_language(args.lang)
    binds, public = listen_addresses(args.bind, lan_address())
    store = host_store()
    carry_over_records(store)
    try:
        host = _resumed(args, store, binds, public) if args.resume else _new_host(parser, args, store, binds, public)
        if host is None:
            return 2
        return _serve(host, args)
    finally:
        store.close()


def _say(text: str) -> None:
    print(f"ramigui host: {text}", file=sys.stderr, flush=True)


def _new_host(parser: argparse.ArgumentParser, args: argparse.Namespace, store: Store, binds: list[str],
              public: str) -> PhoneHost | None:
    """A new game (None, said on stderr, when it cannot start). A saved host game is kept
    unless `--new` abandons it, and only once the new game listens. A game asked for
    without a seed is dealt keyed (its fingerprints and codes can be shown)."""
    variant = known_variant(parser, args.variant)
    players = check_players(parser, variant, args.players)
    if args.phones > players:
        parser.error(f"argument --phones: {args.phones} phones for {players} seats")
    if GameSession.has_saved_game(store) and not args.new:
        _say(f"a host game is saved in {store.data_dir}: --resume continues it, --new abandons it")
        return None
    session = new_host_session(args.variant, players, args.phones, args.seed, args.bots, None)
    try:
        host = PhoneHost(args.variant, players, args.phones, session.game.seed, bind=binds, port=args.port,
                         public_host=public, bot_delay=args.bot_delay, session=session)
    except OSError as error:
        _say(f"cannot listen on {' and '.join(binds)}:{args.port}: {error.strerror}")
        return None
    if store.read_only:
        _say(f"another ramigui host uses {store.data_dir}: this game is not saved")
    elif args.new:
        GameSession.abandon_saved(store)
    session.store = store
    session.keep_log()  # as it is dealt, as every game's: listed with the others from the start
    return host


def _resumed(args: argparse.Namespace, store: Store, binds: list[str], public: str) -> PhoneHost | None:
    """The saved host game on its saved port and seat addresses (another port only if
    that one is taken, said on stderr); None, said, when there is none to resume."""
    if store.read_only:
        _say(f"another ramigui host is playing the game saved in {store.data_dir}")
        return None
    session = GameSession.resume(store)
    problems = store.take_notices()
    if session is None:
        why = f" (the save was set aside: {problems[0].params.get('detail', '')})" if problems else ""
        _say(f"no saved host game to resume in {store.data_dir}{why}")
        return None
    port = int(session.phones.get("port", 0)) or args.port
    try:
        return _host_of(session, args, binds, public, port)
    except OSError as error:
        if not port:
            _say(f"cannot listen on {' and '.join(binds)}: {error.strerror}")
            return None
    try:
        host = _host_of(session, args, binds, public, 0)
    except OSError as error:
        _say(f"cannot listen on {' and '.join(binds)}: {error.strerror}")
        return None
    _say(f"port {port} is taken: the game goes on on port {host.server.port}, the phones need the new addresses")
    return host


def _host_of(session: GameSession, args: argparse.Namespace, binds: list[str], public: str, port: int) -> PhoneHost:
    game = session.game
    phones = sum(seat.phone for seat in session.seats)
    return PhoneHost(game.variant.id, game.players, phones, game.seed, bind=binds, port=port,
                     public_host=public, bot_delay=args.bot_delay, session=session)


def _serve(host: PhoneHost, args: argparse.Namespace) -> int:
    # Ctrl-C stops the game cleanly from the moment the addresses are out (whoever read them
    # may press it at once): the handlers come first.
    for name in ("SIGINT", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda *_: host.stopping.set())
    host.start()
    for seat, url in host.server.urls().items():
        print(f"seat {seat + 1}: {url}")
    sys.stdout.flush()
    code = host.run(args.linger)
    scores = " ".join(f"{name}={score}" for name, score in zip(host.names, host.game.scores, strict=True))
    with contextlib.suppress(BrokenPipeError):  # whoever read the addresses may have gone
        print(("game over: " if host.game.game_over else "stopped: ") + scores, flush=True)
    return code
