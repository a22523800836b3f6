"""Variant: one game's rules as a frozen, typed, strictly validated config.

`variants.yaml` (read by `ramigui.variants`, which does the file I/O) gives each variant a
flat mapping. This module turns such a mapping into a `Variant`, refusing any unknown key,
wrong type or impossible value with a `VariantError` naming the variant and the field.
Each family (rummy, gin, yami) has its own rules dataclass; each field carries its
documentation in `metadata["doc"]`, so the schema is documented in one place.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, Union

FAMILIES = ("rummy", "gin", "yami")


class VariantError(ValueError):
    """A variant definition or option that cannot be used, with where it was found."""

    def __init__(
        self,
        message: str,
        *,
        variant: str = "",
        field_name: str = "",
        file: str = "",
        line: int | None = None,
    ) -> None:
        self.message = message
        self.variant = variant
        self.field_name = field_name
        self.file = file
        self.line = line
        super().__init__(self._text())

    def _text(self) -> str:
        where = self.file or "variants.yaml"
        if self.line is not None:
            where += f", line {self.line}"
        parts = [where]
        if self.variant:
            parts.append(f"variant {self.variant!r}")
        if self.field_name:
            parts.append(f"field {self.field_name!r}")
        return ": ".join([", ".join(parts), self.message])

    def located(self, file: str, line: int | None) -> VariantError:
        """The same error with the file and line it came from."""
        return VariantError(
            self.message, variant=self.variant, field_name=self.field_name, file=file, line=line
        )


def doc(text: str, **limits: Any) -> dict[str, Any]:
    """Field metadata: the field's documentation and its allowed values or range."""
    return {"doc": text, **limits}


IntByPlayers = int | dict[int, int]
"""A number that may depend on the number of players: `14` or `{2: 10, 3: 7, 4: 6}`."""


@dataclass(frozen=True)
class RummyRules:
    """The draw–meld–discard games (Rami familial, Rami de base and its kin, Rami 40/50/51)."""

    upcard: bool = field(default=False, metadata=doc("after the deal one card is turned up to start the discard pile"))
    starter_extra_card: bool = field(default=False, metadata=doc("the first player gets one card more and starts without drawing (discards first)"))
    ace: str = field(default="low", metadata=doc("where an ace may stand in a run: low (A-2-3), high_or_low (A-2-3 or Q-K-A), around (K-A-2 too)", choices=("low", "high_or_low", "around")))
    ace_value: int = field(default=1, metadata=doc("points of an ace, in hand and in melds", min=1, max=50))
    joker_value: int = field(default=20, metadata=doc("points of a joker left in hand", min=0, max=100))
    jokers_per_run: int = field(default=1, metadata=doc("most jokers one run may hold", min=0, max=4))
    jokers_per_set: int = field(default=1, metadata=doc("most jokers one set may hold", min=0, max=4))
    set_joker_swap: str = field(default="all_missing", metadata=doc("to take a joker from a set: all_missing (put in every card it may stand for) or one_card (any one of them)", choices=("all_missing", "one_card")))
    melds_per_turn: int = field(default=0, metadata=doc("most new melds per turn; 0 means no limit", min=0, max=20))
    opening_minimum: int = field(default=0, metadata=doc("points the melds of a player's first put-down turn must reach (0: none); going out in one turn needs no minimum", min=0, max=200))
    take_discard: str = field(default="always", metadata=doc("when the top discard may be taken: always; after_opening (only once the player has melded); to_open (to open with it, or once opened)", choices=("always", "after_opening", "to_open")))
    first_round_free_take: bool = field(default=False, metadata=doc("during the first round of turns anyone may take the card just discarded, with no obligation"))
    taken_card_must: str = field(default="none", metadata=doc("what a card taken from the discard or a meld must do this turn: none; new_meld (go into a new meld); table (go on the table, in a meld or laid off with a card from the hand)", choices=("none", "new_meld", "table")))
    no_rediscard: bool = field(default=False, metadata=doc("the card taken from the discard pile may not be discarded the same turn"))
    take_from_meld: bool = field(default=False, metadata=doc("instead of drawing, an opened player may take a card from a meld if 3 stay in it (an end card of a run)"))
    joker_swap: str = field(default="none", metadata=doc("taking a joker from a meld by putting in the card it stands for: none; draw (instead of drawing); play (during the turn)", choices=("none", "draw", "play")))
    swap_needs_opened: bool = field(default=True, metadata=doc("a joker may be taken only by a player who has opened (or who goes out this turn)"))
    joker_must: str = field(default="none", metadata=doc("what a joker taken from a meld must do this turn: none, new_meld or table", choices=("none", "new_meld", "table")))
    lay_off_requires: str = field(default="nothing", metadata=doc("when a player may lay off: nothing (any time); own_meld (after their own first meld); opening (once opened, or when going out in one turn)", choices=("nothing", "own_meld", "opening")))
    stock_reuse: str = field(default="shuffle", metadata=doc("when the stock is empty: shuffle (the discard pile but its top card is shuffled into a new stock); turn_over (turned over, not shuffled); never (the round ends)", choices=("shuffle", "turn_over", "never")))
    stock_reuse_limit: int = field(default=0, metadata=doc("how many times the stock may be rebuilt in one round; 0 means no limit; past it the round ends with nobody out", min=0, max=100))
    going_out: str = field(default="discard", metadata=doc("discard: a player goes out only by discarding their last card; any: also by melding or laying off it", choices=("discard", "any")))
    carte_penalty: int = field(default=0, metadata=doc("penalty cards drawn by a player who keeps one card without announcing “Carte !” (0: no announcement)", min=0, max=5))
    one_card_draw_only: bool = field(default=False, metadata=doc("a player holding one card may only draw from the stock"))
    scoring: str = field(default="penalty", metadata=doc("penalty: losers score their hand, lowest total wins; winner_takes: the winner scores the others' hands, highest wins", choices=("penalty", "winner_takes")))
    never_down_penalty: int = field(default=0, metadata=doc("penalty added for a player who put nothing down all round (penalty scoring)", min=0, max=500))
    rami_bonus: str = field(default="none", metadata=doc("going out in one turn having put nothing down before (rami): none, double (the round's points doubled) or plus10", choices=("none", "double", "plus10")))
    rami_needs_nobody_down: bool = field(default=False, metadata=doc("rami (sec) counts only while no other player has put any card down"))
    all_at_once_from_round: int = field(default=0, metadata=doc("from this round on, a player may put cards down only to lay their whole hand at once (0: never)", min=0, max=50))


