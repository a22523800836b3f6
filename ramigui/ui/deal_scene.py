"""The deal shown and proved: the fingerprint line of the table and "Show the deal".

At the deal the table shows only the fingerprint (from the seat's view: it tells nothing
of the cards). Once the round is over, "Show the deal" lays out every hand as dealt, the
face-up card and the stock in drawing order, the round's code and nonce, and says whether
the deal made again from the code gives the fingerprint shown before the first card.
"""

from __future__ import annotations

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.deal_words import fingerprint_words
from ramigui.rules.deal_proof import DealProof
from ramigui.rules.view import PlayerView
from ramigui.ui.app import Scene
from ramigui.ui.cardart import DeckStyle, card_art, card_height, rank_letters
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    OVERLAY_FILL,
    WHITE,
    blit_text,
    dim_screen,
    draw_panel,
    ellipsized,
    wrap_lines,
    wrapped_size,
)

SHOW_KEY = pygame.K_d
"""The key that opens the proof from the end-of-round panel ("D": deal / donne)."""
GOOD = (140, 235, 150)
BAD = (255, 130, 120)
STEP = 0.5
"""How much of each card shows in a row of the deal (its index corner and a little more)."""


def fingerprint_line(view: PlayerView) -> str:
    """"Deck fingerprint: truck dragon camel tooth", or "" when there is none."""
    deal_print = getattr(view, "deal_print", b"")
    return i18n.tr("deal.fingerprint_line", words=fingerprint_words(deal_print)) if deal_print else ""


def proof_lines(proof: DealProof) -> list[tuple[str, tuple[int, int, int]]]:
    """The proof's text lines and their colours, after the cards."""
    code = i18n.tr("deal.code", code=proof.code) if proof.code else i18n.tr("deal.no_code")
    return [
        (i18n.tr("deal.fingerprint", words=fingerprint_words(proof.shown)), WHITE),
        (code, DIM),
        (i18n.tr("deal.nonce", nonce=proof.nonce.hex()), DIM),  # a line of its own: beside the code it was cut
        (i18n.tr("deal.matches") if proof.matches else i18n.tr("deal.mismatch"), GOOD if proof.matches else BAD),
    ]


class DealScene(Scene):
    """The proof of a finished round over the end-of-round panel (or a replay: `back` says
    where closing it leads); Esc, Enter or a click closes it."""

    opaque = False

    def __init__(self, proof: DealProof, names: list[str], back: str = "deal.back") -> None:
        super().__init__()
        self.proof = proof
        self.names = names
        self.back = back

    def handle_event(self, event: pygame.event.Event) -> bool:
        closing = (event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                                                                   pygame.K_SPACE, SHOW_KEY))
        if closing or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
            if self.app is not None and self.app.top is self:
                self.app.pop()
            return True
        return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def rows(self) -> list[tuple[str, tuple[Card, ...]]]:
        """Each row of cards with its label: every hand as dealt, the face-up pile, the stock."""
        layout = self.proof.layout
        rows = [(i18n.seat_name(self.names[seat]), hand) for seat, hand in enumerate(layout.hands)]
        if layout.discard:
            rows.append((i18n.tr("deal.upcard"), layout.discard))
        rows.append((i18n.tr("deal.stock"), layout.stock))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        dim_screen(surface, 150)
        text = max(15, int(min(width / 55, height / 32)))
        box = pygame.Rect(0, 0, int(width * 0.94), int(height * 0.94))
        box.center = (width // 2, height // 2)
        draw_panel(surface, box, OVERLAY_FILL, text, (*GOLD, 255))
        room = box.width - 2 * text
        y = blit_text(surface, i18n.tr("deal.title", n=self.proof.round_no), int(text * 1.3), GOLD,
                      (box.centerx, box.top + text // 2), "midtop", bold=True).bottom + text // 2
        # each line whole, on two where one is too narrow (the verdict lost "correspond" at 700×450)
        footer = [(part, colour) for line, colour in proof_lines(self.proof)
                  for part in wrap_lines(line, text, room, colour != DIM)[:2]]
        foot_h = int(text * 1.45) * (len(footer) + 1)
        self._cards(surface, pygame.Rect(box.left + text, y, room, box.bottom - foot_h - y), text)
        y = box.bottom - foot_h
        for part, colour in footer:
            blit_text(surface, ellipsized(part, text, room), text, colour, (box.centerx, y), "midtop",
                      bold=colour != DIM)
            y += int(text * 1.45)
        blit_text(surface, i18n.tr(self.back), int(text * 0.85), DIM, (box.centerx, box.bottom - text // 3),
                  "midbottom")

    def _cards(self, surface: pygame.Surface, area: pygame.Rect, text: int) -> None:
        """The rows of cards, labels on the left; a long stock wraps onto more lines."""
        rows = self.rows()
        label_w = int(area.width * 0.16)
        cards_w = area.width - label_w
        most = max((len(cards) for _, cards in rows), default=1)
        per_line = max(1, min(most, 26))
        lines = sum(max(1, -(-len(cards) // per_line)) for _, cards in rows)
        width = int(min(cards_w / (1 + STEP * (per_line - 1)), area.height / max(1, lines) / 1.45 / 1.12))
        width = max(12, width)
        style = DeckStyle(self.app.settings.four_colour, self.app.settings.card_back) if self.app else DeckStyle()
        art = card_art(width, style, rank_letters(i18n.tr))
        step_y = int(card_height(width) * 1.12)
        y = area.top
        for label, cards in rows:
            size, parts = _label_lines(label, text, label_w - text // 2)
            top = y + (card_height(width) - len(parts) * int(size * 1.2)) // 2
            for n, part in enumerate(parts):
                shown = ellipsized(part, size, label_w - text // 2, True)
                blit_text(surface, shown, size, WHITE, (area.left, top + n * int(size * 1.2)), bold=True)
            for start in range(0, max(1, len(cards)), per_line):
                for k, card in enumerate(cards[start:start + per_line]):
                    surface.blit(art.face(card), (area.left + label_w + int(k * STEP * width), y))
                y += step_y


def _label_lines(label: str, size: int, width: int) -> tuple[int, list[str]]:
    """A row's label on two lines, a little smaller where it needs it ("Pioche, dans l'ordre"
    lost its last word in a narrow window); on three where two are not enough at the least
    size, never a word dropped."""
    least = max(10, int(size * 0.75))
    for lines in (2, 3):
        fitting = wrapped_size([label], size, width, lines, smallest=least)
        if fitting is not None:
            return fitting, wrap_lines(label, fitting, width, True)
    return least, wrap_lines(label, least, width, True)
