"""Bots for Gin Rami (and Oklahoma): baseline, easy, medium and hard.

* baseline — the plain rule player other gin bots are measured against (close to OpenSpiel's
  simple gin bot): take the upcard or the discard only if that lowers its deadwood (after
  its discard) or lets it knock; knock — or go gin — as soon as it can; otherwise throw its
  highest deadwood card. It makes no lay-off choice of its own: in
  ramigui the defender's `done` lays off automatically (as the table does for a person),
  so it lays off as well as anyone — which makes it, if anything, a little stronger than
  OpenSpiel's rule player, which never lays off;
* easy — the baseline with a child's slips: now and then a careless discard, a missed meld
  card, a knock left for later;
* medium — the baseline with a sense of promise: among equal-deadwood discards it keeps
  the cards that are closest to other cards of the hand (the most meld draws);
* hard — reads the public history into the hands the opponent may hold (`gin_reading`:
  whole hands carried turn by turn through what they took, refused and threw, each weighed
  by whether a plain player holding it would have done so) and plays the expected value:
  a discard is judged by the deadwood it leaves after the next draw (averaged over the
  cards that may still be in the stock, a useless draw thrown back, and over the card the
  opponent will likely throw first: a plain player throws its highest loose card, which the
  reading tells) plus the chance that they take it; a discard is taken only when it beats
  the average stock draw. It knocks when knocking is
  worth at least as much as playing on (`gin_lookahead`): both are played out over hands the
  opponent may hold, against an opponent who knocks as soon as they can — the knock scored
  after what they can lay off on the melds it would lay (the same `knock_arrangement` the
  table offers a person), playing on scored by gin, a later knock, their knock and our
  undercut, or the stock running out. A hand's outcome is weighed by what it does to the
  game (`gin_match`: near 100 a small sure knock is worth a big one, and any hand the
  opponent wins may end it), a won hand counts `hand_weight` points more (a hand let go is a
  hand the opponent wins: a player who waits for the big score is easy to read and punish),
  and a near tie goes to the knock.

The showdown is the rules' work: the defender says `done` and the engine lays the best
melds and lay-offs; the knocker's melds are laid by `knock`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ramigui.bots.common import PublicMemory, TurnGuard, read_memory, unseen_cards
from ramigui.bots.gin_lookahead import TUNE as LOOK
from ramigui.bots.gin_lookahead import Table, World, compare_plans, sample_worlds
from ramigui.bots.gin_match import Stake
from ramigui.bots.gin_model import OpponentModel, is_near
from ramigui.bots.gin_reading import HandReading, ReadHand
from ramigui.cards import Card
from ramigui.rules.gin_layoffs import knock_arrangement
from ramigui.rules.gin_melds import best_melds, card_bit, card_value, hand_mask, min_deadwood_mask
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic
from ramigui.rules.view import PlayerView

EASY_SLIP = 0.25
TUNE: dict[str, float] = {
    "w_now": 0.0,
    "w_danger": 3.0,
    "take_margin": 0.5,
    "knock_bias": 1.0,
    "game_aware": 1.0,
    "hand_weight": 10.0,
    "their_throw_reach": 3.0,
}
"""Hard's weights, tuned by `ramigui simulate` against the baseline. Discards: `w_now` the
weight of the deadwood now against after the next draw, `w_danger` the points a fed meld
costs; draws: `take_margin` the deadwood a discard must save over the average stock draw;
knocks: `knock_bias` the points per hand knocking now may fall short of playing on (a
near tie goes to the knock: the worlds are few, and the best of several waiting plans is
flattered by their noise), `game_aware` 1 to weigh a hand by the game (`gin_match`), 0 by
its points, `hand_weight` the points a won hand is worth beyond its score; discards within
`their_throw_reach` of the cheapest are valued again with the opponent's likely throw as a
second draw (`_with_their_throw`).

The opponent's throw as a second draw (session 28), against OpenSpiel's simple player: 600
games (seed 9200) 68.2% of games, 50.3% of hands, +2.77 a hand → 71.2%, 52.6%, +3.54; the
ladder's 2,000 (seed 1) 69.7%, 50.8%, +2.95 → 72.2%, 52.9%, +3.66, hard's p99 64.5 ms.

