"""The rummy family: draw, meld, lay off, discard (seeds 000, 003 and 004).

A round is an immutable `RummyState`. A turn has two phases: `draw` (draw from the stock,
take the discard, or — in Rami familial — take a card or a joker from a meld) and `play`
(melds, lay-offs, joker swaps, then the discard that ends the turn). Melds laid during a
turn are provisional: the rules that depend on the whole turn (opening minimum, what a
taken card or joker must become, "all at once" deals) are checked when the turn ends, so
the discard is refused while they are broken and `undo` can take moves back.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from ramigui.cards import JOKER, SUITS, Card, make_deck, parse_cards, shuffled
from ramigui.rules.deals import DealSeed, round_rng
from ramigui.rules.errors import IllegalMove
from ramigui.rules.family import RoundResult
from ramigui.rules.melds import (
    RUN,
    Meld,
    MeldError,
    arrange,
    card_at,
    hand_points,
    lay_off,
    meld_points,
    swap_joker,
    take_from,
    written,
)
from ramigui.rules.moves import Move
from ramigui.rules.public import RummyPublic
from ramigui.rules.variant import RummyRules, Variant
from ramigui.rules.view import PlayerView

DRAW, PLAY, OVER = "draw", "play", "over"


@dataclass(frozen=True)
class TurnLog:
    """What the player to move has done this turn (cleared when the turn ends)."""

    drawn: bool = False
    taken: Card | None = None
    taken_must: str = "none"
    took_discard: Card | None = None
    new_melds: tuple[int, ...] = ()
    layoffs: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    jokers_taken: int = 0
    announced: bool = False


@dataclass(frozen=True)
class RummyState:
    """One round of a rummy game. Stock and discard are listed bottom to top."""

    variant: Variant
    players: int
    seed: DealSeed
    round_no: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    melds: tuple[Meld, ...]
    to_play: int
    phase: str
    turn: int = 0
    opened: tuple[bool, ...] = ()
    put_down: tuple[bool, ...] = ()
    log: TurnLog = field(default_factory=TurnLog)
    reuses: int = 0
    winner: int | None = None
    rami: bool = False
    no_way_out: bool = False  # the round ended because nobody could ever go out

    @property
    def rules(self) -> RummyRules:
        return self.variant.rummy

    @property
    def hand(self) -> tuple[Card, ...]:
        return self.hands[self.to_play]

    @property
    def first_round(self) -> bool:
        return self.turn < self.players


# --- small pure helpers ---------------------------------------------------------------------


def _remove(hand: Sequence[Card], cards: Iterable[Card]) -> tuple[Card, ...]:
    """The hand without `cards`; IllegalMove if the hand does not hold them all."""
    left = list(hand)
    for card in cards:
        if card not in left:
            raise IllegalMove("card_not_in_hand", card=str(card))
        left.remove(card)
    return tuple(left)


def _set_hand(state: RummyState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    return tuple(hand if s == seat else h for s, h in enumerate(state.hands))


def _set_seat(flags: tuple[bool, ...], seat: int, value: bool) -> tuple[bool, ...]:
    return tuple(value if s == seat else f for s, f in enumerate(flags))


def _meld(state: RummyState, number: int | None) -> Meld:
    if number is None or not 1 <= number <= len(state.melds):
        raise IllegalMove("no_such_meld", number=number)
    return state.melds[number - 1]


def _replace_meld(state: RummyState, number: int, meld: Meld) -> tuple[Meld, ...]:
    return tuple(meld if i == number - 1 else m for i, m in enumerate(state.melds))


def _phase(state: RummyState, wanted: str, action: str) -> None:
    if state.phase != wanted:
        expected = "draw_first" if state.phase == DRAW else "already_drawn"
        if action == "swap" and wanted == DRAW:  # Rami familial: the swap is the turn's draw
            expected = "swap_instead_of_draw"
        elif wanted == DRAW and state.log.jokers_taken:  # and a draw after a swap: it was the draw
            expected = "joker_was_the_draw"
        raise IllegalMove("not_your_phase", action=action, expected=expected)


def _turn_points(state: RummyState) -> int:
    return sum(meld_points(state.melds[i], state.variant) for i in state.log.new_melds)


def _reaches_opening(state: RummyState) -> bool:
    """The player to play has opened, before or with this turn's melds."""
    log = state.log
    opened = state.opened[state.to_play]
    return opened or (bool(log.new_melds) and _turn_points(state) >= state.rules.opening_minimum)


def _layoffs_wait(state: RummyState) -> bool:
    """This turn's lay-offs were made before opening and count only once the opening
    minimum is laid this turn (seed 004: lay-offs only once opened); until then the turn
    may not end, except by going out."""
    return state.rules.lay_off_requires == "opening" and bool(state.log.layoffs) and not _reaches_opening(state)


# --- dealing --------------------------------------------------------------------------------


def deal(variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed) -> RummyState:
    """Shuffle with a generator seeded by (seed, round) and deal one card at a time,
    starting with the player after the dealer, who also plays first."""
    rules = variant.rummy
    rng = round_rng(seed, round_no)
    starter = (dealer + 1) % players
    per_player = variant.jokers == "per_player"
    jokers = 0 if per_player else variant.jokers_for(players)
    pack = shuffled(make_deck(variant.deck, variant.decks_for(players), jokers), rng)
    count = variant.deal_for(players) - (1 if per_player else 0)
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = [(starter + i) % players for i in range(players)]
    for _ in range(count):
        for seat in order:
            hands[seat].append(pack.pop())
    if rules.starter_extra_card:
        hands[starter].append(pack.pop())
    if per_player:  # Manie de Joker: "il y a obligatoirement un Joker parmi les cartes distribuées"
        for hand in hands:
            hand.append(JOKER)
    discard = (pack.pop(),) if rules.upcard else ()
    return RummyState(
        variant=variant,
        players=players,
        seed=seed,
        round_no=round_no,
        dealer=dealer,
        hands=tuple(tuple(h) for h in hands),
        stock=tuple(pack),
        discard=discard,
        melds=(),
        to_play=starter,
        phase=PLAY if rules.starter_extra_card else DRAW,
        opened=(False,) * players,
        put_down=(False,) * players,
    )


