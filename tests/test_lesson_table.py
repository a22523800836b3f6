"""A lesson at the real table, driven as a learner would: clicks, keys and fingers on the
guide's buttons, a wrong move refused with the step's words, Leave and go on later."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from ramigui import i18n
from ramigui.lessons import available, load_lesson, read_progress
from ramigui.settings import Settings
from ramigui.storage import Store
from ramigui.ui.lesson_table import LearnScreen, LessonTable, open_lesson
from ramigui.ui.screen import Context
from ramigui.ui.sound import Sounds
from tests.ui_helpers import click, hand_point, open_app, post, press, settle


def guide_button(scene: LessonTable, action: str) -> tuple[int, int]:
    button = next(b for b in scene.guide.buttons if b.action == action)
    assert button.visible, f"{action} is not shown"
    return button.rect.center


def context(tmp_path: Path) -> Context:
    store = Store.open(data_dir=tmp_path / "data", config_dir=tmp_path / "config")
    return Context(store, Settings(), Sounds(False))


def wait_for_learner(app, scene: LessonTable, limit: int = 600) -> None:  # type: ignore[no-untyped-def]
    for _ in range(limit):
        if not scene.script or scene.game.round_over:
            return
        app.step()
    raise AssertionError("the scripted seats never finished")


@pytest.mark.parametrize("lesson_id", available())
@pytest.mark.parametrize("size", [(640, 400), (1280, 800)])
def test_every_lesson_plays_through_by_show_me_clicks(lesson_id: str, size: tuple[int, int], tmp_path: Path) -> None:
    lesson = load_lesson(lesson_id)
    with open_app(size) as app:
        scene = open_lesson(app, context(tmp_path), lesson_id)
        assert scene is not None
        app.step()
        for _ in range(len(lesson.steps)):
            wait_for_learner(app, scene)
            step = scene.run.step
            assert step is not None
            action = "guide_show" if step.move is not None else "guide_next"
            button = guide_button(scene, action)
            assert app.screen.get_rect().contains(pygame.Rect(button, (1, 1)))
            click(app, button)
        assert scene.run.finished and scene.game.round_over
        assert guide_button(scene, "guide_real")


def test_a_move_other_than_the_step_is_refused_with_the_steps_words(tmp_path: Path) -> None:
    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "rummy")
        assert scene is not None
        click(app, guide_button(scene, "guide_next"))  # the hello note
        assert scene.run.index == 1
        before = scene.game.copy().state
        post(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)  # take the discard: legal, not asked
        settle(app, 3)
        assert scene.run.index == 1 and scene.game.state == before
        assert scene.message_kind == "refusal"
        assert i18n.tr("lesson.rummy.draw") in scene.message and "\n" in scene.message  # the step, then how
        # says the move was not the step's, not "Not now" (a newcomer read it as a matter of timing)
        assert scene.message.startswith(i18n.tr("guide.wrong", hint="").rstrip()) and "Not now" not in scene.message
        from tests.screen_texts import drawn_texts

        with drawn_texts() as drawn:
            app.draw()
        said = " ".join(" ".join(d.text for d in drawn).split())
        assert " ".join(scene.message.split()) in said, "every word, the how-to line too"


def play_up_to(app, scene: LessonTable, wanted: Any) -> Any:  # type: ignore[no-untyped-def]
    """Follow the guide (F2 shows and plays a step's move, Enter goes on) up to the first
    step whose move `wanted(step.move)` accepts; that step."""
    while True:
        wait_for_learner(app, scene)
        step = scene.run.step
        assert step is not None, "the lesson has such a step"
        if step.move is not None and wanted(step.move):
            return step
        press(app, pygame.K_F2 if step.move is not None else pygame.K_RETURN)


def test_the_last_discard_the_guide_asks_for_is_not_asked_again(tmp_path: Path) -> None:
    """"Discard it and you win the round!" then D: the table asked "Go out? Your hand will
    be empty" over the guide's own words. The guide's move is played at once."""
    from ramigui.ui.table_dialog import QuestionScene

    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "rummy")
        assert scene is not None
        play_up_to(app, scene, lambda move: move.kind == "discard" and len(scene.order) == 1)
        assert not next(b for b in scene.buttons if b.action == "undo").enabled, "Undo is not the guide's move"
        at = scene.run.index
        assert 1 not in scene.frame().shown_hands  # Léa's hand: face down while the round goes on
        press(app, pygame.K_d)  # the cursor is on the one card left
        settle(app, 2)
        assert not isinstance(app.top, QuestionScene)
        assert scene.run.index == at + 1 and scene.game.round_over
        # the guide speaks of Léa's last cards: laid face up, as they are counted at a table
        assert scene.frame().shown_hands[1] == tuple(scene.game.hand(1)) and scene.game.hand(1)


