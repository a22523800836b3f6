"""A past game replayed on the table: every hand face up, the score sheet beside.

Opened from Statistics → Games (the game's kept log) and by `ramigui replay LOG`. The game
is over, so nothing is hidden: each seat's hand shows face up, by suit then rank, and each
meld on the table is underlined in its owner's colour. Forward and back a move
(←/→) or a round (↑/↓, Page Up/Down), to the start or the end (Home/End), play and pause
(Space) at a chosen speed (+/−), the whole score sheet (Tab); "What would Expert play?" (E) asks the hard bot what it
would play for the seat to move, from that seat's view only, with its words, as the hint
does; the round's deal and its proof (D), as the round's end showed them, for a family
checking a deal after the game. Every control is a button too, for a finger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.movetext import describe_move
from ramigui.past_games import ReplayCursor
from ramigui.rules import Game
from ramigui.rules.deal_proof import DealProof
from ramigui.rules.public import YamiPublic
from ramigui.session import GameSession
from ramigui.ui.card_marks import JokerMark, joker_badge, joker_marks
from ramigui.ui.cardart import CardArt, DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.controls import Choice
from ramigui.ui.deal_scene import SHOW_KEY, DealScene
from ramigui.ui.hint import Hint, suggest
from ramigui.ui.layout import SEAT_COLOURS
from ramigui.ui.screen import Context, Screen
from ramigui.ui.table_log import said_lines
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    Button,
    blit_text,
    draw_panel,
    ellipsized,
    fitted_size,
    text_width,
    wrap_lines,
)

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Moves a second when playing."""
EXPERT_LEVEL = "hard"
NAVIGATION = (("round_back", "replay.round_back"), ("move_back", "replay.move_back"), ("play", "replay.play"),
              ("move_forward", "replay.move_forward"), ("round_forward", "replay.round_forward"))
KEYS = {
    pygame.K_LEFT: "move_back",
    pygame.K_RIGHT: "move_forward",
    pygame.K_UP: "round_back",
    pygame.K_DOWN: "round_forward",
    pygame.K_PAGEUP: "round_back",
    pygame.K_PAGEDOWN: "round_forward",
    pygame.K_SPACE: "play",
    pygame.K_e: "expert",
    SHOW_KEY: "deal",
    pygame.K_TAB: "sheet",
    pygame.K_HOME: "first",
    pygame.K_END: "last",
    pygame.K_PLUS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_EQUALS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
}


