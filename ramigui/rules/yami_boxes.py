"""Yami's score sheet: the 16 boxes + BONUS, what five cards can fill, and one player's sheet.

Seed 002 (the source of truth) names two kinds of boxes:

* LES SÉRIES, one box per rank 7 8 9 10 J Q K A: "Une carte quelconque (5 points)", "La paire
  (10 points)", "Le brelan (15 points)", "Le carré (20 points)" — 5 points per card of the
  box's rank, the cards "de même valeur et de couleurs différentes".
* LES COMBINAISONS: paire 5, double paire 10, brelan 15, full 20, carré 25, quinte 30, couleur
  35, quinte floche 50; "dans les quintes et quintes floches, l'As peut remplacer le 6".

"Couleurs différentes" is why two identical cards of a double deck (8H 8H) never make a pair:
cards of one rank count once per suit. The points the seed leaves open are decided by fields
of `YamiRules` (documented in variants.yaml): a combinaison box accepts any hand that holds
its combination (`contained_combinations`), a full may fill the double paire box
(`full_counts_as_double_paire`), a carré may not (`carre_counts_as_double_paire`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from ramigui.cards import Card, rank_name
from ramigui.rules.moves import Move
from ramigui.rules.variant import YamiRules, per_players

SERIES_RANKS = (7, 8, 9, 10, 11, 12, 13, 1)
SERIES: tuple[str, ...] = tuple(rank_name(rank) for rank in SERIES_RANKS)
"""The série boxes, named by rank: 7 8 9 10 J Q K A."""
COMBINATIONS = ("paire", "double_paire", "brelan", "full", "carre", "quinte", "couleur", "quinte_floche")
BONUS = "bonus"
SHEET_BOXES: tuple[str, ...] = SERIES + COMBINATIONS
"""The 16 boxes filled one per round (BONUS is earned, never filled by cards)."""
BOXES: tuple[str, ...] = SHEET_BOXES + (BONUS,)

_ALIASES = {
    "t": "10", "v": "J", "d": "Q", "r": "K", "1": "A", "as": "A",
    "double": "double_paire", "doublepaire": "double_paire", "carré": "carre",
    "floche": "quinte_floche", "quintefloche": "quinte_floche",
}


def box_of(word: str) -> str | None:
    """The box a player's word names (`j`, `J`, `V`, `carré`, `double-paire`), or None."""
    text = word.strip().replace("-", "_")
    upper = text.upper()
    if upper in SERIES:
        return upper
    lower = text.lower()
    if lower in BOXES:
        return lower
    return _ALIASES.get(lower.replace("_", ""), _ALIASES.get(lower))


def move_word(box: str) -> str:
    """How a box is written in a move: lower case (`score j`), which the move parser keeps."""
    return box.lower()


# --- what five cards can fill -------------------------------------------------------------


def _suits_by_rank(cards: Iterable[Card]) -> dict[int, set[str]]:
    """Each rank's distinct suits: identical cards of a double deck count once."""
    found: dict[int, set[str]] = {}
    for card in cards:
        if not card.is_joker:
            found.setdefault(card.rank, set()).add(card.suit)
    return found


def _is_quinte(ranks: Sequence[int], ace_as_six: bool) -> bool:
    """Five different ranks that follow each other; the ace is high, or stands for the 6."""
    if len(ranks) != 5 or len(set(ranks)) != 5:
        return False
    aces = (14, 6) if ace_as_six else (14,)
    for ace in aces:
        values = sorted(ace if rank == 1 else rank for rank in ranks)
        if len(set(values)) == 5 and values[-1] - values[0] == 4:
            return True
    return False


def _combinations(cards: Sequence[Card], rules: YamiRules) -> set[str]:
    """Every combinaison the cards hold (a brelan also holds a paire, and so on)."""
    suits = _suits_by_rank(cards)
    sizes = sorted((len(s) for s in suits.values()), reverse=True) + [0, 0]
    held: set[str] = set()
    if sizes[0] >= 2:
        held.add("paire")
    if sizes[0] >= 3:
        held.add("brelan")
    if sizes[0] >= 4:
        held.add("carre")
    full = sizes[0] >= 3 and sizes[1] >= 2
    if full:
        held.add("full")
    two_pairs = sizes[0] >= 2 and sizes[1] >= 2
    if two_pairs and (not full or rules.full_counts_as_double_paire):
        held.add("double_paire")
    if sizes[0] >= 4 and rules.carre_counts_as_double_paire:
        held.add("double_paire")
    ranks = [card.rank for card in cards if not card.is_joker]
    quinte = len(ranks) == len(cards) and _is_quinte(ranks, rules.ace_as_six)
    one_suit = len(cards) == 5 and len({card.suit for card in cards}) == 1
    couleur = one_suit and len(set(ranks)) == 5
    if quinte:
        held.add("quinte")
    if couleur:
        held.add("couleur")
    if quinte and one_suit:
        held.add("quinte_floche")
    return held


def _best_only(held: set[str], rules: YamiRules) -> set[str]:
    """Without `contained_combinations`, a hand fills only its most valuable combinaison."""
    if rules.contained_combinations or not held:
        return held
    points = rules.combination_points
    best = max(held, key=lambda box: (points.get(box, 0), COMBINATIONS.index(box)))
    return {best}


