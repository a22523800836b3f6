"""Bots for Gin Rami (and Oklahoma): baseline, easy, medium and hard.

* baseline — the "simple gin player" used in the literature as the yardstick: take the
  upcard or the discard only if it joins a meld at once, discard to leave the least
  deadwood, knock as soon as possible;
* easy — the baseline with a child's slips: now and then a careless discard, a missed meld
  card, a knock left for later;
* medium — the baseline with a sense of promise: among equal-deadwood discards it keeps
  the cards that are closest to other cards of the hand (the most meld draws);
* hard — remembers every public card (the discard pile's past, the cards the opponent took
  and refused), and plays the expected value: a discard is judged by the deadwood it leaves
  after the next draw (averaged over the really unseen cards) plus the risk of feeding the
  opponent what they collect; a discard is taken only when it beats the average stock draw;
  it knocks at once unless the hand is late, heavy and likely to be undercut, and plays for
  gin when a knock would gain little.

The showdown is the rules' work: the defender says `done` and the engine lays the best
melds and lay-offs; the knocker's melds are laid by `knock`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ramigui.bots.common import PublicMemory, TurnGuard, read_memory, unseen_cards
from ramigui.cards import Card
from ramigui.rules.gin_melds import best_melds, card_bit, card_value, hand_mask, min_deadwood_mask
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView

EASY_SLIP = 0.25
TUNE: dict[str, float] = {
    "w_now": 0.6,
    "w_danger": 3.0,
    "w_feed": 0.0,
    "knock": 0.0,
    "take_margin": 0.5,
    "knock_bonus": 0.0,
}
"""Hard's weights (tuned by `ramigui simulate` against the baseline)."""


