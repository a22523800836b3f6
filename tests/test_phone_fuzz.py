"""The phone server under random requests, as a hostile guest on the home network would send them.

A seeded generator writes whole requests byte by byte: any method (real, made up, empty),
paths with a seat's token, an old one or none, odd headers (lengths that are wrong, negative,
huge or twice, chunked bodies, languages, 100-continue), and bodies from a legal move to
lone surrogates, 2,000-deep nesting and random bytes; now and then no HTTP/1.1 at all
(HTTP/0.9, lines ended by a lone CR, two requests at once). Meanwhile slow writers from other
loopback addresses send a request a byte at a time and never finish it.

Every complete request is answered within 1 s with a 2xx, a 301 (a seat's address without
its last slash) or a 4xx — never a 5xx, never a connection closed without an answer; the
server and the game's loop are alive at the end; and no answer to a seat's token names a
card that seat never held and that was never face up (a card of another hand, or of the
stock). Bounded: a few seconds by default, longer under the `long` marker.
"""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from phone_helpers import SlowWriters, get_json, running_host
from test_phone_privacy import face_up, named_cards

from ramigui import i18n
from ramigui.phone.door import MAX_BODY
from ramigui.phone.host import PhoneHost
from ramigui.phone.tokens import PhoneSeats

ANSWER_WITHIN = 1.0
METHODS = ("GET", "GET", "GET", "POST", "POST", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE",
           "CONNECT", "BREW", "get", "G\u00e9T", "")
RESTS = ("", "", "state", "state", "move", "move", "page", "index.html", "phone.css", "phone.js", "index.ttf",
         "events", "nothing", "../state", "%2e%2e/state", "state?x=1", "move/", "\u00e9t\u00e9", "a" * 300)
NOTATION_WORDS = ("draw", "take", "discard", "meld", "layoff", "lay", "pass", "knock", "gin", "undo", "next", "expose",
                  "score", "done", "carte", "JK", "10H", "KS", "AS", "2C", "QD", "1H", "0", "-1", "99999999999", "to",
                  "on", ":", ",", "|", "[", "]", "{}", "{0}", "%s", "\u00e9", "\U0001d7d8", "\x00", "\t", "\u202e",
                  "\ufeff", "brelan", "suite", "sequence")
LANGUAGES = ("fr", "fr-FR,fr;q=0.9", "en", "de, fr;q=0.1", "*", ";q=", "fr;q=abc", "x" * 200, "\u00e9")


@dataclass
class Sent:
    """A request as written on the wire, and whose seat's token it carries (if any)."""

    data: bytes
    seat: int | None
    stream: bool = False  # a stream of events: only its head is awaited


