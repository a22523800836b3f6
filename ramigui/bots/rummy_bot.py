"""Bots for the rummy family (Rami familial, Rami de base and kin, Rami 40/50/51, Manie de Joker).

One policy, three levels:

* easy — lays what it can, but forgets the discards (counts every card as still to come),
  sometimes throws a random card, misses a useful discard or forgets "Carte !";
* medium — good single-turn play: the best split of the hand into melds, opening as soon as
  the minimum is reached, every lay-off, the discard top taken when it makes a meld at once,
  and the discard that keeps the most promising cards;
* hard — medium plus memory: outs counted on the cards really unseen (discards, table and
  the cards opponents took), no feeding the next player: its discard weighs the chance that
  the card makes a meld in that player's hand, over hands sampled from the unseen cards and
  weighed by what they took, refused and threw (`rummy_model`), and cards that fit the table
  once they can lay off, high cards shed first when an opponent is close
  to going out under penalty scoring, jokers won back from the table by swaps, in Rami
  familial the end card of a long meld drawn when it makes a meld (`TAKE_FROM_MELDS`); its melds
  kept in hand once it is down (it opens with the melds that leave the fewest places for
  other players' cards, and lays the rest when they take it out: a meld on the table is
  where the others lay off — worth 5.9 points of win rate against medium, 53.6% → 59.5%
  over 1000 games of Rami 51 heads-up); in a one-round game it does not even open before
  the turn it goes out (`OPENS_TO_GO_OUT`: about +8 points heads-up, +3.5 at a table of
  four; likewise in a game of rounds where a rami doubles the others' penalties, while
  nobody else is down: `RAMI_SEC_WAIT`),
  and while it waits a card's points do not count in its discard (`ONE_ROUND_POINTS`)
  and it keeps the loose cards that fit the table (`FIT_KEEP`: +2 to +4 points);
  before opening in a game with an opening minimum, its best few discards weighed by the
  chance that the hand kept reaches the minimum with the next draw
  (`OPEN_LOOKAHEAD_WEIGHT`); and, once it
  has opened (small hand, every draw counts, the table offers lay-offs), its best few
  discards weighed by a one-draw look-ahead (how many cards the hand would still be stuck
  with after each possible next draw, lay-offs on the table counted) and its near-ties
  compared by Monte Carlo rollouts over the unseen cards (`rummy_search`), within a sample
  count and a processor-time budget.

Every move comes from the view's legal moves; a provisional turn that the rules would refuse
at the discard (an opening short of the minimum, a taken card left unused) is undone.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Sequence

from ramigui.bots.common import (
    PublicMemory,
    TurnGuard,
    pack_of,
    read_memory,
    unseen_cards,
)
from ramigui.bots.rummy_model import Clue, HandModel
from ramigui.bots.rummy_plan import Arrangement, Cards, Planner, free_take_pays, keep_value
from ramigui.bots.rummy_search import Budget, Clock, DiscardSearch, Knowledge, Lines, positions
from ramigui.cards import JOKER, Card
from ramigui.rules.melds import Meld
from ramigui.rules.moves import Move
from ramigui.rules.public import RummyPublic
from ramigui.rules.rummy import (
    OUT_LEFT,
    candidate_melds,
    cards_kept,
    meld_limit,
    rami_possible,
    taken_card_must_in,
)
from ramigui.rules.view import PlayerView

EASY_MISTAKE = 0.2
"""How often the easy bot throws a random card (or ignores a useful discard)."""
SEARCH_MARGIN = 2.0
"""The hard bot's search decides only between discards scored within this of the best:
measured, rollouts choosing among all the best four did no better than the heuristic
(51.8% against medium over 2000 games, the heuristic alone 53.0%), so they break its
near-ties, where its choice is a coin toss, and leave its clear choices alone."""
HOLD_UNTIL_OTHERS_HOLD = 4
"""In a game of several rounds, hard lays its held melds once another player is down to this
many cards (in a one-round game only winning the round counts: it holds them to the end)."""
LOOKAHEAD_WEIGHT = 50.0
"""Discard-score points per card the hard bot expects to be stuck with after its next draw
(once down). Measured on paired deals (Rami 51, two players, one round, 1000 games): weight
50 won 1.1 points more than without the look-ahead on seed 7 and 0.1 more on seed 11; 30 and
100 won 0.2–0.3 more on seed 7. A small gain: most deals are decided by the stock's order."""
FEED_WEIGHT = 24.0
"""Hard: discard-score points per unit of the chance (`rummy_model`) that the card makes a
meld in the next player's hand (a card's points count one each). Paired against medium in
Rami 51 heads-up, 300 games: 12 → +1.7, 24 → +3.0 points of win rate over the older rule
(cards next to what they took); at a table of four 40 did no better than 24."""
FEED_SAMPLES = 48
SIFT_CAP = 4
"""The model's sampled hands are sifted by up to this many of the cards the player threw:
without sifting the model did worse (58.0% against 61.7%, 300 paired games)."""
USE_MODEL = True
"""False: the older rule (cards next to what the next player took), for paired measurements."""
OPENS_TO_GO_OUT = True
"""Hard, in a one-round game: it opens only in the turn it goes out (every card but the one
it throws melded or laid off), so its melds give the others no place to lay off before the
round is won. Paired against medium in Rami 51, one round, 400 games a seed: heads-up
61.5% → 69.3% (seed 7) and 60.5% → 69.5% (seed 11); at a table of four 31.5% → 35.0%
(seed 11, 200 games). Waiting until only one or two cards would be left did worse than
waiting to go out (67.2% and 65.7% heads-up). In a game of several rounds a hand caught
unopened costs its every card and more, so it opens as soon as it can, as before (not
measured)."""
ONE_ROUND_POINTS = 0.0
"""Hard, unopened in a one-round game (so waiting to go down all at once): discard-score
points per point of the card (medium: 0.5, high cards kept for the minimum). Paired against
medium, Rami 51: heads-up 69.0% → 76.5% (seed 11, 200 games), 68.5% → 70.0% (seed 23, 400);
four players 35.2% → 36.2% (seed 23, 400); 0.1 won 73.5% (seed 11, 200)."""
FIT_KEEP = 10.0
"""Hard, waiting to go down all at once: discard-score points against throwing a loose card
that fits a meld on the table (it goes down by lay-off with the rest, as good as melded).
Paired against medium, Rami 51, 400 games: four players 36.2% → 40.3% (seed 23), 40.0% →
44.3% (seed 11; 20 won 44.8%); heads-up 70.0% → 72.8% (seed 23), 70.8% → 73.0% (seed 7)."""