class GinBot:
    """A gin bot of one level; `choose(view)` returns one of the view's legal moves."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.level = level
        self.rng = random.Random(seed)
        self.guard = TurnGuard()

    def choose(self, view: PlayerView) -> Move:
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no legal move: it is not this seat's turn")
        phase = view.public.get("phase")
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
        upcard = view.public.get("upcard")
        self.memory: PublicMemory | None = None
        self._probs: dict[tuple[str, int], float] | None = None
        if self.level == "hard":
            self.memory = read_memory(view, (upcard,) if upcard is not None else ())

    # --- what is left to come -------------------------------------------------------------

    def unseen(self) -> list[Card]:
        """The cards that may come from the stock, as this level counts them."""
        table = [c for m in self.view.public.get("melds", ()) for c in m.cards]
        if self.level in ("easy", "baseline"):
            return list((_full_pack() - Counter(self.hand)).elements())
        return list(unseen_cards(self.view, table, self.memory).elements())

    # --- taking the upcard or the discard --------------------------------------------------

    def pick_up(self, moves: list[Move]) -> Move:
        take = next((m for m in moves if m.kind == "take"), None)
        other = next((m for m in moves if m.kind in ("draw", "pass")), moves[0])
        pile = self.view.public.get("discard", ())
        if take is None or not pile:
            return other
        top = pile[-1]
        return take if self._wants(top) else other

    def _wants(self, top: Card) -> bool:
        joins = any(top in meld for meld in best_melds(self.hand + [top])[0])
        if self.level == "baseline":
            return joins
        if self.level == "easy":
            return joins and self.bot.rng.random() > EASY_SLIP
        if self.level == "medium":
            return joins
        after = _deadwood_keeping(self.mask | card_bit(top), top)
        return after < self._expected_draw() - TUNE["take_margin"]

    def _expected_draw(self) -> float:
        """Hard: the average least deadwood after a stock draw and the best discard."""
        unseen = self.unseen()
        if not unseen:
            return float(min_deadwood_mask(self.mask))
        total = sum(min_deadwood_mask(self.mask | card_bit(c), drop=True) for c in unseen)
        return total / len(unseen)

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
        turn = int(self.view.public.get("turn", 0))
        if TUNE["knock"] == 1.0:
            return True
        if TUNE["knock"] == 2.0 and best > 3 and turn >= TUNE.get("risk_turn", 8):
            thrown = self.memory.discarded.get(1 - self.view.seat, []) if self.memory else []
            if thrown and card_value(thrown[-1]) < best - TUNE.get("risk_gap", 1):
                return False
        stock = int(self.view.public.get("stock", 30))
        turn = int(self.view.public.get("turn", 0))
        if best <= 4 or turn < 14:
            return True
        # Late and heavy: the opponent has had time to build; a knock risks the undercut.
        return best <= 7 and stock > 10

    def _discard(self, discards: list[Move]) -> Move:
        if self.level == "easy" and self.bot.rng.random() < EASY_SLIP:
            return self.bot.rng.choice(discards)
        if self.level in ("baseline", "easy"):
            return min(discards, key=lambda m: (self._deadwood_without(m.card), -card_value(m.card), str(m)))
        if self.level == "medium":
            return min(discards, key=lambda m: (self._deadwood_without(m.card), -self._promise(m.card), -card_value(m.card), str(m)))
        unseen = self.unseen()
        return min(discards, key=lambda m: (self._hard_cost(m.card, unseen), str(m)))

    def _promise(self, card: Card) -> int:
        """Medium: how many cards not visibly gone would pair this card into a meld draw."""
        return sum(1 for other in self.hand if other != card and _near(card, other))

    def _hard_cost(self, card: Card, unseen: Sequence[Card]) -> float:
        """Expected deadwood after the next draw without `card`, plus the cost of feeding."""
        rest = self.mask & ~card_bit(card)
        limit = int(self.view.public.get("knock_limit", 10))
        bonus = TUNE["knock_bonus"]
        now = min_deadwood_mask(rest)
        now_v = now - (bonus if now <= limit else 0.0)
        if unseen:
            total = 0.0
            for c in unseen:
                after = min_deadwood_mask(rest | card_bit(c), drop=True)
                value = after - (bonus if after <= limit else 0.0)
                total += min(now_v, value)
            expected = total / len(unseen)
        else:
            expected = now_v
        w_now = TUNE["w_now"]
        cost = w_now * now_v + (1 - w_now) * expected + TUNE["w_danger"] * self._danger(card)
        if TUNE["w_feed"]:
            cost += TUNE["w_feed"] * self._feed_chance(card)
        return cost

    def _feed_chance(self, card: Card) -> float:
        """Hard: the chance that `card` joins a meld in the opponent's hand at once.

        Each card the opponent may hold is given a probability: 1 for a card they took
        from the pile and still hold, 0 for a card this seat can see, else the share of
        their unknown cards among the cards not seen.
        """
        probs = self._opponent_probs()
        suit, rank = card.suit, card.rank

        def p(s: str, r: int) -> float:
            if r < 1 or r > 13:
                return 0.0
            return probs.get((s, r), 0.0)

        others = [p(s, rank) for s in _SUITS if s != suit]
        a, b, c = others
        p_set = a * b + a * c + b * c - 2 * a * b * c
        no_run = 1.0
        for x, y in ((rank - 2, rank - 1), (rank - 1, rank + 1), (rank + 1, rank + 2)):
            no_run *= 1.0 - p(suit, x) * p(suit, y)
        return 1.0 - (1.0 - p_set) * no_run

    def _opponent_probs(self) -> dict[tuple[str, int], float]:
        if self._probs is not None:
            return self._probs
        memory = self.memory
        opponent = 1 - self.view.seat
        table = [c for m in self.view.public.get("melds", ()) for c in m.cards]
        seen: Counter[Card] = Counter(self.hand)
        seen.update(table)
        seen.update(self.view.public.get("discard", ()))
        known: Counter[Card] = Counter(memory.taken.get(opponent, [])) if memory else Counter()
        known = known - seen
        unknown = _full_pack() - seen - known
        n = sum(unknown.values())
        share = max(0.0, (10 - sum(known.values())) / n) if n else 0.0
        probs: dict[tuple[str, int], float] = {}
        for c in unknown:
            probs[(c.suit, c.rank)] = share
        for c in known:
            probs[(c.suit, c.rank)] = 1.0
        self._probs = probs
        return probs

    def _danger(self, card: Card) -> float:
        """How likely the opponent wants this card: near cards they took, far from what they threw."""
        memory = self.memory
        if memory is None:
            return 0.0
        opponent = 1 - self.view.seat
        danger = 0.0
        for taken in memory.taken.get(opponent, []):
            if _near(card, taken):
                danger += 1.0
        for thrown in memory.discarded.get(opponent, []) + memory.refused.get(opponent, []):
            if thrown.rank == card.rank or (thrown.suit == card.suit and abs(thrown.rank - card.rank) == 1):
                danger -= 0.35
        return max(danger, -0.7)


def _near(a: Card, b: Card) -> bool:
    """Two cards that could share a meld: same rank, or same suit at most two apart."""
    return a.rank == b.rank or (a.suit == b.suit and abs(a.rank - b.rank) <= 2)


def _deadwood_keeping(mask: int, keep: Card) -> int:
    """Least deadwood of an 11-card mask after the best discard other than `keep`."""
    best = 1000
    bits = mask & ~card_bit(keep)
    while bits:
        low = bits & -bits
        best = min(best, min_deadwood_mask(mask & ~low))
        bits ^= low
    return best


_SUITS = ("S", "H", "D", "C")
_PACK: Counter[Card] | None = None


def _full_pack() -> Counter[Card]:
    global _PACK
    if _PACK is None:
        from ramigui.cards import make_deck

        _PACK = Counter(make_deck(52))
    return _PACK
