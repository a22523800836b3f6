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

from ramigui.cards import Card
from ramigui.rules.variant import Variant
from ramigui.ui.hand_groups import Group, gin_hand_melds, no_hand_melds, rummy_hand_melds
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


SCREEN_FAMILIES: Mapping[str, ScreenFamily] = MappingProxyType({
    "rummy": ScreenFamily(FamilyTable, rummy_hand_melds, fills_boxes=False),
    "gin": ScreenFamily(GinTable, gin_hand_melds, fills_boxes=False),
    "yami": ScreenFamily(YamiTable, no_hand_melds, fills_boxes=True),
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
