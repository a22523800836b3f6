"""The interface every family of games (rummy, gin, yami) implements for `Game`.

A family is a set of pure functions over its own immutable round state: deal a round,
list the legal moves, apply a move (returning a new state, or raising IllegalMove), say
who is to play, whether the round is over and what it scored. `Game` adds what all
families share: the move log, undo, rounds, totals, game end and the per-seat view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from ramigui.cards import Card
from ramigui.rules.deals import DealSeed
from ramigui.rules.moves import Move
from ramigui.rules.public import PublicTable
from ramigui.rules.variant import Variant


@dataclass(frozen=True)
class RoundResult:
    """What a finished round scored, in the variant's own sense (penalties or gains).

    `reason` is a stable word the UI translates (out, rami, rami_sec, blocked, no_way_out, gin,
    big_gin, knock, undercut, void, exposed); `winner` the seat that won the round
    (None: nobody); `details` family-specific facts for the end-of-round screen.
    """

    points: tuple[int, ...]
    reason: str
    winner: int | None = None
    details: Mapping[str, Any] = field(default_factory=dict)


class RoundState(Protocol):
    """What Game reads from any family's round state."""

    @property
    def to_play(self) -> int: ...

    @property
    def turn(self) -> int: ...


class Family(Protocol):
    """The pure rules of one family of games."""

    name: str
    follows_direction: bool
    """Play goes round the table in the variant's direction (`Variant.seat_after`); False:
    seats play in number order whatever the direction, the table only mirrors them."""

    def deal(self, variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed) -> Any:
        """A new round, dealt from a deck shuffled by `round_rng(seed, round_no)`."""

    def legal_moves(self, state: Any) -> list[Move]:
        """Every legal move of the player to play (without `undo` and `next`)."""

    def apply(self, state: Any, move: Move) -> Any:
        """The state after `move`; raises IllegalMove (and changes nothing) if illegal."""

    def canonical(self, state: Any, move: Move) -> Move:
        """The one writing of `move` (cards of a meld in table order, …): what `Game.play`
        records and `legal_moves` lists, so a move is legal exactly when it is listed."""

    def is_undoable(self, state: Any, move: Move) -> bool:
        """Whether `move` (just legal in `state`) may be taken back later this turn."""

    def round_over(self, state: Any) -> bool: ...

    def round_result(self, state: Any) -> RoundResult: ...

    def hand(self, state: Any, seat: int) -> tuple[Card, ...]: ...

    def all_cards(self, state: Any) -> Counter[Card]:
        """Every card of the round wherever it is (the 'each card exactly once' check)."""

    def public(self, state: Any, seat: int) -> PublicTable:
        """The family's part of seat `seat`'s view: only what that seat may see."""

    def game_over(self, variant: Variant, totals: Sequence[int], rounds_played: int, last: Any) -> bool: ...

    def standings(self, variant: Variant, totals: Sequence[int], results: Sequence[RoundResult]) -> tuple[int, ...]:
        """Final totals (game bonuses applied) — higher is better unless `lower_wins`."""

    def lower_wins(self, variant: Variant) -> bool: ...

    def opening_matters(self, variant: Variant) -> bool:
        """Whether a player's having opened changes what they may do or pay (the plates'
        "✓ opened" says it only then)."""
