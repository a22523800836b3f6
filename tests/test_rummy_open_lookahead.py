"""The hard rummy bot, before opening, keeps the cards that can reach the opening minimum
(ramigui/bots/rummy_bot.py, `OPEN_LOOKAHEAD_WEIGHT`).

Rami 51 of five rounds (seed 004: open with 51 points of melds), two players, set with
`Game.from_position` (stock top card first) and played through the checked path. The other
player is down (5C 6C 7C on the table) to six cards: before that, hard would wait to go out
all at once (a rami doubles the others' penalties, `RAMI_SEC_WAIT`, `RAMI_WAIT_CARDS`) and no
minimum would count.

    seat 0:  KS KD KC 9C 9D 3C 3D, draws KH
    melds:   KS KD KC KH = 40 points, short of 51 (a set of four takes no joker)
    loose:   9C 9D (a third nine or a joker: +27, the hand opens)
             3C 3D (a third three or a joker: +9, 49 — still short)

Both pairs wait on the same number of unseen cards (the other two suits, two decks), so the
points-and-promise heuristic throws a nine, the costlier card. Only a nine drawn next would
open the hand, and a hand caught unopened pays its every card plus the never-down penalty:
hard keeps the nines and throws a three.
"""

from __future__ import annotations

import pytest

from ramigui.bots import rummy_bot
from ramigui.bots.rummy_bot import RummyBot, _Turn
from ramigui.cards import JOKER, parse_card
from ramigui.rules import Game


def position() -> Game:
    game = Game.from_position(
        "rami51", options={"rounds": 5}, hands=["KS KD KC 9C 9D 3C 3D", "2H 5H 7S 8D JC AC"],
        stock="KH", discard="6H", melds=[(1, "5C 6C 7C")], to_play=0,
    )
    game.play("draw")
    return game


def discard_of(level: str) -> str:
    game = position()
    move = str(game.play(RummyBot(level, 0).choose(game.view(0))))
    assert game.to_play == 1, "the turn ends with that discard: nothing else was laid"
    return move


def test_hard_keeps_the_pair_that_would_open_the_hand() -> None:
    assert discard_of("hard") in ("discard 3C", "discard 3D")


def test_without_the_look_ahead_the_heuristic_throws_a_nine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rummy_bot, "OPEN_LOOKAHEAD_WEIGHT", 0.0)
    assert discard_of("hard") in ("discard 9C", "discard 9D")


def test_medium_ignores_the_look_ahead() -> None:
    assert discard_of("medium") in ("discard 9C", "discard 9D")


def test_chance_to_open_counts_only_the_draws_that_reach_the_minimum() -> None:
    """Kept 9C 9D: the two 9H, the two 9S and the two jokers unseen open it; kept 3C 3D, no
    draw does."""
    game = position()
    turn = _Turn(game.view(0), RummyBot("hard", 0))
    unseen = turn.unseen()
    openers = unseen[parse_card("9H")] + unseen[parse_card("9S")] + unseen[JOKER]
    assert openers == 6
    chance = turn._opens_after_draw(parse_card("3C"), unseen)
    assert chance == pytest.approx(openers / sum(unseen.values()))
    assert turn._opens_after_draw(parse_card("9C"), unseen) == 0.0


def test_once_down_the_look_ahead_is_not_asked() -> None:
    """Opened, the hand needs no minimum any more: the opening look-ahead stays out."""
    game = Game.from_position(
        "rami51", options={"rounds": 5}, hands=["9C 9D 3C 3D 5H", "2H 5H 7S 8D JC AC 6D 4H"],
        stock="KS", discard="6H", melds=[(0, "QS QD QC"), (0, "JH QH KH")], to_play=0,
    )
    game.play("draw")
    assert not _Turn(game.view(0), RummyBot("hard", 0))._before_opening()


def test_quick_estimate_sees_the_same_openers_in_a_plain_hand() -> None:
    """No joker in hand, no meld to split: arranging the kept hand once and adding each draw
    finds the same six openers as arranging it again with each draw."""
    game = position()
    turn = _Turn(game.view(0), RummyBot("hard", 0))
    unseen = turn.unseen()
    for card in ("3C", "9C"):
        exact = turn._opens_after_draw(parse_card(card), unseen)
        assert turn._opens_after_draw(parse_card(card), unseen, quick=True) == pytest.approx(exact)


def test_past_its_time_the_look_ahead_still_keeps_the_nines() -> None:
    """A clock that runs a second at each reading: the look-ahead is out of time after the
    first candidate, so every candidate is estimated the quick way, and alike."""
    ticks = iter(range(10_000))
    game = position()
    bot = RummyBot("hard", 0, clock=lambda: float(next(ticks)))
    assert str(game.play(bot.choose(game.view(0)))) in ("discard 3C", "discard 3D")