STALLED_REUSES = 3
"""A round whose stock has been rebuilt from the discards this many times is going nowhere:
every player holds the card another needs and throws what it draws, so deterministic bots
would go round for ever (16 of 2,000 games of Rami familial, hard vs two medium, seed 1, were
still going after 20,000 moves: each hand kept its 2 while another gathered the 2s). From
then on every level lays its jokers wherever they fit and throws, one turn in
`STALLED_RANDOM_THROW`, a loose card at random, as people at a stuck table give in. Measured
over 150 games (seed 5): 91% of rounds end before the first rebuild, 0.4% after the third."""
STALLED_RANDOM_THROW = 3

RAMI_SEC_WAIT = True
"""Hard, where going out all at once (a rami, a rami sec) doubles the others' penalties
(seed 000's count; Rami 40/50/51 score with it, RULES.md): while no other player is down it
keeps its melds in hand until they take it out all at once, as in a one-round game, and
opens as soon as another player goes down (it never waits past that: an opponent who is
down may go out within a turn or two, and an unopened hand pays every card and 100 more).
In Rami 51 a rami also needs no opening minimum. Rami 51 five rounds heads-up, 2,000 games
(seed 1, the ladder's row): games won 63.0% [60.8%, 65.1%] → 67.4% [65.3%, 69.4%], points
per hand against medium +6.26 → +18.01. Rami familial, where a rami sec only counts while
nobody else is down, against two medium at three, 2,000 games (seed 1, the ladder's row):
games won 37.3% [35.2%, 39.4%] → 38.5% [36.4%, 40.6%], points per hand +1.29 → +3.75. (It
was reverted once because 11 of those games never ended; the stalled rounds were not its
doing: see `STALLED_REUSES`.)"""
RAMI_WAIT_CARDS = 6
"""Hard, where an opening minimum is set (Rami 51): it goes on waiting for a rami while every
opponent who is down still holds more than this many cards. There any rami doubles the
others' penalties, and an opponent who has just opened (51 points of melds out of 14 or 15
cards) still holds eight or nine: not a round about to end. Against three medium, Rami 51
five rounds: 600 games (seed 9400) 34.2% → 37.9% of games, +5.52 → +7.02 points a hand;
the ladder's 2,000 (seed 1) 34.1% [32.0%, 36.2%] → 35.9% [33.9%, 38.0%], +5.55 → +7.49.
Heads-up against medium, 2,000 (seed 1): 67.4% → 70.4%, +18.01 → +20.13."""
TAKE_FROM_MELDS = True
"""Hard, where the rules let an opened player draw an end card of a meld of four or more
(Rami familial): it does so when the card makes a new meld in its hand (`_useful_meld_take`).
Rami familial against two medium, 2,000 games (seed 1, the ladder's row): games won 38.5%
[36.4%, 40.6%] → 40.5% [38.3%, 42.6%], hands won 35.6% → 38.0%, points per hand +3.75 →
+4.55; it happens in about one round in sixteen."""
OPEN_LOOKAHEAD_WEIGHT = 100.0
"""Hard, before opening in a game with an opening minimum: discard-score points per unit of
the chance that the hand kept reaches the minimum with the next card drawn (its best
`OPEN_LOOKAHEAD_CANDIDATES` discards rescored). Paired against three medium, Rami 51 five
rounds, 200 games a seed: 31.0% → 33.8% of games, points per hand +2.81 → +4.90 (seed 7000);
30.2% → 32.5%, +0.90 → +2.69 (seed 7100). The quick estimate alone (each kept hand arranged
once, `_draw_gain`) did no better than without: 31.2%, +0.67 (seed 7100)."""
OPEN_LOOKAHEAD_CANDIDATES = 5
OPEN_LOOKAHEAD_SECONDS = 0.05
"""The look-ahead's share of the bot's clock in one decision (see `_opening_lookahead`)."""


