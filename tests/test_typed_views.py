"""A view's public table is typed: each family builds its own frozen dataclass, and nothing in
ramigui reads a view by string keys (a misspelt key would be a silent default, a misspelt
field is a type error)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.phone.viewjson import view_json
from ramigui.rules import Game, Move
from ramigui.rules.public import GinPublic, RummyPublic, YamiPublic
from ramigui.rules.view import Said

ROOT = Path(__file__).resolve().parent.parent
STRING_KEY_READ = re.compile(r"""public\s*\[|public\.get\(|view(\([^()]*\))?\s*\[\s*["']""")


def test_nothing_reads_a_view_by_string_keys() -> None:
    """Neither the program nor its tests (this file's examples of the pattern aside)."""
    tests = (path for path in (ROOT / "tests").rglob("*.py") if path.name != Path(__file__).name)
    paths = [*(ROOT / "ramigui").rglob("*.py"), *tests]
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in sorted(paths)
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if STRING_KEY_READ.search(line)]
    assert found == []


def test_the_pattern_finds_the_reads_it_forbids() -> None:
    for line in ('view.public["melds"]', 'public.get("turn", 0)', 'view["upcard"]', 'game.view(0)["stock"]'):
        assert STRING_KEY_READ.search(line), line
    assert not STRING_KEY_READ.search("view.public.melds")


@pytest.mark.parametrize(("variant", "kind", "other"),
                         [("rami51", RummyPublic, GinPublic), ("rami", RummyPublic, YamiPublic),
                          ("gin", GinPublic, RummyPublic), ("yami", YamiPublic, GinPublic)])
def test_each_family_builds_its_own_table(variant: str, kind: type, other: type) -> None:
    view = Game.new(variant, 2, seed=5).view(0)
    assert type(view.public) is kind and view.public_as(kind) is view.public
    with pytest.raises(TypeError, match=other.__name__):
        view.public_as(other)



def test_the_history_holds_the_moves_played_with_their_seats() -> None:
    """Bots read the moves themselves, not text they would parse back."""
    game = Game.new("rami51", 2, seed=5)
    played = []
    while len(played) < 4:
        seat, move = game.to_play, game.legal_moves()[0]
        if move.kind == "undo":
            break
        game.play(move)
        played.append(Said(seat, move))
    history = game.view(0).history
    assert history == tuple(played) and all(isinstance(said.move, Move) for said in history)


PHONE_KEYS = {
    "rami51": ["phase", "melds", "all_at_once", "discard", "stock", "opened", "put_down", "turn", "reuses",
               "opening_minimum", "turn_points", "layoffs_wait", "turn_melds", "taken", "taken_must", "taken_waits",
               "jokers_wait", "announced", "winner"],
    "gin": ["phase", "melds", "discard", "stock", "turn", "upcard", "offer_passes", "stock_only", "taken",
            "knock_limit", "doubled", "knocker", "finish", "laid_off", "shown", "void_at_stock"],
    "yami": ["phase", "turn", "stock", "stock_count", "discard", "discard_top", "sheets", "free_boxes",
             "series_totals", "bonus", "sheet_totals", "exposer", "exposed", "shown", "marks", "boxes"],
}


@pytest.mark.parametrize("variant", sorted(PHONE_KEYS))
def test_the_phones_get_the_table_under_the_same_keys(variant: str) -> None:
    """The page reads `public.melds`, `public.phase`…: the typed table is written under the
    names the page has always read, in the same order, and nothing more."""
    game = Game.new(variant, 2, seed=5)
    state = view_json(game.view(0), ["Ann", "Bob"])
    assert list(state["public"]) == PHONE_KEYS[variant]
    assert state["public"]["discard"] == [str(card) for card in game.view(0).public.discard]


def test_a_phone_is_told_what_each_melded_joker_stands_for() -> None:
    """On a phone "V♠ V♥ Joker" did not say which jack the joker was; the table's badge
    does. Each meld carries its jokers' labels, as the badge writes them: the card a run's
    joker stands for, a set's rank and the suits it may be (seed 004: « un joker … remplace
    n'importe quelle carte »)."""
    from ramigui.phone.viewjson import joker_labels
    from ramigui.rules.melds import arrange
    from ramigui.variants import get_variant

    variant = get_variant("rami51")
    i18n.set_language("fr")
    try:
        run = arrange(parse_cards("9H JK JH"), variant, 0)
        assert joker_labels(run) == [None, "10♥", None]
        kings = arrange(parse_cards("KS KH JK"), variant, 1)
        assert joker_labels(kings) == [None, None, "R ♦/♣"]
        game = Game.from_position("rami51", hands=[["2C", "3C"], ["5D", "6D"]], stock=["4S"], discard=["8S"],
                                  melds=[(1, "9H JK JH")])
        meld = view_json(game.view(0), ["Ana", "Bob"])["public"]["melds"][0]
        assert meld["jokers"] == [None, "10♥", None]
    finally:
        i18n.set_language("en")
