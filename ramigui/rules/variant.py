"""Variant: one game's rules as a frozen, typed config, and the schema of its fields.

`variants.yaml` (read by `ramigui.variants`, which does the file I/O) gives each variant a
flat mapping; `ramigui.rules.variant_build` turns it into a `Variant`, refusing any unknown
key, wrong type or impossible value with a `VariantError` naming the variant and the field.
Each family (rummy, gin, yami) has its own rules dataclass; each field carries its
documentation and its allowed values in `metadata`, so the schema is written in one place.

A Variant is deeply frozen: its mappings are read-only copies (`ramigui.rules.frozen`),
never the catalogue's own dicts, so no game, bot or view can change the rules of
another game by writing into the one it was handed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ramigui.rules.frozen import frozen, frozen_mapping
from ramigui.rules.variant_errors import TooLongNumber, VariantError, listed, shown

__all__ = ["FAMILIES", "FAMILY_RULES", "GinRules", "IntByPlayers", "OptionSpec", "RummyRules",
           "Variant", "VariantError", "YamiRules", "choice_key", "per_players"]

FAMILIES = ("rummy", "gin", "yami")


def doc(text: str, **limits: Any) -> dict[str, Any]:
    """Field metadata: the field's documentation and its allowed values or range."""
    return {"doc": text, **limits}


IntByPlayers = int | dict[int, int]
"""A number that may depend on the number of players: `14` or `{2: 10, 3: 7, 4: 6}`."""


@dataclass(frozen=True)
class RummyRules:
    """The draw–meld–discard games (Rami familial, Rami de base and its kin, Rami 40/50/51)."""

    upcard: bool = field(default=False, metadata=doc("after the deal one card is turned up to start the discard pile"))
    starter_extra_card: bool = field(
        default=False,
        metadata=doc(
            "the first player gets one card more and starts without drawing (discards first)"
        ),
    )
    ace: str = field(
        default="low",
        metadata=doc(
            "where an ace may stand in a run: low (A-2-3), high_or_low (A-2-3 or Q-K-A), around (K-A-2 too)",
            choices=("low", "high_or_low", "around"),
        ),
    )
    ace_value: int = field(default=1, metadata=doc("points of an ace, in hand and in melds", min=1, max=50))
    joker_value: int = field(default=20, metadata=doc("points of a joker left in hand", min=0, max=100))
    jokers_per_run: int = field(default=1, metadata=doc("most jokers one run may hold", min=0, max=4))
    jokers_per_set: int = field(default=1, metadata=doc("most jokers one set may hold", min=0, max=4))
    set_joker_swap: str = field(
        default="all_missing",
        metadata=doc(
            "to take a joker from a set: all_missing (put in every card it may stand for) or "
            "one_card (any one of them)",
            choices=("all_missing", "one_card"),
        ),
    )
    melds_per_turn: int = field(default=0, metadata=doc("most new melds per turn; 0 means no limit", min=0, max=20))
    opening_minimum: int = field(
        default=0,
        metadata=doc(
            "points the melds of a player's first put-down turn must reach (0: none); going out "
            "in one turn needs no minimum",
            min=0,
            max=200,
        ),
    )
    take_discard: str = field(
        default="always",
        metadata=doc(
            "when the top discard may be taken: always; after_opening (only once the player has "
            "melded); to_open (to open with it, or once opened)",
            choices=("always", "after_opening", "to_open"),
        ),
    )
    first_round_free_take: bool = field(
        default=False,
        metadata=doc(
            "during the first round of turns anyone may take the card just discarded, with no obligation"
        ),
    )
    taken_card_must: str = field(
        default="none",
        metadata=doc(
            "what a card taken from the discard or a meld must do this turn: none; new_meld (go "
            "into a new meld); table (go on the table, in a meld or laid off with a card from the "
            "hand)",
            choices=("none", "new_meld", "table"),
        ),
    )
    no_rediscard: bool = field(
        default=False,
        metadata=doc("the card taken from the discard pile may not be discarded the same turn"),
    )
    take_from_meld: bool = field(
        default=False,
        metadata=doc(
            "instead of drawing, an opened player may take a card from a meld if 3 stay in it (an end card of a run)"
        ),
    )
    joker_swap: str = field(
        default="none",
        metadata=doc(
            "taking a joker from a meld by putting in the card it stands for: none; draw (instead "
            "of drawing); play (during the turn)",
            choices=("none", "draw", "play"),
        ),
    )
    swap_needs_opened: bool = field(
        default=True,
        metadata=doc(
            "a joker may be taken only by a player who has opened (or who goes out this turn)"
        ),
    )
    joker_must: str = field(
        default="none",
        metadata=doc(
            "what a joker taken from a meld must do this turn: none, new_meld or table",
            choices=("none", "new_meld", "table"),
        ),
    )
    lay_off_requires: str = field(
        default="nothing",
        metadata=doc(
            "when a player may lay off: nothing (any time); own_meld (after their own first "
            "meld); opening (once opened, or when going out in one turn)",
            choices=("nothing", "own_meld", "opening"),
        ),
    )
    stock_reuse: str = field(
        default="shuffle",
        metadata=doc(
            "when the stock is empty: shuffle (the discard pile but its top card is shuffled into "
            "a new stock); shuffle_all (the whole pile is shuffled into a new stock); turn_over "
            "(the whole pile turned over, not shuffled); never (the round ends)",
            choices=("shuffle", "shuffle_all", "turn_over", "never"),
        ),
    )
    stock_reuse_limit: int = field(
        default=0,
        metadata=doc(
            "how many times the stock may be rebuilt in one round; 0 means no limit; past it the "
            "round ends with nobody out",
            min=0,
            max=100,
        ),
    )
    going_out: str = field(
        default="discard",
        metadata=doc(
            "discard: a player goes out only by discarding their last card; any: also by melding or laying off it",
            choices=("discard", "any"),
        ),
    )
    carte_penalty: int = field(
        default=0,
        metadata=doc(
            "penalty cards drawn by a player who keeps one card without announcing “Carte !” (0: no announcement)",
            min=0,
            max=5,
        ),
    )
    one_card_draw_only: bool = field(
        default=False, metadata=doc("a player holding one card may only draw from the stock")
    )
    scoring: str = field(
        default="penalty",
        metadata=doc(
            "penalty: losers score their hand, lowest total wins; winner_takes: the winner scores "
            "the others' hands, highest wins",
            choices=("penalty", "winner_takes"),
        ),
    )
    never_down_penalty: int = field(
        default=0,
        metadata=doc(
            "penalty added for a player who put nothing down all round (penalty scoring)",
            min=0,
            max=500,
        ),
    )
    rami_bonus: str = field(
        default="none",
        metadata=doc(
            "going out in one turn having put nothing down before (rami): none, double (the "
            "round's points doubled) or plus10",
            choices=("none", "double", "plus10"),
        ),
    )
    rami_needs_nobody_down: bool = field(
        default=False,
        metadata=doc("rami (sec) counts only while no other player has put any card down"),
    )
    all_at_once_from_round: int = field(
        default=0,
        metadata=doc(
            "from this round on, a player may put cards down only to lay their whole hand at once (0: never)",
            min=0,
            max=50,
        ),
    )


