"""A view shares nothing with the game: it is built from copies.

Frozen dataclasses stop `meld.cards = …`, but not `object.__setattr__`: through a view that
handed out the game's own meld, a bot turned the running game's 9♠ 9♥ 9♦ into 9♠. Now every
object a view holds that anyone could change (cards, melds, moves, rules, mappings) is its
own copy; only numbers, text and frozen containers of them are shared.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import MappingProxyType
from typing import Any

import pytest
from rummy_helpers import play, position

from ramigui.bots.random_bot import RandomBot
from ramigui.cards import parse_card
from ramigui.rules import Game

PLAIN = (int, str, bool, float, bytes, type(None))


def _reachable(value: Any, seen: dict[int, Any] | None = None) -> dict[int, Any]:
    """Every object reachable from `value` (through fields, items and keys), by id."""
    seen = {} if seen is None else seen
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, PLAIN) or id(item) in seen:
            continue
        seen[id(item)] = item
        if isinstance(item, (dict, MappingProxyType)) or hasattr(item, "items") and hasattr(item, "keys"):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            stack.extend(item)
        elif hasattr(type(item), "__dataclass_fields__"):
            stack.extend(getattr(item, name) for name in type(item).__dataclass_fields__ if hasattr(item, name))
    return seen


def _changeable(found: dict[int, Any]) -> dict[int, Any]:
    """The objects `object.__setattr__` (or item assignment) could change."""
    return {key: item for key, item in found.items()
            if not isinstance(item, (tuple, frozenset, MappingProxyType))}


def _game_objects(game: Game) -> dict[int, Any]:
    found = _reachable(game.state)
    for part in (game.variant, game.log, game.round_log, game._history, game._record, game._undo):
        _reachable(part, found)
    return found


def _positions() -> Iterator[tuple[str, Game]]:
    for variant, players in (("rami51", 3), ("rami", 3), ("gin", 2), ("yami", 3)):
        game = Game.new(variant, players, seed=2)
        bots = [RandomBot(seat) for seat in range(players)]
        rng = random.Random(variant)
        for _ in range(rng.randrange(40, 90)):
            if game.game_over:
                break
            game.play("next" if game.round_over else bots[game.to_play].choose(game.view(game.to_play)))
        yield variant, game


@pytest.mark.parametrize(("variant", "game"), list(_positions()))
def test_nothing_reachable_from_a_view_is_an_object_of_the_game(variant: str, game: Game) -> None:
    ours = _changeable(_game_objects(game))
    for seat in range(game.players):
        for view in (game.view(seat), game.view(seat, shared=True)):
            theirs = _changeable(_reachable(view))
            shared = [theirs[key] for key in theirs.keys() & ours.keys()]
            assert not shared, f"{variant}: seat {seat}'s view holds the game's own {shared[:3]}"
            assert len(theirs) > 10  # the walk did reach the cards and the rules


def test_changing_a_meld_through_a_view_leaves_the_game_as_it_was() -> None:
    """The bug as seen: `object.__setattr__` on a meld reached through a view."""
    game = position("rami", ["9S 9H 9D 4C 5C", "2H 3H KD QS JC"], stock="AD 5H 8D", discard="4H", opened=[0])
    play(game, "draw", "meld 9S 9H 9D")
    before = (str(game.state.melds), game.hand(0), game.legal_moves())
    minimum = game.variant.rummy.opening_minimum
    view = game.view(0)
    meld = view.public.melds[0]
    object.__setattr__(meld, "cards", meld.cards[:1])
    card = view.hand[0]
    object.__setattr__(card, "rank", 13)
    object.__setattr__(view.legal_moves[0], "kind", "undo")
    object.__setattr__(view.variant.rummy, "opening_minimum", 500)
    assert (str(game.state.melds), game.hand(0), game.legal_moves()) == before
    assert [str(c) for c in game.state.melds[0].cards] == ["9S", "9H", "9D"]
    assert str(parse_card("4C")) == "4C" and game.variant.rummy.opening_minimum == minimum
    assert str(game.view(0).public.melds[0].cards[0]) == "9S"
