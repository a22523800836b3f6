"""The phone server: a small HTTP server in a thread beside the game's own loop.

Every address is `/<token>/…`, the token being a phone seat's secret: without a valid
one the answer is 403 and nothing else. With it, a phone gets its page (HTML, CSS, JS
shipped in the package), its seat's state as JSON, a stream of new states (Server-Sent
Events: one long response, no polling) and posts its moves, which the bridge hands to
the game's owner thread. The server never touches the game.

Guarded against a noisy or hostile network: only private (LAN) and loopback peers are
served; each connection has a timeout (a silent client is dropped); the number of
connections is bounded overall and per peer address (a flood is turned away at the door
and cannot exhaust the process's threads); request lines and bodies have size caps; and
nothing is logged (addresses hold tokens).
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import socket
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any

from ramigui.phone.bridge import Bridge
from ramigui.phone.tokens import PhoneSeats

MAX_CONNECTIONS = 32
"""Connections served at once (each holds a thread); more are closed at once."""
MAX_PER_PEER = 8
"""Connections from one address at once (a phone uses two: its stream and its moves)."""
MAX_BODY = 4096
"""A move is a few dozen bytes; anything over this is refused unread (413)."""
MAX_LINE = 2048
"""The request line's length cap (414 beyond)."""
TIMEOUT = 20.0
"""Seconds a connection may stay silent (reading a request, or a stream's write)."""
HEARTBEAT = 15.0
"""A stream with nothing new sends a comment this often (so dead peers are found)."""
MOVE_WAIT = 10.0
"""How long a move waits for the owner thread's answer before 503."""

STATIC = {
    "": ("index.html", "text/html; charset=utf-8"),
    "index.html": ("index.html", "text/html; charset=utf-8"),
    "phone.css": ("phone.css", "text/css; charset=utf-8"),
    "phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "index.ttf": ("index.ttf", "font/ttf"),
}
SECURITY_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy",
     "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
     "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
)


def static_files() -> dict[str, bytes]:
    """The page's files as shipped in the package (read once), and the cards' index font."""
    from ramigui.phone.look import index_font_bytes

    folder = resources.files("ramigui.phone") / "static"
    files = {name: (folder / name).read_bytes() for name, _ in set(STATIC.values()) if name != "index.ttf"}
    files["index.ttf"] = index_font_bytes()
    return files


def default_page_data() -> dict[str, Any]:
    """What every phone's page loads once: its labels and the card and table design, in
    the game's language (the one in force when the server starts)."""
    from ramigui import i18n
    from ramigui.art.cards import court_pattern, rank_letters
    from ramigui.phone.court_svg import court_figures
    from ramigui.phone.look import card_look, table_look
    from ramigui.phone.texts import page_strings

    look = {**card_look(), "courts": court_figures(court_pattern(rank_letters(i18n.tr)))}
    return {"lang": i18n.language(), "strings": page_strings(), "look": look, "table": table_look()}


def is_local_peer(host: str) -> bool:
    """Loopback, private (RFC 1918, ULA) and link-local addresses: the home network."""
    try:
        address = ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback or address.is_private or address.is_link_local


class PhoneHTTPServer(ThreadingHTTPServer):
    """ThreadingHTTPServer with a bounded number of connections, overall and per peer."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 16

    def __init__(self, address: tuple[str, int], phone: PhoneServer) -> None:
        self.phone = phone
        self._slots = threading.Lock()
        self._open: Counter[str] = Counter()
        self._sockets: dict[Any, str] = {}  # open connection → its peer address
        self.turned_away = 0
        self.errors = 0
        super().__init__(address, PhoneHandler)

    def verify_request(self, request: Any, client_address: Any) -> bool:
        peer = str(client_address[0])
        with self._slots:
            if not is_local_peer(peer) or sum(self._open.values()) >= MAX_CONNECTIONS \
                    or self._open[peer] >= MAX_PER_PEER:
                self.turned_away += 1
                return False
            self._open[peer] += 1
            self._sockets[request] = peer
        return True

    def shutdown_request(self, request: Any) -> None:
        with self._slots:
            peer = self._sockets.pop(request, None)
            if peer is not None:
                self._open[peer] -= 1
                if self._open[peer] <= 0:
                    del self._open[peer]
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A connection that failed (reset, garbage) is dropped quietly: nothing logged."""
        self.errors += 1

    def open_connections(self) -> int:
        with self._slots:
            return sum(self._open.values())

    def drop_all(self) -> None:
        """Close every open connection (the server is stopping)."""
        with self._slots:
            sockets = list(self._sockets)
        for sock in sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


