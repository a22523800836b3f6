"""The table scene: every family (rummy, gin, Yami) played with the mouse, keyboard or a finger.

The scene never decides a rule. Every action becomes a `Move` and goes through
`Game.play`, the one checked path; legal drop targets are found by asking
`Game.is_legal`. Card sprites are views of the state, re-synced after each move: a drag
moves only sprites, and a refused drop slides the card back with the translated reason.

Hands shown: only `visible_seat()`'s, read from `game.view(seat)`. In hot-seat games the
hand is hidden between two people's turns until the next one claims the screen.

The scene is the part every family shares; what differs (buttons, prompts, panels, the
questions asked before a move) comes from a `FamilyTable` (table_family, table_gin,
table_yami). A person's moves go through `human_play`, which may first ask a question
(confirm a knock, going out); bots' moves go straight to `play`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Game, IllegalMove, Move, PlayerView
from ramigui.rules.moves import as_move
from ramigui.rules.yami_boxes import box_of
from ramigui.ui import layout as lay_mod
from ramigui.ui.anim import Flight
from ramigui.ui.app import Scene
from ramigui.ui.cardart import CardArt, DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.felt import felt
from ramigui.ui.seats import BotRunner, Chooser, TableConfig, fallback_choose, make_chooser
from ramigui.ui.table_dialog import Question, QuestionScene
from ramigui.ui.table_draw import draw_table
from ramigui.ui.table_family import ButtonSpec, FamilyTable, family_table
from ramigui.ui.table_yami import box_label
from ramigui.ui.widgets import UI_ACTION, Button

DRAG_THRESHOLD = 8
SORT_ACTIONS = ("sort_suit", "sort_rank", "sort_melds")
FLIGHT_TIME = 0.38
BOT_PAUSE = 0.55
MESSAGE_TIME = 5.0


def seating(view: PlayerView, me: int) -> list[int]:
    """The other seats from left to right across the top of the table.

    Seen from the viewer at the bottom, play "to the left" reaches the player on their left
    first, so the next player sits leftmost; play "to the right" mirrors the row. (Rummy and
    gin number seats in play order; Yami's engine steps through seats in its direction.)"""
    if me < 0:
        return list(range(view.players))
    right = view.variant.direction == "right"
    step = -1 if right and view.variant.family == "yami" else 1
    in_play_order = [(me + step * k) % view.players for k in range(1, view.players)]
    return in_play_order[::-1] if right else in_play_order


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


class TableScene(Scene):
    """One game at the table, from the deal to the end of the game."""

    def __init__(self, config: TableConfig, game: Game | None = None) -> None:
        super().__init__()
        self.config = config
        self.game = game or Game.new(config.variant, config.players, config.seed, config.options)
        self.choosers: dict[int, Chooser] = {
            seat: make_chooser(config.variant, config.levels[seat], config.seed * 31 + seat)
            for seat in range(config.players) if not config.humans[seat]
        }
        self.runner = BotRunner()
        self.rng = random.Random(config.seed)
        self.viewer: int | None = self._initial_viewer()
        self.order: list[Card] = []
        self.selected: set[int] = set()
        self.focus = 0
        self.sort_mode = "suit"
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.flights: list[Flight] = []
        self.pending: tuple[int, Move] | None = None
        self.message = ""
        self.message_until = 0.0
        self.meld_entry: tuple[str, str] | None = None  # ("layoff" | "take", digits typed)
        self.log: list[str] = []  # filled from the game's own log once the view exists
        self.now = 0.0
        self.bot_wait = BOT_PAUSE
        self.overlay_open = False
        self.view: PlayerView = self.game.view(self.viewer if self.viewer is not None else 0)
        self.family: FamilyTable = family_table(self)
        self.question: Question | None = None
        self.layout: lay_mod.TableLayout | None = None
        self.size = (1280, 800)
        self.buttons: list[Button] = []
        self.button_rows: list[list[Button]] = []
        self._sync()
        self.log = self._recalled_log()

    # --- who sees what ---------------------------------------------------------------------

    def _initial_viewer(self) -> int | None:
        humans = [s for s, h in enumerate(self.config.humans) if h]
        if not humans:
            return 0  # demo: everyone is a bot, show the first seat's hand
        if len(humans) == 1:
            return humans[0]
        return None  # hot-seat: nobody's hand until someone claims the screen

    def visible_seat(self) -> int | None:
        """The seat whose hand is drawn face up (None: every hand hidden)."""
        return self.viewer

    def is_human_turn(self) -> bool:
        g = self.game
        return not g.round_over and self.config.humans[g.to_play] and self.viewer == g.to_play

    # --- life cycle -------------------------------------------------------------------------

    def enter(self, app: Any) -> None:
        super().enter(app)
        self._make_buttons()
        self.bot_wait = BOT_PAUSE * self.bot_pace
        self.sort_mode = getattr(app.settings, "hand_sort", "suit")
        self.order = []  # re-deal the hand's order by the player's chosen sort
        self._sync()

    def leave(self) -> None:
        self.runner.close()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self._relayout()

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
        style = DeckStyle(settings.four_colour if settings else False, settings.back if settings else "blue")
        return card_art(width, style, rank_letters(i18n.tr))

    def busy(self) -> bool:
        g = self.game
        bot_turn = not g.round_over and not self.config.humans[g.to_play]
        return bool(self.flights or self.drag or self.runner.thinking or bot_turn or self.pending
                     or (self.message and self.now < self.message_until))

    # --- state → sprites --------------------------------------------------------------------

    def _sync(self) -> None:
        """Re-read the view after a move: the hand order keeps its cards, adds new ones."""
        seat = self.viewer if self.viewer is not None else self.game.to_play
        self.view = self.game.view(seat)
        hand = list(self.view.hand) if self.viewer is not None else []
        remaining = Counter(hand)
        kept: list[Card] = []
        for card in self.order:
            if remaining[card] > 0:
                kept.append(card)
                remaining[card] -= 1
        added: list[Card] = []
        for card in hand:
            if remaining[card] > 0:
                added.append(card)
                remaining[card] -= 1
        if not kept or (added and self._still_sorted(kept)):
            self.order = self._arranged(kept + added, self.sort_mode)  # a drawn card finds its place
        else:
            self.order = kept + added  # the player's own order: new cards go to the right
        self.selected = {i for i in self.selected if i < len(self.order)}
        self.focus = min(self.focus, max(0, len(self.order) - 1))
        self._relayout()

    def _relayout(self) -> None:
        view = self.view
        me = self.viewer if self.viewer is not None else -1
        opponents = seating(view, me)
        melds = view.public.get("melds", ()) if view.public else ()
        owners = [(m.owner, len(m.cards)) for m in melds]
        scale = self.app.settings.card_scale if self.app is not None else 1.0
        self.layout = lay_mod.compute(self.size, opponents, len(self.order), owners, scale, len(self._button_rows()))
        self._refresh_buttons()
        self._place_buttons()

    def _button_rows(self) -> list[list[ButtonSpec]]:
        """The side panel's buttons row by row (the family's; subclasses add rows)."""
        return self.family.button_rows()

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

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return  # not entered yet: the buttons are made in `enter`
        by_action = {button.action: button for button in self.buttons}
        for name in SORT_ACTIONS:
            if name in by_action:
                by_action[name].enabled = self.viewer is not None
        self.family.refresh(by_action)

    # --- playing moves -----------------------------------------------------------------------

    def play(self, move: Move | str) -> bool:
        """Try a move through the rules; on refusal show the translated reason."""
        seat = self.game.to_play
        before = self.view
        try:
            played = self.game.play(move)
        except IllegalMove as error:
            self.show(i18n.tr("table.refused", reason=i18n.reason_text(error)))
            return False
        self.log.append(self.describe(seat, played, before))
        self.log = self.log[-40:]
        if self.config.hot_seat and self.game.to_play != seat and self.viewer == seat:
            self.viewer = None  # a person's turn ended: hide their hand at once
            self.order = []
        self.selected.clear()
        self.bot_wait = BOT_PAUSE * self.bot_pace
        self._sync()
        return True

    def human_play(self, move: Move | str) -> bool:
        """A person's move: first the family's question if it has one (confirm a knock,
        going out, discard or knock?), else played at once. False if not played now."""
        try:
            parsed = as_move(move)
        except IllegalMove as error:
            self.show(i18n.tr("table.refused", reason=i18n.reason_text(error)))
            return False
        question = self.family.question_before(parsed)
        if question is None or self.app is None:
            return self.play(parsed)
        self.question = question
        self.app.push(QuestionScene(question))
        return False

    def _answered(self, index: int) -> bool:
        """The answer to the open question: play its move (a cancel plays nothing)."""
        question, self.question = self.question, None
        if question is None or not 0 <= index < len(question.answers):
            return True
        move = question.answers[index][1]
        if move is not None and self.is_human_turn():
            self.play(move)
        return True

    def _recalled_log(self) -> list[str]:
        """The last-moves panel of a game resumed or replayed: its recent moves in words
        (which card a take took is not known without the view before it, so it is said
        without the card)."""
        return [self.describe(seat, move, None) for seat, move in self.game.log[-40:]]

    def describe(self, seat: int, move: Move, before: PlayerView | None) -> str:
        """The last-moves panel line: the move in words, with who played it."""
        name = self.config.names[seat]
        kind = move.kind
        params: dict[str, Any] = {"name": name, "n": move.target or 0}
        if move.cards:
            params["card"] = move.cards[0]
            params["cards"] = list(move.cards)
        if kind == "take" and move.target is None:
            pile = before.public.get("discard", ()) if before is not None and before.public else ()
            if pile:
                params["card"] = pile[-1]
            else:
                kind = "take_top"
        if kind == "take" and move.target is not None:
            kind = "take_meld"
        if kind == "gin" and not move.cards:
            kind = "big_gin"
        if kind in ("score", "cross"):
            box = box_of(move.word or "") or move.word or ""
            params["box"] = box_label(box)
            sheets = self.game.view(seat).public.get("sheets", ()) if kind == "score" else ()
            params["points"] = sheets[seat].get(box) if seat < len(sheets) else ""
        key = f"move.{kind}"  # i18n.tr picks its ".you" form for the viewer: "Vous avez pioché"
        if not i18n.has_key(key):
            return i18n.tr("move.other", name=name, move=str(move))
        return i18n.tr(key, **params)

    def show(self, text: str) -> None:
        self.message = text
        self.message_until = self.now + MESSAGE_TIME

    # --- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.now += dt
        if self.message and self.now >= self.message_until:
            self.message = ""
        self.flights = [f for f in self.flights if not f.done(self.now)]
        if self.pending and not self.flights:
            seat, move = self.pending
            self.pending = None
            self._apply_bot_move(seat, move)
        if self.flights or self.pending or self.overlay_open:
            return
        if self.game.round_over:
            self._open_round_end()
            return
        if self._needs_handoff():
            self._open_handoff()
            return
        self._drive_bot(dt)

    def _needs_handoff(self) -> bool:
        seat = self.game.to_play
        return self.config.hot_seat and self.config.humans[seat] and self.viewer != seat

    def _open_handoff(self) -> None:
        from ramigui.ui.overlays import HandoffScene

        self.viewer = None
        self.order = []
        self._sync()
        if self.app is not None:
            self.overlay_open = True
            self.app.push(HandoffScene(self.game.to_play, self.config.names[self.game.to_play]))

    def _open_round_end(self) -> None:
        from ramigui.ui.overlays import RoundEndScene

        if self.app is not None:
            self.overlay_open = True
            auto = not any(self.config.humans)
            self.app.push(RoundEndScene(self.game, self.config.names, auto_continue=auto))

    def _drive_bot(self, dt: float) -> None:
        seat = self.game.to_play
        if self.config.humans[seat]:
            return
        move = self.runner.poll()
        if move is not None:
            self._animate_bot_move(seat, move)
            return
        if self.runner.thinking:
            return
        self.bot_wait -= dt
        if self.bot_wait <= 0 or self.bot_pace <= 0:
            self.runner.start(self.choosers[seat], self.game.view(seat))

    def _apply_bot_move(self, seat: int, move: Move) -> None:
        """Play the bot's move; a move the rules refuse is replaced by a legal one."""
        if self.game.to_play != seat or self.game.round_over:
            return
        if self.game.is_legal(move) and self.play(move):
            return
        view = self.game.view(seat)
        candidates = [m for m in view.legal_moves if m.kind not in ("undo",)]
        self.rng.shuffle(candidates)
        first = fallback_choose(view, self.rng)
        for candidate in [first, *candidates]:
            if self.game.is_legal(candidate) and self.play(candidate):
                return
        self.play("undo")

    def _animate_bot_move(self, seat: int, move: Move) -> None:
        """Fly the card of a bot's move, then play it when it lands."""
        flight = self._flight_for(seat, move)
        if flight is None or self.pace <= 0:
            self._apply_bot_move(seat, move)
            return
        self.flights.append(flight)
        self.pending = (seat, move)

    def _seat_rect(self, seat: int) -> pygame.Rect:
        assert self.layout is not None
        if seat in self.layout.opponents:
            return self.layout.opponents[seat]
        return self.layout.hand_area

    def _flight_for(self, seat: int, move: Move) -> Flight | None:
        layout = self.layout
        if layout is None:
            return None
        src_area = self._seat_rect(seat)
        small = pygame.Rect(0, 0, layout.pile_w, layout.pile_h)
        small.center = src_area.center
        duration = FLIGHT_TIME * self.pace
        pile = self.view.public.get("discard", ()) if self.view.public else ()
        if move.kind == "draw":
            return Flight(None, layout.stock.copy(), small, self.now, duration)
        if move.kind == "take" and move.target is None and pile:
            return Flight(pile[-1], layout.discard.copy(), small, self.now, duration, ("discard", 0))
        if move.kind in ("discard", "knock", "gin") and move.cards:
            return Flight(move.cards[0], small, layout.discard.copy(), self.now, duration)
        if move.kind in ("meld", "layoff", "swap") and move.cards:
            dest = self._meld_dest(move)
            return Flight(move.cards[0], small, dest, self.now, duration)
        return None

    def _meld_dest(self, move: Move) -> pygame.Rect:
        assert self.layout is not None
        width = self.layout.meld_w or self.layout.pile_w
        rect = pygame.Rect(0, 0, width, card_height(width))
        if move.target is not None:
            for spot in self.layout.melds:
                if spot.number == move.target:
                    rect.topleft = spot.cards[-1].topleft
                    return rect
        if self.layout.melds:
            last = self.layout.melds[-1].rect
            rect.topleft = (last.right + self.layout.margin, last.top)
            return rect.clamp(self.layout.melds_area)
        rect.topleft = self.layout.melds_area.topleft
        return rect

    # --- events -----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION:
            return self._action(event.action, event)
        for button in self.buttons:
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return False  # the finger events below handle touch
            if event.type == pygame.MOUSEMOTION:
                return self.pointer_move(event.pos)
            if event.button == 3 and event.type == pygame.MOUSEBUTTONUP and self.layout is not None \
                    and self.layout.discard.collidepoint(event.pos):
                return self.open_pile()
            if event.button != 1:
                return False
            if event.type == pygame.MOUSEBUTTONDOWN:
                return self.pointer_down(event.pos)
            return self.pointer_up(event.pos)
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            pos = (int(event.x * self.size[0]), int(event.y * self.size[1]))
            handler = {pygame.FINGERDOWN: self.pointer_down, pygame.FINGERMOTION: self.pointer_move,
                       pygame.FINGERUP: self.pointer_up}[event.type]
            return handler(pos)
        return False

    def _action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "answer":
            return self._answered(int(getattr(event, "index", -1)))
        if action == "claim":
            self.overlay_open = False
            if getattr(event, "seat", None) == self.game.to_play:
                self.viewer = event.seat
                self.order = []
                self._sync()
                self._sort(self.sort_mode)
            return True
        if action == "round_closed":
            self.overlay_open = False
            self._next_round()
            return True
        if action in SORT_ACTIONS:
            self._sort(action[5:])
            return True
        return self.family.action(action)

    def _next_round(self) -> None:
        if self.game.game_over:
            self.game = Game.new(self.config.variant, self.config.players, self.config.seed + 1, self.config.options)
            self.config.seed += 1
            self.log.clear()
        else:
            self.play("next")
        self.viewer = self._initial_viewer() if not self.config.hot_seat else None
        self.order = []
        self._sync()
        self._sort(self.sort_mode)

    def _sort(self, mode: str) -> None:
        """Sort the hand by suit or by rank; "none" (a setting) keeps the order as dealt."""
        self.sort_mode = mode
        self.order = self._arranged(self.order, mode)
        self.selected.clear()
        self._relayout()

    def _still_sorted(self, cards: list[Card]) -> bool:
        """Whether the hand is still in its sort order (by suit or rank), i.e. the player has
        not arranged it by hand — then a new card is slotted in rather than put at the end."""
        return self.sort_mode in ("suit", "rank") and cards == self._arranged(cards, self.sort_mode)

    def _arranged(self, cards: list[Card], mode: str) -> list[Card]:
        """The cards in the hand order `mode` asks for: suit, rank, melds (the family's
        own grouping: gin lays its best melds side by side), none (as they came)."""
        if mode == "melds":
            return self.family.arranged(cards)
        if mode == "none":
            return list(cards)
        return sorted(cards, key=Card.sort_key if mode == "suit" else Card.rank_key)

    # --- keyboard --------------------------------------------------------------------------

    def _key(self, key: int) -> bool:
        if self.is_human_turn() and self.family.key(key):
            return True
        count = len(self.order)
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and count:
            self.focus = (self.focus + (1 if key == pygame.K_RIGHT else -1)) % count
            return True
        if key == pygame.K_SPACE and count:
            self.selected ^= {self.focus}
            return True
        if key == pygame.K_ESCAPE:
            self.selected.clear()
            self.meld_entry = None
            return True
        if key == pygame.K_v:
            return self.open_pile()
        if not self.is_human_turn():
            return False
        phase = self.view.public.get("phase") if self.view.public else None
        if self._meld_key(key):
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self._enter(phase)
        if key == pygame.K_p:
            return self.human_play("draw")
        if key == pygame.K_t:
            return self.human_play("take")
        if key == pygame.K_m:
            return self._play_cards("meld")
        if key == pygame.K_d:
            return self._play_cards("discard")
        return False

    def _meld_key(self, key: int) -> bool:
        """Melds by number from the keyboard: digits lay the chosen cards off on that meld,
        X then digits takes a card from it. A number is played as soon as no longer one
        could follow (with 12 melds, "3" plays at once, "1" waits for a digit or Enter)."""
        melds = len(self.view.public.get("melds", ())) if self.view.public else 0
        if key == pygame.K_x:
            self.meld_entry = ("take", "")
            self.show(i18n.tr("table.meld_number.take", digits=""))
            return True
        digit = key - pygame.K_0 if pygame.K_0 <= key <= pygame.K_9 else None
        intent, digits = self.meld_entry or ("layoff", "")
        if digit is not None and (digits or digit):
            digits += str(digit)
            if int(digits) * 10 > melds:
                return self._meld_chosen(intent, int(digits))
            self.meld_entry = (intent, digits)
            self.show(i18n.tr(f"table.meld_number.{intent}", digits=digits))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and digits:
            return self._meld_chosen(intent, int(digits))
        return False

    def _meld_chosen(self, intent: str, number: int) -> bool:
        self.meld_entry = None
        self.message = ""
        if intent == "layoff":
            return self._play_cards("layoff", number)
        options = [m for m in self.view.legal_moves if m.kind == "take" and m.target == number]
        if len(options) == 1 or not options:
            melds = self.view.public.get("melds", ()) if self.view.public else ()
            card = options[0].cards if options else melds[number - 1].cards[:1] if 0 < number <= len(melds) else ()
            return self.human_play(Move("take", tuple(card), number))  # none legal: the rules say why
        answers = tuple((i18n.tr("table.take_card", card=m.cards[0]), m) for m in options)
        self.question = Question(i18n.tr("table.take_which", n=number), (*answers, (i18n.tr("button.cancel"), None)))
        if self.app is not None:
            self.app.push(QuestionScene(self.question))
        return False

    def _enter(self, phase: str | None) -> bool:
        if self.game.is_legal(Move("draw")) and not self.selected:
            return self.human_play("draw")
        if len(self.selected) >= 2:
            return self._play_cards("meld")
        return self._play_cards("discard")

    def _chosen_cards(self) -> list[Card]:
        indices = sorted(self.selected) or ([self.focus] if self.order else [])
        return [self.order[i] for i in indices if i < len(self.order)]

    def _play_cards(self, kind: str, meld: int | None = None) -> bool:
        cards = self._chosen_cards()
        if not cards:
            return False
        if kind == "discard":
            return self.human_play(Move("discard", (cards[0],)))
        if kind == "meld":
            return self.human_play(Move("meld", tuple(self._meld_order(cards))))
        return self.human_play(self._layoff_move(cards, meld or 0))

    @staticmethod
    def _meld_order(cards: list[Card]) -> list[Card]:
        """The cards of a new meld, given in hand order: the natural cards sorted, each joker
        kept where it sits among them — so the player chooses the joker's place in a run by
        placing it in the hand (J♠ Q♠ JK makes J-Q-K; JK J♠ Q♠ makes 10-J-Q)."""
        naturals = iter(sorted((c for c in cards if not c.is_joker), key=Card.sort_key))
        return [card if card.is_joker else next(naturals) for card in cards]

    def _layoff_move(self, cards: list[Card], number: int) -> Move:
        """Lay off; a single card that the meld's joker stands for becomes a swap."""
        layoff = Move("layoff", tuple(cards), number)
        if len(cards) == 1 and not self.game.is_legal(layoff):
            swap = Move("swap", tuple(cards), number)
            if self.game.is_legal(swap):
                return swap
        return layoff

    # --- pointer (mouse and finger) -------------------------------------------------------------

    def hit_hand(self, pos: tuple[int, int]) -> int | None:
        """The index of the topmost hand card under `pos` (selected cards stand raised)."""
        if self.layout is None:
            return None
        for i in range(len(self.layout.hand) - 1, -1, -1):
            if self.hand_rect(i).collidepoint(pos):
                return i
        return None

    def hand_rect(self, index: int) -> pygame.Rect:
        assert self.layout is not None
        rect = self.layout.hand[index].copy()
        if index in self.selected:
            rect.y -= int(self.layout.card_h * 0.18)
        return rect

    def hit_meld(self, pos: tuple[int, int]) -> tuple[int, Card | None] | None:
        """(meld number, card under pos) for the meld under `pos`."""
        if self.layout is None:
            return None
        melds = self.view.public.get("melds", ()) if self.view.public else ()
        for spot in self.layout.melds:
            if spot.rect.inflate(6, 6).collidepoint(pos) or spot.tag.collidepoint(pos):
                cards = melds[spot.number - 1].cards if spot.number <= len(melds) else ()
                for j in range(len(spot.cards) - 1, -1, -1):
                    if spot.cards[j].collidepoint(pos) and j < len(cards):
                        return spot.number, cards[j]
                return spot.number, None
        return None

    def pointer_down(self, pos: tuple[int, int]) -> bool:
        if self.layout is None or self.flights:
            return False
        if self.is_human_turn() and self.family.click(pos):
            return True
        index = self.hit_hand(pos)
        if index is not None:
            self.press = Press(pos, "hand", index, self.order[index])
            return True
        if self.layout.stock.collidepoint(pos):
            self.press = Press(pos, "stock")
            return True
        if self.layout.discard.collidepoint(pos):
            self.press = Press(pos, "discard")
            return True
        hit = self.hit_meld(pos)
        if hit is not None:
            self.press = Press(pos, "meld", hit[0], hit[1])
            return True
        self.press = Press(pos, "table")
        return True

    def pointer_move(self, pos: tuple[int, int]) -> bool:
        if self.drag is not None:
            self.drag.pos = pos
            return True
        press = self.press
        if press is None or press.source == "table":
            return False
        if abs(pos[0] - press.pos[0]) + abs(pos[1] - press.pos[1]) < DRAG_THRESHOLD:
            return False
        self._start_drag(press, pos)
        return True

    def _start_drag(self, press: Press, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        if press.source == "hand":
            indices = sorted(self.selected) if press.index in self.selected else [press.index]
            rect = self.hand_rect(press.index)
            cards = [self.order[i] for i in indices]
        else:
            indices, cards = [], [press.card] if press.card is not None else []
            rect = self.layout.stock if press.source == "stock" else self.layout.discard
            if press.source == "discard":
                pile = self.view.public.get("discard", ()) if self.view.public else ()
                cards = [pile[-1]] if pile else []
            if press.source == "meld":
                rect = pygame.Rect(press.pos[0] - 20, press.pos[1] - 20, self.layout.card_w, self.layout.card_h)
        offset = (press.pos[0] - rect.x, press.pos[1] - rect.y)
        self.drag = Drag(press.source, cards, indices, offset, pos, press.index if press.source == "meld" else 0)
        self.drag.lit = self._legal_targets(self.drag)

    def _targets(self) -> list[tuple[str, pygame.Rect]]:
        """Every drop target: the discard pile, each meld, the free table, the hand."""
        assert self.layout is not None
        found = [("discard", self.layout.discard.inflate(12, 12))]
        found += [(f"meld:{spot.number}", spot.rect.inflate(10, 10)) for spot in self.layout.melds]
        found.append(("table", self.layout.melds_area))
        found.append(("hand", self.layout.hand_area))
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
                return self._layoff_move(list(cards), int(target[5:]))
            if target == "table":
                return Move("meld", tuple(self._meld_order(list(cards))))
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
        if not self.is_human_turn():
            return set()
        lit = set()
        for name, _ in self._targets():
            move = self.move_for(drag, name)
            if move is not None and self.game.is_legal(move):
                lit.add(name)
        return lit

    def pointer_up(self, pos: tuple[int, int]) -> bool:
        press, drag = self.press, self.drag
        self.press, self.drag = None, None
        if drag is not None:
            self._drop(drag, pos)
            return True
        if press is not None:
            self._click(press)
            return True
        return False

    def _drop(self, drag: Drag, pos: tuple[int, int]) -> None:
        target = self._target_at(pos)
        if drag.source == "hand" and target == "hand":
            self._reorder(drag, pos)
            return
        move = self.move_for(drag, target) if target else None
        if move is not None and self.is_human_turn() and self.human_play(move):
            return
        if move is None and target not in (None, "hand") and drag.source == "hand":
            self.show(i18n.tr("table.refused", reason=i18n.tr("reason.not_legal")))
        self._slide_back(drag, pos)

    def _slide_back(self, drag: Drag, pos: tuple[int, int]) -> None:
        """The refused cards fly from where they were dropped back to their places."""
        assert self.layout is not None
        for k, index in enumerate(drag.indices):
            home = self.hand_rect(index)
            start = pygame.Rect(pos[0] - drag.offset[0] + k * 20, pos[1] - drag.offset[1], home.width, home.height)
            self.flights.append(Flight(drag.cards[k], start, home, self.now, FLIGHT_TIME * max(0.5, self.pace), ("hand", index)))

    def _reorder(self, drag: Drag, pos: tuple[int, int]) -> None:
        assert self.layout is not None
        moving = [self.order[i] for i in drag.indices]
        rest = [c for i, c in enumerate(self.order) if i not in set(drag.indices)]
        slots = lay_mod.hand_positions(self.layout.hand_area, self.layout.card_w, self.layout.card_h, len(self.order))
        x = pos[0] - drag.offset[0] + self.layout.card_w // 2
        insert = sum(1 for i in range(len(rest)) if slots[i].centerx < x)
        self.order = rest[:insert] + moving + rest[insert:]
        self.selected = set(range(insert, insert + len(moving))) if len(moving) > 1 else set()
        self.focus = insert
        self._relayout()

    def open_pile(self) -> bool:
        """Spread the discard pile over the table (what the rules' public view holds of it)."""
        from ramigui.ui.pile_view import PileScene

        pile = self.view.public.get("discard", ()) if self.view.public else ()
        if self.app is None or self.drag is not None:
            return False
        self.app.push(PileScene(tuple(pile), self.art))
        return True

    def _click(self, press: Press) -> None:
        """Click-to-select: a hand card toggles; a target plays the selected cards."""
        if press.source == "hand":
            self.selected ^= {press.index}
            self.focus = press.index
            return
        if not self.is_human_turn():
            if press.source == "discard":
                self.open_pile()  # out of turn, a tap on the pile only looks at it
            return
        phase = self.view.public.get("phase") if self.view.public else None
        chosen = [self.order[i] for i in sorted(self.selected)]
        if press.source == "stock":
            self.human_play("draw")
        elif press.source == "discard":
            if self.game.is_legal(Move("take")) or not chosen:
                self.human_play("take")
            else:
                self.human_play(Move("discard", (chosen[0],)))
        elif press.source == "meld" and chosen:
            self.human_play(self._layoff_move(chosen, press.index))
        elif press.source == "meld" and phase == "draw" and press.card is not None:
            self.human_play(Move("take", (press.card,), press.index))
        elif press.source == "table" and len(chosen) >= 2 and self.layout is not None \
                and self.layout.melds_area.collidepoint(press.pos):
            self.human_play(Move("meld", tuple(self._meld_order(chosen))))

    # --- drawing ------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size(), self.app.settings.felt if self.app else "green"), (0, 0))
        draw_table(self, surface)
        for button in self.buttons:
            button.draw(surface)
