"""The phone server: a small HTTP server in threads beside the game's own loop.

Every address is `/<token>/…`, the token being a phone seat's secret: without a valid
one the answer is 403 and a page saying to scan the code on the big screen again. With
it, a phone gets its page (HTML, CSS, JS shipped in the package), its seat's state as
JSON, a stream of new states (Server-Sent Events: one long response, no polling) and
posts its moves, which the bridge hands to the game's owner thread. The server never
touches the game.

Guarded against a noisy or hostile network: only private (home network) and loopback
peers are served (`network`); requests are read whole, within a total deadline, by one
thread before a worker serves them, and requests carrying a seat's token have workers of
their own (`door`), so slow or idle connections cannot starve the phones; connections are
bounded overall and per peer; request lines, heads and bodies have size caps; a body that
is not a plain move — not UTF-8 JSON, nested, text that is not Unicode characters — is
refused (400, with the reason in the phone's language) before it goes anywhere; and
nothing is logged (addresses hold tokens).
"""

from __future__ import annotations

import io
import json
import re
import socket
from collections.abc import Sequence
from html import escape
from http.server import BaseHTTPRequestHandler
from importlib import resources
from string import Template
from typing import Any, NamedTuple

from ramigui import i18n
from ramigui.phone.bridge import Bridge
from ramigui.phone.door import MAX_BODY, MAX_LINE, MAX_PER_PEER, Door
from ramigui.phone.network import EVERY_INTERFACE, as_list, is_local_peer, lan_address
from ramigui.phone.tokens import PhoneSeats

__all__ = ["MAX_BODY", "MAX_LINE", "MAX_PER_PEER", "PhoneServer", "is_local_peer", "lan_address"]

HEARTBEAT = 15.0
"""A stream with nothing new sends a comment this often (so dead peers are found)."""
MOVE_WAIT = 10.0
"""How long a move waits for the owner thread's answer before 503."""
STREAMS_END_WAIT = 2.0
"""At the stop, how long the streams have to send their last state and `closed` (a busy
machine may take more than a moment; an idle one takes none)."""
MAX_MOVE = 200
"""A move's notation is a few dozen characters."""
MAX_DEPTH = 4
"""A move body is one flat object: nesting deeper than this is refused unparsed."""

STATIC = {
    "": ("index.html", "text/html; charset=utf-8"),
    "index.html": ("index.html", "text/html; charset=utf-8"),
    "phone.css": ("phone.css", "text/css; charset=utf-8"),
    "phone.js": ("phone.js", "text/javascript; charset=utf-8"),
    "index.ttf": ("index.ttf", "font/ttf"),
}
WRONG_LINK_PAGE = "wrong_link.html"
SECURITY_HEADERS = (
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy",
     "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
     "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
)
WRONG_LINK_POLICY = ("Content-Security-Policy",
                     "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; "
                     "frame-ancestors 'none'")
"""The wrong-link page has no script and no link (no token to reach phone.css): its style is inline."""
STATUS_TEXT = {400: "Bad Request", 403: "Forbidden", 408: "Request Timeout", 409: "Conflict", 411: "Length Required",
               413: "Payload Too Large",
               414: "URI Too Long", 431: "Request Header Fields Too Large", 503: "Service Unavailable"}
REFUSAL_KEYS = {408: "phone.timed_out", 413: "phone.too_long", 414: "phone.too_long", 431: "phone.too_long",
                503: "phone.busy"}
"""The reason said for a refusal at the door (any other: the request could not be read)."""
ACCEPT_LANGUAGE = re.compile(rb"(?im)^accept-language:[ \t]*([^\r\n]*)")


def static_files() -> dict[str, bytes]:
    """The page's files as shipped in the package (read once), and the cards' index font."""
    from ramigui.phone.look import index_font_bytes

    folder = resources.files("ramigui.phone") / "static"
    names = {name for name, _ in STATIC.values() if name != "index.ttf"} | {WRONG_LINK_PAGE}
    files = {name: (folder / name).read_bytes() for name in names}
    files["index.ttf"] = index_font_bytes()
    return files