@dataclass(frozen=True)
class GinRules:
    """Gin Rami and its variants (seed 001)."""

    knock_limit: int = field(default=10, metadata=doc("most deadwood a player may knock with", min=0, max=100))
    knock_limit_from_upcard: bool = field(default=False, metadata=doc("Oklahoma: the upcard's value is the knock limit; an ace upcard means gin only"))
    spade_upcard_doubles: bool = field(default=False, metadata=doc("Oklahoma: a spade upcard doubles the round's points"))
    gin_bonus: int = field(default=25, metadata=doc("bonus for going gin", min=0, max=500))
    undercut_bonus: int = field(default=20, metadata=doc("bonus of a defender who undercuts the knocker", min=0, max=500))
    big_gin_bonus: int = field(default=0, metadata=doc("Grand Gin: bonus for melding all 11 cards (0: not played)", min=0, max=500))
    void_at_stock: int = field(default=2, metadata=doc("the round is void when the stock is down to this many cards", min=0, max=10))
    line_bonus: int = field(default=0, metadata=doc("at game end, bonus per round won (box bonus; 0: off)", min=0, max=500))
    game_bonus: int = field(default=0, metadata=doc("at game end, bonus to the winner (0: off)", min=0, max=1000))
    shutout_doubles: bool = field(default=False, metadata=doc("at game end, a loser who won no round doubles the winner's score"))


@dataclass(frozen=True)
class YamiRules:
    """Yami, the 5-card score-sheet game (seed 002)."""

    serie_points_per_card: int = field(default=5, metadata=doc("points per card in a série box", min=0, max=100))
    combination_points: dict[str, int] = field(default_factory=lambda: {"paire": 5, "double_paire": 10, "brelan": 15, "full": 20, "carre": 25, "quinte": 30, "couleur": 35, "quinte_floche": 50}, metadata=doc("points of each combinaison box"))
    bonus: int = field(default=50, metadata=doc("bonus when the séries total reaches the threshold", min=0, max=500))
    bonus_threshold: IntByPlayers = field(default_factory=lambda: {2: 105, 3: 90, 4: 90}, metadata=doc("séries total that earns the bonus, by number of players"))
    ace_as_six: bool = field(default=True, metadata=doc("in quintes the ace may stand for the 6 (A-7-8-9-10)"))
    full_counts_as_double_paire: bool = field(default=True, metadata=doc("a full may be scored in the double paire box (it holds two pairs of different ranks)"))
    contained_combinations: bool = field(default=True, metadata=doc("a combinaison box takes any hand that holds its combination (a brelan as a paire, a full as a brelan, a quinte floche as a quinte); false: only the hand's best combination"))
    carre_counts_as_double_paire: bool = field(default=False, metadata=doc("a carré may be scored in the double paire box (two pairs of the same rank)"))