class ReplayScreen(Screen):
    """The replay of one finished (or abandoned) game, from its start."""

    title_key = "replay.title"
    chooser_row = True

    def __init__(self, ctx: Context, session: GameSession) -> None:
        super().__init__(ctx)
        self.cursor = ReplayCursor(session)
        self.cursor.go(0)
        self.names = [seat.name for seat in session.seats]
        self.sealed_round = session.sealed_round
        self.playing = False
        self.speed = 1.0
        self.clock = 0.0
        self.expert: Hint | None = None
        self.expert_at = -1
        self.why_not: tuple[int, str] | None = None
        """Why the greyed Deal or Expert does nothing here (at which move), said where Expert
        speaks: a click on the greyed Deal said nothing (a newcomer's finding)."""
        self._proofs: dict[int, DealProof | None] = {}

    @property
    def game(self) -> Game:
        return self.cursor.game

    def title_text(self) -> str:
        return f"{i18n.tr('replay.title')} · {i18n.variant_name(self.game.variant)}"

    # --- building ----------------------------------------------------------------------

    def build(self) -> None:
        m = self.m
        top = m.header + m.pad // 2
        height = int(m.row * 0.9)
        width = min(int(m.text * 14), (m.width - 3 * m.pad) // 2)
        speed = Choice("speed", "speed", list(SPEEDS), lambda s: i18n.tr("replay.speed", n=f"{s:g}"),
                       pygame.Rect(m.width - width - m.pad, top, width, height))
        speed.select(self.speed)
        self.add(speed)
        half = (width - m.pad // 2) // 2
        expert = Button("expert", lambda: i18n.tr("replay.expert"), pygame.Rect(m.pad, top, width, height))
        expert.enabled = not self.game.game_over and not self.game.round_over
        self.add(expert)
        sheet = Button("sheet", lambda: i18n.tr("button.scores"),
                       pygame.Rect(expert.rect.right + m.pad, top, min(half + m.pad, speed.rect.left - expert.rect.right
                                                                       - 2 * m.pad), height))
        self.add(sheet)
        room = speed.rect.left - sheet.rect.right - 2 * m.pad
        if room >= sheet.rect.width // 2:  # else D alone shows it (a narrow window)
            deal = Button("deal", lambda: i18n.tr("replay.deal"),
                          pygame.Rect(sheet.rect.right + m.pad, top, min(sheet.rect.width, room), height))
            deal.enabled = self.deal_proof() is not None
            self.add(deal)
        specs = [("back", "common.back"), *NAVIGATION]
        for button in self.footer_buttons([(action, "replay.pause" if action == "play" and self.playing else key)
                                           for action, key in specs]):
            button.enabled = self._can(button.action)
        if self.focus < 0:
            self.focus = 0

    def _can(self, action: str) -> bool:
        at, total = self.cursor.at, self.cursor.total
        if action in ("move_back", "round_back", "first"):
            return at > 0
        if action in ("move_forward", "round_forward", "last", "play"):
            return at < total
        return True

    # --- events ------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The replay's keys come before the focused control's (an arrow steps through
        the game, never the speed chooser: + and − change the speed). A click on a greyed
        Deal or Expert says why it is grey."""
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            return self.on_action(KEYS[event.key], event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            greyed = next((c for c in self.controls if isinstance(c, Button) and not c.enabled
                           and c.action in ("deal", "expert") and c.rect.collidepoint(event.pos)), None)
            if greyed is not None:
                return self.on_action(greyed.action, event)
        return super().handle_event(event)

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        cursor = self.cursor
        moves: dict[str, Callable[[], Game]] = {
            "move_back": lambda: cursor.step(-1),
            "move_forward": lambda: cursor.step(1),
            "round_back": cursor.previous_round,
            "round_forward": cursor.next_round,
            "first": lambda: cursor.go(0),
            "last": lambda: cursor.go(cursor.total),
        }
        if action in moves:
            self.playing = False
            self.why_not = None  # said of the move left
            moves[action]()
        elif action == "play":
            self.playing = not self.playing and cursor.at < cursor.total
            self.clock = 0.0
        elif action == "speed":
            self.speed = float(event.value)
        elif action in ("faster", "slower"):
            index = SPEEDS.index(self.speed) + (1 if action == "faster" else -1)
            self.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, index))]
        elif action == "expert":
            self.ask_expert()  # the last question asked is the one answered: Expert's words
            answered = self.expert_at == cursor.at  # went silent after a click on the greyed Deal
            self.why_not = None if answered else (cursor.at, i18n.tr("replay.no_expert"))
        elif action == "sheet":
            self.open_sheet()  # the replay stops for the sheet: its button says Play again
        elif action == "deal":
            self.show_deal()
            if self.deal_proof() is None:
                self.why_not = (cursor.at, i18n.tr("replay.no_deal"))
                self.expert_at = -1
        else:
            return False
        self.rebuild()
        return True

    def open_sheet(self) -> None:
        """The whole score sheet as it stands at this move (a Yami game on its grille)."""
        from ramigui.ui.scoresheet import ScoreSheetScene, SheetData

        if self.app is not None:
            self.playing = False
            self.app.push(ScoreSheetScene(self.ctx, SheetData.from_game(self.game, self.names)))

    def deal_proof(self) -> DealProof | None:
        """The proof of the round the cursor stands in, from the game as it ended (None: a
        round the log does not see to its end, or a position set up by hand). Worked out once
        a round: the screen is rebuilt at every step of a replay playing."""
        round_no = self.game.round_no
        if round_no not in self._proofs:
            self._proofs[round_no] = self.cursor.end.deal_proof(round_no)
        return self._proofs[round_no]

    def show_deal(self) -> None:
        """The round's deal laid out with its proof, as its end showed it at the table."""
        proof = self.deal_proof()
        if proof is not None and self.app is not None:
            self.playing = False
            self.app.push(DealScene(proof, self.names, "deal.back_replay"))

    def ask_expert(self) -> None:
        """The hard bot's move for the seat to move, from that seat's view, with its words."""
        game = self.game
        if game.game_over or game.round_over:
            return
        self.expert = suggest(game, game.to_play, self.cursor.bot_secret, EXPERT_LEVEL)
        self.expert_at = self.cursor.at

    def update(self, dt: float) -> None:
        if not self.playing:
            return
        self.clock += dt
        if self.clock >= 1.0 / self.speed:
            self.clock = 0.0
            self.cursor.step(1)
            if self.cursor.at >= self.cursor.total:
                self.playing = False
            self.rebuild()

    def busy(self) -> bool:
        return self.playing

    # --- words -------------------------------------------------------------------------

    def position_text(self) -> str:
        """"Round 2 of 5 · move 40 of 75": of the rounds the game had, or, for a game the log
        does not see to its end, of the rounds it was to have (none said when open-ended)."""
        cursor = self.cursor
        rounds = len(cursor.round_starts) if cursor.end.game_over else self.game.variant.rounds
        key = "replay.position" if rounds else "replay.position_open"
        return i18n.tr(key, round=cursor.round_index() + 1, rounds=rounds, move=cursor.at, moves=cursor.total)

    def status_text(self) -> str:
        """Whose turn it is, how the game or the round ended, or why the log stops here."""
        game = self.game
        if game.game_over:
            return i18n.tr("replay.over")
        if self.cursor.at == self.cursor.total and self.sealed_round is not None:
            return i18n.tr("replay.sealed", n=self.sealed_round)
        if self.cursor.at == self.cursor.total:
            return i18n.tr("replay.abandoned")
        if game.round_over:
            return i18n.tr("replay.round_over")
        name = self.names[game.to_play]
        return i18n.tr(i18n.person_key("replay.to_play", name), name=i18n.seat_name(name))

    def last_move_text(self) -> str:
        game = self.game
        if not game.log:
            return i18n.tr("replay.dealt")
        seat, move = game.log[-1]
        record = game.public_record(seat)[-1:]
        if record and record[0].move == move:  # as the table said it: a restock, a penalty
            return " · ".join(said_lines(game, record, self.names))
        public = game.view(game.to_play).public  # dealing the next round is no move of the record
        sheets = public.sheets if isinstance(public, YamiPublic) else ()
        return describe_move(move, seat, i18n.seat_name(self.names[seat]), None, sheets)

    def expert_text(self) -> str:
        if self.why_not is not None and self.why_not[0] == self.cursor.at:
            return self.why_not[1]
        if self.expert is None or self.expert_at != self.cursor.at:
            return ""
        name = self.names[self.game.to_play]  # "in your place", never "in you's place"
        return i18n.tr(i18n.person_key("replay.expert_says", name), name=i18n.name_within(name), text=self.expert.text)

    # --- drawing -----------------------------------------------------------------------

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        view = self.viewport.inflate(-2 * m.pad, -m.pad)
        sheet_w = int(view.width * 0.3)
        table = pygame.Rect(view.left, view.top, view.width - sheet_w - m.pad, view.height)
        sheet = pygame.Rect(table.right + m.pad, view.top, sheet_w, view.height)
        draw_panel(surface, table, (0, 0, 0, 70), m.pad)
        draw_panel(surface, sheet, (0, 0, 0, 90), m.pad)
        y = self._lines(surface, table.inflate(-m.pad, -m.pad))
        self._hands(
            surface,
            pygame.Rect(
                table.left + m.pad // 2, y, table.width - m.pad, table.bottom - y - m.pad // 2
            ),
        )
        self._sheet(surface, sheet.inflate(-m.pad, -m.pad))

    def _lines(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        """The position, whose turn, the last move and Expert's words, top of the table."""
        m = self.m
        y = area.top
        head = f"{self.position_text()} · {self.status_text()}"
        for line in wrap_lines(head, m.small, area.width, True)[:2]:  # why the log stops is never cut off
            blit_text(surface, ellipsized(line, m.small, area.width, True), m.small, GOLD, (area.left, y), bold=True)
            y += int(m.small * 1.4)
        for line in wrap_lines(self.last_move_text(), m.small, area.width)[:2]:
            blit_text(surface, ellipsized(line, m.small, area.width), m.small, WHITE, (area.left, y))
            y += int(m.small * 1.4)
        expert_top = y
        said = self.expert_text()
        for line in wrap_lines(said, m.small, area.width, True)[:2] if said else []:  # measured bold, as drawn
            blit_text(surface, line, m.small, (150, 220, 255), (area.left, y), bold=True)
            y += int(m.small * 1.3)
        # Expert's two lines keep their room, asked or not: the cards jumped when its words
        # came and went
        y = max(y, expert_top + 2 * int(m.small * 1.3))
        return y + m.pad // 2

    def _hands(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Each seat's hand face up (the game is over: nothing is secret), then what lies on
        the table below them: the discard pile's top on its own, then the melds apart from
        one another, on as many lines as they need."""
        game = self.game
        public = game.view(game.to_play).public
        melds = tuple(getattr(public, "melds", ()))
        discard = tuple(getattr(public, "discard", ()))
        # the rows melds will need are kept from the deal: every card shrank and moved up
        # when the first meld came down
        table_rows = 2 if hasattr(public, "melds") else 1 if hasattr(public, "discard") else 0
        row_h = max(24, area.height // max(1, game.players + table_rows))
        label_w = min(int(area.width * 0.2), int(self.m.text * 7))
        card_w = max(18, min(int(row_h * 0.62), int(area.width / 12)))
        art = self._art(card_w)
        for seat in range(game.players):
            top = area.top + seat * row_h
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            name = i18n.seat_name(self.names[seat])
            mark = "▶ " if seat == game.to_play and not game.round_over else ""
            size = fitted_size(mark + name, self.m.small, label_w - self.m.pad // 2, True)
            blit_text(surface, mark + name, size, colour, (area.left, top + row_h // 2), "midleft", bold=True)
            hand = self.shown_hand(seat)
            if not hand:  # a row left blank read as a fault: the seat went out
                blit_text(surface, i18n.tr("replay.no_cards"), self.m.small, DIM,
                          (area.left + label_w, top + row_h // 2), "midleft")
            self._fan(surface, art, hand, pygame.Rect(area.left + label_w, top, area.width - label_w, row_h))
        if table_rows:
            top = area.top + game.players * row_h + self.m.pad // 2
            words = i18n.tr("replay.on_table")
            size = fitted_size(words, self.m.small, label_w - self.m.pad // 2, True)  # "On the tabl" ran under cards
            blit_text(surface, words, size, DIM, (area.left, top), bold=True)
            stock = getattr(public, "stock", None)
            if stock is not None:  # how far the round has to go: nothing said it
                said = i18n.tr("replay.stock", n=stock)
                blit_text(surface, said, fitted_size(said, size, label_w - self.m.pad // 2), DIM,
                          (area.left, top + int(size * 1.5)))
            self._table(surface, pygame.Rect(area.left + label_w, top, area.width - label_w, area.bottom - top),
                        discard[-1:], melds, card_w)

    def shown_hand(self, seat: int) -> list[Card]:
        """A seat's hand as the replay lays it out: by suit, then rank, as a hand is held (in
        the engine's order, the order cards came, a player did not know their own hand)."""
        return sorted(self.game.hand(seat), key=Card.sort_key)

    def _table(self, surface: pygame.Surface, area: pygame.Rect, discard: Sequence[Card], melds: Sequence[Any],
               largest: int) -> None:
        """The discard's top card, then the melds flowing left to right and onto new lines,
        each fanned and set apart, at the largest card width (up to `largest`) that fits."""
        label = i18n.tr("table.discard") if discard else ""
        lead = (text_width(label, self.m.small) + self.m.pad // 2, self.m.small + 4) if label else (0, 0)
        width = largest
        while width > 14 and table_places(area, discard, melds, width, lead=lead) is None:
            width -= 2
        art = self._art(width)
        places = table_places(area, discard, melds, width, fits=False, lead=lead) or []
        for place in places:
            surface.blit(art.face(place.card), place.rect)
            if place.mark is not None:
                joker_badge(surface, place.rect, place.shown, *place.mark)
        for rect, owner in owner_bars(places, melds, width):
            pygame.draw.rect(surface, SEAT_COLOURS[owner % len(SEAT_COLOURS)], rect, border_radius=rect.height // 2)
        if label and places:  # a lone card before the melds was read as one more meld
            blit_text(surface, label, self.m.small, DIM, places[0].rect.bottomleft)

    def _art(self, width: int) -> CardArt:
        settings = self.app.settings if self.app is not None else None
        style = DeckStyle(settings.four_colour, settings.card_back) if settings is not None else DeckStyle()
        return card_art(width, style, rank_letters(i18n.tr))

    @staticmethod
    def _fan(surface: pygame.Surface, art: CardArt, cards: Sequence[Card], rect: pygame.Rect) -> None:
        if not cards:
            return
        width = art.width
        step = min(int(width * 0.72), max(6, (rect.width - width) // max(1, len(cards) - 1)))
        y = rect.top + max(0, (rect.height - art.height) // 2)
        for index, card in enumerate(cards):
            surface.blit(art.face(card), (rect.left + index * step, y))

    def _sheet(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The score sheet as it stands at this move: each round's points, the totals."""
        m = self.m
        game = self.game
        names = [i18n.seat_name(name) for name in self.names]
        size = m.small
        # the first column holds "Total" whole: at 2.2 sizes it ran into the first total ("Total203")
        first = max(int(m.small * 2.2), text_width(i18n.tr("sheet.total"), size, True) + m.pad // 2)
        col = (area.width - first) / max(1, len(names))
        blit_text(surface, i18n.tr("sheet.title"), size, GOLD, (area.left, area.top), bold=True)
        y = area.top + int(size * 1.5)
        for seat, name in enumerate(names):
            x = int(area.left + first + col * (seat + 0.5))
            shown = ellipsized(name, fitted_size(name, size, int(col) - 4, True), int(col) - 4, True)
            blit_text(
                surface,
                shown,
                fitted_size(name, size, int(col) - 4, True),
                SEAT_COLOURS[seat % len(SEAT_COLOURS)],
                (x, y),
                "midtop",
                bold=True,
            )
        y += int(size * 1.5)
        room = max(1, (area.bottom - y) // int(size * 1.35) - 1)
        results = game.results[-room:]
        for number, result in enumerate(results, start=len(game.results) - len(results) + 1):
            blit_text(surface, str(number), size, DIM, (area.left, y))
            for seat, points in enumerate(result.points):
                blit_text(surface, str(points), size, WHITE, (int(area.left + first + col * (seat + 0.5)), y), "midtop")
            y += int(size * 1.35)
        y = max(y, area.bottom - int(size * 1.4))
        blit_text(surface, i18n.tr("sheet.total"), size, GOLD, (area.left, y), bold=True)
        for seat, total in enumerate(game.scores):
            blit_text(surface, str(total), size, GOLD, (int(area.left + first + col * (seat + 0.5)), y), "midtop",
                      bold=True)


@dataclass(frozen=True)
class Place:
    """Where one card of the table goes in the replay, how much of it shows, its joker badge."""

    card: Card
    rect: pygame.Rect
    shown: int
    mark: JokerMark | None = None
    meld: int = -1
    """Which meld (0-based) it belongs to; -1 for the discard's top card."""


def owner_bars(places: Sequence[Place], melds: Sequence[Any], width: int) -> list[tuple[pygame.Rect, int]]:
    """Under each meld a bar in its owner's colour, the colour their name has beside their
    hand: the melds on the table did not say whose they were, as the table's badges do."""
    bars = []
    thick = max(3, width // 14)
    for number, meld in enumerate(melds):
        rects = [place.rect for place in places if place.meld == number]
        if rects:
            span = rects[0].unionall(rects)
            bars.append((pygame.Rect(span.left + 2, span.bottom + 2, span.width - 4, thick), getattr(meld, "owner", 0)))
    return bars


def table_places(area: pygame.Rect, discard: Sequence[Card], melds: Sequence[Any], width: int,
                 fits: bool = True, lead: tuple[int, int] = (0, 0)) -> list[Place] | None:
    """The discard's top card, a space, then each meld fanned and set apart from the next,
    onto a new line when the line is full, at card width `width`. None when `fits` and they
    do not fit in `area`. `lead`: the width and height of the discard's label, which goes
    under its card: the melds start past it, and it must fit too."""
    height = card_height(width)
    step, gap = max(6, int(width * 0.36)), max(4, int(width * 0.3))
    places = [Place(card, pygame.Rect(area.left, area.top, width, height), width) for card in discard[-1:]]
    x, y = area.left + (max(width + 2 * gap, lead[0]) if discard else 0), area.top
    start = x
    for number, meld in enumerate(melds):
        span = width + step * (len(meld.cards) - 1)
        if x > start and x + span > area.right:
            x, y = start, y + height + gap // 2
        marks = joker_marks(meld)
        places.extend(Place(card, pygame.Rect(x + k * step, y, width, height),
                            width if k == len(meld.cards) - 1 else step, marks[k], number)
                      for k, card in enumerate(meld.cards))
        x += span + gap
    label = [pygame.Rect(area.left, area.top + height, lead[0], lead[1])] if discard and lead[1] else []
    if fits and any(not area.contains(rect) for rect in [place.rect for place in places] + label):
        return None
    return places
