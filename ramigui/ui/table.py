"""The table scene: one game's state on screen, its life cycle, and the one path moves take.

Every family (rummy, gin, Yami) is played here with the mouse, keyboard or a finger. The
scene holds what is shown (the view, the hand's `HandState`, flights, the status line)
and is the only one to change it. Its parts each get the little they need, never the
scene: `table_pointer` (press, drag, drop) and `table_keys` (keyboard) read a frozen
`TableFrame` and return intents (`table_intents`) that the scene applies; `table_draw`
and the family's panel draw a frame; `table_bots` and `table_phones` run the bots'
pacing and the phone seats against the few things of the table they name.

The scene never decides a rule. Every action becomes a `Move` and goes through `play`:
the match engine (`ramigui.match.Match`) plays it through `Game.play`, the one checked
path (a saved game's `GameSession.play`, which saves it), whoever made it — a person
here, a phone, a bot; legal drop targets are found by asking `Game.is_legal`. Card
sprites are views of the state, re-synced after each move: a drag moves only sprites,
and a refused drop slides the card back with the translated reason.

Hands shown: only `visible_seat()`'s, read from `game.view(seat)`. In hot-seat games the
hand is hidden between two people's turns until the next one claims the screen. The table
and the last-moves lines show what `Game.seen_by(observer())` says: what stands, and the
provisional moves of whoever plays in front of the screen, never a move taken back nor a
phone's provisional melds.

While anything is open over the table (the pause menu, a score sheet, a question, the
hand-off, the end of a round) the table stands still: no bot moves, no flight, no timer.

The scene is the part every family shares; what differs (buttons, prompts, panels, the
questions asked before a move) comes from a `FamilyTable` (table_family, table_gin,
table_yami). A person's moves go through `human_play`, which may first ask a question
(confirm a knock, going out); bots' moves go straight to `play`.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.match import Match
from ramigui.movetext import restock_text
from ramigui.rules import Game, IllegalMove, Move, PlayerView
from ramigui.rules.families import family_of
from ramigui.rules.game import PublicMove
from ramigui.rules.moves import as_move
from ramigui.ui import layout as lay_mod
from ramigui.ui.anim import Flight
from ramigui.ui.app import Scene
from ramigui.ui.cardart import CardArt, DeckStyle, card_art, rank_letters
from ramigui.ui.families import hand_melds, screen_family
from ramigui.ui.felt import felt
from ramigui.ui.hand_groups import Group, grouped, meld_spans, span_ends
from ramigui.ui.hand_state import Drag, HandState
from ramigui.ui.kept_table import KeptTable, merged
from ramigui.ui.seats import TableConfig
from ramigui.ui.table_bots import BotDriver
from ramigui.ui.table_dialog import Question, QuestionScene
from ramigui.ui.table_draw import Moving, draw_moving, moving_area, moving_cards
from ramigui.ui.table_family import ButtonSpec, FamilyTable
from ramigui.ui.table_frame import TableFrame, refusal_words
from ramigui.ui.table_intents import (
    Ask,
    ClearSelection,
    DragTo,
    EndDrag,
    Fly,
    Hush,
    Intent,
    Intents,
    LandAt,
    MoveCards,
    MoveFocus,
    NotMine,
    OpenPile,
    PlayMove,
    PointAt,
    Refuse,
    Say,
    SelectCard,
    StartDrag,
)
from ramigui.ui.table_keys import Keys
from ramigui.ui.table_log import LastMoves, said_lines
from ramigui.ui.table_phones import TablePhones
from ramigui.ui.table_pointer import Pointer
from ramigui.ui.widgets import UI_ACTION, Button, share_text_size
from ramigui.variants import get_variant

SORT_ACTIONS = ("sort_suit", "sort_rank", "sort_melds")
THROWS = ("discard", "knock", "gin")
"""The one-card moves: refused, their card is let go (a meld refused stays chosen, to be
mended by a card more or less)."""
MESSAGE_TIME = 5.0
PENALTY_TIME = 9.0
"""A forgotten « Carte ! »'s notice stays longer: it names the cards while the bots play on."""


def _kind(move: Move | str) -> str:
    """A move's kind ("" for text that is no move): read off its notation as the rules read it."""
    try:
        return as_move(move).kind
    except IllegalMove:
        return ""


def seating(view: PlayerView, me: int) -> list[int]:
    """The other seats from left to right across the top of the table.

    Seen from the viewer at the bottom, play "to the left" reaches the player on their left
    first, so the next player sits leftmost; play "to the right" mirrors the row. (Rummy and
    gin number seats in play order; Yami's engine steps through seats in its direction.)"""
    if me < 0:
        return list(range(view.players))
    right = view.variant.direction == "right"
    step = view.variant.step if family_of(view.variant).follows_direction else 1
    in_play_order = [(me + step * k) % view.players for k in range(1, view.players)]
    return in_play_order[::-1] if right else in_play_order


_TABLES: weakref.WeakSet[TableScene] = weakref.WeakSet()
"""Every table alive, so that `forget_kept_layers` reaches their kept layers."""


