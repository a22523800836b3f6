"""What a person meant, as the table's input parts report it: small frozen records.

The pointer, the keys and a family's own controls read a `TableFrame` and return a tuple
of intents; only the table scene applies them (its `apply`). An empty tuple means
"handled, nothing to do"; `None` means "not mine" (the next handler may take the event).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ramigui.rules import Move
from ramigui.ui.anim import Flight
from ramigui.ui.hand_state import Drag
from ramigui.ui.table_dialog import Question


@dataclass(frozen=True)
class PlayMove:
    """Play `move` as the person's own (the family may ask a question first). When it is
    not played now, `otherwise` is applied instead; with no `otherwise` the handler's
    answer is "not handled" (a refused key lets the table explain its button)."""

    move: Move | str
    otherwise: tuple[Intent, ...] | None = None


@dataclass(frozen=True)
class SelectCard:
    """Select the hand card at `index`, or unselect it; the focus goes to it."""

    index: int


@dataclass(frozen=True)
class MoveFocus:
    """The keyboard's focus moves `step` cards along the hand."""

    step: int


@dataclass(frozen=True)
class ClearSelection:
    """Nothing selected any more."""


@dataclass(frozen=True)
class StartDrag:
    """Cards start following the pointer."""

    drag: Drag


@dataclass(frozen=True)
class DragTo:
    """The dragged cards follow the pointer to `pos`."""

    pos: tuple[int, int]


@dataclass(frozen=True)
class EndDrag:
    """The pointer let the cards go (what the drop means comes as other intents)."""


@dataclass(frozen=True)
class MoveCards:
    """Hand cards dropped back in the hand: they move together to slot `insert`."""

    indices: tuple[int, ...]
    insert: int


@dataclass(frozen=True)
class LandAt:
    """The card the next move brings into the hand (a draw or a take dropped on the hand)
    goes to slot `slot` of the hand, where the pointer let it go; None: to the usual place."""

    slot: int | None


@dataclass(frozen=True)
class Fly:
    """Cards fly on the table (a refused drop slides back home)."""

    flights: tuple[Flight, ...]


@dataclass(frozen=True)
class Say:
    """A note or an instruction in the status line for a few seconds."""

    text: str


@dataclass(frozen=True)
class Refuse:
    """Why something was refused, in the refusal's look."""

    reason: str


@dataclass(frozen=True)
class Hush:
    """The status line's note goes (a typed meld number was cancelled or chosen)."""


@dataclass(frozen=True)
class OpenPile:
    """Spread the discard pile over the table to look at it."""


@dataclass(frozen=True)
class Ask:
    """Put a question to the person; the answer comes back as a move to play or none."""

    question: Question


@dataclass(frozen=True)
class NotMine:
    """The handler did its part, but the event is not its own: the next one may take it."""


@dataclass(frozen=True)
class PointAt:
    """The pointer hovers `pos` (a Yami header under it says its full name)."""

    pos: tuple[int, int]


Intent = (PlayMove | SelectCard | MoveFocus | ClearSelection | StartDrag | DragTo | EndDrag | MoveCards | LandAt
          | Fly | Say | Refuse | Hush | OpenPile | Ask | NotMine | PointAt)
Intents = tuple[Intent, ...]


def or_else(intents: Intents | None, fallback: Intents) -> Intents:
    """`intents`, with `fallback` instead when there are none or a move among them is not
    played now."""
    if intents is None:
        return fallback
    return tuple(replace(i, otherwise=fallback) if isinstance(i, PlayMove) and i.otherwise is None else i
                 for i in intents)