def _joker_pairs(loose: Sequence[Card], lines: Lines) -> list[tuple[Card, Card]]:
    """The pairs of loose natural cards a joker would turn into a meld (two suits of a rank,
    or two cards of a suit at most two apart), as the variant allows jokers."""
    naturals = [c for c in loose if not c.is_joker]
    return [(a, b) for i, a in enumerate(naturals) for b in naturals[i + 1 :] if _joker_pair(a, b, lines)]


def _joker_pair(a: Card, b: Card, lines: Lines) -> bool:
    if a.rank == b.rank and a.suit != b.suit:
        return bool(lines.jokers_per_set)
    near = any(0 < abs(p - q) <= 2 for p in positions(a, lines.top) for q in positions(b, lines.top))
    return a.suit == b.suit and near and bool(lines.jokers_per_run)


def _extends(card: Card, meld: Cards, lines: Lines) -> bool:
    """Whether a natural card could join a meld of the hand: a set's missing suit, or a card
    of a run's suit next to two of its cards."""
    naturals = [c for c in meld if not c.is_joker]
    if not naturals or card.is_joker:
        return False
    if len({c.rank for c in naturals}) == 1:
        return card.rank == naturals[0].rank and card.suit not in {c.suit for c in naturals} and len(meld) < 4
    return card.suit == naturals[0].suit and lines.completes(card, naturals, remove=False) is not None


class RummyBot:
    """A rummy-family bot of one level; `choose(view)` returns a legal move."""

    def __init__(
        self,
        level: str,
        seed: int = 0,
        clock: Clock = time.process_time,
        budget: Budget | None = None,
    ) -> None:
        self.level = level
        self.seed = seed
        self.rng = random.Random(seed)
        self.clock = clock
        self.budget = budget or Budget()
        self.last_search: DiscardSearch | None = None
        self.guard = TurnGuard()
        self._planner: tuple[tuple[str, int], Planner] | None = None

    def planner(self, view: PlayerView) -> Planner:
        """One Planner per round: its memo of arranged hands stays valid all round long."""
        key = (view.variant.id, view.round_no)
        if self._planner is None or self._planner[0] != key:
            self._planner = (key, Planner(view.variant))
        return self._planner[1]

    # --- the turn ---------------------------------------------------------------------

    def choose(self, view: PlayerView) -> Move:
        moves = list(view.legal_moves)
        if not moves:
            raise ValueError("no legal move: it is not this seat's turn")
        self.guard.start(view)
        if self.guard.calls > 60:
            return self._give_up(view, moves)
        turn = _Turn(view, self)
        if view.public.phase == "draw":
            return turn.draw_phase()
        return turn.play_phase()

    def _give_up(self, view: PlayerView, moves: list[Move]) -> Move:
        """A turn that goes round in circles ends with the first legal discard (or anything)."""
        for move in moves:
            if move.kind == "discard":
                return move
        undo = self.guard.undo(view)
        return undo if undo is not None else moves[0]