class Fuzzer:
    """Random requests to one host, from a seeded generator."""

    def __init__(self, host: PhoneHost, rng: random.Random) -> None:
        self.host = host
        self.rng = rng
        self.old_token = PhoneSeats([0]).token(0)

    # --- the request ----------------------------------------------------------------------------

    def request(self) -> Sent:
        rng = self.rng
        if rng.random() < 0.08:
            return Sent(rng.choice(self._not_http()), None)
        if rng.random() < 0.15:
            return self._a_legal_move()
        seat, prefix = self._prefix()
        rest = rng.choice(RESTS)
        method = rng.choice(METHODS)
        body = self._body(seat) if method in ("POST", "PUT", "PATCH") or rng.random() < 0.1 else b""
        headers = self._headers(body)
        line = f"{method} {prefix}{rest} HTTP/1.{rng.choice('11110')}".encode("utf-8", "surrogatepass")
        data = line + b"\r\n" + b"".join(h + b"\r\n" for h in headers) + b"\r\n" + body
        if rng.random() < 0.05:  # two requests at once: the first is answered
            data += data
        return Sent(data, seat, stream=rest == "events" and method == "GET")

    def _a_legal_move(self) -> Sent:
        """The seat to play plays something legal (undo included): the game goes on, its cards move."""
        game = self.host.game
        seat = game.to_play
        legal = [str(move) for move in game.view(seat).legal_moves] or ["next"]
        body = json.dumps({"move": self.rng.choice(legal)}).encode()
        head = f"POST {self.host.seats.path(seat)}move HTTP/1.1\r\nContent-Length: {len(body)}\r\n\r\n"
        return Sent(head.encode() + body, seat)

    def _prefix(self) -> tuple[int | None, str]:
        rng, seats = self.rng, self.host.seats
        choice = rng.random()
        if choice < 0.6:
            seat = rng.choice(seats.seats)
            return seat, seats.path(seat)
        if choice < 0.75:
            return None, f"/{self.old_token}/"
        if choice < 0.85:
            token = seats.token(rng.choice(seats.seats))
            return None, f"/{token[:-1]}/" if rng.random() < 0.5 else f"/{token.upper()}/"
        return None, rng.choice(("/", "//", "", "*", "/\u00e9/", "http://x/", "/" + "b" * 3000 + "/"))

    def _body(self, seat: int | None) -> bytes:
        rng = self.rng
        kind = rng.random()
        if kind < 0.4:
            return json.dumps({"move": rng.choice(("draw", "discard KS", "meld 2H 3H 4H", "undo", "next", "take",
                                                   "knock 5C", "", " ", "x" * 201))}).encode()
        if kind < 0.5:
            return json.dumps({"move": self._notation_like()}).encode()
        if kind < 0.6:
            return b'{"move": "' + self._escaped_text() + b'"}'
        if kind < 0.65:
            depth = rng.choice((5, 50, 1000, 2000))
            opener, closer = rng.choice(((b"[", b"]"), (b"{", b"}"), (b'{"a":', b"}")))
            return (opener * depth + closer * depth)[:MAX_BODY]
        if kind < 0.8:
            return bytes(rng.randrange(256) for _ in range(rng.randrange(0, 64)))
        if kind < 0.9:
            return rng.choice((b"null", b"[]", b"{}", b'{"move": null}', b'{"move": ["draw"]}', b'"draw"',
                               b'{"move": "draw", "move": "\\ud800"}', b"\xef\xbb\xbf{\"move\": \"draw\"}"))
        return b"x" * rng.choice((MAX_BODY, MAX_BODY + 1, 10_000))

    def _notation_like(self) -> str:
        """Words of the move notation in random order: what a confused client might send."""
        rng = self.rng
        return " ".join(rng.choice(NOTATION_WORDS) for _ in range(rng.randrange(1, 8)))

    def _escaped_text(self) -> bytes:
        """JSON string content: letters, escapes of any code point, lone surrogates among them."""
        rng, parts = self.rng, []
        for _ in range(rng.randrange(1, 12)):
            choice = rng.random()
            if choice < 0.35:
                parts.append(f"\\u{rng.randrange(0xD800, 0xE000):04x}")
            elif choice < 0.6:
                parts.append(f"\\u{rng.randrange(0x10000):04x}")
            elif choice < 0.8:
                parts.append(chr(rng.randrange(0x20, 0x7F)).replace("\\", "").replace('"', ""))
            else:
                parts.append(rng.choice(("draw", " ", "KS", "\u00e9", "\U0001F0A1")))
        return "".join(parts).encode("utf-8", "surrogatepass")

    def _headers(self, body: bytes) -> list[bytes]:
        rng = self.rng
        headers = [b"Host: x"] if rng.random() < 0.8 else []
        length = len(body)
        choice = rng.random()
        if choice < 0.7:
            headers.append(b"Content-Length: %d" % length)
        elif choice < 0.75:
            headers.append(b"Content-Length: -1")
        elif choice < 0.8:
            headers.append(b"Content-Length: many")
        elif choice < 0.85:
            headers.append(b"Content-Length: %d" % (MAX_BODY + rng.randrange(1, 10**9)))
        elif choice < 0.9:
            headers += [b"Content-Length: %d" % length, b"Content-Length: %d" % (length + 1)]
        elif choice < 0.95:
            headers += [b"Transfer-Encoding: chunked"]
        if rng.random() < 0.3:
            headers.append(b"Accept-Language: " + rng.choice(LANGUAGES).encode("utf-8", "surrogatepass"))
        if rng.random() < 0.1:
            headers.append(b"Expect: 100-continue")
        if rng.random() < 0.2:
            headers.append(rng.choice((b"X: " + b"y" * 3000, b"Connection: keep-alive", b"Content-Type: text/plain",
                                       b"no colon here", b": empty name", b"X-\xff: \xfe", b"Accept: */*")))
        return headers

    def _not_http(self) -> list[bytes]:
        token = self.host.seats.token(0)
        return [f"GET /{token}/state\r\n".encode(), b"GET /\n", f"GET /{token}/state HTTP/1.1\rHost: x\r\r".encode(),
                b"\r\r\r\r", b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\n\n",
                b"GET / HTTP/9.9\r\n\r\n", b"GET / HTTP/1.1 extra\r\n\r\n", b" \r\n\r\n",
                f"POST /{token}/move HTTP/1.1\r\nContent-Length: 4\r\n\rx\r\n\r\nabcd".encode()]

    # --- the answer -----------------------------------------------------------------------------

    def exchange(self, sent: Sent) -> tuple[int, bytes, float]:
        """Send the request, a few bytes at a time; (status, body, seconds to the answer's head)."""
        with socket.create_connection(("127.0.0.1", self.host.server.port), timeout=5) as sock:
            data, at = sent.data, 0
            while at < len(data):
                step = self.rng.choice((1, 7, 64, len(data)))
                try:
                    sock.sendall(data[at:at + step])
                except OSError:  # refused early (a 4xx sent, our side shut): read it
                    break
                at += step
            started = time.monotonic()
            answer = read_answer(sock, head_only=sent.stream)
            took = time.monotonic() - started
        assert answer, f"closed without an answer: {sent.data[:120]!r}"
        status = int(answer.split(b" ", 2)[1])
        return status, answer.split(b"\r\n\r\n", 1)[-1], took


