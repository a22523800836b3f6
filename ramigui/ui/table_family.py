"""What the table does differently for each family of games, behind one small interface.

The table scene is the common part (piles, hand, drag and drop, bots, hand-off); a
`FamilyTable` adds its family's buttons, prompts, panels, keys and questions. This base
class is the rummy family; `table_gin.GinTable` and `table_yami.YamiTable` override it
(`families.SCREEN_FAMILIES` names each family's).
A family reads the scene's `TableFrame` and answers its input with intents
(`table_intents`): it never holds the scene. None of them decides a rule: they ask
`view.legal_moves` / `game.is_legal`, and every move still goes through the scene's
`human_play` → `Game.play`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.movetext import rummy_turn_prompt
from ramigui.rules import Move
from ramigui.rules.melds import MeldError, meld_points
from ramigui.rules.public import RummyPublic
from ramigui.rules.variant import Variant
from ramigui.ui.layout import TableLayout
from ramigui.ui.table_dialog import Question
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.table_intents import Intents, PlayMove
from ramigui.ui.table_moves import meld_move
from ramigui.ui.widgets import Button, blit_text, draw_panel, text_width

ButtonSpec = tuple[str, str, int | None]
"""A button: its action, its label's translation key, its shortcut key."""

SORT_ROWS: list[list[ButtonSpec]] = [[("sort_suit", "button.sort_suit", pygame.K_s)],
                                     [("sort_rank", "button.sort_rank", pygame.K_r)]]
GOOD = (150, 240, 160)
PENDING = (255, 236, 190)