def test_the_step_lights_its_cards_and_keys_play_it(tmp_path: Path) -> None:
    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "rummy")
        assert scene is not None
        press(app, pygame.K_RETURN)  # Next on the note
        press(app, pygame.K_F2)  # Show me: the draw
        assert scene.run.index == 2
        lit = {scene.order[i] for i in scene.hinted()}
        assert {str(c) for c in lit} == {"9H", "10H", "JH"}


def test_a_finger_on_show_me_plays_the_step(tmp_path: Path) -> None:
    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "rummy")
        assert scene is not None
        w, h = app.screen.get_size()
        x, y = guide_button(scene, "guide_next")
        post(pygame.FINGERDOWN, x=x / w, y=y / h, finger_id=1, touch_id=1, dx=0, dy=0, pressure=1)
        post(pygame.FINGERUP, x=x / w, y=y / h, finger_id=1, touch_id=1, dx=0, dy=0, pressure=1)
        settle(app, 4)
        assert scene.run.index == 1


def test_leave_and_go_on_later_at_the_same_step(tmp_path: Path) -> None:
    ctx = context(tmp_path)
    with open_app() as app:
        app.push(LearnScreen(ctx))
        app.step()
        press(app, pygame.K_1)
        scene = app.top
        assert isinstance(scene, LessonTable)
        press(app, pygame.K_RETURN)
        press(app, pygame.K_F2)
        card = next(c for c in scene.order if str(c) == "9H")
        assert hand_point(scene, card)
        press(app, pygame.K_ESCAPE)
        assert isinstance(app.top, LearnScreen)
        assert read_progress(ctx.store) == {"rummy": 2}
        label = app.top.controls[0].label()
        assert "3" in label  # goes on at step 3 of 14
        press(app, pygame.K_1)
        again = app.top
        assert isinstance(again, LessonTable) and again.run.index == 2
        assert len(again.game.hand(0)) == 14


def test_after_the_lesson_play_a_real_game_against_beginner_bots(tmp_path: Path) -> None:
    """In French, by a first person renamed Marie: the real game is Marie's (it was played
    as "Vous", and the statistics then had two players called "You")."""
    from ramigui.people import meet, rename
    from ramigui.ui.game_screen import SessionTable
    from ramigui.ui.menu import MainMenu

    ctx = context(tmp_path)
    meet(ctx.store, [])
    rename(ctx.store, "You", "Marie")
    with open_app() as app:
        i18n.set_language("fr")
        app.push(MainMenu(ctx))
        app.step()
        press(app, pygame.K_l)  # Learn to play
        assert isinstance(app.top, LearnScreen)
        press(app, pygame.K_1)
        scene = app.top
        assert isinstance(scene, LessonTable)
        while not scene.run.finished:
            wait_for_learner(app, scene)
            press(app, pygame.K_F2 if scene.run.step is not None and scene.run.step.move is not None
                  else pygame.K_RETURN)
        steps = len(load_lesson("rummy").steps)
        assert read_progress(ctx.store) == {"rummy": steps}, "finished: marked, nothing to go on with"
        assert scene.progress_text() == "Leçon terminée"  # not "Étape 15 sur 15" a second time
        click(app, guide_button(scene, "guide_real"))
        settle(app, 4)
        table = app.top
        assert isinstance(table, SessionTable)
        assert table.game.variant.id == "rami51"
        assert [seat.bot for seat in table.session.seats] == [None, "easy"]
        assert any(b.action == "hint" for b in table.buttons)
        assert table.session.seats[0].name == "Marie", "the first person's name, not the word shown"
        assert LearnScreen(ctx)._label("rummy", read_progress(ctx.store)).endswith("✓ terminée")
        again = open_lesson(app, ctx, "rummy")
        assert again is not None and again.run.index == 0, "a finished lesson opens at its start"