def forget_kept_layers() -> None:
    """Every table composes its still layer anew at its next frame, everything drawn again
    (like `forget_fonts` for the fonts): for whoever watches what is drawn, such as a test
    recording the texts of a frame."""
    for scene in list(_TABLES):
        scene.changed(melds_too=True)


class TableScene(Scene):
    """One game at the table, from the deal to the end of the game."""

    def __init__(self, config: TableConfig, game: Game | None = None) -> None:
        super().__init__()
        self.config = config
        self.bots = BotDriver(self)
        self.match = Match(game or Game.new(get_variant(config.variant, **config.options), config.players,
                                            config.seed), self.bots.seats, play=self.apply_move)
        self.phones = TablePhones(self)
        self.viewer: int | None = self._initial_viewer()
        self.hand = HandState()
        self.fresh: Card | None = None  # the card the viewer just drew or took, until their next move
        self.penalised: dict[int, tuple[int, tuple[Card, ...]]] = {}
        """Per seat, the round and the cards a forgotten "Carte !" cost, until the seat's next move."""
        self.turn_arrangements: list[tuple[list[Card], Card | None]] = []
        """The hand's order and marked card before each of the viewer's moves this turn (undo)."""
        self._melds_of: tuple[tuple[Card, ...], list[Group]] = ((), [])  # a hand (sorted) → its melds
        self.ready: list[range] = []
        """Where the melds the hand shows apart lie in its order (one card of them stands for all)."""
        self.sort_mode = "suit"
        self._keys: tuple[object, tuple[str, ...]] = (None, ())  # (language, played here) → the key help
        self.sorts_chosen: dict[int, str] = {}
        """The sort each seat's player chose with S / R / A this game: their next hands start from it."""
        self.flights: list[Flight] = []
        self.message = ""
        self.message_kind = "info"  # "info", "refusal" or "penalty" (notices.STYLES)
        self.message_until = 0.0
        self.last_moves = LastMoves()  # the public record, said in the language of the moment (table_log)
        self.now = 0.0
        self.pointer_at: tuple[int, int] | None = None
        self.overlay_open = False
        self.view: PlayerView = self.game.view(self.viewer if self.viewer is not None else 0)
        self.family: FamilyTable = screen_family(self.view.variant).table(self.view.variant)
        self.pointer = Pointer(self.family)
        self.keys = Keys(self.family)
        self.question: Question | None = None
        self.layout: lay_mod.TableLayout | None = None
        self.size = (1280, 800)
        self.buttons: list[Button] = []
        self.button_rows: list[list[Button]] = []
        self._shared_for: tuple[object, ...] = ()  # the buttons as their row sizes were shared for
        self._kept = KeptTable()
        self._to_prepare: list[tuple[Card, int]] = []  # faces to draw ahead (prepare)
        self._moved: list[pygame.Rect] = []  # where the last frame drew moving cards
        self._button_looks: list[tuple[pygame.Rect, bool, bool, bool, str, int]] | None = None  # as last drawn
        _TABLES.add(self)
        self._sync()

    @property
    def game(self) -> Game:
        """The game at the table (the match engine's)."""
        return self.match.game

    @game.setter
    def game(self, game: Game) -> None:
        self.match.game = game

    # --- who sees what ---------------------------------------------------------------------

    def _initial_viewer(self) -> int | None:
        humans = self.config.screen_seats  # a phone seat's hand is never on the big screen
        if not humans:
            return None if self.config.phone_seats else 0  # demo: show the first bot's hand
        if len(humans) == 1:
            return humans[0]
        return None  # hot-seat: nobody's hand until someone claims the screen

    @property
    def played_here(self) -> bool:
        """Someone plays at this screen: its players' buttons and the keyboard's help are
        shown (a table of phones and bots only is watched here, played elsewhere)."""
        return bool(self.config.screen_seats)

    # --- the hand as arranged (HandState): read and set by tests and subclasses --------------

    @property
    def order(self) -> list[Card]:
        return self.hand.order

    @order.setter
    def order(self, cards: list[Card]) -> None:
        self.hand.order = cards

    @property
    def selected(self) -> set[int]:
        return self.hand.selected

    @selected.setter
    def selected(self, indices: set[int]) -> None:
        self.hand.selected = indices

    @property
    def focus(self) -> int:
        return self.hand.focus

    @focus.setter
    def focus(self, index: int) -> None:
        self.hand.focus = index

    @property
    def drag(self) -> Drag | None:
        return self.hand.drag

    def visible_seat(self) -> int | None:
        """The seat whose hand is drawn face up (None: every hand hidden)."""
        return self.viewer

    def observer(self) -> int | None:
        """Whose eyes the big screen's table is drawn for (`Game.seen_by`): the person at
        it; else the seat playing, when it plays in front of everyone (a bot, a person at the
        screen); else nobody's, so a phone's provisional melds stay on that phone."""
        if self.viewer is not None:
            return self.viewer
        to_play = self.game.to_play
        return None if to_play in self.config.phone_seats else to_play

    def is_human_turn(self) -> bool:
        g = self.game
        return not g.round_over and self.config.at_screen(g.to_play) and self.viewer == g.to_play

    # --- life cycle -------------------------------------------------------------------------

    def enter(self, app: Any) -> None:
        super().enter(app)
        self._make_buttons()
        self.bots.rest()
        self.sort_mode = self.chosen_sort()
        self.hand.hide()  # re-deal the hand's order by the player's chosen sort
        self._sync()
        self.phones.start()

    def chosen_sort(self) -> str:
        """The hand order a new hand of the seat on screen starts from (a new deal, the next
        player at a shared screen): the one that player last chose with S / R / A this game,
        else the settings' (a newcomer's "By melds" went back to "by suit" at every deal)."""
        if self.viewer is not None and self.viewer in self.sorts_chosen:
            return self.sorts_chosen[self.viewer]
        return str(getattr(self.app.settings, "hand_sort", "suit")) if self.app is not None else self.sort_mode

    def leave(self) -> None:
        self.bots.close()
        self.phones.stop()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.relayout()

    @property
    def pace(self) -> float:
        """The animations' speed factor (settings: animation_speed)."""
        return self.app.settings.pace if self.app is not None else 1.0

    @property
    def bot_pace(self) -> float:
        """The factor on the bots' thinking pause (settings: bot_speed)."""
        settings = self.app.settings if self.app is not None else None
        return float(getattr(settings, "bot_pace", self.pace)) if settings is not None else 1.0

    def art(self, width: int) -> CardArt:
        settings = self.app.settings if self.app is not None else None
        style = DeckStyle(settings.four_colour if settings else False, settings.card_back if settings else "blue")
        return card_art(width, style, rank_letters(i18n.tr))

    def busy(self) -> bool:
        if self.covered():
            return False  # standing still under a menu: nothing to draw 60 times a second
        return bool(self.flights or self.drag or self.bots.busy()
                    or (self.message and self.now < self.message_until))

    def covered(self) -> bool:
        """Whether another scene is open over the table (then the table stands still)."""
        return self.app is not None and self.app.top is not self

    # --- state → sprites --------------------------------------------------------------------

    def _sync(self) -> None:
        """Re-read the view after a move: the hand order keeps its cards, adds new ones."""
        seat = self.viewer if self.viewer is not None else self.game.to_play
        self.view = self.game.view(seat, shared=self.observer() is None)
        kept, added = self.hand.take_in(list(self.view.hand) if self.viewer is not None else [])
        landed = self.hand.land(kept, added)
        if landed is not None:
            self.hand.arrange(landed)  # dropped between two cards: it goes there, sorted hand or not
        elif not kept or (added and self._still_sorted()):
            self.hand.arrange(self._arranged(kept + added, self.sort_mode))  # a drawn card finds its place
        else:
            self.hand.arrange(kept + added)  # the player's own order: new cards go to the right
        self.relayout()

    def relayout(self) -> None:
        view = self.view
        me = self.viewer if self.viewer is not None else -1
        opponents = seating(view, me)
        melds = view.public.melds
        owners = [(m.owner, len(m.cards)) for m in melds]
        scale = self.app.settings.card_scale if self.app is not None else 1.0
        self.ready = meld_spans(self.order, self.hand_melds(self.order))
        self.layout = lay_mod.compute(self.size, opponents, len(self.order), owners, scale, len(self._button_rows()),
                                      span_ends(self.ready, len(self.order)))
        self._refresh_buttons()
        self._place_buttons()

    def _button_rows(self) -> list[list[ButtonSpec]]:
        """The side panel's buttons row by row (the family's; subclasses add rows)."""
        return self.family.button_rows() if self.played_here else []

    def _button_specs(self) -> list[ButtonSpec]:
        return [spec for row in self._button_rows() for spec in row]

    def _make_buttons(self) -> None:
        assert self.layout is not None
        self.button_rows = [[Button(action, partial(i18n.tr, key), pygame.Rect(0, 0, 0, 0), shortcut)
                             for action, key, shortcut in row] for row in self._button_rows()]
        self.buttons = [button for row in self.button_rows for button in row]
        self._refresh_buttons()
        self._place_buttons()

    def _place_buttons(self) -> None:
        """Each row's rect is shared by the row's visible buttons, side by side."""
        if self.layout is None:
            return
        gap = max(4, self.layout.margin // 2)
        for row, rect in zip(self.button_rows, self.layout.buttons, strict=False):
            shown = [b for b in row if b.visible] or row
            width = (rect.width - gap * (len(shown) - 1)) // len(shown)
            for i, button in enumerate(shown):
                button.rect = pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height)

    def _share_text_sizes(self) -> None:
        """A row's buttons say their words at one size, worked out again only when a label,
        a place or a button's showing changed (it is asked every frame)."""
        key = tuple((id(b), b.label(), b.rect.size, b.visible) for b in self.buttons)
        if key == self._shared_for:
            return
        self._shared_for = key
        for row in self.button_rows:
            share_text_size(row)

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return  # not entered yet: the buttons are made in `enter`
        by_action = {button.action: button for button in self.buttons}
        for name in SORT_ACTIONS:
            if name in by_action:
                by_action[name].enabled = self.viewer is not None
        if self.played_here:
            self.family.refresh(by_action, self.frame())

    def hinted(self) -> set[int]:
        """The hand cards a hint points at (the table with menus has hints)."""
        return set()

    def fresh_index(self) -> int | None:
        """Where the card the viewer just drew or took is in their hand (None: no such card)."""
        if self.fresh is None or self.viewer is None:
            return None
        return next((i for i in range(len(self.order) - 1, -1, -1) if self.order[i] == self.fresh), None)

    def penalty_indices(self) -> frozenset[int]:
        """Where a forgotten "Carte !"'s cards are in the viewer's hand, marked as a drawn card
        is: a newcomer held three cards and could not tell which had come as the penalty."""
        round_no, cards = self.penalised.get(self.viewer, (0, ())) if self.viewer is not None else (0, ())
        if not cards or round_no != self.view.round_no:
            return frozenset()
        wanted, found = Counter(cards), set()
        for i in range(len(self.order) - 1, -1, -1):
            if wanted[self.order[i]] > 0:
                wanted[self.order[i]] -= 1
                found.add(i)
        return frozenset(found)

    def hint_move(self) -> Move | None:
        """The move a hint announced (Enter plays it); the table with menus has hints."""
        return None

    def hand_rect(self, index: int) -> pygame.Rect:
        """Where hand card `index` is drawn: its slot, raised when selected."""
        return self.frame().hand_rect(index)

    def frame(self) -> TableFrame:
        """What the table shows now, frozen, for its parts to read (drawing, input)."""
        settings = self.app.settings if self.app is not None else None
        game, viewer = self.game, self.viewer
        return TableFrame(
            game=game, view=self.view, config=self.config, viewer=viewer, human_turn=self.is_human_turn(),
            played_here=self.played_here,
            layout=self.layout, size=self.size, order=tuple(self.hand.order),
            selected=frozenset(self.hand.selected), focus=self.hand.focus, drag=self.hand.drag,
            ready=tuple(self.ready), round_hands=self._round_hands(game),
            fresh=self.fresh_index(), penalised=self.penalty_indices(),
            hinted=frozenset(self.hinted()), hint_move=self.hint_move(),
            flights=tuple(self.flights), now=self.now, pace=self.pace, message=self.message,
            message_kind=self.message_kind, pointer_at=self.pointer_at,
            phones_connected=frozenset(self.phones.connected()), settings=settings, art=self.art,
            said=partial(self.last_moves.lines, game, self.observer()), keys=self._key_line(),
            undo_offered=self.undo_offered())

    def undo_offered(self) -> bool:
        """Whether this table offers Undo when the rules allow it (a lesson, only where its
        step asks for it)."""
        return True

    def _round_hands(self, game: Game) -> dict[int, tuple[Card, ...]]:
        """Every hand but the viewer's, once the round is over (counted face up)."""
        if not game.round_over:
            return {}
        return {seat: tuple(game.hand(seat)) for seat in range(game.players) if seat != self.viewer}

    def _key_line(self) -> tuple[str, ...]:
        """`key_items`, worked out once per language (a frame is built several times a frame)."""
        wanted = (i18n.language(), self.played_here)
        if self._keys[0] != wanted:
            self._keys = (wanted, tuple(self.key_items()))
        return self._keys[1]

    def key_items(self) -> list[str]:
        """The keyboard's reminder for the side panel: the family's keys (a scene with
        buttons of its own adds theirs)."""
        return self.family.key_items()

    def apply(self, intents: Intents) -> bool:
        """Do what the pointer, the keys or the family reported, in order. False when the
        event was not theirs after all, or a move among them was not played now and they
        named nothing to do instead (a refused key lets the table explain its button)."""
        handled = True
        for intent in intents:
            handled = self._apply_one(intent) and handled
        return handled

    def _apply_one(self, intent: Intent) -> bool:
        hand = self.hand
        match intent:
            case PlayMove(move, otherwise):
                if self.human_play(move):
                    return True
                if otherwise is None:
                    return False
                self.apply(otherwise)
            case SelectCard(index):
                hand.toggle(index)
            case MoveFocus(step):
                hand.step_focus(step)
            case ClearSelection():
                hand.clear_selection()
                if self.message_kind == "refusal":
                    self.message = ""  # Esc puts it all away: a refusal of the cards let go goes too
            case StartDrag(drag):
                hand.drag = drag
            case DragTo(pos):
                hand.drag = replace(hand.drag, pos=pos) if hand.drag is not None else None
            case EndDrag():
                hand.drag = None
            case MoveCards(indices, insert):
                hand.move_cards(indices, insert)
                self.relayout()
            case LandAt(slot):
                hand.landing = slot
            case Fly(flights):
                self.flights.extend(flights)
            case Say(text):
                self.show(text)
            case Refuse(reason):
                self.refuse(reason)
            case Hush():
                self.message = ""
            case OpenPile():
                return self.open_pile()
            case Ask(question):
                self.ask(question)
            case PointAt(pos):
                self.pointer_at = pos
            case NotMine():
                return False
        return True

    # --- playing moves -----------------------------------------------------------------------

    def play(self, move: Move | str) -> bool:
        """Play a move — a person's, a phone's, a bot's — through the match engine (the one
        path: played, saved when the game is, observers told), then show it; on refusal
        show the translated reason."""
        seat = self.game.to_play
        before = self.view
        arranged = (list(self.hand.order), self.fresh)
        try:
            played = self.match.play(move)
        except IllegalMove as error:
            self.refuse(i18n.reason_text(error))
            if _kind(move) in THROWS:
                self.hand.clear_selection()  # a refused throw's card, kept chosen, joined the next one picked
            return False
        if self.message_kind == "refusal" and (seat == self.viewer or self.game.to_play != seat):
            self.message = ""  # your move, or the turn passed: the refusal spoke of a state now gone
        if self.message_kind == "penalty" and seat == self.viewer:
            self.message = ""  # the player moves on: the prompt speaks again, as the penalty's tabs go
        self.penalised.pop(seat, None)
        if seat == self.viewer and played.kind == "undo":
            self._put_back(self.game.hand(seat))
        elif seat == self.viewer:
            self.fresh = self._still_fresh(played.kind, before.hand, self.game.hand(seat),
                                           self.game.to_play == seat)
            self.turn_arrangements.append(arranged)
            self._tell_penalty(seat, before.hand)
        self._tell_restock(seat)
        if self.game.to_play != seat or self.game.round_over:
            self.turn_arrangements.clear()
        if self.config.hot_seat and self.game.to_play != seat and self.viewer == seat:
            self.viewer = None  # a person's turn ended: hide their hand at once
            self.hand.hide()
            self.fresh = None
        self.hand.clear_selection()
        self.bots.rest()
        self._sync()
        return True

    def _tell_penalty(self, seat: int, before: Sequence[Card]) -> None:
        """A forgotten "Carte !" costs cards at once (seed 000): said where the eyes are, in
        the penalty's look, not only in the last moves — a newcomer found three cards in hand
        and no word of why — and the cards it brought are marked in the hand."""
        record = self.game.public_record(seat)
        last = record[-1] if record else None
        if last is None or last.seat != seat or not last.penalty:
            return
        cost = tuple((Counter(self.game.hand(seat)) - Counter(before)).elements())
        self.penalised[seat] = (self.view.round_no, cost)  # marked again when the seat's hand shows
        if self.config.hot_seat:  # the next person reads it too: the cards are not named
            self.show(i18n.tr("move.carte_penalty", name=self.name(seat), n=last.penalty), "penalty")
        else:
            cards = " ".join(i18n.card_text(card) for card in cost)
            self.show(i18n.tr("table.carte_penalty_cards", n=last.penalty, cards=cards), "penalty")
        self.message_until = self.now + PENALTY_TIME

    def _tell_restock(self, seat: int) -> None:
        """The stock made again from the discard pile is said on the table for a while, not
        only in the last moves, which the next moves pushed out within two turns (a newcomer
        saw the stock come back and no word of it). A refusal or a penalty keeps its place,
        and so does the prompt after the viewer's own draw, which names the card drawn (the
        note hid it; the player who drew from the empty stock saw it turned over)."""
        record = self.game.public_record(seat)
        last = record[-1] if record else None
        quiet = not self.message or self.message_kind == "info"
        if last is not None and last.seat == seat != self.viewer and last.restocked and quiet:
            self.show(restock_text(self.game.variant))

    def apply_move(self, move: Move | str) -> Move:
        """The match engine's path to the rules, the one call that changes the game: the
        rules play the move (IllegalMove when they refuse it). A table playing a saved game
        has its session play it instead, so the save, the log and the statistics follow
        every move, as with every driver."""
        return self.game.play(move)

    def _put_back(self, hand: Sequence[Card]) -> None:
        """After an undo, the cards it brought back go where they stood before the move it
        took back (not at the right end), and the card drawn this turn gets its tab again;
        what the player rearranged since stays as it is."""
        if not self.turn_arrangements:
            return
        order, fresh = self.turn_arrangements.pop()
        kept, returning = self.hand.take_in(hand)
        self.hand.arrange(put_back(order, kept, returning))
        self.fresh = fresh if fresh in hand else None

    def drawn_this_turn(self) -> Card | None:
        """The card to mark when a person claims the hand: none at a turn's start (a table
        with a save finds the card of a turn resumed after the draw)."""
        return None

    def _still_fresh(self, kind: str, before: Sequence[Card], after: Sequence[Card], same_turn: bool) -> Card | None:
        """The card to mark after the viewer's move: the one a draw or take brought; after a
        meld or a lay-off, the same card while it is still in hand (a discard taken in Rami 51
        must be melded this turn — exactly when the mark helps); none once the turn passes."""
        if kind in ("draw", "take"):
            return next(iter(Counter(after) - Counter(before)), None)
        if self.fresh is None or not same_turn or Counter(after)[self.fresh] < Counter(before)[self.fresh]:
            return None
        return self.fresh

    def human_play(self, move: Move | str) -> bool:
        """A person's move: first the family's question if it has one (confirm a knock,
        going out, discard or knock?), else played at once. False if not played now."""
        try:
            parsed = self.game.canonical(move)
        except IllegalMove as error:
            self.refuse(i18n.reason_text(error))
            return False
        question = self.family.question_before(parsed, self.frame())
        if question is None or self.app is None:
            return self.play(parsed)
        self.ask(question)
        return False

    def ask(self, question: Question) -> None:
        """Put a question to the person at the table; their answer comes back as an action.
        A refusal still showing goes: it spoke of another move, and read as the question's."""
        self.question = question
        if self.message_kind == "refusal":
            self.message = ""
        if self.app is not None:
            self.app.push(QuestionScene(question))

    def _answered(self, index: int) -> bool:
        """The answer to the open question: play its move (a cancel plays nothing)."""
        question, self.question = self.question, None
        if question is None or not 0 <= index < len(question.answers):
            return True
        move = question.answers[index][1]
        if move is not None and self.is_human_turn():
            self.play(move)
        return True

    @property
    def log(self) -> list[str]:
        """The last-moves panel's lines, oldest first, in the current language: the game's
        public record as the viewer may be told it (never a move taken back; table_log)."""
        return self.last_moves.lines(self.game, self.observer(), self.config.names)

    def name(self, seat: int) -> str:
        """A seat's name as shown now (a default name follows the language: "Robot 2" → "Bot 2")."""
        return i18n.seat_name(self.config.names[seat])

    def describe(self, entry: PublicMove) -> str:
        """One move of the public record in words, as the panel would say it now."""
        return said_lines(self.game, [entry], self.config.names)[0]

    def show(self, text: str, kind: str = "info") -> None:
        """Say something for a few seconds in the status line: a note or instruction
        ("info"), why something was refused ("refusal"), what a forgotten "Carte !" cost
        ("penalty"); each has its own look."""
        self.message = text
        self.message_kind = kind
        self.message_until = self.now + MESSAGE_TIME

    def refuse(self, reason: str) -> None:
        """Say why a move or a key was refused, in the refusal's look."""
        self.show(i18n.tr("table.refused", reason=reason), "refusal")

    def why_not(self, move: Move | str) -> str | None:
        """Why the rules would refuse `move` now, in words (None if they accept it)."""
        return refusal_words(self.game, move)

    # --- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.phones.update()  # the phones' moves, and every change told to them
        if self.covered():
            return  # paused: the clock, the flights and the bots wait for the table to show
        self.now += dt
        self._prepare_one()
        if self.message and self.now >= self.message_until:
            self.message = ""
        self.flights = [f for f in self.flights if not f.done(self.now)]
        if not self.flights and self.bots.land():
            return  # the next bot thinks from the next frame on: its thread would slow this one's redraw
        if self.flights or self.bots.pending or self.overlay_open or self.phones.codes_open:
            return
        if self.game.round_over:
            self._open_round_end()
            return
        if self._needs_handoff():
            self._open_handoff()
            return
        self.bots.drive(dt)

    def prepare(self, faces: Sequence[tuple[Card, int]]) -> None:
        """Faces (card, width) the table will soon show: drawn ahead, one a frame, so that no
        frame draws many (a meld laid at 4K: six faces, 12 ms)."""
        self._to_prepare.extend(faces)

    def _prepare_one(self) -> None:
        while self._to_prepare:
            card, width = self._to_prepare.pop(0)
            art = self.art(width)
            if not art.has_face(card):
                art.face(card)
                return

    def _needs_handoff(self) -> bool:
        seat = self.game.to_play
        return self.config.hot_seat and self.config.at_screen(seat) and self.viewer != seat

    def _open_handoff(self) -> None:
        from ramigui.ui.overlays import HandoffScene

        self.viewer = None
        self.hand.hide()
        self._sync()
        if self.app is not None:
            self.overlay_open = True
            self.app.push(HandoffScene(self.game.to_play, self.name(self.game.to_play)))

    def _open_round_end(self) -> None:
        from ramigui.ui.overlays import RoundEndScene

        if self.app is not None:
            self.overlay_open = True
            auto = not any(self.config.humans)
            self.app.push(RoundEndScene(self.game, self.config.names, auto_continue=auto))

    # --- events -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEMOTION:
            self._kept.recheck()  # a key or a click may change what a family shows: its parts' keys say
        if event.type == UI_ACTION:
            return self._action(event.action, event)
        if event.type == pygame.KEYDOWN and self.keys.meld_entry is not None:
            return self._key(event.key)  # a meld number is being typed: no shortcut fires
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            greyed = next((b for b in self.buttons
                           if b.visible and not b.enabled and b.rect.collidepoint(event.pos)), None)
            if greyed is not None and self._explain(greyed):
                return True  # a click on a greyed button says why, as its key does
        if event.type == pygame.KEYDOWN:
            return self._key(event.key) or self._explain_key(event.key)
        intents = self.pointer.handle_event(event, self.frame())
        return intents is not None and self.apply(intents)

    def _key(self, key: int) -> bool:
        intents = self.keys.key(key, self.frame())
        return intents is not None and self.apply(intents)

    def _explain_key(self, key: int) -> bool:
        """A shortcut of a button that cannot be used now (K when no knock is allowed) says
        why instead of doing nothing: the rules' reason for the move it stands for, or
        whose turn it is. A button hidden at this step counts too (Gin's K while the
        upcard is offered): its key is still the player's way of asking for that move."""
        button = next((b for b in self.buttons if b.key == key and not (b.visible and b.enabled)), None)
        return button is not None and self._explain(button)

    def _explain(self, button: Button) -> bool:
        """Say why a button cannot be used now (False: nothing to say)."""
        if self.game.round_over:
            return False
        if not self.is_human_turn():
            if self.viewer is None or button.action in SORT_ACTIONS:
                return False
            self.refuse(i18n.tr("table.not_your_turn", name=self.name(self.game.to_play)))
            return True
        try:
            move = self.family.intended(button.action, self.frame())
        except IllegalMove as error:  # chosen cards the rules cannot even write as that move
            self.refuse(i18n.reason_text(error))
            return True
        reason = self.why_not(move) if move is not None else None
        if reason is None:
            return False
        self.refuse(reason)
        return True

    def _action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "answer":
            return self._answered(int(getattr(event, "index", -1)))
        if action == "claim":
            self.overlay_open = False
            if getattr(event, "seat", None) == self.game.to_play:
                self.viewer = event.seat
                self.hand.hide()
                self.fresh = self.drawn_this_turn()
                self._sync()
                self._sort(self.chosen_sort())
            return True
        if action == "round_closed":
            self.overlay_open = False
            self._next_round()
            return True
        if action == "phones":
            self.phones.show_codes()
            return True
        if action in SORT_ACTIONS:
            before = list(self.order)
            self._sort(action[5:])
            already = i18n.tr("table.already_sorted")
            if self.order == before:  # nothing moved: say so, or the button seems dead
                self.show(already)
            elif self.message == already:
                self.message = ""
            if self.viewer is not None:
                self.sorts_chosen[self.viewer] = self.sort_mode
            return True
        intents = self.family.action(action, self.frame())
        return intents is not None and self.apply(intents)

    def close_round(self) -> None:
        """The round's end was seen (a phone asked for the next deal): close its screen and
        deal, as a click on it would."""
        from ramigui.ui.overlays import RoundEndScene

        if self.app is not None and isinstance(self.app.top, RoundEndScene):
            self.app.pop()
        self.overlay_open = False
        self._next_round()

    def _next_round(self) -> None:
        if self.game.game_over:
            self.game = Game.new(get_variant(self.config.variant, **self.config.options), self.config.players,
                                 self.config.seed + 1)
            self.config.seed += 1
        else:
            self.play("next")
        self.viewer = self._initial_viewer() if not self.config.hot_seat else None
        self.hand.hide()
        self.fresh = None
        self.sort_mode = self.chosen_sort()
        self._sync()
        self._sort(self.sort_mode)

    def _sort(self, mode: str) -> None:
        """Sort the hand by suit or by rank; "none" (a setting) keeps the order as dealt. The
        keyboard's cursor and the selection stay on their cards."""
        self.sort_mode = mode
        self.hand.arrange(self._arranged(self.order, mode))
        self.hand.own_order = False
        self.relayout()

    def _still_sorted(self) -> bool:
        """Whether the hand keeps its sort order (by suit, by rank, or the family's own
        grouping by melds): the player has not arranged it by hand (`HandState.own_order`)
        — then a new card is slotted in rather than put at the end."""
        return self.sort_mode in ("suit", "rank", "melds") and not self.hand.own_order

    def _arranged(self, cards: list[Card], mode: str) -> list[Card]:
        """The cards in the hand order `mode` asks for: by suit or rank with the melds the
        hand holds first (see hand_groups), melds (the family's own grouping: gin lays its
        best melds side by side, the deadwood by rank), none (as they came)."""
        if mode == "melds":
            return self.family.arranged(cards)
        if mode == "none":
            return list(cards)
        return grouped(cards, self.hand_melds(cards), Card.sort_key if mode == "suit" else Card.rank_key)

    def hand_melds(self, cards: list[Card]) -> list[Group]:
        """The melds these hand cards hold (the rules' meld search), remembered for the last
        hand asked: the layout asks on every move."""
        key = tuple(sorted(cards, key=Card.sort_key))
        if self._melds_of[0] != key:
            self._melds_of = (key, hand_melds(key, self.view.variant))
        return self._melds_of[1]

    def open_pile(self) -> bool:
        """Spread the discard pile over the table (what the rules' public view holds of it)."""
        from ramigui.ui.pile_view import PileScene

        pile = self.view.public.discard
        if self.app is None or self.drag is not None:
            return False
        self.app.push(PileScene(tuple(pile), self.art))
        return True

    # --- drawing ------------------------------------------------------------------------------

    # The table stands still between changes: felt, seats, piles, melds, hand and panel are
    # kept in `_kept` (kept_table), composed anew only where they changed; a frame puts the
    # kept layer on screen, then the moving cards and the buttons. `draw_changes` restores
    # only what moved or changed.

    def changed(self, melds_too: bool = False) -> None:
        """Compose the still table whole at the next frame (something it shows has changed
        that its parts' keys may not see: a family's own state, a key pressed); `melds_too`:
        draw the melds anew too (else they are put back if nothing they show has changed)."""
        self._kept.forget(melds_too)

    def draw(self, surface: pygame.Surface) -> None:
        frame = self.frame()
        self._share_text_sizes()
        surface.blit(self._kept_layer(frame, surface)[0], (0, 0))
        self._refresh_meld(frame)
        self._draw_moving(surface, frame, moving_cards(frame))
        self._draw_buttons(surface, self.buttons)

    def draw_changes(self, surface: pygame.Surface) -> list[pygame.Rect] | None:
        """Draw over this scene's previous frame, still on `surface`: only the places of the
        moving cards (then and now), of the parts of the still table that changed, and of
        the buttons over them or whose look changed; the rectangles changed, or None when
        the whole frame was drawn."""
        frame = self.frame()
        self._share_text_sizes()
        image = self._kept.image
        if (type(self).draw is not TableScene.draw  # a table that draws more over itself
                or image is None or image.get_size() != surface.get_size()):
            self.draw(surface)
            return None
        kept, places = self._kept_layer(frame, surface)
        self._refresh_meld(frame)
        moving = moving_cards(frame)
        if places is None:
            surface.blit(kept, (0, 0))
            self._draw_moving(surface, frame, moving)
            self._draw_buttons(surface, self.buttons)
            return None
        places = [*places, *self._moved, *(moving_area(rect) for _, rect, _ in moving)]
        buttons, places = self._buttons_over(places)
        changed = merged([rect.clip(surface.get_rect()) for rect in places])
        for rect in changed:
            surface.blit(kept, rect, rect)
        self._draw_moving(surface, frame, moving)
        self._draw_buttons(surface, buttons)
        return changed

    def _buttons_over(self, places: list[pygame.Rect]) -> tuple[list[Button], list[pygame.Rect]]:
        """The buttons to draw again (those whose look changed, and those a place to restore
        reaches, whole), and the places with the buttons' own (then and now)."""
        looks = [_look(button) for button in self.buttons]
        before = self._button_looks or []
        places = list(places)
        if len(before) != len(looks):  # other buttons: every old one's place restored
            places += [look[0] for look in before]
            before = []
        chosen = [k for k, look in enumerate(looks) if k >= len(before) or look != before[k]]
        places += [looks[k][0] for k in chosen] + [before[k][0] for k in chosen if k < len(before)]
        grown = True
        while grown:  # a button a place reaches is drawn whole, so restored whole first
            grown = False
            for k, look in enumerate(looks):
                if k not in chosen and look[0].collidelist(places) >= 0:
                    chosen.append(k)
                    places.append(look[0])
                    grown = True
        return [self.buttons[k] for k in sorted(chosen)], places

    def _refresh_meld(self, frame: TableFrame) -> None:
        if self.buttons:  # the selection changes between moves: the Meld button follows it
            self.family.refresh_meld({button.action: button for button in self.buttons}, frame)

    def _draw_moving(self, surface: pygame.Surface, frame: TableFrame, moving: list[Moving]) -> None:
        draw_moving(surface, frame, moving)
        self._moved = [moving_area(rect) for _, rect, _ in moving]

    def _draw_buttons(self, surface: pygame.Surface, buttons: list[Button]) -> None:
        for button in buttons:
            button.draw(surface)
        self._button_looks = [_look(button) for button in self.buttons]

    def notes_key(self) -> object:
        """What `draw_notes` shows: the still table is composed anew when it changes."""
        return None

    def draw_notes(self, surface: pygame.Surface) -> None:
        """Notes a kind of table shows over the still table (composed into the kept layer)."""

    def _kept_layer(self, frame: TableFrame, surface: pygame.Surface
                    ) -> tuple[pygame.Surface, list[pygame.Rect] | None]:
        """The still table as `frame` shows it, and where it changed (None: everywhere)."""
        background = felt(surface.get_size(), self.app.settings.table_colour if self.app else "green")
        places = self._kept.compose(frame, self.family, surface, background, self.draw_notes, self.notes_key())
        assert self._kept.image is not None
        return self._kept.image, places


