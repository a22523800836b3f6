"""The table's phone seats: their server's life, their moves in, each move told to every phone.

A table whose game has phone seats starts a `PhoneServer` when it opens (new tokens for each
game), listens on the home network only then, and stops it when the game ends or the table
closes. The pygame loop owns the game: each frame it answers the phones' waiting moves
(`PhoneRelay.serve`, through the table's own `play`, which saves the game like any move)
and, after any move of anyone, sends every phone its new state. A phone's wake-up call is a
pygame event, so an idle table sleeps until a phone has something.

A phone seat is neither a bot nor hot-seat: the big screen never shows its hand and asks
for no hand-off; the table waits for its move from the phone. While the pause menu (or a
screen opened from it) is up, the phones are told the game is paused and their moves wait.
"""

from __future__ import annotations

import contextlib
import os
from typing import Any, Protocol

import pygame

from ramigui import i18n
from ramigui.phone.bridge import Bridge
from ramigui.phone.network import EVERY_INTERFACE, LOOPBACK, lan_address
from ramigui.phone.relay import PhoneGuide, PhoneRelay
from ramigui.phone.server import PhoneServer
from ramigui.phone.tokens import PhoneSeats
from ramigui.rules import Game, IllegalMove, Move
from ramigui.ui.phone_codes import PhoneCodesScene, SeatCode
from ramigui.ui.seats import TableConfig

PHONE_EVENT = pygame.event.custom_type()
"""Posted from the server's threads when a phone sent a move or joined: wakes the loop."""
BIND_ENV = "RAMIGUI_PHONE_BIND"
"""An address to listen on instead of the LAN address (tests: 127.0.0.1)."""


def wake_loop() -> None:
    """Wake the pygame loop (thread-safe: SDL's event queue)."""
    with contextlib.suppress(pygame.error):  # the window is gone: nobody to wake
        pygame.event.post(pygame.event.Event(PHONE_EVENT))


def listen_address() -> tuple[str, bool]:
    """Where the codes point, and whether phones on the home network can reach it (the
    server listens there and on loopback)."""
    forced = os.environ.get(BIND_ENV)
    if forced:
        return forced, True
    address = lan_address()
    return address, not address.startswith("127.")


def listening(address: str) -> list[str]:
    """The addresses to listen on: the one the codes name, and loopback (unless it is
    every interface already)."""
    return [address] if address in EVERY_INTERFACE else list(dict.fromkeys((address, LOOPBACK)))


class PhoneTable(Protocol):
    """What the phone seats need of their table: its game and seats, the app it shows in
    (to put the codes over it), the seats' names, and the one way to play a move."""

    config: TableConfig
    game: Game
    app: Any

    def name(self, seat: int) -> str: ...

    def play(self, move: Move | str) -> bool: ...

    def close_round(self) -> None: ...


