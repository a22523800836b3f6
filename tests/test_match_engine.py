"""The match engine (ramigui.match): one rule for a faulty bot in every driver, and the same
seeds giving the same games move by move.

A faulty bot raises, answers something that is not a legal move, or thinks past its time
limit. Each driver — the window's real loop, `ramigui --demo`, `simulate`, the ladder and
`ramigui host` — must report it once and play its seat's fallback move, and go on.
"""

from __future__ import annotations

import io
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from golden_games import GAMES, GOLDEN, transcript

import ramigui.bots
import ramigui.match as match_module
from ramigui.bots.random_bot import RandomBot
from ramigui.match import BotFault, BotSeats, FaultLog, Match
from ramigui.rules import Game, Move, PlayerView

# --- faulty bots ------------------------------------------------------------------------------


class Raising:
    level = "medium"

    def choose(self, view: PlayerView) -> Move:
        raise RuntimeError("the bot broke")


class Nonsense:
    """Answers a move no rule allows (a lay-off to a meld that is not there), or not a move."""

    level = "medium"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: PlayerView) -> Move:
        self.calls += 1
        return Move("layoff", view.hand[:1], target=99) if self.calls % 2 else "draw, please"  # type: ignore[return-value]


class Slow:
    """Thinks `seconds` over its first move and every `every`-th after; answers at once
    (the random bot's legal move) otherwise."""

    level = "medium"

    def __init__(self, seconds: float, every: int = 1) -> None:
        self.seconds = seconds
        self.every = every
        self.calls = 0
        self.player = RandomBot(1)

    def choose(self, view: PlayerView) -> Move:
        if self.calls % self.every == 0:
            time.sleep(self.seconds)
        self.calls += 1
        return self.player.choose(view)


FAULTY: dict[str, Callable[[], Any]] = {
    "raises": Raising,
    "nonsense": Nonsense,
    "slow": lambda: Slow(0.5, every=40),  # well past the 0.1 s limit: a loaded machine still sees it late
}


@pytest.fixture
def short_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bots may think 0.1 s: the slow bot is past it, and no test waits long."""
    monkeypatch.setattr(match_module, "BOT_TIME_LIMIT", 0.1)


def faulty_everywhere(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """Every bot `make_bot` gives (at the table, in simulate, in host) is faulty."""
    import ramigui.phone.host as host
    import ramigui.simulate as sim

    def make(variant: str, level: str = "medium", rng: object = 0) -> Any:
        return FAULTY[kind]()

    monkeypatch.setattr(ramigui.bots, "make_bot", make)
    monkeypatch.setattr(sim, "make_bot", make)
    monkeypatch.setattr(host, "make_bot", make)


# --- the engine itself ------------------------------------------------------------------------


def _seats(chooser: Callable[[PlayerView], Move], **kwargs: Any) -> tuple[BotSeats, FaultLog]:
    log = FaultLog(io.StringIO())
    return BotSeats({0: chooser, 1: chooser}, random.Random(3), report=log, **kwargs), log


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_faulty_bot_is_reported_once_and_its_seat_plays_a_legal_move(kind: str, short_limit: None) -> None:
    bot = FAULTY[kind]()
    seats, log = _seats(bot.choose)
    game = Game.new("gin", 2, seed=4)
    match = Match(game, seats)
    for _ in range(12):
        before = len(game.log)
        played = match.bot_turn()
        assert played is not None and len(game.log) == before + 1 and game.log[-1][1] == played
    seats.close()
    assert log.faults and all(isinstance(fault, BotFault) for fault in log.faults)
    expected = {"raises": {"raised"}, "nonsense": {"illegal"}, "slow": {"too_slow"}}[kind]
    assert {fault.kind for fault in log.faults} == expected, log.faults
    told = log.stream.getvalue().splitlines()  # type: ignore[union-attr]
    assert len(told) == len({(f.seat, f.kind) for f in log.faults}) <= 2, "each seat's fault told once"
    first = log.faults[0]
    assert f"seat {first.seat + 1}" in told[0] and "seed 4" in told[0] and "variant gin" in told[0]
    assert f"plays {first.instead}" in told[0]


def test_the_position_is_the_game_in_move_notation_and_replays_it() -> None:
    game = Game.new("rami51", 2, seed=9)
    for _ in range(5):
        game.play(next(m for m in game.view(game.to_play).legal_moves if m.kind in ("draw", "discard")))
    text = match_module.position(game)
    moves = text.split("moves: ", 1)[1].split("; round", 1)[0].split("; ")
    again = Game.new("rami51", 2, seed=9, dealer=int(text.split("dealer ", 1)[1].split(",")[0]) - 1)
    for entry in moves:
        seat, move = entry.split(" ", 1)
        assert int(seat) - 1 == again.to_play
        again.play(move)
    assert again.moves_text() == game.moves_text() and again.hand(0) == game.hand(0)


def test_a_bot_stuck_past_its_limit_is_not_asked_again_until_it_answers(short_limit: None) -> None:
    release = __import__("threading").Event()
    calls: list[int] = []

    def stuck(view: PlayerView) -> Move:
        calls.append(view.seat)
        release.wait(5)
        return view.legal_moves[0]

    seats, log = _seats(stuck)
    game = Game.new("gin", 2, seed=4)
    started = time.monotonic()
    for _ in range(4):
        seats.turn(game, game.play)
    assert time.monotonic() - started < 2, "no turn waits past the limit"
    assert len(calls) == 2, "each seat asked once: still thinking, it is not asked again"
    assert [f.kind for f in log.faults] == ["too_slow"] * 4
    release.set()
    time.sleep(0.1)
    seats.turn(game, game.play)
    assert len(calls) == 3, "once its question ended, the bot is asked again"
    seats.close()


class Forever:
    """Never answers: waits on `release`, which only the test's end sets."""

    level = "medium"
    release = threading.Event()

    def choose(self, view: PlayerView) -> Move:
        self.release.wait()
        return view.legal_moves[0]


