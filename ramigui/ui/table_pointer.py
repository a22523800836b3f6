"""The table under a mouse or a finger: press, drag, drop and click, and what lies under a point.

A drag moves only sprites: a `Drag` says which cards follow the pointer and which targets
the rules would accept (asked of `Game.is_legal`). The pointer reads the scene's
`TableFrame` and answers with intents (`table_intents`): a drop becomes a `PlayMove`, and
a refused one slides the cards back home.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Move
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.hand_state import Drag
from ramigui.ui.table_family import FamilyTable
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.table_intents import (
    DragTo,
    EndDrag,
    Fly,
    Intents,
    LandAt,
    MoveCards,
    OpenPile,
    PlayMove,
    PointAt,
    Refuse,
    SelectCard,
    StartDrag,
)
from ramigui.ui.table_moves import layoff_move, meld_move

DRAG_THRESHOLD = 8


@dataclass
class Press:
    """A pointer press that may become a drag: where, and what was under it."""

    pos: tuple[int, int]
    source: str  # "hand", "stock", "discard", "meld"
    index: int = 0  # hand index, or meld number
    card: Card | None = None


class Pointer:
    """The mouse and finger input of one table: the press it follows, the intents it reports."""

    def __init__(self, family: FamilyTable) -> None:
        self.family = family
        self.press: Press | None = None
        self.over: str | None = None
        """The drop target the dragged cards are over (a refusal is said once on entering)."""

    def handle_event(self, event: pygame.event.Event, frame: TableFrame) -> Intents | None:
        """Mouse buttons and motion (left button: press/drag/drop; right: look at the pile)
        and finger events, scaled to the window; None for any other event."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return None  # the finger events below handle touch
            if event.type == pygame.MOUSEMOTION:
                return self.motion(event.pos, frame)
            if event.button == 3 and event.type == pygame.MOUSEBUTTONUP and frame.layout is not None \
                    and frame.layout.discard.collidepoint(event.pos):
                return (OpenPile(),)
            if event.button != 1:
                return None
            if event.type == pygame.MOUSEBUTTONDOWN:
                return self.down(event.pos, frame)
            return self.up(event.pos, frame)
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(event.x * frame.size[0]), int(event.y * frame.size[1]))
            handler = {pygame.FINGERDOWN: self.down, pygame.FINGERMOTION: self.motion,
                       pygame.FINGERUP: self.up}[event.type]
            return handler(pos, frame)
        return None

    # --- what is under a point ------------------------------------------------------------------

    @staticmethod
    def hit_hand(pos: tuple[int, int], frame: TableFrame) -> int | None:
        """The index of the topmost hand card under `pos` (selected cards stand raised)."""
        if frame.layout is None:
            return None
        for i in range(len(frame.layout.hand) - 1, -1, -1):
            if frame.hand_rect(i).collidepoint(pos):
                return i
        return None

    @staticmethod
    def hit_meld(pos: tuple[int, int], frame: TableFrame) -> tuple[int, Card | None] | None:
        """(meld number, card under pos) for the meld under `pos`."""
        if frame.layout is None:
            return None
        melds = frame.view.public.melds
        for spot in frame.layout.melds:
            if spot.rect.inflate(6, 6).collidepoint(pos) or spot.tag.collidepoint(pos):
                cards = melds[spot.number - 1].cards if spot.number <= len(melds) else ()
                for j in range(len(spot.cards) - 1, -1, -1):
                    if spot.cards[j].collidepoint(pos) and j < len(cards):
                        return spot.number, cards[j]
                return spot.number, None
        return None

    # --- press, drag, release -----------------------------------------------------------------

    def down(self, pos: tuple[int, int], frame: TableFrame) -> Intents | None:
        layout = frame.layout
        if layout is None or frame.flights:
            return None
        if frame.human_turn:
            clicked = self.family.click(pos, frame)
            if clicked is not None:
                return clicked
        index = self.hit_hand(pos, frame)
        if index is not None:
            self.press = Press(pos, "hand", index, frame.order[index])
        elif layout.stock.collidepoint(pos):
            self.press = Press(pos, "stock")
        elif layout.discard.collidepoint(pos):
            self.press = Press(pos, "discard")
        else:
            hit = self.hit_meld(pos, frame)
            self.press = Press(pos, "meld", hit[0], hit[1]) if hit is not None else Press(pos, "table")
        return ()

    def motion(self, pos: tuple[int, int], frame: TableFrame) -> Intents | None:
        if frame.drag is not None:
            return PointAt(pos), DragTo(pos), *self._over(frame.drag, pos, frame)
        press = self.press  # what the pointer hovers is told always (a Yami header says its full name)
        if press is None or press.source == "table" \
                or abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) < DRAG_THRESHOLD:
            return (PointAt(pos),)
        self.over = None
        return PointAt(pos), StartDrag(self._drag(press, pos, frame))

    def up(self, pos: tuple[int, int], frame: TableFrame) -> Intents | None:
        press, drag = self.press, frame.drag
        self.press = None
        if drag is not None:
            return EndDrag(), *self._drop(drag, pos, frame)
        if press is not None:
            return self._click(press, frame)
        return None

    def _drag(self, press: Press, pos: tuple[int, int], frame: TableFrame) -> Drag:
        layout = frame.layout
        assert layout is not None
        if press.source == "hand":
            indices = sorted(frame.selected) if press.index in frame.selected else [press.index]
            rect = frame.hand_rect(press.index)
            cards = [frame.order[i] for i in indices]
        else:
            indices, cards = [], [press.card] if press.card is not None else []
            rect = layout.stock if press.source == "stock" else layout.discard
            if press.source == "discard":
                pile = frame.view.public.discard
                cards = [pile[-1]] if pile else []
            if press.source == "meld":
                rect = pygame.Rect(press.pos[0] - 20, press.pos[1] - 20, layout.card_w, layout.card_h)
        offset = (press.pos[0] - rect.x, press.pos[1] - rect.y)
        drag = Drag(press.source, tuple(cards), tuple(indices), offset, pos,
                    press.index if press.source == "meld" else 0)
        return Drag(drag.source, drag.cards, drag.indices, offset, pos, drag.meld, self._legal_targets(drag, frame))

    # --- drop targets -----------------------------------------------------------------------


    @staticmethod
    def move_for(drag: Drag, target: str, frame: TableFrame) -> Move | None:
        """The move a drop means; None when the drop is not a move (or means nothing)."""
        cards = tuple(drag.cards)
        if drag.source == "hand":
            if target == "discard" and len(cards) == 1:
                return Move("discard", cards)
            if target.startswith("meld:"):
                return layoff_move(frame.game, list(cards), int(target[5:]), frame.view.public.melds)
            if target == "table":
                return meld_move(frame.game, frame.meld_cards(drag.indices))
            return None
        if target != "hand":
            return None
        if drag.source == "stock":
            return Move("draw")
        if drag.source == "discard":
            return Move("take")
        if drag.source == "meld" and cards:
            return Move("take", cards, drag.meld)
        return None

    def _legal_targets(self, drag: Drag, frame: TableFrame) -> frozenset[str]:
        if not frame.human_turn:
            return frozenset()
        lit = set()
        for name, _ in frame.drop_targets():
            move = self.move_for(drag, name, frame)
            if move is not None and frame.game.is_legal(move):
                lit.add(name)
        return frozenset(lit)

    # Where a drag may end, the rules' refusal is said as the cards arrive there, not only
    # on release: a card from the pile held over the hand before opening says why it may
    # not be taken. Only the hand (for cards coming from the table) and the discard pile
    # (for a hand card) speak: the melds lie on the way to the pile, and a refusal
    # flashing at every meld passed over would be noise.
    HOVER_SAYS = {"stock": "hand", "discard": "hand", "meld": "hand", "hand": "discard"}

    def _over(self, drag: Drag, pos: tuple[int, int], frame: TableFrame) -> Intents:
        target = frame.target_at(pos)
        if target == self.over:
            return ()
        self.over = target
        if not frame.human_turn or target is None or target in drag.lit \
                or self.HOVER_SAYS.get(drag.source) != target:
            return ()
        move = self.move_for(drag, target, frame)
        reason = frame.why_not(move) if move is not None else None
        return (Refuse(reason),) if reason is not None else ()

    # --- what a release does ------------------------------------------------------------------

    def _drop(self, drag: Drag, pos: tuple[int, int], frame: TableFrame) -> Intents:
        target = frame.target_at(pos)
        if drag.source == "hand" and target == "hand":
            return (self._reorder(drag, pos, frame),)
        back = self._slide_back(drag, pos, frame)
        move = self.move_for(drag, target, frame) if target else None
        if move is not None and frame.human_turn and target == "hand":
            slot = frame.landing_slot(pos[0] - drag.offset[0])
            return LandAt(slot), PlayMove(move, otherwise=(back, LandAt(None)))
        if move is not None and frame.human_turn:
            return (PlayMove(move, otherwise=(back,)),)
        if move is None and target not in (None, "hand") and drag.source == "hand":
            return Refuse(i18n.tr("reason.not_legal")), back
        if target is not None and target.startswith("meld:") and drag.source in ("stock", "discard") \
                and frame.human_turn:
            return Refuse(self._pile_to_meld(drag, frame)), back
        return (back,)

    @staticmethod
    def _pile_to_meld(drag: Drag, frame: TableFrame) -> str:
        """Why a card dragged from a pile straight onto a meld flies back: it goes into the
        hand first (the rules' reason if it may not be taken now)."""
        taking = Move("draw") if drag.source == "stock" else Move("take")
        return frame.why_not(taking) or i18n.tr("reason.pile_to_hand_first")

    @staticmethod
    def _slide_back(drag: Drag, pos: tuple[int, int], frame: TableFrame) -> Fly:
        """The refused cards fly from where they were dropped back to their places."""
        flights = []
        for k, index in enumerate(drag.indices):
            home = frame.hand_rect(index)
            start = pygame.Rect(pos[0] - drag.offset[0] + k * 20, pos[1] - drag.offset[1], home.width, home.height)
            flights.append(Flight(drag.cards[k], start, home, frame.now, FLIGHT_TIME * max(0.5, frame.pace),
                                  ("hand", index)))
        return Fly(tuple(flights))

    @staticmethod
    def _reorder(drag: Drag, pos: tuple[int, int], frame: TableFrame) -> MoveCards:
        return MoveCards(drag.indices, frame.landing_slot(pos[0] - drag.offset[0], drag.indices))

    @staticmethod
    def _click(press: Press, frame: TableFrame) -> Intents:
        """Click-to-select: a hand card toggles; a target plays the selected cards."""
        if press.source == "hand":
            return (SelectCard(press.index),)
        if not frame.human_turn:
            return (OpenPile(),) if press.source == "discard" else ()  # out of turn, a tap on the pile only looks
        phase = frame.phase
        chosen = frame.selected_cards()
        move: Move | str | None = None
        if press.source == "stock":
            move = "draw"
        elif press.source == "discard":
            move = "take" if frame.game.is_legal(Move("take")) or not chosen else Move("discard", (chosen[0],))
        elif press.source == "meld" and chosen:
            move = layoff_move(frame.game, chosen, press.index, frame.view.public.melds)
        elif press.source == "meld" and phase == "draw" and press.card is not None:
            move = Move("take", (press.card,), press.index)
        elif press.source == "table" and len(frame.meld_cards(sorted(frame.selected))) >= 2 \
                and frame.layout is not None and frame.layout.melds_area.collidepoint(press.pos):
            move = meld_move(frame.game, frame.meld_cards(sorted(frame.selected)))
        return (PlayMove(move, otherwise=()),) if move is not None else ()