@dataclass(frozen=True)
class GinRules:
    """Gin Rami and its variants (seed 001)."""

    knock_limit: int = field(default=10, metadata=doc("most deadwood a player may knock with", min=0, max=100))
    knock_limit_from_upcard: bool = field(
        default=False,
        metadata=doc(
            "Oklahoma: the upcard's value is the knock limit; an ace upcard means gin only"
        ),
    )
    spade_upcard_doubles: bool = field(
        default=False, metadata=doc("Oklahoma: a spade upcard doubles the round's points")
    )
    gin_bonus: int = field(default=25, metadata=doc("bonus for going gin", min=0, max=500))
    undercut_bonus: int = field(
        default=20, metadata=doc("bonus of a defender who undercuts the knocker", min=0, max=500)
    )
    big_gin_bonus: int = field(
        default=0,
        metadata=doc("Grand Gin: bonus for melding all 11 cards (0: not played)", min=0, max=500),
    )
    void_at_stock: int = field(
        default=2,
        metadata=doc("the round is void when the stock is down to this many cards", min=0, max=10),
    )
    line_bonus: int = field(
        default=0,
        metadata=doc("at game end, bonus per round won (box bonus; 0: off)", min=0, max=500),
    )
    game_bonus: int = field(default=0, metadata=doc("at game end, bonus to the winner (0: off)", min=0, max=1000))
    shutout_doubles: bool = field(
        default=False,
        metadata=doc("at game end, a loser who won no round doubles the winner's score"),
    )


COMBINATION_POINTS = {"paire": 5, "double_paire": 10, "brelan": 15, "full": 20, "carre": 25,
                      "quinte": 30, "couleur": 35, "quinte_floche": 50}