def from_position(
    variant: Variant,
    hands: Sequence[Sequence[str] | str],
    stock: Sequence[str] | str = (),
    discard: Sequence[str] | str = (),
    to_play: int = 0,
    melds: Sequence[tuple[int, Sequence[str] | str]] = (),
    dealer: int | None = None,
    opened: Sequence[int] = (),
    round_no: int = 1,
    reuses: int = 0,
) -> RummyState:
    """A round in progress: `stock` top card first, `discard` bottom to top. A seat that
    owns a meld (or is listed in `opened`) has opened; `reuses` counts the times the stock
    has already been rebuilt from the discards. Play starts at the beginning of `to_play`'s
    turn, before the draw, with the first round of turns over."""
    players = len(hands)
    laid = tuple(arrange(parse_cards(cards), variant, owner) for owner, cards in melds)
    has_opened = tuple(any(m.owner == s for m in laid) or s in opened for s in range(players))
    return RummyState(
        variant=variant,
        players=players,
        seed=0,
        round_no=round_no,
        dealer=(to_play - 1) % players if dealer is None else dealer,
        hands=tuple(tuple(parse_cards(h)) for h in hands),
        stock=tuple(reversed(parse_cards(stock))),
        discard=tuple(parse_cards(discard)),
        melds=laid,
        to_play=to_play,
        phase=DRAW,
        turn=players,
        opened=has_opened,
        put_down=has_opened,
        reuses=reuses,
    )


# --- the stock ------------------------------------------------------------------------------


def _rebuild_stock(state: RummyState) -> RummyState | None:
    """A new stock from the discard pile, per the variant; None if the rules (or an
    empty pile) allow no more rebuilding."""
    rules = state.rules
    if rules.stock_reuse == "never":
        return None
    if rules.stock_reuse_limit and state.reuses >= rules.stock_reuse_limit:
        return None
    pile: tuple[Card, ...]
    keep: tuple[Card, ...]
    if rules.stock_reuse == "turn_over":
        # "la pile de défausse est retournée, sans mélange": the first discard is the new top
        # (stock and pile are both listed bottom to top, so turning over reverses).
        pile, keep = tuple(reversed(state.discard)), ()
    else:
        # seed 000 "conserver la première carte de la défausse": all but the top card;
        # seed 003's house rule "la pile de défausse est mélangée": the whole pile.
        whole = rules.stock_reuse == "shuffle_all"
        pile, keep = (state.discard, ()) if whole else (state.discard[:-1], state.discard[-1:])
        rng = round_rng(state.seed, state.round_no, f":reuse{state.reuses}")
        pile = tuple(shuffled(pile, rng))
    if not pile:
        return None
    return replace(state, stock=pile, discard=keep, reuses=state.reuses + 1)


def _draw_cards(state: RummyState, seat: int, count: int) -> RummyState | None:
    """`count` cards from the stock into `seat`'s hand, rebuilding the stock if needed;
    None when the stock is empty and cannot be rebuilt before the first card."""
    for drawn in range(count):
        if not state.stock:
            rebuilt = _rebuild_stock(state)
            if rebuilt is None:
                return None if drawn == 0 else state
            state = rebuilt
        card = state.stock[-1]
        state = replace(state, stock=state.stock[:-1], hands=_set_hand(state, seat, state.hands[seat] + (card,)))
    return state


def _blocked(state: RummyState, no_way_out: bool = False) -> RummyState:
    """The round ends with nobody out (stock used up and not rebuilt, or no way out)."""
    return replace(state, phase=OVER, winner=None, no_way_out=no_way_out)


def nobody_can_go_out(state: RummyState) -> bool:
    """Whether no player can ever go out, whatever is drawn: then rebuilding the stock again
    and again (seeds 000 and 003 set no limit) would never end the round.

    A sure but narrow test, asked when the stock runs out:
    - every hand is too small for a new meld: a meld takes 3 cards, and under "discard to
      go out" the player must keep one to discard, so a hand of 2 (3 after drawing) can never
      meld, nor put a taken card or joker into a new meld; under "go out any way", a hand of 1.
      Hands never grow: each card taken is paid by a discard (the "Carte !" penalty punishes
      a forgotten announcement; it is not a way a player plans to go out);
    - no card outside the melds (hands, stock, discard) can be laid off on any meld, so no
      hand can shrink and the melds never change;
    - no joker on the table can be taken into the hand to be laid off elsewhere: a swap
      puts in the card the joker stood for, so that meld takes no new card, and the joker
      is worth taking only where some meld would take it (when it must go into a new meld,
      the first point already rules that out).
    """
    rules, variant = state.rules, state.variant
    most = cards_kept(rules) + 1
    sizes = {len(hand) for hand in state.hands}
    if max(sizes) > most:
        return False
    loose = set(state.stock) | set(state.discard) | {card for hand in state.hands for card in hand}
    swaps = (
        rules.joker_swap != "none"
        and rules.joker_must != "new_meld"
        and any(_fits(lay_off, meld, JOKER, variant) for meld in state.melds)
    )
    for meld in state.melds:
        swappable = swaps and JOKER in meld.cards
        for card in loose:
            if _fits(lay_off, meld, card, variant):
                return False
            if swappable and not card.is_joker and _fits(swap_joker, meld, card, variant):
                return False
    return True


