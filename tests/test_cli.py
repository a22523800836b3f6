"""The `ramigui` command line: a bad argument is one line on stderr and exit 2 —
never a traceback, never a value quietly changed — and `--help` says what there is."""

from __future__ import annotations

import argparse
import contextlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from ramigui import cli
from ramigui.variants import catalogue

IDS = catalogue().ids()


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run `ramigui ARGV` in this process; it must stop with status 2 and one line on stderr,
    nothing on stdout, and no window opened. Returns that line."""
    try:
        code = cli.main(argv)
    except SystemExit as stopped:
        code = stopped.code  # type: ignore[assignment]
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err, (argv, err)
    return err


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(options: object) -> int:
        raise AssertionError(f"the window opened for {options}")

    monkeypatch.setattr("ramigui.ui.launch.run_app", refuse)


def test_an_unknown_variant_lists_the_known_ones(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--variant", "nosuch"], ["--demo", "--variant", "nope"], ["--humans", "2", "--variant", "x"]):
        line = usage_error(argv, capsys)
        assert line.startswith(f"ramigui: unknown variant '{argv[-1]}'; known: {', '.join(IDS)}"), line


@pytest.mark.parametrize(("argv", "says"), [
    (["--players", "9"], "--players: 9 is not a number of players from 2 to 8"),
    (["--variant", "gin", "--players", "3"], "--players: gin is played by 2 players, not 3"),
    (["--variant", "gin", "--humans", "3"], "--humans: 3 people for 2 seats"),
    (["--size", "banana"], "--size: 'banana' is not a window size"),
    (["--size", "100x100"], "--size: 100x100 is not a window size from 640x400"),
    (["--seed", "-1"], "--seed: -1 is not a seed from 0"),
    (["--seed", "9" * 5000], "--seed: '9999"),
    (["--players", "²"], "--players: '²' is not a number of players"),
    (["frobnicate"], "unknown command 'frobnicate'; the commands are simulate, screenshot, replay"),
])
def test_the_game_refuses_bad_arguments_before_its_window(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert says in usage_error(argv, capsys)


@pytest.mark.parametrize(("argv", "says"), [
    (["--games", "-1"], "--games: -1 is not a number of games from 1"),
    (["--games", "0"], "--games: 0 is not a number of games from 1"),
    (["--players", "9"], "--players: 9 is not a number of players from 2 to 8"),
    (["--variant", "gin", "--players", "3"], "gin is played by 2 players, not 3"),
    (["--size", "banana"], "unrecognized arguments: --size banana"),
    (["--variant", "nosuch"], "unknown variant 'nosuch'; known: rami, "),
    (["--bots", "godlike"], "unknown bot level 'godlike'"),
    (["--option", "stock_end"], "--option: option 'stock_end': write it as NAME=VALUE"),
    (["--variant", "rami_base", "--option", "stock_end=nope"], "'options.stock_end'"),
    (["--seed", "x"], "--seed: 'x' is not a seed"),
])
@pytest.mark.parametrize("json", [False, True])
def test_simulate_refuses_bad_arguments_on_stderr(
    argv: list[str], says: str, json: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refused, not changed (`--games -1` used to play no game, `--players 9` …), and the
    message goes to stderr even with --json: stdout is the report's."""
    line = usage_error(["simulate", *argv, *(["--json"] if json else [])], capsys)
    assert line.startswith("ramigui simulate: ") and says in line, line


@pytest.mark.parametrize(("argv", "says"), [
    (["out.png", "--size", "banana"], "--size: 'banana' is not a window size"),
    (["out.png", "--players", "9"], "--players: 9 is not a number of players"),
    (["out.png", "--variant", "nosuch"], "unknown variant 'nosuch'; known: rami, "),
    (["out.png", "--moves", "-5"], "--moves: -5 is not a number of moves"),
    (["out.png", "--back", "purple"], "--back: invalid choice: 'purple'"),
])
def test_screenshot_refuses_bad_arguments(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert says in usage_error(["screenshot", *argv], capsys)


@contextlib.contextmanager
def unwritable(path: Path) -> Iterator[Path]:
    """A file this process cannot write: read-only, or immutable when running as root (whom
    a read-only mode does not stop); skipped when the file system allows neither."""
    path.write_bytes(b"kept")
    path.chmod(0o444)
    if not os.access(path, os.W_OK):
        yield path
        return
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True, check=False).returncode == 0
    if not made:
        pytest.skip("no way to make a file this process cannot write")
    try:
        yield path
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


