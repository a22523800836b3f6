"""The hard rummy bot's Monte Carlo discard search (ramigui/bots/rummy_search.py).

Positions are Rami 51 rounds set with `Game.from_position` (stock top card first, discard
bottom to top) and played through the checked path, so the public history the bot reads is
the one a real game gives. Seat 0 is the bot; seat 1 the opponent.

    table:   QD QS QC (seat 0)      7S 8S 9S (seat 0)
    seat 0:  5H 6H 9C JC KS 4D      (opened; draws KD, throws 4D)
    seat 1:  ten cards; takes 4D from the pile, throws 3C
    seat 0:  draws JS and holds 5H 6H | 9C JC JS | KS KD: 9C is the card to throw
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from ramigui.bots import rummy_bot
from ramigui.bots.common import pack_of
from ramigui.bots.rummy_bot import RummyBot, _Turn
from ramigui.bots.rummy_search import Budget, DiscardSearch, Knowledge, Lines, sample_world
from ramigui.cards import JOKER, parse_card, parse_cards
from ramigui.rules import Game
from ramigui.rules.view import PlayerView

MINE = "5H 6H 9C JC KS 4D"
THEIRS = "AH AD 3S 3H 10D JD 3C 8C 8D 5C"
STOCK = "KD JS 3D 7D 6C 10H 2S 4S 9H 10C 7C 6S"


def position(takes: bool = True) -> Game:
    """Seat 1 takes seat 0's discard, so it is known to hold 4D (or passes it up)."""
    stock = STOCK if takes else STOCK.replace("KD JS", "KD 2H JS")
    game = Game.from_position(
        "rami51", hands=[MINE, THEIRS], stock=stock, discard="JH",
        melds=[(0, "QD QS QC"), (0, "7S 8S 9S")], to_play=0,
    )
    for move in ("draw", "discard 4D", "take" if takes else "draw", "discard 3C", "draw"):
        game.play(move)
    return game


