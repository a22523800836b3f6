"""Playing cards: ranks, suits, jokers, decks and the text notation (`AS 10H TD QC JK`).

A `Card` is a value: two copies of the queen of hearts from two decks are equal. Every
place that must tell copies apart (the "every card exactly once" invariant, sprites on the
table) counts cards as a multiset, which is what a player at a real table does too.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

SUITS = ("S", "H", "D", "C")
"""Pique, cœur, carreau, trèfle, in the order used for sorting and dealing."""

RANK_TEXT = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_RANK = 0
JOKER_TEXT = "JK"
RED_SUITS = frozenset({"H", "D"})


class CardParseError(ValueError):
    """A card or list of cards that is not in the notation."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: rank 1 (ace) to 13 (king) and a suit, or the joker (rank 0, no suit)."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER_RANK

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        if self.is_joker:
            return JOKER_TEXT
        return RANK_TEXT.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"

    def sort_key(self) -> tuple[int, int, int]:
        """Suit then rank, jokers last: the default order of a hand."""
        if self.is_joker:
            return (len(SUITS), 99, 0)
        return (SUITS.index(self.suit), self.rank, 0)

    def rank_key(self) -> tuple[int, int, int]:
        """Rank then suit, jokers last: the other hand order players ask for."""
        if self.is_joker:
            return (99, len(SUITS), 0)
        return (self.rank, SUITS.index(self.suit), 0)


JOKER = Card(JOKER_RANK, "")

_TEXT_TO_RANK = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, "V": 11, "D": 12, "R": 13}
_CARDS: dict[str, Card] = {}


def _intern(rank: int, suit: str) -> Card:
    card = Card(rank, suit)
    return _CARDS.setdefault(str(card), card)


ALL_CARDS: tuple[Card, ...] = tuple(_intern(r, s) for s in SUITS for r in range(1, 14))
"""The 52 distinct non-joker cards, one object each (parsing returns these objects)."""
_intern(JOKER_RANK, "")


def card_of(rank: int, suit: str) -> Card:
    """The interned card of this rank (1–13) and suit."""
    return _CARDS[RANK_TEXT.get(rank, str(rank)) + suit]


def parse_card(text: str) -> Card:
    """Parse one card: `AS`, `10H`, `TH`, `qc`, `JK` (joker). Raises CardParseError."""
    token = text.strip().upper()
    if token in (JOKER_TEXT, "JOKER", "*"):
        return JOKER
    if len(token) < 2 or token[-1] not in SUITS:
        raise CardParseError(f"{shorten(text)!r} is not a card (expected e.g. AS, 10H, QC, JK)")
    rank_text, suit = token[:-1], token[-1]
    if rank_text.isascii() and rank_text.isdigit():  # not "²": int() refuses it
        # int() also refuses more than 4300 digits: no rank has more than two.
        rank = int(rank_text) if len(rank_text) <= 2 else 0
        if not 2 <= rank <= 10:
            raise CardParseError(f"{shorten(text)!r} is not a card: no rank {shorten(rank_text)}")
    elif rank_text in _TEXT_TO_RANK:
        rank = _TEXT_TO_RANK[rank_text]
    else:
        raise CardParseError(f"{shorten(text)!r} is not a card: unknown rank {shorten(rank_text)!r}")
    return _CARDS[RANK_TEXT.get(rank, str(rank)) + suit]


def shorten(text: str, most: int = 40) -> str:
    """Typed text as a message quotes it: a 5000-character word is cut, with "…"."""
    return text if len(text) <= most else text[: most - 1] + "…"


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse cards separated by spaces or commas (or an iterable of card strings)."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(token) for token in tokens]


def format_cards(cards: Iterable[Card]) -> str:
    """The notation of several cards, space separated: the inverse of parse_cards."""
    return " ".join(str(card) for card in cards)


def rank_name(rank: int) -> str:
    """`A`, `2` … `10`, `J`, `Q`, `K` (notation, not the French display letters)."""
    return RANK_TEXT.get(rank, str(rank))


def make_deck(deck_size: int = 52, decks: int = 1, jokers: int = 0) -> list[Card]:
    """An unshuffled pack: `decks` copies of a 32- or 52-card deck plus `jokers` jokers.

    A 32-card deck (piquet) holds 7 to 10, J, Q, K and A of each suit.
    """
    if deck_size not in (32, 52):
        raise ValueError(f"a deck has 32 or 52 cards, not {deck_size}")
    lowest = 7 if deck_size == 32 else 2
    one_deck = [c for c in ALL_CARDS if c.rank == 1 or c.rank >= lowest]
    return one_deck * decks + [JOKER] * jokers


def shuffled(cards: Iterable[Card], rng: random.Random) -> list[Card]:
    """A shuffled copy: the one place decks are shuffled, so deals replay from a seed."""
    pack = list(cards)
    rng.shuffle(pack)
    return pack
