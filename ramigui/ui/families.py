"""The one table of what the screens do their own way for each family of games, by family id.

The rules' registry (`ramigui.rules.families`) says how each family plays; this one says how
the window shows it: the table's part (buttons, prompts, panels, keys), how a hand is
grouped, how a round's end is laid out and its points said in words. Code of the screens asks its family's entry
here instead of testing the family's name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ramigui.cards import Card
from ramigui.rules.variant import Variant
from ramigui.ui.hand_groups import Group, gin_hand_melds, no_hand_melds, rummy_hand_melds
from ramigui.ui.score_words import RoundFacts, ScoreWords, gin_words, rummy_words, yami_words
from ramigui.ui.table_family import FamilyTable
from ramigui.ui.table_gin import GinTable
from ramigui.ui.table_yami import YamiTable


@dataclass(frozen=True)
class ScreenFamily:
    """How the screens show one family of games."""

    table: type[FamilyTable]
    """The table's part: the family's buttons, prompts, panels, keys and questions."""
    hand_melds: Callable[[Sequence[Card], Variant], list[Group]]
    """The melds a hand already holds, each in table order (the hand is grouped by them)."""
    fills_boxes: bool
    """A round fills one box of a score sheet: the end of a round shows the box filled and
    the hands shown, not melds."""
    score_words: ScoreWords
    """How a seat's points of a round are made up, in words (`points_parts`)."""
    result_mark: str
    """A key only this family's round results carry in their details: the words of a
    finished game whose variant is gone are found by it."""


SCREEN_FAMILIES: Mapping[str, ScreenFamily] = MappingProxyType({
    "rummy": ScreenFamily(FamilyTable, rummy_hand_melds, fills_boxes=False, score_words=rummy_words,
                          result_mark="hand_points"),
    "gin": ScreenFamily(GinTable, gin_hand_melds, fills_boxes=False, score_words=gin_words, result_mark="knocker"),
    "yami": ScreenFamily(YamiTable, no_hand_melds, fills_boxes=True, score_words=yami_words, result_mark="marks"),
})
"""Every family the screens show, by family id (the ids of `rules.families.FAMILIES`)."""


def screen_family(variant: Variant) -> ScreenFamily:
    """How the screens show the variant's family."""
    try:
        return SCREEN_FAMILIES[variant.family]
    except KeyError:
        raise ValueError(f"{variant.id}: the screens know no family {variant.family!r}") from None


def hand_melds(cards: Sequence[Card], variant: Variant) -> list[Group]:
    """The melds `cards` already hold, each in the order it would lie on the table."""
    return screen_family(variant).hand_melds(cards, variant) if len(cards) >= 3 else []


def points_parts(result: Any, seat: int, variant: Any, plain: bool = True,
                 names: Sequence[str] | None = None) -> str:
    """How `seat`'s points of this round are made up, in words ("" when they need no
    words), by the words of the variant's family (`score_words`). `plain` False leaves out
    points that are only the cards left in hand (the score sheet, where a line per round
    names only what is more than that). With the seats' `names`, gin says whose deadwood is
    whose ("19 deadwood (Bot) − 7 (Ann)"). `variant` None: a finished game whose variant is
    gone, whose family is read off the result."""
    if result is None:
        return ""
    facts = RoundFacts.of(result, seat)
    family = SCREEN_FAMILIES.get(getattr(variant, "family", ""))
    if family is None:
        family = next((f for f in SCREEN_FAMILIES.values() if f.result_mark in facts.details), None)
    return family.score_words(facts, variant, plain, names) if family is not None else ""
