"""`ramigui bench` prints its figures (speed targets live in benchmarks, not timed tests),
and each part keeps to its `--seconds` budget (checked on a fake clock, never timed)."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from ramigui.bench import Budget, bench_gin, bench_main, bench_rules


def fake_clock(step: float) -> Callable[[], float]:
    """A clock that moves on `step` seconds every time it is read: a budget that is never
    checked never ends, one that is checked ends after a known number of reads."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def test_budget_runs_out_on_its_clock() -> None:
    budget = Budget(1.0, fake_clock(0.25))
    assert [budget.running() for _ in range(5)] == [True, True, True, False, False]


def test_budget_shares_what_is_left() -> None:
    """A measurement's setup is paid by the ones after it (the ui and phone parts): each
    share is what is left split among the parts still to come, never under `least`."""
    now = [0.0]
    budget = Budget(3.0, lambda: now[0])
    assert budget.share(3) == 1.0
    now[0] = 1.5  # the first part and its setup took 1.5 s: the two others split 1.5 s
    assert budget.share(2) == 0.75
    now[0] = 3.5
    assert budget.share(1) == 0.0 and budget.share(1, least=0.05) == 0.05


def test_bench_rules_plays_real_moves_within_its_budget() -> None:
    figures = bench_rules(seconds=1.0, clock=fake_clock(0.002))
    # 60% of the budget for play, each move reads the clock about twice: ~150 moves.
    assert 50 <= figures["moves"] <= 400, figures
    assert figures["moves_per_second"] > 0
    assert 1 <= figures["legal_moves_calls"] <= 100 and figures["legal_moves_median_ms"] > 0
    assert figures["memory_moves_traced"] >= 1 and figures["peak_memory_mb_one_game"] > 0


def test_bench_gin_stops_on_its_budget() -> None:
    """The gin part used to run 100,000 hands whatever --seconds said."""
    figures = bench_gin(seconds=0.1, clock=fake_clock(0.01))  # 3 reads a batch of 200 hands
    assert figures["hands_10_cards"] <= 600 and figures["hands_11_cards"] <= 600
    assert figures["hands_per_second_10_cards"] > 0 and figures["masks_per_second_11_cards"] > 0


def test_bench_rules_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["rules", "--seconds", "0.3", "--json"]) == 0
    (figures,) = json.loads(capsys.readouterr().out)
    assert figures["moves"] > 0 and figures["moves_per_second"] > 0  # it once passed with 0 moves
    assert figures["seconds"] > 0
    assert bench_main(["rules", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "  moves_per_second: " in out and "  legal_moves_median_ms: " in out


@pytest.mark.parametrize("seconds", ["0", "-1", "banana", "1e9"])
def test_bench_refuses_a_senseless_budget(seconds: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        bench_main(["rules", "--seconds", seconds])
    assert exit_code.value.code == 2 and "--seconds" in capsys.readouterr().err


@pytest.mark.long  # 5 s of a 2-minute default run: the command's figures, checked in the long step
def test_bench_ui_reports_every_figure_beside_its_target(capsys: pytest.CaptureFixture[str]) -> None:
    """A 0.2-second run through `ramigui bench ui --size 1024x600 --json`: every figure present
    and of a sane type (timings are printed for people to read, never asserted), and the
    animation really animates: ten moves, a hundred frames with a card in flight."""
    assert bench_main(["ui", "--seconds", "0.2", "--size", "1024x600", "--json"]) == 0
    (figures,) = json.loads(capsys.readouterr().out)
    assert figures["size"] == "1024x600"
    measured = ("idle_cpu_percent_of_one_core", "redraw_median_ms", "redraw_p95_ms", "redraw_all_anew_median_ms",
                "animate_fps_median", "animate_fps_p5", "animate_frame_work_p95_ms", "start_to_first_frame_s",
                "bare_blit_flip_median_ms", "bare_blit_flip_p95_ms", "key_frame_median_ms")
    for key in measured:
        assert isinstance(figures[key], (int, float)) and figures[key] >= 0, key
    for target in ("idle_cpu_target", "redraw_target", "animate_fps_target", "start_to_first_frame_target",
                   "key_frame_target"):
        assert isinstance(figures[target], str) and figures[target], target
    assert figures["redraw_melds_on_table"] == 15
    assert figures["redraw_p95_ms"] >= figures["redraw_median_ms"]
    assert figures["animate_frames"] > 0
    assert figures["animate_moves_played"] >= 10 and figures["animate_frames_with_flights"] >= 100


def test_the_redraw_target_is_issue_24s_at_1080p_and_4k_and_in_proportion_between() -> None:
    from ramigui.ui.bench import redraw_target_ms

    assert redraw_target_ms((1920, 1080)) == 4.0 and redraw_target_ms((3840, 2160)) == 12.0
    assert redraw_target_ms((1024, 600)) == 4.0 and 4.0 < redraw_target_ms((2560, 1440)) < 12.0


def test_bench_refuses_a_window_it_cannot_lay_out(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_code:
        bench_main(["ui", "--size", "10x10"])
    assert exit_code.value.code == 2 and "--size" in capsys.readouterr().err