def default_page_data() -> dict[str, Any]:
    """What every phone's page loads once: its labels and the card and table design, in
    the language in force (`page_data_by_language` makes it in each)."""
    from ramigui.art.cards import court_pattern, rank_letters
    from ramigui.phone.court_svg import court_figures
    from ramigui.phone.look import card_look, table_look
    from ramigui.phone.texts import page_strings

    look = {**card_look(), "courts": court_figures(court_pattern(rank_letters(i18n.tr)))}
    return {"lang": i18n.language(), "strings": page_strings(), "look": look, "table": table_look()}


def page_data_by_language(given: dict[str, Any] | None = None) -> dict[str, bytes]:
    """The page's data as JSON in each language we speak, and under "" in the game's (for a
    phone that asks for none of ours); `given` (a test's) in every language alike."""
    def encoded() -> bytes:
        return json.dumps(given or default_page_data(), ensure_ascii=False).encode("utf-8")

    by_language = {}
    for lang in i18n.LANGUAGES:
        with i18n.speaking(lang):
            by_language[lang] = encoded()
    by_language[""] = by_language[i18n.language()]  # made once: the game's language is one of ours
    return by_language


def preferred_language(accept: str | None, default: str) -> str:
    """The language a browser asks for first (Accept-Language), of those we speak; else `default`."""
    best, best_weight = default, 0.0
    for part in (accept or "").split(","):
        tag, _, params = part.strip().partition(";")
        lang = tag.strip().lower()[:2]
        if lang not in i18n.LANGUAGES:
            continue
        weight = 1.0
        quality = params.strip()
        if quality.startswith("q="):
            try:
                weight = float(quality[2:])
            except ValueError:
                continue
        if weight > best_weight:
            best, best_weight = lang, weight
    return best


def language_of(data: bytes, default: str) -> str:
    """The language of a request's raw head (what a refused request asked for)."""
    found = ACCEPT_LANGUAGE.search(data)
    return preferred_language(found.group(1).decode("iso-8859-1") if found else None, default)


def refusal_body(status: int, lang: str, key: str | None = None) -> bytes:
    """A refusal's JSON: a code for programs (the status's name), a reason for people."""
    code = STATUS_TEXT.get(status, "Bad Request").lower().replace(" ", "_")
    reason = i18n.text_in(lang, key or REFUSAL_KEYS.get(status, "phone.bad_request"))
    return json.dumps({"error": code, "reason": reason}, ensure_ascii=False).encode("utf-8")


def refusal_answer(status: int, data: bytes) -> bytes:
    """A whole HTTP answer refusing a request the door could not take (see `door.Refusal`)."""
    body = refusal_body(status, language_of(data, i18n.language()))
    head = [f"HTTP/1.1 {status} {STATUS_TEXT.get(status, '')}", "Content-Type: application/json; charset=utf-8",
            f"Content-Length: {len(body)}", *(f"{name}: {value}" for name, value in SECURITY_HEADERS),
            "Connection: close"]
    if status == 503:
        head.append("Retry-After: 1")
    return ("\r\n".join(head) + "\r\n\r\n").encode("ascii") + body


def nesting_depth(raw: bytes) -> int:
    """How deep JSON text nests its arrays and objects (strings skipped), without parsing it."""
    depth = deepest = 0
    in_string = escaped = False
    for byte in raw:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # backslash
                escaped = True
            elif byte == 0x22:  # quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):  # [ {
            depth += 1
            deepest = max(deepest, depth)
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return deepest


def is_text(text: str) -> bool:
    """Whether every character is a Unicode scalar value (no lone surrogate from a `\\ud800`)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class MoveBody(NamedTuple):
    """A phone's move as its POST body says it."""

    move: str
    """The move in the rules' notation."""
    screen: int | None
    """The screen it comes from: the generation of the stream its page follows (`id:` of the
    stream's events), or None when not said. A page replaced by a newer one of the same seat
    is refused its moves: after "Cancel" it looked live and still drew a card."""


def read_move(raw: bytes) -> tuple[MoveBody | None, str]:
    """The move of a body `{"move": "<notation>", "screen": N}`, or None and the refusal's key."""
    if nesting_depth(raw) > MAX_DEPTH:
        return None, "phone.too_deep"
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None, "phone.bad_request"
    if not isinstance(body, dict):
        return None, "phone.bad_request"
    move, screen = body.get("move"), body.get("screen")
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
        return None, "phone.bad_request"
    if not is_text(move):
        return None, "phone.bad_text"
    return MoveBody(move, screen if type(screen) is int else None), ""


