"""The strength ladder, measured: `python -m ramigui.bots.ladder [--games N] [--family F] [--jobs J] [--markdown]`.

The ladder is a list of matches (`MATCHES`), each a variant, the levels at the table and
the house options. Every match is played by `ramigui simulate` — each deal once per seating,
the levels rotated round the table so every level gets the same cards from every seat —
and printed as one row: games won with the 95% Wilson interval, hands won (of the hands
someone won: void rounds are neither) with theirs, void rounds, points per hand against the
table with a 95% interval, mean final scores, and each level's decision times in CPU ms
(median / p99). A step of the ladder holds when its low end is above 50% (at a table of
four, par is 25%: the measured level against three of another). Yami's final scores are its
mean totals (400 at most).

A second table says how each level plays, so that no level wins by a habit a person would
read and punish within a game (never knocking, never opening, waiting forever for a rami):
the share of its rounds it ended (went out or knocked), the share of its knocks undercut,
the points it held when a round ended, and the length in turns of the rounds it ended.

Rummy is measured both in one-round games (`rounds=1`: only going out counts) and in the
games a family plays (Rami 51 over five rounds, Rami familial and Rami de base at three).
Gin is measured against `baseline` and against OpenSpiel's own SimpleGinRummyBot
(`openspiel`, `ramigui.bots.openspiel_gin`), whose rows are left out when OpenSpiel is not
installed (`pip install -e '.[bench]'`).

Adding a match (another family, four players, another pairing) is one line in `MATCHES`.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Match:
    """One row of the ladder: `levels` sit at a `variant` table with `options`; the first
    level is the one the row measures."""

    family: str
    variant: str
    levels: tuple[str, ...]
    options: tuple[str, ...] = ()

    @property
    def table(self) -> str:
        """The variant with its house options: "rami51", "rami51 rounds=1"."""
        return self.variant + "".join(f" {o}" for o in self.options)

    @property
    def needs_openspiel(self) -> bool:
        """Whether a seat is OpenSpiel's bot (the `bench` extra must be installed)."""
        return "openspiel" in self.levels

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def label(self) -> str:
        """"hard vs medium", or "hard vs 3 medium" at a table of one level against three."""
        first, *rest = self.levels
        if len(rest) > 1 and len(set(rest)) == 1:
            return f"{first} vs {len(rest)} {rest[0]}"
        return f"{first} vs {','.join(rest)}"


MATCHES: tuple[Match, ...] = (
    Match("gin", "gin", ("hard", "baseline")),
    Match("gin", "gin", ("medium", "baseline")),
    Match("gin", "gin", ("hard", "openspiel")),
    Match("gin", "gin", ("medium", "openspiel")),
    Match("gin", "gin", ("hard", "medium")),
    Match("gin", "gin", ("medium", "easy")),
    Match("gin", "gin", ("easy", "random")),
    Match("rummy", "rami51", ("hard", "medium"), ("rounds=1",)),
    Match("rummy", "rami51", ("hard", "medium", "medium", "medium"), ("rounds=1",)),
    Match("rummy", "rami51", ("medium", "easy"), ("rounds=1",)),
    Match("rummy", "rami51", ("easy", "random"), ("rounds=1",)),
    Match("rummy", "rami51", ("hard", "medium")),
    Match("rummy", "rami51", ("hard", "medium", "medium", "medium")),
    Match("rummy", "rami", ("hard", "medium", "medium")),
    Match("rummy", "rami_base", ("hard", "medium", "medium")),
    Match("rummy", "rami_wrotham", ("hard", "medium")),
    Match("yami", "yami", ("hard", "medium")),
    Match("yami", "yami", ("medium", "easy")),
    Match("yami", "yami", ("easy", "random")),
)


LISTED_VIOLATIONS = 5
"""The first violations of a match printed under its count, with the seeds that replay them."""


def play_match(match: Match, games: int, seed: int, jobs: int = 1) -> dict[str, Any]:
    """The `ramigui simulate` report of one match (its games shared among `jobs` processes)."""
    from ramigui.simulate import simulate

    args = argparse.Namespace(
        variant=match.variant, players=match.players, games=games, seed=seed, bots=",".join(match.levels),
        option=list(match.options), json=True, check=False,
    )
    return simulate(args, jobs)


def _percent(rate: float, interval: Sequence[float]) -> str:
    low, high = interval
    return f"{rate:.1%} [{low:.1%}, {high:.1%}]"


