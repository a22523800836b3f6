"""The lessons of "Learn to play": prepared deals whose steps a guide asks for one at a time.

A lesson is data, one YAML file per family in `lessons/` beside `variants.yaml` (shipped
inside the package as `ramigui/lessons/`): the variant, the deal (`Game.from_position`'s
keywords), and the steps. The learner holds seat 0; each step says one sentence (a text
key), names the one move it waits for (none: a note to read), the cards it lights, and
the moves the other seats play after it (`then`), so a lesson is the same game every time.

A lesson is checked when it is read, as variants are: its deal must be a legal position,
every text key must exist in both languages, and its moves, played in order through
`Game.play`, must all be legal and fall to the right seat. A lesson that fails is refused
with the file, the line and the field (`LessonError`), never half-played.

`Lesson.start(step)` rebuilds the game at any step by replaying the script, which is how a
lesson left half-way goes on later: only its name and step number are kept.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ramigui import i18n, resources, yaml_limits
from ramigui.cards import Card, CardParseError, parse_cards
from ramigui.rules import Game, IllegalMove, Move
from ramigui.rules.moves import as_move
from ramigui.rules.variant import VariantError
from ramigui.storage import BrokenFile, StorageError, Store, parse_json, read_bounded
from ramigui.variants import get_variant

LESSONS_DIR = "lessons"
LESSON_IDS = ("rummy", "familial", "gin", "yami")
"""The lessons in the order "Learn to play" lists them (a missing file is left out)."""
LEARNER = 0
POSITION_KEYS = frozenset({"hands", "stock", "discard", "to_play", "melds", "dealer", "opened", "round_no",
                           "upcard", "sheets"})
STEP_KEYS = frozenset({"say", "move", "lit", "then"})
LESSON_KEYS = frozenset({"lesson", "variant", "title", "names", "position", "steps", "done"})


class LessonError(ValueError):
    """A lesson file that cannot be used: where (file, 1-based line, field) and why."""

    def __init__(self, file: str, line: int | None, field_name: str, problem: str) -> None:
        self.file = file
        self.line = line
        self.field_name = field_name
        self.problem = problem
        where = f"{file}, line {line}" if line is not None else file
        super().__init__(f"{where}: field {field_name!r}: {problem}")


@dataclass(frozen=True)
class Step:
    """One thing the guide says; `move`: the learner's move it waits for (None: a note that
    the learner closes); `lit`: the cards it lights; `then`: the other seats' moves after it."""

    say: str
    move: Move | None = None
    lit: tuple[Card, ...] = ()
    then: tuple[Move, ...] = ()

    @property
    def lights(self) -> tuple[Card, ...]:
        """The cards to light: the ones written, else the cards of the awaited move."""
        if self.lit:
            return self.lit
        return self.move.cards if self.move is not None else ()


@dataclass(frozen=True)
class Lesson:
    """A checked lesson: its variant, its deal, its steps."""

    id: str
    variant: str
    title: str
    names: tuple[str, ...]
    position: Mapping[str, Any]
    steps: tuple[Step, ...]
    done: str = "guide.done"  # the last word, true to how the lesson's round ended

    @property
    def players(self) -> int:
        return len(self.position["hands"])

    def deal(self) -> Game:
        """The prepared deal, before the first step."""
        return Game.from_position(get_variant(self.variant), **dict(self.position))

    def start(self, step: int = 0) -> Game:
        """The game as it stands when step `step` is asked (every earlier step played)."""
        game = self.deal()
        for done in self.steps[:step]:
            for move in ((done.move,) if done.move is not None else ()) + done.then:
                game.play(move)
        return game


@dataclass
class LessonRun:
    """A lesson being played: the game, the step asked now, and whether a move is the one
    the guide waits for. Pure: the table asks it, and plays what it allows."""

    lesson: Lesson
    game: Game
    index: int = 0

    @classmethod
    def begin(cls, lesson: Lesson, step: int = 0) -> LessonRun:
        step = max(0, min(step, len(lesson.steps)))
        return cls(lesson, lesson.start(step), step)

    @property
    def step(self) -> Step | None:
        """The step asked now (None: the lesson is over)."""
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def expects(self, move: Move | str) -> bool:
        """Whether `move` is the one the guide waits for now."""
        step = self.step
        if step is None or step.move is None:
            return False
        try:
            return str(as_move(move)) == str(step.move)
        except IllegalMove:
            return False

    def show_me(self) -> Move | None:
        """The move the step asks for (None: a note, closed by going on)."""
        step = self.step
        return step.move if step is not None else None

    def advance(self) -> tuple[Move, ...]:
        """The awaited move was played (or the note read): go to the next step. Returns the
        other seats' moves to play now, in order."""
        step = self.step
        if step is None:
            return ()
        self.index += 1
        return step.then


