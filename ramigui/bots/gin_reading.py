"""What the hard gin bot believes about the opponent's hand, read turn by turn.

`gin_model` weighs each unseen card by the events near it. This module keeps instead a few
hundred whole hands the opponent may hold (particles): dealt from the cards we have not
seen and carried through the round's public history, turn by turn. A stock draw adds an
unseen card, a take adds the pile's top, a throw removes the card thrown; and each choice
the opponent made weighs a hand by whether a plain player holding it would have made it —
take a card only into a meld or to knock, throw the highest loose card, knock as soon as
the hand allows. A choice that player would not have made does not rule a hand out: it
scales its weight by `TUNE["miss"]`, so a person who keeps a near meld or waits to knock is
still read, only less sharply. When the weights grow too uneven the hands are drawn again
in proportion to them (resampling), so the reading stays on the hands that fit.

What the hands give the bot: the chance the opponent holds each card (and so that it is
still in the stock), the chance they take a card we throw, and whole hands to play the
knock decision out on (`gin_lookahead`).

Only the view is read: the hands are dealt from cards this seat has not seen, and every
check is made on them. A `HandReading` carries its hands from one decision to the next of
a round (each update replays only the moves since the last); a reading started afresh
replays the whole history, from a generator seeded by the deal's public fingerprint, so it
reads the same round the same way.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ramigui.bots.gin_lookahead import VALUE_OF_BIT, World, cached_deadwood
from ramigui.bots.gin_model import OpponentModel, read_opponent
from ramigui.cards import Card
from ramigui.rules.gin_melds import card_bit, hand_mask, mask_cards
from ramigui.rules.moves import Move
from ramigui.rules.public import GinPublic
from ramigui.rules.view import PlayerView, Said

TUNE: dict[str, float] = {
    "particles": 500,
    "miss": 0.05,
}
"""`particles`: hands carried; `miss`: the weight kept by a hand whose holder would not
have made the opponent's choice.

