"""Shared by the phone tests: a headless host on loopback whose loop runs in a thread of its
own (standing in for the table's pygame loop), and small HTTP helpers speaking to it."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from ramigui.phone.host import PhoneHost


@contextmanager
def running_host(variant: str = "rami51", players: int = 3, phones: int = 1, seed: int = 7,
                 **options: Any) -> Iterator[PhoneHost]:
    """A PhoneHost on 127.0.0.1 (a free port), its owner loop in a thread; stopped after."""
    host = PhoneHost(variant, players, phones, seed, bind="127.0.0.1", **options).start()
    owner = threading.Thread(target=host.run, kwargs={"linger": 0.0}, name="test-owner", daemon=True)
    owner.start()
    try:
        yield host
    finally:
        host.stopping.set()
        host.woken.set()
        owner.join(timeout=10)
        host.server.stop()


def request(url: str, method: str = "GET", body: bytes | None = None,
            headers: dict[str, str] | None = None, source: str | None = None) -> tuple[int, bytes]:
    """One request on a fresh connection (from `source`, another loopback address, if given)."""
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, parts.path or "/", body=body, headers=headers or {})
        reply = conn.getresponse()
        return reply.status, reply.read()
    finally:
        conn.close()


def get_json(url: str) -> tuple[int, Any]:
    status, body = request(url)
    return status, json.loads(body) if body.startswith(b"{") else body


def post_move(url: str, move: str, screen: int | None = None) -> tuple[int, Any]:
    said: dict[str, Any] = {"move": move} if screen is None else {"move": move, "screen": screen}
    status, body = request(url + "move", "POST", json.dumps(said).encode(), {"Content-Type": "application/json"})
    return status, json.loads(body)


def wait_until(check: Any, timeout: float = 30.0) -> Any:
    """Poll `check()` (a test's wait for another thread, not a timing assertion)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


class EventStream:
    """A Server-Sent Events reader: `next_event()` gives (event, data) pairs."""

    def __init__(self, url: str, lang: str | None = None) -> None:
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=10)
        asks = f"Accept-Language: {lang}\r\n" if lang else ""
        self.sock.sendall(f"GET {parts.path}events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n{asks}\r\n"
                          .encode())
        self.buffer = b""
        self.last_id: str | None = None  # the `id:` of the last event (the page's screen)
        head = self._until(b"\r\n\r\n")
        self.status = int(head.split(b" ", 2)[1])

    def _until(self, mark: bytes) -> bytes:
        while mark not in self.buffer:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError("stream closed")
            self.buffer += chunk
        found, self.buffer = self.buffer.split(mark, 1)
        return found

    def next_event(self) -> tuple[str, Any]:
        """The next event that is not a comment or a `retry:` line."""
        while True:
            block = self._until(b"\n\n").decode("utf-8")
            fields = dict(
                line.split(": ", 1)
                for line in block.split("\n")
                if ": " in line and not line.startswith(":")
            )
            if "event" in fields:
                self.last_id = fields.get("id", self.last_id)
                return fields["event"], json.loads(fields.get("data", "null"))

    def close(self) -> None:
        self.sock.close()


def my_turn(url: str) -> Any:
    """The seat's state once it is its turn (the bots before it play first)."""
    return wait_until(lambda: (state := get_json(url + "state")[1])["my_turn"] and state)


def read_all(sock: socket.socket, limit: float = 5.0) -> bytes:
    """Everything the server sends on a raw connection until it closes it (at most `limit` s)."""
    sock.settimeout(limit)
    chunks = []
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            chunk = sock.recv(65536)
        except (TimeoutError, ConnectionResetError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


class SlowWriters:
    """`count` connections from 127.0.0.2…, `per_address` each, sending a request one byte
    every `every` seconds (and opening again when dropped) until stopped."""

    def __init__(self, port: int, count: int = 40, per_address: int = 8, every: float = 0.5) -> None:
        self.port, self.every = port, every
        self.stopping = threading.Event()
        self.answers: list[bytes] = []
        self.threads = [threading.Thread(target=self._write, args=(f"127.0.0.{2 + i // per_address}",), daemon=True)
                        for i in range(count)]

    def __enter__(self) -> SlowWriters:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=5)

    def _write(self, source: str) -> None:
        while not self.stopping.is_set():
            try:
                with socket.socket() as sock:
                    sock.bind((source, 0))
                    sock.settimeout(5)
                    sock.connect(("127.0.0.1", self.port))
                    for byte in b"GET /" + b"a" * 1000:
                        sock.sendall(bytes([byte]))
                        if self.stopping.wait(self.every):
                            return
            except OSError as error:  # dropped by the server: what it said, then again
                self.answers.append(repr(error).encode())