class TablePhones:
    """The phone seats of the table's game (nothing at all when it has none)."""

    def __init__(self, scene: PhoneTable) -> None:
        self.scene = scene
        self.server: PhoneServer | None = None
        self.relay: PhoneRelay | None = None
        self.bridge: Bridge | None = None
        self.notice = ""
        self.codes_open = False
        self._game: object = None
        self.guide: PhoneGuide | None = None
        """A lesson's guide, told to the phones and asked before a phone's move."""

    @property
    def seats(self) -> list[int]:
        return self.scene.config.phone_seats

    @property
    def active(self) -> bool:
        return self.server is not None

    def joined(self) -> set[int]:
        return self.bridge.joined() if self.bridge is not None else set()

    def connected(self) -> set[int]:
        return self.bridge.connected() if self.bridge is not None else set()

    # --- life ---------------------------------------------------------------------------------

    def start(self) -> None:
        """Serve this game's phone seats (new tokens) and show their codes."""
        scene = self.scene
        if not self.seats or self.server is not None or scene.game.game_over:
            return
        saved = self._saved()
        seats = PhoneSeats(self.seats, {int(seat): token for seat, token in saved.get("tokens", {}).items()})
        bridge = Bridge(seats.seats, wake=wake_loop)
        relay = PhoneRelay(scene.game, scene.config.names, seats, bridge, guide=self.guide)
        address, reachable = listen_address()
        try:
            server = self._listen(seats, bridge, address, int(saved.get("port", 0)))
        except OSError as error:
            self.notice = i18n.tr("codes.cannot_listen", reason=error.strerror or str(error))
            return
        self.notice = "" if reachable else i18n.tr("codes.no_network")
        relay.publish()
        self.bridge, self.relay, self.server = bridge, relay, server.start()
        self._game = scene.game
        self._keep(seats, server.port)
        self.show_codes(auto_close=True)

    @staticmethod
    def _listen(seats: PhoneSeats, bridge: Bridge, address: str, port: int) -> PhoneServer:
        """The server on the game's last port (a resumed game keeps its addresses), or on
        any free one when that is taken."""
        if port:
            try:
                return PhoneServer(seats, bridge, listening(address), port, public_host=address)
            except OSError:
                pass
        return PhoneServer(seats, bridge, listening(address), 0, public_host=address)

    def _saved(self) -> dict[str, Any]:
        """The addresses kept with this game's save (a resumed game), else none."""
        session = getattr(self.scene, "session", None)
        phones = getattr(session, "phones", None)
        return dict(phones) if isinstance(phones, dict) else {}

    def _keep(self, seats: PhoneSeats, port: int) -> None:
        """Keep the addresses with the game's save (the user's private data folder)."""
        session = getattr(self.scene, "session", None)
        if session is None or not hasattr(session, "phones"):
            return
        kept = {"port": port, "tokens": {str(seat): token for seat, token in seats.tokens().items()}}
        if session.phones != kept:
            session.phones = kept
            session.save()

    def stop(self) -> None:
        """The game ended or the table closed: the phones hear it and the server stops."""
        if self.server is not None:
            if self.relay is not None:
                self.relay.publish()  # the last state (the end of the game) goes first
            self.server.stop()
        self.server = self.relay = self.bridge = None

    def show_codes(self, auto_close: bool = False) -> None:
        """The join codes over the table (at the start, and from the pause menu)."""
        app = self.scene.app
        if app is None or self.server is None or self.codes_open:
            return
        codes = [SeatCode(seat, self.scene.name(seat), self.server.url(seat)) for seat in self.seats]
        self.codes_open = True
        app.push(PhoneCodesScene(codes, self.joined, self.notice, on_close=self._codes_closed, auto_close=auto_close))

    def _codes_closed(self) -> None:
        self.codes_open = False
        if self.scene.app is not None:
            self.scene.app.invalidate()

    # --- every frame --------------------------------------------------------------------------

    def update(self) -> None:
        """Answer the phones' moves, tell them every change, stop at the game's end."""
        scene = self.scene
        if scene.game is not self._game and self._game is not None:
            self.stop()  # a new game at the same table: new tokens, new codes
            self._game = None
            self.start()
        relay = self.relay
        if relay is None:
            return
        paused = self._paused()
        changed = paused != relay.paused
        relay.paused = paused
        relay.serve(self._play)
        if changed or relay.stale():
            relay.publish()
        if scene.game.game_over:
            self.stop()

    def _paused(self) -> bool:
        """A screen other than the table's own questions and notices is over it."""
        from ramigui.ui.overlays import HandoffScene, RoundEndScene
        from ramigui.ui.table_dialog import QuestionScene

        app = self.scene.app
        if app is None or app.top is self.scene:
            return False
        return not isinstance(app.top, (RoundEndScene, HandoffScene, QuestionScene, PhoneCodesScene))

    def _play(self, seat: int, move: Move) -> None:
        """A phone's move, already checked on a copy: the table plays it as its own."""
        scene = self.scene
        if move.kind == "next":
            scene.close_round()
            return
        if not scene.play(move):
            raise IllegalMove("unknown_move", move=str(move))
