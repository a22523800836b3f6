"""The phone server's front door: one thread reads every request whole before anyone serves it.

A thread per connection lets slow clients starve the phones: a connection that sends a byte
every few seconds holds its thread for as long as it likes, and a few dozen of them hold
them all. Here one thread (a selector) accepts the connections and reads each request —
its head and its body — into a buffer, within one total deadline: a connection that has
not sent a whole request by then is answered 408 and closed. Waiting costs a socket and a
buffer, never a worker, so many slow connections fit beside the phones. Only a complete
request goes to a worker thread, from one of two bounded pools: requests whose address
carries a seat's token have their own pool, which requests without one never touch.

Requests no HTTP/1.x server could read (HTTP/0.9, lines ended by a lone CR, an over-long
head) are answered 400, 414 or 431 as soon as that is seen. Each connection serves one
request and is closed (the answers say so); closing first shuts our side and lets the
client's remaining bytes drain for a moment, so the answer is not lost to a reset.
"""

from __future__ import annotations

import contextlib
import re
import selectors
import socket
import threading
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ramigui.phone.network import family_of, is_local_peer

REQUEST_DEADLINE = 4.0
"""Seconds a connection has to send its whole request (head and body), from its opening."""
MAX_WAITING = 256
"""Connections reading their request at once (a socket and a buffer each); when full, the
oldest makes room."""
MAX_PER_PEER = 12
"""Connections from one address at once (a phone uses several: its page's files at once, each
on a connection of its own, its stream, a move)."""
SEATED_WORKERS = 32
"""Requests carrying a seat's token served at once (a stream each, a move or a read)."""
GUEST_WORKERS = 8
"""Requests without a token served at once (each is a quick 403)."""
MAX_LINE = 2048
"""The request line's length cap (414 beyond)."""
MAX_HEAD = 8192
"""The request head's length cap (431 beyond)."""
MAX_BODY = 4096
"""A move is a few dozen bytes: a body announced over this is not waited for (413)."""
LINGER = 1.0
"""Seconds a closed connection's remaining bytes are drained before it is dropped."""
WRITE_TIMEOUT = 20.0
"""Seconds a worker's write may block (a phone that stopped reading is dropped)."""
STOP_DRAIN = 2.0
"""Seconds `stop` waits for the answers being written (a move accepted just as the game
ends is answered, not cut off)."""

HEAD_END = re.compile(rb"\r?\n\r?\n")
LONE_CR = re.compile(rb"\r[^\n]")
"""A line ended by a CR alone (a CR last in the bytes so far may still get its LF)."""
EXPECT_CONTINUE = re.compile(rb"(?im)^expect:[ \t]*100-continue[ \t]*\r?$")
Serve = Callable[[socket.socket, str, bytes], None]
"""A worker's job: answer the complete request `data` from `peer` on the socket."""
Refusal = Callable[[int, bytes], bytes]
"""The whole answer (status line, headers, body) refusing a request with a status, given
what the connection sent so far (for its Accept-Language)."""


@dataclass
class Reading:
    """How far a request has been read: each byte of its head is looked at once, so a client
    sending a byte at a time costs no more than one sending it all."""

    scanned: int = 0  # bytes of the head already checked
    line_read: bool = False  # the request line is whole and looks like HTTP/1.x
    body_at: int = -1  # where the body starts, once the head is whole
    length: int | None = 0  # the body's announced length (None: the handler refuses it unread)
    expects_continue: bool = False


@dataclass
class Arrival:
    """A connection whose request is being read (or, `closing`, whose remains are drained)."""

    sock: socket.socket
    peer: str
    deadline: float
    data: bytearray = field(default_factory=bytearray)
    reading: Reading = field(default_factory=Reading)
    continued: bool = False  # "100 Continue" sent
    closing: bool = False


@dataclass
class Verdict:
    """What a request's bytes so far call for: wait for more, serve it, or refuse it."""

    status: int = 0  # a refusal's status
    complete: bool = False


WAIT = Verdict()
COMPLETE = Verdict(complete=True)


