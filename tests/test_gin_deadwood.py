"""min_deadwood / best_melds (the gin bots' inner loop) against an independent brute force.

Seed 001: "Une carte ne peut pas appartenir à 2 combinaisons simultanément." — "L'As est la
plus petite carte du jeu" — "Les figures (Valet-Dame-Roi) valent 10 points. L'As vaut 1 point."
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from itertools import combinations

import pytest

from ramigui.cards import ALL_CARDS, Card, parse_cards
from ramigui.rules.gin import best_discard, best_melds, min_deadwood
from ramigui.rules.gin_melds import meld_kind, melds_in


def value(card: Card) -> int:
    return min(card.rank, 10)


def is_meld(cards: Sequence[Card]) -> bool:
    """Written from the seed's words, independently of gin_melds."""
    if len(cards) < 3:
        return False
    ranks = sorted(c.rank for c in cards)
    if len(set(ranks)) == 1:
        return len(cards) <= 4  # "brelans : 3 cartes", "carrés : 4 cartes de même hauteur"
    if len({c.suit for c in cards}) != 1:
        return False
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:], strict=False))  # ace = 1 only: no Q-K-A


def brute_deadwood(cards: Sequence[Card]) -> int:
    """Least deadwood over every partition into melds and loose cards."""

    @cache
    def best(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        result = value(first) + best(others)  # the first card stays loose …
        partners = [c for c in others if c.rank == first.rank or c.suit == first.suit]
        for size in range(2, len(partners) + 1):  # … or goes into one meld with others
            for group in combinations(partners, size):
                if is_meld((first, *group)):
                    result = min(result, best(tuple(c for c in others if c not in group)))
        return result

    return best(tuple(cards))


def brute_after_discard(cards: Sequence[Card]) -> int:
    return min(brute_deadwood([c for c in cards if c != out]) for out in cards)


def test_contract_example() -> None:
    # AS 2S 3S | 4H 5H 6H | 7C 7D 7H | KD  → three melds, the king is deadwood
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KD")
    assert min_deadwood(hand) == 10
    melds, deadwood = best_melds(hand)
    assert deadwood == parse_cards("KD")
    assert sorted(map(len, melds)) == [3, 3, 3]
    assert all(meld_kind(m) for m in melds)


def test_ace_is_low_only() -> None:
    # "As-2-3-4-…-Roi": Q-K-A and K-A-2 are not runs, A-2-3 is
    assert min_deadwood(parse_cards("QH KH AH")) == 21
    assert min_deadwood(parse_cards("KH AH 2H")) == 13
    assert min_deadwood(parse_cards("AH 2H 3H")) == 0


def test_a_card_in_one_meld_only() -> None:
    # 7H 8H 9H + 7S 7D: the 7H cannot serve the run and the set at once
    assert min_deadwood(parse_cards("7H 8H 9H 7S 7D")) == 14
    # with the fourth 7 the set of three 7S 7D 7C frees the run
    assert min_deadwood(parse_cards("7H 8H 9H 7S 7D 7C")) == 0


def test_card_values() -> None:
    # "Les figures (Valet-Dame-Roi) valent 10 points. L'As vaut 1 point."
    assert min_deadwood(parse_cards("JS QH KD AC 9S 5D")) == 10 + 10 + 10 + 1 + 9 + 5


def test_eleven_cards_count_after_the_best_discard() -> None:
    # drawn to AS 2S 3S | 4H 5H 6H | 7C 7D 7H | KD QC: discarding the king leaves 10 (QC)
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KD QC")
    assert min_deadwood(hand) == 10
    # eleven cards all melded: a 4-card meld gives up a card, deadwood 0
    assert min_deadwood(parse_cards("AS 2S 3S 4S 5H 6H 7H 9C 9D 9H 9S")) == 0


def test_best_discard_never_the_taken_card() -> None:
    hand = parse_cards("AS 2S 3S 4H 5H 6H 7C 7D 7H KD QC")
    assert best_discard(hand) == (parse_cards("KD")[0], 10)
    assert best_discard(hand, keep=parse_cards("KD")[0]) == (parse_cards("QC")[0], 10)


def test_melds_in_lists_every_meld() -> None:
    # 4H 5H 6H 7H: runs 456, 567, 4567; 9S 9D 9C 9H: four triples and the carré
    found = {tuple(str(c) for c in m) for m in melds_in(parse_cards("4H 5H 6H 7H 9S 9D 9C 9H"))}
    assert ("4H", "5H", "6H") in found and ("4H", "5H", "6H", "7H") in found
    assert len([m for m in found if m[0].startswith("9")]) == 5
    assert len(found) == 3 + 5


def random_hands(count: int, seed: int) -> list[list[Card]]:
    """Random hands, many drawn from a narrow pool so that melds overlap a lot."""
    rng = random.Random(seed)
    hands = []
    for _ in range(count):
        ranks = rng.sample(range(1, 14), rng.choice([4, 5, 6, 13]))
        pool = [c for c in ALL_CARDS if c.rank in ranks]
        hands.append(rng.sample(pool, min(len(pool), rng.choice([10, 10, 11]))))
    return hands


@pytest.mark.parametrize("seed", [1, 2])
def test_min_deadwood_matches_brute_force(seed: int) -> None:
    for hand in random_hands(1500, seed):
        expected = brute_after_discard(hand) if len(hand) == 11 else brute_deadwood(hand)
        assert min_deadwood(hand) == expected, hand


def test_best_melds_is_an_arrangement_of_least_deadwood() -> None:
    for hand in random_hands(1500, 3):
        melds, deadwood = best_melds(hand)
        laid = [c for meld in melds for c in meld]
        assert sorted(laid + deadwood, key=Card.sort_key) == sorted(hand, key=Card.sort_key)
        assert all(is_meld(m) for m in melds)
        assert sum(map(value, deadwood)) == brute_deadwood(hand)
