"""Building a `Variant` from its variants.yaml mapping, every field checked by type and range.

Nothing in the mapping is trusted: it may come from a family's own file, typed by hand. Each
value is checked against the field's declared type and limits (the `metadata` of the rules
dataclasses, `COMMON_RANGES` for the fields every game has) before anything uses it; a
cross-field check makes sure the deal fits in the pack and the game ends; and at load time
every value of every house rule is tried, so no choice made on the New game screen can
build an impossible game. Anything wrong raises a `VariantError` naming the field and
saying what to write instead.
"""

from __future__ import annotations

import difflib
import re
import typing
import unicodedata
from collections.abc import Mapping
from dataclasses import MISSING, fields, replace
from typing import Any

from ramigui.rules.variant import (
    FAMILIES,
    FAMILY_RULES,
    IntByPlayers,
    OptionSpec,
    RummyRules,
    Variant,
)
from ramigui.rules.variant_errors import TooLongNumber, VariantError, listed, shown

COMMON_KEYS = frozenset({
    "family", "name", "description", "seed", "players", "deck", "decks", "jokers", "deal",
    "rounds", "target", "direction", "options", "extends",
})
COMMON_RANGES: dict[str, tuple[int, int]] = {
    "decks": (1, 4), "jokers": (0, 12), "deal": (1, 60), "rounds": (0, 100), "target": (0, 100_000),
}
"""Ranges of the numbers every game has (a family's own numbers carry theirs in metadata)."""
PLAYERS_RANGE = (2, 8)
DECK_SIZES = (32, 52)
DIRECTIONS = ("left", "right")
TEXT_LIMITS = {"name": 60, "description": 300, "label": 60, "help": 300, "seed": 20}
"""Longest text of each kind: a name must fit a menu row, a description a few lines."""
ID_LIMIT = 40
VARIANT_ID = re.compile(r"[a-z0-9][a-z0-9_-]*\Z")
OPTION_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
OPTION_KEYS = frozenset({"default", "label", "help", "choices", "field", "min", "max"})
NOT_SETTABLE = frozenset({"options", "extends", "family"})
FIXED_BY_FAMILY: dict[str, dict[str, Any]] = {
    "gin": {"players": (2, 2), "deck": 52, "decks": 1, "jokers": 0, "deal": 10},
}
"""What a family's engine always plays with: Gin is two players, one 52-card deck without
jokers, ten cards each (seed 001). A gin variant may not set these to anything else: the
engine would ignore the value (or refuse the game) instead of playing it."""


# --- single values --------------------------------------------------------------------------


def check_id(variant_id: Any) -> str:
    """A variant id as files, saves and `--variant` use it: lower-case letters, digits, _ and -."""
    if not (isinstance(variant_id, str) and len(variant_id) <= ID_LIMIT and VARIANT_ID.match(variant_id)):
        raise VariantError("bad_id", variant=str(variant_id)[:ID_LIMIT], value=shown(variant_id), limit=ID_LIMIT)
    return variant_id


def check_int(variant: str, key: str, value: Any, low: int, high: int) -> int:
    """A whole number within [low, high] (true/false are not numbers, though Python says so)."""
    if isinstance(value, TooLongNumber):
        raise VariantError("long_number", variant=variant, field_name=key, digits=value.digits, low=low, high=high)
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError("wrong_type", variant=variant, field_name=key, value=shown(value), kind="int",
                           low=low, high=high)
    if not low <= value <= high:
        raise VariantError("out_of_range", variant=variant, field_name=key, value=value, low=low, high=high)
    return value


def check_choice(variant: str, key: str, value: Any, allowed: tuple[Any, ...]) -> Any:
    if isinstance(value, TooLongNumber) or not isinstance(value, (str, int)) or value not in allowed:
        raise VariantError("not_a_choice", variant=variant, field_name=key, value=shown(value),
                           allowed=listed(allowed))
    return value


def check_text(variant: str, key: str, value: Any, limit: int) -> dict[str, str]:
    """A text shown to players: one string, or {fr: …, en: …}; one line, not too long."""
    if isinstance(value, str):
        value = {"fr": value, "en": value}
    if not isinstance(value, dict):
        raise VariantError("text_shape", variant=variant, field_name=key)
    texts: dict[str, str] = {}
    for lang, text in value.items():
        if lang not in ("fr", "en"):
            raise VariantError("text_language", variant=variant, field_name=key, value=shown(lang))
        if not isinstance(text, str):
            raise VariantError("text_shape", variant=variant, field_name=f"{key}.{lang}")
        if len(text) > limit:
            raise VariantError("text_too_long", variant=variant, field_name=f"{key}.{lang}", limit=limit)
        if any(unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in "\ufffe\uffff" for char in text):
            raise VariantError("text_control", variant=variant, field_name=f"{key}.{lang}")
        texts[lang] = text
    return texts


