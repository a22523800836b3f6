"""What every bot shares: turn bookkeeping, the pack, and public-card memory from the view.

A bot sees a PlayerView and nothing else. Everything a strong player "remembers" (who took
which discard, which cards they refused, which cards are gone) is rebuilt here from the
view's public history of the round, so a bot can be recreated at any moment (a loaded save,
the Hint button) and still play the same way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ramigui.cards import Card, make_deck
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

TurnKey = tuple[int, int]


def turn_key(view: PlayerView) -> TurnKey:
    """(round, turn): changes exactly when a new turn starts (undo does not change it)."""
    return (view.round_no, view.public.turn)


def pack_of(view: PlayerView) -> Counter[Card]:
    """Every card of this game's pack, counted (two decks: two of each)."""
    variant = view.variant
    cards = make_deck(variant.deck, variant.decks_for(view.players), variant.jokers_for(view.players))
    return Counter(cards)


@dataclass
class PublicMemory:
    """What a player who watched the whole round knows about the cards.

    `taken[s]`: cards seat s took from the discard pile (still in their hand unless melded);
    `refused[s]`: top discards seat s saw and did not take; `discarded[s]`: cards s threw.
    `events[s]`: the same facts in order, each as (turn of s, "took" | "refused" | "threw",
    card), and `turns[s]` the turns s has begun, so a fact's age is `turns[s] - turn`.
    """

    taken: dict[int, list[Card]] = field(default_factory=dict)
    refused: dict[int, list[Card]] = field(default_factory=dict)
    discarded: dict[int, list[Card]] = field(default_factory=dict)
    events: dict[int, list[tuple[int, str, Card]]] = field(default_factory=dict)
    turns: dict[int, int] = field(default_factory=dict)

    def note(self, seat: int, kind: str, card: Card) -> None:
        self.events.setdefault(seat, []).append((self.turns.get(seat, 0), kind, card))

    def held_by_others(self, seat: int, table: Iterable[Card]) -> Counter[Card]:
        """Cards known to be in other hands: taken from the pile and not seen on the table since."""
        held: Counter[Card] = Counter()
        for other, cards in self.taken.items():
            if other != seat:
                held.update(cards)
        return held - Counter(table)


def read_memory(view: PlayerView, first_pile: Sequence[Card] = ()) -> PublicMemory:
    """Replay the public history on a model of the discard pile to learn who took what.

    `first_pile` is the pile as dealt when it is public (the gin upcard). A card whose
    identity is not known (an upcard not named in the view) is simply not remembered.
    """
    memory = PublicMemory()
    pile: list[Card | None] = list(first_pile)
    for seat, move in view.history:
        if move.kind in ("draw", "pass", "take"):
            memory.turns[seat] = memory.turns.get(seat, 0) + 1
        if move.kind in ("discard", "knock", "gin") and move.cards:
            pile.append(move.cards[0])
            memory.discarded.setdefault(seat, []).append(move.cards[0])
            memory.note(seat, "threw", move.cards[0])
        elif move.kind == "take" and move.target is None:
            card = pile.pop() if pile else None
            if card is not None:
                memory.taken.setdefault(seat, []).append(card)
                memory.note(seat, "took", card)
        elif move.kind in ("draw", "pass") and pile and pile[-1] is not None:
            memory.refused.setdefault(seat, []).append(pile[-1])
            memory.note(seat, "refused", pile[-1])
    return memory


def unseen_cards(view: PlayerView, table: Iterable[Card], memory: PublicMemory | None) -> Counter[Card]:
    """Cards that may still come from the stock: the pack without what this seat can see
    (its hand, the table, the discard pile) and, with a memory, cards others are known to hold."""
    seen: Counter[Card] = Counter(view.hand)
    table_cards = list(table)
    seen.update(table_cards)
    seen.update(view.public.discard)
    if memory is not None:
        seen.update(memory.held_by_others(view.seat, table_cards))
    return pack_of(view) - seen


def legal_by_text(view: PlayerView) -> dict[str, Move]:
    """The legal moves by their notation."""
    return {str(m): m for m in view.legal_moves}


def first_of(view: PlayerView, *kinds: str) -> Move | None:
    """The first legal move of one of `kinds`, in the order the kinds are given."""
    for kind in kinds:
        for move in view.legal_moves:
            if move.kind == kind:
                return move
    return None


class TurnGuard:
    """Remembers the moves taken back with `undo` this turn, so a bot never loops.

    The history forgets undone moves (undo removes them), so this is the one piece of
    state a bot keeps between calls; rebuilt from scratch it costs at most one repeat.
    """

    def __init__(self) -> None:
        self.key: TurnKey = (-1, -1)
        self.undone: set[Move] = set()
        self.calls = 0

    def start(self, view: PlayerView) -> None:
        key = turn_key(view)
        if key != self.key:
            self.key, self.undone, self.calls = key, set(), 0
        self.calls += 1

    def undo(self, view: PlayerView) -> Move | None:
        """`undo`, remembering the move it takes back; None if undo is not legal."""
        undo = first_of(view, "undo")
        if undo is not None and view.history:
            self.undone.add(view.history[-1].move)
        return undo

    def allowed(self, move: Move) -> bool:
        return move not in self.undone
