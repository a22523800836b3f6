"""Gin lay-offs: which of the defender's cards can go onto the knocker's melds, and the
choice of lay-offs that leaves the defender the least deadwood.

Seed 001: "le défenseur utilise ses cartes non utilisées pour compléter les combinaisons de
l'attaquant. Il peut ajouter une carte à un brelan pour le transformer en carré, ou allonger
une suite." A run grows card by card at either end (so 7H then 8H onto 4H-6H); a set of
three takes its missing suit. The defender's own melds are not the knocker's: nothing is
laid off on them (their cards could simply have been melded).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from ramigui.cards import ALL_CARDS, SUITS, Card, card_of
from ramigui.rules.gin_melds import (
    card_value,
    hand_mask,
    least_deadwood_arrangements,
    meld_kind,
    min_deadwood_mask,
    sorted_meld,
)
from ramigui.rules.melds import RUN, SET, Meld

Placement = tuple[int, Card]
"""A lay-off: the index of a meld on the table (0-based) and the card added to it."""

DEFENDER_HAND = 10


def table_meld(cards: Iterable[Card], owner: int) -> Meld:
    """A meld in table order, as the rummy family shows it (runs carry their start rank)."""
    ordered = sorted_meld(cards)
    if meld_kind(ordered) == SET:
        return Meld(SET, ordered, owner, rank=ordered[0].rank)
    return Meld(RUN, ordered, owner, start=ordered[0].rank)


def _chain(meld: Meld, held: set[Card], step: int) -> list[Card]:
    """The cards of `held` that extend a run one by one below (step -1) or above (+1) it."""
    found: list[Card] = []
    rank = meld.cards[0].rank if step < 0 else meld.cards[-1].rank
    suit = meld.cards[0].suit
    while True:
        rank += step
        card = next((c for c in held if c.rank == rank and c.suit == suit), None)
        if card is None:
            return found
        found.append(card)


def _missing(meld: Meld, held: set[Card]) -> list[Card]:
    """The card a three-card set lacks, if held."""
    if len(meld.cards) != 3:
        return []
    return [c for c in held if c.rank == meld.rank and c not in meld.cards]


def layoff_options(melds: Sequence[Meld], knocker: int, hand: Iterable[Card]) -> list[tuple[int, tuple[Card, ...]]]:
    """Every lay-off the hand may make now, as (meld number from 1, cards low to high)."""
    held = set(hand)
    options: list[tuple[int, tuple[Card, ...]]] = []
    for number, meld in enumerate(melds, start=1):
        if meld.owner != knocker:
            continue
        if meld.kind == SET:
            options += [(number, (card,)) for card in _missing(meld, held)]
            continue
        below, above = _chain(meld, held, -1), _chain(meld, held, +1)
        for low in range(len(below) + 1):
            for high in range(len(above) + 1):
                if low or high:
                    options.append((number, tuple(reversed(below[:low])) + tuple(above[:high])))
    return options


def _place(melds: Sequence[Meld], knocker: int, cards: set[Card]) -> list[Placement] | None:
    """Where each card of `cards` goes on the knocker's melds, or None if one cannot go.

    Runs first, each chain taken as far as the chosen cards allow; then the sets' missing
    cards. A card that could go to a set or a run is placed either way: both are lay-offs.
    """
    left = set(cards)
    placed: list[Placement] = []
    for index, meld in enumerate(melds):
        if meld.owner != knocker or meld.kind != RUN:
            continue
        grown = meld
        for step in (-1, +1):
            chain = _chain(grown, left, step)
            placed += [(index, card) for card in chain]
            left -= set(chain)
            grown = table_meld(grown.cards + tuple(chain), meld.owner)
    for index, meld in enumerate(melds):
        if meld.owner == knocker and meld.kind == SET:
            for card in _missing(meld, left):
                placed.append((index, card))
                left.discard(card)
    return None if left else placed


def best_layoffs(melds: Sequence[Meld], knocker: int, hand: Sequence[Card]) -> tuple[list[Placement], list[Card]]:
    """The lay-offs, and the cards kept, that leave the least deadwood in the kept cards.

    Every subset of the cards that could be laid off is tried (there are few): whether it
    can all go on the table, then the least deadwood of the rest.
    """
    candidates = sorted({c for _, cards in layoff_options(melds, knocker, hand) for c in cards}, key=Card.sort_key)
    best: tuple[int, list[Placement], list[Card]] = (min_deadwood_mask(hand_mask(hand)), [], list(hand))
    for size in range(1, len(candidates) + 1):
        for chosen in combinations(candidates, size):
            placed = _place(melds, knocker, set(chosen))
            if placed is None:
                continue
            rest = [c for c in hand if c not in chosen]
            deadwood = min_deadwood_mask(hand_mask(rest))
            if deadwood < best[0]:
                best = (deadwood, placed, rest)
    return best[1], best[2]


def defender_layoffs(melds: Sequence[Meld], knocker: int, hand: Sequence[Card], finish: str
                     ) -> tuple[list[Placement], list[Card]]:
    """What the defender's `done` lays off and the cards it keeps: the best lay-offs after a
    knock, none after a gin (seed 001). The engine's `done` and the Hint's reason read it."""
    if finish != "knock":
        return [], list(hand)
    return best_layoffs(melds, knocker, hand)


def lay_off_all(melds: Sequence[Meld], placed: Iterable[Placement]) -> tuple[Meld, ...]:
    """The melds with the placed cards added."""
    grown = list(melds)
    for index, card in placed:
        grown[index] = table_meld(grown[index].cards + (card,), grown[index].owner)
    return tuple(grown)


# --- the knocker's side: melds that leave the least to lay off ----------------------------------


def layoff_exposure(melds: Iterable[Sequence[Card]], odds: Mapping[Card, float]) -> float:
    """The points the defender may expect to lay off on these melds of the knocker's.

    `odds` gives, for each card the knocker has not seen, the chance the defender holds it
    (a card not in it is out of the defender's reach: in the knocker's hand, on the pile).
    A set of three takes its fourth card; a run takes the next card at each end, and the
    one after only with it, so that card weighs its value times the chance of holding both.
    A card that fits two melds is counted once.
    """
    reach: dict[Card, float] = {}

    def offer(card: Card, chance: float) -> None:
        reach[card] = max(reach.get(card, 0.0), chance * card_value(card))

    for meld in melds:
        cards = list(meld)
        if len({c.rank for c in cards}) == 1:
            if len(cards) == 3:
                missing = [card_of(cards[0].rank, suit) for suit in SUITS if all(c.suit != suit for c in cards)]
                for card in missing:
                    offer(card, odds.get(card, 0.0))
            continue
        ranks = sorted(c.rank for c in cards)
        suit = cards[0].suit
        for start, step in ((ranks[0] - 1, -1), (ranks[-1] + 1, 1)):
            chance, rank = 1.0, start
            while 1 <= rank <= 13:
                card = card_of(rank, suit)
                chance *= odds.get(card, 0.0)
                if chance <= 0.0:
                    break
                offer(card, chance)
                rank += step
    return sum(reach.values())


def uniform_odds(seen: Iterable[Card], hidden: int = DEFENDER_HAND) -> dict[Card, float]:
    """The defender's odds of holding each card the knocker has not seen, all alike."""
    known = set(seen)
    unseen = [c for c in ALL_CARDS if c not in known]
    chance = min(1.0, hidden / len(unseen)) if unseen else 0.0
    return {card: chance for card in unseen}


