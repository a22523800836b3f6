"""Random play of every rummy variant at every player count.

Every move of every game is checked by tests/randomplay.py: each card exactly once, only
the seat to play has moves, copies equal, the log replays. The default run plays a sample
of each; tests/test_random_play_long.py (`pytest -m long`) plays thousands per variant.
"""

from __future__ import annotations

import pytest
from randomplay import play_checked, soak

from ramigui.variants import all_variants

RUMMY = [v for v in all_variants() if v.family == "rummy"]
CASES = [(v.id, n) for v in RUMMY for n in range(v.players[0], v.players[1] + 1)]
GAME_CASES = [(v.id, min(max(3, v.players[0]), v.players[1])) for v in RUMMY]
"""Whole games in the default run: one table of three (or the nearest allowed) per variant;
every player count plays whole games in the long step (tests/test_random_play_long.py)."""


@pytest.mark.parametrize(("variant_id", "players"), CASES)
def test_random_deals_keep_every_invariant(variant_id: str, players: int) -> None:
    """A sample of single deals: every round ends, with scores in the variant's sense."""
    check_deals(variant_id, players, range(soak(1, 2000)))


def check_deals(variant_id: str, players: int, seeds: range) -> None:
    """Play one deal per seed, every move checked (the costly checks every 4 moves and at
    the round's end); the round's points make sense."""
    for seed in seeds:
        game, _ = play_checked(variant_id, players, seed, max_rounds=1, deep_every=4, save=seed == 0)
        result = game.results[0]
        assert len(result.points) == players
        if game.lower_wins:
            assert all(p >= 0 for p in result.points)
            if result.winner is not None:
                assert result.points[result.winner] == 0
        else:  # the winner takes: only the seat out scores, or the lowest hands when nobody went out
            assert all(p >= 0 for p in result.points)
            hands = result.details["hand_points"]
            takers = {result.winner} if result.winner is not None else \
                {seat for seat, value in enumerate(hands) if value == min(hands)}
            assert all(p == 0 for seat, p in enumerate(result.points) if seat not in takers)


@pytest.mark.parametrize(("variant_id", "players"), GAME_CASES)
def test_random_games_end(variant_id: str, players: int) -> None:
    """Whole games end (by rounds or by target) and the totals are the sum of the rounds."""
    for seed in range(soak(1, 200)):
        game, _ = play_checked(variant_id, players, 1000 + seed, deep_every=25, save=False)  # deals check saves
        assert game.game_over
        totals = [sum(r.points[s] for r in game.results) for s in range(players)]
        assert game.scores == totals
        assert game.winners
        variant = game.variant
        if variant.target:
            assert max(totals) >= variant.target or len(game.results) == variant.rounds
        else:
            assert len(game.results) == variant.rounds
