"""OpenSpiel's SimpleGinRummyBot at our Gin table: a benchmark opponent, never part of the app.

The ladder measures the gin levels against the simple gin player as OpenSpiel implements it
(`open_spiel/bots/gin_rummy/simple_gin_rummy_bot.cc`), not only against our own reading of
it (`baseline`). The app never imports this module and does not depend on OpenSpiel: the
`bench` extra installs it (`pip install -e '.[bench]'`), and `ramigui simulate --bots
hard,openspiel` loads it on demand.

Each decision is translated afresh from the bot's view (it sees nothing else): the round's
public history is replayed on an OpenSpiel `gin_rummy` state, the cards it never saw filled
in consistently (`replay_plan`: a card a player shows from their hidden hand was in it since
its deal or an earlier stock draw; the cards no one has shown are drawn from the unseen),
and OpenSpiel's bot answers on that state; its action is translated back to our moves.

Where the two rule books differ, ours referee:
* OpenSpiel knocks, discards, then lays melds; ours lays the melds first (`meld …`) and
  knocks or goes gin with the discard (`knock C` / `gin C`): the bot's whole knock is read
  on a copy of the state and played as our moves, melds first.
* The defender: the simple bot never lays off and lays its melds; ours lays them and says
  `done`, which lays off what still fits (seed 001's showdown does that for everyone).
* Seed 001 forbids throwing back the card just taken (OpenSpiel allows it, which the simple
  bot almost never wants); a plain discard that leaves two cards in the stock voids the
  round in ours, where OpenSpiel still offers the other player a knock with the upcard
  ("the wall"). The bot is never asked about the wall.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ramigui.cards import Card, card_of, make_deck
from ramigui.rules.gin_melds import card_bit, card_value, hand_mask, min_deadwood_mask, sorted_meld
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic
from ramigui.rules.view import PlayerView

OS_SUITS = "SCDH"
"""OpenSpiel's suit order (its `scdh`): card number = suit index * 13 + rank - 1."""
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
MELD_BASE = 56
HAND_SIZE = 10


def card_number(card: Card) -> int:
    """OpenSpiel's number of a card (0 = ace of spades … 51 = king of hearts)."""
    return OS_SUITS.index(card.suit) * 13 + card.rank - 1


