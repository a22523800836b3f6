"""A lesson played on a phone seat: the guide's sentence and lit cards reach the phone, a
move other than the step's is refused there with the guide's words, and the phone's Show me
plays the step through the table."""

from __future__ import annotations

from phone_helpers import get_json
from test_phone_table import app, join_all, phone_move, run_until  # noqa: F401 - the fixture app

from ramigui import i18n
from ramigui.lessons import load_lesson
from ramigui.phone.relay import GUIDE_SHOW
from ramigui.storage import Store
from ramigui.ui.app import App
from ramigui.ui.lesson_table import LessonTable


def test_the_guide_speaks_on_the_learners_phone(app: App, store: Store) -> None:  # noqa: F811
    ctx = app.scenes[0].ctx  # type: ignore[attr-defined]
    scene = LessonTable(load_lesson("rummy"), ctx, phone=True)
    app.push(scene)
    app.step()
    join_all(app, scene)  # type: ignore[arg-type]
    assert scene.visible_seat() is None, "the learner's hand stays on the phone"
    url = scene.phones.server.url(0)  # type: ignore[union-attr]
    state = get_json(url + "state")[1]
    assert state["guide"]["say"] == i18n.tr("lesson.rummy.hello")
    assert state["guide"]["offer"] == "next" and "9H" in state["guide"]["lit"]
    status, state = phone_move(app, url, GUIDE_SHOW)  # Next, from the phone
    assert status == 200 and scene.run.index == 1
    assert state["guide"]["offer"] == "show"
    assert state["guide"]["say"] == f'{i18n.tr("lesson.rummy.draw")}\n{i18n.tr("lesson.how.draw.phone")}', \
        "the phone says how with the phone's own taps, not the table's keys"
    status, body = phone_move(app, url, "take")  # legal, but not what the guide asks
    assert status == 400 and i18n.tr("lesson.how.draw.phone") in body["message"]
    assert scene.run.index == 1 and not scene.game.log
    status, state = phone_move(app, url, "draw")
    assert status == 200 and scene.run.index == 2
    status, state = phone_move(app, url, GUIDE_SHOW)  # Show me: the run is put down
    assert status == 200 and scene.run.index == 3 and len(scene.game.view(0).public.melds) == 1
    run_until(app, lambda: scene.run.index == 3)
    # the run laid this turn may be taken back by the rules, but the guide does not ask for
    # it: the phone's Undo is greyed as the table's is (it was lit, and refused once tapped)
    assert any(move.kind == "undo" for move in scene.game.view(0).legal_moves)
    state = get_json(url + "state")[1]
    assert "undo" in state["guide"]["held_back"] and "undo" not in state["legal"]
    assert any(move.startswith("meld") for move in state["legal"]), "the other moves stay the page's"


def test_no_guide_reaches_a_seat_that_is_not_the_learners() -> None:
    lesson = load_lesson("gin")
    scene = LessonTable(lesson, None)
    assert scene.guide_for(1) is None and scene.guide_for(0) is not None