class PhoneHandler(BaseHTTPRequestHandler):
    """One connection: routes `/<token>/<what>`; 403 for anything without a seat's token."""

    server: PhoneHTTPServer
    protocol_version = "HTTP/1.1"
    server_version = "ramigui"
    sys_version = ""
    timeout = TIMEOUT

    # --- the door ---------------------------------------------------------------------------

    def parse_request(self) -> bool:
        if len(getattr(self, "raw_requestline", b"")) > MAX_LINE:
            self.requestline, self.request_version, self.command = "", "HTTP/1.1", ""
            self.close_connection = True
            self._send(414, b"", "text/plain")
            return False
        return super().parse_request()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Nothing is logged: request lines hold seats' tokens."""

    def _seat(self) -> tuple[int | None, str]:
        """The seat whose token starts the path, and the rest of the path."""
        path = self.path.split("?", 1)[0]
        parts = path.split("/", 2)
        if len(parts) < 2 or parts[0] != "":
            return None, ""
        seat = self.server.phone.seats.seat_of(parts[1])
        return seat, parts[2] if len(parts) == 3 else "/"

    def _send(self, status: int, body: bytes, kind: str = "application/json; charset=utf-8",
              extra: tuple[tuple[str, str], ...] = ()) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (*SECURITY_HEADERS, *extra):
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _forbidden(self) -> None:
        self.close_connection = True
        self._send(403, b"Forbidden\n", "text/plain; charset=utf-8")

    # --- methods ----------------------------------------------------------------------------

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        seat, rest = self._seat()
        if seat is None:
            self._forbidden()
            return
        if rest == "/":  # the seat's address without its last slash: relative links need it
            self._send(301, b"", "text/plain", extra=(("Location", self.path.split("?", 1)[0] + "/"),))
        elif rest in STATIC:
            name, kind = STATIC[rest]
            self._send(200, self.server.phone.files[name], kind)
        elif rest == "state":
            self._state(seat)
        elif rest == "page":
            self._send(200, self.server.phone.page_data)
        elif rest == "events":
            self._events(seat)
        else:
            self._send(404, b'{"error": "not_found"}')

    def do_POST(self) -> None:  # noqa: N802
        seat, rest = self._seat()
        if seat is None:
            self._forbidden()
            return
        if rest != "move":
            self._drain_or_close()
            self._send(404, b'{"error": "not_found"}')
            return
        text = self._read_move()
        if text is None:
            return
        status, body = self.server.phone.bridge.submit(seat, text, MOVE_WAIT)
        self._send(status, body)

    def _refuse_method(self) -> None:
        seat, _ = self._seat()
        if seat is None:
            self._forbidden()
            return
        self.close_connection = True
        self._send(405, b'{"error": "method"}', extra=(("Allow", "GET, POST"),))

    do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse_method  # noqa: N815

    # --- the parts --------------------------------------------------------------------------

    def _drain_or_close(self) -> None:
        """Skip a small body we do not want; close the connection after a big one."""
        length = self._length()
        if length is None or length > MAX_BODY:
            self.close_connection = True
        elif length:
            self.rfile.read(length)

    def _length(self) -> int | None:
        if "Transfer-Encoding" in self.headers:
            return None
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return None
        return length if length >= 0 else None

    def _read_move(self) -> str | None:
        """The move text of a POST body `{"move": "<notation>"}`, or None (answered)."""
        length = self._length()
        if length is None:
            self.close_connection = True
            self._send(411, b'{"error": "length_required"}')
            return None
        if length > MAX_BODY:
            self.close_connection = True
            self._send(413, b'{"error": "too_large"}')
            return None
        raw = self.rfile.read(length)
        try:
            body = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            body = None
        move = body.get("move") if isinstance(body, dict) else None
        if not isinstance(move, str) or not move.strip() or len(move) > 200:
            self._send(400, b'{"error": "bad_request", "reason": "expected {\\"move\\": \\"<notation>\\"}"}')
            return None
        return move

    def _state(self, seat: int) -> None:
        _, state = self.server.phone.bridge.state(seat)
        if state is None:
            self._send(503, b'{"error": "not_ready"}', extra=(("Retry-After", "1"),))
        else:
            self._send(200, state)

    def _events(self, seat: int) -> None:
        """Server-Sent Events: the seat's state now, then each new one, until the game ends,
        a newer stream takes the seat, or the phone goes away."""
        bridge = self.server.phone.bridge
        self.close_connection = True
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        generation = bridge.open_stream(seat)
        seen = 0
        try:
            self.wfile.write(b"retry: 2000\n\n")
            while True:
                what, seen, state = bridge.wait(seat, seen, generation, HEARTBEAT)
                if what == "state" and state is not None:
                    self.wfile.write(b"event: state\ndata: " + state + b"\n\n")
                elif what == "idle":
                    self.wfile.write(b": still here\n\n")
                else:  # closed, or replaced by a newer stream of this seat
                    self.wfile.write(b"event: " + what.encode() + b"\ndata: {}\n\n")
                    self.wfile.flush()
                    return
                self.wfile.flush()
        except OSError:
            return
        finally:
            bridge.close_stream(seat)


