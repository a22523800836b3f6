"""The strength ladder prints one row per match: games and hands won with their intervals,
points per hand, final scores and decision times (strength itself is never asserted here)."""

from __future__ import annotations

import importlib.util

import pytest

from ramigui.bots.ladder import COLUMNS, MATCHES, PLAY_COLUMNS, main, select


def run(*argv: str) -> str:
    lines: list[str] = []
    assert main(list(argv), out=lines.append) == 0
    return "\n".join(lines)


def test_a_match_prints_its_row() -> None:
    text = run("--family", "gin", "--match", "easy vs random", "--games", "2")
    header, first = text.splitlines()[:2]
    assert all(column in header for column in COLUMNS)
    assert first.startswith("gin") and "easy vs random" in first and "%" in first


def test_markdown_table_for_the_readme() -> None:
    text = run("--family", "gin", "--match", "easy vs random", "--games", "2", "--markdown")
    rows = [line for line in text.splitlines() if line.startswith("|")]
    assert len(rows) == 6 and rows[1].startswith("| ---") and rows[4].startswith("| ---")
    assert rows[2].count("|") == len(COLUMNS) + 1
    assert rows[5].count("|") == len(PLAY_COLUMNS) + 1


def test_how_each_level_plays_is_a_table_of_its_own() -> None:
    """Per level: the rounds it ended (out or knock), its knocks undercut, the points it held
    at a round's end and the turns of the rounds it ended."""
    text = run("--family", "gin", "--match", "medium vs easy", "--games", "4")
    lines = text.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("variant") and "undercut" in line)
    assert all(column in lines[header] for column in PLAY_COLUMNS)
    row = lines[header + 1]
    assert "medium vs easy" in row and row.count("%") == 4 and row.count(" vs ") == 5


def test_matches_are_data_and_selectable() -> None:
    gin = select(["gin"], None)
    assert gin and all(m.family == "gin" for m in gin)
    assert [m.label for m in select(["gin"], ["hard vs baseline"])] == ["hard vs baseline"]
    assert {m.family for m in MATCHES} >= {"gin", "rummy", "yami"}
    assert [m.players for m in select(["rummy"], ["hard vs 3 medium"])] == [4, 4]
    assert [(m.variant, m.options) for m in select(["rummy"], ["hard vs 2 medium"])] == [
        ("rami", ()),
        ("rami_base", ()),
    ]
    assert [m.table for m in select(None, ["hard vs medium"], ["rami51"])] == ["rami51"]
    assert [m.table for m in select(None, ["hard vs medium"], ["rami51 rounds=1"])] == ["rami51 rounds=1"]


def test_a_four_player_match_prints_one_score_per_level() -> None:
    text = run("--family", "rummy", "--match", "hard vs 3 medium", "--games", "1")
    assert len([line for line in text.splitlines() if line.startswith("rami51")]) == 4  # one round and five, two tables
    row = text.splitlines()[1]
    assert "hard vs 3 medium" in row and row.count(" vs ") == 3  # label, final scores, times: hard vs medium


@pytest.mark.long
def test_the_whole_ladder_runs_a_few_games() -> None:
    pyspiel = importlib.util.find_spec("pyspiel") is not None
    text = run("--games", "2")
    lines = [line for line in text.splitlines() if line.split(" ")[0] in {m.variant for m in MATCHES}]
    rows = [line for line in lines if "left out" not in line]
    left_out = [line for line in lines if "left out" in line]
    assert len(rows) == 2 * len([m for m in MATCHES if pyspiel or not m.needs_openspiel])
    assert len(left_out) == (0 if pyspiel else len([m for m in MATCHES if m.needs_openspiel]))
