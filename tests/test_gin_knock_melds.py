"""The knocker's melds: among the least-deadwood arrangements, the one leaving the defender
the least to lay off — checked on a hand where the choice matters and against a brute force.

Seed 001: "En cas de Knock, le défenseur utilise ses cartes non utilisées pour compléter les
combinaisons de l'attaquant. Il peut ajouter une carte à un brelan pour le transformer en
carré, ou allonger une suite." — so which melds the knocker lays decides what may go on.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations

import pytest
from test_gin_deadwood import brute_deadwood, is_meld, value

from ramigui.cards import ALL_CARDS, Card, parse_cards
from ramigui.rules import Game
from ramigui.rules.gin import GinState
from ramigui.rules.gin_layoffs import knock_arrangement, layoff_exposure, uniform_odds
from ramigui.rules.gin_melds import least_deadwood_arrangements

KNOCKER = "6S 6H 6C 6D 7D 8D 9D 10D AH 2C"
DEFENDER = "5D 4S 9S JC QH KS 3H 8C 2H 5C"


def knocked(stock: str = "8S 3S 4H 10C") -> GinState:
    """Seat 0 draws 8S to its four sixes, 7D–10D, AH, 2C and knocks 8S (deadwood 3)."""
    game = Game.from_position("gin", hands=[KNOCKER, DEFENDER], stock=stock, discard="KH", to_play=0)
    game.play("draw")
    game.play("knock 8S")
    state = game.state
    assert isinstance(state, GinState)
    return state


def test_four_sixes_and_the_short_run_leave_nothing_to_lay_off() -> None:
    """6S 6H 6C + 6D–10D would let 5D go on below; the four 6s + 7D–10D let nothing on below."""
    state = knocked()
    laid = sorted(" ".join(map(str, m.cards)) for m in state.melds)
    assert laid == ["6S 6H 6D 6C", "7D 8D 9D 10D"]
    assert state.hands[0] == tuple(parse_cards("AH 2C"))


def test_the_defender_then_cannot_lay_off_the_five() -> None:
    game = Game.from_position("gin", hands=[KNOCKER, DEFENDER], stock="8S 3S 4H 10C", discard="KH", to_play=0)
    game.play("draw")
    game.play("knock 8S")
    assert not any(m.kind == "layoff" for m in game.legal_moves())
    game.play("done")
    result = game.last_result
    assert result is not None and result.details["laid_off"] == ()
    assert "5D" in " ".join(map(str, game.state.hands[1]))


def test_a_person_who_lays_melds_first_keeps_them() -> None:
    """Laying 6S 6H 6C first is the player's choice: the rest (6D–10D) is laid around it."""
    game = Game.from_position("gin", hands=[KNOCKER, DEFENDER], stock="8S 3S 4H 10C", discard="KH", to_play=0)
    game.play("draw")
    game.play("meld 6S 6H 6C")
    game.play("knock 8S")
    laid = sorted(" ".join(map(str, m.cards)) for m in game.state.melds)
    assert laid == ["6D 7D 8D 9D 10D", "6S 6H 6C"]


def test_exposure_counts_the_next_card_and_the_one_after() -> None:
    odds = {card: 0.5 for card in parse_cards("5D JD QD 4D")}
    # run 6D–10D: 5D (5 × ½) and JD (10 × ½) directly, 4D only with 5D (4 × ¼), QD with JD (10 × ¼)
    assert layoff_exposure([parse_cards("6D 7D 8D 9D 10D")], odds) == 2.5 + 5 + 1 + 2.5
    # a set of three takes its fourth card only if the knocker has not seen it
    assert layoff_exposure([parse_cards("6S 6H 6C")], odds) == 0
    assert layoff_exposure([parse_cards("6S 6H 6C")], {parse_cards("6D")[0]: 0.5}) == 3


# --- brute force ---------------------------------------------------------------------------------


def brute_arrangements(cards: Sequence[Card]) -> list[tuple[frozenset[frozenset[Card]], int]]:
    """Every partition of the cards into melds and loose cards, with its deadwood."""
    found: list[tuple[frozenset[frozenset[Card]], int]] = []

    def walk(rest: tuple[Card, ...], melds: list[frozenset[Card]], loose: int) -> None:
        if not rest:
            found.append((frozenset(melds), loose))
            return
        first, others = rest[0], rest[1:]
        walk(others, melds, loose + value(first))
        for size in range(2, len(others) + 1):
            for group in combinations(others, size):
                if is_meld((first, *group)):
                    walk(tuple(c for c in others if c not in group), [*melds, frozenset((first, *group))], loose)

    walk(tuple(cards), [], 0)
    return found


def brute_exposure(melds: Sequence[frozenset[Card]], odds: Mapping[Card, float]) -> float:
    """Each card within reach: its value times the best chance, over the melds, that the
    defender holds a whole group of cards (it among them) that the meld takes at once."""
    best: dict[Card, float] = {}
    for meld in melds:
        near = [c for c in odds if all(c.suit == m.suit for m in meld) or all(c.rank == m.rank for m in meld)]
        for size in range(1, len(near) + 1):
            for group in combinations(near, size):
                if not is_meld((*meld, *group)):
                    continue
                chance = 1.0
                for card in group:
                    chance *= odds[card]
                for card in group:
                    best[card] = max(best.get(card, 0.0), chance * value(card))
    return sum(best.values())


def meldy_hand(rng: random.Random) -> list[Card]:
    """Ten cards from a narrow slice of the pack, so that melds overlap and ties are common."""
    low = rng.randint(1, 8)
    pool = [c for c in ALL_CARDS if low <= c.rank <= low + 4]
    return rng.sample(pool, 10)


def test_least_deadwood_arrangements_are_exactly_the_brute_forces() -> None:
    rng = random.Random(15)
    for _ in range(60):
        hand = meldy_hand(rng)
        brute = brute_arrangements(hand)
        least = min(d for _, d in brute)
        assert least == brute_deadwood(hand)
        expected = {melds for melds, d in brute if d == least}
        ours = least_deadwood_arrangements(hand)
        got = {frozenset(frozenset(m) for m in melds) for melds, _ in ours}
        assert got == expected, hand
        assert all(sum(value(c) for c in loose) == least for _, loose in ours)


def test_knock_arrangement_leaves_the_least_to_lay_off_on_random_hands() -> None:
    rng = random.Random(16)
    tied = 0
    for _ in range(50):
        hand = meldy_hand(rng)
        seen = [*hand, *rng.sample([c for c in ALL_CARDS if c not in hand], 6)]
        odds = uniform_odds(seen)
        melds, deadwood = knock_arrangement(hand, odds)
        brute = brute_arrangements(hand)
        least = min(d for _, d in brute)
        assert sum(value(c) for c in deadwood) == least
        assert sorted(map(str, [c for m in melds for c in m] + deadwood)) == sorted(map(str, hand))
        exposures = [brute_exposure(sorted(m, key=len), odds) for m, d in brute if d == least]
        assert brute_exposure([frozenset(m) for m in melds], odds) == pytest.approx(min(exposures))
        tied += len(set(round(e, 6) for e in exposures)) > 1
    assert tied >= 5, "the random hands should often offer arrangements that differ"
