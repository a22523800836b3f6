"""Deep read-only copies of plain data: what a view or a variant may hand out safely.

A `PlayerView` goes to bots, hints and the table; a `Variant` is built from the catalogue
that every later game reads too. If either handed out a dict or a list it shares with the
running game (or with the catalogue), whoever holds the view could change this game's
scoring and every later one's. So both keep only frozen data: mappings become
read-only `MappingProxyType`s over private copies, lists become tuples, sets frozensets.
Objects (cards, melds, moves) are frozen dataclasses already and are kept as they are.
"""

from __future__ import annotations

import dataclasses
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


_PLAIN: frozenset[type] = frozenset({int, str, bool, float, bytes, type(None)})
"""Values no one can change, not even through `object.__setattr__`: kept as they are."""


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


class LastingCopies:
    """Copies of values the rules never change once made (cards, melds, history lines), kept
    from one view to the next for one holder: a view then copies only what is new since the
    last, not every card on the table again. Keyed by identity, the originals kept alive so
    that no id is reused; a holder's copies are its own, so what it does to them reaches no
    other holder and not the game."""

    def __init__(self, kinds: tuple[type, ...]) -> None:
        self.kinds = frozenset(kinds)
        self.copies: dict[int, tuple[Any, Any]] = {}


def detached(value: Any, memo: dict[int, Any] | None = None, lasting: LastingCopies | None = None) -> Any:
    """A frozen copy of `value` that shares no changeable object with it: like `frozen`, but
    cards, melds, moves, rules and every other dataclass inside are new objects too (each
    copied once: `memo`, by id, holding the originals so that no id is reused meanwhile). Only
    what nobody can change even with `object.__setattr__` is kept as it is: numbers, text, and
    tuples, frozensets and read-only mappings holding only such things. A view is built this
    way, so changing a meld reached through a view leaves the running game — and the cards
    every game shares — untouched."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if lasting is not None and kind in lasting.kinds:
        kept = lasting.copies.get(id(value))
        if kept is None or kept[0] is not value:
            kept = lasting.copies[id(value)] = (value, _fresh_copy(value, {} if memo is None else memo, lasting))
        return kept[1]
    memo = {} if memo is None else memo
    found = memo.get(id(value))
    if found is not None:
        return found[1]
    return _fresh_copy(value, memo, lasting)


def _fresh_copy(value: Any, memo: dict[int, Any], lasting: LastingCopies | None) -> Any:
    """`detached`'s copy of a value not copied before (its parts through `detached`)."""
    kind = type(value)
    copy: Any
    if isinstance(value, tuple):
        items = [detached(item, memo, lasting) for item in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            copy = value
        else:
            copy = value._make(items) if hasattr(value, "_make") else tuple(items)
    elif kind is list:
        copy = tuple(detached(item, memo, lasting) for item in value)
    elif isinstance(value, Mapping):
        pairs = {detached(key, memo, lasting): detached(item, memo, lasting) for key, item in value.items()}
        same = kind is MappingProxyType and all(pairs[key] is item for key, item in value.items())
        copy = value if same else MappingProxyType(pairs)
    elif isinstance(value, (set, frozenset)):
        items = [detached(item, memo, lasting) for item in value]
        same = kind is frozenset and all(a is b for a, b in zip(items, value, strict=True))
        copy = value if same else frozenset(items)
    elif hasattr(kind, "__dataclass_fields__"):
        copy = object.__new__(kind)
        for name in _field_names(kind):
            object.__setattr__(copy, name, detached(getattr(value, name), memo, lasting))
    else:
        return value
    memo[id(value)] = (value, copy)  # the original kept alive, so its id is not reused
    return copy