"""Yami's combinaison boxes and their usual points (seed 002)."""


@dataclass(frozen=True)
class YamiRules:
    """Yami, the 5-card score-sheet game (seed 002)."""

    serie_points_per_card: int = field(default=5, metadata=doc("points per card in a série box", min=0, max=100))
    combination_points: dict[str, int] = field(
        default_factory=lambda: dict(COMBINATION_POINTS),
        metadata=doc(
            "points of each combinaison box (every box named)",
            keys=tuple(COMBINATION_POINTS),
            min=0,
            max=500,
        ),
    )
    bonus: int = field(default=50, metadata=doc("bonus when the séries total reaches the threshold", min=0, max=500))
    bonus_threshold: IntByPlayers = field(
        default_factory=lambda: {2: 105, 3: 90, 4: 90},
        metadata=doc("séries total that earns the bonus, by number of players", min=0, max=1000),
    )
    ace_as_six: bool = field(default=True, metadata=doc("in quintes the ace may stand for the 6 (A-7-8-9-10)"))
    full_counts_as_double_paire: bool = field(
        default=True,
        metadata=doc(
            "a full may be scored in the double paire box (it holds two pairs of different ranks)"
        ),
    )
    contained_combinations: bool = field(
        default=True,
        metadata=doc(
            "a combinaison box takes any hand that holds its combination (a brelan as a paire, a "
            "full as a brelan, a quinte floche as a quinte); false: only the hand's best "
            "combination"
        ),
    )
    carre_counts_as_double_paire: bool = field(
        default=False,
        metadata=doc("a carré may be scored in the double paire box (two pairs of the same rank)"),
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "combination_points", frozen(self.combination_points))
        object.__setattr__(self, "bonus_threshold", frozen(self.bonus_threshold))


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
    minimum: int = 0
    maximum: int = 0

    def __post_init__(self) -> None:
        for name in ("label", "help"):
            object.__setattr__(self, name, frozen_mapping(getattr(self, name)))
        if self.choices is not None:
            object.__setattr__(self, "choices", frozen(self.choices))

    def matters_with(self, players: int) -> bool:
        """Whether this house rule can change a game of `players`. Which way play turns
        changes nothing at two: the dealer's left-hand neighbour is also their right-hand one,
        so a menu offering it there would offer a choice that is none."""
        fields = {self.field} if self.choices is None else {name for sets in self.choices.values() for name in sets}
        return players > 2 or fields != {"direction"}

    def overrides(self, value: Any, variant: str) -> dict[str, Any]:
        """The fields this option sets when it takes `value` (a value of another type, a list
        from a damaged settings file say, is refused like any value not offered)."""
        where = f"options.{self.name}"
        if self.choices is not None:
            key = choice_key(self.choices, value)
            if key is None:
                raise VariantError("option_value", variant=variant, field_name=where, value=shown(value),
                                   allowed=listed(self.choices))
            return dict(self.choices[key])
        low, high = self.minimum, self.maximum
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise VariantError("option_number", variant=variant, field_name=where, value=shown(value),
                               low=low, high=high)
        assert self.field is not None
        return {self.field: value}


def choice_key(choices: Mapping[Any, Any], value: Any) -> Any:
    """The choice equal to `value` *and of its type* (YAML's `1` and `true` are different
    choices, though Python finds 1 == True), or None when there is none."""
    if isinstance(value, TooLongNumber) or not isinstance(value, (str, int)):
        return None
    for key in choices:
        if type(key) is type(value) and key == value:
            return key
    return None


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

    def __post_init__(self) -> None:
        for name in ("name", "description", "chosen"):
            object.__setattr__(self, name, frozen_mapping(getattr(self, name)))
        for name in ("players", "decks", "deal", "options"):
            object.__setattr__(self, name, frozen(getattr(self, name)))

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

    @property
    def step(self) -> int:
        """+1 or -1: which way play goes round the table (`direction`, left or right)."""
        return 1 if self.direction == "left" else -1

    def seat_after(self, seat: int, players: int) -> int:
        """The seat that plays after `seat` in the variant's direction of play."""
        return (seat + self.step) % players

    def players_refused(self, players: int) -> str | None:
        """Why `players` cannot play this variant ("gin is played by 2 players, not 4"),
        None when they can."""
        low, high = self.players
        if low <= players <= high:
            return None
        count = str(low) if low == high else f"{low} to {high}"
        return f"{self.id} is played by {count} players, not {players}"

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
