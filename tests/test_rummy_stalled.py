"""A round that goes nowhere still ends (ramigui/bots/rummy_bot.py, `STALLED_REUSES`).

Rami familial (seed 000) rebuilds the stock from the discards "every time it runs out (no
limit in the seed)", so nothing in the rules ends a round in which every player keeps the
card another needs. Deterministic bots did exactly that: in the ladder's 2,000 games of Rami
familial (hard vs two medium, seed 1) 16 were still going after 20,000 moves. Both positions
below are taken from those games (`from_position`: stock top card first): once the stock has
been rebuilt `STALLED_REUSES` times the bots give in as people do, and the round ends.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from rummy_helpers import bot_turn

from ramigui.bots.rummy_bot import STALLED_REUSES, RummyBot
from ramigui.cards import parse_cards
from ramigui.rules import Game
from ramigui.simulate import pack_of
from ramigui.variants import get_variant

SPREAD_TWOS: dict[str, Any] = {
    "hands": ["2H 2S 5C", "2C", "2D"],
    "melds": [(2, "JS JH JD JK"), (1, "AD AC JK AS"), (0, "3S 3D 3C 3H"), (2, "4S 4D 4C 4H")],
}
"""Seat 0 holds two 2s and needs a third; seats 1 and 2 ("Carte !", one card each) keep theirs
and throw what they draw. No card can be laid off anywhere (every meld is full or closed)."""

HELD_JOKER: dict[str, Any] = {
    "hands": ["JK 8C 3H", "5D 4D", "3D"],
    "melds": [(2, "2S 2D 2C 2H"), (1, "3C 4C 5C 6C"), (2, "7S 7H 7C 7D"), (0, "3S 4S JK 6S")],
}
"""Only seat 0 can get anywhere: its joker would go on the clubs as 7C and its 8C after it."""


def stalled_game(position: dict[str, Any], reuses: int, seed: int = 3, top: str = "") -> Game:
    """Rami familial at three with `position`'s hands and melds, the other cards in the stock
    (shuffled by `seed`, `top` first) but the discard's 5D, the stock rebuilt `reuses` times
    already."""
    hands, melds = position["hands"], position["melds"]
    placed = Counter(c for text in [*hands, *(cards for _, cards in melds)] for c in parse_cards(text))
    pack = pack_of(get_variant("rami"), len(hands))
    rest = list((pack - placed - Counter(parse_cards("5D"))).elements())
    random.Random(seed).shuffle(rest)
    rest.sort(key=lambda card: str(card) != top)
    return Game.from_position(
        "rami", hands=hands, melds=melds, stock=[str(c) for c in rest], discard="5D", to_play=0, reuses=reuses,
    )


def play_round(game: Game, levels: list[str], limit: int) -> int:
    """Bots play until the round ends or `limit` moves; the number of moves played."""
    bots = [RummyBot(level, seat) for seat, level in enumerate(levels)]
    for played in range(limit):
        if game.round_over:
            return played
        game.play(bots[game.to_play].choose(game.view(game.to_play)))
    return limit


def test_a_round_of_spread_twos_ends() -> None:
    """Seed 000, "Carte !": a player with one card may only draw from the stock and wins by
    laying it off, so seats 1 and 2 can never win here; a person would let a 2 go."""
    for seed in range(5):
        game = stalled_game(SPREAD_TWOS, reuses=0, seed=seed)
        moves = play_round(game, ["medium", "medium", "hard"], limit=3000)
        assert game.round_over, f"stock seed {seed}: still going after {moves} moves"
        assert game.last_result is not None and game.last_result.winner is not None


def test_a_stalled_round_lays_a_held_joker_where_it_opens_the_way() -> None:
    """Seed 000: a joker replaces any card. Three loose cards: before the round stalls hard
    keeps its joker (it throws the king it drew); once stalled the joker goes on the clubs."""
    fresh = stalled_game(HELD_JOKER, reuses=0, top="KD")
    stalled = stalled_game(HELD_JOKER, reuses=STALLED_REUSES, top="KD")
    turns = []
    for game in (fresh, stalled):
        game.play("draw")
        turns.append(bot_turn(game, "hard"))
    assert not any(m.startswith("layoff JK") for m in turns[0])
    assert any(m.startswith("layoff JK") for m in turns[1])
