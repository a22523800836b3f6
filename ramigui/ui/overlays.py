"""Scenes over the table: the hot-seat hand-off and the end of a round.

They report back to the table by posting UI_ACTION events ("claim", "round_closed"),
never by calling it, and pop themselves.
"""

from __future__ import annotations

import pygame

from ramigui import i18n
from ramigui.rules import Game
from ramigui.ui.app import Scene
from ramigui.ui.cardart import DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.felt import felt
from ramigui.ui.widgets import GOLD, UI_ACTION, WHITE, blit_text, draw_panel

AUTO_CONTINUE = 3.0


def _confirm(event: pygame.event.Event) -> bool:
    if event.type == pygame.KEYDOWN:
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
    if event.type == pygame.MOUSEBUTTONUP:
        return event.button == 1 and not getattr(event, "touch", False)
    return event.type == pygame.FINGERUP


class HandoffScene(Scene):
    """"Pass the computer to <name>": opaque, so no hand is drawn until they confirm."""

    opaque = True

    def __init__(self, seat: int, name: str) -> None:
        super().__init__()
        self.seat = seat
        self.name = name

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not _confirm(event) or self.app is None:
            return False
        self.app.pop()
        pygame.event.post(pygame.event.Event(UI_ACTION, action="claim", seat=self.seat))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
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
    """The round's melds are on the table below; this panel shows hands and points."""

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
        dim = pygame.Surface((width, height), pygame.SRCALPHA)
        dim.fill((0, 0, 0, 120))
        surface.blit(dim, (0, 0))
        text = max(16, int(min(width / 55, height / 30)))
        box = pygame.Rect(0, 0, int(width * 0.8), int(height * 0.8))
        box.center = (width // 2, height // 2)
        draw_panel(surface, box, (12, 44, 28, 240), text, (*GOLD, 255))
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

    def _rows(self, surface: pygame.Surface, box: pygame.Rect, text: int, top: int) -> None:
        game = self.game
        result = game.last_result
        points = result.points if result is not None else (0,) * game.players
        totals = game.scores
        cols = (box.left + text, box.left + int(box.width * 0.22), box.right - int(box.width * 0.2), box.right - text * 2)
        head = (i18n.tr("round.player"), i18n.tr("round.hand"), i18n.tr("round.points"), i18n.tr("round.total"))
        for x, label, anchor in zip(cols, head, ("topleft", "topleft", "topright", "topright"), strict=True):
            blit_text(surface, label, int(text * 0.85), (200, 220, 205), (x, top), anchor, bold=True)
        row_h = max(int(text * 2.2), (box.bottom - top - text * 4) // max(1, game.players))
        card_w = max(24, min(int(row_h * 0.85 / 1.4), int(text * 3)))
        style = DeckStyle(self.app.settings.four_colour, self.app.settings.back) if self.app else DeckStyle()
        art = card_art(card_w, style, rank_letters(i18n.tr))
        y = top + int(text * 1.5)
        for seat in range(game.players):
            mid = y + row_h // 2
            blit_text(surface, self.names[seat], text, WHITE, (cols[0], mid), "midleft", bold=True)
            hand = game.hand(seat)  # the round is over: every hand is laid open for counting
            step = min(int(card_w * 0.45), (cols[2] - cols[1] - card_w - text * 4) // max(1, len(hand)))
            for k, card in enumerate(hand):
                surface.blit(art.face(card), (cols[1] + k * step, mid - card_height(card_w) // 2))
            blit_text(surface, str(points[seat]), int(text * 1.1), WHITE, (cols[2], mid), "midright", bold=True)
            blit_text(surface, str(totals[seat]), int(text * 1.1), GOLD, (cols[3], mid), "midright", bold=True)
            y += row_h
