"""PlayerView: everything one seat may know, and nothing else.

Bots and the table read the game only through a view. It holds the seat's own hand, the
family's public table (a typed frozen dataclass of `ramigui.rules.public`: melds, discard
pile, counts), the public history of the round as moves with their seats, and the legal
moves when it is that seat's turn. Other hands are not in it, so they cannot leak.

A view is deeply read-only: its mappings are read-only proxies over copies and its
sequences tuples (`ramigui.rules.frozen`), and its variant is frozen the same way. A bot
holding a view cannot change the game it came from, nor the scoring of later games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, TypeVar

from ramigui.cards import Card
from ramigui.rules.frozen import frozen, immutable
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic, PublicTable, RummyPublic, YamiPublic
from ramigui.rules.variant import Variant


@immutable
class Said(NamedTuple):
    """One move of the round's public history: the seat that played it and the move."""

    seat: int
    move: Move


PublicT = TypeVar("PublicT", RummyPublic, GinPublic, YamiPublic)


@dataclass(frozen=True)
class PlayerView:
    """What seat `seat` sees. `public` is the family's own public table (`rules.public`:
    for rummy the melds, discard, stock count, opened seats; for gin the upcard, …); other
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
    history: tuple[Said, ...]
    legal_moves: tuple[Move, ...]
    public: PublicTable
    deal_print: bytes = b""
    """The round's deal fingerprint, public from the deal on (`ramigui.rules.deal_proof`):
    it commits to the order of the cards and tells nothing of it."""
    pending: tuple[int, ...] = ()
    """Meld numbers (from 1) this seat laid or changed this turn: on the table for this seat
    only, until the turn's end makes them stand (see `Game.seen_by`)."""

    def __post_init__(self) -> None:
        # A caller may pass lists: the view keeps frozen copies only (the tables are frozen
        # dataclasses whose mappings the families build read-only).
        for name in ("hand", "hand_counts", "scores", "history", "legal_moves", "pending"):
            object.__setattr__(self, name, frozen(getattr(self, name)))

    @property
    def my_turn(self) -> bool:
        return self.to_play == self.seat and not self.round_over

    @property
    def running_scores(self) -> tuple[int, ...]:
        """Each seat's score as it stands now, as plates and seat lists say it (`scores` is
        the game's, as of the last round's end)."""
        return self.public.running_scores(self.scores)

    def public_as(self, kind: type[PublicT]) -> PublicT:
        """The public table as the family's own kind, for code that knows its family (a
        family's bot, its part of the table); a view of another family is a bug, said so."""
        if not isinstance(self.public, kind):
            raise TypeError(f"a {self.variant.family} view has no {kind.__name__}")
        return self.public