def read_verdict(data: bytes | bytearray, reading: Reading) -> Verdict:
    """Whether the request in `data` is complete, still arriving, or to be refused now;
    `reading` keeps what is known already (the bytes only ever grow)."""
    if reading.body_at < 0:
        refused = _read_head(data, reading)
        if refused is not None:
            return refused
        if reading.body_at < 0:
            return WAIT
    if reading.length is None or reading.length > MAX_BODY:
        return COMPLETE  # the handler answers (411, 400 or 413) without reading a body
    return COMPLETE if len(data) - reading.body_at >= reading.length else WAIT


def _read_head(data: bytes | bytearray, reading: Reading) -> Verdict | None:
    """Look at the head's new bytes: a refusal, or None (`reading.body_at` set once whole)."""
    start = max(0, reading.scanned - 3)
    found = HEAD_END.search(data, start)
    end = found.end() if found is not None else len(data)
    if not reading.line_read:
        line_end = data.find(b"\n", start)
        line = data[:line_end if line_end >= 0 else len(data)].rstrip(b"\r")
        if len(line) > MAX_LINE:
            return Verdict(414)
    if LONE_CR.search(data, start, end):
        return Verdict(400)
    reading.scanned = len(data)
    if not reading.line_read:
        if line_end < 0:
            return None
        words = bytes(line).split()
        if len(words) != 3 or not words[2].startswith(b"HTTP/1."):
            return Verdict(400)  # HTTP/0.9 (no version), or not HTTP/1.x at all
        reading.line_read = True
    if end > MAX_HEAD:
        return Verdict(431)
    if found is not None:
        head = bytes(data[:found.start()])
        reading.body_at = found.end()
        reading.length = body_length(head)
        reading.expects_continue = EXPECT_CONTINUE.search(head) is not None
    return None


def body_length(head: bytes) -> int | None:
    """The body's announced length (0 if none); None if chunked, unreadable or ambiguous."""
    lengths = []
    for raw in head.split(b"\n")[1:]:
        name, _, value = raw.partition(b":")
        name = name.strip().lower()
        if name == b"transfer-encoding":
            return None
        if name == b"content-length":
            lengths.append(value.strip())
    if not lengths:
        return 0
    if len(set(lengths)) != 1 or not lengths[0].isdigit():
        return None
    return int(lengths[0])


def request_path(data: bytes) -> str:
    """The path of a complete request's line (as the handler will read it)."""
    words = data.split(b"\n", 1)[0].split()
    return words[1].decode("iso-8859-1") if len(words) >= 2 else ""


