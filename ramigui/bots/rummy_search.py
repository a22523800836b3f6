"""Monte Carlo look-ahead for the hard rummy bot: which discard gets the hand out soonest.

A heuristic discard weighs each card alone. What it misses is how the hand will grow: a
pair of sixes and a 7-8 of hearts may both look promising, yet only one of them leaves
many ways to finish with the next two or three draws. The search answers that question by
sampling.

Each sample is one *world* consistent with the bot's view: the cards it cannot see (the
pack less its hand, the table and the discard pile, less the cards other players are known
to hold from the pile) are shuffled; each other seat gets its known cards plus enough of
them to reach its hand size, and the rest is the stock. A world in which a player's hand
would have melded the discard that player just passed up is drawn again. For each
candidate discard the bot then plays its next few turns from that stock with a quick greedy
policy (take the other side's discard if it melds or fits, else draw; lay off on the
table; throw the least connected loose card) and records after how many turns it could go
out. The next player's sampled hand also says whether the discard would be fed to them: a
card that makes a meld of theirs, or goes on the table once they have opened. The same
worlds serve every candidate (common random numbers), so the comparison is sharper than
the sample count suggests.

Measured (Rami 51, two players, one round, 2000 deals): rollouts choosing among the best
four candidates did no better than the heuristic they refine, so the bot asks them only to
break the heuristic's near-ties (rummy_bot.SEARCH_MARGIN).

The search is bounded twice: a number of samples, and a time budget read from an injected
clock (checked between samples), so a slow machine plays a little weaker, never slower. The
bot's clock counts its own processor time (`time.process_time`), not the wall clock: other
programs slowing the machine down do not change the moves, so a seed still replays a game
move for move.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ramigui.bots.rummy_plan import Planner
from ramigui.cards import Card

Clock = Callable[[], float]

LOOSE_TURNS = 1.5
"""Turns each loose card (but the last) is expected to cost a rollout that did not go out."""
FEED_TURNS = 1.0
"""What feeding the next player a card for their meld is worth, in our own turns."""


@dataclass(frozen=True)
class Budget:
    """How much the search may do: samples (worlds), turns looked ahead in each, candidate
    discards compared, and seconds of the bot's clock."""

    samples: int = 32
    horizon: int = 6
    candidates: int = 4
    seconds: float = 0.1


@dataclass(frozen=True)
class World:
    """One determinisation of the hidden cards: each other seat's hand, and the stock (top first)."""

    hands: Mapping[int, tuple[Card, ...]]
    stock: tuple[Card, ...]


@dataclass(frozen=True)
class Knowledge:
    """What the view tells about the hidden cards.

    `unknown`: the cards this seat cannot place (in the other hands or the stock);
    `known`: per other seat, the cards it is known to hold (taken from the pile);
    `sizes`: per other seat, how many cards it holds;
    `refused`: per other seat, the discard it passed up at its last draw.
    """

    unknown: Counter[Card]
    known: Mapping[int, Counter[Card]]
    sizes: Mapping[int, int]
    refused: Mapping[int, Card] = field(default_factory=dict)


def sample_world(knowledge: Knowledge, rng: random.Random, lines: Lines | None = None, tries: int = 8) -> World:
    """A world drawn among those the view allows (known cards stay where they are).

    With `lines`, a world where a seat's hand would have made a meld with the discard it
    just passed up is drawn again (up to `tries` times): a player who leaves a card most
    likely had no use for it."""
    world = _deal_world(knowledge, rng)
    if lines is None:
        return world
    for _ in range(tries):
        if not any(
            seat in world.hands and lines.completes(card, list(world.hands[seat]), remove=False)
            for seat, card in knowledge.refused.items()
        ):
            break
        world = _deal_world(knowledge, rng)
    return world


def _deal_world(knowledge: Knowledge, rng: random.Random) -> World:
    """The unknown cards shuffled and dealt: each seat's known cards plus enough to reach its
    size, the rest as the stock."""
    pool = sorted(knowledge.unknown.elements(), key=Card.sort_key)
    rng.shuffle(pool)
    hands: dict[int, tuple[Card, ...]] = {}
    for seat in sorted(knowledge.sizes):
        known = list(knowledge.known.get(seat, Counter()).elements())
        hidden = max(0, min(len(pool), knowledge.sizes[seat] - len(known)))
        hands[seat] = tuple(known) + tuple(pool[:hidden])
        pool = pool[hidden:]
    return World(hands, tuple(pool))


