"""Deep read-only copies of plain data: what a view or a variant may hand out safely.

A `PlayerView` goes to bots, hints and the table; a `Variant` is built from the catalogue
that every later game reads too. If either handed out a dict or a list it shares with the
running game (or with the catalogue), whoever holds the view could change this game's
scoring and every later one's. So both keep only frozen data: mappings become
read-only `MappingProxyType`s over private copies, lists become tuples, sets frozensets.
Objects (cards, melds, moves) are frozen dataclasses already and are kept as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

EMPTY: Mapping[str, Any] = MappingProxyType({})
_LEAVES: set[type] = {int, str, bool, float, bytes, type(None), frozenset}
"""Types whose values are immutable as they are (frozen dataclasses join on first sight)."""


def immutable(kind: type) -> type:
    """Declare a type's values immutable (a NamedTuple of numbers and text): kept as they
    are. Usable as a class decorator."""
    _LEAVES.add(kind)
    return kind


def _is_leaf(kind: type) -> bool:
    if kind in _LEAVES:
        return True
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _LEAVES.add(kind)
        return True
    return False


def frozen(value: Any) -> Any:
    """`value` with every mapping, list and set inside it made read-only (copied, so
    nobody holding the original can change the frozen one either). Frozen objects (cards,
    melds, moves) are kept as they are; a tuple that holds only frozen things is kept too.
    Views are made for every bot decision, so the common cases are the fast ones."""
    kind = type(value)
    if _is_leaf(kind):
        return value
    if kind is tuple or kind is list:
        if kind is tuple:
            for item in value:
                if type(item) not in _LEAVES and not _is_leaf(type(item)):
                    break
            else:
                return value  # the usual case: a hand, the legal moves, the discard pile
        items = tuple(frozen(item) for item in value)
        if kind is tuple and all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return items
    if kind is dict or kind is MappingProxyType or isinstance(value, Mapping):
        return MappingProxyType({key: frozen(item) for key, item in value.items()})
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def frozen_mapping(value: Mapping[Any, Any] | None) -> Mapping[Any, Any]:
    """A read-only mapping (empty for None)."""
    return frozen(value) if value else EMPTY
