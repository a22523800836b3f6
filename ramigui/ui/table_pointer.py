"""The table under a mouse or a finger: press, drag, drop and click, and what lies under a point.

A drag moves only sprites: the scene's `drag` says which cards follow the pointer and
which targets the rules would accept (asked of `Game.is_legal`). A drop becomes a `Move`
played through `TableScene.human_play`; a refused one slides the cards back home.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Move
from ramigui.ui import layout as lay_mod
from ramigui.ui.anim import FLIGHT_TIME, Flight
from ramigui.ui.table_moves import layoff_move, meld_order

if TYPE_CHECKING:
    from ramigui.ui.table import TableScene

DRAG_THRESHOLD = 8


@dataclass
class Press:
    """A pointer press that may become a drag: where, and what was under it."""

    pos: tuple[int, int]
    source: str  # "hand", "stock", "discard", "meld"
    index: int = 0  # hand index, or meld number
    card: Card | None = None


@dataclass
class Drag:
    """Cards following the pointer, with the targets the rules would accept."""

    source: str
    cards: list[Card]
    indices: list[int]
    offset: tuple[int, int]
    pos: tuple[int, int]
    meld: int = 0
    lit: set[str] = field(default_factory=set)


class Pointer:
    """The mouse and finger input of one table scene."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.press: Press | None = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse buttons and motion (left button: press/drag/drop; right: look at the pile)
        and finger events, scaled to the window; False for any other event."""
        scene = self.scene
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return False  # the finger events below handle touch
            if event.type == pygame.MOUSEMOTION:
                return self.motion(event.pos)
            if event.button == 3 and event.type == pygame.MOUSEBUTTONUP and scene.layout is not None \
                    and scene.layout.discard.collidepoint(event.pos):
                return scene.open_pile()
            if event.button != 1:
                return False
            if event.type == pygame.MOUSEBUTTONDOWN:
                return self.down(event.pos)
            return self.up(event.pos)
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(event.x * scene.size[0]), int(event.y * scene.size[1]))
            handler = {pygame.FINGERDOWN: self.down, pygame.FINGERMOTION: self.motion,
                       pygame.FINGERUP: self.up}[event.type]
            return handler(pos)
        return False

    # --- what is under a point ------------------------------------------------------------------

    def hit_hand(self, pos: tuple[int, int]) -> int | None:
        """The index of the topmost hand card under `pos` (selected cards stand raised)."""
        scene = self.scene
        if scene.layout is None:
            return None
        for i in range(len(scene.layout.hand) - 1, -1, -1):
            if scene.hand_rect(i).collidepoint(pos):
                return i
        return None

    def hit_meld(self, pos: tuple[int, int]) -> tuple[int, Card | None] | None:
        """(meld number, card under pos) for the meld under `pos`."""
        scene = self.scene
        if scene.layout is None:
            return None
        melds = scene.view.public.melds
        for spot in scene.layout.melds:
            if spot.rect.inflate(6, 6).collidepoint(pos) or spot.tag.collidepoint(pos):
                cards = melds[spot.number - 1].cards if spot.number <= len(melds) else ()
                for j in range(len(spot.cards) - 1, -1, -1):
                    if spot.cards[j].collidepoint(pos) and j < len(cards):
                        return spot.number, cards[j]
                return spot.number, None
        return None

    # --- press, drag, release -----------------------------------------------------------------

    def down(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        if scene.layout is None or scene.flights:
            return False
        if scene.is_human_turn() and scene.family.click(pos):
            return True
        index = self.hit_hand(pos)
        if index is not None:
            self.press = Press(pos, "hand", index, scene.order[index])
            return True
        if scene.layout.stock.collidepoint(pos):
            self.press = Press(pos, "stock")
            return True
        if scene.layout.discard.collidepoint(pos):
            self.press = Press(pos, "discard")
            return True
        hit = self.hit_meld(pos)
        if hit is not None:
            self.press = Press(pos, "meld", hit[0], hit[1])
            return True
        self.press = Press(pos, "table")
        return True

    def motion(self, pos: tuple[int, int]) -> bool:
        self.scene.pointer_at = pos  # what the pointer hovers (a Yami header says its full name)
        drag = self.scene.drag
        if drag is not None:
            drag.pos = pos
            return True
        press = self.press
        if press is None or press.source == "table":
            return False
        if abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) < DRAG_THRESHOLD:
            return False
        self._start_drag(press, pos)
        return True

    def up(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        press, drag = self.press, scene.drag
        self.press, scene.drag = None, None
        if drag is not None:
            self._drop(drag, pos)
            return True
        if press is not None:
            self._click(press)
            return True
        return False

    def _start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        scene = self.scene
        assert scene.layout is not None
        if press.source == "hand":
            indices = sorted(scene.selected) if press.index in scene.selected else [press.index]
            rect = scene.hand_rect(press.index)
            cards = [scene.order[i] for i in indices]
        else:
            indices, cards = [], [press.card] if press.card is not None else []
            rect = scene.layout.stock if press.source == "stock" else scene.layout.discard
            if press.source == "discard":
                pile = scene.view.public.discard
                cards = [pile[-1]] if pile else []
            if press.source == "meld":
                rect = pygame.Rect(press.pos[0] - 20, press.pos[1] - 20, scene.layout.card_w, scene.layout.card_h)
        offset = (press.pos[0] - rect.x, press.pos[1] - rect.y)
        scene.drag = Drag(press.source, cards, indices, offset, pos, press.index if press.source == "meld" else 0)
        scene.drag.lit = self._legal_targets(scene.drag)

    # --- drop targets -----------------------------------------------------------------------

    def _targets(self) -> list[tuple[str, pygame.Rect]]:
        """Every drop target: the discard pile, each meld, the free table, the hand."""
        layout = self.scene.layout
        assert layout is not None
        found = [("discard", layout.discard.inflate(12, 12))]
        found += [(f"meld:{spot.number}", spot.rect.inflate(10, 10)) for spot in layout.melds]
        found.append(("table", layout.melds_area))
        found.append(("hand", layout.hand_area))
        return found

    def _target_at(self, pos: tuple[int, int]) -> str | None:
        for name, rect in self._targets():
            if rect.collidepoint(pos):
                return name
        return None

    def move_for(self, drag: Drag, target: str) -> Move | None:
        """The move a drop means; None when the drop is not a move (or means nothing)."""
        cards = tuple(drag.cards)
        if drag.source == "hand":
            if target == "discard" and len(cards) == 1:
                return Move("discard", cards)
            if target.startswith("meld:"):
                return layoff_move(self.scene.game, list(cards), int(target[5:]))
            if target == "table":
                return Move("meld", tuple(meld_order(list(cards))))
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

    def _legal_targets(self, drag: Drag) -> set[str]:
        scene = self.scene
        if not scene.is_human_turn():
            return set()
        lit = set()
        for name, _ in self._targets():
            move = self.move_for(drag, name)
            if move is not None and scene.game.is_legal(move):
                lit.add(name)
        return lit

    # --- what a release does ------------------------------------------------------------------

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        scene = self.scene
        target = self._target_at(pos)
        if drag.source == "hand" and target == "hand":
            self._reorder(drag, pos)
            return
        move = self.move_for(drag, target) if target else None
        if move is not None and scene.is_human_turn() and scene.human_play(move):
            return
        if move is None and target not in (None, "hand") and drag.source == "hand":
            scene.refuse(i18n.tr("reason.not_legal"))
        self._slide_back(drag, pos)

    def _slide_back(self, drag: Drag, pos: tuple[int, int]) -> None:
        """The refused cards fly from where they were dropped back to their places."""
        scene = self.scene
        assert scene.layout is not None
        for k, index in enumerate(drag.indices):
            home = scene.hand_rect(index)
            start = pygame.Rect(pos[0] - drag.offset[0] + k * 20, pos[1] - drag.offset[1], home.width, home.height)
            scene.flights.append(Flight(drag.cards[k], start, home, scene.now, FLIGHT_TIME * max(0.5, scene.pace),
                                        ("hand", index)))

    def _reorder(self, drag: Drag, pos: tuple[int, int]) -> None:
        scene = self.scene
        layout = scene.layout
        assert layout is not None
        moving = [scene.order[i] for i in drag.indices]
        rest = [c for i, c in enumerate(scene.order) if i not in set(drag.indices)]
        slots = lay_mod.hand_positions(layout.hand_row, layout.card_w, layout.card_h, len(scene.order))
        x = pos[0] - drag.offset[0] + layout.card_w // 2
        insert = sum(1 for i in range(len(rest)) if slots[i].centerx < x)
        scene.order = rest[:insert] + moving + rest[insert:]
        scene.selected = set(range(insert, insert + len(moving))) if len(moving) > 1 else set()
        scene.focus = insert
        scene.relayout()

    def _click(self, press: Press) -> None:
        """Click-to-select: a hand card toggles; a target plays the selected cards."""
        scene = self.scene
        if press.source == "hand":
            scene.selected ^= {press.index}
            scene.focus = press.index
            return
        if not scene.is_human_turn():
            if press.source == "discard":
                scene.open_pile()  # out of turn, a tap on the pile only looks at it
            return
        phase = scene.view.public.phase
        chosen = [scene.order[i] for i in sorted(scene.selected)]
        if press.source == "stock":
            scene.human_play("draw")
        elif press.source == "discard":
            if scene.game.is_legal(Move("take")) or not chosen:
                scene.human_play("take")
            else:
                scene.human_play(Move("discard", (chosen[0],)))
        elif press.source == "meld" and chosen:
            scene.human_play(layoff_move(scene.game, chosen, press.index))
        elif press.source == "meld" and phase == "draw" and press.card is not None:
            scene.human_play(Move("take", (press.card,), press.index))
        elif press.source == "table" and len(chosen) >= 2 and scene.layout is not None \
                and scene.layout.melds_area.collidepoint(press.pos):
            scene.human_play(Move("meld", tuple(meld_order(chosen))))
