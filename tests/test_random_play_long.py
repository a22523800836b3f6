"""The random-play soak of every variant (`pytest -m long`; `.ci/run` runs it as a step of
its own): per variant 750 to 2,000 seeded deals and 40 to 200 whole games (Yami: 150
games, 2,400 deals), every move checked — about 15 minutes of both cores.

The checks are tests/randomplay.py's: the cheap ones after every move (every card of the
pack exactly once, the move listed and accepted, moves exactly while the game goes on,
hand sizes, Yami sheets only growing, each round ending), the costly ones every 64 moves
and at each round's end (a copy equals the original, each seat's view, every rummy meld
valid, totals the sum of the rounds), the most costly once per game (the move log
replays to the identical game; one game in ten also loads from its save record). Profiled
on Rami 50: the rules' own work (legal moves for the bot, applying the move) is ~80% of
the time, the checks ~20%.

Deals rotate through the player counts, every house-rule value (one option changed at a
time) and, for rummy, the round dealt (Wrotham's all-at-once deals are rounds 4 to 6).
Whole games show that every game ends, by its rounds or its target. Chunks of 250 deals
(or a few dozen games) keep each test under a minute and let both cores share the work.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

import pytest
from randomplay import play_checked

from ramigui.rules.variant import Variant
from ramigui.variants import all_variants, get_variant

VARIANTS = [v.id for v in all_variants() if v.seed]  # the built-in games
DEALS = {"rami_bloc": 2000, "rami_base": 2000, "gin": 2000, "gin_oklahoma": 2000}
"""Deals per variant: 2000 where a deal is quick, DEALS_DEFAULT where it takes 0.15-0.35 s."""
DEALS_DEFAULT = 750
DEAL_CHUNK = 250
GAMES = {"yami": 150, "gin": 200, "gin_oklahoma": 120, "rami_wrotham": 40}
GAMES_DEFAULT = 60
GAME_CHUNK = 20

pytestmark = pytest.mark.long


@functools.cache
def _options(variant_id: str) -> tuple[tuple[tuple[str, Any], ...], ...]:
    return tuple(tuple(sorted(chosen.items())) for chosen in option_sets(get_variant(variant_id)))


@functools.cache
def _variant(variant_id: str, options: tuple[tuple[str, Any], ...]) -> Variant:
    return get_variant(variant_id, **dict(options))


def option_sets(variant: Variant) -> list[dict[str, Any]]:
    """The defaults, then each house-rule value other than its default, one at a time."""
    sets: list[dict[str, Any]] = [{}]
    for spec in variant.options:
        if spec.choices is not None:
            sets += [{spec.name: value} for value in spec.choices if value != spec.default]
        elif spec.minimum is not None and spec.minimum != spec.default:
            sets.append({spec.name: spec.minimum})
    return sets


def _setting(variant_id: str, index: int) -> tuple[int, dict[str, Any], Variant]:
    """The player count and options of the index-th deal or game of a variant."""
    low, high = _variant(variant_id, ()).players
    players = low + index % (high - low + 1)
    sets = _options(variant_id)
    options = sets[(index // (high - low + 1)) % len(sets)]
    return players, dict(options), _variant(variant_id, options)


DEAL_CASES = [
    (v, start)
    for v in VARIANTS
    if v != "yami"
    for start in range(0, DEALS.get(v, DEALS_DEFAULT), DEAL_CHUNK)
]
GAME_CASES = [(v, start) for v in VARIANTS for start in range(0, GAMES.get(v, GAMES_DEFAULT), GAME_CHUNK)]


@pytest.mark.parametrize(("variant_id", "start"), DEAL_CASES)
def test_random_deals(variant_id: str, start: int) -> None:
    """Single deals (Yami's are its games' rounds): each ends, scored in the variant's sense."""
    reasons: Counter[str] = Counter()
    for index in range(start, start + DEAL_CHUNK):
        players, options, variant = _setting(variant_id, index)
        rounds = variant.rounds or 6
        round_no = 1 + index % rounds if variant.family == "rummy" else 1
        game, stats = play_checked(variant_id, players, 20_000 + index, options, max_rounds=1,
                                   save=index % 10 == 0, round_no=round_no)
        result = game.results[0]
        reasons[result.reason] += 1
        assert game.round_over and stats.rounds == 1
        assert all(points >= 0 for points in result.points)
        if result.winner is not None and game.lower_wins:
            assert result.points[result.winner] == 0
    assert reasons, "no deal was played"


@pytest.mark.parametrize(("variant_id", "start"), GAME_CASES)
def test_random_games(variant_id: str, start: int) -> None:
    """Whole games: every one ends, by its number of rounds or its target score."""
    count = min(GAME_CHUNK, GAMES.get(variant_id, GAMES_DEFAULT) - start)
    for index in range(start, start + count):
        players, options, variant = _setting(variant_id, index)
        game, stats = play_checked(variant_id, players, 50_000 + index, options, save=index % 10 == 0)
        assert game.game_over and game.winners
        played = len(game.results)
        if variant.target:
            best = min(game.scores) if game.lower_wins else max(game.scores)
            assert played == variant.rounds or best >= variant.target or max(game.totals) >= variant.target
        else:
            assert played == variant.rounds, (played, variant.rounds)
        assert stats.rounds == played


def test_the_soak_covers_every_variant_and_house_rule() -> None:
    """Every built-in variant is soaked, and its deals go through each of its option values."""
    assert set(VARIANTS) == {v.id for v in all_variants() if v.seed} and len(VARIANTS) >= 11
    for variant_id in VARIANTS:
        count = DEALS.get(variant_id, DEALS_DEFAULT) if variant_id != "yami" else GAMES["yami"]
        seen = {tuple(sorted(_setting(variant_id, i)[1].items())) for i in range(count)}
        assert len(seen) == len(option_sets(get_variant(variant_id))), variant_id