@pytest.fixture
def forever() -> Iterator[type[Forever]]:
    Forever.release.clear()
    yield Forever
    Forever.release.set()  # the stuck workers end with the test


def test_a_bot_that_never_answers_does_not_stop_the_headless_turn(short_limit: None, forever: type[Forever]) -> None:
    seats, log = _seats(forever().choose)
    game = Game.new("gin", 2, seed=4)
    started = time.monotonic()
    for _ in range(30):
        seats.turn(game, game.play)
    assert time.monotonic() - started < 2, "each seat waits its limit once, then plays its fallback at once"
    assert len(game.log) == 30 and {fault.kind for fault in log.faults} == {"too_slow"}
    seats.close()


def test_a_bot_that_never_answers_never_stops_simulate(short_limit: None, forever: type[Forever],
                                                      monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from ramigui.cli import main

    monkeypatch.setitem(FAULTY, "forever", forever)
    faulty_everywhere(monkeypatch, "forever")
    started = time.monotonic()
    code = main(["simulate", "--variant", "gin", "--games", "2", "--seed", "1", "--bots", "medium", "--json",
                 "--option", "target=10"])
    assert time.monotonic() - started < 10
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert code == 1 and report["games"] == 2 and report["moves"] > 40
    assert err.count("ran past its time limit") == 2 * 2, "each seat of each game told once"


# --- the same seeds, the same games -----------------------------------------------------------


@pytest.mark.parametrize("golden", GAMES, ids=[g.name for g in GAMES])
def test_whole_games_are_played_move_by_move_as_before(golden: Any) -> None:
    """The golden transcripts were written from main before the engine existed
    (`python tests/golden_games.py` rewrites them)."""
    expected = (GOLDEN / f"{golden.name}.txt").read_text(encoding="utf-8").splitlines()
    assert transcript(golden).splitlines() == expected


# --- every driver goes on ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_faulty_bot_never_stops_the_window(kind: str, short_limit: None, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The real loop of a table where one bot is faulty and the others play: the game goes on."""
    from ui_helpers import open_app

    from ramigui.ui.seats import TableConfig
    from ramigui.ui.table import TableScene

    good = ramigui.bots.make_bot
    monkeypatch.setattr(
        ramigui.bots,
        "make_bot",
        lambda variant, level="medium", rng=0: (
            FAULTY[kind]() if level == "easy" else good(variant, level, rng)
        ),
    )
    with open_app() as app:
        config = TableConfig("gin", 2, seed=4, humans=[False, False], levels=["easy", "random"])
        scene = TableScene(config)
        app.push(scene)
        deadline = time.monotonic() + 20
        while len(scene.game.log) < 30 and time.monotonic() < deadline:
            app.step()
        assert app.running and app.top is scene or scene.game.round_over
        assert len(scene.game.log) >= 10, "the faulty bot's seat kept playing"
        assert 0 in {seat for seat, _ in scene.game.log}
    err = capsys.readouterr().err
    assert err.count("the bot at seat 1") == 1, err


def test_ramigui_demo_goes_on_when_a_bot_raises(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from ramigui import paths
    from ramigui.cli import main

    faulty_everywhere(monkeypatch, "raises")
    config = Path(str(__import__("os").environ[paths.CONFIG_ENV]))
    config.mkdir(parents=True, exist_ok=True)
    (config / paths.SETTINGS_FILE).write_text(json.dumps(
        {"schema": "settings", "version": 1, "animation_speed": "instant", "bot_speed": "instant"}))
    assert main(["--demo", "--variant", "rami51", "--players", "2", "--max-frames", "120", "--lang", "en"]) == 0
    save = Path(str(__import__("os").environ[paths.DATA_ENV])) / paths.CURRENT_GAME_FILE
    assert len(json.loads(save.read_text(encoding="utf-8"))["moves"]) >= 20
    err = capsys.readouterr().err
    assert "raised (RuntimeError: the bot broke)" in err and "Traceback" not in err


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_faulty_bot_never_stops_simulate(kind: str, short_limit: None, monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import json

    import ramigui.simulate as sim
    from ramigui.cli import main

    faulty_everywhere(monkeypatch, kind)
    monkeypatch.setattr(sim, "MAX_MOVES_PER_ROUND", 400)
    code = main(["simulate", "--variant", "gin", "--games", "1", "--seed", "1", "--bots", "medium", "--json",
                 "--option", "target=10"])
    out, err = capsys.readouterr()
    report = json.loads(out)
    assert code == 1 and report["violations"] > 0, "a faulty bot is a violation of the run"
    assert report["games"] + report["abandoned"] == 1 and report["moves"] > 20
    assert "Traceback" not in err and err.count("the bot at seat") <= 2 * 2


def test_a_faulty_bot_never_stops_the_ladder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ramigui.bots import ladder

    faulty_everywhere(monkeypatch, "raises")
    monkeypatch.setattr(ladder, "MATCHES", (ladder.Match("gin", "gin", ("easy", "random"), ("target=10",)),))
    printed: list[str] = []
    assert ladder.main(["--games", "1"], out=printed.append) == 0
    assert "the bot at seat" in capsys.readouterr().err
    count, examples = printed[0], printed[1].splitlines()
    assert count.startswith("gin easy vs random: ") and count.endswith(" rule violations")
    assert 1 <= len(examples) <= ladder.LISTED_VIOLATIONS
    assert all(text.startswith("  seed ") for text in examples), "each names the seed that replays it"


@pytest.mark.parametrize("kind", sorted(FAULTY))
def test_a_faulty_bot_never_stops_host(kind: str, short_limit: None, monkeypatch: pytest.MonkeyPatch) -> None:
    from ramigui.phone.host import PhoneHost

    faulty_everywhere(monkeypatch, kind)
    host = PhoneHost("gin", 2, 1, seed=4, bind="127.0.0.1")
    try:
        host.start()
        game = host.game
        for _ in range(40):
            if game.to_play == 0 and not game.round_over:
                host.play(0, game.view(0).legal_moves[0])
            else:
                host.step(timeout=0.01)
        assert {seat for seat, _ in game.log} == {0, 1} and len(game.log) >= 20
    finally:
        host.server.stop()
        host.close()



def test_the_windows_moves_take_the_engines_one_path() -> None:
    """A person's drags and the bot's moves at the window all go through the table's
    match engine: its path to the rules (`apply_move`, a saved game's `GameSession.play`)
    plays each one, and every observer is told after each."""
    from ui_helpers import drag, hand_point, open_app, settle

    from ramigui.ui.seats import TableConfig
    from ramigui.ui.table import TableScene

    through: list[tuple[int, str]] = []
    told: list[int] = []
    with open_app() as app:
        game = Game.new("rami51", 2, seed=4, dealer=1)

        class Watched(TableScene):
            def apply_move(self, move: Move | str) -> Move:
                through.append((game.to_play, str(move)))
                return game.play(move)

        scene = Watched(TableConfig("rami51", 2, seed=4, humans=[True, False]), game)
        scene.match.observers.append(lambda: told.append(len(game.log)))
        app.push(scene)
        app.step()
        assert game.to_play == 0 and scene.is_human_turn()
        layout = scene.layout
        assert layout is not None
        card = game.hand(0)[0]  # the first player holds 15 cards: a discard opens the game
        drag(app, hand_point(scene, card), layout.discard.center)
        settle(app, 120)
        assert game.to_play == 0 and len(game.log) > 2, "the bot played its turn"
        drag(app, layout.stock.center, layout.hand_area.center)
    assert through[0] == (0, f"discard {card}") and through[-1] == (0, "draw"), through
    assert [seat for seat, _ in through] == [seat for seat, _ in game.log] and 1 in {s for s, _ in through}
    assert told == list(range(1, len(game.log) + 1)), "each observer told after every move, in order"
