"""One registry of families per layer, all keyed by the same family ids, and no test of a
family's name anywhere else: a new family registers in each table, and a missing entry is
a clear error, not a silent fall-through to another family's code."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from ramigui.bots import POLICIES, make_bot
from ramigui.bots.explain import _WHY
from ramigui.phone.viewjson import PHONE_FAMILIES
from ramigui.rules import Game
from ramigui.rules.families import FAMILIES, family_of
from ramigui.ui.families import SCREEN_FAMILIES, screen_family
from ramigui.variants import get_variant

PACKAGE = Path(__file__).resolve().parent.parent / "ramigui"
NAME_TEST = re.compile(r"""family\s*[!=]=\s*["']|["']\s*[!=]=\s*\S*family\b""")


def test_every_layer_knows_the_same_families() -> None:
    ids = set(FAMILIES)
    assert ids == {"rummy", "gin", "yami"}
    for table in (POLICIES, _WHY, PHONE_FAMILIES, SCREEN_FAMILIES):
        assert set(table) == ids


@pytest.mark.parametrize("variant", ["rami51", "rami", "gin", "yami"])
def test_a_variant_finds_its_family_in_each_registry(variant: str) -> None:
    chosen = get_variant(variant)
    assert family_of(chosen).name == chosen.family
    game = Game.new(chosen, 2, seed=5)
    table = screen_family(chosen).table
    assert table.__name__ == {"rummy": "FamilyTable", "gin": "GinTable", "yami": "YamiTable"}[chosen.family]
    move = make_bot(variant, "medium", 1).choose(game.view(game.to_play))
    assert game.is_legal(move)


def test_an_unknown_family_is_said_so() -> None:
    stranger = dataclasses.replace(get_variant("gin"), family="tarot")
    with pytest.raises(ValueError, match="tarot"):
        family_of(stranger)
    with pytest.raises(ValueError, match="tarot"):
        screen_family(stranger)


def test_no_code_outside_the_registries_tests_a_familys_name() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if NAME_TEST.search(line)]
    assert found == []
    assert NAME_TEST.search('if variant.family == "gin":') and NAME_TEST.search("family != 'yami'")
