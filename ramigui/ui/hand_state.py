"""The hand in front of the viewer: its order, the selected cards, the keyboard's focus, a drag.

The table scene owns one `HandState`. The pointer and the keys never change it: they
return intents (`table_intents`) and the scene applies them through these methods, so
every change to the hand has one name and one place.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ramigui.cards import Card


@dataclass(frozen=True)
class Drag:
    """Cards following the pointer, with the drop targets the rules would accept (`lit`)."""

    source: str  # "hand", "stock", "discard", "meld"
    cards: tuple[Card, ...]
    indices: tuple[int, ...]
    offset: tuple[int, int]
    pos: tuple[int, int]
    meld: int = 0
    lit: frozenset[str] = frozenset()


@dataclass
class HandState:
    """The viewer's hand as arranged on screen (the rules know only which cards it holds)."""

    order: list[Card] = field(default_factory=list)
    selected: set[int] = field(default_factory=set)
    focus: int = 0
    drag: Drag | None = None
    landing: int | None = None
    """The slot where the card the next move brings goes (it was dropped there), if any."""
    own_order: bool = False
    """The player arranged the hand themselves (moved cards within it, or dropped a card at
    a place): a card drawn then goes to the right, where a sorted hand takes it in. Told
    by what the player did, not by comparing the hand with its sort: a discard can regroup
    a sorted hand's melds, and the next card drawn was left at the end."""

    def hide(self) -> None:
        """Nobody's hand is shown: its arrangement goes (the next hand starts from a sort)."""
        self.order = []
        self.own_order = False

    def take_in(self, hand: Sequence[Card]) -> tuple[list[Card], list[Card]]:
        """The cards of `hand` already in the order (in their place) and the new ones: a
        move keeps the player's own arrangement of what stays."""
        remaining = Counter(hand)
        kept: list[Card] = []
        for card in self.order:
            if remaining[card] > 0:
                kept.append(card)
                remaining[card] -= 1
        added: list[Card] = []
        for card in hand:
            if remaining[card] > 0:
                added.append(card)
                remaining[card] -= 1
        return kept, added

    def land(self, kept: list[Card], added: list[Card]) -> list[Card] | None:
        """`kept` with the `added` cards at the landing slot, which is then forgotten (None
        when no card was dropped at a place: the hand then finds their place itself)."""
        slot, self.landing = self.landing, None
        if slot is None or not added:
            return None
        self.own_order = True
        slot = max(0, min(slot, len(kept)))
        return kept[:slot] + added + kept[slot:]

    def arrange(self, order: list[Card]) -> None:
        """The hand in a new order. The keyboard's cursor and the selection follow their
        cards (a card drawn into a sorted hand must not leave the cursor on its neighbour);
        a cursor whose card left stays on its slot."""
        went = _where_each_went(self.order, order)
        self.order = order
        self.selected = {went[i] for i in self.selected if i in went}
        self.focus = went.get(self.focus, min(self.focus, max(0, len(order) - 1)))

    def toggle(self, index: int) -> None:
        """Select the card at `index`, or unselect it; the focus goes to it."""
        self.selected ^= {index}
        self.focus = index

    def step_focus(self, step: int) -> None:
        """The focus moves `step` cards along the hand, round from one end to the other."""
        if self.order:
            self.focus = (self.focus + step) % len(self.order)

    def clear_selection(self) -> None:
        self.selected.clear()

    def move_cards(self, indices: Sequence[int], insert: int) -> None:
        """The cards at `indices` moved together to slot `insert` of the rest; several
        moved cards stay selected (to be dropped again), one alone does not."""
        moving = [self.order[i] for i in indices]
        rest = [c for i, c in enumerate(self.order) if i not in set(indices)]
        self.order = rest[:insert] + moving + rest[insert:]
        self.own_order = True
        self.selected = set(range(insert, insert + len(moving))) if len(moving) > 1 else set()
        self.focus = insert

    def selected_cards(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.order[i] for i in sorted(self.selected) if i < len(self.order)]


def _where_each_went(old: Sequence[Card], new: Sequence[Card]) -> dict[int, int]:
    """For each slot of `old` whose card is still in `new`, its slot there: the n-th copy
    of a card (two decks hold two) goes to its n-th copy, as `take_in` keeps them."""
    places: dict[Card, list[int]] = {}
    for index, card in enumerate(new):
        places.setdefault(card, []).append(index)
    copies: Counter[Card] = Counter()
    went: dict[int, int] = {}
    for index, card in enumerate(old):
        found = places.get(card, [])
        if copies[card] < len(found):
            went[index] = found[copies[card]]
        copies[card] += 1
    return went
