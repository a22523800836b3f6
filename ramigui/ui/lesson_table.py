"""A lesson at the table: the real table on a prepared deal, with a guide that asks for one
move at a time, and "Learn to play", the screen that lists the lessons.

The table is the game's own `TableScene`: the learner's moves go through `Game.play` as
always, and before that the lesson says whether the move is the one its step waits for
(another one is refused with the step's sentence as the reason). The other seats are bots
whose moves are the lesson's script. Every step reached is kept (`lessons.keep_progress`),
so Leave at any step and the lesson goes on from there later.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

from ramigui import i18n
from ramigui.lessons import (
    LEARNER,
    Lesson,
    LessonError,
    LessonRun,
    Step,
    available,
    keep_progress,
    load_lesson,
    read_progress,
)
from ramigui.people import FIRST_PERSON, load_people
from ramigui.rules import Move, PlayerView
from ramigui.session import GameSetup, Seat
from ramigui.ui.app import App
from ramigui.ui.controls import Choice
from ramigui.ui.guide import GuideBubble, draw_lights, lit_on_table
from ramigui.ui.screen import Context, Screen
from ramigui.ui.seats import TableConfig
from ramigui.ui.table import TableScene
from ramigui.ui.widgets import DIM, UI_ACTION, Button, blit_text, wrap_lines

SOLO_MOVES = ("undo", "carte")
"""The moves a button plays on its own, with no card chosen: lit in a lesson only at the step
that asks for them."""
REAL_GAME_LEVEL = "easy"
"""The bots of "Play a real game" after a lesson: the beginner level."""


BUTTON_WORDS = {"meld": "button.meld", "knock": "button.knock", "expose": "button.expose", "carte": "button.carte",
                "new_meld": "phone.new_meld", "series": "sheet.series",
                "bonus": "sheet.bonus"}
"""The words a lesson's sentence may name, read from the keys of the buttons and sheets that
show them, so the guide names a button exactly as it is labelled ("{meld}" is "Poser")."""


def button_words() -> dict[str, str]:
    """The labels a lesson sentence fills in, in the current language."""
    return {name: i18n.tr(key) for name, key in BUTTON_WORDS.items()}


def how_to(move: Move | None, on_phone: bool) -> str:
    """The short second line saying how to play `move`: mouse (or touch) and key at the
    table, the phone's taps on a phone seat; "" when the move needs no telling."""
    if move is None:
        return ""
    key = f"lesson.how.{move.kind}" + (".phone" if on_phone else "")
    return i18n.tr(key, **button_words()) if i18n.has_key(key) else ""


def lesson_config(lesson: Lesson, phone: bool = False) -> TableConfig:
    """The lesson's seats: the learner (at this screen, or on their phone) and the bots."""
    names = [i18n.tr("table.you"), *(i18n.tr(key) for key in lesson.names)]
    return TableConfig(variant=lesson.variant, players=lesson.players, seed=0, names=names,
                       humans=[seat == LEARNER for seat in range(lesson.players)],
                       levels=[REAL_GAME_LEVEL] * lesson.players,
                       phones=[phone and seat == LEARNER for seat in range(lesson.players)])


