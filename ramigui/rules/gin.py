"""Gin Rami (seed 001): the upcard offer, draw and discard, knock, gin, Grand Gin, showdown.

A round is an immutable `GinState` that moves through explicit phases:

    offer     the upcard is offered: the non-dealer `take`s or `pass`es, then the dealer
    draw      `draw` (stock) or `take` (top discard); after two passes, the stock only
    discard   `discard C`, `knock C`, `gin C`, `gin` (Grand Gin), or `meld …` to lay out the
              knocking hand in an arrangement of the player's choosing before knocking
    showdown  the defender lays melds (`meld …`), lays off on the knocker's melds
              (`layoff … to N`, never on a gin) and says `done`: whatever is left is arranged
              automatically with the least deadwood
    over      the round's result is in `result`

The least-deadwood search lives in `gin_melds`; this module holds the rules of play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ramigui.cards import Card, make_deck, parse_card, shuffled
from ramigui.rules.deals import DealSeed, round_rng
from ramigui.rules.errors import IllegalMove
from ramigui.rules.family import RoundResult
from ramigui.rules.frozen import frozen_mapping
from ramigui.rules.gin_layoffs import (
    defender_layoffs,
    knock_arrangement,
    lay_off_all,
    layoff_options,
    table_meld,
    uniform_odds,
)
from ramigui.rules.gin_melds import (
    best_discard,
    best_melds,
    card_bit,
    card_value,
    deadwood_points,
    hand_mask,
    meld_kind,
    melds_in,
    min_deadwood,
    min_deadwood_mask,
    sorted_meld,
)
from ramigui.rules.melds import SET, Meld
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic
from ramigui.rules.variant import GinRules, Variant

__all__ = [
    "GIN",
    "GinState",
    "best_discard",
    "best_melds",
    "from_position",
    "knock_limit",
    "min_deadwood",
]

OFFER, DRAW, DISCARD, SHOWDOWN, OVER = "offer", "draw", "discard", "showdown", "over"
KNOCK, GIN_, BIG_GIN = "knock", "gin", "big_gin"
HAND_SIZE = 10
SEATS = 2


@dataclass(frozen=True)
class GinState:
    """One round of Gin Rami. Stock and discard are listed bottom to top (top card last).

    `taken` is the card just taken from the discard pile (it may not be discarded this
    turn); `passes` counts refusals of the upcard, and `stock_only` is set when both refused
    (the non-dealer must then draw from the stock); `melds` are on the table (the knocker's
    first); `knocker` and `finish` (knock, gin, big_gin) are set once someone goes down.
    """

    variant: Variant
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    to_play: int
    phase: str
    turn: int = 0
    upcard: Card | None = None
    passes: int = 0
    stock_only: bool = False
    taken: Card | None = None
    melds: tuple[Meld, ...] = ()
    knocker: int | None = None
    finish: str = ""
    laid_off: tuple[Card, ...] = ()
    result: RoundResult | None = None

    @property
    def rules(self) -> GinRules:
        return self.variant.gin

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.hands[self.to_play]

    @property
    def non_dealer(self) -> int:
        return 1 - self.dealer


# --- the round's limits ----------------------------------------------------------------------


def knock_limit(rules: GinRules, upcard: Card | None) -> int:
    """Most deadwood a player may knock with. Oklahoma: the upcard's value; an ace makes it
    0, so only gin ends the round ("Si l'entame est un As alors les joueurs doivent faire Gin")."""
    if rules.knock_limit_from_upcard and upcard is not None:
        return 0 if upcard.rank == 1 else card_value(upcard)
    return rules.knock_limit


def is_doubled(rules: GinRules, upcard: Card | None) -> bool:
    """Oklahoma: "Si l'entame est un pique alors le total des points … est doublé"."""
    return rules.spade_upcard_doubles and upcard is not None and upcard.suit == "S"


# --- setting up -------------------------------------------------------------------------------


def deal(variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed) -> GinState:
    """Ten cards each, one at a time, the dealer's opponent first; the 21st card is the
    upcard; the rest is the stock. The non-dealer opens the upcard offer."""
    if players != SEATS:
        raise ValueError(f"Gin is played by two, not {players}")
    pack = shuffled(make_deck(52), round_rng(seed, round_no))
    first = 1 - dealer
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[first] = tuple(pack[0 : 2 * HAND_SIZE : 2])
    hands[dealer] = tuple(pack[1 : 2 * HAND_SIZE : 2])
    upcard = pack[2 * HAND_SIZE]
    return GinState(
        variant=variant,
        dealer=dealer,
        hands=tuple(hands),
        stock=tuple(reversed(pack[2 * HAND_SIZE + 1 :])),
        discard=(upcard,),
        to_play=first,
        phase=OFFER,
        upcard=upcard,
    )


def _cards(cards: str | Iterable[str | Card]) -> tuple[Card, ...]:
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    return tuple(c if isinstance(c, Card) else parse_card(c) for c in cards)


def from_position(
    variant: Variant,
    hands: Sequence[str | Iterable[str | Card]],
    stock: str | Iterable[str | Card] = (),
    discard: str | Iterable[str | Card] = (),
    to_play: int = 0,
    melds: Sequence[Any] = (),
    dealer: int | None = None,
    upcard: str | Card | None = None,
) -> GinState:
    """A round in progress at the start of `to_play`'s turn (upcard offer over).

    `stock` is listed top card first, `discard` bottom to top; the bottom discard is taken
    to be the round's upcard (Oklahoma's knock limit and spades) unless `upcard` is given.
    Gin has no melds on the table before a knock, so `melds` must be empty.
    """
    if melds:
        raise ValueError("Gin has no melds on the table before someone knocks")
    held = tuple(_cards(h) for h in hands)
    if len(held) != SEATS or any(len(h) != HAND_SIZE for h in held):
        raise ValueError("Gin: two hands of 10 cards")
    pile = _cards(discard)
    stock_cards = _cards(stock)
    counts = Counter(c for h in held for c in h) + Counter(pile) + Counter(stock_cards)
    doubled = [str(c) for c, n in counts.items() if n > 1]
    if doubled:
        raise ValueError(f"cards given twice: {' '.join(doubled)}")
    first = pile[0] if pile else None
    return GinState(
        variant=variant,
        dealer=1 - to_play if dealer is None else dealer,
        hands=held,
        stock=tuple(reversed(stock_cards)),
        discard=pile,
        to_play=to_play,
        phase=DRAW,
        turn=2,
        upcard=_cards([upcard])[0] if upcard is not None else first,
        passes=2,
    )


# --- small helpers ---------------------------------------------------------------------------


def _remove(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The hand without `cards`; IllegalMove if it does not hold each of them."""
    left = list(hand)
    for card in cards:
        if card not in left:
            raise IllegalMove("card_not_in_hand", card=str(card))
        left.remove(card)
    return tuple(left)