def _fits(change: Any, meld: Meld, card: Card, variant: Variant) -> bool:
    """Whether `change` (lay_off or swap_joker) accepts `card` on `meld`."""
    try:
        change(meld, [card], variant)
    except MeldError:
        return False
    return True


# --- the draw phase -------------------------------------------------------------------------


def _play_draw(state: RummyState) -> RummyState:
    _phase(state, DRAW, "draw")
    if not state.stock and nobody_can_go_out(state):
        return _blocked(state, no_way_out=True)
    drawn = _draw_cards(state, state.to_play, 1)
    if drawn is None:
        return _blocked(state)
    return replace(drawn, phase=PLAY, log=replace(drawn.log, drawn=True))


def taken_card_must(rules: RummyRules, opened: bool, first_round: bool) -> str:
    """What the top discard must become once taken ("none", "new_meld", "table"): free in
    the first round where a house rule says so, into the opening where it may be taken only
    to open, else as the variant says. The rules, the bots and the Hint read this one answer."""
    if rules.first_round_free_take and first_round:
        return "none"
    if rules.take_discard == "to_open" and not opened:
        return "new_meld"
    return rules.taken_card_must


def taken_card_must_in(view: PlayerView) -> str:
    """`taken_card_must` for the viewer of `view`, read off what the view shows (whether
    they opened; the first round: a turn of each player not yet played, as
    `RummyState.first_round`): the prompt, the Hint and the bots read this one answer."""
    public = view.public_as(RummyPublic)
    opened = bool(public.opened[view.seat]) if public.opened else False
    return taken_card_must(view.variant.rummy, opened, public.turn < view.players)


def _take_rule(state: RummyState) -> tuple[bool, str, str]:
    """(allowed, what the card must become, why not: a detail code) for taking the top discard now."""
    rules, seat = state.rules, state.to_play
    if rules.one_card_draw_only and len(state.hand) == 1:
        return False, "none", "one_card_draw_only"
    if rules.take_discard == "after_opening" and not state.opened[seat] \
            and not (rules.first_round_free_take and state.first_round):
        return False, "none", "after_opening"
    return True, taken_card_must(rules, state.opened[seat], state.first_round), ""


def _play_take(state: RummyState) -> RummyState:
    _phase(state, DRAW, "take")
    if not state.discard:
        raise IllegalMove("discard_empty")
    allowed, must, why = _take_rule(state)
    if not allowed:
        raise IllegalMove("take_not_allowed", detail=why)
    card = state.discard[-1]
    log = replace(state.log, drawn=True, taken=card, taken_must=must, took_discard=card)
    hands = _set_hand(state, state.to_play, state.hand + (card,))
    return replace(state, discard=state.discard[:-1], hands=hands, phase=PLAY, log=log)


def _play_take_from_meld(state: RummyState, move: Move) -> RummyState:
    _phase(state, DRAW, "take_meld")
    rules = state.rules
    if not rules.take_from_meld:
        raise IllegalMove("take_from_meld_not_allowed", detail="not_in_game")
    if not state.opened[state.to_play]:
        raise IllegalMove("take_from_meld_not_allowed", detail="after_opening")
    if rules.one_card_draw_only and len(state.hand) == 1:
        raise IllegalMove("one_card_draw_only")
    card = move.cards[0]
    try:
        meld = take_from(_meld(state, move.target), card)
    except MeldError as error:
        raise IllegalMove("take_from_meld_not_allowed", detail=error.code, **error.params) from None
    log = replace(state.log, drawn=True, taken=card, taken_must="new_meld")
    hands = _set_hand(state, state.to_play, state.hand + (card,))
    return replace(state, melds=_replace_meld(state, move.target or 0, meld), hands=hands, phase=PLAY, log=log)


# --- the play phase -------------------------------------------------------------------------


OUT_LEFT = 1
"""A hand goes out this turn when every card but one can be placed, the last one thrown:
under either going-out rule, since where the last card may also be melded or laid off
(`going_out: any`, seed 003) it may still be thrown. A rule fact, not a bot's choice: the
bots and the Hint read it from here."""


def cards_kept(rules: RummyRules) -> int:
    """The cards a player must keep in hand after melding and laying off: one to discard
    under `going_out: discard`, none where the last card may be melded or laid off. (Under
    either rule a hand may still go out by throwing its last card.)"""
    return 1 if rules.going_out == "discard" else 0


def _keeps_discard(state: RummyState, hand_after: Sequence[Card]) -> None:
    """Under `going_out: discard` a player must keep a card to discard."""
    if cards_kept(state.rules) and not hand_after:
        raise IllegalMove("must_keep_discard")


def _all_at_once(state: RummyState) -> bool:
    """Wrotham's later deals: cards go down only all together, as several melds at once."""
    first = state.rules.all_at_once_from_round
    return bool(first) and state.round_no >= first


def meld_limit(rules: RummyRules, all_at_once: bool) -> int:
    """The most new melds a turn (0: no limit): the variant's (Rami de base's one, seed 003),
    none in an all-at-once deal (Wrotham's last three), where the hand goes down whole."""
    return 0 if all_at_once else rules.melds_per_turn


def _meld_limit_reached(state: RummyState) -> bool:
    limit = meld_limit(state.rules, _all_at_once(state))
    return bool(limit) and len(state.log.new_melds) >= limit


def _play_meld(state: RummyState, move: Move) -> RummyState:
    _phase(state, PLAY, "meld")
    if _meld_limit_reached(state):
        raise IllegalMove("too_many_melds")
    hand = _remove(state.hand, move.cards)
    try:
        meld = arrange(move.cards, state.variant, state.to_play)
    except MeldError as error:
        raise IllegalMove(
            "not_a_meld", cards=" ".join(map(str, move.cards)), detail=error.code, **error.params
        ) from None
    _keeps_discard(state, hand)
    log = replace(state.log, new_melds=state.log.new_melds + (len(state.melds),))
    after = replace(state, melds=state.melds + (meld,), hands=_set_hand(state, state.to_play, hand), log=log)
    return _end_if_out(after)


