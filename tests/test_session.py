"""GameSession: autosave after every move, exact resume, finished games filed, bad saves set aside."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from ramigui import paths, storage
from ramigui.rules import Game, IllegalMove
from ramigui.session import CURRENT_GAME_SCHEMA, GameRecord, GameSession, GameSetup, Seat
from ramigui.stats import load_stats
from ramigui.storage import NOTICE_SAVE_FAILED, NOTICE_SET_ASIDE, Store

SEATS = (Seat("Ana"), Seat("Bob", "easy"), Seat("Zoé", "hard"))
SETUP = GameSetup("rami51", SEATS)


def random_move(session: GameSession, rng: random.Random) -> str:
    """A legal move, melds and lay-offs favoured so that rounds end in a few hundred moves."""
    moves = session.game.legal_moves()
    putting_down = [m for m in moves if m.kind in ("meld", "layoff")]
    return str(rng.choice(putting_down if putting_down and rng.random() < 0.5 else moves))


def play_random(session: GameSession, rng: random.Random, count: int) -> None:
    for _ in range(count):
        if session.game.game_over:
            return
        session.play(random_move(session, rng))


def saved(store: Store) -> dict[str, object]:
    document = json.loads(store.current_game_path.read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def assert_same_game(a: GameSession, b: GameSession) -> None:
    assert b.game.state == a.game.state
    assert b.game.scores == a.game.scores
    assert b.game.results == a.game.results
    assert b.game.round_no == a.game.round_no
    assert b.game.to_play == a.game.to_play
    assert b.game.legal_moves() == a.game.legal_moves()
    assert b.game.moves_text() == a.game.moves_text()
    assert b.game.variant == a.game.variant
    assert (b.seats, b.game_id, b.started) == (a.seats, a.game_id, a.started)


@functools.cache
def finished_record() -> GameRecord:
    """A one-round game played to its end by random moves (tries seeds until one ends soon)."""
    for seed in range(200):
        session = GameSession.new(GameSetup("rami51", SEATS[:2], {"rounds": 1}), None, seed=seed)
        rng = random.Random(seed)
        for _ in range(500):  # short games keep the tests quick: each saved move is fsynced
            session.play(random_move(session, rng))
            if session.game.game_over:
                return session.record()
    raise AssertionError("no seed gave a finished game")


def finished_session(store: Store | None) -> GameSession:
    """The finished game played again move by move through a session on `store`."""
    record = finished_record()
    session = GameSession.new(GameSetup(record.variant, record.seats, record.options), store, seed=record.seed)
    for move in record.moves:
        session.play(move)
    assert session.game.game_over
    return session


# --- saving and resuming ----------------------------------------------------------------------


def test_a_new_game_is_saved_at_once(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=5)
    document = saved(store)
    assert document["version"] == CURRENT_GAME_SCHEMA.version
    assert document["variant"] == "rami51" and document["seed"] == 5 and document["moves"] == []
    assert document["seats"] == [seat.to_json() for seat in SEATS]
    assert document["options"] == dict(session.game.variant.chosen)
    assert GameSession.has_saved_game(store)


def test_every_move_is_saved_before_play_returns(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=5)
    rng = random.Random(2)
    for _ in range(120):
        session.play(random_move(session, rng))
        assert saved(store)["moves"] == session.game.moves_text()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_resume_replays_to_the_identical_state(store: Store, seed: int) -> None:
    session = GameSession.new(SETUP, store, seed=seed)
    rng = random.Random(seed)
    for stop in (0, 1, 7, 40, 150, 400):
        play_random(session, rng, stop - len(session.game.log))
        resumed = GameSession.resume(store)
        assert resumed is not None
        assert_same_game(session, resumed)
    assert store.notices == ()


def test_resume_across_rounds_and_undo(store: Store) -> None:
    record = finished_record()
    assert "undo" in record.moves and record.moves.count("undo") < len(record.moves)
    live = GameSession.new(GameSetup(record.variant, record.seats, {"rounds": 2}), store, seed=record.seed)
    for move in record.moves:
        live.play(move)
    assert live.game.round_over and not live.game.game_over
    live.play("next")
    assert saved(store)["moves"] == live.game.moves_text() and live.game.moves_text()[-1] == "next"
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert_same_game(live, resumed)
    assert resumed.game.round_no == 2


def test_a_refused_move_changes_nothing_on_disk(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=5)
    session.play(random_move(session, random.Random(0)))
    before = store.current_game_path.read_bytes()
    with pytest.raises(IllegalMove):
        session.play("discard 3X")
    with pytest.raises(IllegalMove):
        session.play("layoff AS to 99")
    assert store.current_game_path.read_bytes() == before


def test_quitting_mid_game_keeps_it_for_the_next_start(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=9)
    play_random(session, random.Random(9), 33)
    store.close()
    again = Store.open()
    resumed = GameSession.resume(again)
    assert resumed is not None
    assert_same_game(session, resumed)
    again.close()


def test_a_new_game_replaces_the_saved_one_once_the_player_agreed(store: Store) -> None:
    GameSession.new(SETUP, store, seed=1)
    second = GameSession.new(GameSetup("rami", SEATS[:2]), store, seed=2, abandon_saved=True)
    resumed = GameSession.resume(store)
    assert resumed is not None and resumed.game_id == second.game_id


def test_abandon_forgets_without_counting(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=1)
    session.abandon()
    assert not GameSession.has_saved_game(store)
    assert GameSession.resume(store) is None
    assert load_stats(store).played("rami51") == 0
    session.play(session.game.legal_moves()[0])  # still playable, never saved again
    assert not GameSession.has_saved_game(store)


def test_seats_and_setup(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=1)
    assert session.seat_to_play == SEATS[session.game.to_play]
    assert session.is_bot_turn == (not SEATS[session.game.to_play].is_human)
    assert session.setup == GameSetup("rami51", SEATS, dict(session.game.variant.chosen))
    with pytest.raises(ValueError):
        GameSession(session.game, SEATS[:2], None)


# --- finished games --------------------------------------------------------------------------------


def test_a_finished_game_goes_to_the_history_and_the_save_is_removed(store: Store) -> None:
    session = finished_session(store)
    assert not GameSession.has_saved_game(store)
    stats = load_stats(store)
    (entry,) = stats.history
    game = session.game
    assert entry.game_id == session.game_id
    assert entry.names == ("Ana", "Bob") and entry.bots == (None, "easy")
    assert entry.rounds == tuple(tuple(r.points) for r in game.results)
    assert entry.reasons == tuple(r.reason for r in game.results)
    assert entry.totals == tuple(game.scores) and entry.winners == tuple(game.winners)
    assert stats.played("rami51") == 1
    for seat, name in enumerate(entry.names):
        assert stats.record("rami51", name).won == int(seat in game.winners)
    assert GameSession.resume(store) is None
    assert store.notices == ()


def test_crash_after_the_last_move_files_the_game_once(store: Store) -> None:
    session = finished_session(None)
    document = session.record().to_json()
    # The app died after writing the final autosave, before filing the game.
    store.save(store.current_game_path, CURRENT_GAME_SCHEMA, document)
    assert GameSession.resume(store) is None
    assert not GameSession.has_saved_game(store)
    assert load_stats(store).played("rami51") == 1
    # ... or it died after filing it, before removing the autosave: not counted again.
    store.save(store.current_game_path, CURRENT_GAME_SCHEMA, document)
    assert GameSession.resume(store) is None
    assert not GameSession.has_saved_game(store)
    assert load_stats(store).played("rami51") == 1
    assert store.notices == ()


# --- bad saves ---------------------------------------------------------------------------------------


def _damage(store: Store, **changes: object) -> None:
    document = saved(store)
    document.update(changes)
    store.current_game_path.write_text(json.dumps(document))


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"variant": "rami_of_the_future"}, "variant_gone"),
        ({"options": {"no_such_option": 1}}, "options_invalid"),
        ({"options": {"rounds": 999}}, "options_invalid"),
        ({"seats": [{"name": "Solo", "bot": None}]}, "moves_fail"),
        ({"moves": ["draw", "draw", "draw"]}, "moves_fail"),
        ({"moves": ["fly away"]}, "moves_fail"),
    ],
)
def test_a_save_that_does_not_replay_is_set_aside(store: Store, changes: dict[str, object], reason: str) -> None:
    session = GameSession.new(SETUP, store, seed=4)
    play_random(session, random.Random(4), 10)
    _damage(store, **changes)
    content = store.current_game_path.read_bytes()
    assert GameSession.resume(store) is None
    assert not GameSession.has_saved_game(store)
    (aside,) = [p for p in store.data_dir.iterdir() if ".broken-" in p.name]
    assert aside.read_bytes() == content
    (notice,) = store.take_notices()
    assert notice.key == NOTICE_SET_ASIDE
    assert notice.params["file"] == paths.CURRENT_GAME_FILE
    assert notice.params["reason"] == reason
    assert notice.params["detail"]


def test_a_move_that_became_illegal_names_the_move(store: Store) -> None:
    session = GameSession.new(SETUP, store, seed=4)
    play_random(session, random.Random(4), 10)
    moves = session.game.moves_text()
    _damage(store, moves=[*moves, "discard 5X"])
    assert GameSession.resume(store) is None
    assert "5X" in store.take_notices()[0].params["detail"]


def old_session(store: Store, seed: int) -> GameSession:
    """A game as ramigui dealt it before the first dealer was drawn from the seed: the
    last seat dealt round 1 (what version 0 and 1 saves replay with)."""
    session = GameSession(Game.new("rami51", 3, seed, dealer=2), SEATS, store)
    play_random(session, random.Random(seed), 25)
    return session


def test_version_0_save_is_migrated(store: Store) -> None:
    session = old_session(store, 4)
    assert Game.new("rami51", 3, 4).dealer != 2  # today's deal of seed 4 has another dealer
    old = {"variant": "rami51", "options": {}, "players": 3, "seed": 4, "moves": session.game.moves_text()}
    store.current_game_path.write_text(json.dumps(old))
    resumed = GameSession.resume(store)
    assert resumed is not None
    assert resumed.game.state == session.game.state
    assert [seat.name for seat in resumed.seats] == ["Player 1", "Player 2", "Player 3"]
    assert all(seat.is_human for seat in resumed.seats)
    assert store.notices == ()
    resumed.play(random_move(resumed, random.Random(0)))
    assert saved(store)["version"] == CURRENT_GAME_SCHEMA.version and "players" not in saved(store)
    assert saved(store)["dealer"] == 2


def test_version_1_save_replays_with_the_last_seat_dealing(store: Store) -> None:
    session = old_session(store, 5)
    document = session.record().to_json()
    del document["dealer"]
    store.current_game_path.write_text(json.dumps({**document, "version": 1}))
    resumed = GameSession.resume(store)
    assert resumed is not None and store.notices == ()
    assert resumed.game.state == session.game.state and resumed.game.first_dealer == 2


def test_the_save_keeps_the_first_dealer_drawn_from_the_seed(store: Store) -> None:
    dealers = set()
    for seed in range(12):
        session = GameSession.new(SETUP, store, seed=seed, abandon_saved=True)
        assert saved(store)["dealer"] == session.game.dealer == session.game.first_dealer
        dealers.add(session.game.dealer)
        play_random(session, random.Random(seed), 5)
        resumed = GameSession.resume(store)
        assert resumed is not None
        assert_same_game(session, resumed)
    assert dealers == {0, 1, 2}


# --- failures that must not stop the game ------------------------------------------------------------


def test_a_failing_disk_is_reported_once_and_play_goes_on(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session = GameSession.new(SETUP, store, seed=3)

    def full_disk(path: Path, data: bytes) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage, "atomic_write_bytes", full_disk)
    play_random(session, random.Random(3), 20)
    assert len(session.game.log) == 20
    problem = session.take_save_problem()  # for the table to show at once
    assert problem is not None and problem.key == NOTICE_SAVE_FAILED and session.take_save_problem() is None
    monkeypatch.undo()
    session.play(random_move(session, random.Random(1)))
    assert saved(store)["moves"] == session.game.moves_text()


def test_a_read_only_copy_plays_without_writing(store: Store) -> None:
    second = Store.open()
    assert second.read_only
    session = GameSession.new(SETUP, second, seed=3)
    play_random(session, random.Random(3), 15)
    assert not GameSession.has_saved_game(store)


def test_record_round_trip() -> None:
    record = GameRecord("rami51", {"rounds": 2}, 7, SEATS, ("draw", "discard KS"), "id", "2026-11-22T03:15:00")
    assert GameRecord.from_json({**record.to_json(), "version": 1}) == record
