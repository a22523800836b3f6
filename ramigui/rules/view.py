"""PlayerView: everything one seat may know, and nothing else.

Bots and the table read the game only through a view. It holds the seat's own hand, the
public table (melds, discard pile, counts), the public history of the round and the legal
moves when it is that seat's turn. Other hands are not in it, so they cannot leak.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ramigui.cards import Card
from ramigui.rules.moves import Move
from ramigui.rules.variant import Variant


@dataclass(frozen=True)
class PlayerView:
    """What seat `seat` sees. `public` carries the family's own public facts
    (for rummy: melds, discard, stock count, opened seats; for gin: upcard, …)."""

    variant: Variant
    seat: int
    players: int
    to_play: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    round_no: int
    dealer: int
    scores: tuple[int, ...]
    round_over: bool
    game_over: bool
    history: tuple[tuple[int, str], ...]
    legal_moves: tuple[Move, ...]
    public: Mapping[str, Any] = field(default_factory=dict)

    @property
    def my_turn(self) -> bool:
        return self.to_play == self.seat and not self.round_over

    def __getitem__(self, key: str) -> Any:
        return self.public[key]