class PhoneServer:
    """The phone seats' server: start it when a game with phone seats starts, stop it
    when that game ends or the table closes. `urls()` are the seats' addresses."""

    poll_interval = 0.5
    """How often the listening loop looks whether it must stop (the stop's delay)."""

    def __init__(self, seats: PhoneSeats, bridge: Bridge, host: str = "127.0.0.1", port: int = 0,
                 *, public_host: str | None = None, page_data: dict[str, Any] | None = None) -> None:
        self.seats = seats
        self.bridge = bridge
        self.files = static_files()
        self.page_data = json.dumps(page_data or default_page_data(), ensure_ascii=False).encode("utf-8")
        self.httpd = PhoneHTTPServer((host, port), self)
        self.port = int(self.httpd.server_address[1])
        self.public_host = public_host or host
        self._thread: threading.Thread | None = None

    def start(self) -> PhoneServer:
        self._thread = threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": self.poll_interval},
                                        name="ramigui-phones", daemon=True)
        self._thread.start()
        return self

    def url(self, seat: int) -> str:
        host = self.public_host
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}:{self.port}{self.seats.path(seat)}"

    def urls(self) -> dict[int, str]:
        return {seat: self.url(seat) for seat in self.seats.seats}

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Stop listening, end every stream and connection; idempotent. The streams first
        send their last state and a `closed` event, so the phones know the game is over."""
        self.bridge.close()
        self.bridge.wait_streams_ended(1.0)
        if self._thread is not None:
            self.httpd.shutdown()
            self._thread.join(timeout=5)
            self._thread = None
        self.httpd.drop_all()
        self.httpd.server_close()


def lan_address() -> str:
    """This machine's address on the home network (the one phones reach), or loopback.

    A UDP socket "connected" to an outside address makes the system choose the interface it
    would use; no packet is sent."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address if is_local_peer(address) else "127.0.0.1"
