"""The rummy bots see a hand that can go out this turn under either going-out rule.

Seed 003 (Rami de base, and Rami bloc and Wrotham after it): "Un joueur sort en
fusionnant, en retirant ou en défaisant toutes ses cartes": the last card may be melded,
laid off or thrown. So a hand goes out with every card placed but one, thrown last, exactly
as where the last card must be discarded. The bot once counted a hand as going out only
when every card could be placed: hard then kept melds in hand it could have gone out with,
and in Wrotham's last deals (seed 003: "déposer les sept à la fois") every level waited for
all eight cards to meld. Positions set with `Game.from_position` (stock top card first),
played through the checked path.
"""

from __future__ import annotations

import pytest
from rummy_helpers import bot_turn

from ramigui.rules import Game


def base_position(hand: str, drawn: str) -> Game:
    """Rami de base, three players: seat 0 has put down the queens, seat 1 the kings; seat
    0 draws `drawn`."""
    game = Game.from_position(
        "rami_base",
        hands=[hand, "2H 3H 4H 5S 6S 7D 8D", "AS AD 6C 9H 10H JD 4D"],
        stock=f"{drawn} 3C 4C 5C",
        discard="KC",
        melds=[(0, "QS QD QC"), (1, "KH KD KS")],
        to_play=0,
    )
    game.play("draw")
    return game


@pytest.mark.parametrize("level", ["hard", "medium"])
def test_a_meld_a_lay_off_and_the_last_card_thrown_go_out(level: str) -> None:
    """7C-8C-9C down, QH onto the queens, 2D thrown: out (seed 003, "en défaisant")."""
    game = base_position("7C 8C 9C 2D", "QH")
    moves = bot_turn(game, level)
    assert moves == ["meld 7C 8C 9C", "layoff QH to 1", "discard 2D"]
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0


def test_hard_still_holds_a_meld_it_cannot_go_out_with() -> None:
    """Two loose cards (2D, 5S) after QH is laid off: the run stays in hand (on the table it
    would only take the others' 6C and 10C)."""
    game = base_position("7C 8C 9C 2D 5S", "QH")
    moves = bot_turn(game, "hard")
    assert not any(m.startswith("meld") for m in moves)
    assert not game.round_over


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_wrotham_last_deals_lay_seven_and_throw_the_eighth(level: str) -> None:
    """Wrotham, fourth deal: nothing may go down before the seven go down at once. A run and
    a set (seven cards) and the 8C drawn to throw: every level goes out."""
    game = Game.from_position(
        "rami_wrotham",
        hands=["3S 4S 5S QD QC QS QH", "2H 3H 4H 5D 6D 7C 9D"],
        stock="8C KD",
        discard="2C",
        to_play=0,
        round_no=4,
    )
    game.play("draw")
    moves = bot_turn(game, level)
    assert sorted(m for m in moves if m.startswith("meld")) == ["meld 3S 4S 5S", "meld QS QH QD QC"]
    assert moves[-1] == "discard 8C"
    assert game.round_over and game.last_result is not None and game.last_result.winner == 0
