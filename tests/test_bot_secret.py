"""Fair bots: a bot's randomness comes from the game's bot secret, never from the
deal's seed, and the secret is saved with the game so a replay rebuilds the same bots."""

from __future__ import annotations

import json
import random

import pytest

from ramigui.bots import make_bot
from ramigui.bots.secret import bot_rng
from ramigui.session import CURRENT_GAME_SCHEMA, GameRecord, GameSession, GameSetup, Seat, parse_log
from ramigui.storage import Store
from ramigui.ui import seats as seats_module
from ramigui.ui.game_screen import config_for
from ramigui.ui.seats import TableConfig, seat_choosers

SEATS = (Seat("Ana"), Seat("Robot 1", "medium"), Seat("Robot 2", "easy"))


def _stream(rng: random.Random, count: int = 8) -> list[int]:
    return [rng.getrandbits(32) for _ in range(count)]


def _table_rngs(config: TableConfig, monkeypatch: pytest.MonkeyPatch) -> dict[int, random.Random]:
    """The generator each bot seat of the table is given (caught on its way to make_bot)."""
    given: dict[int, random.Random] = {}

    def catch(variant: str, level: str, rng: random.Random) -> object:
        given[len(given) + 1] = rng
        return lambda view: None

    monkeypatch.setattr(seats_module, "make_chooser", catch)
    seat_choosers(config)
    return given


def test_a_bots_generator_owes_nothing_to_the_deals_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    seed = 123
    config = TableConfig("rami51", 3, seed, humans=[True, False, False])
    rngs = _table_rngs(config, monkeypatch)
    assert sorted(rngs) == [1, 2]
    derivable = {seat: _stream(random.Random(value)) for seat in (1, 2)
                 for value in (seed * 31 + seat, seed + seat, seed * 7, seed, seat)}
    for seat, rng in rngs.items():
        stream = _stream(rng)
        assert stream not in derivable.values()
        assert stream == _stream(bot_rng(config.bot_secret, seat))  # keyed by the secret alone
    # Same deal, another secret: other bots. Same secret, another deal: the same bots.
    other = TableConfig("rami51", 3, seed, humans=[True, False, False])
    assert other.bot_secret != config.bot_secret
    assert _stream(_table_rngs(other, monkeypatch)[1]) != _stream(bot_rng(config.bot_secret, 1))
    same = TableConfig("rami51", 3, seed + 1, humans=[True, False, False], bot_secret=config.bot_secret)
    assert _stream(_table_rngs(same, monkeypatch)[1]) == _stream(bot_rng(config.bot_secret, 1))


def test_the_secret_is_saved_and_a_replay_rebuilds_the_same_bots(store: Store) -> None:
    """Bots play a saved game; from the save alone (its seed, secret and moves), bots rebuilt
    with the table's own recipe choose every recorded bot move again."""
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 3}), store, seed=77)
    config = config_for(session)
    assert config.bot_secret == session.bot_secret
    bots = seat_choosers(config)
    person = make_bot("rami51", "medium", 0)  # plays the human seat, as a person would
    while len(session.game.log) < 150 and not (session.game.round_over and session.game.round_no == 3):
        game = session.game
        if game.round_over:
            session.play("next")
        elif game.to_play in bots:
            session.play(bots[game.to_play](game.view(game.to_play)))
        else:
            session.play(person.choose(game.view(game.to_play)))
    saved = json.loads(store.current_game_path.read_text(encoding="utf-8"))
    assert saved["bot_secret"] == session.bot_secret and saved["seed"] == 77
    resumed = GameSession.resume(store)
    assert resumed is not None and resumed.bot_secret == session.bot_secret
    record = resumed.record()
    again = seat_choosers(config_for(resumed))
    game = GameRecord(
        record.variant, record.options, record.seed, record.seats, (), bot_secret=record.bot_secret
    ).replay()
    checked = 0
    for move in record.moves:
        if not game.round_over and game.to_play in again:
            assert str(again[game.to_play](game.view(game.to_play))) == move
            checked += 1
        game.play(move)
    assert checked > 20


def test_old_saves_and_logs_get_a_secret(store: Store) -> None:
    session = GameSession.new(GameSetup("rami51", SEATS), store, seed=5)
    first = str(session.game.legal_moves()[0])
    session.play(first)
    old = json.loads(store.current_game_path.read_text(encoding="utf-8"))
    del old["bot_secret"]
    old["version"] = 2  # the version before bot secrets
    store.current_game_path.write_text(json.dumps(old), encoding="utf-8")
    resumed = GameSession.resume(store)
    assert resumed is not None and resumed.game.moves_text() == [first]
    assert resumed.bot_secret != session.bot_secret and store.notices == ()
    resumed.play(resumed.game.legal_moves()[0])
    assert json.loads(store.current_game_path.read_text())["version"] == CURRENT_GAME_SCHEMA.version
    text = session.log_text()
    assert f"bot secret: {session.bot_secret}" in text.splitlines()
    assert parse_log(text).record.bot_secret == session.bot_secret
    without = "\n".join(line for line in text.splitlines() if not line.startswith("bot secret"))
    assert 0 <= parse_log(without).record.bot_secret < 2**64


def test_simulate_seeds_its_bots_from_a_secret_not_the_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    import argparse

    from ramigui import simulate as sim

    given: list[object] = []
    real = sim.make_bot

    def spy(variant: str, level: str, rng: object) -> object:
        given.append(rng)
        return real(variant, level, rng)  # type: ignore[arg-type]

    monkeypatch.setattr(sim, "make_bot", spy)
    args = argparse.Namespace(variant="gin", players=2, games=2, seed=3, bots="easy", option=[], json=True, check=True)
    def outcome(report: dict[str, object]) -> object:
        return {level: (entry["wins"], entry["points_per_round"]) for level, entry in report["levels"].items()}  # type: ignore[attr-defined]

    first = sim.simulate(args)
    assert given and all(isinstance(rng, random.Random) for rng in given)
    assert outcome(sim.simulate(args)) == outcome(first) and sim.simulate(args)["moves"] == first["moves"]
