"""`ramigui host` loses nothing: it saves after every move, `--resume` continues the game on
the same seat addresses, and kill -9 at any moment loses no move a phone was told was
accepted (the kill -9 runs are long: `pytest -m long`)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from phone_helpers import get_json, post_move, wait_until

from ramigui import paths
from ramigui.phone.host import HOST_FOLDER, host_main
from ramigui.session import GameSession
from ramigui.storage import Store

ROOT = Path(__file__).resolve().parents[1]
NEW_GIN = ["--variant", "gin", "--players", "2", "--phones", "1", "--seed", "4"]
NEW_RAMI = ["--variant", "rami51", "--players", "3", "--phones", "1", "--seed", "4", "--bot-delay", "0.05"]
"""Five rounds of three, the bots pausing 50 ms a move: a game no run of the kill test plays
to its end. Without the pause the bots, and a phone that never opens, finished all five
rounds within the run's 0.5–3 s on this machine, and the run found the game over."""


def host_folder() -> Path:
    return Path(os.environ[paths.DATA_ENV]) / HOST_FOLDER


def start_host(*args: str) -> tuple[subprocess.Popen[str], str]:
    """`ramigui host` in a process of its own; its first seat's address."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "ramigui", "host", "--bind", "127.0.0.1", "--lang", "en", *args]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert host.stdout is not None
    line = host.stdout.readline().strip()
    if not line.startswith("seat 1: "):
        host.kill()
        pytest.fail(f"no seat address: {line!r} {host.communicate()[1][-2000:]}")
    return host, line.split(": ", 1)[1]


def phone_move(url: str) -> tuple[str, int]:
    """On the phone's turn, a plain legal move (draw, else discard, else the first one that is
    not undo); the move and the answer's status ("", 0 once the game is over)."""
    state = wait_until(lambda: ((s := get_json(url + "state")[1])["legal"] or s["game_over"]) and s)
    if state["game_over"]:
        return "", 0
    legal = state["legal"]
    plain = [m for m in legal if m == "draw"] + [m for m in legal if m.startswith("discard")]
    move = (plain or [m for m in legal if m != "undo"] or legal)[0]
    return move, post_move(url, move)[0]


def saved_moves() -> list[str]:
    document = json.loads((host_folder() / paths.CURRENT_GAME_FILE).read_text(encoding="utf-8"))
    return list(document["moves"])


def stop(host: subprocess.Popen[str], sig: int = signal.SIGINT) -> tuple[str, str]:
    """Ctrl-C (by default); what the host printed on stdout and stderr."""
    host.send_signal(sig)
    return host.communicate(timeout=20)


def in_order(moves: list[str], saved: list[str]) -> bool:
    """Whether `moves` are all in `saved`, in the same order (the bots' moves between)."""
    rest = iter(saved)
    return all(move in rest for move in moves)


def test_resume_without_a_saved_host_game_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert host_main(["--resume", "--bind", "127.0.0.1"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ramigui host: no saved host game to resume")


def test_host_saves_each_move_and_resumes_on_the_same_addresses_after_ctrl_c() -> None:
    host, url = start_host(*NEW_GIN)
    try:
        played = []
        for _ in range(3):
            move, status = phone_move(url)
            assert status == 200
            played.append(move)
            assert in_order(played, saved_moves()), "saved before the phone was answered"
        assert stop(host)[0].startswith("stopped:")
    finally:
        if host.poll() is None:
            host.kill()
    before = saved_moves()
    again, same = start_host("--resume")
    try:
        assert same == url, "the same seat address, port and token"
        state = get_json(url + "state")[1]
        assert state["hand"] and saved_moves()[: len(before)] == before
        move, status = phone_move(url)
        assert status == 200 and in_order([move], saved_moves()[len(before):])
    finally:
        stop(again)
    refused = subprocess.run([sys.executable, "-m", "ramigui", "host", "--bind", "127.0.0.1", *NEW_GIN],
                             capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60)
    assert refused.returncode == 2 and "--resume continues it" in refused.stderr
    assert saved_moves()[: len(before)] == before, "a refused new game changes nothing"


def test_resume_on_a_taken_port_says_so_and_serves_another() -> None:
    import socket

    host, url = start_host(*NEW_GIN)
    stop(host)
    port = int(url.split(":")[2].split("/")[0])
    blocker = socket.socket()
    try:
        blocker.bind(("127.0.0.1", port))
        blocker.listen()
        again, moved = start_host("--resume")
        try:
            assert moved != url and moved.split("/", 3)[3] == url.split("/", 3)[3], "the same token"
            assert get_json(moved + "state")[0] == 200
        finally:
            _, err = stop(again)
        assert f"port {port} is taken" in err
    finally:
        blocker.close()


@pytest.mark.long
def test_kill_9_at_any_moment_loses_no_move_a_phone_was_told_was_accepted() -> None:
    rng = random.Random(20261126)
    for run in range(8):
        host, url = start_host("--new", *NEW_RAMI) if run else start_host(*NEW_RAMI)
        accepted: list[str] = []
        deadline = time.monotonic() + rng.uniform(0.5, 3.0)
        try:
            while time.monotonic() < deadline:
                move, status = phone_move(url)
                assert move, "the game went on"
                if status == 200:
                    accepted.append(move)
        finally:
            host.send_signal(signal.SIGKILL)
            host.wait()
        store = Store.open(host_folder(), Path(os.environ[paths.CONFIG_ENV]))
        try:
            session = GameSession.resume(store)
            assert store.take_notices() == [], f"run {run}: the save did not load cleanly"
            assert session is not None, f"run {run}: the game was lost"
            assert in_order(accepted, list(session.record().moves)), f"run {run}: an accepted move is not in the save"
        finally:
            store.close()
        assert accepted, "the phone played"
