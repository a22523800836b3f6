"""Melds: which cards form a run or a set, what each joker stands for, points, lay-offs, swaps.

A run is placed on a line of positions: position p holds rank ((p - 1) % 13) + 1, so an ace
is position 1 (low) or 14 (high). The variant's ace rule bounds the positions: `low` keeps
runs inside 1..13, `high_or_low` inside 1..14 (never both ace ends: at most 13 cards),
`around` lets a run wrap (K-A-2). A joker in a run stands for the card at its position; a
joker in a set stands for any suit the set lacks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ramigui.cards import JOKER, SUITS, Card, card_of
from ramigui.rules.errors import detail_text
from ramigui.rules.variant import RummyRules, Variant

RUN = "run"
SET = "set"

JokerStand = tuple[Card | None, int, tuple[str, ...]]
"""What a joker in a meld is read as: the card it stands for (a run's joker), or none with
the set's rank and the suits it may be (a set's joker)."""


class MeldError(ValueError):
    """Why some cards do not make a meld or do not fit one: a `code` of errors.DETAILS with
    its params, which the rules pass on as the `detail` of their IllegalMove."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(detail_text(code, **params))


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table: its cards in table order and, for a run, where it starts.

    `start` is the position of the first card (runs only). `owner` is the seat that put it
    down. For a set, jokers stand for the missing suits of `rank`.
    """

    kind: str
    cards: tuple[Card, ...]
    owner: int = 0
    start: int = 0
    rank: int = 0

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def naturals(self) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if not c.is_joker)

    @property
    def suit(self) -> str:
        if self.kind != RUN:
            return ""
        return next(c.suit for c in self.cards if not c.is_joker)

    def stands_for(self) -> list[Card | None]:
        """For each card, the natural card it is (a joker in a run: the card it replaces;
        a joker in a set: None, since it stands for any missing suit)."""
        if self.kind == SET:
            return [None if c.is_joker else c for c in self.cards]
        return [card_at(self.start + i, self.suit) for i in range(len(self.cards))]

    def joker_stands(self) -> tuple[JokerStand | None, ...]:
        """Per card, what its joker is read as (None for a natural card): the table's badge
        and the phone's label both say this, so they say the same."""
        missing = tuple(self.missing_suits()) if self.kind == SET else ()
        return tuple(
            (stood, self.rank, () if stood is not None else missing) if card.is_joker else None
            for card, stood in zip(self.cards, self.stands_for(), strict=True)
        )

    def joker_naturals(self) -> tuple[Card, ...]:
        """The natural cards a joker of the meld stands for (a run's: its card; a set's: its
        rank in each suit the set lacks): such a card put on the meld alone means a swap, so
        a swap the rules refuse is answered with the swap's reason, not a lay-off's."""
        found: list[Card] = []
        for stand in self.joker_stands():
            if stand is None:
                continue
            stood, rank, suits = stand
            cards = [stood] if stood is not None else [card_of(rank, suit) for suit in suits]
            found.extend(card for card in cards if card not in found)
        return tuple(found)

    def missing_suits(self) -> list[str]:
        """The suits a set lacks (what its jokers may stand for)."""
        present = {c.suit for c in self.naturals}
        return [s for s in SUITS if s not in present]


_AT = {(p, s): card_of((p - 1) % 13 + 1, s) for p in range(1, 27) for s in SUITS}


def card_at(position: int, suit: str) -> Card:
    """The natural card at a run position (14 is the high ace; runs round the corner go on)."""
    return _AT[(position, suit)]


def _bounds(rules: RummyRules) -> tuple[int, int] | None:
    """Lowest and highest run position, or None when runs may wrap round the corner."""
    return {"low": (1, 13), "high_or_low": (1, 14), "around": None}[rules.ace]


def _positions_for(rank: int, rules: RummyRules) -> list[int]:
    if rank == 1 and rules.ace != "low":
        return [1, 14]
    return [rank]


def _run_starts(length: int, rules: RummyRules) -> range:
    bounds = _bounds(rules)
    if bounds is None:
        return range(1, 14)
    return range(bounds[0], bounds[1] - length + 2)


def _fits_run_at(cards: Sequence[Card], start: int, suit: str, rules: RummyRules) -> bool:
    """Whether `cards`, read in this order from position `start`, make a run of `suit`."""
    return all(
        c.is_joker or (c.suit == suit and c.rank == (start + i - 1) % 13 + 1)
        for i, c in enumerate(cards)
    )


def card_points(card: Card, variant: Variant) -> int:
    """Points of a card left in hand (or a natural card in a meld)."""
    rules = variant.rules if isinstance(variant.rules, RummyRules) else None
    if card.is_joker:
        return rules.joker_value if rules else 0
    if card.rank == 1:
        return rules.ace_value if rules else 1
    return min(card.rank, 10)


def hand_points(cards: Iterable[Card], variant: Variant) -> int:
    return sum(card_points(c, variant) for c in cards)


