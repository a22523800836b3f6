"""The public table of each family: the part of a `PlayerView` that is the family's own.

Each family's `public(state, seat)` builds one of these frozen dataclasses; every reader
(bots, the table, the phones, statistics) reads its fields by name, so a misspelt or
missing fact is a type error, not a silent default. The field names are the ones the
phones' JSON carries (`phone.viewjson` writes the fields in order, as they are declared).

Facts every family has (`phase`, `turn`, `stock`, `discard`) are fields of each table;
facts only some families have are offered by the others as an empty property where the
table's common code asks for them (`melds`, `shown`, `opened`), so that code needs no
test of the family. Anything else is read from the family's own table, obtained with
`PlayerView.public_as`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeAlias

from ramigui.cards import Card
from ramigui.rules.melds import Meld

Shown = Mapping[int, tuple[Card, ...]]
"""Hands shown face up to everyone, by seat."""

NOTHING_SHOWN: Shown = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class RummyPublic:
    """What everyone sees of a rummy round (Rami 51, Rami familial, Manie, …)."""

    phase: str
    """`draw` (the turn starts), `play` (melds, lay-offs, the discard) or `over`."""
    melds: tuple[Meld, ...]
    """The melds on the table, numbered from 1 in this order (moves name them so)."""
    all_at_once: bool
    """This deal the cards go down only all together, on the turn the player goes out."""
    discard: tuple[Card, ...]
    """The discard pile, bottom to top (its top card is the last)."""
    stock: int
    """How many cards are left in the stock."""
    opened: tuple[bool, ...]
    """Per seat: has opened (reached the opening minimum once)."""
    put_down: tuple[bool, ...]
    """Per seat: has put a card on the table this deal."""
    turn: int
    """Turns begun this round (0 for the first player's first turn)."""
    reuses: int
    """How many times the discard pile was turned over to make a new stock."""
    opening_minimum: int
    """The points a first put-down must reach (0: no minimum)."""
    turn_points: int
    """Points laid this turn so far; told to the seat playing the turn only (0 to others)."""
    layoffs_wait: bool
    """This turn's lay-offs wait for the opening minimum to be laid this turn (the turn may
    not end before, but by going out); told to the seat playing the turn only."""
    turn_melds: tuple[int, ...]
    """The numbers of the melds laid this turn."""
    taken: Card | None
    """The card taken this turn from the discard pile or from a meld (None: none)."""
    taken_must: str
    """What the taken card must become before the turn may end (`none`, `new_meld`, …); told
    to the seat playing the turn only (`none` to others)."""
    taken_waits: bool
    """The taken card has not yet gone down as `taken_must` asks, so the turn may not end;
    told to the seat playing the turn only."""
    jokers_wait: bool
    """A joker won back this turn has not yet gone down as the variant's `joker_must` asks,
    so the turn may not end; told to the seat playing the turn only."""
    announced: bool
    """The player to play announced "Carte !" this turn."""
    winner: int | None
    """The seat that went out (None while the round goes on, or when nobody did)."""

    @property
    def shown(self) -> Shown:
        """No hand is ever shown face up in rummy."""
        return NOTHING_SHOWN

    def running_scores(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The scores as they stand mid-round: the game's, changed only at a round's end."""
        return scores

    def score_sheets(self) -> tuple[Mapping[str, int | None], ...]:
        """Rummy keeps no score sheet: a line of the record never names a box's points."""
        return ()


@dataclass(frozen=True, slots=True)
class GinPublic:
    """What both players see of a round of Gin Rami."""

    phase: str
    """`offer` (the upcard is offered), `draw`, `discard`, `showdown` (lay-offs after a
    knock) or `over`."""
    melds: tuple[Meld, ...]
    """The melds laid down after a knock or a gin (the knocker's first)."""
    discard: tuple[Card, ...]
    """The discard pile, bottom to top (its top card is the last)."""
    stock: int
    """How many cards are left in the stock."""
    turn: int
    """Turns begun this round."""
    upcard: Card | None
    """The card turned up at the deal (it sets the knock limit in Oklahoma)."""
    offer_passes: int
    """How many players refused the upcard."""
    stock_only: bool
    """Both refused the upcard: the non-dealer must draw from the stock."""
    taken: Card | None
    """The card just taken from the discard pile (it may not be thrown this turn)."""
    knock_limit: int
    """The most deadwood a knock allows this round."""
    doubled: bool
    """This round's points count double (an upcard spade in Oklahoma)."""
    knocker: int | None
    """The seat that knocked or went gin (None: nobody yet)."""
    finish: str
    """How the round was finished: `knock`, `gin`, `big_gin` or "" before."""
    laid_off: tuple[Card, ...]
    """The cards the other player laid off on the knocker's melds."""
    shown: Shown
    """Hands face up: the knocker's once they are down, both once the round is over."""
    void_at_stock: int
    """The round is void when the stock is down to this many cards."""

    @property
    def opened(self) -> tuple[bool, ...]:
        """Gin has no opening."""
        return ()

    def running_scores(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The scores as they stand mid-round: the game's, changed only at a hand's end."""
        return scores

    def score_sheets(self) -> tuple[Mapping[str, int | None], ...]:
        """Gin keeps no score sheet: a line of the record never names a box's points."""
        return ()


@dataclass(frozen=True, slots=True)
class YamiPublic:
    """What everyone sees of a deal of Yami, score sheets included."""

    phase: str
    """`exchange`, `discard`, `expose`, `reply` or `over`."""
    turn: int
    """Turns begun this deal."""
    stock: int
    """How many cards are left in the stock (as in rummy and gin)."""
    stock_count: int
    """The same count, under the name the phones read."""
    discard: tuple[Card, ...]
    """The discard pile, bottom to top."""
    discard_top: Card | None
    """The top card of the discard pile (None: the pile is empty)."""
    sheets: tuple[Mapping[str, int | None], ...]
    """Per seat, the score sheet: box → points (None: crossed out; absent: free)."""
    free_boxes: tuple[tuple[str, ...], ...]
    """Per seat, the boxes still free on the sheet."""
    series_totals: tuple[int, ...]
    """Per seat, the total of the série boxes (the bonus is reached from it)."""
    bonus: tuple[int, ...]
    """Per seat, the bonus the série total earns now."""
    sheet_totals: tuple[int, ...]
    """Per seat, the sheet's whole total."""
    exposer: int | None
    """The seat that exposed this deal (None: nobody yet)."""
    exposed: tuple[tuple[Card, ...], ...]
    """Every hand once someone exposed (empty before)."""
    shown: Shown
    """The same hands by seat, as in gin (empty before an exposure)."""
    marks: tuple[tuple[int, str, int | None], ...]
    """This deal's entries in order: (seat, box, points or None for a cross)."""
    boxes: tuple[str, ...]
    """Every box of a sheet, in the sheet's order, the bonus last."""

    @property
    def melds(self) -> tuple[Meld, ...]:
        """Yami lays no melds on the table."""
        return ()

    @property
    def opened(self) -> tuple[bool, ...]:
        """Yami has no opening."""
        return ()

    def running_scores(self, scores: tuple[int, ...]) -> tuple[int, ...]:
        """The scores as they stand mid-deal: each sheet's total, which counts a box as soon
        as it is filled (the game's scores catch up at the deal's end)."""
        return self.sheet_totals

    def score_sheets(self) -> tuple[Mapping[str, int | None], ...]:
        """Each seat's sheet, box by box: the record's "scored 25 in Full" reads its box here."""
        return self.sheets


PublicTable: TypeAlias = RummyPublic | GinPublic | YamiPublic
"""The public table of any family."""
