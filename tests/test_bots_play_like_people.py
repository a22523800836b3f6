"""No level wins by a strategy a person would see through and exploit within a game: at the
tables families play (Gin heads-up, Rami 51 five rounds at four, Rami familial and Rami de
base at three), every level ends its share of rounds — it knocks, opens and goes out — and
no round is left going (the ladder prints the same figures per level: `ramigui.bots.ladder`).
Seeded games, so a failure names a real game; strength itself is the ladder's, never
asserted here."""

from __future__ import annotations

import pytest

from ramigui.bots.ladder import MATCHES, Match, play_match

TABLES = [m for m in MATCHES if not m.options and m.levels[0] == "hard" and "openspiel" not in m.levels
          and m.family in ("gin", "rummy")]


@pytest.mark.long
@pytest.mark.parametrize("match", TABLES, ids=lambda m: f"{m.table} {m.label}")
def test_every_level_ends_its_share_of_rounds_and_every_round_ends(match: Match) -> None:
    report = play_match(match, games=8, seed=77)
    assert report["abandoned"] == 0 and report["violations"] == 0, report["violation_examples"]
    par = 1 / match.players
    for level, figures in report["levels"].items():
        # Half its share at least: a level that never knocks, never opens or waits for a
        # rami sec while the others go out ends far fewer (hard ends more than its share).
        assert figures["ended_rate"] >= par / 2, (level, figures["ended_rate"])
        assert figures["turns_to_end"] <= 3 * report["turns_per_round"], (level, figures["turns_to_end"])