@dataclass(frozen=True)
class _Made:
    """A meld made during a rollout, as what it still accepts: a set's rank and suits, or a
    run's suit and ends (positions)."""

    rank: int
    suits: frozenset[str]
    low: int = 0
    high: int = 0

    def takes(self, card: Card) -> bool:
        if card.is_joker:
            return False
        if self.low:  # a run
            suit = next(iter(self.suits))
            return card.suit == suit and any(p in (self.low - 1, self.high + 1) for p in positions(card, 14))
        return card.rank == self.rank and card.suit not in self.suits and len(self.suits) < 4


def positions(card: Card, top: int) -> list[int]:
    """Where a card may sit in a run: its rank, and 14 for an ace when runs may end on one."""
    return [1, 14] if card.rank == 1 and top >= 14 else [card.rank]


@dataclass(frozen=True)
class Lines:
    """The quick meld test of the rollouts: sets of distinct suits and runs of one suit,
    three cards, a joker standing in for one (as the variant allows). Runs round the corner
    (K-A-2, where a variant allows them) are not seen: a rollout is an estimate."""

    top: int = 14
    jokers_per_set: int = 1
    jokers_per_run: int = 1

    def completes(self, card: Card, loose: list[Card], remove: bool = True) -> _Made | None:
        """The meld `card` makes with two cards of `loose` (taken out of it unless `remove`
        is False), or None."""
        if card.is_joker:
            return None
        jokers = [c for c in loose if c.is_joker]
        same = {c.suit: c for c in loose if not c.is_joker and c.rank == card.rank and c.suit != card.suit}
        partners: list[Card] | None = None
        if len(same) >= 2:
            partners = list(same.values())[:2]
        elif same and jokers and self.jokers_per_set:
            partners = [next(iter(same.values())), jokers[0]]
        if partners is not None:
            made = _Made(card.rank, frozenset([card.suit] + [c.suit for c in partners if not c.is_joker]))
        else:
            run = self._run(card, loose, jokers)
            if run is None:
                return None
            partners, made = run
        if remove:
            for partner in partners:
                loose.remove(partner)
        return made

    def _run(self, card: Card, loose: list[Card], jokers: list[Card]) -> tuple[list[Card], _Made] | None:
        by_position = {p: c for c in loose if not c.is_joker and c.suit == card.suit for p in positions(c, self.top)}
        for p in positions(card, self.top):
            for a, b in ((p - 2, p - 1), (p - 1, p + 1), (p + 1, p + 2)):
                if a < 1 or b > self.top:
                    continue
                have = [by_position.get(a), by_position.get(b)]
                found = [c for c in have if c is not None]
                if len(found) == 2 and found[0] != found[1]:
                    return found, _Made(0, frozenset([card.suit]), min(a, p), max(b, p))
                if len(found) == 1 and jokers and self.jokers_per_run:
                    return [found[0], jokers[0]], _Made(0, frozenset([card.suit]), min(a, p), max(b, p))
        return None

    def partners(self, card: Card, loose: list[Card]) -> int:
        """How many loose cards could one day make a meld with `card` (same rank, other suit;
        same suit, two positions or less apart)."""
        count = 0
        for other in loose:
            if other is card or other.is_joker:
                continue
            same_rank = other.rank == card.rank and other.suit != card.suit
            near = other.suit == card.suit and any(
                0 < abs(p - q) <= 2 for p in positions(card, self.top) for q in positions(other, self.top)
            )
            count += same_rank or near
        return count