class _Turn:
    """One decision: the view, what the bot knows, and the hand analysed."""

    def __init__(self, view: PlayerView, bot: RummyBot) -> None:
        self.view = view
        self.bot = bot
        self.level = bot.level
        self.rules = view.variant.rummy
        self.public = view.public_as(RummyPublic)
        self.seat = view.seat
        self.planner = bot.planner(view)
        self.melds: tuple[Meld, ...] = self.public.melds
        self.table = [c for m in self.melds for c in m.cards]
        self.memory: PublicMemory | None = read_memory(view) if self.level == "hard" else None
        self.opened = bool(self.public.opened[self.seat]) if self.public.opened else False
        # A card must stay in hand to be thrown where the last one must be discarded; under
        # either rule a hand goes out with every card placed but one, thrown last (`OUT_LEFT`).
        # Reading "every card placed" under `going_out: any` once cost hard melds it could
        # have gone out with, and in Wrotham's all-at-once deals every level waited for all
        # eight cards. Rami de base, hard against two medium, 2,000 games (seed 1): 33.8%
        # [31.7%, 35.9%] of games → 35.4% [33.4%, 37.6%], points per hand +0.14 → +0.36.
        self.keep = cards_kept(self.rules)
        self._model: HandModel | None = None

    # --- knowledge ----------------------------------------------------------------------

    def unseen(self) -> Counter[Card]:
        if self.level == "easy":
            return pack_of(self.view) - Counter(self.view.hand)
        return unseen_cards(self.view, self.table, self.memory)

    def all_at_once(self) -> bool:
        rules = self.rules
        return bool(rules.all_at_once_from_round) and self.view.round_no >= rules.all_at_once_from_round

    def may_lay(self, arrangement: Arrangement, turn_points: int) -> bool:
        """Whether laying the arrangement's melds this turn keeps the turn legal."""
        if not arrangement.melds:
            return False
        goes_out = len(arrangement.left) <= OUT_LEFT
        if self.all_at_once():
            return goes_out
        if self.opened or goes_out:
            return True
        return turn_points + arrangement.meld_points >= self.rules.opening_minimum

    def may_lay_off(self) -> bool:
        rules = self.rules
        laid = bool(self.public.turn_melds)
        if self.all_at_once():
            return False
        if rules.lay_off_requires == "own_meld":
            return self.opened or laid
        if rules.lay_off_requires == "opening":
            return self.opened or (laid and self.public.turn_points >= rules.opening_minimum)
        return True

    # --- the draw -------------------------------------------------------------------------

    def draw_phase(self) -> Move:
        view = self.view
        legal = {str(m): m for m in view.legal_moves}
        if self.level == "hard":
            swap = self._useful_swap([m for m in view.legal_moves if m.kind == "swap"])
            if swap is not None:
                return swap
        take = legal.get("take")
        if take is not None and self.bot.guard.allowed(take) and self._wants_top():
            return take
        if self.level == "hard" and TAKE_FROM_MELDS:
            from_meld = self._useful_meld_take([m for m in view.legal_moves if m.kind == "take" and m.target])
            if from_meld is not None:
                return from_meld
        return legal.get("draw") or view.legal_moves[0]

    def _useful_meld_take(self, takes: list[Move]) -> Move | None:
        """Hard: an end card taken from a long meld on the table (Rami familial's other way to
        draw) when it makes a new meld with cards of the hand at once — a sure meld instead
        of a blind draw, and one place fewer on the table for the others' cards. Of several,
        the one that leaves the fewest points loose."""
        hand = list(self.view.hand)
        best: tuple[tuple[int, int], Move] | None = None
        for move in takes:
            after = self._melds_taken(hand, move.cards[0]) if self.bot.guard.allowed(move) else None
            if after is None:
                continue
            key = (after.left_points, len(after.left))
            if best is None or key < best[0]:
                best = (key, move)
        return best[1] if best is not None else None

    def _melds_taken(self, hand: list[Card], card: Card) -> Arrangement | None:
        """The hand arranged with a card taken under an obligation to meld it (the discard,
        or a meld's end card): the arrangement when the card lands in one of its melds, those
        melds may go down this turn and a card is left to throw where one must be; else None."""
        after = self.planner.arrange(hand + [card])
        if len(after.left) < self.keep or not any(card in meld for meld in after.melds):
            return None
        return after if self.may_lay(after, 0) else None

    def _take_must(self) -> str:
        """What the top discard must become if taken (the rules' "taken card" obligation)."""
        return taken_card_must_in(self.view)

    def _wants_top(self) -> bool:
        pile = self.public.discard
        if not pile:
            return False
        top = pile[-1]
        if self.level == "easy" and self.bot.rng.random() < EASY_MISTAKE:
            return False
        hand = list(self.view.hand)
        if self._take_must() != "none" or self.all_at_once():
            return self._melds_taken(hand, top) is not None
        now = self.planner.arrange(hand)
        after = self.planner.arrange(hand + [top])
        if len(after.left) < self.keep:
            return False  # every card melded but none to discard: the take cannot be used
        if not any(top in meld for meld in after.melds):
            return self.level == "hard" and self._promising(top, hand)
        return free_take_pays(now, after, self.planner.points(top))

    def _promising(self, top: Card, hand: list[Card]) -> bool:
        """Hard: a free take of a card that fits the table once opened (a sure lay-off later)."""
        return self.opened and any(self._fits_table(top, meld) for meld in self.melds)

    def _fits_table(self, card: Card, meld: Meld, then: Card | None = None) -> bool:
        """Whether `card` (followed by `then`, if given) can be laid off on the meld."""
        from ramigui.rules.melds import MeldError, lay_off

        try:
            lay_off(meld, (card,) if then is None else (card, then), self.view.variant)
        except MeldError:
            return False
        return True

    def _useful_swap(self, swaps: list[Move]) -> Move | None:
        """A joker won back (Rami familial's swap instead of a draw) that lands in a meld: like
        a taken discard, it must go down this turn (`_melds_taken`)."""
        for move in swaps:
            if not self.bot.guard.allowed(move):
                continue
            hand = list(self.view.hand)
            for card in move.cards:
                hand.remove(card)
            if self._melds_taken(hand, JOKER) is not None:
                return move
        return None

    # --- melds, lay-offs, discard --------------------------------------------------------

    def play_phase(self) -> Move:
        view = self.view
        moves = view.legal_moves
        carte = next((m for m in moves if m.kind == "carte"), None)
        if carte is not None and not (self.level == "easy" and self.bot.rng.random() < EASY_MISTAKE):
            return carte
        if self.level == "hard" and self.opened:
            swap = self._useful_swap([m for m in moves if m.kind == "swap"])
            if swap is not None:
                return swap
        arrangement = self.planner.arrange(view.hand)
        meld = self._next_meld(arrangement)
        if meld is not None:
            return meld
        layoff = self._next_layoff(arrangement)
        if layoff is not None:
            return layoff
        discards = [m for m in moves if m.kind == "discard"]
        if not discards:
            undo = self.bot.guard.undo(view)
            if undo is not None:
                return undo
            return self.bot._give_up(view, list(moves))
        return self._discard(discards, arrangement)

    def _next_meld(self, arrangement: Arrangement) -> Move | None:
        turn_points = self.public.turn_points
        if not self.may_lay(arrangement, turn_points):
            return None
        if self.level == "hard" and (self._holds(arrangement) or self._waits_to_open(arrangement)):
            return None
        # The planner's melds never put a joker where the hand holds the card: the legal
        # writings that do are not the bot's to lay.
        planned = set(candidate_melds(self.view.hand, self.rules))
        legal = [m for m in self.view.legal_moves
                 if m.kind == "meld" and m.cards in planned and self.bot.guard.allowed(m)]
        for cards in self._meld_order(arrangement):
            wanted = Counter(cards)
            for move in legal:
                if Counter(move.cards) == wanted:
                    return move
        return None

    def _meld_order(self, arrangement: Arrangement) -> list[Cards]:
        """The melds to lay, first first: the most points first (an opening minimum is
        reached with the fewest melds); hard first lays those that give the other players
        the least to lay off, among a set of melds that still reaches the minimum."""
        by_points = sorted(arrangement.melds, key=lambda m: -self._meld_value(m))
        if self.level != "hard" or self._down() or not self.rules.opening_minimum:
            return by_points
        return self._opening_melds(by_points) + by_points

    def _opening_melds(self, melds: list[Cards]) -> list[Cards]:
        """Hard, before opening: the melds reaching the minimum that leave the table the
        fewest places for other players' cards (then the fewest melds)."""
        need = self.rules.opening_minimum - self.public.turn_points
        if len(melds) > 8:
            return melds
        unseen = self.unseen()
        best: tuple[tuple[float, int], list[Cards]] | None = None
        for mask in range(1, 1 << len(melds)):
            chosen = [m for i, m in enumerate(melds) if mask >> i & 1]
            if sum(self._meld_value(m) for m in chosen) < need:
                continue
            key = (sum(self._exposure(m, unseen) for m in chosen), len(chosen))
            if best is None or key < best[0]:
                best = (key, chosen)
        return best[1] if best is not None else melds

    def _exposure(self, cards: Cards, unseen: Counter[Card]) -> float:
        """How many unseen cards could go onto this meld once it is on the table (a joker
        that can be won back counts three times)."""
        from ramigui.rules.melds import MeldError, arrange, lay_off, swap_joker

        try:
            meld = arrange(cards, self.view.variant, self.seat)
        except MeldError:
            return 0.0
        total = 0.0
        for card, copies in unseen.items():
            if card.is_joker:
                continue
            for attempt, weight in ((lay_off, 1.0), (swap_joker, 3.0)):
                if attempt is swap_joker and not meld.jokers:
                    continue
                try:
                    attempt(meld, (card,), self.view.variant)
                except MeldError:
                    continue
                total += weight * copies
                break
        return total

    def _holds(self, arrangement: Arrangement) -> bool:
        """Hard, once down: melds stay in hand until they take it out. On the table they
        would only give the other players places to lay off (and jokers to win back); in
        hand they go down with the last cards all the same. They go down earlier when the
        rules would not let them all go down in one turn, or when an opponent is near
        going out in a game of several rounds (held cards count against the holder)."""
        if not self._down() or self.all_at_once():
            return False
        fits = self._fit_test()
        if len([c for c in arrangement.left if not fits(c)]) <= OUT_LEFT:
            return False  # going out now
        if self._must_lay_taken():
            return False
        limit = meld_limit(self.rules, self.all_at_once())
        if limit and len(arrangement.melds) > limit:
            return False
        if self.view.variant.rounds != 1:
            others = [n for s, n in enumerate(self.view.hand_counts) if s != self.seat]
            if others and min(others) <= HOLD_UNTIL_OTHERS_HOLD:
                return False
        return True

    def _waits_to_open(self, arrangement: Arrangement) -> bool:
        """Hard, in a one-round game (or while a doubling rami is possible), before opening: the
        melds stay in hand until they take it out (`OPENS_TO_GO_OUT`, `RAMI_SEC_WAIT`).
        Opened, its melds would be places where the others lay off and the hand would
        shrink no faster. In a one-round game only winning the round counts, so a hand
        caught unopened costs nothing more; in a game of rounds it waits only while nobody
        else is down, and opens as soon as another player is (`_rami_sec_possible`)."""
        if not self._waits_for_rami() or self._down() or self.all_at_once() or self._must_lay_taken():
            return False
        fits = self._fit_test()
        stuck = [c for c in arrangement.left if not fits(c)]
        return len(stuck) > OUT_LEFT

    def _must_lay_taken(self) -> bool:
        """Whether a card taken this turn (the discard, or a joker won back) must still go
        onto the table before the turn may end."""
        if self.public.taken is not None and self.public.taken_must != "none":
            return True
        for seat, move in reversed(self.view.history):
            if seat != self.seat:
                break
            if move.kind == "swap":
                return True
        return False

    def _made_points(self, cards: Sequence[Card]) -> int:
        """The points of a meld the quick test found (0 if the rules would not have it)."""
        from ramigui.rules.melds import MeldError

        try:
            return self._meld_value(cards)
        except MeldError:
            return 0

    def _meld_value(self, cards: Sequence[Card]) -> int:
        from ramigui.rules.melds import meld_points

        return meld_points(cards, self.view.variant)

    def _next_layoff(self, arrangement: Arrangement) -> Move | None:
        if not self.may_lay_off():
            return None
        loose = Counter(arrangement.left)
        jokers_ok = len(arrangement.left) <= 2 or self.stalled()
        for move in self.view.legal_moves:
            if move.kind != "layoff" or len(move.cards) != 1 or not self.bot.guard.allowed(move):
                continue
            card = move.cards[0]
            if loose[card] and (not card.is_joker or jokers_ok):
                return move
        return None

    def stalled(self) -> bool:
        """Whether the round is going nowhere (`STALLED_REUSES`)."""
        return self.public.reuses >= STALLED_REUSES

    def _discard(self, discards: list[Move], arrangement: Arrangement) -> Move:
        if self.level == "easy" and self.bot.rng.random() < EASY_MISTAKE:
            plain = [m for m in discards if not m.card.is_joker] or discards
            return self.bot.rng.choice(plain)
        loose = list(arrangement.left) or list(self.view.hand)
        choices = [m for m in discards if m.card in loose] or discards
        if self.stalled() and self.bot.rng.randrange(STALLED_RANDOM_THROW) == 0:
            return self.bot.rng.choice(choices)
        unseen = self.unseen()
        high_ace = self.rules.ace != "low"
        scored = [(self._discard_score(m.card, loose, unseen, high_ace), str(m), m) for m in choices]
        if self.level == "hard" and self._down() and len(scored) > 1:
            stuck = self._stuck_counter()
            scored = [
                (score - LOOKAHEAD_WEIGHT * self._stuck_after_draw(m.card, stuck, unseen), text, m)
                for score, text, m in scored
            ]
        if self.level == "hard" and self._before_opening() and len(scored) > 1:
            scored = self._opening_lookahead(scored, unseen)
        ordered = sorted(scored, key=lambda item: (item[0], item[1]), reverse=True)
        ranked = [item[2] for item in ordered]
        if self.level == "hard":
            close = [m for score, _, m in ordered if score >= ordered[0][0] - SEARCH_MARGIN]
            return self._searched_discard(ranked, close)
        return ranked[0]

    def _searched_discard(self, ranked: list[Move], close: list[Move]) -> Move:
        """Hard: the discards the heuristic cannot tell apart (`close` to its best) compared
        by Monte Carlo rollouts."""
        budget = self.bot.budget
        candidates = [m.card for m in close if not m.card.is_joker][: budget.candidates]
        if len(candidates) < 2 or len(self.view.hand) < 3 or not self._down():
            return ranked[0]
        search = DiscardSearch(
            planner=self.planner,
            knowledge=self.knowledge(),
            fits=self._fit_test(),
            next_seat=self._next_taker(),
            next_lays_off=self._next_lays_off(),
            rng=random.Random(f"{self.bot.seed}:{self.view.round_no}:{self.public.turn}:{len(self.view.history)}"),
            clock=self.bot.clock,
            budget=budget,
            lines=self._lines(),
        )
        self.bot.last_search = search
        card = search.choose(self.view.hand, candidates)
        return next(m for m in ranked if m.card == card)

    def _stuck_after_draw(self, card: Card, stuck: Callable[[list[Card]], int], unseen: Counter[Card]) -> float:
        """Hard: how many cards the hand kept after throwing `card` would still be unable to
        go down after the next draw, averaged over the cards that may come."""
        kept = list(self.view.hand)
        kept.remove(card)
        total = count = 0
        for drawn, copies in unseen.items():
            total += copies * stuck(kept + [drawn])
            count += copies
        return total / count if count else 0.0

    def _opening_lookahead(
        self, scored: list[tuple[float, str, Move]], unseen: Counter[Card]
    ) -> list[tuple[float, str, Move]]:
        """Hard, before opening: its best few discards rescored by the chance that the hand
        kept reaches the opening minimum with the next draw. The heuristic counts a card's
        outs alike whatever the meld is worth; short of the minimum, only the draws that
        complete a meld worth enough open the hand, and a hand caught unopened pays for
        every card and the never-down penalty besides. Each kept hand is arranged again
        with every draw that could change its melds, within `OPEN_LOOKAHEAD_SECONDS` of the
        bot's clock; past it (hands with jokers can be slow to arrange), every candidate is
        estimated the quick way instead, so that all are judged alike."""
        best = sorted(scored, key=lambda item: (item[0], item[1]), reverse=True)[:OPEN_LOOKAHEAD_CANDIDATES]
        clock = self.bot.clock
        deadline = clock() + OPEN_LOOKAHEAD_SECONDS
        chances: dict[str, float] = {}
        for _, text, move in best:
            if clock() > deadline:
                chances = {text: self._opens_after_draw(m.card, unseen, quick=True) for _, text, m in best}
                break
            chances[text] = self._opens_after_draw(move.card, unseen)
        return [(score + OPEN_LOOKAHEAD_WEIGHT * chances.get(text, 0.0), text, m) for score, text, m in scored]

    def _before_opening(self) -> bool:
        """Hard, not yet down in a game with an opening minimum (and not waiting for a rami)."""
        return (bool(self.rules.opening_minimum) and not self._down()
                and not self._waits_for_rami() and not self.all_at_once())

    def _opens_after_draw(self, card: Card, unseen: Counter[Card], quick: bool = False) -> float:
        """The chance that the hand kept after throwing `card` reaches the opening minimum
        with the next card drawn, over the unseen cards. Only a draw that completes a meld
        with two kept cards (or a joker) can add meld points: the hand is arranged again
        for those. `quick`: the kept hand is arranged once, and a draw adds a new meld
        with two loose cards or its own points to a meld it extends (`_draw_gain`; a draw
        that opens only by splitting the melds another way is missed)."""
        kept = list(self.view.hand)
        kept.remove(card)
        need = self.rules.opening_minimum - self.public.turn_points
        arranged = self.planner.arrange(kept)
        short = need - arranged.meld_points
        if short <= 0:
            return 1.0
        lines = self._lines()
        loose = list(arranged.left)
        opening = count = 0
        for drawn, copies in unseen.items():
            count += copies
            if quick:
                opens = self._draw_gain(drawn, loose, arranged.melds, lines) >= short
            else:
                opens = (drawn.is_joker or lines.completes(drawn, kept, remove=False) is not None) and (
                    self.planner.arrange(kept + [drawn]).meld_points >= need
                )
            opening += copies * opens
        return opening / count if count else 0.0

    def _draw_gain(self, drawn: Card, loose: list[Card], melds: tuple[Cards, ...], lines: Lines) -> int:
        """The meld points a drawn card adds to an arranged hand: a new meld with two loose
        cards, else its own points on a meld it extends (0 when it joins the loose cards)."""
        if drawn.is_joker:
            return max((self._made_points([drawn, *pair]) for pair in _joker_pairs(loose, lines)), default=0)
        rest = list(loose)
        if lines.completes(drawn, rest) is not None:
            return self._made_points([drawn, *(Counter(loose) - Counter(rest)).elements()])
        if any(_extends(drawn, meld, lines) for meld in melds):
            return self.planner.points(drawn)
        return 0

    def _lines(self) -> Lines:
        """The variant's quick meld test (`rummy_search.Lines`)."""
        rules = self.rules
        return Lines(14 if rules.ace == "high_or_low" else 13, rules.jokers_per_set, rules.jokers_per_run)

    def _stuck_counter(self) -> Callable[[list[Card]], int]:
        """Counts a down hand's stuck cards: not in one of its best melds, not fit to lay
        off on the table, not even once another card of the hand has been laid off (the 8
        that lets the 9 follow onto a run ending at 7); the card kept to discard is free.
        Lay-off tests are memoised for the one decision."""
        fits = self._fit_test()
        pairs: dict[tuple[Card, Card], bool] = {}

        def follows(first: Card, second: Card) -> bool:
            if (first, second) not in pairs:
                pairs[(first, second)] = any(self._fits_table(first, meld, second) for meld in self.melds)
            return pairs[(first, second)]

        def stuck(cards: list[Card]) -> int:
            left = self.planner.arrange(cards).left
            free = [c for c in left if fits(c)]
            held = [c for c in left if not fits(c) and not any(follows(f, c) for f in free)]
            return max(0, len(held) - OUT_LEFT)

        return stuck

    def _down(self) -> bool:
        """Whether this seat has opened (or opens this turn): the search pays from then on,
        when the hand is small, every draw counts and the table offers lay-offs."""
        minimum = self.rules.opening_minimum
        return self.opened or (bool(self.public.turn_melds) and self.public.turn_points >= minimum)

    def knowledge(self) -> Knowledge:
        """The hidden cards as this seat sees them: the pack less its hand, the table and the
        pile; each other seat's cards taken from the pile (and not laid since) are known."""
        view = self.view
        available = pack_of(view) - Counter(view.hand) - Counter(self.table) - Counter(self.public.discard)
        memory = self.memory or PublicMemory()
        table = Counter(self.table)
        known: dict[int, Counter[Card]] = {}
        sizes: dict[int, int] = {}
        for seat in range(view.players):
            if seat == self.seat:
                continue
            sizes[seat] = view.hand_counts[seat]
            held = (Counter(memory.taken.get(seat, [])) - table) & available
            held = Counter(list(held.elements())[: sizes[seat]])  # never more than the hand holds
            known[seat] = held
            available = available - held
        return Knowledge(available, known, sizes, self._last_refusals(memory))

    def _last_refusals(self, memory: PublicMemory) -> dict[int, Card]:
        """Each other seat's last refusal, when its last draw was a refusal (the card they
        left on the pile, likely of no use to the hand they still hold)."""
        refused: dict[int, Card] = {}
        decided: set[int] = set()
        for seat, move in reversed(self.view.history):
            if seat == self.seat or seat in decided or move.kind not in ("draw", "take", "pass"):
                continue
            decided.add(seat)
            if move.kind != "take" and memory.refused.get(seat):
                refused[seat] = memory.refused[seat][-1]
        return refused

    def _fit_test(self) -> Callable[[Card], bool]:
        """Whether a card could go on the table as a lay-off (memoised for one decision)."""
        memo: dict[Card, bool] = {}

        def fits(card: Card) -> bool:
            if card not in memo:
                memo[card] = any(self._fits_table(card, meld) for meld in self.melds)
            return memo[card]

        return fits

    def _next_lays_off(self) -> bool:
        """Whether the next player could lay a taken card off on the table."""
        opened = self.public.opened
        return bool(opened) and bool(opened[(self.seat + 1) % self.view.players]) and not self.all_at_once()

    def _next_taker(self) -> int | None:
        """The next player, if the rules let them take this discard."""
        following = (self.seat + 1) % self.view.players
        opened = self.public.opened
        if self.rules.take_discard == "after_opening" and not (opened and opened[following]):
            return None
        return following

    def _discard_score(self, card: Card, loose: list[Card], unseen: Counter[Card], high_ace: bool) -> float:
        """Higher is a better card to throw: costly to hold, little promise, safe to give."""
        if card.is_joker:
            return -1000.0
        points = self.planner.points(card)
        promise = keep_value(card, loose, unseen, high_ace)
        if self._waits_for_rami():
            fits = FIT_KEEP if any(self._fits_table(card, meld) for meld in self.melds) else 0.0
            return ONE_ROUND_POINTS * points - 4.0 * promise - 6.0 * self._danger(card) - fits
        score = points * self._points_weight() - 4.0 * promise
        if not self.opened and self.rules.opening_minimum and self.level != "easy":
            score -= 0.5 * points  # high cards help reach an opening minimum
        if self.level == "hard":
            score -= 6.0 * self._danger(card)
        return score

    def _waits_for_rami(self) -> bool:
        """Hard, unopened in a one-round game: it goes down all at once (no minimum to reach,
        no penalty to fear), so a card's points no longer matter. Likewise while a rami that
        doubles the others' penalties is still worth waiting for (`RAMI_SEC_WAIT`)."""
        if self.level != "hard" or self.opened:
            return False
        if RAMI_SEC_WAIT and self._rami_sec_possible():
            return True
        return OPENS_TO_GO_OUT and self.view.variant.rounds == 1

    def _rami_sec_possible(self) -> bool:
        """Whether waiting to go out all at once may still double the others' penalties
        (seed 000's count: their hands and never-down penalties doubled). Without an opening
        minimum it waits only while no other player is down: in Rami familial a rami sec
        counts only then. In Rami 51, where any rami doubles, it waits while every opponent
        who is down still holds more than `RAMI_WAIT_CARDS` cards (near out, the round is
        about to end)."""
        rules, public = self.rules, self.public
        if not (rules.rami_bonus == "double" and rules.scoring == "penalty"):
            return False
        if not rami_possible(rules, public.put_down, self.seat, public.all_at_once):
            return False
        counts, most = self.view.hand_counts, RAMI_WAIT_CARDS if rules.opening_minimum else None
        return not any(flag and (most is None or counts[seat] <= most)
                       for seat, flag in enumerate(public.opened or ()) if seat != self.seat)

    def _points_weight(self) -> float:
        """Hard: under penalty scoring, shed points faster once an opponent is near going out."""
        if self.level != "hard" or self.rules.scoring != "penalty":
            return 1.0
        others = [n for s, n in enumerate(self.view.hand_counts) if s != self.seat]
        return 3.0 if others and min(others) <= 3 else 1.0

    def _danger(self, card: Card) -> float:
        """How much this discard could help the next player (who alone may take it)."""
        memory = self.memory
        following = (self.seat + 1) % self.view.players
        danger = 0.0
        if memory is not None and USE_MODEL:
            danger += FEED_WEIGHT / 6.0 * self._hand_model().feed_chance(following, card)
        elif memory is not None:
            for taken in memory.taken.get(following, []):
                same_rank = taken.rank == card.rank and taken.suit != card.suit
                if same_rank or (taken.suit == card.suit and abs(taken.rank - card.rank) <= 2):
                    danger += 1.0
            if any(r.rank == card.rank for r in memory.refused.get(following, [])):
                danger -= 0.5
        opened = self.public.opened
        can_take = self.rules.take_discard == "always" or (opened and opened[following])
        if can_take and opened and opened[following] and any(self._fits_table(card, m) for m in self.melds):
            danger += 1.0
        return danger

    def _hand_model(self) -> HandModel:
        """Hard: the next player's hand sampled from what they took, refused and threw
        (built once per decision)."""
        if self._model is None:
            memory = self.memory or PublicMemory()
            following = (self.seat + 1) % self.view.players
            everything = self.knowledge()
            known = everything.known.get(following, Counter())
            knowledge = Knowledge(everything.unknown, {following: known}, {following: everything.sizes[following]})
            turns = memory.turns.get(following, 0)
            clues = [
                Clue(card, kind, turns - turn)
                for turn, kind, card in memory.events.get(following, [])
                if kind != "took" or known[card]
            ]
            lines = self._lines()
            rng = random.Random(f"model:{self.bot.seed}:{self.view.round_no}:{len(self.view.history)}")
            sifted = {following: min(SIFT_CAP, len(memory.discarded.get(following, [])))}
            self._model = HandModel(knowledge, {following: clues}, lines, rng, FEED_SAMPLES, sifted)
        return self._model