class FakeClock:
    """A clock that moves `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += self.step
        return self.now


def knowledge_of(view: PlayerView) -> Knowledge:
    return _Turn(view, RummyBot("hard", 0)).knowledge()


def test_knowledge_places_the_taken_card_with_its_taker() -> None:
    view = position().view(0)
    knowledge = knowledge_of(view)
    assert knowledge.known[1] == Counter([parse_card("4D")])
    assert knowledge.sizes == {1: 10}
    assert knowledge.unknown[parse_card("4D")] == 1  # the other deck's copy


def test_samples_never_hold_a_card_the_bot_can_see() -> None:
    view = position().view(0)
    knowledge = knowledge_of(view)
    table = Counter(c for meld in view.public.melds for c in meld.cards)
    visible = Counter(view.hand) + table + Counter(view.public.discard)
    rng = random.Random(5)
    for _ in range(200):
        world = sample_world(knowledge, rng)
        sampled = Counter(world.stock)
        for hand in world.hands.values():
            sampled.update(hand)
        # The sampled cards and the visible ones are the pack, each card exactly once.
        assert sampled + visible == pack_of(view)
        assert len(world.hands[1]) == view.hand_counts[1]
        assert parse_card("4D") in world.hands[1]


def test_sampled_stock_is_the_real_stock_size_in_dealt_games() -> None:
    """In a dealt game (the whole pack in play) each sample is a full world: the other hand
    at its size and a stock as long as the real one."""
    from ramigui.bots import make_bot

    checked = 0
    for seed in range(3):
        game = Game.new("rami51", 2, seed)
        bots = [make_bot("rami51", "hard", seed), make_bot("rami51", "medium", seed)]
        while not game.round_over:
            view = game.view(game.to_play)
            if game.to_play == 0 and view.public.phase == "play":
                world = sample_world(knowledge_of(view), random.Random(checked))
                assert len(world.stock) == view.public.stock
                assert len(world.hands[1]) == view.hand_counts[1]
                checked += 1
            game.play(bots[game.to_play].choose(view))
    assert checked > 10


def test_samples_respect_a_refusal() -> None:
    """Seat 1 passed 4D up: worlds where its hand would have melded 4D are redrawn, so they
    are much rarer than in plain uniform samples."""
    view = position(takes=False).view(0)
    knowledge = knowledge_of(view)
    assert knowledge.refused == {1: parse_card("4D")}
    lines = Lines(14, 1, 2)
    four = parse_card("4D")

    def melds_4d(use_lines: bool) -> int:
        rng = random.Random(9)
        worlds = [sample_world(knowledge, rng, lines if use_lines else None) for _ in range(300)]
        return sum(lines.completes(four, list(w.hands[1]), remove=False) is not None for w in worlds)

    assert melds_4d(True) < melds_4d(False) / 3


def test_rollout_counts_turns_to_go_out() -> None:
    """5H 6H KS: the other side throws 2C (no use), the bot draws 7H — 5H 6H 7H, KS is the
    discard that goes out on the first turn. With nothing useful it stays short."""
    view = position().view(0)
    search = DiscardSearch(
        planner=_Turn(view, RummyBot("hard", 0)).planner, knowledge=knowledge_of(view),
        fits=lambda card: False, next_seat=None, rng=random.Random(0), lines=Lines(14, 1, 2),
    )
    assert search.rollout(parse_cards("5H 6H KS"), parse_cards("2C 7H")) == 1.0
    assert search.rollout(parse_cards("5H 6H KS"), parse_cards("7H 2C")) == 1.0  # the discard taken
    assert search.rollout(parse_cards("5H 6H KS"), parse_cards("2C 9D")) > 1.0


def test_lines_find_sets_runs_and_joker_melds() -> None:
    lines = Lines(top=14, jokers_per_set=1, jokers_per_run=2)
    loose = parse_cards("7S 7D QH KH 2C")
    assert lines.completes(parse_card("7H"), list(loose)) is not None  # 7S 7D 7H
    assert lines.completes(parse_card("AH"), list(loose)) is not None  # Q K A of hearts, ace high
    assert lines.completes(parse_card("4C"), list(loose)) is None  # 2C 4C: no 3C, no joker
    assert lines.completes(parse_card("4C"), list(loose) + [JOKER]) is not None


@pytest.fixture
def search_always(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the search weigh every candidate, not only the heuristic's near-ties."""
    monkeypatch.setattr(rummy_bot, "SEARCH_MARGIN", 1000.0)


def test_clear_choice_is_left_to_the_heuristic() -> None:
    """5H 6H 9C JC JS KS KD: 9C is far the weakest card (JC pairs with JS, the kings pair,
    5H 6H wait at both ends): no search is needed to throw it."""
    bot = RummyBot("hard", 3, clock=FakeClock(0.0))
    move = bot.choose(position().view(0))
    assert str(move) == "discard 9C"
    assert bot.last_search is None


def test_search_keeps_the_run_draw(search_always: None) -> None:
    """The rollouts, weighing the best four, agree: the open-ended 5H 6H and the pairs stay."""
    bot = RummyBot("hard", 3, clock=FakeClock(0.0))
    move = bot.choose(position().view(0))
    assert str(move) == "discard 9C"
    assert bot.last_search is not None and bot.last_search.samples_done == Budget().samples
    scores = bot.last_search.last_scores
    assert len(scores) >= 2 and min(scores, key=scores.__getitem__) == parse_card("9C")


def test_search_stops_at_its_time_budget(search_always: None) -> None:
    """Each read of the clock moves it 20 ms: a 50 ms budget allows three samples at most,
    however fast the machine."""
    clock = FakeClock(0.02)
    bot = RummyBot("hard", 3, clock=clock, budget=Budget(samples=1000, seconds=0.05))
    bot.choose(position().view(0))
    assert bot.last_search is not None
    assert 1 <= bot.last_search.samples_done <= 3


def test_same_seed_same_discard(search_always: None) -> None:
    view = position().view(0)
    searches = []
    for _ in range(3):
        bot = RummyBot("hard", 11, clock=FakeClock(0.0))
        bot.choose(view)
        assert bot.last_search is not None
        searches.append(bot.last_search.last_scores)
    assert searches[0] == searches[1] == searches[2]
