"""Hard draws from a meld on the table where Rami familial allows it (ramigui/bots/rummy_bot.py).

Seed 000 lets an opened player take, instead of drawing, a card from a meld of four cards or
more ("récupérer une carte d'une combinaison … au moins 3 cartes"), provided the card makes a
new meld at once ("doit servir à faire immédiatement une nouvelle combinaison"). Hard does so
when the card completes a meld in its hand: a sure meld rather than a blind draw. Positions
are Rami familial rounds set with `Game.from_position` and played through the checked path.
"""

from __future__ import annotations

from rummy_helpers import bot_turn

from ramigui.rules import Game

OTHERS = ["2H 3S 5D 9S JD QC KS", "2S 4D 6S 9H JC QD KH"]


def position(hand: str, table: str = "5H 6H 7H 8H") -> Game:
    """Seat 0 has opened (the clubs run is its own); the hearts run is seat 1's."""
    return Game.from_position(
        "rami", hands=[hand, *OTHERS], stock="3D 10S", discard="4S", melds=[(0, "4C 5C 6C"), (1, table)], to_play=0,
    )


def test_hard_takes_the_end_card_that_makes_a_meld() -> None:
    """8H, the end of a four-card run, makes 8S 8D 8H: hard takes it and lays the set."""
    game = position("8S 8D 2C 10C KD")
    moves = bot_turn(game, "hard")
    assert moves[0] == "take 8H from 2"
    assert any(m.startswith("meld") and "8H" in m for m in moves)
    assert [str(c) for c in game.view(0).public.melds[1].cards] == ["5H", "6H", "7H"]


def test_medium_draws_instead() -> None:
    moves = bot_turn(position("8S 8D 2C 10C KD"), "medium")
    assert moves[0] == "draw"


def test_hard_draws_when_no_end_card_makes_a_meld() -> None:
    """Only three cards in the run (none may be taken), or an end card of no use: a draw."""
    assert bot_turn(position("8S 8D 2C 10C KD", table="6H 7H 8H"), "hard")[0] == "draw"
    assert bot_turn(position("9S 9D 2C 10C KD"), "hard")[0] == "draw"
