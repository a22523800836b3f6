"""The hard rummy bot keeps its melds in hand once down (ramigui/bots/rummy_bot.py).

A meld on the table is a place where the other players lay off their cards (and a joker in
it one they may win back); in hand it goes down with the last cards all the same. So once
it has opened, hard lays nothing more until it can go out, and it opens with the melds
that leave the fewest places for other players' cards; in a one-round game it does not
even open before the turn it goes out, nor in Rami familial while a rami sec (nobody else
down) is still possible. Positions are Rami 51 (and Rami familial) rounds set
with `Game.from_position` (stock top card first) and played through the checked path.
"""

from __future__ import annotations

import pytest
from rummy_helpers import bot_turn

from ramigui.bots import rummy_bot
from ramigui.rules import Game

TABLE = [(0, "QS QD QC"), (0, "KH KD KS")]


def down_position(hand: str, stock: str, rounds: int = 1, theirs: str = "2H 3H 4H 5S 6S 7D 8D 9D") -> Game:
    """Seat 0 has opened with two sets; it draws the stock's top card."""
    game = Game.from_position(
        "rami51", options={"rounds": rounds}, hands=[hand, theirs], stock=stock, discard="4S", melds=TABLE, to_play=0,
    )
    game.play("draw")
    return game


def test_hard_keeps_a_meld_in_hand_once_down() -> None:
    moves = bot_turn(down_position("7C 8C 9C 2D 5S", "3H"), "hard")
    assert [m for m in moves if m.startswith("meld")] == []
    assert moves[-1].startswith("discard")


def test_medium_lays_every_meld_at_once() -> None:
    assert "meld 7C 8C 9C" in bot_turn(down_position("7C 8C 9C 2D 5S", "3H"), "medium")


def test_hard_lays_its_melds_when_they_take_it_out() -> None:
    """QH goes onto the queens, 7C-8C-9C down, 2D thrown: out."""
    game = down_position("7C 8C 9C 2D", "QH")
    moves = bot_turn(game, "hard")
    assert "meld 7C 8C 9C" in moves and "layoff QH to 1" in moves
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0


def test_in_a_longer_game_hard_lays_down_when_an_opponent_is_near_out() -> None:
    """Held cards count against their holder when another player goes out: with five
    rounds to play and the opponent down to three cards, the meld goes down."""
    far = bot_turn(down_position("7C 8C 9C 2D 5S", "3H", rounds=5), "hard")
    near = bot_turn(down_position("7C 8C 9C 2D 5S", "3H", rounds=5, theirs="2H 3H 4H"), "hard")
    assert "meld 7C 8C 9C" not in far
    assert "meld 7C 8C 9C" in near


def test_hard_opens_with_the_melds_that_leave_the_fewest_places_to_lay_off() -> None:
    """Kings (30: only the other KH may join them), 10H-KH (40: 9H and AH, two of each) and
    9S-QS (39: 8S twice and the other KS). Kings + spades reach 51 leaving 4 places; the
    two richest melds would leave 7. The hearts run stays in hand. (A game of several
    rounds, the other player down to five cards: in a one-round game, or while nobody else is
    near out, hard would not open before it can go out.)"""
    game = Game.from_position(
        "rami51", options={"rounds": 5}, hands=["KS KD KC 10H JH QH KH 9S 10S JS QS 2D", "2H 3H 4H 5S 6S"],
        stock="5C", discard="4S", melds=[(1, "5D 6D 7D")], to_play=0,
    )
    game.play("draw")
    moves = bot_turn(game, "hard")
    assert sorted(m for m in moves if m.startswith("meld")) == ["meld 9S 10S JS QS", "meld KS KD KC"]
    assert {"10H", "JH", "QH", "KH"} <= {str(c) for c in game.hand(0)}


def opening_position(hand: str, stock: str, rounds: int = 1) -> Game:
    """Seat 0 has not opened; its hand holds melds worth more than 51; it draws."""
    game = Game.from_position(
        "rami51",
        options={"rounds": rounds},
        hands=[hand, "2H 3H 4H 5S 6S 7D 8D 9D"],
        stock=stock,
        discard="4S",
        to_play=0,
    )
    game.play("draw")
    return game


OPENER = "KS KD KC 10H JH QH KH 9S 10S JS QS"


def test_in_a_one_round_game_hard_does_not_open_before_it_can_go_out() -> None:
    """109 points of melds, but 2D and 5C would stay in hand: opened, the melds would only
    give the opponent places to lay off; held, they go down in the turn that wins."""
    moves = bot_turn(opening_position(OPENER + " 2D", "5C"), "hard")
    assert [m for m in moves if m.startswith("meld")] == []
    assert moves[-1].startswith("discard")


def test_medium_opens_as_soon_as_it_can() -> None:
    moves = bot_turn(opening_position(OPENER + " 2D", "5C"), "medium")
    assert any(m.startswith("meld") for m in moves)


def test_hard_opens_in_the_turn_it_goes_out() -> None:
    """With 2D drawn, every card but the 2D it throws is melded: it opens and wins."""
    game = opening_position(OPENER, "2D")
    moves = bot_turn(game, "hard")
    assert len([m for m in moves if m.startswith("meld")]) == 3
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0


def waiting_position() -> Game:
    """Seat 0, unopened in a one-round game, holds 3S-6S and 7H-9H; loose AH AD 2C. Two
    aces and an AC are on the pile: one AC is still unseen, so the aces are a weak pair."""
    game = Game.from_position(
        "rami51", options={"rounds": 1}, hands=["3S 4S 5S 7H 8H 9H AH AD 2C", "2H 3H 4H 5S 6S 7D 8D 9D"],
        stock="6S", discard="AS AS AC", to_play=0,
    )
    game.play("draw")
    return game