@dataclass
class DiscardSearch:
    """Compares candidate discards by Monte Carlo rollouts (see the module docstring).

    `fits(card)`: whether the card could be laid off on the table; `next_seat`: the seat
    that may take the discard (None if nobody may), `next_lays_off`: whether it could lay
    the card off at once; `lines`: the variant's quick meld test; `may_take`: whether the
    bot may take the discard in its rollouts. `samples_done` and `last_scores` tell what
    the last search did (for tests and the curious).
    """

    planner: Planner
    knowledge: Knowledge
    fits: Callable[[Card], bool]
    next_seat: int | None
    rng: random.Random
    next_lays_off: bool = False
    clock: Clock = time.process_time
    budget: Budget = field(default_factory=Budget)
    lines: Lines = field(default_factory=Lines)
    may_take: bool = True
    samples_done: int = 0
    last_scores: dict[Card, float] = field(default_factory=dict)
    _loose_memo: dict[tuple[Card, ...], tuple[Card, ...]] = field(default_factory=dict)

    def choose(self, hand: Sequence[Card], candidates: Sequence[Card]) -> Card:
        """The candidate with the fewest expected turns to go out (feeding counted as turns);
        ties go to the earlier candidate (the heuristic's order)."""
        scores = self.scores(hand, candidates)
        self.last_scores = scores
        return min(candidates, key=lambda card: (scores[card], candidates.index(card)))

    def scores(self, hand: Sequence[Card], candidates: Sequence[Card]) -> dict[Card, float]:
        """Expected cost of each candidate discard, averaged over the samples done in budget."""
        deadline = self.clock() + self.budget.seconds
        totals = {card: 0.0 for card in candidates}
        self.samples_done = 0
        while self.samples_done < self.budget.samples:
            if self.samples_done and self.clock() >= deadline:
                break
            world = sample_world(self.knowledge, self.rng, self.lines)
            feeder = self._feed_test(world)
            for card in candidates:
                kept = list(hand)
                kept.remove(card)
                cost = self.rollout(kept, world.stock[: 2 * self.budget.horizon])
                if feeder is not None and feeder(card):
                    cost += FEED_TURNS
                totals[card] += cost
            self.samples_done += 1
        done = max(1, self.samples_done)
        return {card: total / done for card, total in totals.items()}

    # --- one rollout ---------------------------------------------------------------------

    def rollout(self, hand: list[Card], stream: Sequence[Card]) -> float:
        """Turns until this hand could go out (every card melded or laid off but one), by a
        greedy policy; a hand still short after the horizon costs LOOSE_TURNS per loose card.

        `stream` is the stock in the order it comes: each turn the other side draws a card
        and, in the model, throws it — the bot takes that discard when it melds or fits at
        once, else draws the next card. The hand is arranged once; after that each new card
        fits (the table, or a meld made in the rollout), makes a meld with two loose cards,
        or joins them."""
        loose = list(self._loose(hand))
        made: list[_Made] = []
        turns = len(stream) // 2
        for turn in range(1, turns + 1):
            offered, drawn = stream[2 * turn - 2], stream[2 * turn - 1]
            if not self._place(offered, loose, made, take_only=self.may_take):
                self._place(drawn, loose, made, take_only=False)
            if len(loose) <= 1:
                return float(turn)
            loose.remove(self._throw(loose))
        return turns + LOOSE_TURNS * max(0, len(loose) - 1)

    def _loose(self, hand: Sequence[Card]) -> tuple[Card, ...]:
        """The hand's cards left out of its best melds and not fit for the table (memoised:
        every sample starts from the same few hands)."""
        key = tuple(sorted(hand, key=Card.sort_key))
        found = self._loose_memo.get(key)
        if found is None:
            found = tuple(c for c in self.planner.arrange(key).left if not self.fits(c))
            self._loose_memo[key] = found
        return found

    def _place(self, card: Card, loose: list[Card], made: list[_Made], take_only: bool) -> bool:
        """Puts a new card where it goes (the table, a rollout meld, a new meld, or loose);
        with `take_only`, only if it is of use at once. Returns whether the card was taken."""
        if self.fits(card) or any(m.takes(card) for m in made):
            return True
        meld = self.lines.completes(card, loose)
        if meld is not None:
            made.append(meld)
            return True
        if take_only:
            return False
        loose.append(card)
        return True

    def _throw(self, loose: list[Card]) -> Card:
        """The rollout's discard: the loose card with the fewest partners, then the most points
        (never a joker)."""
        plain = [c for c in loose if not c.is_joker] or loose
        return min(plain, key=lambda c: (self.lines.partners(c, loose), -self.planner.points(c), c.sort_key()))

    def _feed_test(self, world: World) -> Callable[[Card], bool] | None:
        """Whether a discard would make a meld in the next player's sampled hand (or, once
        they have opened, go straight onto the table)."""
        if self.next_seat is None or self.next_seat not in world.hands:
            return None
        theirs = list(world.hands[self.next_seat])

        def feeds(card: Card) -> bool:
            if self.next_lays_off and self.fits(card):
                return True
            return self.lines.completes(card, theirs, remove=False) is not None

        return feeds
