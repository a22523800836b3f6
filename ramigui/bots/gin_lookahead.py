"""Knock now, or play on? Both valued by playing the round out over hands the opponent may hold.

The hard gin bot's knock is a bet on the opponent's hand. Knocking now scores the
difference with the deadwood they keep after laying off on our melds — or loses it, plus
the undercut bonus, if they keep no more than we do. Playing on risks their knock (which we
undercut when our deadwood, after laying off on their melds, is no more than theirs) or
their gin, and buys more draws: gin, or a lighter knock later.

Each *world* is one hand the opponent may hold and an order of the stock: a hand of the
turn-by-turn reading (`gin_reading`, drawn by its weight), or, where no hands are read,
their known cards plus hidden ones drawn with the odds of `gin_model` (`sample_worlds`). In
a world the round is played out by quick rules: the opponent is an early knocker (take the
discard if it lowers their deadwood or lets them knock, knock as soon as they can, else
throw the card that leaves the least deadwood); we play the same way but knock only once
our deadwood is down to a target (`play_on`). Having not knocked is evidence: the reading
weighs it with their other choices, and `sample_worlds` keeps a world where the opponent
could have knocked already only now and then (`TUNE["early_knocker"]`). Worlds are drawn with the
bot's own random generator and hold nothing but what the view shows; every plan is played
on the same worlds (common random numbers), so their comparison is sharper than the
sample count suggests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ramigui.bots.gin_model import OpponentModel
from ramigui.cards import Card
from ramigui.rules.gin_layoffs import best_layoffs, table_meld
from ramigui.rules.gin_melds import (
    Meld,
    best_melds,
    card_bit,
    hand_mask,
    mask_cards,
    min_deadwood_mask,
)
from ramigui.rules.variant import GinRules

ME, THEM = 0, 1
VALUE_OF_BIT = {1 << (suit * 13 + rank): min(rank + 1, 10) for suit in range(4) for rank in range(13)}

TUNE: dict[str, float] = {
    "worlds": 48,
    "seconds": 0.08,
    "early_knocker": 0.15,
    "horizon": 16,
    "selection": 0.2,
    "throw_evidence": 0.3,
}
"""`worlds`: hands of the opponent sampled per knock decision, within `seconds` of the bot's
processor time (48: with hands from the reading the worlds cost nothing to draw, and 24
left a knock with 1 early in the round a coin toss against waiting for gin); the rest are
`sample_worlds`' own: `early_knocker`: how often a world where the opponent could already have
knocked is kept (1: no such evidence); `horizon`: turns played out at most per world;
`selection`: extra cards per stock draw of theirs that a world's hand is the best ten of
(0.2 matches, on average, the deadwood of the baseline's real hands turn by turn);
`throw_evidence`: how often a world is kept whose hand holds a loose card higher than the
opponent's last throw."""

Clock = Callable[[], float]


@dataclass(frozen=True)
class World:
    """One possible opponent hand (a mask) and the stock, top card first."""

    hand: int
    stock: tuple[Card, ...]


def sample_worlds(
    model: OpponentModel, hidden: int, draws: int, limit: int, rng: random.Random, count: int, last_throw: int = 99
) -> list[World]:
    """`count` worlds: the opponent's known cards plus `hidden` unseen ones drawn with the
    model's odds (Efraimidis–Spirakis weighted sampling), the rest shuffled as the stock.

    A player who has drawn `draws` cards from the stock kept the best ten of more cards
    than ten, so their hand is meldier than ten cards drawn at random: each world draws
    a share of `draws` (`TUNE["selection"]`) cards more and lets the opponent throw, one by
    one, those whose loss leaves the least deadwood (never a card known to be theirs); the
    thrown ones go back to the stock. A player who throws their highest loose card keeps none
    above `last_throw` (the value of the card they threw last): a world that does is kept only
    now and then.
    """
    pool = [(card, odds) for card, odds in model.odds.items() if odds > 0]
    known = hand_mask(model.known)
    extra = max(0, min(round(draws * TUNE["selection"]), len(pool) - hidden))
    worlds: list[World] = []
    tries = 0
    while len(worlds) < count and tries < count * 8 and len(pool) >= hidden:
        tries += 1
        keyed = sorted(pool, key=lambda item: rng.random() ** (1.0 / item[1]), reverse=True)
        hand = known | hand_mask(card for card, _ in keyed[: hidden + extra])
        stock = [card for card, _ in keyed[hidden + extra :]]
        for _ in range(extra):
            _, drop = _best_drop(hand, known)
            hand &= ~drop
            stock.extend(mask_cards(drop))
        if min_deadwood_mask(hand) <= limit and rng.random() > TUNE["early_knocker"]:
            continue
        if _highest_loose_value(hand) > last_throw and rng.random() > TUNE["throw_evidence"]:
            continue
        rng.shuffle(stock)
        worlds.append(World(hand, tuple(stock)))
    return worlds


@dataclass(frozen=True)
class Table:
    """What a knock decision needs of the round: its rules, knock limit and stock size."""

    rules: GinRules
    limit: int
    stock: int

    def knock_score(self, knocker_deadwood: int, defender_deadwood: int) -> int:
        """Points to the knocker (negative: the defender's undercut)."""
        if defender_deadwood > knocker_deadwood:
            return defender_deadwood - knocker_deadwood
        return -(knocker_deadwood - defender_deadwood + self.rules.undercut_bonus)


def deadwood_after_layoffs(melds: Sequence[Meld], knocker: int, defender: int) -> int:
    """The defender's least deadwood once they have laid off what they can on `melds`."""
    table = [table_meld(m, knocker) for m in melds]
    _, rest = best_layoffs(table, knocker, mask_cards(defender))
    return min_deadwood_mask(hand_mask(rest))


def knock_now(melds: Sequence[Meld], deadwood: int, world: World, table: Table) -> int:
    """Our points if we knock now with `melds` and `deadwood` in this world."""
    return table.knock_score(deadwood, deadwood_after_layoffs(melds, ME, world.hand))


@lru_cache(maxsize=1 << 16)
def _best_drop(hand: int, keep: int) -> tuple[int, int]:
    """The least deadwood of eleven cards after one discard (never the bit `keep`), and the
    bit of that discard (the highest card among equals). Cached: the plans compared on one
    world play the same turns until one of them knocks."""
    best, drop, bits = 1000, 0, hand & ~keep
    while bits:
        bit = bits & -bits
        bits ^= bit
        left = min_deadwood_mask(hand & ~bit)
        if left < best or left == best and VALUE_OF_BIT[bit] > VALUE_OF_BIT[drop]:
            best, drop = left, bit
    return best, drop


@lru_cache(maxsize=1 << 18)
def cached_deadwood(hand: int, drop: bool = False) -> int:
    """`min_deadwood_mask`, cached: the plans compared on one world play the same turns
    until one of them knocks, and the read hands (`gin_reading`) are few and asked about
    many cards."""
    return min_deadwood_mask(hand, drop)


def _highest_loose_value(hand: int) -> int:
    """The value of the highest card the least-deadwood arrangement leaves loose (0: none)."""
    _, loose = best_melds(mask_cards(hand))
    return max((VALUE_OF_BIT[card_bit(c)] for c in loose), default=0)


def _finish(hands: list[int], knocker: int, deadwood: int, table: Table) -> int:
    """Points to seat ME of `knocker` going down with ten cards and `deadwood`."""
    defender = hands[1 - knocker]
    if deadwood == 0:
        points = table.rules.gin_bonus + min_deadwood_mask(defender)
    else:
        melds, _ = best_melds(mask_cards(hands[knocker]))
        points = table.knock_score(deadwood, deadwood_after_layoffs(melds, knocker, defender))
    return points if knocker == ME else -points


def _goes_down_at(player: int, left: int, table: Table, target: int) -> int:
    """The deadwood a player of `play_on` knocks with: they at the limit, we at our target —
    or at the limit too once the stock is about to run out."""
    if player == THEM or left <= table.rules.void_at_stock:
        return table.limit
    return min(target, table.limit)


def play_on(mine: int, thrown: int, world: World, table: Table, target: int, horizon: int) -> int:
    """Our points when we keep the ten cards `mine` (thrown: the bit we discard now) and
    the round is played out: they knock as soon as they can, we once down to `target`
    (gin at 0) — or at the knock limit when the stock is about to run out. Each takes the
    discard when it lowers their deadwood or lets them go down at once (we do not take a
    card that merely keeps us under the limit while we wait for less)."""
    hands = [mine, world.hand]
    top, stock, player = thrown, list(world.stock), THEM
    left = table.stock
    void_at = table.rules.void_at_stock
    for _ in range(horizon):
        hand = hands[player]
        taken = hand | top
        keep, drop = _best_drop(taken, top)
        if keep < cached_deadwood(hand) or keep <= _goes_down_at(player, left, table, target):
            hand = taken
        elif stock and left > 0:
            hand |= card_bit(stock.pop(0))
            left -= 1
            keep, drop = _best_drop(hand, 0)
        else:
            return 0
        hands[player] = hand & ~drop
        if keep == 0 or keep <= _goes_down_at(player, left, table, target):
            return _finish(hands, player, keep, table)
        if left <= void_at:
            return 0
        top, player = drop, 1 - player
    return 0


def compare_plans(
    hand: Sequence[Card],
    knock: tuple[Sequence[Meld], int, Card],
    thrown: Card,
    targets: Sequence[int],
    worlds: Sequence[World],
    table: Table,
    clock: Clock = time.process_time,
    value: Callable[[int], float] = float,
) -> tuple[float, dict[int, float]]:
    """Mean value of knocking now (melds, deadwood, knock card) and of playing on to each
    deadwood target (throwing `thrown`), over the worlds done within the time budget: a
    hand's `value` is its points to us (negative: to them), or what they are worth to the
    game (`gin_match.Stake.value`)."""
    melds, deadwood, _ = knock
    mine = hand_mask(hand) & ~card_bit(thrown)
    deadline = clock() + TUNE["seconds"]
    now, waits, done = 0.0, dict.fromkeys(targets, 0.0), 0
    horizon = int(TUNE["horizon"])
    for world in worlds:
        now += value(knock_now(melds, deadwood, world, table))
        for target in targets:
            waits[target] += value(play_on(mine, card_bit(thrown), world, table, target, horizon))
        done += 1
        if clock() > deadline:
            break
    if not done:
        return 0.0, waits
    return now / done, {t: v / done for t, v in waits.items()}
