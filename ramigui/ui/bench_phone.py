"""`ramigui bench phone`: what the phones cost and how fast the table follows them.

Two figures, each beside its target (printed, never asserted):

* tap → table — a phone's move posted over loopback HTTP (what the page does on a tap)
  until the real App loop has drawn the frame that shows it: median and 95th percentile
  over about 50 moves of a four-phone Rami 51 game, 1920×1080, dummy video driver;
* idle CPU with 4 phones — the same table, four phones following it by Server-Sent Events
  (in another process, so only the table's and its server's CPU is counted), nobody
  moving: process CPU time / wall time, against `ramigui bench ui`'s idle target.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from typing import Any

import pygame

from ramigui.bench import Budget
from ramigui.settings import Settings
from ramigui.ui.app import App
from ramigui.ui.bench import IDLE_TARGET_PERCENT, SIZE, _dummy_display, _percentile
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene

LATENCY_TARGET_MS = 100.0
MIN_IDLE_S = 0.25
"""Seconds of idle measured at least, however little of the budget is left."""
PHONES = 4
STREAM_CLIENT = r"""
import socket, sys, urllib.parse
streams = []
for url in sys.argv[1:]:
    parts = urllib.parse.urlsplit(url)
    sock = socket.create_connection((parts.hostname, parts.port))
    sock.sendall(f"GET {parts.path}events HTTP/1.1\r\nHost: x\r\n\r\n".encode())
    streams.append(sock)
print("connected", flush=True)
import selectors
sel = selectors.DefaultSelector()
for sock in streams:
    sel.register(sock, selectors.EVENT_READ)
while True:
    for key, _ in sel.select():
        if not key.fileobj.recv(65536):
            sys.exit(0)
"""


def phone_benchmarks(seconds: float) -> dict[str, Any]:
    """Both figures in about `seconds` (a shared Budget): half for moves from the phones
    (10 to 50 of them), what is left, after the phones connected, for idle measuring."""
    os.environ.setdefault("RAMIGUI_PHONE_BIND", "127.0.0.1")  # loopback: the figures are the table's
    budget = Budget(seconds)
    with _dummy_display():
        latency = measure_tap_to_table(moves=50, seconds=budget.share(2))
        idle = measure_idle_with_phones(lambda: budget.share(1, MIN_IDLE_S))
    return {"benchmark": f"phone: {PHONES} phone seats at the real App loop and TableScene, loopback, "
                         f"dummy video driver, {SIZE[0]}x{SIZE[1]}", **latency, **idle}


def _table(seed: int) -> tuple[App, TableScene]:
    config = TableConfig("rami51", PHONES, seed=seed, humans=[True] * PHONES, phones=[True] * PHONES)
    screen = pygame.display.set_mode(SIZE)
    pygame.event.clear()
    app = App(screen, Settings(animation_speed="normal"))
    scene = TableScene(config)
    app.push(scene)
    app.step()  # the first frame; idle steps after it only wait for events
    app.draw()
    assert scene.phones.server is not None, scene.phones.notice
    return app, scene


def _close(app: App) -> None:
    while app.scenes:
        app.pop()


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as reply:
        return json.loads(reply.read())


def _post(url: str, move: str) -> Any:
    request = urllib.request.Request(url + "move", json.dumps({"move": move}).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def measure_tap_to_table(moves: int = 50, seconds: float | None = None, fewest: int = 10) -> dict[str, Any]:
    """Phones play `moves` moves (or, given `seconds`, as many as fit in them, at least
    `fewest`); each from its POST until the loop drew it."""
    started = time.perf_counter()

    def more() -> bool:
        if len(sent) >= moves:
            return False
        return seconds is None or len(sent) < fewest or time.perf_counter() - started < seconds

    app, scene = _table(seed=21)
    urls = scene.phones.server.urls()  # type: ignore[union-attr]
    for url in urls.values():
        _get(url + "state")  # every phone joins: the codes close
    sent: list[float] = []
    shown: list[float] = []
    wanted: list[int] = []  # the game's log length once each move is in
    done = threading.Event()
    rng = random.Random(5)
    draw = app.draw

    def timed_draw(paced: bool = False) -> None:
        draw(paced)
        if len(shown) < len(sent) and len(scene.game.log) >= wanted[len(shown)]:
            shown.append(time.perf_counter())

    app.draw = timed_draw  # type: ignore[method-assign]

    def phones() -> None:
        try:
            state = _get(urls[scene.game.to_play] + "state")
            while more() and not state["game_over"]:
                seat = state["to_play"]
                state = _get(urls[seat] + "state")
                if state["round_over"]:
                    state = _post(urls[seat], "next")
                    continue
                choices = [m for m in state["legal"] if m != "undo"] or state["legal"]
                while len(shown) < len(sent):
                    time.sleep(0.001)
                wanted.append(len(scene.game.log) + 1)  # the game waits for this phone: no race
                sent.append(time.perf_counter())
                state = _post(urls[seat], rng.choice(choices))
        finally:
            done.set()

    thread = threading.Thread(target=phones, daemon=True)
    thread.start()
    deadline = time.monotonic() + 120
    while not done.is_set() and time.monotonic() < deadline:
        app.step()
    while len(shown) < len(sent) and time.monotonic() < deadline:
        app.step()
    _close(app)
    samples = sorted((b - a) * 1000 for a, b in zip(sent, shown, strict=False))
    return {
        "tap_to_table_moves": len(samples),
        "tap_to_table_median_ms": round(statistics.median(samples), 1) if samples else None,
        "tap_to_table_p95_ms": round(_percentile(samples, 95), 1) if samples else None,
        "tap_to_table_target": f"<= {LATENCY_TARGET_MS:g} ms",
    }


def measure_idle_with_phones(seconds: float | Callable[[], float]) -> dict[str, Any]:
    """CPU of the table and its phone server while four phones follow it and nobody moves,
    for `seconds` (or, a function, what it says once the phones are connected)."""
    app, scene = _table(seed=22)
    urls = list(scene.phones.server.urls().values())  # type: ignore[union-attr]
    clients = subprocess.Popen([sys.executable, "-c", STREAM_CLIENT, *urls], stdout=subprocess.PIPE, text=True)
    try:
        assert clients.stdout is not None
        clients.stdout.readline()
        deadline = time.monotonic() + 10
        while scene.phones.connected() != set(range(PHONES)) and time.monotonic() < deadline:
            app.step()
        connected = len(scene.phones.connected())
        app.draw()
        steps = app.frames
        if callable(seconds):
            seconds = seconds()
        wall0, cpu0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - wall0 < seconds:
            app.step()
        wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
        wakeups = app.frames - steps
        still = len(scene.phones.connected())
    finally:
        _close(app)
        clients.terminate()
        clients.wait(timeout=10)
    return {
        "idle_with_phones_cpu_percent_of_one_core": round(100 * cpu / wall, 2),
        "idle_with_phones_cpu_target": f"<= {IDLE_TARGET_PERCENT:g} % (ramigui bench ui's idle target)",
        "idle_with_phones_connected": f"{connected} at the start, {still} at the end",
        "idle_with_phones_loop_wakeups_per_second": round(wakeups / wall, 1),
    }
