"""The hard gin bot's turn-by-turn reading of the opponent's hand (`gin_reading`).

The plain player it reads by is the simple gin player: take a card only into a meld or to
knock, throw the highest loose card, knock as soon as one can. Positions come from
`tests/test_gin_bot.py` (seat 0 reads, seat 1 is the opponent) and from dealt games played
through the checked path.
"""

from __future__ import annotations

import math
import random

import pytest

from ramigui.bots import make_bot
from ramigui.bots.gin_bot import _full_pack
from ramigui.bots.gin_model import read_opponent
from ramigui.bots.gin_reading import HandReading, ReadHand, plain_throw, would_take
from ramigui.cards import parse_cards
from ramigui.rules import Game
from ramigui.rules.gin_melds import card_bit, hand_mask
from ramigui.rules.public import GinPublic
from tests.test_gin_bot import after_opponent


def mask(text: str) -> int:
    return hand_mask(parse_cards(text))


def bit(text: str) -> int:
    return mask(text)


def test_plain_player_takes_a_card_into_a_meld() -> None:
    hand = mask("7H 8H KC QD 2S 5C 9D JS 4H AC")
    assert would_take(hand, bit("9H"), 10)  # 7H 8H 9H
    assert not would_take(hand, bit("KS"), 10)  # beside KC, no meld


def test_plain_player_takes_a_card_that_lets_it_knock() -> None:
    """AD melds nothing, but with it and KC thrown the deadwood is 3 (2S AD): a knock."""
    hand = mask("7H 8H 9H 3C 4C 5C JS JD JH KC")
    hand ^= bit("KC") | bit("2S")
    assert would_take(hand, bit("AD"), 10)


def test_plain_throw_is_the_highest_loose_card() -> None:
    hand = mask("7H 8H 9H 3C 4C 5C KS 9D 2S QD AC")
    assert plain_throw(hand, bit("KS"))
    assert not plain_throw(hand, bit("QD"))  # KS is higher and loose
    assert not plain_throw(hand, bit("8H"))  # in a meld
    # The card just taken may not be thrown: the next highest loose card is the throw.
    assert plain_throw(hand, bit("QD"), taken=bit("KS"))


def _jd_melds(model: ReadHand) -> float:
    """The weighted share of the read hands in which JD (taken or left) joins a meld."""
    jd = bit("JD")
    return sum(w for hand, w in zip(model.hands, model.weights, strict=True) if would_take(hand & ~jd, jd, 10))


def test_a_take_and_a_refusal_are_read_apart() -> None:
    took = HandReading().read(after_opponent(takes_jd=True).view(0))
    left = HandReading().read(after_opponent(takes_jd=False).view(0))
    assert isinstance(took, ReadHand) and isinstance(left, ReadHand)
    assert took.known == set(parse_cards("JD"))
    assert all(hand & bit("JD") for hand in took.hands)
    # Taken: JD joins a meld in most hands; left for the stock: in few.
    assert _jd_melds(took) > 0.5 > 0.2 > _jd_melds(left)


def test_the_hands_are_made_of_cards_this_seat_has_not_seen() -> None:
    view = after_opponent(takes_jd=True).view(0)
    model = HandReading().read(view)
    assert isinstance(model, ReadHand)
    seen = hand_mask(view.hand) | hand_mask(view.public.discard)
    assert all(not hand & seen for hand in model.hands)
    assert all(bin(hand).count("1") == view.hand_counts[1] for hand in model.hands)
    assert sum(model.odds.values()) == pytest.approx(view.hand_counts[1] - len(model.known))
    assert sum(model.weights) == pytest.approx(1.0)


def test_a_fresh_reading_reads_the_same_view_the_same_way() -> None:
    view = after_opponent(takes_jd=True).view(0)
    first, second = HandReading().read(view), HandReading().read(view)
    assert isinstance(first, ReadHand) and isinstance(second, ReadHand)
    assert first.hands == second.hands and first.weights == second.weights


def _log_loss(p: float, happened: bool) -> float:
    p = min(max(p, 1e-3), 1 - 1e-3)
    return -math.log(p if happened else 1 - p)


def test_carried_through_dealt_games_the_reading_stays_whole_and_reads_a_plain_player_better() -> None:
    """Seat 0 (medium) against the baseline, a plain player: at each of seat 0's decisions
    the reading carried from the last one holds hands of the opponent's size, with the
    cards they surely hold and no card seat 0 sees; and it tells which of seat 0's cards
    the opponent would take (its real hand says) better than the event weights do."""
    loss = {"reading": 0.0, "events": 0.0}
    decisions = 0
    for seed in range(10):
        game = Game.new("gin", 2, 300 + seed)
        bots = [make_bot("gin", "medium", seed), make_bot("gin", "baseline", seed + 9)]
        reading = HandReading()
        while len(game.results) < 2 and not game.game_over:
            if game.round_over:
                game.play("next")
                continue
            view = game.view(game.to_play)
            if game.to_play == 0 and view.public.phase == "discard":
                model = reading.read(view)
                assert isinstance(model, ReadHand)
                table = view.public_as(GinPublic)
                seen = hand_mask(view.hand) | hand_mask(table.discard)
                known = hand_mask(model.known)
                for hand in model.hands:
                    assert bin(hand).count("1") == view.hand_counts[1]
                    assert hand & known == known and not hand & seen
                truth = hand_mask(game.state.hands[1])
                events = read_opponent(view, _full_pack())
                for card in view.hand:
                    taken = would_take(truth, card_bit(card), table.knock_limit)
                    loss["reading"] += _log_loss(model.meld_chance(card), taken)
                    loss["events"] += _log_loss(events.meld_chance(card), taken)
                decisions += 1
            game.play(bots[game.to_play].choose(view))
    assert decisions > 100
    assert loss["reading"] < 0.95 * loss["events"]


def test_a_world_is_a_read_hand_and_the_rest_of_the_unseen_cards_as_the_stock() -> None:
    game = Game.new("gin", 2, 31)
    bots = [make_bot("gin", "medium", 1), make_bot("gin", "baseline", 2)]
    while game.view(0).public_as(GinPublic).turn < 6 or game.to_play != 0:
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    view = game.view(0)
    model = HandReading().read(view)
    assert isinstance(model, ReadHand)
    stock = view.public_as(GinPublic).stock
    for world in model.worlds(8, random.Random(2)):
        assert world.hand in model.hands
        assert len(world.stock) == stock
        assert not hand_mask(world.stock) & world.hand
        assert hand_mask(world.stock) | (world.hand & ~hand_mask(model.known)) == model.unseen


def test_a_plain_players_next_throw_is_its_highest_loose_card() -> None:
    """The simple player throws its highest loose card: the reading's throw odds put each
    read hand's weight on that card (a melded king is never its throw)."""
    from ramigui.bots.gin_reading import highest_loose

    assert highest_loose(mask("7H 8H 9H 3C 4C 5C KS 9D 2S QD")) == bit("KS")
    assert highest_loose(mask("7H 8H 9H 3C 4C 5C KS KD KH QD")) == bit("QD")  # the kings are a set
    assert highest_loose(mask("7H 8H 9H 3C 4C 5C KS KD KH AD 2D 3D")) == 0
    read = ReadHand(known=frozenset(), odds={}, weights=(0.25, 0.75),
                    hands=(mask("7H 8H 9H 3C 4C 5C KS 9D 2S QD"), mask("7H 8H 9H 3C 4C 5C KS KD KH QD")))
    assert read.throw_odds() == {bit("KS"): 0.25, bit("QD"): 0.75}