def check_by_players(variant: str, key: str, value: Any, players: tuple[int, int], low: int, high: int) -> IntByPlayers:
    """A number, or one number for each player count the game allows (and no other)."""
    if not isinstance(value, dict):
        try:
            return check_int(variant, key, value, low, high)
        except VariantError as error:
            if error.code != "wrong_type":
                raise
            raise VariantError("wrong_type", variant=variant, field_name=key, value=shown(value), kind="by_players",
                               low=low, high=high) from None
    checked: dict[int, int] = {}
    for count, number in value.items():
        if isinstance(count, bool) or not isinstance(count, int) or not players[0] <= count <= players[1]:
            raise VariantError("per_players_extra", variant=variant, field_name=key, count=shown(count),
                               low=players[0], high=players[1])
        checked[count] = check_int(variant, f"{key}.{count}", number, low, high)
    for count in range(players[0], players[1] + 1):
        if count not in checked:
            example = "{" + ", ".join(f"{n}: …" for n in range(players[0], players[1] + 1)) + "}"
            raise VariantError("per_players_missing", variant=variant, field_name=key, count=count,
                               low=players[0], high=players[1], example=example)
    return checked


# --- the family's fields ----------------------------------------------------------------------


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    """The resolved field types of a rules dataclass (resolved once: it is slow)."""
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def family_fields() -> dict[str, tuple[Any, Mapping[str, Any]]]:
    """Every family field by name: its type and its metadata (doc, min, max, choices…)."""
    found: dict[str, tuple[Any, Mapping[str, Any]]] = {}
    for cls in FAMILY_RULES.values():
        hints = _hints(cls)
        for spec in fields(cls):
            found[spec.name] = (hints[spec.name], spec.metadata)
    return found


def number_fields() -> dict[str, tuple[int, int]]:
    """Fields a house rule may bind a number to (`field:`), with their ranges."""
    ranges = dict(COMMON_RANGES)
    for name, (annotation, meta) in family_fields().items():
        if annotation is int:
            ranges[name] = (meta["min"], meta["max"])
    return ranges


def settable_fields() -> set[str]:
    """Fields a house rule's choice may set."""
    return (set(COMMON_KEYS) | set(family_fields())) - NOT_SETTABLE


def _check_field(variant: str, key: str, value: Any, annotation: Any, meta: Mapping[str, Any],
                 players: tuple[int, int]) -> Any:
    if annotation is bool:
        if not isinstance(value, bool):
            raise VariantError("wrong_type", variant=variant, field_name=key, value=shown(value), kind="bool")
        return value
    if annotation is int:
        return check_int(variant, key, value, meta["min"], meta["max"])
    if annotation is str and "choices" in meta:
        return check_choice(variant, key, value, meta["choices"])
    if annotation == IntByPlayers:
        return check_by_players(variant, key, value, players, meta["min"], meta["max"])
    if annotation == dict[str, int] and "keys" in meta:
        return _check_points(variant, key, value, meta)
    raise VariantError("wrong_type", variant=variant, field_name=key, value=shown(value), kind="word")


def _check_points(variant: str, key: str, value: Any, meta: Mapping[str, Any]) -> dict[str, int]:
    """A mapping that names each of the `keys` once, each with a number in range."""
    if not isinstance(value, dict):
        raise VariantError("wrong_type", variant=variant, field_name=key, value=shown(value), kind="points")
    for name in value:
        if name not in meta["keys"]:
            raise VariantError("not_a_choice", variant=variant, field_name=key, value=shown(name),
                               allowed=listed(meta["keys"]))
    for name in meta["keys"]:
        if name not in value:
            raise VariantError("missing_field", variant=variant, field_name=f"{key}.{name}")
    return {name: check_int(variant, f"{key}.{name}", value[name], meta["min"], meta["max"]) for name in meta["keys"]}


def build_rules(family: str, raw: Mapping[str, Any], variant: str, players: tuple[int, int]) -> Any:
    """The family's rules dataclass from the variant's keys that are not common keys."""
    cls = FAMILY_RULES[family]
    hints = _hints(cls)
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in COMMON_KEYS:
            continue
        if not isinstance(key, str) or key not in known:
            _unknown_field(variant, key, family, known)
        values[key] = _check_field(variant, key, value, hints[key], known[key].metadata, players)
    for name, spec in known.items():
        if name not in values and spec.default is MISSING and spec.default_factory is MISSING:
            raise VariantError("missing_field", variant=variant, field_name=name)
    return cls(**values)


