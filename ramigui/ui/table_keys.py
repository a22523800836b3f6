"""The table from the keyboard: focus and select cards, draw, meld, discard, melds by number.

A key never plays another move than the one the prompt announced: while a meld number is
being typed, only digits, Backspace, Enter (the move the prompt names) and Esc (cancel)
mean anything; any other key cancels the number and plays nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Move
from ramigui.ui.table_dialog import Question
from ramigui.ui.table_moves import layoff_move, meld_order

if TYPE_CHECKING:
    from ramigui.ui.table import TableScene


class Keys:
    """The keyboard input of one table scene, and the meld number being typed."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.meld_entry: tuple[str, str] | None = None  # ("layoff" | "take", digits typed)

    def key(self, key: int) -> bool:
        """A key pressed at the table (the family's own keys first); True when handled."""
        scene = self.scene
        if self.meld_entry is not None:
            if scene.is_human_turn() and key != pygame.K_ESCAPE:
                return self._meld_key(key) or self._cancel_entry()  # another key plays nothing
            self._cancel_entry()
            if key == pygame.K_ESCAPE:
                return True
        if scene.is_human_turn() and scene.family.key(key):
            return True
        count = len(scene.order)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            scene.focus = (scene.focus + (1 if key == pygame.K_RIGHT else -1)) % count
            return True
        if key == pygame.K_SPACE and count:
            scene.selected ^= {scene.focus}
            return True
        if key == pygame.K_ESCAPE:
            scene.selected.clear()
            self.meld_entry = None
            return True
        if key == pygame.K_v:
            return scene.open_pile()
        if not scene.is_human_turn():
            return False
        if self._meld_key(key):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter()
        if key == pygame.K_p:
            return scene.human_play("draw")
        if key == pygame.K_t:
            return scene.human_play("take")
        if key == pygame.K_m:
            return self._play_cards("meld")
        if key == pygame.K_d:
            return self._play_cards("discard")
        return False

    def _meld_key(self, key: int) -> bool:
        """Melds by number from the keyboard: digits lay the chosen cards off on that meld,
        played as soon as no longer number could follow (with 12 melds, "3" plays at once,
        "1" waits for a digit or Enter). X then the number then Enter takes a card from a
        meld: the prompt asks for Enter, so the number alone never plays (with one meld on
        the table "1" would, and the Enter the prompt asked for would then discard)."""
        scene = self.scene
        melds = len(scene.view.public.melds)
        if key == pygame.K_x:
            self.meld_entry = ("take", "")
            scene.show(i18n.tr("table.meld_number.take", digits=""))
            return True
        digit = key - pygame.K_0 if pygame.K_0 <= key <= pygame.K_9 else None
        intent, digits = self.meld_entry or ("layoff", "")
        if digit is not None and (digits or digit):
            digits += str(digit)
            if intent == "layoff" and int(digits) * 10 > melds:
                return self._meld_chosen(intent, int(digits))
            self.meld_entry = (intent, digits)
            scene.show(i18n.tr(f"table.meld_number.{intent}", digits=digits))
            return True
        if self.meld_entry is not None and key == pygame.K_BACKSPACE:
            self.meld_entry = (intent, digits[:-1])
            scene.show(i18n.tr(f"table.meld_number.{intent}", digits=digits[:-1]))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.meld_entry is not None:
            return self._meld_chosen(intent, int(digits)) if digits else self._cancel_entry()
        return False

    def _cancel_entry(self) -> bool:
        """Forget the meld number being typed (its prompt goes too); nothing is played."""
        self.meld_entry = None
        self.scene.message = ""
        return True

    def _meld_chosen(self, intent: str, number: int) -> bool:
        """The meld number is complete: lay off on it, or take from it. True: the key was
        used, played or refused — a refusal's reason stays on screen."""
        scene = self.scene
        self.meld_entry = None
        scene.message = ""
        if intent == "layoff":
            self._play_cards("layoff", number)
            return True
        options = [m for m in scene.view.legal_moves if m.kind == "take" and m.target == number]
        if len(options) == 1 or not options:
            melds = scene.view.public.melds
            card = options[0].cards if options else melds[number - 1].cards[:1] if 0 < number <= len(melds) else ()
            scene.human_play(Move("take", tuple(card), number))  # none legal: the rules say why
            return True
        answers = tuple((i18n.tr("table.take_card", card=m.cards[0]), m) for m in options)
        scene.ask(Question(i18n.tr("table.take_which", n=number), (*answers, (i18n.tr("button.cancel"), None))))
        return True

    def _enter(self) -> bool:
        """Enter plays the selected cards (one: discard, more: meld); with none selected,
        the move the hint or the prompt announced (draw from the stock), or nothing and a
        note saying how to choose. It never discards the card under the cursor: that card
        is only where the arrows stand, and an Enter meant for something else (an overlay
        that just closed) would end the turn."""
        scene = self.scene
        if scene.selected:
            return self._play_cards("meld" if len(scene.selected) >= 2 else "discard")
        hint = getattr(scene, "hint", None)
        if hint is not None and scene.game.is_legal(hint.move):
            return scene.human_play(hint.move)
        move = scene.family.enter_move()
        if move is not None:
            return scene.human_play(move)
        scene.show(scene.family.enter_note())
        return True

    def _chosen_cards(self) -> list[Card]:
        """The selected cards, else the one under the cursor (for the keys that name their
        move: D discards it, a digit lays it off)."""
        scene = self.scene
        indices = sorted(scene.selected) or ([scene.focus] if scene.order else [])
        return [scene.order[i] for i in indices if i < len(scene.order)]

    def play_selected(self, kind: str) -> bool:
        """The selected cards played as `kind` (the Meld button): what M does."""
        return self._play_cards(kind)

    def _play_cards(self, kind: str, meld: int | None = None) -> bool:
        cards = self._chosen_cards()
        if not cards:
            return False
        scene = self.scene
        if kind == "discard":
            return scene.human_play(Move("discard", (cards[0],)))
        if kind == "meld":
            return scene.human_play(Move("meld", tuple(meld_order(cards))))
        return scene.human_play(layoff_move(scene.game, cards, meld or 0))
