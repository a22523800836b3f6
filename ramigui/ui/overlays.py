"""Scenes over the table: the hot-seat hand-off and the end of a round.

They report back to the table by posting UI_ACTION events ("claim", "round_closed"),
never by calling it, and pop themselves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules import Game
from ramigui.rules.yami_boxes import SERIES
from ramigui.ui.app import Scene
from ramigui.ui.cardart import RATIO, CardArt, DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.controls import fitted_size
from ramigui.ui.felt import felt
from ramigui.ui.fonts import font
from ramigui.ui.widgets import (
    GOLD,
    OVERLAY_FILL,
    UI_ACTION,
    WHITE,
    blit_text,
    dim_screen,
    draw_panel,
)

AUTO_CONTINUE = 3.0


def _confirm(event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    if event.type == pygame.MOUSEBUTTONUP:
        return event.button == 1 and not getattr(event, "touch", False)
    return event.type == pygame.FINGERUP


class HandoffScene(Scene):
    """"Pass the computer to <name>": opaque, so no hand is drawn until they confirm.

    It is no dead end: Esc and Tab ask the table below for its pause menu and score sheet
    (events reach only the top scene, so the hand-off passes them on). What the table opens
    shows over the hand-off, which stays in place, so no hand is ever visible meanwhile.
    """

    opaque = True
    KEY_ACTIONS = {pygame.K_ESCAPE: "menu", pygame.K_TAB: "scores"}
    TABLE_ACTIONS = frozenset({"menu", "scores", "rules", "leave_game", "phones"})
    """The table's menu actions: the pause menu posts them after closing, so they land here."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.name = name
        self.table_has_menu = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.app is None:
            return False
        if event.type == pygame.KEYDOWN and event.key in self.KEY_ACTIONS:
            return self._ask_table(self.KEY_ACTIONS[event.key])
        if event.type == UI_ACTION and getattr(event, "action", None) in self.TABLE_ACTIONS:
            return self._ask_table(event.action)
        if not _confirm(event):
            return False
        self.app.pop()
        pygame.event.post(pygame.event.Event(UI_ACTION, action="claim", seat=self.seat))
        return True

    def _ask_table(self, action: str) -> bool:
        """Pass a menu action to the scene below; a table without menus ignores it. Leaving
        the game (only offered by a pause menu the table opened) takes the hand-off away first,
        since the table leaves by popping the top scene."""
        app = self.app
        if app is None or self not in app.scenes or app.scenes.index(self) == 0:
            return False
        table = app.scenes[app.scenes.index(self) - 1]
        if action == "leave_game":
            if not self.table_has_menu:
                return False
            app.pop()
        used = table.handle_event(pygame.event.Event(UI_ACTION, action=action))
        self.table_has_menu = self.table_has_menu or used
        return used

    def draw(self, surface: pygame.Surface) -> None:
        colour = self.app.settings.felt if self.app is not None else "green"
        surface.blit(felt(surface.get_size(), colour), (0, 0))
        width, height = surface.get_size()
        size = max(22, int(min(width / 28, height / 16)))
        box = pygame.Rect(0, 0, int(width * 0.7), int(size * 6))
        box.center = (width // 2, height // 2)
        draw_panel(surface, box, (0, 0, 0, 120), size // 2, (*GOLD, 255))
        blit_text(surface, i18n.tr("handoff.title", name=self.name), size, GOLD,
                  (box.centerx, box.top + size * 2), "center", bold=True)
        blit_text(surface, i18n.tr("handoff.prompt", name=self.name), int(size * 0.6), WHITE,
                  (box.centerx, box.top + int(size * 4.2)), "center")


class RoundEndScene(Scene):
    """The end of a round, as at a real table: each player's melds and the cards left in
    their hand face up (a Yami player's hand and the box it filled), the round's points,
    the reason the round ended, then the running totals."""

    opaque = False

    def __init__(self, game: Game, names: list[str], auto_continue: bool = False) -> None:
        super().__init__()
        self.game = game
        self.names = names
        self.auto = auto_continue
        self.elapsed = 0.0

    def busy(self) -> bool:
        return self.auto

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.auto and self.elapsed >= AUTO_CONTINUE * (self.app.settings.pace if self.app else 1.0):
            self._close()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if _confirm(event):
            self._close()
            return True
        return False

    def _close(self) -> None:
        if self.app is not None and self.app.top is self:
            self.app.pop()
            pygame.event.post(pygame.event.Event(UI_ACTION, action="round_closed"))

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        dim_screen(surface, 120)
        text = max(16, int(min(width / 55, height / 30)))
        box = pygame.Rect(0, 0, int(width * 0.8), int(height * 0.8))
        box.center = (width // 2, height // 2)
        draw_panel(surface, box, OVERLAY_FILL, text, (*GOLD, 255))
        y = self._header(surface, box, text)
        self._rows(surface, box, text, y)
        blit_text(surface, i18n.tr("round.continue"), int(text * 0.85), (200, 220, 205),
                  (box.centerx, box.bottom - text), "midbottom")

    def _header(self, surface: pygame.Surface, box: pygame.Rect, text: int) -> int:
        game = self.game
        result = game.last_result
        title = i18n.tr("round.game_over") if game.game_over else i18n.tr("round.title", n=game.round_no)
        y = blit_text(surface, title, int(text * 1.6), GOLD, (box.centerx, box.top + text), "midtop", bold=True).bottom
        if result is not None:
            who = i18n.tr("round.winner", name=self.names[result.winner]) if result.winner is not None else i18n.tr("round.nobody")
            reason = i18n.tr(f"round.reason.{result.reason}")
            y = blit_text(surface, f"{who} — {reason}", text, WHITE, (box.centerx, y + text // 2), "midtop").bottom
        if game.game_over and game.winners:
            names = ", ".join(self.names[s] for s in game.winners)
            y = blit_text(surface, i18n.tr("round.game_winner", name=names), int(text * 1.2), GOLD,
                          (box.centerx, y + text // 2), "midtop", bold=True).bottom
        return y + text

    def lines(self) -> list[SeatLine]:
        """Each player's line: the melds they own on the table, the cards left in their hand
        (face up: the round is over), the box a Yami player filled, the round's points, the total."""
        game = self.game
        result = game.last_result
        points = result.points if result is not None else (0,) * game.players
        totals = game.scores
        public = game.view(0).public or {}
        melds: list[list[tuple[Card, ...]]] = [[] for _ in range(game.players)]
        for meld in public.get("melds", ()):
            melds[meld.owner].append(tuple(meld.cards))
        marks = [""] * game.players
        for seat, box, scored in (result.details.get("marks", ()) if result is not None else ()):
            marks[seat] = _mark_text(box, scored)
        return [
            SeatLine(self.names[seat], tuple(melds[seat]), tuple(game.hand(seat)), marks[seat], points[seat], totals[seat],
                     points_why(result.details if result is not None else {}, seat, points[seat]))
            for seat in range(game.players)
        ]

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, text: int, top: int) -> None:
        lines = self.lines()
        yami = any(line.mark for line in lines)
        width = box.width
        cols = RoundColumns(
            name=pygame.Rect(box.left + text, 0, int(width * 0.15), 0),
            cards=pygame.Rect(box.left + int(width * 0.18), 0, int(width * 0.62), 0),
            points=box.right - int(width * 0.1),
            total=box.right - text,
        )
        head = ((cols.name.left, "round.player", "topleft"),
                (cols.cards.left, "round.box" if yami else "round.melds", "topleft"),
                (cols.cards.right, "round.hand_shown" if yami else "round.hand", "topright"),
                (cols.points, "round.points", "topright"), (cols.total, "round.total", "topright"))
        for x, key, anchor in head:
            blit_text(surface, i18n.tr(key), int(text * 0.85), (200, 220, 205), (x, top), anchor, bold=True)
        top += int(text * 1.5)
        row_h = max(int(text * 2.2), min(int(text * 6), (box.bottom - top - text * 2) // max(1, len(lines))))
        for index, line in enumerate(lines):
            mid = top + index * row_h + row_h // 2
            if index % 2:
                draw_panel(surface, pygame.Rect(box.left + text // 2, mid - row_h // 2, box.width - text, row_h),
                           (255, 255, 255, 14), text // 3)
            size = fitted_size(line.name, text, cols.name.width, True)
            blit_text(surface, line.name, size, WHITE, (cols.name.left, mid), "midleft", bold=True)
            self._cards(surface, line, cols.cards, mid, row_h, text)
            lift = int(text * 0.35) if line.why else 0
            blit_text(surface, str(line.points), int(text * 1.1), WHITE, (cols.points, mid - lift), "midright", bold=True)
            if line.why:
                room = cols.points - cols.cards.right - text // 2
                why = line.why if font(int(text * 0.7)).size(line.why)[0] <= room else line.why.split(",")[0]
                blit_text(surface, why, int(text * 0.7), (200, 220, 205), (cols.points, mid + int(text * 0.6)),
                          "midright")
            blit_text(surface, str(line.total), int(text * 1.1), GOLD, (cols.total, mid), "midright", bold=True)

    def _cards(self, surface: pygame.Surface, line: SeatLine, room: pygame.Rect, mid: int, row_h: int, text: int) -> None:
        """The line's melds (or Yami box) from the left of `room`, its hand face up against
        the right; the cards as large as the row and the room allow, so a long hand takes
        the space its owner's melds leave instead of shrinking every line."""
        hand = _units((line.hand,))
        if line.mark:
            label = blit_text(surface, line.mark, text, GOLD, (room.left, mid), "midleft", bold=True)
            free = room.right - label.right - text
            width = int(free / hand) if hand else 10_000
        else:
            width = _fitting_width(line.melds + ((), line.hand), room.width, extra=GAP if line.melds and hand else 0)
        width = max(MIN_CARD, min(width, int(row_h * 0.88 / RATIO), int(text * 3.4)))
        style = DeckStyle(self.app.settings.four_colour, self.app.settings.back) if self.app else DeckStyle()
        art = card_art(width, style, rank_letters(i18n.tr))
        if not line.mark:
            _fan(surface, art, line.melds, room.left, mid, width)
        _fan(surface, art, (line.hand,), room.right - int(hand * width), mid, width)


def points_why(details: Any, seat: int, points: int) -> str:
    """A rummy loser's points when they are more than the cards left: doubled after a rami,
    or the penalty for never having laid a card down (from the round result's details)."""
    hands = details.get("hand_points", ()) if hasattr(details, "get") else ()
    if seat >= len(hands) or points <= hands[seat] or hands[seat] <= 0:
        return ""
    cards = hands[seat]
    if points == 2 * cards:
        return i18n.tr("round.why.doubled", cards=cards)
    put_down = details.get("put_down", ())
    if seat < len(put_down) and not put_down[seat]:
        return i18n.tr("round.why.never_down", cards=cards, penalty=points - cards)
    return ""


def _mark_text(box: str, points: int | None) -> str:
    """The Yami box a player filled this deal, in words: "Full: 20", "Série 7: 15", "Carré crossed out"."""
    if points is None:
        return i18n.tr("round.crossed", box=box)
    key = "round.scored_series" if box in SERIES else "round.scored"
    return i18n.tr(key, box=box, points=points)


@dataclass(frozen=True)
class SeatLine:
    """One player's line of the end-of-round panel."""

    name: str
    melds: tuple[tuple[Card, ...], ...]
    hand: tuple[Card, ...]
    mark: str
    points: int
    total: int
    why: str = ""  # how the points were made when it is not just the cards left ("94 + 100")


@dataclass(frozen=True)
class RoundColumns:
    """Where each column of the panel starts (x; rects carry the width)."""

    name: pygame.Rect
    cards: pygame.Rect
    points: int
    total: int


MIN_CARD = 22
STEP = 0.42
"""How much of each covered card shows in a fan (its index corner), as a share of the width."""
GAP = 0.3
"""The gap between two melds, as a share of a card's width."""


def _units(groups: tuple[tuple[Card, ...], ...]) -> float:
    """The groups' width counted in card widths, fanned at STEP and GAP apart."""
    shown = [g for g in groups if g]
    if not shown:
        return 0.0
    return len(shown) + STEP * sum(len(g) - 1 for g in shown) + GAP * (len(shown) - 1)


def _fitting_width(groups: tuple[tuple[Card, ...], ...], room: int, extra: float = 0.0) -> int:
    """The widest card at which the groups (and `extra` card widths of space) fit in `room`."""
    units = _units(groups) + extra
    return int(room / units) if units else 10_000


def _fan(surface: pygame.Surface, art: CardArt, groups: tuple[tuple[Card, ...], ...], left: int, mid: int,
         width: int) -> None:
    """Draw the groups left to right from `left`, each fanned so every index shows."""
    x = left
    top = mid - card_height(width) // 2
    for group in groups:
        if not group:
            continue
        for k, card in enumerate(group):
            surface.blit(art.face(card), (x + int(k * STEP * width), top))
        x += width + int((len(group) - 1) * STEP * width) + int(GAP * width)
