"""Gin Rami at the table: the upcard offer, Knock and Gin, the live deadwood, the showdown.

Buttons follow the phase (seed 001): Take / Pass while the upcard is offered, Knock / Gin
(enabled only when `view.legal_moves` holds such a move) while discarding, Done while the
defender lays off. Dropping a card on the discard pile when it could also knock or go gin
asks which one is meant; Knock and Gin ask for a confirmation when `confirm_knock` is on.
The deadwood shown is computed by `ramigui.rules.gin_melds`, the rules' own search.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.movetext import draw_prompt
from ramigui.rules import Move
from ramigui.rules.gin_melds import (
    best_discard,
    best_finish,
    laid_out_by_melds,
    min_deadwood,
    shown_deadwood,
)
from ramigui.rules.public import GinPublic
from ramigui.rules.variant import Variant
from ramigui.ui.table_dialog import Question
from ramigui.ui.table_family import SORT_ROWS, ButtonSpec, FamilyTable
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.table_intents import Intents, PlayMove
from ramigui.ui.widgets import Button

FINISHES = ("knock", "gin")
OFFER_BUTTONS = ("take", "pass")


class GinTable(FamilyTable):
    """The gin family's buttons, prompts, questions and deadwood counter."""

    keys_text = "table.keys.gin"

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self._deadwood_for: tuple[object, int] = (None, 0)  # (the view it was computed from, deadwood)

    def button_rows(self) -> list[list[ButtonSpec]]:
        actions: list[ButtonSpec] = [("take", "button.take", pygame.K_t), ("pass", "button.pass", pygame.K_p),
                                     ("knock", "button.knock", pygame.K_k), ("gin", "button.gin", pygame.K_g),
                                     ("done", "button.done", None)]
        return [actions, [("undo", "button.undo", pygame.K_u), ("sort_melds", "button.sort_melds", pygame.K_a)],
                *SORT_ROWS]

    def arranged(self, cards: list[Card]) -> list[Card]:
        """Melds first, side by side (the least-deadwood arrangement), then the deadwood with
        its near melds together: "By melds" shows what the hand is one card short of, where
        "Melds, then ranks" lines the deadwood up by rank alone."""
        return laid_out_by_melds(cards)

    def refresh(self, buttons: Mapping[str, Button], frame: TableFrame) -> None:
        legal = frame.legal_kinds()
        phase = frame.phase
        for name in OFFER_BUTTONS:
            buttons[name].visible = phase == "offer"
            buttons[name].enabled = name in legal
        for name in FINISHES:
            buttons[name].visible = phase in ("draw", "discard")
            buttons[name].enabled = name in legal
        buttons["done"].visible = phase == "showdown"
        buttons["done"].enabled = "done" in legal
        buttons["undo"].enabled = "undo" in legal

    def action(self, name: str, frame: TableFrame) -> Intents | None:
        if not frame.human_turn:
            return () if name in (*OFFER_BUTTONS, *FINISHES, "done", "undo") else None
        if name in (*OFFER_BUTTONS, "done", "undo"):
            return (PlayMove(name, otherwise=()),)
        if name in FINISHES:
            move = self.finishing_move(name, frame)
            return (PlayMove(move, otherwise=()),) if move is not None else ()
        return None

    # --- knock and gin --------------------------------------------------------------------

    def finishing_move(self, kind: str, frame: TableFrame) -> Move | None:
        """The knock (or gin) the player means: with the one selected card if there is one
        (the rules then say whether it may), else the legal one leaving the least deadwood."""
        chosen = frame.selected_cards()
        if len(chosen) == 1:
            return Move(kind, (chosen[0],))
        return best_finish(frame.view.hand, frame.view.legal_moves, kind)

    def intended(self, action: str, frame: TableFrame) -> Move | None:
        """Knock or gin as the player means it, even when the rules will refuse it: with the
        one selected card, else with the discard that leaves the least deadwood — so the
        refusal names the real obstacle ("your deadwood would be 23; 10 at most")."""
        if action not in FINISHES:
            return super().intended(action, frame)
        chosen = frame.selected_cards()
        if len(chosen) == 1:
            return Move(action, (chosen[0],))
        hand = list(frame.view.hand)
        if not hand:
            return Move(action)
        return Move(action, (best_discard(hand, frame.view.public_as(GinPublic).taken)[0],))

    @staticmethod
    def _deadwood_without(hand: list[Card], card: Card) -> int:
        rest = list(hand)
        rest.remove(card)
        return min_deadwood(rest)

    def question_before(self, move: Move, frame: TableFrame) -> Question | None:
        game = frame.game
        if move.kind == "discard" and move.cards:
            card = move.cards[0]
            finish = next((Move(k, (card,)) for k in ("gin", "knock") if game.is_legal(Move(k, (card,)))), None)
            if finish is None or not game.is_legal(move):
                return None
            label = i18n.tr("button.gin" if finish.kind == "gin" else "button.knock")
            text = i18n.tr("table.gin.ask_discard_or_" + finish.kind, card=card,
                           n=self._deadwood_without(list(frame.view.hand), card))
            finishing, discarding = (label, finish), (i18n.tr("button.discard"), move)
            # Enter takes the first: gin is always the better end, but a knock is a choice
            # (waiting may pay), so there the card simply goes where it was put (a newcomer's
            # Enter knocked a hand they meant to play on)
            first, second = (finishing, discarding) if finish.kind == "gin" else (discarding, finishing)
            return Question(text, (first, second, (i18n.tr("button.cancel"), None)))
        if move.kind in FINISHES and frame.setting("confirm_knock", True) and game.is_legal(move):
            if not move.cards:
                text = i18n.tr("table.gin.ask_big_gin")
            else:
                card = move.cards[0]
                text = i18n.tr(f"table.gin.ask_{move.kind}", card=card,
                               n=self._deadwood_without(list(frame.view.hand), card))
            return Question(text, ((i18n.tr("common.yes"), move), (i18n.tr("common.no"), None)))
        return None

    # --- words and keys -------------------------------------------------------------------

    def prompt(self, frame: TableFrame) -> str:
        public = frame.view.public_as(GinPublic)
        phase = frame.phase
        if phase == "offer":
            pile = public.discard
            return i18n.tr("table.gin.offer", card=pile[-1] if pile else "")
        if phase == "draw":
            return i18n.tr("table.gin.draw_stock") if public.stock_only else draw_prompt(frame.view)
        if phase == "discard":
            if frame.legal_kinds() & set(FINISHES):
                return i18n.tr("table.gin.discard_or_knock")
            return i18n.tr("table.gin.discard", limit=public.knock_limit)
        if phase == "showdown":
            knocker = public.knocker
            name = frame.name(knocker) if knocker is not None else ""
            key = "table.gin.layoff" if public.finish == "knock" else "table.gin.after_gin"
            return i18n.tr(key, name=name)
        return ""

    def enter_note(self, frame: TableFrame) -> str:
        if frame.phase == "offer":
            return i18n.tr("table.gin.enter_offer")
        return super().enter_note(frame)

    def key(self, key: int, frame: TableFrame) -> Intents | None:
        """Enter in the showdown with nothing selected: the defender is done."""
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and frame.phase == "showdown" and not frame.selected:
            return (PlayMove("done", otherwise=()),)
        return None

    # --- the deadwood counter -------------------------------------------------------------

    def deadwood(self, frame: TableFrame) -> int | None:
        """The viewer's least deadwood: of the ten cards held, or, holding eleven, after
        the best discard (never the card just taken). None when no hand is shown.
        Remembered for the view it was computed from: the counter is drawn every frame."""
        if frame.viewer is None or not frame.view.hand:
            return None
        if self._deadwood_for[0] is not frame.view:
            self._deadwood_for = (frame.view, self._least_deadwood(frame))
        return self._deadwood_for[1]

    @staticmethod
    def _least_deadwood(frame: TableFrame) -> int:
        discarding = frame.phase == "discard" and frame.view.to_play == frame.viewer
        return shown_deadwood(frame.view.hand, discarding, frame.view.public_as(GinPublic).taken)

    def deadwood_text(self, frame: TableFrame) -> str:
        found = self.deadwood(frame)
        if found is None:
            return ""
        return i18n.tr("table.gin.deadwood", n=found, limit=frame.view.public_as(GinPublic).knock_limit)

    def counter(self, frame: TableFrame) -> tuple[str, bool] | None:
        """The live deadwood, and whether it is low enough to knock (not once the round is over)."""
        text = self.deadwood_text(frame)
        if not text or frame.phase == "over":
            return None
        return text, (self.deadwood(frame) or 0) <= frame.view.public_as(GinPublic).knock_limit