def _with_hand(state: GinState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(state.hands))


def _phase(state: GinState, allowed: tuple[str, ...], action: str) -> None:
    if state.phase not in allowed:
        raise IllegalMove("not_your_phase", action=action, expected=_expected(state))


def _expected(state: GinState) -> str:
    """What the player to move should do instead (an `expected` code of errors.EXPECTED)."""
    if state.phase == DRAW and state.stock_only:
        return "stock_only"
    return {
        OFFER: "take_or_pass",
        DRAW: "draw_or_take",
        DISCARD: "discard_knock_gin",
        SHOWDOWN: "showdown",
    }.get(state.phase, "round_over")


def _next_turn(state: GinState, **changes: Any) -> GinState:
    """The other player's turn begins."""
    return replace(state, to_play=1 - state.to_play, turn=state.turn + 1, taken=None, **changes)


# --- the upcard offer and the draw -----------------------------------------------------------


def _play_pass(state: GinState) -> GinState:
    """"Il a le choix entre prendre l'entame ou la laisser au donneur": after the
    non-dealer the dealer is offered it; after both, the non-dealer draws from the stock."""
    _phase(state, (OFFER,), "pass")
    if state.passes == 0:
        return _next_turn(state, passes=1)
    return _next_turn(state, passes=2, phase=DRAW, stock_only=True)


