"""Drawing the table scene. Reads the scene, changes nothing (draw is a pure view).

Split from table.py so the scene's logic (events, moves, bots) and its look stay short.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ramigui import i18n
from ramigui.ui.cardart import card_height
from ramigui.ui.fonts import font
from ramigui.ui.layout import SEAT_COLOURS, TableLayout
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    blit_text,
    draw_panel,
    ellipsized,
    fitted_size,
    wrap_lines,
)

if TYPE_CHECKING:
    from ramigui.ui.table import TableScene

LIT = (255, 226, 120)
FOCUS = (120, 210, 255)
PHONE_LINKED = (150, 240, 160)
"""A phone seat whose phone follows the game right now."""
SHADOW_ALPHA = 70


def draw_table(scene: TableScene, surface: pygame.Surface) -> None:
    lay = scene.layout
    if lay is None:
        return
    _draw_opponents(scene, surface, lay)
    _draw_piles(scene, surface, lay)
    _draw_melds(scene, surface, lay)
    _draw_hand(scene, surface, lay)
    _draw_status(scene, surface, lay)
    _draw_side(scene, surface, lay)
    _draw_moving(scene, surface, lay)


def _shadow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    offset = max(2, rect.width // 28)
    draw_panel(surface, rect.move(offset, offset), (0, 0, 0, SHADOW_ALPHA), max(3, rect.width // 12))


def _card(scene: TableScene, surface: pygame.Surface, card: object, rect: pygame.Rect) -> None:
    """A face (a Card) or a back (None) at `rect`, with its shadow."""
    art = scene.art(rect.width)
    _shadow(surface, rect)
    image = art.face(card) if card is not None else art.back()  # type: ignore[arg-type]
    surface.blit(image, rect.topleft)


def _glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 4) -> None:
    radius = max(4, rect.width // 10)
    pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width, border_radius=radius)


def _lit(scene: TableScene, name: str) -> bool:
    return scene.drag is not None and name in scene.drag.lit


# --- opponents -------------------------------------------------------------------------------

def _draw_opponents(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    view = scene.view
    opened = view.public.get("opened", ()) if view.public else ()
    for seat, rect in lay.opponents.items():
        playing = view.to_play == seat and not view.round_over
        colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        draw_panel(surface, rect, (0, 0, 0, 95 if playing else 60), lay.margin,
                   (*colour, 255) if playing else (0, 0, 0, 0))
        text = lay.text
        _draw_seat_title(scene, surface, seat, rect, colour, lay)
        count = view.hand_counts[seat]
        label = i18n.tr("table.one_card") if count == 1 else i18n.tr("table.cards", n=count)
        score = i18n.tr("table.score", n=view.scores[seat])
        line = f"{label} · {score}"
        if seat < len(opened) and opened[seat]:
            line += f" · ✓ {i18n.tr('table.opened')}"
        size = fitted_size(line, int(text * 0.85), rect.width - 2 * lay.margin)
        blit_text(surface, line, size, WHITE, (rect.left + lay.margin, rect.bottom - int(text * 1.35)))
        shown = (view.public or {}).get("shown", {}) or {}
        if seat in shown:
            _draw_face_fan(scene, surface, rect, lay, tuple(shown[seat]))
        else:
            _draw_back_fan(scene, surface, rect, lay, count)


def _draw_seat_title(scene: TableScene, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                     colour: tuple[int, int, int], lay: TableLayout) -> None:
    """The seat's name (shortened with "…" if long) and, for a bot, its level after it when
    there is room: the name comes first, a family tells its players apart by name."""
    left, top = rect.left + lay.margin, rect.top + lay.margin // 2
    room = rect.width - 2 * lay.margin
    config = scene.config
    level = "" if config.humans[seat] else i18n.tr(f"table.level.{config.levels[seat]}")
    level_colour = DIM
    if config.phones[seat]:
        level = i18n.tr("table.on_phone")
        level_colour = PHONE_LINKED if seat in scene.phones.connected() else DIM
    small = int(lay.text * 0.78)
    level_w = font(small).size(f"  {level}")[0] if level else 0
    name = ellipsized(config.names[seat], lay.text, room, True)
    drawn = blit_text(surface, name, lay.text, colour, (left, top), bold=True)
    if level and drawn.right + level_w <= rect.right - lay.margin:
        blit_text(surface, level, small, level_colour, (drawn.right + small // 2, drawn.bottom - 2), "bottomleft")


def _draw_face_fan(scene: TableScene, surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout,
                   cards: tuple[object, ...]) -> None:
    """A hand the rules show to all (gin's knocker, Yami after an exposure), face up."""
    if not cards:
        return
    width = max(lay.opp_card_w, int(lay.card_w * 0.5))
    room = rect.width - 2 * lay.margin - width
    step = min(width * 0.62, room / max(1, len(cards) - 1))
    left = rect.centerx - (width + step * (len(cards) - 1)) / 2
    top = rect.top + int(lay.text * 1.5)
    art = scene.art(width)
    bottom = rect.bottom - int(lay.text * 1.45)
    for i, card in enumerate(cards):
        image = art.face(card)  # type: ignore[arg-type]
        area = pygame.Rect(0, 0, image.get_width(), max(1, bottom - top))
        surface.blit(image, (int(left + step * i), top), area)


def _draw_back_fan(scene: TableScene, surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout, count: int) -> None:
    width = lay.opp_card_w
    height = card_height(width)
    shown = min(count, 16)
    if not shown:
        return
    room = rect.width - 2 * lay.margin - width
    step = min(width * 0.3, room / max(1, shown - 1))
    left = rect.centerx - (width + step * (shown - 1)) / 2
    top = rect.top + int(lay.text * 1.5)
    back = scene.art(width).back()
    for i in range(shown):
        surface.blit(back, (int(left + step * i), top))
    del height


# --- stock and discard ---------------------------------------------------------------------

def _draw_piles(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    public = scene.view.public or {}
    stock = int(public.get("stock", 0))
    pile = tuple(public.get("discard", ()))
    room = lay.discard.centerx - lay.stock.centerx - lay.margin // 2
    for label, rect in ((f"{i18n.tr('table.stock')} ({stock})", lay.stock), (i18n.tr("table.discard"), lay.discard)):
        blit_text(surface, label, fitted_size(label, int(lay.text * 0.9), room, True), WHITE,
                  (rect.centerx, rect.top - 4), "midbottom", bold=True)
    if stock:
        for k in range(min(3, (stock + 9) // 10), 0, -1):
            _card(scene, surface, None, lay.stock.move(-k * 2, -k * 2))
    else:
        draw_panel(surface, lay.stock, (0, 0, 0, 50), lay.stock.width // 12)
    hidden = any(f.hides == ("discard", 0) for f in scene.flights)
    shown = pile[:-1] if hidden else pile
    draw_panel(surface, lay.discard, (0, 0, 0, 50), lay.discard.width // 12)
    if len(shown) > 1:
        _card(scene, surface, shown[-2], lay.discard.move(-3, -2))
    if shown:
        _card(scene, surface, shown[-1], lay.discard)
    if _lit(scene, "discard"):
        _glow(surface, lay.discard, LIT)
    if scene.is_human_turn():
        kinds = {m.kind for m in scene.view.legal_moves}
        if "draw" in kinds:
            _glow(surface, lay.stock, (255, 255, 255), 2)
        if public.get("phase") == "offer" and "take" in kinds:
            _glow(surface, lay.discard, (255, 255, 255), 2)


# --- melds ------------------------------------------------------------------------------------

def _draw_melds(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    melds = scene.view.public.get("melds", ()) if scene.view.public else ()
    if scene.drag is not None and "table" in scene.drag.lit:
        draw_panel(surface, lay.melds_area, (255, 240, 180, 40), lay.margin, (*LIT, 200))
        blit_text(surface, i18n.tr("table.new_meld"), lay.text, LIT,
                  (lay.melds_area.centerx, lay.melds_area.bottom - lay.margin), "midbottom", bold=True)
    for spot in lay.melds:
        if spot.number > len(melds):
            continue
        meld = melds[spot.number - 1]
        colour = SEAT_COLOURS[spot.owner % len(SEAT_COLOURS)]
        _draw_meld_tag(scene, surface, spot, colour, lay)
        for card, rect in zip(meld.cards, spot.cards, strict=False):
            _card(scene, surface, card, rect)
        if _lit(scene, f"meld:{spot.number}"):
            _glow(surface, spot.rect, LIT)


def _draw_meld_tag(scene: TableScene, surface: pygame.Surface, spot: object, colour: tuple[int, int, int],
                   lay: TableLayout) -> None:
    tag: pygame.Rect = spot.tag  # type: ignore[attr-defined]
    size = max(11, int(tag.height * 0.78))
    badge = pygame.Rect(tag.left, tag.top, max(tag.height + 4, size * 2), tag.height - 2)
    draw_panel(surface, badge, (*colour, 235), badge.height // 2)
    blit_text(surface, str(spot.number), size, (30, 30, 30), badge.center, "center", bold=True)  # type: ignore[attr-defined]
    if spot.first_of_owner:  # type: ignore[attr-defined]
        room = spot.rect.right - badge.right - 6  # type: ignore[attr-defined]
        name = ellipsized(scene.config.names[spot.owner], size, room, True)  # type: ignore[attr-defined]
        blit_text(surface, name, size, colour, (badge.right + 6, badge.centery), "midleft", bold=True)


# --- the hand ---------------------------------------------------------------------------------

def _draw_hand(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    if scene.visible_seat() is None:
        return
    dragged = set(scene.drag.indices) if scene.drag is not None and scene.drag.source == "hand" else set()
    hidden = {f.hides[1] for f in scene.flights if f.hides and f.hides[0] == "hand"}
    if scene.drag is not None and "hand" in scene.drag.lit:
        draw_panel(surface, lay.hand_area, (255, 240, 180, 40), lay.margin, (*LIT, 200))
    for i, card in enumerate(scene.order):
        if i in dragged or i in hidden or i >= len(lay.hand):
            continue
        rect = scene.hand_rect(i)
        _card(scene, surface, card, rect)
        if i in scene.selected:
            _glow(surface, rect, GOLD, 3)
    if scene.order and scene.focus < len(lay.hand) and scene.is_human_turn():
        _glow(surface, scene.hand_rect(scene.focus), FOCUS, 2)


def _draw_status(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    rect = lay.status
    if scene.message:
        width = min(rect.width, surface.get_width())
        box = pygame.Rect(rect.left, rect.top, width, rect.height)
        draw_panel(surface, box, (120, 20, 24, 220), rect.height // 3)
        blit_text(surface, scene.message, int(lay.text * 0.95), WHITE, (box.left + lay.margin, box.centery), "midleft", bold=True)
        return
    text = _hint(scene)
    if text:
        blit_text(surface, text, lay.text, (255, 246, 210), (rect.left + lay.margin, rect.centery), "midleft", bold=True)


def _hint(scene: TableScene) -> str:
    view = scene.view
    if view.round_over:
        return ""
    if scene.is_human_turn():
        return scene.family.prompt()
    return i18n.tr("table.waiting", name=scene.config.names[view.to_play])


# --- side panel -------------------------------------------------------------------------------

def _draw_side(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    panel = lay.log_panel
    draw_panel(surface, panel, (0, 0, 0, 80), lay.margin)
    text = int(lay.text * 0.85)
    x, y = panel.left + lay.margin, panel.top + lay.margin
    name, round_text = i18n.variant_name(scene.game.variant), i18n.tr("table.round", n=scene.view.round_no)
    room = panel.width - 2 * lay.margin
    title = [f"{name} · {round_text}"]
    if len(wrap_lines(title[0], lay.text, room, True)) > 1:  # never "Round" on one line, "1" on the next
        title = [*wrap_lines(name, lay.text, room, True), round_text]
    for line in title:
        y = blit_text(surface, line, lay.text, GOLD, (x, y), bold=True).bottom
    y += lay.margin // 2
    blit_text(surface, i18n.tr("table.last_moves"), text, (200, 220, 205), (x, y), bold=True)
    y += int(text * 1.5)
    key_size = max(11, int(text * 0.8))
    keys = _key_lines(i18n.tr(scene.family.keys_text), key_size, room)
    key_step = int(key_size * 1.25)
    bottom = panel.bottom - lay.margin - len(keys) * key_step
    step = int(text * 1.3)
    lines: list[str] = []
    for entry in reversed(scene.log):
        wrapped = wrap_lines(entry, text, room - text)
        if y + (len(lines) + len(wrapped)) * step > bottom - lay.margin:
            break
        lines = wrapped + lines
    for line in lines:
        blit_text(surface, line, text, WHITE, (x, y))
        y += step
    pygame.draw.line(surface, (90, 120, 100), (x, bottom - lay.margin // 2), (panel.right - lay.margin, bottom - lay.margin // 2))
    for k, line in enumerate(keys):
        blit_text(surface, line, key_size, (170, 200, 180), (x, bottom + k * key_step))
    scene.family.draw(surface, lay)


def _key_lines(text: str, size: int, width: int) -> list[str]:
    """The keyboard help, wrapped between its " · " items so a shortcut is never split
    from what it does ("T / prendre")."""
    lines: list[str] = []
    for item in text.split(" · "):
        trial = f"{lines[-1]} · {item}" if lines else item
        if lines and font(size).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.extend(wrap_lines(item, size, width))  # an item wider than the panel wraps alone
    return lines


# --- moving cards ---------------------------------------------------------------------------

def _flying_card(scene: TableScene, surface: pygame.Surface, card: object, rect: pygame.Rect,
                 drawn_width: int) -> None:
    """A card in flight changes size every frame: scale the art of a width the table already
    draws rather than render every in-between width anew (1.5 ms each)."""
    art = scene.art(drawn_width)
    image = art.face(card) if card is not None else art.back()  # type: ignore[arg-type]
    _shadow(surface, rect)
    surface.blit(pygame.transform.scale(image, rect.size), rect.topleft)


def _draw_moving(scene: TableScene, surface: pygame.Surface, lay: TableLayout) -> None:
    for flight in scene.flights:
        rect = flight.rect_at(scene.now)
        if rect.width in (flight.start.width, flight.end.width):
            _card(scene, surface, flight.card, rect)
        else:
            _flying_card(scene, surface, flight.card, rect, max(flight.start.width, flight.end.width))
    drag = scene.drag
    if drag is None or not drag.cards:
        return
    width = lay.card_w
    height = card_height(width)
    x, y = drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1]
    step = int(width * 0.34)
    for k, card in enumerate(drag.cards):
        rect = pygame.Rect(x + k * step, y, width, height)
        _card(scene, surface, card, rect)
