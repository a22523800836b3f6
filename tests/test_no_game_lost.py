"""No game is ever lost without asking: a new game never silently replaces the
saved one, an abandoned game goes to the statistics as unfinished, a save that fails is
reported once, and a save or stats file that is a folder, a pipe or a device is set aside
without hanging — a save missing its move list is never written over."""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ramigui import storage
from ramigui.session import GameInProgress, GameSession, GameSetup, Seat
from ramigui.stats import load_stats
from ramigui.storage import NOTICE_SAVE_FAILED, NOTICE_SET_ASIDE, BrokenFile, Store, read_bounded

SEATS = (Seat("Papi"), Seat("Léa"), Seat("Robot", "easy"))
SETUP = GameSetup("rami51", SEATS)


def _play(session: GameSession, count: int, seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        moves = session.game.legal_moves()
        session.play(rng.choice([m for m in moves if m.kind != "undo"] or moves))


def _within(seconds: float, work: Callable[[], Any]) -> Any:
    """Run `work` in a thread; fail (instead of hanging the run) if it never returns."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            result.append(work())
        except BaseException as error:  # noqa: BLE001 - handed to the test
            failure.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "it hangs"
    if failure:
        raise failure[0]
    return result[0] if result else None


# --- a new game never replaces a saved one without asking -------------------------------------------


def test_a_new_game_refuses_to_replace_the_saved_one_unasked(store: Store) -> None:
    first = GameSession.new(SETUP, store, seed=1)
    _play(first, 12)
    before = store.current_game_path.read_bytes()
    with pytest.raises(GameInProgress):
        GameSession.new(GameSetup("rami", SEATS[:2]), store, seed=2)
    assert store.current_game_path.read_bytes() == before
    assert load_stats(store).history == ()


def test_an_abandoned_game_goes_to_the_statistics_as_unfinished(store: Store) -> None:
    first = GameSession.new(SETUP, store, seed=1)
    _play(first, 30)
    second = GameSession.new(GameSetup("rami", SEATS[:2]), store, seed=2, abandon_saved=True)
    resumed = GameSession.resume(store)
    assert resumed is not None and resumed.game_id == second.game_id
    book = load_stats(store)
    (entry,) = book.history
    assert entry.game_id == first.game_id and entry.unfinished and entry.winners == ()
    assert entry.totals == tuple(first.game.scores) and entry.names == ("Papi", "Léa", "Robot")
    assert book.record("rami51", "Papi").abandoned == 1 and book.record("rami51", "Papi").played == 0
    assert book.played("rami51") == 0  # games played count finished games only


# --- a save missing its move list ----------------------------------------------------------------------


def test_a_save_missing_its_moves_is_set_aside_never_written_over(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=3)
    _play(session, 20)
    document = json.loads(store.current_game_path.read_text(encoding="utf-8"))
    del document["moves"]
    damaged = json.dumps(document).encode()
    store.current_game_path.write_bytes(damaged)
    assert GameSession.resume(store) is None  # not "the same game with no moves"
    (notice,) = store.take_notices()
    assert notice.key == NOTICE_SET_ASIDE and "moves" in notice.params["detail"]
    kept = store.data_dir / notice.params["kept_as"]
    assert kept.read_bytes() == damaged
    GameSession.new(SETUP, store, seed=4)  # the place is free: nothing to abandon
    assert kept.read_bytes() == damaged


# --- folders, pipes and devices where a file should be --------------------------------------------------


def _make(kind: str, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("mine")
    elif kind == "pipe":
        os.mkfifo(path)
    elif kind == "device":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(path.parent / "nowhere")


KINDS = ["folder", "pipe", "device", "dangling link"]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", KINDS)
def test_a_save_that_is_not_a_file_is_set_aside_without_hanging(store: Store, kind: str) -> None:
    _make(kind, store.current_game_path)
    assert GameSession.has_saved_game(store)  # something is there: never silently replaced
    assert _within(20, lambda: GameSession.resume(store)) is None
    (notice,) = store.take_notices()
    assert notice.key == NOTICE_SET_ASIDE and notice.params["reason"] == "not_a_file"
    assert (store.data_dir / notice.params["kept_as"]).is_symlink() or (
        store.data_dir / notice.params["kept_as"]
    ).exists()
    session = _within(20, lambda: GameSession.new(SETUP, store, seed=5))
    assert GameSession.resume(store) is not None and session is not None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes and /dev/zero are POSIX")
@pytest.mark.parametrize("kind", KINDS)
def test_a_stats_file_that_is_not_a_file_is_set_aside_without_hanging(store: Store, kind: str) -> None:
    _make(kind, store.stats_path)
    assert _within(20, lambda: load_stats(store)).history == ()
    assert [n.params["reason"] for n in store.take_notices()] == ["not_a_file"]
    finished = GameSession.new(GameSetup("rami51", SEATS[:2], {"rounds": 1}), store, seed=6)
    finished.play(finished.game.legal_moves()[0])  # a game never played is not kept when abandoned
    _within(20, finished.abandon)
    assert load_stats(store).history[0].unfinished  # written where the pipe or folder was


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="pipes are POSIX")
def test_reading_a_pipe_never_blocks(tmp_path: Path) -> None:
    pipe = tmp_path / "current_game.json"
    os.mkfifo(pipe)
    with pytest.raises(BrokenFile) as refused:
        _within(20, lambda: read_bounded(pipe, 1000))
    assert refused.value.reason == "not_a_file"


def test_a_folder_in_the_way_of_a_save_is_set_aside_and_the_save_written(store: Store) -> None:
    store.stats_path.mkdir(parents=True)
    assert store.save(store.stats_path, storage.Schema("stats", 1), {"x": 1})
    assert json.loads(store.stats_path.read_text())["x"] == 1
    assert [n.key for n in store.take_notices()] == [NOTICE_SET_ASIDE]


# --- a save that fails during play is reported once -----------------------------------------------------


def test_a_failing_save_is_reported_once_then_again_after_it_recovered(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = GameSession.new(SETUP, store, seed=7)
    assert session.take_save_problem() is None

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
    _play(session, 1)
    problem = session.take_save_problem()
    assert problem is not None and problem.key == NOTICE_SAVE_FAILED and "No space" in problem.params["reason"]
    _play(session, 15, seed=2)
    assert session.take_save_problem() is None  # one notice, not one per move
    assert store.take_notices() == []  # nor a second one waiting at the main menu
    monkeypatch.undo()
    _play(session, 1, seed=3)
    assert session.take_save_problem() is None and not session.save_failing
    monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
    _play(session, 1, seed=4)
    assert session.take_save_problem() is not None  # failing again is news again