class SocketWriter:
    """The worker's output: every write goes out whole (or raises after the socket's timeout)."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock

    def write(self, data: bytes) -> int:
        self.sock.sendall(data)
        return len(data)

    def flush(self) -> None:
        """Nothing is buffered."""


class PhoneHandler(BaseHTTPRequestHandler):
    """One request, read whole by the door: routes `/<token>/<what>`; without a seat's
    token, 403 and the wrong-link page. Every answer closes its connection."""

    protocol_version = "HTTP/1.1"
    server_version = "ramigui"
    sys_version = ""

    def __init__(self, sock: socket.socket, peer: str, server: PhoneServer, data: bytes) -> None:
        self.data = data
        self.phone = server
        super().__init__(sock, (peer, 0), server)  # type: ignore[arg-type]

    def setup(self) -> None:
        self.connection = self.request
        self.rfile = io.BytesIO(self.data)
        self.wfile = SocketWriter(self.request)  # type: ignore[assignment]

    def handle(self) -> None:
        self.handle_one_request()
        self.close_connection = True

    def finish(self) -> None:
        """The door closes the connection."""

    def handle_expect_100(self) -> bool:
        """The door already said "100 Continue" while it read the body."""
        return True

    # --- answers ---------------------------------------------------------------------------

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """What http.server itself refuses (a head it cannot read, an unknown method, an HTTP
        version it does not speak) as a 4xx of ours: a 5xx would say the server failed."""
        if code == 501 and getattr(self, "path", None) is not None:  # an unknown method
            self._refuse_method()
            return
        self._refuse(code if 400 <= code < 500 else 400)

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        """Nothing is logged: request lines hold seats' tokens."""

    def _seat(self) -> tuple[int | None, str]:
        """The seat whose token starts the path, and the rest of the path."""
        return self.phone.seat_of_path(self.path)

    def _language(self, default: str) -> str:
        return preferred_language(self.headers.get("Accept-Language"), default)

    def _send(self, status: int, body: bytes, kind: str = "application/json; charset=utf-8",
              extra: tuple[tuple[str, str], ...] = ()) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        policy = dict(extra).get("Content-Security-Policy")
        for name, value in SECURITY_HEADERS:
            if name != "Content-Security-Policy" or policy is None:
                self.send_header(name, value)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _refuse(self, status: int, key: str | None = None) -> None:
        """A 4xx with its reason in the phone's language (else the game's)."""
        has_headers = getattr(self, "headers", None) is not None
        lang = self._language(i18n.language()) if has_headers else i18n.language()
        self._send(status, refusal_body(status, lang, key))

    def _forbidden(self) -> None:
        """A wrong or old link: a page, in the phone's language, saying to scan the code again."""
        lang = self._language(i18n.DEFAULT_LANGUAGE)
        page = Template(self.phone.files[WRONG_LINK_PAGE].decode("utf-8")).substitute(
            lang=lang, title=escape(i18n.text_in(lang, "phone.wrong_link.title")),
            text=escape(i18n.text_in(lang, "phone.wrong_link.text")))
        self._send(403, page.encode("utf-8"), "text/html; charset=utf-8", extra=(WRONG_LINK_POLICY,))

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
            self._send(200, self.phone.files[name], kind)
        elif rest == "state":
            self.phone.bridge.speak(seat, self._language(""))  # its state comes in the phone's language
            self._state(seat)
        elif rest == "page":
            self._send(200, self.phone.page_data.get(self._language("")) or self.phone.page_data[""])
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
            self._send(404, b'{"error": "not_found"}')
            return
        read = self._read_move()
        if read is None:
            return
        text, screen = read
        if screen is not None and not self.phone.bridge.is_current(seat, screen):
            self._refuse(409, "phone.elsewhere")  # a screen another one replaced plays no more
            return
        status, body = self.phone.bridge.submit(seat, text, MOVE_WAIT)
        self._send(status, body)

    def _refuse_method(self) -> None:
        seat, _ = self._seat()
        if seat is None:
            self._forbidden()
            return
        self._send(405, b'{"error": "method"}', extra=(("Allow", "GET, POST"),))

    do_HEAD = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_TRACE = do_CONNECT = _refuse_method  # noqa: N815

    # --- the parts --------------------------------------------------------------------------

    def _length(self) -> int | None:
        if "Transfer-Encoding" in self.headers:
            return None
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            return None
        return length if length >= 0 else None

    def _read_move(self) -> MoveBody | None:
        """The move of a POST body, or None (answered)."""
        length = self._length()
        if length is None:
            self._refuse(411)
            return None
        if length > MAX_BODY:
            self._refuse(413)
            return None
        body, refusal = read_move(self.rfile.read(length))
        if body is None:
            self._refuse(400, refusal)
        return body

    def _state(self, seat: int) -> None:
        _, state = self.phone.bridge.state(seat)
        if state is None:
            self._send(503, b'{"error": "not_ready"}', extra=(("Retry-After", "1"),))
        else:
            self._send(200, state)

    def _events(self, seat: int) -> None:
        """Server-Sent Events: the seat's state now, then each new one, until the game ends,
        a newer stream takes the seat, or the phone goes away."""
        bridge = self.phone.bridge
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        for name, value in SECURITY_HEADERS:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()
        generation = bridge.open_stream(seat, self._language(""))  # the page it replaces hears no more
        seen = 0
        try:
            self.wfile.write(b"retry: 2000\n\n")
            while True:
                what, seen, state = bridge.wait(seat, seen, generation, HEARTBEAT)
                if what == "state" and state is not None:  # its id names this screen (`read_screen`)
                    self.wfile.write(b"event: state\nid: %d\ndata: " % generation + state + b"\n\n")
                elif what == "idle":
                    self.wfile.write(b": still here\n\n")
                else:  # closed, or replaced by a newer stream of this seat
                    self.wfile.write(b"event: " + what.encode() + b"\ndata: {}\n\n")
                    return
        except OSError:
            return
        finally:
            bridge.close_stream(seat)