# --- reading and checking --------------------------------------------------------------------


def lessons_dir() -> Path:
    """The lessons folder: inside the installed package, else beside the sources."""
    return resources.variants_path().parent / LESSONS_DIR


def lesson_path(lesson_id: str) -> Path:
    return lessons_dir() / f"{lesson_id}.yaml"


def available() -> list[str]:
    """The lessons shipped, in the menu's order."""
    return [lesson_id for lesson_id in LESSON_IDS if lesson_path(lesson_id).is_file()]


def load_lesson(lesson_id: str) -> Lesson:
    """Read and check a shipped lesson; LessonError if it cannot be played."""
    return read_lesson(lesson_path(lesson_id))


def read_lesson(path: Path) -> Lesson:
    name = path.name
    try:
        document = yaml_limits.read(path)
    except yaml_limits.YamlProblem as problem:
        raise LessonError(name, problem.line, "", problem.code) from None
    return parse_lesson(document, name)


def lesson_from_text(text: str, name: str) -> Lesson:
    """A lesson from YAML text (tests, and a lesson being written)."""
    try:
        document = yaml_limits.parse(text)
    except yaml_limits.YamlProblem as problem:
        raise LessonError(name, problem.line, "", problem.code) from None
    return parse_lesson(document, name)


def parse_lesson(document: yaml_limits.Document, name: str) -> Lesson:
    lines = node_lines(document.root)
    checker = _Checker(name, lines)
    return checker.lesson(document.data)


def node_lines(root: Any) -> dict[tuple[str, ...], int]:
    """The 1-based line of every value by its path (keys, and list places as numbers)."""
    found: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        found.setdefault(path, node.start_mark.line + 1)
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                walk(value, (*path, str(key.value)))
        elif isinstance(node, yaml.SequenceNode):
            for place, value in enumerate(node.value):
                walk(value, (*path, str(place)))

    if root is not None:
        walk(root, ())
    return found


