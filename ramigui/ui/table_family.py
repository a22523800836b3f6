"""What the table does differently for each family of games, behind one small interface.

`TableScene` is the common scene (piles, hand, drag and drop, bots, hand-off); a
`FamilyTable` adds its family's buttons, prompts, panels, keys and questions. This base
class is the rummy family; `table_gin.GinTable` and `table_yami.YamiTable` override it
(`families.SCREEN_FAMILIES` names each family's).
None of them decides a rule: they ask `view.legal_moves` / `game.is_legal`, and every move
still goes through `TableScene.human_play` → `Game.play`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.movetext import draw_prompt
from ramigui.rules import Move, PlayerView
from ramigui.rules.public import PublicTable, RummyPublic
from ramigui.ui.table_dialog import Question
from ramigui.ui.table_moves import meld_order
from ramigui.ui.widgets import Button, blit_text, draw_panel, text_width

if TYPE_CHECKING:
    from ramigui.ui.layout import TableLayout
    from ramigui.ui.table import TableScene
    from ramigui.ui.table_pointer import Press

ButtonSpec = tuple[str, str, int | None]
"""A button: its action, its label's translation key, its shortcut key."""

SORT_ROWS: list[list[ButtonSpec]] = [[("sort_suit", "button.sort_suit", pygame.K_s)],
                                     [("sort_rank", "button.sort_rank", pygame.K_r)]]
GOOD = (150, 240, 160)
PENDING = (255, 236, 190)


class FamilyTable:
    """The rummy family's table specifics (the base every family starts from)."""

    keys_text = "table.keys"

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self._meld_key: tuple[Any, ...] | None = None
        self._meld_ok = False

    # --- shortcuts to the scene's state -------------------------------------------------------

    @property
    def view(self) -> PlayerView:
        return self.scene.view

    @property
    def public(self) -> PublicTable:
        """The family's public table (a family's own part narrows it to its own kind)."""
        return self.scene.view.public

    @property
    def phase(self) -> str:
        return self.public.phase

    def legal_kinds(self) -> set[str]:
        """The kinds of move the viewer may make now (empty when it is not their turn)."""
        return {m.kind for m in self.view.legal_moves} if self.scene.is_human_turn() else set()

    def setting(self, name: str, default: Any) -> Any:
        app = self.scene.app
        return getattr(app.settings, name, default) if app is not None else default

    # --- buttons ----------------------------------------------------------------------------

    def button_rows(self) -> list[list[ButtonSpec]]:
        """The side panel's buttons, row by row; the visible buttons of a row share it.
        "Carte !" has a row only in variants that have the announcement (Rami familial)."""
        rows: list[list[ButtonSpec]] = [[("meld", "button.meld", pygame.K_m), ("undo", "button.undo", pygame.K_u)],
                                        *SORT_ROWS]
        if self.view.variant.rummy.carte_penalty:
            rows.insert(0, [("carte", "button.carte", pygame.K_c)])
        return rows

    def refresh(self, buttons: Mapping[str, Button]) -> None:
        """Enable (and show) each button as the rules allow right now."""
        legal = self.legal_kinds()
        if "carte" in buttons:  # "Carte !" exists only where the rules have it (Rami familial)
            buttons["carte"].enabled = buttons["carte"].visible = "carte" in legal
        if "undo" in buttons:
            buttons["undo"].enabled = "undo" in legal
        self.refresh_meld(buttons)

    def refresh_meld(self, buttons: Mapping[str, Button]) -> None:
        """The Meld button is live while the selected cards make a meld the rules accept now
        (the mouse's visible way to meld; dragging to the felt and M still work). Asked again
        only when the selection or the game changed: it is called every frame."""
        if "meld" not in buttons:
            return
        scene = self.scene
        chosen = tuple(scene.order[i] for i in sorted(scene.selected) if i < len(scene.order))
        key = (chosen, scene.view, scene.is_human_turn())
        if key != self._meld_key:
            self._meld_key = key
            self._meld_ok = (len(chosen) > 1 and "meld" in self.legal_kinds()
                             and scene.game.is_legal(Move("meld", tuple(meld_order(list(chosen))))))
        buttons["meld"].enabled = self._meld_ok

    def action(self, name: str) -> bool:
        """A button of this family was used; True when handled."""
        if name in ("undo", "carte") and self.scene.is_human_turn():
            self.scene.human_play(name)
            return True
        if name == "meld" and self.scene.is_human_turn():
            return self.scene.keys.play_selected("meld")
        return False

    def intended(self, action: str) -> Move | None:
        """The move a button's action stands for, to ask the rules why it is not allowed
        when its shortcut is pressed while the button is disabled (None: nothing to say)."""
        return Move(action) if action in ("undo", "carte", "expose", "take", "pass", "done") else None

    def arranged(self, cards: list[Card]) -> list[Card]:
        """The hand grouped by this family's melds; the base keeps a sort by suit."""
        return sorted(cards, key=Card.sort_key)

    # --- words ------------------------------------------------------------------------------

    def prompt(self) -> str:
        """What the viewer should do now, on their turn."""
        if self.phase != "draw" and self.view.public_as(RummyPublic).all_at_once:
            return i18n.tr("table.your_turn_all_at_once")
        return self.draw_prompt() if self.phase == "draw" else i18n.tr("table.your_turn_play")

    def draw_prompt(self) -> str:
        return draw_prompt(self.view)

    def enter_move(self) -> Move | None:
        """The move Enter plays with no card selected: drawing from the stock, the move the
        prompt names first; None where the prompt offers a choice Enter cannot make for
        the player (discard which card? take or pass?)."""
        return Move("draw") if self.scene.game.is_legal(Move("draw")) else None

    def enter_note(self) -> str:
        """What to do instead, when Enter has nothing to play."""
        return i18n.tr("table.enter_select_first")

    def question_before(self, move: Move) -> Question | None:
        """Rummy: with confirm_go_out on, ask before the move that empties the hand."""
        if not self.setting("confirm_go_out", True) or not self.scene.game.is_legal(move):
            return None
        if move.kind not in ("meld", "layoff", "swap", "discard") or len(move.cards) < len(self.view.hand):
            return None
        return Question(i18n.tr("table.ask_go_out"),
                        ((i18n.tr("common.yes"), move), (i18n.tr("common.no"), None)))

    # --- input ------------------------------------------------------------------------------

    def key(self, key: int) -> bool:
        """A key this family gives its own meaning to (tried before the common keys)."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on something only this family draws (before the common pointer)."""
        return False

    def press_move(self, press: Press) -> Move | None:
        """The move a click on a pile means, when this family reads it differently."""
        return None

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        """The family's own panel; rummy: the opening counter ("34 / 51") until opened."""
        public = self.view.public_as(RummyPublic)
        need = public.opening_minimum
        seat = self.scene.visible_seat()
        opened = public.opened
        if not need or seat is None or (seat < len(opened) and opened[seat]):
            return
        have = public.turn_points
        counter_label(surface, lay, i18n.tr("table.opening", have=have, need=need), have >= need)


def counter_label(surface: pygame.Surface, lay: TableLayout, text: str, good: bool) -> None:
    """A one-line counter above the buttons (opening points, gin deadwood)."""
    draw_panel(surface, lay.counter, (0, 0, 0, 110), lay.counter.height // 3)
    size = lay.text
    while size > 11 and text_width(text, size, True) > lay.counter.width - 8:
        size -= 1
    blit_text(surface, text, size, GOOD if good else PENDING, lay.counter.center, "center", bold=True)

