"""`ramigui simulate`: runs every variant, prints its report (text and JSON), rotates seats,
counts a bot's illegal move as a violation (exit code 1) instead of crashing."""

from __future__ import annotations

import argparse
import json
import os

import pytest

from ramigui.cli import _simulate_parser, main
from ramigui.rules.moves import Move
from ramigui.rules.view import PlayerView
from ramigui.simulate import rotation, simulate, wilson
from ramigui.variants import all_variants

SOAK = os.environ.get("RAMIGUI_SOAK") == "1"


def args(*words: str):  # type: ignore[no-untyped-def]
    return _simulate_parser().parse_args(list(words))


@pytest.mark.parametrize("variant_id", [v.id for v in all_variants()])
def test_every_variant_simulates(variant_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    games = "20" if SOAK else "1"
    bots = "medium" if variant_id != "yami" else "medium,easy"
    option = (
        ["--option", "rounds=1"]
        if variant_id.startswith("rami")
        and variant_id not in ("rami_base", "rami_bloc", "rami_wrotham")
        else []
    )
    code = main(
        [
            "simulate",
            "--variant",
            variant_id,
            "--games",
            games,
            "--seed",
            "3",
            "--bots",
            bots,
            "--check",
            *option,
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "rule violations: 0" in out and "moves/s" in out and "turns per round" in out


def test_simulate_rami51_four_players_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--variant", "rami51", "--players", "4", "--games", "4", "--seed", "1",
                 "--bots", "hard,medium,easy,random", "--json", "--option", "rounds=1"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0
    assert report["games"] == 4 and report["violations"] == 0
    assert set(report["levels"]) == {"hard", "medium", "easy", "random"}
    for entry in report["levels"].values():
        assert entry["seats"] == 4  # every level sat in each of the four seats once
        low, high = entry["ci95"]
        assert low <= entry["win_rate"] <= high
        assert entry["decision_ms_p99"] >= entry["decision_ms_median"] >= 0


def test_rotation_puts_every_level_in_every_seat() -> None:
    levels = ["hard", "medium", "easy"]
    seats = [rotation(levels, shift) for shift in range(3)]
    for seat in range(3):
        assert sorted(s[seat] for s in seats) == sorted(levels)


def test_wilson_interval() -> None:
    low, high = wilson(60, 100)
    assert 0.50 < low < 0.6 < high < 0.70


class _Cheater:
    level = "medium"

    def choose(self, view: PlayerView) -> Move:
        return Move.parse("discard KS") if view.public.phase != "draw" else Move("take")


def test_illegal_bot_move_is_a_violation_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import ramigui.simulate as sim

    monkeypatch.setattr(sim, "make_bot", lambda variant, level, rng: _Cheater())
    monkeypatch.setattr(sim, "MAX_MOVES_PER_ROUND", 300)  # random rescues: the deal may go on long
    report = simulate(
        args(
            "--variant",
            "rami51",
            "--players",
            "2",
            "--games",
            "1",
            "--seed",
            "1",
            "--bots",
            "medium",
            "--option",
            "rounds=1",
        )
    )
    assert report["violations"] > 0
    monkeypatch.setattr(sim, "simulate", lambda a: report)
    assert main(["simulate"]) == 1


def test_bad_arguments_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "gin", "--players", "3", "--games", "1"]) == 2
    assert main(["simulate", "--bots", "grandmaster", "--games", "1"]) == 2


def test_games_shared_among_processes_give_the_same_figures() -> None:
    """`--jobs` (the ladder's): game i has the same deal, seating and bot secret in any
    process, so only the clock may differ from one process's run."""
    args = argparse.Namespace(
        variant="gin",
        players=2,
        games=5,
        seed=4,
        bots="easy,random",
        option=[],
        json=True,
        check=True,
    )

    def figures(report: dict[str, object]) -> dict[str, object]:
        levels = report["levels"]
        assert isinstance(levels, dict)
        kept = {k: v for k, v in report.items() if k not in ("seconds", "moves_per_second", "levels")}
        kept["levels"] = {
            lv: {k: v for k, v in e.items() if not k.startswith("decision_ms")}
            for lv, e in levels.items()
        }
        return kept

    one, two = simulate(args), simulate(args, jobs=2)
    assert figures(one) == figures(two)
    assert one["games"] == 5 and one["violations"] == 0
