"""One seat's own copies, kept from one view to the next, so a view copies only what is new.

A view is built from copies (nothing in it is the game's), and building it anew from the
whole table and history at every view made a bot's turn O(moves). Each seat keeps here the
copies its views handed out: what it does to them reaches no other seat and not the game.
"""

from __future__ import annotations

from collections.abc import Sequence

from ramigui.cards import Card
from ramigui.rules.frozen import LastingCopies, detached
from ramigui.rules.melds import Meld
from ramigui.rules.moves import Move
from ramigui.rules.variant import Variant
from ramigui.rules.view import Said

LASTING_KINDS = (Card, Meld, Said)
"""What the rules never change once made: copied once a round, by identity."""


class SeatCopies:
    """A seat's copies: the round's cards, melds and history lines (by identity), the
    history it was last shown, its rules (once a game) and each move it was offered (by
    value: the same move is offered turn after turn). A new deal forgets all but the rules."""

    def __init__(self) -> None:
        self.lasting = LastingCopies(LASTING_KINDS)
        self._shown: tuple[Said, ...] = ()
        self._history: tuple[Said, ...] = ()
        self._variant: Variant | None = None
        self._moves: dict[Move, Move] = {}

    def new_round(self) -> None:
        """A new deal: nothing of the last round's table or history is seen again."""
        self.lasting = LastingCopies(LASTING_KINDS)
        self._shown = self._history = ()
        self._moves.clear()

    def history(self, history: tuple[Said, ...]) -> tuple[Said, ...]:
        """`history` copied: the copy of the lines shown last time, when they still open the
        history (the last of them still at its place: lines are only added or taken back
        from the end), and copies of the lines said since."""
        shown, copy = self._shown, self._history
        if not (len(shown) <= len(history) and (not shown or history[len(shown) - 1] is shown[-1])):
            shown, copy = (), ()
        if len(shown) < len(history) or not history:
            copy = copy + detached(history[len(shown):], None, self.lasting)
            self._shown, self._history = history, copy
        return copy

    def variant(self, variant: Variant) -> Variant:
        """The seat's own copy of the rules (they never change during a game)."""
        if self._variant is None:
            self._variant = detached(variant)
        return self._variant

    def moves(self, moves: Sequence[Move]) -> tuple[Move, ...]:
        """`moves` as copies this seat's views alone hold, each move copied once a round."""
        copies = []
        for move in moves:
            copy = self._moves.get(move)
            if copy is None:
                copy = self._moves[move] = detached(move, None, self.lasting)
            copies.append(copy)
        return tuple(copies)