class LessonTable(TableScene):
    """The table of one lesson, its guide on top."""

    def __init__(self, lesson: Lesson, ctx: Context | None, step: int = 0, phone: bool = False) -> None:
        self.lesson = lesson
        self.ctx = ctx
        self.run = LessonRun.begin(lesson, step)
        self.script: list[Move] = []
        self.guide = GuideBubble.make()
        super().__init__(lesson_config(lesson, phone), self.run.game)
        for seat in self.bots.choosers:
            self.bots.choosers[seat] = self._scripted
        self.phones.guide = self

    @property
    def store(self) -> Any:
        return self.ctx.store if self.ctx is not None else None

    def _scripted(self, view: PlayerView) -> Move:
        """A bot seat's next move: the lesson's script (never anything else)."""
        return self.script[0] if self.script else Move("draw")

    # --- the one path of moves, with the lesson's say first -----------------------------

    def play(self, move: Move | str) -> bool:
        seat = self.game.to_play
        if seat != LEARNER:
            ok = super().play(move)
            if ok and self.script:
                self.script.pop(0)
            return ok
        refused = self.guide_refusal(seat, move)
        if refused is not None:
            self.show(refused, "refusal")
            self._sound("refused")
            return False
        if not super().play(move):
            return False
        self._next_step()
        return True

    def undo_offered(self) -> bool:
        """Undo only where the guide asks for it: lit at every step it was only ever refused
        ("Pas maintenant"), and a prompt's "— or Undo" pointed at a greyed button."""
        return self.run.expects("undo")

    def _refresh_buttons(self) -> None:
        """A button of a move on its own (Undo, Carte !) stays lit only when the guide asks
        for that move: Carte! lit while the guide asked for a lay-off, just after teaching
        that it must be said, puzzled a newcomer."""
        super()._refresh_buttons()
        for button in self.buttons:
            if button.action in SOLO_MOVES:
                button.enabled = button.enabled and self.run.expects(button.action)

    def human_play(self, move: Move | str) -> bool:
        """The learner's move, without the table's questions: the one the guide just asked
        for is played without "Go out? Your hand will be empty" (the guide has said it),
        and any other is refused with the step's words at once (a newcomer's wrong discard
        was first asked "Discard 6♠ or knock with it?", then refused)."""
        if self.game.to_play == LEARNER:
            return self.play(move)
        return super().human_play(move)

    def guide_refusal(self, seat: int, move: Move | str) -> str | None:
        """Why the learner may not play `move` now, said whole: the rules' reason if they
        refuse it, else the step's own words (None: it is the move the step waits for)."""
        if seat != LEARNER or self.run.expects(move):
            return None
        step = self.run.step
        reason = self.why_not(move) if step is not None and step.move is not None else None
        if reason is not None:
            return i18n.tr("table.refused", reason=reason)
        return i18n.tr("guide.wrong", hint=self.sentence(on_phone=bool(self.config.phones[LEARNER])))

    def guide_for(self, seat: int) -> dict[str, Any] | None:
        """The guide as the learner's phone shows it: the sentence, the cards it lights
        (the learner's own, or face up on the table), the button it offers, and the lone-move
        buttons it holds back (`SOLO_MOVES`, greyed as at the table)."""
        if seat != LEARNER:
            return None
        step = self.run.step
        waiting = bool(self.script) and not self.game.round_over
        offer = None if step is None or waiting else ("show" if step.move is not None else "next")
        return {
            "say": self.sentence(on_phone=True),
            "lit": [] if waiting or step is None else self._seen_lights(seat, step),
            "offer": offer,
            "label": i18n.tr("guide.show_me" if offer == "show" else "guide.next"),
            "progress": self.progress_text(),
            "done": self.run.finished,
            "held_back": [kind for kind in SOLO_MOVES if not self.run.expects(kind)],
        }

    def progress_text(self) -> str:
        """"Step 3 of 15", and once the last step is done, that the lesson is over (the
        last step and the closing words both read "Step 15 of 15")."""
        if self.run.finished:
            return i18n.tr("guide.finished")
        return i18n.tr("guide.step", step=self.run.index + 1, steps=len(self.lesson.steps))

    def _seen_lights(self, seat: int, step: Step) -> list[str]:
        """The step's cards that `seat` may see: in its own hand, or face up on the table."""
        view = self.game.view(seat)
        public = [card for meld in view.public.melds for card in meld.cards] + list(view.public.discard[-1:])
        return [str(card) for card in step.lights if card in view.hand or card in public]

    def _next_step(self) -> None:
        self.script.extend(self.run.advance())
        keep_progress(self.store, self.lesson.id, len(self.lesson.steps) if self.run.finished else self.run.index)
        self._sound("card")
        self.relayout()
        if self.phones.relay is not None:
            self.phones.relay.publish()  # a note read: the phone's sentence changes with no move

    def show_me(self) -> None:
        """Play the step's move for the learner (a note: go on)."""
        step = self.run.step
        if step is None or self.script or self.game.to_play != LEARNER and not self.game.round_over:
            return
        if step.move is None:
            self._next_step()
        else:
            self.play(step.move)

    def sentence(self, on_phone: bool = False) -> str:
        """What the guide says now: the step's sentence, then how to play its move with
        the learner's own controls (the phone's buttons when the learner holds a phone)."""
        step = self.run.step
        if step is None:
            return i18n.tr(self.lesson.done, **button_words())
        if self.script and not self.game.round_over:
            return i18n.tr("guide.wait", name=self.name(self.game.to_play))
        say = i18n.tr(step.say, **button_words())
        how = how_to(step.move, on_phone)
        return f"{say}\n{how}" if how else say

    def hinted(self) -> set[int]:
        """The hand cards the step lights."""
        step = self.run.step
        if step is None or self.script:
            return set()
        wanted = list(step.lights)
        found = set()
        for index, card in enumerate(self.order):
            if card in wanted:
                wanted.remove(card)
                found.add(index)
        return found

    def _open_round_end(self) -> None:
        """The lesson's round ends inside the lesson: the guide says what comes next."""

    def _sound(self, name: str) -> None:
        if self.ctx is not None:
            self.ctx.sounds.play(name)

    # --- the guide's bubble ------------------------------------------------------------

    def relayout(self) -> None:
        super().relayout()
        if self.layout is not None:
            waiting = bool(self.script) and not self.game.round_over
            self.guide.show_for(None if waiting else self.run.step, self.run.finished)
            self.guide.place(self.layout)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == UI_ACTION and event.action.startswith("guide_"):
            return self._guide_action(event.action)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.selected and self.drag is None:
            return self._guide_action("guide_leave")
        if self.guide.handle_event(event, self.size):
            return True
        return super().handle_event(event)

    def _guide_action(self, action: str) -> bool:
        if action in ("guide_show", "guide_next"):
            self.show_me()
        elif action == "guide_leave" and self.app is not None:
            self.app.pop()
        elif action == "guide_real" and self.app is not None:
            self.app.pop()  # the screens beneath pass it down to the main menu, which starts it
            setup = real_game_setup(self.lesson, load_people(self.store).names[0])
            pygame.event.post(pygame.event.Event(UI_ACTION, action="real_game", setup=setup))
        return True

    def update(self, dt: float) -> None:
        before = (len(self.script), self.game.round_over)
        super().update(dt)
        if (len(self.script), self.game.round_over) != before:
            self.relayout()
            if self.phones.relay is not None:
                self.phones.relay.publish()

    def busy(self) -> bool:
        return super().busy() or bool(self.script)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay = self.layout
        if lay is None:
            return
        step = self.run.step
        if step is not None and not self.script and not self.config.phones[LEARNER]:
            draws = step.move is not None and step.move.kind == "draw"
            draw_lights(surface, lit_on_table(lay, self.view, step.lights, draws), max(2, lay.card_w // 30))
        progress = self.progress_text()
        # the learner's cards are on their phone: the big screen names none of them
        sentence = i18n.tr("guide.on_phone") if self.config.phones[LEARNER] else self.sentence()
        self.guide.draw(surface, sentence, progress, int(lay.text * 1.05), lay.margin)


def real_game_setup(lesson: Lesson, learner: str = FIRST_PERSON) -> GameSetup:
    """After a lesson: the same variant, the learner against beginner bots (the table from
    the menus has the Hint button). The learner is the house's first person, by the name
    their statistics are kept under ("You" until renamed; never the word of the language
    shown, or a French lesson made a second "You")."""
    seats = (Seat(learner, None),
             *(Seat(i18n.tr("table.bot_name", n=seat), REAL_GAME_LEVEL) for seat in range(1, lesson.players)))
    return GameSetup(lesson.variant, seats)


def open_lesson(app: App, ctx: Context | None, lesson_id: str, phone: bool = False) -> LessonTable | None:
    """The lesson at the step it was left at (or its start)."""
    lesson = load_lesson(lesson_id)
    step = read_progress(ctx.store if ctx is not None else None).get(lesson_id, 0)
    if step >= len(lesson.steps):
        step = 0
    scene = LessonTable(lesson, ctx, step, phone)
    app.push(scene)
    return scene


class LearnScreen(Screen):
    """"Learn to play": one button per lesson, saying where a lesson left half-way stands."""

    title_key = "learn.title"

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.problems: list[str] = []
        self.on_phone = False
        """The learner holds their cards on their phone (the guide speaks there too)."""

    def build(self) -> None:
        m = self.m
        progress = read_progress(self.ctx.store)
        width = min(int(m.text * 20), m.width - 4 * m.pad)
        intro = wrap_lines(i18n.tr("learn.intro"), m.small, width)
        top = m.header + m.pad + len(intro) * int(m.small * 1.3) + m.pad
        height = min(m.row, (m.height - top - m.footer - m.pad - int(m.small * 1.6)) // (len(available()) + 2))
        gap = max(6, height // 4)
        for i, lesson_id in enumerate(available()):
            rect = pygame.Rect((m.width - width) // 2, top + i * (height + gap), width, height)
            self.add(Button(f"lesson:{lesson_id}", partial(self._label, lesson_id, progress), rect,
                            pygame.K_1 + i))
        # where the learner's cards go is a setting of the lessons, not a fourth lesson: a
        # label and a chooser, set apart ("My cards on my phone: Off" read as a lesson)
        y = top + len(available()) * (height + gap) + gap
        self.label(i18n.tr("learn.cards_where"), m.small, DIM, (m.width // 2, y), "midtop", clip=True)
        y += int(m.small * 1.6)
        where = Choice("lesson_phone", "lesson_phone", [False, True],
                       lambda phone: i18n.tr("learn.cards_phone" if phone else "learn.cards_screen"),
                       pygame.Rect((m.width - width) // 2, y, width, int(height * 0.85)), wraps=True)
        where.select(self.on_phone)
        self.add(where)
        self.footer_buttons([("back", "common.back")])

    def _label(self, lesson_id: str, progress: dict[str, int]) -> str:
        title = i18n.tr(f"lesson.{lesson_id}.title")
        step = progress.get(lesson_id)
        if not step:
            return title
        try:
            steps = len(load_lesson(lesson_id).steps)
        except LessonError:
            return title
        if step >= steps:
            return i18n.tr("learn.done", title=title)
        return i18n.tr("learn.go_on", title=title, step=step + 1, steps=steps)

    def on_action(self, action: str, event: pygame.event.Event) -> bool:
        if action == "real_game" and self.app is not None:
            self.app.pop()
            pygame.event.post(pygame.event.Event(UI_ACTION, action=action, setup=event.setup))
            return True
        if action == "lesson_phone":
            self.on_phone = bool(event.value)
            self.rebuild()
            return True
        if not action.startswith("lesson:") or self.app is None:
            return False
        try:
            open_lesson(self.app, self.ctx, action.split(":", 1)[1], self.on_phone)
        except LessonError as error:
            self.problems = [i18n.tr("learn.broken", problem=str(error))]
        return True

    def update(self, dt: float) -> None:
        on_top = self.app is not None and self.app.top is self
        if on_top and getattr(self, "_was_covered", False):
            self.rebuild()  # back from a lesson: the steps reached have changed
        self._was_covered = not on_top

    def draw_content(self, surface: pygame.Surface) -> None:
        m = self.m
        width = min(int(m.text * 20), m.width - 4 * m.pad)
        y = m.header + m.pad // 2
        for line in wrap_lines(i18n.tr("learn.intro"), m.small, width):
            blit_text(surface, line, m.small, DIM, (m.width // 2, y), "midtop")
            y += int(m.small * 1.3)
        y = m.height - m.pad - len(self.problems) * int(m.small * 1.3)
        for problem in self.problems:
            blit_text(surface, problem, m.small, DIM, (m.pad, y))
            y += int(m.small * 1.3)