def knock_arrangement(
    cards: Iterable[Card], odds: Mapping[Card, float], laid: Sequence[Sequence[Card]] = ()
) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """The melds a knocker lays with `cards` (the hand after the knock card; `laid`: the
    melds already put down this turn): among the arrangements with the least deadwood,
    the one that leaves the defender the least to lay off (`layoff_exposure`).

    Seed 001 lets the defender "ajouter une carte à un brelan pour le transformer en carré,
    ou allonger une suite": the same eleven cards knocking 8S may lay 6S 6H 6C + 6D–10D,
    letting 5D go on, or 6S 6H 6D 6C + 7D–10D, letting nothing on below. Ties go to the
    fewest points within reach whatever the odds, then to a fixed order so the choice never varies.
    """
    options = least_deadwood_arrangements(cards)

    def key(option: tuple[list[tuple[Card, ...]], list[Card]]) -> tuple[float, int, str]:
        melds = [*laid, *option[0]]
        exposure = layoff_exposure(melds, odds)
        reachable = layoff_exposure(melds, {c: 1.0 for c, p in odds.items() if p > 0})
        return (round(exposure, 9), round(reachable), " ".join(sorted("".join(map(str, m)) for m in option[0])))

    melds, deadwood = min(options, key=key)
    return melds, deadwood
