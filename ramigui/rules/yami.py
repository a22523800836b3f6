"""Yami (seed 002): five cards, an exchange or an exposure per turn, a score sheet of 16 boxes.

One Game round is one deal, ended by one exposure. The phases of a deal:

    exchange   the player to play draws (`draw`) or takes the discard (`take`) …
    discard    … then discards (`discard C`), keeping 5 — or, in `exchange`, exposes (`expose`)
    expose     the exposer fills a box (`score BOX`): a brelan or carré in a série box, or a
               combinaison in a combinaison box
    reply      each other player in turn fills any free box they can (`score BOX`) or, with
               nothing at all to score, crosses a free box out (`cross BOX`)
    over       every player has marked one box; Game's `next` deals again

Score sheets outlive the deal: `next_round` deals the next round with them (see Game).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ramigui.cards import Card, make_deck, parse_card, parse_cards, shuffled
from ramigui.rules.deals import DealSeed, round_rng
from ramigui.rules.errors import IllegalMove
from ramigui.rules.family import RoundResult
from ramigui.rules.frozen import frozen_mapping
from ramigui.rules.moves import Move
from ramigui.rules.public import YamiPublic
from ramigui.rules.variant import Variant, YamiRules
from ramigui.rules.yami_boxes import (
    BONUS,
    BOXES,
    SHEET_BOXES,
    Sheet,
    box_of,
    box_scores,
    exposable,
    fillable,
    move_word,
)

__all__ = ["YAMI", "BOXES", "Sheet", "YamiFamily", "YamiState", "box_scores", "from_position"]

EXCHANGE, DISCARD, EXPOSE, REPLY, OVER = "exchange", "discard", "expose", "reply", "over"
_EXPECTED = {
    EXCHANGE: "draw_take_expose",
    DISCARD: "discard_card",
    EXPOSE: "score_exposed",
    REPLY: "score_or_cross",
    OVER: "round_over",
}
"""What each phase expects instead of a move out of turn (`expected` codes of errors.EXPECTED)."""


@dataclass(frozen=True)
class YamiState:
    """One deal of Yami. Immutable: every move returns a new state.

    `stock` is listed top card first, `discard` bottom to top; `sheets` are the players'
    score sheets (carried from deal to deal), `start_totals` their totals when dealt, so
    the deal's score is the difference. `marks` are this deal's entries, in order.
    """

    variant: Variant
    seed: DealSeed
    round_no: int
    dealer: int
    to_play: int
    turn: int
    phase: str
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    sheets: tuple[Sheet, ...]
    start_totals: tuple[int, ...]
    exposer: int | None = None
    marks: tuple[tuple[int, str, int | None], ...] = ()

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def rules(self) -> YamiRules:
        return self.variant.yami

    def next_seat(self, seat: int) -> int:
        """The seat after `seat` in the variant's direction of play."""
        return self.variant.seat_after(seat, self.players)

    def totals(self) -> tuple[int, ...]:
        return tuple(sheet.total(self.rules, self.players) for sheet in self.sheets)


# --- dealing --------------------------------------------------------------------------------


def _sorted(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=Card.sort_key))


def _checked_sheets(sheets: Sequence[Sheet] | None, players: int) -> tuple[Sheet, ...]:
    chosen = tuple(sheets) if sheets is not None else (Sheet(),) * players
    if len(chosen) != players:
        raise ValueError(f"{len(chosen)} score sheets for {players} players")
    if any(sheet.is_full for sheet in chosen):
        raise ValueError("a full score sheet: the game is over, there is nothing to deal")
    return chosen


def deal(
    variant: Variant,
    players: int,
    round_no: int,
    dealer: int,
    seed: DealSeed,
    sheets: Sequence[Sheet] | None = None,
) -> YamiState:
    """Deal one round: "Un joueur distribue 5 cartes à chaque joueur, face cachée, pose la
    pioche au centre et retourne à côté la première carte, qui constitue la défausse."
    """
    rng = round_rng(seed, round_no)
    pack = shuffled(make_deck(variant.deck, variant.decks_for(players), variant.jokers_for(players)), rng)
    size = variant.deal_for(players)
    step = variant.step
    first = variant.seat_after(dealer, players)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index in range(size * players):  # one card at a time, from the first player round
        hands[(first + step * index) % players].append(pack[index])
    rest = pack[size * players:]
    chosen = _checked_sheets(sheets, players)
    state = YamiState(
        variant=variant,
        seed=seed,
        round_no=round_no,
        dealer=dealer,
        to_play=first,
        turn=1,
        phase=EXCHANGE,
        hands=tuple(_sorted(hand) for hand in hands),
        stock=tuple(rest[1:]),
        discard=(rest[0],),
        sheets=chosen,
        start_totals=(),
    )
    return replace(state, start_totals=state.totals())


