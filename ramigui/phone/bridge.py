"""The bridge between the phone server's threads and the thread that owns the game.

`Game` is touched by one thread only: the pygame loop at the table, or `ramigui host`'s
loop. The server's threads never see it. They read each phone seat's latest state (JSON
bytes the owner made and published) and hand moves over as `MoveRequest`s, which the owner
takes, plays through `Game.play` and answers. A published state wakes every stream of that
seat (Server-Sent Events), so phones follow the table with no polling.

Everything here is bounded: a few pending moves at most (a flood gets "busy"), one live
stream per seat (a newer one replaces the older), and waiting never outlasts a timeout.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

MAX_PENDING = 8
"""Moves waiting for the owner at once; more are refused as busy (503)."""


@dataclass
class MoveRequest:
    """A phone's move on its way to the owner, and the answer on its way back."""

    seat: int
    text: str
    status: int = 0
    body: bytes = b""
    done: threading.Event = field(default_factory=threading.Event)


@dataclass
class SeatFeed:
    """One seat's latest state and who follows it."""

    version: int = 0
    state: bytes | None = None
    told_in: str | None = None  # the language the state was made in (None: the game's)
    stream: int = 0  # the generation of the live stream; an older one steps down
    streams: int = 0  # streams open now
    joined: bool = False  # a phone has opened this seat's page at least once


class Bridge:
    """Thread-safe hand-over of states (owner → server) and moves (server → owner)."""

    def __init__(self, seats: list[int], wake: Callable[[], None] | None = None) -> None:
        self._lock = threading.Condition()
        self._feeds = {seat: SeatFeed() for seat in seats}
        self._pending: list[MoveRequest] = []
        self._version = 0
        self._closed = False
        self._languages: dict[int, str] = {}
        self.wake: Callable[[], None] = wake or (lambda: None)

    # --- the owner's side ----------------------------------------------------------------

    def publish(self, states: Mapping[int, bytes], told_in: Mapping[int, str] | None = None) -> None:
        """New states for some seats, each made in the language `told_in` names for its
        seat (none: the game's): stored, and every stream of those seats woken."""
        with self._lock:
            self._version += 1
            for seat, state in states.items():
                feed = self._feeds.get(seat)
                if feed is not None:
                    feed.version = self._version
                    feed.state = state
                    feed.told_in = (told_in or {}).get(seat)
            self._lock.notify_all()

    def take_requests(self) -> list[MoveRequest]:
        """The moves waiting for the owner, oldest first (never blocks)."""
        with self._lock:
            taken, self._pending = self._pending, []
            return taken

    @staticmethod
    def answer(request: MoveRequest, status: int, body: bytes) -> None:
        request.status, request.body = status, body
        request.done.set()

    def close(self) -> None:
        """The game is over or the table closed: streams end, waiting moves are refused."""
        with self._lock:
            self._closed = True
            pending, self._pending = self._pending, []
            self._lock.notify_all()
        for request in pending:
            self.answer(request, 503, b'{"error": "closed"}')

    @property
    def closed(self) -> bool:
        return self._closed

    def joined(self) -> set[int]:
        """The seats whose page a phone has opened."""
        with self._lock:
            return {seat for seat, feed in self._feeds.items() if feed.joined}

    def languages(self) -> dict[int, str]:
        """The language each seat's phone asked for (a seat not here: the game's)."""
        with self._lock:
            return dict(self._languages)

    def connected(self) -> set[int]:
        """The seats followed by a live stream right now."""
        with self._lock:
            return {seat for seat, feed in self._feeds.items() if feed.streams > 0}

    # --- the server's side ---------------------------------------------------------------

    def state(self, seat: int, timeout: float = 2.0) -> tuple[int, bytes | None]:
        """The seat's latest state: one made in the language its phone asked for, waited for
        at most `timeout` seconds (the owner tells it at its next step), else the last one."""
        with self._lock:
            feed = self._feeds[seat]
            feed.joined = True
            self._lock.wait_for(lambda: self._closed or self._told(seat, feed) is not None, timeout)
            return feed.version, self._told(seat, feed) or feed.state

    def _told(self, seat: int, feed: SeatFeed) -> bytes | None:
        """The feed's state if it was made in the seat's language (a phone that asked for
        another is sent the next one, made in its own)."""
        return feed.state if feed.told_in == self._languages.get(seat) else None

    def speak(self, seat: int, lang: str) -> None:
        """A seat's phone asks for `lang`: the owner is woken to tell it its state again in it."""
        with self._lock:
            if not self._speak(seat, lang):
                return
        self.wake()

    def _speak(self, seat: int, lang: str | None) -> bool:
        """(Lock held.) The seat's language is now `lang` if it names one; whether it changed."""
        if not lang or seat not in self._feeds or self._languages.get(seat) == lang:
            return False
        self._languages[seat] = lang
        return True

    def submit(self, seat: int, text: str, timeout: float) -> tuple[int, bytes]:
        """Hand a move to the owner and wait for its answer: (HTTP status, JSON body)."""
        request = MoveRequest(seat, text)
        with self._lock:
            if self._closed:
                return 503, b'{"error": "closed"}'
            if len(self._pending) >= MAX_PENDING:
                return 503, b'{"error": "busy"}'
            self._pending.append(request)
            self._feeds[seat].joined = True
        self.wake()
        if not request.done.wait(timeout):
            with self._lock:
                if request in self._pending:
                    self._pending.remove(request)
            if not request.done.is_set():
                return 503, b'{"error": "no_answer"}'
        return request.status, request.body

    def open_stream(self, seat: int, lang: str | None = None) -> int:
        """A new live stream for `seat`, from a phone asking for `lang`: its generation (any
        older stream steps down before a state in the new one's language is made)."""
        with self._lock:
            self._speak(seat, lang)
            feed = self._feeds[seat]
            feed.stream += 1
            feed.streams += 1
            feed.joined = True
            self._lock.notify_all()
            generation = feed.stream
        self.wake()  # the owner may show who joined
        return generation

    def is_current(self, seat: int, generation: int) -> bool:
        """Whether `generation` is the seat's live stream (no newer screen took the seat)."""
        with self._lock:
            return self._feeds[seat].stream == generation

    def close_stream(self, seat: int) -> None:
        with self._lock:
            self._feeds[seat].streams -= 1
            self._lock.notify_all()
        self.wake()

    def wait_streams_ended(self, timeout: float) -> bool:
        """After `close`: wait (at most `timeout`) until every stream said goodbye."""
        with self._lock:
            return self._lock.wait_for(lambda: all(f.streams <= 0 for f in self._feeds.values()), timeout)

    def wait(self, seat: int, seen: int, generation: int, timeout: float) -> tuple[str, int, bytes | None]:
        """Wait until `seat` has a state newer than `seen`, at most `timeout` seconds.

        Returns ("state", version, state), ("idle", seen, None) after the timeout,
        ("replaced", …) when a newer stream took the seat, or ("closed", …) once the last
        state was sent."""
        with self._lock:
            feed = self._feeds[seat]

            def changed() -> bool:
                return self._closed or feed.stream != generation or (feed.version > seen and
                                                                      self._told(seat, feed) is not None)

            self._lock.wait_for(changed, timeout)
            if feed.stream != generation:
                return "replaced", seen, None
            state = self._told(seat, feed)
            if feed.version > seen and state is not None:  # the last state before closing
                return "state", feed.version, state
            if self._closed:
                return "closed", seen, None
            return "idle", seen, None
