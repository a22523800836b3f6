"""A PlayerView is deeply read-only: a bot holding one cannot change the game it came from,
nor the rules of any later game: fair bots need sealed views."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from privacy_watch import sealed_texts

from ramigui.rules import Game, Move
from ramigui.rules.deals import Deals
from ramigui.variants import get_variant

WRITES: list[Callable[[Any], None]] = [
    lambda m: m.__setitem__("x", 1),
    lambda m: m.update(x=1),
    lambda m: m.pop(next(iter(m))),
    lambda m: m.clear(),
    lambda m: m.setdefault("x", 1),
]


def _containers(value: Any, path: str = "view") -> Iterator[tuple[str, Any]]:
    """Every container reachable from a view's fields, with where it was found."""
    if isinstance(value, (str, bytes, int, float, bool)) or value is None:
        return
    if hasattr(value, "items"):
        yield path, value
        for key, item in value.items():
            yield from _containers(item, f"{path}[{key!r}]")
    elif isinstance(value, (list, tuple, set, frozenset)):
        yield path, value
        for index, item in enumerate(value):
            yield from _containers(item, f"{path}[{index}]")
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _containers(getattr(value, name), f"{path}.{name}")


@pytest.mark.parametrize("variant", ["rami51", "gin", "yami", "rami"])
def test_nothing_a_view_carries_can_be_written(variant: str) -> None:
    game = Game.new(variant, 2, seed=4)
    for _ in range(3):  # some history, a discard pile
        game.play(game.legal_moves()[0])
    view = game.view(game.to_play)
    found = list(_containers(view))
    assert any(".variant" in path for path, _ in found) and any(".public" in path for path, _ in found)
    for path, container in found:
        assert not isinstance(container, (list, dict, set)), f"{path} is a mutable {type(container).__name__}"
        if hasattr(container, "items"):
            for write in WRITES:
                with pytest.raises((TypeError, AttributeError)):
                    write(container)


def test_a_bot_cannot_change_the_scoring_of_this_game_or_the_next() -> None:
    """Today's bug: `view.variant.rules.combination_points` was the catalogue's own dict."""
    game = Game.new("yami", 2, seed=1)
    rules = game.view(0).variant.rules
    with pytest.raises(TypeError):
        rules.combination_points["quinte_floche"] = 1000  # type: ignore[index]
    with pytest.raises(TypeError):
        rules.bonus_threshold[2] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        game.view(0).variant.chosen["rounds"] = 1  # type: ignore[index]
    assert get_variant("yami").yami.combination_points["quinte_floche"] == 50
    assert Game.new("yami", 2, seed=2).variant.yami.bonus_threshold[2] == 105


def test_a_variant_does_not_share_the_catalogues_dicts() -> None:
    first, second = get_variant("yami"), get_variant("yami")
    assert first.yami.combination_points == second.yami.combination_points
    spec = next(iter(get_variant("rami51").options), None)
    if spec is not None:
        with pytest.raises(TypeError):
            spec.label["en"] = "changed"  # type: ignore[index]


def test_a_view_built_from_lists_keeps_frozen_copies() -> None:
    """Whatever a caller passes (lists it keeps changing), the view keeps frozen copies:
    changing the originals afterwards changes nothing in the view."""
    from ramigui.rules.view import PlayerView, Said

    game = Game.new("rami51", 2, seed=3)
    hand, history = list(game.hand(0)), [Said(1, Move("draw"))]
    public = game.family.public(game.state, 0)
    view = PlayerView(game.variant, 0, 2, 0, hand, [13, 13], 1, 1, [0, 0], False, False, history, [], public)  # type: ignore[arg-type]
    hand.clear()
    history.append(Said(0, Move("draw")))
    assert len(view.hand) == len(game.hand(0)) and view.history == (Said(1, Move("draw")),)


def _texts(value: Any) -> Iterator[str]:
    """Every text, number and byte string reachable from a view, as text."""
    if isinstance(value, bytes):
        yield value.hex()
    elif isinstance(value, (str, int)):
        yield str(value)
    elif hasattr(value, "items"):
        for key, item in value.items():
            yield from _texts(key)
            yield from _texts(item)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _texts(item)
    elif hasattr(value, "__dataclass_fields__"):
        for name in value.__dataclass_fields__:
            yield from _texts(getattr(value, name))


@pytest.mark.parametrize("variant", ["rami51", "gin", "yami"])
def test_a_view_holds_the_fingerprint_and_nothing_that_unseals_the_deal(variant: str) -> None:
    """A bot's view carries the round's fingerprint, never a round key, the round's code or
    nonce, the game secret, nor the order of the stock."""
    game = Game.new(variant, 2, seed=4, deals=Deals("keyed", bytes(range(32))))
    for _ in range(6):
        game.play(game.legal_moves()[0])
    key = game.deals.key(4, game.round_no)
    sealed = sealed_texts(game) + [str(key.value)]
    stock = " ".join(map(str, game.state.stock))
    for seat in range(2):
        view = game.view(seat)
        assert view.deal_print == game.fingerprint()
        found = list(_texts(view))
        assert not [text for text in found for secret in sealed if secret in text]
        assert stock not in " ".join(found)
        assert "RoundKey" not in repr(view)