class Door:
    """Listens on some addresses, reads requests whole, hands them to bounded workers."""

    def __init__(self, hosts: Sequence[str], port: int, serve: Serve, refuse: Refusal,
                 is_seated: Callable[[str], bool]) -> None:
        self.serve = serve
        self.refuse = refuse
        self.is_seated = is_seated
        self.deadline = REQUEST_DEADLINE
        self.listeners = listen(hosts, port)
        self.port = int(self.listeners[0].getsockname()[1])
        self.turned_away = 0  # connections refused at the door (outside peer, over a cap)
        self.timed_out = 0  # connections dropped for not sending a whole request in time
        self.errors = 0  # requests whose worker failed
        self._lock = threading.Lock()
        self._peers: Counter[str] = Counter()
        self._open: dict[socket.socket, str] = {}  # every open connection → its peer
        self._waiting: dict[socket.socket, Arrival] = {}  # oldest first
        self._handed_back: list[socket.socket] = []
        self._serving = 0  # workers answering a request right now
        self._served = threading.Condition(self._lock)
        self._pools = {True: threading.BoundedSemaphore(SEATED_WORKERS),
                       False: threading.BoundedSemaphore(GUEST_WORKERS)}
        self._selector = selectors.DefaultSelector()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # --- life ---------------------------------------------------------------------------------

    def start(self, name: str = "ramigui-phones") -> None:
        for listener in self.listeners:
            listener.setblocking(False)
            self._selector.register(listener, selectors.EVENT_READ, "listen")
        self._selector.register(self._wake_read, selectors.EVENT_READ, "wake")
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop listening, let the answers being written finish (a moment at most), then drop
        every connection (idempotent)."""
        self._stopping.set()
        self._wake()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        with self._lock:
            self._served.wait_for(lambda: self._serving == 0, timeout=STOP_DRAIN)
            sockets = list(self._open)
            back, self._handed_back = self._handed_back, []
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        for sock in back:  # served while the door was stopping
            self._release(sock)
        for sock in [*self.listeners, *self._waiting, self._wake_read, self._wake_write]:
            sock.close()
        self._waiting.clear()
        self._selector.close()

    def open_connections(self) -> int:
        with self._lock:
            return len(self._open)

    def waiting(self) -> int:
        """Connections still sending their request."""
        with self._lock:
            return sum(not arrival.closing for arrival in self._waiting.values())

    # --- the door's thread ----------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stopping.is_set():
            for key, _ in self._selector.select(self._next_timeout()):
                if isinstance(key.data, Arrival):
                    self._receive_or_drop(key.data)
                elif key.data == "listen":
                    self._accept(key.fileobj)  # type: ignore[arg-type]
                else:
                    self._take_handed_back()
            self._expire(time.monotonic())
        for arrival in list(self._waiting.values()):
            self._drop(arrival)

    def _next_timeout(self) -> float:
        with self._lock:
            first = min((a.deadline for a in self._waiting.values()), default=None)
        return 0.5 if first is None else min(0.5, max(0.0, first - time.monotonic()))

    def _accept(self, listener: socket.socket) -> None:
        for _ in range(64):  # a burst at most per turn: the others wait in the backlog
            try:
                sock, address = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                self._count_error()
                return
            peer = str(address[0])
            with self._lock:
                refused = not is_local_peer(peer) or self._peers[peer] >= MAX_PER_PEER
                if not refused:
                    self._peers[peer] += 1
                    self._open[sock] = peer
            if refused:
                self._turn_away(sock, peer)
                continue
            if len(self._waiting) >= MAX_WAITING:
                self._evict_oldest()
            sock.setblocking(False)
            arrival = Arrival(sock, peer, time.monotonic() + self.deadline)
            with self._lock:
                self._waiting[sock] = arrival
            self._selector.register(sock, selectors.EVENT_READ, arrival)

    def _turn_away(self, sock: socket.socket, peer: str) -> None:
        """Close a connection refused at the door: an outside peer hears nothing; a home one
        over its cap hears 503 (retry soon), written without waiting."""
        self.turned_away += 1
        if is_local_peer(peer):
            with contextlib.suppress(OSError):
                sock.setblocking(False)
                sock.send(self.refuse(503, b""))
                sock.shutdown(socket.SHUT_WR)
        sock.close()

    def _evict_oldest(self) -> None:
        """Room for a newcomer: the connection that has waited longest goes (503)."""
        oldest = next(iter(self._waiting.values()))
        if not oldest.closing:
            with contextlib.suppress(OSError):
                oldest.sock.send(self.refuse(503, bytes(oldest.data)))
        self._drop(oldest)

    def _receive_or_drop(self, arrival: Arrival) -> None:
        """Read what arrived; a connection the door fails on is dropped alone, the door goes on."""
        try:
            self._receive(arrival)
        except Exception:  # noqa: BLE001 - one bad connection never stops the door
            self._count_error()
            self._drop(arrival)

    def _receive(self, arrival: Arrival) -> None:
        try:
            chunk = arrival.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._drop(arrival)
            return
        if arrival.closing:
            return
        arrival.data += chunk
        verdict = read_verdict(arrival.data, arrival.reading)
        if verdict.status:
            self._refuse(arrival, verdict.status)
        elif verdict.complete:
            self._hand_over(arrival)
        elif arrival.reading.expects_continue and not arrival.continued:
            arrival.continued = True
            with contextlib.suppress(OSError):
                arrival.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")

    def _expire(self, now: float) -> None:
        with self._lock:
            late = [arrival for arrival in self._waiting.values() if arrival.deadline <= now]
        for arrival in late:
            if arrival.closing:
                self._drop(arrival)
            else:
                self.timed_out += 1
                self._refuse(arrival, 408)

    def _refuse(self, arrival: Arrival, status: int) -> None:
        """Answer with an error now (a small write on an idle socket), then close."""
        with contextlib.suppress(OSError):
            arrival.sock.send(self.refuse(status, bytes(arrival.data)))
        self._close_softly(arrival)

    def _close_softly(self, arrival: Arrival) -> None:
        """Shut our side; drain what the client still sends for a moment, then drop it."""
        with contextlib.suppress(OSError):
            arrival.sock.shutdown(socket.SHUT_WR)
        arrival.closing = True
        arrival.data = bytearray()
        arrival.deadline = time.monotonic() + LINGER

    def _drop(self, arrival: Arrival) -> None:
        with contextlib.suppress(KeyError, ValueError):
            self._selector.unregister(arrival.sock)
        with self._lock:
            self._waiting.pop(arrival.sock, None)
        self._release(arrival.sock)

    def _hand_over(self, arrival: Arrival) -> None:
        """A complete request: to a worker of its pool, or 503 when that pool is busy."""
        data = bytes(arrival.data)
        seated = self.is_seated(request_path(data))
        pool = self._pools[seated]
        if not pool.acquire(blocking=False):
            self._refuse(arrival, 503)
            return
        self._selector.unregister(arrival.sock)
        with self._lock:
            del self._waiting[arrival.sock]
            self._serving += 1
        threading.Thread(target=self._work, args=(arrival.sock, arrival.peer, data, pool),
                         name="ramigui-phone", daemon=True).start()

    def _take_handed_back(self) -> None:
        with contextlib.suppress(OSError):
            while self._wake_read.recv(4096):
                pass
        with self._lock:
            back, self._handed_back = self._handed_back, []
        for sock in back:
            arrival = Arrival(sock, "", 0.0, closing=True)
            try:
                sock.setblocking(False)
                self._selector.register(sock, selectors.EVENT_READ, arrival)
            except (OSError, ValueError):
                self._release(sock)
                continue
            with self._lock:
                arrival.peer = self._open.get(sock, "")
                self._waiting[sock] = arrival
            self._close_softly(arrival)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):
            self._wake_write.send(b"!")

    # --- workers ------------------------------------------------------------------------------

    def _work(self, sock: socket.socket, peer: str, data: bytes, pool: threading.BoundedSemaphore) -> None:
        try:
            sock.setblocking(True)
            sock.settimeout(WRITE_TIMEOUT)
            self.serve(sock, peer, data)
        except Exception:  # noqa: BLE001 - a failed answer drops this connection, nothing else
            self._count_error()
        finally:
            pool.release()
            self._give_back(sock)
            with self._lock:
                self._serving -= 1
                self._served.notify_all()

    def _count_error(self) -> None:
        with self._lock:
            self.errors += 1

    def _give_back(self, sock: socket.socket) -> None:
        """A served connection: the door closes it softly (or at once if it is stopping)."""
        if self._stopping.is_set():
            self._release(sock)
            return
        with self._lock:
            self._handed_back.append(sock)
        self._wake()

    def _release(self, sock: socket.socket) -> None:
        with self._lock:
            peer = self._open.pop(sock, None)
            if peer is not None:
                self._peers[peer] -= 1
                if self._peers[peer] <= 0:
                    del self._peers[peer]
        sock.close()


def listen(hosts: Sequence[str], port: int) -> list[socket.socket]:
    """Listening sockets on every address of `hosts`, all on one port (the first's, when
    `port` is 0: tried a few times, in case another program takes it meanwhile)."""
    for _ in range(5):
        sockets: list[socket.socket] = []
        try:
            for host in hosts:
                chosen = port or (int(sockets[0].getsockname()[1]) if sockets else 0)
                family = family_of(host)
                sockets.append(socket.create_server((host, chosen), family=family, backlog=64,
                                                    dualstack_ipv6=False))
            return sockets
        except OSError:
            for sock in sockets:
                sock.close()
            if port or len(sockets) == 0:
                raise
    raise OSError("no common free port")
