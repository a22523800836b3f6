"""Every game leaves its log in the data folder's `logs/`: finished or abandoned, saved or a
demo beside a saved game; the log replays to the totals the statistics recorded, and old
logs are pruned beyond a bound, never the game being filed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ramigui import stats
from ramigui.rules.deals import KEYED, Deals
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
    session = play_out(GameSession.new(GameSetup("rami51", SEATS, {"rounds": 1}), store, seed=11))
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


KEYED_DEALS = Deals(KEYED, bytes(range(32)))
"""A person's game is dealt keyed from a fresh secret; a fixed one keeps these tests' games the same."""


def _into_round_two(store: Store, moves_in: int = 3) -> GameSession:
    """A person's game (dealt keyed: every round from its own secret), played by random
    legal moves to the end of round 1, then `moves_in` moves into round 2 (unsaved moves,
    as `finished` elsewhere: a save per move costs)."""
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 3}), store, deals=KEYED_DEALS)
    assert session.game.deals.is_keyed
    rng = random.Random(11)
    while session.game.round_no == 1 or moves_in > 0:
        if session.game.round_no == 2:
            moves_in -= 1
        session.game.play(str(rng.choice(session.game.legal_moves())))
    assert session.game.round_no == 2 and not session.game.round_over
    session.save()
    return session


def test_an_abandoned_keyed_game_replays_to_its_last_move(store: Store) -> None:
    """Abandoning reveals the deal of the round the game stopped in (nobody will play it on:
    its save is gone), so its log replays every move, and `ramigui verify` checks it."""
    from ramigui.verify import verify_text

    session = _into_round_two(store)
    GameSession.new(GameSetup("gin", SEATS, {}), store, abandon_saved=True)
    filed = stats.load_stats(store).history[-1]
    assert filed.unfinished and filed.game_id == session.game_id
    text = (store.logs_dir / filed.log).read_text(encoding="utf-8")
    assert "round 2 code:" in text and "round 2 points:" not in text  # revealed, never scored
    again = replay_log(text)
    assert again.sealed_round is None
    assert again.game.moves_text() == session.game.moves_text()
    assert [again.game.hand(s) for s in range(2)] == [session.game.hand(s) for s in range(2)]
    checks = verify_text(text)
    assert [check.ok for check in checks] == [True, True]
    kinds = [move.kind for _, move in session.game.log]
    played = [kind for kind in kinds[len(kinds) - kinds[::-1].index("next"):] if kind != "undo"]
    assert f"abandoned after {len(played)} legal moves" in checks[1].line()


def test_a_keyed_game_abandoned_in_its_first_round_replays(store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", SEATS, {}), store)
    for _ in range(4):
        session.play(session.game.legal_moves()[0])
    session.abandon()
    again = replay_log(session.log_path.read_text(encoding="utf-8"))  # type: ignore[union-attr]
    assert again.game.moves_text() == session.game.moves_text() and again.game.round_no == 1


def test_while_its_save_remains_an_abandoned_games_open_deal_stays_sealed(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Filing failed, so the save stays and the game can be resumed: its log must not
    reveal the deal still being played (privacy: every hand of that round)."""
    import ramigui.session as session_module

    session = _into_round_two(store)
    monkeypatch.setattr(session_module, "add_game", lambda store, entry: False)
    session.abandon()
    assert store.current_game_path.exists()
    text = session.log_path.read_text(encoding="utf-8")  # type: ignore[union-attr]
    assert "round 1 code:" in text and "round 2 code:" not in text


def test_a_log_written_during_a_round_replays_the_rounds_before_it(store: Store) -> None:
    """The log kept at round 2's deal (the app stopped there, never filing the game) keeps
    round 2 sealed: the replay stops at round 1's end and says why; the headless sheet too."""
    from ramigui.replay import score_sheet

    session = _into_round_two(store)
    text = session.log_text()
    assert "round 2 code:" not in text
    again = replay_log(text)
    assert again.sealed_round == 2
    assert again.game.round_no == 1 and again.game.round_over
    assert [r.points for r in again.game.results] == [r.points for r in session.game.results]
    assert "stopped in round 2" in score_sheet(again)


def test_a_log_sealed_from_its_first_round_names_why_nothing_replays(store: Store) -> None:
    from ramigui.session import LogError

    session = GameSession.new(GameSetup("rami51", SEATS, {}), store)
    with pytest.raises(LogError, match="round 1's deal is sealed"):
        replay_log(session.log_text())


def test_a_game_abandoned_before_any_move_leaves_no_trace(store: Store) -> None:
    """Started, then given up before anyone played: not a past game (no 0–0 row in the
    statistics, no log); the new game is saved."""
    GameSession.new(GameSetup("rami51", SEATS, {}), store)
    newer = GameSession.new(GameSetup("gin", SEATS, {}), store, abandon_saved=True)
    assert stats.load_stats(store).history == ()
    assert [p.name for p in kept_logs(store)] == [newer.log_path.name]  # type: ignore[union-attr]
    assert GameSession.resume(store).game_id == newer.game_id  # type: ignore[union-attr]