def _cards(given: Sequence[str | Card] | str) -> tuple[Card, ...]:
    """Cards given as notation text, or a list of card texts or Cards."""
    if isinstance(given, str):
        return tuple(parse_cards(given))
    return tuple(c if isinstance(c, Card) else parse_card(c) for c in given)


def from_position(
    variant: Variant,
    hands: Sequence[Sequence[str | Card] | str],
    stock: Sequence[str | Card] | str,
    discard: Sequence[str | Card] | str,
    to_play: int,
    sheets: Sequence[Mapping[str, int | None] | Sheet | None] | None = None,
    dealer: int | None = None,
    round_no: int | None = None,
) -> YamiState:
    """A deal set up at the start of `to_play`'s turn (tests, puzzles, bug reports).

    `sheets` gives each seat's filled boxes as {box: points}, None for a crossed-out box.
    `round_no` defaults to one more than the most boxes any sheet has filled.
    """
    players = len(hands)
    chosen = _checked_sheets([Sheet.of(s) for s in sheets] if sheets is not None else None, players)
    if not 0 <= to_play < players:
        raise ValueError(f"seat {to_play} does not exist")
    number = round_no if round_no is not None else 1 + max(len(s.marks) for s in chosen)
    state = YamiState(
        variant=variant,
        seed=0,
        round_no=number,
        dealer=dealer if dealer is not None else (to_play - 1) % players,
        to_play=to_play,
        turn=1,
        phase=EXCHANGE,
        hands=tuple(_sorted(_cards(hand)) for hand in hands),
        stock=_cards(stock),
        discard=_cards(discard),
        sheets=chosen,
        start_totals=(),
    )
    return replace(state, start_totals=state.totals())


# --- legal moves ----------------------------------------------------------------------------


def _can_draw(state: YamiState) -> bool:
    """The stock, or the discard pile but its top card reshuffled into a new stock."""
    return bool(state.stock) or len(state.discard) > 1


def scorable(state: YamiState, seat: int) -> dict[str, int]:
    """The free boxes `seat` may fill now, with their points (the exposer's stricter rule in
    the `expose` phase; "même avec une seule carte dans une case libre des séries" after)."""
    sheet = state.sheets[seat]
    hand = state.hands[seat]
    found = exposable(hand, state.rules) if seat == state.exposer else fillable(hand, state.rules)
    return {box: points for box, points in found.items() if sheet.is_free(box)}


def legal_moves(state: YamiState) -> list[Move]:
    """Every legal move of the player to play."""
    seat = state.to_play
    if state.phase == EXCHANGE:
        moves = [Move("draw")] if _can_draw(state) else []
        if state.discard:
            moves.append(Move("take"))
        if _exposable_boxes(state, seat):
            moves.append(Move("expose"))
        return moves
    if state.phase == DISCARD:
        return [Move("discard", (card,)) for card in dict.fromkeys(state.hands[seat])]
    if state.phase in (EXPOSE, REPLY):
        boxes = scorable(state, seat)
        if boxes or state.phase == EXPOSE:
            return [Move("score", word=move_word(box)) for box in boxes]
        return [Move("cross", word=move_word(box)) for box in state.sheets[seat].free]
    return []


def _exposable_boxes(state: YamiState, seat: int) -> dict[str, int]:
    sheet = state.sheets[seat]
    return {b: p for b, p in exposable(state.hands[seat], state.rules).items() if sheet.is_free(b)}


# --- applying moves -------------------------------------------------------------------------


def _phase_error(state: YamiState, action: str) -> IllegalMove:
    return IllegalMove("not_your_phase", action=action, expected=_EXPECTED[state.phase])


def _pass_turn(state: YamiState, **changes: Any) -> YamiState:
    """The state with the turn handed to the next seat."""
    return replace(state, to_play=state.next_seat(state.to_play), turn=state.turn + 1, **changes)