def read_answer(sock: socket.socket, head_only: bool) -> bytes:
    """The server's answer until it closes the connection (a stream: until its head and first event)."""
    sock.settimeout(5)
    answer = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            return answer
        if not chunk:
            return answer
        answer += chunk
        if answer.startswith(b"HTTP/1.1 100 ") and b"\r\n\r\n" in answer:
            answer = answer.split(b"\r\n\r\n", 1)[1]
        if head_only and b"\r\n\r\n" in answer and (b"event:" in answer or not answer.startswith(b"HTTP/1.1 200")):
            return answer


def fuzz(seed: int, seconds: float, requests: int, language: str = "en") -> int:
    """Fuzz one host for `seconds` (at most `requests` requests); returns how many were answered."""
    rng = random.Random(seed)
    i18n.set_language(language)
    try:
        with running_host("rami51", players=3, phones=3, seed=seed) as host:  # every seat a phone: no bot moves
            fuzzer = Fuzzer(host, rng)
            privacy = Privacy(host)
            answered = 0
            deadline = time.monotonic() + seconds
            with SlowWriters(host.server.port, count=10, per_address=5, every=0.2):
                while answered < requests and time.monotonic() < deadline:
                    sent = fuzzer.request()
                    status, body, took = fuzzer.exchange(sent)
                    assert 200 <= status < 300 or status == 301 or 400 <= status < 500, \
                        f"seed {seed}: {status} to {sent.data[:160]!r}"
                    assert took < ANSWER_WITHIN, f"seed {seed}: {took:.2f} s to answer {sent.data[:160]!r}"
                    privacy.check(sent, status, body)
                    answered += 1
            assert host.server.running, "the server is alive"
            assert get_json(host.server.url(0) + "state")[0] == 200
            assert host.server.door.errors == 0, "no worker failed"
            return answered
    finally:
        i18n.set_language("en")


class Privacy:
    """What each seat may know — the cards it has held and those ever face up — and the check
    that an answer to its token names no other card (read the way test_phone_privacy does)."""

    def __init__(self, host: PhoneHost) -> None:
        self.host = host
        self.held: dict[int, set[str]] = {seat: set() for seat in host.seats.seats}
        self.shown: set[str] = set()

    def check(self, sent: Sent, status: int, body: bytes) -> None:
        game = self.host.game
        self.shown |= face_up(game)
        for seat in self.held:
            self.held[seat] |= {str(card) for card in game.hand(seat)}
        if status != 200 or sent.seat is None:
            return
        text = body.decode("utf-8", "replace")
        if text.startswith("retry:"):  # a stream: its state event
            text = text.split("data: ", 1)[-1].split("\n", 1)[0]
        if not text.startswith("{") or '"strings"' in text:  # the page, its files, its labels: no game
            return
        named = named_cards(json.loads(text), i18n.language())
        allowed = self.held[sent.seat] | self.shown
        assert named <= allowed, f"seat {sent.seat} was told of {sorted(named - allowed)}"


Run = Callable[[int, float, int], int]


def test_random_requests_are_answered_quickly_and_tell_no_hand() -> None:
    answered = fuzz(seed=2026, seconds=3.0, requests=600)
    assert answered >= 50, "enough requests in the time"


@pytest.mark.long
@pytest.mark.parametrize(("seed", "language"), [(1, "en"), (2, "fr"), (3, "en"), (4, "fr")])
def test_random_requests_soak(seed: int, language: str) -> None:
    assert fuzz(seed, seconds=30.0, requests=20_000, language=language) >= 500
