"""Bots: always legal, blind to other hands, reproducible from their seed.

* Every level of every family plays seeded games through the one checked path without a
  single illegal move; after each move every card of the pack is somewhere exactly once.
  The default run is short; RAMIGUI_SOAK=1 plays thousands of games.
* A bot is given a PlayerView and nothing else, and the view holds no other seat's hand:
  its whole object graph is searched for a card list equal to another hand.
* The same seed gives the same game, move for move.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator

import pytest

from ramigui.bots import LEVELS, make_bot
from ramigui.cards import Card, make_deck
from ramigui.rules import Game
from ramigui.rules.view import PlayerView

SOAK = os.environ.get("RAMIGUI_SOAK") == "1"
VARIANTS = [
    ("rami", 3), ("rami_base", 4), ("rami_bloc", 3), ("rami_wrotham", 2), ("rami40", 2),
    ("rami50", 3), ("rami51", 4), ("manie_joker51", 2), ("gin", 2), ("gin_oklahoma", 2), ("yami", 3),
]
GAMES = 300 if SOAK else 1
MAX_MOVES = 60_000


def pack(game: Game) -> Counter[Card]:
    variant = game.variant
    return Counter(make_deck(variant.deck, variant.decks_for(game.players), variant.jokers_for(game.players)))


def levels_for(variant_id: str, players: int, game_no: int) -> list[str]:
    """A mix of levels, rotated from game to game (gin adds the baseline)."""
    pool = list(LEVELS) + (["baseline"] if variant_id.startswith("gin") else [])
    return [pool[(game_no + seat) % len(pool)] for seat in range(players)]


def play(variant_id: str, players: int, seed: int, levels: list[str], max_rounds: int | None = None) -> Game:
    """A whole game by bots; asserts every bot move is listed legal and accepted."""
    game = Game.new(variant_id, players, seed)
    bots = [make_bot(variant_id, level, seed * 10 + seat) for seat, level in enumerate(levels)]
    cards = pack(game)
    for _ in range(MAX_MOVES):
        if game.game_over or (max_rounds is not None and len(game.results) >= max_rounds):
            return game
        if game.round_over:
            game.play("next")
            continue
        view = game.view(game.to_play)
        move = bots[game.to_play].choose(view)
        assert move in view.legal_moves, f"{levels[game.to_play]} played {move}, not a legal move"
        game.play(move)
        assert game.all_cards() == cards, f"after {move} the cards are not the pack"
    raise AssertionError(f"{variant_id} seed {seed}: no end after {MAX_MOVES} moves")


@pytest.mark.parametrize(("variant_id", "players"), VARIANTS)
def test_bots_play_only_legal_moves(variant_id: str, players: int) -> None:
    rounds = None if SOAK else 2
    for game_no in range(GAMES):
        play(variant_id, players, 100 + game_no, levels_for(variant_id, players, game_no), rounds)


# Hard's whole games take seconds each: they run in the long step; the default run still sees
# hard play legal moves through two rounds of every variant above.
@pytest.mark.parametrize("level", ["easy", "medium", pytest.param("hard", marks=pytest.mark.long)])
@pytest.mark.parametrize(("variant_id", "players"), [("rami51", 3), ("rami", 2), ("gin", 2), ("yami", 2)])
def test_each_level_finishes_a_game(variant_id: str, players: int, level: str) -> None:
    game = play(variant_id, players, 7, [level] * players, None if variant_id != "yami" else 4)
    assert game.results


def test_same_seed_same_game() -> None:
    for variant_id, players in [("rami51", 3), ("gin", 2), ("yami", 2), ("rami", 2)]:
        levels = ["hard", "medium", "easy"][:players]
        first = play(variant_id, players, 5, levels, 1).moves_text()
        second = play(variant_id, players, 5, levels, 1).moves_text()
        assert first == second


def _objects(root: object) -> Iterator[object]:
    """Every object reachable from `root` through containers, dataclass fields and attributes."""
    seen: set[int] = set()
    stack: list[object] = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, (str, int, float, bool, type(None), Card)):
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        else:
            slots = getattr(type(item), "__slots__", ())
            stack.extend(getattr(item, name) for name in slots if hasattr(item, name))
            stack.extend(getattr(item, "__dict__", {}).values())


def _card_lists(view: PlayerView) -> list[Counter[Card]]:
    found = []
    for item in _objects(view):
        if isinstance(item, (list, tuple)) and item and all(isinstance(c, Card) for c in item):
            found.append(Counter(item))
    return found


def _hidden(game: Game, seat: int) -> bool:
    """Whether seat's hand is hidden from the others (not shown after an exposure or a knock)."""
    return seat not in game.view((seat + 1) % game.players).public.shown


@pytest.mark.parametrize(
    ("variant_id", "players"),
    [("rami51", 3), ("rami", 2), ("gin", 2), ("yami", 3), ("rami_base", 4)],
)
def test_view_holds_no_other_hand(variant_id: str, players: int) -> None:
    game = Game.new(variant_id, players, 11)
    bots = [make_bot(variant_id, "medium", seat) for seat in range(players)]
    checked = 0
    for _ in range(400):
        if game.game_over:
            break
        if game.round_over:
            game.play("next")
            continue
        seat = game.to_play
        view = game.view(seat)
        lists = _card_lists(view)
        for other in range(players):
            hand = Counter(game.hand(other))
            if other != seat and len(hand) >= 3 and _hidden(game, other):
                assert hand not in lists, f"seat {seat}'s view holds seat {other}'s hand"
                checked += 1
        game.play(bots[seat].choose(view))
    assert checked > 20


def test_bot_gets_only_the_view() -> None:
    """The bot's decision depends on the view alone: two views equal in value, one from a
    copy of the game whose other hands were shuffled among themselves, give the same move."""
    game = Game.new("rami51", 3, 4)
    for _ in range(30):
        game.play(make_bot("rami51", "medium", 1).choose(game.view(game.to_play)))
    seat = game.to_play
    view = game.view(seat)
    twin = game.copy()
    state = twin.state
    others = [s for s in range(3) if s != seat]
    hands = list(state.hands)
    pooled = [c for s in others for c in hands[s]]
    pooled.reverse()
    for s in others:
        size = len(hands[s])
        hands[s], pooled = tuple(pooled[:size]), pooled[size:]
    from dataclasses import replace

    twin.state = replace(state, hands=tuple(hands))
    twin_view = twin.view(seat)
    assert twin_view.hand == view.hand
    for level in ("easy", "medium", "hard"):
        assert make_bot("rami51", level, 3).choose(view) == make_bot("rami51", level, 3).choose(twin_view)


def test_make_bot_levels() -> None:
    for level in LEVELS + ("baseline",):
        assert make_bot("gin", level, 1).level == level
    with pytest.raises(ValueError):
        make_bot("gin", "grandmaster", 1)
