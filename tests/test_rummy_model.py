"""The hard rummy bot's model of the next player's hand (ramigui/bots/rummy_model.py): hands
sampled from the unseen cards, weighed by what that player took, refused and threw."""

from __future__ import annotations

import random
from collections import Counter

from ramigui.bots.rummy_model import Clue, HandModel, completers
from ramigui.bots.rummy_search import Knowledge, Lines
from ramigui.cards import Card, parse_card, parse_cards

LINES = Lines(14, 1, 1)
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def test_completers_are_the_cards_that_make_a_meld_with_two_of_the_hand() -> None:
    found = completers(cards("7H 8H KS KD 2C"), LINES)
    assert {parse_card(t) for t in ("6H", "9H", "KH", "KC")} <= found
    assert parse_card("7S") not in found and parse_card("2D") not in found and parse_card("KS") not in found


def test_a_joker_stands_in_for_the_missing_partner() -> None:
    assert parse_card("4C") in completers(cards("2C JK"), LINES)
    assert parse_card("4C") not in completers(cards("2C JK"), Lines(14, 1, 0))


def model(clues: list[Clue], known: str = "") -> HandModel:
    """A next player (seat 1) of 8 cards, the 26 hearts and clubs unseen."""
    unseen = Counter(cards(" ".join(f"{rank}{suit}" for suit in "HC" for rank in RANKS)))
    held = Counter(cards(known))
    knowledge = Knowledge(unseen - held, {1: held}, {1: 8})
    return HandModel(knowledge, {1: clues}, LINES, random.Random(3), samples=300)


def test_a_card_the_player_just_refused_says_their_hand_has_no_meld_for_it() -> None:
    card = parse_card("7H")
    plain = model([]).feed_chance(1, card)
    refused = model([Clue(card, "refused", 0)]).feed_chance(1, card)
    old = model([Clue(card, "refused", 5)]).feed_chance(1, card)
    assert refused < old < plain


def test_a_card_they_took_makes_its_neighbours_dangerous() -> None:
    took = [Clue(parse_card("7H"), "took", 2)]
    with_it = model(took, known="7H")
    without = model([])
    assert with_it.feed_chance(1, parse_card("8H")) > without.feed_chance(1, parse_card("8H")) + 0.1
    assert with_it.feed_chance(1, parse_card("KC")) < with_it.feed_chance(1, parse_card("8H"))


def test_an_unknown_seat_is_never_fed() -> None:
    assert model([]).feed_chance(2, parse_card("7H")) == 0.0


def test_the_hard_bot_reads_what_the_next_player_took_and_refused() -> None:
    """Rami 51, two players. Seat 1 took 9D from the pile, then left seat 0's 4C on it: to
    seat 0, 10D (next to the 9D they kept) may well feed them, 4C hardly."""
    from ramigui.bots.rummy_bot import RummyBot, _Turn
    from ramigui.rules import Game

    game = Game.from_position(
        "rami51", options={"rounds": 1},
        hands=["2S 5S 8S JS KS 3H 6H 9H QH 4C 7C 10C 9D", "2D 3D 4D 5D 6D 7D 8H JD QD KD AD 2C 3C"],
        stock="AS 5H 6S 7S 8C 9C", discard="KC", to_play=0,
    )
    for move in ("draw", "discard 9D", "take", "discard 2C", "draw", "discard 4C", "draw", "discard 3C", "draw"):
        game.play(move)
    turn = _Turn(game.view(0), RummyBot("hard", 0))
    assert turn.memory is not None
    assert [event[1:] for event in turn.memory.events[1]] == [
        ("took", parse_card("9D")),
        ("threw", parse_card("2C")),
        ("refused", parse_card("4C")),
        ("threw", parse_card("3C")),
    ]
    model = turn._hand_model()
    assert model.feed_chance(1, parse_card("10D")) > 0.3
    assert model.feed_chance(1, parse_card("10D")) > 3 * model.feed_chance(1, parse_card("4C"))