def _play_layoff(state: RummyState, move: Move) -> RummyState:
    _phase(state, PLAY, "layoff")
    rules, seat = state.rules, state.to_play
    if rules.lay_off_requires == "own_meld" and not (state.opened[seat] or state.log.new_melds):
        raise IllegalMove("not_opened", need="one meld of your own")
    hand = _remove(state.hand, move.cards)
    target = move.target or 0
    try:
        meld = lay_off(_meld(state, target), move.cards, state.variant)
    except MeldError as error:
        raise IllegalMove(
            "layoff_invalid",
            cards=" ".join(map(str, move.cards)),
            number=target,
            detail=error.code,
            **error.params,
        ) from None
    _keeps_discard(state, hand)
    log = replace(state.log, layoffs=state.log.layoffs + ((target, move.cards),))
    after = replace(state, melds=_replace_meld(state, target, meld), hands=_set_hand(state, seat, hand), log=log)
    return _end_if_out(after)


def _play_swap(state: RummyState, move: Move) -> RummyState:
    rules, seat = state.rules, state.to_play
    if rules.joker_swap == "none":
        raise IllegalMove("swap_not_allowed", detail="not_in_game")
    _phase(state, DRAW if rules.joker_swap == "draw" else PLAY, "swap")
    if rules.joker_swap == "draw" and rules.swap_needs_opened and not state.opened[seat]:
        raise IllegalMove("swap_not_allowed", detail="after_opening")
    if rules.one_card_draw_only and len(state.hand) == 1 and rules.joker_swap == "draw":
        raise IllegalMove("one_card_draw_only")
    if _spends_taken(state, move.cards):
        raise IllegalMove("swap_not_allowed", detail="taken_alone", card=str(state.log.taken))
    _remove(state.hand, move.cards)
    target = move.target or 0
    try:
        meld = swap_joker(_meld(state, target), move.cards, state.variant)
    except MeldError as error:
        raise IllegalMove("swap_not_allowed", detail=error.code, **error.params) from None
    after = _swapped(state, target, meld, move.cards)
    stuck = _joker_stuck(after)
    if stuck:
        raise IllegalMove("swap_not_allowed", detail=stuck)
    return after


def _swapped(state: RummyState, target: int, meld: Meld, cards: Sequence[Card]) -> RummyState:
    """The state once `cards` of the hand took the joker of meld `target` (now `meld`)."""
    log = replace(state.log, jokers_taken=state.log.jokers_taken + 1, drawn=True)
    hand = _remove(state.hand, cards) + (JOKER,)
    return replace(state, melds=_replace_meld(state, target, meld), hands=_set_hand(state, state.to_play, hand),
                   phase=PLAY, log=log)


def _joker_stuck(state: RummyState) -> str:
    """Why a joker just won back could not go down this turn as the rules ask ("" when it
    could), a newcomer's dead end: R♣ swapped for the joker of R♥ R♦ JK, with 4♥ 6♥ left,
    was accepted, then every meld and the discard were refused until Undo (seed 000: the
    joker « doit servir à faire immédiatement une nouvelle combinaison »). Any meld that
    holds the joker has three of its cards, the joker among them, that make a meld too, so
    the hand is searched for two cards that make one with it (a card kept to discard);
    `joker_must: table` also lets it be laid off on a meld."""
    rules = state.rules
    if rules.joker_must == "none":
        return ""
    hand = list(state.hand)
    keep = cards_kept(rules)
    hand.remove(JOKER)
    if len(hand) + 1 - 3 >= keep:
        for pair in combinations(hand, 2):
            try:
                arrange((JOKER, *pair), state.variant)
            except MeldError:
                continue
            return ""
    if rules.joker_must == "table" and len(hand) >= keep:
        for placed in state.melds:
            try:
                lay_off(placed, (JOKER,), state.variant)
            except MeldError:
                continue
            return ""
    return "joker_no_meld" if rules.joker_must == "new_meld" else "joker_no_place"


def _spends_taken(state: RummyState, cards: Sequence[Card]) -> bool:
    """Whether a swap would put on the table, alone, the last copy in hand of a card taken this
    turn that must still go down: seed 004, « La carte ramassée ne peut pas être ajoutée seule
    aux combinaisons exposées sur la table » — so a swap cannot meet the obligation, and once
    the card is gone from the hand nothing else can (the turn could no longer end)."""
    taken = state.log.taken
    if taken is None or state.log.taken_must == "none":
        return False
    return list(cards).count(taken) >= state.hand.count(taken)


def _play_carte(state: RummyState) -> RummyState:
    _phase(state, PLAY, "carte")
    if not state.rules.carte_penalty or len(state.hand) != 2 or state.log.announced:
        raise IllegalMove("carte_not_now")
    return replace(state, log=replace(state.log, announced=True))


def _play_discard(state: RummyState, move: Move) -> RummyState:
    _phase(state, PLAY, "discard")
    card = move.cards[0]
    if state.rules.no_rediscard and state.log.took_discard == card:
        # "laissant la pile inchangée": an identical card from a second deck would too.
        raise IllegalMove("rediscard", card=str(card))
    hand = _remove(state.hand, [card])
    after = replace(state, hands=_set_hand(state, state.to_play, hand), discard=state.discard + (card,))
    return _end_turn(after)


# --- end of turn: the rules that look at the whole turn -------------------------------------


