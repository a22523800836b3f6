"""The one registry of the rules' families: family id (a variant's `family`) → its rules.

A family registers here in one line; `Game` and every reader find a variant's rules through
`family_of`, never by testing the family's name. The other layers keep their own table
keyed by the same ids (`bots.BOT_FAMILIES`, `ui.families.SCREEN_FAMILIES`,
`phone.viewjson.PHONE_FAMILIES`), since the rules know nothing of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ramigui.rules.family import Family
from ramigui.rules.gin import GIN
from ramigui.rules.rummy import RUMMY
from ramigui.rules.variant import Variant
from ramigui.rules.yami import YAMI

FAMILIES: Mapping[str, Family] = MappingProxyType({"rummy": RUMMY, "gin": GIN, "yami": YAMI})
"""Every family of games, by id."""


def family_of(variant: Variant) -> Family:
    """The rules of the variant's family."""
    try:
        return FAMILIES[variant.family]
    except KeyError:
        raise ValueError(f"{variant.id}: no family {variant.family!r} (one of {', '.join(FAMILIES)})") from None
