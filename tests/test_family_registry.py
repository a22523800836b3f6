"""One registry of families per layer, all keyed by the same family ids, and no test of a
family's name anywhere else: a new family registers in each table, and a missing entry is
a clear error, not a silent fall-through to another family's code."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from ramigui.bots import BOT_FAMILIES, make_bot
from ramigui.phone.viewjson import PHONE_FAMILIES
from ramigui.rules import Game
from ramigui.rules.families import FAMILIES, family_of
from ramigui.score_words import FAMILY_WORDS
from ramigui.ui.families import SCREEN_FAMILIES, screen_family
from ramigui.variants import get_variant

PACKAGE = Path(__file__).resolve().parent.parent / "ramigui"
NAME_TEST = re.compile(r"""family\s*[!=]=\s*["']|["']\s*[!=]=\s*\S*family\b""")


def test_every_layer_knows_the_same_families() -> None:
    ids = set(FAMILIES)
    assert ids == {"rummy", "gin", "yami"}
    for table in (BOT_FAMILIES, PHONE_FAMILIES, SCREEN_FAMILIES, FAMILY_WORDS):
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


def test_the_phone_page_tests_no_familys_name() -> None:
    """phone.js draws each family's buttons and sorts from the host's `page`, never from
    the family's name."""
    script = (PACKAGE / "phone" / "static" / "phone.js").read_text(encoding="utf-8")
    assert not re.search(r"family\s*[!=]==?|\.family\b", script)


@pytest.mark.parametrize(("variant", "phase", "buttons", "sorts"), [
    ("gin", "offer", [("take", True), ("pass", False)], ["suit", "rank", "melds"]),
    ("gin", "discard", [("knock", True), ("gin", True)], ["suit", "rank", "melds"]),
    ("gin", "over", [], ["suit", "rank", "melds"]),
    ("rami51", "play", [("carte", True)], ["suit", "rank"]),
    ("yami", "exchange", [("expose", True)], ["suit", "rank"]),
])
def test_the_phone_page_is_told_its_familys_buttons(variant: str, phase: str, buttons: list[tuple[str, bool]],
                                                    sorts: list[str]) -> None:
    from ramigui.bots.random_bot import RandomBot
    from ramigui.phone.viewjson import view_json

    game = Game.new(variant, 2, seed=5)
    bot = RandomBot(1)
    while game.view(game.to_play).public.phase != phase:
        game.play(bot.choose(game.view(game.to_play)))
    page = view_json(game.view(game.to_play), ["Ann", "Bob"])["page"]
    assert [(b["kind"], b["lit"]) for b in page["buttons"]] == buttons and page["sorts"] == sorts
    assert [b["finish"] for b in page["buttons"]] == [kind in ("knock", "gin") for kind, _ in buttons]


def test_the_words_of_a_round_whose_variant_is_gone_are_its_familys() -> None:
    """A finished game's sheet whose variant was since removed still says its points the
    way its family does, found by its results' details."""
    from ramigui.bots.random_bot import RandomBot
    from ramigui.score_words import points_parts

    for variant in ("gin", "yami"):
        game = Game.new(variant, 2, seed=3)
        bot = RandomBot(1)
        said: list[str] = []
        while not any(said) and not game.game_over:
            game.play("next" if game.round_over else bot.choose(game.view(game.to_play)))
            if game.round_over:
                said = [points_parts(game.last_result, seat, game.variant) for seat in range(2)]
                assert [points_parts(game.last_result, seat, None) for seat in range(2)] == said
        assert any(said), variant