def _check_turn(state: RummyState, goes_out: bool) -> None:
    """Refuse to end the turn while a provisional move breaks a rule of the whole turn."""
    rules, seat, log = state.rules, state.to_play, state.log
    was_opened = state.opened[seat]
    laid = bool(log.new_melds or log.layoffs)
    points = _turn_points(state)
    minimum = rules.opening_minimum
    reaches = _reaches_opening(state)
    if _all_at_once(state) and laid and not goes_out:
        raise IllegalMove("all_at_once")
    if not was_opened and log.new_melds and minimum and points < minimum and not goes_out:
        raise IllegalMove("opening_short", have=points, need=minimum)
    if _layoffs_wait(state) and not goes_out:
        raise IllegalMove("not_opened", need=minimum)
    if log.taken is not None and log.taken_must != "none":
        _check_taken_card(state, log.taken, log.taken_must)
    if log.jokers_taken:
        _check_taken_jokers(state, reaches or goes_out)


def _cards_in_new_melds(state: RummyState) -> Counter[Card]:
    return Counter(c for i in state.log.new_melds for c in state.melds[i].cards)


def _laid_off_with_hand_card(state: RummyState, card: Card) -> bool:
    """Whether `card` went onto a meld together with a card of the hand this turn: in one
    lay-off (`layoff 6H 7H to 1`) or in several lay-offs on the same meld (seed 004: « Il
    faut donc toujours y ajouter une carte de son jeu »)."""
    per_meld: dict[int, list[Card]] = {}
    for number, cards in state.log.layoffs:
        per_meld.setdefault(number, []).extend(cards)
    return any(card in cards and len(cards) >= 2 for cards in per_meld.values())


def _check_taken_card(state: RummyState, card: Card, must: str) -> None:
    in_meld = _cards_in_new_melds(state)[card] > 0
    with_hand_card = _laid_off_with_hand_card(state, card)
    if must == "new_meld" and not in_meld:
        raise IllegalMove("taken_card_unused", card=str(card), where="new_meld")
    if must == "table" and not (in_meld or with_hand_card):
        raise IllegalMove("taken_card_unused", card=str(card), where="table")


def _taken_waits(state: RummyState) -> bool:
    """A card taken this turn has not yet gone down as the rules ask (`_check_taken_card`):
    the discard would be refused. A rule fact, so the prompt can say it before the discard."""
    log = state.log
    if log.taken is None or log.taken_must == "none":
        return False
    try:
        _check_taken_card(state, log.taken, log.taken_must)
    except IllegalMove:
        return True
    return False


def _jokers_wait(state: RummyState) -> bool:
    """A joker won back this turn has not yet gone down as the rules ask (seed 000: « doit
    servir à faire immédiatement une nouvelle combinaison »): the discard would be refused.
    A rule fact, as `_taken_waits` is for a taken card, so the prompt says it first."""
    rules = state.rules
    if rules.joker_must == "none" or not state.log.jokers_taken:
        return False
    placed = _cards_in_new_melds(state)[JOKER]
    if rules.joker_must == "table":
        placed += sum(cards.count(JOKER) for _, cards in state.log.layoffs)
    return placed < state.log.jokers_taken


def joker_goes(rules: RummyRules) -> str:
    """Where a joker won back must go this turn, as the reasons and prompts say it
    (`where.<code>`): into a new meld, or anywhere on the table."""
    return "new_meld" if rules.joker_must == "new_meld" else "on_table"


def _check_taken_jokers(state: RummyState, may_swap: bool) -> None:
    rules = state.rules
    if rules.swap_needs_opened and not may_swap:
        raise IllegalMove("swap_not_allowed", detail="keep_joker_open")
    if _jokers_wait(state):
        raise IllegalMove(
            "taken_card_unused",
            card="JK",
            where=joker_goes(rules),
        )


def _commit(state: RummyState, goes_out: bool) -> RummyState:
    """Make the turn's provisional moves final: opened / put-down flags, rami, round end."""
    _check_turn(state, goes_out)
    seat, log = state.to_play, state.log
    opened = state.opened
    if log.new_melds and (state.opened[seat] or _turn_points(state) >= state.rules.opening_minimum or goes_out):
        opened = _set_seat(opened, seat, True)
    laid = bool(log.new_melds or log.layoffs)
    put_down = _set_seat(state.put_down, seat, state.put_down[seat] or laid)
    committed = replace(state, opened=opened, put_down=put_down)
    if goes_out:
        return replace(committed, phase=OVER, winner=seat, rami=_is_rami(state))
    return committed


def _is_rami(state: RummyState) -> bool:
    """Going out in one turn with nothing put down before (and, for rami sec, by nobody)."""
    return rami_possible(state.rules, state.put_down, state.to_play, _all_at_once(state))


def opening_matters(rules: RummyRules) -> bool:
    """Whether having opened (laid a meld of one's own) changes what a player may do or
    pays: an opening minimum, a discard taken or a card laid off only once opened, a joker
    won back or a meld's card taken only then, or a penalty for never putting anything down.
    In Rami de base (seed 003) none of these holds, and "opened" means nothing there."""
    return bool(
        rules.opening_minimum
        or rules.take_discard != "always"
        or rules.lay_off_requires != "nothing"
        or rules.take_from_meld
        or (rules.joker_swap != "none" and rules.swap_needs_opened)
        or (rules.scoring == "penalty" and rules.never_down_penalty)
    )


def rami_possible(rules: RummyRules, put_down: Sequence[bool], seat: int, all_at_once: bool) -> bool:
    """Whether `seat` going out in one turn now would be a rami: it has put nothing down
    this round (and, where a rami sec needs it, nobody else has either). The scoring and
    the bots' wait for a rami (which see `put_down` in the public view) ask the same."""
    if put_down[seat] or all_at_once:
        # In Wrotham's all-at-once deals every win is laid in one turn: no feat, no bonus.
        return False
    if rules.rami_needs_nobody_down:
        return not any(down for other, down in enumerate(put_down) if other != seat)
    return True


