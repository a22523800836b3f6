"""Drawing the table: reads a `TableFrame` (and the family's panel), changes nothing.

Split from table.py so the frame's logic (events, moves, bots) and its look stay short;
draw is a pure view of the frame the frame built.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import partial

import pygame

from ramigui import i18n
from ramigui.cards import Card
from ramigui.rules.families import family_of
from ramigui.ui.card_marks import fresh_tab, joker_badge, joker_marks, ring
from ramigui.ui.cardart import card_height, opaque_inside
from ramigui.ui.deal_scene import fingerprint_line
from ramigui.ui.layout import CHOSEN_LIFT, SEAT_COLOURS, TableLayout
from ramigui.ui.notices import draw_notice
from ramigui.ui.table_family import FamilyTable
from ramigui.ui.table_frame import TableFrame
from ramigui.ui.widgets import (
    DIM,
    GOLD,
    WHITE,
    blit_text,
    common_size,
    draw_panel,
    ellipsized,
    fitted_size,
    panel_surface,
    text_width,
    wrap_items,
    wrap_lines,
)

LIT = (255, 226, 120)
FOCUS = (30, 110, 230)
"""The keyboard focus: a blue ring inside the part of the card that shows."""
HINTED = (176, 96, 240)
"""The hint's cards: a dashed violet ring, the hint banner's colour (the selection is a
raised card with a gold glow)."""
FRESH = (52, 190, 100)
"""The card just drawn or taken: a green tab with a down arrow on its top edge."""
PHONE_LINKED = (150, 240, 160)
"""A phone seat whose phone follows the game right now."""
SHADOW_ALPHA = 70
LOG_LINES_BEFORE_KEYS = 6
"""The keyboard reminder shows only when the side panel keeps this many lines for the last moves."""


def draw_table(surface: pygame.Surface, frame: TableFrame, family: FamilyTable) -> None:
    """The whole table as `frame` shows it, with the family's own panel."""
    draw_still(surface, frame, family)
    draw_moving(surface, frame, moving_cards(frame))


def still_key(frame: TableFrame, family: FamilyTable) -> tuple[object, ...]:
    """What `draw_still` shows, as a value that changes when its picture changes: the frame
    without the clock, the places of the moving cards (only which cards they hide, and the
    gap a dragged card would land in) and the pointer (unless the family's panel follows
    it), in the language of the moment."""
    drag = frame.drag
    pointer = frame.pointer_at if family.reads_pointer else None
    return (replace(frame, flights=(), now=0.0, drag=None, said=None, pointer_at=pointer),
            tuple(flight.hides for flight in frame.flights),
            None if drag is None else replace(drag, pos=(0, 0)),
            frame.landing_mark,
            i18n.language())


def draw_still(surface: pygame.Surface, frame: TableFrame, family: FamilyTable,
               melds: KeptMelds | None = None) -> None:
    """Everything but the cards in flight and the dragged cards: what stands still between
    two changes of `still_key(frame)` (the places of the moving cards left empty). With
    `melds`, the melds are put back as last drawn when nothing they show has changed."""
    for part in still_parts(frame, family, melds):
        if part.backdrop is not None:
            part.backdrop(surface)
        part.draw(surface)


@dataclass(frozen=True)
class StillPart:
    """One part of the still table: where it may paint, what it shows (a value that changes
    when its picture changes), and how it is drawn. The kept table draws again only the
    places of the parts whose key or area changed (`kept_table`)."""

    name: str
    area: pygame.Rect
    key: object
    draw: Callable[[pygame.Surface], None]
    backdrop: Callable[[pygame.Surface], None] | None = None
    """What the part lays down first and never changes while `whole_key` stays (the side
    panel's translucent plate): the kept table keeps it on the felt it restores from."""


def still_parts(frame: TableFrame, family: FamilyTable, melds: KeptMelds | None = None) -> list[StillPart]:
    """The parts of the still table in drawing order: each seat, the piles, the melds, the
    hand, the viewer's plate, the status line, the side panel and the family's panel. What
    every part shares (the window, the settings, the seats' names, the language, the
    layout's sizes) is not in their keys: `whole_key`."""
    lay = frame.layout
    if lay is None:
        return []
    parts = [StillPart(f"seat:{seat}", _seat_area(frame, lay, seat, rect), _seat_key(frame, seat, rect),
                       partial(_draw_opponent, frame, lay, seat, rect))
             for seat, rect in lay.opponents.items()]
    parts += [
        StillPart("piles", _piles_box(lay), _piles_key(frame, lay), partial(_draw_piles, frame, lay=lay)),
        StillPart("melds", _melds_box(lay), _melds_key(frame, lay), partial(_draw_melds_kept, frame, lay, melds)),
        StillPart("hand", _hand_box(lay), _hand_key(frame, lay), partial(_draw_hand, frame, lay=lay)),
        StillPart("own", lay.own.copy(), _own_key(frame, lay), partial(_draw_own_plate, frame, lay=lay)),
        StillPart("status", lay.status.copy(), _status_key(frame, family, lay),
                  partial(_draw_status, frame, family, lay=lay)),
        StillPart("side", lay.log_panel.copy(), _side_key(frame, family, lay),
                  partial(_draw_side, frame, family, lay=lay), partial(_side_plate, lay)),
        StillPart("panel", family.panel_area(frame), family.panel_key(frame), partial(_draw_panel, frame, family)),
    ]
    return parts


