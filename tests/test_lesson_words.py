"""The lessons' words: each new kind of move is told how to play, with the table's real
buttons and keys (or the phone's taps); the French guide speaks as the table does ("vous");
the words are the buttons' and prompts' words; the endings are true to what happened."""

from __future__ import annotations

import re

import pygame
import pytest

from ramigui import i18n
from ramigui.lessons import LESSON_IDS, load_lesson
from ramigui.locale.lessons_en import LESSONS as EN
from ramigui.locale.lessons_fr import LESSONS as FR
from ramigui.ui.lesson_table import LEARNER, LessonTable


@pytest.fixture(params=["en", "fr"])
def language(request: pytest.FixtureRequest) -> str:
    previous = i18n.language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(previous)


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_every_move_a_lesson_asks_for_says_how_at_the_table_and_on_a_phone(lesson_id: str, language: str) -> None:
    lesson = load_lesson(lesson_id)
    scene = LessonTable(lesson, None)
    for index, step in enumerate(lesson.steps):
        if step.move is None:
            continue
        scene.run.index = index
        assert i18n.has_key(f"lesson.how.{step.move.kind}"), step.move.kind
        assert i18n.has_key(f"lesson.how.{step.move.kind}.phone"), step.move.kind
        say, how = scene.sentence().split("\n")
        assert say == i18n.tr(step.say, **_words()) and how == i18n.tr(f"lesson.how.{step.move.kind}", **_words())
        assert scene.sentence(on_phone=True).split("\n")[1] == i18n.tr(f"lesson.how.{step.move.kind}.phone", **_words())


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_a_how_line_names_the_tables_button_by_its_label_and_its_real_key(lesson_id: str, language: str) -> None:
    """"Click the King, then Knock (K)": the label and the letter are the table's own."""
    lesson = load_lesson(lesson_id)
    scene = LessonTable(lesson, None)
    buttons = {action: (key, shortcut) for row in scene.family.button_rows() for action, key, shortcut in row}
    named = 0
    for index, step in enumerate(lesson.steps):
        if step.move is None or step.move.kind not in buttons:
            continue
        scene.run.index = index
        label, shortcut = buttons[step.move.kind]
        assert f"{i18n.tr(label)} ({pygame.key.name(shortcut).upper()})" in scene.sentence().split("\n")[1]
        named += 1
    assert named, "each lesson has a move played with a button"


def test_a_phone_how_line_names_the_phones_buttons() -> None:
    for language in ("en", "fr"):
        i18n.set_language(language)
        words = _words()
        assert i18n.tr("phone.new_meld") in i18n.tr("lesson.how.meld.phone", **words)
        assert i18n.tr("button.knock") in i18n.tr("lesson.how.knock.phone", **words)
        assert i18n.tr("button.expose") in i18n.tr("lesson.how.expose.phone", **words)
    i18n.set_language("en")


def _words() -> dict[str, str]:
    from ramigui.ui.lesson_table import button_words
    return button_words()


TU = re.compile(r"\b(tu|te|ton|ta|tes|toi|fais|prends|jette|mets|garde|attends|choisis)\b|\bt'|montre-moi", re.I)


def test_the_french_lessons_say_vous_as_the_table_does() -> None:
    """The table, its buttons and its prompts say "vous": a guide saying "tu" beside them
    reads as two voices. One register, the table's."""
    assert re.search(r"\bvotre\b", i18n.text_in("fr", "table.yami.expose"))
    said = {key: text for key, text in FR.items() if key.startswith(("lesson.", "guide.", "learn.intro"))}
    assert not {key: text for key, text in said.items() if TU.search(text)}


def test_the_lessons_use_the_tables_words_not_others() -> None:
    """One word for one thing: the buttons' and prompts' words (Meld, discard, lay off;
    Poser, défausser, non utilisées, fiche, Exposer)."""
    assert "Non utilisées" in i18n.text_in("fr", "table.gin.deadwood") and "fiche" in i18n.text_in(
        "fr", "table.yami.expose"
    )
    banned_fr = ("grille", "points perdus", "étale", "jette", "cases des valeurs")
    banned_en = ("put down", "throw", "add a card", "group")
    assert not [t for k, t in FR.items() if k.startswith("lesson.") and any(w in t.lower() for w in banned_fr)]
    assert not [t for k, t in EN.items() if k.startswith("lesson.") and any(w in t.lower() for w in banned_en)]


def test_the_rummy_lesson_says_the_lowest_score_wins_once_the_round_is_over() -> None:
    lesson = load_lesson("rummy")
    game = lesson.deal()
    for step in lesson.steps:
        if game.round_over:
            break
        for move in ((step.move,) if step.move is not None else ()) + step.then:
            game.play(move)
    else:
        pytest.fail("the lesson's round never ends")
    after = lesson.steps[lesson.steps.index(step):]
    assert game.lower_wins
    assert any(
        "lowest score wins" in i18n.text_in("en", s.say)
        and "score le plus bas gagne" in i18n.text_in("fr", s.say)
        for s in after
    )


@pytest.mark.parametrize("lesson_id", LESSON_IDS)
def test_the_last_word_of_a_lesson_is_true_to_who_won_the_round(lesson_id: str) -> None:
    """"Well done!" only when the learner won the round the lesson played."""
    lesson = load_lesson(lesson_id)
    game = lesson.start(len(lesson.steps))
    result = game.last_result
    learner_won = result is None or result.winner in (None, LEARNER)
    if not learner_won:
        assert lesson.done != "guide.done"
        assert "Well done" not in i18n.text_in("en", lesson.done) and "Bravo" not in i18n.text_in("fr", lesson.done)
    scene = LessonTable(lesson, None)
    scene.run.index = len(lesson.steps)
    assert scene.sentence() == i18n.tr(lesson.done)