def _end_if_out(state: RummyState) -> RummyState:
    """Under `going_out: any`, melding or laying off the last card ends the round."""
    if state.hand:
        return state
    return _commit(state, goes_out=True)


def _end_turn(state: RummyState) -> RummyState:
    """After the discard: commit, the "Carte !" penalty, then the next player's turn."""
    goes_out = not state.hand
    committed = _commit(state, goes_out)
    if goes_out:
        return committed
    rules, seat = state.rules, state.to_play
    if rules.carte_penalty and len(committed.hand) == 1 and not state.log.announced:
        committed = _draw_cards(committed, seat, rules.carte_penalty) or committed
    return replace(committed, to_play=(seat + 1) % state.players, phase=DRAW, turn=state.turn + 1, log=TurnLog())


# --- legal moves ----------------------------------------------------------------------------


def candidate_melds(hand: Sequence[Card], rules: RummyRules) -> list[tuple[Card, ...]]:
    """Every set and run the hand can lay (runs written low to high, jokers filling gaps).

    Alternatives that put a joker where the hand holds the real card are left out: the
    engine accepts them, but a list for bots and hints need not hold them.
    """
    jokers = hand.count(JOKER)
    naturals = sorted(set(c for c in hand if not c.is_joker), key=Card.sort_key)
    found: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = {}
    by_suit: dict[str, set[int]] = {}
    for card in naturals:
        by_rank.setdefault(card.rank, []).append(card)
        by_suit.setdefault(card.suit, set()).add(card.rank)
    for cards in by_rank.values():
        for size in range(1, min(4, len(cards)) + 1):
            for group in combinations(cards, size):
                for wild in range(0, min(jokers, rules.jokers_per_set) + 1):
                    if 3 <= size + wild <= 4:
                        found.append(group + (JOKER,) * wild)
    high = {"low": 13, "high_or_low": 14, "around": 13 + 12}[rules.ace]
    wild_max = min(jokers, rules.jokers_per_run)
    for suit, ranks in by_suit.items():
        for first in range(1, {"low": 12, "high_or_low": 13, "around": 14}[rules.ace]):
            line: list[Card] = []
            wild = 0
            for position in range(first, min(first + 13, high + 1)):
                if (position - 1) % 13 + 1 in ranks:
                    line.append(card_at(position, suit))
                else:
                    wild += 1
                    if wild > wild_max:
                        break
                    line.append(JOKER)
                if len(line) >= 3 and wild < len(line):
                    found.append(tuple(line))
    return found


def joker_runs(hand: Sequence[Card], rules: RummyRules) -> list[tuple[Card, ...]]:
    """The runs `candidate_melds` leaves out: a joker standing where the hand holds the real
    card (legal, seldom wise). Low to high, jokers where they stand."""
    jokers = min(hand.count(JOKER), rules.jokers_per_run)
    if not jokers:
        return []
    high = {"low": 13, "high_or_low": 14, "around": 13 + 12}[rules.ace]
    found: list[tuple[Card, ...]] = []
    for suit in SUITS:
        held = {c.rank for c in hand if c.suit == suit and not c.is_joker}
        for first in range(1, {"low": 12, "high_or_low": 13, "around": 14}[rules.ace]):
            for last in range(first + 2, min(first + 12, high) + 1):
                positions = range(first, last + 1)
                have = [p for p in positions if (p - 1) % 13 + 1 in held]
                missing = len(positions) - len(have)
                for size in range(1, jokers - missing + 1):
                    for wild in combinations(have, size):
                        if len(have) > size:
                            found.append(tuple(JOKER if p in wild or p not in have else card_at(p, suit)
                                               for p in positions))
    return found


def _meld_moves(state: RummyState) -> list[Move]:
    rules = state.rules
    if _meld_limit_reached(state):
        return []
    keep = cards_kept(rules)
    return [
        Move("meld", _one_writing(cards, state.variant))
        for cards in candidate_melds(state.hand, rules) + joker_runs(state.hand, rules)
        if len(state.hand) - len(cards) >= keep
    ]


def _one_writing(cards: tuple[Card, ...], variant: Variant) -> tuple[Card, ...]:
    """A candidate meld as `canonical` writes what it lays. Only one natural card among
    jokers can be read otherwise than listed: the set Q♥ JK JK lays the run 10-J-Q when
    two jokers may stand in a run, written `JK JK QH` (listed once, `legal_moves`)."""
    if sum(not card.is_joker for card in cards) > 1:
        return cards
    try:
        return written(arrange(cards, variant))
    except MeldError:
        return cards


def _may_fit(meld: Meld, card: Card) -> bool:
    """A cheap first look before the real lay-off check: right rank, or right suit near an end."""
    if card.is_joker:
        return True
    if meld.kind != RUN:
        return card.rank == meld.rank
    if card.suit != meld.suit:
        return False
    low = (meld.start - 2) % 13 + 1
    high = (meld.start + len(meld.cards) - 1) % 13 + 1
    return card.rank in (low, high)


def _layoff_moves(state: RummyState) -> list[Move]:
    if state.rules.lay_off_requires == "own_meld" and not (state.opened[state.to_play] or state.log.new_melds):
        return []
    keep = cards_kept(state.rules)
    if len(state.hand) - 1 < keep:
        return []
    moves = []
    cards = sorted(set(state.hand), key=Card.sort_key)
    for number, meld in enumerate(state.melds, start=1):
        for card in cards:
            if not _may_fit(meld, card):
                continue
            try:
                lay_off(meld, (card,), state.variant)
            except MeldError:
                continue
            moves.append(Move("layoff", (card,), number))
    for number, meld in enumerate(state.melds, start=1):
        for group in _layoff_groups(meld, state.hand, state.rules):
            if len(state.hand) - len(group) >= keep and Counter(group) <= Counter(state.hand):
                try:
                    lay_off(meld, group, state.variant)
                except MeldError:
                    continue
                moves.append(Move("layoff", group, number))
    return moves