FAMILY_RULES: dict[str, type[Any]] = {"rummy": RummyRules, "gin": GinRules, "yami": YamiRules}


@dataclass(frozen=True)
class OptionSpec:
    """A house rule a player may change before a game.

    Either a choice (each value lists the fields it overrides) or a number bound to one
    field (`field`, with `min` and `max`).
    """

    name: str
    default: Any
    label: Mapping[str, str]
    help: Mapping[str, str]
    choices: Mapping[Any, Mapping[str, Any]] | None = None
    field: str | None = None
    minimum: int | None = None
    maximum: int | None = None

    def overrides(self, value: Any, variant: str) -> dict[str, Any]:
        """The fields this option sets when it takes `value`."""
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(str(v) for v in self.choices)
                raise VariantError(f"option value {value!r} is not one of {allowed}", variant=variant, field_name=self.name)
            return dict(self.choices[value])
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(f"option value {value!r} is not a whole number", variant=variant, field_name=self.name)
        if (self.minimum is not None and value < self.minimum) or (self.maximum is not None and value > self.maximum):
            raise VariantError(f"option value {value} is outside {self.minimum}..{self.maximum}", variant=variant, field_name=self.name)
        assert self.field is not None
        return {self.field: value}


@dataclass(frozen=True)
class Variant:
    """One playable game with its options in force. Everything the rules read is here."""

    id: str
    family: str
    name: Mapping[str, str]
    description: Mapping[str, str]
    seed: str
    players: tuple[int, int]
    deck: int
    decks: IntByPlayers
    jokers: int | str
    deal: IntByPlayers
    rounds: int
    target: int
    direction: str
    rules: Any
    options: tuple[OptionSpec, ...] = ()
    chosen: Mapping[str, Any] = field(default_factory=dict)

    @property
    def rummy(self) -> RummyRules:
        assert isinstance(self.rules, RummyRules), self.family
        return self.rules

    @property
    def gin(self) -> GinRules:
        assert isinstance(self.rules, GinRules), self.family
        return self.rules

    @property
    def yami(self) -> YamiRules:
        assert isinstance(self.rules, YamiRules), self.family
        return self.rules

    def decks_for(self, players: int) -> int:
        return per_players(self.decks, players)

    def deal_for(self, players: int) -> int:
        return per_players(self.deal, players)

    def jokers_for(self, players: int) -> int:
        """Jokers in the pack: a fixed number, or one per player (Manie de Joker)."""
        return players if self.jokers == "per_player" else int(self.jokers)

    def pack_size(self, players: int) -> int:
        return self.deck * self.decks_for(players) + self.jokers_for(players)

    def title(self, lang: str = "en") -> str:
        return self.name.get(lang) or self.name.get("en") or self.id

    def option(self, name: str) -> OptionSpec:
        for spec in self.options:
            if spec.name == name:
                return spec
        raise VariantError(f"no option {name!r}", variant=self.id, field_name=name)


def per_players(value: IntByPlayers, players: int) -> int:
    """Read an IntByPlayers for a player count (a mapping must have that count)."""
    if isinstance(value, int):
        return value
    return value[players]


# --- building and validating ---------------------------------------------------------------

COMMON_KEYS = {
    "family", "name", "description", "seed", "players", "deck", "decks", "jokers", "deal",
    "rounds", "target", "direction", "options", "extends",
}


def _type_ok(value: Any, annotation: Any) -> bool:
    """Whether `value` (from YAML) fits a field annotation of this module."""
    if annotation is Any:
        return True
    origin = typing.get_origin(annotation)
    if origin in (Union, types.UnionType):
        return any(_type_ok(value, arg) for arg in typing.get_args(annotation))
    if annotation is type(None):
        return value is None
    if annotation is bool:
        return isinstance(value, bool)
    if annotation is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if annotation is str:
        return isinstance(value, str)
    if origin is dict:
        key_type, value_type = typing.get_args(annotation)
        return isinstance(value, dict) and all(
            _type_ok(k, key_type) and _type_ok(v, value_type) for k, v in value.items()
        )
    return False


def _type_name(annotation: Any) -> str:
    if annotation == IntByPlayers:
        return "a whole number or a mapping {players: number}"
    return getattr(annotation, "__name__", str(annotation)).replace("typing.", "")