def test_waiting_to_go_out_hard_keeps_the_weak_pair_over_the_lone_low_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """Going down all at once, hard needs no minimum and fears no penalty in a one-round
    game: the aces' 22 points are worth nothing and their one out is worth keeping, so the
    lone 2C goes. Medium keeps high cards for its 51 and throws an ace. (The next player's
    model is switched off so only the points and the promise decide.)"""
    monkeypatch.setattr(rummy_bot, "FEED_WEIGHT", 0.0)
    assert bot_turn(waiting_position(), "hard")[-1] == "discard 2C"
    assert bot_turn(waiting_position(), "medium")[-1] == "discard AH"
    monkeypatch.setattr(rummy_bot, "ONE_ROUND_POINTS", 0.5)
    assert bot_turn(waiting_position(), "hard")[-1] == "discard AH"


def fitting_position() -> Game:
    """Three players; seat 2 has put down QS QD QC, seat 1 (next to play) has not opened.
    Seat 0, unopened, holds 3S-5S and 7H-9H, loose QH and 2C, and draws 6S."""
    game = Game.from_position(
        "rami51", options={"rounds": 1}, hands=["3S 4S 5S 7H 8H 9H QH 2C", "2H 3H 4H 5S 6S 7D 8D 9D", "4D 5D 6D 10C"],
        stock="6S", discard="AS", melds=[(2, "QS QD QC")], to_play=0,
    )
    game.play("draw")
    return game


def test_waiting_to_go_out_hard_keeps_the_card_that_fits_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """QH and 2C are both loose without partners, but QH goes onto the queens in the turn
    hard goes down: it is as good as melded, so the 2C goes. Medium (and hard without
    FIT_KEEP) sees two dead cards and throws the QH. (The next player's model is off: only
    the fit decides.)"""
    monkeypatch.setattr(rummy_bot, "FEED_WEIGHT", 0.0)
    assert bot_turn(fitting_position(), "hard")[-1] == "discard 2C"
    assert bot_turn(fitting_position(), "medium")[-1] == "discard QH"
    monkeypatch.setattr(rummy_bot, "FIT_KEEP", 0.0)
    assert bot_turn(fitting_position(), "hard")[-1] == "discard QH"


def rami_sec_position(theirs_down: bool) -> Game:
    """Rami familial (seed 000), five rounds: seat 0 holds a run and a set, draws 5D.

        seat 0:  7C 8C 9C  4S 4H 4D  KD JS, draws 5D
        seat 1:  down with QS QD QC, or not down yet
    """
    melds = [(1, "QS QD QC")] if theirs_down else []
    game = Game.from_position(
        "rami", hands=["7C 8C 9C 4S 4H 4D KD JS", "2H 3H 6S 10D JC AC 6D"], stock="5D",
        discard="9H", melds=melds, to_play=0,
    )
    game.play("draw")
    return game


def test_in_rami_familial_hard_waits_for_a_rami_sec_while_nobody_is_down() -> None:
    """Going out all at once before anyone else is down doubles the others' penalties
    (seed 000: "(Valeur des cartes restantes + 100 points) x 2"): hard keeps both melds in
    hand; medium opens at once."""
    hard = bot_turn(rami_sec_position(theirs_down=False), "hard")
    assert [m for m in hard if m.startswith("meld")] == [] and hard[-1].startswith("discard")
    assert any(m.startswith("meld") for m in bot_turn(rami_sec_position(theirs_down=False), "medium"))


def test_in_rami_familial_hard_opens_once_another_player_is_down() -> None:
    """Once another player is down a rami sec no longer counts: hard opens at once (it
    never waits past that), and keeps what it holds beyond the opening meld as usual."""
    moves = bot_turn(rami_sec_position(theirs_down=True), "hard")
    assert any(m.startswith("meld") for m in moves)


def test_rami_sec_wait_off_hard_opens_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rummy_bot, "RAMI_SEC_WAIT", False)
    assert any(m.startswith("meld") for m in bot_turn(rami_sec_position(theirs_down=False), "hard"))


def rami51_opening(theirs_down: bool, theirs: str = "2H 3H 4H 5S 6S 7D 8D 9D") -> list[str]:
    """Rami 51, five rounds: hard can open (kings and spades, 69 points) but not go out."""
    game = Game.from_position(
        "rami51", options={"rounds": 5}, hands=["KS KD KC 9S 10S JS QS 2D 5H", theirs],
        stock="4C", discard="4S", melds=[(1, "5D 6D 7D")] if theirs_down else [], to_play=0,
    )
    game.play("draw")
    return bot_turn(game, "hard")


def test_in_rami_51_hard_waits_for_a_rami_while_nobody_else_is_near_out() -> None:
    """Seed 004 with seed 000's count (RULES.md): a rami — the whole hand laid at once, no
    minimum needed — doubles the others' penalties. While the other player has laid nothing,
    or is down but still holds eight cards, hard keeps its 69 points of melds in hand; once
    they are down to six cards or fewer it opens at once (they may go out within a turn or
    two, and an unopened hand pays every card and 100 more)."""
    assert not [m for m in rami51_opening(theirs_down=False) if m.startswith("meld")]
    assert not [m for m in rami51_opening(theirs_down=True) if m.startswith("meld")]
    assert sorted(m for m in rami51_opening(theirs_down=True, theirs="2H 3H 4H 5S 6S 7D") if m.startswith("meld")) \
        == ["meld 9S 10S JS QS", "meld KS KD KC"]