def _unknown_field(variant: str, key: Any, family: str, known: Mapping[str, Any]) -> typing.NoReturn:
    name = key if isinstance(key, str) else ""
    close = difflib.get_close_matches(name, [*known, *COMMON_KEYS], n=1, cutoff=0.75)
    field_name = name[:ID_LIMIT]
    if close:
        raise VariantError("unknown_field_close", variant=variant, field_name=field_name, value=shown(key),
                           family=family, close=close[0])
    raise VariantError("unknown_field", variant=variant, field_name=field_name, value=shown(key), family=family)


# --- house-rule options -----------------------------------------------------------------------


def parse_options(variant: str, raw: Any) -> tuple[OptionSpec, ...]:
    """The house-rule options of a variant, each checked to touch only real fields."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise VariantError("options_shape", variant=variant, field_name="options")
    return tuple(_option(variant, name, body) for name, body in raw.items())


def _option(variant: str, name: Any, body: Any) -> OptionSpec:
    if not (isinstance(name, str) and len(name) <= ID_LIMIT and OPTION_NAME.match(name)):
        raise VariantError("option_name", variant=variant, field_name="options", value=shown(name))
    where = f"options.{name}"
    if not isinstance(body, dict):
        raise VariantError("option_shape", variant=variant, field_name=where)
    for key in body:
        if key not in OPTION_KEYS:
            raise VariantError("option_unknown_key", variant=variant, field_name=where, value=shown(key))
    if "default" not in body:
        raise VariantError("option_no_default", variant=variant, field_name=where)
    if ("choices" in body) == ("field" in body):
        raise VariantError("option_either", variant=variant, field_name=where)
    label = check_text(variant, f"{where}.label", body.get("label", name), TEXT_LIMITS["label"])
    help_text = check_text(variant, f"{where}.help", body.get("help", ""), TEXT_LIMITS["help"])
    if "choices" in body:
        spec = OptionSpec(name, body["default"], label, help_text, choices=_choices(variant, where, body["choices"]))
    else:
        spec = _number_option(variant, where, name, body, label, help_text)
    spec.overrides(spec.default, variant)
    return spec


def _choices(variant: str, where: str, raw: Any) -> dict[Any, dict[str, Any]]:
    if not isinstance(raw, dict) or not raw:
        raise VariantError("choices_shape", variant=variant, field_name=f"{where}.choices")
    settable = settable_fields()
    choices: dict[Any, dict[str, Any]] = {}
    for value, sets in raw.items():
        if isinstance(value, TooLongNumber) or not isinstance(value, (str, int)) or len(str(value)) > ID_LIMIT:
            raise VariantError("choice_value", variant=variant, field_name=f"{where}.choices", value=shown(value))
        sets = {} if sets is None else sets
        if not isinstance(sets, dict):
            raise VariantError("choice_sets", variant=variant, field_name=f"{where}.choices", value=shown(value))
        for key in sets:
            if key not in settable:
                raise VariantError("choice_field", variant=variant, field_name=f"{where}.choices",
                                   value=shown(value), key=shown(key))
        choices[value] = dict(sets)
    return choices


def _number_option(variant: str, where: str, name: str, body: Mapping[str, Any], label: dict[str, str],
                   help_text: dict[str, str]) -> OptionSpec:
    ranges = number_fields()
    bound = body["field"]
    if not isinstance(bound, str) or bound not in ranges:
        raise VariantError("option_field", variant=variant, field_name=f"{where}.field", value=shown(bound),
                           allowed=listed(sorted(ranges)))
    if "min" not in body or "max" not in body:
        raise VariantError("option_no_bounds", variant=variant, field_name=where)
    low, high = ranges[bound]
    minimum = check_int(variant, f"{where}.min", body["min"], low, high)
    maximum = check_int(variant, f"{where}.max", body["max"], low, high)
    if minimum > maximum:
        raise VariantError("option_bounds", variant=variant, field_name=where, low=minimum, high=maximum)
    return OptionSpec(name, body["default"], label, help_text, field=bound, minimum=minimum, maximum=maximum)


# --- the whole variant ------------------------------------------------------------------------


def build_variant(variant_id: str, raw: Mapping[str, Any], chosen: Mapping[str, Any] | None = None) -> Variant:
    """A Variant from its (already `extends`-merged) mapping, with options applied.

    Options not given take their default. Raises VariantError on anything wrong.
    """
    if not isinstance(raw, Mapping):
        raise VariantError("variant_shape", variant=variant_id)
    family = check_choice(variant_id, "family", raw.get("family"), FAMILIES)
    options = parse_options(variant_id, raw.get("options"))
    chosen = dict(chosen or {})
    names = [spec.name for spec in options]
    for name in chosen:
        if name not in names:
            raise VariantError("no_such_option", variant=variant_id, field_name=f"options.{name}",
                               value=shown(name), allowed=listed(names) or "-")
    merged = dict(raw)
    in_force: dict[str, Any] = {}
    for spec in options:
        value = chosen.get(spec.name, spec.default)
        merged.update(spec.overrides(value, variant_id))
        in_force[spec.name] = value
    return _build(variant_id, family, merged, options, in_force)


def check_every_option(variant: Variant, raw: Mapping[str, Any]) -> None:
    """Build the variant with each value of each house rule (the others at their defaults),
    so a choice offered on the New game screen can never make an impossible game.

    A number option is tried at its two ends: each check is monotonic in one number.
    """
    for spec in variant.options:
        values = list(spec.choices) if spec.choices is not None else [spec.minimum, spec.maximum]
        for value in values:
            try:
                build_variant(variant.id, raw, {spec.name: value})
            except VariantError as error:
                if error.field_name.startswith(f"options.{spec.name}"):
                    raise
                raise error.under_option(spec.name, value) from None


def _players(variant: str, raw: Any) -> tuple[int, int]:
    if not (isinstance(raw, list) and len(raw) == 2):
        raise VariantError("players_shape", variant=variant, field_name="players")
    low = check_int(variant, "players", raw[0], *PLAYERS_RANGE)
    high = check_int(variant, "players", raw[1], low, PLAYERS_RANGE[1])
    return low, high


def _jokers(variant: str, raw: Any) -> int | str:
    if raw == "per_player":
        return "per_player"
    if isinstance(raw, str):
        raise VariantError("not_a_choice", variant=variant, field_name="jokers", value=shown(raw),
                           allowed=f"0..{COMMON_RANGES['jokers'][1]}, per_player")
    return check_int(variant, "jokers", raw, *COMMON_RANGES["jokers"])


def _seed(variant: str, raw: Any) -> str:
    if isinstance(raw, int) and not isinstance(raw, bool):
        raw = str(raw)
    if not isinstance(raw, str) or len(raw) > TEXT_LIMITS["seed"]:
        raise VariantError("wrong_type", variant=variant, field_name="seed", value=shown(raw), kind="text")
    return raw


def _build(variant_id: str, family: str, raw: Mapping[str, Any], options: tuple[OptionSpec, ...],
           chosen: dict[str, Any]) -> Variant:
    v = variant_id
    players = _players(v, raw.get("players"))
    variant = Variant(
        id=v,
        family=family,
        name=check_text(v, "name", raw.get("name", v), TEXT_LIMITS["name"]),
        description=check_text(v, "description", raw.get("description", ""), TEXT_LIMITS["description"]),
        seed=_seed(v, raw.get("seed", "")),
        players=players,
        deck=check_choice(v, "deck", raw.get("deck", 52), DECK_SIZES),
        decks=check_by_players(v, "decks", raw.get("decks", 1), players, *COMMON_RANGES["decks"]),
        jokers=_jokers(v, raw.get("jokers", 0)),
        deal=check_by_players(v, "deal", raw.get("deal"), players, *COMMON_RANGES["deal"]),
        rounds=check_int(v, "rounds", raw.get("rounds", 0), *COMMON_RANGES["rounds"]),
        target=check_int(v, "target", raw.get("target", 0), *COMMON_RANGES["target"]),
        direction=check_choice(v, "direction", raw.get("direction", "left"), DIRECTIONS),
        rules=build_rules(family, raw, v, players),
        options=options,
        chosen=chosen,
    )
    _check_fixed(variant)
    _check_possible(variant)
    return variant


def _check_fixed(variant: Variant) -> None:
    for key, fixed in FIXED_BY_FAMILY.get(variant.family, {}).items():
        if getattr(variant, key) != fixed:
            shown_fixed = f"[{fixed[0]}, {fixed[1]}]" if isinstance(fixed, tuple) else str(fixed)
            raise VariantError("family_fixed", variant=variant.id, field_name=key, family=variant.family,
                               fixed=shown_fixed)


def _check_possible(variant: Variant) -> None:
    """Cross-field checks: the deal fits in the pack, the game has an end."""
    if variant.rounds == 0 and variant.target == 0:
        raise VariantError("no_end", variant=variant.id, field_name="rounds")
    extra = 1 if isinstance(variant.rules, RummyRules) and variant.rules.starter_extra_card else 0
    for players in range(variant.players[0], variant.players[1] + 1):
        deal = variant.deal_for(players)
        need = deal * players + extra + 2
        have = variant.pack_size(players)
        if need > have:
            raise VariantError("deal_too_big", variant=variant.id, field_name="deal", players=players, deal=deal,
                               need=need, have=have)


def with_options(variant: Variant, raw: Mapping[str, Any], **chosen: Any) -> Variant:
    """Rebuild a variant with other option values (keeps the id)."""
    merged = dict(variant.chosen)
    merged.update(chosen)
    return replace(build_variant(variant.id, raw, merged))
