"""The lessons of "Learn to play": every shipped lesson loads, its script is legal in its
deal, and a lesson file whose moves are not legal is refused with the file, line and field."""

from __future__ import annotations

import itertools

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
from ramigui.rules.melds import MeldError, arrange

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


def test_the_familial_lesson_teaches_what_rami_familial_does_its_own_way() -> None:
    """Seed 000 (Rami familial): the discard is taken only once melded, straight into a new
    meld (« À la place de tirer une carte dans la pioche »); « Carte » with one card left;
    one card left, only the stock (RULES.md). The lesson asks for each of these moves, in
    the order the rules allow them."""
    lesson = load_lesson("familial")
    assert lesson.variant == "rami"
    asked = [str(step.move) for step in lesson.steps if step.move is not None]
    take = asked.index("take")
    assert asked[take + 1].startswith("meld") and "7C" in asked[take + 1], "the taken card goes into a new meld"
    assert asked.index("meld 4H 5H 6H") < take, "melded on an earlier turn before the take"
    carte = asked.index("carte")
    assert asked[carte + 1].startswith("discard") and asked[carte + 2] == "draw"


def test_the_familial_lessons_take_and_carte_are_the_rules_not_only_the_script() -> None:
    """The lesson's deal follows the rules, not only its script. At its first turn the take is
    not offered (seed 000: « À condition d’avoir déjà posé une combinaison »); at the take's
    step, the taken 7♣ may not be kept past the turn (« la carte récupérée doit servir à faire
    immédiatement une nouvelle combinaison »); at the Carte step a discard without it is
    legal but costs 2 cards (« sous peine de devoir piocher 2 cartes »)."""
    from ramigui.rules import IllegalMove

    lesson = load_lesson("familial")
    first = lesson.start(1)
    assert "take" not in {m.kind for m in first.legal_moves()}
    steps = [str(step.move) for step in lesson.steps]
    carte = lesson.start(steps.index("carte"))
    before = len(carte.state.hands[0])
    carte.play("discard 2S")
    assert len(carte.state.hands[0]) == before - 1 + 2, "a forgotten Carte! draws 2 penalty cards"
    taken = lesson.start(steps.index("take"))
    taken.play("take")
    with pytest.raises(IllegalMove):
        taken.play("discard QS")


def test_the_familial_lessons_last_words_are_true_to_its_round() -> None:
    """Lea never laid a meld down: she pays her cards and 100 more (seed 000: « Un joueur qui
    n’a rien posé marque 100 points en plus de ses cartes »), as the scores note says; the
    learner went out with nothing."""
    lesson = load_lesson("familial")
    game = lesson.start(len(lesson.steps))
    result = game.last_result
    assert result is not None and result.winner == 0
    assert result.details["put_down"] == (True, False)
    assert list(game.round_scores) == [0, result.details["hand_points"][1] + 100]
    for three in itertools.combinations(game.hand(1), 3):  # the learner would wonder why she never laid it
        with pytest.raises(MeldError):
            arrange(three, game.variant)
    notes = [step.say for step in lesson.steps if step.move is None]
    cards = str(result.details["hand_points"][1])  # 75: the guide says how it is counted
    for lang in ("en", "fr"):
        assert any(cards in i18n.text_in(lang, say) and "100" in i18n.text_in(lang, say) for say in notes)
    assert any("lowest score wins" in i18n.text_in("en", say) for say in notes)
    assert any("score le plus bas gagne" in i18n.text_in("fr", say) for say in notes)