def _check_common(cards: Sequence[Card], rules: RummyRules) -> list[Card]:
    if len(cards) < 3:
        raise MeldError("too_few")
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        raise MeldError("all_jokers")
    return naturals


def arrange_run(cards: Sequence[Card], rules: RummyRules, owner: int = 0) -> Meld:
    """The run these cards make, honouring the written order when it is a valid run,
    otherwise the arrangement worth the most points. Raises MeldError."""
    naturals = _check_common(cards, rules)
    suit = naturals[0].suit
    if any(c.suit != suit for c in naturals):
        raise MeldError("run_one_suit")
    jokers = len(cards) - len(naturals)
    if jokers > rules.jokers_per_run:
        raise MeldError("run_jokers", limit=rules.jokers_per_run)
    if len({c.rank for c in naturals}) != len(naturals):
        raise MeldError("run_twice")
    if len(cards) > 13:
        raise MeldError("run_too_long")
    length = len(cards)
    written = list(cards)
    for order in (written, written[::-1]):
        for start in _run_starts(length, rules):
            if _fits_run_at(order, start, suit, rules):
                return Meld(RUN, tuple(order), owner, start)
    best: Meld | None = None
    for start in _run_starts(length, rules):
        meld = _place_run(naturals, jokers, start, suit, rules, owner)
        if meld and (best is None or _run_value(meld, rules) > _run_value(best, rules)):
            best = meld
    if best is None:
        raise MeldError(_run_failure(rules))
    return best


def _run_failure(rules: RummyRules) -> str:
    """The detail code of cards that are not consecutive, naming the variant's ace rule."""
    return {"low": "not_consecutive_low", "high_or_low": "not_consecutive_high_or_low"}.get(
        rules.ace, "not_consecutive"
    )


def _place_run(
    naturals: Sequence[Card], jokers: int, start: int, suit: str, rules: RummyRules, owner: int
) -> Meld | None:
    length = len(naturals) + jokers
    slots: list[Card | None] = [None] * length
    for card in naturals:
        offsets = [p - start for p in _positions_for(card.rank, rules)]
        if rules.ace == "around":
            offsets = [(card.rank - start) % 13]
        placed = [o for o in offsets if 0 <= o < length and slots[o] is None]
        if not placed:
            return None
        slots[placed[0]] = card
    return Meld(RUN, tuple(c if c is not None else JOKER for c in slots), owner, start)


def _run_value(meld: Meld, rules: RummyRules) -> int:
    return sum(_natural_value(c, rules) for c in meld.stands_for() if c is not None)


def _natural_value(card: Card, rules: RummyRules) -> int:
    return rules.ace_value if card.rank == 1 else min(card.rank, 10)


def arrange_set(cards: Sequence[Card], rules: RummyRules, owner: int = 0) -> Meld:
    """The set (brelan, carré) these cards make. Raises MeldError."""
    naturals = _check_common(cards, rules)
    rank = naturals[0].rank
    if any(c.rank != rank for c in naturals):
        raise MeldError("set_one_rank")
    if len({c.suit for c in naturals}) != len(naturals):
        raise MeldError("set_same_suit")
    if len(cards) > 4:
        raise MeldError("set_too_big")
    if len(cards) - len(naturals) > rules.jokers_per_set:
        raise MeldError("set_jokers", limit=rules.jokers_per_set)
    return Meld(SET, tuple(cards), owner, rank=rank)


def arrange(cards: Sequence[Card], variant: Variant, owner: int = 0) -> Meld:
    """The meld these cards make (a run if they can be one, else a set). Raises MeldError."""
    rules = variant.rummy
    try:
        return arrange_run(cards, rules, owner)
    except MeldError as run_error:
        try:
            return arrange_set(cards, rules, owner)
        except MeldError as set_error:
            naturals = [c for c in cards if not c.is_joker]
            same_rank = len({c.rank for c in naturals}) == 1 and len(naturals) > 1
            raise (set_error if same_rank else run_error) from None


def written(meld: Meld) -> tuple[Card, ...]:
    """A meld's one writing in a move: a run in table order, low to high, each joker where
    it stands; a set by suit (♠ ♥ ♦ ♣), jokers last. So `meld 3S JK 4S`, which lays
    3♠ 4♠ JK, is written `meld 3S 4S JK`, as `legal_moves` lists it."""
    return meld.cards if meld.kind == RUN else tuple(sorted(meld.cards, key=Card.sort_key))


def classify(cards: Sequence[Card], variant: Variant) -> str | None:
    """"run", "set" or None: the contract the table and tests rely on."""
    try:
        return arrange(cards, variant).kind
    except MeldError:
        return None


def meld_points(cards: Sequence[Card] | Meld, variant: Variant) -> int:
    """Points of a meld: jokers count as the card they stand for (a set's joker as its rank)."""
    meld = cards if isinstance(cards, Meld) else arrange(cards, variant)
    rules = variant.rummy
    if meld.kind == SET:
        return len(meld.cards) * _natural_value(meld.naturals[0], rules)
    return _run_value(meld, rules)


