"""The lessons of "Learn to play": every shipped lesson loads, its script is legal in its
deal, and a lesson file whose moves are not legal is refused with the file, line and field."""

from __future__ import annotations

import pytest

from ramigui import i18n
from ramigui.lessons import (
    LessonError,
    LessonRun,
    available,
    lesson_from_text,
    lessons_dir,
    load_lesson,
)

RUMMY_TEXT = (lessons_dir() / "rummy.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("lesson_id", available())
def test_every_shipped_lesson_plays_to_its_end_by_show_me(lesson_id: str) -> None:
    lesson = load_lesson(lesson_id)
    run = LessonRun.begin(lesson)
    while not run.finished:
        move = run.show_me()
        if move is not None:
            assert run.expects(move)
            run.game.play(move)
        for bot_move in run.advance():
            run.game.play(bot_move)
    assert run.game.round_over, "a lesson ends with its round played out"


def test_rummy_lesson_teaches_every_rami51_step() -> None:
    kinds = [str(step.move).split()[0] for step in load_lesson("rummy").steps if step.move is not None]
    assert {"draw", "meld", "layoff", "swap", "discard"} <= set(kinds)


def test_the_rummy_learner_wins_the_round_by_going_out() -> None:
    lesson = load_lesson("rummy")
    game = lesson.start(len(lesson.steps))
    assert game.round_over and game.round_scores[0] == 0 and game.round_scores[1] > 0


def test_a_step_waits_for_its_own_move_only() -> None:
    run = LessonRun.begin(load_lesson("rummy"), 1)
    assert run.expects("draw") and run.expects("DRAW")
    assert not run.expects("take") and not run.expects("meld 9H 10H JH") and not run.expects("nonsense")


def test_resume_rebuilds_the_same_game_at_any_step() -> None:
    lesson = load_lesson("rummy")
    for step in range(len(lesson.steps) + 1):
        run = LessonRun.begin(lesson, step)
        assert run.index == step
        assert run.game.to_play == 0 or run.game.round_over


def test_an_illegal_scripted_move_is_refused_with_file_line_and_field() -> None:
    broken = RUMMY_TEXT.replace("move: layoff QH to 1", "move: layoff QH to 2")
    line = broken.splitlines().index("    move: layoff QH to 2") + 1
    with pytest.raises(LessonError) as caught:
        lesson_from_text(broken, "rummy.yaml")
    assert caught.value.file == "rummy.yaml" and caught.value.line == line
    assert caught.value.field_name == "steps[8].move"
    assert "not legal" in str(caught.value)


def test_a_bot_move_on_the_learners_turn_is_refused() -> None:
    broken = RUMMY_TEXT.replace("then: [draw, meld KS KH KC, meld 8D 9D JK JD, discard 3H]",
                                "then: [draw, meld KS KH KC, meld 8D 9D JK JD, discard 3H, draw]")
    with pytest.raises(LessonError, match=r"steps\[5\]\.then\[4\].*learner's turn"):
        lesson_from_text(broken, "rummy.yaml")


def test_an_unknown_text_key_or_field_is_refused() -> None:
    with pytest.raises(LessonError, match="lesson.rummy.nope"):
        lesson_from_text(RUMMY_TEXT.replace("say: lesson.rummy.base", "say: lesson.rummy.nope"), "rummy.yaml")
    with pytest.raises(LessonError, match=r"steps\[0\]\.sya"):
        lesson_from_text(RUMMY_TEXT.replace("  - say: lesson.rummy.hello", "  - sya: lesson.rummy.hello", 1),
                         "rummy.yaml")


def test_a_deal_that_is_not_a_position_is_refused_at_the_position() -> None:
    with pytest.raises(LessonError) as caught:
        lesson_from_text(RUMMY_TEXT.replace("to_play: 0", "to_play: 1"), "rummy.yaml")
    assert caught.value.field_name == "position.to_play"


def test_every_guide_sentence_is_said_in_both_languages() -> None:
    for lesson_id in available():
        lesson = load_lesson(lesson_id)
        for lang in ("fr", "en"):
            for step in lesson.steps:
                assert step.say in i18n.LANGUAGES[lang]


def test_an_unknown_variant_is_refused_at_its_field() -> None:
    with pytest.raises(LessonError) as caught:
        lesson_from_text(RUMMY_TEXT.replace("variant: rami51", "variant: rami52"), "rummy.yaml")
    assert caught.value.field_name == "variant" and caught.value.line == 10


def test_a_step_that_leaves_a_bot_to_play_with_no_script_is_refused() -> None:
    """The bots play only what is written: a step must give the turn back to the learner."""
    broken = RUMMY_TEXT.replace("then: [draw, meld KS KH KC, meld 8D 9D JK JD, discard 3H]",
                                "then: [draw, meld KS KH KC, meld 8D 9D JK JD]")
    with pytest.raises(LessonError, match=r"steps\[5\]\.then.*seat 1 is left to play"):
        lesson_from_text(broken, "rummy.yaml")