class PhoneServer:
    """The phone seats' server: start it when a game with phone seats starts, stop it
    when that game ends or the table closes. `urls()` are the seats' addresses.

    `host` is where to listen: one address or several (the LAN address the codes name and
    loopback), all on one port; `public_host` is the address the codes name."""

    def __init__(self, seats: PhoneSeats, bridge: Bridge, host: str | Sequence[str] = "127.0.0.1", port: int = 0,
                 *, public_host: str | None = None, page_data: dict[str, Any] | None = None) -> None:
        self.seats = seats
        self.bridge = bridge
        self.files = static_files()
        self.page_data = page_data_by_language(page_data)
        hosts = as_list(host)
        self.door = Door(hosts, port, self._serve, refusal_answer, self._is_seated)
        self.port = self.door.port
        self.public_host = public_host or (lan_address() if hosts[0] in EVERY_INTERFACE else hosts[0])

    def start(self) -> PhoneServer:
        self.door.start()
        return self

    def seat_of_path(self, path: str) -> tuple[int | None, str]:
        """The seat whose token starts `path`, and the rest of the path."""
        parts = path.split("?", 1)[0].split("/", 2)
        if len(parts) < 2 or parts[0] != "":
            return None, ""
        return self.seats.seat_of(parts[1]), parts[2] if len(parts) == 3 else "/"

    def _is_seated(self, path: str) -> bool:
        return self.seat_of_path(path)[0] is not None

    def _serve(self, sock: socket.socket, peer: str, data: bytes) -> None:
        PhoneHandler(sock, peer, self, data)

    def url(self, seat: int) -> str:
        host = self.public_host
        if ":" in host and not host.startswith("["):
            host = f"[{host}]"
        return f"http://{host}:{self.port}{self.seats.path(seat)}"

    def urls(self) -> dict[int, str]:
        return {seat: self.url(seat) for seat in self.seats.seats}

    @property
    def running(self) -> bool:
        return self.door.running

    def stop(self) -> None:
        """Stop listening, end every stream and connection; idempotent. The streams first
        send their last state and a `closed` event, so the phones know the game is over."""
        self.bridge.close()
        self.bridge.wait_streams_ended(STREAMS_END_WAIT)
        self.door.stop()
