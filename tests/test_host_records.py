"""A `ramigui host` game is kept with the window's: its log in the data folder's `logs/` and
its result in the same statistics, so Statistics → Past games lists it and replays it —
while the host keeps its own save (`host --resume`) in `data/host/`. The two programs may
run at once: the statistics are changed under the records' lock (no game lost), and
pruning old logs spares the game in progress of either."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pygame
import pytest
import test_ui_menus as menus
from phone_helpers import post_move
from test_host_resume import NEW_GIN, phone_move, start_host, stop
from test_phone_host import finished_gin_moves
from test_ui_menus import click, key
from test_ui_replay_games import open_games

from ramigui import paths, stats
from ramigui.past_games import read_log
from ramigui.phone.host import PhoneHost, host_main, host_store, new_host_session
from ramigui.rules import Game
from ramigui.session import GameSession, Seat, find_log, kept_logs, prune_logs, replay_log
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.replay_screen import ReplayScreen

ROOT = Path(__file__).resolve().parents[1]

app = menus.app

SEED = 10
"""Seat 0, the phone, plays the last move of this gin game (test_phone_host)."""


def host_game_to_its_end() -> PhoneHost:
    """A host game one move from its end, saved in the host's folder, run by the host loop
    in a thread; the phone plays the last move through the server; the loop ends."""
    moves = finished_gin_moves(SEED)
    near_end = Game.replay("gin", 2, SEED, moves[:-1])
    store = host_store()
    session = new_host_session("gin", 2, 1, SEED, "medium", store, game=near_end)
    host = PhoneHost("gin", 2, 1, SEED, bind="127.0.0.1", session=session).start()
    assert (store.data_dir / paths.CURRENT_GAME_FILE).is_file(), "saved in the host's own folder"
    owner = threading.Thread(target=host.run, kwargs={"linger": 0.0}, daemon=True)
    owner.start()
    try:
        assert post_move(host.server.url(0), moves[-1])[0] == 200
        owner.join(timeout=10)
        assert not owner.is_alive() and host.game.game_over
    finally:
        host.stopping.set()
        host.server.stop()
        store.close()
    return host


def test_a_host_game_is_listed_under_past_games_and_replays(app: App, store: Store) -> None:
    """The window is open (it holds the data folder's lock) while the host game ends."""
    host = host_game_to_its_end()
    own = store.data_dir / paths.HOST_FOLDER
    assert not (own / paths.CURRENT_GAME_FILE).exists(), "filed: the host's save is removed"
    assert not (own / paths.LOGS_FOLDER).exists() and not (own / paths.STATS_FILE).exists()
    filed = stats.load_stats(store).history[-1]
    assert filed.game_id == host.session.game_id and filed.names == ("Player 1", "Bot 1")
    assert filed.totals == tuple(host.game.scores) and not filed.unfinished
    assert stats.load_stats(store).record("gin", "Player 1").played == 1
    assert find_log(store, host.session.game_id) == store.logs_dir / filed.log

    screen = open_games(app)
    rows = [c for c in screen.controls if getattr(c, "action", "") == "open_game"]
    assert len(rows) == 1 and "Player 1" in rows[0].subtitle()
    click(app, rows[0].rect.center)
    replay = app.top
    assert isinstance(replay, ReplayScreen)
    key(app, pygame.K_END)
    assert replay.game.game_over and replay.game.scores == host.game.scores


ADDER = """
import sys
from ramigui.phone.host import host_store
from ramigui.rules import Game
from ramigui.stats import FinishedGame, add_game
store = host_store()
game = Game.new("gin", 2, 1)
print("ready", flush=True)
sys.stdin.readline()
for n in range(int(sys.argv[1])):
    assert add_game(store, FinishedGame.of_game(game, f"host-{n}", ["Ana", "Bot 1"], [None, "easy"], unfinished=True))
"""


def test_the_window_and_a_host_adding_games_at_once_lose_none(store: Store) -> None:
    """Both programs read, change and write stats.json at the same moments: every game of
    both is there at the end (without the records' lock, one writes over the other's)."""
    count = 25
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = subprocess.Popen([sys.executable, "-c", ADDER, str(count)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=env)
    assert other.stdin is not None and other.stdout is not None
    assert other.stdout.readline().strip() == "ready"
    game = Game.new("gin", 2, 2)
    other.stdin.write("go\n")
    other.stdin.flush()
    for n in range(count):
        assert stats.add_game(store, stats.FinishedGame.of_game(game, f"window-{n}", ["Ana", "Bob"], [None, None],
                                                                  unfinished=True))
    assert other.wait(timeout=30) == 0
    ids = {game.game_id for game in stats.load_stats(store).history}
    assert ids == {f"{who}-{n}" for who in ("host", "window") for n in range(count)}
    assert stats.load_stats(store).record("gin", "Ana").abandoned == 2 * count


def old_game_in_progress(store: Store, seed: int) -> GameSession:
    """A saved game begun long ago: its log is the oldest of all, first in line to go."""
    session = GameSession(Game.new("gin", 2, seed), (Seat("Ana"), Seat("Bot 1", "easy")), store,
                          started="2000-01-01T00:00:00")
    assert session.save() and session.keep_log() is not None
    return session


def test_pruning_spares_the_game_in_progress_of_either_program(store: Store) -> None:
    window = old_game_in_progress(store, 1)
    hosting = host_store()
    try:
        hosted = old_game_in_progress(hosting, 2)
        assert len(kept_logs(store)) == 2  # one folder for both
        for pruner in (hosting, store):
            prune_logs(pruner, count=0)
            assert find_log(store, window.game_id) and find_log(store, hosted.game_id)
        hosted.abandon()  # filed: its log may go now, the window's game still may not
        prune_logs(store, count=0)
        assert find_log(store, hosted.game_id) is None and find_log(store, window.game_id)
    finally:
        hosting.close()


def test_host_games_kept_in_the_hosts_own_folder_join_the_windows(store: Store) -> None:
    """A host game filed where an older host kept it (`data/host/logs/`, `data/host/stats.json`):
    the next `ramigui host` carries it over, once, and Past games finds its log."""
    old = Store.open(store.data_dir / paths.HOST_FOLDER, store.config_dir)  # records in its own folder
    try:
        session = GameSession(Game.new("gin", 2, 3), (Seat("Player 1"), Seat("Bot 1", "medium")), old)
        session.play(session.game.legal_moves()[0])
        session.abandon()
    finally:
        old.close()
    window_game = stats.FinishedGame.of_game(Game.new("gin", 2, 4), "window-1", ["Ana", "Bob"], [None, None],
                                             unfinished=True)
    assert stats.add_game(store, window_game)
    for _ in range(2):  # the second start finds nothing more to carry over
        assert host_main(["--resume", "--bind", "127.0.0.1"]) == 2  # nothing to resume: carried over all the same
        history = stats.load_stats(store).history
        assert [g.game_id for g in history] == ["window-1", session.game_id]
    assert stats.load_stats(store).record("gin", "Player 1").abandoned == 1
    own = store.data_dir / paths.HOST_FOLDER
    assert not (own / paths.STATS_FILE).exists() and list((own / paths.LOGS_FOLDER).iterdir()) == []
    assert replay_log(read_log(store.logs_dir / history[-1].log)).game.moves_text() == session.game.moves_text()


@pytest.mark.long
def test_a_real_host_abandoned_with_new_is_filed_with_the_windows_games() -> None:
    """`ramigui host` played a move, Ctrl-C, then `ramigui host --new`: the first game goes
    to the window's statistics as abandoned, its log beside the window's, and replays to the
    moves the host saved; the new game is saved in the host's folder and resumes."""
    data = Path(os.environ[paths.DATA_ENV])
    host, url = start_host(*NEW_GIN)
    try:
        assert phone_move(url)[1] == 200
        first = json.loads((data / paths.HOST_FOLDER / paths.CURRENT_GAME_FILE).read_text(encoding="utf-8"))
    finally:
        stop(host)
    again, _ = start_host("--new", *NEW_GIN)
    stop(again)
    window = Store.open()
    try:
        filed = stats.load_stats(window).history
        assert [g.game_id for g in filed] == [first["game_id"]] and filed[0].unfinished
        log = read_log(window.logs_dir / filed[0].log)
        assert replay_log(log).game.moves_text() == first["moves"]
    finally:
        window.close()
    resumed, _ = start_host("--resume")
    assert stop(resumed)[0].startswith("stopped:")