Measured against the baseline (400 games a row, `ramigui simulate`, both seats), with
playing on no longer taking a card that only keeps it under the limit: hand_weight 0 →
hands 50.1%, 74.5% of games, +4.61 points a hand (seed 2000); 6 → 51.4%, 73.3%, +4.32
(seed 2000) and 50.3%, 73.3%, +4.00 (seed 3000); 10 → 50.8%, 73.3%, +3.87 (seed 3000);
10 with knock_bias 1 → 51.9%, 75.0%, +4.10 (seed 4000). knock_bias 3 instead of a hand
weight: hands 51.2% against 50.0%, games 68.8% against 69.3% (seed 1000). Tried and not
kept: the best four discards played out over the worlds (53.0% of hands, 71.8% of games,
+4.05 at seed 4000: no clear gain for three times the time), 48 worlds instead of 24.

`w_now` was 0.4 (the deadwood now counted beside the deadwood after the next draw). Against
OpenSpiel's simple player, 200 games each (seed 9200), hands won rose as it fell: 1.0 →
45.8%, 0.7 → 48.1%, 0.4 → 48.8%, 0.2 → 49.0%, 0.0 → 50.0% (the hand that draws well beats
the hand that looks good now: the race to a knock is what wins hands). 2,000 games (seed 1),
0.4 → 0.0: against OpenSpiel's player hands 49.0% → 50.0%, games 67.5% → 70.2%, points a
hand +2.64 → +3.02; against the baseline hands 51.3% → 52.3%, games 72.4% → 73.9%, +3.54 →
+3.96."""


class GinBot:
    """A gin bot of one level; `choose(view)` returns one of the view's legal moves."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.guard = TurnGuard()
        self.reading = HandReading()

    def choose(self, view: PlayerView) -> Move:
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no legal move: it is not this seat's turn")
        phase = view.public.phase
        decision = _Decision(view, self)
        if phase in ("offer", "draw"):
            return decision.pick_up(moves)
        if phase == "discard":
            return decision.discard_phase(moves)
        done = next((m for m in moves if m.kind == "done"), None)
        return done or moves[-1]


