"""What the hard gin bot believes about the opponent's hand, read from the public history.

A gin player shows a lot: each card taken from the discard pile joins a meld (or a near
meld) in their hand; each top discard left for the stock did not; each card thrown was not
worth keeping, nor, most likely, were its neighbours. This module turns that history into
a probability, per card not seen, that the opponent holds it — a weighted share of the
cards they hold unseen — and from it the chance that a card we might throw completes a
meld of theirs (a card to keep out of their reach).

Built from the PlayerView alone, so it is the same whenever a bot is (re)created. The hard
bot reads the opponent through `gin_reading` (whole hands, turn by turn), which gives the
same `OpponentModel` and falls back on this one when too few cards are unseen to deal a
hand; the knock's `sample_worlds` draws from these odds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ramigui.bots.common import read_memory
from ramigui.cards import SUITS, Card, card_of
from ramigui.rules.public import GinPublic
from ramigui.rules.view import PlayerView

RANK_LOW, RANK_HIGH = 1, 13
HAND_SIZE = 10

BELIEF: dict[str, float] = {
    "took": 3.0,
    "refused": 0.5,
    "threw": 0.6,
}
"""How much each public event scales the odds that the opponent holds a near card: a card
near one they took (×took), near a top discard they refused (×refused), near one they
threw (×threw). Tuned by `ramigui simulate` against the baseline."""


@dataclass(frozen=True)
class OpponentModel:
    """`known`: cards the opponent surely holds (taken from the pile, not thrown since);
    `odds`: for each card we have not seen, the probability that the opponent holds it
    (the rest of the unseen cards are in the stock)."""

    known: frozenset[Card]
    odds: Mapping[Card, float]

    def holds(self, card: Card) -> float:
        """Probability that the opponent holds `card` (1 if known, 0 if seen elsewhere)."""
        if card in self.known:
            return 1.0
        return self.odds.get(card, 0.0)

    def in_stock(self, card: Card) -> float:
        """Probability that an unseen `card` is still in the stock (so may be drawn)."""
        if card in self.known:
            return 0.0
        return 1.0 - self.odds.get(card, 1.0)

    def defender_odds(self) -> dict[Card, float]:
        """Every card the opponent may hold, with the chance they do (known cards: 1)."""
        odds = {card: p for card, p in self.odds.items() if p > 0}
        odds.update({card: 1.0 for card in self.known})
        return odds

    def meld_chance(self, card: Card) -> float:
        """Chance that the opponent holds two cards that make a meld with `card`: the odds
        they take it if we throw it (a set of its rank, or a run around it)."""
        return 1.0 - (1.0 - self._set_chance(card)) * (1.0 - self._run_chance(card))

    def _set_chance(self, card: Card) -> float:
        p = [self.holds(card_of(card.rank, suit)) for suit in SUITS if suit != card.suit]
        return p[0] * p[1] + p[0] * p[2] + p[1] * p[2] - 2 * p[0] * p[1] * p[2]

    def _run_chance(self, card: Card) -> float:
        miss = 1.0
        for low, high in ((-2, -1), (-1, 1), (1, 2)):
            a, b = card.rank + low, card.rank + high
            if a < RANK_LOW or b > RANK_HIGH:
                continue
            miss *= 1.0 - self.holds(card_of(a, card.suit)) * self.holds(card_of(b, card.suit))
        return 1.0 - miss


def is_near(a: Card, b: Card) -> bool:
    """Two cards that could share a meld: same rank, or same suit at most two apart."""
    return a != b and (a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2))


@dataclass
class _Events:
    """The opponent's public deeds this round, and the cards they still surely hold."""

    took: list[Card]
    refused: list[Card]
    threw: list[Card]
    held: set[Card]


def _opponent_events(view: PlayerView, opponent: int) -> _Events:
    """The opponent's deeds, from the public memory of the round (the upcard first on the pile)."""
    upcard = view.public_as(GinPublic).upcard
    memory = read_memory(view, (upcard,) if upcard is not None else ())
    held: set[Card] = set()
    for _, kind, card in memory.events.get(opponent, []):
        if kind == "took":
            held.add(card)
        elif kind == "threw":
            held.discard(card)
    return _Events(
        memory.taken.get(opponent, []),
        memory.refused.get(opponent, []),
        memory.discarded.get(opponent, []),
        held,
    )


def read_opponent(view: PlayerView, pack: Iterable[Card]) -> OpponentModel:
    """The belief about the opponent's hand, from the view's public history."""
    opponent = 1 - view.seat
    events = _opponent_events(view, opponent)
    seen = set(view.hand) | set(view.public.discard)
    for meld in view.public.melds:
        seen.update(meld.cards)
    known = frozenset(events.held - seen)
    unseen = [c for c in pack if c not in seen and c not in known]
    size = view.hand_counts[opponent] if len(view.hand_counts) > opponent else HAND_SIZE
    hidden = max(0, min(size, HAND_SIZE) - len(known))
    weights = {card: _weight(card, events) for card in unseen}
    return OpponentModel(known, _share(weights, hidden))


def _weight(card: Card, events: _Events) -> float:
    """The odds multiplier of one unseen card from the events near it."""
    weight = 1.0
    for took in events.took:
        if is_near(card, took):
            weight *= BELIEF["took"]
    for refused in events.refused:
        if is_near(card, refused):
            weight *= BELIEF["refused"]
    for threw in events.threw:
        if is_near(card, threw):
            weight *= BELIEF["threw"]
    return weight


def _share(weights: Mapping[Card, float], hidden: int) -> dict[Card, float]:
    """Spread `hidden` cards over the unseen ones in proportion to their weights (none above 1)."""
    odds: dict[Card, float] = {}
    free = dict(weights)
    left = float(hidden)
    while free and left > 0:
        total = sum(free.values())
        capped = {c: 1.0 for c, w in free.items() if left * w / total >= 1.0}
        if not capped:
            odds.update({c: left * w / total for c, w in free.items()})
            return odds
        odds.update(capped)
        left -= len(capped)
        free = {c: w for c, w in free.items() if c not in capped}
    odds.update({c: 0.0 for c in free})
    return odds
