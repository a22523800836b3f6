"""The table from the keyboard: focus and select cards, draw, meld, discard, melds by number.

A key never plays another move than the one the prompt announced: while a meld number is
being typed, only digits, Backspace, Enter (the move the prompt names) and Esc (cancel)
mean anything; any other key cancels the number and plays nothing.
"""

from __future__ import annotations

import pygame

from ramigui import i18n
from ramigui.rules import Move
from ramigui.ui.table_dialog import Question
from ramigui.ui.table_family import FamilyTable
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.table_intents import (
    Ask,
    ClearSelection,
    Hush,
    Intents,
    MoveFocus,
    NotMine,
    OpenPile,
    PlayMove,
    Say,
    SelectCard,
)
from ramigui.ui.table_moves import layoff_move, meld_move


class Keys:
    """The keyboard input of one table, and the meld number being typed."""

    def __init__(self, family: FamilyTable) -> None:
        self.family = family
        self.meld_entry: tuple[str, str] | None = None  # ("layoff" | "take", digits typed)

    def key(self, key: int, frame: TableFrame) -> Intents | None:
        """A key pressed at the table (the family's own keys first); None when not a key
        of the table's."""
        if self.meld_entry is not None:
            if frame.human_turn and key != pygame.K_ESCAPE:
                typed = self._meld_key(key, frame)  # another key plays nothing
                return self._cancel_entry() if typed is None else typed  # a refusal's reason stays
            cancel = self._cancel_entry()
            if key == pygame.K_ESCAPE:
                return cancel
            common = self._common_key(key, frame)
            return cancel + (common if common is not None else (NotMine(),))
        return self._common_key(key, frame)

    def _common_key(self, key: int, frame: TableFrame) -> Intents | None:
        if frame.human_turn:
            own = self.family.key(key, frame)
            if own is not None:
                return own
        count = len(frame.order)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            return (MoveFocus(1 if key == pygame.K_RIGHT else -1),)
        if key == pygame.K_SPACE and count:
            return (SelectCard(frame.focus),)
        if key == pygame.K_ESCAPE:
            self.meld_entry = None
            return (ClearSelection(),)
        if key == pygame.K_v:
            return (OpenPile(),)
        if not frame.human_turn:
            return None
        typed = self._meld_key(key, frame)
        if typed is not None:
            return typed
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter(frame)
        if key == pygame.K_p:
            return (PlayMove("draw"),)
        if key == pygame.K_t:
            return (PlayMove("take"),)
        if key == pygame.K_m:
            cards = frame.meld_cards(sorted(frame.selected) or [frame.focus])
            return (PlayMove(meld_move(frame.game, cards)),) if cards else None
        if key == pygame.K_d:
            return self._play_cards("discard", frame)
        return None

    def _meld_key(self, key: int, frame: TableFrame) -> Intents | None:
        """Melds by number from the keyboard: digits lay the chosen cards off on that meld,
        played as soon as no longer number could follow (with 12 melds, "3" plays at once,
        "1" waits for a digit or Enter). X then the number then Enter takes a card from a
        meld: the prompt asks for Enter, so the number alone never plays (with one meld on
        the table "1" would, and the Enter the prompt asked for would then discard)."""
        melds = len(frame.view.public.melds)
        if key == pygame.K_x:
            self.meld_entry = ("take", "")
            return (Say(i18n.tr("table.meld_number.take", digits="")),)
        digit = key - pygame.K_0 if pygame.K_0 <= key <= pygame.K_9 else None
        intent, digits = self.meld_entry or ("layoff", "")
        if digit is not None and (digits or digit):
            digits += str(digit)
            if intent == "layoff" and int(digits) * 10 > melds:
                return self._meld_chosen(intent, int(digits), frame)
            self.meld_entry = (intent, digits)
            return (Say(i18n.tr(f"table.meld_number.{intent}", digits=digits)),)
        if self.meld_entry is not None and key == pygame.K_BACKSPACE:
            self.meld_entry = (intent, digits[:-1])
            return (Say(i18n.tr(f"table.meld_number.{intent}", digits=digits[:-1])),)
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.meld_entry is not None:
            return self._meld_chosen(intent, int(digits), frame) if digits else self._cancel_entry()
        return None

    def _cancel_entry(self) -> Intents:
        """Forget the meld number being typed (its prompt goes too); nothing is played."""
        self.meld_entry = None
        return (Hush(),)

    def _meld_chosen(self, intent: str, number: int, frame: TableFrame) -> Intents:
        self.meld_entry = None
        if intent == "layoff":
            return Hush(), *(self._play_cards("layoff", frame, number) or ())
        options = [m for m in frame.view.legal_moves if m.kind == "take" and m.target == number]
        if len(options) == 1 or not options:
            melds = frame.view.public.melds
            card = options[0].cards if options else melds[number - 1].cards[:1] if 0 < number <= len(melds) else ()
            return Hush(), PlayMove(Move("take", tuple(card), number))  # none legal: the rules say why
        answers = tuple((i18n.tr("table.take_card", card=m.cards[0]), m) for m in options)
        return Hush(), Ask(Question(i18n.tr("table.take_which", n=number),
                                    (*answers, (i18n.tr("button.cancel"), None))))

    def _enter(self, frame: TableFrame) -> Intents:
        """Enter plays the selected cards (one: discard, more: meld); with none selected,
        `enter_plays`'s move, or nothing and a note saying how to choose. It never discards
        the card under the cursor: that card is only where the arrows stand, and an Enter
        meant for something else (an overlay that just closed) would end the turn."""
        if frame.selected:
            return self._play_cards("meld" if len(frame.selected) >= 2 else "discard", frame) or ()
        move = self.enter_plays(frame)
        if move is not None:
            return (PlayMove(move),)
        return (Say(self.family.enter_note(frame)),)

    def enter_plays(self, frame: TableFrame) -> Move | None:
        """The move Enter plays now, or None when it plays the selected cards, ends a meld
        number being typed, or has nothing to play: the family's own choice (Yami's box
        cursor), else the hint's move, else the move the prompt names first (drawing from
        the stock). The one answer for the key and for the hint's key cap."""
        if not frame.human_turn or self.meld_entry is not None:
            return None
        own = self.family.own_enter(frame)
        if own is not None or frame.selected:
            return own
        hint = frame.hint_move
        if hint is not None and frame.game.is_legal(hint):
            return hint
        return self.family.enter_move(frame)

    @staticmethod
    def _play_cards(kind: str, frame: TableFrame, meld: int | None = None) -> Intents | None:
        """The chosen cards played as `kind`; None when no card is chosen."""
        cards = frame.chosen_cards()
        if not cards:
            return None
        if kind == "discard":
            return (PlayMove(Move("discard", (cards[0],))),)
        if kind == "meld":
            return (PlayMove(meld_move(frame.game, cards)),)
        return (PlayMove(layoff_move(frame.game, cards, meld or 0, frame.view.public.melds)),)