def test_the_learner_plays_the_step_with_the_mouse_as_at_any_table(tmp_path: Path) -> None:
    from tests.ui_helpers import drag

    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "rummy")
        assert scene is not None and scene.layout is not None
        press(app, pygame.K_RETURN)  # the hello note
        drag(app, scene.layout.stock.center, scene.layout.hand_area.center)  # the draw, by hand
        settle(app, 3)
        assert scene.run.index == 2 and len(scene.game.hand(0)) == 14
        king = next(c for c in scene.order if str(c) == "KD")
        drag(app, hand_point(scene, king), scene.layout.discard.center)  # not now: the guide wants the run
        settle(app, 3)
        assert scene.run.index == 2 and scene.message_kind == "refusal"
        assert len(scene.game.hand(0)) == 14


@pytest.mark.parametrize("size", [(640, 400), (1024, 600)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_guide_sentence_shows_whole_in_its_bubble(size: tuple[int, int], lang: str) -> None:
    """At every step of every lesson: the guide's words and buttons stay inside the bubble,
    apart, at a readable size; the bubble stays in the window, off the hand and the buttons."""
    from screen_texts import drawn_texts, overlaps

    with open_app(size) as app:
        i18n.set_language(lang)
        for lesson_id in available():
            lesson = load_lesson(lesson_id)
            for step in range(len(lesson.steps) + 1):
                scene = LessonTable(lesson, None, step)
                scene.app = app
                scene.resize(size)
                scene._make_buttons()
                lay = scene.layout
                assert lay is not None
                box = scene.guide.box
                assert app.screen.get_rect().contains(box)
                assert not box.colliderect(lay.hand_area)
                assert not any(box.colliderect(b.rect) for b in scene.buttons if b.visible)
                with drawn_texts() as drawn:
                    scene.guide.draw(app.screen, scene.sentence(), "Step", int(lay.text * 1.05), lay.margin)
                assert drawn and all(box.contains(d.rect) for d in drawn), (lesson_id, step, drawn)
                assert not overlaps(drawn), (lesson_id, step, overlaps(drawn))
                assert min(d.size for d in drawn) >= 10
                for button in scene.guide.buttons:
                    if button.visible:
                        assert box.contains(button.rect)


def test_where_the_cards_go_is_a_chooser_set_apart_from_the_lessons(tmp_path: Path) -> None:
    """"My cards on my phone: Off" was a fourth button under the three lessons, and a
    newcomer took it for a lesson: it is a labelled chooser (on this screen / on my phone)
    set apart below them."""
    from ramigui.ui.controls import Choice

    with open_app((1280, 800)) as app:
        screen = LearnScreen(context(tmp_path))
        app.push(screen)
        app.step()
        lessons = [c for c in screen.controls if getattr(c, "action", "").startswith("lesson:")]
        where = next(c for c in screen.controls if getattr(c, "action", "") == "lesson_phone")
        assert isinstance(where, Choice) and where.text(where.value) == i18n.tr("learn.cards_screen")
        assert any(label.text == i18n.tr("learn.cards_where") for label in screen.labels)
        gap = lessons[1].rect.top - lessons[0].rect.bottom
        assert where.rect.top - lessons[-1].rect.bottom > 2 * gap, "set apart from the lessons"
        click(app, (where.rect.right - 5, where.rect.centery))
        where = next(c for c in screen.controls if getattr(c, "action", "") == "lesson_phone")
        assert screen.on_phone and where.text(where.value) == i18n.tr("learn.cards_phone")


def test_a_wrong_throw_in_a_lesson_is_refused_at_once_not_asked_about(tmp_path: Path) -> None:
    """Gin lesson, "click the King, then Knock": a newcomer threw the 6♠ instead and was
    first asked the table's "Discard 6♠ and go on, or knock with it?", then refused. A
    move the guide does not ask for is refused with the step's words at once."""
    from ramigui.ui.table_dialog import QuestionScene

    with open_app() as app:
        scene = open_lesson(app, context(tmp_path), "gin")
        assert scene is not None
        step = play_up_to(app, scene, lambda move: move.kind == "knock")
        at = scene.run.index
        other = next(i for i, card in enumerate(scene.order)  # a throw that could knock too: the table asks
                     if card not in step.move.cards and scene.game.is_legal(f"knock {card}"))
        scene.focus = other
        press(app, pygame.K_d)
        settle(app, 2)
        assert not isinstance(app.top, QuestionScene)
        assert scene.run.index == at and scene.message_kind == "refusal"


def test_a_melds_lit_cards_side_by_side_get_one_ring() -> None:
    """A ring per card over a run's overlapping cards cut it into strips that a newcomer read
    as five cards: the lit cards side by side in a meld are ringed once, round them all; a lit
    card alone (a joker mid-run) keeps its own ring."""
    from ramigui.cards import parse_cards
    from ramigui.ui.guide import lit_on_table

    lesson = load_lesson("familial")
    step = next(i for i, s in enumerate(lesson.steps) if s.move is not None and s.move.kind == "layoff")
    with open_app((1366, 768)) as app:
        scene = LessonTable(lesson, None, step)
        scene.app = app
        scene.resize((1366, 768))
        lay = scene.layout
        assert lay is not None
        spot = next(s for s in lay.melds if s.number == 1)
        run = parse_cards("4H 5H 6H")
        rings = lit_on_table(lay, scene.view, run, False)
        assert rings == [spot.cards[0].unionall(spot.cards[:3])]
        assert lit_on_table(lay, scene.view, parse_cards("5H"), False) == [spot.cards[1]]
        assert len(lit_on_table(lay, scene.view, parse_cards("4H 6H"), False)) == 2


def test_a_lesson_prompt_does_not_point_at_an_undo_it_does_not_offer(tmp_path: Path) -> None:
    """After the lesson's take the table's prompt said "… this turn — or Undo" beside a greyed
    Undo (a newcomer clicked it: nothing). In a lesson the prompt says what the taken card
    owes, without the way back the guide does not offer; a real table still offers it."""
    lesson = load_lesson("familial")
    step = next(i for i, s in enumerate(lesson.steps) if s.move is not None and s.move.kind == "take") + 1
    with open_app((1280, 800)) as app:
        scene = LessonTable(lesson, context(tmp_path), step)
        scene.app = app
        scene.resize((1280, 800))
        scene._make_buttons()
        prompt = scene.family.prompt(scene.frame())
        assert prompt == "7♣, which you took, must go into a new meld this turn"
        assert not next(b for b in scene.buttons if b.action == "undo").enabled
        assert scene.frame().undo_offered is False
    from ramigui.movetext import rummy_turn_prompt

    assert rummy_turn_prompt(scene.view) == f"{prompt} — or Undo"


def test_carte_is_lit_only_at_the_step_that_asks_for_it(tmp_path: Path) -> None:
    """Two cards in hand make « Carte ! » legal, so its button lit at the lay-off step too,
    right after the lesson taught that it must be said: lit only where the guide asks."""
    lesson = load_lesson("familial")
    kinds = [s.move.kind if s.move is not None else None for s in lesson.steps]
    with open_app((1280, 800)) as app:
        for step in (kinds.index("carte"), kinds.index("layoff")):
            scene = LessonTable(lesson, context(tmp_path), step)
            scene.app = app
            scene.resize((1280, 800))
            scene._make_buttons()
            scene._refresh_buttons()
            assert "carte" in {m.kind for m in scene.game.legal_moves()}
            carte = next(b for b in scene.buttons if b.action == "carte")
            assert carte.enabled == (kinds[step] == "carte")
