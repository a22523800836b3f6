"""What the table shows at one moment: a frozen frame the scene builds for its parts.

Drawing (`table_draw`, a family's panel), the pointer and the keys read a `TableFrame`
and nothing else of the scene: the game's view for the seat on screen, the hand as
arranged, the layout, the status line, the cards in flight. The frame holds the `Game`
only to ask the rules (`is_legal`); nobody plays a move through it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Game, IllegalMove, Move, PlayerView
from ramigui.ui.anim import Flight
from ramigui.ui.cardart import CardArt
from ramigui.ui.hand_state import Drag
from ramigui.ui.layout import CHOSEN_LIFT, TableLayout
from ramigui.ui.seats import TableConfig


@dataclass(frozen=True)
class TableFrame:
    """One moment of the table, as its parts may read it."""

    game: Game
    view: PlayerView
    config: TableConfig
    viewer: int | None
    """The seat whose hand is drawn face up (None: every hand hidden)."""
    human_turn: bool
    """The person at the screen is to play, their hand shown."""
    played_here: bool
    """Someone plays at this screen (else it is watched: no keyboard help)."""
    layout: TableLayout | None
    size: tuple[int, int]
    order: tuple[Card, ...]
    selected: frozenset[int]
    focus: int
    drag: Drag | None
    ready: tuple[range, ...]
    """Where the melds the hand shows apart lie in `order`."""
    round_hands: Mapping[int, tuple[Card, ...]]
    """Once the round is over, every other hand: laid face up to be counted, as at a table."""
    fresh: int | None
    """Where the card just drawn or taken is in the hand (None: no such card)."""
    penalised: frozenset[int]
    """Where the cards a forgotten "Carte !" cost are in the hand, marked as `fresh` is."""
    hinted: frozenset[int]
    hint_move: Move | None
    flights: tuple[Flight, ...]
    now: float
    pace: float
    message: str
    message_kind: str
    pointer_at: tuple[int, int] | None
    phones_connected: frozenset[int]
    settings: Any
    art: Callable[[int], CardArt]
    said: Callable[[Sequence[str]], list[str]]
    """The last-moves lines, oldest first, with the seats' names given (table_log)."""
    keys: tuple[str, ...]
    """The keyboard's reminder, item by item, in the language of the moment: the family's
    keys and the scene's own (the hint's H where a game is played)."""
    undo_offered: bool = True
    """Whether this table offers Undo now (a lesson does only where its step asks for it):
    a prompt says "— or Undo" only then."""

    # --- the public table -------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.view.public.phase

    def why_not(self, move: Move | str) -> str | None:
        """Why the rules would refuse `move` now, in words (None if they accept it)."""
        return refusal_words(self.game, move)

    def legal_kinds(self) -> set[str]:
        """The kinds of move the viewer may make now (empty when it is not their turn)."""
        return {m.kind for m in self.view.legal_moves} if self.human_turn else set()

    def name(self, seat: int) -> str:
        """A seat's name as shown now (a default name follows the language)."""
        return i18n.seat_name(self.config.names[seat])

    def setting(self, name: str, default: Any) -> Any:
        return getattr(self.settings, name, default) if self.settings is not None else default

    # --- the hand -----------------------------------------------------------------------------

    def selected_cards(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [self.order[i] for i in sorted(self.selected) if i < len(self.order)]

    def chosen_cards(self) -> list[Card]:
        """The selected cards, else the one under the keyboard's cursor (for the keys that
        name their move: D discards it, a digit lays it off)."""
        indices = sorted(self.selected) or ([self.focus] if self.order else [])
        return [self.order[i] for i in indices if i < len(self.order)]

    @cached_property
    def shown_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """The hands drawn face up on their plates: those the rules show everyone (a gin
        knocker's), and every hand once the round is over (a lesson's guide speaks of
        Léa's last cards while they lay face down)."""
        return {**self.view.public.shown, **self.round_hands}

    @cached_property
    def implied(self) -> tuple[int, ...]:
        """The other cards of the ready meld one chosen card stands for (`meld_cards`): they
        are ringed with it, so the counter's "+24" and the lit Meld button match what shows
        (one card was raised, and Meld laid three)."""
        if len(self.selected) != 1 or not self.human_turn:
            return ()
        (chosen,) = self.selected
        span = next((span for span in self.ready if chosen in span), range(0))
        return tuple(i for i in span if i != chosen)

    def meld_cards(self, indices: Sequence[int]) -> list[Card]:
        """The cards a new meld is made of: these hand cards; one card of a meld the hand
        shows apart stands for that whole meld (a player drags one card of a ready group to
        the table, or presses M with the cursor on it, and means the group)."""
        if len(indices) == 1:
            indices = next((span for span in self.ready if indices[0] in span), indices)
        return [self.order[i] for i in indices if i < len(self.order)]

    @cached_property
    def carried(self) -> tuple[int, ...]:
        """The hand cards a drag carries: those lifted, and over the free table the rest of
        the ready meld one lifted card belongs to (the drop lays it all, `meld_cards`:
        only the one card was seen to go, the meld landed)."""
        drag = self.drag
        if drag is None or drag.source != "hand":
            return ()
        if len(drag.indices) == 1 and self.target_at(drag.pos) == "table":
            return tuple(next((span for span in self.ready if drag.indices[0] in span), drag.indices))
        return tuple(drag.indices)

    def drop_targets(self) -> list[tuple[str, pygame.Rect]]:
        """Every drop target, first first: the discard pile, each meld, the free table, the hand."""
        layout = self.layout
        if layout is None:
            return []
        found = [("discard", layout.discard.inflate(12, 12))]
        found += [(f"meld:{spot.number}", spot.rect.inflate(10, 10)) for spot in layout.melds]
        found.append(("table", layout.melds_area))
        found.append(("hand", layout.hand_area))
        return found

    def target_at(self, pos: tuple[int, int]) -> str | None:
        """The drop target under `pos` (None: none)."""
        return next((name for name, rect in self.drop_targets() if rect.collidepoint(pos)), None)

    def hand_rect(self, index: int) -> pygame.Rect:
        """Where hand card `index` is drawn: its slot, raised when selected."""
        assert self.layout is not None
        rect = self.layout.hand[index].copy()
        if index in self.selected:
            rect.y -= int(self.layout.card_h * CHOSEN_LIFT)
        return rect

    def landing_slot(self, left: int, lifted: Sequence[int] = ()) -> int:
        """The slot among the hand's other cards (all but the `lifted` ones) for a card let
        go with its left edge at `left`: after every card whose middle it has passed, each
        card where it is drawn (the lifted ones leave holes while dragged, a meld stands
        apart). The drop (`table_pointer`) and the mark that shows it (`table_draw`) read it."""
        assert self.layout is not None
        middle = left + self.layout.card_w // 2
        slots = self.layout.hand[: len(self.order)]
        return sum(1 for i, slot in enumerate(slots) if i not in lifted and slot.centerx < middle)

    @cached_property
    def landing_mark(self) -> pygame.Rect | None:
        """Where a card dragged over the hand would land: a bar just before the card it would
        go before (after the last card), so the player sees the place before letting go.
        Worked out once a frame: the still table's key, the hand's key and its drawing read it."""
        drag, lay = self.drag, self.layout
        if drag is None or lay is None or not lay.hand_area.collidepoint(drag.pos):
            return None
        if drag.source != "hand" and "hand" not in drag.lit:
            return None
        lifted = drag.indices if drag.source == "hand" else ()
        others = [i for i in range(min(len(self.order), len(lay.hand))) if i not in lifted]
        if not others:
            return None
        slot = self.landing_slot(drag.pos[0] - drag.offset[0], lifted)
        width = max(3, lay.card_w // 18)
        if slot < len(others):
            x = lay.hand[others[slot]].left - width
        else:  # after the last card, inside the hand's area even where the cards fill it
            x = min(lay.hand[others[-1]].right + width // 2, lay.hand_area.right - 2 * width)
        top = max(lay.hand_area.top + width, min(lay.hand[i].top for i in others) - int(lay.card_h * 0.22))
        bottom = max(lay.hand[i].bottom for i in others)
        return pygame.Rect(x, top, width, bottom - top).clip(lay.hand_area)

    def visible_part(self, index: int) -> pygame.Rect:
        """The part of hand card `index` that shows: up to where the next card covers it,
        so a ring round it (focus, hint) never covers the next card."""
        rect = self.hand_rect(index)
        if index + 1 < min(len(self.order), len(self.layout.hand) if self.layout else 0):
            following = self.hand_rect(index + 1)
            if rect.left < following.left < rect.right and following.top <= rect.bottom:
                rect.width = following.left - rect.left - 1
        return rect


def refusal_words(game: Game, move: Move | str) -> str | None:
    """Why the rules would refuse `move` in `game`, in the player's words (None if they
    accept it). Asked of a copy of the game, so nothing is played."""
    try:
        game.copy().play(move)
    except IllegalMove as error:
        return i18n.reason_text(error)
    return None
