"""`ramigui host`: the headless contract, and the server's life with the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from phone_helpers import EventStream, get_json, post_move, request, wait_until

from ramigui.bots import make_bot
from ramigui.phone.host import PhoneHost
from ramigui.rules import Game

ROOT = Path(__file__).resolve().parents[1]


def test_host_command_prints_each_phone_seat_and_serves_the_contract() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "ramigui", "host", "--variant", "gin", "--players", "2", "--phones", "1",
               "--bind", "127.0.0.1", "--seed", "4", "--lang", "en"]
    host = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert host.stdout is not None
        line = host.stdout.readline().strip()
        assert line.startswith("seat 1: http://127.0.0.1:"), line
        url = line.split(": ", 1)[1]
        assert url.endswith("/")
        status, state = get_json(url + "state")
        assert status == 200
        assert state["variant"]["family"] == "gin" and len(state["hand"]) == 10
        assert all(isinstance(card, str) for card in state["hand"])
        logs = list((Path(os.environ["RAMIGUI_DATA_DIR"]) / "logs").glob("*-gin-*.txt"))
        assert len(logs) == 1 and "seed: 4" in logs[0].read_text(encoding="utf-8"), "its log from the deal on"
        # gin: the non-dealer (seat 1, a bot) is offered the upcard first; wait for the phone's turn
        state = wait_until(lambda: (s := get_json(url + "state")[1])["my_turn"] and s)
        assert state["legal"], "the legal moves, in notation"
        status, after = post_move(url, state["legal"][0])
        assert status == 200 and after["history"][-1][1] == state["legal"][0]
        status, refused = post_move(url, "discard JK")
        assert status == 400 and refused["reason"]
        wrong = url.rsplit("/", 2)[0] + "/" + "x" * 32 + "/state"
        assert request(wrong)[0] == 403
        host.send_signal(signal.SIGTERM)
        out, _ = host.communicate(timeout=15)
        assert host.returncode == 0
        assert out.strip().startswith("stopped:")
    finally:
        if host.poll() is None:
            host.kill()
            host.communicate()


def test_host_refuses_an_impossible_setup_with_a_message() -> None:
    from ramigui.phone.host import host_main

    for argv in (["--variant", "gin", "--players", "2", "--phones", "3"], ["--variant", "no_such_game"]):
        with pytest.raises(SystemExit) as refused:
            host_main([*argv, "--bind", "127.0.0.1"])
        assert refused.value.code == 2


def finished_gin_moves(seed: int) -> list[str]:
    """The moves of a whole two-player gin game played by bots."""
    game = Game.new("gin", 2, seed)
    bots = [make_bot("gin", "easy", seed + s) for s in range(2)]
    while not game.game_over:
        game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
    return game.moves_text()


def test_the_server_stops_when_the_game_ends() -> None:
    """A game one move from its end: once that move is played the host loop ends, the
    phones hear that the game closed, and the server stops listening (seed 10: the phone,
    seat 0, plays that move)."""
    seed = 10
    moves = finished_gin_moves(seed)
    near_end = Game.replay("gin", 2, seed, moves[:-1])
    assert near_end.to_play == 0
    host = PhoneHost("gin", 2, 1, seed, bind="127.0.0.1", game=near_end).start()
    url = host.server.url(0)
    stream = EventStream(url)
    owner = threading.Thread(target=host.run, kwargs={"linger": 0.0}, daemon=True)
    owner.start()
    try:
        assert stream.next_event()[0] == "state"
        assert post_move(url, moves[-1])[0] == 200
        owner.join(timeout=10)
        assert not owner.is_alive() and host.game.game_over
        kinds = []
        while "closed" not in kinds and len(kinds) < 10:
            kinds.append(stream.next_event()[0])
        assert kinds[-1] == "closed", kinds
        assert not host.server.running
        with pytest.raises(OSError):
            request(url + "state")
    finally:
        stream.close()
        host.stopping.set()
        host.server.stop()


def test_a_hosted_game_leaves_its_log_that_replays_to_its_totals() -> None:
    """A host game saved in the host's store keeps its log in the data folder's logs/, with
    every game's; the log replays to the game's totals."""
    from ramigui import paths
    from ramigui.phone.host import host_store, new_host_session
    from ramigui.session import find_log, replay_log

    store = host_store()
    try:
        session = new_host_session("gin", 2, 1, 10, "medium", None)
        session.store = store  # as the host command gives it its store once it listens
        for move in finished_gin_moves(10):
            session.play(move)
        path = find_log(store, session.game_id)
    finally:
        store.close()
    assert path is not None and path.parent == paths.data_dir() / paths.LOGS_FOLDER
    again = replay_log(path.read_text(encoding="utf-8"))
    assert again.game.game_over and again.game.scores == session.game.scores
