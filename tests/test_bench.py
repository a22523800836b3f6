"""`ramigui bench` prints its figures (speed targets live in benchmarks, not timed tests)."""

from __future__ import annotations

import pytest

from ramigui.bench import bench_main


def test_bench_rules_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["rules", "--seconds", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "moves_per_second" in out and "median_ms" in out
