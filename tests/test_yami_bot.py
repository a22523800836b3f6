"""The Yami bots' exchange: a discard top is taken only to be kept.

Seed 002 lets a player take the discard and throw any card, the same one included. A bot
that takes a card its own discard policy then throws back has lost its turn; two such bots
facing each other pass the card to and fro for ever and the deal never ends (hard against
hard stalled 35 games in 1000 that way before the guard). A deal that drags on gets random
discards now and then, so two bots hoarding each other's cards let them go.

    seat 0:  10H QD 7C 9C QC     discard top: AS     (paire filled by both seats)
    seat 1:  8H 9H KH 7D KD
"""

from __future__ import annotations

import pytest

from ramigui.bots import make_bot
from ramigui.cards import parse_card, parse_cards
from ramigui.rules import Game
from ramigui.rules.yami_hint import wants_discard_top

HANDS = ["10H QD 7C 9C QC", "8H 9H KH 7D KD"]


def stalled_position() -> Game:
    return Game.from_position(
        "yami", hands=HANDS, stock="8C 10D JS KC 7H 9S", discard="AS", to_play=0,
        sheets=[{"paire": 5}, {"paire": 5}],
    )


@pytest.mark.parametrize("level", ["medium", "hard"])  # easy also slips at random
def test_bot_does_not_take_a_card_to_throw_it_back(level: str) -> None:
    game = stalled_position()
    view = game.view(0)
    free = tuple(view.public["free_boxes"][0])
    # The hint alone says take it: the guard is what turns the take down.
    assert wants_discard_top(parse_cards(HANDS[0]), parse_card("AS"), free, game.variant.yami)
    bot = make_bot("yami", level, 1)
    move = bot.choose(view)
    if move.kind == "take":
        game.play(move)
        thrown = bot.choose(game.view(0))
        assert thrown.card != parse_card("AS"), f"{level} took AS only to throw it back"


@pytest.mark.parametrize("seed", [1394825926, 1307322743])
def test_hard_against_hard_finishes_the_games_that_stalled(seed: int) -> None:
    """1394825926: both took AS and threw it back, deal 2, for ever. 1307322743: deal 16,
    both wait for a carré of tens, one holding both 10H, the other both 10C (STALE_TURNS)."""
    game = Game.new("yami", 2, seed)
    bots = [make_bot("yami", "hard", seat) for seat in range(2)]
    for _ in range(5000):
        if game.game_over:
            break
        if game.round_over:
            game.play("next")
            continue
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    assert game.game_over