class _Decision:
    """One decision: the hand as a mask, and what this level knows of the other cards."""

    def __init__(self, view: PlayerView, bot: GinBot) -> None:
        self.view = view
        self.bot = bot
        self.level = bot.level
        self.hand = list(view.hand)
        self.mask = hand_mask(self.hand)
        self.table = view.public_as(GinPublic)
        upcard = self.table.upcard
        self._knocks: list[Move] = []
        self._discards: list[Move] = []
        self._throw: Move | None = None
        self.memory: PublicMemory | None = None
        self.model: OpponentModel | None = None
        if self.level == "hard":
            self.memory = read_memory(view, (upcard,) if upcard is not None else ())
            self.model = bot.reading.read(view)

    # --- what is left to come -------------------------------------------------------------

    def unseen(self) -> list[Card]:
        """The cards that may come from the stock, as this level counts them."""
        table = [c for m in self.table.melds for c in m.cards]
        if self.level in ("easy", "baseline"):
            return list((_full_pack() - Counter(self.hand)).elements())
        return list(unseen_cards(self.view, table, self.memory).elements())

    # --- taking the upcard or the discard --------------------------------------------------

    def pick_up(self, moves: list[Move]) -> Move:
        take = next((m for m in moves if m.kind == "take"), None)
        other = next((m for m in moves if m.kind in ("draw", "pass")), moves[0])
        pile = self.table.discard
        if take is None or not pile:
            return other
        top = pile[-1]
        return take if self._wants(top) else other

    def _wants(self, top: Card) -> bool:
        if self.level == "baseline":
            after = _deadwood_keeping(self.mask | card_bit(top), card_bit(top))
            limit = self.table.knock_limit
            return after < min_deadwood_mask(self.mask) or after <= limit
        joins = any(top in meld for meld in best_melds(self.hand + [top])[0])
        if self.level == "easy":
            return joins and self.bot.rng.random() > EASY_SLIP
        if self.level == "medium":
            return joins
        after = _deadwood_keeping(self.mask | card_bit(top), card_bit(top))
        return after < self._expected_draw() - TUNE["take_margin"]

    def _expected_draw(self) -> float:
        """Hard: the average least deadwood after a stock draw and the best discard."""
        draws = self.draws()
        total = sum(draws.values())
        if not total:
            return float(min_deadwood_mask(self.mask))
        return sum(w * min_deadwood_mask(self.mask | card_bit(c), drop=True) for c, w in draws.items()) / total

    def draws(self) -> dict[Card, float]:
        """Hard: each unseen card with the chance it is in the stock (not in the opponent's hand)."""
        model = self.model
        weights = {c: (model.in_stock(c) if model else 1.0) for c in self.unseen()}
        return {c: w for c, w in weights.items() if w > 0}

    # --- discard, knock, gin ----------------------------------------------------------------

    def discard_phase(self, moves: list[Move]) -> Move:
        gins = [m for m in moves if m.kind == "gin"]
        if gins:
            return next((m for m in gins if not m.cards), gins[0])
        knocks = [m for m in moves if m.kind == "knock"]
        discards = [m for m in moves if m.kind == "discard"]
        if knocks and self._should_knock(knocks, discards):
            return min(knocks, key=lambda m: (self._deadwood_without(m.card), -card_value(m.card), str(m)))
        if discards:
            return self._discard(discards)
        return knocks[0] if knocks else moves[0]

    def _deadwood_without(self, card: Card) -> int:
        return min_deadwood_mask(self.mask & ~card_bit(card))

    def _should_knock(self, knocks: list[Move], discards: list[Move]) -> bool:
        if not discards:
            return True
        if self.level in ("baseline", "medium"):
            return True
        if self.level == "easy":
            return self.bot.rng.random() > EASY_SLIP
        best = min(self._deadwood_without(m.card) for m in knocks)
        self._knocks, self._discards = knocks, discards
        return self._knock_now(best)

    def _knock_now(self, best: int) -> bool:
        """Hard: knock now if that is worth at least as much as one more turn (`gin_lookahead`),
        both valued over hands the opponent may hold."""
        model = self.model
        table = self._table()
        worlds = self._worlds(model, table.limit) if model is not None else []
        if model is None or not worlds:
            return True
        knock = min(self._knocks, key=lambda m: (self._deadwood_without(m.card), -card_value(m.card), str(m)))
        rest = list(self.hand)
        rest.remove(knock.card)
        melds, _ = knock_arrangement(rest, model.defender_odds())
        thrown = self._discard(self._discards).card
        targets = sorted({0, best // 2, best - 1})
        stake = Stake.of(self.view.scores, self.view.seat, self.view.variant.target) if TUNE["game_aware"] else None
        value = _hand_value(stake)
        now, waits = compare_plans(self.hand, (melds, best, knock.card), thrown, targets, worlds, table, value=value)
        return now >= max(waits.values()) - TUNE["knock_bias"]

    def _table(self) -> Table:
        return Table(self.view.variant.gin, self.table.knock_limit, self.table.stock)

    def _worlds(self, model: OpponentModel, limit: int) -> list[World]:
        """Hard: hands the opponent may hold and orders of the stock, consistent with what
        they took, refused and threw, and with their not having knocked: the reading's
        hands, or (none read) hands sampled with the model's odds."""
        if isinstance(model, ReadHand) and model.hands:
            return model.worlds(int(LOOK["worlds"]), self.bot.rng)
        opponent = 1 - self.view.seat
        held = self.view.hand_counts[opponent] if len(self.view.hand_counts) > opponent else 10
        hidden = max(0, held - len(model.known))
        draws = sum(1 for seat, move in self.view.history if seat == opponent and move.kind == "draw")
        thrown_last = self.memory.discarded.get(opponent, []) if self.memory else []
        last_throw = card_value(thrown_last[-1]) if thrown_last else 99
        return sample_worlds(model, hidden, draws, limit, self.bot.rng, int(LOOK["worlds"]), last_throw)

    def _discard(self, discards: list[Move]) -> Move:
        if self.level == "easy" and self.bot.rng.random() < EASY_SLIP:
            return self.bot.rng.choice(discards)
        if self.level == "baseline":
            return _highest_deadwood(self.hand, discards)
        if self.level == "easy":
            return min(discards, key=lambda m: (self._deadwood_without(m.card), -card_value(m.card), str(m)))
        if self.level == "medium":
            return min(
                discards,
                key=lambda m: (
                    self._deadwood_without(m.card),
                    self._promise(m.card),
                    -card_value(m.card),
                    str(m),
                ),
            )
        if self._throw is None:  # asked twice when a knock is weighed: once is enough
            self._throw = self._hard_discard(discards)
        return self._throw

    def _hard_discard(self, discards: list[Move]) -> Move:
        draws = self.draws()
        plain = {m: self._draw_cost(m.card, draws) for m in discards}
        if isinstance(self.model, ReadHand) and self.model.hands:
            plain = self._with_their_throw(plain)
        # The danger is a chance, so it adds at most `w_danger`: a throw whose draw cost is
        # already that much above the least cannot be the cheapest, and its danger (the
        # reading's dearest figure) is not worked out.
        reach = min(plain.values()) + max(TUNE["w_danger"], 0.0) + 1e-9
        return min(discards, key=lambda m: (self._hard_cost(m.card, plain[m], reach), str(m)))

    def _with_their_throw(self, plain: dict[Move, float]) -> dict[Move, float]:
        """Hard: the next card is not only the stock's: the opponent's throw comes first, and
        a plain player throws its highest loose card, which the reading tells (`throw_odds`).
        Each discard within `their_throw_reach` of the cheapest is valued again with that
        card as a second draw, taken where it beats the stock by the take margin (as `_wants`
        takes), so a pair their throw may complete is kept."""
        assert isinstance(self.model, ReadHand)
        odds = self.model.throw_odds()
        reach = min(plain.values()) + TUNE["their_throw_reach"]
        margin = TUNE["take_margin"]
        valued = dict(plain)
        for move, stock in plain.items():
            if stock > reach:
                continue
            thrown = card_bit(move.card)
            rest = self.mask & ~thrown
            value = total = 0.0
            for bit, chance in odds.items():
                if bit & self.mask or bit == thrown:
                    continue
                taken = _deadwood_keeping(rest | bit, bit)
                value += chance * (taken if taken < stock - margin else stock)
                total += chance
            valued[move] = value + (1 - total) * stock
        return valued

    def _promise(self, card: Card) -> int:
        """Medium: how many cards not visibly gone would pair this card into a meld draw."""
        return sum(1 for other in self.hand if is_near(card, other))

    def _draw_cost(self, card: Card, draws: dict[Card, float]) -> float:
        """Hard: the expected deadwood after the next draw without `card`."""
        rest = self.mask & ~card_bit(card)
        now = min_deadwood_mask(rest)
        total = sum(draws.values())
        if total:
            gain = sum(w * min(now, min_deadwood_mask(rest | card_bit(c), drop=True)) for c, w in draws.items())
            expected = gain / total
        else:
            expected = float(now)
        w_now = TUNE["w_now"]
        return w_now * now + (1 - w_now) * expected

    def _hard_cost(self, card: Card, draw_cost: float, reach: float) -> float:
        """Hard: the draw cost of throwing `card`, plus the cost of feeding the opponent
        (left out past `reach`, where the throw cannot be the cheapest anyway)."""
        if draw_cost > reach:
            return draw_cost
        return draw_cost + TUNE["w_danger"] * self._danger(card)

    def _danger(self, card: Card) -> float:
        """Hard: the chance the opponent holds two cards that make a meld with `card`."""
        return self.model.meld_chance(card) if self.model is not None else 0.0


def _hand_value(stake: Stake | None) -> Callable[[int], float]:
    """What hard weighs a hand's outcome by: its points to the game (`Stake.value`, or the
    points themselves in a game of rounds), and `hand_weight` more for winning it at all."""
    weight = TUNE["hand_weight"]

    def value(points: int) -> float:
        worth = stake.value(points) if stake is not None else float(points)
        return worth + (weight if points > 0 else -weight if points < 0 else 0.0)

    return value


def _deadwood_keeping(mask: int, keep: int) -> int:
    """Least deadwood of an 11-card mask after the best discard other than the card whose
    bit is `keep` (the card just taken may not go back)."""
    best = 1000
    bits = mask & ~keep
    while bits:
        low = bits & -bits
        best = min(best, min_deadwood_mask(mask & ~low))
        bits ^= low
    return best


def _highest_deadwood(hand: list[Card], discards: list[Move]) -> Move:
    """Baseline: the highest card left unmelded by the least-deadwood arrangement of the hand
    (never the card just taken: it is not among `discards`); if every card it may throw is
    melded, the throw that leaves the least deadwood."""
    allowed = {m.card: m for m in discards}
    _, deadwood = best_melds(hand)
    loose = [c for c in deadwood if c in allowed]
    if loose:
        return allowed[max(loose, key=lambda c: (card_value(c), c.rank, c.sort_key()))]
    mask = hand_mask(hand)
    return min(discards, key=lambda m: (min_deadwood_mask(mask & ~card_bit(m.card)), -card_value(m.card), str(m)))


_PACK: Counter[Card] | None = None


def _full_pack() -> Counter[Card]:
    global _PACK
    if _PACK is None:
        from ramigui.cards import make_deck

        _PACK = Counter(make_deck(52))
    return _PACK
