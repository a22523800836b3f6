"""A view's public table is typed: each family builds its own frozen dataclass, and nothing in
ramigui reads a view by string keys (a misspelt key would be a silent default, a misspelt
field is a type error)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ramigui.rules import Game, Move
from ramigui.rules.public import GinPublic, RummyPublic, YamiPublic
from ramigui.rules.view import Said

PACKAGE = Path(__file__).resolve().parent.parent / "ramigui"
STRING_KEY_READ = re.compile(r"""public\s*\[|public\.get\(|view(\([^()]*\))?\s*\[\s*["']""")


def test_nothing_in_ramigui_reads_a_view_by_string_keys() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}"
             for path in sorted(PACKAGE.rglob("*.py"))
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
