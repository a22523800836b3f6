"""What a gin hand is worth to the game (`gin_match`): the chance of reaching 100 first.

Seed 001: "Une partie se joue en 100 points" — the first to reach it wins, so near the end a
hand is worth winning at all rather than winning big.
"""

from __future__ import annotations

import pytest

from ramigui.bots.gin_bot import TUNE, _hand_value
from ramigui.bots.gin_lookahead import Table, World, compare_plans, knock_now
from ramigui.bots.gin_match import Stake, win_chance
from ramigui.cards import parse_cards
from ramigui.rules.gin_melds import best_melds, hand_mask
from ramigui.rules.variant import GinRules


def test_an_even_game_is_even_and_the_chances_add_up() -> None:
    assert win_chance(100, 100, 100) == pytest.approx(0.5)
    for mine, theirs in ((30, 70), (5, 95), (60, 61)):
        assert win_chance(mine, theirs, 100) + win_chance(theirs, mine, 100) == pytest.approx(1.0)


def test_needing_fewer_points_is_better_and_decided_games_are_decided() -> None:
    assert win_chance(20, 100, 100) > win_chance(50, 100, 100) > win_chance(100, 100, 100)
    assert win_chance(100, 20, 100) < win_chance(100, 50, 100)
    assert win_chance(0, 5, 100) == 1.0
    assert win_chance(5, -3, 100) == 0.0


def test_at_the_start_points_are_worth_themselves() -> None:
    """0 to 0: the game is long, a point is a point (within 5%)."""
    stake = Stake.of((0, 0), 0, 100)
    assert stake is not None
    for points in (-20, -5, 5, 20):
        assert stake.value(points) == pytest.approx(points, rel=0.05)


def test_near_the_end_a_sure_small_win_is_worth_a_big_one() -> None:
    """We have 95 (5 to go): a knock for 6 ends the game as surely as a gin for 40; any
    hand the opponent (at 90) wins for 10 or more ends it against us."""
    stake = Stake.of((95, 90), 0, 100)
    assert stake is not None
    assert stake.value(6) == pytest.approx(stake.value(40))
    assert stake.value(-10) == pytest.approx(stake.value(-45))
    assert stake.value(-10) < stake.value(-3) < 0 < stake.value(3) < stake.value(6)


def test_the_stake_is_seen_from_the_seat() -> None:
    stake = Stake.of((20, 80), 1, 100)
    assert stake is not None and (stake.mine, stake.theirs) == (20, 80)


def test_a_game_of_rounds_has_no_stake() -> None:
    assert Stake.of((10, 20), 0, 0) is None


def test_hard_weighs_a_won_hand_beyond_its_points() -> None:
    """A hand let go is a hand the opponent wins — hard counts `hand_weight` more
    for winning it, as much less for losing it, nothing for a void round."""
    weight = TUNE["hand_weight"]
    assert weight > 0
    value = _hand_value(None)
    assert value(5) == 5 + weight
    assert value(-5) == -5 - weight
    assert value(0) == 0


def test_hard_weighs_a_hand_by_the_game_near_its_end() -> None:
    """At 95 to 90 a knock for 6 and a gin for 40 both end the game: worth the same to hard."""
    value = _hand_value(Stake.of((95, 90), 0, 100))
    assert value(6) == pytest.approx(value(40))
    assert value(-3) > value(-10) == pytest.approx(value(-30))


def test_the_knock_look_ahead_weighs_each_world_by_the_value_given() -> None:
    """compare_plans sums `value` of each world's points, not the points themselves."""
    melds = best_melds(parse_cards("AS 2S 3S 4H 5H 6H JC QC KC"))[0]
    world = World(hand_mask(parse_cards("9S 9D 8C 10C KD 3D 5C 2C QD 7D")), tuple(parse_cards("2H 10D 4C")))
    table = Table(GinRules(), limit=10, stock=20)
    hand = parse_cards("AS 2S 3S 4H 5H 6H JC QC KC 2D AD")
    two = parse_cards("2D")[0]
    now, _ = compare_plans(hand, (melds, 1, two), two, [0], [world], table, value=lambda points: points * 10.0)
    assert now == 10.0 * knock_now(melds, 1, world, table)
