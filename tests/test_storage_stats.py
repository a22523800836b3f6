"""stats.json: records per variant and name, the history with score sheets, reset, v0."""

from __future__ import annotations

import json
from dataclasses import replace

from ramigui.stats import (
    HISTORY_LIMIT,
    FinishedGame,
    PlayerRecord,
    Stats,
    load_stats,
    reset_stats,
    save_stats,
    totals_over_rounds,
)
from ramigui.storage import Store


def finished(game_id: str, totals: tuple[int, ...], winners: tuple[int, ...], *, variant: str = "rami51",
             names: tuple[str, ...] = ("Ana", "Bob"), lower_wins: bool = True) -> FinishedGame:
    return FinishedGame(
        game_id=game_id, finished="2026-11-22T03:15:00", variant=variant, options={"rounds": 2},
        names=names, bots=(None,) + ("easy",) * (len(names) - 1),
        rounds=(totals, (0,) * len(totals)), reasons=("out", "out"), totals=totals, winners=winners,
        lower_wins=lower_wins,
    )


def counts(record: PlayerRecord) -> tuple[int, int, int | None, int | None, int]:
    return record.played, record.won, record.best, record.worst, record.abandoned


def test_records_count_per_variant_and_name() -> None:
    stats = Stats().with_game(finished("g1", (10, 60), (0,)))
    stats = stats.with_game(finished("g2", (80, 5), (1,)))
    stats = stats.with_game(finished("g3", (100, 30), (0,), variant="gin", lower_wins=False))
    assert stats.played("rami51") == 2 and stats.played("gin") == 1 and stats.played("rami") == 0
    # Rami 51: low wins, so the best of Ana's totals is 10 and the worst 80.
    assert counts(stats.record("rami51", "Ana")) == counts(PlayerRecord(played=2, won=1, best=10, worst=80))
    assert counts(stats.record("rami51", "Bob")) == counts(PlayerRecord(played=2, won=1, best=5, worst=60))
    # Gin: high wins.
    assert counts(stats.record("gin", "Ana")) == counts(PlayerRecord(played=1, won=1, best=100, worst=100))
    assert counts(stats.overall("Ana")) == counts(PlayerRecord(played=3, won=2))
    assert stats.names() == ["Ana", "Bob"]
    assert [game.game_id for game in stats.history] == ["g1", "g2", "g3"]


def test_the_same_game_is_never_counted_twice() -> None:
    once = Stats().with_game(finished("g1", (10, 60), (0,)))
    assert once.with_game(finished("g1", (10, 60), (0,))) == once


def test_history_is_capped_but_records_keep_counting() -> None:
    stats = Stats()
    for number in range(HISTORY_LIMIT + 5):
        stats = stats.with_game(finished(f"g{number}", (1, 2), (0,)))
    assert len(stats.history) == HISTORY_LIMIT
    assert stats.history[0].game_id == "g5"
    assert stats.record("rami51", "Ana").played == HISTORY_LIMIT + 5


def test_round_trip_and_reset(store: Store) -> None:
    stats = Stats().with_game(finished("g1", (10, 60, 7), (2,), names=("Ana", "Bob", "Zoé")))
    assert save_stats(store, stats)
    assert load_stats(store) == stats
    assert reset_stats(store) == Stats()
    assert load_stats(store) == Stats()
    assert json.loads(store.stats_path.read_text())["history"] == []


def test_score_sheet_running_totals() -> None:
    game = replace(finished("g", (0, 0), (0,)), rounds=((5, 20), (0, 35), (12, 0)))
    assert totals_over_rounds(game) == [[5, 20], [5, 55], [17, 55]]


def test_version_0_stats_are_migrated(store: Store) -> None:
    old = {"games": [
        {"variant": "rami", "players": ["Ana", "Bob"], "scores": [12, 70], "winner": 0, "date": "2025-01-02"},
        {"variant": "gin", "players": ["Ana", "Bob"], "scores": [140, 20], "winner": 0},
    ]}
    store.stats_path.parent.mkdir(parents=True, exist_ok=True)
    store.stats_path.write_text(json.dumps(old))
    stats = load_stats(store)
    assert store.notices == ()
    assert stats.played("rami") == 1 and stats.played("gin") == 1
    assert counts(stats.record("rami", "Ana")) == counts(PlayerRecord(1, 1, 12, 12))
    assert counts(stats.record("gin", "Bob")) == counts(PlayerRecord(1, 0, 20, 20))
    assert stats.history[0].finished == "2025-01-02"
    assert stats.history[1].lower_wins is False
    save_stats(store, stats)
    assert load_stats(store) == stats


def test_inconsistent_records_are_set_aside(store: Store) -> None:
    document = Stats().with_game(finished("g1", (10, 60), (0,))).to_json()
    document["records"]["rami51"]["Ana"]["won"] = 5  # more wins than games
    store.write_json(store.stats_path, {**document, "version": 1})
    assert load_stats(store) == Stats()
    assert store.take_notices()[0].params["reason"] == "wrong_shape"


def test_the_viewer_is_one_person_in_either_language() -> None:
    """Games played as « Vous » (French) and as "You" (English) showed as two « Vous » rows in
    « Par joueur » (a newcomer's finding): a name the game gave is kept in one language, and
    a file with both is read as one person."""
    stats = Stats().with_game(finished("g1", (10, 60), (0,), names=("Vous", "Robot 1")))
    stats = stats.with_game(finished("g2", (80, 5), (1,), names=("You", "Bot 1")))
    assert stats.names() == ["Bot 1", "You"]
    assert counts(stats.record("rami51", "Vous")) == counts(PlayerRecord(played=2, won=1, best=10, worst=80))
    both = {"records": {"rami51": {"Vous": PlayerRecord(played=1, won=1, best=10, worst=10).to_json(),
                                   "You": PlayerRecord(played=1, won=0, best=80, worst=80).to_json()}},
            "games": {"rami51": 2}, "history": []}
    read = Stats.from_json(json.loads(json.dumps(both)))
    assert read.names() == ["You"] and counts(read.record("rami51", "You")) == (2, 1, 10, 80, 0)
    renamed = read.renamed("Vous", "Léa")  # the people file may still say « Vous »
    assert renamed.names() == ["Léa"] and renamed.record("rami51", "Léa").played == 2
