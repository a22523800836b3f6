"""`ramigui bench` prints its figures (speed targets live in benchmarks, not timed tests)."""

from __future__ import annotations

import json

import pytest

from ramigui.bench import bench_main


def test_bench_rules_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["rules", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "moves_per_second" in out and "median_ms" in out


def test_bench_ui_reports_every_figure_beside_its_target(capsys: pytest.CaptureFixture[str]) -> None:
    """A 0.2-second run through `ramigui bench ui --json`: every figure present and of a sane
    type (timings are printed for people to read, never asserted)."""
    assert bench_main(["ui", "--seconds", "0.2", "--json"]) == 0
    (figures,) = json.loads(capsys.readouterr().out)
    measured = ("idle_cpu_percent_of_one_core", "redraw_median_ms", "redraw_p95_ms", "animate_fps_median",
                "animate_fps_p5", "start_to_first_frame_s")
    for key in measured:
        assert isinstance(figures[key], (int, float)) and figures[key] >= 0, key
    for target in ("idle_cpu_target", "redraw_target", "animate_fps_target", "start_to_first_frame_target"):
        assert isinstance(figures[target], str) and figures[target], target
    assert figures["redraw_melds_on_table"] == 15
    assert figures["redraw_p95_ms"] >= figures["redraw_median_ms"]
    assert figures["animate_frames"] > 0