def _layoff_groups(meld: Meld, hand: Sequence[Card], rules: RummyRules) -> list[tuple[Card, ...]]:
    """Groups of two or more hand cards that might go onto `meld` together, each by suit and
    rank, jokers last (`lay_off` judges them): a set's other suits and jokers, or the cards
    at a run's two ends, any of them a joker instead."""
    jokers = hand.count(JOKER)
    groups: set[tuple[Card, ...]] = set()
    if meld.kind != RUN:
        pool = sorted({c for c in hand if not c.is_joker and c.rank == meld.rank}, key=Card.sort_key)
        pool += [JOKER] * min(jokers, rules.jokers_per_set)
        groups = {group for size in range(2, 5 - len(meld.cards)) for group in combinations(pool, size)}
    else:
        held = {c.rank for c in hand if c.suit == meld.suit and not c.is_joker}
        room = 13 - len(meld.cards)
        down = [(meld.start - k - 1) % 13 + 1 for k in range(1, room + 1)]
        up = [(meld.start + len(meld.cards) + k - 1) % 13 + 1 for k in range(room)]
        for below in range(room + 1):
            if sum(rank not in held for rank in down[:below]) > jokers:
                break
            for above in range(room - below + 1):
                ranks = down[:below] + up[:above]
                naturals = [card_at(rank, meld.suit) for rank in ranks if rank in held]
                wild = len(ranks) - len(naturals)
                if wild > jokers:
                    break
                if len(ranks) < 2:
                    continue
                for size in range(min(len(naturals), jokers - wild) + 1):
                    for spared in combinations(naturals, size):
                        kept = sorted((c for c in naturals if c not in spared), key=Card.sort_key)
                        groups.add(tuple(kept) + (JOKER,) * (wild + size))
    return sorted(groups, key=lambda group: [c.sort_key() for c in group])


def _swap_moves(state: RummyState) -> list[Move]:
    moves = []
    for number, meld in enumerate(state.melds, start=1):
        if not meld.jokers:
            continue
        if meld.kind == RUN:
            options: Iterable[tuple[Card, ...]] = [
                (c,)
                for c in meld.stands_for()
                if c is not None and c in state.hand and c not in meld.cards
            ]
        else:
            missing = sorted((c for c in set(state.hand)
                              if not c.is_joker and c.rank == meld.rank and c.suit in meld.missing_suits()),
                             key=Card.sort_key)
            options = [combo for size in range(1, len(missing) + 1) for combo in combinations(missing, size)]
        for cards in options:
            if _spends_taken(state, cards):
                continue
            try:
                swapped = swap_joker(meld, cards, state.variant)
            except MeldError:
                continue
            if not _joker_stuck(_swapped(state, number, swapped, cards)):
                moves.append(Move("swap", cards, number))
    return moves


def _discard_moves(state: RummyState) -> list[Move]:
    """Every legal discard. The whole-turn check does not depend on which card goes
    (only on whether it is the last one), so it runs once, not once per card."""
    cards = sorted(set(state.hand), key=Card.sort_key)
    if state.rules.no_rediscard and state.log.took_discard is not None:
        cards = [c for c in cards if c != state.log.took_discard]
    if not cards:
        return []
    try:
        _check_turn(state, goes_out=len(state.hand) == 1)
    except IllegalMove:
        return []
    return [Move("discard", (card,)) for card in cards]


def _draw_moves(state: RummyState) -> list[Move]:
    rules = state.rules
    moves = [Move("draw")]
    if state.discard and _take_rule(state)[0]:
        moves.append(Move("take"))
    one_card = rules.one_card_draw_only and len(state.hand) == 1
    if rules.take_from_meld and state.opened[state.to_play] and not one_card:
        for number, meld in enumerate(state.melds, start=1):
            ends = (
                meld.naturals
                if meld.kind != RUN
                else tuple(c for c in (meld.cards[0], meld.cards[-1]) if not c.is_joker)
            )
            if len(meld.cards) >= 4:
                moves.extend(Move("take", (c,), number) for c in sorted(set(ends), key=Card.sort_key))
    if rules.joker_swap == "draw" and (state.opened[state.to_play] or not rules.swap_needs_opened) and not one_card:
        moves.extend(_swap_moves(state))
    return moves


def legal_moves(state: RummyState) -> list[Move]:
    if state.phase == OVER:
        return []
    if state.phase == DRAW:
        return _draw_moves(state)
    moves = _meld_moves(state) + _layoff_moves(state)
    if state.rules.joker_swap == "play":
        moves += _swap_moves(state)
    if state.rules.carte_penalty and len(state.hand) == 2 and not state.log.announced:
        moves.append(Move("carte"))
    # Two decks (and two jokers) write some moves twice: each is listed once.
    return list(dict.fromkeys(moves + _discard_moves(state)))


def canonical(state: RummyState, move: Move) -> Move:
    """The one writing of `move` (what logs, history and `legal_moves` hold): a meld as
    `melds.written` writes what it lays, the cards of a lay-off or a swap by suit and rank,
    jokers last. A move that cannot be played is left as written, for its refusal."""
    if move.kind == "meld":
        try:
            return Move("meld", written(arrange(move.cards, state.variant)))
        except MeldError:
            return move
    if move.kind in ("layoff", "swap") and len(move.cards) > 1:
        return Move(move.kind, tuple(sorted(move.cards, key=Card.sort_key)), move.target)
    return move


