"""A round's deal laid out, its fingerprint, and the proof shown once the round is over.

The fingerprint is SHA-256 of the round's whole card order (every hand as dealt, the
discard pile, the stock in drawing order) and the round's nonce. It is shown when the
round is dealt; the order and the nonce stay hidden until the round ends. Then the round's
code is revealed: anyone can deal the round again from the code, hash it with the nonce
the code gives, and find the fingerprint they saw before the first card was played — so
the deck was fixed before the deal, and not changed during the round.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from ramigui.cards import Card
from ramigui.rules.deals import DealSeed, Table, deal_nonce, round_code
from ramigui.rules.family import Family
from ramigui.rules.variant import Variant

FINGERPRINT_TAG = b"ramigui-deal-1\n"
STOCK_DRAWN_FROM_FRONT = frozenset({"yami"})
"""Families whose stock is listed top card first (the others list it bottom to top)."""


@dataclass(frozen=True)
class DealLayout:
    """A round as dealt: each seat's hand, the discard pile (bottom to top), the stock
    with the next card to draw first."""

    hands: tuple[tuple[Card, ...], ...]
    discard: tuple[Card, ...]
    stock: tuple[Card, ...]

    def text(self) -> str:
        """The order the fingerprint hashes, one line per place, cards in notation."""
        lines = [f"hand {seat}: {' '.join(map(str, hand))}" for seat, hand in enumerate(self.hands)]
        lines.append(f"discard: {' '.join(map(str, self.discard))}")
        lines.append(f"stock: {' '.join(map(str, self.stock))}")
        return "\n".join(lines)


def layout_of(family: Family, state: Any, players: int) -> DealLayout:
    """The layout of a round state (a freshly dealt one, for a deal)."""
    stock = tuple(getattr(state, "stock", ()))
    if family.name not in STOCK_DRAWN_FROM_FRONT:
        stock = stock[::-1]
    return DealLayout(
        hands=tuple(tuple(family.hand(state, seat)) for seat in range(players)),
        discard=tuple(getattr(state, "discard", ())),
        stock=stock,
    )


def fingerprint(layout: DealLayout, nonce: bytes) -> bytes:
    """SHA-256 of the whole card order and the nonce (32 bytes)."""
    return hashlib.sha256(FINGERPRINT_TAG + nonce + layout.text().encode()).digest()


@dataclass(frozen=True)
class DealProof:
    """What "Show the deal" lays out once round `round_no` is over: the deal, its nonce
    and code, the fingerprint shown when it was dealt, and whether they agree."""

    round_no: int
    layout: DealLayout
    nonce: bytes
    code: str
    shown: bytes
    matches: bool


def prove(
    family: Family, variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed, shown: bytes
) -> DealProof:
    """Deal the round again from its key (what the code gives), hash it with the nonce
    that key gives, and compare with the fingerprint `shown` at the deal."""
    # dealt afresh: a family's score sheets start empty again, which changes no card
    layout = layout_of(family, family.deal(variant, players, round_no, dealer, seed), players)
    nonce = deal_nonce(seed, round_no)
    matches = hmac.compare_digest(fingerprint(layout, nonce), shown)
    return DealProof(
        round_no,
        layout,
        nonce,
        round_code(seed, round_no, Table(variant.family, players)),
        shown,
        matches,
    )
