"""`ramigui host`: a game whose first K seats are played on phones, the rest by bots, no window.

    ramigui host --variant V --players N --phones K [--port P] [--seed S] [--bind ADDR]

It prints `seat I: URL` for each phone seat (seats numbered from 1, as in game logs) and
serves them until the game ends: the phone page at URL, `GET URL/state` (the seat's view as
JSON), `POST URL/move` with `{"move": "<notation>"}` (200 and the new state, or 400 with
the refusal's reason), `GET URL/events` (Server-Sent Events). A wrong token gets 403.
The contract is in the README; it is how the phone side is checked headless.

This loop owns the game: bots' moves and phones' moves are all played here, in one thread.
A round's end waits for a phone to send `next` (in its `legal` moves then).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from ramigui import i18n
from ramigui.arguments import Parser, check_players, known_variant, seconds, seed, whole
from ramigui.bots import LEVELS
from ramigui.deal_record import fresh_deals
from ramigui.phone.bridge import Bridge
from ramigui.phone.network import lan_address, listen_addresses
from ramigui.phone.relay import PhoneRelay
from ramigui.phone.server import PhoneServer
from ramigui.phone.tokens import PhoneSeats
from ramigui.rules import Game, IllegalMove, Move
from ramigui.variants import get_variant

WAKE_EVERY = 1.0
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
    return parser


class PhoneHost:
    """One headless game: the game, its bots, its phone server; `run()` plays it to the end."""

    def __init__(self, variant: str, players: int, phones: int, seed: int, *, bind: str | list[str] = "127.0.0.1",
                 port: int = 0, public_host: str | None = None, bots: str = "medium",
                 bot_delay: float = 0.0, game: Game | None = None) -> None:
        from ramigui.bots import make_bot
        from ramigui.bots.secret import bot_rng, new_secret

        self.game = game or Game.new(get_variant(variant), players, seed)
        if not 1 <= phones <= players:
            raise ValueError(f"--phones must be 1 to {players}, not {phones}")
        self.names = [i18n.tr("table.player", n=s + 1) if s < phones else i18n.tr("table.bot_name", n=s)
                      for s in range(players)]
        secret = new_secret()  # the bots' randomness owes nothing to the deal's seed
        self.bot_secret = secret
        self.bot_level = bots
        self.bots = {s: make_bot(variant, bots, bot_rng(secret, s)) for s in range(phones, players)}
        self.rng = bot_rng(secret, -1, "fallback")
        self.bot_delay = bot_delay
        self.seats = PhoneSeats(range(phones))
        self.woken = threading.Event()
        self.bridge = Bridge(self.seats.seats, wake=self.woken.set)
        self.relay = PhoneRelay(self.game, self.names, self.seats, self.bridge)
        self.server = PhoneServer(self.seats, self.bridge, bind, port, public_host=public_host)
        self.stopping = threading.Event()

    def start(self) -> PhoneHost:
        self.relay.publish()
        self.server.start()
        return self

    def play(self, seat: int, move: Move) -> None:
        """The one way moves are played here (phones' and bots'): `Game.play`."""
        self.game.play(move)

    def step(self, timeout: float = WAKE_EVERY) -> None:
        """Play what is due: phones' waiting moves, then a bot's move if it is a bot's turn."""
        self.relay.serve(self.play)
        game = self.game
        if game.game_over or game.round_over or game.to_play not in self.bots:
            self.woken.wait(timeout)
            self.woken.clear()
            return
        if self.bot_delay and self.stopping.wait(self.bot_delay):
            return
        self._bot_move(game.to_play)
        self.relay.publish()

    def _bot_move(self, seat: int) -> None:
        view = self.game.view(seat)
        move = self.bots[seat].choose(view)
        try:
            self.game.play(move)
        except IllegalMove:  # a bot's mistake never stops the game: any legal move instead
            choices = [m for m in view.legal_moves if m.kind not in ("undo", "next")]
            self.game.play(self.rng.choice(choices))

    def run(self, linger: float = 3.0) -> int:
        try:
            while not self.game.game_over and not self.stopping.is_set():
                self.step()
            if self.game.game_over:
                self.relay.publish()
                self.stopping.wait(linger)
        finally:
            self.server.stop()
        return 0


def keep_log(host: PhoneHost) -> Path | None:
    """The hosted game's log, finished or stopped, kept in the data folder's `logs/` as
    every game's is (None when another copy of ramigui owns the folder, or it failed)."""
    from ramigui.session import GameSession, Seat
    from ramigui.storage import Store

    seats = [Seat(name, host.bot_level if seat in host.bots else None, phone=seat not in host.bots)
             for seat, name in enumerate(host.names)]
    store = Store.open()
    try:
        session = GameSession(host.game, seats, None, bot_secret=host.bot_secret)
        session.logs = store
        return session.keep_log()
    finally:
        store.close()


def host_main(argv: Sequence[str]) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    parser = host_parser()
    args = parser.parse_args(list(argv))
    i18n.set_language(args.lang)
    variant = known_variant(parser, args.variant)
    players = check_players(parser, variant, args.players)
    if args.phones > players:
        parser.error(f"argument --phones: {args.phones} phones for {players} seats")
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    binds, public = listen_addresses(args.bind, lan_address())
    # a game asked for without a seed is dealt keyed (its fingerprints and codes can be shown)
    keyed = Game.new(variant, players, seed, deals=fresh_deals()) if args.seed is None else None
    try:
        host = PhoneHost(args.variant, players, args.phones, seed, bind=binds, port=args.port,
                         public_host=public, bots=args.bots, bot_delay=args.bot_delay, game=keyed)
    except OSError as error:
        print(f"ramigui host: cannot listen on {' and '.join(binds)}:{args.port}: {error.strerror}", file=sys.stderr)
        return 2
    host.start()
    for seat, url in host.server.urls().items():
        print(f"seat {seat + 1}: {url}")
    sys.stdout.flush()
    for name in ("SIGINT", "SIGTERM"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), lambda *_: host.stopping.set())
    code = host.run(args.linger)
    keep_log(host)
    scores = " ".join(f"{name}={score}" for name, score in zip(host.names, host.game.scores, strict=True))
    with contextlib.suppress(BrokenPipeError):  # whoever read the addresses may have gone
        print(("game over: " if host.game.game_over else "stopped: ") + scores, flush=True)
    return code
