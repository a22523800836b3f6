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
  it knocks at once unless the hand is late, heavy and likely to be undercut — in particular
  when the opponent's last discard is worth less than its deadwood minus one (a player
  throwing low cards holds a light hand) — and plays for gin when a knock would gain little.

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
    "risk_turn": 4.0,
    "risk_gap": 1.0,
    "take_margin": 0.5,
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
        if best > 3 and turn >= TUNE["risk_turn"]:
            # The opponent's last throw bounds their loose cards (a simple player throws its
            # highest): a throw well below this deadwood means a light hand, an undercut risk.
            thrown = self.memory.discarded.get(1 - self.view.seat, []) if self.memory else []
            if thrown and card_value(thrown[-1]) < best - TUNE["risk_gap"]:
                return False
        stock = int(self.view.public.get("stock", 30))
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
        now = min_deadwood_mask(rest)
        if unseen:
            draws = sum(min(now, min_deadwood_mask(rest | card_bit(c), drop=True)) for c in unseen)
            expected = draws / len(unseen)
        else:
            expected = float(now)
        w_now = TUNE["w_now"]
        return w_now * now + (1 - w_now) * expected + TUNE["w_danger"] * self._danger(card)

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


_PACK: Counter[Card] | None = None


def _full_pack() -> Counter[Card]:
    global _PACK
    if _PACK is None:
        from ramigui.cards import make_deck

        _PACK = Counter(make_deck(52))
    return _PACK
