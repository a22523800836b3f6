"""Every game leaves its log in the data folder's `logs/`: finished or abandoned, saved or a
demo beside a saved game; the log replays to the totals the statistics recorded, and old
logs are pruned beyond a bound, never the game being filed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ramigui import stats
from ramigui.session import (
    GameSession,
    GameSetup,
    Seat,
    find_log,
    kept_logs,
    prune_logs,
    replay_log,
)
from ramigui.storage import Store

SEATS = (Seat("Ana"), Seat("Bob", "easy"))



def play_out(session: GameSession, seed: int = 3, limit: int = 20000) -> GameSession:
    rng = random.Random(seed)
    for _ in range(limit):
        if session.game.game_over:
            break
        session.play(str(rng.choice(session.game.legal_moves())))
    assert session.game.game_over
    return session


def test_a_finished_game_leaves_a_log_that_replays_to_the_recorded_totals(store: Store) -> None:
    session = play_out(GameSession.new(GameSetup("rami51", SEATS, {"rounds": 2}), store, seed=5))
    filed = stats.load_stats(store).history[-1]
    assert filed.log
    path = store.logs_dir / filed.log
    assert path.is_file() and find_log(store, session.game_id) == path
    again = replay_log(path.read_text(encoding="utf-8"))
    assert again.game.game_over
    assert tuple(again.game.scores) == filed.totals
    assert tuple(again.game.winners) == filed.winners
    assert [tuple(r.points) for r in again.game.results] == list(filed.rounds)
    assert not store.current_game_path.exists()


def test_an_abandoned_game_leaves_its_log_too(store: Store) -> None:
    session = GameSession.new(GameSetup("gin", SEATS, {}), store, seed=2)
    for move in session.game.legal_moves()[:1]:
        session.play(move)
    newer = GameSession.new(GameSetup("gin", SEATS, {}), store, seed=3, abandon_saved=True)
    filed = stats.load_stats(store).history[-1]
    assert filed.unfinished and filed.log
    again = replay_log((store.logs_dir / filed.log).read_text(encoding="utf-8"))
    assert not again.game.game_over
    assert again.game.moves_text() == session.game.moves_text()
    assert sorted(p.name for p in kept_logs(store)) == sorted([filed.log, newer.log_path.name])  # type: ignore[union-attr]


def test_a_game_filed_twice_keeps_one_log(store: Store) -> None:
    session = play_out(GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=8))
    session.recorded = False
    session.finish()
    assert len(kept_logs(store)) == 1
    assert len(stats.load_stats(store).history) == 1


def test_an_unsaved_demo_still_leaves_its_log(store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", (Seat("A", "easy"), Seat("B", "easy")), {"rounds": 1}), None, seed=4)
    session.logs = store
    play_out(session)
    assert len(kept_logs(store)) == 1
    assert stats.load_stats(store).history == ()  # not saved: not in the family's statistics


def test_a_read_only_store_writes_no_log(store: Store, tmp_path: Path) -> None:
    other = Store(store.data_dir, store.config_dir, read_only=True)
    play_out(GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), other, seed=4))
    assert kept_logs(store) == []


def _fake_logs(store: Store, count: int, size: int = 10) -> list[Path]:
    store.logs_dir.mkdir(parents=True, exist_ok=True)
    made = []
    for day in range(count):
        path = store.logs_dir / f"2026{1 + day // 28:02d}{1 + day % 28:02d}-120000-rami51-{day:032x}.txt"
        path.write_bytes(b"x" * size)
        made.append(path)
    return made


def test_prune_keeps_the_newest_by_count(store: Store) -> None:
    made = _fake_logs(store, 12)
    removed = prune_logs(store, count=5)
    assert sorted(removed) == made[:7]
    assert sorted(kept_logs(store)) == made[7:]


def test_prune_keeps_the_newest_by_size_and_never_the_game_being_filed(store: Store) -> None:
    made = _fake_logs(store, 10, size=100)
    removed = prune_logs(store, keep=made[0], total=350)
    assert sorted(kept_logs(store)) == [made[0], *made[7:]]
    assert made[0] not in removed and len(removed) == 6


def test_prune_never_removes_the_saved_game_in_progress(store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=9)
    session.started = "2000-01-01T00:00:00"  # the oldest of all: first in line to go
    mine = session.keep_log()
    assert mine is not None
    _fake_logs(store, 5)
    prune_logs(store, count=2)
    assert mine.exists()


def test_demo_logs_never_push_out_the_family_games(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    import ramigui.session as session_module

    monkeypatch.setattr(session_module, "DEMO_LOGS_KEPT", 2)
    family = _fake_logs(store, 3)
    for night in range(5):
        (store.logs_dir / f"20270101-0{night}0000-demo-rami51-{night:032x}.txt").write_bytes(b"x")
    prune_logs(store)
    names = [p.name for p in kept_logs(store)]
    assert sum("-demo-" in name for name in names) == 2
    assert all(path.exists() for path in family)


def test_filing_a_game_prunes_old_logs(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    import ramigui.session as session_module

    monkeypatch.setattr(session_module, "LOGS_KEPT", 3)
    made = _fake_logs(store, 5)
    session = play_out(GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=9))
    names = [p for p in kept_logs(store)]
    assert find_log(store, session.game_id) in names
    assert len(names) == 3 and made[0] not in names