@pytest.mark.parametrize("case", ["folder", "missing folder", "file as folder", "empty", "unwritable file"])
def test_screenshot_to_a_path_it_cannot_write_says_so_before_drawing(
        case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """`ramigui screenshot OUT` once drew the table, then stopped in a pygame traceback."""
    def no_drawing(*_: object) -> None:
        raise AssertionError("the table was drawn before OUT was checked")

    monkeypatch.setattr("ramigui.ui.shots._show", no_drawing)
    (tmp_path / "a file").write_text("x")
    out, says = {
        "folder": (tmp_path, f"'{tmp_path}' is a folder: name a file in it"),
        "missing folder": (tmp_path / "nosuch" / "x.png", f"there is no folder '{tmp_path / 'nosuch'}'"),
        "file as folder": (tmp_path / "a file" / "x.png", "there is no folder"),
        "empty": ("", "give the name of the file to write"),
        "unwritable file": (tmp_path / "ro.png", "cannot be written"),
    }[case]
    with unwritable(tmp_path / "ro.png") if case == "unwritable file" else contextlib.nullcontext():
        line = usage_error(["screenshot", str(out), "--moves", "0"], capsys)
    assert line.startswith("ramigui screenshot: argument OUT: ") and says in line, line
    if case == "unwritable file":
        assert (tmp_path / "ro.png").read_bytes() == b"kept"


def test_screenshot_a_failed_save_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """The disk may fill between the check and the save: one line, exit 2, still."""
    def full(*_: object) -> None:
        raise pygame.error("No space left on device")

    monkeypatch.setattr(pygame.image, "save", full)
    line = usage_error(["screenshot", str(tmp_path / "x.png"), "--moves", "0", "--size", "800x600"], capsys)
    assert line == f"ramigui screenshot: '{tmp_path / 'x.png'}' cannot be written (No space left on device)\n"


@pytest.mark.parametrize(("argv", "says"), [
    (["--bots", "nosuch"], "argument --bots: invalid choice: 'nosuch' (choose from "),
    (["--bot-delay", "inf"], "argument --bot-delay: 'inf' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "1e999"], "argument --bot-delay: '1e999' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "nan"], "argument --bot-delay: 'nan' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "-1"], "argument --bot-delay: '-1' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "61"], "argument --bot-delay: '61' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "soon"], "argument --bot-delay: 'soon' is not a number of seconds"),
    (["--linger", "-0.5"], "argument --linger: '-0.5' is not a number of seconds from 0 to 3600"),
    (["--linger", "inf"], "argument --linger: 'inf' is not a number of seconds from 0 to 3600"),
    (["--variant", "nosuch"], "unknown variant 'nosuch'; known: rami, "),
    (["--players", "9"], "argument --players: 9 is not a number of players from 2 to 8"),
    (["--variant", "gin", "--players", "3"], "argument --players: gin is played by 2 players, not 3"),
    (["--variant", "gin", "--phones", "3"], "argument --phones: 3 phones for 2 seats"),
    (["--phones", "0"], "argument --phones: 0 is not a number of phones from 1 to 8"),
    (["--port", "70000"], "argument --port: 70000 is not a port from 0 to 65535"),
    (["--seed", "-1"], "argument --seed: -1 is not a seed from 0"),
    (["--lang", "de"], "argument --lang: invalid choice: 'de'"),
])
def test_host_refuses_bad_arguments(argv: list[str], says: str, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """`--bots nosuch` was a traceback; `--bot-delay inf` was taken, then stopped the game at the
    first bot move; a negative or nan delay was taken. Each is refused before a port opens."""
    def no_server(*_: object, **__: object) -> None:
        raise AssertionError("the host started serving")

    monkeypatch.setattr("ramigui.phone.host.PhoneHost", no_server)
    line = usage_error(["host", *argv, "--bind", "127.0.0.1"], capsys)
    assert line.startswith("ramigui host: ") and says in line, line


def test_host_takes_good_delays() -> None:
    from ramigui.phone.host import host_parser

    args = host_parser().parse_args(["--bot-delay", "0.25", "--linger", "0", "--bots", "hard"])
    assert (args.bot_delay, args.linger, args.bots) == (0.25, 0.0, "hard")


@pytest.mark.parametrize("argv", [["--seconds", "0"], ["--seconds", "nan"], ["ui", "--seconds", "-2"], ["sideways"]])
def test_bench_refuses_bad_arguments(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert usage_error(["bench", *argv], capsys).startswith("ramigui bench: ")


def test_the_real_command_never_shows_a_traceback() -> None:
    """`ramigui --variant nosuch` used to open the window, then die in a traceback."""
    greeting_allowed = {k: v for k, v in os.environ.items() if k != "PYGAME_HIDE_SUPPORT_PROMPT"}  # conftest hides it
    for argv in (["--variant", "nosuch"], ["--demo", "--variant", "nope"], ["simulate", "--games", "-1", "--json"],
                 ["screenshot", "--size", "banana", "shot.png"]):  # screenshot printed pygame's greeting first
        done = subprocess.run([sys.executable, "-m", "ramigui", *argv], capture_output=True, text=True, timeout=120,
                              env=greeting_allowed)
        assert done.returncode == 2, done.stderr
        assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def _parsers() -> dict[str, argparse.ArgumentParser]:
    from ramigui import replay, variant_list
    from ramigui.bench import bench_parser
    from ramigui.phone.host import host_parser
    from ramigui.ui import shots

    return {
        "ramigui": cli._game_parser(),
        "simulate": cli._simulate_parser(),
        "screenshot": shots._parser(),
        "replay": replay._parser(),
        "host": host_parser(),
        "bench": bench_parser(),
        "variants": variant_list.variants_parser(),
    }


def test_every_option_of_every_command_says_what_it_does() -> None:
    for name, parser in _parsers().items():
        for action in parser._actions:
            if action.help == argparse.SUPPRESS:
                continue
            assert action.help and len(action.help) > 8, f"{name} {action.option_strings or action.dest}"


def test_help_lists_the_commands_and_the_variants(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.main(["--help"])
    assert stopped.value.code == 0
    text = capsys.readouterr().out
    commands = text.split("commands ('ramigui COMMAND --help' for each):\n")[1].split("\n\n")[0].splitlines()
    assert [line.split()[0] for line in commands] == [
        "simulate",
        "screenshot",
        "replay",
        "verify",
        "host",
        "bench",
        "variants",
    ]
    assert all(len(line.split(None, 1)[1]) > 20 for line in commands)  # one line of what each does
    assert ", ".join(IDS) in text.replace("\n  ", " ")


def test_variants_lists_every_id_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["variants"]) == 0
    text = capsys.readouterr().out
    heads = [line for line in text.splitlines() if not line.startswith(" ")]
    assert [line.split(" — ")[0] for line in heads] == IDS
    assert "rami_base — Basic Rummy (2–6 players, seed 003)" in heads
    assert "    stock_end=turn_over|shuffle|turn_over_3|shuffle_3|turn_over_once  " in text
    assert cli.main(["variants", "--lang", "fr"]) == 0
    assert "rami — Rami familial (2–6 players, seed 000)" in capsys.readouterr().out


def test_random_yami_players_finish_their_games(capsys: pytest.CaptureFixture[str]) -> None:
    """`simulate --variant yami --players 3` with random bots ran 286 s and stopped in round
    16 "still going after 20000 moves": random Yami players now finish every game."""
    code = cli.main(["simulate", "--variant", "yami", "--players", "3", "--games", "1", "--json"])
    import json

    report = json.loads(capsys.readouterr().out)
    assert code == 0 and report["games"] == 1 and report["abandoned"] == 0 and report["violations"] == 0
    assert report["rounds"] == 16 and report["turns_per_round"] < 200


def test_options_before_a_commands_name_are_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`ramigui --lang fr host …` answered "unrecognized arguments: host --phones 1", as if
    "host" were a stray word of the game's options (a newcomer's finding): options written
    before a command's name are the command's."""
    from ramigui.cli import main

    assert main(["variants", "--lang", "fr"]) == 0
    after = capsys.readouterr().out
    assert main(["--lang", "fr", "variants"]) == 0
    before = capsys.readouterr()
    assert before.out == after and "Rami familial" in after and not before.err