class FamilyTable:
    """The rummy family's table specifics (the base every family starts from)."""

    keys_text = "table.keys"
    reads_pointer = False
    """Whether the family's panel changes with the pointer over it (then the table redraws as
    the pointer moves)."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self._meld_key: tuple[object, ...] | None = None
        self._meld_ok = False

    # --- buttons ----------------------------------------------------------------------------

    def button_rows(self) -> list[list[ButtonSpec]]:
        """The side panel's buttons, row by row; the visible buttons of a row share it.
        "Carte !" exists only in variants that have the announcement (Rami familial): it
        shares the Meld row, as it may be said only now and then (a row of its own stood
        empty most of the game and squeezed the key help out of the side panel)."""
        carte: list[ButtonSpec] = [("carte", "button.carte", pygame.K_c)] if self.variant.rummy.carte_penalty else []
        return [[*carte, ("meld", "button.meld", pygame.K_m), ("undo", "button.undo", pygame.K_u)], *SORT_ROWS]

    def key_items(self) -> list[str]:
        """The keyboard's reminder, item by item, in the language of the moment: the family's
        line, and "C Carte!" where the announcement has its button (Rami familial)."""
        items = i18n.tr(self.keys_text).split(" · ")
        if any(action == "carte" for row in self.button_rows() for action, _, _ in row):
            items.insert(-1, i18n.tr("table.keys.carte"))
        return items

    def refresh(self, buttons: Mapping[str, Button], frame: TableFrame) -> None:
        """Enable (and show) each button as the rules allow right now."""
        legal = frame.legal_kinds()
        if "carte" in buttons:  # "Carte !" exists only where the rules have it (Rami familial);
            # shown greyed when it may not be said: appearing, it slid Meld and Undo aside, and
            # a click where Meld had been said "Carte !" (a newcomer's finding)
            buttons["carte"].enabled = "carte" in legal
        if "undo" in buttons:
            buttons["undo"].enabled = "undo" in legal
        self.refresh_meld(buttons, frame)

    def refresh_meld(self, buttons: Mapping[str, Button], frame: TableFrame) -> None:
        """The Meld button is live while the selected cards make a meld the rules accept now
        (the mouse's visible way to meld; dragging to the felt and M still work); one card
        of a ready meld stands for the meld, as for M and the opening counter (its points
        were counted "+39" while the button stayed grey). Asked again
        only when the selection or the game changed: it is called every frame."""
        if "meld" not in buttons:
            return
        chosen = tuple(frame.meld_cards(sorted(frame.selected))) if frame.selected else ()
        key = (chosen, frame.view, frame.human_turn, frame.hint_move)
        if key != self._meld_key:
            self._meld_key = key
            self._meld_ok = "meld" in frame.legal_kinds() and (
                frame.game.is_legal(meld_move(frame.game, list(chosen))) if chosen
                else _hinted_meld(frame) is not None)
        buttons["meld"].enabled = self._meld_ok

    def action(self, name: str, frame: TableFrame) -> Intents | None:
        """A button of this family was used; None when it is not this family's."""
        if name in ("undo", "carte") and frame.human_turn:
            return (PlayMove(name, otherwise=()),)
        if name == "meld" and frame.human_turn:
            hinted = _hinted_meld(frame)
            if hinted is not None and not frame.selected:
                return (PlayMove(hinted),)
            cards = frame.meld_cards(sorted(frame.selected) or [frame.focus]) if frame.order else []
            return (PlayMove(meld_move(frame.game, cards)),) if cards else None
        return None

    def intended(self, action: str, frame: TableFrame) -> Move | None:
        """The move a button's action stands for, to ask the rules why it is not allowed
        when its shortcut is pressed or it is clicked while disabled (None: nothing to say)."""
        if action == "meld":  # the chosen cards (none: the card under the cursor), as M would lay them
            cards = frame.meld_cards(sorted(frame.selected) or [frame.focus])
            return meld_move(frame.game, cards) if cards else None
        return Move(action) if action in ("undo", "carte", "expose", "take", "pass", "done") else None

    def arranged(self, cards: list[Card]) -> list[Card]:
        """The hand grouped by this family's melds; the base keeps a sort by suit."""
        return sorted(cards, key=Card.sort_key)

    # --- words ------------------------------------------------------------------------------

    def prompt(self, frame: TableFrame) -> str:
        """What the viewer should do now, on their turn."""
        return rummy_turn_prompt(frame.view, undo=frame.undo_offered)

    def own_enter(self, frame: TableFrame) -> Move | None:
        """The move Enter plays in this family's own input, before what Enter means at every
        table (None: nothing of its own now). Yami: the box under the box cursor."""
        return None

    def hint_shown(self, move: Move, frame: TableFrame) -> None:
        """A hint for `move` now shows: a family whose own cursor Enter follows puts it on
        the hinted choice, so Enter plays the hint as the hint's key cap says."""

    def enter_move(self, frame: TableFrame) -> Move | None:
        """The move Enter plays with no card selected: drawing from the stock, the move the
        prompt names first; None where the prompt offers a choice Enter cannot make for
        the player (discard which card? take or pass?)."""
        return Move("draw") if frame.game.is_legal(Move("draw")) else None

    def enter_note(self, frame: TableFrame) -> str:
        """What to do instead, when Enter has nothing to play."""
        return i18n.tr("table.enter_select_first")

    def question_before(self, move: Move, frame: TableFrame) -> Question | None:
        """Rummy: with confirm_go_out on, ask before the move that empties the hand."""
        if not frame.setting("confirm_go_out", True) or not frame.game.is_legal(move):
            return None
        if move.kind not in ("meld", "layoff", "swap", "discard") or len(move.cards) < len(frame.view.hand):
            return None
        return Question(i18n.tr("table.ask_go_out"),
                        ((i18n.tr("common.yes"), move), (i18n.tr("common.no"), None)))

    # --- input ------------------------------------------------------------------------------

    def key(self, key: int, frame: TableFrame) -> Intents | None:
        """A key this family gives its own meaning to (tried before the common keys)."""
        return None

    def click(self, pos: tuple[int, int], frame: TableFrame) -> Intents | None:
        """A click on something only this family draws (before the common pointer)."""
        return None

    # --- drawing ----------------------------------------------------------------------------

    def counter(self, frame: TableFrame) -> tuple[str, bool] | None:
        """The counter above the buttons (its text, and whether it is reached), or None;
        rummy: the opening points ("34 / 51") until the viewer has opened."""
        public = frame.view.public_as(RummyPublic)
        need = public.opening_minimum
        seat = frame.viewer
        opened = public.opened
        if not need or seat is None or (seat < len(opened) and opened[seat]):
            return None
        have = public.turn_points
        chosen = _chosen_points(frame)
        if chosen:  # the meld chosen, counted before it is laid: a newcomer checked a plan this way
            return i18n.tr("table.opening_chosen", have=have, chosen=chosen, need=need), have >= need
        return i18n.tr("table.opening", have=have, need=need), have >= need

    def draw(self, surface: pygame.Surface, frame: TableFrame) -> None:
        """The family's own panel, over the side panel: the counter."""
        shown = self.counter(frame)
        if shown is not None and frame.layout is not None:
            counter_label(surface, frame.layout, *shown)

    def panel_key(self, frame: TableFrame) -> object:
        """What `draw` shows, as a value that changes when its picture changes (the kept
        table draws the panel anew only then)."""
        return self.counter(frame)

    def panel_area(self, frame: TableFrame) -> pygame.Rect:
        """Everything `draw` may paint."""
        return frame.layout.counter.copy() if frame.layout is not None else pygame.Rect(0, 0, 0, 0)


def _chosen_points(frame: TableFrame) -> int:
    """The points of the meld the chosen cards make (the ready meld one chosen card stands
    for, as M lays it); 0 when they make none."""
    cards = frame.meld_cards(sorted(frame.selected)) if frame.selected else []
    if len(cards) < 3:
        return 0
    try:
        return meld_points(cards, frame.view.variant)
    except MeldError:
        return 0


def _hinted_meld(frame: TableFrame) -> Move | None:
    """The hint's meld while it shows and may be played: the Meld button (and M) lays it
    while no card is selected, as Enter does, so the button the ringed cards call for is
    not greyed (a selection is the player's own choice, and plays as chosen)."""
    hint = frame.hint_move
    if hint is None or hint.kind != "meld" or not frame.game.is_legal(hint):
        return None
    return hint


def counter_label(surface: pygame.Surface, lay: TableLayout, text: str, good: bool) -> None:
    """A one-line counter above the buttons (opening points, gin deadwood)."""
    draw_panel(surface, lay.counter, (0, 0, 0, 110), lay.counter.height // 3)
    size = lay.text
    while size > 11 and text_width(text, size, True) > lay.counter.width - 8:
        size -= 1
    blit_text(surface, text, size, GOOD if good else PENDING, lay.counter.center, "center", bold=True)