def _play_take(state: GinState) -> GinState:
    _phase(state, (OFFER, DRAW), "take")
    if state.stock_only:
        raise IllegalMove("not_your_phase", action="take_upcard", expected=_expected(state))
    if not state.discard:
        raise IllegalMove("discard_empty")
    card = state.discard[-1]
    return replace(
        state,
        hands=_with_hand(state, state.to_play, state.hand + (card,)),
        discard=state.discard[:-1],
        phase=DISCARD,
        taken=card,
    )


def _play_draw(state: GinState) -> GinState:
    _phase(state, (DRAW,), "draw")
    if not state.stock:
        raise IllegalMove("stock_empty")
    card = state.stock[-1]
    return replace(
        state,
        hands=_with_hand(state, state.to_play, state.hand + (card,)),
        stock=state.stock[:-1],
        phase=DISCARD,
        stock_only=False,
    )


# --- the discard, knock and gin --------------------------------------------------------------


def _check_discard(state: GinState, card: Card) -> None:
    if card not in state.hand:
        raise IllegalMove("card_not_in_hand", card=str(card))
    if card == state.taken:
        raise IllegalMove("rediscard", card=str(card))


def _play_discard(state: GinState, move: Move) -> GinState:
    """End the turn. "Il ne reste que deux cartes dans la pioche : la manche est nulle":
    the player who drew down to that many may still knock; a plain discard voids the round."""
    _phase(state, (DISCARD,), "discard")
    card = move.card
    _check_discard(state, card)
    if state.melds:
        raise IllegalMove("melds_then_knock")
    after = replace(
        state,
        hands=_with_hand(state, state.to_play, _remove(state.hand, [card])),
        discard=state.discard + (card,),
    )
    if len(after.stock) <= state.rules.void_at_stock:
        result = RoundResult(points=(0, 0), reason="void", winner=None, details={"stock": len(after.stock)})
        return replace(after, phase=OVER, turn=state.turn + 1, taken=None, result=result)
    return _next_turn(after, phase=DRAW)


def _deadwood_after(state: GinState, card: Card | None) -> int:
    """Least deadwood of the knocking hand once `card` is discarded (laid melds kept)."""
    rest = state.hand if card is None else _remove(state.hand, [card])
    return min_deadwood_mask(hand_mask(rest))


def _check_finish(state: GinState, kind: str, card: Card | None) -> None:
    """Refuse a knock, gin or Grand Gin the hand does not make (IllegalMove)."""
    limit = knock_limit(state.rules, state.upcard)
    if card is None:
        if not state.rules.big_gin_bonus:
            raise IllegalMove("big_gin_off")
        deadwood = _deadwood_after(state, None)
        if deadwood:
            raise IllegalMove("not_big_gin", deadwood=deadwood)
        return
    _check_discard(state, card)
    deadwood = _deadwood_after(state, card)
    if kind == GIN_ and deadwood:
        raise IllegalMove("not_gin", card=str(card), deadwood=deadwood)
    if kind == KNOCK and deadwood == 0:
        raise IllegalMove("knock_is_gin", card=str(card))
    if kind == KNOCK and limit == 0:
        raise IllegalMove("knock_gin_only")
    if kind == KNOCK and deadwood > limit:
        raise IllegalMove("knock_too_high", card=str(card), deadwood=deadwood, limit=limit)


def _play_finish(state: GinState, move: Move) -> GinState:
    """Knock or gin: "étale ses combinaisons sur la table, se défausse d'une carte". The
    melds laid this turn stay; the rest is laid in a least-deadwood arrangement — the one
    leaving the defender the least to lay off, judged from what the knocker has seen."""
    _phase(state, (DISCARD,), move.kind)
    card = move.cards[0] if move.cards else None
    kind = BIG_GIN if card is None else move.kind
    _check_finish(state, kind, card)
    seat = state.to_play
    rest = state.hand if card is None else _remove(state.hand, [card])
    laid = [m.cards for m in state.melds]
    seen = [*state.hand, *state.discard, *(c for m in laid for c in m)]
    melds, deadwood = knock_arrangement(rest, uniform_odds(seen), laid)
    melds.sort(key=lambda m: min(c.rank_key() for c in m))  # low to high, as players lay them
    return replace(
        state,
        hands=_with_hand(state, seat, tuple(deadwood)),
        discard=state.discard + ((card,) if card else ()),
        melds=state.melds + tuple(table_meld(m, seat) for m in melds),
        knocker=seat,
        finish=kind,
        phase=SHOWDOWN,
        to_play=1 - seat,
        turn=state.turn + 1,
        taken=None,
    )


