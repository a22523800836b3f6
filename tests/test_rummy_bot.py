"""The hard rummy bot's one-draw look-ahead on its discard (ramigui/bots/rummy_bot.py).

Rami 51, two players, set with `Game.from_position` (stock top card first, discard bottom
to top) and played through the checked path. Seat 0 has opened; the search is switched off
(`Budget(candidates=1)`) so the heuristic and the look-ahead alone choose.

    table:   5H 6H 7H (seat 0)      JH QH KH (seat 0)      QS QD QC (seat 0)
    seat 0:  9H 6C, draws 2D
    pile:    a long discard pile: few cards are still unseen

9H is the costliest loose card and has no loose partner, so the points-and-promise
heuristic throws it. The look-ahead sees that an 8H or a 10H (which go on the table) lets
the 9H follow them there: kept, 9H is more often sheddable than 6C, worth its three points.
"""

from __future__ import annotations

import pytest

from ramigui.bots import rummy_bot
from ramigui.bots.rummy_bot import RummyBot, _Turn
from ramigui.bots.rummy_search import Budget
from ramigui.cards import parse_card
from ramigui.rules import Game

PILE = (
    "2S 3S 4S 5S 6S 7S 8S 9S 10S JS KS AS 2C 3C 4C 5C 7C 8C 9C 10C JC KC AC "
    "3D 4D 5D 6D 7D 8D 9D 10D JD KD AD 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"
)


def position() -> Game:
    game = Game.from_position(
        "rami51", hands=["9H 6C", "2H 3H AH 4C 9C JC KC 3D AD 5D"], stock="2D 4D 6D",
        discard=PILE, melds=[(0, "5H 6H 7H"), (0, "JH QH KH"), (0, "QS QD QC")], to_play=0,
    )
    game.play("draw")
    return game


def hard_choice() -> str:
    view = position().view(0)
    return str(RummyBot("hard", 0, budget=Budget(candidates=1)).choose(view))


def test_look_ahead_keeps_the_card_that_follows_a_lay_off() -> None:
    assert hard_choice() == "discard 6C"


def test_without_look_ahead_the_heuristic_throws_the_high_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rummy_bot, "LOOKAHEAD_WEIGHT", 0.0)
    assert hard_choice() == "discard 9H"


def test_stuck_count_lets_a_card_follow_another_onto_the_table() -> None:
    """8H goes on 5H-6H-7H and 9H follows it; 2D stays: one stuck card, the one kept to
    throw, so none is counted. Without the 8H, 9H and 2D are stuck (one counted)."""
    turn = _Turn(position().view(0), RummyBot("hard", 0))
    stuck = turn._stuck_counter()
    cards = [parse_card(text) for text in ("9H", "2D", "8H")]
    assert stuck(cards) == 0
    assert stuck(cards[:2] + [parse_card("5C")]) == 2


def test_medium_ignores_the_look_ahead() -> None:
    view = position().view(0)
    assert str(RummyBot("medium", 0).choose(view)) == "discard 9H"
