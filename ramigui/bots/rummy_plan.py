"""Hand analysis for the rummy family: the best melds a hand holds, and what its loose cards are worth.

`Planner.arrange(hand)` splits a hand into melds and loose cards, leaving the fewest
penalty points in hand (ties: the most meld points, which is what an opening minimum
counts). The search is exact — a depth-first split on the lowest card, memoised on the
cards left — and one Planner shares its memo between the many hands a bot looks at in one
decision (the hand less each possible discard, the hand plus the discard top).

`keep_value` says how promising a loose card is: the cards still to come that would turn
it and a neighbour into a meld. Bots of every level use it; they differ in what they count
as "still to come" (the easy bot forgets the discards, the hard bot also remembers the
cards other players took).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ramigui.cards import Card
from ramigui.rules.melds import card_points, meld_points
from ramigui.rules.rummy import candidate_melds
from ramigui.rules.variant import Variant

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class Arrangement:
    """Melds and loose cards of one hand; `left_points` is the penalty the loose cards cost,
    `meld_points` what the melds count towards an opening minimum."""

    melds: tuple[Cards, ...]
    left: Cards
    left_points: int
    meld_points: int


_EMPTY = Arrangement((), (), 0, 0)


def free_take_pays(now: Arrangement, after: Arrangement, card_points: int) -> bool:
    """Whether taking a discard no rule binds is worth it: the hand's loose points with it
    are below what the card would add loose, or fewer cards stay loose. The bots take by
    it, and the Hint's reason for drawing instead reads it."""
    return after.left_points < now.left_points + card_points or len(after.left) < len(now.left)


def _without(cards: Cards, removed: Sequence[Card]) -> Cards | None:
    """`cards` less one copy of each removed card, or None if some is missing."""
    left = list(cards)
    for card in removed:
        try:
            left.remove(card)
        except ValueError:
            return None
    return tuple(left)


class Planner:
    """Arranges hands of one variant; create one per decision (its memo grows with each hand)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.rules = variant.rummy
        self._memo: dict[Cards, Arrangement] = {}
        self._melds: dict[Card, list[tuple[Cards, int]]] = {}
        self._known: set[Cards] = set()

    def points(self, card: Card) -> int:
        return card_points(card, self.variant)

    def _learn(self, hand: Cards) -> None:
        """Index the melds this hand can lay by their first (lowest-sorting) natural card."""
        if hand in self._known:
            return
        self._known.add(hand)
        for meld in candidate_melds(hand, self.rules):
            if len(meld) > 7:
                continue
            value = meld_points(meld, self.variant)
            first = min((c for c in meld if not c.is_joker), key=Card.sort_key)
            entries = self._melds.setdefault(first, [])
            if (meld, value) not in entries:
                entries.append((meld, value))

    def arrange(self, hand: Sequence[Card]) -> Arrangement:
        """The split of `hand` into melds and loose cards that leaves the fewest points."""
        cards = tuple(sorted(hand, key=Card.sort_key))
        self._learn(cards)
        return self._best(cards)

    def _best(self, cards: Cards) -> Arrangement:
        if not cards:
            return _EMPTY
        found = self._memo.get(cards)
        if found is not None:
            return found
        first, rest = cards[0], cards[1:]
        sub = self._best(rest)
        best = Arrangement(sub.melds, (first,) + sub.left, sub.left_points + self.points(first), sub.meld_points)
        for meld, value in self._melds.get(first, ()):
            others = list(meld)
            others.remove(first)
            remaining = _without(rest, others)
            if remaining is None:
                continue
            sub = self._best(remaining)
            option = Arrangement((meld,) + sub.melds, sub.left, sub.left_points, sub.meld_points + value)
            if (option.left_points, -option.meld_points) < (best.left_points, -best.meld_points):
                best = option
        self._memo[cards] = best
        return best


def _value(card: Card, high_ace: bool) -> list[int]:
    if card.rank == 1 and high_ace:
        return [1, 14]
    return [card.rank]


def keep_value(card: Card, loose: Sequence[Card], unseen: Counter[Card], high_ace: bool) -> float:
    """How many unseen cards would make a meld of `card` with another loose card (set draws
    and run draws, open-ended runs counting both ends) — the card's promise."""
    if card.is_joker:
        return 100.0
    total = 0.0
    by_key = {(c.rank, c.suit): n for c, n in unseen.items() if not c.is_joker}
    for other in loose:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank and other.suit != card.suit:
            total += sum(n for (r, s), n in by_key.items() if r == card.rank and s not in (card.suit, other.suit))
        elif other.suit == card.suit:
            total += _run_outs(card, other, by_key, high_ace)
    return total


def _run_outs(a: Card, b: Card, by_key: dict[tuple[int, str], int], high_ace: bool) -> float:
    """Unseen cards completing a two-card run draw (adjacent: either end; one apart: the middle)."""
    best = 0.0
    for x in _value(a, high_ace):
        for y in _value(b, high_ace):
            low, high = min(x, y), max(x, y)
            gap = high - low
            if gap == 1:
                wanted = [low - 1, high + 1]
            elif gap == 2:
                wanted = [low + 1]
            else:
                continue
            outs = sum(by_key.get(((r - 1) % 13 + 1, a.suit), 0) for r in wanted if 1 <= r <= (14 if high_ace else 13))
            best = max(best, float(outs))
    return best