def _can_finish(hand: Sequence[Card], taken: Card | None, limit: int, big_gin: bool) -> bool:
    """Whether the hand can still knock or go gin (the test a knocker's meld must pass)."""
    mask = hand_mask(hand)
    if big_gin and min_deadwood_mask(mask) == 0:
        return True
    return any(card != taken and min_deadwood_mask(mask & ~card_bit(card)) <= limit for card in hand)


def _play_meld(state: GinState, move: Move) -> GinState:
    """Lay a meld: the knocker before knocking (only while a knock stays possible), or the
    defender in the showdown ("son adversaire (défenseur) en fait de même")."""
    _phase(state, (DISCARD, SHOWDOWN), "meld")
    cards = move.cards
    if meld_kind(cards) is None:
        raise IllegalMove("not_a_meld", cards=" ".join(map(str, cards)), detail=_meld_problem(cards))
    rest = _remove(state.hand, cards)
    if state.phase == DISCARD:
        limit = knock_limit(state.rules, state.upcard)
        if not _can_finish(rest, state.taken, limit, bool(state.rules.big_gin_bonus)):
            raise IllegalMove("meld_no_knock", cards=" ".join(map(str, cards)))
    return replace(
        state,
        hands=_with_hand(state, state.to_play, rest),
        melds=state.melds + (table_meld(cards, state.to_play),),
    )


def _meld_problem(cards: Sequence[Card]) -> str:
    """Why the cards make no gin meld: a `detail` code of errors.DETAILS."""
    if len(cards) < 3:
        return "too_few"
    if len(set(cards)) != len(cards):
        return "card_twice"
    return "gin_shape"


# --- the showdown ----------------------------------------------------------------------------


def _play_layoff(state: GinState, move: Move) -> GinState:
    """"Le défenseur utilise ses cartes non utilisées pour compléter les combinaisons de
    l'attaquant" — on a knock only: "En cas de Gin, le défenseur ne peut pas compléter"."""
    _phase(state, (SHOWDOWN,), "layoff")
    if state.finish != KNOCK:
        raise IllegalMove("no_layoff_on_gin")
    number = move.target or 0
    if not 1 <= number <= len(state.melds):
        raise IllegalMove("no_such_meld", number=number)
    meld = state.melds[number - 1]
    if meld.owner != state.knocker:
        raise IllegalMove("layoff_not_knocker", number=number)
    rest = _remove(state.hand, move.cards)
    grown = meld.cards + move.cards
    if not move.cards or meld_kind(grown) != meld.kind:
        raise IllegalMove(
            "layoff_invalid",
            cards=" ".join(map(str, move.cards)),
            number=number,
            detail=_layoff_problem(meld),
        )
    melds = tuple(table_meld(grown, meld.owner) if i == number - 1 else m for i, m in enumerate(state.melds))
    return replace(
        state,
        hands=_with_hand(state, state.to_play, rest),
        melds=melds,
        laid_off=state.laid_off + move.cards,
    )


def _layoff_problem(meld: Meld) -> str:
    """Why cards do not fit a meld of the knocker: a `detail` code of errors.DETAILS."""
    return "gin_set_layoff" if meld.kind == SET else "gin_run_layoff"


def _play_done(state: GinState) -> GinState:
    """The defender is done: the rest of their hand is laid off and melded with the least
    deadwood, and the round is scored."""
    _phase(state, (SHOWDOWN,), "done")
    knocker = state.knocker if state.knocker is not None else 1 - state.to_play
    placed, rest = defender_layoffs(state.melds, knocker, state.hand, state.finish)
    melds = lay_off_all(state.melds, placed)
    own, deadwood = best_melds(rest)
    seat = state.to_play
    finished = replace(
        state,
        hands=_with_hand(state, seat, tuple(deadwood)),
        melds=melds + tuple(table_meld(m, seat) for m in own),
        laid_off=state.laid_off + tuple(card for _, card in placed),
        phase=OVER,
        turn=state.turn + 1,
    )
    return replace(finished, result=_score(finished))


# --- scoring ---------------------------------------------------------------------------------