def lay_off(meld: Meld, cards: Sequence[Card], variant: Variant) -> Meld:
    """The meld with `cards` added (existing cards and jokers keep their places). Raises MeldError."""
    rules = variant.rummy
    if not cards:
        raise MeldError("no_cards")
    if meld.kind == SET:
        return arrange_set(meld.cards + tuple(cards), rules, meld.owner)
    return _extend_run(meld, cards, rules)


def _extend_run(meld: Meld, cards: Sequence[Card], rules: RummyRules) -> Meld:
    new_naturals = [c for c in cards if not c.is_joker]
    new_jokers = len(cards) - len(new_naturals)
    if meld.jokers + new_jokers > rules.jokers_per_run:
        raise MeldError("run_jokers", limit=rules.jokers_per_run)
    if any(c.suit != meld.suit for c in new_naturals):
        raise MeldError("run_suit", suit=meld.suit)
    total = len(meld.cards) + len(cards)
    if total > 13:
        raise MeldError("run_too_long")
    bounds = _bounds(rules)
    # Try every way of splitting the added cards between the two ends, high end first
    # (a joker laid off alone goes above the run, the way players expect).
    for below in range(len(cards) + 1):
        start = meld.start - below
        if bounds is not None and (start < bounds[0] or start + total - 1 > bounds[1]):
            continue
        line = _fill_ends(meld, new_naturals, new_jokers, below, len(cards) - below)
        if line is not None and _fits_run_at(line, start, meld.suit, rules):
            return Meld(RUN, tuple(line), meld.owner, start if bounds else (start - 1) % 13 + 1)
    raise MeldError("not_extending")


def _fill_ends(meld: Meld, naturals: list[Card], jokers: int, below: int, above: int) -> list[Card] | None:
    """Lay out the new naturals in rank order at the two ends, jokers in the gaps."""
    low_slots = [meld.start - below + i for i in range(below)]
    high_end = meld.start + len(meld.cards)
    high_slots = [high_end + i for i in range(above)]
    slots: dict[int, Card] = {}
    for card in naturals:
        matches = [p for p in low_slots + high_slots if (p - 1) % 13 + 1 == card.rank and p not in slots]
        if not matches:
            return None
        slots[matches[0]] = card
    if len(slots) + jokers != below + above:
        return None
    low = [slots.get(p, JOKER) for p in low_slots]
    high = [slots.get(p, JOKER) for p in high_slots]
    return low + list(meld.cards) + high


def swap_joker(meld: Meld, cards: Sequence[Card], variant: Variant) -> Meld:
    """The meld with `cards` put in and one joker taken out. Raises MeldError.

    In a run, the single card must be the one the joker stands for. In a set, the cards
    must be of its rank and missing suits; under `all_missing` every suit the joker could
    stand for must be put in (seed 004: "il ne peut être pris que si le joueur expose les
    deux cartes manquantes").
    """
    rules = variant.rummy
    if meld.jokers == 0:
        raise MeldError("no_joker")
    if meld.kind == RUN:
        if len(cards) != 1:
            raise MeldError("swap_one_card")
        for i, stands in enumerate(meld.stands_for()):
            if meld.cards[i].is_joker and stands == cards[0]:
                line = list(meld.cards)
                line[i] = cards[0]
                return Meld(RUN, tuple(line), meld.owner, meld.start)
        raise MeldError("joker_not_for", card=cards[0])
    missing = meld.missing_suits()
    if any(c.is_joker or c.rank != meld.rank or c.suit not in missing for c in cards):
        raise MeldError("swap_set_cards")
    if len({c.suit for c in cards}) != len(cards):
        raise MeldError("swap_suits_differ")
    naturals = len(meld.naturals)
    need = (4 - naturals) - (meld.jokers - 1) if rules.set_joker_swap == "all_missing" else 1
    if len(cards) != need:
        raise MeldError("swap_need", need=need)
    line = list(meld.cards)
    line.remove(JOKER)
    return Meld(SET, tuple(line) + tuple(cards), meld.owner, rank=meld.rank)


def take_from(meld: Meld, card: Card) -> Meld:
    """The meld without `card` (Rami familial: at least 3 stay; from a run, an end card)."""
    if len(meld.cards) < 4:
        raise MeldError("take_keeps_three")
    if card.is_joker:
        raise MeldError("take_joker")
    if meld.kind == SET:
        if card not in meld.cards:
            raise MeldError("take_not_in_meld", card=card)
        line = list(meld.cards)
        line.remove(card)
        return Meld(SET, tuple(line), meld.owner, rank=meld.rank)
    if meld.cards[0] == card:
        return Meld(RUN, meld.cards[1:], meld.owner, meld.start + 1)
    if meld.cards[-1] == card:
        return Meld(RUN, meld.cards[:-1], meld.owner, meld.start)
    raise MeldError("take_run_end")
