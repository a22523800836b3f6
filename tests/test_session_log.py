"""Game logs: export in move notation, parse, and `ramigui replay FILE` (headless and table)."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

from ramigui import replay
from ramigui.rules import Game
from ramigui.session import (
    MAX_LOG_BYTES,
    GameSession,
    GameSetup,
    LogError,
    Seat,
    parse_log,
    replay_log,
)
from ramigui.storage import Store

SEATS = (Seat("Ana Maria"), Seat("Bob", "easy"), Seat("Zoé", "hard"))


def played(store: Store | None, moves: int = 80, seed: int = 6) -> GameSession:
    session = GameSession.new(GameSetup("rami51", SEATS, {"rounds": 3}), store, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        session.play(str(rng.choice(session.game.legal_moves())))
    return session


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = replay.replay_main(argv, out, err)
    return code, out.getvalue(), err.getvalue()


def test_export_writes_the_log_in_the_data_folder(store: Store) -> None:
    session = played(store)
    path = session.export_log()
    assert path.parent == store.logs_dir
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "variant: rami51" in lines
    assert f"seed: {session.game.seed}" in lines
    assert "players: 3" in lines
    assert "seat 1: human Ana Maria" in lines and "seat 2: bot easy Bob" in lines
    moves = lines[lines.index("moves:") + 1 :]
    assert moves == [f"{seat + 1} {move}" for seat, move in session.game.log]


def test_log_replays_to_the_identical_state(store: Store) -> None:
    session = played(store, moves=150)
    again = replay_log(session.log_text())
    assert again.game.state == session.game.state
    assert again.game.scores == session.game.scores
    assert again.game.moves_text() == session.game.moves_text()
    assert again.seats == session.seats
    assert again.store is None  # a replay never touches the saved game


def test_parse_keeps_options_and_seats() -> None:
    session = played(None, moves=5)
    parsed = parse_log("# a comment\n\n" + session.log_text())
    assert parsed.record.options == dict(session.game.variant.chosen)
    assert parsed.record.seats == SEATS
    assert parsed.movers == tuple(seat for seat, _ in session.game.log)


def test_replay_headless_prints_the_scores(tmp_path: Path) -> None:
    session = played(None, moves=60)
    log = tmp_path / "game.txt"
    log.write_text(session.log_text(), encoding="utf-8")
    code, out, err = run([str(log), "--headless"])
    assert code == 0 and err == ""
    assert "Rami 51" in out and "60 moves" in out
    totals = ", ".join(f"{seat.name} {score}" for seat, score in zip(SEATS, session.game.scores, strict=True))
    assert f"total: {totals}" in out.splitlines()
    for number, result in enumerate(session.game.results, start=1):
        assert f"round {number}: " in out and result.reason in out
    assert "game not finished" in out


def test_replay_opens_the_table_when_it_can(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = played(None, moves=20)
    log = tmp_path / "game.txt"
    log.write_text(session.log_text(), encoding="utf-8")
    shown: list[GameSession] = []
    fake = types.ModuleType("ramigui.ui.launch")

    def run_replay(replayed: GameSession) -> int:
        shown.append(replayed)
        return 0

    fake.run_replay = run_replay  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "ramigui.ui.launch", fake)
    monkeypatch.setattr("ramigui.ui.launch", fake, raising=False)
    code, out, _ = run([str(log)])
    assert code == 0 and out == ""
    assert shown and shown[0].game.state == session.game.state
    # --headless never opens it
    code, out, _ = run([str(log), "--headless"])
    assert len(shown) == 1 and "moves" in out


def test_replay_falls_back_to_text_without_a_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "game.txt"
    log.write_text(played(None, moves=3).log_text(), encoding="utf-8")
    monkeypatch.setattr(replay, "table_replayer", lambda: None)
    code, out, _ = run([str(log)])
    assert code == 0 and "3 moves" in out


def _log_lines() -> list[str]:
    return played(None, moves=12).log_text().splitlines()


def _edit(lines: list[str], old: str, new: str) -> str:
    return "\n".join(new if line == old else line for line in lines)


def _bad_logs() -> list[tuple[str, str, str]]:
    lines = _log_lines()
    first_move = lines.index("moves:") + 1
    seat, move = lines[first_move].split(" ", 1)
    other_seat = "2" if seat != "2" else "3"
    return [
        ("empty", "", "no 'format:' line"),
        ("not a log", "hello world", "expected 'name: value'"),
        (
            "other format",
            _edit(lines, "format: ramigui-log 1", "format: pgn 7"),
            "line 3: unknown format",
        ),
        ("bad seed", _edit(lines, lines[5], "seed: many"), "line 6: seed"),
        ("bad options", _edit(lines, lines[4], "options: [1"), "line 5: options"),
        (
            "unknown variant",
            _edit(lines, "variant: rami51", "variant: belote"),
            "cannot set up the game",
        ),
        (
            "seat count",
            _edit(lines, "players: 3", "players: 4"),
            "line 7: players: 4, but 3 seat lines",
        ),
        ("bad seat line", _edit(lines, "seat 2: bot easy Bob", "seat 2: robot Bob"), "line 10"),
        ("bot level", _edit(lines, "seat 2: bot easy Bob", "seat 2: bot godlike Bob"), "line 10"),
        (
            "dealer out of range",
            _edit(lines, lines[7], "dealer: 4"),
            "line 8: dealer '4' is not a seat number from 1 to 3",
        ),
        ("dealer not a number", _edit(lines, lines[7], "dealer: ²"), "line 8: dealer '²'"),
        # no traceback on numbers int() refuses ("²", more than 4300 digits)
        ("huge seed", _edit(lines, lines[5], "seed: " + "9" * 5000), "line 6: seed '9999"),
        (
            "superscript seat",
            _edit(lines, lines[first_move], f"² {move}"),
            f"line {first_move + 1}: expected '<seat> <move>'",
        ),
        (
            "huge seat",
            _edit(lines, lines[first_move], "9" * 5000 + f" {move}"),
            f"line {first_move + 1}: expected '<seat> <move>'",
        ),
        (
            "huge meld number",
            "\n".join([*lines, f"{lines[-1].split()[0]} layoff 7H to {'9' * 5000}"]),
            f"line {len(lines) + 1}: 'layoff 7H to 999",
        ),
        (
            "deep options",
            _edit(lines, lines[4], "options: " + "[" * 100_000 + "]" * 100_000),
            "line 5: options",
        ),
        ("no moves line", "\n".join(lines[: first_move - 1]), "no 'moves:' line"),
        (
            "wrong turn",
            _edit(lines, lines[first_move], f"{other_seat} {move}"),
            f"line {first_move + 1}: seat {other_seat} played",
        ),
        (
            "no such seat",
            _edit(lines, lines[first_move], f"9 {move}"),
            f"line {first_move + 1}: seat 9 does not exist",
        ),
        (
            "illegal move",
            "\n".join([*lines, f"{lines[-1].split()[0]} discard 7X"]),
            f"line {len(lines) + 1}",
        ),
        (
            "bad move line",
            "\n".join([*lines, "draw"]),
            f"line {len(lines) + 1}: expected '<seat> <move>'",
        ),
    ]


@pytest.mark.parametrize(("case", "text", "message"), _bad_logs(), ids=[c[0] for c in _bad_logs()])
def test_bad_logs_exit_2_with_a_clear_message(tmp_path: Path, case: str, text: str, message: str) -> None:
    log = tmp_path / "bad.txt"
    log.write_text(text, encoding="utf-8")
    code, out, err = run([str(log), "--headless"])
    assert code == 2, case
    assert out == ""
    assert err.startswith(f"ramigui replay: {log}: ")
    assert message in err, err
    with pytest.raises(LogError):
        replay_log(text)


def test_bad_log_messages_are_one_short_line(tmp_path: Path) -> None:
    """Whatever the file holds, the message is one line a terminal shows whole."""
    for case, text, _ in _bad_logs():
        log = tmp_path / "bad.txt"
        log.write_text(text, encoding="utf-8")
        _, _, err = run([str(log), "--headless"])
        assert err.count("\n") == 1 and len(err) < 400, (case, err[:500])


def test_the_log_names_the_first_dealer(store: Store) -> None:
    session = played(store, moves=30)
    lines = session.log_text().splitlines()
    assert f"dealer: {session.game.first_dealer + 1}" in lines
    assert parse_log(session.log_text()).record.dealer == session.game.first_dealer


def test_a_log_without_a_dealer_line_was_dealt_by_the_last_seat() -> None:
    """Logs exported before the first dealer was drawn from the seed: the last seat dealt."""
    old = GameSession(Game.new("rami51", 3, 6, {"rounds": 3}, dealer=2), SEATS, None)
    rng = random.Random(6)
    for _ in range(40):
        old.play(str(rng.choice(old.game.legal_moves())))
    text = "\n".join(line for line in old.log_text().splitlines() if not line.startswith("dealer:"))
    assert replay_log(text).game.state == old.game.state


def test_a_pipe_is_refused_at_once(tmp_path: Path) -> None:
    """`ramigui replay` on a pipe nobody writes to: refused, not waited on forever."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    done = subprocess.run(
        [sys.executable, "-m", "ramigui", "replay", str(fifo), "--headless"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert (
        done.stderr
        == f"ramigui replay: {fifo}: not a regular file (a saved log is; a pipe, a device or a folder is not)\n"
    )
    code, _, err = run([str(tmp_path), "--headless"])
    assert code == 2 and err.startswith(f"ramigui replay: {tmp_path}: ")


def test_unreadable_files_exit_2(tmp_path: Path) -> None:
    code, _, err = run([str(tmp_path / "missing.txt"), "--headless"])
    assert code == 2 and "cannot read the file" in err
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\xff\xfe\x00\x01")
    code, _, err = run([str(binary), "--headless"])
    assert code == 2 and "not UTF-8" in err
    huge = tmp_path / "huge.txt"
    huge.write_bytes(b"#" * (MAX_LOG_BYTES + 1))
    code, _, err = run([str(huge), "--headless"])
    assert code == 2 and "larger than" in err


def test_the_command_line_entry_point(tmp_path: Path) -> None:
    log = tmp_path / "game.txt"
    log.write_text(played(None, moves=10).log_text(), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ramigui", "replay", str(log), "--headless"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert "10 moves" in done.stdout
    (tmp_path / "bad.txt").write_text("nonsense", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ramigui", "replay", str(tmp_path / "bad.txt")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "ramigui replay:" in done.stderr


def test_replay_of_a_finished_game_names_the_winner(tmp_path: Path) -> None:
    for seed in range(200):
        session = GameSession.new(GameSetup("rami51", SEATS[:2], {"rounds": 1}), None, seed=seed)
        rng = random.Random(seed)
        for _ in range(500):
            moves = session.game.legal_moves()
            putting_down = [m for m in moves if m.kind in ("meld", "layoff")]
            session.play(str(rng.choice(putting_down if putting_down and rng.random() < 0.5 else moves)))
            if session.game.game_over:
                break
        if session.game.game_over:
            break
    assert session.game.game_over
    log = tmp_path / "game.txt"
    log.write_text(session.log_text(), encoding="utf-8")
    code, out, _ = run([str(log), "--headless"])
    assert code == 0
    winners = ", ".join(SEATS[seat].name for seat in session.game.winners)
    assert out.splitlines()[-1] == f"winner: {winners}"
    assert "round 1: " in out
