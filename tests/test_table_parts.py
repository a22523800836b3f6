"""The table's parts report what a person meant; only the scene changes what is shown.

The keys and the pointer read a frozen `TableFrame` and return intents: asking them
changes nothing, applying their answer through `TableScene.apply` does. The hand's state
has one named method per change.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from ramigui import i18n
from ramigui.cards import parse_cards
from ramigui.rules import Game, Move
from ramigui.ui.hand_state import HandState
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene
from ramigui.ui.table_intents import (
    EndDrag,
    Fly,
    MoveFocus,
    PlayMove,
    PointAt,
    SelectCard,
    StartDrag,
)


@pytest.fixture
def scene() -> TableScene:
    pygame.font.init()
    i18n.set_language("en")
    game = Game.new("rami51", 2, 3)
    return TableScene(TableConfig("rami51", 2, seed=3, humans=[seat == game.to_play for seat in range(2)]), game)


def test_a_move_keeps_the_players_order_and_brings_new_cards_last() -> None:
    hand = HandState(order=parse_cards("9H 2S KD"))
    kept, added = hand.take_in(parse_cards("KD 5C 9H"))
    assert kept == parse_cards("9H KD") and added == parse_cards("5C")


def test_cards_moved_together_stay_selected_only_when_several() -> None:
    hand = HandState(order=parse_cards("2S 3S 4S 5S"), selected={0, 2})
    hand.move_cards([0, 2], 2)
    assert hand.order == parse_cards("3S 5S 2S 4S") and hand.selected == {2, 3} and hand.focus == 2
    hand.move_cards([3], 0)
    assert hand.order == parse_cards("4S 3S 5S 2S") and hand.selected == set() and hand.focus == 0


def test_a_key_is_an_intent_until_the_scene_applies_it(scene: TableScene) -> None:
    assert scene.is_human_turn() and len(scene.order) > 2
    frame = scene.frame()
    intents = scene.keys.key(pygame.K_RIGHT, frame)
    assert intents == (MoveFocus(1),) and scene.focus == 0
    assert scene.apply(intents) and scene.focus == 1
    assert scene.keys.key(pygame.K_SPACE, scene.frame()) == (SelectCard(1),) and scene.selected == set()
    assert scene.keys.key(pygame.K_p, scene.frame()) == (PlayMove("draw"),) and scene.game.log == []


def test_the_frame_is_frozen(scene: TableScene) -> None:
    frame = scene.frame()
    with pytest.raises(dataclasses.FrozenInstanceError):
        frame.focus = 3  # type: ignore[misc]
    assert isinstance(frame.order, tuple) and isinstance(frame.selected, frozenset)


def test_a_drop_on_the_felt_is_a_meld_that_slides_back_if_refused(scene: TableScene) -> None:
    """One card alone is no meld: the rules refuse it and the card flies home."""
    card = scene.order[0]
    start = scene.hand_rect(0).move(10, 20).topleft
    felt = scene.layout.melds_area.center  # type: ignore[union-attr]
    assert scene.apply(scene.pointer.down(start, scene.frame()) or ())
    moved = scene.pointer.motion((start[0], start[1] - 40), scene.frame())
    assert moved is not None and isinstance(moved[1], StartDrag) and moved[1].drag.cards == (card,)
    scene.apply(moved)
    released = scene.pointer.up(felt, scene.frame())
    assert released is not None and released[0] == EndDrag()
    play = released[1]
    assert isinstance(play, PlayMove) and play.move == Move("meld", (card,))
    assert play.otherwise is not None and isinstance(play.otherwise[0], Fly)
    assert scene.drag is not None and scene.flights == []  # asked, not applied
    assert scene.apply(released)
    assert scene.drag is None and scene.game.log == [] and len(scene.flights) == 1
    assert scene.message_kind == "refusal" and scene.message


def test_hovering_is_told_as_an_intent(scene: TableScene) -> None:
    assert scene.pointer.motion((5, 5), scene.frame()) == (PointAt((5, 5)),)
    assert scene.pointer_at is None


def test_the_hands_fan_never_passes_for_chosen_cards() -> None:
    """The hand sits on an arc; at 6% of a card's height its middle cards looked chosen to a
    newcomer. A chosen card rises at least five times as far as the arc lifts any card."""
    from ramigui.ui import layout

    area = pygame.Rect(0, 0, 900, 300)
    rects = layout.hand_positions(area, 110, 154, 13)
    lowest = max(rect.top for rect in rects)
    arc = lowest - min(rect.top for rect in rects)
    chosen = int(rects[0].height * layout.CHOSEN_LIFT)
    assert arc > 0 and chosen >= 5 * arc, (arc, chosen)