def _restocked(state: YamiState) -> YamiState:
    """Stock empty: "the discard pile except its top card is shuffled into a new stock"."""
    if state.stock:
        return state
    rng = round_rng(state.seed, state.round_no, f":restock:{state.turn}")
    return replace(state, stock=tuple(shuffled(state.discard[:-1], rng)), discard=state.discard[-1:])


def _with_hand(state: YamiState, seat: int, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    return tuple(_sorted(hand) if s == seat else h for s, h in enumerate(state.hands))


def _draw(state: YamiState, move: Move) -> YamiState:
    if not _can_draw(state):
        raise IllegalMove("stock_empty")
    state = _restocked(state)
    seat = state.to_play
    hands = _with_hand(state, seat, state.hands[seat] + state.stock[:1])
    return replace(state, hands=hands, stock=state.stock[1:], phase=DISCARD)


def _take(state: YamiState, move: Move) -> YamiState:
    if move.cards or move.target is not None:
        raise IllegalMove("wrong_family", move=str(move), family="Yami")
    if not state.discard:
        raise IllegalMove("discard_empty")
    seat = state.to_play
    hands = _with_hand(state, seat, state.hands[seat] + state.discard[-1:])
    return replace(state, hands=hands, discard=state.discard[:-1], phase=DISCARD)


def _discard(state: YamiState, move: Move) -> YamiState:
    seat = state.to_play
    card = move.card
    hand = list(state.hands[seat])
    if card not in hand:
        raise IllegalMove("card_not_in_hand", card=str(card))
    hand.remove(card)
    return _pass_turn(state, hands=_with_hand(state, seat, hand), discard=state.discard + (card,), phase=EXCHANGE)


def _expose(state: YamiState, move: Move) -> YamiState:
    if not _exposable_boxes(state, state.to_play):
        raise IllegalMove("yami_cannot_expose")
    return replace(state, phase=EXPOSE, exposer=state.to_play)


def _box(state: YamiState, move: Move) -> str:
    """The free box a `score`/`cross` move names, or the reason it cannot be used."""
    box = box_of(move.word)
    if box is None:
        raise IllegalMove("yami_no_such_box", box=move.word, boxes=" ".join(BOXES))
    if box == BONUS:
        raise IllegalMove("yami_bonus_box")
    if not state.sheets[state.to_play].is_free(box):
        raise IllegalMove("yami_box_used", box=box)
    return box


def _score(state: YamiState, move: Move) -> YamiState:
    box = _box(state, move)
    seat = state.to_play
    boxes = scorable(state, seat)
    if box not in boxes:
        if state.phase == EXPOSE and box in fillable(state.hands[seat], state.rules):
            raise IllegalMove("yami_exposer_series", box=box)
        raise IllegalMove("yami_nothing_in_box", box=box)
    return _marked(state, box, boxes[box])


def _cross(state: YamiState, move: Move) -> YamiState:
    if state.phase == EXPOSE:
        raise IllegalMove("yami_exposer_cross")
    box = _box(state, move)
    boxes = scorable(state, state.to_play)
    if boxes:
        raise IllegalMove("yami_must_score", boxes=" ".join(boxes))
    return _marked(state, box, None)


def _marked(state: YamiState, box: str, points: int | None) -> YamiState:
    """The state once the player to play has filled `box`; the deal ends after the last one."""
    seat = state.to_play
    sheets = tuple(s.with_mark(box, points) if i == seat else s for i, s in enumerate(state.sheets))
    marks = state.marks + ((seat, box, points),)
    following = state.next_seat(seat)
    if following == state.exposer:
        return replace(state, sheets=sheets, marks=marks, phase=OVER, turn=state.turn + 1)
    return _pass_turn(state, sheets=sheets, marks=marks, phase=REPLY)


_HANDLERS = {
    (EXCHANGE, "draw"): _draw,
    (EXCHANGE, "take"): _take,
    (EXCHANGE, "expose"): _expose,
    (DISCARD, "discard"): _discard,
    (EXPOSE, "score"): _score,
    (EXPOSE, "cross"): _cross,
    (REPLY, "score"): _score,
    (REPLY, "cross"): _cross,
}
_KINDS = frozenset(kind for _, kind in _HANDLERS)


def apply(state: YamiState, move: Move) -> YamiState:
    """The state after `move`; raises IllegalMove (the state, immutable, is untouched)."""
    if state.phase == OVER:
        raise IllegalMove("round_over")
    if move.kind not in _KINDS:
        raise IllegalMove("wrong_family", move=str(move), family="Yami")
    handler = _HANDLERS.get((state.phase, move.kind))
    if handler is None:
        raise _phase_error(state, move.kind)
    return handler(state, move)


# --- the family -----------------------------------------------------------------------------


class YamiFamily:
    """The Family protocol for Yami (see ramigui.rules.family)."""

    name = "yami"
    follows_direction = True

    def deal(
        self,
        variant: Variant,
        players: int,
        round_no: int,
        dealer: int,
        seed: DealSeed,
        sheets: Sequence[Sheet] | None = None,
    ) -> YamiState:
        return deal(variant, players, round_no, dealer, seed, sheets)

    def next_round(
        self, previous: YamiState, variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed
    ) -> YamiState:
        """The next deal, the score sheets carried over: "Les cartes sont ramassées,
        mélangées et redistribuées"."""
        return deal(variant, players, round_no, dealer, seed, previous.sheets)

    def start_totals(self, state: YamiState) -> tuple[int, ...]:
        """The totals already on the sheets of a position (Game.from_position)."""
        return state.start_totals

    def from_position(self, variant: Variant, **position: Any) -> YamiState:
        return from_position(variant, **position)

    def legal_moves(self, state: YamiState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: YamiState, move: Move) -> YamiState:
        return apply(state, move)

    def canonical(self, state: YamiState, move: Move) -> Move:
        """The one writing of a box: `score carré` and `score CARRE` are `score carre`."""
        box = box_of(move.word) if move.kind in ("score", "cross") else None
        return Move(move.kind, word=move_word(box)) if box is not None else move

    def is_undoable(self, state: YamiState, move: Move) -> bool:
        """Nothing is taken back: a drawn card has been seen, an exposed hand shown."""
        return False

    def round_over(self, state: YamiState) -> bool:
        return state.phase == OVER

    def round_result(self, state: YamiState) -> RoundResult:
        """What each sheet gained this deal (the box, and the bonus if it was just earned)."""
        gains = tuple(now - before for now, before in zip(state.totals(), state.start_totals, strict=True))
        return RoundResult(
            points=gains,
            reason="exposed",
            winner=state.exposer,
            details={"marks": state.marks, "hands": state.hands, "sheets": state.sheets},
        )

    def hand(self, state: YamiState, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def all_cards(self, state: YamiState) -> Counter[Card]:
        cards: Counter[Card] = Counter(state.stock)
        cards.update(state.discard)
        for hand in state.hands:
            cards.update(hand)
        return cards

    def public(self, state: YamiState, seat: int) -> YamiPublic:
        """The table: discard pile, stock count, every sheet; all hands once one is exposed
        ("Dès qu'un joueur expose son jeu, il oblige les autres à le faire immédiatement")."""
        rules, players = state.rules, state.players
        shown = dict(enumerate(state.hands)) if state.exposer is not None else {}
        return YamiPublic(
            phase=state.phase,
            turn=state.turn,
            stock=len(state.stock),
            stock_count=len(state.stock),
            discard=state.discard,
            discard_top=state.discard[-1] if state.discard else None,
            sheets=tuple(frozen_mapping(sheet.as_dict()) for sheet in state.sheets),
            free_boxes=tuple(sheet.free for sheet in state.sheets),
            series_totals=tuple(sheet.series_total for sheet in state.sheets),
            bonus=tuple(sheet.bonus(rules, players) for sheet in state.sheets),
            sheet_totals=state.totals(),
            exposer=state.exposer,
            exposed=state.hands if state.exposer is not None else (),
            shown=frozen_mapping(shown),
            marks=state.marks,
            boxes=BOXES,
        )

    def game_over(self, variant: Variant, totals: Sequence[int], rounds_played: int, last: YamiState) -> bool:
        """"Le jeu se joue donc en 16 manches": over when the sheets are full."""
        return last.round_no >= variant.rounds or any(sheet.is_full for sheet in last.sheets)

    def standings(self, variant: Variant, totals: Sequence[int], results: Sequence[RoundResult]) -> tuple[int, ...]:
        return tuple(totals)

    def lower_wins(self, variant: Variant) -> bool:
        """"le vainqueur est celui qui totalise le plus de points"."""
        return False

    def opening_matters(self, variant: Variant) -> bool:
        return False  # no melds on a table


YAMI = YamiFamily()
SHEET_SIZE = len(SHEET_BOXES)