def whole_key(frame: TableFrame, family: FamilyTable) -> tuple[object, ...]:
    """What every part of the still table reads: when it changes, the table is composed whole."""
    lay = frame.layout
    sizes = None if lay is None else (lay.size, lay.margin, lay.text, lay.card_w, lay.card_h, lay.pile_w,
                                       lay.pile_h, lay.opp_card_w)
    return (frame.size, frame.settings, repr(frame.config), frame.viewer, frame.played_here, type(family),
            i18n.language(), sizes)


def _draw_melds_kept(frame: TableFrame, lay: TableLayout, melds: KeptMelds | None, surface: pygame.Surface) -> None:
    if melds is None:
        _draw_melds(frame, surface, lay)
    else:
        melds.draw(frame, surface, lay)


def _draw_panel(frame: TableFrame, family: FamilyTable, surface: pygame.Surface) -> None:
    family.draw(surface, frame)


def _shadow(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The card's shadow, down and to the right: only where the card at `rect`, drawn next,
    will not hide it (the whole shadow was most of a card's cost at 4K)."""
    offset = max(2, rect.width // 28)
    place = rect.move(offset, offset)
    _blit_outside(surface, panel_surface(place.size, (0, 0, 0, SHADOW_ALPHA), max(3, rect.width // 12)), place,
                  opaque_inside(rect))


def _card(frame: TableFrame, surface: pygame.Surface, card: object, rect: pygame.Rect,
          covered: pygame.Rect | None = None) -> None:
    """A face (a Card) or a back (None) at `rect`, with its shadow; `covered`: where the
    card drawn next hides everything beneath it (`opaque_inside`), left undrawn here."""
    art = frame.art(rect.width)
    _shadow(surface, rect)
    image = art.face(card) if card is not None else art.back()  # type: ignore[arg-type]
    _blit_outside(surface, image, rect, covered)


def _blit_outside(surface: pygame.Surface, image: pygame.Surface, place: pygame.Rect,
                  covered: pygame.Rect | None) -> None:
    """`image` at `place`, but for where `covered` lies: the same pixels once what covers
    it is drawn, at a fraction of the cost where cards overlap (memory, not arithmetic,
    bounds a blit at 4K)."""
    for piece in outside(place, covered):
        surface.blit(image, piece.topleft, piece.move(-place.left, -place.top))


def _cover(rects: Sequence[pygame.Rect], index: int) -> pygame.Rect | None:
    """Where the card drawn after card `index` of a row hides it (None for the last)."""
    return opaque_inside(rects[index + 1]) if index + 1 < len(rects) else None


def outside(rect: pygame.Rect, hole: pygame.Rect | None) -> list[pygame.Rect]:
    """`rect` without `hole`: the strips of it above, below, left and right of the hole."""
    inner = rect.clip(hole) if hole is not None else pygame.Rect(0, 0, 0, 0)
    if not inner.width or not inner.height:
        return [rect]
    strips = [pygame.Rect(rect.left, rect.top, rect.width, inner.top - rect.top),
              pygame.Rect(rect.left, inner.bottom, rect.width, rect.bottom - inner.bottom),
              pygame.Rect(rect.left, inner.top, inner.left - rect.left, inner.height),
              pygame.Rect(inner.right, inner.top, rect.right - inner.right, inner.height)]
    return [strip for strip in strips if strip.width > 0 and strip.height > 0]


def _glow(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int], width: int = 4) -> None:
    radius = max(4, rect.width // 10)
    pygame.draw.rect(surface, colour, rect.inflate(width * 2, width * 2), width, border_radius=radius)


def _lit(frame: TableFrame, name: str) -> bool:
    return frame.drag is not None and name in frame.drag.lit


# --- opponents -------------------------------------------------------------------------------

def _draw_opponent(frame: TableFrame, lay: TableLayout, seat: int, rect: pygame.Rect, surface: pygame.Surface) -> None:
    """A seat across the table: its plate, name and facts, and its hand (backs, or the
    cards the rules show to all)."""
    view = frame.view
    playing = view.to_play == seat and not view.round_over
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    draw_panel(surface, rect, (0, 0, 0, 95 if playing else 60), lay.margin,
               (*colour, 255) if playing else (0, 0, 0, 0))
    _draw_seat_title(frame, surface, seat, rect, colour, lay)
    _fit_line(surface, seat_facts(frame, seat), int(lay.text * 0.85), WHITE,
              pygame.Rect(rect.left + lay.margin, rect.bottom - int(lay.text * 1.35),
                          rect.width - 2 * lay.margin, int(lay.text * 1.2)))
    shown = frame.shown_hands
    if seat in shown:
        _draw_face_fan(frame, surface, rect, lay, tuple(shown[seat]))
    else:
        _draw_back_fan(frame, surface, rect, lay, view.hand_counts[seat])


def _seat_key(frame: TableFrame, seat: int, rect: pygame.Rect) -> object:
    view = frame.view
    shown = frame.shown_hands
    return (rect, view.to_play == seat and not view.round_over, seat in frame.phones_connected,
            seat_facts(frame, seat), tuple(shown[seat]) if seat in shown else view.hand_counts[seat])


def _seat_area(frame: TableFrame, lay: TableLayout, seat: int, rect: pygame.Rect) -> pygame.Rect:
    """The plate, and the fan of a hand shown face up wherever it reaches."""
    shown = frame.shown_hands
    if seat not in shown or not shown[seat]:
        return rect.copy()
    left, step, width, top = _face_fan_places(rect, lay, len(shown[seat]))
    fan = pygame.Rect(int(left), top, int(step * (len(shown[seat]) - 1)) + width + 1, rect.bottom - top)
    return rect.union(fan)


def seat_facts(frame: TableFrame, seat: int, own: bool = False) -> list[str]:
    """A seat's line of facts (cards held, score, opened), from the longest to the
    shortest way of saying it: the plate shows the longest that fits."""
    view = frame.view
    count = view.hand_counts[seat]
    opened = view.public.opened
    # a tick for a word the rules never use is noise (Rami de base)
    has_opened = seat < len(opened) and bool(opened[seat]) and family_of(view.variant).opening_matters(view.variant)
    cards = [] if own else [i18n.tr("table.one_card") if count == 1 else i18n.tr("table.cards", n=count)]
    points = view.running_scores[seat]
    score, short = i18n.tr("table.score", n=points), i18n.tr("table.score_short", n=points)
    tick = [f"✓ {i18n.tr('table.opened')}"] if has_opened else []
    return [" · ".join([*cards, score, *tick]), " · ".join([*cards, score, *(["✓"] if has_opened else [])]),
            " · ".join([*cards, short, *(["✓"] if has_opened else [])])]


def _fit_line(surface: pygame.Surface, options: list[str], size: int, colour: tuple[int, int, int],
              box: pygame.Rect, smallest: int = 11) -> pygame.Rect:
    """The first of `options` that fits `box` at 85% of `size` or more; else the last one,
    shrunk down to `smallest` and shortened with "…" if it must. Drawn at the box's left."""
    floor = max(smallest, int(size * 0.85))
    chosen = next((text for text in options if fitted_size(text, size, box.width, smallest=floor) >= floor
                   and text_width(text, fitted_size(text, size, box.width, smallest=floor)) <= box.width),
                  options[-1])
    fitted = fitted_size(chosen, size, box.width, smallest=smallest)
    chosen = ellipsized(chosen, fitted, box.width)
    return blit_text(surface, chosen, fitted, colour, (box.left, box.centery), "midleft")


def _draw_own_plate(frame: TableFrame, surface: pygame.Surface, lay: TableLayout) -> None:
    """The viewer's own plate at the left of their hand: their name and score, like the
    other players' plates (a hand shown face up needs no card count)."""
    seat = frame.viewer
    if seat is None or lay.own.width <= 0:
        return
    rect = lay.own
    colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    playing = frame.view.to_play == seat and not frame.view.round_over
    draw_panel(surface, rect, (0, 0, 0, 95 if playing else 60), lay.margin, (*colour, 255) if playing else (0, 0, 0, 0))
    inner = rect.inflate(-lay.margin, 0)
    size = fitted_size(frame.name(seat), lay.text, inner.width, True, smallest=max(11, int(lay.text * 0.75)))
    name = ellipsized(frame.name(seat), size, inner.width, True)
    blit_text(surface, name, size, colour, (inner.left, rect.top + lay.margin // 2), bold=True)
    _fit_line(surface, seat_facts(frame, seat, own=True), int(lay.text * 0.85), WHITE,
              pygame.Rect(inner.left, rect.bottom - int(lay.text * 1.35), inner.width, int(lay.text * 1.2)))


def _draw_seat_title(frame: TableFrame, surface: pygame.Surface, seat: int, rect: pygame.Rect,
                     colour: tuple[int, int, int], lay: TableLayout) -> None:
    """The seat's name (shortened with "…" if long) and, for a bot, its level after it when
    there is room: the name comes first, a family tells its players apart by name. A phone
    seat's "phone" tag is always shown, the name shortened for it: it says where that hand is."""
    left, top = rect.left + lay.margin, rect.top + lay.margin // 2
    room = rect.width - 2 * lay.margin
    config = frame.config
    level = "" if config.humans[seat] else i18n.tr(f"table.level.{config.levels[seat]}")
    level_colour = DIM
    if config.phones[seat]:
        level = i18n.tr("table.on_phone")
        level_colour = PHONE_LINKED if seat in frame.phones_connected else DIM
    small = int(lay.text * 0.78)
    level_w = text_width(f"  {level}", small) if level else 0
    size, name_room = lay.text, room
    if config.phones[seat]:  # "phone" says where that hand is: always shown, the name smaller first
        name_room = room - level_w
        size = fitted_size(frame.name(seat), lay.text, name_room, True, smallest=max(11, int(lay.text * 0.75)))
    name = ellipsized(frame.name(seat), size, name_room, True)
    drawn = blit_text(surface, name, size, colour, (left, top + lay.text - size), bold=True)
    if level and drawn.right + level_w <= rect.right - lay.margin:
        blit_text(surface, level, small, level_colour, (drawn.right + small // 2, drawn.bottom - 2), "bottomleft")


FACE_FAN_LEAST = 24
"""The narrowest a face-up card on a plate gets (its corner index still reads)."""


def _face_fan_places(rect: pygame.Rect, lay: TableLayout, count: int) -> tuple[float, float, int, int]:
    """A face-up fan's first card's left, the step between its cards, their width and top:
    half the hand's cards where the plate has the height, else as tall as it has (a knocker's
    leftover cards were cut at the plate's facts line), down to a card whose index still reads."""
    top = rect.top + int(lay.text * 1.5)
    tall = _face_fan_bottom(rect, lay) - top
    width = max(int(lay.card_w * 0.5), lay.opp_card_w)
    while width > FACE_FAN_LEAST and card_height(width) > tall:
        width -= 1
    room = rect.width - 2 * lay.margin - width
    step = min(width * 0.62, room / max(1, count - 1))
    left = rect.centerx - (width + step * (count - 1)) / 2
    return left, step, width, top


def _face_fan_bottom(rect: pygame.Rect, lay: TableLayout) -> int:
    """How low a face-up fan may reach: just above the plate's line of facts."""
    return rect.bottom - int(lay.text * 1.45)


def _draw_face_fan(frame: TableFrame, surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout,
                   cards: tuple[object, ...]) -> None:
    """A hand the rules show to all (gin's knocker, Yami after an exposure), face up."""
    if not cards:
        return
    left, step, width, top = _face_fan_places(rect, lay, len(cards))
    art = frame.art(width)
    bottom = _face_fan_bottom(rect, lay)
    for i, card in enumerate(cards):
        image = art.face(card)  # type: ignore[arg-type]
        area = pygame.Rect(0, 0, image.get_width(), max(1, bottom - top))
        surface.blit(image, (int(left + step * i), top), area)


def _draw_back_fan(frame: TableFrame, surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout, count: int) -> None:
    width = lay.opp_card_w
    height = card_height(width)
    shown = min(count, 16)
    if not shown:
        return
    room = rect.width - 2 * lay.margin - width
    step = min(width * 0.3, room / max(1, shown - 1))
    left = rect.centerx - (width + step * (shown - 1)) / 2
    top = rect.top + int(lay.text * 1.5)
    back = frame.art(width).back()
    places = [pygame.Rect(int(left + step * i), top, width, height) for i in range(shown)]
    for i, place in enumerate(places):
        _blit_outside(surface, back, place, _cover(places, i))


# --- stock and discard ---------------------------------------------------------------------

def _draw_piles(frame: TableFrame, surface: pygame.Surface, lay: TableLayout) -> None:
    public = frame.view.public
    stock = public.stock
    room = lay.discard.centerx - lay.stock.centerx - lay.margin // 2
    labels = (i18n.tr("table.stock"), i18n.tr("table.discard"))
    size = common_size(list(labels), int(lay.text * 0.9), room, True, smallest=11)
    for label, rect in zip(labels, (lay.stock, lay.discard), strict=True):
        blit_text(surface, ellipsized(label, size, room, True), size, WHITE, (rect.centerx, rect.top - 4 - 6),
                  "midbottom", bold=True)
    if stock:
        backs = [lay.stock.move(-k * 2, -k * 2) for k in range(min(3, (stock + 9) // 10), 0, -1)]
        for k, rect in enumerate(backs):
            _card(frame, surface, None, rect, _cover(backs, k))
        _count_badge(surface, str(stock), lay.stock, lay)
    else:
        draw_panel(surface, lay.stock, (0, 0, 0, 50), lay.stock.width // 12)
    shown = _discard_shown(frame)
    draw_panel(surface, lay.discard, (0, 0, 0, 50), lay.discard.width // 12)
    if len(shown) > 1:
        _card(frame, surface, shown[-2], lay.discard.move(-3, -2), opaque_inside(lay.discard))
    if shown:
        _card(frame, surface, shown[-1], lay.discard)
    if _lit(frame, "discard"):
        _glow(surface, lay.discard, LIT)
    if frame.human_turn:
        kinds = {m.kind for m in frame.view.legal_moves}
        if "draw" in kinds:
            _glow(surface, lay.stock, (255, 255, 255), 2)
        if public.phase == "offer" and "take" in kinds:
            _glow(surface, lay.discard, (255, 255, 255), 2)


def _discard_shown(frame: TableFrame) -> Sequence[Card]:
    """The discard pile as it shows: without its top card while that card flies away or is
    dragged (it is under the pointer, not in two places)."""
    pile = frame.view.public.discard
    drag = frame.drag
    lifted = any(f.hides == ("discard", 0) for f in frame.flights) or (
        drag is not None and drag.source == "discard" and bool(drag.cards))
    return pile[:-1] if lifted else pile


def _piles_key(frame: TableFrame, lay: TableLayout) -> object:
    public = frame.view.public
    shown = tuple(_discard_shown(frame))[-2:]
    kinds = {m.kind for m in frame.view.legal_moves} if frame.human_turn else set()
    return (lay.stock, lay.discard, public.stock, shown, _lit(frame, "discard"), "draw" in kinds,
            public.phase == "offer" and "take" in kinds)


def _piles_box(lay: TableLayout) -> pygame.Rect:
    """All `_draw_piles` may paint: the piles with their labels above, their stacked
    cards, shadows and glows, with room to spare."""
    pad = lay.margin + 8
    piles = lay.stock.union(lay.discard).inflate(2 * pad, 2 * pad)
    piles.top -= 2 * lay.text
    piles.height += 2 * lay.text
    return piles


def _count_badge(surface: pygame.Surface, text: str, pile: pygame.Rect, lay: TableLayout) -> None:
    """How many cards the stock holds, on a dark pill at the foot of the pile."""
    size = max(11, int(lay.text * 0.85))
    width = max(text_width(text, size, True) + size, int(size * 2.2))
    badge = pygame.Rect(0, 0, min(width, pile.width), int(size * 1.35))
    badge.midbottom = (pile.centerx - 4, pile.bottom - 6)
    draw_panel(surface, badge, (16, 24, 20, 235), badge.height // 2, (*WHITE, 200))
    blit_text(surface, text, size, WHITE, badge.center, "center", bold=True)


# --- melds ------------------------------------------------------------------------------------

def _draw_melds(frame: TableFrame, surface: pygame.Surface, lay: TableLayout) -> None:
    melds = frame.view.public.melds
    if frame.drag is not None and "table" in frame.drag.lit:
        draw_panel(surface, lay.melds_area, (255, 240, 180, 40), lay.margin, (*LIT, 200))
        blit_text(surface, i18n.tr("table.new_meld"), lay.text, LIT,
                  (lay.melds_area.centerx, lay.melds_area.bottom - lay.margin), "midbottom", bold=True)
    laid_off = Counter(getattr(frame.view.public, "laid_off", ()))  # Gin: the defender's cards on the knocker's melds
    for spot in lay.melds:
        if spot.number > len(melds):
            continue
        meld = melds[spot.number - 1]
        colour = SEAT_COLOURS[spot.owner % len(SEAT_COLOURS)]
        _draw_meld_tag(frame, surface, spot, colour, lay)
        marks = joker_marks(meld)
        rects = spot.cards[:len(meld.cards)]
        for k, (card, rect) in enumerate(zip(meld.cards, rects, strict=False)):
            _card(frame, surface, card, rect, _cover(rects, k))
            mark = marks[k]
            shown = rect.width if k == len(spot.cards) - 1 else spot.cards[k + 1].left - rect.left
            if mark is not None:  # the card it stands for, on the part of the joker that shows
                joker_badge(surface, rect, shown, *mark)
            if laid_off[card] > 0:
                laid_off[card] -= 1
                _laid_off_band(surface, rect, shown, SEAT_COLOURS[(1 - spot.owner) % len(SEAT_COLOURS)])
        if _lit(frame, f"meld:{spot.number}"):
            _glow(surface, spot.rect, LIT)


def _laid_off_band(surface: pygame.Surface, card: pygame.Rect, shown: int, colour: tuple[int, int, int]) -> None:
    """Along the foot of a card the defender laid off on the knocker's meld, a band in the
    defender's colour: whose card it is, at a glance, on the part of it that shows."""
    height = max(4, card.height // 12)
    band = pygame.Rect(card.left + 2, card.bottom - height - 2, max(4, min(shown, card.width) - 4), height)
    pygame.draw.rect(surface, colour, band, border_radius=height // 2)
    pygame.draw.rect(surface, (30, 30, 30), band, 1, border_radius=height // 2)


class KeptMelds:
    """The melds as last drawn, with the felt under them: on a busy table the costliest part
    (fifty cards at 4K), and one that changes only when a meld is laid down or added to, not
    at every draw and discard. Kept only where nothing drawn before them (the seats, the
    piles) reaches their box, so the kept picture holds nothing else that could change."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.image: pygame.Surface | None = None

    def forget(self) -> None:
        self.key = self.image = None

    def draw(self, frame: TableFrame, surface: pygame.Surface, lay: TableLayout) -> None:
        box = _melds_box(lay).clip(surface.get_rect())
        if not box.width or any(box.colliderect(other) for other in _drawn_before_melds(lay)):
            _draw_melds(frame, surface, lay)
            return
        key = (_melds_key(frame, lay), box, surface.get_size(), frame.config, frame.settings, i18n.language())
        if key == self.key and self.image is not None:
            surface.blit(self.image, box)
            return
        _draw_melds(frame, surface, lay)
        if surface.get_clip().contains(box):  # drawn whole, not only a place of it
            self.image, self.key = surface.subsurface(box).copy(), key


def _melds_box(lay: TableLayout) -> pygame.Rect:
    """All `_draw_melds` may paint: the melds' area, each meld with its glow and its cards'
    shadows, each tag line."""
    label = pygame.Rect(0, 0, text_width(i18n.tr("table.new_meld"), lay.text, True) + 4, lay.text * 2)
    label.midbottom = (lay.melds_area.centerx, lay.melds_area.bottom - lay.margin + 2)
    parts = [lay.melds_area, label]  # "New meld" may be wider than a small window's area
    for spot in lay.melds:
        rect = spot.rect
        parts += [rect.inflate(16, 16), moving_area(rect), spot.tag]
    return parts[0].unionall(parts[1:])


def _drawn_before_melds(lay: TableLayout) -> list[pygame.Rect]:
    """Where the seats (inside their plates) and the piles paint."""
    return [_piles_box(lay), *(rect.inflate(4, 4) for rect in lay.opponents.values())]


def _melds_key(frame: TableFrame, lay: TableLayout) -> object:
    lit = frozenset(name for name in frame.drag.lit if name == "table" or name.startswith("meld:")) \
        if frame.drag is not None else None
    public = frame.view.public
    return lay.melds, lay.melds_area, public.melds, tuple(getattr(public, "laid_off", ())), lit


def _draw_meld_tag(frame: TableFrame, surface: pygame.Surface, spot: object, colour: tuple[int, int, int],
                   lay: TableLayout) -> None:
    tag: pygame.Rect = spot.tag  # type: ignore[attr-defined]
    size = max(11, int(tag.height * 0.78))
    badge = pygame.Rect(tag.left, tag.top, max(tag.height + 4, size * 2), tag.height - 2)
    draw_panel(surface, badge, (*colour, 235), badge.height // 2)
    blit_text(surface, str(spot.number), size, (30, 30, 30), badge.center, "center", bold=True)  # type: ignore[attr-defined]
    # every meld says whose it is, where its name fits: named only on the first of a row
    # of one player's melds, the next ones read as nobody's (a newcomer's "7 and 8")
    room = _tag_room(spot, badge, lay)
    owner: int = spot.owner  # type: ignore[attr-defined]
    name = ellipsized(frame.name(owner), size, room, True)
    if _tells_apart(name, owner, frame):
        blit_text(surface, name, size, colour, (badge.right + 6, badge.centery), "midleft", bold=True)


def _tells_apart(name: str, owner: int, frame: TableFrame) -> bool:
    """Whether an owner's name, as shortened to fit, still says whose meld it is: whole, or
    cut to a start no other seat's name shares ("Mamie Jo…", not "Rob…" among Robot 1, 2
    and 3, nor a bare "…"). Otherwise it is left out: the badge's colour tells the owner."""
    if name == frame.name(owner):
        return True
    kept = name.removesuffix("…")
    others = (frame.name(seat) for seat in range(len(frame.config.names)) if seat != owner)
    return bool(kept) and not any(other.startswith(kept) for other in others)


def _tag_room(spot: object, badge: pygame.Rect, lay: TableLayout) -> int:
    """How wide the owner's name over a meld may be: up to the next meld's badge on the same
    row (or the edge of the melds' area), not only its own narrow meld (a bare "…" at 640×400)."""
    tag: pygame.Rect = spot.tag  # type: ignore[attr-defined]
    after = [other.tag.left for other in lay.melds if other.tag.top == tag.top and other.tag.left > tag.left]
    edge = min(after) if after else lay.melds_area.right
    return max(0, edge - badge.right - 12)


# --- the hand ---------------------------------------------------------------------------------

def _draw_hand(frame: TableFrame, surface: pygame.Surface, lay: TableLayout) -> None:
    if frame.viewer is None:
        return
    dragged = set(frame.carried)
    hidden = {f.hides[1] for f in frame.flights if f.hides and f.hides[0] == "hand"}
    if frame.drag is not None and "hand" in frame.drag.lit:
        draw_panel(surface, lay.hand_area, (255, 240, 180, 40), lay.margin, (*LIT, 200))
    shown = [i for i in range(min(len(frame.order), len(lay.hand))) if i not in dragged and i not in hidden]
    hinted = frame.hinted
    fresh = frame.fresh
    thick = max(2, lay.card_w // 40)
    rects = [frame.hand_rect(i) for i in shown]
    for k, i in enumerate(shown):
        rect = rects[k]
        _card(frame, surface, frame.order[i], rect, _cover(rects, k))
        if i in frame.selected:
            _glow(surface, rect, GOLD, thick + 1)
    for i in shown:  # rings on top of every card, each round the part of its card that shows
        if i in frame.implied:
            ring(surface, frame.visible_part(i), GOLD, thick)
        if i in hinted:
            ring(surface, frame.visible_part(i), HINTED, thick + 1, dashed=True)
        if i == fresh or i in frame.penalised:
            whole = frame.hand_rect(i)  # a big hand's cards may be smaller than the table's
            fresh_tab(surface, frame.visible_part(i), whole.width, whole.height, FRESH)
    if frame.order and frame.focus in shown and frame.human_turn:
        part = frame.visible_part(frame.focus)
        ring(surface, part, FOCUS, thick + 1)
        if frame.focus in hinted:  # the hint's ring just inside the focus ring, never hidden by it
            inset = 2 * (thick + 1)
            ring(surface, part.inflate(-inset, -inset), HINTED, thick + 1, dashed=True)
    _draw_pin(surface, frame.landing_mark)


def _draw_pin(surface: pygame.Surface, mark: pygame.Rect | None) -> None:
    """The landing pin: a bar with a knob on top, standing out above the cards."""
    if mark is not None:
        pygame.draw.rect(surface, GOLD, mark, border_radius=max(1, mark.width // 2))
        pygame.draw.circle(surface, GOLD, (mark.centerx, mark.top + mark.width), mark.width)


def _hand_key(frame: TableFrame, lay: TableLayout) -> object:
    drag = frame.drag
    return (lay.hand, lay.hand_area, frame.order, frame.selected, frame.hinted, frame.fresh, frame.penalised,
            frame.focus, frame.human_turn, tuple(f.hides for f in frame.flights if f.hides and f.hides[0] == "hand"),
            None if drag is None else (drag.source, frame.carried, "hand" in drag.lit),
            frame.landing_mark)


def _hand_box(lay: TableLayout) -> pygame.Rect:
    """All `_draw_hand` may paint: the hand's area, each card raised or not with its
    shadow, its glow, its rings and the tab on top of the card just drawn."""
    thick = max(2, lay.card_w // 40)
    pad = max(thick + 1, max(2, lay.card_w // 28)) + 2  # a selected card's glow, a card's shadow
    reach = int(lay.card_h * CHOSEN_LIFT) + max(10, lay.card_h // 9) + pad  # raised, the tab on top
    boxes = [rect.inflate(2 * pad, 2 * pad).union(rect.move(0, -reach)) for rect in lay.hand]
    return lay.hand_area.unionall(boxes)


def _own_key(frame: TableFrame, lay: TableLayout) -> object:
    seat = frame.viewer
    if seat is None:
        return None
    return lay.own, frame.view.to_play == seat and not frame.view.round_over, seat_facts(frame, seat, own=True)


def _draw_status(frame: TableFrame, family: FamilyTable, surface: pygame.Surface, lay: TableLayout) -> None:
    """The status line: a passing note or refusal if there is one, else what to do now
    (an instruction) or whom we wait for; each in its own look (notices.STYLES)."""
    if frame.message:
        draw_notice(surface, lay.status, frame.message, frame.message_kind, int(lay.text * 0.95), lay.margin)
        return
    text = _hint(frame, family)
    if text:
        kind = "prompt" if frame.human_turn else "waiting"
        draw_notice(surface, lay.status, text, kind, lay.text, lay.margin)


def _status_key(frame: TableFrame, family: FamilyTable, lay: TableLayout) -> object:
    if frame.message:
        return lay.status, frame.message, frame.message_kind
    return lay.status, _hint(frame, family), frame.human_turn


def _hint(frame: TableFrame, family: FamilyTable) -> str:
    view = frame.view
    if view.round_over:
        return ""
    if frame.human_turn:
        prompt = family.prompt(frame)
        if prompt and frame.fresh is not None:  # `fresh_index`: an index into the hand
            return i18n.tr("table.fresh_card", card=frame.order[frame.fresh], prompt=prompt)
        return prompt
    return i18n.tr("table.waiting", name=frame.name(view.to_play))


# --- side panel -------------------------------------------------------------------------------

def _side_plate(lay: TableLayout, surface: pygame.Surface) -> None:
    draw_panel(surface, lay.log_panel, (0, 0, 0, 80), lay.margin)


def _draw_side(frame: TableFrame, family: FamilyTable, surface: pygame.Surface, lay: TableLayout) -> None:
    """The side panel's words over its plate: the game and round, the deck's fingerprint,
    the last moves, the keys."""
    panel = lay.log_panel
    text = int(lay.text * 0.85)
    x, y = panel.left + lay.margin, panel.top + lay.margin
    name, round_text = i18n.variant_name(frame.game.variant), i18n.tr("table.round", n=frame.view.round_no)
    room = panel.width - 2 * lay.margin
    title = [f"{name} · {round_text}"]
    if len(wrap_lines(title[0], lay.text, room, True)) > 1:  # never "Round" on one line, "1" on the next
        title = [*wrap_lines(name, lay.text, room, True), round_text]
    for line in title:
        y = blit_text(surface, line, lay.text, GOLD, (x, y), bold=True).bottom
    y = _draw_fingerprint(frame, surface, x, y, room, text)
    y += lay.margin // 2
    blit_text(surface, i18n.tr("table.last_moves"), text, (200, 220, 205), (x, y), bold=True)
    y += int(text * 1.5)
    key_size = max(11, int(text * 0.8))
    keys = wrap_items(list(frame.keys), key_size, room) if frame.played_here else []
    key_step = int(key_size * 1.25)
    step = int(text * 1.3)
    if panel.bottom - lay.margin - len(keys) * key_step - y < LOG_LINES_BEFORE_KEYS * step:
        keys = []  # a small window: the last moves matter more than the keyboard's reminder
    bottom = panel.bottom - lay.margin - len(keys) * key_step
    lines: list[str] = []
    for entry in reversed(_said(frame, lay)):
        wrapped = wrap_lines(entry, text, room - text)  # a meld's cards kept together
        if y + (len(lines) + len(wrapped)) * step > bottom - lay.margin:
            break
        lines = wrapped + lines
    for line in lines:
        blit_text(surface, line, text, WHITE, (x, y))
        y += step
    if keys:
        pygame.draw.line(surface, (90, 120, 100), (x, bottom - lay.margin // 2),
                         (panel.right - lay.margin, bottom - lay.margin // 2))
    for k, line in enumerate(keys):
        blit_text(surface, line, key_size, (170, 200, 180), (x, bottom + k * key_step))


def _said(frame: TableFrame, lay: TableLayout) -> list[str]:
    """The last moves told, the seats' names shortened to fit the panel."""
    text = int(lay.text * 0.85)
    room = lay.log_panel.width - 2 * lay.margin
    return frame.said([ellipsized(frame.name(seat), text, int(room * 0.7)) for seat in range(len(frame.config.names))])


def _side_key(frame: TableFrame, family: FamilyTable, lay: TableLayout) -> object:
    return (lay.log_panel, i18n.variant_name(frame.game.variant), frame.view.round_no, fingerprint_line(frame.view),
            tuple(_said(frame, lay)), frame.keys)


def _draw_fingerprint(frame: TableFrame, surface: pygame.Surface, x: int, y: int, room: int, size: int) -> int:
    """The round's deck fingerprint under the round's title, from the deal on."""
    line = fingerprint_line(frame.view)
    if not line:
        return y
    for part in wrap_lines(line, size, room):
        y = blit_text(surface, part, size, (190, 215, 200), (x, y)).bottom
    return y


# --- moving cards ---------------------------------------------------------------------------

def _flying_card(frame: TableFrame, surface: pygame.Surface, card: object, rect: pygame.Rect,
                 drawn_width: int) -> None:
    """A card in flight changes size every frame: scale the art of a width the table already
    draws rather than render every in-between width anew (1.5 ms each)."""
    art = frame.art(drawn_width)
    image = art.face(card) if card is not None else art.back()  # type: ignore[arg-type]
    _shadow(surface, rect)
    surface.blit(pygame.transform.scale(image, rect.size), rect.topleft)


Moving = tuple[object, pygame.Rect, int]
"""A moving card: the card (None: a back), where it is drawn, the width of the art it is drawn from."""


def moving_cards(frame: TableFrame) -> list[Moving]:
    """The cards in flight, then the dragged cards, in drawing order."""
    lay = frame.layout
    if lay is None:
        return []
    found: list[Moving] = []
    for flight in frame.flights:
        rect = flight.rect_at(frame.now)
        still = rect.width in (flight.start.width, flight.end.width)
        found.append((flight.card, rect, rect.width if still else max(flight.start.width, flight.end.width)))
    drag = frame.drag
    if drag is None:
        return found
    # the stock's top card follows the pointer face down: nobody has seen it yet
    carried: tuple[object, ...] = drag.cards or ((None,) if drag.source == "stock" else ())
    if not carried:
        return found
    width = lay.card_w
    height = card_height(width)
    x, y = drag.pos[0] - drag.offset[0], drag.pos[1] - drag.offset[1]
    step = int(width * 0.34)
    if drag.source == "hand" and frame.carried != tuple(drag.indices):  # a ready meld comes along
        carried = tuple(frame.order[i] for i in frame.carried)
        x -= step * frame.carried.index(drag.indices[0])  # the card held stays under the pointer
    found.extend((card, pygame.Rect(x + k * step, y, width, height), width) for k, card in enumerate(carried))
    return found


def draw_moving(surface: pygame.Surface, frame: TableFrame, cards: list[Moving]) -> None:
    """The moving cards over the still table, and over a dragged card the pin where it
    will land (under it only the pin's knob showed). The pin stands inside the hand's part
    of the still table, which is drawn again whenever the pin moves: nothing stays behind."""
    for card, rect, art_width in cards:
        if art_width == rect.width:
            _card(frame, surface, card, rect)
        else:
            _flying_card(frame, surface, card, rect, art_width)
    _draw_pin(surface, frame.landing_mark)


def moving_area(rect: pygame.Rect) -> pygame.Rect:
    """What a card at `rect` and its shadow (`_shadow`) cover."""
    offset = max(2, rect.width // 28)
    return rect.union(rect.move(offset, offset))