def _look(button: Button) -> tuple[pygame.Rect, bool, bool, bool, str, int]:
    """What a button shows: where (with its shadow), whether shown, enabled, lit, its label and its size."""
    return button.area(), button.visible, button.enabled, button.hot, button.label(), button.text_size


def put_back(before: Sequence[Card], kept: Sequence[Card], returning: Sequence[Card]) -> list[Card]:
    """`kept` (the hand as the player has it now) with the `returning` cards each put right
    after the card that preceded it in `before` (the order before the move taken back), so
    a group comes back whole beside its neighbour even if the player moved cards since."""
    here = Counter(kept)
    owed = Counter(returning)
    where: dict[tuple[Card, int], int] = {}
    counted: Counter[Card] = Counter()
    for index, card in enumerate(kept):
        where[(card, counted[card])] = index
        counted[card] += 1
    after: dict[int, list[Card]] = {}
    anchor = -1
    counted.clear()
    for card in before:
        occurrence = counted[card]
        counted[card] += 1
        if occurrence < here[card]:
            anchor = where[(card, occurrence)]
        elif owed[card] > 0:
            owed[card] -= 1
            after.setdefault(anchor, []).append(card)
    arranged = list(after.get(-1, []))
    for index, card in enumerate(kept):
        arranged += [card, *after.get(index, [])]
    return arranged + list(owed.elements())  # none, unless the hand changed some other way