def _score(state: GinState) -> RoundResult:
    """Gin: deadwood + gin bonus (Grand Gin: its own bonus). Knock: the difference to the
    knocker if the defender has strictly more, else undercut: difference + bonus to the
    defender. Oklahoma's spade upcard doubles everything."""
    rules, knocker = state.rules, state.knocker or 0
    defender = 1 - knocker
    own = deadwood_points(state.hands[knocker])
    other = deadwood_points(state.hands[defender])
    winner, reason = knocker, state.finish
    if state.finish == BIG_GIN:
        bonus, gain = rules.big_gin_bonus, other + rules.big_gin_bonus
    elif state.finish == GIN_:
        bonus, gain = rules.gin_bonus, other + rules.gin_bonus
    elif other > own:
        bonus, gain = 0, other - own
    else:
        winner, reason = defender, "undercut"
        bonus, gain = rules.undercut_bonus, own - other + rules.undercut_bonus
    doubled = is_doubled(rules, state.upcard)
    gain *= 2 if doubled else 1
    points = tuple(gain if seat == winner else 0 for seat in range(SEATS))
    details = {
        "knocker": knocker,
        "knocker_deadwood": own,
        "defender_deadwood": other,
        "bonus": bonus,
        "doubled": doubled,
        "knock_limit": knock_limit(rules, state.upcard),
        "upcard": str(state.upcard) if state.upcard else "",
        "laid_off": tuple(str(c) for c in state.laid_off),
    }
    return RoundResult(points=points, reason=reason, winner=winner, details=details)


# --- legal moves -----------------------------------------------------------------------------


def _discard_phase_moves(state: GinState) -> list[Move]:
    hand = sorted(set(state.hand), key=Card.sort_key)
    moves: list[Move] = []
    if not state.melds:
        moves += [Move("discard", (c,)) for c in hand if c != state.taken]
    limit = knock_limit(state.rules, state.upcard)
    mask = hand_mask(state.hand)
    if state.rules.big_gin_bonus and min_deadwood_mask(mask) == 0:
        moves.append(Move("gin"))
    finishing = False
    for card in hand:
        if card == state.taken:
            continue
        deadwood = min_deadwood_mask(mask & ~card_bit(card))
        if deadwood == 0:
            moves.append(Move("gin", (card,)))
        elif deadwood <= limit:
            moves.append(Move("knock", (card,)))
        finishing = finishing or deadwood <= limit
    if finishing or any(m.kind == "gin" for m in moves):
        moves += [Move("meld", m) for m in _knocking_melds(state, limit)]
    return moves


def _knocking_melds(state: GinState, limit: int) -> list[tuple[Card, ...]]:
    """The melds the knocker may lay out: those that keep a knock or gin possible."""
    big_gin = bool(state.rules.big_gin_bonus)
    return [
        meld
        for meld in melds_in(state.hand)
        if _can_finish(_remove(state.hand, meld), state.taken, limit, big_gin)
    ]


def legal_moves(state: GinState) -> list[Move]:
    if state.phase == OFFER:
        return [Move("take"), Move("pass")]
    if state.phase == DRAW:
        moves = [Move("draw")] if state.stock else []
        if state.discard and not state.stock_only:
            moves.append(Move("take"))
        return moves
    if state.phase == DISCARD:
        return _discard_phase_moves(state)
    if state.phase == SHOWDOWN:
        moves = [Move("meld", m) for m in melds_in(state.hand)]
        if state.finish == KNOCK and state.knocker is not None:
            options = layoff_options(state.melds, state.knocker, state.hand)
            moves += [Move("layoff", cards, number) for number, cards in options]
        return moves + [Move("done")]
    return []


def apply(state: GinState, move: Move) -> GinState:
    """The state after `move`, or IllegalMove (the state itself never changes)."""
    if state.phase == OVER:
        raise IllegalMove("round_over")
    kind = move.kind
    if kind in ("discard", "knock") and len(move.cards) != 1 or kind == "gin" and len(move.cards) > 1:
        raise IllegalMove("discard_one_card", move=str(move))
    if kind == "pass":
        return _play_pass(state)
    if kind == "take" and move.target is None:
        return _play_take(state)
    if kind == "draw":
        return _play_draw(state)
    if kind == "discard":
        return _play_discard(state, move)
    if kind in ("knock", "gin"):
        return _play_finish(state, move)
    if kind == "meld":
        return _play_meld(state, move)
    if kind == "layoff":
        return _play_layoff(state, move)
    if kind == "done":
        return _play_done(state)
    raise IllegalMove("unknown_move", move=str(move))