def row(match: Match, report: dict[str, Any]) -> dict[str, str]:
    """One printed row of the ladder (texts keyed by column)."""
    levels = report["levels"]
    top = levels[match.levels[0]]
    rest = dict.fromkeys(match.levels[1:])
    low, high = top["margin_ci95"]
    order = (match.levels[0], *rest)

    def each(key: str, form: str) -> str:
        return " vs ".join(format(levels[lv][key], form) for lv in order)

    return {
        "variant": match.table,
        "match": match.label,
        "games": str(report["games"]),
        "games won": _percent(top["win_rate"], top["ci95"]),
        "hands": str(top["hands"]),
        "hands won": _percent(top["hand_win_rate"], top["hand_ci95"]),
        "void": f"{report['void_rounds'] / report['rounds']:.1%}" if report["rounds"] else "-",
        "points/hand": f"{top['margin_per_hand']:+.2f} [{low:+.2f}, {high:+.2f}]",
        "final score": " vs ".join(f"{levels[lv]['final_score']:.0f}" for lv in (match.levels[0], *rest)),
        "ms p50/p99 (CPU)": " vs ".join(
            f"{levels[lv]['decision_ms_median']:.1f}/{levels[lv]['decision_ms_p99']:.1f}" for lv in order
        ),
        "ends": each("ended_rate", ".0%"),
        "undercut": each("undercut_rate", ".0%"),
        "hand left": each("hand_left", ".1f"),
        "turns": each("turns_to_end", ".1f"),
    }


COLUMNS = (
    "variant",
    "match",
    "games",
    "games won",
    "hands",
    "hands won",
    "void",
    "points/hand",
    "final score",
    "ms p50/p99 (CPU)",
)
PLAY_COLUMNS = ("variant", "match", "ends", "undercut", "hand left", "turns")
"""How each level plays (the second table): the share of its rounds it ended by going out or
knocking, the share of its knocks undercut, the points it held when a round ended and the
length in turns of the rounds it ended."""


def format_table(rows: Sequence[dict[str, str]], markdown: bool = False, columns: Sequence[str] = COLUMNS) -> str:
    """The rows as an aligned text table, or as a Markdown table for the README."""
    if markdown:
        lines = ["| " + " | ".join(columns) + " |", "|" + "|".join(" --- " for _ in columns) + "|"]
        lines += ["| " + " | ".join(r[c] for c in columns) + " |" for r in rows]
        return "\n".join(lines)
    widths = {c: max(len(c), *(len(r[c]) for r in rows)) for c in columns}
    lines = ["  ".join(c.ljust(widths[c]) for c in columns)]
    lines += ["  ".join(r[c].ljust(widths[c]) for c in columns) for r in rows]
    return "\n".join(lines)


def select(
    families: Sequence[str] | None,
    labels: Sequence[str] | None,
    tables: Sequence[str] | None = None,
) -> list[Match]:
    """The matches of the given families (all by default), narrowed to the given labels
    ("hard vs medium") and tables ("rami51", "rami51 rounds=1") when some are given."""
    chosen = [m for m in MATCHES if not families or m.family in families]
    if labels:
        chosen = [m for m in chosen if m.label in labels]
    if tables:
        chosen = [m for m in chosen if m.table in tables]
    return chosen


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="python -m ramigui.bots.ladder")
    parser.add_argument("--games", type=int, default=2000, help="games per match (each deal played once per seating)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--family", choices=sorted({m.family for m in MATCHES}), action="append")
    parser.add_argument("--match", action="append", help="only this match, e.g. 'hard vs baseline' (repeatable)")
    parser.add_argument(
        "--table",
        action="append",
        help="only this variant and options, e.g. 'rami51' or 'rami51 rounds=1' (repeatable)",
    )
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table (the README's)")
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing each match's games (same figures)")
    args = parser.parse_args(argv)
    matches = select(args.family, args.match, args.table)
    if not matches:
        parser.error("no match of the ladder is selected")
    rows: list[dict[str, str]] = []
    for match in matches:
        if match.needs_openspiel and importlib.util.find_spec("pyspiel") is None:
            out(f"{match.variant} {match.label}: left out, OpenSpiel is not installed (pip install -e '.[bench]')")
            continue
        report = play_match(match, args.games, args.seed, args.jobs)
        rows.append(row(match, report))
        if report["violations"]:
            out(f"{match.variant} {match.label}: {report['violations']} rule violations")
            out("\n".join(f"  {text}" for text in report["violation_examples"][:LISTED_VIOLATIONS]))
        if not args.markdown:
            print(f"  … {match.variant} {match.label} done", file=sys.stderr, flush=True)
    if not rows:
        return 0
    out(format_table(rows, args.markdown))
    out(format_table(rows, args.markdown, PLAY_COLUMNS))
    out("games won and hands won (void rounds left out): 95% Wilson intervals; points/hand: the first level's "
        "points minus the others', per hand, 95% interval; times: CPU per decision")
    return 0


if __name__ == "__main__":
    sys.exit(main())