def box_counts(cards: Sequence[Card]) -> dict[str, int]:
    """For each série box the cards can fill, the number of cards that count (suits differ)."""
    suits = _suits_by_rank(cards)
    return {rank_name(rank): len(suits[rank]) for rank in SERIES_RANKS if rank in suits}


def fillable(cards: Sequence[Card], rules: YamiRules | None = None) -> dict[str, int]:
    """Every box the cards could fill, with its points (0-point boxes kept: still filled)."""
    rules = rules or YamiRules()
    found = {box: count * rules.serie_points_per_card for box, count in box_counts(cards).items()}
    held = _best_only(_combinations(cards, rules), rules)
    for box in COMBINATIONS:
        if box in held:
            found[box] = rules.combination_points.get(box, 0)
    return found


def box_scores(cards: Sequence[Card], rules: YamiRules | None = None) -> dict[str, int]:
    """Every box the cards could fill with its points, boxes worth 0 left out (the contract).

    >>> from ramigui.cards import parse_cards
    >>> box_scores(parse_cards("8S 8H 8D 9C KS"))
    {'8': 15, '9': 5, 'K': 5, 'paire': 5, 'brelan': 15}
    """
    return {box: points for box, points in fillable(cards, rules).items() if points > 0}


def exposable(cards: Sequence[Card], rules: YamiRules | None = None) -> dict[str, int]:
    """The boxes an exposer may fill: "S'il veut marquer dans les séries, le joueur doit exposer
    un brelan ou un carré ; … dans les combinaisons, … l'une des combinaisons indiquées".
    """
    counts = box_counts(cards)
    return {
        box: points
        for box, points in fillable(cards, rules).items()
        if box not in counts or counts[box] >= 3
    }


# --- one player's sheet -------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """One player's fiche: the boxes filled so far, in order, with their points.

    A crossed-out box holds None. "Quand une case est remplie, on ne peut plus y revenir !":
    a sheet only grows. BONUS is not stored: it is earned from the séries total.
    """

    marks: tuple[tuple[str, int | None], ...] = ()

    @classmethod
    def of(cls, marks: Mapping[str, int | None] | Sheet | None) -> Sheet:
        """A sheet from a mapping box → points (None: crossed out), checked."""
        if marks is None:
            return cls()
        if isinstance(marks, Sheet):
            return marks
        sheet = cls()
        for word, points in marks.items():
            box = box_of(word)
            if box is None or box == BONUS:
                raise ValueError(f"{word!r} is not a box of the sheet")
            if points is not None and (isinstance(points, bool) or not isinstance(points, int) or points < 0):
                raise ValueError(f"box {box}: {points!r} is not a number of points")
            sheet = sheet.with_mark(box, points)
        return sheet

    def as_dict(self) -> dict[str, int | None]:
        return dict(self.marks)

    def is_free(self, box: str) -> bool:
        return box in SHEET_BOXES and all(name != box for name, _ in self.marks)

    @property
    def free(self) -> tuple[str, ...]:
        """The free boxes, in sheet order (BONUS never among them)."""
        taken = {name for name, _ in self.marks}
        return tuple(box for box in SHEET_BOXES if box not in taken)

    @property
    def crossed(self) -> tuple[str, ...]:
        return tuple(name for name, points in self.marks if points is None)

    @property
    def is_full(self) -> bool:
        return len(self.marks) == len(SHEET_BOXES)

    def with_mark(self, box: str, points: int | None) -> Sheet:
        """The sheet with `box` filled (None: crossed out). The box must be free."""
        if not self.is_free(box):
            raise ValueError(f"box {box} is not free")
        return Sheet(self.marks + ((box, points),))

    def points(self, box: str) -> int | None:
        return dict(self.marks).get(box)

    @property
    def series_total(self) -> int:
        return sum(p or 0 for box, p in self.marks if box in SERIES)

    @property
    def combinations_total(self) -> int:
        return sum(p or 0 for box, p in self.marks if box in COMBINATIONS)

    def bonus(self, rules: YamiRules, players: int) -> int:
        """"un joueur totalisant 90 points ou plus – 105 ou plus à 2 joueurs – dans les séries,
        se voit offrir un bonus de 50 points"."""
        threshold = per_players(rules.bonus_threshold, players)
        return rules.bonus if self.series_total >= threshold else 0

    def total(self, rules: YamiRules, players: int) -> int:
        return self.series_total + self.combinations_total + self.bonus(rules, players)


def box_choices(
    hand: Sequence[Card], legal: Iterable[Move], exposing: bool, rules: YamiRules | None = None
) -> list[tuple[str, Move, int | None]]:
    """(box, move, points) for each box the legal moves let the player mark, in sheet
    order; points None for a box that can only be crossed out. `exposing`: the player is
    the exposer (who needs a brelan for a série box). The table's and the phone's chooser."""
    points = exposable(hand, rules) if exposing else fillable(hand, rules)
    found: dict[str, tuple[Move, int | None]] = {}
    for move in legal:
        box = box_of(move.word or "")
        if box is not None and move.kind in ("score", "cross"):
            found[box] = (move, points.get(box) if move.kind == "score" else None)
    return [(box, *found[box]) for box in SHEET_BOXES if box in found]


def max_total(rules: YamiRules) -> int:
    """The best possible sheet: a carré in every série box, every combinaison, the bonus (400)."""
    return len(SERIES) * 4 * rules.serie_points_per_card + sum(rules.combination_points.values()) + rules.bonus