def card_from_number(number: int) -> Card:
    return card_of(number % 13 + 1, OS_SUITS[number // 13])


def os_player(seat: int, dealer: int) -> int:
    """OpenSpiel's player number of a seat: player 0 acts first (the dealer's opponent)."""
    return 0 if seat != dealer else 1


def os_melds(cards: Sequence[Card]) -> list[list[Card]]:
    """A meld as OpenSpiel's melds: a run longer than five is laid as runs of three to five
    (OpenSpiel numbers no longer run)."""
    if len(cards) <= 5 or len({c.rank for c in cards}) == 1:
        return [list(cards)]
    ordered = sorted(cards, key=lambda c: c.rank)
    head = 5 if len(ordered) - 5 >= 3 else len(ordered) - 3
    return [ordered[:head], *os_melds(ordered[head:])]


def meld_number(cards: Sequence[Card]) -> int:
    """OpenSpiel's number of a meld (0–184): the sets by rank (for each rank the four sets of
    three by their missing suit, then the set of four), then the runs of three, four and
    five, each by suit then lowest rank."""
    ranks = sorted(c.rank for c in cards)
    if ranks[0] == ranks[-1]:
        missing = [i for i, suit in enumerate(OS_SUITS) if suit not in {c.suit for c in cards}]
        return (ranks[0] - 1) * 5 + (missing[0] if len(cards) == 3 else 4)
    suit = OS_SUITS.index(cards[0].suit)
    offset = {3: 65, 4: 65 + 44, 5: 65 + 44 + 40}[len(cards)]
    return offset + suit * (14 - len(cards)) + ranks[0] - 1


def meld_cards(number: int) -> tuple[Card, ...]:
    """The cards of OpenSpiel's meld `number` (the inverse of `meld_number`)."""
    if number < 65:
        rank, which = divmod(number, 5)
        suits = [s for i, s in enumerate(OS_SUITS) if i != which]
        return tuple(card_of(rank + 1, s) for s in (OS_SUITS if which == 4 else suits))
    number -= 65
    for size in (3, 4, 5):
        per_suit = 14 - size
        if number < 4 * per_suit:
            suit, low = divmod(number, per_suit)
            return tuple(card_of(low + 1 + i, OS_SUITS[suit]) for i in range(size))
        number -= 4 * per_suit
    raise ValueError(f"OpenSpiel has no meld {number}")


@dataclass
class _Hidden:
    """One player's hidden cards: a slot per card dealt or drawn from the stock, each filled
    once the card is shown; `known` holds the cards they took from the pile."""

    slots: list[Card | None] = field(default_factory=lambda: [None] * HAND_SIZE)
    known: Counter[Card] = field(default_factory=Counter)

    def draw(self) -> int:
        self.slots.append(None)
        return len(self.slots) - 1

    def show(self, card: Card) -> None:
        """The player shows `card` (thrown, laid, or held by the bot itself): a card taken
        from the pile if they hold one, else the earliest hidden card not yet shown."""
        if self.known[card]:
            self.known[card] -= 1
            return
        free = self.slots.index(None)  # ValueError: the history does not add up
        self.slots[free] = card


@dataclass
class Plan:
    """An OpenSpiel game that leads to the bot's decision: the deal (player 0's ten cards,
    player 1's, the upcard) and then each step, an action or a stock card (`("card", n)`)."""

    deal: list[int]
    steps: list[tuple[str, int]]


def replay_plan(view: PlayerView, rng: random.Random) -> Plan:
    """The round so far as OpenSpiel actions, from what the view shows (see the module's
    docstring). Raises ValueError when the history has a move this replay cannot follow."""
    dealer = view.dealer
    players = {seat: os_player(seat, dealer) for seat in range(2)}
    hidden = {0: _Hidden(), 1: _Hidden()}
    table = view.public_as(GinPublic)
    upcard = table.upcard
    if upcard is None:
        raise ValueError("a Gin round without an upcard")
    pile: list[Card] = [upcard]
    steps: list[tuple[str, Any]] = []
    for seat, move in view.history:
        player = players[seat]
        kind = move.kind
        if kind == "pass":
            steps.append(("act", PASS))
        elif kind == "take":
            card = pile.pop()
            hidden[player].known[card] += 1
            steps.append(("act", DRAW_UPCARD))
        elif kind == "draw":
            steps.append(("act", DRAW_STOCK))
            steps.append(("slot", (player, hidden[player].draw())))
        elif kind == "discard":
            hidden[player].show(move.card)
            pile.append(move.card)
            steps.append(("act", card_number(move.card)))
        elif kind in ("knock", "gin") and move.cards:
            steps += _knock_steps(table, hidden[player], move.cards[0])
            pile.append(move.cards[0])
            break
        else:
            raise ValueError(f"cannot replay {move} on OpenSpiel")
    me = hidden[players[view.seat]]
    for card in view.hand:
        me.show(card)
    used = {upcard} | {c for h in hidden.values() for c in h.slots if c is not None}
    unseen = [c for c in make_deck(52) if c not in used]
    rng.shuffle(unseen)
    filled = {p: [card_number(c if c is not None else unseen.pop()) for c in h.slots] for p, h in hidden.items()}
    deal = filled[0][:HAND_SIZE] + filled[1][:HAND_SIZE] + [card_number(upcard)]
    return Plan(deal, [("act", v) if k == "act" else ("card", filled[v[0]][v[1]]) for k, v in steps])


def _knock_steps(table: GinPublic, hidden: _Hidden, card: Card) -> list[tuple[str, Any]]:
    """The knocker's turn as OpenSpiel plays it: knock, discard, each meld, pass; every card
    laid is shown (the defender sees them all in the showdown)."""
    knocker = table.knocker
    steps: list[tuple[str, Any]] = [("act", KNOCK), ("act", card_number(card))]
    hidden.show(card)
    for meld in table.melds:
        if meld.owner != knocker:
            continue
        for c in meld.cards:
            hidden.show(c)
        steps += [("act", MELD_BASE + meld_number(part)) for part in os_melds(meld.cards)]
    for c in table.shown.get(knocker, ()) if knocker is not None else ():
        hidden.show(c)
    steps.append(("act", PASS))
    return steps


def moves_of_actions(actions: Sequence[int], legal: Sequence[Move], phase: str, hand: Sequence[Card]) -> list[Move]:
    """Our moves for the bot's actions of one decision in our `phase`: a draw, a discard, a
    whole knock (knock, discard, melds, pass) or the defender's showdown (pass, melds, pass),
    melds first."""
    first = actions[0]
    if phase in ("offer", "draw"):
        return [Move("take" if first == DRAW_UPCARD else "draw" if first == DRAW_STOCK else "pass")]
    melds = [Move("meld", sorted_meld(meld_cards(a - MELD_BASE))) for a in actions if a >= MELD_BASE]
    if first == KNOCK:
        card = card_from_number(actions[1])
        finishes = [m for m in legal if m.kind in ("knock", "gin") and m.cards]
        finish = next((m for m in finishes if m.cards == (card,)), None)
        if finish is None:  # it knocks with the card just taken, which seed 001 refuses
            return [least_deadwood(hand, finishes or [m for m in legal if m.kind == "discard"])]
        return [*melds, finish]
    if phase == "showdown":  # the defender: melds, then done (our showdown lays off the rest)
        return [*melds, Move("done")]
    return [Move("discard", (card_from_number(first),))]


class OpenSpielGinBot:
    """OpenSpiel's SimpleGinRummyBot playing our Gin through `replay_plan` (needs pyspiel)."""

    def __init__(self, seed: int = 0) -> None:
        import pyspiel

        self.level = "openspiel"
        self.rng = random.Random(seed)
        self._pyspiel = pyspiel
        self._game = pyspiel.load_game("gin_rummy")
        self._bots: dict[int, Any] = {}
        self._queue: list[Move] = []

    def state_for(self, view: PlayerView) -> Any:
        """The OpenSpiel state of the bot's decision, replayed from its view."""
        plan = replay_plan(view, self.rng)
        state = self._game.new_initial_state()
        for number in plan.deal:
            state.apply_action(number)
        for _, value in plan.steps:
            state.apply_action(value)
        return state

    def choose(self, view: PlayerView) -> Move:
        legal = list(view.legal_moves)
        while self._queue:
            move = _as_listed(self._queue.pop(0), legal)
            if move is not None:
                return move
        player = os_player(view.seat, view.dealer)
        state = self.state_for(view)
        bot = self._bots.get(player)
        if bot is None:
            bot = self._bots[player] = self._pyspiel.make_simple_gin_rummy_bot(self._game.get_parameters(), player)
        bot.restart()
        actions = [bot.step(state)]
        phase = view.public_as(GinPublic).phase
        if actions[0] in (KNOCK, PASS) and phase in ("discard", "showdown"):
            scratch = state.clone()
            scratch.apply_action(actions[0])
            while not scratch.is_terminal() and scratch.current_player() == player:
                action = bot.step(scratch)
                actions.append(action)
                scratch.apply_action(action)
                if action == PASS:
                    break
        moves = moves_of_actions(actions, legal, phase, view.hand)
        self._queue = moves[1:]
        first = _as_listed(moves[0], legal)
        if first is None:  # the card just taken, which seed 001 refuses
            return least_deadwood(view.hand, [m for m in legal if m.kind == "discard"])
        return first


def least_deadwood(hand: Sequence[Card], moves: Sequence[Move]) -> Move:
    """Of moves that each throw a card (the discard phase's), the one leaving the hand the
    least deadwood: the bot's own choice when ours refuses the card it picked."""
    mask = hand_mask(hand)
    return min(moves, key=lambda m: (min_deadwood_mask(mask & ~card_bit(m.cards[0])), -card_value(m.cards[0]), str(m)))


def _as_listed(move: Move, legal: Sequence[Move]) -> Move | None:
    """The legal move that is `move` (a meld's cards in any order), or None."""
    key = (move.kind, Counter(move.cards), move.target)
    return next((m for m in legal if (m.kind, Counter(m.cards), m.target) == key), None)