def build_rules(family: str, raw: Mapping[str, Any], variant: str) -> Any:
    """The family's rules dataclass from the variant's keys that are not common keys."""
    cls = FAMILY_RULES[family]
    hints = typing.get_type_hints(cls)
    known = {f.name: f for f in fields(cls)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key in COMMON_KEYS:
            continue
        if key not in known:
            raise VariantError(f"unknown field for a {family} game", variant=variant, field_name=key)
        _check_field(variant, key, value, hints[key], known[key].metadata)
        values[key] = value
    for name, spec in known.items():
        if name not in values and spec.default is MISSING and spec.default_factory is MISSING:
            raise VariantError("missing field", variant=variant, field_name=name)
    return cls(**values)


def _check_field(variant: str, key: str, value: Any, annotation: Any, meta: Mapping[str, Any]) -> None:
    if not _type_ok(value, annotation):
        raise VariantError(f"{value!r} is not {_type_name(annotation)}", variant=variant, field_name=key)
    if "choices" in meta and value not in meta["choices"]:
        raise VariantError(f"{value!r} is not one of {', '.join(meta['choices'])}", variant=variant, field_name=key)
    numbers = value.values() if isinstance(value, dict) else [value]
    for number in numbers:
        if isinstance(number, int) and not isinstance(number, bool):
            if "min" in meta and number < meta["min"]:
                raise VariantError(f"{number} is below the minimum {meta['min']}", variant=variant, field_name=key)
            if "max" in meta and number > meta["max"]:
                raise VariantError(f"{number} is above the maximum {meta['max']}", variant=variant, field_name=key)


def _text_map(variant: str, key: str, value: Any, required: bool = True) -> dict[str, str]:
    if value is None and not required:
        return {}
    if isinstance(value, str):
        return {"en": value, "fr": value}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise VariantError("expected text or {fr: …, en: …}", variant=variant, field_name=key)
    unknown = set(value) - {"fr", "en"}
    if unknown:
        raise VariantError(f"unknown language {sorted(unknown)[0]!r} (fr, en)", variant=variant, field_name=key)
    return dict(value)


def _int(variant: str, key: str, value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise VariantError(f"{value!r} is not a whole number", variant=variant, field_name=key)
    if not low <= value <= high:
        raise VariantError(f"{value} is outside {low}..{high}", variant=variant, field_name=key)
    return value


def _int_by_players(variant: str, key: str, value: Any, players: tuple[int, int], low: int, high: int) -> IntByPlayers:
    if isinstance(value, dict):
        checked: dict[int, int] = {}
        for count in range(players[0], players[1] + 1):
            if count not in value:
                raise VariantError(f"no value for {count} players", variant=variant, field_name=key)
        for count, number in value.items():
            _int(variant, key, count, 1, 12)
            checked[count] = _int(variant, key, number, low, high)
        return checked
    return _int(variant, key, value, low, high)


def parse_options(variant: str, raw: Any, all_fields: set[str]) -> tuple[OptionSpec, ...]:
    """The house-rule options of a variant, each checked to touch only real fields."""
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        raise VariantError("expected a mapping of options", variant=variant, field_name="options")
    specs = []
    for name, body in raw.items():
        where = f"options.{name}"
        if not isinstance(body, dict):
            raise VariantError("expected a mapping", variant=variant, field_name=where)
        unknown = set(body) - {"default", "label", "help", "choices", "field", "min", "max"}
        if unknown:
            raise VariantError(f"unknown key {sorted(unknown)[0]!r}", variant=variant, field_name=where)
        if "default" not in body:
            raise VariantError("missing default", variant=variant, field_name=where)
        choices = body.get("choices")
        bound = body.get("field")
        if (choices is None) == (bound is None):
            raise VariantError("give either choices or field", variant=variant, field_name=where)
        if choices is not None:
            if not isinstance(choices, dict) or not choices:
                raise VariantError("choices must map each value to the fields it sets", variant=variant, field_name=where)
            for value, sets in choices.items():
                if sets is None:
                    choices[value] = sets = {}
                if not isinstance(sets, dict):
                    raise VariantError(f"choice {value!r} must map fields to values", variant=variant, field_name=where)
                for key in sets:
                    if key not in all_fields or key in ("options", "extends", "family"):
                        raise VariantError(f"choice {value!r} sets unknown field {key!r}", variant=variant, field_name=where)
        elif bound not in all_fields:
            raise VariantError(f"unknown field {bound!r}", variant=variant, field_name=where)
        specs.append(
            OptionSpec(
                name=str(name),
                default=body["default"],
                label=_text_map(variant, where + ".label", body.get("label", str(name))),
                help=_text_map(variant, where + ".help", body.get("help"), required=False),
                choices=choices,
                field=bound,
                minimum=body.get("min"),
                maximum=body.get("max"),
            )
        )
        specs[-1].overrides(specs[-1].default, variant)
    return tuple(specs)


def all_field_names() -> set[str]:
    names = set(COMMON_KEYS)
    for cls in FAMILY_RULES.values():
        names |= {f.name for f in fields(cls)}
    return names


def build_variant(variant_id: str, raw: Mapping[str, Any], chosen: Mapping[str, Any] | None = None) -> Variant:
    """A Variant from its (already `extends`-merged) mapping, with options applied.

    Options not given take their default. Raises VariantError on anything wrong.
    """
    if not isinstance(raw, Mapping):
        raise VariantError("expected a mapping of fields", variant=variant_id)
    family = raw.get("family")
    if family not in FAMILIES:
        raise VariantError(f"{family!r} is not one of {', '.join(FAMILIES)}", variant=variant_id, field_name="family")
    options = parse_options(variant_id, raw.get("options"), all_field_names())
    chosen = dict(chosen or {})
    unknown = set(chosen) - {o.name for o in options}
    if unknown:
        raise VariantError("no such option for this game", variant=variant_id, field_name=sorted(unknown)[0])
    merged = dict(raw)
    in_force: dict[str, Any] = {}
    for spec in options:
        value = chosen.get(spec.name, spec.default)
        merged.update(spec.overrides(value, variant_id))
        in_force[spec.name] = value
    return _build(variant_id, family, merged, options, in_force)


def _build(variant_id: str, family: str, raw: Mapping[str, Any], options: tuple[OptionSpec, ...], chosen: dict[str, Any]) -> Variant:
    v = variant_id
    players_raw = raw.get("players")
    if not (isinstance(players_raw, list) and len(players_raw) == 2):
        raise VariantError("expected [fewest, most] players", variant=v, field_name="players")
    low = _int(v, "players", players_raw[0], 2, 8)
    high = _int(v, "players", players_raw[1], low, 8)
    players = (low, high)
    deck = raw.get("deck", 52)
    if deck not in (32, 52):
        raise VariantError(f"{deck!r} is not 32 or 52", variant=v, field_name="deck")
    jokers = raw.get("jokers", 0)
    if jokers != "per_player":
        jokers = _int(v, "jokers", jokers, 0, 12)
    direction = raw.get("direction", "left")
    if direction not in ("left", "right"):
        raise VariantError(f"{direction!r} is not left or right", variant=v, field_name="direction")
    variant = Variant(
        id=v,
        family=family,
        name=_text_map(v, "name", raw.get("name", v)),
        description=_text_map(v, "description", raw.get("description", ""), required=False),
        seed=str(raw.get("seed", "")),
        players=players,
        deck=deck,
        decks=_int_by_players(v, "decks", raw.get("decks", 1), players, 1, 4),
        jokers=jokers,
        deal=_int_by_players(v, "deal", raw.get("deal"), players, 1, 60),
        rounds=_int(v, "rounds", raw.get("rounds", 0), 0, 100),
        target=_int(v, "target", raw.get("target", 0), 0, 100000),
        direction=direction,
        rules=build_rules(family, raw, v),
        options=options,
        chosen=chosen,
    )
    _check_possible(variant)
    return variant


def _check_possible(variant: Variant) -> None:
    """Cross-field checks: the deal fits in the pack, the game has an end."""
    if variant.rounds == 0 and variant.target == 0:
        raise VariantError("the game needs a number of rounds or a target score", variant=variant.id, field_name="rounds")
    extra = 1 if isinstance(variant.rules, RummyRules) and variant.rules.starter_extra_card else 0
    for players in range(variant.players[0], variant.players[1] + 1):
        need = variant.deal_for(players) * players + extra + 2
        have = variant.pack_size(players)
        if need > have:
            raise VariantError(
                f"{players} players × {variant.deal_for(players)} cards (+ stock) need {need} cards; "
                f"the pack holds {have}",
                variant=variant.id,
                field_name="deal",
            )


def with_options(variant: Variant, raw: Mapping[str, Any], **chosen: Any) -> Variant:
    """Rebuild a variant with other option values (keeps the id)."""
    merged = dict(variant.chosen)
    merged.update(chosen)
    return replace(build_variant(variant.id, raw, merged))