# --- the Family object -----------------------------------------------------------------------


class Gin:
    """The gin family for `Game` (see ramigui.rules.family.Family)."""

    name = "gin"
    follows_direction = False

    def deal(self, variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed) -> GinState:
        return deal(variant, players, round_no, dealer, seed)

    def from_position(self, variant: Variant, **position: Any) -> GinState:
        return from_position(variant, **position)

    def legal_moves(self, state: GinState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: GinState, move: Move) -> GinState:
        return apply(state, move)

    def canonical(self, state: GinState, move: Move) -> Move:
        """The one writing of a meld or a lay-off: a run low to high, a set by suit."""
        if move.kind in ("meld", "layoff") and len(move.cards) > 1:
            return Move(move.kind, tuple(sorted_meld(move.cards)), move.target)
        return move

    def is_undoable(self, state: GinState, move: Move) -> bool:
        """Laying out melds (knocker or defender) may be taken back; draws reveal cards."""
        return move.kind in ("meld", "layoff")

    def round_over(self, state: GinState) -> bool:
        return state.phase == OVER

    def round_result(self, state: GinState) -> RoundResult:
        if state.result is None:
            raise ValueError("the round is not over")
        return state.result

    def hand(self, state: GinState, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def all_cards(self, state: GinState) -> Counter[Card]:
        cards: Counter[Card] = Counter(state.stock)
        cards.update(state.discard)
        for hand in state.hands:
            cards.update(hand)
        for meld in state.melds:
            cards.update(meld.cards)
        return cards

    def public(self, state: GinState, seat: int) -> GinPublic:
        """The table, the upcard and this round's limits; the knocker's deadwood once they
        are down, both hands once the round is over."""
        shown: dict[int, tuple[Card, ...]] = {}
        if state.knocker is not None:
            shown[state.knocker] = state.hands[state.knocker]
        if state.phase == OVER:
            shown = {s: state.hands[s] for s in range(SEATS)}
        return GinPublic(
            phase=state.phase,
            melds=state.melds,
            discard=state.discard,
            stock=len(state.stock),
            turn=state.turn,
            upcard=state.upcard,
            offer_passes=state.passes,
            stock_only=state.stock_only,
            taken=state.taken,
            knock_limit=knock_limit(state.rules, state.upcard),
            doubled=is_doubled(state.rules, state.upcard),
            knocker=state.knocker,
            finish=state.finish,
            laid_off=state.laid_off,
            shown=frozen_mapping(shown),
            void_at_stock=state.rules.void_at_stock,
        )

    def game_over(self, variant: Variant, totals: Sequence[int], rounds_played: int, last: Any) -> bool:
        """"Une partie se joue en 100 points" (Oklahoma 150), or a number of rounds."""
        if variant.target and max(totals) >= variant.target:
            return True
        return bool(variant.rounds) and rounds_played >= variant.rounds

    def standings(self, variant: Variant, totals: Sequence[int], results: Sequence[RoundResult]) -> tuple[int, ...]:
        """Totals with the optional game-end bonuses: per round won (line bonus), to the
        game winner (game bonus), doubled for the winner when the loser won no round."""
        rules = variant.gin
        wins = [sum(1 for r in results if r.winner == seat) for seat in range(len(totals))]
        final = [t + rules.line_bonus * w for t, w in zip(totals, wins, strict=True)]
        leaders = [s for s, t in enumerate(totals) if t == max(totals)]
        if len(leaders) == 1:
            winner = leaders[0]
            final[winner] += rules.game_bonus
            if rules.shutout_doubles and all(w == 0 for s, w in enumerate(wins) if s != winner):
                final[winner] *= 2
        return tuple(final)

    def lower_wins(self, variant: Variant) -> bool:
        return False

    def opening_matters(self, variant: Variant) -> bool:
        return False  # nothing is laid before the knock


GIN = Gin()
