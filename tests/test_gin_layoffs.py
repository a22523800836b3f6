"""The defender's automatic lay-offs (`done`) against a brute force over every lay-off order.

Seed 001: "En cas de Knock, le défenseur utilise ses cartes non utilisées pour compléter les
combinaisons de l'attaquant. Il peut ajouter une carte à un brelan pour le transformer en
carré, ou allonger une suite."
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from test_gin_deadwood import brute_deadwood, is_meld
from test_gin_random import choose

from ramigui.cards import Card, parse_cards
from ramigui.rules import Game
from ramigui.rules.gin import GinState
from ramigui.rules.gin_layoffs import best_layoffs, layoff_options, table_meld


def brute_defender_deadwood(melds: Sequence[tuple[Card, ...]], hand: Sequence[Card]) -> int:
    """Least deadwood after any sequence of single-card lay-offs, then any melds."""

    @cache
    def best(table: tuple[tuple[Card, ...], ...], held: frozenset[Card]) -> int:
        result = brute_deadwood(sorted(held, key=Card.sort_key))
        for card in held:
            for i, meld in enumerate(table):
                if is_meld((*meld, card)):
                    grown = table[:i] + ((*meld, card),) + table[i + 1 :]
                    result = min(result, best(grown, held - {card}))
        return result

    return best(tuple(tuple(m) for m in melds), frozenset(hand))


def showdowns(count: int, seed: int) -> list[GinState]:
    """Positions right after a knock, reached by seeded play."""
    found: list[GinState] = []
    rng = random.Random(seed)
    game_seed = seed * 1000
    while len(found) < count:
        game = Game.new("gin", players=2, seed=game_seed)
        game_seed += 1
        while not game.round_over:
            game.play(choose(game, rng))
            state = game.state
            assert isinstance(state, GinState)
            if state.phase == "showdown" and state.finish == "knock":
                found.append(state)
                break
    return found


def test_done_finds_the_least_deadwood_of_every_lay_off_sequence() -> None:
    for state in showdowns(150, 1):
        knocker = state.knocker
        assert knocker is not None
        knocker_melds = [m.cards for m in state.melds if m.owner == knocker]
        placed, rest = best_layoffs(state.melds, knocker, state.hand)
        got = brute_deadwood(rest)
        assert got == brute_defender_deadwood(knocker_melds, state.hand), (state.melds, state.hand)
        assert sorted([c for _, c in placed] + rest, key=Card.sort_key) == sorted(state.hand, key=Card.sort_key)


def test_cards_between_two_runs_of_one_suit() -> None:
    # knocker: 2H 3H 4H and 8H 9H 10H; defender 5H 7H: 5H above the first, 7H below the second
    melds = (table_meld(parse_cards("2H 3H 4H"), 0), table_meld(parse_cards("8H 9H 10H"), 0))
    hand = parse_cards("5H 7H KS KD QC JC 9S 9D 2C 3C")
    placed, rest = best_layoffs(melds, 0, hand)
    assert sorted((i, str(c)) for i, c in placed) == [(0, "5H"), (1, "7H")]
    assert {(n, " ".join(map(str, cards))) for n, cards in layoff_options(melds, 0, hand)} == {(1, "5H"), (2, "7H")}
    # with the 6H too, the three cards may go to either run
    hand = parse_cards("5H 6H 7H KS KD QC JC 9S 9D 2C")
    assert {(1, "5H 6H 7H"), (2, "5H 6H 7H"), (1, "5H"), (2, "7H")} <= {
        (n, " ".join(map(str, cards))) for n, cards in layoff_options(melds, 0, hand)
    }


def test_laying_off_may_lose_to_melding() -> None:
    # knocker's set 7C 7D 7H; the defender holds 7S 8S 9S: the run 7S-9S beats laying off 7S
    melds = (table_meld(parse_cards("7C 7D 7H"), 0),)
    hand = parse_cards("7S 8S 9S KS KD QC JC 5H 4D 2C")
    placed, rest = best_layoffs(melds, 0, hand)
    assert placed == [] and brute_deadwood(rest) == 10 + 10 + 10 + 10 + 5 + 4 + 2


def test_own_melds_take_no_lay_off() -> None:
    melds = (table_meld(parse_cards("AS 2S 3S"), 0), table_meld(parse_cards("QC QD QS"), 1))
    assert layoff_options(melds, 0, parse_cards("QH 4S")) == [(1, tuple(parse_cards("4S")))]
