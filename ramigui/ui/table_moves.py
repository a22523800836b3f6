"""The move a person's chosen cards mean, whether dragged or typed: a meld's order, a lay-off.

What a person picks comes in hand order; the rules take a `Move` in its one writing only
(`Game.play`), so each move built here is read through `Game.canonical` first — the meld
J♠ JK Q♠ chosen in that order is played as the rules write it."""

from __future__ import annotations

from collections.abc import Sequence

from ramigui.cards import Card
from ramigui.rules import Game, Move
from ramigui.rules.melds import Meld


def meld_order(cards: list[Card]) -> list[Card]:
    """The cards of a new meld, given in hand order: the natural cards sorted, each joker
    kept where it sits among them — so the player chooses the joker's place in a run by
    placing it in the hand (J♠ Q♠ JK makes J-Q-K; JK J♠ Q♠ makes 10-J-Q)."""
    naturals = iter(sorted((c for c in cards if not c.is_joker), key=Card.sort_key))
    return [card if card.is_joker else next(naturals) for card in cards]


def meld_move(game: Game, cards: list[Card]) -> Move:
    """The new meld the chosen cards make (`meld_order`), in its one writing."""
    return game.canonical(Move("meld", tuple(meld_order(cards))))


def layoff_move(game: Game, cards: list[Card], number: int, melds: Sequence[Meld]) -> Move:
    """Lay off; a single card that the meld's joker stands for becomes a swap (refused, it
    says the swap's reason: "the joker must go into a new meld now", not "extends nothing").
    `melds`: the table's melds as the viewer sees them (the frame's view: no view built here)."""
    layoff = game.canonical(Move("layoff", tuple(cards), number))
    if len(cards) == 1 and not game.is_legal(layoff):
        swap = Move("swap", tuple(cards), number)
        stands_for = melds[number - 1].joker_naturals() if 0 < number <= len(melds) else ()
        if game.is_legal(swap) or cards[0] in stands_for:
            return swap
    return layoff