Measured offline against the opponent's real hand, at every discard decision of a medium
seat over 8 games (seed 5000), by how well the chance of a take ranks the cards of our
hand that they would take (area under the ROC curve; `gin_model`'s event weights 0.730)
and its log loss (0.471): against OpenSpiel's simple player, miss 0.05 with 500 hands
0.768 and 0.427; 0.02, 0.782 and 0.418; 0.1, 0.765 and 0.430; 4,000 hands (miss 0.02)
0.787, about all this history tells. Against players that keep near melds the reading
still ranks better: our medium 0.735 → 0.775 (miss 0.05), our hard 0.700 → 0.748 (miss
0.1; at 0.02, 0.688 → 0.731). 0.05 is the middle: sharp on a plain player, robust on others.
Its cost: a read carried from the last decision takes a few milliseconds; one started
afresh late in a round (a bot rebuilt mid-round) up to about 90 ms."""

_RANK = {1 << i: i % 13 for i in range(52)}
ALL = (1 << 52) - 1
_CARD = {card_bit(card): card for card in mask_cards(ALL)}


def _bits(mask: int) -> list[int]:
    """The single-card masks of a hand mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _meld_pairs(bit: int) -> tuple[int, ...]:
    """The pairs of cards (as masks) that make a meld with the card `bit`: two others of its
    rank, or two of its suit beside it in a run."""
    suit, rank = divmod(bit.bit_length() - 1, 13)
    others = [1 << (s * 13 + rank) for s in range(4) if s != suit]
    pairs = [a | b for i, a in enumerate(others) for b in others[i + 1 :]]
    for low, high in ((-2, -1), (-1, 1), (1, 2)):
        if rank + low >= 0 and rank + high < 13:
            pairs.append(1 << (suit * 13 + rank + low) | 1 << (suit * 13 + rank + high))
    return tuple(pairs)


_PAIRS = {1 << i: _meld_pairs(1 << i) for i in range(52)}


def _meldable(hand: int, bit: int) -> bool:
    """Whether the card `bit` makes a meld with two cards of `hand` (a quick test that
    spares the exact deadwood for the many cards that cannot)."""
    return any(hand & pair == pair for pair in _PAIRS[bit])


def would_take(hand: int, card: int, limit: int) -> bool:
    """A plain player's pick-up: the card joins a meld of the hand (it lowers the deadwood
    of the hand with it, before any discard), or it lets them knock after the discard."""
    whole = cached_deadwood(hand)
    with_card = hand | card
    if _meldable(hand, card) and cached_deadwood(with_card) < whole + VALUE_OF_BIT[card]:
        return True
    if whole > limit and whole - 10 > limit - VALUE_OF_BIT[card]:
        return False  # a loose card kept costs its value; a throw saves at most 10
    return cached_deadwood(with_card, True) <= limit


def _loose(hand: int, bit: int, whole: int) -> bool:
    """Whether the card `bit` is loose in a least-deadwood arrangement of `hand` (whose
    deadwood is `whole`): it joins no meld, or the hand without it loses just its value."""
    rest = hand & ~bit
    return not _meldable(rest, bit) or cached_deadwood(rest) == whole - VALUE_OF_BIT[bit]


def plain_throw(hand: int, card: int, taken: int = 0) -> bool:
    """Whether `card` is a plain player's throw from eleven cards: a loose card of a
    least-deadwood arrangement, and no loose card of a higher rank (the card just taken
    from the pile, `taken`, may not be thrown)."""
    whole = cached_deadwood(hand)
    if not _loose(hand, card, whole):
        return False
    rank = _RANK[card]
    return not any(_RANK[b] > rank and b != taken and _loose(hand, b, whole) for b in _bits(hand & ~card))


def highest_loose(hand: int) -> int:
    """The bit of the highest loose card of `hand` (0: every card melded): a plain player's
    next throw, before its draw."""
    whole = cached_deadwood(hand)
    return next((bit for bit in sorted(_bits(hand), key=lambda b: -_RANK[b]) if _loose(hand, bit, whole)), 0)


@dataclass(frozen=True)
class ReadHand(OpponentModel):
    """The reading as the hard bot consumes it: `OpponentModel`'s odds, taken from the
    hands, and the hands themselves (`hands`, each once, and their `weights`, summing to 1)."""

    hands: tuple[int, ...] = ()
    weights: tuple[float, ...] = ()
    limit: int = 10
    unseen: int = 0
    """The mask of the cards this seat has not seen (the opponent's hidden ones and the stock)."""
    _takes: dict[Card, float] = field(default_factory=dict, compare=False, repr=False)
    _throws: dict[int, float] = field(default_factory=dict, compare=False, repr=False)

    def meld_chance(self, card: Card) -> float:
        """The chance the opponent takes `card` if we throw it (`would_take`, over the hands)."""
        if card not in self._takes:
            bit = card_bit(card)
            self._takes[card] = sum(
                w for hand, w in zip(self.hands, self.weights, strict=True) if would_take(hand, bit, self.limit)
            )
        return self._takes[card]

    def throw_odds(self) -> dict[int, float]:
        """The chance of each card (by bit) being the opponent's next throw: the highest
        loose card of each read hand, as a plain player throws (the card it draws first is
        left out: thrown at once, it is rarely one we want)."""
        if not self._throws:
            for hand, weight in zip(self.hands, self.weights, strict=True):
                bit = highest_loose(hand)
                if bit:
                    self._throws[bit] = self._throws.get(bit, 0.0) + weight
        return self._throws

    def worlds(self, count: int, rng: random.Random) -> list[World]:
        """`count` hands drawn by weight, each with the rest of the unseen cards shuffled as the stock."""
        chosen = rng.choices(self.hands, weights=self.weights, k=count)
        worlds = []
        for hand in chosen:
            stock = mask_cards(self.unseen & ~hand)
            rng.shuffle(stock)
            worlds.append(World(hand, tuple(stock)))
        return worlds


@dataclass
class _Replay:
    """Where the replay of the history stands: the pile, the cards the opponent surely
    holds, the card they just took, how many upcard offers were refused and whether the
    upcard is still on offer (both refused it: the first draw is forced, it tells nothing)."""

    pile: list[int]
    known: int = 0
    thrown: int = 0
    """The cards the opponent threw from their hidden hand (not taken from the pile)."""
    taken: int = 0
    passes: int = 0
    offering: bool = True

    @classmethod
    def of(cls, view: PlayerView, history: Sequence[Said]) -> _Replay:
        """The replay of `history` from the deal (the upcard alone on the pile)."""
        upcard = view.public_as(GinPublic).upcard
        replay = cls([card_bit(upcard)] if upcard is not None else [])
        for said in history:
            _move_pile(replay, said, 1 - view.seat)
        return replay


class HandReading:
    """The opponent's possible hands for one seat, carried from decision to decision."""

    def __init__(self) -> None:
        self._round: tuple[bytes, int, int] | None = None
        self._seen: tuple[Said, ...] = ()
        self._hands: list[int] = []
        self._weights: list[float] = []
        self._replay = _Replay([])
        self._rng = random.Random(0)

    def read(self, view: PlayerView) -> OpponentModel:
        """Bring the hands up to the view's history, and the belief they give (the
        event weights of `gin_model` when the unseen cards are too few to deal a hand)."""
        unseen = self._catch_up(view)
        if not self._hands:
            return read_opponent(view, mask_cards(ALL))
        total = sum(self._weights)
        distinct: dict[int, float] = {}
        for hand, w in zip(self._hands, self._weights, strict=True):
            distinct[hand] = distinct.get(hand, 0.0) + w / total
        known = self._replay.known
        odds: dict[int, float] = dict.fromkeys(_bits(unseen), 0.0)
        for hand, w in distinct.items():
            for bit in _bits(hand & ~known):
                odds[bit] += w
        return ReadHand(
            frozenset(mask_cards(known)),
            {_CARD[bit]: p for bit, p in odds.items()},
            hands=tuple(distinct),
            weights=tuple(distinct.values()),
            limit=view.public_as(GinPublic).knock_limit,
            unseen=unseen,
        )

    # --- carrying the hands ------------------------------------------------------------------

    def _catch_up(self, view: PlayerView) -> int:
        """Step the hands through the moves since the last read; returns the unseen cards."""
        key = (view.deal_print, view.round_no, view.seat)
        history = view.history
        done = len(self._seen)
        whole = _Replay.of(view, history)
        unseen = ALL & ~_seen(view) & ~whole.known
        if key != self._round or history[:done] != self._seen:
            self._start(view, key, unseen | whole.thrown)
            done = 0
        later = whole.thrown & ~self._replay.thrown
        for said in history[done:]:
            later = self._step(view, said, unseen, later)
        self._seen = history
        self._reconcile(unseen)
        return unseen

    def _start(self, view: PlayerView, key: tuple[bytes, int, int], pool: int) -> None:
        """Deal every hand afresh from `pool`: the cards unseen and those the opponent threw
        from their hidden hand."""
        self._round = key
        digest = hashlib.sha256(view.deal_print + bytes([view.seat, view.round_no % 256])).digest()
        self._rng = random.Random(int.from_bytes(digest[:8], "big"))
        self._replay = _Replay.of(view, ())
        cards = _bits(pool)
        size = view.variant.deal_for(2)
        count = int(TUNE["particles"]) if len(cards) >= size else 0
        self._hands = [sum(self._rng.sample(cards, size)) for _ in range(count)]
        self._weights = [1.0] * count

    def _step(self, view: PlayerView, said: Said, unseen: int, later: int) -> int:
        """Carry the hands through one move; returns the hidden throws still to come."""
        replay = self._replay
        limit = view.public_as(GinPublic).knock_limit
        move = said.move
        if said.seat == view.seat or not self._hands:
            _move_pile(replay, said, 1 - view.seat)
            return later
        top = replay.pile[-1] if replay.pile else 0
        if move.kind == "take" and move.target is None and top:
            self._weigh(lambda hand: would_take(hand, top, limit))
            self._hands = [hand | top for hand in self._hands]
        elif move.kind == "pass" and top:
            self._weigh(lambda hand: not would_take(hand, top, limit))
        elif move.kind == "draw":
            if top and not (replay.offering and replay.passes >= 2):
                self._weigh(lambda hand: not would_take(hand, top, limit))
            self._draw(unseen | later)
        elif (thrown := _thrown(move)) is not None:
            bit = card_bit(thrown)
            later &= ~bit
            self._hold(bit, replay.known)
            if move.kind == "discard":  # a plain player knocks as soon as they can
                taken = replay.taken
                self._weigh(lambda hand: plain_throw(hand, bit, taken) and cached_deadwood(hand, True) > limit)
            self._hands = [hand & ~bit for hand in self._hands]
        _move_pile(replay, said, 1 - view.seat)
        return later

    def _weigh(self, fits: Callable[[int], bool]) -> None:
        """Scale each hand's weight by `miss` where its holder would have chosen otherwise,
        and draw the hands again once the weights are too uneven."""
        miss = TUNE["miss"]
        fit: dict[int, bool] = {}  # hands drawn again are often alike: each is checked once
        for hand in self._hands:
            if hand not in fit:
                fit[hand] = fits(hand)
        self._weights = [w if fit[hand] else w * miss for hand, w in zip(self._hands, self._weights, strict=True)]
        total = sum(self._weights)
        square = sum(w * w for w in self._weights)
        if total * total < 0.5 * len(self._weights) * square:
            self._resample()

    def _resample(self) -> None:
        """Systematic resampling: each hand kept in proportion to its weight."""
        count = len(self._hands)
        total = sum(self._weights)
        step = total / count
        point = self._rng.random() * step
        hands, acc, i = [], self._weights[0], 0
        for _ in range(count):
            while point > acc and i < count - 1:
                i += 1
                acc += self._weights[i]
            hands.append(self._hands[i])
            point += step
        self._hands = hands
        self._weights = [1.0] * count

    def _draw(self, pool: int) -> None:
        """Each hand draws one card from the pool it does not hold."""
        hands = []
        cards = _bits(pool)
        for hand in self._hands:
            free = [bit for bit in cards if not hand & bit]
            hands.append(hand | self._rng.choice(free) if free else hand)
        self._hands = hands

    def _hold(self, bit: int, known: int) -> None:
        """The opponent throws `bit`: a hand without it held it all along in place of one
        of its hidden cards (drawn at random), so every hand can throw it."""
        if known & bit:
            return
        hands = []
        for hand in self._hands:
            if not hand & bit:
                hidden = _bits(hand & ~known)
                if hidden:
                    hand &= ~self._rng.choice(hidden)
                hand |= bit
            hands.append(hand)
        self._hands = hands

    def _reconcile(self, unseen: int) -> None:
        """A hidden card of a hand that this seat has since seen (drawn from the stock)
        was another card: swapped for one still unseen."""
        known = self._replay.known
        hands = []
        for hand in self._hands:
            stale = hand & ~known & ~unseen
            for bit in _bits(stale):
                free = _bits(unseen & ~hand)
                hand &= ~bit
                if free:
                    hand |= self._rng.choice(free)
            hands.append(hand)
        self._hands = hands


def _seen(view: PlayerView) -> int:
    """The cards this seat sees: its hand, the discard pile and the melds laid."""
    table = view.public_as(GinPublic)
    seen = hand_mask(view.hand) | hand_mask(table.discard)
    for meld in table.melds:
        seen |= hand_mask(meld.cards)
    return seen


def _thrown(move: Move) -> Card | None:
    if move.kind in ("discard", "knock", "gin") and move.cards:
        return move.cards[0]
    return None


def _move_pile(replay: _Replay, said: Said, opponent: int) -> None:
    """The pile and the opponent's known cards after one move (either seat's)."""
    move = said.move
    thrown = _thrown(move)
    mine = said.seat == opponent
    if move.kind == "pass":
        replay.passes += 1
    elif move.kind in ("take", "draw"):
        replay.offering = False
    if move.kind == "take" and move.target is None and replay.pile:
        card = replay.pile.pop()
        if mine:
            replay.known |= card
            replay.taken = card
    elif thrown is not None:
        bit = card_bit(thrown)
        replay.pile.append(bit)
        if mine:
            replay.thrown |= bit & ~replay.known
            replay.known &= ~bit
            replay.taken = 0
    elif move.kind == "draw" and mine:
        replay.taken = 0