def apply(state: RummyState, move: Move) -> RummyState:
    if state.phase == OVER:
        raise IllegalMove("round_over")
    kind = move.kind
    if kind == "draw":
        return _play_draw(state)
    if kind == "take":
        return _play_take_from_meld(state, move) if move.target is not None else _play_take(state)
    if kind == "meld":
        return _play_meld(state, move)
    if kind == "layoff":
        return _play_layoff(state, move)
    if kind == "swap":
        return _play_swap(state, move)
    if kind == "discard":
        return _play_discard(state, move)
    if kind == "carte":
        return _play_carte(state)
    raise IllegalMove("unknown_move", move=str(move))


# --- scoring --------------------------------------------------------------------------------


def round_result(state: RummyState) -> RoundResult:
    """The round's points in the variant's sense: penalties (lowest wins) or gains."""
    rules, variant = state.rules, state.variant
    values = [hand_points(h, variant) for h in state.hands]
    details: dict[str, Any] = {"hand_points": tuple(values), "put_down": state.put_down}
    points = _penalty_points(state, values) if rules.scoring == "penalty" else _winner_points(state, values)
    if state.winner is None:
        reason = "no_way_out" if state.no_way_out else "blocked"
    elif state.rami:
        reason = "rami_sec" if rules.rami_needs_nobody_down else "rami"
    else:
        reason = "out"
    return RoundResult(points=tuple(points), reason=reason, winner=state.winner, details=details)


def _penalty_points(state: RummyState, values: list[int]) -> list[int]:
    rules = state.rules
    points = [
        0 if seat == state.winner else value + (0 if state.put_down[seat] else rules.never_down_penalty)
        for seat, value in enumerate(values)
    ]
    if state.rami and rules.rami_bonus == "double":
        points = [p * 2 for p in points]
    elif state.rami and rules.rami_bonus == "plus10":
        points = [p + 10 if seat != state.winner else p for seat, p in enumerate(points)]
    return points


def _winner_points(state: RummyState, values: list[int]) -> list[int]:
    rules = state.rules
    points = [0] * state.players
    if state.winner is not None:
        gain = sum(v for seat, v in enumerate(values) if seat != state.winner)
        if state.rami and rules.rami_bonus == "double":
            gain *= 2
        elif state.rami and rules.rami_bonus == "plus10":
            gain += 10
        points[state.winner] = gain
        return points
    # Nobody out: "Le gagnant est le joueur avec le moins de points, et marque la somme des
    # différences … S'il y a égalité, ils partagent également les gains" (shares rounded down).
    low = min(values)
    best = [seat for seat, v in enumerate(values) if v == low]
    share = sum(v - low for v in values) // len(best)
    for seat in best:
        points[seat] = share
    return points


# --- the Family object ----------------------------------------------------------------------


class Rummy:
    """The rummy family for `Game` (see ramigui.rules.family.Family)."""

    name = "rummy"
    follows_direction = False

    def deal(self, variant: Variant, players: int, round_no: int, dealer: int, seed: DealSeed) -> RummyState:
        return deal(variant, players, round_no, dealer, seed)

    def from_position(self, variant: Variant, **position: Any) -> RummyState:
        return from_position(variant, **position)

    def legal_moves(self, state: RummyState) -> list[Move]:
        return legal_moves(state)

    def apply(self, state: RummyState, move: Move) -> RummyState:
        return apply(state, move)

    def canonical(self, state: RummyState, move: Move) -> Move:
        return canonical(state, move)

    def is_undoable(self, state: RummyState, move: Move) -> bool:
        return move.kind in ("meld", "layoff", "swap", "carte", "take")

    def round_over(self, state: RummyState) -> bool:
        return state.phase == OVER

    def round_result(self, state: RummyState) -> RoundResult:
        return round_result(state)

    def hand(self, state: RummyState, seat: int) -> tuple[Card, ...]:
        return state.hands[seat]

    def all_cards(self, state: RummyState) -> Counter[Card]:
        cards: Counter[Card] = Counter(state.stock)
        cards.update(state.discard)
        for hand in state.hands:
            cards.update(hand)
        for meld in state.melds:
            cards.update(meld.cards)
        return cards

    def public(self, state: RummyState, seat: int) -> RummyPublic:
        own = seat == state.to_play
        return RummyPublic(
            phase=state.phase,
            melds=state.melds,
            all_at_once=_all_at_once(state),
            discard=state.discard,
            stock=len(state.stock),
            opened=state.opened,
            put_down=state.put_down,
            turn=state.turn,
            reuses=state.reuses,
            opening_minimum=state.rules.opening_minimum,
            turn_points=_turn_points(state) if own else 0,
            layoffs_wait=_layoffs_wait(state) if own else False,
            turn_melds=state.log.new_melds,
            taken=state.log.taken,
            taken_must=state.log.taken_must if own else "none",
            taken_waits=_taken_waits(state) if own else False,
            jokers_wait=_jokers_wait(state) if own else False,
            announced=state.log.announced,
            winner=state.winner,
        )

    def game_over(self, variant: Variant, totals: Sequence[int], rounds_played: int, last: Any) -> bool:
        if variant.target and max(totals) >= variant.target:
            return True
        return bool(variant.rounds) and rounds_played >= variant.rounds

    def standings(self, variant: Variant, totals: Sequence[int], results: Sequence[RoundResult]) -> tuple[int, ...]:
        return tuple(totals)

    def lower_wins(self, variant: Variant) -> bool:
        return variant.rummy.scoring == "penalty"

    def opening_matters(self, variant: Variant) -> bool:
        return opening_matters(variant.rummy)


RUMMY = Rummy()
