"""Where everything goes on the table, computed from the window size alone.

Nothing is hard-coded to a resolution: card sizes and every region are fractions of the
window, from 1024×600 to 3840×2160. The melds area is flowed with the largest card size
that fits, so a table with fifteen melds still shows them all. Pure geometry: no drawing,
no game calls, so it is cheap to recompute after each move or resize.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ramigui.art.table import SEAT_COLOURS as SEAT_COLOURS
from ramigui.ui.cardart import card_height

MELD_STEP = 0.34
"""Visible part of each overlapped card in a meld (the index is 0.3 of the width)."""


@dataclass
class MeldSpot:
    """One meld on the table: its number (1-based), owner, card rects, and its tag line."""

    number: int
    owner: int
    cards: list[pygame.Rect]
    tag: pygame.Rect

    @property
    def rect(self) -> pygame.Rect:
        return self.cards[0].unionall(self.cards[1:]) if self.cards else self.tag


@dataclass
class TableLayout:
    """Every rect the table scene draws or hit-tests."""

    size: tuple[int, int]
    margin: int
    card_w: int
    card_h: int
    pile_w: int
    pile_h: int
    opp_card_w: int
    meld_w: int = 0
    hand_area: pygame.Rect = field(default_factory=pygame.Rect)
    hand_row: pygame.Rect = field(default_factory=pygame.Rect)
    """The part of the hand area the cards are fanned in (right of the viewer's own plate)."""
    own: pygame.Rect = field(default_factory=pygame.Rect)
    """The viewer's own plate (name, score, opened), at the left of their hand."""
    side: pygame.Rect = field(default_factory=pygame.Rect)
    top: pygame.Rect = field(default_factory=pygame.Rect)
    middle: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    discard: pygame.Rect = field(default_factory=pygame.Rect)
    melds_area: pygame.Rect = field(default_factory=pygame.Rect)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    opponents: dict[int, pygame.Rect] = field(default_factory=dict)
    hand: list[pygame.Rect] = field(default_factory=list)
    melds: list[MeldSpot] = field(default_factory=list)
    log_panel: pygame.Rect = field(default_factory=pygame.Rect)
    buttons: list[pygame.Rect] = field(default_factory=list)
    counter: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def text(self) -> int:
        """The body text size in pixels: readable from a sofa, scaled with the window."""
        return max(15, int(min(self.size[0] / 60, self.size[1] / 34)))


def compute(size: tuple[int, int], opponents: Sequence[int], hand_count: int,
            meld_owners: Sequence[tuple[int, int]], card_scale: float = 1.0,
            buttons: int = 5, hand_gaps: Sequence[int] = ()) -> TableLayout:
    """The layout for a window `size`, the opponents' seats (in play order), the viewer's
    hand size and the melds as (owner, number of cards), in table order. `buttons` is the
    number of button rows in the side panel (a row may hold several buttons side by side);
    `hand_gaps` the hand indices a gap comes before (where a group of the hand starts)."""
    width, height = size
    margin = max(6, int(min(width, height) * 0.014))
    card_w = max(40, int(min(width * 0.074, height * 0.132) * card_scale))
    card_h = card_height(card_w)
    pile_w = int(card_w * 0.9)
    opp_card_w = max(24, int(card_w * 0.42))
    lay = TableLayout(size, margin, card_w, card_h, pile_w, card_height(pile_w), opp_card_w)
    side_w = max(200, int(width * 0.2))
    lay.side = pygame.Rect(width - side_w - margin, margin, side_w, height - 2 * margin)
    play_w = lay.side.left - 2 * margin
    hand_h = int(card_h * 1.2) + lay.text
    lay.hand_area = pygame.Rect(margin, height - hand_h - margin, play_w, hand_h)
    own_w = min(int(play_w * 0.22), int(lay.text * 9))
    lay.own = pygame.Rect(margin, lay.hand_area.bottom - int(lay.text * 3.4), own_w, int(lay.text * 3.4))
    lay.hand_row = pygame.Rect(lay.own.right + margin, lay.hand_area.top, lay.hand_area.right - lay.own.right - margin,
                               hand_h)
    top_h = int(card_height(opp_card_w) + lay.text * 2.8)
    lay.top = pygame.Rect(margin, margin, play_w, top_h)
    status_h = max(int(lay.text * 2.4), 40)  # two lines of a long refusal at nearly full size
    lay.status = pygame.Rect(margin, lay.hand_area.top - status_h - int(lay.text * 0.2), play_w, status_h)
    lay.middle = pygame.Rect(margin, lay.top.bottom + margin, play_w, lay.status.top - lay.top.bottom - 2 * margin)
    _place_opponents(lay, opponents)
    _place_piles(lay)
    _place_side(lay, buttons)
    lay.hand = hand_positions(lay.hand_row, card_w, card_h, hand_count, hand_gaps)
    _place_melds(lay, meld_owners)
    return lay


def _place_opponents(lay: TableLayout, seats: Sequence[int]) -> None:
    if not seats:
        return
    slot = lay.top.width // len(seats)
    panel_w = min(slot - lay.margin, int(lay.opp_card_w * 6.5))
    for i, seat in enumerate(seats):
        rect = pygame.Rect(0, lay.top.top, panel_w, lay.top.height)
        rect.centerx = lay.top.left + slot * i + slot // 2
        lay.opponents[seat] = rect


def _place_piles(lay: TableLayout) -> None:
    """Stock and discard side by side at the left of the middle, with room for labels."""
    mid = lay.middle
    label = int(lay.text * 1.4)
    y = mid.top + max(label, (mid.height - lay.pile_h) // 2)
    lay.stock = pygame.Rect(mid.left + lay.margin, y, lay.pile_w, lay.pile_h)
    lay.discard = pygame.Rect(lay.stock.right + lay.margin * 2, y, lay.pile_w, lay.pile_h)
    left = lay.discard.right + lay.margin * 3
    lay.melds_area = pygame.Rect(left, mid.top, mid.right - left, mid.height)


def _place_side(lay: TableLayout, buttons: int) -> None:
    side = lay.side
    button_h = max(34, int(lay.text * 2.1))
    gap = max(4, lay.margin // 2)
    count = max(1, buttons)
    block = count * button_h + (count - 1) * gap
    bottom = lay.hand_area.bottom
    top = bottom - block
    lay.buttons = [pygame.Rect(side.left, top + i * (button_h + gap), side.width, button_h) for i in range(count)]
    lay.counter = pygame.Rect(side.left, top - button_h - gap, side.width, button_h)
    lay.log_panel = pygame.Rect(side.left, side.top, side.width, lay.counter.top - gap - side.top)


HAND_STEP = 0.62
"""Visible part of each overlapped card in the hand, as a share of its width, at most."""
GROUP_GAP = 0.8
"""The gap between two groups of the hand when they cannot stand apart, in steps."""
APART = 0.12
"""The felt between two groups of the hand that stand apart, as a share of a card's width."""
SMALLEST_STEP = 0.3
"""Groups stand fully apart only while each card still shows this much (its index)."""


def _hand_spacing(width: int, card_w: int, count: int, groups: int) -> tuple[float, float]:
    """The step between cards and the extra space before each new group of the hand: the
    groups stand fully apart (felt between them) when the hand still shows every index,
    else each group's first card shows a little more than the others."""
    usable = width - card_w
    if count <= 1:
        return 0.0, 0.0
    step = min(card_w * HAND_STEP, usable / (count - 1))
    if groups:
        apart = card_w * (1 + APART)  # a group's last card whole, then felt
        step = min(card_w * HAND_STEP, (usable - groups * apart) / (count - 1 - groups)) if count - 1 > groups else 0
        if step >= card_w * SMALLEST_STEP:
            return step, apart - step
        step = min(card_w * HAND_STEP, usable / ((count - 1) + GROUP_GAP * groups))
        return step, step * GROUP_GAP
    return step, 0.0


SMALLEST_HAND = 0.6
"""A big hand's cards shrink down to this share of the table's card width so that its melds
still stand apart, felt between them, before they close up."""


def _apart_width(width: int, card_w: int, count: int, groups: int) -> int:
    """The hand's card width: the table's, or smaller when a big hand's groups would
    otherwise touch (15 cards in three melds and the rest at 1088×680)."""
    if not groups or count - 1 <= groups:
        return card_w
    share = groups * (1 + APART) + SMALLEST_STEP * (count - 1 - groups) + 1  # in card widths
    fits = int(width / share)
    return card_w if fits >= card_w else max(fits, int(card_w * SMALLEST_HAND), 24)


CHOSEN_LIFT = 0.18
"""How far a chosen card of the hand rises, in card heights."""
HAND_ARC = 0.03
"""How much higher the middle of the hand sits than its ends, in card heights: a gentle fan.
At 0.06 a newcomer took the raised middle cards for chosen ones."""


def hand_positions(area: pygame.Rect, card_w: int, card_h: int, count: int,
                   gaps: Sequence[int] = ()) -> list[pygame.Rect]:
    """The fanned hand: overlapped cards, centred, on a gentle arc, with a gap before each
    index of `gaps` (where a group starts) when there is more than one group."""
    if count <= 0:
        return []
    before = {i for i in gaps if 0 < i < count}
    card_w = _apart_width(area.width, card_w, count, len(before))
    card_h = card_height(card_w)
    step, gap = _hand_spacing(area.width, card_w, count, len(before))
    total = card_w + step * (count - 1) + gap * len(before)
    left = area.centerx - total / 2
    base = area.bottom - card_h - max(2, card_h // 40)
    rects = []
    x = left
    for i in range(count):
        if i in before:
            x += gap
        offset = (i - (count - 1) / 2) / max(1, (count - 1) / 2)
        lift = int((1 - offset * offset) * card_h * HAND_ARC)
        rects.append(pygame.Rect(int(x), base - lift, card_w, card_h))
        x += step
    return rects


def _place_melds(lay: TableLayout, owners: Sequence[tuple[int, int]]) -> None:
    """Set the melds out in table order, one slot each, at the largest card width that fits."""
    width = int(lay.card_w * 0.78)
    minimum = max(28, int(lay.card_w * 0.3))
    while True:
        spots = _slots(lay.melds_area, owners, width)
        if spots is not None or width <= minimum:
            break
        width = int(width * 0.92)
    lay.meld_w = width
    lay.melds = spots or _slots(lay.melds_area, owners, width, force=True) or []


SLOT_CARDS = 5
"""Cards a meld's slot holds at least: a run laid off on grows in its own slot, so no
other meld moves (a meld that jumps rows when another grows is lost to the eye)."""


def _slots(area: pygame.Rect, owners: Sequence[tuple[int, int]], width: int,
           force: bool = False) -> list[MeldSpot] | None:
    """The melds in a grid of equal slots, in table order: meld n keeps its row and column
    when others are laid down or laid off on (a new meld takes the next slot), as long as
    the cards keep their size and no meld outgrows the slots. None when they do not fit."""
    height = card_height(width)
    tag_h = max(14, int(width * 0.3))
    step = max(6, int(width * MELD_STEP))
    gap = max(6, int(width * 0.16))
    capacity = max([SLOT_CARDS, *(count for _, count in owners)])
    slot_w = width + step * (capacity - 1)
    if slot_w > area.width and not force:
        return None
    per_row = max(1, (area.width + gap) // (slot_w + gap))
    spots: list[MeldSpot] = []
    for index, (owner, count) in enumerate(owners):
        row, col = divmod(index, per_row)
        x, y = area.left + col * (slot_w + gap), area.top + row * (tag_h + height + gap)
        if y + tag_h + height > area.bottom and not force:
            return None
        tag = pygame.Rect(x, y, slot_w, tag_h)
        cards = [pygame.Rect(x + step * i, y + tag_h, width, height) for i in range(count)]
        spots.append(MeldSpot(index + 1, owner, cards, tag))
    return spots