class _Checker:
    """Builds a Lesson from a file's data, refusing the first problem with its place."""

    def __init__(self, name: str, lines: Mapping[tuple[str, ...], int]) -> None:
        self.name = name
        self.lines = lines

    def fail(self, path: tuple[str, ...], problem: str) -> LessonError:
        line = None
        for size in range(len(path), -1, -1):
            line = self.lines.get(path[:size])
            if line is not None:
                break
        field_name = ".".join(f"[{p}]" if p.isdigit() else p for p in path).replace(".[", "[")
        return LessonError(self.name, line, field_name, problem)

    def lesson(self, data: Any) -> Lesson:
        if not isinstance(data, dict):
            raise self.fail((), "a lesson is a mapping of lesson, variant, title, position, steps")
        unknown = sorted(str(k) for k in data if k not in LESSON_KEYS)
        if unknown:
            raise self.fail((unknown[0],), f"unknown field (known: {', '.join(sorted(LESSON_KEYS))})")
        lesson_id = self.text(data, ("lesson",))
        variant = self.text(data, ("variant",))
        title = self.key(data, ("title",))
        names = data.get("names", [])
        if not isinstance(names, list):
            raise self.fail(("names",), "a list of text keys, one per other seat")
        position = data.get("position")
        if not isinstance(position, dict) or "hands" not in position:
            raise self.fail(("position",), "the deal: hands, stock, discard, to_play")
        bad = sorted(str(k) for k in position if k not in POSITION_KEYS)
        if bad:
            raise self.fail(("position", bad[0]), "not a field of a deal")
        game = self.deal(variant, position)
        if len(names) != game.players - 1:
            raise self.fail(("names",), f"one name for each of the {game.players - 1} other seats")
        seat_names = tuple(self.key({"n": n}, ("names", str(i)), value=n) for i, n in enumerate(names))
        steps = data.get("steps")
        if not isinstance(steps, list) or not steps:
            raise self.fail(("steps",), "a list of steps")
        checked = tuple(self.step(raw, ("steps", str(i)), game) for i, raw in enumerate(steps))
        done = self.key(data, ("done",)) if "done" in data else "guide.done"
        return Lesson(lesson_id, variant, title, seat_names, dict(position), checked, done)

    def text(self, data: Mapping[str, Any], path: tuple[str, ...]) -> str:
        value = data.get(path[-1])
        if not isinstance(value, str) or not value:
            raise self.fail(path, "a word is needed here")
        return value

    def key(self, data: Mapping[str, Any], path: tuple[str, ...], value: Any = None) -> str:
        """A text key that both languages hold."""
        key = value if value is not None else data.get(path[-1])
        if not isinstance(key, str) or not all(key in catalogue for catalogue in i18n.LANGUAGES.values()):
            raise self.fail(path, f"{key!r} is not a text key of every language (ramigui/locale)")
        return key

    def deal(self, variant: str, position: Mapping[str, Any]) -> Game:
        try:
            rules = get_variant(variant)
        except VariantError as error:
            raise self.fail(("variant",), error.message) from None
        try:
            game = Game.from_position(rules, **position)
        except Exception as error:  # noqa: BLE001 - any refusal of the deal is the file's problem
            raise self.fail(("position",), f"not a deal of {variant}: {error}") from None
        if game.to_play != LEARNER:
            raise self.fail(("position", "to_play"), "the learner (seat 0) plays first")
        return game

    def step(self, raw: Any, path: tuple[str, ...], game: Game) -> Step:
        if not isinstance(raw, dict):
            raise self.fail(path, "a step is a mapping of say, move, lit, then")
        unknown = sorted(str(k) for k in raw if k not in STEP_KEYS)
        if unknown:
            raise self.fail((*path, unknown[0]), f"unknown field (known: {', '.join(sorted(STEP_KEYS))})")
        say = self.key(raw, (*path, "say"))
        move = None
        if raw.get("move") is not None:
            move = self.play(game, raw["move"], (*path, "move"), learner=True)
        lit = self.cards(raw.get("lit", []), (*path, "lit"))
        then = raw.get("then", [])
        if not isinstance(then, list):
            raise self.fail((*path, "then"), "a list of the other seats' moves")
        played = tuple(self.play(game, text, (*path, "then", str(i)), learner=False) for i, text in enumerate(then))
        if game.to_play != LEARNER and not game.round_over:
            raise self.fail((*path, "then") if then else (*path, "move"),
                            f"seat {game.to_play} is left to play: write its moves under then, "
                            "up to the learner's turn")
        return Step(say, move, lit, played)

    def play(self, game: Game, text: Any, path: tuple[str, ...], learner: bool) -> Move:
        """Play a scripted move on the lesson's game, refusing one that is not legal there."""
        if not isinstance(text, str):
            raise self.fail(path, "a move in notation (draw, meld 7H 8H 9H, discard KS, ...)")
        if game.round_over:
            raise self.fail(path, "the round is already over")
        seat = game.to_play
        if (seat == LEARNER) != learner:
            whose = "the learner's turn: write it as a step's move" if seat == LEARNER else \
                f"seat {seat}'s turn: write it under the step's then"
            raise self.fail(path, f"{text!r} comes on {whose}")
        try:
            move = game.play(text)
        except IllegalMove as error:
            raise self.fail(path, f"{text!r} is not legal here: {error}") from None
        return move

    def cards(self, raw: Any, path: tuple[str, ...]) -> tuple[Card, ...]:
        if isinstance(raw, str):
            raw = raw.split()
        if not isinstance(raw, list):
            raise self.fail(path, "a list of cards")
        try:
            return tuple(parse_cards([str(c) for c in raw]))
        except CardParseError as error:
            raise self.fail(path, str(error)) from None


# --- progress: a lesson left half-way goes on later, a finished one is marked ------------

PROGRESS_FILE = "lessons.json"
MAX_PROGRESS_BYTES = 4096


def read_progress(store: Store | None) -> dict[str, int]:
    """The step each lesson was left at, its number of steps once finished (a broken or
    missing file: none)."""
    if store is None:
        return {}
    try:
        data = parse_json(read_bounded(store.data_dir / PROGRESS_FILE, MAX_PROGRESS_BYTES))
    except (OSError, BrokenFile):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if k in LESSON_IDS and isinstance(v, int) and not isinstance(v, bool)
            and 0 < v < 1000}


def keep_progress(store: Store | None, lesson_id: str, step: int | None) -> None:
    """Remember where a lesson was left (None or 0: nothing to go on with; its number of
    steps: finished, and it starts again from the beginning when opened). A failed write
    loses only the place in a lesson, never a game: it is let go quietly."""
    if store is None:
        return
    progress = read_progress(store)
    if step:
        progress[lesson_id] = step
    else:
        progress.pop(lesson_id, None)
    with contextlib.suppress(OSError, StorageError):
        store.write_json(store.data_dir / PROGRESS_FILE, progress)
