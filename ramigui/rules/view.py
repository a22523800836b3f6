"""PlayerView: everything one seat may know, and nothing else.

Bots and the table read the game only through a view. It holds the seat's own hand, the
public table (melds, discard pile, counts), the public history of the round and the legal
moves when it is that seat's turn. Other hands are not in it, so they cannot leak.

A view is deeply read-only: its mappings are read-only proxies over copies and its
sequences tuples (`ramigui.rules.frozen`), and its variant is frozen the same way. A bot
holding a view cannot change the game it came from, nor the scoring of later games.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ramigui.cards import Card
from ramigui.rules.frozen import EMPTY, frozen, immutable
from ramigui.rules.moves import Move
from ramigui.rules.variant import Variant


@immutable
class Said(NamedTuple):
    """One move of the round's public history: the seat and the move in notation."""

    seat: int
    move: str


@dataclass(frozen=True)
class PlayerView:
    """What seat `seat` sees. `public` carries the family's own public facts
    (for rummy: melds, discard, stock count, opened seats; for gin: upcard, …); other
    seats' provisional moves are not in it (`Game.seen_by`)."""

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
    public: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    pending: tuple[int, ...] = ()
    """Meld numbers (from 1) this seat laid or changed in its open turn: on the table for
    this seat only, until the turn's end makes them stand (see `Game.seen_by`)."""

    def __post_init__(self) -> None:
        # A caller may pass lists or dicts (the families' `public` builds a dict each time):
        # the view keeps frozen copies only.
        for name in ("hand", "hand_counts", "scores", "history", "legal_moves", "public", "pending"):
            object.__setattr__(self, name, frozen(getattr(self, name)))

    @property
    def my_turn(self) -> bool:
        return self.to_play == self.seat and not self.round_over

    def __getitem__(self, key: str) -> Any:
        return self.public[key]
